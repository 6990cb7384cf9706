#!/usr/bin/env bash
# A po4a round trip of two rules pages, as GNU's web translators run one
# (GNUN: Debian's po4a, its xhtml format): a migrated seed page (Capablanca
# Chess, `glance migrate`) and a page `glance page` writes (grandhouse, a
# 10x10 board whose Pawns start on the third rank). For each page:
#
#   1. the page is written (target/release/glance);
#   2. po4a extracts its strings: OUT/NAME.pot;
#   3. the French PO kept here (tests/po4a/NAME.fr.po, translated by hand)
#      must hold every string of that POT (msgcmp), and compile (msgfmt -c);
#   4. po4a writes the translated page: OUT/NAME.fr.html.
#
# The pages are then pressed in Chromium by tests/e2e/suites/translated.mjs
# (which runs this script): every cell the same marks as the original's,
# the names and remarks the PO's.
#
#   tests/po4a/roundtrip.sh OUT        (needs cargo build --release, po4a)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/tests/po4a"
OUT="${1:?usage: tests/po4a/roundtrip.sh OUT}"
GLANCE="$ROOT/target/release/glance"
mkdir -p "$OUT"

for tool in po4a-updatepo po4a-translate msgcmp msgfmt; do
    command -v "$tool" >/dev/null || { echo "po4a: $tool is missing (scripts/setup.sh test installs po4a)" >&2; exit 1; }
done

# po4a's options for the xhtml format, for both steps: the pages are UTF-8;
# GNU's pages are HTML, not strict XHTML (unclosed <br>, <img>, <td>, and
# the </div> that closes a <div> opened in an SSI include), so a tag po4a
# does not expect is not an error; <pre> (glance page's text diagrams) is
# one string, kept as written. Translating, --keep 0 writes the page
# whatever share of it is translated, as GNUN does (it publishes partial
# translations, the untranslated strings in English).
OPTS=(--format xhtml --master-charset UTF-8
      --option ontagerror=silent
      --option "translated=W<pre>")

# 1. The pages.
status=0
"$GLANCE" migrate "$ROOT/tests/fixtures/upstream/Capablanca.html" --out-dir "$OUT" \
    --script-src ../../dist/glance.js --relocate ../ >/dev/null 2>"$OUT/migrate.log" || status=$?
# (Status 1: clicks for review, which tests/migrate.rs checks.)
[ "$status" -le 1 ] || { echo "po4a: glance migrate failed ($status)" >&2; exit 1; }
"$GLANCE" page "$ROOT/tests/fixtures/fairy-stockfish-variants.ini" --variant grandhouse \
    --out-dir "$OUT" --script-src ../../dist/glance.js --force >/dev/null

for name in Capablanca grandhouse; do
    page="$OUT/$name.html"
    po="$HERE/$name.fr.po"
    # 2. The template. (po4a-updatepo creates a POT that is not there;
    # po4a 0.69's po4a-gettextize, which GNUN's older rules call, no longer
    # writes a POT from the page alone.)
    rm -f "$OUT/$name.pot"
    po4a-updatepo "${OPTS[@]}" --master "$page" --po "$OUT/$name.pot" >"$OUT/$name.po4a.log" 2>&1 \
        || { cat "$OUT/$name.po4a.log" >&2; exit 1; }
    # 3. The translation covers the template, and is a valid PO.
    msgcmp --use-untranslated "$po" "$OUT/$name.pot"
    msgfmt -c --statistics -o /dev/null "$po" 2>"$OUT/$name.stats"
    strings=$(grep -c '^msgid ' "$OUT/$name.pot")
    echo "po4a: $name: $((strings - 1)) strings in the POT; $po: $(cat "$OUT/$name.stats")"
    # 4. The translated page.
    po4a-translate "${OPTS[@]}" --localized-charset UTF-8 --keep 0 \
        --master "$page" --po "$po" --localized "$OUT/$name.fr.html" >>"$OUT/$name.po4a.log" 2>&1 \
        || { cat "$OUT/$name.po4a.log" >&2; exit 1; }
done
