#!/usr/bin/env bash
# Builds dist/lab.js, the piece lab's script (lab.html), from lab/lab.ts and
# the ES-module package pkg/ (run after wasm-pack has built pkg/: make dist
# runs it from scripts/build-dist.sh).
#
# esbuild (npm, pinned in package.json) bundles lab/lab.ts with
# pkg/glance.js and pkg/glance_bg.wasm (deflated here, inlined as bytes by
# its `binary` loader, inflated by the page) into one classic script: a page that loads it works from file://,
# where browsers refuse ES modules and fetching wasm, and asks for no file
# but its own. The script is wrapped in LibreJS's license labels, like the
# drop-ins (www/loader.js). Types are checked apart, by tsc -p lab/tsconfig.json.
set -euo pipefail
cd "$(dirname "$0")/.."

for f in pkg/glance.js pkg/glance_bg.wasm; do
  [ -f "$f" ] || { echo "build-lab: $f is missing (wasm-pack builds it: make dist)" >&2; exit 1; }
done
mkdir -p dist build/lab
# The module raw-deflated (zlib level 9; the page inflates it with
# DecompressionStream("deflate-raw"), as the drop-ins do).
python3 - pkg/glance_bg.wasm build/lab/glance_bg.wasm.deflate <<'PY'
import sys, zlib
data = open(sys.argv[1], "rb").read()
z = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
packed = z.compress(data) + z.flush()
if zlib.decompress(packed, -15) != data:
    sys.exit("build-lab: the deflated module does not inflate back to itself")
open(sys.argv[2], "wb").write(packed)
PY
head='// The piece lab of Moves at a Glance (lab.html). Copyright (C) 2026 The Moves
// at a Glance authors. Free software under the GNU GPL, version 3 or later;
// built from lab/lab.ts, pkg/glance.js and the WebAssembly module of the
// project'"'"'s Rust sources, same license.
// @license magnet:?xt=urn:btih:1f739d935676111cfff4b4693e3816e664797050&dn=gpl-3.0.txt GPL-3.0-or-later'
node_modules/.bin/esbuild lab/lab.ts --bundle --format=iife --target=es2020 --minify \
  --loader:.deflate=binary --legal-comments=none --log-level=warning \
  --log-override:empty-import-meta=silent \
  "--banner:js=$head" '--footer:js=// @license-end' --outfile=dist/lab.js
printf '%s: %s bytes, gzip -9 %s bytes\n' dist/lab.js "$(wc -c <dist/lab.js)" "$(gzip -9c <dist/lab.js | wc -c)"
