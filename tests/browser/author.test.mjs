// Course-author controls (issue 16): `hide`, `tabs`, `compact`, reset, a
// content file (the French example, malformed files, a file from another
// origin), completion messages inside a cross-origin iframe, the print
// handout, and every snippet of docs/EMBEDDING.md, copied out of the guide
// by its `snippet:` comment and run as written. The release build is served
// under /labs/ratelimit/, the path the snippets use, so they need no change;
// host pages that frame the widget are served from a second server on
// another port (another origin), with the snippet's /labs/ratelimit/ prefix
// pointed at the first server.
//
// The guide's table of fixed iframe heights is measured here: run with
// UPDATE_HEIGHTS=1 to write the measured table between its markers;
// otherwise the documented numbers must be within 10 % of the measured ones.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { browser, shutdown, expected, watch, settle, Widget, until, audit, frames, delivered, pastAddressRewrite, ROOT, DIST, ARTIFACTS } from './harness.mjs';
import { startServer } from './serve.mjs';

const GUIDE = path.join(ROOT, 'docs/EMBEDDING.md');
const VERSION = fs.readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8').match(/^version\s*=\s*"([^"]+)"/m)[1];
const PREFIX = '/labs/ratelimit/';
/** How many questions the built-in quiz has: its prompts' keys in keys.json. */
const BUILTIN_QUESTIONS = JSON.parse(fs.readFileSync(path.join(ROOT, 'public', 'keys.json'), 'utf8'))
  .filter((k) => /^quiz\.\d+\.prompt$/.test(k)).length;

// ---------------------------------------------------------------- servers

/** Content files served next to the widget for the malformed-file tests. */
const BAD = {
  'bad-json.json': '{ "text": { "title": "Mon labo", } }',
  'unknown-key.json': '{ "text": { "verdict.ovr": "Trop" } }',
  'placeholders.json': '{ "text": { "quiz.score": "Score : {c} bonnes réponses" } }',
  'wrong-kind.json': '{ "text": { "title": 3 } }',
};

/** The example translation: in the repository, not in the built folder
 * (dist/ holds what the widget fetches); served next to the widget here,
 * where a course author who wants it would copy it. */
const FRENCH = path.join(ROOT, 'public', 'content', 'fr.json');

let lab; // the release build under /labs/ratelimit/, plus test pages
let other; // another origin: host pages that frame the widget
const labExtra = {};
const otherExtra = {};

before(async () => {
  for (const [name, body] of Object.entries(BAD)) {
    labExtra[`${PREFIX}bad/${name}`] = { type: 'application/json', body };
  }
  labExtra[`${PREFIX}content/fr.json`] = { type: 'application/json', body: fs.readFileSync(FRENCH) };
  lab = await startServer({ root: DIST, prefix: PREFIX, extra: labExtra });
  other = await startServer({ root: DIST, prefix: '/nothing-here/', extra: otherExtra });
  otherExtra['/fr.json'] = { type: 'application/json', body: fs.readFileSync(FRENCH) };
});
after(async () => {
  await shutdown();
  if (lab) await lab.close();
  if (other) await other.close();
});

