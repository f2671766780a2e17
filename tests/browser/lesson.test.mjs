// The lesson lands (issue 11): what a regular user sending exactly the limit
// gets, for every strategy, against the native model; limit ÷ N turning that
// user away while a share sits unused; local counters' real ceiling; the
// course's four steps at the default scenario; the picture and the totals in
// sight while a slider has focus, on a phone (top-level and in an
// auto-height iframe) and above the fold on a desktop; a hostile host page
// that changes nothing inside the widget (nor the widget anything outside);
// the quiz's shuffled but stable order, and its retry.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  openWidget, openPage, hostServer, shutdown, expectedAll, waitFor, until, staleHint, scrollSettled, ROOT, STRATEGIES, LIVE,
} from './harness.mjs';

after(shutdown);

describe('a regular user, sending exactly the limit', () => {
  let w;
  const SCENARIOS = ['', 'servers=16&burst=200&rtt=5&lb=round-robin&seed=4'];
  const queries = STRATEGIES.flatMap((s) => SCENARIOS.map((q) => `strategy=${s}${q ? `&${q}` : ''}`));
  let want;
  before(async () => {
    [w, want] = await Promise.all([openWidget(''), expectedAll(queries)]);
  });
  after(async () => {
    try {
      if (w) assert.deepEqual(w.problems(), [], 'problems on the shared page');
    } finally {
      await w?.close();
    }
  });

  for (const [i, query] of queries.entries()) {
    test(`regular-user for ?${query} is the model's`, async () => {
      const seen = w.problems().length;
      await w.goto(`?${query}`);
      const k = await w.regularUser();
      assert.equal(k, want[i].regular_user, `regular-user ${staleHint()}`);
      assert.match(await w.locator('regular-user').locator('xpath=..').innerText(), new RegExp(`\\b${k}\\b[^]*\\b${await w.limit()}\\b`),
        'the line says k of L');
      // The same scenario with a burst of exactly L lets k through.
      await w.goto(`?${query}&burst=${want[i].limit}`);
      assert.equal(await w.allowedTotal(), k, 'the same user sending exactly the limit gets k through');
      assert.deepEqual(w.problems().slice(seen), []);
    });
  }

  test('the lesson in numbers: ÷ N turns a regular user away, the others let all of them through', async () => {
    const at = (s) => want[queries.indexOf(`strategy=${s}`)].regular_user;
    assert.ok(at('split') < 10, `limit ÷ N at the default turns a regular user away (${at('split')} of 10)`);
    for (const s of ['local', 'edge', 'incr', 'lua']) assert.equal(at(s), 10, `${s}: a regular user gets all 10 through`);
  });
});

