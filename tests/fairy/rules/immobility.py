"""`immobilityIllegal`: no move that leaves a piece where it could never
move again."""


import pyffish as sf

from .fen import Fen, MOVE, letter, sq, white


class ImmobilityProbes:
    # -- immobility
    def mobile(self, tok, at):
        """Whether White's TOK on AT, beside the pieces the game cannot go
        on without (Black's royal piece moved away where it stands in the
        way), has a legal move: cached by (TOK, AT)."""
        key = ("mobile", tok, at)
        if key in self.cache:
            return self.cache[key]
        base = Fen(self.start)
        found = False
        for shift in (None, (0, 0), (base.width - 1, 0), (0, base.height // 2)):
            b = Fen(self.alone(base, [(at, tok)]))
            if shift is not None:
                # move Black's royal pieces (its kept pieces) to another square
                blacks = [(s_, t) for s_, t in b.pieces() if not white(t) and s_ != at]
                if not blacks or b.get(shift) is not None:
                    continue
                s_, t = blacks[0]
                b.set(s_, None)
                b.set(shift, t)
            fen = b.text(side="w")
            if self.valid(fen) and self.piece_moves(fen, at):
                found = True
                break
        self.cache[key] = found
        return found

    def probe_immobility(self, g):
        """`immobilityIllegal`: a lone White piece of each type on every
        square (with the pieces the game cannot go on without) never has
        a legal move without promotion, nor a drop from the hand, onto a
        square where it would have no legal move (true); some such move
        or drop exists (false). A type with no move alone anywhere on the
        middle rank (a hopper: it needs a screen) is left out."""
        want = g["immobilityIllegal"]
        key = ("immobility", want)
        if key not in self.cache:
            self.cache[key] = self.immobility_verdict(want)
        verdict, what = self.cache[key]
        if verdict == "bad":
            self.bad("immobilityIllegal", want, what)
        elif verdict == "skip":
            self.skip("immobilityIllegal", what)
        else:
            self.ok("immobilityIllegal")

    def immobility_verdict(self, want):
        """("ok" | "bad" | "skip", why) for the claim WANT, played out once
        a page (the claim stands on each piece that can be dropped)."""
        start = Fen(self.start)
        letters = sorted({letter(t) for _, t in start.pieces() if not t.startswith("+")}
                         | {c.lower() for c in (start.pocket or "") if c.isalpha()})
        letters = [l for l in letters if l not in self.kept_letters()]
        found = []
        tried = 0
        for l in letters:
            tok = l.upper()
            h = start.height
            if not any(self.mobile(tok, sq(f, h // 2)) for f in range(start.width)):
                continue  # no move alone on the middle rank: a hopper (Cannon shogi's), which needs a screen
            # drops: one in hand, the kept pieces alone on the board
            if start.pocket is not None:
                b = Fen(self.alone(start, []))
                b.pocket = tok
                fen = b.text(side="w")
                if self.valid(fen):
                    for to in sorted(self.drop_squares(fen, tok)):
                        tried += 1
                        if not self.mobile(tok, to):
                            found.append("%s@%s in %s" % (tok, to, fen))
                            break
            # moves: the piece alone on each square, its plain moves
            for at in start.squares():
                if found and want == "true":
                    break
                if Fen(self.alone(start, [])).get(at) is not None:
                    continue
                fen = self.alone(start, [(at, tok)])
                if not self.valid(fen) or sf.gives_check(self.v, Fen(fen).text(side="b"), []):
                    continue  # Black in check with White to move: no position
                kept_at = {s_ for s_, _ in Fen(fen).pieces()}
                for to, m in self.piece_moves(fen, at):
                    if MOVE.match(m).group(5) or MOVE.match(m).group(6) or to in kept_at:
                        continue  # a promotion, a wall, a capture
                    tried += 1
                    if not self.mobile(tok, to):
                        found.append("%s in %s" % (m, fen))
                        break
            if found and want == "true":
                break
        if not tried:
            return "skip", "no piece moved or dropped"
        if want == "true" and found:
            return "bad", "a piece goes where it could never move again: %s" % found[0]
        if want == "false" and not found:
            return "skip", "no piece of the game can reach a square where it could never move again"
        return "ok", None
