#!/usr/bin/env python3
"""What every press of a page `glance page` wrote must show, asked of
Fairy-Stockfish (pyffish) playing the page's variant.

    .venv/bin/python tests/fairy/pages_oracle.py PAGES_DIR [--ini FILE] [--builtins DIR] [--out FILE]

Reads each `PAGES_DIR/*.html` (written from the sections of FILE) and each
`DIR/*.html` (written for pyffish's built-in variants, no file): the
variant's name from the comment glance page writes (else the file's name),
the board from its `table.board` cells (html.parser: `td id="sqXxY"`,
`data-piece`, `data-side`). Nothing comes from glance's resolver: the
board's size, the game's pieces and its royal pieces come from pyffish and
this test's own reading of the file (game_pieces.py, checked against
pyffish). Output, JSON (tests/fairy/README.md):

    {"pages": [{"file", "variant", "source": "file" | "builtin",
       "facts": {...game_pieces.Facts...}, "disagreements": [...],
       "problems": [...],           # a reason in glance page: a failure
       "foreign": ["B", ...],       # pieces on the page the game does not have
       "foreign_side": ["n", ...],  # a side's copy no side of that colour meets
       "presses": [{"id", "letter", "black", "square", "betza", "setting",
         "move": [ids], "capture": [ids], "own": [ids],
         "unknown_move": [...], "unknown_capture": [...], "unknown_why": {id: reason},
         "not_comparable": null | reason, "ours": bool}]}]}

Every press is asked of the variant itself (its board, its pieces' moves,
its regions: palaces, rivers, double-step and promotion regions) with only
the rules that are no piece's move switched off (`OFF`: blasts, compulsory
captures, checking restrictions, the flying general, game ends, castling,
drops, gating, walls; a piece whose captures blasts or petrification
take away, as a pseudo-royal piece, is asked with them on: KEEP), in the
position the module draws the press on
(src/board/scene.rs, Scene::of_piece):

  * a piece that needs a screen (its row's Betza has p, g, j or +): the
    page's board itself, every piece on its square with its side, the
    pressed side to move. Every square is compared as the position has it:
    an empty square's move (a legal non-capture there; nothing stands there
    to take, so a mark meaning "move or capture" is compared as a move and
    a capture-only mark is a mismatch: the page marks a hopper's captures
    on the pieces of its board, as the legacy Xiangqi page's Canon does),
    an enemy piece's capture, and a piece of the pressed side's own:
    neither (a capture marked there is a mismatch, counted as an own-side
    square);
  * any other piece: the empty board: the piece with the two royal pieces
    where no line or leap of 3 through the piece meets (the royal pieces'
    own squares asked again with them elsewhere); captures probed with
    enemies on rings.

A press Fairy-Stockfish cannot answer is counted by reason; `ours` says
the reason lies in the page (a position pyffish calls invalid): a failure.

Exit status 0; 2 when a page cannot be read.
"""

import argparse
import copy
import json
import multiprocessing
import os
import re
import sys
from html.parser import HTMLParser

import pyffish as sf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from game_pieces import Facts, check_reading, load  # noqa: E402
from variants_oracle import Oracle, sq_name, sq_parse  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CELL_RE = re.compile(r"^sq(\d+)x(\d+)$")
SECTION_RE = re.compile(r"from \[([^\]]+)\]")
# lib/zero.mjs's needsScreen, src/engine/betza.rs's Piece::needs_screen:
# Betza's modifiers p, g, j or a hop link +.
SCREEN_RE = re.compile(r"[pgj+]")

