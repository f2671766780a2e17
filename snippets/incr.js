// Fixed window: INCR one counter per window, the
// window's number in its key. redis: a node-redis client.
const LIMIT = 10;
const WINDOW = 1; // seconds

export async function allow(redis, user) {
  // the window now, by this server's clock
  const k = Math.floor(Date.now() / 1000 / WINDOW);
  const key = `rl:${user}:${k}`;
  const count = await redis.incr(key); // add, then read
  // first hit of the window: give the key a TTL
  if (count === 1) await redis.expire(key, WINDOW);
  return count <= LIMIT; // false: answer 429
}
