// Builds test pages from the expected data (tests/fixtures/expected.json).
//
// A fixture page mirrors the shape of an XBoard rules page: a `table.board`
// whose cells carry the ids `sq{x}x{y}` (class `n` on the board, `h` beside
// it, `w` for legend text), the inline handlers from the data, the at-rest
// images, a `#piece` paragraph with its placeholder and a classic <script>
// loading one of our dist scripts.
import { cellsOfPage, parseId, cellId } from './expect.mjs';

const PLACEHOLDER = ':<br>:<br>:<br>:';

const LEGEND = [
  ['yellow.png', 'Slide or step, capture or not, blockable'],
  ['orange.png', 'Unblockable leap'],
  ['green.png', 'Non-capture only'],
  ['red.png', 'Capture only'],
];

function esc(s) {
  return String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

// The rectangle of cells a fixture board has: every id named by the data,
// filled out to a rectangle, plus one column of `h` cells at each side of
// the board (as on the real pages of 8-file boards), never below file 0.
export function boardRectangle(data) {
  const ids = cellsOfPage(data);
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const id of ids) {
    const { x, y } = parseId(id);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  return { minX: Math.max(0, minX - 1), maxX: maxX + 1, minY, maxY };
}

/**
 * @param {string} pageName  key in expected.json, e.g. "Spartan.html"
 * @param {object} data      its entry
 * @param {object} [opt]
 *   scriptSrc   script URL (default `../dist/<data.script>`); null for none
 *   omitPiece   leave out <p id="piece">
 *   removeCells ids of cells to leave out of the table
 *   textCells   { id: text } cells whose content is this text instead
 *   csp         content of a CSP <meta> placed first in <head>
 *   title       extra words for <title>
 */
export function fixtureHtml(pageName, data, opt = {}) {
  const scriptSrc = opt.scriptSrc === undefined ? `../dist/${data.script}` : opt.scriptSrc;
  const board = new Set(data.board);
  const handlers = new Map(data.clicks.map((c) => [c.cell, c.handler]));
  const removed = new Set(opt.removeCells || []);
  const texts = opt.textCells || {};
  const { minX, maxX, minY, maxY } = boardRectangle(data);

  const rows = [];
  for (let y = maxY; y >= minY; y--) {
    const cells = [];
    for (let x = minX; x <= maxX; x++) {
      const id = cellId(x, y);
      if (removed.has(id)) continue;
      let attrs = `class="${board.has(id) ? 'n' : 'h'}" id="${id}"`;
      if (handlers.has(id)) {
        attrs += ` onmousedown="${esc(handlers.get(id))}" onmouseup="up_click()"`;
      }
      let content = '';
      if (id in texts) content = esc(texts[id]);
      else if (data.at_rest[id]) {
        content = data.at_rest[id].split('+').map((f) => `<img src="sym/${esc(f)}">`).join('');
      }
      cells.push(`<td ${attrs}>${content}</td>`);
    }
    const legendRow = maxY - y;
    if (legendRow < LEGEND.length) {
      const [img, text] = LEGEND[legendRow];
      cells.push(`<td class="h"><img src="sym/${img}"></td><td class="w">${esc(text)}</td>`);
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  }

  const head = [
    '<meta charset="utf-8">',
    opt.csp ? `<meta http-equiv="Content-Security-Policy" content="${esc(opt.csp)}">` : '',
    `<title>${esc(pageName.replace(/\.html$/, ''))}${opt.title ? ' ' + esc(opt.title) : ''} (test page)</title>`,
    '<style>',
    'table.board { border-collapse: collapse; }',
    'table.board td { width: 36px; height: 36px; padding: 1px; text-align: center; }',
    'table.board td.n { border: 1px solid #888; }',
    'table.board td.w { width: auto; padding-left: 6px; }',
    'table.board img { width: 32px; height: 32px; display: block; margin: auto; }',
    '</style>',
    scriptSrc ? `<script type="text/javascript" src="${esc(scriptSrc)}"></script>` : '',
  ].filter(Boolean);

  return `<!DOCTYPE html>
<html lang="en">
<head>
${head.join('\n')}
</head>
<body>
<h3>Moves at a Glance</h3>
<p>Click on a piece below to see its moves</p>
<table class="board">
${rows.join('\n')}
</table>
${opt.omitPiece ? '' : `<p id="piece">${PLACEHOLDER}</p>`}
</body>
</html>
`;
}

// Every image file name a page of the data can show (for placeholder images).
export function imageNames(expected) {
  const names = new Set(LEGEND.map(([img]) => img));
  for (const n of ['yellow.png', 'orange.png', 'green.png', 'red.png', 'cyan.png', 'open.png']) names.add(n);
  for (const data of Object.values(expected)) {
    for (const v of Object.values(data.at_rest)) v.split('+').forEach((f) => names.add(f));
    for (const c of data.clicks) for (const v of Object.values(c.down)) if (v) names.add(v);
  }
  return [...names];
}