# The rules that are no piece's move, switched off in the variant the
# presses are asked of (a section `[glanceoff_NAME:NAME]` loaded after the
# file): atomic blasts, compulsory captures, checks (checking, drop checks,
# the flying general, makpong, bikjang, duple checks, pseudo-royal
# extinction), game ends (extinction, flags, connect-N, check counting),
# castling, drops, gating and walls. Palaces, rivers and the other
# mobility, promotion and double-step regions stay: they are movement.
OFF = {
    "blastOnCapture": "false", "mustCapture": "false", "mustDrop": "false",
    "checking": "true", "dropChecks": "true", "flyingGeneral": "false", "makpongRule": "false",
    "bikjangRule": "false", "dupleCheck": "false", "extinctionPseudoRoyal": "false",
    "extinctionValue": "none", "flagRegionWhite": "-", "flagRegionBlack": "-",
    "connectN": "0", "collinearN": "0", "checkCounting": "false",
    "castling": "false", "pieceDrops": "false", "capturesToHand": "false", "gating": "false",
    "seirawanGating": "false", "wallingRule": "none",
}
OFF_PREFIX = "glanceoff_"
# The rules of OFF that take a move or a capture away from a piece: a
# pseudo-royal piece (extinctionPseudoRoyal) whose own capture would blow
# it up (blastOnCapture) or petrify it (petrifyOnCaptureTypes, never in
# OFF) never captures (Position::legal: "Self-explosions are illegal",
# "Petrifying a pseudo-royal piece is illegal"). A section
# `[glancekeep_NAME:NAME]` keeps them as the variant has them, the rest of
# OFF switched off; a press whose piece loses its captures there is asked
# of it (keep_rules).
KEEP = ("blastOnCapture", "extinctionPseudoRoyal")
KEEP_PREFIX = "glancekeep_"


def off_sections(variants):
    """The sections that switch OFF off in each variant, and those that
    keep KEEP on."""
    body = "".join("%s = %s\n" % kv for kv in OFF.items())
    kept = "".join("%s = %s\n" % kv for kv in OFF.items() if kv[0] not in KEEP)
    return "".join("[%s%s:%s]\n%s\n[%s%s:%s]\n%s\n" % (OFF_PREFIX, v, v, body, KEEP_PREFIX, v, v, kept)
                   for v in variants)


