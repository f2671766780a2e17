//! Binding to the prerendered first screen in place (docs/DECISIONS.md,
//! "The first screen kept"). The loader shows the build's markup for the
//! widget's starting state while the WebAssembly downloads; the widget
//! then keeps those very nodes (a slider being dragged, a focused tab, the
//! cards) and adds only what the prerendered screen left out: the sections
//! below it, and what was hidden there (a glossary term's definition, the
//! prediction's form).
//!
//! The screen is the widget's own markup, read from the live widget by
//! `scripts/prerender`, so the two trees agree. The loader, which put the
//! screen there, offers it as the screen's `rllAdopt(fresh)`: it checks the
//! two trees element by element (the same tag, id, block and `data-*`
//! names) and moves in what the screen left out, or, where they disagree
//! (a stale screen, another widget's ids), moves nothing and says no. It
//! is JavaScript because it touches every element of both trees, about a
//! thousand reads, which cost the slow phone 15 ms through the calls from
//! WebAssembly and 1 ms in the page's own script. Without it (no loader,
//! or it said no) the screen is dropped and the widget's markup written as
//! before: never a screen the binders would not find their parts in.

use wasm_bindgen::JsCast;
use web_sys::{Element, Node};

use crate::vm::names::Data;

/// The prerendered screen in `stage` (the page's element, or a host's
/// shadow root), if the loader shows one.
pub fn screen(stage: &Node) -> Option<Element> {
    let screen = format!(".rll{}", Data::First.selector());
    let found = match stage.dyn_ref::<Element>() {
        Some(el) => el.query_selector(&screen),
        None => stage
            .dyn_ref::<web_sys::DocumentFragment>()?
            .query_selector(&screen),
    };
    found.ok().flatten()
}

/// `screen`, made the widget with `fresh`'s parts it left out moved in,
/// if the loader's `rllAdopt` agrees; else `None`, with nothing moved.
pub fn adopt(screen: &Element, fresh: &Element) -> Option<Element> {
    let adopt = js_sys::Reflect::get(screen, &"rllAdopt".into()).ok()?;
    let adopt = adopt.dyn_ref::<js_sys::Function>()?;
    let kept = adopt.call1(screen, fresh).ok()?.as_bool()?;
    kept.then(|| screen.clone())
}
