//! The view: Leptos's reactive core (one owner per widget, one scenario
//! signal, the report in a memo, effects) binding the view-model
//! ([`crate::vm`]) to the DOM. The markup comes from the view-model
//! ([`crate::vm::skeleton`]); the binders here fill its slots when the
//! state changes, and one delegated handler per event kind turns the
//! learner's input into state. Built this way rather than as `view!`
//! trees for the download budget (docs/DECISIONS.md).
//!
//! Mounting: every element with `data-ratelimit-lab` gets an independent
//! widget. The page's own element also carries `data-ratelimit-lab-url`:
//! that widget reads its starting state from the URL and keeps the URL in
//! step. The others (a script tag on a host page) read their `data-*`
//! attributes, leave the URL alone, and live in a shadow root, so the host's
//! styles do not reach in and the widget's do not reach out.
//!
//! A content file (`content` / `data-content`) is fetched first, from the
//! page's own origin only; the widget then mounts with its sentences and
//! quiz, or with the built-in ones and a notice if it could not be used.

mod adopt;
mod canvas;
mod cards;
mod charts;
mod clock;
mod code;
#[cfg(feature = "leptos")]
mod component;
mod controls;
mod dom;
mod embed;
mod events;
mod glossary;
mod highlight;
mod json;
mod later;
mod lms;
mod log;
mod marks;
mod picture;
mod quiz;
mod state;
mod timeline;
mod totals;
mod tour;

/// What the binders use of the reactive system (Leptos's own, without the
/// rest of Leptos: its server functions bring code the widget never runs).
mod prelude {
    pub use reactive_graph::computed::Memo;
    pub use reactive_graph::effect::Effect;
    pub use reactive_graph::graph::untrack;
    pub use reactive_graph::owner::{
        on_cleanup, provide_context, LocalStorage, Owner, StoredValue,
    };
    pub use reactive_graph::prelude::*;
    pub use reactive_graph::signal::RwSignal;
    pub use reactive_graph::wrappers::read::Signal;
}

use crate::vm::names::Data;
use prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::vm::content::{self, Content};
use crate::vm::page::{self, NAMES};
use crate::vm::quiz as questions;
use crate::vm::text::{Text, Texts};
#[cfg(feature = "leptos")]
pub use component::{Completed, QuizAnswer, RateLimitLab, TourStep};
pub use state::{Lab, Mount};

/// An effect, through one non-generic path: every effect of the widget is
/// the same `Effect` type (a boxed closure), so the wasm carries Leptos's
/// effect machinery once instead of once per closure (docs/DECISIONS.md).
pub fn effect(f: impl FnMut() + 'static) {
    effect_boxed(Box::new(f));
}

fn effect_boxed(mut f: Box<dyn FnMut()>) {
    Effect::new(move |_| f());
}

/// A memo, through one path per value type (see [`effect`]).
pub fn memo<V: PartialEq + Send + Sync + 'static>(
    f: impl Fn() -> V + Send + Sync + 'static,
) -> Memo<V> {
    memo_boxed(Box::new(f))
}

/// A memo whose every new value counts as changed: for the model's
/// reports, computed only when the scenario changes, whose comparison
/// (every event of the run) cost more code in the wasm (about 0.4 KB gzip)
/// than the rare re-run it saved, when two scenarios give the same run.
pub fn memo_new<V: Send + Sync + 'static>(f: impl Fn() -> V + Send + Sync + 'static) -> Memo<V> {
    Memo::new_with_compare(move |_| f(), |_, _| true)
}

fn memo_boxed<V: PartialEq + Send + Sync + 'static>(
    f: Box<dyn Fn() -> V + Send + Sync>,
) -> Memo<V> {
    Memo::new(move |_| f())
}

/// The elements a widget is mounted in: `data-ratelimit-lab` elements and
/// the `<rate-limit-lab>` custom element the loader defines.
const HOSTS: &str = concat!(data!([RatelimitLab]), ", rate-limit-lab");

/// One widget on the page: its element, which mount of it this is, and,
/// once built, its reactive owner and state (none while its content file
/// loads).
struct Placed {
    host: web_sys::HtmlElement,
    serial: u32,
    built: Option<(Owner, Lab)>,
}

thread_local! {
    static PLACED: std::cell::RefCell<Vec<Placed>> = const { std::cell::RefCell::new(Vec::new()) };
    static SERIAL: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The state of the widget in `el`, if one is built there.
fn lab_of(el: &web_sys::HtmlElement) -> Option<Lab> {
    PLACED.with_borrow(|p| {
        p.iter()
            .find(|w| w.host == *el)?
            .built
            .as_ref()
            .map(|b| b.1)
    })
}

/// Where the widget's files are: the loader's folder (a URL ending in
/// `/`), which the texts read later ([`later`]) are fetched from.
#[wasm_bindgen]
pub fn files(base: String) {
    later::set_base(base);
}

/// Mounts a widget in every host element that has none yet.
#[wasm_bindgen(js_name = mountAll)]
pub fn mount_all() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(nodes) = document.query_selector_all(HOSTS) else {
        return;
    };
    for i in 0..nodes.length() {
        if let Some(el) = nodes
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        {
            place(el);
        }
    }
}

