"""Who moves first, the checks each side may give, the hand at the start."""

import re

from .fen import Fen


class StartProbes:
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
