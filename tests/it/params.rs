//! URL parameters and embed attributes: names, presets, clamping, the
//! notices (data: what was adjusted, which the widget words), and the
//! round trip through `to_query`.

use proptest::prelude::*;
use ratelimit_lab::sim::params::{self, Notice, Parsed};
use ratelimit_lab::sim::{
    Algo, Fail, Health, Knob, LoadBalancer, Preset, Scenario, Strategy, Unit, BURST, DEFAULT_SEED,
    EDGE, KNOBS, LIMIT, MOVE, PLAN, RTT, SERVERS, SPAN, SYNC, TIMEOUT, TRAFFIC, WINDOW,
};

use crate::fixtures::gen::scenario;

fn parse(pairs: &[(&str, &str)]) -> Parsed {
    params::parse(pairs.iter().copied())
}

/// Parses a query string, split by the model's one splitter.
fn parse_query(query: &str) -> Parsed {
    params::parse(params::pairs(query))
}

#[track_caller]
fn check_clean(pairs: &[(&str, &str)], expected: Scenario) {
    let parsed = parse(pairs);
    assert_eq!(parsed.scenario, expected, "{pairs:?}");
    assert_eq!(parsed.notices, Vec::<Notice>::new(), "{pairs:?}");
}

/// `pairs` gives `expected` with exactly the one notice `notice`.
#[track_caller]
fn check_notice(pairs: &[(&str, &str)], expected: Scenario, notice: Notice) {
    let parsed = parse(pairs);
    assert_eq!(parsed.scenario, expected, "{pairs:?}");
    assert_eq!(parsed.notices, [notice], "{pairs:?}");
}

#[test]
fn nothing_gives_the_defaults() {
    let parsed = parse(&[]);
    assert_eq!(
        parsed,
        Parsed {
            scenario: Scenario::default(),
            notices: vec![],
        }
    );
    let d = Scenario::default();
    assert_eq!(
        (d.strategy, d.servers, d.burst, d.rtt_us, d.limit, d.window_s, d.span_ms, d.lb),
        (
            Strategy::Local,
            4,
            40,
            2_000,
            10,
            1,
            40,
            LoadBalancer::Random
        )
    );
    assert_eq!((d.move_ms, d.plan, d.sync_ms), (None, None, 10));
    assert_eq!(
        (d.redis, d.timeout_ms, d.fail, d.traffic),
        (Health::Up, 50, Fail::Open, 50_000)
    );
    assert_eq!(d.seed, DEFAULT_SEED);
    // Each knob's default is the scenario's (the move and the plan are
    // absent by default; their default is where the slider starts).
    for knob in KNOBS {
        let expected = match knob.name {
            "move" | "plan" | "edge" => None,
            _ => Some(knob.default),
        };
        assert_eq!((knob.get)(&d), expected, "{knob:?}");
        assert!(
            knob.min <= knob.default && knob.default <= knob.max,
            "{knob:?}"
        );
    }
}

#[test]
fn the_knobs_are_the_documented_ranges() {
    let ranges: Vec<(&str, u32, u32, u32, u32)> = KNOBS
        .iter()
        .map(|k| (k.name, k.min, k.max, k.default, k.step))
        .collect();
    assert_eq!(
        ranges,
        [
            ("servers", 1, 16, 4, 1),
            ("burst", 1, 500, 40, 1),
            ("rtt", 0, 20_000, 2_000, 100),
            ("limit", 1, 200, 10, 1),
            ("window", 1, 3600, 1, 1),
            ("span", 1, 1000, 40, 1),
            ("move", 0, 999, 20, 1),
            ("edge", 0, 1000, 20, 1),
            ("plan", 1, 16, 4, 1),
            ("sync", 1, 1000, 10, 1),
            ("timeout", 1, 1000, 50, 1),
            ("traffic", 1, 1_000_000, 50_000, 1),
        ]
    );
    for knob in KNOBS {
        assert_eq!(Knob::named(knob.name), Some(knob));
    }
    assert_eq!(Knob::named("seed"), None);
}

