"""Janggi's palace lines (`diagonalLines`): on them pieces also move
diagonally, from one square of the lines to another."""

import re

import pyffish as sf

from .fen import Fen, MOVE, letter, white


class PalaceProbes:
    def probe_diagonal_lines(self, g):
        """diagonalLines=SQUARES: each White piece type of the start
        position alone (the royal pieces kept; a royal piece itself moved)
        on each square moves as it does in a child variant with
        `diagonalLines = -`, but for moves gained from a claimed square to
        a claimed square; no move of a piece that is not royal is lost,
        and some piece gains one. Positions with the side to move in check
        in either variant are left out."""
        claim = g["diagonalLines"]
        lines = set(claim.split()) - {"-"}
        child = "palaceprobe_" + re.sub(r"\W", "_", self.v)
        sf.load_variant_config("[%s:%s]\ndiagonalLines = -\n" % (child, self.v))
        if child not in sf.variants():
            self.skip("diagonalLines", "pyffish refused the variant without its lines")
            return
        base = self.royals_placed()
        royal_at = {s: t for s, t in base.pieces() if letter(t) in self.royal}
        types = sorted({t for _, t in Fen(self.start).pieces() if white(t)})
        gained = 0
        for token in types:
            for s in base.squares():
                if s in royal_at:
                    continue
                if letter(token) in self.royal:
                    b = Fen(base.text())
                    for x, t in royal_at.items():
                        if t == token:
                            b.set(x, None)
                    b.set(s, token)
                    for x, t in list(b.pieces()):
                        if letter(t) not in self.royal:
                            b.set(x, None)
                    b.no_castling()
                    fen = b.text(side="w")
                else:
                    fen = self.alone(base, [(s, token)])
                # (A King in check along the lines, in one variant and not
                # the other, moves differently for that: not probed there.)
                if not self.valid(fen) or sf.gives_check(self.v, fen, []) or sf.gives_check(child, fen, []):
                    continue
                ours = {m for m in self.legal(fen) if MOVE.match(m) and m.startswith(s) and MOVE.match(m).group(1, 2) == (s[0], s[1:])}
                plain = {m for m in sf.legal_moves(child, fen, []) if MOVE.match(m) and MOVE.match(m).group(1, 2) == (s[0], s[1:])}
                # (A royal piece may lose the steps onto squares the lines
                # let the other King attack.)
                if plain - ours and letter(token) not in self.royal:
                    self.bad("diagonalLines", claim, "a lone %s on %s loses %s with the lines" % (token, s, min(plain - ours)))
                    return
                for m in sorted(ours - plain):
                    to = "".join(MOVE.match(m).group(3, 4))
                    if s not in lines or to not in lines:
                        self.bad("diagonalLines", claim, "a lone %s gains %s, though %s is not on the claimed lines" % (
                            token, m, s if s not in lines else to))
                        return
                    gained += 1
        if not gained:
            self.bad("diagonalLines", claim, "no lone piece gains a move on the claimed lines")
            return
        self.ok("diagonalLines")
