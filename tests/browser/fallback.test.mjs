// A script tag on another origin without CORS (issue 37): the guide's
// `fallback` snippet, run as written with its origin pointed at a server
// of the release build that sends no CORS headers. The browser refuses the
// loader, the element's own sentence stays in view, and the console names
// the refused file. With CORS the same snippet mounts the widget, which
// replaces the sentence.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { browser, shutdown, DIST, ROOT } from './harness.mjs';
import { startServer } from './serve.mjs';

const SNIPPET = fs.readFileSync(`${ROOT}/docs/EMBEDDING.md`, 'utf8')
  .match(/<!-- snippet: fallback -->\s*```html\n([^]*?)```/)[1];
const SENTENCE = 'The interactive Rate Limit Lab belongs here, but its files could not be loaded.';

let bare; // the widget's files, no CORS
let cors; // the same files, with CORS
let course; // the course page, another origin
before(async () => {
  bare = await startServer({ root: DIST, prefix: '/labs/ratelimit/' });
  cors = await startServer({ root: DIST, prefix: '/labs/ratelimit/', headers: { 'Access-Control-Allow-Origin': '*' } });
  const page = (lab) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Course</title></head>
<body><h1>Week 3</h1>${SNIPPET.split('https://lab.example.edu').join(new URL(lab.url).origin)}</body></html>`;
  course = await startServer({
    root: DIST,
    prefix: '/nothing/',
    extra: {
      '/bare.html': { type: 'text/html; charset=utf-8', body: page(bare) },
      '/cors.html': { type: 'text/html; charset=utf-8', body: page(cors) },
    },
  });
});
after(async () => {
  await shutdown();
  for (const s of [bare, cors, course]) if (s) await s.close();
});

async function open(name) {
  const context = await (await browser()).newContext();
  const page = await context.newPage();
  const consoled = [];
  page.on('console', (m) => consoled.push(`${m.type()}: ${m.text()}`));
  await page.goto(`${new URL(course.url).origin}/${name}.html`);
  return { context, page, consoled };
}

describe('the fallback sentence inside the element', () => {
  test('stays in view when the loader is on another origin without CORS, and the console names the file', async () => {
    const { context, page, consoled } = await open('bare');
    const el = page.locator('rate-limit-lab');
    await page.waitForTimeout(1500);
    assert.ok((await el.innerText()).includes(SENTENCE), await el.innerText());
    assert.ok(await el.locator('p').isVisible(), 'the sentence is visible');
    assert.equal(await el.evaluate((e) => e.shadowRoot), null, 'no widget was mounted');
    assert.ok(consoled.some((c) => /ratelimit-lab\.js/.test(c) && /CORS/.test(c)), consoled.join('\n'));
    await context.close();
  });

  test('is replaced by the widget when the files load (CORS sent)', async () => {
    const { context, page, consoled } = await open('cors');
    const el = page.locator('rate-limit-lab');
    await page.waitForFunction(() => document.querySelector('rate-limit-lab')?.shadowRoot?.querySelector('[data-testid="quiz-question"]'), null, { timeout: 15000 });
    assert.ok(!(await el.innerText()).includes(SENTENCE), 'the sentence is gone');
    assert.deepEqual(consoled.filter((c) => c.startsWith('error')), []);
    await context.close();
  });
});
