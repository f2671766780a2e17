// Requests you can follow (issue 20): hovering, focusing or tapping a
// request in any view (a mark in the picture, a card's mark, a timeline
// row, a Redis log line) highlights it in all of them, with
// `data-highlight` on the widget's root while it lasts; and at 1280×900,
// paused at the first race of the default GET then SET burst, the
// picture and the racing requests' timeline rows are on screen together.
// No console error throughout.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openWidget, browser, server, watch, waitFor, shutdown } from './harness.mjs';

after(shutdown);

/** Paused at the first race: requests 1 and 2 both read 0. */
const RACE = '?strategy=getset&t=1.3';

const highlight = (w) => w.page.locator('.rll').getAttribute('data-highlight');
const hasClass = (loc) => loc.evaluate((e) => e.classList.contains('rll-hl'));
/** A canvas's pixels, to tell whether it was drawn again differently. */
const pixels = (loc) => loc.evaluate((c) => c.toDataURL());

describe('one request followed across the views', () => {
  test('hovering a timeline row highlights the request everywhere, and leaving it ends that', async () => {
    const w = await openWidget(RACE);
    const row = w.page.locator('.rll-tl__rows [data-request="2"]');
    await row.scrollIntoViewIfNeeded();
    // Request 2's server, as the row says it ("#2  server 1: ok").
    const server = Number((await row.getAttribute('aria-label')).match(/server (\d+)/)[1]);
    const card = w.page.locator(`[data-testid="server-card"][data-server="${server}"] canvas`);
    const other = w.page.locator(`[data-testid="server-card"]:not([data-server="${server}"]) canvas`).first();
    const picture = w.page.locator('.rll-picture__canvas');
    const before = { card: await pixels(card), other: await pixels(other), picture: await pixels(picture) };
    await row.hover();
    await waitFor(async () => (await highlight(w)) === '2', { message: 'data-highlight="2"' });
    assert.ok(await hasClass(row), 'the row itself');
    // The log's line for requests 1 to 2 (one line for the run of GETs).
    const line = w.page.locator('.rll-log__line[data-request="1"][data-to="2"]');
    assert.ok(await hasClass(line), 'the log line that covers request 2');
    assert.equal(await w.page.locator('.rll-tl__rows [data-request="1"]').evaluate((e) => e.classList.contains('rll-hl')), false, 'not request 1\'s row');
    await waitFor(async () => (await pixels(card)) !== before.card, { message: 'its card\'s mark ringed' });
    assert.equal(await pixels(other), before.other, 'another card is not drawn again');
    await waitFor(async () => (await pixels(picture)) !== before.picture, { message: 'its mark ringed in the picture' });
    // Away from every request: nothing is highlighted.
    await w.page.mouse.move(2, 2);
    await waitFor(async () => (await highlight(w)) === null, { message: 'data-highlight removed' });
    assert.equal(await hasClass(row), false);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('hovering a pill in the picture highlights its request\'s row and log line', async () => {
    const w = await openWidget(RACE);
    const canvas = w.page.locator('.rll-picture__canvas');
    const box = await canvas.boundingBox();
    // Sweep the band between the servers and Redis until a pill answers.
    let found = null;
    for (let y = 4; y < box.height && !found; y += 6) {
      for (let x = box.width * 0.55; x < box.width * 0.95 && !found; x += 8) {
        await w.page.mouse.move(box.x + x, box.y + y);
        found = await highlight(w);
      }
    }
    assert.ok(found === '1' || found === '2', `a racing request's pill: ${found}`);
    assert.ok(await hasClass(w.page.locator(`.rll-tl__rows [data-request="${found}"]`)), 'its timeline row');
    // The log below the fold is written when it comes into view.
    const line = w.page.locator('.rll-log__line[data-request="1"]');
    await line.evaluate((e) => e.scrollIntoView());
    await waitFor(() => hasClass(line), { message: 'its log line' });
    assert.equal(await highlight(w), found, 'still the same request');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('by keyboard: Tab onto a row or a log line highlights it, Tab away ends it', async () => {
    const w = await openWidget(RACE);
    await w.page.locator('.rll-tl__rows [data-request="1"]').focus();
    await waitFor(async () => (await highlight(w)) === '1', { message: 'focus on row 1' });
    await w.page.keyboard.press('Tab');
    await waitFor(async () => (await highlight(w)) === '2', { message: 'Tab to row 2' });
    assert.equal(await w.page.evaluate(() => document.activeElement.dataset.request), '2');
    // On from the last row to the log's first line (requests 1 to 2).
    const rows = await w.page.locator('.rll-tl__rows li').count();
    for (let i = 2; i < rows; i++) await w.page.keyboard.press('Tab');
    await waitFor(async () => (await highlight(w)) === String(rows), { message: `Tab to row ${rows}` });
    // Focus leaving the requests ends the highlight.
    await w.page.locator('[data-testid="play"]').focus();
    await waitFor(async () => (await highlight(w)) === null, { message: 'focus elsewhere' });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('by touch: a tap on a card\'s mark or a log line highlights it until the next tap', async () => {
    const s = await server();
    const context = await (await browser()).newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const watcher = watch(page, s.origin);
    await page.goto(`${s.url}?strategy=getset`);
    const mark = page.locator('[data-testid="server-card"][data-server="1"] canvas');
    await mark.waitFor({ state: 'visible', timeout: 15000 });
    await mark.scrollIntoViewIfNeeded();
    // The first mark of server 1's card: the first request it received.
    await mark.tap({ position: { x: 5, y: 5 } });
    const root = page.locator('.rll');
    const first = await waitFor(() => root.getAttribute('data-highlight'), { message: 'a tap on a mark' });
    const row = page.locator(`.rll-tl__rows [data-request="${first}"]`);
    assert.match(await row.getAttribute('aria-label'), /server 1\b/, 'the row of a request server 1 received');
    // It stays after the finger lifts, and a tap on a log line moves it.
    assert.equal(await root.getAttribute('data-highlight'), first);
    const line = page.locator('.rll-log__line[data-request="3"]').first();
    await line.scrollIntoViewIfNeeded();
    await line.tap();
    await waitFor(async () => (await root.getAttribute('data-highlight')) === '3', { message: 'a tap on a log line' });
    assert.ok(await hasClass(line));
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

describe('the explanation in sight', () => {
  test('at 1280×900, paused at the first race, the picture and the racing rows are on screen together', async () => {
    const w = await openWidget(RACE, { width: 1280, height: 900 });
    // The racing requests: the log's first line of a shared read.
    const line = w.page.locator('.rll-log__line--warn[data-request]').first();
    const [from, to] = await Promise.all([line.getAttribute('data-request'), line.getAttribute('data-to')]);
    assert.deepEqual([from, to], ['1', '2']);
    const last = w.page.locator(`.rll-tl__rows [data-request="${to}"]`);
    await last.evaluate((e) => e.scrollIntoView({ block: 'end' }));
    const seen = await w.page.evaluate(({ from, to }) => {
      const box = (e) => e.getBoundingClientRect();
      const inView = (b) => b.top >= -1 && b.bottom <= innerHeight + 1;
      const rows = [from, to].map((n) => box(document.querySelector(`.rll-tl__rows [data-request="${n}"]`)));
      return { picture: inView(box(document.querySelector('[data-testid="topology"]'))), rows: rows.every(inView) };
    }, { from, to });
    assert.deepEqual(seen, { picture: true, rows: true });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});

describe('the race timeline only where requests ask Redis', () => {
  test('shown for GET then SET; hidden for the batched sync, even after a tab brings it', async () => {
    const w = await openWidget('?strategy=sync');
    const shown = () => w.page.evaluate(() => {
      const el = document.querySelector('[data-slot="timeline"]');
      return !!el && !el.hidden && el.getBoundingClientRect().height > 0;
    });
    assert.equal(await shown(), false, 'sync on opening: no timeline of racing requests');
    await w.chooseStrategy('getset');
    await waitFor(shown, { message: 'GET then SET shows its timeline' });
    await w.chooseStrategy('sync');
    await waitFor(async () => !(await shown()), { message: 'back on sync, the timeline hides again' });
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('while a guess is asked for, a tab that brings GET then SET never shows the timeline', async () => {
    const w = await openWidget('?strategy=sync');
    await w.locator('predict-start').click();
    await waitFor(() => w.locator('predict-guess').isVisible(), { message: 'the guess is asked for' });
    // Counts every time anything takes the timeline's `hidden` away.
    await w.page.evaluate(() => {
      const el = document.querySelector('[data-slot="timeline"]');
      window.rllShown = 0;
      new MutationObserver((rs) => { window.rllShown += rs.filter((r) => r.oldValue !== null).length; })
        .observe(el, { attributes: true, attributeFilter: ['hidden'], attributeOldValue: true });
    });
    await w.locator('strategy-getset').click();
    await waitFor(async () => (await w.selectedStrategy()) === 'strategy-getset', { message: 'GET then SET chosen' });
    await w.settle();
    assert.equal(await w.page.evaluate(() => window.rllShown), 0, 'the timeline was shown while the guess was asked for');
    assert.equal(await w.page.locator('[data-slot="timeline"]').evaluate((el) => el.hidden), true);
    assert.ok(await w.locator('predict-guess').isVisible(), 'still asking');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });
});
