//! The fixed windows of a run where a window's edge splits the burst: the
//! strip of time under the picture (each window's share of the run and
//! its count at the moment shown), and the names the picture, the
//! narration and the cost give a window and a way of keeping the count.
//! With no edge nothing here shows, so the default screen is unchanged.

use crate::html;
use crate::sim::keep::Grid;
use crate::sim::{Algo, Command, Report, Scenario, Strategy};

use super::html::Html;
use super::text::{Text, Texts};

/// The first window the strip shows: the one the edge ends (the windows
/// are numbered from it, window 1, in the picture and the words).
pub const FIRST: i32 = -1;

/// Whether the strip and the windows' names show: an edge that changes
/// the decisions (set, and the strategy takes it).
pub fn shown(s: &Scenario) -> bool {
    s.edge_us().is_some()
}

/// Whether the picture and the narration name the window a count is kept
/// in: with an edge, where the count is a fixed window's (a log, a
/// bucket or the sliding counter's estimate belongs to no one window).
pub fn names_window(s: &Scenario) -> bool {
    shown(s) && s.algo() == Algo::Fixed
}

/// Whether `s` looks as it did before windows: no edge, and the
/// strategy's own way of keeping its count.
pub fn plain(s: &Scenario) -> bool {
    !shown(s) && s.algo() == s.strategy.algos()[0]
}

/// The window a count at `x_us` is kept in, where counts start again at
/// each edge (an edge, and a fixed window's count); `None` elsewhere.
pub fn counting(s: &Scenario, x_us: u64) -> Option<i32> {
    names_window(s).then(|| Grid::of(s).window(x_us).max(FIRST as i64) as i32)
}

/// A window's number as the learner reads it: 1 for the first one shown.
pub fn number(k: i32) -> i32 {
    k - FIRST + 1
}

/// One window of the strip.
#[derive(Clone, Debug, PartialEq)]
pub struct Win {
    /// The window (-1 before the edge, 0 from it).
    pub k: i32,
    /// Requests allowed that counted in it and were decided by the moment.
    pub count: u32,
    /// Its part of the run, in thousandths, from the burst's start to its
    /// end (integers: float formatting would cost the download kilobytes).
    pub share: u32,
    /// When it starts, in µs from the burst's start (negative before it).
    pub start_us: i64,
}

/// The strip's windows at `t_us`: from the one before the edge to the last
/// any request counted in; empty with no edge.
pub fn windows(r: &Report, t_us: u64) -> Vec<Win> {
    let s = &r.scenario;
    if !shown(s) {
        return Vec::new();
    }
    let grid = Grid::of(s);
    let last = r
        .requests
        .iter()
        .map(|q| q.window)
        .max()
        .unwrap_or(0)
        .max(0);
    let end = r.end_us.max(1) as i64;
    (FIRST..=last)
        .map(|k| {
            let (a, b) = (grid.start(k.into()), grid.start(i64::from(k) + 1));
            let count = r
                .requests
                .iter()
                .filter(|q| q.window == k && q.allowed && q.decided_us <= t_us)
                .count() as u32;
            Win {
                k,
                count,
                share: ((b.min(end) - a.max(0)).max(0) * 1000 / end) as u32,
                start_us: a,
            }
        })
        .collect()
}

/// A whole number with its thousands grouped ("3,600").
fn format_grouped(n: u32) -> String {
    super::format::grouped(n.into())
}

/// Milliseconds from µs that may be negative (a window begun before the
/// burst), with a minus sign.
pub fn ms_signed(us: i64) -> String {
    let ms = super::format::ms(us.unsigned_abs());
    if us < 0 {
        format!("−{ms}")
    } else {
        ms
    }
}

