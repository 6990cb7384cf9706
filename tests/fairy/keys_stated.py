#!/usr/bin/env python3
"""Every key that changes a built-in's play is stated on its page.

For each built-in of Fairy-Stockfish, the facts of its variant.cpp
(`tests/fixtures/variant-cpp-rules.json`: every field its chain of
`*_variant()` and `*_base()` functions sets) name the keys it sets away
from variant.h's default. For each such key this script asks pyffish
whether the key changes play: it loads a child of the built-in with that
one key at its default (`[probe:janggi]` / `flyingGeneral = false`) and
plays the same positions in both,

* random games from the start position, each to its end or 200 plies:
  at every position the legal moves, whether the game ends at once
  (`is_immediate_game_end`) and its result when no move is left;
* a repetition cycle (two quiet moves each way, played out three times)
  from the start and from a few positions of those games: whether the
  game may or must end, and how, after each ply;
* the start position itself.

(All of a built-in's unclaimed keys are first set to their defaults in
one child; only where that child differs is each key tried alone.) A key
whose child differs anywhere changes play; the page written for the
built-in (`glance page --builtins`) must claim it in some `data-rule`
(`flyingGeneral=true`): a sentence states it. A key that changes play
and no claim states is a failure. The expected facts come from
variant.cpp and pyffish's play, never from our reader.

    .venv/bin/python tests/fairy/keys_stated.py --pages DIR [--only a,b] [--jobs N]

Prints one line per failure, `variant: key=value changes play (how) and no
claim states it`, then the keys set, the keys found changing play and the
keys stated, by key. Exit 1 on a failure, 2 on bad input.
"""

import argparse
import collections
import json
import multiprocessing
import os
import random
import sys

import pyffish as sf

from rules.claims import read_claims
from rules.fen import MOVE

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FACTS = os.path.join(ROOT, "tests", "fixtures", "variant-cpp-rules.json")

# Keys not probed, each with its reason: none of them is a rule a sentence
# states apart from the board and the rows.
NOT_PROBED_PREFIXES = {
    "pieceBetza:": "a piece's moves: its row, its diagram and the fairy suite",
    "customPiece": "a piece's moves: its row, its diagram and the fairy suite",
    "pieceValue": "engine-only (evaluation)",
    "nnue": "engine-only (evaluation)",
}
NOT_PROBED = {
    "king": "the royal piece's letter: its row (the start-position check)",
    "maxFile": "the board's size: the board itself",
    "maxRank": "the board's size: the board itself",
    "startFen": "the start position: the board (builtins_check.py)",
    "variantTemplate": "engine-only (GUI template)",
    "pieceToCharTable": "engine-only (GUI piece order)",
    "pieceTypes": "the pieces: the rows",
}
ALL_RANKS = " ".join("*%d" % r for r in range(1, 11))
# variant.h's defaults that depend on the board (a whole rank, every
# square), in the parser's own syntax; every other key's default is the
# value the facts give where no function sets it.
BOARD_DEFAULTS = {
    "promotionRegionWhite": "*8",  # variant.h: promotionRegion = {Rank8BB, Rank1BB}
    "promotionRegionBlack": "*1",
    "doubleStepRegionWhite": "*2",  # doubleStepRegion = {Rank2BB, Rank7BB}
    "doubleStepRegionBlack": "*7",
    "enPassantRegionWhite": ALL_RANKS,  # enPassantRegion = {AllSquares, AllSquares}
    "enPassantRegionBlack": ALL_RANKS,
    "dropRegionWhite": ALL_RANKS,  # dropRegion = {AllSquares, AllSquares}
    "dropRegionBlack": ALL_RANKS,
    "wallingRegionWhite": ALL_RANKS,  # wallingRegion = {AllSquares, AllSquares}
    "wallingRegionBlack": ALL_RANKS,
}
GAMES = 3
PLIES = 200


def not_probed(key):
    for prefix, why in NOT_PROBED_PREFIXES.items():
        if key.startswith(prefix):
            return why
    return NOT_PROBED.get(key)


