// Local + sync: decide from memory, add the counts
// to Redis in batches. redis: a node-redis client.
const LIMIT = 10;
const known = new Map(); // user → total at last sync
const pending = new Map(); // user → not yet added

export function allow(user) {
  const mine = pending.get(user) ?? 0;
  const count = (known.get(user) ?? 0) + mine;
  if (count >= LIMIT) return false; // answer 429
  pending.set(user, mine + 1);
  return true;
}

// Every few ms, in the background (setInterval):
export async function sync(redis) {
  for (const [user, batch] of pending) {
    const total = await redis.incrBy(`rl:${user}`, batch);
    pending.set(user, pending.get(user) - batch);
    known.set(user, total);
  }
}
