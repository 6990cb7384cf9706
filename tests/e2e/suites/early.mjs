// Early presses: a mouse press made while the module is still loading is
// served once it is ready if the button is still down, and dropped if it
// was released before.  The module's loading is slowed down by 1.5 s (an
// init script holds back the promise that hands the module on) so that there is time to
// press before the module gets ready.  And the other way round: a module ready before the page is
// parsed serves a press made meanwhile once the page is parsed.
import { cellAt, observe, openPage, pressCell, releaseMouse, restDiffs, sleep, snapshot, startLoading, waitReady } from '../lib/browser.mjs';
import { diffCells, diffLines, handlerArgs, pieceLines, pressState } from '../lib/expect.mjs';
import { checksResult } from '../lib/check.mjs';

export const name = 'early';

const PAGE = 'Spartan.html';
const DELAY_MS = 1500;
// The end of the page held back this long in the last check: the module
// must get ready meanwhile (generous: the machine's cores are shared).
const TAIL_MS = 3000;

// Runs in the page before its scripts: the module's bytes arrive `delay`
// ms late. The loader hands its embedded module on in a promise
// (`Promise.resolve` of the base64 text, then unpacks and compiles it at
// once): that first promise is held back (and, for a loader that would use
// them, Response.arrayBuffer and WebAssembly.instantiate too).
function slowLoading(delay) {
  window.__slowed = 0;
  const later = (orig) => function (...args) {
    window.__slowed++;
    return new Promise((resolve) => setTimeout(resolve, delay)).then(() => orig.apply(this, args));
  };
  const resolve = Promise.resolve;
  Promise.resolve = function (value) {
    if (typeof value !== 'string' || value.length < 1000) return resolve.call(this, value);
    Promise.resolve = resolve;
    window.__slowed++;
    return new Promise((done) => setTimeout(() => done(value), delay));
  };
  Response.prototype.arrayBuffer = later(Response.prototype.arrayBuffer);
  WebAssembly.instantiate = later(WebAssembly.instantiate);
}

// Runs in the page before its scripts (an init script): cancels the
// browser's own drag-and-drop, and counts pointerup and pointercancel.
// Pressing a piece's <img> and moving away starts a drag of the image in
// Firefox (dragstart, then pointercancel and no pointerup); Chromium driven
// over CDP starts none.  Cancelled, the move-away check below releases the
// button with a pointerup in both browsers (release.mjs checks the drag).
function noNativeDrag() {
  window.__pointer = { pointerup: 0, pointercancel: 0 };
  window.addEventListener('dragstart', (e) => e.preventDefault(), true);
  window.addEventListener('pointerup', () => window.__pointer.pointerup++, true);
  window.addEventListener('pointercancel', () => window.__pointer.pointercancel++, true);
}

