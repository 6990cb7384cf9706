"""Positions as the probes edit them: a FEN's board as cells, its pocket and
its other fields; squares by name; what repetition compares of a position."""

import re


MOVE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)([^,]*)(,.*)?$")


DROP = re.compile(r"^(\+?[A-Za-z])@([a-z])(\d+)$")


def sq(file, rank):
    return "%s%d" % (chr(ord("a") + file), rank + 1)


def parse_sq(name):
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


class Fen:
    """A FEN's board as cells (None or a token like 'P', '+p', 'Q~'), its pocket and the rest."""

    def __init__(self, fen):
        fields = fen.split(" ")
        board = fields[0]
        self.pocket = None
        if "[" in board:
            board, _, pocket = board.partition("[")
            self.pocket = pocket.rstrip("]")
        self.rest = fields[1:]
        self.rows = []  # top rank first
        for rank in board.split("/"):
            row = []
            i = 0
            while i < len(rank):
                c = rank[i]
                if c.isdigit():
                    j = i
                    while j < len(rank) and rank[j].isdigit():
                        j += 1
                    row.extend([None] * int(rank[i:j]))
                    i = j
                    continue
                tok = c
                if c == "+" and i + 1 < len(rank):
                    tok = rank[i:i + 2]
                    i += 1
                i += 1
                while i < len(rank) and rank[i] == "~":
                    tok += "~"
                    i += 1
                row.append(tok)
            self.rows.append(row)
        self.height = len(self.rows)
        self.width = max(len(r) for r in self.rows)

    def no_castling(self):
        """Castling (and gating) rights off: the pieces they name may be gone."""
        if len(self.rest) >= 4 and re.fullmatch(r"[A-Za-z-]+", self.rest[1]):
            self.rest[1] = "-"

    def get(self, s):
        f, r = parse_sq(s) if isinstance(s, str) else s
        return self.rows[self.height - 1 - r][f]

    def set(self, s, tok):
        f, r = parse_sq(s) if isinstance(s, str) else s
        self.rows[self.height - 1 - r][f] = tok

    def squares(self):
        for r in range(self.height):
            for f in range(self.width):
                yield sq(f, r)

    def pieces(self):
        return [(s, self.get(s)) for s in self.squares() if self.get(s) not in (None, "*")]

    def side(self):
        return self.rest[0] if self.rest else "w"

    def text(self, side=None, clock=None):
        out = []
        for row in self.rows:
            s, n = "", 0
            for c in row:
                if c is None:
                    n += 1
                else:
                    if n:
                        s += str(n)
                        n = 0
                    s += c
            if n:
                s += str(n)
            out.append(s)
        board = "/".join(out)
        if self.pocket is not None:
            board += "[" + self.pocket + "]"
        rest = list(self.rest)
        if side is not None and rest:
            rest[0] = side
        if clock is not None and len(rest) >= 3:
            rest[-2] = str(clock)
        return " ".join([board] + rest)


def letter(tok):
    """The piece letter of a board token, lower case ('+p' -> '+p', 'Q~' -> 'q')."""
    return tok.rstrip("~").lower()


def white(tok):
    return tok.rstrip("~")[-1].isupper()


def key_of(fen):
    """A position as repetition compares it: its fields but the numbers
    (the clocks, and a counting rule's limit and count, which Makruk's
    FEN writes where the en passant square stood: `b - 32 6 1`) and the
    empty ones (`-`); check counts (`3+3`) are kept."""
    return " ".join(f for f in fen.split(" ") if not f.isdigit() and f != "-")


def seen_at(fens, i):
    """How many times the position after i plies has occurred so far."""
    key = key_of(fens[i])
    return sum(1 for f in fens[:i + 1] if key_of(f) == key)


def outcome(value):
    return "win" if value > 0 else "loss" if value < 0 else "draw"
