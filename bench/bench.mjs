#!/usr/bin/env node
// Browser, size and native figures for Moves at a Glance (run by scripts/bench.sh,
// which builds dist/ first).  Prints a table and writes bench/results.json.
//
//   node bench/bench.mjs [--snapshot DIR] [--baseline DIR] [--native FILE] [--twiggy FILE] [--twiggy-json FILE]
//
// --snapshot DIR: DIR/dist/*.js are served as /dist/ and measured, and
// DIR/wasm/NAME/{glance.js,glance.opt.wasm,glance_bg.wasm} are the build
// products behind dist/NAME.js (scripts/bench.sh makes it right after the
// build).  Without it: dist/ and build/wasm/NAME/ (or build/wasm/dist/).
//
// --baseline DIR: DIR/*.js are another build's drop-in scripts (scripts/bench.sh
// builds BENCH_BASELINE's commit there); the Queen's press and release on
// Capablanca.html are then measured for both builds, in alternating rounds
// of the same run, so that the machine's load falls on both alike.
//
// Environment: GLANCE_CHROMIUM (browser binary, default /usr/bin/chromium),
// BENCH_QUICK=1 (fewer cycles and loads: a smoke run, not for the record).
//
// See bench/README.md for the method.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';

const FIREFOX = process.env.GLANCE_FIREFOX || '/usr/bin/firefox-esr';

async function launchFirefox() {
  if (!fs.existsSync(FIREFOX)) return null;
  return puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const QUICK = process.env.BENCH_QUICK === '1';

// Figures quoted in the issue for the legacy JavaScript (we do not have it).
const LEGACY = {
  capablanca_queen: { press_ms: 4.4, release_ms: 2.4 },
  capablanca_knight: { press_ms: 1.6, release_ms: 0.8 },
  spartan_js_gzip_bytes: Math.round(2.7 * 1024),
  spartan_js_gzip_label: '2.7 KiB',
};

const PAGES = ['Spartan', 'No', 'TwoKings', 'Capablanca'];
const CELL_WARMUP = 20;
const CELL_BATCHES = QUICK ? 3 : 15;
const CELL_BATCH = 20; // cycles per batch: 15 x 20 = 300 timed cycles per cell
const LOADS = QUICK ? 4 : 20;
const HEAP_CYCLES = QUICK ? 1000 : 10000;
const QUEEN = '5,3'; // Capablanca: down_click(5,3) is the white Queen (e1)
const KNIGHT = '4,3'; // Capablanca: down_click(4,3) is the white Knight
// The zero-code pages (dist/glance.js) and their Queen's cell.
const ZERO_SHAKO = 'rules-html/zero/Shako.html';
const ZERO_CAPABLANCA = 'rules-html/zero/Capablanca.html';
const ZERO_QUEEN = 'sq5x3';
const SLOW_PRESS_MS = 0.5;
const SLOW_READY_MS = 5;

// V8 without its compiling tiers (the memory section's second browser).
const NO_JIT = '--max-opt=0';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

function args() {
  const out = {};
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i += 2) out[a[i].replace(/^--/, '')] = a[i + 1];
  return out;
}

// ---------------------------------------------------------------- server
//
// Serves the repository root on 127.0.0.1 at a free port, with
//  * Cross-Origin-Opener-Policy/-Embedder-Policy headers, so the pages are
//    cross-origin isolated and performance.now() has Chromium's fine 5 µs
//    granularity instead of 100 µs (nothing else about the pages changes);
//  * `?mark=1` on a rules page: the page with timing marks around its
//    dist script tag (see LOAD_MARKS), and `?mark=1` on a dist script: the
//    script with one statement prepended recording when it starts executing.
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.png': 'image/png',
  '.gif': 'image/gif', '.svg': 'image/svg+xml',
};

// Inserted before the dist script tag: t_tag, and an observer recording when
// data-glance changes (t_ready). The module is ready once instantiated; it
// reads the board when the page is parsed (DOMContentLoaded), so the
// observer then waits for DOMContentLoaded if it has not come yet (its
// listener runs after the module's: t_board), presses the Capablanca Queen
// and releases it.
const LOAD_MARKS_BEFORE = `<script>
window.__gb = { tag: performance.now() };
new MutationObserver(function (ms, obs) {
  var v = document.documentElement.getAttribute('data-glance');
  if (v !== 'ready' && v !== 'failed') return;
  obs.disconnect();
  var b = window.__gb;
  b.ready = performance.now();
  b.state = v;
  b.parsedAtReady = document.readyState !== 'loading';
  var press = function () {
    b.board = performance.now();
    var cell = document.querySelector('td[onmousedown="down_click(${QUEEN})"]');
    var board = cell && cell.closest('table');
    if (v !== 'ready' || !cell) return;
    var before = board.innerHTML;
    // The page's own first style and layout are not the press's.
    void document.body.offsetHeight;
    b.pressStart = performance.now();
    cell.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, view: window }));
    void document.body.offsetHeight;
    b.press = performance.now();
    b.pressChanged = board.innerHTML !== before;
    cell.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, cancelable: true, view: window }));
    void document.body.offsetHeight;
    b.release = performance.now();
    b.releaseRestored = board.innerHTML === before;
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', press, { once: true });
  else press();
}).observe(document.documentElement, { attributes: true, attributeFilter: ['data-glance'] });
</script>
`;
const LOAD_MARKS_AFTER = `
<script>window.__gb.sync = performance.now();</script>`;
const EXEC_MARK = '(window.__gb || (window.__gb = {})).exec = performance.now();\n';

