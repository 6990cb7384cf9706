#!/usr/bin/env bash
# make bench: performance and size figures for the drop-in scripts.
#
#   1. builds dist/ (scripts/build-dist.sh)
#   2. twiggy's top wasm contributors (installs twiggy if it is missing)
#   3. native engine time (cargo bench --bench diagram), if benches/diagram.rs exists
#   4. bench/bench.mjs: press/release per cell, start-up, memory in headless
#      Chromium, sizes; prints the table and writes bench/results.json
#   5. bench/lab.mjs: the piece lab's first diagram after load, Chromium and
#      Firefox (BENCH_LAB_LOADS fresh loads each, default 20): bench/lab.json
#   6. inference: bench/infer.mjs (pkg/ in Node's V8) and tests/infer.rs
#      natively (best of three runs each), the sizes of dist/lab.js and
#      pkg/glance_bg.wasm, and the machine: bench/extra.json
#   7. scripts/figures.py: docs/figures.md from bench/results.json,
#      bench/lab.json and bench/extra.json, with the machine and the date
#   8. docs/variant-pages.md's screenshots: a page glance page writes
#      (Shogun, from Fairy-Stockfish's reference file), deployed as that
#      doc says, beside rules-html/Spartan.html, in headless Chromium:
#      docs/variant-page.png, docs/variant-page-nojs.png (a piece section,
#      JavaScript off), docs/rules-page.png. `scripts/bench.sh pages` runs
#      this step alone.
#   9. glance page's worst case per section (issue 41): the costliest
#      section the reader accepts (tests/fixtures/hostile/worst.ini: a
#      12x10 board, 24 custom pieces with long Betza strings, drops,
#      promotions), written by the release build, best of three: wall time
#      (the whole process, in ms) and peak memory (GNU time's %M),
#      bench/page-worst.json.
#      `scripts/bench.sh page-worst` runs this step alone.
#
# BENCH_QUICK=1 runs fewer cycles (a smoke run, not for the record).
# BENCH_BASELINE=REV (default: 876bd6c, the last build before wasm-bindgen and
# web-sys came back): that commit's drop-in scripts are built, by its own
# scripts/build-dist.sh, in a git worktree under bench/tmp/, and the Queen's
# press and release are measured A/B against this build in the same run.
# BENCH_BASELINE=none skips it.
# See bench/README.md for the method.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=bench/tmp
ROOT_TMP="$PWD/bench/tmp"
export PATH="$HOME/.cargo/bin:$PATH"
mkdir -p "$tmp"
start=$(date +%s)

# Step 8: the written page and the rules page it follows, as a reader sees
# them (file://, no server: the page works from a folder).
page_screenshots() {
  local site="$ROOT_TMP/page"
  rm -rf "$site"
  mkdir -p "$site"
  cargo build --quiet --release
  ./target/release/glance page tests/fixtures/fairy-stockfish-variants.ini --variant shogun \
    --out-dir "$site" >/dev/null
  cp dist/glance.js dist/glance-findings.txt rules-html/moves.css "$site/"
  cp -r rules-html/sym "$site/sym"
  python3 scripts/make-assets.py --pages "$site" --setups-only >/dev/null
  node --input-type=module - "$site" "$PWD" <<'JS'
import puppeteer from 'puppeteer-core';
const [site, root] = process.argv.slice(2);
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--allow-file-access-from-files'] });
async function shot(url, out, { js = true, from = null } = {}) {
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(js);
  await page.setViewport({ width: 900, height: 1100 });
  await page.goto(url, { waitUntil: 'load' });
  const y = from ? await page.$eval(from, (el) => el.getBoundingClientRect().top + window.scrollY) : 0;
  await page.screenshot({ path: out, clip: { x: 0, y, width: 900, height: 1100 } });
  await page.close();
}
await shot(`file://${site}/shogun.html`, `${root}/docs/variant-page.png`);
await shot(`file://${site}/shogun.html`, `${root}/docs/variant-page-nojs.png`, { js: false, from: 'section.piece:nth-of-type(1)' });
await shot(`file://${root}/rules-html/Spartan.html`, `${root}/docs/rules-page.png`);
await browser.close();
JS
  echo "bench: docs/variant-page.png, docs/variant-page-nojs.png, docs/rules-page.png"
}
# Step 9: one section as costly as the reader allows, timed alone.
page_worst() {
  local out="$ROOT_TMP/page-worst" best_ms="" best_kb=""
  cargo build --quiet --release
  for _ in 1 2 3; do
    rm -rf "$out"
    local t0 t1 kb
    t0=$(date +%s%N)
    kb=$(/usr/bin/time -f "%M" ./target/release/glance page tests/fixtures/hostile/worst.ini \
      --all --out-dir "$out" 2>&1 >/dev/null | tail -1)
    t1=$(date +%s%N)
    local ms=$(( (t1 - t0) / 1000000 ))
    if [ -z "$best_ms" ] || [ "$ms" -lt "$best_ms" ]; then best_ms=$ms; fi
    if [ -z "$best_kb" ] || [ "$kb" -lt "$best_kb" ]; then best_kb=$kb; fi
  done
  local bytes
  bytes=$(wc -c <"$out/worst.html")
  printf '{"milliseconds": %s, "max_rss_kb": %s, "page_bytes": %s}\n' "$best_ms" "$best_kb" "$bytes" \
    >bench/page-worst.json
  echo "bench: glance page, worst section: ${best_ms} ms, ${best_kb} KB peak memory, page ${bytes} B (bench/page-worst.json)"
}
if [ "${1:-}" = page-worst ]; then
  page_worst
  exit 0
