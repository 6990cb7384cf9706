"""Single rules of a few variants: `mutuallyImmuneTypes` (`Position::legal`),
`petrifyOnCaptureTypes` (`Position::do_move`), `bikjangRule`
(`Position::is_immediate_game_end`), `shatarMateRule` (`Position::checkmate_value`),
`moveRepetitionIllegal` (`Position::is_optional_game_end`),
`dropChecks` (position.h
`Position::drop_checks`, read by `Position::legal`: a drop may not give
check), `castlingWins` (`Position::is_immediate_game_end`: castling to the
side named wins, losing that castling right loses), `sittuyinRookDrop`
(movegen.cpp `generate_drops`: in the setup the Rook is dropped on the first
rank only), `dropOppositeColoredBishop` (`Position::legal`: a side's second
Bishop is dropped on the other colour than its first)."""

import pyffish as sf

from .fen import DROP, Fen, MOVE, letter, parse_sq, sq


class SpecialProbes:
    def probe_drop_checks(self, g):
        """dropChecks: the Kings alone, a piece in White's hand (each kind
        the game has): the squares where it would give check if it stood
        there (Black to move in check) and those it may be dropped on;
        `false`: none of them both, `true`: some."""
        key = "dropChecks"
        want = g[key]
        base = self.royals_placed()
        for s_, t in base.pieces():
            if letter(t) not in self.royal:
                base.set(s_, None)
        base.no_castling()
        for l in self.kinds(cased=False, royal=False, promoted=False, pocket=True):
            b = Fen(base.text())
            b.pocket = l.upper()
            fen = b.text(side="w")
            if not self.valid(fen):
                continue
            drops = self.drop_squares(fen, l.upper())
            checking = set()
            for s in b.squares():
                if b.get(s) is not None:
                    continue
                c = Fen(fen)
                c.pocket = ""
                c.set(s, l.upper())
                after = c.text(side="b")
                if self.valid(after) and sf.gives_check(self.v, after, []):
                    checking.add(s)
            if not checking or not drops:
                continue
            both = drops & checking
            if want == "false" and both:
                self.bad(key, want, "in %s, %s@%s is legal and gives check" % (fen, l.upper(), sorted(both)[0]))
            elif want == "true" and not both:
                self.bad(key, want, "in %s, no legal drop of %s gives check (checks from %s)" % (
                    fen, l.upper(), " ".join(sorted(checking))))
            else:
                self.ok(key)
            return
        self.skip(key, "no piece in hand that could give check by its drop")

    def probe_castling_wins(self, g):
        """castlingWins (castling-rights letters: `K`, `Q` White's
        kingside, queenside; `k`, `q` Black's): the start position with
        one side's back rank emptied between King and Rooks, that side to
        move: its castling to a side named ends the game at once, a win
        for it; to a side not named, a loss where it has a side named
        (that right is lost), else the game goes on."""
        key = "castlingWins"
        want = g[key]
        seen = 0
        for side in ("w", "b"):
            b = Fen(self.start)
            rank = 0 if side == "w" else b.height - 1
            row = [sq(x, rank) for x in range(b.width)]
            kings = [s for s in row if b.get(s) and letter(b.get(s)) in self.royal
                     and b.get(s).isupper() == (side == "w")]
            if len(kings) != 1:
                continue
            occupied = [s for s in row if b.get(s) is not None]
            for s in occupied:
                if s not in (occupied[0], occupied[-1], kings[0]):
                    b.set(s, None)
            fen = b.text(side=side)
            kf = parse_sq(kings[0])[0]
            names = {c.lower() for c in want if c.isupper() == (side == "w")}
            for m in self.legal(fen):
                mm = MOVE.match(m)
                if not mm or mm.group(1) + mm.group(2) != kings[0] or int(mm.group(4)) != rank + 1:
                    continue
                tf = ord(mm.group(3)) - ord("a")
                if abs(tf - kf) < 2:
                    continue
                wing = "k" if tf > kf else "q"
                expect = "win" if wing in names else "loss" if names else None
                end, val = sf.is_immediate_game_end(self.v, fen, [m])
                got = None if not end else "win" if val < 0 else "loss" if val > 0 else "draw"
                seen += 1
                if got != expect:
                    self.bad(key, want, "in %s, castling %s (%s): %s" % (
                        fen, "kingside" if wing == "k" else "queenside", m,
                        "the game goes on" if got is None else "a %s for the side castling" % got))
                    return
        if seen:
            self.ok(key)
        else:
            self.skip(key, "no castling move with a back rank emptied")

    def probe_sittuyin_rook_drop(self, g):
        """sittuyinRookDrop: in the start position (pieces in hand) White's
        Rook is dropped on the first rank only (`true`) while its Knight
        may go further; `false`: the Rook's drops reach further too."""
        key = "sittuyinRookDrop"
        want = g[key]
        b = Fen(self.start)
        if not b.pocket or "R" not in b.pocket:
            self.skip(key, "no White Rook in hand at the start")
            return
        rook = self.drop_squares(self.start, "R")
        other = set()
        for c in sorted(set(b.pocket) - {"R"}):
            if c.isupper() and c.lower() not in self.royal:
                other |= self.drop_squares(self.start, c)
        first = {s for s in rook if parse_sq(s)[1] == 0}
        beyond_other = {s for s in other if parse_sq(s)[1] > 0}
        if not rook or not beyond_other:
            self.skip(key, "no drops to compare")
            return
        if (want == "true") == (first == rook):
            self.ok(key)
        else:
            self.bad(key, want, "in %s the Rook's drops are %s, the others' reach %s" % (
                self.start, " ".join(sorted(rook)), " ".join(sorted(beyond_other))))

    def probe_opposite_bishops(self, g):
        """dropOppositeColoredBishop: from the start position (pieces in
        hand) White drops a Bishop, Black anything: White's second Bishop
        then drops on squares of the other colour only (`true`), or on
        both colours (`false`)."""
        key = "dropOppositeColoredBishop"
        want = g[key]
        b = Fen(self.start)
        if not b.pocket or b.pocket.count("B") < 2:
            self.skip(key, "no two White Bishops in hand at the start")
            return
        first = sorted(self.drop_squares(self.start, "B"))
        for s in first:
            m1 = "B@" + s
            reply = [m for m in self.legal(self.start, [m1]) if DROP.match(m)]
            if not reply:
                continue
            moves = [m1, reply[0]]
            after = sf.get_fen(self.v, self.start, moves)
            second = self.drop_squares(after, "B")
            colour = sum(parse_sq(s)) % 2
            same = {x for x in second if sum(parse_sq(x)) % 2 == colour}
            if not second:
                continue
            if (want == "true") == (not same):
                self.ok(key)
            else:
                self.bad(key, want, "after %s the second Bishop drops on %s" % (" ".join(moves), " ".join(sorted(second))))
            return
        self.skip(key, "no Bishop drop followed by a drop of Black's")

    def probe_mutual_immunity(self, g):
        """mutuallyImmuneTypes (Position::legal: a piece of these types may
        not capture one of its own type): each piece kind alone on d4 with
        the Kings (a royal kind is White's King itself), first capturing a
        Black piece of another kind on each square it reaches, then one of
        its own kind there: the second capture is legal exactly where the
        kind is not claimed."""
        key = "mutuallyImmuneTypes"
        want = g[key]
        immune = set(want.replace("-", "").lower())
        kinds = self.kinds(cased=False, royal=True, promoted=False, pocket=True)
        plain = [k for k in kinds if k not in self.royal]
        d4 = "d4"
        tried = 0
        for l in kinds:
            others = [k for k in plain if k != l]
            if not others:
                continue
            royal = l in self.royal
            b = self.empty_board()
            b.set(d4, l.upper())
            if not royal:
                b.set("a1", "K")
            b.set("h8", "k")
            fen = b.text(side="w")
            if not self.valid(fen):
                continue
            for s, m in self.piece_moves(fen, d4):
                if s in ("a1", "h8"):
                    continue
                c = Fen(fen)
                c.set(s, others[0])
                f1 = c.text()
                if not self.valid(f1) or m not in self.legal(f1):
                    continue
                c.set(s, l)
                if royal:
                    c.set("h8", None)
                f2 = c.text()
                if not self.valid(f2):
                    continue
                can = m in self.legal(f2)
                tried += 1
                if can == (l in immune):
                    self.bad(key, want, "in %s, %s (a %s taking a %s) is %s" % (
                        f2, m, l, l, "legal" if can else "not legal"))
                    return
                break
        if tried and immune & set(kinds):
            self.ok(key)
        else:
            self.skip(key, "no capture of a piece by its own kind to try")

    def capture_by_kind(self, l):
        """A capture by White's piece of kind L alone on d4 (a royal kind:
        White's King itself) of a Black piece of another kind, the Kings
        on a1 and h8: (position, move), or None."""
        plain = [k for k in self.kinds(cased=False, royal=False, promoted=False, pocket=True) if k != l]
        if not plain:
            return None
        b = self.empty_board()
        b.set("d4", l.upper())
        if l not in self.royal:
            b.set("a1", "K")
        b.set("h8", "k")
        fen = b.text(side="w")
        if not self.valid(fen):
            return None
        # the squares it moves to, then those around d4 (a Pawn's captures)
        near = [sq(3 + df, 3 + dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
        squares = [s for s, _ in self.piece_moves(fen, "d4")]
        for s in squares + [s for s in near if s not in squares]:
            if s in ("a1", "h8"):
                continue
            for o in plain:
                c = Fen(fen)
                c.set(s, o)
                f1 = c.text()
                if not self.valid(f1):
                    continue
                for m in self.legal(f1):
                    mm = MOVE.match(m)
                    if mm and mm.group(1) + mm.group(2) == "d4" and mm.group(3) + mm.group(4) == s:
                        return f1, m
        return None

    def probe_petrify(self, g):
        """petrifyOnCaptureTypes (Position::do_move: a piece of these types
        that captures turns into a wall on the capture's square): each
        piece kind alone on d4 with the Kings captures a Black piece: a
        wall is left where it ended exactly when its kind is claimed; a
        royal kind claimed may not capture (it would be lost), one not
        claimed may (but under a blast)."""
        key = "petrifyOnCaptureTypes"
        want = g[key]
        types = set(want.replace("-", "").lower())
        seen = set()
        for l in self.kinds(cased=False, royal=True, promoted=False, pocket=True):
            found = self.capture_by_kind(l)
            if found is None:
                # A royal kind that would petrify may not capture at all
                # (Position::legal: it would leave no royal piece); one
                # that would not captures a lone piece beside it, but
                # where a blast takes the capturer too.
                if l in self.royal and l in types:
                    seen.add(l)
                elif l in self.royal and self.claims.get("blastOnCapture") != "true":
                    self.bad(key, want, "White's %s alone on d4 may capture no Black piece beside it" % l.upper())
                    return
                continue
            fen, m = found
            to = MOVE.match(m).group(3) + MOVE.match(m).group(4)
            wall = Fen(sf.get_fen(self.v, fen, [m])).get(to) == "*"
            if wall != (l in types):
                self.bad(key, want, "%s in %s (a %s) %s" % (
                    m, fen, l, "leaves a wall" if wall else "leaves no wall"))
                return
            seen.add(l)
        if seen & types:
            self.ok(key)
        else:
            self.skip(key, "no capture by a claimed kind")

    def probe_bikjang(self, g):
        """bikjangRule (Position::set_state: the side to move whose King
        faces the other's on an open file is in bikjang;
        Position::is_immediate_game_end: bikjang on two plies running ends
        the game): the Kings alone on the file of White's King, facing,
        a Rook each in a corner, White to move: White's pass (the King's
        move to its own square) ends the game at once under the rule,
        not without it."""
        key = "bikjangRule"
        want = g[key]
        start = Fen(self.start)
        kings = [(s, t) for s, t in start.pieces() if letter(t) in self.royal]
        wk = [s for s, t in kings if t.isupper()]
        bk = [s for s, t in kings if not t.isupper()]
        if len(wk) != 1 or len(bk) != 1:
            self.skip(key, "not one King a side")
            return
        f, r = parse_sq(wk[0])
        b = self.empty_board()
        b.set(wk[0], start.get(wk[0]))
        top = start.height - 1 - r
        b.set((f, top), start.get(bk[0]))
        b.set((0, 0), "R")
        b.set((start.width - 1, start.height - 1), "r")
        fen = b.text(side="w")
        if not self.valid(fen):
            self.skip(key, "the Kings facing: not a valid position")
            return
        passes = [m for m in self.legal(fen) if MOVE.match(m) and m[:len(wk[0])] == wk[0]
                  and MOVE.match(m).group(3) + MOVE.match(m).group(4) == wk[0]]
        if not passes:
            self.skip(key, "no pass with the Kings facing")
            return
        end = sf.is_immediate_game_end(self.v, fen, passes[:1])[0]
        if end == (want == "true"):
            self.ok(key)
        else:
            self.bad(key, want, "in %s, White's pass %s %s" % (
                fen, passes[0], "ends the game" if end else "does not end the game"))

    def probe_shatar_mate(self, g):
        """shatarMateRule (position.h `Position::checkmate_value`): a
        smothered mate by a Knight alone (Black's King on the corner
        behind its Rook and two Pawns, White's Knight leaping in) is lost
        by the side that gives it under the rule, won without it; a back
        rank mate by a Rook (a check that counts) is won either way."""
        key = "shatarMateRule"
        want = g[key]
        roles = self.counting_roles()
        others = [l for l in self.kinds(cased=False, royal=False, promoted=False, pocket=True)
                  if l not in roles.values()]
        pawn = "p" if "p" in others else next(iter(others), None)
        if "N" not in roles or "R" not in roles or pawn is None or len(self.royal) != 1:
            self.skip(key, "no Knight, Rook and other piece to build the mates")
            return
        k = sorted(self.royal)[0]
        n, r = roles["N"], roles["R"]
        cases = [("the Knight's smothered mate", "6%s%s/6%s%s/8/4%s3/8/8/8/%s7 w - - 0 1" % (
            r, k, pawn, pawn, n.upper(), k.upper()), "e5f7", want != "true"),
                 ("the Rook's back rank mate", "7%s/6%s%s/8/8/8/8/8/%s%s6 w - - 0 1" % (
            k, pawn, pawn, k.upper(), r.upper()), "b1b8", True)]
        tried = 0
        for what, fen, m, wins in cases:
            if not self.valid(fen) or m not in self.legal(fen) or self.legal(fen, [m]):
                continue
            val = sf.game_result(self.v, fen, [m])
            tried += 1
            if (val < 0) != wins:
                self.bad(key, want, "%s (%s %s) is %s for White" % (
                    what, fen, m, "a win" if val < 0 else "a loss" if val > 0 else "a draw"))
                return
        if tried:
            self.ok(key)
        else:
            self.skip(key, "the mates could not be set up")

    def probe_move_repetition(self, g):
        """moveRepetitionIllegal (Position::is_optional_game_end: a player
        whose piece goes back and forth, unchecked, so that the position
        comes a third time loses): the Kings on their start squares (not
        facing), a Rook each in a corner, both Rooks stepping out and back
        twice, White's out again: under the rule the game first ends on
        that ninth ply, a win for Black (to move); without it, otherwise."""
        key = "moveRepetitionIllegal"
        want = g[key]
        start = Fen(self.start)
        kings = [(s, t) for s, t in start.pieces() if letter(t) in self.royal]
        if len(kings) != 2 or "r" not in self.kinds(cased=False, royal=False):
            self.skip(key, "not one King a side and a Rook")
            return
        b = self.empty_board()
        (ws, wt), (bs, bt) = sorted(kings, key=lambda kt: not kt[1].isupper())
        b.set(ws, wt)
        wf, _ = parse_sq(ws)
        bf, br = parse_sq(bs)
        b.set((bf - 1, br) if bf == wf else (bf, br), bt)
        w, h = start.width, start.height
        b.set((0, 0), "R")
        b.set((w - 1, h - 1), "r")
        fen = b.text(side="w")
        a1, a2, top, below = sq(0, 0), sq(0, 1), sq(w - 1, h - 1), sq(w - 1, h - 2)
        seq = [a1 + a2, top + below, a2 + a1, below + top] * 2 + [a1 + a2]
        if not self.valid(fen):
            self.skip(key, "the position is not valid")
            return
        first = None
        for i in range(len(seq)):
            if seq[i] not in self.legal(fen, seq[:i]):
                self.skip(key, "the Rooks' shuttle is not legal")
                return
            end, val = sf.is_optional_game_end(self.v, fen, seq[:i + 1])
            if not end:
                end, val = sf.is_immediate_game_end(self.v, fen, seq[:i + 1])
            if end:
                first = (i + 1, val)
                break
        rule = first is not None and first[0] == len(seq) and first[1] > 0
        if rule == (want == "true"):
            self.ok(key)
        else:
            self.bad(key, want, "in %s, after %s the game %s" % (
                fen, " ".join(seq), "goes on" if first is None else "ends after %d plies, %d for the side to move" % first))
