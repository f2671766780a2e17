//! What the canvases share: the widget's colours and font read from its CSS
//! tokens, an element's width kept up to date, the colour scheme's changes,
//! and a canvas sized for the device's pixels.

use super::prelude::*;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
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

/// A canvas and its 2D context, fetched once, with the size it was last
/// given: a frame sizes, clears and draws without asking the page for
/// either again.
pub struct Surface {
    el: HtmlCanvasElement,
    ctx: Option<CanvasRenderingContext2d>,
    /// The size in device pixels, as last set.
    size: (u32, u32),
}

impl Surface {
    /// Draws on `el`.
    pub fn new(el: HtmlCanvasElement) -> Surface {
        let size = (el.width(), el.height());
        Surface {
            el,
            ctx: None,
            size,
        }
    }

    /// The canvas.
    pub fn el(&self) -> &HtmlCanvasElement {
        &self.el
    }

    /// Sizes the canvas to `width` × `height` CSS pixels, in device pixels
    /// for a sharp drawing, and returns its context scaled to CSS pixels,
    /// cleared, and whether the size changed. Resizing resets the context's
    /// state (font, alignment): set them again when it says so; an unchanged
    /// size keeps them, and a font is parsed again only after a resize.
    pub fn begin(
        &mut self,
        width: f64,
        height: u32,
        dpr: f64,
    ) -> Option<(&CanvasRenderingContext2d, bool)> {
        let (w, h) = (
            (width * dpr).round() as u32,
            (f64::from(height) * dpr).round() as u32,
        );
        let reset = self.size != (w, h) || self.ctx.is_none();
        if self.size != (w, h) {
            // Whole pixels, formatted as an integer (no float formatting in the wasm).
            let _ = web_sys::HtmlElement::style(&self.el)
                .set_property("height", &format!("{height}px"));
            self.el.set_width(w);
            self.el.set_height(h);
            self.size = (w, h);
        }
        if w == 0 || h == 0 {
            return None;
        }
        if self.ctx.is_none() {
            self.ctx = self
                .el
                .get_context("2d")
                .ok()
                .flatten()
                .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok());
        }
        let ctx = self.ctx.as_ref()?;
        let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        if !reset {
            ctx.clear_rect(0.0, 0.0, width, f64::from(height));
        }
        Some((ctx, reset))
    }
}

/// The width of `el` in CSS pixels, kept up to date by a ResizeObserver
/// that is disconnected when the widget goes. Zero until the observer's
/// first report, which comes after the first layout and before the first
/// paint: asking the element now would force a layout of the whole page.
/// With `printing`, also read from the element when a print begins: a
/// frame the browser does not render (off screen, from another origin)
/// gets no report until it is scrolled to, and a print does not wait.
pub fn use_width(el: &web_sys::Element, printing: Option<RwSignal<bool>>) -> Signal<f64> {
    let width = RwSignal::new(0.0);
    if let Some(printing) = printing {
        let el = send_wrapper::SendWrapper::new(el.clone());
        super::effect(move || {
            if printing.get() {
                let w = el.get_bounding_client_rect().width();
                if (w - width.get_untracked()).abs() >= 1.0 {
                    width.set(w);
                }
            }
        });
    }
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

/// Whether the page is being printed: from `beforeprint` to `afterprint`
/// (a print, a print preview, a PDF). Its listeners are removed when the
/// widget goes. What waits for the screen (a part off screen, a paint
/// waiting for the next frame, a width not reported yet) is done at once
/// while it is true: a print draws what it prints.
pub fn use_print() -> RwSignal<bool> {
    let printing = RwSignal::new(false);
    let Some(w) = web_sys::window() else {
        return printing;
    };
    let on_print = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        printing.try_set(e.type_() == "beforeprint");
    });
    let f: &js_sys::Function = on_print.as_ref().unchecked_ref();
    let _ = w.add_event_listener_with_callback("beforeprint", f);
    let _ = w.add_event_listener_with_callback("afterprint", f);
    let held = send_wrapper::SendWrapper::new((w, on_print));
    on_cleanup(move || {
        let (w, on_print) = held.take();
        let f: &js_sys::Function = on_print.as_ref().unchecked_ref();
        let _ = w.remove_event_listener_with_callback("beforeprint", f);
        let _ = w.remove_event_listener_with_callback("afterprint", f);
    });
    printing
}

