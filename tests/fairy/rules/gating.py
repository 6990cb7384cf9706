"""Gating and the first moves it keeps track of.

Fairy-Stockfish's `gating` keeps, in the FEN's castling field, the pieces
of the first rank that have not moved yet (S-Chess: `KQBCDFG`; Cambodian:
`DE`). Under `seirawanGating` such a piece's first move may put a piece
from the hand on the square it leaves (a move written with that piece's
letter after it: `b1c3h`); under `cambodianMoves` the unmoved King may
leap as a Knight onto the rank in front of it. Both are read from the
start position's legal moves, and again with the flags taken away (where
the claimed moves must be gone)."""

from .fen import MOVE, Fen, letter, parse_sq


class GatingProbes:
    def without_flags(self):
        b = Fen(self.start)
        b.no_castling()
        return b.text()

    def probe_gating(self, g):
        if "seirawanGating" in g:
            self.probe_seirawan(g)
        if "cambodianMoves" in g:
            self.probe_cambodian(g)
        if "seirawanGating" not in g and "cambodianMoves" not in g:
            self.skip("gating", "claimed without seirawanGating or cambodianMoves: not probed")

    def gated(self, fen):
        """The moves of FEN that put a piece in (a letter after a move
        that does not promote: from the start, nothing promotes)."""
        out = []
        for m in self.legal(fen):
            mm = MOVE.match(m)
            if mm and mm.group(5) and mm.group(5).isalpha() and not mm.group(6):
                out.append(m)
        return out

    def probe_seirawan(self, g):
        claimed = g["seirawanGating"] == "true"
        with_flags, without = self.gated(self.start), self.gated(self.without_flags())
        if claimed and not with_flags:
            self.bad_rest(g, ("seirawanGating", "gating"), "no move from the start puts a piece in (%s)" % self.start)
        elif not claimed and with_flags:
            self.bad_rest(g, ("seirawanGating", "gating"), "%s puts a piece in from the start" % with_flags[0])
        elif without:
            self.bad_rest(g, ("seirawanGating", "gating"),
                          "%s puts a piece in with no piece left unmoved (flags taken away)" % without[0])
        else:
            self.ok_rest(g, ("seirawanGating", "gating"))

    def king_leaps(self, fen):
        b = Fen(fen)
        out = []
        for m in self.legal(fen):
            mm = MOVE.match(m)
            if not mm:
                continue
            frm, to = mm.group(1) + mm.group(2), mm.group(3) + mm.group(4)
            tok = b.get(frm)
            if tok is None or letter(tok) not in self.royal:
                continue
            (f0, r0), (f1, r1) = parse_sq(frm), parse_sq(to)
            if sorted((abs(f1 - f0), abs(r1 - r0))) == [1, 2]:
                out.append(m)
        return out

    def probe_cambodian(self, g):
        claimed = g["cambodianMoves"] == "true"
        leaps, without = self.king_leaps(self.start), self.king_leaps(self.without_flags())
        keys = ("cambodianMoves", "gating")
        if claimed and not leaps:
            self.bad_rest(g, keys, "the unmoved King has no Knight's leap from the start (%s)" % self.start)
        elif not claimed and leaps:
            self.bad_rest(g, keys, "the King leaps %s from the start" % leaps[0])
        elif without:
            self.bad_rest(g, keys, "the King leaps %s with its flag taken away" % without[0])
        else:
            self.ok_rest(g, keys)
