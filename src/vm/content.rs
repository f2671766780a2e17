//! A course author's content file: their own sentences (any of the keys in
//! [`super::text`]), their own quiz and their own lesson steps, any of
//! them, as JSON, parsed with serde ([`FIELDS`] lists the fields). Keys
//! left out keep the built-in English. A file that is not valid JSON, names
//! a key the widget does not have, drops a sentence's placeholders or has a
//! quiz question without exactly one right answer is refused as a whole,
//! with the reason; the widget then runs on its built-in text.
//!
//! ```json
//! {
//!   "id": "ratelimit-fr-1",
//!   "lang": "fr",
//!   "text": { "title": "Labo des limites de débit", "verdict.over": "…{n}…" },
//!   "quiz": [ { "prompt": "…", "options": [ { "text": "…", "correct": true, "why": "…" } ],
//!               "show": { "label": "…", "query": "strategy=local&servers=16" } } ],
//!   "tour": [ { "title": "…", "text": "…", "goal": "allowed-at-least 2", "task": "…",
//!               "hint": "…", "done": "…", "scenario": "strategy=local&servers=1" } ]
//! }
//! ```
//!
//! `docs/CONTENT.md` documents the format for course authors.

use std::collections::BTreeMap;

use super::quiz::{self, Question};
use super::text::{placeholders, Text, Texts};

/// The file as written. Natively it is read with `serde_json` ([`parse`]);
/// in the browser, the browser's `JSON.parse` reads the text and the
/// widget's own small serde deserializer (`src/ui/json.rs`) reads this from
/// the result; both then go through [`check`]. Both refuse a field name
/// not listed here.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    /// The quiz's name in the messages a host page hears (`quiz`).
    #[serde(default)]
    id: Option<String>,
    /// The language of the text, for the widget's `lang` attribute.
    #[serde(default)]
    lang: Option<String>,
    /// Replacement sentences by key.
    #[serde(default)]
    text: BTreeMap<String, String>,
    /// A replacement quiz.
    #[serde(default)]
    quiz: Option<Vec<Question>>,
    /// The author's own lesson steps, replacing the built-in ones.
    #[serde(default)]
    tour: Option<Vec<super::tour::Written>>,
}

/// Every field of [`File`], in its order, as the authors' guide describes
/// it (docs/CONTENT.md, "What is in the file": `tests/it/reference.rs`
/// writes the table from these and checks the names are the ones serde
/// reads): the field, what it is, and what applies if it is left out.
pub const FIELDS: [(&str, &str, &str); 5] = [
    (
        "id",
        "a name for your quiz, any text you choose. Every message the widget sends a host page carries it as `quiz`, so a course page (or a grade book) can check which quiz a score is for; change it when you change the questions.",
        "messages say `\"quiz\": \"builtin\"`",
    ),
    (
        "lang",
        "the language of your text, as a language tag (`\"fr\"`, `\"de\"`, `\"pt-BR\"`). The widget puts it in the `lang` attribute of its outer element (and, on its own page, of the page), so screen readers pronounce the text in the right language. It is the only way to set that language: a `lang` URL parameter changes nothing.",
        "no `lang` attribute on the widget; the page's own language applies",
    ),
    (
        "text",
        "an object: for each sentence you replace, its key and your text. The keys are listed in [every key](#every-key).",
        "every sentence is the built-in English",
    ),
    (
        "quiz",
        "a list of questions that **replaces the whole built-in quiz** (see [the quiz](#the-quiz)).",
        "the built-in quiz, in the words of your `text` where it gives the `quiz.<n>.*` keys, else in English",
    ),
    (
        "tour",
        "a list of lesson steps that **replaces the built-in steps** of the guided lesson (see [the lesson](#the-lesson)).",
        "the built-in lesson, in the words of your `text` where it gives the `tour.<n>.*` keys, else in English",
    ),
];

