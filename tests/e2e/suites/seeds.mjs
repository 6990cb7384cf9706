// Seed pages: the real rules pages (rules-html/, loading ../dist/*.js),
// opened over http and over file://.  Every click of expected.json whose
// cell exists on the page is pressed, compared and released as in parity.
// Over http, every image the page names must arrive (its setup picture,
// rules-html/<Page>.png, drawn by make assets, included), on the seed pages
// and on the zero-code pages of rules-html/zero/.
import fs from 'node:fs';
import path from 'node:path';
import { openPage, snapshot, waitReady } from '../lib/browser.mjs';
import { checkClick, formatMismatch, leftDirty } from '../lib/check.mjs';
import { diffCells } from '../lib/expect.mjs';

export const name = 'seeds';

export async function run(ctx) {
  const { browser, server, site, expected } = ctx;
  const pages = Object.keys(expected).filter((p) => site.has(`rules-html/${p}`));
  if (pages.length === 0) {
    return {
      name, ok: false, passed: 0, failed: 1,
      summary: `${name}: no rules pages found`,
      details: [`none of the pages named in expected.json is in ${ctx.rulesDir} (set GLANCE_RULES_HTML)`],
    };
  }
  const mismatches = [];
  const pageProblems = [];
  let matched = 0;
  let total = 0;
  let skipped = 0;
  const slow = new Map(); // script -> how many pages it did not get ready on
  let imagesOk = 0; // pages (over http) whose every image request succeeded
  for (const [scheme, urlOf] of [
    ['http', (p) => `${server.url}/rules-html/${encodeURIComponent(p)}`],
    ['file', (p) => site.fileUrl(`rules-html/${p}`)],
  ]) {
    for (const pageName of pages) {
      const data = expected[pageName];
      const where = `${scheme} ${pageName}`;
      if (!site.has(`dist/${data.script}`)) {
        pageProblems.push(`${where}: dist/${data.script} does not exist (run make dist, or set GLANCE_DIST)`);
        continue;
      }
      const h = await openPage(browser, urlOf(pageName));
      try {
        const state = await waitReady(h.page, slow.has(data.script) ? 3000 : undefined);
        if (state !== 'ready') slow.set(data.script, (slow.get(data.script) || 0) + 1);
        const present = await h.page.evaluate(() => {
          const out = {};
          for (const td of document.querySelectorAll('table.board td[id]')) out[td.id] = td.getAttribute('onmousedown');
          return out;
        });
        const clicks = data.clicks.filter((c) => c.cell in present);
        skipped += data.clicks.length - clicks.length;
        total += clicks.length;
        if (state !== 'ready') {
          pageProblems.push(`${where}: module not ready: ${state}${fmt(h.problems())}`);
          continue;
        }
        const loadProblems = h.problems();
        if (loadProblems.length) pageProblems.push(`${where}: while loading:${fmt(loadProblems)}`);
        if (scheme === 'http') {
          const broken = await h.page.evaluate(brokenImages);
          if (broken.length) pageProblems.push(`${where}: images not shown:${fmt(broken)}`);
          else imagesOk++;
        }
        let snap = await snapshot(h.page);
        // The page's own at-rest images are the baseline; they should agree
        // with the data for the cells the data names.
        const rest = { ...snap.cells };
        const named = {};
        for (const id of Object.keys(snap.cells)) if (id in data.at_rest) named[id] = snap.cells[id];
        const restDiff = diffCells(Object.fromEntries(Object.keys(named).map((id) => [id, data.at_rest[id]])), named);
        if (restDiff.length) pageProblems.push(`${where}: at rest, the page differs from expected.json:${fmt(restDiff)}`);

        for (const click of clicks) {
          if (present[click.cell] !== click.handler) {
            mismatches.push(formatMismatch(where, click, [`the page's handler is ${JSON.stringify(present[click.cell])}`]));
            continue;
          }
          const problems = await checkClick(h, click, rest, snap);
          if (problems.length === 0) matched++;
          else mismatches.push(formatMismatch(where, click, problems));
          if (leftDirty(problems)) {
            await h.page.reload({ waitUntil: 'load' });
            const again = await waitReady(h.page);
            if (again !== 'ready') {
              pageProblems.push(`${where}: module not ready after a reload: ${again}`);
              break;
            }
            snap = await snapshot(h.page);
          }
        }
      } finally {
        await h.close();
      }
    }
  }
  // The zero-code pages (rules-html/zero/, the repository's own) show
  // every image they name too.
  const zero = fs.existsSync(path.join(ctx.rulesDir, 'zero'))
    ? fs.readdirSync(path.join(ctx.rulesDir, 'zero')).filter((f) => f.endsWith('.html')).sort() : [];
  for (const f of zero) {
    const h = await openPage(browser, `${server.url}/rules-html/zero/${f}`);
    try {
      await waitReady(h.page);
      const broken = await h.page.evaluate(brokenImages);
      if (broken.length) pageProblems.push(`http zero/${f}: images not shown:${fmt(broken)}`);
      else imagesOk++;
    } finally {
      await h.close();
    }
  }
  const imagePages = pages.length + zero.length;
  const ok = matched === total && pageProblems.length === 0 && imagesOk === imagePages;
  let summary = `${name}: ${matched}/${total} clicks match on ${pages.length} pages over http and file://; every image shown on ${imagesOk}/${imagePages} pages`;
  if (skipped) summary += ` (${skipped} clicks skipped: cell not on the page)`;
  if (pageProblems.length) summary += `, ${pageProblems.length} page problem${pageProblems.length > 1 ? 's' : ''}`;
  const shown = Number(process.env.GLANCE_SHOW || 5);
  const details = [...pageProblems.slice(0, shown), ...mismatches.slice(0, shown)];
  if (mismatches.length > shown) details.push(`... ${mismatches.length - shown} more mismatching clicks (GLANCE_SHOW=N shows more)`);
  return { name, ok, summary, details, passed: matched + imagesOk, failed: total - matched + pageProblems.length };
}

// Runs in the page, once loaded: every image the page names that did not
// arrive (an <img> not complete or with no pixels, as a broken image shows)
// and every resource whose response was an HTTP error (404 for a setup
// picture that was never drawn, say).
function brokenImages() {
  const out = [];
  for (const img of document.images) {
    if (!img.complete || img.naturalWidth === 0) out.push(`<img src="${img.getAttribute('src')}"> is broken`);
  }
  for (const e of performance.getEntriesByType('resource')) {
    if (e.responseStatus >= 400) out.push(`${e.name}: HTTP ${e.responseStatus}`);
  }
  return out;
}

function fmt(list, max = 6) {
  const lines = list.slice(0, max).map((p) => `\n    ${p}`);
  if (list.length > max) lines.push(`\n    ... and ${list.length - max} more`);
  return lines.join('');
}
