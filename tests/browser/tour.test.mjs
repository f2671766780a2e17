// The guided lesson (docs/CONTENT.md, docs/EMBEDDING.md): the offer above
// the tabs; all eight steps walked as a learner would, by mouse and by
// keyboard only, each goal open on entry and met by the learner's move;
// the messages in a cross-origin frame; `tour=4` resuming at step 4; a
// content file's own steps, and a bad one left out with a notice; the
// step, the picture, its sliders and the headline total in one screen at
// 390×844 and 1280×900; axe in light and dark; no console error; the
// steps' words fetched (later.json) only once the lesson opens, with a
// polite notice when they cannot be.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DIST, Widget, openPage, shutdown, until, waitFor, tabTo, audit, LIVE } from './harness.mjs';
import { startServer } from './serve.mjs';

const STEP = (title, goal, extra = {}) => ({ title, text: 'Short.', goal, task: `Reach ${goal}.`, hint: 'Try.', done: 'Well done.', ...extra });
const TWO = JSON.stringify({ tour: [
  STEP('Two servers', 'allowed-at-least 2', { scenario: 'strategy=local&servers=1' }),
  STEP('Fail closed', 'setting fail closed', { scenario: 'strategy=incr&redis=down' }),
] });
const BAD = JSON.stringify({ tour: [
  STEP('First', 'replay-end'),
  STEP('Broken', 'win the game'),
  STEP('Third', 'allowed-at-most 1', { scenario: 'strategy=incr' }),
] });

let lab; // the release build under /lab/, with the content files
let other; // another origin, whose page frames the widget
const otherExtra = {};

