//! The reference tables of docs/EMBEDDING.md and docs/CONTENT.md, written
//! from the code's own lists and descriptions: the parameters (`NAMES`,
//! `KNOBS`, the parser's choices, `page::ABOUT`), what a change to each
//! does, the presets, the sections `hide` takes, the messages and the
//! element's methods; the content file's fields, the quiz's and the
//! lesson's, and the lesson's goals. Each table sits between
//! `<!-- generated: NAME -->` and `<!-- end generated: NAME -->`; the tests
//! write every block again and fail, with the lines that differ, when the
//! file does not hold it. `RLL_WRITE_DOCS=1 cargo test --test it reference`
//! writes them. The examples of docs/CONTENT.md that are JSON are read
//! here too, as a course author's file would be.

use ratelimit_lab::sim::params::{self, Notice};
use ratelimit_lab::sim::{Knob, Preset, Scenario, Unit, KNOBS};
use ratelimit_lab::vm::content::{self, File};
use ratelimit_lab::vm::events::{API, COMMON, LTI_RESIZE, MESSAGES, SOURCE};
use ratelimit_lab::vm::page::{self, Section, Theme, ABOUT, FLAGS, IN_ADDRESS, NAMES, ON_CHANGE};
use ratelimit_lab::vm::{lms, quiz, tour};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const WRITE: &str = "RLL_WRITE_DOCS";

/// `doc` with the block `name` holding `body`.
fn put(doc: &str, name: &str, body: &str) -> String {
    let begin = format!("<!-- generated: {name} -->\n");
    let end = format!("<!-- end generated: {name} -->");
    let at = doc
        .find(&begin)
        .unwrap_or_else(|| panic!("no `{begin}` in the file"))
        + begin.len();
    let to = at
        + doc[at..]
            .find(&end)
            .unwrap_or_else(|| panic!("no `{end}` after its beginning"));
    format!("{}{body}{}", &doc[..at], &doc[to..])
}

/// Writes every block of `file` from the code, and fails with the lines
/// that differ unless the file holds them already (or `RLL_WRITE_DOCS` is
/// set, which writes the file).
fn sync(file: &str, blocks: &[(&str, String)]) {
    let path = format!("{ROOT}/{file}");
    let doc = std::fs::read_to_string(&path).unwrap();
    let mut want = doc.clone();
    for (name, body) in blocks {
        want = put(&want, name, body);
    }
    if want == doc {
        return;
    }
    if std::env::var_os(WRITE).is_some() {
        std::fs::write(&path, want).unwrap();
        return;
    }
    let (had, has): (Vec<&str>, Vec<&str>) = (doc.lines().collect(), want.lines().collect());
    let mut diff = String::new();
    for l in had.iter().filter(|l| !has.contains(l)) {
        diff.push_str(&format!("- {l}\n"));
    }
    for l in has.iter().filter(|l| !had.contains(l)) {
        diff.push_str(&format!("+ {l}\n"));
    }
    panic!("{file} differs from the code (- the file, + the code):\n{diff}\nrun {WRITE}=1 cargo test --test it reference");
}

