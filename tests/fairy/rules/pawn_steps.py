"""The Pawn's double and triple steps and en passant."""

import random
import re

import pyffish as sf

from .fen import Fen, MOVE, letter, parse_sq, sq, white
from .overrides import to_square


# Random games played to find an en passant capture (chess finds one in
# about one game in seven; Horde in one of two).
EP_GAMES = 60


EP_PLIES = 30


EP_FORWARD = 0.6


EP_FURTHEST = 0.5


def straight_forward(uci, white_moves):
    """A move (no drop, no wall) along its file, forward for the side."""
    m = MOVE.match(uci)
    if not m or m.group(1) != m.group(3) or m.group(6):
        return False
    step = int(m.group(4)) - int(m.group(2))
    return step > 0 if white_moves else step < 0


def lands_beside_other(board, uci, white_moves):
    """A straight move of two or more squares that lands beside (same
    rank, next file) a piece of the other side."""
    m = MOVE.match(uci)
    if not m or abs(int(m.group(4)) - int(m.group(2))) < 2:
        return False
    f, r = parse_sq(m.group(3) + m.group(4))
    for g in (f - 1, f + 1):
        if 0 <= g < board.width and 0 <= r < board.height:
            tok = board.get((g, r))
            if tok not in (None, "*") and white(tok) != white_moves:
                return True
    return False


