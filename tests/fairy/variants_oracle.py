#!/usr/bin/env python3
"""The squares a piece of a Fairy-Stockfish variant reaches, asked of
Fairy-Stockfish itself (pyffish), and compared with glance's diagrams of the
pieces' pages-dialect spellings (src/variant/, printed by the example
`variant_pieces`).

The oracle (`reach`): for a variant of a variants.ini, a piece letter, a
colour and a square, the `move` squares (legal non-captures) and the
`capture` squares, in one of three settings:

  * empty:   the piece alone, with the two kings (when the variant has a
             royal piece) on squares no line or leap of 3 through the piece
             meets; `capture` by enemies on whole rings of squares at one
             Chebyshev distance, each square found confirmed with a lone
             enemy (as tests/fairy/differential.py does);
  * screens: enemies at distance 2 and 4 on each of the 8 lines through the
             piece (hoppers' screens and the pieces they take).

Every position is a FEN given to `pyffish.legal_moves`; the moves of the
piece on its square are read from the UCI moves. Usable square by square:

    from variants_oracle import Oracle
    o = Oracle(open("tests/fixtures/fairy-stockfish-variants.ini").read())
    o.reach("shinobi", "c", "white", "e4")      # {"move": [...], "capture": [...]}

Run as a script, it compares every piece of every section glance can
express (JSON lines from `variant_pieces`) on a few squares, both colours:

    cargo build --release --bin glance --example variant_pieces
    .venv/bin/python tests/fairy/variants_oracle.py [--variant NAME ...] [-v]

glance is asked `glance diagram PAGES --board FxR --at SQ [--black] --json
[--occupied ENEMIES --friends FRIENDS]` (the kings told as occupied), with the
pages' spelling without `i` moves when the square is outside the variant's
double-step region. Exit status: 0 when nothing differs, 1 otherwise.
"""

import argparse
import json
import math
import multiprocessing
import os
import re
import subprocess
import sys
from collections import Counter

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FILES = "abcdefghijklmnop"
UCI_RE = re.compile(r"^([a-p])(\d+)([a-p])(\d+)")


def variant_pieces(ini):
    """The sections of `ini` by name, as the example `variant_pieces` prints
    them (JSON lines: sizes, pieces, royal pieces, mobility regions);
    GLANCE_VARIANT_PIECES names another build of it."""
    dumper = os.environ.get("GLANCE_VARIANT_PIECES",
                            os.path.join(ROOT, "target/release/examples/variant_pieces"))
    lines = subprocess.run([dumper, ini], capture_output=True, text=True, check=True).stdout
    variants = {}
    for line in lines.splitlines():
        d = json.loads(line)
        if "name" in d:
            variants[d["name"]] = d
    return variants


def sq_name(f, r):
    return "%s%d" % (FILES[f], r + 1)


def sq_parse(s):
    return FILES.index(s[0]), int(s[1:]) - 1


