//! A course author's content file (`vm::content`): their own sentences by
//! key, their own quiz, the language; keys left out keep the built-in
//! English; a file with an unknown key, a sentence whose placeholders
//! changed, bad JSON or a quiz question without exactly one right answer
//! is refused as a whole, with a reason that names the problem.

use ratelimit_lab::vm::content::parse;
use ratelimit_lab::vm::text::{placeholders, Text, ALL, ENGLISH, KEYS};

/// A JSON string literal.
fn json(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}

/// A file with only `text` entries.
fn texts(entries: &[(&str, &str)]) -> String {
    let body: Vec<String> = entries
        .iter()
        .map(|(k, v)| format!("{}: {}", json(k), json(v)))
        .collect();
    format!("{{\"text\": {{{}}}}}", body.join(", "))
}

/// A quiz question with options `(text, correct)`.
fn question(options: &[(&str, bool)]) -> String {
    let o: Vec<String> = options
        .iter()
        .map(|(t, c)| {
            format!(
                "{{\"text\": {}, \"correct\": {c}, \"why\": \"because\"}}",
                json(t)
            )
        })
        .collect();
    format!("{{\"prompt\": \"Why?\", \"options\": [{}]}}", o.join(", "))
}

#[test]
fn a_file_replacing_every_sentence_is_taken_whole() {
    // Every key, each sentence marked and its placeholders kept.
    let entries: Vec<(String, String)> = KEYS
        .iter()
        .zip(ENGLISH)
        .map(|(k, en)| (k.to_string(), format!("« {en} »")))
        .collect();
    let refs: Vec<(&str, &str)> = entries
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let c = parse(&texts(&refs)).expect("a valid file");
    for t in ALL {
        assert_eq!(
            c.texts.get(*t),
            format!("« {} »", ENGLISH[*t as usize]),
            "{}",
            t.key()
        );
    }
    assert_eq!((c.quiz, c.lang), (None, None));
}

#[test]
fn keys_left_out_keep_the_english() {
    let c = parse(&texts(&[("title", "Labo des limites de débit")])).unwrap();
    assert_eq!(c.texts.get(Text::Title), "Labo des limites de débit");
    assert_eq!(c.texts.get(Text::Framing), ENGLISH[Text::Framing as usize]);
    assert_eq!(
        c.texts.get(Text::VerdictOver),
        "Limit not enforced: {n} got through beyond the limit."
    );
    // An empty file is the English.
    let c = parse("{}").unwrap();
    for t in ALL {
        assert_eq!(c.texts.get(*t), ENGLISH[*t as usize]);
    }
}

#[test]
fn a_replacement_is_filled_like_the_english() {
    let c = parse(&texts(&[(
        "verdict.over",
        "Limite dépassée : {n} de trop.",
    )]))
    .unwrap();
    assert_eq!(
        c.texts.fill(Text::VerdictOver, &[("n", "14 requêtes")]),
        "Limite dépassée : 14 requêtes de trop."
    );
    // The same placeholders in another order, or twice, are fine.
    let c = parse(&texts(&[(
        "picture.label.at",
        "{a} ok et {r} refusées à t = {t} ms ({a})",
    )]))
    .unwrap();
    assert_eq!(
        c.texts
            .fill(Text::LabelAt, &[("t", "3"), ("a", "2"), ("r", "1")]),
        "2 ok et 1 refusées à t = 3 ms (2)"
    );
}

#[test]
fn an_unknown_key_is_refused_by_name() {
    assert_eq!(
        parse(&texts(&[("titel", "Labo")])).unwrap_err(),
        "text.titel, line 1, column 20: a sentence the widget does not have"
    );
    // One bad key refuses the whole file.
    assert!(parse(&texts(&[("title", "Labo"), ("verdict.overr", "x")])).is_err());
}