class PawnStepProbes:
    def en_passant_capture(self, rng, games, plies):
        """An en passant capture found by random play from the start: a
        position whose FEN names an en passant square, and a legal move
        onto that (empty) square that takes a piece of the other side.
        Returns (moves, the capture) or None."""
        for _ in range(games):
            moves = []
            for _ in range(plies):
                legal = self.legal(self.start, moves)
                if not legal:
                    break
                fen = sf.get_fen(self.v, self.start, moves)
                field = fen.split(" ")[3] if len(fen.split(" ")) > 3 else "-"
                m = re.match(r"^([a-z]\d+)", field)
                if m:
                    board = Fen(fen)
                    mover_white = fen.split(" ")[1] == "w"
                    theirs = lambda b: sum(1 for _, t in b.pieces() if white(t) != mover_white)
                    for uci in legal:
                        mm = MOVE.match(uci)
                        if not mm or mm.group(3) + mm.group(4) != m.group(1):
                            continue
                        after = Fen(sf.get_fen(self.v, self.start, moves + [uci]))
                        if theirs(after) < theirs(board):
                            return moves, uci
                # Mostly a straight step forward (a pawn's, most often),
                # so that pawns meet: chess finds a capture in one game
                # of seven by uniform play, large boards almost never.
                # Of those, a long step that lands beside a piece of the
                # other side (the position en passant needs) is taken
                # whenever there is one, else often the most advanced
                # piece's step, so that one pawn gets far up the board
                # (Chancellor's 9 ranks).
                mover_white = fen.split(" ")[1] == "w"
                forward = [u for u in legal if straight_forward(u, mover_white)]
                if forward and rng.random() < EP_FORWARD:
                    board = Fen(fen)
                    beside = [u for u in forward if lands_beside_other(board, u, mover_white)]
                    if beside:
                        moves.append(rng.choice(beside))
                    elif rng.random() < EP_FURTHEST:
                        ahead = lambda u: int(MOVE.match(u).group(2)) * (1 if mover_white else -1)
                        moves.append(max(forward, key=ahead))
                    else:
                        moves.append(rng.choice(forward))
                else:
                    moves.append(rng.choice(legal))
        return None

    def probe_en_passant(self, g):
        """`fsf:enPassant=true`: random play from the start finds an en
        passant capture; `false`: none in the whole budget. The regions
        (`enPassantRegionWhite/Black`): `en_passant_region`."""
        for key in ("enPassantRegionWhite", "enPassantRegionBlack"):
            if key in g:
                self.en_passant_region(g, key)
        if "fsf:enPassant" not in g:
            return
        claim = g["fsf:enPassant"]
        rng = random.Random(self.name)
        # (A game that starts by placing its pieces from hand, Placement,
        # plays them all first.)
        pocket = re.search(r"\[([^\]]*)\]", self.start.split(" ")[0])
        plies = EP_PLIES + (len(re.findall(r"[A-Za-z]", pocket.group(1))) if pocket else 0)
        found = self.en_passant_capture(rng, EP_GAMES, plies)
        if claim == "true":
            if found:
                self.ok("fsf:enPassant")
            else:
                self.bad("fsf:enPassant", claim, "no en passant capture in %d random games of %d plies" % (EP_GAMES, plies))
        elif found:
            self.bad("fsf:enPassant", claim, "pyffish plays %s then the en passant capture %s" % (" ".join(found[0]), found[1]))
        else:
            self.ok("fsf:enPassant")

    def en_passant_region(self, g, key):
        """`enPassantRegionWhite` (Black: likewise): the squares passed
        over by the other side's double steps where White may take en
        passant. For every square from which a lone Black pawn steps
        two (`pawn_steps`), a White pawn beside its landing square: after
        pyffish plays the double step, taking en passant (onto the
        square passed over, a capture) is among White's legal moves
        exactly where that square is in the claimed region (Horde:
        Black may not take White's b1-b3, passing b2, and may take
        b2-b4). The double step is played, not written into the FEN's en
        passant field, which pyffish reads on terms of its own."""
        claimed = set(g[key].split()) - {"-"}
        side, tok, name = ("w", "P", "White") if key.endswith("White") else ("b", "p", "Black")
        mover, mtok, up = ("b", "p", -1) if side == "w" else ("w", "P", 1)
        first = Fen(self.start)
        held = {t.rstrip("~") for _, t in first.pieces()} | set(first.pocket or "")
        if tok not in held or mtok not in held:
            self.skip(key, "not a pawn a side in the start position")
            return
        start = self.royals_placed()
        royal = {s for s, t in start.pieces() if letter(t) in self.royal}
        got2 = self.pawn_steps(start, royal, mover, mtok, up)[0]
        tried, wrong = 0, None
        for s in sorted(got2, key=lambda x: parse_sq(x)[::-1]):
            f, r = parse_sq(s)
            passed, to = sq(f, r + up), sq(f, r + 2 * up)
            for beside in [(f + d, r + 2 * up) for d in (-1, 1) if 0 <= f + d < start.width]:
                if sq(*beside) in royal:
                    continue
                fen = None
                for b in self.lone_pawn(start, s, mtok, f, r, up):
                    b.set(beside, tok)
                    if self.valid(b.text(side=mover)) and not self.opt_end(b.text(side=mover), need_legal=False)[0]:
                        fen = b.text(side=mover)
                        break
                step = next((m for d, m in self.piece_moves(fen, s) if d == to), None) if fen else None
                if step is None:
                    continue
                after = sf.get_fen(self.v, fen, [step])
                takes = [m for m in self.legal(fen, [step]) if to_square(m) == passed
                         and "".join(MOVE.match(m).group(1, 2)) == sq(*beside) and sf.is_capture(self.v, after, [], m)]
                tried += 1
                if bool(takes) != (passed in claimed):
                    wrong = "in %s, after %s (passing %s, %sin the region) %s's pawn on %s %s" % (
                        fen, step, passed, "" if passed in claimed else "not ", name, sq(*beside),
                        "takes en passant (%s)" % takes[0] if takes else "may not take en passant")
                    break
            if wrong:
                break
        if wrong:
            self.bad(key, g[key], wrong)
        elif not tried:
            self.skip(key, "no double step of the other side's lone pawn with %s's pawn beside it" % name)
        else:
            self.ok(key)

    def lone_pawn(self, base, s, tok, f, r, up):
        """Positions with TOK on S: alone with BASE's royal pieces, else
        (where that ends the game: Horde's White with no piece) BASE with
        the three squares ahead of it (file F, from rank R, UP) emptied,
        its castling rights kept (where castling wins, a side without
        them has lost: Castle chess)."""
        alone = Fen(base.text())
        for x, t in alone.pieces():
            if letter(t) not in self.royal:
                alone.set(x, None)
        alone.set(s, tok)
        alone.no_castling()
        crowded = Fen(base.text())
        crowded.set(s, tok)
        for n in (1, 2, 3):
            if 0 <= r + up * n < crowded.height:
                crowded.set((f, r + up * n), None)
        return alone, crowded

    def probe_no_double_step(self):
        """`doubleStep=false` (Fullmoon): a lone White P and a lone Black
        p, the royal pieces kept, on every square whose forward step is
        legal: pyffish never lets one step two squares."""
        start = self.royals_placed()
        royal = {s for s, tok in start.pieces() if letter(tok) in self.royal}
        tested, twice = 0, []
        for side, tok, up in (("w", "P", 1), ("b", "p", -1)):
            got2, _, stepped = self.pawn_steps(start, royal, side, tok, up)
            tested += len(stepped)
            twice += ["%s from %s" % (tok, s) for s in sorted(got2)]
        if twice:
            self.bad("doubleStep", "false", "a lone pawn steps two squares: " + ", ".join(twice[:6]))
        elif not tested:
            self.skip("doubleStep", "no lone pawn makes a forward step")
        else:
            self.ok("doubleStep")

    def probe_double_step(self, g):
        """`doubleStepRegionWhite/Black` (and `tripleStep...`): a lone
        White P (Black p), the royal pieces kept, on each square whose
        forward step is legal: pyffish lets it step two squares (three)
        there exactly where the claim says. `doubleStep=true` claimed
        with no region (a cell's or a remark's words): some lone pawn of a
        side that has one steps two squares somewhere; `doubleStep=false`:
        no lone pawn of either side steps two squares anywhere."""
        keys = [k for k in ("doubleStep", "doubleStepRegionWhite", "doubleStepRegionBlack",
                            "tripleStepRegionWhite", "tripleStepRegionBlack") if k in g]
        if g.get("doubleStep") == "false" and keys == ["doubleStep"]:
            return self.probe_no_double_step()
        if g.get("doubleStep") != "true":
            for k in keys:
                self.skip(k, "doubleStep=%s: not probed" % g.get("doubleStep"))
            return
        first = Fen(self.start)
        held = {tok.rstrip("~") for _, tok in first.pieces()} | set(first.pocket or "")
        start = self.royals_placed()
        royal = {s for s, tok in start.pieces() if letter(tok) in self.royal}
        regions = any(k.startswith("doubleStepRegion") for k in keys)
        wrong, tested, doubles = [], 0, 0
        for side, tok, up, name in (("w", "P", 1, "White"), ("b", "p", -1, "Black")):
            double = set(g.get("doubleStepRegion" + name, "").split()) - {"-"}
            triple = set(g.get("tripleStepRegion" + name, "").split()) - {"-"}
            # (A side the sentence says nothing of, having no such pawn,
            # gets no claim: Spartan's Black.)
            claimed = "doubleStepRegion" + name in g
            if regions and not claimed:
                continue
            if tok not in held:
                if claimed:
                    wrong.append("%s has no %s, yet a double step is claimed for it" % (name, tok))
                continue
            got2, got3, stepped = self.pawn_steps(start, royal, side, tok, up)
            if not stepped:
                wrong.append("no lone %s %s makes a forward step" % (name, tok))
            tested += len(stepped)
            doubles += len(got2)
            if not regions:
                continue
            for what, got, want in (("two", got2, double & stepped), ("three", got3, triple & stepped)):
                if got != want:
                    wrong.append("a lone %s %s steps %s squares from %s, not from %s" % (
                        name, tok, what, " ".join(sorted(got - want)) or "-", " ".join(sorted(want - got)) or "-"))
        if not regions and tested and not doubles:
            wrong.append("no lone pawn steps two squares from any square")
        first_key = "doubleStepRegionWhite" if "doubleStepRegionWhite" in keys else keys[0]
        if wrong:
            self.bad(first_key, g.get(first_key, "-"), "; ".join(wrong))
            for k in keys:
                if k != first_key:
                    self.skip(k, "reported with %s" % first_key)
        elif not tested:
            for k in keys:
                self.skip(k, "no valid position with a lone pawn whose forward step is legal")
        else:
            for k in keys:
                self.ok(k)

    def pawn_steps(self, start, royal, side, tok, up):
        """Where a lone TOK (SIDE to move, stepping UP) may step once, and
        from which of those squares it may step twice and three times."""
        got2, got3, stepped = set(), set(), set()
        for s in start.squares():
            f, r = parse_sq(s)
            ahead = [sq(f, r + up * n) for n in (1, 2) if 0 <= r + up * n < start.height]
            if len(ahead) < 2 or s in royal or royal & set(ahead):
                continue
            to = set()
            for b in self.lone_pawn(start, s, tok, f, r, up):
                to = self.destinations(b.text(side=side), s) or set()
                if to:
                    break
            if ahead[0] not in to:
                continue
            stepped.add(s)
            if ahead[1] in to:
                got2.add(s)
            if 0 <= r + 3 * up < start.height and sq(f, r + 3 * up) in to:
                got3.add(s)
        return got2, got3, stepped


