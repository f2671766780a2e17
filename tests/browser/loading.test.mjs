// A widget whose files cannot load says why, in words that fit the cause
// (the network, or a file the server does not have), with a button to try
// again that then starts it; and a data-ratelimit-lab element added after
// the loader ran is a widget with the element's API like any other.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, hostServer, shutdown, watch, waitFor } from './harness.mjs';
import { hostPage } from './prerender.mjs';

after(shutdown);

const WASM = '**/ratelimit_lab_bg.wasm*';

// The text of the status line in the page's widget or a host's shadow root.
const said = () => {
  const host = document.querySelector('[data-ratelimit-lab], rate-limit-lab');
  const root = host.shadowRoot ?? host;
  return root.querySelector('p.rll-loading[role="status"]')?.textContent ?? '';
};

for (const [cause, fail, words] of [
  ['a missing file', (route) => route.fulfill({ status: 404, body: 'not found' }), /could not find ratelimit_lab_bg\.wasm .*404/],
  ['the network', (route) => route.abort('internetdisconnected'), /network failed/],
]) {
  for (const where of ['page', 'host']) {
    test(`${where}: a wasm that cannot load because of ${cause} says so, and Try again starts the widget`, async () => {
      const s = await hostServer({ extra: { '/host.html': { type: 'text/html; charset=utf-8', body: hostPage('strategy=getset') } } });
      const b = await browser();
      const context = await b.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const watcher = watch(page, s.origin);
      let broken = true;
      await page.route(WASM, (route) => (broken ? fail(route) : route.continue()));
      await page.goto(s.url + (where === 'page' ? '' : 'host.html'));
      const text = await waitFor(async () => words.test(await page.evaluate(said)) && page.evaluate(said), { message: `the words for ${cause}` });
      assert.doesNotMatch(text, /Loading/);
      broken = false;
      const again = where === 'page' ? page.locator('[data-ratelimit-lab] button', { hasText: 'Try again' }) : page.locator('[data-ratelimit-lab] >> button', { hasText: 'Try again' });
      await again.click();
      await waitFor(() => page.evaluate(() => {
        const host = document.querySelector('[data-ratelimit-lab]');
        return (host.shadowRoot ?? host).querySelector('.rll:not([data-first]) [data-testid="server-card"]');
      }), { message: 'the widget after Try again' });
      // What the test broke, and the loader's report of it, are all.
      const rest = watcher.problems().filter((p) => !/ratelimit_lab_bg\.wasm|could not start|Failed to load resource/.test(p));
      assert.deepEqual(rest, []);
      await context.close();
    });
  }
}

test('a data-ratelimit-lab element added after the loader ran is a widget, with set, reset and destroy', async () => {
  const s = await hostServer({ extra: { '/host.html': { type: 'text/html; charset=utf-8', body: hostPage('strategy=getset') } } });
  const b = await browser();
  const page = await b.newPage();
  const watcher = watch(page, s.origin);
  await page.goto(s.url + 'host.html');
  await page.waitForFunction(() => document.querySelector('[data-ratelimit-lab]').shadowRoot?.querySelector('.rll:not([data-first]) [data-testid="server-card"]'));
  const cards = () => page.evaluate(() => document.querySelector('#late')?.shadowRoot?.querySelectorAll('[data-testid="server-card"]').length ?? 0);
  await page.evaluate(() => {
    const el = document.createElement('div');
    el.id = 'late';
    el.setAttribute('data-ratelimit-lab', '');
    el.setAttribute('data-strategy', 'incr');
    document.body.append(el);
  });
  await waitFor(async () => (await cards()) === 4, { message: 'the late widget' });
  assert.deepEqual(await page.evaluate(() => ['set', 'reset', 'destroy'].map((f) => typeof document.querySelector('#late')[f])), ['function', 'function', 'function']);
  await page.evaluate(() => document.querySelector('#late').set({ servers: 8 }));
  await waitFor(async () => (await cards()) === 8, { message: 'set({ servers: 8 })' });
  await page.evaluate(() => document.querySelector('#late').reset());
  await page.evaluate(() => document.querySelector('#late').destroy());
  await waitFor(async () => (await cards()) === 0, { message: 'destroy()' });
  assert.equal(await page.evaluate(() => document.querySelector('#late').hasAttribute('data-ratelimit-lab-mounted')), false);
  assert.deepEqual(watcher.problems(), []);
  await page.close();
});
