// Parity: on a test page built from each entry of expected.json, every
// click shows exactly what the data says while held, and release brings the
// page back exactly to rest.
import { openPage, snapshot, waitReady, windowNames } from '../lib/browser.mjs';
import { checkClick, formatMismatch, leftDirty } from '../lib/check.mjs';
import { fixtureHtml } from '../lib/fixtures.mjs';
import { diffCells, restState } from '../lib/expect.mjs';

export const name = 'parity';

export async function run(ctx) {
  const { browser, server, site, expected, only } = ctx;
  const pages = Object.keys(expected).filter((p) => !only || only.includes(p));
  const total = pages.reduce((n, p) => n + expected[p].clicks.length, 0);
  const mismatches = [];
  const pageProblems = [];
  let matched = 0;
  const slow = new Map(); // script -> how many pages it did not get ready on

  // Globals present without our script, to tell which ones it adds.
  const first = pages[0];
  site.writePage('fixtures/_no_script.html', fixtureHtml(first, expected[first], { scriptSrc: null }));
  const base = await openPage(browser, `${server.url}/fixtures/_no_script.html`);
  const baseNames = new Set(await windowNames(base.page));
  await base.close();

  for (const pageName of pages) {
    const data = expected[pageName];
    if (!site.has(`dist/${data.script}`)) {
      pageProblems.push(`${pageName}: dist/${data.script} does not exist (run make dist, or set GLANCE_DIST)`);
      continue;
    }
    if ((slow.get(data.script) || 0) >= 2) {
      pageProblems.push(`${pageName}: not tried: ${data.script} did not get ready on two pages`);
      continue;
    }
    const h = await openPage(browser, `${server.url}/fixtures/${encodeURIComponent(pageName)}`);
    try {
      const state = await waitReady(h.page, slow.has(data.script) ? 3000 : undefined);
      if (state !== 'ready') {
        slow.set(data.script, (slow.get(data.script) || 0) + 1);
        pageProblems.push(`${pageName}: module not ready: ${state}${fmtProblems(h.problems())}`);
        continue;
      }
      const added = (await windowNames(h.page)).filter((n) => !baseNames.has(n)).sort();
      if (added.join() !== 'down_click,up_click') {
        pageProblems.push(`${pageName}: ${data.script} should add exactly the globals down_click and up_click; it added: ${added.join(', ') || '(none)'}`);
      }
      const loadProblems = h.problems();
      if (loadProblems.length) pageProblems.push(`${pageName}: while loading:${fmtProblems(loadProblems)}`);

      let snap = await snapshot(h.page);
      const rest = restState(data, Object.keys(snap.cells));
      const restDiff = diffCells(rest, snap.cells);
      if (restDiff.length) pageProblems.push(`${pageName}: at rest after loading:${fmtProblems(restDiff)}`);

      for (const click of data.clicks) {
        const problems = await checkClick(h, click, rest, snap);
        if (problems.length === 0) matched++;
        else mismatches.push(formatMismatch(pageName, click, problems));
        if (leftDirty(problems)) {
          await h.page.reload({ waitUntil: 'load' });
          const again = await waitReady(h.page);
          if (again !== 'ready') {
            pageProblems.push(`${pageName}: module not ready after a reload: ${again}`);
            break;
          }
          snap = await snapshot(h.page);
        }
      }
    } finally {
      await h.close();
    }
  }

  const ok = matched === total && pageProblems.length === 0;
  let summary = `${name}: ${matched}/${total} clicks match`;
  if (pageProblems.length) summary += `, ${pageProblems.length} page problem${pageProblems.length > 1 ? 's' : ''}`;
  const shown = Number(process.env.GLANCE_SHOW || 5);
  const details = [...pageProblems.slice(0, shown), ...mismatches.slice(0, shown)];
  if (mismatches.length > shown) details.push(`... ${mismatches.length - shown} more mismatching clicks (GLANCE_SHOW=N shows more)`);
  return { name, ok, summary, details, passed: matched, failed: total - matched + pageProblems.length };
}

function fmtProblems(list, max = 6) {
  const lines = list.slice(0, max).map((p) => `\n    ${p}`);
  if (list.length > max) lines.push(`\n    ... and ${list.length - max} more`);
  return lines.join('');
}
