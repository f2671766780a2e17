//! Small helpers over the DOM for the binders: find a part of the widget,
//! write text or an attribute only when it changed, listen to an event for
//! as long as the widget lives.

use super::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::vm::html::Html;
use crate::vm::names::Slot;

/// The first element under `root` matching `selector`.
pub fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).ok().flatten()
}

/// Every element under `root` matching `selector`.
pub fn all(root: &Element, selector: &str) -> Vec<Element> {
    let Ok(list) = root.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i).and_then(|n| n.dyn_into().ok()))
        .collect()
}

/// The slot `s` under `root`.
pub fn slot(root: &Element, s: Slot) -> Option<Element> {
    find(root, s.selector())
}

/// Sets `el`'s text, if it differs.
pub fn text(el: &Element, s: &str) {
    if el.text_content().as_deref() != Some(s) {
        put(el, s);
    }
}

/// Makes `s` the whole text of `el`. When `el` holds one text node, that
/// node's text changes in place: `textContent` would replace the node, and
/// the browser would drop its layout object and build a new one (during a
/// drag, a few dozen a step). An empty `s` leaves `el` empty (`:empty`).
pub fn put(el: &Element, s: &str) {
    if !s.is_empty() {
        if let Some(only) = el
            .first_child()
            .filter(|c| c.node_type() == web_sys::Node::TEXT_NODE && c.next_sibling().is_none())
        {
            only.set_node_value(Some(s));
            return;
        }
    }
    el.set_text_content(Some(s));
}

/// Writes `s` as `el`'s markup if it differs from `last` (what was
/// written before), and remembers it.
pub fn html(el: &Element, s: Html, last: &mut Html) {
    if *last != s {
        set_html(el, &s);
        *last = s;
    }
}

/// Makes `h` the whole markup of `el`: the widget's one way to write
/// markup, and it takes only [`Html`] (escaped text by construction).
pub fn set_html(el: &Element, h: &Html) {
    el.set_inner_html(h.as_str());
}

/// Adds `h` at the end of `el`'s markup.
pub fn append_html(el: &Element, h: &Html) {
    let _ = el.insert_adjacent_html("beforeend", h.as_str());
}

/// Empties `node` (an element or a shadow root).
pub fn clear(node: &web_sys::Node) {
    node.set_text_content(None);
}

/// Sets attribute `k` of `el` to `v`, if it differs.
pub fn attr(el: &Element, k: &str, v: &str) {
    if el.get_attribute(k).as_deref() != Some(v) {
        let _ = el.set_attribute(k, v);
    }
}

/// Shows or hides `el` (the `hidden` attribute).
pub fn hide(el: &Element, hidden: bool) {
    if el.has_attribute("hidden") != hidden {
        let _ = el.toggle_attribute_with_force("hidden", hidden);
    }
}

/// Adds or removes class `c` on `el`.
pub fn class(el: &Element, c: &str, on: bool) {
    let _ = el.class_list().toggle_with_force(c, on);
}

/// Listens to `kind` events on `target` until the widget goes.
pub fn listen(target: &web_sys::EventTarget, kind: &str, f: impl FnMut(web_sys::Event) + 'static) {
    let f = Closure::<dyn FnMut(web_sys::Event)>::new(f);
    let _ = target.add_event_listener_with_callback(kind, f.as_ref().unchecked_ref());
    let held = send_wrapper::SendWrapper::new((target.clone(), kind.to_string(), f));
    on_cleanup(move || {
        let (target, kind, f) = held.take();
        let _ = target.remove_event_listener_with_callback(&kind, f.as_ref().unchecked_ref());
    });
}

/// The element an event started on, and its closest ancestor (or itself)
/// matching `selector`.
pub fn closest(ev: &web_sys::Event, selector: &str) -> Option<Element> {
    ev.target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|e| e.closest(selector).ok().flatten())
}

/// An input's value.
pub fn value(el: &Element) -> String {
    el.dyn_ref::<web_sys::HtmlInputElement>()
        .map(|i| i.value())
        .or_else(|| {
            el.dyn_ref::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
        })
        .unwrap_or_default()
}

/// Sets an input's (or a select's) value, if it differs.
pub fn set_value(el: &Element, v: &str) {
    if let Some(i) = el.dyn_ref::<web_sys::HtmlInputElement>() {
        if i.value() != v {
            i.set_value(v);
        }
    } else if let Some(s) = el.dyn_ref::<web_sys::HtmlSelectElement>() {
        if s.value() != v {
            s.set_value(v);
        }
    }
}

/// Checks or unchecks a radio button or checkbox.
pub fn check(el: &Element, on: bool) {
    if let Some(i) = el.dyn_ref::<web_sys::HtmlInputElement>() {
        if i.checked() != on {
            i.set_checked(on);
        }
    }
}

