// The first screen before the code arrives: the page and the hosts show the
// prerendered markup of their starting state while the WebAssembly
// downloads, it is the live widget's markup (public/first.json is not
// stale), nothing moves when the widget starts (cumulative layout shift
// 0), and what the learner did meanwhile is applied once it is live.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { browser, hostServer, shutdown, watch, frames, waitFor, ARTIFACTS, DIST, ROOT } from './harness.mjs';
import { captureAll, hostPage, FIRST_FILE } from './prerender.mjs';
import { unpack } from '../../scripts/hooks/screens.mjs';

after(shutdown);

const WASM = '**/ratelimit_lab_bg.wasm*';

// Opens `file` of a build server at `width`, with the WebAssembly held back
// until `release()`; layout shifts are summed from the first paint on.
async function openHeld(s, file, { width = 390, height = 844 } = {}) {
  const b = await browser();
  const context = await b.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const watcher = watch(page, s.origin);
  let release;
  const gate = new Promise((ok) => { release = ok; });
  await page.route(WASM, async (route) => { await gate; await route.continue(); });
  await page.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(s.url + file);
  return { page, context, watcher, release };
}

// In the page: the widget's root (`first`: the prerendered one) and its
// figures: the totals' values and each card's counts.
const figures = (first) => {
  const host = document.querySelector('[data-ratelimit-lab], rate-limit-lab');
  const root = host.shadowRoot ?? host;
  const rll = root.querySelector(first ? '.rll[data-first]' : '.rll:not([data-first])');
  if (!rll) return null;
  // The first screen's part: the tabs, the deck and the cards.
  const sel = (s) => ['.rll-tabs', '.rll-deck', '.rll-servers'].map((p) => `${p} ${s}`).join();
  const totals = [...rll.querySelectorAll(sel('[data-value]'))].map((e) => `${e.dataset.testid ?? e.localName}=${e.dataset.value}`);
  const cards = [...rll.querySelectorAll('[data-testid="server-card"]')].map((c) => `${c.dataset.server}:${c.dataset.received}/${c.dataset.allowed}/${c.dataset.refused}`);
  const box = rll.querySelector('[data-testid="topology"]');
  // Every canvas's box, which must not change when the wasm draws in it.
  const boxes = [...rll.querySelectorAll(sel('canvas'))].map((c) => `${c.clientWidth}x${c.clientHeight}`);
  return { totals, cards, boxes, label: box?.getAttribute('aria-label'), shown: rll.getBoundingClientRect().height > 0 };
};

// In the page: notes the prerendered screen's elements, and any of them
// taken out from now on.
const note = () => {
  const host = document.querySelector('[data-ratelimit-lab], rate-limit-lab');
  const rll = (host.shadowRoot ?? host).querySelector('.rll[data-first]');
  const nodes = [...rll.querySelectorAll('*')];
  window.__kept = { rll, nodes, removed: [] };
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.removedNodes) if (nodes.includes(n)) window.__kept.removed.push(n.outerHTML.slice(0, 100));
  }).observe(rll, { childList: true, subtree: true });
  return nodes.length;
};
// In the page, once live: whether the widget is the prerendered screen's
// root, and which of its elements went.
const kept = () => {
  const host = document.querySelector('[data-ratelimit-lab], rate-limit-lab');
  const live = (host.shadowRoot ?? host).querySelector('.rll:not([data-first])');
  const { rll, nodes, removed } = window.__kept;
  return { same: live === rll, lost: nodes.filter((n) => !rll.contains(n)).map((n) => n.outerHTML.slice(0, 100)).slice(0, 5), removed: removed.slice(0, 5) };
};
const KEPT = { same: true, lost: [], removed: [] };

test('the prerendered first screens are the live widget markup (public/first.json is not stale: scripts/prerender writes it)', async () => {
  const committed = JSON.parse(fs.readFileSync(FIRST_FILE, 'utf8'));
  const now = await captureAll();
  assert.equal(committed.length, now.length, 'as many first screens as starting states');
  for (const [i, f] of now.entries()) {
    assert.deepEqual(committed[i].keys, f.keys, `${f.page ? 'page' : 'host'} ${f.keys[0]}: keys`);
    assert.equal(committed[i].html, f.html, `${f.page ? 'page' : 'host'} "${f.keys[0]}": the markup differs; run scripts/prerender`);
  }
  // The build carries them: the page's own in index.html, the rest beside it.
  const index = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  assert.ok(index.includes(committed.find((f) => f.page && f.keys.includes('')).html), 'index.html holds the first screen');
  // The others as one screen and each one's edits to it, which give back
  // exactly the committed markup (the loader unpacks them the same way).
  const { base, list } = JSON.parse(fs.readFileSync(path.join(DIST, 'first', 'screens.json'), 'utf8'));
  assert.equal(list.length, committed.length - 1);
  for (const f of committed.filter((c) => !(c.page && c.keys.includes('')))) {
    const hit = list.find((l) => l.page === f.page && l.keys.includes(f.keys[0]));
    assert.ok(hit, `${f.page ? 'page' : 'host'} "${f.keys[0]}" is in first/screens.json`);
    assert.deepEqual(hit.keys, f.keys);
    assert.equal(unpack(base, hit.edits), f.html, `${f.page ? 'page' : 'host'} "${f.keys[0]}": unpacked as written`);
  }
});

