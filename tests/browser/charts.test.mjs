// The charts (issue 15): what gets through as servers are added and as the
// round trip grows. Once the charts section is scrolled into view and the
// sweep is done, every point's data-* equals the native sweep
// (`examples/sweep.rs`, the same `Sweep::complete` the widget runs); local
// counters under round-robin sit exactly on min(B, N × L); a slider change
// marks the points stale and they settle on the new sweep; "Show me" sets
// the state it names and brings the picture into view; the keyboard
// reaches the points and the readout says their numbers; the table holds
// the same numbers, under a caption; in the accessibility tree each chart is
// one image named by a summary of its lines, with no loose tick number;
// axe finds nothing with the charts drawn. Screenshots of
// both charts at 390 and 1280 px, light and dark, go to artifacts/.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { browser, server, watch, Widget, shutdown, expected, until, audit, openMounted, nativeSweep, chartPoints, ROOT, ARTIFACTS } from './harness.mjs';

after(shutdown);

// ---------------------------------------------------------------- helpers

const open = openMounted;

/** The page's own query as a string (what the widget is showing), without `t`. */
async function currentQuery(w) {
  const q = await w.query();
  delete q.t;
  return new URLSearchParams(q).toString();
}

const working = (w) => w.root.locator('[data-slot="chart-working"]');

/** Scrolls the charts into view and waits until both sweeps are done. */
async function drawn(w, { timeout = 30000 } = {}) {
  await w.root.locator('[data-slot="charts"]').scrollIntoViewIfNeeded();
  await w.locator('chart-servers').waitFor({ state: 'attached', timeout: 10000 });
  await w.locator('chart-rtt').waitFor({ state: 'attached', timeout: 10000 });
  const done = await until(async () => (await working(w).textContent()) === '', { timeout, interval: 50 });
  assert.ok(done, `the sweep was still computing after ${timeout} ms: "${await working(w).textContent()}"`);
}

/** The drawn points of chart `testid`, as the native sweep writes them. */
async function points(w, testid) {
  return (await chartPoints(w.locator(testid))).map(({ stale, ...p }) => p);
}

/** How many points of a chart are marked stale. */
function staleCount(w, testid) {
  return w.locator(testid).locator('circle.rll-chart__dot--stale').count();
}

/** Asserts both charts equal the native sweep for `query`. */
async function assertNative(w, query, what) {
  for (const [testid, axis] of [['chart-servers', 'servers'], ['chart-rtt', 'rtt']]) {
    const native = nativeSweep(query, axis);
    const got = await points(w, testid);
    assert.equal(got.length, native.points.length, `${what}: ${testid} has every point`);
    assert.deepEqual(got, native.points, `${what}: ${testid} equals the native sweep of ${query}`);
    assert.equal(await staleCount(w, testid), 0, `${what}: no point of ${testid} is stale once done`);
  }
}

/** Local counters under round-robin: exactly min(B, N × L) at every N, no spread. */
async function assertLocalCeiling(w, query) {
  const { burst } = nativeSweep(query, 'servers');
  const limit = Number(new URLSearchParams(query).get('limit') ?? 10);
  const local = (await points(w, 'chart-servers')).filter((p) => p.strategy === 'local');
  assert.equal(local.length, 16);
  for (const p of local) {
    const want = Math.min(burst, Number(p.x) * limit);
    assert.deepEqual([p.mean, p.min, p.max], [String(want), want, want], `local counters at N = ${p.x} (B = ${burst}, L = ${limit})`);
  }
}

/** The element with focus, through shadow roots. */
function focusedElement(page) {
  return page.evaluateHandle(() => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  });
}

/**
 * The point the arrow keys are on in the focused chart (the chart is the
 * one focusable element: an image; its marked point carries `data-at`).
 */
async function focusedPoint(page) {
  const h = await focusedElement(page);
  return h.evaluate((svg) => {
    if (!svg || svg.tagName.toLowerCase() !== 'svg') return null;
    const e = svg.querySelector('circle[data-at]');
    return e ? {
      chart: svg.getAttribute('data-testid'),
      strategy: e.dataset.strategy,
      x: e.dataset.x,
      mean: e.dataset.mean,
      min: e.dataset.min,
      max: e.dataset.max,
      label: e.dataset.label,
    } : null;
  });
}

/** Whether the picture is (at least half) inside the viewport. */
function pictureInView(w) {
  return w.locator('topology').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const seen = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
    return seen >= Math.min(r.height, innerHeight) / 2;
  });
}

// ------------------------------------------------------------------ tests

