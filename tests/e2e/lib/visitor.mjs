// What a visitor does to a page, shared by the suites that check it on the
// legacy pages (release, touch, keyboard) and on the zero-code pages
// (zerovisit): ending a press in other ways than a release over the cell
// (far away, an image drag, a hidden tab...), counting what a tap sends,
// and the keyboard's Tab order, toggles and arrow keys.  Each function
// checks one thing the same way wherever it is called; what a piece must
// show is the caller's (`shows` / `atRest` callbacks).
import { sleep } from './browser.mjs';

// ---------------------------------------------------------------- release

// Runs in the page before its scripts (an init script:
// page.evaluateOnNewDocument(blurStopper)): a capturing blur listener on
// the window that, while switched on (window.__blurStop.on), keeps the
// window's blur from every later listener (the module's).  It must be added
// before the module's: at the target, Firefox runs capturing listeners
// first, but Chromium (156) runs them in the order they were added.
export function blurStopper() {
  window.__blurStop = { on: false, seen: [] };
  window.addEventListener('blur', (e) => {
    if (!window.__blurStop.on || e.target !== window) return;
    window.__blurStop.seen.push('blur (stopped)');
    e.stopImmediatePropagation();
  }, true);
}

// A point of the viewport far from the board table, over no cell.
export function farPoint(page) {
  return page.evaluate(() => {
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
}

// Pressing a piece's <img> and moving away starts the browser's own
// drag-and-drop of the image where the browser runs one: Firefox does
// (dragstart, then pointercancel, and no pointerup or mouseup at the
// release); Chromium driven over CDP does not (caps.nativeDrag).  With
// `noDrag(page, true)` a listener of the test's own cancels dragstart, so
// that in both browsers the release is a pointerup away from the cell;
// `noDrag(page, false)` removes it.
export function noDrag(page, on) {
  return page.evaluate((enable) => {
    if (!window.__noDrag) window.__noDrag = (e) => e.preventDefault();
    if (enable) window.addEventListener('dragstart', window.__noDrag, true);
    else window.removeEventListener('dragstart', window.__noDrag, true);
  }, on);
}

// Starts counting the pointerups the window sees (and, with `upClick`, the
// page's up_click() calls), to make sure a release away from the cell is
// served by the module's own listener and not by a cell's inline
// onmouseup.  `releaseCounts` stops counting and returns { upClick,
// pointerup }.
export function countReleases(page, { upClick = false } = {}) {
  return page.evaluate((wrap) => {
    const c = { upClick: 0, pointerup: 0 };
    const orig = window.up_click;
    if (wrap) window.up_click = function (...args) { c.upClick++; return orig.apply(this, args); };
    const onUp = () => { c.pointerup++; };
    window.addEventListener('pointerup', onUp, true);
    window.__releaseCount = () => {
      if (wrap) window.up_click = orig;
      window.removeEventListener('pointerup', onUp, true);
      return c;
    };
  }, upClick);
}
export const releaseCounts = (page) => page.evaluate(() => window.__releaseCount());

// Starts counting dragstart, pointercancel and pointerup on the window;
// `dragCounts` stops counting and returns the counts.
export function countDrags(page) {
  return page.evaluate(() => {
    const c = { dragstart: 0, pointercancel: 0, pointerup: 0 };
    window.__dragCount = c;
    window.__dragCounters = Object.keys(c).map((t) => [t, () => c[t]++]);
    for (const [t, f] of window.__dragCounters) window.addEventListener(t, f, true);
  });
}
export function dragCounts(page) {
  return page.evaluate(() => {
    for (const [t, f] of window.__dragCounters) window.removeEventListener(t, f, true);
    return window.__dragCount;
  });
}

// The problem, if any, of a press dragged away with the browser's own
// drag-and-drop allowed: the browser must start a drag of the image exactly
// where caps.nativeDrag says it does.
export function dragProblems(browser, n) {
  if ((n.dragstart > 0) === browser.caps.nativeDrag) return [];
  return [`test setup: expected ${browser.label} ${browser.caps.nativeDrag ? 'to start' : 'not to start'} a drag of the piece image; saw ${n.dragstart} dragstart`];
}

// visibilitychange alone, the page not really hidden: an own getter on the
// document shadows Document.prototype's, which is what the module reads
// (the same in both browsers).  Returns whether the fake took and was
// undone.
export function fakeHidden(page) {
  return page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    const ok = document.hidden === true;
    delete document.hidden;
    delete document.visibilityState;
    return ok && document.hidden === false;
  });
}

