//! The totals panel: the verdicts and their sentences, the numbers against
//! the limit (at a moment while replaying, at the end otherwise), what a
//! regular user gets, the Redis counter and what it means, the added
//! latency, what happens if Redis is slow or down (from the model's own
//! outcome), and the cost of sharing.

use crate::sim::{AllRefusedWhy, Fail, Health, Moment, Report, Strategy, Verdict};

use super::format;
use super::text::{Texts, T};

/// One verdict line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerdictLine {
    /// The verdict's name for styles and tests ("not-enforced", …; "so-far"
    /// while replaying).
    pub kind: &'static str,
    /// Its shape, so it never rests on colour alone.
    pub icon: &'static str,
    /// The sentence.
    pub text: String,
}

/// The verdict's shape.
pub fn icon(v: Verdict) -> &'static str {
    match v {
        Verdict::NotEnforced => "▲",
        Verdict::Enforced => "✓",
        Verdict::RefusedUnderLimit => "▼",
        Verdict::AllRefused(_) => "✕",
    }
}

/// Every verdict of the end state, worded.
pub fn verdicts(r: &Report, texts: &Texts) -> Vec<VerdictLine> {
    let n = |x: u32| x.to_string();
    r.verdicts()
        .into_iter()
        .map(|v| {
            let text = match v {
                Verdict::NotEnforced => texts.fill(
                    T::VerdictOver,
                    &[("n", &texts.count(r.over.into(), T::RequestOne, T::RequestMany))],
                ),
                Verdict::Enforced if r.scenario.burst <= r.limit => {
                    texts.get(T::VerdictFits).to_string()
                }
                Verdict::Enforced if r.allowed > r.limit => texts.fill(
                    T::VerdictRefill,
                    &[("n", &n(r.allowed)), ("k", &n(r.allowed - r.limit))],
                ),
                Verdict::Enforced => texts.fill(T::VerdictExact, &[("n", &n(r.allowed))]),
                Verdict::RefusedUnderLimit => texts.fill(
                    T::VerdictUnder,
                    &[(
                        "n",
                        &texts.count(r.refused_under_limit.into(), T::RequestOne, T::RequestMany),
                    )],
                ),
                Verdict::AllRefused(AllRefusedWhy::FailClosed) => {
                    texts.get(T::VerdictAllFail).to_string()
                }
                Verdict::AllRefused(AllRefusedWhy::NoQuota) => {
                    texts.get(T::VerdictAllQuota).to_string()
                }
            };
            VerdictLine {
                kind: v.as_str(),
                icon: icon(v),
                text,
            }
        })
        .collect()
}

/// The numbers of the totals, at a moment or at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// Allowed (answered) so far.
    pub allowed: u32,
    /// Beyond the allowance so far.
    pub over: u32,
    /// Refused while under the limit, answered so far.
    pub under: u32,
    /// Redis calls sent so far.
    pub calls: u32,
    /// The Redis counter then.
    pub counter: Option<u32>,
    /// Refused at the gateway so far.
    pub gateway: u32,
}

/// The numbers as they stood at moment `m`.
pub fn numbers(r: &Report, m: &Moment) -> Numbers {
    Numbers {
        allowed: m.allowed,
        over: m.allowed.saturating_sub(r.allowance),
        under: r
            .requests
            .iter()
            .filter(|q| q.refused_under_limit && q.answer_us <= m.t_us)
            .count() as u32,
        calls: m.calls,
        counter: m.counter,
        gateway: m.gateway_refused,
    }
}

/// While replaying, one line instead of the end's verdicts: beyond the
/// limit already, refused under it already, or neither yet.
pub fn so_far(r: &Report, m: &Moment, texts: &Texts) -> VerdictLine {
    let n = numbers(r, m);
    let at = texts.fill(
        T::LabelAt,
        &[
            ("t", &format::ms_tenths(m.t_us)),
            ("a", &n.allowed.to_string()),
            ("r", &m.refused.to_string()),
        ],
    );
    let kind = if n.over > 0 {
        Verdict::NotEnforced.as_str()
    } else if n.under > 0 {
        Verdict::RefusedUnderLimit.as_str()
    } else {
        "so-far"
    };
    VerdictLine {
        kind,
        icon: if n.over > 0 {
            "▲"
        } else if n.under > 0 {
            "▼"
        } else {
            "…"
        },
        text: at,
    }
}

/// The key under the counter figure: what it is and what it means.
pub fn counter_label(r: &Report, at_end: bool) -> T {
    match (r.scenario.strategy, at_end) {
        (Strategy::Lua, _) => T::StatTokens,
        (_, true) => T::StatCounter,
        (_, false) => T::StatCounterNow,
    }
}

/// What the Redis counter means, beside its value at the end.
pub fn counter_note(r: &Report, texts: &Texts) -> String {
    let s = &r.scenario;
    match s.strategy {
        Strategy::GetSet => {
            let lost = r.lost_updates();
            if lost > 0 {
                texts.fill(
                    T::CounterLost,
                    &[
                        ("a", &r.allowed.to_string()),
                        ("k", &texts.count(lost.into(), T::RequestOne, T::RequestMany)),
                    ],
                )
            } else {
                texts.get(T::CounterNoneLost).to_string()
            }
        }
        Strategy::Incr => texts.get(T::CounterIncr).to_string(),
        Strategy::Sync => {
            let missing = r.allowed.saturating_sub(r.final_counter.unwrap_or(0));
            if missing > 0 {
                texts.fill(T::CounterSync, &[("k", &missing.to_string())])
            } else {
                texts.get(T::CounterSyncAll).to_string()
            }
        }
        Strategy::Lua => texts.fill(
            T::CounterLua,
            &[("l", &s.limit.to_string()), ("window", &window(s.window_s, texts))],
        ),
        _ => String::new(),
    }
}

