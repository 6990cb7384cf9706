// dist/glance.js, the generic drop-in, on pages that declare their pieces
// (data-piece on the piece table's rows and on the board's cells,
// data-side="black" for Black) and have no inline handlers and no click
// codes: rules-html/zero/Spartan.html (and variants of it the suite
// writes into the served copy).
//
// Every declared piece is pressed with the mouse: the marked cells must be
// exactly the diagram that the native command computes for the row's Betza
// on that board and square (`target/release/glance diagram BETZA --board
// FxR --at SQ [--black] --json`, built here with `cargo build --release`),
// #piece must show the row's name and remarks, and a release must put the
// page back exactly.  The keyboard (Enter, Escape), a release off the
// board, touch (taps toggle and switch) and the sentence in the page's
// language (<html lang="de">) are checked on a few pieces, and the script
// must define no global.
//
// Broken declarations are the findings suite's (tests/findings/: what the
// console says, and what still works).
import fs from 'node:fs';
import path from 'node:path';
import { openPage, pressCell, releaseMouse, sleep, waitReady } from '../lib/browser.mjs';
import { checksResult, missingFile } from '../lib/check.mjs';
import { SHOWN, expectations, glanceBin, readPage, rowLines } from '../lib/zero.mjs';

export const name = 'zerocode';

const PAGE = 'rules-html/zero/Spartan.html';

// Presses every piece the page in `h` declares, with the mouse: its marks
// must be the diagram the native command draws for its row's Betza on the
// page's board, #piece its row's name and remarks, and a release must put
// the page back exactly.
async function pressEvery(h, label, bin, record) {
  const declared = await h.page.evaluate(readPage);
  const { rows, cells } = declared;
  const atRest = await h.page.evaluate(SHOWN);
  for (const { id, black, row, betza, marks: want } of expectations(bin, declared).pieces) {
    const problems = [];
    await pressCell(h.page, id);
    const now = await h.page.evaluate(SHOWN);
    for (const cid of new Set([...Object.keys(want), ...Object.keys(now.marks)])) {
      if (want[cid] !== now.marks[cid]) problems.push(`${cid}: ${now.marks[cid] || 'nothing'}, expected ${want[cid] || 'nothing'}`);
    }
    const lines = rowLines(row);
    const got = now.lines.slice(0, lines.length);
    if (JSON.stringify(got) !== JSON.stringify(lines) || now.lines.slice(lines.length).some((l) => l)) {
      problems.push(`#piece reads ${JSON.stringify(now.lines)}, expected ${JSON.stringify(lines)}`);
    }
    if (!now.sentence || !now.sentence.startsWith(`${row.name}.`)) problems.push(`sentence ${JSON.stringify(now.sentence)}`);
    await releaseMouse(h.page);
    const after = await h.page.evaluate(SHOWN);
    if (after.board !== atRest.board) problems.push('the board is not as it was after the release');
    if (after.piece !== atRest.piece) problems.push('#piece is not as it was after the release');
    record(`${label}: ${id} ${row.name} (${betza}${black ? ', Black' : ''}, ${Object.keys(want).length} marks)`, problems);
  }

  return { rows, cells, atRest };
}