function startServer(root, distDir) {
  const base = path.resolve(root);
  const dist = path.resolve(distDir);
  const server = http.createServer((req, res) => {
    let url;
    try {
      url = new URL(req.url, 'http://x');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const rel = decodeURIComponent(url.pathname);
    const file = rel.startsWith('/dist/') ? path.resolve(dist, '.' + rel.slice(5)) : path.resolve(base, '.' + rel);
    if (file !== base && !file.startsWith(base + path.sep) && !file.startsWith(dist + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const ext = path.extname(file).toLowerCase();
      if (url.searchParams.get('mark') === '1') {
        let text = body.toString('utf8');
        if (ext === '.html') {
          text = text.replace(/<script[^>]*src="([^"]*\/dist\/[a-z]+\.js)"[^>]*>\s*<\/script>/,
            (tag, src) => LOAD_MARKS_BEFORE + tag.replace(src, src + '?mark=1') + LOAD_MARKS_AFTER);
        } else if (ext === '.js') {
          text = EXEC_MARK + text;
        }
        body = Buffer.from(text, 'utf8');
      }
      res.writeHead(200, {
        'content-type': TYPES[ext] || 'application/octet-stream',
        'cache-control': 'no-store',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({
      url: `http://127.0.0.1:${server.address().port}`,
      close: () => new Promise((r) => server.close(() => r())),
    }));
  });
}

// ---------------------------------------------------------------- helpers

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n ? (n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2) : NaN;
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const r3 = (x) => (x == null || Number.isNaN(x) ? null : Math.round(x * 1000) / 1000);
const ms = (x, w = 7) => (x == null ? '-' : x.toFixed(3)).padStart(w);

async function waitReady(page, timeout = 15000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await page.evaluate(() => document.documentElement.dataset.glance || '');
    if (v === 'ready' || v === 'failed') return v;
    if (Date.now() > end) return 'timeout';
    await new Promise((r) => setTimeout(r, 20));
  }
}

function gzipSize(buf) {
  const r = spawnSync('gzip', ['-9c'], { input: buf, maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`gzip failed: ${r.stderr}`);
  return r.stdout.length;
}

// ---------------------------------------------------------------- 2. per cell
//
// Method.  Every cycle reads performance.now() before the press, after the
// press handler, after forcing style+layout (document.body.offsetHeight),
// after the release handler and after forcing layout again: press = handler
// + layout (the "script" columns are the handler alone), same for release.  The events are synthetic MouseEvents
// (bubbling) dispatched on the cell, so the pages' own inline handlers call
// down_click/up_click as on a real click.  The events are created before
// the first read, so creating them is not timed.  A single reading is
// quantised to the timer's granularity (5 µs here: the pages are
// cross-origin isolated, see the server), so we keep all 300 per-cycle
// deltas and report their median (robust to GC pauses and timer jitter),
// their mean (unbiased by the quantisation, since the errors of successive
// intervals cancel over a run) and the 95th percentile.  The 15 batches of
// 20 cycles go round the page's cells in turn (one untimed cycle first,
// after the previous cell's), so a burst of load from other jobs falls on
// all cells alike; after each round the page yields to the event loop
// (setTimeout 0) so that rendering and GC can run as between real clicks.
// A page in a fresh context of a Playwright browser (Chromium): the
// `evaluate` and `close` that benchPage needs.
async function openPlaywright(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url, { waitUntil: 'load' });
  return { page, errors, close: () => context.close() };
}

// The same in a fresh context of a puppeteer browser (Firefox over
// WebDriver BiDi).
async function openPuppeteer(browser, url) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1000, height: 800 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url, { waitUntil: 'load' });
  return { page, errors, close: () => context.close() };
}

// Runs in the page: times press/release cycles on the cells `ids` (all the
// cells with a down_click handler when `ids` is null). `kind` "mouse"
// dispatches MouseEvents (the pages' inline handlers); "pointer" dispatches
// PointerEvents of a mouse's main button (the module's own listeners, on
// pages without inline handlers). Each cell is checked and warmed up; then
// the timed batches go round the cells in turn, so that a burst of load on
// the machine falls on all of them rather than on whichever cell was being
// measured.
async function timeCells({ ids, kind, warm, batches, batch }) {
  const tick = () => new Promise((r) => setTimeout(r, 0));
  // Observed timer granularity: the smallest non-zero step of performance.now().
  let gran = Infinity;
  for (let i = 0; i < 200; i++) {
    const a = performance.now();
    let b = a;
    while (b === a) b = performance.now();
    gran = Math.min(gran, b - a);
  }
  const re = /^down_click\((-?\d+),(-?\d+)\)$/;
  const cells = ids
    ? ids.map((id) => document.getElementById(id))
    : [...document.querySelectorAll('td[id^=sq]')].filter((td) => re.test((td.getAttribute('onmousedown') || '').trim()));
  const [downType, upType] = kind === 'pointer' ? ['pointerdown', 'pointerup'] : ['mousedown', 'mouseup'];
  const mk = (type) => (kind === 'pointer'
    ? new PointerEvent(type, {
      bubbles: true, cancelable: true, composed: true, view: window, button: 0, buttons: type === downType ? 1 : 0,
      pointerId: 1, pointerType: 'mouse', isPrimary: true,
    })
    : new MouseEvent(type, { bubbles: true, cancelable: true, view: window, button: 0 }));
  const results = [];
  for (const td of cells) {
    const code = re.exec((td.getAttribute('onmousedown') || '').trim());
    const board = td.closest('table');
    const img = td.querySelector('img');
    const before = board.innerHTML;
    td.dispatchEvent(mk(downType));
    const pressChanged = board.innerHTML !== before;
    td.dispatchEvent(mk(upType));
    const releaseRestored = board.innerHTML === before;
    for (let i = 0; i < warm; i++) {
      td.dispatchEvent(mk(downType));
      void document.body.offsetHeight;
      td.dispatchEvent(mk(upType));
      void document.body.offsetHeight;
    }
    results.push({
      id: td.id, args: code ? `${code[1]},${code[2]}` : '', key: td.dataset.piece || '',
      piece: img ? (img.getAttribute('src') || '').split('/').pop().replace(/\.\w+$/, '') : '',
      pressChanged, releaseRestored, press: [], release: [], pressScript: [], releaseScript: [],
    });
  }
  await tick();
  for (let b = 0; b < batches; b++) {
    cells.forEach((td, k) => {
      const r = results[k];
      // The cell's first cycle of the batch follows another cell's.
      td.dispatchEvent(mk(downType));
      void document.body.offsetHeight;
      td.dispatchEvent(mk(upType));
      void document.body.offsetHeight;
      for (let i = 0; i < batch; i++) {
        const down = mk(downType);
        const up = mk(upType);
        const t0 = performance.now();
        td.dispatchEvent(down);
        const t1 = performance.now();
        void document.body.offsetHeight;
        const t2 = performance.now();
        td.dispatchEvent(up);
        const t3 = performance.now();
        void document.body.offsetHeight;
        const t4 = performance.now();
        r.press.push(t2 - t0);
        r.pressScript.push(t1 - t0);
        r.release.push(t4 - t2);
        r.releaseScript.push(t3 - t2);
      }
    });
    await tick();
  }
  return { granularity: gran, isolated: self.crossOriginIsolated === true, results };
}

// The figures of one timed cell.
function cellFigures(c) {
  return {
    press_changed_board: c.pressChanged, release_restored_board: c.releaseRestored,
    cycles: c.press.length,
    press_median_ms: r3(median(c.press)), press_mean_ms: r3(mean(c.press)), press_p95_ms: r3(quantile(c.press, 0.95)),
    press_script_median_ms: r3(median(c.pressScript)), // the handler alone, before style+layout
    release_median_ms: r3(median(c.release)), release_mean_ms: r3(mean(c.release)), release_p95_ms: r3(quantile(c.release, 0.95)),
    release_script_median_ms: r3(median(c.releaseScript)),
  };
}

// Opens `url`, waits for the module and times the cells (see timeCells).
async function timePage(browser, url, label, ids, kind, open) {
  const { page, errors, close } = await open(browser, url);
  const state = await waitReady(page);
  if (state !== 'ready') throw new Error(`${label}: module not ready (${state}): ${errors.join('; ')}`);
  const out = await page.evaluate(timeCells, { ids, kind, warm: CELL_WARMUP, batches: CELL_BATCHES, batch: CELL_BATCH });
  await close();
  if (errors.length) throw new Error(`${label}: page errors: ${errors.join('; ')}`);
  return out;
}

