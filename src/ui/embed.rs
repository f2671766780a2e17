//! The outside world: the URL, the parent frame, the clipboard. Each hook
//! owns its one effect and removes what it added when the widget goes.

use super::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::state::Lab;
use crate::sim::params;
use crate::vm::names::{Class, Hook};
use crate::vm::{events, format};

/// How long the state must stay still before the URL follows it.
pub const URL_QUIET_MS: u32 = 250;

/// The query for the current state: the scenario, the moment if paused
/// mid-run, and what the page was opened with (embed and the course
/// author's shaping), so a reload or a shared link shows the same.
pub fn query(lab: Lab, embed: bool) -> String {
    params::merge_query("", |_| true, &written(lab, embed))
}

/// What [`query`] writes, as pairs: the scenario, then the rest.
fn written(lab: Lab, embed: bool) -> Vec<(&'static str, String)> {
    let m = lab.mounted();
    let page = &m.page;
    let mut pairs = lab.scenario.with_untracked(params::to_pairs);
    // While the replay plays, no moment: the address opens where it ends.
    if let Some(t) = lab
        .time
        .get_untracked()
        .filter(|_| !lab.playing.get_untracked())
    {
        // Whole µs, written in ms.
        pairs.push(("t", format::ms_exact(t)));
    }
    for (k, v) in crate::vm::page::shaping(page, embed) {
        // The content file's address is the one value a URL may not hold
        // as written.
        let v = if k == "content" { encode(&v) } else { v };
        pairs.push((k, v));
    }
    if let Some(k) = lab.tour.get_untracked() {
        pairs.push(("tour", (k + 1).to_string()));
    }
    pairs
}

/// Percent-encodes what a URL's query value cannot hold as it is.
fn encode(s: &str) -> String {
    js_sys::encode_uri_component(s)
        .as_string()
        .unwrap_or_default()
}

/// Keeps the page's URL in step with the state (replaceState), so any view
/// can be shared by copying the address. Only for the page's own widget.
///
/// The first write is immediate; later ones wait until the learner has
/// paused for [`URL_QUIET_MS`], so a drag (or a replay) neither pays for a
/// history update on every step nor trips the browser's limit on them.
pub fn use_url_sync(lab: Lab) {
    let (url_state, embed) = {
        let m = lab.mounted();
        (m.url_state, m.page.embed)
    };
    if !url_state {
        return;
    }
    let pending = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    let mut first = true;
    let mut last = None;
    let mut step = None;
    super::effect(move || {
        let scenario = lab.scenario.get();
        lab.time.track();
        // Not while the replay plays, but for a new scenario (a tab's
        // replay) or a lesson step entered (written at once, for a
        // reload): the address follows where it stops.
        let tour = lab.tour.get();
        if lab.playing.get() && !first && last == Some(scenario) && tour == step {
            return;
        }
        last = Some(scenario);
        step = tour;
        if std::mem::take(&mut first) {
            rewrite(lab, embed);
        } else {
            let write =
                gloo_timers::callback::Timeout::new(URL_QUIET_MS, move || rewrite(lab, embed));
            pending.set_value(Some(write));
        }
    });
}

/// Writes the state into the address: the widget's own parameters take
/// their values now, every other one stays as written, in its place
/// ([`params::merge_query`]), and the history entry keeps the query the
/// page was opened with, for Reset after a reload.
fn rewrite(lab: Lab, embed: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let current = location.search().unwrap_or_default();
    let query = params::merge_query(&current, crate::vm::page::rewritten, &written(lab, embed));
    let hash = location.hash().unwrap_or_default();
    let opened_search = &lab.mounted().opened_search;
    // Nothing to write while the address is still the one the page was
    // opened with: a write would be a same-page navigation all the same
    // (the browser asks for the page's icon again, for one).
    let same = |q: &str| q.strip_prefix('?').unwrap_or(q) == query;
    if same(&current) && same(opened_search) {
        return;
    }
    let opened = JsValue::from_str(opened_search);
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&opened, "", Some(&format!("?{query}{hash}")));
    }
}

/// The current page's address for this state, with or without `embed=1`.
pub fn share_url(lab: Lab, embed: bool) -> String {
    let base = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    format!("{base}?{}", query(lab, embed))
}

/// What the host hears after each first answer to a quiz question.
pub struct QuizMessage<'a> {
    /// Questions answered so far.
    pub answered: usize,
    /// First answers that were right.
    pub correct: usize,
    /// Questions in all.
    pub total: usize,
    /// The question answered, 1-based.
    pub question: usize,
    /// Its text.
    pub prompt: &'a str,
    /// The option chosen.
    pub option: &'a str,
    /// Whether that was the right one.
    pub right: bool,
}

