#!/usr/bin/env python3
"""One bundle for XBoard's maintainers (make upstream; docs/upstream.md):
a folder and a tarball of it, the same bytes on every run from the same
sources and pages.

    OUT/xboard-glance-COMMIT/
      README.md          the cover note: what is here, how to review and
                         apply it, and the README's deployment section
      REVIEW.md          one line per page: migrate's summary
      rules/             what goes into the folder of the rules pages:
        PAGE.html        each page of PAGES as glance migrate writes it,
                         linked to the labels (--labels javascript.html)
        glance.js glance-findings.txt spartan.js chu.js cwda.js   (dist/)
        javascript.html  the scripts' source labels (scripts/labels.py)
        glance-source-COMMIT.tar.gz   the source they name
      review/PAGE.txt    what migrate kept, changed, dropped and flags for
                         review on that page, in its own lines
      review/PAGE.diff   the page's edits (a unified diff)
      SHA256SUMS
    OUT/xboard-glance-COMMIT.tar.gz   the folder: names sorted, times the
                         commit's, owner 0, gzip without name or time

Reads dist/ as make dist left it (it must name this commit's source) and
target/release/glance (make build).

usage: upstream.py [--pages DIR] [--out DIR]   write the bundle
       upstream.py --check [--pages DIR]      write it twice into a
           temporary folder and check it (test.sh): every page, script and
           label there, no script without a source label, the same bytes
Environment: SOURCE_URL (as make dist had it).
"""
import argparse
import difflib
import gzip
import hashlib
import io
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import labels  # noqa: E402  (scripts/labels.py, beside this file)

ROOT = labels.ROOT
GLANCE = ROOT / "target" / "release" / "glance"
DIST = ROOT / "dist"
# What the rules folder gets of dist/: the drop-ins (lab.js is the piece
# lab's, not the rules pages').
DROPINS = ("spartan.js", "chu.js", "cwda.js", "glance.js")
FILES = ("glance-findings.txt",)
LABELS = labels.PAGE
# The order of migrate's actions in a page's report, and what each means.
ACTIONS = (
    ("changed", "shown otherwise than the legacy did"),
    ("lost", "live clicks not carried over"),
    ("declared", "carried over with declarations of their own"),
    ("dropped", "dead handlers removed (they showed nothing)"),
    ("added", "piece images without a handler, declared as their image's row"),
    ("still", "piece images without a handler or a row: data-still"),
    ("carried", "carried over from their rows as they were"),
)


def fail(msg):
    sys.exit(f"upstream: {msg}")


# The file-name rule of src/tools/variant_page/file_name.rs, which glance
# migrate applies to each page it writes into --out-dir: the name before
# .html of ASCII letters, digits, - and _, at most 64 characters, not a
# name the folder or Windows reserves.
NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
RESERVED = {"index", "javascript", "con", "prn", "aux", "nul"} \
    | {f"{d}{n}" for d in ("com", "lpt") for n in range(1, 10)}


def name_problem(stem):
    """Why a page named stem.html is not written into the bundle, or None."""
    if not NAME.fullmatch(stem):
        return "not of ASCII letters, digits, - and _ (at most 64)"
    if stem.lower() in RESERVED:
        return "a reserved file name"
    return None


def check_inputs(source, pages_dir):
    if not GLANCE.is_file():
        fail(f"{GLANCE.relative_to(ROOT)} is missing: make build")
    for name in DROPINS + FILES:
        if not (DIST / name).is_file():
            fail(f"dist/{name} is missing: make dist")
    for name in DROPINS:
        line = re.search(r"^// @source: (.*)$", (DIST / name).read_text(), re.M)
        if not line or line.group(1) != source.where():
            fail(f"dist/{name} names {line.group(1) if line else 'no source'!r}, not this build's "
                 f"{source.where()!r}: make dist (with the same SOURCE_URL)")
    pages = sorted(p for p in Path(pages_dir).glob("*.html") if p.is_file())
    if not pages:
        fail(f"{pages_dir}: no *.html page")
    bad = [f"{p.name} ({why})" for p in pages if (why := name_problem(p.stem))]
    if bad:
        fail(f"{pages_dir}: {', '.join(bad)}: rename the page (the file-name rule)")
    lower = {}
    for p in pages:
        lower.setdefault(p.stem.lower(), []).append(p.name)
    same = [" and ".join(names) for names in lower.values() if len(names) > 1]
    if same:
        fail(f"{pages_dir}: {'; '.join(same)} differ only in case: one file on macOS and Windows")
    taken = set(DROPINS + FILES + (LABELS,))
    clash = [p.name for p in pages if p.name in taken]
    if clash:
        fail(f"{pages_dir}: {', '.join(clash)} would overwrite a file of the bundle")
    return pages


