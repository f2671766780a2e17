//! One card per server: its name, `n ok · m 429`, its quota under `split`,
//! and one mark per request in arrival order (see [`super::marks`]).

use leptos::prelude::*;

use super::marks::{use_colour_scheme_epoch, Mark, Marks};
use super::state::Lab;
use super::widget::Heading;
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

/// The grid of server cards with its legend.
#[component]
pub fn ServerCards() -> impl IntoView {
    let epoch = use_colour_scheme_epoch();
    let lab = Lab::expect();
    let cards = Memo::new(move |_| lab.report.with(card_views));
    let count = Memo::new(move |_| cards.with(Vec::len));
    view! {
        <div class="rll-servers">
            <Legend/>
            <ul class="rll-cards" aria-label="API servers">
                <For each=move || 0..count.get() key=|i| *i let:index>
                    <ServerCard cards index epoch/>
                </For>
            </ul>
        </div>
    }
}

#[component]
fn ServerCard(cards: Memo<Vec<CardView>>, index: usize, epoch: Signal<u32>) -> impl IntoView {
    let card = Memo::new(move |_| cards.with(|c| c.get(index).cloned().unwrap_or_default()));
    let field = move |f: fn(&CardView) -> u32| Signal::derive(move || card.with(f));
    let (received, allowed, refused) = (
        field(|c| c.received),
        field(|c| c.allowed),
        field(|c| c.refused),
    );
    view! {
        <li
            class="rll-card"
            class:rll-card--idle=move || received.get() == 0
            data-testid="server-card"
            data-server=index + 1
            data-received=received
            data-allowed=allowed
            data-refused=refused
        >
            <Heading level=2 class="rll-card__name">"Server " {index + 1}</Heading>
            <p class="rll-card__count">
                <span class="rll-card__ok">{allowed} " ok"</span>
                " · "
                <span class="rll-card__no">{refused} " 429"</span>
            </p>
            {move || {
                card.with(|c| c.quota).map(|q| view! { <p class="rll-card__quota">"quota " {q}</p> })
            }}
            <p class="rll-sr-only">
                {move || {
                    let (received, beyond) = card.with(|c| (c.received, c.beyond));
                    let mut s = format!("received {received}");
                    if beyond > 0 {
                        s.push_str(&format!(", {beyond} allowed beyond the limit"));
                    }
                    s
                }}
            </p>
            <Marks marks=Signal::derive(move || card.with(|c| c.marks.clone())) epoch/>
        </li>
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
