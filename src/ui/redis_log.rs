//! What Redis saw: the first commands in the order Redis ran them, with the
//! race spelled out. Read straight off the report's Redis log.

use std::fmt::Write;

use leptos::prelude::*;

use super::format;
use super::state::Lab;
use super::widget::Heading;
use crate::sim::{Command, Report};

/// How many commands the log shows.
const SHOWN: usize = 12;

/// One line of the log, ready to show.
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

/// The lines as markup: a plain ordered list, the text equivalent of the
/// timeline. Built as one string, like the timeline, to keep the wasm small.
fn markup(r: &Report) -> String {
    let mut out = String::with_capacity(SHOWN * 220);
    for l in lines(r) {
        let _ = write!(
            out,
            r#"<li class="rll-log__line{}"><span class="rll-log__at">{} ms</span><span class="rll-log__who">#{} via server {}</span><code class="rll-log__cmd">{} {}</code>"#,
            if l.warn { " rll-log__line--warn" } else { "" },
            l.at,
            l.request,
            l.server,
            l.command,
            l.value
        );
        if let Some(note) = l.note {
            let _ = write!(out, r#"<span class="rll-log__note">{note}</span>"#);
        }
        out.push_str("</li>");
    }
    let more = r.redis_log.len().saturating_sub(SHOWN);
    if more > 0 {
        let _ = write!(
            out,
            r#"<li class="rll-log__more">… and {more} more commands.</li>"#
        );
    }
    out
}

/// The first commands Redis ran, for the Redis strategies.
#[component]
pub fn RedisLog() -> impl IntoView {
    let lab = Lab::expect();
    view! {
        <section class="rll-log" aria-labelledby=lab.id("log-title")>
            <Heading level=2 class="rll-log__title" id=lab.id("log-title")>"What Redis saw, in order"</Heading>
            <ol class="rll-log__list" data-testid="redis-log" inner_html=lab.text(markup)></ol>
        </section>
    }
}
