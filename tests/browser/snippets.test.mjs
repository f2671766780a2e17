// The code the widget shows is the code proven: this runs exactly the files
// in snippets/ (the widget shows the same files, byte for byte: see
// tests/it/vm_code.rs) on Node, against a real redis-server of its own on
// loopback, with concurrent simulated servers sending one user's burst.
// Each simulated server is its own instance of the snippet's module (a
// fresh import), so each has its own memory, as a process would, and its
// own Redis connection. Every loop is bounded; the server is killed at the
// end. No browser here.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'redis';

const LIMIT = 10; // as every snippet sets it
const SNIPPETS = new URL('../../snippets/', import.meta.url);

let redisServer = null;
let port = 0;
const clients = [];

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
  });
}

/** A node-redis client of its own (a server's connection). */
async function connect() {
  const c = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: false } });
  c.on('error', () => {});
  await c.connect();
  clients.push(c);
  return c;
}

before(async () => {
  try {
    execFileSync('redis-server', ['--version']);
  } catch {
    throw new Error('redis-server is not on the PATH: run scripts/setup --redis');
  }
  port = await freePort();
  redisServer = spawn('redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
  ], { stdio: 'ignore' });
  // Ready when it answers PING: at most 100 tries, 50 ms apart.
  for (let i = 0; ; i++) {
    try {
      const c = await connect();
      if ((await c.ping()) === 'PONG') return;
    } catch (e) {
      if (i >= 100) throw new Error(`redis-server did not start on port ${port}: ${e}`);
    }
    await sleep(50);
  }
});

after(async () => {
  await Promise.allSettled(clients.map((c) => c.quit()));
  if (redisServer) {
    const gone = new Promise((resolve) => redisServer.once('exit', resolve));
    redisServer.kill('SIGTERM');
    // The 5 s cap does not hold the process open once the server is gone.
    await Promise.race([gone, sleep(5000, undefined, { ref: false })]);
    redisServer.kill('SIGKILL');
  }
});

let instance = 0;
/** `n` simulated servers running snippets/`file`: each its own module instance. */
async function servers(file, n) {
  const out = [];
  for (let s = 0; s < n; s++) {
    instance += 1;
    out.push(await import(new URL(`${file}?server=${instance}`, SNIPPETS).href));
  }
  return out;
}

/** A fresh user name per case, so the cases never share a key. */
let users = 0;
const user = () => `user${++users}`;

/** One user's burst of `b` requests, sent all at once; the load balancer deals them round-robin. */
async function burst(b, n, handle) {
  const answers = await Promise.all(Array.from({ length: b }, (_, k) => handle(k % n)));
  return answers.filter(Boolean).length;
}

/** A round trip of `ms` more on every reply: the wider gap between GET and SET a slow network makes. */
function slow(client, ms) {
  return {
    get: async (key) => { const v = await client.get(key); await sleep(ms); return v; },
    set: async (key, value) => { const r = await client.set(key, value); await sleep(ms); return r; },
  };
}

/** The window of the fixed-window snippets, in ms: WINDOW = 1 s, as they set it. */
const W = 1000;
/** The fixed window's number now (the test's clock is the snippets' clock: one machine). */
const win = () => Math.floor(Date.now() / W);

/** Waits, if need be, so the next `ms` fit in one window: under W. */
async function clearOfEdge(ms) {
  const into = Date.now() % W;
  if (into > W - ms) await sleep(W - into + 5);
}

/** Waits until `before` ms ahead of the next window edge (under W + `before`); returns the edge. */
async function toEdge(before) {
  let edge = (win() + 1) * W;
  if (edge - Date.now() < before + 5) edge += W;
  await sleep(edge - before - Date.now());
  return edge;
}

/** `b` requests spread evenly over `ms`, dealt round-robin to `n` servers. */
async function spread(b, ms, n, handle) {
  const answers = await Promise.all(
    Array.from({ length: b }, (_, k) => sleep((k * ms) / b).then(() => handle(k % n))),
  );
  return answers.filter(Boolean).length;
}

/**
 * A burst across a window edge: 3L requests spread over 100 ms from 50 ms
 * before the edge, dealt to `n` servers. `fresh()` gives a new user and its
 * handler `(server, user) => allowed`. On a loaded machine the timers can
 * stall until past the edge, so the whole burst lands in one window: then it
 * tries again with a new user, 3 times at most (each under 1.2 s).
 */
