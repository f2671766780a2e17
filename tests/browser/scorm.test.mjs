// The SCORM 1.2 package (dist/ratelimit-lab-scorm.zip, written by
// scripts/build) against a real SCORM 1.2 runtime, scorm-again's
// Scorm12API, as a course platform runs it: the zip is unpacked, the
// manifest read for its launch page, and that page opened in an iframe
// under a player page that sets window.API. The learner answers the quiz;
// the test reads back what the platform records (lesson_status,
// score.raw/min/max, suspend_data). A second, worse attempt keeps the
// best; a relaunch with the stored data restores the progress; a launch
// with no API is a plain widget, with no console error.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { unzipSync, strFromU8 } from 'fflate';
import { shutdown, DIST, DIST_GZ, DIST_AUTHOR, ROOT, LIVE, openPage, openWidget, waitFor } from './harness.mjs';
import { startServer } from './serve.mjs';

const ZIP = path.join(DIST, 'ratelimit-lab-scorm.zip');
const RUNTIME = fs.readFileSync(path.join(ROOT, 'node_modules/scorm-again/dist/scorm12.js'), 'utf8');
const SCO = '/course/sco/';

let unpacked; // { files: { name: Uint8Array }, manifest: string, launch: string, mastery: string }
let lms; // the platform's server: the unpacked package, the player, the runtime
let key; // the right option of each question, as shown at the launch URL

/**
 * The player page: the runtime's API on the window, the stored data of a
 * previous launch loaded into it (as a platform does), the SCO in a frame.
 * `?api=0` leaves the API out.
 */
function player(launch) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Course player</title>
<script src="/lms/scorm12.js"></script>
<script>
  var q = new URLSearchParams(location.search);
  window.calls = [];
  if (q.get('api') !== '0') {
    window.API = new Scorm12API({ autocommit: false, lmsCommitUrl: false, logLevel: 4 });
    var stored = JSON.parse(sessionStorage.getItem('stored') || 'null');
    if (stored) window.API.loadFromJSON(stored);
    ['LMSInitialize', 'LMSCommit', 'LMSFinish'].forEach(function (name) {
      window.API.on(name, function () { window.calls.push(name); });
    });
    window.API.on('LMSSetValue', function (k, v) { window.calls.push('set ' + k + '=' + v); });
  }
