//! The outside world: the URL, the parent frame, the clipboard. Each hook
//! owns its one effect.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::state::Lab;
use crate::sim::params;

/// Keeps the page's URL in step with the scenario (replaceState), so any
/// view can be shared by copying the address. Only for the page's own widget.
///
/// The first write is immediate; later ones wait until the learner has
/// paused for [`URL_QUIET_MS`], so a drag neither pays for a history update
/// on every step nor trips the browser's limit on history changes.
pub fn use_url_sync(lab: Lab) {
    let (url_state, embed) = lab.mount.with_value(|m| (m.url_state, m.embed));
    if !url_state {
        return;
    }
    let pending = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    Effect::new(move |first: Option<()>| {
        let query = lab.scenario.with(|s| params::to_query(s, embed));
        if first.is_none() {
            replace_query(&query);
        } else {
            let write =
                gloo_timers::callback::Timeout::new(URL_QUIET_MS, move || replace_query(&query));
            pending.set_value(Some(write));
        }
    });
}

/// How long the scenario must stay still before the URL follows it.
pub const URL_QUIET_MS: u32 = 250;

fn replace_query(query: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let hash = window.location().hash().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ =
            history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("?{query}{hash}")));
    }
}

/// The current page's address for this scenario, with or without `embed=1`.
pub fn share_url(lab: Lab, embed: bool) -> String {
    let query = lab.scenario.with_untracked(|s| params::to_query(s, embed));
    let base = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    format!("{base}?{query}")
}

/// Posts a message to the parent frame.
fn post(message: &js_sys::Object) {
    if let Some(parent) = web_sys::window().and_then(|w| w.parent().ok().flatten()) {
        let _ = parent.post_message(message, "*");
    }
}

fn message(kind: &str, fields: &[(&str, JsValue)]) -> js_sys::Object {
    let o = js_sys::Object::new();
    let set = |k: &str, v: &JsValue| {
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), v);
    };
    set("source", &JsValue::from_str("ratelimit-lab"));
    set("type", &JsValue::from_str(kind));
    for (k, v) in fields {
        set(k, v);
    }
    o
}

/// Tells the host page how the quiz is going.
pub fn post_quiz(answered: usize, correct: usize, total: usize) {
    post(&message(
        "quiz",
        &[
            ("answered", JsValue::from(answered as u32)),
            ("correct", JsValue::from(correct as u32)),
            ("total", JsValue::from(total as u32)),
        ],
    ));
}

/// When framed, posts the widget's height to the parent once loaded and
/// whenever it changes (a ResizeObserver, not a timer).
pub fn use_resize_messages(lab: Lab, root: NodeRef<leptos::html::Div>) {
    if !lab.mount.with_value(|m| m.framed) {
        return;
    }
    Effect::new(move |_| {
        let Some(el) = root.get() else { return };
        let last = std::rc::Rc::new(std::cell::Cell::new(0u32));
        let target: web_sys::Element = el.clone().into();
        let measure = move || {
            let rect = target.get_bounding_client_rect();
            let scroll = web_sys::window()
                .and_then(|w| w.scroll_y().ok())
                .unwrap_or(0.0);
            (rect.bottom() + scroll).ceil().max(0.0) as u32
        };
        let callback = Closure::<dyn FnMut()>::new(move || {
            let h = measure();
            if h != last.get() {
                last.set(h);
                post(&message("resize", &[("height", JsValue::from(h))]));
            }
        });
        if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
            observer.observe(&el);
        }
        // The observer lives as long as the page: the widget is never unmounted.
        callback.forget();
    });
}

/// Copies `text` to the clipboard; calls `done(true)` on success and
/// `done(false)` if the browser refused (the caller then shows the text).
///
/// Plain promise callbacks rather than an async block: the futures
/// machinery would cost several kilobytes of wasm for one button.
pub fn copy(text: String, done: impl Fn(bool) + 'static) {
    let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) else {
        done(false);
        return;
    };
    let done = std::rc::Rc::new(done);
    let on_ok = {
        let done = done.clone();
        Closure::once(move |_: JsValue| done(true))
    };
    let on_err = Closure::once(move |_: JsValue| done(false));
    let _ = clipboard.write_text(&text).then2(&on_ok, &on_err);
    // One of the two runs once; both are tiny and live until then.
    on_ok.forget();
    on_err.forget();
}

/// The snippet a course author pastes: the iframe, and ten lines that let it
/// grow to the widget's height.
pub fn embed_code(url: &str) -> String {
    let url = url.replace('&', "&amp;").replace('"', "&quot;");
    format!(
        r#"<iframe src="{url}" title="Rate Limit Lab: why per-server rate limits leak" width="100%" height="1600" style="border:0" loading="lazy"></iframe>
<script>
  addEventListener("message", function (e) {{
    var d = e.data;
    if (!d || d.source !== "ratelimit-lab" || d.type !== "resize") return;
    document.querySelectorAll("iframe").forEach(function (f) {{
      if (f.contentWindow === e.source) f.style.height = d.height + "px";
    }});
  }});
</script>"#
    )
}
