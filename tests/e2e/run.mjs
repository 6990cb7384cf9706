#!/usr/bin/env node
// Browser tests of the Moves at a Glance scripts (dist/*.js).
//
//   node tests/e2e/run.mjs [suite ...]
//
// Runs every suite in SUITES (or the ones named) in each browser of
// GLANCE_BROWSERS, prints one summary line per suite per browser
// ("PASS parity [firefox]: 487/487 clicks match (60.1s)") and a closing
// "e2e: N passed, N failed" line (summed over the browsers), and exits
// non-zero when any suite fails in any browser.  See tests/e2e/README.md.
//
// Environment:
//   GLANCE_DIST         directory with spartan.js, chu.js, cwda.js (+ wasm)  [<repo>/dist]
//   GLANCE_RULES_HTML   directory with the rules pages                    [<repo>/rules-html]
//   GLANCE_PKG          the ES-module package (www/pkg.js)          [<repo>/pkg]
//   GLANCE_PAGES        comma-separated expected.json keys to limit parity to
//   GLANCE_SHOW         how many mismatches to print per suite             [5]
//   GLANCE_BROWSERS     comma-separated browsers to run the suites in     [chromium,firefox]
//   GLANCE_CHROMIUM     Chromium binary                                    [/usr/bin/chromium]
//   GLANCE_FIREFOX      Firefox binary                                     [/usr/bin/firefox-esr]
//   GLANCE_KEEP=1       keep the assembled temp directory (path is printed)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './lib/server.mjs';
import { assembleSite } from './lib/site.mjs';
import { BROWSERS, launchBrowser } from './lib/browser.mjs';

// Suites run in this order; add new ones here (each is ./suites/NAME.mjs
// exporting `name` and `async run(ctx)`; see README.md).
const SUITES = ['parity', 'seeds', 'badinput', 'release', 'touch', 'keyboard', 'a11y', 'early', 'pkg', 'dom', 'storm', 'zerocode', 'zerovisit', 'findings', 'lab', 'migrated'];
// Suites run only when named (scripts/test.sh runs each as a step of its
// own): fairy (the pages glance page writes against Fairy-Stockfish,
// several minutes); translated (tests/po4a/'s round trip through po4a,
// which needs Debian's po4a).
const NAMED_ONLY = ['fairy', 'translated'];

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

async function main() {
  const wanted = process.argv.slice(2);
  for (const w of wanted) {
    if (!SUITES.includes(w) && !NAMED_ONLY.includes(w)) {
      console.error(`unknown suite ${w}; suites: ${[...SUITES, ...NAMED_ONLY].join(', ')}`);
      return 2;
    }
  }
  const suites = wanted.length ? [...SUITES, ...NAMED_ONLY].filter((s) => wanted.includes(s)) : SUITES;
  const browsers = (process.env.GLANCE_BROWSERS || Object.keys(BROWSERS).join(','))
    .split(',').map((b) => b.trim().toLowerCase()).filter(Boolean);
  for (const b of browsers) {
    if (!BROWSERS[b]) {
      console.error(`unknown browser ${b} in GLANCE_BROWSERS; browsers: ${Object.keys(BROWSERS).join(', ')}`);
      return 2;
    }
  }
  if (!browsers.length) {
    console.error('GLANCE_BROWSERS names no browser');
    return 2;
  }

  const expected = JSON.parse(fs.readFileSync(path.join(repo, 'tests', 'fixtures', 'expected.json'), 'utf8'));
  const distDir = path.resolve(process.env.GLANCE_DIST || path.join(repo, 'dist'));
  const rulesDir = path.resolve(process.env.GLANCE_RULES_HTML || path.join(repo, 'rules-html'));
  const only = process.env.GLANCE_PAGES ? process.env.GLANCE_PAGES.split(',').map((s) => s.trim()) : null;

  const pkgDir = path.resolve(process.env.GLANCE_PKG || path.join(repo, 'pkg'));
  const site = await assembleSite({ expected, distDir, rulesDir, pkgDir });
  const server = await startServer(site.root);

  let passed = 0;
  let failed = 0;
  let allOk = true;
  try {
    // One browser at a time: the machine's two cores are shared, and the
    // suites' waits assume one browser busy.
    for (const b of browsers) {
      let browser;
      try {
        browser = await launchBrowser(b);
      } catch (e) {
        console.log(`# ${BROWSERS[b].label} did not start: ${String(e && e.message || e).split('\n')[0]}`);
        for (const s of suites) console.log(`FAIL ${s} [${b}]: the browser did not start`);
        failed += suites.length;
        allOk = false;
        continue;
      }
      console.log(`# ${browser.label}: ${browser.version}`);
      const ctx = { browser, server, site, expected, only, repo, distDir, rulesDir };
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
          console.log(`${r.ok ? 'PASS' : 'FAIL'} ${tagged(r.summary, r.name || s, b)} (${secs}s)`);
          for (const d of r.details || []) console.log(indent(d));
          passed += r.passed;
          failed += r.failed;
          if (!r.ok) {
            allOk = false;
            if (r.failed === 0) failed++;
          }
        }
      } finally {
        await browser.close().catch(() => {});
      }
    }
  } finally {
    await server.close();
    if (process.env.GLANCE_KEEP) console.log(`kept ${site.root}`);
    else site.remove();
  }
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return allOk ? 0 : 1;
}

// "parity: 487/487 clicks match" -> "parity [firefox]: 487/487 clicks match".
function tagged(summary, name, browser) {
  return summary.startsWith(`${name}:`)
    ? `${name} [${browser}]${summary.slice(name.length)}`
    : `[${browser}] ${summary}`;
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