describe('the charts agree with the native sweep', () => {
  test('the defaults: every point of both charts', async () => {
    const w = await open('');
    assert.equal(await w.locator('chart-servers').count(), 0, 'no chart is built before it is seen');
    await w.root.locator('[data-slot="charts"]').scrollIntoViewIfNeeded();
    await w.locator('chart-servers').waitFor({ state: 'attached', timeout: 10000 });
    await drawn(w);
    await assertNative(w, await currentQuery(w), 'defaults');
    // Each chart's burst: 160 as servers are added (16 × the limit), the learner's 40 as the round trip grows.
    assert.match(await w.root.locator('[data-slot="chart-note"]').innerText(), /seeds 2026 to 2075\): of 160 requests as servers are added, .* and of 40, yours, as the round trip grows/);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('limit=5&burst=200&lb=round-robin&seed=7, and local counters on min(B, N × L)', async () => {
    const query = 'limit=5&burst=200&lb=round-robin&seed=7';
    const w = await open(`?${query}`);
    await drawn(w);
    await assertNative(w, query, query);
    await assertLocalCeiling(w, query);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('the charts follow the scenario', () => {
  test('a slider change marks the points stale, then they settle on the new sweep', async () => {
    // 16 × L is above the burst's range here, so the servers chart runs 500
    // requests and local counters reach the whole burst from 10 servers on.
    const query = 'limit=50&burst=100&lb=round-robin&seed=3&strategy=incr';
    const w = await open(`?${query}`);
    await drawn(w);
    await assertNative(w, query, query);
    await assertLocalCeiling(w, query);
    const before = {
      servers: await points(w, 'chart-servers'),
      rtt: await points(w, 'chart-rtt'),
    };
    // The round trip moves the servers chart; the burst moves the round-trip chart.
    // A quick sweep is stale for only a few frames: each chart notes, as
    // it changes, whether it has shown a stale point.
    for (const id of ['chart-servers', 'chart-rtt']) {
      await w.locator(id).evaluate((el) => {
        el.staleSeen = false;
        const look = () => { el.staleSeen ||= !!el.querySelector('circle.rll-chart__dot--stale'); };
        new MutationObserver(look).observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
    }
    await working(w).evaluate((el) => {
      el.saidSeen = false;
      new MutationObserver(() => { el.saidSeen ||= el.textContent !== ''; }).observe(el, { subtree: true, childList: true, characterData: true });
    });
    await w.setSlider('rtt', 5);
    await w.setSlider('burst', 300);
    const seen = (id) => w.locator(id).evaluate((el) => el.staleSeen);
    const stale = await until(async () => (await seen('chart-servers')) && (await seen('chart-rtt')), { timeout: 3000, interval: 10 });
    assert.ok(stale, 'the old points are marked stale while the new sweep runs');
    assert.ok(await working(w).evaluate((el) => el.saidSeen || el.textContent !== ''), 'the charts say they are working');
    await drawn(w);
    // The address follows 250 ms after the last change; a quick sweep can
    // be done before that.
    const now = await until(async () => {
      const q = await currentQuery(w);
      return /rtt=5/.test(q) && /burst=300/.test(q) ? q : null;
    }, { timeout: 3000, interval: 20 }) ?? await currentQuery(w);
    assert.match(now, /rtt=5/);
    assert.match(now, /burst=300/);
    await assertNative(w, now, 'after the slider change');
    assert.notDeepEqual(await points(w, 'chart-servers'), before.servers, 'the servers chart changed');
    assert.notDeepEqual(await points(w, 'chart-rtt'), before.rtt, 'the round-trip chart changed');
    await assertLocalCeiling(w, now);
    // A new burst (a new seed) moves both charts too.
    await w.locator('reroll').click();
    await until(async () => (await staleCount(w, 'chart-rtt')) > 0 || (await working(w).textContent()) !== '', { timeout: 3000, interval: 10 });
    await drawn(w);
    const rerolled = await until(async () => {
      const q = await currentQuery(w);
      return new URLSearchParams(q).get('seed') !== '3' ? q : null;
    }, { timeout: 3000, interval: 20 }) ?? await currentQuery(w);
    assert.notEqual(new URLSearchParams(rerolled).get('seed'), '3');
    await assertNative(w, rerolled, 'after a new burst');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('"Show me"', () => {
  test('from a takeaway: sets the scenario it names and brings the picture into view', async () => {
    const w = await open('?strategy=incr');
    const buttons = w.root.locator('.rll-takeaways [data-testid="show-me"]');
    assert.equal(await buttons.count(), 5, 'each takeaway offers its scenario');
    for (const k of [0, 2]) {
      const button = buttons.nth(k);
      const query = await button.getAttribute('data-query');
      await button.scrollIntoViewIfNeeded();
      assert.equal(await pictureInView(w), false, 'the picture is out of sight before');
      await button.click();
      assert.ok(await until(() => pictureInView(w), { timeout: 3000 }), `the picture comes into view (${query})`);
      const named = Object.fromEntries(new URLSearchParams(query));
      const url = await until(async () => {
        const q = await w.query();
        return Object.entries(named).every(([k2, v]) => q[k2] === v) ? q : null;
      }, { timeout: 3000 });
      assert.ok(url, `the URL holds ${query}: ${JSON.stringify(await w.query())}`);
      const e = expected(query);
      assert.equal(await w.allowedTotal(), e.allowed, `${query}: allowed`);
      assert.deepEqual(await w.cards(), e.cards, `${query}: the cards`);
      assert.equal(await w.selectedStrategy(), `strategy-${named.strategy}`);
      assert.equal(expected(await currentQuery(w)).allowed, e.allowed, 'the URL names the same run');
    }
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('from a quiz question\'s feedback, once the question is over', async () => {
    const w = await open('?strategy=incr');
    const question = w.root.locator('[data-testid="quiz-question"]').filter({ has: w.root.locator('[data-query*="plan=4"]') });
    assert.equal(await question.count(), 1);
    const showMe = question.locator('[data-testid="show-me"]');
    const query = await showMe.getAttribute('data-query');
    await question.scrollIntoViewIfNeeded();
    assert.equal(await showMe.isVisible(), false, 'not offered before the question is over');
    // Pick options in turn until the right one.
    const options = question.locator('[data-act="quiz-pick"]');
    const n = await options.count();
    for (let i = 0; i < n && !(await showMe.isVisible()); i++) await options.nth(i).click();
    assert.equal(await showMe.isVisible(), true, 'offered once the question is over');
    assert.match(await showMe.innerText(), /^Show me: /);
    await showMe.click();
    assert.ok(await until(() => pictureInView(w), { timeout: 3000 }), 'the picture comes into view');
    const e = expected(query);
    assert.equal(await w.allowedTotal(), e.allowed);
    assert.equal(await w.selectedStrategy(), 'strategy-split');
    const q = await until(async () => ((await w.query()).plan === '4' ? w.query() : null), { timeout: 3000 });
    assert.ok(q, 'the URL follows');
    assert.equal(q.servers, '10');
    assert.equal(q.burst, '200');
    assert.deepEqual(await w.cards(), e.cards);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('drawing the charts moves nothing', () => {
  test('the boxes below the legend keep their size from before the SVG is built until the sweep is done', async () => {
    for (const width of [390, 1280]) {
      const w = await open('', { width, height: 800 });
      // Each box whose size the drawing could change, measured off screen
      // (the charts are built when they come into view).
      const boxes = () => w.root.locator('[data-slot="charts"]').evaluate((el) => {
        const sel = ['[data-slot="chart-working"]', '[data-chart="servers"]', '[data-chart="rtt"]', '.rll-charts__grid'];
        return sel.map((s) => `${s} ${Math.round(el.querySelector(s).getBoundingClientRect().height)}`);
      });
      assert.equal(await w.locator('chart-servers').count(), 0, `${width}: no SVG before the charts come into view`);
      const unbuilt = await boxes();
      await w.root.locator('[data-slot="charts"]').scrollIntoViewIfNeeded();
      await w.locator('chart-servers').waitFor({ state: 'attached', timeout: 10000 });
      const working = await boxes();
      await drawn(w);
      assert.deepEqual(working, unbuilt, `${width}: while the sweep runs`);
      assert.deepEqual(await boxes(), unbuilt, `${width}: once it is done`);
      assert.deepEqual(w.problems(), []);
      await w.close();
    }
  });
});

describe('reading the charts', () => {
  // One page for the reading tests: the sweep runs once.
  let w;
  // Units in every name: "4 servers" or "2 ms round trip", "40 allowed on average".
  const says = (p) => new RegExp(`, ${p.x} (servers?|ms round trip): ${p.mean.replace('.', '\\.')} allowed on average, fewest ${p.min}, most ${p.max}$`);
  before(async () => {
    w = await open('?strategy=getset&servers=6');
    await drawn(w);
  });
  after(async () => {
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('Tab reaches each chart (one tab stop per chart) and marks a point; the readout says its numbers', async () => {
    const page = w.page;
    const readout = w.locator('chart-readout');
    // Tab from the last control before the charts into the servers chart.
    await w.locator('traffic').focus();
    let first = null;
    for (let i = 0; i < 10 && !first; i++) {
      await page.keyboard.press('Tab');
      first = await focusedPoint(page);
    }
    assert.ok(first, 'Tab reaches the servers chart, its first point marked');
    assert.equal(first.chart, 'chart-servers');
    assert.deepEqual([first.strategy, first.x], ['local', '1']);
    assert.match(await readout.innerText(), says(first), 'the readout says the focused point\'s numbers');
    assert.match(await readout.innerText(), /^Local counters, 1 server: /);
    // The next Tab leaves the points (one tab stop per chart) ...
    await page.keyboard.press('Tab');
    assert.equal(await focusedPoint(page), null, 'one tab stop per chart');
    // ... and a later one reaches the round-trip chart.
    let rtt = null;
    for (let i = 0; i < 4 && !rtt; i++) {
      await page.keyboard.press('Tab');
      rtt = await focusedPoint(page);
    }
    assert.ok(rtt, 'Tab reaches the round-trip chart');
    assert.deepEqual([rtt.chart, rtt.strategy, rtt.x], ['chart-rtt', 'getset', '0']);
    assert.match(await readout.innerText(), says(rtt));
  });

  test('arrow keys move between points: right and left along a line, down to the next line', async () => {
    const page = w.page;
    const readout = w.locator('chart-readout');
    await w.locator('chart-servers').focus();
    const start = await focusedPoint(page);
    assert.deepEqual([start.strategy, start.x], ['local', '1']);
    await page.keyboard.press('ArrowRight');
    const right = await focusedPoint(page);
    assert.deepEqual([right?.chart, right?.strategy, right?.x], ['chart-servers', 'local', '2'], 'ArrowRight moves focus to the next point');
    assert.match(await readout.innerText(), says(right));
    await page.keyboard.press('ArrowDown');
    const down = await focusedPoint(page);
    assert.deepEqual([down.strategy, down.x], ['split', '2'], 'ArrowDown moves to the next line at the same x');
    assert.match(await readout.innerText(), /^Limit ÷ N, 2 servers: /);
    assert.match(await readout.innerText(), says(down));
    await page.keyboard.press('ArrowLeft');
    const left = await focusedPoint(page);
    assert.deepEqual([left.strategy, left.x], ['split', '1']);
    await page.keyboard.press('ArrowUp');
    const up = await focusedPoint(page);
    assert.deepEqual([up.strategy, up.x], ['local', '1']);
    // The point reached keeps the chart's one tab stop.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    const back = await focusedPoint(page);
    assert.deepEqual([back.strategy, back.x], ['local', '2'], 'Shift+Tab returns to the chart, the point last reached still marked');
  });

  test('hovering a point shows its numbers', async () => {
    const readout = w.locator('chart-readout');
    const names = { local: 'Local counters', split: 'Limit ÷ N', sync: 'Local + sync', edge: 'At the edge', getset: 'GET, then SET', incr: 'INCR', lua: 'Lua bucket' };
    for (const testid of ['chart-servers', 'chart-rtt']) {
      await w.locator(testid).scrollIntoViewIfNeeded();
      // A point in the middle of the chart that no other point covers.
      const index = await w.locator(testid).evaluate((svg) => {
        const dots = [...svg.querySelectorAll('circle:not([visibility])')];
        const order = dots.map((d, i) => i).sort((a, b) => Math.abs(a - dots.length / 2) - Math.abs(b - dots.length / 2));
        return order.find((i) => {
          const r = dots[i].getBoundingClientRect();
          return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === dots[i];
        });
      });
      assert.notEqual(index, undefined, `${testid} has a point to hover`);
      const dot = w.locator(testid).locator('circle:not([visibility])').nth(index);
      await dot.hover();
      const p = await dot.evaluate((e) => ({ s: e.dataset.strategy, x: e.dataset.x, mean: e.dataset.mean, min: e.dataset.min, max: e.dataset.max }));
      const unit = testid === 'chart-servers' ? `${p.x} server${p.x === '1' ? '' : 's'}` : `${p.x} ms round trip`;
      assert.equal(await readout.innerText(), `${names[p.s]}, ${unit}: ${p.mean} allowed on average, fewest ${p.min}, most ${p.max}`, `hover on ${testid}`);
    }
  });

  test('each chart has a table of the same numbers', async () => {
    for (const [name, testid] of [['servers', 'chart-servers'], ['rtt', 'chart-rtt']]) {
      const table = w.root.locator(`table[data-table="${name}"]`);
      const details = table.locator('xpath=ancestor::details');
      // Labelled: its caption names the chart and what the cells hold.
      const title = await table.locator('xpath=ancestor::figure').locator('figcaption').innerText();
      assert.match(await table.locator('caption').textContent(), new RegExp(`^${title}: mean allowed \\(fewest–most\\) by `));
      assert.equal(await table.isVisible(), false, 'closed at first');
      await details.locator('summary').click();
      assert.equal(await table.isVisible(), true, `the ${name} table opens`);
      const pts = await points(w, testid);
      const strategies = [...new Set(pts.map((p) => p.strategy))];
      assert.equal(await table.locator('tbody tr').count(), strategies.length, 'a row per strategy');
      const xs = [...new Set(pts.map((p) => p.x))];
      assert.equal(await table.locator('thead th').count(), xs.length + 1, 'a column per value');
      assert.equal(await table.locator('tbody th[scope="row"]').count(), strategies.length, 'row headers');
      const cells = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
      strategies.forEach((s, i) => {
        const want = pts.filter((p) => p.strategy === s).map((p) => `${p.mean} (${p.min}–${p.max})`);
        assert.deepEqual(cells[i], want, `the ${name} table's row for ${s}`);
      });
    }
  });
});

describe('accessibility of the charts', () => {
  // Issue 27 item 10: the charts read as some 175 images and loose tick
  // numbers. Now each chart is one image named by what it shows; its table,
  // captioned, is the reading path.
  test('in the accessibility tree each chart is one image with a summary, and no tick number is loose', async () => {
    const w = await open('?strategy=getset');
    await drawn(w);
    const tree = await w.root.locator('[data-slot="charts"]').ariaSnapshot();
    const imgs = tree.split('\n').filter((l) => /^\s*- '?img\b/.test(l));
    assert.equal(imgs.length, 2, `two images:\n${tree}`);
    assert.match(imgs[0], /img "As servers are added: the mean allowed of 160 requests over 50 bursts, limit 10\. Local counters: 10 at 1 server, \d+ at 16 servers; .*; INCR: 10 throughout; .*\. Every number is in the table under the chart\."/);
    assert.match(imgs[1], /img "As the round trip grows: the mean allowed of 40 requests over 50 bursts, limit 10\. GET, then SET: 10 at 0 ms, then 40 from about 4 ms on; INCR: 10 throughout; Lua bucket: 10 throughout\. Every/);
    // An image's children are not in the tree: no point, no tick.
    const rest = tree.split('\n').filter((l) => !imgs.includes(l));
    for (const l of rest) {
      assert.doesNotMatch(l, /^\s*- (text: )?'?\d+'?$/, `a loose number in the tree: ${l}\n${tree}`);
    }
    assert.equal((tree.match(/\bimg\b/g) ?? []).length, 2, 'no other image');
    // The table follows each image, reached through its disclosure.
    assert.equal((tree.match(/- group: The same numbers as a table|- 'group: The same numbers as a table'|The same numbers as a table/g) ?? []).length, 2, tree);
    await w.root.locator('summary').first().click();
    const open1 = await w.root.locator('[data-slot="charts"]').ariaSnapshot();
    assert.match(open1, /- '?table "As servers are added: mean allowed \(fewest–most\) by API servers"/, open1);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('axe finds nothing with the charts drawn (and a point focused), light and dark', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const w = await open('?strategy=lua', { colorScheme });
      await drawn(w);
      await w.locator('chart-servers').focus();
      assert.deepEqual(await audit(w.page), [], colorScheme);
      assert.deepEqual(w.problems(), []);
      await w.close();
    }
  });
});

describe('screenshots', () => {
  for (const width of [390, 1280]) {
    for (const colorScheme of ['light', 'dark']) {
      test(`both charts at ${width} px, ${colorScheme}`, async () => {
        const w = await open('?strategy=getset', { width, colorScheme });
        await drawn(w);
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        const file = path.join(ARTIFACTS, `charts-${width}-${colorScheme}.png`);
        await w.root.locator('[data-slot="charts"]').screenshot({ path: file });
        assert.ok(fs.statSync(file).size > 5000, `${file} has a picture in it`);
        // Both charts are drawn with every point, and fit the width.
        for (const testid of ['chart-servers', 'chart-rtt']) {
          const box = await w.locator(testid).boundingBox();
          assert.ok(box.width > 150 && box.x >= 0 && box.x + box.width <= width, `${testid} fits ${width} px: ${JSON.stringify(box)}`);
        }
        const overflow = await w.page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        assert.ok(overflow <= 0, `no sideways scrolling at ${width} px (${overflow} px too wide)`);
        assert.deepEqual(w.problems(), []);
        await w.close();
      });
    }
  }
});
