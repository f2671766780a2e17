// Every fix the course teaches (issue 13), in the widget: each new parameter
// reachable by its URL parameter and by its control, with the effect the
// native model predicts (Redis healthy, slow or down; the timeout; failing
// open or closed; sticky sessions and a deploy moving the user; quotas
// planned for fewer servers than run; the sync interval; the site's traffic
// and what it costs Redis); the availability note computed from the
// model's outcome; the gateway's refusals in the picture; every new control
// by keyboard; axe clean.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openWidget, shutdown, expected, expectedAll, waitFor, assertMatchesModel, focused, tabTo, assertRing, audit,
} from './harness.mjs';

after(shutdown);

/** The page's query once it reflects `check`, as a string. */
async function queryWhen(w, check, message) {
  const q = await waitFor(async () => {
    const obj = await w.query();
    return check(obj) ? obj : null;
  }, { message });
  return new URLSearchParams(q).toString();
}

describe('what a reader can check by hand', () => {
  let w;
  const CASES = [
    ['the gateway lets exactly the limit through, with no Redis call', 'strategy=edge&burst=40', (n) => {
      assert.equal(n.allowed, 10);
      assert.equal(n.gateway_refused, 30);
      assert.equal(n.edge_refused, 30);
      assert.equal(n.redis_calls, 0);
    }],
    ['sticky sessions without a move: local counters enforce exactly the limit', 'strategy=local&lb=sticky', (n) => {
      assert.equal(n.allowed, 10);
      assert.equal(n.cards.filter((c) => c.received > 0).length, 1, 'one server gets every request');
    }],
    ['sticky sessions with a deploy: up to twice the limit', 'strategy=local&lb=sticky&move=10', (n) => {
      const used = n.cards.filter((c) => c.received > 0);
      assert.equal(used.length, 2, 'two servers: before and after the move');
      assert.equal(n.allowed, used.reduce((a, c) => a + Math.min(c.received, 10), 0), 'min(before, L) + min(after, L)');
    }],
    ['÷ N planned for 4 on 10 servers: a total quota of 26', 'strategy=split&servers=10&plan=4&burst=500', (n) => {
      assert.equal(n.allowed, 26);
    }],
    ['the Lua bucket lets exactly 10 of the Gatepass burst through', 'strategy=lua&preset=gatepass', (n) => {
      assert.equal(n.allowed, 10);
    }],
    ['the Lua bucket lets 101 of the per-minute burst through, and that is not over the limit', 'strategy=lua&preset=per-minute', (n) => {
      assert.equal(n.allowed, 101);
      assert.equal(n.over, 0);
    }],
    ['Redis down, failing open: everything through', 'strategy=incr&redis=down&fail=open', (n) => {
      assert.equal(n.allowed, 40);
    }],
    ['Redis down, failing closed: nothing through, every refusal under the limit', 'strategy=incr&redis=down&fail=closed', (n) => {
      assert.equal(n.allowed, 0);
      assert.equal(n.refused_under_limit, 40);
    }],
    ['Redis slow with a 200 ms timeout: counted right, about 100 ms later', 'strategy=incr&redis=slow&timeout=200', (n) => {
      assert.equal(n.allowed, 10);
      assert.ok(n.latency_median_ms >= 100 && n.latency_median_ms < 110, `latency ${n.latency_median_ms}`);
    }],
    ['Redis slow with a 50 ms timeout: the fail rule decides at 50 ms', 'strategy=getset&redis=slow&timeout=50&fail=closed', (n) => {
      assert.equal(n.allowed, 0);
      assert.equal(n.latency_median_ms, 50);
    }],
    ['batched sync every 1 ms stays within a few of the limit', 'strategy=sync&sync=1', (n) => {
      assert.ok(n.allowed >= 10 && n.allowed <= 14, `allowed ${n.allowed}`);
    }],
    ['batched sync with Redis down lets through what local counters do', 'strategy=sync&redis=down', (n, local) => {
      assert.equal(n.allowed, local.allowed);
    }],
  ];
  before(async () => {
    [w] = await Promise.all([openWidget(''), expectedAll([...CASES.map((c) => c[1]), 'strategy=local'])]);
  });
  after(async () => {
    try {
      if (w) assert.deepEqual(w.problems(), [], 'problems on the shared page');
    } finally {
      await w?.close();
    }
  });
  for (const [what, query, check] of CASES) {
    test(`${what} (?${query})`, async () => {
      const seen = w.problems().length;
      await w.goto(`?${query}`);
      await assertMatchesModel(w, query);
      check(await w.numbers(), expected('strategy=local'));
      assert.deepEqual(w.problems().slice(seen), []);
    });
  }
});

