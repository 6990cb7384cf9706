#!/usr/bin/env python3
"""Packs a wasm module and its wasm-bindgen glue into a self-contained
classic script: dist/NAME.js (spartan, chu or cwda; or glance, the generic
drop-in, which reads the pieces a page declares and defines no global).

The wasm is packed with LZMA (raw LZMA1, lc=3 lp=0 pb=0, by Python's
lzma) and embedded in base64, beside the decoder that unpacks it in the
page: UNPACK.wasm, a wasm module of about 1.3 KB built from www/unpack
(in the same base64 text, first). wasm-bindgen's glue (--target no-modules) is
inlined into www/loader.js, whose closure keeps every name but down_click
and up_click off the page.

With --blank-panic-paths, the file names of the module's panic locations
and the standard library's panic messages are zeroed (see
blank_panic_paths): for the builds whose panic handler reads none.

usage: package-dist.py NAME GLUE.js MODULE.wasm UNPACK.wasm OUT_DIR [--blank-panic-paths]
"""
import base64
import gzip
import json
import lzma
import re
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

# glance: the generic drop-in (no click table; pieces declared by the page).
SCRIPTS = ("spartan", "chu", "cwda", "glance")


# The LZMA stream's parameters: 3 bits of the previous byte choose a
# literal's probabilities, no position bits (www/unpack reads exactly these:
# of the settings tried on dist/glance.js's module, lc=3 pb=0 packed it
# smallest: 28,178 B against 28,301 B for xz's lc=3 pb=2 and 30,584 B for
# zopfli's deflate). The dictionary holds any module.
LZMA = [{"id": lzma.FILTER_LZMA1, "preset": 9 | lzma.PRESET_EXTREME,
         "lc": 3, "lp": 0, "pb": 0, "nice_len": 128, "dict_size": 1 << 20}]


def pack(data):
    """The module as a raw LZMA stream, checked by Python's own decoder
    (the page's, www/unpack, is checked by check_unpack)."""
    if len(data) > LZMA[0]["dict_size"]:
        sys.exit("package-dist: the module is larger than the LZMA dictionary")
    packed = lzma.compress(data, format=lzma.FORMAT_RAW, filters=LZMA)
    if lzma.decompress(packed, format=lzma.FORMAT_RAW, filters=LZMA) != data:
        sys.exit("package-dist: the packed module does not unpack back to itself")
    return packed


# Runs the page's decoder (UNPACK.wasm) as www/loader.js does, on the
# stream and size given, and writes what it unpacked to standard output.
UNPACK_CHECK = """
const fs = require('fs');
const [unpackPath, packedPath, size] = process.argv.slice(1);
const d = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(unpackPath))).exports;
const packed = fs.readFileSync(packedPath);
let at = d.__heap_base.value;
d.memory.grow(2 + ((packed.length + +size) >> 16));
new Uint8Array(d.memory.buffer).set(packed, at);
d.unpack(at, at += packed.length, +size);
process.stdout.write(new Uint8Array(d.memory.buffer, at, +size));
"""


def check_unpack(unpack_path, packed, data):
    """Stops the build unless the page's decoder, run by node as the loader
    runs it, gives back `data` from `packed`."""
    with tempfile.NamedTemporaryFile(suffix=".lzma") as f:
        f.write(packed)
        f.flush()
        run = subprocess.run(["node", "-e", UNPACK_CHECK, str(unpack_path), f.name, str(len(data))],
                             capture_output=True)
    if run.returncode != 0 or run.stdout != data:
        sys.exit(f"package-dist: {unpack_path} does not unpack the module back to itself"
                 f" ({run.stderr.decode(errors='replace').strip() or 'different bytes'})")


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
    the exports and initSync (the loader instantiates the bytes it unpacked).
    Dropped: finding the script's own URL, the asynchronous loaders for URLs
    and fetch responses, initSync's other forms of its argument (it takes
    the bytes), passing a string without realloc (never done), and the
    fallback for browsers without
    TextEncoder.encodeInto (every browser with constructed style sheets,
    which the module uses, has it);
    short ASCII strings from the module are decoded without TextDecoder.
    Fails loudly if the glue is not the expected shape."""
    if "let wasm_bindgen = (function(exports)" not in glue:
        sys.exit(GLUE_CHANGED)
    glue = cut(glue, "    let script_src;\n", "\n    }\n", through=True)
    glue = cut(glue, "    if (!('encodeInto' in cachedTextEncoder)) {", "    let WASM_VECTOR_LEN")
    # initSync of the bytes the loader unpacked, and nothing else: no
    # compiled module, no deprecated form of its argument.
    # Every browser with constructed style sheets and replaceChildren
    # (which the module uses) has FinalizationRegistry: its stand-in goes.
    glue = cut(glue, "    const CLOSURE_DTORS = (typeof FinalizationRegistry === 'undefined')",
               "new FinalizationRegistry(", "    const CLOSURE_DTORS = ")
    glue = cut(glue, "    async function __wbg_load(", "    let __wbg_init_promise;", (
        "    function initSync(bytes) {\n"
        "        return __wbg_finalize_init(new WebAssembly.Instance(new WebAssembly.Module(bytes), __wbg_get_imports()));\n"
        "    }\n\n"))
    # Every string the glue passes to the module is given a realloc, so the
    # branch for none goes.
    passes = glue.count("passStringToWasm0(")
    if len(re.findall(r"passStringToWasm0\(\w+, wasm\.__wbindgen_malloc, wasm\.__wbindgen_realloc\)", glue)) != passes - 1:
        sys.exit(f"{GLUE_CHANGED}: a string passed to the module without realloc")
    glue = cut(glue, "        if (realloc === undefined) {", "        let len = arg.length;")
    # A view of the memory is stale when the memory grew: its buffer is
    # then another (the old one detached).
    glue = cut(glue, "        if (cachedDataViewMemory0 === null || cachedDataViewMemory0.buffer.detached",
               ") {\n", "        if (cachedDataViewMemory0 === null || cachedDataViewMemory0.buffer !== wasm.memory.buffer")
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


def leb(data, at):
    """The unsigned LEB128 number at `at` in `data`, and where it ends."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def put_leb(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def short_name(i):
    """`a`, `b`, ..., `z`, `A`, ..., `ba`, ...: valid JavaScript keys."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    name = ""
    while True:
        name = letters[i % len(letters)] + name
        i //= len(letters)
        if not i:
            return name


def import_body(glue, key):
    """The function after `key` in the glue's imports object: up to the
    next key (a line indented as `key`) or the object's end."""
    at = glue.index(key) + len(key)
    end = re.compile(r"\n {12}[\w$]+: |\n {8}\};").search(glue, at)
    if not end:
        sys.exit(f"{GLUE_CHANGED}: the import after {key.strip()!r} does not end")
    return glue[at:end.start()]


