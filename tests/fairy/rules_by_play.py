#!/usr/bin/env python3
"""The rules a written page claims, checked by Fairy-Stockfish's play.

Every rules item of a page written by `glance page` says what it claims in a
`data-rule` attribute (`nFoldRule=3; nFoldValue=draw`, `fsf:firstMove=white`).
This suite reads only the pages (html.parser) and asks pyffish to play
positions and move sequences that show each claim true: a repetition cycle
until the game ends, a raised half-move clock, the King's castling moves on
an emptied back rank, a piece in hand and its drop squares, a Pawn before its
zone and its promotion choices. Nothing here reads our Rust reader: the
expected values are the claims themselves, the probes pyffish's answers.

    .venv/bin/python tests/fairy/rules_by_play.py --builtins DIR [--reference DIR [--ini FILE]]

DIR holds the pages (`glance page --builtins --out-dir DIR`, `glance page
FILE --all --out-dir DIR`); a page's variant is its file name. The reference
pages' variants are loaded from FILE (tests/fixtures/fairy-stockfish-variants.ini).
One line per disagreement, `PAGE: key=value: what pyffish did`, then a
summary. Exit 1 on a disagreement, 2 on bad input.
"""

import argparse
import collections
import multiprocessing
import random
import os
import re
import sys
import time
from html.parser import HTMLParser

import pyffish as sf

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_INI = os.path.join(ROOT, "tests", "fixtures", "fairy-stockfish-variants.ini")


# ---------------------------------------------------------------- pages

class ClaimParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.groups = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "data-rule" and value is not None:
                claims = collections.OrderedDict()
                for part in value.split(";"):
                    part = part.strip()
                    if not part:
                        continue
                    key, _, val = part.partition("=")
                    claims[key.strip()] = val.strip()
                self.groups.append(claims)


def read_claims(path):
    parser = ClaimParser()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    return parser.groups


# ---------------------------------------------------------------- FENs and squares

MOVE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)([^,]*)(,.*)?$")
DROP = re.compile(r"^(\+?[A-Za-z])@([a-z])(\d+)$")


def sq(file, rank):
    return "%s%d" % (chr(ord("a") + file), rank + 1)


def parse_sq(name):
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


class Fen:
    """A FEN's board as cells (None or a token like 'P', '+p', 'Q~'), its pocket and the rest."""

    def __init__(self, fen):
        fields = fen.split(" ")
        board = fields[0]
        self.pocket = None
        if "[" in board:
            board, _, pocket = board.partition("[")
            self.pocket = pocket.rstrip("]")
        self.rest = fields[1:]
        self.rows = []  # top rank first
        for rank in board.split("/"):
            row = []
            i = 0
            while i < len(rank):
                c = rank[i]
                if c.isdigit():
                    j = i
                    while j < len(rank) and rank[j].isdigit():
                        j += 1
                    row.extend([None] * int(rank[i:j]))
                    i = j
                    continue
                tok = c
                if c == "+" and i + 1 < len(rank):
                    tok = rank[i:i + 2]
                    i += 1
                i += 1
                while i < len(rank) and rank[i] == "~":
                    tok += "~"
                    i += 1
                row.append(tok)
            self.rows.append(row)
        self.height = len(self.rows)
        self.width = max(len(r) for r in self.rows)

    def no_castling(self):
        """Castling (and gating) rights off: the pieces they name may be gone."""
        if len(self.rest) >= 4 and re.fullmatch(r"[A-Za-z-]+", self.rest[1]):
            self.rest[1] = "-"

    def get(self, s):
        f, r = parse_sq(s) if isinstance(s, str) else s
        return self.rows[self.height - 1 - r][f]

    def set(self, s, tok):
        f, r = parse_sq(s) if isinstance(s, str) else s
        self.rows[self.height - 1 - r][f] = tok

    def squares(self):
        for r in range(self.height):
            for f in range(self.width):
                yield sq(f, r)

    def pieces(self):
        return [(s, self.get(s)) for s in self.squares() if self.get(s) not in (None, "*")]

    def side(self):
        return self.rest[0] if self.rest else "w"

    def text(self, side=None, clock=None):
        out = []
        for row in self.rows:
            s, n = "", 0
            for c in row:
                if c is None:
                    n += 1
                else:
                    if n:
                        s += str(n)
                        n = 0
                    s += c
            if n:
                s += str(n)
            out.append(s)
        board = "/".join(out)
        if self.pocket is not None:
            board += "[" + self.pocket + "]"
        rest = list(self.rest)
        if side is not None and rest:
            rest[0] = side
        if clock is not None and len(rest) >= 3:
            rest[-2] = str(clock)
        return " ".join([board] + rest)


def letter(tok):
    """The piece letter of a board token, lower case ('+p' -> '+p', 'Q~' -> 'q')."""
    return tok.rstrip("~").lower()


def white(tok):
    return tok.rstrip("~")[-1].isupper()


def key_of(fen):
    """A position as repetition compares it: its fields but the numbers
    (the clocks, and a counting rule's limit and count, which Makruk's
    FEN writes where the en passant square stood: `b - 32 6 1`) and the
    empty ones (`-`); check counts (`3+3`) are kept."""
    return " ".join(f for f in fen.split(" ") if not f.isdigit() and f != "-")


def seen_at(fens, i):
    """How many times the position after i plies has occurred so far."""
    key = key_of(fens[i])
    return sum(1 for f in fens[:i + 1] if key_of(f) == key)


def outcome(value):
    return "win" if value > 0 else "loss" if value < 0 else "draw"


# ---------------------------------------------------------------- the probes

# Random games played to find an en passant capture (chess finds one in
# about one game in seven; Horde in one of two).
EP_GAMES = 60
EP_PLIES = 30
EP_FORWARD = 0.6
EP_FURTHEST = 0.5


def straight_forward(uci, white_moves):
    """A move (no drop, no wall) along its file, forward for the side."""
    m = MOVE.match(uci)
    if not m or m.group(1) != m.group(3) or m.group(6):
        return False
    step = int(m.group(4)) - int(m.group(2))
    return step > 0 if white_moves else step < 0

def lands_beside_other(board, uci, white_moves):
    """A straight move of two or more squares that lands beside (same
    rank, next file) a piece of the other side."""
    m = MOVE.match(uci)
    if not m or abs(int(m.group(4)) - int(m.group(2))) < 2:
        return False
    f, r = parse_sq(m.group(3) + m.group(4))
    for g in (f - 1, f + 1):
        if 0 <= g < board.width and 0 <= r < board.height:
            tok = board.get((g, r))
            if tok not in (None, "*") and white(tok) != white_moves:
                return True
    return False


NO_SHUFFLE = "no shuffle of quiet non-pawn moves that comes back to its position (rights included), from the start or after one move of each side"

