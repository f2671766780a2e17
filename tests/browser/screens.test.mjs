// How it looks: full-page screenshots for review (narrow phone, phone and
// desktop, light and dark; the course's four steps and the new strategies),
// dark mode actually applied, and no sideways scrolling on a phone.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { openWidget, shutdown } from './harness.mjs';

after(shutdown);

/** What is photographed: the course's four steps, then the other strategies' own looks. */
const VIEWS = [
  ['step1-local', '?strategy=local'],
  ['step2-split', '?strategy=split'],
  ['step3-getset-rtt10', '?strategy=getset&rtt=10'],
  ['step4-incr', '?strategy=incr'],
  ['edge', '?strategy=edge'],
  ['sync-redis-down', '?strategy=sync&redis=down'],
  ['lua-per-minute-sticky', '?strategy=lua&preset=per-minute&lb=sticky&move=400'],
  ['split-autoscale', '?strategy=split&servers=10&plan=4&burst=120'],
];
/** At 320 px, fewer. */
const NARROW_VIEWS = [['default', ''], ['getset', '?strategy=getset']];

/** Relative luminance of a computed `rgb(...)` colour. */
function luminance(rgb) {
  const [r, g, b] = rgb.match(/[\d.]+/g).slice(0, 3).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

async function colours(w) {
  return w.page.evaluate(() => {
    const el = document.querySelector('.rll');
    const cs = getComputedStyle(el);
    const page = getComputedStyle(document.body);
    return { bg: cs.backgroundColor, ink: cs.color, pageBg: page.backgroundColor };
  });
}

async function overflow(w) {
  return w.page.evaluate(() => {
    const doc = document.documentElement;
    // The element or text reaching furthest right, to name the culprit.
    let widest = null;
    const consider = (right, what) => {
      if (right > innerWidth + 0.5 && (!widest || right > widest.right)) widest = { right: Math.round(right), what };
    };
    for (const el of document.querySelectorAll('.rll *')) {
      consider(el.getBoundingClientRect().right, `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(walker.currentNode);
      const parent = walker.currentNode.parentElement;
      if (parent.closest('.rll-sr-only')) continue; // clipped, never scrolls
      for (const r of range.getClientRects()) consider(r.right, `text "${walker.currentNode.textContent.trim().slice(0, 60)}" in ${parent.tagName.toLowerCase()}.${[...parent.classList].join('.')}`);
    }
    return { scrollWidth: doc.scrollWidth, innerWidth, widest };
  });
}

describe('screens', () => {
  for (const scheme of ['light', 'dark']) {
    for (const width of [320, 390, 1280]) {
      test(`screenshots at ${width} px, ${scheme}`, async () => {
        const w = await openWidget('', { width, height: width === 1280 ? 900 : 844, colorScheme: scheme });
        for (const [name, query] of width === 320 ? NARROW_VIEWS : VIEWS) {
          await w.goto(query);
          await w.page.evaluate(() => document.fonts.ready);
          const file = await w.screenshot(`${name}-${width}-${scheme}`);
          const size = fs.statSync(file).size;
          assert.ok(size > 10000, `${file} is a real screenshot (${size} bytes)`);
          const { bg, ink } = await colours(w);
          const [lb, li] = [luminance(bg), luminance(ink)];
          if (scheme === 'dark') {
            assert.ok(lb < 0.2, `dark mode: dark background (${bg})`);
            assert.ok(li > lb, `dark mode: text lighter than background (${ink} on ${bg})`);
          } else {
            assert.ok(lb > 0.7, `light mode: light background (${bg})`);
            assert.ok(li < lb, `light mode: text darker than background (${ink} on ${bg})`);
          }
          if (width < 1280) {
            const o = await overflow(w);
            assert.ok(o.scrollWidth <= o.innerWidth, `no horizontal overflow at ${width} px for ${name}: ${JSON.stringify(o)}`);
          }
        }
        assert.deepEqual(w.problems(), []);
        await w.close();
      });
    }
  }

  test('the page background follows dark mode too, not just the widget', async () => {
    const light = await openWidget('', { width: 1280, colorScheme: 'light' });
    const dark = await openWidget('', { width: 1280, colorScheme: 'dark' });
    const [l, d] = [await colours(light), await colours(dark)];
    assert.ok(luminance(d.pageBg) < luminance(l.pageBg), `page background darker in dark mode: ${d.pageBg} vs ${l.pageBg}`);
    assert.deepEqual(light.problems(), []);
    assert.deepEqual(dark.problems(), []);
    await light.close();
    await dark.close();
  });

  describe('no horizontal overflow on narrow phones', () => {
    let w;
    before(async () => {
      w = await openWidget('', { width: 320, height: 700 });
    });
    after(async () => {
      await w?.close();
    });
    const queries = [
      '',
      '?strategy=getset',
      '?strategy=edge&servers=16&burst=500',
      '?strategy=sync&servers=16&burst=500&redis=down&traffic=1000000',
      '?strategy=lua&preset=per-minute&lb=sticky&move=999&redis=slow&timeout=1000',
      '?strategy=split&servers=16&plan=1&burst=500&lb=sticky&move=3',
      '?strategy=incr&redis=down&fail=closed&hide=charts,quiz&compact=1',
      '?strategy=split&servers=16&burst=500&rtt=20&seed=18446744073709551615',
      '?strategy=incr&servers=16&burst=500&limit=200&span=1000',
      '?strategy=averyveryveryverylongbadvalue&servers=123456789012345678901234567890&lb=zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
    ];
    for (const width of [320, 390]) {
      for (const query of queries) {
        test(`${width} px: ${query || '(default)'}`, async () => {
          const seen = w.problems().length;
          await w.page.setViewportSize({ width, height: 700 });
          await w.goto(query);
          // The longest things there are: the whole Redis log, the charts' tables.
          if (await w.has('log-all')) await w.locator('log-all').click();
          await w.page.locator('.rll-chart__table').evaluateAll((ds) => ds.forEach((d) => { d.open = true; }));
          const o = await overflow(w);
          assert.ok(o.scrollWidth <= o.innerWidth, `scrollWidth ${o.scrollWidth} > innerWidth ${o.innerWidth}; widest: ${JSON.stringify(o.widest)}`);
          assert.deepEqual(w.problems().slice(seen), []);
        });
      }
    }
  });
});
