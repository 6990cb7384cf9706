#!/usr/bin/env python3
"""Every built-in variant modelled in src/variant/builtins.ini against
pyffish 0.0.90 playing the same variant by name, independently of the
Rust reader: this script reads builtins.ini itself (sections, parents,
`startFen`, the piece keys' letters) and checks, for each built-in,

* the start position: ours == pyffish.start_fen(name);
* the piece letters: the letters pyffish accepts on the board of that
  variant (a FEN with the letter on an empty square is not refused as
  FEN_INVALID_CHAR) == the letters of our pieces.

and then every rule: each built-in's claims (the keys our reader
resolves, printed by `cargo run -q --example variant_rules`, or read from
`--claims FILE`, one JSON object a line) against the facts that
`scripts/variant-cpp-facts.py` derives from Fairy-Stockfish's variant.cpp
(`tests/fixtures/variant-cpp-rules.json`: every field each built-in's chain
of `*_variant()` and `*_base()` functions sets, defaults included). Each
disagreement is printed as

    variant: key: ours X, variant.cpp Y (set in FUNCTION)

then a count by key.

Prints one line per built-in and a summary; exits 1 if any differs.
Run: .venv/bin/python tests/fairy/builtins_check.py [--claims FILE]
     [--facts FILE] [--rules-only] [--quiet]
(`--rules-only` skips the pyffish checks, so the rules comparison runs
with the standard library alone.)
"""
import argparse
import collections
import json
import subprocess
import os
import re
import string
import sys

sf = None  # pyffish, imported by the start-position check only

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
INI = os.path.join(ROOT, "src", "variant", "builtins.ini")
# Fairy-Stockfish's *_variant_base() functions some built-ins are built on:
# parents only, no built-ins of their own.
BASES = os.path.join(ROOT, "src", "variant", "builtin_bases.ini")
FACTS = os.path.join(ROOT, "tests", "fixtures", "variant-cpp-rules.json")
FEN_INVALID_CHAR = -10
# Fairy-Stockfish's predefined piece types (its piece.cpp), the keys that
# give a piece a letter; customPieceN and king besides.
PIECE_NAMES = set("""pawn knight bishop rook queen fers alfil fersAlfil silver aiwok bers
archbishop chancellor amazon knibis biskni kniroo rookni shogiPawn lance shogiKnight
gold dragonHorse clobber breakthrough immobile cannon janggiCannon soldier horse
elephant janggiElephant banner wazir commoner centaur""".split())
# Second letters Fairy-Stockfish's variant.cpp gives a piece in a built-in
# (add_piece(HORSE, 'n', 'h'), add_piece(ELEPHANT, 'b', 'e')): accepted in
# its FENs, not expressible in a definition file (no key names them), so
# not in our model; counted apart, by name. A built-in inherits its
# parents' (janggicasual, manchu, supply...).
SYNONYMS = {"xiangqi_variant_base": set("eh"), "janggi": set("eh"), "minixiangqi": set("h")}


def synonyms(secs, name):
    out = set()
    while name:
        out |= SYNONYMS.get(name, set())
        name = secs[name]["parent"]
    return out


def sections(text):
    out = {}
    name = None
    for line in text.split("\n"):
        if line.startswith("["):
            head = line[1:line.index("]")]
            name, _, parent = head.partition(":")
            out[name] = {"parent": parent or None, "keys": []}
        elif name and "=" in line and not line.startswith(("#", ";")):
            k, v = line.split("=", 1)
            out[name]["keys"].append((k.rstrip(" "), v.lstrip()))
    return out


def is_piece_key(k, v):
    return k.startswith("customPiece") or k == "king" or k in PIECE_NAMES


