"""Pieces in hand: where they may be dropped, the pawn drop rules, where a
captured piece goes, and captures that must be made."""

import collections

import pyffish as sf

from .fen import DROP, Fen, MOVE, letter, parse_sq, sq, white


class DropProbes:
    def probe_drops(self, g):
        mine = ("pieceDrops", "dropRegionWhite", "dropRegionBlack")
        if g.get("pieceDrops") != "true":
            self.skip_rest(g, mine, "pieceDrops=%s: not probed" % g.get("pieceDrops"))
            return
        start = Fen(self.start)
        if start.pocket is None and g.get("fsf:freeDrops") != "true":
            self.skip_rest(g, mine, "the start FEN has no pocket")
            return
        letters = sorted({letter(t) for _, t in start.pieces() if not t.startswith("+")} | {c.lower() for c in (start.pocket or "") if c.isalpha()})
        free = g.get("fsf:freeDrops") == "true"  # (no hand: every type is dropped)
        if free:
            letters = sorted({DROP.match(m).group(1).lower() for m in self.legal(self.start) if DROP.match(m)})
        letters = [l for l in letters if l not in self.royal]
        enclosing = self.claims.get("enclosingDrop", "none") not in ("none", "-", "false")
        for side, key in (("w", "dropRegionWhite"), ("b", "dropRegionBlack")):
            region = set(g.get(key, "").split()) - {"-"} if key in g else None
            union = set()
            empties = set()
            tried = []
            union = set()      # drops on the board whose empty squares are required
            anywhere = set()   # drops on either board: none may leave the region
            empties = set()
            for board in ("the start position", "the royal pieces alone"):
                here = set()
                for l in letters:
                    piece = l.upper() if side == "w" else l
                    b = Fen(self.start) if board == "the start position" else self.board_with([])
                    if not free:
                        b.pocket = (Fen(self.start).pocket or "").replace("-", "") + piece
                    fen = b.text(side=side)
                    if not self.valid(fen):
                        continue
                    if not union:
                        empties = {x for x in b.squares() if b.get(x) is None}
                    here |= self.drop_squares(fen, piece)
                    if not tried or tried[-1] != fen:
                        tried.append(fen)
                anywhere |= here
                if not union:
                    union = here
            who = "White" if side == "w" else "Black"
            if not union:
                legal = self.legal(tried[0]) if tried else []
                if legal and all(sf.is_capture(self.v, tried[0], [], m) for m in legal) and self.claims.get("mustCapture") == "true":
                    for k in (key, "pieceDrops") if side == "w" else (key,):
                        if k in g:
                            self.skip(k, "mustCapture: the positions tried have a capture to make")
                    continue
                what = "with one more of %s in %s's hand, none can be dropped (%s)" % (" ".join(letters), who, " | ".join(tried) or "no valid FEN")
                if key in g:
                    self.bad(key, "(%d squares)" % len(region or ()), what)
                if side == "w" and "pieceDrops" in g:
                    self.bad("pieceDrops", "true", what)
                continue
            if side == "w" and "pieceDrops" in g:
                self.ok("pieceDrops")
            if region is None:
                continue
            outside = anywhere - region
            missing = set() if enclosing else (region & empties) - union
            if outside or missing:
                what = []
                if outside:
                    what.append("drops are legal outside it on %s" % " ".join(sorted(outside)))
                if missing:
                    what.append("no piece of %s can be dropped on the empty %s" % (" ".join(letters), " ".join(sorted(missing))))
                self.bad(key, "(%d squares)" % len(region), "with one more piece in %s's hand (%s): %s" % (who, tried[-1], "; ".join(what)))
            else:
                self.ok(key)

    def probe_pawn_drops(self, g):
        start = Fen(self.start)
        letters = {letter(t) for _, t in start.pieces()} | {c.lower() for c in (start.pocket or "") if c.isalpha()}
        if self.claims.get("pieceDrops") != "true" or start.pocket is None:
            self.skip_rest(g, ("firstRankPawnDrops", "promotionZonePawnDrops", "dropNoDoubled", "dropNoDoubledCount"),
                           "no drops (pieceDrops or the pocket)")
            return
        if "p" not in letters:
            for k in g:
                if k in ("firstRankPawnDrops", "promotionZonePawnDrops"):
                    self.skip(k, "the game has no piece p")
        drops = self.drop_squares_of("p") if "p" in letters else set()
        if "firstRankPawnDrops" in g and "p" in letters:
            want = g["firstRankPawnDrops"] == "true"
            b = self.board_with([])
            first = {s for s in drops if parse_sq(s)[1] == 0}
            empties = {sq(x, 0) for x in range(b.width) if b.get(sq(x, 0)) is None}
            if not empties:
                self.skip("firstRankPawnDrops", "rank 1 is full")
            elif bool(first) == want:
                self.ok("firstRankPawnDrops")
            else:
                self.bad("firstRankPawnDrops", g["firstRankPawnDrops"], "a P in hand (kings only on the board) can be dropped on rank 1 on %s" % (" ".join(sorted(first)) or "no square"))
        if "promotionZonePawnDrops" in g and "p" in letters:
            want = g["promotionZonePawnDrops"] == "true"
            zone = set(self.claims.get("promotionRegionWhite", "").split()) - {"-"}
            if not zone:
                self.skip("promotionZonePawnDrops", "no promotionRegionWhite claimed")
            else:
                inzone = drops & zone
                if bool(inzone) == want:
                    self.ok("promotionZonePawnDrops")
                else:
                    self.bad("promotionZonePawnDrops", g["promotionZonePawnDrops"], "a P in hand (kings only on the board) can be dropped in the zone on %s" % (" ".join(sorted(inzone)) or "no square"))
        if "dropNoDoubled" in g:
            pt = g["dropNoDoubled"]
            count = int(g.get("dropNoDoubledCount", "1"))
            if pt == "-" and "p" in letters:
                if "dropNoDoubledCount" in g:
                    self.skip("dropNoDoubledCount", "dropNoDoubled=-: no count applies")
                # No rule: a P in hand may be dropped on a file that holds
                # a P of its side already (a square of that file it may
                # take in an otherwise empty one).
                pd = self.drop_squares_of("p")
                column = sorted(pd, key=lambda s: parse_sq(s)[::-1])
                for s_ in column:
                    rest = [t for t in column if parse_sq(t)[0] == parse_sq(s_)[0] and t != s_]
                    if not rest:
                        continue
                    b = self.board_with([(s_, "P")])
                    b.pocket = "P"
                    fen = b.text(side="w")
                    if not self.valid(fen):
                        continue
                    got = {t for t in self.drop_squares(fen, "P") if parse_sq(t)[0] == parse_sq(s_)[0]}
                    if got:
                        self.ok("dropNoDoubled")
                    else:
                        self.bad("dropNoDoubled", "-", "with a P on %s (%s), no P can be dropped on its file" % (s_, fen))
                    return
                self.skip("dropNoDoubled", "no file where a P may be dropped on two squares")
                return
            if pt == "-" or len(pt) != 1:
                for k in ("dropNoDoubled", "dropNoDoubledCount"):
                    if k in g:
                        self.skip(k, "dropNoDoubled=%s: nothing to probe" % pt)
                return
            pd = self.drop_squares_of(pt)
            if not pd and count <= 0:
                # (Fairy-Stockfish refuses a drop on a file holding `count`
                # of the type already: with 0, on every file; another type
                # dropped in the same position shows that it takes drops.)
                others = sorted(letters - {pt} - self.royal)
                if any(self.drop_squares_of(o) for o in others):
                    self.ok_rest(g, ("dropNoDoubled", "dropNoDoubledCount"))
                    return
            if not pd and count >= 1 and "dropNoDoubledCount" in g:
                # Another type dropped where no rule of a pawn's drops
                # (first rank, zone) bars it, on a file with none of the
                # type: the count is no reason to refuse it there.
                barred = set()
                b = self.board_with([])
                if self.claims.get("firstRankPawnDrops") == "false":
                    barred |= {sq(x, 0) for x in range(b.width)}
                if self.claims.get("promotionZonePawnDrops") == "false":
                    barred |= set(self.claims.get("promotionRegionWhite", "").split())
                others = sorted(letters - {pt} - self.royal)
                free = set().union(*(self.drop_squares_of(o) for o in others)) - barred if others else set()
                if free:
                    self.bad("dropNoDoubledCount", g["dropNoDoubledCount"], "a %s in hand (kings only on the board) is dropped nowhere, though the other pieces are dropped on %s, on files with no %s" % (pt.upper(), " ".join(sorted(free)), pt.upper()))
                    self.skip_rest(g, ("dropNoDoubled",), "reported with dropNoDoubledCount")
                    return
            if not pd:
                for k in ("dropNoDoubled", "dropNoDoubledCount"):
                    if k in g:
                        self.skip(k, "no %s can be dropped with kings only on the board" % pt.upper())
                return
            files = collections.defaultdict(list)
            for s in pd:
                files[parse_sq(s)[0]].append(s)
            f = max(files, key=lambda x: (len(files[x]), -abs(x - Fen(self.start).width // 2)))
            column = sorted(files[f], key=lambda s: parse_sq(s)[1])
            placed = column[1:count + 1]
            if len(placed) < count:
                self.skip("dropNoDoubled", "the file has too few squares")
                return
            b = self.board_with([(s, pt.upper()) for s in placed])
            b.pocket = pt.upper()
            fen = b.text(side="w")
            if not self.valid(fen):
                self.skip("dropNoDoubled", "no valid FEN with %d %s on a file" % (count, pt.upper()))
                return
            got = {s for s in self.drop_squares(fen, pt.upper()) if parse_sq(s)[0] == f}
            if got:
                self.bad("dropNoDoubled", pt, "with %s on the file (%s), a %s can still be dropped on %s" % (" ".join(placed), fen, pt.upper(), " ".join(sorted(got))))
            else:
                self.ok("dropNoDoubled")
                if "dropNoDoubledCount" in g and count == 1:
                    self.ok("dropNoDoubledCount")
            if count > 1 and "dropNoDoubledCount" in g:
                b = self.board_with([(s, pt.upper()) for s in placed[:count - 1]])
                b.pocket = pt.upper()
                fen = b.text(side="w")
                if not self.valid(fen):
                    self.skip("dropNoDoubledCount", "no valid FEN")
                elif {s for s in self.drop_squares(fen, pt.upper()) if parse_sq(s)[0] == f}:
                    self.ok("dropNoDoubledCount")
                else:
                    self.bad("dropNoDoubledCount", count, "with %d %s on a file (%s) no %s can be dropped there" % (count - 1, pt.upper(), fen, pt.upper()))

    def drop_squares_of(self, pt):
        b = self.board_with([])
        b.pocket = pt.upper()
        fen = b.text(side="w")
        if not self.valid(fen):
            return set()
        return self.drop_squares(fen, pt.upper())

    def added_to_hand(self, fen, m):
        """The pieces the move M adds to the hands (a Counter of tokens)."""
        before = collections.Counter(Fen(fen).pocket or "")
        after = collections.Counter(Fen(sf.get_fen(self.v, fen, [m])).pocket or "")
        return after - before, before - after

    def probe_hand_captures(self, g):
        """`capturesToHand` and `dropLoop`: a capture in a random game
        puts the captured piece, turned to the capturer's side, in the
        capturer's hand; the same capture of a promoted piece put in its
        place (`+x`, or `y~` for each of the start position's types)
        adds its unpromoted form, or the promoted type itself under
        dropLoop."""
        # blastOnCapture beside fsf:blastSpared is the blast probe's to count
        blast = () if "fsf:blastSpared" in g else ("blastOnCapture",)
        positions = self.capture_positions()
        if not positions:
            self.skip_rest(g, ("capturesToHand", "dropLoop") + blast, "no capture in %d random games" % 12)
            return
        want = g.get("capturesToHand")
        fen, caps = positions[0]
        board = Fen(fen)
        m = caps[0]
        mm = MOVE.match(m)
        target = mm.group(3) + mm.group(4)
        tok = board.get(target)
        mine = board.side() == "w"
        turned = letter(tok).upper() if mine else letter(tok)
        if want is not None:
            added, lost = self.added_to_hand(fen, m)
            if want != "true":
                expect = collections.Counter()
            elif self.claims.get("blastOnCapture") == "true":
                # every piece the capture removes, the blast's included,
                # goes to its owner's opponent
                gone = collections.Counter(t.rstrip("~") for _, t in board.pieces()) \
                    - collections.Counter(t.rstrip("~") for _, t in Fen(sf.get_fen(self.v, fen, [m])).pieces())
                expect = collections.Counter(t.lstrip("+").swapcase() for t in gone.elements())
            else:
                expect = collections.Counter([turned.lstrip("+")] if tok.startswith("+") else [turned])
            # (blastOnCapture beside it: what the blast removes is counted too)
            told = ("capturesToHand",) + blast
            if added == expect and not lost:
                self.ok_rest(g, told)
            else:
                self.bad_rest(g, told, "%s in %s adds [%s] to the hands" % (m, fen, "".join(sorted(added.elements()))))
                self.skip_rest(g, ("dropLoop",), "its capturesToHand disagrees")
                return
        loop = g.get("dropLoop")
        if loop is None:
            return
        # Every promoted piece put in place of a captured one: under
        # dropLoop each comes back to the hand as itself; without it a
        # `+x` comes back as `x` and a `y~` (promoted from a Pawn) as that
        # Pawn, so at least one comes back otherwise (a `p~` may come
        # back as itself: which one is the Pawn is not assumed).
        others = sorted({letter(t) for _, t in Fen(self.start).pieces()
                         if not t.startswith("+") and letter(t) not in self.royal})
        for fen, caps in positions:
            board = Fen(fen)
            for m in caps:
                mm = MOVE.match(m)
                target = mm.group(3) + mm.group(4)
                tok = board.get(target)
                if letter(tok).startswith("+"):
                    continue
                cands = ["+" + tok.rstrip("~")]
                cands += [(x.upper() if white(tok) else x) + "~" for x in others]
                seen = []
                for promoted in cands:
                    b = Fen(fen)
                    b.set(target, promoted)
                    pfen = b.text()
                    if not self.valid(pfen) or m not in self.legal(pfen):
                        continue
                    added, _ = self.added_to_hand(pfen, m)
                    kinds = list(added.elements())
                    if len(kinds) == 1:
                        seen.append((promoted, kinds[0], pfen))
                if not seen:
                    continue
                kept = [x for x in seen if x[1].lower() == letter(x[0])]
                shown = "; ".join("%s back as %s" % (x[0], x[1]) for x in seen)
                if loop == "true" and len(kept) < len(seen):
                    self.bad("dropLoop", loop, "%s in %s with a promoted piece taken: %s" % (m, seen[0][2], shown))
                elif loop != "true" and len(kept) == len(seen):
                    self.bad("dropLoop", loop, "%s in %s with a promoted piece taken: every one comes back as itself (%s)" % (m, seen[0][2], shown))
                else:
                    self.ok("dropLoop")
                return
        self.skip("dropLoop", "no capture of a promoted piece put in place of a captured one (+x or y~) is a valid position")

    def probe_must_capture(self, g):
        """`mustCapture`: where a random game's side to move can capture,
        pyffish lets it play nothing but captures (true) or also other
        moves (false)."""
        want = g["mustCapture"]
        positions = self.capture_positions()
        if not positions:
            self.skip("mustCapture", "no capture in %d random games" % 12)
            return
        for fen, caps in positions:
            others = [m for m in self.legal(fen) if not sf.is_capture(self.v, fen, [], m)]
            if bool(others) == (want == "true"):
                self.bad("mustCapture", want, "in %s, where %s captures, pyffish also lets %s be played" % (fen, caps[0], others[0])
                         if others else "in %s pyffish allows only captures (%s)" % (fen, " ".join(caps)))
                return
        self.ok("mustCapture")
