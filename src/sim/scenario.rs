//! What the learner chose: the scenario, its ranges and defaults.

/// How the API servers enforce the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Each server counts in its own memory and allows up to the limit.
    Local,
    /// Each server counts in its own memory, with a quota of about limit ÷ N.
    Split,
    /// One shared counter in Redis, read with GET and written with SET.
    GetSet,
    /// One shared counter in Redis, bumped atomically with INCR.
    Incr,
}

impl Strategy {
    /// Every strategy, in the order the tabs show them.
    pub const ALL: [Strategy; 4] = [
        Strategy::Local,
        Strategy::Split,
        Strategy::GetSet,
        Strategy::Incr,
    ];

    /// The name used in URLs, attributes and test hooks.
    pub fn as_str(self) -> &'static str {
        match self {
            Strategy::Local => "local",
            Strategy::Split => "split",
            Strategy::GetSet => "getset",
            Strategy::Incr => "incr",
        }
    }

    /// Parses the name used in URLs.
    pub fn parse(text: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Whether this strategy talks to Redis at all.
    pub fn uses_redis(self) -> bool {
        matches!(self, Strategy::GetSet | Strategy::Incr)
    }
}

/// How the load balancer picks a server for each request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoadBalancer {
    /// Each request goes to a server chosen uniformly at random.
    Random,
    /// Request k (0-based, in arrival order) goes to server k mod N.
    RoundRobin,
}

impl LoadBalancer {
    /// The name used in URLs and attributes.
    pub fn as_str(self) -> &'static str {
        match self {
            LoadBalancer::Random => "random",
            LoadBalancer::RoundRobin => "round-robin",
        }
    }

    /// Parses the name used in URLs.
    pub fn parse(text: &str) -> Option<LoadBalancer> {
        [LoadBalancer::Random, LoadBalancer::RoundRobin]
            .into_iter()
            .find(|lb| lb.as_str() == text)
    }
}

/// An inclusive range of allowed values with its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// Smallest allowed value.
    pub min: u32,
    /// Largest allowed value.
    pub max: u32,
    /// Value used when nothing is given.
    pub default: u32,
}

impl Range {
    /// Clamps `value` into the range.
    pub fn clamp(self, value: u32) -> u32 {
        value.clamp(self.min, self.max)
    }
}

/// API servers behind the load balancer: 1–16, default 4.
pub const SERVERS: Range = Range {
    min: 1,
    max: 16,
    default: 4,
};
/// Requests in the burst: 1–500, default 40.
pub const BURST: Range = Range {
    min: 1,
    max: 500,
    default: 40,
};
/// Redis round trip in microseconds: 0–20 ms in steps of 0.1 ms, default 2 ms.
pub const RTT_US: Range = Range {
    min: 0,
    max: 20_000,
    default: 2_000,
};
/// The step of the round trip, in microseconds (0.1 ms).
pub const RTT_STEP_US: u32 = 100;
/// Requests allowed per window: 1–200, default 10.
pub const LIMIT: Range = Range {
    min: 1,
    max: 200,
    default: 10,
};
/// Duration of the burst in milliseconds: 1–1000, default 40.
pub const SPAN_MS: Range = Range {
    min: 1,
    max: 1000,
    default: 40,
};
/// The seed of a first view, so that it is the same for everybody.
pub const DEFAULT_SEED: u64 = 2026;

