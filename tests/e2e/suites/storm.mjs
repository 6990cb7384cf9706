// Event storms: on the four seed pages and the Chu and Xiangqi fixtures,
// a seeded stream of random events (GLANCE_STORM_EVENTS, default 10,000 per
// page): mouse presses and releases on random cells and outside the board,
// touch taps, pointercancel, Tab-like focus moves with Enter, Space,
// Escape and arrow keys, window blur, the page hidden and shown, and
// direct down_click/up_click calls with odd arguments. After every event:
//  - no uncaught exception;
//  - the board is exactly at rest (its HTML and #piece's) or it shows
//    exactly one piece's diagram: the marks and #piece of one of the
//    page's pieces as that piece shows them pressed alone, and the pressed
//    cell, if any, is that piece's;
//  - after a release-like event (up_click, Escape, blur, pointercancel,
//    the page hidden) the board is exactly at rest.
// The seed is printed; GLANCE_SEED=N replays a run exactly.
import { fixtureHtml } from '../lib/fixtures.mjs';
import { openPage, waitReady } from '../lib/browser.mjs';

export const name = 'storm';

const EVENTS = Number(process.env.GLANCE_STORM_EVENTS || 10000);
const SEEDS = ['Spartan.html', 'Capablanca.html', 'No.html', 'TwoKings.html'];
const FIXTURES = ['Chu.html', 'Xiangqi.html'];

