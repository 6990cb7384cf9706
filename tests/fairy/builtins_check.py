#!/usr/bin/env python3
"""Every built-in variant modelled in src/variant/builtins.ini against
pyffish 0.0.90 playing the same variant by name, independently of the
Rust reader: this script reads builtins.ini itself (sections, parents,
`startFen`, the piece keys' letters) and checks, for each built-in,

* the start position: ours == pyffish.start_fen(name);
* the piece letters: the letters pyffish accepts on the board of that
  variant (a FEN with the letter on an empty square is not refused as
  FEN_INVALID_CHAR) == the letters of our pieces.

Prints one line per built-in and a summary; exits 1 if any differs.
Run: .venv/bin/python tests/fairy/builtins_check.py
"""
import os
import re
import string
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
INI = os.path.join(HERE, "..", "..", "src", "variant", "builtins.ini")
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
SYNONYMS = {"xiangqi": set("eh"), "janggi": set("eh"), "minixiangqi": set("h")}


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


def main():
    secs = sections(open(INI).read())
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    known = set(sf.variants())
    passed, failed = 0, []
    for name in secs:
        if name not in known:
            failed.append(name)
            print(f"FAIL {name}: not a pyffish built-in")
            continue
        fen, ours = resolve(secs, name)
        theirs = sf.start_fen(name)
        problems = []
        if fen != theirs:
            problems.append(f"startFen {fen!r} != pyffish {theirs!r}")
        acc = accepted_letters(name)
        extra = synonyms(secs, name)
        if acc is not None and acc - extra != ours:
            problems.append(f"letters ours {''.join(sorted(ours))} pyffish {''.join(sorted(acc))}")
        if problems:
            failed.append(name)
            print(f"FAIL {name}: " + "; ".join(problems))
        else:
            passed += 1
            print(f"ok   {name}" + (f" (pyffish also accepts the synonyms {''.join(sorted(extra))})" if extra else ""))
    print(f"{len(secs)} built-ins modelled of {len(known)}; {passed} pass, {len(failed)} differ: {' '.join(failed)}")
    sys.exit(1 if failed else 0)


main()
