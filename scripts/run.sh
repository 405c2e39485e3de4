#!/usr/bin/env bash
# Installs what is missing, builds, and starts the product on its embedded default: SQLite under
# ./data, the dev providers and the demo catalogue, at http://127.0.0.1:8080 (APP_LISTEN to change).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

need_toolchains
web_deps
step "building the web app"
(cd web && npm run --silent build)
step "building the server"
cargo build --bin booking
step "starting on http://${APP_LISTEN:-127.0.0.1:8080}"
exec ./target/debug/booking serve