class Oracle:
    """Fairy-Stockfish's answers for the variants of one variants.ini."""

    def __init__(self, ini_text, pieces=None):
        if ini_text:
            sf.load_variant_config(ini_text)
        # name -> the JSON of variant_pieces (files, ranks, pieces).
        self.variants = pieces or {}
        # name -> the start position's walls (`*`), where no king goes.
        self.walls = {}

    def info(self, variant):
        return self.variants[variant]

    def fen(self, variant, position, side):
        v = self.info(variant)
        rows = []
        for r in range(v["ranks"] - 1, -1, -1):
            row, empty = "", 0
            for f in range(v["files"]):
                p = position.get(sq_name(f, r))
                if p:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += p
                else:
                    empty += 1
            if empty:
                row += str(empty)
            rows.append(row)
        return "/".join(rows) + " %s - - 0 1" % side

    def targets(self, variant, position, side, origin):
        out = set()
        try:
            moves = sf.legal_moves(variant, self.fen(variant, position, side), [])
        except Exception:  # a position Fairy-Stockfish refuses
            return None
        if not moves:  # a finished game (a flag reached, a piece extinct)
            return None
        for uci in moves:
            m = UCI_RE.match(uci)
            # (A move onto its own square is a wall placed without moving,
            # as in atlantis.)
            if m and m.group(1) + m.group(2) == origin and m.group(3) + m.group(4) != origin:
                out.add(m.group(3) + m.group(4))
        return out

    def kings(self, variant, square, letter, avoid=()):
        """Squares for White's and Black's royal piece, out of the way (and
        off the squares of `avoid`)."""
        v = self.info(variant)
        avoid = set(avoid) | self.walls.get(variant, set())
        royal = [p["letter"] for p in v["pieces"] if p["royal"]]
        # Without a royal piece, a piece of each side stands there instead:
        # a side with no piece at all has lost in the extinction variants.
        k = royal[0] if royal else self.enemy(variant)
        f0, r0 = sq_parse(square)
        # Off every line through the piece and off its leaps of up to 3
        # (else, on a small board, of up to 2; else off its lines alone).
        for far in (3, 2, 0):
            free = []
            for f in range(v["files"]):
                for r in range(v["ranks"]):
                    dx, dy = abs(f - f0), abs(r - r0)
                    if dx and dy and dx != dy and max(dx, dy) > far and sq_name(f, r) not in avoid \
                            and (far == 0 or math.gcd(dx, dy) == 1):
                        free.append(sq_name(f, r))
            if len(free) >= 2:
                break
        if len(free) < 2:
            return None
        # Each king on its own side's back ranks (off the flag regions of
        # the kingofthehill/racing/shinobi kind, which end the game at
        # once), on different files (a flying general is a check).
        wk = min(free, key=lambda s: (sq_parse(s)[1], sq_parse(s)[0]))
        # (Not on White's file: facing kings are a check where the
        # general flies, and leave the side to move king moves only.)
        apart = [s for s in free if sq_parse(s)[0] != sq_parse(wk)[0]] or free
        bk = max(apart, key=lambda s: (sq_parse(s)[1], sq_parse(s)[0]))
        fw, rw = sq_parse(wk)
        fb, rb = sq_parse(bk)
        if max(abs(fw - fb), abs(rw - rb)) < 2:
            return None
        out = {}
        if letter != k or not royal:
            out[wk] = k.upper()
        out[bk] = k
        return out

    def enemy(self, variant):
        v = self.info(variant)
        for p in v["pieces"]:
            if not p["royal"] and p["name"] != "pawn":
                return p["letter"]
        return v["pieces"][0]["letter"]

    def reach(self, variant, letter, colour, square, setting="empty"):
        v = self.info(variant)
        side = "w" if colour == "white" else "b"
        me = letter.upper() if colour == "white" else letter
        kings = self.kings(variant, square, letter)
        if kings is None:
            return None
        if colour == "black":  # the kings swap sides with the piece
            kings = {s: (p.lower() if p.isupper() else p.upper()) for s, p in kings.items()}
        foe_letter = self.enemy(variant)
        foe = foe_letter if colour == "white" else foe_letter.upper()
        base = dict(kings)
        base[square] = me
        f0, r0 = sq_parse(square)
        on = lambda f, r: 0 <= f < v["files"] and 0 <= r < v["ranks"]
        placed = {}
        if setting == "screens":
            for dx, dy in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]:
                for k in (2, 4):
                    f, r = f0 + dx * k, r0 + dy * k
                    if on(f, r) and sq_name(f, r) not in base:
                        placed[sq_name(f, r)] = foe
        position = dict(base)
        position.update(placed)
        moves = self.targets(variant, position, side, square)
        if moves is None:
            return None
        occupied = set(position) - {square}
        if setting == "screens":
            return {"move": sorted(moves - occupied), "capture": sorted(moves & set(placed)),
                    "kings": kings, "placed": sorted(placed)}
        others = [sq_name(f, r) for f in range(v["files"]) for r in range(v["ranks"])
                  if sq_name(f, r) not in base]
        # An enemy that checks our king restricts the moves, one on a flag
        # square ends the game: such rings are probed square by square, and
        # a lone enemy that does either leaves its square out of the
        # comparison (`unknown`).
        candidates, unknown = set(), set()
        for k in range(1, max(v["files"], v["ranks"])):
            ring = [t for t in others if max(abs(sq_parse(t)[0] - f0), abs(sq_parse(t)[1] - r0)) == k]
            if not ring:
                continue
            pos = dict(base)
            pos.update({t: foe for t in ring})
            got = None
            if not sf.gives_check(variant, self.fen(variant, pos, side), []):
                got = self.targets(variant, pos, side, square)
            # A check, or an enemy on a flag square that ends the game:
            # the ring's squares are probed one by one.
            candidates |= set(ring) if got is None else got
        captures = set()
        for t in sorted(candidates - set(base)):
            pos = dict(base)
            pos[t] = foe
            # (Taking a lone enemy that checks is legal: no check test here.)
            got = self.targets(variant, pos, side, square)
            if got is None:
                unknown.add(t)
            elif t in got:
                captures.add(t)
        return {"move": sorted(moves), "capture": sorted(captures), "kings": kings, "placed": [],
                "unknown": sorted(unknown)}


