//! What a URL or a script tag's `data-*` attributes ask of the page besides
//! the scenario (`vm::page::parse`): embed mode, a moment to open at,
//! prediction first, the sections hidden, the strategies offered, compact
//! layout and a content file; and every notice worded (`vm::page::word`),
//! naming the parameter and the value kept or set, with its unit.

use ratelimit_lab::sim::params::{self, Notice};
use ratelimit_lab::sim::{Strategy, KNOBS};
use ratelimit_lab::vm::page::{self, word, Page, Section, NAMES};

use crate::vm_support::english;

/// The page `query` asks for.
fn page(query: &str) -> Page {
    page::parse(&params::pairs(query), &english())
}

/// The notices of `query`, worded.
fn notices(query: &str) -> Vec<String> {
    page(query).notices
}

#[test]
fn nothing_asked_gives_the_plain_page() {
    let p = page("");
    assert_eq!(p.scenario, ratelimit_lab::sim::Scenario::default());
    assert!(!p.embed && !p.predict && !p.compact);
    assert_eq!((p.t_us, p.t_given, p.content), (None, None, None));
    assert!(p.hide.is_empty() && p.notices.is_empty());
    assert_eq!(p.tabs, Strategy::ALL);
}

#[test]
fn flags_read_yes_in_several_spellings() {
    for (v, yes) in [
        ("1", true),
        ("true", true),
        ("yes", true),
        ("YES", true),
        ("True", true),
        // A bare name (`?compact`, or `data-compact` with no value).
        ("", true),
        ("0", false),
        ("no", false),
        ("false", false),
        ("No", false),
    ] {
        for flag in ["embed", "predict", "compact"] {
            let p = page(&format!("{flag}={v}"));
            let got = match flag {
                "embed" => p.embed,
                "predict" => p.predict,
                _ => p.compact,
            };
            assert_eq!(got, yes, "{flag}={v}");
            assert!(p.notices.is_empty(), "{flag}={v}: {:?}", p.notices);
        }
    }
    // The last one given wins.
    assert!(!page("embed=1&embed=0").embed);
    assert_eq!(page::FLAGS, ["predict", "embed", "compact"]);
}

#[test]
fn a_flag_that_is_neither_yes_nor_no_is_off_with_a_notice_naming_it() {
    for v in ["on", "off", "2", "y", "yes please", "ja"] {
        for flag in page::FLAGS {
            let p = page(&format!("{flag}={v}&servers=8"));
            assert!(!p.embed && !p.predict && !p.compact, "{flag}={v}");
            assert_eq!(
                p.notices,
                [format!(
                    "{flag}=“{v}” is neither 1 nor 0 (true or false, yes or no), so {flag} is off."
                )],
                "{flag}={v}"
            );
            assert_eq!(p.scenario.servers, 8, "the rest applies");
        }
    }
    // Each bad flag has its own notice; a good one beside them still applies.
    let p = page("embed=sure&compact=yes&predict=maybe");
    assert!(p.compact && !p.embed && !p.predict);
    assert_eq!(p.notices.len(), 2);
    assert!(
        p.notices[0].starts_with("predict=“maybe”"),
        "{:?}",
        p.notices
    );
    assert!(p.notices[1].starts_with("embed=“sure”"), "{:?}", p.notices);
}

#[test]
fn a_moment_is_milliseconds_kept_in_whole_microseconds_rounded_down() {
    for (t, us) in [
        ("0", 0),
        ("40", 40_000),
        ("3.2", 3200),
        ("3.249", 3249),
        ("3.2499", 3249),
        ("0.0009", 0),
        ("2.5e1", 25_000),
        ("+7", 7000),
    ] {
        let p = page(&format!("t={t}"));
        assert_eq!(p.t_us, Some(us), "t={t}");
        assert_eq!(p.t_given.as_deref(), Some(t));
        assert!(p.notices.is_empty(), "t={t}: {:?}", p.notices);
    }
}

