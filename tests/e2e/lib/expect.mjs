// What a page should show, derived from the expected data, and how to
// describe a difference between that and what the page shows.

export const PLACEHOLDER_LINES = [':', ':', ':', ':'];

export function parseId(id) {
  const m = /^sq(\d+)x(\d+)$/.exec(id);
  if (!m) throw new Error(`not a cell id: ${id}`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

export const cellId = (x, y) => `sq${x}x${y}`;

// Every cell id the data of one page names anywhere.
export function cellsOfPage(data) {
  const ids = new Set([...data.board, ...Object.keys(data.at_rest)]);
  for (const c of data.clicks) {
    ids.add(c.cell);
    for (const id of Object.keys(c.down)) ids.add(id);
  }
  return ids;
}

// Is a handler text a well-formed call?  (`down_click(,)` is not.)
export function handlerParses(handler) {
  try {
    // Only compiled, never run.
    new Function(handler); // eslint-disable-line no-new-func
    return true;
  } catch {
    return false;
  }
}

// The arguments of a well-formed `down_click(a,b)` handler, else null.
export function handlerArgs(handler) {
  const m = /^\s*down_click\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*;?\s*$/.exec(handler);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

// State of the cells at rest: id -> '+'-joined image names ('' when none),
// for the given ids (cells of the page that the data does not mention are '').
export function restState(data, ids) {
  const out = {};
  for (const id of ids) out[id] = data.at_rest[id] || '';
  return out;
}

// State while a click is held: the rest state overlaid by the click's `down`.
export function pressState(rest, click) {
  const out = { ...rest };
  if (click.piece) for (const [id, v] of Object.entries(click.down)) out[id] = v;
  return out;
}

export function normLine(s) {
  return String(s).replace(/\s+/g, ' ').trim();
}

// Lines #piece should show while the click is held.
export function pieceLines(click) {
  if (!click.piece) return PLACEHOLDER_LINES;
  return [click.piece.name, ...click.piece.notes].map(normLine);
}

// Differences between two cell states, as short strings.
export function diffCells(want, got) {
  const out = [];
  const ids = new Set([...Object.keys(want), ...Object.keys(got)]);
  for (const id of [...ids].sort(compareIds)) {
    const w = id in want ? want[id] : '(no such cell)';
    const g = id in got ? got[id] : '(no such cell)';
    if (w !== g) out.push(`${id}: expected ${show(w)}, got ${show(g)}`);
  }
  return out;
}

export function diffLines(want, got) {
  if (want.length === got.length && want.every((l, i) => l === got[i])) return null;
  return `#piece: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`;
}

function show(v) {
  return v === '' ? '(empty)' : v;
}

function compareIds(a, b) {
  try {
    const p = parseId(a), q = parseId(b);
    return q.y - p.y || p.x - q.x;
  } catch {
    return a < b ? -1 : a > b ? 1 : 0;
  }
}
