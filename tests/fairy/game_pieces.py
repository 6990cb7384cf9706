#!/usr/bin/env python3
"""The pieces and the board of a Fairy-Stockfish game, for the `fairy`
suite: from pyffish and from this test's own reading of the definition
file, never from glance's resolver.

    from game_pieces import load, facts
    text = load(open("tests/fixtures/fairy-stockfish-variants.ini").read())
    f = facts("gorogoroplus", sections)   # a Facts
    f.pieces     # {"k", "g", "s", "p", "l", "n", "+p", "+s", "+l", "+n"}

    .venv/bin/python tests/fairy/game_pieces.py [--ini FILE] [--builtins] [NAME...]

prints each variant's facts and the disagreements between the reading of
the file and pyffish (exit status 1 when there is one).

**pyffish is the source.** For every variant (a section of the file or a
built-in of `pyffish.variants()`):

* the board: files and ranks of `pyffish.start_fen(variant)`;
* the letters it accepts: a letter put on an empty square of the start
  position that `validate_fen` does not refuse as an invalid character;
* the start position and its pockets: the letters of the start FEN's
  placement (`+x` for a promoted piece) and of its `[...]` part;
* the promotions: every piece of the start position and the pockets put,
  one at a time, in the start position, on the squares of the half of the
  board nearer the other side (on the edge files and the middle one); the suffixes of its legal moves from there
  (`e7e8q` gives `q`, `a7a8+` gives `+a`), both sides;
* the royal pieces: a letter whose removal from the start position makes
  `validate_fen` say the number of kings is wrong.

The game's pieces (what a player can meet) are the start position's, the
pockets' and the promotions' letters; a promoted piece `+x` counts as the
letters pyffish also accepts for its type (the accepted letters whose legal
moves from the two empty squares nearest the middle of the start position
are the same as its own: shogi's `+r` is its Dragon, `d`). A letter pyffish accepts that none of
those use (gorogoroplus's Bishop, Rook, Dragon Horse and Dragon, defined by
its minishogi base, hidden by its pieceToCharTable) is not a piece of the
game.

**The reading of the file** (`read_ini`): sections `[name]` or
`[name:parent]`, `key = value` lines (case-sensitive keys; `#` or `;`
starts a comment line, a value ends before ` #`), a section inheriting its
parent's keys. It gives the letters the file declares (the predefined
piece keys `bishop = b`, `customPieceN = x:BETZA`, `-` removing one), the
start FEN it sets, its `promotionPieceTypes` and `promotedPieceType` (a letter given
to one type is taken from any other, as Fairy-Stockfish does).
`check_reading` compares them with pyffish's answers: a declared letter
pyffish refuses, a start FEN that is not pyffish's, a promotion piece type
or a promoted type that no promotion move of pyffish makes. A disagreement
is the test's reading or pyffish changing: the suite fails on it.
"""

import argparse
import json
import os
import random
import re
import sys

import pyffish as sf

from rules.fen import Fen

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FILES = "abcdefghijklmnopqrstuvwxyz"
SECTION_HEAD = re.compile(r"^\[([^\]:\s]+)(?::([^\]\s]+))?\]\s*$")
UCI = re.compile(r"^([a-z])(\d+)([a-z])(\d+)(.*)$")
FEN_INVALID_CHAR = -10
FEN_INVALID_NUMBER_OF_KINGS = -3

# Fairy-Stockfish's predefined piece types, as keys of a section (its
# documentation's list; the value is the letter, `-` removes the type).
PIECE_KEYS = {
    "pawn", "knight", "bishop", "rook", "queen", "fers", "alfil", "fersAlfil", "silver", "aiwok", "bers",
    "archbishop", "chancellor", "amazon", "knibis", "biskni", "kniroo", "rookni", "shogiPawn", "lance",
    "shogiKnight", "gold", "dragonHorse", "clobber", "breakthrough", "immobile", "cannon", "janggiCannon",
    "soldier", "horse", "elephant", "janggiElephant", "banner", "wazir", "commoner", "centaur", "king",
}
CUSTOM = re.compile(r"^customPiece\d+$")


def read_ini(text):
    """{name: {"parent": str or None, "keys": {key: value}, "line": n}},
    in the file's order."""
    sections, at = {}, None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        m = SECTION_HEAD.match(line)
        if m:
            at = {"parent": m.group(2), "keys": {}, "line": n}
            sections[m.group(1)] = at
            continue
        if at is None or "=" not in line:
            continue
        key, value = line.split("=", 1)
        value = re.split(r"\s[#;]", value, 1)[0].strip()
        at["keys"][key.strip()] = value
    return sections