def shorten_exports(section, glue):
    """The export section and the glue with the module's exports renamed
    `a`, `b`, ... (`__wbindgen_malloc`,
    `wasm_bindgen__convert__closures_____invoke__hf6253718e645ee94`...: the
    glue reads them as `wasm.NAME` only; the script's own API, the glue's
    `exports`, keeps its names; some exports it never reads). Stops the
    build if an export is named in the glue otherwise."""
    count, p = leb(section, 0)
    new = bytearray(put_leb(count))
    for i in range(count):
        nlen, p = leb(section, p)
        name = section[p:p + nlen].decode()
        p += nlen
        kind = section[p]
        _, q = leb(section, p + 1)
        desc = section[p:q]
        p = q
        short = short_name(i)
        uses = re.compile(r"\bwasm\." + re.escape(name) + r"\b")
        glue = uses.sub(f"wasm.{short}", glue)
        if re.search(r"(?<!exports)\." + re.escape(name) + r"\b|['\"]" + re.escape(name) + r"\b", glue):
            sys.exit(f"{GLUE_CHANGED}: export {name} is named in the glue otherwise than wasm.{name}")
        raw = short.encode()
        new += put_leb(len(raw)) + raw + desc
    if p != len(section):
        sys.exit("package-dist: the export section does not end where its exports do")
    return bytes(new), glue


def shorten_imports(wasm, glue):
    """The module and the glue with wasm-bindgen's import names
    (`__wbg_addEventListener_847fd86b8c33ec43`...: a hash in each, written
    in the module and in the glue) renamed `a`, `b`, ...; about 0.8 KB of
    the gzipped script. Each name must be a key of the glue's imports
    object exactly once, or the build stops. Imports whose glue functions
    are the same text share one (the duplicates leave the glue). The
    exports are renamed too (shorten_exports)."""
    if wasm[:8] != b"\0asm\x01\0\0\0":
        sys.exit("package-dist: not a wasm module")
    out = bytearray(wasm[:8])
    at = 8
    renamed = 0
    shared = {}
    while at < len(wasm):
        section = wasm[at]
        size, body = leb(wasm, at + 1)
        end = body + size
        if section == 7:
            section_out, glue = shorten_exports(wasm[body:end], glue)
            out += bytes([7]) + put_leb(len(section_out)) + section_out
            at = end
            continue
        if section != 2:
            out += wasm[at:end]
            at = end
            continue
        count, p = leb(wasm, body)
        new = bytearray(put_leb(count))
        for _ in range(count):
            mlen, p = leb(wasm, p)
            module = wasm[p:p + mlen]
            p += mlen
            nlen, p = leb(wasm, p)
            name = wasm[p:p + nlen].decode()
            p += nlen
            kind = wasm[p]
            q = p + 1
            if kind == 0:  # function: type index
                _, q = leb(wasm, q)
            elif kind in (1, 2):  # table (element type first) or memory: limits
                q += kind == 1
                flags = wasm[q]
                _, q = leb(wasm, q + 1)
                if flags & 1:
                    _, q = leb(wasm, q)
            elif kind == 3:  # global: value type, mutability
                q += 2
            else:
                sys.exit(f"package-dist: unknown import kind {kind}")
            desc = wasm[p:q]
            p = q
            if name.startswith(("__wbg_", "__wbindgen_")):
                key = f"\n            {name}: "
                if glue.count(key) != 1:
                    sys.exit(f"{GLUE_CHANGED}: import {name} is not one key of the glue's imports")
                body = import_body(glue, key)
                if body in shared:
                    # The same function under another name (web-sys binds
                    # `item`, `length`, `querySelector`... once per type):
                    # both imports take the one already renamed.
                    glue = glue.replace(key + body, "\n")
                    name = shared[body]
                else:
                    short = short_name(renamed)
                    renamed += 1
                    glue = glue.replace(key, f"\n            {short}: ")
                    shared[body] = name = short
            raw = name.encode()
            new += put_leb(len(module)) + module + put_leb(len(raw)) + raw + desc
        out += bytes([2]) + put_leb(len(new)) + new
        at = end
    return bytes(out), glue


