// Every page migrated by `glance migrate`, pressed: the 24 upstream pages
// of tests/fixtures/upstream/ and the four seed pages of rules-html/ are
// migrated into the served directory (migrated/upstream/, migrated/seeds/,
// each with a copy of rules-html/sym/, the script at ../../dist/glance.js),
// and every live click of tests/fixtures/expected.json on them is pressed
// with the real mouse on its cell:
//
// * while held, every cell of the board must show what the legacy showed
//   (at rest overlaid by the click's `down`: marks, placed pieces, emptied
//   squares);
// * #piece's first line must name the piece as the legacy did (compared
//   as glance migrate compares names: case, `(`, `)`, `-`, `:` aside, or
//   one name the other's first words);
// * after the release, the board and #piece must be exactly as at rest.
//
// The clicks of tests/fixtures/migrate-exceptions.json are left out of
// what their reason allows: marks for `page-rules-win` (the page's rules
// win), the name for `name-from-page` and `no-words-in-page` (the page's
// words are shown), both for `legacy-other-page` (the click was dropped).
// Everything else of theirs is still checked (the release). One check per
// page: it fails when a click fails; the summary says N/M live clicks
// reproduced exactly, by page.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { observe, openPage, pressCell, releaseMouse, restDiffs, snapshot, waitReady } from '../lib/browser.mjs';
import { checksResult, missingFile } from '../lib/check.mjs';
import { diffCells, pressState, restState } from '../lib/expect.mjs';
import { glanceBin } from '../lib/zero.mjs';

export const name = 'migrated';

const SEEDS = ['Spartan', 'Capablanca', 'No', 'TwoKings'];

// A name folded for comparison (src/tools/migrate.rs, fold_name).
const fold = (t) => String(t || '').replace(/[()\-:]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
function sameName(a, b) {
  const [x, y] = [fold(a), fold(b)];
  return !!x && !!y && (x === y || y.startsWith(`${x} `) || x.startsWith(`${y} `));
}

// Migrates `inputs` into `dir` (relative to the site's root).
function migrate(bin, site, inputs, dir) {
  const out = path.join(site.root, dir);
  fs.mkdirSync(out, { recursive: true });
  fs.cpSync(path.join(site.root, 'rules-html', 'sym'), path.join(out, 'sym'), { recursive: true });
  const r = spawnSync(bin, ['migrate', ...inputs, '--out-dir', out, '--script-src', '../../dist/glance.js'], { encoding: 'utf8' });
  // Status 1: a live click was lost (documented); 2: a page failed.
  if (r.status !== 0 && r.status !== 1) throw new Error(`glance migrate: status ${r.status}: ${r.stderr}`);
  return r.stdout;
}

export async function run(ctx) {
  const { browser, server, site, repo, expected } = ctx;
  const checks = [];
  const notes = [];
  const missing = missingFile(name, site, 'dist/glance.js');
  if (missing) return missing;
  const bin = glanceBin(repo);
  const upstreamDir = path.join(repo, 'tests', 'fixtures', 'upstream');
  const upstream = fs.readdirSync(upstreamDir).filter((f) => f.endsWith('.html')).sort();
  const started = Date.now();
  migrate(bin, site, upstream.map((f) => path.join(upstreamDir, f)), 'migrated/upstream');
  migrate(bin, site, SEEDS.map((s) => path.join(repo, 'rules-html', `${s}.html`)), 'migrated/seeds');
  notes.push(`glance migrate: 28 pages in ${Date.now() - started} ms (with the process starts)`);

  const exceptions = JSON.parse(fs.readFileSync(path.join(repo, 'tests', 'fixtures', 'migrate-exceptions.json'), 'utf8'));
  const excepted = new Map(exceptions.clicks.map((e) => [`${e.page} ${e.cell}`, e.reason]));
  const pages = [
    ...upstream.map((f) => ({ label: `upstream/${f}`, url: `migrated/upstream/${f}`, key: f })),
    ...SEEDS.map((s) => ({ label: `rules-html/${s}.html`, url: `migrated/seeds/${s}.html`, key: `${s}.html` })),
  ];
  let exact = 0;
  let live = 0;
  const byReason = {};
  const perPage = [];
  for (const p of pages) {
    const data = expected[p.key];
    const clicks = data.clicks.filter((c) => c.piece);
    const problems = [];
    let pageExact = 0;
    const h = await openPage(browser, `${server.url}/${p.url}`);
    try {
      const state = await waitReady(h.page);
      if (state !== 'ready') problems.push(`the module is ${state}: ${h.consoleMessages.map((m) => m.text).join(' | ')}`);
      const snap = await snapshot(h.page);
      const rest = restState(data, Object.keys(snap.cells));
      for (const click of clicks) {
        const reason = excepted.get(`${p.label} ${click.cell}`);
        if (reason) byReason[reason] = (byReason[reason] || 0) + 1;
        const skipMarks = reason === 'page-rules-win' || reason === 'legacy-other-page';
        const skipName = reason === 'name-from-page' || reason === 'no-words-in-page' || reason === 'legacy-other-page';
        const mine = [];
        let marksOk = true;
        let nameOk = true;
        try {
          await pressCell(h.page, click.cell);
          const held = await observe(h.page);
          const d = diffCells(pressState(rest, click), held.cells);
          if (d.length) {
            marksOk = false;
            if (!skipMarks) mine.push(...d.slice(0, 4));
          }
          const shown = held.lines ? held.lines[0] : null;
          if (!sameName(shown, click.piece.name)) {
            nameOk = false;
            if (!skipName) mine.push(`#piece names ${JSON.stringify(shown)}, the legacy ${JSON.stringify(click.piece.name)}`);
          }
          await releaseMouse(h.page);
          const after = await observe(h.page);
          mine.push(...restDiffs(snap, after).map((x) => `after release: ${x}`));
        } catch (e) {
          mine.push(`test step failed: ${String(e.message).split('\n')[0]}`);
          try { await releaseMouse(h.page); } catch { /* ignore */ }
        }
        if (!mine.length && marksOk && nameOk) pageExact += 1;
        problems.push(...mine.map((m) => `${click.cell} ${click.handler} (${click.piece.name}${reason ? `, exception ${reason}` : ''}): ${m}`));
      }
    } finally {
      await h.close();
    }
    exact += pageExact;
    live += clicks.length;
    perPage.push(`${p.label} ${pageExact}/${clicks.length}`);
    checks.push({ label: `${p.label}: ${pageExact}/${clicks.length} live clicks reproduced exactly`, problems });
  }
  notes.push(`live clicks reproduced exactly (marks, release, name): ${exact}/${live}; by page: ${perPage.join(', ')}`);
  notes.push(`documented exceptions pressed: ${Object.entries(byReason).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  return checksResult(name, checks, notes);
}
