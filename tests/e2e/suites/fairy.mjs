// The pages `glance page --all` writes from Fairy-Stockfish's variants.ini
// (tests/fixtures/fairy-stockfish-variants.ini), each press against
// Fairy-Stockfish itself.
//
// The pages are written into the served copy (rules-html/fairy/NAME.html,
// loading the real dist/glance.js); tests/fairy/pages_oracle.py reads the
// same pages' boards (html.parser) and asks pyffish, loaded with the same
// file, what each declared cell's piece (its letter and side) reaches from
// its square: on the board the module draws the press on (the empty board,
// or the page's pieces for a piece that needs a screen; see that script
// and tests/fairy/README.md).  Here every declared cell is pressed with
// the mouse and, while held, every square of the board is compared:
//
//   the module's mark (data-glance-show)   non-capture   capture
//   yellow (slide), orange (leap)              yes          yes
//   green (move)                               yes          no
//   red (capture)                              no           yes
//   none, open (a blocking square)             no           no
//
// against Fairy-Stockfish's legal non-captures and captures there.  A
// square whose move or capture Fairy-Stockfish cannot tell in the position
// asked (a royal piece stands there, a friend of the pressed piece, a
// probing enemy would end the game) is compared on the other part alone,
// or not at all; a press whose position Fairy-Stockfish cannot answer (the
// mover in check, the piece pinned, a finished game, an invalid position)
// is counted as not comparable, by reason.  A mismatch in a variant whose
// difference is documented (mobility regions, which the pages' Betza
// cannot say) is counted apart, listed, and does not fail the suite; any
// other mismatch does.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPage, pressCell, releaseMouse, waitReady } from '../lib/browser.mjs';
import { missingFile } from '../lib/check.mjs';
import { glanceBin } from '../lib/zero.mjs';

export const name = 'fairy';

const INI = path.join('tests', 'fixtures', 'fairy-stockfish-variants.ini');
// Known gaps of glance page, 'VARIANT SIDE LETTER' -> reason (like
// tests/fixtures/migrate-exceptions.json for glance migrate).
const EXCEPTIONS = path.join('tests', 'fixtures', 'fairy-pages-exceptions.json');
// What each mark of the module says: [non-capture, capture].
const MEANS = { yellow: [true, true], orange: [true, true], green: [true, false], red: [false, true], open: [false, false] };
const FILES = 'abcdefghijklmnopqrstuvwxyz';
const alg = (id) => {
  const [, x, y] = /^sq(\d+)x(\d+)$/.exec(id);
  return `${FILES[Number(x)]}${Number(y) + 1}`;
};

// Written once per run (the pages and Fairy-Stockfish's answers are the
// same for every browser).
let prepared = null;

function prepare(ctx) {
  if (prepared) return prepared;
  const { repo, site, rulesDir } = ctx;
  const bin = glanceBin(repo);
  execFileSync('cargo', ['build', '--release', '--quiet', '--example', 'variant_pieces'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fairy-pages-'));
  const out = path.join(tmp, 'pages');
  const t0 = Date.now();
  // GLANCE_FAIRY_SECTIONS=a,b: those sections alone (to look into one).
  const only = (process.env.GLANCE_FAIRY_SECTIONS || '').split(',').filter(Boolean);
  const which = only.length ? only.flatMap((v) => ['--variant', v]) : ['--all'];
  const written = spawnSync(bin, ['page', path.join(repo, INI), ...which, '--out-dir', out, '--script-src', '../../dist/glance.js'], { encoding: 'utf8' });
  const writeSecs = (Date.now() - t0) / 1000;
  // Status 2: some sections cannot be written (one line each on stderr).
  if (written.status !== 0 && written.status !== 2) throw new Error(`glance page failed (${written.status}): ${written.stderr}`);
  const skipped = written.stderr.split('\n').filter(Boolean);
  const files = fs.readdirSync(out).filter((f) => f.endsWith('.html')).sort();
  for (const f of files) site.writePage(`rules-html/fairy/${f}`, fs.readFileSync(path.join(out, f), 'utf8'));
  const css = path.join(rulesDir, 'moves.css');
  if (fs.existsSync(css)) site.writePage('rules-html/fairy/moves.css', fs.readFileSync(css));
  const python = path.join(repo, '.venv', 'bin', 'python');
  const json = path.join(tmp, 'expected.json');
  // Fairy-Stockfish is asked while the browser presses (the answers are
  // compared once both are there).
  const t1 = Date.now();
  const oracle = new Promise((resolve, reject) => {
    const child = spawn(python, [path.join(repo, 'tests', 'fairy', 'pages_oracle.py'), out, '--ini', path.join(repo, INI), '--out', json], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => { if (err.length < 4000) err += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      const oracleSecs = (Date.now() - t1) / 1000;
      if (code !== 0) {
        reject(new Error(`pages_oracle.py failed (${code}): ${err.split('\n').filter((l) => !/^Invalid number of/.test(l)).join('\n')}`));
        return;
      }
      const expected = JSON.parse(fs.readFileSync(json, 'utf8'));
      fs.rmSync(tmp, { recursive: true, force: true });
      resolve({ expected, oracleSecs });
    });
  });
  // (Awaited after the presses; a failure before then is not unhandled.)
  oracle.catch(() => {});
  prepared = { files, skipped, oracle, writeSecs };
  return prepared;
}

// The module's marks while the cell is held, read after the next frame.
async function marksWhileHeld(page, id) {
  await pressCell(page, id);
  const marks = await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => r()));
    const out = {};
    for (const el of document.querySelectorAll('table.board [data-glance-show]')) out[el.id] = el.getAttribute('data-glance-show');
    return out;
  });
  await releaseMouse(page);
  return marks;
}