# The source paths a panic's location names (`Location::file`): the
# standard library's, a registry crate's, the project's.
PANIC_PATHS = re.compile(rb"/rustc/[0-9a-f]{40}/library/[a-z_/]+\.rs|/root/\.cargo/registry/src/[ -~]+?\.rs|src/[a-z_/]+\.rs")


# The words of the standard library's panic messages (core's and alloc's),
# exactly: pieces of a panic's `fmt::Arguments`, read only to format it.
PANIC_WORDS = [b"slice index starts at ", b" but ends at ", b"index out of bounds: the len is ",
               b" but the index is ", b"range start index ", b" out of range for slice of length ",
               b"range end index ", b"memory allocation of ", b" bytes failed",
               b"attempt to calculate the remainder with a divisor of zero",
               b"RefCell already mutably borrowed", b"RefCell already borrowed",
               b"Tried to shrink to a larger capacity", b"capacity overflow"]


def blank_panic_paths(wasm):
    """The module with the file names of its panic locations and the words
    of the standard library's panic messages zeroed in its data: the
    drop-in scripts' panic handler traps without reading its `PanicInfo`
    (lib.rs), and nothing else reads them. Lengths stay, so no address
    moves; the zeros pack to almost nothing (dist/glance.js: 0.4 KB
    less). Not for a module with console_error_panic_hook (make dist
    DEBUG=1), which prints them."""
    out = bytearray(wasm)
    at = 8
    while at < len(wasm):
        size, body = leb(wasm, at + 1)
        if wasm[at] == 11:  # the data section
            part = PANIC_PATHS.sub(lambda m: bytes(len(m.group())), wasm[body:body + size])
            for words in PANIC_WORDS:
                part = part.replace(words, bytes(len(words)))
            out[body:body + size] = part
        at = body + size
    return bytes(out)


def minify(root, code):
    """`code` minified by terser (pinned in package.json)."""
    terser = root / "node_modules" / ".bin" / "terser"
    small = subprocess.run(
        [str(terser), "--compress", "passes=2", "--mangle", "--ecma", "2017"],
        input=code, capture_output=True, text=True, check=True,
    ).stdout.strip()
    for mark in ("@WASM@", str(SIZE_MARK), str(UNPACK_SIZE_MARK)):
        if small.count(mark) != 1:
            sys.exit(f"package-dist: the minified loader has its {mark} placeholder {small.count(mark)} times, not once")
    return small


# The loader's placeholders for the module's size and its decoder's: numbers
# (terser would fold a string), each written once.
SIZE_MARK = 987654321
UNPACK_SIZE_MARK = 987654322


def gzip_size(text):
    return len(gzip.compress(text.encode(), compresslevel=9, mtime=0))


def main(name, glue_path, wasm_path, unpack_path, out_dir, blank=False):
    if name not in SCRIPTS:
        sys.exit(f"unknown script {name!r}: expected one of {SCRIPTS}")
    root = Path(__file__).resolve().parent.parent
    loader = (root / "www" / "loader.js").read_text()
    glue = trim_glue(Path(glue_path).read_text())
    wasm, glue = shorten_imports(Path(wasm_path).read_bytes(), glue)
    if blank:
        wasm = blank_panic_paths(wasm)
    # The module as shipped, beside the build's (make bench reads it).
    Path(wasm_path).with_name("glance.dist.wasm").write_bytes(wasm)
    packed = pack(wasm)
    check_unpack(unpack_path, packed, wasm)
    unpacker = Path(unpack_path).read_bytes()
    b64 = base64.b64encode(unpacker + packed).decode("ascii")
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
    small = small.replace(str(SIZE_MARK), str(len(wasm))).replace(str(UNPACK_SIZE_MARK), str(len(unpacker)))
    text = head + small.replace("@WASM@", b64) + "\n" + tail
    (out / f"{name}.js").write_text(text)
    print(f"{out / name}.js: wasm {len(wasm)} B, packed {len(packed)} B")


if __name__ == "__main__":
    args = sys.argv[1:]
    blank = args[-1:] == ["--blank-panic-paths"]
    if len(args) != 5 + blank:
        sys.exit(__doc__)
    main(*args[:5], blank=blank)
