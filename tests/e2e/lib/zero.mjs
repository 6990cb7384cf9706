// What the suites of the zero-code pages (zerocode, zerovisit) share: what a
// page declares, what the board and #piece show, and the diagram the native
// command computes for a declared piece.
//
// `readPage` runs in the page (page.evaluate(readPage)): it uses nothing
// from this module's scope; `SHOWN` is source text for page.evaluate.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pieceTextLines } from './browser.mjs';

// The value of a marked cell's data-glance-show for each mark of
// `glance diagram --json`.
export const MARK_IMAGE = { slide: 'yellow', leap: 'orange', move: 'green', capture: 'red', 'first-leg': 'cyan', block: 'open' };

// What the page declares and shows, read in the page.
export function readPage() {
  const collapse = (t) => (t || '').replace(/\s+/g, ' ').trim();
  const rows = {};
  for (const tr of document.querySelectorAll('tr[data-piece]')) {
    const cols = [...tr.children].filter((c) => /^T[DH]$/.test(c.tagName)).map((c) => collapse(c.textContent));
    // The table's data-columns (name, Moves, Remarks), else 0, 3, 4.
    const given = (tr.closest('table') || { dataset: {} }).dataset.columns;
    const [n, m, r] = given ? given.trim().split(/\s+/).map(Number) : [0, 3, 4];
    rows[tr.dataset.piece] = { name: cols[n], moves: cols[m], remarks: cols[r] || '' };
  }
  // Declared cells: a row's (data-piece), or moves or a demonstration of
  // their own (data-moves, data-demo), with data-words naming data-text
  // elements for their words; in document order.
  const cells = [...document.querySelectorAll('td[data-piece], td[data-moves], td[data-demo]')].map((td) => ({
    id: td.id, key: td.dataset.piece, black: td.dataset.side === 'black',
    moves: td.dataset.moves, demo: td.dataset.demo, words: td.dataset.words,
    image: (td.querySelector('img') || { getAttribute: () => null }).getAttribute('src'),
  }));
  const texts = {};
  for (const el of document.querySelectorAll('[data-text]')) {
    if (!(el.dataset.text in texts)) texts[el.dataset.text] = collapse(el.textContent);
  }
  const at = (td) => {
    const m = /^sq(\d+)x(\d+)$/.exec(td.id);
    return [Number(m[1]), Number(m[2])];
  };
  const board = [...document.querySelectorAll('table.board td.n[id^=sq]')];
  const squares = board.map(at);
  // The squares holding a piece (an image), as the module reads them, and
  // the side of each: a declared cell's data-side, else its image's name
  // (BlackRook, WhiteRook), else none.
  const withPiece = board.filter((td) => td.querySelector('img'));
  const occupied = withPiece.map(at);
  const sides = withPiece.map((td) => {
    if (td.matches('[data-piece], [data-moves]')) return td.dataset.side === 'black' ? 'black' : 'white';
    const file = (td.querySelector('img').getAttribute('src') || '').split('/').pop();
    return file.startsWith('Black') ? 'black' : file.startsWith('White') ? 'white' : null;
  });
  return { rows, cells, squares, occupied, sides, texts };
}

// What the board and #piece show now; also which cells are aria-pressed,
// where the focus is, the page's scroll and #piece's height.  Runs in the
// page, given browser.mjs's pieceTextLines (see SHOWN).
function shownInPage(linesOf) {
  const marks = {};
  for (const el of document.querySelectorAll('[data-glance-show]')) marks[el.id] = el.getAttribute('data-glance-show');
  const p = document.getElementById('piece');
  const lines = linesOf(p);
  const sr = p.querySelector('[data-glance-sr]');
  const active = document.activeElement;
  return {
    marks,
    lines,
    sentence: sr ? sr.textContent : null,
    sentences: p.querySelectorAll('[data-glance-sr]').length,
    board: document.querySelector('table.board').innerHTML,
    piece: p.innerHTML,
    pieceHeight: p.getBoundingClientRect().height,
    pressed: [...document.querySelectorAll('[aria-pressed="true"]')].map((e) => e.id || e.localName),
    focus: !active || active === document.body ? '(body)' : active.id || `<${active.localName}>`,
    scrollY: window.scrollY,
  };
}
// shownInPage with pieceTextLines, as source text: an expression whose
// value is what the page shows (page.evaluate(SHOWN)).
export const SHOWN = `(${shownInPage})(${pieceTextLines})`;

// The native command, built if needed (a no-op when it is up to date).
export function glanceBin(repo) {
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'glance'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
  return path.join(repo, 'target', 'release', 'glance');
}

const diagrams = new Map();
// `glance diagram BETZA --board FxR --at SQ [--black] [--occupied
// SQ,SQ...] [--friends SQ,SQ...] --json`, parsed (cached: one run per
// distinct question).
export function diagram(bin, betza, board, at, black, occupied = [], friends = []) {
  const k = [betza, board, at, black, occupied.join(','), friends.join(',')].join(' ');
  if (!diagrams.has(k)) {
    const args = ['diagram', betza, '--board', board, '--at', at, '--json'];
    if (black) args.push('--black');
    if (occupied.length) args.push('--occupied', occupied.join(','));
    if (friends.length) args.push('--friends', friends.join(','));
    diagrams.set(k, JSON.parse(execFileSync(bin, args, { encoding: 'utf8' })));
  }
  return diagrams.get(k);
}