export async function run(ctx) {
  const { browser, server, site, expected } = ctx;
  const checks = [];
  const notes = [];
  const record = (label, problems) => checks.push({ label, problems });
  const data = expected[PAGE];
  if (!data || !site.has(`rules-html/${PAGE}`) || !site.has(`dist/${data.script}`)) {
    return checksResult(name, [{ label: 'setup', problems: [`needs rules-html/${PAGE}, its entry in expected.json and its script in dist/`] }], notes);
  }
  const url = `${server.url}/rules-html/${PAGE}`;

  // The page at rest after a normal load: the reference for "nothing shown".
  let snap;
  let pieces;
  {
    const h = await openPage(browser, url);
    try {
      const state = await waitReady(h.page);
      if (state !== 'ready') {
        record('normal load', [`module state ${state}`, ...h.problems()]);
        return checksResult(name, checks, notes);
      }
      snap = await snapshot(h.page);
      const present = await h.page.evaluate(() => {
        const out = {};
        for (const td of document.querySelectorAll('table.board td[id]')) out[td.id] = td.getAttribute('onmousedown');
        return out;
      });
      pieces = data.clicks.filter((c) => c.piece && handlerArgs(c.handler) && present[c.cell] === c.handler);
    } finally {
      await h.close();
    }
  }
  const rest = { ...snap.cells };
  const a = pieces.find((c) => c.handler === 'down_click(3,6)') || pieces[0];
  const b = pieces.find((c) => c.piece.name === 'Queen') || pieces.find((c) => c !== a);
  const label = (c) => `${c.cell} (${c.piece.name})`;

  const check = (title, body) => checkOn(browser, record, title, body);
  const slowLoad = (title, steps) => slowLoadOn(browser, record, url, title, steps);
  const ready = async (h, problems) => {
    const state = await waitReady(h.page);
    if (state !== 'ready') problems.push(`module state ${state}`);
    return state === 'ready';
  };
  const shows = async (h, problems, click, when) => {
    const now = await observe(h.page);
    const d = diffCells(pressState(rest, click), now.cells);
    if (d.length) problems.push(`${when}: ${d.slice(0, 6).join('; ')}${d.length > 6 ? `; ... ${d.length - 6} more` : ''}`);
    const dl = now.lines && diffLines(pieceLines(click), now.lines);
    if (dl) problems.push(`${when}: ${dl}`);
  };
  const atRest = async (h, problems, when) => {
    const now = await observe(h.page);
    problems.push(...restDiffs(snap, now).map((d) => `${when}: ${d}`));
  };

  await slowLoad(`press ${label(a)} while loading, hold until ready: the diagram shows; release clears`, async (h, problems) => {
    await pressCell(h.page, a.cell);
    await notReadyYet(h, problems, 'the press');
    if (!(await ready(h, problems))) return;
    await shows(h, problems, a, 'held through loading, once ready');
    await releaseMouse(h.page);
    await atRest(h, problems, 'after the release');
    // And the module works normally afterwards.
    await pressCell(h.page, b.cell);
    await shows(h, problems, b, `then ${label(b)} held`);
    await releaseMouse(h.page);
    await atRest(h, problems, `after releasing ${label(b)}`);
  });

  await slowLoad(`press and release ${label(a)} while loading: nothing shows once ready`, async (h, problems) => {
    await pressCell(h.page, a.cell);
    await releaseMouse(h.page);
    await notReadyYet(h, problems, 'the release');
    if (!(await ready(h, problems))) return;
    await atRest(h, problems, 'once ready');
  });

  // The button released away from the cell, where its onmouseup cannot
  // run: the press must be dropped all the same.
  await slowLoad(`press ${label(a)} while loading, release off the board while loading: nothing shows once ready`, async (h, problems) => {
    await pressCell(h.page, a.cell);
    const far = await h.page.evaluate(() => {
      const t = document.querySelector('table.board').getBoundingClientRect();
      const x = t.right + 40 < window.innerWidth ? window.innerWidth - 5 : 5;
      const y = t.top > 60 ? 5 : window.innerHeight - 5;
      return { x, y };
    });
    await h.page.mouse.move(far.x, far.y, { steps: 5 });
    const under = await cellAt(h.page, far);
    if (/^sq/.test(under)) problems.push(`test setup: released over cell ${under}`);
    await releaseMouse(h.page);
    const seen = await h.page.evaluate(() => window.__pointer);
    if (seen.pointerup !== 1 || seen.pointercancel !== 0) problems.push(`test setup: the window saw ${seen.pointerup} pointerup and ${seen.pointercancel} pointercancel, expected one pointerup`);
    await notReadyYet(h, problems, 'the release');
    if (!(await ready(h, problems))) return;
    const before = problems.length;
    await atRest(h, problems, `once ready (released over ${under} while loading)`);
    if (problems.length > before) {
      problems.push('the press made while loading was served although the button went up before ready: released away from the cell, no inline up_click() ran to drop it');
    }
  });

  // The other way round: the module is ready while the page is still being
  // parsed (its end held back by the server). It reads the board at
  // DOMContentLoaded; a press made before then is served at that moment.
  await check(`module ready before the page is parsed: ${label(a)} pressed then shows once parsed; release clears`, async (h, problems) => {
    if (!(await readyWhileParsing(h, problems, url))) return;
    await pressCell(h.page, a.cell);
    const held = await h.page.evaluate(() => document.readyState);
    if (held !== 'loading') problems.push(`test setup: the page was parsed (${held}) before the press; the check proves nothing`);
    if ((await ready(h, problems)) && !problems.length) {
      await shows(h, problems, a, 'pressed while parsing, once parsed');
      await releaseMouse(h.page);
      await atRest(h, problems, 'after the release');
    }
  });

  await zeroPage(ctx, record);

  notes.push(`the module's loading delayed by ${DELAY_MS} ms with an init script; the page's end held back ${TAIL_MS} ms for the last check; the browser's own drag-and-drop of the piece image cancelled (Firefox starts one when the pressed mouse moves away, Chromium over CDP does not), so that the release off the board is a pointerup in both`);
  return checksResult(name, checks, notes);
}

// Runs `body(h, problems)` on a fresh blank page and records the check.
async function checkOn(browser, record, title, body) {
  const h = await openPage(browser, 'about:blank');
  const problems = [];
  try {
    await body(h, problems);
  } catch (e) {
    problems.push(`test step failed: ${e.message.split('\n')[0]}`);
  } finally {
    problems.push(...h.problems());
    await h.close();
  }
  record(title, problems);
}

// Opens `url` with a slow module; runs `steps(h, problems)`, which starts
// while the module is loading.
function slowLoadOn(browser, record, url, title, steps) {
  return checkOn(browser, record, title, async (h, problems) => {
    await h.page.evaluateOnNewDocument(slowLoading, DELAY_MS);
    await h.page.evaluateOnNewDocument(noNativeDrag);
    const t0 = Date.now();
    await h.page.goto(url, { waitUntil: 'load' });
    const early = await h.page.evaluate(() => ({ glance: document.documentElement.dataset.glance || '', slowed: window.__slowed }));
    if (early.glance === 'ready' || !early.slowed) {
      problems.push(`test setup: the module was ready ${Date.now() - t0} ms after navigation started, before the press (loading slowed ${early.slowed} times)`);
    } else {
      await steps(h, problems);
    }
  });
}