class PageReader(HTMLParser):
    """The section's name, the board's cells and the piece table's Betza."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.variant = None
        self.cells = []  # (id, x, y, key or None, black)
        # (id, letter, square or move, FEN, "drop" | "castle" | "en-passant" | "promotion" | "gating" | "wall")
        self.hands = []
        self.moves = {}  # key -> the Moves column's text
        self._board_depth = 0
        self._row = None  # (key, [cell texts]) inside a tr[data-piece]
        self._text = None

    def handle_comment(self, data):
        m = SECTION_RE.search(data)
        if m and self.variant is None and "glance page" in data:
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
            elif m and a.get("data-hand") and a.get("data-fen"):
                self.hands.append((a["id"], a["data-hand"], a["data-fen"], "drop"))
            elif m and a.get("data-castle") and a.get("data-fen"):
                self.hands.append((a["id"], a["data-castle"], a["data-fen"], "castle"))
            elif m and a.get("data-en-passant") and a.get("data-fen"):
                self.hands.append((a["id"], a["data-en-passant"], a["data-fen"], "en-passant"))
            elif m and a.get("data-promotion") and a.get("data-fen"):
                self.hands.append((a["id"], a["data-promotion"], a["data-fen"], "promotion"))
            elif m and a.get("data-gating") and a.get("data-fen"):
                self.hands.append((a["id"], a["data-gating"], a["data-fen"], "gating"))
            elif m and a.get("data-wall") and a.get("data-fen"):
                self.hands.append((a["id"], a["data-wall"], a["data-fen"], "wall"))
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
    if not r.cells:
        raise ValueError("%s: not a page glance page wrote (no board)" % path)
    if r.variant is None:
        r.variant = os.path.splitext(os.path.basename(path))[0]
    return r


ORACLE = None
SECTIONS = {}


class Board:
    """A page's board: its size and pieces, in Fairy-Stockfish's terms;
    `variant` the section the presses are asked of (OFF switched off)."""

    def __init__(self, reader, variant):
        self.variant = variant
        xs = [c[1] for c in reader.cells]
        ys = [c[2] for c in reader.cells]
        self.x0, self.y0 = min(xs), min(ys)
        self.files = max(xs) - self.x0 + 1
        self.ranks = max(ys) - self.y0 + 1
        self.ids = {}  # algebraic -> cell id
        self.pieces = {}  # algebraic -> FEN letter (upper case White)
        self.presses = []
        self.absent = set()  # royal pieces (cased) a side's game does not have
        self.game = set()  # the game's pieces (game_pieces.Facts.pieces)
        self.walls = set()  # the start position's walls (`*`), as pyffish writes them
        for cid, x, y, key, black in reader.cells:
            sq = sq_name(x - self.x0, y - self.y0)
            self.ids[sq] = cid
            if key:
                letter = key.lower()
                self.pieces[sq] = letter if black else letter.upper()
                self.presses.append((cid, sq, letter, black, reader.moves.get(key, "")))

    def pieces_of(self, fen, promoted=False):
        """A FEN's board: algebraic -> letter (`~` dropped; `+` too,
        unless `promoted`: then a promoted piece reads `+x`)."""
        rows = fen.split(" ")[0].split("[")[0].split("/")
        out = {}
        for r, row in enumerate(rows):
            f = 0
            # (`*`: a wall, Duck chess's duck.)
            for tok in re.findall(r"\d+|\+?[A-Za-z*]~?", row):
                if tok.isdigit():
                    f += int(tok)
                    continue
                tok = tok.replace("~", "")
                out[sq_name(f, len(rows) - 1 - r)] = tok if promoted else tok.lstrip("+")
                f += 1
        return out

    def fen(self, position, side):
        """A FEN of `position` (algebraic -> letter), `side` to move, no
        castling, no en passant."""
        rows = []
        for r in range(self.ranks - 1, -1, -1):
            row, empty = "", 0
            for f in range(self.files):
                p = position.get(sq_name(f, r)) or ("*" if sq_name(f, r) in self.walls else None)
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
        m = re.match(r"^([a-z])(\d+)([a-z])(\d+)", uci)
        if m and m.group(1) + m.group(2) == origin and m.group(3) + m.group(4) != origin:
            out.add(m.group(3) + m.group(4))
    return out


def ring_captures(board, base, sq, black, candidates, royal):
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

    for k in sorted({dist(t) for t in candidates}):
        ring = [t for t in candidates if dist(t) == k]
        if royal:
            for t in ring:
                lone(t)
        else:
            together(ring)
    return captures, unknown


def new_result(setting):
    return {"setting": setting, "move": [], "capture": [], "own": [], "empty": [], "unknown_move": [],
            "unknown_capture": [], "unknown_why": {}, "not_comparable": None, "ours": False}


def among_pieces(board, sq, letter, black, royal):
    """A press in the page's position (the page's pieces, each on its
    square with its side; the pressed side to move), where the module draws
    a piece that needs a screen. Every square is compared."""
    variant = board.variant
    side = "b" if black else "w"
    position = dict(board.pieces)
    fen = board.fen(position, side)
    res = new_result("page")
    valid = sf.validate_fen(fen, variant)
    if valid != sf.FEN_OK:
        res["not_comparable"] = "Fairy-Stockfish calls the page's position invalid (validate_fen %d)" % valid
        res["ours"] = True
        return res
    if sf.gives_check(variant, fen, []):
        res["not_comparable"] = "the mover's king is in check in the page's position (checks cannot be switched off)"
        return res
    without = dict(position)
    del without[sq]
    if sf.gives_check(variant, board.fen(without, side), []):
        res["not_comparable"] = "the piece is pinned in the page's position (checks cannot be switched off)"
        return res
    base = targets(variant, fen, sq)
    if base is None:
        res["not_comparable"] = "no legal move in the page's position"
        return res
    mine = (lambda p: p.islower()) if black else (lambda p: p.isupper())
    for t, cid in board.ids.items():
        if t == sq:
            continue
        p = position.get(t)
        if p is not None:
            # Occupied: no non-capture ends there; a piece of the pressed
            # side is never taken.
            if mine(p):
                res["own"].append(cid)
            elif t in base:
                res["capture"].append(cid)
            continue
        if t in base:
            res["move"].append(cid)
        res["empty"].append(cid)
    # An empty square is compared as it stands: whether a move ends there;
    # nothing stands there to be taken. (The page draws a hopper's
    # captures on the pieces its board holds, as XBoard's Xiangqi page
    # does: its Canon on h3 marks the Rook on h10 and nothing on the empty
    # h8 and h9 between, legacy/expected.json; so no enemy is put on an
    # empty square here, and a mark that means "move or capture" there is
    # a move: tests/e2e/lib/fairy-compare.mjs.)
    return res


def on_empty_board(board, sq, letter, black, royal):
    """A press drawn on the empty board: the piece alone with the two
    royal pieces (Oracle.kings: on squares no line or leap of 3 through
    the piece meets; without a royal piece, a piece of each side), the
    royal pieces' squares asked again with the royal pieces elsewhere."""
    res = new_result("empty")
    variant = board.variant
    side = "b" if black else "w"
    me = letter if black else letter.upper()
    kings = ORACLE.kings(variant, sq, letter)
    if kings is None:
        res["not_comparable"] = "no room for the royal pieces out of the piece's way"
        return res
    # (Black's piece: the royal pieces swap sides; a side whose game has
    # no royal piece, as White in maharajah, gets none.)
    swap = lambda ks: {s: (p.lower() if p.isupper() else p.upper()) for s, p in ks.items()} if black else ks
    flip = lambda ks: {s: p for s, p in swap(ks).items() if p not in board.absent}
    kings = flip(kings)
    base = dict(kings)
    base[sq] = me
    fen = board.fen(base, side)
    valid = sf.validate_fen(fen, variant)
    if valid != sf.FEN_OK:
        res["not_comparable"] = "the piece alone with the royal pieces is no valid position (validate_fen %d)" % valid
        if me in board.absent or letter not in board.game:
            # The page shows a piece this side's game does not have.
            res["not_comparable"] = "a piece its side's game does not have: pyffish refuses it alone with the royal pieces"
            res["ours"] = True
        return res
    if sf.gives_check(variant, fen, []):
        res["not_comparable"] = "the piece alone with the royal pieces: the mover is in check"
        return res
    moves = targets(variant, fen, sq)
    if moves is None:
        res["not_comparable"] = "the piece alone with the royal pieces has no legal move"
        return res
    captures, unknown = ring_captures(board, base, sq, black, [t for t in board.ids if t not in base], royal)
    # The royal pieces' squares, asked with them elsewhere.
    again = ORACLE.kings(variant, sq, letter, avoid=set(kings))
    if again is not None:
        again = flip(again)
        base2 = dict(again)
        base2[sq] = me
        fen2 = board.fen(base2, side)
        moves2 = None
        if sf.validate_fen(fen2, variant) == sf.FEN_OK and not sf.gives_check(variant, fen2, []):
            moves2 = targets(variant, fen2, sq)
        if moves2 is not None:
            rest = [t for t in kings if t != sq and t not in again]
            moves |= moves2 & set(rest)
            c2, u2 = ring_captures(board, base2, sq, black, rest, royal)
            captures |= c2
            unknown |= u2
            kings = {t: p for t, p in kings.items() if t not in rest}
    if royal:
        # A royal piece may not move into check (which cannot be switched
        # off): a square the other side attacks is not asked.
        for t in board.ids:
            if t in kings or t == sq or t in moves or t in captures:
                continue
            pos = {k: p for k, p in base.items() if k != sq}
            pos[t] = me
            if sf.gives_check(variant, board.fen(pos, side), []):
                cid = board.ids[t]
                res["unknown_move"].append(cid)
                res["unknown_capture"].append(cid)
                res["unknown_why"][cid] = "the other side attacks it (a royal piece may not move into check)"
    res["move"] = sorted(board.ids[t] for t in moves if t not in kings)
    res["capture"] = sorted(board.ids[t] for t in captures)
    for t in kings:
        cid = board.ids[t]
        res["unknown_move"].append(cid)
        res["unknown_capture"].append(cid)
        res["unknown_why"][cid] = "a royal piece stands there in both positions asked"
    for t in sorted(unknown):
        cid = board.ids[t]
        res["unknown_capture"].append(cid)
        res["unknown_why"][cid] = "a lone enemy there leaves no legal move"
    return res


