#!/usr/bin/env python3
"""Empties the slots of a wasm module's function table that no indirect call
can reach, so that wasm-opt then drops the functions only they held.

Rust puts in the table every function whose address it takes: the
`Display` implementations that a panic's message would be formatted with
(the drop-in scripts' panic handler formats nothing: it traps), js-sys's
future machinery, closure shims. An indirect call (`call_indirect`) checks
the signature of the slot it calls and traps on a mismatch, and the table
is neither imported nor exported (JavaScript never sees it): so a slot
whose function has a signature that no `call_indirect` of the module uses
can only ever trap, which an empty slot (`ref.null`) does as well. The
slots of js-sys's JSPI task waker are emptied too, in a module with names
and no JSPI import or export (`jspi_wakers` says why nothing can call them). Nothing
that runs changes; in dist/glance.js about 3 KB of the module (1.3 KB
deflated) goes.

Reads and writes the module through binaryen's text form (wasm-dis and
wasm-as of npm's binaryen, pinned in package.json, as wasm-opt); stops the
build, saying why, if the module is not the shape this script knows.

usage: prune-table.py IN.wasm OUT.wasm
"""
import re
import subprocess
import sys
from pathlib import Path

FEATURES = ["--enable-bulk-memory", "--enable-mutable-globals", "--enable-sign-ext",
            "--enable-nontrapping-float-to-int", "--enable-multivalue", "--enable-reference-types"]


# A name in binaryen's text form: `$17`, `$glance::web::warm`, or quoted when
# it has spaces or parentheses (`$"core::ptr::drop_in_place<(u8, u8)>"`).
NAME = r'\$(?:"(?:[^"\\]|\\.)*"|[^\s()"]+)'


def fail(why):
    sys.exit(f"prune-table: {why}")


def signature(text):
    """`(param $0 i32) (param $1 i32) (result i32)` (or binaryen's
    `(param i32 i32)` form) as (("i32", "i32"), ("i32",))."""
    params, results = [], []
    for kind, body in re.findall(r"\((param|result)((?: [^()\s]+)*)\)", text):
        words = [w for w in body.split() if not w.startswith("$")]
        (params if kind == "param" else results).extend(words)
    return tuple(params), tuple(results)


def reachable_calls(wat, types, funcs, slots):
    """The signatures that the indirect calls of the functions the module
    can run use: from its exports and start function, through direct calls
    and function references, and through the table's slots whose signature
    such an indirect call uses (until nothing is added). An indirect call
    inside a function only a slot holds counts only once that slot can be
    called: `Formatter::pad` writes through one, but is itself only in the
    table."""
    bodies = {}
    for chunk in re.split(r"\n(?= \(func )", wat)[1:]:
        head = re.match(r" \(func (" + NAME + ")", chunk)
        bodies[head.group(1)] = chunk
    outside = re.sub(r"\n \(func .*", "", wat, flags=re.S)  # imports, exports, tables, globals
    outside = re.sub(r"^ \(elem .*$", "", outside, flags=re.M)
    roots = set(re.findall(r"\(export \"[^\"]*\" \(func (" + NAME + r")\)\)", outside))
    roots |= set(re.findall(r"^ \(start (" + NAME + r")\)", outside, re.M))
    roots |= set(re.findall(r"ref\.func (" + NAME + ")", outside))
    seen, todo, called = set(), list(roots), set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        body = bodies.get(name, "")
        todo += re.findall(r"\((?:return_)?call (" + NAME + ")", body)
        todo += re.findall(r"ref\.func (" + NAME + ")", body)
        called |= {types[t] for t in re.findall(r"\(call_indirect (?:\$\S+ )?\(type (\$\S+)\)", body)}
        todo += [n for n in slots if n not in seen and funcs[n] in called]
    return called


