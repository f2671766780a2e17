//! One card per server: its name, `n ok · m 429`, its quota under `split`,
//! and one mark per request in arrival order (see [`super::marks`]).

use leptos::prelude::*;

use std::fmt::Write;

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;

use super::canvas::{use_width, Palette, PaletteCache};
use super::marks::{draw, Mark};
use super::state::Lab;
use super::widget::heading_level;
use crate::sim::Report;

/// What one card shows, derived from the report.
#[derive(Clone, Debug, PartialEq, Default)]
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

/// A new, empty card: its text elements and canvas, filled in by
/// [`fill_card`]. `level` is the heading's level (h3 on the widget's page,
/// h4 in a host page).
fn new_card(document: &web_sys::Document, n: u32, level: u8) -> Option<web_sys::Element> {
    let li = document.create_element("li").ok()?;
    li.set_inner_html(&format!(
        r#"<h{level} class="rll-card__name">Server {n}</h{level}><p class="rll-card__count"><span class="rll-card__ok"></span> · <span class="rll-card__no"></span></p><p class="rll-card__quota"></p><p class="rll-sr-only"></p><canvas class="rll-card__marks" aria-hidden="true"></canvas>"#
    ));
    let _ = li.set_attribute("data-testid", "server-card");
    let _ = li.set_attribute("data-server", &n.to_string());
    Some(li)
}

/// Writes one card's numbers into its elements (text only: no parsing, no
/// new nodes, so a drag step restyles nothing it need not).
fn fill_card(li: &web_sys::Element, c: &CardView) {
    let class = if c.received == 0 {
        "rll-card rll-card--idle"
    } else {
        "rll-card"
    };
    let _ = li.set_attribute("class", class);
    let _ = li.set_attribute("data-received", &c.received.to_string());
    let _ = li.set_attribute("data-allowed", &c.allowed.to_string());
    let _ = li.set_attribute("data-refused", &c.refused.to_string());
    let set = |selector: &str, text: &str| {
        if let Ok(Some(el)) = li.query_selector(selector) {
            el.set_text_content(Some(text));
        }
    };
    set(".rll-card__ok", &format!("{} ok", c.allowed));
    set(".rll-card__no", &format!("{} 429", c.refused));
    set(
        ".rll-card__quota",
        &c.quota.map(|q| format!("quota {q}")).unwrap_or_default(),
    );
    let mut heard = format!("received {}", c.received);
    if c.beyond > 0 {
        let _ = write!(heard, ", {} allowed beyond the limit", c.beyond);
    }
    set(".rll-sr-only", &heard);
}

/// Brings the list to one card per server and fills each in: the card
/// elements and their canvases persist across updates (a canvas made anew
/// costs a context and a style pass), only their text is rewritten.
///
/// Imperative on purpose: cards as a keyed list of components cost several
/// kilobytes of wasm (the download budget), and the widget never needs more
/// than sixteen of them.
fn render_cards(
    ul: &web_sys::Element,
    cards: &[CardView],
    level: u8,
    palette: &Palette,
    width: &Cell<(f64, f64)>,
    list_width: f64,
) {
    let Some(document) = ul.owner_document() else {
        return;
    };
    let items = ul.children();
    while items.length() as usize > cards.len() {
        if let Some(last) = ul.last_element_child() {
            last.remove();
        }
    }
    while (items.length() as usize) < cards.len() {
        let Some(li) = new_card(&document, items.length() + 1, level) else {
            return;
        };
        let _ = ul.append_child(&li);
    }
    for (i, c) in cards.iter().enumerate() {
        let Some(li) = items.item(i as u32) else {
            return;
        };
        fill_card(&li, c);
        let Some(canvas) = li
            .last_element_child()
            .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            return;
        };
        // All cards share one width, which depends only on the list's: read
        // the layout only when that changed.
        let (seen, mut w) = width.get();
        if seen != list_width || w <= 0.0 {
            w = f64::from(canvas.client_width());
            width.set((list_width, w));
        }
        draw(&canvas, &c.marks, w, palette);
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
    let width = StoredValue::new_local(Rc::new(Cell::new((0.0, 0.0))));
    Effect::new(move |_| {
        let list_width = list_width.get();
        let Some(ul) = list.get() else { return };
        let colours = palette.get(&ul);
        let width = width.get_value();
        cards.with(|cards| render_cards(&ul, cards, level, &colours, &width, list_width));
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
