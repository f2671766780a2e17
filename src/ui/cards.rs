//! One card per server (see [`crate::vm::cards`]): its name, `n ok · m 429`,
//! its quota under `split`, and its marks.
//!
//! Imperative on purpose: the card elements and their canvases persist
//! across updates and only what changed is rewritten. As a keyed list of
//! components they cost several kilobytes of wasm and several milliseconds
//! per slider step (docs/DECISIONS.md).

use super::prelude::*;
use wasm_bindgen::JsCast;

use super::canvas::{use_width, Painter, Palette};
use super::marks::{columns, draw};
use super::state::{Lab, Words};
use crate::vm::cards::{cards, Card};
use crate::vm::names::{Class, Data, Slot};
use crate::vm::text::{Text, Texts};

/// One card's elements, kept across updates, and what they show now.
struct Held {
    li: web_sys::Element,
    ok: web_sys::Element,
    no: web_sys::Element,
    quota: web_sys::Element,
    /// The card's sentence for screen readers.
    heard: super::dom::Kept,
    canvas: super::canvas::Surface,
    /// What is written in the elements now; `None` for a new card.
    shown: Option<Card>,
    /// The canvas's height in CSS pixels, as last set.
    height: u32,
    /// Whether the canvas waits to be painted with `shown`'s marks.
    dirty: bool,
    /// The mark of the request followed across the views, if here.
    ring: Option<usize>,
}

impl Held {
    /// A new, empty card for server `n`; `level` is its heading's level.
    fn new(document: &web_sys::Document, n: usize, level: u8, texts: &Texts) -> Option<Held> {
        let list = document.create_element("ul").ok()?;
        super::dom::set_html(&list, &crate::vm::cards::shell(level, n, texts));
        Held::of(list.first_element_child()?)
    }

    /// The card `li` is: a new one, or one of the prerendered first
    /// screen's, kept ([`super::adopt`]); written whole at its first fill.
    fn of(li: web_sys::Element) -> Option<Held> {
        let find = |c: Class| li.query_selector(c.selector()).ok().flatten();
        Some(Held {
            ok: find(Class::CardOk)?,
            no: find(Class::CardNo)?,
            quota: find(Class::CardQuota)?,
            heard: super::dom::Kept::new(find(Class::SrOnly)?),
            canvas: super::canvas::Surface::new(
                find(Class::CardMarks)?
                    .dyn_into::<web_sys::HtmlCanvasElement>()
                    .ok()?,
            ),
            li,
            shown: None,
            height: u32::MAX,
            dirty: false,
            ring: None,
        })
    }

    /// Writes what changed since the last update.
    fn fill(
        &mut self,
        c: &Card,
        width: f64,
        rows: usize,
        repaint: bool,
        quiet: bool,
        texts: &Texts,
    ) {
        let old = self.shown.take();
        let differs = |f: fn(&Card) -> u32| old.as_ref().is_none_or(|o| f(o) != f(c));
        if old
            .as_ref()
            .is_none_or(|o| (o.received == 0) != (c.received == 0))
        {
            let _ = self.li.set_attribute("class", c.class());
        }
        let n = |v: u32| v.to_string();
        if differs(|c| c.allowed) {
            let _ = self.li.set_attribute(Data::Allowed.as_str(), &n(c.allowed));
            super::dom::put(&self.ok, &texts.fill(Text::CardOk, &[("n", &n(c.allowed))]));
        }
        if differs(|c| c.refused) {
            let _ = self.li.set_attribute(Data::Refused.as_str(), &n(c.refused));
            super::dom::put(&self.no, &texts.fill(Text::CardNo, &[("n", &n(c.refused))]));
        }
        if old.as_ref().is_none_or(|o| o.quota != c.quota) {
            let text = c
                .quota
                .map(|q| texts.fill(Text::CardQuota, &[("n", &n(q))]))
                .unwrap_or_default();
            super::dom::put(&self.quota, &text);
        }
        if differs(|c| c.received) {
            let _ = self
                .li
                .set_attribute(Data::Received.as_str(), &n(c.received));
        }
        if !quiet {
            self.heard.text(&c.heard(texts));
        }
        self.shown = Some(c.clone());
        if width <= 0.0 {
            return;
        }
        // The canvas's height at once (it moves what is under it); its
        // pixels with the next frame (see [`Painter`]).
        let height = super::marks::height(rows.max(c.marks.len().div_ceil(columns(width))));
        if self.height != height {
            let style = web_sys::HtmlElement::style(self.canvas.el());
            let _ = style.set_property("height", &format!("{height}px"));
            self.height = height;
        }
        if repaint || old.as_ref().is_none_or(|o| o.marks != c.marks) {
            self.dirty = true;
        }
    }
}

