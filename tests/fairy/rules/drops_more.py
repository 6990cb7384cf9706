"""Drops that must be made or must close lines: `mustDrop` (and
`mustDropType`), `enclosingDrop` and `enclosingDropStart` (Position::
drop_region's filters), `flipEnclosedPieces` (Position::do_move)."""

import pyffish as sf

from .fen import DROP, Fen, MOVE, parse_sq, sq, white


EIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
FOUR = ((1, 0), (-1, 0), (0, 1), (0, -1))
ENCLOSING = ("reversi", "ataxx", "snort", "top", "anyside")


def is_drop(m):
    return bool(DROP.match(m))


def in_hand(fen, legal=()):
    """The letters in the side to move's hand (its case): its pocket's,
    and those of its legal drops among LEGAL (a game whose FEN writes no
    pocket: Ataxx, Snort)."""
    b = Fen(fen)
    stm_white = b.side() == "w"
    out = [c for c in (b.pocket or "") if c.isalpha() and c.isupper() == stm_white]
    for m in legal:
        mm = DROP.match(m)
        if mm and mm.group(1)[-1].isalpha():
            c = mm.group(1)[-1]
            c = c.upper() if stm_white else c.lower()
            if c not in out and not mm.group(1).startswith("+"):
                out.append(c)
    return out


