#!/usr/bin/env bash
# make serve: serves the site on http://127.0.0.1:PORT/ at once, then
# installs what serving needs and builds what is missing, saying as it goes
# which pages work:
#   1. the server: index.html and the rules pages' text, straight away;
#   2. make assets (scripts/setup.sh assets: rsvg-convert, XBoard's
#      artwork; then the pictures): the boards show their pieces;
#   3. make dist (scripts/setup.sh dist: the wasm32 target, wasm-bindgen-cli,
#      npm's build tools, zopfli; then the scripts): a page's board answers
#      presses once the script it loads is built (one line per file).
# On a machine that has everything, 2 and 3 only rebuild dist/ (seconds).
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

make --no-print-directory assets
echo "serve: pictures done: the rules pages show their boards; a board answers presses once its script is built: rules-html/*.html dist/spartan.js, rules-html/zero/ dist/glance.js, lab.html dist/lab.js"

make --no-print-directory dist
echo "serve: all built: every page works at $URL (Ctrl-C stops the server)"

# http.server's own lines (one per request) go on below.
wait "$server"
