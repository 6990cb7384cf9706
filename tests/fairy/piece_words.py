#!/usr/bin/env python3
"""Each piece's words against its own diagram: a written page's sentence
"The Left Quail moves or captures one square diagonally backward to the
left, ..." is read by this file's own grammar, as a player would read it,
into the squares it names from the piece's square of the diagram beside
it ("Where the Left Quail moves from d4 on an empty board"), and those
squares must be the diagram's marked squares, each with the same
modality (green: moves only, red: captures only, yellow or orange:
both).

    .venv/bin/python tests/fairy/piece_words.py DIR... [--show]

The diagrams are drawn by the Betza engine that `differential.py` compares
with pyffish and whose presses on the real board the `fairy` suite
compares; these static diagrams themselves are not played by pyffish, so
the two (words and diagram, written by different code from the same
Betza) keep each other honest: a diagram that showed Pawnback's double
step from d5 disagreed with its words. What the grammar reads is what
`describe.rs` may write (a verb, paths joined by ", or ", directions as
parts joined by "or"); a sentence it cannot read fails, and so does a
piece whose words name a square its diagram does not mark, or leave out
one it does. The piece's first sentence is read, with the moves "From the
2nd rank ... it may also" (shown where the diagram's square is one of
those), the Soldier's "on its 6th rank and beyond" and a promotion by
another piece's move from listed squares; its other remarks are claims
the rules suite checks by play.

Exit status 1 on any disagreement or sentence not read.
"""
import argparse
import html
import re
import sys
from pathlib import Path

NUMBERS = {w: i for i, w in enumerate(
    "no one two three four five six seven eight nine".split())}

SECTION = re.compile(r'<section class="piece"><h3>(.*?)</h3>\s*<p>(.*?)</p>(.*?)</section>', re.S)
DIAGRAM = re.compile(r'<table class="diagram"[^>]*aria-label="Where the .*? moves from ([a-z])(\d+)'
                     r'(?: on an empty board|(, with pieces placed to hop over))(?:, drawn as [^"]*)?"[^>]*>(.*?)</table>',
                     re.S)
ROW = re.compile(r'<tr>(.*?)</tr>', re.S)
CELL = re.compile(r'<td[^>]*>(.*?)</td>', re.S)
ALT = re.compile(r'alt="([^"]*)"')

# A diagram cell's mark: (moves there, captures there).
MARKS = {"*": (True, True), "o": (True, True), "m": (True, False), "x": (False, True)}


def number(word):
    if word in NUMBERS:
        return NUMBERS[word]
    return int(word)


class Unread(Exception):
    """Words this grammar does not read."""


def atom_vectors(long, short):
    """Every displacement of a (long, short) leap, once each."""
    out = set()
    for a, b in ((long, short), (short, long)):
        for sx in (1, -1):
            for sy in (1, -1):
                out.add((a * sx, b * sy))
    return sorted(out)


def in_part(part, v, oblique):
    """Whether displacement `v` is in the direction part `part`."""
    dx, dy = v
    simple = {
        "forward": dy > 0, "backward": dy < 0, "sideways": dy == 0, "forward or backward": dy != 0,
        "to the left": dx < 0, "to the right": dx > 0,
        "forward to the left": dx < 0 and dy > 0, "forward to the right": dx > 0 and dy > 0,
        "backward to the left": dx < 0 and dy < 0, "backward to the right": dx > 0 and dy < 0,
    }
    if part in simple:
        return simple[part]
    if not oblique:
        raise Unread(f"direction {part!r}")
    # Spelt leaps: "two squares forward and one to the side",
    # "two squares sideways and one forward", "two squares to the left and
    # one forward or backward", "two squares forward and one to the left".
    m = re.fullmatch(r"(\w+) squares? (forward|backward|sideways|to the left|to the right|forward or backward)"
                     r" and (\w+) (forward|backward|to the side|to the left|to the right|forward or backward)", part)
    if not m:
        raise Unread(f"leap direction {part!r}")
    n1, w1, n2, w2 = number(m.group(1)), m.group(2), number(m.group(3)), m.group(4)

    def fits(word, n, along_y):
        d = dy if along_y else dx
        if abs(d) != n:
            return False
        return {"forward": along_y and d > 0, "backward": along_y and d < 0,
                "to the left": not along_y and d < 0, "to the right": not along_y and d > 0,
                "sideways": not along_y, "to the side": not along_y,
                "forward or backward": along_y}[word]

    w1_y = w1 in ("forward", "backward", "forward or backward")
    return fits(w1, n1, w1_y) and fits(w2, n2, not w1_y)


