// Pages translated through GNUN's tools: tests/po4a/roundtrip.sh writes a
// migrated seed page (Capablanca Chess) and a page `glance page` writes
// (grandhouse, 10x10, its Pawns on the third rank), extracts their
// strings with po4a (the xhtml format), and writes each page's French
// translation from the PO kept in tests/po4a/ (translated by hand).
//
// Both pages and both translations are served (rules-html/po4a/) and every
// declared cell is pressed with the mouse, in the original and in the
// translation:
//   * the translation declares the same cells, and every cell shows the
//     same marks as the original's (the same cell ids, the same
//     data-glance-show): a translation changes nothing of what a page does;
//   * #piece shows the original's lines put through the PO (a line whose
//     msgid the PO translates shows its msgstr; the PO is read here, not
//     by the module), and every piece's name is translated (none reads as
//     the original's);
//   * written by hand: the translated grandhouse's White Pawns, on the
//     third rank, show their double step (the square three ranks up from
//     the pawn's is marked) — the start ranks come from the setup text,
//     whose heading the translation does not keep in English.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPage, pressCell, releaseMouse, waitReady } from '../lib/browser.mjs';
import { missingFile } from '../lib/check.mjs';
import { SHOWN, glanceBin } from '../lib/zero.mjs';

export const name = 'translated';

const PAGES = ['Capablanca', 'grandhouse'];

// A PO file's messages: msgid -> msgstr (both with their markup taken out
// and whitespace collapsed, as #piece shows text); untranslated ones left
// out.
export function readPo(text) {
  const out = new Map();
  const unquote = (s) => JSON.parse(s);
  let cur = null;
  let field = null;
  const flush = () => {
    if (cur && cur.msgid && cur.msgstr) out.set(plain(cur.msgid), plain(cur.msgstr));
  };
  for (const line of text.split('\n')) {
    let m;
    if (line.startsWith('#')) continue;
    if ((m = /^msgid (".*")$/.exec(line))) {
      flush();
      cur = { msgid: unquote(m[1]), msgstr: '' };
      field = 'msgid';
    } else if ((m = /^msgstr (".*")$/.exec(line))) {
      cur.msgstr = unquote(m[1]);
      field = 'msgstr';
    } else if ((m = /^(".*")$/.exec(line)) && cur) {
      cur[field] += unquote(m[1]);
    }
  }
  flush();
  return out;
}

const plain = (s) => s.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

// Written once per run (the same pages for every browser).
let prepared = null;

function prepare(ctx) {
  if (prepared) return prepared;
  const { repo, site, rulesDir } = ctx;
  glanceBin(repo);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'po4a-'));
  const log = execFileSync('bash', [path.join(repo, 'tests', 'po4a', 'roundtrip.sh'), out], { cwd: repo, encoding: 'utf8' });
  const pages = [];
  for (const p of PAGES) {
    const po = readPo(fs.readFileSync(path.join(repo, 'tests', 'po4a', `${p}.fr.po`), 'utf8'));
    for (const f of [`${p}.html`, `${p}.fr.html`]) site.writePage(`rules-html/po4a/${f}`, fs.readFileSync(path.join(out, f), 'utf8'));
    const pot = fs.readFileSync(path.join(out, `${p}.pot`), 'utf8');
    pages.push({ name: p, po, strings: (pot.match(/^msgid /gm) || []).length - 1 });
  }
  const css = path.join(rulesDir, 'moves.css');
  if (fs.existsSync(css)) site.writePage('rules-html/po4a/moves.css', fs.readFileSync(css));
  fs.rmSync(out, { recursive: true, force: true });
  prepared = { pages, log: log.trim().split('\n') };
  return prepared;
}

// Every declared cell of the page at `url` pressed: id -> { marks, lines }.
async function pressAll(browser, url) {
  const h = await openPage(browser, url);
  try {
    const state = await waitReady(h.page);
    if (state !== 'ready') return { error: `data-glance is ${state} ${h.problems().join('; ')}` };
    const ids = await h.page.evaluate(() => [...document.querySelectorAll('table.board td[data-piece], table.board td[data-moves], table.board td[data-demo]')].map((td) => td.id));
    const cells = new Map();
    for (const id of ids) {
      await pressCell(h.page, id);
      const now = await h.page.evaluate(SHOWN);
      cells.set(id, { marks: now.marks, lines: now.lines.filter(Boolean) });
      await releaseMouse(h.page);
    }
    return { cells, problems: h.problems() };
  } finally {
    await h.close();
  }
}

