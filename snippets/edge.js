// At the edge: one gateway in front of the load
// balancer sees every request, so one Map counts all.
const LIMIT = 10;
const counts = new Map(); // user → count, whole fleet

export function allow(user) {
  const count = counts.get(user) ?? 0;
  if (count >= LIMIT) return false; // 429 at the gateway
  counts.set(user, count + 1);
  return true; // on to the load balancer
}
