#!/usr/bin/env python3
"""What every press of a page `glance page` wrote must show, asked of
Fairy-Stockfish (pyffish, loaded with the same variants.ini).

    .venv/bin/python tests/fairy/pages_oracle.py PAGES_DIR [--ini FILE] [--out FILE]

Reads each `PAGES_DIR/*.html` that `glance page` wrote (the section's name
from the comment it writes; the board from its `table.board` cells, read
with the standard library's html.parser: `td id="sqXxY"`, `data-piece`,
`data-side`), and for every declared cell (a press) gives the squares
Fairy-Stockfish says that piece (its letter, its side) reaches from that
square, as JSON (see tests/fairy/README.md, "Pages against Fairy-Stockfish"):

    {"pages": [{"file", "variant", "files", "ranks", "presses": [
        {"id": "sq3x0", "letter": "q", "black": false, "square": "d1",
         "setting": "empty" | "page",
         "move": [cell ids], "capture": [cell ids],      # the expected marks
         "unknown_move": [...], "unknown_capture": [...], # not compared
         "unknown_why": {cell id: reason},
         "not_comparable": null | reason,
         "known": null | reason}]}]}

The board the module draws a press on (src/board/scene.rs, Scene::of_piece)
decides the position Fairy-Stockfish is asked about:

  * a piece that needs a screen (its row's Betza has p, g, j or +: the
    module draws it among the page's pieces): the page's board itself, every
    piece of it on its square with its side, the pressed side to move.
    Non-captures: legal moves onto empty squares. Captures: onto the page's
    enemy pieces (the module marks a hopper's captures on the pieces it
    takes there, none on the empty squares beyond a screen). A square
    holding a piece of the pressed side is not compared (the module takes
    every piece on the page as an enemy; Fairy-Stockfish never takes a
    friend). A position Fairy-Stockfish calls invalid, the mover's king in
    check, or the pressed piece pinned (its side in check without it) makes
    the press not comparable, with that reason;
  * any other piece: the module draws it on the empty board, so
    variants_oracle.Oracle's "empty" setting (the piece alone with the two
    royal pieces out of its way, captures probed with enemies) is asked;
    the royal pieces' squares and squares whose probing enemy ends the game
    or checks are not compared.

Exit status 0; 2 when a page cannot be read.
"""

import argparse
import json
import multiprocessing
import os
import re
import subprocess
import sys
from html.parser import HTMLParser

import pyffish as sf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from variants_oracle import Oracle, sq_name, sq_parse, variant_pieces  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CELL_RE = re.compile(r"^sq(\d+)x(\d+)$")
SECTION_RE = re.compile(r"from \[([^\]]+)\] of ")
# lib/zero.mjs's needsScreen, src/engine/betza.rs's Piece::needs_screen:
# Betza's modifiers p, g, j or a hop link +.
SCREEN_RE = re.compile(r"[pgj+]")

# Rules of a variant that decide which moves are legal beyond where its
# pieces move: a press may show a square Fairy-Stockfish refuses (or the
# other way) for a reason the page's Betza cannot say. (key, test on the
# value, reason.) Built-in parents set some of them (Fairy-Stockfish's
# variant.cpp).
RULES = [
    ("blastOnCapture", lambda v: v == "true",
     "a capture explodes its neighbours (atomic): none next to one's own royal piece"),
    ("mustCapture", lambda v: v == "true", "captures are compulsory: no non-capture while a capture exists"),
    ("checking", lambda v: v == "false", "giving check is illegal"),
    ("flyingGeneral", lambda v: v == "true", "the royal pieces may not face each other on a file"),
    ("extinctionPseudoRoyal", lambda v: v == "true",
     "pseudo-royal pieces: no move may leave one attacked"),
    ("tripleStepRegionWhite", lambda v: v.strip() not in ("", "-"),
     "a triple step (tripleStepRegion), which glance page does not read: its pages show no triple step"),
    ("mobilityRegionWhite", lambda v: True,
     "mobility regions: Fairy-Stockfish confines the pieces, the page's Betza cannot say where"),
]
BUILTIN_RULES = {
    "racingkings": {"checking": "false"},
    "giveaway": {"mustCapture": "true"},
    "antichess": {"mustCapture": "true"},
    "nocheckatomic": {"blastOnCapture": "true"},
    "atomic": {"blastOnCapture": "true"},
    "xiangqi": {"flyingGeneral": "true", "mobilityRegionWhite": "palace"},
    "janggi": {"mobilityRegionWhite": "palace"},
}
SECTION_HEAD = re.compile(r"^\[([A-Za-z0-9_-]+)(?::([A-Za-z0-9_-]+))?\]")


