//! The race, drawn (see [`crate::vm::timeline`]): the first requests on one
//! clock, every Redis command where it ran, and the replay's cursor. The
//! Redis log below it is the text version for screen readers.
//!
//! A canvas: a drag step redraws pixels instead of re-creating and laying
//! out dozens of SVG nodes.

use super::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::canvas::{use_width, Palette, Surface};
use super::state::Lab;
use crate::sim::Command;
use crate::vm::format;
use crate::vm::names::{Class, Slot};
use crate::vm::text::{Text, Texts};
use crate::vm::timeline::{timeline, Row, Timeline};

/// Row height and the axis labels' band, in CSS pixels.
const ROW: f64 = 30.0;
const AXIS: f64 = 20.0;

/// The axis' ends, in CSS pixels, for a canvas `width` wide.
fn axis(width: f64) -> (f64, f64) {
    let narrow = width < crate::vm::NARROW_FIGURE;
    let (name_w, outcome_w) = if narrow { (64.0, 34.0) } else { (120.0, 44.0) };
    (name_w + 12.0, width - outcome_w - 12.0)
}

/// Draws the rows on `el`, `width` CSS pixels wide. Shapes first, then the
/// text in one pass per font (setting a canvas font parses it). The
/// replay's cursor is an element over the canvas, so a replay frame moves
/// it without redrawing the rows.
fn draw(surface: &mut Surface, tl: &Timeline, width: f64, p: &Palette, texts: &Texts) {
    let rows = &tl.rows;
    let span = tl.span;
    let height = (rows.len() as f64 * ROW + AXIS) as u32;
    let Some((ctx, reset)) = surface.begin(width, height, p.dpr) else {
        return;
    };
    if reset {
        ctx.set_font(&format!("700 12px {}", p.font));
        ctx.set_text_baseline("middle");
    }
    let narrow = width < crate::vm::NARROW_FIGURE;
    let (left, right) = axis(width);
    let x = |t: u64| left + (right - left) * t as f64 / span.max(1) as f64;
    draw_lanes(ctx, rows, &x, (left, right), p);
    draw_commands(ctx, rows, &x, p);
    draw_words(ctx, rows, &x, width, narrow, p, texts);
    let y = rows.len() as f64 * ROW + AXIS / 2.0;
    ctx.set_fill_style_str(&p.muted);
    ctx.set_text_align("left");
    let first = if narrow {
        texts.fill(Text::Ms, &[("n", "0")])
    } else {
        texts.get(Text::AxisFirst).to_string()
    };
    let _ = ctx.fill_text(&first, left, y);
    ctx.set_text_align("right");
    let _ = ctx.fill_text(&texts.fill(Text::Ms, &[("n", &format::ms(span))]), right, y);
}

/// The middle of row `i`, in CSS pixels from the canvas's top.
fn mid(i: usize) -> f64 {
    i as f64 * ROW + ROW / 2.0
}

/// The rows' rule lines, each request's life from arrival to answer, and
/// the GET-to-SET stretch in which the count is missing it: the
/// background the commands are drawn on.
fn draw_lanes(
    ctx: &CanvasRenderingContext2d,
    rows: &[Row],
    x: &impl Fn(u64) -> f64,
    (left, right): (f64, f64),
    p: &Palette,
) {
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
    // GET to SET: the stretch in which the count is missing this request.
    ctx.set_fill_style_str(&p.bad_bg);
    ctx.set_stroke_style_str(&p.over);
    ctx.set_line_width(1.0);
    for (i, row) in rows.iter().enumerate() {
        if let Some((from, until)) = row.gap {
            ctx.begin_path();
            ctx.rect(x(from), mid(i) - 9.0, x(until) - x(from), 18.0);
            ctx.fill();
            ctx.stroke();
        }
    }
}

/// The commands: a dot for GET, a square for SET, a dot for the others;
/// the last shapes, under the words.
fn draw_commands(
    ctx: &CanvasRenderingContext2d,
    rows: &[Row],
    x: &impl Fn(u64) -> f64,
    p: &Palette,
) {
    let tau = std::f64::consts::TAU;
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
}

