"""Passing: a player not in check may pass (`passWhite`), which
Fairy-Stockfish plays as the King's move to its own square."""

import pyffish as sf

from .fen import MOVE


class PassProbes:
    def passes(self, fen):
        """The side to move's passes among its legal moves (`e1e1`)."""
        out = []
        for m in self.legal(fen):
            mm = MOVE.match(m)
            if mm and not mm.group(5) and not mm.group(6) and mm.group(1, 2) == mm.group(3, 4):
                out.append(m)
        return out

    def probe_pass(self, g):
        """passWhite=true: in each position of a random game whose side to
        move is not in check, that side may pass; where a royal piece is
        in check, it may not (Position::legal)."""
        want = g["passWhite"]
        free = checked = 0
        for moves, fen in self.game_line():
            if self.opt_end(self.start, moves)[0]:
                break
            in_check = bool(sf.gives_check(self.v, fen, []))
            passes = self.passes(fen)
            if want == "true" and not in_check and not passes:
                self.bad("passWhite", want, "in %s (not in check) the side to move has no pass among its moves" % fen)
                return
            if want == "false" and passes:
                self.bad("passWhite", want, "in %s the side to move may pass (%s)" % (fen, passes[0]))
                return
            if in_check and self.has_royal and passes:
                self.bad("passWhite", want, "in %s the side to move, in check, may pass (%s)" % (fen, passes[0]))
                return
            free += not in_check
            checked += in_check
        if not free:
            self.skip("passWhite", "no position of a random game with the side to move not in check")
            return
        self.ok("passWhite")
