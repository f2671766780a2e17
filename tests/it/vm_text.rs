//! Every sentence in one place (`vm::text`): keys unique and named as
//! content files write them, every English sentence present, placeholders
//! filled by name, counts singular or plural; and the small helpers that
//! write numbers (`vm::format`) and markup (`vm::html`).

use std::collections::BTreeSet;

use ratelimit_lab::vm::format;
use ratelimit_lab::vm::html::{esc, stat};
use ratelimit_lab::vm::text::{fill, placeholders, Text, Texts, ALL, ENGLISH, KEYS};

#[test]
fn every_key_is_unique_and_every_sentence_present() {
    assert_eq!(KEYS.len(), ENGLISH.len());
    assert_eq!(KEYS.len(), ALL.len());
    let unique: BTreeSet<&str> = KEYS.iter().copied().collect();
    assert_eq!(unique.len(), KEYS.len(), "a key is used twice");
    for (i, t) in ALL.iter().enumerate() {
        assert_eq!(*t as usize, i);
        assert_eq!(Text::from_key(t.key()), Some(*t));
        assert!(!ENGLISH[i].trim().is_empty(), "{} is empty", KEYS[i]);
    }
    assert_eq!(Text::from_key("no.such.key"), None);
    // Keys are lower-case words joined by dots and underscores.
    for k in KEYS {
        assert!(
            k.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '_'),
            "{k}"
        );
    }
}

#[test]
fn the_widget_reads_the_same_english_and_keys_as_the_tables() {
    // The widget reads one string of English with its ends, and one of key
    // names, not the tables: each sentence and key must come out whole.
    let english = Texts::english();
    for (i, t) in ALL.iter().enumerate() {
        assert_eq!(t.english(), ENGLISH[i], "{}", KEYS[i]);
        assert_eq!(english.get(*t), ENGLISH[i], "{}", KEYS[i]);
    }
    for name in ["", "title\nlede", "titl", "title."] {
        assert_eq!(Text::from_key(name), None, "{name:?}");
    }
}

#[test]
fn every_brace_in_the_english_is_a_placeholder() {
    // A stray brace would make `placeholders` and a translator disagree.
    for (k, s) in KEYS.iter().zip(ENGLISH) {
        let opens = s.matches('{').count();
        assert_eq!(opens, s.matches('}').count(), "{k}");
        assert_eq!(placeholders(s).len(), opens, "{k}: {s}");
    }
}

#[test]
fn placeholders_are_listed_in_order() {
    assert_eq!(
        placeholders("t = {t} ms: {a} allowed, {r} refused"),
        ["t", "a", "r"]
    );
    assert_eq!(placeholders("{n} and {n}"), ["n", "n"]);
    assert_eq!(placeholders("no placeholder"), Vec::<&str>::new());
    // Not a name: skipped.
    assert_eq!(placeholders("{not one} {x-y} {ok_1} { }"), ["ok_1"]);
    assert_eq!(placeholders("{unclosed"), Vec::<&str>::new());
    assert_eq!(placeholders("{{n}}"), ["n"]);
}

#[test]
fn fill_replaces_named_placeholders() {
    assert_eq!(fill("{a} of {b}", &[("a", "3"), ("b", "40")]), "3 of 40");
    assert_eq!(fill("{a} of {b}", &[("b", "40"), ("a", "3")]), "3 of 40");
    assert_eq!(fill("{n}, {n}", &[("n", "7")]), "7, 7");
    // Unknown or missing names stay as written.
    assert_eq!(fill("{a} and {z}", &[("a", "1")]), "1 and {z}");
    assert_eq!(fill("{unclosed", &[("unclosed", "x")]), "{unclosed");
    // A value is not filled again.
    assert_eq!(fill("{a}{b}", &[("a", "{b}"), ("b", "2")]), "{b}2");
    assert_eq!(fill("", &[]), "");
    assert_eq!(fill("{}", &[("", "empty")]), "empty");
}

#[test]
fn a_count_is_singular_for_one_only() {
    let t = Texts::english();
    assert_eq!(
        t.count(0, Text::RequestOne, Text::RequestMany),
        "0 requests"
    );
    assert_eq!(t.count(1, Text::RequestOne, Text::RequestMany), "1 request");
    assert_eq!(
        t.count(2, Text::RequestOne, Text::RequestMany),
        "2 requests"
    );
    assert_eq!(
        t.count(11, Text::RequestOne, Text::RequestMany),
        "11 requests"
    );
    assert_eq!(t.count(1, Text::ServersOne, Text::ServersMany), "1 server");
    assert_eq!(
        t.count(16, Text::ServersOne, Text::ServersMany),
        "16 servers"
    );
}