/// The window in words: "second", "minute", "hour", "30 seconds".
pub fn window(seconds: u32, texts: &Texts) -> String {
    match seconds {
        1 => texts.get(T::WindowSecond).to_string(),
        60 => texts.get(T::WindowMinute).to_string(),
        3600 => texts.get(T::WindowHour).to_string(),
        n => texts.fill(T::WindowSeconds, &[("n", &n.to_string())]),
    }
}

/// The added latency's median, and the note beside it.
pub fn latency(r: &Report, texts: &Texts) -> (String, String) {
    let median = texts.fill(T::Ms, &[("n", &format::ms(r.latency_median_us))]);
    let note = if r.latency_max_us > 0 {
        texts.fill(T::LatencyMax, &[("m", &format::ms(r.latency_max_us))])
    } else if r.scenario.strategy == Strategy::Sync {
        texts.get(T::LatencySync).to_string()
    } else {
        texts.get(T::LatencyNone).to_string()
    };
    (median, note)
}

/// The note beside the Redis-calls figure.
pub fn calls_note(s: Strategy) -> T {
    match s {
        Strategy::Local => T::CallsLocal,
        Strategy::Split => T::CallsSplit,
        Strategy::Sync => T::CallsSync,
        Strategy::Edge => T::CallsEdge,
        Strategy::GetSet => T::CallsGetSet,
        Strategy::Incr => T::CallsIncr,
        Strategy::Lua => T::CallsLua,
    }
}

/// Local counters' real ceiling for this user, N × L; `None` for the other
/// strategies.
pub fn ceiling(r: &Report, texts: &Texts) -> Option<String> {
    let s = &r.scenario;
    (s.strategy == Strategy::Local).then(|| {
        texts.fill(
            T::StatCeiling,
            &[
                ("n", &s.servers.to_string()),
                ("l", &s.limit.to_string()),
                ("c", &(s.servers * s.limit).to_string()),
            ],
        )
    })
}

/// The scenario again with Redis down: what the availability note compares
/// with while Redis is healthy. `None` when it would say nothing new (no
/// Redis, or Redis already slow or down).
pub fn down_scenario(r: &Report) -> Option<crate::sim::Scenario> {
    let s = r.scenario;
    (s.strategy.uses_redis() && s.redis == Health::Up).then(|| s.with_redis(Health::Down))
}

/// What happens if Redis is slow or down, from the model's outcome: for the
/// current setting when Redis is slow or down, or for `down` (the same
/// scenario with Redis down, see [`down_scenario`]) while it is healthy.
pub fn redis_note(r: &Report, down: Option<&Report>, texts: &Texts) -> String {
    let s = &r.scenario;
    let health = |h: Health| {
        texts
            .get(match h {
                Health::Up => T::HealthUp,
                Health::Slow => T::HealthSlow,
                Health::Down => T::HealthDown,
            })
            .to_string()
    };
    let b = s.burst.to_string();
    match s.strategy {
        Strategy::Local | Strategy::Split => texts.get(T::DownNone).to_string(),
        Strategy::Edge => texts.get(T::DownEdge).to_string(),
        Strategy::Sync if s.redis != Health::Up => {
            let late = r.calls.iter().filter(|c| c.abandoned_us.is_some()).count();
            texts.fill(
                T::DownSyncNow,
                &[
                    ("health", &health(s.redis)),
                    ("k", &late.to_string()),
                    ("c", &r.calls.len().to_string()),
                    ("a", &r.allowed.to_string()),
                    ("b", &b),
                ],
            )
        }
        Strategy::Sync => texts.fill(
            T::DownSyncIf,
            &[
                ("a", &down.map_or(r.allowed, |d| d.allowed).to_string()),
                ("b", &b),
            ],
        ),
        _ if r.fail_decided > 0 => texts.fill(
            T::DownNow,
            &[
                ("health", &health(s.redis)),
                ("k", &r.fail_decided.to_string()),
                ("t", &s.timeout_ms.to_string()),
                (
                    "verdict",
                    texts.get(if s.fail == Fail::Open {
                        T::DownAllowed
                    } else {
                        T::DownRefused
                    }),
                ),
                ("a", &r.allowed.to_string()),
                ("b", &b),
            ],
        ),
        _ if s.redis == Health::Slow => texts.fill(
            T::DownSlowInTime,
            &[("t", &s.timeout_ms.to_string())],
        ),
        _ => texts.fill(
            if s.fail == Fail::Open {
                T::DownIfOpen
            } else {
                T::DownIfClosed
            },
            &[
                ("t", &s.timeout_ms.to_string()),
                ("a", &down.map_or(0, |d| d.allowed).to_string()),
                ("b", &b),
            ],
        ),
    }
}
