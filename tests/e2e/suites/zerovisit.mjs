// The visitor checks of the release, touch, keyboard and a11y suites, on
// every zero-code page (rules-html/zero/*.html: the pages that declare
// their pieces with data-piece and load dist/glance.js, no inline
// handlers).  What a piece must show is the diagram the native command
// computes for its row's Betza (lib/zero.mjs, as in the zerocode suite: on
// the empty board, or among the page's pieces for a piece that needs a
// screen), its row's name and remarks in #piece, aria-pressed on its cell
// alone.
//
// Per page (in this order: the a11y names, the keyboard before any mouse
// press, release, the sentences, axe; then touch in a context of its own):
//  - release: a mouse press on a declared piece, then the button released
//    far from the board (the browser's drag-and-drop of the piece's image
//    cancelled by the test), the image dragged away (drag-and-drop
//    allowed), a window blur, a pointercancel, visibilitychange with
//    document.hidden faked, and the tab hidden for real behind another:
//    each puts the board and #piece back exactly as at rest, and the next
//    press (of the other piece) shows its diagram.  Two pieces per page
//    take turns.  See release.mjs for what each browser does.
//  - touch: in a touch context, a tap shows a piece and it stays, a tap on
//    another switches, the same again clears, a tap off the board or on an
//    empty square clears; each tap paints each cell once, and the
//    emulated mouse events never reach the page on a piece.  See touch.mjs
//    for how each browser taps.  The page is read once the tap's click
//    has come (the last event of a tap), not after a fixed 300 ms.
//  - keyboard: Tab reaches every declared cell in document order with a
//    visible focus ring; Enter and Space toggle exactly the diagram; Escape
//    clears; Enter on another piece switches and Tab keeps it; the arrow
//    keys move focus to the nearest piece that way (candidates strictly
//    ahead, score 4 * |sideways offset| + distance ahead, lowest wins), as
//    in keyboard.mjs.
//  - a11y: every declared cell is a button named by its row's name and its
//    side in the page's language ("Queen, White", "Dame, Blancs", "Hoplite
//    Pawn, Black"), found by role and exact name; the board table is named
//    "<h1>: <the language's words for moves at a glance>" (French: "<h1> :
//    ..."); #piece is
//    the one polite, atomic live region; while a piece is held it holds
//    one sentence, exactly the row's name + "." then the squares by kind
//    in the page's language (<html lang>) then the remarks, and the live
//    region exposes that sentence alone; axe-core at rest and with the
//    piece of most marks held: no serious or critical violation inside the
//    board or #piece unless the page's own markup has it without the
//    module.  Chromium reads the whole accessibility tree over CDP;
//    Firefox checks the live region on the DOM instead (see a11y.mjs), with
//    a note.
import fs from 'node:fs';
import path from 'node:path';
import {
  addedViolations, ariaProblems, audit, auditWithoutModule, axeProblems, buttonList, describe, domLiveRegionProblems,
  exposedProblems, exposedText, legacyFilter, markAtRest, nodeId, politeRegions, treeButtons,
} from '../lib/a11y.mjs';
import { cdpSession, cellAt, openPage, pressCell, releaseMouse, restDiffs, sleep, waitReady } from '../lib/browser.mjs';
import { checksResult, runSteps } from '../lib/check.mjs';
import {
  arrowMoves, blurStopper, countDrags, countReleases, dragCounts, dragProblems, fakeHidden, farPoint, focusCell,
  hideAndShow, installTapCounters, noDrag, releaseCounts, tabOrder, takeTapCounts, tapEventProblems, toggleEach,
  visibilitySeen, watchVisibility,
} from '../lib/visitor.mjs';
import { SHOWN, expectations, glanceBin, readPage, rowLines } from '../lib/zero.mjs';

export const name = 'zerovisit';

// Pages other suites write into the served copy of rules-html/zero (the
// list is taken from the source directory, so they are not in it anyway).
const WRITTEN_BY_OTHERS = /^(blank|de|broken-.*)\.html$/;

