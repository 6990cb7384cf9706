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


def base_of(m):
    """The (from, to, promotion) of M, its wall part aside (`d1a1,a1b1`
    -> d1, a1, ''), or None where M is no board move (a drop)."""
    mm = MOVE.match(m)
    if not mm:
        return None
    return mm.group(1) + mm.group(2), mm.group(3) + mm.group(4), mm.group(5) or ""


def places_wall(m):
    """Whether M places a wall instead of a move (`a1a1,a1b1`)."""
    base = base_of(m)
    return bool(base) and base[0] == base[1]


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
                base = base_of(m)
                if not base or base[2]:
                    continue  # a drop, a promotion
                frm, to = base[:2]
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

    def base_moves(self, fen):
        """The (from, to) of each legal move in FEN that goes somewhere:
        its wall part aside, drops and walls placed instead of a move
        left out."""
        out = set()
        for m in self.legal(fen):
            base = base_of(m)
            if base and base[0] != base[1]:
                out.add(base[:2])
        return out

    def probe_wall_blocks(self, g):
        """`fsf:wallBlocks=true`: in positions of a random game no legal
        move ends on a wall; and a quiet move over two or more squares in
        a line is kept with a wall on a square it crosses exactly when it
        is kept with one of the mover's own pieces there (a slide or a
        lame step stops, a leap or a hop goes on). Probed where a move was
        stopped so, or where walls stood among moves (no move over a line:
        Isolation's King steps)."""
        key, want = "fsf:wallBlocks", g["fsf:wallBlocks"]
        stopped = kept = beside = 0
        for moves, fen in self.game_line()[:12]:
            board = Fen(fen)
            walls = {s for s in board.squares() if board.get(s) == "*"}
            bases = self.base_moves(fen)
            onto = sorted(t for f, t in bases if t in walls)
            if onto:
                if want == "true":
                    self.bad(key, want, "in %s a move ends on the wall on %s" % (fen, onto[0]))
                else:
                    self.ok(key)
                return
            beside += bool(walls and bases)
            if stopped >= 3 and kept >= 1 or stopped >= 12:
                continue
            side_upper = board.side() == "w"
            for frm, to in sorted(bases):
                if board.get(to) is not None or (stopped >= 3 and kept >= 1 or stopped >= 12):
                    continue
                (fx, fy), (tx, ty) = parse_sq(frm), parse_sq(to)
                dx, dy = tx - fx, ty - fy
                n = max(abs(dx), abs(dy))
                if n < 2 or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
                    continue
                mover = board.get(frm)
                if mover is None or mover.isupper() != side_upper:
                    continue
                for k in range(1, n):
                    c = sq(fx + dx // n * k, fy + dy // n * k)
                    if board.get(c) is not None:
                        continue
                    # (a second royal piece where pyffish refuses one: no
                    # position, not probed here)
                    got = {}
                    for what, tok in (("wall", "*"), ("own", mover)):
                        b = Fen(fen)
                        b.set(c, tok)
                        b.no_castling()
                        hyp = b.text()
                        if not self.valid(hyp):
                            break
                        got[what] = (frm, to) in self.base_moves(hyp)
                    if len(got) < 2:
                        continue
                    if got["wall"] != got["own"]:
                        if want == "true":
                            self.bad(key, want, "in %s, %s%s is %s with a wall on %s, %s with a %s there" % (
                                fen, frm, to, "kept" if got["wall"] else "stopped", c,
                                "kept" if got["own"] else "stopped", mover))
                        else:
                            self.ok(key)
                        return
                    if got["own"]:
                        kept += 1
                    else:
                        stopped += 1
        if not stopped and not beside:
            self.skip(key, "no wall and no quiet move over a line of squares in the game's first plies")
            return
        if want != "true":
            self.bad(key, want, "walls stood as pieces do: %d moves stopped by one, %d leaps kept" % (stopped, kept))
            return
        self.ok(key)

    def probe_wall_in_check(self, g):
        """`fsf:wallInCheck=false` (under wallOrMove): just after a move
        of a random game that gives check, the side in check has no legal
        move that places a wall; and the side placed one when not in
        check, so the rule, not the position, takes it away."""
        key, want = "fsf:wallInCheck", g["fsf:wallInCheck"]
        free = checked = 0
        for moves, fen in self.game_line()[:30]:
            placing = [m for m in self.legal(fen) if places_wall(m)]
            free += bool(placing)
            for m in self.legal(fen):
                if checked >= 3:
                    break
                if m in placing or not sf.gives_check(self.v, fen, [m]):
                    continue
                after = sf.get_fen(self.v, fen, [m])
                legal = self.legal(after)
                if not legal:
                    continue
                walls = [x for x in legal if places_wall(x)]
                checked += 1
                if bool(walls) != (want == "true"):
                    self.bad(key, want, "after %s from %s, in check, %s" % (
                        m, fen, "%s places a wall" % walls[0] if walls else "no wall may be placed"))
                    return
        if not checked or not free:
            self.skip(key, "no check in the game's first plies" if not checked else "no wall placed out of check")
            return
        self.ok(key)
