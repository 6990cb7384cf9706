// The `fairy` suite's comparison of one press (the module's marks while a
// cell is held) with Fairy-Stockfish's answer (tests/fairy/pages_oracle.py),
// and its tallies.  Every square of the board but the pressed one is
// compared, the pressed side's own pieces included (neither a move nor a
// capture ends on one).
//
//   the module's mark (data-glance-show)   non-capture   capture
//   yellow (slide), orange (leap)              yes          yes
//   green (move)                               yes          no
//   red (capture)                              no           yes
//   none, open (a blocking square)             no           no
//
// On an empty square of a hopper's press (the page's own position,
// `press.empty`) nothing can be taken: yellow and orange are compared as
// moves there, and red as a capture (which Fairy-Stockfish never has).

export const MEANS = { yellow: [true, true], orange: [true, true], green: [true, false], red: [false, true], open: [false, false] };
const FILES = 'abcdefghijklmnopqrstuvwxyz';

export const alg = (id) => {
  const [, x, y] = /^sq(\d+)x(\d+)$/.exec(id);
  return `${FILES[Number(x)]}${Number(y) + 1}`;
};

export const bump = (map, key, n = 1) => map.set(key, (map.get(key) || 0) + n);

export function newTally() {
  return {
    squares: 0, // squares compared (on at least one part)
    wrongSquares: 0, // of them, disagreeing
    ownSquares: 0, // squares holding a piece of the pressed side, compared
    ownCaptures: 0, // of them, marked as a capture (the module takes a friend)
    squaresNot: new Map(), // reason -> squares not compared
  };
}

// Mismatching squares of one press (strings), the tally updated.
export function comparePress(press, cells, marks, tally) {
  const move = new Set(press.move);
  const capture = new Set(press.capture);
  const own = new Set(press.own || []);
  const empty = new Set(press.empty || []);
  const unknownMove = new Set(press.unknown_move);
  const unknownCapture = new Set(press.unknown_capture);
  const wrong = [];
  for (const id of cells) {
    if (id === press.id) continue;
    const mark = marks[id];
    if (mark !== undefined && !(mark in MEANS)) {
      // cyan (a first leg) has no counterpart in Fairy-Stockfish's
      // single-leg moves.
      bump(tally.squaresNot, `the page shows "${mark}" (a first leg), which Fairy-Stockfish's moves have no counterpart for`);
      continue;
    }
    const [pm, pc] = mark === undefined ? [false, false] : MEANS[mark];
    const um = unknownMove.has(id) && !own.has(id);
    const uc = unknownCapture.has(id) && !own.has(id);
    if (um && uc) {
      bump(tally.squaresNot, press.unknown_why[id] || 'not asked');
      continue;
    }
    tally.squares++;
    if (own.has(id)) {
      tally.ownSquares++;
      if (pc) tally.ownCaptures++;
    }
    const em = move.has(id);
    let ec = capture.has(id);
    // An empty square of the page's own position (a hopper's press):
    // nothing stands there to take, so yellow and orange say a move, and
    // red (capture only) says what cannot be.
    if (empty.has(id) && pm) ec = pc;
    if ((!um && pm !== em) || (!uc && pc !== ec)) {
      tally.wrongSquares++;
      const fs = `${em ? 'move' : ''}${em && ec ? '+' : ''}${ec ? 'capture' : ''}` || 'nothing';
      const part = um ? ' (capture compared)' : uc ? ' (move compared)' : '';
      const where = own.has(id) ? ' [a piece of its own side]' : '';
      wrong.push(`${alg(id)}: page ${mark || 'nothing'}, Fairy-Stockfish ${fs}${part}${where}`);
    }
  }
  return wrong;
}

// "12 reason; 3 other" sorted by count.
export const byReason = (m) => [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([r, n]) => `${n} ${r}`);

// glance page's refusal line "FILE:LINE: [name] piece (...): why" -> why,
// with the section's name and the file's path taken out.
export function refusalReason(line) {
  return line
    .replace(/^.*?\.ini:\d+: /, '')
    .replace(/^\[[^\]]*\] /, '')
    .replace(/^[^:]*\(\S*\): its moves cannot/, 'its moves cannot')
    .replace(/parent variant \S+ /, 'parent variant NAME ');
}
