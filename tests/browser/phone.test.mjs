// The lesson on a phone, for everyone (issue 36): the picture's key in
// sight at 390 and 320 px, with every label the boxes carry explained
// where it appears and by the lesson the first time; the focused control
// and the goal's figure in view when the goal is met; words that match
// what happens (step 2's goal reachable by the move it names, no calm
// user that is not drawn, no stale interval, a why-not that is a warning,
// a hint that holds under reduced motion, "Done." after the narration);
// every idea the quiz asks about taught somewhere in the lesson, and the
// recap's; steps that open near their goal, "Step N of 8" heard with the
// heading, the hint after its button; the charts' lines and the picture's
// wires at 3:1. Then what the learners left over: the edge and a sticky
// session's move as moves the learner makes (steps 2 and 3), the real
// ceiling under sticky sessions, no offer beside the recap.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openWidget, shutdown, waitFor, focused } from './harness.mjs';

after(shutdown);

const PHONES = [[390, 844], [320, 256]]; // 320×256: 1280×1024 at 400 %
const doneSlot = (w) => w.root.locator('[data-slot="tour-done"]');
const goalMet = (w) => waitFor(async () => (await w.locator('tour-goal').getAttribute('data-done')) === 'true', { message: 'the goal met' });

/** The key's items shown, with whether each sits inside the viewport. */
function keyShown(w) {
  return w.root.locator('[data-slot="picture-key"] li').evaluateAll((lis) => lis
    .filter((li) => !li.hidden && getComputedStyle(li).display !== 'none')
    .map((li) => {
      const r = li.getBoundingClientRect();
      return { key: li.dataset.key, text: li.innerText.trim(), seen: r.width > 0 && r.left >= 0 && r.right <= innerWidth + 0.5 };
    }));
}

/** Whether an element's box is on screen. */
const onScreen = (loc) => loc.evaluate((el) => {
  const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1;
});

