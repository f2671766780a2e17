// The browser test harness: serves the release build (dist/) from a local
// static server, opens it in Debian's headless Chromium through
// playwright-core, and fails a test on anything a learner would notice or
// a course author would mind: no widget, a console error, an uncaught
// exception, a request that leaves the page's own origin, a CSP violation.
//
// Helpers read like the feature: `const w = await openWidget('?servers=8');
// await w.setSlider('burst', 80); await w.allowedTotal();`
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '../..');
export const DIST = process.env.DIST ? path.resolve(process.env.DIST) : path.join(ROOT, 'dist');
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

/** Closes the browser and the server; call from `after()`. */
export async function shutdown() {
  if (browserPromise) await (await browserPromise).close();
  if (serverPromise) await (await serverPromise).close();
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

/** Waits for the page's load event and until no request has been in flight for `quiet` ms. */
export async function settle(page, watcher, { quiet = 60, timeout = 5000 } = {}) {
  await page.waitForLoadState('load');
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
export async function openWidget(query = '', { width = 1280, height = 900, colorScheme = 'light', reducedMotion = 'no-preference', base } = {}) {
  const b = await browser();
  const s = await server();
  const context = await b.newContext({ viewport: { width, height }, colorScheme, reducedMotion });
  const page = await context.newPage();
  const watcher = watch(page, s.origin);
  await page.goto((base ?? s.url) + query);
  await page.waitForSelector('[data-testid="allowed-total"]', { timeout: 15000 });
  const w = new Widget(page, context, watcher);
  w.base = base ?? s.url;
  return w;
}

/** Polls `fn` until it returns something truthy (or throws after `timeout` ms). */
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

/** A widget on a page, with helpers that read like the feature. */
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
    await this.page.waitForSelector('[data-testid="allowed-total"]', { timeout: 15000 });
  }
  async close() { await this.context.close(); }
  /** Lets pending loads (the favicon) finish, e.g. before navigating or reloading. */
  settle() { return settle(this.page, this.watcher); }
  /** Reloads the page (same watcher) and waits for the render. */
  async reload() {
    await this.settle();
    await this.page.reload();
    await this.page.waitForSelector('[data-testid="allowed-total"]', { timeout: 15000 });
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
  async chooseStrategy(name) { await this.locator(`strategy-${name}`).click(); }
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
  async screenshot(name) {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, `${name}.png`);
    await this.page.screenshot({ path: file, fullPage: true });
    return file;
  }
}

const expectedCache = new Map();
let expectBinaryChecked = false;
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