/** A host page around `body` (served by `server` at `pathname`); returns its URL. */
function hostPage(server, extra, pathname, body, { title = 'Week 3: rate limits' } = {}) {
  extra[pathname] = {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><link rel="icon" href="data:,"></head><body><main><h1>${title}</h1>\n${body}\n</main></body></html>`,
  };
  return `${server.origin}${pathname}`;
}

// --------------------------------------------------------------- snippets

/** The guide's snippets by name, exactly as written in it. */
function snippets() {
  const text = fs.readFileSync(GUIDE, 'utf8');
  const out = {};
  for (const m of text.matchAll(/<!-- snippet: ([\w-]+) -->\s*```html\n([\s\S]*?)```/g)) out[m[1]] = m[2];
  return out;
}

/** A snippet with its /labs/ratelimit/ prefix pointed at the widget's server (for another origin's page). */
function pointed(snippet) {
  return snippet.split(PREFIX).join(`${lab.origin}${PREFIX}`);
}

/** The query of the first iframe `src` in a snippet. */
function srcQuery(snippet) {
  const src = snippet.match(/src="([^"]+)"/)[1].replace(/&amp;/g, '&');
  return src.slice(src.indexOf('?'));
}

// ------------------------------------------------------------------ pages

/**
 * A fresh page that records trouble: console errors, uncaught exceptions,
 * HTTP errors, and requests to an origin not in `origins` (the lab's and
 * the other server's by default). `allow` lists problems a test expects.
 */
async function newPage({ width = 1280, height = 900, colorScheme = 'light', origins } = {}) {
  const context = await (await browser()).newContext({ viewport: { width, height }, colorScheme });
  const page = await context.newPage();
  const problems = [];
  const allowed = origins ?? [lab.origin, other.origin];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('request', (r) => {
    const u = r.url();
    if (!allowed.some((o) => u.startsWith(o)) && !u.startsWith('data:') && !u.startsWith('blob:')) problems.push(`foreign request: ${u}`);
  });
  const watcher = { problems: () => problems.slice(), inflight: () => 0 };
  return { page, context, problems, watcher };
}

/** Waits until a widget under `root` (a page, frame or locator) has rendered. */
async function rendered(root) {
  // The strategy's name (a heading for screen readers) is filled whatever
  // is hidden; in the live widget, not the first screen prerendered.
  await root.locator('.rll:not([data-first]) [data-slot="tab-name"]:not(:empty)').first().waitFor({ state: 'attached', timeout: 15000 });
}

/** The widget's own page at `query`, as a Widget. */
async function openLab(query = '', { width = 1280, height = 900, colorScheme = 'light' } = {}) {
  const context = await (await browser()).newContext({ viewport: { width, height }, colorScheme });
  const page = await context.newPage();
  const watcher = watch(page, lab.origin);
  await page.goto(`${lab.url}${query}`);
  await rendered(page);
  const w = new Widget(page, context, watcher);
  w.base = lab.url;
  return w;
}

/** Loads `query` in the widget's own page again. */
async function reopen(w, query) {
  // Let the favicon load finish first: aborting it is the test's doing.
  await settle(w.page, w.watcher, { quiet: 250 });
  await w.page.goto(`${lab.url}${query}`);
  await rendered(w.page);
}

/** How many elements match `selector` under `root` (piercing shadow roots). */
function count(root, selector) {
  return root.locator(selector).count();
}

/** The frame whose URL is the widget's. */
async function labFrame(page) {
  const frame = await until(() => page.frames().find((f) => f.url().startsWith(`${lab.origin}${PREFIX}`)), { timeout: 10000 });
  assert.ok(frame, 'the widget\'s frame');
  return frame;
}

// ------------------------------------------------------- visible text nodes

/**
 * Every visible text node of the page, shadow roots included, trimmed:
 * skips hidden elements, anything under aria-hidden="true", <code>, and
 * text that is only numbers, units and symbols.
 */
function visibleTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const up = (e) => e.parentElement || (e.getRootNode() instanceof ShadowRoot ? e.getRootNode().host : null);
    const skipped = (el) => {
      for (let e = el; e; e = up(e)) {
        if (e.getAttribute('aria-hidden') === 'true') return true;
        if (['CODE', 'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(e.tagName)) return true;
      }
      if (el.tagName === 'OPTION') return !up(el).checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
      return !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    };
    const walk = (node) => {
      for (const n of node.childNodes) {
        if (n.nodeType === Node.TEXT_NODE) {
          const t = n.textContent.replace(/\s+/g, ' ').trim();
          if (t && n.parentElement && !skipped(n.parentElement)) out.push(t);
        } else if (n.nodeType === Node.ELEMENT_NODE) {
          if (n.shadowRoot) walk(n.shadowRoot);
          walk(n);
        }
      }
    };
    walk(document.body);
    return out;
  });
}

/**
 * Words that are the same in French: command names, product names,
 * symbols and units, and a few words French shares with English.
 */
const SAME = new Set([
  'GET', 'SET', 'INCR', 'INCRBY', 'EXPIRE', 'EVALSHA', 'EVAL', 'Redis', 'Lua', 'API', 'N', 'L', 'B', 'ms', 's', 'ok', 'OK',
  'S', // S1, S2: the servers' short names in the picture, the same in French
  'Pause', 'quota', 'fail', 'open', 'closed', 'Kong', 'Envoy', 'Stripe', 'GitHub', 'Cloudflare', 'CDN', 'LB', 'sync_rate', 'seed',
]);

/** Whether a text says nothing a translation would change. */
function neutral(text) {
  const words = text.match(/[\p{L}_]+/gu) ?? [];
  return words.every((word) => SAME.has(word));
}

/** The built-in English sentences (src/vm/text.rs), as patterns that match them filled in. */
function englishTemplates() {
  const src = fs.readFileSync(path.join(ROOT, 'src/vm/text.rs'), 'utf8');
  const out = [];
  for (const m of src.matchAll(/^\s*\w+\s+"([\w.]+)"\s+"((?:[^"\\]|\\.)*)";\s*$/gm)) {
    const english = JSON.parse(`"${m[2]}"`).trim();
    // Only sentences with a real word of their own: "S{n}" would match
    // anything French that starts with an S.
    const words = english.replace(/\{\w+\}/g, ' ').match(/[\p{L}_]+/gu) ?? [];
    if (!words.some((w) => w.length >= 3 && !SAME.has(w))) continue;
    const pattern = english
      .split(/(\{\w+\})/)
      .map((part) => (/^\{\w+\}$/.test(part) ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    out.push({ key: m[1], english, re: new RegExp(`^${pattern}$`) });
  }
  return out;
}

// ----------------------------------------------------------------- hide

/** Each section's hooks: present when it shows, gone when it is hidden. */
const SECTIONS = {
  title: ['.rll-head'],
  tabs: ['[role="tablist"]', '[data-testid="strategy-getset"]'],
  summary: ['[data-slot="summary"]'],
  controls: ['[data-testid="servers"]', '[data-testid="burst"]', '[data-testid="reroll"]', '[data-testid="reset"]', '.rll-setup'],
  picture: ['[data-testid="topology"]', '[data-testid="play"]', '[data-testid="time"]'],
  totals: ['[data-slot="totals"]', '[data-slot="stats"]', '[data-testid="redis-down"]', '[data-testid="traffic"]'],
  cards: ['[data-slot="cards"]'],
  timeline: ['[data-slot="timeline"]'],
  log: ['[data-slot="log"]', '[data-testid="redis-log"]'],
  charts: ['[data-slot="charts"]'],
  explanation: ['.rll-explain'],
  quiz: ['[data-testid="quiz"]', '[data-testid="quiz-question"]'],
  takeaways: ['.rll-takeaways'],
  footer: ['.rll-foot', '[data-testid="copy-link"]'],
  code: ['[data-testid="code"]', '[data-testid="code-note"]'],
  glossary: ['[data-testid="glossary"]', '.rll-term'],
};

describe('what shows: hide', () => {
  let w;
  before(async () => { w = await openLab('?strategy=getset'); });
  after(async () => {
    assert.deepEqual(w.watcher.problems(), []);
    await w.close();
  });

  test('with nothing hidden, every section\'s hooks are there', async () => {
    for (const [name, hooks] of Object.entries(SECTIONS)) {
      for (const hook of hooks) assert.ok((await count(w.page, hook)) > 0, `${name}: ${hook}`);
    }
  });

  for (const name of Object.keys(SECTIONS)) {
    test(`hide=${name} removes exactly that section; axe finds nothing in the rest`, async () => {
      await reopen(w, `?strategy=getset&hide=${name}`);
      for (const [section, hooks] of Object.entries(SECTIONS)) {
        for (const hook of hooks) {
          const n = await count(w.page, hook);
          if (section === name) assert.equal(n, 0, `hide=${name}: ${hook} is gone`);
          else assert.ok(n > 0, `hide=${name}: ${section}'s ${hook} stays`);
        }
      }
      assert.equal(await w.locator('notice').isVisible(), false, 'no notice for a valid value');
      assert.equal((await w.query()).hide, name, 'the URL keeps it');
      // The charts are audited with the charts drawn in charts.test.mjs.
      assert.deepEqual(await audit(w.page, { exclude: ['[data-slot="charts"]'] }), [], `hide=${name}`);
    });
  }

  test('several at once, and a bad name gets a notice while the rest applies', async () => {
    await reopen(w, '?strategy=getset&hide=quiz,charts,bogus,takeaways');
    for (const name of ['quiz', 'charts', 'takeaways']) {
      for (const hook of SECTIONS[name]) assert.equal(await count(w.page, hook), 0, `${name}: ${hook}`);
    }
    for (const name of ['picture', 'totals', 'cards', 'explanation']) {
      for (const hook of SECTIONS[name]) assert.ok((await count(w.page, hook)) > 0, `${name}: ${hook}`);
    }
    const notice = await w.text('notice');
    assert.match(notice, /hide: “bogus” is not one of title, tabs, summary, controls, picture, totals, cards, timeline, log, charts, explanation, quiz, takeaways, footer, code, glossary, tour, so it is left out\./);
  });
});

// ------------------------------------------------------------------ tabs

