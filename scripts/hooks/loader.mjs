// Trunk pre_build hook: the loader as it ships, target/loader/ratelimit-lab.js
// (index.html copies it into dist/), which is public/ratelimit-lab.js with
// its list of parameter names written in from the widget's own table
// (src/sim/params.rs, PARAMS) by the crate's native binary src/bin/names.rs.
//
// The binary is built for this machine, not wasm32, in a target directory
// of its own (RATELIMIT_NATIVE_TARGET_DIR, else target/native), so it
// neither waits on the wasm build's lock nor takes the bundle's flags
// (scripts/build's build-std and panic settings are for wasm32 only).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const env = { ...process.env };
for (const k of Object.keys(env)) {
  const wasm = ['RUSTFLAGS', 'RUSTC_BOOTSTRAP', 'CARGO_ENCODED_RUSTFLAGS', 'CARGO_BUILD_RUSTFLAGS', 'CARGO_BUILD_TARGET'];
  if (wasm.includes(k) || k.startsWith('CARGO_UNSTABLE_') || k.startsWith('CARGO_PROFILE_')) delete env[k];
}
env.CARGO_TARGET_DIR = process.env.RATELIMIT_NATIVE_TARGET_DIR || path.join(root, 'target', 'native');
execFileSync(
  'cargo',
  ['run', '--quiet', '--locked', '--bin', 'names', '--', '--loader',
    path.join(root, 'public', 'ratelimit-lab.js'), path.join(root, 'target', 'loader', 'ratelimit-lab.js')],
  { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] },
);
