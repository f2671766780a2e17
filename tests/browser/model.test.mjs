// The page shows what the model says: every card and every total, for all
// seven strategies, from the URL (Redis slow and down with both fail rules,
// sticky sessions with and without a move, an unplanned autoscale, batched
// sync at several intervals, the gateway, the per-minute bucket), after a
// slider drag, a new burst and a reset; the URL follows the state, every
// parameter included; bad parameters get a notice; the verdict matches.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openWidget, shutdown, expected, expectedAll, waitFor, until, assertMatchesModel, frames, STRATEGIES,
} from './harness.mjs';

after(shutdown);

/** Scenarios every strategy is checked on. */
const COMMON = [
  'servers=8&burst=120&rtt=3.5&seed=7',
  'servers=16&burst=500&lb=round-robin&seed=99',
  'servers=3&burst=25&rtt=0.7&limit=12&span=200&seed=123',
  'preset=per-minute',
];

/** Scenarios that exercise what each strategy has of its own. */
const OWN_SETTINGS = [
  // Sticky sessions, with and without a deploy moving the user.
  'strategy=local&lb=sticky',
  'strategy=local&lb=sticky&move=10',
  'strategy=local&lb=sticky&move=0&servers=1',
  'strategy=local&lb=sticky&move=39&seed=5&servers=9',
  'strategy=split&lb=sticky&move=20',
  'strategy=getset&lb=sticky&move=15&rtt=5',
  'strategy=incr&lb=sticky',
  // Limit ÷ N: planned for fewer servers than run (an autoscale), or more.
  'strategy=split&servers=10&plan=4',
  'strategy=split&servers=6&plan=2&burst=80',
  'strategy=split&servers=4&plan=16',
  'strategy=split&servers=16&burst=20&seed=3',
  // The gateway.
  'strategy=edge&lb=sticky',
  'strategy=edge&servers=1&burst=500',
  'strategy=edge&limit=200&burst=150&span=1000',
  // Local counters with batched sync, at several intervals, and without Redis.
  'strategy=sync&sync=1',
  'strategy=sync&sync=5&servers=8&burst=200',
  'strategy=sync&sync=1000',
  'strategy=sync&sync=20&redis=down',
  'strategy=sync&sync=10&redis=slow&timeout=20',
  'strategy=sync&redis=down&fail=closed&servers=16&burst=300',
  // GET then SET with Redis slow or down, failing open or closed, and a
  // round trip longer than the timeout.
  'strategy=getset&redis=slow&timeout=50',
  'strategy=getset&redis=slow&timeout=200',
  'strategy=getset&redis=down&fail=open',
  'strategy=getset&redis=down&fail=closed',
  'strategy=getset&rtt=20&timeout=5&fail=closed',
  'strategy=getset&servers=1&rtt=20',
  // INCR likewise.
  'strategy=incr&redis=slow&timeout=200&fail=closed',
  'strategy=incr&redis=slow&timeout=50&fail=open',
  'strategy=incr&redis=down&fail=closed&servers=6',
  'strategy=incr&redis=down&fail=open&traffic=250000',
  // The Lua token bucket: per minute, a two-second window, Redis away.
  'strategy=lua&window=60&limit=100&burst=400&span=1000',
  'strategy=lua&window=2&limit=5&burst=60&span=1000&lb=round-robin',
  'strategy=lua&redis=slow&timeout=50&fail=closed',
  'strategy=lua&redis=down&fail=open&traffic=1',
];

const FROM_URL = [
  ...STRATEGIES.flatMap((s) => COMMON.map((c) => `strategy=${s}&${c}`)),
  ...OWN_SETTINGS,
];

/** The current URL's query as a string, after it reflects `check`. */
async function queryWhen(w, check, message) {
  const q = await waitFor(async () => {
    const obj = await w.query();
    return check(obj) ? obj : null;
  }, { message });
  return new URLSearchParams(q).toString();
}

