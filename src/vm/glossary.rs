//! Words you need: the glossary's terms, their definitions (all in the
//! texts table, so a content file translates them), and the first place
//! each term appears in the widget's own text, where it becomes a button
//! that opens its definition in place (a native button: keyboard and touch).

use super::html::{esc, Html};
use super::text::{Text, Texts};
use crate::html;

/// A term: its name in the list, the word to find in the text, its
/// definition, and a short name for ids and test hooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    pub name: Text,
    pub find: Text,
    pub def: Text,
    pub key: &'static str,
}

const fn term(name: Text, find: Text, def: Text, key: &'static str) -> Term {
    Term {
        name,
        find,
        def,
        key,
    }
}

/// Every term, in the glossary's order.
pub const TERMS: [Term; 7] = [
    term(
        Text::TermRateLimit,
        Text::FindRateLimit,
        Text::DefRateLimit,
        "rate-limit",
    ),
    term(Text::Term429, Text::Find429, Text::Def429, "429"),
    term(
        Text::TermBalancer,
        Text::FindBalancer,
        Text::DefBalancer,
        "load-balancer",
    ),
    term(
        Text::TermRoundTrip,
        Text::FindRoundTrip,
        Text::DefRoundTrip,
        "round-trip",
    ),
    term(
        Text::TermAtomic,
        Text::FindAtomic,
        Text::DefAtomic,
        "atomic",
    ),
    term(
        Text::TermWindow,
        Text::FindWindow,
        Text::DefWindow,
        "window",
    ),
    term(Text::TermFail, Text::FindFail, Text::DefFail, "fail"),
];

/// Where `word` first starts in `text`, ignoring ASCII case, at the start
/// of a word; the match runs on to the end of that word ("atomic" finds
/// "atomically"). Byte offsets. Any non-ASCII byte counts as part of a
/// word (é, ü), so no Unicode tables are needed.
fn find(text: &str, word: &str) -> Option<(usize, usize)> {
    let (hay, needle) = (text.as_bytes(), word.as_bytes());
    let letter = |b: u8| b.is_ascii_alphanumeric() || b >= 0x80;
    if needle.is_empty() || needle.len() > hay.len() {
        return None;
    }
    (0..=hay.len() - needle.len())
        .find(|&a| {
            hay[a..a + needle.len()].eq_ignore_ascii_case(needle)
                && (a == 0 || !letter(hay[a - 1]))
                && text.is_char_boundary(a)
        })
        .map(|a| {
            let mut b = a + needle.len();
            while b < hay.len() && letter(hay[b]) {
                b += 1;
            }
            (a, b)
        })
}

/// `text`, escaped, with the first appearance of each term not yet in
/// `linked` made a button that opens its definition right after it; the
/// terms it linked are added to `linked`. `id` prefixes the ids.
pub fn link(text: &str, t: &Texts, linked: &mut Vec<&'static str>, id: &str) -> Html {
    let mut found: Vec<(usize, usize, &Term)> = Vec::new();
    for term in &TERMS {
        if linked.contains(&term.key) {
            continue;
        }
        if let Some((a, b)) = find(text, t.get(term.find)) {
            if found.iter().all(|(x, y, _)| b <= *x || a >= *y) {
                // In text order (no sort: a handful of terms at most).
                let k = found.iter().take_while(|f| f.0 < a).count();
                found.insert(k, (a, b, term));
            }
        }
    }
    let mut out = Html::with_capacity(text.len() + 400 * found.len());
    // One element for the sentence, so that in a flex row (the legend) the
    // words around a term stay one item with it.
    let wrap = !found.is_empty();
    if wrap {
        out.push_lit("<span>");
    }
    let mut at = 0;
    for (a, b, term) in found {
        out.push(&esc(&text[at..a]));
        html!(
            out,
            concat!(
                r#"<button type="button" class="rll-term""#,
                data!(Term = {}),
                r#" aria-expanded="false" aria-controls="{}-term-{}">{}</button><span class="rll-term__def" id="{}-term-{}" role="note" hidden>{}</span>"#
            ),
            term.key,
            id,
            term.key,
            esc(&text[a..b]),
            id,
            term.key,
            esc(t.get(term.def))
        );
        linked.push(term.key);
        at = b;
    }
    out.push(&esc(&text[at..]));
    if wrap {
        out.push_lit("</span>");
    }
    out
}

/// The glossary: every term, each a disclosure that opens on its
/// definition (short on a phone; native, so keyboard and touch work).
/// `h` is its heading level.
pub fn section(t: &Texts, id: &str, h: u8) -> Html {
    let mut out = Html::with_capacity(2_000);
    html!(
        out,
        concat!(
            r#"<div role="group" class="rll-glossary""#,
            mark!(Glossary),
            r#" aria-labelledby="{}-glossary-title"><h{} class="rll-section-title" id="{}-glossary-title">{}</h{}><div class="rll-glossary__list">"#
        ),
        id,
        h,
        id,
        esc(t.get(Text::GlossaryTitle)),
        h
    );
    for term in &TERMS {
        html!(
            out,
            concat!(
                "<details",
                data!(Glossary = {}),
                "><summary>{}</summary><p>{}</p></details>"
            ),
            term.key,
            esc(t.get(term.name)),
            esc(t.get(term.def))
        );
    }
    out.push_lit("</div></div>");
    out
}