/// A whole number as the guide writes it: 50,000, but 3600.
fn number(n: u64) -> String {
    let s = n.to_string();
    if n < 10_000 {
        return s;
    }
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A knob's value with its unit: "4", "2 ms", "1 s".
fn shown(knob: &Knob, v: u32) -> String {
    let n = match knob.unit {
        Unit::TenthMs => params::write_value(knob, v),
        _ => number(u64::from(v)),
    };
    match knob.unit {
        Unit::Ms | Unit::TenthMs => format!("{n} ms"),
        Unit::Seconds => format!("{n} s"),
        Unit::Count | Unit::PerSecond => n,
    }
}

/// A knob's range: "1 to 16", "0 to 20 ms, in steps of 0.1".
fn range(knob: &Knob) -> String {
    let (min, max) = (shown(knob, knob.min), shown(knob, knob.max));
    // One unit, after the largest.
    let min = min.split(' ').next().unwrap().to_string();
    let step =
        (knob.step != 1).then(|| format!(", in steps of {}", params::write_value(knob, knob.step)));
    format!("{min} to {max}{}", step.unwrap_or_default())
}

/// A list in backticks, each with its note from `about`, if it has one.
fn choices(options: &[&str], about: Option<&page::About>) -> String {
    let notes = about.map_or(&[][..], |a| a.notes);
    for (value, _) in notes {
        assert!(
            options.contains(value),
            "a note for `{value}`, which is not one of {options:?}"
        );
    }
    let shown: Vec<String> = options
        .iter()
        .map(|o| match notes.iter().find(|(v, _)| v == o) {
            Some((_, note)) => format!("`{o}` ({note})"),
            None => format!("`{o}`"),
        })
        .collect();
    shown.join(", ")
}

/// What the code says of `name`: the values it takes and its default.
fn from_code(name: &str, about: Option<&page::About>) -> (Option<String>, Option<String>) {
    if let Some(knob) = Knob::named(name) {
        let default = (knob.get)(&Scenario::default()).map(|v| shown(knob, v));
        return (Some(range(knob)), default);
    }
    // The parser's own list: what it says of a value it cannot read.
    match params::parse([(name, "\u{1}")]).notices.first() {
        Some(Notice::UnknownChoice { options, kept, .. }) => {
            let kept = (!kept.is_empty()).then(|| format!("`{kept}`"));
            return (Some(choices(options, about)), kept);
        }
        Some(Notice::BadSeed { kept, .. }) => return (None, Some(kept.to_string())),
        Some(other) => panic!("`{name}`: {other:?}"),
        None => {}
    }
    if FLAGS.contains(&name) {
        return (Some("on or off".into()), Some("off".into()));
    }
    match name {
        "theme" => {
            let all: Vec<&str> = Theme::ALL.iter().map(|t| t.as_str()).collect();
            let default = format!("`{}`", Theme::default().as_str());
            (Some(choices(&all, about)), Some(default))
        }
        "mastery" => (None, Some(lms::DEFAULT_MASTERY.to_string())),
        _ => (None, None),
    }
}

/// docs/EMBEDDING.md's "Starting state" table, and the flags' rule; and
/// the names the code reads that page::ABOUT does not describe.
fn parameters() -> (String, Vec<&'static str>) {
    let mut out =
        String::from("| name | what it sets | values | default |\n| --- | --- | --- | --- |\n");
    for a in ABOUT {
        assert!(
            NAMES.contains(&a.name),
            "page::ABOUT describes `{}`, which the widget does not read",
            a.name
        );
    }
    let mut undescribed = Vec::new();
    for name in NAMES {
        let about = ABOUT.iter().find(|a| a.name == name);
        if about.is_none() {
            undescribed.push(name);
        }
        let (values, default) = from_code(name, about);
        let (what, own_values, own_default) =
            about.map_or(("", "", ""), |a| (a.what, a.values, a.default));
        let values = match values {
            Some(v) => {
                assert!(
                    own_values.is_empty(),
                    "`{name}`: the code lists its values; page::ABOUT need not"
                );
                v
            }
            None => own_values.to_string(),
        };
        let default = match (default, own_default) {
            (Some(d), "") => d,
            (Some(d), words) => format!("{d} ({words})"),
            (None, words) => words.to_string(),
        };
        out.push_str(&format!("| `{name}` | {what} | {values} | {default} |\n"));
    }
    let flags: Vec<String> = FLAGS.iter().map(|f| format!("`{f}`")).collect();
    let [init @ .., last] = &flags[..] else {
        unreachable!()
    };
    out.push_str(&format!(
        "\n{} and {last} are on with `1`, `true` or `yes` and off\nwith `0`, `false` or `no` (in any case); a bare name (`?{bare}`, or\n`data-{bare}` with no value) is on.\n",
        init.join(", "),
        bare = FLAGS[FLAGS.len() - 1],
    ));
    (out, undescribed)
}

/// docs/EMBEDDING.md's table of what a change to each name does on a live
/// element, and what the page's own address does with it.
fn changes() -> String {
    let mut out = String::from(
        "| names | changed on a live element | in the page's own address |\n| --- | --- | --- |\n",
    );
    let mut groups: Vec<((bool, bool), Vec<&str>)> = Vec::new();
    for name in NAMES {
        let key = (page::live(name), page::rewritten(name));
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, names)) => names.push(name),
            None => groups.push((key, vec![name])),
        }
    }
    // What applies at once first, then what is written in the address.
    groups.sort_by_key(|((live, rewritten), _)| (!live, !rewritten));
    for ((live, rewritten), names) in groups {
        let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
        out.push_str(&format!(
            "| {} | {} | {} |\n",
            names.join(", "),
            ON_CHANGE[usize::from(!live)],
            IN_ADDRESS[usize::from(!rewritten)]
        ));
    }
    out
}

