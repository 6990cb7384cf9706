// The DOM layer on a small fixture board: painting a scene, restoring the
// page exactly, odd calls, and two things only the package's API can do
// (refusing an unknown script, a second start).
//
// Every check opens its own page holding the fixture: a div
// #fixture with an <h1>, a 10x10 `table.board` (class `n` on files 1 to 8,
// `h` beside them), the Lieutenant on sq3x6 (code 3,6), a Hoplite on sq2x8
// (code 2,-8), the text "text" in sq5x5, and #piece with its placeholder.
// The drop-in script reads the board once, at load, so the variants of the
// fixture (a style on sq2x5, an odd image folder, a pawn) are built into
// the page's HTML rather than made afterwards.  Presses and releases are
// `down_click(x, y)` and `up_click()`, which return nothing: each check
// looks at what the page shows.  The last two checks load the ES-module package
// (pkg/) on the same fixture with `data-code` cells, as suites/pkg.mjs does.
import { callInPage, forceGarbageCollection, openPage, pressCell, releaseMouse, waitReady } from '../lib/browser.mjs';
import { checksResult } from '../lib/check.mjs';

export const name = 'dom';

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

// The package's page: attach() is called by the checks, on #fixture.
const PKG_MODULE = `
import init, { attach } from '../pkg/glance.js';
try {
  await init();
  window.__attach = (script) => attach(document.getElementById('fixture'), script);
  document.documentElement.dataset.glance = 'ready';
} catch (e) {
  document.documentElement.dataset.glance = 'failed';
  console.error('glance package: ' + (e && e.stack || e));
}`;

/**
 * The fixture page, under fixtures/ (so that sym/ images
 * resolve to the placeholders there), loading ../dist/spartan.js.
 *   cellStyle  a style attribute for sq2x5
 *   src        the Lieutenant's image (default sym/BlackElephant.png)
 *   pawn       a WhitePawn <img> in sq2x7
 *   pkg        data-code cells and the package instead of the drop-in script
 */
