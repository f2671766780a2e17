// The page shows what the model says: every card and every total, for every
// strategy, from the URL, after a slider drag and after a new burst; the URL
// follows the state; bad parameters get a notice; the verdict matches.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openWidget, shutdown, expected, waitFor, ROOT, DIST } from './harness.mjs';

after(shutdown);

const STRATEGIES = ['local', 'split', 'getset', 'incr'];
const SCENARIOS = [
  'servers=8&burst=120&rtt=3.5&seed=7',
  'servers=16&burst=500&lb=round-robin&seed=99',
  'preset=per-minute',
  'servers=3&burst=25&rtt=0.7&limit=12&span=200&seed=123',
];

/** Newest modification time of the files under `dir` (for stale-build hints). */
function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}
function staleHint() {
  try {
    const built = fs.statSync(path.join(DIST, 'ratelimit_lab_bg.wasm')).mtimeMs;
    const src = newest(path.join(ROOT, 'src'));
    return src > built ? ' (note: src/ is newer than dist/: the build may be stale)' : '';
  } catch {
    return '';
  }
}

/** Everything the page shows as numbers, in the shape of `expected()`. */
async function shown(w) {
  const hasCounter = (await w.locator('final-counter').count()) > 0;
  return {
    cards: await w.cards(),
    allowed: await w.allowedTotal(),
    limit: await w.limit(),
    over: await w.over(),
    refused_under_limit: await w.refusedUnderLimit(),
    redis_calls: await w.redisCalls(),
    redis_calls_per_request: await w.redisCallsPerRequest(),
    final_counter: hasCounter ? await w.finalCounter() : null,
  };
}

