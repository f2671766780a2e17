//! The race, drawn: the first requests of the burst on one time axis, with
//! every Redis command where it ran. Under GET-then-SET each request leaves
//! a shaded gap between reading the counter and writing it back; any other
//! GET inside that gap reads a count that is missing this request. Under
//! INCR there is no gap to fall into.
//!
//! The picture is drawn on a canvas (the Redis log below it is the text
//! version for screen readers): a drag step redraws pixels instead of
//! re-creating and laying out dozens of SVG nodes.

use leptos::prelude::*;

use web_sys::HtmlCanvasElement;

use super::canvas::{prepare, use_width, Palette, PaletteCache, Prepared};
use super::format;
use super::state::Lab;
use super::widget::Heading;
use crate::sim::{Command, Report, Strategy};

/// How many requests the picture shows.
const ROWS: usize = 8;

/// One request's row, in microseconds after the first arrival.
struct Row {
    server: u32,
    arrival: u64,
    answer: u64,
    /// GET (or INCR) and SET: when Redis ran them and the value.
    ops: Vec<(Command, u64, u32)>,
    allowed: bool,
    /// Its GET read a value another shown request also read.
    stale: bool,
}

/// The first requests, and the axis' length in µs.
fn rows(r: &Report) -> (Vec<Row>, u64) {
    let shown = &r.requests[..r.requests.len().min(ROWS)];
    let t0 = shown.first().map_or(0, |q| q.arrival_us);
    let end = shown
        .iter()
        .map(|q| q.answer_us)
        .max()
        .unwrap_or(0)
        .max(t0 + 1);
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
        .map(|(i, q)| Row {
            server: q.server + 1,
            arrival: q.arrival_us - t0,
            answer: q.answer_us - t0,
            ops: r
                .ops_for(i as u32)
                .filter(|op| op.command != Command::Expire)
                .map(|op| (op.command, op.at_us - t0, op.value))
                .collect(),
            allowed: q.allowed,
            stale: reads[i].is_some_and(|v| {
                v < r.limit
                    && reads
                        .iter()
                        .enumerate()
                        .any(|(j, w)| j != i && *w == Some(v))
            }),
        })
        .collect();
    (rows, end - t0)
}

/// Row height and the axis labels' band, in CSS pixels.
const ROW: f64 = 30.0;
const AXIS: f64 = 20.0;

