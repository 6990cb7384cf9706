#!/usr/bin/env python3
"""Generate the images the rules pages show: rules-html/sym/ and each page's setup picture.

Three kinds of image:

* move marks (yellow, orange, green, red, cyan discs and the open circle),
  drawn here pixel by pixel and written as PNG with zlib + struct only;
* piece images, rendered from XBoard's SVG artwork with rsvg-convert.
  scripts/setup.sh unpacks that artwork from Debian's xboard package into
  build/xboard/;
* each rules page's setup picture (rules-html/<Page>.png, the image at the
  top of the page; rules-html/zero/<Page>.png for a page of rules-html/zero/
  that shows its own): the starting position drawn like XBoard's board, from a
  FEN derived from the page's own "Initial setup" text (or, where that text
  is not usable, a FEN given in scripts/setups.json; see there why).

Idempotent: an image newer than its sources (the SVG, or this script for the
marks; the page, scripts/setups.json, this script and the SVGs for a setup
picture) is left alone. Prints one line per image it writes.

Usage: scripts/make-assets.py [--out DIR] [--svg-dir DIR] [--pages DIR]
                              [--setup-out DIR] [--setups-only] [--force]
"""

import argparse
import base64
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from html.parser import HTMLParser

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "rules-html", "sym")
DEFAULT_SVG_DIR = os.path.join(
    ROOT, "build", "xboard", "usr", "share", "games", "xboard", "themes", "default"
)

SIZE = 32  # pixels, width and height of every image (board cells are 36 px)

# ---------------------------------------------------------------------------
# Piece images: file name on the pages (without .png) -> XBoard SVG (without
# .svg). These are every piece image the 34 XBoard rules pages use. XBoard
# 4.9's default theme has an SVG of exactly the same name for each of them,
# so no substitute is needed; if a later page needs a piece the theme lacks,
# map it here to the nearest-looking SVG and say why in a comment.
# ---------------------------------------------------------------------------
PIECES = {
    name: name
    for name in (
        "BlackArchbishop",
        "BlackBishop",
        "BlackCrownedBishop",
        "BlackCrownedRook",
        "BlackElephant",
        "BlackKing",
        "BlackKnight",
        "BlackLance",
        "BlackMarshall",
        "BlackPawn",
        "BlackQueen",
        "BlackRook",
        "BlackUnicorn",
        "WhiteAdvisor",
        "WhiteArchbishop",
        "WhiteBishop",
        "WhiteCanon",
        "WhiteChancellor",
        "WhiteClaw",
        "WhiteCobra",
        "WhiteCommoner",
        "WhiteCrownedBishop",
        "WhiteCrownedRook",
        "WhiteDolphin",
        "WhiteElephant",
        "WhiteGold",
        "WhiteHCrown",
        "WhiteHSword",
        "WhiteHawk",
        "WhiteKing",
        "WhiteKnight",
        "WhiteLance",
        "WhiteLeopard",
        "WhiteLion",
        "WhiteMarshall",
        "WhiteNightrider",
        "WhitePawn",
        "WhitePrincess",
        "WhitePromoDragon",
        "WhiteQueen",
        "WhiteRook",
        "WhiteSword",
        "WhiteUnicorn",
    )
}

# ---------------------------------------------------------------------------
# Move marks: name -> fill colour (RGB). Each is a disc with a darker rim so
# it stands out on the grey squares; open.png is a ring with a clear middle.
# ---------------------------------------------------------------------------
MARKS = {
    "yellow": (255, 221, 0),  # slide or step, capture or not, blockable
    "orange": (255, 140, 0),  # unblockable leap
    "green": (40, 180, 60),  # non-capture only
    "red": (220, 30, 30),  # capture only
    "cyan": (0, 210, 230),  # first-step capture of a two-step piece
}
OPEN_COLOUR = (40, 40, 40)  # ring of open.png: where a lame leap is blocked

