"""Stalemate by the count and passing at stalemate: `stalematePieceCount`
(Position::stalemate_value: the pieces on the board decide a stalemate)
and `passOnStalemateWhite` (a player with no other legal move passes;
two passes in a row end the game, Position::is_immediate_game_end)."""

import random

import pyffish as sf

from .fen import Fen, MOVE, letter, outcome, white


def is_pass(m):
    mm = MOVE.match(m)
    return bool(mm) and mm.group(1, 2) == mm.group(3, 4) and not mm.group(5)


def counts(fen):
    """(pieces of the side to move, pieces of the other side) on the board."""
    b = Fen(fen)
    stm_white = b.side() == "w"
    mine = sum(1 for _, t in b.pieces() if white(t) == stm_white)
    return mine, len(b.pieces()) - mine


class StalemateProbes:
    def no_move_positions(self, want_pass, draws=400):
        """Positions (seeded by the page's name) where the side to move,
        not in check, has no legal move (WANT_PASS: none but a pass), and
        no other rule ends the game: random full boards with a few holes
        and random sparse boards of the game's pieces, either side to
        move. At most one a sign of the count (fewer, as many, more pieces
        for the side to move)."""
        key = ("no move", want_pass)
        if key in self.cache:
            return self.cache[key]
        kinds = self.kinds(pocket=True)
        found = {}
        if kinds:
            start = Fen(self.start)
            rng = random.Random(self.name + "/no move")
            cells = [(x, y) for x in range(start.width) for y in range(start.height)]
            boards = [b for _, b, _, _ in self.full_boards_drawn("/no move full", kinds, draws // 2, holes=lambda i: i % 3)]
            for i in range(draws):
                b = self.empty_board()
                for at in rng.sample(cells, min(len(cells), rng.choice((1, 2, 3, 4, 5, 6)))):
                    tok = rng.choice(kinds)
                    b.set(at, tok)
                    if i % 2:
                        continue
                    # (every other board) a column of two or three of
                    # its kind, either side's: blocked Pawns
                    alike = [t for t in kinds if letter(t) == letter(tok)]
                    for dy in range(1, rng.choice((2, 3))):
                        if (at[0], at[1] + dy) in cells:
                            b.set((at[0], at[1] + dy), rng.choice(alike))
                boards.append(b)
            for i, b in enumerate(boards):
                if len(found) == 3:
                    break
                fen = b.text(side="wb"[i % 2])
                if not self.valid(fen):
                    continue
                legal = self.legal(fen)
                if want_pass:
                    if not legal or not all(is_pass(m) for m in legal):
                        continue
                elif legal:
                    continue
                if sf.gives_check(self.v, fen, []):
                    continue
                if sf.is_immediate_game_end(self.v, fen, [])[0] or sf.is_optional_game_end(self.v, fen, [])[0]:
                    continue
                mine, theirs = counts(fen)
                sign = (mine > theirs) - (mine < theirs)
                found.setdefault(sign, fen)
        self.cache[key] = found
        return found

    def probe_piece_count(self, g):
        """stalematePieceCount=true: a stalemate is decided by the pieces
        on the board, as the page says (the player with more pieces wins,
        or with fewer where a stalemate is a win; as many, a draw): real
        stalemates (no legal move, not in check) of each sign of the count
        found give that result, and two of them give different ones (the
        count observable: under false every stalemate gives one result).
        Where a player with no move passes (passOnStalemate), no position
        is ever stalemated: the page's end is two passes in a row, whose
        result the probe checks (the player with more pieces wins), the
        claim itself not probed."""
        keys = ("stalematePieceCount", "stalemateValue")
        want = g["stalematePieceCount"]
        if self.claims.get("passOnStalemateWhite") == "true":
            self.probe_double_pass(g)
            return
        sv = g.get("stalemateValue", "loss")
        found = self.no_move_positions(False)
        if not found:
            self.skip_rest(g, keys, "no stalemate position among the boards drawn")
            return
        results = {}
        for sign, fen in sorted(found.items()):
            got = outcome(sf.game_result(self.v, fen, []))
            results[sign] = got
            if want == "true":
                if sign == 0 or sv == "draw":
                    expect = "draw"
                else:
                    expect = "win" if (sign > 0) == (sv == "loss") else "loss"
                if got != expect:
                    mine, theirs = counts(fen)
                    self.bad_rest(g, keys, "in %s (no legal move, %d pieces against %d) the side to move gets a %s, not a %s" % (
                        fen, mine, theirs, got, expect))
                    return
        if want == "false" and len(set(results.values())) > 1:
            self.bad_rest(g, keys, "stalemates give %s by the count" % ", ".join("%s %s" % (s, r) for s, r in sorted(results.items())))
            return
        if want == "true" and len(set(results.values())) < 2:
            self.skip_rest(g, keys, "the stalemates built (%s) all give one result" % " ".join(str(s) for s in sorted(results)))
            return
        self.ok_rest(g, keys)

    def probe_double_pass(self, g):
        keys = ("stalematePieceCount", "stalemateValue")
        found = self.no_move_positions(True)
        tried = 0
        for sign, fen in sorted(found.items()):
            p1 = self.legal(fen)[0]
            after = sf.get_fen(self.v, fen, [p1])
            legal2 = self.legal(after)
            if not legal2 or not all(is_pass(m) for m in legal2):
                continue
            end, val = sf.is_immediate_game_end(self.v, fen, [p1, legal2[0]])
            # the result for the side to move after two passes: the
            # side to move at the start
            expect = "draw" if sign == 0 else ("win" if sign > 0 else "loss")
            tried += 1
            if not end or outcome(val) != expect:
                self.bad_rest(g, keys, "in %s both players pass: %s" % (
                    fen, "the game goes on" if not end else "a %s for the side to move, not a %s" % (outcome(val), expect)))
                return
        # A player with no piece on the board has no pass: where it has no
        # move either, the count decides at once (as the page says).
        sv = g.get("stalemateValue", "loss")
        for fen in sorted(f for f in self.no_move_positions(False).values() if counts(f)[0] == 0 and counts(f)[1] > 0):
            expect = "draw" if sv == "draw" else sv  # (fewer pieces: stalemateValue)
            got = outcome(sf.game_result(self.v, fen, []))
            if got != expect:
                self.bad_rest(g, keys, "in %s the side to move, with no piece and no move, gets a %s, not a %s" % (fen, got, expect))
                return
            if tried:
                self.ok_rest(g, keys)
                return
        if not tried:
            self.skip_rest(g, keys, "passOnStalemate: no position where both players can only pass among the boards drawn%s" % (
                " (a full board ends the game first: adjudicateFullBoard)" if self.claims.get("adjudicateFullBoard") == "true" else ""))
            return
        self.skip_rest(g, keys, "passOnStalemate: a pass is always legal, no position is stalemated, so the count never "
                       "decides one (two passes end the game: checked, the player with more pieces wins)")

    def probe_pass_on_stalemate(self, g):
        """passOnStalemateWhite / passOnStalemateBlack=true: where that
        side, to move, has no other legal move it may pass (and the game
        goes on); where it has another, no pass is legal. Under false the
        first position would be a stalemate (no legal move at all)."""
        for side, key in (("w", "passOnStalemateWhite"), ("b", "passOnStalemateBlack")):
            if key in g:
                self.pass_on_stalemate_side(side, key, g[key])

    def pass_on_stalemate_side(self, side, key, want):
        mine = lambda found: sorted(fen for fen in found.values() if fen.split()[1] == side)
        # positions of the game with moves: no pass among them (unless
        # passing is allowed anyway)
        if self.claims.get("passWhite") != "true" and "wallOrMove" not in self.claims:
            for moves, fen in self.game_line()[:6]:
                legal = self.legal(fen)
                if any(is_pass(m) for m in legal) and not all(is_pass(m) for m in legal):
                    self.bad(key, want, "in %s a pass is legal beside %d other moves" % (fen, len(legal) - 1))
                    return
        stuck = mine(self.no_move_positions(True))
        if want == "false":
            if stuck:
                self.bad(key, want, "in %s the side to move, with no other move, passes" % stuck[0])
            elif mine(self.no_move_positions(False)):
                self.ok(key)
            else:
                self.skip(key, "no position without a legal move built with that side to move")
            return
        # (Fairy-Stockfish's pass is a move of a piece standing still: a
        # player with no piece on the board has none, and its game is
        # over; the page says so beside the claim.)
        unpassed = [fen for fen in mine(self.no_move_positions(False)) if counts(fen)[0] > 0]
        if stuck:
            self.ok(key)
        elif unpassed:
            self.bad(key, want, "in %s the side to move has no legal move, not even a pass" % unpassed[0])
        else:
            self.skip(key, "no position where that side, to move, has no move but a pass")
