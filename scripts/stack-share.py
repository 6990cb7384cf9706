#!/usr/bin/env python3
"""What the stack (wasm-bindgen, js-sys, web-sys) adds to a drop-in script,
in gzip -9 bytes of the script: for make bench's size figures, and for the
size budgets' notes (the developers' guide keeps the stack when a budget
collides with it, and asks for its cost).

Two shares, each measured, none estimated:
* the glue: wasm-bindgen's JavaScript in the minified loader (package-dist.py
  writes it to js-parts.json: the loader minified with and without it);
* the module's functions that are the stack's by name (`wasm_bindgen::`,
  `js_sys::`, `web_sys::`, the externref table's `__externref_*`, the
  `__wbindgen_*` exports, the drops of `JsValue`s): the module is packed as
  package-dist.py packs it (names shortened, panic paths blanked, LZMA,
  base64) once as built and once with those functions' bodies zeroed
  (zeros pack to almost nothing; the lengths stay, so nothing else
  moves), and the gzip -9 sizes of the two base64 texts are compared.

Not counted (so the figure is a floor): the code wasm-bindgen makes inline
in the project's own functions (a `JsValue` dropped, a string passed), the
import section, and the standard library's code the stack shares with the
project (allocation, `Vec`).

usage: stack-share.py NAMED.wasm JS-PARTS.json SHIPPED.wasm
  NAMED.wasm: the module as the drop-in ships it, with its name section
  (scripts/build-dist.sh's last wasm-opt pass run with -g), and the
  script's glue beside it (glance.js, from wasm-bindgen); SHIPPED.wasm:
  that pass's own output (glance.opt.wasm), which NAMED.wasm without its
  names must be, byte for byte.
"""
import base64
import gzip
import importlib.util
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("package_dist", HERE / "package-dist.py")
package = importlib.util.module_from_spec(spec)
spec.loader.exec_module(package)
leb = package.leb

STACK = re.compile(r"^<?(?:wasm_bindgen|js_sys|web_sys)(?:\[[0-9a-f]+\])?::|^__externref_|^__wbindgen_|"
                   r"^core::ptr::drop_in_place<(?:wasm_bindgen|js_sys|web_sys)::")


def sections(wasm):
    """(id, body start, body end) of each section."""
    at = 8
    while at < len(wasm):
        size, body = leb(wasm, at + 1)
        yield wasm[at], body, body + size
        at = body + size


def names(wasm):
    """Function index -> name, from the `name` custom section."""
    out = {}
    for sid, body, end in sections(wasm):
        if sid != 0:
            continue
        nlen, p = leb(wasm, body)
        if wasm[p:p + nlen] != b"name":
            continue
        p += nlen
        while p < end:
            kind = wasm[p]
            size, q = leb(wasm, p + 1)
            if kind == 1:
                count, r = leb(wasm, q)
                for _ in range(count):
                    index, r = leb(wasm, r)
                    length, r = leb(wasm, r)
                    out[index] = wasm[r:r + length].decode("utf-8", "replace")
                    r += length
            p = q + size
    return out


def imported_functions(wasm):
    count = 0
    for sid, body, _ in sections(wasm):
        if sid != 2:
            continue
        n, p = leb(wasm, body)
        for _ in range(n):
            for _ in range(2):
                length, p = leb(wasm, p)
                p += length
            kind = wasm[p]
            p += 1
            if kind == 0:
                _, p = leb(wasm, p)
                count += 1
            elif kind in (1, 2):
                p += kind == 1
                flags = wasm[p]
                _, p = leb(wasm, p + 1)
                if flags & 1:
                    _, p = leb(wasm, p)
            elif kind == 3:
                p += 2
            else:
                sys.exit(f"stack-share: unknown import kind {kind}")
    return count


def zeroed(wasm, is_stack):
    """`wasm` with the bodies of the functions `is_stack(name)` picks
    zeroed, and (count, bytes) of them."""
    out = bytearray(wasm)
    by_index = names(wasm)
    first = imported_functions(wasm)
    count = size = 0
    for sid, body, _ in sections(wasm):
        if sid != 10:
            continue
        n, p = leb(wasm, body)
        for i in range(n):
            length, start = leb(wasm, p)
            if is_stack(by_index.get(first + i, "")):
                out[start:start + length] = bytes(length)
                count += 1
                size += length
            p = start + length
    return bytes(out), count, size


def strip_names(wasm):
    out = bytearray(wasm[:8])
    for sid, body, end in sections(wasm):
        if sid == 0:
            nlen, p = leb(wasm, body)
            if wasm[p:p + nlen] == b"name":
                continue
        head = 1 + len(package.put_leb(end - body))
        out += wasm[body - head:end]
    return bytes(out)


def packed_gzip(wasm):
    """gzip -9 of the base64 text the drop-in embeds for `wasm`."""
    text = base64.b64encode(package.pack(wasm))
    return len(gzip.compress(text, compresslevel=9, mtime=0))


def main(named_path, parts_path, shipped_path):
    named = Path(named_path).read_bytes()
    if strip_names(named) != Path(shipped_path).read_bytes():
        sys.exit(f"stack-share: {named_path} without its names is not {shipped_path}")
    glue = (Path(named_path).parent / "glance.js").read_text()
    glue = package.trim_glue(glue)
    stack_named, count, size = zeroed(named, lambda n: bool(STACK.search(n)))
    shipped, without = (package.blank_panic_paths(package.shorten_imports(strip_names(w), glue)[0])
                        for w in (named, stack_named))
    module = packed_gzip(shipped) - packed_gzip(without)
    js = json.loads(Path(parts_path).read_text())["glue_gzip_share_bytes"]
    print(json.dumps({"stack_functions": count, "stack_function_bytes": size,
                      "module_gzip_share_bytes": module, "glue_gzip_share_bytes": js,
                      "stack_gzip_share_bytes": module + js}))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