def resolve(secs, name):
    chain = []
    while name:
        chain.append(secs[name])
        name = secs[name]["parent"]
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    pieces = {}
    for s in reversed(chain):
        for k, v in s["keys"]:
            if k == "startFen":
                fen = v
            elif is_piece_key(k, v):
                if v[0].isalpha():
                    letter = v[0].lower()
                    pieces = {n: l for n, l in pieces.items() if l != letter}
                    pieces[k] = letter
                else:
                    pieces.pop(k, None)
    return fen, set(pieces.values())


def accepted_letters(name):
    fen = sf.start_fen(name)
    board, rest = fen.split(" ", 1)
    rows = board.split("/")
    # The first rank with an empty square: one empty square replaced.
    i = next((i for i, r in enumerate(rows) if re.search(r"\d", r)), None)
    if i is None:
        return None
    m = re.search(r"\d+", rows[i])
    n = int(m.group())
    out = set()
    for c in string.ascii_lowercase:
        for letter in (c, c.upper()):
            row = rows[i][: m.start()] + letter + (str(n - 1) if n > 1 else "") + rows[i][m.end():]
            test = "/".join(rows[:i] + [row] + rows[i + 1:]) + " " + rest
            if sf.validate_fen(test, name) != FEN_INVALID_CHAR:
                out.add(c)
    return out


def start_positions():
    """The start position and letter check; returns the failed names."""
    global sf
    import pyffish
    sf = pyffish
    secs = sections(open(INI).read())
    bases = sections(open(BASES).read())
    devnull = os.open(os.devnull, os.O_WRONLY)
    saved = os.dup(2)
    os.dup2(devnull, 2)
    known = set(sf.variants())
    passed, failed = 0, []
    for name in secs:
        if name not in known:
            failed.append(name)
            print(f"FAIL {name}: not a pyffish built-in")
            continue
        fen, ours = resolve({**bases, **secs}, name)
        theirs = sf.start_fen(name)
        problems = []
        if fen != theirs:
            problems.append(f"startFen {fen!r} != pyffish {theirs!r}")
        acc = accepted_letters(name)
        extra = synonyms({**bases, **secs}, name)
        if acc is not None and acc - extra != ours:
            problems.append(f"letters ours {''.join(sorted(ours))} pyffish {''.join(sorted(acc))}")
        if problems:
            failed.append(name)
            print(f"FAIL {name}: " + "; ".join(problems))
        else:
            passed += 1
            print(f"ok   {name}" + (f" (pyffish also accepts the synonyms {''.join(sorted(extra))})" if extra else ""))
    print(f"{len(secs)} built-ins modelled of {len(known)}; {passed} pass, {len(failed)} differ: {' '.join(failed)}")
    os.dup2(saved, 2)
    return failed


# ------------------------------------------------------------------ rules
#
# Keys left out of the rules comparison, each with its reason. They are
# not excuses: a key that changes play is never listed here.
NOT_COMPARED = {
    # Engine-only: evaluation and NNUE, not rules.
    "pieceValueMg": "engine-only (evaluation)",
    "pieceValueEg": "engine-only (evaluation)",
    "variantTemplate": "engine-only (GUI/NNUE template)",
    "pieceToCharTable": "engine-only (NNUE/GUI piece order)",
    # Checked above against pyffish itself, not against the source.
    "startFen": "checked by the start-position check",
}
# Known reader differences: printed, counted apart, do not fail. Each
# names why our value and variant.cpp's must differ; none is a bug to fix.
KNOWN = {
    # Fairy-Stockfish's default castlingRookKingsideFile is FILE_MAX (the
    # 12th file, l, of the LARGEBOARDS build): position.cpp (set_castling_
    # right) searches from that file towards a for the castling rook, and
    # the files past the board are empty, so on a board of N files it
    # finds the same rook as from the last file, which is what we claim.
    "castlingRookKingsideFile": lambda ours, theirs, facts: theirs == "l" and ours == chr(96 + int(facts["maxFile"]["value"])),
}
# Keys whose absence from one side means the default: a mobility region
# (none: the piece moves anywhere).
ABSENT_IS = {"mobilityRegion": "-"}


