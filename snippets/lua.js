// Lua token bucket: Redis runs bucket.lua whole,
// so check and take are one step. redis: node-redis.
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
const file = new URL("bucket.lua", import.meta.url);
const SCRIPT = readFileSync(file, "utf8");
const SHA = createHash("sha1").update(SCRIPT).digest("hex");
const LIMIT = 10; // tokens, refilled over a window
const WINDOW_MS = 1000;

export async function allow(redis, user) {
  const args = {
    keys: [`bucket:${user}`],
    arguments: [`${LIMIT}`, `${WINDOW_MS}`],
  };
  const ok = await redis.evalSha(SHA, args).catch((e) => {
    if (!e.message.startsWith("NOSCRIPT")) throw e;
    return redis.eval(SCRIPT, args); // Redis keeps it
  });
  return ok === 1; // 0: answer 429
}
