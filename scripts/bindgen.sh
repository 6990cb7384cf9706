#!/usr/bin/env bash
# wasm-bindgen for the build scripts (build-dist.sh, build-pkg.sh):
#
#   scripts/bindgen.sh ARGS...   runs the wasm-bindgen command where it is
#                                the version Cargo.toml pins (make test
#                                installs it), else glance-bindgen
#                                (build/tools/bin/: what make serve installs,
#                                scripts/bindgen/), with the same ARGS
#   scripts/bindgen.sh --check   both on the drop-ins' modules (no-modules)
#                                and pkg/'s (web) in temporary folders: fails
#                                unless every file is the same, byte for byte
#                                (scripts/test.sh, after make dist)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

PINNED="$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' Cargo.toml)"
OURS=build/tools/bin/glance-bindgen

command_is_pinned() { [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" = "$PINNED" ]; }
ours_is_pinned() { [ "$("$OURS" --version 2>/dev/null | awk '{print $2}')" = "$PINNED" ]; }

if [ "${1:-}" != --check ]; then
    if command_is_pinned; then
        exec wasm-bindgen "$@"
    elif ours_is_pinned; then
        exec "$OURS" "$@"
    fi
    echo "bindgen: neither wasm-bindgen $PINNED nor $OURS is installed: run scripts/setup.sh dist" >&2
    exit 1
fi

command_is_pinned || { echo "bindgen --check: wasm-bindgen $PINNED is not installed (scripts/setup.sh test)" >&2; exit 1; }
ours_is_pinned || { echo "bindgen --check: $OURS $PINNED is not installed (scripts/setup.sh test)" >&2; exit 1; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
checked=0
compare() { # label wasm-bindgen-args...
    local label="$1"
    shift
    wasm-bindgen "$@" --out-dir "$tmp/$label/command"
    "$OURS" "$@" --out-dir "$tmp/$label/ours"
    if ! diff -r "$tmp/$label/command" "$tmp/$label/ours"; then
        echo "bindgen --check: $label: glance-bindgen's files differ from wasm-bindgen's (above)" >&2
        exit 1
    fi
    checked=$((checked + $(find "$tmp/$label/ours" -type f | wc -l)))
}
for name in spartan glance chu cwda; do
    module="target/dist-$name/wasm32-unknown-unknown/wasm/glance.wasm"
    [ -f "$module" ] || { echo "bindgen --check: no $module (make dist first)" >&2; exit 1; }
    compare "$name" --target no-modules --no-typescript "$module"
done
module="$(cargo metadata --format-version 1 --no-deps --offline |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')/wasm32-unknown-unknown/release/glance.wasm"
[ -f "$module" ] || { echo "bindgen --check: no $module (make dist first)" >&2; exit 1; }
compare pkg --target web --typescript --out-name glance "$module"
echo "bindgen: glance-bindgen and wasm-bindgen $PINNED write the same $checked files (four drop-ins, pkg/)"
