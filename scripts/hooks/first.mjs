// Trunk post_build hook: the first screens (public/first.json, written by
// scripts/prerender from the live widget) go into the build. The page's own
// starting state is written into index.html, in place of its loading line,
// so the browser paints it with the stylesheet, before the WebAssembly has
// arrived; the others go to first/page.json (the page's, for another
// address) and first/host/<n>.json (the script-tag and custom-element
// widgets', one file a starting state), which the loader fetches for an
// element whose starting state is among them (docs/DECISIONS.md).
import fs from 'node:fs';
import path from 'node:path';

const stage = process.env.TRUNK_STAGING_DIR;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const all = JSON.parse(fs.readFileSync(path.join(root, 'public/first.json'), 'utf8'));
const inline = all.find((f) => f.page && f.keys.includes(''));
fs.mkdirSync(path.join(stage, 'first'), { recursive: true });
// The page's others in one file (an address other than the page's own is
// rare); each host's in a file of its own, first/host/<n>.json, the nth of
// the loader's list (HOST_FIRST, which scripts/prerender writes), so a
// course page fetches one screen, not eleven, before it can paint.
const others = all.filter((f) => f !== inline && f.page).map(({ keys, html }) => ({ keys, html }));
fs.writeFileSync(path.join(stage, 'first', 'page.json'), JSON.stringify(others));
const hosts = all.filter((f) => !f.page);
const loader = fs.readFileSync(path.join(root, 'public/ratelimit-lab.js'), 'utf8');
if (!loader.includes(`const HOST_FIRST = ${JSON.stringify(hosts.map((f) => f.keys))};`)) {
  throw new Error('first.mjs: the loader\'s HOST_FIRST is not the list in public/first.json: run scripts/prerender');
}
fs.mkdirSync(path.join(stage, 'first', 'host'), { recursive: true });
hosts.forEach(({ keys, html }, n) => fs.writeFileSync(path.join(stage, 'first', 'host', `${n}.json`), JSON.stringify({ keys, html })));
if (inline) {
  const file = path.join(stage, 'index.html');
  const html = fs.readFileSync(file, 'utf8');
  const wait = /<p class="?rll-loading rll-loading--wait"?[^>]*>[^<]*<\/p>/;
  if (!wait.test(html)) throw new Error('first.mjs: no loading line in index.html to put the first screen in');
  fs.writeFileSync(file, html.replace(wait, () => inline.html));
}