// Runs in the page: the storm and its checks. Returns a summary, or the
// first failure with the events that led to it.
async function storm({ seed, count }) {
  let a = seed >>> 0;
  // mulberry32: a small seeded generator, the same in every browser.
  const rnd = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const errors = [];
  const onError = (e) => {
    // The pages' own `down_click(,)` handlers do not compile: expected.
    if (e.error && e.error.name === 'SyntaxError') return;
    if (/SyntaxError/.test(e.message || '')) return;
    errors.push(String(e.message || e.error));
  };
  window.addEventListener('error', onError);

  const table = document.querySelector('table.board');
  const piece = document.getElementById('piece');
  const restBoard = table.innerHTML;
  const restPiece = piece ? piece.innerHTML : '';
  const cells = [...table.querySelectorAll('td[id^=sq]')];
  const handler = /^down_click\((-?\d+),(-?\d+)\)$/;
  const clickable = cells.filter((td) => handler.test((td.getAttribute('onmousedown') || '').trim()));
  const codes = clickable.map((td) => handler.exec(td.getAttribute('onmousedown').trim()).slice(1).map(Number));
  // What the board shows: the painted cells and #piece.
  const shot = () => {
    const marks = [...table.querySelectorAll('[data-glance-show]')].map((td) => `${td.id}=${td.getAttribute('data-glance-show')}`);
    return `${marks.sort().join(' ')}|${piece ? piece.innerHTML : ''}`;
  };
  const restShot = shot();
  // Each piece's diagram, pressed alone.
  const refs = new Map();
  const refOf = new Map();
  clickable.forEach((td, i) => {
    window.down_click(codes[i][0], codes[i][1]);
    const s = shot();
    window.up_click();
    if (s !== restShot) {
      if (!refs.has(s)) refs.set(s, td.id);
      refOf.set(td.id, s);
    }
  });
  if (table.innerHTML !== restBoard) return { failed: 'the board was not at rest after the reference presses', step: -1, history: [] };

  let hidden = false;
  const own = Object.getOwnPropertyDescriptor(document, 'hidden');
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  const outside = [document.body, document.querySelector('h1') || document.body, piece || document.body];
  const anyTarget = () => (rnd() < 0.8 ? pick(cells) : pick(outside));
  const pointer = (type, target, pointerType) => target.dispatchEvent(new PointerEvent(type, {
    bubbles: true, cancelable: true, composed: true, pointerType, isPrimary: true, button: 0, view: window,
  }));
  const mouse = (type, target) => target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, view: window, button: 0 }));
  const key = (k, target, repeat = false) => target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, repeat }));
  // Odd arguments for down_click: the page's own codes, and values that
  // are no code (never a small whole number another table might define).
  const odd = () => pick([
    () => pick(codes) || [0, 0], () => [NaN, 1], () => ['3', '3'], () => [1.5, 2], () => [1e9, -1e9],
    () => [2 ** 32 + 3, 3], () => [undefined, undefined], () => [null, {}], () => [Symbol('x'), 1],
    () => [10n, 3], () => [[], [1]], () => [-200, 200],
  ])();

  const actions = [
    ['mouse press', 6, () => { const t = anyTarget(); pointer('pointerdown', t, 'mouse'); mouse('mousedown', t); return false; }],
    ['mouse release', 5, () => { const t = anyTarget(); pointer('pointerup', t, 'mouse'); mouse('mouseup', t); return false; }],
    ['touch tap', 5, () => { const t = anyTarget(); pointer('pointerdown', t, 'touch'); pointer('pointerup', t, 'touch'); return false; }],
    ['pointercancel', 1, () => { pointer('pointercancel', pick(cells), 'touch'); return true; }],
    ['focus a piece', 3, () => { const td = pick(clickable); if (td) td.focus(); return false; }],
    ['Enter', 3, () => { key('Enter', document.activeElement || document.body, rnd() < 0.2); return false; }],
    ['Space', 2, () => { key(' ', document.activeElement || document.body); return false; }],
    ['Escape', 1, () => { key('Escape', document.activeElement || document.body); return true; }],
    ['arrow', 3, () => { key(pick(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']), document.activeElement || document.body); return false; }],
    ['blur', 1, () => { window.dispatchEvent(new FocusEvent('blur')); return true; }],
    ['hide', 1, () => { hidden = true; document.dispatchEvent(new Event('visibilitychange')); return true; }],
    ['show', 1, () => { hidden = false; document.dispatchEvent(new Event('visibilitychange')); return false; }],
    ['down_click', 3, () => { const [x, y] = odd(); window.down_click(x, y); return false; }],
    ['up_click', 2, () => { window.up_click(); return true; }],
  ];
  const weights = actions.reduce((s, [, w]) => s + w, 0);
  const history = [];
  let shown = 0;
  let failed = null;
  let at = -1;
  for (let step = 0; step < count && !failed; step++) {
    at = step;
    let r = rnd() * weights;
    const [label, , act] = actions.find(([, w]) => (r -= w) < 0);
    let releases = false;
    try {
      releases = act();
    } catch (e) {
      failed = `threw: ${e && e.message}`;
    }
    history.push(`${label}${document.activeElement && document.activeElement.id ? ` (focus ${document.activeElement.id})` : ''}`);
    if (history.length > 12) history.shift();
    if (failed) break;
    if (errors.length) {
      failed = `uncaught: ${errors.join('; ')}`;
      break;
    }
    const s = shot();
    const pressed = [...table.querySelectorAll('[aria-pressed=true]')].map((td) => td.id);
    if (s === restShot) {
      if (table.innerHTML !== restBoard) failed = `nothing shown but the board is not at rest (pressed: ${pressed.join(', ') || 'none'})`;
    } else if (releases) {
      failed = `${label} left something shown`;
    } else if (!refs.has(s)) {
      failed = `shows something that is no single piece's diagram: ${s.slice(0, 200)}`;
    } else if (pressed.length > 1) {
      failed = `${pressed.length} cells pressed: ${pressed.join(', ')}`;
    } else if (pressed.length === 1 && refOf.get(pressed[0]) !== s) {
      failed = `${pressed[0]} is pressed but ${refs.get(s)}'s diagram shows`;
    } else {
      shown++;
    }
  }
  window.up_click();
  hidden = false;
  if (own) Object.defineProperty(document, 'hidden', own);
  else delete document.hidden;
  window.removeEventListener('error', onError);
  return failed
    ? { failed, step: at, history }
    : { events: count, shown, pieces: refs.size, restoredAtEnd: table.innerHTML === restBoard };
}

export async function run(ctx) {
  const { browser, server, site, expected } = ctx;
  const base = process.env.GLANCE_SEED ? Number(process.env.GLANCE_SEED) >>> 0 : (Date.now() % 2 ** 31) >>> 0;
  const details = [];
  const notes = [`seed ${base} (replay: GLANCE_SEED=${base} node tests/e2e/run.mjs storm); ${EVENTS} events per page`];
  let passed = 0;
  let failed = 0;
  const started = Date.now();
  const pages = [
    ...SEEDS.map((p) => ({ label: p, url: `${server.url}/rules-html/${p}` })),
    ...FIXTURES.map((p) => {
      const rel = `fixtures/storm-${p}`;
      site.writePage(rel, fixtureHtml(p, expected[p]));
      return { label: `${p} (fixture)`, url: `${server.url}/${rel}` };
    }),
  ];
  for (const [i, p] of pages.entries()) {
    const seed = (base + i * 7919) >>> 0;
    const h = await openPage(browser, p.url);
    h.allowSyntaxErrors = true;
    try {
      const state = await waitReady(h.page);
      if (state !== 'ready') throw new Error(`module not ready (${state})`);
      const out = await h.page.evaluate(storm, { seed, count: EVENTS });
      const problems = h.problems();
      if (out.failed || problems.length || !out.restoredAtEnd) {
        failed++;
        details.push(`${p.label}, seed ${seed}${out.failed ? `, event ${out.step}` : ''}: ${out.failed || problems.join('; ') || 'not at rest at the end'}`
          + (out.history ? `\n    last events: ${out.history.join(' -> ')}` : ''));
      } else {
        passed++;
        notes.push(`${p.label}: ${out.events} events, a diagram shown after ${out.shown}, ${out.pieces} pieces`);
      }
    } catch (e) {
      failed++;
      details.push(`${p.label}, seed ${seed}: ${e.message}`);
    } finally {
      await h.close();
    }
  }
  notes.push(`${pages.length * EVENTS} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    name,
    ok: failed === 0,
    summary: `storm: ${passed}/${pages.length} pages survive ${EVENTS} random events each`,
    details: [...details, ...notes.map((n) => `note: ${n}`)],
    passed,
    failed,
  };
}
