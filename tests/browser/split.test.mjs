// The wasm in two: the code of the charts, the Redis log and the figures
// under the cards is not in the download before the widget is interactive. It comes in a second module,
// split_below.wasm, asked for once the first screen is live. A course page
// in a sub-folder and a script-tag host both find it beside the loader. If
// it cannot load, the charts and the log say so where they would be (a
// status line), and the first screen keeps working. The reader of content
// files is a module of its own, split_content.wasm, which only a page with
// a content file asks for.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { browser, hostServer, shutdown, watch, waitFor, settle, ROOT } from './harness.mjs';
import { hostPage } from './prerender.mjs';

after(shutdown);

const PART = 'split_below.wasm';
const READER = 'split_content.wasm';
const FRENCH = fs.readFileSync(path.join(ROOT, 'public/content/fr.json'));

// Opens `path` (the widget's page with a query, or the host page), with
// `route` answering for `file` (the second module unless said), and waits
// for the widget to be mounted unless `mounted` is false.
async function open(path, { prefix = '/', route, file = PART, mounted = true, width = 1280, host = 'strategy=getset' } = {}) {
  const s = await hostServer({
    prefix,
    extra: {
      [`${prefix}host.html`]: { type: 'text/html; charset=utf-8', body: hostPage(host) },
      // An author's content file beside the page: the French one.
      [`${prefix}fr.json`]: { type: 'application/json', body: FRENCH },
    },
  });
  const b = await browser();
  const context = await b.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const watcher = watch(page, s.origin);
  await page.addInitScript(() => {
    // Every layout shift in view (the test makes no input).
    window.__shift = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    window.__mounted = null;
    new MutationObserver(() => {
      if (window.__mounted === null && document.querySelector('[data-ratelimit-lab-mounted]')) window.__mounted = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ratelimit-lab-mounted'] });
  });
  if (route) await page.route(`**/${file}`, route);
  await page.goto(s.url + path);
  if (mounted) await page.waitForFunction(() => window.__mounted !== null);
  return { s, page, context, watcher };
}

// Scrolls a part of the widget (the page's, or a host's shadow root's)
// into view until it holds at least one `inner`.
async function shows(page, selector, inner) {
  return waitFor(() => page.evaluate(([sel, want]) => {
    const host = document.querySelector('[data-ratelimit-lab], rate-limit-lab');
    const el = (host.shadowRoot ?? host).querySelector(sel);
    if (!el) return false;
    el.scrollIntoView({ block: 'center' });
    return el.querySelector(want) !== null;
  }, [selector, inner]), { timeout: 8000, message: `${selector} drawn` });
}

/** The live root's `data-below`: what lies below its first screen is
 * `bound`, or `missing`; null until then. */
function below(page) {
  return page.evaluate(() => {
    const host = document.querySelector('[data-ratelimit-lab], rate-limit-lab');
    return (host.shadowRoot ?? host).querySelector('.rll:not([data-first])')?.getAttribute('data-below') ?? null;
  });
}

for (const width of [390, 1280]) {
  test(`${width} px: nothing in view moves when the second module arrives late`, async () => {
    const late = async (route) => {
      await new Promise((ok) => setTimeout(ok, 1200));
      await route.continue();
    };
    const { s, page, context, watcher } = await open('?strategy=getset', { route: late, width });
    assert.equal(await below(page), null, 'live, and the part not yet bound');
    await waitFor(async () => (await below(page)) === 'bound', { timeout: 8000, message: 'the part bound' });
    // Two frames for the charts' first drawing to be laid out.
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    // At 1280 px the mini chart beside the round-trip slider is in view,
    // and drawn as the part comes; at 390 px it is drawn once scrolled to.
    if (width > 400) assert.ok(await page.locator('[data-testid="rtt-mini"]').count(), 'the mini chart came with the part');
    assert.equal(await page.evaluate(() => window.__shift), 0, 'cumulative layout shift, no input made');
    await settle(page, watcher);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
    await s.close();
  });
}

for (const [where, path, prefix] of [['page', '?strategy=getset', '/'], ['page in a sub-folder', '?strategy=getset', '/course/lab/'], ['script-tag host', 'host.html', '/']]) {
  test(`${where}: the charts and the log come in a second module, asked for after the widget is interactive, and work`, async () => {
    const { s, page, context, watcher } = await open(path, { prefix });
    const asked = await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.wasm'))
      .map((e) => ({ file: new URL(e.name).pathname.split('/').pop(), before: e.startTime <= window.__mounted })));
    const main = asked.find((e) => e.file === 'ratelimit_lab_bg.wasm');
    assert.ok(main?.before, `the main module comes before the widget is interactive: ${JSON.stringify(asked)}`);
    await shows(page, '[data-chart="servers"]', 'svg');
    await shows(page, '[data-slot="log"]', 'ol li');
    const part = await page.evaluate((p) => performance.getEntriesByType('resource').find((e) => e.name.endsWith(p)), PART);
    assert.ok(part, 'the second module was fetched');
    assert.ok(part.startTime > (await page.evaluate(() => window.__mounted)), 'the second module was asked for after the widget was interactive');
    assert.ok(new URL(part.name).pathname.startsWith(prefix), `found beside the loader: ${part.name}`);
    assert.equal(await below(page), 'bound', 'the root says what lies below is bound');
    await settle(page, watcher);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
    await s.close();
  });
}

for (const [cause, fail] of [
  ['a missing file', (route) => route.fulfill({ status: 404, body: 'not found' })],
  ['the network', (route) => route.abort('internetdisconnected')],
]) {
  test(`a second module that cannot load because of ${cause}: the charts, the log, the figures under the cards and the code say so where they would be, and the first screen still answers`, async () => {
    const { s, page, context, watcher } = await open('?strategy=getset', { route: fail });
    const said = /^This part could not be loaded\. Check the connection, then reload the page\.$/;
    for (const slot of ['chart-working', 'log-empty', 'down', 'code']) {
      const el = page.locator(`[data-slot="${slot}"]`);
      await waitFor(async () => said.test((await el.textContent()) ?? ''), { timeout: 8000, message: `${slot} says the part is missing` });
      await el.scrollIntoViewIfNeeded();
      assert.ok(await el.isVisible(), `${slot} is shown`);
    }
    assert.equal(await page.locator('[data-slot="chart-working"]').getAttribute('role'), 'status', 'a screen reader hears it');
    assert.equal(await below(page), 'missing', 'the root says the part is missing');
    // Nothing else changed: no notice above the tabs, and the first screen answers.
    assert.equal(await page.locator('[data-testid="notice"]:visible').count(), 0);
    const slider = page.locator('[data-testid="burst"]');
    const before = await slider.getAttribute('aria-valuetext');
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await waitFor(async () => (await slider.getAttribute('aria-valuetext')) !== before, { message: 'the slider answers' });
    // What the test broke, and Chromium's own line for it, are all.
    const rest = watcher.problems().filter((p) => !p.includes(PART) && !/Failed to load resource/.test(p));
    assert.deepEqual(rest, []);
    await context.close();
    await s.close();
  });
}

test('a widget destroyed while its second module is on the way: the module arrives to nothing, without an error', async () => {
  let asked = false;
  let arrived = false;
  const late = async (route) => {
    asked = true;
    await new Promise((ok) => setTimeout(ok, 700));
    await route.continue();
    arrived = true;
  };
  const { s, page, context, watcher } = await open('host.html', { route: late });
  // Destroyed once the module is asked for, before it comes.
  await waitFor(() => asked, { message: 'the module asked for' });
  await page.evaluate(() => document.querySelector('[data-ratelimit-lab]').destroy());
  await waitFor(() => page.evaluate(() => !document.querySelector('[data-ratelimit-lab]').shadowRoot?.querySelector('[data-testid="server-card"]')), { message: 'destroy()' });
  await waitFor(() => arrived, { message: 'the module arrived' });
  await page.waitForTimeout(300);
  assert.deepEqual(watcher.problems(), []);
  await context.close();
  await s.close();
});

for (const missing of ['ratelimit_lab_bg.wasm', 'ratelimit_lab.js']) test(`after Try again (${missing} missing at first), the second module links to the glue that started, and the charts draw`, async () => {
  let broken = true;
  const fail = (route) => (broken ? route.fulfill({ status: 404, body: 'not found' }) : route.continue());
  const { s, page, context, watcher } = await open('?strategy=getset', { route: fail, file: `${missing}*`, mounted: false });
  const again = page.locator('[data-ratelimit-lab] button', { hasText: 'Try again' });
  await again.waitFor({ timeout: 8000 });
  broken = false;
  await again.click();
  await shows(page, '[data-chart="servers"]', 'svg');
  await shows(page, '[data-slot="log"]', 'ol li');
  // What the test broke, and the loader's report of it, are all.
  const rest = watcher.problems().filter((p) => !p.includes(missing) && !/could not start|Failed to load resource/.test(p));
  assert.deepEqual(rest, []);
  await context.close();
  await s.close();
});

/** The live root's language, in the page or a host's shadow root. */
const lang = (page) => page.evaluate(() => {
  const host = document.querySelector('[data-ratelimit-lab], rate-limit-lab');
  return (host.shadowRoot ?? host).querySelector('.rll:not([data-first])')?.lang ?? null;
});

/** The `.wasm` files the page asked for, by name. */
const wasms = (page) => page.evaluate(() => performance.getEntriesByType('resource')
  .map((e) => new URL(e.name).pathname.split('/').pop()).filter((f) => f.endsWith('.wasm')));

test('the reader of content files: a page without one never asks for it; with a file, the page and a host ask for it beside the file, and speak its words', async () => {
  const plain = await open('?strategy=getset');
  await waitFor(async () => (await below(plain.page)) === 'bound', { timeout: 8000, message: 'the part bound' });
  await settle(plain.page, plain.watcher);
  assert.ok(!(await wasms(plain.page)).includes(READER), `no reader without a content file: ${await wasms(plain.page)}`);
  assert.deepEqual(plain.watcher.problems(), []);
  await plain.context.close();
  await plain.s.close();
  for (const [where, at, host] of [['page', '?content=fr.json', undefined], ['script-tag host', 'host.html', 'content=fr.json']]) {
    const { s, page, context, watcher } = await open(at, { host });
    await waitFor(async () => (await lang(page)) === 'fr', { timeout: 8000, message: `${where}: the widget in French` });
    const asked = await wasms(page);
    assert.ok(asked.includes(READER), `${where}: the reader was fetched: ${asked}`);
    const tab = await page.evaluate(() => {
      const h = document.querySelector('[data-ratelimit-lab], rate-limit-lab');
      return (h.shadowRoot ?? h).querySelector('.rll:not([data-first]) [role="tab"]')?.textContent ?? '';
    });
    assert.notEqual(tab, 'Local counters', `${where}: the tabs speak the file's words`);
    await settle(page, watcher);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
    await s.close();
  }
});

test('the reader of content files missing: the notice names the file, the widget runs in English and answers, and nothing else fails', async () => {
  const gone = (route) => route.fulfill({ status: 404, body: 'not found' });
  const { s, page, context, watcher } = await open('?content=fr.json', { route: gone, file: READER });
  const notice = page.locator('.rll:not([data-first]) [data-testid="notice"]');
  await notice.waitFor({ timeout: 8000 });
  assert.match(await notice.textContent(), /fr\.json could not be used/);
  assert.notEqual(await lang(page), 'fr', 'the built-in English');
  const slider = page.locator('.rll:not([data-first]) [data-testid="burst"]');
  const before = await slider.getAttribute('aria-valuetext');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await waitFor(async () => (await slider.getAttribute('aria-valuetext')) !== before, { message: 'the slider answers' });
  await settle(page, watcher);
  // What the test broke, and Chromium's own line for it, are all.
  const rest = watcher.problems().filter((p) => !p.includes(READER) && !/Failed to load resource/.test(p));
  assert.deepEqual(rest, []);
  await context.close();
  await s.close();
});
