"""Flag goals where the other side may get one more move (`flagMove`):
the race of the Kings (Racing Kings: Black's King reaching its goal on
the move after White's draws), and a piece reaching its goal attacked
(Alapo, `flagPieceSafe`: the other side may take it back first)."""

import itertools

import pyffish as sf

from .fen import Fen, letter, outcome, parse_sq, sq, white
from .overrides import to_square


def next_to(region, w, h):
    """The squares one King step from REGION (square names) and outside
    it, as (file, rank) pairs, in the order of the region's squares (by
    rank, then file)."""
    around = []
    for z in sorted(region, key=lambda x: parse_sq(x)[::-1]):
        zf, zr = parse_sq(z)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                at = (zf + dx, zr + dy)
                if 0 <= at[0] < w and 0 <= at[1] < h and sq(*at) not in region and at not in around:
                    around.append(at)
    return around


def touching(a, b):
    """Whether squares A and B (names) are one King step apart or the same."""
    (af, ar), (bf, br) = parse_sq(a), parse_sq(b)
    return max(abs(af - bf), abs(ar - br)) <= 1


# Positions tried, at most, for the Kings' race.
RACE_TRIES = 400


# Squares tried, at most, for the other side's piece beside a flag piece.
NEAR_SQUARES = 12


class FlagMoveProbes:
    # -- the Kings' race
    def race_board(self, wa, ba):
        """The pieces the game cannot go on without ([`alone`]), the
        White royal piece moved to WA and the Black one to BA ((file,
        rank) pairs); None where the start has not one a side or a
        square is taken."""
        b = Fen(self.alone(Fen(self.start), []))
        kings = [(x, t) for x, t in b.pieces() if letter(t) in self.royal]
        wk = [t for _, t in kings if white(t)]
        bk = [t for _, t in kings if not white(t)]
        if len(wk) != 1 or len(bk) != 1:
            return None
        for x, _ in kings:
            b.set(x, None)
        if b.get(wa) is not None or b.get(ba) is not None:
            return None
        b.set(wa, wk[0])
        b.set(ba, bk[0])
        return b

    def race_positions(self, wregion, bregion):
        """Positions for the race, White to move, the game not over:
        "both": (FEN, White's King's move into its goal, Black's into
        its own, legal with Black to move), the two goal squares apart
        (Black's King may step in after White's); "far": (FEN, White's
        move), Black's King two steps or more from its goal. Found by
        the board alone: whether Black may still arrive after White's
        King has is what is probed."""
        start = Fen(self.start)
        w, h = start.width, start.height
        found, tries = {}, 0
        for wa in next_to(wregion, w, h):
            for ba in [(x, y) for y in range(h) for x in range(w)]:
                if ba == wa or sq(*ba) in bregion or touching(sq(*wa), sq(*ba)):
                    continue
                near = any(touching(sq(*ba), z) for z in bregion)
                if ("both" if near else "far") in found:
                    continue
                b = self.race_board(wa, ba)
                if b is None:
                    continue
                fen = b.text(side="w")
                tries += 1
                if tries > RACE_TRIES:
                    return found
                if not self.valid(fen) or self.opt_end(fen, need_legal=False)[0]:
                    continue
                wms = [(z, m) for z, m in self.piece_moves(fen, sq(*wa)) if z in wregion]
                if not wms:
                    continue
                if not near:
                    found["far"] = (fen, wms[0][1])
                    if len(found) == 2:
                        return found
                    continue
                bfen = b.text(side="b")
                if not self.valid(bfen) or self.opt_end(bfen, need_legal=False)[0]:
                    continue
                bms = [(y, m) for y, m in self.piece_moves(bfen, sq(*ba)) if y in bregion]
                pair = next(((wm, bm) for z, wm in wms for y, bm in bms if not touching(z, y)), None)
                if pair:
                    found["both"] = (fen,) + pair
                if len(found) == 2:
                    return found
        return found

    def flag_race(self, wregion, bregion, extra):
        """The race of the two royal pieces to their goals
        (`flagPieceWhite=k; flagPieceBlack=k`), each one move from its
        goal: Black's King arriving first wins at once (White's could
        have arrived next); White's arriving ends the game at once as
        Black's loss where `flagMove` is false, else Black has one more
        move: its King arriving with it draws, any other reply loses; with
        Black's King two steps away White's arrival wins (at once, or
        after every reply). Returns (a disagreement, None), ("", None)
        when it agrees, or ("" or None, why not (all) probed)."""
        found = self.race_positions(wregion, bregion)
        if "both" not in found and (extra or "far" not in found):
            return None, "no position with both royal pieces one move from their goals"
        if "both" in found:
            fen, wm, bm = found["both"]
            end, val = self.opt_end(Fen(fen).text(side="b"), [bm], need_legal=False)
            if not end or outcome(val) != "loss":
                return "in %s with Black to move, Black's King arriving first (%s) %s" % (
                    fen, bm, "ends the game as a %s for White" % outcome(val) if end else "does not end the game"), None
            what = "in %s, White's King arriving (%s), Black's one move from its goal (%s)," % (fen, wm, bm)
            end, val = self.opt_end(fen, [wm], need_legal=False)
            if not extra:
                if not end or outcome(val) != "loss":
                    return "%s %s" % (what, "ends it as a %s for Black" % outcome(val) if end else "does not end the game"), None
            elif end:
                return "%s ends the game at once (a %s for Black), before Black's move" % (what, outcome(val)), None
            else:
                replies = self.legal(fen, [wm])
                if bm not in replies:
                    return "%s Black's King may not arrive then (%s is not legal)" % (what, bm), None
                end, val = self.opt_end(fen, [wm, bm], need_legal=False)
                if not end or val != 0:
                    return "%s then Black's %s %s" % (
                        what, bm, "ends it as a %s for White" % outcome(val) if end else "does not end the game"), None
                other = next((r for r in replies if to_square(r) not in bregion), None)
                if other:
                    end, val = self.opt_end(fen, [wm, other])
                    if not end or outcome(val) != "win":
                        return "%s then Black's %s (its King not arriving) %s" % (
                            what, other, "ends it as a %s for White" % outcome(val) if end else "does not end the game"), None
        if "far" in found:
            fen, wm = found["far"]
            end, val = self.opt_end(fen, [wm], need_legal=False)
            wrong = ""
            if end and outcome(val) != "loss":
                wrong = "ends the game as a %s for Black" % outcome(val)
            elif not end and not extra:
                wrong = "does not end the game"
            elif not end:
                # (Fairy-Stockfish ends it at once: Black's King cannot
                # arrive. Else every reply must lose.)
                for r in self.legal(fen, [wm]):
                    end2, val2 = self.opt_end(fen, [wm, r])
                    if not end2 or outcome(val2) != "win":
                        wrong = "then Black's %s %s" % (r, "ends it as a %s for White" % outcome(val2) if end2 else
                                                        "does not end the game")
                        break
            if wrong:
                return "in %s, White's King arriving (%s), Black's two steps or more from its goal: %s" % (
                    fen, wm, wrong), None
        if "both" not in found:
            return "", "Black's King never one move from its goal beside White's (the first arrival alone played)"
        return "", None

    # -- a piece arriving attacked gives the other side one more move
    def unflagged(self):
        """A child of the page's variant without flag regions (cached):
        where a piece stands on its goal, whether the other side may take
        it there, asked without the game being over."""
        if "unflagged" not in self.cache:
            name = "flagprobe_%d" % len(sf.variants())
            sf.load_variant_config("[%s:%s]\nflagRegionWhite = -\nflagRegionBlack = -\n" % (name, self.v))
            self.cache["unflagged"] = name if name in sf.variants() else None
        return self.cache["unflagged"]

    def taken_there(self, fen, moves, z):
        """Whether after MOVES the other side of the piece on Z may take
        it there, whoever is to move (in [`unflagged`])."""
        child = self.unflagged()
        after = Fen(sf.get_fen(child, fen, list(moves)))
        if after.get(z) in (None, "*"):
            return False
        after = after.text(side="b" if white(after.get(z)) else "w")
        return any(to_square(r) == z and sf.is_capture(child, after, [], r) for r in sf.legal_moves(child, after, []))

    def reply_positions(self, side, region, other_region, piece):
        """A position for each of "free" and "attacked", SIDE to move:
        (FEN, its flag piece's move into REGION, the square): the piece
        one move from its goal, one piece of the other side's that may
        (attacked) or may not (free) take it there, and the royal pieces
        (without them, an empty board, else the start's Kings kept:
        Pawns-and-King's Kings, whose loss ends the game)."""
        start = Fen(self.start)
        bases = [Fen(self.alone(start, []))] if self.has_royal else [self.empty_board(), Fen(self.alone(start, []))]
        w, h = start.width, start.height
        cased = lambda l, s: l.upper() if s == "w" else l.lower()
        of = lambda s: sorted({letter(t) for _, t in start.pieces() if white(t) == (s == "w") and letter(t) not in self.royal})
        mine = [piece] if piece != "*" else of(side)
        theirs = of("b" if side == "w" else "w")
        squares = [(x, y) for y in range(h) for x in range(w) if sq(x, y) not in region | other_region]
        found = {}
        # (the other side's piece on the squares nearest first, a few:
        # where a piece of the base attacks the goal square, each)
        nearest = lambda at: sorted(squares, key=lambda q: max(abs(q[0] - at[0]), abs(q[1] - at[1])))[:NEAR_SQUARES]
        for base in bases:
            if self.opt_end(base.text(side=side), need_legal=False)[0]:
                continue  # (no piece the game cannot go on without)
            for at, l, q, o in ((at, l, q, o) for at in next_to(region, w, h)
                                for l, q, o in itertools.product(mine, nearest(at), theirs)):
                if q == at or sq(*at) in other_region or base.get(at) is not None or base.get(q) is not None:
                    continue
                b = Fen(base.text())
                b.set(at, cased(l, side))
                b.set(q, cased(o, "b" if side == "w" else "w"))
                fen = b.text(side=side)
                if not self.valid(fen) or self.opt_end(fen, need_legal=False)[0]:
                    continue
                # (one move a square: a Pawn's promotion choices land alike)
                into = {z: m for z, m in reversed(self.piece_moves(fen, sq(*at))) if z in region}
                for z, m in sorted(into.items()):
                    found.setdefault("attacked" if self.taken_there(fen, [m], z) else "free", (fen, m, z))
                if len(found) == 2:
                    return found
        return found

    def flag_reply_side(self, side, region, other_region, piece, safe, extra):
        """One side of `probe_flag_reply`: (the key to blame, a
        disagreement), ("", "") when it agrees, None when no position."""
        found = self.reply_positions(side, region, other_region, piece) if self.unflagged() else {}
        if len(found) < 2:
            return None
        mover = "White" if side == "w" else "Black"
        for kind in ("free", "attacked"):
            fen, m, z = found[kind]
            what = "in %s, %s's %s into its goal, %s there," % (
                fen, mover, m, "where the other side may take it" if kind == "attacked" else "unattacked")
            end, val = self.opt_end(fen, [m], need_legal=False)
            at_once = (safe and kind == "free") or not (safe or extra)
            if end != at_once or (end and outcome(val) != "loss"):
                return ("flagMove" if kind == "attacked" and safe else "flagPieceSafe",
                        "%s %s" % (what, "does not end the game" if not end else
                                   "ends it as a %s for the other side" % outcome(val) if at_once else
                                   "ends the game at once (a %s for the other side)" % outcome(val)))
            if end:
                continue
            after = sf.get_fen(self.v, fen, [m])
            for r in self.legal(fen, [m])[:24]:
                taken = to_square(r) == z and sf.is_capture(self.v, after, [], r)
                # (flagMove=false: the piece wins where it stands on its
                # goal unattacked; a reply bringing the other side's own
                # piece safe to its goal may draw, and is not played)
                if not extra and to_square(r) in other_region:
                    continue
                should = not taken and (extra or not self.taken_there(fen, [m, r], z))
                end2, val2 = self.opt_end(fen, [m, r])
                won = end2 and outcome(val2) == "win"
                if won != should:
                    return ("flagMove", "%s then the reply %s (%s) %s" % (
                        what, r, "taking it" if taken else "leaving it there%s" % (
                            "" if extra or should else ", attacked"),
                        "ends it as a %s for %s" % (outcome(val2), mover) if end2 else "does not end the game"))
        return "", ""

    def probe_flag_reply(self, g, keys):
        """`flagMove=true` for a flag piece other than a racing King
        (with `flagPieceSafe`: Alapo), and any piece of a game without
        royal pieces (`*`), per side: its piece one move from the goal
        and one piece of the other side's. Arriving where the other side
        may not take it ends the game at once as the other side's loss
        under `flagPieceSafe`, and arriving anywhere does without
        `flagPieceSafe` or `flagMove`; otherwise the game goes on for one
        more move: a reply that takes the piece on its goal does not
        lose, every other reply (the other side's own piece arriving too)
        loses; without `flagMove`, only a reply that leaves it there
        unattacked. KEYS: the group's claims the probe answers (White's
        side, flagMove, flagPieceSafe)."""
        rule = lambda k, d: g.get(k, self.claims.get(k, d))
        if int(rule("flagPieceCount", "1")) != 1 or rule("flagPieceBlockedWin", "false") == "true":
            self.skip_rest(g, keys + ["flagRegionBlack", "flagPieceBlack"],
                           "more than one flag piece to bring: not probed")
            return
        safe = rule("flagPieceSafe", "false") == "true"
        extra = rule("flagMove", "false") == "true"
        for side, rkey, pkey, side_keys in self.flag_sides(g, keys):
            region = set(g.get(rkey, "").split()) - {"-"}
            other_region = set(g.get("flagRegionBlack" if side == "w" else "flagRegionWhite", "").split()) - {"-"}
            piece = g.get(pkey, g.get("flagPieceWhite", "*"))
            verdict = self.flag_reply_side(side, region, other_region, piece, safe, extra) if region else None
            if verdict is None:
                self.skip_rest(g, side_keys, "no position with the flag piece one move from the goal, taken there or not")
            elif verdict[0]:
                key = verdict[0] if verdict[0] in side_keys else rkey
                self.bad(key, g[key], verdict[1])
                self.skip_rest(g, [k for k in side_keys if k != key], "its %s disagrees" % key)
            else:
                for k in side_keys:
                    self.ok(k)
