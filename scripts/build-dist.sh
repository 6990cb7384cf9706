#!/usr/bin/env bash
# Builds the wasm module and packages it:
#   dist/spartan.js dist/chu.js dist/cwda.js  self-contained classic scripts
#   pkg/                                      ES-module package (www/pkg.js)
# No wasm-bindgen: the module imports a dozen DOM operations from www/dom.js.
set -euo pipefail
cd "$(dirname "$0")/.."

# wasm-opt from npm's binaryen (version 132, pinned in package.json): Debian's
# binaryen 108 is too old for some of the features Rust's output uses.
WASM_OPT=node_modules/.bin/wasm-opt
WASM_OPT_FEATURES=(--enable-bulk-memory --enable-mutable-globals --enable-sign-ext
  --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types)
out=build/wasm
mkdir -p "$out"/spartan "$out"/chu "$out"/cwda

# 1. The drop-in scripts: the smallest build (no std, no serde, no TypeScript),
#    one per legacy script, each with only its own click table (GLANCE_SCRIPT).
#    core and alloc are rebuilt with panics that abort on the spot, which drops
#    the panic messages and their formatting code (about 1 KB gzipped), and
#    without Debug formatting and panic locations (nothing prints them). That
#    needs unstable flags of the stable compiler (RUSTC_BOOTSTRAP) and the
#    rust-src component; if either is missing or refused, the plain build is
#    used and the files are a little larger.
#    The stack is 64 KiB instead of Rust's 1 MiB: pressing every piece of the
#    four seed pages reaches 2.6 KiB deep (measured by filling the stack with
#    a pattern), and the module's memory starts at 128 KiB instead of 1.1 MiB.
small_build() {
  rustup component list --installed 2>/dev/null | grep -q '^rust-src' \
    || rustup component add rust-src >/dev/null 2>&1 || return 1
  GLANCE_SCRIPT=$1 RUSTC_BOOTSTRAP=1 \
    RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Zfmt-debug=none -Zlocation-detail=none -Clink-arg=-zstack-size=65536" \
    cargo build --quiet -Zbuild-std=core,alloc --profile wasm --lib \
    --target wasm32-unknown-unknown --features dropin --target-dir "target/dist-$1"
}
for name in spartan chu cwda; do
  if ! small_build "$name" 2>"$out/$name.small-build.log"; then
    echo "build-dist: the build without panic messages failed (see $out/$name.small-build.log); using the plain one" >&2
    GLANCE_SCRIPT=$name cargo build --quiet --profile wasm --lib --target wasm32-unknown-unknown \
      --features dropin --target-dir "target/dist-$name"
  fi
  # glance_bg.wasm keeps the function names (for twiggy in make bench).
  cp "target/dist-$name/wasm32-unknown-unknown/wasm/glance.wasm" "$out/$name/glance_bg.wasm"
  # --converge repeats -Oz while it still shrinks; the module's memory is its
  # own (zero-filled, addresses under 1 KiB unused: Rust's data starts at 1 MiB).
  "$WASM_OPT" -Oz --converge --zero-filled-memory --low-memory-unused \
    --strip-debug --strip-producers --strip-target-features "${WASM_OPT_FEATURES[@]}" \
    "$out/$name/glance_bg.wasm" -o "$out/$name/glance.opt.wasm"
  .venv/bin/python scripts/package-dist.py "$name" "$out/$name/glance.opt.wasm" dist
done

# 2. pkg/: the same module with the diagram() and attach() API, as an ES module
#    (www/dom.js and www/pkg.js) with TypeScript types (www/glance.d.ts).
cargo build --quiet --profile wasm --lib --target wasm32-unknown-unknown --features pkg \
  --target-dir target/pkg
rm -rf pkg
mkdir -p pkg
"$WASM_OPT" -Oz --strip-debug --strip-producers --strip-target-features "${WASM_OPT_FEATURES[@]}" \
  target/pkg/wasm32-unknown-unknown/wasm/glance.wasm -o pkg/glance_bg.wasm
{
  sed -n '1,/@license magnet/p' www/loader.js
  cat www/dom.js www/pkg.js
  echo "// @license-end"
} >pkg/glance.js
cp www/glance.d.ts pkg/glance.d.ts
cp README.md pkg/ 2>/dev/null || true
python3 - <<'PY'
import json, re
version = re.search(r'^version = "(.*)"', open("Cargo.toml").read(), re.M).group(1)
json.dump({
    "name": "glance-moves", "version": version, "type": "module",
    "license": "GPL-3.0-or-later",
    "description": "Move diagrams of chess-variant pieces computed from Betza notation (wasm)",
    "main": "glance.js", "types": "glance.d.ts",
    "files": ["glance.js", "glance.d.ts", "glance_bg.wasm", "README.md"],
    "sideEffects": False,
}, open("pkg/package.json", "w"), indent=2)
PY
for f in dist/*.js; do
  printf '%s: %s bytes, gzip -9 %s bytes\n' "$f" "$(wc -c <"$f")" "$(gzip -9c <"$f" | wc -c)"
done