/// The replay's sentences before the narration (`say.at` and the rest)
/// are retired: a file written for them still loads; they are ignored.
#[test]
fn a_retired_replay_sentence_is_ignored_not_refused() {
    let c = parse(&texts(&[
        ("title", "Labo"),
        ("say.at", "t = {t} ms : {what}. {so_far}."),
    ]))
    .unwrap();
    assert_eq!(c.texts.get(Text::Title), "Labo");
    assert!(parse(&texts(&[("say.nope", "x"), ("titel", "x")])).is_err());
}

#[test]
fn a_sentence_whose_placeholders_changed_is_refused_naming_them() {
    assert_eq!(
        parse(&texts(&[("verdict.over", "Limite dépassée.")])).unwrap_err(),
        "text[\"verdict.over\"], line 1, column 27: it must use the placeholders {n} (it has none)"
    );
    assert_eq!(
        parse(&texts(&[("verdict.over", "{count} de trop")])).unwrap_err(),
        "text[\"verdict.over\"], line 1, column 27: it must use the placeholders {n} (it has {count})"
    );
    assert_eq!(
        parse(&texts(&[("title", "Labo {n}")])).unwrap_err(),
        "text.title, line 1, column 20: it must use the placeholders none (it has {n})"
    );
    assert_eq!(
        parse(&texts(&[("picture.label.at", "t = {t}: {a}")])).unwrap_err(),
        "text[\"picture.label.at\"], line 1, column 31: it must use the placeholders {a} {r} {t} (it has {a} {t})"
    );
}

#[test]
fn a_file_that_is_not_the_format_is_refused() {
    for bad in [
        "",
        "{",
        "3",
        "null",
        "{\"text\": []}",
        "{\"text\": {\"title\": 3}}",
        "{\"texts\": {}}",
        "{\"quiz\": {}}",
    ] {
        assert!(parse(bad).is_err(), "{bad:?} was accepted");
    }
    // serde's own words, which say where.
    let e = parse("{\"text\": {\"title\": \"a\",}}").unwrap_err();
    assert!(e.contains("line 1"), "{e}");
    let e = parse("{\"colour\": \"red\"}").unwrap_err();
    assert!(e.contains("colour"), "{e}");
}

#[test]
fn a_quiz_replaces_the_built_in_one_when_every_question_has_one_right_answer() {
    let file = format!(
        "{{\"quiz\": [{}, {}]}}",
        question(&[("a", true), ("b", false)]),
        question(&[("c", false), ("d", false), ("e", true)])
    );
    let quiz = parse(&file).unwrap().quiz.expect("a quiz");
    assert_eq!(quiz.len(), 2);
    assert_eq!((quiz[0].right(), quiz[1].right()), (0, 2));
    // `correct` may be left out on wrong options.
    let file = r#"{"quiz": [{"prompt": "?", "options": [{"text": "a", "why": "w"}, {"text": "b", "correct": true, "why": "w"}],
                  "show": {"label": "one server", "query": "servers=1"}}]}"#;
    let quiz = parse(file).unwrap().quiz.unwrap();
    assert_eq!(quiz[0].right(), 1);
    assert_eq!(quiz[0].show.as_ref().unwrap().query, "servers=1");
}

#[test]
fn a_quiz_question_without_exactly_one_right_answer_is_refused() {
    let none = format!(
        "{{\"quiz\": [{}, {}]}}",
        question(&[("a", true), ("b", false)]),
        question(&[("c", false), ("d", false)])
    );
    assert_eq!(
        parse(&none).unwrap_err(),
        "quiz[1].options, line 1, column 175: 0 options are marked correct (exactly one must be)"
    );
    let two = format!("{{\"quiz\": [{}]}}", question(&[("a", true), ("b", true)]));
    assert_eq!(
        parse(&two).unwrap_err(),
        "quiz[0].options, line 1, column 41: 2 options are marked correct (exactly one must be)"
    );
    assert_eq!(
        parse("{\"quiz\": []}").unwrap_err(),
        "quiz, line 1, column 10: no questions"
    );
    // A quiz option with an unknown field.
    let odd = r#"{"quiz": [{"prompt": "?", "options": [{"text": "a", "correct": true, "why": "w", "hint": "h"}]}]}"#;
    assert!(parse(odd).unwrap_err().contains("hint"));
}