def keep_rules(board, sq, letter, black, royal, res):
    """Whether the rules KEEP takes away the captures of the piece on
    `sq`: on the empty board of `res` (OFF switched off), the capture
    farthest from the royal pieces (a blast there reaches neither) asked
    again of the variant with KEEP on, the same position. True when pyffish
    refuses it there."""
    if res["not_comparable"] or not res["capture"]:
        return False
    kings = ORACLE.kings(board.variant, sq, letter)
    if kings is None:
        return False
    kings = {s: (p.lower() if p.isupper() else p.upper()) for s, p in kings.items()} if black else kings
    kings = {s: p for s, p in kings.items() if p not in board.absent}
    by_id = {cid: t for t, cid in board.ids.items()}
    far = lambda t: min([max(abs(a - b) for a, b in zip(sq_parse(t), sq_parse(k))) for k in kings] or [99])
    t = max((by_id[c] for c in res["capture"] if by_id[c] not in kings), key=lambda t: (far(t), t), default=None)
    if t is None or far(t) < 2:
        return False
    foe_letter = ORACLE.enemy(board.variant)
    pos = dict(kings)
    pos[sq] = letter if black else letter.upper()
    pos[t] = foe_letter.upper() if black else foe_letter
    fen = board.fen(pos, "b" if black else "w")
    keep = KEEP_PREFIX + board.variant[len(OFF_PREFIX):]
    off, kept = targets(board.variant, fen, sq), targets(keep, fen, sq)
    return off is not None and t in off and kept is not None and t not in kept


