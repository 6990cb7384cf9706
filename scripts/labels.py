#!/usr/bin/env python3
"""Source labels for the scripts of a folder (dist/, or the upstream
bundle's): where each script's source is, said three ways that agree.

* OUT/glance-source-COMMIT.tar.gz: the project's own files at that commit
  (`git archive` of the tracked files: the Rust sources, Cargo.toml and
  Cargo.lock, which names every crate the module is built from, with its
  version and checksum; the crates themselves are not in it: cargo fetches
  them from crates.io). A work tree with uncommitted changes to tracked
  files is archived as it is (`git stash create`, which touches nothing),
  as glance-source-COMMIT-modified.tar.gz. Bytes depend only on the files:
  entries' times are the commit's, gzip without name or time (gzip -n).
* a `// @source: WHERE` line in each script's header, just before its
  `// @license` line (which stays as it is: LibreJS reads it);
* OUT/javascript.html, a JavaScript Web Labels table as GNU LibreJS reads
  it (content/externalLicenseChecker.js: the rows of
  `table#jslicense-labels1 > tbody > tr`, in each the first link of the
  first cell the script, every link of the second its licenses, every link
  of the third its sources; links resolved against the labels page). The
  license link is http://www.gnu.org/licenses/gpl-3.0.html, the address
  LibreJS's license list files under GPL-3.0 (matched as written: https
  would not be), labelled GPL-3.0-or-later. A page links it with
  `<link rel="jslicense" href="javascript.html">` (glance migrate --labels).

WHERE is SOURCE_URL when given (a repository's address: make dist
SOURCE_URL=https://...), else the archive's name, beside the script. The
archive is written either way; the labels page names both.

usage: labels.py OUT_DIR [SCRIPT.js...]   (none: every *.js in OUT_DIR)
       labels.py --archive-name           (the archive's name, and exit)
Environment: SOURCE_URL.
"""
import gzip
import html
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = "javascript.html"
LICENSE_URL = "http://www.gnu.org/licenses/gpl-3.0.html"
LICENSE_LABEL = "GPL-3.0-or-later"
# The scripts in the order the README presents them; others after, by name.
ORDER = ("spartan.js", "chu.js", "cwda.js", "glance.js", "lab.js")
WHAT = {
    "spartan.js": "drop-in for the legacy pages that load spartan.js",
    "chu.js": "drop-in for the legacy pages that load chu.js",
    "cwda.js": "drop-in for the legacy pages that load cwda.js",
    "glance.js": "the generic drop-in: pages that declare their pieces (glance migrate, glance page)",
    "lab.js": "the piece lab (lab.html)",
}
SOURCE_LINE = re.compile(r"^// @source: .*\n", re.M)
LICENSE_LINE = re.compile(r"^// @license magnet:\S+ GPL-3\.0-or-later$", re.M)


def fail(msg):
    sys.exit(f"labels: {msg}")


def git(*args, binary=False):
    run = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True)
    if run.returncode != 0:
        fail(f"git {' '.join(args)}: {run.stderr.decode(errors='replace').strip()}")
    return run.stdout if binary else run.stdout.decode().strip()


class Source:
    """What the archive holds: the commit, whether the tracked files differ
    from it, the tree archived, and SOURCE_URL if given."""

    def __init__(self):
        inside = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--is-inside-work-tree"],
                                capture_output=True)
        self.url = os.environ.get("SOURCE_URL", "").strip() or None
        if inside.returncode != 0:
            fail(f"{ROOT} is not a git work tree, so no source archive can be written: "
                 "give the source's address, make dist SOURCE_URL=https://...")
        self.commit = git("rev-parse", "HEAD")
        self.time = git("log", "-1", "--format=%ct", "HEAD")
        stash = git("stash", "create")
        self.modified = bool(stash)
        self.tree = git("rev-parse", f"{stash or 'HEAD'}^{{tree}}")
        self.untracked = git("ls-files", "--others", "--exclude-standard").splitlines()
        short = self.commit[:12]
        self.name = f"glance-{short}{'-modified' if self.modified else ''}"
        self.archive = f"glance-source-{short}{'-modified' if self.modified else ''}.tar.gz"

    def where(self):
        """What a script's `@source` line names."""
        return self.url or self.archive

    def state(self):
        """The commit in words."""
        extra = " with the uncommitted changes of the work tree it was built in" if self.modified else ""
        return f"commit {self.commit}{extra}"


def write_archive(source, out):
    """OUT/ARCHIVE, rewritten only if its bytes change; other archives of
    this kind in OUT removed (an older commit's)."""
    tar = git("archive", "--format=tar", f"--prefix={source.name}/", f"--mtime=@{source.time}",
              source.tree, binary=True)
    path = out / source.archive
    data = gzip.compress(tar, compresslevel=9, mtime=0)
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)
    for old in out.glob("glance-source-*.tar.gz"):
        if old.name != source.archive:
            old.unlink()
    return path