before(async () => {
  lab = await startServer({
    root: DIST,
    prefix: '/lab/',
    extra: {
      '/lab/two.json': { type: 'application/json', body: TWO },
      '/lab/bad.json': { type: 'application/json', body: BAD },
    },
  });
  other = await startServer({ root: DIST, prefix: '/none/', extra: otherExtra });
  otherExtra['/course.html'] = {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title><link rel="icon" href="data:,"></head>
<body><main><h1>Week 3</h1><iframe id="lab" title="Rate Limit Lab" style="width:100%;height:2400px;border:0"></iframe></main>
<script>
  window.messages = [];
  addEventListener('message', (e) => { if (e.data && e.data.source === 'ratelimit-lab') window.messages.push(e.data); });
  document.getElementById('lab').src = ${JSON.stringify(`${lab.origin}/lab/`)} + location.search;
</script></body></html>`,
  };
});
after(async () => {
  await shutdown();
  if (lab) await lab.close();
  if (other) await other.close();
});

/** The widget page at `query`, as a Widget (its watcher fails on console errors and foreign requests). */
async function open(query = '', options = {}) {
  const { page, context, watcher } = await openPage(`${lab.origin}/lab/${query}`, options);
  await page.waitForSelector(LIVE, { state: 'attached', timeout: 15000 });
  const w = new Widget(page, context, watcher);
  w.base = `${lab.origin}/lab/`;
  return w;
}

/** The step shown: its number, count, progress and whether its goal is done. */
async function step(w) {
  const s = w.locator('tour-step');
  await s.waitFor();
  return {
    step: Number(await s.getAttribute('data-step')),
    steps: Number(await s.getAttribute('data-steps')),
    progress: await w.locator('tour-progress').getAttribute('data-value'),
    done: await w.locator('tour-goal').getAttribute('data-done'),
  };
}

/** Waits until the step shown is `k` of `n`, with its goal open, and the address says tour=k. */
async function atStep(w, k, n = 8) {
  await waitFor(async () => (await step(w)).step === k, { message: `step ${k}` });
  const s = await step(w);
  assert.deepEqual(s, { step: k, steps: n, progress: `${k}/${n}`, done: 'false' }, `step ${k} on entry`);
  await waitFor(async () => (await w.query()).tour === String(k), { message: `tour=${k} in the address` });
}

/** Waits until the step's goal is done, and the explanation shows. */
async function doneNow(w, k, timeout = 5000) {
  await waitFor(async () => (await w.locator('tour-goal').getAttribute('data-done')) === 'true', { timeout, message: `step ${k} done` });
  // Written once the narration has said the value that met it (issue 36).
  await waitFor(async () => /Done\./.test(await w.text('tour')), { message: `step ${k}: the explanation shows` });
  assert.match(await w.locator('tour-next').getAttribute('class'), /rll-button--primary/, `step ${k}: Next is suggested`);
}

/** Waits until `k` parts of the step's goal are met, the goal still open (a goal met in parts). */
async function partsNow(w, k, n) {
  await waitFor(async () => (await w.locator('tour-goal').getAttribute('data-parts')) === `${k}/${n}`, { message: `part ${k} of ${n} met` });
  assert.equal(await w.locator('tour-goal').getAttribute('data-done'), 'false', `part ${k} of ${n} is not the goal`);
  await waitFor(async () => new RegExp(`Part ${k} of ${n} done\\.`).test(await w.text('tour')), { message: `part ${k} said` });
  assert.doesNotMatch(await w.text('tour'), /Done\./, 'no "Done." before the last part');
}

/** Presses Tab until the element with test id `id` has the focus, then `keys`. */
async function keysOn(w, id, ...keys) {
  await tabTo(w.page, (f) => f.testid === id, { max: 80, what: id });
  for (const k of keys) await w.page.keyboard.press(k);
}

describe('the lesson, walked as a learner would', () => {
  test('by mouse: the offer, then all eight steps, each open on entry and met by the learner; Finish leaves the scenario as it stands', async () => {
    const w = await open('');
    assert.equal(await w.has('tour'), false, 'no panel outside the lesson');
    assert.equal(await w.text('tour-start'), 'Start the lesson: 8 steps, about 12 min');
    await w.locator('tour-start').click();
    // 1. One server: the burst plays from its start; watched to its end.
    await atStep(w, 1);
    await doneNow(w, 1, 15000);
    await w.locator('tour-next').click();
    // 2. Add servers (part 1), then sticky sessions: 10 again (part 2),
    // then a deploy moves the user mid-burst: more than 10 (Done.).
    await atStep(w, 2);
    assert.equal(await w.locator('move').isVisible(), false, 'no move before sticky sessions');
    await w.setSlider('servers', 4);
    await partsNow(w, 1, 3);
    await w.choose('lb-sticky');
    await partsNow(w, 2, 3);
    await w.toEnd();
    assert.equal(await w.allowedTotal(), 10, 'sticky sessions: one server sees it all');
    assert.ok(await w.locator('move').isVisible(), 'the move shows under sticky sessions');
    await w.setSlider('move', 20);
    await doneNow(w, 2);
    await w.toEnd();
    assert.ok((await w.allowedTotal()) > 10, `the move hands the user a fresh count: ${await w.allowedTotal()}`);
    await w.locator('tour-next').click();
    // 3. Split: a regular user refused on two servers (part 1); then the
    // limit at the edge: 10 for both (Done.).
    await atStep(w, 3);
    await w.setSlider('servers', 2);
    await partsNow(w, 1, 2);
    assert.ok(await w.locator('strategy-edge').isVisible(), 'the edge\'s tab is in sight');
    await w.locator('strategy-edge').click();
    await doneNow(w, 3);
    await w.toEnd();
    assert.equal(await w.allowedTotal(), 10, 'the edge: the limit');
    assert.equal(await w.regularUser(), 10, 'the edge: all of a regular user\'s');
    await w.locator('tour-next').click();
    // 4. GET then SET: a prediction first, then the round trip up.
    await atStep(w, 4);
    await w.locator('predict-guess').fill('12');
    await w.locator('predict-go').click();
    await w.setSlider('rtt', 1.5);
    await doneNow(w, 4);
    await w.locator('tour-next').click();
    // 5. INCR: 12 servers and 10 ms, still exactly 10.
    await atStep(w, 5);
    await w.setSlider('servers', 12);
    assert.equal((await step(w)).done, 'false', 'servers alone are not the goal');
    await w.setSlider('rtt', 10);
    await doneNow(w, 5);
    await w.locator('tour-next').click();
    // 6. The window's edge (b-strip's controls): the log first is not
    // part 1; the edge into the burst lets about 2L through (part 1), then
    // the sliding log, the edge still inside, lets L (Done.).
    await atStep(w, 6);
    assert.ok(await w.radio('algo-log').isVisible(), 'how the count is kept is in sight');
    assert.ok(await w.locator('edge').isVisible(), 'the window\'s edge is in sight');
    assert.ok(await w.locator('windows').count(), 'the strip of windows is there');
    assert.equal(await w.locator('tour-goal').getAttribute('data-parts'), '0/2');
    await w.setSlider('edge', 20);
    await partsNow(w, 1, 2);
    await w.toEnd();
    assert.ok((await w.allowedTotal()) >= 15, `about twice the limit through: ${await w.allowedTotal()}`);
    await w.choose('algo-log');
    await doneNow(w, 6);
    await w.toEnd();
    assert.equal(await w.allowedTotal(), 10, 'the sliding log: the limit');
    assert.match(await w.text('tour'), /Each window's key starts from zero at its edge/);
    await w.locator('tour-next').click();
    // 7. Redis down: fail closed for login codes (the choice is in sight).
    await atStep(w, 7);
    assert.ok(await w.radio('fail-closed').isVisible(), 'the fail choice is in sight');
    await w.choose('fail-closed');
    await doneNow(w, 7);
    await w.locator('tour-next').click();
    // 8. Sync: a short interval.
    await atStep(w, 8);
    assert.equal(await w.text('tour-next'), 'Finish');
    await w.setSlider('sync', 5);
    await doneNow(w, 8);
    // Back and Next always work, done or not.
    await w.locator('tour-back').click();
    await waitFor(async () => (await step(w)).step === 7, { message: 'back to 7' });
    await w.locator('tour-next').click();
    await atStep(w, 8);
    await w.setSlider('sync', 5);
    await doneNow(w, 8);
    await w.locator('tour-next').click();
    await waitFor(async () => !(await w.has('tour')), { message: 'the lesson is left' });
    await waitFor(async () => (await w.query()).tour === undefined, { message: 'no tour in the address' });
    const q = await w.query();
    assert.equal(q.sync, '5');
    assert.ok(await w.locator('strategy-sync').isVisible(), 'the tabs are back');
    // Finish leaves a recap where the panel was, its heading focused: the
    // goals met and the lesson's three ideas, then the quiz.
    await waitFor(() => w.has('tour-recap'), { message: 'the recap' });
    // No offer to start the lesson beside the recap that just ended it (it
    // has its own Start again) until the recap is closed (issue 36).
    assert.equal(await w.locator('tour-start').isVisible(), false, 'no offer beside the recap');
    const recap = await w.text('tour-recap');
    assert.match(recap, /You met 8 of 8 goals\./);
    assert.match(recap, /sticky session's user who is moved gets a fresh count/);
    assert.match(recap, /N servers let up to N × the limit through/);
    assert.match(recap, /GET, then SET leaves a gap/);
    assert.match(recap, /One atomic step in Redis \(INCR\)/);
    const focused = () => w.page.evaluate(() => document.activeElement?.textContent);
    await waitFor(async () => (await focused()) === 'What the lesson showed', { message: 'the recap heading is focused' });
    await w.page.locator('[data-act="tour-quiz"]').click();
    await waitFor(async () => (await focused()) === 'Check yourself', { message: 'the quiz heading is focused' });
    assert.ok(await w.locator('quiz').isVisible(), 'the quiz is in sight');
    await w.page.locator('[data-act="tour-close"]').click();
    await waitFor(async () => !(await w.has('tour-recap')), { message: 'the recap is closed' });
    assert.ok(await w.locator('tour-start').isVisible(), 'the offer is back once the recap is closed');
    assert.equal(await w.page.evaluate(() => document.activeElement?.dataset.testid), 'tour-start');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the recap by keyboard only: Finish focuses its heading; Tab reaches the quiz, Start again and Close', async () => {
    const w = await open('?tour=8', { reducedMotion: 'reduce' });
    await atStep(w, 8);
    await keysOn(w, 'tour-next', 'Enter');
    await waitFor(() => w.has('tour-recap'), { message: 'the recap' });
    const focused = () => w.page.evaluate(() => ({ text: document.activeElement?.textContent, act: document.activeElement?.dataset.act, testid: document.activeElement?.dataset.testid }));
    await waitFor(async () => (await focused()).text === 'What the lesson showed', { message: 'the recap heading is focused' });
    const order = [];
    for (let k = 0; k < 3; k++) {
      await w.page.keyboard.press('Tab');
      order.push((await focused()).act);
    }
    assert.deepEqual(order, ['tour-quiz', 'tour-start', 'tour-close'], 'the recap\'s buttons in order');
    await w.page.keyboard.press('Enter');
    await waitFor(async () => !(await w.has('tour-recap')), { message: 'Close by keyboard' });
    assert.equal((await focused()).testid, 'tour-start', 'back on the offer');
    // Again, and the quiz with Enter.
    await keysOn(w, 'tour-start', 'Enter');
    await atStep(w, 1);
    await w.goto('?tour=8');
    await atStep(w, 8);
    await keysOn(w, 'tour-next', 'Enter');
    await waitFor(async () => (await focused()).text === 'What the lesson showed', { message: 'the recap heading again' });
    await w.page.keyboard.press('Tab');
    await w.page.keyboard.press('Enter');
    await waitFor(async () => (await focused()).text === 'Check yourself', { message: 'the quiz heading is focused' });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the recap\'s Start again opens step 1; Exit mid-lesson leaves no recap', async () => {
    const w = await open('?tour=8');
    await atStep(w, 8);
    await w.locator('tour-next').click();
    await waitFor(() => w.has('tour-recap'), { message: 'the recap' });
    assert.match(await w.text('tour-recap'), /You met 0 of 8 goals\./);
    await w.page.locator('[data-testid="tour-recap"] [data-act="tour-start"]').click();
    await atStep(w, 1);
    await w.locator('tour-exit').click();
    await waitFor(async () => !(await w.has('tour')), { message: 'the lesson is left' });
    assert.equal(await w.has('tour-recap'), false, 'no recap after Exit');
    assert.ok(await w.locator('tour-start').isVisible(), 'the offer, after Exit');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('by keyboard only, under reduced motion: the step shows its start and waits; every goal met with keys', async () => {
    const w = await open('?tour=1', { reducedMotion: 'reduce' });
    await atStep(w, 1);
    // Nothing plays by itself: still open after the burst would have ended.
    await w.page.waitForFunction(() => document.querySelector('[data-testid="time"]')?.value === '0');
    assert.equal((await step(w)).done, 'false');
    await keysOn(w, 'time', 'End');
    await doneNow(w, 1);
    await keysOn(w, 'tour-next', 'Enter');
    await atStep(w, 2);
    await keysOn(w, 'servers', 'ArrowRight', 'ArrowRight', 'ArrowRight');
    await partsNow(w, 1, 3);
    // The load balancer's radios: random, round robin, sticky.
    await keysOn(w, 'lb-random', 'ArrowRight', 'ArrowRight');
    await partsNow(w, 2, 3);
    // The move from "never" (the burst's 40 ms) to 20 ms.
    await keysOn(w, 'move', ...Array(20).fill('ArrowLeft'));
    await doneNow(w, 2);
    await keysOn(w, 'tour-next', 'Enter');
    await atStep(w, 3);
    await keysOn(w, 'servers', 'ArrowRight');
    await partsNow(w, 1, 2);
    // The tabs: from ÷ N past sync to the edge.
    await keysOn(w, 'strategy-split', 'ArrowRight', 'ArrowRight');
    await doneNow(w, 3);
    await keysOn(w, 'tour-next', 'Enter');
    await atStep(w, 4);
    await keysOn(w, 'predict-guess');
    await w.page.keyboard.type('12');
    await w.page.keyboard.press('Enter');
    await keysOn(w, 'rtt', ...Array(30).fill('ArrowRight'));
    await doneNow(w, 4);
    await keysOn(w, 'tour-next', 'Enter');
    await atStep(w, 5);
    await keysOn(w, 'servers', 'End');
    await keysOn(w, 'rtt', 'End');
    await doneNow(w, 5);
    await keysOn(w, 'tour-next', 'Enter');
    // The window's edge from "never" (past the burst's 40 ms) to 20 ms,
    // then the radio after the fixed window: the sliding log.
    await atStep(w, 6);
    await keysOn(w, 'edge', ...Array(21).fill('ArrowLeft'));
    await partsNow(w, 1, 2);
    await keysOn(w, 'algo-fixed', 'ArrowDown');
    await doneNow(w, 6);
    await keysOn(w, 'tour-next', 'Enter');
    await atStep(w, 7);
    await keysOn(w, 'fail-open', 'ArrowRight');
    await doneNow(w, 7);
    await keysOn(w, 'tour-next', 'Enter');
    await atStep(w, 8);
    await keysOn(w, 'sync', 'Home');
    await doneNow(w, 8);
    // The hint, on request.
    await keysOn(w, 'tour-hint', 'Enter');
    assert.equal(await w.locator('tour-hint').getAttribute('aria-expanded'), 'true');
    assert.match(await w.text('tour'), /sync interval slider left/);
    await keysOn(w, 'tour-exit', 'Enter');
    await waitFor(async () => !(await w.has('tour')), { message: 'the lesson is left' });
    await waitFor(async () => (await w.query()).tour === undefined, { message: 'no tour in the address' });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('the lesson in a cross-origin frame', () => {
  test('"tour" when a step\'s goal is first met, "tour-completed" after the last', async () => {
    const { page, context, watcher } = await openPage(`${other.origin}/course.html?embed=1&tour=7`, { origins: [other.origin, lab.origin] });
    const frame = page.frameLocator('#lab');
    const f = new Widget(page, context, watcher, frame);
    await waitFor(async () => (await step(f)).step === 7, { message: 'step 7 in the frame' });
    assert.equal((await step(f)).done, 'false');
    await f.choose('fail-closed');
    const heard = (type) => page.evaluate((t) => window.messages.filter((m) => m.type === t), type);
    const first = await until(async () => ((await heard('tour')).length ? heard('tour') : null));
    assert.deepEqual(first.map(({ step, steps, done }) => ({ step, steps, done })), [{ step: 7, steps: 8, done: 1 }]);
    // Met again: no second message.
    await f.choose('fail-open');
    await f.choose('fail-closed');
    await f.locator('tour-next').click();
    await waitFor(async () => (await step(f)).step === 8, { message: 'step 8' });
    await f.setSlider('sync', 5);
    const done = await until(async () => ((await heard('tour-completed')).length ? heard('tour-completed') : null));
    assert.deepEqual(done.map(({ source, steps }) => ({ source, steps })), [{ source: 'ratelimit-lab', steps: 8 }]);
    assert.deepEqual((await heard('tour')).map(({ step, done: d }) => [step, d]), [[7, 1], [8, 2]]);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

describe('the address and the content file', () => {
  test('tour=4 opens at step 4, asking for the prediction; a reload resumes there; tour=9 is clamped with a notice', async () => {
    const w = await open('?tour=4');
    await atStep(w, 4);
    assert.ok(await w.locator('predict-guess').isVisible(), 'the prediction comes first');
    await w.reload();
    await atStep(w, 4);
    await w.goto('?tour=9');
    await atStep(w, 8);
    assert.match(await w.text('notice'), /tour=9 is not a step from 1 to 8, so step 8 is shown\./);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('hide=tour leaves the offer out; tour=1 still opens the lesson', async () => {
    const w = await open('?hide=tour');
    assert.equal(await w.locator('tour-start').count(), 0);
    await w.goto('?hide=tour&tour=1');
    await atStep(w, 1);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('a content file with two steps of its own replaces the eight', async () => {
    const w = await open('?content=two.json');
    assert.equal(await w.text('tour-start'), 'Start the lesson: 2 steps, about 3 min');
    await w.locator('tour-start').click();
    await atStep(w, 1, 2);
    assert.match(await w.text('tour'), /Two servers/);
    await w.setSlider('servers', 3);
    await doneNow(w, 1);
    await w.locator('tour-next').click();
    await atStep(w, 2, 2);
    await w.choose('fail-closed');
    await doneNow(w, 2);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('a bad step gives a notice, and the others still work', async () => {
    const w = await open('?content=bad.json&tour=2');
    assert.match(await w.text('notice'), /Lesson step 2 of the content file is left out: its “goal” is missing, unknown or not one the widget can use\./);
    await waitFor(async () => (await step(w)).step === 2, { message: 'step 2' });
    assert.equal((await step(w)).steps, 2);
    assert.match(await w.text('tour'), /Third/);
    // Its goal holds as it opens (INCR allows at most the limit): done.
    await waitFor(async () => (await step(w)).done === 'true', { message: 'INCR allows at most the limit' });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('one screen, and access', () => {
  for (const [width, height] of [[390, 844], [1280, 900]]) {
    test(`at ${width}×${height}, each step, the picture, its sliders and the headline total fit one screen`, async () => {
      const w = await open('?tour=1', { width, height });
      const uses = [[], ['servers', 'lb-sticky'], ['servers', 'regular-user', 'strategy-edge'], ['rtt'], ['servers', 'rtt'], ['edge', 'algo'], ['fail-closed'], ['sync']];
      for (let k = 1; k <= 8; k++) {
        if (k > 1) await w.locator('tour-next').click();
        await atStep(w, k);
        if (k === 4) {
          await w.locator('predict-guess').fill('12');
          await w.locator('predict-go').click();
        }
        const box = await w.page.evaluate((ids) => {
          const els = ['tour', 'topology', 'allowed-total', ...ids].map((id) => document.querySelector(`[data-testid="${id}"]`));
          const r = els.map((e) => e && e.offsetParent !== null ? e.getBoundingClientRect() : null);
          return { missing: ids.filter((_, i) => !r[i + 3]), top: Math.min(...r.filter(Boolean).map((b) => b.top + scrollY)), bottom: Math.max(...r.filter(Boolean).map((b) => b.bottom + scrollY)) };
        }, uses[k - 1]);
        assert.deepEqual(box.missing, [], `step ${k}: its controls are shown`);
        if ([2, 3, 6].includes(k) && width < 700) {
          // The steps with a second control (sticky sessions, the edge's
          // tab, the window's edge and how the count is kept) do not fit
          // one screen on a phone, but the headline total stays in sight
          // (sticky) beside each control while it is used; the tabs sit
          // above the picture, which shows the gateway they add.
          for (const id of uses[k - 1]) {
            await w.locator(id).scrollIntoViewIfNeeded();
            const beside = id.startsWith('strategy-') ? 'topology' : 'allowed-total';
            const both = await w.page.evaluate(([id, beside]) => [id, beside].map((t) => {
              const b = document.querySelector(`[data-testid="${t}"]`).getBoundingClientRect();
              return beside === 'topology' && t === beside ? b.top >= 0 && b.top + b.height / 2 <= innerHeight : b.top >= 0 && b.bottom <= innerHeight;
            }), [id, beside]);
            assert.deepEqual(both, [true, true], `step ${k}: ${id} and ${beside} in sight together`);
          }
          continue;
        }
        assert.ok(box.bottom - box.top <= height, `step ${k}: ${Math.round(box.bottom - box.top)} px tall, in ${height}`);
      }
      // Folded, not removed: everything opens on request.
      assert.equal(await w.locator('strategy-sync').isVisible(), false);
      await w.locator('tour-all').click();
      assert.equal(await w.locator('tour-all').getAttribute('aria-expanded'), 'true');
      assert.ok(await w.locator('strategy-sync').isVisible());
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }

  for (const colorScheme of ['light', 'dark']) {
    test(`axe reports nothing in the lesson (${colorScheme}), goal open and met, and in the recap`, async () => {
      const w = await open('?tour=7', { colorScheme });
      await atStep(w, 7);
      assert.deepEqual(await audit(w.page), []);
      await w.choose('fail-closed');
      await doneNow(w, 7);
      await w.locator('tour-hint').click();
      assert.deepEqual(await audit(w.page), []);
      // And the recap after the last step.
      await w.locator('tour-next').click();
      await atStep(w, 8);
      await w.locator('tour-next').click();
      await waitFor(() => w.has('tour-recap'), { message: 'the recap' });
      assert.deepEqual(await audit(w.page), []);
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }

  test('the hint is offered after a while without progress', async () => {
    const w = await open('?tour=2');
    await atStep(w, 2);
    await waitFor(async () => /rll-button--primary/.test(await w.locator('tour-hint').getAttribute('class')), { timeout: 25000, message: 'the hint offered' });
    assert.equal((await step(w)).done, 'false');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('the steps\' words, fetched when the lesson opens (issue 35)', () => {
  // On a phone: on a desktop tall enough to show the top of the code view
  // (or the explanation, or the charts) at once, later.json is asked for
  // as soon as the widget is up, for them.
  const PHONE = { width: 390, height: 844 };
  test('the page fetches later.json only once the lesson starts; its words then show, and the focus is on the step', async () => {
    const w = await open('', PHONE);
    const asked = () => w.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('/later.json')));
    await w.page.waitForTimeout(500);
    assert.deepEqual(await asked(), [], 'not fetched before the lesson opens');
    await w.locator('tour-start').click();
    await atStep(w, 1);
    assert.deepEqual(await asked(), [`${lab.origin}/lab/later.json`], 'fetched once, from the widget\'s folder');
    assert.match(await w.text('tour'), /One server keeps the user's count in its memory/);
    assert.equal(await w.page.evaluate(() => document.activeElement?.classList.contains('rll-tour__title')), true, 'the step\'s heading has the focus');
    await w.locator('tour-next').click();
    await atStep(w, 2);
    assert.equal((await asked()).length, 1, 'not fetched again');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('when later.json cannot be fetched: a polite notice with the way out, no error; starting again fetches again', async () => {
    const w = await open('', PHONE);
    let fail = true;
    await w.page.route('**/later.json', (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
    await w.locator('tour-start').click();
    const notice = w.page.locator('[data-testid="tour-loading"]');
    await waitFor(async () => /could not be loaded/.test(await notice.textContent()), { message: 'the notice' });
    assert.equal(await notice.getAttribute('role'), 'status');
    assert.equal(await w.has('tour-step'), false, 'no step without its words');
    await w.locator('tour-exit').click();
    await waitFor(async () => (await w.has('tour-waiting')) === false, { message: 'the lesson left' });
    fail = false;
    await w.locator('tour-start').click();
    await atStep(w, 1);
    assert.match(await w.text('tour'), /One server keeps the user's count in its memory/);
    // The aborted fetch is the test's doing (and Chromium's own line for
    // it on the console); nothing else went wrong.
    assert.deepEqual(w.problems().filter((p) => !/later\.json|^console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/.test(p)), []);
    await w.close();
  });

  test('the explanation comes from later.json as it nears the screen, on a phone and a desktop: not fetched at the first screen, then the strategy\'s own words', async () => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 720 }]) {
      const w = await open('?strategy=getset');
      await w.page.setViewportSize(viewport);
      const asked = () => w.page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/later.json')).length);
      await w.page.waitForTimeout(500);
      assert.equal(await asked(), 0, `${viewport.width} px: not fetched for the first screen`);
      const why = w.page.locator('.rll-explain');
      await why.scrollIntoViewIfNeeded();
      await waitFor(async () => /Between a request's GET and its SET/.test(await why.innerText()), { message: `${viewport.width} px: GET then SET's explanation` });
      assert.match(await why.innerText(), /In production: .*INCR/s);
      // Another tab, another explanation, with no second fetch.
      await w.locator('strategy-incr').click();
      await waitFor(async () => /INCR adds one and returns the new count/.test(await why.innerText()), { message: 'INCR\'s explanation' });
      assert.equal(await asked(), 1, 'fetched once');
      assert.deepEqual(w.problems(), []);
      await w.close();
    }
  });

  test('the quiz\'s why comes from later.json too: the verdict at once, then why; offline, a polite line, and a pick tries again', async () => {
    const w = await open('', PHONE);
    let fail = true;
    await w.page.route('**/later.json', (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
    const item = w.locator('quiz-question').first();
    await item.scrollIntoViewIfNeeded();
    await item.locator('[data-act="quiz-pick"]').first().click();
    const feedback = item.locator('[data-testid="quiz-feedback"]');
    await waitFor(async () => /could not be loaded/.test(await feedback.innerText()), { message: 'the notice' });
    assert.match(await feedback.innerText(), /^You picked “[^”]+”: (not )?right\./, 'the verdict shows without the file');
    fail = false;
    await item.locator('[data-act="quiz-pick"]').nth(1).click();
    const fb = await waitFor(async () => {
      const t = (await feedback.innerText()).trim();
      return !/loading|could not/.test(t) && t;
    }, { message: 'the why' });
    assert.match(fb, /^You picked “[^”]+”: (not )?right\.\s*\S{3,}/);
    assert.deepEqual(w.problems().filter((p) => !/later\.json|^console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/.test(p)), []);
    await w.close();
  });
});
