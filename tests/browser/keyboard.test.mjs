// Keyboard only: a learner who never touches the mouse can choose a strategy,
// move the sliders, roll a new burst and take the quiz, and always sees
// where the focus is.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openWidget, shutdown, waitFor } from './harness.mjs';

after(shutdown);

/** What has the focus: its test id, role, tag, and whether it shows a ring. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return {
      testid: el.getAttribute('data-testid'),
      role: el.getAttribute('role'),
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute('type'),
      text: (el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 40),
      inQuiz: !!el.closest('[data-testid="quiz-question"]'),
      focusVisible: el.matches(':focus-visible'),
      outlineStyle: cs.outlineStyle,
      outlineWidth: parseFloat(cs.outlineWidth) || 0,
      outlineColor: cs.outlineColor,
      boxShadow: cs.boxShadow,
      visible: r.width > 0 && r.height > 0 && cs.visibility !== 'hidden',
    };
  });
}

/** Presses Tab (or Shift+Tab) until `pred(focused)` holds; fails after `max` presses. */
async function tabTo(page, pred, { max = 60, back = false, what = 'target' } = {}) {
  const seen = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    seen.push(f ? f.testid ?? `${f.tag}:${f.text}` : 'body');
    if (f && pred(f)) return f;
  }
  throw new Error(`Tab never reached ${what}; focus went: ${seen.join(' → ')}`);
}

/** Asserts the focused element shows a visible focus indicator. */
function assertRing(f, label) {
  assert.ok(f, `${label}: something has the focus`);
  assert.ok(f.focusVisible, `${label}: keyboard focus matches :focus-visible`);
  assert.notEqual(f.outlineStyle, 'none', `${label}: outline-style is not none`);
  assert.ok(f.outlineWidth >= 1, `${label}: outline is at least 1px wide (${f.outlineWidth})`);
  assert.doesNotMatch(f.outlineColor, /rgba\(\d+, \d+, \d+, 0\)|transparent/, `${label}: outline is not transparent`);
}

async function tabStates(w) {
  return w.page.locator('[role="tab"]').evaluateAll((els) =>
    els.map((e) => ({ id: e.dataset.testid, selected: e.getAttribute('aria-selected'), tabindex: e.getAttribute('tabindex') })));
}

