#!/usr/bin/env node
// Browser tests of the Moves at a Glance scripts (dist/*.js).
//
//   node tests/e2e/run.mjs [suite ...]
//
// Runs every suite in SUITES (or the ones named), prints one summary line
// per suite and a closing "e2e: N passed, N failed" line, and exits
// non-zero when any suite fails.  See tests/e2e/README.md.
//
// Environment:
//   GLANCE_DIST         directory with spartan.js, chu.js, cwda.js (+ wasm)  [<repo>/dist]
//   GLANCE_RULES_HTML   directory with the rules pages                    [<repo>/rules-html]
//   GLANCE_PKG          the ES-module package (www/pkg.js)          [<repo>/pkg]
//   GLANCE_PAGES        comma-separated expected.json keys to limit parity to
//   GLANCE_SHOW         how many mismatches to print per suite             [5]
//   GLANCE_CHROMIUM     browser binary                                     [/usr/bin/chromium]
//   GLANCE_KEEP=1       keep the assembled temp directory (path is printed)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './lib/server.mjs';
import { assembleSite } from './lib/site.mjs';
import { launchBrowser } from './lib/browser.mjs';

// Suites run in this order; add new ones here (each is ./suites/NAME.mjs
// exporting `name` and `async run(ctx)`; see README.md).
const SUITES = ['parity', 'seeds', 'badinput', 'release', 'touch', 'keyboard', 'a11y', 'early', 'pkg', 'dom'];

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

async function main() {
  const wanted = process.argv.slice(2);
  for (const w of wanted) {
    if (!SUITES.includes(w)) {
      console.error(`unknown suite ${w}; suites: ${SUITES.join(', ')}`);
      return 2;
    }
  }
  const suites = wanted.length ? SUITES.filter((s) => wanted.includes(s)) : SUITES;

  const expected = JSON.parse(fs.readFileSync(path.join(repo, 'tests', 'fixtures', 'expected.json'), 'utf8'));
  const distDir = path.resolve(process.env.GLANCE_DIST || path.join(repo, 'dist'));
  const rulesDir = path.resolve(process.env.GLANCE_RULES_HTML || path.join(repo, 'rules-html'));
  const only = process.env.GLANCE_PAGES ? process.env.GLANCE_PAGES.split(',').map((s) => s.trim()) : null;

  const pkgDir = path.resolve(process.env.GLANCE_PKG || path.join(repo, 'pkg'));
  const site = await assembleSite({ expected, distDir, rulesDir, pkgDir });
  const server = await startServer(site.root);
  const browser = await launchBrowser();
  const ctx = { browser, server, site, expected, only, repo, distDir, rulesDir };

  let passed = 0;
  let failed = 0;
  let allOk = true;
  try {
    for (const s of suites) {
      const mod = await import(`./suites/${s}.mjs`);
      const t0 = Date.now();
      let r;
      try {
        r = await mod.run(ctx);
      } catch (e) {
        r = { name: s, ok: false, summary: `${s}: crashed`, details: [String(e && e.stack || e)], passed: 0, failed: 1 };
      }
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      console.log(`${r.ok ? 'PASS' : 'FAIL'} ${r.summary} (${secs}s)`);
      for (const d of r.details || []) console.log(indent(d));
      passed += r.passed;
      failed += r.failed;
      if (!r.ok) allOk = false;
    }
  } finally {
    await browser.close();
    await server.close();
    if (process.env.GLANCE_KEEP) console.log(`kept ${site.root}`);
    else site.remove();
  }
  if (!allOk && failed === 0) failed = 1;
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return allOk ? 0 : 1;
}

function indent(text) {
  return text.split('\n').map((l) => `  ${l}`).join('\n');
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
