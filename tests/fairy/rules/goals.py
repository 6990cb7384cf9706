"""Games won by reaching a goal: N in a row, a flag piece on its region; and
the flying general."""


import pyffish as sf

from .fen import Fen, MOVE, letter, outcome, parse_sq, sq, white
from .flag_moves import next_to


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

    # -- squares, collinear pieces, chains between regions
    def shape_end(self, side, cells, tok):
        """Whether SIDE's ('w' or 'b') pieces TOK on CELLS, with the royal
        pieces of the start and one piece of the other side's, the other
        side to move, end the game, and how for SIDE; None where no valid
        position."""
        start = Fen(self.start)
        b = Fen(self.start)
        for x, t in b.pieces():
            if letter(t) not in self.royal:
                b.set(x, None)
        if b.pocket:
            b.pocket = ""
        b.no_castling()
        if any(b.get(c) is not None for c in cells):
            return None
        for c in cells:
            b.set(c, tok.upper() if side == "w" else tok.lower())
        theirs = sorted({letter(t) for _, t in start.pieces() if white(t) != (side == "w") and letter(t) not in self.royal})
        spare = [(x, y) for y in range(b.height) for x in range(b.width) if b.get((x, y)) is None]
        if theirs and spare:
            # (away from the cells: the last empty square)
            b.set(spare[-1 if side == "w" else 0], theirs[0].lower() if side == "w" else theirs[0].upper())
        fen = b.text(side="b" if side == "w" else "w")
        if not self.valid(fen):
            return None
        end, val = sf.is_immediate_game_end(self.v, fen, [])
        return end, outcome(-val) if end else None, fen

    def probe_shapes(self, g):
        """`connectNxN`, `collinearN`, `connectRegion1/2White/Black`
        (with `connectValue`, `connectPieceTypes` and the directions):
        for each side, its pieces in the shape claimed (an N×N block; N
        on a rank, file or diagonal with a gap between each; a chain
        along a rank or a file from one region to the other) end the
        game as claimed for it, the shape one piece short does not."""
        value = g.get("connectValue", self.claims.get("connectValue", "win"))
        types = g.get("connectPieceTypes", self.claims.get("connectPieceTypes", "*"))
        start = Fen(self.start)
        w, h = start.width, start.height
        mine = lambda side: sorted({letter(t) for _, t in start.pieces() if white(t) == (side == "w")
                                    and letter(t) not in self.royal and (types in ("*", "-") or letter(t) in types)}
                                   | {c.lower() for c in (start.pocket or "") if c.isalpha() and c.isupper() == (side == "w")
                                      and (types in ("*", "-") or c.lower() in types)})
        shapes = []  # (key, side, cells, short cells)
        n = int(g.get("connectNxN", "0"))
        if n > 1:
            block = [(x, y) for x in range(n) for y in range(1, n + 1)]
            for side in ("w", "b"):
                shapes.append(("connectNxN", side, block, block[1:]))
        k = int(g.get("collinearN", "0"))
        if k > 1:
            for key, d in (("connectHorizontal", (2, 0)), ("connectVertical", (0, 2)), ("connectDiagonal", (2, 2))):
                if g.get(key, "true") != "true":
                    continue
                cells = [(d[0] * i, d[1] * i) for i in range(k)]
                if all(x < w and y < h for x, y in cells):
                    for side in ("w", "b"):
                        shapes.append(("collinearN", side, cells, cells[:-1]))
        for side, colour in (("w", "White"), ("b", "Black")):
            r1 = set(g.get("connectRegion1" + colour, "").split()) - {"-"}
            r2 = set(g.get("connectRegion2" + colour, "").split()) - {"-"}
            if not r1 or not r2:
                continue
            # a straight chain along a rank or a file from a square of r1
            # to one of r2
            lines = [[(x, y) for x in range(w)] for y in range(h)] + [[(x, y) for y in range(h)] for x in range(w)]
            for line in lines:
                names = [sq(*c) for c in line]
                a = [i for i, s_ in enumerate(names) if s_ in r1]
                z = [i for i, s_ in enumerate(names) if s_ in r2]
                if a and z and a[0] != z[-1]:
                    i, j = sorted((a[0], z[-1]))
                    chain = line[i:j + 1]
                    mid = len(chain) // 2
                    shapes.append(("connectRegion1" + colour, side, chain, chain[:mid] + chain[mid + 1:]))
                    break
        done = set()
        for key, side, cells, short in shapes:
            toks = mine(side)
            if not toks:
                continue
            full = self.shape_end(side, cells, toks[0])
            less = self.shape_end(side, short, toks[0])
            if full is None or less is None:
                continue
            who = "White" if side == "w" else "Black"
            rest = [x for x in g if x != key and x.startswith(("connectNxN", "collinearN", "connectRegion", "connectValue",
                                                               "connectPieceTypes", "connectHorizontal",
                                                               "connectVertical", "connectDiagonal"))
                    and not ("connectN" in g and x in ("connectValue", "connectHorizontal", "connectVertical",
                                                        "connectDiagonal"))]
            if (not full[0] or full[1] != value) or less[0]:
                self.skip_rest(g, rest, "its %s disagrees" % key)
            if not full[0] or full[1] != value:
                self.bad(key, g[key], "%s's %s on %s: %s (%s)" % (
                    who, toks[0], " ".join(sq(*c) for c in cells),
                    "the game goes on" if not full[0] else "a %s for %s" % (full[1], who), full[2]))
                return
            if less[0]:
                self.bad(key, g[key], "%s's %s on %s, one short of the shape, end the game (%s)" % (
                    who, toks[0], " ".join(sq(*c) for c in short), less[2]))
                return
            done.add(key)
        shape_keys = [k for k in g if k.startswith(("connectNxN", "collinearN", "connectRegion"))]
        for key in shape_keys:
            if key in done or (key.startswith("connectRegion2") and key.replace("2", "1", 1) in done):
                self.ok(key)
            else:
                self.skip(key, "no position with the shape built")
        if done:
            self.ok_rest(g, [k for k in ("connectValue", "connectPieceTypes", "connectHorizontal", "connectVertical",
                                         "connectDiagonal") if "connectN" not in g])
        else:
            self.skip_rest(g, [k for k in ("connectValue", "connectPieceTypes", "connectHorizontal",
                                           "connectVertical", "connectDiagonal") if "connectN" not in g],
                           "no position with the shape built")

    # -- flag squares
    @staticmethod
    def flag_sides(g, keys):
        """Each side a flag claim speaks of: (side, its region key, its
        piece key, the claims it answers): White's KEYS, Black's own
        region and piece claims where the element makes them."""
        black = [k for k in ("flagRegionBlack", "flagPieceBlack") if k in g]
        for side, rkey, pkey, side_keys in (("w", "flagRegionWhite", "flagPieceWhite", keys),
                                            ("b", "flagRegionBlack", "flagPieceBlack", black)):
            if side_keys:
                yield side, rkey, pkey, side_keys

    def probe_flag(self, g):
        """`flagRegionWhite/Black`, `flagPieceWhite`, `flagMove`: each
        side's flag piece (its royal piece where the claim names it) one
        move from the region, with the royal pieces: every move of it
        into the region ends the game as a loss for the other side
        (under `flagPieceSafe`, unless the other side attacks it there),
        every other move does not (`flagMove=false`). Black's flag piece
        is the one the sentence names for both, `flagPieceWhite`, unless
        `flagPieceBlack` is claimed. The race of the royal Kings where
        the page claims `flagMove` (`flag_race`), and `flagMove=true` for
        other flag pieces (`probe_flag_reply`): rules/flag_moves.py."""
        keys = [k for k in ("flagRegionWhite", "flagPieceWhite", "flagMove", "flagPieceSafe", "flagPieceCount",
                            "flagPieceBlockedWin") if k in g]
        # (The rules item's flagMove and count, where the game's one-line
        # description claims the flag alone.)
        rule = lambda k, d: g.get(k, self.claims.get(k, d))
        count = int(rule("flagPieceCount", "1"))
        king_race = rule("flagPieceBlack", rule("flagPieceWhite", "")) == "k" and self.has_royal
        piece = rule("flagPieceWhite", "*")
        if rule("flagPieceSafe", "false") != "true" and not king_race and piece != "*" and piece not in self.royal:
            return self.probe_flag_many(g, count)
        extra = rule("flagMove", "false") == "true"
        raced = False  # the race of the Kings played and agreeing
        if king_race and "flagMove" in self.claims:
            # (the race of the Kings: rules/flag_moves.py; with
            # flagMove=false the probe of each side below too)
            every = keys + [k for k in ("flagRegionBlack", "flagPieceBlack") if k in g]
            bad, why = self.flag_race(set(rule("flagRegionWhite", "").split()) - {"-"},
                                      set(rule("flagRegionBlack", "").split()) - {"-"}, extra)
            if bad:
                key = next(k for k in ("flagMove", "flagRegionWhite", "flagRegionBlack") if k in g)
                self.bad(key, g[key], bad)
                self.skip_rest(g, [k for k in every if k != key], "its %s disagrees" % key)
                return
            if extra:
                if why:
                    self.skip_rest(g, every, why)
                else:
                    self.ok_rest(g, every)
                return
            raced = not why
        elif extra or (piece == "*" and not self.has_royal):
            return self.probe_flag_reply(g, keys)
        for side, rkey, pkey, keys in self.flag_sides(g, keys):
            region = set(g.get(rkey, "").split()) - {"-"}
            piece = g.get(pkey, g.get("flagPieceWhite"))
            if not region or piece is None:
                self.skip_rest(g, keys, "no flag region or piece claimed for the side")
                continue
            bad, why = self.flag_side(side, region, piece, g.get("flagPieceSafe") == "true")
            if bad:
                self.bad(rkey, "(%d squares)" % len(region), bad)
                self.skip_rest(g, [k for k in keys if k != rkey], "its %s disagrees" % rkey)
            elif why and not raced:
                self.skip_rest(g, keys, why)
            else:
                # (where no position was built for the side alone, the
                # race of the Kings checked its arrival: Empire's Kings
                # may not face each other along the goal rank)
                for k in keys:
                    self.ok(k)

    def probe_flag_many(self, g, count):
        """`flagPieceCount`, `flagPieceBlockedWin` and `flagMove` for a
        flag piece that is not the royal piece, per side: a board with
        only the royal pieces, one flag piece of the other side away from
        both goals, and the side's flag pieces: COUNT - 1 on the goal and
        one moving in. The move must end the game as the other side's
        loss, at once or (`flagMove=true`) after any reply that leaves
        the goal alone; with one piece fewer on the goal it must not (nor
        where the goal has fewer than COUNT squares). Under
        `flagPieceBlockedWin` one piece moving into a goal whose other
        squares hold the other side's pieces wins, and does not with one
        of them empty."""
        extra = g.get("flagMove", self.claims.get("flagMove")) == "true"
        blocked = g.get("flagPieceBlockedWin", self.claims.get("flagPieceBlockedWin")) == "true"
        keys = [k for k in ("flagRegionWhite", "flagPieceWhite", "flagMove", "flagPieceCount",
                            "flagPieceBlockedWin") if k in g]
        for side, rkey, pkey, side_keys in self.flag_sides(g, keys):
            region = sorted(set(g.get(rkey, "").split()) - {"-"}, key=lambda x: parse_sq(x)[::-1])
            other_region = set(g.get("flagRegionBlack" if side == "w" else "flagRegionWhite", "").split())
            piece = g.get(pkey, g.get("flagPieceWhite"))
            if not region or piece in (None, "*"):
                self.skip_rest(g, side_keys, "no flag region or single flag piece claimed for the side")
                continue
            bad = self.flag_many_side(side, region, other_region, piece, count, extra, blocked)
            if bad is None:
                self.skip_rest(g, side_keys, "no position with a flag piece one move from the goal")
            elif bad:
                self.bad(rkey, "(%d squares)" % len(region), bad)
                self.skip_rest(g, [k for k in side_keys if k != rkey], "its %s disagrees" % rkey)
            else:
                for k in side_keys:
                    self.ok(k)

    def flag_many_side(self, side, region, other_region, piece, count, extra, blocked):
        """One side of `probe_flag_many`: a disagreement, "" when it
        agrees, None when no position was built."""
        mine = piece.upper() if side == "w" else piece.lower()
        theirs = piece.lower() if side == "w" else piece.upper()
        base = Fen(self.start)
        for x, t in base.pieces():
            if letter(t) not in self.royal:
                base.set(x, None)
        base.no_castling()
        w, h = base.width, base.height
        free = [sq(x, y) for y in range(h) for x in range(w) if base.get((x, y)) is None]
        # the other side's piece: far from both goals
        away = [s for s in free if s not in region and s not in other_region]
        if not away:
            return None
        far = max(away, key=lambda s: min(abs(parse_sq(s)[0] - parse_sq(z)[0]) + abs(parse_sq(s)[1] - parse_sq(z)[1])
                                          for z in region))

        def board(placed):
            b = Fen(base.text())
            b.set(parse_sq(far), theirs)
            for s, t in placed:
                b.set(parse_sq(s), t)
            return b.text(side=side)

        reachable = len(region) >= count
        for to in region:
            for at in free:
                if at in region or at == far:
                    continue
                on_goal = [z for z in region if z != to][:count - 1] if reachable else [z for z in region if z != to]
                fen = board([(z, mine) for z in on_goal] + [(at, mine)])
                if not self.valid(fen) or self.opt_end(fen, [], need_legal=False)[0]:
                    continue
                m = next((u for d, u in self.piece_moves(fen, at) if d == to), None)
                if m is None:
                    continue
                won, how = self.flag_won(fen, m, extra, set(region))
                if how is None:
                    continue
                if won != reachable:
                    return "in %s, %s with %d more of %s's pieces on the goal: %s" % (
                        fen, m, len(on_goal), "White" if side == "w" else "Black", how)
                if count > 1 and reachable:
                    fewer = board([(z, mine) for z in on_goal[1:]] + [(at, mine)])
                    won2, how2 = self.flag_won(fewer, m, extra, set(region))
                    if how2 is not None and won2:
                        return "in %s, %s with %d pieces on the goal: %s" % (fewer, m, count - 1, how2)
                if blocked and count > 1:
                    rest = [z for z in region if z != to]
                    full = board([(z, theirs) for z in rest] + [(at, mine)])
                    if self.valid(full) and not self.opt_end(full, [], need_legal=False)[0]:
                        won3, how3 = self.flag_won(full, m, extra, set(region))
                        if how3 is not None and not won3:
                            return "in %s, %s into a goal otherwise full: %s" % (full, m, how3)
                        gap = board([(z, theirs) for z in rest[1:]] + [(at, mine)])
                        won4, how4 = self.flag_won(gap, m, extra, set(region))
                        if how4 is not None and won4:
                            return "in %s, %s into a goal with one square empty: %s" % (gap, m, how4)
                return ""
        return None

    def flag_won(self, fen, m, extra, region):
        """Whether M (into the goal) wins the game for its player: at once,
        or with `extra` after a reply of the other side that leaves the goal
        alone; with the words saying what happened (None: no reply to
        play)."""
        end, val = self.opt_end(fen, [m], need_legal=False)
        if not extra:
            if end:
                return outcome(val) == "loss", "the game ends (a %s for the other side)" % outcome(val)
            return False, "the game goes on"
        if end:
            return False, "the game ends at once (a %s for the other side), before its extra move" % outcome(val)
        for r in self.legal(fen, [m]):
            mr = MOVE.match(r)
            if mr and "".join(mr.group(3, 4)) not in region:
                end2, val2 = self.opt_end(fen, [m, r], need_legal=False)
                if end2:
                    return outcome(val2) == "win", "after the reply %s the game ends (a %s for the mover)" % (
                        r, outcome(val2))
                return False, "after the reply %s the game goes on" % r
        return False, None

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
        for at in next_to(region, w, h):
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
