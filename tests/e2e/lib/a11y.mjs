// What the accessibility engine and axe-core make of a page, shared by the
// a11y suite (the legacy pages) and zerovisit (the zero-code pages).
//
// In both browsers the accessibility engine is asked for buttons and tables
// by role and exact name (puppeteer's ARIA selector: CDP's
// Accessibility.queryAXTree in Chromium, a WebDriver BiDi accessibility
// locator in Firefox), and axe-core runs.  Reading the whole tree needs a
// CDP session (cdpSession(h), Chromium only); without one the live region is
// checked on the DOM instead (see a11y.mjs for what the callers note).
import { blockRequests, openPage } from './browser.mjs';

// ---------------------------------------------------------------- names

// "id "name", id "name", ..." for buttons ({ id, name }).
export const buttonList = (list) => list.map((x) => `${x.id} "${x.name}"`).join(', ');

/**
 * Asks the accessibility engine (both browsers) for the buttons by role:
 * they must be `want` ([{ id, name }]) in document order; for each name,
 * the buttons found by role and exact name must be the cells of that name;
 * `table.board` must be the one table named `tableName`.  Returns problems.
 * The name queries run together (one round trip's wait instead of one per
 * name).
 */
export async function ariaProblems(page, want, tableName) {
  const problems = [];
  const idsOf = async (selector) => Promise.all((await page.$$(selector)).map((e) => e.evaluate((el) => el.id || `<${el.localName}>`)));
  const buttons = await idsOf('::-p-aria([role="button"])');
  if (buttons.join(' ') !== want.map((w) => w.id).join(' ')) {
    problems.push(`buttons found by role:\n      ${buttons.join(' ')}\n    expected, in document order:\n      ${want.map((w) => w.id).join(' ')}`);
  }
  const byName = new Map();
  for (const w of want) if (!byName.has(w.name)) byName.set(w.name, want.filter((x) => x.name === w.name).map((x) => x.id));
  const answers = await Promise.all([...byName].map(async ([n, ids]) => [n, ids, await idsOf(`::-p-aria([name=${JSON.stringify(n)}][role="button"])`)]));
  for (const [n, ids, found] of answers) {
    if (found.sort().join() !== [...ids].sort().join()) problems.push(`button named ${JSON.stringify(n)}: found [${found.join(', ')}], expected [${ids.join(', ')}]`);
  }
  const tables = await page.$$(`::-p-aria([name=${JSON.stringify(tableName)}][role="table"])`);
  const isBoard = await Promise.all(tables.map((t) => t.evaluate((el) => el.matches('table.board'))));
  if (tables.length !== 1 || !isBoard[0]) problems.push(`expected table.board as the one table named ${JSON.stringify(tableName)}; found ${tables.length} table(s) by that name${tables.length && !isBoard[0] ? ', not the board' : ''}`);
  return problems;
}

// Without the tree: #piece must be declared in the DOM as the one polite,
// atomic live region (aria-live="polite" and aria-atomic="true", or
// role="status").  Returns problems.
export async function domLiveRegionProblems(page) {
  const problems = [];
  const live = await page.evaluate(() => ({
    piece: ['aria-live', 'aria-atomic', 'role'].map((a) => document.getElementById('piece').getAttribute(a)),
    polite: [...document.querySelectorAll('[aria-live="polite"], [role="status"], [role="log"]')].map((e) => e.id || e.localName),
  }));
  const [ariaLive, ariaAtomic, role] = live.piece;
  if (!((ariaLive === 'polite' || (ariaLive === null && role === 'status')) && (ariaAtomic === 'true' || (ariaAtomic === null && role === 'status')))) {
    problems.push(`#piece: aria-live=${JSON.stringify(ariaLive)} aria-atomic=${JSON.stringify(ariaAtomic)} role=${JSON.stringify(role)}, expected a polite, atomic live region`);
  }
  if (live.polite.join() !== 'piece') problems.push(`polite live regions in the DOM: [${live.polite.join(', ')}], expected #piece alone`);
  return problems;
}

// ---------------------------------------------------------------- the tree (CDP)

// The id of a DOM node of the tree (its backendDOMNodeId), or `<tag>`
// without one.
export async function nodeId(cdp, backendNodeId) {
  const { node } = await cdp.send('DOM.describeNode', { backendNodeId });
  const attrs = node.attributes || [];
  return attrs.includes('id') ? attrs[attrs.indexOf('id') + 1] : `<${node.localName}>`;
}

// The buttons of the tree (`nodes`: Accessibility.getFullAXTree's), in
// its order: [{ id, name }].
export async function treeButtons(cdp, nodes) {
  const got = [];
  for (const b of nodes.filter((n) => !n.ignored && n.role && n.role.value === 'button')) {
    got.push({ id: await nodeId(cdp, b.backendDOMNodeId), name: (b.name && b.name.value) || '' });
  }
  return got;
}

// The tree's polite live regions, and whether one of them is atomic.
export function politeRegions(nodes) {
  const live = nodes.filter((n) => (n.properties || []).some((p) => p.name === 'live' && p.value.value === 'polite'));
  const atomic = live.some((n) => (n.properties || []).some((p) => p.name === 'atomic' && p.value.value === true));
  return { live, atomic };
}

// The text of the polite live region's subtree in the accessibility tree.
export async function liveRegionText(cdp) {
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const region = nodes.find((n) => (n.properties || []).some((p) => p.name === 'live' && p.value.value === 'polite')
    && !(n.parentId && (byId.get(n.parentId).properties || []).some((p) => p.name === 'live')));
  if (!region) return null;
  const texts = [];
  const walk = (n) => {
    if (n.role && n.role.value === 'StaticText' && n.name) texts.push(n.name.value);
    for (const id of n.childIds || []) if (byId.has(id)) walk(byId.get(id));
  };
  walk(region);
  return texts.join(' ');
}