describe('each new setting, by its control, does what the model says', () => {
  test('Redis healthy, slow or down; the timeout; failing open or closed', async () => {
    const w = await openWidget('?strategy=getset&seed=3');
    const seenNotes = new Set();
    for (const [control, apply, key, value] of [
      ['health-slow', () => w.choose('health-slow'), 'redis', 'slow'],
      ['timeout 200', () => w.setSlider('timeout', 200), 'timeout', '200'],
      ['timeout 60', () => w.setSlider('timeout', 60), 'timeout', '60'],
      ['fail-closed', () => w.choose('fail-closed'), 'fail', 'closed'],
      ['health-down', () => w.choose('health-down'), 'redis', 'down'],
      ['fail-open', () => w.choose('fail-open'), 'fail', 'open'],
      ['timeout 5', () => w.setSlider('timeout', 5), 'timeout', '5'],
      ['health-up', () => w.choose('health-up'), 'redis', 'up'],
    ]) {
      await apply();
      const q = await queryWhen(w, (o) => o[key] === value, `${key}=${value} in the URL after ${control}`);
      await assertMatchesModel(w, q);
      const obj = Object.fromEntries(new URLSearchParams(q));
      const text = await w.redisNoteText();
      assert.match(text, new RegExp(`\\b${obj.timeout} ms\\b`), `the note names the timeout after ${control}: "${text}"`);
      seenNotes.add(text);
    }
    assert.ok(seenNotes.size >= 5, 'the note follows the setting');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the note on Redis down differs between failing open and failing closed, and is the model\'s outcome', async () => {
    const w = await openWidget('');
    for (const strategy of ['getset', 'incr', 'lua']) {
      const notes = {};
      for (const health of ['up', 'down']) {
        for (const fail of ['open', 'closed']) {
          const query = `strategy=${strategy}&redis=${health}&fail=${fail}&timeout=70`;
          await w.goto(`?${query}`);
          const text = await w.redisNoteText();
          assert.match(text, /\b70 ms\b/, `the note names the timeout: ${text}`);
          // While Redis is down its numbers are the run's; while it is up, the run's with Redis down.
          const down = expected(`strategy=${strategy}&redis=down&fail=${fail}&timeout=70`);
          assert.match(text, new RegExp(`\\b${down.allowed} of 40\\b`), `the note says what gets through with Redis down: ${text}`);
          notes[`${health}-${fail}`] = text;
        }
        assert.notEqual(notes[`${health}-open`], notes[`${health}-closed`], `${strategy}, Redis ${health}: open and closed differ`);
      }
    }
    // Strategies without Redis say so; local + sync says decisions stay local.
    for (const strategy of ['local', 'split', 'edge', 'sync']) {
      await w.goto(`?strategy=${strategy}`);
      const text = await w.redisNoteText();
      assert.ok(text.length > 20, `${strategy} has a note`);
      assert.doesNotMatch(text, /\{\w+\}/, `${strategy}: no unfilled placeholder`);
    }
    for (const q of ['strategy=sync&redis=slow&timeout=20', 'strategy=sync&redis=down', 'strategy=getset&redis=slow&timeout=200']) {
      await w.goto(`?${q}`);
      assert.doesNotMatch(await w.redisNoteText(), /\{\w+\}/, `?${q}: no unfilled placeholder in the note`);
    }
    // The Redis settings show only for the strategies that call Redis.
    for (const [strategy, shown] of [['local', false], ['edge', false], ['sync', true], ['lua', true]]) {
      await w.goto(`?strategy=${strategy}`);
      assert.equal(await w.locator('timeout').isVisible(), shown, `timeout control for ${strategy}`);
      assert.equal(await w.radio('fail-closed').isVisible(), shown, `fail rule for ${strategy}`);
    }
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('sticky sessions and the move slider; its rightmost value means no move', async () => {
    const w = await openWidget('?strategy=local&seed=8');
    assert.ok(await w.locator('move').isHidden(), 'no move slider until sticky');
    await w.choose('lb-sticky');
    let q = await queryWhen(w, (o) => o.lb === 'sticky', 'lb=sticky');
    assert.ok(await w.locator('move').isVisible(), 'sticky brings the move slider');
    assert.equal(await w.locator('move').getAttribute('max'), '40', 'the move slider spans the burst');
    assert.equal(await w.sliderValue('move'), 40, 'rightmost: no move');
    assert.equal((await w.query()).move, undefined);
    await assertMatchesModel(w, q);
    assert.equal(await w.allowedTotal(), 10);
    for (const v of [20, 0, 39]) {
      await w.setSlider('move', v);
      q = await queryWhen(w, (o) => o.move === String(v), `move=${v}`);
      await assertMatchesModel(w, q);
      assert.equal(await w.locator('move').getAttribute('aria-valuetext'), `${v} ms`);
    }
    await w.setSlider('move', 40);
    q = await queryWhen(w, (o) => o.move === undefined, 'no move in the URL');
    await assertMatchesModel(w, q);
    // A shorter burst shortens the slider.
    await w.setSlider('move', 30);
    await w.setSlider('burst', 100);
    q = await queryWhen(w, (o) => o.burst === '100', 'burst=100');
    await assertMatchesModel(w, q);
    await w.choose('lb-round-robin');
    q = await queryWhen(w, (o) => o.lb === 'round-robin', 'lb=round-robin');
    assert.ok(await w.locator('move').isHidden(), 'the move slider goes with sticky');
    await assertMatchesModel(w, q);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('÷ N: the plan slider, an autoscale nobody re-planned', async () => {
    const w = await openWidget('?strategy=split&burst=500&seed=4');
    assert.equal(await w.sliderValue('plan'), 4, 'planned for the servers there are');
    await w.setSlider('servers', 10);
    let q = await queryWhen(w, (o) => o.servers === '10', 'servers=10');
    assert.equal(await w.sliderValue('plan'), 10, 'with no plan of its own, the plan follows the servers');
    assert.equal(await w.allowedTotal(), 10, 're-planned: the limit holds');
    await w.setSlider('plan', 4);
    q = await queryWhen(w, (o) => o.plan === '4', 'plan=4');
    await assertMatchesModel(w, q);
    assert.equal(await w.allowedTotal(), 26, '4-server quotas repeated on 10 servers');
    const quotas = (await w.page.locator('.rll-card__quota').allInnerTexts()).map((t) => Number(t.match(/\d+/)[0]));
    assert.deepEqual(quotas, [3, 3, 2, 2, 3, 3, 2, 2, 3, 3], 'the planned quotas repeat');
    await w.setSlider('plan', 16);
    q = await queryWhen(w, (o) => o.plan === '16', 'plan=16');
    await assertMatchesModel(w, q);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('local + sync: the sync interval slider', async () => {
    const w = await openWidget('?strategy=sync&seed=6&servers=8&burst=200');
    assert.ok(await w.locator('sync').isVisible());
    const allowed = [];
    for (const v of [1, 10, 100, 1000]) {
      await w.setSlider('sync', v);
      const q = await queryWhen(w, (o) => o.sync === String(v), `sync=${v}`);
      await assertMatchesModel(w, q);
      assert.match(await w.locator('sync').getAttribute('aria-valuetext'), new RegExp(`\\b${v}\\b`));
      allowed.push(await w.allowedTotal());
    }
    assert.ok(allowed[0] < allowed[3], `a longer interval lets more through: ${allowed}`);
    assert.equal(allowed[3], expected('strategy=local&seed=6&servers=8&burst=200').allowed, 'syncing less often than the burst lasts: local counters');
    await w.chooseStrategy('incr');
    assert.ok(await w.locator('sync').isHidden(), 'the sync slider is for local + sync only');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the site\'s traffic: Redis operations a second and the nodes they take', async () => {
    const w = await openWidget('?strategy=getset');
    for (const traffic of [50000, 200000, 1, 1000000, 450001]) {
      await w.setNumber('traffic', traffic);
      const q = await queryWhen(w, (o) => o.traffic === String(traffic), `traffic=${traffic}`);
      const want = await assertMatchesModel(w, q);
      const n = await w.numbers();
      assert.equal(n.redis_ops_per_second, want.redis_ops_per_second);
      assert.equal(n.redis_nodes, Math.ceil(n.redis_ops_per_second / 100000));
      assert.match(await w.page.locator('[data-slot="traffic"]').innerText(), /\d/);
    }
    // No Redis, no cost.
    await w.chooseStrategy('edge');
    await waitFor(async () => (await w.query()).strategy === 'edge', { message: 'edge' });
    assert.equal((await w.numbers()).redis_nodes, 0);
    assert.equal((await w.numbers()).redis_ops_per_second, 0);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the gateway shows its refusals in the picture for edge, and only for edge', async () => {
    const w = await openWidget('?strategy=edge&burst=100&servers=6');
    const gate = w.locator('edge-refused');
    assert.ok(await gate.isVisible(), 'the gateway\'s refusals are drawn');
    assert.equal(Number(await gate.getAttribute('data-value')), 90);
    assert.match(await gate.innerText(), /\b90\b/);
    const inPicture = await gate.evaluate((el) => !!el.closest('.rll-picture'));
    assert.ok(inPicture, 'on the gateway, in the picture');
    assert.equal(await w.value('gateway-refused'), 90);
    assert.match(await w.locator('topology').getAttribute('aria-label'), /\b90\b/, 'the picture\'s label counts the refusals');
    await w.setSlider('burst', 40);
    await waitFor(async () => Number(await gate.getAttribute('data-value')) === 30, { message: '30 refused at the gateway' });
    await w.chooseStrategy('local');
    await waitFor(async () => (await w.query()).strategy === 'local', { message: 'local' });
    assert.ok(!(await w.has('edge-refused')), 'no gateway refusals for local counters');
    assert.equal(await w.locator('gateway-refused').count(), 0);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('every new control by keyboard', () => {
  test('sliders: sync, plan, move and timeout with arrows, Home and End', async () => {
    const w = await openWidget('?strategy=sync');
    const slider = async (name, strategyQuery, keys) => {
      for (const [key, want] of keys) {
        await w.page.keyboard.press(key);
        assert.equal(await w.sliderValue(name), want, `${key} on ${name}`);
      }
      const f = await focused(w.page);
      assert.equal(f?.testid, name, `focus stays on ${name}`);
      const q = await queryWhen(w, (o) => o[name] === String(keys.at(-1)[1]) || (name === 'move' && keys.at(-1)[1] === 40 && o.move === undefined), `${name} in the URL`);
      // The figures below the cards are off screen here, so they follow
      // within 150 ms of the input (and move=40, the default, is not in
      // the URL before the input either): wait for them, then compare all.
      const want = expected(q);
      await waitFor(async () => (await w.over()) === want.over, { message: `the figures for ${name}` }).catch(() => {});
      await assertMatchesModel(w, q, want);
    };
    let f = await tabTo(w.page, (x) => x.testid === 'sync', { what: 'the sync slider' });
    assertRing(f, 'sync');
    await slider('sync', 'sync', [['ArrowRight', 11], ['ArrowLeft', 10], ['Home', 1], ['End', 1000], ['ArrowLeft', 999]]);

    await w.goto('?strategy=split&servers=10');
    f = await tabTo(w.page, (x) => x.testid === 'plan', { what: 'the plan slider' });
    assertRing(f, 'plan');
    await slider('plan', 'split', [['ArrowLeft', 9], ['Home', 1], ['ArrowRight', 2], ['ArrowRight', 3], ['ArrowRight', 4]]);
    assert.equal(await w.allowedTotal(), expected('strategy=split&servers=10&plan=4').allowed);

    await w.goto('?strategy=local&lb=sticky');
    f = await tabTo(w.page, (x) => x.testid === 'move', { what: 'the move slider' });
    assertRing(f, 'move');
    await slider('move', 'local', [['ArrowLeft', 39], ['Home', 0], ['ArrowRight', 1], ['End', 40]]);

    await w.goto('?strategy=incr&redis=slow');
    f = await tabTo(w.page, (x) => x.testid === 'timeout', { max: 80, what: 'the timeout slider' });
    assertRing(f, 'timeout');
    await slider('timeout', 'incr', [['ArrowRight', 51], ['End', 1000], ['Home', 1], ['ArrowRight', 2]]);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('choices: Redis health and the fail rule with arrows; the traffic typed in', async () => {
    const w = await openWidget('?strategy=lua');
    let f = await tabTo(w.page, (x) => x.testid?.startsWith('health-'), { max: 80, what: 'the Redis health choice' });
    assert.equal(f.testid, 'health-up', 'Tab lands on the chosen health');
    assertRing(f, 'health-up');
    for (const want of ['slow', 'down']) {
      await w.page.keyboard.press('ArrowRight');
      assert.equal((await focused(w.page))?.testid, `health-${want}`);
      const q = await queryWhen(w, (o) => o.redis === want, `redis=${want}`);
      await assertMatchesModel(w, q);
    }
    f = await tabTo(w.page, (x) => x.testid?.startsWith('fail-'), { max: 5, what: 'the fail rule' });
    assert.equal(f.testid, 'fail-open');
    assertRing(f, 'fail-open');
    await w.page.keyboard.press('ArrowRight');
    assert.equal((await focused(w.page))?.testid, 'fail-closed');
    let q = await queryWhen(w, (o) => o.fail === 'closed', 'fail=closed');
    await assertMatchesModel(w, q);
    assert.equal(await w.allowedTotal(), 0, 'Redis down and failing closed: nothing through');

    f = await tabTo(w.page, (x) => x.testid === 'traffic', { max: 10, what: 'the traffic input' });
    assertRing(f, 'traffic');
    await w.page.keyboard.press('ControlOrMeta+a');
    await w.page.keyboard.type('300000');
    await w.page.keyboard.press('Tab');
    q = await queryWhen(w, (o) => o.traffic === '300000', 'traffic=300000 after leaving the field');
    await assertMatchesModel(w, q);
    // Arrow keys step it too, once committed.
    await tabTo(w.page, (x) => x.testid === 'traffic', { max: 10, back: true, what: 'the traffic input again' });
    await w.page.keyboard.press('ArrowUp');
    const stepped = await w.locator('traffic').inputValue();
    assert.ok(Number(stepped) > 300000, `ArrowUp steps the traffic up (${stepped})`);
    await w.page.keyboard.press('Tab');
    q = await queryWhen(w, (o) => o.traffic === stepped, `traffic=${stepped} after ArrowUp`);
    await assertMatchesModel(w, q);
    // The load balancer's new choice.
    f = await tabTo(w.page, (x) => x.testid?.startsWith('lb-'), { max: 80, back: true, what: 'the load balancer choice' });
    assert.equal(f.testid, 'lb-random');
    await w.page.keyboard.press('ArrowLeft');
    assert.equal((await focused(w.page))?.testid, 'lb-sticky', 'ArrowLeft from the first choice wraps to sticky');
    q = await queryWhen(w, (o) => o.lb === 'sticky', 'lb=sticky');
    await assertMatchesModel(w, q);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('axe-core', () => {
  for (const colorScheme of ['light', 'dark']) {
    test(`the new settings in use, ${colorScheme}`, async () => {
      const w = await openWidget('?strategy=edge&lb=sticky&move=12', { colorScheme });
      assert.deepEqual(await audit(w.page), [], 'edge, sticky with a move');
      await w.goto('?strategy=sync&redis=down&sync=25&traffic=900000');
      assert.deepEqual(await audit(w.page), [], 'sync with Redis down');
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }
});
