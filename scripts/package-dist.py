#!/usr/bin/env python3
"""Packs a wasm module and its wasm-bindgen glue into a self-contained classic
script: dist/NAME.js (spartan, chu or cwda).

The wasm is deflated (raw deflate, as DecompressionStream("deflate-raw")
reads it) and embedded in base64; the glue is inlined into www/loader.js,
whose closure keeps every name but down_click and up_click off the page.

usage: package-dist.py NAME GLUE.js MODULE.wasm OUT_DIR
"""
import base64
import subprocess
import sys
import zlib
from pathlib import Path

SCRIPTS = ("spartan", "chu", "cwda")
GLUE_CHANGED = "package-dist: the wasm-bindgen glue is not the one this script knows (0.2.130)"


def replace_once(text, old, new):
    """`text` with its one `old` replaced by `new`; fails loudly if `old`
    is not there exactly once (the glue changed)."""
    if text.count(old) != 1:
        sys.exit(GLUE_CHANGED)
    return text.replace(old, new)


def trim_glue(glue):
    """Keeps what the loader uses of wasm-bindgen's no-modules glue (pinned
    at 0.2.130): the imports and exports. The loaders for URLs and fetch
    responses give way to one function that compiles and instantiates the
    bytes it is given. Fails loudly if the glue changes."""
    head = "let wasm_bindgen = (function(exports) {\n"
    src = ("    let script_src;\n"
           "    if (typeof document !== 'undefined' && document.currentScript !== null) {\n"
           "        script_src = new URL(document.currentScript.src, location.href).toString();\n"
           "    }\n")
    load = "    async function __wbg_load(module, imports) {"
    tail = "    return Object.assign(__wbg_init, { initSync }, exports);\n})({ __proto__: null });"
    if not glue.startswith(head + src) or glue.count(load) != 1 or not glue.rstrip().endswith(tail):
        sys.exit(GLUE_CHANGED)
    body = glue[len(head) + len(src):glue.index(load)]
    # Every browser with DecompressionStream has TextEncoder.encodeInto:
    # the glue's fallback for it is dead code here.
    body = replace_once(body,
                        "    if (!('encodeInto' in cachedTextEncoder)) {\n"
                        "        cachedTextEncoder.encodeInto = function (arg, view) {\n"
                        "            const buf = cachedTextEncoder.encode(arg);\n"
                        "            view.set(buf);\n"
                        "            return {\n"
                        "                read: arg.length,\n"
                        "                written: buf.length\n"
                        "            };\n"
                        "        };\n"
                        "    }\n", "")
    # Strings from the module are mostly short ASCII names (attributes,
    # marks): built directly, they cost a third of a TextDecoder call.
    body = replace_once(body,
                        "    function decodeText(bytes) {\n"
                        "        return cachedTextDecoder.decode(bytes);\n"
                        "    }\n",
                        "    function decodeText(bytes) {\n"
                        "        if (bytes.length < 64) {\n"
                        "            for (var s = '', i = 0; i < bytes.length && bytes[i] < 128; i++) s += String.fromCharCode(bytes[i]);\n"
                        "            if (i === bytes.length) return s;\n"
                        "        }\n"
                        "        return cachedTextDecoder.decode(bytes);\n"
                        "    }\n")
    # Compiled and instantiated synchronously: no task to wait for (a page
    # still being parsed keeps the main thread busy), and the module is
    # small enough that compiling it takes about a millisecond.
    return (head + body +
            "    return Object.assign(function (bytes) {\n"
            "        var module = new WebAssembly.Module(bytes);\n"
            "        __wbg_finalize_init(new WebAssembly.Instance(module, __wbg_get_imports()), module);\n"
            "    }, exports);\n"
            "})({ __proto__: null });")


def main(name, glue_path, wasm_path, out_dir):
    if name not in SCRIPTS:
        sys.exit(f"unknown script {name!r}: expected one of {SCRIPTS}")
    root = Path(__file__).resolve().parent.parent
    loader = (root / "www" / "loader.js").read_text()
    glue = trim_glue(Path(glue_path).read_text())
    wasm = Path(wasm_path).read_bytes()
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    packed = deflater.compress(wasm) + deflater.flush()
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
