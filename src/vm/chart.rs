//! The charts' geometry: from a sweep's points to scales, one line and one
//! band per strategy, the limit, local counters' N × L ceiling and the
//! learner's own position, in CSS pixels of an SVG's viewBox.

use crate::sim::sweep::{Axis, Point, Sweep};
use crate::sim::Strategy;

use super::format;

/// The margins inside the chart, in viewBox units.
const LEFT: f64 = 40.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 34.0;

/// One drawn point.
#[derive(Clone, Debug, PartialEq)]
pub struct Dot {
    pub strategy: Strategy,
    /// The swept value as the chart shows it ("8", "5" for 5 ms).
    pub x_text: String,
    /// The swept value as written in `data-x` (servers, or ms).
    pub x: String,
    /// Mean, least and most allowed, as written in `data-*`.
    pub mean: String,
    pub min: u32,
    pub max: u32,
    /// Where it is drawn.
    pub cx: f64,
    pub cy: f64,
    /// Not all of its bursts have run yet.
    pub stale: bool,
}

/// One strategy's line and band.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub strategy: Strategy,
    /// The mean line, as an SVG path.
    pub line: String,
    /// The band from least to most, as an SVG path.
    pub band: String,
}

/// A whole chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// What is swept along x.
    pub axis: Axis,
    pub w: f64,
    pub h: f64,
    pub series: Vec<Series>,
    pub dots: Vec<Dot>,
    /// The limit's height.
    pub limit_y: f64,
    /// Local counters' ceiling, min(B, N × L), as an SVG path (servers chart).
    pub ceiling: Option<String>,
    /// The learner's position on the x axis.
    pub here_x: Option<f64>,
    /// Ticks: (position, label) along x, then along y.
    pub x_ticks: Vec<(f64, String)>,
    pub y_ticks: Vec<(f64, String)>,
    /// The y axis' top value.
    pub y_max: u32,
    /// Whether every point is complete.
    pub done: bool,
}

/// A coordinate as a whole number (no float formatting in the wasm).
pub fn px(v: f64) -> i32 {
    v.round() as i32
}

/// A round number at or above `v` for the top of the y axis.
fn nice(v: u32) -> u32 {
    let v = v.max(1);
    let mag = 10u32.pow(v.ilog10());
    for step in [1, 2, 5, 10] {
        let top = step * mag;
        if top >= v {
            return top;
        }
    }
    10 * mag
}

/// The points to draw: each point of `now` once all its bursts have run;
/// until then the same point of `before` (a sweep of the previous scenario)
/// if it had completed, or the partial point, both marked stale.
pub fn points(now: &Sweep, before: Option<&Sweep>) -> Vec<(Point, bool)> {
    now.points()
        .iter()
        .filter_map(|p| {
            if p.done() {
                return Some((*p, false));
            }
            let old = before.and_then(|b| {
                b.points()
                    .iter()
                    .find(|q| q.strategy == p.strategy && q.x == p.x && q.done())
            });
            match old {
                Some(q) => Some((*q, true)),
                None => (p.runs > 0).then_some((*p, true)),
            }
        })
        .collect()
}

