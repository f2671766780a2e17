//! Every explanatory sentence the widget shows, in one place, so the copy
//! can be read and reviewed as prose.

use crate::sim::Strategy;

/// What the learner reads about one strategy.
pub struct StrategyText {
    /// The tab's label.
    pub tab: &'static str,
    /// One line under the tab: what the servers do.
    pub summary: &'static str,
    /// Why it fails or works, a few sentences.
    pub explain: &'static [&'static str],
    /// A note beside the Redis-calls figure.
    pub calls_note: &'static str,
    /// What happens to this strategy if Redis is slow or down.
    pub redis_down: &'static str,
    /// Where real systems do this.
    pub in_production: &'static str,
}

/// The copy for `strategy`.
pub fn strategy(strategy: Strategy) -> &'static StrategyText {
    match strategy {
        Strategy::Local => &LOCAL,
        Strategy::Split => &SPLIT,
        Strategy::GetSet => &GETSET,
        Strategy::Incr => &INCR,
    }
}

static LOCAL: StrategyText = StrategyText {
    tab: "Local counters",
    summary: "Every server keeps its own count in memory and lets through up to the full limit.",
    explain: &[
        "The limit is a promise about one user, but each counter only knows about one server. \
         The load balancer hands each server a slice of the burst, so every server stays \
         comfortably under the limit while the user, taken as a whole, sails past it.",
        "With N servers the user can get up to N times the limit, and the ceiling rises on its \
         own each time autoscaling adds a server. On a laptop there is one server that sees every \
         request, which is why this passes every test before it ships.",
    ],
    calls_note: "no network hop: the count never leaves the server",
    redis_down: "Nothing changes, because nothing is shared. That is the only thing this strategy \
                 has going for it: it never depended on Redis, and it never enforced the real limit either.",
    in_production: "Kong calls this its local policy and documents that each node counts on its own.",
};

static SPLIT: StrategyText = StrategyText {
    tab: "Local, limit ÷ N",
    summary: "Every server counts in memory but only allows its share: about limit ÷ N.",
    explain: &[
        "The shares add up to the limit, so the total can never overshoot. It fails the other \
         way instead: a load balancer does not deal one user's short burst out evenly, so one \
         server runs out of its share and starts refusing while the user is still under the limit.",
        "The shares are also only right for today's N. Add a server and the total allowance grows \
         (or someone must reconfigure every server); with more servers than the limit, some \
         servers get a share of zero and refuse everything they are sent.",
    ],
    calls_note: "no network hop, but every server must know N",
    redis_down: "Nothing changes, because nothing is shared; but the shares are wrong the moment \
                 the number of servers changes.",
    in_production: "Pinning a user to one server (sticky sessions) looks like a fix, but deploys, \
                    scaling, failover and new connections all move users between servers.",
};

static GETSET: StrategyText = StrategyText {
    tab: "Redis GET, then SET",
    summary: "One shared counter in Redis: read it with GET, compare, then write count + 1 with SET.",
    explain: &[
        "Every server now asks the same counter, which is the right idea done the wrong way. \
         Between a server's GET and its SET there is a round trip in which other servers read \
         the same old value. Two servers read 7, both allow, both write 8.",
        "Under a burst many requests fall into that gap, and the slower the round trip, the \
         wider the gap. Updates are lost too: SET writes \"what I read, plus one\", so the \
         counter ends lower than the number of requests that were allowed.",
    ],
    calls_note: "GET for every request, plus a SET for every one allowed",
    redis_down: "Every request now waits on Redis. With no timeout a slow Redis stalls the whole \
                 API; with a short timeout the limiter must pick: fail open (allow) or fail closed (refuse).",
    in_production: "The race is why Redis's own rate-limiter pattern is built on INCR rather than \
                    on reading and writing the value.",
};

static INCR: StrategyText = StrategyText {
    tab: "Redis INCR (atomic)",
    summary: "One shared counter in Redis, bumped with INCR; the server compares the count INCR returns.",
    explain: &[
        "INCR adds one and returns the new count in a single step, and Redis runs commands one \
         at a time, so no two requests can ever see the same count. Exactly the limit gets \
         through, however many servers there are and however slow the round trip.",
        "The first INCR of a window (it returns 1) is followed by an EXPIRE, so the counter \
         resets when the window ends. Token buckets and sliding windows get the same guarantee \
         by running as one Lua script or Redis function, which Redis also runs without interruption.",
    ],
    calls_note: "one round trip per request, no race",
    redis_down: "The limiter has to choose. Fail open (allow everything) keeps the API up but \
                 drops the protection, the usual choice for general API limits. Fail closed \
                 (refuse) is right where abuse is costly, such as one-time codes or logins. \
                 Either way, a short timeout keeps a slow Redis from stalling every request.",
    in_production: "Stripe and GitHub run their limiters as Lua scripts in Redis; Envoy's global \
                    rate-limit service uses INCRBY and EXPIRE, fails open by default and keeps \
                    its call short.",
};

/// The widget's title.
pub const TITLE: &str = "Rate Limit Lab";

/// One line of framing under the title.
pub const FRAMING: &str = "One user, one limit, several servers behind a load balancer: see \
     where a limit kept in each server's memory leaks, and what stops the leak.";

/// What the round-trip slider's note says when the strategy makes no round trip.
pub const RTT_UNUSED: &str = "Only the Redis strategies make a round trip.";

/// Key takeaways, a few lines.
pub const TAKEAWAYS: &[&str] = &[
    "A counter in a server's memory describes the server, not the user: behind a load balancer \
     the user gets up to N times the limit.",
    "Dividing the limit by N refuses real requests, because bursts are not spread evenly, and \
     it breaks whenever N changes.",
    "Share one counter, and update it atomically: INCR, or a Lua script for token buckets and \
     sliding windows. GET-then-SET races and loses updates.",
    "Sharing costs a round trip and a Redis operation per request, and a dependency: decide in \
     advance whether to fail open or closed, and put a short timeout on the call.",
    "Exact limits are not always needed: counters synced in batches, or coarse limits at the \
     edge, are often good enough; keep the exact, fail-closed kind for where abuse is costly.",
];
