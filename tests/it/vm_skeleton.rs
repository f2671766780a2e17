//! The widget's markup (`vm::skeleton`), written once when it mounts: every
//! hook of the contract with course authors and tests (`data-testid`,
//! docs/EMBEDDING.md "Hooks for tests and tools") and every slot the view
//! fills (`data-slot`, `data-chart`); what each `hide` value, `tabs` and
//! `compact` leave out; ids prefixed by the widget's id and every
//! reference to one resolved; headings that never skip a level; every piece
//! of text escaped.
//!
//! A hook is written `testid:name`, `slot:name` or `chart:name`.
//!
//! The sentence on what happens if Redis is slow or down keeps its
//! contract name `redis-down`; Redis's health choices are `health-up`,
//! `health-slow`, `health-down`, so no hook names two elements (see
//! `every_test_hook_names_one_element_…`).

use std::collections::BTreeMap;

use ratelimit_lab::sim::params;
use ratelimit_lab::vm::page::{self, Page, Section};
use ratelimit_lab::vm::quiz::{builtin, order, Choice, Question, ShowMe};
use ratelimit_lab::vm::skeleton::{skeleton, Part, TAKEAWAYS};
use ratelimit_lab::vm::text::{Texts, ALL, KEYS};

use crate::vm_support::{attrs, english};

fn page(query: &str) -> Page {
    page::parse(&params::pairs(query), &english())
}

/// The markup for `query` on the widget's own page (`url_state`), with the
/// built-in quiz in the order of the default seed.
fn markup(query: &str) -> String {
    let quiz = builtin();
    skeleton(
        &page(query),
        &english(),
        "rll1",
        true,
        &quiz,
        &order(&quiz, 2026),
        Part::All,
    )
    .into_string()
}

/// Every hook in `html`, counted.
fn hooks(html: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for (attr, kind) in [
        ("data-testid", "testid"),
        ("data-slot", "slot"),
        ("data-chart", "chart"),
    ] {
        for v in attrs(html, attr) {
            *out.entry(format!("{kind}:{v}")).or_insert(0) += 1;
        }
    }
    out
}

/// The hooks of `full` that `less` lacks, each as often as it is lacking.
fn missing(full: &BTreeMap<String, usize>, less: &BTreeMap<String, usize>) -> Vec<String> {
    let mut out = Vec::new();
    for (k, n) in full {
        let m = less.get(k).copied().unwrap_or(0);
        assert!(m <= *n, "{k} appeared");
        out.extend(std::iter::repeat_n(k.clone(), n - m));
    }
    out
}

/// `words` as hooks: `testid:a b slot:c` is testid:a, testid:b, slot:c.
fn list(words: &str) -> Vec<String> {
    let mut kind = "testid";
    let mut out = Vec::new();
    for w in words.split_whitespace() {
        let name = match w.split_once(':') {
            Some((k, n)) => {
                kind = k;
                n
            }
            None => w,
        };
        if name.is_empty() {
            continue;
        }
        let (name, times) = name
            .split_once('×')
            .map_or((name, 1), |(n, t)| (n, t.parse().unwrap()));
        out.extend(std::iter::repeat_n(format!("{kind}:{name}"), times));
    }
    out.sort();
    out
}

