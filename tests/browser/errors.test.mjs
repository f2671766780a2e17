// Content errors that say where (issue 37): a wrong kind of value, a
// misspelt field and a quiz question with two right answers, each named
// by its path in the file and its line and column, in the `content-error`
// message's detail and on the console; in the notice only when the page is
// its author's (`author=1`), while a learner reads the plain reason alone.
// And a lesson of one step offers "1 step", not "1 steps".
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { browser, shutdown, DIST, ROOT } from './harness.mjs';
import { startServer } from './serve.mjs';

/** The author's file (tests/fixtures/week3.json, shared with tests/it/vm_content.rs), with `"correct": "no"` on line 14, column 20. */
const WEEK3 = fs.readFileSync(path.join(ROOT, 'tests', 'fixtures', 'week3.json'), 'utf8');
const FILES = {
  'week3.json': [WEEK3, 'quiz[1].options[2].correct, line 14, column 20: a value of the wrong kind where a boolean was expected'],
  'typo.json': ['{\n  "quiz": [ { "prompt": "P", "optoins": [] } ]\n}', 'quiz[0].optoins, line 2, column 41: a field the widget does not have'],
  'two.json': [WEEK3.replace('"correct": "no",', '"correct": true,'), 'quiz[1].options, line 9, column 18: 2 options are marked correct (exactly one must be)'],
};
const ONE_STEP = JSON.stringify({
  tour: [{ title: 'Watch', text: 'Watch the burst.', goal: 'replay-end', task: 'Watch it to the end.', hint: 'Press play.', done: 'Seen.' }],
});

let lab;
before(async () => {
  const extra = {
    '/one-step.json': { type: 'application/json', body: ONE_STEP },
    '/host.html': {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Course</title></head>
<body><iframe id="lab" title="Rate Limit Lab" style="width:100%;height:900px;border:0"></iframe>
<script>
  window.messages = [];
  addEventListener('message', function (e) { window.messages.push(e.data); });
  document.getElementById('lab').src = '/?' + location.search.slice(1);
</script></body></html>`,
    },
  };
  for (const [name, [body]] of Object.entries(FILES)) extra[`/${name}`] = { type: 'application/json', body };
  lab = await startServer({ root: DIST, extra });
});
after(async () => {
  await shutdown();
  if (lab) await lab.close();
});

/** A host page framing the widget at `query`: its messages, the frame's console, the notice. */
async function open(query) {
  const context = await (await browser()).newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const consoled = [];
  page.on('console', (m) => consoled.push(`${m.type()}: ${m.text()}`));
  await page.goto(`${new URL(lab.url).origin}/host.html?${query}`);
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'content-error'), null, { timeout: 15000 });
  const error = (await page.evaluate(() => window.messages)).find((m) => m.type === 'content-error');
  const notice = await page.frameLocator('#lab').locator('[data-testid="notice"]').innerText();
  return { context, consoled, error, notice };
}

describe('a content error says where it is', () => {
  for (const [name, [, where]] of Object.entries(FILES)) {
    test(`${name}: the path, line and column in the message and on the console; in the notice for its author only`, async () => {
      const author = await open(`embed=1&content=${name}&author=1`);
      assert.equal(author.error.detail, where);
      assert.equal(author.error.reason, 'it is not written the way the widget expects');
      assert.ok(author.notice.includes(`(it is not written the way the widget expects: ${where})`), author.notice);
      assert.ok(author.consoled.some((c) => c.startsWith('warning: ') && c.includes(`content file ${name} could not be used: ${where}`)), author.consoled.join('\n'));
      assert.ok(!author.consoled.some((c) => c.startsWith('error')), author.consoled.join('\n'));
      await author.context.close();
      const learner = await open(`embed=1&content=${name}`);
      assert.equal(learner.error.detail, where);
      assert.ok(learner.notice.includes(`The content file ${name} could not be used (it is not written the way the widget expects), so the built-in text is shown.`), learner.notice);
      assert.ok(!learner.notice.includes('line '), 'a learner reads no path or line');
      await learner.context.close();
    });
  }
});

describe('a lesson of one step', () => {
  test('offers "1 step", not "1 steps"', async () => {
    const context = await (await browser()).newContext();
    const page = await context.newPage();
    await page.goto(`${lab.url}?content=one-step.json`);
    const offer = page.locator('[data-testid="tour-start"]');
    await offer.waitFor({ timeout: 15000 });
    assert.match(await offer.innerText(), /^Start the lesson: 1 step, about 2 min$/);
    await context.close();
  });
});