/// docs/EMBEDDING.md's presets: what each sets, found by applying it to
/// two scenarios that differ in every setting and keeping what comes out
/// the same.
fn presets() -> String {
    let a = Scenario::default();
    // Every knob at its largest, every choice at a value not its default.
    let mut pairs: Vec<(String, String)> = KNOBS
        .iter()
        .map(|k| (k.name.to_string(), params::write_value(k, k.max)))
        .collect();
    for name in params::CHOICES {
        if let Some(Notice::UnknownChoice { options, kept, .. }) =
            params::parse([(name, "\u{1}")]).notices.first()
        {
            let other = options.iter().find(|o| o != &kept).unwrap();
            pairs.push((name.to_string(), other.to_string()));
        }
    }
    pairs.push(("seed".into(), (a.seed + 1).to_string()));
    let b = params::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))).scenario;
    for (x, y) in params::to_pairs(&a).iter().zip(params::to_pairs(&b).iter()) {
        assert_ne!(x, y, "the two scenarios must differ in every setting");
    }
    let mut out = String::from("| preset | sets |\n| --- | --- |\n");
    for p in Preset::ALL {
        let (x, y) = (params::to_pairs(&p.apply(a)), params::to_pairs(&p.apply(b)));
        let set: Vec<String> = x
            .iter()
            .filter(|pair| y.contains(pair))
            .map(|(name, v)| match Knob::named(name) {
                Some(knob) => {
                    let model = params::read_value(knob, v).unwrap() as u32;
                    format!("`{name}` {}", shown(knob, model))
                }
                None => format!("`{name}` `{v}`"),
            })
            .collect();
        out.push_str(&format!("| `{}` | {} |\n", p.as_str(), set.join(", ")));
    }
    out
}

/// docs/EMBEDDING.md's sections `hide` takes.
fn sections() -> String {
    let mut out = String::from("| name | leaves out |\n| --- | --- |\n");
    for s in Section::ALL {
        out.push_str(&format!("| `{}` | {} |\n", s.as_str(), s.leaves_out()));
    }
    out
}

/// docs/EMBEDDING.md's messages.
fn messages() -> String {
    let mut out = String::from("| message | when |\n| --- | --- |\n");
    for m in MESSAGES {
        let fields: String = m.fields.iter().map(|f| format!(", {f}")).collect();
        out.push_str(&format!(
            "| `{{ source: \"{SOURCE}\", type: \"{}\"{fields} }}` | {} |\n",
            m.kind, m.when
        ));
        if m.kind == "resize" {
            let (subject, when) = LTI_RESIZE;
            out.push_str(&format!(
                "| `{{ subject: \"{subject}\", height }}` | {when} |\n"
            ));
        }
    }
    let [quiz, version] = COMMON;
    out.push_str(&format!(
        "\nEvery message with `source: \"{SOURCE}\"` also carries `{quiz}`, the\nquiz it is about (the content file's `id`, or `\"builtin\"`), and\n`{version}`, the widget's version: a host can check it is grading the quiz\nit meant to.\n"
    ));
    out
}

