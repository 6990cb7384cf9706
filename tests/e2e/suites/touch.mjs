// Touch: in a touch-screen browser context, a tap on a piece shows its
// diagram and it stays after the finger is lifted; a tap on another piece
// switches, on the same piece or anywhere else clears.  The browser's
// emulated mouse events must not paint a second time: no down_click() /
// up_click() call and no mousedown during the taps, and each tap paints
// exactly the cells its diagram needs, once.
import { observe, openPage, restDiffs, sleep, snapshot, waitReady } from '../lib/browser.mjs';
import { diffCells, diffLines, handlerArgs, pieceLines, pressState } from '../lib/expect.mjs';
import { checksResult, runSteps } from '../lib/check.mjs';
import { installTapCounters, takeTapCounts, tapEventProblems } from '../lib/visitor.mjs';

export const name = 'touch';

const PAGE = 'Spartan.html';

export async function run(ctx) {
  const { browser, server, site, expected } = ctx;
  const checks = [];
  const notes = [];
  const record = (label, problems) => checks.push({ label, problems });

  const data = expected[PAGE];
  if (!data || !site.has(`rules-html/${PAGE}`) || !site.has(`dist/${data.script}`)) {
    return checksResult(name, [{ label: 'setup', problems: [`needs rules-html/${PAGE}, its entry in expected.json and its script in dist/`] }], notes);
  }

  const h = await openPage(browser, `${server.url}/rules-html/${PAGE}`, { touch: true });
  try {
    const state = await waitReady(h.page);
    if (state !== 'ready') {
      record('loading', [`module state ${state}`, ...h.problems()]);
      return checksResult(name, checks, notes);
    }
    // The two browsers tap differently, and the checks are the same:
    // Chromium emulates a touch-screen device (CDP touch emulation and a
    // mobile viewport: navigator.maxTouchPoints > 0) and page.tap() sends
    // CDP touch events; Firefox ESR over WebDriver BiDi emulates no device
    // (maxTouchPoints stays 0: BiDi's touch override is not there) and
    // page.tap() is a BiDi pointer action of type "touch", which Firefox
    // delivers as pointer events with pointerType "touch" and touch events.
    // The module tells a touch from the mouse by the pointerdown's
    // pointerType alone, so both must pass every check below.
    const device = await h.page.evaluate(() => ({ maxTouchPoints: navigator.maxTouchPoints, touchEvents: 'ontouchstart' in window }));
    if (browser.caps.touchEmulation && !(device.maxTouchPoints > 0)) {
      record('touch-screen emulation', [`expected ${browser.label} to emulate a touch screen; navigator.maxTouchPoints is ${device.maxTouchPoints}`]);
    }
    notes.push(browser.caps.touchEmulation
      ? `${browser.label}: a touch screen emulated (navigator.maxTouchPoints ${device.maxTouchPoints}, mobile viewport); taps are CDP touch events`
      : `${browser.label}: no touch-screen emulation (navigator.maxTouchPoints ${device.maxTouchPoints}, ontouchstart ${device.touchEvents ? 'present' : 'absent'}); taps are WebDriver BiDi touch pointer actions, seen by the page as pointerType "touch"`);
    const snap = await snapshot(h.page);
    const rest = { ...snap.cells };
    const present = await h.page.evaluate(() => {
      const out = {};
      for (const td of document.querySelectorAll('table.board td[id]')) out[td.id] = td.getAttribute('onmousedown');
      return out;
    });
    const pieces = data.clicks.filter((c) => c.piece && handlerArgs(c.handler) && present[c.cell] === c.handler);
    const a = pieces.find((c) => c.handler === 'down_click(3,6)') || pieces[0];
    const b = pieces.find((c) => c.piece.name === 'Queen') || pieces.find((c) => c !== a);
    const c3 = pieces.find((c) => c !== a && c !== b && c.piece.name === 'Knight') || pieces.find((c) => c !== a && c !== b);
    if (!a || !b || !c3) {
      record('setup', [`${PAGE} has fewer than three pressable pieces`]);
      return checksResult(name, checks, notes);
    }
    const label = (c) => `${c.cell} (${c.piece.name})`;
    // A board cell that is neither clickable nor painted by a, b or c3.
    const painted = new Set([a, b, c3].flatMap((c) => Object.keys(c.down)));
    const plainCell = Object.keys(present).find((id) => present[id] === null && !painted.has(id) && !rest[id]);

    // Counters, installed once: calls of the globals, mouse events on the
    // document, pointerdowns and whether they were cancelled, and cells
    // painted with an image.
    await installTapCounters(h.page, { globals: true });

    // Taps `target` (a cell id or a selector), waits, and checks the page.
    // `shows` is the click whose diagram must show afterwards (null: rest);
    // `paints` the click whose images the tap must paint (null: none).
    const tap = async (title, target, shows, paints) => record(title, await runSteps(h, async (problems) => {
      await takeTapCounts(h.page);
      await h.page.tap(/^sq\d+x\d+$/.test(target) ? `#${target}` : target);
      await sleep(300);
      const now = await observe(h.page);
      const n = await takeTapCounts(h.page);
      if (shows) {
        problems.push(...diffCells(pressState(rest, shows), now.cells));
        const d = now.lines && diffLines(pieceLines(shows), now.lines);
        if (d) problems.push(d);
        const pressed = await h.page.evaluate(() => [...document.querySelectorAll('[aria-pressed="true"]')].map((e) => e.id));
        if (pressed.join() !== shows.cell) problems.push(`aria-pressed="true" on [${pressed.join(', ')}], expected on ${shows.cell} only`);
      } else {
        problems.push(...restDiffs(snap, now));
      }
      if (n.downClick || n.upClick) problems.push(`the emulated mouse events called down_click() ${n.downClick} and up_click() ${n.upClick} time(s); expected none`);
      // Off the pieces the pointerdown is not cancelled, so the emulated
      // mouse events do come (and must change nothing).
      problems.push(...tapEventProblems(n, pieces.some((c) => c.cell === target)));
      const want = paints ? Object.values(paints.down).filter((v) => v !== '').length : 0;
      if (n.inserted !== want) problems.push(`the tap painted ${n.inserted} cell(s) with an image, expected ${want}${n.inserted === 2 * want && want ? ' (painted twice)' : ''}`);
    }));

    await tap(`tap ${label(a)}: shows, stays after the tap`, a.cell, a, a);
    await tap(`tap ${label(b)}: switches`, b.cell, b, b);
    await tap(`tap ${label(b)} again: clears`, b.cell, null, null);
    await tap(`tap ${label(c3)}: shows`, c3.cell, c3, c3);
    await tap('tap the heading (not the board): clears', 'h1', null, null);
    await tap(`tap ${label(a)} again after a clear: shows`, a.cell, a, a);
    if (plainCell) await tap(`tap ${plainCell} (a board cell without a piece): clears`, plainCell, null, null);
    else notes.push('no plain board cell found for the tap-on-an-empty-cell check');
    await tap(`tap ${label(c3)}: shows`, c3.cell, c3, c3);
    await tap(`tap ${label(c3)} again: clears`, c3.cell, null, null);
  } catch (e) {
    record('test step', [e.message.split('\n')[0]]);
  } finally {
    await h.close();
  }
  return checksResult(name, checks, notes);
}