/// The strip's markup at the moment: its heading, then one item a window
/// (`data-window`, `data-count`), each with its name and count against
/// the limit; the view sets each one's width from its share.
pub fn strip(r: &Report, t_us: u64, t: &Texts) -> Html {
    let s = &r.scenario;
    let mut out = Html::new();
    let wins = windows(r, t_us);
    if wins.is_empty() {
        return out;
    }
    let w = t.fill(Text::Seconds, &[("n", &t.num(&format_grouped(s.window_s)))]);
    let e = s.edge_ms.unwrap_or(0).to_string();
    html!(
        out,
        r#"<p class="rll-windows__head">{}</p><ol class="rll-windows__list">"#,
        t.fill(Text::WindowsHead, &[("w", &w), ("e", &t.num(&e))])
    );
    for win in &wins {
        html!(
            out,
            concat!(
                r#"<li class="rll-windows__w{}""#,
                data!(Window = {}),
                data!(Count = {}),
                r#"><span class="rll-windows__name">{}</span> <span class="rll-windows__count">{}</span><i class="rll-windows__fill" aria-hidden="true"></i></li>"#
            ),
            if win.count > s.limit {
                " rll-windows__w--over"
            } else {
                ""
            },
            win.k,
            win.count,
            name(Some(win.k), t),
            t.fill(
                Text::WindowCount,
                &[("c", &win.count.to_string()), ("l", &s.limit.to_string())]
            )
        );
    }
    out.push_lit("</ol>");
    out
}

/// How full window `w` is against `limit`, in percent (at most 100): the
/// width of its fill in the strip.
pub fn fill(w: &Win, limit: u32) -> u32 {
    (w.count.min(limit) * 100).checked_div(limit).unwrap_or(0)
}

/// The tag a box in the picture adds to a count kept in window `k`
/// (" · w2"); empty without one.
pub fn tag(k: Option<i32>, t: &Texts) -> String {
    match k {
        Some(k) => t.fill(Text::WindowTag, &[("w", &number(k).to_string())]),
        None => String::new(),
    }
}

/// A window's name, as the strip and Redis's box in the picture write it
/// ("window 2"); empty without one.
pub fn name(k: Option<i32>, t: &Texts) -> String {
    match k {
        Some(k) => t.fill(Text::WindowName, &[("w", &number(k).to_string())]),
        None => String::new(),
    }
}

/// The window Redis's count belongs to at `t_us`, with an edge: the one
/// the latest command run for a request counted in.
pub fn redis_window(r: &Report, t_us: u64) -> Option<i32> {
    if !names_window(&r.scenario) {
        return None;
    }
    let latest = r
        .calls
        .iter()
        .filter(|c| c.request.is_some() && c.executed_us.is_some_and(|x| x <= t_us))
        .max_by_key(|c| c.executed_us)?;
    Some(r.requests[latest.request? as usize].window)
}

/// The narration's words for a count kept in window `k` (" in window 2,
/// which began at t = 20 ms").
pub fn narrated(s: &Scenario, k: i32, t: &Texts) -> String {
    let start = Grid::of(s).start(k.into());
    t.fill(
        Text::NarrWindow,
        &[
            ("w", &number(k).to_string()),
            ("t", &t.num(&ms_signed(start))),
        ],
    )
}

/// What a way of keeping the count holds per user, for the cost panel.
pub fn kept(a: Algo, limit: u32, t: &Texts) -> String {
    match a {
        Algo::Fixed => t.get(Text::CostKeptFixed).to_string(),
        Algo::Log => t.fill(Text::CostKeptLog, &[("l", &limit.to_string())]),
        Algo::Counter => t.get(Text::CostKeptCounter).to_string(),
        Algo::Bucket => t.get(Text::CostKeptBucket).to_string(),
    }
}

/// Each way of keeping the count with its name and its consequence, in
/// the order the choice offers them.
pub const ALGOS: [(Algo, Text, Text); 4] = [
    (Algo::Fixed, Text::AlgoFixed, Text::AlgoFixedNote),
    (Algo::Log, Text::AlgoLog, Text::AlgoLogNote),
    (Algo::Counter, Text::AlgoCounter, Text::AlgoCounterNote),
    (Algo::Bucket, Text::AlgoBucket, Text::AlgoBucketNote),
];

/// The sentence under the choice for a strategy that keeps a fixed window
/// only, by its `data-algo-only` name: INCR's own, or the others'.
pub fn only_fixed(s: Strategy) -> Option<&'static str> {
    match s {
        _ if s.command() == Some(Command::Incr) => Some("incr"),
        _ if s.algos().len() == 1 => Some("fixed"),
        _ => None,
    }
}
