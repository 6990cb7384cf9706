"""Checkmate and stalemate: a position with no legal move, in check or not,
and the result the game gives it."""

import random

import pyffish as sf

from .fen import Fen, letter, outcome, parse_sq, white


class MateProbes:
    def find_end(self, in_check, budget=400):
        """Black's royal piece in a corner, White's two squares off (or on
        its start square: Atomic's Kings may stand side by side), one
        White piece within three squares of the corner: a position (pocket
        emptied, Black to move) with no legal move, Black in check or not,
        that no other rule ends first."""
        start = self.start_board()
        royals = [(x, t) for x, t in start.pieces() if letter(t) in self.royal]
        wr = [t for _, t in royals if white(t)]
        br = [t for _, t in royals if not white(t)]
        if len(wr) != 1 or len(br) != 1:
            return None, "not one royal piece a side in the start position"
        letters = self.kinds(cased=False, royal=False, promoted=False)
        w, h = start.width, start.height
        wstart = parse_sq([x for x, t in royals if white(t)][0])
        bstart = parse_sq([x for x, t in royals if not white(t)][0])
        tries = 0
        for corner in ((0, h - 1), (w - 1, h - 1), (0, 0), (w - 1, 0)):
            if corner in (wstart,) or not self.royal_can_stand(br[0], corner, wr[0], wstart):
                continue
            near = [(corner[0] + (dx if corner[0] == 0 else -dx), corner[1] + (dy if corner[1] == 0 else -dy))
                    for dx, dy in ((2, 0), (0, 2), (2, 2), (1, 2), (2, 1))]
            for kx, ky in near + [wstart]:
                if not (0 <= kx < w and 0 <= ky < h) or (kx, ky) in (bstart, corner):
                    continue
                if not self.royal_can_stand(wr[0], (kx, ky), br[0], bstart):
                    continue
                for l in letters:
                    for x in range(w):
                        for y in range(h):
                            if (x, y) in (corner, (kx, ky)) or max(abs(x - corner[0]), abs(y - corner[1])) > 3:
                                continue
                            b = self.empty_board()
                            b.set(corner, br[0])
                            b.set((kx, ky), wr[0])
                            b.set((x, y), l.upper())
                            fen = b.text(side="b")
                            tries += 1
                            if tries > budget:
                                return None, "none found in %d positions" % budget
                            if not self.valid(fen) or self.legal(fen):
                                continue
                            check = bool(sf.gives_check(self.v, fen, []))
                            if sf.is_immediate_game_end(self.v, fen, [])[0] or sf.is_optional_game_end(self.v, fen, [])[0]:
                                continue
                            if check not in self.ends:
                                self.ends[check] = (fen, None)
                            if check == in_check:
                                return fen, None
        return None, "none found in %d positions" % tries

    def find_end_random(self, in_check, budget=600):
        """Random positions (pocket emptied, Black to move, seeded by the
        page's name) with no legal move for Black, in check or not, that
        no other rule ends first: Black's royal piece a step or two from
        its start square, White's (where it has one) on its own, and one
        to three White pieces; or, where Black has no royal piece, one
        piece a side, White's often straight in front of Black's (a
        blocked Pawn)."""
        start = Fen(self.start)
        royals = [(x, t) for x, t in start.pieces() if letter(t) in self.royal] if self.has_royal else []
        wr = [(x, t) for x, t in royals if white(t)]
        br = [(x, t) for x, t in royals if not white(t)]
        if len(wr) > 1 or len(br) > 1:
            return None, "more than one royal piece a side in the start position"
        kinds = self.kinds(royal=not royals)
        whites = [t for t in kinds if white(t)]
        blacks = [t for t in kinds if not white(t)]
        if not whites or (not br and not blacks):
            return None, "no piece to place"
        rng = random.Random(self.name + "/end")
        cells = [(x, y) for x in range(start.width) for y in range(start.height)]
        for tries in range(budget):
            b = self.empty_board()
            taken = set()
            if br:
                # Black's royal piece (and White's, where it has one)
                w_at = parse_sq(wr[0][0]) if wr else None
                b_at = parse_sq(br[0][0])
                near = [c for c in cells if c != w_at and max(abs(c[0] - b_at[0]), abs(c[1] - b_at[1])) <= 2]
                b_at = rng.choice(near)
                if wr:
                    b.set(w_at, wr[0][1])
                    taken.add(w_at)
                b.set(b_at, br[0][1])
                taken.add(b_at)
                for _ in range(rng.choice((1, 2, 3))):
                    at = rng.choice([c for c in cells if c not in taken])
                    b.set(at, rng.choice(whites))
                    taken.add(at)
            else:
                b_at = rng.choice(cells)
                b.set(b_at, rng.choice(blacks))
                front = (b_at[0], b_at[1] - 1)
                at = front if tries % 2 == 0 and front[1] >= 0 else rng.choice([c for c in cells if c != b_at])
                b.set(at, rng.choice(whites))
            fen = b.text(side="b")
            if not self.valid(fen) or self.legal(fen):
                continue
            if bool(sf.gives_check(self.v, fen, [])) != in_check:
                continue
            if sf.is_immediate_game_end(self.v, fen, [])[0] or sf.is_optional_game_end(self.v, fen, [])[0]:
                continue
            return fen, None
        return None, "none found in %d random positions" % budget

    def find_end_full(self, budget=200):
        """A board filled at random with the game's pieces of both sides
        (every square, or all but one to three; pocket emptied, Black to
        move, seeded by the page's name) where Black has no legal move and
        is not in check and no other rule ends the game: a full board in a
        game of drops (Tic-tac-toe's draw)."""
        kinds = self.kinds(pocket=True)
        if not kinds:
            return None, "no piece to place"
        for tries, b, _, _ in self.full_boards_drawn("/full", kinds, budget, holes=lambda i: i % 4):
            fen = b.text(side="b")
            if not self.valid(fen) or self.legal(fen) or sf.gives_check(self.v, fen, []):
                continue
            if sf.is_immediate_game_end(self.v, fen, [])[0] or sf.is_optional_game_end(self.v, fen, [])[0]:
                continue
            return fen, None
        return None, "none found in %d full boards" % budget

    def probe_checkmate(self, g):
        self.probe_end(g, "checkmateValue", True)

    def probe_stalemate(self, g):
        self.probe_end(g, "stalemateValue", False)

    def probe_end(self, g, key, in_check):
        want = g[key]
        if key == "stalemateValue" and "stalematePieceCount" in g:
            return  # the count's probe answers it
        if key == "stalemateValue" and self.claims.get("stalematePieceCount") == "true":
            self.skip(key, "stalematePieceCount=true: the result depends on the count")
            return
        if in_check not in self.ends:
            self.ends[in_check] = self.find_end(in_check)
        if not self.ends[in_check][0]:
            fen, why = self.find_end_random(in_check)
            if not fen and not in_check:
                fen, full = self.find_end_full()
                why = "%s; %s" % (why, full)
            if fen:
                self.ends[in_check] = (fen, None)
            else:
                self.ends[in_check] = (None, "%s; %s" % (self.ends[in_check][1], why))
        fen, why = self.ends[in_check]
        if not fen:
            self.skip(key, "no %s position built (%s)" % ("checkmate" if in_check else "stalemate", why))
            return
        got = outcome(sf.game_result(self.v, fen, []))
        note = ""
        if want == "draw" and "materialCounting" in self.claims:
            mc = self.claims["materialCounting"]
            expect = self.material_result(mc, fen)
            if expect is None:
                self.skip(key, "a draw goes to materialCounting=%s, whose count this suite does not compute" % mc)
                return
            want, note = expect, " (materialCounting=%s: a draw is a %s for Black)" % (mc, expect)
        if got == want:
            self.ok(key)
        else:
            self.bad(key, g[key], "in %s (Black to move, no legal move, %s) the game is a %s for Black%s" % (fen, "in check" if in_check else "not in check", got, note))
