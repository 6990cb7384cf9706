#!/usr/bin/env bash
# Every check of the project, in order; stops at the first that fails.
# Run through `make test` (which runs scripts/setup.sh test first) or .ci/run.
set -euo pipefail
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CARGO_BIN:$PATH"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

step() {
    echo
    echo "==> $*"
    "$@"
}

step cargo fmt --all --check
step cargo clippy --all-targets -- -D warnings
step cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings
step cargo clippy --lib --target wasm32-unknown-unknown --features pkg -- -D warnings
step cargo clippy --lib --target wasm32-unknown-unknown --features dropin -- -D warnings
step cargo clippy --lib --target wasm32-unknown-unknown --features dropin,panic-hook -- -D warnings
step cargo clippy --lib --target wasm32-unknown-unknown --features generic -- -D warnings
step cargo clippy --lib --target wasm32-unknown-unknown --features generic,panic-hook -- -D warnings
step cargo test --release
# glance.js's LZMA decoder (www/unpack): a crate of the workspace.
step cargo clippy -p unpack --all-targets -- -D warnings
step cargo clippy -p unpack --lib --target wasm32-unknown-unknown -- -D warnings
step cargo test -p unpack --release
# The API documentation: its links must resolve.
step env RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet
step cargo build --release
# glance-bindgen (scripts/bindgen/, make serve's wasm-bindgen): its own
# crate, in the target directory its install uses.
bindgen=(--manifest-path scripts/bindgen/Cargo.toml)
step cargo fmt "${bindgen[@]}" --check
step cargo clippy "${bindgen[@]}" --release --target-dir build/tools/target --all-targets -- -D warnings
step cargo test "${bindgen[@]}" --release --target-dir build/tools/target

# The DOM layer in the browsers: wasm-bindgen-test's tests/web.rs, once per
# browser (given --chrome --firefox together, wasm-pack 0.15 runs Firefox
# twice: the runner takes the first driver it finds).
step env CHROMEDRIVER=/usr/bin/chromedriver wasm-pack test --headless --chrome -- --test web
step env GECKODRIVER="$CARGO_BIN/geckodriver" wasm-pack test --headless --firefox -- --test web

step make --no-print-directory dist assets
# The bundle for XBoard's maintainers (make upstream), built twice from
# dist/ into a temporary folder: every page, script and label there, no
# script without a source label, the same bytes both times (docs/upstream.md).
step python3 scripts/upstream.py --check
# pkg/ as make serve builds it without wasm-pack (cargo and wasm-bindgen):
# the same files as wasm-pack's.
step bash scripts/build-pkg.sh --check
# The drop-ins and pkg/ as make serve builds them (glance-bindgen): the
# same files as the wasm-bindgen command writes.
step bash scripts/bindgen.sh --check
# The setup pictures: FENs read from the pages, images, pixel checks.
step python3 -m unittest discover tests/assets
# The zero-code pages, as a maintainer checks a new page: glance lint finds
# nothing wrong (every image they name is there once make assets has run).
step target/release/glance lint rules-html/zero/*.html

# The types wasm-bindgen generates for pkg/ against a page author's use of it.
step node_modules/.bin/tsc -p tests/types/tsconfig.json
# The piece lab's script against the same generated types.
step node_modules/.bin/tsc -p lab/tsconfig.json

if [ -f tests/e2e/run.mjs ]; then
    step node tests/e2e/run.mjs
    # The visitor checks (release, touch, keyboard, accessibility) on the
    # 24 upstream pages as glance migrate writes them: served as the site's
    # rules-html/zero/ (--relocate ../ keeps their images and style sheet).
    migrated="$(mktemp -d)"
    trap 'rm -rf "$migrated"' EXIT
    # (Status 1: clicks for review, ASEAN's three empty squares and the
    # page-rules-win clicks of Cylinder and Shogi, as tests/migrate.rs checks
    # against tests/fixtures/migrate-exceptions.json; 2 would be bad input.)
    echo; echo "==> glance migrate tests/fixtures/upstream/*.html --out-dir $migrated/zero"
    status=0
    target/release/glance migrate tests/fixtures/upstream/*.html --out-dir "$migrated/zero" \
        --script-src ../../dist/glance.js --relocate ../ >/dev/null || status=$?
    [ "$status" -le 1 ] || { echo "glance migrate failed with status $status"; exit 1; }
    cp rules-html/moves.css "$migrated/"
    step env GLANCE_RULES_HTML="$migrated" node tests/e2e/run.mjs zerovisit
    # The pages glance page writes for every section of Fairy-Stockfish's
    # variants.ini and every built-in of pyffish: every press against
    # Fairy-Stockfish playing the variant (pyffish, .venv), in Chromium,
    # and a sample of the pages in Firefox ESR (tests/fairy/README.md;
    # its summary lines give the time).
    step env GLANCE_BROWSERS=chromium,firefox node tests/e2e/run.mjs fairy
    # Translations through GNUN's tools: tests/po4a/roundtrip.sh (po4a's
    # xhtml format) translates a migrated seed page and a glance page page
    # with the French POs kept in tests/po4a/; Chromium presses every cell
    # of each translation against the original's.
    step env GLANCE_BROWSERS=chromium node tests/e2e/run.mjs translated
fi

# GNU LibreJS (built from ../shared/librejs when it is there; says SKIP
# plainly when it is not): its checker on dist/, the extension in Firefox
# ESR on the four seed pages.
step node tests/librejs/run.mjs

if [ -f tests/fairy/differential.py ]; then
    step .venv/bin/python tests/fairy/differential.py
fi
# The reader's quirks (a note after a value, case, booleans) as pyffish
# has them, and the built-ins of src/variant/builtins.ini against pyffish's
# own (start position, letters accepted), then every rule of each
# built-in (examples/variant_rules) against the facts of variant.cpp
# (tests/fixtures/variant-cpp-rules.json): a few seconds each.
step .venv/bin/python tests/fairy/reader_quirks.py
step .venv/bin/python tests/fairy/builtins_check.py
# The rules the pages claim, checked by play: glance page writes every
# built-in of pyffish and every section of the reference file, and each
# page's data-rule claims (repetition, the n-move rule, castling, drops,
# promotion, who moves first, checks to give, the hand) are played out by
# pyffish (tests/fairy/README.md, "Rules by play"): about 12 minutes.
rules_pages="$ROOT/build/rules-by-play"
rm -rf "$rules_pages"
echo; echo "==> glance page --builtins and the reference file's sections into $rules_pages"
target/release/glance page --builtins --out-dir "$rules_pages/builtin" >/dev/null
target/release/glance page tests/fixtures/fairy-stockfish-variants.ini --all --out-dir "$rules_pages/reference" >/dev/null
# Each piece's sentence, read by the test's own grammar, names the squares
# its diagram marks, and no others (tests/fairy/README.md, "Piece words"):
# seconds.
step .venv/bin/python tests/fairy/piece_words.py "$rules_pages/builtin" "$rules_pages/reference"
step .venv/bin/python tests/fairy/rules_by_play.py --builtins "$rules_pages/builtin" --reference "$rules_pages/reference"
# Every key a built-in's variant.cpp sets that changes pyffish's play (a
# child with the key at its default plays otherwise) is claimed on its
# page (tests/fairy/README.md, "Keys stated"): about 7 minutes.
step .venv/bin/python tests/fairy/keys_stated.py --pages "$rules_pages/builtin"

# A short fuzzing run of the parser and engine (a long one: see fuzz/README.md).
step bash scripts/fuzz.sh 15

echo
echo "==> all checks passed"
