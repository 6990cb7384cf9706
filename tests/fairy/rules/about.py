"""The rules a page's one-line description states that no other probe
checks: the board's size (`maxFile`, `maxRank`), whether a move may
give check at all (`checking`), castling from shuffled back ranks (`chess960`) and a
game on two boards (`twoBoards`). (`checkCounting` is rules/checks.py's.)"""

import random

import pyffish as sf

from .fen import Fen, sq


ABOUT_KEYS = ("maxFile", "maxRank", "checking", "chess960", "twoBoards")


class AboutProbes:
    def probe_about(self, g):
        if "maxFile" in g or "maxRank" in g:
            self.probe_board_size(g)
        if "checking" in g:
            self.probe_checking(g)
        if "chess960" in g:
            self.probe_chess960(g)
        if "twoBoards" in g:
            # (pyffish's own answer: Fairy-Stockfish's twoBoards, which its
            # play on one board cannot show; its partner's hand is the
            # caller's)
            if str(bool(sf.two_boards(self.v))).lower() == g["twoBoards"]:
                self.ok("twoBoards")
            else:
                self.bad("twoBoards", g["twoBoards"], "pyffish's two_boards(%s) is %s" % (self.v, sf.two_boards(self.v)))

    def probe_chess960(self, g):
        """`chess960=true`: with the King on the file right of the middle
        and the Rooks on the b-file and the last file (castling rights in
        Shredder's letters), the King castles by a move onto either Rook
        and lands on the castling files the page claims (g and c by
        default), its Rook beside it on the inside; under false that
        position is refused or has no such move."""
        want = g["chess960"]
        b = self.empty_board()
        w, top = b.width, b.height - 1
        kf, last = w // 2 + 1, w - 1
        for r, k, rook in ((0, "K", "R"), (top, "k", "r")):
            b.set((kf, r), k)
            b.set((1, r), rook)
            b.set((last, r), rook)
        fen = b.text(side="w")
        fields = fen.split(" ")
        if len(fields) < 4:
            self.skip("chess960", "the start FEN has no castling field")
            return
        fields[2] = chr(ord("A") + last) + "B" + chr(ord("a") + last) + "b"
        fen = " ".join(fields)
        ksq, far, near = sq(kf, 0), sq(last, 0), sq(1, 0)
        legal = self.legal(fen) if self.valid(fen) else []
        moves = {m[len(ksq):].rstrip() for m in legal if m.startswith(ksq)}
        if want == "false":
            if far in moves or near in moves:
                self.bad("chess960", want, "in %s the King castles onto its Rook (%s%s)" % (fen, ksq, far if far in moves else near))
            else:
                self.ok("chess960")
            return
        wrong = []
        for rook, key, default, step in ((far, "castlingKingsideFile", "g", -1), (near, "castlingQueensideFile", "c", 1)):
            if rook not in moves:
                wrong.append("no castling move %s%s" % (ksq, rook))
                continue
            after = Fen(sf.get_fen(self.v, fen, [ksq + rook]))
            kfile = self.claims.get(key, default)
            king_to = kfile + "1"
            rook_to = chr(ord(kfile) + step) + "1"
            if after.get(king_to) != "K" or after.get(rook_to) != "R":
                wrong.append("%s%s leaves the King on %s and the Rooks on %s" % (
                    ksq, rook, " ".join(s_ for s_, t in after.pieces() if t == "K"),
                    " ".join(s_ for s_, t in after.pieces() if t == "R")))
        if wrong:
            self.bad("chess960", want, "in %s: %s" % (fen, "; ".join(wrong)))
        else:
            self.ok("chess960")

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