// Every cell with a down_click handler of rules-html/NAME.html, pressed by
// its inline handler (synthetic mouse events fire no pointer events).
async function benchPage(browser, server, name, open = openPlaywright) {
  const out = await timePage(browser, `${server.url}/rules-html/${name}.html`, name, null, 'mouse', open);
  return {
    page: name,
    granularity_ms: out.granularity,
    cross_origin_isolated: out.isolated,
    cells: out.results.map((c) => ({ id: c.id, down_click: c.args, piece: c.piece, ...cellFigures(c) })),
  };
}

// The zero-code pages (dist/glance.js): no inline handlers, the module
// listens itself (pointerdown on the document, pointerup on the window), so
// a press is a PointerEvent dispatched on the cell; the cells `ids`.
async function benchZero(browser, server, rel, ids, open = openPlaywright) {
  const out = await timePage(browser, `${server.url}/${rel}`, rel, ids, 'pointer', open);
  return out.results.map((c) => ({ page: rel, id: c.id, piece: c.key, ...cellFigures(c) }));
}

// An init script watching the page's WebAssembly calls, whichever the loader
// uses (instantiate/compile, or the synchronous Module/Instance
// constructors): window.__gbw.wasmStart is the first call (the loader's
// LZMA decoder, once the base64 text is decoded: the module is unpacked
// after it), wasmEnd when the last one returned, and
// window.__glanceMemory the instance's exported memory.
function WATCH_WASM() {
  const w = (window.__gbw = {});
  const start = () => {
    if (w.wasmStart == null) w.wasmStart = performance.now();
  };
  const done = (r) => {
    w.wasmEnd = performance.now();
    const inst = r instanceof WebAssembly.Instance ? r : r && r.instance;
    if (inst && inst.exports.memory instanceof WebAssembly.Memory) window.__glanceMemory = inst.exports.memory;
    return r;
  };
  for (const name of ['instantiate', 'compile', 'instantiateStreaming', 'compileStreaming']) {
    const orig = WebAssembly[name];
    if (typeof orig !== 'function') continue;
    WebAssembly[name] = function (...a) {
      start();
      return orig.apply(this, a).then(done);
    };
  }
  for (const name of ['Module', 'Instance']) {
    WebAssembly[name] = new Proxy(WebAssembly[name], {
      construct(target, a, newTarget) {
        start();
        return done(Reflect.construct(target, a, newTarget));
      },
    });
  }
}

// ---------------------------------------------------------------- 3. start-up
//
// LOADS fresh browser contexts (no caches shared) each load
// Capablanca.html?mark=1: the server inserts an inline script before the
// dist script tag (t_tag, before the script is fetched), prepends one
// statement to the script itself (t_exec: the script starts executing), and
// puts an inline script after the tag (t_sync: the script's synchronous part
// has finished; the rest is asynchronous: unpack, wasm instantiate, waiting
// for DOMContentLoaded, start).  A MutationObserver records t_ready when
// data-glance becomes "ready" and then immediately presses the Queen:
// t_press is when that press has been served and laid out.
//
// Then the loader's steps on their own, done as the loader does them, for
// comparison: in a blank page of a fresh context, 10 times: base64 decode,
// unpack (the embedded LZMA decoder's module compiled and run), and the
// synchronous compile and instantiation of the unpacked module.
async function benchStartup(browser, server, distDir) {
  const settle = () => new Promise((r) => setTimeout(r, 250));
  const loadOnce = async (page, i) => {
    await page.goto(`${server.url}/rules-html/Capablanca.html?mark=1`, { waitUntil: 'load' });
    const state = await waitReady(page);
    const m = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return { ...window.__gb, ...window.__gbw, dcl: nav ? nav.domContentLoadedEventStart : null };
    });
    if (state !== 'ready' || m.state !== 'ready' || m.exec == null) throw new Error(`start-up load ${i}: state ${state}, marks ${JSON.stringify(m)}`);
    return m;
  };
  // Cold: a fresh context (and renderer) per load; a pause after closing
  // one so that its teardown does not overlap the next load.
  const loads = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    await context.addInitScript(WATCH_WASM);
    const page = await context.newPage();
    loads.push(await loadOnce(page, i));
    await context.close();
    await settle();
  }
  // Warm: the same page navigated again (renderer and its caches warm; the
  // server still sends no-store).
  const warm = [];
  {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    await context.addInitScript(WATCH_WASM);
    const page = await context.newPage();
    await loadOnce(page, 'warm-up');
    for (let i = 0; i < Math.ceil(LOADS / 2); i++) {
      await settle();
      warm.push(await loadOnce(page, `warm ${i}`));
    }
    await context.close();
  }
  const text = fs.readFileSync(path.join(distDir, 'spartan.js'), 'utf8');
  const b64 = (/["']([A-Za-z0-9+/]{1000,}={0,2})["']/.exec(text) || [])[1];
  let pieces = null;
  // The decoder and the module as shipped, from the build.
  const built = (f) => path.join(repo, 'build/wasm', f);
  const unpacker = fs.existsSync(built('unpack.wasm')) ? fs.readFileSync(built('unpack.wasm')) : null;
  const shipped = fs.existsSync(built('spartan/glance.dist.wasm')) ? fs.readFileSync(built('spartan/glance.dist.wasm')) : null;
  if (b64 && unpacker && shipped) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent('<p>blank</p>');
    // The loader's own steps, done the loader's way (www/loader.js):
    // Uint8Array.fromBase64 (atob where missing), the LZMA decoder (the
    // first U bytes) unpacking the rest, then the synchronous
    // WebAssembly.Module and Instance (with do-nothing imports: nothing is
    // called).
    const runs = await page.evaluate(async (W, U, SIZE) => {
      const out = [];
      for (let k = 0; k < 10; k++) {
        const t0 = performance.now();
        let raw = Uint8Array.fromBase64 && Uint8Array.fromBase64(W);
        if (!raw) {
          const bin = atob(W);
          raw = new Uint8Array(bin.length);
          for (let i = 0; i < bin.length; i++) raw[i] = bin.charCodeAt(i);
        }
        const t1 = performance.now();
        const decoder = new WebAssembly.Instance(new WebAssembly.Module(raw.subarray(0, U))).exports;
        const packed = raw.subarray(U);
        let at = decoder.__heap_base.value;
        decoder.memory.grow(2 + ((packed.length + SIZE) >> 16));
        new Uint8Array(decoder.memory.buffer).set(packed, at);
        decoder.unpack(at, (at += packed.length), SIZE);
        const buf = new Uint8Array(decoder.memory.buffer, at, SIZE);
        const t2 = performance.now();
        const module = new WebAssembly.Module(buf);
        const t3 = performance.now();
        const imports = {};
        for (const i of WebAssembly.Module.imports(module)) (imports[i.module] ||= {})[i.name] = () => 0;
        new WebAssembly.Instance(module, imports);
        const t4 = performance.now();
        out.push([t1 - t0, t2 - t1, t3 - t2, t4 - t3]);
      }
      return out;
    }, b64, unpacker.length, shipped.length);
    await context.close();
    const st = (xs) => ({ median_ms: r3(median(xs)), min_ms: r3(Math.min(...xs)), max_ms: r3(Math.max(...xs)), first_ms: r3(xs[0]) });
    pieces = { decode: st(runs.map((r) => r[0])), unpack: st(runs.map((r) => r[1])), compile: st(runs.map((r) => r[2])), instantiate: st(runs.map((r) => r[3])) };
  }
  const f = (k) => loads.map(k);
  const fw = (k) => warm.map(k);
  const stat = (all) => {
    const xs = all.filter(Number.isFinite);
    return xs.length ? { median_ms: r3(median(xs)), min_ms: r3(Math.min(...xs)), max_ms: r3(Math.max(...xs)), n: xs.length } : null;
  };
  return {
    page: 'Capablanca', loads: loads.length,
    exec_to_ready: stat(f((m) => m.ready - m.exec)),
    exec_to_board_read: stat(f((m) => m.board - m.exec)),
    exec_to_first_press_served: stat(f((m) => m.press - m.exec)),
    first_press: stat(f((m) => m.press - m.pressStart)),
    ready_before_parsed: loads.filter((m) => !m.parsedAtReady).length,
    tag_to_ready: stat(f((m) => m.ready - m.tag)),
    exec_to_sync_end: stat(f((m) => m.sync - m.exec)),
    exec_to_domcontentloaded: stat(f((m) => m.dcl - m.exec)),
    exec_to_wasm_handed_over: stat(f((m) => m.wasmStart - m.exec)),
    exec_to_wasm_instantiated: stat(f((m) => m.wasmEnd - m.exec)),
    warm_loads: warm.length,
    warm_exec_to_ready: stat(fw((m) => m.ready - m.exec)),
    warm_first_press: stat(fw((m) => m.press - m.pressStart)),
    first_press_changed_board: loads.every((m) => m.pressChanged),
    first_release_restored_board: loads.every((m) => m.releaseRestored),
    isolated_steps_spartan_js: pieces,
  };
}