// What the live region exposes: the text of its subtree in the
// accessibility tree (with a CDP session); else what the DOM leaves
// exposed, the text of #piece outside aria-hidden subtrees ("(the sentence
// is hidden)" where the sentence itself is; null without #piece).
export async function exposedText(page, cdp) {
  if (cdp) return liveRegionText(cdp);
  return page.evaluate(() => {
    const p = document.getElementById('piece');
    if (!p) return null;
    const out = [];
    const walk = (n, hidden) => {
      for (const c of n.childNodes) {
        if (c.nodeType === Node.TEXT_NODE) {
          if (!hidden && c.data.trim()) out.push(c.data.trim());
        } else if (c.nodeType === Node.ELEMENT_NODE) {
          const hide = hidden || c.getAttribute('aria-hidden') === 'true' || getComputedStyle(c).display === 'none';
          if (c.hasAttribute('data-glance-sr') && hide) return out.push('(the sentence is hidden)');
          walk(c, hide);
        }
      }
    };
    walk(p, false);
    return out.join(' ');
  });
}

// The live region must expose the sentence alone: the visible lines repeat
// its name and remarks, and are hidden from screen readers so that they
// are read once.  `where` starts each problem.
export function exposedProblems(where, exposed, sentence, cdp) {
  if (exposed === null) return [`${where}: no live region in the accessibility tree while held`];
  if (exposed !== sentence) return [`${where}: the live region's text ${cdp ? 'in the accessibility tree' : 'outside aria-hidden (DOM)'} is not the sentence alone: ${JSON.stringify(exposed)}`];
  return [];
}

// ---------------------------------------------------------------- axe-core

const SERIOUS = new Set(['serious', 'critical']);

// Marks the elements present now (at rest): what the module inserts later
// (mark images, the sentence, #piece's lines) is not the page's own markup.
export function markAtRest(page) {
  return page.evaluate(() => {
    window.__atRest = new WeakSet(document.querySelectorAll('*'));
  });
}

/**
 * Runs axe-core in the page (loaded from `axePath` once); each violating
 * node becomes one entry { id, impact, help, target, html, key, inside,
 * atRest } with a key that finds the same element on another load of the
 * page (its id, or its parent's key and its place among the parent's
 * children); `inside`: in table.board or #piece; `atRest`: marked by
 * markAtRest.
 */
export async function audit(page, axePath) {
  const has = await page.evaluate(() => typeof window.axe === 'object');
  if (!has) await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const keyOf = (el) => {
      if (!el || el.nodeType !== 1) return '';
      if (el.id) return `#${el.id}`;
      if (!el.parentElement) return el.localName;
      return `${keyOf(el.parentElement)}>${el.localName}:${[...el.parentElement.children].indexOf(el) + 1}`;
    };
    const r = await window.axe.run(document, { resultTypes: ['violations'], elementRef: true });
    const out = [];
    for (const v of r.violations) {
      for (const n of v.nodes) {
        const el = n.element;
        out.push({
          id: v.id,
          impact: n.impact || v.impact,
          help: v.help,
          target: n.target.join(' '),
          html: n.html.slice(0, 160),
          key: keyOf(el),
          inside: !!(el && el.closest && (el.closest('table.board') || el.closest('#piece'))),
          atRest: !!(el && window.__atRest && window.__atRest.has(el)),
        });
      }
    }
    return out;
  });
}

/**
 * axe-core on the page's own markup, without the module: `url` opened with
 * every request for a script of dist/ aborted; `keptOut(page)` throws if
 * the module ran all the same.  Returns { legacy: the violations } or, if
 * that could not be done, { legacy: null, error }.
 */
export async function auditWithoutModule(browser, url, axePath, keptOut) {
  const h = await openPage(browser, 'about:blank');
  try {
    await blockRequests(h, /\/dist\/[^/?#]*\.js([?#]|$)/);
    await h.page.goto(url, { waitUntil: 'load' });
    await keptOut(h.page);
    return { legacy: await audit(h.page, axePath) };
  } catch (e) {
    return { legacy: null, error: `could not run: ${e.message.split('\n')[0]}` };
  } finally {
    await h.close();
  }
}

// The violations found without the module too (`legacy`), as a predicate
// over the violations found with it: the same rule on an element present
// at rest with the same key.
export function legacyFilter(legacy) {
  const keys = new Set((legacy || []).map((v) => `${v.id} ${v.key}`));
  return (v) => v.atRest && keys.has(`${v.id} ${v.key}`);
}

// The violations of the module's doing (not `isLegacy`).
export const addedViolations = (violations, isLegacy) => violations.filter((v) => !isLegacy(v));

// The serious or critical violations in the board or #piece of the
// module's doing, one problem each.
export function axeProblems(violations, isLegacy) {
  return addedViolations(violations, isLegacy)
    .filter((v) => SERIOUS.has(v.impact) && v.inside)
    .map((v) => `${v.id} (${v.impact}) on ${v.target}: ${v.help}${v.atRest ? '' : ' [an element the module inserted]'}\n      ${v.html}`);
}

// "rule (impact) ×N (k in the board/#piece); ..."
export function describe(violations) {
  const by = new Map();
  for (const v of violations) {
    const k = `${v.id} (${v.impact})`;
    const e = by.get(k) || { n: 0, inside: 0 };
    e.n++;
    if (v.inside) e.inside++;
    by.set(k, e);
  }
  if (!by.size) return 'no axe violations';
  return [...by].map(([k, e]) => `${k} ×${e.n}${e.inside ? ` (${e.inside} in the board/#piece)` : ''}`).join('; ');
}
