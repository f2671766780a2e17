//! URL parameters and embed attributes (SPEC §5): names, presets, clamping,
//! notices, and the round trip through `to_query`.

use proptest::prelude::*;
use ratelimit_lab::sim::params::{self, Parsed};
use ratelimit_lab::sim::{LoadBalancer, Scenario, Strategy};

use crate::properties::scenario;

fn parse(pairs: &[(&str, &str)]) -> Parsed {
    params::parse(pairs.iter().copied())
}

/// Parses a query string (`a=1&b=2`, no leading `?`).
fn parse_query(query: &str) -> Parsed {
    params::parse(
        query
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| p.split_once('=').unwrap_or((p, ""))),
    )
}

#[track_caller]
fn check_clean(pairs: &[(&str, &str)], expected: Scenario) {
    let parsed = parse(pairs);
    assert_eq!(parsed.scenario, expected, "{pairs:?}");
    assert_eq!(parsed.notices, Vec::<String>::new(), "{pairs:?}");
}

/// `pairs` gives `expected` with exactly one notice, which names `name`.
#[track_caller]
fn check_one_notice(pairs: &[(&str, &str)], expected: Scenario, name: &str) -> String {
    let parsed = parse(pairs);
    assert_eq!(parsed.scenario, expected, "{pairs:?}");
    assert_eq!(parsed.notices.len(), 1, "{pairs:?}: {:?}", parsed.notices);
    let notice = parsed.notices[0].clone();
    assert!(notice.contains(name), "{pairs:?}: {notice:?}");
    notice
}

