-- KEYS[1]: the user's log, a sorted set of times (ms).
-- ARGV: the limit, the window (ms), a unique id.
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = t[1] * 1000 + t[2] / 1000
-- drop what is a window old or older
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local ok = 0
if redis.call('ZCARD', KEYS[1]) < limit then
  -- the id, not the time, is the member: two requests
  -- can share a microsecond and must both be kept
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  ok = 1
end
redis.call('PEXPIRE', KEYS[1], window)
return ok