class InitialRegionProbes:
    def probe_initial_region(self, g):
        """`doubleStepRegionWhite/Black` claimed by a piece's remark on
        where it makes its initial moves (Betza `i`), without `doubleStep`
        (a piece other than the built-in pawn: Pawnback's Pawn, Spartan's
        Hoplite, Wolf's Sergeant): the row's piece alone (the royal pieces
        kept) on every square where that is a valid position moves as it
        does in a child of the variant whose region for that side is the
        whole board where the claim holds the square, and as in a child
        whose region is empty where it does not; and somewhere the two
        children differ (the piece has initial moves to make)."""
        keys = [k for k in ("doubleStepRegionWhite", "doubleStepRegionBlack") if k in g]
        piece = g.piece
        if not piece:
            for k in keys:
                self.skip(k, "a region claimed by no piece's row")
            return
        base = self.start_board()
        whole = " ".join("*%d" % r for r in range(1, base.height + 1))
        stem = "initialprobe_" + re.sub(r"\W", "_", self.v)
        children = {}
        for name, region in (("all", whole), ("none", "-")):
            child = "%s_%s" % (stem, name)
            sf.load_variant_config("[%s:%s]\ndoubleStepRegionWhite = %s\ndoubleStepRegionBlack = %s\n" % (
                child, self.v, region, region))
            if child not in sf.variants():
                for k in keys:
                    self.skip(k, "pyffish refused a child with another double-step region")
                return
            children[name] = child
        royal = {s for s, t in base.pieces() if letter(t) in self.royal}
        for key in keys:
            side = "w" if key.endswith("White") else "b"
            tok = piece.upper() if side == "w" else piece.lower()
            claimed = set(g[key].split()) - {"-"}
            differs, tested, wrong = 0, 0, None
            for s in base.squares():
                if s in royal:
                    continue
                fen = self.board_with([(s, tok)]).text(side=side)
                if not self.valid(fen):
                    continue
                ours = sorted(self.piece_moves(fen, s))
                all_ = sorted(to for to, _ in self.piece_moves(fen, s, children["all"]))
                none = sorted(to for to, _ in self.piece_moves(fen, s, children["none"]))
                tested += 1
                differs += all_ != none
                want = all_ if s in claimed else none
                if [to for to, _ in ours] != want:
                    wrong = "a lone %s on %s moves to %s, not to %s as with %s %sin the region" % (
                        tok, s, " ".join(to for to, _ in ours) or "nowhere", " ".join(want) or "nowhere", s,
                        "" if s in claimed else "not ")
                    break
            if wrong:
                self.bad(key, g[key], wrong)
            elif not tested:
                self.skip(key, "no valid position with a lone %s" % tok)
            elif not differs:
                self.bad(key, g[key], "a lone %s makes no move that the region gives (no initial move)" % tok)
            else:
                self.ok(key)