#[test]
fn the_language_is_kept_when_given() {
    assert_eq!(
        parse("{\"lang\": \"fr\"}").unwrap().lang.as_deref(),
        Some("fr")
    );
    assert_eq!(
        parse("{\"lang\": \"pt-BR\"}").unwrap().lang.as_deref(),
        Some("pt-BR")
    );
    assert_eq!(parse("{\"lang\": \"  \"}").unwrap().lang, None);
    assert_eq!(parse("{}").unwrap().lang, None);
}

#[test]
fn the_english_placeholders_are_what_the_checks_compare() {
    // The check compares sets: the English of `picture.label.at` names t,
    // a and r.
    assert_eq!(
        placeholders(ENGLISH[Text::LabelAt as usize]),
        ["t", "a", "r"]
    );
}

#[test]
fn every_content_file_shipped_is_valid_and_complete() {
    // public/content/ holds whole translations: each must load, name its
    // language, and replace every sentence (a missing key would show
    // English in the middle of another language).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/content");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("public/content")
        .map(|e| e.unwrap().path())
        .collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    assert!(!files.is_empty());
    for path in files {
        let name = path.display();
        let text = std::fs::read_to_string(&path).unwrap();
        let c = parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(c.lang.is_some(), "{name} names no language");
        let keys: serde_json::Value = serde_json::from_str(&text).unwrap();
        let given = keys["text"].as_object().map_or(0, |o| o.len());
        let missing: Vec<&str> = KEYS
            .iter()
            .copied()
            .filter(|k| keys["text"].get(k).is_none())
            .collect();
        assert!(
            missing.is_empty(),
            "{name} lacks {} of {} keys: {missing:?}",
            missing.len(),
            given + missing.len()
        );
        if let Some(quiz) = &c.quiz {
            assert!(quiz.len() >= 9, "{name}: {} questions", quiz.len());
        }
    }
}

