//! The widget as a Leptos component, for Leptos apps:
//! `view! { <RateLimitLab strategy=Strategy::Incr servers=8u32 theme=Theme::Light/> }`.
//! Every knob and shaping option is a reactive prop (`#[prop(into)]`: a
//! value, a signal or a closure), in integer units; the events are
//! `Callback` props. The props become the parameters of a
//! `data-ratelimit-lab` element, which mounts as a script-tag widget does
//! (its own shadow root, its own owner) and is unmounted, freeing
//! everything, when the component goes. After mount the widget follows the
//! props: a scenario prop applies where the learner has the widget, any
//! other builds it again (as an attribute of `<rate-limit-lab>` does). The
//! page links `ratelimit-lab.css` in its head, as the loader otherwise
//! does.
//!
//! On the server (natively: an app's server build) the same component, with
//! the same props, renders its placeholder, the empty element it mounts
//! in; in the browser, hydrated or rendered there, it mounts (an app that
//! renders on the server and hydrates: examples/leptos_ssr.rs).

use leptos::prelude::*;
#[cfg(target_arch = "wasm32")]
use send_wrapper::SendWrapper;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::JsCast;

use crate::sim::{
    Strategy, BURST, LIMIT, MOVE, PLAN, RTT, SERVERS, SPAN, SYNC, TIMEOUT, TRAFFIC, WINDOW,
};
use crate::vm::page::{Section, Theme};

pub use crate::vm::events::{Completed, QuizAnswer, TourStep};

/// A Rate Limit Lab widget. Every prop is optional; what is left out takes
/// the parameter's default (docs/EMBEDDING.md lists the parameters).
#[component]
#[allow(clippy::too_many_arguments)]
pub fn RateLimitLab(
    /// The strategy shown first.
    #[prop(into, optional)]
    strategy: MaybeProp<Strategy>,
    /// API servers, 1 to 16.
    #[prop(into, optional)]
    servers: MaybeProp<u32>,
    /// Requests in the burst, 1 to 500.
    #[prop(into, optional)]
    burst: MaybeProp<u32>,
    /// The Redis round trip in µs, 0 to 20,000 (kept to 0.1 ms).
    #[prop(into, optional)]
    rtt_us: MaybeProp<u32>,
    /// Requests allowed per window, 1 to 200.
    #[prop(into, optional)]
    limit: MaybeProp<u32>,
    /// The window in s, 1 to 3600.
    #[prop(into, optional)]
    window_s: MaybeProp<u32>,
    /// The burst's duration in ms, 1 to 1000.
    #[prop(into, optional)]
    span_ms: MaybeProp<u32>,
    /// Sticky only: when the user's server leaves, in ms.
    #[prop(into, optional)]
    move_ms: MaybeProp<u32>,
    /// Split only: the servers the quotas were planned for.
    #[prop(into, optional)]
    plan: MaybeProp<u32>,
    /// Sync only: the sync interval in ms.
    #[prop(into, optional)]
    sync_ms: MaybeProp<u32>,
    /// A server's timeout on one Redis call, in ms.
    #[prop(into, optional)]
    timeout_ms: MaybeProp<u32>,
    /// The site's requests per second.
    #[prop(into, optional)]
    traffic: MaybeProp<u32>,
    /// The burst's seed.
    #[prop(into, optional)]
    seed: MaybeProp<u64>,
    /// The moment to open at, paused, in µs.
    #[prop(into, optional)]
    t_us: MaybeProp<u64>,
    /// A starting point by name (`per-minute`, …).
    #[prop(into, optional)]
    preset: MaybeProp<String>,
    /// The load balancer (`random`, `round-robin`, `sticky`).
    #[prop(into, optional)]
    lb: MaybeProp<String>,
    /// Redis as it is (`up`, `slow`, `down`).
    #[prop(into, optional)]
    redis: MaybeProp<String>,
    /// What a server does when Redis fails (`open`, `closed`).
    #[prop(into, optional)]
    fail: MaybeProp<String>,
    /// Ask for a prediction before the burst.
    #[prop(into, optional)]
    predict: Signal<bool>,
    /// Sections left out.
    #[prop(into, optional)]
    hide: Signal<Vec<Section>>,
    /// The strategies offered, in order (all seven when empty).
    #[prop(into, optional)]
    tabs: Signal<Vec<Strategy>>,
    /// Sliders, picture and totals only.
    #[prop(into, optional)]
    compact: Signal<bool>,
    /// A content file (same origin), its address.
    #[prop(into, optional)]
    content: MaybeProp<String>,
    /// The language of the page's text.
    #[prop(into, optional)]
    lang: MaybeProp<String>,
    /// The mastery score, 0 to 100.
    #[prop(into, optional)]
    mastery: MaybeProp<u32>,
    /// Grade the built-in quiz if the content file cannot be used.
    #[prop(into, optional)]
    fallback_builtin: Signal<bool>,
    /// Light, dark, or as the learner's system is.
    #[prop(into, optional)]
    theme: Signal<Theme>,
    /// Open in the guided lesson at this step (1-based).
    #[prop(into, optional)]
    tour: MaybeProp<u32>,
    /// The widget is mounted.
    #[prop(optional)]
    on_ready: Option<Callback<()>>,
    /// A question got its first answer.
    #[prop(optional)]
    on_quiz: Option<Callback<QuizAnswer>>,
    /// Every question has its first answer.
    #[prop(optional)]
    on_completed: Option<Callback<Completed>>,
    /// A lesson step's goal was first met.
    #[prop(optional)]
    on_tour: Option<Callback<TourStep>>,
) -> impl IntoView {
    // The parameters, in the props' order, each group read by a function.
    let pairs = Memo::new(move |_| {
        let system = system_pairs(strategy, servers, burst, rtt_us, limit, window_s, span_ms);
        let knobs = knob_pairs(move_ms, plan, sync_ms, timeout_ms, traffic, seed, t_us);
        let named = named_pairs(preset, lb, redis, fail);
        let shape = shape_pairs(predict, hide, tabs, compact);
        let course = course_pairs(content, lang, mastery, fallback_builtin, theme, tour);
        [system, knobs, named, shape, course].concat()
    });
    place(pairs, Calls::new(on_ready, on_quiz, on_completed, on_tour))
}

