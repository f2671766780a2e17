//! The charts' geometry: from a sweep's points to scales, one line and one
//! band per strategy, the limit, local counters' N × L ceiling and the
//! learner's own position, in CSS pixels of an SVG's viewBox.

use crate::sim::sweep::{Axis, Point, Sweep};
use crate::sim::Strategy;

use super::format;
use super::html::{Html, Lit};
use super::names::{Class, Hook};
use super::text::{Text, Texts};
use crate::{html, html_of};

/// The margins inside a chart, in viewBox units (written once: the view
/// draws its axes from the chart's own).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margins {
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
}

/// A full chart's margins: room for the ticks and the axis' name.
pub const FULL: Margins = Margins {
    left: 40.0,
    right: 12.0,
    top: 12.0,
    bottom: 34.0,
};

/// The mini chart beside the round-trip slider: no axes, room for the
/// marker's dot.
pub const MINI: Margins = Margins {
    left: 4.0,
    right: 4.0,
    top: 4.0,
    bottom: 4.0,
};

/// A full chart's height for its width, in CSS pixels: shorter on a phone.
/// The stylesheet keeps the same boxes before the SVG is built.
pub fn height(width: f64) -> f64 {
    if width < super::NARROW_FIGURE {
        220.0
    } else {
        260.0
    }
}

/// The mini chart's height, in CSS pixels: the slider's own.
pub const MINI_H: f64 = 32.0;

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
    /// Its points: the swept value and the mean allowed in hundredths.
    pub points: Vec<(u32, u32)>,
}

/// A whole chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// What is swept along x.
    pub axis: Axis,
    pub w: f64,
    pub h: f64,
    pub m: Margins,
    pub series: Vec<Series>,
    pub dots: Vec<Dot>,
    /// The limit's height.
    pub limit_y: f64,
    /// Local counters' ceiling, min(B, N × L), as an SVG path (servers chart).
    pub ceiling: Option<String>,
    /// The learner's position on the x axis.
    pub here_x: Option<f64>,
    /// A chart of one strategy: its mean at the learner's position (between
    /// two points, on the line joining them), as (height, hundredths).
    pub here_at: Option<(f64, u32)>,
    /// Ticks: (position, label) along x, then along y.
    pub x_ticks: Vec<(f64, String)>,
    pub y_ticks: Vec<(f64, String)>,
    /// The y axis' top value.
    pub y_max: u32,
    /// The bursts' requests, and the limit.
    pub burst: u32,
    pub limit: u32,
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
    draw(sweep, before, (w, h), here, None, FULL)
}

/// The mini chart beside the round-trip slider: `strategy`'s line of the
/// round-trip sweep, the learner's round trip `here` (µs) marked on it.
pub fn mini(
    sweep: &Sweep,
    before: Option<&Sweep>,
    w: f64,
    h: f64,
    here: u32,
    strategy: Strategy,
) -> Chart {
    draw(sweep, before, (w, h), here, Some(strategy), MINI)
}

/// Where the model's values land on a chart.
struct Scale {
    x0: f64,
    x1: f64,
    w: f64,
    h: f64,
    m: Margins,
    y_max: u32,
    axis: Axis,
}

impl Scale {
    /// The x of a value on the axis.
    fn x(&self, x: u32) -> f64 {
        let m = &self.m;
        m.left
            + (f64::from(x) - self.x0) / (self.x1 - self.x0).max(1.0) * (self.w - m.left - m.right)
    }

    /// The y of a count given in hundredths.
    fn y(&self, y100: u32) -> f64 {
        let m = &self.m;
        self.h
            - m.bottom
            - f64::from(y100) / 100.0 / f64::from(self.y_max) * (self.h - m.top - m.bottom)
    }

    /// A value on the axis in words.
    fn x_text(&self, x: u32) -> String {
        match self.axis {
            Axis::Servers => x.to_string(),
            Axis::Rtt => format::ms(u64::from(x)),
        }
    }
}

