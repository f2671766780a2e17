// Local counters: each server counts in its memory.
const LIMIT = 10; // requests per user per window
// user → count, in this process only
const counts = new Map();

export function allow(user) {
  const count = counts.get(user) ?? 0;
  if (count >= LIMIT) return false; // answer 429
  // correct for the requests this server saw
  counts.set(user, count + 1);
  return true;
}