def split_parts(text):
    """'forward, backward or to the left' -> its parts. A spelt leap's
    part holds "and" but never "or" except as "forward or backward"."""
    text = text.replace("forward or backward", "FOB")
    parts = re.split(r", | or ", text)
    return [p.replace("FOB", "forward or backward") for p in parts]


def read_path(path):
    """One path's (vectors, max steps) on an empty board."""
    path = path.strip()
    if path == "without moving":
        return [], 1
    m = re.fullmatch(r"by leaping (.*)", path)
    if m:
        parts = split_parts(m.group(1))
        vecs = set()
        for long, short in ((2, 1), (3, 1), (3, 2), (4, 1), (4, 3), (3, 3)):
            for v in atom_vectors(long, short):
                if any(in_part(p, v, True) for p in parts):
                    vecs.add(v)
        return sorted(vecs), 1
    m = re.fullmatch(r"with (a|any number of|up to (\w+)) (knight's leap|camel's leap|zebra's leap|leap)s? "
                     r"(\(\w+ squares one way, \w+ to the side\)|of \w+ squares one way and \w+ to the side)"
                     r"( in a straight line)?(?:,? each (.*)| (.*))?", path)
    if m:
        gloss = re.search(r"(\w+) squares one way,? (?:and )?(\w+) to the side", m.group(4))
        long, short = number(gloss.group(1)), number(gloss.group(2))
        steps = 1 if m.group(1) == "a" else 0 if m.group(1) == "any number of" else number(m.group(2))
        way = m.group(6) or m.group(7)
        vecs = atom_vectors(long, short)
        if way:
            parts = split_parts(way)
            vecs = [v for v in vecs if any(in_part(p, v, True) for p in parts)]
        return vecs, steps
    m = re.fullmatch(r"(one square|any number of squares|up to (\w+) squares?|(\w+) squares|any number of jumps of "
                     r"(\w+) squares?|up to (\w+) jumps of (\w+) squares?)( orthogonally| diagonally)?(.*?)(, jumping)?",
                     path)
    if not m:
        raise Unread(f"path {path!r}")
    head = m.group(1)
    if head == "one square":
        k, steps = 1, 1
    elif head == "any number of squares":
        k, steps = 1, 0
    elif head.startswith("up to") and "jumps" not in head:
        k, steps = 1, number(m.group(2))
    elif head.startswith("any number of jumps"):
        k, steps = number(m.group(4)), 0
    elif head.startswith("up to"):
        k, steps = number(m.group(6)), number(m.group(5))
    else:
        k, steps = number(m.group(3)), 1
    line = (m.group(7) or "").strip()
    way = m.group(8).strip()
    if line == "diagonally":
        vecs = [(k * sx, k * sy) for sx in (1, -1) for sy in (1, -1)]
    else:
        vecs = [(k, 0), (-k, 0), (0, k), (0, -k)]
        if not line and not way:
            raise Unread(f"path {path!r} names no line")
    if way:
        parts = split_parts(way)
        vecs = [v for v in vecs if any(in_part(p, v, False) for p in parts)]
    return vecs, steps


def read_sentence(name, text):
    """The squares a piece's first sentence names: a list of (vectors,
    steps, moves, captures)."""
    text = html.unescape(re.sub(r"<[^>]+>", "", text)).strip()
    prefix = f"The {name} "
    if not text.startswith(prefix) or not text.endswith("."):
        raise Unread(f"sentence {text!r}")
    if text == f"The {name} never moves.":
        return []
    return read_clauses(text[len(prefix):-1])


PAO = " by jumping over exactly one piece (its screen) to the first piece beyond it"
PAO_ANY = ", and captures along the same lines by jumping over exactly one piece"
GRASS = " over the first piece on the line, to the square just beyond it"
LAME = ", unless a piece stands on a square it passes"


def read_clauses(body):
    """Clauses joined by "; it ", each a verb and its paths: a list of
    (vectors, steps, moves, captures, kind, steps after the hop), kind
    "plain", "pao" (captures over a screen), "grass" (lands just beyond
    the first piece) or "hop" (slides to a piece, hops it, goes on)."""
    out = []
    for clause in body.split("; it "):
        for verb, moves, captures in (("moves or captures ", True, True),
                                      ("moves without capturing ", True, False),
                                      ("captures ", False, True)):
            if clause.startswith(verb):
                rest = clause[len(verb):]
                break
        else:
            raise Unread(f"clause {clause!r}")
        kinds = [("plain", moves, captures)]
        if rest.endswith(LAME):
            # Lame: no piece on the diagrams that show it stands in its way.
            rest = rest[: -len(LAME)]
        elif rest.endswith(PAO):
            rest, kinds = rest[: -len(PAO)], [("pao", False, True)]
        elif rest.endswith(PAO_ANY):
            rest, kinds = rest[: -len(PAO_ANY)], [("plain", True, False), ("pao", False, True)]
        elif rest.startswith("by hopping ") and rest.endswith(GRASS):
            rest, kinds = rest[len("by hopping "): -len(GRASS)], [("grass", moves, captures)]
        elif re.search(r"jumping over", rest):
            raise Unread(f"a move over pieces: {clause!r}")
        for path in rest.split(", or "):
            after = None
            hop = re.fullmatch(r"(.*) to a piece, hops over it, then (one square|any number of squares)"
                               r"(?: diagonally| orthogonally)? straight on", path)
            if hop:
                path, after = hop.group(1), 1 if hop.group(2) == "one square" else 0
            elif " then " in path:
                raise Unread(f"a move in legs: {path!r}")
            vecs, steps = read_path(path)
            for kind, m, c in kinds:
                out.append((vecs, steps, m, c, "hop" if after is not None else kind, after))
    return out


