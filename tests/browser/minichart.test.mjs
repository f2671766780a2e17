// The mini chart beside the round-trip slider (issue 20): what gets through
// across 0–20 ms of round trip for the learner's burst and strategy, the
// same sweep as the round-trip chart, their round trip marked. Its points
// equal the native sweep; dragging the round trip moves only the mark (no
// new sweep, no stale point) and its words follow; it shows for the
// strategies that wait for Redis and for no other; it is one image with a
// name in the accessibility tree; at 390×844 the slider, its mini chart,
// the picture and the headline total fit while the slider has focus.
// Screenshots at 390 and 1280 px, light and dark, go to
// $SHOTS (default tests/browser/artifacts/).
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { shutdown, until, audit, openMounted, nativeSweep, chartPoints, ARTIFACTS } from './harness.mjs';

after(shutdown);

const SHOTS = process.env.SHOTS ? path.resolve(process.env.SHOTS) : ARTIFACTS;

const mini = (w) => w.locator('rtt-mini');

/** The mini chart's points, as the native sweep writes them. */
const points = (w) => chartPoints(mini(w));

/** Waits until the mini chart has all 21 points of its sweep, none stale. */
async function complete(w) {
  await mini(w).waitFor({ state: 'attached', timeout: 10000 });
  const ok = await until(async () => {
    const p = await points(w);
    return p.length === 21 && p.every((q) => !q.stale);
  }, { timeout: 20000, interval: 50 });
  assert.ok(ok, `the mini chart's sweep completes: ${JSON.stringify(await points(w))}`);
}

/** The mark: the vertical line's x and the dot on the line, in viewBox units. */
function mark(w) {
  return mini(w).evaluate((svg) => {
    const here = svg.querySelector('.rll-chart__here');
    const at = svg.querySelector('.rll-chart__at');
    const [, , vw] = svg.getAttribute('viewBox').split(' ').map(Number);
    return { x: Number(here.getAttribute('x1')), dot: Number(at.getAttribute('cx')), width: vw, shown: !here.hasAttribute('visibility') };
  });
}

const name = (w) => mini(w).getAttribute('aria-label');

describe('the mini chart beside the round-trip slider', () => {
  test('GET then SET at 5 ms: the native sweep\'s line, the words, one image', async () => {
    const w = await openMounted('?strategy=getset&rtt=5');
    await complete(w);
    const native = nativeSweep('strategy=getset&rtt=5', 'rtt').points.filter((p) => p.strategy === 'getset');
    assert.deepEqual((await points(w)).map(({ stale, ...p }) => p), native, 'its points are the model\'s');
    assert.equal(await name(w), 'At 5 ms: 40 of 40 get through on average; 10 at 0 ms, then 40 from about 4 ms on.');
    // One image with that name, beside the slider, and nothing loose inside.
    const tree = await w.root.locator('[data-slider="rtt"]').ariaSnapshot();
    assert.match(tree, /- '?img "At 5 ms: 40 of 40 get through on average; 10 at 0 ms, then 40 from about 4 ms on\."/);
    assert.doesNotMatch(tree.replace(/img "[^"]*"/, ''), /\b(10|40)\b/, `no loose number: ${tree}`);
    const m = await mark(w);
    assert.ok(m.shown && Math.abs(m.x - (4 + (m.width - 8) * 5 / 20)) <= 1 && m.dot === m.x, `the mark at 5 ms: ${JSON.stringify(m)}`);
    // Beside the slider: on its row, to its right.
    const [slider, chart] = [await w.locator('rtt').boundingBox(), await mini(w).boundingBox()];
    assert.ok(chart.x >= slider.x + slider.width && Math.abs((chart.y + chart.height / 2) - (slider.y + slider.height / 2)) <= 4, `beside: ${JSON.stringify({ slider, chart })}`);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('dragging the round trip moves only the mark; the words follow', async () => {
    const w = await openMounted('?strategy=getset&rtt=5');
    await complete(w);
    const before = await points(w);
    const x5 = (await mark(w)).x;
    for (const ms of [2, 0, 12.5, 20]) {
      await w.setSlider('rtt', ms);
      const want = 4 + ((await mark(w)).width - 8) * ms / 20;
      assert.ok(await until(async () => Math.abs((await mark(w)).x - want) <= 1), `the mark follows to ${ms} ms`);
      // Not a new sweep: the same points, none stale, at once.
      assert.deepEqual(await points(w), before, `at ${ms} ms the line stays`);
      assert.match(await name(w), new RegExp(`^At ${String(ms).replace('.', '\\.')} ms: `));
    }
    assert.notEqual((await mark(w)).x, x5);
    // At 0 ms the mark is on the first point: 10 of 40, as the model says.
    await w.setSlider('rtt', 0);
    const first = before.find((p) => p.x === '0');
    assert.ok(await until(async () => (await name(w)).startsWith(`At 0 ms: ${first.mean} of 40 get through`)), await name(w));
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('another strategy redraws from the same sweep; none for the strategies that do not wait for Redis', async () => {
    const w = await openMounted('?strategy=getset');
    await complete(w);
    await w.chooseStrategy('incr');
    assert.ok(await until(async () => (await name(w)) === 'At 2 ms: 10 of 40 get through on average; 10 throughout.'), await name(w));
    const native = nativeSweep('strategy=incr', 'rtt').points.filter((p) => p.strategy === 'incr');
    assert.deepEqual((await points(w)).map(({ stale, ...p }) => p), native);
    for (const s of ['local', 'split', 'sync', 'edge']) {
      await w.chooseStrategy(s);
      assert.ok(await until(async () => !(await mini(w).isVisible())), `no mini chart for ${s}`);
    }
    await w.chooseStrategy('lua');
    assert.ok(await until(() => mini(w).isVisible()), 'back for Lua');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('at 390×844 the focused slider, its mini chart, the picture and the total fit', async () => {
    const w = await openMounted('?strategy=getset', { width: 390, height: 844 });
    await w.locator('rtt').focus();
    await complete(w);
    const inView = async (loc) => loc.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight && r.height > 0;
    });
    // At least half the picture.
    const halfInView = (loc) => loc.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return Math.min(r.bottom, innerHeight) - Math.max(r.top, 0) >= r.height / 2;
    });
    // All four at once, once the focus's scroll and the mini chart's
    // arrival have settled (read once, the picture was sometimes caught
    // while the page still moved).
    assert.ok(await until(async () => (await inView(w.locator('rtt'))) && (await inView(mini(w)))
      && (await inView(w.locator('allowed-total'))) && (await halfInView(w.locator('topology')))),
    'slider, mini chart, total and half the picture in view together');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('axe finds nothing with the mini chart drawn, light and dark; screenshots', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      for (const colorScheme of ['light', 'dark']) {
        const w = await openMounted('?strategy=getset&rtt=3', { width, colorScheme });
        await w.root.locator('[data-slider="rtt"]').scrollIntoViewIfNeeded();
        await complete(w);
        if (width === 1280) assert.deepEqual(await audit(w.page), [], colorScheme);
        const file = path.join(SHOTS, `minichart-${width}-${colorScheme}.png`);
        await w.root.locator('[data-slider="rtt"]').screenshot({ path: file });
        assert.ok(fs.statSync(file).size > 1000, file);
        assert.deepEqual(w.problems(), []);
        await w.close();
      }
    }
  });
});