/// A parameter with a number, if the prop has one.
fn num(name: &'static str, v: Option<u64>) -> Option<Pair> {
    v.map(|v| (name, v.to_string()))
}

/// A parameter with words, if the prop has them.
fn text(name: &'static str, v: Option<String>) -> Option<Pair> {
    v.map(|v| (name, v))
}

/// A parameter that is on (`1`) or left out.
fn flag(name: &'static str, on: bool) -> Option<Pair> {
    on.then(|| (name, "1".to_string()))
}

/// A whole-number prop's value, if it has one.
fn u(p: MaybeProp<u32>) -> Option<u64> {
    p.get().map(u64::from)
}

/// The parameters of the system and its burst: the strategy, the servers,
/// the burst, the Redis round trip, the limit and its window, the burst's
/// span. Each read tracks its prop (see [`RateLimitLab`]'s memo).
fn system_pairs(
    strategy: MaybeProp<Strategy>,
    servers: MaybeProp<u32>,
    burst: MaybeProp<u32>,
    rtt_us: MaybeProp<u32>,
    limit: MaybeProp<u32>,
    window_s: MaybeProp<u32>,
    span_ms: MaybeProp<u32>,
) -> Vec<Pair> {
    let list = [
        strategy.get().map(|s| ("strategy", s.as_str().to_string())),
        num(SERVERS.name, u(servers)),
        num(BURST.name, u(burst)),
        rtt_us.get().map(|us| (RTT.name, crate::vm::events::ms(us))),
        num(LIMIT.name, u(limit)),
        num(WINDOW.name, u(window_s)),
        num(SPAN.name, u(span_ms)),
    ];
    list.into_iter().flatten().collect()
}

/// The parameters of each strategy's own knobs, the site's traffic, the
/// burst's seed and the moment to open at.
fn knob_pairs(
    move_ms: MaybeProp<u32>,
    plan: MaybeProp<u32>,
    sync_ms: MaybeProp<u32>,
    timeout_ms: MaybeProp<u32>,
    traffic: MaybeProp<u32>,
    seed: MaybeProp<u64>,
    t_us: MaybeProp<u64>,
) -> Vec<Pair> {
    let list = [
        num(MOVE.name, u(move_ms)),
        num(PLAN.name, u(plan)),
        num(SYNC.name, u(sync_ms)),
        num(TIMEOUT.name, u(timeout_ms)),
        num(TRAFFIC.name, u(traffic)),
        num("seed", seed.get()),
        t_us.get().map(|us| {
            (
                "t",
                crate::vm::events::ms(us.min(u64::from(u32::MAX)) as u32),
            )
        }),
    ];
    list.into_iter().flatten().collect()
}

