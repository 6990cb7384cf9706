#!/usr/bin/env node
// The picture of the piece lab in docs/lab.md: docs/lab.png, taken in headless
// Chromium (puppeteer-core, /usr/bin/chromium) from lab.html over file://.
// Needs dist/lab.js and rules-html/sym/ (make dist assets).
//
//   node scripts/lab-screenshot.mjs [FRAGMENT]
//
// FRAGMENT is the lab's state (default: the Archbishop, BN, on d4 of an
// 8x8 board with a piece on f6 in its way).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fragment = process.argv[2] || '#betza=BN&board=8x8&at=d4&pieces=f6';
const out = path.join(repo, 'docs', 'lab.png');

const browser = await puppeteer.launch({
  executablePath: process.env.GLANCE_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  defaultViewport: { width: 1040, height: 900, deviceScaleFactor: 1 },
});
try {
  const page = await browser.newPage();
  await page.goto(pathToFileURL(path.join(repo, 'lab.html')).href + fragment, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.glance === 'ready', { timeout: 15000 });
  await page.evaluate(() => document.fonts.ready);
  const main = await page.$('main');
  await main.screenshot({ path: out });
  console.log(`lab-screenshot: ${out}`);
} finally {
  await browser.close();
}
