//! What the learner chose: the scenario, and one definition per setting
//! (its URL name, range, default and unit) that the parser, the URL, the
//! sliders and the documentation all read.

use super::report::Command;

/// How the limit is enforced. The order is the tabs' order: grouped by
/// where the count lives (see [`Place`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), serde(rename_all = "lowercase"))]
pub enum Strategy {
    /// Each server counts in its own memory and allows up to the limit.
    Local,
    /// Each server counts in its own memory, with a quota of about L ÷ P.
    Split,
    /// Each server decides from its own memory and adds its counts to Redis
    /// in batches (`INCRBY`), learning the total from the reply.
    Sync,
    /// One gateway in front of the load balancer counts the user's requests.
    Edge,
    /// One shared counter in Redis, read with GET and written with SET.
    #[cfg_attr(not(target_arch = "wasm32"), serde(rename = "getset"))]
    GetSet,
    /// One shared counter in Redis, bumped atomically with INCR.
    Incr,
    /// A token bucket in Redis, run atomically as one Lua script per request.
    Lua,
}

/// Where a strategy keeps the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// In each server's memory.
    Memory,
    /// In front of the servers (a gateway).
    Front,
    /// In Redis, shared by every server.
    Redis,
}

/// How a count is kept over time (`docs/MODEL.md` §4.9): one counter per fixed
/// window, a log of the allowed requests' times, two windows' counts
/// weighted, or a token bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), serde(rename_all = "lowercase"))]
pub enum Algo {
    /// One counter per fixed window: allowed while the window's count is
    /// below the limit.
    Fixed,
    /// A sliding log: allowed while fewer than L were allowed in the last W.
    Log,
    /// A sliding-window counter: this window's count plus the previous
    /// one's, weighted by how much of it still lies in the last W.
    Counter,
    /// A token bucket of L tokens, refilled at L per window.
    Bucket,
}

impl Algo {
    /// Every algorithm, in the order the choice offers them.
    pub const ALL: [Algo; 4] = [Algo::Fixed, Algo::Log, Algo::Counter, Algo::Bucket];

    /// The name used in URLs, attributes and test hooks.
    pub fn as_str(self) -> &'static str {
        match self {
            Algo::Fixed => "fixed",
            Algo::Log => "log",
            Algo::Counter => "counter",
            Algo::Bucket => "bucket",
        }
    }

    /// Parses the name used in URLs.
    pub fn parse(text: &str) -> Option<Algo> {
        Algo::ALL.into_iter().find(|a| a.as_str() == text)
    }
}

impl Strategy {
    /// Every strategy, in the order the tabs show them.
    pub const ALL: [Strategy; 7] = [
        Strategy::Local,
        Strategy::Split,
        Strategy::Sync,
        Strategy::Edge,
        Strategy::GetSet,
        Strategy::Incr,
        Strategy::Lua,
    ];

    /// The strategy whose servers each count alone to the whole limit, so
    /// that a user can get N × L: what the batched sync's servers do while
    /// Redis does not answer, and what its notes compare with.
    pub const ALONE: Strategy = Strategy::Local;

