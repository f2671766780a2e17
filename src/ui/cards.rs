//! One card per server: its name, `n ok · m 429`, its quota under `split`,
//! and one mark per request in arrival order (see [`super::marks`]).

use leptos::prelude::*;

use std::fmt::Write;

use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use super::canvas::{use_width, Palette, PaletteCache};
use super::marks::{draw, Mark};
use super::state::Lab;
use super::widget::heading_level;
use crate::sim::Report;

/// What one card shows, derived from the report.
#[derive(Clone, Debug, PartialEq)]
struct CardView {
    received: u32,
    allowed: u32,
    refused: u32,
    quota: Option<u32>,
    /// Allowed here after the limit was already used up overall.
    beyond: u32,
    /// One mark per request, in arrival order.
    marks: Vec<Mark>,
}

/// One pass over the requests in arrival order builds every card.
fn card_views(r: &Report) -> Vec<CardView> {
    let mut cards: Vec<CardView> = r
        .servers
        .iter()
        .map(|s| CardView {
            received: s.received,
            allowed: s.allowed,
            refused: s.refused,
            quota: s.quota,
            beyond: 0,
            marks: Vec::with_capacity(s.received as usize),
        })
        .collect();
    let mut allowed_so_far = 0;
    for req in &r.requests {
        let card = &mut cards[req.server as usize];
        let mark = if !req.allowed {
            Mark::No
        } else {
            allowed_so_far += 1;
            if allowed_so_far > r.limit {
                card.beyond += 1;
                Mark::Over
            } else {
                Mark::Ok
            }
        };
        card.marks.push(mark);
    }
    cards
}

/// One card's elements, kept across updates, and what they show now.
struct Card {
    li: web_sys::Element,
    ok: web_sys::Element,
    no: web_sys::Element,
    quota: web_sys::Element,
    heard: web_sys::Element,
    canvas: HtmlCanvasElement,
    /// What is written in the elements now; `None` for a new card.
    shown: Option<CardView>,
}

impl Card {
    /// A new, empty card for server `n`; `level` is its heading's level
    /// (h3 on the widget's page, h4 in a host page).
    fn new(document: &web_sys::Document, n: usize, level: u8) -> Option<Card> {
        let li = document.create_element("li").ok()?;
        li.set_inner_html(&format!(
            r#"<h{level} class="rll-card__name">Server {n}</h{level}><p class="rll-card__count"><span class="rll-card__ok"></span> · <span class="rll-card__no"></span></p><p class="rll-card__quota"></p><p class="rll-sr-only"></p><canvas class="rll-card__marks" aria-hidden="true"></canvas>"#
        ));
        let _ = li.set_attribute("data-testid", "server-card");
        let _ = li.set_attribute("data-server", &n.to_string());
        let find = |selector: &str| li.query_selector(selector).ok().flatten();
        Some(Card {
            ok: find(".rll-card__ok")?,
            no: find(".rll-card__no")?,
            quota: find(".rll-card__quota")?,
            heard: find(".rll-sr-only")?,
            canvas: find("canvas")?.dyn_into().ok()?,
            li,
            shown: None,
        })
    }

    /// Writes what changed since the last update: text and attributes only
    /// (no parsing, no new nodes), and the marks when they, the width or the
    /// colours changed.
    fn fill(&mut self, c: &CardView, width: f64, palette: &Palette, repaint: bool) {
        let old = self.shown.take();
        let differs = |f: fn(&CardView) -> u32| old.as_ref().is_none_or(|o| f(o) != f(c));
        if old
            .as_ref()
            .is_none_or(|o| (o.received == 0) != (c.received == 0))
        {
            let class = if c.received == 0 {
                "rll-card rll-card--idle"
            } else {
                "rll-card"
            };
            let _ = self.li.set_attribute("class", class);
        }
        if differs(|c| c.allowed) {
            let _ = self
                .li
                .set_attribute("data-allowed", &c.allowed.to_string());
            self.ok.set_text_content(Some(&format!("{} ok", c.allowed)));
        }
        if differs(|c| c.refused) {
            let _ = self
                .li
                .set_attribute("data-refused", &c.refused.to_string());
            self.no
                .set_text_content(Some(&format!("{} 429", c.refused)));
        }
        if old.as_ref().is_none_or(|o| o.quota != c.quota) {
            let text = c.quota.map(|q| format!("quota {q}")).unwrap_or_default();
            self.quota.set_text_content(Some(&text));
        }
        if differs(|c| c.received) || differs(|c| c.beyond) {
            let _ = self
                .li
                .set_attribute("data-received", &c.received.to_string());
            let mut heard = format!("received {}", c.received);
            if c.beyond > 0 {
                let _ = write!(heard, ", {} allowed beyond the limit", c.beyond);
            }
            self.heard.set_text_content(Some(&heard));
        }
        if repaint || old.as_ref().is_none_or(|o| o.marks != c.marks) {
            draw(&self.canvas, &c.marks, width, palette);
        }
        self.shown = Some(c.clone());
    }
}