def migrate(page, rules):
    """Runs glance migrate on one page (from its folder, so that its report
    names it alone); returns (exit status, stdout, stderr) with the
    output's folder written as rules/."""
    run = subprocess.run([str(GLANCE), "migrate", page.name, "--out-dir", str(rules),
                          "--labels", LABELS, "--verbose"],
                         cwd=page.parent, capture_output=True, text=True)
    clean = lambda s: s.replace(f"{rules}/", "rules/")  # noqa: E731
    return run.returncode, clean(run.stdout), clean(run.stderr)


def report(page, status, out, err, diff_lines):
    """A page's review report: migrate's lines, grouped by what it did."""
    name = page.name
    groups = {a: [] for a, _ in ACTIONS}
    review, checks, other = [], [], []
    in_review = False
    note = re.compile(re.escape(name) + r":[^:\s]+: (\w+): ")
    for line in out.splitlines():
        if re.fullmatch(re.escape(name) + r": for review \(\d+\):", line):
            in_review = True
        elif in_review and line.startswith("  "):
            review.append(line.strip())
        elif ": the migrated page: " in line:
            checks.append(line)
        elif (m := note.match(line)) and m.group(1) in groups:
            groups[m.group(1)].append(line[len(name) + 1:])
        else:
            other.append(line)
    summary = [line.removeprefix("glance: ") for line in err.splitlines()]
    text = [f"{name}: what glance migrate did",
            f"(glance migrate {name} --out-dir rules --labels {LABELS} --verbose: exit status {status})",
            ""]
    text += [f"  {s}" for s in summary] + [""]
    if status == 2:
        text += ["Not migrated: the page was left out of rules/ (the line above says why).", ""]
        return "\n".join(text)
    text += [f"For review ({len(review)}): the page shows these otherwise than the legacy did; "
             "each line ends with what you can do"]
    text += [f"  {r}" for r in review] + [""]
    for action, meaning in ACTIONS:
        title = "Kept" if action == "carried" else action.capitalize()
        text += [f"{title} ({len(groups[action])}): {meaning}"]
        text += [f"  {n.rstrip()}" for n in groups[action]] + [""]
    if checks or other:
        text += ["Also said:"] + [f"  {c}" for c in checks + other] + [""]
    text += [f"The page's edits: review/{page.stem}.diff ({diff_lines} lines changed).", ""]
    return "\n".join(text)


def diff(page, migrated):
    old = page.read_text().splitlines(keepends=True)
    new = migrated.read_text().splitlines(keepends=True)
    lines = list(difflib.unified_diff(old, new, f"legacy/{page.name}", f"rules/{page.name}", n=2))
    changed = sum(1 for x in lines if x[:1] in "+-" and not x.startswith(("+++", "---")))
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines), changed


def deployment_section():
    readme = (ROOT / "README.md").read_text()
    m = re.search(r"^## Deploying the drop-in files\n.*?(?=^## )", readme, re.M | re.S)
    if not m:
        fail("README.md has no '## Deploying the drop-in files' section for the cover note")
    return m.group(0).strip() + "\n"