def glance(binary, betza, v, square, colour, enemies, friends, probes_only):
    """glance's move and capture squares; `probes_only`: captures only on
    the enemies placed (else on every square but the pieces', as the
    oracle probes each square with a lone enemy)."""
    args = [binary, "diagram", betza, "--board", "%dx%d" % (v["files"], v["ranks"]),
            "--at", square, "--json"]
    if colour == "black":
        args.append("--black")
    if enemies or friends:
        args += ["--occupied", ",".join(sorted(enemies | friends))]
    if friends:
        args += ["--friends", ",".join(sorted(friends))]
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        return None
    d = json.loads(out.stdout)
    occupied = enemies | friends
    captures = set(d["capture"]) & enemies if probes_only else set(d["capture"]) - occupied
    return {"move": sorted(set(d["move"]) - occupied), "capture": sorted(captures)}


def probe_squares(v):
    files, ranks = v["files"], v["ranks"]
    picks = [(files // 2, ranks // 2), (files - 1, 1 if ranks > 1 else 0)]
    out = []
    for f, r in picks:
        s = sq_name(min(f, files - 1), min(r, ranks - 1))
        if s not in out:
            out.append(s)
    return out


ORACLE = None
BINARY = None


def compare_variant(name):
    """Every expressible piece of one variant on its probe squares."""
    oracle, binary = ORACLE, BINARY
    v = oracle.info(name)
    stats = Counter()
    mismatches = []
    if v["mobility"]:
        stats["variants not compared (mobility regions)"] += 1
        return name, stats, mismatches
    stats["variants compared"] += 1
    for p in v["pieces"]:
        if not p["pages"]:
            stats["pieces skipped by the reader"] += 1
            continue
        stats["pieces compared"] += 1
        hopper = "p" in p["betza"] or "g" in p["betza"]
        for square in probe_squares(v):
            for colour in ("white", "black"):
                region = v["double_step_white" if colour == "white" else "double_step_black"]
                betza = p["pages"] if square in region else p["pages_off_region"]
                for setting in (("empty", "screens") if hopper else ("empty",)):
                    fs = oracle.reach(name, p["letter"], colour, square, setting)
                    if fs is None:
                        stats["probes Fairy-Stockfish refused (no legal move at all, or no room for kings)"] += 1
                        continue
                    kings = fs["kings"]
                    friends = {s for s, k in kings.items() if k.isupper() == (colour == "white")}
                    enemies = (set(kings) - friends) | set(fs["placed"])
                    gl = glance(binary, betza, v, square, colour, enemies, friends, setting == "screens")
                    unknown = set(fs.get("unknown", []))
                    if gl is not None:
                        gl["capture"] = sorted(set(gl["capture"]) - unknown)
                    for kind in ("move", "capture"):
                        stats["comparisons"] += 1
                        stats["squares compared"] += len(set(fs[kind]) | set(gl[kind] if gl else []))
                        if gl is None or gl[kind] != fs[kind]:
                            stats["mismatches"] += 1
                            mismatches.append((name, p["letter"], p["betza"], betza, square, colour,
                                               setting, kind, fs[kind], gl and gl[kind]))
    return name, stats, mismatches


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ini", default=os.path.join(ROOT, "tests/fixtures/fairy-stockfish-variants.ini"))
    ap.add_argument("--variant", nargs="*")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    binary = os.environ.get("GLANCE_BIN", os.path.join(ROOT, "target/release/glance"))
    variants = variant_pieces(args.ini)
    global ORACLE, BINARY
    ORACLE = Oracle(open(args.ini).read(), variants)
    BINARY = binary
    names = [n for n in variants if not args.variant or n in args.variant]
    stats = Counter()
    mismatches = []
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(args.jobs) as pool:
        for name, st, mm in pool.imap_unordered(compare_variant, names):
            stats.update(st)
            mismatches.extend(mm)
            print("%s: %d comparisons, %d mismatches" % (name, st["comparisons"], st["mismatches"]),
                  flush=True)
            for m in mm:
                print("MISMATCH %s %s %s (pages %s) %s %s %s %s: fairy-stockfish %s glance %s" % m,
                      flush=True)
    for k, n in sorted(stats.items()):
        print("%s: %d" % (k, n))
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
