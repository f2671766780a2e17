// The page a newcomer opens: it renders, it is a proper document (language,
// landmark, viewport, favicon) and it never talks to anyone but its own
// origin. Plus a check on the harness itself: a broken bundle must be caught.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openWidget, shutdown, browser, server, watch, settle, until, DIST, STRATEGIES, LIVE } from './harness.mjs';
import { startServer } from './serve.mjs';

after(shutdown);

describe('smoke', () => {
  test('the default page renders the widget: title, 7 tabs in 3 groups, 3 sliders, 4 server cards', async () => {
    const w = await openWidget('');
    const { page } = w;
    assert.match(await page.title(), /Rate Limit Lab/);
    const h1 = page.locator('h1');
    assert.equal(await h1.count(), 1, 'exactly one h1 on the widget page');
    assert.match(await h1.innerText(), /Rate Limit Lab/i);
    // The loading placeholder is gone once the widget has mounted.
    assert.equal(await page.locator('.rll-loading').count(), 0, 'loading text still shown');

    const tabs = page.locator('[role="tablist"] [role="tab"]');
    assert.equal(await tabs.count(), 7);
    for (const s of STRATEGIES) {
      const tab = w.locator(`strategy-${s}`);
      assert.equal(await tab.count(), 1, `tab strategy-${s}`);
      assert.equal(await tab.getAttribute('role'), 'tab');
      assert.ok(await tab.isVisible(), `tab strategy-${s} visible`);
    }
    // Grouped by where the count lives: memory, in front, Redis.
    const groups = await page.locator('[role="tablist"] > [role="presentation"]').evaluateAll((gs) =>
      gs.map((g) => [...g.querySelectorAll('[role="tab"]')].map((t) => t.dataset.value)));
    assert.deepEqual(groups, [['local', 'split', 'sync'], ['edge'], ['getset', 'incr', 'lua']]);
    assert.equal(await w.selectedStrategy(), 'strategy-local', 'local is selected by default');

    const visibleSliders = await page.locator('.rll-deck input[type="range"][data-knob]').evaluateAll((els) =>
      els.filter((e) => e.checkVisibility()).map((e) => e.dataset.testid));
    assert.deepEqual(visibleSliders, ['servers', 'burst', 'rtt'], 'the three sliders of the default scenario');
    for (const [name, value] of [['servers', 4], ['burst', 40], ['rtt', 2]]) {
      const slider = w.locator(name);
      assert.equal(await slider.getAttribute('type'), 'range', `${name} is a range input`);
      assert.ok(await slider.isVisible(), `${name} slider visible`);
      assert.equal(await w.sliderValue(name), value, `${name} default value`);
      // Each slider has an accessible label.
      const id = await slider.getAttribute('id');
      assert.equal(await page.locator(`label[for="${id}"]`).count(), 1, `${name} has a <label for>`);
    }
    assert.ok(await w.locator('topology').isVisible(), 'the picture');
    assert.ok(await w.locator('play').isVisible(), 'the replay controls');

    const cards = await w.cards();
    assert.equal(cards.length, 4);
    assert.deepEqual(cards.map((c) => c.server), [1, 2, 3, 4]);
    assert.equal(cards.reduce((n, c) => n + c.received, 0), 40, 'the 40 requests of the burst are spread over the cards');
    for (const c of cards) assert.equal(c.allowed + c.refused, c.received, `card ${c.server} adds up`);
    assert.equal(await w.limit(), 10);
    assert.ok(await w.locator('verdict').isVisible());
    assert.ok(await w.locator('reroll').isVisible());
    assert.ok((await w.locator('quiz-question').count()) >= 9, 'quiz has at least nine questions');
    assert.equal(await w.regularUser(), 10, 'a regular user gets all 10 through local counters');
    assert.deepEqual(await w.verdictKinds(), ['not-enforced']);

    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the document has lang, a <main> landmark, a viewport meta tag and a favicon that loads', async () => {
    const w = await openWidget('');
    const { page } = w;
    const doc = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      mains: document.querySelectorAll('main').length,
      widgetInMain: !!document.querySelector('main [data-ratelimit-lab]'),
      viewport: document.querySelector('meta[name="viewport"]')?.content ?? null,
      icon: document.querySelector('link[rel~="icon"]')?.href ?? null,
    }));
    assert.match(doc.lang, /^[a-z]{2}/i, 'html has a lang attribute');
    assert.equal(doc.mains, 1, 'one <main>');
    assert.ok(doc.widgetInMain, 'the widget sits inside <main>');
    assert.ok(doc.viewport, 'meta viewport present');
    assert.match(doc.viewport, /width=device-width/);
    assert.ok(doc.icon, 'link rel=icon present');
    const s = await server();
    assert.ok(doc.icon.startsWith(s.origin), `favicon is same-origin: ${doc.icon}`);
    // Fetch it the way the browser does; a 404 would also land in problems().
    const icon = await page.evaluate(async (href) => {
      const r = await fetch(href);
      return { status: r.status, type: r.headers.get('content-type'), size: (await r.arrayBuffer()).byteLength };
    }, doc.icon);
    assert.equal(icon.status, 200, 'favicon loads');
    assert.match(icon.type, /image\//);
    assert.ok(icon.size > 0, 'favicon is not empty');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('every request the page makes goes to its own origin', async () => {
    const s = await server();
    const b = await browser();
    const context = await b.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watcher = watch(page, s.origin);
    const urls = [];
    page.on('request', (r) => urls.push(r.url()));
    await page.goto(s.url);
    await page.waitForSelector(LIVE, { state: 'attached', timeout: 15000 });
    // Exercise the page a little so lazily made requests would show up too.
    await page.locator('[data-testid="strategy-getset"]').click();
    await page.locator('[data-testid="reroll"]').click();
    await page.waitForLoadState('networkidle');
    const paths = urls.map((u) => new URL(u).pathname);
    assert.ok(paths.some((p) => p.endsWith('.wasm')), `the wasm was loaded: ${paths.join(', ')}`);
    assert.ok(paths.some((p) => p.endsWith('.css')), 'the stylesheet was loaded');
    const foreign = urls.filter((u) => !u.startsWith(s.origin + '/') && !u.startsWith('data:') && !u.startsWith('blob:'));
    assert.deepEqual(foreign, [], 'no request leaves the origin');
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });

  test('the footer\'s proof link opens the proof page: the harness, model against real, and where the tables are', async () => {
    const w = await openWidget('');
    // Let the favicon load finish first: leaving the page would abort it.
    await w.settle();
    // Scrolling to the footer passes the quiz, which fetches the texts it
    // reads later (later.json): let that finish too, or leaving the page
    // aborts it.
    await w.locator('proof-link').scrollIntoViewIfNeeded();
    await w.page.waitForLoadState('networkidle');
    await w.locator('proof-link').click();
    await w.page.waitForURL(/proof\.html$/);
    const headings = await w.page.locator('h2').allInnerTexts();
    for (const h of ['What the harness does', 'GET then SET: real against model', 'Limits', 'The latest table']) {
      assert.ok(headings.includes(h), `the proof page has "${h}" (has: ${headings.join(' | ')})`);
    }
    assert.match(await w.page.locator('main').innerText(), /docs\/PROOF\.md/, 'it says where the seed-by-seed tables are');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the harness catches a broken bundle (garbage wasm): no widget, problems reported', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rll-broken-'));
    let broken;
    let context;
    try {
      fs.cpSync(DIST, tmp, { recursive: true });
      const wasm = path.join(tmp, 'ratelimit_lab_bg.wasm');
      assert.ok(fs.existsSync(wasm), 'the copy has the wasm to break');
      fs.writeFileSync(wasm, Buffer.from('this is not a WebAssembly module, just garbage bytes\0\x01\x02\x03'));
      broken = await startServer({ root: tmp });
      const b = await browser();
      context = await b.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const watcher = watch(page, broken.origin);
      await page.goto(broken.url);
      // Give the module time to fetch and fail to instantiate the wasm.
      await until(() => watcher.problems().length > 0, { timeout: 10000, interval: 100 });
      await settle(page, watcher);
      assert.equal(await page.locator('[data-testid="allowed-total"]').count(), 0, 'the widget must not render');
      assert.equal(await page.locator('[data-testid="server-card"]').count(), 0, 'no server cards');
      assert.ok(watcher.problems().length > 0, 'the harness reports the broken bundle');
    } finally {
      if (context) await context.close();
      if (broken) await broken.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
