// The measuring half of scripts/measure-ab (not a test): two builds on the
// slow phone in one run (tests/browser/slow-phone.mjs), each page loaded cold
// from one then the other, the order flipped each round, so that a change
// is measured against the build before it on the same machine at the same
// moment. The budgets' absolute figures depend on the machine (a slower
// one can miss them with either build); the difference between two builds
// in one run does much less.
//
//   node tests/browser/ab.mjs A_GZ B_GZ [rounds] [out.json]
//
// A_GZ and B_GZ are dist-gz/ folders (scripts/build writes one). Prints,
// per page, the medians of A and B and B − A: the complete first screen
// painted, interactive, the bytes before interactive; the JavaScript
// floor is loaded each round too, as the machine's yardstick.

import fs from 'node:fs';
import path from 'node:path';
import { browser, shutdown } from './harness.mjs';
import { PHONE_PAGES, phoneServer, onPhone, felt } from './slow-phone.mjs';

const [a, b, rounds = '5', out] = process.argv.slice(2);
if (!a || !b || !fs.existsSync(path.join(a, 'index.html')) || !fs.existsSync(path.join(b, 'index.html'))) {
  console.error('usage: node tests/browser/ab.mjs A_GZ B_GZ [rounds] [out.json] (two dist-gz/ folders)');
  process.exit(2);
}
const n = Number(rounds);
if (!Number.isInteger(n) || n < 1 || n > 50) {
  console.error(`rounds must be a whole number from 1 to 50, not ${rounds}`);
  process.exit(2);
}

const chromium = await browser();
const servers = { A: await phoneServer(a, a), B: await phoneServer(b, b) };
const runs = {};
for (let k = 0; k < n; k++) {
  const order = k % 2 ? ['B', 'A'] : ['A', 'B'];
  for (const [name, file] of PHONE_PAGES) {
    for (const which of name === 'js_floor' ? ['A'] : order) {
      const key = `${name}\u0000${which}`;
      (runs[key] ??= []).push(await onPhone(chromium, servers[which].url + file, name === 'js_floor'));
    }
  }
  process.stdout.write(`round ${k + 1} of ${n}\r`);
}
for (const s of Object.values(servers)) await s.close();
await shutdown();

const ms = (x) => (x == null ? '—' : `${Math.round(x)}`);
const diff = (x, y) => (x == null || y == null ? '' : `${y - x >= 0 ? '+' : '−'}${Math.abs(Math.round(y - x))}`);
const result = { a: path.resolve(a), b: path.resolve(b), rounds: n, pages: {} };
console.log(`\nslow phone, ${n} cold loads of each, alternating (medians; A = ${a}, B = ${b})`);
console.log('page                       painted A / B (B − A)       interactive A / B (B − A)     bytes A / B');
for (const [name] of PHONE_PAGES) {
  const A = felt(runs[`${name}\u0000A`]);
  const B = name === 'js_floor' ? null : felt(runs[`${name}\u0000B`]);
  result.pages[name] = B ? { a: A, b: B } : { floor: A };
  if (!B) {
    console.log(`${name.padEnd(26)} ${ms(A.paint_ms)} ms (the machine's yardstick)`);
    continue;
  }
  console.log(`${name.padEnd(26)} ${`${ms(A.paint_ms)} / ${ms(B.paint_ms)} (${diff(A.paint_ms, B.paint_ms)})`.padEnd(27)} `
    + `${`${ms(A.interactive_ms)} / ${ms(B.interactive_ms)} (${diff(A.interactive_ms, B.interactive_ms)})`.padEnd(29)} `
    + `${A.bytes_before_interactive} / ${B.bytes_before_interactive}`);
}
if (out) fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
