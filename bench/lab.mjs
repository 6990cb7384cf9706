#!/usr/bin/env node
// The piece lab's first diagram after load (make bench, or on its own):
//
//   node bench/lab.mjs [--loads N] [--out FILE]
//
// Serves the repository root on 127.0.0.1 (tests/e2e/lib/server.mjs) and
// opens lab.html#betza=Q&board=8x8&at=d5 N times (default 20) in a fresh
// browser context each time, in headless Chromium and Firefox ESR
// (puppeteer-core). The page marks (performance.mark) when its script
// starts (lab-start), when the wasm module is compiled and instantiated
// (lab-wasm-ready) and when the first diagram is on the board
// (lab-first-diagram); each is read against the navigation's start, with
// the end of dist/lab.js's download, DOMContentLoaded and the load event. Prints medians (min-max) and writes
// them to FILE (default bench/lab.json). Needs dist/lab.js and
// rules-html/sym/ (make dist assets).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../tests/e2e/lib/server.mjs';
import { BROWSERS, launchBrowser } from '../tests/e2e/lib/browser.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : dflt;
};
const loads = Number(arg('--loads', '20'));
const outFile = arg('--out', path.join(repo, 'bench', 'lab.json'));

for (const f of ['lab.html', 'dist/lab.js']) {
  if (!fs.existsSync(path.join(repo, f))) {
    console.error(`bench/lab: ${f} is missing (make dist assets)`);
    process.exit(1);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const summary = (xs) => ({ median: +median(xs).toFixed(1), min: +Math.min(...xs).toFixed(1), max: +Math.max(...xs).toFixed(1) });

const server = await startServer(repo);
const url = `${server.url}/lab.html#betza=Q&board=8x8&at=d5`;
const result = {
  what: `lab.html#betza=Q&board=8x8&at=d5 opened ${loads} times, a fresh browser context each time, over http from 127.0.0.1; ms since the navigation started`,
  date: new Date().toISOString(),
  dist_lab_js_bytes: fs.statSync(path.join(repo, 'dist', 'lab.js')).size,
  browsers: {},
};
try {
  for (const name of Object.keys(BROWSERS)) {
    const browser = await launchBrowser(name);
    const rows = [];
    try {
      for (let i = 0; i < loads; i++) {
        const context = await browser.driver.createBrowserContext();
        try {
          const page = await context.newPage();
          await page.goto(url, { waitUntil: 'load' });
          await page.waitForFunction(() => performance.getEntriesByName('lab-first-diagram').length > 0, { timeout: 15000 });
          rows.push(await page.evaluate(() => {
            const at = (n) => performance.getEntriesByName(n)[0].startTime;
            const nav = performance.getEntriesByType('navigation')[0];
            const js = performance.getEntriesByType('resource').find((e) => /\/dist\/lab\.js$/.test(e.name));
            return {
              fetched: js ? js.responseEnd : NaN,
              start: at('lab-start'), wasm: at('lab-wasm-ready'), diagram: at('lab-first-diagram'),
              domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
            };
          }));
        } finally {
          await context.close();
        }
      }
      const of = (k) => summary(rows.map((r) => r[k]));
      result.browsers[name] = {
        version: browser.version,
        lab_js_fetched: of('fetched'),
        script_start: of('start'),
        wasm_ready: of('wasm'),
        first_diagram: of('diagram'),
        dom_content_loaded: of('domContentLoaded'),
        load_event: of('load'),
        first_diagram_after_script_start: summary(rows.map((r) => r.diagram - r.start)),
      };
      const b = result.browsers[name];
      const fmt = (s) => `${s.median} ms (${s.min}-${s.max})`;
      console.log(`bench/lab ${browser.label} ${browser.version}: first diagram ${fmt(b.first_diagram)} after navigation start; ` +
        `dist/lab.js fetched ${fmt(b.lab_js_fetched)}, script start ${fmt(b.script_start)}, wasm ready ${fmt(b.wasm_ready)}; ` +
        `${fmt(b.first_diagram_after_script_start)} from script start`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.close();
}
fs.writeFileSync(outFile, JSON.stringify(result, null, 2) + '\n');
console.log(`bench/lab: wrote ${path.relative(repo, outFile)}`);
