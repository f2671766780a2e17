// The replay (issue 12): the picture's clock over the model's trace. `?t=`
// opens paused at a moment and every card and total shows the native
// model's state then (`Report::at`, through the `expect` example); play
// runs to the end state; step and step back stop at the model's event
// times; the scrubber sets the moment and the URL follows it; every replay
// control works from the keyboard alone; reduced motion shows the end at
// once; `predict=1` hides the outcome until a guess is in. No console error
// anywhere, and axe finds nothing mid-replay or while predicting.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { browser, server, watch, settle, Widget, shutdown, expected, until, audit, openMounted, mounted, msHundredths, frames, waitFor, ROOT, ARTIFACTS } from './harness.mjs';

after(shutdown);

// ---------------------------------------------------------------- helpers

const open = openMounted;
const rendered = mounted;

/** Loads `query` in the same page (same watcher). */
async function go(w, query) {
  // Let the favicon load finish first: aborting it is the test's doing.
  await settle(w.page, w.watcher, { quiet: 250 });
  await w.page.goto(w.base + query);
  await rendered(w);
}

/** Whole µs written exactly in ms, as the URL's `t` (3249 → "3.249"). */
function msExact(us) {
  const whole = Math.floor(us / 1000);
  const frac = us % 1000;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
}


/** The native model's state at moment `tUs` for `query`. */
function nativeAt(query, tUs) {
  const e = expected(`${query}&t=${msExact(tUs)}`);
  assert.ok(e.moment, `the model gave no moment for ${query} at ${tUs} µs`);
  return { e, m: e.moment };
}

/** What the model says the page shows at moment `m` (or at the end, `m` null). */
function wanted(e, m, { gateway = false } = {}) {
  const at = m ?? {
    cards: e.cards, allowed: e.allowed, calls: e.redis_calls, counter: e.final_counter, gateway_refused: e.gateway_refused,
  };
  const out = {
    cards: at.cards,
    allowed: at.allowed,
    over: Math.max(0, at.allowed - e.allowance),
    calls: at.calls,
    counter: at.counter ?? null,
  };
  if (gateway) out.gateway = at.gateway_refused;
  return out;
}

/** A total's data-value, or null where the element is absent. */
async function valueOf(w, testid) {
  const l = w.locator(testid);
  if ((await l.count()) === 0) return null;
  return Number(await l.first().getAttribute('data-value'));
}

/**
 * What the page shows: every card, and the totals that follow the moment.
 * The cards and the figures below them are written only while near the
 * screen, so each is scrolled into view before it is read.
 */
async function shows(w, { gateway = false } = {}) {
  await w.locator('server-card').first().scrollIntoViewIfNeeded();
  const cards = await w.cards();
  await w.root.locator('.rll-more').scrollIntoViewIfNeeded();
  await w.locator('over').waitFor({ state: 'attached', timeout: 5000 });
  await w.locator('redis-calls').waitFor({ state: 'attached', timeout: 5000 });
  const out = {
    cards,
    allowed: await valueOf(w, 'allowed-total'),
    over: await valueOf(w, 'over'),
    calls: await valueOf(w, 'redis-calls'),
    counter: await valueOf(w, 'final-counter'),
  };
  if (gateway) out.gateway = await valueOf(w, 'gateway-refused');
  return out;
}

/** Asserts the page shows `want` (polling briefly: the figures are written on the next frame). */
async function assertShows(w, want, message) {
  const gateway = 'gateway' in want && want.gateway !== undefined;
  let got = null;
  await until(async () => {
    got = await shows(w, { gateway });
    try { assert.deepEqual(got, want); return true; } catch { return false; }
  }, { timeout: 4000, interval: 100 });
  assert.deepEqual(got, want, message);
}

async function label(w) { return w.locator('topology').getAttribute('aria-label'); }
async function timeValue(w) { return w.locator('time').inputValue(); }
/** 'true' while playing: Play's name is then "Pause" (it has no pressed state). */
async function pressed(w) { return String(/Pause/.test(await w.locator('play').innerText())); }