#[test]
fn each_name_applies() {
    let d = Scenario::default();
    for strategy in Strategy::ALL {
        check_clean(
            &[("strategy", strategy.as_str())],
            d.with_strategy(strategy),
        );
    }
    assert_eq!(
        Strategy::ALL.map(Strategy::as_str),
        ["local", "split", "sync", "edge", "getset", "incr", "lua"]
    );
    for lb in LoadBalancer::ALL {
        check_clean(&[("lb", lb.as_str())], d.with_lb(lb));
    }
    assert_eq!(
        LoadBalancer::ALL.map(LoadBalancer::as_str),
        ["random", "round-robin", "sticky"]
    );
    for redis in Health::ALL {
        check_clean(&[("redis", redis.as_str())], d.with_redis(redis));
    }
    assert_eq!(Health::ALL.map(Health::as_str), ["up", "slow", "down"]);
    for fail in Fail::ALL {
        check_clean(&[("fail", fail.as_str())], d.with_fail(fail));
    }
    assert_eq!(Fail::ALL.map(Fail::as_str), ["open", "closed"]);
    check_clean(&[("servers", "8")], d.with_servers(8));
    check_clean(&[("burst", "500")], d.with_burst(500));
    check_clean(&[("rtt", "0.5")], d.with_rtt_us(500));
    check_clean(&[("rtt", "0")], d.with_rtt_us(0));
    check_clean(&[("rtt", "20")], d.with_rtt_us(20_000));
    check_clean(&[("limit", "100")], d.with_limit(100));
    check_clean(&[("window", "60")], d.with_window_s(60));
    check_clean(&[("window", "3600")], d.with_window_s(3600));
    check_clean(&[("span", "1000")], d.with_span_ms(1000));
    check_clean(&[("move", "0")], d.with_move_ms(Some(0)));
    check_clean(&[("move", "39")], d.with_move_ms(Some(39)));
    check_clean(&[("plan", "10")], d.with_plan(Some(10)));
    check_clean(&[("sync", "1")], d.with_sync_ms(1));
    check_clean(&[("timeout", "1000")], d.with_timeout_ms(1000));
    check_clean(&[("traffic", "1000000")], d.with_traffic(1_000_000));
    check_clean(&[("seed", "0")], d.with_seed(0));
    check_clean(&[("seed", "18446744073709551615")], d.with_seed(u64::MAX));
    check_clean(
        &[
            ("strategy", "lua"),
            ("servers", "16"),
            ("burst", "1"),
            ("rtt", "12.3"),
            ("limit", "1"),
            ("window", "60"),
            ("span", "100"),
            ("algo", "log"),
            ("edge", "30"),
            ("lb", "sticky"),
            ("move", "70"),
            ("plan", "3"),
            ("sync", "250"),
            ("redis", "slow"),
            ("timeout", "200"),
            ("fail", "closed"),
            ("traffic", "7"),
            ("seed", "7"),
        ],
        Scenario {
            strategy: Strategy::Lua,
            servers: 16,
            burst: 1,
            rtt_us: 12_300,
            limit: 1,
            window_s: 60,
            span_ms: 100,
            edge_ms: Some(30),
            algo: Some(Algo::Log),
            lb: LoadBalancer::Sticky,
            move_ms: Some(70),
            plan: Some(3),
            sync_ms: 250,
            redis: Health::Slow,
            timeout_ms: 200,
            fail: Fail::Closed,
            traffic: 7,
            seed: 7,
        },
    );
}

#[test]
fn a_repeated_name_keeps_its_last_value() {
    check_clean(
        &[("servers", "2"), ("servers", "3")],
        Scenario::default().with_servers(3),
    );
}

