// Keyboard: on each real rules page, Tab reaches every cell that shows a
// piece's moves, in document order, with a visible focus ring; Enter and
// Space toggle exactly the diagram the mouse shows; Escape clears; the
// arrow keys move focus to the nearest piece that way (candidates strictly
// ahead, score 4 * |sideways offset| + distance ahead, lowest wins).
import { observe, openPage, restDiffs, snapshot, waitReady } from '../lib/browser.mjs';
import { diffCells, diffLines, handlerArgs, parseId, pieceLines, pressState } from '../lib/expect.mjs';
import { checksResult, runSteps } from '../lib/check.mjs';
import { arrowMoves, focusCell, tabOrder, toggleEach } from '../lib/visitor.mjs';

export const name = 'keyboard';

export async function run(ctx) {
  const { browser, server, site, expected } = ctx;
  const checks = [];
  const notes = [];
  const record = (label, problems) => checks.push({ label, problems });
  const pages = Object.keys(expected).filter((p) => site.has(`rules-html/${p}`));
  if (pages.length === 0) record('setup', [`none of the pages of expected.json is in ${ctx.rulesDir}`]);
  const tabExits = [];

  for (const pageName of pages) {
    const data = expected[pageName];
    if (!site.has(`dist/${data.script}`)) {
      record(`${pageName}: setup`, [`dist/${data.script} does not exist`]);
      continue;
    }
    const h = await openPage(browser, `${server.url}/rules-html/${encodeURIComponent(pageName)}`);
    try {
      const state = await waitReady(h.page);
      if (state !== 'ready') {
        record(`${pageName}: loading`, [`module state ${state}`, ...h.problems()]);
        continue;
      }
      const loadProblems = h.problems();
      if (loadProblems.length) record(`${pageName}: loading`, loadProblems);
      await keyboardChecks(h, pageName, data, record, notes, tabExits);
    } catch (e) {
      record(`${pageName}: test step`, [e.message.split('\n')[0]]);
    } finally {
      await h.close();
    }
  }
  if (tabExits.length) notes.push(`${browser.label}: after the last piece, Tab left the board for: ${tabExits.join(', ')}`);
  return checksResult(name, checks, notes);
}

async function keyboardChecks(h, pageName, data, record, notes, tabExits) {
  const { page } = h;
  const snap = await snapshot(page);
  const rest = { ...snap.cells };
  // Cells of the board in document order, with their handlers.
  const domCells = await page.evaluate(() =>
    [...document.querySelectorAll('table.board td[id]')].map((td) => [td.id, td.getAttribute('onmousedown')]));
  const handlerOf = Object.fromEntries(domCells);
  const byCell = new Map(data.clicks.map((c) => [c.cell, c]));
  // The pieces: cells whose handler is the data's and names a piece.
  const pieces = domCells
    .map(([id]) => byCell.get(id))
    .filter((c) => c && c.piece && handlerArgs(c.handler) && handlerOf[c.cell] === c.handler);
  const pieceIds = pieces.map((c) => c.cell);
  if (pieces.length === 0) {
    record(`${pageName}: setup`, ['no pieces on the page']);
    return;
  }

  // Runs one check; problems of the page itself are added; afterwards the
  // page must be at rest (Escape first), else it is reloaded.
  const check = async (title, steps) => {
    record(`${pageName}: ${title}`, await runSteps(h, steps));
    try {
      await page.keyboard.press('Escape');
      const now = await observe(page);
      if (restDiffs(snap, now).length) throw new Error('not at rest');
    } catch {
      await page.reload({ waitUntil: 'load' });
      await waitReady(page);
    }
  };
  const shows = async (problems, click, when) => {
    const now = await observe(page);
    const d = diffCells(pressState(rest, click), now.cells);
    if (d.length) problems.push(`${when}: ${d.slice(0, 6).join('; ')}${d.length > 6 ? `; ... ${d.length - 6} more` : ''}`);
    const dl = now.lines && diffLines(pieceLines(click), now.lines);
    if (dl) problems.push(`${when}: ${dl}`);
    const pressed = await page.evaluate(() => [...document.querySelectorAll('[aria-pressed="true"]')].map((e) => e.id));
    if (pressed.join() !== click.cell) problems.push(`${when}: aria-pressed="true" on [${pressed.join(', ')}], expected on ${click.cell}`);
  };
  const atRest = async (problems, when) => {
    const now = await observe(page);
    problems.push(...restDiffs(snap, now).map((d) => `${when}: ${d}`));
  };

  // 1. Tab order and focus ring.  The same order is expected in both
  // browsers: the module gives every piece's cell tabindex="0" and no
  // other cell one, and both browsers move focus through tabindex="0"
  // elements in document order.  The browsers' Tab rules differ for links
  // and form controls (platform settings), which are outside the board:
  // the check counts board cells only, and where focus goes after the last
  // piece (the page's first link, in both here) is printed in a note.  A
  // cell focused by Tab must match :focus-visible and have an outline in
  // both.
  await check(`Tab reaches the ${pieces.length} pieces in document order, focus visible`, async (problems) => {
    const tabbed = await tabOrder(page, pieceIds, 'cells without a piece');
    if (tabbed.exit !== null) tabExits.push(`${pageName} ${tabbed.exit}`);
    problems.push(...tabbed.problems);
  });

  // 2. Enter and Space toggle each piece, exactly as the mouse shows it.
  const toggles = { shows: (problems, id, when) => shows(problems, byCell.get(id), when), atRest };
  await check('Enter shows each piece as the mouse does, Enter again clears', async (problems) => {
    await toggleEach(page, problems, pieceIds, 'Enter', toggles);
  });
  await check('Space shows each piece, Space again clears', async (problems) => {
    await toggleEach(page, problems, pieceIds, ' ', toggles);
  });
  const a = pieces[0];
  const b = pieces[pieces.length - 1];
  await check(`Escape clears (${a.cell} shown by Enter)`, async (problems) => {
    await focusCell(page, a.cell);
    await page.keyboard.press('Enter');
    await shows(problems, a, 'after Enter');
    await page.keyboard.press('Escape');
    await atRest(problems, 'after Escape');
  });
  if (a !== b) {
    await check(`Enter on ${a.cell}, then Enter on ${b.cell} switches; Tab keeps it; Escape clears`, async (problems) => {
      await focusCell(page, a.cell);
      await page.keyboard.press('Enter');
      await focusCell(page, b.cell);
      await page.keyboard.press('Enter');
      await shows(problems, b, `after Enter on ${b.cell}`);
      await page.keyboard.press('Tab');
      await shows(problems, b, 'after Tab');
      await page.keyboard.press('Escape');
      await atRest(problems, 'after Escape');
    });
  }

  // 3. Arrow keys from every piece, in every direction.
  const at = pieces.map((c) => ({ id: c.cell, ...parseId(c.cell) }));
  let ties = 0;
  await check(`arrow keys from each of the ${pieces.length} pieces`, async (problems) => {
    ties += await arrowMoves(page, problems, at);
    const now = await observe(page);
    problems.push(...restDiffs(snap, now).map((d) => `arrow keys changed the page: ${d}`));
  });
  if (ties) notes.push(`${pageName}: ${ties} arrow moves had several equally near pieces (any of them accepted)`);
}
