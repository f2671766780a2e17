// Course-page embedding (the contract in docs/EMBEDDING.md): iframe with
// auto-height and quiz messages (which question, its prompt, the option
// chosen, right or not; completion), sub-path hosting, a strict CSP (for the
// page and for a script-tag host), three script-tag widgets on one host page,
// each in its own shadow root, a host page whose own styles stay as they
// were, and the copy buttons.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { browser, shutdown, DIST, ROOT, Widget, openWidget, until, frames, delivered, LIVE } from './harness.mjs';
import { startServer } from './serve.mjs';

const VERSION = fs.readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8').match(/^version\s*=\s*"([^"]+)"/m)[1];
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
/** A snippet of docs/EMBEDDING.md by its name, exactly as written there. */
const snippet = (name) => fs.readFileSync(`${ROOT}/docs/EMBEDDING.md`, 'utf8')
  .match(new RegExp(`<!-- snippet: ${name} -->\\s*\`\`\`html\\n([^]*?)\`\`\``))[1];
/** The course page's policy the guide gives for a snippet, from its table. */
const policy = (row) => fs.readFileSync(`${ROOT}/docs/EMBEDDING.md`, 'utf8')
  .split('\n').find((l) => l.startsWith(`| ${row} |`)).match(/\| `([^`]+)`/)[1];
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
    // The height may still change while the frame lays out sections it
    // skipped at first (content-visibility), so read frame and message
    // together, once no new message has come for 400 ms.
    const heights = () => page.evaluate(() => {
      const sizes = window.messages.filter((m) => m.type === 'resize');
      return { count: sizes.length, last: sizes.at(-1).height, frame: Math.round(document.getElementById('lab').getBoundingClientRect().height) };
    });
    let seen = await heights();
    // Calm: 24 frames (about 400 ms) drawn in the frame without a new message.
    const inner = page.frames().find((f) => f.url().startsWith(lab.url));
    for (let calm = 0, end = Date.now() + 5000; calm < 24 && Date.now() < end; ) {
      await frames(inner, 3);
      const now = await heights();
      calm = now.count === seen.count ? calm + 3 : 0;
      seen = now;
    }
    assert.equal(seen.frame, seen.last, `the iframe follows the last height posted (${seen.count} messages)`);
    const frame = page.frameLocator('#lab');
    // Embed mode: no page chrome.
    assert.equal(await frame.locator('[data-testid="copy-link"]').count(), 0);
    assert.equal(await frame.locator('[data-testid="strategy-getset"]').getAttribute('aria-selected'), 'true');
    // The right answers, found on the same URL outside the frame (the
    // order of the options depends only on the URL).
    const scratch = await openWidget('?embed=1&strategy=getset');
    const key = await scratch.quizKey();
    await scratch.close();
    const q = frame.locator('[data-testid="quiz-question"]');
    const total = await q.count();
    assert.ok(total >= 9, `at least nine questions (${total})`);
    const option = (n, i) => q.nth(n).locator('[data-act="quiz-pick"]').nth(i);
    const prompt = async (n) => (await q.nth(n).locator('.rll-question__prompt').innerText()).trim();
    // The option's own words (not the "(the answer)" a screen reader
    // hears after it once the question is over).
    const label = async (n, i) => (await option(n, i).evaluate((el) =>
      [...el.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.textContent).join(''))).trim();
    // Question 1 right at once, question 2 wrong at first.
    await option(0, key[0]).click();
    await page.waitForFunction(() => window.messages.some((m) => m.type === 'quiz'));
    const wrong = (key[1] + 1) % (await q.nth(1).locator('[data-act="quiz-pick"]').count());
    await option(1, wrong).click();
    await page.waitForFunction(() => window.messages.filter((m) => m.type === 'quiz').length === 2);
    const quiz = await page.evaluate(() => window.messages.filter((m) => m.type === 'quiz'));
    assert.deepEqual(quiz, [
      { source: 'ratelimit-lab', type: 'quiz', answered: 1, correct: 1, total, question: 1, prompt: await prompt(0), option: await label(0, key[0]), right: true, quiz: 'builtin', version: VERSION },
      { source: 'ratelimit-lab', type: 'quiz', answered: 2, correct: 1, total, question: 2, prompt: await prompt(1), option: await label(1, wrong), right: false, quiz: 'builtin', version: VERSION },
    ]);
    // Another pick on an answered question is not a new answer.
    await option(1, key[1]).click();
    await option(0, (key[0] + 1) % 2).click();
    await delivered(page.frames().find((f) => f.url().startsWith(lab.url)), page);
    assert.equal(await page.evaluate(() => window.messages.filter((m) => m.type === 'quiz').length), 2);
    // Every question answered (right from the fourth on): completed, with the first answers' score.
    for (let n = 2; n < total; n++) await option(n, n === 2 ? (key[2] + 1) % 2 : key[n]).click();
    await page.waitForFunction(() => window.messages.some((m) => m.type === 'completed'));
    const done = await page.evaluate(() => window.messages.filter((m) => m.type === 'completed'));
    assert.deepEqual(done, [{ source: 'ratelimit-lab', type: 'completed', score: total - 2, max: total, quiz: 'builtin', version: VERSION }]);
    assert.equal(await page.evaluate(() => window.messages.filter((m) => m.type === 'quiz').length), total);
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
    // The live widget, with what lies below written (the footer is there):
    // the prerendered first screen has server cards but no footer.
    await page.waitForSelector(LIVE);
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
    await page.locator('[data-testid="quiz-question"] [data-act="quiz-pick"]').first().click();
    await page.locator('[data-testid="strategy-edge"]').click();
    await page.locator('[data-testid="step"]').click();
    await page.locator('[data-testid="play"]').click();
    // Playing until the moment has moved on.
    const start = Number(await page.locator('[data-testid="time"]').inputValue());
    await until(async () => Number(await page.locator('[data-testid="time"]').inputValue()) > start, { timeout: 5000 });
    await page.locator('[data-testid="play"]').click();
    await page.locator('[data-testid="charts"], .rll-charts').first().scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('[data-chart="servers"] circle').length > 0, null, { timeout: 20000 });
    // Styles set at run time went through the CSSOM, which CSP allows: the
    // gauge is drawn, the cards' marks have their height, the gateway sits on the picture.
    const width = await page.locator('.rll-gauge').evaluate((e) => e.getBoundingClientRect().width);
    assert.ok(width > 0, 'the gauge is drawn');
    const marks = await page.locator('.rll-card__marks').first().evaluate((e) => e.getBoundingClientRect().height);
    assert.ok(marks > 0, 'the marks are drawn');
    assert.ok(await page.locator('[data-testid="edge-refused"]').isVisible(), 'the gateway label shows');
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

describe('script-tag mount under a strict policy', () => {
  test('a host page with the same Content-Security-Policy: the widgets work, no violation', async () => {
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="/lab/favicon.svg"><title>Host</title>
      <script type="module" src="/lab/ratelimit-lab.js"></script></head>
      <body><h1>Chapter 5</h1><div data-ratelimit-lab data-strategy="edge"></div><div data-ratelimit-lab data-strategy="lua" data-preset="per-minute"></div></body></html>`;
    const lab = await serve({ prefix: '/lab/', csp: CSP, extra: { '/host.html': { type: 'text/html', body } } });
    const { page, context, problems } = await newPage([lab.origin]);
    const response = await page.goto(`${lab.origin}/host.html`);
    assert.equal(response.headers()['content-security-policy'], CSP);
    await page.locator(LIVE).nth(1).waitFor({ state: 'attached', timeout: 15000 });
    const a = new Widget(page, context, { problems: () => problems }, page.locator('[data-ratelimit-lab]').nth(0));
    const b = new Widget(page, context, { problems: () => problems }, page.locator('[data-ratelimit-lab]').nth(1));
    assert.equal(await a.value('edge-refused'), 30);
    assert.equal(await b.allowedTotal(), 101);
    await a.setSlider('servers', 9);
    await a.locator('reroll').click();
    await until(async () => (await a.cards()).length === 9);
    assert.equal((await a.cards()).length, 9);
    // The widget's own styles applied inside the shadow root (a stylesheet, not inline).
    const bg = await a.locator('reroll').evaluate((e) => getComputedStyle(e).backgroundColor);
    assert.notEqual(bg, 'rgba(0, 0, 0, 0)', 'the button is styled');
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('a course page under the policy the guide gives for each snippet', () => {
  const page = (body, icon = '/labs/ratelimit/favicon.svg') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="${icon}"><title>Host</title></head><body><h1>Week 5</h1>\n${body}\n</body></html>`;

  test('script tag and <rate-limit-lab>: both widgets work, no violation', async () => {
    const csp = policy('script tag, `<rate-limit-lab>`');
    const body = page(`${snippet('script-tag')}\n${snippet('custom-element').replace(/^<script.*\n/, '')}`);
    const lab = await serve({ prefix: '/labs/ratelimit/', csp, extra: { '/course.html': { type: 'text/html', body } } });
    const { page: p, context, problems } = await newPage([lab.origin]);
    await p.goto(`${lab.origin}/course.html`);
    for (const sel of ['[data-ratelimit-lab] >> nth=0', '[data-ratelimit-lab] >> nth=1', 'rate-limit-lab']) {
      await p.locator(sel).locator('[data-testid="server-card"]').first().waitFor({ state: 'attached', timeout: 15000 });
    }
    const custom = new Widget(p, context, { problems: () => problems }, p.locator('rate-limit-lab'));
    assert.equal((await custom.cards()).length, 8);
    await p.locator('rate-limit-lab').evaluate((e) => e.setAttribute('servers', '3'));
    await p.waitForFunction(() => document.querySelector('rate-limit-lab').shadowRoot.querySelectorAll('[data-testid="server-card"]').length === 3);
    assert.deepEqual(await p.evaluate(() => window.__violations), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the strict iframe snippet: the frame grows to the widget and has no border, no violation', async () => {
    const csp = policy('iframe, strict (below)');
    assert.doesNotMatch(csp, /unsafe/);
    // The widget on its own server, under its own page's policy; the course
    // page's policy names that origin after 'self', as the guide says.
    const lab = await serve({ prefix: '/labs/ratelimit/', csp: CSP });
    const body = page(snippet('iframe-csp').split('/labs/ratelimit/').join(`${lab.origin}/labs/ratelimit/`), '/favicon.svg');
    const course = await serve({ csp: csp.replace(/(script-src|frame-src) 'self'/g, `$1 'self' ${lab.origin}`), extra: { '/course.html': { type: 'text/html', body } } });
    // The frame and its script from the widget's server, on the course's origin.
    const { page: p, context, problems } = await newPage([course.origin, lab.origin]);
    await p.goto(`${course.origin}/course.html`);
    const frame = p.frameLocator('iframe');
    await frame.locator('[data-testid="server-card"]').first().waitFor({ state: 'attached', timeout: 15000 });
    await p.waitForFunction(() => parseInt(document.querySelector('iframe').style.height) > 1300, null, { timeout: 15000 });
    assert.equal(await p.locator('iframe').evaluate((f) => getComputedStyle(f).borderTopWidth), '0px');
    assert.deepEqual(await p.evaluate(() => window.__violations), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the inline iframe snippet under that strict policy is blocked, as the guide says', async () => {
    const csp = policy('iframe, strict (below)');
    const lab = await serve({ prefix: '/labs/ratelimit/', csp: CSP });
    const body = page(snippet('iframe').split('/labs/ratelimit/').join(`${lab.origin}/labs/ratelimit/`), '/favicon.svg');
    const course = await serve({ csp: csp.replace(/(script-src|frame-src) 'self'/g, `$1 'self' ${lab.origin}`), extra: { '/course.html': { type: 'text/html', body } } });
    const { page: p, context } = await newPage([course.origin, lab.origin]);
    await p.goto(`${course.origin}/course.html`);
    await p.frameLocator('iframe').locator('[data-testid="server-card"]').first().waitFor({ state: 'attached', timeout: 15000 });
    await p.waitForFunction(() => window.__violations.length >= 2);
    const v = await p.evaluate(() => window.__violations.join('\n'));
    assert.match(v, /script-src/);
    assert.match(v, /style-src/);
    await context.close();
  });
});

describe('the loader on another origin', () => {
  const body = (origin) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Host</title>
    <script type="module" src="${origin}/labs/ratelimit/ratelimit-lab.js"></script></head><body><rate-limit-lab servers="5"></rate-limit-lab></body></html>`;

  test('works when that origin sends Access-Control-Allow-Origin, and not without it', async () => {
    const cors = await serve({ prefix: '/labs/ratelimit/', headers: { 'Access-Control-Allow-Origin': '*' } });
    const plain = await serve({ prefix: '/labs/ratelimit/' });
    const course = await serve({ extra: { '/with.html': { type: 'text/html', body: body(cors.origin) }, '/without.html': { type: 'text/html', body: body(plain.origin) } } });
    let { page: p, context, problems } = await newPage([course.origin, cors.origin]);
    await p.goto(`${course.origin}/with.html`);
    await p.locator('rate-limit-lab [data-testid="server-card"]').nth(4).waitFor({ state: 'attached', timeout: 15000 });
    assert.deepEqual(problems, []);
    await context.close();
    ({ page: p, context, problems } = await newPage([course.origin, plain.origin]));
    await p.goto(`${course.origin}/without.html`);
    for (const end = Date.now() + 5000; problems.length === 0 && Date.now() < end;) await new Promise((ok) => setTimeout(ok, 50));
    assert.ok(problems.some((x) => /CORS|blocked/i.test(x)), problems.join('\n'));
    assert.equal(await p.locator('rate-limit-lab [data-testid="server-card"]').count(), 0);
    await context.close();
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

  test('three configured widgets, each in its own shadow root, are independent and leave the URL alone', async () => {
    const lab = await serve({
      prefix: '/static/lab/',
      extra: { '/course/chapter.html': { type: 'text/html', body: page1(true) } },
    });
    const { page, context, problems } = await newPage([lab.origin]);
    await page.goto(`${lab.origin}/course/chapter.html?week=4`);
    await page.waitForFunction((live) => document.querySelectorAll('[data-ratelimit-lab]').length === 3
      && [...document.querySelectorAll('[data-ratelimit-lab]')].every((h) => h.shadowRoot?.querySelector(live)), LIVE);
    // Each in an open shadow root; nothing of the widget in the host's own tree.
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('[data-ratelimit-lab]')].filter((h) => h.shadowRoot).length), 3);
    assert.equal(await page.evaluate(() => document.querySelectorAll('.rll, [data-testid]').length), 0, 'the widget lives in the shadow roots only');
    const hosts = page.locator('[data-ratelimit-lab]');
    const [a, b, c] = [0, 1, 2].map((i) => new Widget(page, context, { problems: () => problems }, hosts.nth(i)));
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
    assert.equal(await c.locator('notice').getAttribute('role'), 'status');
    assert.equal((await c.cards()).length, 4);
    assert.equal((await a.locator('notice').innerText()).trim(), '');
    // Inside a host page the title is an h2, under the page's own h1.
    assert.equal(await hosts.locator('h1').count(), 0);
    assert.equal(await hosts.locator('h2.rll-head__title').count(), 3);
    // Changing the first leaves the second as it was.
    const bBefore = { cards: await b.cards(), allowed: await b.allowedTotal(), tab: await b.selectedStrategy() };
    await a.chooseStrategy('local');
    await a.setSlider('servers', 3);
    await a.locator('reroll').click();
    await a.choose('lb-sticky');
    assert.equal((await a.cards()).length, 3);
    assert.equal(await a.selectedStrategy(), 'strategy-local');
    assert.deepEqual({ cards: await b.cards(), allowed: await b.allowedTotal(), tab: await b.selectedStrategy() }, bBefore);
    assert.ok(await b.radio('lb-random').isChecked(), "the second widget's load balancer is its own");
    // Keyboard in one tab list moves only that widget's tabs.
    await b.locator('strategy-incr').focus();
    await page.keyboard.press('ArrowLeft');
    assert.equal(await b.selectedStrategy(), 'strategy-getset');
    assert.equal(await a.selectedStrategy(), 'strategy-local');
    assert.deepEqual(await page.evaluate(() => {
      const host = document.activeElement;
      return [host === document.querySelectorAll('[data-ratelimit-lab]')[1], host.shadowRoot?.activeElement?.dataset.testid];
    }), [true, 'strategy-getset']);
    // No duplicate ids, in the page nor in any widget.
    const dupes = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      for (const h of document.querySelectorAll('[data-ratelimit-lab]')) ids.push(...[...h.shadowRoot.querySelectorAll('[id]')].map((e) => e.id));
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    assert.deepEqual(dupes, []);
    // Every label points at something in its own widget.
    const orphans = await page.evaluate(() => [...document.querySelectorAll('[data-ratelimit-lab]')].flatMap((h) =>
      [...h.shadowRoot.querySelectorAll('label[for]')].filter((l) => !h.shadowRoot.getElementById(l.htmlFor)).map((l) => l.htmlFor)));
    assert.deepEqual(orphans, []);
    // The host's URL is the host's business.
    assert.equal(await page.evaluate(() => location.search), '?week=4');
    // One stylesheet in the page, added by the loader; each widget links it inside.
    assert.equal(await page.evaluate(() => document.querySelectorAll('link[href$="ratelimit-lab.css"]').length), 1);
    assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('[data-ratelimit-lab]')].map((h) =>
      h.shadowRoot.querySelectorAll('link[href$="ratelimit-lab.css"]').length)), [1, 1, 1]);
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
    await page.locator(LIVE).nth(2).waitFor({ state: 'attached', timeout: 15000 });
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
