// Trunk post_build hook: on release builds, minifies the wasm-bindgen glue
// (ratelimit_lab.js) and the loader (ratelimit-lab.js) in Trunk's staging
// directory with terser. Trunk minifies the HTML and CSS itself.
//
// Before that, two savings on the wasm and the glue together (it runs here,
// not as hooks of their own, because Trunk runs a stage's hooks together
// and each edits the glue):
// - wasm-opt runs once more after Trunk's run. Both runs (this one and
//   Trunk's, index.html) are told the first 1 KB of memory is never
//   addressed (`--low-memory-unused`: Rust puts its 1 MB stack there,
//   growing down, so only an overflowing stack would reach it), which lets
//   a constant offset fold into each load and store: 0.9 KB gzip. This
//   run is also told that traps never happen (`--traps-never-happen`): the
//   bundle aborts on a panic (`-Cpanic=immediate-abort`), so every panic's
//   path ends in a trap, and a trap is already a bug the widget does not
//   survive; wasm-opt may then drop the checks that only lead to one (a
//   bounds check before a panic, say): 3.6 KB gzip with the second
//   `--flatten --rereloop -Oz -Oz --converge` (docs/DECISIONS.md).
//   Both runs inline a function with one caller only if it is at most 40
//   bytes (`--one-caller-inline-max-function-size=40`; binaryen's default
//   inlines every such function whatever its size). The whole mount had
//   become one 55 KB function, and Chromium compiles a wasm function on its
//   first call, on the main thread, all of it: the paths a start does not
//   take (a content file, a course platform, an error) were compiled at
//   every start. Kept apart, they are compiled only when taken; and the
//   wasm is 388 B smaller (docs/DECISIONS.md, "Interactive on the slow
//   phone: where the time goes").
// - The glue's private names get short ones, in the wasm and the glue
//   alike: wasm-bindgen names every import the wasm makes, and the exports
//   only the glue calls (or nothing does), `__wbg_<name>_<16 hex digits>`
//   and the like, and those hashes, which gzip cannot shorten, were 3.9 KB
//   of the gzipped wasm and 2.8 KB of the gzipped glue. The widget's own
//   exports (mount, update, ...) keep their names.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { minify } from 'terser';
import { leb, uleb, str, bytes, orderForGzip } from './wasm.mjs';

if (process.env.TRUNK_PROFILE !== 'release') process.exit(0);
const stage = process.env.TRUNK_STAGING_DIR;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

const wasmFile = path.join(stage, 'ratelimit_lab_bg.wasm');
const glueFile = path.join(stage, 'ratelimit_lab.js');
const glue = fs.readFileSync(glueFile, 'utf8');
const wasmOpt = path.join(root, 'node_modules/.bin/wasm-opt');
const features = ['--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue'];
const optimise = (file, flags) => execFileSync(wasmOpt, [
  ...flags, '--traps-never-happen', '--flatten', '--rereloop', '-Oz', '-Oz', '--converge',
  '--low-memory-unused', '--one-caller-inline-max-function-size=40', '--strip-target-features', ...features,
  file, '-o', file,
], { stdio: 'inherit' });
optimise(wasmFile, []);
// The parts of the wasm split off (scripts/bin/wasm-bindgen left them in
// target/split/), beside the glue: each part through wasm-opt as the main
// module went through Trunk's run and this one (Trunk never saw them), and
// their loader, __wasm_split.js, minified below with the rest. A part that
// fails to load is told to the widget, which says so where the part would
// be: the loader's own console line goes.
const split = path.join(root, 'target/split');
const parts = fs.existsSync(split) ? fs.readdirSync(split) : [];
for (const name of parts) {
  const to = path.join(stage, name);
  fs.copyFileSync(path.join(split, name), to);
  if (name.endsWith('.wasm')) optimise(to, ['--strip-debug', '--strip-producers']);
}
const renamed = shortNames(fs.readFileSync(wasmFile), glue);
fs.writeFileSync(wasmFile, renamed.wasm);
fs.writeFileSync(glueFile, renamed.glue);
// Last, each module's functions in the order gzip compresses best, like
// beside like (wasm.mjs, `orderForGzip`): the main module 2.8 KB less.
for (const name of ['ratelimit_lab_bg.wasm', ...parts.filter((p) => p.endsWith('.wasm'))]) {
  orderForGzip(path.join(stage, name), wasmOpt, features);
}

