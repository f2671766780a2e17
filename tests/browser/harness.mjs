// The browser test harness: serves the release build (dist/) from a local
// static server, opens it in Debian's headless Chromium through
// playwright-core, and fails a test on anything a learner would notice or
// a course author would mind: no widget, a console error, an uncaught
// exception, a request that leaves the page's own origin, a CSP violation.
//
// Helpers read like the feature: `const w = await openWidget('?servers=8');
// await w.setSlider('burst', 80); await w.allowedTotal();`
import { chromium } from 'playwright-core';
import { execFile, execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '../..');
export const DIST = process.env.DIST ? path.resolve(process.env.DIST) : path.join(ROOT, 'dist');
/** The same build with a zopfli `.gz` beside each compressible file (scripts/precompress.mjs). */
export const DIST_GZ = process.env.DIST_GZ ? path.resolve(process.env.DIST_GZ) : path.join(ROOT, 'dist-gz');
/** The author's packaging page, with the build's SCORM package beside it (scripts/scorm.mjs). */
export const DIST_AUTHOR = path.join(ROOT, 'dist-author');
export const ARTIFACTS = path.join(here, 'artifacts');

/** Debian's Chromium; playwright's own browser download is not available here. */
function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {}
  }
  throw new Error('No Chromium found: run scripts/setup --browser');
}

let browserPromise = null;
/** One browser per test file, started on first use with a fresh profile. */
export function browser() {
  browserPromise ??= (async () => {
    // playwright gives every launch a fresh, empty profile of its own.
    return chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: [
        '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic',
        '--disable-background-networking', '--disable-component-update',
        '--disable-sync',
      ],
    });
  })();
  return browserPromise;
}

let serverPromise = null;
/** The release build served at http://127.0.0.1:<port>/ (shared per file). */
export function server() {
  serverPromise ??= startServer({ root: DIST });
  return serverPromise;
}

const hostServers = [];
/**
 * Another server of the release build, for host pages made by a test:
 * `hostServer({ prefix: '/labs/ratelimit/', extra: { '/course.html': { type: 'text/html', body } } })`
 * (same options as serve.mjs's startServer). Closed by `shutdown()`.
 */
export async function hostServer(options = {}) {
  const s = await startServer({ root: DIST, ...options });
  hostServers.push(s);
  return s;
}

/** Closes the browser and the servers; call from `after()`. */
export async function shutdown() {
  if (browserPromise) await (await browserPromise).close();
  if (serverPromise) await (await serverPromise).close();
  for (const s of hostServers.splice(0)) await s.close();
  browserPromise = serverPromise = null;
}

/**
 * Watches a page for trouble. `problems()` lists console errors, uncaught
 * exceptions, failed loads, and requests that left `origin`.
 */
export function watch(page, origin) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning' && /Content.Security.Policy/i.test(m.text())) {
      problems.push(`console ${m.type()}: ${m.text()}`);
    }
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) {
      problems.push(`request outside the origin: ${u}`);
    }
  });
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  // Requests still in flight, so a test can let them finish before it
  // navigates away (an aborted favicon load is the test's doing, not the page's).
  const inflight = new Set();
  page.on('request', (r) => inflight.add(r));
  page.on('requestfinished', (r) => inflight.delete(r));
  page.on('requestfailed', (r) => inflight.delete(r));
  return { problems: () => problems.slice(), inflight: () => inflight.size };
}

/**
 * Waits for the page's load event, until the page has lived `alive` ms
 * (what lies below the first screen is bound after the first painted
 * frame, or after 200 ms, and only then asks for what it reads later),
 * until a mounted widget has asked for its second module, and until no
 * request has been in flight for `quiet` ms.
 */
export async function settle(page, watcher, { quiet = 60, alive = 300, timeout = 5000 } = {}) {
  await page.waitForLoadState('load');
  const lived = await page.evaluate(() => performance.now()).catch(() => alive);
  if (lived < alive) await new Promise((ok) => setTimeout(ok, alive - lived));
  // A mounted widget binds what lies below its first screen (the charts
  // and the log come in a second wasm module, split_below.wasm) after
  // its first screen is live, and then marks its root `data-below`:
  // wait for that, so that no test meets the page while the log grows.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-ratelimit-lab-mounted]')].every((host) => {
    const live = (host.shadowRoot ?? host).querySelector('.rll:not([data-first])');
    return live && live.hasAttribute('data-below');
  }), null, { timeout, polling: 10 }).catch(() => {});
  const end = Date.now() + timeout;
  let calmSince = null;
  while (Date.now() < end) {
    if (watcher.inflight() === 0) {
      calmSince ??= Date.now();
      if (Date.now() - calmSince >= quiet) return;
    } else {
      calmSince = null;
    }
    await new Promise((ok) => setTimeout(ok, 10));
  }
}

