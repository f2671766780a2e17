// Reading and writing a wasm module's bytes, for the release hooks
// (minify.mjs): LEB128 numbers, names, the sections, and the order of the
// functions that gzip compresses best (`orderForGzip`).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';

// An unsigned LEB128 number at `at`: [value, where the next thing starts].
export function leb(buf, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (at >= buf.length) throw new Error('a number runs past the end of the module');
    const b = buf[at];
    at += 1;
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

export function uleb(n) {
  const out = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return Buffer.from(out);
}

// A name at `at`: [the name, where the next thing starts].
export function str(buf, at) {
  const [len, p] = leb(buf, at);
  return [buf.toString('utf8', p, p + len), p + len];
}

// A name as the module writes it: its length, then its UTF-8 bytes.
export function bytes(s) {
  const b = Buffer.from(s, 'utf8');
  return Buffer.concat([uleb(b.length), b]);
}

// The module's sections in order: { id, start (of the contents), end }.
export function sections(wasm) {
  const out = [];
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, start] = leb(wasm, at + 1);
    out.push({ id, at, start, end: start + size });
    at = start + size;
  }
  return out;
}

// The module's imports in order, each as its module, name and kind
// (0 a function, 1 a table, 2 a memory, 3 a global): what the glue and
// the split parts link by. Stops on an import this reader does not know,
// rather than guess.
function imports(wasm, all) {
  const section = all.find((s) => s.id === 2);
  if (!section) return [];
  let [count, p] = leb(wasm, section.start);
  const out = [];
  const limits = () => {
    const flags = wasm[p];
    [, p] = leb(wasm, p + 1);
    if (flags & 1) [, p] = leb(wasm, p);
  };
  for (let i = 0; i < count; i += 1) {
    let module;
    let name;
    [module, p] = str(wasm, p);
    [name, p] = str(wasm, p);
    const kind = wasm[p];
    p += 1;
    if (kind === 0) {
      [, p] = leb(wasm, p);
    } else if (kind === 1 && (wasm[p] === 0x70 || wasm[p] === 0x6f)) {
      p += 1;
      limits();
    } else if (kind === 2) {
      limits();
    } else if (kind === 3 && wasm[p] >= 0x7b && wasm[p] <= 0x7f) {
      p += 2;
    } else {
      throw new Error(`import ${name}: kind ${kind} is not handled`);
    }
    out.push({ module, name, kind });
  }
  if (p !== section.end) throw new Error('the import section was not read to its end');
  return out;
}

// The bodies of the module's own functions, in index order.
function bodies(wasm, section) {
  let [count, p] = leb(wasm, section.start);
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const [size, start] = leb(wasm, p);
    out.push(wasm.subarray(start, start + size));
    p = start + size;
  }
  if (p !== section.end) throw new Error('the code section was not read to its end');
  return out;
}

// An order of `bodies` in which like follows like: starting from the
// first, the next is always the one whose 6-byte runs the last eight
// placed hold the most of (a share of its own runs; the lowest index on a
// tie), so that gzip, which finds repeats within the last 32 KB, finds
// them near. An inverted index keeps each step linear in the functions.
export function similarOrder(bodies, K = 6, WINDOW = 8) {
  const n = bodies.length;
  const runs = bodies.map((b) => {
    const set = new Set();
    for (let i = 0; i + K <= b.length; i += 1) set.add(b.toString('latin1', i, i + K));
    return [...set];
  });
  const holders = new Map();
  runs.forEach((rs, f) => {
    for (const r of rs) {
      let list = holders.get(r);
      if (!list) holders.set(r, (list = []));
      list.push(f);
    }
  });
  const inWindow = new Map();
  const shared = new Int32Array(n);
  const move = (f, by) => {
    for (const r of runs[f]) {
      const was = inWindow.get(r) ?? 0;
      inWindow.set(r, was + by);
      if ((by > 0 && was === 0) || (by < 0 && was === 1)) for (const x of holders.get(r)) shared[x] += by;
    }
  };
  const left = new Uint8Array(n).fill(1);
  const order = [];
  let next = 0;
  while (next !== -1) {
    order.push(next);
    left[next] = 0;
    move(next, 1);
    if (order.length > WINDOW) move(order[order.length - 1 - WINDOW], -1);
    next = -1;
    let best = -1;
    for (let x = 0; x < n; x += 1) {
      if (!left[x]) continue;
      const score = runs[x].length ? shared[x] / runs[x].length : 0;
      if (score > best) [best, next] = [score, x];
    }
  }
  return order;
}

