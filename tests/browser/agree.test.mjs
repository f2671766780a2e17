// Every sentence, figure and control agrees with the others (issue 22, what
// the learner found): a verdict never sits beside a figure that seems to
// deny it; while playing, one moment reads as one number everywhere it is
// shown; the Lua bucket's caption says its tokens as Redis's box does; the
// Redis log says "not yet" while commands are on their way; the note under
// the charts gives each chart's burst; the cost card at the edge says the
// gateway decides; the picture's key shows only what can happen in the
// strategy shown. Each is checked against the native model where it has a
// number.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openWidget, shutdown, expected, waitFor, until, msHundredths } from './harness.mjs';

after(shutdown);


/** The verdict lines as [kind, text]. */
async function verdictLines(w) {
  return w.locator('verdict').first().locator('p[data-kind]').evaluateAll(
    (ps) => ps.map((p) => [p.dataset.kind, p.querySelector('.rll-verdict__text').textContent]),
  );
}

/** The figures under the verdicts, once written (they wait until near the screen). */
async function stats(w) {
  await w.root.locator('.rll-more').scrollIntoViewIfNeeded();
  await w.locator('refused-under-limit').waitFor({ state: 'attached', timeout: 5000 });
  return w.numbers();
}

/** The text of the row that holds `testid`. */
async function rowOf(w, testid) {
  return (await w.locator(testid).locator('xpath=ancestor::div[contains(@class,"rll-stat")][1]').innerText()).replace(/\s+/g, ' ').trim();
}

describe('the learner reads one story', () => {
  let w;
  before(async () => { w = await openWidget(''); });
  after(async () => {
    try {
      if (w) assert.deepEqual(w.problems(), [], 'problems on the shared page');
    } finally {
      await w?.close();
    }
  });

  test('limit ÷ N: "exactly 10" beside the regular user refused, and the early refusals said to be made up for', async () => {
    await w.goto('?strategy=split');
    const want = expected('strategy=split');
    assert.equal(want.allowed, 10);
    assert.ok(want.refused_under_limit > 0 && want.wrongly_refused === 0 && want.regular_user < 10, JSON.stringify(want));
    const lines = await verdictLines(w);
    assert.deepEqual(lines.map(([k]) => k), ['enforced', 'refused-under-limit']);
    assert.equal(lines[0][1], 'Limit enforced: exactly 10 got through.');
    // The harm the verdict names is the regular user's, with the figure shown beside it.
    assert.equal(lines[1][1], `Real requests refused: a regular user who sends exactly the limit gets only ${want.regular_user} of 10 through.`);
    assert.equal(await w.regularUser(), want.regular_user);
    assert.doesNotMatch(lines.join(' '), /\d+ requests? turned away/, 'no count of early refusals in a verdict');
    const n = await stats(w);
    assert.equal(n.refused_under_limit, want.refused_under_limit);
    assert.equal(n.wrongly_refused, 0);
    assert.equal(await rowOf(w, 'refused-under-limit'),
      `Refused while under the limit ${want.refused_under_limit} refused early: later requests took their place`);
  });

  test('Redis down, failing closed: the verdict counts the 10 a correct limiter would allow, not the 40', async () => {
    const q = 'strategy=incr&redis=down&fail=closed';
    await w.goto(`?${q}`);
    const want = expected(q);
    assert.equal(want.wrongly_refused, 10);
    const lines = await verdictLines(w);
    assert.deepEqual(lines.map(([k]) => k), ['all-refused', 'refused-under-limit']);
    assert.equal(lines[1][1], 'Real requests refused: 10 requests that a correct limiter would have let through.');
    const n = await stats(w);
    assert.equal(n.refused_under_limit, 40);
    assert.equal(n.wrongly_refused, 10);
    assert.equal(await rowOf(w, 'refused-under-limit'),
      'Refused while under the limit 40 a correct limiter would have let 10 of them through');
  });

  test('at the edge the cost card says the gateway decides; on a server, the server', async () => {
    await w.goto('?strategy=edge');
    await stats(w);
    const cost = await rowOf(w, 'latency-median');
    assert.equal(cost, 'Added latency per request 0 ms median: the gateway decides in its own memory, before any server');
    await w.goto('?strategy=local');
    await stats(w);
    assert.match(await rowOf(w, 'latency-median'), /the decision never leaves the server$/);
  });

  test('the Lua bucket: the caption says its tokens as Redis\'s box does, singular for one', async () => {
    // A moment at which the bucket holds exactly one whole token.
    const q = 'strategy=lua';
    const e = expected(q);
    let one = null;
    for (const t of e.event_times) {
      const m = expected(`${q}&t=${t / 1000}`).moment;
      if (m.counter === 1) { one = t; break; }
    }
    assert.ok(one !== null, 'a moment with one token left');
    await w.goto(`?${q}&t=${one / 1000}`);
    const caption = w.root.locator('[data-slot="picture-caption"]');
    await waitFor(async () => /Redis bucket/.test(await caption.textContent()), { message: 'the caption' });
    const text = await caption.textContent();
    assert.match(text, /, Redis bucket 1 token$/);
    assert.doesNotMatch(text, /counter|1 tokens/);
    assert.match(await w.locator('topology').getAttribute('aria-label'), /, Redis bucket 1 token$/);
  });

  test('the Redis log says nothing has reached Redis yet while the first GETs are on their way', async () => {
    const q = 'strategy=getset&rtt=4.8';
    const e = expected(`${q}&t=1.4`);
    assert.ok(e.moment.calls > 0 && e.moment.counter === 0, JSON.stringify(e.moment));
    await w.goto(`?${q}&t=1.4`);
    const empty = w.root.locator('[data-slot="log-empty"]');
    await empty.scrollIntoViewIfNeeded();
    await waitFor(async () => /yet/.test(await empty.textContent()), { message: 'the log\'s note' });
    assert.equal(await empty.textContent(), 'Redis has run no command yet: the first are still on their way.');
    assert.ok(await empty.isVisible());
    // Redis down: nothing ever reaches it.
    await w.goto('?strategy=incr&redis=down&t=1.4');
    await empty.scrollIntoViewIfNeeded();
    await waitFor(async () => (await empty.textContent()) === 'Redis ran no command: nothing reached it.', { message: 'down' });
  });

  test('the note under the charts gives each chart\'s burst, and follows the burst slider', async () => {
    await w.goto('');
    const note = w.root.locator('[data-slot="chart-note"]');
    await note.scrollIntoViewIfNeeded();
    await waitFor(async () => /160/.test(await note.textContent()), { message: 'the note' });
    assert.match(await note.textContent(), /of 160 requests as servers are added, more than yours so that the ceiling shows, and of 40, yours, as the round trip grows/);
    await w.setSlider('burst', 200);
    await waitFor(async () => /\) of 200 requests;/.test(await note.textContent()), { message: 'one burst for both charts' });
  });

  test('the picture\'s key shows only what can happen in the strategy shown', async () => {
    const shown = async () => w.root.locator('[data-slot="picture-key"] li').evaluateAll(
      (lis) => lis.filter((li) => !li.hidden).map((li) => li.dataset.key),
    );
    // The marks, then the labels the boxes carry (issue 36).
    const getset = ['pending', 'ok', 'over', 'no', 'command', 'reply', 'shared', 'user', 'tally'];
    await w.goto('?strategy=getset');
    assert.deepEqual(await shown(), getset);
    for (const [tab, want] of [
      ['incr', ['pending', 'ok', 'over', 'no', 'command', 'reply', 'user', 'tally', 'count', 'expire']],
      ['lua', ['pending', 'ok', 'over', 'no', 'command', 'reply', 'user', 'tally']],
      ['edge', ['pending', 'ok', 'no', 'user', 'tally']],
      ['local', ['pending', 'ok', 'over', 'no', 'user', 'own']],
      ['getset', getset],
    ]) {
      await w.locator(`strategy-${tab}`).click();
      await waitFor(async () => JSON.stringify(await shown()) === JSON.stringify(want), { message: `the key under ${tab}` });
    }
    // The cards' legend: no "refused while under the limit" where it cannot happen.
    const legend = async () => w.root.locator('[data-legend]').evaluateAll((lis) => lis.filter((li) => !li.hidden).map((li) => li.dataset.legend));
    await w.locator('strategy-local').click();
    await waitFor(async () => JSON.stringify(await legend()) === JSON.stringify(['ok', 'over', 'no']), { message: 'legend under local' });
    await w.locator('strategy-split').click();
    await waitFor(async () => JSON.stringify(await legend()) === JSON.stringify(['ok', 'over', 'no', 'under', 'unused']), { message: 'legend under ÷ N' });
  });
});