/// The parameters given by name: a starting point, the load balancer,
/// Redis's health and what a server does when it fails.
fn named_pairs(
    preset: MaybeProp<String>,
    lb: MaybeProp<String>,
    redis: MaybeProp<String>,
    fail: MaybeProp<String>,
) -> Vec<Pair> {
    let list = [
        text("preset", preset.get()),
        text("lb", lb.get()),
        text("redis", redis.get()),
        text("fail", fail.get()),
    ];
    list.into_iter().flatten().collect()
}

/// The parameters of the widget's shape: the prediction, the sections left
/// out, the tabs offered, compact.
fn shape_pairs(
    predict: Signal<bool>,
    hide: Signal<Vec<Section>>,
    tabs: Signal<Vec<Strategy>>,
    compact: Signal<bool>,
) -> Vec<Pair> {
    let list = [
        flag("predict", predict.get()),
        text("hide", names(hide.get().iter().map(|s| s.as_str()))),
        text("tabs", names(tabs.get().iter().map(|s| s.as_str()))),
        flag("compact", compact.get()),
    ];
    list.into_iter().flatten().collect()
}

/// The parameters of the course around the widget: the content file, the
/// language, the mastery score and the fallback, the theme, the lesson's
/// step to open at.
fn course_pairs(
    content: MaybeProp<String>,
    lang: MaybeProp<String>,
    mastery: MaybeProp<u32>,
    fallback_builtin: Signal<bool>,
    theme: Signal<Theme>,
    tour: MaybeProp<u32>,
) -> Vec<Pair> {
    let list = [
        text("content", content.get()),
        text("lang", lang.get()),
        num("mastery", u(mastery)),
        fallback_builtin
            .get()
            .then(|| ("fallback", "builtin".to_string())),
        Some(("theme", theme.get().as_str().to_string())),
        num("tour", u(tour)),
    ];
    list.into_iter().flatten().collect()
}

/// In the browser: the element, and the widget mounted in it once it is
/// in the page (built here or hydrated from the server's placeholder).
#[cfg(target_arch = "wasm32")]
fn place(pairs: Memo<Pairs>, calls: Calls) -> impl IntoView {
    let node = NodeRef::<leptos::html::Div>::new();
    node.on_load(move |el| follow(el.into(), pairs, calls));
    view! { <div data-ratelimit-lab="" node_ref=node></div> }
}

/// On the server: the same element, empty (the widget needs a browser).
/// Hydration finds it as the browser's view makes it.
#[cfg(not(target_arch = "wasm32"))]
fn place(_: Memo<Pairs>, _: Calls) -> impl IntoView {
    view! { <div data-ratelimit-lab=""></div> }
}

/// Names joined by `,`, if there are any.
fn names<'a>(list: impl Iterator<Item = &'a str>) -> Option<String> {
    let v: Vec<&str> = list.collect();
    (!v.is_empty()).then(|| v.join(","))
}

/// The event props.
#[derive(Clone, Copy)]
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
struct Calls {
    on_ready: Option<Callback<()>>,
    on_quiz: Option<Callback<QuizAnswer>>,
    on_completed: Option<Callback<Completed>>,
    on_tour: Option<Callback<TourStep>>,
}

impl Calls {
    fn new(
        on_ready: Option<Callback<()>>,
        on_quiz: Option<Callback<QuizAnswer>>,
        on_completed: Option<Callback<Completed>>,
        on_tour: Option<Callback<TourStep>>,
    ) -> Calls {
        Calls {
            on_ready,
            on_quiz,
            on_completed,
            on_tour,
        }
    }
}