#[test]
fn presets_keep_their_meaning() {
    let d = Scenario::default();
    // gatepass: limit 10 a second, 4 servers, 40 requests in 40 ms, random
    // spread, 2 ms round trip.
    let gatepass = Scenario {
        servers: 4,
        burst: 40,
        rtt_us: 2_000,
        limit: 10,
        window_s: 1,
        span_ms: 40,
        lb: LoadBalancer::Random,
        ..d
    };
    // per-minute: limit 100 a minute, 4 servers, 400 requests over 1 s,
    // round-robin, 2 ms round trip.
    let per_minute = Scenario {
        servers: 4,
        burst: 400,
        rtt_us: 2_000,
        limit: 100,
        window_s: 60,
        span_ms: 1000,
        lb: LoadBalancer::RoundRobin,
        ..d
    };
    check_clean(&[("preset", "gatepass")], gatepass);
    check_clean(&[("preset", "per-minute")], per_minute);
    assert_eq!(Preset::matching(&gatepass), Some(Preset::Gatepass));
    assert_eq!(Preset::matching(&per_minute), Some(Preset::PerMinute));
    assert_eq!(Preset::matching(&d.with_servers(5)), None);
    // The first view is the gatepass scenario.
    assert_eq!(Preset::matching(&d), Some(Preset::Gatepass));
    // A preset keeps what it does not name: the strategy, the seed,
    // Redis's health and the rules around it, the strategies' own
    // settings, the traffic.
    check_clean(
        &[
            ("strategy", "getset"),
            ("preset", "per-minute"),
            ("seed", "9"),
            ("redis", "down"),
            ("fail", "closed"),
            ("timeout", "20"),
            ("sync", "100"),
            ("plan", "2"),
            ("traffic", "10"),
        ],
        Scenario {
            strategy: Strategy::GetSet,
            seed: 9,
            redis: Health::Down,
            fail: Fail::Closed,
            timeout_ms: 20,
            sync_ms: 100,
            plan: Some(2),
            traffic: 10,
            ..per_minute
        },
    );
    // It is a starting scenario: a move or a round trip given alongside
    // still applies.
    check_clean(
        &[("preset", "per-minute"), ("lb", "sticky"), ("move", "500")],
        per_minute
            .with_lb(LoadBalancer::Sticky)
            .with_move_ms(Some(500)),
    );
    // An unknown preset is ignored with a notice.
    check_notice(
        &[("preset", "hourly")],
        d,
        Notice::UnknownChoice {
            name: "preset",
            given: "hourly".into(),
            options: vec!["gatepass", "per-minute", "booking"],
            kept: "",
        },
    );
}

#[test]
fn explicit_parameters_override_a_preset_whatever_the_order() {
    let per_minute = Preset::PerMinute.apply(Scenario::default());
    let expected = per_minute.with_servers(8);
    check_clean(&[("preset", "per-minute"), ("servers", "8")], expected);
    check_clean(&[("servers", "8"), ("preset", "per-minute")], expected);
    check_clean(
        &[
            ("lb", "random"),
            ("preset", "per-minute"),
            ("rtt", "5"),
            ("window", "1"),
        ],
        per_minute
            .with_lb(LoadBalancer::Random)
            .with_rtt_us(5_000)
            .with_window_s(1),
    );
}

/// A value in model units written as the URL writes it, negative ones too.
fn written(knob: &Knob, v: i64) -> String {
    match knob.unit {
        Unit::TenthMs => {
            let sign = if v < 0 { "-" } else { "" };
            let tenths = v.abs() / 100;
            format!("{sign}{}.{}", tenths / 10, tenths % 10)
        }
        _ => v.to_string(),
    }
}

