-- The token bucket, run atomically by Redis: the same integer arithmetic
-- as the model (docs/MODEL.md). One token is W units; the bucket holds up
-- to L*W units, refills L units a microsecond, and is full at its first
-- call. The time comes from the caller (the moment the call reaches Redis,
-- on the scenario's clock), so a run is deterministic and can be compared
-- with the model request by request.
--
-- KEYS[1]  the bucket (a hash: units, last)
-- ARGV[1]  now, in µs on the scenario's clock
-- ARGV[2]  L, tokens per window
-- ARGV[3]  W, the window in µs
-- ARGV[4]  the key's expiry, in ms
-- Returns {1 if allowed else 0, whole tokens left}.
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local w = tonumber(ARGV[3])
local capacity = limit * w
local state = redis.call('HMGET', KEYS[1], 'units', 'last')
local units = tonumber(state[1])
local last = tonumber(state[2])
if units == nil or last == nil then
  units = capacity
  last = now
end
-- A call that reaches Redis with an earlier time than the last one (two
-- calls racing on the wire) refills nothing and does not move time back.
if now > last then
  units = math.min(capacity, units + (now - last) * limit)
  last = now
end
local allowed = 0
if units >= w then
  units = units - w
  allowed = 1
end
redis.call('HSET', KEYS[1], 'units', string.format('%d', units), 'last', string.format('%d', last))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {allowed, math.floor(units / w)}