def jspi_wakers(wat, names):
    """The slots of `names` holding the waker of js-sys's JSPI tasks
    (`js_sys::futures::jspi`), when the module (named: the first wasm-opt
    pass keeps the names section for this) has no JSPI import or export.
    js-sys exports `__wbg_jspi_task_poll` from every module that links it;
    the poll makes that waker, and the linker puts its four functions in the
    table. wasm-bindgen deletes the export, and stubs the spawn intrinsics,
    from a module with no `#[wasm_bindgen(jspi)]` export: no task can then
    exist, so no waker, and the slots can only be called by nothing. Their
    signature is a common one (`(param i32)`), which the signature rule
    keeps. Empty in a module without names (the rule then empties
    nothing)."""
    if re.search(r"^ \((?:import|export) [^\n]*jspi", wat, re.M):
        return set()
    return {n for n in names if n.lstrip('$"').startswith("js_sys::futures::jspi::")}


def prune(wat):
    """`wat` with the unreachable slots of its one table segment emptied,
    and how many slots there are and stay."""
    externrefs = re.search(r"\(export \"__wbindgen_externrefs\" \(table \$(1|__wbindgen_externrefs)\)\)", wat)
    if len(re.findall(r"^ \(table ", wat, re.M)) != 2 or not externrefs:
        fail("expected two tables, the function table and wasm-bindgen's exported externref table")
    if re.search(r"^ \((?:import|export) [^\n]*\(table \$0\b", wat, re.M):
        fail("the function table is imported or exported: JavaScript may call its slots")
    types = {name: signature(body) for name, body in re.findall(r"^ \(type (\$\S+) \(func(.*)\)\)$", wat, re.M)}
    funcs = {}
    for name, head in re.findall(r"^ \(func (" + NAME + r")((?: \([^()]*\))*)$", wat, re.M):
        funcs[name] = signature(head)
    for name, head in re.findall(r"^ \(import \"[^\"]*\" \"[^\"]*\" \(func (" + NAME + r")((?: \([^()]*\))*)\)\)$", wat, re.M):
        funcs[name] = signature(head)
    calls = re.findall(r"\(call_indirect (?:\$\S+ )?\(type (\$\S+)\)", wat)
    if wat.count("call_indirect") != len(calls) or "return_call_indirect" in wat or "call_ref" in wat:
        fail("an indirect call of a form this script does not read")
    if any(t not in types for t in calls):
        fail("call_indirect of an unknown type")
    segments = re.findall(r"^ \(elem .*$", wat, re.M)
    if len(segments) != 1:
        fail(f"expected one table segment, found {len(segments)}")
    line = segments[0]
    m = re.fullmatch(r"( \(elem \$\S+ \(table \$0\) \(i32\.const \d+\)) func ((?:" + NAME + r" ?)+)\)", line)
    if not m:
        fail(f"a table segment of a form this script does not read: {line[:80]}")
    names = re.findall(NAME, m.group(2))
    unknown = [n for n in names if n not in funcs]
    if unknown:
        fail(f"table slots holding unknown functions: {unknown[:5]}")
    dead = jspi_wakers(wat, names)
    called = reachable_calls(wat, types, funcs, [n for n in names if n not in dead])
    # The slots that stay, as one segment per run of them: the others are
    # left as a table starts, empty.
    first = int(re.search(r"\(i32\.const (\d+)\)", m.group(1)).group(1))
    runs = []
    for i, n in enumerate(names):
        if funcs[n] not in called or n in dead:
            continue
        if runs and runs[-1][0] + len(runs[-1][1]) == first + i:
            runs[-1][1].append(n)
        else:
            runs.append((first + i, [n]))
    segments = "\n".join(f" (elem (table $0) (i32.const {at}) func {' '.join(run)})" for at, run in runs)
    return wat.replace(line + "\n", segments + "\n" if runs else ""), len(names), sum(len(r) for _, r in runs)


def main(src, dst):
    binaryen = Path(__file__).resolve().parent.parent / "node_modules" / ".bin"
    wat = subprocess.run([str(binaryen / "wasm-dis"), *FEATURES, src],
                         capture_output=True, text=True, check=True).stdout
    wat, slots, kept = prune(wat)
    # -g: the names stay, for make bench (scripts/stack-share.py); the
    # next wasm-opt pass strips them, and its module is the same either way.
    subprocess.run([str(binaryen / "wasm-as"), *FEATURES, "-g", "-", "-o", dst],
                   input=wat, text=True, check=True)
    print(f"prune-table: {Path(src).name}: {kept} of {slots} table slots can be called")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