/// A message to the host page: `{ source: "ratelimit-lab", type, … }`,
/// typed here and written as a plain object.
enum Message<'a> {
    /// The widget's height changed, or its printed height did.
    Resize { height: u32, print: u32 },
    /// A question got its first answer.
    Quiz(&'a QuizMessage<'a>),
    /// Every question has its first answer.
    Completed { score: usize, max: usize },
    /// The widget is mounted.
    Ready,
    /// A lesson step's goal was first met: the step (1-based), the
    /// steps, and how many have been met so far.
    Tour {
        step: usize,
        steps: usize,
        done: usize,
    },
    /// The last step's goal was met.
    TourCompleted { steps: usize },
    /// The content file asked for could not be used: `reason` in plain
    /// words, `detail` what exactly was wrong.
    ContentError { reason: &'a str, detail: &'a str },
}

impl Message<'_> {
    /// The message as a plain object, naming the quiz it is about and the
    /// widget's version: its fields under the names [`events::MESSAGES`]
    /// gives them, in that order.
    fn to_js(&self, quiz: &str) -> js_sys::Object {
        let n = |x: usize| JsValue::from(x as u32);
        let (kind, values): (&str, Vec<JsValue>) = match self {
            Message::Resize { height, print } => (
                "resize",
                vec![JsValue::from(*height), JsValue::from(*print)],
            ),
            Message::Quiz(q) => (
                "quiz",
                vec![
                    n(q.answered),
                    n(q.correct),
                    n(q.total),
                    n(q.question),
                    JsValue::from_str(q.prompt),
                    JsValue::from_str(q.option),
                    JsValue::from_bool(q.right),
                ],
            ),
            Message::Completed { score, max } => ("completed", vec![n(*score), n(*max)]),
            Message::Ready => ("ready", vec![]),
            Message::Tour { step, steps, done } => ("tour", vec![n(*step), n(*steps), n(*done)]),
            Message::TourCompleted { steps } => ("tour-completed", vec![n(*steps)]),
            Message::ContentError { reason, detail } => (
                "content-error",
                vec![JsValue::from_str(reason), JsValue::from_str(detail)],
            ),
        };
        let names = events::fields(kind);
        debug_assert_eq!(names.len(), values.len(), "{kind}");
        let o = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| {
            let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), v);
        };
        set("source", &JsValue::from_str(events::SOURCE));
        set("type", &JsValue::from_str(kind));
        for (k, v) in names.iter().zip(&values) {
            set(k, v);
        }
        let [q, version] = events::COMMON;
        set(q, &JsValue::from_str(quiz));
        set(version, &JsValue::from_str(env!("CARGO_PKG_VERSION")));
        o
    }
}

/// Tells the host: the one way every message leaves the widget. A framed
/// page posts it to the parent frame; a script-tag or custom-element widget
/// dispatches it on its element as the DOM event `ratelimitlab:<type>`
/// (bubbling), with the message as the event's `detail`.
fn post(lab: Lab, message: Message) {
    let m = lab.mounted();
    let o = message.to_js(&m.quiz_id);
    if m.framed {
        if let Some(parent) = web_sys::window().and_then(|w| w.parent().ok().flatten()) {
            let _ = parent.post_message(&o, "*");
            // Next to a resize, the height in the shape Canvas listens for.
            if let Message::Resize { height, .. } = message {
                let c = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&c, &"subject".into(), &events::LTI_RESIZE.0.into());
                let _ = js_sys::Reflect::set(&c, &"height".into(), &JsValue::from(height));
                let _ = parent.post_message(&c, "*");
            }
        }
    }
    if let Some(host) = &m.host {
        // new CustomEvent(name, { detail, bubbles: true }), built through
        // Reflect: no extra web-sys bindings for one constructor.
        let kind = js_sys::Reflect::get(&o, &JsValue::from_str("type")).unwrap_or_default();
        let name = format!("ratelimitlab:{}", kind.as_string().unwrap_or_default());
        let init = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&init, &JsValue::from_str("detail"), &o);
        let _ = js_sys::Reflect::set(&init, &JsValue::from_str("bubbles"), &JsValue::TRUE);
        let event = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("CustomEvent"))
            .ok()
            .and_then(|c| c.dyn_into::<js_sys::Function>().ok())
            .and_then(|c| {
                js_sys::Reflect::construct(
                    &c,
                    &js_sys::Array::of2(&JsValue::from_str(&name), &init),
                )
                .ok()
            });
        if let Some(event) = event {
            let _ = host.dispatch_event(event.unchecked_ref());
        }
    }
}

/// Tells the host page how the quiz is going.
pub fn post_quiz(lab: Lab, q: &QuizMessage) {
    post(lab, Message::Quiz(q));
}

/// Tells the host page every question has a first answer.
pub fn post_completed(lab: Lab, score: usize, max: usize) {
    post(lab, Message::Completed { score, max });
}

/// Tells the host page a lesson step's goal was first met, and, after the
/// last step's, that the lesson is completed.
pub fn post_tour(lab: Lab, step: usize, steps: usize, done: usize) {
    post(lab, Message::Tour { step, steps, done });
    if step == steps {
        post(lab, Message::TourCompleted { steps });
    }
}

