// The press / compare / release check shared by the suites.
import { cellAt, observe, pressCell, releaseMouse, restDiffs } from './browser.mjs';
import { diffCells, diffLines, handlerParses, pieceLines, pressState } from './expect.mjs';

/**
 * Presses `click.cell` with the real mouse, compares the page with `rest`
 * (cell id -> image names at rest) overlaid by the click's expectation,
 * releases, and compares with the at-rest snapshot `snap`.
 * Returns a list of problems ([] when the click matches).
 */
export async function checkClick(h, click, rest, snap) {
  const { page } = h;
  const problems = [];
  const errorsBefore = h.problems().length;
  h.allowSyntaxErrors = !handlerParses(click.handler);
  try {
    const point = await pressCell(page, click.cell);
    const held = await observe(page);
    const under = await cellAt(page, point);
    const want = pressState(rest, click);
    problems.push(...diffCells(want, held.cells));
    const changed = new Set(Object.keys(click.down));
    problems.push(...held.badSrc.filter((b) => changed.has(b.split(':')[0])).map((b) => `image not of the form sym/NAME: ${b}`));
    if (held.others !== snap.others) problems.push('cells without an id (legend) changed while held');
    if (held.lines === null) problems.push('#piece is missing');
    else {
      const d = diffLines(pieceLines(click), held.lines);
      if (d) problems.push(d);
      // The page below the board must not move while a piece is held.
      if (held.pieceHeight !== snap.pieceHeight) problems.push(`#piece is ${held.pieceHeight} px high while held, ${snap.pieceHeight} px at rest: the page below moves`);
    }
    await releaseMouse(page);
    const after = await observe(page);
    const rd = restDiffs(snap, after);
    if (rd.length && under !== click.cell) {
      rd.push(`(the layout moved while held: the button was released over ${under}, not ${click.cell}, so the cell's onmouseup did not run)`);
    }
    problems.push(...rd.map((d) => `after release: ${d}`));
  } catch (e) {
    problems.push(`test step failed: ${e.message.split('\n')[0]}`);
    try { await releaseMouse(page); } catch { /* ignore */ }
  } finally {
    h.allowSyntaxErrors = false;
  }
  problems.push(...h.problems().slice(errorsBefore));
  return problems;
}

// A mismatch, printed over a few lines.
export function formatMismatch(where, click, problems, max = 8) {
  const head = `${where} ${click.cell} ${click.handler}${click.piece ? ` (${click.piece.name})` : ' (no piece)'}:`;
  const body = problems.slice(0, max).map((p) => `    ${p}`);
  if (problems.length > max) body.push(`    ... and ${problems.length - max} more`);
  return [head, ...body].join('\n');
}

/**
 * Runs the steps of one check (`steps(problems)` pushes what it finds): a
 * step that throws becomes a "test step failed" problem; with `release`,
 * the mouse button is then let go (if it is still down); last come the
 * page's own problems (uncaught exceptions, console errors) since the
 * check began.  Returns the problems ([] when the check passes).
 */
export async function runSteps(h, steps, { release = false } = {}) {
  const before = h.problems().length;
  const problems = [];
  try {
    await steps(problems);
  } catch (e) {
    problems.push(`test step failed: ${e.message.split('\n')[0]}`);
  }
  if (release) {
    try { await releaseMouse(h.page); } catch { /* already up */ }
  }
  problems.push(...h.problems().slice(before));
  return problems;
}

// Did a click leave the page not at rest?  (Then a suite reloads the page so
// that one failure does not spill into the next clicks.)
export function leftDirty(problems) {
  return problems.some((p) => p.startsWith('after release') || p.startsWith('test step failed'));
}

// The result of a suite made of named checks ({label, problems}): a check
// passes when it has no problem, the suite when it ran checks and all pass.
// The first GLANCE_SHOW failing checks are detailed, then the notes.
export function checksResult(name, checks, notes = []) {
  const failedChecks = checks.filter((c) => c.problems.length);
  const shown = Number(process.env.GLANCE_SHOW || 5);
  const details = failedChecks.slice(0, shown).map((c) => {
    const lines = c.problems.slice(0, 8).map((p) => `    ${p}`);
    if (c.problems.length > 8) lines.push(`    ... and ${c.problems.length - 8} more`);
    return [`${c.label}:`, ...lines].join('\n');
  });
  if (failedChecks.length > shown) details.push(`... ${failedChecks.length - shown} more failing checks (GLANCE_SHOW=N shows more)`);
  details.push(...notes.map((n) => `note: ${n}`));
  return {
    name,
    ok: checks.length > 0 && failedChecks.length === 0,
    summary: `${name}: ${checks.length - failedChecks.length}/${checks.length} checks pass`,
    details,
    passed: checks.length - failedChecks.length,
    failed: failedChecks.length,
  };
}

// The result of a suite that cannot run because `rel` (e.g.
// dist/glance.js) is not in the served site, or null when it is there.
export function missingFile(name, site, rel) {
  if (site.has(rel)) return null;
  return { name, ok: false, passed: 0, failed: 1, summary: `${name}: ${rel} does not exist`, details: ['run make dist'] };
}