def chain_keys(name, sections):
    """The keys of a section with its parents' in the file (the nearest
    wins), and the built-in at the root of the chain (or None)."""
    chain, at = [], name
    while at in sections and at not in chain:
        chain.append(at)
        at = sections[at]["parent"]
    merged = {}
    for c in reversed(chain):
        merged.update(sections[c]["keys"])
    return merged, at


def declared_letters(name, sections):
    """The letters the file declares for a section (lower case), walking
    its chain from the root: a piece key gives its type a letter (`-`
    removes the type), and a letter given to one type is taken from any
    other (one letter, one type)."""
    chain, at = [], name
    while at in sections and at not in chain:
        chain.append(at)
        at = sections[at]["parent"]
    owner = {}  # piece key -> letter
    for c in reversed(chain):
        for k, v in sections[c]["keys"].items():
            if not (k in PIECE_KEYS or CUSTOM.match(k)):
                continue
            letter = v.split(":", 1)[0].strip().lower()
            owner.pop(k, None)
            if len(letter) == 1 and letter.isalpha():
                owner = {kk: ll for kk, ll in owner.items() if ll != letter}
                owner[k] = letter
    return set(owner.values())


def fen_rows(fen):
    """The start FEN's placement as rows of tokens (None for an empty
    square, else the letter with its `+`), top rank first, and the pocket
    letters: the rules suite's reading (rules/fen.py), the crazyhouse
    mark `~` of a promoted piece dropped."""
    b = Fen(fen)
    return [[t.rstrip("~") if t else None for t in row] for row in b.rows], b.pocket or ""


def rows_fen(rows, rest):
    out = []
    for row in rows:
        text, empty = "", 0
        for t in row:
            if t is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + t
            empty = 0
        out.append(text + (str(empty) if empty else ""))
    return "/".join(out) + rest


