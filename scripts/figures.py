#!/usr/bin/env python3
"""docs/figures.md from what `make bench` measured (scripts/bench.sh runs it).

    python3 scripts/figures.py --extra TMP LAB_JS PKG_WASM
        writes bench/extra.json: the inference timings bench.sh captured in
        TMP/infer-wasm.txt and TMP/infer-native.txt (three runs each), the
        sizes of LAB_JS and PKG_WASM (bytes and gzip -9) and the machine.
    python3 scripts/figures.py [--out FILE]
        writes docs/figures.md from bench/results.json, bench/lab.json and
        bench/extra.json, then appends bench/figures-hand.md, the figures
        that make test counts (kept by hand, labelled as such).

Every figure of the generated part comes from those files; the words around
them (what a row measures, its target) are this script's.
"""
import json
import os
import platform
import re
import subprocess
import sys
from datetime import datetime, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The Interactive Diagram's own script, betza.js, gzip -9: 33,085 B, as
# issue 34 measured it (betza.js is not among the project's files nor
# under ../shared, so it is not measured here). (32,012 B, written here
# before, was dist/glance.js's own size when the budget was set.)
BETZA_JS_GZIP = 33085
# dist/glance.js's budget, gzip -9: at most the size of betza.js.
GLANCE_BUDGET = BETZA_JS_GZIP


def gzip9(path):
    with open(path, "rb") as f:
        out = subprocess.run(["gzip", "-9", "-c"], stdin=f, capture_output=True, check=True)
    return len(out.stdout)


def machine():
    cpu = None
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = None
    try:
        out = subprocess.run(["free", "-b"], capture_output=True, text=True, check=True).stdout
        mem = int(out.splitlines()[1].split()[1])
    except (OSError, subprocess.CalledProcessError, IndexError, ValueError):
        pass
    return {
        "uname": " ".join(platform.uname()[i] for i in (0, 2, 4)),
        "cpu": cpu or platform.processor() or "unknown CPU",
        "nproc": os.cpu_count(),
        "memory_bytes": mem,
    }