// The sentence's fixed words by language (src/board/words.rs), in the order of
// the marks (Mark::ALL), and the board's name after the heading.  A
// language not listed falls back to English.
const MARK_ORDER = ['slide', 'leap', 'move', 'capture', 'first-leg', 'block'];
const WORDS = {
  en: {
    verbs: ['Slides or steps to', 'Leaps to', 'Moves without capturing to', 'Captures only on', 'Captures with its first step and goes on from', 'Can be blocked on'],
    board: 'moves at a glance',
    colon: ': ',
    sides: ['White', 'Black'],
    on: 'on',
    empty: 'Empty:',
  },
  fr: {
    verbs: ['Glisse ou avance en', 'Saute en', 'Se déplace sans prendre en', 'Prend seulement en', 'Prend de son premier pas et repart de', 'Peut être bloquée en'],
    board: "les coups d'un coup d'œil",
    colon: ' : ',
    sides: ['Blancs', 'Noirs'],
    on: 'en',
    empty: 'Vide :',
  },
  es: {
    verbs: ['Se desliza o avanza a', 'Salta a', 'Se mueve sin capturar a', 'Captura solo en', 'Captura con su primer paso y sigue desde', 'Puede ser bloqueada en'],
    board: 'movimientos de un vistazo',
    colon: ': ',
    sides: ['blancas', 'negras'],
    on: 'en',
    empty: 'Vacía:',
  },
  de: {
    verbs: ['Gleitet oder schreitet nach', 'Springt nach', 'Zieht ohne zu schlagen nach', 'Schlägt nur auf', 'Schlägt mit dem ersten Schritt und zieht weiter von', 'Kann blockiert werden auf'],
    board: 'Züge auf einen Blick',
    colon: ': ',
    sides: ['Weiß', 'Schwarz'],
    on: 'auf',
    empty: 'Leer:',
  },
};
const wordsOf = (lang) => WORDS[(lang || '').trim().split(/[-_]/)[0].toLowerCase()] || WORDS.en;

// What the page shows (lib/zero.mjs's SHOWN), read after the next frame
// (a module may paint in a requestAnimationFrame callback it registers
// during the event).
const READ = `(async () => {
  await new Promise((r) => requestAnimationFrame(() => r()));
  return ${SHOWN};
})()`;
const read = (page) => page.evaluate(READ);
// The page as restDiffs compares it.
const restOf = (s) => ({ boardHtml: s.board, pieceHtml: s.piece, cells: s.marks });

export async function run(ctx) {
  const { browser, server, site, repo, rulesDir } = ctx;
  const checks = [];
  const notes = [];
  const record = (label, problems) => checks.push({ label, problems });

  if (!site.has('dist/glance.js')) {
    return checksResult(name, [{ label: 'setup', problems: ['dist/glance.js does not exist (make dist)'] }]);
  }
  const dir = path.join(rulesDir, 'zero');
  const files = fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => f.endsWith('.html') && !WRITTEN_BY_OTHERS.test(f)).sort()
    : [];
  if (!files.length) return checksResult(name, [{ label: 'setup', problems: [`no page in ${dir}`] }]);
  const bin = glanceBin(repo);
  const axePath = path.join(repo, 'node_modules', 'axe-core', 'axe.min.js');
  const env = { browser, bin, axePath, record, notes, tabExits: [], dragNotes: new Set(), hideNotes: new Set() };

  for (const file of files) {
    const rel = `rules-html/zero/${file}`;
    const label = `zero/${file}`;
    if (!site.has(rel)) {
      record(`${label}: setup`, ['not in the served copy']);
      continue;
    }
    const url = `${server.url}/${rel}`;
    try {
      await visitPage(env, url, label);
    } catch (e) {
      record(`${label}: test step`, [e.message.split('\n')[0]]);
    }
    try {
      await touchPage(env, url, label);
    } catch (e) {
      record(`${label}: touch test step`, [e.message.split('\n')[0]]);
    }
  }
  notes.push(...env.dragNotes, ...env.hideNotes);
  notes.push('document.hidden is also faked (an own getter on document, then visibilitychange), in every browser, for visibilitychange alone');
  if (env.tabExits.length) notes.push(`${browser.label}: after the last piece, Tab left the board for: ${env.tabExits.join(', ')}`);
  if (!browser.caps.cdp) {
    notes.push(`${browser.label}: WebDriver BiDi reads no accessibility tree (CDP's Accessibility.getFullAXTree is Chromium's), so on every page `
      + 'the buttons\' names in one list are not read from the tree (each is still found as a button by its exact name, and the buttons in order, through BiDi accessibility locators); '
      + "#piece's polite and atomic properties are checked on its aria-live and aria-atomic attributes; "
      + 'the text the live region exposes is checked on the DOM (all of #piece but the sentence under aria-hidden="true", the sentence not)');
  }
  return checksResult(name, checks, notes);
}

