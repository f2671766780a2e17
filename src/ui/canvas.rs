//! What the canvases share: the widget's colours and font read from its CSS
//! tokens (once, and again when the colour scheme changes), an element's
//! width kept up to date, and a canvas sized for the device's pixels.

use std::cell::Cell;
use std::rc::Rc;

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
    pub line: String,
    pub bad_bg: String,
    pub bad_ink: String,
    pub good_ink: String,
    /// The widget's font family.
    pub font: String,
    /// Device pixels per CSS pixel.
    pub dpr: f64,
}

impl Palette {
    /// Reads the tokens as they apply to `el`; `None` while the stylesheet
    /// has not arrived yet (a host page's loader adds it asynchronously).
    fn read(el: &web_sys::Element) -> Option<Palette> {
        let window = web_sys::window()?;
        let style = window.get_computed_style(el).ok().flatten()?;
        let get = |name: &str| {
            style
                .get_property_value(name)
                .ok()
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        Some(Palette {
            ok: get("--rll-ok")?,
            over: get("--rll-over")?,
            no: get("--rll-no")?,
            ink: get("--rll-ink")?,
            muted: get("--rll-muted")?,
            bg: get("--rll-bg")?,
            line: get("--rll-line")?,
            bad_bg: get("--rll-bad-bg")?,
            bad_ink: get("--rll-bad-ink")?,
            good_ink: get("--rll-good-ink")?,
            font: get("font-family").unwrap_or_else(|| "sans-serif".into()),
            dpr: window.device_pixel_ratio().max(1.0),
        })
    }

    /// Colours to draw with before the stylesheet has arrived.
    fn fallback() -> Palette {
        let s = |v: &str| v.to_string();
        Palette {
            ok: s("#0072b2"),
            over: s("#c74f00"),
            no: s("#5d6670"),
            ink: s("#16191d"),
            muted: s("#4f5966"),
            bg: s("#ffffff"),
            line: s("#cfd6de"),
            bad_bg: s("#fdeadf"),
            bad_ink: s("#8a2f00"),
            good_ink: s("#075e45"),
            font: s("sans-serif"),
            dpr: web_sys::window()
                .map_or(1.0, |w| w.device_pixel_ratio())
                .max(1.0),
        }
    }
}

/// The palette for one canvas-drawing component: read on first use and
/// again when the colour scheme changes. Reading computed style after the
/// DOM changed forces a style pass, so a drag step never does it.
#[derive(Clone, Copy)]
pub struct PaletteCache {
    seen: StoredValue<Option<(u32, Palette)>, LocalStorage>,
    epoch: Signal<u32>,
}

impl PaletteCache {
    /// A cache that follows the page's colour scheme.
    pub fn new() -> Self {
        PaletteCache {
            seen: StoredValue::new_local(None),
            epoch: use_colour_scheme_epoch(),
        }
    }

    /// The palette as it applies to `el` (tracks the colour scheme).
    pub fn get(&self, el: &web_sys::Element) -> Palette {
        let epoch = self.epoch.get();
        let known = self.seen.with_value(|p| {
            p.as_ref()
                .filter(|(e, _)| *e == epoch)
                .map(|(_, p)| p.clone())
        });
        known.unwrap_or_else(|| match Palette::read(el) {
            Some(p) => {
                self.seen.set_value(Some((epoch, p.clone())));
                p
            }
            None => Palette::fallback(),
        })
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

/// The width of `node` in CSS pixels, kept up to date by a ResizeObserver
/// that goes when the node's owner does.
pub fn use_width<E>(node: NodeRef<E>) -> Signal<f64>
where
    E: leptos::html::ElementType,
    E::Output: JsCast + Clone + 'static,
{
    let width = RwSignal::new(0.0f64);
    Effect::new(move |_| {
        let Some(el) = node.get() else { return };
        let el: web_sys::Element = el.unchecked_into();
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
            observer.observe(&el);
            let held = send_wrapper::SendWrapper::new((observer, on_resize));
            on_cleanup(move || held.take().0.disconnect());
        }
    });
    width.into()
}

/// A counter that changes whenever the page switches between light and dark.
fn use_colour_scheme_epoch() -> Signal<u32> {
    let epoch = RwSignal::new(0u32);
    if let Some(query) =
        web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
    {
        let bump = Rc::new(Cell::new(0u32));
        let on_change = Closure::<dyn FnMut()>::new(move || {
            bump.set(bump.get() + 1);
            epoch.set(bump.get());
        });
        let _ =
            query.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        on_change.forget();
    }
    epoch.into()
}