/// The rows' words, over the shapes: each command's value in its mark,
/// each request's name on the left and its answer on the right.
fn draw_words(
    ctx: &CanvasRenderingContext2d,
    rows: &[Row],
    x: &impl Fn(u64) -> f64,
    width: f64,
    narrow: bool,
    p: &Palette,
    texts: &Texts,
) {
    ctx.set_text_align("center");
    ctx.set_fill_style_str(&p.bg);
    for (i, row) in rows.iter().enumerate() {
        for &(_, t, value) in &row.ops {
            let _ = ctx.fill_text(&value.to_string(), x(t), mid(i) + 0.5);
        }
    }
    for (i, row) in rows.iter().enumerate() {
        ctx.set_text_align("left");
        ctx.set_fill_style_str(if row.shared { &p.bad_ink } else { &p.muted });
        let args = [("i", row.number.to_string()), ("s", row.server.to_string())];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let name = texts.fill(
            if narrow {
                Text::RowNameShort
            } else {
                Text::RowName
            },
            &args,
        );
        let _ = ctx.fill_text(&name, 0.0, mid(i));
        ctx.set_text_align("right");
        ctx.set_fill_style_str(if row.allowed { &p.ok } else { &p.muted });
        let answer = texts.get(if row.allowed {
            Text::AnswerOk
        } else {
            Text::AnswerNo
        });
        let _ = ctx.fill_text(answer, width, mid(i));
    }
}

/// Binds the timeline under `root`.
pub fn bind(lab: Lab, root: &web_sys::Element) {
    let Some(figure) = super::dom::slot(root, Slot::Timeline) else {
        return;
    };
    let Some(canvas) =
        super::dom::find(&figure, "canvas").and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    let caption = super::dom::slot(root, Slot::TlCaption);
    let keys = super::dom::slot(root, Slot::TlKey);
    let width = use_width(&canvas, None);
    let rows = super::memo(move || lab.report.with(|r| lab.shared.with(|s| timeline(r, s))));
    let mut last_key = crate::vm::html::Html::new();
    // The rows the pointer and the keyboard reach (see
    // [`crate::vm::timeline::rows_markup`]).
    let overlay = super::dom::find(&figure, ".rll-tl__rows");
    let mut last_rows = crate::vm::html::Html::new();
    super::effect(move || {
        let s = lab.scenario.get();
        let m = lab.mounted();
        let t = crate::vm::timeline::caption(&s);
        if let Some(c) = &caption {
            super::dom::text(c, m.texts.get(t));
        }
        // A strategy without a timeline (its box hidden): neither its key
        // nor its rows are written, and the rows are not worked out (a
        // third of a millisecond per slider step at 16 × 500); they are
        // once one with a timeline is chosen.
        if !crate::vm::timeline::shown(s.strategy, lab.hiding()) {
            return;
        }
        if let Some(k) = &keys {
            super::dom::html(
                k,
                crate::vm::timeline::key(s.strategy, &m.texts),
                &mut last_key,
            );
        }
        if let Some(o) = &overlay {
            let markup = rows.with(|tl| crate::vm::timeline::rows_markup(tl, &m.texts));
            super::dom::html(o, markup, &mut last_rows);
            let hl = lab.highlight.get();
            for li in super::dom::all(o, "li") {
                super::highlight::mark(hl, &li);
            }
        }
    });
    let cursor = super::dom::find(&figure, Class::TlCursor.selector());
    let mut drawn = Surface::new(canvas);
    let lazy = super::canvas::Lazy::new(&figure, lab.printing);
    super::effect(move || {
        // The one writer of the timeline's `hidden`, at once, on screen or
        // not (the controls show or hide only the box around it).
        let strategy = lab.scenario.with(|s| s.strategy);
        let shown = crate::vm::timeline::shown(strategy, lab.hiding());
        super::dom::hide(&figure, !shown);
        // Below the fold during a drag: drawn after it, or when in view.
        if !lazy.now() || !shown {
            return;
        }
        let w = width.get();
        if w <= 0.0 {
            return;
        }
        let colours = lab.palette(drawn.el());
        let m = lab.mounted();
        rows.with(|tl| draw(&mut drawn, tl, w, &colours, &m.texts));
    });
    // The cursor follows the replay's moment.
    super::effect(move || {
        let Some(c) = &cursor else { return };
        let w = width.get();
        let t = lab.time.get();
        let at = rows.with(|tl| {
            let (left, right) = axis(w);
            t.and_then(|t| tl.cursor(t))
                .map(|x| left + (right - left) * x as f64 / tl.span.max(1) as f64)
        });
        super::dom::hide(c, at.is_none());
        if let Some(x) = at {
            let style = web_sys::HtmlElement::style(c.unchecked_ref());
            let _ = style.set_property("transform", &format!("translateX({}px)", x as i32));
        }
    });
}
