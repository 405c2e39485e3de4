#!/usr/bin/env bash
# Installs what is missing, builds, and starts the product on its embedded default: SQLite under
# ./data, the dev providers and the demo catalogue, at http://127.0.0.1:8080 (APP_LISTEN to change),
# with a local identity provider on the next port for 「測試登入」.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

need_toolchains
web_deps
step "building the web app"
(cd web && npm run --silent build)
step "building the server"
cargo build --bin booking
listen="${APP_LISTEN:-127.0.0.1:8080}"
# Sign-in with an identity provider without an account anywhere: a local OpenID Connect provider
# (the one the tests use) as 「測試登入」, unless providers are configured already.
if [ -z "${APP_OIDC_PROVIDERS:-}" ]; then
  idp_port=$(( ${listen##*:} + 1 ))
  (cd web && OIDC_TEST_IDS=test OIDC_TEST_PORTS="$idp_port" OIDC_TEST_SITE="http://$listen" \
    exec node scripts/oidc-provider.mjs >/dev/null 2>&1) &
  idp=$!
  trap 'kill $idp 2>/dev/null' EXIT
  export APP_OIDC_PROVIDERS=test APP_OIDC_TEST_NAME=測試登入 APP_OIDC_TEST_NAME_VI="Đăng nhập thử" \
    APP_OIDC_TEST_NAME_EN="Test sign-in" APP_OIDC_TEST_CLIENT_ID=booking \
    APP_OIDC_TEST_CLIENT_SECRET=secret-test APP_OIDC_TEST_ISSUER="http://127.0.0.1:$idp_port"
  for _ in $(seq 50); do
    curl -sf "http://127.0.0.1:$idp_port/.well-known/openid-configuration" >/dev/null && break
    sleep 0.2
  done
fi
step "starting on http://$listen"
./target/debug/booking serve