/// Whether `el` is on screen (or within 200 px of it), kept up to date by
/// an IntersectionObserver that goes with the widget. Binders skip work
/// for what nobody can see, and catch up when it comes into view.
pub fn use_visible(el: &web_sys::Element) -> Signal<bool> {
    let seen = RwSignal::new(false);
    let on_seen = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        // The newest entry: a busy start-up can queue several (in view
        // under the first layout, out of it once the page is complete).
        if let Ok(e) = entries
            .get(entries.length().saturating_sub(1))
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
/// it is on screen (or near it), otherwise at most 150 ms after a change.
/// A drag never waits for what nobody sees, and what a screen reader or a
/// test reads is never stale for long.
#[derive(Clone, Copy)]
pub struct Lazy {
    visible: Signal<bool>,
    /// A print: done at once, on screen or not.
    printing: RwSignal<bool>,
    nudge: RwSignal<u32>,
    forced: StoredValue<bool>,
    /// Whether a timer is set and has not fired.
    pending: StoredValue<bool>,
    due: StoredValue<Option<gloo_timers::callback::Timeout>, LocalStorage>,
}

impl Lazy {
    /// Follows `el`'s visibility, and `printing` ([`use_print`]).
    pub fn new(el: &web_sys::Element, printing: RwSignal<bool>) -> Lazy {
        Lazy {
            visible: use_visible(el),
            printing,
            nudge: RwSignal::new(0),
            // The first run always does the work: the page opens complete.
            forced: StoredValue::new(true),
            pending: StoredValue::new(false),
            due: StoredValue::new_local(None),
        }
    }

    /// Call first in the effect: whether to do the work now. If not, the
    /// effect runs again (and does it) shortly after the last change.
    pub fn now(&self) -> bool {
        self.nudge.track();
        let forced = self.forced.get_value();
        if self.visible.get() || self.printing.get() || forced {
            self.forced.set_value(false);
            self.pending.set_value(false);
            self.due.set_value(None);
            return true;
        }
        // One timer at a time: during a replay or a drag the part catches
        // up every 150 ms, without a timer made and dropped per frame.
        // (The timer that fired stays held until the next is made: a
        // timer's closure must not be dropped while it runs.)
        if self.pending.get_value() {
            return false;
        }
        self.pending.set_value(true);
        let (nudge, flag, pending) = (self.nudge, self.forced, self.pending);
        self.due
            .set_value(Some(gloo_timers::callback::Timeout::new(150, move || {
                pending.set_value(false);
                flag.set_value(true);
                nudge.try_update(|n| *n += 1);
            })));
        false
    }
}

/// Paints on the next animation frame, once, however often it is asked
/// before then: a slider's input updates the words and the layout at once,
/// and the canvases' pixels with the frame that shows them. (While the
/// replay plays, its clock already runs in the frame: paint at once.)
/// The paint waiting for the next frame, if any.
type Job = Rc<RefCell<Option<Box<dyn FnOnce()>>>>;

#[derive(Clone)]
pub struct Painter {
    job: Job,
    handle: Rc<Cell<Option<i32>>>,
    tick: Rc<Closure<dyn FnMut()>>,
    printing: RwSignal<bool>,
}

impl Painter {
    /// A painter whose pending frame is cancelled when the widget goes.
    /// While `printing` ([`use_print`]) it paints at once, and a paint
    /// still waiting when a print begins is done then: a frame the
    /// browser does not render gets no animation frame before it prints.
    pub fn new(printing: RwSignal<bool>) -> Painter {
        let job: Job = Rc::new(RefCell::new(None));
        let handle = Rc::new(Cell::new(None));
        let tick = {
            let (job, handle) = (job.clone(), handle.clone());
            Rc::new(Closure::<dyn FnMut()>::new(move || {
                handle.set(None);
                let next = job.borrow_mut().take();
                if let Some(paint) = next {
                    paint();
                }
            }))
        };
        let painter = Painter {
            job,
            handle,
            tick,
            printing,
        };
        let waiting = painter.job.clone();
        super::effect(move || {
            if printing.get() {
                let paint = waiting.borrow_mut().take();
                if let Some(paint) = paint {
                    paint();
                }
            }
        });
        let held = send_wrapper::SendWrapper::new(painter.clone());
        on_cleanup(move || {
            let p = held.take();
            p.job.borrow_mut().take();
            if let (Some(h), Some(w)) = (p.handle.take(), web_sys::window()) {
                let _ = w.cancel_animation_frame(h);
            }
        });
        painter
    }

    /// Paints with `paint` at the next frame (replacing a paint still
    /// waiting), or at once if `now`.
    pub fn paint(&self, now: bool, paint: impl FnOnce() + 'static) {
        if now || self.printing.get_untracked() {
            self.job.borrow_mut().take();
            paint();
            return;
        }
        *self.job.borrow_mut() = Some(Box::new(paint));
        if self.handle.get().is_none() {
            if let Some(w) = web_sys::window() {
                let f: &js_sys::Function = (*self.tick).as_ref().unchecked_ref();
                self.handle.set(w.request_animation_frame(f).ok());
            }
        }
    }
}