    /// The name used in URLs, attributes and test hooks.
    pub fn as_str(self) -> &'static str {
        match self {
            Strategy::Local => "local",
            Strategy::Split => "split",
            Strategy::Sync => "sync",
            Strategy::Edge => "edge",
            Strategy::GetSet => "getset",
            Strategy::Incr => "incr",
            Strategy::Lua => "lua",
        }
    }

    /// Parses the name used in URLs.
    pub fn parse(text: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Where this strategy keeps the count.
    pub fn place(self) -> Place {
        match self {
            Strategy::Local | Strategy::Split | Strategy::Sync => Place::Memory,
            Strategy::Edge => Place::Front,
            Strategy::GetSet | Strategy::Incr | Strategy::Lua => Place::Redis,
        }
    }

    /// Whether this strategy talks to Redis at all (`sync` does, in batches).
    pub fn uses_redis(self) -> bool {
        matches!(
            self,
            Strategy::Sync | Strategy::GetSet | Strategy::Incr | Strategy::Lua
        )
    }

    /// The ways this strategy can keep its count, its default first: the
    /// counts kept in memory (each server's, the gateway's) take all four;
    /// INCR, GET then SET and the batched sync keep a fixed window's count;
    /// the script keeps a bucket unless told otherwise.
    pub fn algos(self) -> &'static [Algo] {
        match self {
            Strategy::Local | Strategy::Split | Strategy::Edge => &Algo::ALL,
            Strategy::Sync | Strategy::GetSet | Strategy::Incr => &[Algo::Fixed],
            Strategy::Lua => &[Algo::Bucket, Algo::Log, Algo::Counter, Algo::Fixed],
        }
    }

    /// Whether a window's edge changes this strategy's decisions (every
    /// strategy but the batched sync, which keeps one count for the burst).
    pub fn takes_edge(self) -> bool {
        !self.batches()
    }

    /// The command each request sends to Redis and waits for before it is
    /// decided: GET (then SET), INCR (then, in a new window, EXPIRE) or
    /// the script (EVALSHA); `None` where requests are decided without
    /// waiting (in memory, at the gateway, and the batched sync).
    pub fn command(self) -> Option<Command> {
        match self {
            Strategy::GetSet => Some(Command::Get),
            Strategy::Incr => Some(Command::Incr),
            Strategy::Lua => Some(Command::EvalSha),
            Strategy::Local | Strategy::Split | Strategy::Sync | Strategy::Edge => None,
        }
    }

    /// Whether the servers decide from their own memory and add their
    /// counts to Redis in batches (`INCRBY`), learning the fleet's total
    /// from the replies.
    pub fn batches(self) -> bool {
        self == Strategy::Sync
    }

    /// Whether each server may allow only its quota of the limit, about
    /// L ÷ P (see [`Scenario::split_quota`]), rather than all of it.
    pub fn quotas(self) -> bool {
        self == Strategy::Split
    }

    /// Whether each request waits for Redis before it is decided (so the
    /// round trip, a slow Redis, the timeout and the fail rule apply to it).
    pub fn waits_for_redis(self) -> bool {
        self.place() == Place::Redis
    }
}

/// How the load balancer picks a server for each request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), serde(rename_all = "kebab-case"))]
pub enum LoadBalancer {
    /// Each request goes to a server chosen uniformly at random.
    Random,
    /// Request k (0-based, in arrival order) goes to server k mod N.
    RoundRobin,
    /// Every request of the user goes to one server, drawn once; with a
    /// move, requests from then on go to another one.
    Sticky,
}

impl LoadBalancer {
    /// Every load balancer, in the order the UI offers them.
    pub const ALL: [LoadBalancer; 3] = [
        LoadBalancer::Random,
        LoadBalancer::RoundRobin,
        LoadBalancer::Sticky,
    ];

    /// The name used in URLs and attributes.
    pub fn as_str(self) -> &'static str {
        match self {
            LoadBalancer::Random => "random",
            LoadBalancer::RoundRobin => "round-robin",
            LoadBalancer::Sticky => "sticky",
        }
    }

    /// Parses the name used in URLs.
    pub fn parse(text: &str) -> Option<LoadBalancer> {
        LoadBalancer::ALL.into_iter().find(|lb| lb.as_str() == text)
    }
}

/// The Redis node's health.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), serde(rename_all = "lowercase"))]
pub enum Health {
    /// Every command runs half a round trip after it was sent.
    Up,
    /// Stuck behind a slow command: every command runs, and every reply
    /// arrives, [`SLOW_EXTRA_US`] later.
    Slow,
    /// Nothing runs and no reply ever comes.
    Down,
}

/// How much later every command runs, and every reply arrives, when Redis
/// is [`Health::Slow`]: 100 ms.
pub const SLOW_EXTRA_US: u64 = 100_000;

impl Health {
    /// Every health, in the order the UI offers them.
    pub const ALL: [Health; 3] = [Health::Up, Health::Slow, Health::Down];

    /// The name used in URLs and attributes.
    pub fn as_str(self) -> &'static str {
        match self {
            Health::Up => "up",
            Health::Slow => "slow",
            Health::Down => "down",
        }
    }

    /// Parses the name used in URLs.
    pub fn parse(text: &str) -> Option<Health> {
        Health::ALL.into_iter().find(|h| h.as_str() == text)
    }
}

