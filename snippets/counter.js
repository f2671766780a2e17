// Sliding counter: counter.lua weighs this window's
// count and the last one's. redis: a node-redis client.
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
const file = new URL("counter.lua", import.meta.url);
const SCRIPT = readFileSync(file, "utf8");
const SHA = createHash("sha1").update(SCRIPT).digest("hex");
const LIMIT = 10; // about this many in any window
const WINDOW_MS = 1000;

export async function allow(redis, user) {
  const args = {
    keys: [`count:${user}`],
    arguments: [`${LIMIT}`, `${WINDOW_MS}`],
  };
  const ok = await redis.evalSha(SHA, args).catch((e) => {
    if (!e.message.startsWith("NOSCRIPT")) throw e;
    return redis.eval(SCRIPT, args); // Redis keeps it
  });
  return ok === 1; // 0: answer 429
}