EXTINCTION = {}


def variant_rules(ini_text):
    """Per section: the reasons of RULES that its keys (and its parents')
    give, as {name: [reasons]}."""
    keys, parent, name = {}, {}, None
    for line in ini_text.splitlines():
        m = SECTION_HEAD.match(line.strip())
        if m:
            name = m.group(1)
            keys[name] = {}
            parent[name] = m.group(2)
            continue
        if name and "=" in line and not line.lstrip().startswith("#"):
            k, v = line.split("=", 1)
            k = k.strip()
            if k.startswith("mobilityRegion"):
                k = "mobilityRegionWhite"
            if k.startswith("tripleStepRegion"):
                k = "tripleStepRegionWhite"
            keys[name][k] = v.split("#")[0].strip()
    out = {}
    for n in keys:
        merged, chain, at = {}, [], n
        while at is not None and at not in chain:
            chain.append(at)
            at = parent.get(at) if at in keys else None
        for c in reversed(chain):
            merged.update(keys.get(c) or BUILTIN_RULES.get(c, {}))
        # A built-in at the root of the chain.
        root = parent.get(chain[-1]) if chain[-1] in keys else chain[-1]
        for k, v in BUILTIN_RULES.get(root, {}).items():
            merged.setdefault(k, v)
        out[n] = [why for k, test, why in RULES if k in merged and test(merged[k])]
        types = merged.get("extinctionPieceTypes", "")
        EXTINCTION[n] = {c.lower() for c in types if c.isalpha()}
    return out


RULES_OF = {}


