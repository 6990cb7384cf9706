#!/usr/bin/env bash
# Builds the wasm module and packages it:
#   dist/spartan.js dist/chu.js dist/cwda.js  self-contained classic scripts
#                                             (wasm-bindgen --target no-modules)
#   dist/glance.js                            the generic drop-in: no click
#                                             table, the pieces the page
#                                             declares (data-piece), Betza
#                                             parsed at run time, no global
#   pkg/                                      ES-module package (wasm-pack build --target web,
#                                             or without wasm-pack the same files by
#                                             cargo and wasm-bindgen: scripts/build-pkg.sh)
#   dist/lab.js                               the piece lab's script (lab.html):
#                                             lab/lab.ts and pkg/ bundled, the
#                                             wasm inlined (scripts/build-lab.sh)
#   dist/javascript.html                      the scripts' source labels (JavaScript
#   dist/glance-source-COMMIT.tar.gz          Web Labels, as LibreJS reads them) and
#                                             the source they name: the project's
#                                             files at this commit (scripts/labels.py)
#
# DEBUG=1 (make dist DEBUG=1): drop-in scripts with std and
# console_error_panic_hook, so that a bug shows its Rust message in the console.
# SOURCE_URL=https://... (make dist SOURCE_URL=...): the repository each
# script's `@source` line and dist/javascript.html name (default: the source
# archive beside the scripts, which is written either way).
#
# Prints one line per file as soon as it is built (make serve is serving
# already: a page works once the script it loads is there).
#
# Usage: scripts/build-dist.sh [PART...]  PART: spartan glance chu cwda (a
# drop-in script), lab (pkg/ and dist/lab.js); none: all five, in that order
# (make serve builds spartan and glance first, the others after the setup
# pictures: scripts/serve.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

# wasm-opt from npm's binaryen (version 132, pinned in package.json): wasm-pack
# cannot download its own here, and Debian's binaryen 108 is too old for the
# features Rust's output uses.
WASM_OPT=node_modules/.bin/wasm-opt
WASM_OPT_FEATURES=(--enable-bulk-memory --enable-mutable-globals --enable-sign-ext
  --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types)
# The drop-ins' inlining (dropin() below says why).
WASM_OPT_INLINE=(--one-caller-inline-max-function-size=20)
# dist/glance.js, packed with LZMA (scripts/package-dist.py LZMA_SCRIPTS):
# its functions in the order of their names (the first pass has them: -g),
# so that a module's functions sit together: 33,089 -> 32,975 B gzip -9.
# Not for the deflated scripts: spartan.js 19,918 -> 19,954 B with it.
layout() { # name
  if [ "$1" = glance ]; then echo --reorder-functions-by-name; fi
}
out=build/wasm
mkdir -p "$out"/spartan "$out"/chu "$out"/cwda "$out"/glance

size() { printf '%s: %s bytes, gzip -9 %s bytes\n' "$1" "$(wc -c <"$1")" "$(gzip -9c <"$1" | wc -c)"; }

features=dropin
generic=generic
# The panic handler of the drop-ins reads no location: their file names go
# (scripts/package-dist.py); console_error_panic_hook prints them.
blank=--blank-panic-paths
if [ "${DEBUG:-0}" = 1 ]; then
  features=dropin,panic-hook
  generic=generic,panic-hook
  blank=
  echo "build-dist: DEBUG=1: drop-in scripts with std and console_error_panic_hook"
fi

# 1. The drop-in scripts: the smallest build (no std, no serde), one per legacy
#    script, each with only its own click table (GLANCE_SCRIPT, parsed by
#    build.rs). The stack is 64 KiB instead of Rust's 1 MiB: pressing every
#    piece of the four seed pages reaches 2.6 KiB deep (measured by filling
#    the stack with a pattern), and the module's memory stays small.
#    dist/glance.js: the same with no click table (GLANCE_SCRIPT=none keeps
#    none) and the generic feature: attach_page and the Betza parser.
#    In the order the pages use them: rules-html/ loads spartan.js,
#    rules-html/zero/ glance.js; chu.js and cwda.js are for XBoard's others.
#    Each has its own target directory, so that a second run rebuilds nothing
#    (one directory would rebuild the crate whenever GLANCE_SCRIPT changes).
#    A missing one of chu and cwda starts as a copy of spartan's (or the
#    other's), whose dependencies cargo then reuses: on a new machine they
#    are compiled twice (spartan, glance), not four times. glance's is not
#    seeded so: built with the generic feature in a copy of spartan's
#    directory, its module differs by a panic location (8 to 44 bytes of
#    dist/glance.js, measured) from the one an empty target directory gives;
#    chu's and cwda's are the same, byte for byte (cmp).
# glance.js's LZMA decoder (www/unpack, its own crate), a small module. Its
# state is in locals and statics (no stack frame: 1 KiB of stack is room to
# spare, and its statics' addresses stay short).
unpacker() {
  RUSTFLAGS="-Clink-arg=-zstack-size=1024" cargo build --quiet --profile wasm --lib -p unpack \
    --target wasm32-unknown-unknown --target-dir target/dist-unpack
  "$WASM_OPT" -Oz --converge --strip-debug --strip-producers --strip-target-features "${WASM_OPT_FEATURES[@]}" \
    target/dist-unpack/wasm32-unknown-unknown/wasm/unpack.wasm -o "$out/unpack.wasm"
}

