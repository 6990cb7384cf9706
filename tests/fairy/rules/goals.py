"""Games won by reaching a goal: N in a row, a flag piece on its region; and
the flying general."""


import pyffish as sf

from .fen import Fen, MOVE, letter, outcome, parse_sq, sq, white


class GoalProbes:
    # -- connect N in a line
    def line_position(self, n, d, tok):
        """The start position with Black's pieces, White's only where the
        game cannot go on without them (`kept_letters`) and not of TOK's
        type, its hand kept, and N tokens TOK in a line in direction D on empty
        squares whose two ends are empty or off the board, Black to
        move; None where there is no room."""
        base = Fen(self.start)
        kept = self.kept_letters()
        for x_, t in base.pieces():
            if white(t) and (letter(t) not in kept or letter(t) == letter(tok)):
                base.set(x_, None)
        base.no_castling()
        w, h = base.width, base.height
        empty = lambda x, y: not (0 <= x < w and 0 <= y < h) or base.get((x, y)) is None
        for y in range(h):
            for x in range(w):
                cells = [(x + d[0] * i, y + d[1] * i) for i in range(n)]
                if not all(0 <= cx < w and 0 <= cy < h and base.get((cx, cy)) is None for cx, cy in cells):
                    continue
                if not empty(x - d[0], y - d[1]) or not empty(x + d[0] * n, y + d[1] * n):
                    continue
                b = Fen(base.text())
                for c in cells:
                    b.set(c, tok)
                return b.text(side="b")
        return None

    def probe_connect(self, g):
        """`connectN`, `connectValue`, `connectHorizontal/Vertical/Diagonal`:
        N White pieces in a line of each direction (Black's pieces, the
        White ones the game cannot go on without and the hand kept, Black
        to move) end the game as claimed for White
        where the direction is claimed, and not otherwise; N-1 do not."""
        keys = ("connectN", "connectValue", "connectHorizontal", "connectVertical", "connectDiagonal")
        n = int(g["connectN"])
        value = g.get("connectValue", "win")
        start = Fen(self.start)
        kept = self.kept_letters()
        whites = sorted({t for _, t in start.pieces() if white(t) and letter(t) not in kept})
        whites += sorted({c for c in (start.pocket or "") if c.isupper() and c.lower() not in kept})
        if not whites:
            # every type kept (All-queens chess): a line of one of them
            whites = sorted({t for _, t in start.pieces() if white(t) and letter(t) not in self.royal})
        if not whites:
            self.skip_rest(g, keys, "White has no piece but its royal ones")
            return
        tok = whites[0]
        dirs = (("connectHorizontal", (1, 0)), ("connectVertical", (0, 1)),
                ("connectDiagonal", (1, 1)), ("connectDiagonal", (1, -1)))
        tried = 0
        for key, d in dirs:
            on = g.get(key, "true") == "true"
            for count, ends in ((n, on), (n - 1, False)):
                if count < 1:
                    continue
                fen = self.line_position(count, d, tok)
                if fen is None or not self.valid(fen):
                    continue
                tried += 1
                end, val = sf.is_immediate_game_end(self.v, fen, [])
                if not end:
                    end, val = sf.is_optional_game_end(self.v, fen, [])
                what = "%d White %s in a line %s (%s)" % (count, tok, d, fen)
                if end != ends:
                    k = key if count == n else "connectN"
                    self.bad(k, g.get(k, "?"), "%s %s the game" % (what, "ends" if end else "does not end"))
                    self.skip_rest(g, [x for x in keys if x != k], "its %s disagrees" % k)
                    return
                if end and outcome(-val) != value:
                    self.bad("connectValue", value, "%s ends the game as a %s for White" % (what, outcome(-val)))
                    self.skip_rest(g, [x for x in keys if x != "connectValue"], "its connectValue disagrees")
                    return
        if not tried:
            self.skip_rest(g, keys, "no room for a line of %d" % n)
            return
        for k in keys:
            if k in g:
                self.ok(k)

    # -- flag squares
    def probe_flag(self, g):
        """`flagRegionWhite/Black`, `flagPieceWhite`, `flagMove`: each
        side's flag piece (its royal piece where the claim names it) one
        move from the region, with the royal pieces: every move of it
        into the region ends the game as a loss for the other side
        (under `flagPieceSafe`, unless the other side attacks it there),
        every other move does not (`flagMove=false`). Black's flag piece
        is the one the sentence names for both, `flagPieceWhite`, unless
        `flagPieceBlack` is claimed."""
        keys = [k for k in ("flagRegionWhite", "flagPieceWhite", "flagMove", "flagPieceSafe") if k in g]
        if g.get("flagMove") == "true":
            self.skip_rest(g, keys + ["flagRegionBlack", "flagPieceBlack"],
                           "flagMove=true: whether the other side's reply may reach its flag too is not probed")
            return
        for side, rkey, pkey, keys in (("w", "flagRegionWhite", "flagPieceWhite", keys),
                                       ("b", "flagRegionBlack", "flagPieceBlack",
                                        [k for k in ("flagRegionBlack", "flagPieceBlack") if k in g])):
            if not keys:
                continue
            region = set(g.get(rkey, "").split()) - {"-"}
            piece = g.get(pkey, g.get("flagPieceWhite"))
            if not region or piece is None:
                self.skip_rest(g, keys, "no flag region or piece claimed for the side")
                continue
            bad, why = self.flag_side(side, region, piece, g.get("flagPieceSafe") == "true")
            if bad:
                self.bad(rkey, "(%d squares)" % len(region), bad)
                self.skip_rest(g, [k for k in keys if k != rkey], "its %s disagrees" % rkey)
            elif why:
                self.skip_rest(g, keys, why)
            else:
                for k in keys:
                    self.ok(k)

    def flag_side(self, side, region, piece, safe):
        """The probe of one side's flag: (a disagreement, None), (None,
        why not probed) or (None, None) when it agrees."""
        mover, other = ("White", "Black") if side == "w" else ("Black", "White")
        start = Fen(self.start)
        # the royal piece, or a piece the game cannot go on without
        # (Dobutsu's Lion): the side's one piece of it is moved, not a
        # second one added
        royal_piece = (piece in ("k", "*") and self.has_royal) or piece in self.royal or piece in self.kept_letters()
        if piece in ("k", "*") and self.has_royal:
            royals = [(x, t) for x, t in start.pieces() if letter(t) in self.royal]
        else:
            royals = [(x, t) for x, t in start.pieces() if letter(t) == piece]
        mine = [(x, t) for x, t in royals if white(t) == (side == "w")]
        if royal_piece and len(mine) != 1:
            return None, "not one %s piece of the flag's type among those the game cannot go on without" % mover
        w, h = start.width, start.height
        tried = positions = 0
        around = []
        for z in sorted(region, key=lambda x: parse_sq(x)[::-1]):
            zf, zr = parse_sq(z)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    at = (zf + dx, zr + dy)
                    if 0 <= at[0] < w and 0 <= at[1] < h and sq(*at) not in region and at not in around:
                        around.append(at)
        for at in around:
            if royal_piece:
                b = Fen(self.alone(Fen(self.start), []))
            else:
                # the pieces the game cannot go on without kept
                b = Fen(self.alone(Fen(self.start), []))
            if b.get(at) is not None:
                continue
            if royal_piece:
                tok = mine[0][1]
                b.set(mine[0][0], None)
            else:
                tok = piece.upper() if side == "w" else piece.lower()
            b.set(at, tok)
            fen = b.text(side=side)
            tried += 1
            if tried > 30:
                break
            if not self.valid(fen) or sf.gives_check(self.v, fen, []):
                continue
            end0, val0 = self.opt_end(fen, [], need_legal=False)
            if end0 and not royal_piece:
                continue  # over by another rule (a side with too few pieces)
            if end0:
                return "in %s, with %s's %s on %s (outside the region) the game is already over (%s for %s to move)" % (
                    fen, mover, tok, sq(*at), outcome(val0), mover), None
            moves = [m for m in self.legal(fen) if MOVE.match(m) and "".join(MOVE.match(m).group(1, 2)) == sq(*at)]
            if not any("".join(MOVE.match(m).group(3, 4)) in region for m in moves):
                continue
            # every move of the piece: into the region ends the game as the other's loss, out of it does not
            wrong = []
            for m in moves:
                to = "".join(MOVE.match(m).group(3, 4))
                end, val = self.opt_end(fen, [m], need_legal=False)
                if to in region and safe and self.attacked(fen, [m], {to}):
                    if end:
                        wrong.append("%s ends the game (a %s for %s) although the piece is attacked there" % (m, outcome(val), other))
                elif to in region and (not end or outcome(val) != "loss"):
                    wrong.append("%s %s" % (m, "does not end the game" if not end else "ends it as a %s for %s" % (outcome(val), other)))
                elif to not in region and end:
                    wrong.append("%s (outside the region) ends the game as a %s for %s" % (m, outcome(val), other))
            if wrong:
                return "in %s, %s's %s: %s" % (fen, mover, tok, "; ".join(wrong)), None
            positions += 1
            if positions >= 12:
                break
        if positions:
            return None, None
        return None, "no position with the flag piece one move from the region"

    # -- flying general
    def probe_flying_general(self, g):
        """`flyingGeneral`: the two royal pieces on their start squares
        (Black's moved onto White's file where it stands elsewhere) with
        one White piece between them on the file: the piece may leave
        the file (false) or never (true); tried with each White type that
        can leave the file from there when Black's royal piece stands
        one file over."""
        want = g["flyingGeneral"]
        start = Fen(self.start)
        royals = [(x, t) for x, t in start.pieces() if letter(t) in self.royal] if self.has_royal else []
        wr = [(x, t) for x, t in royals if white(t)]
        br = [(x, t) for x, t in royals if not white(t)]
        if len(wr) != 1 or len(br) != 1:
            self.skip("flyingGeneral", "not one royal piece a side in the start position")
            return
        wf, wy = parse_sq(wr[0][0])
        bf, by = parse_sq(br[0][0])
        letters = sorted({letter(t) for _, t in start.pieces() if letter(t) not in self.royal and not t.startswith("+")})
        for l in letters:
            for y in range(wy + 1, by):
                for facing in (False, True):
                    b = self.empty_board()
                    b.set((wf, wy), wr[0][1])
                    b.set((wf if facing else wf + (1 if wf + 1 < b.width else -1), by), br[0][1])
                    b.set((wf, y), l.upper())
                    fen = b.text(side="w")
                    if not self.valid(fen):
                        break
                    at = sq(wf, y)
                    off = [to for to, _ in self.piece_moves(fen, at) if parse_sq(to)[0] != wf]
                    if not facing:
                        if not off:
                            break
                        continue
                    if bool(off) == (want == "true"):
                        self.bad("flyingGeneral", want, "in %s the %s on %s %s" % (fen, l.upper(), at, "may leave the file (to %s)" % off[0] if off else "may not leave the file"))
                    else:
                        self.ok("flyingGeneral")
                    return
        self.skip("flyingGeneral", "no White piece between the royal pieces that could leave the file")
