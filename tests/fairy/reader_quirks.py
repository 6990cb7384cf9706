#!/usr/bin/env python3
"""How Fairy-Stockfish (pyffish 0.0.90) reads a variants.ini line: the
measurements behind the unit tests of src/variant/ini.rs, resolve.rs and
lint.rs. Each case loads a small section and checks what pyffish plays;
it exits 1 if any measurement differs from what those tests expect.

Run: .venv/bin/python tests/fairy/reader_quirks.py
"""
import os
import sys

import pyffish as sf

FAILED = []


def check(name, got, want):
    ok = got == want
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {got!r}" + ("" if ok else f" (expected {want!r})"))
    if not ok:
        FAILED.append(name)


def load(name, body, parent="chess"):
    sf.load_variant_config(f"[{name}:{parent}]\n" + body)


def files(v):
    """The board's width: the narrowest FEN pyffish accepts."""
    for n in range(3, 13):
        fen = "/".join([str(n)] * 7) + "/K" + str(n - 2) + "k w - - 0 1"
        if sf.validate_fen(fen, v) == 1:
            return n


def ranks(v):
    for n in range(2, 11):
        fen = "/".join(["8"] * (n - 1)) + "/K6k w - - 0 1"
        if sf.validate_fen(fen, v) == 1:
            return n


def castles(v):
    return "e1g1" in sf.legal_moves(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", [])


def from_square(v, fen, sq):
    return sorted(m for m in sf.legal_moves(v, fen, []) if m.startswith(sq))


# stderr of pyffish's own complaints is not part of the measure.
devnull = os.open(os.devnull, os.O_WRONLY)
os.dup2(devnull, 2)

load("q1", "customPiece1 = s:fR2 # a note\n")
check("Betza, note without an atom", from_square("q1", "8/8/8/8/8/8/8/K2S3k w - - 0 1", "d1"), ["d1d2", "d1d3"])
load("q2", "customPiece1 = s:fR2 # a Wazir\n")
check("Betza, note with an atom", from_square("q2", "8/8/8/8/8/8/8/K2S3k w - - 0 1", "d1"), ["d1c1", "d1d2", "d1d3", "d1e1"])
load("q3", "maxFile = 6 # six\n")
check("number, note", files("q3"), 6)
load("q4", "maxFile = 6x\n")
check("number, trailing letters", files("q4"), 6)
load("q5", "maxFile = f\n")
check("file as a letter", files("q5"), 6)
load("q6", "MaxFile = 6\n")
check("key in another case", files("q6"), 8)
load("q7", "  maxFile = 6\n")
check("indented key", files("q7"), 8)
load("q8", "maxRank\t= 6\n")
check("tab before =", ranks("q8"), 8)
load("q9", "maxRank =\t6\n")
check("tab after =", ranks("q9"), 6)
load("q10", "maxRank=6\r\n")
check("no spaces, CRLF", ranks("q10"), 6)
sf.load_variant_config("maxRank = 6\n[q11:chess]\n")
check("key before the first section", ranks("q11"), 8)
sf.load_variant_config("[q12:chess]  # note\nno equals\nmaxFile = 6\n ; indented\n")
check("header note, line without =", files("q12"), 6)
for i, b in enumerate(["yes", "True", "true ", "true # note", "maybe"]):
    load(f"qb{i}", f"castling = {b}\n")
    check(f"boolean {b!r}", castles(f"qb{i}"), False)
load("qb9", "castling = true\n")
check("boolean 'true'", castles("qb9"), True)
load("q13", "maxFile = 6\nmaxFile = 7\n")
check("later line wins", files("q13"), 7)
load("q14", "promotionPieceTypes = nq # note\n")
check("piece set, note", from_square("q14", "8/P7/8/8/8/8/8/K6k w - - 0 1", "a7"), ["a7a8n", "a7a8q"])
load("q15", "promotionRegionWhite = *7 *8 # x\n")
check("region, note", len(from_square("q15", "8/8/P7/8/8/8/8/K6k w - - 0 1", "a6")), 4)
load("q16", "rook = r # note\n")
fen = "7k/8/8/8/8/8/8/K2R4 w - - 0 1"
check("predefined piece, note", from_square("q16", fen, "d1"), from_square("chess", fen, "d1"))
load("q17", "doubleStep = true # c\n")
check("doubleStep with a note is false", "e2e4" in sf.legal_moves("q17", sf.start_fen("q17"), []), False)

# A pseudo-royal piece whose own capture would destroy it never captures
# (resolve.rs, Rules::self_destroying): the White King on e4 next to a
# Black Knight on d5 (which attacks e3 and f4), the Black King far away.
fen = "7k/8/8/3n4/4K3/8/8/8 w - - 0 1"
king = ["e4d3", "e4d4", "e4e5", "e4f3", "e4f5"]
check("atomic: the King never captures (a blast)", from_square("atomic", fen, "e4"), king)
check("petrified: the King never captures (petrified)", from_square("petrified", fen, "e4"), king)
check("nocheckatomic: not pseudo-royal, it captures", "e4d5" in from_square("nocheckatomic", fen, "e4"), True)
# Still under blastImmuneTypes (Position::legal counts the capturer gone).
load("q18", "blastImmuneTypes = k\n", "atomic")
check("atomic, blast-immune King: never captures", from_square("q18", fen, "e4"), king)
# More Kings than extinctionPieceCount + 1: none is pseudo-royal.
two = "7k/8/8/3n4/4K3/8/8/K7 w - - 0 1"
check("atomic, two Kings: the King captures", "e4d5" in from_square("atomic", two, "e4"), True)

print(f"{len(FAILED)} measurement(s) differ")
sys.exit(1 if FAILED else 0)
