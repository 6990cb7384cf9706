"""Points: `materialCounting` decides a game the rules would draw
(Position::material_counting_result), here one the n-move rule ends."""

import pyffish as sf

from .fen import Fen, outcome


KEYS = ("materialCounting", "fsf:janggiPoints")


class MaterialProbes:
    def probe_material(self, g):
        """The start position as it is, without one of Black's pieces and
        without one of White's (never a royal one), with the half-move
        clock one ply short of the claimed nMoveRule: a move that keeps
        the clock ends the game with the result the count gives the side
        then to move (unweighted: more pieces on the board; draw odds;
        Janggi's points)."""
        mc = g["materialCounting"]
        n = int(self.claims.get("nMoveRule", "0"))
        if n == 0:
            if self.claims.get("adjudicateFullBoard") == "true":
                self.probe_material_full(g, mc)
            else:
                self.probe_material_stalemate(g, mc)
            return
        types = self.claims.get("nMoveRuleTypesWhite")
        avoid = set(types.replace("-", "")) if types is not None else {"p"}
        base = Fen(self.start)
        boards = [Fen(self.start)]
        for side_white in (False, True):
            for at, tok in base.pieces():
                if tok[-1].isupper() == side_white and tok.rstrip("~").lower() not in self.royal:
                    b = Fen(self.start)
                    b.no_castling()
                    b.set(at, None)
                    boards.append(b)
                    break
        tried = 0
        for b in boards:
            fen = b.text(clock=2 * n - 1)
            if not self.valid(fen):
                continue
            quiet = self.quiet_moves(fen, avoid, avoid_royal=False, limit=1, no_check=False, walls=True)
            if not quiet:
                continue
            m = quiet[0][0]
            end, val = self.opt_end(fen, [m])
            if not end:
                continue
            after = sf.get_fen(self.v, fen, [m])
            want = self.material_result(mc, after)
            if want is None:
                continue
            tried += 1
            if outcome(val) != want:
                self.bad_rest(g, KEYS, "in %s (the half-move clock at %d), %s ends the game a %s for the side to move, not a %s" % (fen, 2 * n - 1, m, outcome(val), want))
                return
        if not tried:
            self.skip_rest(g, KEYS, "no position where a move ends the game by the n-move rule, counted")
            return
        self.ok_rest(g, KEYS)

    def probe_material_stalemate(self, g, mc):
        """Where no n-move rule ends a game: a stalemate the page claims a
        draw (the mate probes' position: a full board in Ataxx or
        Reversi) ends with the result the count gives Black."""
        if self.claims.get("stalemateValue") != "draw":
            self.skip_rest(g, KEYS, "no n-move rule and no drawn stalemate claimed to end a game as a draw")
            return
        if False not in self.ends:
            self.ends[False] = self.find_end(False)
        fen = self.ends[False][0]
        if not fen:
            fen, _ = self.find_end_random(False)
        if not fen:
            fen, _ = self.find_end_full()
        if fen:
            self.ends[False] = (fen, None)
        want = self.material_result(mc, fen) if fen else None
        if want is None:
            self.skip_rest(g, KEYS, "no stalemate position built whose count this suite computes")
            return
        got = outcome(sf.game_result(self.v, fen, []))
        if got == want:
            self.ok_rest(g, KEYS)
        else:
            self.bad_rest(g, KEYS, "in %s (Black to move, no legal move) the game is a %s for Black, not a %s" % (fen, got, want))

    def full_boards(self, count=20):
        """Boards filled at random with the game's pieces of both sides,
        every square (pocket emptied; seeded by the page's name), each
        pyffish accepts, with either side to move, that no other rule
        ends."""
        kinds = self.kinds(pocket=True, promoted=False)
        out = []
        if not kinds:
            return out
        for i, b, rng, cells in self.full_boards_drawn("/full board", kinds, count * 5):
            if len(out) >= count:
                break
            fen = b.text(side="wb"[i % 2])
            if not self.valid(fen):
                continue
            # Left out where the board with one square emptied ends the
            # game too: another rule ends it (Gale's connection).
            b.set(rng.choice(cells), None)
            holed = b.text(side="wb"[i % 2])
            if self.valid(holed) and sf.is_immediate_game_end(self.v, holed, [])[0]:
                continue
            out.append(fen)
        return out

    def probe_full_board(self, g):
        """adjudicateFullBoard=true: a full board ends the game at once
        (Position::is_immediate_game_end) as a draw, or as the page's
        materialCounting counts it for the side to move."""
        want = g["adjudicateFullBoard"]
        boards = self.full_boards()
        if not boards:
            self.skip("adjudicateFullBoard", "no full board pyffish accepts")
            return
        mc = self.claims.get("materialCounting")
        for fen in boards:
            end, val = sf.is_immediate_game_end(self.v, fen, [])
            expect = self.material_result(mc, fen) if mc else "draw"
            if want == "true" and (not end or (expect is not None and outcome(val) != expect)):
                self.bad("adjudicateFullBoard", want, "%s: %s" % (
                    fen, "the game goes on" if not end else "a %s for the side to move, not a %s" % (outcome(val), expect)))
                return
            if want == "false" and end:
                self.bad("adjudicateFullBoard", want, "%s ends the game at once" % fen)
                return
        self.ok("adjudicateFullBoard")

    def probe_material_full(self, g, mc):
        """Where a full board ends the game (adjudicateFullBoard): it ends
        it with the result the count gives the side to move."""
        tried = 0
        for fen in self.full_boards():
            end, val = sf.is_immediate_game_end(self.v, fen, [])
            want = self.material_result(mc, fen)
            if not end or want is None:
                continue
            tried += 1
            if outcome(val) != want:
                self.bad_rest(g, KEYS, "%s (full) ends a %s for the side to move, not a %s" % (fen, outcome(val), want))
                return
        if not tried:
            self.skip_rest(g, KEYS, "no full board ends the game with a count this suite computes")
            return
        self.ok_rest(g, KEYS)