DISC_RADIUS = 11.0  # outer radius of a mark disc, in pixels
RIM_WIDTH = 1.5  # width of its darker rim
RING_RADIUS = 10.0  # outer radius of the open circle
RING_WIDTH = 2.5  # width of its ring
SUBSAMPLES = 4  # anti-aliasing: SUBSAMPLES x SUBSAMPLES samples per pixel


def png_bytes(width, height, rgba_rows):
    """Encode rows of RGBA bytes (each width*4 long) as a PNG file."""

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + bytes(row) for row in rgba_rows)  # filter 0 = none
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def draw(paint):
    """Render SIZE x SIZE pixels; paint(r) gives (rgb, alpha 0..1) at distance r
    from the centre, or None for nothing there. Colours are blended by
    coverage so edges are anti-aliased."""
    c = SIZE / 2
    rows = []
    for py in range(SIZE):
        row = bytearray()
        for px in range(SIZE):
            acc = [0.0, 0.0, 0.0]
            alpha = 0.0
            for i in range(SUBSAMPLES):
                for j in range(SUBSAMPLES):
                    x = px + (i + 0.5) / SUBSAMPLES
                    y = py + (j + 0.5) / SUBSAMPLES
                    hit = paint(math.hypot(x - c, y - c))
                    if hit is not None:
                        rgb, a = hit
                        for k in range(3):
                            acc[k] += rgb[k] * a
                        alpha += a
            n = SUBSAMPLES * SUBSAMPLES
            if alpha > 0:
                rgb = [round(v / alpha) for v in acc]
            else:
                rgb = [0, 0, 0]
            row += bytes(rgb + [round(255 * alpha / n)])
        rows.append(row)
    return png_bytes(SIZE, SIZE, rows)


def darker(rgb, f=0.6):
    return tuple(round(v * f) for v in rgb)


def disc(rgb):
    rim = darker(rgb)

    def paint(r):
        if r > DISC_RADIUS:
            return None
        if r > DISC_RADIUS - RIM_WIDTH:
            return rim, 1.0
        return rgb, 1.0

    return draw(paint)


def ring(rgb):
    def paint(r):
        if RING_RADIUS - RING_WIDTH <= r <= RING_RADIUS:
            return rgb, 1.0
        return None

    return draw(paint)


def up_to_date(target, *sources):
    if not os.path.exists(target):
        return False
    t = os.path.getmtime(target)
    return all(os.path.getmtime(s) <= t for s in sources)