/** Asserts the page matches the native model for `query`. */
async function assertMatchesModel(w, query, strategy) {
  const want = expected(query);
  const got = await shown(w);
  const ctx = `for ?${query}${staleHint()}`;
  assert.deepEqual(got.cards, want.cards, `server cards ${ctx}`);
  assert.equal(got.allowed, want.allowed, `allowed-total ${ctx}`);
  assert.equal(got.limit, want.limit, `limit ${ctx}`);
  assert.equal(got.over, want.over, `over ${ctx}`);
  assert.equal(got.refused_under_limit, want.refused_under_limit, `refused-under-limit ${ctx}`);
  assert.equal(got.redis_calls, want.redis_calls, `redis-calls ${ctx}`);
  assert.ok(
    Math.abs(got.redis_calls_per_request - want.redis_calls_per_request) <= 0.005,
    `redis-calls-per-request ${got.redis_calls_per_request} vs ${want.redis_calls_per_request} ${ctx}`,
  );
  // Internal consistency a learner relies on.
  const sum = got.cards.reduce((a, c) => ({ r: a.r + c.received, a: a.a + c.allowed, x: a.x + c.refused }), { r: 0, a: 0, x: 0 });
  assert.equal(sum.a, got.allowed, `cards' allowed add up to the total ${ctx}`);
  for (const c of got.cards) assert.equal(c.allowed + c.refused, c.received, `card ${c.server} adds up ${ctx}`);
  if (strategy === 'getset' || strategy === 'incr') {
    assert.notEqual(got.final_counter, null, `final-counter shown for ${strategy}`);
    assert.equal(got.final_counter, want.final_counter, `final-counter ${ctx}`);
  } else {
    assert.equal(await w.locator('final-counter').count(), 0, `final-counter absent for ${strategy}`);
  }
  return want;
}

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
  for (const strategy of STRATEGIES) {
    for (const scenario of SCENARIOS) {
      const query = `strategy=${strategy}&${scenario}`;
      test(`?${query}`, async () => {
        const seen = w.problems().length;
        await w.goto(`?${query}`);
        assert.equal(await w.selectedStrategy(), `strategy-${strategy}`);
        await assertMatchesModel(w, query, strategy);
        assert.deepEqual(w.problems().slice(seen), []);
      });
    }
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
      await assertMatchesModel(w, q, 'getset');
      if (name === 'servers') assert.equal((await w.cards()).length, value, `one card per server after ${name}=${value}`);
      assert.ok(before !== JSON.stringify(await w.cards()) || name === 'rtt', `cards changed after ${name}=${value}`);
    }
    // Same for a strategy without Redis.
    await w.chooseStrategy('split');
    await w.setSlider('servers', 6);
    await w.setSlider('burst', 33);
    const q = await queryWhen(w, (o) => o.strategy === 'split' && o.servers === '6' && o.burst === '33', 'split/6/33 in the URL');
    await assertMatchesModel(w, q, 'split');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the URL follows the state, and reloading it shows the same numbers', async () => {
    const w = await openWidget('');
    await w.chooseStrategy('incr');
    await w.setSlider('servers', 11);
    await w.setSlider('burst', 77);
    await w.setSlider('rtt', 6.4);
    const q = await queryWhen(w, (o) => o.strategy === 'incr', 'strategy=incr in the URL');
    const obj = await w.query();
    assert.equal(obj.strategy, 'incr');
    assert.equal(obj.servers, '11');
    assert.equal(obj.burst, '77');
    assert.equal(obj.rtt, '6.4');
    assert.ok(obj.seed, 'the seed is in the URL so the burst can be shared');
    const before = await assertMatchesModel(w, q, 'incr');
    const shownBefore = await shown(w);

    await w.reload();
    assert.equal(await w.selectedStrategy(), 'strategy-incr', 'tab restored');
    assert.equal(await w.sliderValue('servers'), 11);
    assert.equal(await w.sliderValue('burst'), 77);
    assert.equal(await w.sliderValue('rtt'), 6.4);
    assert.deepEqual(await shown(w), shownBefore, 'same numbers after reload');
    assert.equal(await w.locator('notice').innerText(), '', 'a URL the widget wrote raises no notice');
    assert.deepEqual(new URLSearchParams(await w.query()).toString(), q, 'the URL is stable across reload');
    assert.equal(before.seed, Number(obj.seed));
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('"New burst" changes the seed in the URL and the numbers follow the model', async () => {
    const w = await openWidget('?strategy=getset&servers=8&burst=60&seed=11');
    await assertMatchesModel(w, 'strategy=getset&servers=8&burst=60&seed=11', 'getset');
    let seed = '11';
    for (let i = 0; i < 3; i++) {
      await w.locator('reroll').click();
      const q = await queryWhen(w, (o) => o.seed !== seed, 'a new seed in the URL');
      const obj = Object.fromEntries(new URLSearchParams(q));
      assert.notEqual(obj.seed, seed);
      assert.equal(obj.strategy, 'getset', 'a new burst keeps the strategy');
      assert.equal(obj.servers, '8', 'a new burst keeps the servers');
      assert.equal(obj.burst, '60', 'a new burst keeps the burst size');
      const want = await assertMatchesModel(w, q, 'getset');
      assert.equal(String(want.seed), obj.seed);
      assert.match(await w.page.locator('.rll-seed').innerText(), new RegExp(`\\b${obj.seed}\\b`), 'the seed shown matches the URL');
      seed = obj.seed;
    }
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
    await assertMatchesModel(w, query, 'local');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('a good URL raises no notice', async () => {
    const w = await openWidget('?strategy=incr&servers=5&burst=30&rtt=1.5&seed=4');
    assert.equal((await w.locator('notice').innerText()).trim(), '');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('verdicts', () => {
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

  test('local counters at the default: "not enforced"', async () => {
    const seen = w.problems().length;
    await w.goto('');
    assert.ok((await w.over()) > 0, 'the default burst leaks past the limit');
    assert.match(await w.verdict(), /not enforced/i);
    assert.deepEqual(w.problems().slice(seen), []);
  });

  test('atomic INCR: "enforced"', async () => {
    const seen = w.problems().length;
    await w.goto('?strategy=incr');
    assert.equal(await w.over(), 0);
    assert.equal(await w.allowedTotal(), await w.limit());
    const v = await w.verdict();
    assert.match(v, /enforced/i);
    assert.doesNotMatch(v, /not enforced/i);
    assert.deepEqual(w.problems().slice(seen), []);
  });

  test('GET then SET under a burst: "not enforced"', async () => {
    const seen = w.problems().length;
    await w.goto('?strategy=getset&servers=8&burst=120&rtt=3.5&seed=7');
    assert.ok((await w.over()) > 0);
    assert.match(await w.verdict(), /not enforced/i);
    assert.deepEqual(w.problems().slice(seen), []);
  });

  test('limit ÷ N with real requests refused under the limit: the verdict says refused', async () => {
    const seen = w.problems().length;
    await w.goto('?strategy=split&servers=16&burst=20&seed=3');
    assert.ok((await w.refusedUnderLimit()) > 0, 'this scenario refuses requests under the limit');
    assert.match(await w.verdict(), /refused/i);
    assert.doesNotMatch(await w.verdict(), /enforced/i);
    assert.deepEqual(w.problems().slice(seen), []);
  });

  test('limit ÷ N, 16 servers, 40 requests, seed 3: the verdict agrees with the totals', async () => {
    const seen = w.problems().length;
    await w.goto('?strategy=split&servers=16&burst=40&seed=3');
    const [over, refused] = [await w.over(), await w.refusedUnderLimit()];
    const v = await w.verdict();
    if (refused > 0) assert.match(v, /refused/i);
    else if (over > 0) assert.match(v, /not enforced/i);
    else assert.match(v, /enforced/i);
    assert.deepEqual(w.problems().slice(seen), []);
  });
});