// ---------------------------------------------------------------- 4. memory
//
// One Capablanca page; an init script keeps the module's WebAssembly.Memory
// (wrapping WebAssembly.instantiate) so that its size can be read.  After
// 200 warm-up cycles: CDP HeapProfiler.collectGarbage, then
// Runtime.getHeapUsage, Memory.getDOMCounters and the wasm memory size; then
// HEAP_CYCLES press/release cycles round the clickable cells; then the same
// readings again.  Detached nodes: DOM.getDetachedDomNodes when the browser
// has it.
//
// A control run does the same on a second page whose down_click and
// up_click are replaced by functions doing nothing once the module is ready:
// what the harness itself (the dispatched events, V8 compiling the loop)
// adds to the heap.  The module's own share is the difference.
//
// Both runs are then repeated in a second browser whose V8 runs
// interpreter-only (--js-flags=--max-opt=0: no Sparkplug, Maglev or
// TurboFan code).  V8 keeps the code it compiles for hot functions on the
// JS heap, and its tiers kick in during the first round; what the first
// round adds with them off is what the cycles themselves leave behind.
async function benchMemory(browser, server, control = false) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  await context.addInitScript(WATCH_WASM);
  const page = await context.newPage();
  await page.goto(`${server.url}/rules-html/Capablanca.html`, { waitUntil: 'load' });
  const state = await waitReady(page);
  if (state !== 'ready') throw new Error(`memory: module not ready (${state})`);
  if (control) {
    await page.evaluate(() => {
      window.down_click = function () {};
      window.up_click = function () {};
    });
  }
  const cdp = await context.newCDPSession(page);
  // One function, put on the page once and called for each batch (a
  // function passed to each evaluate would be compiled again each time).
  await page.evaluate(() => {
    const re = /^down_click\(-?\d+,-?\d+\)$/;
    const cells = [...document.querySelectorAll('td[id^=sq]')].filter((td) => re.test((td.getAttribute('onmousedown') || '').trim()));
    window.__glanceCycles = (count) => {
      for (let i = 0; i < count; i++) {
        const td = cells[i % cells.length];
        td.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, view: window }));
        void document.body.offsetHeight;
        td.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, cancelable: true, view: window }));
        void document.body.offsetHeight;
      }
      return cells.length;
    };
  });
  const cycles = (n) => page.evaluate((count) => window.__glanceCycles(count), n);
  const reading = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const dom = await cdp.send('Memory.getDOMCounters');
    let detached = null;
    try {
      await cdp.send('DOM.enable');
      const d = await cdp.send('DOM.getDetachedDomNodes');
      detached = (d.detachedNodes || []).length;
    } catch { /* not in this browser */ }
    // The DOM agent would report every mutation of the cycles to CDP.
    await cdp.send('DOM.disable').catch(() => {});
    const wasm = await page.evaluate(() => (window.__glanceMemory ? window.__glanceMemory.buffer.byteLength : null));
    return { js_heap_used_bytes: heap.usedSize, js_heap_total_bytes: heap.totalSize,
      dom_nodes: dom.nodes, js_event_listeners: dom.jsEventListeners, documents: dom.documents,
      detached_dom_nodes: detached, wasm_memory_bytes: wasm };
  };
  const run = async () => {
    for (let done = 0; done < HEAP_CYCLES; done += 1000) await cycles(Math.min(1000, HEAP_CYCLES - done));
  };
  const ncells = await cycles(200);
  const before = await reading();
  const t0 = Date.now();
  await run();
  const secs = (Date.now() - t0) / 1000;
  const after = await reading();
  // A second round: what the first added once (V8 compiling the hot paths,
  // type feedback) stays; a leak would grow again by as much.
  await run();
  const again = await reading();
  await context.close();
  return { page: 'Capablanca', cells: ncells, cycles: HEAP_CYCLES, seconds: r3(secs), before, after, after_second_round: again };
}

// ---------------------------------------------------------------- 4b. A/B

const AB_ROUNDS = QUICK ? 2 : 6;

// The Queen of Capablanca.html with this build and with the baseline's, in
// AB_ROUNDS alternating rounds (each a full benchPage of the page, whose
// Queen cell gives a median of its timed cycles); the medians of the rounds.
async function benchAB(browser, servers) {
  const runs = { build: [], baseline: [] };
  for (let round = 0; round < AB_ROUNDS; round++) {
    // Alternate which goes first, so neither always follows the other.
    const order = round % 2 ? ['baseline', 'build'] : ['build', 'baseline'];
    for (const which of order) {
      const page = await benchPage(browser, servers[which], 'Capablanca');
      runs[which].push(page.cells.find((c) => c.down_click === QUEEN));
    }
  }
  const sum = (rs) => ({
    rounds: rs.length,
    press_median_ms: r3(median(rs.map((r) => r.press_median_ms))),
    release_median_ms: r3(median(rs.map((r) => r.release_median_ms))),
    press_script_median_ms: r3(median(rs.map((r) => r.press_script_median_ms))),
    release_script_median_ms: r3(median(rs.map((r) => r.release_script_median_ms))),
    press_by_round_ms: rs.map((r) => r.press_median_ms),
    release_by_round_ms: rs.map((r) => r.release_median_ms),
  });
  return { build: sum(runs.build), baseline: sum(runs.baseline) };
}

