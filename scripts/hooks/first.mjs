// Trunk post_build hook: the first screens (public/first.json, written by
// scripts/prerender from the live widget) go into the build. The page's own
// starting state is written into index.html, in place of its loading line,
// so the browser paints it with the stylesheet, before the WebAssembly has
// arrived; the others, the page's for another address and the script-tag
// and custom-element widgets', go to first/screens.json, which the loader
// fetches for an element whose starting state is among them
// (docs/DECISIONS.md).
//
// The screens differ from one another by a few words and attributes, so
// the file holds one of them whole (`base`, the host's default) and each
// screen as its edits to it: `[at, cut, text]`, in order, each replacing
// `cut` characters of the base at `at` with `text` (scripts/hooks/screens.mjs).
// 21 screens of about 15 KB then come to about 6 KB gzip, where two lists
// of them whole were 13 KB. The hook rebuilds every screen from its edits
// and stops the build if one differs from public/first.json.
import fs from 'node:fs';
import path from 'node:path';
import { edits, unpack } from './screens.mjs';

const stage = process.env.TRUNK_STAGING_DIR;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const all = JSON.parse(fs.readFileSync(path.join(root, 'public/first.json'), 'utf8'));
const inline = all.find((f) => f.page && f.keys.includes(''));
// The host's default screen, or (a list without it) any other.
const base = (all.find((f) => !f.page && f.keys.includes('')) ?? all.find((f) => f !== inline))?.html ?? '';

const list = all
  .filter((f) => f !== inline)
  .map((f) => {
    const e = edits(base, f.html);
    if (unpack(base, e) !== f.html) throw new Error(`first.mjs: the edits for ${JSON.stringify(f.keys[0])} do not give its screen back`);
    return { page: f.page, keys: f.keys, edits: e };
  });
fs.mkdirSync(path.join(stage, 'first'), { recursive: true });
fs.writeFileSync(path.join(stage, 'first', 'screens.json'), JSON.stringify({ base, list }));
if (inline) {
  const file = path.join(stage, 'index.html');
  const html = fs.readFileSync(file, 'utf8');
  const wait = /<p class="?rll-loading rll-loading--wait"?[^>]*>[^<]*<\/p>/;
  if (!wait.test(html)) throw new Error('first.mjs: no loading line in index.html to put the first screen in');
  fs.writeFileSync(file, html.replace(wait, () => inline.html));
}