test('the page paints its first screen before the wasm, the same figures as the live widget, and nothing moves when it starts', async () => {
  const s = await hostServer();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  for (const width of [390, 1280]) {
    const { page, context, watcher, release } = await openHeld(s, '', { width, height: width > 400 ? 900 : 844 });
    await page.waitForSelector('.rll[data-first] [data-testid="server-card"]');
    const before = await page.evaluate(figures, true);
    assert.ok(before.shown && before.cards.length === 4 && before.totals.length > 5, JSON.stringify(before));
    await page.screenshot({ path: path.join(ARTIFACTS, `first-before-${width}.png`) });
    assert.ok(await page.evaluate(note) > 100);
    release();
    await page.waitForSelector('.rll:not([data-first]) [data-testid="server-card"]');
    await frames(page, 10);
    assert.deepEqual(await page.evaluate(figures, false), before, 'the live widget shows the prerendered figures');
    // Bound in place: the same elements, none written again.
    assert.deepEqual(await page.evaluate(kept), KEPT, `${width} px: the widget keeps the first screen`);
    await page.screenshot({ path: path.join(ARTIFACTS, `first-after-${width}.png`) });
    assert.equal(await page.evaluate(() => window.__shift), 0, `cumulative layout shift at ${width} px`);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  }
});

test('a slider moved and a tab chosen on the first screen are applied when the widget goes live', async () => {
  const s = await hostServer();
  const { page, context, watcher, release } = await openHeld(s, '');
  await page.locator('.rll[data-first] [data-testid="burst"]').fill('60');
  await page.locator('.rll[data-first] [data-testid="strategy-incr"]').click();
  release();
  await page.waitForSelector('.rll:not([data-first]) [data-testid="strategy-incr"][aria-selected="true"]');
  assert.equal(await page.locator('[data-testid="burst"]').inputValue(), '60');
  await waitFor(async () => /burst=60/.test(page.url()) && /strategy=incr/.test(page.url()), { message: 'the address follows' });
  assert.deepEqual(watcher.problems(), []);
  await context.close();
});

test('a lesson started on the first screen is open when the widget goes live', async () => {
  const s = await hostServer();
  const { page, context, watcher, release } = await openHeld(s, '');
  await page.locator('.rll[data-first] [data-testid="tour-start"]').click();
  release();
  await page.waitForSelector('.rll:not([data-first]) [data-testid="tour-exit"]');
  assert.deepEqual(watcher.problems(), []);
  await context.close();
});

test('a page address the build did not prerender shows the loading line, never the default figures, and nothing moves when the widget starts', async () => {
  const s = await hostServer();
  for (const [query, width] of [['?servers=7', 390], ['?servers=7', 1280], ['?strategy=getset&servers=3', 1280]]) {
    const { page, context, watcher, release } = await openHeld(s, query, { width, height: width > 400 ? 900 : 844 });
    assert.equal(await page.locator('.rll[data-first]').count(), 0);
    assert.match(await page.locator('[data-ratelimit-lab] .rll-loading').first().textContent(), /Loading/);
    release();
    await page.waitForSelector(`[data-testid="server-card"][data-server="${/servers=(\d+)/.exec(query)[1]}"]`);
    await frames(page, 10);
    // The loader gives the live widget's canvases their heights before
    // its first frame: without, the picture grew 160-200 px after it.
    assert.equal(await page.evaluate(() => window.__shift), 0, `${query} at ${width} px: layout shift`);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  }
});

test('hosts show the prerendered first screen of their starting state, with the live widget figures', async () => {
  const committed = JSON.parse(fs.readFileSync(FIRST_FILE, 'utf8')).filter((f) => !f.page);
  const pages = {};
  const s = await hostServer({ extra: new Proxy({}, { get: (_, p) => pages[p] }) });
  for (const f of committed) {
    for (const tag of ['div', 'rate-limit-lab']) {
      const file = `/host-${tag}-${f.keys[0] || 'default'}.html`.replace(/[=&]/g, '-');
      pages[file] = { type: 'text/html; charset=utf-8', body: hostPage(f.keys[0], { tag }) };
      const { page, context, watcher, release } = await openHeld(s, file.slice(1));
      await waitFor(() => page.evaluate(figures, true), { message: `${tag} ${f.keys[0]}: a first screen` });
      const before = await page.evaluate(figures, true);
      await page.evaluate(note);
      release();
      await waitFor(() => page.evaluate(figures, false), { message: 'the live widget' });
      // Off screen, the cards are drawn within 150 ms (ui::canvas::Lazy).
      await page.waitForTimeout(300);
      assert.deepEqual(await page.evaluate(figures, false), before, `${tag} "${f.keys[0]}"`);
      assert.deepEqual(await page.evaluate(kept), KEPT, `${tag} "${f.keys[0]}": the widget keeps the first screen`);
      assert.equal(await page.evaluate(() => window.__shift), 0, `${tag} "${f.keys[0]}": layout shift`);
      assert.deepEqual(watcher.problems(), []);
      await context.close();
    }
  }
});

