"""Blasts: a capture removes the pieces around it (`blastOnCapture`),
but those spared around it (`fsf:blastSpared`) and the immune types
(`blastImmuneTypes`)."""

import pyffish as sf

from .fen import Fen, MOVE, letter, parse_sq, sq

BLAST_KEYS = ("blastOnCapture", "blastImmuneTypes", "fsf:blastSpared")


class BlastProbes:
    def probe_blast(self, g):
        """Every capture in each of the positions of random games
        where one is possible (the captured piece on the capture's
        square): the squares left occupied are the claims' exactly. With
        a blast, the capture's square is emptied (but where the capturer
        is immune), and so is every square a King's step around it whose
        piece is neither spared there nor immune; without, the capturer
        stands where it captured and nothing else goes."""
        want = g.get("blastOnCapture")
        immune = set(g.get("blastImmuneTypes", "-").replace("-", ""))
        spared = set(g.get("fsf:blastSpared", "-").replace("-", ""))
        positions = self.capture_positions()
        if not positions:
            self.skip_rest(g, BLAST_KEYS, "no capture in %d random games" % 12)
            return
        tried = 0
        for fen, caps in positions:
            before = Fen(fen)
            for m in caps:
                mm = MOVE.match(m)
                frm, to = mm.group(1) + mm.group(2), mm.group(3) + mm.group(4)
                expect = {s for s, _ in before.pieces()} - {frm}
                expect.add(to)
                if want == "true":
                    if letter(before.get(frm)) not in immune:
                        expect.discard(to)
                    f, r = parse_sq(to)
                    for df in (-1, 0, 1):
                        for dr in (-1, 0, 1):
                            x, y = f + df, r + dr
                            if (df, dr) == (0, 0) or not (0 <= x < before.width and 0 <= y < before.height):
                                continue
                            tok = before.get((x, y))
                            if tok in (None, "*") or sq(x, y) == frm:
                                continue
                            if letter(tok) not in spared | immune:
                                expect.discard(sq(x, y))
                got = {s for s, _ in Fen(sf.get_fen(self.v, fen, [m])).pieces()}
                tried += 1
                if got != expect:
                    what = "%s in %s leaves %s occupied, not %s" % (
                        m, fen, " ".join(sorted(got - expect)) or "nothing more",
                        " ".join(sorted(expect - got)) or "nothing less")
                    self.bad_rest(g, BLAST_KEYS, what)
                    return
        self.ok_rest(g, BLAST_KEYS)
