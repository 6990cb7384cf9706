"""`shogiPawnDropMateIllegal`: a checkmate given by dropping a shogi pawn
is a win for the side mated (Position::checkmate_value)."""

import pyffish as sf

from .fen import Fen, letter, sq


class DropMateProbes:
    def drop_mate(self, tok):
        """A position, White to move with TOK in hand, where dropping it
        in front of Black's royal piece (cornered, its own pieces beside
        it, a White piece guarding the drop square) mates; with the drop.
        None where no such position is found among the game's pieces."""
        start = Fen(self.start)
        w, h = start.width, start.height
        if h < 4 or w < 3 or not self.has_royal:
            return None
        royals = [t for _, t in start.pieces() if letter(t) in self.royal]
        wk = next((t for t in royals if t[-1].isupper()), None)
        bk = next((t for t in royals if t[-1].islower()), None)
        if not wk or not bk:
            return None
        kinds = self.kinds(cased=False, royal=False, promoted=False)
        corner, front, guard = (0, h - 1), (0, h - 2), (0, h - 3)
        beside = [(1, h - 1), (1, h - 2)]
        for b1 in kinds:
            for b2 in kinds:
                for gd in kinds:
                    b = self.empty_board()
                    b.set(corner, bk)
                    b.set(beside[0], b1)
                    b.set(beside[1], b2)
                    b.set(guard, gd.upper())
                    b.set((w - 1, 0), wk)
                    b.pocket = tok.upper()
                    fen = b.text(side="w")
                    if not self.valid(fen) or sf.gives_check(self.v, fen, []):
                        continue
                    drop = "%s@%s" % (tok.upper(), sq(*front))
                    if drop not in self.legal(fen):
                        continue
                    if self.legal(fen, [drop]) or not sf.gives_check(self.v, fen, [drop]):
                        continue
                    return fen, drop
        return None

    def probe_drop_mate(self, g):
        """Each of the game's piece types dropped to mate, where a
        position is found: under `true` one type's drop mate (the shogi
        pawn's) is a win for the side mated and every other a loss; under
        `false`, each is a loss."""
        want = g["shogiPawnDropMateIllegal"]
        kinds = self.kinds(cased=False, royal=False, promoted=False)
        results = {}
        for k in kinds:
            found = self.drop_mate(k)
            if found:
                fen, drop = found
                results[k] = (sf.game_result(self.v, fen, [drop]), fen, drop)
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