/// The chart of `sweep` (with `before` standing in for its unfinished
/// points, see [`points`]) in `w` × `h`, with the learner's setting `here`
/// (servers, or the round trip in µs) marked.
pub fn chart(sweep: &Sweep, before: Option<&Sweep>, w: f64, h: f64, here: u32) -> Chart {
    let shown = points(sweep, before);
    let axis = sweep.axis();
    let base = sweep.base();
    let xs = axis.values();
    let (x0, x1) = (
        f64::from(*xs.first().unwrap_or(&0)),
        f64::from(*xs.last().unwrap_or(&1)),
    );
    let ceiling_top = match axis {
        Axis::Servers => base.burst.min(16 * base.limit),
        Axis::Rtt => 0,
    };
    let top = shown
        .iter()
        .map(|(p, _)| p.max)
        .max()
        .unwrap_or(0)
        .max(base.limit)
        .max(ceiling_top);
    let y_max = nice(top);
    let sx = |x: u32| LEFT + (f64::from(x) - x0) / (x1 - x0).max(1.0) * (w - LEFT - RIGHT);
    let sy =
        |y100: u32| h - BOTTOM - f64::from(y100) / 100.0 / f64::from(y_max) * (h - TOP - BOTTOM);
    let x_text = |x: u32| match axis {
        Axis::Servers => x.to_string(),
        Axis::Rtt => format::ms(u64::from(x)),
    };
    let mut series = Vec::new();
    let mut dots = Vec::new();
    for strategy in axis.strategies() {
        let pts: Vec<&(Point, bool)> = shown
            .iter()
            .filter(|(p, _)| p.strategy == strategy)
            .collect();
        let mut line = String::new();
        let mut upper = String::new();
        let mut lower: Vec<String> = Vec::new();
        for (k, (p, stale)) in pts.iter().enumerate() {
            let (x, y) = (sx(p.x), sy(p.mean_hundredths()));
            line.push_str(&format!(
                "{}{} {}",
                if k == 0 { "M" } else { "L" },
                px(x),
                px(y)
            ));
            upper.push_str(&format!(
                "{}{} {}",
                if k == 0 { "M" } else { "L" },
                px(x),
                px(sy(p.max * 100))
            ));
            lower.push(format!("L{} {}", px(x), px(sy(p.min * 100))));
            dots.push(Dot {
                strategy,
                x_text: x_text(p.x),
                x: x_text(p.x),
                mean: format::hundredths(u64::from(p.mean_hundredths())),
                min: p.min,
                max: p.max,
                cx: x,
                cy: y,
                stale: *stale,
            });
        }
        lower.reverse();
        let band = if pts.is_empty() {
            String::new()
        } else {
            format!("{upper}{}Z", lower.concat())
        };
        series.push(Series {
            strategy,
            line,
            band,
        });
    }
    let ceiling = (axis == Axis::Servers).then(|| {
        xs.iter()
            .enumerate()
            .map(|(k, &n)| {
                let y = sy(base.burst.min(n * base.limit) * 100);
                format!("{}{} {}", if k == 0 { "M" } else { "L" }, px(sx(n)), px(y))
            })
            .collect::<String>()
    });
    let here_x = (here as f64 >= x0 && here as f64 <= x1).then(|| sx(here));
    let x_ticks = xs
        .iter()
        .filter(|&&x| match axis {
            Axis::Servers => x == 1 || x % 4 == 0,
            Axis::Rtt => x % 5000 == 0,
        })
        .map(|&x| (sx(x), x_text(x)))
        .collect();
    // Whole-number ticks: the top is 1, 2 or 5 times a power of ten, so
    // quarters divide 2 × 10ᵏ evenly and fifths the others (units below 5).
    let step = if y_max < 5 {
        1
    } else if y_max.to_string().starts_with('2') {
        y_max / 4
    } else {
        y_max / 5
    };
    let y_ticks = (0..=y_max / step)
        .map(|k| {
            let v = k * step;
            (sy(v * 100), v.to_string())
        })
        .collect();
    Chart {
        axis,
        w,
        h,
        series,
        dots,
        limit_y: sy(base.limit * 100),
        ceiling,
        here_x,
        x_ticks,
        y_ticks,
        y_max,
        done: sweep.is_done(),
    }
}

/// The sentence under the charts: what each point is, and of how many
/// requests each chart's bursts are. The servers chart uses a larger burst
/// than the learner's when theirs would hide the N × L ceiling
/// ([`Axis::base`]); then the sentence gives both bursts.
pub fn note(s: &crate::sim::Scenario, texts: &super::text::Texts) -> String {
    use super::text::T;
    let from = s.seed.to_string();
    let to = s
        .seed
        .wrapping_add(u64::from(crate::sim::sweep::SEEDS) - 1)
        .to_string();
    let (bs, br) = (Axis::Servers.base(s).burst, Axis::Rtt.base(s).burst);
    if bs == br {
        texts.fill(
            T::ChartNote,
            &[("from", &from), ("to", &to), ("b", &bs.to_string())],
        )
    } else {
        texts.fill(
            T::ChartNoteTwo,
            &[
                ("from", &from),
                ("to", &to),
                ("bs", &bs.to_string()),
                ("br", &br.to_string()),
            ],
        )
    }
}

/// A point's name, units in every number: "Local counters, 4 servers:
/// mean 40 allowed, least 38, most 40" (`name`: the strategy's name).
pub fn point_label(axis: Axis, d: &Dot, name: &str, t: &super::text::Texts) -> String {
    use super::text::T;
    let at = t.fill(
        match axis {
            Axis::Servers if d.x_text == "1" => T::ChartAtServer,
            Axis::Servers => T::ChartAtServers,
            Axis::Rtt => T::ChartAtRtt,
        },
        &[("n", &t.num(&d.x_text))],
    );
    t.fill(
        T::ChartPoint,
        &[
            ("s", name),
            ("x", &at),
            ("mean", &t.num(&d.mean)),
            ("min", &d.min.to_string()),
            ("max", &d.max.to_string()),
        ],
    )
}
