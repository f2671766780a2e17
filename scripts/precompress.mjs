// The built folder again, ready for a host that serves precompressed files
// (nginx's `gzip_static on`, Caddy's `precompressed gzip`, an S3 bucket's
// objects uploaded with `Content-Encoding: gzip`): every file of `<from>`
// copied into `<into>` (the SCORM zip too, so the folder replaces dist/
// whole), and beside each one a browser
// fetches compressed (the wasm, the JavaScript, the stylesheet, the HTML,
// the JSON, the SVG) the same bytes gzip-compressed as small as gzip goes
// (zopfli), as `<name>.gz`. Such a host sends those, about 5 % fewer bytes than
// gzip's own best level, and any browser reads them as gzip; a host that
// compresses on the fly is given dist/ and needs none of this
// (docs/EMBEDDING.md, "Serving the files compressed").
//
// dist/ itself stays what a learner's browser can fetch, each file once:
// a second, compressed copy of each would count every byte twice.
// `scripts/build` runs `node scripts/precompress.mjs dist dist-gz`; each
// `.gz` is checked to decompress to its source.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { gzip } from '@gfx/zopfli';
import { fresh } from './folder.mjs';

const COMPRESSED = new Set(['.wasm', '.js', '.css', '.html', '.json', '.svg']);
// Zopfli's iterations: past 15 each file gains a few bytes for seconds more.
const ITERATIONS = 15;

const [from, into] = process.argv.slice(2);
if (!from || !into) throw new Error('usage: node scripts/precompress.mjs <built folder> <folder to write>');
// `<into>` is emptied first: never the built folder, nor a folder holding it.
fresh(into, from);
const walk = (d) => fs.readdirSync(d, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
let plain = 0;
let packed = 0;
for (const file of walk(from)) {
  const to = path.join(into, path.relative(from, file));
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(file, to);
  if (!COMPRESSED.has(path.extname(file))) continue;
  const body = fs.readFileSync(file);
  const out = await new Promise((ok, no) => gzip(body, { numiterations: ITERATIONS }, (e, r) => (e ? no(e) : ok(Buffer.from(r)))));
  if (!zlib.gunzipSync(out).equals(body)) throw new Error(`${file}: the zopfli output does not decompress to the file`);
  fs.writeFileSync(`${to}.gz`, out);
  plain += zlib.gzipSync(body, { level: 9 }).length;
  packed += out.length;
}
console.log(`${into}/: ${packed.toLocaleString('en')} bytes gzip precompressed (zopfli), against ${plain.toLocaleString('en')} at gzip's level 9`);
