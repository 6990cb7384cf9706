// Release: a diagram shown by a mouse press never outlives the press.  On
// the real Spartan page over http: the button released far away from the
// board (where the cell's own onmouseup cannot run), a blurred window, a
// cancelled pointer and a hidden document all bring the page back to rest,
// and the next press still shows what expected.json says.
import { cellAt, observe, openPage, pressCell, releaseMouse, restDiffs, snapshot, waitReady } from '../lib/browser.mjs';
import { checkClick, checksResult, runSteps } from '../lib/check.mjs';
import { diffCells, diffLines, handlerArgs, pieceLines, pressState } from '../lib/expect.mjs';
import {
  blurStopper, countDrags, countReleases, dragCounts, dragProblems, fakeHidden, farPoint, hideAndShow, noDrag,
  releaseCounts, visibilitySeen, watchVisibility,
} from '../lib/visitor.mjs';

export const name = 'release';

const PAGE = 'Spartan.html';

// The blur of the window is kept from the module, where a check says so,
// by an init script (lib/visitor.mjs's blurStopper: a capturing listener
// on the window, added before the module's: at the target, Firefox runs
// capturing listeners first, but Chromium (156) runs them in the order
// they were added).

export async function run(ctx) {
  const { browser, server, site, expected } = ctx;
  const checks = [];
  const notes = [];
  const record = (label, problems) => checks.push({ label, problems });

  const data = expected[PAGE];
  if (!data || !site.has(`rules-html/${PAGE}`) || !site.has(`dist/${data.script}`)) {
    return checksResult(name, 
      [{ label: 'setup', problems: [`needs rules-html/${PAGE}, its entry in expected.json and dist/${data ? data.script : 'spartan.js'}`] }],
      notes,
    );
  }

  const h = await openPage(browser, `${server.url}/rules-html/${PAGE}`, { before: (page) => page.evaluateOnNewDocument(blurStopper) });
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
      const problems = await runSteps(h, steps, { release: true });
      record(title, problems);
      if (problems.length) {
        await h.page.reload({ waitUntil: 'load' });
        await waitReady(h.page);
      }
    };

    // The page's up_click() calls and the pointerups the window sees are
    // counted (countReleases), to make sure a release away from the cell
    // is served by the module's own listener and not by the cell's inline
    // onmouseup.
    //
    // Pressing a piece's <img> and moving away starts the browser's own
    // drag-and-drop of the image where the browser runs one: Firefox does
    // (dragstart, then pointercancel, and no pointerup or mouseup at the
    // release); Chromium driven over CDP does not (its synthetic mouse
    // input runs no drag-and-drop unless drags are intercepted), so the
    // pointer is released.  The release-far-away checks below cancel
    // dragstart with a listener of the test's own (noDrag), so that in both
    // browsers they test a pointerup away from the cell; the native drag
    // has its own check after them.
    await scenario(`press ${label(a)}, move far off the board, release there, then press ${label(b)}`, async (problems) => {
      await noDrag(h.page, true);
      await pressA(problems);
      const far = await farPoint(h.page);
      await h.page.mouse.move(far.x, far.y, { steps: 8 });
      const under = await cellAt(h.page, far);
      if (/^sq/.test(under)) problems.push(`test setup: the far point (${far.x}, ${far.y}) is over cell ${under}`);
      await countReleases(h.page, { upClick: true });
      await releaseMouse(h.page);
      const n = await releaseCounts(h.page);
      await noDrag(h.page, false);
      if (n.upClick !== 0) problems.push(`test setup: the release over ${under} ran up_click() ${n.upClick} time(s); it should reach no inline handler`);
      if (n.pointerup !== 1) problems.push(`test setup: the window saw ${n.pointerup} pointerup events, expected 1`);
      await atRest(problems, `after the release over ${under}`);
      problems.push(...(await checkClick(h, b, rest, snap)).map((p) => `then ${label(b)}: ${p}`));
    });

    // WebDriver BiDi refuses to move the pointer outside the viewport
    // ("move target out of bounds", as the WebDriver spec says); CDP
    // dispatches the event there.  Firefox skips this check, with a note.
    if (browser.caps.pointerOutsideViewport) {
      await scenario(`press ${label(a)}, release outside the viewport`, async (problems) => {
        await noDrag(h.page, true);
        await pressA(problems);
        const vp = h.page.viewport();
        await h.page.mouse.move(vp.width + 300, vp.height + 300, { steps: 8 });
        await countReleases(h.page, { upClick: true });
        await releaseMouse(h.page);
        const n = await releaseCounts(h.page);
        await noDrag(h.page, false);
        if (n.upClick !== 0) problems.push(`test setup: the release outside the viewport ran up_click() ${n.upClick} time(s)`);
        if (n.pointerup !== 1) notes.push(`the release outside the viewport reached the window as ${n.pointerup} pointerup events (expected 1)`);
        await atRest(problems, 'after the release outside the viewport');
        problems.push(...(await checkClick(h, b, rest, snap)).map((p) => `then ${label(b)}: ${p}`));
      });
    } else {
      notes.push(`skipped "release outside the viewport": ${browser.label}'s WebDriver BiDi input cannot move the pointer outside the viewport (move target out of bounds)`);
    }

    // The browser's own drag-and-drop allowed: see noDrag above for what
    // each browser does; either way the diagram must be gone after the
    // release and the next press must work.
    await scenario(`press ${label(a)}, drag it far off the board (the browser's own drag-and-drop allowed), release, then press ${label(b)}`, async (problems) => {
      await countDrags(h.page);
      await pressA(problems);
      const far = await farPoint(h.page);
      await h.page.mouse.move(far.x, far.y, { steps: 8 });
      await releaseMouse(h.page);
      const n = await dragCounts(h.page);
      const dragged = n.dragstart > 0;
      problems.push(...dragProblems(browser, n));
      notes.push(`${browser.label}: pressing the piece image and moving away ${dragged ? `started the browser's drag-and-drop (${n.dragstart} dragstart, ${n.pointercancel} pointercancel, ${n.pointerup} pointerup): the drag's pointercancel ended the diagram` : `started no drag-and-drop (${n.pointerup} pointerup, ${n.pointercancel} pointercancel): the pointerup ended the diagram`}`);
      await atRest(problems, 'after the drag and release');
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

    // visibilitychange alone, the page not really hidden: an own getter on
    // the document shadows Document.prototype's, which is what the module
    // reads (the same in both browsers).  The real hide is the next check.
    await scenario(`press ${label(a)}, visibilitychange with document.hidden (faked) true`, async (problems) => {
      await pressA(problems);
      if (!(await fakeHidden(h.page))) problems.push('test setup: could not fake document.hidden');
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
    // Hidden for real: another tab of the same browser context brought to
    // front hides this one in both browsers (Chromium's new headless mode
    // and Firefox alike fire blur, then visibilitychange with
    // document.hidden true; shown again, visibilitychange).  The blur alone
    // would clear the diagram, so the test's blurStopper (above) keeps the
    // window's blur from the module, and a synthetic blur first proves
    // that it does: what clears the diagram here is the real
    // visibilitychange.  While hidden no frame is painted, so the page is
    // read once it is shown again.  The faked check above stays: it fires
    // visibilitychange alone, with no tab switch.
    await scenario(`press ${label(a)}, the tab hidden for real behind another (blur kept from the module) and shown again, button still down`, async (problems) => {
      await watchVisibility(h.page);
      const held = await pressA(problems);
      await h.page.evaluate(() => window.dispatchEvent(new Event('blur')));
      const still = await observe(h.page);
      if (still.boardHtml !== held.boardHtml || still.pieceHtml !== held.pieceHtml) {
        problems.push("test setup: a blur stopped by the test's listener still reached the module (the diagram went)");
      }
      await hideAndShow(h, problems);
      const seen = await visibilitySeen(h.page);
      notes.push(`${browser.label}, the tab hidden for real and shown again: the page saw ${seen.join(', ')}`);
      await atRest(problems, 'after the tab was hidden and shown again, button still down');
      await releaseMouse(h.page);
      await atRest(problems, 'after the release');
      problems.push(...(await checkClick(h, b, rest, snap)).map((p) => `then ${label(b)}: ${p}`));
    });
    notes.push('document.hidden is also faked (an own getter on document, then visibilitychange), in every browser, for visibilitychange alone');
  } catch (e) {
    record('test step', [e.message.split('\n')[0]]);
  } finally {
    await h.close();
  }
  return checksResult(name, checks, notes);
}
