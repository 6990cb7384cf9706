#!/usr/bin/env python3
"""Differential test: glance's move diagrams against Fairy-Stockfish (pyffish).

For every Betza string in PIECES, every square in SQUARES of an empty 10x10
board and both colours, it asks

  * glance:  `glance diagram BETZA --board 10x10 --at SQ [--black] --json`
  * pyffish: a custom 10x10 variant with no king, no castling, no promotion,
             whose only piece type besides a harmless enemy Wazir is the
             Betza piece; legal moves of the lone piece give the `move` set,
             and the squares where it takes a lone enemy Wazir give the
             `capture` set (see fs_diagram for how they are probed).

and compares the two sets exactly.  Where Fairy-Stockfish reads the notation
differently from Betza.html (the reference), the case is listed in KNOWN with
the reading Betza.html gives, spelled in a way Fairy-Stockfish does read the
same way.  Such cases must match that reading; they are reported as known
disagreements and do not fail.  Both programs turn black's moves through 180
degrees, as XBoard does.
Anything else that differs fails, and the script exits 1.

Usage:
  .venv/bin/python tests/fairy/differential.py            # full comparison
  .venv/bin/python tests/fairy/differential.py --fs-only  # Fairy-Stockfish side only
  .venv/bin/python tests/fairy/differential.py --show fhNbsK --at e5 [--black]
  GLANCE_BIN=path/to/glance .venv/bin/python tests/fairy/differential.py

Exit status: 0 all good, 1 mismatches (or a broken self-check), 2 glance
binary missing or not answering.
"""

import argparse
import hashlib
import json
import multiprocessing
import os
import re
import subprocess
import sys
from collections import namedtuple
from concurrent.futures import ThreadPoolExecutor

import pyffish as sf

# --------------------------------------------------------------------------
# Board geometry
# --------------------------------------------------------------------------

NFILES = 10
NRANKS = 10
FILES = "abcdefghij"
BOARD = "%dx%d" % (NFILES, NRANKS)

# Centre, corners, edges, and a few near-edge squares (where leaps of 2 or 3
# fall off the board on one side only).
SQUARES = ["e5", "f6", "a1", "j1", "a10", "j10", "e1", "f10", "a6", "j5",
           "b2", "i9", "c8"]


def sq_name(f, r):
    return "%s%d" % (FILES[f], r + 1)


def sq_parse(s):
    return FILES.index(s[0]), int(s[1:]) - 1


def sort_key(s):
    f, r = sq_parse(s)
    return (f, r)


def sorted_squares(squares):
    return sorted(squares, key=sort_key)


ALL_SQUARES = [sq_name(f, r) for f in range(NFILES) for r in range(NRANKS)]

# --------------------------------------------------------------------------
# The Betza strings under test
# --------------------------------------------------------------------------

# Pieces from XBoard's rules pages that Fairy-Stockfish can express.
XBOARD_PIECES = """
A B BD BN BW F FA FAD FAN FAmsW FbbNffN FfW FsfW HFD K KN N QN R R4 RB RF RN
W WA WD WDFA WDN WF WfF bKfsR fN fRsRKfhN fW fhNbsK mfFcfW mfWcfF nA nN Q
""".split()

PIECE_GROUPS = [
    ("xboard rules pages", XBOARD_PIECES),
    ("other leap atoms", "D H G L J C Z I".split()),
    ("riders", "NN N2 AA".split()),
    ("knight subsets",
     "bN lN rN sN vN fsN bsN fhN bhN lhN rhN ffN bbN frN flN rfN lfN brN blN rbN lbN"
     .split()),
    ("king and queen subsets", "bK fK rK ffK bsK fsK fhK frK rfK fsQ fQ".split()),
    ("other directional subsets", "fsW sfW vW fsR bB frF rfF lhF".split()),
    ("lame leapers", "nD nW2".split()),
    ("range-limited sliders", "R2 B3 W3 F2 Q4".split()),
    ("hoppers", "mRcpR pR gQ".split()),
    ("initial moves", "fmWfcFifmW2 KifmD".split()),
    # Not the same to the left and to the right: both programs turn Black's
    # moves through 180 degrees (glance page writes these as they are).
    ("left-right asymmetric", "fKlW rflbB".split()),
    ("strings from other dialects (en passant, chiral knights)", "fmWfceF hlN hrN hlC".split()),
]

PIECES = []
for _group, _strings in PIECE_GROUPS:
    for _s in _strings:
        if _s not in PIECES:
            PIECES.append(_s)

# Betza strings Fairy-Stockfish cannot express, left out of the comparison.
# Its parser silently skips what it does not know, so these are listed by
# hand (and FS_ALPHABET below catches any other unknown letter).
FS_UNSUPPORTED = {
    "AA": "Fairy-Stockfish parses an Alfil rider but generates no moves for it "
          "(its rider move generator only knows W, F and N directions).",
    "I": "Betza.html's I (3,0) 'Tripper' atom is unknown to Fairy-Stockfish "
         "(it spells that leap H); the letter is ignored and the piece has no moves.",
}
FS_ALPHABET = set("mcepgnifbvhrls" "WFDNAHLCJZGKRBQ" "0123456789")
for _s in PIECES:
    if _s not in FS_UNSUPPORTED and not set(_s) <= FS_ALPHABET:
        FS_UNSUPPORTED[_s] = ("uses %s, outside Fairy-Stockfish's Betza parser"
                              % "".join(sorted(set(_s) - FS_ALPHABET)))

