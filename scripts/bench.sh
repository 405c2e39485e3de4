#!/usr/bin/env bash
# The figures in docs/measurements.md: the load table (bench/load.rs, hey against the release
# server on SQLite and PostgreSQL) and the fault run (bench/faults.rs, six SIGKILLs per database and
# a PostgreSQL stop). Installs hey when missing. Arguments go to the load program: SECONDS CLIENTS.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

need_toolchains
postgres_up
command -v hey >/dev/null || { step "installing hey (Debian)"; apt_install hey; }
step "building the server and the bench programs (release)"
cargo build --release --locked -p app -p bench --bins
step "load: peak and latency at half the peak, against each bound"
target/release/load "$@"
step "faults: SIGKILL under order and payment load; PostgreSQL stopped under load"
target/release/faults 6