/// Mounts a widget in `el`, unless it has one.
#[wasm_bindgen(js_name = mount)]
pub fn place(el: web_sys::HtmlElement) {
    if PLACED.with_borrow(|p| p.iter().any(|w| w.host == el)) {
        return;
    }
    let serial = SERIAL.with(|s| {
        s.set(s.get() + 1);
        s.get()
    });
    let _ = el.set_attribute(Data::RatelimitLabMounted.as_str(), "");
    PLACED.with_borrow_mut(|p| {
        p.push(Placed {
            host: el.clone(),
            serial,
            built: None,
        })
    });
    let pairs = read_pairs(&el);
    let borrowed: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let first = page::parse(&borrowed, &Texts::english());
    // Tasks may be spawned from here on (the content file's reader).
    let _ = any_spawner::Executor::init_wasm_bindgen();
    match first.content {
        None => mount(el, serial, None),
        // The key names a content file uses (`keys.json`) and the texts
        // read later ([`later`]): fetched once the file is here. The
        // reader comes meanwhile (`read`).
        Some(url) => {
            #[cfg(split)]
            any_spawner::Executor::spawn_local(async {
                let _ = read_early().await;
            });
            load(url, move |(name, fetched)| {
                later::fetch_with_keys(Box::new(move |ok| {
                    let fetched = match fetched {
                        Ok(_) if !ok => Err((Text::ContentKeys, 0)),
                        fetched => fetched,
                    };
                    read(fetched, move |read| mount(el, serial, Some((name, read))))
                }))
            })
        }
    }
}

/// A content file's outcome, once read: its name, and its content or why
/// it could not be used (it could not be fetched, or read).
type Read = (
    String,
    Result<Result<Content, content::Refusal>, (Text, u16)>,
);

/// Reads a fetched content file's text, then calls `done` (at once; in the
/// shipped bundle once the reader's module is here, which a page without
/// a content file never fetches).
fn read(
    fetched: Result<String, (Text, u16)>,
    done: impl FnOnce(Result<Result<Content, content::Refusal>, (Text, u16)>) + 'static,
) {
    #[cfg(not(split))]
    done(fetched.map(read_content));
    #[cfg(split)]
    any_spawner::Executor::spawn_local(async move {
        let read = match fetched {
            Ok(text) => Ok(read_content(text).await),
            Err(why) => Err(why),
        };
        done(read)
    });
}

/// Takes the widget out of `el` and frees everything it holds: the owner
/// is disposed, so every cleanup its hooks registered runs (listeners,
/// observers, timers, animation frames), and its markup goes.
#[wasm_bindgen]
pub fn unmount(el: &web_sys::HtmlElement) {
    let Some(placed) = PLACED.with_borrow_mut(|p| {
        let i = p.iter().position(|w| w.host == *el)?;
        Some(p.remove(i))
    }) else {
        return;
    };
    if let Some((owner, _)) = placed.built {
        owner.cleanup();
    }
    match el.shadow_root() {
        Some(root) => dom::clear(&root),
        None => dom::clear(el),
    }
    let _ = el.remove_attribute(Data::RatelimitLabMounted.as_str());
}

/// Reset, as the widget's own button does it.
#[wasm_bindgen]
pub fn reset(el: &web_sys::HtmlElement) {
    if let Some(lab) = lab_of(el) {
        events::reset(lab);
    }
}

/// Some of `el`'s parameters changed to the values in `query` (an
/// attribute of a custom element, or `set`). The scenario follows at once,
/// from where the learner has it, by the rules of the URL's parameters (a
/// bad value gets its notice); anything else rebuilds the widget.
#[wasm_bindgen]
pub fn update(el: &web_sys::HtmlElement, query: &str) {
    let Some(lab) = lab_of(el) else {
        // Not built yet: it reads its attributes when it is.
        return;
    };
    let changed = search_pairs(query);
    if !changed.iter().all(|(k, _)| page::live(k)) {
        unmount(el);
        place(el.clone());
        return;
    }
    let m = lab.mounted();
    let mut pairs: Vec<(String, String)> = lab
        .scenario
        .with_untracked(crate::sim::params::to_pairs)
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    pairs.extend(changed.iter().cloned());
    let all: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let page = page::parse(&all, &m.texts);
    let given: Vec<(&str, &str)> = changed
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let notices = page::parse(&given, &m.texts).notices;
    // Reset now returns to the attributes as they are.
    let now = read_pairs(el);
    let now: Vec<(&str, &str)> = now.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let opened = page::parse(&now, &m.texts);
    let mut scenario = page.scenario;
    if !m.page.tabs.contains(&scenario.strategy) {
        scenario = scenario.with_strategy(m.page.tabs[0]);
    }
    drop(m);
    lab.mount.update_value(|m| {
        if let Some(m) = std::rc::Rc::get_mut(m) {
            m.opened = opened;
        }
    });
    lab.update(|_| scenario);
    if changed.iter().any(|(k, _)| k == "t") {
        let end = lab.report.with_untracked(|r| r.end_us);
        lab.time.set(page.t_us.filter(|t| *t < end));
    }
    if let Some(root) = widget_root(el) {
        for text in notices {
            events::add_notice(&root, &lab.mounted().texts, &text);
        }
    }
}

