-- KEYS[1]: the bucket. ARGV: its size, the window (ms).
local size = tonumber(ARGV[1])
local per_ms = size / tonumber(ARGV[2])
local t = redis.call('TIME')
local now = t[1] * 1000 + t[2] / 1000
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or size
local at = tonumber(b[2]) or now
tokens = math.min(size, tokens + (now - at) * per_ms)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tokens, 'at', now)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return ok
