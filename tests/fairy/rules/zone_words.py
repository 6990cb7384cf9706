"""A promotion zone's words against the region the same element claims:
"on reaching the last three ranks", "on reaching a5, a6, a7, a8, b8, c8 or
d8 (Black's: e1, f1, g1, h1, h2, h3 or h4)". The claims are played by the
promotion probes; this reads the English apart from them, so that words
and claims cannot drift (Legan's zone was once said to be "the last four
ranks" beside a claim of its corner)."""

import re

NUMBERS = {w: i for i, w in enumerate("no one two three four five six seven eight nine".split())}
SQUARE = re.compile(r"[a-z]\d+")


def squares_of(words):
    return set(SQUARE.findall(words))


def last_ranks(n, width, height, side):
    """The squares of the last N ranks seen from SIDE ("White"/"Black")."""
    ranks = range(height - n, height) if side == "White" else range(n)
    return {"%s%d" % (chr(97 + f), r + 1) for f in range(width) for r in ranks}


def zone_words_wrong(text, claims, width, height):
    """What is wrong with the zone TEXT says, given CLAIMS (a group's
    `promotionRegionWhite/Black`), or None; also None where the text says
    no zone. The side a zone is said for: both sides the group claims
    (Black's from Black's side, "the last rank" is its first), or each
    apart where the words name Black's squares."""
    zone = r"the last rank|the last \w+ ranks|[a-z]\d+(?:, [a-z]\d+)*(?: or [a-z]\d+)?"
    m = re.search(r"on reaching (%s)(?: \(\w+'s: (%s)\))?" % (zone, zone), text)
    if not m:
        return None
    sides = [s for s in ("White", "Black") if "promotionRegion" + s in claims]
    if not sides:
        return "words say a zone (%r) but the element claims no promotion region" % m.group(0)

    def squares(words, side):
        if words == "the last rank":
            return last_ranks(1, width, height, side)
        ranks = re.fullmatch(r"the last (\w+) ranks", words)
        if ranks:
            return last_ranks(NUMBERS.get(ranks.group(1), 0), width, height, side)
        return squares_of(words)

    said = {}
    if m.group(2):
        said = {"White": squares(m.group(1), "White"), "Black": squares(m.group(2), "Black")}
    elif squares_of(m.group(1)):
        said[sides[0]] = squares(m.group(1), sides[0])
    else:
        for side in sides:
            said[side] = squares(m.group(1), side)
    for side, sq in said.items():
        claimed = set(claims.get("promotionRegion" + side, "").split()) - {"-"}
        if side in sides and sq != claimed:
            return "%r says %s's zone is %s; the element claims %s" % (
                m.group(0), side, " ".join(sorted(sq)), " ".join(sorted(claimed)))
    return None
