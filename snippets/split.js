// Limit ÷ N: each server allows only its share.
const LIMIT = 10;
// N, the servers planned for, set at deploy time
const SERVERS = Number(process.env.SERVERS);
const SHARE = Math.floor(LIMIT / SERVERS);
const counts = new Map(); // user → count, here only

export function allow(user) {
  const count = counts.get(user) ?? 0;
  if (count >= SHARE) return false; // answer 429
  counts.set(user, count + 1);
  return true;
}
