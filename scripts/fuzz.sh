#!/usr/bin/env bash
# Fuzzes the Betza parser and the diagram engine (fuzz/, target `parse`)
# for SECONDS seconds (default 20); installs cargo-fuzz if it is missing.
#
#   bash scripts/fuzz.sh [SECONDS]
#
# cargo-fuzz needs nightly compiler flags (sanitizer coverage): on the
# stable toolchain RUSTC_BOOTSTRAP=1 unlocks them. Findings land in
# fuzz/artifacts/parse/ (replay one with
# `RUSTC_BOOTSTRAP=1 cargo fuzz run -a parse fuzz/artifacts/parse/FILE`);
# the growing corpus in fuzz/corpus/parse/ (neither is committed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${1:-20}"
export PATH="$HOME/.cargo/bin:$PATH"
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz: installing cargo-fuzz"
    cargo install cargo-fuzz --locked || cargo install cargo-fuzz
fi

mkdir -p fuzz/corpus/parse
cd fuzz
# -a: debug assertions (integer overflow is a finding); -s none: safe Rust
# needs no AddressSanitizer, and the build and the runs are faster without.
# -timeout: a diagram takes microseconds; seconds mean a runaway input.
exec cargo fuzz run -a -s none parse corpus/parse seeds/parse -- \
    -dict=parse.dict -max_total_time="$seconds" -timeout=10 -print_final_stats=1
