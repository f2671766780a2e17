-- A fixed window's count, run atomically by Redis: the same integer rule
-- as the model (docs/MODEL.md, 4.9). A request at time x counts in window
-- k = floor((x - b) / W), its own key; it is allowed while that key's
-- count is below L, and then counted. The time comes from the caller, on
-- the scenario's clock, as for the bucket.
--
-- KEYS[1]  the user's key; window k is KEYS[1]..':'..k
-- ARGV[1]  now, in µs on the scenario's clock
-- ARGV[2]  L
-- ARGV[3]  W, the window in µs
-- ARGV[4]  b, the edge in µs, or -1 for none (the whole burst in window 0)
-- ARGV[5]  the key's expiry, in ms
-- Returns {1 if allowed else 0, the window's count after}.
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local w = tonumber(ARGV[3])
local b = tonumber(ARGV[4])
local k = 0
if b >= 0 then
  k = math.floor((now - b) / w)
end
local key = KEYS[1] .. ':' .. k
local count = tonumber(redis.call('GET', key) or '0')
local allowed = 0
if count < limit then
  count = redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[5])
  allowed = 1
end
return {allowed, count}
