// The measuring half of scripts/measure (not a test). Prints, and writes
// to measurements.json: download sizes, the model's run time natively (from
// the bench output given as argv[2]) and in the browser, slider input to
// updated layout, and time to first complete render. Checks the budgets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { browser, server, shutdown, DIST, ROOT } from './harness.mjs';

const BUDGET = {
  // 150 KB read strictly: 150,000 bytes (150 KiB would be 153,600).
  gzip_total_bytes: 150_000,
  native_model_us: 50,
  browser_model_us: 200,
  input_to_layout_p95_ms: 4,
};

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

// 1. Everything the page downloads, as the browser fetches it.
async function downloads() {
  const b = await browser();
  const s = await server();
  const page = await b.newPage();
  const files = new Set();
  page.on('request', (r) => files.add(new URL(r.url()).pathname));
  await page.goto(s.url);
  await page.waitForSelector('[data-testid="server-card"]');
  await page.close();
  const rows = [...files].map((p) => {
    const rel = p.replace(/^\//, '') || 'index.html';
    const body = fs.readFileSync(path.join(DIST, rel));
    return {
      file: rel,
      bytes: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length,
    };
  });
  const total = (k) => rows.reduce((a, r) => a + r[k], 0);
  return { files: rows, total: { bytes: total('bytes'), gzip: total('gzip'), brotli: total('brotli') } };
}

// 2. The model in the page: the exported hook, timed over many runs.
async function browserModel() {
  const b = await browser();
  const s = await server();
  const page = await b.newPage();
  await page.goto(s.url);
  await page.waitForSelector('[data-testid="server-card"]');
  const result = await page.evaluate(async () => {
    const m = await import('./ratelimit_lab.js');
    const out = {};
    ['local', 'split', 'getset', 'incr'].forEach((name, i) => {
      for (let k = 0; k < 50; k++) m.runLargest(i, k); // warm up
      // performance.now() is coarse in a page that is not cross-origin
      // isolated (100 µs here), so time batches of 25 runs.
      const times = [];
      for (let k = 0; k < 60; k++) {
        const t0 = performance.now();
        for (let j = 0; j < 25; j++) m.runLargest(i, 1000 + k * 25 + j);
        times.push((performance.now() - t0) / 25);
      }
      times.sort((a, b) => a - b);
      out[name] = { median_us: times[30] * 1000, p95_us: times[57] * 1000 };
    });
    return out;
  });
  await page.close();
  return result;
}

// 3. Slider input to updated layout at the largest scenario, per strategy.
//    Each sample: set the burst slider, dispatch input, let the page finish
//    its microtasks, force style and layout, and check the page changed.
async function inputToLayout() {
  const b = await browser();
  const s = await server();
  const page = await b.newPage({ viewport: { width: 1280, height: 900 } });
  const out = {};
  for (const strategy of ['local', 'split', 'getset', 'incr']) {
    await page.goto(`${s.url}?strategy=${strategy}&servers=16&burst=500`);
    await page.waitForSelector('[data-testid="server-card"]');
    out[strategy] = await page.evaluate(async () => {
      const slider = document.querySelector('[data-testid="burst"]');
      const total = document.querySelector('[data-testid="allowed-total"]');
      // Leptos applies DOM updates in microtasks; flush them (no task, so no
      // frame can be rendered in between), then force style and layout.
      const flush = async () => { for (let i = 0; i < 20; i++) await Promise.resolve(); };
      const times = [];
      let stale = 0;
      for (let k = 0; k < 320; k++) {
        const value = k % 2 ? 500 : 499;
        const before = total.getAttribute('data-value') + '/' + [...document.querySelectorAll('[data-testid="server-card"]')].map((c) => c.dataset.received).join(',');
        const t0 = performance.now();
        slider.value = String(value);
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        await flush();
        void document.body.offsetHeight; // force style and layout
        const t1 = performance.now();
        const after = total.getAttribute('data-value') + '/' + [...document.querySelectorAll('[data-testid="server-card"]')].map((c) => c.dataset.received).join(',');
        if (after === before) stale++;
        if (k >= 20) times.push(t1 - t0);
        await new Promise((r) => requestAnimationFrame(() => r()));
      }
      times.sort((a, b) => a - b);
      return { p50_ms: times[Math.floor(times.length / 2)], p95_ms: times[Math.floor(times.length * 0.95)], unchanged_samples: stale };
    });
  }
  await page.close();
  return out;
}

// 4. Navigation to first complete render (every server card drawn).
async function firstRender() {
  const b = await browser();
  const s = await server();
  const times = [];
  for (let k = 0; k < 7; k++) {
    const context = await b.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (document.querySelector('[data-testid="server-card"]') && document.querySelector('[data-testid="quiz-question"]')) {
          window.__rendered = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(s.url);
    await page.waitForFunction(() => window.__rendered);
    times.push(await page.evaluate(() => window.__rendered));
    await context.close();
  }
  return { median_ms: quantile(times, 0.5), runs: times.length };
}

function nativeModel(file) {
  const out = {};
  if (!file || !fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('BENCH ')) {
      const j = JSON.parse(line.slice(6));
      out[j.strategy] = { median_us: j.median_us, p95_us: j.p95_us };
    }
  }
  return out;
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const chromium = execFileSync('chromium', ['--version'], { encoding: 'utf8' }).trim();
const result = {
  date: new Date().toISOString().slice(0, 10),
  machine: `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${chromium}`,
  download: await downloads(),
  model_native: nativeModel(process.argv[2]),
  model_browser: await browserModel(),
  input_to_layout: await inputToLayout(),
  first_render: await firstRender(),
};
await shutdown();
fs.writeFileSync(path.join(ROOT, 'docs/measurements.json'), JSON.stringify(result, null, 2) + '\n');

// Report.
const kb = (n) => `${round(n / 1024)} KiB`;
console.log(`\nRate Limit Lab measurements, ${result.date}, ${result.machine}\n`);
console.log('file                      raw        gzip      brotli');
for (const f of result.download.files) {
  console.log(`${f.file.padEnd(24)} ${kb(f.bytes).padStart(9)} ${kb(f.gzip).padStart(10)} ${kb(f.brotli).padStart(10)}`);
}
const t = result.download.total;
console.log(`${'total'.padEnd(24)} ${kb(t.bytes).padStart(9)} ${kb(t.gzip).padStart(10)} ${kb(t.brotli).padStart(10)}\n`);
console.log('strategy   native median   browser median   input→layout p50 / p95');
for (const s of ['local', 'split', 'getset', 'incr']) {
  const n = result.model_native[s]?.median_us;
  const bm = result.model_browser[s].median_us;
  const il = result.input_to_layout[s];
  console.log(`${s.padEnd(10)} ${(n === undefined ? 'n/a' : `${round(n)} µs`).padStart(13)} ${`${round(bm)} µs`.padStart(16)}   ${round(il.p50_ms, 2)} / ${round(il.p95_ms, 2)} ms${il.unchanged_samples ? `  (${il.unchanged_samples} samples did not change the page!)` : ''}`);
}
console.log(`first complete render: ${round(result.first_render.median_ms)} ms after navigation (median of ${result.first_render.runs})\n`);

const worst = (o, k) => Math.max(...Object.values(o).map((v) => v[k]));
const checks = [
  ['download, gzip total', t.gzip, BUDGET.gzip_total_bytes, (x) => `${Math.round(x).toLocaleString('en')} bytes`],
  ['model natively, slowest strategy median', worst(result.model_native, 'median_us'), BUDGET.native_model_us, (x) => `${round(x)} µs`],
  ['model in the browser, slowest strategy median', worst(result.model_browser, 'median_us'), BUDGET.browser_model_us, (x) => `${round(x)} µs`],
  ['slider input to layout, worst p95', worst(result.input_to_layout, 'p95_ms'), BUDGET.input_to_layout_p95_ms, (x) => `${round(x, 2)} ms`],
];
let missed = 0;
console.log('budgets:');
for (const [name, value, budget, fmt] of checks) {
  const ok = Number.isFinite(value) && value <= budget;
  if (!ok) missed++;
  console.log(`  ${ok ? 'pass' : 'MISS'}  ${name}: ${fmt(value)} (budget ${fmt(budget)}${ok ? '' : `, over by ${fmt(value - budget)}`})`);
}
const stale = Object.values(result.input_to_layout).reduce((a, v) => a + v.unchanged_samples, 0);
if (stale) { missed++; console.log(`  MISS  ${stale} slider samples measured before the page had updated`); }
console.log(`\nwritten to docs/measurements.json`);
process.exit(missed ? 1 : 0);
