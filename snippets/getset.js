// GET, then SET: one shared counter, read and
// written in two steps. redis: a node-redis client.
const LIMIT = 10;

export async function allow(redis, user) {
  const key = `rl:${user}`;
  const count = Number(await redis.get(key));
  if (count >= LIMIT) return false; // answer 429
  // Racy: until this SET lands, others read count too.
  await redis.set(key, count + 1);
  return true;
}

// The fix is one line: INCR adds one and returns
// the new count in one step (see incr.js).
//   const count = await redis.incr(key);