DROP_RE = re.compile(r"^\+?([A-Za-z])@([a-z]\d+)$")


def step_from(uci, at):
    """A move of the piece on AT to another square: its destination and
    its promotion suffix (`e6d7`, `e6d7+` shogi-style, `c7c8q`; a duck's
    or wall's square after `,` aside; `e4e4,e4a3`, a wall placed without
    a move, is none), else None."""
    m = re.match(r"^([a-z]\d+)([a-z]\d+)([a-z+]?)(,|$)", uci)
    if not m or m.group(1) != at or m.group(2) == at:
        return None
    return m.group(2), m.group(3)


def pocket_count(fen, letter):
    """How many of `letter` (its case its side's) the FEN's pocket holds
    (`[HEhe]`; Fairy-Stockfish's `[...]` after the board)."""
    board = fen.split(" ")[0]
    if "[" not in board:
        return 0
    return board.split("[", 1)[1].split("]", 1)[0].count(letter)


GATING_RE = re.compile(r"^([a-z]\d+)([a-z]\d+)([a-z])([a-z]\d+)?(,|$)")


def gate_squares(board, name, fen, letter, moves):
    """The squares where the piece in hand `letter` (White's upper case)
    enters the board by gating: a legal move that is no drop, written with
    the piece's letter after its squares (`b1c3h`: a Hawk on b1, the
    square the move starts on, as UCI writes a gate; a gate elsewhere
    follows the letter), after which, in the position pyffish gives, the
    mover's pocket holds one fewer of it and the gate holds it (so a
    promotion to the same type, `a7a8h`, which takes nothing from the
    pocket, is none)."""
    out = []
    held = pocket_count(fen, letter)
    for uci in moves:
        m = GATING_RE.match(uci)
        if not m or m.group(3) != letter.lower():
            continue
        gate = m.group(4) or m.group(1)
        after_fen = sf.get_fen(name, fen, [uci])
        if pocket_count(after_fen, letter) != held - 1 or board.pieces_of(after_fen).get(gate) != letter:
            continue
        if gate not in out:
            out.append(gate)
    return out


WALL_RE = re.compile(r"^([a-z]\d+)([a-z]\d+),[a-z]\d+([a-z]\d+)$")


def wall_squares(board, fen, move, moves):
    """Where the wall (or the duck) may go after `move` (`d2d4`; `a1a1`, a
    wall placed instead of a move): the square after the comma of every
    legal move written as that move and a wall (`d2d4,d4e5`: the wall on
    e5, written as a move from where the piece landed); and the
    position the press must show, the FEN's with the piece moved."""
    out = []
    for uci in moves:
        m = WALL_RE.match(uci)
        if m and m.group(1) + m.group(2) == move and m.group(3) not in out:
            out.append(m.group(3))
    pieces = board.pieces_of(fen)
    m = re.match(r"^([a-z]\d+)([a-z]\d+)$", move)
    if m and m.group(1) != m.group(2) and m.group(1) in pieces:
        pieces[m.group(2)] = pieces.pop(m.group(1))
    return out, pieces