dropin() { # name
  local name="$1" script want seed seeds=() order
  order=$(layout "$name")
  if [ "$name" = glance ]; then
    script=none want=$generic
  else
    script=$name want=$features seeds=(target/dist-spartan target/dist-chu target/dist-cwda)
  fi
  if [ ! -d "target/dist-$name" ]; then
    for seed in "${seeds[@]}"; do
      if [ -d "$seed/wasm32-unknown-unknown/wasm" ]; then
        cp -a "$seed" "target/dist-$name"
        break
      fi
    done
  fi
  GLANCE_SCRIPT=$script RUSTFLAGS="-Clink-arg=-zstack-size=65536" \
    cargo build --quiet --profile wasm --lib --target wasm32-unknown-unknown \
    --features "$want" --target-dir "target/dist-$name"
  bash scripts/bindgen.sh --target no-modules --no-typescript --out-dir "$out/$name" \
    "target/dist-$name/wasm32-unknown-unknown/wasm/glance.wasm"
  # glance_bg.wasm keeps the function names (for twiggy in make bench).
  # --converge repeats -Oz while it still shrinks; the module's memory is its
  # own (zero-filled, addresses under 1 KiB unused). Functions called once
  # are inlined only when small (20 bytes, binaryen's limit for other
  # inlining; by default any size): the module grows (dist/glance.js's wasm
  # 91.2 -> 92.3 KB) but gzips smaller (dist/glance.js 43,072 -> 41,691 B
  # gzip -9, spartan.js 21,097 -> 20,903 B, measured), one function of
  # 34 KB with hundreds of locals repeating itself less than the functions
  # it was made of.
  # Then the table slots no indirect call can reach are emptied
  # (scripts/prune-table.py: the formatting a panic message would use, and
  # js-sys's JSPI task waker, which it finds by name: the first pass keeps
  # the names, -g, and the second strips them), and -Oz drops what only they
  # held. Names change nothing else: without the waker rule the module is
  # the same, byte for byte (cmp).
  "$WASM_OPT" -g -Oz --converge --zero-filled-memory --low-memory-unused "${WASM_OPT_INLINE[@]}" $order \
    --strip-producers --strip-target-features "${WASM_OPT_FEATURES[@]}" \
    "$out/$name/glance_bg.wasm" -o "$out/$name/glance.opt.wasm"
  python3 scripts/prune-table.py "$out/$name/glance.opt.wasm" "$out/$name/glance.pruned.wasm"
  "$WASM_OPT" -Oz --converge --zero-filled-memory --low-memory-unused "${WASM_OPT_INLINE[@]}" $order \
    --strip-debug "${WASM_OPT_FEATURES[@]}" "$out/$name/glance.pruned.wasm" -o "$out/$name/glance.opt.wasm"
  if [ "$name" = glance ]; then unpacker; fi
  .venv/bin/python scripts/package-dist.py "$name" "$out/$name/glance.js" \
    "$out/$name/glance.opt.wasm" "$out/unpack.wasm" dist $blank
  size "dist/$name.js"
  # glance.js's findings say their sentences from this file beside it,
  # fetched only when a page has a finding: the Betza errors' and the
  # findings', numbered in this order (src/engine/sentence.rs).
  if [ "$name" = glance ]; then
    cat src/engine/betza-errors.txt src/page/findings.txt >dist/glance-findings.txt
    size dist/glance-findings.txt
  fi
}

# 2. pkg/: the module with diagram() (serde-wasm-bindgen) and attach(), as an
#    ES module with the TypeScript types wasm-bindgen generates, by wasm-pack
#    (or, where make test has not installed it, by cargo and wasm-bindgen
#    with the same result: scripts/build-pkg.sh). wasm-pack's own wasm-opt
#    step is off (Cargo.toml); npm's runs after it.
lab() {
  bash scripts/build-pkg.sh pkg
  "$WASM_OPT" -Oz --strip-debug --strip-producers --strip-target-features "${WASM_OPT_FEATURES[@]}" \
    pkg/glance_bg.wasm -o pkg/glance_bg.wasm
  cp docs/api.md pkg/README.md
  python3 - <<'PY'
import json, re
version = re.search(r'^version = "(.*)"', open("Cargo.toml").read(), re.M).group(1)
json.dump({
    "name": "glance-moves", "version": version, "type": "module",
    "license": "GPL-3.0-or-later",
    "description": "Move diagrams of chess-variant pieces computed from Betza notation (wasm)",
    "main": "glance.js", "types": "glance.d.ts",
    "files": ["glance.js", "glance.d.ts", "glance_bg.wasm", "glance_bg.wasm.d.ts", "README.md"],
    "sideEffects": ["./snippets/*"],
}, open("pkg/package.json", "w"), indent=2)
PY
  # 3. dist/lab.js: the piece lab's script (lab.html), bundled from lab/lab.ts
  #    and pkg/ with the wasm inlined (works from file://).
  bash scripts/build-lab.sh
}

[ "$#" -gt 0 ] || set -- spartan glance chu cwda lab
for part in "$@"; do
  case "$part" in
    spartan | glance | chu | cwda) dropin "$part" ;;
    lab) lab ;;
    *)
      echo "build-dist: unknown part '$part' (spartan, glance, chu, cwda, lab)" >&2
      exit 2
      ;;
  esac
done

# 4. Every script of dist/ labelled with its source: the archive of the
#    project's files (git archive: sources and Cargo.lock, the crates named
#    there, not copied), a `// @source:` line in each script's header, and
#    dist/javascript.html, the JavaScript Web Labels page LibreJS reads.
python3 scripts/labels.py dist