/**
 * Opens the widget page with `query` (e.g. '?servers=8') at `width` px and
 * waits for the first complete render. Returns a Widget.
 */
/**
 * The live widget's totals: not the first screen the build prerendered
 * (which has the same totals before the wasm has arrived), and with what
 * lies below its first screen written and bound (after its first frame,
 * and the figures under the cards with the second module: `data-below`).
 */
export const LIVE = '.rll:not([data-first])[data-below] [data-testid="allowed-total"]';

export async function openWidget(query = '', { width = 1280, height = 900, colorScheme = 'light', reducedMotion = 'no-preference', base } = {}) {
  const b = await browser();
  const s = await server();
  const context = await b.newContext({ viewport: { width, height }, colorScheme, reducedMotion });
  const page = await context.newPage();
  const watcher = watch(page, s.origin);
  await page.goto((base ?? s.url) + query);
  await page.waitForSelector(LIVE, { state: 'attached', timeout: 15000 });
  const w = new Widget(page, context, watcher);
  w.base = base ?? s.url;
  return w;
}

/** µs as the widget writes a moment (the scrubber, the caption, the label): ms to the hundredth, no trailing zeros. */
export function msHundredths(us) {
  const h = Math.floor((us + 5) / 10);
  const f = h % 100;
  const whole = Math.floor(h / 100);
  if (f === 0) return String(whole);
  if (f % 10 === 0) return `${whole}.${f / 10}`;
  return `${whole}.${String(f).padStart(2, '0')}`;
}

/** Polls `fn` until it returns something truthy (or throws after `timeout` ms). */
/**
 * Polls `fn` until it returns something truthy and returns that; after
 * `timeout` ms returns its last value (for an assertion to report).
 */
export async function until(fn, { timeout = 5000, interval = 25 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    let v;
    try { v = await fn(); } catch { v = undefined; }
    if (v) return v;
    if (Date.now() > end) return v;
    await new Promise((ok) => setTimeout(ok, interval));
  }
}