describe('which strategies: tabs', () => {
  test('tabs=local,incr offers two tabs in that order; takeaways offer only their scenarios', async () => {
    const w = await openLab('?tabs=local,incr');
    const tabs = await w.page.locator('[role="tab"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    assert.deepEqual(tabs, ['strategy-local', 'strategy-incr']);
    assert.equal(await w.selectedStrategy(), 'strategy-local');
    await w.chooseStrategy('incr');
    assert.equal(await w.selectedStrategy(), 'strategy-incr');
    assert.equal(await w.allowedTotal(), expected('strategy=incr').allowed);
    // The arrow keys go round the two.
    await w.locator('strategy-incr').focus();
    await w.page.keyboard.press('ArrowRight');
    assert.equal(await w.selectedStrategy(), 'strategy-local');
    // "Show me" only for the strategies offered.
    const shown = await w.page.locator('.rll-takeaways [data-testid="show-me"]').evaluateAll((els) => els.map((e) => e.dataset.query));
    assert.deepEqual(shown, ['strategy=local&servers=16&burst=500', 'strategy=incr&redis=down&fail=closed']);
    assert.equal((await until(async () => ((await w.query()).tabs ? w.query() : null))).tabs, 'local,incr', 'the URL keeps tabs');
    assert.deepEqual(w.watcher.problems(), []);
    await w.close();
  });

  test('tabs=lua,incr,local offers them in that order and opens on lua, unless strategy says otherwise', async () => {
    const w = await openLab('?tabs=lua,incr,local');
    const order = () => w.page.locator('[role="tab"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    assert.deepEqual(await order(), ['strategy-lua', 'strategy-incr', 'strategy-local']);
    assert.equal(await w.selectedStrategy(), 'strategy-lua', 'the first one named opens');
    assert.equal(await w.allowedTotal(), expected('strategy=lua').allowed);
    // The headings follow the runs: Redis first, then memory.
    assert.deepEqual(
      (await w.page.locator('.rll-tabs__group-label').allInnerTexts()).map((t) => t.trim().toLowerCase()),
      ['in redis, shared', 'in each server\'s memory'],
    );
    // The tabs are left to right in that order, and the arrow keys go that way.
    const xs = await w.page.locator('[role="tab"]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
    assert.ok(xs[0] < xs[1] && xs[1] < xs[2], `left to right: ${xs}`);
    await w.locator('strategy-lua').focus();
    await w.page.keyboard.press('ArrowRight');
    assert.equal(await w.selectedStrategy(), 'strategy-incr');
    await w.page.keyboard.press('ArrowRight');
    assert.equal(await w.selectedStrategy(), 'strategy-local');
    // `strategy` says otherwise: it opens, the order stays.
    await reopen(w, '?tabs=lua,incr,local&strategy=local');
    assert.deepEqual(await order(), ['strategy-lua', 'strategy-incr', 'strategy-local']);
    assert.equal(await w.selectedStrategy(), 'strategy-local');
    // All seven in another order: the address keeps the order, so a reload shows it.
    const all = 'lua,incr,getset,edge,sync,split,local';
    await reopen(w, `?tabs=${all}`);
    assert.equal((await until(async () => ((await w.query()).tabs ? w.query() : null))).tabs, all);
    await settle(w.page, w.watcher, { quiet: 250 }); // the favicon, which a reload would abort
    await w.reload();
    assert.deepEqual(await order(), all.split(',').map((n) => `strategy-${n}`));
    // Places mixed: one row in the order given, no headings.
    await reopen(w, '?tabs=local,incr,split');
    assert.deepEqual(await order(), ['strategy-local', 'strategy-incr', 'strategy-split']);
    assert.equal(await count(w.page, '.rll-tabs__group-label'), 0);
    assert.deepEqual(await audit(w.page, { exclude: ['[data-slot="charts"]'] }), []);
    assert.deepEqual(w.watcher.problems(), []);
    await w.close();
  });

  test('tabs=incr: no tab bar, and the strategy is incr (even if the URL asks for another)', async () => {
    const w = await openLab('?tabs=incr');
    for (const query of ['?tabs=incr', '?tabs=incr&strategy=getset']) {
      await reopen(w, query);
      assert.equal(await count(w.page, '[role="tablist"]'), 0, `${query}: no tab bar`);
      assert.equal(await count(w.page, '[role="tab"]'), 0);
      assert.equal(await count(w.page, '[data-testid^="strategy-"]'), 0);
      const q = await until(async () => ((await w.query()).strategy ? w.query() : null));
      assert.equal(q.strategy, 'incr', query);
      assert.equal(await w.allowedTotal(), expected('strategy=incr').allowed);
      assert.match(await w.page.locator('[data-slot="summary"]').innerText(), /INCR/);
      assert.deepEqual(await audit(w.page, { exclude: ['[data-slot="charts"]'] }), [], query);
    }
    assert.deepEqual(w.watcher.problems(), []);
    await w.close();
  });
});

// --------------------------------------------------------------- compact

describe('compact', () => {
  test('compact=1 keeps sliders, picture and totals, and fits in 900 px at 390 px wide', async () => {
    const w = await openLab('?strategy=incr&embed=1&compact=1', { width: 390, height: 900 });
    for (const hook of ['[data-testid="servers"]', '[data-testid="topology"]', '[data-testid="allowed-total"]', '[data-testid="play"]']) {
      assert.ok((await count(w.page, hook)) > 0, hook);
    }
    for (const hook of ['[data-slot="cards"]', '[data-testid="quiz"]', '[data-slot="charts"]', '.rll-takeaways', '.rll-explain', '[data-slot="timeline"]']) {
      assert.equal(await count(w.page, hook), 0, hook);
    }
    const height = await w.page.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
    assert.ok(height <= 900, `compact is ${height} px tall at 390 px wide`);
    const wide = await w.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `no sideways scrolling (${wide} px)`);
    assert.deepEqual(await audit(w.page), []);
    assert.deepEqual(w.watcher.problems(), []);
    await w.close();
  });
});

// -------------------------------------------------------------- booleans

describe('on-or-off parameters', () => {
  test('1/0, true/false, yes/no are taken; anything else gets the notice, naming the parameter and the value', async () => {
    const w = await openLab('?strategy=incr&compact=yes&embed=true');
    assert.equal(await count(w.page, '.rll--compact'), 1, 'compact=yes');
    assert.equal(await count(w.page, '.rll-page--embed'), 1, 'embed=true');
    assert.equal(await w.locator('notice').isVisible(), false, 'no notice for a good value');
    await reopen(w, '?strategy=incr&predict=yes&compact=NO');
    assert.equal(await w.locator('predict-guess').isVisible(), true, 'predict=yes asks');
    assert.equal(await count(w.page, '.rll--compact'), 0, 'compact=NO');
    assert.equal(await w.locator('notice').isVisible(), false);
    await reopen(w, '?strategy=incr&compact=on&predict=sure&embed=2');
    const notice = w.locator('notice');
    await notice.waitFor({ state: 'visible' });
    assert.equal(await notice.getAttribute('role'), 'status');
    const lines = (await notice.innerText()).split('\n');
    for (const [name, value] of [['compact', 'on'], ['predict', 'sure'], ['embed', '2']]) {
      assert.ok(lines.includes(`${name}=“${value}” is neither 1 nor 0 (true or false, yes or no), so ${name} is off.`), `${name}=${value}: ${lines}`);
    }
    assert.equal(await count(w.page, '.rll--compact'), 0, 'compact stays off');
    assert.equal(await w.locator('predict-guess').isVisible(), false, 'predict stays off');
    assert.equal(await w.allowedTotal(), expected('strategy=incr').allowed, 'the rest applies');
    assert.deepEqual(w.watcher.problems(), []);
    await w.close();
  });

  test('the same on a script-tag mount\'s data-* attributes', async () => {
    const host = hostPage(lab, labExtra, '/course/flags.html', `<script type="module" src="${PREFIX}ratelimit-lab.js"></script>
<div data-ratelimit-lab data-strategy="incr" data-compact="maybe" data-predict="yes"></div>`);
    const { page, context, problems } = await newPage({ origins: [lab.origin] });
    await page.goto(host);
    const root = page.locator('[data-ratelimit-lab]');
    await rendered(root);
    const notice = root.locator('[data-testid="notice"]');
    await notice.waitFor({ state: 'visible' });
    assert.equal(await notice.getAttribute('role'), 'status');
    assert.match(await notice.innerText(), /compact=“maybe” is neither 1 nor 0 \(true or false, yes or no\), so compact is off\./);
    assert.equal(await root.locator('.rll--compact').count(), 0);
    assert.equal(await root.locator('[data-testid="predict-guess"]').isVisible(), true, 'data-predict="yes" asks');
    assert.deepEqual(problems, []);
    await context.close();
  });
});

// ----------------------------------------------------------------- reset

describe('reset', () => {
  test('returns to the opened scenario and seed after sliders, strategy, load balancer and a new burst', async () => {
    const opened = { strategy: 'getset', servers: '6', burst: '80', rtt: '3.5', seed: '42', lb: 'round-robin' };
    const query = new URLSearchParams(opened).toString();
    const w = await openLab(`?${query}`);
    const before = expected(query);
    assert.equal(await w.allowedTotal(), before.allowed);
    await w.setSlider('servers', 10);
    await w.setSlider('rtt', 7);
    await w.chooseStrategy('incr');
    await w.page.locator('[data-testid="lb-random"]').check();
    await w.locator('reroll').click();
    await w.locator('step').click();
    const changed = await until(async () => {
      const q = await w.query();
      return q.seed !== '42' && q.servers === '10' && q.strategy === 'incr' && q.lb === 'random' ? q : null;
    });
    assert.ok(changed, 'the state changed');
    await w.locator('reset').click();
    const back = await until(async () => {
      const q = await w.query();
      return Object.entries(opened).every(([k, v]) => q[k] === v) ? q : null;
    }, { timeout: 3000 });
    assert.ok(back, `back to ${query}: ${JSON.stringify(await w.query())}`);
    assert.equal(back.t, undefined, 'the end state, not the moment stepped to');
    assert.equal(await w.selectedStrategy(), 'strategy-getset');
    assert.equal(await w.sliderValue('servers'), 6);
    assert.equal(await w.sliderValue('rtt'), 3.5);
    assert.equal(await w.allowedTotal(), before.allowed);
    assert.deepEqual(await w.cards(), before.cards);
    assert.deepEqual(w.watcher.problems(), []);
    await w.close();
  });
});

describe('the address: reset to the opened state, other parameters kept', () => {
  test('reset returns to the opened scenario and moment, even after the rewritten address is reloaded', async () => {
    const opened = '?utm_source=news&strategy=getset&servers=6&seed=42&t=5';
    const w = await openLab(opened);
    assert.equal(await w.sliderValue('time'), 5, 'opened paused at 5 ms');
    const cardsAt5 = await w.cards();
    await w.setSlider('servers', 10);
    await w.chooseStrategy('incr');
    await w.locator('reroll').click();
    const changed = await until(async () => {
      const q = await w.query();
      return q.servers === '10' && q.strategy === 'incr' && q.seed !== '42' && q.t === undefined ? q : null;
    });
    assert.ok(changed, `the address follows: ${JSON.stringify(await w.query())}`);
    // Reset before any reload: back to the moment too.
    await w.locator('reset').click();
    const back = async () => until(async () => {
      const q = await w.query();
      return q.servers === '6' && q.strategy === 'getset' && q.seed === '42' && q.t === '5' ? q : null;
    }, { timeout: 3000 });
    assert.ok(await back(), `reset: ${JSON.stringify(await w.query())}`);
    assert.equal(await w.sliderValue('time'), 5, 'reset: paused at 5 ms again');
    // Change it again, let the address follow, and reload that address.
    await w.setSlider('servers', 12);
    await w.chooseStrategy('lua');
    await until(async () => (await w.query()).strategy === 'lua');
    await settle(w.page, w.watcher, { quiet: 250 }); // the favicon, which a reload would abort
    await w.reload();
    assert.equal(await w.selectedStrategy(), 'strategy-lua', 'the reload shows the rewritten address');
    assert.equal(await w.sliderValue('servers'), 12);
    await w.locator('reset').click();
    assert.ok(await back(), `reset after a reload: ${JSON.stringify(await w.query())}`);
    assert.equal(await w.selectedStrategy(), 'strategy-getset');
    assert.equal(await w.sliderValue('servers'), 6);
    assert.equal(await w.sliderValue('time'), 5, 'and the moment opened at');
    assert.deepEqual(await w.cards(), cardsAt5, 'the servers as they stood at 5 ms');
    assert.equal((await w.query()).utm_source, 'news');
    assert.deepEqual(w.watcher.problems(), []);
    await w.close();
  });

  test('the rewrite keeps parameters the widget does not know, untouched and in place', async () => {
    const host = 'utm_source=news%20letter&lti_launch=a%2Bb+c&strategy=incr&resource_link_id=7&servers=6&flag&predict=1';
    const w = await openLab(`?${host}`);
    await w.page.locator('[data-testid="predict-guess"]').fill('3');
    await w.page.locator('[data-testid="predict-go"]').click();
    await w.setSlider('servers', 9);
    const search = await until(async () => {
      const s = await w.page.evaluate(() => location.search);
      return s.includes('servers=9') ? s : null;
    }, { timeout: 3000 });
    assert.ok(search, 'the address follows the slider');
    const parts = search.slice(1).split('&');
    // The host's parameters, byte for byte, in their order and places.
    assert.deepEqual(parts.slice(0, 6), ['utm_source=news%20letter', 'lti_launch=a%2Bb+c', 'strategy=incr', 'resource_link_id=7', 'servers=9', 'flag']);
    assert.ok(parts.includes('predict=1'), 'the prediction asked for stays as written');
    assert.equal(parts.filter((p) => p.startsWith('servers=')).length, 1);
    assert.ok(parts.includes('seed=2026') && parts.includes('rtt=2'), `the rest of the state follows: ${search}`);
    assert.deepEqual(w.watcher.problems(), []);
    await w.close();
  });
});

// ------------------------------------------------- files that do not load

describe('when the files cannot be found', () => {
  test('the page at its folder\'s address without the final slash says what is wrong instead of loading forever', async () => {
    // A host that serves index.html at /labs/ratelimit (no slash): every
    // relative link now points one folder up, where nothing is.
    labExtra['/labs/ratelimit'] = { type: 'text/html; charset=utf-8', body: fs.readFileSync(path.join(DIST, 'index.html')) };
    const { page, context, problems } = await newPage({ width: 390, height: 844 });
    await page.goto(`${lab.origin}/labs/ratelimit?strategy=incr`);
    const lost = page.locator('.rll-loading--lost');
    await lost.waitFor({ state: 'visible', timeout: 5000 });
    assert.equal(await lost.getAttribute('role'), 'status');
    assert.equal(
      (await lost.innerText()).trim(),
      'The simulation could not load its files from this address. If the address does not end with a slash (/), add one and load the page again.',
    );
    assert.equal(await page.locator('.rll-loading--wait').isVisible(), false, 'no "Loading…" that never ends');
    await page.screenshot({ path: path.join(ARTIFACTS, 'author-no-slash-390.png') });
    // Only the files it looked for one folder up are missing.
    const other = problems.filter((p) => !/(HTTP 404 |failed: )http:\/\/127\.0\.0\.1:\d+\/labs\/(ratelimit[-_]lab[._\w]*|favicon\.svg)\b/.test(p) &&
      !/Failed to load resource: the server responded with a status of 404/.test(p));
    assert.deepEqual(other, []);
    // With the slash, the same page loads, and shows no such line.
    await page.goto(`${lab.url}?strategy=incr`);
    await rendered(page);
    assert.equal(await count(page, '.rll-loading'), 0);
    await context.close();
  });

  for (const missing of ['ratelimit_lab.js', 'ratelimit_lab_bg.wasm']) {
    test(`a script-tag host whose copy lacks ${missing} gets a plain, polite line naming the file and the folder, with Try again`, async () => {
      const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'rll-dist-'));
      fs.cpSync(DIST, copy, { recursive: true });
      fs.rmSync(path.join(copy, missing));
      const extra = {};
      const s = await startServer({ root: copy, prefix: PREFIX, extra });
      try {
        extra['/course/broken.html'] = { type: 'text/html; charset=utf-8', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Week 3</title><link rel="icon" href="data:,"></head><body><main><h1>Week 3</h1>
<script type="module" src="${PREFIX}ratelimit-lab.js"></script>
<div data-ratelimit-lab data-strategy="incr"><p>Loading…</p></div>
<div data-ratelimit-lab></div></main></body></html>` };
        const { page, context, problems } = await newPage({ origins: [s.origin] });
        await page.goto(`${s.origin}/course/broken.html`);
        // In each widget's shadow root, in place of its loading line.
        const said = () => page.evaluate(() => [...document.querySelectorAll('[data-ratelimit-lab]')]
          .map((el) => el.shadowRoot?.querySelector('p[role="status"]')?.textContent ?? ''));
        const words = `Rate Limit Lab could not find ${missing} at ${s.origin}${PREFIX} (the server answered 404): check that the whole built folder is there. Try again`;
        await until(async () => (await said()).every((t) => t === words), { timeout: 10000 });
        assert.deepEqual(await said(), Array(2).fill(words));
        const other = problems.filter((p) => !p.includes(missing) && !/Failed to load resource|Rate Limit Lab could not start/.test(p));
        assert.deepEqual(other, []);
        await context.close();
      } finally {
        await s.close();
        fs.rmSync(copy, { recursive: true, force: true });
      }
    });
  }
});

// --------------------------------------------------------- content files

describe('content files', () => {
  const pages = [
    // A notice, a moment mid-replay (the "so far" line), the Redis log.
    'strategy=getset&servers=99&t=5',
    // The end: verdicts, refusals under the limit, the quiz answered once.
    'strategy=split&burst=10',
    // A prediction asked for.
    'strategy=incr&predict=1',
  ];

  /** The page's visible text, with the charts drawn and the first question answered. */
  async function textsOf(w, query) {
    await reopen(w, `?${query}`);
    if (!query.includes('predict')) {
      await w.page.locator('[data-testid="quiz-question"]').first().locator('[data-act="quiz-pick"]').first().click();
      await w.page.locator('[data-slot="charts"]').scrollIntoViewIfNeeded();
      await until(async () => (await w.page.locator('[data-testid="chart-servers"] circle:not([visibility])').count()) > 0 &&
        (await w.page.locator('[data-slot="chart-working"]').textContent()) === '', { timeout: 20000, interval: 100 });
      await w.page.locator('[data-slot="cards"]').scrollIntoViewIfNeeded();
      await w.page.locator('.rll-more').scrollIntoViewIfNeeded();
    }
    const drawn = await w.page.evaluate(() => [...(window.drawnTexts ?? [])]);
    return [...(await visibleTexts(w.page)), ...drawn.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean)];
  }

  /** Records every text drawn on a canvas (the picture's and the timeline's labels). */
  const RECORD_CANVAS = () => {
    window.drawnTexts = new Set();
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      window.drawnTexts.add(String(text));
      return fill.call(this, text, ...rest);
    };
  };

  test('the French file replaces every visible sentence', async () => {
    const en = await openLab('');
    const fr = await openLab('');
    await en.page.addInitScript(RECORD_CANVAS);
    await fr.page.addInitScript(RECORD_CANVAS);
    const templates = englishTemplates();
    assert.ok(templates.length > 200, `read ${templates.length} English sentences from src/vm/text.rs`);
    const left = [];
    for (const query of pages) {
      const english = new Set((await textsOf(en, query)).filter((t) => !neutral(t)));
      const french = await textsOf(fr, `${query}&content=content/fr.json`);
      assert.ok(french.length > 50, `${query}: ${french.length} text nodes`);
      for (const text of french) {
        if (neutral(text)) continue;
        if (english.has(text)) left.push(`${query}: “${text}” (as on the English page)`);
        const match = templates.find((tpl) => tpl.re.test(text));
        if (match) left.push(`${query}: “${text}” (the built-in ${match.key})`);
      }
    }
    assert.deepEqual([...new Set(left)], [], 'English left on the French page');
    // The language is declared, and the quiz is the file's.
    assert.equal(await fr.page.locator('.rll').getAttribute('lang'), 'fr');
    assert.equal(await fr.page.locator('html').getAttribute('lang'), 'fr');
    const file = JSON.parse(fs.readFileSync(FRENCH, 'utf8'));
    await reopen(fr, '?content=content/fr.json');
    // textContent: the quiz is laid out only when scrolled near (content-visibility).
    const prompts = (await fr.page.locator('.rll-question__prompt').allTextContents()).map((t) => t.trim());
    assert.deepEqual(prompts, file.quiz.map((q) => q.prompt));
    assert.equal(await fr.text('notice'), '', 'no notice');
    assert.equal((await fr.query()).content, 'content/fr.json', 'the URL keeps the file');
    assert.deepEqual(en.watcher.problems(), []);
    assert.deepEqual(fr.watcher.problems(), []);
    await en.close();
    await fr.close();
  });

  test('a malformed file gets a plain notice naming it, and the widget runs in English', async () => {
    const w = await openLab('');
    const cases = [
      // A parser's message is for the host (content-error's detail), not the learner.
      ['bad/bad-json.json', /\(it is not written the way the widget expects\)/],
      ['bad/unknown-key.json', /\(it is not written the way the widget expects\)/],
      ['bad/placeholders.json', /\(it is not written the way the widget expects\)/],
      ['bad/wrong-kind.json', /\(it is not written the way the widget expects\)/],
      ['bad/missing.json', /the server answered 404/],
    ];
    for (const [file, problem] of cases) {
      await reopen(w, `?strategy=incr&content=${file}`);
      const notice = w.page.locator('[data-testid="notice"]');
      await notice.waitFor({ state: 'visible' });
      const text = await notice.innerText();
      const line = text.split('\n').find((l) => l.includes(file)) ?? '';
      assert.match(line, new RegExp(`^The content file ${file.replace(/[.]/g, '\\.')} could not be used \\(.+\\), so the built-in text is shown\\.$`), `${file}: ${text}`);
      assert.match(line, problem, `${file}: the problem`);
      assert.equal(await notice.getAttribute('role'), 'status');
      // Built-in English, built-in quiz.
      assert.equal(await w.page.locator('.rll-head__title').innerText(), 'Rate Limit Lab');
      assert.equal(await w.page.locator('[data-testid="strategy-incr"] .rll-tabs__hint').innerText(), 'shared, atomic');
      assert.equal(await w.page.locator('[data-testid="quiz-question"]').count(), BUILTIN_QUESTIONS);
      assert.equal(await w.page.locator('.rll').getAttribute('lang'), null);
      // It runs.
      assert.equal(await w.allowedTotal(), expected('strategy=incr').allowed);
      await w.setSlider('servers', 8);
      assert.equal(await w.allowedTotal(), expected('strategy=incr&servers=8').allowed);
    }
    // The 404 is the test's doing (Chromium logs it as a console error, and
    // its unread body, or a favicon load, is cut off by the next navigation).
    const problems = w.watcher.problems().filter((p) => !/HTTP 404:? .*\/bad\/missing\.json$/.test(p) &&
      !/Failed to load resource: the server responded with a status of 404/.test(p) &&
      !/^failed: .*\/(bad\/missing\.json|favicon\.svg) net::ERR_ABORTED$/.test(p));
    assert.deepEqual(problems, []);
    await w.close();
  });

  test('a file from another origin is refused with a notice and never fetched', async () => {
    const w = await openLab('');
    const foreign = `${other.origin}/fr.json`;
    const before = other.requests.length;
    await reopen(w, `?content=${encodeURIComponent(foreign)}`);
    const notice = w.page.locator('[data-testid="notice"]');
    await notice.waitFor({ state: 'visible' });
    assert.equal(
      (await notice.innerText()).split('\n').find((l) => l.includes(foreign)),
      `The content file ${foreign} could not be used (it is not on this site, and only files from this site are read), so the built-in text is shown.`,
    );
    assert.equal(await w.page.locator('.rll-head__title').innerText(), 'Rate Limit Lab');
    await settle(w.page, w.watcher);
    assert.deepEqual(other.requests.slice(before), [], 'nothing was asked of the other origin');
    assert.deepEqual(w.watcher.problems(), [], 'no request left the page\'s origin');
    await w.close();
  });
});

// ------------------------------------------------------------ completion

/** Records the widget's messages in a host page. */
const RECORDER = `<script>
  window.messages = [];
  addEventListener("message", function (e) {
    var d = e.data;
    if (!d || d.source !== "ratelimit-lab") return;
    window.messages.push(JSON.parse(JSON.stringify(d)));
  });
</script>`;

/** Messages of one type the host page has heard. */
function heard(page, type) {
  return page.evaluate((t) => window.messages.filter((m) => m.type === t), type);
}

/**
 * Answers every question of the widget in `frame` once (its first option
 * as shown); returns, per question, its prompt, the option's text and
 * whether it was right, after checking that the host heard no new
 * "completed" before the last answer. `quizBefore` and `completedBefore`
 * are the messages heard before this round.
 */
async function answerAll(frame, page, { quizBefore = 0, completedBefore = 0 } = {}) {
  const questions = frame.locator('[data-testid="quiz-question"]');
  const n = await questions.count();
  const picks = [];
  for (let q = 0; q < n; q++) {
    const option = questions.nth(q).locator('[data-act="quiz-pick"]').first();
    const text = (await option.innerText()).trim();
    await option.click();
    await until(async () => (await option.getAttribute('data-correct')) === 'true' ||
      /--wrong/.test(await option.getAttribute('class')), { timeout: 2000 });
    const right = (await option.getAttribute('data-correct')) === 'true';
    picks.push({ q, text, right, prompt: (await questions.nth(q).locator('.rll-question__prompt').innerText()).trim() });
    await until(async () => (await heard(page, 'quiz')).length >= quizBefore + q + 1, { timeout: 2000 });
    if (q < n - 1) {
      await delivered(await labFrame(page), page);
      assert.equal((await heard(page, 'completed')).length, completedBefore, `no "completed" after ${q + 1} of ${n} answers`);
    }
  }
  return picks;
}

describe('completion for an LMS', () => {
  test('inside a cross-origin iframe: quiz messages name the question and option; "completed" arrives once, after the last first answer', async () => {
    const host = hostPage(other, otherExtra, '/course/complete.html', `<iframe id="lab" src="${lab.url}?embed=1&strategy=incr" title="Rate Limit Lab" style="width:100%;height:6000px;border:0"></iframe>\n${RECORDER}`);
    const { page, context, problems } = await newPage({ height: 900 });
    await page.goto(host);
    const frame = page.frameLocator('#lab');
    await rendered(frame);
    const f = await labFrame(page);
    assert.notEqual(new URL(f.url()).origin, new URL(page.url()).origin, 'the frame is cross-origin');
    const picks = await answerAll(frame, page);
    const n = picks.length;
    assert.equal(n, BUILTIN_QUESTIONS);
    const quiz = await heard(page, 'quiz');
    assert.equal(quiz.length, n, 'one quiz message per first answer');
    let right = 0;
    quiz.forEach((m, k) => {
      if (picks[k].right) right++;
      assert.deepEqual(m, {
        source: 'ratelimit-lab', type: 'quiz', answered: k + 1, correct: right, total: n,
        question: k + 1, prompt: picks[k].prompt, option: picks[k].text, right: picks[k].right,
        quiz: 'builtin', version: VERSION,
      }, `quiz message ${k + 1}`);
    });
    const completed = await until(async () => {
      const c = await heard(page, 'completed');
      return c.length ? c : null;
    }, { timeout: 2000 });
    assert.deepEqual(completed, [{ source: 'ratelimit-lab', type: 'completed', score: right, max: n, quiz: 'builtin', version: VERSION }]);
    const order = await page.evaluate(() => window.messages.filter((m) => m.type !== 'resize' && m.type !== 'ready').map((m) => m.type));
    assert.equal(order.at(-1), 'completed', '"completed" comes after the last quiz message');
    // Later picks (a second try at a question) send nothing more.
    const wrong = picks.find((p) => !p.right);
    if (wrong) {
      const options = frame.locator('[data-testid="quiz-question"]').nth(wrong.q).locator('[data-act="quiz-pick"]');
      for (let i = 1; i < (await options.count()); i++) await options.nth(i).click();
    }
    await delivered(await labFrame(page), page);
    assert.equal((await heard(page, 'quiz')).length, n, 'no message for a second pick');
    assert.equal((await heard(page, 'completed')).length, 1, '"completed" exactly once');
    // "Try again", every question answered once more: "completed" once more.
    await frame.locator('[data-testid="quiz-reset"]').click();
    await answerAll(frame, page, { quizBefore: n, completedBefore: 1 });
    await until(async () => (await heard(page, 'completed')).length === 2, { timeout: 2000 });
    await delivered(await labFrame(page), page);
    assert.equal((await heard(page, 'completed')).length, 2, 'once more after "Try again"');
    assert.deepEqual(problems, []);
    await context.close();
  });
});

// ------------------------------------------------------------------ print

/** How many pages a PDF has. */
function pdfPages(pdf) {
  const text = pdf.toString('latin1');
  const pages = (text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
  const declared = Math.max(0, ...[...text.matchAll(/\/Type\s*\/Pages[^>]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1])));
  return Math.max(pages, declared);
}

describe('print', () => {
  for (const [name, query] of [['the default scenario', 'strategy=getset'], ['the largest scenario', 'strategy=getset&servers=16&burst=500']]) {
    test(`${name}: at most two A4 pages; no controls or buttons printed`, async () => {
      const w = await openLab(`?${query}`);
      // Answer a question: its feedback must not print.
      await w.page.locator('[data-testid="quiz-question"]').first().locator('[data-act="quiz-pick"]').first().click();
      await w.page.locator('[data-slot="cards"]').scrollIntoViewIfNeeded();
      await w.page.emulateMedia({ media: 'print' });
      const printed = await w.page.evaluate(() => {
        const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
        const controls = [...document.querySelectorAll('.rll button, .rll input, .rll select, .rll textarea, .rll [role="tab"], .rll summary')]
          .filter((el) => !el.classList.contains('rll-question__choice'))
          .filter(shown)
          .map((el) => el.getAttribute('data-testid') || `${el.tagName.toLowerCase()}.${el.className}`);
        const feedback = [...document.querySelectorAll('.rll [data-testid="quiz-feedback"]')].filter(shown).length;
        const want = {};
        for (const [k, sel] of Object.entries({
          picture: '[data-testid="topology"]', totals: '[data-testid="allowed-total"]', explanation: '.rll-explain',
          questions: '[data-testid="quiz-question"]',
        })) want[k] = [...document.querySelectorAll(sel)].some(shown);
        return { controls, feedback, want };
      });
      const pdf = await w.page.pdf({ format: 'A4', printBackground: true });
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      fs.writeFileSync(path.join(ARTIFACTS, `print-${name.replace(/\W+/g, '-')}.pdf`), pdf);
      const pages = pdfPages(pdf);
      // Every shortfall at once, so one run shows the whole picture.
      const wrong = [];
      if (pages < 1 || pages > 2) wrong.push(`${pages} A4 pages`);
      if (printed.controls.length) wrong.push(`controls printed: ${printed.controls.join(', ')}`);
      if (printed.feedback) wrong.push(`${printed.feedback} answers (feedback) printed`);
      for (const [k, v] of Object.entries(printed.want)) if (!v) wrong.push(`${k} not printed`);
      assert.deepEqual(wrong, [], name);
      assert.deepEqual(w.watcher.problems(), []);
      await w.close();
    });
  }
});

// --------------------------------------------------------------- snippets

describe('every snippet of the embedding guide runs as written', () => {
  let s;
  before(() => { s = snippets(); });

  test('the guide has the snippets the tests use', () => {
    assert.deepEqual(Object.keys(s).sort(), ['compact', 'custom-element', 'events', 'fallback', 'french', 'iframe', 'iframe-csp', 'quiz-only', 'script-tag', 'two-tabs', 'xapi']);
    for (const name of ['iframe', 'iframe-csp', 'script-tag', 'custom-element', 'quiz-only', 'compact', 'french']) {
      assert.match(s[name], /\/labs\/ratelimit\//, `${name} uses the /labs/ratelimit/ path`);
    }
  });

  test('iframe: loads the scenario and the resize script grows the frame to the widget', async () => {
    const host = hostPage(other, otherExtra, '/course/iframe.html', pointed(s.iframe));
    const { page, context, problems } = await newPage({ width: 1100, height: 900 });
    await page.goto(host);
    const frame = page.frameLocator('iframe');
    await rendered(frame);
    const iframe = page.locator('iframe');
    assert.equal(await iframe.getAttribute('height'), '1200');
    const grown = await until(async () => {
      const h = await iframe.evaluate((f) => f.style.height);
      return h && Number.parseFloat(h) > 1200 ? h : null;
    }, { timeout: 5000 });
    assert.ok(grown, 'the frame grows past its 1200 px');
    const f = await labFrame(page);
    // The frame is as tall as the widget: no scrollbar inside it.
    await until(async () => {
      const inner = await f.evaluate(() => document.documentElement.scrollHeight);
      const outer = await iframe.evaluate((el) => el.clientHeight);
      return Math.abs(inner - outer) <= 1;
    }, { timeout: 5000 });
    const inner = await f.evaluate(() => document.documentElement.scrollHeight);
    const outer = await iframe.evaluate((el) => el.clientHeight);
    assert.ok(Math.abs(inner - outer) <= 1, `frame ${outer} px, widget page ${inner} px`);
    const e = expected(srcQuery(s.iframe).slice(1));
    assert.equal(Number(await frame.locator('[data-testid="allowed-total"]').getAttribute('data-value')), e.allowed);
    assert.equal(await frame.locator('[role="tab"][aria-selected="true"]').getAttribute('data-testid'), 'strategy-local');
    assert.equal(await frame.locator('.rll-foot').count(), 0, 'no page chrome with embed=1');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('xapi: after completion, a statement with an actor goes to TinCanJS as a TinCan.Statement', async () => {
    // TinCanJS's two names the snippet uses: the Statement class, and a
    // client whose sendStatement records what it is given.
    const client = `<script>
  window.sent = [];
  window.TinCan = function () {};
  window.TinCan.Statement = function (cfg) { this.actor = cfg.actor; this.verb = cfg.verb; this.target = cfg.object; this.result = cfg.result; };
  window.tincan = { sendStatement: function (s) { window.sent.push({ isStatement: s instanceof window.TinCan.Statement, actor: s.actor, verb: s.verb.id, target: s.target.id, result: s.result }); } };
</script>`;
    const body = [client, pointed(s.iframe), s.xapi, RECORDER].join('\n');
    const host = hostPage(other, otherExtra, '/course/lrs.html', body);
    const { page, context, problems } = await newPage({ height: 900 });
    await page.goto(host);
    const frame = page.frameLocator('iframe');
    await rendered(frame);
    assert.equal(await page.evaluate(() => window.rateLimitLabStatement), undefined, 'nothing before the quiz is done');
    const picks = await answerAll(frame, page);
    const score = picks.filter((p) => p.right).length;
    const sent = await until(async () => {
      const c = await page.evaluate(() => window.sent);
      return c.length >= 1 ? c : null;
    }, { timeout: 3000 });
    assert.equal(sent.length, 1);
    assert.equal(sent[0].isStatement, true, 'a TinCan.Statement, not a plain object');
    assert.deepEqual(sent[0].actor, { objectType: 'Agent', name: 'Ada Lovelace', mbox: 'mailto:ada@example.org' });
    assert.equal(sent[0].verb, 'http://adlnet.gov/expapi/verbs/completed');
    assert.equal(sent[0].target, 'https://courses.example.org/net/week-3/ratelimit-lab/builtin');
    const n = picks.length;
    assert.deepEqual(sent[0].result, { score: { raw: score, min: 0, max: n, scaled: score / n }, success: score / n >= 0.8, completion: true });
    const statement = await page.evaluate(() => window.rateLimitLabStatement);
    assert.match(statement.context.extensions['https://courses.example.org/xapi/widget-version'], /^\d+\.\d+\.\d+/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('script tag: two independent widgets, each as its attributes say; reset returns to the attributes', async () => {
    const host = hostPage(lab, labExtra, '/course/script-tag.html', s['script-tag']);
    const { page, context, problems, watcher } = await newPage({ width: 1280, height: 900, origins: [lab.origin] });
    await page.goto(host);
    const mounts = page.locator('[data-ratelimit-lab]');
    assert.equal(await mounts.count(), 2);
    await rendered(mounts.nth(0));
    await rendered(mounts.nth(1));
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('[data-ratelimit-lab]')].filter((e) => e.shadowRoot).length), 2, 'each in a shadow root');
    const one = new Widget(page, context, watcher, mounts.nth(0));
    const two = new Widget(page, context, watcher, mounts.nth(1));
    assert.equal(await one.selectedStrategy(), 'strategy-getset');
    assert.equal(await one.sliderValue('rtt'), 5);
    assert.equal(await one.allowedTotal(), expected('strategy=getset&rtt=5').allowed);
    assert.equal(await two.selectedStrategy(), 'strategy-split');
    assert.equal(await two.limit(), 100);
    assert.equal(await two.allowedTotal(), expected('preset=per-minute&strategy=split').allowed);
    assert.equal(await mounts.nth(0).locator('h2.rll-head__title').count(), 1, 'the title is an h2 under the page\'s h1');
    // Independent: a slider in one leaves the other alone, and the URL too.
    const url = page.url();
    await one.setSlider('servers', 12);
    assert.equal(await one.allowedTotal(), expected('strategy=getset&rtt=5&servers=12').allowed);
    assert.equal(await two.sliderValue('servers'), 4);
    assert.equal(await two.allowedTotal(), expected('preset=per-minute&strategy=split').allowed);
    await pastAddressRewrite(page);
    assert.equal(page.url(), url, 'script-tag widgets leave the URL alone');
    await one.locator('reset').click();
    assert.equal(await one.sliderValue('servers'), 4);
    assert.equal(await one.sliderValue('rtt'), 5);
    assert.equal(await one.allowedTotal(), expected('strategy=getset&rtt=5').allowed);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('quiz-only: the quiz and nothing else', async () => {
    const host = hostPage(other, otherExtra, '/course/quiz-only.html', pointed(s['quiz-only']));
    const { page, context, problems } = await newPage({ width: 1280, height: 900 });
    await page.goto(host);
    const frame = page.frameLocator('iframe');
    await frame.locator('[data-testid="quiz-question"]').first().waitFor();
    assert.equal(await frame.locator('[data-testid="quiz-question"]').count(), BUILTIN_QUESTIONS);
    assert.equal(await frame.locator('[data-testid="quiz"]').isVisible(), true);
    for (const [name, hooks] of Object.entries(SECTIONS)) {
      if (name === 'quiz') continue;
      for (const hook of hooks) assert.equal(await frame.locator(hook).count(), 0, `${name}: ${hook}`);
    }
    // It starts with the quiz: no orphan line, no notice, no empty gap above.
    assert.equal(await frame.locator('[data-testid="notice"]').isVisible(), false);
    const gap = await frame.locator('[data-testid="quiz"]').evaluate((e) => {
      const root = e.closest('.rll');
      return e.getBoundingClientRect().top - root.getBoundingClientRect().top - parseFloat(getComputedStyle(root).paddingTop);
    });
    assert.ok(gap <= 1, `the quiz starts ${gap} px below the top of the widget's content`);
    // It still works: answering shows feedback.
    await frame.locator('[data-act="quiz-pick"]').first().click();
    assert.notEqual((await frame.locator('[data-testid="quiz-feedback"]').first().innerText()).trim(), '');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('quiz-only: the snippet\'s fixed height holds the quiz (1280 px wide page)', async () => {
    const host = hostPage(other, otherExtra, '/course/quiz-only-height.html', pointed(s['quiz-only']));
    const { page, context, problems } = await newPage({ width: 1280, height: 900 });
    await page.goto(host);
    const frame = page.frameLocator('iframe');
    await frame.locator('[data-testid="quiz-question"]').first().waitFor();
    const f = await labFrame(page);
    const given = Number(s['quiz-only'].match(/height="(\d+)"/)[1]);
    const needed = await f.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(needed <= given, `the quiz needs ${needed} px; the snippet gives the frame ${given} px`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('two-tabs: two tabs, local then incr, and no quiz, takeaways or charts', async () => {
    // The loader lines of the script-tag snippet, then the two-tabs snippet.
    const loader = s['script-tag'].split('\n').filter((l) => /^<(link|script)/.test(l)).join('\n');
    const host = hostPage(lab, labExtra, '/course/two-tabs.html', `${loader}\n${s['two-tabs']}`);
    const { page, context, problems } = await newPage({ origins: [lab.origin] });
    await page.goto(host);
    const root = page.locator('[data-ratelimit-lab]');
    await rendered(root);
    assert.deepEqual(await root.locator('[role="tab"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))), ['strategy-local', 'strategy-incr']);
    for (const name of ['quiz', 'takeaways', 'charts']) {
      for (const hook of SECTIONS[name]) assert.equal(await root.locator(hook).count(), 0, `${name}: ${hook}`);
    }
    for (const name of ['picture', 'totals', 'cards', 'explanation']) {
      for (const hook of SECTIONS[name]) assert.ok((await root.locator(hook).count()) > 0, `${name}: ${hook}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('compact: fits its 390 × 900 frame without scrolling', async () => {
    const host = hostPage(other, otherExtra, '/course/compact.html', pointed(s.compact));
    const { page, context, problems } = await newPage({ width: 1280, height: 1000 });
    await page.goto(host);
    const frame = page.frameLocator('iframe');
    await rendered(frame);
    const f = await labFrame(page);
    const size = await f.evaluate(() => ({ h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth, vw: innerWidth, vh: innerHeight }));
    assert.deepEqual([size.vw, size.vh], [390, 900], 'the frame is the snippet\'s size');
    assert.ok(size.h <= 900, `the widget is ${size.h} px tall in a 900 px frame`);
    assert.ok(size.w <= 390, `and ${size.w} px wide in a 390 px frame`);
    // Compact has no tabs: the strategy the snippet names is the one shown.
    assert.equal(await frame.locator('[role="tab"]').count(), 0);
    assert.equal(await frame.locator('[data-slot="tab-name"]').textContent(), 'INCR');
    assert.equal(Number(await frame.locator('[data-testid="allowed-total"]').getAttribute('data-value')), expected('strategy=incr').allowed);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('french: the widget in French, from the file next to it', async () => {
    const loader = s['script-tag'].split('\n').filter((l) => /^<(link|script)/.test(l)).join('\n');
    const host = hostPage(lab, labExtra, '/course/french.html', `${loader}\n${s.french}`);
    const { page, context, problems } = await newPage({ origins: [lab.origin] });
    await page.goto(host);
    const root = page.locator('[data-ratelimit-lab]');
    await rendered(root);
    const file = JSON.parse(fs.readFileSync(FRENCH, 'utf8'));
    assert.equal(await root.locator('.rll-head__title').innerText(), file.text.title);
    assert.equal(await root.locator('.rll').getAttribute('lang'), 'fr');
    assert.equal(await page.locator('html').getAttribute('lang'), 'en', 'the host page keeps its own language');
    assert.equal((await root.locator('.rll-question__prompt').first().textContent()).trim(), file.quiz[0].prompt);
    assert.equal(await root.locator('[data-testid="notice"]').isVisible(), false);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

// ----------------------------------------------------------------- heights

/** The configurations of the guide's table: label, and the widget's query. */
function configurations(s) {
  const twoTabs = Object.fromEntries([...s['two-tabs'].matchAll(/data-([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  return [
    ['everything (`embed=1`)', '?embed=1'],
    ['compact (`compact=1`)', '?embed=1&compact=1'],
    ['quiz only (the `quiz-only` snippet)', srcQuery(s['quiz-only'])],
    [`two tabs, no quiz, takeaways or charts (\`tabs=${twoTabs.tabs}&hide=${twoTabs.hide}\`)`, `?embed=1&tabs=${twoTabs.tabs}&hide=${twoTabs.hide}`],
  ];
}

/**
 * The widget's height in a frame `width` px wide, as its resize message
 * says once everything has been drawn. The host page lets the frame grow
 * to the widget, then scrolls through it so that every part is drawn once
 * (the cards and the charts are drawn when they come into view), staying
 * on the charts until their sweep is done.
 */
let measured = 0;
async function measure(query, width) {
  measured += 1;
  const host = hostPage(other, otherExtra, `/measure/${measured}.html`,
    `<iframe id="lab" src="${lab.url}${query}" title="Rate Limit Lab" style="display:block;width:${width}px;height:100px;border:0"></iframe>
<script>
  window.heights = [];
  addEventListener("message", function (e) {
    var d = e.data;
    if (!d || d.source !== "ratelimit-lab" || d.type !== "resize") return;
    window.heights.push(d.height);
    document.getElementById("lab").style.height = d.height + "px";
  });
</script>`);
  const { page, context, problems } = await newPage({ width: width + 40, height: 1000 });
  await page.goto(host);
  const frame = page.frameLocator('#lab');
  await rendered(frame);
  const f = await labFrame(page);
  const top = await page.locator('#lab').evaluate((e) => e.getBoundingClientRect().top + scrollY);
  const scrollTo = (y) => page.evaluate((v) => window.scrollTo(0, v), y);
  // Through the whole widget, a screen at a time.
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 800) {
    await scrollTo(y);
    await frames(f, 2);
  }
  // The charts, until their sweep is done.
  if ((await frame.locator('[data-slot="charts"]').count()) > 0) {
    const at = await f.evaluate(() => document.querySelector('[data-slot="charts"]').getBoundingClientRect().top);
    await scrollTo(top + at - 100);
    const done = await until(async () => (await frame.locator('[data-testid="chart-servers"] circle').count()) > 0 &&
      (await frame.locator('[data-slot="chart-working"]').textContent()) === '', { timeout: 30000, interval: 100 });
    assert.ok(done, `${query} at ${width} px: the charts were drawn`);
  }
  // Settled: no new height for a second.
  let last = -1;
  let since = Date.now();
  await until(async () => {
    const n = await page.evaluate(() => window.heights.length);
    if (n !== last) { last = n; since = Date.now(); }
    return Date.now() - since > 1000;
  }, { timeout: 15000, interval: 100 });
  const height = await page.evaluate(() => window.heights.at(-1));
  const inner = await f.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(Math.abs(inner - height) <= 1, `the resize message (${height}) is the widget page's height (${inner})`);
  assert.deepEqual(problems, []);
  await context.close();
  return height;
}

/** The frame widths of the guide's table: each column holds for a frame at least that wide. */
const WIDTHS = [360, 720];

describe('fixed heights for editors that strip scripts', () => {
  test('the guide\'s table holds the widget at the widths it names, and is not far over (UPDATE_HEIGHTS=1 writes it)', async (t) => {
    const s = snippets();
    const rows = [];
    for (const [label, query] of configurations(s)) {
      const row = [label];
      for (const width of WIDTHS) row.push(await measure(query, width));
      rows.push(row);
    }
    const table = [
      `| configuration | ${WIDTHS.map((w) => `frame ${w} px wide or more`).join(' | ')} |`,
      `| --- |${WIDTHS.map(() => ' --- |').join('')}`,
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n');
    t.diagnostic(`measured:\n${table}`);
    const begin = '<!-- heights: begin -->';
    const end = '<!-- heights: end -->';
    const guide = fs.readFileSync(GUIDE, 'utf8');
    const i = guide.indexOf(begin);
    const j = guide.indexOf(end);
    assert.ok(i >= 0 && j > i, 'the guide has the heights markers');
    if (process.env.UPDATE_HEIGHTS === '1') {
      fs.writeFileSync(GUIDE, `${guide.slice(0, i + begin.length)}\n${table}\n${guide.slice(j)}`);
      return;
    }
    const lines = guide.slice(i + begin.length, j).split('\n').filter((l) => /^\|/.test(l));
    assert.equal(lines[0], table.split('\n')[0], 'the columns are the widths measured');
    const documented = lines.slice(2).map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
    assert.deepEqual(documented.map((r) => r[0]), rows.map((r) => r[0]), 'the same configurations');
    const wrong = [];
    rows.forEach((r, k) => WIDTHS.forEach((width, c) => {
      const [got, doc] = [r[c + 1], Number(documented[k][c + 1])];
      // Short, the frame scrolls inside and cuts the widget off; far over,
      // a blank band under it.
      if (!(doc >= got && doc <= got * 1.03)) wrong.push(`${r[0]} at ${width} px: documented ${doc}, measured ${got}`);
    }));
    assert.deepEqual(wrong, []);
  });

  test('the snippet with the table\'s height on a 390 px phone: the whole widget, no scrolling inside the frame', async () => {
    // The guide's iframe without its script, as a stripping editor leaves
    // it: 100 % of a 390 px page, the page's own margins around it.
    const guide = fs.readFileSync(GUIDE, 'utf8');
    const everything = guide.slice(guide.indexOf('<!-- heights: begin -->')).split('\n').find((l) => l.startsWith('| everything'));
    const height = Number(everything.split('|')[2].trim());
    const host = hostPage(other, otherExtra, '/course/fixed-phone.html',
      `<iframe src="${lab.url}?embed=1" title="Rate Limit Lab" width="100%" height="${height}" style="border:0"></iframe>`);
    const { page, context, problems } = await newPage({ width: 390, height: 844 });
    await page.goto(host);
    const frame = page.frameLocator('iframe');
    await rendered(frame);
    const f = await labFrame(page);
    for (let y = 0; y < height; y += 800) {
      await page.evaluate((v) => window.scrollTo(0, v), y);
      await frames(f, 2);
    }
    const inner = await until(async () => {
      const d = await f.evaluate(() => ({ content: document.documentElement.scrollHeight, frame: innerHeight, width: innerWidth }));
      return d.content > 1000 ? d : null;
    });
    assert.ok(inner.width < 390, `the frame is narrower than the phone (${inner.width} px)`);
    assert.ok(inner.content <= inner.frame, `the widget is ${inner.content} px tall in a ${inner.frame} px frame ${inner.width} px wide`);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
