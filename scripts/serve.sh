#!/usr/bin/env bash
# make serve: serves the site on http://127.0.0.1:PORT/ at once, then
# installs what serving needs and builds what is missing, the first boards
# first, saying as it goes which pages work:
#   1. the server: index.html and the rules pages' text, straight away;
#   2. scripts/setup.sh assets (rsvg-convert, XBoard's artwork), then the
#      pieces and marks (make-assets.py --no-setups): the boards show them;
#   3. scripts/setup.sh dist (npm's build tools, zopfli, the wasm32 target,
#      glance-bindgen: scripts/bindgen/), then dist/spartan.js and
#      dist/glance.js: the boards of rules-html/ and rules-html/zero/
#      answer presses;
#   4. what make assets adds: target/release/glance, which reads each page's
#      setup, then the setup pictures;
#   5. the variants' catalogues (target/variants/): `glance page
#      --builtins` and `glance page --all` of Fairy-Stockfish's reference
#      file, each folder with its index.html, glance.js, moves.css, sym/
#      and setup pictures (index.html links them);
#   6. dist/chu.js, dist/cwda.js, pkg/ and dist/lab.js (lab.html).
# On a machine that has everything, each step only checks, but dist/ is
# repackaged (wasm-bindgen, wasm-opt, zopfli: 98 CPU seconds, docs/setup.md).
# Ctrl-C stops the server.
#
# Usage: scripts/serve.sh [PORT] (default 8000; make serve PORT=8765)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PORT="${1:-8000}"
URL="http://127.0.0.1:$PORT/"

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }
if answers; then
    echo "serve: port $PORT is taken (another make serve?); choose another: make serve PORT=8765" >&2
    exit 1
fi

python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$ROOT" &
server=$!
# A script's background job ignores Ctrl-C: stop the server on the way out.
trap 'kill "$server" 2>/dev/null || true' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Up within five seconds, or say why not.
for _ in $(seq 50); do
    kill -0 "$server" 2>/dev/null || break
    answers && break
    sleep 0.1
done
if ! kill -0 "$server" 2>/dev/null || ! answers; then
    echo "serve: the server did not start on port $PORT" >&2
    exit 1
fi

if [ -d rules-html/sym ] && [ -f dist/spartan.js ] && [ -f dist/glance.js ] && [ -f dist/lab.js ]; then
    echo "serve: serving $URL (index.html, rules-html/, lab.html); rebuilding dist/ from the sources first"
else
    echo "serve: serving $URL now: index.html and the rules pages' text; their pictures and boards as the steps below build them (reload)"
fi

say() { echo "serve: $*"; }

bash scripts/setup.sh assets
python3 scripts/make-assets.py --no-setups
say "pieces drawn: the rules pages' boards show them; a board answers presses once its page's script is built (below)"

bash scripts/setup.sh dist
DEBUG=0 bash scripts/build-dist.sh spartan
say "rules-html/ boards answer presses (${URL}rules-html/Spartan.html)"
DEBUG=0 bash scripts/build-dist.sh glance
say "rules-html/zero/ boards answer presses (${URL}rules-html/zero/Spartan.html)"

# make assets, quietly: target/release/glance reads each page's setup.
say "cargo build --release (target/release/glance), then the setup pictures"
cargo build --quiet --release
python3 scripts/make-assets.py
say "setup pictures drawn: the rules pages are complete"

# The variants' pages, deployed as docs/variant-pages.md says.
variants=target/variants
for part in builtin reference; do
    rm -rf "${variants:?}/$part"
    mkdir -p "$variants/$part"
done
./target/release/glance page --builtins --out-dir "$variants/builtin" >/dev/null || true
./target/release/glance page tests/fixtures/fairy-stockfish-variants.ini --all \
    --out-dir "$variants/reference" >/dev/null 2>&1 || true
for part in builtin reference; do
    cp dist/glance.js dist/glance-findings.txt rules-html/moves.css "$variants/$part/"
    [ -f dist/javascript.html ] && cp dist/javascript.html "$variants/$part/"
    cp -r rules-html/sym "$variants/$part/sym"
done
python3 scripts/make-assets.py --pages "$variants" --setups-only >/dev/null 2>&1 || true
say "every variant's page: ${URL}${variants}/builtin/index.html (built-ins), ${URL}${variants}/reference/index.html (reference file)"

DEBUG=0 bash scripts/build-dist.sh chu cwda lab
say "all built: every page works at $URL (Ctrl-C stops the server)"

# http.server's own lines (one per request) go on below.
wait "$server"