/// Moves keyboard focus to `el`.
pub fn focus(el: &Element) {
    if let Some(h) = el.dyn_ref::<web_sys::HtmlElement>() {
        let _ = h.focus();
    } else if let Some(s) = el.dyn_ref::<web_sys::SvgElement>() {
        let _ = s.focus();
    }
}

/// An element and what this binder last wrote to it, so a change costs
/// one write and an unchanged value costs nothing: no read of the DOM
/// (reading back text or attributes forces work on every frame).
pub struct Kept {
    el: Element,
    last: Option<String>,
}

impl Kept {
    /// Keeps `el`; the first write always goes through.
    pub fn new(el: Element) -> Self {
        Self { el, last: None }
    }

    fn changed(&mut self, s: &str) -> bool {
        if self.last.as_deref() == Some(s) {
            return false;
        }
        self.last = Some(s.to_string());
        true
    }

    /// Sets the text, if it differs from what was last written.
    pub fn text(&mut self, s: &str) {
        if self.changed(s) {
            put(&self.el, s);
        }
    }

    /// Sets attribute `k` (this `Kept` always writes the same one).
    pub fn attr(&mut self, k: &str, v: &str) {
        if self.changed(v) {
            let _ = self.el.set_attribute(k, v);
        }
    }
}

/// An element and every attribute this binder last wrote to it (or took
/// away): like [`Kept`], for elements with several attributes that change,
/// such as a chart's points while a sweep fills them in.
pub struct Attrs {
    el: Element,
    last: Vec<(&'static str, Option<String>)>,
}

impl Attrs {
    /// Keeps `el`; the first write of each attribute always goes through.
    pub fn new(el: Element) -> Self {
        Self {
            el,
            last: Vec::new(),
        }
    }

    /// Whether `k` was last left as `v`; if not, remembers `v`.
    fn changed(&mut self, k: &'static str, v: Option<&str>) -> bool {
        match self.last.iter_mut().find(|(name, _)| *name == k) {
            Some((_, old)) if old.as_deref() == v => false,
            Some((_, old)) => {
                *old = v.map(str::to_string);
                true
            }
            None => {
                self.last.push((k, v.map(str::to_string)));
                true
            }
        }
    }

    /// Sets attribute `k` to `v`, if that is not what it was last set to.
    pub fn set(&mut self, k: &'static str, v: &str) {
        if self.changed(k, Some(v)) {
            let _ = self.el.set_attribute(k, v);
        }
    }

    /// Removes attribute `k`, unless it was last removed.
    pub fn remove(&mut self, k: &'static str) {
        if self.changed(k, None) {
            let _ = self.el.remove_attribute(k);
        }
    }
}

/// Whether the learner asked for reduced motion: then nothing travels
/// across the picture; Play steps from one event to the next on a timer
/// (the picture and the words change in jumps, as with Step).
pub fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|q| q.matches())
}

/// On a phone the picture and the totals sit above the sliders: when a
/// slider takes focus, bring all three into view together if they fit.
/// Inside a frame the page that scrolls is the host's, whose height the
/// frame cannot read: the browser window's height stands in for it, and
/// the picture is brought to the top (the host scrolls with it).
/// Anywhere else, or where they do not fit, the control itself is kept in
/// sight (also when a goal met above it pushes it down).
pub fn keep_in_view(input: &Element) {
    let opts = web_sys::ScrollIntoViewOptions::new();
    opts.set_block(web_sys::ScrollLogicalPosition::Nearest);
    let deck = input
        .closest(crate::vm::names::Class::Deck.selector())
        .ok()
        .flatten();
    let Some(top) = deck.and_then(|d| d.first_element_child()) else {
        return input.scroll_into_view_with_scroll_into_view_options(&opts);
    };
    let (a, b) = (
        top.get_bounding_client_rect(),
        input.get_bounding_client_rect(),
    );
    let Some(window) = web_sys::window() else {
        return;
    };
    let num = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    let framed = window
        .top()
        .ok()
        .flatten()
        .is_some_and(|t| !js_sys::Object::is(&t, &window));
    let viewport = if framed {
        num(window.outer_height())
            .min(num(window.inner_height()))
            .max(1.0)
    } else {
        num(window.inner_height())
    };
    let stacked = a.bottom() <= b.top();
    let fits = b.bottom() - a.top() + 16.0 <= viewport;
    let seen = !framed && a.top() >= 0.0 && b.bottom() <= viewport;
    if stacked && fits && !seen {
        opts.set_block(web_sys::ScrollLogicalPosition::Start);
        top.scroll_into_view_with_scroll_into_view_options(&opts);
    } else {
        input.scroll_into_view_with_scroll_into_view_options(&opts);
    }
}