#[test]
fn every_knob_out_of_range_is_clamped_with_one_notice() {
    let d = Scenario::default();
    for knob in KNOBS {
        // The move's top is the span's last millisecond (39 by default).
        let most = match knob.name {
            "move" => d.span_ms - 1,
            "edge" => d.span_ms,
            _ => knob.max,
        };
        let below = written(knob, i64::from(knob.min) - i64::from(knob.step));
        let above = written(knob, i64::from(most) + i64::from(knob.step));
        check_notice(
            &[(knob.name, &below)],
            (knob.set)(d, knob.min),
            Notice::Below {
                knob,
                given: below.clone(),
                set: knob.min,
            },
        );
        check_notice(
            &[(knob.name, &above)],
            (knob.set)(d, most),
            Notice::Above {
                knob,
                given: above.clone(),
                set: most,
            },
        );
        // Far out: a huge number saturates and is clamped like any other.
        check_notice(
            &[(knob.name, "1e999")],
            (knob.set)(d, most),
            Notice::Above {
                knob,
                given: "1e999".into(),
                set: most,
            },
        );
    }
    // Two bad values, two notices; the good one still applies.
    let parsed = parse(&[("servers", "99"), ("burst", "7"), ("limit", "0")]);
    assert_eq!(
        parsed.scenario,
        d.with_servers(16).with_burst(7).with_limit(1)
    );
    assert_eq!(
        parsed.notices,
        [
            Notice::Above {
                knob: &SERVERS,
                given: "99".into(),
                set: 16
            },
            Notice::Below {
                knob: &LIMIT,
                given: "0".into(),
                set: 1
            },
        ]
    );
}

#[test]
fn the_move_is_kept_below_the_span_whatever_the_order() {
    let d = Scenario::default();
    // Checked once the span is known: 30 ms is past a 20 ms burst.
    let expected = d.with_span_ms(20).with_move_ms(Some(19));
    let notice = Notice::Above {
        knob: &MOVE,
        given: "30".into(),
        set: 19,
    };
    check_notice(&[("move", "30"), ("span", "20")], expected, notice.clone());
    check_notice(&[("span", "20"), ("move", "30")], expected, notice);
    // Inside a longer burst it is fine.
    check_clean(
        &[("move", "30"), ("span", "50")],
        d.with_span_ms(50).with_move_ms(Some(30)),
    );
    check_clean(
        &[("span", "1000"), ("move", "999")],
        d.with_span_ms(1000).with_move_ms(Some(999)),
    );
    // The span given by a preset counts too.
    check_clean(
        &[("move", "700"), ("preset", "per-minute")],
        Preset::PerMinute.apply(d).with_move_ms(Some(700)),
    );
    // A span too short for the move, clamped itself: both notices.
    let parsed = parse(&[("span", "0"), ("move", "5")]);
    assert_eq!(parsed.scenario, d.with_span_ms(1).with_move_ms(Some(0)));
    assert_eq!(
        parsed.notices,
        [
            Notice::Below {
                knob: &SPAN,
                given: "0".into(),
                set: 1
            },
            Notice::Above {
                knob: &MOVE,
                given: "5".into(),
                set: 0
            },
        ]
    );
}

#[test]
fn malformed_values_are_ignored_with_a_notice_and_the_rest_applies() {
    let d = Scenario::default();
    for bad in ["abc", "NaN", "", "1e", "-inf", "8 servers", "0x10", "."] {
        for knob in KNOBS {
            // `burst=8` is fine for the other names, so vary the good one.
            let (good, expected) = if knob.name == "burst" {
                (("servers", "8"), d.with_servers(8))
            } else {
                (("burst", "8"), d.with_burst(8))
            };
            let notice = Notice::NotANumber {
                knob,
                given: bad.into(),
                kept: (knob.get)(&d),
            };
            check_notice(&[(knob.name, bad), good], expected, notice.clone());
            check_notice(&[good, (knob.name, bad)], expected, notice);
        }
    }
    // A bad move keeps the one given before it would have applied: none.
    check_notice(
        &[("move", "soon")],
        d,
        Notice::NotANumber {
            knob: &MOVE,
            given: "soon".into(),
            kept: None,
        },
    );
    for (name, options, kept) in [
        (
            "strategy",
            Strategy::ALL.map(Strategy::as_str).to_vec(),
            "local",
        ),
        (
            "lb",
            LoadBalancer::ALL.map(LoadBalancer::as_str).to_vec(),
            "random",
        ),
        ("redis", Health::ALL.map(Health::as_str).to_vec(), "up"),
        ("fail", Fail::ALL.map(Fail::as_str).to_vec(), "open"),
    ] {
        for bad in ["", "Local", "ROUND-ROBIN", "x", "UP"] {
            check_notice(
                &[(name, bad), ("servers", "8")],
                d.with_servers(8),
                Notice::UnknownChoice {
                    name,
                    given: bad.into(),
                    options: options.clone(),
                    kept,
                },
            );
        }
    }
    for bad in ["-1", "18446744073709551616", "1.5", "1e3", "seven"] {
        check_notice(
            &[("seed", bad)],
            d,
            Notice::BadSeed {
                given: bad.into(),
                kept: DEFAULT_SEED,
            },
        );
    }
}

