"""The rules a page's one-line description states that no other probe
checks: the board's size (`maxFile`, `maxRank`) and whether a move may
give check at all (`checking`). (`checkCounting` is rules/checks.py's.)"""

import random

import pyffish as sf

from .fen import Fen


ABOUT_KEYS = ("maxFile", "maxRank", "checking")


class AboutProbes:
    def probe_about(self, g):
        if "maxFile" in g or "maxRank" in g:
            self.probe_board_size(g)
        if "checking" in g:
            self.probe_checking(g)

    def probe_board_size(self, g):
        """`maxFile`, `maxRank`: the width and height of pyffish's start
        position (its FEN's longest rank, and its number of ranks)."""
        start = Fen(self.start)
        for key, got in (("maxFile", start.width), ("maxRank", start.height)):
            if key not in g:
                continue
            if g[key] == str(got):
                self.ok(key)
            else:
                self.bad(key, g[key], "pyffish's start position is %d×%d (%s)" % (start.width, start.height, self.start))

    def random_line(self, salt, games=4, plies=40):
        """Positions of random games from the start (seeded by the page's
        name and `salt`), each with its legal moves."""
        rng = random.Random(self.name + "/" + salt)
        for _ in range(games):
            fen = self.start
            for _ in range(plies):
                legal = self.legal(fen)
                if not legal or self.opt_end(fen, need_legal=False)[0]:
                    break
                yield fen, legal
                fen = sf.get_fen(self.v, fen, [rng.choice(legal)])

    def probe_checking(self, g):
        """`checking`: in the positions of random games, some legal move
        gives check (true), or none does (false)."""
        want = g["checking"]
        if "checking" not in self.cache:
            # (pyffish's gives_check costs some milliseconds a move: three
            # games, cached for the page's other groups)
            found, seen = None, 0
            for fen, legal in self.random_line("checking", games=3, plies=30):
                seen += 1
                found = next((m for m in legal if sf.gives_check(self.v, fen, [m])), None)
                if found:
                    found = (found, fen)
                    break
            self.cache["checking"] = (found, seen)
        found, seen = self.cache["checking"]
        if found:
            if want == "true":
                self.ok("checking")
            else:
                self.bad("checking", want, "%s in %s is legal and gives check" % found)
        elif want == "true":
            self.skip("checking", "no checking move in random games")
        elif seen:
            self.ok("checking")
        else:
            self.skip("checking", "no position to try")