/// What a content file gives the widget.
#[derive(Clone, Debug, PartialEq)]
pub struct Content {
    /// The sentences, built-in English where the file is silent.
    pub texts: Texts,
    /// The author's quiz, replacing the built-in one.
    pub quiz: Option<Vec<Question>>,
    /// The language of the text (`lang`), if given.
    pub lang: Option<String>,
    /// The file's `id`, if given: the quiz's name in messages.
    pub id: Option<String>,
    /// The author's lesson steps that could be read, replacing the
    /// built-in ones (none read: the built-in steps).
    pub tour: Option<Vec<super::tour::Step>>,
    /// One notice per lesson step left out, saying why.
    pub notices: Vec<String>,
}

/// The most a content file may hold. A file past one is refused whole,
/// with one notice, before the widget builds anything from it.
pub mod bounds {
    /// Bytes of the file (the French file of the repository is about 72 KB).
    pub const BYTES: usize = 256 * 1024;
    /// Questions of the quiz.
    pub const QUESTIONS: usize = 30;
    /// Lesson steps.
    pub const STEPS: usize = 20;
    /// Characters of any one text: a sentence, a question, an option, a
    /// reason, a step's field.
    pub const TEXT: usize = 2_000;
    /// How deep objects and lists may nest (the format needs four).
    pub const DEPTH: usize = 8;
}

/// Why a content file is not used: the reason the notice gives (a key of
/// the texts, such as [`Text::ContentInvalid`]) and the details, in English,
/// for the host page's message and the console.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub why: Text,
    pub detail: String,
}

impl Refusal {
    fn invalid(detail: impl Into<String>) -> Refusal {
        Refusal {
            why: Text::ContentInvalid,
            detail: detail.into(),
        }
    }
    fn too_large(detail: String) -> Refusal {
        Refusal {
            why: Text::ContentTooLarge,
            detail,
        }
    }
}

/// Reads a content file's text: its size and shape first ([`shape`]), then
/// `parse` (serde_json natively, the browser's parser in the widget), then
/// the counts ([`bounds`]) and [`check`].
pub fn read(
    text: &str,
    parse: impl FnOnce(&str) -> Result<File, String>,
) -> Result<Content, Refusal> {
    // A byte-order mark, as some editors write UTF-8, is not part of the JSON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() > bounds::BYTES {
        return Err(Refusal::too_large(format!(
            "{} bytes, and at most {} are read",
            text.len(),
            bounds::BYTES
        )));
    }
    shape(text).map_err(Refusal::invalid)?;
    let file = parse(text).map_err(|e| Refusal::invalid(place(text, &e)))?;
    counted(&file).map_err(Refusal::too_large)?;
    check(file).map_err(|e| Refusal::invalid(place(text, &e)))
}

/// Adds `key` to a path in the file: `.name`, or `["a.b"]` for a key that
/// is not a plain name (the texts' keys have dots).
pub fn push_key(path: &mut String, key: &str) {
    let plain = key.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
        && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if plain {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
    } else {
        path.push_str("[\"");
        path.push_str(&key.replace('\\', "\\\\").replace('"', "\\\""));
        path.push_str("\"]");
    }
}

/// A detail that starts with a path in the file (`quiz[1].options[2].correct:
/// …`) with the line and column of that value added after the path
/// (`quiz[1].options[2].correct, line 14, column 9: …`); any other detail
/// as it is.
pub fn place(text: &str, detail: &str) -> String {
    let Some((path, rest)) = detail.split_once(": ") else {
        return detail.to_string();
    };
    let Some(at) = locate(text, path) else {
        return detail.to_string();
    };
    let before = &text[..at];
    let line = 1 + before.bytes().filter(|&b| b == b'\n').count();
    let column = 1 + before[before.rfind('\n').map_or(0, |n| n + 1)..]
        .chars()
        .count();
    format!("{path}, line {line}, column {column}: {rest}")
}