/// docs/EMBEDDING.md's methods of an element.
fn api() -> String {
    let mut out = String::from("| method | what it does |\n| --- | --- |\n");
    for (method, what) in API {
        out.push_str(&format!("| `{method}` | {what} |\n"));
    }
    out
}

/// The methods the loader gives an element: the keys of its `api` object.
fn loader_methods() -> Vec<String> {
    let loader = include_str!("../../public/ratelimit-lab.js");
    let at = loader
        .find("\nconst api = {\n")
        .expect("the loader's api object");
    let body = &loader[at..][..loader[at..].find("\n};").unwrap()];
    body.lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_once('(').map(|(name, _)| name.to_string()))
        .collect()
}

#[test]
fn the_embedding_guides_references_are_the_codes() {
    let (parameters, undescribed) = parameters();
    sync(
        "docs/EMBEDDING.md",
        &[
            ("messages", messages()),
            ("api", api()),
            ("parameters", parameters),
            ("changes", changes()),
            ("presets", presets()),
            ("sections", sections()),
        ],
    );
    assert!(
        undescribed.is_empty(),
        "say what {undescribed:?} set in page::ABOUT (src/vm/page.rs): the guide's table has a row for each without it"
    );
}

#[test]
fn the_guides_methods_are_the_loaders() {
    let listed: Vec<String> = API
        .iter()
        .map(|(m, _)| m.split('(').next().unwrap().to_string())
        .collect();
    assert_eq!(listed, loader_methods());
}

#[test]
fn every_message_the_view_writes_is_in_the_table() {
    // The view writes each message's fields under the table's names
    // (src/ui/embed.rs, `events::fields`); its kinds are the table's.
    let view = include_str!("../../src/ui/embed.rs");
    let start = view.find("fn to_js").unwrap();
    let to_js = &view[start..][..view[start..].find("let names").unwrap()];
    let kinds: Vec<&str> = to_js.split('"').skip(1).step_by(2).collect();
    let table: Vec<&str> = MESSAGES.iter().map(|m| m.kind).collect();
    let (mut a, mut b) = (kinds.clone(), table.clone());
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "the kinds src/ui/embed.rs writes, and the table's");
}

