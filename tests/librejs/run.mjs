#!/usr/bin/env node
// GNU LibreJS in the loop: do GNU's pages with our drop-in scripts pass the
// extension that GNU's pages must pass, and do the boards still work under it?
//
//   node tests/librejs/run.mjs
//
// 1. Builds LibreJS from ../shared/librejs (relative to the repository root)
//    in a temporary folder, never inside the project; the .xpi and the two
//    npm packages its checker needs are cached in build/librejs/<hash of the
//    LibreJS source>/.  Without ../shared/librejs it prints a SKIP line and
//    exits 0: the check was not run.
// 2. Runs LibreJS's own checker (common/checks.js) on dist/*.js, and on an
//    unlabelled nontrivial script, which it must reject.
// 3. Runs the built extension in headless Firefox ESR on the four seed pages
//    of rules-html/, served over http, reads its verdict from its panel and
//    presses a piece with a WebDriver mouse; then on the piece lab
//    (lab.html), where it types a Betza string.
//
// One line per check; the last line is "librejs: N passed, N failed"; exit
// status 1 if anything failed.  See tests/librejs/README.md.
//
// Environment:
//   GECKODRIVER       geckodriver binary           [~/.cargo/bin/geckodriver]
//   LIBREJS_FIREFOX   Firefox binary               [/usr/bin/firefox-esr]
//   LIBREJS_KEEP=1    keep the temporary folder (its path is printed)
//   LIBREJS_SRC       LibreJS's source          [../shared/librejs]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const librejsSrc = process.env.LIBREJS_SRC ? path.resolve(process.env.LIBREJS_SRC) : path.resolve(repo, '..', 'shared', 'librejs');
const cacheRoot = path.join(repo, 'build', 'librejs');
const firefoxBin = process.env.LIBREJS_FIREFOX || '/usr/bin/firefox-esr';
const geckodriverBin = process.env.GECKODRIVER || path.join(os.homedir(), '.cargo', 'bin', 'geckodriver');

// Bump when the way the .xpi is built changes: it is part of the cache key.
const RECIPE = 'librejs-xpi-v1: npm install acorn jssha browserify; browserify main_background.js; zip icons html content common manifest.json bundle.js';
// What build.sh puts in the .xpi (without -t: no test suite).
const XPI_ENTRIES = ['icons', 'html', 'content', 'common', 'manifest.json', 'bundle.js'];
// The checker's own npm dependencies, kept beside the cached .xpi.
const CHECKER_MODULES = ['acorn', 'jssha'];

const LIBREJS_ID = 'jid1-KtlZuoiikVfFew@jetpack';
// A fixed moz-extension UUID for the add-on (pref extensions.webextensions.uuids).
const LIBREJS_UUID = '5f0e7a3c-9b1d-4c2e-8a47-6d3b2e1f0c9a';
const GPL3_NAME = 'GNU General Public License (GPL) version 3';
// What LibreJS's report says of a script it accepted from a Web Labels page
// (main_background.js: "Free license (IDS)"), and of one whose own
// @license line it read (common/checks.js).
const BY_LABELS = 'Free license (GPL-3.0)';
const BY_LICENSE_LINE = `Recognized license: "${GPL3_NAME}"`;
const PAGES = ['Spartan', 'Capablanca', 'No', 'TwoKings'];
const MAX_LOADS = 4;

const TIMEOUT = {
  npm: 15 * 60e3,
  browserify: 10 * 60e3,
  pageLoad: 120e3,
  script: 60e3,
  ready: 60e3,
  report: 10e3, // how long a report may take to name the page's scripts
  paint: 10e3,
};

// ---------------------------------------------------------------- reporting

let passed = 0;
let failed = 0;

function check(name, ok, detail = '') {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  return ok;
}

// Prints a multi-line text exactly, each line indented by four spaces.
function verbatim(title, text) {
  console.log(`---- ${title}`);
  for (const line of String(text).split('\n')) console.log(`    ${line}`);
  console.log('----');
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

// ---------------------------------------------------------------- helpers

function run(cmd, args, opts) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  if (r.error) throw new Error(`${cmd} ${args.join(' ')}: ${r.error.message}`);
  if (r.status !== 0) {
    const tail = `${r.stdout || ''}${r.stderr || ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}\n${tail}`);
  }
  return r;
}