/// The widget's root element in `el` (in its shadow root, for a script tag).
fn widget_root(el: &web_sys::HtmlElement) -> Option<web_sys::Element> {
    match el.shadow_root() {
        Some(root) => root.query_selector(".rll").ok().flatten(),
        None => el.query_selector(".rll").ok().flatten(),
    }
}

/// Reads one mount point's parameters: the URL for the page's own widget,
/// `data-*` attributes for script-tag mounts.
fn read_pairs(el: &web_sys::HtmlElement) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    if el.has_attribute(Data::RatelimitLabUrl.as_str()) {
        if let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) {
            pairs = search_pairs(&search);
        }
    } else {
        // A custom element's attributes are the parameters' own names.
        let prefix = if el.has_attribute(Data::RatelimitLab.as_str()) {
            Data::PREFIX
        } else {
            ""
        };
        for name in NAMES {
            if let Some(v) = el.get_attribute(&format!("{prefix}{name}")) {
                pairs.push((name.to_string(), v));
            }
        }
    }
    pairs
}

/// A query string's pairs, decoded by the browser.
fn search_pairs(search: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    if let Ok(query) = web_sys::UrlSearchParams::new_with_str(search) {
        if let Ok(Some(entries)) = js_sys::try_iter(&query) {
            for entry in entries.flatten() {
                let pair: js_sys::Array = entry.unchecked_into();
                pairs.push((
                    pair.get(0).as_string().unwrap_or_default(),
                    pair.get(1).as_string().unwrap_or_default(),
                ));
            }
        }
    }
    pairs
}

/// The query the page's address had when it was opened: kept in the
/// history entry's state by the address rewrite, so a reload of the
/// rewritten address still knows it; else the address as it is now.
fn opened_search() -> String {
    let Some(window) = web_sys::window() else {
        return String::new();
    };
    window
        .history()
        .ok()
        .and_then(|h| h.state().ok())
        .and_then(|s| s.as_string())
        .or_else(|| window.location().search().ok())
        .unwrap_or_default()
}

/// The outcome of fetching a content file: its text, or why not (the key of
/// the reason, and a number for the status or the seconds waited).
type Loaded = (String, Result<String, (Text, u16)>);

/// How long a content file may take to arrive before the widget starts
/// without it.
const CONTENT_WAIT_S: u16 = 8;

/// Fetches the content file at `url` (resolved against the page; only from
/// the page's own origin, after any redirect too) and calls `done` once
/// with its text or the problem: a file that is not there within
/// [`CONTENT_WAIT_S`] seconds, or that says it is larger than the widget
/// reads, is not waited for or read.
fn load(url: String, done: impl FnOnce(Loaded) + 'static) {
    load_from(url, None, Box::new(done));
}