#[test]
fn a_moment_past_any_burst_is_kept_for_the_end_check() {
    // Whether it is past the end is known only once the model has run;
    // the page keeps it (saturated) and the value as written, shortened.
    let p = page("t=12345678901234567890123456789");
    assert_eq!(p.t_us, Some(i64::MAX as u64));
    assert_eq!(p.t_given.as_deref(), Some("123456789012345678901234…"));
    assert!(p.notices.is_empty());
}

#[test]
fn a_bad_moment_is_ignored_with_a_notice() {
    for (t, shown) in [
        ("-1", "-1"),
        ("abc", "abc"),
        ("1ms", "1ms"),
        ("", ""),
        ("1234567890123456789012345x", "123456789012345678901234…"),
    ] {
        let p = page(&format!("t={t}"));
        assert_eq!((p.t_us, p.t_given.as_deref()), (None, None), "t={t}");
        assert_eq!(
            p.notices,
            [format!(
                "t=“{shown}” is not a moment in milliseconds, so the end of the burst is shown."
            )],
            "t={t}"
        );
    }
}

#[test]
fn every_section_can_be_hidden_by_name() {
    let names = [
        "title",
        "tabs",
        "summary",
        "controls",
        "picture",
        "totals",
        "cards",
        "timeline",
        "log",
        "charts",
        "explanation",
        "quiz",
        "takeaways",
        "footer",
        "code",
        "glossary",
        "tour",
    ];
    assert_eq!(Section::ALL.map(Section::as_str), names);
    for s in Section::ALL {
        assert_eq!(Section::parse(s.as_str()), Some(s));
        let p = page(&format!("hide={}", s.as_str()));
        assert_eq!(p.hide, [s]);
        assert!(p.notices.is_empty());
    }
    assert_eq!(
        page(&format!("hide={}", names.join(","))).hide,
        Section::ALL
    );
}

#[test]
fn hidden_sections_are_kept_in_page_order_once_each() {
    let p = page("hide=quiz,%20title,,log,quiz, log ");
    // `pairs` does not percent-decode: "%20title" is an unknown name.
    assert_eq!(p.hide, [Section::Log, Section::Quiz]);
    assert_eq!(p.notices.len(), 1);
    let p = page("hide=footer, charts ,title,charts");
    assert_eq!(p.hide, [Section::Title, Section::Charts, Section::Footer]);
    assert!(p.notices.is_empty());
}

#[test]
fn an_unknown_section_is_left_out_with_a_notice() {
    let p = page("hide=cards,sliders");
    assert_eq!(p.hide, [Section::Cards]);
    assert_eq!(
        p.notices,
        ["hide: “sliders” is not one of title, tabs, summary, controls, picture, totals, cards, timeline, log, charts, explanation, quiz, takeaways, footer, code, glossary, tour, so it is left out."]
    );
}

#[test]
fn the_strategies_offered_keep_their_order_and_the_first_opens() {
    let p = page("tabs=incr,local");
    assert_eq!(p.tabs, [Strategy::Incr, Strategy::Local]);
    assert_eq!(
        p.scenario.strategy,
        Strategy::Incr,
        "the first named opens, though the default strategy is offered too"
    );
    let p = page("tabs=lua,incr,local");
    assert_eq!(p.tabs, [Strategy::Lua, Strategy::Incr, Strategy::Local]);
    assert_eq!(p.scenario.strategy, Strategy::Lua);
    // `strategy` says otherwise, and is offered: it opens, whatever the order.
    for query in [
        "tabs=lua,incr,local&strategy=local",
        "strategy=local&tabs=lua,incr,local",
    ] {
        assert_eq!(page(query).scenario.strategy, Strategy::Local, "{query}");
    }
    // Without `tabs`, the default.
    assert_eq!(page("").scenario.strategy, Strategy::Local);
    let p = page("tabs=lua, getset ,lua");
    assert_eq!(p.tabs, [Strategy::Lua, Strategy::GetSet]);
    assert!(p.notices.is_empty());
}