// Every regular file under dir, as paths relative to dir, sorted.
function listFiles(dir, skip = new Set()) {
  const out = [];
  const walk = (rel) => {
    for (const ent of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${ent.name}` : ent.name;
      if (skip.has(r)) continue;
      if (ent.isDirectory()) walk(r);
      else if (ent.isFile()) out.push(r);
    }
  };
  walk('');
  return out.sort();
}

// The cache key: the build recipe and every file of the LibreJS source
// (what a build would add or a copy might hold is left out).
function hashSource(dir) {
  const h = crypto.createHash('sha256');
  h.update(`${RECIPE}\0`);
  const skip = new Set(['node_modules', 'bundle.js', 'librejs.xpi', 'build_temp', 'test/lib', '.git']);
  for (const rel of listFiles(dir, skip)) {
    h.update(`${rel}\0`);
    h.update(fs.readFileSync(path.join(dir, rel)));
    h.update('\0');
  }
  return h.digest('hex');
}

// The shared copy is read-only: make the temporary copy writable (and
// removable).
function makeWritable(dir) {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) {
      fs.chmodSync(p, 0o755);
      makeWritable(p);
    } else if (ent.isFile()) {
      fs.chmodSync(p, (fs.statSync(p).mode & 0o111) ? 0o755 : 0o644);
    }
  }
  fs.chmodSync(dir, 0o755);
}

function moduleVersion(nodeModules, name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(nodeModules, name, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
}

// ---------------------------------------------------------------- 1. build

// Copies LibreJS to tmp/librejs and returns { work, xpi, cached }: the
// working copy (with node_modules holding the checker's dependencies) and
// the path of the .xpi in the cache.
function prepareLibreJS(tmp) {
  const work = path.join(tmp, 'librejs');
  fs.cpSync(librejsSrc, work, { recursive: true, dereference: true });
  makeWritable(work);

  const key = hashSource(librejsSrc).slice(0, 20);
  const slot = path.join(cacheRoot, key);
  const xpi = path.join(slot, 'librejs.xpi');
  const cachedModules = path.join(slot, 'node_modules');
  const slotOk = () => fs.existsSync(xpi)
    && CHECKER_MODULES.every((m) => fs.existsSync(path.join(cachedModules, m, 'package.json')));

  if (slotOk()) {
    fs.cpSync(cachedModules, path.join(work, 'node_modules'), { recursive: true });
    return { work, xpi, key, cached: true };
  }

  // A package.json of our own in the temporary copy, so that npm installs
  // there and nowhere above it.
  fs.writeFileSync(path.join(work, 'package.json'), '{ "private": true }\n');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--no-progress', 'acorn', 'jssha', 'browserify'], {
    cwd: work, timeout: TIMEOUT.npm,
  });
  run('npx', ['--no-install', 'browserify', 'main_background.js', '-o', 'bundle.js'], {
    cwd: work, timeout: TIMEOUT.browserify,
  });
  const missing = XPI_ENTRIES.filter((e) => !fs.existsSync(path.join(work, e)));
  if (missing.length) throw new Error(`not in the LibreJS copy: ${missing.join(', ')}`);
  const zipOut = path.join(tmp, 'librejs.xpi');
  run('zip', ['-r', '-q', '-X', zipOut, ...XPI_ENTRIES], { cwd: work });

  // Into the cache, atomically (another run may be filling the same slot).
  fs.mkdirSync(cacheRoot, { recursive: true });
  const staging = fs.mkdtempSync(path.join(cacheRoot, `.${key}-`));
  fs.chmodSync(staging, 0o755);
  fs.copyFileSync(zipOut, path.join(staging, 'librejs.xpi'));
  for (const m of CHECKER_MODULES) {
    fs.cpSync(path.join(work, 'node_modules', m), path.join(staging, 'node_modules', m), { recursive: true });
  }
  const nm = path.join(work, 'node_modules');
  fs.writeFileSync(path.join(staging, 'BUILD-INFO.txt'), [
    `LibreJS source: ${librejsSrc}`,
    `UPSTREAM-COMMIT: ${readOr(path.join(librejsSrc, 'UPSTREAM-COMMIT'), '?').trim()}`,
    `source hash (sha256, first 20): ${key}`,
    `recipe: ${RECIPE}`,
    `acorn ${moduleVersion(nm, 'acorn')}, jssha ${moduleVersion(nm, 'jssha')}, browserify ${moduleVersion(nm, 'browserify')}`,
    `node ${process.version}`,
    `built: ${new Date().toISOString()}`,
    '',
  ].join('\n'));
  try {
    if (fs.existsSync(slot) && !slotOk()) fs.rmSync(slot, { recursive: true, force: true }); // a broken slot
    fs.renameSync(staging, slot);
  } catch {
    // Someone else filled the slot meanwhile: theirs is as good.
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return { work, xpi: fs.existsSync(xpi) ? xpi : zipOut, key, cached: false };
}

function readOr(file, fallback) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

// ---------------------------------------------------------------- 2. checker

// LibreJS's checker as utilities/check-script.js calls it, plus init() as
// the extension's background calls it.  Its console output goes nowhere.
function loadChecker(work) {
  const req = createRequire(path.join(work, 'common', 'checks.js'));
  const checks = req('./checks.js');
  const log = console.log;
  console.log = () => {};
  try {
    checks.init();
  } finally {
    console.log = log;
  }
  return checks;
}

function quietly(fn) {
  const saved = [console.log, console.warn];
  console.log = () => {};
  console.warn = () => {};
  try {
    return fn();
  } finally {
    [console.log, console.warn] = saved;
  }
}

const UNLABELLED = `// A board painter with no license label: LibreJS must block it.
var board = [];
function paint(x, y) {
  for (var i = 0; i < 8; i++) {
    for (var j = 0; j < 8; j++) {
      if (i == x || j == y) {
        board[i * 8 + j] = document.getElementById('sq' + i + 'x' + j);
        while (board[i * 8 + j].firstChild) board[i * 8 + j].firstChild.remove();
      }
    }
  }
}
`;

function checkerSuite(work, tmp) {
  let checks;
  try {
    checks = loadChecker(work);
  } catch (e) {
    check('checker: load LibreJS common/checks.js', false, e.message);
    return;
  }
  const distDir = path.join(repo, 'dist');
  const files = fs.existsSync(distDir) ? fs.readdirSync(distDir).filter((f) => f.endsWith('.js')).sort() : [];
  check('checker: dist/*.js present', files.length > 0, files.length ? files.join(', ') : `no .js in ${distDir}`);

  for (const f of files) {
    const src = fs.readFileSync(path.join(distDir, f), 'utf8');
    // As utilities/check-script.js calls it (inline), and as the extension
    // calls it for a <script src> (external: anything outside a license
    // block is blocked).
    for (const external of [false, true]) {
      const [accepted, , reason] = quietly(() => checks.checkScriptSource(src, `dist/${f}`, external));
      const mode = external ? 'external' : 'as check-script.js';
      verbatim(`LibreJS checker on dist/${f} (${mode}): ${accepted ? 'accepted' : 'REJECTED'}`, reason);
      const recognised = reason.includes(`Recognized license: "${GPL3_NAME}".`);
      check(`checker: dist/${f} (${mode}) accepted, license recognised as GPL-3.0`,
        accepted === true && recognised,
        accepted ? (recognised ? '' : 'license not recognised as GPL-3.0') : 'rejected');
    }
    // The magnet link of the label is the one LibreJS files under GPL-3.0.
    const m = src.match(/@license\s+(\S+)\s+(\S+)/);
    const byKey = m && checks.checkMagnet(m[1], 'GPL-3.0');
    check(`checker: dist/${f} @license magnet is LibreJS's GPL-3.0 entry`, byKey === GPL3_NAME,
      m ? `${m[1]} ${m[2]}` : 'no @license line');
  }

  labelsFileChecks(work, distDir, files);

  // The check must be able to fail: a nontrivial script without a label.
  const decoy = path.join(tmp, 'unlabelled.js');
  fs.writeFileSync(decoy, UNLABELLED);
  const decoySrc = fs.readFileSync(decoy, 'utf8');
  for (const external of [false, true]) {
    const [accepted, , reason] = quietly(() => checks.checkScriptSource(decoySrc, decoy, external));
    const mode = external ? 'external' : 'as check-script.js';
    verbatim(`LibreJS checker on an unlabelled nontrivial script (${mode}): ${accepted ? 'accepted' : 'REJECTED'}`, reason);
    check(`checker: unlabelled nontrivial script (${mode}) rejected`, accepted === false,
      accepted ? 'accepted: the check cannot fail' : '');
  }
}