def defaults(variants):
    """Each key's default: its value where no function sets it (the most
    common such value; variant.h's one, as the facts record it)."""
    seen = collections.defaultdict(collections.Counter)
    for keys in variants.values():
        for key, fact in keys["keys"].items():
            if "set_in" not in fact:
                seen[key][fact["value"]] += 1
    out = {key: c.most_common(1)[0][0] for key, c in seen.items()}
    out.update(BOARD_DEFAULTS)
    return out


def keys_set(keys, default):
    """The keys a built-in's functions set away from the default."""
    out = {}
    for key, fact in keys.items():
        if "set_in" not in fact or not_probed(key):
            continue
        d = default.get(key, "-" if key.startswith("mobilityRegion") else None)
        if d is None or fact["value"] == d:
            continue
        out[key] = (fact["value"], d, fact["set_in"])
    return out


def random_games(variant, seed):
    """GAMES random games from the start: a list of (fen, moves-so-far
    from the start) per game, the start position included."""
    rng = random.Random(seed)
    start = sf.start_fen(variant)
    games = []
    for _ in range(GAMES):
        fen, positions = start, []
        for _ in range(PLIES):
            positions.append(fen)
            moves = sf.legal_moves(variant, fen, [])
            if not moves:
                break
            fen = sf.get_fen(variant, fen, [rng.choice(moves)])
        games.append(positions)
    return start, games


def quiet_cycle(variant, fen):
    """Two moves each way that undo each other: a repetition cycle from
    `fen` (None when none is found)."""
    first = sf.legal_moves(variant, fen, [])
    for a in first:
        back_a = reverse(a)
        if back_a is None or sf.is_capture(variant, fen, [], a):
            continue
        after_a = sf.legal_moves(variant, fen, [a])
        for b in after_a:
            back_b = reverse(b)
            if back_b is None or sf.is_capture(variant, fen, [a], b):
                continue
            if back_a in sf.legal_moves(variant, fen, [a, b]) and back_b in sf.legal_moves(variant, fen, [a, b, back_a]):
                return [a, b, back_a, back_b] * 3
    return None


def reverse(move):
    """The move that undoes a plain from-to move (e2e4 -> e4e2), else None."""
    m = MOVE.match(move)
    if not m or m.group(5) or m.group(6):
        return None
    return m.group(3) + m.group(4) + m.group(1) + m.group(2)


def state(variant, fen, moves, history=True):
    """What a player sees: the legal moves, whether the game ends at once
    and how, whether it may end (with `history`: a repetition) and how,
    and its result when no move is left."""
    legal = sf.legal_moves(variant, fen, moves)
    end, result = sf.is_immediate_game_end(variant, fen, moves)
    opt, oresult = sf.is_optional_game_end(variant, fen, moves) if history or not legal else (False, 0)
    over = sf.game_result(variant, fen, moves) if not legal else None
    return (sorted(legal), end, result if end else None, opt, oresult if opt else None, over)


def base_states(base, games, cycles):
    """The built-in's own states along the probes, computed once."""
    at_cycles = [[state(base, fen0, cycle[:n]) for n in range(len(cycle) + 1)] for fen0, cycle in cycles]
    at_games = [[state(base, fen, [], history=False) for fen in positions] for positions in games]
    return at_cycles, at_games


def differ(base, child, start, games, cycles):
    """How `child` plays differently from the built-in (a short reason),
    or None. `base`: base_states()."""
    if sf.start_fen(child) != start:
        return "start position %s, not %s" % (sf.start_fen(child), start)
    for (fen0, cycle), states in zip(cycles, base[0]):
        for n in range(len(cycle) + 1):
            b = state(child, fen0, cycle[:n])
            if states[n] != b:
                return "after %s from %s: %s" % (" ".join(cycle[:n]) or "no move", fen0, describe(states[n], b))
    for positions, states in zip(games, base[1]):
        for fen, a in zip(positions, states):
            b = state(child, fen, [], history=False)
            if a != b:
                return "at %s: %s" % (fen, describe(a, b))
    return None


