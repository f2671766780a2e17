// The first screens the build puts in the page before the WebAssembly
// arrives (docs/DECISIONS.md, "The first screen before the code"): each is
// the markup the live widget shows once it has started, for one starting
// state, read from the release build in headless Chromium. `scripts/prerender`
// writes them to public/first.json; tests/browser/first.test.mjs reads them
// again from the build under test and fails when the file is stale.
//
//   node tests/browser/prerender.mjs            writes public/first.json
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { browser, shutdown, ROOT, DIST } from './harness.mjs';
import { startServer } from './serve.mjs';

export const FIRST_FILE = path.join(ROOT, 'public/first.json');

// The starting states prerendered, each as the key the loader computes
// (the parameters sorted by name): the guides' most common ones.
export const STATES = [
  '', 'strategy=local', 'strategy=split', 'strategy=sync', 'strategy=edge', 'strategy=getset',
  'strategy=incr', 'strategy=lua', 'embed=1', 'compact=1', 'preset=gatepass',
];

// A host page with one script-tag widget whose data-* attributes are `key`.
export function hostPage(key, { tag = 'div' } = {}) {
  const pairs = [...new URLSearchParams(key)];
  const attrs = tag === 'div'
    ? ['data-ratelimit-lab', ...pairs.map(([k, v]) => `data-${k}="${v}"`)]
    : pairs.map(([k, v]) => `${k}="${v}"`);
  const el = tag === 'div' ? `<div ${attrs.join(' ')}></div>` : `<rate-limit-lab ${attrs.join(' ')}></rate-limit-lab>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Course page</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml"><script type="module" src="ratelimit-lab.js"></script></head>
<body><h1>A lesson on rate limits</h1>${el}</body></html>`;
}

// In the page: the live widget's markup under `root` (the document or a
// shadow root), with what the widget set as properties (a slider's value,
// a choice checked) written as attributes, so the markup shows it.
function read() {
  const host = document.querySelector('[data-ratelimit-lab], rate-limit-lab');
  const root = host.shadowRoot ?? host;
  const rll = root.querySelector('.rll:not([data-first])');
  if (!rll || !host.hasAttribute('data-ratelimit-lab-mounted')) return null;
  const copy = rll.cloneNode(true);
  const from = rll.querySelectorAll('input, option');
  copy.querySelectorAll('input, option').forEach((el, i) => {
    const live = from[i];
    if (live.type === 'range') el.setAttribute('value', live.value);
    else if (live.type === 'radio' || live.type === 'checkbox') el.toggleAttribute('checked', live.checked);
    else if (live.localName === 'option') el.toggleAttribute('selected', live.selected);
  });
  // No style attribute (a strict CSP would not apply it): a canvas's height
  // is the loader's to set, by the widget's rules, for the width it has;
  // any other style the loader sets as it was (ratelimit-lab.js, size()).
  for (const c of copy.querySelectorAll('canvas')) for (const a of ['width', 'height', 'style']) c.removeAttribute(a);
  for (const e of copy.querySelectorAll('[style]')) {
    e.setAttribute('data-style', e.getAttribute('style'));
    e.removeAttribute('style');
  }
  // Whether what lies below the first screen is bound is the live
  // widget's to say, once it is (ui::below_done).
  copy.removeAttribute('data-below');
  // The mini chart beside the round trip keeps its room from the start
  // (ui::controls); its drawing comes with the second module, after a sweep.
  for (const m of copy.querySelectorAll('.rll-mini')) m.replaceChildren();
  // What is hidden shows nothing and takes no room: the wasm brings it
  // (a glossary term's definition, the prediction's form, the notice).
  for (const e of [...copy.querySelectorAll('[hidden]')]) e.remove();
  // The first screen only: what follows the server cards in the panel,
  // and the sections after it (the quiz, the takeaways, the glossary, the
  // footer) come with the widget, below what a phone or a desktop shows.
  const panel = copy.querySelector('.rll-panel');
  const last = panel?.querySelector(':scope > .rll-servers') ?? panel?.querySelector(':scope > .rll-deck');
  while (last?.nextElementSibling) last.nextElementSibling.remove();
  while (panel?.nextElementSibling) panel.nextElementSibling.remove();
  return copy.outerHTML;
}

// The live widget's markup for state `key`, on the page (`page`) or on a
// host page; null if it did not start. `url` is the build's address.
export async function capture(url, key, page, { width = 390, height = 844 } = {}) {
  const b = await browser();
  const context = await b.newContext({ viewport: { width, height } });
  const tab = await context.newPage();
  await tab.goto(page ? `${url}${key ? `?${key}` : ''}` : `${url}host.html?${key}`);
  let html = null;
  for (let i = 0; i < 200 && !html; i++) {
    html = await tab.evaluate(read);
    if (!html) await tab.waitForTimeout(25);
  }
  // As the first frames show it, once the widths are known (a resize
  // observer's, within the frame that first lays the widget out).
  await tab.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  html &&= await tab.evaluate(read);
  // The address the page's widget writes for this state (a reload of it
  // is the same state).
  const written = page ? await tab.evaluate(() => location.search.slice(1)) : null;
  await context.close();
  return { html, written };
}

// The build with no first screen (index.html's loading line, no lists):
// the widget keeps a first screen it is shown (ui::adopt), so what is read
// must be its own markup, not the previous capture's.
export function unscreened() {
  const json = { type: 'application/json', body: '{"base":"","list":[]}' };
  const index = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8')
    .replace(/<div data-first="[^"]*"[\s\S]*?(?=<p class="?rll-loading rll-loading--lost)/, '<p class="rll-loading rll-loading--wait" hidden>Loading the simulation…</p>');
  if (index.includes('data-first')) throw new Error('prerender: no first screen found in index.html to take out');
  return { '/': { type: 'text/html; charset=utf-8', body: index }, '/first/screens.json': json };
}

// A key as the loader computes it: the pairs sorted by name.
export const sortKey = (q) => new URLSearchParams([...new URLSearchParams(q)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();

// Every prerendered first screen: [{ page, keys, html }], the root marked
// `data-first` with the keys it stands for (and, on the page, hidden
// until the stylesheet shows it: unstyled, it would be a wall of text).
export async function captureAll() {
  const hosts = {};
  const s = await startServer({ root: DIST, extra: { ...unscreened(), '/host.html': { type: 'text/html; charset=utf-8', get body() { return hosts.page; } } } });
  const out = [];
  for (const page of [true, false]) {
    for (const key of STATES) {
      hosts.page = hostPage(key);
      const { html, written } = await capture(s.url, key, page);
      if (!html) throw new Error(`no widget for ${page ? 'page' : 'host'} ${key}`);
      const keys = [...new Set([key, ...(written ? [sortKey(written)] : [])])];
      out.push({ page, keys, html: html.replace(/^<div /, `<div data-first="${keys.join(' ')}"${page ? ' hidden' : ''} `) });
    }
  }
  await s.close();
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = await captureAll();
  await shutdown();
  fs.writeFileSync(FIRST_FILE, JSON.stringify(all) + '\n');
  console.log(`wrote ${path.relative(ROOT, FIRST_FILE)}: ${all.length} first screens`);
}
