// Assembles the directory the tests serve (and open over file://):
//   dist/        a copy of GLANCE_DIST (our built scripts and wasm)
//   fixtures/    one test page per entry of expected.json (+ pages suites
//                add), and fixtures/sym/ placeholder images for every image
//                name the data uses
//   rules-html/  a copy of GLANCE_RULES_HTML (the rules pages), with
//                placeholder sym/ images if it has none
//   pkg/         a copy of GLANCE_PKG (the ES-module package), if built
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixtureHtml, imageNames } from './fixtures.mjs';

export async function assembleSite({ expected, distDir, rulesDir, pkgDir }) {
  // The name avoids the word "glance": tests look for it in console messages.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'xb-e2e-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(dist);
  if (fs.existsSync(distDir)) fs.cpSync(distDir, dist, { recursive: true });

  const names = imageNames(expected);

  const fixtures = path.join(root, 'fixtures');
  fs.mkdirSync(fixtures);
  for (const [name, data] of Object.entries(expected)) {
    fs.writeFileSync(path.join(fixtures, name), fixtureHtml(name, data));
  }
  writeImages(path.join(fixtures, 'sym'), names);

  const rules = path.join(root, 'rules-html');
  if (rulesDir && fs.existsSync(rulesDir)) {
    fs.cpSync(rulesDir, rules, { recursive: true });
    if (!fs.existsSync(path.join(rules, 'sym'))) writeImages(path.join(rules, 'sym'), names);
  }

  if (pkgDir && fs.existsSync(pkgDir)) fs.cpSync(pkgDir, path.join(root, 'pkg'), { recursive: true });

  return {
    root,
    // Writes a page (path relative to root); returns its path.
    writePage(rel, html) {
      const file = path.join(root, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, html);
      return file;
    },
    has(rel) {
      return fs.existsSync(path.join(root, rel));
    },
    fileUrl(rel) {
      return 'file://' + path.join(root, rel).split(path.sep).map(encodeURIComponent).join('/');
    },
    remove() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

function writeImages(dir, names) {
  fs.mkdirSync(dir, { recursive: true });
  for (const n of names) fs.writeFileSync(path.join(dir, n), placeholderPng(n));
}

// A small solid-colour PNG, its colour derived from the name, so that
// screenshots of test pages tell images apart.
function placeholderPng(name) {
  let h = 2166136261;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const size = 8;
  const rgb = [h & 255, (h >>> 8) & 255, (h >>> 16) & 255];
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) rgb.forEach((c, i) => (raw[row + 1 + x * 3 + i] = c));
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

let CRC_TABLE;
function crc32(buf) {
  if (!CRC_TABLE) {
    CRC_TABLE = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      CRC_TABLE[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