class Facts:
    """What pyffish says of one variant."""

    def __init__(self, variant):
        self.variant = variant
        self.start = sf.start_fen(variant)
        rows, pocket = fen_rows(self.start)
        self.rows = rows
        self.ranks = len(rows)
        self.files = max(len(r) for r in rows)
        parts = self.start.split(" ")
        placement = parts[0]
        self.pocket_part = placement[placement.index("["):] if "[" in placement else ""
        self.rest = self.pocket_part + " " + " ".join(parts[1:])
        # (A wall, `*`, is no piece.)
        self.start_letters = {t.lower() for r in rows for t in r if t is not None and t[-1].isalpha()}
        # What a side may drop at the start though no pocket is written (a
        # hand without end, as in snort): the `X@sq` moves pyffish gives.
        dropped = self._dropped()
        self.pocket_letters = {c.lower() for c in pocket if c.isalpha()} | {c.lower() for c in dropped}
        pocket = list(pocket) + sorted(dropped)
        self.accepted = self._accepted()
        self.royal = self._royal()
        # The pieces by side (upper case White), as the game has them.
        self.sided = {t for r in rows for t in r if t and t[-1].isalpha()} | {c for c in pocket if c.isalpha()}
        self.promotions = self._promotions()
        # A promoted piece of the start position that is written by its
        # own letter after it moves (Kyoto shogi's +L becomes an L).
        self.demoted = self._demotions()
        self.sided |= self.demoted
        self._letter_moves = None
        # The letters a page can show: a promoted piece (+x) by the letter
        # of its type, where it has one.
        self.promoted_as = {t: sorted(self.letters_of(t)) for t in sorted(self.promotions) if t.startswith("+")}
        self.pieces = self.start_letters | self.pocket_letters | {t for t in self.promotions if not t.startswith("+")}
        self.pieces |= {c.lower() for c in self.demoted}
        for t, letters in self.promoted_as.items():
            self.pieces |= set(letters) or {t}
            for s in [x for x in self.sided if x.lower() == t]:
                self.sided |= {(c.upper() if s[-1].isupper() else c) for c in letters}
        self.sided = {t for t in self.sided if not t.startswith("+")}

    def _dropped(self):
        """The letters (by side: upper case White) of the drop moves pyffish
        gives each side in the start position."""
        out = set()
        parts = self.start.split(" ")
        for side in ("w", "b"):
            fen = " ".join([parts[0], side] + parts[2:]) if len(parts) > 1 else self.start
            try:
                moves = sf.legal_moves(self.variant, fen, [])
            except Exception:  # a start position pyffish refuses for that side
                continue
            for m in moves:
                if "@" in m and m[0].isalpha():
                    out.add(m[0].upper() if side == "w" else m[0].lower())
        return out

    def _empty_square(self):
        for r, row in enumerate(self.rows):
            for f, t in enumerate(row):
                if t is None:
                    return r, f
        return None

    def _accepted(self):
        """The letters validate_fen does not refuse as a character."""
        at = self._empty_square()
        out = set()
        for c in "abcdefghijklmnopqrstuvwxyz":
            rows = [list(r) for r in self.rows]
            if at is not None:
                rows[at[0]][at[1]] = c
            else:
                rows[-1][0] = c.upper()
            if sf.validate_fen(rows_fen(rows, self.rest), self.variant) != FEN_INVALID_CHAR:
                out.add(c)
        return out

    def _royal(self):
        """Letters whose removal (from the board and the pockets) makes
        validate_fen count the kings wrong."""
        out = set()
        pocket = [c for c in self.pocket_part if c.isalpha()]
        for c in sorted({t[-1].lower() for r in self.rows for t in r if t} | {p.lower() for p in pocket}):
            rows = [[None if t and t[-1].lower() == c else t for t in r] for r in self.rows]
            rest = self.rest
            if self.pocket_part:
                rest = "[%s]" % "".join(p for p in pocket if p.lower() != c) + self.rest[len(self.pocket_part):]
            if sf.validate_fen(rows_fen(rows, rest), self.variant) == FEN_INVALID_NUMBER_OF_KINGS:
                out.add(c)
        return out

    def _valid(self, fen):
        """`fen`, or it without castling rights (a rook replaced), or None
        when pyffish refuses both."""
        if sf.validate_fen(fen, self.variant) == sf.FEN_OK:
            return fen
        fields = fen.split(" ")
        if len(fields) > 3 and re.match(r"^[A-Za-z]+$", fields[2]):
            fields[2] = "-"
            if sf.validate_fen(" ".join(fields), self.variant) == sf.FEN_OK:
                return " ".join(fields)
        return None

    def _moves_from(self, token, at):
        """The targets of `token` (White) put on the empty square `at`
        (row, file) of the start position, or None."""
        rows = [list(x) for x in self.rows]
        rows[at[0]][at[1]] = token
        fields = self.start.split(" ")
        fen = self._valid(rows_fen(rows, self.pocket_part + " " + " ".join(["w"] + fields[2:])))
        if fen is None:
            return None
        origin = "%s%d" % (FILES[at[1]], self.ranks - at[0])
        try:
            moves = sf.legal_moves(self.variant, fen, [])
        except Exception:
            return None
        return sorted({m.split(",")[0][len(origin):] for m in moves if UCI.match(m)
                       and UCI.match(m).group(1) + UCI.match(m).group(2) == origin})

    def letters_of(self, token):
        """The letters a promoted piece (`+x`) is also written with: the
        accepted letters whose moves are the same as its own from the
        empty squares of the start position nearest its middle (the
        promoted type's own letter, where it has one)."""
        empty = [(r, f) for r, row in enumerate(self.rows) for f, t in enumerate(row) if t is None]
        mid = (self.ranks / 2, self.files / 2)
        empty.sort(key=lambda rf: (abs(rf[0] - mid[0]) + abs(rf[1] - mid[1]), rf))
        probes = empty[:2]
        if not probes:
            return set()
        own = [self._moves_from(token.upper(), at) for at in probes]
        if any(m is None for m in own):
            return set()
        # Where a promoted piece may demote as it moves (pieceDemotion:
        # `d4d5-`), its squares are still the promoted type's.
        own = [sorted({t[:-1] if t.endswith("-") else t for t in m}) for m in own]
        if self._letter_moves is None:
            self._letter_moves = {c: [self._moves_from(c.upper(), at) for at in probes] for c in sorted(self.accepted)}
        return {c for c, moves in self._letter_moves.items() if moves == own}

    def _promotions(self):
        """The pieces promotion moves make, from each piece of the start
        position and the pockets on the nearer half of the other side."""
        out = set()
        kinds = {t for r in self.rows for t in r if t and t.isalpha()}
        kinds |= {c for c in self.pocket_part if c.isalpha()}
        for piece in sorted(kinds):
            white = piece.isupper()
            # The start FEN's fields, its side to move replaced.
            fields = self.start.split(" ")
            rest = self.pocket_part + " " + " ".join([("w" if white else "b")] + fields[2:])
            half = range(0, (self.ranks + 1) // 2) if white else range(self.ranks // 2, self.ranks)
            width = len(self.rows[0])
            files = sorted({0, width // 2, width - 1} & set(range(width)))
            for r in half:
                for f in files:
                    here = self.rows[r][f]
                    if here and here[-1].lower() in self.royal:
                        continue
                    rows = [list(x) for x in self.rows]
                    rows[r][f] = piece
                    fen = self._valid(rows_fen(rows, rest))
                    if fen is None:
                        continue
                    origin = "%s%d" % (FILES[f], self.ranks - r)
                    try:
                        moves = sf.legal_moves(self.variant, fen, [])
                    except Exception:
                        continue
                    for uci in moves:
                        # (A duck move is "MOVE,WALL": the move alone.)
                        m = UCI.match(uci.split(",")[0])
                        if not m or m.group(1) + m.group(2) != origin:
                            continue
                        suffix = m.group(5)
                        if suffix == "+":
                            out.add("+" + piece.lower())
                            self.sided.add("+" + piece)
                        elif len(suffix) == 1 and suffix.isalpha():
                            out.add(suffix.lower())
                            self.sided.add(suffix.upper() if white else suffix.lower())
        return out

    def _demotions(self, games=20, plies=30):
        """Where the start position has promoted pieces (`+x`): the
        letters (by side: upper case White) written on the board in games
        pyffish plays from the start, each move chosen at random (a
        capture, where there is one, more often than not, since some
        pieces change form only when they capture); a fixed seed. This is
        how a `+x` that becomes `x` when it moves or captures (Kyoto and
        Micro shogi) is met."""
        if not any(t and t.startswith("+") for r in self.rows for t in r):
            return set()
        rng = random.Random(34)
        out = set()
        for _ in range(games):
            fen, rows = self.start, self.rows
            for _ in range(plies):
                try:
                    legal = sf.legal_moves(self.variant, fen, [])
                except Exception:
                    break
                if not legal:
                    break
                # (A capture: a move onto a square a piece stands on.)
                captures = [m for m in legal if (u := UCI.match(m))
                            and rows[self.ranks - int(u.group(4))][FILES.index(u.group(3))] is not None]
                pick = rng.choice(captures if captures and rng.random() < 0.7 else legal)
                fen = sf.get_fen(self.variant, fen, [pick])
                rows, _ = fen_rows(fen)
                out |= {t for r in rows for t in r if t and t.isalpha()}
        return out - self.sided

    def as_dict(self):
        return {"variant": self.variant, "files": self.files, "ranks": self.ranks, "start": self.start,
                "accepted": sorted(self.accepted), "start_letters": sorted(self.start_letters),
                "pocket": sorted(self.pocket_letters), "promotions": sorted(self.promotions),
                "promoted_as": self.promoted_as, "demoted": sorted(self.demoted), "royal": sorted(self.royal), "pieces": sorted(self.pieces), "sided": sorted(self.sided)}


def check_reading(name, sections, facts):
    """The reading of the file against pyffish's answers: a list of
    disagreements (empty when they agree). A built-in (not a section)
    has nothing to read."""
    if name not in sections:
        return []
    keys, _root = chain_keys(name, sections)
    out = []
    letters = declared_letters(name, sections)
    for c in sorted(letters - facts.accepted):
        out.append("the file declares %r, pyffish refuses it" % c)
    fen = keys.get("startFen")
    if fen:
        rows, pocket = fen_rows(fen)
        if rows != facts.rows:
            out.append("the file's startFen %r is not pyffish's %r" % (fen, facts.start))
        if sorted(c.lower() for c in pocket if c.isalpha()) != sorted(
                c.lower() for c in facts.pocket_part if c.isalpha()):
            out.append("the file's pockets %r are not pyffish's %r" % (pocket, facts.pocket_part))
    promo = keys.get("promotionPieceTypes") or ""
    if promo and promo != "-":
        for c in sorted({c.lower() for c in promo if c.isalpha()} - facts.promotions):
            if c in facts.accepted:
                out.append("promotionPieceTypes has %r, no promotion move of pyffish makes it" % c)
    promoted = keys.get("promotedPieceType") or ""
    for pair in promoted.split():
        if ":" in pair:
            src = pair.split(":", 1)[0].strip().lower()
            if src in facts.start_letters | facts.pocket_letters and "+" + src not in facts.promotions:
                out.append("promotedPieceType promotes %r, pyffish makes no such promotion" % src)
    king = keys.get("king")
    if king and king != "-" and king[0].lower() not in facts.royal and king[0].lower() in facts.start_letters:
        out.append("the file's king %r is not royal for pyffish" % king[0])
    return out


def load(ini_text):
    """Loads the file into pyffish; its sections as read_ini reads them."""
    if ini_text:
        sf.load_variant_config(ini_text)
    return read_ini(ini_text or "")


def builtins(sections):
    """pyffish's built-in variants (the ones no section of the file
    defines)."""
    return sorted(v for v in sf.variants() if v not in sections)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ini", default=os.path.join(ROOT, "tests/fixtures/fairy-stockfish-variants.ini"))
    ap.add_argument("--builtins", action="store_true", help="the built-ins, not the file's sections")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    sections = load(open(args.ini, encoding="utf-8").read())
    names = args.names or (builtins(sections) if args.builtins else list(sections))
    bad = 0
    for n in names:
        f = Facts(n)
        d = f.as_dict()
        d["disagreements"] = check_reading(n, sections, f)
        bad += bool(d["disagreements"])
        print(json.dumps(d))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