const bump = (map, key, n = 1) => map.set(key, (map.get(key) || 0) + n);

// One press against Fairy-Stockfish's answer: squares compared, mismatches.
function compare(press, cells, marks, tally) {
  const move = new Set(press.move);
  const capture = new Set(press.capture);
  const unknownMove = new Set(press.unknown_move);
  const unknownCapture = new Set(press.unknown_capture);
  const wrong = [];
  for (const id of cells) {
    if (id === press.id) continue;
    const mark = marks[id];
    if (mark !== undefined && !(mark in MEANS)) {
      // cyan (a first leg) has no counterpart: Fairy-Stockfish's Betza
      // has single-leg moves only.
      bump(tally.squaresNot, `the page shows "${mark}", which Fairy-Stockfish's single-leg moves have no counterpart for`);
      continue;
    }
    const [pm, pc] = mark === undefined ? [false, false] : MEANS[mark];
    const um = unknownMove.has(id);
    const uc = unknownCapture.has(id);
    if (um && uc) {
      bump(tally.squaresNot, press.unknown_why[id] || 'occupied in the position asked');
      continue;
    }
    tally.squares++;
    const em = move.has(id);
    const ec = capture.has(id);
    if ((!um && pm !== em) || (!uc && pc !== ec)) {
      const fs = `${em ? 'move' : ''}${em && ec ? '+' : ''}${ec ? 'capture' : ''}` || 'nothing';
      const part = um ? ' (capture compared)' : uc ? ' (move compared)' : '';
      wrong.push(`${alg(id)}: page ${mark || 'nothing'}, Fairy-Stockfish ${fs}${part}`);
    }
  }
  return wrong;
}