// Does a piece need a screen (a hopper: modifier p, g or j; a hop link
// +)?  Such a piece is drawn among the page's pieces, every other piece on
// the empty board (src/engine/betza.rs, Piece::needs_screen).  Betza's lower-case
// letters are modifiers, so these letters anywhere mean a hop.
export const needsScreen = (betza) => /[pgj+]/.test(betza);

/**
 * What each declared cell of a page (`readPage`'s answer) must show when
 * pressed: the native command's diagram of its row's Betza (the part
 * before " or ") on the page's board (the rectangle of its class-n cells)
 * from its square; on the empty board, or among the page's pieces (its
 * class-n cells with an image; it captures only those of the other side,
 * the others are screens it never takes) for a piece that needs a screen.  Returns { board: "FxR", x0, y0, pieces: [{ id, key,
 * black, row, betza, at, screened, marks: { cellId: 'yellow'... },
 * squares: { algebraic: mark } }] } in document order.
 */
export function expectations(bin, { rows, cells, squares, occupied = [], sides = [], texts = {} }) {
  const files = squares.map((s) => s[0]);
  const ranks = squares.map((s) => s[1]);
  const [x0, y0] = [Math.min(...files), Math.min(...ranks)];
  const board = `${Math.max(...files) - x0 + 1}x${Math.max(...ranks) - y0 + 1}`;
  const name = ([x, y]) => String.fromCharCode(97 + x - x0) + (y - y0 + 1);
  const pieces = cells.map((cell) => {
    // The words and moves shown: the row's, unless the cell declares its
    // own (src/page/extras.rs): data-words (name, then remark lines),
    // data-moves (drawn from any rank), data-demo (cells emptied or shown
    // with an image, no diagram).
    let row = rows[cell.key] || { name: '', moves: '', remarks: '' };
    if (cell.words !== undefined) {
      const [name = '', remarks = '', ...more] = cell.words.trim().split(/\s+/).filter(Boolean).map((k) => texts[k]);
      row = { ...row, name, remarks, more };
    }
    if (cell.moves !== undefined) row = { ...row, moves: cell.moves };
    if (cell.demo !== undefined) {
      const [x, y] = /^sq(\d+)x(\d+)$/.exec(cell.id).slice(1).map(Number);
      const marks = {};
      const demoSquares = [];
      for (const item of cell.demo.trim().split(/\s+/)) {
        const [at, image = ''] = item.split('=');
        const [cx, cy] = at.split(',').map(Number);
        marks[`sq${cx}x${cy}`] = image;
        demoSquares.push([name([cx, cy]), image]);
      }
      return { ...cell, row, betza: '', at: name([x, y]), x, y, screened: false, marks, squares: {}, demoSquares };
    }
    const [x, y] = /^sq(\d+)x(\d+)$/.exec(cell.id).slice(1).map(Number);
    const at = name([x, y]);
    // The first of the Moves cell's alternatives (src/page/declared.rs,
    // alternatives: Betza has no spaces, so its first word, unless that
    // opens a remark): "RB or Q" and "RB ou Q" -> "RB".
    const first = row.moves.trim().split(/\s+/)[0] || '';
    const betza = first.startsWith('(') ? '' : first;
    const screened = needsScreen(betza);
    const others = screened ? occupied.map(name).filter((sq) => sq !== at) : [];
    // Its own side's pieces, and those of no side, are never captured.
    const enemy = cell.black ? 'white' : 'black';
    const friends = screened ? occupied.filter((_, i) => sides[i] !== enemy).map(name).filter((sq) => sq !== at) : [];
    const drawn = diagram(bin, betza, board, at, cell.black, others, friends).marks;
    const marks = {};
    // Marks fall on the board's squares only: a rectangle's cells that are
    // not class "n" (CWDA's corners) show none.
    const onBoard = new Set(squares.map(([sx, sy]) => `sq${sx}x${sy}`));
    const squaresMarked = {};
    for (const [sq, mark] of Object.entries(drawn)) {
      const fx = sq.charCodeAt(0) - 97 + x0;
      const fy = Number(sq.slice(1)) - 1 + y0;
      if (!onBoard.has(`sq${fx}x${fy}`)) continue;
      marks[`sq${fx}x${fy}`] = MARK_IMAGE[mark];
      squaresMarked[sq] = mark;
    }
    return { ...cell, row, betza, at, x, y, screened, marks, squares: squaresMarked };
  });
  return { board, x0, y0, pieces };
}

// The lines #piece must show while a row's piece is held.
export function rowLines(row) {
  return [row.name, ...(row.remarks ? [row.remarks] : []), ...(row.more || [])];
}
