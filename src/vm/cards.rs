//! One card per server at a moment: its counts, its quota, and one mark per
//! request that has reached it, in arrival order, then its unused quota.

use crate::sim::Report;

use super::names::{Class, Hook};
use super::text::{Text, Texts};

/// What one mark on a card shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Allowed, within the limit: a dot.
    Ok,
    /// Allowed after the limit was used up: a diamond.
    Over,
    /// Refused with 429: a cross.
    No,
    /// Refused while the user was still under the limit: a cross in a ring.
    Under,
    /// Arrived, not answered yet: a hollow dot.
    Waiting,
    /// A slot of this server's quota still unused: an empty square.
    Unused,
}

/// One server's card.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Card {
    /// Requests that had reached it.
    pub received: u32,
    /// Answered, allowed.
    pub allowed: u32,
    /// Answered, refused.
    pub refused: u32,
    /// Its quota, under `split`.
    pub quota: Option<u32>,
    /// Allowed beyond the limit.
    pub beyond: u32,
    /// Refused while the user was under the limit.
    pub under: u32,
    /// Quota slots unused.
    pub unused: u32,
    /// The marks, in order.
    pub marks: Vec<Mark>,
}

impl Card {
    /// The card's class: a server no request has reached yet is shown idle.
    pub fn class(&self) -> &'static str {
        if self.received == 0 {
            "rll-card rll-card--idle"
        } else {
            "rll-card"
        }
    }

    /// The sentence a screen reader hears for this card.
    pub fn heard(&self, texts: &Texts) -> String {
        let mut s = texts.fill(Text::CardHeard, &[("n", &self.received.to_string())]);
        // The counts as words: the card shows "3 429", which a screen
        // reader would read as a number.
        s.push_str(&texts.fill(
            Text::CardCounts,
            &[
                ("a", &self.allowed.to_string()),
                ("r", &self.refused.to_string()),
            ],
        ));
        for (n, t) in [
            (self.beyond, Text::CardBeyond),
            (self.under, Text::CardUnder),
            (self.unused, Text::CardUnused),
        ] {
            if n > 0 {
                s.push_str(&texts.fill(t, &[("n", &n.to_string())]));
            }
        }
        s
    }
}

/// Every server's card at `t_us` (past the end: the end state), in one pass
/// over the requests in arrival order.
pub fn cards(r: &Report, t_us: u64) -> Vec<Card> {
    let mut cards: Vec<Card> = r
        .servers
        .iter()
        .map(|s| Card {
            quota: s.quota,
            marks: Vec::with_capacity(s.received as usize + s.quota.unwrap_or(0) as usize),
            ..Card::default()
        })
        .collect();
    for q in r.requests.iter().take_while(|q| q.arrival_us <= t_us) {
        let Some(server) = q.server else { continue };
        let card = &mut cards[server as usize];
        card.received += 1;
        let mark = if q.answer_us > t_us {
            Mark::Waiting
        } else if q.allowed {
            tally(
                &mut card.allowed,
                &mut card.beyond,
                q.beyond,
                [Mark::Ok, Mark::Over],
            )
        } else {
            tally(
                &mut card.refused,
                &mut card.under,
                q.refused_under_limit,
                [Mark::No, Mark::Under],
            )
        };
        card.marks.push(mark);
    }
    for card in &mut cards {
        if let Some(q) = card.quota {
            card.unused = q.saturating_sub(card.allowed);
            card.marks
                .extend(std::iter::repeat_n(Mark::Unused, card.unused as usize));
        }
    }
    cards
}

/// Counts one answer in `count`, and in `odd` too when `flagged` (allowed
/// beyond the limit, refused under it); its mark is `marks[flagged]`.
fn tally(count: &mut u32, odd: &mut u32, flagged: bool, marks: [Mark; 2]) -> Mark {
    *count += 1;
    *odd += u32::from(flagged);
    marks[usize::from(flagged)]
}

/// Whether the cards' legend item `name` (its `data-legend`) can happen
/// under strategy `s`, so that the legend explains only marks a card can
/// carry. Behind the edge's gateway every request that reaches a server is
/// allowed, and exactly the limit reaches them. Refusals while under the
/// limit come from a share running out (÷ N) or from the fail rule failing
/// closed; a count kept in memory, or synced, refuses only once the user
/// has had the limit. Only ÷ N has quotas to leave unused.
pub fn legend_shows(name: &str, s: crate::sim::Strategy) -> bool {
    use crate::sim::Strategy::{Edge, GetSet, Incr, Lua, Split};
    match name {
        "over" | "no" => s != Edge,
        "under" => matches!(s, Split | GetSet | Incr | Lua),
        "unused" => s == Split,
        _ => true,
    }
}

/// Server `n`'s card, as markup; `level` is its heading's level. The view
/// finds its parts by their [`Class`] names, writes its counts, quota and
/// sentence into them, and paints the marks on its canvas.
pub fn shell(level: u8, n: usize, texts: &Texts) -> super::html::Html {
    let name = super::html::esc(&texts.fill(Text::CardName, &[("n", &n.to_string())]));
    crate::html_of!(
        concat!(
            "<li{}",
            data!(Server = {}),
            r#"><h{} class="rll-card__name">{}</h{}><p class="rll-card__count" aria-hidden="true"><span{}></span> · <span{}></span></p><p{}></p><p{}></p><canvas{} aria-hidden="true"></canvas></li>"#
        ),
        Hook::ServerCard.attr(),
        n,
        level,
        name,
        level,
        Class::CardOk.attr(),
        Class::CardNo.attr(),
        Class::CardQuota.attr(),
        Class::SrOnly.attr(),
        Class::CardMarks.attr()
    )
}