def describe(a, b):
    if a[0] != b[0]:
        only_a = sorted(set(a[0]) - set(b[0]))[:4]
        only_b = sorted(set(b[0]) - set(a[0]))[:4]
        return "legal moves: %s only with the key, %s only at the default" % (" ".join(only_a) or "none", " ".join(only_b) or "none")
    return "game end %s with the key, %s at the default" % (a[1:], b[1:])


def load_child(name, tag, keys):
    """A child of built-in NAME with KEYS ({key: value}) set: its name, or
    None where pyffish refuses it."""
    child = "keyprobe_%s_%s" % (name.replace("-", "_"), tag)
    sf.load_variant_config("[%s:%s]\n%s" % (child, name, "".join("%s = %s\n" % kv for kv in sorted(keys.items()))))
    return child if child in sf.variants() else None


def check_variant(job):
    name, keys, page = job
    claimed = set()
    for group in read_claims(page):
        claimed.update(group.keys())
    out = []
    unclaimed = {}
    for key, (value, default, set_in) in sorted(keys.items()):
        if key in claimed:
            # stated: the rules suite plays what the claim says
            out.append((key, value, set_in, "stated", None))
        else:
            unclaimed[key] = (value, default, set_in)
    if not unclaimed:
        return name, out
    start, games = random_games(name, 1)
    cycles = []
    for fen in [start] + [g[min(len(g) - 1, 20)] for g in games[:2]]:
        c = quiet_cycle(name, fen)
        if c:
            cycles.append((fen, c))
    base = base_states(name, games, cycles)
    # Every unclaimed key at its default at once first: where that child
    # plays as the built-in does, so does each key alone (a key's change
    # hidden by another's is a case this does not see); else each alone.
    every = load_child(name, "all", {k: d for k, (_, d, _) in unclaimed.items()})
    if every is not None and differ(base, every, start, games, cycles) is None:
        for key, (value, _, set_in) in unclaimed.items():
            out.append((key, value, set_in, "same", None))
        return name, out
    for i, (key, (value, default, set_in)) in enumerate(sorted(unclaimed.items())):
        child = load_child(name, str(i), {key: default})
        if child is None:
            out.append((key, value, set_in, "error", "pyffish refused `%s = %s` on a child of %s" % (key, default, name)))
            continue
        how = differ(base, child, start, games, cycles)
        out.append((key, value, set_in, "missing" if how else "same", how))
    return name, out


def main():
    ap = argparse.ArgumentParser(description="every key that changes a built-in's play is stated on its page")
    ap.add_argument("--pages", required=True, help="the built-ins' pages (glance page --builtins --out-dir DIR)")
    ap.add_argument("--facts", default=FACTS)
    ap.add_argument("--only", help="comma-separated built-ins")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    facts = json.load(open(a.facts))["variants"]
    default = defaults(facts)
    only = set(a.only.split(",")) if a.only else None
    jobs = []
    for name in sorted(facts):
        if only and name not in only:
            continue
        page = os.path.join(a.pages, name + ".html")
        if not os.path.exists(page):
            print("%s: no page in %s" % (name, a.pages))
            sys.exit(2)
        jobs.append((name, keys_set(facts[name]["keys"], default), page))
    counts = collections.Counter()
    by_key = collections.defaultdict(collections.Counter)
    failures = 0
    with multiprocessing.Pool(a.jobs) as pool:
        for name, results in pool.imap_unordered(check_variant, jobs):
            for key, value, set_in, verdict, how in results:
                counts[verdict] += 1
                by_key[key][verdict] += 1
                if verdict in ("missing", "error"):
                    failures += 1
                    print("%s: %s=%s (set in %s) %s" % (
                        name, key, value, set_in,
                        "changes play (%s) and no claim states it" % how if verdict == "missing" else how), flush=True)
    total = sum(counts.values())
    print("keys stated: %d built-ins, %d keys set away from variant.h's default; %d claimed on the page, "
          "%d found changing play and claimed by none, %d playing the same in every probe, %d not loaded" % (
              len(jobs), total, counts["stated"], counts["missing"], counts["same"], counts["error"]))
    for key, c in sorted(by_key.items(), key=lambda kv: -sum(kv[1].values())):
        print("  %-32s %s" % (key, ", ".join("%s %d" % kv for kv in sorted(c.items()))))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
