// Writes, beside each file of a built folder that a browser fetches
// compressed (the wasm, the JavaScript, the stylesheet, the HTML, the JSON,
// the SVG), the same bytes gzip-compressed as small as gzip goes (zopfli),
// as `<name>.gz`: a static host that serves precompressed files (nginx's
// `gzip_static on`, Caddy's `precompressed gzip`, an S3 bucket's objects
// uploaded with `Content-Encoding: gzip`) sends those, 6–7 % fewer bytes
// than gzip's own best level, and any browser reads them as gzip. A host
// that compresses on the fly ignores them (docs/EMBEDDING.md, "Serving
// the folder"). `scripts/build` runs it on dist/ after Trunk; each file is
// checked to decompress to its source, and a stale `.gz` (no source) goes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { gzip } from '@gfx/zopfli';

const COMPRESSED = new Set(['.wasm', '.js', '.css', '.html', '.json', '.svg']);
// Zopfli's iterations: past 15 each file gains a few bytes for seconds more.
const ITERATIONS = 15;

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/precompress.mjs <built folder>');
const walk = (d) => fs.readdirSync(d, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
let plain = 0;
let packed = 0;
for (const file of walk(dir)) {
  if (file.endsWith('.gz')) {
    if (!fs.existsSync(file.slice(0, -3))) fs.rmSync(file);
    continue;
  }
  if (!COMPRESSED.has(path.extname(file))) continue;
  const body = fs.readFileSync(file);
  const out = await new Promise((ok, no) => gzip(body, { numiterations: ITERATIONS }, (e, r) => (e ? no(e) : ok(Buffer.from(r)))));
  if (!zlib.gunzipSync(out).equals(body)) throw new Error(`${file}: the zopfli output does not decompress to the file`);
  fs.writeFileSync(`${file}.gz`, out);
  plain += zlib.gzipSync(body, { level: 9 }).length;
  packed += out.length;
}
console.log(`precompressed: ${packed.toLocaleString('en')} bytes gzip (zopfli) against ${plain.toLocaleString('en')} at gzip's level 9`);
