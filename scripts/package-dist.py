#!/usr/bin/env python3
"""Packs the wasm module and its wasm-bindgen glue into self-contained classic
scripts: dist/spartan.js, dist/chu.js, dist/cwda.js.

The wasm is deflated (raw deflate, as DecompressionStream("deflate-raw")
reads it) and embedded in base64; the glue is inlined into www/loader.js,
whose closure keeps every name but down_click and up_click off the page.

usage: package-dist.py GLUE.js MODULE.wasm OUT_DIR
"""
import base64
import sys
import zlib
from pathlib import Path

SCRIPTS = ("spartan", "chu", "cwda")


def main(glue_path, wasm_path, out_dir):
    root = Path(__file__).resolve().parent.parent
    loader = (root / "www" / "loader.js").read_text()
    glue = Path(glue_path).read_text()
    wasm = Path(wasm_path).read_bytes()
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    packed = deflater.compress(wasm) + deflater.flush()
    b64 = base64.b64encode(packed).decode("ascii")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for name in SCRIPTS:
        text = loader.replace("@SCRIPT@", name).replace("@GLUE@", glue.strip()).replace("@WASM@", b64)
        (out / f"{name}.js").write_text(text)
    print(f"dist: wasm {len(wasm)} B, deflated {len(packed)} B; wrote "
          + ", ".join(f"{out / n}.js" for n in SCRIPTS))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
