//! One mark per request, drawn on a canvas per card: hundreds of marks cost
//! one element, so a slider drag redraws pixels instead of re-creating and
//! laying out hundreds of nodes. Shapes tell the kinds apart without
//! colour: a dot for allowed, a diamond for allowed beyond the limit, a
//! cross for refused, a cross in a ring for refused while under the limit,
//! a hollow dot for waiting, an empty square for unused quota.

use web_sys::CanvasRenderingContext2d;

use super::canvas::{Palette, Surface};
use crate::vm::cards::Mark;

/// Mark size and spacing, in CSS pixels.
const SIZE: f64 = 10.0;
const GAP: f64 = 3.0;
const STEP: f64 = SIZE + GAP;

/// Traces one mark of `kind` centred at (x, y) with radius `r`.
pub fn trace(ctx: &CanvasRenderingContext2d, kind: Mark, x: f64, y: f64, r: f64) {
    match kind {
        Mark::Ok | Mark::Waiting => {
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
        Mark::No | Mark::Under => {
            let d = r - 1.5;
            ctx.move_to(x - d, y - d);
            ctx.line_to(x + d, y + d);
            ctx.move_to(x + d, y - d);
            ctx.line_to(x - d, y + d);
            if kind == Mark::Under {
                ctx.move_to(x + r + 1.0, y);
                let _ = ctx.arc(x, y, r + 1.0, 0.0, std::f64::consts::TAU);
            }
        }
        Mark::Unused => {
            ctx.rect(x - r + 1.0, y - r + 1.0, 2.0 * r - 2.0, 2.0 * r - 2.0);
        }
    }
}

/// How each kind is painted: its colour, and whether it is stroked.
fn paint(kind: Mark, p: &Palette) -> (&str, bool) {
    match kind {
        Mark::Ok => (&p.ok, false),
        Mark::Over => (&p.over, false),
        Mark::No => (&p.no, true),
        Mark::Under => (&p.bad_ink, true),
        Mark::Waiting => (&p.muted, true),
        // Muted ink, not the faint line colour: 3:1 at least on the card.
        Mark::Unused => (&p.muted, true),
    }
}

/// How many marks fit in a row of a canvas `width` CSS pixels wide.
pub fn columns(width: f64) -> usize {
    (((width + GAP) / STEP).floor() as usize).max(1)
}

/// The height, in CSS pixels, of `rows` rows of marks.
pub fn height(rows: usize) -> u32 {
    (rows as u32 * STEP as u32).saturating_sub(GAP as u32)
}

/// Draws `marks` on `el`, which is `width` CSS pixels wide and `rows` rows
/// tall (every card gets the tallest card's rows: the cards line up, and a
/// drag that moves one mark rarely resizes a canvas, which costs a layout).
/// `ring` is the mark of the request followed across the views, if this
/// card holds it.
pub fn draw(
    surface: &mut Surface,
    marks: &[Mark],
    width: f64,
    rows: usize,
    palette: &Palette,
    ring: Option<usize>,
) {
    let columns = columns(width);
    let height = height(rows.max(marks.len().div_ceil(columns)));
    let Some((ctx, _)) = surface.begin(width, height, palette.dpr) else {
        return;
    };
    // One path per kind: fewer state changes, and fill/stroke once each.
    for kind in [
        Mark::Ok,
        Mark::Over,
        Mark::No,
        Mark::Under,
        Mark::Waiting,
        Mark::Unused,
    ] {
        let mut any = false;
        ctx.begin_path();
        for (i, _) in marks.iter().enumerate().filter(|(_, m)| **m == kind) {
            any = true;
            let r = SIZE / 2.0;
            let x = (i % columns) as f64 * STEP + r;
            let y = (i / columns) as f64 * STEP + r;
            let r = if kind == Mark::Under { r - 1.0 } else { r };
            trace(ctx, kind, x, y, r);
        }
        if !any {
            continue;
        }
        let (colour, stroke) = paint(kind, palette);
        if stroke {
            ctx.set_stroke_style_str(colour);
            ctx.set_line_width(if kind == Mark::Unused || kind == Mark::Waiting {
                1.5
            } else {
                2.0
            });
            ctx.stroke();
        } else {
            ctx.set_fill_style_str(colour);
            ctx.fill();
        }
    }
    if let Some(i) = ring.filter(|i| *i < marks.len()) {
        let r = SIZE / 2.0;
        ctx.begin_path();
        let (x, y) = (
            (i % columns) as f64 * STEP + r,
            (i / columns) as f64 * STEP + r,
        );
        let _ = ctx.arc(x, y, r + 1.0, 0.0, std::f64::consts::TAU);
        ctx.set_stroke_style_str(&palette.ink);
        ctx.set_line_width(2.0);
        ctx.stroke();
    }
}

/// The mark under (x, y), in CSS pixels from the top left of a canvas
/// `width` wide.
pub fn at(width: f64, x: f64, y: f64) -> Option<usize> {
    let (c, r) = ((x / STEP).floor(), (y / STEP).floor());
    let columns = columns(width);
    (c >= 0.0 && r >= 0.0 && (c as usize) < columns).then(|| r as usize * columns + c as usize)
}
