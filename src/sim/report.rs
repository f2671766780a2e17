//! What the model found: plain data (the trace of every request and every
//! Redis call) and the summaries defined on it: totals, verdicts, the cost
//! of sharing, and the state at any moment.

use super::scenario::Scenario;

/// One API server's view of the burst.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize)
)]
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

/// A command sent to Redis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize)
)]
pub enum Command {
    /// Read the counter.
    Get,
    /// Write the counter (the value the server read, plus one).
    Set,
    /// Add one to the counter atomically and return the new value.
    Incr,
    /// Give the counter its window's expiry (after an INCR returned 1).
    Expire,
    /// Run the token-bucket script (by its SHA) atomically.
    EvalSha,
    /// Add a server's batch of counts and return the total (`sync`).
    IncrBy,
}

impl Command {
    /// The command's name as Redis spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Command::Get => "GET",
            Command::Set => "SET",
            Command::Incr => "INCR",
            Command::Expire => "EXPIRE",
            Command::EvalSha => "EVALSHA",
            Command::IncrBy => "INCRBY",
        }
    }
}

/// One Redis call: sent by a server, maybe run by Redis, maybe answered in
/// time. Times are µs from the start of the burst.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize)
)]
pub struct Call {
    /// The server (0-based) that sent it.
    pub server: u32,
    /// The request it was sent for; `None` for a batched sync.
    pub request: Option<u32>,
    /// Which command.
    pub command: Command,
    /// SET's value, INCRBY's amount; 0 for the others.
    pub arg: u32,
    /// When the server sent it.
    pub sent_us: u64,
    /// When Redis ran it; `None` if it never ran (Redis down).
    pub executed_us: Option<u64>,
    /// What Redis returned: the value read (GET), written (SET), the new
    /// count (INCR, INCRBY), 1 for allowed or 0 for refused (the script),
    /// 1 for EXPIRE. Zero if it never ran.
    pub value: u32,
    /// The counter after it ran: the count, or the bucket's whole tokens.
    pub counter_after: u32,
    /// When its reply reached the server; `None` if it never did in time.
    pub replied_us: Option<u64>,
    /// When the server gave up waiting (the timeout); `None` if it did not.
    pub abandoned_us: Option<u64>,
}

/// One request's life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize)
)]
pub struct RequestTrace {
    /// When it reached the load balancer (and its server), in µs from the
    /// start of the burst.
    pub arrival_us: u64,
    /// The server (0-based) that handled it; `None` when the gateway refused
    /// it (`edge`), so it never reached a server.
    pub server: Option<u32>,
    /// Whether it was allowed (otherwise refused with 429).
    pub allowed: bool,
    /// When it was decided.
    pub decided_us: u64,
    /// When the user got the answer (for GET then SET, after the SET).
    pub answer_us: u64,
    /// Decided by the fail rule, because its Redis call timed out.
    pub by_fail_rule: bool,
    /// Refused while fewer than L requests had been allowed in total.
    pub refused_under_limit: bool,
    /// Allowed after the allowance (L, plus the bucket's refill for `lua`)
    /// was already used up, in decision order.
    pub beyond: bool,
    /// The fixed window it counted in (0 with no edge; -1 before the edge),
    /// at the time its decision used: its arrival for a count in memory,
    /// when its command ran for a count in Redis.
    #[cfg_attr(
        not(target_arch = "wasm32"),
        serde(default, skip_serializing_if = "is_zero")
    )]
    pub window: i32,
}

/// Whether a window is the first one (left out of the snapshots, which
/// predate windows).
#[cfg(not(target_arch = "wasm32"))]
fn is_zero(k: &i32) -> bool {
    *k == 0
}

impl RequestTrace {
    /// The latency the limiter added to this request, in microseconds.
    pub fn added_us(&self) -> u64 {
        self.answer_us - self.arrival_us
    }
}

/// Why every request of the burst was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllRefusedWhy {
    /// Redis did not answer in time and the servers fail closed.
    FailClosed,
    /// The requests reached servers whose planned quota is zero.
    NoQuota,
}

/// One thing the totals say about the burst; more than one can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// More requests got through than the allowance.
    NotEnforced,
    /// Nothing beyond the allowance, and at least min(B, L) got through
    /// (for the counting strategies: exactly min(B, L)).
    Enforced,
    /// Real requests were refused that a correct limiter would have let
    /// through: in this burst ([`Report::wrongly_refused`] > 0), or for a
    /// regular user sending exactly the limit (`regular_user` < L).
    RefusedUnderLimit,
    /// Every request was refused.
    AllRefused(AllRefusedWhy),
}

