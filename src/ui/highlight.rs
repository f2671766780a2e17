//! One request followed across the views: hovering, tapping or focusing it
//! in any of them (a mark in the picture or on a card, a timeline row, a
//! Redis log line) highlights it in all. The root carries
//! `data-highlight="<number>"` meanwhile; the elements that stand for a
//! request carry `data-request` (and `data-to`, for a log line that
//! covers a run of them) and get the class `rll-hl`; the canvases redraw
//! once with a ring. Nothing else is laid out or drawn again.
//!
//! Delegated on the root like the rest of the input (one listener per
//! event kind: each listener costs the download its own glue).

use super::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

use super::dom::{self, closest, listen};
use super::state::Lab;
use crate::vm::names::{Class, Data};

/// The request an element stands for, and the last of its run.
fn range(el: &Element) -> Option<(u32, u32)> {
    let n = el.get_attribute(Data::Request.as_str())?.parse().ok()?;
    let to = el
        .get_attribute(Data::To.as_str())
        .and_then(|t| t.parse().ok())
        .unwrap_or(n);
    Some((n, to))
}

/// Gives `el` the class if it stands for request `n` (the one highlighted,
/// which the caller's effect reads: it runs again when that changes).
pub fn mark(n: u32, el: &Element) {
    let on = n > 0 && range(el).is_some_and(|(a, b)| a <= n && n <= b);
    dom::class(el, "rll-hl", on);
}

/// Highlights request `n` (1-based), or none.
fn set(lab: Lab, n: Option<u32>) {
    let n = n.unwrap_or(0);
    lab.highlight.maybe_update(|h| std::mem::replace(h, n) != n);
}

/// The request under the pointer of `ev`: an element's, or a mark's on
/// the picture or a card.
fn under(lab: Lab, ev: &web_sys::Event) -> Option<u32> {
    if let Some(el) = closest(ev, Data::Request.selector()) {
        return range(&el).map(|(n, _)| n);
    }
    let target = ev.target()?.dyn_into::<Element>().ok()?;
    // CSS pixels from the canvas's top left (it has no padding).
    let (x, y) = (get(ev, "offsetX")?.as_f64()?, get(ev, "offsetY")?.as_f64()?);
    if target
        .matches(Class::PictureCanvas.selector())
        .unwrap_or(false)
    {
        super::picture::hit(lab, x, y)
    } else if target.matches(Class::CardMarks.selector()).unwrap_or(false) {
        super::cards::hit(lab, &target, x, y)
    } else {
        None
    }
}

/// A property of an event, read as the page has it (no binding of its
/// own for each kind of event).
fn get(ev: &web_sys::Event, k: &str) -> Option<wasm_bindgen::JsValue> {
    js_sys::Reflect::get(ev, &k.into()).ok()
}

/// A click or a tap: what it lands on is highlighted, or nothing (a finger
/// has no hover: a tap keeps it until the next).
pub fn tap(lab: Lab, ev: &web_sys::Event) {
    set(lab, under(lab, ev));
}

/// Focus came (`on`) to an element, or left it.
pub fn focus(lab: Lab, ev: &web_sys::Event, on: bool) {
    if let Some(el) = closest(ev, Data::Request.selector()) {
        set(lab, range(&el).filter(|_| on).map(|(n, _)| n));
    }
}

/// Binds the root's attribute and the pointer (the log and the timeline
/// mark their own elements, see [`mark`]).
pub fn bind(lab: Lab, root: &Element) {
    let r = root.clone();
    super::effect(move || {
        let n = lab.highlight.get();
        if n > 0 {
            dom::attr(&r, Data::Highlight.as_str(), &n.to_string());
        } else {
            let _ = r.remove_attribute(Data::Highlight.as_str());
        }
    });
    // A mouse highlights what it is over, and nothing once it leaves the
    // widget (a finger's moves are drags); focus leaving a request ends
    // it. One handler (copies of one closure share one instantiation of
    // `listen`: each costs the download its own glue).
    let handler = move |ev: web_sys::Event| {
        let touch = get(&ev, "pointerType").and_then(|t| t.as_string());
        if ev.type_() == "focusout" {
            focus(lab, &ev, false);
        } else if touch.as_deref() != Some("touch") {
            set(lab, under(lab, &ev));
        }
    };
    for kind in ["pointermove", "pointerleave", "focusout"] {
        listen(root, kind, handler);
    }
}
