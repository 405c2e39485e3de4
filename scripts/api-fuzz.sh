#!/usr/bin/env bash
# Property-based fuzzing of the REST shim from its own OpenAPI document (/api/openapi.json) with
# schemathesis: examples from every operation's schema, edge cases, then stateful sequences, as a
# signed-in customer. The one check is the one we promise: no answer is a 5xx. Needs the debug
# server built (`cargo build --bin booking`); installs schemathesis with pip when missing.
# Arguments: EXAMPLES per operation (default 50).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
examples=${1:-50}
command -v st >/dev/null || { step "installing schemathesis (pip)"; python3 -m pip install -q 'schemathesis==4.32.5'; hash -r; }

# Sign-ups are not throttled here: the fuzzer signs up again and again from one address.
serve_scratch target/debug/booking APP_SIGN_UPS_PER_ADDRESS_HOUR=1000000
token=$(curl -fs -X POST "$base/api/auth/sign-up" -H 'content-type: application/json' \
  -d '{"email":"fuzz@example.com","password":"fuzz-password"}' |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["idToken"])')
cd "$scratch"
st run "$base/api/openapi.json" --url "$base" --checks not_a_server_error \
  --max-examples "$examples" --seed 1 --header "Authorization-Firebase: $token" --no-color