def stamp(script, where):
    """The script with `// @source: WHERE` just before its license line
    (replacing the one a previous run wrote)."""
    text = script.read_text()
    text = SOURCE_LINE.sub("", text, count=1)
    found = LICENSE_LINE.search(text)
    if not found:
        fail(f"{script}: no '// @license magnet:... GPL-3.0-or-later' line: "
             "a script without its license label cannot be given a source label")
    new = text[:found.start()] + f"// @source: {where}\n" + text[found.start():]
    if new != script.read_text():
        script.write_text(new)


def ordered(names):
    known = [n for n in ORDER if n in names]
    return known + sorted(n for n in names if n not in ORDER)


def page(source, scripts):
    """The labels page's text for `scripts` (names in its folder)."""
    e = html.escape
    sources = []
    if source.url:
        sources.append(f'<a href="{e(source.url)}">{e(source.url)}</a>')
    sources.append(f'<a href="{e(source.archive)}">{e(source.archive)}</a>')
    rows = "".join(
        f'<tr>\n<td><a href="{e(s)}">{e(s)}</a></td>\n'
        f'<td><a href="{LICENSE_URL}">{LICENSE_LABEL}</a></td>\n'
        f'<td>{" ".join(sources)}</td>\n</tr>\n' for s in scripts)
    what = "".join(f"<li><code>{e(s)}</code>: {e(WHAT.get(s, 'a script of the project'))}</li>\n"
                   for s in scripts)
    if source.url:
        where = (f'<p>Source: the repository <a href="{e(source.url)}">{e(source.url)}</a>, at '
                 f'{e(source.state())}; the same files are in <a href="{e(source.archive)}">'
                 f'{e(source.archive)}</a>, beside this page.</p>\n')
    else:
        where = (f'<p>Source: <a href="{e(source.archive)}">{e(source.archive)}</a>, beside this page: '
                 f'the project\'s files at {e(source.state())}. No repository address was given '
                 'when these files were built (<code>make dist SOURCE_URL=https://...</code> '
                 'names one), so the archive is the only source named.</p>\n')
    modified = ("<p><strong>Built from a work tree with uncommitted changes</strong>: the archive "
                "holds its tracked files as they were, not the commit.</p>\n" if source.modified else "")
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<title>JavaScript license information: Moves at a Glance</title>\n</head>\n<body>\n"
        "<h1>JavaScript license information</h1>\n"
        "<p>The scripts of XBoard's rules pages, from Moves at a Glance. Each is free software "
        "under the GNU General Public License, version 3 or later. Each is one file built by "
        "<code>make dist</code>: a loader, minified, with a WebAssembly module compiled from the "
        "project's Rust sources embedded in it (compressed, in base64). The source is the "
        "project's own files; the Rust crates it is built from are named, with their versions "
        "and checksums, in its <code>Cargo.lock</code> (cargo fetches them from crates.io), the "
        "npm tools of the build in its <code>package-lock.json</code>; "
        "<code>docs/building.md</code> in it says how the files are built.</p>\n"
        f"{where}{modified}<ul>\n{what}</ul>\n"
        "<table id=\"jslicense-labels1\">\n"
        "<thead>\n<tr><th>Script</th><th>License</th><th>Source</th></tr>\n</thead>\n"
        f"<tbody>\n{rows}</tbody>\n</table>\n</body>\n</html>\n")


def label(out, names=None, source=None, quiet=False):
    """Writes the archive, stamps the scripts and writes the labels page of
    folder `out`; returns (source, the scripts labelled)."""
    out = Path(out)
    source = source or Source()
    names = ordered(names if names is not None else [p.name for p in out.glob("*.js")])
    if not names:
        fail(f"{out}: no script to label")
    write_archive(source, out)
    for n in names:
        stamp(out / n, source.where())
    (out / PAGE).write_text(page(source, names))
    if not quiet:
        print(f"{out / PAGE}: {len(names)} scripts ({', '.join(names)}), source {source.where()}")
        if not source.url:
            print(f"labels: no SOURCE_URL given: @source and {PAGE} name the archive "
                  f"{out / source.archive} (make dist SOURCE_URL=https://... names a repository)")
        if source.modified:
            print("labels: the work tree has uncommitted changes: the archive holds them "
                  f"({source.archive}); commit before building what you publish")
        if source.untracked:
            print(f"labels: {len(source.untracked)} untracked files are not in the archive: "
                  + ", ".join(source.untracked[:5]) + (" ..." if len(source.untracked) > 5 else ""))
    return source, names


if __name__ == "__main__":
    args = sys.argv[1:]
    if args == ["--archive-name"]:
        print(Source().archive)
    elif args and not args[0].startswith("-"):
        label(args[0], args[1:] or None)
    else:
        sys.exit(__doc__)