#[test]
fn with_nothing_hidden_every_hook_of_the_contract_is_there() {
    let html = markup("");
    let h = hooks(&html);
    let n = builtin().len();
    let shows = builtin().iter().filter(|q| q.show.is_some()).count();
    let expected = list(&format!(
        "testid: notice strategy-local strategy-split strategy-sync strategy-edge strategy-getset strategy-incr strategy-lua
         topology windows narration play step-back step time speed predict-start predict-guess predict-go predict-cancel predict-result
         servers burst rtt sync plan move reroll reset
         algo algo-fixed algo-log algo-counter algo-bucket edge
         lb-random lb-round-robin lb-sticky preset-gatepass preset-per-minute preset-booking
         verdict allowed-total limit regular-user
         redis-down health-up health-slow health-down timeout fail-open fail-closed traffic
         redis-log log-all chart-readout announcer
         quiz quiz-score quiz-question×{n} quiz-feedback×{n} quiz-show×{n} show-me×{shows} show-me×5 quiz-reset
         copy-link copy-embed copy-status proof-link code code-at code-note glossary tour-start
         slot: tour-offer tour code code-at code-note tab-name summary totals seed rtt-mini cards limit-line stats down redis-settings traffic cost
         redis timeline tl-caption tl-key log log-empty charts chart-note chart-working chart-readout
         explain-1 explain-2 explain-3 announcer quiz-score predict predict-ask predict-result picture-caption picture-key narration
         chart: servers rtt"
    ));
    let mut got: Vec<String> = h
        .iter()
        .flat_map(|(k, n)| std::iter::repeat_n(k.clone(), *n))
        .collect();
    got.sort();
    assert_eq!(got, expected);
    // The tabs are tabs; the sliders are range inputs, the traffic a number.
    for s in ["local", "split", "sync", "edge", "getset", "incr", "lua"] {
        let at = html.find(&format!("data-testid=\"strategy-{s}\"")).unwrap();
        let open = html[..at].rfind('<').unwrap();
        assert!(html[open..at].contains(r#"role="tab""#), "strategy-{s}");
    }
    for s in [
        "servers", "burst", "rtt", "sync", "plan", "move", "edge", "timeout",
    ] {
        let at = html.find(&format!("data-testid=\"{s}\"")).unwrap();
        let open = html[..at].rfind('<').unwrap();
        assert!(html[open..at].contains(r#"type="range""#), "{s}");
        assert!(
            html[at..].starts_with(&format!(r#"data-testid="{s}" data-knob="{s}""#)),
            "{s}"
        );
    }
    assert!(html
        .contains(r#"type="number" id="rll1-traffic" data-testid="traffic" data-knob="traffic""#));
}

#[test]
fn every_test_hook_names_one_element_except_the_repeated_ones() {
    // Repeated by design: one per quiz question, and the "show me" links.
    // Any other name on two elements makes `[data-testid=…]` ambiguous:
    // the text "what happens if Redis is down" and the "down" choice of
    // Redis's health both answer to `redis-down`.
    let html = markup("");
    let repeated = ["quiz-question", "quiz-feedback", "quiz-show", "show-me"];
    let twice: Vec<String> = hooks(&html)
        .into_iter()
        .filter(|(k, n)| {
            *n > 1
                && k.starts_with("testid:")
                && !repeated.iter().any(|r| k == &format!("testid:{r}"))
        })
        .map(|(k, n)| format!("{k} ×{n}"))
        .collect();
    assert!(twice.is_empty(), "{twice:?}");
}

#[test]
fn each_hidden_section_takes_exactly_its_own_hooks() {
    let full = hooks(&markup(""));
    let n = builtin().len();
    let shows = builtin().iter().filter(|q| q.show.is_some()).count();
    let cases = [
        (Section::Title, String::new()),
        (Section::Tabs, "strategy-local strategy-split strategy-sync strategy-edge strategy-getset strategy-incr strategy-lua".into()),
        (Section::Summary, "slot:summary".into()),
        (Section::Controls, "servers burst rtt sync plan move reroll reset algo algo-fixed algo-log algo-counter algo-bucket edge lb-random lb-round-robin lb-sticky preset-gatepass preset-per-minute preset-booking tour-start slot:seed rtt-mini limit-line tour-offer".into()),
        (Section::Picture, "tour-start topology windows narration play step-back step time speed predict-start predict-guess predict-go predict-cancel predict-result slot:predict predict-ask predict-result picture-caption picture-key narration tour-offer".into()),
        (Section::Totals, "verdict allowed-total limit regular-user redis-down health-up health-slow health-down timeout fail-open fail-closed traffic tour-start slot:totals stats down redis-settings traffic cost tour-offer".into()),
        (Section::Cards, "slot:cards".into()),
        (Section::Timeline, "slot:timeline tl-caption tl-key".into()),
        (Section::Log, "redis-log log-all slot:log log-empty".into()),
        (Section::Charts, "chart-readout slot:charts chart-note chart-working chart-readout chart:servers rtt".into()),
        (Section::Explanation, "slot:explain-1 explain-2 explain-3".into()),
        (Section::Quiz, format!("quiz quiz-score quiz-question×{n} quiz-feedback×{n} quiz-show×{n} show-me×{shows} quiz-reset slot:quiz-score")),
        (Section::Takeaways, "show-me×5".into()),
        (Section::Footer, "copy-link copy-embed copy-status proof-link".into()),
        (Section::Code, "code code-at code-note slot:code code-at code-note".into()),
        (Section::Glossary, "glossary".into()),
        // The offer (also gone with the picture, the controls or the
        // totals, which a lesson works with); `tour=K` still opens it.
        (Section::Tour, "tour-start slot:tour-offer".into()),
    ];
    assert_eq!(cases.len(), Section::ALL.len());
    for (section, hooks_of) in cases {
        let less = hooks(&markup(&format!("hide={}", section.as_str())));
        assert_eq!(
            missing(&full, &less),
            list(&hooks_of),
            "hide={}",
            section.as_str()
        );
    }
    // The title has no hook. Hidden, it stays as a heading for screen
    // readers only, so the page keeps its h1.
    assert!(markup("").contains("<h1 class=\"rll-head__title\">Rate Limit Lab</h1>"));
    assert!(markup("hide=title").contains("<h1 class=\"rll-sr-only\">Rate Limit Lab</h1>"));
    assert!(!markup("hide=title").contains("rll-head__title"));
    // Timeline and log share a box, which goes with both.
    let less = hooks(&markup("hide=timeline,log"));
    assert_eq!(
        missing(&full, &less),
        list("redis-log log-all slot:log log-empty redis timeline tl-caption tl-key")
    );
}

#[test]
fn the_tabs_offered_are_shown_in_the_order_given() {
    let html = markup("tabs=local,incr");
    assert_eq!(
        attrs(&html, "data-testid")
            .iter()
            .filter(|t| t.starts_with("strategy-"))
            .collect::<Vec<_>>(),
        [&"strategy-local", &"strategy-incr"]
    );
    assert_eq!(html.matches(r#"role="tab""#).count(), 2);
    // The order given wins over the grouping by where the count lives:
    // each run of one place gets its heading, in the order of the runs.
    let html = markup("tabs=lua,getset,sync,local");
    let tabs: Vec<&str> = attrs(&html, "data-testid")
        .into_iter()
        .filter(|t| t.starts_with("strategy-"))
        .collect();
    assert_eq!(
        tabs,
        [
            "strategy-lua",
            "strategy-getset",
            "strategy-sync",
            "strategy-local"
        ]
    );
    assert_eq!(
        group_labels(&html),
        ["In Redis, shared", "In each server's memory"]
    );
    // A group with no tab offered is not drawn.
    assert!(!html.contains("In front of the servers"));
    // The author's example: Lua, INCR, Local, in that order.
    let html = markup("tabs=lua,incr,local");
    assert_eq!(
        attrs(&html, "data-testid")
            .into_iter()
            .filter(|t| t.starts_with("strategy-"))
            .collect::<Vec<_>>(),
        ["strategy-lua", "strategy-incr", "strategy-local"]
    );
    // By default, every strategy, in three groups.
    assert_eq!(
        group_labels(&markup("")),
        [
            "In each server's memory",
            "In front of the servers",
            "In Redis, shared"
        ]
    );
}

/// The tab groups' headings in `html`, in order.
fn group_labels(html: &str) -> Vec<&str> {
    let open = r#"<span class="rll-tabs__group-label" id=""#;
    html.split(open)
        .skip(1)
        .map(|rest| {
            let rest = &rest[rest.find('>').unwrap() + 1..];
            &rest[..rest.find("</span>").unwrap()]
        })
        .collect()
}

#[test]
fn an_order_that_mixes_the_places_draws_one_row_without_headings() {
    // Memory, Redis, memory again: a heading twice would split one place
    // in two, so the tabs stand in one row, in the order given.
    let html = markup("tabs=local,incr,split");
    assert!(group_labels(&html).is_empty(), "{:?}", group_labels(&html));
    assert_eq!(html.matches(r#"class="rll-tabs__group""#).count(), 1);
    assert_eq!(
        attrs(&html, "data-testid")
            .into_iter()
            .filter(|t| t.starts_with("strategy-"))
            .collect::<Vec<_>>(),
        ["strategy-local", "strategy-incr", "strategy-split"]
    );
    use ratelimit_lab::sim::Strategy;
    use ratelimit_lab::vm::skeleton::places_mixed;
    assert!(places_mixed(&[
        Strategy::Local,
        Strategy::Incr,
        Strategy::Split
    ]));
    assert!(!places_mixed(&[
        Strategy::Edge,
        Strategy::Local,
        Strategy::Sync
    ]));
    assert!(!places_mixed(&Strategy::ALL));
    assert!(!places_mixed(&[]));
    // Runs that do not mix: one group each, with its heading.
    let html = markup("tabs=edge,local,sync");
    assert_eq!(
        group_labels(&html),
        ["In front of the servers", "In each server's memory"]
    );
    assert_eq!(html.matches(r#"class="rll-tabs__group""#).count(), 2);
}

#[test]
fn the_summary_can_be_left_out() {
    assert!(markup("").contains(r#"data-slot="summary""#));
    let html = markup("hide=summary");
    assert!(!html.contains(r#"data-slot="summary""#));
    assert!(!html.contains("rll-panel__summary"));
    // The strategy's name stays for screen readers.
    assert!(html.contains(r#"data-slot="tab-name""#));
}

#[test]
fn one_strategy_offered_draws_no_tablist() {
    let html = markup("tabs=incr");
    assert!(!html.contains(r#"role="tablist""#) && !html.contains(r#"role="tab""#));
    assert!(!html.contains(r#"role="tabpanel""#));
    assert!(markup("").contains(r#"<div class="rll-panel" id="rll1-panel" role="tabpanel">"#));
}

#[test]
fn compact_leaves_the_picture_the_totals_and_the_sliders() {
    // No tabs either: compact shows the strategy the page opened with.
    let got: Vec<String> = hooks(&markup("compact=1")).into_keys().collect();
    let want = list(
        "testid: notice
         topology windows narration play step-back step time speed predict-start predict-guess predict-go predict-cancel predict-result
         servers burst rtt sync plan move reroll reset announcer
         verdict allowed-total limit regular-user
         slot: tab-name summary totals seed rtt-mini announcer predict predict-ask predict-result picture-caption picture-key narration",
    );
    assert_eq!(got, want);
}

#[test]
fn embedded_or_in_a_host_page_there_is_no_footer() {
    assert!(markup("").contains("data-testid=\"copy-link\""));
    assert!(!markup("embed=1").contains("copy-link"));
    let quiz = builtin();
    let html = skeleton(
        &page(""),
        &english(),
        "rll1",
        false,
        &quiz,
        &order(&quiz, 1),
        Part::All,
    );
    assert!(!html.contains("copy-link") && !html.contains("proof-link"));
}

#[test]
fn takeaways_offer_to_show_only_the_strategies_offered() {
    let html = markup("tabs=local,split&hide=quiz");
    assert_eq!(
        attrs(&html, "data-query"),
        [
            "strategy=local&amp;servers=16&amp;burst=500",
            "strategy=split&amp;burst=10"
        ]
    );
    // Each takeaway's scenario is a clean one.
    for (_, _, query) in TAKEAWAYS {
        assert!(
            params::parse(params::pairs(query)).notices.is_empty(),
            "{query}"
        );
    }
}

#[test]
fn the_quiz_is_written_in_the_order_drawn() {
    let quiz = builtin();
    let o = order(&quiz, 99);
    let html = skeleton(&page(""), &english(), "w", true, &quiz, &o, Part::All);
    let i: Vec<usize> = attrs(&html, "data-i")
        .iter()
        .map(|i| i.parse().unwrap())
        .collect();
    assert_eq!(i, o.concat());
    assert_eq!(
        html.matches(r#"data-testid="quiz-question""#).count(),
        quiz.len()
    );
    // "Try again" is hidden until a first answer.
    assert!(html.contains(r#"data-testid="quiz-reset" data-act="quiz-reset" hidden>"#));
}

#[test]
fn ids_are_prefixed_unique_and_every_reference_resolves() {
    for (id, query) in [
        ("rll1", ""),
        ("rll7", "hide=title,quiz"),
        ("x", "compact=1"),
        ("rll2", "tabs=incr"),
    ] {
        let quiz = builtin();
        let html = skeleton(
            &page(query),
            &english(),
            id,
            true,
            &quiz,
            &order(&quiz, 3),
            Part::All,
        );
        let ids = attrs(&html, "id");
        assert!(!ids.is_empty());
        let mut unique = ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "{query}: an id is used twice");
        for i in &ids {
            assert!(i.starts_with(&format!("{id}-")), "{query}: {i}");
        }
        for attr in ["for", "aria-controls", "aria-labelledby"] {
            for r in attrs(&html, attr) {
                assert!(ids.contains(&r), "{query}: {attr}={r} names no element");
            }
        }
        // Radio groups are named per widget too.
        for name in attrs(&html, "name") {
            assert!(name.starts_with(&format!("{id}-")), "{query}: {name}");
        }
    }
}

/// The heading levels of `html`, in order.
fn headings(html: &str) -> Vec<u8> {
    html.match_indices("<h")
        .filter_map(|(at, _)| html[at + 2..].chars().next()?.to_digit(10))
        .map(|d| d as u8)
        .collect()
}

#[test]
fn headings_start_at_the_pages_level_and_never_skip_one() {
    let quiz = builtin();
    let o = order(&quiz, 1);
    for query in [
        "",
        "hide=title",
        "compact=1",
        "hide=totals,cards",
        "hide=quiz,takeaways",
        "tabs=edge",
    ] {
        for (url_state, top) in [(true, 1), (false, 2)] {
            let html = skeleton(
                &page(query),
                &english(),
                "rll1",
                url_state,
                &quiz,
                &o,
                Part::All,
            );
            let h = headings(&html);
            if !query.contains("title") {
                assert_eq!(h[0], top, "{query}: {h:?}");
            }
            assert!(h.iter().all(|&l| l >= top && l <= 6), "{query}: {h:?}");
            for w in h.windows(2) {
                assert!(
                    w[1] <= w[0] + 1,
                    "{query} (url_state {url_state}): {h:?} skips a level"
                );
            }
        }
    }
    assert_eq!(headings(&markup(""))[..2], [1, 2]);
}

#[test]
fn every_piece_of_text_is_escaped() {
    // A content file (or a host's `hide` value quoted in a notice) with
    // markup in every sentence: it shows as text, never as an element.
    let evil: Vec<_> = ALL
        .iter()
        .map(|t| (*t, format!("<script>alert(\"{}\")</script> & 'x'", t.key())))
        .collect();
    let t = Texts::with(evil);
    let quiz = vec![Question {
        prompt: "<script>1</script>".into(),
        options: vec![
            Choice {
                text: "<b>a</b>".into(),
                correct: true,
                why: "<i>w</i>".into(),
            },
            Choice {
                text: "\"b\"".into(),
                correct: false,
                why: "w".into(),
            },
        ],
        show: Some(ShowMe {
            label: "<u>l</u>".into(),
            query: "a=\"><script>".into(),
        }),
    }];
    let p = page::parse(
        &params::pairs("hide=<script>x</script>&tabs=\"><b>"),
        &english(),
    );
    assert_eq!(p.notices.len(), 3, "{:?}", p.notices);
    let html = skeleton(&p, &t, "rll1", true, &quiz, &order(&quiz, 1), Part::All);
    for raw in ["<script", "<b>", "<i>", "<u>", "\"b\""] {
        assert!(!html.contains(raw), "{raw} found in the markup");
    }
    assert!(html.contains("&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; &amp; 'x'"));
    assert!(
        html.contains("&lt;script&gt;x&lt;/script&gt;"),
        "the notice quotes the value as text"
    );
    // Not vacuous: the skeleton writes some ninety sentences of its own
    // (the rest fill slots later), each escaped.
    let written = KEYS
        .iter()
        .filter(|k| html.contains(&format!("alert(&quot;{k}&quot;)")))
        .count();
    assert!(written >= 80, "{written} sentences written");
}

/// Where `needle` first is in `html`, which must hold it.
#[track_caller]
fn at(html: &str, needle: &str) -> usize {
    html.find(needle).unwrap_or_else(|| panic!("no {needle}"))
}

/// Where the `<div` opened at `open` in `html` is closed.
fn closing_div(html: &str, open: usize) -> usize {
    let mut depth = 0;
    let mut i = open;
    loop {
        let rest = &html[i..];
        let (next_open, next_close) = (rest.find("<div"), rest.find("</div>"));
        match (next_open, next_close) {
            (Some(o), Some(c)) if o < c => {
                depth += 1;
                i += o + 4;
            }
            (_, Some(c)) => {
                depth -= 1;
                i += c;
                if depth == 0 {
                    return i;
                }
                i += 6;
            }
            _ => panic!("the div at {open} is never closed"),
        }
    }
}

#[test]
fn the_blocks_come_in_page_order_with_the_run_inside_the_panel() {
    // The order a learner reads down the page: the title's row, the
    // notice, the lesson's place, the tabs, then the panel the tabs
    // control (the summary, the deck of picture, totals and controls, the
    // cards, Redis's box, the code, the setup and details, the charts, the
    // explanation), then what does not change with a tab.
    let blocks = [
        r#"<header class="rll-head">"#,
        r#"data-slot="tour-offer""#,
        r#"class="rll-head__framing""#,
        r#"data-testid="notice""#,
        r#"data-slot="tour""#,
        r#"role="tablist""#,
        r#"id="rll1-panel""#,
        r#"data-slot="tab-name""#,
        r#"class="rll-panel__summary""#,
        r#"class="rll-deck""#,
        r#"class="rll-deck__picture""#,
        r#"class="rll-replay""#,
        r#"data-testid="narration""#,
        r#"data-slot="predict""#,
        r#"class="rll-deck__totals""#,
        r#"class="rll-deck__controls""#,
        r#"class="rll-servers""#,
        r#"data-slot="timeline""#,
        r#"data-slot="log""#,
        r#"class="rll-code""#,
        r#"class="rll-more""#,
        r#"class="rll-setup""#,
        r#"data-slot="stats""#,
        r#"class="rll-down""#,
        r#"class="rll-cost""#,
        r#"class="rll-charts""#,
        r#"class="rll-explain""#,
        r#"data-testid="announcer""#,
        r#"data-testid="quiz""#,
        r#"class="rll-takeaways""#,
        r#"data-testid="glossary""#,
        r#"<footer class="rll-foot">"#,
    ];
    let html = markup("");
    let places: Vec<usize> = blocks.iter().map(|b| at(&html, b)).collect();
    for (i, pair) in places.windows(2).enumerate() {
        assert!(
            pair[0] < pair[1],
            "{} is not before {}",
            blocks[i],
            blocks[i + 1]
        );
    }
    // The panel holds everything from the summary to the explanation, and
    // the announcer is just after it.
    let panel = html[..at(&html, r#"id="rll1-panel""#)]
        .rfind("<div")
        .unwrap();
    let end = closing_div(&html, panel);
    assert!(at(&html, r#"class="rll-explain""#) < end);
    assert!(html[end..].starts_with(r#"</div><p class="rll-sr-only" aria-live="polite""#));
    // The deck holds the picture, the totals and the controls; the cards
    // come after it.
    let deck = at(&html, r#"<div class="rll-deck""#);
    let deck_end = closing_div(&html, deck);
    assert!(at(&html, r#"class="rll-deck__controls""#) < deck_end);
    assert!(deck_end < at(&html, r#"class="rll-servers""#));
    // Without the title, the offer has a line of its own after the notice.
    let html = markup("hide=title&servers=99");
    assert!(at(&html, r#"data-testid="notice""#) < at(&html, r#"data-slot="tour-offer""#));
    assert!(!html.contains("rll-head__framing"));
}

/// `html`'s first `<div>…</div>` (its own markup, nested divs and all) and
/// what follows it.
fn first_div(html: &str) -> (&str, &str) {
    assert!(html.starts_with("<div>"), "{}", &html[..html.len().min(80)]);
    let mut depth = 0;
    let mut at = 0;
    while at < html.len() {
        let rest = &html[at..];
        if rest.starts_with("<div") {
            depth += 1;
        } else if rest.starts_with("</div>") {
            depth -= 1;
            if depth == 0 {
                return (&html["<div>".len()..at], &html[at + "</div>".len()..]);
            }
        }
        at += rest.chars().next().map_or(1, char::len_utf8);
    }
    panic!("no end to the first <div>");
}

/// A widget writes its first screen as it starts and what lies below once
/// that is painted: the two, each where it goes (the panel's end after the
/// server cards, then the root's end), are the whole markup, byte for byte,
/// for every layout a page can ask for; and the first screen has none of
/// what lies below.
#[test]
fn the_first_screen_and_what_lies_below_make_the_whole_markup() {
    let quiz = builtin();
    let o = order(&quiz, 3);
    let announcer = "<p class=\"rll-sr-only\" aria-live";
    for query in [
        "",
        "strategy=getset",
        "compact=1",
        "embed=1",
        "hide=title,quiz",
        "hide=code,charts,glossary,footer",
        "hide=cards",
        "hide=totals,cards,explanation",
        "tabs=edge,lua&strategy=lua&algo=log",
        "predict=1&preset=booking",
    ] {
        for url_state in [true, false] {
            let p = page(query);
            let t = english();
            let all = skeleton(&p, &t, "rll1", url_state, &quiz, &o, Part::All).into_string();
            let first = skeleton(&p, &t, "rll1", url_state, &quiz, &o, Part::First).into_string();
            let rest = skeleton(&p, &t, "rll1", url_state, &quiz, &o, Part::Below).into_string();
            // The first screen ends with the panel's end, then the announcer.
            let cut = first
                .rfind(&format!("</div>{announcer}"))
                .unwrap_or_else(|| panic!("{query}: no panel's end before the announcer"));
            let (in_panel, after) = first_div(&rest);
            let stitched = format!("{}{in_panel}{}{after}", &first[..cut], &first[cut..]);
            assert_eq!(stitched, all, "{query} (url_state {url_state})");
            for below_only in [
                "data-testid=\"quiz\"",
                "data-testid=\"glossary\"",
                "data-testid=\"copy-link\"",
                "data-testid=\"code\"",
            ] {
                assert!(
                    !first.contains(below_only),
                    "{query}: the first screen has {below_only}"
                );
                // (A host's widget has no footer.)
                if query.is_empty() && url_state {
                    assert!(
                        rest.contains(below_only),
                        "what lies below has {below_only}"
                    );
                }
            }
        }
    }
}
