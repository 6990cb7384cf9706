// Browser side of the tests: launching Chromium or Firefox, opening a page
// while collecting its errors, waiting for the module, and reading what the
// board and #piece show.
//
// Both browsers are driven by puppeteer-core: Chromium over the Chrome
// DevTools Protocol (CDP), Firefox ESR over WebDriver BiDi.  The suites use
// one API (puppeteer's Page) in both; what only one browser can do is
// behind `browser.caps` and the helpers below, never behind a copy of a
// suite.  See README.md ("Two browsers").
import puppeteer from 'puppeteer-core';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const VIEWPORT = { width: 1000, height: 800 };

// The browsers the harness knows, in the order they run by default.
//   caps.cdp            CDP sessions (the accessibility tree, forced garbage
//                       collection): Chromium only; WebDriver BiDi has no
//                       equivalent.
//   caps.touchEmulation a touch-screen device is emulated when a page asks
//                       for touch (navigator.maxTouchPoints, a mobile
//                       viewport).  Firefox over BiDi taps with touch
//                       pointer actions but emulates no device.
//   caps.pointerOutsideViewport  the mouse can be moved outside the
//                       viewport: CDP dispatches the event there; WebDriver
//                       BiDi refuses ("move target out of bounds").
//   caps.nativeDrag     pressing an <img> and moving the mouse starts the
//                       browser's own drag-and-drop (dragstart, then
//                       pointercancel): Firefox does; Chromium's CDP mouse
//                       input runs no drag-and-drop (drags not intercepted).
export const BROWSERS = {
  chromium: {
    label: 'Chromium',
    binary: () => process.env.GLANCE_CHROMIUM || '/usr/bin/chromium',
    caps: { cdp: true, touchEmulation: true, pointerOutsideViewport: true, nativeDrag: false },
    launch: (executablePath) => puppeteer.launch({
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      defaultViewport: VIEWPORT,
      protocolTimeout: 120000,
    }),
  },
  firefox: {
    label: 'Firefox',
    binary: () => process.env.GLANCE_FIREFOX || '/usr/bin/firefox-esr',
    caps: { cdp: false, touchEmulation: false, pointerOutsideViewport: false, nativeDrag: true },
    launch: (executablePath) => puppeteer.launch({
      browser: 'firefox',
      executablePath,
      headless: true,
      defaultViewport: VIEWPORT,
      protocolTimeout: 120000,
    }),
  },
};

/**
 * Launches one browser by name ('chromium' or 'firefox').  Returns the
 * harness's handle: { name, label, caps, driver (puppeteer's Browser),
 * version, close() }.  Suites get it as ctx.browser.
 */
export async function launchBrowser(name = 'chromium') {
  const spec = BROWSERS[name];
  if (!spec) throw new Error(`unknown browser ${name}; known: ${Object.keys(BROWSERS).join(', ')}`);
  const driver = await spec.launch(spec.binary());
  return {
    name,
    label: spec.label,
    caps: { ...spec.caps },
    driver,
    version: await driver.version(),
    close: () => driver.close(),
  };
}

const READY_TIMEOUT = Number(process.env.GLANCE_READY_TIMEOUT_MS || 15000);

// A browser's report of something a Content-Security-Policy refused:
// Chromium's "Refused to ...", Firefox's "Content-Security-Policy: ...".
export const CSP_REPORT = /^Refused to |^Content-Security-Policy: |Content Security Policy/;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// An uncaught exception as { name, message }.  Over CDP puppeteer gives an
// Error with the page's name (SyntaxError...); over BiDi every one is an
// Error whose message starts with the page's "SyntaxError: ...".
function pageErrorOf(e) {
  if (!(e instanceof Error)) return { name: 'Error', message: `thrown ${typeof e}: ${String(e)}` };
  let { name, message } = e;
  const m = /^([A-Za-z]*Error): ([\s\S]*)$/.exec(message);
  if ((!name || name === 'Error') && m) [, name, message] = m;
  return { name: name || 'Error', message };
}

