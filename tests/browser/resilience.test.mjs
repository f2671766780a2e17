// No panic, no console error, on any input: removed cards stop listening,
// a resized window redraws, and odd parameters never break the page.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openWidget, shutdown } from './harness.mjs';

after(shutdown);

test('cards removed by the servers slider stop listening; resizing afterwards is quiet', async () => {
  const w = await openWidget('?servers=16&burst=500&strategy=getset');
  for (const n of [1, 16, 2, 9, 1]) await w.setSlider('servers', n);
  await w.page.setViewportSize({ width: 700, height: 900 });
  await w.page.setViewportSize({ width: 390, height: 800 });
  await w.page.waitForTimeout(300);
  assert.equal((await w.cards()).length, 1);
  // The one card's canvas was redrawn for the new width: 500 marks fit in it.
  const { width, height } = await w.page.locator('.rll-card__marks').evaluate((c) => ({ width: c.width, height: c.height }));
  assert.ok(width > 0 && height > 0, `canvas ${width}x${height}`);
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
    '?servers=%F0%9F%98%80&burst=%3Cscript%3E&rtt=1e3&limit=-0&span=0.0001&seed=-1&lb=&strategy=',
    '?servers=16&burst=500&rtt=20&limit=1&span=1&lb=round-robin&strategy=split',
    '?servers=1&burst=1&rtt=0&limit=200&span=1000&strategy=incr&preset=per-minute&preset=nope',
  ];
  for (const q of queries) {
    const w = await openWidget(q, { width: 390 });
    for (const s of ['local', 'split', 'getset', 'incr']) {
      await w.chooseStrategy(s);
      for (const [name, values] of [['servers', [1, 16]], ['burst', [1, 500]], ['rtt', [0, 20]]]) {
        for (const v of values) await w.setSlider(name, v);
      }
    }
    assert.ok((await w.allowedTotal()) >= 1);
    assert.deepEqual(w.problems(), [], q);
    await w.close();
  }
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