class Page:
    def __init__(self, name, variant, groups):
        self.name = name
        self.v = variant
        self.groups = groups
        self.claims = {}
        for g in groups:
            for k, val in g.items():
                self.claims.setdefault(k, val)
        self.raw_start = sf.start_fen(variant)
        # pyffish's own writing of it (fields it leaves out filled in)
        self.start = sf.get_fen(variant, self.raw_start, [])
        self.royal = self.royal_letters()
        self.ends = {}  # in check -> (a position with no legal move, or None, why)
        self.cache = {}  # a probe's key -> its result (a claim repeated on several items)
        self.disagreements = []
        self.checked = collections.Counter()
        self.unprobed = collections.defaultdict(collections.Counter)
        self.reading = 0

    # bookkeeping
    def skip_rest(self, g, keys, why):
        for k in keys:
            if k in g:
                self.skip(k, why)

    def ok(self, key):
        self.checked[key] += 1

    def bad(self, key, value, what):
        self.checked[key] += 1
        self.disagreements.append("%s: %s=%s: %s" % (self.name, key, value, what))

    def skip(self, key, why):
        self.unprobed[key][why] += 1

    # helpers
    def empty_board(self):
        """The start position's board with no piece on it, no piece in
        hand and no castling rights."""
        b = Fen(self.start)
        for s_, _ in b.pieces():
            b.set(s_, None)
        if b.pocket is not None:
            b.pocket = ""
        b.no_castling()
        return b

    def royal_letters(self):
        """Letters whose removal from the start position makes it invalid (the royal pieces)."""
        b = Fen(self.start)
        found = set()
        for l in sorted({letter(t) for _, t in b.pieces()}):
            c = Fen(self.start)
            c.no_castling()
            for s, t in c.pieces():
                if letter(t) == l:
                    c.set(s, None)
            if not self.valid(c.text()):
                found.add(l)
        self.has_royal = bool(found)
        return found or {"k"}

    def legal(self, fen, moves=()):
        return sf.legal_moves(self.v, fen, list(moves))

    def valid(self, fen):
        try:
            return sf.validate_fen(fen, self.v) == sf.FEN_OK
        except Exception:
            return False

    def opt_end(self, fen, moves=(), need_legal=True):
        moves = list(moves)
        end, value = sf.is_optional_game_end(self.v, fen, moves)
        if end:
            return True, value
        end, value = sf.is_immediate_game_end(self.v, fen, moves)
        if end:
            return True, value
        if need_legal and not sf.legal_moves(self.v, fen, moves):
            return True, sf.game_result(self.v, fen, moves)
        return False, 0

    def quiet_moves(self, fen, avoid_letters=(), avoid_royal=True, limit=6, no_check=True):
        """Up to LIMIT moves that are no capture, no drop, no promotion, no wall or duck placed, give no check."""
        board = Fen(fen)
        out = []
        for m in self.legal(fen):
            mm = MOVE.match(m)
            if not mm or mm.group(5) or mm.group(6):
                continue
            frm = mm.group(1) + mm.group(2)
            to = mm.group(3) + mm.group(4)
            tok = board.get(frm)
            if tok is None or board.get(to) is not None:
                continue
            if letter(tok) in avoid_letters:
                continue
            if avoid_royal and letter(tok) in self.royal:
                continue
            if no_check and sf.gives_check(self.v, fen, [m]):
                continue
            out.append((m, frm, to, tok))
            if len(out) >= limit:
                break
        return out

    # -- who moves first, checks to give, the hand at the start
    def probe_start(self, g):
        fen = Fen(self.start)
        if "fsf:firstMove" in g:
            want = g["fsf:firstMove"]
            got = "white" if fen.side() == "w" else "black"
            (self.ok if got == want else lambda k: self.bad(k, want, "the start position has %s to move (%s)" % (got, self.start)))("fsf:firstMove")
        for side, key in (("White", "fsf:checksWhite"), ("Black", "fsf:checksBlack")):
            if key not in g:
                continue
            counts = [f for f in fen.rest if re.fullmatch(r"\d+\+\d+", f)]
            if not counts:
                self.bad(key, g[key], "the start FEN has no check counts (%s)" % self.start)
                continue
            w, b = counts[0].split("+")
            got = w if side == "White" else b
            if got == g[key]:
                self.ok(key)
            else:
                self.bad(key, g[key], "the start FEN's check field is %s (%s)" % (counts[0], self.start))
        if "fsf:hand" in g:
            want = sorted(g["fsf:hand"].replace("-", ""))
            got = sorted((fen.pocket or "").replace("-", ""))
            if want == got:
                self.ok("fsf:hand")
            else:
                self.bad("fsf:hand", g["fsf:hand"], "the start position's hand is [%s]" % (fen.pocket or ""))

    # -- repetition
    def find_shuffle(self, fen, avoid, royal_too=False):
        """Four quiet non-pawn plies (a move and its reverse for each side) that come back."""
        rights = Fen(fen).rest[1:2]
        for m1, f1, t1, tok1 in self.quiet_moves(fen, avoid, avoid_royal=not royal_too):
            fen1 = sf.get_fen(self.v, fen, [m1])
            if Fen(fen1).rest[1:2] != rights:
                continue  # a castling or gating right lost: it never comes back
            for m2, f2, t2, tok2 in self.quiet_moves(fen1, avoid, avoid_royal=not royal_too, limit=4):
                r1, r2 = t1 + f1, t2 + f2
                seq = [m1, m2, r1, r2]
                try:
                    # pyffish refuses an illegal move (an exception): one call checks both reverses
                    back = sf.get_fen(self.v, fen, seq)
                except Exception:
                    continue
                if key_of(back) != key_of(fen):
                    continue
                if sf.gives_check(self.v, fen, seq[:3]) or sf.gives_check(self.v, fen, seq):
                    continue
                return seq
        return None

    def find_cycle(self, avoid):
        """A shuffle from the start position, or after one opening move of each side."""
        seq = self.find_shuffle(self.start, avoid)
        if seq:
            return [], seq
        if self.claims.get("moveRepetitionIllegal") != "true":
            seq = self.find_shuffle(self.start, avoid, royal_too=True)
            if seq:
                return [], seq
        tries = 0
        for m1 in self.legal(self.start)[:12]:
            if sf.is_capture(self.v, self.start, [], m1) or "," in m1:
                continue
            for m2 in self.legal(self.start, [m1])[:6]:
                if sf.is_capture(self.v, self.start, [m1], m2) or "," in m2:
                    continue
                tries += 1
                if tries > 3:
                    return None, None
                seq = self.find_shuffle(sf.get_fen(self.v, self.start, [m1, m2]), avoid)
                if seq:
                    return [m1, m2], seq
                break
        return None, None

    def probe_repetition(self, g):
        n = int(g["nFoldRule"])
        value = g.get("nFoldValue")
        absolute = g.get("nFoldValueAbsolute") == "true"
        avoid = set("p")
        avoid |= set(self.claims.get("nMoveRuleTypesWhite", "p").replace("-", ""))
        prefix, seq = self.find_cycle(avoid)
        if n == 0:
            if not seq:
                self.skip("nFoldRule", NO_SHUFFLE)
                return
            moves = prefix + seq * 6
            for i in range(len(moves) + 1):
                end, _ = self.opt_end(self.start, moves[:i])
                if end:
                    self.bad("nFoldRule", "0", "the game ends after %d plies of %s repeated" % (i, " ".join(seq)))
                    return
            self.ok("nFoldRule")
            return
        if not seq:
            for k in ("nFoldRule", "nFoldValue", "nFoldValueAbsolute"):
                if k in g:
                    self.skip(k, NO_SHUFFLE)
            return
        moves = prefix + seq * (n + 1)
        seen = collections.Counter()
        target = None
        fens = []
        for i in range(len(moves) + 1):
            fen = sf.get_fen(self.v, self.start, moves[:i])
            fens.append(fen)
            seen[key_of(fen)] += 1
            if seen[key_of(fen)] == n:
                target = i
                break
        shown = " ".join(seq) + (" (after %s)" % " ".join(prefix) if prefix else "")
        for i in range(target):
            # (the shuffle's next move is legal: no need to ask for legal moves)
            end, val = self.opt_end(self.start, moves[:i], need_legal=False)
            if end and self.claims.get("moveRepetitionIllegal") == "true" and outcome(val) == "win" \
                    and seen_at(fens, i) == 3:
                # The page's claim: moving a piece back and forth to a
                # third occurrence loses at once (Janggi's rule), which
                # ends this shuffle before the n-fold rule can.
                self.skip_rest(g, ("nFoldRule", "nFoldValue", "nFoldValueAbsolute"),
                               "the shuffle ended on its third occurrence, a win for the side to move, "
                               "as the page's moveRepetitionIllegal=true says")
                return
            if end:
                note = " (moveRepetitionIllegal=true is claimed too)" if self.claims.get("moveRepetitionIllegal") == "true" else ""
                self.bad("nFoldRule", n, "the game ends (%s for the side to move) after %d plies of %s repeated, before the position's %d. occurrence (ply %d)%s" % (outcome(val), i, shown, n, target, note))
                self.skip_rest(g, ("nFoldValue", "nFoldValueAbsolute"), "its nFoldRule disagrees")
                return
        end, val = self.opt_end(self.start, moves[:target])
        if not end:
            self.bad("nFoldRule", n, "the game does not end at the %d. occurrence (ply %d of %s repeated)" % (n, target, shown))
            self.skip_rest(g, ("nFoldValue", "nFoldValueAbsolute"), "its nFoldRule disagrees")
            return
        self.ok("nFoldRule")
        if value is None:
            return
        stm_black = fens[target].split(" ")[1] == "b"
        want = value
        if absolute and stm_black:
            want = {"win": "loss", "loss": "win"}.get(value, value)
        got = outcome(val)
        if want == "draw" and "materialCounting" in self.claims:
            mc = self.claims["materialCounting"]
            expect = self.material_result(mc, fens[target])
            if expect is None:
                self.skip("nFoldValue", "a drawn repetition goes to materialCounting=%s, whose count this suite does not compute" % mc)
                self.skip_rest(g, ("nFoldValueAbsolute",), "a drawn repetition goes to materialCounting")
                return
            if got == expect:
                self.ok("nFoldValue")
            else:
                self.bad("nFoldValue", value, "repetition ends as a %s for the side to move (materialCounting=%s: the claims' count gives %s)" % (got, mc, expect))
            self.skip_rest(g, ("nFoldValueAbsolute",), "a drawn repetition goes to materialCounting")
            return
        if got == want:
            self.ok("nFoldValue")
            if "nFoldValueAbsolute" in g:
                if absolute and not stm_black and value != "draw":
                    self.skip("nFoldValueAbsolute", "the repetition ended with White to move")
                else:
                    self.ok("nFoldValueAbsolute")
        else:
            self.bad("nFoldValue", value, "the %d. occurrence (ply %d of %s repeated, %s to move) ends the game as a %s for the side to move" % (n, target, shown, "Black" if stm_black else "White", got))
            if "nFoldValueAbsolute" in g:
                self.skip("nFoldValueAbsolute", "its nFoldValue disagrees")

    # -- perpetual check
    def check_shuffle(self, fen, at):
        """Four plies from FEN: the White piece on AT moves giving check,
        Black replies, the piece goes back giving check again, the reply
        is undone; no capture, and no ply ends the game."""
        board = Fen(fen)
        for m1 in self.legal(fen):
            mm = MOVE.match(m1)
            if not mm or mm.group(5) or mm.group(6) or mm.group(1) + mm.group(2) != at:
                continue
            to1 = mm.group(3) + mm.group(4)
            if board.get(to1) is not None or not sf.gives_check(self.v, fen, [m1]):
                continue
            after = Fen(sf.get_fen(self.v, fen, [m1]))
            for m2 in self.legal(fen, [m1]):
                mm2 = MOVE.match(m2)
                if not mm2 or mm2.group(5) or mm2.group(6):
                    continue
                frm2, to2 = mm2.group(1) + mm2.group(2), mm2.group(3) + mm2.group(4)
                if after.get(to2) is not None:
                    continue
                seq = [m1, m2, to1 + at, to2 + frm2]
                if seq[2] not in self.legal(fen, seq[:2]) or seq[3] not in self.legal(fen, seq[:3]):
                    continue
                if not sf.gives_check(self.v, fen, seq[:3]):
                    continue
                if key_of(sf.get_fen(self.v, fen, seq)) != key_of(fen):
                    continue
                if any(self.opt_end(fen, seq[:i])[0] for i in range(1, 5)):
                    continue
                return seq
        return None

    def find_check_cycle(self, royal, budget=240):
        """White's and Black's royal pieces and one White piece (each of
        the start position's types in turn, on random squares; the royal
        pieces on their start squares, or Black's a step or two from it):
        a position and a check shuffle from it (`check_shuffle`)."""
        start = Fen(self.start)
        royals = [(x, t) for x, t in start.pieces() if letter(t) in royal]
        wr = [(x, t) for x, t in royals if white(t)]
        br = [(x, t) for x, t in royals if not white(t)]
        if len(wr) != 1 or len(br) != 1:
            return None, "not one royal piece a side in the start position"
        letters = sorted({letter(t) for _, t in start.pieces()
                          if white(t) and letter(t) not in royal and not t.startswith("+")})
        if not letters:
            return None, "White has no piece but its royal one"
        rng = random.Random(self.name)
        cells = [(x, y) for x in range(start.width) for y in range(start.height)]
        tries = 0
        while tries < budget:
            for l in letters:
                tries += 1
                b = self.empty_board()
                w_at, b_at = parse_sq(wr[0][0]), parse_sq(br[0][0])
                if tries % 2 == 0:
                    # Black's a step or two from its start square
                    near = [c for c in cells if c != w_at and c != b_at
                            and max(abs(c[0] - b_at[0]), abs(c[1] - b_at[1])) <= 2]
                    b_at = rng.choice(near)
                free = [c for c in cells if c not in (w_at, b_at)]
                x_at = rng.choice(free)
                b.set(w_at, wr[0][1])
                b.set(b_at, br[0][1])
                b.set(x_at, l.upper())
                fen = b.text(side="w")
                if not self.valid(fen) or sf.gives_check(self.v, b.text(side="b"), []):
                    continue
                if self.opt_end(fen)[0]:
                    continue
                seq = self.check_shuffle(fen, sq(*x_at))
                if seq:
                    return (fen, seq), None
        return None, "none found in %d positions" % tries

    def probe_perpetual(self, g):
        """`perpetualCheckIllegal`: a check shuffle (White checks with
        every move) played until the game ends: at the position's n-th
        occurrence, the checking side loses where the claim is true;
        where false, the game ends as `nFoldValue` says."""
        want = g["perpetualCheckIllegal"]
        n = int(g.get("nFoldRule", self.claims.get("nFoldRule", "0")))
        royal = self.royal if self.has_royal else set()
        if not royal and self.claims.get("extinctionPseudoRoyal") == "true":
            # pseudo-royal pieces are checked too (Atomic's Kings)
            royal = set(self.claims.get("extinctionPieceTypes", "").replace("*", "").replace("-", ""))
        if not royal:
            self.skip("perpetualCheckIllegal", "the game has no royal piece, so no check")
            return
        if n == 0:
            self.skip("perpetualCheckIllegal", "nFoldRule=0: no repetition ends the game")
            return
        if "fsf:checksWhite" in self.claims:
            self.skip("perpetualCheckIllegal", "the checks are counted: a check shuffle ends the game by its count first")
            return
        if "perpetual" not in self.cache:
            self.cache["perpetual"] = self.find_check_cycle(royal)
        found, why = self.cache["perpetual"]
        if not found:
            self.skip("perpetualCheckIllegal", "no check shuffle built (%s)" % why)
            return
        fen, seq = found
        moves = seq * (n + 1)
        seen = collections.Counter([key_of(fen)])
        target = None
        for i in range(1, len(moves) + 1):
            k = key_of(sf.get_fen(self.v, fen, moves[:i]))
            seen[k] += 1
            if seen[k] == n:
                target = i
                break
        shown = "%s from %s" % (" ".join(seq), fen)
        for i in range(1, len(moves) + 1):
            end, val = self.opt_end(fen, moves[:i], need_legal=False)
            if end:
                break
        else:
            self.bad("perpetualCheckIllegal", want, "the game does not end in %d plies of %s" % (len(moves), shown))
            return
        if i != target:
            self.bad("perpetualCheckIllegal", want, "the game ends after %d plies of %s, not at the %d. occurrence (ply %d)" % (i, shown, n, target))
            return
        after = sf.get_fen(self.v, fen, moves[:i])
        checker_moves = after.split(" ")[1] == "w"
        got = outcome(val)
        if want == "true":
            expect = "loss" if checker_moves else "win"
            why = "the checking side loses"
        else:
            value = self.claims.get("nFoldValue", "draw")
            expect = value
            if self.claims.get("nFoldValueAbsolute") == "true" and not checker_moves:
                expect = {"win": "loss", "loss": "win"}.get(value, value)
            if expect == "draw" and "materialCounting" in self.claims:
                expect = self.material_result(self.claims["materialCounting"], after)
                if expect is None:
                    self.skip("perpetualCheckIllegal", "a drawn repetition goes to materialCounting, whose count this suite does not compute")
                    return
            why = "as nFoldValue says"
        if got == expect:
            self.ok("perpetualCheckIllegal")
        else:
            self.bad("perpetualCheckIllegal", want, "after %d plies of %s (%s to move) the game is a %s for the side to move; %s would be a %s"
                     % (i, shown, "the checking side" if checker_moves else "the checked side", got, why, expect))

    def material_result(self, mc, fen):
        """The result for the side to move of a drawn game counted by material, from the claims."""
        board = Fen(fen)
        stm_white = board.side() == "w"
        if mc == "blackdrawodds":
            # a draw counts as Black's win
            return "loss" if stm_white else "win"
        if mc == "janggi" and "fsf:janggiPoints" in self.claims:
            parts = self.claims["fsf:janggiPoints"].split()
            values, bonus = {}, 0.0
            for p in parts:
                m = re.fullmatch(r"([a-z+]+?)(-?[\d.]+)", p)
                if not m:
                    return None
                if m.group(1) == "white":
                    bonus = float(m.group(2))
                else:
                    values[m.group(1)] = float(m.group(2))
            count = bonus
            for _, tok in board.pieces():
                v = values.get(letter(tok), 0)
                count += v if white(tok) else -v
            if count == 0:
                return None
            white_wins = count > 0
            return "win" if white_wins == stm_white else "loss"
        return None

    # -- n-move rule
    def probe_nmove(self, g):
        n = int(g["nMoveRule"])
        types = g.get("nMoveRuleTypesWhite")
        avoid = set("p") | set((types or "").replace("-", ""))
        start = Fen(self.start)
        if len(start.rest) < 3 or not start.rest[-2].isdigit():
            self.skip("nMoveRule", "the start FEN has no half-move clock")
            return
        side = start.side()
        quiet = self.quiet_moves(self.start, avoid, avoid_royal=False, limit=1, no_check=False)
        if not quiet:
            self.skip("nMoveRule", "no move in the start position that keeps the clock (no capture, drop, promotion or piece of nMoveRuleTypesWhite)")
        else:
            m = quiet[0][0]
            if n == 0:
                fen = start.text(clock=998)
                end, _ = self.opt_end(fen, [m])
                if end:
                    self.bad("nMoveRule", 0, "with the half-move clock at 998, %s ends the game" % m)
                else:
                    self.ok("nMoveRule")
            else:
                before = start.text(clock=2 * n - 2)
                at = start.text(clock=2 * n - 1)
                e0, _ = self.opt_end(before, [m])
                e1, val = self.opt_end(at, [m])
                e2, _ = self.opt_end(at, [])
                if e0 or e2:
                    self.bad("nMoveRule", n, "the game ends with the half-move clock at %d" % (2 * n - 1))
                elif not e1:
                    self.bad("nMoveRule", n, "with the half-move clock at %d, %s (clock %d) does not end the game" % (2 * n - 1, m, 2 * n))
                else:
                    self.ok("nMoveRule")
        if types is None:
            return
        # which pieces' quiet moves reset the clock
        want = set(types.replace("-", ""))
        fen = start.text(clock=10)
        seen = {}  # letter -> [(move, clock, to, from)]
        for m in self.legal(fen):
            mm = MOVE.match(m)
            if not mm:
                continue
            frm, to = mm.group(1) + mm.group(2), mm.group(3) + mm.group(4)
            b = Fen(fen)
            tok = b.get(frm)
            if tok is None or b.get(to) is not None or tok.startswith("+"):
                continue
            if len(seen.get(letter(tok), [])) >= 4:
                continue
            after = sf.get_fen(self.v, fen, [m]).split(" ")
            try:
                clock = int(after[-2])
            except ValueError:
                continue
            seen.setdefault(letter(tok), []).append((m, clock, to, frm))
        if side != "w":
            self.skip("nMoveRuleTypesWhite", "Black moves first")
            return
        if not seen:
            self.skip("nMoveRuleTypesWhite", "no quiet move in the start position")
            return

        def reversible(m, to, frm):
            """Whether the piece could go back (Fairy-Stockfish resets the
            clock only for a move of these types it could not take back):
            after m and a quiet Black reply, to-from is legal."""
            for r in self.legal(fen, [m])[:8]:
                if sf.is_capture(self.v, fen, [m], r):
                    continue
                return (to + frm) in [x[:len(to + frm)] for x in self.legal(fen, [m, r])]
            return False

        wrong = []
        for l, tries in sorted(seen.items()):
            resets = [t for t in tries if t[1] == 0]
            if l in want:
                if not resets and not all(reversible(m, to, frm) for m, _, to, frm in tries):
                    m = tries[0][0]
                    wrong.append("%s (%s) does not reset the clock, and cannot be taken back" % (m, l))
            elif resets:
                wrong.append("%s (%s) resets the clock" % (resets[0][0], l))
        if wrong:
            self.bad("nMoveRuleTypesWhite", types, "; ".join(wrong))
        else:
            self.ok("nMoveRuleTypesWhite")

    # -- castling
    def probe_castling(self, g):
        if g.get("castling") != "true":
            self.skip("castling", "castling=%s: not probed" % g.get("castling"))
            return
        ksq = g.get("fsf:castlingKingSquare")
        if not ksq:
            self.skip("castling", "no fsf:castlingKingSquare claimed")
            return
        start = Fen(self.start)
        f, r = parse_sq(ksq)
        row = [sq(x, r) for x in range(start.width)]
        tok = start.get(ksq)
        if tok is None:
            self.bad("fsf:castlingKingSquare", ksq, "the start position has nothing there (%s)" % self.start)
            self.skip_rest(g, ("castling", "castlingKingsideFile", "castlingQueensideFile"), "its fsf:castlingKingSquare disagrees")
            return
        occupied = [s for s in row if start.get(s) is not None]
        ends = [occupied[0], occupied[-1]]
        b = Fen(self.start)
        for s in occupied:
            if s not in ends and s != ksq:
                b.set(s, None)
        if len(b.rest) >= 4 and re.fullmatch(r"[A-Za-z-]+", b.rest[1]):
            # gating flags name the pieces removed: keep the castling flags
            keep = ""
            for c in b.rest[1]:
                if c in "KQkq":
                    keep += c
                elif c.isalpha():
                    rank = 0 if c.isupper() else b.height - 1
                    f = ord(c.lower()) - ord("a")
                    if 0 <= f < b.width and b.get((f, rank)) is not None and letter(b.get((f, rank))) != "k" and (rank != r or sq(f, rank) in ends):
                        keep += c
            b.rest[1] = keep or "-"
        # The side whose King it is moves (Horde: only Black castles).
        side = "w" if white(tok) else "b"
        fen = b.text() if start.side() == side else b.text(side=side)
        if not self.valid(fen):
            for k in g:
                self.skip(k, "the emptied back rank is no valid FEN")
            return
        legal = self.legal(fen)
        if not legal:
            for k in g:
                self.skip(k, "the start position with its back rank emptied has no legal move (the game is over)")
            return
        dests = set()
        for m in legal:
            mm = MOVE.match(m)
            if not mm or mm.group(1) + mm.group(2) != ksq:
                continue
            after = Fen(sf.get_fen(self.v, fen, [m]))
            moved_others = [s for s in ends if s != ksq and b.get(s) is not None and after.get(s) != b.get(s)]
            where = [s for s in row if after.get(s) == tok]
            if moved_others and where and where[0] != ksq:
                dests.add(where[0][0])
        ok_king = bool(dests)
        if ok_king:
            self.ok("castling")
            self.ok("fsf:castlingKingSquare")
        else:
            rights = Fen(self.start).rest[1] if len(Fen(self.start).rest) >= 4 else "?"
            self.bad("castling", "true", "with the back rank emptied (%s) the piece on %s has no castling move (the start FEN's castling field: %s)" % (fen, ksq, rights))
            self.skip_rest(g, ("fsf:castlingKingSquare", "castlingKingsideFile", "castlingQueensideFile"), "its castling=true disagrees")
            return
        for key in ("castlingKingsideFile", "castlingQueensideFile"):
            if key not in g:
                continue
            if g[key] in dests:
                self.ok(key)
            else:
                self.bad(key, g[key], "the castling moves from %s end on the files %s (%s)" % (ksq, " ".join(sorted(dests)), fen))

    # -- drops
    def board_with(self, keep):
        """The start position with only the royal pieces (letter k) and KEEP left."""
        b = Fen(self.start)
        for s, tok in b.pieces():
            if letter(tok) not in self.royal:
                b.set(s, None)
        for s, tok in keep:
            b.set(s, tok)
        b.no_castling()
        return b

    def drop_squares(self, fen, piece):
        out = set()
        for m in self.legal(fen):
            mm = DROP.match(m)
            if mm and mm.group(1).upper() == piece.upper():
                out.add(mm.group(2) + mm.group(3))
        return out

    def probe_drops(self, g):
        if g.get("pieceDrops") != "true":
            for k in g:
                self.skip(k, "pieceDrops=%s: not probed" % g.get("pieceDrops"))
            return
        start = Fen(self.start)
        if start.pocket is None:
            for k in g:
                self.skip(k, "the start FEN has no pocket")
            return
        letters = sorted({letter(t) for _, t in start.pieces() if not t.startswith("+")} | {c.lower() for c in start.pocket if c.isalpha()})
        letters = [l for l in letters if l not in self.royal]
        enclosing = self.claims.get("enclosingDrop", "none") not in ("none", "-", "false")
        for side, key in (("w", "dropRegionWhite"), ("b", "dropRegionBlack")):
            region = set(g.get(key, "").split()) - {"-"} if key in g else None
            union = set()
            empties = set()
            tried = []
            union = set()      # drops on the board whose empty squares are required
            anywhere = set()   # drops on either board: none may leave the region
            empties = set()
            for board in ("the start position", "the royal pieces alone"):
                here = set()
                for l in letters:
                    piece = l.upper() if side == "w" else l
                    b = Fen(self.start) if board == "the start position" else self.board_with([])
                    b.pocket = (Fen(self.start).pocket or "").replace("-", "") + piece
                    fen = b.text(side=side)
                    if not self.valid(fen):
                        continue
                    if not union:
                        empties = {x for x in b.squares() if b.get(x) is None}
                    here |= self.drop_squares(fen, piece)
                    if not tried or tried[-1] != fen:
                        tried.append(fen)
                anywhere |= here
                if not union:
                    union = here
            who = "White" if side == "w" else "Black"
            if not union:
                legal = self.legal(tried[0]) if tried else []
                if legal and all(sf.is_capture(self.v, tried[0], [], m) for m in legal) and self.claims.get("mustCapture") == "true":
                    for k in (key, "pieceDrops") if side == "w" else (key,):
                        if k in g:
                            self.skip(k, "mustCapture: the positions tried have a capture to make")
                    continue
                what = "with one more of %s in %s's hand, none can be dropped (%s)" % (" ".join(letters), who, " | ".join(tried) or "no valid FEN")
                if key in g:
                    self.bad(key, "(%d squares)" % len(region or ()), what)
                if side == "w" and "pieceDrops" in g:
                    self.bad("pieceDrops", "true", what)
                continue
            if side == "w" and "pieceDrops" in g:
                self.ok("pieceDrops")
            if region is None:
                continue
            outside = anywhere - region
            missing = set() if enclosing else (region & empties) - union
            if outside or missing:
                what = []
                if outside:
                    what.append("drops are legal outside it on %s" % " ".join(sorted(outside)))
                if missing:
                    what.append("no piece of %s can be dropped on the empty %s" % (" ".join(letters), " ".join(sorted(missing))))
                self.bad(key, "(%d squares)" % len(region), "with one more piece in %s's hand (%s): %s" % (who, tried[-1], "; ".join(what)))
            else:
                self.ok(key)

    def probe_pawn_drops(self, g):
        start = Fen(self.start)
        letters = {letter(t) for _, t in start.pieces()} | {c.lower() for c in (start.pocket or "") if c.isalpha()}
        if self.claims.get("pieceDrops") != "true" or start.pocket is None:
            for k in g:
                self.skip(k, "no drops (pieceDrops or the pocket)")
            return
        if "p" not in letters:
            for k in g:
                if k in ("firstRankPawnDrops", "promotionZonePawnDrops"):
                    self.skip(k, "the game has no piece p")
        drops = self.drop_squares_of("p") if "p" in letters else set()
        if "firstRankPawnDrops" in g and "p" in letters:
            want = g["firstRankPawnDrops"] == "true"
            b = self.board_with([])
            first = {s for s in drops if parse_sq(s)[1] == 0}
            empties = {sq(x, 0) for x in range(b.width) if b.get(sq(x, 0)) is None}
            if not empties:
                self.skip("firstRankPawnDrops", "rank 1 is full")
            elif bool(first) == want:
                self.ok("firstRankPawnDrops")
            else:
                self.bad("firstRankPawnDrops", g["firstRankPawnDrops"], "a P in hand (kings only on the board) can be dropped on rank 1 on %s" % (" ".join(sorted(first)) or "no square"))
        if "promotionZonePawnDrops" in g and "p" in letters:
            want = g["promotionZonePawnDrops"] == "true"
            zone = set(self.claims.get("promotionRegionWhite", "").split()) - {"-"}
            if not zone:
                self.skip("promotionZonePawnDrops", "no promotionRegionWhite claimed")
            else:
                inzone = drops & zone
                if bool(inzone) == want:
                    self.ok("promotionZonePawnDrops")
                else:
                    self.bad("promotionZonePawnDrops", g["promotionZonePawnDrops"], "a P in hand (kings only on the board) can be dropped in the zone on %s" % (" ".join(sorted(inzone)) or "no square"))
        if "dropNoDoubled" in g:
            pt = g["dropNoDoubled"]
            count = int(g.get("dropNoDoubledCount", "1"))
            if pt == "-" or len(pt) != 1:
                for k in ("dropNoDoubled", "dropNoDoubledCount"):
                    if k in g:
                        self.skip(k, "dropNoDoubled=%s: nothing to probe" % pt)
                return
            pd = self.drop_squares_of(pt)
            if not pd:
                for k in ("dropNoDoubled", "dropNoDoubledCount"):
                    if k in g:
                        self.skip(k, "no %s can be dropped with kings only on the board" % pt.upper())
                return
            files = collections.defaultdict(list)
            for s in pd:
                files[parse_sq(s)[0]].append(s)
            f = max(files, key=lambda x: (len(files[x]), -abs(x - Fen(self.start).width // 2)))
            column = sorted(files[f], key=lambda s: parse_sq(s)[1])
            placed = column[1:count + 1]
            if len(placed) < count:
                self.skip("dropNoDoubled", "the file has too few squares")
                return
            b = self.board_with([(s, pt.upper()) for s in placed])
            b.pocket = pt.upper()
            fen = b.text(side="w")
            if not self.valid(fen):
                self.skip("dropNoDoubled", "no valid FEN with %d %s on a file" % (count, pt.upper()))
                return
            got = {s for s in self.drop_squares(fen, pt.upper()) if parse_sq(s)[0] == f}
            if got:
                self.bad("dropNoDoubled", pt, "with %s on the file (%s), a %s can still be dropped on %s" % (" ".join(placed), fen, pt.upper(), " ".join(sorted(got))))
            else:
                self.ok("dropNoDoubled")
                if "dropNoDoubledCount" in g and count == 1:
                    self.ok("dropNoDoubledCount")
            if count > 1 and "dropNoDoubledCount" in g:
                b = self.board_with([(s, pt.upper()) for s in placed[:count - 1]])
                b.pocket = pt.upper()
                fen = b.text(side="w")
                if not self.valid(fen):
                    self.skip("dropNoDoubledCount", "no valid FEN")
                elif {s for s in self.drop_squares(fen, pt.upper()) if parse_sq(s)[0] == f}:
                    self.ok("dropNoDoubledCount")
                else:
                    self.bad("dropNoDoubledCount", count, "with %d %s on a file (%s) no %s can be dropped there" % (count - 1, pt.upper(), fen, pt.upper()))

    def drop_squares_of(self, pt):
        b = self.board_with([])
        b.pocket = pt.upper()
        fen = b.text(side="w")
        if not self.valid(fen):
            return set()
        return self.drop_squares(fen, pt.upper())

    # -- promotion
    def probe_promotion(self, g):
        region = set(g.get("promotionRegionWhite", "").split()) - {"-"}
        types = g.get("promotionPieceTypesWhite")
        mandatory = g.get("mandatoryPawnPromotion")
        keys = [k for k in ("promotionRegionWhite", "promotionPieceTypesWhite", "mandatoryPawnPromotion") if k in g]
        start = Fen(self.start)
        has_pawn = any(t.rstrip("~") == "P" for _, t in start.pieces()) or "P" in (start.pocket or "")
        if not has_pawn:
            for k in keys:
                self.skip(k, "White has no piece P")
            return
        if not region:
            for k in keys:
                self.skip(k, "an empty promotion region")
            return
        # squares just outside the zone whose forward step enters it
        kings = {s for s, t in start.pieces() if letter(t) in self.royal}
        kfiles = {parse_sq(s)[0] for s in kings}
        cands = []
        for z in region:
            f, r = parse_sq(z)
            below = sq(f, r - 1) if r > 0 else None
            if below and below not in region and below not in kings and z not in kings:
                cands.append((f in kfiles or f - 1 in kfiles or f + 1 in kfiles, r, f, below, z))
        cands.sort()
        if not cands:
            for k in keys:
                self.skip(k, "no square before the zone")
            return
        into, shown, positions = [], [], 0
        into, shown, positions = self.pawn_before_zone(cands, region, None)
        want_types = set((types or "").replace("-", ""))
        got_types = {MOVE.match(m).group(5).lower() for m in into if MOVE.match(m).group(5)}
        if types is not None and positions and want_types - got_types:
            # a promotion may be refused for the check it gives (checking=false):
            # the same with Black's royal piece elsewhere
            for extra in self.royal_elsewhere():
                i2, s2, p2 = self.pawn_before_zone(cands, region, extra)
                into += i2
                shown += s2
                positions += p2
        self.finish_promotion(g, keys, region, types, mandatory, into, shown, positions)

    def royal_elsewhere(self):
        start = Fen(self.start)
        royals = [(x, t) for x, t in start.pieces() if letter(t) in self.royal]
        br = [(x, t) for x, t in royals if not white(t)]
        wr = [(x, t) for x, t in royals if white(t)]
        if len(br) != 1 or len(wr) != 1:
            return []
        w, h = start.width, start.height
        out = []
        for at in ((w - 1, h // 2), (0, h // 2), (w // 2, h // 2 - 1), (w - 1, 1), (0, 1)):
            if sq(*at) == wr[0][0]:
                continue
            if self.royal_can_stand(br[0][1], at, wr[0][1], parse_sq(wr[0][0])):
                out.append((br[0][0], at, br[0][1]))
        return out[:2]

    def pawn_before_zone(self, cands, region, extra):
        into, shown, positions = [], [], 0
        for _, _, _, below, z in cands[:8]:
            b = self.board_with([(below, "P")])
            if extra:
                frm, at, tok = extra
                if sq(*at) == below:
                    continue
                b.set(frm, None)
                b.set(at, tok)
            fen = b.text(side="w")
            if not self.valid(fen):
                continue
            moves = [m for m in self.legal(fen) if MOVE.match(m) and "".join(MOVE.match(m).group(1, 2)) == below]
            if not moves:
                continue
            positions += 1
            here = [m for m in moves if "".join(MOVE.match(m).group(3, 4)) in region]
            into += here
            shown.append("%s: %s" % (fen, " ".join(sorted(here)) or "none"))
            if positions == 3:
                break
        return into, shown, positions

    def finish_promotion(self, g, keys, region, types, mandatory, into, shown, positions):
        if not positions:
            for k in keys:
                self.skip(k, "no valid position with a White P before the zone")
            return
        where = " | ".join(shown)
        if not into:
            self.bad("promotionRegionWhite", "(%d squares)" % len(region), "a White P before the zone has no move into it (%s)" % where)
            return
        if "promotionRegionWhite" in g:
            self.ok("promotionRegionWhite")
        suffixes = {MOVE.match(m).group(5) for m in into}
        got = set(x for x in suffixes if x)
        if types is not None:
            want = set(types.replace("-", ""))
            gotl = {x.lower() for x in got if x != "+"}
            if gotl == want:
                self.ok("promotionPieceTypesWhite")
            else:
                self.bad("promotionPieceTypesWhite", types, "a White P promotes to %s (%s)" % (" ".join(sorted(gotl)) or "nothing", where))
        if mandatory is not None:
            plain = "" in suffixes
            if not got:
                self.skip("mandatoryPawnPromotion", "no promotion choice into the zone")
            elif plain == (mandatory == "false"):
                self.ok("mandatoryPawnPromotion")
            else:
                self.bad("mandatoryPawnPromotion", mandatory, "a White P moves into the zone %s (%s)" % ("without promoting" if plain else "only promoting", where))

    # -- checkmate and stalemate
    def royal_can_stand(self, tok, at, other, other_at):
        """TOK on AT (OTHER on OTHER_AT, nothing else) has a legal move: AT is in its region."""
        b = self.board_with([])
        for s_, t in b.pieces():
            b.set(s_, None)
        b.set(at, tok)
        b.set(other_at, other)
        if b.pocket is not None:
            b.pocket = ""
        fen = b.text(side="w" if white(tok) else "b")
        if not self.valid(fen):
            return False
        here = sq(*at)
        return any(MOVE.match(m) and "".join(MOVE.match(m).group(1, 2)) == here and "".join(MOVE.match(m).group(3, 4)) != here for m in self.legal(fen))

    def find_end(self, in_check, budget=100):
        """Black's royal piece in a corner, White's two squares off, one White piece
        anywhere: a position (pocket emptied, Black to move) with no legal move,
        Black in check or not, that no other rule ends first."""
        start = Fen(self.start)
        royals = [(x, t) for x, t in start.pieces() if letter(t) in self.royal]
        wr = [t for _, t in royals if white(t)]
        br = [t for _, t in royals if not white(t)]
        if len(wr) != 1 or len(br) != 1:
            return None, "not one royal piece a side in the start position"
        letters = sorted({letter(t) for _, t in start.pieces() if letter(t) not in self.royal and not t.startswith("+")})
        w, h = start.width, start.height
        wstart = parse_sq([x for x, t in royals if white(t)][0])
        bstart = parse_sq([x for x, t in royals if not white(t)][0])
        tries = 0
        for corner in ((0, h - 1), (w - 1, h - 1), (0, 0), (w - 1, 0)):
            if corner in (wstart,) or not self.royal_can_stand(br[0], corner, wr[0], wstart):
                continue
            for dx, dy in ((2, 0), (0, 2), (2, 2), (1, 2), (2, 1)):
                kx = corner[0] + (dx if corner[0] == 0 else -dx)
                ky = corner[1] + (dy if corner[1] == 0 else -dy)
                if not (0 <= kx < w and 0 <= ky < h) or (kx, ky) == bstart:
                    continue
                if not self.royal_can_stand(wr[0], (kx, ky), br[0], bstart):
                    continue
                for l in letters:
                    for x in range(w):
                        for y in range(h):
                            if (x, y) in (corner, (kx, ky)) or max(abs(x - corner[0]), abs(y - corner[1])) > 3:
                                continue
                            b = self.board_with([])
                            for s_, t in b.pieces():
                                b.set(s_, None)
                            b.set(corner, br[0])
                            b.set((kx, ky), wr[0])
                            b.set((x, y), l.upper())
                            if b.pocket is not None:
                                b.pocket = ""
                            fen = b.text(side="b")
                            tries += 1
                            if tries > budget:
                                return None, "none found in %d positions" % budget
                            if not self.valid(fen) or self.legal(fen):
                                continue
                            check = bool(sf.gives_check(self.v, fen, []))
                            if sf.is_immediate_game_end(self.v, fen, [])[0] or sf.is_optional_game_end(self.v, fen, [])[0]:
                                continue
                            if check not in self.ends:
                                self.ends[check] = (fen, None)
                            if check == in_check:
                                return fen, None
        return None, "none found in %d positions" % tries

    def find_end_random(self, in_check, budget=600):
        """Random positions (pocket emptied, Black to move, seeded by the
        page's name) with no legal move for Black, in check or not, that
        no other rule ends first: Black's royal piece a step or two from
        its start square, White's (where it has one) on its own, and one
        to three White pieces; or, where Black has no royal piece, one
        piece a side, White's often straight in front of Black's (a
        blocked Pawn)."""
        start = Fen(self.start)
        royals = [(x, t) for x, t in start.pieces() if letter(t) in self.royal] if self.has_royal else []
        wr = [(x, t) for x, t in royals if white(t)]
        br = [(x, t) for x, t in royals if not white(t)]
        if len(wr) > 1 or len(br) > 1:
            return None, "more than one royal piece a side in the start position"
        kinds = sorted({t.rstrip("~") for _, t in start.pieces() if letter(t) not in self.royal or not royals})
        whites = [t for t in kinds if white(t)]
        blacks = [t for t in kinds if not white(t)]
        if not whites or (not br and not blacks):
            return None, "no piece to place"
        rng = random.Random(self.name + "/end")
        cells = [(x, y) for x in range(start.width) for y in range(start.height)]
        for tries in range(budget):
            b = self.empty_board()
            taken = set()
            if br:
                # Black's royal piece (and White's, where it has one)
                w_at = parse_sq(wr[0][0]) if wr else None
                b_at = parse_sq(br[0][0])
                near = [c for c in cells if c != w_at and max(abs(c[0] - b_at[0]), abs(c[1] - b_at[1])) <= 2]
                b_at = rng.choice(near)
                if wr:
                    b.set(w_at, wr[0][1])
                    taken.add(w_at)
                b.set(b_at, br[0][1])
                taken.add(b_at)
                for _ in range(rng.choice((1, 2, 3))):
                    at = rng.choice([c for c in cells if c not in taken])
                    b.set(at, rng.choice(whites))
                    taken.add(at)
            else:
                b_at = rng.choice(cells)
                b.set(b_at, rng.choice(blacks))
                front = (b_at[0], b_at[1] - 1)
                at = front if tries % 2 == 0 and front[1] >= 0 else rng.choice([c for c in cells if c != b_at])
                b.set(at, rng.choice(whites))
            fen = b.text(side="b")
            if not self.valid(fen) or self.legal(fen):
                continue
            if bool(sf.gives_check(self.v, fen, [])) != in_check:
                continue
            if sf.is_immediate_game_end(self.v, fen, [])[0] or sf.is_optional_game_end(self.v, fen, [])[0]:
                continue
            return fen, None
        return None, "none found in %d random positions" % budget

    def probe_end(self, g, key, in_check):
        want = g[key]
        if key == "stalemateValue" and self.claims.get("stalematePieceCount") == "true":
            self.skip(key, "stalematePieceCount=true: the result depends on the count")
            return
        if in_check not in self.ends:
            self.ends[in_check] = self.find_end(in_check)
        if not self.ends[in_check][0]:
            fen, why = self.find_end_random(in_check)
            if fen:
                self.ends[in_check] = (fen, None)
            else:
                self.ends[in_check] = (None, "%s; %s" % (self.ends[in_check][1], why))
        fen, why = self.ends[in_check]
        if not fen:
            self.skip(key, "no %s position built (%s)" % ("checkmate" if in_check else "stalemate", why))
            return
        got = outcome(sf.game_result(self.v, fen, []))
        note = ""
        if want == "draw" and "materialCounting" in self.claims:
            mc = self.claims["materialCounting"]
            expect = self.material_result(mc, fen)
            if expect is None:
                self.skip(key, "a draw goes to materialCounting=%s, whose count this suite does not compute" % mc)
                return
            want, note = expect, " (materialCounting=%s: a draw is a %s for Black)" % (mc, expect)
        if got == want:
            self.ok(key)
        else:
            self.bad(key, g[key], "in %s (Black to move, no legal move, %s) the game is a %s for Black%s" % (fen, "in check" if in_check else "not in check", got, note))

    # -- extinction
    def extinct(self, loser, pred, keep, other=0, kind=None):
        """The start position (castling rights off) with LOSER's ('w' or
        'b') pieces matching PRED, on the board and in hand, cut down to
        KEEP, and the other side given in hand enough pieces of KIND to
        hold OTHER of it; None where it starts with no more than KEEP."""
        b = Fen(self.start)
        if other and kind:
            theirs = [t for _, t in b.pieces() if white(t) != (loser == "w") and letter(t) == kind]
            add = kind.upper() if loser == "b" else kind
            have = len(theirs) + (b.pocket or "").count(add)
            if have < other:
                if b.pocket is None:
                    return None
                b.pocket += add * (other - have)
        b.no_castling()
        mine = [(s, t) for s, t in b.pieces() if white(t) == (loser == "w") and pred(letter(t))]
        held = [c for c in (b.pocket or "") if c.isalpha() and c.isupper() == (loser == "w") and pred(c.lower())]
        if len(mine) + len(held) <= keep:
            return None
        for s, _ in mine[keep:]:
            b.set(s, None)
        if b.pocket is not None:
            left = max(0, keep - len(mine))
            out = []
            for c in b.pocket:
                if c in held and left == 0:
                    continue
                if c in held:
                    left -= 1
                out.append(c)
            b.pocket = "".join(out)
        return b.text(side="w")

    def probe_extinction(self, g):
        """`extinctionValue/PieceTypes/PieceCount`: the start position
        with one side's pieces of a claimed type (`*`: all of them
        together) cut down to the claimed count ends the game at once as
        claimed for that side; with one more kept, it does not."""
        keys = ("extinctionValue", "extinctionPieceTypes", "extinctionPieceCount")
        value = g["extinctionValue"]
        types = g.get("extinctionPieceTypes", "-")
        n = int(g.get("extinctionPieceCount", "0"))
        other = int(g.get("extinctionOpponentPieceCount", "0"))
        if other:
            keys += ("extinctionOpponentPieceCount",)
        def fail(k, claimed, what):
            self.bad(k, claimed, what)
            self.skip_rest(g, [x for x in keys if x != k], "its %s disagrees" % k)

        groups = []
        if "*" in types:
            groups.append(("all pieces", None, lambda l: True))
        for k in types.replace("*", "").replace("-", ""):
            groups.append(("every " + k, k, lambda l, k=k: l == k))
        if not groups:
            self.skip_rest(g, keys, "no piece type claimed")
            return
        tried = 0
        for label, kind, pred in groups:
            for loser in ("b", "w"):
                cases = [(n, other, True), (n + 1, other, False)]
                if other and kind:
                    cases.append((n, other - 1, False))
                for keep, held, ends in cases:
                    fen = self.extinct(loser, pred, keep, held, kind)
                    if fen is None or not self.valid(fen):
                        continue
                    tried += 1
                    end, val = sf.is_immediate_game_end(self.v, fen, [])
                    side = "White" if loser == "w" else "Black"
                    if not ends:
                        if end:
                            k = "extinctionPieceCount" if held == other else "extinctionOpponentPieceCount"
                            fail(k, g[k], "%s with %d left (%s), the other holding %d, ends the game at once (%s)" % (side, keep, label, held, fen))
                            return
                        continue
                    if not end:
                        fail("extinctionValue" if n == 0 else "extinctionPieceCount", value if n == 0 else n,
                                 "%s with %d left (%s) does not end the game (%s)" % (side, keep, label, fen))
                        return
                    got = outcome(val if loser == "w" else -val)
                    if got != value:
                        fail("extinctionValue", value, "%s with %d left (%s) ends the game as a %s for %s (%s)" % (side, keep, label, got, side, fen))
                        return
        if not tried:
            self.skip_rest(g, keys, "no valid position with the pieces cut down")
            return
        for k in keys:
            if k in g:
                self.ok(k)

    # -- captures: to the hand, compulsory
    def capture_positions(self, want=4, games=12, plies=60):
        """Positions of random games from the start (seeded by the page's
        name) where the side to move has a capture of a piece standing
        on its target square, with those captures (cached)."""
        if "captures" in self.cache:
            return self.cache["captures"]
        rng = random.Random(self.name + "/captures")
        found = []
        for _ in range(games):
            moves = []
            for _ in range(plies):
                fen = sf.get_fen(self.v, self.start, moves)
                legal = self.legal(fen)
                if not legal or self.opt_end(fen, need_legal=False)[0]:
                    break
                board = Fen(fen)
                caps = []
                for m in legal:
                    mm = MOVE.match(m)
                    if not mm or mm.group(6) or not sf.is_capture(self.v, fen, [], m):
                        continue
                    tok = board.get(mm.group(3) + mm.group(4))
                    if tok not in (None, "*") and white(tok) != (board.side() == "w"):
                        caps.append(m)
                if caps:
                    found.append((fen, caps))
                    if len(found) >= want:
                        self.cache["captures"] = found
                        return found
                    break
                moves.append(rng.choice(legal))
        self.cache["captures"] = found
        return found

    def added_to_hand(self, fen, m):
        """The pieces the move M adds to the hands (a Counter of tokens)."""
        before = collections.Counter(Fen(fen).pocket or "")
        after = collections.Counter(Fen(sf.get_fen(self.v, fen, [m])).pocket or "")
        return after - before, before - after

    def probe_hand_captures(self, g):
        """`capturesToHand` and `dropLoop`: a capture in a random game
        puts the captured piece, turned to the capturer's side, in the
        capturer's hand; the same capture of a promoted piece put in its
        place (`+x`, or `y~` for each of the start position's types)
        adds its unpromoted form, or the promoted type itself under
        dropLoop."""
        positions = self.capture_positions()
        if not positions:
            self.skip_rest(g, ("capturesToHand", "dropLoop"), "no capture in %d random games" % 12)
            return
        want = g.get("capturesToHand")
        fen, caps = positions[0]
        board = Fen(fen)
        m = caps[0]
        mm = MOVE.match(m)
        target = mm.group(3) + mm.group(4)
        tok = board.get(target)
        mine = board.side() == "w"
        turned = letter(tok).upper() if mine else letter(tok)
        if want is not None:
            added, lost = self.added_to_hand(fen, m)
            if want != "true":
                expect = collections.Counter()
            elif g.get("blastOnCapture") == "true":
                # every piece the capture removes, the blast's included,
                # goes to its owner's opponent
                gone = collections.Counter(t.rstrip("~") for _, t in board.pieces()) \
                    - collections.Counter(t.rstrip("~") for _, t in Fen(sf.get_fen(self.v, fen, [m])).pieces())
                expect = collections.Counter(t.lstrip("+").swapcase() for t in gone.elements())
            else:
                expect = collections.Counter([turned.lstrip("+")] if tok.startswith("+") else [turned])
            if added == expect and not lost:
                self.ok("capturesToHand")
            else:
                self.bad("capturesToHand", want, "%s in %s adds [%s] to the hands" % (m, fen, "".join(sorted(added.elements()))))
                self.skip_rest(g, ("dropLoop",), "its capturesToHand disagrees")
                return
        loop = g.get("dropLoop")
        if loop is None:
            return
        # Every promoted piece put in place of a captured one: under
        # dropLoop each comes back to the hand as itself; without it a
        # `+x` comes back as `x` and a `y~` (promoted from a Pawn) as that
        # Pawn, so at least one comes back otherwise (a `p~` may come
        # back as itself: which one is the Pawn is not assumed).
        others = sorted({letter(t) for _, t in Fen(self.start).pieces()
                         if not t.startswith("+") and letter(t) not in self.royal})
        for fen, caps in positions:
            board = Fen(fen)
            for m in caps:
                mm = MOVE.match(m)
                target = mm.group(3) + mm.group(4)
                tok = board.get(target)
                if letter(tok).startswith("+"):
                    continue
                cands = ["+" + tok.rstrip("~")]
                cands += [(x.upper() if white(tok) else x) + "~" for x in others]
                seen = []
                for promoted in cands:
                    b = Fen(fen)
                    b.set(target, promoted)
                    pfen = b.text()
                    if not self.valid(pfen) or m not in self.legal(pfen):
                        continue
                    added, _ = self.added_to_hand(pfen, m)
                    kinds = list(added.elements())
                    if len(kinds) == 1:
                        seen.append((promoted, kinds[0], pfen))
                if not seen:
                    continue
                kept = [x for x in seen if x[1].lower() == letter(x[0])]
                shown = "; ".join("%s back as %s" % (x[0], x[1]) for x in seen)
                if loop == "true" and len(kept) < len(seen):
                    self.bad("dropLoop", loop, "%s in %s with a promoted piece taken: %s" % (m, seen[0][2], shown))
                elif loop != "true" and len(kept) == len(seen):
                    self.bad("dropLoop", loop, "%s in %s with a promoted piece taken: every one comes back as itself (%s)" % (m, seen[0][2], shown))
                else:
                    self.ok("dropLoop")
                return
        self.skip("dropLoop", "no capture of a promoted piece put in place of a captured one (+x or y~) is a valid position")

    def probe_must_capture(self, g):
        """`mustCapture`: where a random game's side to move can capture,
        pyffish lets it play nothing but captures (true) or also other
        moves (false)."""
        want = g["mustCapture"]
        positions = self.capture_positions()
        if not positions:
            self.skip("mustCapture", "no capture in %d random games" % 12)
            return
        for fen, caps in positions:
            others = [m for m in self.legal(fen) if not sf.is_capture(self.v, fen, [], m)]
            if bool(others) == (want == "true"):
                self.bad("mustCapture", want, "in %s, where %s captures, pyffish also lets %s be played" % (fen, caps[0], others[0])
                         if others else "in %s pyffish allows only captures (%s)" % (fen, " ".join(caps)))
                return
        self.ok("mustCapture")

    # -- connect N in a line
    def line_position(self, n, d, tok):
        """The start position with Black's pieces, White's only where the
        game cannot go on without them (`kept_letters`) and not of TOK's
        type, its hand kept, and N tokens TOK in a line in direction D on empty
        squares whose two ends are empty or off the board, Black to
        move; None where there is no room."""
        base = Fen(self.start)
        kept = self.kept_letters()
        for x_, t in base.pieces():
            if white(t) and (letter(t) not in kept or letter(t) == letter(tok)):
                base.set(x_, None)
        base.no_castling()
        w, h = base.width, base.height
        empty = lambda x, y: not (0 <= x < w and 0 <= y < h) or base.get((x, y)) is None
        for y in range(h):
            for x in range(w):
                cells = [(x + d[0] * i, y + d[1] * i) for i in range(n)]
                if not all(0 <= cx < w and 0 <= cy < h and base.get((cx, cy)) is None for cx, cy in cells):
                    continue
                if not empty(x - d[0], y - d[1]) or not empty(x + d[0] * n, y + d[1] * n):
                    continue
                b = Fen(base.text())
                for c in cells:
                    b.set(c, tok)
                return b.text(side="b")
        return None

    def probe_connect(self, g):
        """`connectN`, `connectValue`, `connectHorizontal/Vertical/Diagonal`:
        N White pieces in a line of each direction (Black's pieces, the
        White ones the game cannot go on without and the hand kept, Black
        to move) end the game as claimed for White
        where the direction is claimed, and not otherwise; N-1 do not."""
        keys = ("connectN", "connectValue", "connectHorizontal", "connectVertical", "connectDiagonal")
        n = int(g["connectN"])
        value = g.get("connectValue", "win")
        start = Fen(self.start)
        kept = self.kept_letters()
        whites = sorted({t for _, t in start.pieces() if white(t) and letter(t) not in kept})
        whites += sorted({c for c in (start.pocket or "") if c.isupper() and c.lower() not in kept})
        if not whites:
            # every type kept (All-queens chess): a line of one of them
            whites = sorted({t for _, t in start.pieces() if white(t) and letter(t) not in self.royal})
        if not whites:
            self.skip_rest(g, keys, "White has no piece but its royal ones")
            return
        tok = whites[0]
        dirs = (("connectHorizontal", (1, 0)), ("connectVertical", (0, 1)),
                ("connectDiagonal", (1, 1)), ("connectDiagonal", (1, -1)))
        tried = 0
        for key, d in dirs:
            on = g.get(key, "true") == "true"
            for count, ends in ((n, on), (n - 1, False)):
                if count < 1:
                    continue
                fen = self.line_position(count, d, tok)
                if fen is None or not self.valid(fen):
                    continue
                tried += 1
                end, val = sf.is_immediate_game_end(self.v, fen, [])
                if not end:
                    end, val = sf.is_optional_game_end(self.v, fen, [])
                what = "%d White %s in a line %s (%s)" % (count, tok, d, fen)
                if end != ends:
                    k = key if count == n else "connectN"
                    self.bad(k, g.get(k, "?"), "%s %s the game" % (what, "ends" if end else "does not end"))
                    self.skip_rest(g, [x for x in keys if x != k], "its %s disagrees" % k)
                    return
                if end and outcome(-val) != value:
                    self.bad("connectValue", value, "%s ends the game as a %s for White" % (what, outcome(-val)))
                    self.skip_rest(g, [x for x in keys if x != "connectValue"], "its connectValue disagrees")
                    return
        if not tried:
            self.skip_rest(g, keys, "no room for a line of %d" % n)
            return
        for k in keys:
            if k in g:
                self.ok(k)

    # -- flying general
    def probe_flying_general(self, g):
        """`flyingGeneral`: the two royal pieces on their start squares
        (Black's moved onto White's file where it stands elsewhere) with
        one White piece between them on the file: the piece may leave
        the file (false) or never (true); tried with each White type that
        can leave the file from there when Black's royal piece stands
        one file over."""
        want = g["flyingGeneral"]
        start = Fen(self.start)
        royals = [(x, t) for x, t in start.pieces() if letter(t) in self.royal] if self.has_royal else []
        wr = [(x, t) for x, t in royals if white(t)]
        br = [(x, t) for x, t in royals if not white(t)]
        if len(wr) != 1 or len(br) != 1:
            self.skip("flyingGeneral", "not one royal piece a side in the start position")
            return
        wf, wy = parse_sq(wr[0][0])
        bf, by = parse_sq(br[0][0])
        letters = sorted({letter(t) for _, t in start.pieces() if letter(t) not in self.royal and not t.startswith("+")})
        for l in letters:
            for y in range(wy + 1, by):
                for facing in (False, True):
                    b = self.empty_board()
                    b.set((wf, wy), wr[0][1])
                    b.set((wf if facing else wf + (1 if wf + 1 < b.width else -1), by), br[0][1])
                    b.set((wf, y), l.upper())
                    fen = b.text(side="w")
                    if not self.valid(fen):
                        break
                    at = sq(wf, y)
                    off = [to for to, _ in self.piece_moves(fen, at) if parse_sq(to)[0] != wf]
                    if not facing:
                        if not off:
                            break
                        continue
                    if bool(off) == (want == "true"):
                        self.bad("flyingGeneral", want, "in %s the %s on %s %s" % (fen, l.upper(), at, "may leave the file (to %s)" % off[0] if off else "may not leave the file"))
                    else:
                        self.ok("flyingGeneral")
                    return
        self.skip("flyingGeneral", "no White piece between the royal pieces that could leave the file")

    # -- pseudo-royal pieces
    def attacked(self, fen, moves, squares):
        """Whether the side to move after MOVES has a legal capture onto
        one of SQUARES."""
        after = sf.get_fen(self.v, fen, moves)
        for m in self.legal(after):
            mm = MOVE.match(m)
            if mm and mm.group(3) + mm.group(4) in squares and sf.is_capture(self.v, after, [], m):
                return True
        return False

    def pseudo_positions(self, types, most, whites, cut, rng, budget=300):
        """Black to move, Black's pieces of TYPES (each cut down to MOST
        where CUT), the pieces the game cannot go on without, and one
        White piece of WHITES at random: yields (fen, Black's squares of
        the types) where White could take one of them."""
        start = Fen(self.start)
        kept = self.kept_letters() | types
        cells = [(x, y) for x in range(start.width) for y in range(start.height)]
        for _ in range(budget):
            b = Fen(self.start)
            seen = collections.Counter()
            for s_, t in b.pieces():
                if letter(t) not in kept:
                    b.set(s_, None)
                elif cut and not white(t) and letter(t) in types:
                    seen[letter(t)] += 1
                    if seen[letter(t)] > most:
                        b.set(s_, None)
            if b.pocket is not None:
                b.pocket = ""
            b.no_castling()
            b.set(rng.choice([c for c in cells if b.get(c) is None]), rng.choice(whites))
            fen = b.text(side="b")
            if not self.valid(fen) or not self.legal(fen):
                continue
            mine = {s_ for s_, t in Fen(fen).pieces() if not white(t) and letter(t) in types}
            if mine and self.attacked(Fen(fen).text(side="w"), [], mine):
                yield fen, mine

    def black_types(self, fen, m, types):
        """Black's squares of each of TYPES after M, by type."""
        held = collections.defaultdict(set)
        for s_, t in Fen(sf.get_fen(self.v, fen, [m])).pieces():
            if not white(t) and letter(t) in types:
                held[letter(t)].add(s_)
        return held

    def probe_pseudo_royal(self, g):
        """`extinctionPseudoRoyal` (with the group's types and count): in
        positions of Black's pieces of the claimed types, no more of each
        than `extinctionPieceCount` + 1, the pieces the game cannot go on
        without and one White piece at random (seeded), Black to move,
        where White could take one of them, every legal Black move leaves
        none open to a legal White capture (true), or some move does
        (false). `dupleCheck`: with more of a type than that, all of them
        attacked, every legal move leaves one of them safe (true), or
        some move leaves all attacked (false)."""
        keys = ["extinctionPseudoRoyal"]
        if "extinctionValue" not in g:
            keys += [k for k in ("extinctionPieceTypes", "extinctionPieceCount") if k in g]
        want = g["extinctionPseudoRoyal"]
        types = set((g.get("extinctionPieceTypes") or self.claims.get("extinctionPieceTypes", "")).replace("*", "").replace("-", ""))
        start = Fen(self.start)
        kept = self.kept_letters() | types
        whites = sorted({t for _, t in start.pieces() if white(t) and not t.startswith("+") and letter(t) not in kept})
        if not types or not whites:
            self.skip_rest(g, keys + ["dupleCheck"], "no piece type claimed" if not types
                           else "White has no piece but those the game cannot go on without")
            return
        most = int(g.get("extinctionPieceCount") or self.claims.get("extinctionPieceCount", "0")) + 1
        rng = random.Random(self.name + "/pseudo")
        for fen, _ in self.pseudo_positions(types, most, whites, True, rng):
            left = []
            for m in self.legal(fen):
                held = self.black_types(fen, m, types)
                royal = set().union(*[v for v in held.values() if len(v) <= most]) if held else set()
                if royal and self.attacked(fen, [m], royal):
                    left.append(m)
            for k in keys:
                if bool(left) == (want == "true"):
                    self.bad(k, g[k], "in %s (Black to move, its %s attacked) %s" % (
                        fen, "/".join(sorted(types)), "%s leaves one open to capture" % left[0] if left else "every move shelters them"))
                else:
                    self.ok(k)
            break
        else:
            self.skip_rest(g, keys, "no position found with a piece of the types attacked, Black to move")
        if "dupleCheck" not in g:
            return
        duple = g["dupleCheck"]
        for fen, mine in self.pseudo_positions(types, most, whites, False, rng):
            counts = collections.Counter(letter(t) for _, t in Fen(fen).pieces() if not white(t) and letter(t) in types)
            flipped = Fen(fen).text(side="w")
            if not any(c > most for c in counts.values()) or not all(self.attacked(flipped, [], {x}) for x in mine):
                continue
            left = [m for m in self.legal(fen)
                    if all(self.attacked(fen, [m], {x}) for v in self.black_types(fen, m, types).values() for x in v)]
            if bool(left) == (duple == "true"):
                self.bad("dupleCheck", duple, "in %s (Black to move, all its %s attacked) %s" % (
                    fen, "/".join(sorted(types)), "%s leaves all of them attacked" % left[0] if left else "every move shelters one"))
            else:
                self.ok("dupleCheck")
            return
        self.skip("dupleCheck", "no position found with more of a type than are pseudo-royal, all attacked, Black to move")

    # -- immobility
    def mobile(self, tok, at):
        """Whether White's TOK on AT, beside the pieces the game cannot go
        on without (Black's royal piece moved away where it stands in the
        way), has a legal move: cached by (TOK, AT)."""
        key = ("mobile", tok, at)
        if key in self.cache:
            return self.cache[key]
        base = Fen(self.start)
        found = False
        for shift in (None, (0, 0), (base.width - 1, 0), (0, base.height // 2)):
            b = Fen(self.alone(base, [(at, tok)]))
            if shift is not None:
                # move Black's royal pieces (its kept pieces) to another square
                blacks = [(s_, t) for s_, t in b.pieces() if not white(t) and s_ != at]
                if not blacks or b.get(shift) is not None:
                    continue
                s_, t = blacks[0]
                b.set(s_, None)
                b.set(shift, t)
            fen = b.text(side="w")
            if self.valid(fen) and self.piece_moves(fen, at):
                found = True
                break
        self.cache[key] = found
        return found

    def probe_immobility(self, g):
        """`immobilityIllegal`: a lone White piece of each type on every
        square (with the pieces the game cannot go on without) never has
        a legal move without promotion, nor a drop from the hand, onto a
        square where it would have no legal move (true); some such move
        or drop exists (false). A type with no move alone anywhere on the
        middle rank (a hopper: it needs a screen) is left out."""
        want = g["immobilityIllegal"]
        start = Fen(self.start)
        letters = sorted({letter(t) for _, t in start.pieces() if not t.startswith("+")}
                         | {c.lower() for c in (start.pocket or "") if c.isalpha()})
        letters = [l for l in letters if l not in self.kept_letters()]
        found = []
        tried = 0
        for l in letters:
            tok = l.upper()
            h = start.height
            if not any(self.mobile(tok, sq(f, h // 2)) for f in range(start.width)):
                continue  # no move alone on the middle rank: a hopper (Cannon shogi's), which needs a screen
            # drops: one in hand, the kept pieces alone on the board
            if start.pocket is not None:
                b = Fen(self.alone(start, []))
                b.pocket = tok
                fen = b.text(side="w")
                if self.valid(fen):
                    for to in sorted(self.drop_squares(fen, tok)):
                        tried += 1
                        if not self.mobile(tok, to):
                            found.append("%s@%s in %s" % (tok, to, fen))
                            break
            # moves: the piece alone on each square, its plain moves
            for at in start.squares():
                if found and want == "true":
                    break
                if Fen(self.alone(start, [])).get(at) is not None:
                    continue
                fen = self.alone(start, [(at, tok)])
                if not self.valid(fen) or sf.gives_check(self.v, Fen(fen).text(side="b"), []):
                    continue  # Black in check with White to move: no position
                kept_at = {s_ for s_, _ in Fen(fen).pieces()}
                for to, m in self.piece_moves(fen, at):
                    if MOVE.match(m).group(5) or MOVE.match(m).group(6) or to in kept_at:
                        continue  # a promotion, a wall, a capture
                    tried += 1
                    if not self.mobile(tok, to):
                        found.append("%s in %s" % (m, fen))
                        break
            if found and want == "true":
                break
        if not tried:
            self.skip("immobilityIllegal", "no piece moved or dropped")
            return
        if want == "true" and found:
            self.bad("immobilityIllegal", want, "a piece goes where it could never move again: %s" % found[0])
        elif want == "false" and not found:
            self.skip("immobilityIllegal", "no piece of the game can reach a square where it could never move again")
        else:
            self.ok("immobilityIllegal")

    # -- flag squares
    def probe_flag(self, g):
        """`flagRegionWhite/Black`, `flagPieceWhite`, `flagMove`: each
        side's flag piece (its royal piece where the claim names it) one
        move from the region, with the royal pieces: every move of it
        into the region ends the game as a loss for the other side
        (under `flagPieceSafe`, unless the other side attacks it there),
        every other move does not (`flagMove=false`). Black's flag piece
        is the one the sentence names for both, `flagPieceWhite`, unless
        `flagPieceBlack` is claimed."""
        keys = [k for k in ("flagRegionWhite", "flagPieceWhite", "flagMove", "flagPieceSafe") if k in g]
        if g.get("flagMove") == "true":
            self.skip_rest(g, keys + ["flagRegionBlack", "flagPieceBlack"],
                           "flagMove=true: whether the other side's reply may reach its flag too is not probed")
            return
        for side, rkey, pkey, keys in (("w", "flagRegionWhite", "flagPieceWhite", keys),
                                       ("b", "flagRegionBlack", "flagPieceBlack",
                                        [k for k in ("flagRegionBlack", "flagPieceBlack") if k in g])):
            if not keys:
                continue
            region = set(g.get(rkey, "").split()) - {"-"}
            piece = g.get(pkey, g.get("flagPieceWhite"))
            if not region or piece is None:
                self.skip_rest(g, keys, "no flag region or piece claimed for the side")
                continue
            bad, why = self.flag_side(side, region, piece, g.get("flagPieceSafe") == "true")
            if bad:
                self.bad(rkey, "(%d squares)" % len(region), bad)
                self.skip_rest(g, [k for k in keys if k != rkey], "its %s disagrees" % rkey)
            elif why:
                self.skip_rest(g, keys, why)
            else:
                for k in keys:
                    self.ok(k)

    def flag_side(self, side, region, piece, safe):
        """The probe of one side's flag: (a disagreement, None), (None,
        why not probed) or (None, None) when it agrees."""
        mover, other = ("White", "Black") if side == "w" else ("Black", "White")
        start = Fen(self.start)
        # the royal piece, or a piece the game cannot go on without
        # (Dobutsu's Lion): the side's one piece of it is moved, not a
        # second one added
        royal_piece = (piece in ("k", "*") and self.has_royal) or piece in self.royal or piece in self.kept_letters()
        if piece in ("k", "*") and self.has_royal:
            royals = [(x, t) for x, t in start.pieces() if letter(t) in self.royal]
        else:
            royals = [(x, t) for x, t in start.pieces() if letter(t) == piece]
        mine = [(x, t) for x, t in royals if white(t) == (side == "w")]
        if royal_piece and len(mine) != 1:
            return None, "not one %s piece of the flag's type among those the game cannot go on without" % mover
        w, h = start.width, start.height
        tried = positions = 0
        around = []
        for z in sorted(region, key=lambda x: parse_sq(x)[::-1]):
            zf, zr = parse_sq(z)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    at = (zf + dx, zr + dy)
                    if 0 <= at[0] < w and 0 <= at[1] < h and sq(*at) not in region and at not in around:
                        around.append(at)
        for at in around:
            if royal_piece:
                b = Fen(self.alone(Fen(self.start), []))
            else:
                # the pieces the game cannot go on without kept
                b = Fen(self.alone(Fen(self.start), []))
            if b.get(at) is not None:
                continue
            if royal_piece:
                tok = mine[0][1]
                b.set(mine[0][0], None)
            else:
                tok = piece.upper() if side == "w" else piece.lower()
            b.set(at, tok)
            fen = b.text(side=side)
            tried += 1
            if tried > 30:
                break
            if not self.valid(fen) or sf.gives_check(self.v, fen, []):
                continue
            end0, val0 = self.opt_end(fen, [], need_legal=False)
            if end0 and not royal_piece:
                continue  # over by another rule (a side with too few pieces)
            if end0:
                return "in %s, with %s's %s on %s (outside the region) the game is already over (%s for %s to move)" % (
                    fen, mover, tok, sq(*at), outcome(val0), mover), None
            moves = [m for m in self.legal(fen) if MOVE.match(m) and "".join(MOVE.match(m).group(1, 2)) == sq(*at)]
            if not any("".join(MOVE.match(m).group(3, 4)) in region for m in moves):
                continue
            # every move of the piece: into the region ends the game as the other's loss, out of it does not
            wrong = []
            for m in moves:
                to = "".join(MOVE.match(m).group(3, 4))
                end, val = self.opt_end(fen, [m], need_legal=False)
                if to in region and safe and self.attacked(fen, [m], {to}):
                    if end:
                        wrong.append("%s ends the game (a %s for %s) although the piece is attacked there" % (m, outcome(val), other))
                elif to in region and (not end or outcome(val) != "loss"):
                    wrong.append("%s %s" % (m, "does not end the game" if not end else "ends it as a %s for %s" % (outcome(val), other)))
                elif to not in region and end:
                    wrong.append("%s (outside the region) ends the game as a %s for %s" % (m, outcome(val), other))
            if wrong:
                return "in %s, %s's %s: %s" % (fen, mover, tok, "; ".join(wrong)), None
            positions += 1
            if positions >= 12:
                break
        if positions:
            return None, None
        return None, "no position with the flag piece one move from the region"

    def en_passant_capture(self, rng, games, plies):
        """An en passant capture found by random play from the start: a
        position whose FEN names an en passant square, and a legal move
        onto that (empty) square that takes a piece of the other side.
        Returns (moves, the capture) or None."""
        for _ in range(games):
            moves = []
            for _ in range(plies):
                legal = self.legal(self.start, moves)
                if not legal:
                    break
                fen = sf.get_fen(self.v, self.start, moves)
                field = fen.split(" ")[3] if len(fen.split(" ")) > 3 else "-"
                m = re.match(r"^([a-z]\d+)", field)
                if m:
                    board = Fen(fen)
                    mover_white = fen.split(" ")[1] == "w"
                    theirs = lambda b: sum(1 for _, t in b.pieces() if white(t) != mover_white)
                    for uci in legal:
                        mm = MOVE.match(uci)
                        if not mm or mm.group(3) + mm.group(4) != m.group(1):
                            continue
                        after = Fen(sf.get_fen(self.v, self.start, moves + [uci]))
                        if theirs(after) < theirs(board):
                            return moves, uci
                # Mostly a straight step forward (a pawn's, most often),
                # so that pawns meet: chess finds a capture in one game
                # of seven by uniform play, large boards almost never.
                # Of those, a long step that lands beside a piece of the
                # other side (the position en passant needs) is taken
                # whenever there is one, else often the most advanced
                # piece's step, so that one pawn gets far up the board
                # (Chancellor's 9 ranks).
                mover_white = fen.split(" ")[1] == "w"
                forward = [u for u in legal if straight_forward(u, mover_white)]
                if forward and rng.random() < EP_FORWARD:
                    board = Fen(fen)
                    beside = [u for u in forward if lands_beside_other(board, u, mover_white)]
                    if beside:
                        moves.append(rng.choice(beside))
                    elif rng.random() < EP_FURTHEST:
                        ahead = lambda u: int(MOVE.match(u).group(2)) * (1 if mover_white else -1)
                        moves.append(max(forward, key=ahead))
                    else:
                        moves.append(rng.choice(forward))
                else:
                    moves.append(rng.choice(legal))
        return None

    def probe_en_passant(self, g):
        """`fsf:enPassant=true`: random play from the start finds an en
        passant capture; `false`: none in the whole budget."""
        claim = g["fsf:enPassant"]
        rng = random.Random(self.name)
        # (A game that starts by placing its pieces from hand, Placement,
        # plays them all first.)
        pocket = re.search(r"\[([^\]]*)\]", self.start.split(" ")[0])
        plies = EP_PLIES + (len(re.findall(r"[A-Za-z]", pocket.group(1))) if pocket else 0)
        found = self.en_passant_capture(rng, EP_GAMES, plies)
        if claim == "true":
            if found:
                self.ok("fsf:enPassant")
            else:
                self.bad("fsf:enPassant", claim, "no en passant capture in %d random games of %d plies" % (EP_GAMES, plies))
        elif found:
            self.bad("fsf:enPassant", claim, "pyffish plays %s then the en passant capture %s" % (" ".join(found[0]), found[1]))
        else:
            self.ok("fsf:enPassant")

    def royals_placed(self):
        """The start position with its royal pieces in hand put on the
        board (Placement's Kings start in hand: each on the empty square of
        its side's first rank nearest the middle) and no piece left in hand
        (Placement must drop them all before a piece moves)."""
        b = Fen(self.start)
        if b.pocket is None:
            return b
        for c in b.pocket:
            if c.isalpha() and c.lower() in self.royal:
                r = 0 if c.isupper() else b.height - 1
                for f in sorted(range(b.width), key=lambda f: abs(2 * f - b.width + 1)):
                    if b.get((f, r)) is None:
                        b.set((f, r), c)
                        break
        b.pocket = ""
        return b

    def lone_pawn(self, base, s, tok, f, r, up):
        """Positions with TOK on S: alone with BASE's royal pieces, else
        (where that ends the game: Horde's White with no piece) BASE with
        the three squares ahead of it (file F, from rank R, UP) emptied,
        its castling rights kept (where castling wins, a side without
        them has lost: Castle chess)."""
        alone = Fen(base.text())
        for x, t in alone.pieces():
            if letter(t) not in self.royal:
                alone.set(x, None)
        alone.set(s, tok)
        alone.no_castling()
        crowded = Fen(base.text())
        crowded.set(s, tok)
        for n in (1, 2, 3):
            if 0 <= r + up * n < crowded.height:
                crowded.set((f, r + up * n), None)
        return alone, crowded

    def probe_double_step(self, g):
        """`doubleStepRegionWhite/Black` (and `tripleStep...`): a lone
        White P (Black p), the royal pieces kept, on each square whose
        forward step is legal: pyffish lets it step two squares (three)
        there exactly where the claim says."""
        keys = [k for k in ("doubleStep", "doubleStepRegionWhite", "doubleStepRegionBlack",
                            "tripleStepRegionWhite", "tripleStepRegionBlack") if k in g]
        if g.get("doubleStep") != "true":
            for k in keys:
                self.skip(k, "doubleStep=%s: not probed" % g.get("doubleStep"))
            return
        first = Fen(self.start)
        held = {tok.rstrip("~") for _, tok in first.pieces()} | set(first.pocket or "")
        start = self.royals_placed()
        royal = {s for s, tok in start.pieces() if letter(tok) in self.royal}
        wrong, tested = [], 0
        for side, tok, up, name in (("w", "P", 1, "White"), ("b", "p", -1, "Black")):
            double = set(g.get("doubleStepRegion" + name, "").split()) - {"-"}
            triple = set(g.get("tripleStepRegion" + name, "").split()) - {"-"}
            # (A side the sentence says nothing of, having no such pawn,
            # gets no claim: Spartan's Black.)
            if "doubleStepRegion" + name not in g:
                continue
            if tok not in held:
                wrong.append("%s has no %s, yet a double step is claimed for it" % (name, tok))
                continue
            got2, got3, stepped = set(), set(), set()
            for s in start.squares():
                f, r = parse_sq(s)
                ahead = [sq(f, r + up * n) for n in (1, 2) if 0 <= r + up * n < start.height]
                if len(ahead) < 2 or s in royal or royal & set(ahead):
                    continue
                to = set()
                for b in self.lone_pawn(start, s, tok, f, r, up):
                    to = self.destinations(b.text(side=side), s) or set()
                    if to:
                        break
                if ahead[0] not in to:
                    continue
                stepped.add(s)
                if ahead[1] in to:
                    got2.add(s)
                if 0 <= r + 3 * up < start.height and sq(f, r + 3 * up) in to:
                    got3.add(s)
            if not stepped:
                wrong.append("no lone %s %s makes a forward step" % (name, tok))
            tested += len(stepped)
            for what, got, want in (("two", got2, double & stepped), ("three", got3, triple & stepped)):
                if got != want:
                    wrong.append("a lone %s %s steps %s squares from %s, not from %s" % (
                        name, tok, what, " ".join(sorted(got - want)) or "-", " ".join(sorted(want - got)) or "-"))
        if wrong:
            self.bad("doubleStepRegionWhite", g.get("doubleStepRegionWhite", "-"), "; ".join(wrong))
            for k in keys:
                if k != "doubleStepRegionWhite":
                    self.skip(k, "reported with doubleStepRegionWhite")
        elif not tested:
            for k in keys:
                self.skip(k, "no valid position with a lone pawn whose forward step is legal")
        else:
            for k in keys:
                self.ok(k)

    def destinations(self, fen, s):
        """Where the piece on S may move in FEN (drops and walls aside)."""
        if not self.valid(fen):
            return None
        return {to for to, _ in self.piece_moves(fen, s)}

    def kept_letters(self):
        """The royal pieces, and the pieces without which the start
        position has no legal move (the game is over: Dobutsu's Lions,
        Cetus's Bishops in a game of extinction)."""
        if "kept" not in self.cache:
            kept = set(self.royal)
            for l in sorted({letter(t) for _, t in Fen(self.start).pieces()} - kept):
                c = Fen(self.start)
                c.no_castling()
                for s, t in c.pieces():
                    if letter(t) == l:
                        c.set(s, None)
                if not self.valid(c.text()) or not self.legal(c.text()):
                    kept.add(l)
            self.cache["kept"] = kept
        return self.cache["kept"]

    def alone(self, base, placed):
        """BASE's royal pieces (and those the game cannot go on without:
        [`kept_letters`]), PLACED (square, token) pairs and nothing else,
        White to move, no castling."""
        b = Fen(base.text())
        kept = self.kept_letters()
        for x, t in b.pieces():
            if letter(t) not in kept:
                b.set(x, None)
        for s, tok in placed:
            b.set(s, tok)
        b.no_castling()
        return b.text(side="w")

    def piece_promotions(self, letter_, base, royal, on_capture):
        """A lone White piece of LETTER_ on each square: its promotion
        moves (`+`) and its other moves, as (from, to, uci, fen) lists;
        ON_CAPTURE, its captures of a Black piece of its own type put on
        each of the squares it moves to (the first three), and whether
        any quiet move promoted."""
        promo, plain, quiet_promotes = [], [], False
        for s in base.squares():
            if s in royal:
                continue
            fen = self.alone(base, [(s, letter_.upper())])
            if not self.valid(fen):
                continue
            # (Its quiet moves: a move onto a royal piece, which a lone
            # piece may give check to, is none.)
            board = Fen(fen)
            moves = [(to, m) for to, m in self.piece_moves(fen, s) if board.get(to) is None]
            if on_capture:
                quiet_promotes |= any("+" in m for _, m in moves)
                for to, _ in moves[:3]:
                    if to in royal:
                        continue
                    taking = self.alone(base, [(s, letter_.upper()), (to, letter_.lower())])
                    if self.valid(taking):
                        for to2, m in self.piece_moves(taking, s):
                            if to2 == to:
                                (promo if "+" in m else plain).append((s, to, m, taking))
                continue
            for to, m in moves:
                (promo if "+" in m else plain).append((s, to, m, fen))
        if not promo and not plain and not on_capture:
            # A piece that moves only by hopping (Cannon shogi's pB) does
            # not move alone: the start position, it put on each square.
            for s in base.squares():
                if s in royal:
                    continue
                crowded = Fen(base.text())
                crowded.set(s, letter_.upper())
                crowded.no_castling()
                fen = crowded.text(side="w")
                if self.valid(fen):
                    for to, m in self.piece_moves(fen, s):
                        (promo if "+" in m else plain).append((s, to, m, fen))
        return promo, plain, quiet_promotes

    def piece_moves(self, fen, s):
        """The legal moves from S in FEN, as (destination, uci) pairs."""
        out = []
        for m in self.legal(fen):
            mm = MOVE.match(m)
            if mm and "".join(mm.group(1, 2)) == s:
                out.append(("".join(mm.group(3, 4)), m))
        return out

    def probe_piece_promotion(self, g):
        """`promotedPieceType=b:h ...` and `mandatoryPiecePromotion`: a lone
        White piece of each type, on every square, promotes (a `+` move)
        exactly when the claim gives it a promoted type; promoted, it moves
        as that type does on the same square; where promotion is
        mandatory, no move that could promote is also offered plain, and
        where it is not, some such move is."""
        claim = g["promotedPieceType"]
        mandatory = g.get("mandatoryPiecePromotion")
        on_capture = g.get("piecePromotionOnCapture") == "true"
        keys = [k for k in ("promotedPieceType", "mandatoryPiecePromotion", "piecePromotionOnCapture") if k in g]
        key = ("piece-promotion", claim, mandatory, on_capture)
        first = key not in self.cache
        if first:
            self.cache[key] = self.piece_promotion_wrong(claim, mandatory, on_capture)
        wrong = self.cache[key]
        if wrong is None:
            for k in keys:
                self.skip(k, "no valid position with a lone White piece that promotes")
        elif wrong and not first:
            # (The same claim on another piece's item: reported once.)
            for k in keys:
                self.skip(k, "the same claim as an earlier item's, reported there")
        elif wrong:
            self.bad("promotedPieceType", claim, "; ".join(wrong))
            for k in keys[1:]:
                self.skip(k, "reported with promotedPieceType")
        else:
            for k in keys:
                self.ok(k)

    def piece_promotion_wrong(self, claim, mandatory, on_capture):
        pairs = dict(x.split(":", 1) for x in claim.split() if ":" in x)
        base = self.royals_placed()
        royal = {s for s, tok in base.pieces() if letter(tok) in self.royal}
        start = Fen(self.start)
        held = {letter(t) for s, t in start.pieces() if white(t)}
        held |= {c.lower() for c in (start.pocket or "") if c.isupper()}
        held = {c for c in held if len(c) == 1 and c not in self.royal}
        wrong, promoted_seen = [], 0
        for x in sorted(held | set(pairs)):
            promo, plain, quiet_promotes = self.piece_promotions(x, base, royal, on_capture)
            if quiet_promotes:
                wrong.append("a lone %s promotes without capturing, though promotion only by a capture is claimed" % x.upper())
            if x not in pairs:
                if promo:
                    wrong.append("a lone %s promotes (%s in %s), though no promoted type is claimed for it" % (x.upper(), promo[0][2], promo[0][3]))
                continue
            if not promo:
                if x in held:
                    wrong.append("a lone %s never promotes, though %s:%s is claimed" % (x.upper(), x, pairs[x]))
                continue
            promoted_seen += 1
            s, to, m, fen = promo[0]
            after = Fen(sf.get_fen(self.v, fen, [m]))
            tok = after.get(to)
            as_promoted = self.destinations(self.alone(base, [(to, tok)]), to)
            as_type = self.destinations(self.alone(base, [(to, pairs[x].upper())]), to)
            if as_promoted is not None and as_type is not None and as_promoted != as_type:
                wrong.append("%s promoted (%s) on %s moves to %s, a %s there to %s" % (
                    x.upper(), tok, to, " ".join(sorted(as_promoted)) or "nowhere",
                    pairs[x].upper(), " ".join(sorted(as_type)) or "nowhere"))
            could = {(s, to) for s, to, _, _ in promo}
            declined = {(s, to) for s, to, _, _ in plain if (s, to) in could}
            if mandatory == "true" and declined:
                wrong.append("a lone %s may move %s%s without promoting, though promotion is claimed mandatory" % ((x.upper(),) + min(declined)))
            if mandatory == "false":
                # (Except where, unpromoted, it could never move again:
                # minishogi's Pawn on the last rank, as the page says.)
                stuck = {}
                for s, to in sorted(could - declined):
                    if to not in stuck:
                        stuck[to] = not self.destinations(self.alone(base, [(to, x.upper())]), to)
                    if not stuck[to]:
                        wrong.append("a lone %s must promote moving %s%s, though promotion is claimed optional" % (x.upper(), s, to))
                        break
        if not promoted_seen and not wrong:
            return None
        return wrong

    # -- run
    def run(self):
        self.reading = sum(len(g) for g in self.groups)
        for g in self.groups:
            handled = set()
            if any(k in g for k in ("fsf:firstMove", "fsf:checksWhite", "fsf:checksBlack", "fsf:hand")):
                self.probe_start(g)
                handled |= {"fsf:firstMove", "fsf:checksWhite", "fsf:checksBlack", "fsf:hand"}
            if "nFoldRule" in g:
                self.probe_repetition(g)
                handled |= {"nFoldRule", "nFoldValue", "nFoldValueAbsolute"}
            if "perpetualCheckIllegal" in g:
                self.probe_perpetual(g)
                handled.add("perpetualCheckIllegal")
            if "nMoveRule" in g:
                self.probe_nmove(g)
                handled |= {"nMoveRule", "nMoveRuleTypesWhite"}
            if "castling" in g:
                self.probe_castling(g)
                handled |= set(g)
            if "pieceDrops" in g:
                self.probe_drops(g)
                handled |= {"pieceDrops", "dropRegionWhite", "dropRegionBlack"}
            if "promotionPieceTypesWhite" in g or "promotionRegionWhite" in g:
                self.probe_promotion(g)
                handled |= {"promotionRegionWhite", "promotionPieceTypesWhite", "mandatoryPawnPromotion"}
            if any(k in g for k in ("firstRankPawnDrops", "promotionZonePawnDrops", "dropNoDoubled", "dropNoDoubledCount")):
                self.probe_pawn_drops(g)
                handled |= {"firstRankPawnDrops", "promotionZonePawnDrops", "dropNoDoubled", "dropNoDoubledCount"}
            if "flagRegionWhite" in g or "flagRegionBlack" in g:
                self.probe_flag(g)
                handled |= {"flagRegionWhite", "flagRegionBlack", "flagPieceWhite", "flagPieceBlack", "flagMove",
                            "flagPieceSafe"}
            if "promotedPieceType" in g:
                self.probe_piece_promotion(g)
                handled |= {"promotedPieceType", "mandatoryPiecePromotion", "piecePromotionOnCapture"}
            if "doubleStep" in g:
                self.probe_double_step(g)
                handled |= {"doubleStep", "doubleStepRegionWhite", "doubleStepRegionBlack",
                            "tripleStepRegionWhite", "tripleStepRegionBlack"}
            if "fsf:enPassant" in g:
                self.probe_en_passant(g)
                handled.add("fsf:enPassant")
            if "capturesToHand" in g or "dropLoop" in g:
                self.probe_hand_captures(g)
                handled |= {"capturesToHand", "dropLoop"}
            if "mustCapture" in g:
                self.probe_must_capture(g)
                handled.add("mustCapture")
            if "connectN" in g:
                self.probe_connect(g)
                handled |= {"connectN", "connectValue", "connectHorizontal", "connectVertical", "connectDiagonal"}
            if "immobilityIllegal" in g:
                self.probe_immobility(g)
                handled.add("immobilityIllegal")
            if "flyingGeneral" in g:
                self.probe_flying_general(g)
                handled.add("flyingGeneral")
            if "extinctionPseudoRoyal" in g:
                self.probe_pseudo_royal(g)
                handled.add("extinctionPseudoRoyal")
                if "extinctionValue" not in g:
                    handled |= {"extinctionPieceTypes", "extinctionPieceCount"}
                handled.add("dupleCheck")
            if "extinctionValue" in g:
                self.probe_extinction(g)
                handled |= {"extinctionValue", "extinctionPieceTypes", "extinctionPieceCount",
                            "extinctionOpponentPieceCount"}
            if "checkmateValue" in g:
                self.probe_end(g, "checkmateValue", True)
                handled.add("checkmateValue")
            if "stalemateValue" in g:
                self.probe_end(g, "stalemateValue", False)
                handled.add("stalemateValue")
            for k in g:
                if k not in handled:
                    self.skip(k, "no probe written")
        return self


def check_page(job):
    t0 = time.time()
    r = check_page_timed(job)
    return r + (time.time() - t0,)


def check_page_timed(job):
    path, page_name = job
    name = os.path.basename(path)[:-len(".html")]
    groups = read_claims(path)
    try:
        page = Page(page_name, name, groups)
    except Exception as e:  # an unknown variant
        return (page_name, sum(len(g) for g in groups), {}, ["%s: the variant: pyffish does not know it (%s)" % (page_name, e)], {})
    # pawn-drop claims are read by the drop probe in any group order
    try:
        page.run()
    except Exception as e:
        page.disagreements.append("%s: (probe error) %r" % (page_name, e))
    # pawn-drop claims the drop probe did not reach
    return (page_name, page.reading, dict(page.checked), page.disagreements,
            {k: dict(v) for k, v in page.unprobed.items()})


def init(ini):
    # pyffish's C++ writes its FEN warnings ("No castling rook for flag k")
    # to the process's stdout: the workers' output goes nowhere, their
    # results come back to the parent, which prints.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    if ini:
        with open(ini, encoding="utf-8") as f:
            sf.load_variant_config(f.read())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--builtins", help="pages of pyffish's built-in variants")
    ap.add_argument("--reference", help="pages of the reference file's sections")
    ap.add_argument("--ini", default=DEFAULT_INI, help="the reference file (loaded into pyffish)")
    ap.add_argument("--only", nargs="*", help="page names (without .html)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    jobs = []
    for label, d in (("builtin", args.builtins), ("reference", args.reference)):
        if not d:
            continue
        if not os.path.isdir(d):
            print("rules_by_play: no directory %s" % d)
            return 2
        for f in sorted(os.listdir(d)):
            if not f.endswith(".html") or f == "index.html":
                continue
            if args.only and f[:-5] not in args.only:
                continue
            jobs.append((os.path.join(d, f), "%s/%s" % (label, f[:-5])))
    if not jobs:
        print("rules_by_play: no pages (give --builtins DIR and/or --reference DIR)")
        return 2
    ini = args.ini if args.reference else None
    with multiprocessing.Pool(args.jobs, initializer=init, initargs=(ini,)) as pool:
        results = pool.map(check_page, jobs, chunksize=1)
    slow = sorted(results, key=lambda r: -r[-1])[:5]
    read = 0
    checked = collections.Counter()
    unprobed = collections.defaultdict(collections.Counter)
    disagreements = []
    t0 = time.time()
    for name, n, ch, dis, un, secs in results:
        read += n
        checked.update(ch)
        disagreements.extend(dis)
        for k, reasons in un.items():
            unprobed[k].update(reasons)
    for d in disagreements:
        print(d)
    print()
    print("rules_by_play: %d pages, %d claims read" % (len(jobs), read))
    accounted = sum(checked.values()) + sum(sum(c.values()) for c in unprobed.values())
    if accounted != read:
        print("(the suite's own count is off: %d claims checked or not probed, %d read)" % (accounted, read))
    print("checked by play: %d" % sum(checked.values()))
    for k, c in sorted(checked.items(), key=lambda kv: (-kv[1], kv[0])):
        print("  %-28s %d" % (k, c))
    print("not probed: %d" % sum(sum(c.values()) for c in unprobed.values()))
    for k, reasons in sorted(unprobed.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
        print("  %-28s %d: %s" % (k, sum(reasons.values()), "; ".join("%s (%d)" % (r, c) for r, c in reasons.most_common())))
    print("slowest pages: %s" % ", ".join("%s %.1f s" % (r[0], r[-1]) for r in slow))
    print("disagreements: %d" % len(disagreements))
    return 1 if disagreements or accounted != read else 0


if __name__ == "__main__":
    sys.exit(main())
