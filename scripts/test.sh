#!/usr/bin/env bash
# Runs every check and test: style and lints (Rust, TypeScript, protobuf); Rust unit, repository and
# API tests on SQLite and PostgreSQL; web unit tests (Vitest); browser tests (Playwright in Debian's
# Chromium against the real server); the fault run (bench/faults.rs); 1,000 live streams
# (bench/streams.rs); the growth bench's short form (bench/growth.rs: the hot paths at 2,000 and
# 20,000 orders, each within 1.5× of its first figure); where-is-my-driver at 200 partners
# (bench/positions.rs); automatic dispatch simulated, short form (bench/dispatch.rs); the side-by-side with PocketBase's short form (bench/pocketbase.rs: ratios
# above floors); the cluster run (bench/cluster.rs); schemathesis against the REST shim's
# OpenAPI document. Installs what is missing first. Ends with each runner's own summary and one
# total line.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
started=$(date +%s)
reports="$ROOT/target/test-reports"
mkdir -p "$reports"

need_toolchains
web_deps
browser_deps
cluster_deps
bench_deps
postgres_up

step "protobuf: buf lint, buf breaking, buf generate"
(cd web && npm run --silent lint:proto && npm run --silent gen)
# The contract now against its previous version in history (the last earlier commit touching proto/).
previous=$(git log --format=%H -- proto | sed -n 2p)
if [ -n "$previous" ]; then web/node_modules/.bin/buf breaking --against ".git#ref=$previous"; fi

step "web: tsc, eslint, build"
(cd web && npx tsc --noEmit -p tsconfig.json && npx tsc --noEmit -p tsconfig.node.json)
(cd web && npx eslint --max-warnings 0 .)
(cd web && node scripts/build.mjs --quiet)

step "rust: fmt, clippy"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --locked -- -D warnings

step "rust: tests (SQLite and PostgreSQL)"
cargo test --workspace --locked 2>&1 | tee "$reports/cargo.log"

step "web: unit tests (Vitest)"
(cd web && npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json")

step "web: browser tests (Playwright, Chromium, the real server)"
cargo build --bin booking --locked
(cd web && BOOKING_BIN="$ROOT/target/debug/booking" PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
  npx playwright test --reporter=list,json)

step "faults: SIGKILL under order and payment load, PostgreSQL restarted under load"
cargo build --bin booking --bin faults --locked
target/debug/faults 3 2>&1 | tee "$reports/faults.log"

step "streams: 1,000 idle live streams, their memory and one change fanned out to all"
cargo build --bin booking --bin streams --locked
target/debug/streams 1000 2>&1 | tee "$reports/streams.log"

step "growth: each hot path at 2,000 and 20,000 orders, within 1.5× of its first figure"
cargo build --bin booking --bin growth --locked
target/debug/growth 2000,20000 40 0 2>&1 | tee "$reports/growth.log"

step "positions: 200 partners reporting every 5 s, 200 customers watching (p99 ≤ 1 s, ≥ 99% seen)"
cargo build --bin booking --bin positions --locked
target/debug/positions 200 20 2>&1 | tee "$reports/positions.log"

step "dispatch, short form: two days of 100 orders against 30 partners, simulated (bench/dispatch.rs)"
cargo build --bin dispatch --locked
target/debug/dispatch 100 30 2 2>&1 | tee "$reports/dispatch.log"

step "side by side with PocketBase, short form: each ratio above its floor (bench/pocketbase.rs)"
cargo build --bin booking --bin pocketbase --locked
BENCH_SHORT=1 target/debug/pocketbase 2 16 1 2>&1 | tee "$reports/pocketbase.log"

step "cluster: three nodes on one PostgreSQL behind HAProxy, with S3-compatible storage"
cargo build --bin booking --bin cluster --locked
target/debug/cluster 2>&1 | tee "$reports/cluster.log"

step "REST: schemathesis from /api/openapi.json, no 5xx"
./scripts/api-fuzz.sh 50 2>&1 | tee "$reports/schemathesis.log"

python3 - "$reports" "$(( $(date +%s) - started ))" <<'PY'
import json, re, sys
reports, seconds = sys.argv[1], sys.argv[2]
cargo = [tuple(map(int, m)) for m in re.findall(r"test result: \w+\. (\d+) passed; (\d+) failed", open(f"{reports}/cargo.log").read())]
vitest = json.load(open(f"{reports}/vitest.json"))
pw = json.load(open(f"{reports}/playwright.json"))["stats"]
rows = [("cargo", sum(p for p, _ in cargo), sum(f for _, f in cargo)),
        ("vitest", vitest["numPassedTests"], vitest["numFailedTests"]),
        ("playwright", pw["expected"], pw["unexpected"] + pw["flaky"])]
faults = open(f"{reports}/faults.log").read()
st = re.search(r"(\d+) generated, (\d+) passed(?:, (\d+) failed)?", open(f"{reports}/schemathesis.log").read())
rows.append(("schemathesis", int(st.group(2)), int(st.group(3) or 0)) if st else ("schemathesis", 0, 1))
rows.append(("faults", faults.count("nothing lost") + faults.count("same server process"),
             faults.count("PROBLEMS") + faults.count("FAILED")))
streams = open(f"{reports}/streams.log").read()
rows.append(("streams", streams.count("within bounds"), streams.count("FAILED")))
growth = open(f"{reports}/growth.log").read()
rows.append(("growth", growth.count("| met |"), growth.count("| NO |")))
positions = open(f"{reports}/positions.log").read()
rows.append(("positions", positions.count("within the goal"), positions.count("FAILED")))
dispatch = open(f"{reports}/dispatch.log").read()
rows.append(("dispatch", dispatch.count("bound met"), dispatch.count("FAILED")))
pocketbase = open(f"{reports}/pocketbase.log").read()
rows.append(("pocketbase", pocketbase.count("| yes |"), pocketbase.count("| NO |")))
cluster = open(f"{reports}/cluster.log").read()
rows.append(("cluster", cluster.count("all checks passed"), cluster.count("PROBLEM") + cluster.count("FAILED")))
for name, p, f in rows:
    print(f"{name}: {p} passed, {f} failed")
print(f"(all checks in {seconds} s)")
print(f"total: {sum(r[1] for r in rows)} passed, {sum(r[2] for r in rows)} failed")
PY