export async function run(ctx) {
  const { browser, server, site, repo } = ctx;
  const checks = [];
  const record = (label, problems) => checks.push({ label, problems });

  const missing = missingFile(name, site, 'dist/glance.js');
  if (missing) return missing;
  const bin = glanceBin(repo);

  // The page, every declared piece pressed.
  const h = await openPage(browser, `${server.url}/${PAGE}`);
  try {
    const state = await waitReady(h.page);
    record('zero/Spartan.html: the module starts', state === 'ready' ? [] : [`data-glance is ${state}`]);
    const { rows, cells, atRest } = await pressEvery(h, 'zero/Spartan.html', bin, record);
    record(`zero/Spartan.html: pieces declared (${cells.length} cells, ${Object.keys(rows).length} rows)`,
      cells.length >= 12 && Object.keys(rows).length === 12 ? [] : ['fewer than expected']);

    // The keyboard: Enter shows, Escape clears.
    const first = cells[0];
    const keyProblems = [];
    await h.page.focus(`#${first.id}`);
    await h.page.keyboard.press('Enter');
    const keyed = await h.page.evaluate(SHOWN);
    if (!Object.keys(keyed.marks).length) keyProblems.push('Enter showed nothing');
    await h.page.keyboard.press('Escape');
    const escaped = await h.page.evaluate(SHOWN);
    if (escaped.board !== atRest.board || escaped.piece !== atRest.piece) keyProblems.push('Escape did not restore the page');
    record(`zero/Spartan.html: keyboard on ${first.id}`, keyProblems);

    // A release anywhere: pressed on a piece, released off the board.
    const anywhere = [];
    await pressCell(h.page, first.id);
    // A point at the viewport's corner, off every piece.
    const away = await h.page.evaluate(() => {
      const p = { x: innerWidth - 5, y: innerHeight - 5 };
      const el = document.elementFromPoint(p.x, p.y);
      return el && el.closest('[data-piece]') ? { x: 5, y: 5 } : p;
    });
    await h.page.mouse.move(away.x, away.y);
    const moved = await h.page.evaluate(SHOWN);
    // (Firefox starts its own drag-and-drop of the piece's image, whose
    // pointercancel clears the board early: browser.caps.nativeDrag.)
    if (!browser.caps.nativeDrag && !Object.keys(moved.marks).length) anywhere.push('the diagram went away before the release');
    await releaseMouse(h.page);
    const released = await h.page.evaluate(SHOWN);
    if (released.board !== atRest.board || released.piece !== atRest.piece) anywhere.push('a release off the board did not restore the page');
    record(`zero/Spartan.html: release anywhere after ${first.id}`, anywhere);

    // No global: the page's window has the names of a blank page's (same origin).
    const names = await h.page.evaluate(() => Object.getOwnPropertyNames(window));
    site.writePage('rules-html/zero/blank.html', '<!DOCTYPE html><title>blank</title>');
    const blank = await openPage(browser, `${server.url}/rules-html/zero/blank.html`);
    let plain;
    try {
      plain = new Set(await blank.page.evaluate(() => Object.getOwnPropertyNames(window)));
    } finally {
      await blank.close();
    }
    const added = names.filter((n) => !plain.has(n));
    record('zero/Spartan.html: no global', added.length ? [`globals: ${added.join(', ')}`] : []);
    record('zero/Spartan.html: no console message, nothing thrown',
      [...h.problems(), ...h.consoleMessages.filter((m) => m.type !== 'error').map((m) => `console.${m.type}: ${m.text}`)]);
  } finally {
    await h.close();
  }

  // Every other page of rules-html/zero/ (the new page Shako, the French
  // page, the zero-code copies of the seed pages, docs/writing-a-page.md's minimal
  // page), written the zero-code way.
  const others = fs.readdirSync(path.join(ctx.rulesDir, 'zero'))
    .filter((f) => f.endsWith('.html') && `rules-html/zero/${f}` !== PAGE).sort();
  for (const need of ['Shako.html', 'Spartan-fr.html', 'Capablanca.html', 'No.html', 'TwoKings.html', 'Minimal.html']) {
    if (!others.includes(need)) record(`zero/${need}: the page exists`, [`no rules-html/zero/${need}`]);
  }
  for (const rel of others.map((f) => `rules-html/zero/${f}`)) {
    const label = rel.replace('rules-html/', '');
    const x = await openPage(browser, `${server.url}/${rel}`);
    try {
      const state = await waitReady(x.page);
      record(`${label}: the module starts`, state === 'ready' ? [] : [`data-glance is ${state}`]);
      const { cells } = await pressEvery(x, label, bin, record);
      record(`${label}: pieces declared`, cells.length >= 5 ? [] : [`${cells.length} cells`]);
      record(`${label}: no console message, nothing thrown`,
        [...x.problems(), ...x.consoleMessages.filter((m) => m.type !== 'error').map((m) => `console.${m.type}: ${m.text}`)]);
    } finally {
      await x.close();
    }
  }

  // Touch: a tap shows until the next tap; the same piece again clears,
  // another switches, a tap elsewhere clears.
  const t = await openPage(browser, `${server.url}/${PAGE}`, { touch: true });
  try {
    const problems = [];
    if (await waitReady(t.page) !== 'ready') problems.push('the module did not start');
    const rest = await t.page.evaluate(SHOWN);
    const tap = async (selector) => {
      await t.page.tap(selector);
      await sleep(300);
      return t.page.evaluate(SHOWN);
    };
    const knight = await tap('#sq4x3');
    if (Object.keys(knight.marks).length !== 8 || knight.lines[0] !== 'Knight') problems.push(`a tap on the Knight: ${Object.keys(knight.marks).length} marks, #piece ${JSON.stringify(knight.lines)}`);
    const queen = await tap('#sq5x3');
    if (queen.lines[0] !== 'Queen') problems.push(`a tap on the Queen: #piece ${JSON.stringify(queen.lines)}`);
    const again = await tap('#sq5x3');
    if (again.board !== rest.board || again.piece !== rest.piece) problems.push('a second tap on the Queen did not restore the page');
    await tap('#sq4x3');
    const off = await tap('h1');
    if (off.board !== rest.board || off.piece !== rest.piece) problems.push('a tap off the board did not restore the page');
    problems.push(...t.problems());
    record('zero/Spartan.html: touch', problems);
  } finally {
    await t.close();
  }

  // The sentence's words follow <html lang>: German.
  const german = fs.readFileSync(path.join(repo, PAGE), 'utf8').replace('<title>', '<html lang="de"><title>');
  site.writePage('rules-html/zero/de.html', german);
  const d = await openPage(browser, `${server.url}/rules-html/zero/de.html`);
  try {
    const problems = [];
    if (await waitReady(d.page) !== 'ready') problems.push('the module did not start');
    await pressCell(d.page, 'sq4x3');
    const now = await d.page.evaluate(SHOWN);
    await releaseMouse(d.page);
    const want = 'Knight. Springt nach c3, c5, d2, d6, f2, f6, g3, g5.';
    if (now.sentence !== want) problems.push(`sentence ${JSON.stringify(now.sentence)}, expected ${JSON.stringify(want)}`);
    record('zero/de.html: the sentence in German', problems);
  } finally {
    await d.close();
  }

  // Sides are real: a Cannon captures only the other side's pieces, and
  // hops over any (src/board/scene.rs). Marks written by hand.
  site.writePage('rules-html/zero/sides.html', sidesPage());
  const c = await openPage(browser, `${server.url}/rules-html/zero/sides.html`);
  try {
    const problems = [];
    if (await waitReady(c.page) !== 'ready') problems.push('the module did not start');
    const want = {
      // White on a1: over a3 it takes Black's Rook on a5; over c1 it finds
      // its own Knight on e1 and takes nothing.
      sq0x0: { sq0x1: 'green', sq1x0: 'green', sq0x4: 'red' },
      // Black on h8: over its own Pawn on h6 it finds its own Knight on h4
      // (nothing); over the still White Pawn on f8 it takes White's c8.
      sq7x7: { sq7x6: 'green', sq6x7: 'green', sq2x7: 'red' },
    };
    for (const [id, marks] of Object.entries(want)) {
      await pressCell(c.page, id);
      const now = (await c.page.evaluate(SHOWN)).marks;
      await releaseMouse(c.page);
      for (const cid of new Set([...Object.keys(marks), ...Object.keys(now)])) {
        if (marks[cid] !== now[cid]) problems.push(`${id}: ${cid}: ${now[cid] || 'nothing'}, expected ${marks[cid] || 'nothing'}`);
      }
    }
    record('zero/sides.html: a Cannon takes the other side only (marks by hand)', problems);
    await pressEvery(c, 'zero/sides.html', bin, record);
    record('zero/sides.html: no console message, nothing thrown',
      [...c.problems(), ...c.consoleMessages.filter((m) => m.type !== 'error').map((m) => `console.${m.type}: ${m.text}`)]);
  } finally {
    await c.close();
  }

  return checksResult(name, checks);
}

