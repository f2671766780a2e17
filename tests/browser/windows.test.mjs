// Windows and buckets on screen (issue 34, part 2): the strip of fixed
// windows under the picture, its counts against the totals at the end and
// mid-replay (INCR with the edge in the middle of the burst: the limit in
// each window, twice the limit in all); the choice of how the count is
// kept, offering only what the strategy takes, and the log in the script
// holding the limit across the edge; the edge's slider, unset by default.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openWidget, shutdown, waitFor, audit, assertMatchesModel } from './harness.mjs';

after(shutdown);

/** The strip's windows as { k, count }, in order; [] while it is hidden. */
const strip = (w) => w.locator('windows').evaluate((el) => (el.hidden ? [] : [...el.querySelectorAll('[data-window]')]
  .map((li) => ({ k: Number(li.dataset.window), count: Number(li.dataset.count) }))));

/** The ways of keeping the count the choice shows, in order. */
const offered = (w) => w.locator('algo').evaluate((el) => [...el.querySelectorAll('input[data-choice="algo"]')]
  .filter((i) => !i.closest('[hidden]'))
  .map((i) => i.value));

describe('the strip of windows', () => {
  test('INCR with the edge at 20 ms: two windows, the limit in each, their counts the totals', async () => {
    const w = await openWidget('?strategy=incr&edge=20');
    await w.toEnd();
    const limit = await w.limit();
    const allowed = await w.allowedTotal();
    const wins = await waitFor(async () => {
      const s = await strip(w);
      return s.length === 2 ? s : null;
    }, { message: 'two windows in the strip' });
    assert.deepEqual(wins.map((x) => x.k), [-1, 0], 'the window before the edge and the one from it');
    assert.equal(wins[0].count + wins[1].count, allowed, 'allowed = the windows\' counts together');
    assert.equal(allowed, 2 * limit, 'twice the limit across the edge');
    for (const x of wins) assert.equal(x.count, limit, `window ${x.k} lets the limit through`);
    // Its words: the edge, each window's name and count.
    const words = await w.text('windows');
    assert.match(words, /the edge at t = 20 ms/);
    assert.match(words, /window 1\s+10 of 10/);
    assert.match(words, /window 2\s+10 of 10/);
    // Mid-replay, the strip fills with the totals: the same moment.
    await w.setSlider('time', 25);
    const mid = await waitFor(async () => {
      const s = await strip(w);
      const a = await w.allowedTotal();
      const sum = s.reduce((n, x) => n + x.count, 0);
      return s.length === 2 && sum === a && a < allowed ? { s, a } : null;
    }, { message: 'the strip counts what the totals count at 25 ms' });
    assert.ok(mid.s[1].count < limit, `the second window is still filling (${mid.s[1].count})`);
    // The edge's slider shows where it is, and the URL keeps it.
    assert.equal(await w.sliderValue('edge'), 20);
    assert.equal((await w.query()).edge, '20');
    assert.deepEqual(await audit(w.page), [], 'axe, with the strip and the choice shown');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('no edge by default: no strip, the slider at "never", and moving it opens the strip', async () => {
    const w = await openWidget('?strategy=incr');
    assert.deepEqual(await strip(w), []);
    assert.equal(await w.sliderValue('edge'), 41, 'one past the span: no edge');
    assert.equal((await w.query()).edge, undefined);
    await w.setSlider('edge', 20);
    await waitFor(async () => (await strip(w)).length === 2, { message: 'the strip shows' });
    await waitFor(async () => (await w.query()).edge === '20', { message: 'edge=20 in the URL' });
    await w.setSlider('edge', 41);
    await waitFor(async () => (await strip(w)).length === 0, { message: 'the strip hides again' });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('how the count is kept', () => {
  test('the choice offers only what each strategy takes', async () => {
    const w = await openWidget('?strategy=local');
    assert.deepEqual(await offered(w), ['fixed', 'log', 'counter', 'bucket']);
    assert.ok(await w.radio('algo-fixed').isChecked(), 'local counters keep a fixed window by default');
    await w.chooseStrategy('incr');
    await waitFor(async () => (await offered(w)).join() === 'fixed', { message: 'INCR: a fixed window only' });
    const only = await w.locator('algo').locator('[data-algo-only]:not([hidden])').innerText();
    assert.match(only, /INCR is the fixed-window command/);
    await w.chooseStrategy('lua');
    await waitFor(async () => (await offered(w)).length === 4, { message: 'the script: all four' });
    assert.ok(await w.radio('algo-bucket').isChecked(), 'the script keeps a bucket by default');
    assert.equal(await w.locator('algo').locator('[data-algo-only]:not([hidden])').count(), 0);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the script keeping a log lets exactly the limit through across the edge', async () => {
    const w = await openWidget('?strategy=lua&edge=20');
    await w.choose('algo-log');
    await waitFor(async () => (await w.query()).algo === 'log', { message: 'algo=log in the URL' });
    await w.toEnd();
    await waitFor(async () => (await w.allowedTotal()) === 10, { message: 'allowed = 10' });
    const wins = await strip(w);
    assert.equal(wins.reduce((n, x) => n + x.count, 0), 10);
    // The cost says what a log keeps per user (drawn as it comes near).
    await w.root.locator('[data-slot="cost"]').scrollIntoViewIfNeeded();
    await waitFor(async () => (await w.locator('kept-per-user').count()) > 0, { message: 'the cost is drawn' });
    assert.equal(await w.locator('kept-per-user').getAttribute('data-value'), 'log');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('every fact of windows and buckets, on screen as the native model says', () => {
  // The facts of docs/MODEL.md §4.9, each with the number the widget must show: INCR with
  // the edge in the middle lets 2L; the log exactly min(B, L); the bucket
  // L plus its refill; the sliding counter about L (11 here); local fixed
  // windows with an edge up to 2 × N × L; the booking story's 80.
  const facts = [
    ['strategy=incr&edge=20', (n) => n === 20],
    ['strategy=lua&algo=log&edge=20', (n) => n === 10],
    ['strategy=lua&algo=log&edge=20&burst=7', (n) => n === 7],
    ['strategy=lua&algo=bucket&edge=20&span=1000', (n) => n > 10 && n <= 20],
    ['strategy=lua&algo=counter&edge=20', (n) => n === 11],
    ['strategy=local&burst=160&lb=round-robin&edge=20', (n) => n === 80],
    ['preset=booking', (n) => n === 80],
  ];
  for (const [query, holds] of facts) {
    test(`?${query}`, async () => {
      const w = await openWidget(`?${query}`);
      await w.toEnd();
      const want = await assertMatchesModel(w, query);
      assert.ok(holds(want.allowed), `the model's ${want.allowed} is the fact`);
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }
});
