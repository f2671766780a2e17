//! What the controls show for a scenario: each slider's value, the value
//! in words with its unit, its note and whether it is shown at all; the
//! limit in words; which choices are checked.

use crate::sim::params::write_value;
use crate::sim::{Knob, Scenario, Strategy, Unit, BURST, EDGE, MOVE, PLAN, RTT, SYNC};

use super::format;
use super::strategy::about;
use super::text::{Text, Texts};
use super::totals::window;

/// One slider as it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliderView {
    /// The input's value, as written (ms for the round trip).
    pub value: String,
    /// The input's largest value, as written.
    pub max: String,
    /// The value in words, with its unit ("8 servers", "2.5 ms").
    pub shown: String,
    /// A note under the slider; the slider is dimmed while there is one.
    pub note: Option<String>,
    /// Hidden: the strategy or the load balancer does not use it.
    pub hidden: bool,
}

/// `knob`'s slider for scenario `s`.
pub fn slider(knob: &Knob, s: &Scenario, t: &Texts) -> SliderView {
    let count = |n: u32| t.count(n.into(), Text::ServersOne, Text::ServersMany);
    let ms = |n: &str| t.fill(Text::Ms, &[("n", &t.num(n))]);
    let get = (knob.get)(s);
    let mut max = knob.max;
    let mut note = None;
    // Hidden where it changes nothing (the knob's own rule).
    let hidden = !(knob.applies)(s);
    let (value, shown) = if *knob == BURST {
        (
            s.burst,
            t.fill(
                Text::BurstValue,
                &[
                    ("n", &s.burst.to_string()),
                    ("span", &s.span_ms.to_string()),
                ],
            ),
        )
    } else if *knob == RTT {
        if !s.strategy.uses_redis() {
            note = Some(t.get(Text::RttUnused).to_string());
        }
        (s.rtt_us, ms(&write_value(knob, s.rtt_us)))
    } else if *knob == SYNC {
        (
            s.sync_ms,
            t.fill(Text::SyncValue, &[("n", &s.sync_ms.to_string())]),
        )
    } else if *knob == PLAN {
        (s.planned(), count(s.planned()))
    } else if *knob == MOVE {
        // The rightmost position, the span itself, means no move.
        max = s.span_ms;
        match s.move_ms {
            Some(m) => (m, ms(&m.to_string())),
            None => (s.span_ms, t.get(Text::NoMove).to_string()),
        }
    } else if *knob == EDGE {
        // The position past the span's end means no edge.
        max = s.span_ms + 1;
        match s.edge_ms {
            Some(e) => (e, ms(&e.to_string())),
            None => (max, t.get(Text::NoMove).to_string()),
        }
    } else {
        let v = get.unwrap_or(knob.default);
        let shown = match knob.unit {
            Unit::Ms | Unit::TenthMs => ms(&write_value(knob, v)),
            _ => count(v),
        };
        (v, shown)
    };
    SliderView {
        value: write_value(knob, value),
        max: write_value(knob, max),
        shown,
        note,
        hidden,
    }
}

/// A slider's new value from its input's text, in model units (the move:
/// `None` at its rightmost position).
pub fn read(knob: &Knob, s: &Scenario, text: &str) -> Option<Scenario> {
    let v = crate::sim::params::read_value(knob, text)?;
    let v = v.clamp(i64::from(knob.min), i64::from(u32::MAX)) as u32;
    Some(if *knob == MOVE {
        s.with_move_ms((v < s.span_ms).then_some(v))
    } else if *knob == EDGE {
        s.with_edge_ms((v <= s.span_ms).then_some(v))
    } else if *knob == PLAN {
        s.with_plan(Some(v))
    } else {
        (knob.set)(*s, v)
    })
}

/// The limit in words: "Limit: 10 requests per second, for one user. …".
pub fn limit_line(s: &Scenario, t: &Texts) -> String {
    let e = s.edge_us().map(|e| (e / 1000).to_string());
    t.fill(
        if e.is_some() {
            Text::LimitLineEdge
        } else {
            Text::LimitLine
        },
        &[
            ("e", &t.num(e.as_deref().unwrap_or(""))),
            (
                "limit",
                &t.count(s.limit.into(), Text::RequestOne, Text::RequestMany),
            ),
            ("window", &window(s.window_s, t)),
        ],
    )
}

/// The site's traffic in words.
pub fn traffic(s: &Scenario, t: &Texts) -> String {
    t.fill(
        Text::TrafficValue,
        &[("n", &t.num(&format::grouped(s.traffic.into())))],
    )
}

/// The explanation's paragraphs and its "in production" line for `s`.
pub fn explain(s: Strategy) -> [Text; 3] {
    about(s).explain
}

/// Whether the Redis settings and the box of the timeline and the log
/// show under `s`: for every strategy that calls Redis (the batched sync
/// too). The timeline inside the box has its own rule
/// ([`super::timeline::shown`]).
pub fn redis_parts(s: Strategy) -> [bool; 2] {
    [s.uses_redis(); 2]
}

/// Where Step (`n` > 0 events on) or Step back (`n` < 0) moves the replay
/// from moment `t` (`None`: the end), given the run's event times `ts` and
/// its end: the `n`th event after `t`, or before it; on from the end,
/// the first event again (`None` past the last event means the end).
pub fn step(ts: &[u64], end: u64, t: Option<u64>, n: i32) -> Option<u64> {
    if n > 0 {
        let from = t.map_or(0, |t| ts.iter().position(|&x| x > t).unwrap_or(ts.len()));
        let at = from + n as usize - 1;
        match t {
            None => ts.get(at).copied(),
            Some(_) => Some(ts.get(at).copied().unwrap_or(end)),
        }
    } else {
        let t = t.unwrap_or(end).min(end);
        let before = ts.iter().filter(|&&x| x < t).count();
        let at = before.saturating_sub(n.unsigned_abs() as usize);
        Some(if before == 0 { 0 } else { ts[at] })
    }
}

/// The tab an arrow key, Home or End moves to from `current` among the
/// strategies `offered` (round from the last to the first); `None` for
/// any other key.
pub fn tab_after(offered: &[Strategy], current: Option<Strategy>, key: &str) -> Option<Strategy> {
    let len = offered.len();
    let at = offered
        .iter()
        .position(|s| Some(*s) == current)
        .unwrap_or(0);
    let next = match key {
        "ArrowRight" | "ArrowDown" => (at + 1) % len,
        "ArrowLeft" | "ArrowUp" => (at + len - 1) % len,
        "Home" => 0,
        "End" => len - 1,
        _ => return None,
    };
    offered.get(next).copied()
}

/// The site's traffic after an arrow key (`by` = ±1,000, or ±10,000 for
/// PageUp and PageDown): the next round multiple of `by` up or down, so a
/// typed number stays valid and a press is a useful change; 1 to 1,000,000.
pub fn traffic_step(now: u32, by: i64) -> u32 {
    let now = i64::from(now);
    let next = if by > 0 {
        (now / by + 1) * by
    } else {
        ((now + by.abs() - 1) / by.abs() - 1) * by.abs()
    };
    next.clamp(1, 1_000_000) as u32
}
