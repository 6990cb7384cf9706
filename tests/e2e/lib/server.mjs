// A tiny static file server for the browser tests: serves one directory on
// 127.0.0.1 at a free port.  Files are read on every request, so pages a
// suite writes after the server started are served too.  `?slowtail=MS` on
// an HTML page sends the page up to its `</body>` at once and the rest MS
// milliseconds later: the page is shown (board included) but still being
// parsed, before DOMContentLoaded, meanwhile.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

export async function startServer(root) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    let url;
    let rel;
    try {
      url = new URL(req.url, 'http://x');
      rel = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (rel === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const file = path.resolve(base, '.' + rel);
    if (file !== base && !file.startsWith(base + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    const ext = path.extname(file).toLowerCase();
    const slowTail = ext === '.html' ? Number(url.searchParams.get('slowtail')) : 0;
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[ext] || 'application/octet-stream',
        'cache-control': 'no-store',
      });
      const cut = body.lastIndexOf('</body>');
      if (req.method === 'HEAD') {
        res.end();
      } else if (slowTail > 0 && cut > 0) {
        res.write(body.subarray(0, cut));
        setTimeout(() => res.end(body.subarray(cut)), slowTail);
      } else {
        res.end(body);
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