export async function waitFor(fn, { timeout = 5000, interval = 25, message = 'condition' } = {}) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${message} (last: ${last})`);
    await new Promise((ok) => setTimeout(ok, interval));
  }
}

/**
 * Waits until `page` (or a frame) has drawn `n` more animation frames:
 * whatever the widget moves or redraws by itself happens in a frame, so a
 * check that nothing moved waits on frames, not on the wall clock.
 */
export async function frames(page, n = 2) {
  await page.evaluate((k) => new Promise((ok) => {
    const tick = () => (--k <= 0 ? ok() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), n);
}

/**
 * Waits until every message `frame` has posted to its parent so far has
 * reached the host `page` (which records them in `window.messages`): the
 * frame posts a marker after them, and messages from one frame to its
 * parent arrive in the order posted.
 */
export async function delivered(frame, page) {
  const n = Math.random().toString(36).slice(2);
  await frame.evaluate((k) => parent.postMessage({ source: 'ratelimit-lab', type: 'marker', n: k }, '*'), n);
  await page.waitForFunction((k) => window.messages.some((m) => m.type === 'marker' && m.n === k), n);
}

/** Waits until `page` has stopped scrolling: the same scroll position two frames apart. */
export async function scrollSettled(page) {
  const at = () => page.evaluate(() => `${scrollX},${scrollY}`);
  await waitFor(async () => {
    const before = await at();
    await frames(page, 2);
    return before === await at();
  }, { message: 'the scroll to come to rest' });
}

/** How long the page's own widget waits after a change before it rewrites the address (`ui::embed::URL_QUIET_MS`). */
export const URL_QUIET_MS = 250;

/**
 * Waits until the page's clock is past the moment the address would have
 * been rewritten after a change made now (the quiet period and a frame).
 */
export async function pastAddressRewrite(page) {
  const due = await page.evaluate((q) => performance.now() + q, URL_QUIET_MS);
  await page.waitForFunction((t) => performance.now() > t, due);
  await frames(page, 1);
}

/** A widget on a page, with helpers that read like the feature. */
/** Waits until widget `w` has mounted and filled its first slots. */
export async function mounted(w) {
  await w.root.locator('[data-slot="summary"]:not(:empty)').waitFor({ state: 'attached', timeout: 15000 });
  await w.root.locator('[data-testid="server-card"]').first().waitFor({ state: 'attached', timeout: 15000 });
}

/**
 * Opens the widget page with `query` and waits until it has mounted.
 * Unlike `openWidget`, it does not wait for a visible total, since
 * `predict=1` hides the totals.
 */
export async function openMounted(query = '', { width = 1280, height = 900, colorScheme = 'light', reducedMotion = 'no-preference' } = {}) {
  const s = await server();
  const context = await (await browser()).newContext({ viewport: { width, height }, colorScheme, reducedMotion });
  const page = await context.newPage();
  const watcher = watch(page, s.origin);
  const w = new Widget(page, context, watcher);
  w.base = s.url;
  await page.goto(s.url + query);
  await mounted(w);
  return w;
}

export class Widget {
  constructor(page, context, watcher, root = page) {
    this.page = page;
    this.context = context;
    this.watcher = watcher;
    this.root = root;
  }
  /** Problems seen so far (console errors, exceptions, foreign requests). */
  problems() { return this.watcher.problems(); }
  /** Loads `query` in this same page (same watcher) and waits for the render. */
  async goto(query = '') {
    await this.settle();
    await this.page.goto((this.base ?? (await server()).url) + query);
    await this.page.waitForSelector(LIVE, { state: 'attached', timeout: 15000 });
  }
  async close() { await this.context.close(); }
  /** Lets pending loads (the favicon) finish, e.g. before navigating or reloading. */
  settle() { return settle(this.page, this.watcher); }
  /** Reloads the page (same watcher) and waits for the render. */
  async reload() {
    await this.settle();
    await this.page.reload();
    await this.page.waitForSelector(LIVE, { state: 'attached', timeout: 15000 });
  }
  locator(testid) { return this.root.locator(`[data-testid="${testid}"]`); }
  /** The number in a total's data-value. */
  async value(testid) {
    const v = await this.locator(testid).first().getAttribute('data-value');
    return Number(v);
  }
  allowedTotal() { return this.value('allowed-total'); }
  limit() { return this.value('limit'); }
  over() { return this.value('over'); }
  refusedUnderLimit() { return this.value('refused-under-limit'); }
  redisCalls() { return this.value('redis-calls'); }
  redisCallsPerRequest() { return this.value('redis-calls-per-request'); }
  finalCounter() { return this.value('final-counter'); }
  async text(testid) { return (await this.locator(testid).first().innerText()).trim(); }
  verdict() { return this.text('verdict'); }
  /** Every server card as { server, received, allowed, refused }. */
  async cards() {
    return this.locator('server-card').evaluateAll((els) => els.map((e) => ({
      server: Number(e.dataset.server),
      received: Number(e.dataset.received),
      allowed: Number(e.dataset.allowed),
      refused: Number(e.dataset.refused),
    })));
  }
  /** Selects a strategy by clicking its tab. */
  /**
   * Chooses a strategy with its tab, then shows the end state as End on the
   * time slider does (a tab replays its burst from the start; these checks
   * read the outcome). The keydown goes to the slider without taking the
   * focus from the tab.
   */
  async chooseStrategy(name) {
    await this.locator(`strategy-${name}`).click();
    await this.toEnd();
  }
  /** End on the time slider, without moving the focus: the end state, paused. */
  async toEnd() {
    await this.locator('time').evaluate((el) =>
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true, cancelable: true })));
    await waitFor(async () => (await this.locator('play').getAttribute('data-playing')) === 'false', { message: 'the replay stops at the end' });
  }
  async selectedStrategy() {
    return this.root.locator('[role="tab"][aria-selected="true"]').getAttribute('data-testid');
  }
  /** Sets a slider the way a drag does: value, then an input event. */
  async setSlider(name, value) {
    await this.locator(name).evaluate((el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, value);
  }
  async sliderValue(name) { return Number(await this.locator(name).inputValue()); }
  /** The page's current query parameters as an object. */
  async query() {
    return this.page.evaluate(() => Object.fromEntries(new URLSearchParams(location.search)));
  }
  /** The kinds of the verdict's lines, in order (`not-enforced`, `enforced`, `refused-under-limit`, `all-refused`). */
  verdictKinds() {
    return this.locator('verdict').first().locator('p[data-kind]').evaluateAll((ps) => ps.map((p) => p.dataset.kind));
  }
  regularUser() { return this.value('regular-user'); }
  /** Whether an element with this test id is there (and not hidden by `hidden`). */
  async has(testid) {
    return this.locator(testid).evaluateAll((els) => els.some((e) => !e.closest('[hidden]')));
  }
  /** A radio choice by its test id (`lb-sticky`, `health-down`, `fail-closed`). */
  radio(testid) { return this.root.locator(`input[type="radio"][data-testid="${testid}"]`); }
  /** Checks a radio choice by its test id with a click, and waits until it shows checked. */
  async choose(testid) {
    await this.radio(testid).click();
    await waitFor(() => this.radio(testid).isChecked(), { message: `${testid} checked` });
  }
  /** The note on what happens if Redis is slow or down (`redis-down`). */
  redisNote() { return this.root.locator('[data-testid="redis-down"]:not(input)'); }
  /** The note's words, as a learner reads them: scrolled to (its words
   * come with the texts read later, once it nears the screen), once
   * written. */
  async redisNoteText() {
    const note = this.redisNote();
    await note.scrollIntoViewIfNeeded();
    return (await waitFor(async () => (await note.innerText()).trim(), { message: 'the Redis note' }));
  }
  /** Sets a number input (`traffic`) and commits it, as typing and leaving the field does. */
  async setNumber(name, value) {
    await this.locator(name).evaluate((el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }, value);
  }
  /**
   * Every number the widget shows, in the shape of `expected()` (one round
   * trip to the page): cards and totals; a total that is absent (or hidden)
   * is null.
   */
  async numbers() {
    const names = {
      'allowed-total': 'allowed', limit: 'limit', over: 'over',
      'refused-under-limit': 'refused_under_limit', 'regular-user': 'regular_user',
      'wrongly-refused': 'wrongly_refused',
      'redis-calls': 'redis_calls', 'redis-calls-per-request': 'redis_calls_per_request',
      'final-counter': 'final_counter', 'gateway-refused': 'gateway_refused',
      'edge-refused': 'edge_refused', 'latency-median': 'latency_median_ms',
      'redis-ops-per-second': 'redis_ops_per_second', 'redis-nodes': 'redis_nodes',
    };
    const [cards, values] = await Promise.all([
      this.cards(),
      this.root.locator('[data-testid][data-value]').evaluateAll((els, names) => {
        const out = Object.fromEntries(Object.values(names).map((k) => [k, null]));
        for (const e of els) {
          const k = names[e.dataset.testid];
          if (k && out[k] === null && !e.closest('[hidden]')) out[k] = Number(e.dataset.value);
        }
        return out;
      }, names),
    ]);
    return { cards, ...values };
  }
  /** Picks option `i` (in the order shown) of question `q` (0-based). */
  async pick(q, i) {
    await this.locator('quiz-question').nth(q).locator('[data-act="quiz-pick"]').nth(i).click();
  }
  /**
   * Where the right answer of each question sits, as shown (0-based), found
   * the way a learner would: pick the first option, and if it is wrong ask
   * for the answer. Leaves the quiz as it found it (Try again).
   */
  async quizKey() {
    const n = await this.locator('quiz-question').count();
    const key = [];
    for (let q = 0; q < n; q++) {
      const item = this.locator('quiz-question').nth(q);
      await item.locator('[data-act="quiz-pick"]').first().click();
      if ((await item.locator('[data-act="quiz-pick"]').first().getAttribute('data-correct')) !== 'true') {
        await item.locator('[data-testid="quiz-show"]').click();
      }
      key.push(await item.locator('[data-act="quiz-pick"]').evaluateAll((bs) => bs.findIndex((b) => b.dataset.correct === 'true')));
    }
    await this.locator('quiz-reset').click();
    return key;
  }
  async screenshot(name) {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, `${name}.png`);
    // A full-page capture reaches below the viewport, where the widget
    // lays out the far sections (content-visibility: auto) only as they
    // come near: render them all for the picture, as scrolling would.
    const undo = await addStyle(this.page, '.rll * { content-visibility: visible !important; }');
    await this.page.screenshot({ path: file, fullPage: true });
    await undo();
    return file;
  }
}

const expectedCache = new Map();
/**
 * The drawn points of a chart (`svg`, a locator), as the native sweep
 * writes them ([`nativeSweep`]), each with whether it is still the
 * previous sweep's (`stale`).
 */
export function chartPoints(svg) {
  return svg.locator('circle.rll-chart__dot').evaluateAll((els) => els
    .filter((e) => !e.hasAttribute('visibility'))
    .map((e) => ({
      strategy: e.dataset.strategy,
      x: e.dataset.x,
      mean: e.dataset.mean,
      min: Number(e.dataset.min),
      max: Number(e.dataset.max),
      stale: e.classList.contains('rll-chart__dot--stale'),
    })));
}

let expectBinaryChecked = false;
const sweepCache = new Map();
let sweepChecked = false;
/**
 * The native sweep for URL-style parameters on `axis` (`servers` or `rtt`),
 * through `examples/sweep.rs`: the first call goes through `cargo run` (so
 * the example is up to date), later ones run the binary.
 */
export function nativeSweep(query, axis) {
  const key = `${query.replace(/^\?/, '')} ${axis}`;
  if (sweepCache.has(key)) return sweepCache.get(key);
  const bin = path.join(ROOT, 'target', 'release', 'examples', 'sweep');
  const args = [query.replace(/^\?/, ''), axis];
  const out = sweepChecked && fs.existsSync(bin)
    ? execFileSync(bin, args, { cwd: ROOT, encoding: 'utf8' })
    : execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'sweep', '--', ...args], { cwd: ROOT, encoding: 'utf8' });
  sweepChecked = true;
  const result = JSON.parse(out);
  sweepCache.set(key, result);
  return result;
}

/**
 * Runs the native model on URL-style parameters (cargo example `expect`).
 * The first call goes through `cargo run` (which rebuilds the example if the
 * model changed); later calls run the compiled example directly, since
 * `cargo run` costs seconds per call. Results are cached per query.
 */
export function expected(query) {
  const key = query.replace(/^\?/, '');
  if (expectedCache.has(key)) return expectedCache.get(key);
  const bin = path.join(ROOT, 'target', 'release', 'examples', process.platform === 'win32' ? 'expect.exe' : 'expect');
  let out;
  if (expectBinaryChecked && fs.existsSync(bin)) {
    out = execFileSync(bin, [key], { cwd: ROOT, encoding: 'utf8' });
  } else {
    out = execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'expect', '--', key], {
      cwd: ROOT, encoding: 'utf8',
    });
    expectBinaryChecked = true;
  }
  const result = JSON.parse(out);
  expectedCache.set(key, result);
  return result;
}

/**
 * `expected()` for many queries at once: the first through `cargo run`
 * (which rebuilds the example if the model changed), the rest two at a time
 * straight from the compiled example. Resolves to the results in order.
 */
export async function expectedAll(queries) {
  const keys = queries.map((q) => q.replace(/^\?/, ''));
  const todo = [...new Set(keys.filter((k) => !expectedCache.has(k)))];
  if (todo.length && !expectBinaryChecked) expected(todo.shift());
  const bin = path.join(ROOT, 'target', 'release', 'examples', process.platform === 'win32' ? 'expect.exe' : 'expect');
  const one = (key) => new Promise((ok, fail) => {
    execFile(bin, [key], { cwd: ROOT, encoding: 'utf8' }, (err, out) => {
      if (err) return fail(err);
      expectedCache.set(key, JSON.parse(out));
      ok();
    });
  });
  const lanes = [todo.filter((_, i) => i % 2 === 0), todo.filter((_, i) => i % 2 === 1)];
  await Promise.all(lanes.map(async (lane) => { for (const k of lane) await one(k); }));
  return keys.map((k) => expected(k));
}

/** The strategy a query selects (`local` when it names none or a bad one). */
export function strategyOf(query) {
  const s = new URLSearchParams(query.replace(/^\?/, '')).getAll('strategy').at(-1);
  return STRATEGIES.includes(s) ? s : 'local';
}

/** The strategies with a counter in Redis (`final-counter`). */
export const COUNTED = ['sync', 'getset', 'incr', 'lua'];
/** Every strategy, in tab order. */
export const STRATEGIES = ['local', 'split', 'sync', 'edge', 'getset', 'incr', 'lua'];

/** Newest modification time of the files under `dir` (for stale-build hints). */
function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}
/** A note for failure messages when src/ is newer than the build in dist/. */
export function staleHint() {
  try {
    const built = fs.statSync(path.join(DIST, 'ratelimit_lab_bg.wasm')).mtimeMs;
    const src = newest(path.join(ROOT, 'src'));
    return src > built ? ' (note: src/ is newer than dist/: the build may be stale)' : '';
  } catch {
    return '';
  }
}

/**
 * Asserts the widget shows what the native model says for `query`: every
 * card, every total (allowed, limit, over, refused under the limit, the
 * regular user, Redis calls in all and per request, the final counter where
 * the strategy has one and nowhere else, the gateway's refusals for `edge`
 * only, the median latency, the cost of sharing), the verdict lines by
 * kind, and that the cards add up. Returns the model's answer.
 */
export async function assertMatchesModel(w, query, want = expected(query)) {
  const got = await w.numbers();
  const strategy = strategyOf(query);
  const ctx = `for ?${query.replace(/^\?/, '')}${staleHint()}`;
  assert.deepEqual(got.cards, want.cards, `server cards ${ctx}`);
  for (const [k, name] of [
    ['allowed', 'allowed-total'], ['limit', 'limit'], ['over', 'over'],
    ['refused_under_limit', 'refused-under-limit'], ['regular_user', 'regular-user'],
    ['wrongly_refused', 'wrongly-refused'],
    ['redis_calls', 'redis-calls'], ['redis_ops_per_second', 'redis-ops-per-second'],
    ['redis_nodes', 'redis-nodes'],
  ]) {
    assert.equal(got[k], want[k], `${name} ${ctx}`);
  }
  assert.ok(Math.abs(got.redis_calls_per_request - want.redis_calls_per_request) <= 0.005 + 1e-9,
    `redis-calls-per-request ${got.redis_calls_per_request} vs ${want.redis_calls_per_request} ${ctx}`);
  assert.ok(Math.abs(got.latency_median_ms - want.latency_median_ms) <= 0.0005,
    `latency-median ${got.latency_median_ms} vs ${want.latency_median_ms} ${ctx}`);
  if (COUNTED.includes(strategy)) {
    assert.notEqual(want.final_counter, null, `the model has a counter for ${strategy}`);
    assert.equal(got.final_counter, want.final_counter, `final-counter ${ctx}`);
  } else {
    assert.equal(await w.locator('final-counter').count(), 0, `no final-counter for ${strategy} ${ctx}`);
  }
  if (strategy === 'edge') {
    assert.equal(got.gateway_refused, want.gateway_refused, `gateway-refused ${ctx}`);
    assert.equal(got.edge_refused, want.gateway_refused, `edge-refused on the gateway ${ctx}`);
  } else {
    assert.equal(got.gateway_refused, null, `no gateway-refused for ${strategy} ${ctx}`);
    assert.equal(got.edge_refused, null, `no edge-refused shown for ${strategy} ${ctx}`);
  }
  assert.deepEqual(await w.verdictKinds(), want.verdicts, `verdict kinds ${ctx}`);
  // Internal consistency a learner relies on.
  const sum = got.cards.reduce((a, c) => ({ r: a.r + c.received, a: a.a + c.allowed }), { r: 0, a: 0 });
  assert.equal(sum.a, got.allowed, `the cards' allowed add up to the total ${ctx}`);
  for (const c of got.cards) assert.equal(c.allowed + c.refused, c.received, `card ${c.server} adds up ${ctx}`);
  if (strategy === 'edge') assert.equal(sum.r, got.allowed, `behind the gateway every request that reaches a server is allowed ${ctx}`);
  return want;
}

