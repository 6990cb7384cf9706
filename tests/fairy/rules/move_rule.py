"""The n-move rule: a position with its half-move clock raised, a move that
keeps the clock and one that resets it."""


import pyffish as sf

from .fen import Fen, MOVE, letter


class MoveRuleProbes:
    # -- n-move rule
    def probe_nmove(self, g):
        n = int(g["nMoveRule"])
        types = g.get("nMoveRuleTypesWhite")
        # The types whose moves reset the clock: those claimed, else the
        # Pawn (Fairy-Stockfish's default); none matter where no count is.
        avoid = set() if n == 0 else set(types.replace("-", "")) if types is not None else {"p"}
        start = Fen(self.start)
        if len(start.rest) < 3 or not start.rest[-2].isdigit():
            self.skip("nMoveRule", "the start FEN has no half-move clock")
            return
        quiet = self.quiet_moves(self.start, avoid, avoid_royal=False, limit=1, no_check=False, walls=True)
        if not quiet:
            # Later in a random game (the setup drops made, a piece that
            # moves back come out).
            for moves, fen in self.game_line()[1:]:
                if self.opt_end(self.start, moves)[0]:
                    break
                quiet = self.quiet_moves(fen, avoid, avoid_royal=False, limit=1, no_check=False, walls=True)
                if quiet:
                    start = Fen(fen)
                    break
        if not quiet:
            self.skip("nMoveRule", "no move that keeps the clock (no capture, drop, promotion or piece of nMoveRuleTypesWhite) in the start position or a random game: every move of the game resets it")
        else:
            m = quiet[0][0]
            if n == 0:
                fen = start.text(clock=998)
                end, _ = self.opt_end(fen, [m])
                if end:
                    self.bad("nMoveRule", 0, "with the half-move clock at 998, %s ends the game" % m)
                else:
                    self.ok("nMoveRule")
            else:
                before = start.text(clock=2 * n - 2)
                at = start.text(clock=2 * n - 1)
                e0, _ = self.opt_end(before, [m])
                e1, val = self.opt_end(at, [m])
                e2, _ = self.opt_end(at, [])
                if e0 or e2:
                    self.bad("nMoveRule", n, "the game ends with the half-move clock at %d" % (2 * n - 1))
                elif not e1:
                    self.bad("nMoveRule", n, "with the half-move clock at %d, %s (clock %d) does not end the game" % (2 * n - 1, m, 2 * n))
                else:
                    self.ok("nMoveRule")
        if g.get("pieceDrops") == "true":
            self.drop_resets(g)
        for colour, key in (("w", "nMoveRuleTypesWhite"), ("b", "nMoveRuleTypesBlack")):
            if key in g:
                self.nmove_types(start, colour, key, g[key])

    def nmove_types(self, start, colour, key, types):
        """Which of COLOUR's pieces' quiet moves reset the clock (KEY
        claims TYPES): each quiet move of the side, from the start or a
        position of a random game with that side to move, resets it
        exactly for the claimed types (or could be taken back)."""
        want = set(types.replace("-", ""))
        side = start.side()
        if side != colour:
            # A position of the random game with that side to move.
            for moves, line_fen in self.game_line()[1:]:
                if self.opt_end(self.start, moves)[0]:
                    break
                if Fen(line_fen).side() == colour and self.quiet_moves(line_fen, (), avoid_royal=False, limit=1,
                                                                       no_check=False):
                    start, side = Fen(line_fen), colour
                    break
        fen = start.text(clock=10)
        seen = {}  # letter -> [(move, clock, to, from)]
        for m in self.legal(fen):
            mm = MOVE.match(m)
            if not mm:
                continue
            frm, to = mm.group(1) + mm.group(2), mm.group(3) + mm.group(4)
            b = Fen(fen)
            tok = b.get(frm)
            if tok is None or b.get(to) is not None or tok.startswith("+"):
                continue
            if len(seen.get(letter(tok), [])) >= 4:
                continue
            after = sf.get_fen(self.v, fen, [m]).split(" ")
            try:
                clock = int(after[-2])
            except ValueError:
                continue
            seen.setdefault(letter(tok), []).append((m, clock, to, frm))
        if side != colour:
            self.skip(key, "no position with that side to move and a quiet move, at the start or in a random game")
            return
        if not seen:
            self.skip(key, "no quiet move in the start position or a random game")
            return

        def reversible(m, to, frm):
            """Whether the piece could go back (Fairy-Stockfish resets the
            clock only for a move of these types it could not take back):
            after m and a quiet reply, to-from is legal."""
            for r in self.legal(fen, [m])[:8]:
                if sf.is_capture(self.v, fen, [m], r):
                    continue
                return (to + frm) in [x[:len(to + frm)] for x in self.legal(fen, [m, r])]
            return False

        wrong = []
        for l, tries in sorted(seen.items()):
            resets = [t for t in tries if t[1] == 0]
            if l in want:
                if not resets and not all(reversible(m, to, frm) for m, _, to, frm in tries):
                    m = tries[0][0]
                    wrong.append("%s (%s) does not reset the clock, and cannot be taken back" % (m, l))
            elif resets:
                wrong.append("%s (%s) resets the clock" % (resets[0][0], l))
        if wrong:
            self.bad(key, types, "; ".join(wrong))
        else:
            self.ok(key)

    def drop_resets(self, g):
        """The n-move rule's sentence says a drop resets the count
        (`pieceDrops=true` claimed with it): in the first position of the
        start or a random game that has drops, with the half-move clock
        at 10, every drop (up to 4) leaves it at 0."""
        lines = [([], self.start)] + list(self.game_line()[1:])
        for moves, fen in lines:
            if moves and self.opt_end(self.start, moves)[0]:
                break
            at = Fen(fen)
            if len(at.rest) < 3 or not at.rest[-2].isdigit():
                continue
            raised = at.text(clock=10)
            drops = [m for m in self.legal(raised) if "@" in m][:4]
            if not drops:
                continue
            kept = [m for m in drops if sf.get_fen(self.v, raised, [m]).split(" ")[-2] != "0"]
            if kept:
                # (nMoveRule is counted once, by the clock's probe above.)
                self.disagreements.append("%s: nMoveRule=%s: the drop %s keeps the half-move clock (%s)" % (
                    self.name, g["nMoveRule"], kept[0], raised))
            return
        # (pieceDrops itself is the drop probe's: it finds the drops.)

    def probe_promotion_resets(self, g):
        """`fsf:promotionResets=true` (the n-move rule's "no promotion"): a
        lone White piece of a type that promotes (a pawn type, or one with a
        promoted type), beside the royal pieces with the half-move clock at
        10, makes a promoting move that takes nothing, and pyffish's FEN
        after it has the clock at 0."""
        want = g["fsf:promotionResets"]
        pairs = dict(x.split(":", 1) for x in self.claims.get("promotedPieceType", "").split() if ":" in x)
        pawns = self.claims.get("promotionPawnTypesWhite", "p").replace("-", "")
        base = self.royals_placed()
        royal = {s for s, tok in base.pieces() if letter(tok) in self.royal}
        tried = 0
        for x in sorted(set(pairs) | set(pawns)):
            for s in base.squares():
                if s in royal:
                    continue
                fen = Fen(self.alone(base, [(s, x.upper())])).text(side="w", clock=10)
                if not self.valid(fen):
                    continue
                board = Fen(fen)
                for to, m in self.piece_moves(fen, s):
                    promoting = "+" in m or (MOVE.match(m).group(5) or "").strip("+-") != ""
                    if not promoting or board.get(to) is not None:
                        continue
                    tried += 1
                    clock = sf.get_fen(self.v, fen, [m]).split(" ")[-2]
                    if (clock == "0") != (want == "true"):
                        self.bad("fsf:promotionResets", want, "after %s from %s the half-move clock is %s" % (m, fen, clock))
                        return
                    if tried == 3:
                        self.ok("fsf:promotionResets")
                        return
        if tried:
            self.ok("fsf:promotionResets")
        else:
            self.skip("fsf:promotionResets", "no lone White piece that promotes has a promoting move")
