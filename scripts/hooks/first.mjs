// Trunk post_build hook: the first screens (public/first.json, written by
// scripts/prerender from the live widget) go into the build. The page's own
// starting state is written into index.html, in place of its loading line,
// so the browser paints it with the stylesheet, before the WebAssembly has
// arrived; the others go to first/page.json (the page's, for another
// address) and first/host.json (the script-tag and custom-element
// widgets'), which the loader fetches for an element whose starting state
// is among them (docs/DECISIONS.md).
import fs from 'node:fs';
import path from 'node:path';

const stage = process.env.TRUNK_STAGING_DIR;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const all = JSON.parse(fs.readFileSync(path.join(root, 'public/first.json'), 'utf8'));
const inline = all.find((f) => f.page && f.keys.includes(''));
fs.mkdirSync(path.join(stage, 'first'), { recursive: true });
for (const [name, page] of [['page', true], ['host', false]]) {
  const some = all.filter((f) => f !== inline && f.page === page).map(({ keys, html }) => ({ keys, html }));
  fs.writeFileSync(path.join(stage, 'first', `${name}.json`), JSON.stringify(some));
}
if (inline) {
  const file = path.join(stage, 'index.html');
  const html = fs.readFileSync(file, 'utf8');
  const wait = /<p class="?rll-loading rll-loading--wait"?[^>]*>[^<]*<\/p>/;
  if (!wait.test(html)) throw new Error('first.mjs: no loading line in index.html to put the first screen in');
  fs.writeFileSync(file, html.replace(wait, () => inline.html));
}