function fixtureHtml({ cellStyle = null, src = 'sym/BlackElephant.png', pawn = false, pkg = false } = {}) {
  const code = (x, y) => (pkg ? ` data-code="${x},${y}"` : ` onmousedown="down_click(${x},${y})"`);
  let rows = '';
  for (let y = 9; y >= 0; y--) {
    rows += '<tr>';
    for (let x = 0; x < 10; x++) {
      let attrs = '';
      let content = '';
      if (x === 3 && y === 6) [attrs, content] = [code(3, 6), `<img src="${esc(src)}">`];
      else if (x === 2 && y === 8) [attrs, content] = [code(2, -8), '<img src="sym/BlackLance.png">'];
      else if (x === 5 && y === 5) content = 'text';
      else if (x === 2 && y === 7 && pawn) content = '<img src="sym/WhitePawn.png">';
      if (x === 2 && y === 5 && cellStyle) attrs += ` style="${esc(cellStyle)}"`;
      rows += `<td class="${x >= 1 && x <= 8 ? 'n' : 'h'}" id="sq${x}x${y}"${attrs}>${content}</td>`;
    }
    rows += '</tr>';
  }
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>dom test page</title>
${pkg ? '' : '<script src="../dist/spartan.js"></script>'}
</head>
<body>
<div id="fixture"><h1>Test</h1><table class="board">${rows}</table><p id="piece">:<br>:<br>:<br>:</p></div>
${pkg ? `<script type="module">${PKG_MODULE}</script>` : ''}
</body>
</html>
`;
}

// What the page shows, read after the next frame.  For each cell id:
// `images`, as a visitor sees them (the computed background image as a
// path from the page's folder, then the src of every visible <img>), its
// text, computed colours, style and aria-pressed attributes.  And #piece's
// text, the screen-reader sentence's computed position and clip, #fixture's
// innerHTML, and how many adopted style sheets have rules.
async function look(page, ids = []) {
  return page.evaluate(async (cellIds) => {
    await new Promise((r) => requestAnimationFrame(() => r()));
    const dir = document.baseURI.slice(0, document.baseURI.lastIndexOf('/') + 1);
    const cells = {};
    for (const id of cellIds) {
      const el = document.getElementById(id);
      const cs = getComputedStyle(el);
      const images = [];
      if (cs.backgroundImage !== 'none') {
        const m = /^url\("(.*)"\)$/.exec(cs.backgroundImage);
        const url = m ? m[1] : cs.backgroundImage;
        images.push(url.startsWith(dir) ? url.slice(dir.length) : url);
      }
      for (const img of el.querySelectorAll('img')) {
        if (getComputedStyle(img).visibility !== 'hidden') images.push(img.getAttribute('src'));
      }
      cells[id] = {
        images, text: el.textContent, color: cs.color, background: cs.backgroundColor,
        style: el.getAttribute('style'), pressed: el.getAttribute('aria-pressed'),
      };
    }
    const sr = document.querySelector('#piece [data-glance-sr]');
    return {
      cells,
      piece: document.getElementById('piece').textContent,
      sr: sr && { position: getComputedStyle(sr).position, clip: getComputedStyle(sr).clip },
      root: document.getElementById('fixture').innerHTML,
      sheets: document.adoptedStyleSheets.filter((s) => s.cssRules.length > 0).length,
    };
  }, ids);
}

// assert_eq! / assert_ne! / assert!: add a problem when the check fails.
const show = (v) => JSON.stringify(v);
// An argument as it was written in the call (NaN, undefined, '3').
const arg = (v) => (typeof v === 'string' ? `'${v}'` : String(v));
// Long strings (innerHTML) are shown from a little before their first
// difference (lib/browser.mjs's firstDifference is not exported).
function eq(problems, what, got, want) {
  if (show(got) === show(want)) return;
  if (typeof got === 'string' && typeof want === 'string' && Math.max(got.length, want.length) > 200) {
    let i = 0;
    while (got[i] === want[i]) i++;
    const part = (s) => show(s.slice(Math.max(0, i - 40), i + 80));
    problems.push(`${what}: differs at char ${i}: expected …${part(want)}…, got …${part(got)}…`);
  } else problems.push(`${what}: expected ${show(want)}, got ${show(got)}`);
}
function ne(problems, what, got, notWant) {
  if (show(got) === show(notWant)) problems.push(`${what}: expected anything but ${show(notWant)}`);
}
function ok(problems, what, cond) {
  if (!cond) problems.push(what);
}

// press() and release(): the page's globals, whose
// exceptions (there must be none) become problems.
async function press(h, problems, x, y) {
  const err = await callInPage(h.page, 'down_click', [x, y]);
  if (err) problems.push(`down_click(${arg(x)}, ${arg(y)}): ${err}`);
}
async function release(h, problems) {
  const err = await callInPage(h.page, 'up_click', []);
  if (err) problems.push(`up_click(): ${err}`);
}

export async function run(ctx) {
  const { browser, server, site } = ctx;
  const checks = [];
  const notes = [];
  let pages = 0;

  // One check: writes the variant's page, opens it, waits for the module
  // (the module started), then runs `body(h, atRest,
  // problems)` where `atRest` is look() once ready.  Uncaught exceptions and
  // console errors of the page are problems too.
  const check = async (label, opt, body) => {
    const problems = [];
    const rel = `fixtures/dom-${++pages}.html`;
    site.writePage(rel, fixtureHtml(opt));
    const h = await openPage(browser, `${server.url}/${rel}`);
    try {
      const state = await waitReady(h.page);
      if (state !== 'ready') problems.push(`module state ${state}, expected ready`);
      else await body(h, await look(h.page), problems);
    } catch (e) {
      problems.push(`test step failed: ${e.message.split('\n')[0]}`);
    } finally {
      problems.push(...h.problems());
      await h.close();
    }
    // A body that cannot finish its check in this browser sets
    // problems.undecided to the reason: the check is then not counted
    // (unless it found problems before), and a note says why.
    if (problems.undecided && !problems.length) notes.push(`not counted in ${browser.label}: "${label}" ${problems.undecided}`);
    else checks.push({ label, problems });
  };

  if (!site.has('dist/spartan.js')) {
    checks.push({ label: 'setup', problems: ['dist/spartan.js does not exist (make dist, or set GLANCE_DIST)'] });
    return checksResult(name, checks);
  }

  // paints_and_restores_exactly
  // After start the module computes every piece's scene once, unseen, when
  // the browser is idle: the page must not change.
  await check('the idle warm-up after start changes nothing', {}, async (h, rest, p) => {
    await h.page.evaluate(() => new Promise((r) => (window.requestIdleCallback || setTimeout)(() => setTimeout(r, 50))));
    const later = await look(h.page);
    eq(p, '#fixture innerHTML once the browser was idle', later.root, rest.root);
    eq(p, '#piece text once the browser was idle', later.piece, rest.piece);
  });

  await check('the Lieutenant (3,6) paints its moves, fills #piece and restores exactly', {}, async (h, rest, p) => {
    await press(h, p, 3, 6);
    const now = await look(h.page, ['sq1x8', 'sq2x5', 'sq2x6', 'sq3x6', 'sq0x4']);
    // Leaps, steps and sideways moves of the black Lieutenant.
    eq(p, 'sq1x8', now.cells.sq1x8.images, ['sym/orange.png']);
    eq(p, 'sq2x5', now.cells.sq2x5.images, ['sym/yellow.png']);
    eq(p, 'sq2x6', now.cells.sq2x6.images, ['sym/green.png']);
    eq(p, 'sq3x6 (its own cell is untouched)', now.cells.sq3x6.images, ['sym/BlackElephant.png']);
    eq(p, 'sq0x4 (no mark beside the board)', now.cells.sq0x4.images, []);
    ok(p, `#piece starts with "LieutenantJumps directly to orange squares": ${show(now.piece)}`,
      now.piece.startsWith('LieutenantJumps directly to orange squares'));
    ok(p, `#piece contains "Leaps to a5, a9, e5, e9.": ${show(now.piece)}`, now.piece.includes('Leaps to a5, a9, e5, e9.'));
    // The sentence is for screen readers only: the module's sheet hides it.
    ok(p, 'no #piece [data-glance-sr]', now.sr);
    eq(p, 'screen-reader sentence position', now.sr?.position, 'absolute');
    eq(p, 'screen-reader sentence clip', now.sr?.clip, 'rect(0px, 0px, 0px, 0px)');
    eq(p, 'sq3x6 aria-pressed', now.cells.sq3x6.pressed, 'true');
    await release(h, p);
    eq(p, '#fixture innerHTML after up_click()', (await look(h.page)).root, rest.root);
  });

  // a_cell_with_text_hides_it_while_painted
  await check('a cell with text hides it while painted (the Queen, 5,3)', {}, async (h, rest, p) => {
    // The Queen's code names a square with no piece in this fixture; its
    // file's ray still crosses sq5x5, which holds text.
    await press(h, p, 5, 3);
    const held = (await look(h.page, ['sq5x5'])).cells.sq5x5;
    eq(p, 'sq5x5', held.images, ['sym/yellow.png']);
    // The text stays where it is, unseen: no layout changes.
    eq(p, 'sq5x5 text', held.text, 'text');
    eq(p, 'sq5x5 colour while painted', held.color, 'rgba(0, 0, 0, 0)');
    await release(h, p);
    const after = await look(h.page, ['sq5x5']);
    ne(p, 'sq5x5 colour after up_click()', after.cells.sq5x5.color, 'rgba(0, 0, 0, 0)');
    eq(p, '#fixture innerHTML after up_click()', after.root, rest.root);
  });

  // bad_input_changes_nothing (its last assertion, about start(), is the
  // package check "an unknown script is refused" below).
  await check('bad input changes nothing', {}, async (h, rest, p) => {
    for (const [x, y] of [[undefined, undefined], [NaN, 1], ['3', '6'], [1e9, 6], [-1e9, -6], [3.5, 6], [0, 0]]) {
      await press(h, p, x, y);
      eq(p, `#fixture innerHTML after down_click(${arg(x)}, ${arg(y)})`, (await look(h.page)).root, rest.root);
    }
    await release(h, p);
    await release(h, p);
    eq(p, '#fixture innerHTML after two up_click()', (await look(h.page)).root, rest.root);
  });

  // a_second_press_replaces_the_first
  await check('a second press replaces the first (3,6 then 2,-8)', {}, async (h, rest, p) => {
    await press(h, p, 3, 6);
    await press(h, p, 2, -8);
    const now = await look(h.page, ['sq1x8', 'sq2x7']);
    eq(p, "sq1x8 (the Lieutenant's marks are gone)", now.cells.sq1x8.images, []);
    eq(p, 'sq2x7', now.cells.sq2x7.images, ['sym/red.png']);
    await release(h, p);
    eq(p, '#fixture innerHTML after up_click()', (await look(h.page)).root, rest.root);
  });

  // What a cell shows is prepared once and kept: pressed again, after
  // another piece, it must show exactly what it showed the first time.
  await check('a piece pressed again shows what it first showed (3,6, 2,-8, 3,6)', {}, async (h, rest, p) => {
    await press(h, p, 3, 6);
    const first = await look(h.page);
    await release(h, p);
    await press(h, p, 2, -8);
    await release(h, p);
    await press(h, p, 3, 6);
    const again = await look(h.page);
    eq(p, '#fixture innerHTML while 3,6 is held again', again.root, first.root);
    eq(p, '#piece text while 3,6 is held again', again.piece, first.piece);
    ne(p, '#fixture innerHTML while held (not at rest)', again.root, rest.root);
    await release(h, p);
    eq(p, '#fixture innerHTML after up_click()', (await look(h.page)).root, rest.root);
  });

  // a_cell_keeps_its_own_style
  const own = 'color: red; background: blue';
  await check('a cell keeps its own style (sq2x5 style="color: red; background: blue")', { cellStyle: own }, async (h, rest, p) => {
    await press(h, p, 3, 6);
    const held = (await look(h.page, ['sq2x5'])).cells.sq2x5;
    // The page's own background shorthand does not hide the mark.
    eq(p, 'sq2x5', held.images, ['sym/yellow.png']);
    eq(p, 'sq2x5 background-color while painted', held.background, 'rgb(0, 0, 255)');
    eq(p, 'sq2x5 style attribute while painted', held.style, own);
    await release(h, p);
    const after = await look(h.page, ['sq2x5']);
    eq(p, '#fixture innerHTML after up_click()', after.root, rest.root);
    eq(p, 'sq2x5 after up_click()', after.cells.sq2x5.images, []);
    eq(p, 'sq2x5 colour after up_click()', after.cells.sq2x5.color, 'rgb(255, 0, 0)');
  });

  // an_odd_image_folder_is_quoted: the pieces' folder, which the marks are
  // taken from, has a space and quotes in it.
  await check('an odd image folder is quoted (my "sym"/BlackElephant.png)', { src: 'my "sym"/BlackElephant.png' }, async (h, rest, p) => {
    await press(h, p, 3, 6);
    eq(p, 'sq2x5', (await look(h.page, ['sq2x5'])).cells.sq2x5.images, ['my%20%22sym%22/yellow.png']);
    await release(h, p);
    eq(p, '#fixture innerHTML after up_click()', (await look(h.page)).root, rest.root);
  });

  // a_mark_covers_a_piece_and_uncovers_it
  await check('a mark covers a piece and uncovers it (WhitePawn on sq2x7, 2,-8)', { pawn: true }, async (h, rest, p) => {
    eq(p, 'sq2x7 at rest', (await look(h.page, ['sq2x7'])).cells.sq2x7.images, ['sym/WhitePawn.png']);
    await press(h, p, 2, -8);
    eq(p, 'sq2x7 while held (the pawn is hidden)', (await look(h.page, ['sq2x7'])).cells.sq2x7.images, ['sym/red.png']);
    await release(h, p);
    const after = await look(h.page, ['sq2x7']);
    eq(p, 'sq2x7 after up_click()', after.cells.sq2x7.images, ['sym/WhitePawn.png']);
    eq(p, '#fixture innerHTML after up_click()', after.root, rest.root);
  });

  // The package: attach(#fixture, script) stands for start(document, script).
  if (!site.has('pkg/glance.js')) {
    checks.push({ label: 'package checks', problems: ['pkg/glance.js does not exist (make dist builds it, or set GLANCE_PKG)'] });
    return checksResult(name, checks);
  }
  const attach = (h, script) => h.page.evaluate((s) => window.__attach(s), script);

  // bad_input_changes_nothing, its last assertion.
  await check('an unknown script is refused (pkg: attach(root, "other.js"))', { pkg: true }, async (h, rest, p) => {
    eq(p, 'attach(root, "spartan")', await attach(h, 'spartan'), true);
    eq(p, 'attach(root, "other.js")', await attach(h, 'other.js'), false);
  });

  // a_new_start_leaves_one_sheet_with_rules: each start is followed by a
  // real mouse press on the Lieutenant's data-code cell (which the package
  // serves itself) and its release.
  await check('a new start leaves one sheet with rules (pkg: attach twice)', { pkg: true }, async (h, rest, p) => {
    for (const round of ['first', 'second']) {
      eq(p, `${round} attach(root, "spartan")`, await attach(h, 'spartan'), true);
      await pressCell(h.page, 'sq3x6');
      // The press (3, 6) shows its diagram.
      eq(p, `${round} press: sq2x5`, (await look(h.page, ['sq2x5'])).cells.sq2x5.images, ['sym/yellow.png']);
      await releaseMouse(h.page);
      const sheets = (await look(h.page)).sheets;
      eq(p, `${round} start: adopted style sheets with rules${round === 'second' ? " (the old board's sheet is emptied)" : ''}`, sheets, 1);
    }
  });

  // A board replaced by a new one is let go: the module keeps no handle on
  // the old board's nodes (a page that attaches again and again must not
  // keep every old board alive).
  await check('a replaced board is let go (pkg: attach, replace the board, attach)', { pkg: true }, async (h, rest, p) => {
    eq(p, 'attach(old board)', await attach(h, 'spartan'), true);
    await h.page.evaluate(() => {
      const old = document.getElementById('fixture');
      window.__oldBoard = new WeakRef(old);
      old.replaceWith(old.cloneNode(true));
    });
    eq(p, 'attach(new board)', await attach(h, 'spartan'), true);
    await pressCell(h.page, 'sq3x6');
    eq(p, 'a press on the new board: sq2x5', (await look(h.page, ['sq2x5'])).cells.sq2x5.images, ['sym/yellow.png']);
    await releaseMouse(h.page);
    // Chromium: a forced collection over CDP, then the board must be gone.
    // Firefox cannot be made to collect (see forceGarbageCollection in
    // lib/browser.mjs): this last step is skipped there, with a note; the
    // steps above (attach, replace, attach, press) ran.
    if (await forceGarbageCollection(h)) {
      eq(p, 'the old board after garbage collection', await h.page.evaluate(() => (window.__oldBoard.deref() === undefined ? 'collected' : 'still held')), 'collected');
    } else {
      p.undecided = 'skipped its last step, the old board garbage-collected: a forced collection needs CDP (HeapProfiler.collectGarbage), and allocation pressure does not reliably free even a board the module never saw (lib/browser.mjs forceGarbageCollection)';
    }
  });

  return checksResult(name, checks, notes);
}