// The two pieces the release and touch checks take turns with: the one of
// most marks, and the one of most marks among the other rows' pieces.
function twoPieces(pieces) {
  const byMarks = [...pieces].sort((p, q) => Object.keys(q.marks).length - Object.keys(p.marks).length);
  const a = byMarks[0];
  const b = byMarks.find((p) => p.key !== a.key) || byMarks.find((p) => p !== a);
  return [a, b];
}

const pieceLabel = (p) => `${p.id} (${p.row.name})`;

// Problems of `now` against what `piece` must show while held.
function showsProblems(now, piece, rest, when) {
  const problems = [];
  const want = piece.marks;
  const wrong = [];
  for (const id of new Set([...Object.keys(want), ...Object.keys(now.marks)])) {
    if (want[id] !== now.marks[id]) wrong.push(`${id}: ${now.marks[id] || 'nothing'}, expected ${want[id] || 'nothing'}`);
  }
  if (wrong.length) problems.push(`${when}: not ${pieceLabel(piece)}'s diagram (${piece.betza} at ${piece.at}${piece.black ? ', Black' : ''}${piece.screened ? ", among the page's pieces" : ''}): ${wrong.slice(0, 5).join('; ')}${wrong.length > 5 ? `; ... ${wrong.length - 5} more` : ''}`);
  const lines = rowLines(piece.row);
  if (JSON.stringify(now.lines.slice(0, lines.length)) !== JSON.stringify(lines) || now.lines.slice(lines.length).some((l) => l)) {
    problems.push(`${when}: #piece reads ${JSON.stringify(now.lines)}, expected ${JSON.stringify(lines)}`);
  }
  if (now.pressed.join() !== piece.id) problems.push(`${when}: aria-pressed="true" on [${now.pressed.join(', ')}], expected on ${piece.id} alone`);
  if (rest && now.pieceHeight !== rest.pieceHeight) problems.push(`${when}: #piece is ${now.pieceHeight} px high, ${rest.pieceHeight} px at rest: the page below moves`);
  return problems;
}

// Problems of `now` against the page at rest.
function restProblems(now, rest, when) {
  const problems = restDiffs(restOf(rest), restOf(now)).map((d) => `${when}: ${d}`);
  if (now.pressed.length) problems.push(`${when}: aria-pressed="true" left on ${now.pressed.join(', ')}`);
  return problems;
}

// One page with the mouse and the keyboard: a11y names, keyboard,
// release, sentences and axe.
async function visitPage(env, url, label) {
  const { browser, bin, axePath, record } = env;

  // The page's own markup, without the module (its script's request
  // aborted): what axe finds there is the page's, not the module's.
  const { legacy, error } = await auditWithoutModule(browser, url, axePath, async (page) => {
    await sleep(100);
    const kept = await page.evaluate(() => ({
      state: document.documentElement.dataset.glance || null,
      buttons: document.querySelectorAll('[role=button]').length,
    }));
    if (kept.state !== null || kept.buttons) throw new Error(`the module was not kept out (data-glance ${kept.state}, ${kept.buttons} buttons)`);
  });
  if (error) record(`${label}: axe without the module`, [error]);

  const h = await openPage(browser, url, { before: (page) => page.evaluateOnNewDocument(blurStopper) });
  try {
    const { page } = h;
    const state = await waitReady(page);
    if (state !== 'ready') {
      record(`${label}: the module starts`, [`data-glance is ${state}`, ...h.problems()]);
      return;
    }
    const declared = await page.evaluate(readPage);
    const { pieces } = expectations(bin, declared);
    const rest = await read(page);
    const info = await page.evaluate(() => ({
      lang: document.documentElement.getAttribute('lang') || '',
      h1: ((document.querySelector('h1') || {}).textContent || '').trim(),
      images: Object.fromEntries([...document.querySelectorAll('td[data-piece]')].map((td) => {
        const img = td.querySelector('img');
        return [td.id, img ? img.getAttribute('src') : null];
      })),
    }));
    const startProblems = [...Object.keys(rest.marks).map((id) => `${id} marked at rest`), ...h.problems()];
    if (rest.pressed.length) startProblems.push(`aria-pressed="true" at rest on ${rest.pressed.join(', ')}`);
    if (pieces.length < 2) startProblems.push(`${pieces.length} declared piece(s); the checks need two`);
    record(`${label}: the module starts, ${pieces.length} declared pieces at rest`, startProblems);
    if (pieces.length < 2) return;
    const page$ = { h, page, label, pieces, rest, info };

    // The names before anything is pressed; the keyboard before the
    // mouse: Tab must start from the top of a page where nothing was
    // clicked yet (a click moves the browser's sequential focus starting
    // point to the cell clicked).
    await a11yNames(env, page$);
    await keyboardChecks(env, page$);
    await releaseChecks(env, page$);
    await a11ySentences(env, page$);
    await a11yAxe(env, page$, legacy);
    record(`${label}: no console message, nothing thrown (mouse and keyboard)`,
      [...h.problems(), ...h.consoleMessages.filter((m) => m.type !== 'error').map((m) => `console.${m.type}: ${m.text}`)]);
  } finally {
    await h.close();
  }
}