/// What a server does with a request whose Redis call timed out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), serde(rename_all = "lowercase"))]
pub enum Fail {
    /// Allow it: the site stays up, the protection is gone.
    Open,
    /// Refuse it: safe where abuse is costly.
    Closed,
}

impl Fail {
    /// Both rules, in the order the UI offers them.
    pub const ALL: [Fail; 2] = [Fail::Open, Fail::Closed];

    /// The name used in URLs and attributes.
    pub fn as_str(self) -> &'static str {
        match self {
            Fail::Open => "open",
            Fail::Closed => "closed",
        }
    }

    /// Parses the name used in URLs.
    pub fn parse(text: &str) -> Option<Fail> {
        Fail::ALL.into_iter().find(|f| f.as_str() == text)
    }
}

/// One burst from one user, and how the limit is enforced.
///
/// Build it with [`Scenario::default`] and the `with_*` setters, which clamp
/// into range, or from URL-style parameters with
/// [`crate::sim::params::parse`], which also reports what it adjusted. The
/// ranges and defaults are in [`KNOBS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize)
)]
pub struct Scenario {
    /// How the limit is enforced. Default: [`Strategy::Local`].
    pub strategy: Strategy,
    /// API servers behind the load balancer (N), see [`SERVERS`].
    pub servers: u32,
    /// Requests in the burst (B), see [`BURST`].
    pub burst: u32,
    /// Redis round trip in microseconds, a multiple of 100 (0.1 ms), see [`RTT`].
    pub rtt_us: u32,
    /// Requests allowed per window (L), see [`LIMIT`].
    pub limit: u32,
    /// The limit's window in seconds, see [`WINDOW`]. Every burst fits in
    /// one window, so for the counting strategies the limit within a burst
    /// is simply L; the token bucket refills at L per window.
    pub window_s: u32,
    /// How long the burst lasts, in milliseconds, see [`SPAN`].
    pub span_ms: u32,
    /// Where a fixed window's edge falls, in ms after the burst starts
    /// (0 up to the span); `None`: the whole burst is in one window.
    #[cfg_attr(
        not(target_arch = "wasm32"),
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub edge_ms: Option<u32>,
    /// How the count is kept, as chosen; `None` (or a choice the strategy
    /// does not take) is the strategy's default: see [`Scenario::algo`].
    #[cfg_attr(
        not(target_arch = "wasm32"),
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub algo: Option<Algo>,
    /// How requests are spread over servers. Default: [`LoadBalancer::Random`].
    pub lb: LoadBalancer,
    /// Under [`LoadBalancer::Sticky`]: the moment, in ms after the burst
    /// starts, at which the user's server leaves the pool (a deploy, a
    /// scale-in, a crash); `None` for no move. Always below the span.
    pub move_ms: Option<u32>,
    /// Under [`Strategy::Split`]: the number of servers the quotas were
    /// planned for; `None` means "the servers there are now".
    pub plan: Option<u32>,
    /// Under [`Strategy::Sync`]: the sync interval in ms, see [`SYNC`].
    pub sync_ms: u32,
    /// The Redis node's health. Default: [`Health::Up`].
    pub redis: Health,
    /// A server's timeout on one Redis call, in ms, see [`TIMEOUT`].
    pub timeout_ms: u32,
    /// What a server does when a deciding Redis call times out.
    pub fail: Fail,
    /// The whole site's requests per second (for the cost of sharing only),
    /// see [`TRAFFIC`].
    pub traffic: u32,
    /// Seed of the random generator; the same seed gives the same burst.
    pub seed: u64,
}

/// The seed of a first view, so that it is the same for everybody.
pub const DEFAULT_SEED: u64 = 2026;

/// How a numeric setting is written in a URL and shown to the learner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A whole count ("8").
    Count,
    /// Whole milliseconds ("40", shown "40 ms").
    Ms,
    /// Kept in microseconds, written in milliseconds with one decimal
    /// ("2.5" is 2,500 µs).
    TenthMs,
    /// Whole seconds.
    Seconds,
    /// Requests per second.
    PerSecond,
}

