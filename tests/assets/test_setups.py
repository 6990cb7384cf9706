"""The setup pictures of the rules pages (glance setup reads the pages,
scripts/make-assets.py draws).

    python3 -m unittest discover tests/assets

Checks the FEN each page's "Initial setup" text gives, the FEN drawn (with
scripts/setups.json), that each piece is drawn with the image the page's own
board uses for it, and the pictures themselves (size, square colours,
idempotence, a page whose text has slips and no FEN in setups.json); and
that every picture the pages `glance page --builtins` and `glance page
tests/fixtures/fairy-stockfish-variants.ini --all` write name is drawn.
"""

import contextlib
import html.parser
import importlib.util
import io
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "make-assets.py")
PAGES = os.path.join(ROOT, "rules-html")

_spec = importlib.util.spec_from_file_location("make_assets", SCRIPT)
ma = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ma)

# XBoard's own arrays for these variants (backend.c: CapablancaArray,
# twoKingsArray, SpartanArray), written as FEN.
XBOARD = {
    "Capablanca": "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
    "TwoKings": "rnbqkknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR",
    "Spartan": "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR",
}
SIZES = {"Capablanca": (10, 8), "TwoKings": (8, 8), "Spartan": (8, 8), "No": (8, 8)}
# The pages of rules-html/zero/ that show a picture of their own (the
# zero-code copies of the seed pages show the seed page's, "../Spartan.png").
ZERO_SIZES = {"Shako": (10, 10)}
# Shako as Fairy-Stockfish's variants.ini sets it up (its startFen).
SHAKO = "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C"


