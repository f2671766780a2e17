// Accessibility: axe-core inside the page, for every strategy, light and
// dark, with the WCAG 2.0/2.1 A and AA rules and the best-practice rules:
// zero violations. Also states that only appear after interaction (quiz
// feedback, the notice, copy status), accessible names for every control,
// and reduced motion.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { openWidget, shutdown, ROOT } from './harness.mjs';

after(shutdown);

const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function audit(w) {
  await w.page.addScriptTag({ path: AXE });
  const result = await w.page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.failureSummary.replace(/\s+/g, ' ')}`).join('\n    ')}`);
  }, TAGS);
  return result;
}

describe('axe-core finds no violations', () => {
  for (const colorScheme of ['light', 'dark']) {
    for (const strategy of ['local', 'split', 'getset', 'incr']) {
      test(`${strategy}, ${colorScheme}`, async () => {
        const w = await openWidget(`?strategy=${strategy}&servers=6&burst=60`, { colorScheme });
        assert.deepEqual(await audit(w), []);
        assert.deepEqual(w.problems(), []);
        await w.close();
      });
    }
    test(`after interaction (quiz answered, notice shown, phone width), ${colorScheme}`, async () => {
      const w = await openWidget('?strategy=getset&servers=99&rtt=oops', { colorScheme, width: 390 });
      const questions = w.locator('quiz-question');
      await questions.nth(0).locator('button').nth(0).click(); // right
      await questions.nth(1).locator('button').nth(1).click(); // wrong
      await questions.nth(2).locator('button').nth(2).click();
      assert.notEqual(await w.text('notice'), '');
      assert.deepEqual(await audit(w), []);
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }
});

describe('names, focus and motion', () => {
  test('every control has an accessible name', async () => {
    const w = await openWidget('?strategy=getset');
    const unnamed = await w.page.evaluate(() => {
      const controls = document.querySelectorAll('button, input, select, textarea, [role="tab"], a[href]');
      return [...controls].filter((el) => {
        const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
        const label = el.labels && el.labels.length && el.labels[0].textContent.trim();
        const text = el.textContent.trim();
        return !(labelled || label || text);
      }).map((el) => el.outerHTML.slice(0, 80));
    });
    assert.deepEqual(unnamed, []);
    // Range inputs say their value with its unit.
    assert.equal(await w.locator('servers').getAttribute('aria-valuetext'), '4 servers');
    assert.equal(await w.locator('rtt').getAttribute('aria-valuetext'), '2 ms');
    await w.close();
  });

  test('reduced motion: no transitions', async () => {
    const reduced = await openWidget('', { reducedMotion: 'reduce' });
    const motion = await openWidget('', { reducedMotion: 'no-preference' });
    const duration = (w) => w.locator('reroll').evaluate((el) => getComputedStyle(el).transitionDuration);
    assert.equal(await duration(reduced), '0s');
    assert.notEqual(await duration(motion), '0s');
    await reduced.close();
    await motion.close();
  });

  test('the totals are announced politely once the learner pauses, not on every step', async () => {
    const w = await openWidget('');
    const live = w.locator('announcer');
    assert.equal(await live.getAttribute('aria-live'), 'polite');
    assert.equal(await live.innerText(), '');
    for (const v of [5, 6, 7, 8]) await w.setSlider('servers', v);
    assert.equal(await live.innerText(), '', 'nothing announced mid-drag');
    await w.page.waitForFunction(() => document.querySelector('[data-testid="announcer"]').textContent !== '');
    const said = await live.innerText();
    assert.match(said, new RegExp(`${await w.allowedTotal()} of 40 allowed`));
    await w.close();
  });
});
