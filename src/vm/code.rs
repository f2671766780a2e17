//! The code beside the picture: for the strategy shown and the way it keeps
//! its count (the algorithm), the limiter as a learner would write it on a
//! Node server (`snippets/` in the repository), shown verbatim: the files
//! are read at build time, and the Node test `tests/browser/snippets.test.mjs`
//! runs exactly these files against a real redis-server. Plus the line the
//! replay's latest actor is on at a moment, from the model's trace.
//!
//! Colouring works without colour too: keywords are bold, comments italic,
//! the Redis calls bold and underlined; strings keep their quotes.

use crate::sim::{Algo, Command, Place, Report, Strategy};

use super::html::{esc, Html};
use super::snippets::File;
use super::text::{Text, Texts};
use crate::html;

/// The files shown for `s` keeping its count by `a`, in order: the
/// strategy's own (see [`super::strategy::About::files`]), or those of the
/// way it keeps the count where that has code of its own. The strategies
/// that count in memory show their own file whatever the algorithm (their
/// windows and buckets in memory are not written out).
pub fn files(s: Strategy, a: Algo) -> &'static [File] {
    super::strategy::way(s, a).map_or(super::strategy::about(s).files, |w| w.files)
}

/// The lines of `text`: split at each newline, the one after the last
/// newline left out.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.strip_suffix('\n').unwrap_or(text).split('\n')
}

/// The line (1-based, counted across the files shown for `s` and `a`) of
/// the first line that contains `needle`; 0 if none does.
pub fn line_of(s: Strategy, a: Algo, needle: &str) -> u32 {
    let mut n = 0;
    for f in files(s, a) {
        for l in lines(f.text()) {
            n += 1;
            if l.contains(needle) {
                return n;
            }
        }
    }
    0
}

/// The kinds of word the colouring tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Plain,
    Keyword,
    Comment,
    Text,
    Number,
    Call,
}

const KEYWORDS: [&str; 22] = [
    "const", "let", "if", "return", "await", "async", "export", "function", "for", "of", "import",
    "from", "new", "local", "then", "end", "true", "false", "or", "throw", "nil", "and",
];

/// Writes one line of code with its words marked.
fn colour(out: &mut Html, line: &str, lua: bool) {
    let comment = if lua { "--" } else { "//" };
    let bytes = line.as_bytes();
    let mut i = 0;
    let mut after_redis = false;
    let span = |out: &mut Html, kind: Kind, s: &str| {
        let class = match kind {
            Kind::Plain => {
                out.push(&esc(s));
                return;
            }
            Kind::Keyword => "k",
            Kind::Comment => "c",
            Kind::Text => "s",
            Kind::Number => "n",
            Kind::Call => "r",
        };
        html!(
            out,
            r#"<span class="rll-code__{}">{}</span>"#,
            class,
            esc(s)
        );
    };
    while i < bytes.len() {
        let rest = &line[i..];
        let c = bytes[i];
        if rest.starts_with(comment) {
            span(out, Kind::Comment, rest);
            return;
        }
        if c == b'"' || c == b'\'' || c == b'`' {
            let end = rest[1..].find(c as char).map_or(rest.len(), |e| e + 2);
            span(out, Kind::Text, &rest[..end]);
            i += end;
            after_redis = false;
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let end = rest
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                .unwrap_or(rest.len());
            let word = &rest[..end];
            let kind = if after_redis {
                Kind::Call
            } else if KEYWORDS.contains(&word) {
                Kind::Keyword
            } else {
                Kind::Plain
            };
            span(out, kind, word);
            after_redis = word == "redis" && rest[end..].starts_with('.');
            i += end;
            continue;
        }
        if c.is_ascii_digit() {
            let end = rest
                .find(|ch: char| !ch.is_ascii_digit())
                .unwrap_or(rest.len());
            span(out, Kind::Number, &rest[..end]);
            i += end;
            continue;
        }
        // Anything else, up to the next character that may start a word.
        let end = rest
            .char_indices()
            .skip(1)
            .find(|&(_, ch)| ch.is_ascii_alphanumeric() || "_\"'`/-".contains(ch))
            .map_or(rest.len(), |(k, _)| k);
        if !(c == b'.' && after_redis) {
            after_redis = false;
        }
        span(out, Kind::Plain, &rest[..end]);
        i += end;
    }
}

