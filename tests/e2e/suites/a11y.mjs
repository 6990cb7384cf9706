// Accessibility: what the browser's accessibility tree and axe-core make of
// the real rules pages with the module.
//  - every cell that shows a piece is a button named after its piece image
//    at rest ("White Queen"; ", <name>" added when the image's name does not
//    contain the click's name: "Black Elephant, Lieutenant"); the board table
//    is named after the page's <h1>;
//  - #piece is a polite, atomic live region; while a diagram shows, it holds
//    a sentence listing the squares by kind, which must agree with
//    expected.json (computed here independently of the module);
//  - axe-core on each page at rest and with a diagram held: serious or
//    critical violations inside the board or #piece fail, unless the page's
//    own markup has them without the module too (legacy HTML, e.g. images
//    without alt); everything else is listed as notes.
//
// In both browsers the accessibility engine is asked for buttons and
// tables by role and exact name (puppeteer's ARIA selector: CDP's
// Accessibility.queryAXTree in Chromium, a WebDriver BiDi accessibility
// locator in Firefox), and axe-core runs.  Reading the whole tree (every
// button's name in order, the live region's properties and the text it
// exposes) needs CDP's Accessibility.getFullAXTree: Chromium only.
// WebDriver BiDi has no such read, so in Firefox those checks are made on
// the DOM instead (aria-live / aria-atomic on #piece; everything in #piece
// but the sentence under aria-hidden="true"), and a note says so.
import path from 'node:path';
import {
  addedViolations, ariaProblems, audit, auditWithoutModule, axeProblems, buttonList, describe, domLiveRegionProblems,
  exposedProblems, exposedText, legacyFilter, markAtRest, politeRegions, treeButtons,
} from '../lib/a11y.mjs';
import { cdpSession, observe, openPage, pressCell, releaseMouse, restDiffs, snapshot, waitReady } from '../lib/browser.mjs';
import { diffCells, handlerArgs, parseId, pressState } from '../lib/expect.mjs';
import { checksResult } from '../lib/check.mjs';

export const name = 'a11y';

const MARK_KINDS = [
  ['yellow.png', 'Slides or steps to'],
  ['orange.png', 'Leaps to'],
  ['green.png', 'Moves without capturing to'],
  ['red.png', 'Captures only on'],
  ['cyan.png', 'Captures with its first step and goes on from'],
  ['open.png', 'Can be blocked on'],
];
const MARK_OF = new Map(MARK_KINDS);

