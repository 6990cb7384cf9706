#!/usr/bin/env python3
"""Nothing lost in moving the README into docs/ (issue 26).

    python3 scripts/check-readme-moved.py [REV]

Reads README.md as it was at REV (default ab8d8a6, the 859-line README)
and checks that each of its units is in README.md, docs/*.md or
bench/figures-hand.md (which make bench copies into docs/figures.md) now.
A unit is a sentence of a paragraph, a cell of a table row, or a line of a
code block. Both sides are compared after the same normalisation: a link
or image reads as its text, `**` and heading and list marks go, white space
collapses, a unit's final punctuation is dropped. The edits made on purpose
are listed in EDITS, each with the old unit and what stands for it now
(the unit, so edited, must be found). Prints each unit that is missing and exits 1 if any is.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The edits made on purpose: (old text, new text), both normalised. A unit
# not found as it was is found if, with these replacements, it is.
EDITS = [
    ('See "Zero-code pages" below', "See Zero-code pages below"),
    ('(see "Authoring a page")', "(see docs/writing-a-page.md)"),
    ('see "Moving a page to glance.js"', "see Moving a page to glance.js"),
    ('(see "Betza strings other programs read otherwise")',
     "(see Betza strings other programs read otherwise)"),
    ("(see `glance infer` below)", "(see `glance infer` in `docs/cli.md`)"),
    ("The `glance` command (`cargo build --release`, then `target/release/glance`), to check",
     "The command is built by `cargo build --release` (or `make build`), then run as "
     "`target/release/glance`; to check"),
    ("`glance lint PAGE.html...` (`target/release/glance`, `cargo build --release`)",
     "`glance lint PAGE.html...` (`target/release/glance`, `cargo build --release`; the glance command)"),
    ("Authoring a page", "Writing a page"),
    ("How a press is painted: each", "How a press is painted Each"),
    ("`make bench` (speed and size figures)",
     "`make bench` (speed and size figures, written to docs/figures.md)"),
    # Facts that changed since (issue 25 drew the setup picture; issue 26's
    # make serve installs glance-bindgen, make test the whole CLI).
    ("No picture of the setup is drawn yet", "Under the setup text the page shows its setup picture"),
    ("the pinned `wasm-bindgen-cli`, the build's npm packages",
     "`glance-bindgen` (wasm-bindgen's build step alone, `scripts/bindgen/`), the build's npm packages"),
    ("a venv with zopfli)", "a venv with zopfli): on a new machine the first board answers presses after about 3 minutes"),
    ("Chromium, Firefox ESR, `wasm-pack`", "Chromium, Firefox ESR, the whole `wasm-bindgen-cli`, `wasm-pack`"),
    # Issue 24: the drop-ins' module packed with LZMA (zopfli goes).
    ("a venv with zopfli): on a new machine", "a Python venv): on a new machine"),
    ("embedded (deflated, base64): it works", "embedded (packed with LZMA, base64, beside its 1.3 KB decoder): it works"),
    ("It needs a browser with WebAssembly, `DecompressionStream` and constructed style sheets (Chromium 103 for the `deflate-raw` format, Firefox 113, Safari 16.4 and later)",
     "It needs a browser with WebAssembly, `FinalizationRegistry`, `replaceChildren` and constructed style sheets (Chromium 86, Firefox 101, Safari 16.4 and later)"),
    ("the loader of the drop-in scripts (inflates the embedded wasm, wraps wasm-bindgen's glue)",
     "the loader of the drop-in scripts (unpacks the embedded wasm with the embedded LZMA decoder, wraps wasm-bindgen's glue)"),
    ("npm's `binaryen` wasm-opt, `terser`, Python's `zopfli`",
     "npm's `binaryen` wasm-opt, `terser`, Python's `lzma` (raw LZMA1, decoded in the page by `www/unpack`)"),
    ("(it needs `DecompressionStream`, like the drop-ins)",
     "(it needs `DecompressionStream`: unlike the drop-ins, it inflates its module natively)"),
    # Issue 24: glance.js's findings say their words from a file beside it.
    ("cp dist/glance.js rules-html/moves.css site/", "cp dist/glance.js dist/glance-findings.txt rules-html/moves.css site/"),
]


def norm(text):
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links and images: their text
    text = text.replace("**", "")
    text = re.sub(r"(?m)^\s*(#+|[*]|\d+\.)\s+", "", text)  # headings, list marks
    text = re.sub(r"\s+", " ", text)
    return text.strip()


def units(readme):
    out, para, code = [], [], False
    for line in readme.split("\n") + [""]:
        if line.startswith("```"):
            code = not code
            continue
        if code or line.startswith("    ") and not para:
            if line.strip():
                out.append(norm(line))
            continue
        if line.startswith("|"):
            if re.match(r"^\|[\s|:-]+\|$", line):
                continue
            out.extend(norm(c) for c in line.strip().strip("|").split(" | ") if c.strip())
            continue
        if line.strip():
            para.append(line)
            continue
        if para:
            text = norm("\n".join(para))
            para = []
            for s in re.split(r"(?<=[.;])\s+(?=[A-Z`(\"'])|(?<=:)\s+(?=[A-Z`])", text):
                out.append(s)
    return [u.rstrip(".:;, ") for u in out if u.strip(" .:;,")]


def main():
    rev = sys.argv[1] if len(sys.argv) > 1 else "ab8d8a6"
    old = subprocess.run(["git", "show", f"{rev}:README.md"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    files = ["README.md", *sorted(glob.glob("docs/*.md", root_dir=ROOT)), "bench/figures-hand.md"]
    corpus = " ".join(norm(open(os.path.join(ROOT, f), encoding="utf-8").read()) for f in files)
    missing, used = [], set()
    all_units = units(old)
    for u in all_units:
        if u in corpus:
            continue
        edited = u
        for old_text, new_text in EDITS:
            if old_text.rstrip(".:;, ") in edited:
                edited = edited.replace(old_text.rstrip(".:;, "), new_text)
                used.add(old_text)
        if edited == u or edited not in corpus:
            missing.append(u)
    for m in missing:
        print("missing:", m)
    print(f"{len(all_units)} units of README.md at {rev}: {len(all_units) - len(missing)} found "
          f"in {', '.join(files)} ({len(used)} of them through the {len(EDITS)} listed edits), "
          f"{len(missing)} missing")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