/// One burst from one user, and how the servers enforce the limit.
///
/// Build it with [`Scenario::default`] and the `with_*` setters, which clamp
/// into range, or from URL-style parameters with
/// [`crate::sim::params::parse`], which also reports what it adjusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// How the servers enforce the limit. Default: [`Strategy::Local`].
    pub strategy: Strategy,
    /// API servers behind the load balancer (N), see [`SERVERS`].
    pub servers: u32,
    /// Requests in the burst (B), see [`BURST`].
    pub burst: u32,
    /// Redis round trip in microseconds, a multiple of [`RTT_STEP_US`], see [`RTT_US`].
    pub rtt_us: u32,
    /// Requests allowed in the window (L), see [`LIMIT`]. The window is long
    /// compared with the burst, so within one burst the limit is simply L.
    pub limit: u32,
    /// How long the burst lasts, in milliseconds, see [`SPAN_MS`].
    pub span_ms: u32,
    /// How requests are spread over servers. Default: [`LoadBalancer::Random`].
    pub lb: LoadBalancer,
    /// Seed of the random generator; the same seed gives the same burst.
    pub seed: u64,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            strategy: Strategy::Local,
            servers: SERVERS.default,
            burst: BURST.default,
            rtt_us: RTT_US.default,
            limit: LIMIT.default,
            span_ms: SPAN_MS.default,
            lb: LoadBalancer::Random,
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
        Scenario {
            servers: SERVERS.clamp(servers),
            ..self
        }
    }
    /// Sets the burst size, clamped to 1–500.
    pub fn with_burst(self, burst: u32) -> Self {
        Scenario {
            burst: BURST.clamp(burst),
            ..self
        }
    }
    /// Sets the round trip in microseconds, clamped to 0–20 ms and rounded
    /// to the nearest 0.1 ms.
    pub fn with_rtt_us(self, rtt_us: u32) -> Self {
        let rounded = (rtt_us.saturating_add(RTT_STEP_US / 2) / RTT_STEP_US) * RTT_STEP_US;
        Scenario {
            rtt_us: RTT_US.clamp(rounded),
            ..self
        }
    }
    /// Sets the limit, clamped to 1–200.
    pub fn with_limit(self, limit: u32) -> Self {
        Scenario {
            limit: LIMIT.clamp(limit),
            ..self
        }
    }
    /// Sets the burst's duration in milliseconds, clamped to 1–1000.
    pub fn with_span_ms(self, span_ms: u32) -> Self {
        Scenario {
            span_ms: SPAN_MS.clamp(span_ms),
            ..self
        }
    }
    /// Sets the load balancer.
    pub fn with_lb(self, lb: LoadBalancer) -> Self {
        Scenario { lb, ..self }
    }
    /// Sets the seed.
    pub fn with_seed(self, seed: u64) -> Self {
        Scenario { seed, ..self }
    }

    /// The same scenario with every field forced into range. The model runs
    /// on this, so a hand-built out-of-range scenario never panics.
    pub fn clamped(self) -> Self {
        self.with_servers(self.servers)
            .with_burst(self.burst)
            .with_rtt_us(self.rtt_us)
            .with_limit(self.limit)
            .with_span_ms(self.span_ms)
    }

    /// Quota of server `s` (0-based) under [`Strategy::Split`]:
    /// `floor(L/N) + 1` for the first `L mod N` servers, `floor(L/N)` for the
    /// rest, so the quotas sum to exactly L.
    pub fn split_quota(&self, s: u32) -> u32 {
        let n = self.servers.max(1);
        self.limit / n + u32::from(s < self.limit % n)
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
}

impl Preset {
    /// Every preset, in the order the UI offers them.
    pub const ALL: [Preset; 2] = [Preset::Gatepass, Preset::PerMinute];

    /// The name used in `?preset=`.
    pub fn as_str(self) -> &'static str {
        match self {
            Preset::Gatepass => "gatepass",
            Preset::PerMinute => "per-minute",
        }
    }

    /// Parses the name used in `?preset=`.
    pub fn parse(text: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.as_str() == text)
    }

    /// Applies the preset to `base`, keeping its strategy and seed.
    pub fn apply(self, base: Scenario) -> Scenario {
        let s = base.with_servers(4).with_rtt_us(2_000);
        match self {
            Preset::Gatepass => s
                .with_limit(10)
                .with_burst(40)
                .with_span_ms(40)
                .with_lb(LoadBalancer::Random),
            Preset::PerMinute => s
                .with_limit(100)
                .with_burst(400)
                .with_span_ms(1000)
                .with_lb(LoadBalancer::RoundRobin),
        }
    }

    /// Which preset, if any, `scenario` matches exactly (strategy and seed aside).
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
}