/// [`load`], from the page's origin or from `origin` (the widget's own
/// files' origin, for the texts read later), through one path (one copy
/// in the wasm for its callers).
fn load_from(url: String, origin: Option<String>, done: Box<dyn FnOnce(Loaded)>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let href = window.location().href().unwrap_or_default();
    let resolved = web_sys::Url::new_with_base(&url, &href).ok();
    let origin = origin.unwrap_or_else(|| window.location().origin().unwrap_or_default());
    let Some(resolved) = resolved.filter(|u| u.origin() == origin) else {
        done((url, Err((Text::ContentOrigin, 0))));
        return;
    };
    let abort = web_sys::AbortController::new().ok();
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    // The wait's timer, cleared once the file has come (a page that takes
    // the widget out then keeps no timer of it).
    let timer = std::rc::Rc::new(std::cell::RefCell::new(
        None::<gloo_timers::callback::Timeout>,
    ));
    let finish = {
        let (done, abort, name, timer) = (done.clone(), abort.clone(), url.clone(), timer.clone());
        move |r: Result<String, (Text, u16)>| {
            if let Some(f) = done.borrow_mut().take() {
                let waiting = timer.borrow_mut().take();
                match &r {
                    // Run by the timer itself: it has fired, nothing to clear.
                    Err((Text::ContentTimeout, _)) => std::mem::forget(waiting),
                    _ => drop(waiting),
                }
                if r.is_err() {
                    if let Some(a) = &abort {
                        a.abort();
                    }
                }
                f((name.clone(), r));
            }
        }
    };
    let late = finish.clone();
    *timer.borrow_mut() = Some(gloo_timers::callback::Timeout::new(
        u32::from(CONTENT_WAIT_S) * 1000,
        move || late(Err((Text::ContentTimeout, CONTENT_WAIT_S))),
    ));
    let init = web_sys::RequestInit::new();
    if let Some(a) = &abort {
        init.set_signal(Some(&a.signal()));
    }
    let fail = {
        let finish = finish.clone();
        Closure::once(move |_: JsValue| finish(Err((Text::ContentFetch, 0))))
    };
    let on_response = Closure::once(move |resp: JsValue| {
        let Ok(resp) = resp.dyn_into::<web_sys::Response>() else {
            return finish(Err((Text::ContentFetch, 0)));
        };
        if let Some(why) = refused(&resp, &origin) {
            return finish(Err(why));
        }
        let on_text = {
            let finish = finish.clone();
            Closure::once(move |t: JsValue| finish(Ok(t.as_string().unwrap_or_default())))
        };
        let on_err = Closure::once(move |_: JsValue| finish(Err((Text::ContentRead, 0))));
        if let Ok(p) = resp.text() {
            let _ = p.then2(&on_text, &on_err);
        }
        on_text.forget();
        on_err.forget();
    });
    let _ = window
        .fetch_with_str_and_init(&resolved.href(), &init)
        .then2(&on_response, &fail);
    on_response.forget();
    fail.forget();
}

/// Why a content file's response is not read: a status that is not OK, a
/// redirect that ended on another origin, or a length past the bound.
fn refused(resp: &web_sys::Response, origin: &str) -> Option<(Text, u16)> {
    if !resp.ok() {
        return Some((Text::ContentStatus, resp.status()));
    }
    let landed = web_sys::Url::new(&resp.url()).map(|u| u.origin());
    if landed.as_deref() != Ok(origin) {
        return Some((Text::ContentOrigin, 0));
    }
    let length = resp.headers().get("content-length").ok().flatten();
    let length = length.and_then(|l| l.trim().parse::<usize>().ok());
    if length.is_some_and(|n| n > content::bounds::BYTES) {
        return Some((Text::ContentTooLarge, 0));
    }
    None
}

/// Mounts one widget in `el`, with a content file's outcome if it had one,
/// unless it was taken out (or mounted again) while the file loaded. The
/// parameters are read now, so a change made meanwhile is not lost.
fn mount(el: web_sys::HtmlElement, serial: u32, loaded: Option<Read>) {
    if !PLACED.with_borrow(|p| p.iter().any(|w| w.host == el && w.serial == serial)) {
        return;
    }
    let pairs = &read_pairs(&el)[..];
    let (content, problem) = content_of(loaded);
    let Content {
        texts,
        quiz,
        lang,
        id,
        tour,
        notices,
    } = content;
    let (mut page, steps) = page_and_steps(pairs, &texts, notices, tour);
    let url_state = el.has_attribute(Data::RatelimitLabUrl.as_str());
    let (opened_search, opened) = opened(url_state, pairs, &texts);
    let framed = url_state && in_frame();
    // Only the page's own widget is the course's lesson.
    let scorm = if url_state { lms::find() } else { None };
    let graded = problem.is_none() || page.fallback;
    if let Some(problem) = &problem {
        let ungraded = !graded && (framed || scorm.is_some());
        tell_problem(&mut page, problem, &texts, ungraded);
    }
    if url_state && page.embed {
        embed_page();
    }
    let builtin_quiz = quiz.is_none();
    let quiz = quiz.unwrap_or_else(|| questions::builtin_in(&texts));
    let order = questions::order(&quiz, page.scenario.seed);
    let mount = Mount {
        id: format!("rll{serial}"),
        url_state,
        framed,
        host: (!url_state).then(|| el.clone()),
        page,
        opened,
        opened_search,
        texts,
        quiz,
        builtin_quiz,
        order,
        quiz_id: crate::vm::lms::quiz_name(id.as_deref()),
        graded,
        frame: Default::default(),
        steps: std::cell::RefCell::new(steps),
    };
    // The first screen the loader shows, prerendered, which the widget
    // keeps if it is its own (`adopt`).
    let screen = if url_state {
        adopt::screen(&el)
    } else {
        el.shadow_root().and_then(|root| adopt::screen(&root))
    };
    let target = if url_state {
        clear_but(&el, &[screen.as_ref()]);
        Some(el.clone().into())
    } else {
        shadow(&el, screen.as_ref())
    };
    let Some(target) = target else { return };
    let built = start(target, mount, lang, scorm, screen);
    let lab = built.as_ref().map(|(_, lab)| *lab);
    PLACED.with_borrow_mut(|p| {
        if let Some(w) = p.iter_mut().find(|w| w.host == el && w.serial == serial) {
            w.built = built;
        }
    });
    // To a framing page, or as events on a script-tag widget's element.
    if let Some(lab) = lab {
        embed::post_ready(lab);
        if let Some((_, why, detail)) = &problem {
            embed::post_content_error(lab, why, detail);
        }
    }
}