/// docs/CONTENT.md's "Every key" section as the texts table gives it: every
/// key in the table's order under the table's own headings, its English with
/// the placeholders in `code`, its placeholders; the notes column is the
/// guide's own, kept by key. `RLL_WRITE_DOCS=1 cargo test content_guide`
/// writes it; otherwise the test fails when the two differ.
#[test]
fn content_guide_lists_every_key_as_the_texts_table_has_it() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/CONTENT.md");
    let guide = std::fs::read_to_string(path).unwrap();
    let at = guide
        .find("## Every key")
        .expect("the guide has its key table");
    let (head, section) = guide.split_at(at);
    // The guide's notes, by key.
    let mut notes = std::collections::HashMap::new();
    for line in section.lines() {
        if let Some(rest) = line.strip_prefix("| `") {
            let key = rest.split('`').next().unwrap();
            let cells: Vec<&str> = line.split(" | ").collect();
            if let Some(note) = cells.last() {
                let note = note.trim_end_matches(" |").trim_end_matches('|').trim();
                if !note.is_empty() {
                    notes.insert(key.to_string(), note.to_string());
                }
            }
        }
    }
    // The table's headings: each `// Heading.` comment before its first
    // key, the comment's lines joined; a comment `// Heading: more words.`
    // is the heading, then the words after it as a sentence of its own.
    let source = include_str!("../../src/vm/text.rs");
    let mut headings = std::collections::HashMap::new();
    let mut pending: Option<String> = None;
    let mut in_comment = false;
    for line in source.lines().map(str::trim) {
        if let Some(h) = line.strip_prefix("// ") {
            pending = Some(match pending.take().filter(|_| in_comment) {
                Some(p) => format!("{p} {h}"),
                None => h.to_string(),
            });
            in_comment = true;
            continue;
        }
        in_comment = false;
        if let (Some(h), Some(key)) = (&pending, line.split('"').nth(1)) {
            if KEYS.contains(&key) {
                let h = h.trim_end_matches('.');
                let heading = match h.split_once(": ") {
                    Some((head, rest)) => {
                        let mut rest = rest.chars();
                        let first = rest.next().unwrap().to_uppercase();
                        format!("{head}\n\n{first}{}.", rest.as_str())
                    }
                    None => h.to_string(),
                };
                headings.insert(key.to_string(), heading);
                pending = None;
            }
        }
    }
    let mut out = format!(
        "## Every key\n\nThe widget has {} keys, listed here in the order of the\nwidget's own table (`src/vm/text.rs`), under its headings. Placeholders are\nshown in `code`; your sentence must use the same ones.\n",
        KEYS.len()
    );
    for (i, key) in KEYS.iter().enumerate() {
        if let Some(h) = headings.get(*key) {
            out.push_str(&format!(
                "\n### {h}\n\n| key | built-in English | placeholders | note |\n| --- | --- | --- | --- |\n"
            ));
        }
        let english = ENGLISH[i];
        let mut shown = english.replace('|', "\\|");
        let mut names = placeholders(english);
        let mut seen = Vec::new();
        names.retain(|n| {
            let new = !seen.contains(n);
            seen.push(*n);
            new
        });
        for n in &names {
            shown = shown.replace(&format!("{{{n}}}"), &format!("`{{{n}}}`"));
        }
        let list: Vec<String> = names.iter().map(|n| format!("`{{{n}}}`")).collect();
        let note = notes.get(*key).map(String::as_str).unwrap_or("");
        out.push_str(&format!(
            "| `{key}` | {} | {} | {note} |\n",
            shown.trim(),
            list.join(" ")
        ));
    }
    if std::env::var_os("RLL_WRITE_DOCS").is_some() {
        std::fs::write(path, format!("{head}{out}")).unwrap();
        return;
    }
    assert!(
        section == out,
        "docs/CONTENT.md's key table differs from the texts table: run RLL_WRITE_DOCS=1 cargo test content_guide"
    );
}