describe('what the cards and totals show', () => {
  let w;
  before(async () => {
    w = await openWidget('');
  });
  after(async () => {
    try {
      if (w) assert.deepEqual(w.problems(), [], 'problems on the shared page');
    } finally {
      await w?.close();
    }
  });

  /** Pixels painted on each card's marks. */
  const painted = () => w.locator('server-card').locator('canvas').evaluateAll((cs) => cs.map((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
    return n;
  }));

  test('limit ÷ N: a regular user is turned away while a share sits unused, drawn as empty slots', async () => {
    const seen = w.problems().length;
    await w.goto('?strategy=split');
    assert.ok((await w.regularUser()) < 10, 'the default scenario turns a regular user away');
    assert.ok(await w.page.locator('[data-legend="unused"]').isVisible(), 'the legend explains unused quota');
    // The regular user's own burst: some servers refuse while others keep quota.
    await w.goto('?strategy=split&burst=10');
    const split = await w.cards();
    const quotas = (await w.page.locator('.rll-card__quota').allInnerTexts()).map((t) => Number(t.match(/\d+/)[0]));
    assert.equal(quotas.length, split.length, 'every card shows its quota');
    assert.equal(quotas.reduce((a, b) => a + b, 0), 10, 'the quotas add up to the limit');
    assert.ok(split.some((c) => c.refused > 0), 'a server refuses');
    const unused = split.map((c, i) => quotas[i] - c.allowed);
    assert.ok(unused.some((u) => u > 0), `while another has quota left: ${unused}`);
    const withSlots = await painted();
    // The same burst under local counters (same arrivals and servers) draws no empty slots.
    await w.goto('?strategy=local&burst=10');
    const local = await w.cards();
    assert.deepEqual(local.map((c) => c.received), split.map((c) => c.received), 'the same burst reaches the same servers');
    assert.ok(await w.page.locator('[data-legend="unused"]').isHidden(), 'no unused quota to explain for local counters');
    const plain = await painted();
    for (const [i, u] of unused.entries()) {
      if (u > 0 && local[i].allowed === split[i].allowed) {
        assert.ok(withSlots[i] > plain[i], `card ${i + 1} draws its ${u} unused slot(s) (${withSlots[i]} vs ${plain[i]} pixels)`);
      }
    }
    assert.deepEqual(w.problems().slice(seen), []);
  });

  test('local counters show the real ceiling, N × L, which grows with the servers', async () => {
    const seen = w.problems().length;
    let before = 0;
    for (const n of [1, 4, 8, 16]) {
      await w.goto(`?strategy=local&servers=${n}&burst=200`);
      const ceiling = await w.page.locator('.rll-ceiling').innerText();
      assert.match(ceiling, new RegExp(`\\b${n * 10}\\b`), `the ceiling ${n} × 10 is shown: "${ceiling}"`);
      const allowed = await w.allowedTotal();
      assert.ok(allowed <= n * 10, `at most N × L get through (${allowed})`);
      assert.ok(allowed >= before, `more servers, more through (${before} → ${allowed})`);
      before = allowed;
    }
    assert.deepEqual(w.problems().slice(seen), []);
  });

  test("the course's four steps, each showing its point at the default scenario", async () => {
    const seen = w.problems().length;
    // 1. Local counters: over the limit, and more so with more servers.
    await w.goto('?strategy=local');
    assert.deepEqual(await w.verdictKinds(), ['not-enforced']);
    const at4 = await w.allowedTotal();
    assert.ok(at4 > 10);
    await w.setSlider('servers', 8);
    await waitFor(async () => (await w.cards()).length === 8, { message: '8 cards' });
    assert.ok((await w.allowedTotal()) > at4, 'more servers let more through');
    // 2. Limit ÷ N: a regular user turned away.
    await w.goto('?strategy=split');
    assert.ok((await w.regularUser()) < 10);
    assert.ok((await w.verdictKinds()).includes('refused-under-limit'));
    // 3. GET then SET: more gets through as the round trip grows.
    await w.goto('?strategy=getset');
    const atDefault = await w.allowedTotal();
    await w.setSlider('rtt', 20);
    await waitFor(async () => (await w.query()).rtt === '20', { message: 'rtt=20' });
    assert.ok((await w.allowedTotal()) > atDefault, 'a longer round trip lets more through');
    assert.deepEqual(await w.verdictKinds(), ['not-enforced']);
    // 4. INCR: exact.
    await w.goto('?strategy=incr');
    assert.equal(await w.allowedTotal(), 10);
    assert.deepEqual(await w.verdictKinds(), ['enforced']);
    assert.deepEqual(w.problems().slice(seen), []);
  });
});

/** The box of an element, against the viewport of its own window. */
function box(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
}
const SLIDERS = ['servers', 'burst', 'rtt'];