/** The URL's `t` once the 250 ms quiet time has passed (undefined at the end). */
async function urlMoment(w, want) {
  await until(async () => (await w.query()).t === want, { timeout: 3000 });
  return (await w.query()).t;
}

/** The element that has focus, through shadow roots: its test hook or tag. */
function focused(page) {
  return page.evaluate(() => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a ? (a.getAttribute('data-testid') || a.tagName.toLowerCase()) : null;
  });
}

/** Presses Tab (or Shift+Tab) until `testid` has focus; fails after `max` presses. */
async function tabTo(page, testid, { max = 60, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if ((await focused(page)) === testid) return i;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.equal(await focused(page), testid, `Tab never reached ${testid}`);
  return max;
}

/** The first event time at which a request has arrived (the first arrival). */
function firstArrival(query) {
  const e = expected(query);
  for (const t of e.event_times) {
    const { m } = nativeAt(query, t);
    if (m.cards.reduce((s, c) => s + c.received, 0) > 0) return t;
  }
  throw new Error(`no arrival in ${query}`);
}

// ------------------------------------------------------------------ tests

describe('?t= opens paused at a moment, showing the model\'s state then', () => {
  const strategies = ['getset', 'incr', 'lua', 'local', 'edge', 'sync'];
  for (const strategy of strategies) {
    test(`${strategy}: first arrival, mid-burst, between a GET and its SET, after the end`, async () => {
      const query = `strategy=${strategy}`;
      const end = expected(query);
      const a0 = firstArrival(query);
      const rtt = 2000; // the default round trip, µs
      const moments = [
        ['the first arrival', a0],
        ['mid-burst', 20000],
        ['between a GET and its SET', a0 + Math.round(1.25 * rtt)],
      ];
      const w = await open(`?${query}&t=${msExact(moments[0][1])}`);
      for (const [k, [name, t]] of moments.entries()) {
        if (k > 0) await go(w, `?${query}&t=${msExact(t)}`);
        const { e, m } = nativeAt(query, t);
        if (strategy === 'getset' && name === 'between a GET and its SET') {
          // The moment really is inside the first request's round trips:
          // its GET has run and its SET has not.
          assert.ok(m.calls >= 1 && m.counter === 0, `t=${t}: ${JSON.stringify(m)}`);
        }
        await assertShows(w, wanted(e, m, { gateway: strategy === 'edge' }), `${strategy} at ${name} (t = ${t} µs)`);
        if (strategy === 'edge') {
          assert.equal(await valueOf(w, 'edge-refused'), m.gateway_refused, 'the gateway\'s refusals in the picture');
        }
        assert.equal(await pressed(w), 'false', 'opened paused');
        assert.equal(await timeValue(w), msHundredths(t), 'the scrubber shows the moment');
        const l = await label(w);
        assert.ok(
          l.startsWith(`t = ${msHundredths(t)} ms: ${m.allowed} allowed, ${m.refused} refused`),
          `the picture's label at ${name}: ${l}`,
        );
        if (m.counter !== null && m.counter !== undefined) {
          // The bucket's tokens as Redis's box says them ("1 token", "3 tokens").
          const said = strategy === 'lua' ? `Redis bucket ${m.counter} token${m.counter === 1 ? '' : 's'}` : `Redis counter ${m.counter}`;
          assert.match(l, new RegExp(`${said}\\b`));
        }
        assert.equal((await w.query()).t, msExact(t), 'the URL keeps the moment');
        // The same moment read again ten frames later: nothing moved by itself.
        await frames(w.page, 10);
        assert.equal(await timeValue(w), msHundredths(t));
      }
      // After the end: the end state, with a notice that says so.
      const after = end.end_us + 5000;
      await go(w, `?${query}&t=${msExact(after)}`);
      await assertShows(w, wanted(end, null, { gateway: strategy === 'edge' }), `${strategy} after the end`);
      assert.match(await label(w), /^End of the burst: /);
      assert.match(await w.text('notice'), /after this burst ends/);
      assert.equal(await valueOf(w, 'refused-under-limit'), end.refused_under_limit);
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }

  test('sticky with a move and split with an unplanned autoscale, mid-burst', async () => {
    const w = await open('?strategy=split&servers=10&plan=4&burst=200&t=17.5');
    for (const query of ['strategy=split&servers=10&plan=4&burst=200', 'strategy=local&lb=sticky&move=20&servers=3']) {
      for (const t of [17500, 23333]) {
        await go(w, `?${query}&t=${msExact(t)}`);
        const { e, m } = nativeAt(query, t);
        await assertShows(w, wanted(e, m), `${query} at ${t} µs`);
      }
    }
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('play, step, scrub', () => {
  test('play runs to the end state; pause mid-run shows that moment; play resumes', async () => {
    const query = 'strategy=getset&burst=20';
    const e = expected(query);
    const w = await open(`?${query}`);
    await w.locator('speed').selectOption('2');
    await w.locator('play').click();
    assert.equal(await pressed(w), 'true', 'named Pause while playing');
    // The moment moves on by itself.
    const moving = await until(async () => {
      const v = Number(await timeValue(w));
      return v > 0 && v < e.end_us / 1000 ? v : 0;
    }, { timeout: 3000, interval: 20 });
    assert.ok(moving > 0, 'the scrubber moves while playing');
    // Pause, once it has moved on again: the state shown is the model's at
    // the moment in the URL.
    await until(async () => Number(await timeValue(w)) > moving, { timeout: 3000, interval: 20 });
    await w.locator('play').click();
    assert.equal(await pressed(w), 'false');
    const t = await until(async () => (await w.query()).t, { timeout: 3000 });
    assert.ok(t, 'the URL holds the paused moment');
    const tUs = Math.round(Number(t) * 1000);
    assert.ok(tUs > 0 && tUs < e.end_us, `paused mid-run, at ${t} ms`);
    const { m } = nativeAt(query, tUs);
    await assertShows(w, wanted(e, m), `paused at ${t} ms`);
    assert.equal(await timeValue(w), msHundredths(tUs));
    // Play again: it resumes from there and runs to the end.
    await w.locator('play').click();
    assert.equal(await pressed(w), 'true');
    const stopped = await until(async () => (await pressed(w)) === 'false', { timeout: 8000 });
    assert.ok(stopped, 'named Play again at the end');
    await assertShows(w, wanted(e, null), 'the end state after playing');
    assert.match(await label(w), /^End of the burst: /);
    await until(async () => (await w.query()).t === undefined, { timeout: 3000 });
    assert.equal((await w.query()).t, undefined, 'no moment in the URL at the end');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('step and step back move by exactly one event', async () => {
    const query = 'strategy=getset&burst=20';
    const e = expected(query);
    const ts = e.event_times;
    const w = await open(`?${query}`);
    const check = async (tUs, what) => {
      assert.equal(await timeValue(w), msHundredths(tUs), `${what}: the scrubber`);
      assert.equal(await urlMoment(w, msExact(tUs)), msExact(tUs), `${what}: the URL`);
      const { m } = nativeAt(query, tUs);
      await assertShows(w, wanted(e, m), what);
    };
    // From the end state, step goes to the first event.
    await w.locator('step').click();
    await check(ts[0], 'step from the end');
    for (let k = 1; k <= 4; k++) {
      await w.locator('step').click();
      await check(ts[k], `step ${k + 1}`);
    }
    await w.locator('step-back').click();
    await check(ts[3], 'step back');
    await w.locator('step-back').click();
    await check(ts[2], 'step back again');
    // From the end, step back goes to the last event before it.
    await go(w, `?${query}`);
    await w.locator('step-back').click();
    const last = ts.filter((t) => t < e.end_us).at(-1);
    await check(last, 'step back from the end');
    // From the last event before the end, step goes to the end state.
    await w.locator('step').click();
    await assertShows(w, wanted(e, null), 'step to the end');
    assert.match(await label(w), /^End of the burst: /);
    // From a moment between two events, step goes to the next one.
    const between = Math.floor((ts[6] + ts[7]) / 2);
    assert.ok(between > ts[6] && between < ts[7]);
    await go(w, `?${query}&t=${msExact(between)}`);
    await w.locator('step').click();
    await check(ts[7], 'step from between two events');
    await go(w, `?${query}&t=${msExact(between)}`);
    await w.locator('step-back').click();
    await check(ts[6], 'step back from between two events');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the scrubber sets the moment, pauses a replay, and the URL follows it', async () => {
    const query = 'strategy=incr&servers=6&burst=60';
    const e = expected(query);
    const w = await open(`?${query}`);
    const scrub = (ms) => w.locator('time').evaluate((el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, ms);
    for (const ms of [7.5, 12.34, 30]) {
      await scrub(ms);
      const tUs = Math.round(ms * 1000);
      assert.equal(await urlMoment(w, msExact(tUs)), msExact(tUs), `the URL follows the scrubber to ${ms} ms`);
      await assertShows(w, wanted(e, nativeAt(query, tUs).m), `scrubbed to ${ms} ms`);
    }
    // Moving it while playing pauses at that moment.
    await w.locator('speed').selectOption('0');
    await w.locator('play').click();
    assert.equal(await pressed(w), 'true');
    await scrub(5);
    assert.equal(await pressed(w), 'false', 'the scrubber pauses the replay');
    await frames(w.page, 10);
    assert.equal(await timeValue(w), '5', 'and the moment stays where it was put');
    await assertShows(w, wanted(e, nativeAt(query, 5000).m), 'scrubbed to 5 ms while playing');
    // To the end: the end state, and no moment in the URL.
    await scrub(e.end_us / 1000 + 1);
    await assertShows(w, wanted(e, null), 'scrubbed to the end');
    await until(async () => (await w.query()).t === undefined, { timeout: 3000 });
    assert.equal((await w.query()).t, undefined);
    // A slider change shows its new end state at once.
    await scrub(5);
    await w.setSlider('servers', 8);
    const q8 = 'strategy=incr&servers=8&burst=60';
    await assertShows(w, wanted(expected(q8), null), 'a slider change shows its end state');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('keyboard only', () => {
  test('Tab reaches every replay control; Enter, Space, arrows and the speed choice work', async () => {
    const query = 'strategy=getset&burst=20';
    const e = expected(query);
    const ts = e.event_times;
    const w = await open(`?${query}`);
    const page = w.page;
    const kb = page.keyboard;
    // Play and pause with Enter and Space.
    await tabTo(page, 'play');
    await kb.press('Enter');
    assert.equal(await pressed(w), 'true', 'Enter plays');
    await until(async () => Number(await timeValue(w)) > 0, { timeout: 3000, interval: 20 });
    await kb.press('Space');
    assert.equal(await pressed(w), 'false', 'Space pauses');
    const paused = Math.round(Number(await until(async () => (await w.query()).t, { timeout: 3000 })) * 1000);
    assert.ok(paused > 0 && paused < e.end_us, `paused at ${paused} µs`);
    // Step back (Enter), then step (Space): one event each way.
    await kb.press('Tab');
    assert.equal(await focused(page), 'step-back');
    await kb.press('Enter');
    const prev = ts.filter((t) => t < paused).at(-1) ?? 0;
    assert.equal(await urlMoment(w, msExact(prev)), msExact(prev), 'step back with Enter');
    await kb.press('Tab');
    assert.equal(await focused(page), 'step');
    await kb.press('Space');
    const next = ts.find((t) => t > prev);
    assert.equal(await urlMoment(w, msExact(next)), msExact(next), 'step with Space');
    await assertShows(w, wanted(e, nativeAt(query, next).m), 'after keyboard steps');
    // The time slider: Home, arrows, Page Up, End.
    await w.locator('step').focus();
    await kb.press('Tab');
    assert.equal(await focused(page), 'predict-start', 'Predict follows Step, as drawn');
    await kb.press('Tab');
    assert.equal(await focused(page), 'time');
    await kb.press('Home');
    assert.equal(await timeValue(w), '0');
    assert.match(await label(w), /^t = 0 ms: 0 allowed, 0 refused/);
    // The cards follow on the next frame (later on a busy machine).
    const none = JSON.stringify(e.cards.map(() => 0));
    await until(async () => JSON.stringify((await w.cards()).map((c) => c.received)) === none);
    assert.deepEqual((await w.cards()).map((c) => c.received), e.cards.map(() => 0), 'nothing has arrived at 0 ms');
    await kb.press('ArrowRight');
    await kb.press('ArrowRight');
    assert.equal(await timeValue(w), msHundredths(ts[1]), 'each arrow moves an event on');
    await kb.press('ArrowLeft');
    assert.equal(await timeValue(w), msHundredths(ts[0]));
    await kb.press('PageUp');
    assert.equal(await timeValue(w), msHundredths(ts[10]), 'Page Up jumps ten events ahead');
    const up = ts[10];
    assert.equal(await urlMoment(w, msExact(up)), msExact(up));
    await assertShows(w, wanted(e, nativeAt(query, up).m), 'after Page Up');
    await kb.press('End');
    await assertShows(w, wanted(e, null), 'End shows the end state');
    assert.match(await label(w), /^End of the burst: /);
    // The speed: a select, changed with the arrow keys.
    await kb.press('Tab');
    assert.equal(await focused(page), 'speed');
    assert.equal(await w.locator('speed').inputValue(), '1', 'normal speed by default');
    await kb.press('ArrowDown');
    assert.equal(await w.locator('speed').inputValue(), '2', 'fast chosen with the keyboard');
    // Back to play (Shift+Tab) and play to the end at the fast speed.
    await tabTo(page, 'play', { back: true, max: 6 });
    const start = Date.now();
    await kb.press('Enter');
    assert.equal(await pressed(w), 'true');
    await until(async () => (await pressed(w)) === 'false', { timeout: 8000, interval: 50 });
    const took = Date.now() - start;
    assert.ok(took < 5000, `the fast speed plays the burst in about 3 s (took ${took} ms)`);
    await assertShows(w, wanted(e, null), 'played to the end from the keyboard');
    // Predict first: Enter on the button, type a guess, Enter submits.
    await w.locator('play').focus();
    await tabTo(page, 'predict-start', { max: 8 });
    await kb.press('Enter');
    assert.equal(await w.locator('predict-guess').isVisible(), true, 'Enter on "Predict first" asks');
    // The guess should take focus (see the test below); reach it by Tab if not.
    await tabTo(page, 'predict-guess', { max: 80 });
    await kb.type(String(e.allowed));
    await kb.press('Enter');
    const result = await until(async () => (await w.text('predict-result')) || false, { timeout: 8000 });
    assert.equal(result, `You guessed ${e.allowed}, and exactly ${e.allowed} got through. Well reasoned.`);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('reduced motion', () => {
  test('nothing moves by itself; play steps from event to event; step and scrub still work', async () => {
    const query = 'strategy=getset&burst=20';
    const e = expected(query);
    const w = await open(`?${query}&t=5`, { reducedMotion: 'reduce' });
    const before = await label(w);
    await frames(w.page, 30);
    assert.equal(await timeValue(w), '5', 'the moment stays put');
    assert.equal(await label(w), before);
    // Play: nothing travels; it rests on each event in turn (from the
    // moment shown), then shows the end.
    await w.locator('play').click();
    assert.equal(await pressed(w), 'true', 'it plays');
    const later = new Set(e.event_times.filter((t) => t > 5000).map(msHundredths));
    const first = await until(async () => { const v = await timeValue(w); return v !== '5' && v; }, { timeout: 3000, interval: 20 });
    assert.ok(later.has(first), `it moves on to a later event (${first})`);
    assert.ok(await until(async () => (await pressed(w)) === 'false', { timeout: 30000, interval: 100 }), 'it stops at the end');
    await assertShows(w, wanted(e, null), 'play ends on the end state');
    assert.match(await label(w), /^End of the burst: /);
    // Step and step back still stop at events.
    await w.locator('step').click();
    assert.equal(await urlMoment(w, msExact(e.event_times[0])), msExact(e.event_times[0]));
    await w.locator('step').click();
    await w.locator('step-back').click();
    assert.equal(await urlMoment(w, msExact(e.event_times[0])), msExact(e.event_times[0]));
    await assertShows(w, wanted(e, nativeAt(query, e.event_times[0]).m), 'step with reduced motion');
    const held = await label(w);
    await frames(w.page, 30);
    assert.equal(await label(w), held, 'still nothing moves');
    // The scrubber too.
    await w.locator('time').evaluate((el) => { el.value = '9'; el.dispatchEvent(new Event('input', { bubbles: true })); });
    await assertShows(w, wanted(e, nativeAt(query, 9000).m), 'scrub with reduced motion');
    // A prediction is revealed once the stepped replay reaches the end.
    await w.locator('predict-start').click();
    await w.locator('predict-guess').fill('3');
    await w.locator('predict-go').click();
    const result = await until(async () => (await w.text('predict-result')) || false, { timeout: 20000 });
    assert.match(result, new RegExp(`^You guessed 3; ${e.allowed} got through\\.`));
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('predict, then see', () => {
  const query = 'strategy=getset';

  test('predict=1 hides the outcome until a guess is in, then replays and compares', async () => {
    const e = expected(query);
    const w = await open(`?${query}&predict=1`);
    // The outcome is hidden: totals, cards, the timeline and the Redis log.
    assert.equal(await w.locator('allowed-total').isVisible(), false, 'the total is hidden');
    assert.equal(await w.locator('verdict').isVisible(), false, 'the verdict is hidden');
    assert.equal(await w.locator('server-card').first().isVisible(), false, 'the cards are hidden');
    assert.deepEqual((await w.cards()).map((c) => c.received + c.allowed + c.refused), e.cards.map(() => 0), 'the cards hold nothing to peek at');
    assert.equal(await w.root.locator('[data-slot="timeline"]').isVisible(), false, 'the timeline is hidden');
    assert.equal(await w.root.locator('[data-slot="log"]').isVisible(), false, 'the Redis log is hidden');
    assert.equal(await w.root.locator('.rll-more').isVisible(), false, 'the figures below the cards are hidden');
    assert.equal(await w.locator('predict-start').isVisible(), false);
    assert.equal(await w.text('predict-result'), '');
    // It asks.
    assert.equal(await w.locator('predict-guess').isVisible(), true);
    assert.equal(await w.root.locator('[data-slot="predict-ask"]').innerText(), 'How many of the 40 requests get through?');
    // A guess far off, at the fast speed.
    await w.locator('speed').selectOption('2');
    await w.locator('predict-guess').fill('0');
    await w.locator('predict-go').click();
    assert.equal(await w.locator('predict-guess').isVisible(), false, 'the question goes once answered');
    assert.equal(await pressed(w), 'true', 'it replays');
    assert.equal(await w.locator('allowed-total').isVisible(), true, 'the totals show while it replays');
    const result = await until(async () => (await w.text('predict-result')) || false, { timeout: 8000 });
    assert.equal(result, `You guessed 0; ${e.allowed} got through. Replay it step by step to see why.`);
    assert.equal(await pressed(w), 'false');
    await assertShows(w, wanted(e, null), 'revealed: the end state');
    assert.equal(await w.locator('predict-result').getAttribute('role'), 'status', 'the result is announced');
    // A new setting is a new burst: the result, about the old one, goes.
    await w.setSlider('servers', 6);
    await waitFor(async () => (await w.text('predict-result')) === '', { message: 'the result goes with the setting it was for' });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('predict=1 does not give the outcome away to a screen reader (the picture\'s label)', async () => {
    const e = expected(query);
    const w = await open(`?${query}&predict=1`);
    const l = await label(w);
    assert.ok(!l.includes(`${e.allowed} allowed`) && !l.startsWith('End of the burst'),
      `while asking, the picture's label reveals the outcome: "${l}"`);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('"Predict first" moves keyboard focus to the guess (the button itself disappears)', async () => {
    const w = await open(`?${query}`);
    await w.locator('predict-start').focus();
    await w.page.keyboard.press('Enter');
    assert.equal(await w.locator('predict-guess').isVisible(), true);
    const at = await until(async () => (await focused(w.page)) === 'predict-guess', { timeout: 1000 });
    assert.ok(at, `focus is on ${await focused(w.page)}, not on the guess`);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('"Predict first" asks, hides, and a close guess says so', async () => {
    const e = expected(query);
    const w = await open(`?${query}`);
    await w.locator('predict-start').click();
    assert.equal(await w.locator('predict-guess').isVisible(), true);
    assert.equal(await w.locator('allowed-total').isVisible(), false, 'the total is hidden');
    assert.equal(await w.locator('server-card').first().isVisible(), false, 'the cards are hidden');
    await w.locator('speed').selectOption('2');
    await w.locator('predict-guess').fill(String(e.allowed + 1));
    await w.locator('predict-go').click();
    const result = await until(async () => (await w.text('predict-result')) || false, { timeout: 8000 });
    assert.equal(result, `You guessed ${e.allowed + 1}; ${e.allowed} got through. Close.`);
    await assertShows(w, wanted(e, null), 'revealed');
    // A slider change during a later replay cancels it and shows the end.
    await w.locator('predict-start').click();
    await w.locator('predict-guess').fill('10');
    await w.locator('speed').selectOption('0');
    await w.locator('predict-go').click();
    await w.setSlider('servers', 6);
    assert.equal(await pressed(w), 'false');
    await assertShows(w, wanted(expected('strategy=getset&servers=6'), null), 'a slider change ends the replay');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('accessibility of the replay', () => {
  test('axe finds nothing mid-replay: paused (light), playing (dark)', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const w = await open('?strategy=getset&t=5', { colorScheme });
      if (colorScheme === 'light') {
        assert.deepEqual(await audit(w.page, { exclude: ['[data-slot="charts"]'] }), [], `paused at 5 ms, ${colorScheme}`);
      } else {
        await w.locator('speed').selectOption('0');
        await w.locator('play').click();
        assert.deepEqual(await audit(w.page, { exclude: ['[data-slot="charts"]'] }), [], `playing, ${colorScheme}`);
      }
      assert.deepEqual(w.problems(), []);
      await w.close();
    }
  });

  test('axe finds nothing while predicting: asking (390 px), replaying after the guess (1280 px)', async () => {
    for (const width of [390, 1280]) {
      const w = await open('?strategy=incr&predict=1', { width });
      if (width === 390) {
        assert.deepEqual(await audit(w.page, { exclude: ['[data-slot="charts"]'] }), [], `asking, ${width} px`);
      } else {
        await w.locator('predict-guess').fill('12');
        await w.locator('predict-go').click();
        assert.deepEqual(await audit(w.page, { exclude: ['[data-slot="charts"]'] }), [], `replaying after the guess, ${width} px`);
      }
      assert.deepEqual(w.problems(), []);
      await w.close();
    }
  });
});

describe('screenshots', () => {
  for (const width of [390, 1280]) {
    test(`GET then SET mid-race, two GETs that read the same value, at ${width} px`, async () => {
      // At 3.2 ms the first two requests have both read 0 and neither SET has run.
      const query = 'strategy=getset';
      const { m } = nativeAt(query, 3200);
      assert.equal(m.counter, 0);
      const w = await open(`?${query}&t=3.2`, { width });
      const l = await label(w);
      assert.match(l, /, (\d+) requests read the same count$/, l);
      assert.ok(Number(l.match(/(\d+) requests read the same count/)[1]) >= 2);
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      const file = path.join(ARTIFACTS, `replay-getset-race-${width}.png`);
      await w.root.locator('.rll-picture').screenshot({ path: file });
      assert.ok(fs.statSync(file).size > 3000);
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }
});
