"""Promotion: a Pawn before its zone and its choices, and a piece of each
type that promotes (Shogi-style) on every square."""


import pyffish as sf

from .fen import Fen, MOVE, letter, parse_sq, sq, white


class PromotionProbes:
    # -- promotion
    def probe_promotion(self, g):
        """The pawn's promotion, for each side whose keys the group claims
        (White's: a rules item or White's promotion cell; Black's: Black's
        cell): a Pawn of that side one step before its zone, its moves into
        the zone and their promotion choices."""
        sides = [s for s in ("White", "Black") if "promotionRegion" + s in g or "promotionPieceTypes" + s in g]
        # (mandatoryPawnPromotion, shared, checked with the first side that
        # has the pawn: Maharajah's White has none)
        if len(sides) == 2 and not self.side_pawn(g, "White", g.piece)[1] and self.side_pawn(g, "Black", g.piece)[1]:
            sides.reverse()
        for i, side in enumerate(sides):
            self.probe_promotion_side(g if i == 0 else {k: v for k, v in g.items() if k != "mandatoryPawnPromotion"},
                                      side, g.piece)

    def side_pawn(self, g, side, piece):
        """SIDE's pawn letter, and whether SIDE has it, on the board or in
        hand, at the start: the piece whose row or cell holds the claim
        where it is one of its promotionPawnTypes (Wolf's Sergeant), else
        the first of them (Spartan's Black Hoplite), else the Pawn."""
        pawns = g.get("promotionPawnTypes" + side, self.claims.get("promotionPawnTypes" + side, "p"))
        pawn = piece.lower() if piece and piece.lower() in pawns else pawns[0]
        pawn = pawn.upper() if side == "White" else pawn.lower()
        start = Fen(self.start)
        return pawn, any(t.rstrip("~") == pawn for _, t in start.pieces()) or pawn in (start.pocket or "")

    def probe_promotion_side(self, g, side, piece):
        rkey, tkey = "promotionRegion" + side, "promotionPieceTypes" + side
        # (A side's types claimed beside White's region, Chigorin's rules
        # item: its region as the page claims it elsewhere.)
        region = set(g.get(rkey, self.claims.get(rkey, "")).split()) - {"-"}
        types = g.get(tkey)
        mandatory = g.get("mandatoryPawnPromotion")
        keys = [k for k in (rkey, tkey, "mandatoryPawnPromotion") if k in g]
        pawn, has_pawn = self.side_pawn(g, side, piece)
        back = -1 if side == "White" else 1  # (the square a step before the zone)
        start = Fen(self.start)
        if self.claims.get("sittuyinPromotion") == "true":
            # (Sittuyin's Pawn promotes in place, and from anywhere as its
            # side's last pawn: not a lone pawn's step into a zone.
            # rules/king_rules.py plays its limit and its draw.)
            for k in keys:
                self.skip(k, "Sittuyin's promotion: in place, and anywhere as the last pawn")
            return
        if not has_pawn:
            for k in keys:
                self.skip(k, "%s has no piece %s" % (side, pawn))
            if "promotionPawnTypes" + side in g:
                self.bad("promotionPawnTypes" + side, g["promotionPawnTypes" + side],
                         "%s has no piece %s at the start, on the board or in hand" % (side, pawn))
            return
        if not region:
            for k in keys:
                self.skip(k, "an empty promotion region")
            return
        # squares just outside the zone whose forward step enters it
        kings = {s for s, t in start.pieces() if letter(t) in self.royal}
        kfiles = {parse_sq(s)[0] for s in kings}
        cands = []
        for z in region:
            f, r = parse_sq(z)
            below = sq(f, r + back) if 0 <= r + back < start.height else None
            if below and below not in region and below not in kings and z not in kings:
                cands.append((f in kfiles or f - 1 in kfiles or f + 1 in kfiles, r * -back, f, below, z))
        cands.sort()
        if not cands:
            for k in keys:
                self.skip(k, "no square before the zone")
            return
        if types is not None and not types.replace("-", ""):
            self.never_promotes(g, (side, pawn, rkey, tkey), keys, cands, region, mandatory, back)
            return
        into, shown, positions = self.pawn_before_zone(cands, region, None, pawn)
        want_types = set((types or "").replace("-", ""))
        got_types = {MOVE.match(m).group(5).lower() for m in into if MOVE.match(m).group(5)}
        if types is not None and positions and want_types - got_types:
            # a promotion may be refused for the check it gives (checking=false):
            # the same with the other side's royal piece elsewhere
            for extra in (self.royal_elsewhere() if side == "White" else []):
                i2, s2, p2 = self.pawn_before_zone(cands, region, extra, pawn)
                into += i2
                shown += s2
                positions += p2
        outside = self.moves_outside_zone(cands, region, pawn, back)
        sweep = None
        if rkey in g and positions:
            offers = bool((types or "").replace("-", "")) and self.claims.get("checking") != "false"
            sweep = self.zone_sweep(region, pawn, offers)
        self.finish_promotion(g, (side, pawn, rkey, tkey), keys, region, types, mandatory, into, shown, positions,
                              outside, sweep)
        pkey = "promotionPawnTypes" + side
        if pkey in g:
            # (the claimed pawn type is the one that promotes)
            if any(MOVE.match(m).group(5) for m in into):
                self.ok(pkey)
            elif positions:
                self.bad(pkey, g[pkey], "a %s %s before the zone never promotes (%s)" % (side, pawn, " | ".join(shown)))
            else:
                self.skip(pkey, "no valid position with a %s %s before the zone" % (side, pawn))

    def zone_sweep(self, region, pawn, offers):
        """The whole zone, square by square: a lone PAWN (the royal pieces
        kept) on every square of the board where that is a valid position;
        each of its moves promotes exactly where it ends in REGION (moves
        into it only checked where the claim OFFERS types to promote to).
        The first move that does otherwise, or None. (The probe before it
        samples the squares a step before the zone; a zone of odd shape,
        Legan's corner, is only seen whole this way.)"""
        base = self.start_board()
        royal = {s for s, t in base.pieces() if letter(t) in self.royal}
        side = "w" if pawn.isupper() else "b"
        for s in base.squares():
            if s in royal:
                continue
            fen = self.board_with([(s, pawn)]).text(side=side)
            if not self.valid(fen):
                continue
            by_to = {}
            for to, m in self.piece_moves(fen, s):
                # (not a move that stays, Atlantis's wall beside a piece)
                if to != s:
                    by_to.setdefault(to, []).append(m)
            for to, ms in sorted(by_to.items()):
                promotes = any(MOVE.match(m) and MOVE.match(m).group(5) for m in ms)
                if to in region and offers and not promotes:
                    return "%s enters the zone without promoting in %s" % (ms[0], fen)
                if to not in region and promotes:
                    return "%s promotes outside the zone in %s" % (next(m for m in ms if MOVE.match(m).group(5)), fen)
        return None

    def moves_outside_zone(self, cands, region, pawn, back):
        """The region's edge: the moves of a lone pawn a step and two steps
        before the zone (where those squares are outside it) that end
        outside it, as (fen, move) pairs: none may promote."""
        out = []
        for _, _, _, below, _ in cands[:8]:
            f, r = parse_sq(below)
            for s in (below, sq(f, r + back) if 0 <= r + back < Fen(self.start).height else None):
                if s is None or s in region:
                    continue
                b = self.board_with([(s, pawn)])
                fen = b.text(side="w" if pawn.isupper() else "b")
                if not self.valid(fen):
                    continue
                out += [(fen, m) for to, m in self.piece_moves(fen, s) if to not in region]
            if len(out) >= 6:
                break
        return out

    def never_promotes(self, g, who, keys, cands, region, mandatory, back):
        """No type to promote to (`promotionPieceTypes…=-`): a lone pawn
        a step before the zone has no move into it where promotion is
        mandatory (movegen.cpp takes those moves away and gives none
        back), and enters it unpromoted where it is not; the same pawn a
        rank further back steps forward, so the zone is where it stops."""
        side, pawn, rkey, tkey = who
        seen = 0
        for _, _, f, below, z in cands[:6]:
            fen = self.board_with([(below, pawn)]).text(side="w" if pawn.isupper() else "b")
            if not self.valid(fen):
                continue
            moves = [m for m in self.legal(fen) if MOVE.match(m) and "".join(MOVE.match(m).group(1, 2)) == below]
            into = [m for m in moves if "".join(MOVE.match(m).group(3, 4)) in region]
            promoting = [m for m in into if MOVE.match(m).group(5)]
            if promoting:
                self.bad(tkey, g.get(tkey, "-"), "a %s %s promotes: %s in %s" % (side, pawn, promoting[0], fen))
                return
            if mandatory == "true" and into:
                self.bad("mandatoryPawnPromotion", mandatory, "a %s %s enters the zone unpromoted: %s in %s" % (side, pawn, into[0], fen))
                return
            if mandatory == "false" and not into:
                self.bad("mandatoryPawnPromotion", mandatory, "a %s %s has no move into the zone in %s" % (side, pawn, fen))
                return
            fr, rr = parse_sq(below)
            further = sq(fr, rr + back) if 0 <= rr + back < Fen(fen).height else None
            if further and further not in region:
                fen2 = self.board_with([(further, pawn)]).text(side="w" if pawn.isupper() else "b")
                if self.valid(fen2) and not self.piece_moves(fen2, further):
                    self.bad(rkey, "(%d squares)" % len(region), "a %s %s on %s, before the zone's rank, cannot move either (%s)" % (side, pawn, further, fen2))
                    return
            seen += 1
        if not seen:
            for k in keys:
                self.skip(k, "no valid position with a %s %s before the zone" % (side, pawn))
            return
        for k in keys:
            self.ok(k)

    def pawn_before_zone(self, cands, region, extra, pawn="P"):
        into, shown, positions = [], [], 0
        for _, _, _, below, z in cands[:8]:
            b = self.board_with([(below, pawn)])
            if extra:
                frm, at, tok = extra
                if sq(*at) == below:
                    continue
                b.set(frm, None)
                b.set(at, tok)
            fen = b.text(side="w" if pawn.isupper() else "b")
            if not self.valid(fen):
                continue
            moves = [m for m in self.legal(fen) if MOVE.match(m) and "".join(MOVE.match(m).group(1, 2)) == below]
            if not moves:
                continue
            positions += 1
            here = [m for m in moves if "".join(MOVE.match(m).group(3, 4)) in region]
            into += here
            shown.append("%s: %s" % (fen, " ".join(sorted(here)) or "none"))
            if positions == 3:
                break
        return into, shown, positions

    def finish_promotion(self, g, who, keys, region, types, mandatory, into, shown, positions, outside=(),
                         sweep=None):
        side, pawn, rkey, tkey = who
        if not positions:
            for k in keys:
                self.skip(k, "no valid position with a %s %s before the zone" % (side, pawn))
            return
        where = " | ".join(shown)
        if not into:
            self.bad(rkey, "(%d squares)" % len(region), "a %s %s before the zone has no move into it (%s)" % (side, pawn, where))
            return
        early = [(fen, m) for fen, m in outside if MOVE.match(m) and MOVE.match(m).group(5)]
        unpromoted = [m for m in into if not MOVE.match(m).group(5)]
        if early and rkey in g:
            # (the zone starts before the claimed region)
            self.bad(rkey, "(%d squares)" % len(region), "a %s %s promotes outside it: %s in %s" % (side, pawn, early[0][1], early[0][0]))
        elif rkey in g and types is not None and types.replace("-", "") and len(unpromoted) == len(into):
            # (the zone starts after it: moves into it that never promote)
            self.bad(rkey, "(%d squares)" % len(region), "a %s %s enters it without promoting (%s)" % (side, pawn, where))
        elif rkey in g and sweep:
            # (a square of the zone, or one outside it, that the sampled
            # squares before it do not reach: [`zone_sweep`])
            self.bad(rkey, "(%d squares)" % len(region), "a lone %s %s: %s" % (side, pawn, sweep))
        elif rkey in g:
            self.ok(rkey)
        suffixes = {MOVE.match(m).group(5) for m in into}
        got = set(x for x in suffixes if x)
        if types is not None:
            want = set(types.replace("-", ""))
            # (A type the side already holds as many of as its
            # promotionLimit allows, in every position built, is no
            # choice there: the limit probe checks that limit.)
            for t, n in (x.split(":") for x in self.claims.get("promotionLimit", "").split() if ":" in x):
                tok = t.upper() if side == "White" else t.lower()
                if all(sum(1 for _, x in Fen(fen.split(": ")[0]).pieces() if x == tok) >= int(n) for fen in shown):
                    want.discard(t)
            gotl = {x.lower() for x in got if x != "+"}
            if gotl == want:
                self.ok(tkey)
            elif side == "Black" and self.claims.get("checking") == "false":
                self.skip(tkey, "a promotion may be refused for the check it gives (checking=false)")
            else:
                self.bad(tkey, types, "a %s %s promotes to %s (%s)" % (side, pawn, " ".join(sorted(gotl)) or "nothing", where))
        if mandatory is not None:
            plain = "" in suffixes
            if not got:
                self.skip("mandatoryPawnPromotion", "no promotion choice into the zone")
            elif plain == (mandatory == "false"):
                self.ok("mandatoryPawnPromotion")
            else:
                self.bad("mandatoryPawnPromotion", mandatory, "a %s %s moves into the zone %s (%s)" % (side, pawn, "without promoting" if plain else "only promoting", where))

    def piece_promotions(self, letter_, base, royal, on_capture):
        """A lone White piece of LETTER_ on each square: its promotion
        moves (`+`) and its other moves, as (from, to, uci, fen) lists;
        ON_CAPTURE, its captures of a Black piece of its own type put on
        each of the squares it moves to (the first three), and whether
        any quiet move promoted."""
        promo, plain, quiet_promotes = [], [], False
        for s in base.squares():
            if s in royal:
                continue
            fen = self.alone(base, [(s, letter_.upper())])
            if not self.valid(fen):
                continue
            # (Its quiet moves: a move onto a royal piece, which a lone
            # piece may give check to, is none.)
            board = Fen(fen)
            moves = [(to, m) for to, m in self.piece_moves(fen, s) if board.get(to) is None]
            if on_capture:
                quiet_promotes |= any("+" in m for _, m in moves)
                for to, _ in moves[:3]:
                    if to in royal:
                        continue
                    taking = self.alone(base, [(s, letter_.upper()), (to, letter_.lower())])
                    if self.valid(taking):
                        for to2, m in self.piece_moves(taking, s):
                            if to2 == to:
                                (promo if "+" in m else plain).append((s, to, m, taking))
                continue
            for to, m in moves:
                (promo if "+" in m else plain).append((s, to, m, fen))
        if not promo and not plain and not on_capture:
            # A piece that moves only by hopping (Cannon shogi's pB) does
            # not move alone: the start position, it put on each square.
            for s in base.squares():
                if s in royal:
                    continue
                crowded = Fen(base.text())
                crowded.set(s, letter_.upper())
                crowded.no_castling()
                fen = crowded.text(side="w")
                if self.valid(fen):
                    for to, m in self.piece_moves(fen, s):
                        (promo if "+" in m else plain).append((s, to, m, fen))
        return promo, plain, quiet_promotes

    def probe_piece_promotion(self, g):
        """`promotedPieceType=b:h ...` and `mandatoryPiecePromotion`: a lone
        White piece of each type, on every square, promotes (a `+` move)
        exactly when the claim gives it a promoted type; promoted, it moves
        as that type does on the same square; where promotion is
        mandatory, no move that could promote is also offered plain, and
        where it is not, some such move is."""
        claim = g["promotedPieceType"]
        mandatory = g.get("mandatoryPiecePromotion")
        # (A remark that names the promoted piece claims no more: how it
        # promotes is the page's claim beside it.)
        on_capture = g.get("piecePromotionOnCapture", self.claims.get("piecePromotionOnCapture")) == "true"
        keys = [k for k in ("promotedPieceType", "mandatoryPiecePromotion", "piecePromotionOnCapture") if k in g]
        key = ("piece-promotion", claim, mandatory, on_capture)
        first = key not in self.cache
        if first:
            self.cache[key] = self.piece_promotion_wrong(claim, mandatory, on_capture)
        wrong = self.cache[key]
        if "promotionPieceTypesWhite" in g or "promotionPieceTypesBlack" in g:
            pass  # (a pawn's cell: its region is the pawn's, probed with it)
        elif not on_capture:
            self.probe_piece_promotion_region(g, claim)
        else:
            for k in ("promotionRegionWhite", "promotionRegionBlack"):
                if k in g:
                    self.skip(k, "promotion by a capture only: a lone piece never promotes")
        if wrong is None:
            for k in keys:
                self.skip(k, "no valid position with a lone White piece that promotes")
        elif wrong and not first:
            # (The same claim on another piece's item: reported once.)
            for k in keys:
                self.skip(k, "the same claim as an earlier item's, reported there")
        elif wrong:
            self.bad("promotedPieceType", claim, "; ".join(wrong))
            for k in keys[1:]:
                self.skip(k, "reported with promotedPieceType")
        else:
            for k in keys:
                self.ok(k)

    def probe_piece_promotion_region(self, g, claim):
        """`promotionRegionWhite` / `promotionRegionBlack` beside
        `promotedPieceType`: a lone piece of that side of each type that
        promotes offers a promoting move (`+`) exactly for the moves that
        start or end in its side's claimed region."""
        pairs = dict(x.split(":", 1) for x in claim.split() if ":" in x)
        for side, rkey in (("w", "promotionRegionWhite"), ("b", "promotionRegionBlack")):
            if rkey not in g:
                continue
            # (The same claim on another item, a side's promotion cell:
            # the same verdict, counted again.)
            cache_key = ("piece-promotion-region", claim, side, g[rkey])
            if cache_key not in self.cache:
                region = set(g[rkey].split()) - {"-"}
                self.cache[cache_key] = self.piece_region_wrong(pairs, region, side)
            wrong, seen = self.cache[cache_key]
            if wrong:
                self.bad(rkey, g[rkey], wrong)
            elif not seen:
                self.skip(rkey, "no lone piece of the side that promotes has a move touching the region")
            else:
                self.ok(rkey)

    def piece_region_wrong(self, pairs, region, side):
        """The first move of a lone piece of SIDE that promotes where the
        region says it may not, or may not where it says it may (None),
        and how many moves touching the region were seen."""
        base = self.royals_placed()
        royal = {s for s, tok in base.pieces() if letter(tok) in self.royal}
        seen = 0
        for x in sorted(pairs):
            token = x.upper() if side == "w" else x.lower()
            for s in base.squares():
                if s in royal:
                    continue
                b = Fen(self.alone(base, [(s, token)]))
                fen = b.text(side=side)
                if not self.valid(fen):
                    continue
                moves = [(to, m) for to, m in self.piece_moves(fen, s) if b.get(to) is None]
                if not moves:
                    continue
                promoting = {to for to, m in moves if "+" in m}
                for to, m in moves:
                    touches = s in region or to in region
                    seen += touches
                    if to in promoting and not touches:
                        return ("a lone %s may promote moving %s%s, though neither square is in the region" % (token, s, to)), seen
                    if touches and to not in promoting:
                        return ("a lone %s moving %s%s into or out of the region has no promoting move" % (token, s, to)), seen
        return None, seen

    def piece_promotion_wrong(self, claim, mandatory, on_capture):
        pairs = dict(x.split(":", 1) for x in claim.split() if ":" in x)
        base = self.royals_placed()
        royal = {s for s, tok in base.pieces() if letter(tok) in self.royal}
        start = Fen(self.start)
        held = {letter(t) for s, t in start.pieces() if white(t)}
        held |= {c.lower() for c in (start.pocket or "") if c.isupper()}
        held = {c for c in held if len(c) == 1 and c not in self.royal}
        wrong, promoted_seen = [], 0
        for x in sorted(held | set(pairs)):
            promo, plain, quiet_promotes = self.piece_promotions(x, base, royal, on_capture)
            if quiet_promotes:
                wrong.append("a lone %s promotes without capturing, though promotion only by a capture is claimed" % x.upper())
            if x not in pairs:
                if promo:
                    wrong.append("a lone %s promotes (%s in %s), though no promoted type is claimed for it" % (x.upper(), promo[0][2], promo[0][3]))
                continue
            if not promo:
                if x in held:
                    wrong.append("a lone %s never promotes, though %s:%s is claimed" % (x.upper(), x, pairs[x]))
                continue
            promoted_seen += 1
            s, to, m, fen = promo[0]
            after = Fen(sf.get_fen(self.v, fen, [m]))
            tok = after.get(to)
            as_promoted = self.destinations(self.alone(base, [(to, tok)]), to)
            as_type = self.destinations(self.alone(base, [(to, pairs[x].upper())]), to)
            if as_promoted is not None and as_type is not None and as_promoted != as_type:
                wrong.append("%s promoted (%s) on %s moves to %s, a %s there to %s" % (
                    x.upper(), tok, to, " ".join(sorted(as_promoted)) or "nowhere",
                    pairs[x].upper(), " ".join(sorted(as_type)) or "nowhere"))
            could = {(s, to) for s, to, _, _ in promo}
            declined = {(s, to) for s, to, _, _ in plain if (s, to) in could}
            if mandatory == "true" and declined:
                wrong.append("a lone %s may move %s%s without promoting, though promotion is claimed mandatory" % ((x.upper(),) + min(declined)))
            if mandatory == "false":
                # (Except where, unpromoted, it could never move again:
                # minishogi's Pawn on the last rank, as the page says.)
                stuck = {}
                for s, to in sorted(could - declined):
                    if to not in stuck:
                        stuck[to] = not self.destinations(self.alone(base, [(to, x.upper())]), to)
                    if not stuck[to]:
                        wrong.append("a lone %s must promote moving %s%s, though promotion is claimed optional" % (x.upper(), s, to))
                        break
        if not promoted_seen and not wrong:
            return None
        return wrong
