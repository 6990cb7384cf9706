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
import gzip
import json
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


GLUE_CHANGED = ("package-dist: the wasm-bindgen glue is not the one this script knows "
                "(--target no-modules of 0.2.130): see trim_glue")


def cut(text, start, end, keep="", through=False):
    """`text` with the part from `start` up to the first `end` after it
    (included if `through`) put in place by `keep`; fails loudly if `start`
    is not there exactly once or no `end` follows it."""
    at = text.find(start)
    stop = text.find(end, at + len(start))
    if text.count(start) != 1 or stop < 0:
        sys.exit(f"{GLUE_CHANGED}: {start.strip()!r} .. {end.strip()!r}")
    return text[:at] + keep + text[stop + (len(end) if through else 0):]


def trim_glue(glue):
    """What the loader uses of wasm-bindgen's no-modules glue: the imports,
    the exports and initSync (the loader instantiates the bytes it inflated).
    Dropped: finding the script's own URL, the asynchronous loaders for URLs
    and fetch responses, and the fallback for browsers without
    TextEncoder.encodeInto (every browser with DecompressionStream has it);
    short ASCII strings from the module are decoded without TextDecoder.
    Fails loudly if the glue is not the expected shape."""
    if "let wasm_bindgen = (function(exports)" not in glue:
        sys.exit(GLUE_CHANGED)
    glue = cut(glue, "    let script_src;\n", "\n    }\n", through=True)
    glue = cut(glue, "    if (!('encodeInto' in cachedTextEncoder)) {", "    let WASM_VECTOR_LEN")
    glue = cut(glue, "    async function __wbg_load(", "    function initSync(")
    # Strings from the module are mostly short ASCII names (attributes,
    # marks): built directly, they cost a third of a TextDecoder call.
    glue = cut(glue, "    function decodeText(bytes) {\n", "\n    }\n", through=True, keep=(
        "    function decodeText(bytes) {\n"
        "        if (bytes.length < 64) {\n"
        "            for (var s = '', i = 0; i < bytes.length && bytes[i] < 128; i++) s += String.fromCharCode(bytes[i]);\n"
        "            if (i === bytes.length) return s;\n"
        "        }\n"
        "        return cachedTextDecoder.decode(bytes);\n"
        "    }\n"))
    glue = cut(glue, "    let __wbg_init_promise;", "})({ __proto__: null });",
               "    return Object.assign({ initSync }, exports);\n")
    return glue


def minify(root, code):
    """`code` minified by terser (pinned in package.json)."""
    terser = root / "node_modules" / ".bin" / "terser"
    small = subprocess.run(
        [str(terser), "--compress", "passes=2", "--mangle", "--ecma", "2017"],
        input=code, capture_output=True, text=True, check=True,
    ).stdout.strip()
    if small.count("@WASM@") != 1:
        sys.exit("package-dist: the minified loader lost its @WASM@ placeholder")
    return small


def gzip_size(text):
    return len(gzip.compress(text.encode(), compresslevel=9, mtime=0))


def main(name, glue_path, wasm_path, out_dir):
    if name not in SCRIPTS:
        sys.exit(f"unknown script {name!r}: expected one of {SCRIPTS}")
    root = Path(__file__).resolve().parent.parent
    loader = (root / "www" / "loader.js").read_text()
    glue = trim_glue(Path(glue_path).read_text())
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
    small = minify(root, code)
    # What the glue adds to the script, for make bench: the loader minified
    # without it (gzip -9 of each, as the bench measures scripts).
    alone = minify(root, code.replace(glue.strip(), "var wasm_bindgen;"))
    parts = {"js_gzip_bytes": gzip_size(small), "loader_alone_gzip_bytes": gzip_size(alone)}
    parts["glue_gzip_share_bytes"] = parts["js_gzip_bytes"] - parts["loader_alone_gzip_bytes"]
    (Path(wasm_path).parent / "js-parts.json").write_text(json.dumps(parts) + "\n")
    text = head + small.replace("@WASM@", b64) + "\n" + tail
    (out / f"{name}.js").write_text(text)
    print(f"{out / name}.js: wasm {len(wasm)} B, deflated {len(packed)} B")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