def cover(source, pages_arg, migrated, failed, totals):
    """README.md of the bundle: what is here, how to apply it, then the
    README's deployment section as it is."""
    out = [f"# Moves at a Glance for XBoard's rules pages ({source.name})", ""]
    out += [f"Written by `make upstream` from Moves at a Glance, {source.state()}, "
            f"and the {len(migrated) + len(failed)} legacy pages of `{pages_arg}`.", ""]
    out += ["## What is here", ""]
    out += ["* `rules/`: what goes into the folder of the rules pages, beside its `sym/` "
            "and `moves.css`, which the pages keep using:",
            f"  * {len(migrated)} pages as `glance migrate --labels {LABELS}` writes them: "
            "they load `glance.js` instead of the legacy script, declare their pieces "
            "(`data-piece`, ...), and link the labels page "
            f"(`<link rel=\"jslicense\" href=\"{LABELS}\">`, before the script); "
            "every other byte is the page's own;",
            "  * `glance.js` and `glance-findings.txt` (the words of the findings the "
            "console shows on a broken page), and `spartan.js`, `chu.js`, `cwda.js`, the "
            "drop-ins for the legacy scripts of the same name, for pages left as they are;",
            f"  * `{LABELS}`: the scripts' JavaScript Web Labels (license and source, as "
            "GNU LibreJS reads them);",
            f"  * `{source.archive}`: the source they name (the project's files at this "
            "commit; `Cargo.lock` names the crates it is built from).",
            "* `review/PAGE.txt`: what `glance migrate` did on that page, in its own lines: "
            "the clicks for review first (each ending with what to do), then those changed, "
            "lost, declared, dropped, added, still and kept; `review/PAGE.diff`: the page's "
            "edits.",
            "* `REVIEW.md`: one line per page.",
            "* `SHA256SUMS`: every file's checksum.", ""]
    out += ["## Reviewing and applying it", ""]
    out += [f"1. Read `REVIEW.md`: {totals['review']} clicks for review in all, "
            f"{totals['lost']} lost. For each page with items for review, `review/PAGE.txt` "
            "says what the page shows otherwise than the legacy did and what you can do.",
            "2. Copy the contents of `rules/` into the rules pages' folder (the pages "
            "overwrite their legacy versions; the legacy scripts are replaced by drop-ins "
            "that work the same for any page not migrated).",
            "3. With GNU LibreJS installed, open a page: its report lists `glance.js` as "
            "accepted, \"Free license (GPL-3.0)\", from the labels page.", ""]
    if failed:
        out += ["Not migrated (left out of `rules/`):", ""]
        out += [f"* `{p}`: see `review/{Path(p).stem}.txt`" for p in failed] + [""]
    out += ["The section below is the project README's, as it is; its links are to files "
            f"of the project, in `rules/{source.archive}`.", ""]
    out += [deployment_section()]
    return "\n".join(out)


