#!/usr/bin/env python3
"""Packs a wasm module into a self-contained classic script: dist/NAME.js
(spartan, chu or cwda).

The wasm is deflated (raw deflate, as DecompressionStream("deflate-raw")
reads it, by zopfli) and embedded in base64; the bridge www/dom.js is inlined into
www/loader.js, whose closure keeps every name but down_click and up_click
off the page.

usage: package-dist.py NAME MODULE.wasm OUT_DIR
"""
import base64
import re
import subprocess
import sys
import zlib
from pathlib import Path

SCRIPTS = ("spartan", "chu", "cwda")
def check_events(root, bridge):
    """The bridge numbers events by their place in its EVENTS list; the
    module reads them by their place in src/web/events.rs's EVENTS. Fails
    loudly if the two lists differ."""
    rust = (root / "src" / "web" / "events.rs").read_text()
    found = [re.search(r"EVENTS\b[^=]*=\s*\[([^\]]*)\]", text) for text in (rust, bridge)]
    lists = [re.findall(r'"([a-z]+)"', m.group(1)) if m else None for m in found]
    if lists[0] is None or lists[0] != lists[1]:
        sys.exit(f"package-dist: the events of src/web/events.rs ({lists[0]}) and www/dom.js ({lists[1]}) differ")


def deflate(data):
    """Raw deflate, as small as zopfli makes it: about 5% smaller than
    zlib's level 9 (spartan.js: 700 B less gzipped). zopfli writes a zlib
    stream; its 2-byte header and 4-byte checksum are cut off."""
    try:
        from zopfli.zopfli import compress
    except ImportError:
        sys.exit("package-dist: Python's zopfli is missing; scripts/setup.sh installs "
                 "scripts/requirements.txt into .venv")
    packed = compress(data, numiterations=15)[2:-4]
    if zlib.decompress(packed, -15) != data:
        sys.exit("package-dist: the deflated module does not inflate back to itself")
    return packed


def main(name, wasm_path, out_dir):
    if name not in SCRIPTS:
        sys.exit(f"unknown script {name!r}: expected one of {SCRIPTS}")
    root = Path(__file__).resolve().parent.parent
    loader = (root / "www" / "loader.js").read_text()
    bridge = (root / "www" / "dom.js").read_text()
    check_events(root, bridge)
    wasm = Path(wasm_path).read_bytes()
    packed = deflate(wasm)
    b64 = base64.b64encode(packed).decode("ascii")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    # The license notice stays as written; the code between is minified
    # (terser, pinned in package.json), with the wasm string put in after.
    start = loader.index("(function () {")
    end = loader.rindex("// @license-end")
    head, code, tail = loader[:start], loader[start:end], loader[end:]
    code = code.replace("@SCRIPT@", name).replace("@DOM@", bridge.strip())
    terser = root / "node_modules" / ".bin" / "terser"
    small = subprocess.run(
        [str(terser), "--compress", "passes=2", "--mangle", "--ecma", "2017"],
        input=code, capture_output=True, text=True, check=True,
    ).stdout.strip()
    if small.count("@WASM@") != 1:
        sys.exit("package-dist: the minified loader lost its @WASM@ placeholder")
    text = head + small.replace("@WASM@", b64) + "\n" + tail
    (out / f"{name}.js").write_text(text)
    print(f"{out / name}.js: wasm {len(wasm)} B, deflated {len(packed)} B")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
