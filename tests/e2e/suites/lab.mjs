// The piece lab (lab.html with dist/lab.js, built by scripts/build-lab.sh
// from lab/lab.ts and pkg/), used as a visitor uses it, with the real mouse
// and keyboard:
//  - typing `N` marks the Knight's 8 squares on the default board (8x8,
//    the piece on d5: computed here, not by the engine), `NN` more; the
//    sentence under the board (a polite live region) lists them;
//  - the URL fragment follows the input; the copied address opens the same
//    board in a new tab; the back button steps through the edits (a typing
//    burst is one step);
//  - a string that does not parse shows why and which character, next to
//    the input (the character marked), and the last good diagram stays;
//  - other pieces placed by pressing squares block a Rook; the side turns a
//    pawn around; the board's size changes;
//  - painting the Knight's eight squares gives `N` (and its button draws
//    it); dialect notes for `pR`;
//  - the keyboard: one Tab stop on the board, arrows, Enter and Space;
//  - axe-core finds nothing, in each mode;
//  - from file://, the same; no request but for the page's own files
//    (resource timing and the browser's request events);
//  - the first diagram's time after load (a note: median of 5 fresh loads
//    of `#betza=Q`).
// Everything is the same in Chromium and Firefox (no browser capability is
// needed), except how the accessibility tree is read: only axe-core and
// the DOM are used here, in both.
import fs from 'node:fs';
import path from 'node:path';
import { audit, describe } from '../lib/a11y.mjs';
import { openPage, sleep, waitReady } from '../lib/browser.mjs';
import { checksResult } from '../lib/check.mjs';

export const name = 'lab';

const FILES = 'abcdefghijklmnop';
const sq = (f, r) => FILES[f] + (r + 1);

// The squares a leaper (a, b) reaches from (file, rank) on a board.
function leaps(a, b, file, rank, files = 8, ranks = 8) {
  const out = new Set();
  for (const [x, y] of [[a, b], [b, a]]) {
    for (const [sx, sy] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) {
      const f = file + sx * x;
      const r = rank + sy * y;
      if (f >= 0 && f < files && r >= 0 && r < ranks) out.add(sq(f, r));
    }
  }
  return [...out].sort();
}
const KNIGHT_D5 = leaps(1, 2, 3, 4);

// What the page shows, read in one go after the next frame.
function readLab(page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => {
    const base = (src) => (src || '').replace(/^.*\//, '').replace(/\.png$/, '');
    const cells = {};
    for (const td of document.querySelectorAll('#board td[data-square]')) {
      const img = td.querySelector('img');
      const bg = /url\("?([^")]*)"?\)/.exec(td.style.backgroundImage || '');
      cells[td.dataset.square] = {
        img: img ? base(img.getAttribute('src')) : '',
        bg: bg ? base(bg[1]) : '',
        label: td.getAttribute('aria-label') || '',
        tabindex: td.getAttribute('tabindex'),
      };
    }
    const error = document.getElementById('betza-error');
    resolve({
      cells,
      hash: location.hash,
      input: document.getElementById('betza').value,
      invalid: document.getElementById('betza').getAttribute('aria-invalid'),
      error: error.textContent,
      errorMark: (error.querySelector('mark') || { textContent: '' }).textContent,
      sentence: document.getElementById('sentence').textContent,
      inference: document.getElementById('inference').hidden ? '' : document.getElementById('inference').textContent,
      inferred: (document.querySelector('#inference code.betza') || { textContent: '' }).textContent,
      dialect: [...document.querySelectorAll('#dialect li')].map((li) => li.textContent),
    });
  })));
}

const MARKS = new Set(['yellow', 'orange', 'green', 'red', 'cyan', 'open']);
// The marked squares: { square: image } (a mark image in the cell, or
// behind another piece).
function marksOf(o) {
  const out = {};
  for (const [s, c] of Object.entries(o.cells)) {
    if (MARKS.has(c.img)) out[s] = c.img;
    else if (MARKS.has(c.bg)) out[s] = c.bg;
  }
  return out;
}
const keysOf = (m) => Object.keys(m).sort();
const same = (a, b) => a.join(' ') === b.join(' ');

