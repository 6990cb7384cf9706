#!/usr/bin/env python3
"""Packs a wasm module and its wasm-bindgen glue into a self-contained
classic script: dist/NAME.js (spartan, chu or cwda).

The wasm is deflated (raw deflate, as DecompressionStream("deflate-raw")
reads it, by zopfli) and embedded in base64; wasm-bindgen's glue
(--target no-modules) is inlined into www/loader.js, whose closure keeps
every name but down_click and up_click off the page.

usage: package-dist.py NAME GLUE.js MODULE.wasm OUT_DIR
"""
import base64
import subprocess
import sys
import zlib
from pathlib import Path

SCRIPTS = ("spartan", "chu", "cwda")


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


def main(name, glue_path, wasm_path, out_dir):
    if name not in SCRIPTS:
        sys.exit(f"unknown script {name!r}: expected one of {SCRIPTS}")
    root = Path(__file__).resolve().parent.parent
    loader = (root / "www" / "loader.js").read_text()
    glue = Path(glue_path).read_text()
    if "let wasm_bindgen = (function(exports)" not in glue or "initSync" not in glue:
        sys.exit("package-dist: the glue is not wasm-bindgen's --target no-modules output")
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
    code = code.replace("@SCRIPT@", name).replace("@GLUE@", glue.strip())
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
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
