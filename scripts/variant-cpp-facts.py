#!/usr/bin/env python3
"""The rules of Fairy-Stockfish's built-in variants, read from its source.

Reads `src/variant.cpp` (each built-in's `*_variant()` function and the
`*_variant()` / `*_variant_base()` chain it starts from), `src/variant.h`
(the defaults), `src/types.h` (the piece types) and `src/piece.cpp` (the
piece names and moves) of a Fairy-Stockfish checkout, evaluates every
statement of each chain (`Variant* v = parent()->init();`, field
assignments, `add_piece`, `remove_piece`, `reset_pieces`, then
`Variant::conclude()`'s double-step consistency), and writes, for each
built-in that `src/variant/builtin.rs` models (`MODELLED`), the value of
every field under its `variants.ini` key in the canonical spelling of
`src/variant/claims.rs`, with the function that set it:

    tests/fixtures/variant-cpp-rules.json

The build is pyffish 0.0.90's: LARGEBOARDS (12 files x 10 ranks) and
ALLVARS defined. The JSON holds facts derived from the source, not its
code. Fields no key can set (a piece's second letter, `kingType`,
`freeDrops`, `nnueAlias`...) are listed apart, under "inexpressible".

Run: python3 scripts/variant-cpp-facts.py [--repo FSF_GIT_DIR] [--out FILE]
(standard library only; reads the checkout with `git show`).
"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_REPO = "/work/.mirror/fairy-stockfish+Fairy-Stockfish/repo"
FILES, RANKS = 12, 10  # LARGEBOARDS
ALL_SQ = frozenset((f, r) for f in range(FILES) for r in range(RANKS))
WHITE, BLACK = 0, 1


def git_show(repo, rev, path):
    return subprocess.run(["git", "-C", repo, "show", f"{rev}:{path}"],
                          check=True, capture_output=True, text=True).stdout


def strip_comments(src):
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if c == '"':
            j = i + 1
            while src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append(src[i:j + 1])
            i = j + 1
        elif c == "'":
            j = src.index("'", i + 1)
            out.append(src[i:j + 1])
            i = j + 1
        elif src.startswith("//", i):
            i = src.index("\n", i)
        elif src.startswith("/*", i):
            i = src.index("*/", i) + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


# ---------------------------------------------------------------- types

def piece_types(types_h):
    """PieceType enumerators -> numbers (aliases included)."""
    body = re.search(r"enum PieceType\s*\{(.*?)\};", types_h, re.S).group(1)
    bits = int(re.search(r"PIECE_TYPE_BITS\s*=\s*(\d+)", types_h).group(1))
    names, n = {}, 0
    for item in [x.strip() for x in body.split(",") if x.strip()]:
        if "=" in item:
            k, expr = [x.strip() for x in item.split("=", 1)]
            expr = expr.replace("1 << PIECE_TYPE_BITS", str(1 << bits))
            for name, val in sorted(names.items(), key=lambda x: -len(x[0])):
                expr = re.sub(rf"\b{name}\b", str(val), expr)
            n = eval(expr, {"__builtins__": {}})  # numbers and + - only
        else:
            k = item
        names[k] = n
        n += 1
    return names


def piece_info(piece_cpp):
    """PieceType enumerator -> (key name, Betza) from PieceMap::init."""
    init = piece_cpp[piece_cpp.index("void PieceMap::init"):]
    out = {}
    for m in re.finditer(r'add\((\w+), from_betza\("([^"]*)", "(\w+)"\)\)', init):
        out[m.group(1)] = (m.group(3), m.group(2))
    m = re.search(r'add\((\w+), janggi_elephant_piece\(\)\)', init)
    if m:
        b = re.search(r'janggi_elephant_piece\(\)\s*\{.*?from_betza\("([^"]*)", "(\w+)"\)',
                      piece_cpp, re.S)
        out[m.group(1)] = (b.group(2), b.group(1))
    return out


# ---------------------------------------------------------------- values

class Unevaluated(Exception):
    pass


class BB(frozenset):
    """A bitboard: a set of (file, rank) on the 12x10 board."""


class PS(frozenset):
    """A piece set: a set of PieceType numbers (0 is ALL_PIECES)."""


class PT(int):
    """A piece type."""


class Enum(str):
    """An enumerator already in the parser's word."""