class PageReader(HTMLParser):
    """The section's name, the board's cells and the piece table's Betza."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.variant = None
        self.cells = []  # (id, x, y, key or None, black)
        self.moves = {}  # key -> the Moves column's text
        self._board_depth = 0
        self._row = None  # (key, [cell texts]) inside a tr[data-piece]
        self._text = None

    def handle_comment(self, data):
        m = SECTION_RE.search(data)
        if m and self.variant is None:
            self.variant = m.group(1)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            if self._board_depth or "board" in (a.get("class") or "").split():
                self._board_depth += 1
        elif tag == "td" and self._board_depth:
            m = CELL_RE.match(a.get("id") or "")
            if m and "n" in (a.get("class") or "").split():
                self.cells.append((a["id"], int(m.group(1)), int(m.group(2)), a.get("data-piece"),
                                   a.get("data-side") == "black"))
        elif tag == "tr" and "data-piece" in a and not self._board_depth:
            self._row = (a["data-piece"], [])
        elif tag == "td" and self._row is not None:
            self._text = []

    def handle_data(self, data):
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "table" and self._board_depth:
            self._board_depth -= 1
        elif tag == "td" and self._row is not None and self._text is not None:
            self._row[1].append(" ".join("".join(self._text).split()))
            self._text = None
        elif tag == "tr" and self._row is not None:
            key, cols = self._row
            # Moves is the fourth column (name, ID, value, Moves, Remarks).
            self.moves[key] = cols[3] if len(cols) > 3 else ""
            self._row = None


def read_page(path):
    r = PageReader()
    with open(path, encoding="utf-8") as f:
        r.feed(f.read())
    r.close()
    if r.variant is None or not r.cells:
        raise ValueError("%s: not a page glance page wrote (no section comment or no board)" % path)
    return r


ORACLE = None


class Board:
    """A page's board: its size and pieces, in Fairy-Stockfish's terms."""

    def __init__(self, reader):
        self.variant = reader.variant
        xs = [c[1] for c in reader.cells]
        ys = [c[2] for c in reader.cells]
        self.x0, self.y0 = min(xs), min(ys)
        self.files = max(xs) - self.x0 + 1
        self.ranks = max(ys) - self.y0 + 1
        self.ids = {}  # algebraic -> cell id
        self.pieces = {}  # algebraic -> FEN letter (upper case White)
        self.presses = []
        for cid, x, y, key, black in reader.cells:
            sq = sq_name(x - self.x0, y - self.y0)
            self.ids[sq] = cid
            if key:
                letter = key.lower()
                self.pieces[sq] = letter if black else letter.upper()
                self.presses.append((cid, sq, letter, black, reader.moves.get(key, "")))

    def fen(self, position, side):
        """A FEN of `position` (algebraic -> letter), `side` to move, no
        castling, no en passant."""
        rows = []
        for r in range(self.ranks - 1, -1, -1):
            row, empty = "", 0
            for f in range(self.files):
                p = position.get(sq_name(f, r))
                if p:
                    row += (str(empty) if empty else "") + p
                    empty = 0
                else:
                    empty += 1
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows) + " %s - - 0 1" % side


def targets(variant, fen, origin):
    """The squares the piece on `origin` moves to (legal moves), or None
    when Fairy-Stockfish gives no move at all."""
    try:
        moves = sf.legal_moves(variant, fen, [])
    except Exception:
        return None
    if not moves:
        return None
    out = set()
    for uci in moves:
        m = re.match(r"^([a-p])(\d+)([a-p])(\d+)", uci)
        if m and m.group(1) + m.group(2) == origin and m.group(3) + m.group(4) != origin:
            out.add(m.group(3) + m.group(4))
    return out


def letter_of(p):
    return p.lower()


def royal_letters(variant):
    """The royal pieces' letters, and the pseudo-royal ones (extinction
    piece types with extinctionPseudoRoyal)."""
    info = ORACLE.variants.get(variant) or {"pieces": []}
    out = {p["letter"] for p in info["pieces"] if p["royal"]}
    if any("pseudo-royal" in r for r in RULES_OF.get(variant, [])):
        out |= EXTINCTION.get(variant, set())
    return out


def ring_captures(board, base, sq, black, candidates):
    """The squares of `candidates` (empty squares) on which a lone enemy
    would be taken by the piece on `sq`, and those that cannot be told.
    Enemies go on a whole ring of candidates at one Chebyshev distance at
    once: a move to a ring square passes only nearer squares (riders, lame
    leapers, hoppers alike), so they do not interfere; a ring that checks
    or ends the game is split in halves down to lone enemies, and a square
    whose lone enemy ends the game cannot be told. A royal piece's squares
    are probed one by one (ring enemies would defend each other)."""
    variant = board.variant
    side = "b" if black else "w"
    foe_letter = ORACLE.enemy(variant)
    foe = foe_letter.upper() if black else foe_letter
    f0, r0 = sq_parse(sq)
    dist = lambda t: max(abs(sq_parse(t)[0] - f0), abs(sq_parse(t)[1] - r0))
    captures, unknown = set(), set()

    def lone(t):
        pos = dict(base)
        pos[t] = foe
        # (Taking a lone enemy that checks is legal: no check test.)
        one = targets(variant, board.fen(pos, side), sq)
        if one is None:
            unknown.add(t)
        elif t in one:
            captures.add(t)

    def together(group):
        # Enemies on all of `group`; a group that checks or ends the game
        # is split in two, down to lone enemies.
        if len(group) == 1:
            lone(group[0])
            return
        pos = dict(base)
        pos.update({t: foe for t in group})
        gfen = board.fen(pos, side)
        got = None if sf.gives_check(variant, gfen, []) else targets(variant, gfen, sq)
        if got is None:
            half = len(group) // 2
            together(group[:half])
            together(group[half:])
        else:
            captures.update(got & set(group))

    # A royal piece may not take a defended enemy, and the enemies of a
    # ring defend each other: it is probed square by square.
    royal = letter_of(base[sq]) in royal_letters(variant)
    for k in sorted({dist(t) for t in candidates}):
        ring = [t for t in candidates if dist(t) == k]
        if royal:
            for t in ring:
                lone(t)
        else:
            together(ring)
    return captures, unknown


def shadowed(board, position, sq, t):
    """Does a piece of `position` stand strictly inside the rectangle
    spanned by `sq` and `t`? Every path of a piece from `sq` to `t`
    (a rider's line, a lame leaper's steps, a hop) stays in it, so on an
    unshadowed square the empty board and the page's board agree."""
    (f0, r0), (f1, r1) = sq_parse(sq), sq_parse(t)
    for f in range(min(f0, f1), max(f0, f1) + 1):
        for r in range(min(r0, r1), max(r0, r1) + 1):
            s = sq_name(f, r)
            if s not in (sq, t) and s in position:
                return True
    return False