export async function run(ctx) {
  const { browser, server, site, expected, repo } = ctx;
  const checks = [];
  const notes = [];
  const record = (label, problems) => checks.push({ label, problems });
  const axePath = path.join(repo, 'node_modules', 'axe-core', 'axe.min.js');
  const pages = Object.keys(expected).filter((p) => site.has(`rules-html/${p}`));
  if (pages.length === 0) record('setup', [`none of the pages of expected.json is in ${ctx.rulesDir}`]);

  for (const pageName of pages) {
    const data = expected[pageName];
    if (!site.has(`dist/${data.script}`)) {
      record(`${pageName}: setup`, [`dist/${data.script} does not exist`]);
      continue;
    }
    const url = `${server.url}/rules-html/${encodeURIComponent(pageName)}`;

    // The page's own markup, without the module: what axe finds there is
    // legacy and not the module's doing.
    const { legacy, error } = await auditWithoutModule(browser, url, axePath, async (page) => {
      const loaded = await page.evaluate(() => typeof window.down_click);
      if (loaded !== 'undefined') throw new Error(`the module was not kept out (down_click is a ${loaded})`);
    });
    if (error) record(`${pageName}: axe without the module`, [error]);
    const isLegacy = legacyFilter(legacy);

    const h = await openPage(browser, url);
    try {
      const state = await waitReady(h.page);
      if (state !== 'ready') {
        record(`${pageName}: loading`, [`module state ${state}`, ...h.problems()]);
        continue;
      }
      const snap = await snapshot(h.page);
      const rest = { ...snap.cells };
      const present = await h.page.evaluate(() => {
        const out = {};
        for (const td of document.querySelectorAll('table.board td[id]')) out[td.id] = td.getAttribute('onmousedown');
        return out;
      });
      const domOrder = Object.keys(present);
      const pieces = data.clicks
        .filter((c) => c.piece && handlerArgs(c.handler) && present[c.cell] === c.handler)
        .sort((p, q) => domOrder.indexOf(p.cell) - domOrder.indexOf(q.cell));

      // Marks the elements present at rest: what the module inserts later
      // (mark images, the sentence) is not the page's own markup.
      await markAtRest(h.page);

      await checkNames(h, pageName, data, pieces, record);
      await checkSentences(h, pageName, data, pieces, rest, snap, record, notes);

      // axe at rest and with diagrams held.
      const found = [];
      const clean = [];
      found.push(['at rest', await audit(h.page, axePath)]);
      const diagram = [...pieces].filter((c) => Object.values(c.down).every((v) => MARK_OF.has(v)))
        .sort((p, q) => Object.keys(q.down).length - Object.keys(p.down).length)[0];
      const demo = pieces.find((c) => Object.values(c.down).some((v) => !MARK_OF.has(v)));
      for (const c of [diagram, demo].filter(Boolean)) {
        await pressCell(h.page, c.cell);
        const held = await observe(h.page);
        const d = diffCells(pressState(rest, c), held.cells);
        if (d.length) record(`${pageName}: axe with ${c.cell} (${c.piece.name}) held`, [`the diagram is not the expected one: ${d.slice(0, 4).join('; ')}`]);
        found.push([`${c.cell} (${c.piece.name}) held`, await audit(h.page, axePath)]);
        await releaseMouse(h.page);
        const after = await observe(h.page);
        const rd = restDiffs(snap, after);
        if (rd.length) record(`${pageName}: release after the axe run on ${c.cell}`, rd);
      }
      for (const [when, violations] of found) {
        record(`${pageName}: axe ${when}: no serious or critical violation in the board or #piece of the module's doing`, axeProblems(violations, isLegacy));
        const added = addedViolations(violations, isLegacy);
        if (added.length) notes.push(`${pageName} ${when}, not found without the module: ${describe(added)}`);
        else clean.push(when);
      }
      if (clean.length) notes.push(`${pageName} with the module (${clean.join('; ')}): no axe violation beyond the legacy ones`);
      if (legacy) notes.push(`${pageName} without the module (legacy markup): ${describe(legacy)}`);
      const late = h.problems();
      if (late.length) record(`${pageName}: page errors`, late);
    } catch (e) {
      record(`${pageName}: test step`, [e.message.split('\n')[0]]);
    } finally {
      await h.close();
    }
  }
  if (!browser.caps.cdp) {
    notes.push(`${browser.label}: skipped, as WebDriver BiDi reads no accessibility tree (CDP's Accessibility.getFullAXTree is Chromium's): `
      + 'the names of all buttons read from the tree in one list (each piece is still found as a button by its exact name, and the buttons in order, through BiDi accessibility locators); '
      + "the live region's polite and atomic properties in the tree (checked instead on #piece's aria-live and aria-atomic attributes); "
      + 'the text the live region exposes in the tree (checked instead on the DOM: all of #piece but the sentence is under aria-hidden="true", the sentence is not)');
  }
  return checksResult(name, checks, notes);
}

// The name the module should give a piece's cell.
function expectedLabel(click, restImage) {
  const subject = click.piece.name.replace(/:+$/, '');
  let label = restImage ? spaced(restImage.split('+')[0].replace(/\.[^.]*$/, '')) : '';
  if (!label.includes(subject)) label = label ? `${label}, ${subject}` : subject;
  return label;
}

function spaced(camel) {
  return camel.replace(/(?!^)([A-Z])/g, ' $1');
}

// Buttons of the accessibility tree: one per piece, named as expected, in
// document order; the table named after <h1>; #piece a live region.
async function checkNames(h, pageName, data, pieces, record) {
  const { page } = h;
  const want = pieces.map((c) => ({ id: c.cell, name: expectedLabel(c, data.at_rest[c.cell]) }));
  const h1 = await page.evaluate(() => (document.querySelector('h1') || {}).textContent || '');
  const tableName = `${h1.trim()}: moves at a glance`;
  const pieceNode = await page.evaluate(() => !!document.getElementById('piece'));

  // Both browsers: the accessibility engine queried by role and exact name.
  record(`${pageName}: the ${want.length} pieces found as buttons by their exact names, the board as a table by its name (role and name queries)`,
    await ariaProblems(page, want, tableName));

  const cdp = await cdpSession(h);
  if (!cdp) {
    // Without the tree: the live region as the DOM declares it.
    const problems = pieceNode ? await domLiveRegionProblems(page) : [];
    record(`${pageName}: #piece declared as the one polite, atomic live region (DOM attributes: ${h.browser.label} has no accessibility-tree read)`, problems);
    return;
  }
  try {
    const problems = [];
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const got = await treeButtons(cdp, nodes);
    for (const g of got) if (!g.name.trim()) problems.push(`button ${g.id} has an empty name`);
    if (buttonList(got) !== buttonList(want)) {
      problems.push(`buttons in the accessibility tree:\n      ${buttonList(got)}\n    expected:\n      ${buttonList(want)}`);
    }
    const tables = nodes.filter((n) => !n.ignored && n.role && n.role.value === 'table' && n.name && n.name.value === tableName);
    if (tables.length !== 1) problems.push(`expected one table named ${JSON.stringify(tableName)} in the accessibility tree, found ${tables.length}`);
    const { live, atomic: ok } = politeRegions(nodes);
    if (pieceNode) {
      if (live.length !== 1 || !ok) problems.push(`expected #piece as the one polite, atomic live region; found ${live.length} polite regions${ok ? '' : ', none atomic'}`);
    }
    record(`${pageName}: the ${want.length} pieces are buttons with the expected names in the accessibility tree; table and live region named`, problems);
  } finally {
    await cdp.detach();
  }
}

