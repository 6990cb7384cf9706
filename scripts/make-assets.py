#!/usr/bin/env python3
"""Generate the images the rules pages show, into rules-html/sym/.

Two kinds of image:

* move marks (yellow, orange, green, red, cyan discs and the open circle),
  drawn here pixel by pixel and written as PNG with zlib + struct only;
* piece images, rendered from XBoard's SVG artwork with rsvg-convert.
  scripts/setup.sh unpacks that artwork from Debian's xboard package into
  build/xboard/.

Idempotent: an image newer than its source (the SVG, or this script for the
marks) is left alone. Prints one line per image it writes.

Usage: scripts/make-assets.py [--out DIR] [--svg-dir DIR] [--force]
"""

import argparse
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT, help="output directory (default rules-html/sym)")
    ap.add_argument("--svg-dir", default=DEFAULT_SVG_DIR, help="directory of XBoard's SVG pieces")
    ap.add_argument("--force", action="store_true", help="rewrite every image")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    make_marks(args.out, args.force)
    make_pieces(args.out, args.svg_dir, args.force)


if __name__ == "__main__":
    main()
