// The native model's figures for scripts/measure (not a test), read from
// the bench output (`cargo bench --bench model`, and `-- growth`) and from
// scripts/bench-compare's --json file. Kept apart from measure.mjs so it
// can be run on its own:
//   node tests/browser/model-bench.mjs target/bench.txt target/bench-compare.json
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

// `PREFIX {json}` lines of a bench output, parsed.
const lines = (file, prefix) => (!file || !fs.existsSync(file) ? [] : fs.readFileSync(file, 'utf8').split('\n'))
  .filter((l) => l.startsWith(`${prefix} `))
  .map((l) => JSON.parse(l.slice(prefix.length + 1)));

// The largest scenario, per strategy: median and p95 in µs.
export function nativeModel(file) {
  const out = {};
  for (const j of lines(file, 'BENCH')) out[j.strategy] = { median_us: j.median_us, p95_us: j.p95_us };
  return out;
}

// The model's time as the work grows: per strategy, "servers×requests" to
// the median µs; and the charts' full refresh (both sweeps) natively.
export function modelGrowth(file) {
  const growth = {};
  for (const j of lines(file, 'GROWTH')) (growth[j.strategy] ??= {})[`${j.servers}x${j.requests}`] = j.median_us;
  const refresh = lines(file, 'REFRESH')[0];
  return { model_growth: growth, charts_refresh_native_ms: refresh?.median_ms };
}

// scripts/bench-compare's result: the baseline, and per strategy the ratio
// (working tree / baseline, medians of interleaved rounds) and both medians.
export function vsBaseline(file) {
  if (!file || !fs.existsSync(file)) return {};
  return { model_vs_baseline: JSON.parse(fs.readFileSync(file, 'utf8')) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [bench, compare] = process.argv.slice(2);
  console.log(JSON.stringify({ model_native: nativeModel(bench), ...modelGrowth(bench), ...vsBaseline(compare) }, null, 2));
}