async function notReadyYet(h, problems, when) {
  const g = await h.page.evaluate(() => document.documentElement.dataset.glance || '');
  if (g === 'ready') problems.push(`test setup: the module got ready before ${when}; the check proves nothing`);
}

// Starts loading `url` with the page's end held back; true once the module
// is ready while the page is still being parsed (else says why not).
async function readyWhileParsing(h, problems, url) {
  startLoading(h, `${url}?slowtail=${TAIL_MS}`);
  await h.page.waitForFunction(() => document.documentElement.dataset.glance, { timeout: TAIL_MS, polling: 10 });
  const early = await h.page.evaluate(() => ({ glance: document.documentElement.dataset.glance, state: document.readyState }));
  if (early.glance !== 'ready' || early.state !== 'loading') {
    problems.push(`test setup: data-glance="${early.glance}" with the page ${early.state}; expected ready while loading`);
    return false;
  }
  return true;
}

// The same on a zero-code page (dist/glance.js: no inline handlers, the
// loader keeps the element a mouse press went down on): pressed while
// loading and held, the Knight's diagram shows once ready, exactly as a
// press on the ready page shows it; pressed and released while loading,
// nothing shows; pressed while the page is still being parsed, it shows
// once parsed.
const ZERO_PAGE = 'rules-html/zero/Spartan.html';
const ZERO_CELL = 'sq4x3';

async function zeroPage(ctx, record) {
  const { browser, server, site } = ctx;
  const title = `zero/Spartan.html ${ZERO_CELL} (Knight)`;
  if (!site.has(ZERO_PAGE) || !site.has('dist/glance.js')) {
    record(`${title}: setup`, [`needs ${ZERO_PAGE} and dist/glance.js`]);
    return;
  }
  const url = `${server.url}/${ZERO_PAGE}`;
  // The reference: the page at rest and the press on the ready page.
  let rest;
  let held;
  {
    const h = await openPage(browser, url);
    try {
      if (await waitReady(h.page) !== 'ready') {
        record(`${title}: normal load`, ['the module did not start', ...h.problems()]);
        return;
      }
      rest = await snapshot(h.page);
      await pressCell(h.page, ZERO_CELL);
      held = await snapshot(h.page);
      await releaseMouse(h.page);
      const marks = Object.values(held.cells).filter((v) => v !== rest.cells[ZERO_CELL] && /^(yellow|orange|green|red)/.test(v)).length;
      if (marks !== 8) {
        record(`${title}: normal load`, [`a press on the ready page shows ${marks} marks, expected the Knight's 8`]);
        return;
      }
    } finally {
      await h.close();
    }
  }
  const same = (now, ref, when) => {
    const out = [];
    if (now.boardHtml !== ref.boardHtml) out.push(`${when}: the board is not ${ref === held ? 'what a press on the ready page shows' : 'at rest'}`);
    if (now.pieceHtml !== ref.pieceHtml) out.push(`${when}: #piece is ${JSON.stringify(now.pieceHtml)}, expected ${JSON.stringify(ref.pieceHtml)}`);
    return out;
  };
  const slow = (label, steps) => slowLoadOn(browser, record, url, `${title}: ${label}`, steps);
  await slow('pressed while loading and held: shows once ready; release clears', async (h, problems) => {
    await pressCell(h.page, ZERO_CELL);
    await notReadyYet(h, problems, 'the press');
    if (await waitReady(h.page) !== 'ready') return problems.push('the module did not start');
    problems.push(...same(await snapshot(h.page), held, 'once ready'));
    await releaseMouse(h.page);
    problems.push(...same(await snapshot(h.page), rest, 'after the release'));
  });
  await slow('pressed and released while loading: nothing shows once ready', async (h, problems) => {
    await pressCell(h.page, ZERO_CELL);
    await releaseMouse(h.page);
    await notReadyYet(h, problems, 'the release');
    if (await waitReady(h.page) !== 'ready') return problems.push('the module did not start');
    problems.push(...same(await snapshot(h.page), rest, 'once ready'));
  });

  // Ready before the page is parsed: the press is served at DOMContentLoaded.
  await checkOn(browser, record, `${title}: module ready before the page is parsed: the press shows once parsed; release clears`, async (h, problems) => {
    if (!(await readyWhileParsing(h, problems, url))) return;
    await pressCell(h.page, ZERO_CELL);
    const parsed = await h.page.evaluate(() => document.readyState);
    if (parsed !== 'loading') problems.push(`test setup: the page was parsed (${parsed}) before the press`);
    await h.page.waitForFunction(() => document.readyState !== 'loading', { timeout: TAIL_MS * 3, polling: 20 });
    await sleep(100);
    problems.push(...same(await snapshot(h.page), held, 'pressed while parsing, once parsed'));
    await releaseMouse(h.page);
    problems.push(...same(await snapshot(h.page), rest, 'after the release'));
  });
}