// Before the tab is hidden for real: the blurStopper switched on, and the
// page's blur and visibilitychange events recorded (window.__seen);
// `visibilitySeen` switches the blurStopper off and returns them.
export function watchVisibility(page) {
  return page.evaluate(() => {
    window.__seen = [];
    window.__blurStop.on = true;
    window.__blurStop.seen = window.__seen;
    if (!window.__seeVisibility) {
      window.__seeVisibility = true;
      document.addEventListener('visibilitychange', () => window.__seen && window.__seen.push(document.hidden ? 'hidden' : 'visible'));
    }
  });
}
export function visibilitySeen(page) {
  return page.evaluate(() => {
    window.__blurStop.on = false;
    return window.__seen;
  });
}

// Hides the handle's page for real, behind another tab of the same browser
// context brought to front (both browsers fire blur, then visibilitychange
// with document.hidden true), then shows it again (visibilitychange):
// waits up to 10 s for each; what does not happen is a test-setup problem.
export async function hideAndShow(h, problems) {
  const { page } = h;
  const other = await h.context.newPage();
  let hidden = false;
  for (let i = 0; i < 200 && !hidden; i++) {
    hidden = await page.evaluate(() => document.hidden);
    if (!hidden) await sleep(50);
  }
  if (!hidden) problems.push(`test setup: ${h.browser.label} did not hide the tab behind another one`);
  await other.close();
  await page.bringToFront();
  let visible = false;
  for (let i = 0; i < 200 && !visible; i++) {
    visible = !(await page.evaluate(() => document.hidden));
    if (!visible) await sleep(50);
  }
  if (!visible) problems.push('test setup: the tab was not shown again');
}

// ---------------------------------------------------------------- touch

// Counters for taps, installed once in the page: mouse events reaching the
// document, touch pointerdowns on a button (td[role=button]) and whether
// they were cancelled, the cells gaining the module's data-glance-show
// (`inserted`; `twice`: the cells that gained it twice since the last
// count), and, with `globals`, the calls of down_click() and up_click().
// `takeTapCounts` returns the counts and starts them again from zero.
export function installTapCounters(page, { globals = false } = {}) {
  return page.evaluate((wrap) => {
    const c = { downClick: 0, upClick: 0, mousedown: 0, mouseup: 0, touchDowns: 0, touchDownsPrevented: 0, inserted: 0, twice: [], adds: {} };
    window.__touchCount = c;
    if (wrap) {
      const down = window.down_click, up = window.up_click;
      window.down_click = function (...args) { c.downClick++; return down.apply(this, args); };
      window.up_click = function (...args) { c.upClick++; return up.apply(this, args); };
    }
    document.addEventListener('mousedown', () => c.mousedown++, true);
    document.addEventListener('mouseup', () => c.mouseup++, true);
    // On the window, bubbling: runs after the module's document listener.
    window.addEventListener('pointerdown', (e) => {
      if (e.pointerType === 'mouse') return;
      if (!(e.target instanceof Element) || !e.target.closest('td[role=button]')) return;
      c.touchDowns++;
      if (e.defaultPrevented) c.touchDownsPrevented++;
    });
    // A cell is painted when it gains the module's data-glance-show.
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.oldValue !== null) continue;
        const id = r.target.id;
        c.adds[id] = (c.adds[id] || 0) + 1;
        if (c.adds[id] === 2) c.twice.push(id);
        if (r.target.hasAttribute('data-glance-show')) c.inserted++;
      }
    }).observe(document.querySelector('table.board'), { attributes: true, attributeFilter: ['data-glance-show'], attributeOldValue: true, subtree: true });
  }, globals);
}
export function takeTapCounts(page) {
  return page.evaluate(() => {
    const c = window.__touchCount;
    const out = JSON.parse(JSON.stringify(c));
    for (const k of Object.keys(c)) c[k] = Array.isArray(c[k]) ? [] : typeof c[k] === 'object' ? {} : 0;
    return out;
  });
}

// The problems of a tap's events (`n`: takeTapCounts after the tap): on a
// piece the pointerdown is cancelled, so no emulated mouse event comes;
// elsewhere they come (and must change nothing, which the caller checks).
export function tapEventProblems(n, onPiece) {
  const problems = [];
  if (onPiece && (n.mousedown || n.mouseup)) problems.push(`${n.mousedown} mousedown and ${n.mouseup} mouseup event(s) reached the document; the cancelled pointerdown should suppress them`);
  if (onPiece && n.touchDowns !== 1) problems.push(`test setup: saw ${n.touchDowns} touch pointerdowns on the piece, expected 1`);
  if (n.touchDownsPrevented !== n.touchDowns) problems.push(`pointerdown on a piece not cancelled (${n.touchDownsPrevented} of ${n.touchDowns} had defaultPrevented)`);
  return problems;
}

// ---------------------------------------------------------------- keyboard

export const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

// Focuses a cell by script; true if it got the focus.
export function focusCell(page, id) {
  return page.evaluate((cellId) => {
    const el = document.getElementById(cellId);
    el.focus();
    return document.activeElement === el;
  }, id);
}