describe('the picture\'s key on a phone (1, 2)', () => {
  for (const [width, height] of PHONES) {
    test(`at ${width}×${height} the key shows what is on screen now, and explains each label`, async () => {
      const w = await openWidget('?strategy=incr', { width, height });
      for (const [tab, labels] of [['incr', ['user', 'tally', 'count', 'expire']], ['local', ['user', 'own']], ['sync', ['user', 'sync']], ['split', ['user', 'own']]]) {
        await w.locator(`strategy-${tab}`).click();
        // A tap on the picture opens the labels' meanings.
        await w.locator('topology').click();
        await w.page.mouse.move(0, 0);
        await waitFor(async () => (await keyShown(w)).some((i) => i.key === labels.at(-1)), { message: `the key under ${tab}` });
        const items = await keyShown(w);
        for (const k of ['pending', 'ok', 'no', ...labels]) {
          const item = items.find((i) => i.key === k);
          assert.ok(item, `${tab} at ${width}px: the key has ${k}`);
          assert.ok(item.seen, `${tab} at ${width}px: ${k} is inside the screen`);
        }
        assert.ok(!items.some((i) => i.key === 'expire') || tab === 'incr', `${tab}: no EXPIRE where none is sent`);
      }
      await w.locator('strategy-sync').click();
      await w.locator('topology').click();
      await waitFor(async () => (await keyShown(w)).some((i) => i.key === 'sync'), { message: 'the key under sync' });
      assert.match((await keyShown(w)).find((i) => i.key === 'sync').text, /14\+0\/10: .*last sync.*own count/);
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }

  test('the lesson says what the labels count the first time each appears', async () => {
    const w = await openWidget('?tour=1', { width: 390, height: 844 });
    await w.toEnd();
    await goalMet(w);
    await waitFor(async () => /User 10\/10/.test(await doneSlot(w).innerText()), { message: 'step 1 explains User and S1' });
    assert.match(await doneSlot(w).innerText(), /S1 10\/10 ✗30/);
    await w.goto('?tour=5');
    await w.setSlider('servers', 12);
    await w.setSlider('rtt', 10);
    await goalMet(w);
    await waitFor(async () => /count 40.* refused ones too/.test(await doneSlot(w).innerText()), { message: 'step 5 explains Redis\'s count' });
    // It names only what the step showed: no EXPIRE, no Lua script or
    // bucket (step 6 shows those).
    assert.doesNotMatch(await doneSlot(w).innerText(), /EXPIRE|Lua|bucket/);
    await w.goto('?tour=8');
    assert.match(await w.locator('tour-step').innerText(), /S1 14\+0\/10/);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('the result beside the control (3)', () => {
  for (const [width, height] of PHONES) {
    test(`at ${width}×${height} the focused slider and the allowed figure stay in view as step 5's goal is met`, async () => {
      const w = await openWidget('?tour=5', { width, height });
      await w.setSlider('servers', 12);
      await w.locator('rtt').focus();
      for (let i = 0; i < 120 && (await w.locator('tour-goal').getAttribute('data-done')) !== 'true'; i += 1) {
        await w.page.keyboard.press('ArrowRight');
      }
      await goalMet(w);
      await waitFor(async () => (await doneSlot(w).innerText()).length > 0, { message: 'Done. written' });
      await w.page.waitForTimeout(400);
      const f = await focused(w.page);
      assert.equal(f?.testid, 'rtt', 'the slider keeps the focus');
      assert.ok(f.inView && await onScreen(w.locator('rtt')), `the focused slider is on screen at ${width}px`);
      assert.ok(await onScreen(w.locator('allowed-total')), `the allowed figure is on screen beside it at ${width}px`);
      assert.deepEqual(w.problems(), []);
      await w.close();
    });

    test(`at ${width}×${height} the fail closed radio stays in view as step 7's goal is met`, async () => {
      const w = await openWidget('?tour=7', { width, height });
      await w.toEnd();
      await w.locator('fail-closed').focus();
      await w.page.keyboard.press('Space');
      await goalMet(w);
      await waitFor(async () => (await doneSlot(w).innerText()).length > 0, { message: 'Done. written' });
      await w.page.waitForTimeout(400);
      assert.ok(await onScreen(w.locator('fail-closed')), `the radio is on screen at ${width}px`);
      await w.close();
    });
  }
});

describe('words that match what happens (4)', () => {
  test('step 2: three servers, the move the goal names, meet it whatever the spread', async () => {
    const w = await openWidget('?tour=2', { width: 390, height: 844 });
    await w.setSlider('servers', 3);
    await waitFor(async () => (await w.locator('tour-goal').getAttribute('data-parts')) === '1/3', { message: 'part 1 met' });
    assert.doesNotMatch(await w.locator('tour-goal').innerText(), /at least 30/);
    await w.close();
  });

  test('step 3 draws no calm user it speaks of; step 8 names no interval the slider has left', async () => {
    const w = await openWidget('?tour=3', { width: 390, height: 844 });
    assert.doesNotMatch(await w.locator('tour-step').innerText(), /second, calm user/);
    assert.match(await w.locator('tour-step').innerText(), /not drawn/);
    await w.goto('?tour=8');
    await w.setSlider('sync', 5);
    assert.doesNotMatch(await w.locator('tour-step').innerText(), /every 100 ms/);
    await w.close();
  });

  test('the fail-open warning is not styled as success', async () => {
    const w = await openWidget('?tour=7', { width: 390, height: 844 });
    await w.choose('fail-open');
    await w.toEnd();
    await waitFor(async () => /Fail open/.test(await doneSlot(w).innerText()), { message: 'the why-not' });
    const warn = await doneSlot(w).evaluate((el) => getComputedStyle(el).backgroundColor);
    await w.choose('fail-closed');
    await goalMet(w);
    await waitFor(async () => /Fail closed/.test(await doneSlot(w).innerText()), { message: 'Done.' });
    const good = await doneSlot(w).evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.notEqual(warn, good, 'a warning looks unlike Done.');
    await w.close();
  });

  test('under reduced motion, step 1\'s hint does not say the burst plays by itself', async () => {
    const w = await openWidget('?tour=1', { width: 390, height: 844, reducedMotion: 'reduce' });
    await w.locator('tour-hint').click();
    const hint = w.root.locator('[data-slot="tour-hint-text"]');
    assert.doesNotMatch(await hint.innerText(), /plays by itself/);
    assert.match(await hint.innerText(), /Play/);
    await w.close();
  });

  test('the status line (here step 2\'s "Part 1 of 3 done.") is announced after the narration of the value that met it', async () => {
    const w = await openWidget('?tour=2', { width: 390, height: 844 });
    await w.toEnd();
    await w.page.waitForTimeout(800);
    await w.page.evaluate(() => {
      window.__order = [];
      for (const [name, sel] of [['narration', '[data-testid="narration"]'], ['done', '[data-slot="tour-done"]']]) {
        const el = document.querySelector(sel);
        new MutationObserver(() => { if (el.textContent.trim()) window.__order.push(name); })
          .observe(el, { childList: true, characterData: true, subtree: true });
      }
    });
    await w.setSlider('servers', 4);
    await waitFor(async () => (await w.locator('tour-goal').getAttribute('data-parts')) === '1/3', { message: 'part 1 met' });
    await waitFor(async () => (await w.page.evaluate(() => window.__order)).includes('done'), { message: 'the part said' });
    await w.page.waitForTimeout(900);
    const order = await w.page.evaluate(() => window.__order);
    assert.ok(order.includes('narration'), `the narration spoke: ${order}`);
    assert.ok(order.lastIndexOf('narration') < order.indexOf('done'), `the narration, then Done.: ${order}`);
    await w.close();
  });
});

describe('what the lesson teaches (5)', () => {
  test('every idea the quiz asks about is in the lesson, and the recap has fail open/closed and the edge', async () => {
    const w = await openWidget('?tour=2', { width: 390, height: 844 });
    const said = [];
    const meet = async (k, move) => {
      await w.goto(`?tour=${k}`);
      await move();
      await goalMet(w);
      await waitFor(async () => /Done\./.test(await doneSlot(w).innerText()), { message: `step ${k}'s explanation` });
      said.push(await w.locator('tour-step').innerText());
    };
    await meet(2, async () => { await w.setSlider('servers', 4); await w.choose('lb-sticky'); await w.setSlider('move', 20); });
    await meet(3, async () => { await w.setSlider('servers', 4); await w.locator('strategy-edge').click(); });
    await meet(5, async () => { await w.setSlider('servers', 12); await w.setSlider('rtt', 10); });
    await meet(6, async () => { await w.setSlider('edge', 20); await w.choose('algo-bucket'); });
    const lesson = said.join('\n');
    assert.match(lesson, /limit at the edge/, 'the edge');
    assert.match(lesson, /[Ss]ticky sessions.*(deploy|move)/, 'sticky sessions and a move');
    assert.match(lesson, /bucket refills/, 'the token bucket');
    assert.match(lesson, /autoscaling adds servers/, 'autoscaled ÷ N shares');
    await w.goto('?tour=8');
    await w.locator('tour-next').click();
    const recap = await w.locator('tour-recap').innerText();
    assert.match(recap, /fail closed/);
    assert.match(recap, /fail open/);
    assert.match(recap, /edge/);
    assert.match(recap, /sticky session/);
    await w.close();
  });
});

describe('the edge and a sticky session\'s move, done by the learner (5, 36\'s leftovers)', () => {
  test('step 2 at 390×844: after adding servers, sticky sessions and then a move, each control in sight with the total beside it', async () => {
    const w = await openWidget('?tour=2', { width: 390, height: 844 });
    const parts = () => w.locator('tour-goal').getAttribute('data-parts');
    assert.equal(await parts(), '0/3', 'three parts, none met on entry');
    // Sticky sessions first do not meet the goal: more servers change nothing.
    await w.radio('lb-sticky').scrollIntoViewIfNeeded();
    assert.ok(await w.radio('lb-sticky').isVisible(), 'the load balancer\'s choice is in sight');
    await w.choose('lb-sticky');
    await w.setSlider('servers', 16);
    await w.page.waitForTimeout(300);
    assert.equal(await parts(), '0/3', 'sticky first: 10 through, not part 1');
    await w.choose('lb-random');
    await w.setSlider('servers', 3);
    await waitFor(async () => (await parts()) === '1/3', { message: 'part 1: three servers' });
    await w.choose('lb-sticky');
    await waitFor(async () => (await parts()) === '2/3', { message: 'part 2: sticky sessions' });
    assert.ok(await onScreen(w.radio('lb-sticky')) && await onScreen(w.locator('allowed-total')), 'the radio and the total in sight together');
    await w.toEnd();
    assert.equal(await w.allowedTotal(), 10);
    // The move's slider shows under sticky sessions, in sight with the total.
    const move = w.locator('move');
    await move.scrollIntoViewIfNeeded();
    assert.ok(await move.isVisible(), 'the move is in sight');
    assert.ok(await onScreen(w.locator('allowed-total')), 'the total beside the move');
    await move.focus();
    for (let i = 0; i < 39 && (await w.locator('tour-goal').getAttribute('data-done')) !== 'true'; i += 1) {
      await w.page.keyboard.press('ArrowLeft');
    }
    await goalMet(w);
    await w.toEnd();
    assert.ok((await w.allowedTotal()) > 10, 'the move hands the user a fresh count');
    await waitFor(async () => /deploy.*moves the user: the next server starts from zero/.test(await doneSlot(w).innerText()), { message: 'the explanation' });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('step 3 at 390×844: the edge\'s tab in sight, and choosing it meets the second part', async () => {
    const w = await openWidget('?tour=3', { width: 390, height: 844 });
    const parts = () => w.locator('tour-goal').getAttribute('data-parts');
    assert.equal(await parts(), '0/2');
    const edge = w.locator('strategy-edge');
    assert.ok(await edge.isVisible(), 'the edge\'s tab is in sight');
    // The edge first is not part 1: a regular user gets all 10 there.
    await edge.click();
    await w.page.waitForTimeout(300);
    assert.equal(await parts(), '0/2');
    await w.locator('strategy-split').click();
    await w.setSlider('servers', 2);
    await waitFor(async () => (await parts()) === '1/2', { message: 'part 1: the regular user refused' });
    await edge.click();
    await goalMet(w);
    await w.toEnd();
    assert.equal(await w.allowedTotal(), 10);
    assert.equal(await w.regularUser(), 10);
    await waitFor(async () => /limit at the edge, one gateway in front of the load balancer/.test(await doneSlot(w).innerText()), { message: 'the explanation' });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('the real ceiling counts the servers a sticky user reaches, and is no warning where the limit holds', async () => {
    const w = await openWidget('?strategy=local&servers=4', { width: 390, height: 844 });
    const line = w.root.locator('[data-part="ceiling"]');
    const color = () => line.evaluate((el) => getComputedStyle(el).color);
    await waitFor(async () => /4 servers × 10 = 40/.test(await line.innerText()), { message: 'N × L' });
    const warning = await color();
    await w.choose('lb-sticky');
    await waitFor(async () => /1 server × 10 = 10/.test(await line.innerText()), { message: 'sticky: one server' });
    assert.notEqual(await color(), warning, 'the limit itself is no warning');
    await w.setSlider('move', 20);
    await waitFor(async () => /2 servers × 10 = 20/.test(await line.innerText()), { message: 'a move: two servers' });
    assert.equal(await color(), warning, 'twice the limit is');
    await w.setSlider('servers', 1);
    await waitFor(async () => /1 server that restarts, 2 × 10 = 20/.test(await line.innerText()), { message: 'one server, restarted' });
    await w.choose('lb-random');
    await waitFor(async () => /1 server × 10 = 10/.test(await line.innerText()), { message: 'one server' });
    assert.notEqual(await color(), warning, 'one server: no warning');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('at 390×844 the offer stays away while the recap shows, and comes back when it is closed', async () => {
    const w = await openWidget('?tour=8', { width: 390, height: 844 });
    await w.locator('tour-next').click();
    await waitFor(async () => w.has('tour-recap'), { message: 'the recap' });
    await w.page.waitForTimeout(300);
    assert.equal(await w.locator('tour-start').isVisible(), false, 'no offer right after Finish');
    await w.root.locator('[data-act="tour-close"]').click();
    await waitFor(async () => w.locator('tour-start').isVisible(), { message: 'the offer back after Close' });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('less work by keyboard (6)', () => {
  test('steps 5 and 8 open near their goals: a few arrow presses each', async () => {
    const w = await openWidget('?tour=5', { width: 390, height: 844 });
    let presses = 0;
    const press = async (name, key, until) => {
      await w.locator(name).focus();
      while (!(await until()) && presses < 200) { await w.page.keyboard.press(key); presses += 1; }
    };
    await press('servers', 'ArrowRight', async () => (await w.sliderValue('servers')) >= 12);
    await press('rtt', 'ArrowRight', async () => (await w.locator('tour-goal').getAttribute('data-done')) === 'true');
    await w.goto('?tour=8');
    await press('sync', 'ArrowLeft', async () => (await w.locator('tour-goal').getAttribute('data-done')) === 'true');
    assert.ok(presses <= 60, `${presses} arrow presses for steps 5 and 8 (179 before)`);
    // The coarse step of the ARIA slider pattern: PageDown, a tenth of the
    // range, meets step 8's goal in one press.
    await w.goto('?tour=8');
    await w.locator('sync').focus();
    await w.page.keyboard.press('PageDown');
    await goalMet(w);
    await w.close();
  });

  test('"Step N of 8" is heard with the focused heading; the hint comes after its button', async () => {
    const w = await openWidget('?tour=1', { width: 390, height: 844 });
    await w.locator('tour-next').click();
    const f = await focused(w.page);
    assert.match(f.tag, /^h[23]$/);
    const described = await w.page.evaluate(() => {
      const h = document.activeElement;
      return (h.getAttribute('aria-describedby') || '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');
    });
    assert.match(described, /Step 2 of 8/);
    const order = await w.locator('tour-hint').evaluate((b) => {
      const hint = b.closest('[data-testid="tour-step"]').querySelector('[data-slot="tour-hint-text"]');
      return b.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
    });
    assert.equal(order, 'after');
    await w.close();
  });
});

describe('small contrasts (7)', () => {
  const ratio = (a, b) => {
    const lum = (c) => {
      const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
    };
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  for (const colorScheme of ['light', 'dark']) {
    test(`${colorScheme}: the charts' lines and the picture's wires are 3:1 on the background`, async () => {
      const w = await openWidget('', { width: 390, height: 844, colorScheme });
      const got = await w.page.evaluate(() => {
        const root = document.querySelector('.rll');
        const probe = (cls) => {
          const i = document.createElement('i');
          i.className = cls;
          root.appendChild(i);
          const c = getComputedStyle(i).getPropertyValue('--c') || getComputedStyle(i).color;
          i.style.color = c.trim();
          const rgb = getComputedStyle(i).color;
          i.remove();
          return rgb;
        };
        const canvas = document.querySelector('.rll-picture__canvas');
        const wire = document.createElement('i');
        canvas.parentElement.appendChild(wire);
        wire.style.color = getComputedStyle(canvas).getPropertyValue('--rll-line').trim();
        const line = getComputedStyle(wire).color;
        wire.remove();
        const bg = getComputedStyle(root).getPropertyValue('--rll-bg').trim();
        const b = document.createElement('i');
        b.style.color = bg;
        root.appendChild(b);
        const bgc = getComputedStyle(b).color;
        b.remove();
        return { sync: probe('rll-s-sync'), split: probe('rll-s-split'), line, bg: bgc };
      });
      for (const k of ['sync', 'split', 'line']) {
        assert.ok(ratio(got[k], got.bg) >= 3, `${k} ${got[k]} on ${got.bg}: ${ratio(got[k], got.bg).toFixed(2)}:1`);
      }
      await w.close();
    });
  }
});
