#!/usr/bin/env bash
# Builds the ES-module package pkg/ as wasm-bindgen writes it (before
# build-dist.sh's wasm-opt and package.json): glance.js, glance.d.ts,
# glance_bg.wasm, glance_bg.wasm.d.ts.
#
#   scripts/build-pkg.sh OUT_DIR [wasm-pack|wasm-bindgen]
#       wasm-pack     `wasm-pack build --target web` (make test installs
#                     wasm-pack: scripts/setup.sh test)
#       wasm-bindgen  the two steps wasm-pack runs, by hand: `cargo build
#                     --lib --release --target wasm32-unknown-unknown` and
#                     `wasm-bindgen --target web` (make serve and make dist
#                     need no wasm-pack: scripts/setup.sh serve)
#       (default: wasm-pack where it is installed, else wasm-bindgen)
#   scripts/build-pkg.sh --check
#       builds both ways into a temporary folder and fails unless every
#       file is the same, byte for byte (scripts/test.sh runs it: the two
#       ways share cargo's build, so it takes seconds after make dist)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

build() { # out_dir how
    local out="$1" how="$2"
    case "$how" in
        wasm-pack)
            # wasm-pack's own wasm-opt step is off (Cargo.toml).
            wasm-pack --quiet build --target web --release --out-dir "$out" --out-name glance --no-pack \
                . -- --features pkg
            ;;
        wasm-bindgen)
            cargo build --quiet --lib --release --target wasm32-unknown-unknown --features pkg
            # Where cargo put it (CARGO_TARGET_DIR, or target/), as wasm-pack asks.
            local target
            target="$(cargo metadata --format-version 1 --no-deps --offline |
                python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
            mkdir -p "$out"
            bash scripts/bindgen.sh --target web --typescript --out-dir "$out" --out-name glance \
                "$target/wasm32-unknown-unknown/release/glance.wasm"
            # wasm-pack's .gitignore (`*`): the same folder either way.
            printf '*' >"$out/.gitignore"
            ;;
        *)
            echo "build-pkg: unknown way '$how' (wasm-pack or wasm-bindgen)" >&2
            exit 2
            ;;
    esac
}

if [ "${1:-}" = --check ]; then
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    # wasm-pack's --out-dir is relative to the crate: give it absolute paths.
    build "$tmp/wasm-pack" wasm-pack
    build "$tmp/wasm-bindgen" wasm-bindgen
    if ! diff -r "$tmp/wasm-pack" "$tmp/wasm-bindgen"; then
        echo "build-pkg: pkg/ built by wasm-bindgen differs from wasm-pack's (above)" >&2
        exit 1
    fi
    echo "build-pkg: pkg/ by wasm-pack and by cargo + wasm-bindgen: the same $(find "$tmp/wasm-pack" -type f | wc -l) files"
    exit 0
fi

if [ "$#" -lt 1 ] || [ "$#" -gt 2 ]; then
    echo "usage: scripts/build-pkg.sh OUT_DIR [wasm-pack|wasm-bindgen] | --check" >&2
    exit 2
fi
how="${2:-}"
if [ -z "$how" ]; then
    if command -v wasm-pack >/dev/null 2>&1; then
        how=wasm-pack
    else
        how=wasm-bindgen
        echo "build-pkg: no wasm-pack (make test installs it): $1/ by cargo build and wasm-bindgen, the same files"
    fi
fi
build "$1" "$how"
