//! The texts a learner reads only once they open a part (the guided
//! lesson's steps and the quiz's feedback: the keys marked `later` in
//! [`crate::vm::text`]) are not in the wasm: they wait in `later.json`
//! beside it, fetched the first time such a part opens, or with a content
//! file. The key names, which only a content file uses, are in
//! `keys.json`, fetched only with one. Only from the origin the widget's
//! files come from. This keeps them out of the bytes fetched before the
//! widget is interactive.
//! Every widget on the page shares the one fetch; a part waiting for it
//! shows a loading line, and a polite notice if it fails (then opening the
//! part again tries again). The code view's files come in the same file
//! ([`crate::vm::snippets`]).

use std::cell::RefCell;

use super::prelude::*;
use crate::vm::{snippets, text};
use wasm_bindgen::JsValue;

/// The states of a widget's `Lab::later` (a `u8` signal: a type the widget already
/// has, so no new signal code in the wasm).
pub const IDLE: u8 = 0;
pub const LOADING: u8 = 1;
pub const READY: u8 = 2;
pub const FAILED: u8 = 3;

/// What to do once the file is read (true) or could not be (false).
type Done = Box<dyn FnOnce(bool)>;

thread_local! {
    /// Where the widget's files are (the loader's folder, from
    /// [`super::files`]); the page's address when not told.
    static BASE: RefCell<String> = const { RefCell::new(String::new()) };
    /// What waits for `later.json`, while it loads: widgets' parts, or a
    /// content file to read.
    static WAITING: RefCell<Option<Vec<Done>>> = const { RefCell::new(None) };
    /// What waits for `keys.json`: content files to read (they name keys).
    static WAITING_KEYS: RefCell<Option<Vec<Done>>> = const { RefCell::new(None) };
}

/// A file beside the wasm that some parts wait for: its name, whether
/// what it holds is here, how to read it, and what waits for it.
struct Beside {
    name: &'static str,
    ready: fn() -> bool,
    read: fn(&str) -> bool,
    waiting: &'static std::thread::LocalKey<RefCell<Option<Vec<Done>>>>,
}

const LATER: Beside = Beside {
    name: "later.json",
    ready,
    read,
    waiting: &WAITING,
};

const KEYS: Beside = Beside {
    name: "keys.json",
    ready: text::keys_ready,
    read: read_keys,
    waiting: &WAITING_KEYS,
};

/// The loader's folder, which `later.json` is found in.
pub fn set_base(base: String) {
    BASE.set(base);
}

/// Whether what `later.json` holds is here: the texts and the code's files.
pub fn ready() -> bool {
    text::later_ready() && snippets::ready()
}

/// The state to start a widget in: ready if the texts are here already.
pub fn start() -> u8 {
    if ready() {
        READY
    } else {
        IDLE
    }
}

/// A part that shows later texts opened: fetches them unless they are
/// here or on their way. `state` (a widget's `Lab::later`) says when they
/// are ready (or not).
pub fn want(state: RwSignal<u8>) {
    if ready() {
        if state.get_untracked() != READY {
            state.set(READY);
        }
        return;
    }
    if state.get_untracked() != LOADING {
        state.set(LOADING);
    }
    // A widget taken out meanwhile has its signal disposed, which `set`
    // leaves alone.
    fetch(Box::new(move |ok| {
        state.set(if ok { READY } else { FAILED })
    }));
}

/// Fetches the file once `el` (a part that shows later texts) comes near
/// the screen, and again each time it comes near after a failed fetch.
pub fn want_when_near(state: RwSignal<u8>, el: &web_sys::Element) {
    let near = super::canvas::use_visible(el);
    super::effect(move || {
        let now = state.get_untracked();
        if near.get() && (now == IDLE || now == FAILED) {
            want(state);
        }
    });
}

/// Calls `done` once `later.json` is read (true) or could not be (false),
/// fetching it unless it is here or on its way.
pub fn fetch(done: Done) {
    fetch_beside(&LATER, done);
}

/// Calls `done` once `later.json` and `keys.json` are both read (true),
/// or one could not be (false): what a content file needs. Both are asked
/// for at once.
pub fn fetch_with_keys(done: Done) {
    fetch_beside(&KEYS, Box::new(|_| {}));
    fetch(Box::new(move |ok| match ok {
        true => fetch_beside(&KEYS, done),
        false => done(false),
    }));
}

fn fetch_beside(file: &'static Beside, done: Done) {
    if (file.ready)() {
        return done(true);
    }
    let first = file.waiting.with_borrow_mut(|w| {
        let first = w.is_none();
        w.get_or_insert_with(Vec::new).push(done);
        first
    });
    if !first {
        return;
    }
    // After a timer: a widget opened at `tour=K` asks while the wasm
    // starts, before the loader has said where its folder is.
    gloo_timers::callback::Timeout::new(0, move || {
        // From the widget's own folder and its origin (a CDN's too, which
        // sends it with the wasm's CORS headers), else the page's.
        let base = BASE.with_borrow(|b| b.clone());
        let origin = web_sys::Url::new(&base).ok().map(|u| u.origin());
        let done = move |(_, got): (String, Result<String, _>)| {
            let ok = got.is_ok_and(|body| (file.read)(&body));
            for f in file
                .waiting
                .with_borrow_mut(Option::take)
                .unwrap_or_default()
            {
                f(ok);
            }
        };
        super::load_from(format!("{base}{}", file.name), origin, Box::new(done));
    })
    .forget();
}

/// Reads `later.json` (`{ names: fingerprint, text: [English], files:
/// { name: text } }`) into the texts table and the code's files.
fn read(body: &str) -> bool {
    let Ok(obj) = js_sys::JSON::parse(body) else {
        return false;
    };
    let get = |o: &JsValue, k: &str| js_sys::Reflect::get(o, &k.into()).ok();
    let (Some(names), Some(text), Some(files)) =
        (get(&obj, "names"), get(&obj, "text"), get(&obj, "files"))
    else {
        return false;
    };
    let (Some(names), Some(english)) = (names.as_f64(), strings(&text)) else {
        return false;
    };
    if !files.is_object() {
        return false;
    }
    let files_read = snippets::load(|name| get(&files, name).and_then(|v| v.as_string()));
    files_read && text::load_later(names as u32, english)
}

/// Reads `keys.json` (`[name]`, every key's, in the table's order).
fn read_keys(body: &str) -> bool {
    js_sys::JSON::parse(body)
        .ok()
        .and_then(|keys| strings(&keys))
        .is_some_and(text::load_keys)
}

/// A JSON array of strings, read; none if it is anything else.
fn strings(v: &JsValue) -> Option<Vec<String>> {
    if !js_sys::Array::is_array(v) {
        return None;
    }
    js_sys::Array::from(v)
        .iter()
        .map(|s| s.as_string())
        .collect()
}
