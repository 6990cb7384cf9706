// Browser side of the tests: launching Chromium, opening a page while
// collecting its errors, waiting for the module, and reading what the board
// and #piece show.
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.GLANCE_CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

const READY_TIMEOUT = Number(process.env.GLANCE_READY_TIMEOUT_MS || 15000);

/**
 * Opens `url` in a fresh browser context and starts collecting problems.
 * Returns a handle: { page, context, problems(), consoleMessages, pageErrors,
 *   allowSyntaxErrors: bool, close() }.
 * `problems()` lists uncaught exceptions and console errors, except
 *  - SyntaxErrors while `allowSyntaxErrors` is set (the pages' own broken
 *    `down_click(,)` handlers throw one when pressed), and
 *  - failures to load a resource other than a script or wasm (images and
 *    style sheets of the pages are not under test).
 */
export async function openPage(browser, url, { contextOptions = {} } = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, ...contextOptions });
  const page = await context.newPage();
  const h = {
    page,
    context,
    pageErrors: [],
    consoleMessages: [],
    ignoredErrors: [],
    allowSyntaxErrors: false,
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
      await context.close();
    },
  };
  page.on('pageerror', (e) => {
    if (h.allowSyntaxErrors && e.name === 'SyntaxError') h.ignoredErrors.push(e);
    else h.pageErrors.push(e);
  });
  page.on('console', (m) => {
    h.consoleMessages.push({ type: m.type(), text: m.text(), url: m.location()?.url || '' });
  });
  await page.goto(url, { waitUntil: 'load' });
  return h;
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

// Everything the tests compare, read in one go after the next frame (so a
// module that paints in a requestAnimationFrame callback it registered
// during the event is seen as painted).
export async function observe(page) {
  return page.evaluate(async () => {
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
      const c = p.cloneNode(true);
      c.querySelectorAll('[data-glance-sr]').forEach((e) => e.remove());
      lines = [''];
      const walk = (node) => {
        for (const n of node.childNodes) {
          if (n.nodeType === Node.TEXT_NODE) lines[lines.length - 1] += n.data;
          else if (n.nodeName === 'BR') lines.push('');
          else if (n.nodeType === Node.ELEMENT_NODE) walk(n);
        }
      };
      walk(c);
      lines = lines.map((l) => l.replace(/\s+/g, ' ').trim());
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
  });
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
// include NaN, Infinity, undefined), catching what it throws.
// Returns null, or the text of the exception.
export async function callInPage(page, fnName, args) {
  return page.evaluate(
    ([name, a]) => {
      try {
        const f = window[name];
        if (typeof f !== 'function') return `${name} is not a function (${typeof f})`;
        f(...a);
        return null;
      } catch (e) {
        return `threw ${e && e.name}: ${e && e.message}`;
      }
    },
    [fnName, args],
  );
}
