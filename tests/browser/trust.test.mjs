// What an author's file and a host page cannot do (docs/CONTENT.md, "How
// large a file may be" and "When a file is refused"; docs/EMBEDDING.md's
// xAPI snippet): a content file with markup in every sentence, question and
// lesson step shows it as text on every tab, in the lesson and the quiz, in
// the widget's page, a script-tag host and a custom element (no element
// made, no request, no script run); a same-origin address that redirects to
// another site is refused; a file past a bound is refused with one notice
// within a second, the widget live and the renderer small; a file that
// never arrives is not waited for; a list or a key written twice gets a
// notice; and the xAPI snippet ignores a forged message from another frame.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { browser, shutdown, watch, settle, Widget, until, expected, ROOT, DIST, STRATEGIES } from './harness.mjs';
import { startServer } from './serve.mjs';

/** How many questions the built-in quiz has: its prompts' keys in keys.json. */
const BUILTIN_QUESTIONS = JSON.parse(fs.readFileSync(path.join(ROOT, 'public', 'keys.json'), 'utf8'))
  .filter((k) => /^quiz\.\d+\.prompt$/.test(k)).length;

const PREFIX = '/labs/ratelimit/';
const FRENCH = JSON.parse(fs.readFileSync(path.join(ROOT, 'public/content/fr.json'), 'utf8'));

/** A payload that would make an element, fetch an image and run a script. */
const tag = (where) => `<img src="pwned-${where}.png" onerror="window.__pwned=(window.__pwned||0)+1"><script>window.__pwned=1</script>"'&`;

/** Every sentence of the texts table (the French file has them all, with
 * the English placeholders) with the payload in front; a quiz and a lesson
 * whose every field carries it. */
function hostileFile() {
  const text = {};
  for (const [k, v] of Object.entries(FRENCH.text)) text[k] = `${tag('t')}${v}`;
  const option = (right) => ({ text: `${tag('o')} option ${right}`, correct: right, why: `${tag('w')} why` });
  const question = { prompt: `${tag('q')} prompt`, options: [option(false), option(true)], show: { label: `${tag('l')} label`, query: 'strategy=incr' } };
  const step = (goal) => ({
    title: `${tag('s')} title`, text: `${tag('s')} text.`, goal, task: `${tag('s')} task`,
    hint: `${tag('s')} hint`, done: `${tag('s')} done`, not: `${tag('s')} not`, scenario: 'strategy=local&servers=3',
  });
  return JSON.stringify({ id: `${tag('i')}id`, text, quiz: [question, question], tour: [step('replay-end'), step('setting servers 4')] });
}

let lab; // the release build under /labs/ratelimit/
let other; // another origin, which allows any origin to read its file
const extra = {};
const otherExtra = {};

/** Serves `body` as JSON at `name` under the lab's prefix. */
const json = (name, body) => { extra[`${PREFIX}${name}`] = { type: 'application/json', body }; };