async function acrossEdge(n, fresh) {
  for (let attempt = 1; ; attempt++) {
    const { u, handle } = fresh();
    const edge = await toEdge(50);
    let before = 0;
    let after = 0;
    const allowed = await spread(3 * LIMIT, 100, n, (s) => {
      if (Date.now() < edge) before += 1;
      else after += 1;
      return handle(s, u);
    });
    const end = Date.now();
    if ((before > 0 && after > 0) || attempt === 3) return { u, edge, end, allowed, before, after, attempt };
  }
}

describe('the snippets on a real redis-server', () => {
  test('local counters under round-robin let min(B, N × L) through', async () => {
    for (const [n, b] of [[4, 30], [4, 60], [3, 100], [1, 25]]) {
      const fleet = await servers('local.js', n);
      const u = user();
      const allowed = await burst(b, n, async (s) => fleet[s].allow(u));
      assert.equal(allowed, Math.min(b, n * LIMIT), `N = ${n}, B = ${b}`);
    }
  });

  test('limit ÷ N under round-robin: each server allows its share, the fleet the limit', async () => {
    process.env.SERVERS = '5';
    const fleet = await servers('split.js', 5);
    const u = user();
    assert.equal(await burst(40, 5, async (s) => fleet[s].allow(u)), LIMIT);
  });

  test('at the edge one gateway counts for the whole fleet: min(B, L)', async () => {
    const [gateway] = await servers('edge.js', 1);
    const u = user();
    assert.equal(await burst(40, 4, async () => gateway.allow(u)), LIMIT);
  });

  test('INCR lets exactly min(B, L) through in one window, and the first hit gives the key its TTL', async () => {
    for (const [n, b] of [[4, 40], [8, 200], [4, 6]]) {
      const fleet = await servers('incr.js', n);
      const conns = await Promise.all(fleet.map(() => connect()));
      const u = user();
      await clearOfEdge(300);
      const k = win();
      const allowed = await burst(b, n, (s) => fleet[s].allow(conns[s], u));
      assert.equal(win(), k, 'the burst stayed in one window');
      assert.equal(allowed, Math.min(b, LIMIT), `N = ${n}, B = ${b}`);
      const c = conns[0];
      assert.equal(Number(await c.get(`rl:${u}:${k}`)), b, 'one count per request');
      const ttl = await c.pTTL(`rl:${u}:${k}`);
      assert.ok(ttl > 0 && ttl <= W, `TTL ${ttl} ms`);
    }
  });

  test('INCR per fixed window: a burst across a window edge gets up to 2L through in far less than W', async (t) => {
    const n = 4;
    const fleet = await servers('incr.js', n);
    const conns = await Promise.all(fleet.map(() => connect()));
    let times = []; // when each allowed request was answered
    const { u, edge, allowed, attempt } = await acrossEdge(n, () => {
      times = [];
      return {
        u: user(),
        handle: async (s, u) => {
          const ok = await fleet[s].allow(conns[s], u);
          if (ok) times.push(Date.now());
          return ok;
        },
      };
    });
    const span = Math.max(...times) - Math.min(...times);
    t.diagnostic(`fixed, across an edge: ${allowed} allowed in ${span} ms (try ${attempt})`);
    // Two windows' keys, one count per request between them, each with its TTL.
    const k = edge / W;
    const counts = [Number(await conns[0].get(`rl:${u}:${k - 1}`)), Number(await conns[0].get(`rl:${u}:${k}`))];
    assert.ok(counts[0] > 0 && counts[1] > 0, `${counts}: the burst straddled the edge`);
    assert.equal(counts[0] + counts[1], 3 * LIMIT, `${counts}`);
    assert.ok(allowed > LIMIT && allowed <= 2 * LIMIT, `${allowed} allowed in ${span} ms`);
    assert.ok(span < W / 2, `${span} ms`);
    for (const key of [`rl:${u}:${k - 1}`, `rl:${u}:${k}`]) {
      const ttl = await conns[0].pTTL(key);
      assert.ok(ttl > 0 && ttl <= W, `${key}: TTL ${ttl} ms`);
    }
  });

  test('GET then SET, with a delay between GET and SET, lets more than L through and loses updates', async () => {
    const n = 4;
    const b = 40;
    const fleet = await servers('getset.js', n);
    const conns = await Promise.all(fleet.map(() => connect()));
    const u = user();
    const allowed = await burst(b, n, (s) => fleet[s].allow(slow(conns[s], 5), u));
    const counter = Number(await conns[0].get(`rl:${u}`));
    assert.ok(allowed > LIMIT, `${allowed} allowed, limit ${LIMIT}`);
    assert.ok(counter < allowed, `counter ${counter} below the ${allowed} allowed: updates lost`);
  });

  test('the Lua bucket lets exactly min(B, L) through, plus what it refills during the burst', async () => {
    for (const [n, b] of [[4, 40], [8, 200], [4, 7]]) {
      const fleet = await servers('lua.js', n);
      const conns = await Promise.all(fleet.map(() => connect()));
      const u = user();
      const start = performance.now();
      const allowed = await burst(b, n, (s) => fleet[s].allow(conns[s], u));
      const elapsed = performance.now() - start;
      // The bucket refills L tokens a second: at most this many whole
      // tokens came back between the first script run and the last.
      const refill = Math.floor((elapsed * LIMIT) / 1000);
      assert.ok(allowed >= Math.min(b, LIMIT), `N = ${n}, B = ${b}: ${allowed}`);
      assert.ok(allowed <= Math.min(b, LIMIT + refill), `N = ${n}, B = ${b}: ${allowed} in ${elapsed.toFixed(1)} ms`);
    }
  });

  test('the Lua bucket refills: a second burst 300 ms later gets about 3 tokens', async () => {
    const n = 4;
    const fleet = await servers('lua.js', n);
    const conns = await Promise.all(fleet.map(() => connect()));
    const u = user();
    const t0 = performance.now();
    assert.equal(await burst(20, n, (s) => fleet[s].allow(conns[s], u)), LIMIT, 'the first burst empties the bucket');
    const t1 = performance.now();
    await sleep(300);
    const t2 = performance.now();
    const second = await burst(20, n, (s) => fleet[s].allow(conns[s], u));
    const t3 = performance.now();
    // Tokens refilled between the two bursts' script runs, bracketed by
    // what this side saw of them.
    const least = Math.floor(((t2 - t1) * LIMIT) / 1000);
    const most = Math.floor(((t3 - t0) * LIMIT) / 1000);
    assert.ok(second >= least && second <= most, `${second} refilled, between ${least} and ${most}`);
  });

  test('the sliding log never lets more than L through in any window of W', async (t) => {
    const n = 4;
    // Across an edge, where the fixed window lets up to 2L through: L.
    {
      const fleet = await servers('log.js', n);
      const conns = await Promise.all(fleet.map(() => connect()));
      const { u, allowed, before, after } = await acrossEdge(n, () => ({
        u: user(),
        handle: (s, u) => fleet[s].allow(conns[s], u),
      }));
      t.diagnostic(`log, across an edge: ${allowed} allowed (${before} sent before the edge, ${after} after)`);
      assert.ok(before > 0 && after > 0, `${before} before the edge, ${after} after`);
      assert.equal(allowed, LIMIT);
      assert.equal(await conns[0].zCard(`log:${u}`), LIMIT, 'at most L entries');
      const ttl = await conns[0].pTTL(`log:${u}`);
      assert.ok(ttl > 0 && ttl <= W, `TTL ${ttl} ms`);
    }
    // Steady load for 1.6 s: a wave of one request per server every 50 ms.
    // An entry stays in the set at least W after it was added, so reading
    // the whole set after every wave sees every allowed request with the
    // time Redis decided it at (the script's TIME), not the test's guess.
    const fleet = await servers('log.js', n);
    const conns = await Promise.all(fleet.map(() => connect()));
    const u = user();
    const seen = new Map(); // member → score (ms, Redis's clock)
    let allowed = 0;
    for (let wave = 0; wave < 32; wave++) {
      const next = sleep(50);
      allowed += await burst(n, n, (s) => fleet[s].allow(conns[s], u));
      const log = await conns[0].zRangeWithScores(`log:${u}`, 0, -1);
      assert.ok(log.length <= LIMIT, `${log.length} entries`);
      for (const { value, score } of log) seen.set(value, score);
      await next;
    }
    assert.equal(seen.size, allowed, 'every allowed request is in the log, each its own member');
    const at = [...seen.values()].sort((a, b) => a - b);
    // L + 1 allowed in some window of W would put the first and the last of
    // them less than W apart.
    for (let i = 0; i + LIMIT < at.length; i++) {
      assert.ok(at[i + LIMIT] - at[i] >= W, `requests ${i + 1} and ${i + LIMIT + 1}: ${(at[i + LIMIT] - at[i]).toFixed(3)} ms apart`);
    }
    t.diagnostic(`log, 1.6 s of steady load: ${allowed} allowed of ${32 * n}`);
    // And it is not stingy: L as soon as the window has moved on.
    assert.ok(allowed >= 2 * LIMIT, `${allowed} allowed`);
  });

  test('the sliding counter lets about L through across a window edge', async (t) => {
    const n = 4;
    // Inside one window, with no previous count, it is INCR: min(B, L).
    {
      const fleet = await servers('counter.js', n);
      const conns = await Promise.all(fleet.map(() => connect()));
      const u = user();
      await clearOfEdge(300);
      const k = win();
      assert.equal(await burst(40, n, (s) => fleet[s].allow(conns[s], u)), LIMIT);
      assert.equal(win(), k, 'the burst stayed in one window');
    }
    const fleet = await servers('counter.js', n);
    const conns = await Promise.all(fleet.map(() => connect()));
    const { u, edge, end, allowed, before, after } = await acrossEdge(n, () => ({
      u: user(),
      handle: (s, u) => fleet[s].allow(conns[s], u),
    }));
    assert.ok(before > 0 && after > 0, `${before} before the edge, ${after} after`);
    // e of the last request Redis ran, or later: the test's clock at the end.
    const e = Math.max(0, end - edge);
    // The bound. p allowed before the edge (p ≤ L: the user is new, the
    // window before that empty). After it, a request is allowed while
    // p·(W − e) + c·W < L·W, so the last one allowed, at e ≤ e_end, had
    // c − 1 < L − p + p·e/W: c < L − p + 1 + p·e_end/W. In all
    // p + c < L + 1 + L·e_end/W, so p + c ≤ L + ceil(L·e_end/W): L + 1 for a
    // burst ending under W/L = 100 ms past the edge. At least L: the first
    // window takes p = min(L, those sent before the edge), and the next one
    // allows c up to L − p whatever e is (p·(W − e) ≤ p·W), out of the ~15
    // sent after it.
    const most = LIMIT + Math.ceil((LIMIT * e) / W);
    t.diagnostic(`counter, across an edge: ${allowed} allowed, bound ${most} (burst ends ${e} ms past the edge)`);
    assert.ok(allowed >= LIMIT && allowed <= most, `${allowed} allowed, at most ${most}`);
    const h = await conns[0].hGetAll(`count:${u}`);
    // The last allowed request's window: the one after the edge, or (if none
    // after it was allowed) the one before, whose p is then 0.
    assert.ok([edge / W - 1, edge / W].includes(Number(h.k)), `window ${h.k}`);
    assert.equal(Number(h.p) + Number(h.c), allowed, 'two counts: every allowed request');
    const ttl = await conns[0].pTTL(`count:${u}`);
    assert.ok(ttl > 0 && ttl <= 2 * W, `TTL ${ttl} ms`);
  });

  test('local + sync: decisions stay local, and after the last sync Redis holds every allowed request', async () => {
    const n = 4;
    const fleet = await servers('sync.js', n);
    const conns = await Promise.all(fleet.map(() => connect()));
    const u = user();
    let allowed = 0;
    // Four waves of 10, every server syncing between waves.
    for (let wave = 0; wave < 4; wave++) {
      allowed += await burst(10, n, async (s) => fleet[s].allow(u));
      for (let s = 0; s < n; s++) await fleet[s].sync(conns[s]);
    }
    assert.ok(allowed >= LIMIT, `${allowed} allowed`);
    assert.ok(allowed < n * LIMIT, `${allowed}: fewer than local counters' ${n * LIMIT}`);
    assert.equal(Number(await conns[0].get(`rl:${u}`)), allowed, 'every allowed request is in Redis');
  });
});