// Runs one check: its problems, then the page's own (thrown, console
// errors); afterwards the page must be at rest with the button up, else it
// is reloaded so that one failure does not spill into the next check.
function checker(env, { h, label, rest }) {
  return async (title, steps) => {
    const problems = await runSteps(h, steps, { release: true });
    env.record(`${label}: ${title}`, problems);
    let clean = !problems.length;
    if (clean) {
      try {
        await h.page.keyboard.press('Escape');
        clean = !restProblems(await read(h.page), rest, '').length;
      } catch {
        clean = false;
      }
    }
    if (!clean) {
      await h.page.reload({ waitUntil: 'load' });
      await waitReady(h.page);
    }
  };
}

// ---------------------------------------------------------------- release

async function releaseChecks(env, p$) {
  const { browser } = env;
  const { h, page, pieces, rest } = p$;
  const check = checker(env, p$);
  const [a, b] = twoPieces(pieces);

  const press = async (problems, piece, when) => {
    await pressCell(page, piece.id);
    const held = await read(page);
    problems.push(...showsProblems(held, piece, rest, `${when}, ${pieceLabel(piece)} held`));
    return held;
  };
  const atRest = async (problems, when) => problems.push(...restProblems(await read(page), rest, when));
  // The next press after the release: the other piece shows, its release
  // restores.
  const then = async (problems, piece) => {
    await press(problems, piece, 'the next press');
    await releaseMouse(page);
    await atRest(problems, `after the release of ${pieceLabel(piece)}`);
  };
  // The browser's own drag-and-drop of the piece's image cancelled (Firefox
  // starts one, Chromium over CDP does not: caps.nativeDrag), so that the
  // release is a pointerup away from the cell in both browsers (noDrag,
  // lib/visitor.mjs, as in release.mjs).
  await check(`release: press ${pieceLabel(a)}, move far off the board, release there; then press ${pieceLabel(b)}`, async (problems) => {
    await noDrag(page, true);
    await press(problems, a, 'pressed');
    const far = await farPoint(page);
    await page.mouse.move(far.x, far.y, { steps: 8 });
    const under = await cellAt(page, far);
    if (/^sq/.test(under)) problems.push(`test setup: the far point (${far.x}, ${far.y}) is over cell ${under}`);
    await countReleases(page);
    await releaseMouse(page);
    const n = await releaseCounts(page);
    await noDrag(page, false);
    if (n.pointerup !== 1) problems.push(`test setup: the window saw ${n.pointerup} pointerup events, expected 1`);
    await atRest(problems, `after the release over ${under}`);
    await then(problems, b);
  });

  await check(`release: press ${pieceLabel(b)}, drag its image far off the board (the browser's drag-and-drop allowed), release; then press ${pieceLabel(a)}`, async (problems) => {
    await countDrags(page);
    await press(problems, b, 'pressed');
    const far = await farPoint(page);
    await page.mouse.move(far.x, far.y, { steps: 8 });
    await releaseMouse(page);
    const n = await dragCounts(page);
    const dragged = n.dragstart > 0;
    problems.push(...dragProblems(browser, n));
    env.dragNotes.add(`${browser.label}: pressing a piece's image and moving away ${dragged ? "started the browser's drag-and-drop (dragstart, pointercancel): the drag's pointercancel ended the diagram" : 'started no drag-and-drop: the pointerup ended the diagram'}`);
    await atRest(problems, 'after the drag and release');
    await then(problems, a);
  });

  await check(`release: press ${pieceLabel(a)}, window blur, release; then press ${pieceLabel(b)}`, async (problems) => {
    await press(problems, a, 'pressed');
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await atRest(problems, 'after window blur, button still down');
    await releaseMouse(page);
    await atRest(problems, 'after the release that followed the blur');
    await then(problems, b);
  });

  await check(`release: press ${pieceLabel(b)}, pointercancel, release; then press ${pieceLabel(a)}`, async (problems) => {
    await press(problems, b, 'pressed');
    await page.evaluate(() => window.dispatchEvent(new PointerEvent('pointercancel', { pointerType: 'mouse', pointerId: 1, isPrimary: true })));
    await atRest(problems, 'after pointercancel, button still down');
    await releaseMouse(page);
    await atRest(problems, 'after the release that followed pointercancel');
    await then(problems, a);
  });

  // visibilitychange while visible changes nothing; with document.hidden
  // faked true (an own getter on document shadows Document.prototype's, in
  // both browsers) it restores.
  await check(`release: press ${pieceLabel(a)}, visibilitychange (visible: kept), visibilitychange with document.hidden faked true, release; then press ${pieceLabel(b)}`, async (problems) => {
    const held = await press(problems, a, 'pressed');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const still = await read(page);
    if (still.board !== held.board || still.piece !== held.piece) problems.push('a visibilitychange with document.hidden false changed the diagram');
    if (!(await fakeHidden(page))) problems.push('test setup: could not fake document.hidden');
    await atRest(problems, 'after visibilitychange (hidden), button still down');
    await releaseMouse(page);
    await atRest(problems, 'after the release');
    await then(problems, b);
  });

  // Hidden for real, as in release.mjs: another tab of the same context
  // brought to front (blur, then visibilitychange with document.hidden
  // true, in both browsers); the blur is kept from the module by the
  // init script's listener, and a synthetic blur first proves that it is.
  await check(`release: press ${pieceLabel(b)}, the tab hidden for real behind another (blur kept from the module) and shown again, release; then press ${pieceLabel(a)}`, async (problems) => {
    await watchVisibility(page);
    try {
      const held = await press(problems, b, 'pressed');
      await page.evaluate(() => window.dispatchEvent(new Event('blur')));
      const still = await read(page);
      if (still.board !== held.board || still.piece !== held.piece) {
        problems.push("test setup: a blur stopped by the test's listener still reached the module (the diagram went)");
      }
      await hideAndShow(h, problems);
    } finally {
      const seen = await visibilitySeen(page);
      env.hideNotes.add(`${browser.label}, the tab hidden for real and shown again: the page saw ${seen.join(', ')}`);
    }
    await atRest(problems, 'after the tab was hidden and shown again, button still down');
    await releaseMouse(page);
    await atRest(problems, 'after the release');
    await then(problems, a);
  });
}

