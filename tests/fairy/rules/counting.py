"""Counting rules: `countingRule` and its limits `fsf:countingLimits`
(Makruk, Cambodian, ASEAN). Read from Fairy-Stockfish's
`Position::count_limit` (position.cpp: the limit in moves by the material
of both sides), `Position::do_move` (the count starts on the first move
after which the side to move may count: at twice the number of pieces on
the board, in plies, for a bare King under Makruk's and Cambodian's rules,
else at nought) and `Position::is_optional_game_end` (the game is drawn
once the count passes twice the limit)."""

import random

import pyffish as sf

from .fen import MOVE, sq


# The material each limit of the claimed list is for, in the claimed
# order: White's pieces beyond its King (by role: R Rook, N Knight, S
# Khon), Black's beyond its King.
ORDER = {
    "makruk": [("board", "R", "N"), ("2R", "RR", ""), ("1R", "R", ""), ("2S", "SS", ""), ("2N", "NN", ""),
               ("1S", "S", ""), ("other", "N", "")],
    "asean": [("1R", "R", ""), ("1S", "S", ""), ("1N", "N", "")],
}
ORDER["cambodian"] = ORDER["makruk"]

# Squares of White's pieces (in order of placing) and Black's, White's
# King on a1, Black's on h8.
WHITE_AT = [(1, 2), (2, 1), (3, 1), (4, 1)]
BLACK_AT = [(5, 5), (2, 5), (4, 6)]


