// The loader the build ships (dist/ratelimit-lab.js) lists exactly the
// parameters of the widget's own table (src/sim/params.rs, PARAMS), as the
// crate's native binary prints them: the build wrote them in
// (scripts/hooks/loader.mjs), so a knob added to the table reaches the
// loader with no second list to keep. No browser: the file is read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, DIST } from './harness.mjs';

test("the built loader lists exactly the table's parameter names, in its order", () => {
  const env = { ...process.env };
  env.CARGO_TARGET_DIR = process.env.RATELIMIT_NATIVE_TARGET_DIR || path.join(ROOT, 'target', 'native');
  const names = execFileSync('cargo', ['run', '--quiet', '--locked', '--bin', 'names'], { cwd: ROOT, env, encoding: 'utf8' }).trim();
  const list = names.split(' ');
  assert.ok(list.length > 20 && list.includes('servers') && list.includes('tour'), names);
  assert.equal(new Set(list).size, list.length, 'a name twice');
  const loader = fs.readFileSync(path.join(DIST, 'ratelimit-lab.js'), 'utf8');
  assert.ok(!loader.includes('@NAMES@'), 'the placeholder is still in the built loader');
  // terser may write the string with either quote.
  const lists = [...loader.matchAll(new RegExp(`(['"])(${list[0]} [a-z ]+)\\1`, 'g'))].map((m) => m[2]);
  assert.deepEqual(lists, [names], 'the loader holds one list of names, the table\'s');
});