/// What the cards were last drawn with, to know when every canvas must be
/// repainted.
#[derive(Default)]
struct Drawn {
    /// The rows every card's canvas has.
    rows: usize,
    /// The most marks a card has, now or at the end (the rows follow it).
    marks: Option<usize>,
    list_width: f64,
    canvas_width: f64,
    palette: Option<Palette>,
}

impl Drawn {
    /// Follows the list's width, the colours and the most marks a card
    /// has: the rows every canvas has now (`tallest`), and whether every
    /// canvas must be repainted.
    fn measure(
        &mut self,
        ul: &web_sys::Element,
        held: &[Held],
        list_width: f64,
        colours: &Option<Palette>,
        rows: &[Card],
        end_marks: usize,
    ) -> (usize, bool) {
        // All cards share one width, which depends only on the list's:
        // read the layout only when that changed.
        let mut repaint = colours.is_some() && self.palette != *colours;
        // Until the list's first size arrives (its ResizeObserver fires
        // after the first layout), no canvas is sized: reading a width
        // now would force a layout of the whole page at start-up.
        if list_width > 0.0 && (self.list_width != list_width || self.canvas_width <= 0.0) {
            self.list_width = list_width;
            self.canvas_width = held
                .first()
                .map_or(0.0, |c| f64::from(c.canvas.el().client_width()));
            repaint = true;
        }
        if colours.is_some() {
            self.palette = colours.clone();
        }
        let columns = super::marks::columns(self.canvas_width);
        // As tall as the end state needs from the start: a replay then
        // never resizes a canvas (each resize costs a layout).
        let most = rows
            .iter()
            .map(|c| c.marks.len())
            .chain([end_marks])
            .max()
            .unwrap_or(0);
        let tallest = most.div_ceil(columns);
        // The count the height follows, for the loader, which sizes a
        // prerendered first screen's canvases before the wasm is here.
        if self.marks != Some(most) {
            self.marks = Some(most);
            let _ = ul.set_attribute(Data::Marks.as_str(), &most.to_string());
        }
        if tallest != self.rows {
            self.rows = tallest;
            repaint = true;
        }
        (tallest, repaint)
    }
}

/// Binds the server cards under `root`.
pub fn bind(lab: Lab, root: &web_sys::Element) {
    let Some(ul) = super::dom::slot(root, Slot::Cards) else {
        return;
    };
    let depth = (if lab.mounted().url_state { 1 } else { 2 }) + 2;
    let list_width = use_width(&ul, Some(lab.printing));
    let held = StoredValue::new_local((Vec::<Held>::new(), Drawn::default()));
    let lazy = super::canvas::Lazy::new(&ul, lab.printing);
    // The most marks any card shows at the end.
    let end_marks = super::memo(move || {
        lab.report.with(|r| {
            cards(r, r.end_us)
                .iter()
                .map(|c| c.marks.len())
                .max()
                .unwrap_or(0)
        })
    });
    let painter = Painter::new(lab.printing);
    super::effect(move || {
        // Off screen (a phone, mid-drag): drawn after it, or when in view.
        if !lazy.now() {
            return;
        }
        let list_width = list_width.get();
        let t = lab.words(Words::Cards).with(|m| m.t_us);
        let hide = lab.hiding();
        // The colours are read from the page's styles: not before there is
        // a width to draw at (reading them forces a style pass).
        let colours = (list_width > 0.0).then(|| lab.palette(&ul));
        let m = lab.mounted();
        let rows = lab.report.with(|r| cards(r, if hide { 0 } else { t }));
        let end_marks = end_marks.get();
        let ring = followed(lab, t, hide);
        // While the replay plays, the cards' sentences for screen readers
        // wait for it to stop: nobody hears sixty a second.
        let quiet = lab.playing.get();
        held.update_value(|(held, drawn)| {
            if !one_card_each(&ul, held, rows.len(), depth, &m.texts) {
                return;
            }
            let (tallest, repaint) =
                drawn.measure(&ul, held, list_width, &colours, &rows, end_marks);
            for (i, (card, c)) in held.iter_mut().zip(&rows).enumerate() {
                card.fill(c, drawn.canvas_width, tallest, repaint, quiet, &m.texts);
                let here = ring.filter(|(s, _)| *s == i).map(|(_, k)| k);
                if card.ring != here {
                    card.ring = here;
                    card.dirty = true;
                }
            }
        });
        painter.paint(lab.playing.get_untracked(), move || {
            held.try_update_value(|(held, drawn)| paint(held, drawn));
        });
    });
}

