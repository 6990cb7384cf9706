// Release: a diagram shown by a mouse press never outlives the press.  On
// the real Spartan page over http: the button released far away from the
// board (where the cell's own onmouseup cannot run), a blurred window, a
// cancelled pointer and a hidden document all bring the page back to rest,
// and the next press still shows what expected.json says.
import { cellAt, observe, openPage, pressCell, releaseMouse, restDiffs, snapshot, waitReady } from '../lib/browser.mjs';
import { checkClick, checksResult } from '../lib/check.mjs';
import { diffCells, diffLines, handlerArgs, pieceLines, pressState } from '../lib/expect.mjs';

export const name = 'release';

const PAGE = 'Spartan.html';

export async function run(ctx) {
  const { browser, server, site, expected } = ctx;
  const checks = [];
  const notes = [];
  const record = (label, problems) => checks.push({ label, problems });

  const data = expected[PAGE];
  if (!data || !site.has(`rules-html/${PAGE}`) || !site.has(`dist/${data.script}`)) {
    return result(
      [{ label: 'setup', problems: [`needs rules-html/${PAGE}, its entry in expected.json and dist/${data ? data.script : 'spartan.js'}`] }],
      notes,
    );
  }

  const h = await openPage(browser, `${server.url}/rules-html/${PAGE}`);
  try {
    const state = await waitReady(h.page);
    if (state !== 'ready') {
      record('loading', [`module state ${state}`, ...h.problems()]);
      return checksResult(name, checks, notes);
    }
    const snap = await snapshot(h.page);
    const rest = { ...snap.cells };
    const present = await h.page.evaluate(() => {
      const out = {};
      for (const td of document.querySelectorAll('table.board td[id]')) out[td.id] = td.getAttribute('onmousedown');
      return out;
    });
    const pieces = data.clicks.filter((c) => c.piece && handlerArgs(c.handler) && present[c.cell] === c.handler);
    if (pieces.length < 2) {
      record('setup', [`${PAGE} has fewer than two pressable pieces`]);
      return checksResult(name, checks, notes);
    }
    // The Lieutenant (many marks) and another piece far from it.
    const a = pieces.find((c) => c.handler === 'down_click(3,6)') || pieces[0];
    const b = pieces.find((c) => c.piece.name === 'Queen') || pieces.find((c) => c !== a);
    const label = (c) => `${c.cell} (${c.piece.name})`;

    // Presses A with the real mouse and checks that it shows.
    const pressA = async (problems) => {
      await pressCell(h.page, a.cell);
      const held = await observe(h.page);
      const d = diffCells(pressState(rest, a), held.cells);
      if (d.length) problems.push(`while held, the diagram is not the expected one: ${d.slice(0, 4).join('; ')}`);
      const dl = held.lines && diffLines(pieceLines(a), held.lines);
      if (dl) problems.push(`while held: ${dl}`);
      return held;
    };
    const atRest = async (problems, when) => {
      const now = await observe(h.page);
      problems.push(...restDiffs(snap, now).map((d) => `${when}: ${d}`));
      const pressed = await h.page.evaluate(() => [...document.querySelectorAll('[aria-pressed="true"]')].map((e) => e.id || e.tagName));
      if (pressed.length) problems.push(`${when}: aria-pressed="true" left on ${pressed.join(', ')}`);
    };
    // After every scenario: the button is up and the page is at rest (or
    // reloaded, so that one failure does not spill into the next).
    const scenario = async (title, steps) => {
      const before = h.problems().length;
      const problems = [];
      try {
        await steps(problems);
      } catch (e) {
        problems.push(`test step failed: ${e.message.split('\n')[0]}`);
      }
      try { await releaseMouse(h.page); } catch { /* already up */ }
      problems.push(...h.problems().slice(before));
      record(title, problems);
      if (problems.length) {
        await h.page.reload({ waitUntil: 'load' });
        await waitReady(h.page);
      }
    };

    // A point of the viewport far from the board table, over no cell.
    const farPoint = async () => h.page.evaluate(() => {
      const t = document.querySelector('table.board').getBoundingClientRect();
      const w = window.innerWidth, hgt = window.innerHeight;
      const corners = [[5, 5], [w - 5, 5], [5, hgt - 5], [w - 5, hgt - 5]];
      const dist = ([x, y]) => Math.hypot(x - (t.left + t.right) / 2, y - (t.top + t.bottom) / 2);
      corners.sort((p, q) => dist(q) - dist(p));
      for (const [x, y] of corners) {
        const el = document.elementFromPoint(x, y);
        if (!el || !el.closest('table.board')) return { x, y };
      }
      return { x: corners[0][0], y: corners[0][1] };
    });

    // Counts the page's up_click() calls and the pointerups the window
    // sees, to make sure a release away from the cell is served by the
    // module's own listener and not by the cell's inline onmouseup.
    const countReleases = () => h.page.evaluate(() => {
      const c = { upClick: 0, pointerup: 0 };
      const orig = window.up_click;
      window.up_click = function (...args) { c.upClick++; return orig.apply(this, args); };
      const onUp = () => { c.pointerup++; };
      window.addEventListener('pointerup', onUp, true);
      window.__releaseCount = () => {
        window.up_click = orig;
        window.removeEventListener('pointerup', onUp, true);
        return c;
      };
    });
    const releaseCounts = () => h.page.evaluate(() => window.__releaseCount());

    await scenario(`press ${label(a)}, move far off the board, release there, then press ${label(b)}`, async (problems) => {
      await pressA(problems);
      const far = await farPoint();
      await h.page.mouse.move(far.x, far.y, { steps: 8 });
      const under = await cellAt(h.page, far);
      if (/^sq/.test(under)) problems.push(`test setup: the far point (${far.x}, ${far.y}) is over cell ${under}`);
      await countReleases();
      await releaseMouse(h.page);
      const n = await releaseCounts();
      if (n.upClick !== 0) problems.push(`test setup: the release over ${under} ran up_click() ${n.upClick} time(s); it should reach no inline handler`);
      if (n.pointerup !== 1) problems.push(`test setup: the window saw ${n.pointerup} pointerup events, expected 1`);
      await atRest(problems, `after the release over ${under}`);
      problems.push(...(await checkClick(h, b, rest, snap)).map((p) => `then ${label(b)}: ${p}`));
    });

    await scenario(`press ${label(a)}, release outside the viewport`, async (problems) => {
      await pressA(problems);
      const vp = h.page.viewportSize();
      await h.page.mouse.move(vp.width + 300, vp.height + 300, { steps: 8 });
      await countReleases();
      await releaseMouse(h.page);
      const n = await releaseCounts();
      if (n.upClick !== 0) problems.push(`test setup: the release outside the viewport ran up_click() ${n.upClick} time(s)`);
      if (n.pointerup !== 1) notes.push(`the release outside the viewport reached the window as ${n.pointerup} pointerup events (expected 1)`);
      await atRest(problems, 'after the release outside the viewport');
      problems.push(...(await checkClick(h, b, rest, snap)).map((p) => `then ${label(b)}: ${p}`));
    });

    await scenario(`press ${label(a)}, window blur`, async (problems) => {
      await pressA(problems);
      await h.page.evaluate(() => window.dispatchEvent(new Event('blur')));
      await atRest(problems, 'after window blur, button still down');
      await releaseMouse(h.page);
      await atRest(problems, 'after the release that followed the blur');
      problems.push(...(await checkClick(h, b, rest, snap)).map((p) => `then ${label(b)}: ${p}`));
    });

    await scenario(`press ${label(a)}, pointercancel`, async (problems) => {
      await pressA(problems);
      await h.page.evaluate(() => window.dispatchEvent(new PointerEvent('pointercancel', { pointerType: 'mouse', pointerId: 1, isPrimary: true })));
      await atRest(problems, 'after pointercancel, button still down');
      await releaseMouse(h.page);
      await atRest(problems, 'after the release that followed pointercancel');
    });

    // document.hidden cannot be made true for real in headless Chromium
    // (every page counts as visible and CDP's setWebLifecycleState only
    // freezes); an own getter on the document shadows Document.prototype's,
    // which is what the module reads.
    await scenario(`press ${label(a)}, visibilitychange with document.hidden (faked) true`, async (problems) => {
      await pressA(problems);
      const faked = await h.page.evaluate(() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
        const ok = document.hidden === true;
        delete document.hidden;
        delete document.visibilityState;
        return ok && document.hidden === false;
      });
      if (!faked) problems.push('test setup: could not fake document.hidden');
      await atRest(problems, 'after visibilitychange (hidden), button still down');
      await releaseMouse(h.page);
      await atRest(problems, 'after the release');
      problems.push(...(await checkClick(h, b, rest, snap)).map((p) => `then ${label(b)}: ${p}`));
    });

    await scenario(`press ${label(a)}, visibilitychange while still visible keeps the diagram until the release`, async (problems) => {
      const held = await pressA(problems);
      await h.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      const now = await observe(h.page);
      if (now.boardHtml !== held.boardHtml || now.pieceHtml !== held.pieceHtml) {
        problems.push('a visibilitychange with document.hidden false changed the diagram');
      }
      await releaseMouse(h.page);
      await atRest(problems, 'after the release');
    });
    notes.push('document.hidden is faked (own getter on document): headless Chromium cannot hide a page for real');
  } catch (e) {
    record('test step', [e.message.split('\n')[0]]);
  } finally {
    await h.close();
  }
  return checksResult(name, checks, notes);
}