describe('numbers from the URL match the native model', () => {
  let w;
  before(async () => {
    [w] = await Promise.all([openWidget(''), expectedAll(FROM_URL)]);
  });
  after(async () => {
    // Anything that went wrong between tests (late errors) still fails the suite.
    try {
      if (w) assert.deepEqual(w.problems(), [], 'problems on the shared page');
    } finally {
      await w?.close();
    }
  });
  for (const query of FROM_URL) {
    test(`?${query}`, async () => {
      const seen = w.problems().length;
      await w.goto(`?${query}`);
      const strategy = new URLSearchParams(query).get('strategy');
      assert.equal(await w.selectedStrategy(), `strategy-${strategy}`);
      assert.equal((await w.locator('notice').innerText()).trim(), '', 'a valid URL raises no notice');
      await assertMatchesModel(w, query);
      assert.deepEqual(w.problems().slice(seen), []);
    });
  }
});

describe('interaction', () => {
  test('dragging the sliders updates cards and totals to the model for the new state', async () => {
    const w = await openWidget('?strategy=getset&seed=5');
    const steps = [['servers', 9], ['burst', 200], ['rtt', 4.3], ['servers', 1], ['rtt', 0], ['burst', 1]];
    for (const [name, value] of steps) {
      const before = JSON.stringify(await w.cards());
      await w.setSlider(name, value);
      const q = await queryWhen(w, (o) => Number(o[name]) === value, `${name}=${value} in the URL`);
      assert.equal(await w.sliderValue(name), value, `${name} slider shows ${value}`);
      await assertMatchesModel(w, q);
      if (name === 'servers') assert.equal((await w.cards()).length, value, `one card per server after ${name}=${value}`);
      assert.ok(before !== JSON.stringify(await w.cards()) || name === 'rtt', `cards changed after ${name}=${value}`);
    }
    // Same for strategies without Redis, and one with a gateway.
    for (const [strategy, servers, burst] of [['split', 6, 33], ['edge', 5, 70], ['sync', 12, 150]]) {
      await w.chooseStrategy(strategy);
      await w.setSlider('servers', servers);
      await w.setSlider('burst', burst);
      const q = await queryWhen(w, (o) => o.strategy === strategy && o.servers === String(servers) && o.burst === String(burst),
        `${strategy}/${servers}/${burst} in the URL`);
      await assertMatchesModel(w, q);
    }
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('a drag step rewrites what is on screen at once, and the figures below the cards once the drag stops', async () => {
    // 1280 x 900 at 16 x 500: the cards start on screen, the stats far below.
    const w = await openWidget('?strategy=getset&servers=16&burst=500&seed=4', { width: 1280, height: 900 });
    // The figures below the cards written once (off screen, they catch up
    // after the first render), and the page drawn.
    await w.page.locator('[data-slot="stats"] [data-testid]').first().waitFor({ state: 'attached' });
    await frames(w.page, 2);
    const step = await w.page.evaluate(async () => {
      const stats = document.querySelector('[data-slot="stats"]');
      const below = stats.getBoundingClientRect().top - innerHeight;
      const before = stats.innerHTML;
      const card = () => [...document.querySelectorAll('[data-testid="server-card"]')].map((c) => c.dataset.received).join();
      const cards = card();
      const slider = document.querySelector('[data-testid="burst"]');
      slider.value = '499';
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      for (let i = 0; i < 30; i++) await Promise.resolve();
      const same = { cards: card() === cards, stats: stats.innerHTML === before };
      return { below, same, before };
    });
    assert.ok(step.below > 200, `the stats start more than 200 px below the screen (${step.below} px)`);
    assert.equal(step.same.cards, false, 'the cards on screen change with the step itself');
    assert.equal(step.same.stats, true, 'the stats off screen wait for the drag to pause');
    const later = await until(() => w.page.evaluate((b) => document.querySelector('[data-slot="stats"]').innerHTML !== b, step.before), { timeout: 3000, interval: 50 });
    assert.ok(later, 'and catch up shortly after (150 ms)');
    await assertMatchesModel(w, 'strategy=getset&servers=16&burst=499&seed=4');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the URL follows the state, every parameter included, and reloading it shows the same numbers', async () => {
    const w = await openWidget('');
    await w.chooseStrategy('incr');
    await w.setSlider('servers', 11);
    await w.setSlider('burst', 77);
    await w.setSlider('rtt', 6.4);
    await w.choose('lb-sticky');
    await w.setSlider('move', 12);
    await w.choose('health-slow');
    await w.setSlider('timeout', 150);
    await w.choose('fail-closed');
    await w.setNumber('traffic', 120000);
    const q = await queryWhen(w, (o) => o.traffic === '120000', 'traffic=120000 in the URL');
    const obj = await w.query();
    const want = {
      strategy: 'incr', servers: '11', burst: '77', rtt: '6.4', limit: '10', window: '1', span: '40',
      lb: 'sticky', move: '12', redis: 'slow', timeout: '150', fail: 'closed', traffic: '120000',
    };
    for (const [k, v] of Object.entries(want)) assert.equal(obj[k], v, `${k}=${v} in the URL (${q})`);
    assert.ok(obj.seed, 'the seed is in the URL so the burst can be shared');
    await assertMatchesModel(w, q);

    // The strategies' own settings are written too.
    await w.chooseStrategy('split');
    await w.setSlider('plan', 3);
    await queryWhen(w, (o) => o.strategy === 'split' && o.plan === '3', 'plan=3 in the URL');
    await w.chooseStrategy('sync');
    await w.setSlider('sync', 25);
    const q2 = await queryWhen(w, (o) => o.strategy === 'sync' && o.sync === '25', 'sync=25 in the URL');
    const obj2 = Object.fromEntries(new URLSearchParams(q2));
    assert.equal(obj2.plan, '3', 'the plan stays in the URL while another strategy shows');
    assert.equal(obj2.move, '12', 'the move stays in the URL');
    const before = await assertMatchesModel(w, q2);
    const shownBefore = await w.numbers();

    await w.reload();
    assert.equal(await w.selectedStrategy(), 'strategy-sync', 'tab restored');
    for (const [name, v] of [['servers', 11], ['burst', 77], ['rtt', 6.4], ['sync', 25], ['timeout', 150], ['move', 12]]) {
      assert.equal(await w.sliderValue(name), v, `${name} restored`);
    }
    assert.equal(Number(await w.locator('traffic').inputValue()), 120000, 'traffic restored');
    for (const id of ['lb-sticky', 'health-slow', 'fail-closed']) assert.ok(await w.radio(id).isChecked(), `${id} checked after reload`);
    assert.deepEqual(await w.numbers(), shownBefore, 'same numbers after reload');
    assert.equal((await w.locator('notice').innerText()).trim(), '', 'a URL the widget wrote raises no notice');
    assert.deepEqual(new URLSearchParams(await w.query()).toString(), q2, 'the URL is stable across reload');
    assert.equal(before.seed, Number(obj2.seed));
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('"New burst" changes the seed in the URL and the numbers follow the model', async () => {
    const w = await openWidget('?strategy=getset&servers=8&burst=60&seed=11&redis=slow&timeout=120');
    await assertMatchesModel(w, 'strategy=getset&servers=8&burst=60&seed=11&redis=slow&timeout=120');
    let seed = '11';
    for (let i = 0; i < 3; i++) {
      await w.locator('reroll').click();
      const q = await queryWhen(w, (o) => o.seed !== seed, 'a new seed in the URL');
      const obj = Object.fromEntries(new URLSearchParams(q));
      assert.notEqual(obj.seed, seed);
      assert.equal(obj.strategy, 'getset', 'a new burst keeps the strategy');
      assert.equal(obj.servers, '8', 'a new burst keeps the servers');
      assert.equal(obj.burst, '60', 'a new burst keeps the burst size');
      assert.equal(obj.redis, 'slow', 'a new burst keeps Redis slow');
      assert.equal(obj.timeout, '120', 'a new burst keeps the timeout');
      const want = await assertMatchesModel(w, q);
      assert.equal(String(want.seed), obj.seed);
      assert.match(await w.page.locator('.rll-seed').innerText(), new RegExp(`\\b${obj.seed}\\b`), 'the seed shown matches the URL');
      seed = obj.seed;
    }
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('Reset returns to the scenario the page was opened with, seed included', async () => {
    const start = 'strategy=split&servers=10&plan=4&burst=60&seed=31';
    const w = await openWidget(`?${start}`);
    const first = await queryWhen(w, (o) => o.plan === '4', 'the starting URL written back');
    const shownFirst = await w.numbers();
    await assertMatchesModel(w, start);
    await w.chooseStrategy('getset');
    await w.setSlider('servers', 3);
    await w.choose('health-down');
    await w.choose('lb-round-robin');
    await w.locator('reroll').click();
    await queryWhen(w, (o) => o.seed !== '31' && o.strategy === 'getset', 'the changes in the URL');
    await w.locator('reset').click();
    const back = await queryWhen(w, (o) => o.strategy === 'split' && o.seed === '31', 'the start in the URL again');
    assert.equal(back, first, 'the URL is the starting one again');
    assert.equal(await w.selectedStrategy(), 'strategy-split');
    assert.equal(await w.sliderValue('plan'), 4);
    assert.ok(await w.radio('health-up').isChecked(), 'Redis healthy again');
    assert.ok(await w.radio('lb-random').isChecked(), 'random load balancing again');
    assert.deepEqual(await w.numbers(), shownFirst, 'the starting numbers again');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('malformed parameters: a visible notice names each one, the rest is clamped', async () => {
    const query = 'servers=abc&burst=9999&rtt=-4&strategy=nope&lb=zig';
    const w = await openWidget(`?${query}`);
    const notice = w.locator('notice');
    assert.equal(await notice.getAttribute('role'), 'status');
    assert.ok(await notice.isVisible(), 'notice visible');
    const text = await notice.innerText();
    for (const name of ['servers', 'burst', 'rtt', 'strategy', 'lb']) {
      assert.match(text, new RegExp(`\\b${name}\\b`), `notice mentions ${name}: ${text}`);
    }
    assert.equal(await w.sliderValue('burst'), 500, 'burst clamped to 500');
    assert.equal(await w.sliderValue('rtt'), 0, 'rtt clamped to 0');
    assert.equal(await w.sliderValue('servers'), 4, 'servers default 4');
    assert.equal((await w.cards()).length, 4);
    assert.equal(await w.selectedStrategy(), 'strategy-local', 'unknown strategy falls back to local');
    const obj = await w.query();
    assert.equal(obj.burst, '500');
    assert.equal(obj.rtt, '0');
    assert.equal(obj.servers, '4');
    assert.equal(obj.strategy, 'local');
    assert.equal(obj.lb, 'random');
    await assertMatchesModel(w, query);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('malformed new parameters: each named in the notice, clamped or ignored, the rest applies', async () => {
    const w = await openWidget('');
    const cases = [
      ['strategy=split&servers=6&plan=99&sync=0&redis=sideways&timeout=-5&fail=maybe&traffic=2e9&window=0',
        ['plan', 'sync', 'redis', 'timeout', 'fail', 'traffic', 'window'],
        { strategy: 'split', servers: '6', plan: '16', sync: '1', redis: 'up', timeout: '1', fail: 'open', traffic: '1000000', window: '1' }],
      ['strategy=local&lb=sticky&move=abc&servers=5',
        ['move'], { lb: 'sticky', servers: '5', move: undefined }],
      ['strategy=local&lb=sticky&move=400&burst=30',
        ['move'], { lb: 'sticky', move: '39', burst: '30' }],
      ['strategy=sync&sync=abc&traffic=12.5&timeout=5000&redis=slow',
        ['sync', 'traffic', 'timeout'], { strategy: 'sync', sync: '10', traffic: '13', timeout: '1000', redis: 'slow' }],
    ];
    for (const [query, names, want] of cases) {
      await w.goto(`?${query}`);
      const notice = w.locator('notice');
      assert.ok(await notice.isVisible(), `notice visible for ?${query}`);
      assert.equal(await notice.getAttribute('role'), 'status');
      const text = await notice.innerText();
      for (const name of names) assert.match(text, new RegExp(`\\b${name}\\b`), `notice mentions ${name}: ${text}`);
      const obj = await w.query();
      for (const [k, v] of Object.entries(want)) assert.equal(obj[k], v, `${k} in the URL after ?${query}`);
      await assertMatchesModel(w, query);
    }
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('a good URL raises no notice', async () => {
    const w = await openWidget('?strategy=incr&servers=5&burst=30&rtt=1.5&seed=4&redis=slow&timeout=300&fail=closed&traffic=7000&lb=sticky&move=3');
    assert.equal((await w.locator('notice').innerText()).trim(), '');
    assert.ok(await w.locator('notice').isHidden());
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('verdicts, by the kind of each line', () => {
  let w;
  before(async () => {
    w = await openWidget('');
  });
  after(async () => {
    // Anything that went wrong between tests (late errors) still fails the suite.
    try {
      if (w) assert.deepEqual(w.problems(), [], 'problems on the shared page');
    } finally {
      await w?.close();
    }
  });
  // "not enforced" contains "enforced": a pattern on the text cannot tell
  // them apart, so each line is checked by its data-kind.
  const cases = [
    ['', ['not-enforced'], 'local counters at the default let too many through'],
    ['strategy=incr', ['enforced'], 'atomic INCR enforces the limit'],
    ['strategy=getset&servers=8&burst=120&rtt=3.5&seed=7', ['not-enforced'], 'GET then SET under a burst'],
    ['strategy=split', ['enforced', 'refused-under-limit'], 'limit ÷ N: exactly the limit, but real requests refused'],
    ['strategy=split&servers=16&burst=20&seed=3', ['refused-under-limit'], 'limit ÷ N with 16 servers and 20 requests'],
    ['strategy=getset&redis=down&fail=closed', ['all-refused', 'refused-under-limit'], 'Redis down, failing closed'],
    ['strategy=incr&redis=down&fail=open', ['not-enforced'], 'Redis down, failing open'],
    ['strategy=lua&preset=per-minute', ['enforced'], 'the bucket refilling within the burst is not over the limit'],
    ['strategy=edge', ['enforced'], 'the gateway'],
  ];
  for (const [query, kinds, what] of cases) {
    test(`${what}: ${kinds.join(' + ')}`, async () => {
      const seen = w.problems().length;
      await w.goto(`?${query}`);
      const want = expected(query);
      const got = await w.verdictKinds();
      assert.deepEqual(got, want.verdicts, 'the verdict lines are the model\'s');
      for (const k of kinds) assert.ok(got.includes(k), `${k} in ${got}`);
      if (got.includes('not-enforced')) assert.ok(!got.includes('enforced'), 'never both enforced and not enforced');
      const lines = await w.locator('verdict').locator('p[data-kind]').allInnerTexts();
      assert.equal(lines.length, got.length);
      for (const l of lines) assert.ok(l.trim().length > 10, `a verdict line says something: "${l}"`);
      // The kinds agree with the totals.
      const n = await w.numbers();
      assert.equal(got.includes('not-enforced'), n.over > 0, 'not enforced exactly when some got through beyond the allowance');
      assert.equal(got.includes('refused-under-limit'), n.wrongly_refused > 0 || n.regular_user < n.limit,
        'real requests refused exactly when some a correct limiter would let through were refused, here or for a regular user');
      if (got.includes('all-refused')) assert.equal(n.allowed, 0);
      assert.deepEqual(w.problems().slice(seen), []);
    });
  }
});