// An 8x8 page with a Cannon of each side among pieces of both sides and a
// still White Pawn.
function sidesPage() {
  const pieces = {
    sq0x0: ['C', 'White', 'Cannon'], sq0x2: ['R', 'White', 'Rook'], sq2x0: ['R', 'White', 'Rook'],
    sq4x0: ['N', 'White', 'Knight'], sq2x7: ['R', 'White', 'Rook'], sq0x4: ['R', 'Black', 'Rook'],
    sq7x7: ['C', 'Black', 'Cannon'], sq7x5: ['P', 'Black', 'Pawn'], sq7x3: ['N', 'Black', 'Knight'],
  };
  let board = '';
  for (let y = 7; y >= 0; y--) {
    board += '<tr>';
    for (let x = 0; x < 8; x++) {
      const id = `sq${x}x${y}`;
      const p = pieces[id];
      if (p) {
        const side = p[1] === 'Black' ? ' data-side="black"' : '';
        board += `<td class="n" id="${id}" data-piece="${p[0]}"${side}><img src="../sym/${p[1]}${p[2]}.png" alt=""></td>`;
      } else if (id === 'sq5x7') {
        board += `<td class="n" id="${id}" data-still><img src="../sym/WhitePawn.png" alt=""></td>`;
      } else {
        board += `<td class="n" id="${id}"></td>`;
      }
    }
    board += '</tr>\n';
  }
  const row = (k, n, m) => `<tr data-piece="${k}"><td>${n}</td><td>${k}</td><td>-</td><td>${m}</td><td></td></tr>`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sides</title>
<link rel="stylesheet" href="../moves.css"><script src="../../dist/glance.js"></script></head><body>
<table class="board">
${board}</table>
<p id="piece">:<br>:</p>
<table border="1"><tr><td>Piece</td><td>ID</td><td>value</td><td>Moves (Betza notation)</td><td>Remarks</td></tr>
${row('C', 'Cannon', 'pR')}${row('R', 'Rook', 'R')}${row('N', 'Knight', 'N')}${row('P', 'Pawn', 'fmWfcF')}
</table></body></html>`;
}