def hand_presses(board, name, hands, facts):
    """What pressing each piece in hand, castling King, pawn taking en
    passant, piece about to promote or piece in hand gated in must show:
    the position its FEN says (every square: the FEN's letter, or None)
    and the squares where pyffish, playing the variant itself with every
    rule on, drops it, where its King lands when it castles (a legal move
    that moves two of the mover's pieces), where the pawn on the square
    the cell names may move (`captures`: those of its moves that take a
    piece), where the piece on the square the cell names may move
    (`promotes`: those squares a move of it reaches with a promotion
    suffix, a piece letter or `+`), or where the piece in hand enters the
    board by gating (gate_squares), or where a wall (or the duck) may go
    after the move the cell names (wall_squares: the press shows the
    position after that move)."""
    out = []
    for cid, hand, fen, kind in hands:
        res = {"id": cid, "hand": hand, "fen": fen, "kind": kind, "drops": [], "captures": [], "position": {},
               "promotes": [], "problem": None}
        out.append(res)
        try:
            valid = sf.validate_fen(fen, name)
        except Exception as e:  # noqa: BLE001 (pyffish raises ValueError and others)
            valid, res["problem"] = 0, "validate_fen raised %s" % e
        if valid <= 0:
            res["problem"] = res["problem"] or "pyffish calls the position invalid (%d)" % valid
            continue
        for at, tok in board.pieces_of(fen, promoted=True).items():
            if at in board.walls:
                continue
            # A promoted piece (`+x`) is shown as the type pyffish's
            # moves say it is (Gethenian's `+K`), where it has a letter.
            if tok.startswith("+"):
                # (A piece the start position holds promoted, such as
                # Shogun's +F, is in no promotion the start's pieces
                # make: asked of pyffish here.)
                key = tok.lower()
                if key not in facts.promoted_as:
                    facts.promoted_as[key] = sorted(facts.letters_of(key))
                if facts.promoted_as[key]:
                    as_type = facts.promoted_as[key][0]
                    tok = as_type.upper() if tok[1].isupper() else as_type
            res["position"][board.ids.get(at, "?")] = tok
        try:
            moves = sf.legal_moves(name, fen, [])
        except Exception as e:  # noqa: BLE001
            res["problem"] = "legal_moves raised %s" % e
            continue
        if kind == "gating":
            res["drops"] = [board.ids.get(s, s) for s in gate_squares(board, name, fen, hand, moves)]
            continue
        if kind == "wall":
            squares, after = wall_squares(board, fen, hand, moves)
            res["drops"] = [board.ids.get(s, s) for s in squares]
            res["position"] = {board.ids.get(at, "?"): tok for at, tok in after.items()}
            continue
        for uci in moves:
            if kind in ("promotion", "en-passant"):
                step = step_from(uci, hand)
                if not step:
                    continue
                to = board.ids.get(step[0], step[0])
                if to not in res["drops"]:
                    res["drops"].append(to)
            if kind == "promotion":
                if step[1] and to not in res["promotes"]:
                    res["promotes"].append(to)
                continue
            if kind == "en-passant":
                white = fen.split(" ")[1] == "w"
                theirs = lambda b: sum(1 for l in b.values() if l != "*" and l.isupper() != white)
                if theirs(board.pieces_of(sf.get_fen(name, fen, [uci]))) < theirs(board.pieces_of(fen)):
                    if to not in res["captures"]:
                        res["captures"].append(to)
                continue
            if kind == "castle":
                # Where the King stands after castling (Chess960's UCI
                # writes the move as the King taking its Rook).
                # (Duck chess: the move, then the duck's square.)
                # Castling is the one move that moves two of the mover's
                # pieces (a King that is no royal piece castles too: its
                # SAN is then no O-O).
                m = re.match(r"^([a-z]\d+)[a-z]\d+(,|$)", uci)
                if not m:
                    continue
                before = board.pieces_of(fen)
                after = board.pieces_of(sf.get_fen(name, fen, [uci]))
                white = fen.split(" ")[1] == "w"
                # The squares a piece of the mover's left (another piece,
                # or none, stands there after): two for castling, whose
                # King may land where its Rook stood, or its Rook where
                # the King stood (Diana, Haynie).
                left = [s for s, l in before.items()
                        if l != "*" and l.isupper() == white and after.get(s) != l]
                # (No piece of the mover's lost: an atomic capture
                # blows up two of its pieces too.)
                mine = lambda b: sorted(l for l in b.values() if l != "*" and l.isupper() == white)
                if len(left) == 2 and mine(before) == mine(after):
                    king = before.get(m.group(1))
                    landed = [s for s, l in after.items() if l == king and before.get(s) != king]
                    for s in landed or [m.group(1)]:
                        if board.ids.get(s, s) not in res["drops"]:
                            res["drops"].append(board.ids.get(s, s))
                continue
            m = DROP_RE.match(uci)
            if m and m.group(1).upper() == hand.upper():
                res["drops"].append(board.ids.get(m.group(2), m.group(2)))
    return out


def oracle_info(facts):
    """Oracle's view of a variant (size, pieces, royal ones), from pyffish."""
    letters = sorted(facts.start_letters | facts.pocket_letters, key=lambda c: (c not in facts.start_letters, c))
    return {"files": facts.files, "ranks": facts.ranks,
            "pieces": [{"letter": c, "royal": c in facts.royal, "name": "pawn" if c == "p" else c}
                       for c in letters if not c.startswith("+")]}


