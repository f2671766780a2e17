// Messages a host can trust (docs/EMBEDDING.md, docs/LMS.md): a framed
// widget says `ready` once mounted; every message names its quiz (the
// content file's `id`, else "builtin") and the widget's version; next to
// each resize it posts Canvas's `lti.frameResize`; a content file that
// could not be used gives a `content-error` with a plain reason, a plain
// notice for the learner, and no `completed` unless `fallback=builtin`.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { browser, shutdown, DIST, ROOT, openWidget, waitFor } from './harness.mjs';
import { startServer } from './serve.mjs';

const VERSION = fs.readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8').match(/^version\s*=\s*"([^"]+)"/m)[1];
const FRENCH = fs.readFileSync(path.join(ROOT, 'public', 'content', 'fr.json'));
const FRENCH_ID = JSON.parse(FRENCH).id;
const QUIZ = JSON.stringify({
  id: 'course-7-quiz',
  quiz: [
    { prompt: 'Two servers, limit 10 each in memory: how many can one user get?', options: [{ text: '20', correct: true, why: 'Each server counts alone.' }, { text: '10', why: 'Only with a shared counter.' }] },
    { prompt: 'Where must the count live to hold?', options: [{ text: 'In a shared store', correct: true, why: 'One count for all servers.' }, { text: 'In each server', why: 'That is the leak.' }] },
  ],
});

let lab;
let key; // the right options of the built-in quiz at the host's query
const QUERY = 'embed=1&strategy=getset';

