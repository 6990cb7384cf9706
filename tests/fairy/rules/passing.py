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
        if "wallOrMove" in g:
            self.probe_two_passes(g)

    def probe_two_passes(self, g):
        """`wallOrMove` beside both passes: from the start, both players
        pass; `false`: the game then ends at once (a draw, or decided by
        the pieces under materialCounting), not after the first pass;
        `true`: it goes on."""
        want = g["wallOrMove"]
        first = self.passes(self.start)
        if not first:
            self.skip("wallOrMove", "no pass among the first moves")
            return
        second = self.passes(sf.get_fen(self.v, self.start, first[:1]))
        if not second:
            self.skip("wallOrMove", "no pass among the replies to a pass")
            return
        moves = [first[0], second[0]]
        once, _ = sf.is_immediate_game_end(self.v, self.start, moves[:1])
        end, val = sf.is_immediate_game_end(self.v, self.start, moves)
        points = self.claims.get("materialCounting", "false") not in ("false", "none")
        if once:
            self.bad("wallOrMove", want, "one pass (%s) ends the game" % moves[0])
        elif end != (want == "false"):
            self.bad("wallOrMove", want, "after %s the game %s" % (" ".join(moves), "ends" if end else "goes on"))
        elif end and not points and val != 0:
            self.bad("wallOrMove", want, "after %s the game ends, not drawn (%d)" % (" ".join(moves), val))
        else:
            self.ok("wallOrMove")
