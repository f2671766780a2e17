//! What the controls show for a scenario: each slider's value, the value
//! in words with its unit, its note and whether it is shown at all; the
//! limit in words; which choices are checked.

use crate::sim::params::write_value;
use crate::sim::{Knob, LoadBalancer, Scenario, Strategy, Unit, MOVE};

use super::format;
use super::text::{Texts, T};
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
    let count = |n: u32| t.count(n.into(), T::ServersOne, T::ServersMany);
    let ms = |n: &str| t.fill(T::Ms, &[("n", &t.num(n))]);
    let get = (knob.get)(s);
    let mut max = knob.max;
    let mut note = None;
    let mut hidden = false;
    let (value, shown) = match knob.name {
        "burst" => (
            s.burst,
            t.fill(
                T::BurstValue,
                &[
                    ("n", &s.burst.to_string()),
                    ("span", &s.span_ms.to_string()),
                ],
            ),
        ),
        "rtt" => {
            if !s.strategy.uses_redis() {
                note = Some(t.get(T::RttUnused).to_string());
            }
            (s.rtt_us, ms(&write_value(knob, s.rtt_us)))
        }
        "sync" => {
            hidden = s.strategy != Strategy::Sync;
            (
                s.sync_ms,
                t.fill(T::SyncValue, &[("n", &s.sync_ms.to_string())]),
            )
        }
        "plan" => {
            hidden = s.strategy != Strategy::Split;
            (s.planned(), count(s.planned()))
        }
        "move" => {
            // The rightmost position, the span itself, means no move.
            hidden = s.lb != LoadBalancer::Sticky;
            max = s.span_ms;
            match s.move_ms {
                Some(m) => (m, ms(&m.to_string())),
                None => (s.span_ms, t.get(T::NoMove).to_string()),
            }
        }
        _ => {
            let v = get.unwrap_or(knob.default);
            let shown = match knob.unit {
                Unit::Ms | Unit::TenthMs => ms(&write_value(knob, v)),
                _ => count(v),
            };
            (v, shown)
        }
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
    Some(if knob.name == MOVE.name {
        s.with_move_ms((v < s.span_ms).then_some(v))
    } else if knob.name == crate::sim::PLAN.name {
        s.with_plan(Some(v))
    } else {
        (knob.set)(*s, v)
    })
}

/// The limit in words: "Limit: 10 requests per second, for one user. …".
pub fn limit_line(s: &Scenario, t: &Texts) -> String {
    t.fill(
        T::LimitLine,
        &[
            (
                "limit",
                &t.count(s.limit.into(), T::RequestOne, T::RequestMany),
            ),
            ("window", &window(s.window_s, t)),
        ],
    )
}

/// The site's traffic in words.
pub fn traffic(s: &Scenario, t: &Texts) -> String {
    t.fill(
        T::TrafficValue,
        &[("n", &t.num(&format::grouped(s.traffic.into())))],
    )
}