/// The widget's own page opened as an embed (`embed=1`): its body takes
/// the embed's look, transparent and no taller than the widget.
fn embed_page() {
    if let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    {
        let _ = body.class_list().add_1("rll-page--embed");
    }
}

/// A content file that could not be used: the file, why in plain words,
/// and what exactly.
type Problem = (String, String, String);

/// The content a widget mounts with: the file's, if it had one and it
/// could be read, else the built-in sentences and quiz (with the problem).
fn content_of(loaded: Option<Read>) -> (Content, Option<Problem>) {
    let english = Texts::english();
    let mut problem = None;
    let content = match loaded {
        None => None,
        Some((_, Ok(Ok(c)))) => Some(c),
        Some((name, Ok(Err(r)))) => {
            let why = english.fill(r.why, &[("what", &r.detail)]);
            problem = Some((name, why, r.detail));
            None
        }
        Some((name, Err((why, status)))) => {
            let what = format!("more than {} bytes", content::bounds::BYTES);
            let reason = english.fill(why, &[("n", &status.to_string()), ("what", &what)]);
            problem = Some((name, reason.clone(), reason));
            None
        }
    };
    let content = content.unwrap_or(Content {
        texts: english,
        quiz: None,
        lang: None,
        id: None,
        tour: None,
        notices: Vec::new(),
    });
    (content, problem)
}

/// What the parameters ask for, read by `texts`' rules, with the content
/// file's `notices`; and the lesson's steps (the file's, or the built-in
/// ones), `tour=K` checked against them.
fn page_and_steps(
    pairs: &[(String, String)],
    texts: &Texts,
    notices: Vec<String>,
    tour: Option<Vec<crate::vm::tour::Step>>,
) -> (page::Page, Vec<crate::vm::tour::Step>) {
    let borrowed: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let mut page = page::parse(&borrowed, texts);
    page.notices.extend(notices);
    let steps = tour.unwrap_or_else(|| crate::vm::tour::builtin(texts));
    // `tour=K`: the step to open at, among these steps.
    if let Some(k) = page.tour {
        let (at, notice) = crate::vm::tour::open_at(k, steps.len(), texts);
        page.tour = Some(at as u32 + 1);
        page.notices.extend(notice);
    }
    (page, steps)
}

/// Reset's target: the address first opened (the attributes, for a
/// script-tag mount), read by the same rules; with that address's query,
/// as written (empty for a script-tag mount).
fn opened(url_state: bool, pairs: &[(String, String)], texts: &Texts) -> (String, page::Page) {
    let opened_search = if url_state {
        opened_search()
    } else {
        String::new()
    };
    let opened_pairs = if url_state {
        search_pairs(&opened_search)
    } else {
        pairs.to_vec()
    };
    let borrowed: Vec<(&str, &str)> = opened_pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    (opened_search, page::parse(&borrowed, texts))
}

/// Whether the page is inside a frame (its messages go to the parent).
fn in_frame() -> bool {
    web_sys::window()
        .and_then(|w| {
            let top: JsValue = w.top().ok()??.into();
            Some(!js_sys::Object::is(&top, &w))
        })
        .unwrap_or(false)
}

/// Tells of a content file that could not be used: on the console always,
/// in a notice too (where and what exactly when the page is the author's:
/// `author=1`, localhost), and that the quiz is not graded if it would have
/// been (`ungraded`).
fn tell_problem(
    page: &mut page::Page,
    (file, why, detail): &Problem,
    texts: &Texts,
    ungraded: bool,
) {
    let said = format!("Rate Limit Lab: the content file {file} could not be used: {detail}");
    web_sys::console::warn_1(&said.into());
    let why = if author() && !why.contains(detail.as_str()) {
        format!("{why}: {detail}")
    } else {
        why.clone()
    };
    page.notices
        .push(texts.fill(Text::NoticeContent, &[("file", file), ("problem", &why)]));
    if ungraded {
        page.notices
            .push(texts.get(Text::NoticeUngraded).to_string());
    }
}

