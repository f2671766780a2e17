-- KEYS[1]: the user's counts, a hash: k, the window's
-- number; c, its count; p, the window before's count.
-- ARGV: the limit, the window (ms).
local limit = tonumber(ARGV[1])
local w = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local k = math.floor(now / w)
local e = now - k * w -- ms into this window
local h = redis.call('HMGET', KEYS[1], 'k', 'c', 'p')
local at = tonumber(h[1]) or k
local c = tonumber(h[2]) or 0
local p = tonumber(h[3]) or 0
if at ~= k then
  -- a new window: the one before keeps its count if
  -- it was the last, and nothing if it was older
  p = 0
  if at == k - 1 then p = c end
  c = 0
end
-- p counts for the part of the window before still in
-- the last w ms: p * (w - e) / w, kept in integers
if p * (w - e) + c * w >= limit * w then
  return 0
end
redis.call('HSET', KEYS[1], 'k', k, 'c', c + 1, 'p', p)
redis.call('PEXPIRE', KEYS[1], 2 * w)
return 1
