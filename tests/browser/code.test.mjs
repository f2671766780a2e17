// The code beside the picture and the words you need, in the release
// build: the code view shows each strategy's files from snippets/ exactly
// (the same files tests/browser/snippets.test.mjs runs on a real Redis);
// stepping the replay marks the line the latest request is on; a glossary
// term opens where it first appears, by keyboard and by tap; course authors
// can hide either; axe finds nothing; a long line scrolls inside its block
// at 390 px, never the page.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openWidget, openMounted, shutdown, audit, waitFor, until, browser, server, ROOT, STRATEGIES } from './harness.mjs';

after(shutdown);

const FILES = {
  local: ['local.js'], split: ['split.js'], sync: ['sync.js'], edge: ['edge.js'],
  getset: ['getset.js'], incr: ['incr.js'], lua: ['lua.js', 'bucket.lua'],
};
const read = (name) => fs.readFileSync(path.join(ROOT, 'snippets', name), 'utf8');
/** The 1-based line of `name` (counted across the files of `s`) holding `needle`. */
function lineOf(s, needle) {
  const lines = FILES[s].flatMap((f) => read(f).replace(/\n$/, '').split('\n'));
  return lines.findIndex((l) => l.includes(needle)) + 1;
}

const code = (w) => w.locator('code');
/** Brings the code view near the screen, as a learner scrolling to it does
 * (its files come with the texts read later, fetched then), and waits for
 * the files. */
async function reach(w) {
  await code(w).scrollIntoViewIfNeeded();
  await waitFor(() => code(w).locator('pre').count(), { message: 'the code files' });
}
/** What the moment shows: the scrubber (to 0.01 ms) and the sentence under the code. */
const shown = (w) => w.page.evaluate(() => [document.querySelector('[data-testid="time"]').value, document.querySelector('[data-testid="code-at"]').textContent].join('|'));
/** One step of the replay; waits until the moment shown has changed (two events 0.01 ms apart may look alike: then 500 ms at most). */
async function step(w) {
  const before = await shown(w);
  await w.locator('step').click();
  await until(async () => (await shown(w)) !== before, { timeout: 500 });
}
const current = (w) => code(w).getAttribute('data-current-line');