fi
if [ "${1:-}" = pages ]; then
  page_screenshots
  exit 0
fi

if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ]; then
  echo "bench: node packages missing; running scripts/setup.sh"
  bash scripts/setup.sh
fi
if [ ! -d rules-html/sym ]; then
  echo "bench: rules-html/sym missing; running scripts/make-assets.py"
  python3 scripts/make-assets.py
fi

echo "bench: building dist/"
bash scripts/build-dist.sh 2>&1 | tee "$tmp/build.log"

# Snapshot what was just built, so that a rebuild during the run (someone
# else's make dist) cannot mix two builds: the browser gets dist/ from here.
# The wasm build products are per script (build/wasm/NAME/) or shared
# (build/wasm/dist/), depending on the build.
snap="$tmp/snapshot"
rm -rf "$snap"
mkdir -p "$snap/dist"
cp dist/*.js "$snap/dist/"
for name in spartan chu cwda; do
  from=build/wasm/$name
  [ -f "$from/glance_bg.wasm" ] || from=build/wasm/dist
  mkdir -p "$snap/wasm/$name"
  cp "$from/glance.opt.wasm" "$from/glance.dist.wasm" "$from/glance_bg.wasm" "$from/js-parts.json" "$snap/wasm/$name/"
done

# twiggy names the wasm's contributors; the pre-wasm-opt module keeps names.
export PATH="$HOME/.cargo/bin:$PATH"
if ! command -v twiggy >/dev/null 2>&1; then
  echo "bench: installing twiggy"
  cargo install twiggy --locked || cargo install twiggy
fi
twiggy top -n 15 "$snap/wasm/spartan/glance_bg.wasm" >"$tmp/twiggy.txt"
# Every item, for the split of the wasm's share by part of the code.
twiggy top -n 100000 -f json "$snap/wasm/spartan/glance_bg.wasm" >"$tmp/twiggy.json"

# The stack's share of each drop-in (wasm-bindgen's glue and the module's
# wasm-bindgen, js-sys and web-sys functions, in gzip -9 bytes of the
# script: scripts/stack-share.py says how). Its names come from the last
# wasm-opt pass of scripts/build-dist.sh run again with -g: the module it
# gives, names stripped, is the one shipped (stack-share.py checks).
F=(--enable-bulk-memory --enable-mutable-globals --enable-sign-ext --enable-nontrapping-float-to-int
  --enable-multivalue --enable-reference-types)
: >"$tmp/stack-share.txt"
# build-dist.sh's layout: glance.js's functions ordered by name.
layout() { if [ "$1" = glance ]; then echo --reorder-functions-by-name; fi; }
for name in spartan glance; do
  w=build/wasm/$name
  node_modules/.bin/wasm-opt -g -Oz --converge --zero-filled-memory --low-memory-unused \
    --one-caller-inline-max-function-size=20 $(layout $name) "${F[@]}" "$w/glance.pruned.wasm" -o "$w/glance.named.wasm"
  printf '%s.js: %s\n' "$name" "$(.venv/bin/python scripts/stack-share.py "$w/glance.named.wasm" \
    "$w/js-parts.json" "$w/glance.opt.wasm")" | tee -a "$tmp/stack-share.txt"
done

# Native engine: criterion bench written elsewhere; skipped when absent.
if [ -f benches/diagram.rs ]; then
  echo "bench: cargo bench --bench diagram"
  if cargo bench --bench diagram -- --warm-up-time 1 --measurement-time 3 2>&1 | tee "$tmp/native.log"; then
    python3 - "$tmp/native.log" "$tmp/native.json" <<'PY'
import json, re, sys
UNIT = {"ps": 1e-3, "ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
out, name = [], None
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    line = line.rstrip("\n")
    m = re.match(r"^\s+thrpt:\s+\[(.*)\]", line)
    if m:
        # Throughput in elements (diagrams) per second: time per element.
        rates = re.findall(r"([\d.]+)\s*(|K|M|G)elem/s", m.group(1))
        if len(rates) == 3 and out and out[-1]["id"] == name and "per_element" not in out[-1]:
            v, k = rates[1]
            per_ns = 1e9 / (float(v) * {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}[k])
            out[-1]["throughput"] = f"{v} {k}elem/s"
            out[-1]["per_element_ns"] = round(per_ns, 3)
            out[-1]["per_element"] = f"{per_ns:.1f} ns" if per_ns < 1e4 else f"{per_ns / 1e3:.2f} µs"
        continue
    m = re.match(r"^(\S.*?)\s+time:\s+\[(.*)\]", line)
    if m:
        name, triple = m.group(1).strip(), m.group(2)
    else:
        m = re.match(r"^\s+time:\s+\[(.*)\]", line)
        if not m:
            if line.strip() and not line.startswith((" ", "Benchmarking", "Found", "Gnuplot", "Warning")):
                name = line.strip()
            continue
        triple = m.group(1)
    vals = re.findall(r"([\d.]+)\s*(ps|ns|µs|us|ms|s)\b", triple)
    if len(vals) == 3 and name:
        v, u = vals[1]
        out.append({"id": name, "estimate": f"{v} {u}", "estimate_ns": float(v) * UNIT[u],
                    "low_high": f"{vals[0][0]} {vals[0][1]} .. {vals[2][0]} {vals[2][1]}"})
json.dump({"command": "cargo bench --bench diagram -- --warm-up-time 1 --measurement-time 3",
           "benchmarks": out} if out else {"skipped": "cargo bench ran but printed no criterion times"},
          open(sys.argv[2], "w", encoding="utf-8"), indent=2, ensure_ascii=False)
PY
  else
    echo "{\"skipped\": \"cargo bench --bench diagram failed (see $tmp/native.log)\"}" >"$tmp/native.json"
  fi
else
  echo '{"skipped": "benches/diagram.rs does not exist yet"}' >"$tmp/native.json"
fi

baseline_args=()
BENCH_BASELINE=${BENCH_BASELINE:-876bd6c}
if [ "$BENCH_BASELINE" != none ]; then
  base="$ROOT_TMP/baseline"
  rev=$(git rev-parse --verify "$BENCH_BASELINE^{commit}")
  if [ "$(cat "$base/.bench-rev" 2>/dev/null)" != "$rev" ] || [ ! -f "$base/dist/spartan.js" ]; then
    echo "bench: building the baseline $BENCH_BASELINE in $base"
    git worktree remove --force "$base" 2>/dev/null || rm -rf "$base"
    git worktree prune
    git worktree add --detach "$base" "$rev" >/dev/null
    ln -s "$PWD/node_modules" "$base/node_modules"
    ln -s "$PWD/.venv" "$base/.venv"
    (cd "$base" && bash scripts/build-dist.sh) >"$tmp/baseline-build.log" 2>&1 \
      || { echo "bench: the baseline's build failed (see $tmp/baseline-build.log)" >&2; exit 1; }
    echo "$rev" >"$base/.bench-rev"
  fi
  baseline_args=(--baseline "$base/dist")
fi

echo "bench: measuring in headless Chromium"
node bench/bench.mjs "${baseline_args[@]}" --snapshot "$snap" --twiggy "$tmp/twiggy.txt" --twiggy-json "$tmp/twiggy.json" --native "$tmp/native.json"
# The piece lab's first diagram after load, in Chromium and Firefox (bench/lab.json).
if [ ! -f dist/lab.js ]; then
  echo "bench: dist/lab.js missing; the lab is not measured" >&2
else
  echo "bench: the piece lab's first diagram (bench/lab.mjs)"
  node bench/lab.mjs --loads "${BENCH_LAB_LOADS:-20}"
fi

# Inference, natively and in wasm, and the sizes bench.mjs does not take.
echo "bench: inference (bench/infer.mjs, tests/infer.rs), sizes of dist/lab.js and pkg/"
: >"$tmp/infer-wasm.txt"
: >"$tmp/infer-native.txt"
runs=3
[ -n "${BENCH_QUICK:-}" ] && runs=1
for _ in $(seq "$runs"); do
  node bench/infer.mjs >>"$tmp/infer-wasm.txt"
  cargo test --quiet --release --test infer table_strings_round_trip -- --nocapture --test-threads 1 \
    >>"$tmp/infer-native.txt" 2>&1
done
python3 scripts/figures.py --extra "$tmp" "$snap/dist/lab.js" pkg/glance_bg.wasm
echo "bench: writing docs/figures.md (scripts/figures.py)"
python3 scripts/figures.py
echo "bench: a written page beside a rules page (docs/variant-pages.md)"
page_screenshots
page_worst
echo "bench: done in $(( $(date +%s) - start )) s"
