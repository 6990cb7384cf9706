// The ES-module package (pkg/, built by wasm-pack), as a page author
// uses it: `attach(table, "spartan")` on a board whose cells carry
// `data-code="x,y"` instead of inline handlers, and `diagram(betza,
// options)`.  The board is the Spartan test page with its handlers turned
// into data-code attributes; every piece is pressed with the real mouse and
// must show what expected.json says, and release must restore the page.
// diagram() is checked against a Queen's rays computed here: its result is
// plain data ({ move, capture, marks: { d5: "slide", ... } }).
import { openPage, snapshot, waitReady } from '../lib/browser.mjs';
import { fixtureHtml } from '../lib/fixtures.mjs';
import { handlerArgs } from '../lib/expect.mjs';
import { checkClick, checksResult } from '../lib/check.mjs';

export const name = 'pkg';

const PAGE = 'Spartan.html';

// Runs in the page: loads the package, attaches it, calls diagram().
const MODULE = `
import init, { attach, diagram } from '../pkg/glance.js';
const out = (window.__pkg = {});
try {
  await init();
  out.attached = attach(document.querySelector('table.board'), 'spartan');
  out.unknownScript = attach(document.querySelector('table.board'), 'nonesuch.js');
  out.queen = diagram('Q', { board: '8x8', at: 'd4', occupied: ['d6'] });
  try {
    diagram('Q(', {});
    out.badBetza = null;
  } catch (e) {
    out.badBetza = e instanceof Error ? e.message : 'not an Error: ' + String(e);
  }
  try {
    diagram('Q', { at: 'z9' });
    out.badSquare = null;
  } catch (e) {
    out.badSquare = e instanceof Error ? e.message : 'not an Error: ' + String(e);
  }
  document.documentElement.dataset.glance = out.attached ? 'ready' : 'failed';
} catch (e) {
  out.error = String(e && e.stack || e);
  document.documentElement.dataset.glance = 'failed';
}
`;

// The squares a Queen on d4 reaches on an empty 8x8 board but for a piece
// on d6: every ray up to the edge or up to d6, which it captures.
function queenRays() {
  const out = [];
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
    for (let x = 3 + dx, y = 3 + dy; x >= 0 && x < 8 && y >= 0 && y < 8; x += dx, y += dy) {
      const sq = 'abcdefgh'[x] + (y + 1);
      out.push(sq);
      if (sq === 'd6') break;
    }
  }
  return out.sort();
}

export async function run(ctx) {
  const { browser, server, site, expected } = ctx;
  const checks = [];
  const record = (label, problems) => checks.push({ label, problems });
  const data = expected[PAGE];
  if (!data || !site.has('pkg/glance.js')) {
    record('setup', [`needs ${PAGE} in expected.json and pkg/glance.js (make dist builds it)`]);
    return checksResult(name, checks);
  }
  // The test page: inline handlers become data-code attributes, and the
  // package is loaded as a module instead of a drop-in script.
  let html = fixtureHtml(PAGE, data, { scriptSrc: null, title: 'pkg' });
  html = html.replace(/ onmousedown="down_click\((-?\d+),(-?\d+)\)" onmouseup="up_click\(\)"/g, ' data-code="$1,$2"');
  html = html.replace(/ onmousedown="[^"]*" onmouseup="up_click\(\)"/g, '');
  html = html.replace('</body>', `<script type="module">${MODULE}</script>\n</body>`);
  const rel = 'fixtures/pkg-Spartan.html';
  site.writePage(rel, html);

  const h = await openPage(browser, `${server.url}/${rel}`);
  try {
    const state = await waitReady(h.page);
    const out = await h.page.evaluate(() => window.__pkg || {});
    {
      const problems = [];
      if (state !== 'ready') problems.push(`state ${state}: ${out.error || 'attach() returned false'}`);
      if (out.unknownScript !== false) problems.push(`attach(table, "nonesuch.js") returned ${out.unknownScript}, expected false`);
      record('init() and attach(table, "spartan")', problems);
    }
    {
      const problems = [];
      const q = out.queen;
      const want = queenRays();
      if (!q || !q.marks) {
        problems.push(`diagram() returned ${JSON.stringify(q)}`);
      } else {
        const got = Object.keys(q.marks).sort();
        if (got.join() !== want.join()) problems.push(`marked squares ${got.join(' ')}, expected ${want.join(' ')}`);
        // An occupied destination can only be captured on.
        for (const sq of want) {
          const kind = sq === 'd6' ? 'capture' : 'slide';
          if (q.marks[sq] !== kind) problems.push(`${sq} marked ${q.marks[sq]}, expected ${kind}`);
        }
        if (!(q.capture || []).includes('d6')) problems.push('d6 (occupied) is not among the captures');
        if ((q.move || []).includes('d6')) problems.push('d6 (occupied) is among the non-capture moves');
      }
      if (typeof out.badBetza !== 'string' || !out.badBetza) problems.push(`diagram("Q(") gave ${JSON.stringify(out.badBetza)}, expected an Error with a message`);
      if (typeof out.badSquare !== 'string' || !/z9/.test(out.badSquare)) problems.push(`diagram("Q", {at: "z9"}) gave ${JSON.stringify(out.badSquare)}, expected an Error naming z9`);
      record('diagram(): a Queen on d4 with d6 occupied, and errors', problems);
    }
    // Errors while loading; checkClick reports those of each press.
    record('no page errors while loading', h.problems());
    if (state === 'ready') {
      const snap = await snapshot(h.page);
      const rest = { ...snap.cells };
      let pressed = 0;
      const problems = [];
      for (const c of data.clicks.filter((k) => k.piece && handlerArgs(k.handler))) {
        problems.push(...(await checkClick(h, c, rest, snap)).map((p) => `${c.cell}: ${p}`));
        pressed++;
      }
      if (!pressed) problems.push('test setup: no piece to press');
      record(`the ${pressed} pieces of the attached board, pressed with the mouse`, problems);
    }
  } finally {
    await h.close();
  }
  return checksResult(name, checks);
}