// The rows of a JavaScript Web Labels table as LibreJS reads them
// (content/externalLicenseChecker.js: `table#jslicense-labels1 > tbody >
// tr`, per cell its links): [[[href, text], ...], ...] per row.  A small
// reading of our own page's regular markup, not an HTML parser: the
// browser part below has Firefox and LibreJS read the same page.
function labelRows(html) {
  const table = html.match(/<table id="jslicense-labels1">([^]*?)<\/table>/);
  const body = table && table[1].match(/<tbody>([^]*?)<\/tbody>/);
  if (!body) return null;
  const text = (t) => t.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').trim();
  return [...body[1].matchAll(/<tr>([^]*?)<\/tr>/g)].map((tr) => [...tr[1].matchAll(/<td>([^]*?)<\/td>/g)]
    .map((td) => [...td[1].matchAll(/<a href="([^"]*)">([^]*?)<\/a>/g)].map((a) => [a[1].replace(/&amp;/g, '&'), text(a[2])])));
}

// dist/javascript.html, the scripts' source labels (make dist,
// scripts/labels.py): a row for every dist/*.js, its license one LibreJS's
// own list (common/license_definitions.json) files under GPL-3.0, by the
// label's rule of bg/ExternalLicenses.js (the label as written, or without
// GNU- / -or-later / -only) and by URL, its sources there, and the
// script's `@source` line naming one of them.
function labelsFileChecks(work, distDir, files) {
  const page = path.join(distDir, 'javascript.html');
  const rows = fs.existsSync(page) ? labelRows(fs.readFileSync(page, 'utf8')) : null;
  if (!check('labels: dist/javascript.html has a table#jslicense-labels1 with a body', !!rows,
    rows ? '' : fs.existsSync(page) ? 'no table body' : 'missing (make dist writes it)')) return;
  let defs;
  try {
    defs = JSON.parse(fs.readFileSync(path.join(work, 'common', 'license_definitions.json'), 'utf8'));
  } catch (e) {
    check("labels: read LibreJS's common/license_definitions.json", false, firstLine(e));
    return;
  }
  const gpl3 = defs['GPL-3.0'];
  const byLabel = (label) => {
    const u = label.trim().toUpperCase();
    const names = (k) => [k.toUpperCase(), (defs[k].identifier || k).toUpperCase(), defs[k].licenseName.toUpperCase()];
    const find = (x) => Object.keys(defs).find((k) => names(k).includes(x));
    return find(u) || find(u.replace(/^GNU-|-(?:OR-LATER|ONLY)$/, ''));
  };
  const byScript = new Map(rows.filter((r) => r[0] && r[0][0]).map((r) => [r[0][0][0], r]));
  console.log(`     dist/javascript.html: ${rows.length} entries (${[...byScript.keys()].join(', ')})`);
  for (const f of files) {
    const row = byScript.get(f);
    if (!check(`labels: dist/${f} has a row`, !!row && row.length >= 3)) continue;
    const licenses = row[1];
    check(`labels: dist/${f} licensed ${licenses.map(([u, l]) => `${l} <${u}>`).join(', ')}: LibreJS's GPL-3.0 by label and by URL`,
      licenses.length > 0 && licenses.every(([u, l]) => byLabel(l) === 'GPL-3.0' && gpl3.canonicalUrl.includes(u)));
    const sources = row[2].map(([u]) => u);
    const missing = sources.filter((u) => !/^https?:\/\//.test(u) && !fs.existsSync(path.join(distDir, u)));
    check(`labels: dist/${f} sources ${sources.join(', ')} there`, sources.length > 0 && missing.length === 0,
      missing.length ? `missing: ${missing.join(', ')}` : '');
    const head = fs.readFileSync(path.join(distDir, f), 'utf8').slice(0, 2000);
    const at = head.match(/^\/\/ @source: (.*)$/m);
    check(`labels: dist/${f} header @source ${at ? at[1] : '(none)'} is one of its sources`, !!at && sources.includes(at[1]));
  }
  const unlabelled = files.filter((f) => !byScript.has(f));
  check(`labels: ${unlabelled.length} scripts of dist/ without a source label`, unlabelled.length === 0, unlabelled.join(', '));
}

// ---------------------------------------------------------------- 3. browser

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

// A static server on 127.0.0.1 at a free port.  mounts maps a URL prefix to
// a folder; '/' is the repository root, so that rules-html/X.html finds
// ../dist/spartan.js.
function serve(mounts) {
  const prefixes = Object.keys(mounts).sort((x, y) => y.length - x.length);
  const server = http.createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const prefix = prefixes.find((p) => pathname.startsWith(p));
    const root = path.resolve(mounts[prefix]);
    const file = path.resolve(root, `./${pathname.slice(prefix.length)}`);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function startFirefox(webdriver, firefox) {
  const options = new firefox.Options()
    .setBinary(firefoxBin)
    .addArguments('-headless')
    .setPreference('extensions.webextensions.uuids', JSON.stringify({ [LIBREJS_ID]: LIBREJS_UUID }))
    .setPreference('browser.shell.checkDefaultBrowser', false)
    .setPreference('app.update.enabled', false)
    .setPreference('datareporting.policy.dataSubmissionEnabled', false);
  options.windowSize({ width: 1280, height: 1000 });
  const service = new firefox.ServiceBuilder(geckodriverBin).addArguments('--allow-system-access');
  const driver = await new webdriver.Builder()
    .forBrowser('firefox')
    .setFirefoxOptions(options)
    .setFirefoxService(service)
    .build();
  await driver.manage().setTimeouts({ pageLoad: TIMEOUT.pageLoad, script: TIMEOUT.script, implicit: 0 });
  return driver;
}

// What the panel shows, group by group: [[script, reason], ...], and its
// headings ("ACCEPTED scripts in URL:").
const READ_PANEL = `
  const out = { headings: [...document.querySelectorAll('#info h2')].map((e) => e.textContent) };
  for (const g of ['unknown', 'accepted', 'whitelisted', 'blocked', 'blacklisted']) {
    const box = document.getElementById(g);
    out[g] = box ? [...box.querySelectorAll('ul > li')]
      .filter((li) => li.querySelector('a.script-url'))
      .map((li) => [li.querySelector('a.script-url').textContent, (li.querySelector('.reason') || {}).textContent || ''])
      : [];
  }
  return out;`;

// The WebExtension id of the tab showing pageUrl, asked of the extension's
// own API from one of its pages.
const TAB_IDS = `
  const done = arguments[arguments.length - 1];
  const api = window.browser || (window.wrappedJSObject && window.wrappedJSObject.browser);
  if (!api) { done('no browser.tabs here'); return; }
  api.tabs.query({}).then((tabs) => done(tabs.filter((t) => t.url === arguments[0]).map((t) => t.id)),
    (e) => done('error: ' + e));`;

// LibreJS's report on the page open in another tab, from its display panel
// loaded in the panel tab (the current one).  Reloads the panel (through
// about:blank: a new fragment alone does not re-run it) until the report is
// the page's and names every script in scriptUrls, or until `within` ms
// have passed; `complete` says which.
async function readReport(driver, webdriver, pageUrl, scriptUrls, within) {
  const { By, until } = webdriver;
  const panel = `moz-extension://${LIBREJS_UUID}/html/display_panel/content/display-panel.html`;
  await driver.get('about:blank');
  await driver.get(panel);
  const ids = await driver.executeAsyncScript(TAB_IDS, pageUrl);
  if (!Array.isArray(ids) || ids.length !== 1) throw new Error(`the page's tab id: ${JSON.stringify(ids)}`);
  const deadline = Date.now() + within;
  for (;;) {
    await driver.get('about:blank');
    await driver.get(`${panel}#fromTab=${ids[0]}`);
    await driver.wait(until.elementLocated(By.css('div#info')), TIMEOUT.pageLoad);
    await driver.sleep(300);
    const report = await driver.executeScript(READ_PANEL);
    const names = ['unknown', 'accepted', 'whitelisted', 'blocked', 'blacklisted'].flatMap((g) => report[g].map(([n]) => n));
    const complete = report.headings.some((h) => h.includes(pageUrl))
      && scriptUrls.every((u) => names.some((n) => n.startsWith(u)));
    if (complete || Date.now() > deadline) {
      const text = await driver.findElement(By.css('div#info')).getText();
      return { complete, report, text, tabId: ids[0] };
    }
    await driver.sleep(1000);
  }
}

function firstLine(e) {
  return String(e && e.message || e).split('\n')[0];
}

// The nontrivial unlabelled script, as an external script of a page.
const DECOY_PAGE = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>unlabelled script</title>
<script src="unlabelled.js"></script></head>
<body><p>A page whose only script has no license label.</p></body></html>
`;

async function browserSuite(xpi, tmp) {
  const req = createRequire(path.join(repo, 'package.json'));
  let webdriver;
  let firefox;
  try {
    webdriver = req('selenium-webdriver');
    firefox = req('selenium-webdriver/firefox');
  } catch (e) {
    check('browser: selenium-webdriver in node_modules', false, firstLine(e));
    return;
  }
  for (const [what, p] of [['Firefox ESR', firefoxBin], ['geckodriver', geckodriverBin]]) {
    const there = fs.existsSync(p);
    if (!check(`browser: ${what} at ${p}`, there, there ? '' : 'not found')) return;
  }

  // The decoy page lives in the temporary folder, served under /__decoy/.
  fs.writeFileSync(path.join(tmp, 'decoy.html'), DECOY_PAGE);
  const labelled = prepareLabelled(tmp);
  const server = await serve({ '/': repo, '/__decoy/': tmp, ...labelled.mounts });
  const origin = `http://127.0.0.1:${server.address().port}`;
  let driver;
  try {
    const t0 = Date.now();
    try {
      driver = await startFirefox(webdriver, firefox);
      await driver.installAddon(xpi, true);
    } catch (e) {
      check('browser: start headless Firefox ESR with LibreJS installed', false, firstLine(e));
      return;
    }
    const caps = await driver.getCapabilities();
    check('browser: start headless Firefox ESR with LibreJS installed (temporary add-on)', true,
      `${caps.get('browserName')} ${caps.get('browserVersion')}, ${seconds(Date.now() - t0)}`);

    const pageTab = await driver.getWindowHandle();
    await driver.switchTo().newWindow('tab');
    const panelTab = await driver.getWindowHandle();

    for (const page of PAGES) {
      await seedPage(driver, webdriver, `${origin}/rules-html/${page}.html`, page, pageTab, panelTab);
    }
    if (fs.existsSync(path.join(repo, 'lab.html'))) {
      await labPage(driver, webdriver, `${origin}/lab.html`, pageTab, panelTab);
    }
    await labelledSuite(driver, webdriver, origin, labelled, pageTab, panelTab);

    // The extension can fail a page: it blocks the unlabelled script.
    const decoyUrl = `${origin}/__decoy/decoy.html`;
    const decoyScript = `${origin}/__decoy/unlabelled.js`;
    try {
      let got;
      for (let load = 1; load <= MAX_LOADS; load += 1) {
        await driver.switchTo().window(pageTab);
        if (load === 1) await driver.get(decoyUrl);
        else await driver.navigate().refresh();
        await driver.switchTo().window(panelTab);
        got = await readReport(driver, webdriver, decoyUrl, [decoyScript], TIMEOUT.report);
        if (got.complete) break;
        console.log(`     decoy page: on load ${load} LibreJS's report lacks unlabelled.js${load < MAX_LOADS ? '; reloading the page' : ''}`);
      }
      const { report, text } = got;
      verbatim("LibreJS's panel on a page with an unlabelled nontrivial script (div#info, verbatim)", text);
      const entry = report.blocked.find(([n]) => n.startsWith(decoyScript));
      check('decoy page: LibreJS BLOCKS the unlabelled nontrivial script', !!entry,
        entry ? `reason: ${JSON.stringify(entry[1])}` : `not blocked: ${JSON.stringify(report)}`);
      check('decoy page: the panel then does not say "No BLOCKED scripts on this page."',
        !text.split('\n').includes('No BLOCKED scripts on this page.'));
    } catch (e) {
      check('decoy page: LibreJS BLOCKS the unlabelled nontrivial script', false, firstLine(e));
    }
  } finally {
    if (driver) await driver.quit().catch(() => {});
    await new Promise((r) => server.close(r));
  }
}

// Pages that link a JavaScript Web Labels page (rel="jslicense"), for
// LibreJS to accept their scripts from it: its report then says "Free
// license (GPL-3.0)" (main_background.js), where a script accepted from its
// own @license line says "Recognized license: ...". Returns the server's
// extra mounts and what to load:
// - dist/javascript.html (make dist): three upstream legacy pages loading
//   ../dist/spartan.js, chu.js, cwda.js, and lab.html, each with the link
//   put before its script;
// - the upstream bundle (scripts/upstream.py, written here into tmp): four
//   of its pages as glance migrate --labels wrote them, glance.js beside
//   them, its own javascript.html; its sym/ and moves.css are the site's
//   (rules-html/);
// - a control: a labels page that gives dist/spartan.js a license LibreJS
//   does not know, which must then BLOCK it (so that the labels are seen
//   to be read).
function prepareLabelled(tmp) {
  const sym = path.join(repo, 'rules-html', 'sym');
  const css = path.join(repo, 'rules-html', 'moves.css');
  const out = { mounts: {}, legacy: [], bundle: [], lab: null, control: null, errors: [] };
  const legacyDir = path.join(tmp, 'legacy');
  fs.mkdirSync(legacyDir);
  for (const [page, script] of [['Spartan', 'spartan'], ['Chu', 'chu'], ['CWDA', 'cwda']]) {
    const src = readOr(path.join(repo, 'tests', 'fixtures', 'upstream', `${page}.html`), '');
    const tag = `<script type="text/javascript" src="${script}.js">`;
    if (!src.includes(tag)) {
      out.errors.push(`tests/fixtures/upstream/${page}.html: no ${tag}`);
      continue;
    }
    fs.writeFileSync(path.join(legacyDir, `${page}.html`), src.replace(tag,
      `<link rel="jslicense" href="../dist/javascript.html">\n  <script type="text/javascript" src="../dist/${script}.js">`));
    out.legacy.push([page, script]);
  }
  Object.assign(out.mounts, { '/legacy/': legacyDir, '/legacy/sym/': sym, '/legacy/moves.css': css });
  const lab = readOr(path.join(repo, 'lab.html'), '');
  const labTag = '<script src="dist/lab.js"';
  if (lab.includes(labTag)) {
    const file = path.join(tmp, 'lab-labelled.html');
    fs.writeFileSync(file, lab.replace(labTag, `<link rel="jslicense" href="dist/javascript.html">\n  ${labTag}`));
    out.mounts['/lab-labelled.html'] = file;
    out.lab = '/lab-labelled.html';
  }
  try {
    const bundleOut = path.join(tmp, 'bundle');
    run('python3', [path.join(repo, 'scripts', 'upstream.py'), '--out', bundleOut], { cwd: repo, timeout: 300e3 });
    const name = fs.readdirSync(bundleOut).find((f) => f.startsWith('xboard-') && !f.endsWith('.tar.gz'));
    const rules = path.join(bundleOut, name, 'rules');
    Object.assign(out.mounts, { '/bundle/': rules, '/bundle/sym/': sym, '/bundle/moves.css': css });
    out.bundle = ['Spartan', 'Capablanca', 'Chu', 'CWDA'].filter((p) => fs.existsSync(path.join(rules, `${p}.html`)));
  } catch (e) {
    out.errors.push(`the upstream bundle (scripts/upstream.py): ${firstLine(e)}`);
  }
  const control = path.join(tmp, 'control');
  fs.mkdirSync(control);
  fs.writeFileSync(path.join(control, 'labels.html'), `<!DOCTYPE html><html><head><meta charset="utf-8"><title>labels</title></head><body>
<table id="jslicense-labels1"><tbody><tr><td><a href="../dist/spartan.js">spartan.js</a></td>
<td><a href="https://example.invalid/eula.html">Proprietary-EULA</a></td><td><a href="nowhere.tar.gz">nowhere</a></td></tr></tbody></table>
</body></html>
`);
  fs.writeFileSync(path.join(control, 'page.html'), `<!DOCTYPE html><html><head><meta charset="utf-8"><title>control</title>
<link rel="jslicense" href="labels.html">
<script src="../dist/spartan.js"></script></head><body><p>A page whose labels give its script an unknown license.</p></body></html>
`);
  out.mounts['/control/'] = control;
  out.control = '/control/page.html';
  return out;
}

async function labelledSuite(driver, webdriver, origin, labelled, pageTab, panelTab) {
  for (const e of labelled.errors) check('labels: prepare the labelled pages', false, e);
  for (const [page] of labelled.legacy) {
    await seedPage(driver, webdriver, `${origin}/legacy/${page}.html`, `labels: legacy ${page}`, pageTab, panelTab, BY_LABELS);
  }
  if (labelled.lab) {
    await labPage(driver, webdriver, `${origin}${labelled.lab}`, pageTab, panelTab, { name: 'labels: lab', reason: BY_LABELS });
  }
  check('labels: the upstream bundle holds Spartan, Capablanca, Chu, CWDA', labelled.bundle.length === 4,
    labelled.bundle.join(', '));
  for (const page of labelled.bundle) {
    await bundlePage(driver, webdriver, `${origin}/bundle/${page}.html`, `labels: bundle ${page}`, pageTab, panelTab);
  }
  // The control: LibreJS reads the labels, and blocks what they call nonfree.
  const url = `${origin}${labelled.control}`;
  const script = `${origin}/dist/spartan.js`;
  try {
    let got;
    for (let load = 1; load <= MAX_LOADS; load += 1) {
      await driver.switchTo().window(pageTab);
      if (load === 1) await driver.get(url);
      else await driver.navigate().refresh();
      await driver.switchTo().window(panelTab);
      got = await readReport(driver, webdriver, url, [script], TIMEOUT.report);
      if (got.complete) break;
    }
    verbatim(`LibreJS's panel on ${labelled.control} (div#info, verbatim)`, got.text);
    const entry = got.report.blocked.find(([n]) => n.startsWith(script));
    check('labels: control: a labels page giving dist/spartan.js an unknown license makes LibreJS BLOCK it',
      !!entry && entry[1].includes('Unknown license'), entry ? `reason: ${JSON.stringify(entry[1])}` : JSON.stringify(got.report));
  } catch (e) {
    check('labels: control page', false, firstLine(e));
  }
}

// A page of the upstream bundle (glance migrate --labels): glance.js runs
// under LibreJS, accepted from the bundle's labels page, and a press of a
// declared piece marks cells, its release restores the board.
async function bundlePage(driver, webdriver, url, name, pageTab, panelTab) {
  let r;
  try {
    r = await loadAndReport(driver, webdriver, url, name, pageTab, panelTab);
  } catch (e) {
    check(`${name}: load ${url} and read LibreJS's report`, false, firstLine(e));
    return;
  }
  const { load, ready, glance, scriptUrls, atRest, got, error } = r;
  check(`${name}: glance.js runs under LibreJS (data-glance="ready")`, ready, ready ? '' : `data-glance=${glance}`);
  if (!got) {
    check(`${name}: read LibreJS's report from its panel`, false, firstLine(error));
  } else {
    const { complete, report, text } = got;
    check(`${name}: LibreJS's report names its script (load ${load})`, complete, complete ? '' : scriptUrls.join(', '));
    verbatim(`LibreJS's panel on ${new URL(url).pathname}, load ${load} (div#info, verbatim)`, text);
    const bad = ['blocked', 'unknown', 'blacklisted'].flatMap((g) => report[g].map(([n, why]) => `${g}: ${n} ${JSON.stringify(why)}`));
    check(`${name}: no BLOCKED, UNKNOWN or BLACKLISTED script`, bad.length === 0, bad.join(' | '));
    for (const s of scriptUrls) {
      const entry = report.accepted.find(([n]) => n.startsWith(s));
      check(`${name}: ${new URL(s).pathname} accepted from the labels page: ${JSON.stringify(BY_LABELS)}`,
        !!entry && entry[1].includes(BY_LABELS), entry ? `reason: ${JSON.stringify(entry[1])}` : 'not in the accepted list');
    }
  }
  await driver.switchTo().window(pageTab);
  if (!ready) return;
  try {
    const cell = await driver.executeScript(
      "return [...document.querySelectorAll('table.board td[data-piece]')].find((td) => td.querySelector('img')) || null;");
    if (!cell) throw new Error('no td[data-piece] holding an <img> on the board');
    const id = await cell.getAttribute('id');
    await driver.executeScript("arguments[0].scrollIntoView({ block: 'center', inline: 'center' })", cell);
    const countShown = () => driver.executeScript("return document.querySelectorAll('[data-glance-show]').length");
    await driver.actions({ async: true }).move({ origin: cell }).press().perform();
    let shown = 0;
    try {
      await driver.wait(async () => (shown = await countShown()) > 0, TIMEOUT.paint);
    } catch { /* reported below */ }
    check(`${name}: press #${id} marks cells`, shown > 0, `${shown} cells carry data-glance-show`);
    await driver.actions({ async: true }).release().perform();
    let left = -1;
    try {
      await driver.wait(async () => (left = await countShown()) === 0, TIMEOUT.paint);
    } catch { /* reported below */ }
    const after = await driver.executeScript("return document.querySelector('table.board').innerHTML");
    check(`${name}: release restores the board`, left === 0 && after === atRest,
      `${left} marked after release, innerHTML ${after === atRest ? 'equal' : 'DIFFERS'}`);
  } catch (e) {
    check(`${name}: board works under LibreJS`, false, firstLine(e));
  }
}

// Loads a seed page in pageTab, reads LibreJS's report on it in panelTab.
// LibreJS's report on a page's first load sometimes lacks the page's
// <script src> although the script ran (see README.md): the page is then
// reloaded, up to MAX_LOADS loads in all, and the report of the last load
// is the one checked.
async function loadAndReport(driver, webdriver, url, page, pageTab, panelTab) {
  let last = null;
  for (let load = 1; load <= MAX_LOADS; load += 1) {
    await driver.switchTo().window(pageTab);
    if (load === 1) await driver.get(url);
    else await driver.navigate().refresh();
    // The drop-in marks <html data-glance="ready"> once its module runs.
    let ready = false;
    try {
      await driver.wait(async () => (await driver.executeScript(
        "return document.documentElement.dataset.glance === 'ready'")), TIMEOUT.ready);
      ready = true;
    } catch { /* reported by the caller */ }
    const [glance, downType, scriptUrls, handlers, atRest] = await driver.executeScript(`
      const on = [];
      for (const el of document.querySelectorAll('*')) {
        for (const a of el.attributes) if (/^on/i.test(a.name)) on.push(a.value);
      }
      const board = document.querySelector('table.board');
      return [document.documentElement.dataset.glance || null, typeof window.down_click,
        [...document.scripts].filter((s) => s.src).map((s) => s.src), on, board ? board.innerHTML : null];`);
    await driver.switchTo().window(panelTab);
    let got = null;
    let error = null;
    try {
      got = await readReport(driver, webdriver, url, scriptUrls, TIMEOUT.report);
    } catch (e) {
      error = e;
    }
    last = { load, ready, glance, downType, scriptUrls, handlers, atRest, got, error };
    if (!got || got.complete) break;
    const listed = ['accepted', 'blocked', 'unknown'].map((g) => `${got.report[g].length} ${g}`).join(', ');
    console.log(`     ${page}: on load ${load} LibreJS's report (${listed}) lacks ${scriptUrls
      .map((u) => new URL(u).pathname).join(', ')}${load < MAX_LOADS ? '; reloading the page' : ''}`);
  }
  await driver.switchTo().window(pageTab);
  return last;
}

// The piece lab (lab.html: no inline script, dist/lab.js with the
// drop-ins' labels): LibreJS lets its script run and the lab draws `N`
// typed with WebDriver keys (the Knight's 8 squares on its default board).
async function labPage(driver, webdriver, url, pageTab, panelTab, how = { name: 'lab', reason: BY_LICENSE_LINE }) {
  const lab = how.name;
  let r;
  try {
    r = await loadAndReport(driver, webdriver, url, lab, pageTab, panelTab);
  } catch (e) {
    check(`${lab}: load ${url} and read LibreJS's report`, false, firstLine(e));
    return;
  }
  const { load, ready, glance, scriptUrls, handlers, got, error } = r;
  check(`${lab}: its script runs under LibreJS (data-glance="ready")`, ready, ready ? '' : `data-glance=${glance}`);
  check(`${lab}: no inline handler`, handlers.length === 0, handlers.slice(0, 3).join(' | '));
  if (!got) {
    check(`${lab}: read LibreJS's report from its panel`, false, firstLine(error));
  } else {
    const { complete, report, text } = got;
    check(`${lab}: LibreJS's report names its script (load ${load})`, complete,
      complete ? '' : `it lacks one of ${scriptUrls.join(', ')}`);
    verbatim(`LibreJS's panel on ${new URL(url).pathname}, load ${load} (div#info, verbatim)`, text);
    const bad = ['blocked', 'unknown', 'blacklisted'].flatMap((g) => report[g].map(([n, why]) => `${g}: ${n} ${JSON.stringify(why)}`));
    check(`${lab}: no BLOCKED, UNKNOWN or BLACKLISTED script, "No BLOCKED scripts on this page."`,
      bad.length === 0 && text.split('\n').includes('No BLOCKED scripts on this page.'), bad.join(' | '));
    const entry = report.accepted.find(([name]) => name.endsWith('/dist/lab.js'));
    check(`${lab}: /dist/lab.js accepted, license recognised (GPL-3.0): ${JSON.stringify(how.reason)}`,
      !!entry && entry[1].includes(how.reason),
      entry ? `reason: ${JSON.stringify(entry[1])}` : 'not in the accepted list');
  }
  await driver.switchTo().window(pageTab);
  if (!ready) return;
  try {
    const { By } = webdriver;
    await driver.findElement(By.css('#betza')).sendKeys('N');
    let marked = -1;
    try {
      await driver.wait(async () => (marked = await driver.executeScript(
        "return [...document.querySelectorAll('#board td[data-square] img')].filter((i) => /orange\\.png$/.test(i.src)).length")) === 8,
      TIMEOUT.paint);
    } catch { /* reported below */ }
    check(`${lab}: typing N under LibreJS marks the Knight's 8 squares`, marked === 8, `${marked} orange marks`);
  } catch (e) {
    check(`${lab}: typing N under LibreJS`, false, firstLine(e));
  }
}

async function seedPage(driver, webdriver, url, page, pageTab, panelTab, reason = BY_LICENSE_LINE) {
  let r;
  try {
    r = await loadAndReport(driver, webdriver, url, page, pageTab, panelTab);
  } catch (e) {
    check(`${page}: load ${url} and read LibreJS's report`, false, firstLine(e));
    return;
  }
  const { load, ready, glance, downType, scriptUrls, handlers, atRest, got, error } = r;
  check(`${page}: the drop-in runs under LibreJS (data-glance="ready")`, ready,
    ready ? '' : `data-glance=${glance}, down_click is ${downType}`);

  // Every inline handler went through LibreJS, which marks those it lets run.
  const ACCEPTED_MARK = '/* LibreJS: script accepted by user. */';
  const unmarked = handlers.filter((h) => !h.startsWith(ACCEPTED_MARK));
  check(`${page}: all ${handlers.length} inline handlers carry LibreJS's mark ${JSON.stringify(ACCEPTED_MARK)}`,
    handlers.length > 0 && unmarked.length === 0,
    unmarked.length ? `not: ${unmarked.slice(0, 3).map((h) => JSON.stringify(h)).join(', ')}` : '');

  if (!got) {
    check(`${page}: read LibreJS's report from its panel`, false, firstLine(error));
  } else {
    const { complete, report, text, tabId } = got;
    check(`${page}: LibreJS's report names every script of the page (panel of tab ${tabId}, load ${load})`, complete,
      complete ? '' : `after ${load} loads it still lacks one of ${scriptUrls.join(', ')}`);
    verbatim(`LibreJS's panel on ${new URL(url).pathname}, load ${load} (div#info, verbatim)`, text);
    for (const bad of ['blocked', 'unknown', 'blacklisted']) {
      const list = report[bad];
      check(`${page}: no ${bad.toUpperCase()} script`, list.length === 0,
        list.map(([s, why]) => `${s}: ${JSON.stringify(why)}`).join(' | '));
    }
    check(`${page}: LibreJS says "No BLOCKED scripts on this page."`, text.split('\n').includes('No BLOCKED scripts on this page.'));
    check(`${page}: every script accepted (${report.accepted.length} entries)`, report.accepted.length > 0
      && ['blocked', 'unknown', 'blacklisted'].every((g) => report[g].length === 0));
    for (const s of scriptUrls) {
      const entry = report.accepted.find(([name]) => name.startsWith(s));
      check(`${page}: ${new URL(s).pathname} accepted, license recognised (GPL-3.0): ${JSON.stringify(reason)}`,
        !!entry && entry[1].includes(reason),
        entry ? `reason: ${JSON.stringify(entry[1])}` : 'not in the accepted list');
    }
  }

  // The board under LibreJS: press a piece, release it.
  await driver.switchTo().window(pageTab);
  if (!ready) {
    check(`${page}: board works under LibreJS`, false, 'the drop-in did not start');
    return;
  }
  try {
    const cell = await driver.executeScript(`
      // LibreJS prefixes the handlers it accepts with a comment: comments aside.
      return [...document.querySelectorAll('td')].find((td) =>
        /^\\s*down_click\\(\\s*-?\\d+\\s*,\\s*-?\\d+\\s*\\)\\s*;?\\s*$/.test(
          (td.getAttribute('onmousedown') || '').replace(/\\/\\*[^]*?\\*\\//g, ''))
        && td.querySelector('img')) || null;`);
    if (!cell) throw new Error('no td with onmousedown="down_click(x,y)" holding an <img>');
    const id = await cell.getAttribute('id');
    const handler = await cell.getAttribute('onmousedown');
    await driver.executeScript("arguments[0].scrollIntoView({ block: 'center', inline: 'center' })", cell);
    const countShown = () => driver.executeScript("return document.querySelectorAll('[data-glance-show]').length");
    await driver.actions({ async: true }).move({ origin: cell }).press().perform();
    let shown = 0;
    try {
      await driver.wait(async () => (shown = await countShown()) > 0, TIMEOUT.paint);
    } catch { /* reported below */ }
    check(`${page}: press #${id} (onmousedown=${JSON.stringify(handler)}) marks cells`, shown > 0,
      `${shown} cells carry data-glance-show`);
    await driver.actions({ async: true }).release().perform();
    let left = -1;
    try {
      await driver.wait(async () => (left = await countShown()) === 0, TIMEOUT.paint);
    } catch { /* reported below */ }
    const after = await driver.executeScript("return document.querySelector('table.board').innerHTML");
    check(`${page}: release restores the board (no data-glance-show, innerHTML as at rest)`,
      left === 0 && after === atRest,
      `${left} marked after release, innerHTML ${after === atRest ? 'equal' : 'DIFFERS'}`);
  } catch (e) {
    check(`${page}: board works under LibreJS`, false, firstLine(e));
  }
}

// ---------------------------------------------------------------- main

async function main() {
  if (!fs.existsSync(librejsSrc)) {
    console.log('SKIP librejs: ../shared/librejs not found (the check was not run)');
    return 0;
  }
  const t0 = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glance-librejs-'));
  try {
    let built;
    try {
      built = prepareLibreJS(tmp);
    } catch (e) {
      check('build: LibreJS .xpi from ../shared/librejs', false, e.message);
      return 1;
    }
    const info = readOr(path.join(path.dirname(built.xpi), 'BUILD-INFO.txt'), '');
    const versions = (info.match(/^acorn .*$/m) || [''])[0];
    const manifest = JSON.parse(fs.readFileSync(path.join(built.work, 'manifest.json'), 'utf8'));
    check(`build: LibreJS ${manifest.version} .xpi ${built.cached ? 'from the cache' : 'built'}`, fs.existsSync(built.xpi),
      `${path.relative(repo, built.xpi)}${versions ? `; ${versions}` : ''}; ${seconds(Date.now() - t0)}`);

    checkerSuite(built.work, tmp);
    await browserSuite(built.xpi, tmp);
  } finally {
    if (process.env.LIBREJS_KEEP === '1') {
      console.log(`(kept ${tmp})`);
    } else {
      try {
        makeWritable(tmp);
        fs.rmSync(tmp, { recursive: true, force: true });
      } catch { /* a leftover temp folder is harmless */ }
    }
  }
  console.log(`     (wall time ${seconds(Date.now() - t0)})`);
  console.log(`librejs: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (e) => {
  console.error(e && e.stack || e);
  console.log(`librejs: ${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
