"""Positions the probes of several rule families build on: an empty board,
the royal pieces placed, a lone piece and where it moves, quiet moves,
captures from random games."""

import random
import re

import pyffish as sf

from .fen import DROP, Fen, MOVE, letter, parse_sq, sq, white


class Positions:
    # helpers
    def empty_board(self):
        """The start position's board with no piece on it, no piece in
        hand and no castling rights."""
        b = Fen(self.start)
        for s_, _ in b.pieces():
            b.set(s_, None)
        if b.pocket is not None:
            b.pocket = ""
        b.no_castling()
        return b

    def kinds(self, cased=True, royal=True, promoted=True, pocket=False):
        """The piece kinds of the start position (board tokens without the
        crazyhouse mark `~`, sorted): as tokens (`P`, `+p`: either side)
        or, not CASED, as letters (`p`); without the royal pieces' unless
        ROYAL, the promoted ones' unless PROMOTED; with the pocket's
        letters if POCKET."""
        start = Fen(self.start)
        out = {t.rstrip("~") for _, t in start.pieces()}
        if pocket:
            out |= {c for c in start.pocket or "" if c.isalpha()}
        out = {t for t in out if t.isalpha() or (t.startswith("+") and t[1:].isalpha())}
        if not royal:
            out = {t for t in out if letter(t) not in self.royal}
        if not promoted:
            out = {t for t in out if not t.startswith("+")}
        if not cased:
            out = {letter(t) for t in out}
        return sorted(out)

    def full_boards_drawn(self, seed, kinds, draws, holes=None):
        """Boards filled at random with KINDS (tokens), each square but
        HOLES(i) of them for the i-th draw (none without HOLES), from an
        empty board (pocket emptied) over DRAWS draws, seeded by the page's
        name and SEED: (i, the board as a Fen, the generator, for the
        caller's own further draws)."""
        rng = random.Random(self.name + seed)
        start = Fen(self.start)
        cells = [(x, y) for x in range(start.width) for y in range(start.height)]
        for i in range(draws):
            b = self.empty_board()
            gaps = set(rng.sample(cells, min(len(cells), holes(i)))) if holes else set()
            for c in cells:
                if c not in gaps:
                    b.set(c, rng.choice(kinds))
            yield i, b, rng, cells

    def quiet_moves(self, fen, avoid_letters=(), avoid_royal=True, limit=6, no_check=True, walls=False):
        """Up to LIMIT moves that are no capture, no drop, no promotion,
        give no check, and place no wall or duck (unless WALLS)."""
        board = Fen(fen)
        out = []
        for m in self.legal(fen):
            mm = MOVE.match(m)
            if not mm or mm.group(5) or (mm.group(6) and not walls):
                continue
            frm = mm.group(1) + mm.group(2)
            to = mm.group(3) + mm.group(4)
            tok = board.get(frm)
            if tok is None or board.get(to) is not None:
                continue
            if letter(tok) in avoid_letters:
                continue
            if avoid_royal and letter(tok) in self.royal:
                continue
            if no_check and sf.gives_check(self.v, fen, [m]):
                continue
            out.append((m, frm, to, tok))
            if len(out) >= limit:
                break
        return out

    def material_result(self, mc, fen):
        """The result for the side to move of a drawn game counted by material, from the claims."""
        board = Fen(fen)
        stm_white = board.side() == "w"
        if mc == "blackdrawodds":
            # a draw counts as Black's win
            return "loss" if stm_white else "win"
        if mc == "whitedrawodds":
            return "win" if stm_white else "loss"
        if mc == "unweighted":
            # the pieces on the board (Position::count), hands aside
            diff = sum(1 if white(tok) else -1 for _, tok in board.pieces())
            if diff == 0:
                return "draw"
            return "win" if (diff > 0) == stm_white else "loss"
        if mc == "janggi" and "fsf:janggiPoints" in self.claims:
            parts = self.claims["fsf:janggiPoints"].split()
            values, bonus = {}, 0.0
            for p in parts:
                m = re.fullmatch(r"([a-z+]+?)(-?[\d.]+)", p)
                if not m:
                    return None
                if m.group(1) == "white":
                    bonus = float(m.group(2))
                else:
                    values[m.group(1)] = float(m.group(2))
            count = bonus
            for _, tok in board.pieces():
                v = values.get(letter(tok), 0)
                count += v if white(tok) else -v
            if count == 0:
                return None
            white_wins = count > 0
            return "win" if white_wins == stm_white else "loss"
        return None

    # -- drops
    def start_board(self):
        """The start position; where its royal pieces all start in hand
        (Sittuyin, Placement), with them put on the board and the hand
        emptied (`royals_placed`)."""
        b = Fen(self.start)
        on_board = any(letter(t) in self.royal for _, t in b.pieces())
        in_hand = any(c.isalpha() and c.lower() in self.royal for c in (b.pocket or ""))
        return self.royals_placed() if in_hand and not on_board else b

    def board_with(self, keep):
        """The start position ([`start_board`]) with only the royal pieces
        (letter k) and KEEP left."""
        b = self.start_board()
        for s, tok in b.pieces():
            if letter(tok) not in self.royal:
                b.set(s, None)
        for s, tok in keep:
            b.set(s, tok)
        b.no_castling()
        return b

    def drop_squares(self, fen, piece):
        out = set()
        for m in self.legal(fen):
            mm = DROP.match(m)
            if mm and mm.group(1).upper() == piece.upper():
                out.add(mm.group(2) + mm.group(3))
        return out

    def royal_elsewhere(self):
        start = Fen(self.start)
        royals = [(x, t) for x, t in start.pieces() if letter(t) in self.royal]
        br = [(x, t) for x, t in royals if not white(t)]
        wr = [(x, t) for x, t in royals if white(t)]
        if len(br) != 1 or len(wr) != 1:
            return []
        w, h = start.width, start.height
        out = []
        for at in ((w - 1, h // 2), (0, h // 2), (w // 2, h // 2 - 1), (w - 1, 1), (0, 1)):
            if sq(*at) == wr[0][0]:
                continue
            if self.royal_can_stand(br[0][1], at, wr[0][1], parse_sq(wr[0][0])):
                out.append((br[0][0], at, br[0][1]))
        return out[:2]

    # -- checkmate and stalemate
    def royal_can_stand(self, tok, at, other, other_at):
        """TOK on AT (OTHER on OTHER_AT, nothing else) has a legal move: AT is in its region."""
        b = self.board_with([])
        for s_, t in b.pieces():
            b.set(s_, None)
        b.set(at, tok)
        b.set(other_at, other)
        if b.pocket is not None:
            b.pocket = ""
        fen = b.text(side="w" if white(tok) else "b")
        if not self.valid(fen):
            return False
        here = sq(*at)
        return any(MOVE.match(m) and "".join(MOVE.match(m).group(1, 2)) == here and "".join(MOVE.match(m).group(3, 4)) != here for m in self.legal(fen))

    # -- captures: to the hand, compulsory
    def capture_positions(self, want=4, games=12, plies=60):
        """Positions of random games from the start (seeded by the page's
        name) where the side to move has a capture of a piece standing
        on its target square, with those captures (cached)."""
        if "captures" in self.cache:
            return self.cache["captures"]
        rng = random.Random(self.name + "/captures")
        found = []
        for _ in range(games):
            fen = self.start
            for _ in range(plies):
                legal = self.legal(fen)
                if not legal or self.opt_end(fen, need_legal=False)[0]:
                    break
                board = Fen(fen)
                caps = []
                for m in legal:
                    mm = MOVE.match(m)
                    if not mm or mm.group(6):
                        continue
                    # an enemy on the target first: is_capture costs a call
                    tok = board.get(mm.group(3) + mm.group(4))
                    if tok not in (None, "*") and white(tok) != (board.side() == "w") \
                            and sf.is_capture(self.v, fen, [], m):
                        caps.append(m)
                if caps:
                    found.append((fen, caps))
                    if len(found) >= want:
                        self.cache["captures"] = found
                        return found
                    break
                fen = sf.get_fen(self.v, fen, [rng.choice(legal)])
        self.cache["captures"] = found
        return found

    def game_line(self, plies=60):
        """The positions of a random game from the start (seeded by the
        page's name), each with the moves that lead to it: a capture drawn
        is mostly drawn again (up to four times), so that
        pieces stay on the board; setup drops (Placement, Sittuyin) and
        opening moves are played through. Ends with the game (cached)."""
        if "line" in self.cache:
            return self.cache["line"]
        rng = random.Random(self.name + "/line")
        line = [([], self.start)]
        moves, fen = [], self.start
        for _ in range(plies):
            legal = self.legal(fen)
            if not legal or self.opt_end(self.start, moves, need_legal=False)[0]:
                break
            # (A few draws rather than asking of every move: a duck game
            # has a thousand.)
            m = rng.choice(legal)
            for _ in range(4):
                if rng.random() < 0.2 or not sf.is_capture(self.v, fen, [], m):
                    break
                m = rng.choice(legal)
            moves = moves + [m]
            fen = sf.get_fen(self.v, fen, [m])
            line.append((moves, fen))
        self.cache["line"] = line
        return line

    # -- pseudo-royal pieces
    def attacked(self, fen, moves, squares):
        """Whether the side to move after MOVES has a legal capture onto
        one of SQUARES."""
        after = sf.get_fen(self.v, fen, moves)
        for m in self.legal(after):
            mm = MOVE.match(m)
            if mm and mm.group(3) + mm.group(4) in squares and sf.is_capture(self.v, after, [], m):
                return True
        return False

    def royals_placed(self):
        """The start position with its royal pieces in hand put on the
        board (Placement's Kings start in hand: each on the empty square of
        its side's first rank nearest the middle) and no piece left in hand
        (Placement must drop them all before a piece moves)."""
        b = Fen(self.start)
        if b.pocket is None:
            return b
        for c in b.pocket:
            if c.isalpha() and c.lower() in self.royal:
                r = 0 if c.isupper() else b.height - 1
                for f in sorted(range(b.width), key=lambda f: abs(2 * f - b.width + 1)):
                    if b.get((f, r)) is None:
                        b.set((f, r), c)
                        break
        b.pocket = ""
        return b

    def destinations(self, fen, s):
        """Where the piece on S may move in FEN (drops and walls aside)."""
        if not self.valid(fen):
            return None
        return {to for to, _ in self.piece_moves(fen, s)}

    def kept_letters(self):
        """The royal pieces, and the pieces without which the start
        position has no legal move (the game is over: Dobutsu's Lions,
        Cetus's Bishops in a game of extinction)."""
        if "kept" not in self.cache:
            kept = set(self.royal)
            for l in sorted({letter(t) for _, t in Fen(self.start).pieces()} - kept):
                c = Fen(self.start)
                c.no_castling()
                for s, t in c.pieces():
                    if letter(t) == l:
                        c.set(s, None)
                if not self.valid(c.text()) or not self.legal(c.text()):
                    kept.add(l)
            self.cache["kept"] = kept
        return self.cache["kept"]

    def alone(self, base, placed):
        """BASE's royal pieces (and those the game cannot go on without:
        [`kept_letters`]), PLACED (square, token) pairs and nothing else,
        White to move, no castling."""
        b = Fen(base.text())
        kept = self.kept_letters()
        for x, t in b.pieces():
            if letter(t) not in kept:
                b.set(x, None)
        for s, tok in placed:
            b.set(s, tok)
        b.no_castling()
        return b.text(side="w")

    def piece_moves(self, fen, s, variant=None):
        """The legal moves from S in FEN, as (destination, uci) pairs; in
        VARIANT (a child of the page's, uncached) where it is given."""
        out = []
        for m in self.legal(fen) if variant is None else sf.legal_moves(variant, fen, []):
            mm = MOVE.match(m)
            if mm and "".join(mm.group(1, 2)) == s:
                out.append(("".join(mm.group(3, 4)), m))
        return out