/**
 * What has the keyboard focus (inside open shadow roots too): its test id,
 * role, tag, and whether it shows a focus ring.
 */
export function focused(page) {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return {
      testid: el.getAttribute('data-testid'),
      act: el.getAttribute('data-act'),
      role: el.getAttribute('role'),
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute('type'),
      name: el.getAttribute('name'),
      checked: el.checked ?? null,
      text: (el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 40),
      inQuiz: !!el.closest('[data-testid="quiz-question"]'),
      focusVisible: el.matches(':focus-visible'),
      outlineStyle: cs.outlineStyle,
      outlineWidth: parseFloat(cs.outlineWidth) || 0,
      outlineColor: cs.outlineColor,
      boxShadow: cs.boxShadow,
      svg: el instanceof SVGElement,
      stroke: cs.stroke,
      strokeWidth: parseFloat(cs.strokeWidth) || 0,
      visible: r.width > 0 && r.height > 0 && cs.visibility !== 'hidden',
      inView: r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth,
    };
  });
}

/** Presses Tab (or Shift+Tab) until `pred(focused)` holds; fails after `max` presses. */
export async function tabTo(page, pred, { max = 60, back = false, what = 'target' } = {}) {
  const seen = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    seen.push(f ? f.testid ?? `${f.tag}:${f.text}` : 'body');
    if (f && pred(f)) return f;
  }
  throw new Error(`Tab never reached ${what}; focus went: ${seen.join(' → ')}`);
}