def among_pieces(board, sq, letter, black, empty_board_why=None):
    """A press in the page's position (the page's pieces, each on its
    square with its side; the pressed side to move). For a hopper, the
    module draws it there. `empty_board_why`: a piece the module draws on
    the empty board, asked here because the empty setting could not be
    (the reason given); then only squares no page piece shadows are
    compared."""
    variant = board.variant
    side = "b" if black else "w"
    position = dict(board.pieces)
    fen = board.fen(position, side)
    res = {"setting": "page" if empty_board_why is None else "page, unshadowed squares",
           "move": [], "capture": [], "unknown_move": [], "unknown_capture": [],
           "unknown_why": {}, "not_comparable": None}
    if empty_board_why is not None:
        res["empty_board_why"] = empty_board_why
    valid = sf.validate_fen(fen, variant)
    if valid != sf.FEN_OK:
        res["not_comparable"] = "Fairy-Stockfish calls the page's position invalid (validate_fen %d)" % valid
        return res
    if sf.gives_check(variant, fen, []):
        res["not_comparable"] = "the mover's king is in check in the page's position"
        return res
    without = dict(position)
    del without[sq]
    if sf.gives_check(variant, board.fen(without, side), []):
        res["not_comparable"] = "the piece is pinned in the page's position"
        return res
    base = targets(variant, fen, sq)
    if base is None:
        res["not_comparable"] = "no legal move in the page's position (the game is over by the variant's rules)"
        return res
    mine = (lambda p: p.islower()) if black else (lambda p: p.isupper())
    empty = []
    for t, cid in board.ids.items():
        if t == sq:
            continue
        if empty_board_why is not None and shadowed(board, position, sq, t):
            res["unknown_move"].append(cid)
            res["unknown_capture"].append(cid)
            res["unknown_why"][cid] = "a page piece stands between (the module draws this piece on the empty board)"
            continue
        p = position.get(t)
        if p is not None:
            # Occupied: no non-capture can end there.
            res["unknown_move"].append(cid)
            if mine(p):
                res["unknown_capture"].append(cid)
                res["unknown_why"][cid] = "a piece of the pressed side (the module takes every page piece as an enemy)"
            elif t in base:
                res["capture"].append(cid)
            continue
        if t in base:
            res["move"].append(cid)
        if empty_board_why is None:
            # Drawn among the page's pieces, a hopper's captures are the
            # pieces it takes there (glance diagram --occupied marks no
            # capture on an empty square beyond a screen): no probe.
            res["unknown_capture"].append(cid)
            res["unknown_why"][cid] = "an empty square of the page's position (a hopper's captures are compared on the page's pieces)"
            continue
        empty.append(t)
    captures, unknown = ring_captures(board, position, sq, black, empty)
    res["capture"] += [board.ids[t] for t in sorted(captures)]
    for t in sorted(unknown):
        cid = board.ids[t]
        res["unknown_capture"].append(cid)
        res["unknown_why"][cid] = "a lone enemy there ends the game"
    return res