def summary_table(rows):
    head = ["page", "live clicks", "from rows", "declared", "changed", "lost", "for review",
            "dead dropped", "cells added", "still"]
    out = ["# What glance migrate did, page by page", "",
           "From each page's summary line (review/PAGE.txt has its every line).", "",
           "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    totals = [0] * (len(head) - 1)
    for name, nums in rows:
        if nums is None:
            out.append(f"| {name} | not migrated |" + " |" * (len(head) - 2))
            continue
        totals = [a + b for a, b in zip(totals, nums)]
        out.append(f"| {name} | " + " | ".join(map(str, nums)) + " |")
    out.append("| all | " + " | ".join(map(str, totals)) + " |")
    return "\n".join(out) + "\n", dict(zip(["live", "rows", "declared", "changed", "lost", "review"],
                                           totals))


SUMMARY = re.compile(r"(\d+) live clicks: (\d+) from rows, (\d+) declared, (\d+) changed, (\d+) lost; "
                     r"(\d+) for review; (\d+) dead dropped, (\d+) cells added, (\d+) still")


def tar_bytes(folder, mtime):
    """The folder as a tar.gz whose bytes depend only on its files."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        paths = [folder] + sorted(folder.rglob("*"), key=lambda p: p.relative_to(folder).as_posix())
        for p in paths:
            info = tarfile.TarInfo((Path(folder.name) / p.relative_to(folder)).as_posix())
            info.mtime, info.uid, info.gid, info.uname, info.gname = mtime, 0, 0, "", ""
            if p.is_dir():
                info.type, info.mode = tarfile.DIRTYPE, 0o755
                tar.addfile(info)
            else:
                data = p.read_bytes()
                info.size, info.mode = len(data), 0o644
                tar.addfile(info, io.BytesIO(data))
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, compresslevel=9, mtime=0) as gz:
        gz.write(buf.getvalue())
    return out.getvalue()


def build(pages_dir, out_dir, pages_arg, quiet=False):
    """Writes the bundle into out_dir; returns (folder, tarball)."""
    source = labels.Source()
    pages = check_inputs(source, pages_dir)
    out_dir = Path(out_dir).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    name = f"xboard-{source.name}"
    folder = out_dir / name
    staging = out_dir / f".{name}.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    rules, review = staging / "rules", staging / "review"
    rules.mkdir(parents=True)
    review.mkdir()
    for f in DROPINS + FILES:
        shutil.copyfile(DIST / f, rules / f)
    labels.label(rules, list(DROPINS), source=source, quiet=True)
    rows, migrated, failed = [], [], []
    for page in pages:
        status, out, err = migrate(page, rules)
        changed = 0
        if status <= 1:
            text, changed = diff(page, rules / page.name)
            (review / f"{page.stem}.diff").write_text(text)
            migrated.append(page.name)
            m = SUMMARY.search(err)
            rows.append((page.name, [int(x) for x in m.groups()] if m else None))
        else:
            failed.append(page.name)
            rows.append((page.name, None))
        (review / f"{page.stem}.txt").write_text(report(page, status, out, err, changed))
    table, totals = summary_table(rows)
    (staging / "REVIEW.md").write_text(table)
    (staging / "README.md").write_text(cover(source, pages_arg, migrated, failed, totals))
    files = sorted(p for p in staging.rglob("*") if p.is_file())
    sums = "".join(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to(staging).as_posix()}\n"
                   for p in files)
    (staging / "SHA256SUMS").write_text(sums)
    shutil.rmtree(folder, ignore_errors=True)
    staging.rename(folder)
    tarball = out_dir / f"{name}.tar.gz"
    tarball.write_bytes(tar_bytes(folder, int(source.time)))
    # An older commit's bundle goes (one bundle in OUT, this one).
    for old in out_dir.glob("xboard-glance-*"):
        if old.name not in (name, tarball.name):
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    if not quiet:
        count = sum(1 for p in folder.rglob("*") if p.is_file())
        size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
        left = f", {len(failed)} not ({', '.join(failed)})" if failed else ""
        print(f"upstream: {folder}: {count} files, {size:,} B; {len(migrated)} pages migrated{left}; "
              f"{totals['review']} clicks for review, {totals['lost']} lost")
        print(f"upstream: {tarball}: {tarball.stat().st_size:,} B, sha256 "
              f"{hashlib.sha256(tarball.read_bytes()).hexdigest()}")
        if not source.url:
            print(f"upstream: no SOURCE_URL: the labels name the archive rules/{source.archive}")
    return folder, tarball, pages


class Labels(HTMLParser):
    """The rows of table#jslicense-labels1's body, as LibreJS reads them:
    per row, per cell, the links (href, text)."""

    def __init__(self):
        super().__init__()
        self.rows, self.depth, self.table, self.body, self.cell, self.link = [], 0, None, False, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self.depth += 1
            if a.get("id") == "jslicense-labels1":
                self.table = self.depth
        elif self.table == self.depth:
            if tag == "tbody":
                self.body = True
            elif tag == "tr" and self.body:
                self.rows.append([])
            elif tag == "td" and self.body and self.rows:
                self.rows[-1].append([])
                self.cell = self.rows[-1][-1]
            elif tag == "a" and self.cell is not None:
                self.link = [a.get("href", ""), ""]
                self.cell.append(self.link)

    def handle_endtag(self, tag):
        if tag == "a":
            self.link = None
        elif tag == "td":
            self.cell = None
        elif tag == "tbody":
            self.body = False
        elif tag == "table":
            if self.table == self.depth:
                self.table = None
            self.depth -= 1

    def handle_data(self, data):
        if self.link is not None:
            self.link[1] += data


def check(pages_dir, pages_arg):
    """Builds the bundle twice and checks it; returns the number of failed
    checks (each printed)."""
    failures = []

    def ok(cond, what):
        print(f"{'PASS' if cond else 'FAIL'} {what}")
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory(prefix="glance-upstream-") as tmp:
        t0 = time.monotonic()
        folder, tarball, pages = build(pages_dir, Path(tmp) / "a", pages_arg, quiet=True)
        took = time.monotonic() - t0
        first = tarball.read_bytes()
        _, again, _ = build(pages_dir, Path(tmp) / "b", pages_arg, quiet=True)
        ok(first == again.read_bytes(), f"two runs give the same tarball ({len(first):,} B, "
           f"sha256 {hashlib.sha256(first).hexdigest()[:16]}...)")
        files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
        with tarfile.open(fileobj=io.BytesIO(first)) as tar:
            inside = sorted(m.name.split("/", 1)[1] for m in tar.getmembers() if m.isfile())
            owners = {(m.uid, m.gid, m.mtime) for m in tar.getmembers()}
        ok(inside == files, f"the tarball holds the folder's {len(files)} files")
        ok(len(owners) == 1, f"one owner and time for every entry ({owners})")
        rules = folder / "rules"
        for page in pages:
            got = rules / page.name
            text = got.read_text() if got.is_file() else ""
            ok(got.is_file() and f'<link rel="jslicense" href="{LABELS}">' in text
               and 'src="glance.js"' in text and "down_click" not in text,
               f"rules/{page.name}: migrated, loads glance.js, links {LABELS}, no handler left")
            ok((folder / "review" / f"{page.stem}.txt").is_file()
               and (folder / "review" / f"{page.stem}.diff").is_file(),
               f"review/{page.stem}.txt and .diff")
        scripts = sorted(p.name for p in rules.glob("*.js"))
        ok(scripts == sorted(DROPINS), f"rules/ holds the drop-ins {scripts}")
        parser = Labels()
        parser.feed((rules / LABELS).read_text())
        labelled = {}
        for row in parser.rows:
            if len(row) >= 3 and row[0]:
                labelled[row[0][0][0]] = row
        source = labels.Source()
        for s in scripts:
            row = labelled.get(s)
            ok(row is not None, f"{s}: a row of {LABELS}'s table#jslicense-labels1")
            if row is None:
                continue
            lic = [href for href, _ in row[1]]
            ok("http://www.gnu.org/licenses/gpl-3.0.html" in lic and row[1][0][1] == "GPL-3.0-or-later",
               f"{s}: license GPL-3.0-or-later, linked to http://www.gnu.org/licenses/gpl-3.0.html")
            srcs = [href for href, _ in row[2]]
            there = [h for h in srcs if (rules / h).is_file() or re.match(r"https?://", h)]
            ok(bool(srcs) and there == srcs, f"{s}: its sources {srcs} are there")
            head = (rules / s).read_text()[:2000]
            line = re.search(r"^// @source: (.*)$", head, re.M)
            ok(bool(line) and line.group(1) in srcs
               and re.search(r"^// @license magnet:\S+ GPL-3\.0-or-later$", head, re.M) is not None,
               f"{s}: @source {line.group(1) if line else None!r} is in its label; @license kept")
        unlabelled = [s for s in scripts if s not in labelled]
        ok(not unlabelled, f"{len(unlabelled)} scripts without a source label")
        archive = rules / source.archive
        with tarfile.open(archive) as tar:
            names = set(tar.getnames())
        want = [f"{source.name}/{f}" for f in ("Cargo.toml", "Cargo.lock", "src/lib.rs", "Makefile")]
        ok(all(n in names for n in want), f"{source.archive} holds {', '.join(w.split('/', 1)[1] for w in want)}")
        sums = (folder / "SHA256SUMS").read_text().splitlines()
        bad = [s for s in sums if hashlib.sha256((folder / s.split("  ", 1)[1]).read_bytes()).hexdigest()
               != s.split("  ", 1)[0]]
        ok(len(sums) == len(files) - 1 and not bad, f"SHA256SUMS: {len(sums)} files, all match")
        size = sum((folder / f).stat().st_size for f in files)
        print(f"     bundle: {len(files)} files, {size:,} B; tarball {len(first):,} B; "
              f"one build {took:.1f} s")
    print(f"upstream check: {len(failures)} failed")
    return len(failures)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", default="tests/fixtures/upstream")
    ap.add_argument("--out", default="upstream")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    pages = Path(args.pages)
    if not pages.is_absolute():
        pages = Path.cwd() / pages
    if not pages.is_dir():
        fail(f"{args.pages}: not a folder")
    if args.check:
        sys.exit(1 if check(pages, args.pages) else 0)
    t0 = time.monotonic()
    build(pages, args.out, args.pages)
    print(f"upstream: written in {time.monotonic() - t0:.1f} s")


if __name__ == "__main__":
    main()
