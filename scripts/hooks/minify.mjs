// Trunk post_build hook: on release builds, minifies the wasm-bindgen glue
// (ratelimit_lab.js) and the loader (ratelimit-lab.js) in Trunk's staging
// directory with terser. Trunk minifies the HTML and CSS itself.
import fs from 'node:fs';
import path from 'node:path';
import { minify } from 'terser';

if (process.env.TRUNK_PROFILE !== 'release') process.exit(0);
const stage = process.env.TRUNK_STAGING_DIR;
for (const name of ['ratelimit_lab.js', 'ratelimit-lab.js']) {
  const file = path.join(stage, name);
  const code = fs.readFileSync(file, 'utf8');
  const out = await minify(code, { module: true, compress: { passes: 2 }, mangle: true });
  fs.writeFileSync(file, out.code);
}
