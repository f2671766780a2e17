// A course author's own SCORM package (issue 37), made both ways the guide
// gives: the command (scripts/package --content week3.json --strategy incr
// --hide code --mastery 70 --title …) and the page in the built folder
// (package.html: the file chosen, the choices made, the zip downloaded).
// The two zips are the same bytes. Each is unpacked as a platform does and
// launched under scorm-again's SCORM 1.2 runtime: the widget shows the
// author's quiz, opens on their strategy without the code, grades against
// their mastery score (75 passes at 70, where the default 80 would fail
// it), and leaves a session time and one interaction per question in the
// runtime's data model.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { unzipSync, strFromU8 } from 'fflate';
import { shutdown, DIST, DIST_AUTHOR, ROOT, openPage, waitFor, hostServer } from './harness.mjs';
import { startServer } from './serve.mjs';

const RUNTIME = fs.readFileSync(path.join(ROOT, 'node_modules/scorm-again/dist/scorm12.js'), 'utf8');
const TITLE = 'Week 3: rate limits & you';
const q = (prompt, right, ...wrong) => ({
  prompt,
  options: [...wrong.map((text) => ({ text, why: `Not ${text}.` })), { text: right, correct: true, why: `${right}, yes.` }],
});
/** The author's file: four questions of their own. */
const WEEK3 = {
  id: 'week3-quiz',
  quiz: [
    q('Where must a shared limit be counted?', 'In one shared store', 'In each server', 'In the browser'),
    q('Which Redis command counts atomically?', 'INCR', 'GET then SET'),
    q('What does a load balancer do to a per-server count?', 'Splits it across servers', 'Nothing at all'),
    q('What happens to INCR when Redis is down?', 'The fail policy decides', 'It counts twice'),
  ],
};
const RIGHT = WEEK3.quiz.map((x) => x.options.find((o) => o.correct).text);

let dir; // scratch: the content file and both zips
const zips = {}; // how it was made → bytes

/** The player page a platform serves: scorm-again's API, the SCO in a frame. */
const player = (launch) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Course player</title>
<script src="/lms/scorm12.js"></script>
<script>
  window.calls = [];
  window.API = new Scorm12API({ autocommit: false, lmsCommitUrl: false, logLevel: 4 });
  ['LMSInitialize', 'LMSFinish'].forEach(function (n) { window.API.on(n, function () { window.calls.push(n); }); });
  window.API.on('LMSSetValue', function (k, v) { window.calls.push('set ' + k + '=' + v); });