#[test]
fn a_long_bad_value_is_quoted_short() {
    let long = "x".repeat(100);
    let parsed = parse(&[("servers", &long)]);
    let expected = format!("{}…", "x".repeat(24));
    assert_eq!(
        parsed.notices,
        [Notice::NotANumber {
            knob: &SERVERS,
            given: expected,
            kept: Some(4)
        }]
    );
    // Control characters are dropped from the quote.
    let parsed = parse(&[("lb", "a\u{7}b\nc")]);
    assert!(
        matches!(&parsed.notices[..], [Notice::UnknownChoice { given, .. }] if given == "abc"),
        "{:?}",
        parsed.notices
    );
}

#[test]
fn values_between_steps_are_rounded_with_a_notice() {
    let d = Scenario::default();
    let rounded = |knob: &'static Knob, given: &str, set| Notice::Rounded {
        knob,
        given: given.into(),
        set,
    };
    check_notice(
        &[("rtt", "2.37")],
        d.with_rtt_us(2_400),
        rounded(&RTT, "2.37", 2_400),
    );
    check_notice(
        &[("rtt", "2.35")],
        d.with_rtt_us(2_400),
        rounded(&RTT, "2.35", 2_400),
    );
    check_notice(
        &[("rtt", "0.04")],
        d.with_rtt_us(0),
        rounded(&RTT, "0.04", 0),
    );
    check_notice(
        &[("rtt", "19.96")],
        d.with_rtt_us(20_000),
        rounded(&RTT, "19.96", 20_000),
    );
    // Whole-number names round to whole numbers.
    check_notice(
        &[("servers", "2.6")],
        d.with_servers(3),
        rounded(&SERVERS, "2.6", 3),
    );
    check_notice(
        &[("sync", "1.5")],
        d.with_sync_ms(2),
        rounded(&SYNC, "1.5", 2),
    );
    check_notice(
        &[("window", "59.9")],
        d.with_window_s(60),
        rounded(&WINDOW, "59.9", 60),
    );
    check_notice(
        &[("burst", "1.0001")],
        d.with_burst(1),
        rounded(&BURST, "1.0001", 1),
    );
    // Already on the step: no notice.
    check_clean(&[("rtt", "2.3")], d.with_rtt_us(2_300));
    check_clean(&[("rtt", "0.1")], d.with_rtt_us(100));
    check_clean(&[("servers", "8.0")], d.with_servers(8));
    check_clean(&[("traffic", "5e4")], d.with_traffic(50_000));
    check_clean(&[("timeout", "1e2")], d.with_timeout_ms(100));
}

#[test]
fn rounding_and_clamping_each_give_one_notice() {
    // Out of range and between steps: the range is what the notice says.
    check_notice(
        &[("plan", "16.7")],
        Scenario::default().with_plan(Some(16)),
        Notice::Above {
            knob: &PLAN,
            given: "16.7".into(),
            set: 16,
        },
    );
    check_notice(
        &[("timeout", "0.2")],
        Scenario::default().with_timeout_ms(1),
        Notice::Below {
            knob: &TIMEOUT,
            given: "0.2".into(),
            set: 1,
        },
    );
    check_notice(
        &[("traffic", "-5")],
        Scenario::default().with_traffic(1),
        Notice::Below {
            knob: &TRAFFIC,
            given: "-5".into(),
            set: 1,
        },
    );
}

#[test]
fn surrounding_whitespace_is_forgiven() {
    check_clean(&[("servers", " 8 ")], Scenario::default().with_servers(8));
    check_clean(
        &[("lb", " sticky ")],
        Scenario::default().with_lb(LoadBalancer::Sticky),
    );
}