// The split's loader reaches the main module through the glue. As written,
// it imports the glue by its plain name; but after "Try again" the loader
// (public/ratelimit-lab.js) runs a second copy of the glue
// (`ratelimit_lab.js?try=1`), and the split's loader would still ask the
// first, which never started (or never loaded). So each copy of the glue
// hands its own initSync to the split's loader as it runs: the latest,
// the one that starts, wins. Each edit stops the build if the text it
// expects is not there (another version of wasm-split-cli).
const edit = (code, from, to, what) => {
  if (!code.includes(from)) throw new Error(`${what}: "${from}" not found`);
  return code.replace(from, to);
};
const linked = parts.includes('__wasm_split.js');
for (const name of ['ratelimit_lab.js', 'ratelimit-lab.js', ...parts.filter((p) => p.endsWith('.js'))]) {
  const file = path.join(stage, name);
  let code = fs.readFileSync(file, 'utf8');
  if (name === '__wasm_split.js') {
    code = edit(code, 'console.error(e);', '', name);
    code = edit(code, 'import { initSync } from "./ratelimit_lab.js";', 'let initSync;\nexport function link(f) {\n    initSync = f;\n    sharedImports = undefined;\n}', name);
  }
  if (name === 'ratelimit_lab.js' && linked) {
    code = `import { link as __wasm_split_link } from "./__wasm_split.js";\n${code}\n__wasm_split_link(initSync);\n`;
  }
  const out = await minify(code, { module: true, compress: { passes: 2 }, mangle: true });
  fs.writeFileSync(file, out.code);
}

// Renames the wasm's imports, and its exports whose names are wasm-bindgen's
// own, to `$0`, `$1`, ... in the wasm's import and export sections and
// wherever the glue says them. Stops the build if an import is not in the
// glue as a whole word (the glue would then not match the wasm).
function shortNames(wasm, glue) {
  const own = /^(__wbg_|__wbindgen_|__externref_|wasm_bindgen_)/;
  const names = new Map();
  const imports = new Set();
  const short = (old) => {
    if (!names.has(old)) names.set(old, `$${names.size.toString(36)}`);
    return names.get(old);
  };
  const out = [wasm.subarray(0, 8)];
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, body] = leb(wasm, at + 1);
    const end = body + size;
    if (id === 2 || id === 7) {
      const parts = [];
      let [count, p] = leb(wasm, body);
      parts.push(uleb(count));
      for (let i = 0; i < count; i += 1) {
        let module = null;
        if (id === 2) [module, p] = str(wasm, p);
        let name;
        [name, p] = str(wasm, p);
        const kindAt = p;
        p += 1;
        if (id === 2) {
          // An import's description: a function's type, or a table's,
          // memory's or global's limits and types.
          const kind = wasm[kindAt];
          if (kind === 0) [, p] = leb(wasm, p);
          else throw new Error(`import ${name}: kind ${kind} is not handled`);
        } else {
          [, p] = leb(wasm, p);
        }
        // wasm-bindgen's imports, not those of the split's loader
        // (`./__wasm_split.js`), which the glue passes on whole.
        const bindgens = id === 2 ? module !== './__wasm_split.js' : own.test(name);
        if (id === 2 && bindgens) imports.add(name);
        const next = bindgens ? short(name) : name;
        if (module !== null) parts.push(bytes(module));
        parts.push(bytes(next), wasm.subarray(kindAt, p));
      }
      if (p !== end) throw new Error(`section ${id} was not read to its end`);
      const section = Buffer.concat(parts);
      out.push(Buffer.from([id]), uleb(section.length), section);
    } else {
      out.push(wasm.subarray(at, end));
    }
    at = end;
  }
  for (const [old, next] of names) {
    const word = new RegExp(`(?<![\\w$])${old}(?![\\w$])`, 'g');
    if (imports.has(old) && !word.test(glue)) throw new Error(`${old} is not in the glue`);
    glue = glue.replace(word, () => next);
  }
  return { wasm: Buffer.concat(out), glue };
}