// ---------------------------------------------------------------- touch

async function touchPage(env, url, label) {
  const { browser, bin, record, notes } = env;
  const h = await openPage(browser, url, { touch: true });
  try {
    const { page } = h;
    const state = await waitReady(page);
    if (state !== 'ready') {
      record(`${label}: touch: the module starts`, [`data-glance is ${state}`, ...h.problems()]);
      return;
    }
    // The browsers tap differently, the checks are the same (touch.mjs):
    // Chromium emulates a touch screen and page.tap() sends CDP touch
    // events; Firefox emulates no device and page.tap() is a BiDi pointer
    // action of type "touch".  The module tells touch from the mouse by
    // the pointerdown's pointerType alone.
    const device = await page.evaluate(() => navigator.maxTouchPoints);
    if (browser.caps.touchEmulation && !(device > 0)) {
      record(`${label}: touch-screen emulation`, [`expected ${browser.label} to emulate a touch screen; navigator.maxTouchPoints is ${device}`]);
    }
    if (!notes.some((n) => n.startsWith(`${browser.label} taps:`))) {
      notes.push(browser.caps.touchEmulation
        ? `${browser.label} taps: a touch screen emulated (navigator.maxTouchPoints ${device}); taps are CDP touch events`
        : `${browser.label} taps: no touch-screen emulation (navigator.maxTouchPoints ${device}); taps are WebDriver BiDi touch pointer actions, seen as pointerType "touch"`);
    }
    const declared = await page.evaluate(readPage);
    const { pieces } = expectations(bin, declared);
    if (pieces.length < 2) return;
    const rest = await read(page);
    const [a, b] = twoPieces(pieces);
    const pieceIds = new Set(pieces.map((p) => p.id));
    // An empty board square that b does not mark.
    const plain = await page.evaluate((skip) => {
      const td = [...document.querySelectorAll('table.board td.n[id^=sq]')]
        .find((c) => !c.hasAttribute('data-piece') && !c.querySelector('img') && !skip.includes(c.id));
      return td ? td.id : null;
    }, Object.keys(b.marks));

    // Counters: mouse events reaching the document, touch pointerdowns on
    // a button and whether they were cancelled, and the cells gaining
    // data-glance-show (each at most once per tap).
    await installTapCounters(page);

    // Taps `target` (a cell id or a selector), waits, checks: `shows` the
    // piece that must show afterwards (null: the page at rest).
    let noClick = 0;
    const tap = async (title, target, shows) => record(`${label}: touch: ${title}`, await runSteps(h, async (problems) => {
      await takeTapCounts(page);
      await page.evaluate(() => {
        window.__clicked = new Promise((r) => window.addEventListener('click', () => r(true), { once: true, capture: true }));
      });
      await page.tap(/^sq\d+x\d+$/.test(target) ? `#${target}` : target);
      // The tap's click comes last, after any emulated mouse event (both
      // browsers send it within the tap here): waited for, 400 ms at
      // most, then a little more.
      const clicked = await page.evaluate(() => Promise.race([window.__clicked, new Promise((r) => setTimeout(() => r(false), 400))]));
      if (!clicked) noClick++;
      await sleep(50);
      const now = await read(page);
      const n = await takeTapCounts(page);
      if (shows) problems.push(...showsProblems(now, shows, rest, 'after the tap'));
      else problems.push(...restProblems(now, rest, 'after the tap'));
      // On a piece the pointerdown is cancelled, so no emulated mouse
      // event comes; elsewhere they come and must change nothing.
      problems.push(...tapEventProblems(n, pieceIds.has(target)));
      const want = shows ? Object.keys(shows.marks).length : 0;
      if (n.inserted !== want || n.twice.length) {
        problems.push(`the tap painted ${n.inserted} cell(s), expected ${want}${n.twice.length ? `; painted twice: ${n.twice.slice(0, 6).join(', ')}` : ''}`);
      }
    }));

    await tap(`tap ${pieceLabel(a)}: shows, stays after the finger lifts`, a.id, a);
    await tap(`tap ${pieceLabel(b)}: switches`, b.id, b);
    await tap(`tap ${pieceLabel(b)} again: clears`, b.id, null);
    await tap(`tap ${pieceLabel(a)}: shows`, a.id, a);
    await tap('tap the heading (off the board): clears', 'h1', null);
    if (plain) {
      await tap(`tap ${pieceLabel(b)}: shows`, b.id, b);
      await tap(`tap ${plain} (an empty square): clears`, plain, null);
    } else {
      record(`${label}: touch: an empty square to tap`, ['the board has no empty square']);
    }
    if (noClick) notes.push(`${label}: ${noClick} tap(s) gave no click within 400 ms (read after 450 ms)`);
  } finally {
    await h.close();
  }
}

