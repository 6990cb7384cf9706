"""Castling: the King's castling moves on a back rank emptied between King
and Rooks."""

import re

import pyffish as sf

from .fen import Fen, MOVE, letter, parse_sq, sq, white


def emptied_rank(start_fen, ksq, rooks=None):
    """The start position with the rank of `ksq` emptied but for `ksq` and
    the pieces at the rank's two ends, and those two end squares. With
    ROOKS (letters), the ends are the outermost pieces of those letters on
    each side of `ksq` (Shako's Rooks inside its Elephants), and what
    stands beyond them stays."""
    start = Fen(start_fen)
    kf, r = parse_sq(ksq)
    occupied = [s for s in (sq(x, r) for x in range(start.width)) if start.get(s) is not None]
    ends = [occupied[0], occupied[-1]]
    if rooks:
        left = [s for s in occupied if parse_sq(s)[0] < kf and letter(start.get(s)) in rooks]
        right = [s for s in occupied if parse_sq(s)[0] > kf and letter(start.get(s)) in rooks]
        if left and right:
            ends = [left[0], right[-1]]
    lo, hi = parse_sq(ends[0])[0], parse_sq(ends[1])[0]
    b = Fen(start_fen)
    for s in occupied:
        if lo < parse_sq(s)[0] < hi and s != ksq:
            b.set(s, None)
    return b, ends


