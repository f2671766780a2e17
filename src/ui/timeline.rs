//! The race, drawn: the first requests of the burst on one time axis, with
//! every Redis command where it ran. Under GET-then-SET each request leaves
//! a shaded gap between reading the counter and writing it back; any other
//! GET inside that gap reads a count that is missing this request. Under
//! INCR there is no gap to fall into.
//!
//! The rows are plain markup (SVG positions are attributes, not inline
//! styles, so a strict CSP allows them), built as one string: a handful of
//! rows do not need fine-grained reactivity, and view code per element
//! costs far more wasm than a string.

use std::fmt::Write;

use leptos::prelude::*;

use super::format;
use super::state::Lab;
use super::widget::Heading;
use crate::sim::{Command, Report, Strategy};

/// How many requests the picture shows.
const ROWS: usize = 8;

/// The rows as markup, and the axis' length in µs after the first arrival.
fn rows(r: &Report) -> String {
    let shown = &r.requests[..r.requests.len().min(ROWS)];
    let t0 = shown.first().map_or(0, |q| q.arrival_us);
    let end = shown
        .iter()
        .map(|q| q.answer_us)
        .max()
        .unwrap_or(0)
        .max(t0 + 1);
    let span = end - t0;
    // A position on the axis as an SVG percentage, in integers.
    let pct = |t: u64| {
        let permille = t.saturating_sub(t0) * 1000 / span;
        format!("{}.{}%", permille / 10, permille % 10)
    };
    let reads: Vec<Option<u32>> = (0..shown.len())
        .map(|i| {
            r.ops_for(i as u32)
                .find(|op| op.command == Command::Get)
                .map(|op| op.value)
        })
        .collect();
    let mut out = String::with_capacity(ROWS * 700);
    for (i, q) in shown.iter().enumerate() {
        let stale = reads[i].is_some_and(|v| {
            v < r.limit
                && reads
                    .iter()
                    .enumerate()
                    .any(|(j, w)| j != i && *w == Some(v))
        });
        let _ = write!(
            out,
            r#"<div class="rll-tl__row{}"><span class="rll-tl__name"><b>#{}</b> <span class="rll-tl__server">server {}</span></span><svg class="rll-tl__track" width="100%" height="26"><line class="rll-tl__life" x1="{}" x2="{}" y1="13" y2="13"/>"#,
            if stale { " rll-tl__row--stale" } else { "" },
            i + 1,
            q.server + 1,
            pct(q.arrival_us),
            pct(q.answer_us),
        );
        let ops: Vec<_> = r.ops_for(i as u32).collect();
        let at = |c: Command| ops.iter().find(|op| op.command == c).map(|op| op.at_us);
        if let Some(get) = at(Command::Get) {
            let until = at(Command::Set).unwrap_or(q.answer_us);
            let _ = write!(
                out,
                r#"<rect class="rll-tl__gap" x="{}" width="{}" y="4" height="18" rx="4"/>"#,
                pct(get),
                pct(t0 + until - get)
            );
        }
        for op in ops.iter().filter(|op| op.command != Command::Expire) {
            let (kind, shape) = match op.command {
                Command::Set => (
                    "set",
                    r#"<rect x="-8" y="5" width="16" height="16" rx="2"/>"#,
                ),
                Command::Get => ("get", r#"<circle cy="13" r="8"/>"#),
                _ => ("incr", r#"<circle cy="13" r="8"/>"#),
            };
            let _ = write!(
                out,
                r#"<svg class="rll-tl__mark rll-tl__mark--{kind}" x="{}" overflow="visible">{shape}<text y="17" text-anchor="middle">{}</text></svg>"#,
                pct(op.at_us),
                op.value
            );
        }
        let _ = write!(
            out,
            r#"</svg><span class="rll-tl__outcome{}">{}</span></div>"#,
            if q.allowed {
                ""
            } else {
                " rll-tl__outcome--no"
            },
            if q.allowed { "ok" } else { "429" }
        );
    }
    let _ = write!(
        out,
        r#"<div class="rll-tl__axis"><span>0 ms: first arrival</span><span>{} ms</span></div>"#,
        format::ms(span)
    );
    out
}

/// The key under the picture, for GET-then-SET or for INCR.
fn key(getset: bool) -> &'static str {
    if getset {
        r#"<li><i class="rll-tl__swatch rll-tl__swatch--get"></i> GET (value read)</li><li><i class="rll-tl__swatch rll-tl__swatch--set"></i> SET (value written)</li><li><i class="rll-tl__swatch rll-tl__swatch--gap"></i> read, not yet written back</li><li>ok / 429: the answer</li>"#
    } else {
        r#"<li><i class="rll-tl__swatch rll-tl__swatch--incr"></i> INCR (count returned)</li><li>ok / 429: the answer</li>"#
    }
}

/// The picture, for the Redis strategies.
#[component]
pub fn Timeline() -> impl IntoView {
    let lab = Lab::expect();
    let markup = lab.text(rows);
    let caption = Signal::derive(move || {
        lab.scenario.with(|s| {
            if s.rtt_us == 0 {
                "With a zero round trip every command runs the instant its request arrives, so nothing can overlap. Drag the round trip up."
            } else if s.strategy == Strategy::GetSet {
                "Each shaded stretch runs from a request's GET to its SET. A GET that lands inside another request's stretch reads a count that is missing that request: both are allowed on the same number."
            } else {
                "INCR reads and bumps the count in one step, so every request gets its own number: there is no stretch for another request to fall into."
            }
        })
    });
    let key = Signal::derive(move || {
        key(lab.scenario.with(|s| s.strategy == Strategy::GetSet)).to_string()
    });
    view! {
        <figure class="rll-tl" aria-labelledby=lab.id("tl-title")>
            <Heading level=2 class="rll-tl__title" id=lab.id("tl-title")>
                "The first requests, on one clock"
            </Heading>
            <p class="rll-tl__caption">{caption}</p>
            <div class="rll-tl__rows" aria-hidden="true" inner_html=markup></div>
            <ul class="rll-tl__key" aria-hidden="true" inner_html=key></ul>
        </figure>
    }
}
