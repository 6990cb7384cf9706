"""Checks counted: `checkCounting` (Position::is_immediate_game_end: the
player who has given the claimed number of checks wins)."""

import re

import pyffish as sf

from .fen import Fen, outcome


COUNTER = re.compile(r"^(\d+)\+(\d+)$")


class CheckProbes:
    def probe_check_counting(self, g):
        """checkCounting=true: in a position of a random game where the
        side to move can give check, with its checks still to give set to
        one (the FEN's `W+B` field; without one, the claimed count must be
        one), the check ends the game at once as a loss for the side
        checked, and a move that gives no check does not; with two still
        to give, the same check does not end it (the count observable)."""
        key = "checkCounting"
        want = g[key]
        for moves, fen in self.game_line():
            legal = self.legal(fen)
            checks = [m for m in legal if sf.gives_check(self.v, fen, [m])]
            quiet = [m for m in legal if m not in checks]
            if not checks or self.opt_end(fen, need_legal=False)[0]:
                continue
            fields = fen.split(" ")
            at = next((i for i, f in enumerate(fields) if COUNTER.match(f)), None)
            stm_white = Fen(fen).side() == "w"
            if at is None:
                n = self.claims.get("fsf:checksWhite" if stm_white else "fsf:checksBlack")
                if n != "1":
                    continue
                one, two = fen, None
            else:
                w, b = COUNTER.match(fields[at]).groups()

                def counted(k):
                    f = list(fields)
                    f[at] = "%d+%s" % (k, b) if stm_white else "%s+%d" % (w, k)
                    return " ".join(f)
                one, two = counted(1), counted(2)
            m = checks[0]
            end, val = sf.is_immediate_game_end(self.v, one, [m])
            if want == "true" and not (end and outcome(val) == "loss"):
                self.bad(key, want, "in %s, %s gives the last check still to give: %s" % (
                    one, m, "the game goes on" if not end else "a %s for the side checked" % outcome(val)))
                return
            if want == "false" and end:
                self.bad(key, want, "in %s, %s (a check) ends the game" % (one, m))
                return
            if quiet and sf.is_immediate_game_end(self.v, one, [quiet[0]])[0]:
                continue
            if two is not None and sf.is_immediate_game_end(self.v, two, [m])[0]:
                self.bad(key, want, "in %s (two checks still to give), %s ends the game" % (two, m))
                return
            self.ok(key)
            return
        self.skip(key, "no position of a random game where the side to move can give check")