#[test]
fn the_strategy_shown_is_one_of_those_offered() {
    // Not offered: the first offered one is shown instead.
    assert_eq!(page("tabs=incr,getset").scenario.strategy, Strategy::Incr);
    assert_eq!(
        page("strategy=split&tabs=edge,lua").scenario.strategy,
        Strategy::Edge
    );
    // Offered: kept, whatever its place.
    assert_eq!(
        page("strategy=getset&tabs=incr,getset").scenario.strategy,
        Strategy::GetSet
    );
    // The rest of the scenario is kept.
    let p = page("servers=8&rtt=5&tabs=lua");
    assert_eq!(
        (p.scenario.strategy, p.scenario.servers, p.scenario.rtt_us),
        (Strategy::Lua, 8, 5000)
    );
}

#[test]
fn unknown_strategies_are_left_out_and_none_valid_offers_them_all() {
    let p = page("tabs=local,atomic");
    assert_eq!(p.tabs, [Strategy::Local]);
    assert_eq!(
        p.notices,
        ["tabs: “atomic” is not one of local, split, sync, edge, getset, incr, lua, so it is left out."]
    );
    let p = page("tabs=atomic,redis&strategy=incr");
    assert_eq!(p.tabs, Strategy::ALL);
    assert_eq!(p.scenario.strategy, Strategy::Incr);
    assert_eq!(p.notices.len(), 3);
    assert_eq!(
        p.notices[2],
        "tabs names no strategy we know, so every strategy is offered."
    );
}

#[test]
fn a_content_file_is_kept_as_written() {
    assert_eq!(
        page("content=/course/fr.json").content.as_deref(),
        Some("/course/fr.json")
    );
    assert_eq!(page("content=").content, None);
    assert_eq!(
        page("content=a.json&content=b.json").content.as_deref(),
        Some("b.json")
    );
}

#[test]
fn the_scenarios_notices_come_first_and_worded() {
    let p = page("servers=99&t=x&rtt=2.37");
    assert_eq!(
        p.notices,
        [
            "servers=99 is above the most allowed, so it is set to 16.",
            "rtt=2.37 was rounded to 2.4 ms.",
            "t=“x” is not a moment in milliseconds, so the end of the burst is shown.",
        ]
    );
    assert_eq!(p.scenario.servers, 16);
}

#[test]
fn every_name_the_page_reads_is_listed_for_data_attributes() {
    for knob in KNOBS {
        assert!(NAMES.contains(&knob.name), "{}", knob.name);
    }
    for name in params::CHOICES.iter().chain(&[
        "preset", "t", "predict", "embed", "hide", "tabs", "compact", "content",
    ]) {
        assert!(NAMES.contains(name), "{name}");
    }
}

#[test]
fn lang_is_known_but_changes_nothing_the_content_file_says_the_language() {
    // A link written for a translation may carry `lang`: it raises no
    // notice of an unknown name, and the page is the plain one (the
    // language comes from the content file's own `lang`).
    assert!(NAMES.contains(&"lang"));
    assert_eq!(page("lang=fr"), page(""));
    assert_eq!(page("lang=fr&servers=8"), page("servers=8"));
    assert!(notices("lang=fr").is_empty());
}

#[test]
fn the_address_rewrite_writes_the_state_and_leaves_the_rest_as_written() {
    // Everything the state is made of, and `preset`, which the settings
    // written out replace.
    for knob in KNOBS {
        assert!(page::rewritten(knob.name), "{}", knob.name);
    }
    for name in params::CHOICES
        .iter()
        .chain(&["preset", "t", "embed", "hide", "tabs", "compact", "content"])
    {
        assert!(page::rewritten(name), "{name}");
    }
    // The rest stays as the link had it: the prediction asked for, the
    // language, and whatever the host or the LMS put there.
    for name in [
        "predict",
        "lang",
        "utm_source",
        "lti_launch",
        "Servers",
        "",
        "T",
    ] {
        assert!(!page::rewritten(name), "{name}");
    }
}

/// The one notice `query` gives, worded.
#[track_caller]
fn one(query: &str) -> String {
    let n = notices(query);
    assert_eq!(n.len(), 1, "{query}: {n:?}");
    n[0].clone()
}