#[test]
fn unknown_names_are_ignored_without_a_notice() {
    // A host page's own parameters, and the widget's names that are not
    // about the scenario (the moment, the prediction, the shaping).
    check_clean(
        &[
            ("utm_source", "newsletter"),
            ("page", "3"),
            ("Servers", "9"),
            ("", ""),
            ("t", "3.2"),
            ("predict", "1"),
            ("embed", "1"),
            ("hide", "quiz"),
        ],
        Scenario::default(),
    );
}

#[test]
fn the_address_rewrite_keeps_every_other_parameter_as_written_in_place() {
    let owned = |n: &str| ["strategy", "servers", "t", "embed", "preset"].contains(&n);
    let now = |pairs: &[(&'static str, &str)]| -> Vec<(&'static str, String)> {
        pairs.iter().map(|(k, v)| (*k, v.to_string())).collect()
    };
    let written = now(&[("strategy", "incr"), ("servers", "8"), ("embed", "1")]);
    // A host's and an LMS's parameters keep their place and their bytes
    // (percent-encoding, `+`, no value, odd case); the widget's own take
    // their new values where they stood, and new ones follow at the end.
    assert_eq!(
        params::merge_query(
            "?utm_source=news%20letter&servers=4&lti_launch=a+b&flag&Servers=9",
            owned,
            &written
        ),
        "utm_source=news%20letter&servers=8&lti_launch=a+b&flag&Servers=9&strategy=incr&embed=1"
    );
    // A name the widget no longer writes goes (the moment at the end of
    // the burst, a preset replaced by its settings), and so does a repeat.
    assert_eq!(
        params::merge_query(
            "t=3&x=1&preset=gatepass&servers=2&servers=3",
            owned,
            &written
        ),
        "x=1&servers=8&strategy=incr&embed=1"
    );
    // Nothing there: the state alone, in the order written.
    assert_eq!(
        params::merge_query("", owned, &written),
        "strategy=incr&servers=8&embed=1"
    );
    assert_eq!(params::merge_query("?&a=1&&", owned, &[]), "a=1");
    // What the widget wrote, written again, is unchanged.
    let once = params::merge_query("?id=7&servers=4", owned, &written);
    assert_eq!(params::merge_query(&once, owned, &written), once);
}

#[test]
fn a_query_string_splits_into_pairs() {
    assert!(params::pairs("").is_empty());
    assert!(params::pairs("?").is_empty());
    assert_eq!(
        params::pairs("?a=1&b=&c&&d=x=y"),
        [("a", "1"), ("b", ""), ("c", ""), ("d", "x=y")]
    );
    assert_eq!(params::pairs("servers=8"), [("servers", "8")]);
    assert_eq!(params::last(&params::pairs("t=1&t=2"), "t"), Some("2"));
    assert_eq!(params::last(&params::pairs("t= 3 "), "t"), Some("3"));
    assert_eq!(params::last(&params::pairs("x=1"), "t"), None);
}

#[test]
fn to_query_names_every_parameter() {
    let d = Scenario::default();
    assert_eq!(
        params::to_query(&d, &[]),
        "strategy=local&servers=4&burst=40&rtt=2&limit=10&window=1&span=40&sync=10\
         &timeout=50&traffic=50000&lb=random&redis=up&fail=open&seed=2026"
    );
    // The move and the plan only when set; the round trip in ms.
    assert_eq!(
        params::to_query(
            &d.with_rtt_us(2_500)
                .with_move_ms(Some(12))
                .with_plan(Some(3)),
            &[("t", "3.2".to_string())]
        ),
        "strategy=local&servers=4&burst=40&rtt=2.5&limit=10&window=1&span=40&move=12&plan=3\
         &sync=10&timeout=50&traffic=50000&lb=random&redis=up&fail=open&seed=2026&t=3.2"
    );
}

#[test]
fn values_are_written_as_the_url_writes_them() {
    assert_eq!(params::format_ms(2_000), "2");
    assert_eq!(params::format_ms(2_500), "2.5");
    assert_eq!(params::format_ms(100), "0.1");
    assert_eq!(params::format_ms(0), "0");
    assert_eq!(params::format_ms(20_000), "20");
    assert_eq!(params::write_value(&RTT, 12_300), "12.3");
    assert_eq!(params::write_value(&TRAFFIC, 50_000), "50000");
    assert_eq!(params::read_value(&RTT, "12.34"), Some(12_300));
    assert_eq!(params::read_value(&SERVERS, "2.5"), Some(3));
    assert_eq!(params::read_value(&SERVERS, "x"), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn to_query_then_parse_round_trips(s in scenario()) {
        let parsed = parse_query(&params::to_query(&s, &[]));
        prop_assert_eq!(parsed.scenario, s);
        prop_assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        let pairs = params::to_pairs(&s);
        let parsed = params::parse(pairs.iter().map(|(k, v)| (*k, v.as_str())));
        prop_assert_eq!(parsed.scenario, s);
    }

    #[test]
    fn parse_never_panics_and_stays_in_range(
        pairs in prop::collection::vec(
            (
                prop::sample::select(vec![
                    "strategy", "servers", "burst", "rtt", "limit", "window", "span", "lb",
                    "move", "plan", "sync", "redis", "timeout", "fail", "traffic", "seed",
                    "preset", "t", "other",
                ]),
                prop_oneof![".{0,12}", "-?[0-9]{0,6}(\\.[0-9]{0,4})?(e-?[0-9]{1,3})?"],
            ),
            0..12,
        )
    ) {
        let parsed = params::parse(pairs.iter().map(|(k, v)| (*k, v.as_str())));
        prop_assert_eq!(parsed.scenario, parsed.scenario.clamped());
        // At most one notice for each distinct name given (the last value counts).
        let names: std::collections::BTreeSet<&str> = pairs.iter().map(|(k, _)| *k).collect();
        prop_assert!(parsed.notices.len() <= names.len(), "{:?}", parsed.notices);
    }
}

#[test]
fn decimals_are_read_without_floats() {
    use ratelimit_lab::sim::params::{parse_decimal, Decimal};
    let d = |milli, exact| Some(Decimal { milli, exact });
    for (text, expected) in [
        ("2.37", d(2370, true)),
        ("8", d(8000, true)),
        ("-3", d(-3000, true)),
        ("+.5", d(500, true)),
        ("0.0001", d(0, false)),
        ("0.0000", d(0, true)),
        ("1.5e1", d(15_000, true)),
        ("25E-1", d(2500, true)),
        ("2e-4", d(0, false)),
        ("1e999", d(i64::MAX, true)),
        ("", None),
        (".", None),
        ("1e", None),
        ("1.2.3", None),
        ("- 1", None),
    ] {
        assert_eq!(parse_decimal(text), expected, "{text:?}");
    }
}

#[test]
fn an_algorithm_the_strategy_does_not_take_is_named_with_those_it_does() {
    // INCR is the fixed window's command: a log is refused, politely.
    check_notice(
        &[("strategy", "incr"), ("algo", "log")],
        Scenario::default().with_strategy(Strategy::Incr),
        Notice::UnknownChoice {
            name: "algo",
            given: "log".into(),
            options: vec!["fixed"],
            kept: "fixed",
        },
    );
    // The script takes a log; its default is the bucket.
    check_clean(
        &[("algo", "log"), ("strategy", "lua")],
        Scenario::default()
            .with_strategy(Strategy::Lua)
            .with_algo(Some(Algo::Log)),
    );
    check_notice(
        &[("strategy", "lua"), ("algo", "leaky")],
        Scenario::default().with_strategy(Strategy::Lua),
        Notice::UnknownChoice {
            name: "algo",
            given: "leaky".into(),
            options: vec!["bucket", "log", "counter", "fixed"],
            kept: "bucket",
        },
    );
    // An edge past the burst's end is set to its end.
    check_notice(
        &[("edge", "90")],
        Scenario::default().with_edge_ms(Some(40)),
        Notice::Above {
            knob: &EDGE,
            given: "90".into(),
            set: 40,
        },
    );
}
