// Issue 22's layout, focus and print defects, as a learner and a course
// author met them: replay controls that look alike on a phone, a clipped
// placeholder, focus that jumps back up the screen, radio groups broken
// mid-row, empty right halves, a tab change that moves the picture, the
// time's value running under "Speed" in a narrow frame, and printouts with
// blank pages, lost question numbers or a lone sentence on page one; and
// issue 37's: printed numbers against the other column's words, and the
// boxes' right borders cut off at the page's edge.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  openWidget, openMounted, openPage, hostServer, server, shutdown, focused, until, waitFor, ROOT, ARTIFACTS, STRATEGIES,
} from './harness.mjs';

after(shutdown);

/** The box of the first element matching `selector` (open shadow roots too). */
const box = (page, selector) => page.locator(selector).first().evaluate((el) => {
  const r = el.getBoundingClientRect();
  return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, width: r.width, height: r.height };
});

describe('replay controls', () => {
  test('at 390 px Play, Step back and Step each show their own icon and have a name', async () => {
    const w = await openWidget('', { width: 390, height: 844 });
    const seen = {};
    for (const id of ['play', 'step-back', 'step']) {
      const b = w.locator(id);
      // What the eye sees: the text of the visible, unhidden parts.
      const shown = await b.evaluate((el) => [...el.querySelectorAll('[aria-hidden="true"]')]
        .filter((s) => s.checkVisibility())
        .map((s) => s.textContent.trim())
        .join(''));
      const name = (await b.innerText()).replace(/\s+/g, ' ').trim();
      assert.ok(shown, `${id} shows an icon`);
      assert.match(name, /[a-z]{3}/i, `${id} has a name in words for a screen reader (${name})`);
      seen[id] = shown;
    }
    assert.equal(new Set(Object.values(seen)).size, 3, `three different icons: ${JSON.stringify(seen)}`);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  const WINDOWED = '?strategy=incr&edge=20';
  for (const [width, query] of [[350, '?embed=1'], [390, ''], [1280, ''], [390, WINDOWED], [1280, WINDOWED]]) {
    test(`at ${width} px${query ? ` (${query})` : ''} the time's value never runs under the speed control`, async () => {
      const w = await openWidget(query, { width, height: 800 });
      const value = await box(w.page, '.rll-replay__value');
      const speed = await box(w.page, '.rll-replay__speed');
      const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const overlap = meets(value, speed);
      assert.ok(!overlap, `value ${JSON.stringify(value)} and speed ${JSON.stringify(speed)} do not overlap`);
      const replay = await box(w.page, '.rll-replay');
      assert.ok(value.right <= replay.right + 1, `the value stays inside the replay row (${value.right} ≤ ${replay.right})`);
      if (query === WINDOWED) {
        // The strip of windows under the picture covers neither the
        // picture, its caption nor the replay's row, and each window's
        // words fit in it.
        const strip = await box(w.page, '[data-testid="windows"]');
        assert.ok(strip.height > 0, 'the strip shows');
        for (const other of ['[data-testid="topology"]', '.rll-picture__caption', '.rll-replay']) {
          assert.ok(!meets(strip, await box(w.page, other)), `the strip ${JSON.stringify(strip)} and ${other} do not overlap`);
        }
        const clipped = await w.page.locator('[data-testid="windows"] li').evaluateAll((els) => els
          .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > e.parentElement.getBoundingClientRect().right + 1)
          .map((e) => e.textContent));
        assert.deepEqual(clipped, [], 'no window\'s words are cut');
      }
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }
});

describe('the prediction', () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px the guess's placeholder is not clipped`, async () => {
      const w = await openMounted('?predict=1', { width, height: 900 });
      const input = w.locator('predict-guess');
      await input.waitFor();
      const fit = await input.evaluate((el) => {
        const cs = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const text = ctx.measureText(el.placeholder).width;
        // Room for text: the content box, less the number's spin buttons.
        const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;
        return { text, room, placeholder: el.placeholder };
      });
      assert.ok(fit.text <= fit.room, `"${fit.placeholder}" needs ${fit.text.toFixed(1)} px, has ${fit.room.toFixed(1)}`);
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }
});

describe('focus follows the visual order', () => {
  for (const width of [1280, 390]) {
    test(`at ${width} px Tab through the picture, totals and sliders never moves back up or left`, async () => {
      const w = await openWidget('', { width, height: 900 });
      await w.page.locator('[role="tab"][aria-selected="true"]').focus();
      const order = [];
      for (let i = 0; i < 40; i++) {
        await w.page.keyboard.press('Tab');
        const f = await focused(w.page);
        if (!f) break;
        const where = await w.page.evaluate(() => {
          let el = document.activeElement;
          while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
          const col = el.closest('.rll-deck > *');
          if (!col) return null;
          const c = col.getBoundingClientRect();
          const r = el.getBoundingClientRect();
          return { col: col.className, colLeft: c.left, colTop: c.top + scrollY, top: r.top + scrollY };
        });
        if (!where) {
          if (order.length) break; // left the deck
          continue;
        }
        order.push({ id: f.testid ?? f.tag, ...where });
      }
      assert.ok(order.some((o) => o.id === 'play') && order.some((o) => o.id === 'servers'), `Tab reached the replay and the sliders: ${order.map((o) => o.id).join(' → ')}`);
      for (let i = 1; i < order.length; i++) {
        const [a, b] = [order[i - 1], order[i]];
        if (a.col === b.col) continue;
        // Into another column: to its right (desktop) or below (phone).
        const onward = b.colLeft > a.colLeft + 1 || (Math.abs(b.colLeft - a.colLeft) <= 1 && b.colTop > a.colTop);
        assert.ok(onward, `${a.id} (${a.col}) → ${b.id} (${b.col}) goes back: ${order.map((o) => o.id).join(' → ')}`);
      }
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }
});

describe('choice groups stay whole', () => {
  let french;
  const frenchServer = async () => {
    french ??= await hostServer({ extra: { '/fr.json': { type: 'application/json', body: fs.readFileSync(path.join(ROOT, 'public/content/fr.json'), 'utf8') } } });
    return french;
  };
  for (const lang of ['en', 'fr']) {
    for (const width of [390, 700, 1100, 1280]) {
      test(`${lang}, ${width} px: each group's options are on one row or one a row`, async () => {
        const base = lang === 'fr' ? (await frenchServer()).url : (await server()).url;
        const { page, context, watcher } = await openPage(`${base}?strategy=getset${lang === 'fr' ? '&content=fr.json' : ''}`, { width, height: 900 });
        await page.locator('[data-testid="server-card"]').first().waitFor();
        if (lang === 'fr') await waitFor(() => page.locator('html').getAttribute('lang').then((l) => l === 'fr'), { message: 'the French texts' });
        const groups = await page.locator('fieldset.rll-choice').evaluateAll((fs) => fs.map((f) => {
          const opts = [...f.querySelectorAll('label, button')].filter((o) => o.checkVisibility());
          return { legend: f.querySelector('legend')?.textContent, tops: opts.map((o) => Math.round(o.getBoundingClientRect().top)), rights: opts.map((o) => o.getBoundingClientRect().right), box: f.getBoundingClientRect().right };
        }));
        assert.ok(groups.length >= 3, `the groups are there (${groups.length})`);
        for (const g of groups) {
          const rows = new Set(g.tops).size;
          assert.ok(rows === 1 || rows === g.tops.length, `${g.legend}: ${rows} rows for ${g.tops.length} options (${g.tops.join(', ')})`);
          for (const r of g.rights) assert.ok(r <= g.box + 1, `${g.legend}: an option sticks out of its group (${r} > ${g.box})`);
        }
        assert.deepEqual(watcher.problems(), []);
        await context.close();
      });
    }
  }
});

describe('wide screens', () => {
  for (const [name, selector, parts] of [
    ['"Why this happens"', '.rll-explain', 'p'],
    ['the takeaways', '.rll-takeaways', 'li'],
  ]) {
    test(`at 1280 px ${name} uses both halves of its box`, async () => {
      const w = await openWidget('', { width: 1280, height: 900 });
      const el = w.page.locator(selector);
      // The explanation's words come as it nears the screen (later.json),
      // and the far sections are laid out only then (content-visibility):
      // what lies above grows as it does, and moves the box away again.
      // A learner keeps scrolling to it; so does the test, until it shows.
      await waitFor(async () => {
        await el.scrollIntoViewIfNeeded();
        return (await el.innerText()).length > 200;
      }, { message: `${name} has its words` });
      const r = await el.evaluate((box, parts) => {
        const b = box.getBoundingClientRect();
        const half = b.left + b.width / 2;
        const rights = [...box.querySelectorAll(parts)].map((p) => p.getBoundingClientRect()).filter((p) => p.height > 0);
        return { right: rights.some((p) => p.left >= half), n: rights.length, width: b.width };
      }, parts);
      assert.ok(r.n > 1, 'it has its parts');
      assert.ok(r.right, `some of its text sits in the right half (${r.n} parts, box ${r.width} px)`);
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }
});

describe('a tab change moves nothing above the picture', () => {
  for (const width of [390, 860, 1280]) {
    test(`at ${width} px the picture stays where it is for every strategy`, async () => {
      const w = await openWidget('', { width, height: 900 });
      const tops = {};
      for (const s of STRATEGIES) {
        await w.chooseStrategy(s);
        await waitFor(async () => (await w.selectedStrategy()) === `strategy-${s}`, { message: `${s} selected` });
        tops[s] = (await box(w.page, '[data-testid="topology"]')).top;
      }
      assert.equal(new Set(Object.values(tops)).size, 1, `the picture's top: ${JSON.stringify(tops)}`);
      assert.deepEqual(w.problems(), []);
      await w.close();
    });
  }
});

// ------------------------------------------------------------------ print

/** How many pages a PDF has. */
function pdfPages(pdf) {
  const text = pdf.toString('latin1');
  const pages = (text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
  const declared = Math.max(0, ...[...text.matchAll(/\/Type\s*\/Pages[^>]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1])));
  return Math.max(pages, declared);
}
function keep(name, pdf) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, `print-${name}.pdf`), pdf);
}

describe('print', () => {
  test('every printed question shows its number, in both columns', async () => {
    const w = await openWidget('?strategy=getset', { width: 1280, height: 900 });
    await w.page.emulateMedia({ media: 'print' });
    const numbers = await w.page.locator('[data-testid="quiz-question"]').evaluateAll((qs) => qs.map((q) => {
      const n = q.querySelector('.rll-question__n');
      const r = n?.getBoundingClientRect();
      return n && n.checkVisibility() && r.width > 0 ? { text: n.textContent.trim(), left: Math.round(r.left) } : null;
    }));
    assert.deepEqual(numbers.map((n) => n?.text), numbers.map((_, i) => `${i + 1}.`));
    assert.equal(new Set(numbers.map((n) => n.left)).size, 2, 'two columns of numbers');
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  // Chromium lays an A4 page with the handout's 12 mm margins out 704 px
  // wide (measured in a printed PDF with container queries) but prints
  // only its 186 mm, 703 px, from the left margin on; on Letter it scales
  // the same A4 layout down (the stylesheet's `@page { size: A4 }`). So a
  // print is this layout: 704 px wide, in print media.
  const A4_LAYOUT = 704;
  const A4_PRINTED = (186 / 25.4) * 96;

  test('printed on A4, each question\'s number stands 4 mm clear of the other column\'s lines', async () => {
    const w = await openWidget('?strategy=getset', { width: A4_LAYOUT, height: 900 });
    await w.page.emulateMedia({ media: 'print' });
    const wrong = await w.page.locator('[data-testid="quiz-question"]').first().evaluate((first, clear) => {
      const qs = [...first.parentElement.querySelectorAll('[data-testid="quiz-question"]')];
      const glyphs = (node) => { const r = document.createRange(); r.selectNodeContents(node); return [...r.getClientRects()].filter((b) => b.width > 0); };
      // Boxes that share some of their height and come within `gap` px side by side.
      const near = (a, b, gap) => a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5 && a.left - gap < b.right && b.left < a.right + gap;
      // Every line of the quiz's text but the numbers: prompts and options.
      const lines = qs.flatMap((q, i) => [...q.querySelectorAll('.rll-question__prompt, .rll-question__choice')]
        .flatMap((el) => glyphs(el).map((b) => ({ i, b, text: el.textContent.trim().slice(0, 30) }))));
      const out = [];
      qs.forEach((q, i) => {
        const n = q.querySelector('.rll-question__n');
        for (const g of glyphs(n)) {
          for (const l of lines) {
            // Its own prompt may follow it closely, but not run under it.
            if (l.i === i ? near(g, l.b, -0.5) : near(g, l.b, clear)) out.push(`${n.textContent} is within ${l.i === i ? 0 : 4} mm of question ${l.i + 1}'s "${l.text}"`);
          }
        }
      });
      return out;
    }, (4 / 25.4) * 96);
    // (The columns are 6 mm apart: a number nearer the words of the other
    // column reads as the end of their line, "runs11.".)
    assert.deepEqual(wrong, []);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('printed on A4, the widget ends inside the printed width: no box\'s right border is cut off', async () => {
    const w = await openWidget('', { width: A4_LAYOUT, height: 900 });
    await w.page.emulateMedia({ media: 'print' });
    // Everything inside the widget (its own box is margin, with no ink).
    const wide = await w.page.locator('.rll').first().evaluate((root, limit) => [...root.querySelectorAll('*')]
      .filter((el) => el.checkVisibility())
      .map((el) => ({ el: el.className.baseVal ?? el.className, right: el.getBoundingClientRect().right }))
      .filter((b) => b.right > limit)
      .map((b) => `${b.el} ends at ${b.right.toFixed(2)} px`), A4_PRINTED);
    assert.deepEqual(wide.slice(0, 10), [], `printed width ${A4_PRINTED.toFixed(2)} px; ${wide.length} boxes past it`);
    // And it still spans the page: the bordered totals end within 2 mm of it.
    const totals = await w.page.locator('.rll-totals').evaluate((el) => el.checkVisibility() && el.getBoundingClientRect().right);
    assert.ok(totals > A4_PRINTED - (2 / 25.4) * 96, `the totals end at ${totals} px`);
    assert.deepEqual(w.problems(), []);
    await w.close();
  });

  test('a quiz-only embed prints its quiz from page one, on one page', async () => {
    const { page, context, watcher } = await openPage(`${(await server()).url}?strategy=getset&embed=1&hide=title,tabs,controls,picture,totals,cards,timeline,log,charts,explanation,takeaways`, { width: 1100, height: 900 });
    await page.locator('[data-testid="quiz-question"]').first().waitFor();
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    keep('quiz-only', pdf);
    assert.equal(pdfPages(pdf), 1);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });

  test('a host page framing the widget with the guide\'s snippet prints no blank pages', async () => {
    const guide = fs.readFileSync(path.join(ROOT, 'docs/EMBEDDING.md'), 'utf8');
    const snippet = guide.match(/<!-- snippet: iframe -->\s*```html\n([^]*?)```/)?.[1];
    assert.ok(snippet, 'the iframe snippet is in the guide');
    // The widget on its own origin; the host page on another.
    const lab = await server();
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chapter 4</title><link rel="icon" href="data:,"></head>
<body><h1>Chapter 4</h1><p>Some course text before the widget.</p>
${snippet.replace('/labs/ratelimit/', lab.url)}
<p>Some course text after it.</p></body></html>`;
    const host = await hostServer({ extra: { '/course.html': { type: 'text/html; charset=utf-8', body } } });
    const { page, context, watcher } = await openPage(`${host.url}course.html`, { width: 1100, height: 900, origins: [lab.origin] });
    const frame = page.locator('iframe');
    // The frame follows the widget's height, then learns its printed height.
    const printed = await until(() => frame.evaluate((f) => Number(f.dataset.print) < Number(f.dataset.height) && Number(f.dataset.print)), { timeout: 10000 });
    assert.ok(printed > 1000, `a printed height came (${printed} px)`);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    keep('host-page', pdf);
    const pages = pdfPages(pdf);
    // The host's lines and the two-page handout: three pages at most.
    assert.ok(pages >= 2 && pages <= 3, `${pages} pages`);
    // After the print the frame is as tall as the widget again.
    await page.evaluate(() => dispatchEvent(new Event('afterprint')));
    assert.equal(await frame.evaluate((f) => f.style.height), `${await frame.evaluate((f) => f.dataset.height)}px`);
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});
