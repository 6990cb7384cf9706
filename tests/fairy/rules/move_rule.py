"""The n-move rule: a position with its half-move clock raised, a move that
keeps the clock and one that resets it."""


import pyffish as sf

from .fen import Fen, MOVE, letter


class MoveRuleProbes:
    # -- n-move rule
    def probe_nmove(self, g):
        n = int(g["nMoveRule"])
        types = g.get("nMoveRuleTypesWhite")
        avoid = set("p") | set((types or "").replace("-", ""))
        start = Fen(self.start)
        if len(start.rest) < 3 or not start.rest[-2].isdigit():
            self.skip("nMoveRule", "the start FEN has no half-move clock")
            return
        side = start.side()
        quiet = self.quiet_moves(self.start, avoid, avoid_royal=False, limit=1, no_check=False)
        if not quiet:
            self.skip("nMoveRule", "no move in the start position that keeps the clock (no capture, drop, promotion or piece of nMoveRuleTypesWhite)")
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
        if types is None:
            return
        # which pieces' quiet moves reset the clock
        want = set(types.replace("-", ""))
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
        if side != "w":
            self.skip("nMoveRuleTypesWhite", "Black moves first")
            return
        if not seen:
            self.skip("nMoveRuleTypesWhite", "no quiet move in the start position")
            return

        def reversible(m, to, frm):
            """Whether the piece could go back (Fairy-Stockfish resets the
            clock only for a move of these types it could not take back):
            after m and a quiet Black reply, to-from is legal."""
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
            self.bad("nMoveRuleTypesWhite", types, "; ".join(wrong))
        else:
            self.ok("nMoveRuleTypesWhite")
