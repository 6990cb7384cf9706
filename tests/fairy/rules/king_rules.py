"""`makpongRule` (a King in check may not move, but to take its one
checker) and `promotionLimit` (no promotion to a type the side holds
enough of), each by positions pyffish plays."""


import pyffish as sf

from .fen import MOVE, Fen, letter, parse_sq, sq, white


class KingRuleProbes:
    # -- makpong
    def checked_positions(self, limit=12):
        """Positions with White to move and in check by one Black piece
        (each non-royal type of the game on the squares of an otherwise
        empty board, the royal pieces kept), as (fen, checker's square)."""
        base = self.board_with([])
        out = []
        for tok in self.kinds(royal=False, promoted=False):
            if white(tok):
                continue
            for s in base.squares():
                if base.get(s) is not None:
                    continue
                b = Fen(base.text())
                b.set(s, tok)
                fen = b.text(side="w")
                if self.valid(fen) and sf.gives_check(self.v, fen, []):
                    out.append((fen, s))
                    break
            if len(out) >= limit:
                break
        # the checker a King's step away (it may be taken)
        kings = [s for s, t in base.pieces() if white(t) and letter(t) in self.royal]
        for k in kings:
            kf, kr = parse_sq(k)
            for tok in self.kinds(royal=False, promoted=False):
                if white(tok):
                    continue
                for df, dr in ((0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)):
                    f, r = kf + df, kr + dr
                    if not (0 <= f < base.width and 0 <= r < base.height) or base.get(sq(f, r)) is not None:
                        continue
                    b = Fen(base.text())
                    b.set(sq(f, r), tok)
                    fen = b.text(side="w")
                    if self.valid(fen) and sf.gives_check(self.v, fen, []):
                        out.append((fen, sq(f, r)))
        return out

    def probe_makpong(self, g):
        """`makpongRule=true`: in every position where White is in check
        by one piece, no move of White's King lands elsewhere than on
        that piece; some King takes it. `false`: some King in check steps
        away."""
        claim = g["makpongRule"]
        kings = {s for s, t in self.board_with([]).pieces() if white(t) and letter(t) in self.royal}
        found = self.checked_positions()
        if not found:
            self.skip("makpongRule", "no position with White's King in check by one piece")
            return
        away, takes = [], []
        for fen, checker in found:
            for m in self.legal(fen):
                mm = MOVE.match(m)
                if not mm or mm.group(1) + mm.group(2) not in kings:
                    continue
                to = mm.group(3) + mm.group(4)
                (takes if to == checker else away).append((fen, m))
        if claim == "true":
            if away:
                self.bad("makpongRule", claim, "the King in check moves away: %s in %s" % (away[0][1], away[0][0]))
            elif not takes:
                self.bad("makpongRule", claim, "no King in check takes the piece giving it (%d positions)" % len(found))
            else:
                self.ok("makpongRule")
        elif away:
            self.ok("makpongRule")
        else:
            self.bad("makpongRule", claim, "no King in check moves away (%d positions)" % len(found))

    # -- promotion limits
    def probe_promotion_limit(self, g):
        """`promotionLimit=q:1 r:2`: a pawn of the side that promotes to a
        limited type (White's, else Black's: Spartan's Hoplite and its
        King), or the piece that promotes to it (`promotedPieceType`), a
        step before its zone (the promotion probe's squares), may promote
        to the type while its side holds one fewer than the limit of it,
        and not once it holds the limit."""
        claim = g["promotionLimit"]
        limits = [(p.split(":")[0], int(p.split(":")[1])) for p in claim.split() if ":" in p]
        if not limits:
            self.skip("promotionLimit", "no limit claimed")
            return
        wrong, tried = [], 0
        # (A piece that promotes to a limited type, `promotedPieceType`:
        # Shogun's Knight to its General, a move written `b5c7+`.)
        promoted_from = {to: frm for frm, to in (x.split(":") for x in self.claims.get(
            "promotedPieceType", "").split() if ":" in x)}
        for t, n in limits:
            side = None
            for name, colour in (("White", "w"), ("Black", "b")):
                if t in self.claims.get("promotionPieceTypes" + name, "") or t in promoted_from:
                    side = (name, colour)
                    break
            if side is None:
                continue
            name, colour = side
            region = set(self.claims.get("promotionRegion" + name, "").split()) - {"-"}
            pawn = self.claims.get("promotionPawnTypes" + name, "p")[0]
            mark = t
            if t not in self.claims.get("promotionPieceTypes" + name, ""):
                pawn, mark = promoted_from[t], "+"
            upper = colour == "w"
            case = str.upper if upper else str.lower
            got = {}
            # (A piece whose one promotion is to T has none legal once T is
            # held: its square is found with none held, then N - 1 added.)
            start = n - 1 if mark == t else 0
            fen, at = self.pawn_with(region, case(t), start, case(pawn), colour)
            fen = self.with_more(fen, case(t), n - 1 - start, colour)
            # (the limit: one more of the type on a free square of the
            # side's first two ranks, the pawn where it was)
            more = self.with_more(fen, case(t), 1, colour)
            if fen is None or more is None:
                continue
            for held, f_ in ((n - 1, fen), (n, more)):
                got[held] = {MOVE.match(m).group(5).lower() for m in self.legal(f_)
                             if MOVE.match(m) and MOVE.match(m).group(1) + MOVE.match(m).group(2) == at
                             and MOVE.match(m).group(5)}
            tried += 1
            if mark not in got[n - 1]:
                wrong.append("holding %d %s, a %s %s cannot promote to it" % (n - 1, t, name, pawn))
            if mark in got[n]:
                wrong.append("holding %d %s, a %s %s still promotes to it" % (n, t, name, pawn))
        if wrong:
            self.bad("promotionLimit", claim, "; ".join(wrong))
        elif not tried:
            self.skip("promotionLimit", "no valid position with a pawn before the zone and the limited pieces")
        else:
            self.ok("promotionLimit")

    def with_more(self, fen, tok, k, side):
        """FEN with K more TOKs on free squares of SIDE's first two
        ranks, SIDE to move: None where FEN is None, there is no room, or
        the position is not valid or gives check."""
        if fen is None or k == 0:
            return fen
        b = Fen(fen)
        home = (lambda r: r <= 1) if side == "w" else (lambda r: r >= b.height - 2)
        free = [s_ for s_ in b.squares() if b.get(s_) is None and home(parse_sq(s_)[1])]
        if len(free) < k:
            return None
        for s_ in free[:k]:
            b.set(s_, tok)
        out = b.text(side=side)
        if not self.valid(out) or sf.gives_check(self.v, out, []):
            return None
        return out

    def pawn_with(self, region, tok, held, pawn="P", side="w"):
        """A position with SIDE to move, its PAWN a step before the zone
        (outside it, its forward step inside), else on a square of the
        zone (Sittuyin's Pawn promotes where it stands), and exactly HELD
        of its TOKs: the royal pieces on the board (on their castling rank
        where they start in hand), those of TOK's type among them kept or
        taken away, the rest put on its first two ranks: (fen, the pawn's
        square), or (None, None). Some promotion of the pawn is legal."""
        base = self.royals_placed()
        for s_, t in base.pieces():
            if letter(t) not in self.royal:
                base.set(s_, None)
        base.no_castling()
        mine = [s_ for s_, t in base.pieces() if t == tok]
        for s_ in mine[held:]:
            base.set(s_, None)
        held -= min(held, len(mine))
        fwd = 1 if side == "w" else -1
        home = (lambda r: r <= 1) if side == "w" else (lambda r: r >= base.height - 2)
        spots = []
        for z in sorted(region):
            f, r = parse_sq(z)
            if 0 <= r - fwd < base.height and sq(f, r - fwd) not in region:
                spots.append(sq(f, r - fwd))
        spots += sorted(region)
        for at in spots:
            if base.get(at) is not None:
                continue
            b = Fen(base.text())
            b.set(at, pawn)
            free = [s_ for s_ in b.squares() if b.get(s_) is None and home(parse_sq(s_)[1])]
            if len(free) < held:
                continue
            for s_ in free[:held]:
                b.set(s_, tok)
            fen = b.text(side=side)
            if self.valid(fen) and not sf.gives_check(self.v, fen, []) and any(
                    MOVE.match(m) and MOVE.match(m).group(1) + MOVE.match(m).group(2) == at and MOVE.match(m).group(5)
                    for m in self.legal(fen)):
                return fen, at
        return None, None

    # -- Sittuyin's stalemate by promotions only
    def probe_sittuyin_stalemate(self, g):
        """`sittuyinPromotion=true` (its draw: a King and one Pawn, not in
        check, every legal move a promotion): White's royal piece in the
        corner a1, its Pawn on a2, Black's royal piece on a3 and a Black
        piece of each type on b's last rank until every White move is a
        promotion: pyffish lets the game end as a draw there, and not
        once White holds another piece (h1); under `false`, never."""
        claim = g["sittuyinPromotion"]
        base = self.empty_board()
        top = base.height - 1
        kinds = [t for t in self.kinds(royal=False, promoted=False, pocket=True) if not white(t)]
        kings = [t for t in self.kinds(promoted=False, pocket=True) if letter(t) in self.royal]
        wk = next((t for t in kings if white(t)), None)
        bk = next((t for t in kings if not white(t)), None)
        for tok in kinds:
            if wk is None or bk is None or base.width < 8:
                break
            b = Fen(base.text())
            b.set((0, 0), wk)
            b.set((0, 1), "P")
            b.set((0, 2), bk)
            b.set((1, top), tok)
            fen = b.text(side="w")
            if not self.valid(fen) or sf.gives_check(self.v, fen, []):
                continue
            moves = self.legal(fen)
            if not moves or any(not (MOVE.match(m) and MOVE.match(m).group(5)) for m in moves):
                continue
            end, value = sf.is_optional_game_end(self.v, fen, [])
            b.set((base.width - 1, 0), "P" if tok.lower() != "p" else tok.upper())
            more = b.text(side="w")
            end2 = self.valid(more) and sf.is_optional_game_end(self.v, more, [])[0]
            if claim == "true" and (not end or value != 0):
                self.bad("sittuyinPromotion", claim, "in %s (every move a promotion: %s) pyffish does not let the game end as a draw" % (fen, " ".join(moves)))
            elif claim == "true" and end2:
                self.bad("sittuyinPromotion", claim, "with another White piece (%s) the game still may end" % more)
            elif claim != "true" and end:
                self.bad("sittuyinPromotion", claim, "in %s (every move a promotion) the game may end: %s" % (fen, value))
            else:
                self.ok("sittuyinPromotion")
            return
        self.skip("sittuyinPromotion", "no position with a White royal piece and Pawn whose every move is a promotion (a board of 8 files or more)")