/// The fields serde reads for `T`, in their order: the ones its refusal
/// of an unknown field names.
fn serde_fields<T: serde::de::DeserializeOwned>() -> Vec<String> {
    let e = serde_json::from_str::<T>(r#"{"\u0001": 0}"#)
        .err()
        .expect("an unknown field is refused")
        .to_string();
    let list = e
        .split_once("expected ")
        .map(|(_, l)| l.split(" at line").next().unwrap())
        .unwrap_or_else(|| panic!("{e}"));
    list.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// docs/CONTENT.md's fields of the file.
fn file_fields() -> String {
    let names: Vec<&str> = content::FIELDS.iter().map(|f| f.0).collect();
    assert_eq!(
        names,
        serde_fields::<File>(),
        "content::FIELDS and the fields serde reads"
    );
    let mut out =
        String::from("| field | what it is | if you leave it out |\n| --- | --- | --- |\n");
    for (name, what, absent) in content::FIELDS {
        out.push_str(&format!("| `{name}` | {what} | {absent} |\n"));
    }
    out
}

/// docs/CONTENT.md's fields of a question, its options and its link.
fn quiz_fields() -> String {
    let names: Vec<String> = quiz::FIELDS.iter().map(|f| f.0.to_string()).collect();
    let mut read = serde_fields::<quiz::Question>();
    for (field, inner) in [
        ("options", serde_fields::<quiz::Choice>()),
        ("show", serde_fields::<quiz::ShowMe>()),
    ] {
        let at = read.iter().position(|f| f == field).unwrap() + 1;
        let prefix = if field == "options" {
            "options[]"
        } else {
            field
        };
        read.splice(at..at, inner.iter().map(|f| format!("{prefix}.{f}")));
    }
    assert_eq!(names, read, "quiz::FIELDS and the fields serde reads");
    let mut out = String::from("| field | what it is |\n| --- | --- |\n");
    for (name, what) in quiz::FIELDS {
        out.push_str(&format!("| `{name}` | {what} |\n"));
    }
    out
}

/// docs/CONTENT.md's fields of a lesson step, and its goals.
fn tour_fields() -> String {
    let mut out = String::from("| field | what it is |\n| --- | --- |\n");
    for (i, (name, what)) in tour::FIELDS.iter().zip(tour::FIELD_ABOUT).enumerate() {
        let what = if i < tour::REQUIRED {
            format!("{what} (required)")
        } else {
            format!("optional: {what}")
        };
        out.push_str(&format!("| `{name}` | {what} |\n"));
    }
    out
}

/// docs/CONTENT.md's goals, each example read by the parser.
fn goals() -> String {
    let mut out = String::from("| goal | met when | for example |\n| --- | --- | --- |\n");
    for (goal, met, example) in tour::GOALS {
        assert!(
            tour::Goal::parse(example).is_some(),
            "the goal `{example}` is not read"
        );
        // A kind's example starts with it; a way of joining goals (`GOAL
        // and GOAL`) has its word in its example.
        match goal.split(' ').collect::<Vec<_>>()[..] {
            ["GOAL", join, "GOAL"] => assert!(example.split(' ').any(|w| w == join), "{example}"),
            ref words => assert_eq!(example.split(' ').next(), Some(words[0]), "{example}"),
        }
        out.push_str(&format!("| `{goal}` | {met} | `{example}` |\n"));
    }
    out
}

#[test]
fn the_content_guides_references_are_the_codes() {
    sync(
        "docs/CONTENT.md",
        &[
            ("fields", file_fields()),
            ("quiz", quiz_fields()),
            ("tour", tour_fields()),
            ("goals", goals()),
        ],
    );
}

/// The JSON block that follows `heading` in docs/CONTENT.md.
fn example(heading: &str) -> String {
    let guide = std::fs::read_to_string(format!("{ROOT}/docs/CONTENT.md")).unwrap();
    let at = guide.find(heading).unwrap_or_else(|| panic!("{heading}"));
    let from = at + guide[at..].find("```json\n").unwrap() + "```json\n".len();
    guide[from..][..guide[from..].find("```").unwrap()].to_string()
}

/// Reads a content file as the widget does (serde natively).
fn read(json: &str) -> content::Content {
    let native = |j: &str| serde_json::from_str(j).map_err(|e| e.to_string());
    content::read(json, native).unwrap_or_else(|r| panic!("{r:?}"))
}

#[test]
fn the_content_guides_full_example_is_read_as_it_says() {
    let c = read(&example("## A full example"));
    // "rewords four sentences and asks two questions of its own".
    assert_eq!(c.lang.as_deref(), Some("en-GB"));
    assert_eq!(c.quiz.as_ref().map(Vec::len), Some(2));
    quiz::check(c.quiz.as_ref().unwrap()).unwrap();
    let json: serde_json::Value = serde_json::from_str(&example("## A full example")).unwrap();
    assert_eq!(json["text"].as_object().unwrap().len(), 4);
    assert!(c.notices.is_empty(), "{:?}", c.notices);
}

#[test]
fn the_content_guides_lesson_example_is_one_good_step() {
    let c = read(&example("## The lesson"));
    assert_eq!(c.tour.as_ref().map(Vec::len), Some(1));
    assert!(c.notices.is_empty(), "{:?}", c.notices);
}

#[test]
fn the_content_guides_outline_names_every_field() {
    // "What is in the file" outlines a file (with `…` for the lists, so it
    // is not read): one line per field, in serde's order.
    let outline = example("## What is in the file");
    let keys: Vec<String> = outline
        .lines()
        .filter_map(|l| l.strip_prefix("  \""))
        .filter_map(|l| l.split_once('"').map(|(k, _)| k.to_string()))
        .collect();
    assert_eq!(keys, serde_fields::<File>());
}