before(async () => {
  json('hostile.json', hostileFile());
  json('list.json', JSON.stringify(['my-id', 'fr', { title: 'Liste' }]));
  json('twice.json', '{ "text": { "title": "Un", "title": "Deux" } }');
  const q = { prompt: 'p', options: [{ text: 'a', correct: true, why: 'w' }, { text: 'b', why: 'w' }] };
  json('many-questions.json', JSON.stringify({ quiz: Array.from({ length: 20000 }, () => q) }));
  json('steps.json', JSON.stringify({ tour: [{ title: 'x' }, { title: 'y' }, { title: 'z' }, { title: 'w' }] }));
  // 50 MB, announced by its length: never read.
  extra[`${PREFIX}huge.json`] = (req, res, headers) => {
    res.writeHead(200, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(50 * 1024 * 1024) });
    const chunk = Buffer.alloc(1024 * 1024, 32);
    let sent = 0;
    const more = () => {
      while (sent < 50 && res.write(chunk)) sent += 1;
      if (sent >= 50) res.end(); else res.once('drain', () => { sent += 1; more(); });
    };
    res.on('error', () => {});
    more();
  };
  // Never answers (within the test): the widget must not wait.
  extra[`${PREFIX}slow.json`] = (req, res) => {
    const t = setTimeout(() => res.destroy(), 20000);
    res.on('close', () => clearTimeout(t));
  };
  other = await startServer({ root: DIST, prefix: '/nothing-here/', extra: otherExtra });
  otherExtra['/fr.json'] = (req, res, headers) => {
    res.writeHead(200, { ...headers, 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    res.end(JSON.stringify(FRENCH));
  };
  // Same origin, then a redirect to the other one.
  extra[`${PREFIX}moved.json`] = (req, res, headers) => {
    res.writeHead(302, { ...headers, Location: `${other.origin}/fr.json` });
    res.end();
  };
  const host = (name, body) => {
    extra[`/course/${name}`] = {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Week 3</title><link rel="icon" href="data:,"></head><body><main><h1>Week 3</h1>${body}<script type="module" src="${PREFIX}ratelimit-lab.js"></script></main></body></html>`,
    };
  };
  host('script-tag.html', `<div data-ratelimit-lab data-content="${PREFIX}hostile.json"></div>`);
  host('element.html', `<rate-limit-lab content="${PREFIX}hostile.json"></rate-limit-lab>`);
  lab = await startServer({ root: DIST, prefix: PREFIX, extra });
});
after(async () => {
  await shutdown();
  if (lab) await lab.close();
  if (other) await other.close();
});

async function newPage(url, { width = 1280, height = 900 } = {}) {
  const context = await (await browser()).newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const watcher = watch(page, lab.origin);
  await page.goto(url);
  return { page, context, watcher };
}

/** Waits for a widget (in `root`) to be live: its strategy named. */
async function rendered(root) {
  await root.locator('[data-slot="tab-name"]:not(:empty)').first().waitFor({ state: 'attached', timeout: 15000 });
}

/** The notice's lines (piercing shadow roots). */
async function noticeLines(root) {
  const notice = root.locator('[data-testid="notice"]');
  await notice.waitFor({ state: 'visible', timeout: 8000 });
  return (await notice.innerText()).split('\n').filter((l) => l.trim());
}

/** Elements the payload would make, anywhere (shadow roots too), and whether its script ran. */
function madeByPayload(page) {
  return page.evaluate(() => {
    const all = (root) => [...root.querySelectorAll('*')].flatMap((e) => [e, ...(e.shadowRoot ? all(e.shadowRoot) : [])]);
    const els = all(document);
    return {
      img: els.filter((e) => e.tagName === 'IMG').length,
      script: els.filter((e) => e.tagName === 'SCRIPT' && !e.src).length,
      pwned: window.__pwned ?? 0,
      // The payload, shown as text, somewhere.
      shown: els.some((e) => !e.children.length && (e.textContent ?? '').includes('<img src="pwned-')),
    };
  });
}

/** Every tab, the lesson's steps and a quiz answer, in `root`. */
async function visitEverything(page, root) {
  for (const s of STRATEGIES) {
    await root.locator(`[data-testid="strategy-${s}"]`).click();
    await page.waitForTimeout(80);
  }
  const start = root.locator('[data-testid="tour-start"]');
  if (await start.count()) {
    await start.click();
    await root.locator('[data-testid="tour"]').waitFor({ timeout: 5000 });
    await root.locator('[data-testid="tour-hint"]').click();
    await root.locator('[data-testid="tour-next"]').click();
    await root.locator('[data-testid="tour-next"]').click();
  }
  const pick = root.locator('[data-testid="quiz-question"]').first().locator('[data-act="quiz-pick"]');
  await pick.first().scrollIntoViewIfNeeded();
  await pick.first().click();
  await pick.nth(1).click();
  await page.waitForTimeout(150);
}

describe('a hostile content file', () => {
  const pages = [
    ['the widget\'s page', () => `${lab.url}?content=hostile.json`, (page) => page],
    ['a script-tag host', () => `${lab.origin}/course/script-tag.html`, (page) => page.locator('[data-ratelimit-lab]')],
    ['a custom element', () => `${lab.origin}/course/element.html`, (page) => page.locator('rate-limit-lab')],
  ];
  for (const [where, url, rootOf] of pages) {
    test(`shows its markup as text on every tab, in the lesson and the quiz: ${where}`, async () => {
      const before = lab.requests.length;
      const { page, context, watcher } = await newPage(url());
      const root = rootOf(page);
      await rendered(root);
      await visitEverything(page, root);
      const made = await madeByPayload(page);
      assert.deepEqual({ img: made.img, script: made.script, pwned: made.pwned }, { img: 0, script: 0, pwned: 0 }, where);
      assert.ok(made.shown, 'the payload shows as text');
      // The author's own title, with the payload in front of it, as text.
      const title = await root.locator('h1, h2').first().innerText();
      assert.ok(title.startsWith('<img src="pwned-t.png"'), title);
      await settle(page, watcher);
      const asked = lab.requests.slice(before).filter((p) => /pwned/.test(p));
      assert.deepEqual(asked, [], 'no request made by the payload');
      assert.deepEqual(watcher.problems(), []);
      await context.close();
    });
  }
});

describe('where a content file may come from, and how long it may take', () => {
  test('a same-origin address that redirects to another site is refused like a foreign file', async () => {
    // In a host page with no policy of its own, the widget reads where the
    // answer came from and refuses it; on the widget's own page its
    // Content-Security-Policy already stops the redirect (connect-src
    // 'self'). Either way the file is not used.
    extra['/course/moved.html'] = {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Week 3</title><link rel="icon" href="data:,"></head><body><main><h1>Week 3</h1><div data-ratelimit-lab data-content="${PREFIX}moved.json"></div><script type="module" src="${PREFIX}ratelimit-lab.js"></script></main></body></html>`,
    };
    const cases = [
      [`${lab.origin}/course/moved.html`, (page) => page.locator('[data-ratelimit-lab]'), /^\(it is not on this site, and only files from this site are read\)$/],
      [`${lab.url}?content=moved.json`, (page) => page, /^\((it is not on this site, and only files from this site are read|it could not be fetched)\)$/],
    ];
    for (const [url, rootOf, why] of cases) {
      const { page, context, watcher } = await newPage(url);
      const root = rootOf(page);
      await rendered(root);
      const lines = await noticeLines(root);
      const line = lines.find((l) => l.includes('moved.json')) ?? '';
      const m = line.match(/^The content file \S*moved\.json could not be used (\(.*\)), so the built-in text is shown\.$/);
      assert.ok(m && why.test(m[1]), `${url}: ${lines.join('\n')}`);
      assert.equal((await root.locator('h1, h2').first().innerText()).trim(), 'Rate Limit Lab', 'the built-in English');
      await settle(page, watcher);
      // The browser follows (or the policy stops) the redirect to the other
      // origin: that is the attack; nothing from it was used.
      const problems = watcher.problems().filter((p) => !p.includes(`${other.origin}/fr.json`));
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  test('a file that does not arrive is not waited for: a notice after 8 s, and the widget runs', async () => {
    const t0 = Date.now();
    const { page, context, watcher } = await newPage(`${lab.url}?strategy=incr&content=slow.json`);
    await rendered(page);
    const waited = Date.now() - t0;
    const lines = await noticeLines(page);
    assert.ok(lines.includes('The content file slow.json could not be used (it did not arrive within 8 seconds), so the built-in text is shown.'), lines.join('\n'));
    assert.ok(waited >= 7500 && waited < 13000, `started after ${waited} ms`);
    const w = new Widget(page, context, watcher);
    assert.equal(await w.allowedTotal(), expected('strategy=incr').allowed);
    await w.setSlider('servers', 6);
    assert.equal(await w.allowedTotal(), expected('strategy=incr&servers=6').allowed);
    // The abandoned request is the widget's own doing.
    assert.deepEqual(watcher.problems().filter((p) => !/slow\.json/.test(p)), []);
    await context.close();
  });
});

/** Records, in the page's own clock, when the notice first shows. */
const LIVE_CLOCK = () => {
  new MutationObserver((_, o) => {
    if (document.querySelector('[data-testid="notice"]:not([hidden])')) {
      window.__live = performance.now();
      o.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

/** How long after the content file's first byte the widget was live with its notice (ms, the page's clock). */
function liveAfter(page, file) {
  return page.evaluate((f) => {
    const e = performance.getEntriesByType('resource').find((r) => r.name.includes(f));
    return window.__live - (e ? e.responseStart || e.startTime : 0);
  }, file);
}

describe('a file past a bound, or not one object', () => {
  const cases = [
    ['many-questions.json', 'it is larger than the widget reads: '],
    ['huge.json', 'it is larger than the widget reads: more than 262144 bytes'],
    ['list.json', 'it is not written the way the widget expects'],
    ['twice.json', 'it is not written the way the widget expects'],
  ];
  for (const [file, reason] of cases) {
    test(`${file}: one notice within a second of the file, the built-in content, the widget live`, async () => {
      const context = await (await browser()).newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const watcher = watch(page, lab.origin);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await page.addInitScript(LIVE_CLOCK);
      await page.goto(`${lab.url}?strategy=lua&content=${file}`);
      await rendered(page);
      const lines = await noticeLines(page);
      const about = lines.filter((l) => l.includes(file));
      assert.equal(about.length, 1, lines.join('\n'));
      assert.ok(about[0].startsWith(`The content file ${file} could not be used (${reason}`), about[0]);
      const after = await liveAfter(page, file);
      assert.ok(after < 1000, `live ${Math.round(after)} ms after the file's answer began`);
      assert.equal(await page.locator('[data-testid="quiz-question"]').count(), BUILTIN_QUESTIONS, 'the built-in quiz');
      const w = new Widget(page, context, watcher);
      await w.setSlider('burst', 60);
      assert.equal(await w.allowedTotal(), expected('strategy=lua&burst=60').allowed);
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heap = metrics.find((m) => m.name === 'JSHeapTotalSize').value;
      assert.ok(heap < 300e6, `JS heap ${Math.round(heap / 1e6)} MB`);
      await settle(page, watcher);
      assert.deepEqual(watcher.problems().filter((p) => !/huge\.json/.test(p)), []);
      await context.close();
    });
  }

  test('lesson steps left out are summed in one notice', async () => {
    const { page, context, watcher } = await newPage(`${lab.url}?content=steps.json`);
    await rendered(page);
    const lines = await noticeLines(page);
    const steps = lines.filter((l) => /lesson step/i.test(l));
    assert.deepEqual(steps, ['4 lesson steps of the content file are left out (1, 2, 3, 4): in each, a field is missing, unknown or not one the widget can use.']);
    await settle(page, watcher);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

describe('a fuzz of content files', () => {
  /** Files of every shape, from a fixed seed: sizes, nesting, types, encodings, markup. */
  function files() {
    let x = 2026;
    const rand = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
    const str = () => ['<img src="pwned-f.png" onerror="window.__pwned=1">', '\u202e✓é', '{{n}}', 'x'.repeat(rand(3000)), '"\\'][rand(5)];
    const value = (d) => {
      const k = rand(d > 4 ? 4 : 7);
      if (k === 0) return null;
      if (k === 1) return rand(2) === 0;
      if (k === 2) return rand(1e6) / 7;
      if (k === 3) return str();
      if (k === 4) return Array.from({ length: rand(6) }, () => value(d + 1));
      const o = {};
      for (let i = rand(6); i > 0; i--) o[['text', 'quiz', 'tour', 'title', 'prompt', 'options', 'id'][rand(7)]] = value(d + 1);
      return o;
    };
    const out = [];
    for (let i = 0; i < 14; i++) out.push(JSON.stringify(rand(2) ? { text: value(1) } : value(0)));
    out.push(`{"text": ${'['.repeat(50000)}${']'.repeat(50000)}}`);
    out.push(Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]));
    out.push(`\ufeff${JSON.stringify({ text: { title: 'BOM' } })}`);
    out.push(JSON.stringify({ text: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, 'v'])) }));
    out.push(JSON.stringify({ quiz: Array.from({ length: 30 }, () => ({ prompt: str(), options: [{ text: 'a', correct: true, why: str() }, { text: 'b', why: 'w' }] })) }));
    return out;
  }

  test('each is read or refused within 2 s of arriving, runs nothing, and the renderer stays small', async () => {
    const all = files();
    all.forEach((body, i) => json(`fuzz/${i}.json`, body));
    const context = await (await browser()).newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watcher = watch(page, lab.origin);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    for (let i = 0; i < all.length; i++) {
      await page.goto(`${lab.url}?content=fuzz/${i}.json`);
      await rendered(page);
      const after = await page.evaluate((f) => {
        const e = performance.getEntriesByType('resource').find((r) => r.name.includes(f));
        return performance.now() - e.responseEnd;
      }, `fuzz/${i}.json`);
      assert.ok(after < 2000, `file ${i}: live ${Math.round(after)} ms after it arrived`);
      const made = await madeByPayload(page);
      assert.deepEqual({ img: made.img, pwned: made.pwned }, { img: 0, pwned: 0 }, `file ${i}`);
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heap = metrics.find((m) => m.name === 'JSHeapTotalSize').value;
      assert.ok(heap < 300e6, `file ${i}: JS heap ${Math.round(heap / 1e6)} MB`);
      await settle(page, watcher);
    }
    // The byte-order mark is not part of the JSON: that file is used.
    await page.goto(`${lab.url}?content=fuzz/${all.length - 3}.json`);
    await rendered(page);
    assert.equal(await page.locator('.rll-head__title').innerText(), 'BOM');
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

describe('the guide\'s xAPI snippet', () => {
  test('builds a statement from the widget\'s frame only, never from a message another frame forged', async () => {
    const guide = fs.readFileSync(path.join(ROOT, 'docs/EMBEDDING.md'), 'utf8');
    const xapi = guide.match(/<!-- snippet: xapi -->\s*```html\n([\s\S]*?)```/)[1];
    // The widget's frame (never finishing its quiz here), and a sibling
    // frame from the same course page that posts a perfect score.
    const forged = `<!doctype html><script>parent.postMessage({ source: "ratelimit-lab", type: "completed", quiz: "builtin", score: 14, max: 14, version: "9.9.9" }, "*");</script>`;
    extra['/course/forger.html'] = { type: 'text/html', body: forged };
    extra['/course/xapi.html'] = {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>xAPI</title><link rel="icon" href="data:,"></head><body>
<iframe src="${PREFIX}?embed=1" title="Rate Limit Lab" width="100%" height="600"></iframe>
${xapi}
<iframe src="/course/forger.html" title="An ad"></iframe></body></html>`,
    };
    const { page, context, watcher } = await newPage(`${lab.origin}/course/xapi.html`);
    const frame = page.frameLocator('iframe').first();
    await rendered(frame);
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.rateLimitLabStatement), undefined, 'the forged completion made no statement');
    await settle(page, watcher);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});