// Rewrites `file` with its functions in `similarOrder`: each function
// gets a name that sorts to its place (and each import one that keeps it
// where it is), binaryen's `--reorder-functions-by-name` moves them there,
// and every call, table entry and export with them, and the names go
// again. It writes as the build's optimising runs write (StackIR,
// optimised), so a body changes only where it names another function or
// a type (binaryen writes the types in an order of its own). Checked: as
// many functions, and the same imports and exports, by name and kind.
// Kept only if smaller at gzip -9 (Node's zlib; on a module of a few
// hundred bytes zopfli's copy in dist-gz/ may disagree by a few bytes);
// else `file` stays as it was.
// About 2 % less gzip for the main module.
export function orderForGzip(file, wasmOpt, features) {
  const before = fs.readFileSync(file);
  const all = sections(before);
  if (all.some((s) => s.id === 0 && str(before, s.start)[0] === 'name')) {
    throw new Error(`${file} already has names`);
  }
  const code = all.find((s) => s.id === 10);
  if (!code) return;
  const linked = (w, ss) => imports(w, ss).map((i) => `${i.module} ${i.name} ${i.kind}`).join('\n');
  const imported = imports(before, all).filter((i) => i.kind === 0).length;
  const own = bodies(before, code);
  const rank = new Int32Array(own.length);
  similarOrder(own).forEach((f, r) => (rank[f] = r));
  const width = String(imported + own.length).length;
  const name = (prefix, k) => bytes(`${prefix}${String(k).padStart(width, '0')}`);
  const names = [uleb(imported + own.length)];
  for (let i = 0; i < imported; i += 1) names.push(uleb(i), name('i', i));
  for (let f = 0; f < own.length; f += 1) names.push(uleb(imported + f), name('f', rank[f]));
  const list = Buffer.concat(names);
  const payload = Buffer.concat([bytes('name'), Buffer.from([1]), uleb(list.length), list]);
  const named = `${file}.named`;
  const ordered = `${file}.ordered`;
  try {
    fs.writeFileSync(named, Buffer.concat([before, Buffer.from([0]), uleb(payload.length), payload]));
    execFileSync(wasmOpt, [
      ...features, '--generate-stack-ir', '--optimize-stack-ir', '-ol', '2', '-s', '2',
      '--reorder-functions-by-name', '--strip-debug', '--strip-producers', named, '-o', ordered,
    ], { stdio: 'inherit' });
    const written = fs.readFileSync(ordered);
    const now = sections(written);
    const count = bodies(written, now.find((s) => s.id === 10)).length;
    if (count !== own.length) throw new Error(`${file}: ${own.length} functions became ${count}`);
    if (linked(written, now) !== linked(before, all)) throw new Error(`${file}: the imports changed`);
    const exported = (w, ss) => {
      const s = ss.find((x) => x.id === 7);
      if (!s) return '';
      let [n, p] = leb(w, s.start);
      const out = [];
      for (let i = 0; i < n; i += 1) {
        let e;
        [e, p] = str(w, p);
        out.push(`${e}:${w[p]}`);
        [, p] = leb(w, p + 1);
      }
      return out.join(' ');
    };
    if (exported(written, now) !== exported(before, all)) throw new Error(`${file}: the exports changed`);
    const gz = (b) => zlib.gzipSync(b, { level: 9 }).length;
    if (gz(written) < gz(before)) fs.renameSync(ordered, file);
  } finally {
    fs.rmSync(named, { force: true });
    fs.rmSync(ordered, { force: true });
  }
}
