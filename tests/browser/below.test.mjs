// A framed widget below the fold (issue 37): a course page with the frame
// 3000 px down, never scrolled, on another origin than the widget's (as
// a course platform frames it): the browser throttles such a frame. The frame posts its height once loaded
// (a `resize`, and Canvas's `lti.frameResize` beside it), though the
// browser does not render it yet, so the host can size it before the
// learner scrolls or prints. Printed, the course page gets the widget as
// drawn: the picture and the cards' marks, though the learner never
// scrolled to them (a print draws what waits for the screen), and the
// same for a script-tag widget below the fold.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { browser, shutdown, watch, DIST, ARTIFACTS } from './harness.mjs';
import { startServer } from './serve.mjs';

/** The course page's frame grows to the widget, as the guide's snippet makes it. */
const SIZED = `<script>
  window.messages = [];
  addEventListener('message', function (e) {
    window.messages.push(e.data);
    var d = e.data;
    if (d && d.source === 'ratelimit-lab' && d.type === 'resize') document.getElementById('lab').style.height = d.height + 'px';
  });
</script>`;

/**
 * What a widget's picture and cards hold: the picture's canvas and each
 * card's marks, their CSS height and how many of their pixels are inked.
 * Runs in the widget's document; `host` selects a script-tag widget's
 * element (its shadow root), none for a framed widget's page.
 */
function drawn(host) {
  const root = host ? document.querySelector(host).shadowRoot : document;
  const ink = (c) => {
    if (!c.width || !c.height) return 0;
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
    return n;
  };
  const picture = root.querySelector('.rll-picture__canvas');
  const marks = [...root.querySelectorAll('.rll-card__marks')];
  return {
    picture: { height: picture.getBoundingClientRect().height, ink: ink(picture) },
    cards: marks.length,
    marks: marks.map((c) => ({ height: c.getBoundingClientRect().height, ink: ink(c) })),
  };
}

/** Everything a print needs drawn, or a list of what is not. */
function missing(d) {
  const wrong = [];
  if (!(d.picture.height > 100)) wrong.push(`the picture is ${d.picture.height} px tall`);
  if (!(d.picture.ink > 2000)) wrong.push(`the picture has ${d.picture.ink} inked pixels`);
  if (d.cards < 4) wrong.push(`${d.cards} cards`);
  d.marks.forEach((m, i) => { if (!(m.height > 0 && m.ink > 0)) wrong.push(`card ${i + 1}'s marks: ${m.height} px, ${m.ink} inked`); });
  return wrong;
}

/** Writes the PDF and, where poppler's pdftoppm is installed, its pages as PNG. */
function keep(name, pdf) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(ARTIFACTS, name)], { stdio: 'ignore' });
  } catch { /* no pdftoppm: the PDF alone */ }
}

let lab; // the widget (and a static page with a script-tag widget)
let host; // the course page, on another origin (a platform's)
before(async () => {
  lab = await startServer({
    root: DIST,
    extra: {
      '/static.html': {
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Static</title>
<script type="module" src="ratelimit-lab.js"></script></head>
<body><h1>Week 3</h1><div style="height:3000px">The reading.</div>
<div data-ratelimit-lab data-strategy="getset"></div></body></html>`,
      },
    },
  });
  host = await startServer({
    root: DIST,
    prefix: '/nothing/',
    extra: {
      '/course.html': {
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Course</title></head>
<body><h1>Week 3</h1><div style="height:3000px">The reading.</div>
<iframe id="lab" src="${lab.url}?embed=1" title="Rate Limit Lab" style="width:100%;height:600px;border:0"></iframe>
<script>
  window.messages = [];
  addEventListener('message', function (e) { window.messages.push(e.data); });
</script></body></html>`,
      },
      '/sized.html': {
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Course</title></head>
<body><h1>Week 3</h1><div style="height:3000px">The reading.</div>
<iframe id="lab" src="${lab.url}?embed=1&strategy=getset" title="Rate Limit Lab" style="display:block;width:100%;height:600px;border:0"></iframe>
${SIZED}</body></html>`,
      },
    },
  });
});
after(async () => {
  await shutdown();
  for (const s of [lab, host]) if (s) await s.close();
});

describe('a frame below the fold', () => {
  test('posts its height once loaded, never scrolled into view', async () => {
    const context = await (await browser()).newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${new URL(host.url).origin}/course.html`);
    await page.waitForFunction(() => window.messages.some((m) => m.type === 'ready'), null, { timeout: 15000 });
    await page.waitForFunction(() => window.messages.some((m) => m.type === 'resize'), null, { timeout: 5000 }).catch(() => {});
    const msgs = await page.evaluate(() => window.messages);
    const resize = msgs.find((m) => m.type === 'resize');
    assert.ok(resize, `a resize came: ${JSON.stringify(msgs.map((m) => m.type ?? m.subject))}`);
    assert.ok(resize.height > 1000, `the widget's height: ${resize.height}`);
    assert.ok(msgs.some((m) => m.subject === 'lti.frameResize' && m.height === resize.height));
    assert.equal(await page.evaluate(() => scrollY), 0, 'never scrolled');
    await context.close();
  });
});

describe('printing a page the learner never scrolled to', () => {
  test('a framed widget below the fold prints its picture and its cards\' marks', async () => {
    const context = await (await browser()).newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    const watcher = watch(page, new URL(host.url).origin);
    await page.goto(`${new URL(host.url).origin}/sized.html`);
    await page.waitForFunction(() => window.messages.some((m) => m.type === 'resize'), null, { timeout: 15000 });
    const frame = page.frames().find((f) => f.url().startsWith(lab.url));
    assert.ok(frame, 'the widget\'s frame');
    await frame.waitForSelector('[data-testid="server-card"]', { state: 'attached', timeout: 15000 });
    // What the learner has not seen is not drawn yet (a throttled frame).
    const before = await frame.evaluate(drawn);
    // Printed: every part the print shows is drawn, the page still unscrolled.
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    keep('print-below-the-fold-frame', pdf);
    const after = await frame.evaluate(drawn);
    assert.deepEqual(missing(after), [], `before the print: ${JSON.stringify(missing(before))}`);
    assert.equal(await page.evaluate(() => scrollY), 0, 'never scrolled');
    // The widget's own requests go to its origin, the frame's.
    assert.deepEqual(watcher.problems().filter((p) => !p.startsWith(`request outside the origin: ${new URL(lab.url).origin}/`)), []);
    await context.close();
  });

  test('a script-tag widget below the fold prints its picture and its cards\' marks', async () => {
    const context = await (await browser()).newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    const watcher = watch(page, new URL(lab.url).origin);
    await page.goto(`${lab.url}static.html`);
    await page.locator('[data-ratelimit-lab] .rll:not([data-first]) [data-testid="server-card"]').first().waitFor({ state: 'attached', timeout: 15000 });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    keep('print-below-the-fold-script-tag', pdf);
    assert.deepEqual(missing(await page.evaluate(drawn, '[data-ratelimit-lab]')), []);
    assert.equal(await page.evaluate(() => scrollY), 0, 'never scrolled');
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});