class CountingProbes:
    def counting_roles(self):
        """The letters of the pieces that move as a Rook, a Knight and a
        Khon (one step forward or diagonally) alone on d4 of an empty
        board, the Kings on a1 and h8 (cached)."""
        if "counting_roles" in self.cache:
            return self.cache["counting_roles"]
        d4 = (3, 3)
        rook = {sq(3, r) for r in range(8) if r != 3} | {sq(f, 3) for f in range(8) if f != 3}
        knight = {sq(3 + a, 3 + b) for a, b in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))}
        khon = {sq(2, 4), sq(3, 4), sq(4, 4), sq(2, 2), sq(4, 2)}
        roles = {}
        for l in self.kinds(cased=False, royal=False, promoted=False, pocket=True):
            b = self.empty_board()
            b.set((0, 0), "K")
            b.set((7, 7), "k")
            b.set(d4, l.upper())
            got = self.destinations(b.text(side="w"), sq(*d4))
            if not got:
                # (Shatar's bare King has lost: a Black piece beside it)
                b.set((7, 6), l)
                got = self.destinations(b.text(side="w"), sq(*d4))
            for role, want in (("R", rook), ("N", knight), ("S", khon)):
                if got == want and role not in roles:
                    roles[role] = l
        self.cache["counting_roles"] = roles
        return roles

    def counting_walk(self, fen, plies, seed):
        """Quiet moves from FEN (no capture, promotion or check, each
        position new, the side to move left a move): up to PLIES of them,
        fewer where the game ends or no such move is found."""
        rng = random.Random(self.name + seed)
        moves = []
        cur = fen
        seen = {" ".join(cur.split(" ")[:2])}
        while len(moves) < plies:
            if sf.is_optional_game_end(self.v, fen, moves)[0]:
                break
            board_fen = cur
            cands = [m for m in self.legal(cur) if MOVE.match(m) and not MOVE.match(m).group(5)
                     and not MOVE.match(m).group(6)]
            rng.shuffle(cands)
            chosen = None
            for m in cands:
                if sf.is_capture(self.v, board_fen, [], m) or sf.gives_check(self.v, board_fen, [m]):
                    continue
                nxt = sf.get_fen(self.v, board_fen, [m])
                k = " ".join(nxt.split(" ")[:2])
                if k in seen or not self.legal(nxt):
                    continue
                chosen, cur = m, nxt
                seen.add(k)
                break
            if chosen is None:
                break
            moves.append(chosen)
        return moves

    def counting_case(self, rule, white_roles, black_roles, roles):
        """The position of a case: Kings on a1 and h8, White's and Black's
        pieces by role; None if a role has no piece or the position is not
        valid (or White's King is in check)."""
        b = self.empty_board()
        b.set((0, 0), "K")
        b.set((7, 7), "k")
        for at, r in zip(WHITE_AT, white_roles):
            if r not in roles:
                return None
            b.set(at, roles[r].upper())
        for at, r in zip(BLACK_AT, black_roles):
            if r not in roles:
                return None
            b.set(at, roles[r].lower())
        fen = b.text(side="w")
        if not self.valid(fen) or not self.legal(fen):
            return None
        return fen

    def probe_counting(self, g):
        """countingRule and fsf:countingLimits: for each limit L claimed,
        its material (Kings on a1 and h8, White's pieces, Black's: a bare
        Black King against two Rooks, one Rook, ...; the board's honour,
        a Rook against a Knight), White's first quiet move starts Black's
        count, at twice the pieces on the board under Makruk's and
        Cambodian's rules for a bare King, else at nought; quiet moves
        that repeat no position then go on until pyffish ends the game: it
        must not have ended after 2L - start plies of count and must end,
        drawn, on the next. Under Makruk's rule (not Cambodian's) a side
        with four pieces also counts the board's honour: Rook, Knight and
        Khon against two Knights and a Khon; under Cambodian's, no count
        ends that game. A limit the n-move rule claimed would cut short is
        not probed."""
        keys = ("countingRule", "fsf:countingLimits")
        rule = g.get("countingRule")
        if rule not in ORDER:
            self.skip_rest(g, keys, "counting rule %s: no probe" % rule)
            return
        try:
            limits = [int(x) for x in g.get("fsf:countingLimits", "").split()]
        except ValueError:
            limits = []
        if len(limits) != len(ORDER[rule]):
            self.bad_rest(g, keys, "%d limits claimed, the %s rule has %d" % (len(limits), rule, len(ORDER[rule])))
            return
        roles = self.counting_roles()
        try:
            nmove = int(self.claims.get("nMoveRule", "0"))
        except ValueError:
            nmove = 0
        cases = [(name, w, b, lim) for (name, w, b), lim in zip(ORDER[rule], limits)]
        if rule == "makruk":
            cases.append(("board4", "RNS", "NNS", limits[0]))
        elif rule == "cambodian":
            cases.append(("board4", "RNS", "NNS", None))
        problems, done, unreached = [], 0, []
        for name, w, b, lim in cases:
            fen = self.counting_case(rule, w, b, roles)
            if fen is None:
                unreached.append(name)
                continue
            pieces = 2 + len(w) + len(b)
            start = 2 * pieces if rule in ("makruk", "cambodian") and not b else 0
            if lim is None:
                last = 1 + 2 * max(limits) + 4
                if nmove and last >= 2 * nmove:
                    unreached.append(name)
                    continue
                moves = self.counting_walk(fen, last, "/counting/" + name)
                if len(moves) < last:
                    problems.append("%s: %s: the game ends after %d plies (no count expected)" % (name, fen, len(moves)))
                done += 1
                continue
            # plies after White's first move before the count passes L
            n = 2 * lim - start
            total = 1 + n + 1
            if nmove and total >= 2 * nmove:
                unreached.append(name)
                continue
            moves = self.counting_walk(fen, total, "/counting/" + name)
            if len(moves) < total - 1:
                if sf.is_optional_game_end(self.v, fen, moves)[0]:
                    problems.append("%s (limit %d): %s: the game ends after %d plies, %d expected" % (
                        name, lim, fen, len(moves), total))
                else:
                    unreached.append(name)
                continue
            if sf.is_optional_game_end(self.v, fen, moves[:total - 1])[0]:
                problems.append("%s (limit %d): %s: the game has ended after %d plies" % (name, lim, fen, total - 1))
                continue
            if len(moves) < total:
                unreached.append(name)
                continue
            end, val = sf.is_optional_game_end(self.v, fen, moves)
            if not end or val != 0:
                problems.append("%s (limit %d): %s: after %d plies %s" % (
                    name, lim, fen, total, "the game goes on" if not end else "the game ends with %d" % val))
                continue
            done += 1
        if problems:
            self.bad_rest(g, keys, "; ".join(problems))
        elif done:
            self.ok_rest(g, keys)
        else:
            self.skip_rest(g, keys, "no case reached (%s)" % ", ".join(unreached))
