//! What Redis saw: the first commands in the order Redis ran them, with the
//! race spelled out. Read straight off the report's Redis log.

use leptos::prelude::*;

use super::format;
use super::state::Lab;
use super::widget::Heading;
use crate::sim::{Command, Report};

/// How many commands the log shows.
const SHOWN: usize = 12;

/// One line of the log, ready to show.
#[derive(Clone, PartialEq)]
struct Line {
    at: String,
    server: u32,
    request: u32,
    command: &'static str,
    value: String,
    note: Option<String>,
    warn: bool,
}

/// Replays the log to explain each command: a GET that reads a value
/// another request already read (and has not yet written back), a SET that
/// writes a value the counter already had.
fn lines(r: &Report) -> Vec<Line> {
    let mut counter = 0u32;
    let mut read_by: Vec<(u32, u32)> = Vec::new(); // (value read, request)
    r.redis_log
        .iter()
        .take(SHOWN)
        .map(|op| {
            let req = &r.requests[op.request as usize];
            let (value, note, warn) = match op.command {
                Command::Get => {
                    let twin = read_by
                        .iter()
                        .find(|(v, _)| *v == op.value)
                        .map(|(_, q)| *q);
                    read_by.push((op.value, op.request));
                    let verdict = if op.value < r.limit {
                        "will allow"
                    } else {
                        "will refuse"
                    };
                    match twin {
                        Some(q) if op.value < r.limit => (
                            format!("→ {}", op.value),
                            Some(format!(
                                "same value request #{} read: both {verdict}",
                                q + 1
                            )),
                            true,
                        ),
                        _ => (format!("→ {}", op.value), Some(verdict.to_string()), false),
                    }
                }
                Command::Set => {
                    let lost = op.value <= counter;
                    counter = op.value;
                    (
                        format!("{}", op.value),
                        lost.then(|| {
                            format!("counter was already {}: an update is lost", op.value)
                        }),
                        lost,
                    )
                }
                Command::Incr => {
                    counter = op.value;
                    let ok = op.value <= r.limit;
                    (
                        format!("→ {}", op.value),
                        Some(if ok { "allow" } else { "refuse" }.to_string()),
                        false,
                    )
                }
                Command::Expire => (
                    String::new(),
                    Some("start the window's clock".to_string()),
                    false,
                ),
            };
            Line {
                at: format::ms(op.at_us),
                server: req.server + 1,
                request: op.request + 1,
                command: op.command.as_str(),
                value,
                note,
                warn,
            }
        })
        .collect()
}

/// One list item of the log, kept across updates, and the line it shows.
struct Slot {
    li: web_sys::Element,
    /// At, who, command, note.
    parts: [web_sys::Element; 4],
    shown: Option<Line>,
}

/// Makes the twelve slots once.
fn slots(ol: &web_sys::Element) -> Vec<Slot> {
    let slot = r#"<li hidden><span class="rll-log__at"></span><span class="rll-log__who"></span><code class="rll-log__cmd"></code><span class="rll-log__note"></span></li>"#;
    ol.set_inner_html(&slot.repeat(SHOWN));
    let items = ol.children();
    (0..SHOWN as u32)
        .filter_map(|i| {
            let li = items.item(i)?;
            let part = |k: u32| li.children().item(k);
            Some(Slot {
                parts: [part(0)?, part(1)?, part(2)?, part(3)?],
                li,
                shown: None,
            })
        })
        .collect()
}

/// Writes the lines into the slots, rewriting only what changed (no
/// parsing, no new nodes on a drag step). Unused slots are hidden.
fn fill(slots: &mut [Slot], r: &Report) {
    let lines = lines(r);
    for (i, slot) in slots.iter_mut().enumerate() {
        let line = lines.get(i).cloned();
        if line == slot.shown {
            continue;
        }
        match &line {
            None => {
                let _ = slot.li.set_attribute("hidden", "");
            }
            Some(l) => {
                let old = slot.shown.as_ref();
                if old.is_none() {
                    let _ = slot.li.remove_attribute("hidden");
                }
                if old.is_none_or(|o| o.warn != l.warn) {
                    let class = if l.warn {
                        "rll-log__line rll-log__line--warn"
                    } else {
                        "rll-log__line"
                    };
                    let _ = slot.li.set_attribute("class", class);
                }
                let texts = [
                    format!("{} ms", l.at),
                    format!("#{} via server {}", l.request, l.server),
                    format!("{} {}", l.command, l.value),
                    l.note.clone().unwrap_or_default(),
                ];
                for (part, text) in slot.parts.iter().zip(&texts) {
                    part.set_text_content(Some(text));
                }
            }
        }
        slot.shown = line;
    }
}

/// The first commands Redis ran, for the Redis strategies.
#[component]
pub fn RedisLog() -> impl IntoView {
    let lab = Lab::expect();
    let list = NodeRef::<leptos::html::Ol>::new();
    let held = StoredValue::new_local(Vec::<Slot>::new());
    Effect::new(move |_| {
        let Some(ol) = list.get() else { return };
        held.update_value(|held| {
            if held.is_empty() {
                *held = slots(&ol);
            }
            lab.report.with(|r| fill(held, r));
        });
    });
    let more = lab.text(|r| match r.redis_log.len().saturating_sub(SHOWN) {
        0 => String::new(),
        more => format!("… and {more} more commands."),
    });
    view! {
        <section class="rll-log" aria-labelledby=lab.id("log-title")>
            <Heading level=2 class="rll-log__title" id=lab.id("log-title")>"What Redis saw, in order"</Heading>
            <ol class="rll-log__list" data-testid="redis-log" node_ref=list></ol>
            <p class="rll-log__more">{more}</p>
        </section>
    }
}