// The sentence expected for a click, from expected.json alone: marks
// grouped by kind (diagrams), or "<Piece> on <sq>." / "Empty: <sq>." per
// cell (demos, in any order), then each remark with a full stop.
function expectedSentence(click, board) {
  let minX = Infinity, minY = Infinity;
  for (const id of board) {
    const { x, y } = parseId(id);
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
  }
  const alg = (id) => {
    const { x, y } = parseId(id);
    return `${String.fromCharCode(97 + x - minX)}${y - minY + 1}`;
  };
  const byFileRank = (p, q) => parseId(p).x - parseId(q).x || parseId(p).y - parseId(q).y;
  const entries = Object.entries(click.down);
  const head = `${click.piece.name.replace(/:+$/, '')}.`;
  const tail = click.piece.notes.map((n) => ` ${n}.`).join('');
  if (entries.every(([, v]) => MARK_OF.has(v))) {
    let mid = '';
    for (const [img, verb] of MARK_KINDS) {
      const ids = entries.filter(([, v]) => v === img).map(([id]) => id).filter((id) => board.includes(id)).sort(byFileRank);
      if (ids.length) mid += ` ${verb} ${ids.map(alg).join(', ')}.`;
    }
    return { exact: head + mid + tail };
  }
  const parts = entries.map(([id, v]) => (v ? `${spaced(v.replace(/\.[^.]*$/, ''))} on ${alg(id)}.` : `Empty: ${alg(id)}.`));
  return { head, tail, parts };
}

async function checkSentences(h, pageName, data, pieces, rest, snap, record, notes) {
  const { page } = h;
  // The board's squares as the page has them (class n) must be the data's.
  const pageBoard = await page.evaluate(() => [...document.querySelectorAll('table.board td.n[id]')].map((td) => td.id));
  if ([...pageBoard].sort().join() !== [...data.board].sort().join()) {
    notes.push(`${pageName}: the page's class-n cells differ from expected.json's board; sentences are computed from expected.json`);
  }
  const problems = [];
  let lieutenant = null;
  const cdp = await cdpSession(h);
  try {
    for (const c of pieces) {
      const want = expectedSentence(c, data.board);
      await pressCell(page, c.cell);
      const got = await page.evaluate(() => {
        const spans = document.querySelectorAll('#piece [data-glance-sr]');
        return { n: spans.length, text: spans.length ? spans[0].textContent : null };
      });
      // What the accessibility tree exposes inside the live region (with
      // CDP); else what the DOM leaves exposed: the text of #piece outside
      // aria-hidden subtrees.
      const axText = await exposedText(page, cdp);
      await releaseMouse(page);
      const where = `${c.cell} (${c.piece.name})`;
      if (got.n !== 1) {
        problems.push(`${where}: ${got.n} span[data-glance-sr] in #piece, expected 1`);
        continue;
      }
      if (want.exact !== undefined) {
        if (got.text !== want.exact) problems.push(`${where}: sentence\n      ${JSON.stringify(got.text)}\n    expected\n      ${JSON.stringify(want.exact)}`);
        if (c.handler === 'down_click(3,6)' && pageName === 'Spartan.html') lieutenant = got.text;
      } else {
        let ok = got.text.startsWith(want.head) && got.text.endsWith(want.tail);
        if (ok) {
          const mid = got.text.slice(want.head.length, got.text.length - want.tail.length).trim();
          const parts = mid ? mid.split(/(?<=\d\.) /) : [];
          ok = [...parts].sort().join('|') === [...want.parts].sort().join('|');
        }
        if (!ok) problems.push(`${where}: sentence\n      ${JSON.stringify(got.text)}\n    expected ${JSON.stringify(want.head)}, then in any order ${JSON.stringify(want.parts)}, then ${JSON.stringify(want.tail)}`);
      }
      // Only the sentence: the visible lines repeat its name and remarks,
      // and are hidden from screen readers so that they are read once.
      problems.push(...exposedProblems(where, axText, got.text, cdp));
    }
  } finally {
    if (cdp) await cdp.detach();
  }
  const now = await observe(page);
  problems.push(...restDiffs(snap, now).map((d) => `at the end: ${d}`));
  if (pageName === 'Spartan.html') {
    if (lieutenant === null) problems.push('the Lieutenant (down_click(3,6)) was not checked');
    else notes.push(`Spartan.html Lieutenant: ${JSON.stringify(lieutenant)}`);
  }
  record(`${pageName}: live-region sentences of the ${pieces.length} pieces agree with expected.json`, problems);
}