</script></head>
<body><h1>Week 3</h1><iframe id="sco" src="/sco/${launch}" title="Rate Limit Lab" style="width:100%;height:800px;border:0"></iframe></body></html>`;

/** Unpacks `zip` and serves it under a player; returns the server and the manifest. */
async function platform(zip) {
  const files = unzipSync(zip);
  const manifest = strFromU8(files['imsmanifest.xml']);
  const href = manifest.match(/adlcp:scormtype="sco" href="([^"]+)"/)[1].replace(/&amp;/g, '&');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rll-own-sco-'));
  for (const [name, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), data);
  }
  const s = await startServer({
    root,
    prefix: '/sco/',
    extra: {
      '/player.html': { type: 'text/html; charset=utf-8', body: player(href) },
      '/lms/scorm12.js': { type: 'text/javascript; charset=utf-8', body: RUNTIME },
    },
  });
  return { s, manifest, href, files };
}

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rll-own-'));
  fs.writeFileSync(path.join(dir, 'week3.json'), JSON.stringify(WEEK3, null, 2));
});
after(async () => {
  await shutdown();
});

describe('an author makes their own package', () => {
  test('with the command: scripts/package --content week3.json --strategy incr --hide code --mastery 70 --title …', () => {
    const out = execFileSync(path.join(ROOT, 'scripts/package'), ['--content', 'week3.json', '--strategy', 'incr', '--hide', 'code', '--mastery', '70', '--title', TITLE, '--dist', DIST], { cwd: dir, encoding: 'utf8' });
    assert.match(out, /SCORM 1\.2 package: .*week3-scorm\.zip/);
    zips.command = fs.readFileSync(path.join(dir, 'week3-scorm.zip'));
    // A wrong choice says which, and writes nothing.
    assert.throws(() => execFileSync(path.join(ROOT, 'scripts/package'), ['--content', 'week3.json', '--mastery', '170', '--out', 'bad.zip', '--dist', DIST], { cwd: dir, stdio: 'pipe' }),
      (e) => /mastery “170” is not a whole number from 0 to 100/.test(String(e.stderr)));
    assert.ok(!fs.existsSync(path.join(dir, 'bad.zip')));
  });

  test('with the page the build writes beside its package, dist-author/package.html: the same zip', async () => {
    const s = await hostServer({ root: DIST_AUTHOR });
    const { page, context, watcher } = await openPage(`${s.url}package.html`);
    await page.locator('#content').setInputFiles(path.join(dir, 'week3.json'));
    await page.locator('#title').fill(TITLE);
    await page.locator('#strategy').selectOption('incr');
    await page.locator('#mastery').fill('70');
    await page.locator('input[name="hide"][value="code"]').check();
    await page.locator('#build').click();
    await page.locator('#download:not([hidden])').waitFor({ timeout: 10000 });
    assert.match(await page.locator('#status').innerText(), /The package is ready: week3-scorm\.zip/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download').click()]);
    zips.page = fs.readFileSync(await download.path());
    assert.equal(download.suggestedFilename(), 'week3-scorm.zip');
    assert.ok(Buffer.compare(zips.page, zips.command) === 0, 'the page and the command make the same bytes');
    assert.deepEqual(watcher.problems(), []);
    await context.close();
  });
});

for (const how of ['command', 'page']) {
  describe(`the package made with the ${how}, in scorm-again`, () => {
    test('names the author\'s title and mastery, holds their file, grades their quiz, and reports time and answers', async () => {
      assert.ok(zips[how], `the ${how} made a zip`);
      const { s, manifest, href, files } = await platform(zips[how]);
      assert.match(manifest, /<title>Week 3: rate limits &amp; you<\/title>/);
      assert.match(manifest, /<adlcp:masteryscore>70<\/adlcp:masteryscore>/);
      assert.equal(href, 'index.html?embed=1&content=content.json&strategy=incr&hide=code&mastery=70');
      assert.deepEqual(JSON.parse(strFromU8(files['content.json'])), WEEK3);
      assert.ok(!('package.html' in files) && !('fflate.js' in files), 'the author\'s tools stay out of the package');
      const l = await openPage(`${new URL(s.url).origin}/player.html`);
      const frame = l.page.frameLocator('#sco');
      const qs = frame.locator('[data-testid="quiz-question"]');
      await qs.first().waitFor({ state: 'attached', timeout: 10000 });
      await waitFor(() => l.page.evaluate(() => window.calls.includes('LMSInitialize')), { message: 'LMSInitialize' });
      assert.equal(await qs.count(), 4, 'the author\'s four questions');
      assert.match(await qs.first().innerText(), /Where must a shared limit be counted\?/);
      assert.equal(await frame.locator('[data-testid="code"]').evaluateAll((els) => els.some((e) => !e.closest('[hidden]'))), false, 'the code view is hidden');
      assert.equal(await frame.locator('[data-testid="strategy-incr"]').getAttribute('aria-selected'), 'true', 'INCR first');
      // Three right, the last wrong: 75, a pass at 70.
      for (let n = 0; n < 4; n++) {
        const picks = qs.nth(n).locator('[data-act="quiz-pick"]');
        const texts = await picks.allInnerTexts();
        const right = texts.findIndex((t) => t.includes(RIGHT[n]));
        await picks.nth(n < 3 ? right : (right + 1) % texts.length).click();
      }
      await waitFor(() => l.page.evaluate(() => window.API.cmi.core.lesson_status !== 'incomplete'), { message: 'graded' });
      assert.deepEqual(await l.page.evaluate(() => [window.API.cmi.core.lesson_status, window.API.cmi.core.score.raw]), ['passed', '75']);
      await new Promise((r) => setTimeout(r, 1100));
      await l.page.evaluate(() => document.getElementById('sco').remove());
      await waitFor(() => l.page.evaluate(() => window.calls.includes('LMSFinish')), { message: 'LMSFinish' });
      // The stored CMI as the runtime serialises it (its write-only
      // elements included, as it sends them to the platform).
      const stored = await l.page.evaluate(() => JSON.parse(JSON.stringify(window.API.cmi)));
      const list = Object.values(stored.interactions ?? {}).filter((i) => i && typeof i === 'object' && 'id' in i);
      const cmi = {
        time: stored.core.session_time,
        interactions: list.map((i) => ({
          id: i.id, type: i.type, response: i.student_response, result: i.result,
          pattern: Object.values(i.correct_responses ?? {}).filter((r) => r && typeof r === 'object').map((r) => r.pattern),
        })),
      };
      if (!cmi.interactions.length) console.log(JSON.stringify(stored.interactions));
      // A SCORM 1.2 timespan (the runtime keeps it as HH:MM:SS.SS), at
      // least the second waited before leaving.
      const t = cmi.time.match(/^(\d{2,4}):(\d{2}):(\d{2}(?:\.\d{1,2})?)$/);
      assert.ok(t, `a SCORM 1.2 timespan: ${cmi.time}`);
      const seconds = Number(t[1]) * 3600 + Number(t[2]) * 60 + Number(t[3]);
      assert.ok(seconds >= 1 && seconds < 120, `the time spent: ${cmi.time}`);
      assert.ok((await l.page.evaluate(() => window.calls)).some((c) => /^set cmi\.core\.session_time=\d{4}:\d{2}:\d{2}\.\d{2}$/.test(c)), 'written as HHHH:MM:SS.SS');
      assert.deepEqual(cmi.interactions.map((i) => [i.id, i.type, i.result]),
        [['q1', 'choice', 'correct'], ['q2', 'choice', 'correct'], ['q3', 'choice', 'correct'], ['q4', 'choice', 'wrong']]);
      // The right option is the last one each question lists; the responses are letters of the file's order.
      cmi.interactions.forEach((i, n) => {
        const right = String.fromCharCode(97 + WEEK3.quiz[n].options.length - 1);
        assert.deepEqual(i.pattern, [right]);
        assert.equal(i.response === right, n < 3, `q${n + 1}: ${i.response}`);
      });
      console.log(`${how}: session_time ${cmi.time}, interactions ${JSON.stringify(cmi.interactions)}`);
      assert.deepEqual(l.watcher.problems(), []);
      await l.context.close();
      await s.close();
    });
  });
}
