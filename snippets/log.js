// Sliding log: log.lua keeps the time of each request
// allowed in the last window. redis: a node-redis client.
import { readFileSync } from "node:fs";
import { createHash, randomUUID } from "node:crypto";
const file = new URL("log.lua", import.meta.url);
const SCRIPT = readFileSync(file, "utf8");
const SHA = createHash("sha1").update(SCRIPT).digest("hex");
const LIMIT = 10; // requests in any window
const WINDOW_MS = 1000;

export async function allow(redis, user) {
  const args = {
    keys: [`log:${user}`],
    arguments: [`${LIMIT}`, `${WINDOW_MS}`, randomUUID()],
  };
  const ok = await redis.evalSha(SHA, args).catch((e) => {
    if (!e.message.startsWith("NOSCRIPT")) throw e;
    return redis.eval(SCRIPT, args); // Redis keeps it
  });
  return ok === 1; // 0: answer 429
}
