#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo fuzz, libFuzzer) of the parsers we own: fuzz/fuzz_targets/*.rs.
# Each target runs for SECONDS (default 60) and prints libFuzzer's own summary; a panic stops the
# script with the input that caused it under fuzz/artifacts/. The machine has one stable toolchain:
# RUSTC_BOOTSTRAP lets cargo fuzz pass its -Z flags, and without a sanitizer (-s none) it needs no
# nightly runtime.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT/fuzz"
seconds=${1:-60}
command -v cargo-fuzz >/dev/null || { step "installing cargo-fuzz"; cargo install cargo-fuzz --locked; }
export RUSTC_BOOTSTRAP=1
for target in vietqr vnpay image token; do
  step "fuzzing $target for $seconds s"
  log=$(mktemp)
  if ! cargo fuzz run "$target" -s none -- -max_total_time="$seconds" >"$log" 2>&1; then
    tail -n 40 "$log"
    die "$target failed (the input is under fuzz/artifacts/$target)"
  fi
  grep -E '^Done [0-9]+ runs' "$log" | sed "s/^/$target: /"
  rm -f "$log"
done
