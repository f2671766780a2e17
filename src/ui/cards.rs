//! One card per server: its name, `n ok · m 429`, its quota under `split`,
//! and one mark per request in arrival order (see [`super::marks`]).

use leptos::prelude::*;

use std::fmt::Write;

use super::marks::{draw_all, use_colour_scheme_epoch, use_width, Mark};
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

/// The cards as markup, each with an empty canvas for its marks. `level`
/// is the card headings' level (h3 on the widget's page, h4 in a host page).
///
/// Cards are one string rather than a keyed list of components: sixteen
/// small cards rebuild in well under a millisecond, and per-element view
/// code would cost several kilobytes of wasm (the download budget).
fn markup(cards: &[CardView], level: u8) -> String {
    let mut out = String::with_capacity(cards.len() * 420);
    for (i, c) in cards.iter().enumerate() {
        let n = i + 1;
        let _ = write!(
            out,
            r#"<li class="rll-card{}" data-testid="server-card" data-server="{n}" data-received="{}" data-allowed="{}" data-refused="{}"><h{level} class="rll-card__name">Server {n}</h{level}><p class="rll-card__count"><span class="rll-card__ok">{} ok</span> · <span class="rll-card__no">{} 429</span></p>"#,
            if c.received == 0 {
                " rll-card--idle"
            } else {
                ""
            },
            c.received,
            c.allowed,
            c.refused,
            c.allowed,
            c.refused,
        );
        if let Some(q) = c.quota {
            let _ = write!(out, r#"<p class="rll-card__quota">quota {q}</p>"#);
        }
        let _ = write!(out, r#"<p class="rll-sr-only">received {}"#, c.received);
        if c.beyond > 0 {
            let _ = write!(out, ", {} allowed beyond the limit", c.beyond);
        }
        out.push_str(r#"</p><canvas class="rll-card__marks" aria-hidden="true"></canvas></li>"#);
    }
    out
}

/// The grid of server cards with its legend.
#[component]
pub fn ServerCards() -> impl IntoView {
    let lab = Lab::expect();
    let epoch = use_colour_scheme_epoch();
    let cards = Memo::new(move |_| lab.report.with(card_views));
    let level = heading_level(lab, 2);
    let list = NodeRef::<leptos::html::Ul>::new();
    let width = use_width(list);
    // Cards first, then their marks, in one effect: the canvases drawn are
    // the ones just written.
    Effect::new(move |_| {
        epoch.track();
        width.track();
        let Some(ul) = list.get() else { return };
        cards.with(|cards| {
            ul.set_inner_html(&markup(cards, level));
            draw_all(&ul, cards.iter().map(|c| c.marks.as_slice()));
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