/// The request followed across the views: which card holds its mark, and
/// where (its place among that server's arrivals), once here at `t`
/// (tracks the highlight).
fn followed(lab: Lab, t: u64, hide: bool) -> Option<(usize, usize)> {
    let n = lab.highlight.get();
    (n > 0).then_some(n).and_then(|n| {
        lab.report.with(|r| {
            let q = r.requests.get(n as usize - 1)?;
            let s = q.server?;
            let before = r.requests[..n as usize - 1]
                .iter()
                .filter(|p| p.server == Some(s));
            (q.arrival_us <= t && !hide).then(|| (s as usize, before.count()))
        })
    })
}

/// Adds or removes cards in `ul` until there are `n`, one per server;
/// false if one could not be built (no document, or its markup lacks a
/// part), when nothing more is drawn.
fn one_card_each(
    ul: &web_sys::Element,
    held: &mut Vec<Held>,
    n: usize,
    depth: u8,
    texts: &Texts,
) -> bool {
    let Some(document) = ul.owner_document() else {
        return false;
    };
    let first = held.is_empty();
    while held.len() > n {
        if let Some(card) = held.pop() {
            card.li.remove();
        }
    }
    while held.len() < n {
        // A card of the prerendered first screen the widget kept
        // ([`super::adopt`]), or a new one; one that lacks a part goes.
        let card = match ul.children().item(held.len() as u32) {
            Some(li) => match Held::of(li.clone()) {
                Some(card) => card,
                None => {
                    li.remove();
                    continue;
                }
            },
            None => {
                let Some(card) = Held::new(&document, held.len() + 1, depth, texts) else {
                    return false;
                };
                let _ = ul.append_child(&card.li);
                card
            }
        };
        held.push(card);
    }
    // A kept screen's cards beyond these (none where it was this state's).
    while let Some(extra) = first
        .then(|| ul.children().item(held.len() as u32))
        .flatten()
    {
        extra.remove();
    }
    true
}

/// Paints the cards whose canvas waits for it, with the frame (see
/// [`Painter`]): nothing before the colours are read.
fn paint(held: &mut [Held], drawn: &Drawn) {
    let Some(palette) = &drawn.palette else {
        return;
    };
    for card in held.iter_mut().filter(|c| c.dirty) {
        card.dirty = false;
        if let Some(c) = &card.shown {
            draw(
                &mut card.canvas,
                &c.marks,
                drawn.canvas_width,
                drawn.rows,
                palette,
                card.ring,
            );
        }
    }
}

/// The request of the card's mark under (x, y) on its canvas `target`:
/// the server's how-manyth arrival.
pub fn hit(lab: Lab, target: &web_sys::Element, x: f64, y: f64) -> Option<u32> {
    let li = target.closest(Data::Server.selector()).ok().flatten()?;
    let s = li
        .get_attribute(Data::Server.as_str())?
        .parse::<u32>()
        .ok()?
        - 1;
    let k = super::marks::at(f64::from(target.client_width()), x, y)?;
    let t = lab.time.get_untracked().unwrap_or(u64::MAX);
    lab.report.with_untracked(|r| {
        let mut mine = (r.requests.iter().enumerate())
            .filter(|(_, q)| q.server == Some(s) && q.arrival_us <= t);
        mine.nth(k).map(|(i, _)| i as u32 + 1)
    })
}