/**
 * Opens `url` in a fresh browser context and starts collecting problems.
 * Returns a handle: { page, context, browser, problems(), consoleMessages,
 *   pageErrors, allowSyntaxErrors: bool, close() }.
 * `touch: true` asks for a touch screen (see caps.touchEmulation);
 * `before(page)` runs before the page is loaded (init scripts...).
 * `problems()` lists uncaught exceptions and console errors, except
 *  - SyntaxErrors while `allowSyntaxErrors` is set (the pages' own broken
 *    `down_click(,)` handlers throw one when pressed), and
 *  - failures to load a resource other than a script or wasm (images and
 *    style sheets of the pages are not under test).
 */
export async function openPage(browser, url, { touch = false, before = null } = {}) {
  const context = await browser.driver.createBrowserContext();
  let page;
  try {
    page = await context.newPage();
    if (touch) await page.setViewport({ ...VIEWPORT, hasTouch: true, isMobile: true });
    if (before) await before(page);
  } catch (e) {
    await context.close().catch(() => {});
    throw e;
  }
  const h = {
    page,
    context,
    browser,
    pageErrors: [],
    consoleMessages: [],
    ignoredErrors: [],
    allowSyntaxErrors: false,
    pending: [],
    problems() {
      const out = [];
      for (const e of h.pageErrors) out.push(`uncaught ${e.name || 'error'}: ${e.message}`);
      for (const m of h.consoleMessages) {
        if (m.type !== 'error') continue;
        if (/^Failed to load resource/.test(m.text) && !/\.(m?js|wasm)([?#]|$)/.test(m.url)) continue;
        out.push(`console.error: ${m.text}${m.url ? ` (${m.url})` : ''}`);
      }
      return out;
    },
    async close() {
      await Promise.allSettled(h.pending);
      await context.close();
    },
  };
  page.on('pageerror', (raw) => {
    const e = pageErrorOf(raw);
    // Firefox reports a Content-Security-Policy refusal as a script error
    // (a BiDi log entry of type "javascript", so puppeteer's pageerror);
    // it is the browser's report, not an exception, and is kept as a
    // console error, as Chromium's "Refused to ..." messages are.
    if (e.name === 'Error' && CSP_REPORT.test(e.message)) {
      h.consoleMessages.push({ type: 'error', text: e.message, url: '' });
      return;
    }
    if (h.allowSyntaxErrors && e.name === 'SyntaxError') h.ignoredErrors.push(e);
    else h.pageErrors.push(e);
  });
  page.on('console', (m) => {
    let where = '';
    try { where = (m.location() && m.location().url) || ''; } catch { /* no location */ }
    h.consoleMessages.push({ type: m.type(), text: m.text(), url: where });
  });
  if (url && url !== 'about:blank') await page.goto(url, { waitUntil: 'load' });
  return h;
}

// Starts loading `url` in the handle's page and returns as soon as the
// navigation is sent: the page may still be loading (Playwright's
// waitUntil "commit").  The navigation's own promise is awaited by close().
export function startLoading(h, url) {
  const nav = h.page.goto(url, { waitUntil: 'load', timeout: 60000 }).catch((e) => e);
  h.pending.push(nav);
  return nav;
}

// Aborts every request of the handle's page whose URL matches `re` (the
// page's own markup without our script, for instance).  Request
// interception exists in both browsers (CDP Fetch, BiDi network.addIntercept).
export async function blockRequests(h, re) {
  await h.page.setRequestInterception(true);
  h.page.on('request', (r) => {
    if (r.isInterceptResolutionHandled()) return;
    if (re.test(r.url())) r.abort().catch(() => {});
    else r.continue().catch(() => {});
  });
}

// A CDP session on the handle's page, or null where the browser speaks no
// CDP (Firefox): callers then say in a note what they could not check.
export async function cdpSession(h) {
  if (!h.browser.caps.cdp) return null;
  return h.page.createCDPSession();
}

/**
 * Forces a full garbage collection in the page: CDP's
 * HeapProfiler.collectGarbage, twice.  Returns false, doing nothing, where
 * the browser cannot be made to collect (Firefox: WebDriver BiDi has no
 * such command, content has no gc(), about:memory cannot be opened over
 * BiDi).  Allocation pressure in the page is no substitute there: measured
 * on Firefox ESR 153 on a page without any module, a detached board whose
 * markup came from the parser (with an <img>) was still alive after
 * collections that freed a copy of it made by cloneNode, in most runs, so
 * "not collected" would prove nothing about the module.
 */
export async function forceGarbageCollection(h) {
  const cdp = await cdpSession(h);
  if (!cdp) return false;
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
  } finally {
    await cdp.detach();
  }
  return true;
}

// Waits until the module says it is ready or failed and the page is parsed
// (the module reads the board then); returns 'ready', 'failed' or 'timeout'
// (or any other value it set).  Polls with plain evaluate calls so that it
// works on pages with a strict CSP too.
export async function waitReady(page, timeout = READY_TIMEOUT) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await page.evaluate(() => (document.readyState === 'loading' ? '' : document.documentElement.dataset.glance || ''));
    if (v === 'ready' || v === 'failed') return v;
    if (Date.now() > end) return v ? `timeout (data-glance="${v}")` : 'timeout';
    await new Promise((r) => setTimeout(r, 25));
  }
}