/// One parameter: its name and value, as a `data-*` attribute has them.
type Pair = (&'static str, String);

type Pairs = Vec<Pair>;

#[cfg(target_arch = "wasm32")]
/// Mounts the widget in `el` with `pairs`, follows them after mount, hears
/// its events, and unmounts it when the component goes.
fn follow(el: web_sys::HtmlElement, pairs: Memo<Pairs>, calls: Calls) {
    let listeners = listen(&el, calls);
    let held = SendWrapper::new(el);
    let host = held.clone();
    Effect::new(move |before: Option<Pairs>| {
        let now = pairs.get();
        let el: web_sys::HtmlElement = (*host).clone();
        for (name, _) in before.iter().flatten() {
            let _ = el.remove_attribute(&format!("{}{name}", crate::vm::names::Data::PREFIX));
        }
        for (name, v) in &now {
            let _ = el.set_attribute(&format!("{}{name}", crate::vm::names::Data::PREFIX), v);
        }
        let changed: Pairs = match &before {
            None => Vec::new(),
            Some(b) => now.iter().filter(|p| !b.contains(p)).cloned().collect(),
        };
        let gone = before
            .as_ref()
            .is_some_and(|b| b.iter().any(|(k, _)| !now.iter().any(|(n, _)| n == k)));
        let first = before.is_none();
        // Outside this effect: the widget has an owner of its own (as a
        // script-tag widget does) and its reads are not this effect's.
        later(move || {
            if !el.is_connected() {
                return;
            }
            if first || gone {
                super::unmount(&el);
                super::place(el);
            } else if !changed.is_empty() {
                if let Ok(q) = web_sys::UrlSearchParams::new() {
                    for (k, v) in &changed {
                        q.append(k, v);
                    }
                    super::update(&el, &String::from(q.to_string()));
                }
            }
        });
        now
    });
    let listeners = SendWrapper::new(listeners);
    on_cleanup(move || {
        for (name, f) in listeners.iter() {
            let _ = held.remove_event_listener_with_callback(name, f.as_ref().unchecked_ref());
        }
        super::unmount(&held);
    });
}

#[cfg(target_arch = "wasm32")]
/// Runs `f` once the current task is done, outside any reactive owner.
fn later(f: impl FnOnce() + 'static) {
    let f = Closure::once_into_js(f);
    if let Some(w) = web_sys::window() {
        w.queue_microtask(f.unchecked_ref());
    }
}

#[cfg(target_arch = "wasm32")]
type Listener = (&'static str, Closure<dyn FnMut(JsValue)>);

#[cfg(target_arch = "wasm32")]
/// Listens to the widget's DOM events on `el` for the callbacks given.
fn listen(el: &web_sys::HtmlElement, calls: Calls) -> Vec<Listener> {
    let n = |e: &JsValue, k: &str| -> u32 {
        let detail = js_sys::Reflect::get(e, &"detail".into()).unwrap_or_default();
        js_sys::Reflect::get(&detail, &k.into())
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0) as u32
    };
    let s = |e: &JsValue, k: &str| -> String {
        let detail = js_sys::Reflect::get(e, &"detail".into()).unwrap_or_default();
        js_sys::Reflect::get(&detail, &k.into())
            .ok()
            .and_then(|v| v.as_string().or_else(|| v.as_bool().map(|b| b.to_string())))
            .unwrap_or_default()
    };
    let mut out: Vec<Listener> = Vec::new();
    let mut on = |name: &'static str, f: Box<dyn FnMut(JsValue)>| {
        let f = Closure::wrap(f);
        let _ = el.add_event_listener_with_callback(name, f.as_ref().unchecked_ref());
        out.push((name, f));
    };
    if let Some(c) = calls.on_ready {
        on("ratelimitlab:ready", Box::new(move |_| c.run(())));
    }
    if let Some(c) = calls.on_quiz {
        on(
            "ratelimitlab:quiz",
            Box::new(move |e| {
                c.run(QuizAnswer {
                    question: n(&e, "question"),
                    right: s(&e, "right") == "true",
                    answered: n(&e, "answered"),
                    correct: n(&e, "correct"),
                    total: n(&e, "total"),
                    quiz: s(&e, "quiz"),
                })
            }),
        );
    }
    if let Some(c) = calls.on_completed {
        on(
            "ratelimitlab:completed",
            Box::new(move |e| {
                c.run(Completed {
                    score: n(&e, "score"),
                    max: n(&e, "max"),
                    quiz: s(&e, "quiz"),
                })
            }),
        );
    }
    if let Some(c) = calls.on_tour {
        on(
            "ratelimitlab:tour",
            Box::new(move |e| {
                c.run(TourStep {
                    step: n(&e, "step"),
                    steps: n(&e, "steps"),
                    done: n(&e, "done"),
                })
            }),
        );
    }
    out
}
