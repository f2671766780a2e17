-- A sliding-window counter, run atomically by Redis: the same integer
-- rule as the model (docs/MODEL.md, 4.9). Window k's count c and window
-- k - 1's p, e = x - start of window k: allowed while
-- p * (W - e) + c * W < L * W, and then c goes up by one. Two integers
-- per user.
--
-- KEYS[1]  the user's key; window k is KEYS[1]..':'..k
-- ARGV[1]  now, in µs on the scenario's clock
-- ARGV[2]  L
-- ARGV[3]  W, the window in µs
-- ARGV[4]  b, the edge in µs, or -1 for none (the whole burst in window 0)
-- ARGV[5]  the keys' expiry, in ms
-- Returns {1 if allowed else 0, window k's count after}.
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local w = tonumber(ARGV[3])
local b = tonumber(ARGV[4])
local k = 0
local e = now
if b >= 0 then
  k = math.floor((now - b) / w)
  e = now - (b + k * w)
end
if e > w then
  e = w
end
local key = KEYS[1] .. ':' .. k
local c = tonumber(redis.call('GET', key) or '0')
local p = tonumber(redis.call('GET', KEYS[1] .. ':' .. (k - 1)) or '0')
local allowed = 0
if p * (w - e) + c * w < limit * w then
  c = redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[5])
  allowed = 1
end
return {allowed, c}