// The focused element: its id, `<tag>` without one, '(body)' for none.
export function focusedId(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return !el || el === document.body ? '(body)' : el.id || `<${el.localName}>`;
  });
}

/**
 * Tab from the top of the page (focus dropped, scrolled to the top) until
 * focus leaves the board after the last cell (at most ids.length + 25
 * Tabs): the board cells reached must be `ids`, in that order, each with a
 * visible focus ring (:focus-visible and an outline).  `others` names the
 * cells that should not get focus ("cells without a piece").  Returns {
 * problems, exit: the id (or <tag>) focus went to after the board, or null
 * }.  Only board cells are counted: the browsers' Tab rules differ for
 * links and form controls, outside the board.
 */
export async function tabOrder(page, ids, others) {
  const problems = [];
  await page.evaluate(() => {
    if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  const seen = [];
  const rings = [];
  let exit = null;
  for (let i = 0; i < ids.length + 25; i++) {
    await page.keyboard.press('Tab');
    const a = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return { id: '(body)', sq: false };
      const cs = getComputedStyle(el);
      return {
        id: el.id || `<${el.localName}>`,
        sq: /^sq\d+x\d+$/.test(el.id) && !!el.closest('table.board'),
        visible: el.matches(':focus-visible'),
        style: cs.outlineStyle,
        width: cs.outlineWidth,
      };
    });
    if (a.sq) {
      seen.push(a.id);
      if (a.style === 'none' || a.width === '0px' || !a.visible) rings.push(`${a.id}: outline ${a.style} ${a.width}${a.visible ? '' : ', not :focus-visible'}`);
    } else if (seen.length) {
      exit = a.id;
      break;
    }
  }
  if (exit === null) problems.push(`focus did not leave the board after ${ids.length + 25} Tabs (seen: ${seen.join(' ')})`);
  if (seen.join(' ') !== ids.join(' ')) {
    problems.push(`Tab order ${seen.join(' ')}\n      expected ${ids.join(' ')}`);
    const extra = seen.filter((id) => !ids.includes(id));
    if (extra.length) problems.push(`${others} got focus: ${extra.join(', ')}`);
  }
  if (rings.length) problems.push(`focus not visible: ${rings.join('; ')}`);
  return { problems, exit };
}

/**
 * Focuses each cell of `ids` and presses `key` ('Enter' or ' ') twice: the
 * first must show the cell's piece (`shows(problems, id, when)`), the
 * second clear it (`atRest(problems, when)`); Space must not scroll the
 * page.
 */
export async function toggleEach(page, problems, ids, key, { shows, atRest }) {
  const keyName = key === ' ' ? 'Space' : key;
  for (const id of ids) {
    if (!(await focusCell(page, id))) { problems.push(`${id}: cannot be focused`); continue; }
    const scrollBefore = key === ' ' ? await page.evaluate(() => window.scrollY) : 0;
    await page.keyboard.press(key);
    await shows(problems, id, `${id} after ${keyName}`);
    await page.keyboard.press(key);
    await atRest(problems, `${id} after ${keyName} again`);
    if (key === ' ') {
      const scrollAfter = await page.evaluate(() => window.scrollY);
      if (scrollAfter !== scrollBefore) problems.push(`${id}: Space scrolled the page (${scrollBefore} -> ${scrollAfter})`);
    }
  }
}

/**
 * The arrow keys from every cell of `cells` ({ id, x, y }, x the file and y
 * the rank), in every direction: focus must move to the nearest cell that
 * way (candidates strictly ahead, score 4 * |sideways offset| + distance
 * ahead, lowest wins; any of equally near ones), or stay where there is
 * none.  Pushes problems; returns how many moves had several equally near
 * cells.
 */
export async function arrowMoves(page, problems, cells) {
  let ties = 0;
  for (const from of cells) {
    for (const [key, [dx, dy]] of Object.entries(ARROWS)) {
      const scored = [];
      for (const c of cells) {
        const x = c.x - from.x, y = c.y - from.y;
        const ahead = x * dx + y * dy;
        const aside = Math.abs(x * dy - y * dx);
        if (ahead > 0) scored.push({ id: c.id, score: 4 * aside + ahead });
      }
      const best = scored.length ? Math.min(...scored.map((s) => s.score)) : null;
      const want = best === null ? [from.id] : scored.filter((s) => s.score === best).map((s) => s.id);
      if (want.length > 1) ties++;
      if (!(await focusCell(page, from.id))) { problems.push(`${from.id}: cannot be focused`); continue; }
      await page.keyboard.press(key);
      const got = await focusedId(page);
      if (!want.includes(got)) {
        problems.push(`${key} from ${from.id}: focus on ${got}, expected ${want.join(' or ')}${best === null ? ' (nothing that way: focus stays)' : ` (score ${best})`}`);
      }
    }
  }
  return ties;
}