async function typeInto(page, text, { clear = false } = {}) {
  await page.click('#betza');
  if (clear) {
    await page.evaluate(() => document.getElementById('betza').select());
    await page.keyboard.press('Backspace');
  }
  if (text) await page.keyboard.type(text);
}

async function clickSquare(page, square) {
  await page.click(`#lab-${square}`);
}

async function chooseRadio(page, group, value) {
  await page.click(`input[name=${group}][value=${value}]`);
}

// history.back() and the lab's answer to it (the fragment it restores).
async function back(page) {
  const before = await page.evaluate(() => location.hash);
  await page.evaluate(() => history.back());
  for (let i = 0; i < 100; i++) {
    if ((await page.evaluate(() => location.hash)) !== before) break;
    await sleep(20);
  }
}

export async function run(ctx) {
  const { browser, server, site, repo } = ctx;
  const checks = [];
  const notes = [];
  const record = (label, problems) => checks.push({ label, problems });
  const axePath = path.join(repo, 'node_modules', 'axe-core', 'axe.min.js');

  const labHtml = path.join(repo, 'lab.html');
  if (!fs.existsSync(labHtml) || !site.has('dist/lab.js')) {
    record('setup', ['needs lab.html and dist/lab.js (make dist builds it)']);
    return checksResult(name, checks, notes);
  }
  site.writePage('lab.html', fs.readFileSync(labHtml, 'utf8'));
  const root = `${server.url}/`;
  const httpUrl = `${root}lab.html`;

  // The page's own files: what lab.html names, and the images of sym/.
  const ownFile = (u, base) => {
    if (!u.startsWith(base)) return false;
    const rel = u.slice(base.length).replace(/[?#].*$/, '');
    return rel === 'lab.html' || rel === 'dist/lab.js' || rel === 'rules-html/moves.css' || /^rules-html\/sym\/[A-Za-z]+\.png$/.test(rel);
  };

  const open = async (url) => {
    const requests = [];
    const h = await openPage(browser, url, {
      before: async (page) => page.on('request', (r) => requests.push(r.url())),
    });
    h.requests = requests;
    h.state = await waitReady(h.page);
    return h;
  };
  const requestProblems = async (h, base) => {
    const seen = await h.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    const all = [...new Set([...seen, ...h.requests.filter((u) => !u.startsWith('data:'))])];
    const outside = all.filter((u) => !ownFile(u, base));
    return outside.length ? [`requests outside the page's files: ${outside.join(', ')}`] : [];
  };
  const axeCheck = async (h, label) => {
    const found = await audit(h.page, axePath);
    record(`axe-core: ${label}`, found.map((v) => `${v.id} (${v.impact}) on ${v.target}: ${v.help}\n      ${v.html}`));
    if (!found.length) notes.push(`axe-core ${label}: ${describe(found)}`);
  };

  // ---------------------------------------------------------------- http
  let h = await open(httpUrl);
  try {
    const page = h.page;
    {
      const o = await readLab(page);
      const problems = [];
      if (h.state !== 'ready') problems.push(`data-glance is ${h.state}, expected ready`);
      if (Object.keys(o.cells).length !== 64) problems.push(`${Object.keys(o.cells).length} squares, expected 64 (8x8)`);
      if (o.cells.d5?.img !== 'WhiteUnicorn') problems.push(`d5 shows ${JSON.stringify(o.cells.d5)}, expected the piece (WhiteUnicorn)`);
      if (keysOf(marksOf(o)).length) problems.push(`marks before any input: ${keysOf(marksOf(o)).join(' ')}`);
      problems.push(...h.problems());
      record('opens over http: an 8x8 board, the piece on d5, nothing marked', problems);
    }
    await axeCheck(h, 'at rest');

    let knightBoard;
    {
      await typeInto(page, 'N');
      const o = await readLab(page);
      knightBoard = o;
      const m = marksOf(o);
      const problems = [];
      if (!same(keysOf(m), KNIGHT_D5)) problems.push(`marked ${keysOf(m).join(' ')}, expected the Knight's ${KNIGHT_D5.join(' ')}`);
      if (Object.values(m).some((v) => v !== 'orange')) problems.push(`marks ${JSON.stringify(m)}, expected orange leaps`);
      const want = `N. Leaps to ${KNIGHT_D5.join(', ')}.`;
      if (o.sentence !== want) problems.push(`sentence ${JSON.stringify(o.sentence)}, expected ${JSON.stringify(want)}`);
      if (!/(^|[#&])betza=N(&|$)/.test(o.hash)) problems.push(`URL fragment ${JSON.stringify(o.hash)} does not hold betza=N`);
      record('typing N marks the 8 Knight squares from d5, says them, and puts betza=N in the address', problems);
    }
    {
      const live = await page.evaluate(() => [...document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log]')]
        .map((e) => `${e.id} ${e.getAttribute('aria-live')} ${e.getAttribute('aria-atomic')} ${e.getAttribute('role')}`));
      const want = ['betza-error polite true null', 'sentence polite true null'];
      const problems = [];
      if (live.join() !== want.join()) problems.push(`live regions [${live.join(', ')}], expected [${want.join(', ')}]`);
      record('two polite, atomic live regions: the reason next to the input, the sentence under the board', problems);
    }
    {
      await sleep(800); // the typing burst of N ends: NN is a second step
      await typeInto(page, 'N');
      const o = await readLab(page);
      const m = keysOf(marksOf(o));
      const problems = [];
      if (m.length <= 8) problems.push(`NN marks ${m.length} squares, expected more than N's 8`);
      for (const s of [...KNIGHT_D5, 'b1', 'f1']) if (!m.includes(s)) problems.push(`NN does not mark ${s}`);
      if (!/(^|[#&])betza=NN(&|$)/.test(o.hash)) problems.push(`URL fragment ${JSON.stringify(o.hash)} does not hold betza=NN`);
      record(`NN marks more (${m.length} squares, b1 and f1 among them); the address follows`, problems);

      // The copied address, in a new tab (a fresh browser context).
      const h2 = await open(o.hash ? `${httpUrl}${o.hash}` : httpUrl);
      try {
        const o2 = await readLab(h2.page);
        const p2 = [];
        if (h2.page.url() !== page.url()) p2.push(`opened ${h2.page.url()}, copied ${page.url()}`);
        if (o2.input !== 'NN') p2.push(`input holds ${JSON.stringify(o2.input)}, expected NN`);
        if (JSON.stringify(o2.cells) !== JSON.stringify(o.cells)) p2.push('the board differs from the tab it was copied from');
        if (o2.sentence !== o.sentence) p2.push(`sentence ${JSON.stringify(o2.sentence)}, expected ${JSON.stringify(o.sentence)}`);
        p2.push(...h2.problems());
        record('the copied address opens the same board in a new tab', p2);
      } finally {
        await h2.close();
      }
    }
    {
      // "NN" was typed in two bursts (N, then N after the checks between):
      // back goes to N, then to the empty lab.
      const problems = [];
      await back(page);
      let o = await readLab(page);
      if (o.input !== 'N') problems.push(`after one back: input ${JSON.stringify(o.input)}, expected N`);
      if (!same(keysOf(marksOf(o)), KNIGHT_D5)) problems.push(`after one back: marks ${keysOf(marksOf(o)).join(' ')}, expected N's`);
      await back(page);
      o = await readLab(page);
      if (o.input !== '') problems.push(`after two backs: input ${JSON.stringify(o.input)}, expected empty`);
      if (keysOf(marksOf(o)).length) problems.push(`after two backs: marks ${keysOf(marksOf(o)).join(' ')}, expected none`);
      await page.evaluate(() => history.forward());
      await sleep(200);
      o = await readLab(page);
      if (o.input !== 'N') problems.push(`after forward: input ${JSON.stringify(o.input)}, expected N`);
      // A quick burst of typing is one step back.
      await typeInto(page, 'Q', { clear: true });
      await page.keyboard.type('RB');
      o = await readLab(page);
      if (o.input !== 'QRB') problems.push(`typed QRB, input ${JSON.stringify(o.input)}`);
      await back(page);
      o = await readLab(page);
      if (o.input !== 'N') problems.push(`one back after typing QRB in one burst: input ${JSON.stringify(o.input)}, expected N`);
      record('the back button steps through the edits (a typing burst is one step), forward too', problems);
    }
    {
      // The last good diagram stays while the string does not parse.
      await typeInto(page, 'N', { clear: true });
      await sleep(800); // the burst ends
      await typeInto(page, 'fX');
      const o = await readLab(page);
      const problems = [];
      if (!/character 3/.test(o.error)) problems.push(`message ${JSON.stringify(o.error)}, expected one naming character 3`);
      if (!/X/.test(o.error)) problems.push(`message ${JSON.stringify(o.error)} does not name X`);
      if (o.errorMark !== 'X') problems.push(`the marked character is ${JSON.stringify(o.errorMark)}, expected X`);
      if (o.invalid !== 'true') problems.push(`input aria-invalid=${o.invalid}, expected true`);
      if (o.sentence !== knightBoard.sentence) problems.push(`the sentence under the board became ${JSON.stringify(o.sentence)}, expected N's to stay`);
      if (!same(keysOf(marksOf(o)), KNIGHT_D5)) problems.push(`board marks ${keysOf(marksOf(o)).join(' ')}, expected the last good one's (N)`);
      if (JSON.stringify(o.cells) !== JSON.stringify(knightBoard.cells)) problems.push("the board is not N's as it was");
      if (!/betza=NfX/.test(o.hash)) problems.push(`URL fragment ${JSON.stringify(o.hash)} does not hold what is typed`);
      record('a bad string (NfX) says why and at which character, and the last diagram stays', problems);
      await axeCheck(h, 'with the error shown');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      const o2 = await readLab(page);
      const p2 = [];
      if (o2.error || o2.invalid) p2.push(`after fixing it: message ${JSON.stringify(o2.error)}, aria-invalid ${o2.invalid}`);
      record('fixing the string clears the message', p2);
    }
    {
      // Blocking: a Rook on d5 with pieces on d7 and f5.
      await typeInto(page, 'R', { clear: true });
      await chooseRadio(page, 'mode', 'place');
      await clickSquare(page, 'd7');
      await clickSquare(page, 'f5');
      const o = await readLab(page);
      const m = marksOf(o);
      const problems = [];
      const want = { d1: 'yellow', d2: 'yellow', d3: 'yellow', d4: 'yellow', d6: 'yellow', d7: 'red', a5: 'yellow', b5: 'yellow', c5: 'yellow', e5: 'yellow', f5: 'red' };
      if (JSON.stringify(Object.fromEntries(Object.entries(m).sort())) !== JSON.stringify(Object.fromEntries(Object.entries(want).sort()))) {
        problems.push(`marks ${JSON.stringify(m)}, expected ${JSON.stringify(want)}`);
      }
      for (const s of ['d7', 'f5']) if (!/another piece/.test(o.cells[s]?.label || '')) problems.push(`${s} is named ${JSON.stringify(o.cells[s]?.label)}`);
      if (!/pieces=d7(%2C|,)f5/.test(o.hash)) problems.push(`URL fragment ${JSON.stringify(o.hash)} does not hold the pieces`);
      record('placed pieces block a Rook (d7 and f5 captured, d8 g5 h5 not reached)', problems);
      await clickSquare(page, 'd7');
      const o2 = await readLab(page);
      const p2 = [];
      if (marksOf(o2).d8 !== 'yellow') p2.push(`after removing d7: d8 is ${marksOf(o2).d8}, expected yellow`);
      record('pressing a placed piece again removes it', p2);
      // A Cannon (mRcpR) captures over a screen: pieces on d7 (the screen)
      // and d8 (captured); d7 itself is not reached.
      await page.click('#clear-pieces');
      await typeInto(page, 'mRcpR', { clear: true });
      await clickSquare(page, 'd7');
      await clickSquare(page, 'd8');
      const o3 = await readLab(page);
      const m3 = marksOf(o3);
      const p3 = [];
      const want3 = { d8: 'red' };
      for (const s of ['a5', 'b5', 'c5', 'e5', 'f5', 'g5', 'h5', 'd1', 'd2', 'd3', 'd4', 'd6']) want3[s] = 'green';
      const sorted = (x) => JSON.stringify(Object.fromEntries(Object.entries(x).sort()));
      if (sorted(m3) !== sorted(want3)) p3.push(`marks ${sorted(m3)}, expected ${sorted(want3)}`);
      record('a Cannon (mRcpR) captures d8 over the screen on d7, moves without capturing elsewhere', p3);
      await page.click('#clear-pieces');
    }
    {
      // An address edited by hand (hashchange): the lab follows it.
      await page.evaluate(() => { location.hash = '#betza=W&board=8x8&at=a1'; });
      let o = null;
      for (let i = 0; i < 50; i++) {
        o = await readLab(page);
        if (o.input === 'W') break;
        await sleep(20);
      }
      const problems = [];
      if (o.input !== 'W') problems.push(`input ${JSON.stringify(o.input)} after the fragment was set to betza=W`);
      if (!same(keysOf(marksOf(o)), ['a2', 'b1'])) problems.push(`W on a1 marks ${keysOf(marksOf(o)).join(' ')}, expected a2 b1`);
      if (o.cells.a1?.img !== 'WhiteUnicorn') problems.push(`a1 shows ${o.cells.a1?.img}`);
      record('a fragment typed into the address (hashchange) is followed', problems);
      await clickSquare(page, 'd5');
    }
    {
      // The side: a pawn that moves forward.
      await typeInto(page, 'mfW', { clear: true });
      let o = await readLab(page);
      const problems = [];
      if (!same(keysOf(marksOf(o)), ['d6'])) problems.push(`White mfW marks ${keysOf(marksOf(o)).join(' ')}, expected d6`);
      await chooseRadio(page, 'side', 'black');
      o = await readLab(page);
      if (!same(keysOf(marksOf(o)), ['d4'])) problems.push(`Black mfW marks ${keysOf(marksOf(o)).join(' ')}, expected d4`);
      if (o.cells.d5?.img !== 'BlackUnicorn') problems.push(`the piece shows ${o.cells.d5?.img}, expected BlackUnicorn`);
      if (!/side=black/.test(o.hash)) problems.push(`URL fragment ${JSON.stringify(o.hash)} does not hold the side`);
      record('the side turns a pawn (mfW) around', problems);
      await chooseRadio(page, 'side', 'white');
    }
    {
      // The board's size, and moving the piece with the mouse.
      await chooseRadio(page, 'mode', 'move');
      await typeInto(page, 'Q', { clear: true });
      await page.select('#files', '16');
      await page.select('#ranks', '5');
      let o = await readLab(page);
      const problems = [];
      if (Object.keys(o.cells).length !== 80) problems.push(`${Object.keys(o.cells).length} squares, expected 80 on 16x5`);
      if (o.cells.d5?.img !== 'WhiteUnicorn') problems.push(`d5 shows ${o.cells.d5?.img}, expected the piece still there`);
      await clickSquare(page, 'p1');
      o = await readLab(page);
      if (o.cells.p1?.img !== 'WhiteUnicorn') problems.push(`after pressing p1 in move mode, p1 shows ${o.cells.p1?.img}`);
      const m = keysOf(marksOf(o));
      // A Queen on p1 of 16x5: 15 along rank 1, 4 up the p file, 4 on the diagonal.
      if (m.length !== 23 || !m.includes('a1') || !m.includes('l5') || !m.includes('p5')) problems.push(`Queen on p1 marks ${m.length}: ${m.join(' ')}`);
      await page.select('#files', '5');
      o = await readLab(page);
      if (Object.keys(o.cells).length !== 25) problems.push(`${Object.keys(o.cells).length} squares, expected 25 on 5x5`);
      if (o.cells.c3?.img !== 'WhiteUnicorn') problems.push(`on 5x5 the piece is not back in the centre (c3): ${JSON.stringify(o.cells.c3)}`);
      if (!/board=5x5/.test(o.hash)) problems.push(`URL fragment ${JSON.stringify(o.hash)} does not hold the board`);
      record('board sizes 16x5 and 5x5; pressing a square moves the piece', problems);
      await page.select('#files', '8');
      await page.select('#ranks', '8');
      await clickSquare(page, 'd5');
    }
    {
      // Paint the Knight's eight squares with the leap brush.
      await typeInto(page, '', { clear: true });
      await chooseRadio(page, 'mode', 'paint');
      await chooseRadio(page, 'brush', 'orange');
      for (const s of KNIGHT_D5) await clickSquare(page, s);
      const o = await readLab(page);
      const problems = [];
      if (!same(keysOf(marksOf(o)), KNIGHT_D5)) problems.push(`painted ${keysOf(marksOf(o)).join(' ')}`);
      if (o.inferred !== 'N') problems.push(`inferred ${JSON.stringify(o.inferred)} (${JSON.stringify(o.inference)}), expected N`);
      if (!/The shortest Betza string for the painted squares is N\./.test(o.sentence)) problems.push(`sentence ${JSON.stringify(o.sentence)}`);
      if (!/mode=paint/.test(o.hash) || !/paint=/.test(o.hash)) problems.push(`URL fragment ${JSON.stringify(o.hash)} does not hold the paint`);
      record("painting the Knight's eight squares gives N", problems);
      await axeCheck(h, 'in paint mode with an answer');
      // Its button draws it.
      const p2 = [];
      const button = await page.$('#inference button[data-betza="N"]');
      if (!button) {
        p2.push('no button to draw N');
      } else {
        await button.click();
        const o2 = await readLab(page);
        if (o2.input !== 'N') p2.push(`input ${JSON.stringify(o2.input)}, expected N`);
        if (!same(keysOf(marksOf(o2)), KNIGHT_D5)) p2.push(`drawn marks ${keysOf(marksOf(o2)).join(' ')}`);
      }
      record("the answer's button draws it: the same eight squares", p2);
      await page.click('#clear-paint');
      // A one-step square painted as a leap: no Betza string marks it so.
      await chooseRadio(page, 'mode', 'paint');
      await clickSquare(page, 'c3');
      await clickSquare(page, 'd6');
      const o3 = await readLab(page);
      const p3 = [];
      if (o3.inferred) p3.push(`inferred ${JSON.stringify(o3.inferred)}, expected none`);
      if (!/No Betza string reaches d6 from d5/.test(o3.inference)) p3.push(`the lab says ${JSON.stringify(o3.inference)}`);
      if (!/no Betza string reaches it/.test(o3.cells.d6?.label || '')) p3.push(`d6 is named ${JSON.stringify(o3.cells.d6?.label)}`);
      if (/no Betza string reaches it/.test(o3.cells.c3?.label || '')) p3.push(`c3 (a Knight square) is named ${JSON.stringify(o3.cells.c3?.label)}`);
      if (o3.sentence !== 'No Betza string reaches d6 from d5 as painted.') p3.push(`sentence ${JSON.stringify(o3.sentence)}`);
      record('a step painted as a leap (d6, orange) is named as unreachable; c3 is not', p3);
      await page.click('#clear-paint');
      await chooseRadio(page, 'mode', 'move');
    }
    {
      // Dialect notes: pR is read differently by the other programs.
      await typeInto(page, 'pR', { clear: true });
      const o = await readLab(page);
      const problems = [];
      if (!o.dialect.length) problems.push('no dialect note for pR');
      record(`a dialect note next to the input for pR (${o.dialect.length}: ${o.dialect.join(' | ').slice(0, 160)})`, problems);
    }
    {
      // The keyboard: the board is one Tab stop (the piece's square), the
      // arrows move on it, Enter and Space press.
      await typeInto(page, 'K', { clear: true });
      await chooseRadio(page, 'mode', 'move');
      await page.focus('#betza');
      const problems = [];
      let reached = '';
      for (let i = 0; i < 30 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.closest?.('#board td[data-square]')?.dataset.square || '');
      }
      if (reached !== 'd5') problems.push(`Tab reached the board on ${JSON.stringify(reached)}, expected the piece's square d5`);
      const ring = await page.evaluate(() => {
        const el = document.activeElement;
        return !!el && el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none';
      });
      if (!ring) problems.push('no visible focus ring on the focused square');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowUp');
      let f = await page.evaluate(() => document.activeElement?.dataset?.square || '');
      if (f !== 'e6') problems.push(`after Right, Up: focus on ${JSON.stringify(f)}, expected e6`);
      await page.keyboard.press('Enter');
      let o = await readLab(page);
      if (o.cells.e6?.img !== 'WhiteUnicorn') problems.push(`Enter on e6 (move mode): e6 shows ${o.cells.e6?.img}`);
      if (!same(keysOf(marksOf(o)), leaps(1, 1, 4, 5).concat(['d6', 'e5', 'e7', 'f6']).sort())) problems.push(`King on e6 marks ${keysOf(marksOf(o)).join(' ')}`);
      f = await page.evaluate(() => document.activeElement?.dataset?.square || '');
      if (f !== 'e6') problems.push(`focus after Enter on ${JSON.stringify(f)}, expected e6`);
      await chooseRadio(page, 'mode', 'place');
      await page.focus('#lab-e6');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press(' ');
      o = await readLab(page);
      if (!/another piece/.test(o.cells.e5?.label || '')) problems.push(`Space on e5 (place mode): e5 is ${JSON.stringify(o.cells.e5)}`);
      const tabStops = Object.values(o.cells).filter((c) => c.tabindex === '0').length;
      if (tabStops !== 1) problems.push(`${tabStops} squares with tabindex 0, expected 1`);
      const label = o.cells.e6?.label || '';
      if (!/^e6, the piece, White/.test(label)) problems.push(`e6 is named ${JSON.stringify(label)}`);
      if (!/^e5, another piece, captures here only$/.test(o.cells.e5?.label || '')) problems.push(`e5 is named ${JSON.stringify(o.cells.e5?.label)}`);
      const roles = await page.evaluate(() => [...document.querySelectorAll('#board td[data-square]')].filter((td) => td.getAttribute('role') !== 'button').length);
      if (roles) problems.push(`${roles} squares without role=button`);
      record('keyboard: one Tab stop on the board (the piece), arrows, Enter moves the piece, Space places one; squares named', problems);
      await axeCheck(h, 'with a diagram and a placed piece');
    }
    {
      const problems = await requestProblems(h, root);
      problems.push(...h.problems());
      record('over http: no request outside the page\'s files, no error', problems);
    }
  } finally {
    await h.close();
  }

  // ---------------------------------------------------------------- odd addresses
  {
    // What a fragment gets wrong falls back to the default, without an error.
    const odd = '#betza=N&board=99x2&at=zz9&side=red&pieces=d5,q1,a1,a1&mode=fly&brush=blue&paint=a1:purple,b2:red,d5:red,%E2%82%AC';
    const h6 = await open(`${httpUrl}${odd}`);
    try {
      const o = await readLab(h6.page);
      const problems = [];
      if (h6.state !== 'ready') problems.push(`data-glance is ${h6.state}`);
      if (Object.keys(o.cells).length !== 64) problems.push(`${Object.keys(o.cells).length} squares, expected the default 64`);
      if (o.cells.d5?.img !== 'WhiteUnicorn') problems.push(`d5 shows ${o.cells.d5?.img}, expected the White piece`);
      if (!/another piece/.test(o.cells.a1?.label || '') || /another piece/.test(o.cells.d5?.label || '')) problems.push(`pieces: a1 ${JSON.stringify(o.cells.a1?.label)}, d5 ${JSON.stringify(o.cells.d5?.label)}`);
      if (!same(keysOf(marksOf(o)), KNIGHT_D5)) problems.push(`marks ${keysOf(marksOf(o)).join(' ')}, expected N's`);
      problems.push(...h6.problems());
      record('an address with a bad board, square, side, mode, brush and paint opens the defaults for those', problems);
    } finally {
      await h6.close();
    }
  }

  // ---------------------------------------------------------------- index.html
  {
    // The landing page links the lab: follow the link.
    site.writePage('index.html', fs.readFileSync(path.join(repo, 'index.html'), 'utf8'));
    const h5 = await openPage(browser, `${root}index.html`);
    try {
      const problems = [];
      const link = await h5.page.$('a[href="lab.html"]');
      if (!link) {
        problems.push('index.html has no link to lab.html');
      } else {
        await Promise.all([h5.page.waitForNavigation({ waitUntil: 'load' }), link.click()]);
        const state = await waitReady(h5.page);
        if (!h5.page.url().endsWith('/lab.html')) problems.push(`the link opened ${h5.page.url()}`);
        if (state !== 'ready') problems.push(`the lab is ${state} after following the link`);
      }
      record("index.html links the lab, which opens", problems);
    } finally {
      await h5.close();
    }
  }

  // ---------------------------------------------------------------- file://
  {
    const fileUrl = site.fileUrl('lab.html');
    const base = fileUrl.slice(0, fileUrl.length - 'lab.html'.length);
    const h3 = await open(`${fileUrl}#betza=N&board=8x8&at=d5`);
    try {
      const o = await readLab(h3.page);
      const problems = [];
      if (h3.state !== 'ready') problems.push(`data-glance is ${h3.state}, expected ready`);
      if (!same(keysOf(marksOf(o)), KNIGHT_D5)) problems.push(`marks ${keysOf(marksOf(o)).join(' ')}, expected the Knight's`);
      await typeInto(h3.page, 'N');
      const o2 = await readLab(h3.page);
      if (keysOf(marksOf(o2)).length <= 8) problems.push(`NN over file:// marks ${keysOf(marksOf(o2)).length}`);
      if (!/betza=NN/.test(o2.hash)) problems.push(`URL fragment ${JSON.stringify(o2.hash)} over file://`);
      const imgs = await h3.page.evaluate(() => [...document.images].filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.getAttribute('src')));
      if (imgs.length) problems.push(`images not shown: ${imgs.join(', ')}`);
      problems.push(...(await requestProblems(h3, base)));
      problems.push(...h3.problems());
      record('from file://: the fragment opens N, typing draws NN, every image shows, no other request', problems);
    } finally {
      await h3.close();
    }
  }

  // ---------------------------------------------------------------- timing
  {
    const times = [];
    const problems = [];
    for (let i = 0; i < 5; i++) {
      const h4 = await open(`${httpUrl}#betza=Q&board=8x8&at=d5`);
      try {
        const t = await h4.page.evaluate(() => {
          const m = performance.getEntriesByName('lab-first-diagram')[0];
          const nav = performance.getEntriesByType('navigation')[0];
          return m ? { diagram: m.startTime, domContentLoaded: nav ? nav.domContentLoadedEventEnd : null } : null;
        });
        if (!t) problems.push(`load ${i + 1}: no lab-first-diagram mark`);
        else times.push(t);
      } finally {
        await h4.close();
      }
    }
    const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
    if (times.length) {
      notes.push(`first diagram (Q on 8x8) after navigation start, median of ${times.length} fresh loads: ${median(times.map((t) => t.diagram)).toFixed(1)} ms (${times.map((t) => t.diagram.toFixed(1)).join(', ')}); DOMContentLoaded at ${median(times.map((t) => t.domContentLoaded)).toFixed(1)} ms`);
    }
    record('the first diagram is drawn on opening an address with a string (5 fresh loads)', problems);
  }
  return checksResult(name, checks, notes);
}