impl Verdict {
    /// A short name for styles and tests.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::NotEnforced => "not-enforced",
            Verdict::Enforced => "enforced",
            Verdict::RefusedUnderLimit => "refused-under-limit",
            Verdict::AllRefused(_) => "all-refused",
        }
    }
}

/// A Redis node does about this many simple operations a second.
pub const OPS_PER_NODE: u64 = 100_000;

/// Everything the widget shows about one run of the model.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize)
)]
pub struct Report {
    /// The scenario as run (after clamping).
    pub scenario: Scenario,
    /// One entry per server, in server order.
    pub servers: Vec<ServerReport>,
    /// Requests allowed in total.
    pub allowed: u32,
    /// Requests refused in total (at the servers and at the gateway).
    pub refused: u32,
    /// The limit, L.
    pub limit: u32,
    /// What the limit allows within this burst: L, plus for `lua` the whole
    /// tokens the bucket refilled between its first and last script run.
    pub allowance: u32,
    /// `max(0, allowed − allowance)`: how far the limit was overshot.
    pub over: u32,
    /// Refused requests that were refused while fewer than L had been
    /// allowed in total (decisions in event order).
    pub refused_under_limit: u32,
    /// How many of L requests get through when the user sends exactly L
    /// (the same scenario and seed with burst = L).
    pub regular_user: u32,
    /// Requests the gateway refused (`edge`); they never reach a server.
    pub gateway_refused: u32,
    /// Requests decided by the fail rule because Redis did not answer in time.
    pub fail_decided: u32,
    /// Commands sent to Redis in total.
    pub redis_calls: u32,
    /// The shared counter after the burst (for `lua` the whole tokens left);
    /// `None` without Redis.
    pub final_counter: Option<u32>,
    /// Added latency per request, median (the lower middle value), in µs.
    pub latency_median_us: u64,
    /// Added latency per request, largest, in µs.
    pub latency_max_us: u64,
    /// When the last thing in the run happened, in µs (a SET's or an
    /// EXPIRE's reply included, though it is no event: see the engine).
    pub end_us: u64,
    /// Every request in arrival order.
    pub requests: Vec<RequestTrace>,
    /// Every Redis call, in the order it was sent.
    pub calls: Vec<Call>,
    /// Indices into [`Report::calls`], in the order Redis ran them.
    pub redis_log: Vec<u32>,
}

impl Report {
    /// Everything the totals say, most important first (more than one can
    /// hold).
    pub fn verdicts(&self) -> Vec<Verdict> {
        let mut v = Vec::new();
        let s = &self.scenario;
        if self.allowed == 0 {
            let why = if self.fail_decided > 0 {
                AllRefusedWhy::FailClosed
            } else {
                AllRefusedWhy::NoQuota
            };
            v.push(Verdict::AllRefused(why));
        }
        if self.over > 0 {
            v.push(Verdict::NotEnforced);
        }
        if self.over == 0 && self.allowed >= s.burst.min(s.limit) {
            v.push(Verdict::Enforced);
        }
        // Refused early while under the limit is a harm only when nothing
        // took those requests' place: when fewer than min(B, L) got through,
        // or when a regular user sending exactly L is refused. Under limit
        // ÷ N, a burst above the limit often has early refusals that later
        // requests make up for; its lesson is the regular user.
        if self.wrongly_refused() > 0 || self.regular_user < self.limit {
            v.push(Verdict::RefusedUnderLimit);
        }
        v
    }

    /// Refused requests that a correct limiter would have let through:
    /// `max(0, min(B, L) − allowed)`. At most [`Report::refused_under_limit`]:
    /// early refusals that later requests made up for are not counted.
    pub fn wrongly_refused(&self) -> u32 {
        self.scenario
            .burst
            .min(self.limit)
            .saturating_sub(self.allowed)
    }

    /// The headline verdict: the first of [`Report::verdicts`].
    pub fn verdict(&self) -> Verdict {
        // One always holds: beyond the allowance is "not enforced"; within
        // it, at least min(B, L) is "enforced"; fewer than min(B, L) means
        // some were refused that a correct limiter would have let through.
        self.verdicts()
            .first()
            .copied()
            .unwrap_or(Verdict::Enforced)
    }

    /// Allowed requests the shared counter never recorded (GET then SET's
    /// lost updates); zero where no counter counts requests one by one.
    pub fn lost_updates(&self) -> u32 {
        if self.scenario.strategy.command() == Some(Command::Get) {
            self.final_counter
                .map_or(0, |c| self.allowed.saturating_sub(c))
        } else {
            0
        }
    }

    /// Redis calls per request, in hundredths, rounded (125 is 1.25).
    pub fn calls_per_request_hundredths(&self) -> u64 {
        let b = u64::from(self.scenario.burst.max(1));
        (u64::from(self.redis_calls) * 100 + b / 2) / b
    }

