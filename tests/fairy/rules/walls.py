"""Walls: `wallingRule` (and `wallOrMove`, `wallingRegionWhite/Black`
where the page claims them), the squares a wall or the duck may be put
on with a move (Fairy-Stockfish's `make_move_and_gating`)."""

import pyffish as sf

from .fen import Fen, MOVE, parse_sq, sq


RULES = ("static", "past", "arrow", "edge", "duck")
KEYS = ("wallingRule", "wallOrMove", "wallingRegionWhite", "wallingRegionBlack")


def wall_of(m):
    """The wall square of a walling move (`d1a1,a1b1` -> b1), or None."""
    mm = MOVE.match(m)
    if not mm or not mm.group(6):
        return None
    tail = MOVE.match(mm.group(6)[1:])
    return tail.group(3) + tail.group(4) if tail else None


class WallProbes:
    def wall_squares(self, fen, rule, frm, to, region):
        """The squares the page's RULE lets a wall go to when the piece on
        FRM goes to the empty TO (FRM None: a wall placed instead of a
        move), in REGION (None: the whole board)."""
        b = Fen(fen)
        walls = {s for s in b.squares() if b.get(s) == "*"}
        empty = {s for s in b.squares() if b.get(s) is None}
        if frm:
            empty = (empty | {frm}) - {to}
        elif rule in ("past", "arrow"):
            return None
        if region is not None:
            empty &= region
        if rule == "past":
            return {frm} & empty
        if rule == "static" or rule == "duck":
            # (the duck's own square is a "*", not empty)
            return empty
        if rule == "edge":
            edge = {s for s in b.squares() if parse_sq(s)[0] in (0, b.width - 1) or parse_sq(s)[1] in (0, b.height - 1)}
            beside = set()
            for w in walls:
                x, y = parse_sq(w)
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    if 0 <= x + dx < b.width and 0 <= y + dy < b.height:
                        beside.add(sq(x + dx, y + dy))
            return empty & (edge | beside)
        if rule == "arrow":
            # where the piece that moved could move on from TO (FRM
            # emptied), to an empty square
            b.set(to, b.get(frm))
            b.set(frm, None)
            hyp = b.text()
            if not self.valid(hyp):
                return None
            return {d for d, _ in self.piece_moves(hyp, to)} & empty
        return None

    def wall_region(self, side):
        claim = self.claims.get("wallingRegionWhite" if side == "w" else "wallingRegionBlack")
        return set(claim.split()) if claim is not None else None

    def probe_walls(self, g):
        """The first positions of a random game (up to three with a move
        that is no capture): for each quiet move, the squares its walls go
        to are the claimed rule's (past: the square left; static: any
        empty one; arrow: where the piece could go on; edge: an edge
        square or one beside a wall; duck: any empty one, the duck leaving
        its square), the walls after it are those before and the new one
        (the duck: the new one alone); under wallOrMove a move places no
        wall and a wall is placed instead of a move. And the claimed
        squares differ from another rule's somewhere (else not probed)."""
        rule = g["wallingRule"]
        wom = self.claims.get("wallOrMove") == "true"
        if rule not in RULES:
            self.skip_rest(g, KEYS, "wallingRule=%s: no such rule to probe" % rule)
            return
        tried, differs = 0, set()
        for moves, fen in self.game_line()[:8]:
            if tried >= 3:
                break
            legal = self.legal(fen)
            board = Fen(fen)
            region = self.wall_region(board.side())
            walls_before = {s for s in board.squares() if board.get(s) == "*"}
            by_base = {}
            captures = {}  # (from, to) -> whether it captures: asked once, not once per wall square
            for m in legal:
                mm = MOVE.match(m)
                if not mm:
                    continue
                frm, to = mm.group(1) + mm.group(2), mm.group(3) + mm.group(4)
                if mm.group(5):
                    continue  # a promotion
                if frm != to and (frm, to) not in captures:
                    captures[frm, to] = board.get(to) is not None or sf.is_capture(self.v, fen, [], m)
                if frm != to and captures[frm, to]:
                    continue
                by_base.setdefault((frm, to), []).append(m)
            if not by_base:
                continue
            tried += 1
            for (frm, to), ms in sorted(by_base.items())[:40]:
                placing = frm == to
                if wom and not placing:
                    # a move, no wall
                    after = Fen(sf.get_fen(self.v, fen, [ms[0]]))
                    got = {s for s in after.squares() if after.get(s) == "*"}
                    if len(ms) != 1 or got != walls_before:
                        self.bad_rest(g, KEYS, "in %s, %s places a wall (wallOrMove: a move or a wall)" % (fen, ms[0]))
                        return
                    continue
                if placing and not wom:
                    self.bad_rest(g, KEYS, "in %s, %s places a wall without moving" % (fen, ms[0]))
                    return
                # a moved piece on TO: castling and the like aside
                after0 = Fen(sf.get_fen(self.v, fen, [ms[0]]))
                if not placing and (after0.get(to) != board.get(frm) or after0.get(frm) not in (None, "*")):
                    continue
                got = {wall_of(m) for m in ms}
                want = self.wall_squares(fen, rule, None if placing else frm, to, region)
                if want is None:
                    continue
                if got != want:
                    self.bad_rest(g, KEYS, "in %s, %s%s: walls on %s, not (%s) %s" % (
                        fen, frm, to, " ".join(sorted(got)) or "none", rule, " ".join(sorted(want)) or "none"))
                    return
                for other in RULES:
                    if other != rule:
                        o = self.wall_squares(fen, other, None if placing else frm, to, region)
                        # (past and arrow place no wall without a move)
                        if (o is None and placing) or (o is not None and o != want):
                            differs.add(other)
                m = ms[0]
                after = Fen(sf.get_fen(self.v, fen, [m]))
                got_walls = {s for s in after.squares() if after.get(s) == "*"}
                want_walls = {wall_of(m)} if rule == "duck" else walls_before | {wall_of(m)}
                if got_walls != want_walls:
                    self.bad_rest(g, KEYS, "in %s, after %s the walls are %s, not %s" % (
                        fen, m, " ".join(sorted(got_walls)), " ".join(sorted(want_walls))))
                    return
                if walls_before:
                    # the walls kept, or the duck moved on
                    differs |= {"duck"} if rule != "duck" else set(RULES) - {"duck"}
        if not tried:
            self.skip_rest(g, KEYS, "no position with a quiet move in the game's first plies")
            return
        if len(differs) < len(RULES) - 1:
            self.skip_rest(g, KEYS, "the squares seen are those of %s too" % " ".join(r for r in RULES if r != rule and r not in differs))
            return
        self.ok_rest(g, KEYS)