def region(words):
    """The squares of "moves only within d1-f1, d2-f2 (Black: ...)" for
    the side whose piece the diagram shows (the first named), or None."""
    m = re.search(r"[Mm]oves only within ([^(.;]*)", words)
    if not m:
        return None
    out = set()
    for part in m.group(1).split(","):
        part = part.strip()
        ends = re.fullmatch(r"([a-z])(\d+)(?:-([a-z])(\d+))?", part)
        if not ends:
            raise Unread(f"region {part!r}")
        f1, r1 = ord(ends.group(1)) - 97, int(ends.group(2)) - 1
        f2 = ord(ends.group(3)) - 97 if ends.group(3) else f1
        r2 = int(ends.group(4)) - 1 if ends.group(4) else r1
        out |= {(x, y) for x in range(min(f1, f2), max(f1, f2) + 1) for y in range(min(r1, r2), max(r1, r2) + 1)}
    return out


def diagram_cells(table):
    rows = []
    for row in ROW.findall(table):
        rows.append([ALT.findall(c)[:1] for c in CELL.findall(row)])
    return rows


def initial_squares(words, width, height):
    """The squares of "From the 2nd rank (Black's: the 7th rank) it may
    also": White's, or the only side's (the words before any "(...'s:");
    None for words that name no squares ("its starting squares")."""
    one_side = " (" not in words
    words = words.split(" (")[0]
    if words == "any square":
        return {(x, y) for x in range(width) for y in range(height)}
    ranks = re.fullmatch(r"the ((?:\d+\w\w(?:, | or )?)+) ranks?", words)
    squares = re.findall(r"([a-z])(\d+)", words)
    if ranks:
        out = {(x, int(r) - 1) for r in re.findall(r"\d+", ranks.group(1)) for x in range(width)}
    elif squares and re.fullmatch(r"[a-z]\d+((, | or )[a-z]\d+)*", words):
        out = {(ord(f) - 97, int(r) - 1) for f, r in squares}
    else:
        return None
    # (One side's squares all in the far half are Black's, a piece only
    # Black has, Spartan's Hoplite; its diagram shows it from White's side,
    # so they are seen from there.)
    if one_side and all(2 * y >= height for _, y in out):
        out = {(x, height - 1 - y) for x, y in out}
    return out


def check_piece(name, sentence, initial, remarks, table, file, rank, pieces, placed):
    """What the words say and the diagram does not, square by square. The
    moves "From the 2nd rank ... it may also" are shown where the diagram's
    square is one of those squares, and not elsewhere (where the words name
    no squares, all or none)."""
    rows = diagram_cells(table)
    grid = (rows, len(rows), len(rows[0]) if rows else 0)
    always = said_squares(name, sentence, None, remarks, grid, file, rank, pieces, placed)
    if initial is None:
        return compare(always, grid)
    where, moves = initial
    with_initial = said_squares(name, sentence, moves, remarks, grid, file, rank, pieces, placed)
    _, height, width = grid
    region = initial_squares(where, width, height)
    if region is not None:
        shown = (ord(file) - 97, int(rank) - 1) in region
        return compare(with_initial if shown else always, grid)
    wrong = compare(always, grid)
    return wrong if wrong and compare(with_initial, grid) else []


def compare(said, grid):
    """Square by square, what SAID gives against the marks of GRID (the
    diagram's rows, its height and width)."""
    rows, height, _ = grid
    marked = {}
    for r, row in enumerate(rows):
        y = height - 1 - r
        for x, cell in enumerate(row):
            if cell and cell[0] in MARKS:
                marked[(x, y)] = MARKS[cell[0]]
    wrong = []
    for sq in sorted(set(said) | set(marked)):
        if said.get(sq) != marked.get(sq):
            wrong.append(f"{chr(97 + sq[0])}{sq[1] + 1}: words {said.get(sq)}, diagram {marked.get(sq)}")
    return wrong