// The lines #piece shows, in the page (given #piece; it uses nothing from
// this module's scope): the text with [data-glance-sr] left out, split at
// each <br>, whitespace collapsed in each line.  Shared by observe() and
// lib/zero.mjs's shown().
export function pieceTextLines(p) {
  const c = p.cloneNode(true);
  c.querySelectorAll('[data-glance-sr]').forEach((e) => e.remove());
  const lines = [''];
  const walk = (node) => {
    for (const n of node.childNodes) {
      if (n.nodeType === Node.TEXT_NODE) lines[lines.length - 1] += n.data;
      else if (n.nodeName === 'BR') lines.push('');
      else if (n.nodeType === Node.ELEMENT_NODE) walk(n);
    }
  };
  walk(c);
  return lines.map((l) => l.replace(/\s+/g, ' ').trim());
}

// Runs in the page, given pieceTextLines (see OBSERVE).
async function observeInPage(linesOf) {
  await new Promise((r) => requestAnimationFrame(() => r()));
  const base = (src) => (src || '').split(/[?#]/)[0].split('/').pop();
  const table = document.querySelector('table.board');
  const cells = {};
  const badSrc = [];
  const others = [];
  if (table) {
    for (const td of table.querySelectorAll('td')) {
      if (!td.id) {
        others.push(td.innerHTML);
        continue;
      }
      // What the cell shows: its background image (the module paints a
      // cell by giving it an attribute its style sheet shows as one,
      // hiding what the cell holds), then its visible images.
      // Backgrounds are checked to come from the page's own sym/ folder.
      const imgs = [...td.querySelectorAll('img')].filter((i) => getComputedStyle(i).visibility !== 'hidden');
      const srcs = imgs.map((i) => i.getAttribute('src') || '');
      for (const src of srcs) {
        if (!/^sym\/[^/]+$/.test(src)) badSrc.push(`${td.id}: <img src="${src}">`);
      }
      const bg = /^url\("(.*)"\)$/.exec(getComputedStyle(td).backgroundImage);
      if (bg) {
        const want = new URL('sym/' + base(bg[1]), document.baseURI).href;
        if (bg[1] !== want) badSrc.push(`${td.id}: background ${bg[1]}, expected ${want}`);
        srcs.unshift(bg[1]);
      }
      cells[td.id] = srcs.map(base).join('+');
      if (bg && imgs.length) badSrc.push(`${td.id}: a background image under ${imgs.length} image(s)`);
    }
  }
  const p = document.getElementById('piece');
  let lines = null;
  if (p) {
    lines = linesOf(p);
    while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  }
  return {
    cells,
    badSrc,
    others: others.join('\u0000'),
    lines,
    boardHtml: table ? table.innerHTML : null,
    pieceHtml: p ? p.innerHTML : null,
    pieceHeight: p ? p.getBoundingClientRect().height : null,
  };
}
// observeInPage with pieceTextLines, as source text for page.evaluate
// (a function passed to it cannot reach another of this module).
const OBSERVE = `(${observeInPage})(${pieceTextLines})`;

// Everything the tests compare, read in one go after the next frame (so a
// module that paints in a requestAnimationFrame callback it registered
// during the event is seen as painted).
export async function observe(page) {
  return page.evaluate(OBSERVE);
}

// What "at rest" means for the comparisons after a release.
export async function snapshot(page) {
  const o = await observe(page);
  return { boardHtml: o.boardHtml, pieceHtml: o.pieceHtml, pieceHeight: o.pieceHeight, cells: o.cells, lines: o.lines, others: o.others };
}

// Differences between the page now and an at-rest snapshot ([] if none).
export function restDiffs(snap, now) {
  const out = [];
  if (now.boardHtml !== snap.boardHtml) {
    const changed = Object.keys({ ...snap.cells, ...now.cells }).filter((id) => snap.cells[id] !== now.cells[id]);
    out.push(`board differs from at-rest snapshot${changed.length ? ` (cells ${changed.slice(0, 8).join(', ')}${changed.length > 8 ? ', ...' : ''})` : ' (markup)'}: ${firstDifference(snap.boardHtml, now.boardHtml)}`);
  }
  if (now.pieceHtml !== snap.pieceHtml) {
    out.push(`#piece differs from at-rest snapshot: expected ${JSON.stringify(snap.pieceHtml)}, got ${JSON.stringify(now.pieceHtml)}`);
  }
  return out;
}

function firstDifference(a, b) {
  if (a == null || b == null) return `${a == null ? 'no board before' : 'no board now'}`;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 40);
  return `at char ${i}: expected …${JSON.stringify(a.slice(from, i + 60))}…, got …${JSON.stringify(b.slice(from, i + 60))}…`;
}

// A real mouse press on the centre of a cell (button held afterwards).
// The cell is scrolled into view with the DOM's scrollIntoViewIfNeeded
// (one round trip, much quicker than a locator's actionability checks).
export async function pressCell(page, id) {
  const box = await page.evaluate((cellId) => {
    const el = document.getElementById(cellId);
    if (!el) return null;
    if (el.scrollIntoViewIfNeeded) el.scrollIntoViewIfNeeded();
    else el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  }, id);
  if (!box || box.width === 0 || box.height === 0) throw new Error(`cell ${id} is missing or has no size`);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(point.x, point.y);
  await page.mouse.down();
  return point;
}

// The id of the cell (or the tag of the element) under a viewport point.
export async function cellAt(page, point) {
  return page.evaluate(({ x, y }) => {
    const el = document.elementFromPoint(x, y);
    if (!el) return '(nothing)';
    const td = el.closest('td[id]');
    return td ? td.id : `<${el.tagName.toLowerCase()}>`;
  }, point);
}

export async function releaseMouse(page) {
  await page.mouse.up();
}

// Own property names of window (to see which globals a script adds).
export async function windowNames(page) {
  return page.evaluate(() => Object.getOwnPropertyNames(window));
}

// Calls a global function in the page with the given arguments (which may
// include NaN, Infinity, -0, undefined, big integers), catching what it
// throws.  Returns null, or the text of the exception.  The call is sent as
// source text, so that no protocol's argument serialization (CDP sends
// nested NaN and undefined as null; BiDi keeps them) changes an argument.
export async function callInPage(page, fnName, args) {
  const src = `(() => {
    try {
      const f = window[${JSON.stringify(fnName)}];
      if (typeof f !== 'function') return ${JSON.stringify(fnName)} + ' is not a function (' + typeof f + ')';
      f(${args.map(literal).join(', ')});
      return null;
    } catch (e) {
      return 'threw ' + (e && e.name) + ': ' + (e && e.message);
    }
  })()`;
  return page.evaluate(src);
}

// A JavaScript literal for a primitive value.
function literal(v) {
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'string' || typeof v === 'boolean' || v === null) return JSON.stringify(v);
  throw new Error(`callInPage: cannot write ${typeof v} as a literal`);
}