describe('keyboard', () => {
  test('tabs: Tab enters at the selected tab; arrows, Home and End move selection and focus', async () => {
    const w = await openWidget('?strategy=split');
    const first = await tabTo(w.page, (f) => f.role === 'tab', { max: 10, what: 'the tab list' });
    assert.equal(first.testid, 'strategy-split', 'Tab lands on the selected tab, not the first one');
    assertRing(first, 'selected tab');

    const moves = [
      ['ArrowRight', 'getset'], ['ArrowRight', 'incr'], ['ArrowRight', 'local'],
      ['ArrowLeft', 'incr'], ['Home', 'local'], ['End', 'incr'], ['ArrowLeft', 'getset'],
    ];
    for (const [key, want] of moves) {
      await w.page.keyboard.press(key);
      const f = await focused(w.page);
      assert.equal(f?.testid, `strategy-${want}`, `${key} moves focus to ${want}`);
      assertRing(f, `tab ${want}`);
      assert.equal(await w.selectedStrategy(), `strategy-${want}`, `${key} selects ${want}`);
      const states = await tabStates(w);
      for (const s of states) {
        const mine = s.id === `strategy-${want}`;
        assert.equal(s.selected, String(mine), `${s.id} aria-selected after ${key}`);
        assert.equal(s.tabindex, mine ? '0' : '-1', `${s.id} tabindex after ${key}`);
      }
      await waitFor(async () => (await w.query()).strategy === want, { message: `strategy=${want} in the URL` });
    }
    // The panel follows the keyboard choice: getset makes Redis calls.
    assert.ok((await w.redisCalls()) > 0, 'getset panel shows Redis calls');

    // Tab leaves the tab list (one tab stop), Shift+Tab comes back to the selected tab.
    await w.page.keyboard.press('Tab');
    const next = await focused(w.page);
    assert.notEqual(next?.role, 'tab', 'the tab list is a single tab stop');
    await w.page.keyboard.press('Shift+Tab');
    assert.equal((await focused(w.page))?.testid, 'strategy-getset', 'Shift+Tab returns to the selected tab');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('servers slider: ArrowRight three times gives 7 servers and 7 cards', async () => {
    const w = await openWidget('');
    const f = await tabTo(w.page, (x) => x.testid === 'servers', { what: 'the servers slider' });
    assertRing(f, 'servers slider');
    assert.equal(await w.sliderValue('servers'), 4);
    for (let i = 0; i < 3; i++) await w.page.keyboard.press('ArrowRight');
    assert.equal(await w.sliderValue('servers'), 7);
    await waitFor(async () => (await w.cards()).length === 7, { message: '7 server cards' });
    assert.deepEqual((await w.cards()).map((c) => c.server), [1, 2, 3, 4, 5, 6, 7]);
    assert.equal(await w.locator('servers').getAttribute('aria-valuetext'), '7 servers');
    await waitFor(async () => (await w.query()).servers === '7', { message: 'servers=7 in the URL' });
    await w.page.keyboard.press('ArrowLeft');
    assert.equal(await w.sliderValue('servers'), 6);
    await waitFor(async () => (await w.cards()).length === 6, { message: '6 server cards' });
    assert.equal((await focused(w.page))?.testid, 'servers', 'focus stays on the slider');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('rtt slider note: shown for local counters, hidden for the Redis strategies', async () => {
    const w = await openWidget('');
    const note = w.page.locator('.rll-slider:has([data-testid="rtt"]) .rll-slider__note');
    assert.equal(await note.count(), 1);
    const rtt = w.locator('rtt');
    const expectNote = async (strategy, shown) => {
      if (shown) {
        assert.ok(await note.isVisible(), `rtt note visible for ${strategy}`);
        assert.match(await note.innerText(), /only the redis strategies make a round trip/i);
        assert.equal(await rtt.getAttribute('aria-describedby'), await note.getAttribute('id'),
          `rtt slider is described by the note for ${strategy}`);
      } else {
        assert.ok(!(await note.isVisible()), `rtt note hidden for ${strategy}`);
        assert.equal(await rtt.getAttribute('aria-describedby'), null, `no describedby for ${strategy}`);
      }
    };
    await expectNote('local', true);
    await tabTo(w.page, (f) => f.role === 'tab', { max: 10, what: 'the tab list' });
    await w.page.keyboard.press('ArrowRight');
    assert.equal(await w.selectedStrategy(), 'strategy-split');
    await expectNote('split', true);
    await w.page.keyboard.press('ArrowRight');
    assert.equal(await w.selectedStrategy(), 'strategy-getset');
    await expectNote('getset', false);
    await w.page.keyboard.press('End');
    assert.equal(await w.selectedStrategy(), 'strategy-incr');
    await expectNote('incr', false);
    await w.page.keyboard.press('Home');
    await expectNote('local', true);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('New burst: Enter and Space each roll a new seed', async () => {
    const w = await openWidget('?strategy=incr&seed=42');
    const f = await tabTo(w.page, (x) => x.testid === 'reroll', { what: 'the New burst button' });
    assertRing(f, 'reroll');
    let seed = (await w.query()).seed;
    assert.equal(seed, '42');
    for (const key of ['Enter', 'Space', 'Enter']) {
      const before = JSON.stringify(await w.cards());
      await w.page.keyboard.press(key);
      const now = await waitFor(async () => {
        const s = (await w.query()).seed;
        return s !== seed ? s : null;
      }, { message: `a new seed after ${key}` });
      assert.notEqual(now, seed, `${key} changes the seed`);
      assert.match(await w.page.locator('.rll-seed').innerText(), new RegExp(`\\b${now}\\b`));
      assert.notEqual(JSON.stringify(await w.cards()), before, `${key}: the new burst spreads differently`);
      assert.equal((await focused(w.page))?.testid, 'reroll', 'focus stays on the button');
      seed = now;
    }
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('quiz: Enter/Space on an option shows feedback and the score; Try again clears it', async () => {
    const w = await openWidget('');
    const q1 = w.locator('quiz-question').first();
    const feedback = q1.locator('[data-testid="quiz-feedback"]');
    const score = w.locator('quiz-score');
    const initialScore = (await score.innerText()).trim();
    assert.doesNotMatch(initialScore, /^Score/);
    assert.equal((await feedback.innerText()).trim(), '', 'no feedback before an answer');
    assert.ok(await w.locator('quiz-reset').isDisabled(), 'Try again is disabled before any answer');

    const opt = await tabTo(w.page, (f) => f.inQuiz && f.tag === 'button', { max: 80, what: 'the first quiz option' });
    assertRing(opt, 'quiz option');
    await w.page.keyboard.press('Enter');
    const fb = await waitFor(async () => (await feedback.innerText()).trim(), { message: 'quiz feedback' });
    assert.match(fb, /^(Correct\.|Not quite\.)/);
    const picked = w.page.locator(':focus');
    const correct = await picked.getAttribute('data-correct');
    assert.ok(correct === 'true' || correct === 'false', 'the picked option says whether it is right');
    assert.equal(fb.startsWith('Correct.'), correct === 'true', 'feedback matches the option');
    assert.equal(await picked.getAttribute('aria-pressed'), 'true');
    const s1 = (await score.innerText()).trim();
    assert.match(s1, new RegExp(`Score: ${correct === 'true' ? 1 : 0} of 1 `), `score after one answer: ${s1}`);
    assert.equal(await score.getAttribute('role'), 'status');

    // Space on the next option opens its feedback; the first pick still counts.
    await w.page.keyboard.press('Tab');
    const second = await focused(w.page);
    assert.ok(second?.inQuiz, 'the next option is in the same question');
    await w.page.keyboard.press('Space');
    const fb2 = await waitFor(async () => {
      const t = (await feedback.innerText()).trim();
      return t !== fb ? t : null;
    }, { message: 'feedback for the second option' });
    assert.match(fb2, /^(Correct\.|Not quite\.)/);
    assert.equal((await score.innerText()).trim(), s1, 'only the first answer counts for the score');

    const reset = await tabTo(w.page, (f) => f.testid === 'quiz-reset', { max: 40, what: 'Try again' });
    assertRing(reset, 'quiz-reset');
    await w.page.keyboard.press('Enter');
    await waitFor(async () => (await feedback.innerText()).trim() === '', { message: 'feedback cleared' });
    assert.equal((await score.innerText()).trim(), initialScore, 'score back to its first text');
    const states = await w.locator('quiz').locator('button[aria-pressed="true"]').count();
    assert.equal(states, 0, 'no option pressed after Try again');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('every control reached by Tab shows a visible focus indicator', async () => {
    // Open the footer's and notice's buttons too: a bad parameter adds the Dismiss button.
    const w = await openWidget('?servers=abc');
    const seen = [];
    for (let i = 0; i < 80; i++) {
      await w.page.keyboard.press('Tab');
      const f = await focused(w.page);
      if (!f) break; // past the last control
      const label = f.testid ?? `${f.tag}${f.type ? `[${f.type}]` : ''} "${f.text}"`;
      if (seen.length && seen[0] === label) break; // wrapped around
      seen.push(label);
      assert.ok(f.visible, `${label} is visible when focused`);
      assertRing(f, label);
    }
    // (quiz-reset is disabled until an answer, so it is not a tab stop here.)
    for (const id of ['strategy-local', 'servers', 'burst', 'rtt', 'reroll', 'copy-link', 'copy-embed']) {
      assert.ok(seen.includes(id), `${id} is reachable by Tab (reached: ${seen.join(', ')})`);
    }
    assert.ok(seen.some((s) => /Dismiss/.test(s)), 'the notice\'s Dismiss button is reachable');
    assert.ok(seen.some((s) => /^lb-/.test(s)), 'the load balancer choice is reachable');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});