#[test]
fn every_kind_of_notice_names_the_parameter_and_the_value_with_its_unit() {
    for (query, notice) in [
        // Not a number: the value kept.
        ("servers=many", "servers=“many” is not a number, so it stays at 4."),
        ("rtt=fast", "rtt=“fast” is not a number, so it stays at 2 ms."),
        ("rtt=3&rtt=fast", "rtt=“fast” is not a number, so it stays at 2 ms."),
        ("window=x", "window=“x” is not a number, so it stays at 1 s."),
        ("traffic=lots", "traffic=“lots” is not a number, so it stays at 50000."),
        // No move is set: nothing to keep.
        ("lb=sticky&move=soon", "move=“soon” is not a number, so it stays at none."),
        // Below and above: the value set.
        ("servers=0", "servers=0 is below the least allowed, so it is set to 1."),
        ("rtt=-1", "rtt=-1 is below the least allowed, so it is set to 0 ms."),
        ("rtt=50", "rtt=50 is above the most allowed, so it is set to 20 ms."),
        ("timeout=0", "timeout=0 is below the least allowed, so it is set to 1 ms."),
        ("window=7200", "window=7200 is above the most allowed, so it is set to 3600 s."),
        ("span=5000", "span=5000 is above the most allowed, so it is set to 1000 ms."),
        ("traffic=0", "traffic=0 is below the least allowed, so it is set to 1."),
        // Rounded: to the step.
        ("rtt=2.37", "rtt=2.37 was rounded to 2.4 ms."),
        ("burst=40.6", "burst=40.6 was rounded to 41."),
        ("sync=2.5", "sync=2.5 was rounded to 3 ms."),
        // A choice: the options, and the one used.
        ("lb=fair", "lb “fair” is not one of random, round-robin or sticky, so random is used."),
        ("strategy=redis", "strategy “redis” is not one of local, split, sync, edge, getset, incr or lua, so local is used."),
        ("fail=maybe", "fail “maybe” is not one of open or closed, so open is used."),
        ("redis=healthy", "redis “healthy” is not one of up, slow or down, so up is used."),
        // The preset, and the seed.
        ("preset=fast", "preset “fast” is not one we know (try gatepass, per-minute or booking), so the usual starting point is shown."),
        ("seed=-3", "seed “-3” is not a whole number from 0 to 18446744073709551615, so seed 2026 is used."),
    ] {
        assert_eq!(one(query), notice, "{query}");
    }
}

#[test]
fn word_covers_every_notice_variant_with_any_knob() {
    // Straight from the parser's values, so every knob's unit is covered.
    let t = english();
    for knob in KNOBS {
        let unit = |v: u32| {
            let n = params::write_value(knob, v);
            match knob.name {
                "rtt" | "span" | "move" | "edge" | "sync" | "timeout" => format!("{n} ms"),
                "window" => format!("{n} s"),
                _ => n,
            }
        };
        let given = "g".to_string();
        let name = knob.name;
        assert_eq!(
            word(
                &Notice::Below {
                    knob,
                    given: given.clone(),
                    set: knob.min
                },
                &t
            ),
            format!(
                "{name}=g is below the least allowed, so it is set to {}.",
                unit(knob.min)
            )
        );
        assert_eq!(
            word(
                &Notice::Above {
                    knob,
                    given: given.clone(),
                    set: knob.max
                },
                &t
            ),
            format!(
                "{name}=g is above the most allowed, so it is set to {}.",
                unit(knob.max)
            )
        );
        assert_eq!(
            word(
                &Notice::Rounded {
                    knob,
                    given: given.clone(),
                    set: knob.default
                },
                &t
            ),
            format!("{name}=g was rounded to {}.", unit(knob.default))
        );
        assert_eq!(
            word(
                &Notice::NotANumber {
                    knob,
                    given,
                    kept: Some(knob.default)
                },
                &t
            ),
            format!(
                "{name}=“g” is not a number, so it stays at {}.",
                unit(knob.default)
            )
        );
    }
    assert_eq!(
        word(
            &Notice::UnknownChoice {
                name: "lb",
                given: "x".into(),
                options: vec!["a"],
                kept: "a"
            },
            &t
        ),
        "lb “x” is not one of a, so a is used."
    );
    assert_eq!(
        word(
            &Notice::UnknownChoice {
                name: "lb",
                given: "x".into(),
                options: vec!["a", "b"],
                kept: "b"
            },
            &t
        ),
        "lb “x” is not one of a or b, so b is used."
    );
    assert_eq!(
        word(
            &Notice::BadSeed {
                given: "x".into(),
                kept: 7
            },
            &t
        ),
        "seed “x” is not a whole number from 0 to 18446744073709551615, so seed 7 is used."
    );
}