def parse_ms(text):
    """A Rust Duration's Debug form (412.3µs, 2.1ms, 1.2s) in ms."""
    m = re.match(r"([\d.]+)\s*(ns|µs|us|ms|s)$", text.strip())
    if not m:
        raise ValueError(f"not a duration: {text!r}")
    return float(m.group(1)) * {"ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}[m.group(2)]


def infer_runs(tmp):
    wasm, native = [], []
    line_wasm = re.compile(r"recovered (\d+)/(\d+), (\d+) shorter, longer: (.*)$")
    for line in open(os.path.join(tmp, "infer-wasm.txt"), encoding="utf-8"):
        m = line_wasm.search(line)
        if m:
            wasm.append({"recovered": int(m.group(1)), "of": int(m.group(2)),
                         "shorter": int(m.group(3)), "longer": m.group(4).split()})
            continue
        m = re.match(r"median ([\d.]+) ms, slowest ([\d.]+) ms \((.*)\)", line)
        if m and wasm:
            wasm[-1].update(median_ms=float(m.group(1)), slowest_ms=float(m.group(2)),
                            slowest=m.group(3))
    pat = re.compile(r"^table strings: recovered (\d+)/(\d+), (\d+) shorter than the source, "
                     r"(\d+) longer \((.*)\); median (\S+), slowest (\S+) \((.*)\)$")
    for line in open(os.path.join(tmp, "infer-native.txt"), encoding="utf-8"):
        m = pat.match(line.strip())
        if m:
            native.append({"recovered": int(m.group(1)), "of": int(m.group(2)),
                           "shorter": int(m.group(3)), "longer": int(m.group(4)),
                           "longer_list": m.group(5), "median_ms": parse_ms(m.group(6)),
                           "slowest_ms": parse_ms(m.group(7)), "slowest": m.group(8)})
    if not wasm or not native:
        raise SystemExit(f"figures: no inference runs found in {tmp}/infer-*.txt")
    return wasm, native


def write_extra(tmp, lab_js, pkg_wasm):
    wasm, native = infer_runs(tmp)
    extra = {
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": machine(),
        "node": subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip(),
        "infer_wasm_runs": wasm,
        "infer_native_runs": native,
        "sizes": {
            "dist/lab.js": {"bytes": os.path.getsize(lab_js), "gzip_bytes": gzip9(lab_js)},
            "pkg/glance_bg.wasm": {"bytes": os.path.getsize(pkg_wasm), "gzip_bytes": gzip9(pkg_wasm)},
        },
    }
    with open(os.path.join(ROOT, "bench", "extra.json"), "w", encoding="utf-8") as f:
        json.dump(extra, f, indent=2, ensure_ascii=False)
        f.write("\n")


def n(x):
    """A byte count with thousands separators."""
    return f"{x:,}"


def ms(x, digits=3):
    return f"{x:.{digits}f}"


def kib(b):
    return f"{b / 1024:.1f} KiB"


def spread(d, digits=1):
    return f"{d['median_ms'] if 'median_ms' in d else d['median']:.{digits}f} ms median " \
           f"({d.get('min_ms', d.get('min')):.{digits}f}–{d.get('max_ms', d.get('max')):.{digits}f})"


def cell(results, page, cell_id):
    for p in results["cells"]:
        if p["page"] == page:
            for c in p["cells"]:
                if c["id"] == cell_id:
                    return c
    raise SystemExit(f"figures: bench/results.json has no {page} {cell_id}")


def rows_press(r):
    q, k = cell(r, "Capablanca", "sq5x3"), cell(r, "Capablanca", "sq4x3")
    fq, fk = r["firefox"]["queen"], r["firefox"]["knight"]
    lq, lk = r["legacy_quoted"]["capablanca_queen"], r["legacy_quoted"]["capablanca_knight"]
    yield (f"press / release, Queen on Capablanca (median of {q['cycles']}, incl. style and layout)",
           f"Chromium {ms(q['press_median_ms'])} ms / {ms(q['release_median_ms'])} ms; "
           f"Firefox {ms(fq['press_median_ms'])} ms / {ms(fq['release_median_ms'])} ms",
           f"≤ 0.5 / 0.3 ms; legacy {lq['press_ms']} / {lq['release_ms']} ms")
    zero = {z["page"]: z for z in r["zero"]}
    shako, capa = zero.get("rules-html/zero/Shako.html"), zero.get("rules-html/zero/Capablanca.html")
    ffz = {z["page"]: z for z in r["firefox"].get("zero", [])}.get("rules-html/zero/Shako.html")
    if shako and capa:
        text = (f"Shako: Chromium {ms(shako['press_median_ms'])} / {ms(shako['release_median_ms'])} ms")
        if ffz:
            text += f", Firefox {ms(ffz['press_median_ms'])} / {ms(ffz['release_median_ms'])} ms"
        text += (f"; Capablanca copy: Chromium {ms(capa['press_median_ms'])} / "
                 f"{ms(capa['release_median_ms'])} ms. The handler alone: "
                 f"{ms(shako['press_script_median_ms'])} / {ms(shako['release_script_median_ms'])} ms "
                 f"(against {ms(q['press_script_median_ms'])} / {ms(q['release_script_median_ms'])} "
                 "for `spartan.js`); the rest is the browser's style and layout")
        yield ("press / release, Queen with `glance.js` on the new page (`zero/Shako.html`) and on "
               "`zero/Capablanca.html` (PointerEvents, the module's own listeners)", text, "")
    ab = r.get("ab")
    if ab:
        b, a = ab["build"], ab["baseline"]
        yield (f"A/B in the same run, Queen on Capablanca, {b['rounds']} alternating rounds: this build "
               "against the baseline (`BENCH_BASELINE`, default `876bd6c`: the hand-written bridge, "
               "built by its own scripts)",
               f"press {ms(b['press_median_ms'])} against {ms(a['press_median_ms'])} ms, release "
               f"{ms(b['release_median_ms'])} against {ms(a['release_median_ms'])} ms; the handler alone "
               f"{ms(b['press_script_median_ms'])} against {ms(a['press_script_median_ms'])} ms (press), "
               f"{ms(b['release_script_median_ms'])} against {ms(a['release_script_median_ms'])} ms (release)",
               "no slower than the bridge")
    yield ("press / release, Knight on Capablanca",
           f"Chromium {ms(k['press_median_ms'])} / {ms(k['release_median_ms'])} ms; "
           f"Firefox {ms(fk['press_median_ms'])} / {ms(fk['release_median_ms'])} ms",
           f"legacy {lk['press_ms']} / {lk['release_ms']} ms")
    pressed = [(c["press_median_ms"], p["page"], c) for p in r["cells"] for c in p["cells"]]
    top = max(pressed, key=lambda t: t[0])
    over = sum(1 for t in pressed if t[0] > 0.5)
    yield (f"slowest press of the {len(pressed)} cells of the seed pages (Chromium)",
           f"{ms(top[0])} ms ({top[1]}'s {top[2]['piece'] or 'empty cell'}, `{top[2]['id']}`); "
           + ("none above 0.5 ms" if over == 0 else f"{over} above 0.5 ms"),
           "≤ 0.5 ms")


def rows_startup(r):
    s = r["startup"]
    yield (f"script start → module ready, {s['page']}, median of {s['loads']} loads",
           f"{s['exec_to_ready']['median_ms']:.1f} ms in a fresh browser context each time "
           f"({s['exec_to_ready']['min_ms']:.1f}–{s['exec_to_ready']['max_ms']:.1f}); "
           f"{s['warm_exec_to_ready']['median_ms']:.1f} ms reloading the same tab; ready before the "
           f"page was parsed in {s['ready_before_parsed']} of {s['loads']} loads",
           "≤ 10 ms")
    yield ("the first press after the board is read",
           f"{s['first_press']['median_ms']:.1f} ms in a fresh context, "
           f"{s['warm_first_press']['median_ms']:.1f} ms reloading: the browser compiles the press's "
           "code on first use", "")


def heap(m, key="js_heap_used_bytes"):
    return m["before"][key], m["after"][key], m["after_second_round"][key]


def rows_memory(r):
    m = r["memory"]
    b, a, a2 = heap(m)
    cb, ca, _ = heap(m["control"])
    own = (a - b) - (ca - cb)
    text = (f"{(a - b) / 1000:+.1f} KB on {b / 1000:.0f} KB ({(a - b) / b * 100:+.1f}%), of which the "
            f"module's own share (against a control page whose `down_click`/`up_click` do nothing) is "
            f"{own / 1000:+.1f} KB ({own / b * 100:+.1f}%)")
    io = m.get("interpreter_only")
    if io:
        ib, ia, _ = heap(io)
        text += f"; with V8's compiling tiers off, {(ia - ib) / 1000:+.1f} KB ({(ia - ib) / ib * 100:+.1f}%)"
    text += f". A second {n(m['cycles'])} cycles: {(a2 - a) / 1000:+.1f} KB"
    yield (f"JS heap after {n(m['cycles'])} press/release cycles (after GC)", text, "within 5%")

    def count(key):
        x, y, z = heap(m, key)
        return f"{n(x)} → {n(y)} → {n(z)}"
    wasm = [w for w in dict.fromkeys(heap(m, "wasm_memory_bytes")) if w is not None]
    if not wasm:
        wasm_text = "wasm memory not captured in this run"
    else:
        wasm_text = "wasm memory " + " → ".join(f"{w // 1024} KiB" for w in wasm) \
            + (" throughout" if len(wasm) == 1 else "")
    yield ("DOM nodes, detached nodes, listeners over those cycles (before → after → after a second round)",
           f"DOM nodes {count('dom_nodes')}; detached {count('detached_dom_nodes')}; listeners "
           f"{count('js_event_listeners')}; {wasm_text}",
           "nothing grows")


def rows_sizes(r, extra):
    sc = r["sizes"]["scripts"]
    base = (r.get("ab") or {}).get("baseline", {}).get("sizes", {}).get("spartan.js")
    sp = sc["spartan.js"]
    ref = "≤ 22 KiB (issue 12): " + (f"{sp['gzip_bytes'] - 22528:+,} B against it" if sp["gzip_bytes"] > 22528
                                      else "met")
    if base:
        ref += f"; the bridge: {n(base['gzip_bytes'])} B"
    yield ("`dist/spartan.js`", f"{n(sp['bytes'])} B; gzip -9 {n(sp['gzip_bytes'])} B ({kib(sp['gzip_bytes'])})",
           ref)
    yield ("`dist/chu.js`, `dist/cwda.js`",
           f"gzip -9 {n(sc['chu.js']['gzip_bytes'])} B and {n(sc['cwda.js']['gzip_bytes'])} B "
           f"({n(sc['chu.js']['bytes'])} B and {n(sc['cwda.js']['bytes'])} B)", "")
    g = sc["glance.js"]
    yield ("`dist/glance.js` (the generic drop-in: the Betza parser, the page reader and its validation, "
           "the files' checks, demonstrations)",
           f"{n(g['bytes'])} B; gzip -9 {n(g['gzip_bytes'])} B ({kib(g['gzip_bytes'])})",
           f"{n(GLANCE_BUDGET)} B (the Interactive Diagram's own script, betza.js, is "
           f"{n(BETZA_JS_GZIP)} B): "
           + ("met" if g["gzip_bytes"] <= GLANCE_BUDGET else "missed"))
    lab, wasm = extra["sizes"]["dist/lab.js"], extra["sizes"]["pkg/glance_bg.wasm"]
    yield ("`dist/lab.js` (the lab's script: `pkg/` bundled, its wasm deflated inside); "
           "`pkg/glance_bg.wasm`",
           f"{n(lab['bytes'])} B, gzip -9 {n(lab['gzip_bytes'])} B; the wasm (with `infer()` and "
           f"`dialect()`) {n(wasm['bytes'])} B, gzip -9 {n(wasm['gzip_bytes'])} B", "")


def rows_native(r):
    bench = {b["id"]: b for b in r.get("native", {}).get("benchmarks", [])}
    if not bench:
        return

    def per(key):
        b = bench[key]
        v = b.get("per_element_ns", b["estimate_ns"])
        return f"{v:.0f} ns" if v < 1000 else f"{v / 1000:.2f} µs"
    all_pieces = bench["diagram/all pieces"]
    count = round(all_pieces["estimate_ns"] / all_pieces.get("per_element_ns", all_pieces["estimate_ns"]))
    yield (f"native: one diagram, all {count} table pieces on 10×10 (criterion, `benches/diagram.rs`)",
           f"{per('diagram/all pieces')} mean; Queen {per('diagram/Queen')}, Knight "
           f"{per('diagram/Knight')}, Lion {per('diagram/Lion')}", "≤ 2 µs")
    yield ("native: parsing a table's Betza string", f"{per('parse/all pieces')} mean", "")


def rows_infer(extra):
    w, nat = extra["infer_wasm_runs"], extra["infer_native_runs"]
    first = nat[0]
    yield (f"`glance infer` on the {first['of']} distinct strings of the rules pages' tables "
           f"(15×15 from h8, `tests/infer.rs`; natively the best of {len(nat)} runs of "
           f"`cargo test --release --test infer`, in wasm the best of {len(w)} runs of `bench/infer.mjs`, "
           f"Node {extra['node'].lstrip('v')})",
           f"{first['recovered']}/{first['of']} draw the same marks back, {first['shorter']} shorter "
           f"than the table's, {first['longer']} longer ({first['longer_list']}); natively "
           f"{min(x['median_ms'] for x in nat):.2f} ms median, {min(x['slowest_ms'] for x in nat):.2f} ms "
           f"slowest; in wasm {min(x['median_ms'] for x in w):.2f} ms median, "
           f"{min(x['slowest_ms'] for x in w):.2f}–{max(x['slowest_ms'] for x in w):.2f} ms slowest "
           "(over runs)",
           "no longer than the table's")


def rows_lab(lab):
    c, f = lab["browsers"]["chromium"], lab["browsers"]["firefox"]
    yield (f"the piece lab: first diagram after load (`bench/lab.mjs`: {lab['what']})",
           f"Chromium {spread(c['first_diagram'])}, of which "
           f"{c['first_diagram_after_script_start']['median']:.1f} ms from its script's start "
           f"(inflating and compiling the wasm, drawing); Firefox {spread(f['first_diagram'])}, "
           f"{f['first_diagram_after_script_start']['median']:.1f} ms from its script's start", "")


def table(rows):
    out = ["| what | figure | target / reference |", "| --- | --- | --- |"]
    out += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return out


def by_part(r):
    parts = r["sizes"].get("spartan_by_part")
    if not parts:
        return []
    total = r["sizes"]["scripts"]["spartan.js"]["gzip_bytes"]
    out = ["", f"## What the {kib(total)} of `spartan.js` buy, gzipped", "",
           "The wasm's share split in proportion to its items' raw sizes, from `twiggy`; the "
           "JavaScript measured by minifying the loader with and without the glue "
           "(method: [bench/README.md](../bench/README.md)).", "",
           "| part | KiB |", "| --- | --- |"]
    for p in sorted(parts, key=lambda p: -p["gzip_share_bytes"]):
        out.append(f"| {p['part']} | ~{p['gzip_share_bytes'] / 1024:.1f} |")
    return out


def write_figures(out_path):
    bench = os.path.join(ROOT, "bench")
    r = json.load(open(os.path.join(bench, "results.json"), encoding="utf-8"))
    lab = json.load(open(os.path.join(bench, "lab.json"), encoding="utf-8"))
    extra = json.load(open(os.path.join(bench, "extra.json"), encoding="utf-8"))
    m = extra["machine"]
    mem = f", {m['memory_bytes'] / 2**30:.1f} GiB of memory" if m.get("memory_bytes") else ""
    ff = r.get("firefox", {}).get("version", "Firefox").replace("firefox/", "Firefox ")
    lines = [
        "# Measured figures",
        "",
        "You want to know how fast and how large the boards are, measured on which machine, and what",
        "the test suites count. The first table and the one after it are written by `make bench`",
        "(`scripts/figures.py`, from `bench/results.json`, `bench/lab.json` and `bench/extra.json`):",
        "rerun it rather than editing them. The last part is counted by `make test` and kept by hand.",
        "",
        f"Measured by `make bench` on {r['date'][:10]} ({r['date'][11:16]} UTC; the lab on "
        f"{lab['date'][:10]}, inference and sizes on {extra['date'][:10]}) on {m['uname']}, "
        f"{m['cpu']} × {m['nproc']}{mem}, shared with other jobs; Chromium {r['chromium']} and {ff} "
        f"headless, Node {extra['node'].lstrip('v')}; load average {r['loadavg_1min_start']} at the "
        f"start of the browser part, {r.get('loadavg_1min_end', '?')} at its end. Method: "
        "[bench/README.md](../bench/README.md). Browser and native timings move by ±20% and more from "
        "run to run here: the A/B row compares two builds in the same run.",
    ]
    if r.get("quick"):
        lines += ["", "**A quick run (`BENCH_QUICK=1`): fewer cycles and loads, not for the record.**"]
    rows = [*rows_press(r), *rows_startup(r), *rows_memory(r), *rows_sizes(r, extra),
            *rows_native(r), *rows_infer(extra), *rows_lab(lab)]
    lines += ["", *table(rows), *by_part(r)]
    if r.get("warnings"):
        lines += ["", "## What `make bench` warned of in this run", ""]
        lines += [f"* {w}" for w in r["warnings"]]
    hand = open(os.path.join(bench, "figures-hand.md"), encoding="utf-8").read().rstrip("\n")
    lines += ["", hand]
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main(argv):
    if argv[:1] == ["--extra"]:
        if len(argv) != 4:
            raise SystemExit("usage: figures.py --extra TMP LAB_JS PKG_WASM")
        write_extra(*argv[1:])
        return
    out = os.path.join(ROOT, "docs", "figures.md")
    if argv[:1] == ["--out"] and len(argv) == 2:
        out = argv[1]
    elif argv:
        raise SystemExit("usage: figures.py [--out FILE] | --extra TMP LAB_JS PKG_WASM")
    write_figures(out)


if __name__ == "__main__":
    main(sys.argv[1:])
