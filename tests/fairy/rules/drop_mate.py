"""`shogiPawnDropMateIllegal`: a checkmate given by dropping a shogi pawn
is a win for the side mated (Position::checkmate_value)."""

import pyffish as sf

from .fen import Fen, letter, sq


class DropMateProbes:
    def drop_mates(self, toks):
        """For each of TOKS, a position, White to move with it in hand,
        where dropping it in front of Black's royal piece (cornered, its
        own pieces beside it, a White piece guarding the drop square)
        mates, with the drop: {tok: (fen, drop)}, a tok with no such
        position among the game's pieces left out. Each arrangement is
        asked once with every tok in hand; a drop it offers is then played
        with that tok alone in hand."""
        start = Fen(self.start)
        w, h = start.width, start.height
        if h < 4 or w < 3 or not self.has_royal:
            return {}
        royals = [t for _, t in start.pieces() if letter(t) in self.royal]
        wk = next((t for t in royals if t[-1].isupper()), None)
        bk = next((t for t in royals if t[-1].islower()), None)
        if not wk or not bk:
            return {}
        kinds = self.kinds(cased=False, royal=False, promoted=False)
        corner, front, guard = (0, h - 1), (0, h - 2), (0, h - 3)
        beside = [(1, h - 1), (1, h - 2)]
        found = {}
        # A tok whose drop there gives no check with the two royal pieces
        # alone never mates there (the square touches the corner), nor
        # one that may not be dropped there (a Knight on the last ranks).
        checking = []
        for tok in toks:
            b = self.empty_board()
            b.set(corner, bk)
            b.set((w - 1, 0), wk)
            b.pocket = tok.upper()
            fen = b.text(side="w")
            drop = "%s@%s" % (tok.upper(), sq(*front))
            if self.valid(fen) and (drop not in self.legal(fen) or not sf.gives_check(self.v, fen, [drop])):
                continue
            checking.append(tok)
        toks = checking
        for b1 in kinds:
            for b2 in kinds:
                for gd in kinds:
                    left = [t for t in toks if t not in found]
                    if not left:
                        return found
                    b = self.empty_board()
                    b.set(corner, bk)
                    b.set(beside[0], b1)
                    b.set(beside[1], b2)
                    b.set(guard, gd.upper())
                    b.set((w - 1, 0), wk)
                    b.pocket = "".join(t.upper() for t in left)
                    fen = b.text(side="w")
                    if not self.valid(fen) or sf.gives_check(self.v, fen, []):
                        continue
                    offered = self.legal(fen)
                    for tok in left:
                        drop = "%s@%s" % (tok.upper(), sq(*front))
                        if drop not in offered:
                            continue
                        b.pocket = tok.upper()
                        one = b.text(side="w")
                        if not self.valid(one) or drop not in self.legal(one):
                            continue
                        if self.legal(one, [drop]) or not sf.gives_check(self.v, one, [drop]):
                            continue
                        found[tok] = (one, drop)
        return found

    def probe_drop_mate(self, g):
        """Each of the game's piece types dropped to mate, where a
        position is found: under `true` one type's drop mate (the shogi
        pawn's) is a win for the side mated and every other a loss; under
        `false`, each is a loss."""
        want = g["shogiPawnDropMateIllegal"]
        kinds = self.kinds(cased=False, royal=False, promoted=False)
        results = {k: (sf.game_result(self.v, fen, [drop]), fen, drop)
                   for k, (fen, drop) in self.drop_mates(kinds).items()}
        if not results:
            self.skip("shogiPawnDropMateIllegal", "no position where a drop mates")
            return
        wins = sorted(k for k, (r, _, _) in results.items() if r > 0)
        if want == "true" and len(wins) != 1:
            self.bad("shogiPawnDropMateIllegal", want, "the drop mates that are a win for the side mated: %s (of %s)" % (
                " ".join(wins) or "none", " ".join(sorted(results))))
        elif want == "false" and wins:
            k = wins[0]
            self.bad("shogiPawnDropMateIllegal", want, "%s in %s mates, and is a win for the side mated" % (results[k][2], results[k][1]))
        else:
            self.ok("shogiPawnDropMateIllegal")