#[test]
fn mastery_is_a_whole_percentage_and_fallback_names_builtin() {
    assert_eq!(page("").mastery, None);
    assert_eq!(page("mastery=60").mastery, Some(60));
    assert_eq!(page("mastery=0").mastery, Some(0));
    assert_eq!(page("mastery=100").mastery, Some(100));
    for bad in ["120", "-5", "eighty", "72.5"] {
        let p = page(&format!("mastery={bad}"));
        assert_eq!(p.mastery, None, "{bad}");
        assert_eq!(
            p.notices,
            [format!(
                "mastery=“{bad}” is not a whole percentage from 0 to 100, so 80 is used."
            )]
        );
    }
    assert!(!page("").fallback);
    assert!(page("fallback=builtin").fallback);
    let p = page("fallback=yes&servers=8");
    assert!(!p.fallback);
    assert_eq!(p.scenario.servers, 8);
    assert_eq!(
        p.notices,
        ["fallback: “yes” is not one of builtin, so it is left out."]
    );
    assert!(NAMES.contains(&"mastery") && NAMES.contains(&"fallback"));
}

#[test]
fn theme_is_light_dark_or_auto_and_a_bad_value_gets_a_notice() {
    use ratelimit_lab::vm::page::Theme;
    let texts = english();
    assert_eq!(page::parse(&[], &texts).theme, Theme::Auto);
    for (given, theme) in [
        ("light", Theme::Light),
        ("dark", Theme::Dark),
        ("auto", Theme::Auto),
        ("DARK", Theme::Dark),
    ] {
        let p = page::parse(&[("theme", given)], &texts);
        assert_eq!(p.theme, theme, "{given}");
        assert!(p.notices.is_empty(), "{given}: {:?}", p.notices);
    }
    let p = page::parse(&[("theme", "purple"), ("servers", "3")], &texts);
    assert_eq!(p.theme, Theme::Auto);
    assert_eq!(p.scenario.servers, 3);
    assert_eq!(
        p.notices,
        ["theme “purple” is not one of light, dark or auto, so auto is used."]
    );
}

#[test]
fn the_loader_observes_every_name_the_widget_reads() {
    // The custom element's observed attributes (public/ratelimit-lab.js,
    // as the build finishes it: src/bin/names.rs) are the widget's own
    // list, in its order; the loader in the repository holds no list.
    let template = include_str!("../../public/ratelimit-lab.js");
    assert_eq!(template.matches(page::LOADER_PLACEHOLDER).count(), 1);
    assert!(page::finish_loader("const NAMES = [];").is_none());
    let twice = format!("{0}{0}", page::LOADER_PLACEHOLDER);
    assert!(page::finish_loader(&twice).is_none());
    let loader = page::finish_loader(template).expect("the placeholder");
    assert!(!loader.contains("@NAMES@"));
    assert_eq!(
        loader.len(),
        template.len() - page::LOADER_PLACEHOLDER.len() + NAMES.join(" ").len() + 2
    );
    let line = loader
        .lines()
        .find(|l| l.starts_with("const NAMES = '"))
        .expect("the loader lists the names");
    let listed = line
        .trim_start_matches("const NAMES = '")
        .split('\'')
        .next()
        .unwrap();
    assert_eq!(listed.split(' ').collect::<Vec<_>>(), NAMES);
}

