//! What the canvases share: the widget's colours and font read from its CSS
//! tokens, an element's width kept up to date, the colour scheme's changes,
//! and a canvas sized for the device's pixels.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// The widget's colours and font, as its stylesheet sets them.
#[derive(Clone, Debug, PartialEq)]
pub struct Palette {
    pub ok: String,
    pub over: String,
    pub no: String,
    pub ink: String,
    pub muted: String,
    pub bg: String,
    pub surface: String,
    pub line: String,
    pub bad_bg: String,
    pub bad_ink: String,
    pub good_ink: String,
    pub accent: String,
    /// The widget's font family.
    pub font: String,
    /// Device pixels per CSS pixel.
    pub dpr: f64,
}

/// The colour tokens, in [`Palette`]'s field order, with the light theme's
/// values to draw with before the stylesheet has arrived.
const TOKENS: [(&str, &str); 12] = [
    ("--rll-ok", "#0072b2"),
    ("--rll-over", "#c74f00"),
    ("--rll-no", "#5d6670"),
    ("--rll-ink", "#16191d"),
    ("--rll-muted", "#4f5966"),
    ("--rll-bg", "#ffffff"),
    ("--rll-surface", "#f5f7fa"),
    ("--rll-line", "#cfd6de"),
    ("--rll-bad-bg", "#fdeadf"),
    ("--rll-bad-ink", "#8a2f00"),
    ("--rll-good-ink", "#075e45"),
    ("--rll-accent", "#0a58a8"),
];

impl Palette {
    fn from(values: Vec<String>, font: String) -> Palette {
        let mut v = values.into_iter();
        let mut next = || v.next().unwrap_or_default();
        Palette {
            ok: next(),
            over: next(),
            no: next(),
            ink: next(),
            muted: next(),
            bg: next(),
            surface: next(),
            line: next(),
            bad_bg: next(),
            bad_ink: next(),
            good_ink: next(),
            accent: next(),
            font,
            dpr: web_sys::window()
                .map_or(1.0, |w| w.device_pixel_ratio())
                .max(1.0),
        }
    }

    /// Reads the tokens as they apply to `el`; `None` while the stylesheet
    /// has not arrived yet (a host page's loader adds it asynchronously).
    pub fn read(el: &web_sys::Element) -> Option<Palette> {
        let style = web_sys::window()?.get_computed_style(el).ok().flatten()?;
        let get = |name: &str| {
            style
                .get_property_value(name)
                .ok()
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let values = TOKENS
            .iter()
            .map(|(name, _)| get(name))
            .collect::<Option<Vec<_>>>()?;
        Some(Palette::from(
            values,
            get("font-family").unwrap_or_else(|| "sans-serif".into()),
        ))
    }

    /// Colours to draw with before the stylesheet has arrived. If the
    /// palette changes, change `style/00-tokens.css` and [`TOKENS`] together.
    pub fn fallback() -> Palette {
        Palette::from(
            TOKENS.iter().map(|(_, v)| v.to_string()).collect(),
            "sans-serif".into(),
        )
    }
}

/// A canvas ready to draw on.
pub struct Prepared {
    /// The context, scaled to CSS pixels and cleared.
    pub ctx: CanvasRenderingContext2d,
    /// Whether the canvas was resized, which resets the context's state
    /// (font, alignment): set them again when true.
    pub reset: bool,
}

/// Sizes `el` to `width` × `height` CSS pixels, in device pixels for a
/// sharp drawing, and returns its context scaled to CSS pixels. A canvas
/// whose size has not changed is only cleared: resizing resets the context,
/// and setting its font again costs a font parse on every drag step.
pub fn prepare(el: &HtmlCanvasElement, width: f64, height: u32, dpr: f64) -> Option<Prepared> {
    let (w, h) = (
        (width * dpr).round() as u32,
        (f64::from(height) * dpr).round() as u32,
    );
    let reset = el.width() != w || el.height() != h;
    if reset {
        // Whole pixels, formatted as an integer (no float formatting in the wasm).
        let _ = web_sys::HtmlElement::style(el).set_property("height", &format!("{height}px"));
        el.set_width(w);
        el.set_height(h);
    }
    if w == 0 || h == 0 {
        return None;
    }
    let ctx = el
        .get_context("2d")
        .ok()
        .flatten()?
        .dyn_into::<CanvasRenderingContext2d>()
        .ok()?;
    let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    if !reset {
        ctx.clear_rect(0.0, 0.0, width, f64::from(height));
    }
    Some(Prepared { ctx, reset })
}

/// The width of `el` in CSS pixels, kept up to date by a ResizeObserver
/// that is disconnected when the widget goes.
pub fn use_width(el: &web_sys::Element) -> Signal<f64> {
    let width = RwSignal::new(f64::from(el.client_width()));
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
        observer.observe(el);
        let held = send_wrapper::SendWrapper::new((observer, on_resize));
        on_cleanup(move || held.take().0.disconnect());
    }
    width.into()
}

