//! The race, drawn: the first requests of the burst on one time axis, with
//! every Redis command where it ran. Under GET-then-SET each request leaves
//! a shaded gap between reading the counter and writing it back; any other
//! GET inside that gap reads a count that is missing this request. Under
//! INCR there is no gap to fall into.

use leptos::prelude::*;

use super::format;
use super::state::Lab;
use super::widget::Heading;
use crate::sim::{Command, Report};

/// How many requests the picture shows.
const ROWS: usize = 8;

/// One marker on a row: a command, where it ran, and what it read or wrote.
#[derive(Clone, Debug, PartialEq)]
struct Mark {
    at: String,
    kind: &'static str,
    label: String,
}

/// One request's row.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    request: usize,
    server: u32,
    from: String,
    width: String,
    gap: Option<(String, String)>,
    marks: Vec<Mark>,
    allowed: bool,
    /// Its GET read a value another shown request also read.
    stale: bool,
}

/// The rows, and the time the axis ends at (in µs after the first arrival).
fn rows(r: &Report) -> (Vec<Row>, u64) {
    let shown = &r.requests[..r.requests.len().min(ROWS)];
    let t0 = shown.first().map_or(0, |q| q.arrival_us);
    let end = shown
        .iter()
        .map(|q| q.answer_us)
        .max()
        .unwrap_or(0)
        .max(t0 + 1);
    let span = end - t0;
    let pct = |t: u64| {
        let permille = (t.saturating_sub(t0)) * 1000 / span;
        format!("{}.{}%", permille / 10, permille % 10)
    };
    let reads: Vec<Option<u32>> = (0..shown.len())
        .map(|i| {
            r.ops_for(i as u32)
                .find(|op| op.command == Command::Get)
                .map(|op| op.value)
        })
        .collect();
    let rows = shown
        .iter()
        .enumerate()
        .map(|(i, q)| {
            let ops: Vec<_> = r.ops_for(i as u32).collect();
            let at = |c: Command| ops.iter().find(|op| op.command == c).map(|op| op.at_us);
            let gap = at(Command::Get).map(|get| {
                let until = at(Command::Set).unwrap_or(q.answer_us);
                (pct(get), pct(t0 + until - get))
            });
            let marks = ops
                .iter()
                .filter(|op| op.command != Command::Expire)
                .map(|op| Mark {
                    at: pct(op.at_us),
                    kind: match op.command {
                        Command::Get => "get",
                        Command::Set => "set",
                        _ => "incr",
                    },
                    label: op.value.to_string(),
                })
                .collect();
            let stale = reads[i].is_some_and(|v| {
                v < r.limit
                    && reads
                        .iter()
                        .enumerate()
                        .any(|(j, w)| j != i && *w == Some(v))
            });
            Row {
                request: i + 1,
                server: q.server + 1,
                from: pct(q.arrival_us),
                width: pct(t0 + q.answer_us - q.arrival_us),
                gap,
                marks,
                allowed: q.allowed,
                stale,
            }
        })
        .collect();
    (rows, span)
}

/// The picture, for the Redis strategies.
#[component]
pub fn Timeline() -> impl IntoView {
    let lab = Lab::expect();
    let data = Memo::new(move |_| lab.report.with(rows));
    let getset = Memo::new(move |_| {
        lab.scenario
            .with(|s| s.strategy == crate::sim::Strategy::GetSet)
    });
    let zero = Memo::new(move |_| lab.scenario.with(|s| s.rtt_us == 0));
    view! {
        <figure class="rll-tl" aria-labelledby=lab.id("tl-title")>
            <Heading level=2 class="rll-tl__title" id=lab.id("tl-title")>
                "The first requests, on one clock"
            </Heading>
            <p class="rll-tl__caption">
                {move || {
                    if zero.get() {
                        "With a zero round trip every command runs the instant its request arrives, so nothing can overlap. Drag the round trip up."
                    } else if getset.get() {
                        "Each shaded stretch runs from a request's GET to its SET. A GET that lands inside another request's stretch reads a count that is missing that request: both are allowed on the same number."
                    } else {
                        "INCR reads and bumps the count in one step, so every request gets its own number: there is no stretch for another request to fall into."
                    }
                }}
            </p>
            <div class="rll-tl__rows" aria-hidden="true">
                {move || {
                    data.with(|(rows, _)| {
                        rows.iter()
                            .cloned()
                            .map(|row| view! { <TimelineRow row/> })
                            .collect_view()
                    })
                }}
                <div class="rll-tl__axis">
                    <span>"0 ms: first arrival"</span>
                    <span>{move || format!("{} ms", data.with(|(_, span)| format::ms(*span)))}</span>
                </div>
            </div>
            <ul class="rll-tl__key" aria-hidden="true">
                <Show
                    when=move || getset.get()
                    fallback=|| view! { <li><i class="rll-tl__mark rll-tl__mark--incr"></i>" INCR (count returned)"</li> }
                >
                    <li><i class="rll-tl__mark rll-tl__mark--get"></i>" GET (value read)"</li>
                    <li><i class="rll-tl__mark rll-tl__mark--set"></i>" SET (value written)"</li>
                    <li><i class="rll-tl__swatch"></i>" read, not yet written back"</li>
                </Show>
                <li>"ok / 429: the answer"</li>
            </ul>
        </figure>
    }
}

#[component]
fn TimelineRow(row: Row) -> impl IntoView {
    let Row {
        request,
        server,
        from,
        width,
        gap,
        marks,
        allowed,
        stale,
    } = row;
    view! {
        <div class="rll-tl__row" class:rll-tl__row--stale=stale>
            <span class="rll-tl__name">
                <b>"#" {request}</b>
                " "
                <span class="rll-tl__server">"server " {server}</span>
            </span>
            <span class="rll-tl__track">
                <span class="rll-tl__life" style=("--from", from) style=("--width", width)></span>
                {gap.map(|(from, width)| {
                    view! { <span class="rll-tl__gap" style=("--from", from) style=("--width", width)></span> }
                })}
                {marks
                    .into_iter()
                    .map(|m| {
                        view! {
                            <span class=format!("rll-tl__mark rll-tl__mark--{}", m.kind) style=("--at", m.at)>
                                <span class="rll-tl__value">{m.label}</span>
                            </span>
                        }
                    })
                    .collect_view()}
            </span>
            <span class="rll-tl__outcome" class:rll-tl__outcome--no=!allowed>
                {if allowed { "ok" } else { "429" }}
            </span>
        </div>
    }
}