// ---------------------------------------------------------------- keyboard

async function keyboardChecks(env, p$) {
  const { page, label, pieces, rest } = p$;
  const check = checker(env, p$);
  const ids = pieces.map((p) => p.id);
  const byId = new Map(pieces.map((p) => [p.id, p]));

  const shows = async (problems, piece, when) => problems.push(...showsProblems(await read(page), piece, rest, when));
  const atRest = async (problems, when) => problems.push(...restProblems(await read(page), rest, when));

  // Tab order and focus ring (keyboard.mjs): the module gives each
  // declared cell tabindex="0" and no other cell one; both browsers move
  // focus through them in document order.  Where focus goes after the last
  // piece is printed in a note.
  await check(`keyboard: Tab reaches the ${pieces.length} declared cells in document order, focus visible`, async (problems) => {
    const tabbed = await tabOrder(page, ids, 'cells not declared');
    if (tabbed.exit !== null) env.tabExits.push(`${label} ${tabbed.exit}`);
    problems.push(...tabbed.problems);
    await atRest(problems, 'after the Tabs');
  });

  const toggles = { shows: (problems, id, when) => shows(problems, byId.get(id), when), atRest };
  await check('keyboard: Enter shows each piece\'s diagram, Enter again clears', async (problems) => {
    await toggleEach(page, problems, ids, 'Enter', toggles);
  });
  await check('keyboard: Space shows each piece\'s diagram, Space again clears, the page does not scroll', async (problems) => {
    await toggleEach(page, problems, ids, ' ', toggles);
  });
  // Enter on the last piece, then on the first; Tab then moves focus to
  // the second piece, inside the page (after the last piece a page may
  // have nothing focusable, and focus leaving the document blurs the
  // window, which clears).
  const a = pieces[pieces.length - 1];
  const b = pieces[0];
  await check(`keyboard: Escape clears (${pieceLabel(b)} shown by Enter)`, async (problems) => {
    await focusCell(page, b.id);
    await page.keyboard.press('Enter');
    await shows(problems, b, 'after Enter');
    await page.keyboard.press('Escape');
    await atRest(problems, 'after Escape');
  });
  await check(`keyboard: Enter on ${a.id}, then Enter on ${b.id} switches; Tab keeps it; Escape clears`, async (problems) => {
    await focusCell(page, a.id);
    await page.keyboard.press('Enter');
    await shows(problems, a, `after Enter on ${a.id}`);
    await focusCell(page, b.id);
    await page.keyboard.press('Enter');
    await shows(problems, b, `after Enter on ${b.id}`);
    await page.keyboard.press('Tab');
    await shows(problems, b, `after Tab (to ${pieces[1].id})`);
    await page.keyboard.press('Escape');
    await atRest(problems, 'after Escape');
  });

  // Arrow keys from every piece, in every direction.
  let ties = 0;
  await check(`keyboard: arrow keys from each of the ${pieces.length} pieces`, async (problems) => {
    ties += await arrowMoves(page, problems, pieces);
    await atRest(problems, 'after the arrow keys');
  });
  if (ties) env.notes.push(`${label}: ${ties} arrow moves had several equally near pieces (any of them accepted)`);
}