#[test]
fn nothing_gives_the_defaults() {
    let parsed = parse(&[]);
    assert_eq!(
        parsed,
        Parsed {
            scenario: Scenario::default(),
            notices: vec![],
            embed: false
        }
    );
    let d = Scenario::default();
    assert_eq!(
        (d.strategy, d.servers, d.burst, d.rtt_us, d.limit, d.span_ms, d.lb),
        (Strategy::Local, 4, 40, 2_000, 10, 40, LoadBalancer::Random)
    );
    assert_eq!(d.seed, ratelimit_lab::sim::DEFAULT_SEED);
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
    check_clean(&[("servers", "8")], d.with_servers(8));
    check_clean(&[("burst", "500")], d.with_burst(500));
    check_clean(&[("rtt", "0.5")], d.with_rtt_us(500));
    check_clean(&[("rtt", "0")], d.with_rtt_us(0));
    check_clean(&[("rtt", "20")], d.with_rtt_us(20_000));
    check_clean(&[("limit", "100")], d.with_limit(100));
    check_clean(&[("span", "1000")], d.with_span_ms(1000));
    check_clean(
        &[("lb", "round-robin")],
        d.with_lb(LoadBalancer::RoundRobin),
    );
    check_clean(&[("lb", "random")], d.with_lb(LoadBalancer::Random));
    check_clean(&[("seed", "0")], d.with_seed(0));
    check_clean(&[("seed", "18446744073709551615")], d.with_seed(u64::MAX));
    check_clean(
        &[
            ("strategy", "incr"),
            ("servers", "16"),
            ("burst", "1"),
            ("rtt", "12.3"),
            ("limit", "1"),
            ("span", "1"),
            ("lb", "round-robin"),
            ("seed", "7"),
        ],
        Scenario {
            strategy: Strategy::Incr,
            servers: 16,
            burst: 1,
            rtt_us: 12_300,
            limit: 1,
            span_ms: 1,
            lb: LoadBalancer::RoundRobin,
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
fn presets() {
    let d = Scenario::default();
    // gatepass: limit 10/s, 4 servers, 40 requests in 40 ms, random, 2 ms.
    let gatepass = Scenario {
        servers: 4,
        burst: 40,
        rtt_us: 2_000,
        limit: 10,
        span_ms: 40,
        lb: LoadBalancer::Random,
        ..d
    };
    // per-minute: limit 100, 4 servers, 400 requests over 1 s, round-robin, 2 ms.
    let per_minute = Scenario {
        servers: 4,
        burst: 400,
        rtt_us: 2_000,
        limit: 100,
        span_ms: 1000,
        lb: LoadBalancer::RoundRobin,
        ..d
    };
    check_clean(&[("preset", "gatepass")], gatepass);
    check_clean(&[("preset", "per-minute")], per_minute);
    // A preset keeps the strategy and seed given alongside it.
    check_clean(
        &[
            ("strategy", "getset"),
            ("preset", "per-minute"),
            ("seed", "9"),
        ],
        per_minute.with_strategy(Strategy::GetSet).with_seed(9),
    );
    // An unknown preset is ignored with a notice.
    check_one_notice(&[("preset", "hourly")], d, "preset");
}

#[test]
fn explicit_parameters_override_a_preset_whatever_the_order() {
    let expected = Scenario::default()
        .with_burst(400)
        .with_limit(100)
        .with_span_ms(1000);
    let expected = expected.with_lb(LoadBalancer::RoundRobin).with_servers(8);
    check_clean(&[("preset", "per-minute"), ("servers", "8")], expected);
    check_clean(&[("servers", "8"), ("preset", "per-minute")], expected);
    check_clean(
        &[("lb", "random"), ("preset", "per-minute"), ("rtt", "5")],
        expected
            .with_servers(4)
            .with_lb(LoadBalancer::Random)
            .with_rtt_us(5_000),
    );
}

#[test]
fn out_of_range_values_are_clamped_with_one_notice_each() {
    let d = Scenario::default();
    let cases: [(&str, &str, Scenario); 15] = [
        ("servers", "0", d.with_servers(1)),
        ("servers", "-3", d.with_servers(1)),
        ("servers", "17", d.with_servers(16)),
        ("servers", "1000", d.with_servers(16)),
        ("burst", "0", d.with_burst(1)),
        ("burst", "501", d.with_burst(500)),
        ("burst", "1e9", d.with_burst(500)),
        ("burst", "1e999", d.with_burst(500)),
        ("rtt", "-1", d.with_rtt_us(0)),
        ("rtt", "25", d.with_rtt_us(20_000)),
        ("rtt", "20.1", d.with_rtt_us(20_000)),
        ("limit", "0", d.with_limit(1)),
        ("limit", "201", d.with_limit(200)),
        ("span", "0", d.with_span_ms(1)),
        ("span", "1001", d.with_span_ms(1000)),
    ];
    for (name, value, expected) in cases {
        check_one_notice(&[(name, value)], expected, name);
    }
    // Two bad values, two notices; the good one still applies.
    let parsed = parse(&[("servers", "99"), ("burst", "7"), ("limit", "0")]);
    assert_eq!(
        parsed.scenario,
        d.with_servers(16).with_burst(7).with_limit(1)
    );
    assert_eq!(parsed.notices.len(), 2, "{:?}", parsed.notices);
}

#[test]
fn malformed_values_are_ignored_with_a_notice_and_the_rest_applies() {
    let d = Scenario::default();
    for bad in ["abc", "NaN", "", "1e", "-inf", "8 servers", "0x10", "."] {
        for name in ["servers", "burst", "rtt", "limit", "span", "seed"] {
            // `seed=8` is fine for the other names, so vary the good one.
            let good = if name == "burst" {
                ("servers", "8")
            } else {
                ("burst", "8")
            };
            let expected = if name == "burst" {
                d.with_servers(8)
            } else {
                d.with_burst(8)
            };
            check_one_notice(&[(name, bad), good], expected, name);
            check_one_notice(&[good, (name, bad)], expected, name);
        }
    }
    for name in ["strategy", "lb", "preset"] {
        for bad in ["", "Local", "ROUND-ROBIN", "x"] {
            check_one_notice(&[(name, bad), ("servers", "8")], d.with_servers(8), name);
        }
    }
    for bad in ["-1", "18446744073709551616", "1.5", "1e3"] {
        check_one_notice(&[("seed", bad)], d, "seed");
    }
}

#[test]
fn rtt_is_rounded_to_a_tenth_of_a_millisecond_with_a_notice() {
    let d = Scenario::default();
    let notice = check_one_notice(&[("rtt", "2.37")], d.with_rtt_us(2_400), "rtt");
    assert!(notice.contains("rounded"), "{notice:?}");
    assert!(notice.contains("2.4"), "{notice:?}");
    check_one_notice(&[("rtt", "0.04")], d.with_rtt_us(0), "rtt");
    check_one_notice(&[("rtt", "19.96")], d.with_rtt_us(20_000), "rtt");
    // Whole-number names round to whole numbers.
    check_one_notice(&[("servers", "2.6")], d.with_servers(3), "servers");
    // Already on the step: no notice.
    check_clean(&[("rtt", "2.3")], d.with_rtt_us(2_300));
    check_clean(&[("rtt", "0.1")], d.with_rtt_us(100));
    check_clean(&[("servers", "8.0")], d.with_servers(8));
}

#[test]
fn surrounding_whitespace_is_forgiven() {
    check_clean(&[("servers", " 8 ")], Scenario::default().with_servers(8));
}

#[test]
fn unknown_names_are_ignored_without_a_notice() {
    check_clean(
        &[
            ("utm_source", "newsletter"),
            ("page", "3"),
            ("Servers", "9"),
            ("", ""),
        ],
        Scenario::default(),
    );
}

#[test]
fn embed() {
    assert!(parse(&[("embed", "1")]).embed);
    assert!(!parse(&[]).embed);
    assert!(!parse(&[("embed", "0")]).embed);
    assert!(parse(&[("embed", "1")]).notices.is_empty());
    let q = params::to_query(&Scenario::default(), true);
    assert!(q.ends_with("&embed=1"), "{q}");
    assert!(parse_query(&q).embed);
    assert!(!parse_query(&params::to_query(&Scenario::default(), false)).embed);
}

#[test]
fn to_query_names_every_parameter() {
    assert_eq!(
        params::to_query(&Scenario::default(), false),
        "strategy=local&servers=4&burst=40&rtt=2&limit=10&span=40&lb=random&seed=2026"
    );
    assert_eq!(
        params::to_query(&Scenario::default().with_rtt_us(2_500), false),
        "strategy=local&servers=4&burst=40&rtt=2.5&limit=10&span=40&lb=random&seed=2026"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn to_query_then_parse_round_trips(s in scenario(), embed in prop::bool::ANY) {
        let parsed = parse_query(&params::to_query(&s, embed));
        prop_assert_eq!(parsed.scenario, s);
        prop_assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        prop_assert_eq!(parsed.embed, embed);
    }

    #[test]
    fn parse_never_panics_and_stays_in_range(
        pairs in prop::collection::vec(
            (
                prop::sample::select(vec![
                    "strategy", "servers", "burst", "rtt", "limit", "span", "lb", "seed",
                    "preset", "embed", "other",
                ]),
                ".{0,12}",
            ),
            0..10,
        )
    ) {
        let parsed = params::parse(pairs.iter().map(|(k, v)| (*k, v.as_str())));
        prop_assert_eq!(parsed.scenario, parsed.scenario.clamped());
        prop_assert!(parsed.notices.len() <= pairs.len());
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