/// Draws the rows on `el`, `width` CSS pixels wide. Shapes first, then
/// the text in one pass per font: setting a canvas font parses it, and that
/// was the most expensive call of a drag step.
fn draw(el: &HtmlCanvasElement, rows: &[Row], span: u64, width: f64, p: &Palette) {
    let height = (rows.len() as f64 * ROW + AXIS) as u32;
    let Some(Prepared { ctx, reset }) = prepare(el, width, height, p.dpr) else {
        return;
    };
    // One font for all the text, set only after a resize reset the context.
    if reset {
        ctx.set_font(&format!("700 12px {}", p.font));
        ctx.set_text_baseline("middle");
    }
    let narrow = width < 520.0;
    let (name_w, outcome_w) = if narrow { (64.0, 34.0) } else { (120.0, 44.0) };
    let (left, right) = (name_w + 12.0, width - outcome_w - 12.0);
    let x = |t: u64| left + (right - left) * t as f64 / span.max(1) as f64;
    let mid = |i: usize| i as f64 * ROW + ROW / 2.0;
    let tau = std::f64::consts::TAU;
    // Track baselines.
    ctx.set_stroke_style_str(&p.line);
    ctx.set_line_width(1.0);
    ctx.begin_path();
    for i in 0..rows.len() {
        ctx.move_to(left, mid(i) + 13.5);
        ctx.line_to(right, mid(i) + 13.5);
    }
    ctx.stroke();
    // Each request's life, from arrival to answer.
    ctx.set_stroke_style_str(&p.no);
    ctx.set_line_width(2.0);
    ctx.begin_path();
    for (i, row) in rows.iter().enumerate() {
        ctx.move_to(x(row.arrival), mid(i));
        ctx.line_to(x(row.answer), mid(i));
    }
    ctx.stroke();
    // GET to SET (or to the answer, if refused): the stale stretch.
    ctx.set_fill_style_str(&p.bad_bg);
    ctx.set_stroke_style_str(&p.over);
    ctx.set_line_width(1.0);
    for (i, row) in rows.iter().enumerate() {
        let at = |c: Command| row.ops.iter().find(|op| op.0 == c).map(|op| op.1);
        if let Some(get) = at(Command::Get) {
            let until = at(Command::Set).unwrap_or(row.answer);
            ctx.begin_path();
            ctx.rect(x(get), mid(i) - 9.0, x(until) - x(get), 18.0);
            ctx.fill();
            ctx.stroke();
        }
    }
    // The commands: a dot for GET (blue) or INCR (green), a square for SET.
    for (i, row) in rows.iter().enumerate() {
        for &(command, t, _) in &row.ops {
            let (cx, y) = (x(t), mid(i));
            ctx.begin_path();
            match command {
                Command::Set => {
                    ctx.set_fill_style_str(&p.over);
                    ctx.rect(cx - 8.0, y - 8.0, 16.0, 16.0);
                }
                Command::Get => {
                    ctx.set_fill_style_str(&p.ok);
                    let _ = ctx.arc(cx, y, 8.0, 0.0, tau);
                }
                _ => {
                    ctx.set_fill_style_str(&p.good_ink);
                    let _ = ctx.arc(cx, y, 8.0, 0.0, tau);
                }
            }
            ctx.fill();
        }
    }
    // Values read, written or returned, inside the shapes.
    ctx.set_text_align("center");
    ctx.set_fill_style_str(&p.bg);
    for (i, row) in rows.iter().enumerate() {
        for &(_, t, value) in &row.ops {
            let _ = ctx.fill_text(&value.to_string(), x(t), mid(i) + 0.5);
        }
    }
    // Names on the left, answers on the right.
    for (i, row) in rows.iter().enumerate() {
        ctx.set_text_align("left");
        ctx.set_fill_style_str(if row.stale { &p.bad_ink } else { &p.muted });
        let name = if narrow {
            format!("#{} s{}", i + 1, row.server)
        } else {
            format!("#{}  server {}", i + 1, row.server)
        };
        let _ = ctx.fill_text(&name, 0.0, mid(i));
        ctx.set_text_align("right");
        ctx.set_fill_style_str(if row.allowed { &p.ok } else { &p.muted });
        let _ = ctx.fill_text(if row.allowed { "ok" } else { "429" }, width, mid(i));
    }
    // The axis.
    let y = rows.len() as f64 * ROW + AXIS / 2.0;
    ctx.set_fill_style_str(&p.muted);
    ctx.set_text_align("left");
    let _ = ctx.fill_text(
        if narrow {
            "0 ms"
        } else {
            "0 ms: first arrival"
        },
        left,
        y,
    );
    ctx.set_text_align("right");
    let _ = ctx.fill_text(&format!("{} ms", format::ms(span)), right, y);
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
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let width = use_width(canvas);
    let palette = PaletteCache::new();
    Effect::new(move |_| {
        let w = width.get();
        let Some(el) = canvas.get() else { return };
        let colours = palette.get(&el);
        lab.report.with(|r| {
            let (rows, span) = rows(r);
            draw(&el, &rows, span, w, &colours);
        });
    });
    view! {
        <figure class="rll-tl" aria-labelledby=lab.id("tl-title")>
            <Heading level=2 class="rll-tl__title" id=lab.id("tl-title")>
                "The first requests, on one clock"
            </Heading>
            <p class="rll-tl__caption">{caption}</p>
            <canvas class="rll-tl__canvas" aria-hidden="true" node_ref=canvas></canvas>
            <ul class="rll-tl__key" aria-hidden="true" inner_html=key></ul>
        </figure>
    }
}
