// Course-page embedding (SPEC section 5): iframe with auto-height and quiz
// messages, sub-path hosting, a strict CSP, two script-tag widgets on one
// host page, and a host page whose own styles stay as they were.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, shutdown, DIST, Widget } from './harness.mjs';
import { startServer } from './serve.mjs';

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
const servers = [];
async function serve(options) {
  const s = await startServer({ root: DIST, ...options });
  servers.push(s);
  return s;
}
after(async () => {
  await shutdown();
  for (const s of servers) await s.close();
});

/** A fresh page that records problems: console errors, exceptions, HTTP
 *  errors, CSP violations, and requests to origins not in `origins`. */
async function newPage(origins, viewport = { width: 1100, height: 900 }) {
  const context = await (await browser()).newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
  page.on('request', (r) => {
    if (!origins.some((o) => r.url().startsWith(o))) problems.push(`foreign request: ${r.url()}`);
  });
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return { page, context, problems };
}

describe('iframe embed', () => {
  test('posts a plausible height once loaded, grows the iframe, and reports quiz answers', async () => {
    const lab = await serve({});
    const hostPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Course</title></head>
      <body><h1>Week 3: rate limits</h1>
      <iframe id="lab" src="${lab.url}?embed=1&strategy=getset" title="Rate Limit Lab" style="width:100%;border:0" height="200"></iframe>
      <script>
        window.messages = [];
        addEventListener('message', function (e) {
          var d = e.data;
          if (!d || d.source !== 'ratelimit-lab') return;
          window.messages.push(d);
          if (d.type === 'resize') document.getElementById('lab').style.height = d.height + 'px';
        });
      </script></body></html>`;
    const host = await startServer({ root: DIST, prefix: '/nothing-here/', extra: { '/course.html': { type: 'text/html', body: hostPage } } });
    servers.push(host);
    const { page, context, problems } = await newPage([host.origin, lab.origin]);
    await page.goto(`${host.origin}/course.html`);
    await page.waitForFunction(() => window.messages.some((m) => m.type === 'resize'));
    const resize = await page.evaluate(() => window.messages.find((m) => m.type === 'resize'));
    assert.ok(resize.height > 800 && resize.height < 20000, `plausible height: ${resize.height}`);
    // The host applied it: the iframe is as tall as the widget's content.
    const frameHeight = await page.locator('#lab').evaluate((f) => f.getBoundingClientRect().height);
    const last = await page.evaluate(() => window.messages.filter((m) => m.type === 'resize').at(-1).height);
    assert.equal(Math.round(frameHeight), last);
    const frame = page.frameLocator('#lab');
    // Embed mode: no page chrome.
    assert.equal(await frame.locator('[data-testid="copy-link"]').count(), 0);
    assert.equal(await frame.locator('[data-testid="strategy-getset"]').getAttribute('aria-selected'), 'true');
    // Answer the first quiz question with its right answer, the second wrongly.
    const q = frame.locator('[data-testid="quiz-question"]');
    await q.nth(0).locator('button', { hasText: 'Use INCR' }).click();
    await page.waitForFunction(() => window.messages.some((m) => m.type === 'quiz'));
    await q.nth(1).locator('button', { hasText: 'too few requests' }).click();
    await page.waitForFunction(() => window.messages.filter((m) => m.type === 'quiz').length === 2);
    const quiz = await page.evaluate(() => window.messages.filter((m) => m.type === 'quiz'));
    assert.deepEqual(quiz, [
      { source: 'ratelimit-lab', type: 'quiz', answered: 1, correct: 1, total: 7 },
      { source: 'ratelimit-lab', type: 'quiz', answered: 2, correct: 1, total: 7 },
    ]);
    // Opening the feedback of another option is not a new answer.
    await q.nth(0).locator('button', { hasText: 'faster' }).click();
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => window.messages.filter((m) => m.type === 'quiz').length), 2);
    // A taller widget (16 servers) sends a new height.
    const before = await page.evaluate(() => window.messages.filter((m) => m.type === 'resize').length);
    await frame.locator('[data-testid="servers"]').evaluate((el) => {
      el.value = '16';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.waitForFunction((n) => window.messages.filter((m) => m.type === 'resize').length > n, before);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('not framed: the page posts nothing and shows its chrome', async () => {
    const lab = await serve({});
    const { page, context, problems } = await newPage([lab.origin]);
    await page.addInitScript(() => {
      window.__posted = 0;
      const orig = window.postMessage.bind(window);
      window.postMessage = (...a) => { window.__posted++; return orig(...a); };
    });
    await page.goto(lab.url);
    await page.waitForSelector('[data-testid="server-card"]');
    assert.equal(await page.locator('[data-testid="copy-link"]').count(), 1);
    assert.equal(await page.evaluate(() => window.__posted), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('static hosting', () => {
  test('dist/ works unchanged from a nested sub-path', async () => {
    const lab = await serve({ prefix: '/courses/networking/labs/ratelimit/' });
    const { page, context, problems } = await newPage([lab.origin]);
    await page.goto(`${lab.url}?servers=6`);
    await page.waitForSelector('[data-testid="server-card"]');
    assert.equal(await page.locator('[data-testid="server-card"]').count(), 6);
    assert.ok(lab.requests.every((p) => p.startsWith('/courses/networking/labs/ratelimit/')), lab.requests.join(' '));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('renders under a strict Content-Security-Policy with no violation', async () => {
    const lab = await serve({ csp: CSP });
    const { page, context, problems } = await newPage([lab.origin]);
    const response = await page.goto(`${lab.url}?strategy=getset`);
    assert.equal(response.headers()['content-security-policy'], CSP);
    await page.waitForSelector('[data-testid="server-card"]');
    // Drive the parts that set styles and markup at run time.
    await page.locator('[data-testid="strategy-incr"]').click();
    await page.locator('[data-testid="reroll"]').click();
    await page.locator('[data-testid="quiz-question"] button').first().click();
    await page.waitForTimeout(200);
    // The gauge's custom properties went through the CSSOM, which CSP allows.
    const width = await page.locator('.rll-gauge__fill').evaluate((e) => e.getBoundingClientRect().width);
    assert.ok(width > 0, 'the gauge is drawn');
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    // And the policy really is in force: inline script is blocked.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.body.append(s);
    });
    assert.equal(await page.evaluate(() => window.__inline), undefined);
    await context.close();
    assert.ok(problems.every((p) => /Content Security Policy/.test(p)), problems.join('\n'));
  });
});

describe('script-tag mount', () => {
  const hostStyles = `<style>
      body { font-family: Georgia, serif; color: rgb(20, 30, 40); background: rgb(250, 248, 240); margin: 12px; }
      h1 { font-size: 40px; color: rgb(120, 0, 60); }
      p.host { margin: 7px 3px; line-height: 1.1; }
      ul.host li { padding: 2px; }
      button.host { border: 3px solid rgb(0, 128, 0); border-radius: 0; }
    </style>`;
  const hostBody = `<h1>Chapter 4</h1><p class="host">Some text.</p><ul class="host"><li>one</li><li>two</li></ul>
      <button class="host" type="button">Host button</button>`;
  const page1 = (withWidget) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Host</title>${hostStyles}
      ${withWidget ? '<script type="module" src="/static/lab/ratelimit-lab.js"></script>' : ''}</head>
      <body>${hostBody}
      ${withWidget ? `<section><div data-ratelimit-lab data-strategy="getset" data-servers="8" data-seed="11"></div></section>
      <section><div data-ratelimit-lab data-strategy="incr" data-burst="100" data-rtt="4.5"></div></section>
      <section><div data-ratelimit-lab data-servers="lots" data-lb="sideways"></div></section>` : ''}
      </body></html>`;
  const hostStyle = (page) => page.evaluate(() => {
    const pick = (sel) => {
      const cs = getComputedStyle(document.querySelector(sel));
      return ['font-family', 'font-size', 'color', 'background-color', 'margin', 'padding', 'line-height', 'border', 'border-radius', 'box-sizing']
        .map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    };
    return ['body', 'h1', 'p.host', 'ul.host li', 'button.host', 'html'].map(pick);
  });

  test('two configured widgets are independent, with unique ids, and leave the URL alone', async () => {
    const lab = await serve({
      prefix: '/static/lab/',
      extra: { '/course/chapter.html': { type: 'text/html', body: page1(true) } },
    });
    const { page, context, problems } = await newPage([lab.origin]);
    await page.goto(`${lab.origin}/course/chapter.html?week=4`);
    await page.waitForFunction(() => document.querySelectorAll('.rll [data-testid="allowed-total"]').length === 3);
    const [a, b, c] = [0, 1, 2].map((i) => new Widget(page, context, { problems: () => problems }, page.locator('.rll').nth(i)));
    assert.equal(await a.selectedStrategy(), 'strategy-getset');
    assert.equal((await a.cards()).length, 8);
    assert.equal(await b.selectedStrategy(), 'strategy-incr');
    assert.equal(await b.sliderValue('burst'), 100);
    assert.equal(await b.sliderValue('rtt'), 4.5);
    assert.equal(await b.allowedTotal(), 10);
    // A bad attribute gets the same polite notice; the widget still works.
    const notice = await c.text('notice');
    assert.match(notice, /servers/);
    assert.match(notice, /lb/);
    assert.equal((await c.cards()).length, 4);
    assert.equal(await a.locator('notice').innerText(), '');
    // Inside a host page the title is an h2, under the page's own h1.
    assert.equal(await page.locator('.rll h1').count(), 0);
    assert.equal(await page.locator('.rll h2.rll-head__title').count(), 3);
    // Changing the first leaves the second as it was.
    const bBefore = { cards: await b.cards(), allowed: await b.allowedTotal(), tab: await b.selectedStrategy() };
    await a.chooseStrategy('local');
    await a.setSlider('servers', 3);
    await a.locator('reroll').click();
    assert.equal((await a.cards()).length, 3);
    assert.equal(await a.selectedStrategy(), 'strategy-local');
    assert.deepEqual({ cards: await b.cards(), allowed: await b.allowedTotal(), tab: await b.selectedStrategy() }, bBefore);
    // Keyboard in one tab list moves only that widget's tabs.
    await b.locator('strategy-incr').focus();
    await page.keyboard.press('ArrowLeft');
    assert.equal(await b.selectedStrategy(), 'strategy-getset');
    assert.equal(await a.selectedStrategy(), 'strategy-local');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'strategy-getset');
    assert.ok(await page.evaluate(() => document.activeElement.closest('.rll') === document.querySelectorAll('.rll')[1]));
    // No duplicate ids anywhere on the page.
    const dupes = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    assert.deepEqual(dupes, []);
    // The host's URL is the host's business.
    assert.equal(await page.evaluate(() => location.search), '?week=4');
    // One stylesheet, added by the loader.
    assert.equal(await page.locator('link[href$="ratelimit-lab.css"]').count(), 1);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the host page's own styles are unchanged by the widget", async () => {
    const lab = await serve({
      prefix: '/static/lab/',
      extra: {
        '/course/with.html': { type: 'text/html', body: page1(true) },
        '/course/without.html': { type: 'text/html', body: page1(false) },
      },
    });
    const { page, context, problems } = await newPage([lab.origin]);
    await page.goto(`${lab.origin}/course/without.html`);
    const before = await hostStyle(page);
    await page.goto(`${lab.origin}/course/with.html`);
    await page.waitForFunction(() => document.querySelectorAll('.rll [data-testid="allowed-total"]').length === 3);
    assert.deepEqual(await hostStyle(page), before);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('copy link and embed code', () => {
  test('copies the current state as a link and as an iframe snippet, with a visible confirmation', async () => {
    const lab = await serve({ prefix: '/lab/' });
    const { page, context, problems } = await newPage([lab.origin]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: lab.origin });
    await page.goto(`${lab.url}?strategy=incr&servers=7&rtt=3.5&seed=42`);
    await page.waitForSelector('[data-testid="server-card"]');
    await page.locator('[data-testid="copy-link"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="copy-status"]').textContent.includes('copied'));
    assert.equal(await page.locator('[data-testid="copy-status"]').innerText(), 'Link copied to the clipboard.');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const url = new URL(link);
    assert.equal(url.origin + url.pathname, lab.url);
    assert.equal(url.searchParams.get('strategy'), 'incr');
    assert.equal(url.searchParams.get('servers'), '7');
    assert.equal(url.searchParams.get('rtt'), '3.5');
    assert.equal(url.searchParams.get('seed'), '42');
    assert.equal(url.searchParams.get('embed'), null);

    await page.locator('[data-testid="copy-embed"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="copy-status"]').textContent.startsWith('Embed code'));
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(snippet, /^<iframe src="[^"]*embed=1[^"]*"/);
    assert.match(snippet, /strategy=incr&amp;servers=7/);
    assert.match(snippet, /source !== "ratelimit-lab"/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('when the browser refuses the clipboard, the text is shown to copy by hand', async () => {
    const lab = await serve({});
    const { page, context, problems } = await newPage([lab.origin]);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    await page.goto(`${lab.url}?servers=5`);
    await page.waitForSelector('[data-testid="server-card"]');
    await page.locator('[data-testid="copy-link"]').click();
    const box = page.locator('.rll-foot__fallback');
    await box.waitFor();
    assert.match(await box.inputValue(), /servers=5/);
    assert.match(await page.locator('[data-testid="copy-status"]').innerText(), /blocked/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