/// Each strategy's line (the mean), band (least to most) and points, and
/// the dots a learner can read.
fn series(
    shown: &[(Point, bool)],
    axis: Axis,
    only: Option<Strategy>,
    sc: &Scale,
) -> (Vec<Series>, Vec<Dot>) {
    let mut series = Vec::new();
    let mut dots = Vec::new();
    for strategy in axis
        .strategies()
        .into_iter()
        .filter(|s| only.is_none_or(|o| o == *s))
    {
        let pts: Vec<&(Point, bool)> = shown
            .iter()
            .filter(|(p, _)| p.strategy == strategy)
            .collect();
        let mut line = String::new();
        let mut upper = String::new();
        let mut lower: Vec<String> = Vec::new();
        let mut means = Vec::new();
        for (k, (p, stale)) in pts.iter().enumerate() {
            let (x, y) = (sc.x(p.x), sc.y(p.mean_hundredths()));
            let to = if k == 0 { "M" } else { "L" };
            line.push_str(&format!("{to}{} {}", px(x), px(y)));
            upper.push_str(&format!("{to}{} {}", px(x), px(sc.y(p.max * 100))));
            lower.push(format!("L{} {}", px(x), px(sc.y(p.min * 100))));
            means.push((p.x, p.mean_hundredths()));
            dots.push(Dot {
                strategy,
                x_text: sc.x_text(p.x),
                x: sc.x_text(p.x),
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
            points: means,
        });
    }
    (series, dots)
}

/// The local counters' ceiling, min(B, N × L), as a path over the servers.
fn ceiling(xs: &[u32], base: &crate::sim::Scenario, sc: &Scale) -> String {
    xs.iter()
        .enumerate()
        .map(|(k, &n)| {
            let y = sc.y(base.burst.min(n * base.limit) * 100);
            format!(
                "{}{} {}",
                if k == 0 { "M" } else { "L" },
                px(sc.x(n)),
                px(y)
            )
        })
        .collect()
}

/// Whole-number ticks: the top is 1, 2 or 5 times a power of ten, so
/// quarters divide 2 × 10ᵏ evenly and fifths the others (units below 5).
fn y_ticks(sc: &Scale) -> Vec<(f64, String)> {
    let y_max = sc.y_max;
    let step = if y_max < 5 {
        1
    } else if y_max.to_string().starts_with('2') {
        y_max / 4
    } else {
        y_max / 5
    };
    (0..=y_max / step)
        .map(|k| {
            let v = k * step;
            (sc.y(v * 100), v.to_string())
        })
        .collect()
}

fn draw(
    sweep: &Sweep,
    before: Option<&Sweep>,
    (w, h): (f64, f64),
    here: u32,
    only: Option<Strategy>,
    m: Margins,
) -> Chart {
    let mut shown = points(sweep, before);
    shown.retain(|(p, _)| only.is_none_or(|s| s == p.strategy));
    let axis = sweep.axis();
    let base = sweep.base();
    let xs = axis.values();
    let (x0, x1) = (
        f64::from(*xs.first().unwrap_or(&0)),
        f64::from(*xs.last().unwrap_or(&1)),
    );
    let ceiling_top = match axis {
        Axis::Servers if only.is_none() => base.burst.min(16 * base.limit),
        _ => 0,
    };
    let top = shown
        .iter()
        .map(|(p, _)| p.max)
        .max()
        .unwrap_or(0)
        .max(base.limit)
        .max(ceiling_top);
    let y_max = nice(top);
    let sc = Scale {
        x0,
        x1,
        w,
        h,
        m,
        y_max,
        axis,
    };
    let (series, dots) = series(&shown, axis, only, &sc);
    let ceiling = (axis == Axis::Servers && only.is_none()).then(|| ceiling(&xs, base, &sc));
    let here_x = (here as f64 >= x0 && here as f64 <= x1).then(|| sc.x(here));
    let x_ticks = xs
        .iter()
        .filter(|&&x| match axis {
            Axis::Servers => x == 1 || x % 4 == 0,
            Axis::Rtt => x % 5000 == 0,
        })
        .map(|&x| (sc.x(x), sc.x_text(x)))
        .collect();
    let y_ticks = y_ticks(&sc);
    let here_at = only
        .and_then(|_| mean_at(&series.first()?.points, here))
        .map(|v| (sc.y(v), v));
    Chart {
        axis,
        w,
        h,
        m,
        series,
        dots,
        limit_y: sc.y(base.limit * 100),
        ceiling,
        here_x,
        here_at,
        x_ticks,
        y_ticks,
        y_max,
        burst: base.burst,
        limit: base.limit,
        done: sweep.is_done(),
    }
}

/// The sentence under the charts: what each point is, and of how many
/// requests each chart's bursts are. The servers chart uses a larger burst
/// than the learner's when theirs would hide the N × L ceiling
/// ([`Axis::base`]); then the sentence gives both bursts.
pub fn note(s: &crate::sim::Scenario, texts: &Texts) -> String {
    let from = s.seed.to_string();
    let to = s
        .seed
        .wrapping_add(u64::from(crate::sim::sweep::SEEDS) - 1)
        .to_string();
    let (bs, br) = (Axis::Servers.base(s).burst, Axis::Rtt.base(s).burst);
    if bs == br {
        texts.fill(
            Text::ChartNote,
            &[("from", &from), ("to", &to), ("b", &bs.to_string())],
        )
    } else {
        texts.fill(
            Text::ChartNoteTwo,
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
/// 40 allowed on average, fewest 38, most 40".
pub fn point_label(axis: Axis, d: &Dot, t: &Texts) -> String {
    let at = t.fill(
        match axis {
            Axis::Servers if d.x_text == "1" => Text::ChartAtServer,
            Axis::Servers => Text::ChartAtServers,
            Axis::Rtt => Text::ChartAtRtt,
        },
        &[("n", &t.num(&d.x_text))],
    );
    t.fill(
        Text::ChartPoint,
        &[
            ("s", t.get(super::skeleton::tab_names(d.strategy).0)),
            ("x", &at),
            ("mean", &t.num(&d.mean)),
            ("min", &d.min.to_string()),
            ("max", &d.max.to_string()),
        ],
    )
}

/// The mean at `x` on a line through `points` (x, hundredths), in
/// hundredths; none outside them.
fn mean_at(points: &[(u32, u32)], x: u32) -> Option<u32> {
    let k = points.iter().position(|&(px, _)| px >= x)?;
    let (x1, y1) = points[k];
    if x1 == x || k == 0 {
        return (x1 == x).then_some(y1);
    }
    let (x0, y0) = points[k - 1];
    let (dx, dy) = (i64::from(x1 - x0), i64::from(y1) - i64::from(y0));
    Some((i64::from(y0) + dy * i64::from(x - x0) / dx) as u32)
}

/// A swept value in words, with its unit ("4 servers", "5 ms").
fn at(axis: Axis, x: u32, t: &Texts) -> String {
    match axis {
        Axis::Servers => t.count(x.into(), Text::ChartAtServer, Text::ChartAtServers),
        Axis::Rtt => t.fill(Text::Ms, &[("n", &t.num(&format::ms(u64::from(x))))]),
    }
}

/// A mean in hundredths as a whole number of requests.
fn whole(h: u32) -> String {
    ((h + 50) / 100).to_string()
}

/// How a line goes, in words: "10 at 0 ms, then 40 from about 4 ms on"
/// (where it stops changing before its end), "10 throughout", or its two
/// ends. Means are compared as whole numbers of requests.
pub fn trend(axis: Axis, points: &[(u32, u32)], t: &Texts) -> String {
    let (Some(&(x0, a)), Some(&(x1, b))) = (points.first(), points.last()) else {
        return String::new();
    };
    let flat = points
        .iter()
        .rposition(|&(_, m)| whole(m) != whole(b))
        .map_or(0, |k| k + 1);
    let (a, b) = (whole(a), whole(b));
    match flat {
        0 => t.fill(Text::ChartFlat, &[("a", &a)]),
        k if k + 1 < points.len() => t.fill(
            Text::ChartUntil,
            &[
                ("a", &a),
                ("x0", &at(axis, x0, t)),
                ("b", &b),
                ("xp", &at(axis, points[k].0, t)),
            ],
        ),
        _ => t.fill(
            Text::ChartTo,
            &[
                ("a", &a),
                ("x0", &at(axis, x0, t)),
                ("b", &b),
                ("x1", &at(axis, x1, t)),
            ],
        ),
    }
}

/// A chart's name as one image: its title, what is drawn, and each line's
/// trend ("GET, then SET: 10 at 0 ms, then 40 from about 4 ms on").
pub fn summary(c: &Chart, title: &str, t: &Texts) -> String {
    let lines: Vec<String> = c
        .series
        .iter()
        .filter(|s| !s.points.is_empty())
        .map(|s| {
            t.fill(
                Text::ChartLine,
                &[
                    ("s", t.get(super::skeleton::tab_names(s.strategy).0)),
                    ("trend", &trend(c.axis, &s.points, t)),
                ],
            )
        })
        .collect();
    t.fill(
        Text::ChartSummary,
        &[
            ("title", title),
            ("b", &c.burst.to_string()),
            ("l", &c.limit.to_string()),
            ("lines", &lines.join("; ")),
        ],
    )
}

/// The mini chart's words: where the learner is on the line, and how it
/// goes ("At 5 ms: 40 of 40 get through on average; 10 at 0 ms, then 40
/// from about 4 ms on."); while nothing is drawn, that it is computing.
pub fn mini_text(c: &Chart, here: u32, t: &Texts) -> String {
    match (c.series.first(), c.here_at) {
        (Some(s), Some((_, mean))) => t.fill(
            Text::ChartMini,
            &[
                ("x", &at(c.axis, here, t)),
                ("n", &t.num(&format::hundredths(u64::from(mean)))),
                ("b", &c.burst.to_string()),
                ("trend", &trend(c.axis, &s.points, t)),
            ],
        ),
        _ => t.get(Text::ChartWorking).to_string(),
    }
}

/// The table of a chart's numbers, the screen reader's reading path: a
/// caption naming it, a column per swept value, a row per strategy.
pub fn table(c: &Chart, title: &str, axis_label: &str, t: &Texts) -> Html {
    let mut xs: Vec<&str> = Vec::new();
    for d in &c.dots {
        if !xs.contains(&d.x_text.as_str()) {
            xs.push(&d.x_text);
        }
    }
    let caption = t.fill(
        Text::ChartCaption,
        &[("title", title), ("axis", axis_label)],
    );
    let mut out = html_of!(
        "<caption>{}</caption><thead><tr><th scope=\"col\">{}</th>",
        caption,
        t.get(Text::ChartColStrategy)
    );
    for x in &xs {
        html!(out, "<th scope=\"col\">{} {}</th>", axis_label, x);
    }
    out.push_lit("</tr></thead><tbody>");
    for s in &c.series {
        html!(
            out,
            "<tr><th scope=\"row\">{}</th>",
            t.get(super::skeleton::tab_names(s.strategy).0)
        );
        for x in &xs {
            let cell = c
                .dots
                .iter()
                .find(|d| d.strategy == s.strategy && d.x_text == *x)
                .map(|d| format!("{} ({}–{})", d.mean, d.min, d.max))
                .unwrap_or_default();
            html!(out, "<td>{}</td>", cell);
        }
        out.push_lit("</tr>");
    }
    out.push_lit("</tbody>");
    out
}

/// A full chart's axes, ticks, the axis' name and the limit's label, as
/// SVG markup (hidden from screen readers with the rest of the image).
pub fn axes(c: &Chart, axis_label: &str, limit_label: &str) -> Html {
    let m = c.m;
    let (bottom, left, right) = (px(c.h - m.bottom), px(m.left), px(c.w - m.right));
    let mut out = html_of!(
        r#"<line class="rll-chart__axis" x1="{}" y1="{}" x2="{}" y2="{}"/><line class="rll-chart__axis" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
        left,
        bottom,
        right,
        bottom,
        left,
        px(m.top),
        left,
        bottom
    );
    for (x, label) in &c.x_ticks {
        html!(
            out,
            r#"<text class="rll-chart__tick" x="{}" y="{}" text-anchor="middle">{}</text>"#,
            px(*x),
            bottom + 14,
            label
        );
    }
    for (y, label) in &c.y_ticks {
        let at = px(*y);
        html!(
            out,
            r#"<line class="rll-chart__grid" x1="{}" y1="{}" x2="{}" y2="{}"/><text class="rll-chart__tick" x="{}" y="{}" text-anchor="end">{}</text>"#,
            left,
            at,
            right,
            at,
            left - 5,
            px(*y + 4.0),
            label
        );
    }
    html!(
        out,
        r#"<text class="rll-chart__label" x="{}" y="{}" text-anchor="middle">{}</text><text class="rll-chart__label" x="{}" y="{}" text-anchor="end">{}</text>"#,
        px((m.left + c.w) / 2.0),
        px(c.h - 4.0),
        axis_label,
        right - 2,
        px(c.limit_y - 5.0),
        limit_label
    );
    out
}

/// Whether the mini chart beside the round-trip slider shows for
/// `strategy`: for the strategies that wait for Redis on every request,
/// the ones the round-trip chart draws (the others do not depend on it).
pub fn mini_shown(strategy: Strategy) -> bool {
    Axis::Rtt.strategies().contains(&strategy)
}

/// A chart's SVG, named `hook`, its parts empty until a [`Chart`] fills
/// them: a band and a line for each of `lines` strategies, `points` dots,
/// the limit, the ceiling, the learner's position and the mini chart's
/// mark. `full` adds the axes (hidden from screen readers: the image has a
/// name, and a table follows) and one tab stop for the arrow keys.
pub fn svg(hook: Hook, lines: usize, points: usize, full: bool) -> Html {
    let part = |tag: &'static str, c: Class, more: &'static str| {
        html_of!("<{}{}{}/>", Lit(tag), c.attr(), Lit(more))
    };
    let mut out = html_of!(
        r#"<svg{}{} role="img"{}>"#,
        Class::ChartSvg.attr(),
        hook.attr(),
        Lit(if full { r#" tabindex="0""# } else { "" })
    );
    if full {
        html!(
            out,
            r#"<g{} aria-hidden="true"></g>"#,
            Class::ChartAxes.attr()
        );
    }
    let times = |out: &mut Html, h: Html, n: usize| {
        for _ in 0..n {
            out.push(&h);
        }
    };
    times(&mut out, part("path", Class::ChartBand, ""), lines);
    out.push(&part("path", Class::ChartCeiling, ""));
    out.push(&part("line", Class::ChartLimit, ""));
    out.push(&part("line", Class::ChartHere, ""));
    times(&mut out, part("path", Class::ChartLine, ""), lines);
    times(
        &mut out,
        part("circle", Class::ChartDot, r#" r="3.5""#),
        points,
    );
    out.push(&part("circle", Class::ChartAt, r#" r="3""#));
    out.push_lit("</svg>");
    out
}

/// A strategy's `part` of a chart (its band, line or dot) in the
/// strategy's colour: "rll-chart__line rll-s-incr".
pub fn series_class(part: Class, s: Strategy) -> String {
    format!("{} rll-s-{}", part.as_str(), s.as_str())
}

/// A point's class: its strategy's colour, and faded while its point has
/// not all its bursts.
pub fn dot_class(d: &Dot) -> String {
    let class = series_class(Class::ChartDot, d.strategy);
    if d.stale {
        class + " rll-chart__dot--stale"
    } else {
        class
    }
}