/// Builds one widget in `host` and binds it, under a reactive owner that
/// lives until [`unmount`] disposes it.
fn start(
    host: web_sys::Element,
    mount: Mount,
    lang: Option<String>,
    scorm: Option<lms::Scorm>,
    screen: Option<web_sys::Element>,
) -> Option<(Owner, Lab)> {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    let owner = Owner::new();
    let lab = owner.with(|| {
        let document = host.owner_document()?;
        let root = document.create_element("div").ok()?;
        let m = &mount;
        let mut class = String::from("rll");
        if m.page.embed || !m.url_state {
            class.push_str(" rll--embed");
        }
        if m.page.compact {
            class.push_str(" rll--compact");
        }
        if m.framed {
            class.push_str(" rll--framed");
        }
        let theme = m.page.theme;
        if theme != page::Theme::Auto {
            class.push_str(if theme == page::Theme::Dark {
                " rll--dark"
            } else {
                " rll--light"
            });
            // The widget's own page takes the same colours around it.
            if m.url_state {
                if let Some(body) = document.body() {
                    let _ = body
                        .class_list()
                        .add_1(&format!("rll-page--{}", theme.as_str()));
                }
            }
        }
        let _ = root.set_attribute("class", &class);
        if let Some(lang) = &lang {
            let _ = root.set_attribute("lang", lang);
            // The widget's own page speaks the content's language too.
            if m.url_state {
                if let Some(html) = document.document_element() {
                    let _ = html.set_attribute("lang", lang);
                }
            }
        }
        // The first screen now, what lies below it once that is painted
        // (`write_below`).
        dom::set_html(&root, &markup(m, crate::vm::skeleton::Part::First));
        // The prerendered first screen, kept with what it left out added,
        // or (not the widget's own) replaced by the widget's markup.
        let root = match screen {
            Some(screen) => adopt::adopt(&screen, &root).unwrap_or_else(|| {
                screen.remove();
                root
            }),
            None => root,
        };
        if !root.is_connected() {
            let _ = host.append_child(&root);
        }
        let lab = Lab::provide(mount);
        bind(lab, &root);
        if let Some(scorm) = scorm {
            keep_progress(lab, &root, scorm);
        }
        Some(lab)
    })?;
    Some((owner, lab))
}

/// Binds every part of the widget at `root` to its state.
fn bind(lab: Lab, root: &web_sys::Element) {
    let m = lab.mounted();
    // `t`: open paused at that moment, if the burst lasts that long.
    if let Some(t) = m.page.t_us {
        let end = lab.report.with_untracked(|r| r.end_us);
        if t < end {
            lab.time.set(Some(t));
        } else if t > end {
            let text = lab.fill(
                Text::NoticeMoment,
                &[
                    ("given", m.page.t_given.as_deref().unwrap_or("")),
                    ("end", &crate::vm::format::ms(end)),
                ],
            );
            events::add_notice(root, &m.texts, &text);
        }
    }
    drop(m);
    // The first screen (the tabs, the picture, the totals, the sliders,
    // the cards, the lesson's offer), in this task: the frame after it
    // is the live widget's.
    events::bind(lab, root);
    controls::bind(lab, root);
    totals::bind(lab, root);
    picture::bind(lab, root);
    cards::bind(lab, root);
    tour::bind(lab, root);
    totals::use_announcer(lab, root);
    // What lies below it, and the address, once that frame is painted: on
    // a slow phone a slider answers about 40 ms sooner (DECISIONS.md,
    // "The first screen bound first").
    let root = root.clone();
    after_first_frame(lab, move || bind_below(lab, &root));
}

/// Writes what lies below the first screen, binds it, and the address.
/// In the shipped bundle (feature `split`) the largest binders below (the
/// figures under the cards, the log, the charts and the code view) come
/// in a second wasm module, fetched now: they are not in the download
/// before the widget is interactive.
fn bind_below(lab: Lab, root: &web_sys::Element) {
    write_below(lab, root);
    lab.below.set(true);
    // The contract with the markup ([`crate::vm::names`]): in a debug
    // build, every name the binders look up is there whenever its block
    // is, or the console says which is missing.
    #[cfg(debug_assertions)]
    {
        let m = lab.mounted();
        for sel in crate::vm::names::expected(&m.page, m.url_state) {
            if dom::find(root, sel).is_none() {
                let said = format!("rate limit lab: the view binds {sel}; the markup has none");
                web_sys::console::error_1(&said.into());
            }
        }
    }
    timeline::bind(lab, root);
    highlight::bind(lab, root);
    quiz::bind(lab, root);
    glossary::bind(lab, root);
    embed::use_url_sync(lab);
    embed::use_resize_messages(lab, root);
    let owner = Owner::current();
    #[cfg(not(split))]
    {
        let _ = below(owner, lab, root.clone());
        below_done(root, true);
    }
    #[cfg(split)]
    {
        let root = root.clone();
        any_spawner::Executor::spawn_local(async move {
            let bound = below(owner, lab, root.clone()).await.is_ok();
            if lab.playing.try_get_untracked().is_none() {
                return;
            }
            if !bound {
                // Said where the charts, the log, the figures under the
                // cards and the code would be.
                let said = lab.t(Text::PartNotLoaded);
                use crate::vm::names::Slot;
                for slot in [Slot::ChartWorking, Slot::LogEmpty, Slot::Down, Slot::Code] {
                    if let Some(el) = dom::slot(&root, slot) {
                        dom::text(&el, &said);
                    }
                }
            }
            below_done(&root, bound);
        });
    }
}