// ---------------------------------------------------------------- a11y

// The accessible name of a declared cell: its row's name, ", " and its
// side in the page's words ("Dame, Blancs"), whatever its image.
function expectedName(piece, words) {
  if (!piece.row.name) {
    // A cell with no words (a demonstration the page does not name): its
    // image's name, spaced ("Black Pawn").
    const file = (piece.image || '').split('/').pop().split('.')[0];
    return file.replace(/(?!^)([A-Z])/g, ' $1');
  }
  return `${piece.row.name.replace(/:$/, '')}, ${words.sides[piece.black ? 1 : 0]}`;
}

// The sentence of a held piece: its name and ".", then for each kind of
// mark (in the order of Mark::ALL) the language's words and the squares,
// by file then rank, then the remarks, each ending with ".".
function expectedSentence(piece, words) {
  const alg = (sq) => [sq.charCodeAt(0), Number(sq.slice(1))];
  let out = `${piece.row.name.replace(/:$/, '')}.`;
  // A demonstration: each cell in its order, "Black King on c10." or
  // "Empty: a10." (src/board/scene.rs, Scene::sentence_in).
  for (const [sq, image] of piece.demoSquares || []) {
    out += image ? ` ${image.replace(/(?!^)([A-Z])/g, ' $1')} ${words.on} ${sq}.` : ` ${words.empty} ${sq}.`;
  }
  MARK_ORDER.forEach((mark, i) => {
    const squares = Object.entries(piece.squares).filter(([, m]) => m === mark).map(([sq]) => sq)
      .sort((p, q) => alg(p)[0] - alg(q)[0] || alg(p)[1] - alg(q)[1]);
    if (squares.length) out += ` ${words.verbs[i]} ${squares.join(', ')}.`;
  });
  if (piece.row.remarks) out += ` ${piece.row.remarks}${piece.row.remarks.endsWith('.') ? '' : '.'}`;
  return out;
}

async function a11yNames(env, p$) {
  const { record } = env;
  const { h, page, label, pieces, info } = p$;
  const words = wordsOf(info.lang);
  const want = pieces.map((p) => ({ id: p.id, name: expectedName(p, words) }));
  const tableName = info.h1 ? `${info.h1}${words.colon}${words.board}` : words.board[0].toUpperCase() + words.board.slice(1);
  const before = h.problems().length;
  {
    const problems = await ariaProblems(page, want, tableName);
    const names = [...new Set(want.map((w) => w.name))];
    record(`${label}: a11y: the ${want.length} declared cells found as buttons by their exact names (${names.map((n) => JSON.stringify(n)).join(', ')}), in document order; the board as a table named ${JSON.stringify(tableName)}`, problems);
  }

  const cdp = await cdpSession(h);
  const problems = [];
  if (!cdp) {
    // Without the tree: the live region as the DOM declares it.
    problems.push(...await domLiveRegionProblems(page));
    problems.push(...h.problems().slice(before));
    record(`${label}: a11y: #piece declared as the one polite, atomic live region (DOM attributes: ${h.browser.label} has no accessibility-tree read)`, problems);
    return;
  }
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const got = await treeButtons(cdp, nodes);
    if (buttonList(got) !== buttonList(want)) problems.push(`buttons in the accessibility tree:\n      ${buttonList(got)}\n    expected:\n      ${buttonList(want)}`);
    const { live, atomic } = politeRegions(nodes);
    const liveIds = [];
    for (const n of live) {
      if (n.backendDOMNodeId === undefined) continue;
      liveIds.push(await nodeId(cdp, n.backendDOMNodeId));
    }
    if (live.length !== 1 || liveIds.join() !== 'piece' || !atomic) {
      problems.push(`expected #piece as the one polite, atomic live region; found ${live.length} polite region(s) [${liveIds.join(', ')}]${atomic ? '' : ', none atomic'}`);
    }
    problems.push(...h.problems().slice(before));
    record(`${label}: a11y: the buttons' names and order in the accessibility tree; #piece the one polite, atomic live region`, problems);
  } finally {
    await cdp.detach();
  }
}