/// One numeric setting: its URL name, range, default and unit, and how to
/// read it from and write it into a scenario. The one definition that the
/// parser, the URL, the sliders, the tests and the docs derive from.
#[derive(Clone, Copy)]
pub struct Knob {
    /// The URL parameter and `data-*` attribute name.
    pub name: &'static str,
    /// Smallest value, in model units (µs for [`Unit::TenthMs`]).
    pub min: u32,
    /// Largest value, in model units.
    pub max: u32,
    /// The value when nothing is given (for optional settings: the slider's
    /// starting point).
    pub default: u32,
    /// The slider's step, in model units.
    pub step: u32,
    /// How it is written and shown.
    pub unit: Unit,
    /// The value in `s`; `None` where the setting is absent (no move, a plan
    /// that follows the servers).
    pub get: fn(&Scenario) -> Option<u32>,
    /// `s` with the value set (clamped into range).
    pub set: fn(Scenario, u32) -> Scenario,
    /// Whether it changes anything in `s` (its slider shows only then):
    /// the sync interval for `sync`, the plan for `split`, the move under
    /// sticky sessions, the edge for every strategy but `sync`.
    pub applies: fn(&Scenario) -> bool,
}

impl std::fmt::Debug for Knob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl Eq for Knob {}

impl PartialEq for Knob {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Knob {
    /// Clamps `value` into the range.
    pub fn clamp(&self, value: u32) -> u32 {
        value.clamp(self.min, self.max)
    }

    /// The knob named `name`.
    pub fn named(name: &str) -> Option<&'static Knob> {
        KNOBS.iter().copied().find(|k| k.name == name)
    }
}

/// API servers behind the load balancer: 1–16, default 4.
pub const SERVERS: Knob = Knob {
    name: "servers",
    min: 1,
    max: 16,
    default: 4,
    step: 1,
    unit: Unit::Count,
    get: |s| Some(s.servers),
    set: |s, v| Scenario {
        servers: SERVERS.clamp(v),
        ..s
    },
    applies: |_| true,
};
/// Requests in the burst: 1–500, default 40.
pub const BURST: Knob = Knob {
    name: "burst",
    min: 1,
    max: 500,
    default: 40,
    step: 1,
    unit: Unit::Count,
    get: |s| Some(s.burst),
    set: |s, v| Scenario {
        burst: BURST.clamp(v),
        ..s
    },
    applies: |_| true,
};
/// Redis round trip: 0–20 ms in steps of 0.1 ms, default 2 ms (kept in µs).
pub const RTT: Knob = Knob {
    name: "rtt",
    min: 0,
    max: 20_000,
    default: 2_000,
    step: 100,
    unit: Unit::TenthMs,
    get: |s| Some(s.rtt_us),
    set: |s, v| Scenario {
        rtt_us: RTT.clamp(round_to(v, RTT.step)),
        ..s
    },
    applies: |_| true,
};
/// Requests allowed per window: 1–200, default 10.
pub const LIMIT: Knob = Knob {
    name: "limit",
    min: 1,
    max: 200,
    default: 10,
    step: 1,
    unit: Unit::Count,
    get: |s| Some(s.limit),
    set: |s, v| Scenario {
        limit: LIMIT.clamp(v),
        ..s
    },
    applies: |_| true,
};
/// The limit's window: 1–3600 s, default 1 s.
pub const WINDOW: Knob = Knob {
    name: "window",
    min: 1,
    max: 3600,
    default: 1,
    step: 1,
    unit: Unit::Seconds,
    get: |s| Some(s.window_s),
    set: |s, v| Scenario {
        window_s: WINDOW.clamp(v),
        ..s
    },
    applies: |_| true,
};
/// The burst's duration: 1–1000 ms, default 40 ms.
pub const SPAN: Knob = Knob {
    name: "span",
    min: 1,
    max: 1000,
    default: 40,
    step: 1,
    unit: Unit::Ms,
    get: |s| Some(s.span_ms),
    set: |s, v| {
        Scenario {
            span_ms: SPAN.clamp(v),
            ..s
        }
        .fit_move()
    },
    applies: |_| true,
};
/// Sticky only: when the user's server leaves the pool, 0 ms up to the
/// span (exclusive); absent by default (no move). The slider starts at 20.
pub const MOVE: Knob = Knob {
    name: "move",
    min: 0,
    max: 999,
    default: 20,
    step: 1,
    unit: Unit::Ms,
    get: |s| s.move_ms,
    set: |s, v| {
        Scenario {
            move_ms: Some(MOVE.clamp(v)),
            ..s
        }
        .fit_move()
    },
    applies: |s| s.lb == LoadBalancer::Sticky,
};
/// Where a fixed window's edge falls, 0 ms up to the span; absent by
/// default (one window for the whole burst). The slider starts at 20.
pub const EDGE: Knob = Knob {
    name: "edge",
    min: 0,
    max: 1000,
    default: 20,
    step: 1,
    unit: Unit::Ms,
    get: |s| s.edge_ms,
    set: |s, v| {
        Scenario {
            edge_ms: Some(EDGE.clamp(v)),
            ..s
        }
        .fit_move()
    },
    applies: |s| s.strategy.takes_edge(),
};
/// Split only: servers the quotas were planned for, 1–16; absent by
/// default (the servers there are).
pub const PLAN: Knob = Knob {
    name: "plan",
    min: 1,
    max: 16,
    default: 4,
    step: 1,
    unit: Unit::Count,
    get: |s| s.plan,
    set: |s, v| Scenario {
        plan: Some(PLAN.clamp(v)),
        ..s
    },
    applies: |s| s.strategy == Strategy::Split,
};
/// Sync only: the sync interval, 1–1000 ms, default 10 ms.
pub const SYNC: Knob = Knob {
    name: "sync",
    min: 1,
    max: 1000,
    default: 10,
    step: 1,
    unit: Unit::Ms,
    get: |s| Some(s.sync_ms),
    set: |s, v| Scenario {
        sync_ms: SYNC.clamp(v),
        ..s
    },
    applies: |s| s.strategy == Strategy::Sync,
};
/// A server's timeout on one Redis call: 1–1000 ms, default 50 ms.
pub const TIMEOUT: Knob = Knob {
    name: "timeout",
    min: 1,
    max: 1000,
    default: 50,
    step: 1,
    unit: Unit::Ms,
    get: |s| Some(s.timeout_ms),
    set: |s, v| Scenario {
        timeout_ms: TIMEOUT.clamp(v),
        ..s
    },
    applies: |_| true,
};
/// The site's requests per second, for the cost of sharing: 1–1,000,000,
/// default 50,000.
pub const TRAFFIC: Knob = Knob {
    name: "traffic",
    min: 1,
    max: 1_000_000,
    default: 50_000,
    step: 1,
    unit: Unit::PerSecond,
    get: |s| Some(s.traffic),
    set: |s, v| Scenario {
        traffic: TRAFFIC.clamp(v),
        ..s
    },
    applies: |_| true,
};

