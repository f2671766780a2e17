// No panic, no console error, on any input: removed cards stop listening,
// a resized window redraws, and odd parameters never break the page.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openWidget, shutdown, until, frames, STRATEGIES } from './harness.mjs';

after(shutdown);

test('cards removed by the servers slider stop listening; resizing afterwards is quiet', async () => {
  const w = await openWidget('?servers=16&burst=500&strategy=getset');
  for (const n of [1, 16, 2, 9, 1]) await w.setSlider('servers', n);
  const marks = w.page.locator('.rll-card__marks');
  const size = () => marks.evaluate((c) => ({
    width: c.width, height: c.height, box: Math.round(c.getBoundingClientRect().width * devicePixelRatio),
  }));
  const wide = await size();
  await w.page.setViewportSize({ width: 700, height: 900 });
  await w.page.setViewportSize({ width: 390, height: 800 });
  assert.equal((await w.cards()).length, 1);
  // The one card's canvas was redrawn for the new width: its box changed,
  // the canvas is as wide as its box, and 500 marks fit in it.
  const now = await until(async () => {
    const s = await size();
    return s.box !== wide.box && Math.abs(s.width - s.box) <= 1 ? s : null;
  });
  assert.ok(now, `canvas ${JSON.stringify(await size())}, at 1280 px ${JSON.stringify(wide)}`);
  assert.ok(now.height > 0, `canvas ${now.width}x${now.height}`);
  assert.deepEqual(w.problems(), []);
  await w.close();
});

test('a learner switching to dark mode sees the marks redrawn, without errors', async () => {
  const w = await openWidget('?servers=2&burst=30');
  const pixel = () => w.page.locator('.rll-card__marks').first().evaluate((c) => {
    const d = c.getContext('2d').getImageData(Math.round(5 * devicePixelRatio), Math.round(5 * devicePixelRatio), 1, 1).data;
    return [...d].join(',');
  });
  const light = await pixel();
  await w.page.emulateMedia({ colorScheme: 'dark' });
  await w.page.waitForFunction((before) => {
    const c = document.querySelector('.rll-card__marks');
    const d = c.getContext('2d').getImageData(Math.round(5 * devicePixelRatio), Math.round(5 * devicePixelRatio), 1, 1).data;
    return [...d].join(',') !== before;
  }, light);
  assert.notEqual(await pixel(), light);
  assert.deepEqual(w.problems(), []);
  await w.close();
});

test('odd parameters and every extreme of every slider leave the page working', async () => {
  const queries = [
    '?servers=%F0%9F%98%80&burst=%3Cscript%3E&rtt=1e3&limit=-0&span=0.0001&seed=-1&lb=&strategy=&move=%00&plan=NaN&sync=Infinity&redis=&timeout=1e400&fail=&traffic=-0&window=x&t=-5',
    '?servers=16&burst=500&rtt=20&limit=1&span=1&lb=round-robin&strategy=split&plan=1&window=3600',
    '?servers=1&burst=1&rtt=0&limit=200&span=1000&strategy=incr&preset=per-minute&preset=nope&lb=sticky&move=0&redis=slow&timeout=1&fail=closed&traffic=1000000',
  ];
  const sliders = [['servers', [1, 16]], ['burst', [1, 500]], ['rtt', [0, 20]], ['sync', [1, 1000]], ['plan', [1, 16]], ['move', [0, 1000]], ['timeout', [1, 1000]]];
  // Every strategy on the odd URL; the extremes' two URLs share them out.
  const strategies = [STRATEGIES, ['split', 'edge', 'lua'], ['local', 'sync', 'getset', 'incr']];
  for (const [i, q] of queries.entries()) {
    const w = await openWidget(q, { width: 390 });
    await w.choose('lb-sticky');
    for (const s of strategies[i]) {
      await w.chooseStrategy(s);
      for (const [name, values] of sliders) {
        for (const v of values) await w.setSlider(name, v);
      }
      if (['sync', 'getset', 'incr', 'lua'].includes(s)) {
        for (const id of ['health-slow', 'fail-closed', 'health-down', 'fail-open', 'health-up']) await w.choose(id);
      }
      for (const t of [1, 1000000, 'abc', '']) await w.setNumber('traffic', t);
    }
    await w.choose('lb-round-robin');
    assert.ok((await w.allowedTotal()) >= 0);
    assert.deepEqual(w.problems(), [], q);
    await w.close();
  }
});

test('changing the scenario while the replay plays, and leaving the tab, is quiet', async () => {
  const w = await openWidget('?strategy=getset&burst=300&servers=12');
  await w.locator('play').click();
  for (const s of STRATEGIES) {
    await w.chooseStrategy(s);
    await w.setSlider('servers', 3);
    await w.locator('reroll').click();
    await frames(w.page, 2);
  }
  await w.setSlider('burst', 1);
  await w.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await w.locator('step').click();
  await w.locator('step-back').click();
  await until(async () => (await w.cards()).length === 3);
  await frames(w.page, 2);
  assert.ok((await w.cards()).length === 3);
  assert.deepEqual(w.problems(), []);
  await w.close();
});

test('the notice about adjusted settings can be dismissed', async () => {
  const w = await openWidget('?servers=40');
  const notice = w.locator('notice');
  assert.ok(await notice.isVisible());
  assert.equal(await notice.getAttribute('role'), 'status');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  assert.ok(await notice.isHidden());
  assert.equal((await w.cards()).length, 16, 'the rest still applies');
  assert.deepEqual(w.problems(), []);
  await w.close();
});
