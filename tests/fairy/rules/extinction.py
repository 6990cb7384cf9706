"""Extinction and pseudo-royal pieces: the sides' pieces cut down to the
claimed count, and pieces that may not be left attacked."""

import collections
import random

import pyffish as sf

from .fen import Fen, MOVE, letter, outcome, sq, white


class ExtinctionProbes:
    # -- extinction
    def extinct(self, loser, pred, keep, other=0, kind=None):
        """The start position (castling rights off) with LOSER's ('w' or
        'b') pieces matching PRED, on the board and in hand, cut down to
        KEEP, and the other side given in hand enough pieces of KIND to
        hold OTHER of it; None where it starts with no more than KEEP."""
        b = Fen(self.start)
        if other and kind:
            theirs = [t for _, t in b.pieces() if white(t) != (loser == "w") and letter(t) == kind]
            add = kind.upper() if loser == "b" else kind
            have = len(theirs) + (b.pocket or "").count(add)
            if have < other:
                if b.pocket is None:
                    return None
                b.pocket += add * (other - have)
        b.no_castling()
        # (the royal pieces kept first: a side cut down to its King)
        mine = sorted([(s, t) for s, t in b.pieces() if white(t) == (loser == "w") and pred(letter(t))],
                      key=lambda st: letter(st[1]) not in self.royal)
        held = [c for c in (b.pocket or "") if c.isalpha() and c.isupper() == (loser == "w") and pred(c.lower())]
        if len(mine) + len(held) <= keep:
            return None
        for s, _ in mine[keep:]:
            b.set(s, None)
        if b.pocket is not None:
            left = max(0, keep - len(mine))
            out = []
            for c in b.pocket:
                if c in held and left == 0:
                    continue
                if c in held:
                    left -= 1
                out.append(c)
            b.pocket = "".join(out)
        return b.text(side="w")

    def probe_extinction(self, g):
        """`extinctionValue/PieceTypes/PieceCount`: the start position
        with one side's pieces of a claimed type (`*`: all of them
        together) cut down to the claimed count ends the game at once as
        claimed for that side; with one more kept, it does not."""
        keys = ("extinctionValue", "extinctionPieceTypes", "extinctionPieceCount")
        value = g["extinctionValue"]
        types = g.get("extinctionPieceTypes", "-")
        n = int(g.get("extinctionPieceCount", "0"))
        other = int(g.get("extinctionOpponentPieceCount", "0"))
        if other:
            keys += ("extinctionOpponentPieceCount",)
        if "extinctionClaim" in g:
            keys += ("extinctionClaim",)
        def fail(k, claimed, what):
            self.bad(k, claimed, what)
            self.skip_rest(g, [x for x in keys if x != k], "its %s disagrees" % k)

        groups = []
        if "*" in types:
            groups.append(("all pieces", None, lambda l: True))
        for k in types.replace("*", "").replace("-", ""):
            groups.append(("every " + k, k, lambda l, k=k: l == k))
        if not groups:
            self.skip_rest(g, keys, "no piece type claimed")
            return
        tried = 0
        for label, kind, pred in groups:
            for loser in ("b", "w"):
                cases = [(n, other, True), (n + 1, other, False)]
                if other and kind:
                    cases.append((n, other - 1, False))
                for keep, held, ends in cases:
                    fen = self.extinct(loser, pred, keep, held, kind)
                    if fen is None or not self.valid(fen):
                        continue
                    tried += 1
                    end, val = sf.is_immediate_game_end(self.v, fen, [])
                    side = "White" if loser == "w" else "Black"
                    if not ends:
                        if end:
                            k = "extinctionPieceCount" if held == other else "extinctionOpponentPieceCount"
                            fail(k, g[k], "%s with %d left (%s), the other holding %d, ends the game at once (%s)" % (side, keep, label, held, fen))
                            return
                        continue
                    if not end:
                        fail("extinctionValue" if n == 0 else "extinctionPieceCount", value if n == 0 else n,
                                 "%s with %d left (%s) does not end the game (%s)" % (side, keep, label, fen))
                        return
                    got = outcome(val if loser == "w" else -val)
                    if got != value:
                        fail("extinctionValue", value, "%s with %d left (%s) ends the game as a %s for %s (%s)" % (side, keep, label, got, side, fen))
                        return
        if not tried:
            self.skip_rest(g, keys, "no valid position with the pieces cut down")
            return
        if g.get("extinctionClaim") == "true":
            bad = self.claim_case(n, other)
            if bad:
                fail("extinctionClaim", "true", bad)
                return
            if bad is None:
                self.skip("extinctionClaim", "no valid position with both sides cut down")
            else:
                self.ok("extinctionClaim")
        self.ok_rest(g, [k for k in keys if k != "extinctionClaim"])

    def claim_case(self, n, other):
        """`extinctionClaim` (all pieces counted together): White to move
        with N pieces left and Black with exactly OTHER: the game goes on
        (White moves first); with OTHER + 1 it ends at once. A
        disagreement, "" where it agrees, None where no position was
        built."""
        for held, ends in ((other, False), (other + 1, True)):
            b = Fen(self.start)
            b.no_castling()
            if b.pocket:
                b.pocket = ""
            for is_white, keep_n in ((True, n), (False, held)):
                mine = [s_ for s_, t in b.pieces() if white(t) == is_white]
                keep = [s_ for s_ in mine if letter(b.get(s_)) in self.royal][:1]
                keep += [s_ for s_ in mine if s_ not in keep][:keep_n - len(keep)]
                if len(keep) != keep_n:
                    return None
                for s_ in mine:
                    if s_ not in keep:
                        b.set(s_, None)
            fen = b.text(side="w")
            if not self.valid(fen):
                return None
            end, _ = sf.is_immediate_game_end(self.v, fen, [])
            if end != ends:
                return "White to move with %d left and Black with %d: the game %s (%s)" % (
                    n, held, "ends at once" if end else "goes on", fen)
        return ""

    def pseudo_positions(self, types, most, whites, cut, rng, budget=300):
        """Black to move, Black's pieces of TYPES (each cut down to MOST
        where CUT), the pieces the game cannot go on without, and one
        White piece of WHITES at random: yields (fen, Black's squares of
        the types) where White could take one of them."""
        start = Fen(self.start)
        kept = self.kept_letters() | types
        cells = [(x, y) for x in range(start.width) for y in range(start.height)]
        for _ in range(budget):
            b = Fen(self.start)
            seen = collections.Counter()
            for s_, t in b.pieces():
                if letter(t) not in kept:
                    b.set(s_, None)
                elif cut and not white(t) and letter(t) in types:
                    seen[letter(t)] += 1
                    if seen[letter(t)] > most:
                        b.set(s_, None)
            if b.pocket is not None:
                b.pocket = ""
            b.no_castling()
            b.set(rng.choice([c for c in cells if b.get(c) is None]), rng.choice(whites))
            fen = b.text(side="b")
            if not self.valid(fen) or not self.legal(fen):
                continue
            mine = {s_ for s_, t in Fen(fen).pieces() if not white(t) and letter(t) in types}
            if mine and self.attacked(Fen(fen).text(side="w"), [], mine):
                yield fen, mine

    def probe_kings_adjacent(self, g, types, whites):
        """`fsf:blastKingsAdjacent`: Black's piece of the claimed types in
        the middle of an otherwise empty board, a White piece on the
        rank's first file that could take it, a Black piece in the far
        corner, Black to move; White's piece of that type beside Black's,
        then in its own corner. `true`: with the two side by side, the
        corner piece has moves it has not with them apart (Black's is
        then not attacked); `false`: it has the same moves."""
        claim = g["fsf:blastKingsAdjacent"]
        start = Fen(self.start)
        w, h = start.width, start.height
        t = sorted(types)[0]
        r, fk = h // 2, w // 2
        kept = self.kept_letters() | types
        blacks = sorted({x for _, x in start.pieces() if not white(x) and letter(x) not in kept})
        if w < 4 or h < 4 or not blacks:
            self.skip("fsf:blastKingsAdjacent", "no board of 4 by 4, or no Black piece to move")
            return
        corner = sq(w - 1, h - 1)

        def board(wk, attacker, spare):
            b = Fen(self.start)
            for s_, _ in list(b.pieces()):
                b.set(s_, None)
            if b.pocket is not None:
                b.pocket = ""
            b.no_castling()
            b.set((fk, r), t)
            b.set(wk, t.upper())
            b.set((0, r), attacker)
            b.set((w - 1, h - 1), spare)
            return b

        def corner_moves(fen):
            return {m for m in self.legal(fen)
                    if MOVE.match(m) and MOVE.match(m).group(1) + MOVE.match(m).group(2) == corner}

        for attacker in whites:
            for spare in blacks:
                near, far = board((fk, r - 1), attacker, spare), board((w - 1, 0), attacker, spare)
                fn, ff = near.text(side="b"), far.text(side="b")
                if not (self.valid(fn) and self.valid(ff)) or not self.attacked(far.text(side="w"), [], {sq(fk, r)}):
                    continue
                extra = corner_moves(fn) - corner_moves(ff)
                if bool(extra) == (claim == "true"):
                    self.ok("fsf:blastKingsAdjacent")
                else:
                    self.bad("fsf:blastKingsAdjacent", claim, "in %s the piece on %s has %s than in %s" % (
                        fn, corner, "more moves (%s)" % sorted(extra)[0] if extra else "no more moves", ff))
                return
        self.skip("fsf:blastKingsAdjacent", "no White piece found that attacks the middle from the rank's first file")

    def black_types(self, fen, m, types):
        """Black's squares of each of TYPES after M, by type."""
        held = collections.defaultdict(set)
        for s_, t in Fen(sf.get_fen(self.v, fen, [m])).pieces():
            if not white(t) and letter(t) in types:
                held[letter(t)].add(s_)
        return held

    def probe_pseudo_royal(self, g):
        """`extinctionPseudoRoyal` (with the group's types and count): in
        positions of Black's pieces of the claimed types, no more of each
        than `extinctionPieceCount` + 1, the pieces the game cannot go on
        without and one White piece at random (seeded), Black to move,
        where White could take one of them, every legal Black move leaves
        none open to a legal White capture (true), or some move does
        (false). `dupleCheck`: with more of a type than that, all of them
        attacked, every legal move leaves one of them safe (true), or
        some move leaves all attacked (false)."""
        keys = ["extinctionPseudoRoyal"]
        if "extinctionValue" not in g:
            keys += [k for k in ("extinctionPieceTypes", "extinctionPieceCount") if k in g]
        want = g["extinctionPseudoRoyal"]
        types = set((g.get("extinctionPieceTypes") or self.claims.get("extinctionPieceTypes", "")).replace("*", "").replace("-", ""))
        start = Fen(self.start)
        kept = self.kept_letters() | types
        whites = sorted({t for _, t in start.pieces() if white(t) and not t.startswith("+") and letter(t) not in kept})
        if not types or not whites:
            self.skip_rest(g, keys + ["dupleCheck"], "no piece type claimed" if not types
                           else "White has no piece but those the game cannot go on without")
            return
        most = int(g.get("extinctionPieceCount") or self.claims.get("extinctionPieceCount", "0")) + 1
        rng = random.Random(self.name + "/pseudo")
        for fen, _ in self.pseudo_positions(types, most, whites, True, rng):
            left = []
            for m in self.legal(fen):
                held = self.black_types(fen, m, types)
                royal = set().union(*[v for v in held.values() if len(v) <= most]) if held else set()
                if royal and self.attacked(fen, [m], royal):
                    left.append(m)
            for k in keys:
                if bool(left) == (want == "true"):
                    self.bad(k, g[k], "in %s (Black to move, its %s attacked) %s" % (
                        fen, "/".join(sorted(types)), "%s leaves one open to capture" % left[0] if left else "every move shelters them"))
                else:
                    self.ok(k)
            break
        else:
            self.skip_rest(g, keys, "no position found with a piece of the types attacked, Black to move")
        if "fsf:blastKingsAdjacent" in g:
            self.probe_kings_adjacent(g, types, whites)
        if "dupleCheck" not in g:
            return
        duple = g["dupleCheck"]
        for fen, mine in self.pseudo_positions(types, most, whites, False, rng):
            counts = collections.Counter(letter(t) for _, t in Fen(fen).pieces() if not white(t) and letter(t) in types)
            flipped = Fen(fen).text(side="w")
            if not any(c > most for c in counts.values()) or not all(self.attacked(flipped, [], {x}) for x in mine):
                continue
            left = [m for m in self.legal(fen)
                    if all(self.attacked(fen, [m], {x}) for v in self.black_types(fen, m, types).values() for x in v)]
            if bool(left) == (duple == "true"):
                self.bad("dupleCheck", duple, "in %s (Black to move, all its %s attacked) %s" % (
                    fen, "/".join(sorted(types)), "%s leaves all of them attacked" % left[0] if left else "every move shelters one"))
            else:
                self.ok("dupleCheck")
            return
        self.skip("dupleCheck", "no position found with more of a type than are pseudo-royal, all attacked, Black to move")