class DropMoreProbes:
    def probe_must_drop(self, g):
        """mustDrop=true: in the positions of a random game where the side
        to move has a piece in hand (of mustDropType, where claimed) and a
        legal drop, it has no other legal move (no board move, and no drop
        of another type); the same position with that hand emptied has a
        board move (the rule observable). Under false, such a position
        with both drops and board moves is found."""
        keys = ("mustDrop", "mustDropType")
        want = g["mustDrop"]
        must = g.get("mustDropType", self.claims.get("mustDropType", "*"))
        tried, shown, free = 0, False, False
        for moves, fen in self.game_line() + self.with_hand(must):
            hand = in_hand(fen)
            if must not in ("*", "-", None):
                hand = [c for c in hand if c.lower() == must]
            if not hand:
                continue
            legal = self.legal(fen)
            drops = [m for m in legal if is_drop(m)]
            if not drops:
                if want != "true":
                    continue
                # (the page: where no drop is legal, they move: the board
                # moves are those of the same position with no hand)
                board_moves = self.board_moves_without_hand(fen, must)
                moved = sorted(m for m in legal if not is_drop(m))
                if board_moves and moved != sorted(board_moves):
                    self.bad_rest(g, keys, "in %s (%s in hand, no legal drop) the board moves are %s, not %s" % (
                        fen, "".join(hand), " ".join(moved) or "none", " ".join(sorted(board_moves))))
                    return
                continue
            others = [m for m in legal if not is_drop(m) or (must not in ("*", "-", None) and DROP.match(m).group(1).lower() != must)]
            board_moves = self.board_moves_without_hand(fen, must)
            tried += 1
            free = free or bool(others)
            if want == "true" and others:
                self.bad_rest(g, keys, "in %s (%s in hand) %s is legal besides the drops" % (fen, "".join(hand), others[0]))
                return
            if board_moves:
                shown = True
            if tried >= 6 and shown and (free or want == "true"):
                break
        if not tried:
            self.skip_rest(g, keys, "no position of a random game with a piece in hand and a legal drop")
            return
        if not shown:
            self.skip_rest(g, keys, "no position where the side to move, without its hand, has a board move")
            return
        if want == "false" and not free:
            self.bad_rest(g, keys, "in %d positions with a piece in hand and a legal drop, no other move is legal" % tried)
            return
        self.ok_rest(g, keys)

    def board_moves_without_hand(self, fen, must):
        """The legal board moves of FEN with the side to move's pieces in
        hand (of type MUST, where one is claimed) taken away; none where
        that position is not valid."""
        b = Fen(fen)
        stm_white = b.side() == "w"
        b.pocket = "".join(c for c in b.pocket if not (c.isalpha() and c.isupper() == stm_white and (must in ("*", "-", None) or c.lower() == must)))
        emptied = b.text()
        return [m for m in self.legal(emptied) if not is_drop(m)] if self.valid(emptied) else []

    def with_hand(self, must):
        """The first positions of the random game (a pocket written) with
        a piece put in the side to move's hand: the must-drop type, else
        each non-royal letter of the game (Koedem's hand is filled only by
        the partner's board)."""
        out = []
        letters = [must] if must not in ("*", "-", None) else [l for l in self.kinds(cased=False, promoted=False) if l not in self.royal]
        for moves, fen in self.game_line()[:6]:
            b = Fen(fen)
            if b.pocket is None:
                continue
            for l in letters:
                c = Fen(fen)
                c.pocket += l.upper() if c.side() == "w" else l
                if self.valid(c.text()):
                    out.append((None, c.text()))
        return out

    # -- enclosing drops
    def enclosing_squares(self, fen, rule):
        """The empty squares the side to move may drop on under RULE
        (from Fairy-Stockfish's parser's words: reversi, a line of the
        other side's pieces closed by one's own; ataxx, next to one's own;
        snort, not beside, above or below the other side's; top, the
        lowest empty square of a file; anyside, slid in from an edge)."""
        b = Fen(fen)
        w, h = b.width, b.height
        me = b.side() == "w"

        def at(x, y):
            return b.get((x, y)) if 0 <= x < w and 0 <= y < h else "off"

        def mine(t):
            return t not in (None, "*", "off") and white(t) == me

        def theirs(t):
            return t not in (None, "*", "off") and white(t) != me

        out = set()
        for x in range(w):
            for y in range(h):
                if at(x, y) is not None:
                    continue
                if rule == "reversi":
                    ok = False
                    for dx, dy in EIGHT:
                        n, cx, cy = 0, x + dx, y + dy
                        while theirs(at(cx, cy)):
                            n, cx, cy = n + 1, cx + dx, cy + dy
                        if n and mine(at(cx, cy)):
                            ok = True
                    if ok:
                        out.add(sq(x, y))
                elif rule == "ataxx":
                    if any(mine(at(x + dx, y + dy)) for dx, dy in EIGHT):
                        out.add(sq(x, y))
                elif rule == "snort":
                    if not any(theirs(at(x + dx, y + dy)) for dx, dy in FOUR):
                        out.add(sq(x, y))
                elif rule == "top":
                    if y == 0 or at(x, y - 1) is not None:
                        out.add(sq(x, y))
        if rule == "anyside":
            # each rank and file, as the page says: where its end on the
            # a-file (1st rank) is empty, the last empty square before the
            # first piece from there (or the far end); where its other end
            # is empty, its first empty square counted from the a-file
            # (1st rank)
            lines = [[(x, y) for x in range(w)] for y in range(h)] + [[(x, y) for y in range(h)] for x in range(w)]
            for cells in lines:
                if at(*cells[0]) is None:
                    i = 0
                    while i + 1 < len(cells) and at(*cells[i + 1]) is None:
                        i += 1
                    out.add(sq(*cells[i]))
                if at(*cells[-1]) is None:
                    out.add(sq(*next(c for c in cells if at(*c) is None)))
        return out

    def probe_enclosing(self, g):
        """enclosingDrop: in the positions of a random game, the squares
        each piece in hand may be dropped on are the claimed rule's (within
        the drop region claimed); enclosingDropStart: while one of its
        squares is empty, drops go to them alone. The claimed squares differ
        somewhere from every other rule's (else not probed)."""
        keys = ("enclosingDrop", "enclosingDropStart")
        rule = g.get("enclosingDrop", self.claims.get("enclosingDrop"))
        if rule not in ENCLOSING:
            self.skip_rest(g, keys, "enclosingDrop=%s: no such rule to probe" % rule)
            return
        start = set(self.claims.get("enclosingDropStart", "").split()) - {"-"}
        tried, differs, start_seen = 0, set(), False
        for moves, fen in self.game_line():
            if tried >= 8:
                break
            legal = self.legal(fen)
            hand = sorted(set(in_hand(fen, legal)))
            if not hand:
                continue
            b = Fen(fen)
            region_key = "dropRegionWhite" if b.side() == "w" else "dropRegionBlack"
            region = set(self.claims[region_key].split()) if region_key in self.claims else None
            empty_start = {s for s in start if b.get(s) is None}
            if empty_start:
                want = empty_start
                start_seen = True
            else:
                want = self.enclosing_squares(fen, rule)
            if region is not None:
                want &= region
            for c in hand:
                got = {DROP.match(m).group(2) + DROP.match(m).group(3) for m in legal
                       if DROP.match(m) and DROP.match(m).group(1).upper() == c.upper()}
                tried += 1
                if got != want:
                    self.bad_rest(g, keys, "in %s, %s drops on %s, not (%s) %s" % (
                        fen, c, " ".join(sorted(got)) or "none", "the start squares" if empty_start else rule,
                        " ".join(sorted(want)) or "none"))
                    return
            if not empty_start:
                for other in ENCLOSING:
                    o = self.enclosing_squares(fen, other)
                    if region is not None:
                        o &= region
                    if o != want:
                        differs.add(other)
                empties = {s for s in b.squares() if b.get(s) is None}
                if region is not None:
                    empties &= region
                if empties != want:
                    differs.add("none")
        if not tried:
            self.skip_rest(g, keys, "no position of a random game with a piece in hand")
            return
        if "enclosingDropStart" in g and not start_seen:
            self.skip("enclosingDropStart", "no position of a random game before the start squares are filled")
            g = {k: v for k, v in g.items() if k != "enclosingDropStart"}
        missing = (set(ENCLOSING) | {"none"}) - differs - {rule}
        if "enclosingDrop" in g and missing:
            self.skip("enclosingDrop", "the squares seen are those of %s too" % " ".join(sorted(missing)))
            g = {k: v for k, v in g.items() if k != "enclosingDrop"}
        self.ok_rest(g, keys)

    # -- flipping
    def flipped(self, fen, m, rule):
        """The squares whose pieces RULE turns after move M in FEN."""
        b = Fen(fen)
        mm = DROP.match(m)
        if mm:
            to = mm.group(2) + mm.group(3)
        else:
            mv = MOVE.match(m)
            to = mv.group(3) + mv.group(4)
            if rule == "reversi":
                return set()
        me = b.side() == "w"
        x, y = parse_sq(to)
        w, h = b.width, b.height

        def at(cx, cy):
            return b.get((cx, cy)) if 0 <= cx < w and 0 <= cy < h else "off"

        def theirs(t):
            return t not in (None, "*", "off") and white(t) != me

        def mine(t):
            return t not in (None, "*", "off") and white(t) == me

        out = set()
        # (quadwrangle: a drop flips only beside a piece of the mover's)
        if rule == "quadwrangle" and mm and not any(mine(at(x + dx, y + dy)) for dx, dy in EIGHT):
            return out
        for dx, dy in EIGHT:
            if rule in ("ataxx", "quadwrangle"):
                if theirs(at(x + dx, y + dy)):
                    out.add(sq(x + dx, y + dy))
                continue
            line, cx, cy = [], x + dx, y + dy
            while theirs(at(cx, cy)):
                line.append(sq(cx, cy))
                cx, cy = cx + dx, cy + dy
            if line and mine(at(cx, cy)):
                out |= set(line)
        return out

    def probe_flip(self, g):
        """flipEnclosedPieces: after each move of the first plies of a
        random game (up to 30 moves tried, from the positions met), the
        other side's pieces that changed sides are the claimed rule's
        (reversi: the lines a drop closes; ataxx: every one around the
        square the move ends on; quadwrangle: as ataxx, but after a drop
        only beside a piece of the mover's), and some move turns pieces
        another rule would not."""
        rule = g["flipEnclosedPieces"]
        if rule not in ("reversi", "ataxx", "quadwrangle"):
            self.skip("flipEnclosedPieces", "flipEnclosedPieces=%s: no rule to probe" % rule)
            return
        others = [r for r in ("reversi", "ataxx", "quadwrangle") if r != rule]
        tried, differs = 0, False
        kinds = self.kinds(pocket=True)
        holed = [(None, b.text(side="wb"[i % 2])) for i, b, _, _ in
                 self.full_boards_drawn("/flip", kinds, 8, holes=lambda i: 1 + i % 3)] if kinds else []
        for moves, fen in self.game_line() + holed:
            if tried >= 200 or (tried >= 30 and differs):
                break
            if not self.valid(fen):
                continue
            b = Fen(fen)
            me = b.side() == "w"
            legal = self.legal(fen)
            # (the first moves, and drops from all over the board: a
            # quadwrangle drop far from the mover's pieces)
            for m in legal[:12] + [x for x in legal[12:] if DROP.match(x)][::7][:12]:
                mm = MOVE.match(m)
                if mm and mm.group(1, 2) == mm.group(3, 4):
                    continue  # a pass
                after = Fen(sf.get_fen(self.v, fen, [m]))
                got = {s for s, t in b.pieces() if t != "*" and white(t) != me
                       and after.get(s) not in (None, "*") and white(after.get(s)) == me}
                want = self.flipped(fen, m, rule)
                # (a capture's square is no flip)
                mv = MOVE.match(m)
                if mv:
                    got.discard(mv.group(3) + mv.group(4))
                    want.discard(mv.group(3) + mv.group(4))
                tried += 1
                if got != want:
                    self.bad("flipEnclosedPieces", rule, "in %s, %s turns %s, not (%s) %s" % (
                        fen, m, " ".join(sorted(got)) or "none", rule, " ".join(sorted(want)) or "none"))
                    return
                for other in others:
                    o = self.flipped(fen, m, other)
                    if mv:
                        o.discard(mv.group(3) + mv.group(4))
                    if o != want:
                        differs = True
        if not tried:
            self.skip("flipEnclosedPieces", "no move in a random game")
        elif not differs:
            self.skip("flipEnclosedPieces", "the moves tried turn the same pieces under every rule")
        else:
            self.ok("flipEnclosedPieces")

    # -- promoted forms
    def probe_drop_promoted(self, g):
        """dropPromoted=true: in the first positions of the random game
        with each non-royal letter put in the side to move's hand, some
        letter may be dropped in its promoted form (`+P@a3`) as well as
        its own; false: no drop in a promoted form."""
        want = g["dropPromoted"]
        tried, promoted = 0, []
        for moves, fen in self.game_line()[:6] + self.with_hand(None):
            drops = [m for m in self.legal(fen) if is_drop(m)]
            if not drops:
                continue
            tried += 1
            promoted += [m for m in drops if m.startswith("+")]
        if not tried:
            self.skip("dropPromoted", "no position with a legal drop")
        elif want == "true" and not promoted:
            self.bad("dropPromoted", want, "no drop in a promoted form in %d positions with drops" % tried)
        elif want == "false" and promoted:
            self.bad("dropPromoted", want, "%s is legal" % promoted[0])
        else:
            self.ok("dropPromoted")

    def probe_demotion(self, g):
        """pieceDemotion=true: in the positions of the random game, some
        legal move of a promoted piece (`+x`) leaves it unpromoted where
        it lands (a `-` move: Kyoto shogi's every move, Micro shogi's
        captures); false: none does."""
        want = g["pieceDemotion"]
        seen, demoted = 0, None
        for moves, fen in self.game_line():
            b = Fen(fen)
            me = b.side() == "w"
            for m in self.legal(fen):
                mm = MOVE.match(m)
                if not mm:
                    continue
                tok = b.get(mm.group(1) + mm.group(2))
                if not tok or not tok.startswith("+") or white(tok) != me:
                    continue
                seen += 1
                after = Fen(sf.get_fen(self.v, fen, [m])).get(mm.group(3) + mm.group(4))
                if after and not after.startswith("+"):
                    demoted = (fen, m)
                    break
            if demoted or seen > 200:
                break
        if not seen:
            self.skip("pieceDemotion", "no move of a promoted piece in a random game")
        elif want == "true" and not demoted:
            self.bad("pieceDemotion", want, "no move of a promoted piece (%d tried) leaves it unpromoted" % seen)
        elif want == "false" and demoted:
            self.bad("pieceDemotion", want, "in %s, %s leaves the piece unpromoted" % demoted)
        else:
            self.ok("pieceDemotion")

    def probe_free_drops(self, g):
        """`fsf:freeDrops` (variant.cpp's `freeDrops`, Ataxx's): `true`,
        the start position as pyffish writes it keeps no hand, yet the side
        to move may drop, and after each side has dropped four times, the
        same type still; `false`, the start position with every hand
        emptied has no drop (a drop spends a piece in hand)."""
        want = g["fsf:freeDrops"]
        start = Fen(self.start)
        if want == "true":
            if start.pocket is not None:
                self.bad("fsf:freeDrops", want, "pyffish writes a hand in the start FEN (%s)" % self.start)
                return
            fen, moves = self.start, []
            for _ in range(8):
                drops = [m for m in self.legal(fen, moves) if is_drop(m)]
                if not drops:
                    self.bad("fsf:freeDrops", want, "after %s from %s the side to move has no drop" % (" ".join(moves) or "no move", fen))
                    return
                if len(moves) >= 2:
                    # the type this side dropped last is not spent
                    last = DROP.match(moves[-2]).group(1).lower()
                    if not any(DROP.match(m).group(1).lower() == last for m in drops):
                        self.bad("fsf:freeDrops", want, "after %s from %s, %s is no longer dropped" % (" ".join(moves), fen, last))
                        return
                moves.append(drops[len(drops) // 2])
            self.ok("fsf:freeDrops")
            return
        if start.pocket is None:
            drops = [m for m in self.legal(self.start) if is_drop(m)]
            if drops:
                self.bad("fsf:freeDrops", want, "pyffish writes no hand in the start FEN (%s), yet the side to move drops: %s" % (
                    self.start, " ".join(drops[:4])))
            else:
                self.skip("fsf:freeDrops", "the start FEN has no pocket to empty")
            return
        start.pocket = ""
        fen = start.text()
        if not self.valid(fen):
            self.skip("fsf:freeDrops", "the start position with its hands emptied is no valid FEN")
            return
        drops = [m for m in self.legal(fen) if is_drop(m)]
        if drops:
            self.bad("fsf:freeDrops", want, "with every hand emptied (%s) the side to move still drops: %s" % (fen, " ".join(drops[:4])))
        else:
            self.ok("fsf:freeDrops")