// Every declared piece pressed with the mouse: one sentence in #piece,
// exactly the expected one in the page's language, and the live region
// exposes it alone.
async function a11ySentences(env, p$) {
  const { record, notes } = env;
  const { h, page, label, pieces, rest, info } = p$;
  const words = wordsOf(info.lang);
  const problems = [];
  const before = h.problems().length;
  const cdp = await cdpSession(h);
  let sample = null;
  try {
    for (const p of pieces) {
      const want = expectedSentence(p, words);
      await pressCell(page, p.id);
      const held = await read(page);
      // What the accessibility tree exposes inside the live region (CDP);
      // else what the DOM leaves exposed: #piece's text outside
      // aria-hidden subtrees.
      const exposed = await exposedText(page, cdp);
      await releaseMouse(page);
      const where = pieceLabel(p);
      if (held.sentences !== 1) {
        problems.push(`${where}: ${held.sentences} [data-glance-sr] in #piece, expected 1`);
        continue;
      }
      if (!held.sentence.startsWith(`${p.row.name.replace(/:$/, '')}.`)) problems.push(`${where}: the sentence does not begin with the row's name and a full stop: ${JSON.stringify(held.sentence)}`);
      else if (held.sentence !== want) problems.push(`${where}: sentence\n      ${JSON.stringify(held.sentence)}\n    expected\n      ${JSON.stringify(want)}`);
      if (!sample) sample = held.sentence;
      problems.push(...exposedProblems(where, exposed, held.sentence, cdp));
    }
  } finally {
    if (cdp) await cdp.detach();
  }
  problems.push(...restProblems(await read(page), rest, 'at the end'));
  problems.push(...h.problems().slice(before));
  const lang = info.lang || '(none)';
  record(`${label}: a11y: the sentences of the ${pieces.length} pieces, in the words of lang ${lang}`, problems);
  if (sample && !notes.some((n) => n.startsWith(`lang ${lang}:`))) notes.push(`lang ${lang}: ${label} ${JSON.stringify(sample)}`);
}

// axe-core at rest and with the piece of most marks held.
async function a11yAxe(env, p$, legacy) {
  const { axePath, record, notes } = env;
  const { page, label, pieces, rest } = p$;
  const isLegacy = legacyFilter(legacy);
  // The elements present at rest: what the module inserts later (the
  // sentence, #piece's lines) is not the page's own markup.
  await markAtRest(page);
  const [held] = twoPieces(pieces);
  const found = [['at rest', await audit(page, axePath)]];
  await pressCell(page, held.id);
  const now = await read(page);
  const shownProblems = showsProblems(now, held, rest, 'while axe ran');
  found.push([`${pieceLabel(held)} held`, await audit(page, axePath)]);
  await releaseMouse(page);
  shownProblems.push(...restProblems(await read(page), rest, 'after the release'));
  const clean = [];
  for (const [when, violations] of found) {
    const problems = when === 'at rest' ? [] : [...shownProblems];
    problems.push(...axeProblems(violations, isLegacy));
    record(`${label}: a11y: axe ${when}: no serious or critical violation in the board or #piece of the module's doing`, problems);
    const added = addedViolations(violations, isLegacy);
    if (added.length) notes.push(`${label} ${when}, axe violations not found without the module: ${describe(added)}`);
    else clean.push(when);
  }
  if (legacy) notes.push(`${label}: axe without the module: ${describe(legacy)}${clean.length ? `; with it (${clean.join('; ')}) nothing more` : ''}`);
}