def on_empty_board(board, sq, letter, black):
    """A press drawn on the empty board: the piece alone with the two
    royal pieces (variants_oracle.Oracle.kings: on squares no line or leap
    of 3 through the piece meets; without a royal piece, a piece of each
    side). Non-captures: its legal moves. Captures: enemies on a whole ring
    of squares at one Chebyshev distance (a move to a ring square passes
    only nearer squares, so they do not interfere); a ring that checks or
    ends the game is probed square by square, and a square whose lone
    enemy does is not compared."""
    res = {"setting": "empty", "move": [], "capture": [], "unknown_move": [], "unknown_capture": [],
           "unknown_why": {}, "not_comparable": None}
    variant = board.variant
    side = "b" if black else "w"
    kings = ORACLE.kings(variant, sq, letter)
    if kings is None:
        return among_pieces(board, sq, letter, black, "no room for the royal pieces out of the piece's way")
    if black:
        kings = {s: (p.lower() if p.isupper() else p.upper()) for s, p in kings.items()}
    base = dict(kings)
    base[sq] = letter if black else letter.upper()
    fen = board.fen(base, side)
    if sf.validate_fen(fen, variant) != sf.FEN_OK or sf.gives_check(variant, fen, []):
        return among_pieces(board, sq, letter, black, "the piece alone with the royal pieces is no valid position")
    moves = targets(variant, fen, sq)
    if moves is None:
        return among_pieces(board, sq, letter, black, "the piece alone with the royal pieces is a finished game in this variant")
    captures, unknown = ring_captures(board, base, sq, black, [t for t in board.ids if t not in base])
    res["move"] = sorted(board.ids[t] for t in moves)
    res["capture"] = sorted(board.ids[t] for t in captures)
    for t in kings:
        cid = board.ids[t]
        res["unknown_move"].append(cid)
        res["unknown_capture"].append(cid)
        res["unknown_why"][cid] = "a royal piece stands there in the position asked"
    for t in sorted(unknown):
        cid = board.ids[t]
        res["unknown_capture"].append(cid)
        res["unknown_why"][cid] = "a lone enemy there ends the game"
    return res


def expect_page(path):
    reader = read_page(path)
    board = Board(reader)
    known = "; ".join(RULES_OF.get(board.variant, [])) or None
    presses = []
    for cid, sq, letter, black, moves in board.presses:
        betza = (moves.split() or [""])[0]
        if SCREEN_RE.search(betza):
            res = among_pieces(board, sq, letter, black)
        else:
            res = on_empty_board(board, sq, letter, black)
        res.update({"id": cid, "letter": letter, "black": black, "square": sq, "betza": betza, "known": known})
        presses.append(res)
    return {"file": os.path.basename(path), "variant": board.variant, "files": board.files,
            "ranks": board.ranks, "presses": presses}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pages")
    ap.add_argument("--ini", default=os.path.join(ROOT, "tests/fixtures/fairy-stockfish-variants.ini"))
    ap.add_argument("--out")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    # The variants' sizes, royal pieces and mobility regions, as the
    # Oracle takes them.
    variants = variant_pieces(args.ini)
    global ORACLE
    ini_text = open(args.ini, encoding="utf-8").read()
    ORACLE = Oracle(ini_text, variants)
    RULES_OF.update(variant_rules(ini_text))
    files = sorted(os.path.join(args.pages, f) for f in os.listdir(args.pages) if f.endswith(".html"))
    try:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            pages = pool.map(expect_page, files)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    text = json.dumps({"ini": os.path.basename(args.ini), "pages": pages})
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