#[test]
fn a_shared_link_carries_the_shaping_only_where_it_is_not_the_default() {
    assert_eq!(
        page::shaping(&page(""), false),
        Vec::<(&str, String)>::new()
    );
    assert_eq!(
        page::shaping(&page(""), true),
        vec![("embed", "1".to_string())]
    );
    let asked = page(
        "hide=quiz,title&tabs=lua,incr&compact=1&theme=dark&content=/c/fr.json&mastery=80&fallback=builtin",
    );
    let want: Vec<(&str, String)> = [
        ("hide", "title,quiz"),
        ("tabs", "lua,incr"),
        ("compact", "1"),
        ("theme", "dark"),
        ("content", "/c/fr.json"),
        ("mastery", "80"),
        ("fallback", "builtin"),
    ]
    .into_iter()
    .map(|(k, v)| (k, v.to_string()))
    .collect();
    assert_eq!(page::shaping(&asked, false), want);
    // All seven tabs in another order are the author's order.
    let all = "tabs=lua,incr,getset,edge,sync,split,local";
    assert_eq!(
        page::shaping(&page(all), false),
        vec![("tabs", "lua,incr,getset,edge,sync,split,local".to_string())]
    );
    assert!(page::shaping(&page("tabs=local,split,sync,edge,getset,incr,lua"), false).is_empty());
}

#[test]
fn every_parameter_is_in_the_one_table_and_every_knob_by_its_const() {
    use ratelimit_lab::sim::params::{Kind, PARAMS};
    use ratelimit_lab::sim::{Knob, KNOBS};
    assert_eq!(NAMES, PARAMS.map(|p| p.name));
    for (i, p) in PARAMS.iter().enumerate() {
        assert!(
            PARAMS[..i].iter().all(|q| q.name != p.name),
            "{} twice",
            p.name
        );
        assert_eq!(
            Knob::named(p.name).is_some(),
            p.kind == Kind::Knob,
            "{}",
            p.name
        );
    }
    for knob in KNOBS {
        assert!(
            PARAMS
                .iter()
                .any(|p| p.name == knob.name && p.kind == Kind::Knob),
            "{knob:?}"
        );
    }
    let choices: Vec<&str> = PARAMS
        .iter()
        .filter(|p| p.kind == Kind::Choice)
        .map(|p| p.name)
        .collect();
    assert_eq!(params::CHOICES.to_vec(), choices);
    // The guide's table describes the same names, in the same order.
    let about: Vec<&str> = page::ABOUT.iter().map(|a| a.name).collect();
    assert_eq!(about, NAMES);
}

#[test]
fn the_view_and_the_markup_name_a_knob_by_its_const_never_by_a_literal() {
    // What chooses a knob's behaviour (the traffic field, the sliders, the
    // charts, the lesson's goals, the component's attributes) compares
    // or passes `TRAFFIC`, `SERVERS.name`, never "traffic". (A text's
    // placeholder may share a word with a knob: those files are not read
    // here; nor is the totals' part `limit`, nor the strategy `sync`.)
    use ratelimit_lab::sim::KNOBS;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("src/ui"))
        .expect("src/ui")
        .map(|e| e.expect("an entry").path())
        .collect();
    for f in ["tour.rs", "skeleton.rs", "page.rs", "chart.rs", "events.rs"] {
        files.push(root.join("src/vm").join(f));
    }
    files.push(root.join("src/sim/params.rs"));
    let mut found = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("a source file");
        for (line, lit) in super::vm_support::literals(&text) {
            let other = [("totals.rs", "\"limit\""), ("page.rs", "\"sync\"")]
                .iter()
                .any(|(f, l)| path.ends_with(f) && lit == *l);
            if !other && KNOBS.iter().any(|k| lit == format!("{:?}", k.name)) {
                found.push(format!("{}:{line}: {lit}", path.display()));
            }
        }
    }
    assert!(files.len() > 25, "only {} files read", files.len());
    assert!(
        found.is_empty(),
        "knob names as literals:\n{}",
        found.join("\n")
    );
    assert_eq!(
        super::vm_support::literals("let a = \"rtt\"; /// \"edge\"\n"),
        [(1, "\"rtt\"".to_string())]
    );
}