class CastlingProbes:
    # -- castling
    def probe_castling(self, g):
        if g.get("castling") == "false":
            self.probe_no_castling(g)
            return
        if g.get("castling") != "true":
            self.skip("castling", "castling=%s: not probed" % g.get("castling"))
            return
        ksq = g.get("fsf:castlingKingSquare")
        if not ksq:
            self.skip("castling", "no fsf:castlingKingSquare claimed")
            return
        start_fen = self.start
        # (Placement: the royal pieces start in hand; they castle once
        # placed, where the game gives a dropped piece the right.)
        if Fen(self.start).get(ksq) is None and re.search(r"\[[A-Za-z]+\]", self.start):
            start_fen = self.placed(ksq)
        start = Fen(start_fen)
        f, r = parse_sq(ksq)
        row = [sq(x, r) for x in range(start.width)]
        tok = start.get(ksq)
        if tok is None:
            self.bad("fsf:castlingKingSquare", ksq, "the start position has nothing there (%s)" % start_fen)
            self.skip_rest(g, ("castling", "castlingKingsideFile", "castlingQueensideFile", "castlingRank", "fsf:castlingThroughAttack"), "its fsf:castlingKingSquare disagrees")
            return
        if letter(tok) not in self.royal:
            # (Fairy-Stockfish castles its castling king piece, the King
            # where the game has one; self.royal is {"k"} where it has none.)
            self.bad("fsf:castlingKingSquare", ksq, "the start position has %s there, not the King (%s)" % (tok, start_fen))
            self.skip_rest(g, ("castling", "castlingKingsideFile", "castlingQueensideFile", "castlingRank", "fsf:castlingThroughAttack"), "its fsf:castlingKingSquare disagrees")
            return
        b, ends = emptied_rank(start_fen, ksq)
        if not self.valid(b.text()):
            # (the rank's ends are no castling pieces: Shako's Elephants
            # outside its Rooks)
            rooks = set(self.claims.get("castlingRookPiecesWhite", "")) | {"r"}
            b, ends = emptied_rank(start_fen, ksq, rooks)
        if len(b.rest) >= 4 and re.fullmatch(r"[A-Za-z-]+", b.rest[1]):
            # gating flags name the pieces removed: keep the castling flags
            keep = ""
            for c in b.rest[1]:
                if c in "KQkq":
                    keep += c
                elif c.isalpha():
                    rank = 0 if c.isupper() else b.height - 1
                    f = ord(c.lower()) - ord("a")
                    if 0 <= f < b.width and b.get((f, rank)) is not None and letter(b.get((f, rank))) != "k" and (rank != r or sq(f, rank) in ends):
                        keep += c
            b.rest[1] = keep or "-"
        # The side whose King it is moves (Horde: only Black castles).
        side = "w" if white(tok) else "b"
        fen = b.text() if start.side() == side else b.text(side=side)
        if not self.valid(fen):
            for k in g:
                self.skip(k, "the emptied back rank is no valid FEN")
            return
        legal = self.legal(fen)
        if not legal:
            for k in g:
                self.skip(k, "the start position with its back rank emptied has no legal move (the game is over)")
            return
        dests = set()
        for m in legal:
            mm = MOVE.match(m)
            if not mm or mm.group(1) + mm.group(2) != ksq:
                continue
            after = Fen(sf.get_fen(self.v, fen, [m]))
            moved_others = [s for s in ends if s != ksq and b.get(s) is not None and after.get(s) != b.get(s)]
            where = [s for s in row if after.get(s) == tok]
            if moved_others and where and where[0] != ksq:
                dests.add(where[0][0])
        ok_king = bool(dests)
        if ok_king:
            self.ok("castling")
            self.ok("fsf:castlingKingSquare")
            if start_fen != self.start and "castlingDroppedPiece" in g:
                # (The rights came from the drops alone: pyffish gave them.)
                self.ok("castlingDroppedPiece")
            elif "castlingDroppedPiece" in g:
                self.skip("castlingDroppedPiece", "the King starts on its castling square: no drop to play")
        else:
            rights = start.rest[1] if len(start.rest) >= 4 else "?"
            self.bad("castling", "true", "with the back rank emptied (%s) the piece on %s has no castling move (the start FEN's castling field: %s)" % (fen, ksq, rights))
            self.skip_rest(g, ("fsf:castlingKingSquare", "castlingKingsideFile", "castlingQueensideFile", "castlingRank", "fsf:castlingThroughAttack"), "its castling=true disagrees")
            return
        if "castlingRank" in g:
            # (White's rank; Black castles on its mirror)
            seen = r + 1 if side == "w" else start.height - r
            if g["castlingRank"] == str(seen):
                self.ok("castlingRank")
            else:
                self.bad("castlingRank", g["castlingRank"], "the King castles on %s, its side's rank %d" % (ksq, seen))
        if "fsf:castlingThroughAttack" in g:
            self.probe_through_attack(g, b, fen, ksq, tok, ends)
        for key in ("castlingKingsideFile", "castlingQueensideFile"):
            if key not in g:
                continue
            if g[key] in dests:
                self.ok(key)
            else:
                self.bad(key, g[key], "the castling moves from %s end on the files %s (%s)" % (ksq, " ".join(sorted(dests)), fen))

    def placed(self, ksq):
        """The start position once both sides have dropped every piece in
        hand, as pyffish plays the drops: each side's royal piece on KSQ
        (Black's on its mirror), a Rook (Fairy-Stockfish's default
        castling rook) on each end of that rank, the rest on the first
        drop square pyffish offers (KSQ may be either side's: White's
        royal piece goes to the lower of KSQ's rank and its mirror). Where
        the game gives a dropped piece castling rights, pyffish's FEN then
        has them. Played once per page and square (each castling claim's
        group asks)."""
        key = ("placed", ksq)
        if key not in self.cache:
            self.cache[key] = self.play_placement(ksq)
        return self.cache[key]

    def play_placement(self, ksq):
        f, r = parse_sq(ksq)
        width, height = Fen(self.start).width, Fen(self.start).height
        moves = []
        for _ in range(4 * width * height):
            drops = [m for m in self.legal(self.start, moves) if "@" in m]
            if not drops:
                break
            mine = Fen(sf.get_fen(self.v, self.start, moves)).side() == "w"
            rank = min(r, height - 1 - r) if mine else max(r, height - 1 - r)
            king = [m for m in drops if m[0].lower() in self.royal and m.endswith("@" + sq(f, rank))]
            rooks = [m for m in drops if m[0].lower() == "r" and m.split("@")[1] in (sq(0, rank), sq(width - 1, rank))]
            rest = [m for m in drops if m.split("@")[1] not in (sq(f, rank), sq(0, rank), sq(width - 1, rank))]
            moves.append((king or rooks or rest or drops)[0])
        return sf.get_fen(self.v, self.start, moves)

    def probe_no_castling(self, g):
        """castling=false: White's royal piece on its start square, its
        back rank emptied but for the pieces at its ends, every castling
        right in the FEN (`KQkq`): no move of it moves another piece (a
        castling move would move a Rook), as the same position does in
        chess."""
        start = Fen(self.start)
        kings = [s for s, t in start.pieces() if letter(t) in self.royal and white(t)]
        if not kings and self.claims.get("extinctionPseudoRoyal") == "true":
            # (No King: the piece the page says stands in for it, Forward
            # chess's pseudo-royal Forward King.)
            kinds = set(self.claims.get("extinctionPieceTypes", "")) - {"*"}
            kings = [s for s, t in start.pieces() if letter(t) in kinds and white(t)]
        if not kings or len(start.rest) < 4:
            self.skip_rest(g, ("castling",), "no White royal piece, or no castling field, in the start FEN")
            return
        ksq = kings[0]
        b, ends = emptied_rank(self.start, ksq)
        b.rest[1] = "KQkq"
        fen = b.text(side="w")
        if not self.valid(fen):
            self.skip_rest(g, ("castling",), "the emptied back rank with castling rights is no valid FEN")
            return
        others = [s for s in ends if s != ksq and b.get(s) is not None]
        if not others:
            self.skip_rest(g, ("castling",), "nothing stands at the ends of the royal piece's rank")
            return
        tok = b.get(ksq)
        for m in self.legal(fen):
            mm = MOVE.match(m)
            if not mm or mm.group(1) + mm.group(2) != ksq:
                continue
            after = Fen(sf.get_fen(self.v, fen, [m]))
            if any(after.get(s) != b.get(s) for s in others) and tok not in [after.get(s) for s in others]:
                self.bad("castling", "false", "in %s, %s moves the piece on %s and another (%s)" % (fen, m, ksq, after.text()))
                return
        self.ok("castling")

    def probe_through_attack(self, g, b, fen, ksq, tok, ends):
        """`fsf:castlingThroughAttack`: in the emptied back rank position
        FEN, the square next to the King on its Rook's side (the King's
        side) is attacked by a Rook of the other side, down a file cleared
        for it: the castling move to that side stays legal exactly when
        the claim is `true`."""
        claim = g["fsf:castlingThroughAttack"]
        kf, kr = parse_sq(ksq)
        rook_sq = ends[-1]
        rf, _ = parse_sq(rook_sq)
        rook = b.get(rook_sq)
        if rf <= kf + 1 or rook is None:
            self.skip("fsf:castlingThroughAttack", "no square between the King and its King's side Rook")
            return
        crossed = kf + 1
        c = Fen(fen)
        far = c.height - 1 if white(tok) else 0
        for y in range(c.height):
            t = c.get((crossed, y))
            if y != kr and t is not None and letter(t) in self.royal:
                self.skip("fsf:castlingThroughAttack", "a royal piece stands on the crossed square's file")
                return
            if y != kr:
                c.set((crossed, y), None)
        # The attacker: the first of the other side's pieces (its Rook
        # first) that, put at the far end of the file, could take a piece
        # of ours on the crossed square (New Zealand's Rook takes as a
        # Knight).
        theirs = [rook.swapcase()] + sorted({t for _, t in Fen(self.start).pieces()
                                             if white(t) != white(tok) and letter(t) not in self.royal} - {rook.swapcase()})
        attacked = None
        for attacker in theirs:
            c.set((crossed, far), attacker)
            if not self.valid(c.text()):
                continue
            probe = Fen(c.text())
            probe.set((crossed, kr), rook)
            probe_fen = probe.text(side="b" if white(tok) else "w")
            takes = [m for m in (self.legal(probe_fen) if self.valid(probe_fen) else [])
                     if MOVE.match(m) and MOVE.match(m).group(1) + MOVE.match(m).group(2) == sq(crossed, far)
                     and MOVE.match(m).group(3) + MOVE.match(m).group(4) == sq(crossed, kr)]
            if takes:
                attacked = c.text()
                break
        if attacked is None:
            self.skip("fsf:castlingThroughAttack", "no piece of the other side's attacks the crossed square down its file")
            return

        def castles_kingside(pos):
            for m in self.legal(pos):
                mm = MOVE.match(m)
                if not mm or mm.group(1) + mm.group(2) != ksq:
                    continue
                # (a duck or wall put on the file shields the square: Atomic duck's e1g1,g1f7)
                if mm.group(6) and parse_sq(re.findall(r"[a-z]\d+", mm.group(6))[-1])[0] == crossed:
                    continue
                after = Fen(sf.get_fen(self.v, pos, [m]))
                if after.get(rook_sq) != rook:
                    return m
            return None

        if castles_kingside(fen) is None:
            self.skip("fsf:castlingThroughAttack", "no castling move to the King's side in %s" % fen)
            return
        got = castles_kingside(attacked)
        if (got is not None) == (claim == "true"):
            self.ok("fsf:castlingThroughAttack")
        else:
            self.bad("fsf:castlingThroughAttack", claim, "in %s (%s attacked), the castling move to the King's side is %s" % (
                attacked, sq(crossed, kr), got or "not legal"))

    def probe_castling_rights(self, g):
        """`fsf:castlingRights=-` (castling on, no right in the start
        FEN: Legan): pyffish's start FEN has no castling right, and
        neither has any position of a random game from it."""
        key, want = "fsf:castlingRights", g["fsf:castlingRights"]
        for moves, fen in [([], sf.start_fen(self.v))] + self.game_line()[:40]:
            # (a FEN may leave the field out: Rookmate's `w 7+7 0 1`)
            fields = fen.split()
            got = fields[2] if len(fields) > 2 and re.fullmatch(r"[A-Za-z]+", fields[2]) else "-"
            if got != want:
                self.bad(key, want, "after %s the castling field is %s" % (" ".join(moves) or "no move", got))
                return
        self.ok(key)