describe('layout: the picture and the totals in sight while a slider moves', () => {
  for (const query of ['', '?strategy=getset']) {
    test(`390×844, top-level page${query}: totals, picture and the focused slider in the viewport together`, async () => {
      const w = await openWidget(query, { width: 390, height: 844 });
      const vh = 844;
      // By Tab, as a learner moving down the controls does.
      await w.page.evaluate(() => window.scrollTo(0, 0));
      await w.page.locator('[role="tab"][aria-selected="true"]').focus();
      for (const how of ['Tab', 'focus()']) {
        for (const name of SLIDERS) {
          if (how === 'Tab') {
            for (let i = 0; i < 20; i++) {
              await w.page.keyboard.press('Tab');
              if (await w.page.evaluate((n) => document.activeElement?.dataset.testid === n, name)) break;
            }
          } else {
            await w.page.evaluate(() => window.scrollTo(0, 0));
            await w.locator(name).focus();
          }
          assert.equal(await w.page.evaluate(() => document.activeElement?.dataset.testid), name, `${name} has the focus`);
          await scrollSettled(w.page);
          const boxes = {
            totals: await box(w.page.locator('[data-slot="totals"]')),
            picture: await box(w.locator('topology')),
            slider: await box(w.locator(name)),
          };
          for (const [what, b] of Object.entries(boxes)) {
            assert.ok(b.top >= 0 && b.bottom <= vh,
              `${how} to ${name}: the ${what} is in the viewport (top ${Math.round(b.top)}, bottom ${Math.round(b.bottom)}, viewport 0–${vh}); all: ${JSON.stringify(boxes)}`);
          }
        }
      }
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }

  test('390×844, inside an auto-height iframe (the guide\'s snippet): the same three boxes in the host\'s viewport', async () => {
    const guide = fs.readFileSync(path.join(ROOT, 'docs/EMBEDDING.md'), 'utf8');
    const snippet = guide.match(/<!-- snippet: iframe -->\s*```html\n([^]*?)```/)?.[1];
    assert.ok(snippet, 'the iframe snippet is in docs/EMBEDDING.md');
    const prefix = snippet.match(/src="(\/[^"?]*\/)/)[1];
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
      <link rel="icon" href="data:,"><title>Week 3</title></head><body><h1>Week 3: rate limits</h1>
      <p>Read this first. Then try the lab.</p>${snippet}<p>After the lab.</p></body></html>`;
    const s = await hostServer({ prefix, extra: { '/course.html': { type: 'text/html', body } } });
    const { page, context, watcher } = await openPage(`${s.origin}/course.html`, { width: 390, height: 844 });
    const frame = page.frameLocator('iframe');
    await frame.locator(LIVE).waitFor({ state: 'attached', timeout: 15000 });
    // The frame has grown to the widget's height: the host page scrolls, not the frame.
    await waitFor(async () => (await page.locator('iframe').evaluate((f) => f.getBoundingClientRect().height)) > 1200,
      { message: 'the iframe grown by the resize message' });
    const inHost = async (locator) => {
      const [b, f] = [await box(locator), await box(page.locator('iframe'))];
      return { top: b.top + f.top, bottom: b.bottom + f.top };
    };
    for (const how of ['Tab', 'focus()']) {
      if (how === 'Tab') {
        await page.evaluate(() => window.scrollTo(0, 0));
        await frame.locator('[role="tab"][aria-selected="true"]').focus();
      }
      for (const name of SLIDERS) {
        const slider = frame.locator(`[data-testid="${name}"]`);
        if (how === 'Tab') {
          for (let i = 0; i < 20; i++) {
            await page.keyboard.press('Tab');
            if (await slider.evaluate((el) => document.activeElement === el)) break;
          }
        } else {
          await page.evaluate(() => window.scrollTo(0, 0));
          await slider.focus();
        }
        assert.ok(await slider.evaluate((el) => document.activeElement === el), `${name} has the focus`);
        await scrollSettled(page);
        const boxes = {
          totals: await inHost(frame.locator('[data-slot="totals"]')),
          picture: await inHost(frame.locator('[data-testid="topology"]')),
          slider: await inHost(slider),
        };
        for (const [what, b] of Object.entries(boxes)) {
          assert.ok(b.top >= 0 && b.bottom <= 844,
            `${how} to ${name} in the iframe: the ${what} is in the host's viewport (top ${Math.round(b.top)}, bottom ${Math.round(b.bottom)}); all: ${JSON.stringify(boxes)}`);
        }
      }
    }
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });

  test('1280×900: the sliders, the totals and the first row of server cards above the fold', async () => {
    const w = await openWidget('', { width: 1280, height: 900 });
    for (const query of ['', '?strategy=split', '?strategy=sync', '?strategy=getset&lb=sticky', '?strategy=edge', '?strategy=lua&preset=per-minute']) {
      await w.goto(query);
      assert.equal(await w.page.evaluate(() => window.scrollY), 0);
      const sliders = await w.page.locator('.rll-deck [data-knob]').evaluateAll((els) => els
        .filter((e) => !e.closest('[hidden]'))
        .map((e) => ({ name: e.dataset.knob, bottom: e.getBoundingClientRect().bottom })));
      assert.ok(sliders.length >= 3, `the sliders: ${JSON.stringify(sliders)}`);
      for (const s of sliders) assert.ok(s.bottom <= 900, `${query || 'default'}: slider ${s.name} above the fold (${Math.round(s.bottom)})`);
      const totals = await box(w.page.locator('[data-slot="totals"]'));
      assert.ok(totals.bottom <= 900, `${query || 'default'}: the totals above the fold (${Math.round(totals.bottom)})`);
      const cards = await w.locator('server-card').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })));
      const row = cards.filter((c) => Math.abs(c.top - cards[0].top) < 2);
      for (const c of row) assert.ok(c.bottom <= 900, `${query || 'default'}: a first-row card above the fold (${Math.round(c.bottom)})`);
    }
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('a hostile host page', () => {
  const HOSTILE = `<style>
    h2 { color: purple }
    button { background: red; font-size: 30px }
    input { width: 10px }
    * { letter-spacing: 3px; text-transform: uppercase }
    html { font-size: 10px }
  </style>`;
  const page = ({ hostile, widget }) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>Chapter 4</title>
    ${hostile ? HOSTILE : ''}${widget ? '<script type="module" src="/labs/ratelimit/ratelimit-lab.js"></script>' : ''}</head>
    <body><h1>Chapter 4</h1><h2 class="host">Before the lab</h2><p class="host">Some text.</p>
    <button class="host" type="button">Host button</button> <input class="host" type="text" aria-label="Host field">
    <ul class="host"><li>one</li></ul>
    ${widget ? '<div data-ratelimit-lab data-seed="7"></div>' : ''}
    <h2 class="host after">After the lab</h2></body></html>`;
  const PROPS = ['color', 'background-color', 'font-family', 'font-size', 'font-weight', 'font-style', 'letter-spacing',
    'text-transform', 'line-height', 'width', 'height', 'padding-top', 'padding-left', 'margin-top', 'margin-left',
    'border-top-width', 'border-top-style', 'border-top-color', 'border-radius', 'text-align', 'box-sizing', 'display'];
  const style = (locator) => locator.evaluate((el, props) => {
    const cs = getComputedStyle(el);
    return Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
  }, PROPS);
  const INSIDE = {
    title: '.rll-head__title',
    button: '[data-testid="reroll"]',
    slider: '[data-testid="servers"]',
    card: '[data-testid="server-card"]',
    'quiz option': '[data-act="quiz-pick"]',
  };
  const OUTSIDE = { h1: 'h1', h2: 'h2.host', p: 'p.host', button: 'button.host', input: 'input.host', li: 'ul.host li', body: 'body', html: 'html' };
  let s;
  before(async () => {
    s = await hostServer({
      prefix: '/labs/ratelimit/',
      extra: {
        '/plain.html': { type: 'text/html', body: page({ hostile: false, widget: true }) },
        '/hostile.html': { type: 'text/html', body: page({ hostile: true, widget: true }) },
        '/hostile-alone.html': { type: 'text/html', body: page({ hostile: true, widget: false }) },
      },
    });
  });

  async function open(name) {
    const p = await openPage(`${s.origin}/${name}.html`, { width: 1280, height: 900 });
    if (name !== 'hostile-alone') {
      await p.page.locator(LIVE).waitFor({ state: 'attached', timeout: 15000 });
      // The cards' canvases get their height once the list's width is
      // known (a ResizeObserver report, later on a busy machine).
      // (Locators reach into the widget's shadow root.)
      const sized = await until(async () => {
        const heights = await p.page.locator('[data-testid="server-card"] canvas').evaluateAll((cs) => cs.map((c) => c.style.height));
        return heights.length > 0 && heights.every((h) => h !== '');
      }, { timeout: 15000, interval: 50 });
      assert.ok(sized, `${name}: every card's canvas has its height`);
      // And keeps it: a later report (the list's final width on a busy
      // machine) may still resize them once, so wait until the cards'
      // heights have not changed for 300 ms.
      let last = '';
      let since = Date.now();
      const still = await until(async () => {
        const now = JSON.stringify(await p.page.locator('[data-testid="server-card"]').evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().height)));
        if (now !== last) { last = now; since = Date.now(); }
        return Date.now() - since >= 300;
      }, { timeout: 10000, interval: 50 });
      assert.ok(still, `${name}: the cards keep their height`);
    }
    return p;
  }

  test('the widget looks the same inside, whatever the host page styles', async () => {
    const plain = await open('plain');
    const hostile = await open('hostile');
    for (const [what, sel] of Object.entries(INSIDE)) {
      const [a, b] = [await style(plain.page.locator(sel).first()), await style(hostile.page.locator(sel).first())];
      assert.deepEqual(b, a, `the widget's ${what} is styled the same on the hostile page`);
    }
    assert.deepEqual(plain.watcher.problems(), []);
    assert.deepEqual(hostile.watcher.problems(), []);
    await plain.context.close();
    await hostile.context.close();
  });

  test("the host page's own elements are the same with and without the widget", async () => {
    const alone = await open('hostile-alone');
    const withWidget = await open('hostile');
    for (const [what, sel] of Object.entries(OUTSIDE)) {
      const [a, b] = [await style(alone.page.locator(sel).first()), await style(withWidget.page.locator(sel).first())];
      // The host's own elements: sizes that depend on the page's length aside.
      for (const k of ['height']) if (['body', 'html'].includes(what)) delete a[k], delete b[k];
      assert.deepEqual(b, a, `the host's ${what} is unchanged by the widget`);
    }
    assert.equal(await withWidget.page.locator('h2.after').evaluate((e) => getComputedStyle(e).color), 'rgb(128, 0, 128)', 'the host keeps its purple');
    assert.deepEqual(alone.watcher.problems(), []);
    assert.deepEqual(withWidget.watcher.problems(), []);
    await alone.context.close();
    await withWidget.context.close();
  });
});

