// The slow phone, shared by scripts/measure (tests/browser/measure.mjs)
// and scripts/measure-ab (tests/browser/ab.mjs): the host pages and the
// JavaScript floor it loads beside the widget's page, what it records in
// the page (`FELT`), and one load on the emulated phone: 1.6 Mbit/s down,
// 750 kbit/s up, 150 ms round trip, CPU ×4, a cold cache, files served
// gzip-compressed (the precompressed copies, as a host with them on sends
// them). Not a test.

import fs from 'node:fs';
import path from 'node:path';
import { startServer } from './serve.mjs';

export const PHONE_RTT_MS = 150;

// Host pages: the script tag with the preload hints docs/EMBEDDING.md
// gives, the script tag alone, and the custom element alone (the loader
// fetches the wasm itself, while the glue loads).
const head = (more = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Course page</title>${more}
<script type="module" src="ratelimit-lab.js"></script></head>
<body><h1>A lesson on rate limits</h1><p>Some text of the course.</p>`;
export const HOST = `${head(`<link rel="stylesheet" href="ratelimit-lab.css">
<link rel="modulepreload" href="ratelimit_lab.js">
<link rel="preload" href="ratelimit_lab_bg.wasm" as="fetch" type="application/wasm" crossorigin>`)}
<div data-ratelimit-lab data-strategy="getset"></div></body></html>`;
export const BARE = `${head()}<div data-ratelimit-lab data-strategy="getset"></div></body></html>`;
export const ELEMENT = `${head()}<rate-limit-lab strategy="getset"></rate-limit-lab></body></html>`;
// The floor: a hand-written JavaScript page that writes the same first
// screen (the page's prerendered markup) with the same stylesheet, and
// nothing else: no wasm, no widget.
export const FLOOR = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>
<link rel="stylesheet" href="ratelimit-lab.css"><script src="floor.js" defer></script></head>
<body class="rll-page"><main class="rll-page__main"><div data-ratelimit-lab></div></main></body></html>`;
const floorScript = (dist) => {
  const first = fs.readFileSync(path.join(dist, 'index.html'), 'utf8').match(/<div data-first[\s\S]*?(?=<p class="?rll-loading rll-loading--lost)/)[0];
  return `document.querySelector('[data-ratelimit-lab]').innerHTML = ${JSON.stringify(first)};`;
};

// In the page, from its start: the complete first screen painted (the
// frame in which a widget's root, styled, shows its cards and totals, in
// the page or a shadow root), then interactive (the first frame after the
// live widget is built in which a slider's input changes the cards), the
// layout shifts (not after an input), and the bytes fetched (gzip, as
// they came over the wire) until interactive.
export const FELT = () => {
  window.__felt = { shift: 0 };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput) window.__felt.shift += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const roots = () => [document, ...[...document.querySelectorAll('[data-ratelimit-lab], rate-limit-lab')].map((e) => e.shadowRoot).filter(Boolean)];
  const find = (sel) => roots().map((r) => r.querySelector(sel)).find(Boolean);
  // Styled: the stylesheet's `box-sizing: border-box` on the root.
  const complete = (rll) => rll && getComputedStyle(rll).boxSizing === 'border-box'
    && rll.querySelector('[data-testid="server-card"]') && rll.querySelector('[data-testid="allowed-total"][data-value]');

  const bytes = () => performance.getEntries().filter((e) => 'encodedBodySize' in e).reduce((a, e) => a + e.encodedBodySize, 0);
  const tick = async () => {
    const f = window.__felt;
    if (!f.paint && complete(find('.rll'))) f.paint = performance.now();
    const live = find('.rll:not([data-first])');
    if (f.paint && complete(live) && !f.interactive) {
      // The shifts until the first probe: the probe's input moves things.
      f.layoutShift ??= f.shift;
      const slider = live.querySelector('[data-testid="burst"]');
      const before = slider.getAttribute('aria-valuetext');
      slider.value = String(Number(slider.value) - 1);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      for (let i = 0; i < 30; i++) await Promise.resolve();
      // Handled: the widget wrote the slider's new words.
      if (slider.getAttribute('aria-valuetext') !== before) {
        f.interactive = performance.now();
        f.bytes = bytes();
        // When the wasm's last byte came, and so how much of the wait
        // was the download and how much the work after it.
        f.wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'))?.responseEnd;
        return;
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

// The pages, by the names measurements.json gives them, and their paths.
export const PHONE_PAGES = [['page', ''], ['script_tag_host', 'host.html'], ['bare_script_tag_host', 'bare.html'], ['custom_element_host', 'element.html'], ['js_floor', 'floor.html']];

// A server of `gz` (a dist-gz/ folder) with the host pages and the floor
// beside it; the floor writes the first screen of `dist`'s index.html.
export function phoneServer(gz, dist) {
  const html = 'text/html; charset=utf-8';
  const extra = {
    '/host.html': { type: html, body: HOST },
    '/bare.html': { type: html, body: BARE },
    '/element.html': { type: html, body: ELEMENT },
    '/floor.html': { type: html, body: FLOOR },
    '/floor.js': { type: 'text/javascript; charset=utf-8', body: floorScript(dist) },
  };
  // As a static host answers: each file may be kept, and is checked again
  // before it is used on a later visit (`no-cache`). The test server's own
  // `no-store` would forbid even the one load to use a file twice.
  return startServer({ root: gz, gzip: true, extra, headers: { 'Cache-Control': 'no-cache' } });
}

// One cold load of `url` on the phone, in a context of its own: what FELT
// recorded (the floor has no widget: its paint alone).
export async function onPhone(b, url, floor = false) {
  const context = await b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // A cold cache: the context is new, so its cache starts empty. It is not
  // switched off, as no phone's is: with it off, a host page that links
  // the stylesheet and the widget that links it again in its own root
  // fetched it twice (7.8 KB more on the line before the first screen).
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: PHONE_RTT_MS, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(FELT);
  await page.goto(url, { timeout: 60000 });
  // A function, not a string: the page's CSP forbids eval.
  await page.waitForFunction((f) => (f ? window.__felt.paint : window.__felt.interactive), floor, { timeout: 60000 });
  await page.waitForTimeout(500);
  const run = await page.evaluate(() => window.__felt);
  await context.close();
  return run;
}

// The value at quantile `q` of `xs` (0.5: the median), as every run here
// reads its samples.
export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const median = (xs) => quantile(xs, 0.5);

// The loads of one page summed up: medians, the worst layout shift.
export function felt(runs) {
  const med = (k) => (runs[0][k] === undefined ? null : median(runs.map((r) => r[k])));
  return {
    paint_ms: med('paint'),
    interactive_ms: med('interactive'),
    layout_shift: Math.max(...runs.map((r) => r.layoutShift ?? r.shift)),
    bytes_before_interactive: med('bytes'),
    wasm_arrived_ms: med('wasm'),
    after_wasm_ms: runs[0].wasm === undefined ? null : median(runs.map((r) => r.interactive - r.wasm)),
    runs,
  };
}