/** Asserts the focused element shows a visible focus indicator. */
export function assertRing(f, label) {
  assert.ok(f, `${label}: something has the focus`);
  assert.ok(f.focusVisible, `${label}: keyboard focus matches :focus-visible`);
  if (f.svg && f.outlineStyle === 'none') {
    // A chart's point shows its focus as a ring drawn by its stroke.
    assert.notEqual(f.stroke, 'none', `${label}: a focused SVG point has a stroke`);
    assert.ok(f.strokeWidth >= 2, `${label}: the focus stroke is at least 2 wide (${f.strokeWidth})`);
    return;
  }
  assert.notEqual(f.outlineStyle, 'none', `${label}: outline-style is not none`);
  assert.ok(f.outlineWidth >= 1, `${label}: outline is at least 1px wide (${f.outlineWidth})`);
  assert.doesNotMatch(f.outlineColor, /rgba\(\d+, \d+, \d+, 0\)|transparent/, `${label}: outline is not transparent`);
}

/**
 * Adds `css` to `page`'s document as a constructed stylesheet (the page's
 * CSP forbids an inline `<style>`, not the CSSOM); resolves to a function
 * that takes it away again.
 */
export async function addStyle(page, css) {
  await page.evaluate((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    window.__testSheet = sheet;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, css);
  return () => page.evaluate(() => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== window.__testSheet);
  });
}

