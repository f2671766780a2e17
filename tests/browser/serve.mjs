// A tiny static file server for dist/: correct MIME types (application/wasm),
// an optional sub-path the site lives under, and an optional
// Content-Security-Policy header. The serve script and the browser tests
// both use it, so what the tests load is what a newcomer sees.
//
//   node tests/browser/serve.mjs dist [port]
import http from 'node:http';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves `root` under `prefix` (for example "/courses/net/lab/").
 * `extra` maps URL paths to { type, body } for host pages made by tests,
 * or to a function (req, res, headers) that answers itself.
 * With `gzip`, text and wasm files go out gzip-compressed to clients that
 * accept it, as a static host serves them: the file's precompressed copy
 * beside it (`name.gz`, which scripts/build writes into dist-gz/), as a
 * host with precompressed files on (nginx's `gzip_static`) sends it, or
 * else compressed as it goes out, at gzip's level 9.
 * Resolves to { url, close, requests } where `requests` lists every path asked.
 */
export async function startServer({ root, prefix = '/', csp = null, port = 0, extra = {}, gzip = false, headers: more = {} }) {
  const base = path.resolve(root);
  const requests = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    requests.push(url.pathname);
    const headers = { 'Cache-Control': 'no-store', ...more };
    if (csp) headers['Content-Security-Policy'] = csp;
    // A test's own answer: a function of the request (a redirect, a slow
    // or a large answer), or a fixed body.
    if (typeof extra[url.pathname] === 'function') {
      extra[url.pathname](req, res, headers);
      return;
    }
    if (extra[url.pathname]) {
      const { type, body } = extra[url.pathname];
      res.writeHead(200, { ...headers, 'Content-Type': type });
      res.end(body);
      return;
    }
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404, headers);
      res.end('not found');
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(prefix.length));
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(base, rel);
    if (!file.startsWith(base + path.sep)) {
      res.writeHead(403, headers);
      res.end('forbidden');
      return;
    }
    try {
      let body = await fs.readFile(file);
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      if (gzip && /gzip/.test(req.headers['accept-encoding'] ?? '') && !type.startsWith('image/png')) {
        body = await fs.readFile(`${file}.gz`).catch(() => zlib.gzipSync(body, { level: 9 }));
        headers['Content-Encoding'] = 'gzip';
        headers['Vary'] = 'Accept-Encoding';
      }
      res.writeHead(200, { ...headers, 'Content-Type': type });
      res.end(body);
    } catch {
      res.writeHead(404, headers);
      res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  const { port: bound } = server.address();
  return {
    url: `http://127.0.0.1:${bound}${prefix}`,
    origin: `http://127.0.0.1:${bound}`,
    requests,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root = 'dist', port = '8080'] = process.argv.slice(2);
  const { url } = await startServer({ root, port: Number(port) });
  console.log(`Rate Limit Lab is being served at ${url}  (Ctrl-C stops it)`);
}