    /// Redis calls per request.
    pub fn calls_per_request(&self) -> f64 {
        f64::from(self.redis_calls) / f64::from(self.scenario.burst.max(1))
    }

    /// Redis operations a second for the site's traffic: traffic × calls
    /// per request, rounded to a whole number.
    pub fn ops_per_second(&self) -> u64 {
        let b = u64::from(self.scenario.burst.max(1));
        (u64::from(self.scenario.traffic) * u64::from(self.redis_calls) + b / 2) / b
    }

    /// Redis nodes that traffic needs at [`OPS_PER_NODE`] each:
    /// `ceil(ops / 100,000)` from the exact ratio, 0 without any call.
    pub fn redis_nodes(&self) -> u64 {
        let b = u64::from(self.scenario.burst.max(1));
        let exact = u64::from(self.scenario.traffic) * u64::from(self.redis_calls);
        exact.div_ceil(b * OPS_PER_NODE)
    }

    /// The Redis calls sent for request `index`, in the order sent.
    pub fn calls_for(&self, index: u32) -> impl Iterator<Item = &Call> + '_ {
        self.calls.iter().filter(move |c| c.request == Some(index))
    }

    /// The counter before any command ran: 0, or a full bucket for the
    /// script.
    pub fn initial_counter(&self) -> Option<u32> {
        let script = self.scenario.strategy.command() == Some(Command::EvalSha);
        self.final_counter
            .map(|_| if script { self.scenario.limit } else { 0 })
    }

    /// The run as it stood at `t_us` (see [`Moment`]). Past the end it is
    /// the end state.
    pub fn at(&self, t_us: u64) -> Moment {
        let mut m = Moment {
            t_us,
            servers: vec![ServerMoment::default(); self.servers.len()],
            ..Moment::default()
        };
        for r in &self.requests {
            if r.arrival_us > t_us {
                // Arrival order: nothing later has arrived either.
                break;
            }
            m.arrived += 1;
            if let Some(s) = r.server {
                m.servers[s as usize].received += 1;
            }
            if r.answer_us <= t_us {
                let card = r.server.map(|s| &mut m.servers[s as usize]);
                if r.allowed {
                    m.allowed += 1;
                    if let Some(c) = card {
                        c.allowed += 1;
                    }
                } else {
                    m.refused += 1;
                    match card {
                        Some(c) => c.refused += 1,
                        None => m.gateway_refused += 1,
                    }
                }
            }
        }
        m.calls = self.calls.iter().filter(|c| c.sent_us <= t_us).count() as u32;
        m.counter = self.initial_counter().map(|start| {
            self.redis_log
                .iter()
                .map(|&i| &self.calls[i as usize])
                .take_while(|c| c.executed_us.is_some_and(|x| x <= t_us))
                .last()
                .map_or(start, |c| c.counter_after)
        });
        m
    }

    /// Every moment at which something happens (an arrival, a call sent,
    /// run, answered or abandoned, a decision, an answer), in order, without
    /// repeats: where "step" and "step back" stop.
    pub fn event_times(&self) -> Vec<u64> {
        let mut t: Vec<u64> = Vec::with_capacity(3 * self.requests.len() + 3 * self.calls.len());
        for r in &self.requests {
            t.extend([r.arrival_us, r.decided_us, r.answer_us]);
        }
        for c in &self.calls {
            t.push(c.sent_us);
            t.extend(c.executed_us);
            t.extend(c.replied_us);
            t.extend(c.abandoned_us);
        }
        super::sort::sort_keys(&mut t);
        t.dedup();
        t
    }
}

/// One server's card at a moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ServerMoment {
    /// Requests that had reached it.
    pub received: u32,
    /// Requests it had answered, allowed.
    pub allowed: u32,
    /// Requests it had answered, refused.
    pub refused: u32,
}

/// The run as it stood at one moment: a request has *arrived* once its
/// arrival time has come and is *answered* once its answer time has; the
/// cards count arrivals as received and answers as allowed or refused; the
/// Redis counter is its value after every command run up to then; calls
/// count the commands sent up to then.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moment {
    /// The moment, in µs from the start of the burst.
    pub t_us: u64,
    /// One card per server.
    pub servers: Vec<ServerMoment>,
    /// Requests that had arrived.
    pub arrived: u32,
    /// Requests answered, allowed.
    pub allowed: u32,
    /// Requests answered, refused (at servers and at the gateway).
    pub refused: u32,
    /// Requests the gateway had refused.
    pub gateway_refused: u32,
    /// The Redis counter then; `None` without Redis.
    pub counter: Option<u32>,
    /// Redis calls sent by then.
    pub calls: u32,
}
