//! What the model found: plain data, no behaviour beyond small summaries.

use super::scenario::Scenario;

/// One API server's view of the burst.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerReport {
    /// Requests the load balancer sent here.
    pub received: u32,
    /// Requests answered normally.
    pub allowed: u32,
    /// Requests answered with 429 Too Many Requests.
    pub refused: u32,
    /// This server's own quota, for strategies that give it one (`split`).
    pub quota: Option<u32>,
}

/// A command Redis executed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Read the counter.
    Get,
    /// Write the counter (the value the server read, plus one).
    Set,
    /// Add one to the counter atomically and return the new value.
    Incr,
    /// Give the counter its window's expiry (after the first INCR).
    Expire,
}

impl Command {
    /// The command's name as Redis spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Command::Get => "GET",
            Command::Set => "SET",
            Command::Incr => "INCR",
            Command::Expire => "EXPIRE",
        }
    }
}

/// One command as Redis executed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RedisOp {
    /// When Redis executed it, in microseconds from the start of the burst.
    pub at_us: u64,
    /// The request (index into [`Report::requests`]) it was sent for.
    pub request: u32,
    /// Which command.
    pub command: Command,
    /// The counter's value read (GET), written (SET) or returned (INCR);
    /// the counter's value at that moment for EXPIRE.
    pub value: u32,
}

/// One request's life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestTrace {
    /// When it reached its server, in microseconds from the start of the burst.
    pub arrival_us: u64,
    /// The server (0-based) the load balancer chose.
    pub server: u32,
    /// Whether it was allowed (otherwise refused with 429).
    pub allowed: bool,
    /// When the server answered, in microseconds from the start of the burst.
    pub answer_us: u64,
}

impl RequestTrace {
    /// The latency the limiter added to this request, in microseconds.
    pub fn added_us(&self) -> u64 {
        self.answer_us - self.arrival_us
    }
}

/// How the burst came out against the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// More requests got through than the limit allows.
    NotEnforced,
    /// Exactly what the limit allows got through (or the whole burst, if it
    /// was smaller than the limit).
    Enforced,
    /// Real requests were refused while the user was still under the limit.
    RefusedUnderLimit,
}

impl Verdict {
    /// A short name for styles and tests.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::NotEnforced => "not-enforced",
            Verdict::Enforced => "enforced",
            Verdict::RefusedUnderLimit => "refused-under-limit",
        }
    }
}

/// Everything the widget shows about one run of the model.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The scenario as run (after clamping).
    pub scenario: Scenario,
    /// One entry per server, in server order.
    pub servers: Vec<ServerReport>,
    /// Requests allowed in total.
    pub allowed: u32,
    /// Requests refused in total.
    pub refused: u32,
    /// The limit, L.
    pub limit: u32,
    /// `max(0, allowed − L)`: how far the limit was overshot.
    pub over: u32,
    /// `max(0, min(B, L) − allowed)`: real requests refused while the user
    /// was under the limit.
    pub refused_under_limit: u32,
    /// Commands sent to Redis in total.
    pub redis_calls: u32,
    /// Redis commands per request.
    pub redis_calls_per_request: f64,
    /// The shared counter's value after the burst; `None` without Redis.
    pub final_counter: Option<u32>,
    /// Added latency per request, median (the lower middle value), in µs.
    pub latency_median_us: u64,
    /// Added latency per request, largest, in µs.
    pub latency_max_us: u64,
    /// Every request in arrival order.
    pub requests: Vec<RequestTrace>,
    /// Every Redis command in the order Redis executed it.
    pub redis_log: Vec<RedisOp>,
}

impl Report {
    /// How the burst came out against the limit.
    pub fn verdict(&self) -> Verdict {
        if self.over > 0 {
            Verdict::NotEnforced
        } else if self.refused_under_limit > 0 {
            Verdict::RefusedUnderLimit
        } else {
            Verdict::Enforced
        }
    }

    /// Allowed requests the shared counter never recorded (GET/SET's lost
    /// updates); zero where there is no shared counter.
    pub fn lost_updates(&self) -> u32 {
        self.final_counter
            .map_or(0, |c| self.allowed.saturating_sub(c))
    }

    /// The Redis commands run for request `index`, in execution order.
    pub fn ops_for(&self, index: u32) -> impl Iterator<Item = &RedisOp> + '_ {
        self.redis_log.iter().filter(move |op| op.request == index)
    }
}
