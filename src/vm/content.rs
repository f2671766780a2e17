//! A course author's content file: their own sentences (any of the keys in
//! [`super::text`]) and/or their own quiz, as JSON, parsed with serde. Keys
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
//!               "show": { "label": "…", "query": "strategy=local&servers=16" } } ]
//! }
//! ```
//!
//! `docs/CONTENT.md` documents the format for course authors.

use std::collections::BTreeMap;

use super::quiz::{self, Question};
use super::text::{placeholders, Texts, T};

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

/// Parses and checks a content file natively. The error says what is
/// wrong, for the notice (which also names the file).
#[cfg(not(target_arch = "wasm32"))]
pub fn parse(json: &str) -> Result<Content, String> {
    check(serde_json::from_str(json).map_err(|e| e.to_string())?)
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
        if key.starts_with("say.") && T::from_key(&key).is_none() {
            continue;
        }
        let t = T::from_key(&key).ok_or_else(|| format!("unknown key “{key}”"))?;
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
                "“{key}” must use the placeholders {} (it has {})",
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
