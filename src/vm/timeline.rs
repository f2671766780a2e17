//! The race on one clock: the first requests of the burst, each a row from
//! arrival to answer, with every Redis command where it ran. Under GET then
//! SET a shaded stretch runs from a request's GET to its SET.

use super::html::Html;
use super::text::{Text, Texts};
use crate::sim::{Command, Health, Place, Report, Scenario, Strategy};

/// How many requests the timeline shows.
pub const ROWS: usize = 8;

/// One request's row. Times are µs after the first arrival.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The request's number, 1-based.
    pub number: u32,
    /// Its server, 1-based (0 when the gateway refused it).
    pub server: u32,
    /// When it arrived.
    pub arrival: u64,
    /// When it was answered.
    pub answer: u64,
    /// The commands Redis ran for it (EXPIRE aside): what, when, value.
    pub ops: Vec<(Command, u64, u32)>,
    /// The stretch from its GET to its SET (or to its answer if refused).
    pub gap: Option<(u64, u64)>,
    /// Whether it was allowed.
    pub allowed: bool,
    /// Its GET read a count another request also read.
    pub shared: bool,
    /// Decided by the fail rule (its call timed out).
    pub by_fail_rule: bool,
}

/// The rows and the axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timeline {
    /// The first requests, in arrival order.
    pub rows: Vec<Row>,
    /// The axis' length, in µs after the first arrival.
    pub span: u64,
    /// The first arrival, in µs from the start of the burst.
    pub t0: u64,
}

impl Timeline {
    /// Where `t_us` (from the start of the burst) falls on the axis, in
    /// µs after the first arrival, if it is inside it.
    pub fn cursor(&self, t_us: u64) -> Option<u64> {
        let x = t_us.checked_sub(self.t0)?;
        (x <= self.span).then_some(x)
    }
}

/// The timeline of `r`'s first requests; `shared` is
/// [`super::reads::shared_reads`] of the same report.
pub fn timeline(r: &Report, shared: &[Option<u32>]) -> Timeline {
    let shown = &r.requests[..r.requests.len().min(ROWS)];
    let t0 = shown.first().map_or(0, |q| q.arrival_us);
    let rows: Vec<Row> = shown
        .iter()
        .enumerate()
        .map(|(i, q)| {
            let calls: Vec<(usize, &crate::sim::Call)> = r
                .calls
                .iter()
                .enumerate()
                .filter(|(_, c)| c.request == Some(i as u32) && c.command != Command::Expire)
                .collect();
            let ran = |cmd: Command| {
                calls
                    .iter()
                    .find(|(_, c)| c.command == cmd)
                    .and_then(|(_, c)| c.executed_us)
            };
            let gap = ran(Command::Get).map(|get| {
                let until = ran(Command::Set).unwrap_or(q.answer_us);
                (get - t0, until.max(get) - t0)
            });
            Row {
                number: i as u32 + 1,
                server: q.server.map_or(0, |s| s + 1),
                arrival: q.arrival_us - t0,
                answer: q.answer_us - t0,
                ops: calls
                    .iter()
                    .filter_map(|(_, c)| c.executed_us.map(|x| (c.command, x - t0, c.value)))
                    .collect(),
                gap,
                allowed: q.allowed,
                shared: calls.iter().any(|(k, _)| shared[*k].is_some()),
                by_fail_rule: q.by_fail_rule,
            }
        })
        .collect();
    let end = rows
        .iter()
        .flat_map(|row| std::iter::once(row.answer).chain(row.ops.iter().map(|o| o.1)))
        .max()
        .unwrap_or(0)
        .max(1);
    Timeline {
        rows,
        span: end,
        t0,
    }
}

/// One element per row, over the drawing: what the pointer and the
/// keyboard reach to follow a request across the views. Each carries its
/// request's number (`data-request`) and says the row in words ("#1
/// server 2: ok"), as the drawing shows it.
pub fn rows_markup(tl: &Timeline, texts: &super::text::Texts) -> Html {
    use super::text::Text;
    let mut out = Html::new();
    for row in &tl.rows {
        let name = texts.fill(
            Text::RowName,
            &[
                ("i", &row.number.to_string()),
                ("s", &row.server.to_string()),
            ],
        );
        let answer = texts.get(if row.allowed {
            Text::AnswerOk
        } else {
            Text::AnswerNo
        });
        crate::html!(
            out,
            concat!(
                r#"<li tabindex="0""#,
                data!(Request = {}),
                r#" aria-label="{}: {}"></li>"#
            ),
            row.number,
            super::html::esc(&name),
            super::html::esc(answer)
        );
    }
    out
}

/// Whether the timeline shows under `s`: only where each request asks
/// Redis itself (not the batched sync), and not while a guess is asked
/// for (`hiding`). Its binder is the one writer of its `hidden`.
pub fn shown(s: Strategy, hiding: bool) -> bool {
    !hiding && s.place() == Place::Redis
}

/// The sentence over the timeline for `s`: Redis down and a zero round
/// trip say so before the strategy does.
pub fn caption(s: &Scenario) -> Text {
    if s.redis == Health::Down {
        Text::TimelineDown
    } else if s.rtt_us == 0 {
        Text::TimelineRtt0
    } else {
        match s.strategy.command() {
            Some(Command::Get) => Text::TimelineGetSet,
            Some(Command::EvalSha) => Text::TimelineLua,
            _ => Text::TimelineIncr,
        }
    }
}

/// The key under the timeline, as markup: a swatch and a name for each
/// mark `strategy` draws, then what the answer column means.
pub fn key(strategy: Strategy, texts: &Texts) -> Html {
    let items: &[(&str, Text)] = match strategy.command() {
        Some(Command::Get) => &[
            ("get", Text::KeyGet),
            ("set", Text::KeySet),
            ("gap", Text::KeyGap),
            ("", Text::KeyAnswer),
        ],
        Some(Command::EvalSha) => &[("incr", Text::KeyEval), ("", Text::KeyAnswer)],
        _ => &[("incr", Text::KeyIncr), ("", Text::KeyAnswer)],
    };
    let items: Vec<Html> = items
        .iter()
        .map(|(class, t)| {
            let swatch = if class.is_empty() {
                Html::new()
            } else {
                crate::html_of!(
                    r#"<i class="rll-tl__swatch rll-tl__swatch--{}"></i> "#,
                    class
                )
            };
            crate::html_of!("<li>{}{}</li>", swatch, texts.get(*t))
        })
        .collect();
    Html::join(&items, "")
}