/// Every numeric setting, in the order the URL writes them.
pub const KNOBS: [&Knob; 12] = [
    &SERVERS, &BURST, &RTT, &LIMIT, &WINDOW, &SPAN, &MOVE, &EDGE, &PLAN, &SYNC, &TIMEOUT, &TRAFFIC,
];

/// `v` rounded to the nearest multiple of `step` (halves up).
fn round_to(v: u32, step: u32) -> u32 {
    (v.saturating_add(step / 2) / step) * step
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            strategy: Strategy::Local,
            servers: SERVERS.default,
            burst: BURST.default,
            rtt_us: RTT.default,
            limit: LIMIT.default,
            window_s: WINDOW.default,
            span_ms: SPAN.default,
            edge_ms: None,
            algo: None,
            lb: LoadBalancer::Random,
            move_ms: None,
            plan: None,
            sync_ms: SYNC.default,
            redis: Health::Up,
            timeout_ms: TIMEOUT.default,
            fail: Fail::Open,
            traffic: TRAFFIC.default,
            seed: DEFAULT_SEED,
        }
    }
}

impl Scenario {
    /// Sets the strategy.
    pub fn with_strategy(self, strategy: Strategy) -> Self {
        Scenario { strategy, ..self }
    }
    /// Sets the number of servers, clamped to 1–16.
    pub fn with_servers(self, servers: u32) -> Self {
        (SERVERS.set)(self, servers)
    }
    /// Sets the burst size, clamped to 1–500.
    pub fn with_burst(self, burst: u32) -> Self {
        (BURST.set)(self, burst)
    }
    /// Sets the round trip in microseconds, clamped to 0–20 ms and rounded
    /// to the nearest 0.1 ms.
    pub fn with_rtt_us(self, rtt_us: u32) -> Self {
        (RTT.set)(self, rtt_us)
    }
    /// Sets the limit, clamped to 1–200.
    pub fn with_limit(self, limit: u32) -> Self {
        (LIMIT.set)(self, limit)
    }
    /// Sets the window in seconds, clamped to 1–3600.
    pub fn with_window_s(self, window_s: u32) -> Self {
        (WINDOW.set)(self, window_s)
    }
    /// Sets the burst's duration in milliseconds, clamped to 1–1000 (a
    /// move is kept below it).
    pub fn with_span_ms(self, span_ms: u32) -> Self {
        (SPAN.set)(self, span_ms)
    }
    /// Sets the load balancer.
    pub fn with_lb(self, lb: LoadBalancer) -> Self {
        Scenario { lb, ..self }
    }
    /// Sets the sticky user's move, in ms (kept below the span), or none.
    pub fn with_move_ms(self, move_ms: Option<u32>) -> Self {
        match move_ms {
            Some(v) => (MOVE.set)(self, v),
            None => Scenario {
                move_ms: None,
                ..self
            },
        }
    }
    /// Sets the servers the split quotas were planned for (1–16), or none
    /// (the servers there are).
    pub fn with_plan(self, plan: Option<u32>) -> Self {
        match plan {
            Some(v) => (PLAN.set)(self, v),
            None => Scenario { plan: None, ..self },
        }
    }
    /// Sets the sync interval in ms, clamped to 1–1000.
    pub fn with_sync_ms(self, sync_ms: u32) -> Self {
        (SYNC.set)(self, sync_ms)
    }
    /// Sets Redis's health.
    pub fn with_redis(self, redis: Health) -> Self {
        Scenario { redis, ..self }
    }
    /// Sets the timeout on one Redis call, in ms, clamped to 1–1000.
    pub fn with_timeout_ms(self, timeout_ms: u32) -> Self {
        (TIMEOUT.set)(self, timeout_ms)
    }
    /// Sets what a server does when Redis does not answer in time.
    pub fn with_fail(self, fail: Fail) -> Self {
        Scenario { fail, ..self }
    }
    /// Sets the site's traffic, clamped to 1–1,000,000 requests a second.
    pub fn with_traffic(self, traffic: u32) -> Self {
        (TRAFFIC.set)(self, traffic)
    }
    /// Sets the seed.
    pub fn with_seed(self, seed: u64) -> Self {
        Scenario { seed, ..self }
    }

