// One validation for lint and page: the pages of tests/findings/ (one
// broken copy of a small zero-code page per kind the page can find) are
// opened with dist/glance.js, and the page's console must say exactly the
// findings `glance lint` gives them (tests/findings/expected.json, which
// tests/lint.rs checks against lint), in the same words: one warning each,
// "glance: PLACE: KIND: message".  Then the verdict: each cell listed as
// working shows marks while pressed and the page is back at rest on
// release, each listed as dead shows none.
//
// The pages are served from rules-html/findings/ of the assembled site, so
// that ../moves.css, ../sym/ and ../../dist/glance.js are where they are in
// the repository; missing-marks.html takes its images from nosym/, which
// holds the piece images only (copied from rules-html/sym/).
import fs from 'node:fs';
import path from 'node:path';
import { openPage, pressCell, releaseMouse, sleep, waitReady } from '../lib/browser.mjs';
import { checksResult, missingFile } from '../lib/check.mjs';

export const name = 'findings';

const PIECES = ['WhiteKing', 'BlackKing', 'WhitePawn', 'BlackPawn', 'WhiteKnight'];

// The cells showing a mark now, and #piece's text.
function shown() {
  return {
    marks: document.querySelectorAll('[data-glance-show]').length,
    piece: (document.getElementById('piece') || document.getElementById('notes') || {}).innerHTML,
  };
}

export async function run(ctx) {
  const { browser, server, site, repo } = ctx;
  const checks = [];
  const record = (label, problems) => checks.push({ label, problems });
  const missing = missingFile(name, site, 'dist/glance.js');
  if (missing) return missing;
  const src = path.join(repo, 'tests/findings');
  const { pages } = JSON.parse(fs.readFileSync(path.join(src, 'expected.json'), 'utf8'));
  const nosym = path.join(site.root, 'rules-html/findings/nosym');
  fs.mkdirSync(nosym, { recursive: true });
  for (const p of PIECES) fs.copyFileSync(path.join(site.root, 'rules-html/sym', `${p}.png`), path.join(nosym, `${p}.png`));

  for (const [file, want] of Object.entries(pages)) {
    const rel = `rules-html/findings/${file}`;
    site.writePage(rel, fs.readFileSync(path.join(src, file), 'utf8'));
    const h = await openPage(browser, `${server.url}/${rel}`);
    try {
      const problems = [];
      const state = await waitReady(h.page);
      const usable = want.starts;
      if (state !== (usable ? 'ready' : 'failed')) problems.push(`data-glance is ${state}, expected ${usable ? 'ready' : 'failed'}`);
      // The findings of files arrive when the probes have loaded or failed.
      const said = () => h.consoleMessages.filter((m) => m.text.startsWith('glance: '));
      for (let i = 0; i < 40 && said().length < want.findings.length; i++) await sleep(50);
      await sleep(200);
      const got = said().map((m) => m.text.slice('glance: '.length));
      for (const m of said()) if (m.type !== 'warn' && m.type !== 'warning') problems.push(`console.${m.type}, not a warning: ${m.text}`);
      const missing = want.findings.filter((f) => !got.includes(f));
      const extra = got.filter((f) => !want.findings.includes(f));
      for (const f of missing) problems.push(`lint's finding not said by the page: ${f}`);
      for (const f of extra) problems.push(`said by the page, not by lint: ${f}`);
      if (!missing.length && !extra.length && got.length !== want.findings.length) problems.push(`${got.length} warnings for ${want.findings.length} findings`);
      record(`${file}: the console says lint's ${want.findings.length} finding(s)`, problems);

      const verdict = [];
      const rest = await h.page.evaluate(shown);
      for (const id of want.works) {
        await pressCell(h.page, id);
        const held = await h.page.evaluate(shown);
        if (!held.marks) verdict.push(`${id} shows no mark`);
        await releaseMouse(h.page);
        const after = await h.page.evaluate(shown);
        if (after.marks || after.piece !== rest.piece) verdict.push(`${id}: not back at rest after the release`);
      }
      for (const id of want.dead) {
        await pressCell(h.page, id);
        const held = await h.page.evaluate(shown);
        if (held.marks) verdict.push(`${id} shows ${held.marks} marks, expected none`);
        await releaseMouse(h.page);
      }
      verdict.push(...h.problems());
      record(`${file}: ${want.works.length} cell(s) work, ${want.dead.length} do nothing`, verdict);
    } finally {
      await h.close();
    }
  }

  // glance.js fetches its findings' sentences from glance-findings.txt
  // beside it: where that file is missing, each warning must still name
  // its place and kind (a copy of glance.js in a folder of its own).
  const words = path.join(site.root, 'dist/glance-findings.txt');
  record('dist/glance-findings.txt is beside dist/glance.js', fs.existsSync(words) ? [] : ['missing']);
  const alone = path.join(site.root, 'rules-html/findings/alone');
  fs.mkdirSync(alone, { recursive: true });
  fs.copyFileSync(path.join(site.root, 'dist/glance.js'), path.join(alone, 'glance.js'));
  for (const file of ['bad-betza.html', 'wrong-side.html', 'no-piece-paragraph.html']) {
    const want = pages[file].findings;
    const rel = `rules-html/findings/alone-${file}`;
    const html = fs.readFileSync(path.join(src, file), 'utf8');
    site.writePage(rel, html.replace('src="../../dist/glance.js"', 'src="alone/glance.js"'));
    const h = await openPage(browser, `${server.url}/${rel}`);
    try {
      await waitReady(h.page);
      const said = () => h.consoleMessages.filter((m) => m.text.startsWith('glance: ')).map((m) => m.text);
      for (let i = 0; i < 40 && said().length < want.length; i++) await sleep(50);
      await sleep(200);
      const problems = [];
      const got = said();
      if (got.length !== want.length) problems.push(`${got.length} warnings for ${want.length} findings`);
      want.forEach((f, i) => {
        // "PLACE: KIND: " as lint says it (kinds are lower-case words and hyphens).
        const head = /^(.*?: [a-z-]+: )/.exec(f);
        const line = got[i] || '';
        if (!head || !line.startsWith(`glance: ${head[1]}`)) problems.push(`expected "glance: ${head && head[1]}...", got "${line}"`);
        else if (!line.includes('glance-findings.txt')) problems.push(`does not say where its words are: "${line}"`);
        if (line === `glance: ${f}`) problems.push(`said in full without the sentences' file: "${line}"`);
      });
      record(`${file} without glance-findings.txt: ${want.length} warning(s) name place and kind`, problems);
    } finally {
      await h.close();
    }
  }
  return checksResult(name, checks);
}