# --------------------------------------------------------------------------
# Known, reasoned disagreements between Fairy-Stockfish and Betza.html.
#
# Each entry gives the Betza.html reading as a recipe over Fairy-Stockfish:
#   fs_spelling: a string Fairy-Stockfish reads as Betza.html reads `betza`;
# glance must produce exactly that reading; it is then a known disagreement
# (reported, not failing) wherever it differs from what Fairy-Stockfish says.
# --------------------------------------------------------------------------

Known = namedtuple("Known", "betza colours fs_spelling fs_says betza_says why")

_DISTRIBUTIVE_WHY = (
    "Betza.html: K is a shortcut for WF that 'can be seen as implicit grouping', "
    "and 'Distributivity also works for modifier prefixes: m(AB) ... is defined "
    "to mean mAmB', so a prefix on K means the same prefix on W and on F. On the "
    "orthogonal W no single move is both forward (or backward) and sideways, so "
    "two such prefixes are joined ('the sub-sets of move types they correspond to "
    "are joined'), which is also how Fairy-Stockfish reads them on a lone W "
    "(e.g. the Xiangqi soldier fsW). Fairy-Stockfish applies the pair to K's two "
    "atoms as one 8-direction set instead, so its K differs from its own W+F."
)

KNOWN = [
    Known(
        betza="pR", colours=("white", "black"), fs_spelling="mRcpR",
        fs_says="p makes every move a hop: pR (Janggi cannon) has no move and no "
                "capture on an empty board",
        betza_says="pR = mRcpR: non-captures like a Rook, captures only by hopping, "
                   "so on an empty board it moves like a Rook and captures nothing",
        why="Betza.html's prefix table defines p (Pao) as 'Capture if move jumps "
            "over one obstacle, non-capture if it does not jump'."),
    Known(
        betza="bsK", colours=("white", "black"), fs_spelling="bsWbsF",
        fs_says="bsK = sW + bF (4 squares): for the two-atom K, Fairy-Stockfish "
                "applies 'bs' as one direction set, which drops the backward W "
                "step; yet its own bsWbsF gives 5 squares",
        betza_says="bsK = bsW bsF = bW + sW + bF (5 squares)",
        why=_DISTRIBUTIVE_WHY),
    Known(
        betza="fsK", colours=("white", "black"), fs_spelling="fsWfsF",
        fs_says="fsK = sW + fF (4 squares), dropping the forward W step; yet its "
                "own fsWfsF gives 5 squares",
        betza_says="fsK = fsW fsF = fW + sW + fF (5 squares)",
        why=_DISTRIBUTIVE_WHY),
    Known(
        betza="fsQ", colours=("white", "black"), fs_spelling="fsRfsB",
        fs_says="fsQ = sR + fB, dropping the forward R slide; yet its own fsRfsB "
                "includes it",
        betza_says="fsQ = fsR fsB = fR + sR + fB",
        why=_DISTRIBUTIVE_WHY + " Q is likewise the shortcut RB."),
    Known(
        betza="fhK", colours=("white", "black"), fs_spelling="fhWfhF",
        fs_says="fhK = fW + sW + fF (5 squares); yet its own fhWfhF gives fW + fF "
                "(3 squares)",
        betza_says="fhK = fhW fhF = fW + fF (3 squares)",
        why=_DISTRIBUTIVE_WHY + " (On the 4-fold W, the forward half is the forward "
            "step, as Fairy-Stockfish itself reads fhW; Betza.html's 'forward-most "
            "four of 8' cannot be applied to K's eight moves without a tie among "
            "the sideways steps, so the distributive reading is the one the text fixes.)"),
    Known(
        betza="frK", colours=("white", "black"), fs_spelling="frWfrF",
        fs_says="frK = rW + frF (2 squares); yet its own frWfrF gives fW + rW + frF;",
        betza_says="frK = frW frF = fW + rW + frF (3 squares)",
        why=_DISTRIBUTIVE_WHY),
    Known(
        betza="rfK", colours=("white", "black"), fs_spelling="rfWrfF",
        fs_says="rfK = fW + frF (2 squares); yet its own rfWrfF gives fW + rW + frF;",
        betza_says="rfK = rfW rfF = fW + rW + frF (3 squares)",
        why=_DISTRIBUTIVE_WHY),
    Known(
        betza="fhNbsK", colours=("white", "black"), fs_spelling="fhNbsWbsF",
        fs_says="its bsK part lacks the straight backward step (see bsK)",
        betza_says="fhN + bW + sW + bF",
        why="As for bsK."),
]