/// What the cards were last drawn with, to know when every canvas must be
/// repainted.
#[derive(Default)]
struct Drawn {
    list_width: f64,
    canvas_width: f64,
    palette: Option<Palette>,
}

/// Brings the list to one card per server and fills each in. The card
/// elements and their canvases persist across updates (a canvas made anew
/// costs a context and a style pass) and only what changed is rewritten.
///
/// Imperative on purpose: cards as a keyed list of components cost several
/// kilobytes of wasm (the download budget), and the widget never needs more
/// than sixteen of them.
fn render_cards(
    ul: &web_sys::Element,
    held: &mut Vec<Card>,
    drawn: &mut Drawn,
    cards: &[CardView],
    level: u8,
    palette: &Palette,
    list_width: f64,
) {
    let Some(document) = ul.owner_document() else {
        return;
    };
    while held.len() > cards.len() {
        if let Some(card) = held.pop() {
            card.li.remove();
        }
    }
    while held.len() < cards.len() {
        let Some(card) = Card::new(&document, held.len() + 1, level) else {
            return;
        };
        let _ = ul.append_child(&card.li);
        held.push(card);
    }
    // All cards share one width, which depends only on the list's: read the
    // layout only when that changed.
    let mut repaint = drawn.palette.as_ref() != Some(palette);
    if drawn.list_width != list_width || drawn.canvas_width <= 0.0 {
        drawn.list_width = list_width;
        drawn.canvas_width = held
            .first()
            .map_or(0.0, |c| f64::from(c.canvas.client_width()));
        repaint = true;
    }
    drawn.palette = Some(palette.clone());
    for (card, c) in held.iter_mut().zip(cards) {
        card.fill(c, drawn.canvas_width, palette, repaint);
    }
}

/// The grid of server cards with its legend.
#[component]
pub fn ServerCards() -> impl IntoView {
    let lab = Lab::expect();
    let palette = PaletteCache::new();
    let cards = Memo::new(move |_| lab.report.with(card_views));
    let level = heading_level(lab, 2);
    let list = NodeRef::<leptos::html::Ul>::new();
    let list_width = use_width(list);
    let held = StoredValue::new_local((Vec::<Card>::new(), Drawn::default()));
    Effect::new(move |_| {
        let list_width = list_width.get();
        let Some(ul) = list.get() else { return };
        let colours = palette.get(&ul);
        held.update_value(|(held, drawn)| {
            cards.with(|cards| render_cards(&ul, held, drawn, cards, level, &colours, list_width));
        });
    });
    view! {
        <div class="rll-servers">
            <Legend/>
            <ul class="rll-cards" aria-label="API servers" node_ref=list></ul>
        </div>
    }
}

/// What the marks mean.
#[component]
fn Legend() -> impl IntoView {
    view! {
        <ul class="rll-legend" aria-label="Legend">
            <li><i class="rll-mark rll-mark--ok"></i>" allowed"</li>
            <li><i class="rll-mark rll-mark--over"></i>" allowed beyond the limit"</li>
            <li><i class="rll-mark rll-mark--no"></i>" refused (429)"</li>
        </ul>
    }
}