describe('the code view', () => {
  test('shows the files of every strategy, verbatim, one element per line', async () => {
    const w = await openWidget('');
    await reach(w);
    for (const s of STRATEGIES) {
      await w.chooseStrategy(s);
      await waitFor(async () => (await code(w).locator('pre').first().getAttribute('data-file')) === FILES[s][0], { message: `${s}'s code` });
      const shown = await code(w).locator('pre').evaluateAll((ps) => ps.map((p) => [p.dataset.file, p.textContent]));
      assert.deepEqual(shown, FILES[s].map((f) => [f, read(f)]), `${s}: the files, byte for byte`);
      const lines = await code(w).locator('[data-line]').evaluateAll((ls) => ls.map((l) => Number(l.dataset.line)));
      assert.deepEqual(lines, lines.map((_, k) => k + 1), `${s}: data-line from 1`);
      assert.ok(lines.length >= 8, s);
      // Keywords are bold: the colouring does not rest on colour alone.
      const weight = await code(w).locator('.rll-code__k').first().evaluate((e) => getComputedStyle(e).fontWeight);
      assert.ok(Number(weight) >= 700, `${s}: keywords bold (${weight})`);
      // Not paused: no line marked.
      assert.equal(await current(w), null, `${s}: nothing marked at the end state`);
    }
    // GET then SET names its fix.
    await w.chooseStrategy('getset');
    assert.match(await w.text('code-note'), /INCR/);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('its files are not fetched with the widget: they come once the code view nears the screen', async () => {
    const w = await openWidget('?strategy=getset');
    const fetched = [];
    w.page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    // Far below the first screen: a line says the code is on its way, and
    // nothing has been fetched for it.
    await w.page.waitForTimeout(300);
    assert.ok(!fetched.some((p) => p.endsWith('/later.json')), fetched.join(' '));
    assert.equal(await code(w).locator('pre').count(), 0);
    assert.match(await code(w).innerText(), /Loading the code/);
    await reach(w);
    assert.ok(fetched.some((p) => p.endsWith('/later.json')), fetched.join(' '));
    assert.equal(await code(w).locator('pre').first().getAttribute('data-file'), 'getset.js');
    assert.match(await w.text('code-note'), /INCR/);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('stepping through the first GET then SET race marks the GET line, then the if, then the SET', async () => {
    const w = await openMounted('?strategy=getset&rtt=5');
    await reach(w);
    const want = { get: lineOf('getset', 'redis.get('), if: lineOf('getset', 'if (count >='), set: lineOf('getset', 'redis.set(') };
    const seen = [];
    const sentences = [];
    // At most 80 steps: the first request's SET lands well before that.
    for (let k = 0; k < 80 && !seen.includes(want.set); k++) {
      await step(w);
      const line = Number(await waitFor(() => current(w), { message: 'a marked line' }));
      seen.push(line);
      sentences.push(await w.text('code-at'));
      // The marked line is the element with aria-current, and only it.
      const marked = await code(w).locator('[aria-current="true"]').evaluateAll((ls) => ls.map((l) => Number(l.dataset.line)));
      assert.deepEqual(marked, [line]);
    }
    const first = (l) => seen.indexOf(l);
    assert.ok(first(want.get) >= 0 && first(want.get) < first(want.if) && first(want.if) < first(want.set), `lines ${seen.join(' ')}`);
    // Two requests pass the same if on the same count.
    const read0 = new Set(sentences.filter((s) => / its GET read 0\.$/.test(s)).map((s) => s.match(/#(\d+)/)[1]));
    assert.ok(read0.size >= 2, sentences.join('\n'));
    // Play: no line is marked while the replay plays; at the end, none.
    await w.locator('speed').selectOption('2');
    await w.locator('play').click();
    await waitFor(async () => (await current(w)) === null, { message: 'no mark while playing' });
    // Play is named Pause while it plays (it has no pressed state).
    await waitFor(async () => !/Pause/.test(await w.locator('play').innerText()), { timeout: 10000, message: 'the end' });
    assert.equal(await current(w), null);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('at 390 px a long line scrolls inside its block, not the page', async () => {
    const w = await openWidget('?strategy=lua', { width: 390, height: 844 });
    await reach(w);
    const pre = code(w).locator('pre').first();
    const { scroll, client } = await pre.evaluate((p) => ({ scroll: p.scrollWidth, client: p.clientWidth }));
    assert.ok(scroll > client, `lua.js has a line wider than 390 px (${scroll} > ${client})`);
    const page = await w.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(page <= 390, `the page is ${page} px wide`);
    // The block can be reached and scrolled by keyboard.
    assert.equal(await pre.getAttribute('tabindex'), '0');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  for (const colorScheme of ['light', 'dark']) {
    test(`mid-race screenshots and axe, ${colorScheme}`, async () => {
      const w = await openMounted('?strategy=getset&rtt=5', { colorScheme });
      await reach(w);
      const set = lineOf('getset', 'redis.set(');
      for (let k = 0; k < 80 && Number(await current(w)) !== set; k++) {
        await step(w);
      }
      assert.equal(Number(await current(w)), set);
      // A term open too, for the audit.
      await w.page.locator('.rll-term').first().click();
      for (const width of [1280, 390]) {
        await w.page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
        await waitFor(async () => (await w.page.evaluate(() => innerWidth)) === width, { message: 'the width' });
        assert.deepEqual(await audit(w.page), [], `axe at ${width} px`);
        await code(w).scrollIntoViewIfNeeded();
        const file = path.join(ROOT, 'tests/browser/artifacts', `code-${width}-${colorScheme}.png`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        await w.page.locator('.rll-code').screenshot({ path: file });
      }
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }
});

describe('words you need', () => {
  test('the glossary lists every term; a term opens where it first appears, by keyboard', async () => {
    const w = await openWidget('');
    const terms = await w.locator('glossary').locator('summary').allInnerTexts();
    assert.deepEqual(terms, ['rate limit', '429', 'load balancer', 'round trip', 'atomic', 'window and TTL', 'fail open / fail closed']);
    // In the list, each term opens on its definition, by keyboard.
    const atomic = w.locator('glossary').locator('[data-glossary="atomic"]');
    await atomic.locator('summary').focus();
    await w.page.keyboard.press('Enter');
    await waitFor(() => atomic.locator('p').isVisible(), { message: 'the list entry open' });
    assert.match(await atomic.locator('p').innerText(), /one indivisible step/);
    // Each term is a button at most once in the widget's text.
    const buttons = await w.page.locator('.rll-term').evaluateAll((bs) => bs.map((b) => b.dataset.term));
    assert.equal(new Set(buttons).size, buttons.length, buttons.join(' '));
    assert.ok(buttons.includes('load-balancer') && buttons.includes('atomic'), buttons.join(' '));
    // "load balancer" first appears in the framing line.
    const lb = w.page.locator('.rll-head__framing .rll-term[data-term="load-balancer"]');
    const def = w.page.locator('#rll1-term-load-balancer');
    assert.equal(await lb.getAttribute('aria-expanded'), 'false');
    assert.ok(!(await def.isVisible()));
    await lb.focus();
    await w.page.keyboard.press('Enter');
    await waitFor(() => def.isVisible(), { message: 'the definition' });
    assert.equal(await lb.getAttribute('aria-expanded'), 'true');
    assert.match(await def.innerText(), /hands each incoming request/);
    await w.page.keyboard.press('Space');
    await waitFor(async () => !(await def.isVisible()), { message: 'closed again' });
    assert.equal(await lb.getAttribute('aria-expanded'), 'false');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('a term opens by a tap on a phone', async () => {
    const b = await browser();
    const s = await server();
    const context = await b.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(s.url);
    const term = page.locator('.rll-term[data-term="atomic"]');
    await term.waitFor({ state: 'attached', timeout: 15000 });
    await term.scrollIntoViewIfNeeded();
    await term.tap();
    const def = page.locator('#rll1-term-atomic');
    await waitFor(() => def.isVisible(), { message: 'the definition after a tap' });
    assert.match(await def.innerText(), /one indivisible step/);
    await context.close();
  });

  test('hide=code and hide=glossary leave them out, and the terms are plain words', async () => {
    const w = await openWidget('?hide=code,glossary');
    assert.equal(await w.locator('code').count(), 0);
    assert.equal(await w.locator('glossary').count(), 0);
    assert.equal(await w.page.locator('.rll-term').count(), 0);
    assert.match(await w.page.locator('.rll-head__framing').innerText(), /load balancer/);
    await w.goto('?hide=glossary');
    assert.equal(await w.locator('code').count(), 1);
    await w.goto('?hide=code');
    assert.equal(await w.locator('glossary').count(), 1);
    assert.equal(await w.locator('code').count(), 0);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('French: the glossary and the code notes come from the content file', async () => {
    const w = await openWidget('');
    // The content file is not in dist/: serve it as the page would.
    await w.page.route('**/content/fr.json', (route) => route.fulfill({ path: path.join(ROOT, 'public/content/fr.json'), contentType: 'application/json' }));
    await w.goto('?content=content/fr.json&strategy=getset');
    await waitFor(async () => (await w.locator('glossary').locator('summary').first().innerText()) === 'limite de débit', { message: 'French glossary' });
    assert.ok(await w.page.locator('.rll-head__framing .rll-term[data-term="load-balancer"]').count());
    assert.match(await w.text('code-note'), /INCR/);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});


