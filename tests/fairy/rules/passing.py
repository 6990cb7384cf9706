"""Passing: a player not in check may pass (`passWhite`, `passBlack`), which
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
        """passWhite / passBlack: in each position of a random game whose
        side to move is not in check, that side may pass exactly when its
        key is claimed true; where a royal piece is in check, it may not
        (Position::legal)."""
        keys = [k for k in ("passWhite", "passBlack") if k in g]
        free = dict.fromkeys(keys, 0)
        for moves, fen in self.game_line():
            if self.opt_end(self.start, moves)[0]:
                break
            key = "passWhite" if fen.split()[1] == "w" else "passBlack"
            if key not in g:
                continue
            want = g[key]
            in_check = bool(sf.gives_check(self.v, fen, []))
            passes = self.passes(fen)
            if want == "true" and not in_check and not passes:
                self.bad(key, want, "in %s (not in check) the side to move has no pass among its moves" % fen)
                return
            if want == "false" and passes:
                self.bad(key, want, "in %s the side to move may pass (%s)" % (fen, passes[0]))
                return
            if in_check and self.has_royal and passes:
                self.bad(key, want, "in %s the side to move, in check, may pass (%s)" % (fen, passes[0]))
                return
            free[key] += not in_check
        for key in keys:
            if not free[key]:
                self.skip(key, "no position of a random game with that side to move and not in check")
            else:
                self.ok(key)