/// Where the value at `path` starts in `text` (a byte offset), if the path
/// is one [`push_key`] writes and the value is there.
pub fn locate(text: &str, path: &str) -> Option<usize> {
    let (b, p) = (text.as_bytes(), path.as_bytes());
    let mut i = space(b, 0);
    let mut k = 0;
    while k < p.len() {
        let key = if p[k] == b'[' && p.get(k + 1) == Some(&b'"') {
            let end = string_end(p, k + 1)?;
            let key = &p[k + 2..end - 1];
            k = end + 1;
            key
        } else if p[k] == b'[' {
            let end = k + p[k..].iter().position(|&c| c == b']')?;
            i = item(b, i, path.get(k + 1..end)?.parse().ok()?)?;
            k = end + 1;
            continue;
        } else {
            k += usize::from(p[k] == b'.');
            let len = p[k..].iter().position(|&c| c == b'.' || c == b'[');
            let end = k + len.unwrap_or(p.len() - k);
            let key = &p[k..end];
            k = end;
            key
        };
        i = member(b, i, key)?;
    }
    Some(i)
}

fn space(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// The index just past the string that starts (with `"`) at `i`.
fn string_end(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    while *b.get(i)? != b'"' {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    Some(i + 1)
}

/// The index just past the value that starts at `i`.
fn skip(b: &[u8], i: usize) -> Option<usize> {
    match *b.get(i)? {
        b'"' => string_end(b, i),
        b'{' | b'[' => {
            let (mut depth, mut j) = (0usize, i);
            loop {
                match *b.get(j)? {
                    b'"' => j = string_end(b, j)? - 1,
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        _ => Some(i + b[i..].iter().position(|c| b",}] \t\r\n".contains(c))?),
    }
}

/// The start of item `n` of the list at `i`.
fn item(b: &[u8], i: usize, n: usize) -> Option<usize> {
    if *b.get(i)? != b'[' {
        return None;
    }
    let mut j = space(b, i + 1);
    for _ in 0..n {
        j = space(b, skip(b, j)?);
        (*b.get(j)? == b',').then_some(())?;
        j = space(b, j + 1);
    }
    (*b.get(j)? != b']').then_some(j)
}

/// The start of the value of `key` (as written, escapes and all) in the
/// object at `i`.
fn member(b: &[u8], i: usize, key: &[u8]) -> Option<usize> {
    if *b.get(i)? != b'{' {
        return None;
    }
    let mut j = space(b, i + 1);
    while *b.get(j)? == b'"' {
        let end = string_end(b, j)?;
        let name = &b[j + 1..end - 1];
        j = space(b, end);
        (*b.get(j)? == b':').then_some(())?;
        let v = space(b, j + 1);
        if name == key {
            return Some(v);
        }
        j = space(b, skip(b, v)?);
        if *b.get(j)? == b',' {
            j = space(b, j + 1);
        }
    }
    None
}

/// Parses and checks a content file natively. The error says what is
/// wrong, for the notice (which also names the file).
#[cfg(not(target_arch = "wasm32"))]
pub fn parse(json: &str) -> Result<Content, String> {
    read(json, |j| serde_json::from_str(j).map_err(|e| e.to_string())).map_err(|r| r.detail)
}

/// What a JSON parser would let through silently: a file that is not one
/// object (a list would fill the fields in order), a key written twice in
/// one object (the last would win), nesting deeper than [`bounds::DEPTH`].
/// Strings are skipped with their escapes; anything else is the parser's
/// to judge.
pub fn shape(text: &str) -> Result<(), String> {
    let b = text.as_bytes();
    if b.iter().find(|c| !c.is_ascii_whitespace()) != Some(&b'{') {
        return Err("the file must be one object, { … }, not a list or a value".into());
    }
    // Each open object's keys so far (a list has none), and whether the
    // next string in it is a key.
    let mut open: Vec<(Vec<&str>, bool, bool)> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            c @ (b'{' | b'[') => {
                if open.len() == bounds::DEPTH {
                    return Err(format!("it nests deeper than {} levels", bounds::DEPTH));
                }
                open.push((Vec::new(), c == b'{', c == b'{'));
            }
            b'}' | b']' => {
                open.pop();
            }
            b',' => {
                if let Some((_, object, next_is_key)) = open.last_mut() {
                    *next_is_key = *object;
                }
            }
            b'"' => {
                let start = i + 1;
                i = start;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                if let Some((keys, _, next_is_key @ true)) = open.last_mut() {
                    // Both ends are at a quote or the end: character boundaries.
                    let key = text.get(start..i.min(b.len())).unwrap_or_default();
                    if keys.contains(&key) {
                        return Err(format!("the key “{key}” is written twice in one object"));
                    }
                    keys.push(key);
                    *next_is_key = false;
                }
            }
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// Whether the file's counts and texts are within [`bounds`]; else what
/// is past which bound.
fn counted(file: &File) -> Result<(), String> {
    let questions = file.quiz.as_deref().unwrap_or_default();
    let steps = file.tour.as_deref().unwrap_or_default();
    for (n, most, what) in [
        (questions.len(), bounds::QUESTIONS, "quiz questions"),
        (steps.len(), bounds::STEPS, "lesson steps"),
    ] {
        if n > most {
            return Err(format!("{n} {what}, and at most {most} are read"));
        }
    }
    let mut texts: Vec<&str> = file.text.values().map(String::as_str).collect();
    for q in questions {
        texts.push(&q.prompt);
        for o in &q.options {
            texts.push(&o.text);
            texts.push(&o.why);
        }
        if let Some(s) = &q.show {
            texts.push(&s.label);
            texts.push(&s.query);
        }
    }
    for s in steps {
        texts.extend(s.values().map(String::as_str));
    }
    let long = texts
        .iter()
        .filter(|s| s.chars().count() > bounds::TEXT)
        .count();
    if long > 0 {
        return Err(format!(
            "{long} of its texts are longer than {} characters",
            bounds::TEXT
        ));
    }
    Ok(())
}

/// Checks a content file as read: every key known, every replacement with
/// the same placeholders as the English, every quiz question with exactly
/// one right answer. A bad lesson step does not refuse the file: it is
/// left out, with a notice.
pub fn check(file: File) -> Result<Content, String> {
    let mut replaced = Vec::with_capacity(file.text.len());
    for (key, value) in file.text {
        // The replay's sentences before the narration (`say.*`, all but
        // `say.command`) are retired: a file that still has them loads.
        if key.starts_with("say.") && Text::from_key(&key).is_none() {
            continue;
        }
        let at = || {
            let mut at = String::from("text");
            push_key(&mut at, &key);
            at
        };
        let t = Text::from_key(&key)
            .ok_or_else(|| format!("{}: a sentence the widget does not have", at()))?;
        let mut want = placeholders(t.english());
        let mut got = placeholders(&value);
        crate::sim::sort::sort(&mut want);
        crate::sim::sort::sort(&mut got);
        want.dedup();
        got.dedup();
        if want != got {
            let list = |p: &[&str]| {
                if p.is_empty() {
                    "none".to_string()
                } else {
                    p.iter()
                        .map(|n| format!("{{{n}}}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            };
            return Err(format!(
                "{}: it must use the placeholders {} (it has {})",
                at(),
                list(&want),
                list(&got)
            ));
        }
        replaced.push((t, value));
    }
    if let Some(q) = &file.quiz {
        quiz::check(q)?;
    }
    let texts = Texts::with(replaced);
    let (steps, notices) = super::tour::read(file.tour.as_deref().unwrap_or_default(), &texts);
    Ok(Content {
        tour: (!steps.is_empty()).then_some(steps),
        notices,
        texts,
        quiz: file.quiz,
        lang: file.lang.filter(|l| !l.trim().is_empty()),
        id: file.id.filter(|i| !i.trim().is_empty()),
    })
}