def claims_from_example(path=None):
    cmd = ["cargo", "run", "-q", "--example", "variant_rules"]
    if path:
        cmd += ["--", path]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return parse_claims(out)


def parse_claims(text):
    out = {}
    for line in text.splitlines():
        if line.strip():
            o = json.loads(line)
            out[o["name"]] = o["claims"]
    return out


def absent_default(key):
    for prefix, v in ABSENT_IS.items():
        if key.startswith(prefix):
            return v
    return None


def same(key, ours, theirs, facts):
    if ours == theirs:
        return True
    if key == "connectPieceTypes" or key.endswith("Types") or key.endswith("TypesWhite") or key.endswith("TypesBlack"):
        letters = facts.get("pieceTypes", {}).get("value", "")
        every = "".join(sorted(set(letters)))
        if {ours, theirs} <= {"*", every}:
            return True
    return False


def compare_rules(claims, facts, quiet=False):
    """Prints each disagreement; returns (failing, known, compared) counts."""
    by_key = collections.Counter()
    known_by_key = collections.Counter()
    by_variant = collections.Counter()
    compared = 0
    variants = facts["variants"]
    for name in variants:
        if name not in claims:
            print(f"{name}: no claims from our side")
            by_key["(variant missing)"] += 1
            continue
        ours_all, theirs_all = claims[name], variants[name]["keys"]
        for key in sorted(set(ours_all) | set(theirs_all)):
            if key in NOT_COMPARED:
                continue
            d = absent_default(key)
            ours = ours_all.get(key, d)
            fact = theirs_all.get(key)
            theirs = fact["value"] if fact else d
            where = fact.get("set_in", "variant.h") if fact else "variant.h (no such field set)"
            compared += 1
            if isinstance(theirs, dict):
                theirs = f"unevaluated {theirs['unevaluated']!r}"
            if ours is not None and theirs is not None and same(key, ours, theirs, theirs_all):
                continue
            ours_s = "(no claim)" if ours is None else ours
            theirs_s = "(no such key)" if theirs is None else theirs
            if key in KNOWN and ours is not None and theirs is not None and KNOWN[key](ours, theirs, theirs_all):
                known_by_key[key] += 1
                continue
            by_key[key] += 1
            by_variant[name] += 1
            if not quiet:
                print(f"{name}: {key}: ours {ours_s}, variant.cpp {theirs_s} (set in {where})")
    for name in claims:
        if name not in variants:
            print(f"{name}: claimed but not a built-in of variant.cpp's facts")
            by_key["(not a built-in)"] += 1
    total = sum(by_key.values())
    print(f"rules: {compared} keys compared over {len(variants)} built-ins "
          f"(source {facts['source']['commit'][:8]}); {total} disagree, "
          f"{sum(known_by_key.values())} known reader differences")
    for key, n in by_key.most_common():
        print(f"  {n:4d} {key}")
    for key, n in known_by_key.most_common():
        print(f"  {n:4d} {key} (known reader difference, not failing)")
    if by_variant:
        print("  by variant: " + ", ".join(f"{v} {n}" for v, n in by_variant.most_common()))
    return total


def main():
    ap = argparse.ArgumentParser(description="built-ins against pyffish and variant.cpp")
    ap.add_argument("--claims", help="our claims, JSON lines (default: run the variant_rules example)")
    ap.add_argument("--facts", default=FACTS, help="variant.cpp's facts (scripts/variant-cpp-facts.py)")
    ap.add_argument("--rules-only", action="store_true", help="skip the pyffish start-position check")
    ap.add_argument("--quiet", action="store_true", help="counts only")
    a = ap.parse_args()
    failed = [] if a.rules_only else start_positions()
    facts = json.load(open(a.facts))
    claims = parse_claims(open(a.claims).read()) if a.claims else claims_from_example()
    disagreements = compare_rules(claims, facts, a.quiet)
    sys.exit(1 if failed or disagreements else 0)


main()