/// The markup's `part` ([`crate::vm::skeleton::skeleton`]) for widget `m`.
fn markup(m: &Mount, part: crate::vm::skeleton::Part) -> crate::vm::html::Html {
    crate::vm::skeleton::skeleton(
        &m.page,
        &m.texts,
        &m.id,
        m.url_state,
        &m.quiz,
        &m.order,
        part,
    )
}

/// Writes what lies below the first screen ([`crate::vm::skeleton::Part::Below`]):
/// the panel's end after the server cards, then the sections after the
/// panel, at the root's end.
fn write_below(lab: Lab, root: &web_sys::Element) {
    let m = lab.mounted();
    let html = markup(&m, crate::vm::skeleton::Part::Below);
    drop(m);
    let Some(made) = root
        .owner_document()
        .and_then(|d| d.create_element("div").ok())
    else {
        return;
    };
    dom::set_html(&made, &html);
    let panel = dom::find(root, crate::vm::names::Class::Panel.selector());
    if let (Some(end), Some(panel)) = (made.first_element_child(), panel) {
        while let Some(node) = end.first_child() {
            let _ = panel.append_child(&node);
        }
        end.remove();
    }
    while let Some(node) = made.first_child() {
        let _ = root.append_child(&node);
    }
}

/// Marks the root once what lies below the first screen is bound, or
/// said missing: a host (and a test) can tell the widget is complete.
fn below_done(root: &web_sys::Element, bound: bool) {
    let said = if bound { "bound" } else { "missing" };
    let _ = root.set_attribute(Data::Below.as_str(), said);
}

/// A module split off could not be fetched (feature `split`).
#[cfg(split)]
type PartMissing = wasm_split_helpers::SplitLoaderError;
#[cfg(not(split))]
type PartMissing = std::convert::Infallible;

/// The binders split off (feature `split`), under the widget's owner;
/// none once the widget is gone (unmounted while the module was on its
/// way: its signals went with it).
#[cfg_attr(split, wasm_split_helpers::wasm_split(below, fallible))]
fn below(owner: Option<Owner>, lab: Lab, root: web_sys::Element) -> Result<(), PartMissing> {
    if lab.playing.try_get_untracked().is_none() {
        return Ok(());
    }
    let bind = || {
        totals::bind_more(lab, &root);
        log::bind(lab, &root);
        charts::bind(lab, &root);
        code::bind(lab, &root);
    };
    match owner {
        Some(owner) => owner.with(bind),
        None => bind(),
    }
    Ok(())
}

/// Keeps the learner's progress with the course platform that launched the
/// page ([`lms::start`]). In the shipped bundle (feature `split`) the
/// platform's run-time comes in a module of its own, fetched now: a page
/// no platform launched never downloads it. If it cannot be fetched, a
/// notice says the answers are not sent to the course.
fn keep_progress(lab: Lab, root: &web_sys::Element, scorm: lms::Scorm) {
    let owner = Owner::current();
    #[cfg(not(split))]
    {
        let _ = root;
        let _ = run_lms(owner, lab, scorm);
    }
    #[cfg(split)]
    {
        let root = root.clone();
        any_spawner::Executor::spawn_local(async move {
            let kept = run_lms(owner, lab, scorm).await.is_ok();
            if !kept && lab.playing.try_get_untracked().is_some() {
                let m = lab.mounted();
                events::add_notice(&root, &m.texts, m.texts.get(Text::NoticeLms));
            }
        });
    }
}

/// The course platform's run-time, under the widget's owner (feature
/// `split`: in a module of its own); nothing once the widget is gone.
#[cfg_attr(split, wasm_split_helpers::wasm_split(lms, fallible))]
fn run_lms(owner: Option<Owner>, lab: Lab, scorm: lms::Scorm) -> Result<(), PartMissing> {
    if lab.playing.try_get_untracked().is_none() {
        return Ok(());
    }
    match owner {
        Some(owner) => owner.with(|| lms::start(lab, scorm)),
        None => lms::start(lab, scorm),
    }
    Ok(())
}