// ---------------------------------------------------------------- 5. sizes

// The parts of the code a wasm item belongs to, by the first of the
// crate's modules its name mentions (a generic instance goes with the code
// it was made for); data segments are data; the rest is Rust's runtime.
const PARTS = [
  ['wasm-bindgen runtime: externref table, strings, closures, import shims', (n) => /wasm_bindgen|__wbindgen|__wbg|__externref|web_sys|js_sys|closures/.test(n)],
  ['board reading, painting, events (src/web, Rust side)', (n) => /^(attach|down_click|up_click|warm)$/.test(n) || firstModule(n) === 'web'],
  ['diagram engine and parsed pieces', (n) => ['diagram', 'betza', 'parsed', 'geometry'].includes(firstModule(n))],
  ['scene and screen-reader sentence', (n) => firstModule(n) === 'scene'],
  ['click-code lookup, cell ids and handlers', (n) => firstModule(n) === 'clicks'],
  ['data: click table, CSS, words', (n) => n.startsWith('data segment')],
  ['Rust runtime: allocator, Vec/String, str, iterators', () => true],
];
function firstModule(name) {
  const m = /glance(?:\[[0-9a-f]+\])?::(\w+)/.exec(name);
  return m ? m[1] : null;
}

// The wasm's gzip share of spartan.js split between PARTS in proportion to
// the raw sizes of their items in the module before wasm-opt.
function sizeByPart(items, shareBytes) {
  const kept = items.filter((i) => !/^"function names" subsection$/.test(i.name) && !/^\d+ items?$/.test(i.name));
  const raw = PARTS.map(() => 0);
  for (const it of kept) raw[PARTS.findIndex(([, test]) => test(it.name))] += it.shallow_size;
  const total = raw.reduce((a, b) => a + b, 0);
  return PARTS.map(([part], k) => ({ part, raw_bytes: raw[k], gzip_share_bytes: Math.round(shareBytes * raw[k] / total) }));
}

// Whether the embedded text (the LZMA decoder's module, then the packed
// module) unpacks to `shipped`, run as www/loader.js runs it; null without
// the decoder's module at `unpackPath`.
function unpacksTo(embedded, unpackPath, shipped) {
  if (!fs.existsSync(unpackPath)) return null;
  const unpacker = fs.readFileSync(unpackPath);
  if (!embedded.subarray(0, unpacker.length).equals(unpacker)) return false;
  const d = new WebAssembly.Instance(new WebAssembly.Module(unpacker)).exports;
  const packed = embedded.subarray(unpacker.length);
  let at = d.__heap_base.value;
  d.memory.grow(2 + ((packed.length + shipped.length) >> 16));
  new Uint8Array(d.memory.buffer).set(packed, at);
  d.unpack(at, (at += packed.length), shipped.length);
  return Buffer.from(d.memory.buffer, at, shipped.length).equals(shipped);
}