#[test]
fn a_file_past_a_bound_is_refused_whole_with_one_reason() {
    use ratelimit_lab::vm::content::{bounds, read, Refusal};
    use ratelimit_lab::vm::text::Text;
    let native = |j: &str| serde_json::from_str(j).map_err(|e| e.to_string());
    let refusal = |json: &str| read(json, native).expect_err("refused");
    // Bytes: counted before anything is parsed.
    let big = format!(r#"{{"id": "{}"}}"#, "x".repeat(bounds::BYTES));
    let r = refusal(&big);
    assert_eq!(r.why, Text::ContentTooLarge);
    assert!(r.detail.contains("at most 262144"), "{}", r.detail);
    // Questions: 31 tiny ones.
    let q = r#"{"prompt":"p","options":[{"text":"a","correct":true,"why":"w"},{"text":"b","why":"w"}]}"#;
    let many = format!(
        r#"{{"quiz": [{}]}}"#,
        vec![q; bounds::QUESTIONS + 1].join(",")
    );
    assert!(many.len() < bounds::BYTES);
    let r = refusal(&many);
    assert_eq!(
        (r.why, r.detail.as_str()),
        (
            Text::ContentTooLarge,
            "31 quiz questions, and at most 30 are read"
        )
    );
    let thirty = format!(r#"{{"quiz": [{}]}}"#, vec![q; bounds::QUESTIONS].join(","));
    assert!(read(&thirty, native).is_ok());
    // Steps.
    let steps = format!(
        r#"{{"tour": [{}]}}"#,
        vec!["{}"; bounds::STEPS + 1].join(",")
    );
    assert_eq!(
        refusal(&steps).detail,
        "21 lesson steps, and at most 20 are read"
    );
    // One text too long, wherever it is.
    let long = "y".repeat(bounds::TEXT + 1);
    for json in [
        format!(r#"{{"text": {{"title": "{long}"}}}}"#),
        format!(
            r#"{{"quiz": [{}]}}"#,
            q.replace(r#""why":"w"}]"#, &format!(r#""why":"{long}"}}]"#))
        ),
        format!(r#"{{"tour": [{{"hint": "{long}"}}]}}"#),
    ] {
        let r = refusal(&json);
        assert_eq!(
            r,
            Refusal {
                why: Text::ContentTooLarge,
                detail: "1 of its texts are longer than 2000 characters".into()
            },
            "{json}"
        );
    }
    let ok = format!(r#"{{"text": {{"title": "{}"}}}}"#, "y".repeat(bounds::TEXT));
    assert!(read(&ok, native).is_ok());
}

#[test]
fn a_list_a_key_written_twice_or_deep_nesting_is_refused_not_taken_silently() {
    use ratelimit_lab::vm::content::shape;
    assert!(parse("[]").unwrap_err().contains("must be one object"));
    assert!(parse(r#"  [{"text": {}}]"#)
        .unwrap_err()
        .contains("must be one object"));
    assert!(parse(r#""text""#).is_err());
    assert_eq!(
        parse(r#"{"text": {"title": "A", "title": "B"}}"#).unwrap_err(),
        "the key “title” is written twice in one object"
    );
    assert_eq!(
        parse(r#"{"id": "a", "lang": "fr", "id": "b"}"#).unwrap_err(),
        "the key “id” is written twice in one object"
    );
    // The same key in two objects, or a key's name as a value, is fine;
    // braces and quotes inside strings are text.
    assert_eq!(
        shape(
            r#"{"quiz": [{"prompt": "id"}, {"prompt": "x \" } { \"prompt\": "}], "id": "prompt"}"#
        ),
        Ok(())
    );
    assert!(
        shape(&format!("{{\"a\": {}1{}}}", "[".repeat(8), "]".repeat(8)))
            .unwrap_err()
            .contains("deeper than 8")
    );
    assert_eq!(
        shape(&format!("{{\"a\": {}1{}}}", "[".repeat(6), "]".repeat(6))),
        Ok(())
    );
}

#[test]
fn many_bad_lesson_steps_give_one_notice_that_lists_them() {
    let step =
        r#"{"title":"T","text":"One.","goal":"replay-end","task":"t","hint":"h","done":"d"}"#;
    let bad = r#"{"title":"T"}"#;
    let tour = [step, bad, step, bad, bad, step].join(",");
    let c = parse(&format!(r#"{{"tour": [{tour}]}}"#)).unwrap();
    assert_eq!(c.tour.as_ref().map(Vec::len), Some(3));
    assert_eq!(
        c.notices,
        ["3 lesson steps of the content file are left out (2, 4, 5): in each, a field is missing, unknown or not one the widget can use."]
    );
    let c = parse(&format!(r#"{{"tour": [{step},{bad}]}}"#)).unwrap();
    assert_eq!(c.notices.len(), 1);
    assert!(
        c.notices[0].starts_with("Lesson step 2 of the content file is left out"),
        "{:?}",
        c.notices
    );
    let twenty = vec![bad; 20].join(",");
    let c = parse(&format!(r#"{{"tour": [{twenty}]}}"#)).unwrap();
    assert_eq!(c.notices.len(), 1);
    assert!(
        c.notices[0].contains("(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …)"),
        "{:?}",
        c.notices
    );
}

mod fuzz {
    //! Content files as anything might write them: any JSON value, nested
    //! any way, with markup and odd characters in its strings, and bytes
    //! that are not JSON at all. Reading one never panics, answers quickly,
    //! and whatever it accepts is within the bounds.
    use proptest::prelude::*;
    use ratelimit_lab::vm::content::{bounds, read};
    use serde_json::Value;

    fn text() -> impl Strategy<Value = String> {
        prop_oneof![
            "[a-z .{}<>&\"'\\\\/]{0,40}",
            Just("<img src=x onerror=alert(1)>".to_string()),
            Just("\u{feff}\u{0}\u{202e}é✓".to_string()),
            (0usize..3000).prop_map(|n| "x".repeat(n)),
        ]
    }

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(Value::from),
            text().prop_map(Value::String),
        ];
        leaf.prop_recursive(6, 64, 8, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
                prop::collection::btree_map(
                    prop_oneof![
                        Just("text".to_string()),
                        Just("quiz".to_string()),
                        Just("tour".to_string()),
                        Just("prompt".to_string()),
                        Just("options".to_string()),
                        Just("title".to_string()),
                        "[a-z.]{1,12}"
                    ],
                    inner,
                    0..8
                )
                .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    fn native(j: &str) -> Result<ratelimit_lab::vm::content::File, String> {
        serde_json::from_str(j).map_err(|e| e.to_string())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn any_json_file_is_read_or_refused_quickly(v in value(), wrap in any::<bool>()) {
            let json = if wrap { serde_json::json!({ "text": v }).to_string() } else { v.to_string() };
            let t = std::time::Instant::now();
            if let Ok(c) = read(&json, native) {
                prop_assert!(json.len() <= bounds::BYTES + 3);
                prop_assert!(c.quiz.as_ref().map_or(0, Vec::len) <= bounds::QUESTIONS);
                prop_assert!(c.tour.as_ref().map_or(0, Vec::len) <= bounds::STEPS);
            }
            prop_assert!(t.elapsed() < std::time::Duration::from_secs(2));
        }

        #[test]
        fn any_bytes_are_read_or_refused_quickly(bytes in prop::collection::vec(any::<u8>(), 0..4000)) {
            let text = String::from_utf8_lossy(&bytes);
            let t = std::time::Instant::now();
            let _ = read(&text, native);
            prop_assert!(t.elapsed() < std::time::Duration::from_secs(2));
        }
    }

    #[test]
    fn deep_nesting_and_a_byte_order_mark() {
        let deep = format!(
            "{{\"text\": {}{}}}",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        assert!(read(&deep, native)
            .unwrap_err()
            .detail
            .contains("deeper than"));
        assert!(read("\u{feff}{\"text\": {\"title\": \"Labo\"}}", native).is_ok());
    }
}

/// The file of the issue a course author filed: a wrong kind of value in
/// the second question's third option, on line 14.
const WEEK3: &str = include_str!("../fixtures/week3.json");

#[test]
fn an_error_says_where_it_is_by_path_line_and_column() {
    use ratelimit_lab::vm::content::{locate, place, push_key};
    let said = place(
        WEEK3,
        "quiz[1].options[2].correct: a value of the wrong kind where a boolean was expected",
    );
    assert_eq!(
        said,
        "quiz[1].options[2].correct, line 14, column 20: a value of the wrong kind where a boolean was expected"
    );
    assert_eq!(
        &WEEK3[locate(WEEK3, "quiz[1].prompt").unwrap()..][..18],
        "\"Which is atomic?\""
    );
    assert_eq!(&WEEK3[locate(WEEK3, "id").unwrap()..][..7], "\"week3\"");
    // Not there, or not a path: said as it is.
    assert_eq!(place(WEEK3, "quiz[7].prompt: x"), "quiz[7].prompt: x");
    assert_eq!(place(WEEK3, "it is not JSON"), "it is not JSON");
    let mut p = String::from("text");
    push_key(&mut p, "verdict.over");
    assert_eq!(p, "text[\"verdict.over\"]");
    let mut p = String::new();
    push_key(&mut p, "quiz");
    assert_eq!(p, "quiz");
    // A check's error carries its path too.
    let two = WEEK3.replace("\"correct\": \"no\",", "\"correct\": true,");
    let err = parse(&two).unwrap_err();
    assert!(
        err.starts_with("quiz[1].options, line 9, column 18: 2 options are marked correct"),
        "{err}"
    );
}