KNOWN_BY_KEY = {}
for _k in KNOWN:
    for _c in _k.colours:
        KNOWN_BY_KEY[(_k.betza, _c)] = _k

# --------------------------------------------------------------------------
# Fairy-Stockfish side
# --------------------------------------------------------------------------

PIECE_CHAR = "u"   # the Betza piece
ENEMY_CHAR = "w"   # a Wazir: cannot check (there is no king and checking is off)


def variant_name(betza):
    # pyffish refuses to redefine a variant, so each string gets its own.
    return "glancediff" + hashlib.sha1(betza.encode()).hexdigest()[:12]


def variant_config(betza):
    # Initial ('i') moves: Fairy-Stockfish allows them on the double-step
    # region; making that the whole board treats the lone piece as unmoved.
    if "i" in betza:
        region = " ".join("*%d" % r for r in range(1, NRANKS + 1))
    else:
        region = "-"
    return "\n".join([
        "[%s:chess]" % variant_name(betza),
        "maxRank = %d" % NRANKS,
        "maxFile = %s" % FILES[NFILES - 1],
        "pawn = -", "knight = -", "bishop = -", "rook = -", "queen = -",
        "king = -",
        "customPiece1 = %s:%s" % (PIECE_CHAR, betza),
        "wazir = %s" % ENEMY_CHAR,
        "castling = false",
        "checking = false",
        "promotionRegionWhite = -", "promotionRegionBlack = -",
        "doubleStepRegionWhite = %s" % region,
        "doubleStepRegionBlack = %s" % region,
        "startFen = %s" % fen({}, "w"),
        "",
    ])


def fen(pieces, side):
    rows = []
    for r in range(NRANKS - 1, -1, -1):
        row, empty = "", 0
        for f in range(NFILES):
            p = pieces.get(sq_name(f, r))
            if p:
                if empty:
                    row += str(empty)
                    empty = 0
                row += p
            else:
                empty += 1
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + " %s - - 0 1" % side


UCI_RE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)")

_loaded = set()


def _load(betza):
    if betza not in _loaded:
        sf.load_variant_config(variant_config(betza))
        _loaded.add(betza)
    return variant_name(betza)


def _targets(variant, position, side, origin):
    out = set()
    for uci in sf.legal_moves(variant, fen(position, side), []):
        m = UCI_RE.match(uci)
        if m and m.group(1) + m.group(2) == origin:
            out.add(m.group(3) + m.group(4))
    return out


def chebyshev(a, b):
    (fa, ra), (fb, rb) = sq_parse(a), sq_parse(b)
    return max(abs(fa - fb), abs(ra - rb))


EXHAUSTIVE = False


def fs_diagram(task):
    """(betza, square, colour) -> (task, move list, capture list), by pyffish.

    Captures: a capture on t with one lone enemy on t.  To save pyffish calls
    (each costs ~2 ms), enemies are first put on a whole ring of squares at
    the same Chebyshev distance from the piece at once: every square a move
    of Fairy-Stockfish's passes over, hops over or is blocked by on its way
    to t is strictly nearer than t (slides, rides, lame leaps and hops all
    go outward), so ring-mates cannot affect each other.  Each square found
    that way is then confirmed with a lone enemy.  EXHAUSTIVE (--exhaustive)
    instead tries a lone enemy on every square.
    """
    betza, square, colour = task
    variant = _load(betza)
    side = "w" if colour == "white" else "b"
    me = PIECE_CHAR.upper() if colour == "white" else PIECE_CHAR
    foe = ENEMY_CHAR if colour == "white" else ENEMY_CHAR.upper()
    moves = _targets(variant, {square: me}, side, square)
    others = [t for t in ALL_SQUARES if t != square]
    if EXHAUSTIVE:
        candidates = others
    else:
        candidates = set()
        for k in range(1, max(NFILES, NRANKS)):
            ring = [t for t in others if chebyshev(square, t) == k]
            if ring:
                position = {t: foe for t in ring}
                position[square] = me
                candidates |= _targets(variant, position, side, square)
    captures = set()
    for t in sorted(candidates):
        if t in _targets(variant, {square: me, t: foe}, side, square):
            captures.add(t)
    return task, sorted_squares(moves), sorted_squares(captures)


def _set_exhaustive(value):
    global EXHAUSTIVE
    EXHAUSTIVE = value