/// The code for `s` and `a`: one `<pre>` per file, each line an element with
/// `data-line` (1-based, counted across the files), separated by newlines,
/// so the text of each `<pre>` is the file exactly. `id` prefixes the
/// element ids.
pub fn markup(s: Strategy, a: Algo, id: &str) -> Html {
    let mut out = Html::with_capacity(2_400);
    let mut n = 0;
    for (k, f) in files(s, a).iter().enumerate() {
        let lua = f.name.ends_with(".lua");
        html!(
            out,
            concat!(
                r#"<p class="rll-code__name" id="{}-code-{}"><code>{}</code></p><pre class="rll-code__pre" tabindex="0""#,
                data!(File = {}),
                r#" aria-labelledby="{}-code-{}"><code>"#
            ),
            id,
            k,
            esc(f.name),
            esc(f.name),
            id,
            k
        );
        for l in lines(f.text()) {
            n += 1;
            html!(
                out,
                concat!(r#"<span class="rll-code__line""#, data!(Line = {}), ">"),
                n
            );
            colour(&mut out, l, lua);
            out.push_lit("</span>\n");
        }
        out.push_lit("</code></pre>");
    }
    out
}

/// What the code view shows while its files are on their way (`failed`:
/// they could not come; scrolling to it again tries again).
pub fn waiting(failed: bool, t: &Texts) -> Html {
    let mut out = Html::with_capacity(120);
    html!(
        out,
        r#"<p class="rll-code__wait" role="status">{}</p>"#,
        esc(t.get(if failed {
            Text::CodeNotLoaded
        } else {
            Text::CodeLoading
        }))
    );
    out
}

/// Where the replay's latest actor is in the code at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Here {
    /// The line (1-based, as in [`markup`]).
    pub line: u32,
    /// The request (0-based); `None` for a server's batched sync.
    pub request: Option<u32>,
    /// The server (0-based); `None` at the gateway.
    pub server: Option<u32>,
    /// What its GET read, once read (GET then SET).
    pub read: Option<u32>,
}

/// The latest time at or before `t` that anything happened to request `i`
/// (its arrival, its calls, its decision, its answer).
fn last_event(r: &Report, i: u32, t: u64) -> Option<u64> {
    let q = &r.requests[i as usize];
    let mut best = None;
    let mut see = |x: Option<u64>| {
        if let Some(x) = x.filter(|x| *x <= t) {
            best = best.max(Some(x));
        }
    };
    see(Some(q.arrival_us));
    see(Some(q.decided_us));
    see(Some(q.answer_us));
    for c in r.calls_for(i) {
        see(Some(c.sent_us));
        see(c.executed_us);
        see(c.replied_us);
        see(c.abandoned_us);
    }
    best
}

/// The line the latest request (or batched sync) to act at or before `t`
/// is on, with who it is; `None` before anything happened.
pub fn here(r: &Report, t: u64) -> Option<Here> {
    let s = r.scenario.strategy;
    let a = r.scenario.algo();
    let line_of = |needle: &str| line_of(s, a, needle);
    let (request, k) = latest_actor(r, t)?;
    let Some(i) = request else {
        let c = &r.calls[k];
        let line = match c.replied_us {
            Some(x) if x <= t => line_of("known.set("),
            _ => line_of("redis.incrBy("),
        };
        return Some(Here {
            line,
            request: None,
            server: Some(c.server),
            read: None,
        });
    };
    let q = &r.requests[i as usize];
    let (line, read) = request_line(r, i, t, &line_of);
    Some(Here {
        line,
        request: Some(i),
        // The edge's code runs at the gateway, whichever server comes next.
        server: q.server.filter(|_| s.place() != Place::Front),
        read,
    })
}

/// The replay's latest actor at `t`: a request, or a server's sync call
/// (by its index in the calls).
fn latest_actor(r: &Report, t: u64) -> Option<(Option<u32>, usize)> {
    let mut latest: Option<(u64, Option<u32>, usize)> = None;
    for i in 0..r.requests.len() as u32 {
        if r.requests[i as usize].arrival_us > t {
            break;
        }
        if let Some(x) = last_event(r, i, t) {
            if latest.is_none_or(|(b, _, _)| x >= b) {
                latest = Some((x, Some(i), 0));
            }
        }
    }
    for (k, c) in r.calls.iter().enumerate() {
        if c.request.is_some() || c.sent_us > t {
            continue;
        }
        let x = [c.executed_us, c.replied_us, c.abandoned_us]
            .into_iter()
            .flatten()
            .filter(|x| *x <= t)
            .fold(c.sent_us, u64::max);
        if latest.is_none_or(|(b, _, _)| x >= b) {
            latest = Some((x, None, k));
        }
    }
    latest.map(|(_, request, k)| (request, k))
}

