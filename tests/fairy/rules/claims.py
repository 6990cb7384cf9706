"""A page's claims: every `data-rule` attribute, read with html.parser.

Each attribute holds `key=value` claims separated by `;`; a group is one
element's claims, in the page's order."""

import collections
import re
from html.parser import HTMLParser

# The words of a cell beside the board that shows one piece
# (docs/variant-pages.md: the keys of its name and words).
CELL_WORDS = re.compile(r"(?:hand|promotion|gating)-(?:white|black)(.)-where")


class Group(collections.OrderedDict):
    """One element's claims; `piece`: the letter of the piece whose row
    (`tr data-piece`) or section (its diagram's `data-diagram`) holds the
    element, or whose cell beside the board the element's words are
    (`data-text="hand-whitep-where"`: a piece in hand, `promotion-…`,
    `gating-…`), else None."""

    piece = None
    text = ""  # the element's words (its text, tags left out)


class ClaimParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.groups = []
        self.row = None  # the piece of the row we are in
        self.section = None  # the groups of the piece section we are in
        self.open = []  # [tag, depth, group] of the claiming elements we are in

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for o in self.open:
            if o[0] == tag:
                o[1] += 1
        if tag == "tr":
            self.row = a.get("data-piece")
        elif tag == "section":
            self.section = [] if "piece" in (a.get("class") or "").split() else None
        elif tag == "table" and a.get("data-diagram") and self.section is not None:
            for g in self.section:
                g.piece = a["data-diagram"]
        value = a.get("data-rule")
        if value is not None:
            claims = Group()
            for part in value.split(";"):
                part = part.strip()
                if not part:
                    continue
                key, _, val = part.partition("=")
                claims[key.strip()] = val.strip()
            claims.piece = self.row
            cell = CELL_WORDS.fullmatch(a.get("data-text") or "")
            if cell:
                claims.piece = cell.group(1).upper()
            if self.section is not None:
                self.section.append(claims)
            self.groups.append(claims)
            if tag not in ("img", "br", "input"):
                self.open.append([tag, 1, claims])

    def handle_data(self, data):
        for _, _, g in self.open:
            g.text += data

    def handle_endtag(self, tag):
        for o in self.open:
            if o[0] == tag:
                o[1] -= 1
        self.open = [o for o in self.open if o[1] > 0]
        if tag == "tr":
            self.row = None
        elif tag == "section":
            self.section = None


def read_claims(path):
    parser = ClaimParser()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    return parser.groups