const sameMarks = (a, b) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => a[k] !== b[k]).map((k) => `${k}: ${b[k] || 'nothing'}, the original ${a[k] || 'nothing'}`);
};

export async function run(ctx) {
  const { browser, server, site } = ctx;
  const missing = missingFile(name, site, 'dist/glance.js');
  if (missing) return missing;
  const { pages, log } = prepare(ctx);
  const checks = [];
  const notes = [...log];
  let cellsCompared = 0;
  let linesCompared = 0;
  let translatedLines = 0;
  for (const { name: page, po, strings } of pages) {
    const original = await pressAll(browser, `${server.url}/rules-html/po4a/${page}.html`);
    const french = await pressAll(browser, `${server.url}/rules-html/po4a/${page}.fr.html`);
    const problems = [];
    if (original.error) problems.push(`original: ${original.error}`);
    if (french.error) problems.push(`translation: ${french.error}`);
    if (problems.length) {
      checks.push({ label: page, problems });
      continue;
    }
    problems.push(...original.problems.map((p) => `original: ${p}`), ...french.problems.map((p) => `translation: ${p}`));
    const ids = [...original.cells.keys()];
    if (JSON.stringify(ids) !== JSON.stringify([...french.cells.keys()])) {
      problems.push(`declared cells differ: ${ids.length} in the original, ${french.cells.size} in the translation`);
    }
    let marked = 0;
    let named = 0;
    for (const id of ids) {
      const a = original.cells.get(id);
      const b = french.cells.get(id);
      if (!b) continue;
      cellsCompared++;
      if (Object.keys(a.marks).length) marked++;
      problems.push(...sameMarks(a.marks, b.marks).map((d) => `${id}: ${d}`));
      const want = a.lines.map((l) => po.get(l) || l);
      linesCompared += want.length;
      translatedLines += want.filter((l, i) => l !== a.lines[i]).length;
      if (JSON.stringify(b.lines) !== JSON.stringify(want)) problems.push(`${id}: #piece reads ${JSON.stringify(b.lines)}, the PO gives ${JSON.stringify(want)}`);
      // (A cell shown without a name, migrate's no-words-in-page, has none
      // to translate: its empty #piece is compared above.)
      if (a.lines.length && b.lines[0] === a.lines[0]) problems.push(`${id}: the name ${JSON.stringify(a.lines[0])} is not translated`);
      if (a.lines.length) named++;
    }
    if (!marked || !named) problems.push('no cell shows any mark or any name: nothing compared');
    checks.push({ label: `${page}: ${ids.length} cells (${marked} with marks, ${named} named), ${strings} strings in the POT`, problems });
    if (page === 'grandhouse') {
      // The hand-written check: each White Pawn on the third rank (y=2)
      // marks the square two steps up (y=4), in the translation.
      const pawnProblems = [];
      let pawns = 0;
      for (const [id, c] of french.cells) {
        const m = /^sq(\d+)x2$/.exec(id);
        if (!m || c.lines[0] !== (po.get('Pawn') || 'Pawn')) continue;
        pawns++;
        if (!c.marks[`sq${m[1]}x4`]) pawnProblems.push(`${id}: no double step (sq${m[1]}x4 unmarked)`);
      }
      if (!pawns) pawnProblems.push('no White Pawn on the third rank was pressed');
      checks.push({ label: `grandhouse.fr: ${pawns} White Pawns on the third rank show the double step`, problems: pawnProblems });
    }
  }
  notes.push(`${cellsCompared} cells compared (marks and #piece), ${linesCompared} lines of #piece, ${translatedLines} of them translated`);
  const failed = checks.filter((c) => c.problems.length);
  const details = failed.flatMap((c) => [`${c.label}:`, ...c.problems.slice(0, 8).map((p) => `  ${p}`)]);
  return {
    name,
    ok: failed.length === 0,
    summary: `${name}: ${checks.length - failed.length}/${checks.length} checks pass, ${cellsCompared} cells compared`,
    details: [...details, ...notes.map((n) => `note: ${n}`)],
    passed: checks.length - failed.length,
    failed: failed.length,
  };
}
