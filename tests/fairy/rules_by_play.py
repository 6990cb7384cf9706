#!/usr/bin/env python3
"""The rules a written page claims, checked by Fairy-Stockfish's play.

Every rules item of a page written by `glance page` says what it claims in a
`data-rule` attribute (`nFoldRule=3; nFoldValue=draw`, `fsf:firstMove=white`).
This suite reads only the pages (html.parser) and asks pyffish to play
positions and move sequences that show each claim true: a repetition cycle
until the game ends, a raised half-move clock, the King's castling moves on
an emptied back rank, a piece in hand and its drop squares, a Pawn before its
zone and its promotion choices. Nothing here reads our Rust reader: the
expected values are the claims themselves, the probes pyffish's answers.
The probes live in tests/fairy/rules/, one module per family of rules
(rules/page.py says which claims start which probe).

    .venv/bin/python tests/fairy/rules_by_play.py --builtins DIR [--reference DIR [--ini FILE]]

DIR holds the pages (`glance page --builtins --out-dir DIR`, `glance page
FILE --all --out-dir DIR`); a page's variant is its file name. The reference
pages' variants are loaded from FILE (tests/fixtures/fairy-stockfish-variants.ini).
One line per disagreement, `PAGE: key=value: what pyffish did`, then a
summary. Exit 1 on a disagreement, 2 on bad input.
"""

import argparse
import collections
import multiprocessing
import os
import sys
import time

import pyffish as sf

from rules.claims import read_claims
from rules.page import Page

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_INI = os.path.join(ROOT, "tests", "fixtures", "fairy-stockfish-variants.ini")


def check_page(job):
    t0 = time.time()
    r = check_page_timed(job)
    return r + (time.time() - t0,)


def check_page_timed(job):
    path, page_name = job
    name = os.path.basename(path)[:-len(".html")]
    groups = read_claims(path)
    try:
        page = Page(page_name, name, groups)
    except Exception as e:  # an unknown variant
        return (page_name, sum(len(g) for g in groups), {}, ["%s: the variant: pyffish does not know it (%s)" % (page_name, e)], {},
                {}, 0)
    # pawn-drop claims are read by the drop probe in any group order
    try:
        page.run()
    except Exception as e:
        page.disagreements.append("%s: (probe error) %r" % (page_name, e))
    # pawn-drop claims the drop probe did not reach
    return (page_name, page.reading, dict(page.checked), page.disagreements,
            {k: dict(v) for k, v in page.unprobed.items()}, dict(page.seconds), page.words_checked)


def init(ini):
    # pyffish's C++ writes its FEN warnings ("No castling rook for flag k")
    # to the process's stdout: the workers' output goes nowhere, their
    # results come back to the parent, which prints.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    if ini:
        with open(ini, encoding="utf-8") as f:
            sf.load_variant_config(f.read())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--builtins", help="pages of pyffish's built-in variants")
    ap.add_argument("--reference", help="pages of the reference file's sections")
    ap.add_argument("--ini", default=DEFAULT_INI, help="the reference file (loaded into pyffish)")
    ap.add_argument("--only", nargs="*", help="page names (without .html)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--unprobed", metavar="KEY", nargs="*",
                    help="list each page's claims not probed (of these keys only, if given), with the reason")
    args = ap.parse_args()
    jobs = []
    for label, d in (("builtin", args.builtins), ("reference", args.reference)):
        if not d:
            continue
        if not os.path.isdir(d):
            print("rules_by_play: no directory %s" % d)
            return 2
        for f in sorted(os.listdir(d)):
            if not f.endswith(".html") or f == "index.html":
                continue
            if args.only and f[:-5] not in args.only:
                continue
            jobs.append((os.path.join(d, f), "%s/%s" % (label, f[:-5])))
    if not jobs:
        print("rules_by_play: no pages (give --builtins DIR and/or --reference DIR)")
        return 2
    ini = args.ini if args.reference else None
    with multiprocessing.Pool(args.jobs, initializer=init, initargs=(ini,)) as pool:
        results = pool.map(check_page, jobs, chunksize=1)
    slow = sorted(results, key=lambda r: -r[-1])[:5]
    read = 0
    words_checked = 0
    checked = collections.Counter()
    unprobed = collections.defaultdict(collections.Counter)
    disagreements = []
    probe_seconds = collections.Counter()
    for name, n, ch, dis, un, probes, words, secs in results:
        probe_seconds.update(probes)
        words_checked += words
        read += n
        checked.update(ch)
        disagreements.extend(dis)
        for k, reasons in un.items():
            unprobed[k].update(reasons)
    for d in disagreements:
        print(d)
    if args.unprobed is not None:
        for name, n, ch, dis, un, probes, words, secs in results:
            for k, reasons in sorted(un.items()):
                if not args.unprobed or k in args.unprobed:
                    for why in reasons:
                        print("not probed: %s: %s: %s" % (name, k, why))
    print()
    print("rules_by_play: %d pages, %d claims read" % (len(jobs), read))
    accounted = sum(checked.values()) + sum(sum(c.values()) for c in unprobed.values())
    if accounted != read:
        off = ["%s (%d read, %d counted)" % (name, n, sum(ch.values()) + sum(sum(c.values()) for c in un.values()))
               for name, n, ch, dis, un, probes, words, secs in results
               if n != sum(ch.values()) + sum(sum(c.values()) for c in un.values())]
        print("(the suite's own count is off: %d claims checked or not probed, %d read: %s)" % (
            accounted, read, ", ".join(off)))
    print("checked by play: %d" % sum(checked.values()))
    print("promotion zones in words read against the element's claims: %d" % words_checked)
    for k, c in sorted(checked.items(), key=lambda kv: (-kv[1], kv[0])):
        print("  %-28s %d" % (k, c))
    print("not probed: %d" % sum(sum(c.values()) for c in unprobed.values()))
    for k, reasons in sorted(unprobed.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
        print("  %-28s %d: %s" % (k, sum(reasons.values()), "; ".join("%s (%d)" % (r, c) for r, c in reasons.most_common())))
    print("slowest pages: %s" % ", ".join("%s %.1f s" % (r[0], r[-1]) for r in slow))
    print("time by probe (all pages, summed over workers): %s" % ", ".join(
        "%s %.0f s" % kv for kv in probe_seconds.most_common(10)))
    print("disagreements: %d" % len(disagreements))
    return 1 if disagreements or accounted != read else 0


if __name__ == "__main__":
    sys.exit(main())