#[test]
fn replacements_win_and_the_last_one_given_wins() {
    let t = Texts::with(vec![
        (Text::Title, "Labo".into()),
        (Text::Play, "Lire".into()),
        (Text::Title, "Le labo".into()),
    ]);
    assert_eq!(t.get(Text::Title), "Le labo");
    assert_eq!(t.get(Text::Play), "Lire");
    assert_eq!(t.get(Text::Pause), "Pause");
    assert_eq!(Texts::english().get(Text::Title), "Rate Limit Lab");
    assert_eq!(Texts::english(), Texts::default());
}

#[test]
fn numbers_are_written_without_floats() {
    for (h, s) in [
        (0, "0"),
        (5, "0.05"),
        (50, "0.5"),
        (175, "1.75"),
        (200, "2"),
        (1010, "10.1"),
        (12345, "123.45"),
    ] {
        assert_eq!(format::hundredths(h), s, "{h}");
    }
    for (us, s) in [
        (0, "0"),
        (4, "0"),
        (5, "0.01"),
        (850, "0.85"),
        (2000, "2"),
        (2500, "2.5"),
        (1_274, "1.27"),
        (1_275, "1.28"),
        (101_270, "101.27"),
    ] {
        assert_eq!(format::ms(us), s, "{us}");
    }
    // The replay's moment: to the hundredth, as the scrubber writes it.
    for (us, s) in [
        (0, "0"),
        (4, "0"),
        (5, "0.01"),
        (3249, "3.25"),
        (11_500, "11.5"),
        (39_450, "39.45"),
        (40_000, "40"),
    ] {
        assert_eq!(format::moment(us), s, "{us}");
    }
    for (us, s) in [
        (0, "0"),
        (40_000, "40"),
        (3249, "3.249"),
        (2500, "2.5"),
        (1, "0.001"),
        (10_010, "10.01"),
    ] {
        assert_eq!(format::ms_exact(us), s, "{us}");
    }
    for ((n, d), s) in [
        ((70, 40), "1.75"),
        ((41, 40), "1.03"),
        ((0, 40), "0"),
        ((64, 40), "1.6"),
        ((5, 0), "5"),
    ] {
        assert_eq!(format::ratio(n, d), s, "{n}/{d}");
    }
    for (n, s) in [
        (0, "0"),
        (999, "999"),
        (1000, "1,000"),
        (50_000, "50,000"),
        (1_000_000, "1,000,000"),
        (123_456_789, "123,456,789"),
    ] {
        assert_eq!(format::grouped(n), s, "{n}");
    }
    for ((p, w), s) in [
        ((1, 3), "33.3%"),
        ((0, 5), "0.0%"),
        ((5, 5), "100.0%"),
        ((1, 0), "100.0%"),
    ] {
        assert_eq!(format::percent(p, w), s, "{p}/{w}");
    }
}

