// Hosts that are pages and apps (docs/EMBEDDING.md): the <rate-limit-lab>
// custom element with live attribute changes, DOM events on the host
// element, the element's API (reset, set, destroy), a widget that leaves
// nothing behind when it is removed (50 times over), and `theme`.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { browser, shutdown, hostServer, Widget, watch, settle, until, waitFor, openWidget, ROOT } from './harness.mjs';

after(shutdown);

/** A host page at /host.html that loads the loader from /lab/. */
async function host(body, { init, colorScheme = 'light' } = {}) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Host</title>
    <script type="module" src="/lab/ratelimit-lab.js"></script></head><body><h1>Chapter 6</h1>${body}</body></html>`;
  const s = await hostServer({ prefix: '/lab/', extra: { '/host.html': { type: 'text/html', body: html } } });
  const context = await (await browser()).newContext({ viewport: { width: 1100, height: 900 }, colorScheme });
  const page = await context.newPage();
  const watcher = watch(page, s.origin);
  if (init) await page.addInitScript(init);
  await page.goto(`${s.origin}/host.html`);
  return { page, context, watcher };
}

/** Waits until the widget in `host` (a locator) has drawn its cards. */
async function built(hostLocator) {
  await hostLocator.locator('[data-testid="server-card"]').first().waitFor({ state: 'attached', timeout: 15000 });
}

describe('the <rate-limit-lab> custom element', () => {
  test('its attributes are the parameters; a changed attribute changes the widget live; the API sets, resets and destroys', async () => {
    const { page, context, watcher } = await host('<rate-limit-lab servers="8" strategy="getset" seed="11"></rate-limit-lab>');
    const el = page.locator('rate-limit-lab');
    await built(el);
    const w = new Widget(page, context, watcher, el);
    assert.equal((await w.cards()).length, 8);
    assert.equal(await w.selectedStrategy(), 'strategy-getset');
    // In a shadow root of its own, shown as a block.
    assert.equal(await el.evaluate((e) => !!e.shadowRoot && getComputedStyle(e).display), 'block');

    // Live: the same widget (the quiz keeps its answer), new numbers.
    await w.pick(0, 0);
    await el.evaluate((e) => e.setAttribute('servers', '4'));
    await waitFor(async () => (await w.cards()).length === 4, { message: '4 cards' });
    assert.equal(await w.locator('quiz-question').first().locator('[aria-checked="true"]').count(), 1, 'the quiz kept its answer');
    await el.evaluate((e) => e.setAttribute('strategy', 'incr'));
    await waitFor(async () => (await w.selectedStrategy()) === 'strategy-incr', { message: 'incr selected' });
    assert.equal(await w.finalCounter() > 0, true);

    // A bad value: the notice the URL would give, and the rest applies.
    await el.evaluate((e) => e.setAttribute('servers', 'lots'));
    await waitFor(() => w.locator('notice').innerText().then((t) => /servers/.test(t) && /lots/.test(t)), { message: 'a notice for servers=lots' });
    assert.equal((await w.cards()).length, 4);

    // set(params) writes the attributes, by the same names and rules.
    await el.evaluate((e) => e.set({ servers: 6, burst: 40 }));
    await waitFor(async () => (await w.cards()).length === 6, { message: '6 cards' });
    assert.equal(await el.getAttribute('servers'), '6');
    assert.equal(await w.sliderValue('burst'), 40);
    // Reset returns to the attributes as they now are.
    await w.setSlider('servers', 10);
    await waitFor(async () => (await w.cards()).length === 10, { message: '10 cards' });
    await el.evaluate((e) => e.reset());
    await waitFor(async () => (await w.cards()).length === 6, { message: 'reset to 6 cards' });

    // A shaping attribute builds the widget again, shaped.
    assert.equal(await w.has('quiz'), true);
    await el.evaluate((e) => e.setAttribute('hide', 'quiz'));
    await waitFor(async () => !(await w.has('quiz')) && (await w.locator('server-card').count()) === 6, { message: 'rebuilt without the quiz' });

    // destroy(): nothing of the widget left in the element.
    await el.evaluate((e) => e.destroy());
    await waitFor(() => el.evaluate((e) => e.shadowRoot.childElementCount === 0 && !e.hasAttribute('data-ratelimit-lab-mounted')), { message: 'destroyed' });
    // Put back in the page, it mounts again.
    await el.evaluate((e) => { const p = e.parentNode; e.remove(); p.append(e); });
    await built(el);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });

  test('data-ratelimit-lab elements keep working and have the same API', async () => {
    const { page, context, watcher } = await host('<div data-ratelimit-lab data-servers="3"></div>');
    const el = page.locator('[data-ratelimit-lab]');
    await built(el);
    const w = new Widget(page, context, watcher, el);
    assert.equal((await w.cards()).length, 3);
    await el.evaluate((e) => e.set('servers=5&strategy=lua'));
    await waitFor(async () => (await w.cards()).length === 5, { message: '5 cards' });
    assert.equal(await el.getAttribute('data-servers'), '5');
    assert.equal(await w.selectedStrategy(), 'strategy-lua');
    await el.evaluate((e) => e.destroy());
    await waitFor(() => el.evaluate((e) => e.shadowRoot.childElementCount === 0), { message: 'destroyed' });
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

describe('DOM events on the host element', () => {
  test('quiz and completed reach the host page as ratelimitlab:* events with the message as detail, from either kind of element', async () => {
    const { page, context, watcher } = await host(
      '<div data-ratelimit-lab data-seed="5"></div><rate-limit-lab seed="5"></rate-limit-lab>',
      { init: () => {
        window.heard = [];
        for (const type of ['quiz', 'completed', 'resize']) {
          document.addEventListener(`ratelimitlab:${type}`, (e) => window.heard.push({
            host: e.target.tagName.toLowerCase(), type: e.type, detail: e.detail,
          }));
        }
      } },
    );
    for (const sel of ['div[data-ratelimit-lab]', 'rate-limit-lab']) await built(page.locator(sel));
    const div = new Widget(page, context, watcher, page.locator('div[data-ratelimit-lab]'));
    const custom = new Widget(page, context, watcher, page.locator('rate-limit-lab'));
    const total = await div.locator('quiz-question').count();
    for (let q = 0; q < total; q++) await div.pick(q, 0);
    await custom.pick(0, 1);
    const heard = await until(() => page.evaluate(() => window.heard.length === 0 ? null : window.heard)
      .then((h) => h && h.length >= total + 2 ? h : null));
    assert.ok(heard, 'events arrived');
    const fromDiv = heard.filter((e) => e.host === 'div');
    assert.equal(fromDiv.filter((e) => e.type === 'ratelimitlab:quiz').length, total);
    const first = fromDiv[0].detail;
    assert.equal(first.source, 'ratelimit-lab');
    assert.equal(first.type, 'quiz');
    assert.equal(first.question, 1);
    assert.equal(first.answered, 1);
    assert.equal(first.total, total);
    assert.equal(typeof first.prompt, 'string');
    assert.equal(typeof first.option, 'string');
    assert.equal(typeof first.right, 'boolean');
    const done = fromDiv.find((e) => e.type === 'ratelimitlab:completed');
    assert.ok(done, 'completed heard');
    assert.equal(done.detail.max, total);
    assert.equal(done.detail.score, fromDiv.filter((e) => e.detail.right).length);
    const fromCustom = heard.filter((e) => e.host === 'rate-limit-lab');
    assert.equal(fromCustom.length, 1);
    assert.equal(fromCustom[0].detail.question, 1);
    // A script-tag widget is not framed: no resize messages, no postMessage.
    assert.equal(heard.filter((e) => e.type === 'ratelimitlab:resize').length, 0);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

describe("the guide's snippets for pages", () => {
  const snippet = (name) => fs.readFileSync(`${ROOT}/docs/EMBEDDING.md`, 'utf8')
    .match(new RegExp(`<!-- snippet: ${name} -->\\s*\`\`\`html\\n([^]*?)\`\`\``))[1];

  test('custom-element and events, as written: the widget as configured, and the events log what the learner did', async () => {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Host</title></head>
      <body><h1>Week 5</h1>${snippet('custom-element')}${snippet('events')}</body></html>`;
    const s = await hostServer({ prefix: '/labs/ratelimit/', extra: { '/course.html': { type: 'text/html', body: html } } });
    const context = await (await browser()).newContext({ viewport: { width: 1100, height: 900 }, colorScheme: 'dark' });
    const page = await context.newPage();
    const watcher = watch(page, s.origin);
    const logged = [];
    page.on('console', (m) => { if (m.type() === 'log') logged.push(m.text()); });
    await page.goto(`${s.origin}/course.html`);
    const el = page.locator('rate-limit-lab');
    await built(el);
    const w = new Widget(page, context, watcher, el);
    assert.equal((await w.cards()).length, 8);
    assert.equal(await w.selectedStrategy(), 'strategy-getset');
    // theme="light" on a dark system.
    assert.equal(await el.locator('.rll').evaluate((e) => getComputedStyle(e).backgroundColor), 'rgb(255, 255, 255)');
    const total = await w.locator('quiz-question').count();
    for (let q = 0; q < total; q++) await w.pick(q, 0);
    await waitFor(() => logged.some((l) => l.startsWith('quiz done:')), { message: 'the completed event logged' });
    assert.equal(logged.filter((l) => l.startsWith('question ')).length, total);
    assert.match(logged.find((l) => l.startsWith('quiz done:')), new RegExp(`^quiz done: \\d+ of ${total} on `));
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

describe('content files: the problems docs/CONTENT.md quotes', () => {
  test('each refused file gets, in its notice, the very words the guide quotes', async () => {
    const guide = fs.readFileSync(`${ROOT}/docs/CONTENT.md`, 'utf8');
    // The guide's table: problem → the reason in the notice's brackets
    // (the parser's own words go to the host, as content-error's detail).
    const quoted = (problem) => guide.split('\n').find((l) => l.startsWith(`| ${problem} |`))
      .split(' | ')[1].replace(/ \|$/, '').replace(/`` (`[^`]+`) ``/g, '$1');
    const q = (options) => ({ prompt: 'Why?', options });
    const good = [{ text: 'a', correct: true, why: 'yes' }, { text: 'b', correct: false, why: 'no' }];
    const files = {
      'a value of the wrong kind (a number instead of text, say)': { text: { title: 3 } },
      'a question or option without a required field': { quiz: [q([{ text: 'a', correct: true }, { text: 'b', correct: false, why: 'no' }])] },
      'a field name the widget does not know': { texte: {} },
      'a key the widget does not have': { text: { 'verdict.ovr': 'x' } },
      'a sentence with other placeholders than the English': { text: { 'stat.ceiling': 'This user: {l} {n}' } },
      '`quiz` is an empty list': { quiz: [] },
      'a question with an empty prompt': { quiz: [q(good), { prompt: '', options: good }] },
      'a question with too few or too many options': { quiz: [q([good[0]])] },
      'a question without exactly one right answer': { quiz: [q(good), q(good), q([good[0], { ...good[1], correct: true }])] },
    };
    const extra = {};
    for (const [i, body] of Object.values(files).entries()) extra[`/c${i}.json`] = { type: 'application/json', body: JSON.stringify(body) };
    const s = await hostServer({ extra });
    const context = await (await browser()).newContext();
    const page = await context.newPage();
    const watcher = watch(page, s.origin);
    for (const [i, problem] of Object.keys(files).entries()) {
      // The last page's loads (its favicon) finish before the next.
      if (i) await settle(page, watcher);
      await page.goto(`${s.url}?content=/c${i}.json`);
      const notice = page.locator('[data-testid="notice"]');
      await notice.locator('li').first().waitFor({ timeout: 15000 });
      const text = await notice.innerText();
      const want = quoted(problem);
      assert.ok(text.includes(`(${want})`), `${problem}: the guide says “${want}”, the widget wrote “${text}”`);
    }
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

// Counts what is live on the page: listeners added and not removed,
// observers observing, timeouts and animation frames pending.
function instrument() {
  const live = { listeners: new Set(), observers: new Set(), timeouts: new Set(), frames: new Set() };
  window.__live = () => ({
    listeners: live.listeners.size, observers: live.observers.size,
    timeouts: live.timeouts.size, frames: live.frames.size,
  });
  const key = new WeakMap();
  let n = 0;
  const id = (o) => { if (!key.has(o)) key.set(o, ++n); return key.get(o); };
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const capture = (o) => (typeof o === 'boolean' ? o : !!o?.capture);
  EventTarget.prototype.addEventListener = function (type, f, o) {
    if (f) live.listeners.add(`${id(this)} ${type} ${id(f)} ${capture(o)}`);
    return add.call(this, type, f, o);
  };
  EventTarget.prototype.removeEventListener = function (type, f, o) {
    if (f) live.listeners.delete(`${id(this)} ${type} ${id(f)} ${capture(o)}`);
    return remove.call(this, type, f, o);
  };
  for (const name of ['ResizeObserver', 'IntersectionObserver', 'MutationObserver']) {
    const proto = window[name].prototype;
    const observe = proto.observe, unobserve = proto.unobserve, disconnect = proto.disconnect;
    const targets = new WeakMap();
    proto.observe = function (t, ...rest) {
      if (!targets.has(this)) targets.set(this, new Set());
      targets.get(this).add(t);
      live.observers.add(this);
      return observe.call(this, t, ...rest);
    };
    if (unobserve) proto.unobserve = function (t) {
      targets.get(this)?.delete(t);
      if (!targets.get(this)?.size) live.observers.delete(this);
      return unobserve.call(this, t);
    };
    proto.disconnect = function () {
      targets.delete(this);
      live.observers.delete(this);
      return disconnect.call(this);
    };
  }
  const st = window.setTimeout, ct = window.clearTimeout;
  window.setTimeout = function (f, ms, ...a) {
    const h = st.call(window, (...x) => { live.timeouts.delete(h); if (typeof f === 'function') f(...x); }, ms, ...a);
    live.timeouts.add(h);
    return h;
  };
  window.clearTimeout = function (h) { live.timeouts.delete(h); return ct.call(window, h); };
  const raf = window.requestAnimationFrame, caf = window.cancelAnimationFrame;
  window.requestAnimationFrame = function (f) {
    const h = raf.call(window, (t) => { live.frames.delete(h); f(t); });
    live.frames.add(h);
    return h;
  };
  window.cancelAnimationFrame = function (h) { live.frames.delete(h); return caf.call(window, h); };
}

describe('unmount frees everything', () => {
  test('mounted and removed 50 times: no listener, observer, timer or animation frame of the widget stays, and the JS heap returns', async () => {
    const { page, context, watcher } = await host('<main id="slot"></main>', { init: instrument });
    const cdp = await context.newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    await page.waitForFunction(() => customElements.get('rate-limit-lab'));
    // One mount: the widget plays its replay and draws its charts, so every
    // kind of hook has run; then the page's own count, with no widget.
    const cycle = async (i) => {
      await page.evaluate((i) => {
        const el = document.createElement('rate-limit-lab');
        el.setAttribute('servers', String(2 + (i % 8)));
        document.getElementById('slot').append(el);
      }, i);
      const el = page.locator('#slot rate-limit-lab');
      await built(el);
      if (i % 10 === 0) {
        // Charts drawn (they wait until scrolled near).
        await el.locator('[data-slot="charts"]').evaluate((c) => c.scrollIntoView());
        await el.locator('[data-slot="charts"] svg *').first().waitFor({ state: 'attached', timeout: 15000 });
        // Now and then, a replay running (animation frames) and a pending
        // announcement (a timer) at the moment it goes.
        await el.locator('[data-act="play"]').first().click().catch(() => {});
        await el.evaluate((e) => { const s = e.shadowRoot.querySelector('[data-testid="servers"]'); s.value = '12'; s.dispatchEvent(new Event('input', { bubbles: true })); });
      }
      await page.evaluate(() => document.querySelector('#slot rate-limit-lab').remove());
    };
    const empty = await page.evaluate(() => window.__live());
    await cycle(0);
    // Whatever the browser's own first-use work left (a timer of Leptos's
    // executor, say) settles before the baseline.
    const settled = async (want) => until(async () => {
      const now = await page.evaluate(() => window.__live());
      return JSON.stringify(now) === JSON.stringify(want) ? now : null;
    }, { timeout: 5000 });
    const afterOne = await until(() => page.evaluate(() => window.__live()).then((l) => (l.frames === 0 && l.timeouts === empty.timeouts ? l : null)));
    assert.deepEqual(afterOne, empty, 'one mount and removal leaves the page as it was');
    const before = await heap();
    for (let i = 1; i <= 50; i++) await cycle(i);
    const left = await settled(empty);
    assert.deepEqual(left ?? await page.evaluate(() => window.__live()), empty, 'after 50 mounts nothing of the widget is live');
    const now = await heap();
    console.log(`JS heap: ${before} B after one mount, ${now} B after 50 more (${((now / before - 1) * 100).toFixed(1)} %)`);
    assert.ok(now <= before * 1.1, `heap grew from ${before} to ${now}`);
    assert.equal(await page.locator('#slot').evaluate((s) => s.childElementCount), 0);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

describe('theme', () => {
  const bg = (w) => w.page.locator('.rll').first().evaluate((e) => getComputedStyle(e).backgroundColor);
  const bodyBg = (w) => w.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const LIGHT = 'rgb(255, 255, 255)', DARK = 'rgb(17, 22, 28)';

  test('theme=light|dark fixes the colours whatever the system says; auto follows it; the address keeps it', async () => {
    let w = await openWidget('?theme=dark', { colorScheme: 'light' });
    assert.equal(await bg(w), DARK);
    assert.equal(await bodyBg(w), DARK);
    await waitFor(async () => (await w.query()).theme === 'dark', { message: 'theme kept in the address' });
    assert.deepEqual(w.problems(), []);
    await w.close();
    w = await openWidget('?theme=light', { colorScheme: 'dark' });
    assert.equal(await bg(w), LIGHT);
    assert.equal(await bodyBg(w), LIGHT);
    await w.close();
    w = await openWidget('?theme=auto', { colorScheme: 'dark' });
    assert.equal(await bg(w), DARK);
    await w.close();
    w = await openWidget('', { colorScheme: 'dark' });
    assert.equal(await bg(w), DARK);
    await w.close();
  });

  test('a bad theme gets a notice like any other parameter, and auto applies', async () => {
    const w = await openWidget('?theme=purple', { colorScheme: 'dark' });
    assert.match(await w.locator('notice').innerText(), /theme “purple” is not one of light, dark or auto, so auto is used\./);
    assert.equal(await bg(w), DARK);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('on a host page: data-theme and the custom element\'s theme attribute', async () => {
    const { page, context, watcher } = await host(
      '<div data-ratelimit-lab data-theme="dark"></div><rate-limit-lab theme="light"></rate-limit-lab><rate-limit-lab></rate-limit-lab>',
      { colorScheme: 'dark' },
    );
    for (const sel of ['div[data-ratelimit-lab]', 'rate-limit-lab >> nth=0', 'rate-limit-lab >> nth=1']) await built(page.locator(sel));
    const colour = (sel) => page.locator(sel).locator('.rll').evaluate((e) => getComputedStyle(e).backgroundColor);
    assert.equal(await colour('div[data-ratelimit-lab]'), DARK);
    assert.equal(await colour('rate-limit-lab >> nth=0'), LIGHT);
    assert.equal(await colour('rate-limit-lab >> nth=1'), DARK);
    // A live change of theme.
    await page.locator('rate-limit-lab').nth(0).evaluate((e) => e.setAttribute('theme', 'dark'));
    await waitFor(async () => (await colour('rate-limit-lab >> nth=0').catch(() => '')) === DARK, { message: 'dark after the change' });
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

describe('a Leptos app (examples/leptos_app.rs)', () => {
  test('builds, shows <RateLimitLab/> with its typed props, follows them after mount, calls back, and unmounts it when hidden', async () => {
    // The example, built for the browser as its header says (a debug build: quick).
    const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 });
    run('cargo', ['build', '--locked', '--features', 'leptos', '--example', 'leptos_app', '--target', 'wasm32-unknown-unknown']);
    const out = `${ROOT}/target/leptos-app`;
    run('wasm-bindgen', ['--target', 'web', '--out-dir', out, `${ROOT}/target/wasm32-unknown-unknown/debug/examples/leptos_app.wasm`]);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>App</title>
      <link rel="stylesheet" href="/lab/ratelimit-lab.css">
      <script type="module">import init from "/app/leptos_app.js"; init();</script></head><body></body></html>`;
    const s = await hostServer({
      prefix: '/lab/',
      extra: {
        '/app.html': { type: 'text/html', body: html },
        '/app/leptos_app.js': { type: 'text/javascript', body: fs.readFileSync(`${out}/leptos_app.js`) },
        '/app/leptos_app_bg.wasm': { type: 'application/wasm', body: fs.readFileSync(`${out}/leptos_app_bg.wasm`) },
      },
    });
    const context = await (await browser()).newContext({ viewport: { width: 1100, height: 900 }, colorScheme: 'light' });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    const watcher = watch(page, s.origin);
    await page.goto(`${s.origin}/app.html`);
    const el = page.locator('[data-ratelimit-lab]');
    await built(el);
    const w = new Widget(page, context, watcher, el);
    // The props: INCR, 6 servers, 60 requests, 2.5 ms, no code, dark on a light system.
    assert.equal(await w.selectedStrategy(), 'strategy-incr');
    assert.equal((await w.cards()).length, 6);
    assert.equal(await w.sliderValue('burst'), 60);
    assert.equal(await el.getAttribute('data-rtt'), '2.5');
    assert.equal(await w.has('quiz'), true);
    assert.equal(await w.has('code'), false);
    assert.equal(await el.locator('.rll').evaluate((e) => getComputedStyle(e).backgroundColor), 'rgb(17, 22, 28)');
    // The props follow the app's signals after mount: two more servers, GET then SET.
    await page.locator('#more').click();
    await waitFor(async () => (await w.cards()).length === 8, { message: '8 servers' });
    await page.locator('#getset').click();
    await waitFor(async () => (await w.selectedStrategy()) === 'strategy-getset', { message: 'GET then SET' });
    // The callback: the app hears a first answer.
    await el.locator('[data-testid="quiz-question"]').first().locator('[data-act="quiz-pick"]').first().click();
    await waitFor(async () => (await page.locator('#answers').innerText()) === 'Answers heard: 1', { message: 'on_quiz' });
    // A shaping prop builds the widget again, with the scenario it has.
    await page.locator('#no-quiz').click();
    await waitFor(async () => !(await w.has('quiz')), { message: 'the quiz left out' });
    assert.equal((await w.cards()).length, 8);
    // Hidden by the app: the widget goes, and with it everything it held.
    const before = await page.evaluate(() => window.__live());
    await page.locator('#toggle').click();
    await waitFor(async () => (await page.locator('[data-ratelimit-lab]').count()) === 0, { message: 'hidden' });
    const after = await until(async () => {
      const l = await page.evaluate(() => window.__live());
      return l.observers < before.observers && l.listeners < before.listeners && l.frames === 0 ? l : null;
    });
    assert.ok(after, 'the widget\'s listeners and observers went with it');
    // Shown again: a new widget; hidden again: the page as it was after the first hide.
    await page.locator('#toggle').click();
    await built(page.locator('[data-ratelimit-lab]'));
    assert.equal((await w.cards()).length, 8, "shown again with the app's signals as they are");
    await page.locator('#toggle').click();
    const again = await until(async () => {
      const l = await page.evaluate(() => window.__live());
      return JSON.stringify(l) === JSON.stringify(after) ? l : null;
    });
    assert.deepEqual(again ?? await page.evaluate(() => window.__live()), after);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

describe('a Leptos app rendered on the server (examples/leptos_ssr.rs)', () => {
  test('the server renders the placeholder; the client hydrates it, mounts the widget there, follows a signal and calls back', async () => {
    // The server's page, from the example built natively (the feature
    // `leptos` brings Leptos natively, with its `ssr`).
    const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], timeout: 900_000 });
    const served = run('cargo', ['run', '--locked', '--quiet', '--features', 'leptos', '--example', 'leptos_ssr']).toString();
    assert.match(served, /<body><h1>A course rendered on the server<\/h1>.*<div data-ratelimit-lab=""><\/div><\/body>/s,
      'the component is its empty placeholder in the server\'s HTML');
    // The client: the same app for the browser, with Leptos's hydration.
    run('cargo', ['build', '--locked', '--features', 'hydrate', '--example', 'leptos_ssr', '--target', 'wasm32-unknown-unknown']);
    const out = `${ROOT}/target/leptos-ssr`;
    run('wasm-bindgen', ['--target', 'web', '--out-dir', out, `${ROOT}/target/wasm32-unknown-unknown/debug/examples/leptos_ssr.wasm`]);
    const s = await hostServer({
      prefix: '/lab/',
      extra: {
        '/course.html': { type: 'text/html', body: served },
        // What Leptos's <HydrationScripts/> writes for a page with no resources.
        '/app/hydration.js': { type: 'text/javascript', body: 'window.__RESOLVED_RESOURCES = []; window.__SERIALIZED_ERRORS = []; window.__INCOMPLETE_CHUNKS = [];' },
        '/app/start.js': { type: 'text/javascript', body: 'import init from "/app/leptos_ssr.js"; init();' },
        '/app/leptos_ssr.js': { type: 'text/javascript', body: fs.readFileSync(`${out}/leptos_ssr.js`) },
        '/app/leptos_ssr_bg.wasm': { type: 'application/wasm', body: fs.readFileSync(`${out}/leptos_ssr_bg.wasm`) },
      },
    });
    const context = await (await browser()).newContext({ viewport: { width: 1100, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    const watcher = watch(page, s.origin);
    await page.goto(`${s.origin}/course.html`);
    const el = page.locator('[data-ratelimit-lab]');
    await built(el);
    // Hydrated, not rendered again: one placeholder, the server's element.
    assert.equal(await el.count(), 1);
    const w = new Widget(page, context, watcher, el);
    assert.equal(await w.selectedStrategy(), 'strategy-incr');
    assert.equal((await w.cards()).length, 6);
    // The app's button works (its handler was hydrated) and the widget follows the signal.
    await page.locator('#more').click();
    await waitFor(async () => (await w.cards()).length === 8, { message: '8 servers after hydration' });
    await el.locator('[data-testid="quiz-question"]').first().locator('[data-act="quiz-pick"]').first().click();
    await waitFor(async () => (await page.locator('#answers').innerText()) === 'Answers heard: 1', { message: 'on_quiz' });
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});