/// Tells the host page the widget is mounted.
pub fn post_ready(lab: Lab) {
    post(lab, Message::Ready);
}

/// Tells the host page the content file could not be used.
pub fn post_content_error(lab: Lab, reason: &str, detail: &str) {
    post(lab, Message::ContentError { reason, detail });
}

/// How long the height must stay still before the printed height is
/// measured again (a measure lays the widget out twice).
const PRINT_QUIET_MS: u32 = 400;
/// The width the printed height is measured at: a frame across an A4 or
/// Letter page, inside the host's margins, is about this wide.
const PRINT_WIDTH: &str = "720px";

/// The bottom of `root` in its document, in whole pixels.
fn bottom(root: &web_sys::Element) -> u32 {
    let rect = root.get_bounding_client_rect();
    let scroll = web_sys::window()
        .and_then(|w| w.scroll_y().ok())
        .unwrap_or(0.0);
    (rect.bottom() + scroll).ceil().max(0.0) as u32
}

/// The widget's height as printed: the print rules (the root's class
/// `rll--print`, style/95-print.css) applied for one layout inside this
/// call, at a page's width, then taken off again. Nothing is painted in
/// between, so the learner sees nothing of it.
fn print_height(root: &web_sys::Element) -> u32 {
    let style = root.dyn_ref::<web_sys::HtmlElement>().map(|e| e.style());
    let classes = root.class_list();
    let _ = classes.add_1("rll--print");
    if let Some(s) = &style {
        let _ = s.set_property("width", PRINT_WIDTH);
    }
    let h = bottom(root);
    let _ = classes.remove_1("rll--print");
    if let Some(s) = &style {
        let _ = s.remove_property("width");
    }
    h
}

/// When framed, posts the widget's height to the parent once loaded and
/// whenever it changes (a ResizeObserver, not a timer), with its printed
/// height, measured once the height has been still for a moment, so that
/// the host can size the frame for a print (no page left blank, nothing
/// cut). The observer and the pending measure go with the widget.
pub fn use_resize_messages(lab: Lab, root: &web_sys::Element) {
    if !lab.mounted().framed {
        return;
    }
    use std::cell::Cell;
    use std::rc::Rc;
    // The last height and printed height posted.
    let last = Rc::new((Cell::new(0u32), Cell::new(0u32)));
    let pending = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    let target = root.clone();
    let callback = Closure::<dyn FnMut()>::new(move || {
        let h = bottom(&target);
        if h == last.0.get() {
            return;
        }
        last.0.set(h);
        post(
            lab,
            Message::Resize {
                height: h,
                print: last.1.get(),
            },
        );
        let (last, target) = (last.clone(), target.clone());
        pending.set_value(Some(gloo_timers::callback::Timeout::new(
            PRINT_QUIET_MS,
            move || {
                let print = print_height(&target);
                if print != last.1.get() {
                    last.1.set(print);
                    post(
                        lab,
                        Message::Resize {
                            height: last.0.get(),
                            print,
                        },
                    );
                }
            },
        )));
    });
    if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
        observer.observe(root);
        // Once loaded, even in a frame the browser does not render yet
        // (below the fold), where the observer waits: a timer still runs.
        let f: js_sys::Function = callback.as_ref().clone().unchecked_into();
        let first =
            StoredValue::new_local(Some(gloo_timers::callback::Timeout::new(0, move || {
                let _ = f.call0(&JsValue::NULL);
            })));
        let held = send_wrapper::SendWrapper::new((observer, callback));
        on_cleanup(move || {
            first.set_value(None);
            held.take().0.disconnect();
            pending.set_value(None);
        });
    }
}

/// Copies `text` and says so in the footer; if the browser refuses, shows
/// the text selected in a box to copy by hand.
pub fn copy_to(lab: Lab, root: &web_sys::Element, what: crate::vm::text::Text, text: String) {
    let status = super::dom::find(root, Hook::CopyStatus.selector());
    let area = super::dom::find(root, Class::FootFallback.selector());
    let shown = text.clone();
    let alive = root.clone();
    copy(text, move |ok| {
        use crate::vm::text::Text;
        // The widget may have been taken out while the browser answered.
        if !alive.is_connected() {
            return;
        }
        if ok {
            if let Some(s) = &status {
                s.set_text_content(Some(&lab.fill(Text::Copied, &[("what", &lab.t(what))])));
            }
            if let Some(a) = &area {
                super::dom::hide(a, true);
            }
        } else {
            if let Some(s) = &status {
                s.set_text_content(Some(&lab.t(Text::CopyBlocked)));
            }
            if let Some(a) = area
                .as_ref()
                .and_then(|a| a.dyn_ref::<web_sys::HtmlTextAreaElement>())
            {
                a.set_value(&shown);
                super::dom::hide(a, false);
                a.select();
            }
        }
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
