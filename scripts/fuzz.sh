#!/usr/bin/env bash
# Fuzzes the Betza parser and the diagram engine (fuzz/, target `parse`)
# for SECONDS seconds (default 20), with libFuzzer, on stable Rust.
#
#   bash scripts/fuzz.sh [SECONDS]
#
# The target is built by cargo with the coverage instrumentation libFuzzer
# needs, which stable rustc gives through -C flags (what cargo-fuzz passes
# with `-s none`: no sanitizer, safe Rust needs none), with debug
# assertions and overflow checks on (an overflow is a finding). Findings
# land in fuzz/artifacts/parse/ (replay one by running the binary this
# prints with the file as its argument); the growing corpus in
# fuzz/corpus/parse/ (neither is committed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${1:-20}"
export PATH="$HOME/.cargo/bin:$PATH"
target=$(rustc -vV | sed -n 's/^host: //p')
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table
  -Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks"
# --target: the flags then reach the target only, not build scripts.
(cd fuzz && cargo build --quiet --release --bin parse --target "$target" --target-dir ../target/fuzz)
bin="target/fuzz/$target/release/parse"
echo "fuzz: $bin"

mkdir -p fuzz/corpus/parse fuzz/artifacts/parse
cd fuzz
# -timeout: a diagram takes microseconds; seconds mean a runaway input.
exec "../$bin" corpus/parse seeds/parse -artifact_prefix=artifacts/parse/ \
    -dict=parse.dict -max_total_time="$seconds" -timeout=10 -print_final_stats=1