/// A counter that changes whenever the page switches between light and
/// dark; its listener is removed when the widget goes.
pub fn use_scheme() -> RwSignal<u32> {
    let epoch = RwSignal::new(0u32);
    if let Some(query) =
        web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
    {
        let on_change = Closure::<dyn FnMut()>::new(move || {
            epoch.try_update(|e| *e += 1);
        });
        let _ =
            query.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        let held = send_wrapper::SendWrapper::new((query, on_change));
        on_cleanup(move || {
            let (query, on_change) = held.take();
            let _ = query
                .remove_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        });
    }
    epoch
}

/// Whether `el` is on screen (or within 200 px of it), kept up to date by
/// an IntersectionObserver that goes with the widget. Binders skip work
/// for what nobody can see, and catch up when it comes into view.
pub fn use_visible(el: &web_sys::Element) -> Signal<bool> {
    let seen = RwSignal::new(false);
    let on_seen = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        if let Ok(e) = entries
            .get(0)
            .dyn_into::<web_sys::IntersectionObserverEntry>()
        {
            seen.try_set(e.is_intersecting());
        }
    });
    let options = web_sys::IntersectionObserverInit::new();
    options.set_root_margin("200px");
    if let Ok(observer) =
        web_sys::IntersectionObserver::new_with_options(on_seen.as_ref().unchecked_ref(), &options)
    {
        observer.observe(el);
        let held = send_wrapper::SendWrapper::new((observer, on_seen));
        on_cleanup(move || held.take().0.disconnect());
    }
    seen.into()
}

/// Work for a part of the page that may be off screen: done at once while
/// it is on screen (or near it), otherwise 150 ms after the last change. A
/// drag never waits for what nobody sees, and what a screen reader or a
/// test reads is never stale for long.
#[derive(Clone, Copy)]
pub struct Lazy {
    visible: Signal<bool>,
    nudge: RwSignal<u32>,
    forced: StoredValue<bool>,
    due: StoredValue<Option<gloo_timers::callback::Timeout>, LocalStorage>,
}

impl Lazy {
    /// Follows `el`'s visibility.
    pub fn new(el: &web_sys::Element) -> Lazy {
        Lazy {
            visible: use_visible(el),
            nudge: RwSignal::new(0),
            // The first run always does the work: the page opens complete.
            forced: StoredValue::new(true),
            due: StoredValue::new_local(None),
        }
    }

    /// Call first in the effect: whether to do the work now. If not, the
    /// effect runs again (and does it) shortly after the last change.
    pub fn now(&self) -> bool {
        self.nudge.track();
        let forced = self.forced.get_value();
        if self.visible.get() || forced {
            self.forced.set_value(false);
            self.due.set_value(None);
            return true;
        }
        let (nudge, flag) = (self.nudge, self.forced);
        self.due
            .set_value(Some(gloo_timers::callback::Timeout::new(150, move || {
                flag.set_value(true);
                nudge.try_update(|n| *n += 1);
            })));
        false
    }
}