</script></head>
<body><h1>Week 3: rate limits</h1>
<iframe id="sco" src="${SCO}${launch}" title="Rate Limit Lab" style="width:100%;height:800px;border:0"></iframe>
</body></html>`;
}

/** What the platform holds now, read from the runtime's data model. */
function recorded(page) {
  return page.evaluate(() => {
    const c = window.API.cmi;
    return {
      status: c.core.lesson_status,
      raw: c.core.score.raw,
      min: c.core.score.min,
      max: c.core.score.max,
      suspend: c.suspend_data,
    };
  });
}

/** Opens the player (with `stored` data from an earlier launch) and waits for the widget in its frame. */
async function launch({ stored = null, api = true, lost = false } = {}) {
  const url = `${new URL(lms.url).origin}/course/player.html${api ? '' : '?api=0'}`;
  const p = await openPage(`${new URL(lms.url).origin}/course/blank.html`);
  await p.page.evaluate((s) => sessionStorage.setItem('stored', JSON.stringify(s)), stored);
  // The platform's run-time, a module of its own, that cannot be fetched.
  if (lost) await p.page.route('**/split_lms.wasm', (route) => route.abort('internetdisconnected'));
  await p.page.goto(url);
  const frame = p.page.frameLocator('#sco');
  await frame.locator('[data-testid="quiz-question"]').first().waitFor({ state: 'attached', timeout: 10000 });
  if (api && !lost) await waitFor(() => p.page.evaluate(() => window.calls.includes('LMSInitialize')), { message: 'LMSInitialize' });
  return { ...p, frame, q: frame.locator('[data-testid="quiz-question"]') };
}

/** Picks the right option of questions `right` and a wrong one of questions `wrong` (0-based). */
async function answer(l, right, wrong = []) {
  for (const n of right) await l.q.nth(n).locator('[data-act="quiz-pick"]').nth(key[n]).click();
  for (const n of wrong) await l.q.nth(n).locator('[data-act="quiz-pick"]').nth(key[n] === 0 ? 1 : 0).click();
}

/** Takes the widget's frame away, as leaving the lesson does (pagehide), and waits for LMSFinish. */
async function leave(l) {
  await l.page.evaluate(() => document.getElementById('sco').remove());
  await waitFor(() => l.page.evaluate(() => window.calls.includes('LMSFinish')), { message: 'LMSFinish' });
}

/** The stored data a platform keeps from a launch and gives the next one. */
function keep(r) {
  return {
    core: { lesson_status: r.status, score: { raw: r.raw, min: r.min, max: r.max } },
    suspend_data: r.suspend,
    student_data: { mastery_score: unpacked.mastery },
  };
}

before(async () => {
  assert.ok(fs.existsSync(ZIP), `${ZIP} is missing: run scripts/build`);
  const files = unzipSync(fs.readFileSync(ZIP));
  const manifest = strFromU8(files['imsmanifest.xml']);
  const resource = manifest.match(/<resource [^>]*adlcp:scormtype="sco"[^>]*>/)[0];
  const href = resource.match(/href="([^"]+)"/)[1].replace(/&amp;/g, '&');
  const mastery = manifest.match(/<adlcp:masteryscore>([^<]+)</)?.[1] ?? '';
  unpacked = { files, manifest, launch: href, mastery };
  // Unpacked as a platform does, and served from its own path.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rll-sco-'));
  for (const [name, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), data);
  }
  lms = await startServer({
    root: dir,
    prefix: SCO,
    extra: {
      '/course/player.html': { type: 'text/html; charset=utf-8', body: player(href) },
      '/course/blank.html': { type: 'text/html; charset=utf-8', body: '<!doctype html><title>blank</title><link rel="icon" href="data:,">' },
      '/lms/scorm12.js': { type: 'text/javascript; charset=utf-8', body: RUNTIME },
    },
  });
  // The right answers at the launch page's query (the options' order
  // depends only on it), found on the release build outside any platform.
  const scratch = await openWidget(`?${href.split('?')[1] ?? ''}`);
  key = await scratch.quizKey();
  await scratch.close();
});

after(async () => {
  await shutdown();
  if (lms) await lms.close();
});

describe('the SCORM 1.2 package', () => {
  test('holds imsmanifest.xml at its root, one SCO, and every file the widget needs, nothing from elsewhere', () => {
    const { files, manifest, launch: href } = unpacked;
    const names = Object.keys(files).sort();
    for (const need of ['imsmanifest.xml', 'index.html', 'ratelimit-lab.js', 'ratelimit_lab.js', 'ratelimit_lab_bg.wasm', 'ratelimit-lab.css']) {
      assert.ok(names.includes(need), `${need} is in the package (${names.join(', ')})`);
    }
    assert.ok(!names.some((n) => n.endsWith('.zip')), 'no zip inside the zip');
    // The precompressed copies are for a web host (dist-gz/); a platform serves the files as they are.
    assert.ok(!names.some((n) => n.endsWith('.gz')), `no precompressed copy in the package (${names.join(', ')})`);
    assert.match(manifest, /<schema>ADL SCORM<\/schema>\s*<schemaversion>1\.2<\/schemaversion>/);
    assert.equal(manifest.match(/adlcp:scormtype="sco"/g).length, 1, 'one SCO');
    assert.equal(manifest.match(/<organization /g).length, 1);
    assert.match(manifest, /<item [^>]*identifierref="ratelimit-lab-sco"/);
    assert.equal(unpacked.mastery, '80');
    assert.equal(href, 'index.html?embed=1');
    // Every file the manifest lists is in the zip, and every file of the zip is listed.
    const listed = [...manifest.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1]).sort();
    assert.deepEqual(listed, names.filter((n) => n !== 'imsmanifest.xml'));
    // Nothing fetched from elsewhere: no absolute URL in what the page loads.
    for (const n of names.filter((n) => /\.(html|css|js)$/.test(n) && n !== 'proof.html')) {
      const text = strFromU8(files[n]);
      assert.doesNotMatch(text, /(src|href)\s*=\s*["']?(https?:)?\/\//i, n);
      assert.doesNotMatch(text, /url\(\s*["']?(https?:)?\/\//i, n);
      assert.doesNotMatch(text, /@import/i, n);
    }
  });
});

describe('launched by a SCORM 1.2 runtime (scorm-again)', () => {
  let first; // what the platform kept from the first launch

  test('initialises, says incomplete, keeps the progress in suspend_data, finishes on leaving', async () => {
    const l = await launch();
    assert.equal((await recorded(l.page)).status, 'incomplete');
    // Three questions: two right, one wrong.
    await answer(l, [0, 1], [2]);
    await waitFor(async () => (await recorded(l.page)).suspend.includes('a='), { message: 'suspend_data written' });
    const r = await recorded(l.page);
    assert.equal(r.status, 'incomplete', 'not graded before the end');
    assert.equal(r.raw, '');
    assert.match(r.suspend, /^rll1;h=[0-9a-f]{8};a=[^;]*;s=$/);
    const calls = await l.page.evaluate(() => window.calls);
    assert.ok(calls.filter((c) => c === 'LMSCommit').length >= 4, `a commit after each change: ${calls.join(' | ')}`);
    await leave(l);
    first = await recorded(l.page);
    assert.ok((await l.page.evaluate(() => window.calls)).includes('set cmi.core.exit=suspend'), 'leaves suspended, to come back');
    assert.deepEqual(l.watcher.problems(), []);
    console.log(`first launch: ${JSON.stringify(first)}`);
    await l.context.close();
  });

  test('a relaunch restores the answers; finishing scores 0-100 and passes against mastery; a worse attempt keeps the best', async () => {
    assert.ok(first, 'the first launch ran');
    const l = await launch({ stored: keep(first) });
    // The three answers are back.
    const status = l.frame.locator('[data-testid="quiz-score"]');
    await waitFor(async () => /^Score: 2 of 3 answered right/.test(await status.innerText()), { message: 'progress restored' });
    const pressed = await l.q.evaluateAll((qs) => qs.map((q) => q.querySelectorAll('[aria-checked="true"]').length));
    assert.deepEqual(pressed.slice(0, 4), [1, 1, 1, 0]);
    // The rest right: all but one first answers right (16 of 17, 94).
    const total = await l.q.count();
    await answer(l, [...Array(total).keys()].slice(3));
    await waitFor(async () => (await recorded(l.page)).status !== 'incomplete', { message: 'graded' });
    let r = await recorded(l.page);
    const want = String(Math.round((100 * (total - 1)) / total));
    assert.deepEqual([r.status, r.raw, r.min, r.max], ['passed', want, '0', '100']);
    console.log(`finished: ${JSON.stringify({ status: r.status, raw: r.raw, min: r.min, max: r.max })}`);
    // Try again, worse: 2 right of 17.
    await l.frame.locator('[data-testid="quiz-reset"]').click();
    await answer(l, [0, 1], [...Array(total).keys()].slice(2));
    await waitFor(async () => (await recorded(l.page)).suspend.split(';')[2].split(',').every((a) => a !== 'a=' && a !== ''), { message: 'second attempt kept' });
    r = await recorded(l.page);
    assert.deepEqual([r.status, r.raw, r.min, r.max], ['passed', want, '0', '100'], 'the best attempt stays');
    const sets = (await l.page.evaluate(() => window.calls)).filter((c) => c.startsWith('set cmi.core.score.raw'));
    assert.deepEqual(sets, [`set cmi.core.score.raw=${want}`], 'the worse score was never written');
    console.log(`after a worse attempt: ${JSON.stringify({ status: r.status, raw: r.raw })}`);
    await leave(l);
    assert.deepEqual(l.watcher.problems(), []);
    await l.context.close();
  });

  test('below mastery is failed, and a recorded pass is never taken away by a relaunch', async () => {
    // A fresh learner: 10 of 17 right (59) is below 80.
    const l = await launch();
    const total = await l.q.count();
    await answer(l, [...Array(10).keys()], [...Array(total).keys()].slice(10));
    await waitFor(async () => (await recorded(l.page)).status !== 'incomplete', { message: 'graded' });
    const r = await recorded(l.page);
    assert.deepEqual([r.status, r.raw], ['failed', String(Math.round(1000 / total))]);
    console.log(`below mastery: ${JSON.stringify({ status: r.status, raw: r.raw })}`);
    await leave(l);
    await l.context.close();
    // A learner who passed comes back: still passed, not incomplete.
    const again = await launch({ stored: { core: { lesson_status: 'passed', score: { raw: '93', min: '0', max: '100' } }, student_data: { mastery_score: '80' } } });
    const sets = (await again.page.evaluate(() => window.calls)).filter((c) => c.startsWith('set cmi.core.lesson_status'));
    assert.deepEqual(sets, [], 'nothing lowers a pass');
    assert.equal((await recorded(again.page)).status, 'passed');
    assert.deepEqual(again.watcher.problems(), []);
    await again.context.close();
  });

  test('with no API it is a plain widget: no console error, the quiz works, the run-time\'s module never fetched', async () => {
    const l = await launch({ api: false });
    await answer(l, [0]);
    await waitFor(async () => /^Score: 1 of 1 answered right/.test(await l.frame.locator('[data-testid="quiz-score"]').innerText()), { message: 'quiz answered' });
    assert.equal(await l.page.evaluate(() => window.API), undefined);
    const sco = l.page.frames().find((f) => f.url().includes(SCO));
    const wasm = await sco.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()).filter((n) => n.endsWith('.wasm')));
    assert.ok(wasm.includes('ratelimit_lab_bg.wasm') && !wasm.includes('split_lms.wasm'), wasm.join(' '));
    assert.deepEqual(l.watcher.problems(), []);
    await l.context.close();
  });

  test('when the run-time\'s module cannot be fetched: nothing is called, a notice says the answers are not sent, the quiz works', async () => {
    const l = await launch({ lost: true });
    const notice = l.frame.locator('[data-testid="notice"]');
    await waitFor(async () => /Your answers are not sent to your course: the part of the widget that talks to it could not be loaded\. Reload the page to try again\./.test(await notice.innerText()), { message: 'the notice' });
    assert.ok(await notice.isVisible(), 'the notice is shown');
    await answer(l, [0]);
    await waitFor(async () => /^Score: 1 of \d+ answered right/.test(await l.frame.locator('[data-testid="quiz-score"]').innerText()), { message: 'quiz answered' });
    assert.deepEqual(await l.page.evaluate(() => window.calls), [], 'the platform hears nothing');
    const rest = l.watcher.problems().filter((p) => !p.includes('split_lms.wasm') && !/Failed to load resource/.test(p));
    assert.deepEqual(rest, []);
    await l.context.close();
  });
});

describe('the lesson\'s steps met, kept by the platform', () => {
  test('a step met is written to suspend_data (s=1) and survives a relaunch and a later change', async () => {
    const l = await launch();
    await l.frame.locator('[data-testid="tour-start"]').click();
    // Step 1's goal: watch the burst to its end (it plays on entry).
    await waitFor(async () => (await l.frame.locator('[data-testid="tour-goal"]').getAttribute('data-done')) === 'true',
      { timeout: 30000, interval: 200, message: 'step 1 met' });
    await waitFor(async () => /;s=1$/.test((await recorded(l.page)).suspend), { message: 'the step kept in suspend_data' });
    await leave(l);
    const kept = await recorded(l.page);
    await l.context.close();
    // The next launch: a quiz answer rewrites suspend_data, and the step is still there.
    const again = await launch({ stored: keep(kept) });
    await answer(again, [0]);
    await waitFor(async () => /a=\d/.test((await recorded(again.page)).suspend), { message: 'the answer written' });
    assert.match((await recorded(again.page)).suspend, /;s=1$/, 'the step met before is kept');
    assert.deepEqual(again.watcher.problems(), []);
    await again.context.close();
  });
});

describe('the folders the build writes beside the package', () => {
  const walk = (d) => fs.readdirSync(d, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  const rel = (d) => walk(d).map((f) => path.relative(d, f).split(path.sep).join('/')).sort();

  test('dist/ holds each file a learner can fetch once: no precompressed copy, no author\'s page', () => {
    const names = rel(DIST);
    assert.ok(names.includes('index.html') && names.includes('ratelimit_lab_bg.wasm'), names.join(', '));
    assert.deepEqual(names.filter((n) => n.endsWith('.gz')), []);
    assert.deepEqual(names.filter((n) => ['package.html', 'package.js', 'ratelimit-package.js', 'fflate.js'].includes(n)), []);
  });

  test('dist-gz/ is dist/ again with a zopfli copy beside each file a browser fetches compressed', () => {
    const plain = rel(DIST);
    const names = rel(DIST_GZ);
    assert.deepEqual(names.filter((n) => !n.endsWith('.gz')), plain);
    for (const n of plain) {
      assert.ok(fs.readFileSync(path.join(DIST_GZ, n)).equals(fs.readFileSync(path.join(DIST, n))), `${n} is the same file`);
      if (!/\.(wasm|js|css|html|json|svg)$/.test(n)) continue;
      const gz = fs.readFileSync(path.join(DIST_GZ, `${n}.gz`));
      assert.ok(zlib.gunzipSync(gz).equals(fs.readFileSync(path.join(DIST, n))), `${n}.gz decompresses to ${n}`);
      // Zopfli's output is never larger than gzip's best level on these files.
      assert.ok(gz.length <= zlib.gzipSync(fs.readFileSync(path.join(DIST, n)), { level: 9 }).length, `${n}.gz is no larger than gzip -9`);
    }
  });

  test('a host sending dist-gz/\'s copies serves a widget that goes live, the wasm as its .gz bytes', async () => {
    const s = await startServer({ root: DIST_GZ, gzip: true });
    try {
      const { page, context, watcher } = await openPage(s.url);
      await page.waitForSelector(LIVE);
      assert.ok(s.requests.includes('/ratelimit_lab_bg.wasm'));
      // The bytes on the wire are the precompressed copy's.
      const sent = await page.evaluate(() => performance.getEntriesByType('resource').find((e) => e.name.endsWith('/ratelimit_lab_bg.wasm'))?.encodedBodySize);
      assert.equal(sent, fs.statSync(path.join(DIST_GZ, 'ratelimit_lab_bg.wasm.gz')).size);
      assert.deepEqual(watcher.problems(), []);
      await context.close();
    } finally {
      await s.close();
    }
  });

  test('dist-author/ holds the packaging page with the build\'s package beside it, the same zip', () => {
    for (const n of ['package.html', 'package.js', 'ratelimit-package.js', 'fflate.js', 'favicon.svg']) assert.ok(fs.existsSync(path.join(DIST_AUTHOR, n)), n);
    assert.ok(fs.readFileSync(path.join(DIST_AUTHOR, 'ratelimit-lab-scorm.zip')).equals(fs.readFileSync(ZIP)));
  });
});
