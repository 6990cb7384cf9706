#!/usr/bin/env bash
# Fuzzes, with libFuzzer on stable Rust, for SECONDS seconds each (default
# 20), the targets of fuzz/ given (default: all of them):
#   parse  the Betza parser and the diagram engine;
#   page   the page reader of glance lint and glance migrate (start tags
#          with their byte ranges, lint, migrate: no panic, no hang, the
#          migrated page's visible text is its input's);
#   variants  the variants.ini reader of src/variant/ (no panic, no hang,
#          pieces on the board, pages' spellings that parse);
#   file_name  the file-name rule of glance page and glance migrate
#          (src/tools/variant_page/file_name.rs: only letters, digits, - and
#          _, at most 64, nothing reserved, no two names one file).
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]
#
# The targets are built by cargo with the coverage instrumentation libFuzzer
# needs, which stable rustc gives through -C flags (what cargo-fuzz passes
# with `-s none`: no sanitizer, safe Rust needs none), with debug
# assertions and overflow checks on (an overflow is a finding). Findings
# land in fuzz/artifacts/TARGET/ (replay one by running the binary this
# prints with the file as its argument); the growing corpus in
# fuzz/corpus/TARGET/ (neither is committed).
#
# The build is --locked: it uses fuzz/Cargo.lock as committed and changes
# nothing in the work tree (a crate added to glance without updating that
# lock stops it here, saying so: run `cargo update -p glance` in fuzz/ and
# commit the lock).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${1:-20}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(parse page variants file_name)
fi
export PATH="$HOME/.cargo/bin:$PATH"
host=$(rustc -vV | sed -n 's/^host: //p')
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table
  -Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks"
for t in "${targets[@]}"; do
    # --target: the flags then reach the target only, not build scripts.
    (cd fuzz && cargo build --locked --quiet --release --bin "$t" --target "$host" --target-dir ../target/fuzz)
    bin="target/fuzz/$host/release/$t"
    echo "fuzz: $bin"
    mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
    # -timeout: a diagram takes microseconds, a page milliseconds; seconds
    # mean a runaway input.
    (cd fuzz && "../$bin" "corpus/$t" "seeds/$t" -artifact_prefix="artifacts/$t/" \
        -dict="$t.dict" -max_total_time="$seconds" -timeout=10 -print_final_stats=1)
done