const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA, best practice) on `page`, open
 * shadow roots included, leaving out the `exclude` selectors; returns the
 * violations as readable lines.
 */
export async function audit(page, { exclude = [] } = {}) {
  // Evaluated, not added as a script tag: the page's CSP forbids an
  // inline script, and rightly so.
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(fs.readFileSync(AXE, 'utf8'));
  return page.evaluate(async ({ tags, exclude: ex }) => {
    // Colours read mid-transition (a button turning primary) are neither
    // the old nor the new ones: audit what settles.
    await Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => {})));
    const context = ex.length ? { include: [document], exclude: ex.map((s) => [s]) } : document;
    const r = await window.axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 4).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary.replace(/\s+/g, ' ')}`).join('\n    ')}`);
  }, { tags: AXE_TAGS, exclude });
}

/**
 * Opens any page (a host page from `hostServer`) with the same watch for
 * trouble as `openWidget`; `origins` are the origins it may load from
 * (default: the URL's own). Returns { page, context, watcher }.
 */
export async function openPage(url, { width = 1280, height = 900, colorScheme = 'light', reducedMotion = 'no-preference', origins } = {}) {
  const b = await browser();
  const context = await b.newContext({ viewport: { width, height }, colorScheme, reducedMotion });
  const page = await context.newPage();
  const own = new URL(url).origin;
  const watcher = watch(page, own);
  const extra = (origins ?? []).filter((o) => o !== own);
  if (extra.length) {
    // Let the given origins through the "outside the origin" check.
    const problems = watcher.problems;
    watcher.problems = () => problems().filter((p) => !extra.some((o) => p.startsWith(`request outside the origin: ${o}`)));
  }
  await page.goto(url);
  return { page, context, watcher };
}

/** Starts recording every text the narration (the widget's live region) takes, with its time (ms). */
export async function listen(w) {
  await w.locator('narration').evaluate((el) => {
    window.__said = [];
    new MutationObserver(() => {
      const text = el.textContent.trim();
      if (text) window.__said.push({ text, at: performance.now() });
    }).observe(el, { childList: true, characterData: true, subtree: true });
  });
}

/** What the narration has said since `listen`. */
export const said = (w) => w.page.evaluate(() => window.__said.slice());