/// Runs `f` under the current reactive owner in the task after the next
/// painted frame, or in 200 ms if no frame comes first (a frame out of
/// view, a hidden tab: Chromium paints them no frames); never once the
/// owner is disposed (the widget unmounted meanwhile).
fn after_first_frame(lab: Lab, f: impl FnOnce() + 'static) {
    let Some(owner) = Owner::current() else {
        return f();
    };
    let f = std::rc::Rc::new(std::cell::Cell::new(Some(f)));
    let run = move || {
        // The lab's signals go with its owner.
        let alive = lab.playing.try_get_untracked().is_some();
        if let (Some(f), true) = (f.take(), alive) {
            owner.with(f);
        }
    };
    let soon = run.clone();
    let painted = Closure::once_into_js(move || {
        gloo_timers::callback::Timeout::new(0, soon).forget();
    });
    if let Some(w) = web_sys::window() {
        let _ = w.request_animation_frame(painted.unchecked_ref());
    }
    gloo_timers::callback::Timeout::new(200, run).forget();
}

/// Whether the page is opened by its author: `author=1` in its address,
/// or served from `localhost`.
fn author() -> bool {
    let Some(l) = web_sys::window().map(|w| w.location()) else {
        return false;
    };
    let search = l.search().unwrap_or_default();
    l.hostname().is_ok_and(|h| h == "localhost")
        || search_pairs(&search)
            .iter()
            .any(|(k, v)| k == "author" && v == "1")
}

/// Reads a content file ([`content::read`]: its size and shape, then the
/// browser parses the JSON and serde deserializes the value, then its
/// counts and [`content::check`]). In the shipped bundle (feature `split`)
/// with everything only it reaches (serde, the JSON walk, the checks), in
/// a module of its own, which only a page with a content file fetches
/// (`read_early`: while the file loads).
#[cfg_attr(
    split,
    wasm_split_helpers::wasm_split(content, fallible, preload(read_early))
)]
fn read_content(text: String) -> Result<Content, content::Refusal> {
    content::read(&text, json::from_str)
}

/// Without its reader (its module could not be fetched) a content file
/// cannot be used: the built-in text is shown, with the notice.
#[cfg(split)]
impl From<wasm_split_helpers::SplitLoaderError> for content::Refusal {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        content::Refusal {
            why: Text::ContentFetch,
            detail: String::from("the widget's reader of content files could not be fetched"),
        }
    }
}

/// Empties `node` (an element or a shadow root) but for the elements in
/// `kept`: the first screen the widget keeps, a stylesheet already linked.
fn clear_but(node: &web_sys::Node, kept: &[Option<&web_sys::Element>]) {
    let mut child = node.first_child();
    while let Some(c) = child {
        child = c.next_sibling();
        if !kept.iter().flatten().any(|k| ***k == c) {
            let _ = node.remove_child(&c);
        }
    }
}

/// A shadow root in `host` with the widget's stylesheet, and the element to
/// mount in: the host page's styles stay out, and the widget's stay in.
/// The element the loader put `screen` in, if it shows one, is kept.
fn shadow(
    host: &web_sys::HtmlElement,
    screen: Option<&web_sys::Element>,
) -> Option<web_sys::Element> {
    let document = host.owner_document()?;
    // Mounted again (after an unmount), or shown its first screen by the
    // loader while the wasm downloaded: the shadow root it has, emptied,
    // but for a stylesheet already linked in it (linked anew, it would
    // leave the widget unstyled for a frame).
    let root = match host.shadow_root() {
        Some(root) => root,
        None => host
            .attach_shadow(&web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open))
            .ok()?,
    };
    let linked = root
        .query_selector("link[rel=\"stylesheet\"]")
        .ok()
        .flatten();
    // The loader's box around its first screen.
    let boxed = screen
        .and_then(|s| s.parent_element())
        .filter(|b| b.parent_node().as_ref() == Some(root.unchecked_ref()));
    clear_but(&root, &[linked.as_ref(), boxed.as_ref()]);
    // The loader links the stylesheet in the page's head before starting.
    let css = match linked {
        Some(_) => None,
        None => document
            .query_selector("link[rel=\"stylesheet\"][href*=\"ratelimit-lab.css\"]")
            .ok()
            .flatten()
            .and_then(|l| l.get_attribute("href")),
    };
    if let Some(css) = css {
        let link = document.create_element("link").ok()?;
        let _ = link.set_attribute("rel", "stylesheet");
        let _ = link.set_attribute("href", &css);
        let _ = root.append_child(&link);
    }
    if let Some(boxed) = boxed {
        return Some(boxed);
    }
    let div = document.create_element("div").ok()?;
    let _ = root.append_child(&div);
    Some(div)
}

/// Measuring hook for `scripts/measure`: runs the model once on the largest
/// scenario (16 servers, 500 requests, other settings at their defaults)
/// for strategy `0..=6` (in tab order) and returns how many requests were
/// allowed, so the page can time the model by itself.
#[wasm_bindgen(js_name = runLargest)]
pub fn run_largest(strategy: u32, seed: u32) -> u32 {
    use crate::sim::{self, Scenario, Strategy};
    let strategy = Strategy::ALL[(strategy as usize).min(Strategy::ALL.len() - 1)];
    sim::run(&Scenario::largest(strategy).with_seed(u64::from(seed))).allowed
}
