//! One mark per request, drawn on a canvas per card: hundreds of marks cost
//! one element, so a slider drag redraws pixels instead of re-creating and
//! laying out hundreds of nodes. Shapes tell the kinds apart without colour:
//! a dot for allowed, a diamond for allowed beyond the limit, a cross for
//! refused. Colours come from the widget's CSS tokens, so dark mode and the
//! palette stay in the stylesheet.

use web_sys::HtmlCanvasElement;

use super::canvas::{prepare, Palette, Prepared};

/// What happened to one request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Allowed, within the limit.
    Ok,
    /// Allowed after the limit was already used up.
    Over,
    /// Refused with 429.
    No,
}

/// Mark size and spacing, in CSS pixels.
const SIZE: f64 = 10.0;
const GAP: f64 = 3.0;
const STEP: f64 = SIZE + GAP;

/// Draws `marks` on `el`, which is `width` CSS pixels wide, resizing its
/// height to fit them.
pub fn draw(el: &HtmlCanvasElement, marks: &[Mark], width: f64, palette: &Palette) {
    let columns = (((width + GAP) / STEP).floor() as usize).max(1);
    let rows = marks.len().div_ceil(columns);
    let height = (rows as u32 * STEP as u32).saturating_sub(GAP as u32);
    let Some(Prepared { ctx, .. }) = prepare(el, width, height, palette.dpr) else {
        return;
    };
    let r = SIZE / 2.0;
    // One path per kind: fewer state changes, and fill/stroke once each.
    for (kind, paint) in [
        (Mark::Ok, &palette.ok),
        (Mark::Over, &palette.over),
        (Mark::No, &palette.no),
    ] {
        ctx.begin_path();
        for (i, _) in marks.iter().enumerate().filter(|(_, m)| **m == kind) {
            let x = (i % columns) as f64 * STEP + r;
            let y = (i / columns) as f64 * STEP + r;
            match kind {
                Mark::Ok => {
                    ctx.move_to(x + r, y);
                    let _ = ctx.arc(x, y, r, 0.0, std::f64::consts::TAU);
                }
                Mark::Over => {
                    ctx.move_to(x, y - r);
                    ctx.line_to(x + r, y);
                    ctx.line_to(x, y + r);
                    ctx.line_to(x - r, y);
                    ctx.close_path();
                }
                Mark::No => {
                    let d = r - 1.0;
                    ctx.move_to(x - d, y - d);
                    ctx.line_to(x + d, y + d);
                    ctx.move_to(x + d, y - d);
                    ctx.line_to(x - d, y + d);
                }
            }
        }
        if kind == Mark::No {
            ctx.set_stroke_style_str(paint);
            ctx.set_line_width(2.0);
            ctx.stroke();
        } else {
            ctx.set_fill_style_str(paint);
            ctx.fill();
        }
    }
}
