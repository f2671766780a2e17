// Trunk pre_build hook: joins style/*.css (design tokens first, then one
// file per component family, in name order) into the one stylesheet the
// widget ships, target/style/ratelimit-lab.css, which index.html hands to
// Trunk's CSS pipeline (minified on release builds).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const dir = path.join(root, 'style');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.css')).sort();
// A `*-print.css` file is written for the root's class `rll--print`; it
// ships as it is (a framed widget measures its printed height with it) and
// once more inside `@media print`, with `.rll` for `.rll--print`, so a
// print needs no script.
const read = (f) => {
  const css = fs.readFileSync(path.join(dir, f), 'utf8');
  return f.endsWith('-print.css') ? `${css}\n@media print {\n${css.replaceAll('.rll--print', '.rll')}\n}\n` : css;
};
const css = files.map(read).join('\n');
const out = path.join(root, 'target', 'style', 'ratelimit-lab.css');
fs.mkdirSync(path.dirname(out), { recursive: true });
// Rewrite only on change, so the watcher does not see a new file every build.
if (!fs.existsSync(out) || fs.readFileSync(out, 'utf8') !== css) fs.writeFileSync(out, css);