class Char(str):
    """A char literal ('n'), told apart from a string ("NN")."""


class FileV(int):
    pass


class RankV(int):
    pass


WORDS = {
    "VALUE_MATE": "win", "VALUE_DRAW": "draw", "VALUE_NONE": "none",
    "MAKRUK_COUNTING": "makruk", "CAMBODIAN_COUNTING": "cambodian",
    "ASEAN_COUNTING": "asean", "NO_COUNTING": "none",
    "JANGGI_MATERIAL": "janggi", "UNWEIGHTED_MATERIAL": "unweighted",
    "WHITE_DRAW_ODDS": "whitedrawodds", "BLACK_DRAW_ODDS": "blackdrawodds",
    "NO_MATERIAL_COUNTING": "none",
    "AXF_CHASING": "axf", "NO_CHASING": "none",
    "REVERSI": "reversi", "ATAXX": "ataxx", "QUADWRANGLE": "quadwrangle",
    "SNORT": "snort", "ANYSIDE": "anyside", "TOP": "top", "NO_ENCLOSING": "none",
    "ARROW": "arrow", "DUCK": "duck", "EDGE": "edge", "PAST": "past",
    "STATIC": "static", "NO_WALLING": "none",
    "NO_CASTLING": "-",
}


class Evaluator:
    def __init__(self, pts):
        self.pts = pts

    def tokens(self, text):
        spec = r'\s*(?:("(?:[^"\\]|\\.)*")|(\'.\')|(\d+)|([A-Za-z_]\w*(?:->\w+)?)|(<<|>>|[|&^~()\[\],\-+]))'
        out, i = [], 0
        text = text.strip()
        while i < len(text):
            m = re.compile(spec).match(text, i)
            if not m or m.end() == i:
                raise Unevaluated(text)
            out.append(next(g for g in m.groups() if g is not None))
            i = m.end()
        # adjacent string literals concatenate
        merged = []
        for t in out:
            if t.startswith('"') and merged and merged[-1].startswith('"'):
                merged[-1] = merged[-1][:-1] + t[1:]
            else:
                merged.append(t)
        return merged

    def eval(self, text, state):
        self.toks, self.i, self.state = self.tokens(text), 0, state
        v = self.or_()
        if self.i != len(self.toks):
            raise Unevaluated(text)
        return v

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, t=None):
        tok = self.peek()
        if t is not None and tok != t:
            raise Unevaluated(" ".join(self.toks))
        self.i += 1
        return tok

    def binop(self, op, a, b):
        if isinstance(a, BB) and isinstance(b, BB):
            return BB({"|": a | b, "&": a & b, "^": a ^ b}[op])
        if isinstance(a, (PS, PT)) and isinstance(b, (PS, PT)):
            a = a if isinstance(a, PS) else PS({a})
            b = b if isinstance(b, PS) else PS({b})
            return PS({"|": a | b, "&": a & b, "^": a ^ b}[op])
        raise Unevaluated(f"{a!r} {op} {b!r}")

    def or_(self):
        v = self.xor_()
        while self.peek() == "|":
            self.take()
            v = self.binop("|", v, self.xor_())
        return v

    def xor_(self):
        v = self.and_()
        while self.peek() == "^":
            self.take()
            v = self.binop("^", v, self.and_())
        return v

    def and_(self):
        v = self.shift()
        while self.peek() == "&":
            self.take()
            v = self.binop("&", v, self.shift())
        return v

    def shift(self):
        v = self.unary()
        while self.peek() in ("<<", ">>"):
            op = self.take()
            n = self.unary()
            if not isinstance(v, BB) or type(n) is not int:
                raise Unevaluated("shift")
            # a shift by n squares of the 12-file layout
            idx = {f + r * FILES for f, r in v}
            idx = {i + n if op == "<<" else i - n for i in idx}
            v = BB((i % FILES, i // FILES) for i in idx if 0 <= i < FILES * RANKS)
        return v

    def unary(self):
        t = self.peek()
        if t == "~":
            self.take()
            v = self.unary()
            if isinstance(v, BB):
                return BB(ALL_SQ - v)
            if isinstance(v, (PS, PT)):
                v = v if isinstance(v, PS) else PS({v})
                return PS(set(range(64)) - v)
            raise Unevaluated("~")
        if t == "-":
            self.take()
            v = self.unary()
            if isinstance(v, Enum) and v == "win":
                return Enum("loss")
            if type(v) is int:
                return -v
            raise Unevaluated("-")
        return self.atom()

    def atom(self):
        t = self.take()
        if t is None:
            raise Unevaluated("end")
        if t == "(":
            v = self.or_()
            self.take(")")
            return v
        if t.startswith('"'):
            return t[1:-1].encode().decode("unicode_escape")
        if t.startswith("'"):
            return Char(t[1])
        if t.isdigit():
            return int(t)
        if t in ("true", "false"):
            return t == "true"
        if t.startswith("v->"):
            key = [t[3:]]
            while self.peek() == "[":
                self.take()
                key.append(self.index(self.take()))
                self.take("]")
            return self.state.get(tuple(key))
        m = re.fullmatch(r"Rank(\d+)BB", t)
        if m:
            return BB((f, int(m.group(1)) - 1) for f in range(FILES))
        m = re.fullmatch(r"File([A-Z])BB", t)
        if m:
            return BB((ord(m.group(1)) - 65, r) for r in range(RANKS))
        if t == "AllSquares":
            return BB(ALL_SQ)
        m = re.fullmatch(r"FILE_([A-Z])", t)
        if m:
            return FileV(ord(m.group(1)) - 65)
        if t == "FILE_MAX":
            return FileV(FILES - 1)
        m = re.fullmatch(r"RANK_(\d+)", t)
        if m:
            return RankV(int(m.group(1)) - 1)
        if t == "RANK_MAX":
            return RankV(RANKS - 1)
        if t in WORDS:
            return Enum(WORDS[t])
        if t == "NO_PIECE_SET":
            return PS()
        if t in self.pts:
            return PT(self.pts[t])
        if t in ("piece_set", "make_bitboard"):
            self.take("(")
            args = [self.or_()]
            while self.peek() == ",":
                self.take()
                args.append(self.or_())
            self.take(")")
            if t == "piece_set":
                return PS({args[0]})
            return BB(args)
        m = re.fullmatch(r"SQ_([A-Z])(\d+)", t)
        if m:
            return (ord(m.group(1)) - 65, int(m.group(2)) - 1)
        raise Unevaluated(t)

    def index(self, tok):
        if tok == "WHITE":
            return WHITE
        if tok == "BLACK":
            return BLACK
        if tok in self.pts:
            return self.pts[tok]
        raise Unevaluated(tok)


# ---------------------------------------------------------------- source

def defaults(variant_h, ev, state):
    """Field defaults of `struct Variant` (variant.h)."""
    body = variant_h[variant_h.index("struct Variant {"):variant_h.index("bool fastAttacks")]
    for m in re.finditer(r"^[ \t]*([A-Za-z:<>_]+)[ \t]+(\w+)((?:\[\w+\])*)\s*=\s*(.*?);[ \t]*$", body, re.M | re.S):
        typ, name, dims, expr = m.groups()
        if name in ("pieceToChar", "pieceToCharSynonyms", "pieceValue", "customPiece", "pieceTypes", "pieceToCharSynonyms"):
            continue
        dims = re.findall(r"\[(\w+)\]", dims)
        zero = {"Bitboard": BB(), "PieceSet": PS(), "PieceType": PT(0)}.get(typ, 0)
        if not dims:
            x = ev.eval(expr, state)
            state[(name,)] = zero if x == 0 and typ in ("Bitboard", "PieceSet") else x
        elif dims == ["COLOR_NB"] and expr.strip() == "{}":
            for c in (WHITE, BLACK):
                state[(name, c)] = zero
        elif dims == ["COLOR_NB"]:
            items = [x.strip() for x in re.fullmatch(r"\{(.*)\}", expr.strip(), re.S).group(1).split(",")]
            for c, x in enumerate(items):
                state[(name, c)] = ev.eval(x, state)
        elif expr.strip() == "{}":
            pass  # zero: left unset, read as 0 / empty
        else:
            raise Unevaluated(m.group(0))
    # PieceType fields default to 0 when written {}
    return state


def functions(src):
    out = {}
    for m in re.finditer(r"Variant\*\s+(\w+)\(\)\s*\{", src):
        i, depth = m.end(), 1
        while depth:
            depth += {"{": 1, "}": -1}.get(src[i], 0)
            i += 1
        out[m.group(1)] = src[m.end():i - 1]
    return out


def registrations(src):
    body = src[src.index("void VariantMap::init()"):]
    body = body[:body.index("\n}\n")]
    # LARGEBOARDS and ALLVARS both defined (pyffish 0.0.90): no line dropped
    return re.findall(r'add\("([^"]+)",\s*(\w+)\(\)\)', body)


class Builder:
    def __init__(self, funcs, pts, pinfo, ev, base_state):
        self.funcs, self.pts, self.pinfo, self.ev = funcs, pts, pinfo, ev
        self.base_state = base_state
        self.unevaluated = []

    def build(self, fname):
        body = self.funcs[fname]
        stmts = [" ".join(s.split()) for s in body.split(";") if s.strip()]
        first = stmts[0]
        m = re.fullmatch(r"Variant ?\* ?v = (?:(\w+)\(\)(?:->init\(\))?|new Variant\(\))", first)
        if not m:
            raise Unevaluated(first)
        if m.group(1):
            v = self.build(m.group(1))
            chain = v["chain"] + [fname]
        else:
            v = {"state": dict(self.base_state), "src": {}, "chars": {}, "syn": {},
                 "betza": {}, "pieces": set(), "chain": [fname]}
            v["src"] = {k: "variant.h" for k in v["state"]}
            for pt in (self.pts["PAWN"], self.pts["KNIGHT"], self.pts["BISHOP"],
                       self.pts["ROOK"], self.pts["QUEEN"], self.pts["KING"]):
                v["pieces"].add(pt)
            names = {self.pts[n]: n for n in ("PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING")}
            v["chars"] = {pt: "pnbrqk"["PAWN KNIGHT BISHOP ROOK QUEEN KING".split().index(n)]
                          for pt, n in names.items()}
            chain = [fname]
        v = {k: (dict(x) if isinstance(x, dict) else set(x) if isinstance(x, set) else list(x))
             for k, x in v.items()}
        v["chain"] = chain
        for s in stmts[1:]:
            if s == "return v":
                break
            self.statement(v, s, fname)
        return v

    def set(self, v, key, value, fname):
        v["state"][key] = value
        v["src"][key] = fname

    def remove_piece(self, v, pt, fname):
        v["chars"].pop(pt, None)
        v["syn"].pop(pt, None)
        v["pieces"].discard(pt)
        for c in (WHITE, BLACK):
            k = ("promotionPieceTypes", c)
            self.set(v, k, PS(v["state"][k] - {pt}), fname)

    def statement(self, v, s, fname):
        m = re.fullmatch(r"v->(\w+)\((.*)\)", s)
        if m:
            meth, args = m.group(1), m.group(2)
            args = [self.ev.eval(a, v["state"]) for a in split_args(args)] if args else []
            if meth == "reset_pieces":
                v["chars"], v["syn"], v["pieces"] = {}, {}, set()
                for c in (WHITE, BLACK):
                    self.set(v, ("promotionPieceTypes", c), PS(), fname)
            elif meth == "remove_piece":
                self.remove_piece(v, args[0], fname)
            elif meth == "add_piece":
                pt, ch = args[0], args[1]
                # add_piece(pt, 'c' [, "betza"] [, 'c2'])
                betza = next((a for a in args[2:] if not isinstance(a, Char)), "")
                c2 = next((a for a in args[2:] if isinstance(a, Char)), None)
                for other, l in list(v["chars"].items()):
                    if l == ch.lower():
                        self.remove_piece(v, other, fname)
                v["chars"][pt] = ch.lower()
                if c2 and c2 != " ":
                    v["syn"][pt] = (c2.lower(), fname)
                else:
                    v["syn"].pop(pt, None)
                v["pieces"].add(pt)
                v["betza"][pt] = betza if betza else v["betza"].get(pt, "")
                v["src"][("piece", pt)] = fname
            else:
                raise Unevaluated(s)
            return
        if re.fullmatch(r"v->(endgameEval|nnueAlias) = .*", s):
            return  # engine-only fields with no variants.ini key
        # v->a = v->b |= expr: b |= expr, then a = b
        m = re.fullmatch(r"(v->\w+(?:\[\w+\])*) = (v->\w+(?:\[\w+\])*) ([|&])= (.*)", s)
        if m:
            self.statement(v, f"{m.group(2)} {m.group(3)}= {m.group(4)}", fname)
            self.statement(v, f"{m.group(1)} = {m.group(2)}", fname)
            return
        # chained assignment: v->a[..] = v->b[..] = expr ; or |= / &=
        m = re.fullmatch(r"((?:v->\w+(?:\[\w+\])*\s*=\s*)+)(.*)", s)
        op = "="
        if not m:
            m2 = re.fullmatch(r"(v->\w+(?:\[\w+\])*)\s*([|&])=\s*(.*)", s)
            if not m2:
                self.unevaluated.append((fname, s))
                return
            targets, op, expr = [m2.group(1)], m2.group(2), m2.group(3)
        else:
            targets = re.findall(r"v->\w+(?:\[\w+\])*", m.group(1))
            expr = m.group(2)
        try:
            value = self.ev.eval(expr, v["state"])
        except Unevaluated:
            for t in targets:
                key = self.target(t)
                self.set(v, key, ("unevaluated", expr), fname)
            self.unevaluated.append((fname, s))
            return
        for t in targets:
            key = self.target(t)
            val = value
            if op != "=":
                val = self.ev.binop(op, v["state"].get(key, PS()), value)
            self.set(v, key, val, fname)

    def target(self, t):
        parts = re.findall(r"\w+", t)
        return tuple([parts[1]] + [self.ev.index(p) for p in parts[2:]])


def split_args(s):
    out, depth, cur, q = [], 0, "", None
    for ch in s:
        if q:
            cur += ch
            if ch == q:
                q = None
            continue
        if ch in "\"'":
            q = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        cur += ch
    out.append(cur)
    return [a.strip() for a in out]


def conclude(v):
    """Variant::conclude()'s consistency rules for double steps."""
    st, src = v["state"], v["src"]
    if not st[("doubleStep",)]:
        for c in (WHITE, BLACK):
            st[("doubleStepRegion", c)] = BB()
            src[("doubleStepRegion", c)] = "Variant::conclude (doubleStep = false)"
    if not st[("doubleStepRegion", WHITE)] and not st[("doubleStepRegion", BLACK)]:
        if st[("doubleStep",)]:
            src[("doubleStep",)] = "Variant::conclude (no double-step squares)"
        st[("doubleStep",)] = False


# ---------------------------------------------------------------- keys

SIDES = ("White", "Black")


def render(v, pts, pinfo):
    st, src, chars = v["state"], v["src"], v["chars"]
    files = int(st[("maxFile",)]) + 1
    ranks = int(st[("maxRank",)]) + 1
    names = {n: pt for n, pt in pts.items()}
    pt_name = {}
    for n, num in pts.items():
        pt_name.setdefault(num, n)
    keys, uneval = {}, []

    def fmt_region(b):
        sq = sorted((r, f) for f, r in b if f < files and r < ranks)
        return " ".join(f"{chr(97 + f)}{r + 1}" for r, f in sq) or "-"

    def fmt_set(ps):
        if len(ps) == 64:
            return "*"
        out = []
        for pt in ps:
            if pt == 0:
                out.append("*")
            elif pt in chars:
                out.append(chars[pt])
        return "".join(sorted(out)) or "-"

    def fmt_one(pt, zero):
        # A type the variant has no letter for names no piece of it: "-".
        return zero if pt == 0 else chars.get(pt, "-")

    def put(key, field, value):
        if isinstance(value, tuple) and value and value[0] == "unevaluated":
            uneval.append(key)
            value = {"unevaluated": value[1]}
        keys[key] = {"value": value, "set_in": src.get(field, "variant.h")}

    def get(field):
        return st.get(field)

    def typed(field, kind):
        x = get(field)
        if isinstance(x, tuple):
            return x
        if kind == "bool":
            return "true" if x else "false"
        if kind == "int":
            return str(int(x or 0))
        if kind in ("value", "word"):
            return str(x)
        if kind == "region":
            return fmt_region(x or BB())
        if kind == "set":
            return fmt_set(x if x is not None else PS())
        if kind == "file":
            return chr(97 + int(x))
        if kind == "rank":
            return str(int(x) + 1)
        raise ValueError(kind)

    put("maxFile", ("maxFile",), str(files))
    put("maxRank", ("maxRank",), str(ranks))
    king = pts["KING"]
    put("pieceTypes", ("piece",), "".join(sorted(chars[p] for p in v["pieces"])) or "-")
    keys["pieceTypes"]["set_in"] = " ".join(v["chain"])
    for p in sorted(v["pieces"]):
        if p == king:
            kt = v["state"].get(("kingType",), PT(king))
            betza = pinfo[pt_name[kt]][1] if kt != king else pinfo["KING"][1]
        elif p >= pts["CUSTOM_PIECE_1"]:
            betza = v["betza"].get(p, "")
        else:
            betza = pinfo[pt_name[p]][1]
        keys[f"pieceBetza:{chars[p]}"] = {"value": betza, "set_in": src.get(("piece", p), v["chain"][0])}
    put("king", ("piece", king), chars.get(king, "-") if king in v["pieces"] else "-")
    bool_keys = """sittuyinPromotion piecePromotionOnCapture mandatoryPawnPromotion mandatoryPiecePromotion
    pieceDemotion blastOnCapture petrifyBlastPieces doubleStep castling castlingDroppedPiece oppositeCastling
    checking dropChecks mustCapture mustDrop pieceDrops dropLoop capturesToHand firstRankPawnDrops
    promotionZonePawnDrops sittuyinRookDrop dropOppositeColoredBishop dropPromoted immobilityIllegal gating
    wallOrMove seirawanGating cambodianMoves makpongRule flyingGeneral nFoldValueAbsolute perpetualCheckIllegal
    moveRepetitionIllegal stalematePieceCount shogiPawnDropMateIllegal shatarMateRule bikjangRule
    extinctionClaim extinctionPseudoRoyal dupleCheck flagPieceBlockedWin flagMove flagPieceSafe checkCounting
    connectHorizontal connectVertical connectDiagonal adjudicateFullBoard chess960 twoBoards""".split()
    int_keys = """pocketSize dropNoDoubledCount nMoveRule nFoldRule extinctionPieceCount
    extinctionOpponentPieceCount flagPieceCount connectN connectNxN collinearN""".split()
    value_keys = "nFoldValue stalemateValue checkmateValue extinctionValue connectValue".split()
    word_keys = """enclosingDrop wallingRule flipEnclosedPieces chasingRule materialCounting countingRule
    castlingWins""".split()
    region_keys = "enclosingDropStart diagonalLines".split()
    set_keys = "blastImmuneTypes mutuallyImmuneTypes petrifyOnCaptureTypes extinctionPieceTypes connectPieceTypes".split()
    for k in bool_keys:
        put(k, (k,), typed((k,), "bool"))
    for k in int_keys:
        put(k, (k,), typed((k,), "int"))
    for k in value_keys + word_keys:
        put(k, (k,), typed((k,), "word"))
    for k in region_keys:
        put(k, (k,), typed((k,), "region"))
    for k in set_keys:
        put(k, (k,), typed((k,), "set"))
    put("castlingKingsideFile", ("castlingKingsideFile",), typed(("castlingKingsideFile",), "file"))
    put("castlingQueensideFile", ("castlingQueensideFile",), typed(("castlingQueensideFile",), "file"))
    put("castlingKingFile", ("castlingKingFile",), typed(("castlingKingFile",), "file"))
    put("castlingRookKingsideFile", ("castlingRookKingsideFile",), typed(("castlingRookKingsideFile",), "file"))
    put("castlingRookQueensideFile", ("castlingRookQueensideFile",), typed(("castlingRookQueensideFile",), "file"))
    put("castlingRank", ("castlingRank",), typed(("castlingRank",), "rank"))
    put("soldierPromotionRank", ("soldierPromotionRank",), typed(("soldierPromotionRank",), "rank"))
    for c, side in enumerate(SIDES):
        for k in ("promotionRegion", "doubleStepRegion", "tripleStepRegion", "enPassantRegion",
                  "dropRegion", "wallingRegion", "flagRegion", "connectRegion1", "connectRegion2"):
            put(k + side, (k, c), typed((k, c), "region"))
        for k in ("promotionPawnTypes", "promotionPieceTypes", "enPassantTypes", "castlingRookPieces",
                  "nMoveRuleTypes"):
            put(k + side, (k, c), typed((k, c), "set"))
        for k in ("pass", "passOnStalemate"):
            put(k + side, (k, c), typed((k, c), "bool"))
        put("flagPiece" + side, ("flagPiece", c), fmt_one(st[("flagPiece", c)], "*"))
        put("castlingKingPiece" + side, ("castlingKingPiece", c), fmt_one(st[("castlingKingPiece", c)], "-"))
    put("mustDropType", ("mustDropType",), fmt_one(st[("mustDropType",)], "*"))
    put("dropNoDoubled", ("dropNoDoubled",), fmt_one(st[("dropNoDoubled",)], "-"))
    # per-piece arrays
    for k in ("promotionLimit", "promotedPieceType"):
        pairs, where = [], set()
        for key, val in st.items():
            # entries for a type the variant lacks concern no piece of it
            if key[0] == k and len(key) == 2 and val and key[1] in chars \
                    and (k == "promotionLimit" or val in chars):
                a = chars[key[1]]
                b = str(int(val)) if k == "promotionLimit" else fmt_one(val, "-")
                pairs.append(f"{a}:{b}")
                where.add(src.get(key))
        keys[k] = {"value": " ".join(sorted(pairs)) or "-",
                   "set_in": " ".join(sorted(w for w in where if w)) or "variant.h"}
    for k in ("pieceValueMg", "pieceValueEg"):
        keys[k] = {"value": "-", "set_in": "variant.h"}  # variant.cpp sets none
    for key, val in st.items():
        if key[0] == "mobilityRegion" and val:
            c, p = key[1], key[2]
            name = "king" if p == king else (pinfo[pt_name[p]][0] if p < pts["CUSTOM_PIECE_1"]
                                             else f"customPiece{p - pts['CUSTOM_PIECE_1'] + 1}")
            put(f"mobilityRegion{SIDES[c]}{name[0].upper()}{name[1:]}", key, fmt_region(val))
    for k in ("startFen", "pieceToCharTable", "variantTemplate"):
        put(k, (k,), st[(k,)])
    # fields no variants.ini key sets
    inexpressible = {}
    for p, (c2, where) in v["syn"].items():
        inexpressible[f"synonym:{chars[p]}"] = {"value": c2, "set_in": where}
    kt = st.get(("kingType",), king)
    if kt != king:
        inexpressible["kingType"] = {"value": pt_name[kt], "set_in": src[("kingType",)]}
    for k in ("freeDrops",):
        if st.get((k,)):
            inexpressible[k] = {"value": "true", "set_in": src[(k,)]}
    for c, side in enumerate(SIDES):
        m = st[("mainPromotionPawnType", c)]
        if m not in st[("promotionPawnTypes", c)]:
            inexpressible["mainPromotionPawnType" + side] = {"value": fmt_one(m, "-"),
                                                              "set_in": src[("mainPromotionPawnType", c)]}
    return keys, inexpressible, uneval


def dump(out):
    """JSON with one line per variant key (readable diffs)."""
    lines = ["{"]
    head = [k for k in out if k != "variants"]
    for k in head:
        lines.append(f" {json.dumps(k)}: {json.dumps(out[k])},")
    lines.append(' "variants": {')
    names = list(out["variants"])
    for i, n in enumerate(names):
        v = out["variants"][n]
        lines.append(f"  {json.dumps(n)}: {{")
        for k in ("function", "chain", "inexpressible", "unevaluated"):
            lines.append(f"   {json.dumps(k)}: {json.dumps(v[k])},")
        lines.append('   "keys": {')
        keys = list(v["keys"].items())
        for j, (k, fact) in enumerate(keys):
            lines.append(f"    {json.dumps(k)}: {json.dumps(fact)}" + ("," if j < len(keys) - 1 else ""))
        lines.append("   }")
        lines.append("  }" + ("," if i < len(names) - 1 else ""))
    lines.append(" }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def modelled():
    text = open(os.path.join(ROOT, "src", "variant", "builtin.rs")).read()
    block = text[text.index("pub const MODELLED"):]
    block = block[:block.index("];")]
    return re.findall(r'"([^"]+)"', block)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repo", default=DEFAULT_REPO)
    ap.add_argument("--rev", default="HEAD")
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "fixtures", "variant-cpp-rules.json"))
    a = ap.parse_args()
    commit = subprocess.run(["git", "-C", a.repo, "rev-parse", a.rev], check=True,
                            capture_output=True, text=True).stdout.strip()
    vcpp = strip_comments(git_show(a.repo, commit, "src/variant.cpp"))
    vh = strip_comments(git_show(a.repo, commit, "src/variant.h"))
    types_h = strip_comments(git_show(a.repo, commit, "src/types.h"))
    piece_cpp = strip_comments(git_show(a.repo, commit, "src/piece.cpp"))
    pts = piece_types(types_h)
    pinfo = piece_info(piece_cpp)
    ev = Evaluator(pts)
    base = defaults(vh, ev, {})
    funcs = functions(vcpp)
    b = Builder(funcs, pts, pinfo, ev, base)
    regs = dict()
    for name, f in registrations(vcpp):
        regs.setdefault(name, f)
    want = modelled()
    out = {"source": {"repository": "https://github.com/fairy-stockfish/Fairy-Stockfish",
                      "commit": commit,
                      "files": ["src/variant.cpp", "src/variant.h", "src/types.h", "src/piece.cpp"],
                      "build": "LARGEBOARDS ALLVARS (pyffish 0.0.90)"},
           "syntax": "src/variant/claims.rs: bool true/false, int decimal, results win/loss/draw/none, "
                     "regions 'a1 b1' by rank then file or '-', piece sets sorted letters or '-' "
                     "('*' ALL_PIECES, or every piece type), one piece letter / '*' any / '-' none, "
                     "files letters, ranks from 1",
           "variants": {}}
    missing = [n for n in want if n not in regs]
    total_uneval = 0
    for name in want:
        if name not in regs:
            continue
        v = b.build(regs[name])
        conclude(v)
        keys, inexp, uneval = render(v, pts, pinfo)
        total_uneval += len(uneval)
        out["variants"][name] = {"function": regs[name], "chain": v["chain"], "keys": keys,
                                 "inexpressible": inexp, "unevaluated": uneval}
    seen = set()
    stmts = [x for x in b.unevaluated if not (x in seen or seen.add(x))]
    out["unevaluated_statements"] = [{"function": f, "statement": s} for f, s in stmts]
    out["counts"] = {"variants": len(out["variants"]), "not_registered": missing,
                     "keys": sum(len(x["keys"]) for x in out["variants"].values()),
                     "unevaluated_values": total_uneval,
                     "unevaluated_statements": len(stmts)}
    # A few facts read by hand from variant.cpp: the evaluation must give
    # them (a parsing change that loses one fails here, not downstream).
    hand = [("shogi", "nFoldValue", "draw", "variant.h"),
            ("minishogi", "nFoldValue", "loss", "minishogi_variant"),
            ("shogi", "promotionRegionBlack", "a1 b1 c1 d1 e1 f1 g1 h1 i1 a2 b2 c2 d2 e2 f2 g2 h2 i2 "
             "a3 b3 c3 d3 e3 f3 g3 h3 i3", "shogi_variant"),
            ("kingofthehill", "flagRegionWhite", "d4 e4 d5 e5", "kingofthehill_variant"),
            ("xiangqi", "chasingRule", "axf", "xiangqi_variant"),
            ("janggi", "diagonalLines", "d1 f1 e2 d3 f3 d8 f8 e9 d10 f10", "janggi_variant"),
            ("perfect", "castlingRookPiecesWhite", "cr", "perfect_variant"),
            ("shatranj", "extinctionPieceTypes", "*", "shatranj_variant"),
            ("chess", "doubleStepRegionWhite", "a2 b2 c2 d2 e2 f2 g2 h2", "variant.h"),
            ("makruk", "doubleStepRegionWhite", "-", "Variant::conclude (doubleStep = false)")]
    for name, key, value, where in hand:
        if name not in out["variants"]:
            continue
        fact = out["variants"][name]["keys"][key]
        if (fact["value"], fact["set_in"]) != (value, where):
            sys.exit(f"self-check: {name} {key}: {fact} != {value!r} set in {where}")
    # One line per key; "set_in" left out where the value is variant.h's
    # default.
    for v in out["variants"].values():
        for fact in v["keys"].values():
            if fact["set_in"] == "variant.h":
                del fact["set_in"]
    with open(a.out, "w") as f:
        f.write(dump(out))
    print(f"{a.out}: {len(out['variants'])} variants, {out['counts']['keys']} keys, "
          f"{total_uneval} unevaluated values, {len(stmts)} unevaluated statements; "
          f"not registered: {missing or 'none'}", file=sys.stderr)


main()