/// The line request `i` is on at `t`, and for GET then SET the count its
/// GET read.
fn request_line(r: &Report, i: u32, t: u64, line_of: &dyn Fn(&str) -> u32) -> (u32, Option<u32>) {
    let (s, a) = (r.scenario.strategy, r.scenario.algo());
    let q = &r.requests[i as usize];
    let decided = q.decided_us <= t;
    let find = |cmd: Command| r.calls_for(i).find(|c| c.command == cmd);
    let mut read = None;
    let line = match s.command() {
        // Counted in memory (each server's, or the gateway's).
        None if !s.batches() => {
            if q.allowed {
                line_of("counts.set(")
            } else {
                line_of("if (count >=")
            }
        }
        None => {
            if q.allowed {
                line_of("pending.set(user")
            } else {
                line_of("if (count >=")
            }
        }
        Some(Command::Get) => {
            if decided && !q.by_fail_rule {
                read = find(Command::Get).map(|c| c.value);
            }
            if !decided || q.by_fail_rule {
                line_of("redis.get(")
            } else if !q.allowed || t == q.decided_us {
                line_of("if (count >=")
            } else if t < q.answer_us {
                line_of("redis.set(")
            } else {
                line_of("return true")
            }
        }
        Some(Command::Incr) => {
            let expire = find(Command::Expire);
            if !decided || q.by_fail_rule {
                line_of("redis.incr(")
            } else if expire.is_some_and(|c| c.replied_us.is_none_or(|x| x > t)) {
                line_of("redis.expire(")
            } else {
                line_of("return count <=")
            }
        }
        // Redis's fixed window, shown as INCR's file (the model runs it as
        // one script): the INCR until the reply, then the comparison.
        Some(_) if a == Algo::Fixed => {
            if decided && !q.by_fail_rule {
                line_of("return count <=")
            } else {
                line_of("redis.incr(")
            }
        }
        Some(script) => {
            let ran = find(script)
                .and_then(|c| c.executed_us)
                .is_some_and(|x| x <= t);
            if decided && !q.by_fail_rule {
                line_of("return ok === 1")
            } else if ran && !q.by_fail_rule {
                line_of(match a {
                    Algo::Log => "if redis.call('ZCARD'",
                    Algo::Counter => "if p * (w - e)",
                    _ => "if tokens >= 1",
                })
            } else {
                line_of("redis.evalSha(")
            }
        }
    };
    (line, read)
}

/// The note under the code for strategy `s` keeping its count by `a`
/// (GET then SET's names the fix; the script's other ways of keeping the
/// count have notes of their own).
pub fn note(s: Strategy, a: Algo) -> Text {
    super::strategy::way(s, a).map_or(super::strategy::about(s).code, |w| w.code)
}

/// The sentence under the code: who is at which line, or how to see it.
pub fn at_sentence(here: Option<&Here>, t: &Texts) -> String {
    let Some(h) = here else {
        return t.get(Text::CodeWhen).to_string();
    };
    let n = h.line.to_string();
    let s = h.server.map(|s| (s + 1).to_string()).unwrap_or_default();
    match (h.request, h.server, h.read) {
        (None, _, _) => t.fill(Text::CodeAtSync, &[("s", &s), ("n", &n)]),
        (Some(i), None, _) => t.fill(
            Text::CodeAtGateway,
            &[("i", &(i + 1).to_string()), ("n", &n)],
        ),
        (Some(i), Some(_), Some(v)) => t.fill(
            Text::CodeAtRead,
            &[
                ("i", &(i + 1).to_string()),
                ("s", &s),
                ("n", &n),
                ("v", &v.to_string()),
            ],
        ),
        (Some(i), Some(_), None) => t.fill(
            Text::CodeAt,
            &[("i", &(i + 1).to_string()), ("s", &s), ("n", &n)],
        ),
    }
}