describe('while playing, one moment reads as one number', () => {
  test('the caption, the picture\'s label, the line above the totals and the scrubber agree at every sample', async () => {
    const w = await openWidget('?strategy=getset');
    const end = expected('strategy=getset').end_us;
    await w.locator('play').click();
    const samples = [];
    // Sample between frames until the replay ends (each sample is one
    // synchronous read of the page, so it sees one state).
    for (let i = 0; i < 400; i++) {
      const s = await w.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => {
        const q = (sel) => document.querySelector(sel);
        const playing = q('[data-testid="play"]').innerText.includes('Pause');
        done({
          playing,
          caption: q('[data-slot="picture-caption"]').textContent,
          label: q('[data-testid="topology"]').getAttribute('aria-label'),
          line: q('[data-testid="verdict"] p[data-kind]')?.textContent ?? '',
          value: q('.rll-replay__value').textContent,
          input: q('[data-testid="time"]').value,
        });
      })));
      if (!s.playing) break;
      samples.push(s);
    }
    const mid = samples.filter((s) => s.caption.startsWith('t = '));
    assert.ok(mid.length >= 10, `${mid.length} samples while playing`);
    for (const s of mid) {
      const t = /^t = ([\d.]+) ms:/.exec(s.caption)?.[1];
      assert.ok(t, `the caption gives the moment: ${s.caption}`);
      assert.equal(s.value, `${t} of ${msHundredths(end)} ms`, `the scrubber's words say the caption's moment: "${s.caption}"`);
      assert.equal(s.input, t, `the scrubber's position is the caption's moment: ${s.caption}`);
      assert.ok(s.label.startsWith(`t = ${t} ms:`), `the picture's label: ${s.label}`);
      assert.ok(s.line.includes(`t = ${t} ms:`), `the line above the totals: ${s.line}`);
    }
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});