function sizes(distDir, wasmDir, twiggyFile, twiggyJson) {
  const out = {
    scripts: {},
    twiggy_top_spartan: twiggyFile && fs.existsSync(twiggyFile) ? fs.readFileSync(twiggyFile, 'utf8').trimEnd() : null,
  };
  for (const f of fs.readdirSync(distDir).filter((n) => n.endsWith('.js')).sort()) {
    const name = f.replace(/\.js$/, '');
    const text = fs.readFileSync(path.join(distDir, f), 'utf8');
    const buf = Buffer.from(text, 'utf8');
    const gz = gzipSize(buf);
    // The embedded module: the one long base64 string literal (the loader
    // may be minified, so no name to look for).
    const w = /["']([A-Za-z0-9+/]{1000,}={0,2})["']/.exec(text);
    const noWasm = w ? text.replace(w[1], '') : text;
    const entry = {
      bytes: buf.length,
      gzip_bytes: gz,
      // What each part adds to the script: its bytes as embedded, and the
      // gzip size of the script minus that of the script without it.
      wasm_base64_bytes: w ? w[1].length : null,
      // The LZMA decoder's module and the packed module (one base64 text).
      wasm_packed_bytes: w ? Buffer.from(w[1], 'base64').length : null,
      wasm_gzip_share_bytes: w ? gz - gzipSize(Buffer.from(noWasm)) : null,
      // Everything else: licence notice, loader and bridge (minified).
      js_bytes: Buffer.byteLength(noWasm),
      js_gzip_bytes: gzipSize(Buffer.from(noWasm)),
    };
    const dir = wasmDir(name);
    if (dir) {
      const opt = fs.readFileSync(path.join(dir, 'glance.opt.wasm'));
      // The module as embedded: glance.opt.wasm with its imports renamed
      // (scripts/package-dist.py).
      const shipped = fs.readFileSync(path.join(dir, 'glance.dist.wasm'));
      Object.assign(entry, {
        wasm_pre_opt_bytes: fs.statSync(path.join(dir, 'glance_bg.wasm')).size,
        wasm_opt_bytes: opt.length,
        wasm_opt_gzip_bytes: gzipSize(opt),
        // Sanity: the embedded module is this build's glance.opt.wasm.
        embedded_is_opt_wasm: w ? unpacksTo(Buffer.from(w[1], 'base64'), path.join(dir, '..', 'unpack.wasm'), shipped) : null,
      });
      const parts = path.join(dir, 'js-parts.json');
      if (fs.existsSync(parts)) entry.js_parts = JSON.parse(fs.readFileSync(parts, 'utf8'));
    }
    out.scripts[f] = entry;
  }
  const spartan = out.scripts['spartan.js'];
  if (twiggyJson && fs.existsSync(twiggyJson) && spartan?.wasm_gzip_share_bytes) {
    out.spartan_by_part = sizeByPart(JSON.parse(fs.readFileSync(twiggyJson, 'utf8')), spartan.wasm_gzip_share_bytes);
    const js = spartan.js_parts;
    if (js) {
      out.spartan_by_part.push({ part: 'wasm-bindgen glue (JavaScript, trimmed, minified)', gzip_share_bytes: js.glue_gzip_share_bytes });
      out.spartan_by_part.push({ part: 'loader (JavaScript) and license notice', gzip_share_bytes: spartan.js_gzip_bytes - js.glue_gzip_share_bytes });
    } else {
      out.spartan_by_part.push({ part: 'loader and glue (JavaScript)', gzip_share_bytes: spartan.js_gzip_bytes });
    }
  }
  return out;
}

// ---------------------------------------------------------------- main

function machine() {
  let cpu = null;
  try {
    const m = /^model name\s*:\s*(.*)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'));
    cpu = m ? m[1].trim() : null;
  } catch { /* not Linux */ }
  return {
    arch: spawnSync('uname', ['-m']).stdout.toString().trim(),
    cpu: cpu || (os.cpus()[0] || {}).model || null,
    cpus: os.cpus().length,
    node: process.version,
  };
}

// The 1-minute load average (other work on the machine skews every figure).
function loadavg() {
  try {
    return Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return os.loadavg()[0];
  }
}

function kib(b) {
  return b == null ? '-' : `${(b / 1024).toFixed(1)} KiB`;
}

async function main() {
  const a = args();
  const started = Date.now();
  const snap = a.snapshot ? path.resolve(a.snapshot) : null;
  const distDir = snap ? path.join(snap, 'dist') : path.join(repo, 'dist');
  const wasmDir = (name) => [snap && path.join(snap, 'wasm', name), path.join(repo, 'build/wasm', name), path.join(repo, 'build/wasm/dist')]
    .find((d) => d && fs.existsSync(path.join(d, 'glance_bg.wasm')));
  const server = await startServer(repo, distDir);
  const launch = (extra = []) => chromium.launch({
    executablePath: process.env.GLANCE_CHROMIUM || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extra],
  });
  const browser = await launch();
  const result = { date: new Date().toISOString(), quick: QUICK, machine: machine(), chromium: browser.version(), loadavg_1min_start: loadavg() };
  try {
    result.cells = [];
    for (const p of PAGES) result.cells.push(await benchPage(browser, server, p));
    // glance.js: the Queen of the new page (Shako) and the Queen of the
    // zero-code copy of Capablanca (the same board as the spartan.js
    // figures above).
    result.zero = [
      ...await benchZero(browser, server, ZERO_SHAKO, [ZERO_QUEEN]),
      ...await benchZero(browser, server, ZERO_CAPABLANCA, [ZERO_QUEEN]),
    ];
    result.startup = await benchStartup(browser, server, distDir);
    if (a.baseline) {
      const base = await startServer(repo, path.resolve(a.baseline));
      try {
        result.ab = await benchAB(browser, { build: server, baseline: base });
        result.ab.baseline.dist = path.resolve(a.baseline);
        result.ab.baseline.commit = process.env.BENCH_BASELINE || null;
        result.ab.baseline.sizes = sizes(path.resolve(a.baseline), () => null).scripts;
      } finally {
        await base.close();
      }
    }
    // Firefox ESR (puppeteer-core over WebDriver BiDi): the Capablanca page,
    // as in Chromium; its Queen and Knight.
    const firefox = await launchFirefox();
    if (firefox) {
      try {
        const p = await benchPage(firefox, server, 'Capablanca', openPuppeteer);
        result.firefox = {
          version: await firefox.version(),
          queen: p.cells.find((c) => c.down_click === QUEEN),
          knight: p.cells.find((c) => c.down_click === KNIGHT),
          granularity_ms: p.granularity_ms,
          zero: await benchZero(firefox, server, ZERO_SHAKO, [ZERO_QUEEN], openPuppeteer),
        };
      } finally {
        await firefox.close();
      }
    } else {
      result.firefox = { skipped: `${FIREFOX} not found` };
    }
    result.memory = await benchMemory(browser, server);
    result.memory.control = await benchMemory(browser, server, true);
    // The same with V8's compiling tiers off (see benchMemory).
    const interpreted = await launch([`--js-flags=${NO_JIT}`]);
    try {
      result.memory.interpreter_only = await benchMemory(interpreted, server);
      result.memory.interpreter_only.js_flags = NO_JIT;
      result.memory.interpreter_only.control = await benchMemory(interpreted, server, true);
    } finally {
      await interpreted.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  result.loadavg_1min_end = loadavg();
  result.sizes = sizes(distDir, wasmDir, a.twiggy, a['twiggy-json']);
  result.native = a.native && fs.existsSync(a.native) ? JSON.parse(fs.readFileSync(a.native, 'utf8')) : { skipped: 'no native figures' };
  result.legacy_quoted = LEGACY;

  const all = result.cells.flatMap((p) => p.cells.map((c) => ({ page: p.page, ...c })));
  const capa = result.cells.find((p) => p.page === 'Capablanca').cells;
  const queen = capa.find((c) => c.down_click === QUEEN);
  const knight = capa.find((c) => c.down_click === KNIGHT);
  const maxPress = all.reduce((m, c) => (c.press_median_ms > m.press_median_ms ? c : m));
  const maxRelease = all.reduce((m, c) => (c.release_median_ms > m.release_median_ms ? c : m));
  result.highlights = {
    capablanca_queen: queen, capablanca_knight: knight,
    max_press: { page: maxPress.page, id: maxPress.id, down_click: maxPress.down_click, median_ms: maxPress.press_median_ms },
    max_release: { page: maxRelease.page, id: maxRelease.id, down_click: maxRelease.down_click, median_ms: maxRelease.release_median_ms },
  };
  const slow = [];
  const slowCells = all.filter((c) => c.press_median_ms > SLOW_PRESS_MS);
  if (slowCells.length) {
    slow.push(`${slowCells.length} of ${all.length} cells have a press median above ${SLOW_PRESS_MS} ms: `
      + slowCells.map((c) => `${c.page} ${c.id} ${c.press_median_ms}`).join(', '));
  }
  for (const c of all) {
    // Empty squares (no piece image) have nothing to show.
    if (!c.press_changed_board && c.piece) slow.push(`press ${c.page} ${c.id} down_click(${c.down_click}) on ${c.piece} did not change the board`);
    if (!c.release_restored_board) slow.push(`release ${c.page} ${c.id} did not restore the board`);
  }
  for (const z of [...result.zero, ...((result.firefox && result.firefox.zero) || [])]) {
    if (!z.press_changed_board) slow.push(`press ${z.page} ${z.id} (${z.piece}) did not change the board`);
    if (!z.release_restored_board) slow.push(`release ${z.page} ${z.id} did not restore the board`);
  }
  for (const [f, v] of Object.entries(result.sizes.scripts)) {
    if (v.embedded_is_opt_wasm === false) slow.push(`dist/${f}: the embedded wasm is not the glance.dist.wasm measured beside it (sizes may mix builds)`);
  }
  if (result.startup.exec_to_ready && result.startup.exec_to_ready.median_ms > SLOW_READY_MS) slow.push(`ready median ${result.startup.exec_to_ready.median_ms} ms > ${SLOW_READY_MS} ms after the script starts`);
  result.warnings = slow;
  result.run_seconds = r3((Date.now() - started) / 1000);

  // ------------------------------------------------------------ the table
  const L = [];
  const g = result.cells[0];
  L.push(`Moves at a Glance bench ${result.date}${QUICK ? '  (BENCH_QUICK: smoke run)' : ''}`);
  L.push(`machine: ${result.machine.arch}, ${result.machine.cpu} x${result.machine.cpus}; Chromium ${result.chromium} headless; load average ${result.loadavg_1min_start} at start, ${result.loadavg_1min_end} at end`);
  L.push(`timer: performance.now() granularity ${(g.granularity_ms * 1000).toFixed(1)} µs observed (cross-origin isolated: ${g.cross_origin_isolated})`);
  L.push('');
  L.push(`Press / release, ms per event incl. forced style+layout (script = the handler alone, median); ${CELL_BATCHES * CELL_BATCH} cycles per cell after ${CELL_WARMUP} warm-up`);
  L.push(`${'page'.padEnd(11)} ${'cell'.padEnd(7)} ${'down_click'.padEnd(11)} ${'piece'.padEnd(20)} ${'press med'.padStart(9)} ${'mean'.padStart(7)} ${'p95'.padStart(7)} ${'script'.padStart(7)} ${'release med'.padStart(11)} ${'mean'.padStart(7)} ${'p95'.padStart(7)} ${'script'.padStart(7)}`);
  for (const c of all) {
    const mark = c.page === 'Capablanca' && c.down_click === QUEEN ? '  <- Queen' : c.page === 'Capablanca' && c.down_click === KNIGHT ? '  <- Knight' : '';
    L.push(`${c.page.padEnd(11)} ${c.id.padEnd(7)} ${`(${c.down_click})`.padEnd(11)} ${c.piece.slice(0, 20).padEnd(20)} ${ms(c.press_median_ms, 9)} ${ms(c.press_mean_ms)} ${ms(c.press_p95_ms)} ${ms(c.press_script_median_ms)} ${ms(c.release_median_ms, 11)} ${ms(c.release_mean_ms)} ${ms(c.release_p95_ms)} ${ms(c.release_script_median_ms)}${mark}`);
  }
  L.push('');
  L.push(`${''.padEnd(34)} ${'press med'.padStart(9)} ${'release med'.padStart(11)}   ${'legacy (quoted) press'.padStart(21)} ${'release'.padStart(7)}`);
  L.push(`${'Capablanca Queen  down_click(5,3)'.padEnd(34)} ${ms(queen.press_median_ms, 9)} ${ms(queen.release_median_ms, 11)}   ${ms(LEGACY.capablanca_queen.press_ms, 21)} ${ms(LEGACY.capablanca_queen.release_ms)}`);
  L.push(`${'Capablanca Knight down_click(4,3)'.padEnd(34)} ${ms(knight.press_median_ms, 9)} ${ms(knight.release_median_ms, 11)}   ${ms(LEGACY.capablanca_knight.press_ms, 21)} ${ms(LEGACY.capablanca_knight.release_ms)}`);
  if (result.ab) {
    const ab = result.ab;
    const line = (label, s) => `  ${label.padEnd(34)} ${ms(s.press_median_ms, 9)} ${ms(s.release_median_ms, 11)}   script ${ms(s.press_script_median_ms)} ${ms(s.release_script_median_ms)}   by round: press ${s.press_by_round_ms.join(' ')}; release ${s.release_by_round_ms.join(' ')}`;
    L.push(`A/B, Capablanca Queen, ${ab.build.rounds} alternating rounds each (median of the rounds' medians):`);
    L.push(line('this build', ab.build));
    L.push(line(`baseline ${ab.baseline.commit || ab.baseline.dist}`, ab.baseline));
    const bs = ab.baseline.sizes['spartan.js'];
    if (bs) L.push(`  baseline dist/spartan.js: ${bs.bytes} B, gzip -9 ${bs.gzip_bytes} B`);
  }
  for (const z of result.zero) {
    L.push(`${`glance.js ${z.page.replace('rules-html/', '')} ${z.id} (${z.piece})`.padEnd(34)} ${ms(z.press_median_ms, 9)} ${ms(z.release_median_ms, 11)}   script ${ms(z.press_script_median_ms)} ${ms(z.release_script_median_ms)}   p95 ${ms(z.press_p95_ms)} ${ms(z.release_p95_ms)}${z.press_changed_board && z.release_restored_board ? '' : '   (the press did not change the board, or the release did not restore it!)'}`);
  }
  if (result.firefox && result.firefox.queen) {
    const f = result.firefox;
    for (const z of f.zero || []) L.push(`Firefox, glance.js ${z.page.replace('rules-html/', '')} ${z.id} (${z.piece}): press ${ms(z.press_median_ms)} release ${ms(z.release_median_ms)} (script ${ms(z.press_script_median_ms)} / ${ms(z.release_script_median_ms)})`);
    L.push(`Firefox (${f.version}, timer granularity ${(f.granularity_ms * 1000).toFixed(0)} µs), Capablanca: Queen press ${ms(f.queen.press_median_ms)} release ${ms(f.queen.release_median_ms)} (script ${ms(f.queen.press_script_median_ms)} / ${ms(f.queen.release_script_median_ms)}); Knight press ${ms(f.knight.press_median_ms)} release ${ms(f.knight.release_median_ms)}`);
  } else if (result.firefox) {
    L.push(`Firefox: skipped (${result.firefox.skipped})`);
  }
  L.push(`max press over all ${all.length} cells: ${maxPress.press_median_ms.toFixed(3)} ms (${maxPress.page} ${maxPress.id} down_click(${maxPress.down_click}) ${maxPress.piece}); max release: ${maxRelease.release_median_ms.toFixed(3)} ms (${maxRelease.page} ${maxRelease.id})`);
  L.push('');
  const s = result.startup;
  const st = (o) => (o ? `median ${ms(o.median_ms, 6)}  (min ${o.min_ms.toFixed(3)}, max ${o.max_ms.toFixed(3)})` : '-');
  L.push(`Start-up, Capablanca.html, ${s.loads} cold loads (each in a fresh context), ms:`);
  L.push(`  script starts -> end of its synchronous part   ${st(s.exec_to_sync_end)}`);
  L.push(`  script starts -> base64 decoded, to WebAssembly ${st(s.exec_to_wasm_handed_over)}`);
  L.push(`  script starts -> wasm instantiated             ${st(s.exec_to_wasm_instantiated)}`);
  L.push(`  script starts -> DOMContentLoaded              ${st(s.exec_to_domcontentloaded)}`);
  L.push(`  script starts -> data-glance="ready"           ${st(s.exec_to_ready)}   (instantiated; ${s.ready_before_parsed} of ${s.loads} before the page was parsed)`);
  L.push(`  script starts -> board read (ready + parsed)   ${st(s.exec_to_board_read)}`);
  L.push(`  script starts -> first press served (Queen)    ${st(s.exec_to_first_press_served)}`);
  L.push(`  first press itself (cold)                      ${st(s.first_press)}`);
  L.push(`  script tag reached (incl. fetch) -> ready      ${st(s.tag_to_ready)}`);
  L.push(`Warm, the same tab loaded again ${s.warm_loads} times, ms:`);
  L.push(`  script starts -> data-glance="ready"           ${st(s.warm_exec_to_ready)}`);
  L.push(`  first press itself                             ${st(s.warm_first_press)}`);
  if (s.isolated_steps_spartan_js) {
    const p = s.isolated_steps_spartan_js;
    const one = (o) => `median ${o.median_ms.toFixed(3)} (first ${o.first_ms.toFixed(3)})`;
    L.push(`  the loader's steps alone, blank page, 10 runs: decode ${one(p.decode)}, unpack ${one(p.unpack)}, compile ${one(p.compile)}, instantiate ${one(p.instantiate)}`);
  }
  L.push('');
  const mb = result.memory.before;
  const ma = result.memory.after;
  const m2 = result.memory.after_second_round;
  const sign = (d) => `${d >= 0 ? '+' : ''}${d}`;
  // A change as a signed percentage of `base`, to one decimal.
  const pct = (d, base) => `${sign(Math.round(1000 * d / base) / 10)}%`;
  // How much a memory run's JS heap grew between two of its readings.
  const grow = (m, from = 'before', to = 'after') => m[to].js_heap_used_bytes - m[from].js_heap_used_bytes;
  const row = (label, k, f = (x) => String(x)) => L.push(`  ${label.padEnd(22)} ${(mb[k] == null ? '-' : f(mb[k])).padStart(12)} ${(ma[k] == null ? '-' : f(ma[k])).padStart(12)}   ${(mb[k] == null || ma[k] == null ? '' : `${sign(ma[k] - mb[k])}${k === 'js_heap_used_bytes' ? ` (${pct(ma[k] - mb[k], mb[k])})` : ''}`).padEnd(16)} ${m2[k] == null ? '-' : f(m2[k])}   ${m2[k] == null || ma[k] == null ? '' : sign(m2[k] - ma[k])}`);
  L.push(`Memory, Capablanca, ${result.memory.cycles} press/release cycles over ${result.memory.cells} cells (${result.memory.seconds} s), after GC; then ${result.memory.cycles} more:`);
  L.push(`  ${''.padEnd(22)} ${'before'.padStart(12)} ${'after'.padStart(12)}   ${'change'.padEnd(16)} ${'after 2nd round'}   change`);
  row('JS heap used (B)', 'js_heap_used_bytes');
  row('JS heap total (B)', 'js_heap_total_bytes');
  row('wasm memory (B)', 'wasm_memory_bytes');
  row('DOM nodes', 'dom_nodes');
  row('detached DOM nodes', 'detached_dom_nodes');
  row('JS event listeners', 'js_event_listeners');
  const c = result.memory.control;
  if (c) {
    const own = grow(result.memory) - grow(c);
    L.push(`  control (down_click and up_click doing nothing, same cycles): JS heap ${c.before.js_heap_used_bytes} -> ${c.after.js_heap_used_bytes}, ${sign(grow(c))}; then ${sign(grow(c, 'after', 'after_second_round'))}`);
    L.push(`  the module's own share of the first round: ${sign(own)} B (${pct(own, mb.js_heap_used_bytes)} of the heap before)`);
  }
  const io = result.memory.interpreter_only;
  if (io) {
    const line = (m) => `JS heap ${m.before.js_heap_used_bytes} -> ${m.after.js_heap_used_bytes}, ${sign(grow(m))} (${pct(grow(m), m.before.js_heap_used_bytes)}); then ${sign(grow(m, 'after', 'after_second_round'))}`;
    L.push(`  V8 interpreter-only (--js-flags=${io.js_flags}: none of the compiled code V8 keeps on the heap for hot functions), same cycles:`);
    L.push(`    module:  ${line(io)}; detached DOM nodes ${io.after.detached_dom_nodes ?? '-'}`);
    if (io.control) L.push(`    control: ${line(io.control)}`);
  }
  L.push('');
  const z = result.sizes;
  L.push('Sizes (bytes; gzip = gzip -9; "share" = what the part adds to the gzipped script):');
  L.push(`  ${'script'.padEnd(16)} ${'bytes'.padStart(6)} ${'gzip'.padStart(6)} ${''.padStart(8)}   ${'wasm: pre-opt'.padStart(13)} ${'opt'.padStart(6)} ${'packed'.padStart(8)} ${'share'.padStart(6)}   ${'rest: JS'.padStart(8)} ${'gzip'.padStart(5)}`);
  for (const [f, v] of Object.entries(z.scripts)) {
    L.push(`  ${('dist/' + f).padEnd(16)} ${String(v.bytes).padStart(6)} ${String(v.gzip_bytes).padStart(6)} ${`(${kib(v.gzip_bytes)})`.padStart(8)}   ${String(v.wasm_pre_opt_bytes ?? '-').padStart(13)} ${String(v.wasm_opt_bytes ?? '-').padStart(6)} ${String(v.wasm_packed_bytes ?? '-').padStart(8)} ${String(v.wasm_gzip_share_bytes ?? '-').padStart(6)}   ${String(v.js_bytes).padStart(8)} ${String(v.js_gzip_bytes).padStart(5)}`);
  }
  L.push(`  legacy spartan.js (quoted): gzip ${LEGACY.spartan_js_gzip_label} (~${LEGACY.spartan_js_gzip_bytes})`);
  if (z.spartan_by_part) {
    L.push('  what spartan.js\'s gzip bytes buy (the wasm\'s share split by the raw sizes of its items before wasm-opt):');
    for (const p of z.spartan_by_part) L.push(`    ${p.part.padEnd(56)} ${String(p.gzip_share_bytes).padStart(6)} B  ${kib(p.gzip_share_bytes).padStart(9)}`);
  }
  if (z.twiggy_top_spartan) {
    L.push('  twiggy top -n 15, spartan glance_bg.wasm (before wasm-opt; the "function names" section is not shipped):');
    for (const line of z.twiggy_top_spartan.split('\n')) L.push(`    ${line}`);
  }
  L.push('');
  const n = result.native;
  if (n.skipped) {
    L.push(`Native engine: skipped (${n.skipped})`);
  } else {
    L.push(`Native engine (cargo bench --bench diagram, criterion point estimates):`);
    for (const b of n.benchmarks) {
      L.push(`  ${b.id.padEnd(28)} ${b.estimate.padStart(12)}${b.per_element ? `   ${b.throughput}: ${b.per_element} per diagram/element` : ''}`);
    }
  }
  L.push('');
  if (slow.length) {
    L.push('Warnings:');
    for (const w of slow) L.push(`  ${w}`);
  } else {
    L.push(`Warnings: none (no press median above ${SLOW_PRESS_MS} ms, ready median under ${SLOW_READY_MS} ms)`);
  }
  L.push(`Browser part took ${result.run_seconds} s; results in bench/results.json`);
  result.table = L.join('\n');
  fs.writeFileSync(path.join(repo, 'bench', 'results.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(result.table);
}

main().catch((e) => {
  console.error(`bench: ${e && e.stack ? e.stack : e}`);
  process.exit(1);
});
