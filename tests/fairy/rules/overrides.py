"""Claims about one piece's moves by rule, checked by overriding the key.

A piece's remark may state a rule that changes where it moves: the region
it may not leave (`mobilityRegionWhiteFers`), the rank from which a
Soldier also steps sideways (`soldierPromotionRank`). pyffish can load a
child of the page's variant that sets the key again (`[probe:xiangqi]`,
`key = value`): the claim holds where the child set to the claimed value
plays as the variant does, piece by piece and square by square, and a
child set to another value plays differently somewhere (the key is seen
in play). The royal types (`king`) are the letters whose loss makes the
start position invalid."""

import itertools

import pyffish as sf

from .fen import MOVE, Fen, letter, parse_sq, white


_children = itertools.count()


class OverrideProbes:
    def child(self, key, value):
        """A variant that is the page's with KEY set to VALUE."""
        name = "glanceprobe%d" % next(_children)
        sf.load_variant_config("[%s:%s]\n%s = %s\n" % (name, self.v, key, value))
        return name

    def bases(self, colour):
        """The royal pieces of the start position alone, and the same with
        the other side's royal piece a step sideways (Xiangqi's Kings face
        each other on the start files, which pins every piece between)."""
        base = self.board_with([])
        out = [base]
        other = [(s, t) for s, t in base.pieces() if letter(t) in self.royal and white(t) != (colour == "w")]
        if len(other) == 1:
            (f, r), tok = parse_sq(other[0][0]), other[0][1]
            for df in (-1, 1):
                if 0 <= f + df < base.width and base.get((f + df, r)) is None:
                    b = self.board_with([])
                    b.set(other[0][0], None)
                    b.set((f + df, r), tok)
                    if self.valid(b.text(side=colour)):
                        out.append(b)
                        break
        return out

    def placements(self, colour, l):
        """The piece of letter L, of COLOUR ('w' or 'b'), on each square,
        beside the royal pieces of each of [`bases`] (a royal piece of
        letter L itself is moved there): (square, FEN with COLOUR to move)."""
        tok = l.upper() if colour == "w" else l
        for base in self.bases(colour):
            royal_at = {white(t): s for s, t in base.pieces() if letter(t) in self.royal}
            for s in base.squares():
                b = Fen(base.text())
                if l in self.royal:
                    home = royal_at.get(colour == "w")
                    if home is None or letter(b.get(home)) != l:
                        continue
                    b.set(home, None)
                if b.get(s) is not None:
                    continue
                b.set(s, tok)
                fen = b.text(side=colour)
                if self.valid(fen):
                    yield s, fen

    @staticmethod
    def moves_from(variant, fen, s):
        out = set()
        for m in sf.legal_moves(variant, fen, []):
            mm = MOVE.match(m)
            if mm and mm.group(1) + mm.group(2) == s:
                out.add(m)
        return out

    def same_play(self, g, key, claimed, other, colour, meaning=None):
        """The piece whose row or section holds the claim, placed on each
        square: the child with KEY=CLAIMED moves it as the page's variant
        does, and the child with KEY=OTHER otherwise somewhere (the key
        is that piece's). MEANING(square, moves with OTHER) -> the moves
        the claim's words leave, checked too where given."""
        if g.piece is None:
            self.skip(key, "the claim stands outside a piece's row or section")
            return
        l = g.piece.lower()
        memo = ("override", key, claimed, l)
        if memo not in self.cache:
            same, seen = self.child(key, claimed), self.child(key, other)
            verdict = None
            differs = False
            for s, fen in self.placements(colour, l):
                played = self.moves_from(self.v, fen, s)
                if self.moves_from(same, fen, s) != played:
                    verdict = ("bad", "with %s=%s the %s moves otherwise than in the game (%s)" % (
                        key, claimed, g.piece, fen))
                    break
                elsewhere = self.moves_from(seen, fen, s)
                if elsewhere == played:
                    continue
                differs = True
                if meaning is not None and meaning(s, elsewhere) != played:
                    verdict = ("bad", "the %s's moves from %s are not those the claim leaves (%s)" % (
                        g.piece, s, fen))
                    break
            if verdict is None:
                verdict = ("ok",) if differs else (
                    "bad", "the %s moves alike on every square with %s=%s: the key is not its" % (
                        g.piece, key, other))
            self.cache[memo] = verdict
        verdict = self.cache[memo]
        if verdict[0] == "ok":
            self.ok(key)
        else:
            self.bad(key, claimed, verdict[1])

    def probe_regions(self, g):
        """`mobilityRegion{White,Black}{Piece}`: a piece moves only to the
        squares of its region; with the whole board as its region, some
        piece moves elsewhere."""
        start = Fen(self.start)
        whole = " ".join(start.squares())
        for key in [k for k in g if k.startswith("mobilityRegion")]:
            colour = "w" if key.startswith("mobilityRegionWhite") else "b"
            region = set(g[key].split())
            if region == set(whole.split()):
                # (The whole board, Crowded xiangqi's Elephant: kept to its
                # own half, as Xiangqi's is, it moves otherwise somewhere.)
                half = [s for s in start.squares()
                        if (parse_sq(s)[1] < (start.height + 1) // 2) == (colour == "w")]
                self.same_play(g, key, g[key], " ".join(half), colour)
                continue

            # (a pass, the King's move to its own square, is no move
            # the region limits)
            def meaning(s, moves, region=region):
                return {m for m in moves if to_square(m) in region or to_square(m) == s}

            self.same_play(g, key, g[key], whole, colour, meaning)

    def probe_soldier_rank(self, g):
        """`soldierPromotionRank=N`: the Soldier steps sideways from its
        Nth rank on; set to another rank, it does so elsewhere."""
        n = int(g["soldierPromotionRank"])
        other = n - 1 if n > 1 else n + 1
        self.same_play(g, "soldierPromotionRank", g["soldierPromotionRank"], str(other), "w")

    def probe_royal(self, g):
        """`king=k`: the letters whose removal makes the start position
        invalid, and which are in check when a piece of the other side
        attacks them (a Commoner the game cannot go on without is not),
        are the claimed ones."""
        claimed = set(g["king"]) - {"-"}
        seen = {l: self.checkable(l) for l in self.royal}
        royal = {l for l, c in seen.items() if c}
        if any(c is None for c in seen.values()) and claimed != royal:
            self.skip("king", "a royal letter with no piece in the start position")
            return
        if claimed == royal:
            self.ok("king")
        else:
            self.bad("king", g["king"], "the royal pieces pyffish requires and checks are %s" % (
                "".join(sorted(royal)) or "none"))

    def checkable(self, l):
        """Whether a piece of letter L (White's, or Black's where White has
        none), with the pieces the game cannot go on without on their start
        squares (those in hand placed), is in check (pyffish's gives_check
        of the position, its side to move) with some piece of the other
        side on some square; None where neither side has one."""
        base = Fen(self.alone(self.royals_placed(), []))
        for side in ("w", "b"):
            mine = [s for s, t in base.pieces() if letter(t) == l and white(t) == (side == "w")]
            if not mine:
                continue
            plain = self.kinds(cased=False, royal=False, promoted=False, pocket=True) or [l]
            for s in base.squares():
                if base.get(s) is not None:
                    continue
                for o in plain:
                    b = Fen(base.text())
                    b.set(s, o if side == "w" else o.upper())
                    fen = b.text(side=side)
                    if self.valid(fen) and sf.gives_check(self.v, fen, []):
                        return True
            return False
        return None


def to_square(move):
    mm = MOVE.match(move)
    return mm.group(3) + mm.group(4) if mm else None
