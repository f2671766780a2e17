-- A sliding log, run atomically by Redis: the same rule as the model
-- (docs/MODEL.md, 4.9). The sorted set holds the times of the requests
-- allowed; a request at time x is allowed while fewer than L of them lie
-- in (x - W, x], and then its time is added. At most L entries per user.
--
-- KEYS[1]  the log (a sorted set: member a request's id, score its time)
-- ARGV[1]  now, in µs on the scenario's clock
-- ARGV[2]  L
-- ARGV[3]  W, the window in µs
-- ARGV[4]  the request's id (members must differ when times are equal)
-- ARGV[5]  the key's expiry, in ms
-- Returns {1 if allowed else 0, entries after}.
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local w = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - w)
local n = redis.call('ZCARD', KEYS[1])
local allowed = 0
if n < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  n = n + 1
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return {allowed, n}