    /// Sets where the window's edge falls, in ms (kept within the span), or
    /// none (one window).
    pub fn with_edge_ms(self, edge_ms: Option<u32>) -> Self {
        match edge_ms {
            Some(v) => (EDGE.set)(self, v),
            None => Scenario {
                edge_ms: None,
                ..self
            },
        }
    }
    /// Sets how the count is kept (kept only if the strategy takes it).
    pub fn with_algo(self, algo: Option<Algo>) -> Self {
        Scenario { algo, ..self }.fit_algo()
    }

    /// How the count is kept: the choice if the strategy takes it, and
    /// otherwise the strategy's default (a bucket for the script, a fixed
    /// window for the rest).
    pub fn algo(&self) -> Algo {
        let takes = self.strategy.algos();
        self.algo.filter(|a| takes.contains(a)).unwrap_or(takes[0])
    }

    /// A choice of algorithm the strategy does not take is dropped.
    fn fit_algo(self) -> Self {
        let takes = self.strategy.algos();
        Scenario {
            algo: self.algo.filter(|a| takes.contains(a)),
            ..self
        }
    }

    /// The window's edge in µs after the burst starts, where it changes
    /// the decisions (set, and the strategy takes it).
    pub fn edge_us(&self) -> Option<u64> {
        match self.strategy.takes_edge() {
            true => self.edge_ms.map(|e| u64::from(e) * 1000),
            false => None,
        }
    }

    /// A move at or past the end of the burst becomes the last millisecond
    /// of it (the move must happen during the burst); an edge past the end
    /// becomes the end.
    fn fit_move(self) -> Self {
        Scenario {
            move_ms: self.move_ms.map(|m| m.min(self.span_ms - 1)),
            edge_ms: self.edge_ms.map(|e| e.min(self.span_ms)),
            ..self
        }
    }