export async function run(ctx) {
  const { browser, server, site } = ctx;
  const missing = missingFile(name, site, 'dist/glance.js');
  if (missing) return missing;
  const { files, skipped, oracle, writeSecs } = prepare(ctx);
  const tally = { squares: 0, presses: 0, compared: 0, squaresNot: new Map(), notComparable: new Map(), settings: new Map() };
  const mismatches = [];
  const known = [];
  const problems = [];
  // Every declared cell of every page pressed; the marks kept by page and
  // cell.
  const t0 = Date.now();
  const seen = new Map();
  for (const file of files) {
    const h = await openPage(browser, `${server.url}/rules-html/fairy/${file}`);
    try {
      const state = await waitReady(h.page);
      if (state !== 'ready') {
        problems.push(`${file}: data-glance is ${state} ${h.problems().join('; ')}`);
        continue;
      }
      const { cells, declared } = await h.page.evaluate(() => ({
        cells: [...document.querySelectorAll('table.board td.n[id^=sq]')].map((td) => td.id),
        declared: [...document.querySelectorAll('table.board td[data-piece]')].map((td) => td.id),
      }));
      const marks = new Map();
      for (const id of declared) marks.set(id, await marksWhileHeld(h.page, id));
      seen.set(file, { cells, marks });
      problems.push(...h.problems().map((p) => `${file}: ${p}`));
    } finally {
      await h.close();
    }
  }
  const pressSecs = (Date.now() - t0) / 1000;
  const { expected, oracleSecs } = await oracle;
  const exceptions = JSON.parse(fs.readFileSync(path.join(ctx.repo, EXCEPTIONS), 'utf8'));
  delete exceptions._;
  const excepted = new Set();
  const gaps = [];
  for (const pageExp of expected.pages) {
    const page = seen.get(pageExp.file);
    if (!page) continue;
    if (pageExp.presses.length !== page.marks.size) {
      problems.push(`${pageExp.file}: ${page.marks.size} declared cells pressed, the oracle read ${pageExp.presses.length}`);
    }
    for (const press of pageExp.presses) {
      const marks = page.marks.get(press.id);
      if (!marks) {
        problems.push(`${pageExp.file}: ${press.id} not pressed`);
        continue;
      }
      tally.presses++;
      const who = `[${pageExp.variant}] ${press.black ? 'black' : 'white'} ${press.letter} (${press.betza}) on ${press.square}`;
      if (press.not_comparable) {
        bump(tally.notComparable, press.not_comparable);
        continue;
      }
      tally.compared++;
      bump(tally.settings, press.setting + (press.empty_board_why ? ` (${press.empty_board_why})` : ''));
      const wrong = compare(press, page.cells, marks, tally);
      if (!wrong.length) continue;
      const line = `${who}: ${wrong.join('; ')}`;
      const key = `${pageExp.variant} ${press.black ? 'black' : 'white'} ${press.letter}`;
      if (key in exceptions) {
        excepted.add(key);
        gaps.push(`${line} [${exceptions[key]}]`);
      } else if (press.known) known.push(`${line} [${press.known}]`);
      else mismatches.push(line);
    }
  }
  const details = [];
  const byReason = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${n} ${r}`);
  const skipReasons = new Map();
  for (const l of skipped) bump(skipReasons, l.replace(/^.*?: \[[^\]]*\] /, '').replace(/^.*?\): /, '').replace(/^its moves cannot be written in the pages' Betza: /, 'its moves cannot be written in the pages\' Betza: '));
  details.push(`sections: ${files.length} written, ${skipped.length} skipped (glance page, ${writeSecs.toFixed(1)}s): ${byReason(skipReasons).join('; ')}`);
  details.push(`times: presses ${pressSecs.toFixed(1)}s; Fairy-Stockfish's answers ${oracleSecs.toFixed(1)}s (tests/fairy/pages_oracle.py, run meanwhile; the first browser's run)`);
  details.push(`presses compared: ${tally.compared}, by the position asked: ${byReason(tally.settings).join('; ')}`);
  details.push(`presses not comparable: ${tally.presses - tally.compared}${tally.notComparable.size ? `: ${byReason(tally.notComparable).join('; ')}` : ''}`);
  details.push(`squares not compared: ${byReason(tally.squaresNot).join('; ') || 'none'}`);
  const show = Number(process.env.GLANCE_FAIRY_SHOW || 200);
  details.push(`mismatches: ${mismatches.length} presses`);
  details.push(...mismatches.slice(0, show).map((m) => `  MISMATCH ${m}`));
  if (mismatches.length > show) details.push(`  ... ${mismatches.length - show} more (GLANCE_FAIRY_SHOW=N)`);
  details.push(`known differences (documented, not failing): ${known.length} presses`);
  details.push(...known.slice(0, show).map((m) => `  KNOWN ${m}`));
  details.push(`known gaps of glance page (${EXCEPTIONS}, not failing): ${gaps.length} presses`);
  details.push(...gaps.map((m) => `  GAP ${m}`));
  // An entry that no longer mismatches is stale: the list must shrink.
  const only = (process.env.GLANCE_FAIRY_SECTIONS || '').split(',').filter(Boolean);
  for (const key of Object.keys(exceptions)) {
    if (excepted.has(key) || (only.length && !only.includes(key.split(' ')[0]))) continue;
    problems.push(`${EXCEPTIONS}: "${key}" no longer mismatches (remove it)`);
  }
  details.push(...problems.map((p) => `PROBLEM ${p}`));
  const ok = tally.compared > 0 && seen.size === files.length && expected.pages.length === files.length
    && !mismatches.length && !problems.length;
  return {
    name,
    ok,
    summary: `${name}: ${files.length} sections, ${tally.presses} presses, ${tally.squares} squares compared with Fairy-Stockfish, `
      + `${mismatches.length} presses mismatching, ${known.length} known differences, ${gaps.length} known gaps, ${tally.presses - tally.compared} presses not comparable`,
    details,
    passed: tally.compared - mismatches.length,
    failed: mismatches.length + problems.length,
  };
}