def said_squares(name, sentence, initial, remarks, grid, file, rank, pieces, placed):
    rows, height, width = grid
    x0 = ord(file) - ord("a")
    y0 = int(rank) - 1
    within = region(remarks)
    # The pieces a hopper's diagram places: its screens ("s", never taken
    # here) and the other side's pieces ("e", and a red mark: a capture
    # only ever lands on a piece there).
    pieces_on = {}
    if placed:
        for r, row in enumerate(rows):
            for x, cell in enumerate(row):
                kind = {"s": "screen", "e": "enemy", "x": "enemy"}.get(cell[0] if cell else "")
                if kind:
                    pieces_on[(x, height - 1 - r)] = kind
    paths = read_sentence(name, sentence)
    if initial is not None:
        paths += read_clauses(initial)
    # "Once across the river, on its 6th rank and beyond, the Soldier also
    # moves or captures one square sideways."
    river = re.search(r"on its (\d+)\w\w rank and beyond, the " + re.escape(name) + r" also (.*?)\.(\s|$)",
                      remarks)
    if river and y0 + 1 >= int(river.group(1)):
        paths += read_clauses(river.group(2))
    # "May promote ... by a General's move to an empty square, from d5,
    # e5, ...": from those squares it also has the General's moves that
    # do not capture.
    promote = re.search(r"by an? ([\w ]+?)'s move to an empty square, from ([a-z0-9, ]+?)(?: or ([a-z]\d+))?"
                        r" \(", remarks)
    if promote:
        squares = re.findall(r"[a-z]\d+", promote.group(2) + " " + (promote.group(3) or ""))
        if f"{file}{rank}" in squares:
            other = pieces.get(promote.group(1))
            if other is None:
                raise Unread(f"promotion by a {promote.group(1)}'s move, a piece with no sentence")
            paths += [(v, n, True, False, k, a) for v, n, _, _, k, a in read_sentence(promote.group(1), other)]
    said = {}

    def mark(sq, moves, captures):
        if within is not None and sq not in within:
            return
        if sq in pieces_on:
            moves = False
            if not captures or pieces_on[sq] != "enemy":
                return
        m, c = said.get(sq, (False, False))
        said[sq] = (m or moves, c or captures)

    def ray(x, y, dx, dy, steps):
        n = 0
        while steps == 0 or n < steps:
            x, y, n = x + dx, y + dy, n + 1
            if not (0 <= x < width and 0 <= y < height):
                return
            yield (x, y)

    for vecs, steps, moves, captures, kind, after in paths:
        for dx, dy in vecs:
            squares = ray(x0, y0, dx, dy, steps)
            if kind == "plain":
                for sq in squares:
                    mark(sq, moves, captures)
                    if sq in pieces_on:
                        break
                continue
            screen = next((sq for sq in squares if sq in pieces_on), None)
            if screen is None:
                continue
            reach = {"pao": 0, "grass": 1}.get(kind, after)
            beyond = ray(screen[0], screen[1], dx, dy, reach)
            for sq in beyond:
                if kind == "pao":
                    if sq in pieces_on:
                        mark(sq, False, True)
                        break
                    continue
                mark(sq, moves, captures)
                if sq in pieces_on:
                    break
    return said


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--show", action="store_true", help="print every piece read")
    args = ap.parse_args()
    pages = sorted(p for d in args.dirs for p in Path(d).glob("*.html") if p.name != "index.html")
    read = agree = 0
    failures = []
    for page in pages:
        text = page.read_text()
        sections = SECTION.findall(text)
        pieces = {html.unescape(n): s for n, s, _ in sections}
        for name, sentence, rest in sections:
            name = html.unescape(name)
            d = DIAGRAM.search(rest)
            read += 1
            if not d:
                failures.append(f"{page.name}: {name}: no diagram of its moves read")
                continue
            try:
                before = html.unescape(re.sub(r"<[^>]+>", "", rest[: d.start()]))
                initial = re.search(r"From (.*?) it may also: (.*?)\.\s", before)
                wrong = check_piece(name, sentence, initial and initial.group(1, 2), before,
                                    d.group(4), d.group(1), d.group(2), pieces, bool(d.group(3)))
            except Unread as e:
                failures.append(f"{page.name}: {name}: not read: {e}")
                continue
            if wrong:
                failures.append(f"{page.name}: {name}: {html.unescape(re.sub('<[^>]+>', '', sentence))}\n    "
                                + "\n    ".join(wrong[:8]))
            else:
                agree += 1
                if args.show:
                    print(f"{page.name}: {name}: agrees")
    for f in failures:
        print(f)
    print(f"piece words: {len(pages)} pages, {read} pieces read, {agree} agreeing with their diagram, "
          f"{len(failures)} not")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