describe('the quiz', () => {
  /** Each question's options, as shown. */
  const order = (w) => w.locator('quiz-question').evaluateAll((qs) => qs.map((q) =>
    [...q.querySelectorAll('[data-act="quiz-pick"]')].map((b) => b.textContent.trim())));

  test('options come in a stable order for a URL, the right one in different places, another seed another order', async () => {
    const w = await openWidget('?seed=77');
    const first = await order(w);
    assert.ok(first.length >= 9, `at least nine questions (${first.length})`);
    for (const q of first) assert.ok(q.length >= 2, 'every question has options');
    await w.reload();
    assert.deepEqual(await order(w), first, 'the same order after a reload');
    const key = await w.quizKey();
    assert.ok(new Set(key).size > 1, `the right answer is not always in the same place: ${key}`);
    assert.ok(key.filter((k) => k === 0).length < key.length / 2, `the right answer is not mostly first: ${key}`);
    // The widget's own default seed, too.
    await w.goto('');
    const keyDefault = await w.quizKey();
    assert.ok(new Set(keyDefault).size > 1, `at the default seed too: ${keyDefault}`);
    await w.goto('?seed=78');
    const other = await order(w);
    assert.notDeepEqual(other, first, 'another seed, another order');
    for (const [i, q] of other.entries()) assert.deepEqual([...q].sort(), [...first[i]].sort(), `question ${i + 1} has the same options`);
    // A new burst does not reshuffle the quiz under the learner.
    await w.locator('reroll').click();
    assert.deepEqual(await order(w), other);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('a wrong pick explains itself and leaves the question open; the score counts first picks; Try again', async () => {
    const w = await openWidget('?seed=77');
    const key = await w.quizKey();
    const questions = w.locator('quiz-question');
    const score = w.locator('quiz-score');
    const intro = (await score.innerText()).trim();
    assert.ok(await w.locator('quiz-reset').isHidden(), 'Try again is hidden before a first answer');
    assert.equal(await w.locator('quiz').locator('[data-correct]').count(), 0, 'nothing marked before an answer');

    // Question 1: a wrong pick first.
    const q0 = questions.nth(0);
    const n0 = await q0.locator('[data-act="quiz-pick"]').count();
    const wrong = (key[0] + 1) % n0;
    await w.pick(0, wrong);
    const feedback = q0.locator('[data-testid="quiz-feedback"]');
    const fb = await waitFor(async () => (await feedback.innerText()).trim(), { message: 'feedback' });
    assert.match(fb, /^You picked “[^”]+”: not right\.\s*\S{3,}/, 'a wrong pick says what was picked, and why it is wrong');
    assert.match(await q0.locator('[data-act="quiz-pick"]').nth(wrong).getAttribute('class'), /--wrong/, 'the wrong pick is marked');
    assert.equal(await q0.locator('[data-correct]').count(), 0, 'the right answer is not given away');
    assert.equal(await q0.locator('.rll-question__choice--right').count(), 0, 'nor marked');
    assert.ok(await q0.locator('[data-testid="quiz-show"]').isVisible(), 'Show answer is offered');
    assert.ok(await w.locator('quiz-reset').isVisible(), 'Try again appears after the first answer');
    assert.match((await score.innerText()).trim(), /^Score: 0 of 1\b/);
    // A second wrong pick, if there is one, still leaves it open.
    const other = [...Array(n0).keys()].find((i) => i !== wrong && i !== key[0]);
    if (other !== undefined) {
      await w.pick(0, other);
      assert.equal(await q0.locator('[data-correct]').count(), 0, 'still open after another wrong pick');
      assert.equal(await q0.locator('.rll-question__choice--wrong').count(), 2, 'both wrong picks marked');
    }
    // Then the right one.
    await w.pick(0, key[0]);
    await waitFor(async () => /^You picked “[^”]+”: right\./.test((await feedback.innerText()).trim()), { message: 'right' });
    assert.equal(await q0.locator('[data-correct="true"]').count(), 1);
    assert.equal(await q0.locator('[data-act="quiz-pick"]').nth(key[0]).getAttribute('data-correct'), 'true');
    assert.ok(await q0.locator('[data-testid="quiz-show"]').isHidden(), 'no Show answer once it is over');
    assert.match((await score.innerText()).trim(), /^Score: 0 of 1\b/, 'the first pick counts');

    // Question 2: right at once.
    await w.pick(1, key[1]);
    assert.match((await score.innerText()).trim(), /^Score: 1 of 2\b/);
    assert.equal(await questions.nth(1).locator('[data-correct="true"]').count(), 1);

    // Try again: everything forgotten.
    await w.locator('quiz-reset').click();
    assert.equal((await score.innerText()).trim(), intro);
    assert.equal(await w.locator('quiz').locator('[data-correct]').count(), 0);
    assert.equal(await w.locator('quiz').locator('[aria-checked="true"]').count(), 0);
    assert.equal((await feedback.innerText()).trim(), '');
    assert.ok(await w.locator('quiz-reset').isHidden(), 'Try again hidden again');
    // And the order is the same as before.
    await w.pick(0, key[0]);
    assert.match((await score.innerText()).trim(), /^Score: 1 of 1\b/, 'after Try again the first pick counts anew');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});
