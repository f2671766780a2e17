// The same lesson by keyboard and screen reader (what axe cannot see):
// the focus goes somewhere sensible whenever the control that had it hides
// or the view moves; the replay speaks through the widget's one live
// region, the narration under the picture, at a listener's pace (five Steps, a Play, its pause and its end);
// the time slider neither floods nor crawls; Play says one thing; reduced
// motion still goes through the burst; the quiz's options are a radio
// group per question whose feedback says in words what was picked; the
// site's traffic is a valid number on load.
//
// The live region's texts, as recorded, go to
// tests/browser/artifacts/announcer.txt (what a screen reader reads out).
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openWidget, openMounted, shutdown, until, waitFor, focused, expected, ARTIFACTS, listen, said, addStyle } from './harness.mjs';

after(shutdown);

const heard = [];
after(() => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, 'announcer.txt'), heard.join('\n') + '\n');
});


/** The focused element's test hook (or tag), through shadow roots. */
async function focusId(page) {
  const f = await focused(page);
  return f ? (f.testid ?? f.tag) : 'body';
}

/** Whether Play is playing, as its name says ("Pause" while it plays). */
async function playName(w) {
  return (await w.locator('play').innerText()).replace(/[^\p{L} ]/gu, '').trim();
}

describe('focus stays where the learner is (item 1)', () => {
  test('submitting the prediction moves the focus to Pause; Escape and Cancel return it to "Predict first"', async () => {
    const w = await openMounted('?predict=1&strategy=getset');
    await w.locator('predict-guess').focus();
    await w.page.keyboard.type('12');
    await w.page.keyboard.press('Enter');
    assert.equal(await focusId(w.page), 'play', 'after submitting, the focus is on the replay it started');
    assert.equal(await playName(w), 'Pause');
    await until(async () => (await w.text('predict-result')) !== '', { timeout: 20000 });
    // Asked again, then called off with Escape: the outcome shows again.
    await w.locator('predict-start').click();
    assert.equal(await focusId(w.page), 'predict-guess');
    await w.page.keyboard.press('Escape');
    await waitFor(async () => !(await w.page.locator('[data-slot="predict"]').isVisible()), { message: 'Escape closes the prediction' });
    assert.equal(await focusId(w.page), 'predict-start', 'Escape returns the focus to "Predict first"');
    assert.ok(await w.locator('allowed-total').isVisible(), 'the outcome shows again');
    // And with the Cancel button.
    await w.page.keyboard.press('Enter');
    assert.equal(await focusId(w.page), 'predict-guess');
    await w.page.keyboard.press('Tab');
    await w.page.keyboard.press('Tab');
    assert.equal(await focusId(w.page), 'predict-cancel', 'Cancel follows the submit button');
    await w.page.keyboard.press('Enter');
    assert.equal(await focusId(w.page), 'predict-start');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('"Show answer" moves the focus to the answer; "Try again" to the first question', async () => {
    const w = await openWidget('');
    const key = await w.quizKey();
    const q = w.locator('quiz-question').nth(1);
    const wrong = (key[1] + 1) % 3;
    await q.locator('[data-act="quiz-pick"]').nth(wrong).click();
    await q.locator('[data-testid="quiz-show"]').focus();
    await w.page.keyboard.press('Enter');
    await waitFor(() => q.locator('[data-testid="quiz-show"]').isHidden(), { message: 'Show answer hides' });
    const f = await w.page.evaluate(() => ({ act: document.activeElement.dataset.act, q: document.activeElement.dataset.q, right: document.activeElement.dataset.correct }));
    assert.deepEqual(f, { act: 'quiz-pick', q: '1', right: 'true' }, 'the focus is on the answer');
    await w.locator('quiz-reset').focus();
    await w.page.keyboard.press('Enter');
    await waitFor(() => w.locator('quiz-reset').isHidden(), { message: 'Try again hides' });
    const g = await w.page.evaluate(() => {
      const el = document.activeElement;
      return { act: el.dataset.act, q: el.dataset.q, first: el === el.parentElement.firstElementChild };
    });
    assert.deepEqual(g, { act: 'quiz-pick', q: '0', first: true }, 'the focus is on the first question');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('"Show me" takes the focus to the picture: the next Tab is Play', async () => {
    const w = await openWidget('');
    const key = await w.quizKey();
    // A question with a "show me" link, answered.
    const n = await w.locator('quiz-question').count();
    let q = null;
    for (let i = 0; i < n && !q; i++) {
      const item = w.locator('quiz-question').nth(i);
      if (await item.locator('[data-testid="show-me"]').count()) q = [item, i];
    }
    assert.ok(q, 'a question offers "Show me"');
    const [item, i] = q;
    await item.locator('[data-act="quiz-pick"]').nth(key[i]).click();
    const link = item.locator('[data-testid="show-me"]');
    await waitFor(() => link.isVisible(), { message: 'Show me offered' });
    await link.focus();
    await w.page.keyboard.press('Enter');
    await waitFor(async () => (await focusId(w.page)) === 'topology', { message: 'the focus goes to the picture' });
    const top = await w.locator('topology').evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(top >= 0 && top < 900, `the picture is in view (${top})`);
    await w.page.keyboard.press('Tab');
    assert.equal(await focusId(w.page), 'play', 'the next Tab is the replay, not the link far below');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('the replay speaks (items 2 and 3)', () => {
  test('five Steps: each says what happened at that moment, in order', async () => {
    const query = 'strategy=getset';
    const e = expected(query);
    const w = await openWidget(`?${query}`);
    await listen(w);
    await w.locator('step').focus();
    for (let k = 1; k <= 5; k++) {
      await w.page.keyboard.press('Enter');
      await waitFor(async () => (await said(w)).length === k, { message: `step ${k} is announced` });
    }
    const texts = (await said(w)).map((s) => s.text);
    heard.push('Five Steps (GET then SET):', ...texts.map((t) => `  ${t}`));
    const ms = (us) => String(us / 1000);
    assert.deepEqual(texts.map((t) => t.match(/^t = ([\d.]+) ms: /)?.[1]), e.event_times.slice(0, 5).map(ms), 'one sentence per event, at its moment to the microsecond');
    assert.equal(texts[0], 't = 0.271 ms: request 1 reaches server 2, which sends GET to Redis.');
    assert.match(texts[2], /Redis runs GET for request 1 and answers 0/);
    assert.match(texts[4], /GET for request 1, the same count request 2 was given: allowed/);
    // Step back says the moment it lands on.
    await w.locator('step-back').click();
    await waitFor(async () => (await said(w)).length === 6, { message: 'step back is announced' });
    assert.match((await said(w))[5].text, /^t = 1\.28 ms: Redis runs GET for request 2 and answers 0, the same count request 1 was given\.$/);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('Play speaks at once, then every few seconds and on a race, then the outcome; a pause says where', async () => {
    const query = 'strategy=getset';
    const w = await openWidget(`?${query}`);
    await listen(w);
    const start = await w.page.evaluate(() => performance.now());
    await w.locator('play').click();
    await until(async () => (await playName(w)) === 'Play', { timeout: 40000, interval: 200 });
    const got = await until(async () => {
      const s = await said(w);
      return s.length && /requests got through/.test(s.at(-1).text) ? s : false;
    }, { timeout: 3000 });
    assert.ok(got, 'the end is announced');
    heard.push('Play (GET then SET, normal speed), ms after the press:', ...got.map((s) => `  +${Math.round(s.at - start)} ${s.text}`));
    assert.ok(got.length >= 3, `several announcements over the run (${got.length})`);
    assert.ok(got.length <= 16, `at a listener's pace, not every frame (${got.length})`);
    for (let k = 1; k < got.length - 1; k++) {
      assert.ok(got[k].at - got[k - 1].at >= 950, `at least a second between announcements (${got[k].at - got[k - 1].at} ms)`);
    }
    assert.match(got[0].text, /^t = 0 ms: Before the burst: 40 requests are about to arrive/);
    assert.ok(got.some((s) => /the same count request \d+ was given/.test(s.text)), 'a race is said while it is on screen');
    assert.match(got.at(-1).text, /^GET, then SET: \d+ of 40 requests got through, \d+ more than the limit of 10 allows\.$/);
    // Played again and paused: where it stopped.
    await w.locator('play').click();
    await waitFor(async () => (await said(w)).length > got.length + 1, { timeout: 6000, message: 'a first announcement' });
    const before = (await said(w)).length;
    await w.locator('play').click();
    const paused = await until(async () => {
      const s = await said(w);
      return s.length > before ? s.at(-1).text : false;
    }, { timeout: 3000 });
    assert.match(paused || '', /^t = [\d.]+ ms: request \d+|^t = [\d.]+ ms: (Redis|server)/, 'the pause says the moment it stopped at');
    heard.push('Play, then Pause:', `  ${paused}`);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the time slider, focused during Play, changes its words at most once a second', async () => {
    const w = await openWidget('?strategy=getset');
    await w.locator('time').evaluate((el) => {
      window.__vt = [];
      new MutationObserver(() => window.__vt.push(performance.now())).observe(el, { attributes: true, attributeFilter: ['aria-valuetext'] });
    });
    await w.locator('play').click();
    await w.locator('time').focus();
    const t0 = await w.page.evaluate(() => performance.now());
    await until(async () => (await w.page.evaluate(() => performance.now())) - t0 > 6000, { timeout: 8000, interval: 250 });
    const changes = await w.page.evaluate((t0) => window.__vt.filter((t) => t >= t0 && t < t0 + 6000).length, t0);
    assert.ok(changes <= 6, `at most one change a second over 6 s (${changes})`);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the time slider steps an event at a time; Page Up ten; Home and End the ends', async () => {
    const query = 'strategy=getset';
    const e = expected(query);
    const ms = (us) => String(Math.round(us / 10) / 100);
    const w = await openWidget(`?${query}`);
    const time = w.locator('time');
    await time.focus();
    await w.page.keyboard.press('Home');
    assert.equal(await time.inputValue(), '0');
    await w.page.keyboard.press('ArrowRight');
    assert.equal(await time.inputValue(), ms(e.event_times[0]), 'ArrowRight: the first event');
    await w.page.keyboard.press('ArrowRight');
    assert.equal(await time.inputValue(), ms(e.event_times[1]), 'ArrowRight: the next event');
    await w.page.keyboard.press('ArrowLeft');
    assert.equal(await time.inputValue(), ms(e.event_times[0]));
    await w.page.keyboard.press('PageUp');
    assert.equal(await time.inputValue(), ms(e.event_times[10]), 'Page Up: ten events on');
    await w.page.keyboard.press('PageDown');
    assert.equal(await time.inputValue(), ms(e.event_times[0]));
    await w.page.keyboard.press('End');
    assert.equal(await time.inputValue(), ms(e.end_us ?? e.event_times.at(-1)));
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('Play says one thing (item 4)', () => {
  test('its name changes from Play to Pause; it has no pressed state', async () => {
    const w = await openWidget('?strategy=getset');
    const play = w.locator('play');
    assert.equal(await play.getAttribute('aria-pressed'), null);
    assert.equal(await playName(w), 'Play');
    await play.click();
    assert.equal(await playName(w), 'Pause');
    assert.equal(await play.getAttribute('aria-pressed'), null, 'no "pressed" on top of "Pause"');
    await play.click();
    assert.equal(await playName(w), 'Play');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('reduced motion still goes through the burst (item 5)', () => {
  test('Play steps from event to event on a timer, speaking, to the end', async () => {
    const query = 'strategy=getset&burst=20';
    const e = expected(query);
    const ms = (us) => String(Math.round(us / 10) / 100);
    const events = new Set(e.event_times.map(ms));
    const w = await openWidget(`?${query}`, { reducedMotion: 'reduce' });
    await listen(w);
    await w.locator('time').evaluate((el) => {
      window.__values = [];
      const seen = () => { const v = el.value; if (window.__values.at(-1) !== v) window.__values.push(v); requestAnimationFrame(seen); };
      seen();
    });
    await w.locator('play').click();
    assert.equal(await playName(w), 'Pause', 'it plays');
    await until(async () => (await playName(w)) === 'Play', { timeout: 30000, interval: 200 });
    const values = await w.page.evaluate(() => window.__values.slice(1));
    const stops = values.filter((v) => events.has(v));
    assert.ok(stops.length >= 10, `it rests on the events one by one (${stops.length} of ${values.length})`);
    assert.ok(values.slice(0, -1).every((v) => v === '0' || events.has(v)), `only the start and events are shown, nothing between (${values.join(' ')})`);
    const s = await said(w);
    assert.ok(s.length >= 2 && /requests got through/.test(s.at(-1).text), 'it speaks, then says the outcome');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('the quiz is a radio group per question (item 6)', () => {
  test('one Tab stop per question; arrows move without picking; the feedback says what was picked', async () => {
    const w = await openWidget('');
    const n = await w.locator('quiz-question').count();
    const groups = await w.locator('quiz').locator('[role="radiogroup"]').count();
    assert.equal(groups, n, 'a radio group per question');
    const stops = await w.locator('quiz').locator('[role="radio"][tabindex="0"]').count();
    assert.equal(stops, n, `one Tab stop per question (${stops} for ${n})`);
    const key = await w.quizKey();
    const q = w.locator('quiz-question').nth(0);
    const radios = q.locator('[role="radio"]');
    await radios.nth(0).focus();
    await w.page.keyboard.press('ArrowDown');
    assert.equal(await radios.nth(1).evaluate((el) => el === document.activeElement), true, 'ArrowDown moves to the next option');
    assert.equal(await w.locator('quiz').locator('[aria-checked="true"]').count(), 0, 'moving picks nothing');
    await w.page.keyboard.press('ArrowUp');
    await w.page.keyboard.press('ArrowUp');
    assert.equal(await radios.nth(2).evaluate((el) => el === document.activeElement), true, 'ArrowUp wraps to the last');
    // A wrong pick with Space, then the answer shown.
    const wrong = (key[0] + 1) % 3;
    await radios.nth(wrong).focus();
    const wrongText = (await radios.nth(wrong).innerText()).trim();
    const rightText = (await radios.nth(key[0]).innerText()).trim();
    await w.page.keyboard.press('Space');
    await waitFor(async () => (await radios.nth(wrong).getAttribute('aria-checked')) === 'true', { message: 'Space picks' });
    const feedback = q.locator('[data-testid="quiz-feedback"]');
    const first = await feedback.innerText();
    assert.match(first, new RegExp(`^You picked “${wrongText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”: not right\\.`));
    assert.equal(await radios.nth(wrong).evaluate((el) => el.textContent.includes('(not right)')), true, 'the option says it is not right, in words');
    await q.locator('[data-testid="quiz-show"]').click();
    const fb = await until(async () => { const t = await feedback.innerText(); return /answer is/.test(t) ? t : false; });
    heard.push('One quiz answer (a wrong pick with Space, then Show answer), the feedback region:', `  ${first.trim()}`, `  ${fb.trim()}`);
    assert.doesNotMatch(fb, /^(Correct|You picked “[^”]*”: right)/, 'never "right" for an answer not found');
    assert.ok(fb.startsWith(`You picked “${wrongText}” first, which is not right. The answer is “${rightText}”.`), fb);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('the site traffic is valid (item 7)', () => {
  test('50,000 on load is a valid value; ArrowUp gives 51,000', async () => {
    const w = await openWidget('');
    const input = w.locator('traffic');
    assert.equal(await input.evaluate((el) => el.validity.valid), true, 'valid on load');
    await input.focus();
    await w.page.keyboard.press('ArrowUp');
    await waitFor(async () => (await w.query()).traffic === '51000', { message: 'traffic=51000' });
    assert.equal(await input.inputValue(), '51000');
    assert.equal(await input.evaluate((el) => el.validity.valid), true);
    await w.page.keyboard.press('ArrowDown');
    await waitFor(async () => (await input.inputValue()) === '50000', { message: 'back to 50,000' });
    await input.fill('12345');
    await input.press('Tab');
    assert.equal(await input.evaluate((el) => el.validity.valid), true, 'any whole number typed is valid');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

/** WCAG contrast of two CSS colours ("rgb(…)"). */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

describe('contrast and forced colours (item 8)', () => {
  for (const colorScheme of ['light', 'dark']) {
    test(`the unused-quota mark stands out from its card at 3:1, ${colorScheme}`, async () => {
      const w = await openWidget('?strategy=split&lb=sticky&burst=10', { colorScheme });
      const { mark, card, canvas } = await w.page.evaluate(() => {
        const m = document.querySelector('.rll-mark--unused');
        const c = document.querySelector('.rll-card');
        const root = getComputedStyle(document.querySelector('.rll'));
        // The cards draw the same mark on a canvas, in --rll-muted.
        const probe = document.createElement('i');
        probe.style.color = root.getPropertyValue('--rll-muted');
        document.body.append(probe);
        const canvasInk = getComputedStyle(probe).color;
        probe.remove();
        return { mark: getComputedStyle(m).boxShadow, card: getComputedStyle(c).backgroundColor, canvas: canvasInk };
      });
      const ink = mark.match(/rgba?\([^)]*\)/)[0];
      const ratio = contrast(ink, card);
      assert.ok(ratio >= 3, `the key's mark: ${ink} on ${card} is ${ratio.toFixed(2)}:1`);
      const drawn = contrast(canvas, card);
      assert.ok(drawn >= 3, `the card's mark: ${canvas} on ${card} is ${drawn.toFixed(2)}:1`);
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }

  test('forced colours: the key keeps its swatches; the selected tab stands out', async () => {
    const w = await openWidget('?strategy=getset');
    await w.page.emulateMedia({ forcedColors: 'active' });
    const got = await w.page.evaluate(() => {
      const cs = (el) => getComputedStyle(el);
      const key = [...document.querySelectorAll('.rll-picture__key li:not([hidden]) .rll-key')];
      const tabs = [...document.querySelectorAll('[role="tab"]')];
      const sel = tabs.find((t) => t.getAttribute('aria-selected') === 'true');
      const other = tabs.find((t) => t.getAttribute('aria-selected') !== 'true');
      return {
        swatches: key.map((k) => cs(k).forcedColorAdjust),
        selected: [cs(sel).backgroundColor, cs(sel).borderTopColor],
        other: [cs(other).backgroundColor, cs(other).borderTopColor],
      };
    });
    assert.ok(got.swatches.length > 0 && got.swatches.every((v) => v === 'none'), `the key's swatches keep their colours: ${got.swatches}`);
    assert.notDeepEqual(got.selected, got.other, 'the selected tab looks unlike the others');
    await w.page.setViewportSize({ width: 390, height: 844 });
    await w.screenshot('forced-colors-390');
    await w.page.setViewportSize({ width: 1280, height: 900 });
    await w.screenshot('forced-colors-1280');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('reflow at 320 px (item 9)', () => {
  test('the time readout never runs under "Speed", with or without the text-spacing override', async () => {
    const w = await openWidget('?strategy=getset&t=12.34', { width: 320, height: 800 });
    const overlap = () => w.page.evaluate(() => {
      const a = document.querySelector('.rll-replay__value').getBoundingClientRect();
      const b = document.querySelector('.rll-replay__speed').getBoundingClientRect();
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      return x > 0 && y > 0 ? Math.round(Math.min(x, y)) : 0;
    });
    assert.equal(await overlap(), 0, 'no overlap at 320 px');
    const wide = await w.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 320, `no sideways scroll (${wide} px)`);
    await addStyle(w.page, '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }');
    assert.equal(await overlap(), 0, 'no overlap with the text-spacing override');
    await w.screenshot('reflow-320-text-spacing');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('reading order and names (item 11)', () => {
  test('at 1280 px the sliders come after the picture, on screen and in Tab order', async () => {
    const w = await openWidget('?strategy=getset');
    const order = await w.page.evaluate(() => {
      const all = [...document.querySelectorAll('button, input, select, [tabindex="0"]')];
      const at = (id) => all.indexOf(document.querySelector(`[data-testid="${id}"]`));
      const x = (id) => document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect().left;
      return { play: at('play'), servers: at('servers'), playX: x('play'), serversX: x('servers') };
    });
    assert.ok(order.play < order.servers, 'the picture\'s controls come first in Tab order');
    assert.ok(order.playX < order.serversX, 'and first on screen (the sliders are at the right)');
    await w.close();
  });

  test('each tab says its group; a card says its refusals in words', async () => {
    const w = await openWidget('?strategy=local');
    const tabs = await w.page.locator('[role="tab"]').evaluateAll((els) => els.map((t) => {
      const d = t.getAttribute('aria-describedby');
      return [t.dataset.testid, d ? document.getElementById(d)?.textContent.trim() : null];
    }));
    assert.deepEqual(tabs.map(([, g]) => g), [
      ...Array(3).fill("In each server's memory"),
      'In front of the servers',
      ...Array(3).fill('In Redis, shared'),
    ], 'every tab is described by its group');
    const card = w.locator('server-card').first();
    assert.equal(await card.locator('.rll-card__count').getAttribute('aria-hidden'), 'true', '"3 429" is not read as a number');
    const said = await card.locator('.rll-sr-only').innerText();
    assert.match(said, /\d+ allowed, \d+ refused \(429 Too Many Requests\)/);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('the charts name their units (item 10)', () => {
  test('every point says "servers" or "ms round trip" and "allowed"; no two series drawn alike; the readout does not repeat it aloud', async () => {
    const w = await openWidget('?strategy=getset');
    await w.page.locator('[data-chart="servers"]').scrollIntoViewIfNeeded();
    const names = await until(async () => {
      const n = await w.page.locator('.rll-chart__dot[data-label]:not([visibility])').evaluateAll((els) => els.map((e) => e.dataset.label));
      return n.length > 20 && n.every((s) => s) ? n : false;
    }, { timeout: 30000, interval: 200 });
    assert.ok(names, 'the charts drawn');
    const bad = names.filter((s) => !/, \d[\d.]* (servers?|ms round trip): [\d.]+ allowed on average, fewest \d+, most \d+$/.test(s));
    assert.deepEqual(bad, [], 'units in every point\'s name');
    // Each series in a chart is drawn unlike the others, colour aside.
    const looks = await w.page.locator('[data-chart]').evaluateAll((charts) => charts.map((c) =>
      [...c.querySelectorAll('.rll-chart__line')].map((l) => `${getComputedStyle(l).strokeDasharray}/${getComputedStyle(l).strokeWidth}`)));
    for (const lines of looks) {
      assert.equal(new Set(lines).size, lines.length, `a second cue per series: ${lines.join(', ')}`);
    }
    const loose = await w.page.locator('[data-chart] text').evaluateAll((ts) => ts.filter((t) => !t.closest('[aria-hidden="true"]')).map((t) => t.textContent));
    assert.deepEqual(loose, [], 'no loose tick numbers for a screen reader');
    const readout = w.locator('chart-readout');
    assert.equal(await readout.getAttribute('aria-live'), null, 'the readout is not a live region');
    assert.equal(await readout.getAttribute('aria-hidden'), 'true', 'a screen reader hears the focused point once, by its name');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});
