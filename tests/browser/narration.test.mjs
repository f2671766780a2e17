// The narration under the picture, and seeing the burst happen: Step on
// the default GET then SET burst gives a new sentence at every press and
// names both racing requests at the first race; Step back brings the
// sentence before back; the end state sums up the run; what the live
// region says over five Steps and over a Play (what a screen reader
// hears, written to tests/browser/artifacts/narration.txt); a tab starts a
// replay of its burst from the start (not under reduced motion, nor on a
// page opened at `t`), a slider still shows its end at once; at normal
// speed the first race stays on screen for at least a second. Screenshots
// of the first race with its narration at 390 and 1280 px, light and dark.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openWidget, shutdown, until, waitFor, ARTIFACTS, listen, said } from './harness.mjs';

after(shutdown);

const heard = [];
after(() => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, 'narration.txt'), heard.join('\n') + '\n');
});

const narration = (w) => w.text('narration');

const playing = async (w) => (await w.locator('play').getAttribute('data-playing')) === 'true';

/** Presses Step and waits for the narration to change; returns it. */
async function step(w, button = 'step') {
  const before = await narration(w);
  await w.locator(button).click();
  await waitFor(async () => (await narration(w)) !== before, { message: `${button} changes the narration` });
  return narration(w);
}

describe('the narration tells the moment shown', () => {
  test('Step gives a new sentence at every press and names both racing requests; Step back restores the one before', async () => {
    const w = await openWidget('?strategy=getset');
    const live = w.locator('narration');
    assert.equal(await live.getAttribute('aria-live'), 'polite');
    assert.match(await narration(w), /^GET, then SET: \d+ of 40 requests got through, \d+ more than the limit of 10 allows\.$/, 'the end state sums up the run');
    const steps = [];
    for (let k = 0; k < 6; k++) steps.push(await step(w));
    assert.equal(new Set(steps).size, 6, 'six presses, six sentences');
    assert.equal(steps[0], 't = 0.271 ms: request 1 reaches server 2, which sends GET to Redis.');
    assert.equal(steps[3], 't = 1.28 ms: Redis runs GET for request 2 and answers 0, the same count request 1 was given.');
    assert.match(steps[5], /request 2, the same count request 1 was given: allowed/, 'the first race names both requests');
    assert.equal(await step(w, 'step-back'), steps[4], 'Step back brings the sentence before back');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('what a screen reader hears: five Steps, then a Play at normal speed', async () => {
    const w = await openWidget('?strategy=getset');
    await listen(w);
    await w.locator('step').focus();
    for (let k = 1; k <= 5; k++) {
      await w.page.keyboard.press('Enter');
      await waitFor(async () => (await said(w)).length === k, { message: `step ${k} is said` });
    }
    const five = (await said(w)).map((s) => s.text);
    heard.push('Five Steps (GET then SET):', ...five.map((t) => `  ${t}`));
    assert.equal(new Set(five).size, 5);
    // Back to the end, then Play from the start.
    await w.toEnd();
    await waitFor(async () => /requests got through/.test((await said(w)).at(-1).text), { message: 'the end is said' });
    const from = (await said(w)).length;
    const start = await w.page.evaluate(() => performance.now());
    await w.locator('play').click();
    await until(async () => !(await playing(w)), { timeout: 40000, interval: 200 });
    await waitFor(async () => /requests got through/.test((await said(w)).at(-1).text), { message: 'the end is said' });
    const play = (await said(w)).slice(from);
    heard.push('Play (GET then SET, normal speed), ms after the press:', ...play.map((s) => `  +${Math.round(s.at - start)} ${s.text}`));
    assert.match(play[0].text, /^t = 0 ms: Before the burst/, 'Play says where it starts at once');
    assert.ok(play.length >= 4 && play.length <= 16, `at a listener's pace (${play.length} sentences)`);
    for (let k = 1; k < play.length - 1; k++) {
      assert.ok(play[k].at - play[k - 1].at >= 950, `a second at least between two sentences (${Math.round(play[k].at - play[k - 1].at)} ms)`);
    }
    assert.ok(play.some((s) => /the same count request \d+ was given/.test(s.text)), 'the race is said while it is on screen');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('seeing it happen', () => {
  test('opening shows the end state; a tab replays its burst from the start; a slider shows its end at once', async () => {
    const w = await openWidget('');
    assert.equal(await playing(w), false, 'the page opens on the end state, paused');
    assert.match(await narration(w), /^Local counters: /);
    await w.locator('strategy-getset').click();
    await waitFor(() => playing(w), { message: 'the tab starts a replay' });
    const t0 = Number(await w.locator('time').inputValue());
    assert.ok(t0 < 10, `it replays from the start (${t0} ms)`);
    // At normal speed the first race (2.28 to 3.271 ms) stays on screen
    // for a second at least. The slider shows the moment in steps (the
    // words follow it ten times a second of the usual pace), so the pace
    // through the race is read from two of those steps inside it.
    const times = await w.locator('time').evaluate(async (el) => {
      const seen = [];
      const end = performance.now() + 12000;
      await new Promise((done) => {
        const look = () => {
          const v = Number(el.value);
          if (seen.at(-1)?.[1] !== v) seen.push([performance.now(), v]);
          if (v > 4 || performance.now() > end) done(); else requestAnimationFrame(look);
        };
        look();
      });
      return seen;
    });
    const inside = times.filter(([, v]) => v >= 2.28 && v < 3.271);
    assert.ok(inside.length >= 2, `two steps inside the race (${JSON.stringify(times)})`);
    const [[ta, va], [tb, vb]] = [inside[0], inside.at(-1)];
    const held = ((tb - ta) / (vb - va)) * (3.271 - 2.28);
    assert.ok(held >= 1000, `the race is on screen ${Math.round(held)} ms`);
    // A slider change shows its end state at once.
    await w.setSlider('servers', 5);
    assert.equal(await playing(w), false, 'a slider stops the replay');
    await waitFor(async () => /requests got through/.test(await narration(w)), { message: 'the slider shows the end and its summary' });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('no replay on a tab under reduced motion, nor on a page opened at t', async () => {
    const reduced = await openWidget('', { reducedMotion: 'reduce' });
    await reduced.locator('strategy-getset').click();
    await waitFor(async () => (await reduced.selectedStrategy()) === 'strategy-getset', { message: 'the tab is chosen' });
    assert.equal(await playing(reduced), false);
    await waitFor(async () => /^GET, then SET: /.test(await narration(reduced)), { message: 'the end state and its summary' });
    assert.deepEqual(reduced.problems(), []);
    await reduced.close();
    const at = await openWidget('?t=2');
    await at.locator('strategy-incr').click();
    await waitFor(async () => /^INCR: /.test(await narration(at)), { message: 'the end state and its summary' });
    assert.equal(await playing(at), false);
    assert.deepEqual(at.problems(), []);
    await at.close();
  });
});

describe('screenshots of the first race with its narration', () => {
  for (const [width, height] of [[390, 844], [1280, 900]]) {
    for (const colorScheme of ['light', 'dark']) {
      test(`${width} px, ${colorScheme}`, async () => {
        const w = await openWidget('?strategy=getset&t=2.28', { width, height, colorScheme });
        await waitFor(async () => /the same count request 1 was given/.test(await narration(w)), { message: 'the race is told' });
        await w.locator('narration').scrollIntoViewIfNeeded();
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        await w.page.screenshot({ path: path.join(ARTIFACTS, `narration-race-${width}-${colorScheme}.png`) });
        assert.deepEqual(w.problems(), []);
        await w.close();
      });
    }
  }
});