def glance_setup(*paths, setups=True):
    """What `glance setup --json` (which reads the pages; make-assets.py
    draws from it) says of each page, by page name."""
    cmd = [ma.glance_binary(), "setup", "--json", *paths]
    if setups:
        cmd[2:2] = ["--setups", os.path.relpath(ma.SETUPS_FILE, ROOT)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr
    return {p["name"]: p for p in json.loads(done.stdout)}


def page(name, setups=True, folder=PAGES):
    return glance_setup(os.path.join(folder, name + ".html"), setups=setups)[name]


def read_png(path):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, ctype, _, _, interlace = header
    assert depth == 8 and ctype in (2, 6) and interlace == 0, header
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        ftype = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp : x * bpp + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def rgb(hex_colour):
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


class DerivedFromText(unittest.TestCase):
    """What the pages' "Initial setup" texts give, before setups.json."""

    def test_capablanca_and_two_kings_read_as_xboard_sets_them_up(self):
        for name in ("Capablanca", "TwoKings"):
            setup = page(name, setups=False)
            self.assertEqual((setup["problems"], setup["error"]), ([], None), name)
            self.assertEqual(setup["fen"], XBOARD[name], name)
            self.assertEqual((setup["files"], setup["ranks"]), SIZES[name], name)

    def test_spartan_text_slips_are_found(self):
        setup = page("Spartan")
        text = "\n".join(setup["problems"])
        self.assertIn("f1 is listed twice", text)
        self.assertIn("g1 is listed twice", text)
        self.assertIn("g1: Warlord is listed under 'Black (Spartans)'", text)
        # Without setups.json's FEN, the slips stop the picture.
        alone = page("Spartan", setups=False)["error"]
        self.assertIn("f1 is listed twice", alone)
        self.assertIn('give a "fen" in', alone)
        # Black's names are the Spartan ones: the heading picks "King (Spartan)".
        names = {(n["colour"], n["letter"]): n["name"] for n in setup["names"]}
        self.assertEqual(names[("Black", "k")], "King (Spartan)")
        self.assertEqual(names[("White", "K")], "King (Persian)")
        self.assertEqual(names[("Black", "h")], "Hoplite Pawn")

    def test_shako_reads_as_fairy_stockfish_sets_it_up(self):
        shako = page("Shako", folder=os.path.join(PAGES, "zero"))
        self.assertEqual((shako["problems"], shako["error"]), ([], None))
        self.assertEqual(shako["fen"], SHAKO)
        self.assertEqual((shako["files"], shako["ranks"]), ZERO_SIZES["Shako"])
        self.assertEqual(shako["picture"], "Shako.png")

    def test_zero_code_copies_borrow_their_seed_pages_picture(self):
        for name in SIZES:
            copy = page(name, folder=os.path.join(PAGES, "zero"))
            self.assertEqual((copy["picture"], copy["borrowed"]), (None, [f"../{name}.png"]), name)
            self.assertFalse(copy["draw"], name)

    def test_no_castle_has_no_fixed_setup(self):
        text = "\n".join(page("No")["problems"])
        self.assertIn('"1 King" gives a number of pieces', text)
        self.assertIn("the page's board table has 8x10", text)

    def test_board_tables(self):
        # The board tables are 10 ranks high on every page (demonstration
        # boards); their width is the variant's on all but Spartan's.
        self.assertEqual([tuple(page(n)["board"]) for n in sorted(SIZES)],
                         [(10, 10), (8, 10), (10, 10), (8, 10)])


class Drawn(unittest.TestCase):
    """The positions drawn: text, or setups.json where the text cannot do."""

    def setUp(self):
        self.entries = ma.load_setups()

    def test_fixed_setups_are_xboards(self):
        for name, fen in XBOARD.items():
            setup = page(name)
            self.assertEqual(setup["fen"], fen, name)
            self.assertEqual((setup["files"], setup["ranks"]), SIZES[name], name)

    def test_only_the_pages_that_need_it_have_a_fen(self):
        self.assertEqual(sorted(n for n, e in self.entries.items() if "fen" in e), ["No", "Spartan"])
        for name in ("Capablanca", "TwoKings"):
            self.assertEqual(page(name)["source"], "the page's setup text")

    def test_no_castle_is_a_legal_shuffle(self):
        setup = ma.Setup(page("No"))
        self.assertEqual((setup.files, setup.ranks), (8, 8))
        white = setup.grid[0]
        self.assertEqual(sorted(white), sorted("KQRRBBNN"))
        self.assertEqual(setup.grid[7], [p.lower() for p in white], "Black mirrors White")
        self.assertEqual(setup.grid[1], ["P"] * 8)
        self.assertEqual(setup.grid[6], ["p"] * 8)
        self.assertTrue(all(p is None for r in setup.grid[2:6] for p in r))
        bishops = [f for f, p in enumerate(white) if p == "B"]
        self.assertEqual(len({f % 2 for f in bishops}), 2, "Bishops on opposite colours")
        self.assertNotEqual("".join(white), "RNBQKBNR", "a shuffled back rank")

    def test_each_piece_drawn_as_on_the_pages_board(self):
        """Every piece of each drawn setup is drawn with an image the
        page's own board table shows for some piece (of either colour):
        the Chancellor as XBoard's Marshall on Capablanca, the Spartans'
        pieces as the page draws them; the theme's SVG exists."""
        available = ma.svg_names(ma.DEFAULT_SVG_DIR)
        if not available:
            self.skipTest("XBoard's SVGs missing: run make setup")
        strip = lambda image: image.removeprefix("White").removeprefix("Black")  # noqa: E731
        for name in SIZES:
            setup = page(name)
            shown = {strip(i) for i in setup["board_images"]}
            self.assertGreater(len(shown), 3, name)
            for piece in setup["names"]:
                with self.subTest(page=name, piece=f"{piece['colour']} {piece['name']}"):
                    image = ma.piece_image(piece, available)
                    self.assertTrue(image.startswith(piece["colour"]))
                    self.assertIn(strip(image), shown, "not drawn so on the page's board")

    def test_an_image_the_theme_lacks_is_named(self):
        piece = {"colour": "White", "letter": "W", "name": "Warlord", "image": "WhiteWarlord"}
        with self.assertRaises(ma.SetupError) as e:
            ma.piece_image(piece, {"whiteking": "WhiteKing"})
        self.assertIn("no XBoard SVG WhiteWarlord.svg for the white Warlord", str(e.exception))


@unittest.skipUnless(shutil.which("rsvg-convert"), "rsvg-convert missing: make setup")
@unittest.skipUnless(os.path.isdir(ma.DEFAULT_SVG_DIR), "XBoard's SVGs missing: make setup")
class Pictures(unittest.TestCase):
    """The pictures, written into a temporary folder."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="setups-")
        cls.first = cls.run_script("--force")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    @classmethod
    def run_script(cls, *extra, pages=PAGES):
        return subprocess.run(
            [sys.executable, SCRIPT, "--setups-only", "--pages", pages, "--setup-out", cls.tmp, *extra],
            capture_output=True, text=True,
        )

    def test_one_line_per_picture(self):
        self.assertEqual(self.first.returncode, 0, self.first.stderr)
        lines = self.first.stdout.splitlines()
        self.assertEqual(len(lines), 5, lines)
        for name in [*SIZES, *ZERO_SIZES]:
            self.assertEqual(sum(f"/{name}.png (" in line for line in lines), 1, lines)

    def test_size_and_squares(self):
        self.assertEqual((ma.LIGHT.upper(), ma.DARK.upper()), ("#C8C365", "#77A26D"), "XBoard's default colours")
        light, dark = rgb(ma.LIGHT), rgb(ma.DARK)
        pitch = ma.SQUARE + ma.LINE
        self.assertTrue(36 <= pitch <= 40)
        for name, (files, ranks) in {**SIZES, **ZERO_SIZES}.items():
            width, height, rows = read_png(os.path.join(self.tmp, name + ".png"))
            self.assertEqual((width, height), ma.picture_size(files, ranks), name)
            self.assertEqual((width, height), (ma.COORD + files * pitch + 1, ranks * pitch + 1 + ma.COORD))
            # The empty middle ranks (3 to ranks-2; 4 to ranks-3 on Shako,
            # whose pawns stand on the third ranks): each square's centre
            # has its colour; a1's colour (dark) on even file + rank.
            skip = 3 if name in ZERO_SIZES else 2
            for rank in range(skip, ranks - skip):
                for f in range(files):
                    x = ma.COORD + ma.LINE + f * pitch + ma.SQUARE // 2
                    y = ma.LINE + (ranks - 1 - rank) * pitch + ma.SQUARE // 2
                    want = dark if (f + rank) % 2 == 0 else light
                    self.assertEqual(rows[y][x], want, f"{name} {ma.FILES[f]}{rank + 1}")
            # A piece stands on a1: its square is not plain dark there.
            x, y = ma.COORD + ma.LINE + ma.SQUARE // 2, ma.LINE + (ranks - 1) * pitch + ma.SQUARE // 2
            square = [rows[y + dy][x + dx] for dy in range(-8, 9) for dx in range(-8, 9)]
            self.assertTrue(any(px != dark for px in square), f"{name}: a1 looks empty")

    def test_warm_run_writes_nothing(self):
        again = self.run_script()
        self.assertEqual((again.returncode, again.stdout), (0, ""), again.stderr)

    def test_text_with_slips_and_no_fen_stops(self):
        pages = tempfile.mkdtemp(prefix="pages-")
        try:
            shutil.copy(os.path.join(PAGES, "Spartan.html"), pages)
            empty = os.path.join(pages, "setups.json")
            with open(empty, "w") as f:
                json.dump({}, f)
            failed = ma.make_setups(pages, pages, ma.DEFAULT_SVG_DIR, True, setups_file=empty)
            self.assertEqual([n for n, _ in failed], ["Spartan"])
            self.assertIn("f1 is listed twice", failed[0][1])
            self.assertFalse(os.path.exists(os.path.join(pages, "Spartan.png")))
        finally:
            shutil.rmtree(pages)


class OwnPictures(html.parser.HTMLParser):
    """The pictures a page names beside itself: each <img src> with no
    folder (the piece and mark images are in sym/)."""

    def __init__(self):
        super().__init__()
        self.pictures = []

    def handle_starttag(self, tag, attrs):
        src = dict(attrs).get("src") or ""
        if tag == "img" and "/" not in src:
            self.pictures.append(src)


@unittest.skipUnless(shutil.which("rsvg-convert"), "rsvg-convert missing: make setup")
@unittest.skipUnless(os.path.isdir(ma.DEFAULT_SVG_DIR), "XBoard's SVGs missing: make setup")
class WrittenPages(unittest.TestCase):
    """Deployed as docs/variant-pages.md says (`make-assets.py --pages
    site --setups-only`), every page `glance page` writes shows its setup
    picture: make-assets draws each picture a page or the catalogue names,
    and fails on none (a page whose board is empty at the start names
    none). Micro shogi's Silver, Janggi's Chariot and the other pieces
    XBoard has no artwork for are drawn as the page draws them."""

    def check(self, what, args, at_least):
        tmp = tempfile.mkdtemp(prefix=f"written-{what}-")
        try:
            pages, out = os.path.join(tmp, "pages"), os.path.join(tmp, "pictures")
            os.makedirs(out)
            done = subprocess.run([ma.glance_binary(), "page", *args, "--out-dir", pages],
                                  cwd=ROOT, capture_output=True, text=True)
            self.assertEqual(done.returncode, 0, done.stderr)
            with contextlib.redirect_stdout(io.StringIO()):  # a line per picture
                failed = ma.make_setups(pages, out, ma.DEFAULT_SVG_DIR, True)
            self.assertEqual(failed, [], f"{len(failed)} pictures not drawn")
            named, pictured = set(), 0
            for page in sorted(os.listdir(pages)):
                if not page.endswith(".html"):
                    continue
                parser = OwnPictures()
                with open(os.path.join(pages, page), encoding="utf-8") as f:
                    parser.feed(f.read())
                named.update(parser.pictures)
                pictured += page != "index.html" and bool(parser.pictures)
            for picture in sorted(named):
                with self.subTest(picture=picture):
                    path = os.path.join(out, picture)
                    self.assertTrue(os.path.isfile(path), f"{picture} is named and not drawn")
                    with open(path, "rb") as f:
                        self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n", picture)
            self.assertGreaterEqual(pictured, at_least)
        finally:
            shutil.rmtree(tmp)

    def test_builtins(self):
        # 120 of pyffish's 121 built-ins start with pieces on the board
        # (Flipersi's is empty).
        self.check("builtins", ["--builtins"], 120)

    def test_reference_sections(self):
        # 132 of the reference file's 143 sections start with pieces on
        # the board.
        ini = os.path.join(ROOT, "tests", "fixtures", "fairy-stockfish-variants.ini")
        self.check("reference", [ini, "--all"], 132)

    def test_a_piece_without_artwork_is_drawn_as_the_page_draws_it(self):
        available = {"whiterook": "WhiteRook", "blackgold": "BlackGold"}
        chariot = {"colour": "White", "letter": "R", "name": "Chariot", "image": "WhiteChariot",
                   "drawn": "WhiteRook"}
        self.assertEqual(ma.piece_image(chariot, available), "WhiteRook")
        silver = {"colour": "White", "letter": "S", "name": "Silver General",
                  "image": "WhiteSilverGeneral", "drawn": ""}
        self.assertEqual(ma.piece_image(silver, available), ma.LETTER)
        gold = {"colour": "Black", "letter": "g", "name": "Gold General",
                "image": "BlackGoldGeneral", "drawn": "BlackGold"}
        self.assertEqual(ma.piece_image(gold, available), "BlackGold")
        # Artwork of its name wins over the page's drawing.
        rook = {**chariot, "name": "Rook", "image": "WhiteRook", "drawn": ""}
        self.assertEqual(ma.piece_image(rook, available), "WhiteRook")
        # Drawn with nothing the theme has: named as before.
        with self.assertRaises(ma.SetupError):
            ma.piece_image({**chariot, "drawn": "WhiteWarlord"}, available)


if __name__ == "__main__":
    unittest.main()
