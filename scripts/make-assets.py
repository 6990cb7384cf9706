#!/usr/bin/env python3
"""Generate the images the rules pages show: rules-html/sym/ and each page's setup picture.

Three kinds of image:

* move marks (yellow, orange, green, red, cyan discs, the open circle, and
  the demonstrations' promote and gate marks),
  drawn here pixel by pixel and written as PNG with zlib + struct only;
* piece images, rendered from XBoard's SVG artwork with rsvg-convert.
  scripts/setup.sh unpacks that artwork from Debian's xboard package into
  build/xboard/;
* each rules page's setup picture (rules-html/<Page>.png, the image at the
  top of the page; rules-html/zero/<Page>.png for a page of rules-html/zero/
  that shows its own): the starting position drawn like XBoard's board, from
  what `glance setup` reads on the page (a FEN derived from the page's own
  "Initial setup" text, or, where that text is not usable, a FEN given in
  scripts/setups.json; see there why). target/release/glance is built with
  cargo if missing ($GLANCE names another).

Idempotent: an image newer than its sources (the SVG, or this script for the
marks; the page, scripts/setups.json, this script and the SVGs for a setup
picture) is left alone. Prints one line per image it writes.

--no-setups draws only rules-html/sym/ (no cargo build: make serve draws
the pieces first, the setup pictures once the first boards answer presses).

Usage: scripts/make-assets.py [--out DIR] [--svg-dir DIR] [--pages DIR]
                              [--setup-out DIR] [--setups-only | --no-setups] [--force]
"""

import argparse
import base64
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import zlib

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
# promote.png: a move here promotes (a promotion demonstration's squares):
# a violet disc with a white ring inside, told from the others by its shape
# as well as its colour.
PROMOTE_COLOUR = (150, 60, 200)
PROMOTE_RING = (255, 255, 255)
PROMOTE_RING_RADII = (4.0, 6.5)  # inner and outer radius of the white ring
# gate.png: a piece in hand may enter here (a gating demonstration's squares,
# drawn over the piece whose first move opens the gate): a blue disc with a
# white square inside, told from promote.png's ring by its shape.
GATE_COLOUR = (30, 100, 210)
GATE_SQUARE = (255, 255, 255)
GATE_SQUARE_HALF = 4.0  # half the side of the white square

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