def expect_page(job):
    path, source = job
    reader = read_page(path)
    name = reader.variant
    out = {"file": os.path.basename(path), "variant": name, "source": source, "problems": [],
           "disagreements": [], "foreign": [], "foreign_side": [], "presses": []}
    try:
        facts = Facts(name)
    except Exception as e:  # a name pyffish does not know
        out["problems"].append("pyffish has no variant %r (%s)" % (name, e))
        return out
    out["facts"] = facts.as_dict()
    out["disagreements"] = check_reading(name, SECTIONS, facts)
    board = Board(reader, OFF_PREFIX + name)
    board.absent = {c for r in facts.royal for c in (r.upper(), r) if c not in facts.sided}
    # The start position's walls (Troitzky chess's corners) stay in every
    # position asked, and are no square to compare: nothing moves there.
    board.walls = {s for s, t in board.pieces_of(facts.start).items() if t == "*"}
    for s in board.walls:
        board.ids.pop(s, None)
    board.game = facts.pieces
    ORACLE.variants[board.variant] = oracle_info(facts)
    # The same board asked of the variant with KEEP on (keep_rules).
    kept = copy.copy(board)
    kept.variant = KEEP_PREFIX + name
    ORACLE.variants[kept.variant] = ORACLE.variants[board.variant]
    ORACLE.walls[board.variant] = ORACLE.walls[kept.variant] = board.walls
    if (board.files, board.ranks) != (facts.files, facts.ranks):
        out["problems"].append("the page's board is %dx%d, the game's %dx%d"
                               % (board.files, board.ranks, facts.files, facts.ranks))
        return out
    seen = set()
    for _cid, _sq, letter, black, _moves in board.presses:
        shown = letter if black else letter.upper()
        if shown in seen:
            continue
        seen.add(shown)
        if letter not in facts.pieces:
            out["foreign"].append(shown)
        elif shown not in facts.sided:
            out["foreign_side"].append(shown)
    for cid, sq, letter, black, moves in board.presses:
        betza = (moves.split() or [""])[0]
        royal = letter in facts.royal
        if letter not in facts.accepted:
            res = new_result("none")
            res["not_comparable"] = "a letter pyffish does not accept in the variant"
            res["ours"] = True
        elif SCREEN_RE.search(betza):
            res = among_pieces(board, sq, letter, black, royal)
        else:
            res = on_empty_board(board, sq, letter, black, royal)
            if keep_rules(board, sq, letter, black, royal, res):
                # (Pseudo-royal there: it may not move into check either.)
                res = on_empty_board(kept, sq, letter, black, True)
                res["kept"] = list(KEEP)
        res.update({"id": cid, "letter": letter, "black": black, "square": sq, "betza": betza})
        out["presses"].append(res)
    out["hands"] = hand_presses(board, name, reader.hands, facts)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pages", help="pages written from the file's sections")
    ap.add_argument("--ini", default=os.path.join(ROOT, "tests/fixtures/fairy-stockfish-variants.ini"))
    ap.add_argument("--builtins", help="pages written for pyffish's built-in variants (no file)")
    ap.add_argument("--out")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    jobs = []
    for d, source in ((args.pages, "file"), (args.builtins, "builtin")):
        if d and os.path.isdir(d):
            jobs += [(os.path.join(d, f), source) for f in sorted(os.listdir(d))
                     if f.endswith(".html") and f != "index.html"]  # (the catalogue)
    ini_text = open(args.ini, encoding="utf-8").read()
    SECTIONS.update(load(ini_text))
    try:
        names = sorted({read_page(p).variant for p, _ in jobs})
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    known = set(sf.variants())
    global ORACLE
    # The variants with OFF switched off, loaded after the file (their
    # parents); Oracle's own loading is skipped (the file is loaded).
    ORACLE = Oracle("", {})
    sf.load_variant_config(off_sections([n for n in names if n in known]))
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        pages = pool.map(expect_page, jobs, chunksize=1)
    text = json.dumps({"ini": os.path.basename(args.ini), "sections": list(SECTIONS),
                       "builtins": sorted(v for v in known if v not in SECTIONS
                                         and not v.startswith((OFF_PREFIX, KEEP_PREFIX))),
                       "pages": pages})
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