class FairyStockfish:
    def __init__(self, jobs):
        self.jobs = jobs
        self.cache = {}

    def compute(self, tasks):
        todo = sorted(set(t for t in tasks if t not in self.cache))
        if not todo:
            return
        if self.jobs > 1 and len(todo) > 8:
            ctx = multiprocessing.get_context("fork")
            with ctx.Pool(self.jobs, initializer=_set_exhaustive, initargs=(EXHAUSTIVE,)) as pool:
                results = pool.map(fs_diagram, todo, chunksize=max(1, len(todo) // (self.jobs * 8)))
        else:
            results = [fs_diagram(t) for t in todo]
        for task, moves, caps in results:
            self.cache[task] = {"move": moves, "capture": caps}

    def get(self, betza, square, colour):
        key = (betza, square, colour)
        if key not in self.cache:
            self.compute([key])
        return self.cache[key]


def reference_tasks(betza, square, colour):
    """The pyffish diagrams needed for the direct and the Betza.html reading."""
    tasks = [(betza, square, colour)]
    k = KNOWN_BY_KEY.get((betza, colour))
    if k:
        tasks.append((k.fs_spelling or betza, square, colour))
    return tasks


def betza_html_reading(fs, betza, square, colour):
    """What Betza.html says, built from pyffish; None if no KNOWN entry applies."""
    k = KNOWN_BY_KEY.get((betza, colour))
    if not k:
        return None
    return fs.get(k.fs_spelling or betza, square, colour)


# --------------------------------------------------------------------------
# Positions with pieces placed: blocking, screens, lame legs, friends.
#
# The lone-piece comparison above never puts a piece in the way, so it
# cannot see a slider stop, a hopper use its screen or a lame leaper be
# blocked.  Here each string is compared in positions holding friendly and
# enemy pieces (Wazirs of either side), generated from a fixed seed: half of
# them on the lines and leaps through the piece's square, half anywhere.
# glance: `glance diagram ... --occupied ENEMIES --friends FRIENDS --json`;
# its `move` set as is, its `capture` set restricted to the occupied squares
# (on empty squares glance also shows where a capture-only move would take
# an enemy standing there; a friend's square must never be in it).  Fairy-Stockfish: the legal moves of the piece in
# that position, onto empty squares (`move`) and onto enemies (`capture`).
# --------------------------------------------------------------------------

PLACED_GROUPS = [
    ("riders", "R B Q R4 NN BN RN fR vRsW".split()),
    ("hoppers", "mRcpR gQ gR gB pR".split()),
    ("lame leapers", "nN nA nD".split()),
    ("leapers and pawns", "N K hlN fmWfcF fmWfceF FAmsW".split()),
]
PLACED_PIECES = [b for _g, group in PLACED_GROUPS for b in group]
PLACED_SQUARES = ["e5", "b2", "h8"]
PLACED_PER_CASE = 8

# Two-step pieces (the Lion's KADN(cK-aK)(K-bK), the CWDA chains) cannot be
# compared: this Fairy-Stockfish's Betza reader has no multi-leg moves (it
# skips 'a', reading cKaK as K) and pyffish has no Chu Shogi variant.
PLACED_UNSUPPORTED = {
    "KADN(cK-aK)(K-bK)": "Fairy-Stockfish's Betza reader has no multi-leg moves "
                          "(cKaK reads as K) and pyffish has no Chu Shogi variant",
}


def _rays(square):
    f0, r0 = sq_parse(square)
    out = []
    for dx, dy in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1),
                   (1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]:
        for k in range(1, max(NFILES, NRANKS)):
            f, r = f0 + dx * k, r0 + dy * k
            if 0 <= f < NFILES and 0 <= r < NRANKS:
                out.append(sq_name(f, r))
    return out


def placements(betza, square, colour):
    """Deterministic positions: lists of (square, 'friend'|'enemy')."""
    import random
    seed = int(hashlib.sha1(("%s %s %s" % (betza, square, colour)).encode()).hexdigest()[:8], 16)
    rng = random.Random(seed)
    on_lines = [t for t in _rays(square) if t != square]
    others = [t for t in ALL_SQUARES if t != square]
    out = []
    for i in range(PLACED_PER_CASE):
        n = [2, 3, 4, 6, 8, 10, 14, 20][i % 8]
        chosen = set()
        while len(chosen) < n:
            pool = on_lines if rng.random() < 0.6 else others
            chosen.add(rng.choice(pool))
        out.append(sorted((t, "friend" if rng.random() < 0.4 else "enemy") for t in chosen))
    return out


def fs_placed(task):
    """(betza, square, colour, placement) -> (task, move list, capture list)."""
    betza, square, colour, placed = task
    variant = _load(betza)
    side = "w" if colour == "white" else "b"
    me = PIECE_CHAR.upper() if colour == "white" else PIECE_CHAR
    friend = ENEMY_CHAR.upper() if colour == "white" else ENEMY_CHAR
    foe = ENEMY_CHAR if colour == "white" else ENEMY_CHAR.upper()
    position = {t: (friend if who == "friend" else foe) for t, who in placed}
    position[square] = me
    targets = _targets(variant, position, side, square)
    enemies = {t for t, who in placed if who == "enemy"}
    moves = [t for t in targets if t not in position]
    caps = [t for t in targets if t in enemies]
    return task, sorted_squares(moves), sorted_squares(caps)


def glance_placed(binary, betza, square, colour, placed):
    cmd = glance_cmd(binary, betza, square, colour)
    enemies = [t for t, who in placed if who == "enemy"]
    friends = [t for t, who in placed if who == "friend"]
    if enemies:
        cmd += ["--occupied", ",".join(enemies)]
    if friends:
        cmd += ["--friends", ",".join(friends)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, "could not run %s: %s" % (" ".join(cmd), e)
    if p.returncode != 0:
        return None, "exit %d from %s: %s" % (p.returncode, " ".join(cmd), p.stderr.strip()[:300])
    try:
        d = json.loads(p.stdout)
        # Empty squares dropped (see above); a friend's square kept, so that
        # taking a friend shows as a mismatch.
        caps = [t for t in d["capture"] if t in set(enemies) | set(friends)]
        return {"move": list(d["move"]), "capture": caps}, None
    except (ValueError, KeyError, TypeError) as e:
        return None, "bad JSON from %s: %s: %r" % (" ".join(cmd), e, p.stdout[:300])


def placed_text(placed):
    return " ".join(("+" if who == "friend" else "x") + t for t, who in placed)


def run_placed(args, jobs):
    """Compares every PLACED_PIECES string in its positions; returns
    (comparisons, matches, known, failures)."""
    pieces = [b for b in PLACED_PIECES if not args.only or b in args.only]
    cases = []
    for b in pieces:
        for sq in PLACED_SQUARES:
            for c in ("white", "black"):
                for placed in placements(b, sq, c):
                    cases.append((b, sq, c, tuple(placed)))
    tasks = []
    for b, sq, c, placed in cases:
        tasks.append((b, sq, c, placed))
        k = KNOWN_BY_KEY.get((b, c))
        if k and k.fs_spelling:
            tasks.append((k.fs_spelling, sq, c, placed))
    tasks = sorted(set(tasks))
    if jobs > 1 and len(tasks) > 8:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            results = pool.map(fs_placed, tasks, chunksize=max(1, len(tasks) // (jobs * 8)))
    else:
        results = [fs_placed(t) for t in tasks]
    fs = {task: {"move": m, "capture": c} for task, m, c in results}
    with ThreadPoolExecutor(max_workers=max(2, jobs * 2)) as ex:
        ours = list(ex.map(lambda case: glance_placed(args.glance, *case), cases))
    comparisons = matches = known = 0
    failures = []
    for (b, sq, c, placed), (g, err) in zip(cases, ours):
        direct = fs[(b, sq, c, placed)]
        k = KNOWN_BY_KEY.get((b, c))
        want = fs[(k.fs_spelling, sq, c, placed)] if k and k.fs_spelling else direct
        for kind in ("move", "capture"):
            comparisons += 1
            if err:
                failures.append("FAIL placed %s %s %s %s: %s" % (b, sq, c, kind, err))
                continue
            if g[kind] == want[kind]:
                if want[kind] == direct[kind]:
                    matches += 1
                else:
                    known += 1
                continue
            failures.append("FAIL placed %s %s %s [%s] %s: %s: glance %s, Fairy-Stockfish %s"
                            % (b, sq, c, placed_text(placed), kind, diff_text(g[kind], want[kind]),
                               fmt(g[kind]), fmt(want[kind])))
    return pieces, len(cases), comparisons, matches, known, failures


# --------------------------------------------------------------------------
# Self-check: the pyffish behaviours the KNOWN list relies on.  If a future
# pyffish changes any of these, the list needs revisiting, so this fails.
# --------------------------------------------------------------------------

FS_FACTS = [
    # (betza, square, colour, kind, expected squares, what it shows)
    ("N", "e5", "white", "move", "c4 c6 d3 d7 f3 f7 g4 g6", "plain leaper"),
    ("fN", "e5", "white", "move", "d7 f7", "single f on N = the two narrow forward moves"),
    ("fsN", "e5", "white", "move", "c6 g6", "fs on N = the two wide forward moves"),
    ("frN", "e5", "white", "move", "g6", "fr on N = (2,1): the forward one of the right pair"),
    ("rfN", "e5", "white", "move", "f7", "rf on N = (1,2): the right one of the forward pair"),
    ("frN", "e5", "black", "move", "c4", "black is white turned 180 degrees"),
    ("lN", "e5", "black", "move", "g4 g6", "black is white turned 180 degrees"),
    ("fN", "e5", "black", "move", "d3 f3", "black's forward is down the board"),
    ("bsK", "e5", "white", "move", "d4 d5 f4 f5", "bsK drops the backward W step"),
    ("bsWbsF", "e5", "white", "move", "d4 d5 e4 f4 f5", "bsW bsF"),
    ("fsK", "e5", "white", "move", "d5 d6 f5 f6", "fsK drops the forward W step"),
    ("fhK", "e5", "white", "move", "d5 d6 e6 f5 f6", "fhK includes the sideways W steps"),
    ("fhWfhF", "e5", "white", "move", "d6 e6 f6", "fhW = fW"),
    ("frK", "e5", "white", "move", "f5 f6", "frK = rW + frF"),
    ("rfK", "e5", "white", "move", "e6 f6", "rfK = fW + frF"),
    ("frWfrF", "e5", "white", "move", "e6 f5 f6", "frW = fW + rW"),
    ("pR", "e5", "white", "move", "", "p hops for moves too"),
    ("mRcpR", "e5", "white", "capture", "", "cannon: no screen, no capture"),
    ("AA", "e5", "white", "move", "", "no Alfil rider"),
    ("R4", "a1", "white", "move", "a2 a3 a4 a5 b1 c1 d1 e1", "range-limited slider"),
    ("fmWfcFifmW2", "e5", "white", "move", "e6 e7", "initial double step with whole-board region"),
    ("fmWfcFifmW2", "e5", "black", "capture", "d4 f4", "pawn captures"),
]


# (betza, square, colour, placement "x" enemy "+" friend, kind, expected, what)
FS_PLACED_FACTS = [
    ("R", "e5", "white", "+e7 xb5", "capture", "b5", "a friend blocks and is not taken"),
    ("R", "e5", "white", "+e7 xb5", "move", "c5 d5 e1 e2 e3 e4 e6 f5 g5 h5 i5 j5", "rook stops"),
    ("mRcpR", "e5", "white", "+e7 xe9 xe10", "capture", "e9", "a friend is a screen"),
    ("gQ", "e5", "white", "+e6 xf6 xg7", "capture", "g7", "grasshopper lands behind its hurdle"),
    ("gQ", "e5", "white", "+e6 xf6 xg7", "move", "e7", "grasshopper over a friend"),
    ("nN", "e5", "white", "+e6", "move", "c4 c6 d3 f3 g4 g6", "the Horse's forward leg blocked"),
]


def _placement(text):
    return tuple(sorted((t[1:], "friend" if t[0] == "+" else "enemy") for t in text.split()))


def self_check(fs):
    fs.compute([(b, s, c) for b, s, c, _k, _e, _w in FS_FACTS])
    bad = 0
    for betza, square, colour, placed, kind, expected, what in FS_PLACED_FACTS:
        _task, moves, caps = fs_placed((betza, square, colour, _placement(placed)))
        got = moves if kind == "move" else caps
        want = sorted_squares(expected.split())
        if got != want:
            bad += 1
            print("SELF-CHECK FAILED: pyffish %s %s %s [%s] %s = %s, expected %s (%s)"
                  % (betza, square, colour, placed, kind, got, want, what))
    for betza, square, colour, kind, expected, what in FS_FACTS:
        got = fs.get(betza, square, colour)[kind]
        want = sorted_squares(expected.split())
        if got != want:
            bad += 1
            print("SELF-CHECK FAILED: pyffish %s %s %s %s = %s, expected %s (%s)"
                  % (betza, square, colour, kind, got, want, what))
    return bad


# --------------------------------------------------------------------------
# glance side
# --------------------------------------------------------------------------

def glance_cmd(binary, betza, square, colour):
    cmd = [binary, "diagram", betza, "--board", BOARD, "--at", square]
    if colour == "black":
        cmd.append("--black")
    cmd.append("--json")
    return cmd


def glance_diagram(binary, betza, square, colour):
    cmd = glance_cmd(binary, betza, square, colour)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, "could not run %s: %s" % (" ".join(cmd), e)
    if p.returncode != 0:
        return None, "exit %d from %s: %s" % (p.returncode, " ".join(cmd), p.stderr.strip()[:300])
    try:
        d = json.loads(p.stdout)
        return {"move": list(d["move"]), "capture": list(d["capture"])}, None
    except (ValueError, KeyError, TypeError) as e:
        return None, "bad JSON from %s: %s: %r" % (" ".join(cmd), e, p.stdout[:300])


def glance_answers(binary):
    """True if the binary exists and answers a trivial diagram."""
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        return False, "no executable at %s" % binary
    d, err = glance_diagram(binary, "W", "e5", "white")
    if err:
        return False, err
    return True, None


# --------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------

def fmt(squares):
    return "[" + " ".join(squares) + "]" if squares else "[]"


def diff_text(got, want):
    missing = [s for s in want if s not in set(got)]
    extra = [s for s in got if s not in set(want)]
    parts = []
    if missing:
        parts.append("missing " + fmt(missing))
    if extra:
        parts.append("extra " + fmt(extra))
    return ", ".join(parts) or "same squares, different order"


def run(args):
    jobs = args.jobs or os.cpu_count() or 1
    fs = FairyStockfish(jobs)

    bad_facts = self_check(fs)
    if bad_facts:
        print("%d pyffish self-check(s) failed: the KNOWN list needs review" % bad_facts)

    pieces = [p for p in PIECES if p not in FS_UNSUPPORTED]
    if args.only:
        pieces = [p for p in pieces if p in args.only]
    squares = args.squares or SQUARES
    colours = ["white", "black"]
    cases = [(b, s, c) for b in pieces for s in squares for c in colours]

    tasks = []
    for case in cases:
        tasks.extend(reference_tasks(*case))
    fs.compute(tasks)

    if args.fs_only:
        for b, s, c in cases:
            d = fs.get(b, s, c)
            if args.verbose:
                print("%-12s %-4s %-5s move %s capture %s" % (b, s, c, fmt(d["move"]), fmt(d["capture"])))
        print("pyffish %s: %d strings x %d squares x 2 colours computed; %d excluded as "
              "inexpressible in Fairy-Stockfish: %s"
              % (".".join(map(str, sf.version())), len(pieces), len(squares),
                 len(FS_UNSUPPORTED), " ".join(sorted(FS_UNSUPPORTED))))
        return 1 if bad_facts else 0

    ok, err = glance_answers(args.glance)
    if not ok:
        print("glance not available: %s" % err)
        print("(build it with `cargo build --release`, or set GLANCE_BIN; "
              "--fs-only checks the Fairy-Stockfish side alone)")
        return 2

    with ThreadPoolExecutor(max_workers=max(2, jobs * 2)) as ex:
        ours = list(ex.map(lambda c: glance_diagram(args.glance, *c), cases))

    comparisons = matches = known_hits = 0
    failures = []
    known_seen = []
    stale = {}
    for (b, s, c), (g, err) in zip(cases, ours):
        direct = fs.get(b, s, c)
        reading = betza_html_reading(fs, b, s, c)
        want = reading or direct
        for kind in ("move", "capture"):
            comparisons += 1
            if err:
                failures.append("FAIL %s %s %s %s: %s" % (b, s, c, kind, err))
                continue
            got = g[kind]
            if got != sorted_squares(set(got)):
                failures.append("FAIL %s %s %s %s: not sorted by file then rank (or duplicates): %s"
                                % (b, s, c, kind, fmt(got)))
                continue
            if got == want[kind]:
                if want[kind] == direct[kind]:
                    matches += 1
                else:
                    known_hits += 1
                    known_seen.append((b, s, c, kind, direct[kind], got))
                continue
            how = ("glance %s, Betza.html reading %s (Fairy-Stockfish says %s)"
                   % (fmt(got), fmt(want[kind]), fmt(direct[kind]))
                   if reading else
                   "glance %s, Fairy-Stockfish %s" % (fmt(got), fmt(direct[kind])))
            failures.append("FAIL %s %s %s %s: %s: %s"
                            % (b, s, c, kind, diff_text(got, want[kind]), how))
            if reading and got == direct[kind]:
                stale.setdefault((b, c), 0)
                stale[(b, c)] += 1

    print("== glance vs Fairy-Stockfish (pyffish %s), %s board"
          % (".".join(map(str, sf.version())), BOARD))
    print("excluded (Fairy-Stockfish cannot express them):")
    for b in sorted(FS_UNSUPPORTED):
        print("  %-6s %s" % (b, FS_UNSUPPORTED[b]))
    if known_seen:
        print("known disagreements (glance follows Betza.html / the project's black "
              "orientation; not failures):")
        shown = set()
        for b, s, c, kind, fsq, got in known_seen:
            k = KNOWN_BY_KEY[(b, c)]
            if (b, c) not in shown:
                shown.add((b, c))
                print("  %s (%s): Fairy-Stockfish: %s; reading used: %s."
                      % (b, c, k.fs_says, k.betza_says))
                print("      why: %s" % k.why)
            if args.verbose:
                print("      %s %s %s: Fairy-Stockfish %s, glance %s" % (s, c, kind, fmt(fsq), fmt(got)))
    for (b, c), n in sorted(stale.items()):
        print("NOTE: %s (%s) agrees with Fairy-Stockfish, not with the Betza.html reading "
              "in KNOWN, in %d comparison(s)" % (b, c, n))
    placed_pieces, placed_cases, placed_comparisons, placed_matches, placed_known, placed_failures = (
        run_placed(args, jobs) if not args.lone_only else ([], 0, 0, 0, 0, []))
    failures.extend(placed_failures)
    comparisons += placed_comparisons
    matches += placed_matches
    known_hits += placed_known
    initial_comparisons, initial_failures = run_initial(args)
    failures.extend(initial_failures)
    comparisons += initial_comparisons
    matches += initial_comparisons - len(initial_failures)
    for line in failures:
        print(line)
    n_fail = len(failures)
    print("initial moves from start rank %d (doubleStepRegion): %d strings (%s) x %d squares x 2 "
          "colours = %d comparisons of the non-captures, %d mismatches"
          % (INITIAL_START, len(INITIAL_PIECES), " ".join(INITIAL_PIECES), len(INITIAL_SQUARES),
             initial_comparisons, len(initial_failures)))
    if placed_pieces:
        print("with pieces placed: %d strings (%s) x %d squares x 2 colours x %d positions = %d "
              "positions, %d comparisons: %d matches, %d known disagreements, %d mismatches; "
              "not compared: %s"
              % (len(placed_pieces), " ".join(placed_pieces), len(PLACED_SQUARES), PLACED_PER_CASE,
                 placed_cases, placed_comparisons, placed_matches, placed_known, len(placed_failures),
                 "; ".join("%s (%s)" % kv for kv in PLACED_UNSUPPORTED.items())))
    print("strings: %d, squares: %d, colours: 2, comparisons (move and capture sets, "
          "lone and placed): %d" % (len(pieces), len(squares), comparisons))
    print("matches: %d, known disagreements: %d, mismatches: %d, pyffish self-check failures: %d"
          % (matches, known_hits, n_fail, bad_facts))
    print("differential: %d passed, %d failed" % (matches + known_hits, n_fail + bad_facts))
    return 1 if (n_fail or bad_facts) else 0



# --------------------------------------------------------------------------
# Initial moves from their starting ranks
#
# A page's piece draws its initial ('i') moves only from its start ranks
# (data-start, counted from its own side; `glance diagram --start`).
# Fairy-Stockfish allows them on its double-step region: given the same
# ranks (doubleStepRegionWhite = *3, doubleStepRegionBlack = *8 on ten
# ranks), both must give a lone piece the same non-captures on and off
# those ranks.
# --------------------------------------------------------------------------

INITIAL_PIECES = ["fmWfcFifmW2", "fmWfcFifmW3", "fmFfcWifmF2", "KifmW2", "fmWfcFifmnD"]
INITIAL_START = 3
INITIAL_SQUARES = [f + str(r) for f in "bej" for r in range(1, NRANKS + 1)]


def initial_config(betza):
    name = "glanceinit" + hashlib.sha1(betza.encode()).hexdigest()[:12]
    own_black = NRANKS + 1 - INITIAL_START
    config = variant_config(betza).replace(variant_name(betza), name)
    lines = []
    for line in config.split("\n"):
        if line.startswith("doubleStepRegionWhite"):
            line = "doubleStepRegionWhite = *%d" % INITIAL_START
        elif line.startswith("doubleStepRegionBlack"):
            line = "doubleStepRegionBlack = *%d" % own_black
        lines.append(line)
    return name, "\n".join(lines)


def run_initial(args):
    """Returns (comparisons, mismatches as text)."""
    comparisons, failures = 0, []
    for betza in INITIAL_PIECES:
        name, config = initial_config(betza)
        sf.load_variant_config(config)
        for square in INITIAL_SQUARES:
            for colour, side, char in (("white", "w", PIECE_CHAR.upper()), ("black", "b", PIECE_CHAR)):
                theirs = _targets(name, {square: char}, side, square)
                cmd = [args.glance, "diagram", betza, "--board", BOARD, "--at", square,
                       "--start", str(INITIAL_START), "--json"]
                if colour == "black":
                    cmd.append("--black")
                out = subprocess.run(cmd, capture_output=True, text=True)
                if out.returncode != 0:
                    failures.append("%s %s %s: glance: %s" % (betza, square, colour, out.stderr.strip()))
                    continue
                ours = set(json.loads(out.stdout)["move"])
                comparisons += 1
                if ours != theirs:
                    failures.append("%s %s %s (start rank %d): glance %s, Fairy-Stockfish %s"
                                    % (betza, square, colour, INITIAL_START,
                                       fmt(sorted_squares(ours)), fmt(sorted_squares(theirs))))
    return comparisons, failures


def show(args):
    """Print both sides for one string (debugging aid)."""
    fs = FairyStockfish(1)
    colour = "black" if args.black else "white"
    square = args.at or "e5"
    d = fs.get(args.show, square, colour)
    print("pyffish  %s %s %s: move %s capture %s" % (args.show, square, colour, fmt(d["move"]), fmt(d["capture"])))
    r = betza_html_reading(fs, args.show, square, colour)
    if r:
        print("Betza.html reading:   move %s capture %s" % (fmt(r["move"]), fmt(r["capture"])))
    g, err = glance_diagram(args.glance, args.show, square, colour)
    print("glance:               " + (err if err else "move %s capture %s" % (fmt(g["move"]), fmt(g["capture"]))))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--glance", default=os.environ.get("GLANCE_BIN", "target/release/glance"),
                    help="glance binary (default: $GLANCE_BIN or target/release/glance)")
    ap.add_argument("--fs-only", action="store_true", help="check the Fairy-Stockfish side only")
    ap.add_argument("--only", nargs="+", metavar="BETZA", help="restrict to these strings")
    ap.add_argument("--squares", nargs="+", metavar="SQ", help="squares to test (default: %s)" % " ".join(SQUARES))
    ap.add_argument("--jobs", type=int, default=0, help="parallel pyffish processes (default: cores)")
    ap.add_argument("--show", metavar="BETZA", help="print both sides for one string and exit")
    ap.add_argument("--at", metavar="SQ", help="square for --show (default e5)")
    ap.add_argument("--black", action="store_true", help="colour for --show")
    ap.add_argument("--exhaustive", action="store_true",
                    help="probe captures with a lone enemy on every square (slow)")
    ap.add_argument("--lone-only", action="store_true",
                    help="skip the positions with pieces placed")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    _set_exhaustive(args.exhaustive)
    if args.show:
        return show(args)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