#[test]
fn markup_text_is_escaped() {
    assert_eq!(
        esc(r#"<a href="x">&</a>"#),
        "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"
    );
    assert_eq!(esc("plain ÷ × ✓"), "plain ÷ × ✓");
    assert_eq!(esc("&amp;"), "&amp;amp;");
    let mut out = ratelimit_lab::vm::html::Html::new();
    stat(&mut out, "<Label>", "over", "1\"2", "<3>", "a & b");
    assert_eq!(
        out,
        r#"<div class="rll-stat"><dt>&lt;Label&gt;</dt><dd><span class="rll-stat__num" data-testid="over" data-value="1&quot;2">&lt;3&gt;</span> <span class="rll-stat__of">a &amp; b</span></dd></div>"#
    );
}

#[test]
fn numbers_follow_the_texts_separators_where_shown_but_never_in_values() {
    use ratelimit_lab::sim::RTT;
    use ratelimit_lab::vm::{controls, log, reads, totals};

    use crate::vm_support::{end, report, scenario, value};

    let t = Texts::with(vec![
        (Text::Thousands, "\u{202f}".into()),
        (Text::Decimal, ",".into()),
    ]);
    assert_eq!(t.num("50,000.25"), "50\u{202f}000,25");
    assert_eq!(Texts::english().num("50,000.25"), "50,000.25");
    // A slider: its input's value is the URL's "2.5", its words "2,5 ms".
    let v = controls::slider(&RTT, &scenario("strategy=getset&rtt=2.5"), &t);
    assert_eq!((v.value.as_str(), v.shown.as_str()), ("2.5", "2,5 ms"));
    assert_eq!(
        controls::traffic(&scenario(""), &t),
        "50\u{202f}000 requests a second"
    );
    // The totals: shown in the text's style, `data-value` as written.
    let r = report("strategy=incr&rtt=2.5");
    let cost = totals::cost_html(&r, &end(&r), &t);
    assert_eq!(value(&cost, "latency-median"), "2.5");
    assert_eq!(value(&cost, "redis-calls-per-request"), "1.03");
    assert_eq!(value(&cost, "redis-ops-per-second"), "51250");
    assert!(
        cost.contains(">2,5 ms<") && cost.contains(">1,03<") && cost.contains(">51\u{202f}250<"),
        "{cost}"
    );
    assert_eq!(
        totals::so_far(&r, &r.at(10_900), &t).text,
        "t = 10,9 ms: 9 allowed, 0 refused"
    );
    // The log's times.
    let r = report("strategy=getset");
    let lines = log::lines(&r, &reads::shared_reads(&r), u64::MAX, 2, &t);
    assert_eq!(
        (lines[0].at.as_str(), lines[1].at.as_str()),
        ("1,27–1,28 ms", "3,27 ms")
    );
    // A notice.
    let p = ratelimit_lab::vm::page::parse(&[("rtt", "2.37"), ("window", "7200")], &t);
    assert_eq!(
        p.notices,
        [
            "rtt=2.37 was rounded to 2,4 ms.",
            "window=7200 is above the most allowed, so it is set to 3600 s."
        ]
    );
}

/// `public/later.json`: the English of the keys marked `later`, which the
/// browser's build leaves out of the wasm and fetches when the part that
/// shows them first opens (in the table's order, with the fingerprint of
/// the key names it was written for), and the code view's files; and
/// `public/keys.json`, every key's name in the table's order, which the
/// browser's build fetches only with a content file (the one thing that
/// names keys). `RLL_WRITE_LATER=1 cargo test later_json` writes both
/// again after a sentence or a key changed.
#[test]
fn later_json_holds_the_english_left_out_of_the_wasm() {
    use ratelimit_lab::vm::text::{later_english, LATER, NAMES_PRINT};
    let later = later_english();
    assert!(!later.is_empty());
    assert_eq!(later.len(), LATER.iter().filter(|l| **l).count());
    // In the browser a content file is checked once this file is read, so
    // a replacement's placeholders are checked against this English.
    for (key, english) in &later {
        assert!(!english.trim().is_empty(), "{key}");
    }
    let text: Vec<&str> = later.iter().map(|(_, english)| *english).collect();
    // The code view's files too (the shipped bundle leaves them out).
    let mut files = serde_json::Map::new();
    for f in ratelimit_lab::vm::snippets::ALL {
        files.insert(f.name.to_string(), serde_json::Value::from(f.text()));
    }
    let file = serde_json::json!({ "names": NAMES_PRINT, "text": text, "files": files });
    let keys = serde_json::to_string(KEYS).unwrap() + "\n";
    for (name, want) in [
        ("later.json", serde_json::to_string(&file).unwrap() + "\n"),
        ("keys.json", keys),
    ] {
        let path = format!("{}/public/{name}", env!("CARGO_MANIFEST_DIR"));
        if std::env::var_os("RLL_WRITE_LATER").is_some() {
            std::fs::write(&path, &want).unwrap();
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == want,
            "public/{name} is stale: RLL_WRITE_LATER=1 cargo test later_json"
        );
    }
}

/// What the browser's build checks of the two files: `later.json` is
/// read only for the names it was written for, and `keys.json` only if
/// they are this build's, so a file from another build is refused rather
/// than its sentences falling on other keys.
#[test]
fn later_and_keys_files_are_refused_from_another_build() {
    use ratelimit_lab::vm::text::{later_english, load_keys, load_later, NAMES_PRINT};
    let english: Vec<String> = later_english().iter().map(|(_, e)| e.to_string()).collect();
    assert!(!load_later(NAMES_PRINT ^ 1, english.clone()));
    assert!(!load_later(NAMES_PRINT, english[1..].to_vec()));
    let mut blank = english.clone();
    blank[0] = String::from(" ");
    assert!(!load_later(NAMES_PRINT, blank));
    assert!(load_later(NAMES_PRINT, english));
    let keys: Vec<String> = KEYS.iter().map(|k| k.to_string()).collect();
    let mut swapped = keys.clone();
    swapped.swap(0, 1);
    assert!(!load_keys(swapped));
    assert!(!load_keys(keys[1..].to_vec()));
    assert!(load_keys(keys));
}