test('the page at another prerendered address keeps its first screen too', async () => {
  const s = await hostServer();
  for (const query of ['?strategy=getset', '?compact=1']) {
    const { page, context, watcher, release } = await openHeld(s, query);
    await waitFor(() => page.evaluate(figures, true), { message: `${query}: a first screen` });
    const before = await page.evaluate(figures, true);
    await page.evaluate(note);
    release();
    await waitFor(() => page.evaluate(figures, false), { message: `${query}: the live widget` });
    await frames(page, 10);
    assert.deepEqual(await page.evaluate(figures, false), before, query);
    assert.deepEqual(await page.evaluate(kept), KEPT, `${query}: the widget keeps the first screen`);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  }
});

test('a first screen that is not the widget own (a second widget, whose ids differ) is replaced, not kept', async () => {
  const one = '<div data-ratelimit-lab></div>';
  const s = await hostServer({ extra: { '/two.html': { type: 'text/html; charset=utf-8', body: hostPage('').replace(one, one + one) } } });
  const { page, context, watcher, release } = await openHeld(s, 'two.html');
  await waitFor(() => page.evaluate(() => [...document.querySelectorAll('[data-ratelimit-lab]')].every((h) => h.shadowRoot?.querySelector('.rll[data-first]'))), { message: 'two first screens' });
  const screens = await page.evaluateHandle(() => [...document.querySelectorAll('[data-ratelimit-lab]')].map((h) => h.shadowRoot.querySelector('.rll[data-first]')));
  release();
  await waitFor(() => page.evaluate(() => [...document.querySelectorAll('[data-ratelimit-lab]')].every((h) => h.shadowRoot.querySelector('.rll:not([data-first]) [data-testid="server-card"]'))), { message: 'two live widgets' });
  const state = await page.evaluate((old) => [...document.querySelectorAll('[data-ratelimit-lab]')].map((h, i) => {
    const live = h.shadowRoot.querySelector('.rll');
    return { kept: live === old[i], one: h.shadowRoot.querySelectorAll('.rll').length, ids: live.querySelector('[role="tab"]').id };
  }), screens);
  assert.deepEqual(state, [{ kept: true, one: 1, ids: 'rll1-tab-local' }, { kept: false, one: 1, ids: 'rll2-tab-local' }]);
  assert.deepEqual(watcher.problems(), []);
  await context.close();
});

test('a host whose starting state was not prerendered shows the loading line while the wasm downloads', async () => {
  const s = await hostServer({ extra: {
    '/odd.html': { type: 'text/html; charset=utf-8', body: hostPage('servers=7&strategy=lua') },
    '/odd-element.html': { type: 'text/html; charset=utf-8', body: hostPage('servers=7', { tag: 'rate-limit-lab' }) },
  } });
  for (const file of ['odd.html', 'odd-element.html']) {
    const { page, context, release } = await openHeld(s, file);
    const text = await waitFor(() => page.evaluate(() => {
      const host = document.querySelector('[data-ratelimit-lab], rate-limit-lab');
      return host.shadowRoot?.querySelector('.rll-loading')?.textContent;
    }), { message: `${file}: the loading line` });
    assert.match(text, /Loading the simulation/);
    release();
    await waitFor(() => page.evaluate(() => {
      const host = document.querySelector('[data-ratelimit-lab], rate-limit-lab');
      return host.shadowRoot.querySelectorAll('[data-testid="server-card"]').length === 7
        && !host.shadowRoot.querySelector('.rll-loading');
    }), { message: `${file}: the widget` });
    await frames(page, 10);
    assert.equal(await page.evaluate(() => window.__shift), 0, `${file}: layout shift once live`);
    await context.close();
  }
});

test('the page carries a Content-Security-Policy as strict as the guide gives hosts', async () => {
  const guide = fs.readFileSync(path.join(ROOT, 'docs/EMBEDDING.md'), 'utf8');
  const policy = guide.match(/^Content-Security-Policy: (.+)$/m)[1];
  const index = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const meta = index.match(/<meta (?=[^>]*http-equiv="?Content-Security-Policy)[^>]*content="([^"]+)"/);
  assert.ok(meta, 'index.html has a CSP meta');
  assert.equal(meta[1], policy);
});
