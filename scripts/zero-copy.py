#!/usr/bin/env python3
"""Write a zero-code copy of a legacy rules page (a maintainer's aid).

    python3 scripts/zero-copy.py rules-html/Capablanca.html rules-html/zero/Capablanca.html

The copy lives one directory below the page (rules-html/zero/), so every
relative address gains a "../".  It has no inline handlers and no click
codes: each row of the piece table gets data-piece="ID" (the row's ID
column), each board cell whose legacy click showed a piece of that table
gets data-piece="ID" (and data-side="black" when the cell shows a black
piece at rest), and the page loads
dist/glance.js instead of its legacy script.

Which piece a legacy click showed comes from tests/fixtures/expected.json
(measured in a browser), matched to the row of the same name, or else to
the one row whose name starts with it ("Hoplite" -> "Hoplite Pawn");
--map CELL=ID decides the rest ("--map sq7x6=KS").  Clicks that show no
row of the table (castling, en passant, dead handlers) are left with no
declaration, and the script lists them.

The page is read with Python's html.parser: tags are located by the
parser's positions and rewritten one by one, so the rest of the page keeps
its bytes.
"""
import argparse
import json
import os
import sys
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
HANDLERS = ("onmousedown", "onmouseup")


class Tags(HTMLParser):
    """Every start tag's position, name, attributes and source text; the
    piece table's rows with their cell texts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []  # (line, col, tag, attrs, text)
        self.rows = []  # [tag index of <tr>, [cell texts]]
        self._cell = None

    def handle_starttag(self, tag, attrs):
        line, col = self.getpos()
        self.tags.append((line, col, tag, dict(attrs), self.get_starttag_text()))
        if tag == "tr":
            self.rows.append([len(self.tags) - 1, []])
        elif tag in ("td", "th") and self.rows:
            self.rows[-1][1].append("")
            self._cell = True

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self._cell = None

    def handle_data(self, data):
        if self._cell and self.rows:
            self.rows[-1][1][-1] += data


def collapse(text):
    return " ".join(text.split())


def piece_rows(parser):
    """(tag index, name, ID) of each row under the header row
    Piece | ID | value | Moves | Remarks."""
    out = []
    inside = False
    for index, cells in parser.rows:
        cells = [collapse(c) for c in cells]
        if len(cells) >= 4 and cells[0] == "Piece" and cells[1] == "ID":
            inside = True
            continue
        if inside:
            if len(cells) < 4:
                inside = False
                continue
            out.append((index, cells[0], cells[1]))
    return out


def relative(value):
    if value.startswith(("http:", "https:", "/", "#", "mailto:", "../")) or not value:
        return value
    if value.startswith("./"):
        value = value[2:]
    return "../" + value


def rewrite_tag(text, tag, attrs, declare):
    """The tag's new source text: handlers dropped, relative src/href
    lifted one level, declarations added."""
    out = [f"<{tag}"]
    for name, value in attrs.items():
        if name in HANDLERS:
            continue
        if name in ("src", "href") and value is not None:
            if tag == "script" and value.endswith(".js") and "dist/" in value:
                value = "../../dist/glance.js"
            else:
                value = relative(value)
        out.append(f' {name}="{value}"' if value is not None else f" {name}")
    for name, value in declare:
        out.append(f' {name}="{value}"')
    return "".join(out) + ("/>" if text.endswith("/>") else ">")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("page")
    ap.add_argument("out")
    ap.add_argument("--map", action="append", default=[], metavar="CELL=ID",
                    help="declare this cell as this row (for names that match no row or several)")
    ap.add_argument("--expected", default=os.path.join(REPO, "tests", "fixtures", "expected.json"))
    args = ap.parse_args()

    source = open(args.page, encoding="utf-8").read()
    parser = Tags()
    parser.feed(source)
    parser.close()
    rows = piece_rows(parser)
    keys = [k for _, _, k in rows]
    for k in sorted({k for k in keys if keys.count(k) > 1}):
        names = ", ".join(n for _, n, key in rows if key == k)
        print(f"{args.page}: warning: rows {names} share the ID {k}; give each its own data-piece in the copy",
              file=sys.stderr)
    data = json.load(open(args.expected, encoding="utf-8"))[os.path.basename(args.page)]
    clicks, at_rest = data["clicks"], data["at_rest"]
    forced = dict(m.split("=", 1) for m in args.map)

    def key_of(cell, name):
        if cell in forced:
            return forced[cell]
        name = (name or "").lower()
        if not name:
            return None
        exact = [k for _, n, k in rows if n.lower() == name]
        if len(exact) == 1:
            return exact[0]
        starts = [k for _, n, k in rows if n.lower().startswith(name + " ")]
        return starts[0] if len(starts) == 1 and not exact else None

    by_cell = {c["cell"]: c for c in clicks}

    # Offsets of each line's start, to turn (line, col) into an offset.
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    edits = []  # (offset, old text, new text)
    row_tags = {index: key for index, _, key in rows}
    undeclared = []
    for i, (line, col, tag, attrs, text) in enumerate(parser.tags):
        declare = []
        if i in row_tags:
            declare.append(("data-piece", row_tags[i]))
        click = by_cell.get(attrs.get("id")) if tag == "td" and any(h in attrs for h in HANDLERS) else None
        if click:
            name = (click.get("piece") or {}).get("name")
            key = key_of(attrs["id"], name)
            if key:
                declare.append(("data-piece", key))
                if at_rest.get(attrs["id"], "").startswith("Black"):
                    declare.append(("data-side", "black"))
            else:
                undeclared.append(f"{attrs['id']} ({name or 'no piece'})")
        changes = declare or any(h in attrs for h in HANDLERS) or (
            any(n in attrs for n in ("src", "href")) and rewrite_tag(text, tag, attrs, []) != text)
        if changes:
            edits.append((starts[line - 1] + col, text, rewrite_tag(text, tag, attrs, declare)))

    out = source
    for offset, old, new in sorted(edits, reverse=True):
        if out[offset:offset + len(old)] != old:
            sys.exit(f"{args.page}: the tag at offset {offset} is not where the parser put it")
        out = out[:offset] + new + out[offset + len(old):]
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    open(args.out, "w", encoding="utf-8").write(out)
    print(f"{args.out}: {len(rows)} rows, {sum(1 for e in edits if 'data-piece' in e[2]) - len(rows)} cells declared;"
          f" left undeclared: {', '.join(undeclared) or 'none'}")


if __name__ == "__main__":
    main()