    /// The same scenario with every field forced into range. The model runs
    /// on this, so a hand-built out-of-range scenario never panics.
    pub fn clamped(self) -> Self {
        let mut s = self;
        for knob in KNOBS {
            if let Some(v) = (knob.get)(&s) {
                s = (knob.set)(s, v);
            }
        }
        s.fit_move().fit_algo()
    }

    /// The number of servers the split quotas were planned for (P).
    pub fn planned(&self) -> u32 {
        self.plan.unwrap_or(self.servers).max(1)
    }

    /// Quota of server `s` (0-based) under [`Strategy::Split`]:
    /// `floor(L/P) + (1 if s mod P < L mod P)`, with P = [`Scenario::planned`].
    /// With P = N the quotas sum to exactly L; servers added by an
    /// unplanned autoscale (s ≥ P) repeat the planned quotas.
    pub fn split_quota(&self, s: u32) -> u32 {
        let p = self.planned();
        self.limit / p + u32::from(s % p < self.limit % p)
    }

    /// The window in microseconds.
    pub fn window_us(&self) -> u64 {
        u64::from(self.window_s) * 1_000_000
    }
}

/// A named starting scenario for course pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// Limit 10 per second, 4 servers, 40 requests in 40 ms, random spread,
    /// 2 ms round trip.
    Gatepass,
    /// Limit 100 per minute, 4 servers, 400 requests over 1 s, round-robin,
    /// 2 ms round trip.
    PerMinute,
    /// The opening story's booking service: a token bucket of 10 a second
    /// in each of 8 servers' memory (local counters), 80 requests over 1 s,
    /// round-robin.
    Booking,
}

impl Preset {
    /// Every preset, in the order the UI offers them.
    pub const ALL: [Preset; 3] = [Preset::Gatepass, Preset::PerMinute, Preset::Booking];

    /// The name used in `?preset=`.
    pub fn as_str(self) -> &'static str {
        match self {
            Preset::Gatepass => "gatepass",
            Preset::PerMinute => "per-minute",
            Preset::Booking => "booking",
        }
    }

    /// Parses the name used in `?preset=`.
    pub fn parse(text: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.as_str() == text)
    }

    /// Applies the preset to `base`, keeping everything it does not name
    /// (the seed, Redis's health, the strategies' own settings; the strategy
    /// too, but for the booking story's, which is local counters keeping
    /// buckets).
    pub fn apply(self, base: Scenario) -> Scenario {
        let s = base
            .with_servers(4)
            .with_rtt_us(2_000)
            .with_move_ms(None)
            .with_edge_ms(None);
        match self {
            Preset::Gatepass => s
                .with_limit(10)
                .with_window_s(1)
                .with_burst(40)
                .with_span_ms(40)
                .with_lb(LoadBalancer::Random),
            Preset::PerMinute => s
                .with_limit(100)
                .with_window_s(60)
                .with_burst(400)
                .with_span_ms(1000)
                .with_lb(LoadBalancer::RoundRobin),
            Preset::Booking => s
                .with_strategy(Strategy::Local)
                .with_algo(Some(Algo::Bucket))
                .with_servers(8)
                .with_limit(10)
                .with_window_s(1)
                .with_burst(80)
                .with_span_ms(1000)
                .with_lb(LoadBalancer::RoundRobin),
        }
    }

    /// Which preset, if any, `scenario` matches exactly (what it keeps aside).
    pub fn matching(scenario: &Scenario) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.apply(*scenario) == *scenario)
    }
}

impl Scenario {
    /// The seed of the next burst for "new burst": a SplitMix64 step kept
    /// below a million, so the sequence of bursts is itself reproducible and
    /// the seed stays short enough to read in a URL. Never the same seed.
    pub fn next_seed(&self) -> u64 {
        let mut z = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let next = (z ^ (z >> 31)) % 1_000_000;
        if next == self.seed {
            (next + 1) % 1_000_000
        } else {
            next
        }
    }

    /// The largest scenario the widget offers (16 servers × 500 requests),
    /// with `strategy` and everything else at its default: what the
    /// benchmarks, the measuring script and the tests time.
    pub fn largest(strategy: Strategy) -> Scenario {
        Scenario::default()
            .with_strategy(strategy)
            .with_servers(SERVERS.max)
            .with_burst(BURST.max)
    }
}