def write_atomic(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def make_marks(out, force):
    me = os.path.abspath(__file__)
    jobs = [(name, lambda rgb=rgb: disc(rgb)) for name, rgb in MARKS.items()]
    jobs.append(("open", lambda: ring(OPEN_COLOUR)))
    for name, render in jobs:
        target = os.path.join(out, name + ".png")
        if not force and up_to_date(target, me):
            continue
        write_atomic(target, render())
        print(f"make-assets: {os.path.relpath(target, ROOT)} (drawn)")


def make_pieces(out, svg_dir, force):
    rsvg = shutil.which("rsvg-convert")
    missing = [s for s in PIECES.values() if not os.path.isfile(os.path.join(svg_dir, s + ".svg"))]
    if missing:
        sys.exit(
            f"make-assets: XBoard SVGs not found in {svg_dir} ({', '.join(missing[:3])}...); "
            "run scripts/setup.sh (make setup) first"
        )
    for name, svg_name in PIECES.items():
        svg = os.path.join(svg_dir, svg_name + ".svg")
        target = os.path.join(out, name + ".png")
        if not force and up_to_date(target, svg):
            continue
        if rsvg is None:
            sys.exit("make-assets: rsvg-convert not found (apt-get install librsvg2-bin, or make setup)")
        tmp = target + ".tmp"
        subprocess.run(
            [rsvg, "-w", str(SIZE), "-h", str(SIZE), "-f", "png", "-o", tmp, svg],
            check=True,
        )
        os.replace(tmp, target)
        print(f"make-assets: {os.path.relpath(target, ROOT)} (from {svg_name}.svg)")


# ---------------------------------------------------------------------------
# Setup pictures: rules-html/<Page>.png, the image at the top of each rules
# page, is the page's starting position drawn like XBoard's board.
#
# The position comes from the page itself, read with html.parser:
# * the "Initial setup" section's text ("f1, f8: King", "a2-j2, a7-j7:
#   Pawns"; an h4 naming White or Black above a list gives its colour,
#   otherwise a square's half of the board does); the board is as wide and
#   as high as the furthest file and rank the text names;
# * the piece table (header row "Piece | ID | ..."), which gives each name's
#   letter: upper case for White, lower case for Black, as in a FEN;
# * the board table (class "board", cells class "n" with ids sq{x}x{y}) only
#   bounds the size: on these pages it is a 10x10 demonstration board with
#   pieces scattered on it, not the starting position.
# A piece's image is XBoard's SVG named after its colour and its name in the
# table ("ArchBishop" -> WhiteArchbishop.svg), unless scripts/setups.json
# maps the name to another (as the page's own board draws it). Where the
# text cannot give the setup (slips, a shuffled setup), setups.json gives
# the FEN, and says why.
# ---------------------------------------------------------------------------
DEFAULT_PAGES = os.path.join(ROOT, "rules-html")
SETUPS_FILE = os.path.join(ROOT, "scripts", "setups.json")

SQUARE = 37  # pixels, a square's side; with the grid line the pitch is 38 px
LINE = 1  # grid line between squares and around the board (XBoard's lineGap)
COORD = 16  # pixels, margin for the rank numbers (left) and file letters (below)
LIGHT = "#C8C365"  # XBoard's default lightSquareColor
DARK = "#77A26D"  # XBoard's default darkSquareColor
GRID = "#000000"  # XBoard's grid lines
COORD_COLOUR = "#000000"
BACKGROUND = "#FFFFFF"
FONT = "DejaVu Sans, Bitstream Vera Sans, sans-serif"
FONT_SIZE = 12

FILES = "abcdefghijklmnop"  # up to 16 files, as XBoard


def picture_size(files, ranks):
    """Width and height in pixels of the setup picture of a files x ranks board."""
    pitch = SQUARE + LINE
    return COORD + files * pitch + LINE, ranks * pitch + LINE + COORD


class SetupError(Exception):
    """A page whose setup picture cannot be drawn; the message says why."""


class PageReader(HTMLParser):
    """Reads what a rules page says about its setup: the "Initial setup"
    section's lines, every table's cells (text, attributes, image sources),
    and the images outside tables' cells."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
    BREAKS = {"p", "div", "li", "ul", "ol", "h4", "h5", "h6", "table", "tr", "td", "th"}
    HEADINGS = {"h4", "h5", "h6"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []  # open elements (tag names), void ones left out
        self.setup_lines = []  # ("heading" | "text", text) of the setup section
        self.found_setup = False
        self.tables = []  # every table, in document order of its start
        self.images = []  # every <img src>, in document order
        self._open_tables = []
        self._h3 = None  # text of an h3 being read
        self._in_setup = False
        self._setup_parent = 0  # depth of the element holding the setup heading
        self._line = []
        self._heading = False

    # -- the setup section ------------------------------------------------
    def _flush(self):
        text = " ".join("".join(self._line).split())
        self._line = []
        if text:
            self.setup_lines.append(("heading" if self._heading else "text", text))

    def handle_starttag(self, tag, attrs):
        attrs = {k: (v or "") for k, v in attrs}
        if tag == "h3":
            if self._in_setup:  # the next section starts
                self._flush()
                self._in_setup = False
            self._h3 = []
        if self._in_setup and (tag == "br" or tag in self.BREAKS):
            self._flush()
            self._heading = tag in self.HEADINGS
        if tag == "img":
            self.images.append(attrs.get("src", ""))
        self._table_start(tag, attrs)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in self.VOID or tag not in self.stack:
            return
        while self.stack and self.stack.pop() != tag:
            pass
        if tag == "h3" and self._h3 is not None:
            title = " ".join("".join(self._h3).split())
            self._h3 = None
            if title.lower() == "initial setup":
                self.found_setup = True
                self._in_setup = True
                self._setup_parent = len(self.stack)
                self._line, self._heading = [], False
        elif self._in_setup:
            if tag in self.BREAKS:
                self._flush()
                self._heading = False
            if len(self.stack) < self._setup_parent:  # its container closed
                self._flush()
                self._in_setup = False
        self._table_end(tag)

    def handle_data(self, data):
        if self._h3 is not None:
            self._h3.append(data)
        if self._in_setup:
            self._line.append(data)
        if self._open_tables and self._open_tables[-1]["cell"] is not None:
            self._open_tables[-1]["cell"]["text"].append(data)

    # -- tables -----------------------------------------------------------
    def _table_start(self, tag, attrs):
        if tag == "table":
            table = {"attrs": attrs, "rows": [], "cell": None}
            self._open_tables.append(table)
            self.tables.append(table)
        elif not self._open_tables:
            return
        elif tag == "tr":
            self._open_tables[-1]["rows"].append([])
        elif tag in ("td", "th"):
            table = self._open_tables[-1]
            if not table["rows"]:
                table["rows"].append([])
            cell = {"attrs": attrs, "text": [], "imgs": []}
            table["rows"][-1].append(cell)
            table["cell"] = cell
        elif tag == "img" and self._open_tables[-1]["cell"] is not None:
            self._open_tables[-1]["cell"]["imgs"].append(attrs.get("src", ""))

    def _table_end(self, tag):
        if not self._open_tables:
            return
        if tag == "table":
            self._open_tables.pop()
        elif tag in ("td", "th"):
            self._open_tables[-1]["cell"] = None


def cell_text(cell):
    return " ".join("".join(cell["text"]).split())


class Page:
    """What one rules page says: its setup lines, piece table, board table
    and the name of its setup picture."""

    def __init__(self, path):
        self.path = path
        self.name = os.path.splitext(os.path.basename(path))[0]
        reader = PageReader()
        with open(path, encoding="utf-8") as f:
            reader.feed(f.read())
        reader.close()
        self.has_setup = reader.found_setup
        self.setup_lines = reader.setup_lines
        # The picture: the page's own image next to the setup, "<Page>.png"
        # (an image in the page's folder, not one of sym/).
        own = [s for s in reader.images if s.lower().endswith(".png") and "/" not in s]
        self.picture = own[0] if own else None
        # A copy of a page in a folder below it (rules-html/zero/Spartan.html)
        # shows the page's picture from there ("../Spartan.png"): that
        # picture is drawn for the page it belongs to.
        self.borrowed = [s for s in reader.images if s.lower().endswith(".png")
                         and s.startswith("../") and "/sym/" not in s]
        # The piece table: its header row starts "Piece", "ID".
        self.pieces = []  # (name, letter) in table order
        for table in reader.tables:
            rows = [[cell_text(c) for c in row] for row in table["rows"] if row]
            if rows and [t.lower() for t in rows[0][:2]] == ["piece", "id"]:
                self.pieces = [(r[0], r[1]) for r in rows[1:] if len(r) >= 2 and r[0]]
                break
        # The board table: cells of class "n" with ids sq{x}x{y}. Its size is
        # the number of files and ranks these cells span (on No.html they
        # are x = 1..8: the outer columns are class "h").
        self.board_files = self.board_ranks = 0
        xs, ys = set(), set()
        self.board_images = {}  # (x, y) -> image name (sym/WhiteKing.png -> WhiteKing)
        self.board_codes = {}  # (x, y) -> (cx, cy) of its down_click(cx, cy)
        for table in reader.tables:
            if "board" not in table["attrs"].get("class", "").split():
                continue
            for row in table["rows"]:
                for cell in row:
                    if "n" not in cell["attrs"].get("class", "").split():
                        continue
                    m = re.fullmatch(r"sq(\d+)x(\d+)", cell["attrs"].get("id", ""))
                    if not m:
                        continue
                    x, y = int(m.group(1)), int(m.group(2))
                    xs.add(x)
                    ys.add(y)
                    if cell["imgs"]:
                        src = cell["imgs"][0]
                        self.board_images[(x, y)] = os.path.splitext(os.path.basename(src))[0]
                    code = re.fullmatch(
                        r"\s*down_click\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*;?\s*",
                        cell["attrs"].get("onmousedown", ""),
                    )
                    if code:
                        self.board_codes[(x, y)] = (int(code.group(1)), int(code.group(2)))
            if xs:
                self.board_files = max(xs) - min(xs) + 1
                self.board_ranks = max(ys) - min(ys) + 1
            break


# -- names ------------------------------------------------------------------


def _words(name):
    """A piece name's words without its parenthesis, lower case and singular:
    "King (Persian)" -> ["king"], "Hoplites" -> ["hoplite"]."""
    base = re.sub(r"\(.*?\)", " ", name)
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
            for w in re.findall(r"[a-z]+", base.lower())]


def _qualifier(name):
    """The words in a piece name's parenthesis: "King (Spartan)" -> ["spartan"]."""
    inner = " ".join(re.findall(r"\((.*?)\)", name))
    return _words(inner)


def match_piece(name, pieces, context=""):
    """The row (name, letter) of the piece table that a setup line's name
    means, or raise SetupError. The same words first ("Pawns" -> "Pawn");
    else a row whose name holds all the words ("Hoplites" -> "Hoplite
    Pawn"). Rows told apart by a parenthesis ("King (Persian)", "King
    (Spartan)") are chosen by the words of the heading above the line."""
    words = _words(name)
    if not words:
        raise SetupError(f'"{name}" names no piece')
    rows = [r for r in pieces if _words(r[0]) == words]
    if not rows:
        rows = [r for r in pieces if all(w in _words(r[0]) for w in words)]
    if not rows:
        raise SetupError(f'"{name}" is not in the piece table')
    if len(rows) > 1:
        ctx = set(_words(context.replace("(", " ").replace(")", " ")))
        narrowed = [r for r in rows if set(_qualifier(r[0])) & ctx]
        if narrowed:
            rows = narrowed
    if len({r[1] for r in rows}) > 1:
        raise SetupError(f'"{name}" could be any of {", ".join(r[0] for r in rows)}')
    return rows[0]


# -- the setup text -----------------------------------------------------------

_SQ = r"[a-p](?:1[0-6]|[1-9])"
_GROUP = rf"{_SQ}(?:\s*-\s*{_SQ})?"
PLACEMENT_RE = re.compile(rf"({_GROUP}(?:\s*,\s*{_GROUP})*)\s*:\s*(\S.*)")
COUNT_RE = re.compile(r"(\d+)\s+([A-Za-z].*)")


def _square(text):
    return FILES.index(text[0]), int(text[1:]) - 1


def _expand(group):
    """ "a2-j2" -> the squares from a2 to j2 (along a rank or a file)."""
    ends = [_square(s.strip()) for s in group.split("-")]
    if len(ends) == 1:
        return ends
    (f0, r0), (f1, r1) = ends
    if r0 == r1:
        return [(f, r0) for f in range(min(f0, f1), max(f0, f1) + 1)]
    if f0 == f1:
        return [(f0, r) for r in range(min(r0, r1), max(r0, r1) + 1)]
    raise SetupError(f'"{group}" is neither along a rank nor along a file')


class Setup:
    """A starting position: files x ranks, grid[rank][file] = FEN letter or
    None (rank 0 is rank 1), and what each (colour, letter) is called."""

    def __init__(self, files, ranks, grid, names):
        self.files, self.ranks, self.grid, self.names = files, ranks, grid, names

    def fen(self):
        rows = []
        for rank in reversed(range(self.ranks)):
            out, empty = "", 0
            for f in range(self.files):
                letter = self.grid[rank][f]
                if letter is None:
                    empty += 1
                    continue
                if empty:
                    out += str(empty)
                    empty = 0
                out += letter
            if empty:
                out += str(empty)
            rows.append(out)
        return "/".join(rows)


def colour_of(letter):
    return "White" if letter.isupper() else "Black"


def derive_setup(page):
    """The setup the page's "Initial setup" text gives, and the problems
    found in that text (an empty list when it is usable as it stands).
    Returns (setup or None, problems)."""
    problems = []
    placed = []  # (file, rank, name, heading colour or None, heading, line)
    heading, heading_colour = "", None
    for kind, line in page.setup_lines:
        if kind == "heading":
            heading = line
            low = set(_words(line))
            heading_colour = "White" if "white" in low else "Black" if "black" in low else None
            continue
        m = PLACEMENT_RE.fullmatch(line)
        if m:
            try:
                squares = [sq for g in m.group(1).split(",") for sq in _expand(g.strip())]
            except SetupError as e:
                problems.append(f'"{line}": {e}')
                continue
            for f, r in squares:
                placed.append((f, r, m.group(2).strip(), heading_colour, heading, line))
        elif COUNT_RE.fullmatch(line):
            problems.append(f'"{line}" gives a number of pieces, no squares: no fixed setup')
    if not page.has_setup:
        return None, ['no "Initial setup" section']
    if not placed:
        return None, problems + ["the setup text places no piece"]
    files = max(p[0] for p in placed) + 1
    ranks = max(p[1] for p in placed) + 1
    if files > page.board_files or ranks > page.board_ranks:
        problems.append(
            f"the setup needs {files}x{ranks} squares, the page's board table has "
            f"{page.board_files}x{page.board_ranks}"
        )
    grid = [[None] * files for _ in range(ranks)]
    names, where = {}, {}
    for f, r, name, colour, head, line in placed:
        sq = f"{FILES[f]}{r + 1}"
        half = "White" if r < ranks / 2 else "Black"
        if colour is None:
            colour = half
        elif colour != half and ranks > 2:
            problems.append(f"{sq}: {name} is listed under {head!r} but stands on {half}'s half")
        try:
            table_name, letter = match_piece(name, page.pieces, head)
        except SetupError as e:
            problems.append(f'"{line}": {e}')
            continue
        if len(letter) != 1 or not letter.isalpha():
            problems.append(f"{table_name}: its ID {letter!r} is not one letter")
            continue
        letter = letter.upper() if colour == "White" else letter.lower()
        if (f, r) in where:
            problems.append(f"{sq} is listed twice: {where[(f, r)]} and {colour} {name}")
        where[(f, r)] = f"{colour} {name}"
        grid[r][f] = letter
        if names.setdefault((colour, letter), table_name) != table_name:
            problems.append(f"{colour} {letter} stands for {names[(colour, letter)]} and {table_name}")
    return Setup(files, ranks, grid, names), problems


def parse_fen(fen):
    """The board part of a FEN (rows from the last rank down, digits for
    empty squares, "10" for ten) -> (files, ranks, grid)."""
    rows = fen.split()[0].split("/")
    grid = []
    for row in rows:
        cells = []
        for count, letter in re.findall(r"(\d+)|([A-Za-z])", row):
            cells.extend([None] * int(count) if count else [letter])
        if "".join(re.findall(r"\d+|[A-Za-z]", row)) != row:
            raise SetupError(f"FEN row {row!r} holds something that is not a piece letter or a number")
        grid.append(cells)
    if len({len(r) for r in grid}) != 1:
        raise SetupError(f"FEN {fen!r}: rows of different lengths")
    grid.reverse()
    return len(grid[0]), len(grid), grid


def load_setups(path=SETUPS_FILE):
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return {k: v for k, v in data.items() if not k.startswith("_")}


def page_setup(page, entry):
    """The setup to draw for a page: the FEN of its entry in setups.json if
    it has one, else the one its text gives (SetupError if the text has
    problems). Returns (setup, where it came from, problems of the text)."""
    derived, problems = derive_setup(page)
    fen = entry.get("fen")
    if fen is None:
        if problems or derived is None:
            raise SetupError("; ".join(problems) + f' (fix the text, or give a "fen" in {os.path.relpath(SETUPS_FILE, ROOT)})')
        return derived, "the page's setup text", problems
    files, ranks, grid = parse_fen(fen)
    if files > page.board_files or ranks > page.board_ranks:
        raise SetupError(f"FEN {fen!r} is {files}x{ranks}, larger than the page's board table")
    if files > len(FILES):
        raise SetupError(f"FEN {fen!r} has more than {len(FILES)} files")
    names = dict(derived.names) if derived else {}
    for row in grid:
        for letter in row:
            if letter is None or (colour_of(letter), letter) in names:
                continue
            rows = [r for r in page.pieces if r[1].upper() == letter.upper()]
            if not rows or len({tuple(_words(r[0])) for r in rows}) > 1:
                raise SetupError(
                    f"FEN letter {letter!r}: the piece table has "
                    + (", ".join(r[0] for r in rows) if rows else "no piece")
                    + " with that ID, and the setup text does not say which"
                )
            names[(colour_of(letter), letter)] = rows[0][0]
    return Setup(files, ranks, grid, names), os.path.relpath(SETUPS_FILE, ROOT), problems


def svg_names(svg_dir):
    """XBoard's SVG names by lower case: "whitearchbishop" -> "WhiteArchbishop"."""
    try:
        files = os.listdir(svg_dir)
    except FileNotFoundError:
        return {}
    return {f[:-4].lower(): f[:-4] for f in files if f.endswith(".svg")}


def piece_image(colour, name, entry, available):
    """The XBoard SVG (name without .svg) that draws a piece: the entry's
    "images" map by the piece table's name, else colour + the name's words
    ("ArchBishop" -> WhiteArchbishop, "King (Persian)" -> WhiteKing)."""
    override = entry.get("images", {}).get(name)
    wanted = colour + (override or "".join(w.capitalize() for w in _words(name)))
    found = available.get(wanted.lower())
    if found is None:
        raise SetupError(
            f"no XBoard SVG {wanted}.svg for the {colour.lower()} {name}: map {name!r} to an "
            f'existing image in the page\'s "images" in {os.path.relpath(SETUPS_FILE, ROOT)}'
        )
    return found


def setup_svg(setup, images, svg_dir):
    """The picture as one SVG: squares, grid, coordinates, and each piece as
    an <image> of its XBoard SVG (embedded as a data: URL, once per kind)."""
    pitch = SQUARE + LINE
    width, height = picture_size(setup.files, setup.ranks)
    x0, y0 = COORD, 0  # the board's outer top-left corner
    bw, bh = setup.files * pitch + LINE, setup.ranks * pitch + LINE
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        f'<rect width="{width}" height="{height}" fill="{BACKGROUND}"/>',
        f'<rect x="{x0}" y="{y0}" width="{bw}" height="{bh}" fill="{GRID}"/>',
    ]
    used = sorted({images[(colour_of(p), p)] for row in setup.grid for p in row if p})
    out.append("<defs>")
    for svg in used:
        with open(os.path.join(svg_dir, svg + ".svg"), "rb") as f:
            data = base64.b64encode(f.read()).decode("ascii")
        out.append(
            f'<image id="{svg}" width="{SQUARE}" height="{SQUARE}" '
            f'xlink:href="data:image/svg+xml;base64,{data}"/>'
        )
    out.append("</defs>")
    for rank in range(setup.ranks):
        y = y0 + LINE + (setup.ranks - 1 - rank) * pitch
        for f in range(setup.files):
            x = x0 + LINE + f * pitch
            colour = DARK if (f + rank) % 2 == 0 else LIGHT  # a1 is dark
            out.append(f'<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{colour}"/>')
            letter = setup.grid[rank][f]
            if letter:
                out.append(f'<use xlink:href="#{images[(colour_of(letter), letter)]}" x="{x}" y="{y}"/>')
    text = f'font-family="{FONT}" font-size="{FONT_SIZE}" fill="{COORD_COLOUR}"'
    for rank in range(setup.ranks):
        y = y0 + LINE + (setup.ranks - 1 - rank) * pitch + SQUARE / 2 + FONT_SIZE * 0.36
        out.append(f'<text x="{COORD - 3}" y="{y:g}" text-anchor="end" {text}>{rank + 1}</text>')
    for f in range(setup.files):
        x = x0 + LINE + f * pitch + SQUARE / 2
        out.append(f'<text x="{x:g}" y="{bh + COORD - 4}" text-anchor="middle" {text}>{FILES[f]}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def setup_pages(pages_dir):
    """The pages of pages_dir and of the folders right under it
    (rules-html/zero/)."""
    found = []
    for entry in sorted(os.listdir(pages_dir)):
        path = os.path.join(pages_dir, entry)
        if entry.endswith(".html"):
            found.append(path)
        elif os.path.isdir(path) and entry != "sym":
            found += [os.path.join(path, f) for f in sorted(os.listdir(path)) if f.endswith(".html")]
    return found


def make_setups(pages_dir, out, svg_dir, force, setups_file=SETUPS_FILE):
    """Draw the setup picture of every page in pages_dir (and one folder
    down) that has an "Initial setup" section or an entry in setups.json,
    into out (None: next to each page). Returns the list of (page, message)
    it could not draw."""
    me = os.path.abspath(__file__)
    entries = load_setups(setups_file)
    paths = setup_pages(pages_dir)
    known = {os.path.splitext(os.path.basename(p))[0] for p in paths}
    # An entry for no page is a slip in this repository's own pages; an
    # author's folder elsewhere (--pages) has none of them.
    own = os.path.abspath(pages_dir) == os.path.join(ROOT, "rules-html")
    failed = [(name, f"{os.path.relpath(setups_file, ROOT)} has an entry for it, but there is no {name}.html")
              for name in entries if own and name not in known]
    available = svg_names(svg_dir)
    rsvg = shutil.which("rsvg-convert")
    for path in paths:
        page = Page(path)
        entry = entries.get(page.name, {})
        if (not page.has_setup and not entry) or (page.picture is None and page.borrowed):
            continue
        try:
            if page.picture is None:
                raise SetupError(f'the page shows no setup picture (<img src="{page.name}.png">)')
            setup, source, _ = page_setup(page, entry)
            images = {key: piece_image(key[0], name, entry, available) for key, name in setup.names.items()}
        except SetupError as e:
            failed.append((page.name, str(e)))
            continue
        target = os.path.join(out if out is not None else os.path.dirname(path), page.picture)
        used = {images[(colour_of(p), p)] for row in setup.grid for p in row if p}
        sources = [path, me] + ([setups_file] if os.path.exists(setups_file) else [])
        sources += [os.path.join(svg_dir, s + ".svg") for s in sorted(used)]
        if not force and up_to_date(target, *sources):
            continue
        if rsvg is None:
            sys.exit("make-assets: rsvg-convert not found (apt-get install librsvg2-bin, or make setup)")
        tmp = target + ".tmp"
        subprocess.run(
            [rsvg, "-f", "png", "-o", tmp],
            input=setup_svg(setup, images, svg_dir).encode("utf-8"),
            check=True,
        )
        os.replace(tmp, target)
        print(
            f"make-assets: {os.path.relpath(target, ROOT)} "
            f"({setup.files}x{setup.ranks}, {setup.fen()}, from {source})"
        )
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT, help="output directory (default rules-html/sym)")
    ap.add_argument("--svg-dir", default=DEFAULT_SVG_DIR, help="directory of XBoard's SVG pieces")
    ap.add_argument("--pages", default=DEFAULT_PAGES, help="directory of the rules pages (default rules-html)")
    ap.add_argument("--setup-out", help="directory of the setup pictures (default: next to each page)")
    ap.add_argument("--setups-only", action="store_true", help="only the setup pictures")
    ap.add_argument("--force", action="store_true", help="rewrite every image")
    args = ap.parse_args()
    if not args.setups_only:
        os.makedirs(args.out, exist_ok=True)
        make_marks(args.out, args.force)
        make_pieces(args.out, args.svg_dir, args.force)
    if args.setup_out:
        os.makedirs(args.setup_out, exist_ok=True)
    failed = make_setups(args.pages, args.setup_out, args.svg_dir, args.force)
    for name, why in failed:
        print(f"make-assets: no setup picture for {name}: {why}", file=sys.stderr)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