before(async () => {
  lab = await startServer({
    root: DIST,
    prefix: '/lab/',
    extra: {
      '/lab/content/fr.json': { type: 'application/json', body: FRENCH },
      '/lab/content/course.json': { type: 'application/json', body: QUIZ },
      '/lab/content/typo.json': { type: 'application/json', body: '{ "text": { "verdict.ovr": "Trop" } }' },
      '/host.html': {
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Course</title></head>
<body><h1>Week 3</h1><iframe id="lab" title="Rate Limit Lab" style="width:100%;height:900px;border:0"></iframe>
<script>
  window.messages = [];
  addEventListener('message', function (e) {
    if (e.source !== document.getElementById('lab').contentWindow) return;
    window.messages.push(e.data);
  });
  document.getElementById('lab').src = '/lab/?' + location.search.slice(1);
</script></body></html>`,
      },
    },
  });
  const scratch = await openWidget(`?${QUERY}`);
  key = await scratch.quizKey();
  await scratch.close();
});
after(async () => {
  await shutdown();
  if (lab) await lab.close();
});

/** The host page framing the widget at `query`; resolves once `ready` came. */
async function host(query) {
  const context = await (await browser()).newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
  await page.goto(`${new URL(lab.url).origin}/host.html?${query}`);
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'ready'), null, { timeout: 15000 });
  const frame = page.frameLocator('#lab');
  const messages = () => page.evaluate(() => window.messages);
  const ours = async (type) => (await messages()).filter((m) => m.source === 'ratelimit-lab' && (!type || m.type === type));
  return { page, context, problems, frame, messages, ours };
}

/** Answers every question of the quiz in `frame`: the right option by `key`, else the first. */
async function answerAll(frame, key = []) {
  const q = frame.locator('[data-testid="quiz-question"]');
  const n = await q.count();
  for (let i = 0; i < n; i++) await q.nth(i).locator('[data-act="quiz-pick"]').nth(key[i] ?? 0).click();
  return n;
}

describe('messages a host can trust', () => {
  test('ready once mounted; every message names the quiz and the version; lti.frameResize beside each resize', async () => {
    const h = await host(QUERY);
    const first = (await h.ours())[0];
    assert.deepEqual(first, { source: 'ratelimit-lab', type: 'ready', quiz: 'builtin', version: VERSION });
    const total = await answerAll(h.frame, key);
    await waitFor(async () => (await h.ours('completed')).length === 1, { message: 'completed' });
    const all = await h.ours();
    for (const m of all) assert.deepEqual([m.quiz, m.version], ['builtin', VERSION], JSON.stringify(m));
    assert.deepEqual((await h.ours('completed'))[0], { source: 'ratelimit-lab', type: 'completed', score: total, max: total, quiz: 'builtin', version: VERSION });
    assert.equal((await h.ours('ready')).length, 1, 'ready once');
    // Canvas's message, beside each resize, with the same height.
    const msgs = await h.messages();
    const resizes = msgs.filter((m) => m.type === 'resize');
    const lti = msgs.filter((m) => m.subject === 'lti.frameResize');
    assert.ok(resizes.length >= 1);
    assert.deepEqual(lti.map((m) => m.height), resizes.map((m) => m.height));
    for (const m of lti) assert.deepEqual(Object.keys(m).sort(), ['height', 'subject']);
    assert.deepEqual(h.problems, []);
    await h.context.close();
  });

  test('a content file\'s quiz is named by its id', async () => {
    const h = await host(`embed=1&content=content/course.json`);
    assert.equal((await h.ours('ready'))[0].quiz, 'course-7-quiz');
    await answerAll(h.frame);
    await waitFor(async () => (await h.ours('completed')).length === 1, { message: 'completed' });
    const c = (await h.ours('completed'))[0];
    assert.deepEqual([c.max, c.quiz, c.version], [2, 'course-7-quiz', VERSION]);
    assert.ok((await h.ours('quiz')).every((m) => m.quiz === 'course-7-quiz'));
    await h.context.close();
    const fr = await host(`embed=1&content=content/fr.json`);
    assert.equal((await fr.ours('ready'))[0].quiz, FRENCH_ID);
    await fr.context.close();
  });

  for (const [name, file, reason] of [
    ['a typo', 'content/typo.json', 'it is not written the way the widget expects'],
    ['a 404', 'content/missing.json', 'the server answered 404'],
  ]) {
    test(`${name}: content-error with a plain reason, a plain notice, and no completed for the built-in quiz`, async () => {
      const h = await host(`${QUERY}&content=${file}`);
      await waitFor(async () => (await h.ours('content-error')).length === 1, { message: 'content-error' });
      const e = (await h.ours('content-error'))[0];
      assert.deepEqual([e.reason, e.quiz, e.version], [reason, 'builtin', VERSION]);
      assert.equal(typeof e.detail, 'string');
      // The learner reads plain sentences, not a parser's message.
      const notice = await h.frame.locator('[data-testid="notice"]').innerText();
      assert.ok(notice.includes(`The content file ${file} could not be used (${reason}), so the built-in text is shown.`), notice);
      assert.ok(notice.includes('This quiz is the built-in one, so it is not graded.'), notice);
      assert.doesNotMatch(notice, /verdict\.ovr|unknown key|JSON/);
      // Answered to the end: quiz messages, but no grade.
      const total = await answerAll(h.frame, key);
      await waitFor(async () => (await h.ours('quiz')).length === total, { message: 'every answer' });
      assert.equal(await h.frame.locator('[data-testid="quiz-score"]').innerText(), `All ${total} answered: ${total} right at the first try.`);
      assert.deepEqual(await h.ours('completed'), []);
      const unexpected = h.problems.filter((p) => !/404/.test(p));
      assert.deepEqual(unexpected, []);
      await h.context.close();
    });
  }

  test('fallback=builtin: the author allows the built-in quiz, and it is graded', async () => {
    const h = await host(`${QUERY}&content=content/typo.json&fallback=builtin`);
    await waitFor(async () => (await h.ours('content-error')).length === 1, { message: 'content-error' });
    const notice = await h.frame.locator('[data-testid="notice"]').innerText();
    assert.ok(!notice.includes('not graded'), notice);
    const total = await answerAll(h.frame, key);
    await waitFor(async () => (await h.ours('completed')).length === 1, { message: 'completed' });
    assert.deepEqual((await h.ours('completed'))[0], { source: 'ratelimit-lab', type: 'completed', score: total, max: total, quiz: 'builtin', version: VERSION });
    assert.deepEqual(h.problems, []);
    await h.context.close();
  });

  test('mastery and fallback: a bad value gets a notice, and the rest of the address applies', async () => {
    const w = await openWidget('?mastery=120&fallback=yes&servers=8');
    const notice = await w.page.locator('[data-testid="notice"]').innerText();
    assert.ok(notice.includes('mastery=“120” is not a whole percentage from 0 to 100, so 80 is used.'), notice);
    assert.ok(notice.includes('fallback: “yes” is not one of builtin, so it is left out.'), notice);
    assert.equal(await w.page.locator('[data-testid="server-card"]').count(), 8);
    await w.close();
    // Good values stay in the address the page keeps in step.
    const good = await openWidget('?mastery=60&fallback=builtin');
    await waitFor(async () => /mastery=60/.test(good.page.url()) && /fallback=builtin/.test(good.page.url()), { message: `the address keeps them: ${good.page.url()}` });
    const said = await good.page.locator('[data-testid="notice"]').evaluateAll((ns) => ns.map((n) => n.textContent).join(' '));
    assert.doesNotMatch(said, /mastery|fallback/);
    await good.close();
  });
});
