// INCR: add one and read the count in one atomic
// step. redis: a node-redis client.
const LIMIT = 10;
const WINDOW = 1; // seconds

export async function allow(redis, user) {
  const key = `rl:${user}`;
  const count = await redis.incr(key);
  // first hit of the window: give the key a TTL
  if (count === 1) await redis.expire(key, WINDOW);
  return count <= LIMIT; // false: answer 429
}