def draw(paint, xy=False):
    """Render SIZE x SIZE pixels; paint(r) gives (rgb, alpha 0..1) at distance r
    from the centre, or None for nothing there (with `xy`, paint(r, dx, dy),
    dx and dy the offsets from the centre). Colours are blended by
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
                    r = math.hypot(x - c, y - c)
                    hit = paint(r, x - c, y - c) if xy else paint(r)
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


def ringed_disc(rgb, inner):
    """A disc like disc(rgb), with a ring of colour `inner` inside it."""
    rim = darker(rgb)
    lo, hi = PROMOTE_RING_RADII

    def paint(r):
        if r > DISC_RADIUS:
            return None
        if r > DISC_RADIUS - RIM_WIDTH:
            return rim, 1.0
        if lo <= r <= hi:
            return inner, 1.0
        return rgb, 1.0

    return draw(paint)


def squared_disc(rgb, inner):
    """A disc like disc(rgb), with a square of colour `inner` in its middle."""
    rim = darker(rgb)

    def paint(r, dx, dy):
        if r > DISC_RADIUS:
            return None
        if r > DISC_RADIUS - RIM_WIDTH:
            return rim, 1.0
        if max(abs(dx), abs(dy)) <= GATE_SQUARE_HALF:
            return inner, 1.0
        return rgb, 1.0

    return draw(paint, xy=True)


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
    jobs.append(("promote", lambda: ringed_disc(PROMOTE_COLOUR, PROMOTE_RING)))
    jobs.append(("gate", lambda: squared_disc(GATE_COLOUR, GATE_SQUARE)))
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
# This script reads no page: `glance setup` (src/tools/setup_picture.rs, on the
# one page model of src/page/) says for each page its picture's file, its
# board table's size, the position and each piece's image:
# * the "Initial setup" section's text ("f1, f8: King", "a2-j2, a7-j7:
#   Pawns"; an h4 naming White or Black above a list gives its colour,
#   otherwise a square's half of the board does), each name matched to the
#   piece table's row, whose ID is its FEN letter (upper case White);
# * scripts/setups.json's FEN where the text cannot give the setup (slips,
#   a shuffled setup; it says why), and its "images" where the page's own
#   board draws a piece with another image than its name would pick.
# Here: the picture drawn from that, as one SVG rasterised by rsvg-convert.
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


class Setup:
    """A starting position as `glance setup` gives it: files x ranks,
    grid[rank][file] = FEN letter or None (rank 0 is rank 1), its FEN, and
    per piece (colour, letter) its table name and XBoard image."""

    def __init__(self, found):
        self.files, self.ranks, self.fen = found["files"], found["ranks"], found["fen"]
        self.grid = found["grid"]
        self.pieces = {(n["colour"], n["letter"]): n for n in found["names"]}


def colour_of(letter):
    return "White" if letter.isupper() else "Black"


def glance_binary():
    """target/release/glance, built with cargo if missing."""
    binary = os.environ.get("GLANCE") or os.path.join(ROOT, "target", "release", "glance")
    if not os.path.exists(binary):
        cargo = shutil.which("cargo")
        if cargo is None:
            sys.exit(f"make-assets: {binary} not found and no cargo to build it (make build)")
        subprocess.run([cargo, "build", "--release", "--bin", "glance"], cwd=ROOT, check=True)
    return binary


def read_setups(paths, setups_file=SETUPS_FILE):
    """What `glance setup` reads from each page (its picture, board, FEN,
    pieces and the text's problems; see src/tools/setup_picture.rs), by path."""
    if not paths:
        return {}
    cmd = [glance_binary(), "setup", "--json", *paths]
    if os.path.exists(setups_file):
        cmd[2:2] = ["--setups", os.path.relpath(setups_file, ROOT)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"make-assets: glance setup failed: {done.stderr.strip()}")
    return {os.path.abspath(os.path.join(ROOT, p["path"])): p for p in json.loads(done.stdout)}


def load_setups(path=SETUPS_FILE):
    """The page names setups.json has an entry for (the checks of the
    entries themselves are glance setup's)."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return {k: v for k, v in data.items() if not k.startswith("_")}


def svg_names(svg_dir):
    """XBoard's SVG names by lower case: "whitearchbishop" -> "WhiteArchbishop"."""
    try:
        files = os.listdir(svg_dir)
    except FileNotFoundError:
        return {}
    return {f[:-4].lower(): f[:-4] for f in files if f.endswith(".svg")}


def piece_image(piece, available, setups_file=SETUPS_FILE, board_images=()):
    """The XBoard SVG (name without .svg) that draws a piece: the image
    glance setup names for it (setups.json's "images", else colour + the
    name's words), as the theme spells it; where the theme has none, as
    the page itself draws the piece (glance setup's "drawn": its board's
    or its diagram's image, or its disc, drawn as its letter)."""
    wanted, colour, name = piece["image"], piece["colour"], piece["name"]
    if wanted == "":
        return LETTER  # the page's own board draws it as its letter
    found = available.get(wanted.lower())
    drawn = piece.get("drawn")
    if found is None and drawn == "":
        return LETTER  # the page draws it as its disc (make_discs)
    if found is None and drawn is not None:
        found = available.get(drawn.lower())
    if found is None and f"{colour}Disc{piece['letter'].upper()}" in board_images:
        return LETTER  # the page's board draws it as its disc (make_discs)
    if found is None:
        raise SetupError(
            f"no XBoard SVG {wanted}.svg for the {colour.lower()} {name}: map {name!r} to an "
            f'existing image in the page\'s "images" in {os.path.relpath(setups_file, ROOT)}'
        )
    return found


# A piece with no XBoard image that the page's own board shows as its
# letter (pages written by `glance page`): drawn as that letter on a disc,
# white or black like the side.
LETTER = ""


def letter_piece(letter, x, y):
    """A lettered piece on the square whose top-left corner is (x, y)."""
    white = letter.isupper()
    disc, ink = ("#FFFFFF", "#000000") if white else ("#000000", "#FFFFFF")
    c = SQUARE / 2
    return (f'<circle cx="{x + c:g}" cy="{y + c:g}" r="{c - 3:g}" fill="{disc}" stroke="#000000"/>'
            f'<text x="{x + c:g}" y="{y + c + 7:g}" text-anchor="middle" font-family="{FONT}" '
            f'font-size="20" font-weight="bold" fill="{ink}">{letter.upper()}</text>')


# The piece images of the pieces XBoard has no artwork for, which pages
# written by `glance page` show (sym/WhiteDiscA.png, sym/BlackDiscA.png):
# the same disc with its letter as the setup pictures draw, one per letter
# and side, so that the board, the picture and the diagrams agree.
DISC_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def make_discs(out, force):
    rsvg = shutil.which("rsvg-convert")
    me = os.path.abspath(__file__)
    for letter in DISC_LETTERS:
        for side, shown in (("White", letter), ("Black", letter.lower())):
            target = os.path.join(out, f"{side}Disc{letter}.png")
            if not force and up_to_date(target, me):
                continue
            if rsvg is None:
                sys.exit("make-assets: rsvg-convert not found (apt-get install librsvg2-bin, or make setup)")
            svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{SQUARE}" height="{SQUARE}" '
                   f'viewBox="0 0 {SQUARE} {SQUARE}">{letter_piece(shown, 0, 0)}</svg>')
            tmp = target + ".tmp"
            subprocess.run([rsvg, "-w", str(SIZE), "-h", str(SIZE), "-f", "png", "-o", tmp],
                           input=svg.encode("utf-8"), check=True)
            os.replace(tmp, target)
            print(f"make-assets: {os.path.relpath(target, ROOT)} (a disc with {letter})")


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
    used = sorted({images[(colour_of(p), p)] for row in setup.grid for p in row if p} - {LETTER})
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
            if letter and images[(colour_of(letter), letter)] == LETTER:
                out.append(letter_piece(letter, x, y))
            elif letter:
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
    found = read_setups(paths, setups_file)
    for path in paths:
        page = found[os.path.abspath(path)]
        if not page["draw"]:
            continue
        try:
            if page["error"] is not None:
                raise SetupError(page["error"])
            setup = Setup(page)
            board_images = page.get("board_images", [])
            images = {key: piece_image(p, available, setups_file, board_images)
                      for key, p in setup.pieces.items()}
        except SetupError as e:
            failed.append((page["name"], str(e)))
            continue
        target = os.path.join(out if out is not None else os.path.dirname(path), page["picture"])
        used = {images[(colour_of(p), p)] for row in setup.grid for p in row if p} - {LETTER}
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
        source = page["source"]
        print(
            f"make-assets: {os.path.relpath(target, ROOT)} "
            f"({setup.files}x{setup.ranks}, {setup.fen}, from {source})"
        )
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT, help="output directory (default rules-html/sym)")
    ap.add_argument("--svg-dir", default=DEFAULT_SVG_DIR, help="directory of XBoard's SVG pieces")
    ap.add_argument("--pages", default=DEFAULT_PAGES, help="directory of the rules pages (default rules-html)")
    ap.add_argument("--setup-out", help="directory of the setup pictures (default: next to each page)")
    only = ap.add_mutually_exclusive_group()
    only.add_argument("--setups-only", action="store_true", help="only the setup pictures")
    only.add_argument("--no-setups", action="store_true", help="only rules-html/sym/, no setup picture")
    ap.add_argument("--force", action="store_true", help="rewrite every image")
    args = ap.parse_args()
    if not args.setups_only:
        os.makedirs(args.out, exist_ok=True)
        make_marks(args.out, args.force)
        make_pieces(args.out, args.svg_dir, args.force)
        make_discs(args.out, args.force)
    if args.no_setups:
        return
    if args.setup_out:
        os.makedirs(args.setup_out, exist_ok=True)
    failed = make_setups(args.pages, args.setup_out, args.svg_dir, args.force)
    for name, why in failed:
        print(f"make-assets: no setup picture for {name}: {why}", file=sys.stderr)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
