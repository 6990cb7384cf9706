"""Repetition and perpetual check: a shuffle of quiet moves played until the
position has occurred as often as the claim says, and what the game then
is."""

import collections
import random

import pyffish as sf

from .fen import Fen, MOVE, key_of, letter, outcome, parse_sq, seen_at, sq, white


NO_SHUFFLE = "no shuffle of quiet non-pawn moves that comes back to its position (rights included), from the start, after one move of each side or in a random game"


class RepetitionProbes:
    # -- repetition
    def find_shuffle(self, fen, avoid, royal_too=False):
        """Four quiet non-pawn plies (a move and its reverse for each side) that come back."""
        rights = Fen(fen).rest[1:2]
        for m1, f1, t1, tok1 in self.quiet_moves(fen, avoid, avoid_royal=not royal_too):
            fen1 = sf.get_fen(self.v, fen, [m1])
            if Fen(fen1).rest[1:2] != rights:
                continue  # a castling or gating right lost: it never comes back
            for m2, f2, t2, tok2 in self.quiet_moves(fen1, avoid, avoid_royal=not royal_too, limit=4):
                r1, r2 = t1 + f1, t2 + f2
                seq = [m1, m2, r1, r2]
                try:
                    # pyffish refuses an illegal move (an exception): one call checks both reverses
                    back = sf.get_fen(self.v, fen, seq)
                except Exception:
                    continue
                if key_of(back) != key_of(fen):
                    continue
                if sf.gives_check(self.v, fen, seq[:3]) or sf.gives_check(self.v, fen, seq):
                    continue
                return seq
        return None

    def find_cycle(self, avoid):
        """A shuffle from the start position, after one opening move of
        each side, or later in a random game."""
        seq = self.find_shuffle(self.start, avoid)
        if seq:
            return [], seq
        if self.claims.get("moveRepetitionIllegal") != "true":
            seq = self.find_shuffle(self.start, avoid, royal_too=True)
            if seq:
                return [], seq
        tries = 0
        for m1 in self.legal(self.start)[:12]:
            if sf.is_capture(self.v, self.start, [], m1) or "," in m1:
                continue
            for m2 in self.legal(self.start, [m1])[:6]:
                if sf.is_capture(self.v, self.start, [m1], m2) or "," in m2:
                    continue
                tries += 1
                if tries > 3:
                    break
                seq = self.find_shuffle(sf.get_fen(self.v, self.start, [m1, m2]), avoid)
                if seq:
                    return [m1, m2], seq
                break
            if tries > 3:
                break
        # Later in a random game: once the setup drops are made (Placement,
        # Sittuyin), the pieces have left the rank whose gating rights they
        # hold (Seirawan), or a piece that moves back has come out.
        line = self.game_line()
        for moves, fen in line[4::4][:12]:
            if self.opt_end(self.start, moves)[0]:
                break
            seq = self.find_shuffle(fen, avoid)
            if seq:
                return moves, seq
        return None, None

    def cycle_in_games(self, games=12, plies=30):
        """A shuffle of any pieces later in one of GAMES more random games
        (seeded by the page's name): where the page's own game ended
        before the pieces moved (Picaria's setup drops and a quick line)."""
        for k in range(games):
            rng = random.Random("%s/cycle/%d" % (self.name, k))
            moves = []
            for _ in range(plies):
                legal = self.legal(self.start, moves)
                if not legal or self.opt_end(self.start, moves)[0]:
                    break
                moves = moves + [rng.choice(legal)]
                if len(moves) % 2 == 0 and not self.opt_end(self.start, moves)[0]:
                    seq = self.find_shuffle(sf.get_fen(self.v, self.start, moves), set())
                    if seq:
                        return moves, seq
        return None, None

    def probe_repetition(self, g):
        n = int(g["nFoldRule"])
        value = g.get("nFoldValue")
        absolute = g.get("nFoldValueAbsolute") == "true"
        avoid = set("p")
        avoid |= set(self.claims.get("nMoveRuleTypesWhite", "p").replace("-", ""))
        prefix, seq = self.find_cycle(avoid)
        if n == 0:
            # (With no count to reach, any piece's shuffle that comes back
            # will do: Kono's and Teeko's men are pawns.)
            if not seq:
                prefix, seq = self.find_cycle(set())
            if not seq:
                prefix, seq = self.cycle_in_games()
            if not seq:
                self.skip("nFoldRule", NO_SHUFFLE)
                return
            moves = prefix + seq * 6
            for i in range(len(moves) + 1):
                end, _ = self.opt_end(self.start, moves[:i])
                if end:
                    self.bad("nFoldRule", "0", "the game ends after %d plies of %s repeated" % (i, " ".join(seq)))
                    return
            self.ok("nFoldRule")
            return
        if not seq:
            for k in ("nFoldRule", "nFoldValue", "nFoldValueAbsolute"):
                if k in g:
                    self.skip(k, NO_SHUFFLE)
            return
        moves = prefix + seq * (n + 1)
        seen = collections.Counter()
        target = None
        fens = []
        for i in range(len(moves) + 1):
            fen = sf.get_fen(self.v, self.start, moves[:i])
            fens.append(fen)
            seen[key_of(fen)] += 1
            if seen[key_of(fen)] == n:
                target = i
                break
        shown = " ".join(seq) + (" (after %s)" % " ".join(prefix) if prefix else "")
        for i in range(target):
            # (the shuffle's next move is legal: no need to ask for legal moves)
            end, val = self.opt_end(self.start, moves[:i], need_legal=False)
            if end and self.claims.get("moveRepetitionIllegal") == "true" and outcome(val) == "win" \
                    and seen_at(fens, i) == 3:
                # The page's claim: moving a piece back and forth to a
                # third occurrence loses at once (Janggi's rule), which
                # ends this shuffle before the n-fold rule can.
                self.skip_rest(g, ("nFoldRule", "nFoldValue", "nFoldValueAbsolute"),
                               "the shuffle ended on its third occurrence, a win for the side to move, "
                               "as the page's moveRepetitionIllegal=true says")
                return
            if end:
                note = " (moveRepetitionIllegal=true is claimed too)" if self.claims.get("moveRepetitionIllegal") == "true" else ""
                self.bad("nFoldRule", n, "the game ends (%s for the side to move) after %d plies of %s repeated, before the position's %d. occurrence (ply %d)%s" % (outcome(val), i, shown, n, target, note))
                self.skip_rest(g, ("nFoldValue", "nFoldValueAbsolute"), "its nFoldRule disagrees")
                return
        end, val = self.opt_end(self.start, moves[:target])
        if not end:
            self.bad("nFoldRule", n, "the game does not end at the %d. occurrence (ply %d of %s repeated)" % (n, target, shown))
            self.skip_rest(g, ("nFoldValue", "nFoldValueAbsolute"), "its nFoldRule disagrees")
            return
        self.ok("nFoldRule")
        if value is None:
            return
        stm_black = fens[target].split(" ")[1] == "b"
        want = value
        if absolute and stm_black:
            want = {"win": "loss", "loss": "win"}.get(value, value)
        got = outcome(val)
        if want == "draw" and "materialCounting" in self.claims:
            mc = self.claims["materialCounting"]
            expect = self.material_result(mc, fens[target])
            if expect is None:
                self.skip("nFoldValue", "a drawn repetition goes to materialCounting=%s, whose count this suite does not compute" % mc)
                self.skip_rest(g, ("nFoldValueAbsolute",), "a drawn repetition goes to materialCounting")
                return
            if got == expect:
                self.ok("nFoldValue")
            else:
                self.bad("nFoldValue", value, "repetition ends as a %s for the side to move (materialCounting=%s: the claims' count gives %s)" % (got, mc, expect))
            self.skip_rest(g, ("nFoldValueAbsolute",), "a drawn repetition goes to materialCounting")
            return
        if got == want:
            self.ok("nFoldValue")
            if "nFoldValueAbsolute" in g:
                if absolute and not stm_black and value != "draw":
                    self.skip("nFoldValueAbsolute", "the repetition ended with White to move")
                else:
                    self.ok("nFoldValueAbsolute")
        else:
            self.bad("nFoldValue", value, "the %d. occurrence (ply %d of %s repeated, %s to move) ends the game as a %s for the side to move" % (n, target, shown, "Black" if stm_black else "White", got))
            if "nFoldValueAbsolute" in g:
                self.skip("nFoldValueAbsolute", "its nFoldValue disagrees")

    # -- perpetual check
    def check_shuffle(self, fen, at):
        """Four plies from FEN: the White piece on AT moves giving check,
        Black replies, the piece goes back giving check again, the reply
        is undone; no capture, and no ply ends the game."""
        board = Fen(fen)
        for m1 in self.legal(fen):
            mm = MOVE.match(m1)
            if not mm or mm.group(5) or mm.group(6) or mm.group(1) + mm.group(2) != at:
                continue
            to1 = mm.group(3) + mm.group(4)
            if board.get(to1) is not None or not sf.gives_check(self.v, fen, [m1]):
                continue
            after = Fen(sf.get_fen(self.v, fen, [m1]))
            for m2 in self.legal(fen, [m1]):
                mm2 = MOVE.match(m2)
                if not mm2 or mm2.group(5) or mm2.group(6):
                    continue
                frm2, to2 = mm2.group(1) + mm2.group(2), mm2.group(3) + mm2.group(4)
                if after.get(to2) is not None:
                    continue
                seq = [m1, m2, to1 + at, to2 + frm2]
                if seq[2] not in self.legal(fen, seq[:2]) or seq[3] not in self.legal(fen, seq[:3]):
                    continue
                if not sf.gives_check(self.v, fen, seq[:3]):
                    continue
                if key_of(sf.get_fen(self.v, fen, seq)) != key_of(fen):
                    continue
                if any(self.opt_end(fen, seq[:i])[0] for i in range(1, 5)):
                    continue
                return seq
        return None

    def find_check_cycle(self, royal, budget=240):
        """White's and Black's royal pieces and one White piece (each of
        the start position's types in turn, on random squares; the royal
        pieces on their start squares, or Black's a step or two from it):
        a position and a check shuffle from it (`check_shuffle`)."""
        start = self.start_board()
        royals = [(x, t) for x, t in start.pieces() if letter(t) in royal]
        wr = [(x, t) for x, t in royals if white(t)]
        br = [(x, t) for x, t in royals if not white(t)]
        if len(wr) != 1 or len(br) != 1:
            return None, "not one royal piece a side in the start position"
        letters = sorted({letter(t) for _, t in start.pieces()
                          if white(t) and letter(t) not in royal and not t.startswith("+")})
        if not letters:
            return None, "White has no piece but its royal one"
        rng = random.Random(self.name)
        cells = [(x, y) for x in range(start.width) for y in range(start.height)]
        tries = 0
        while tries < budget:
            for l in letters:
                tries += 1
                b = self.empty_board()
                w_at, b_at = parse_sq(wr[0][0]), parse_sq(br[0][0])
                if tries % 2 == 0:
                    # Black's a step or two from its start square
                    near = [c for c in cells if c != w_at and c != b_at
                            and max(abs(c[0] - b_at[0]), abs(c[1] - b_at[1])) <= 2]
                    b_at = rng.choice(near)
                free = [c for c in cells if c not in (w_at, b_at)]
                x_at = rng.choice(free)
                b.set(w_at, wr[0][1])
                b.set(b_at, br[0][1])
                b.set(x_at, l.upper())
                fen = b.text(side="w")
                if not self.valid(fen) or sf.gives_check(self.v, b.text(side="b"), []):
                    continue
                if self.opt_end(fen)[0]:
                    continue
                seq = self.check_shuffle(fen, sq(*x_at))
                if seq:
                    return (fen, seq), None
        return None, "none found in %d positions" % tries

    def probe_perpetual(self, g):
        """`perpetualCheckIllegal`: a check shuffle (White checks with
        every move) played until the game ends: at the position's n-th
        occurrence, the checking side loses where the claim is true;
        where false, the game ends as `nFoldValue` says."""
        want = g["perpetualCheckIllegal"]
        n = int(g.get("nFoldRule", self.claims.get("nFoldRule", "0")))
        royal = self.royal if self.has_royal else set()
        if not royal and self.claims.get("extinctionPseudoRoyal") == "true":
            # pseudo-royal pieces are checked too (Atomic's Kings)
            royal = set(self.claims.get("extinctionPieceTypes", "").replace("*", "").replace("-", ""))
        if not royal:
            self.skip("perpetualCheckIllegal", "the game has no royal piece, so no check")
            return
        if n == 0:
            self.skip("perpetualCheckIllegal", "nFoldRule=0: no repetition ends the game")
            return
        if "fsf:checksWhite" in self.claims:
            self.skip("perpetualCheckIllegal", "the checks are counted: a check shuffle ends the game by its count first")
            return
        if "perpetual" not in self.cache:
            self.cache["perpetual"] = self.find_check_cycle(royal)
        found, why = self.cache["perpetual"]
        if not found:
            self.skip("perpetualCheckIllegal", "no check shuffle built (%s)" % why)
            return
        fen, seq = found
        moves = seq * (n + 1)
        seen = collections.Counter([key_of(fen)])
        target = None
        for i in range(1, len(moves) + 1):
            k = key_of(sf.get_fen(self.v, fen, moves[:i]))
            seen[k] += 1
            if seen[k] == n:
                target = i
                break
        shown = "%s from %s" % (" ".join(seq), fen)
        for i in range(1, len(moves) + 1):
            end, val = self.opt_end(fen, moves[:i], need_legal=False)
            if end:
                break
        else:
            self.bad("perpetualCheckIllegal", want, "the game does not end in %d plies of %s" % (len(moves), shown))
            return
        if i != target:
            self.bad("perpetualCheckIllegal", want, "the game ends after %d plies of %s, not at the %d. occurrence (ply %d)" % (i, shown, n, target))
            return
        after = sf.get_fen(self.v, fen, moves[:i])
        checker_moves = after.split(" ")[1] == "w"
        got = outcome(val)
        if want == "true":
            expect = "loss" if checker_moves else "win"
            why = "the checking side loses"
        else:
            value = self.claims.get("nFoldValue", "draw")
            expect = value
            if self.claims.get("nFoldValueAbsolute") == "true" and not checker_moves:
                expect = {"win": "loss", "loss": "win"}.get(value, value)
            if expect == "draw" and "materialCounting" in self.claims:
                expect = self.material_result(self.claims["materialCounting"], after)
                if expect is None:
                    self.skip("perpetualCheckIllegal", "a drawn repetition goes to materialCounting, whose count this suite does not compute")
                    return
            why = "as nFoldValue says"
        if got == expect:
            self.ok("perpetualCheckIllegal")
        else:
            self.bad("perpetualCheckIllegal", want, "after %d plies of %s (%s to move) the game is a %s for the side to move; %s would be a %s"
                     % (i, shown, "the checking side" if checker_moves else "the checked side", got, why, expect))

    # -- perpetual chasing
    def find_chase(self, budget=400):
        """A chase built on the royal pieces' start squares and an
        otherwise empty board: a Black piece that moves between X and Y
        (each an empty middle square), and a White piece that moves
        between the first-rank squares of X's and Y's files and attacks
        the Black piece from each (a legal White capture there). Returns
        (fen, cycle of four plies) or None."""
        base = self.royals_placed()
        w, h = base.width, base.height
        kings = [(s, t) for s, t in base.pieces() if letter(t) in self.royal]
        for s, _ in list(base.pieces()):
            base.set(s, None)
        base.no_castling()
        for s, t in kings:
            base.set(s, t)
        if len({parse_sq(s)[0] for s, _ in kings}) < len(kings):
            # Kings facing each other down an empty file (Xiangqi's flying
            # general forbids it): White's steps aside, where it may.
            for (s, t) in [(s, t) for s, t in kings if white(t)]:
                f, r = parse_sq(s)
                for d in (-1, 1):
                    b = Fen(base.text())
                    b.set(s, None)
                    b.set((f + d, r), t)
                    if 0 <= f + d < w and self.valid(b.text(side="b")) and \
                            not self.attacked(b.text(side="b"), [], {sq(f + d, r)}):
                        kings = [(k, x) for k, x in kings if k != s] + [(sq(f + d, r), t)]
                        base = b
                        break
        taken = {parse_sq(s) for s, _ in kings}
        start = Fen(self.start)
        pieces = sorted({letter(t) for _, t in start.pieces()} | {c.lower() for c in (start.pocket or "") if c.isalpha()})
        movers = [p for p in pieces if p not in self.royal]
        tried = 0
        for chased in movers:
            for y in range(h // 2, h - 1):
                for x in range(w):
                    X = (x, y)
                    if X in taken:
                        continue
                    b = Fen(base.text())
                    b.set(X, chased)
                    fen0 = b.text(side="b")
                    if not self.valid(fen0):
                        continue
                    for to, _ in self.piece_moves(fen0, sq(*X)):
                        Y = parse_sq(to)
                        A, B = (X[0], 0), (Y[0], 0)
                        if Y[0] == X[0] or Y[1] == 0 or {A, B, Y} & taken:
                            continue
                        for chaser in movers:
                            tried += 1
                            if tried > budget:
                                return None
                            c = Fen(base.text())
                            c.set(X, chased)
                            c.set(A, chaser.upper())
                            fen = c.text(side="b")
                            if not self.valid(fen):
                                continue
                            cycle = [sq(*X) + to, sq(*A) + sq(*B), to + sq(*X), sq(*B) + sq(*A)]
                            played = []
                            for m in cycle:
                                if m not in self.legal(fen, played):
                                    break
                                played.append(m)
                            else:
                                if self.chases(fen, cycle):
                                    return fen, cycle
        return None

    def chases(self, fen, cycle):
        """Whether, after each White move of CYCLE from FEN, White could
        take the Black piece that moved (were it White's turn)."""
        for i in (1, 3):
            after = Fen(sf.get_fen(self.v, fen, cycle[:i + 1]))
            mm = MOVE.match(cycle[i - 1])
            if not mm or not self.attacked(after.text(side="w"), [], {mm.group(3) + mm.group(4)}):
                return False
        return True

    def probe_chasing(self, g):
        """`chasingRule=axf`: a chase (a White piece attacking a lone
        Black piece after every one of its moves, the Black piece moving
        away each time) played until the game ends by repetition: the
        chasing side loses. Any other value: the repetition ends as
        `nFoldValue` says."""
        want = g["chasingRule"]
        n = int(self.claims.get("nFoldRule", "0"))
        if n == 0:
            self.skip("chasingRule", "nFoldRule=0: no repetition ends the game")
            return
        found = self.find_chase()
        if not found:
            self.skip("chasingRule", "no chase built on an empty board")
            return
        fen, cycle = found
        moves = cycle * (n + 1)
        for i in range(1, len(moves) + 1):
            end, val = self.opt_end(fen, moves[:i], need_legal=False)
            if end:
                break
        else:
            self.bad("chasingRule", want, "the chase %s from %s does not end the game in %d plies" % (" ".join(cycle), fen, len(moves)))
            return
        chaser_moved = i % 2 == 0  # Black moves first in the cycle
        got = outcome(val)
        if want == "axf":
            expect, why = ("win" if chaser_moved else "loss"), "the chasing side loses"
        else:
            expect, why = self.claims.get("nFoldValue", "draw"), "the repetition ends as nFoldValue says"
        if got == expect:
            self.ok("chasingRule")
        else:
            self.bad("chasingRule", want, "after %d plies of the chase %s from %s the side to move gets %s (%s: %s)" % (
                i, " ".join(cycle), fen, got, why, expect))
