// A framed widget below the fold (issue 37): a course page with the frame
// 3000 px down, never scrolled, on another origin than the widget's (as
// a course platform frames it): the browser throttles such a frame. The frame posts its height once loaded
// (a `resize`, and Canvas's `lti.frameResize` beside it), though the
// browser does not render it yet, so the host can size it before the
// learner scrolls or prints.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browser, shutdown, DIST } from './harness.mjs';
import { startServer } from './serve.mjs';

let lab; // the widget
let host; // the course page, on another origin (a platform's)
before(async () => {
  lab = await startServer({ root: DIST });
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
