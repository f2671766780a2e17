//! One mark per request, drawn on a canvas per card: hundreds of marks cost
//! one element, so a slider drag redraws pixels instead of re-creating and
//! laying out hundreds of nodes. Shapes tell the kinds apart without colour:
//! a dot for allowed, a diamond for allowed beyond the limit, a cross for
//! refused. Colours come from the widget's CSS tokens, so dark mode and the
//! palette stay in the stylesheet.

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

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

/// The width of `node` in CSS pixels, kept up to date by a ResizeObserver
/// that goes when the node's owner does.
pub fn use_width<E>(node: NodeRef<E>) -> Signal<f64>
where
    E: leptos::html::ElementType,
    E::Output: JsCast + Clone + 'static,
{
    let width = RwSignal::new(0.0f64);
    Effect::new(move |_| {
        let Some(el) = node.get() else { return };
        let el: web_sys::Element = el.unchecked_into();
        let on_resize = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            if let Ok(entry) = entries.get(0).dyn_into::<web_sys::ResizeObserverEntry>() {
                let w = entry.content_rect().width();
                if width
                    .try_get_untracked()
                    .is_some_and(|old| (w - old).abs() >= 1.0)
                {
                    width.try_set(w);
                }
            }
        });
        if let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
            observer.observe(&el);
            let held = send_wrapper::SendWrapper::new((observer, on_resize));
            on_cleanup(move || held.take().0.disconnect());
        }
    });
    width.into()
}

/// Draws each card's marks on the canvases inside `root`, in order. All
/// cards share one width, so the layout is read once.
pub fn draw_all<'a>(root: &web_sys::Element, marks: impl Iterator<Item = &'a [Mark]>) {
    let Ok(canvases) = root.query_selector_all("canvas") else {
        return;
    };
    let mut width = None;
    for (i, m) in marks.enumerate() {
        let Some(el) = canvases
            .item(i as u32)
            .and_then(|n| n.dyn_into::<HtmlCanvasElement>().ok())
        else {
            return;
        };
        let w = *width.get_or_insert_with(|| f64::from(el.client_width()));
        draw(&el, m, w);
    }
}

/// Draws `marks` on `el`, which is `width` CSS pixels wide.
fn draw(el: &HtmlCanvasElement, marks: &[Mark], width: f64) {
    let columns = (((width + GAP) / STEP).floor() as usize).max(1);
    let rows = marks.len().div_ceil(columns);
    // Whole pixels, formatted as an integer (no float formatting in the wasm).
    let height = (rows as u32 * STEP as u32).saturating_sub(GAP as u32);
    let _ = web_sys::HtmlElement::style(el).set_property("height", &format!("{height}px"));
    let height = f64::from(height);
    let dpr = web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .max(1.0);
    el.set_width((width * dpr).round() as u32);
    el.set_height((height * dpr).round() as u32);
    if marks.is_empty() || width <= 0.0 {
        return;
    }
    let Some(ctx) = el
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    let style = web_sys::window().and_then(|w| w.get_computed_style(el).ok().flatten());
    let colour = |name: &str, fallback: &str| {
        style
            .as_ref()
            .and_then(|s| s.get_property_value(name).ok())
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| fallback.to_string())
    };
    let (ok, over, no) = (
        colour("--rll-ok", "#0072b2"),
        colour("--rll-over", "#c74f00"),
        colour("--rll-no", "#5d6670"),
    );
    let r = SIZE / 2.0;
    // One path per kind: fewer state changes, and fill/stroke once each.
    for (kind, paint) in [(Mark::Ok, &ok), (Mark::Over, &over), (Mark::No, &no)] {
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

/// A counter that changes whenever the page switches between light and dark.
pub fn use_colour_scheme_epoch() -> Signal<u32> {
    let epoch = RwSignal::new(0u32);
    if let Some(query) =
        web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
    {
        let bump = Rc::new(Cell::new(0u32));
        let on_change = Closure::<dyn FnMut()>::new(move || {
            bump.set(bump.get() + 1);
            epoch.set(bump.get());
        });
        let _ =
            query.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        on_change.forget();
    }
    epoch.into()
}
