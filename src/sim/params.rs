//! URL parameters and embed attributes: text in, a scenario out, plus one
//! [`Notice`] for everything that had to be adjusted (the widget words them;
//! this module only says what happened).
//!
//! The same names serve `?servers=8` in a URL and `data-servers="8"` on a
//! script-tag mount. Unknown names are ignored (a host page's own query
//! parameters must not raise notices); a bad value is clamped or ignored and
//! the rest still applies.

use super::scenario::{
    Algo, Fail, Health, Knob, LoadBalancer, Preset, Scenario, Strategy, Unit, BURST, EDGE, KNOBS,
    LIMIT, MOVE, PLAN, RTT, SERVERS, SPAN, SYNC, TIMEOUT, TRAFFIC, WINDOW,
};

/// What a parameter sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A number of the scenario, with its range and unit: a [`Knob`] (a
    /// slider, or the traffic field), whose own const gives the name.
    Knob,
    /// A setting of the scenario chosen by name, or the seed ([`CHOICES`]).
    Choice,
    /// The page: a preset, the moment, what is shown and how (`vm::page`).
    Page,
}

/// One parameter of the URL, which is also an attribute of a host
/// element (`data-servers` on a `data-ratelimit-lab` element, `servers`
/// on `<rate-limit-lab>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The name in the URL.
    pub name: &'static str,
    /// What it sets.
    pub kind: Kind,
}

impl Param {
    const fn knob(k: &Knob) -> Param {
        Param {
            name: k.name,
            kind: Kind::Knob,
        }
    }
    const fn choice(name: &'static str) -> Param {
        Param {
            name,
            kind: Kind::Choice,
        }
    }
    const fn page(name: &'static str) -> Param {
        Param {
            name,
            kind: Kind::Page,
        }
    }
}

/// Every parameter a URL or a host element may carry, in the order the
/// embedding guide lists them: the one table of the names. A knob's name
/// is its [`Knob`]'s; [`NAMES`], [`CHOICES`], the guide's table
/// (`vm::page::ABOUT`, checked against this by a test) and the loader's
/// list (written into `ratelimit-lab.js` by `src/bin/names.rs` when the
/// bundle is built) come from it.
pub const PARAMS: [Param; 31] = [
    Param::page("preset"),
    Param::choice("strategy"),
    Param::choice("algo"),
    Param::knob(&EDGE),
    Param::knob(&SERVERS),
    Param::knob(&BURST),
    Param::knob(&RTT),
    Param::knob(&LIMIT),
    Param::knob(&WINDOW),
    Param::knob(&SPAN),
    Param::choice("lb"),
    Param::knob(&MOVE),
    Param::knob(&PLAN),
    Param::knob(&SYNC),
    Param::choice("redis"),
    Param::knob(&TIMEOUT),
    Param::choice("fail"),
    Param::knob(&TRAFFIC),
    Param::choice("seed"),
    Param::page("t"),
    Param::page("predict"),
    Param::page("embed"),
    Param::page("hide"),
    Param::page("tabs"),
    Param::page("compact"),
    Param::page("content"),
    Param::page("lang"),
    Param::page("mastery"),
    Param::page("fallback"),
    Param::page("theme"),
    Param::page("tour"),
];

/// The names of the [`PARAMS`] of `kind` (all of them with `None`), in
/// the table's order; `N` must be their number (else the build fails).
const fn names_of<const N: usize>(kind: Option<Kind>) -> [&'static str; N] {
    let mut out = [""; N];
    let (mut i, mut j) = (0, 0);
    while i < PARAMS.len() {
        let p = PARAMS[i];
        let take = match kind {
            None => true,
            Some(k) => k as u8 == p.kind as u8,
        };
        if take {
            assert!(j < N, "more names of that kind than N");
            out[j] = p.name;
            j += 1;
        }
        i += 1;
    }
    assert!(j == N, "fewer names of that kind than N");
    out
}

/// Every name of [`PARAMS`]: everything a host element's attributes may
/// carry.
pub const NAMES: [&str; 31] = names_of(None);

/// Names read besides the knobs', in the order the URL writes them.
pub const CHOICES: [&str; 6] = names_of(Some(Kind::Choice));

/// Something in the parameters that was adjusted or ignored. Values are in
/// the knob's model units (µs for the round trip).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The value is not a number; the setting keeps `kept` (`None`: it
    /// stays unset, such as no move).
    NotANumber {
        knob: &'static Knob,
        given: String,
        kept: Option<u32>,
    },
    /// Below the range; set to the least allowed.
    Below {
        knob: &'static Knob,
        given: String,
        set: u32,
    },
    /// Above the range; set to the most allowed.
    Above {
        knob: &'static Knob,
        given: String,
        set: u32,
    },
    /// Between steps; rounded to the nearest.
    Rounded {
        knob: &'static Knob,
        given: String,
        set: u32,
    },
    /// Not one of the names the parameter takes; `kept` is used instead.
    UnknownChoice {
        name: &'static str,
        given: String,
        options: Vec<&'static str>,
        kept: &'static str,
    },
    /// The seed is not a whole number in range; `kept` is used.
    BadSeed { given: String, kept: u64 },
}

/// The result of reading parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    /// The starting scenario.
    pub scenario: Scenario,
    /// One entry per parameter that was adjusted or ignored.
    pub notices: Vec<Notice>,
}

/// The last value given for `name` among `pairs`, trimmed.
pub fn last<'a>(pairs: &[(&'a str, &'a str)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
}

/// Splits a query string (`a=1&b=2`, with or without the leading `?`) into
/// pairs, without percent-decoding (the browser's `URLSearchParams` decodes
/// the page's own URL; this serves tools and tests).
pub fn pairs(query: &str) -> Vec<(&str, &str)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
        .collect()
}

/// Reads `(name, value)` pairs. A `preset` applies first, then the named
/// parameters over it, whatever their order; a repeated name keeps its last
/// value.
pub fn parse<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Parsed {
    let pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
    let last = |name: &str| last(&pairs, name);
    let mut notices = Vec::new();
    let mut s = Scenario::default();

    if let Some(v) = last("preset") {
        match Preset::parse(v) {
            Some(p) => s = p.apply(s),
            None => notices.push(Notice::UnknownChoice {
                name: "preset",
                given: shorten(v),
                options: Preset::ALL.iter().map(|p| p.as_str()).collect(),
                kept: "",
            }),
        }
    }
    read_choices(&last, &mut s, &mut notices);
    read_knobs(&last, &mut s, &mut notices);
    if let Some(v) = last("seed") {
        match v.parse::<u64>() {
            Ok(seed) => s = s.with_seed(seed),
            Err(_) => notices.push(Notice::BadSeed {
                given: shorten(v),
                kept: s.seed,
            }),
        }
    }
    Parsed {
        scenario: s,
        notices,
    }
}

/// Reads the named choices (the strategy first: how the count is kept
/// depends on it) into `s`.
fn read_choices<'a>(
    last: &dyn Fn(&str) -> Option<&'a str>,
    s: &mut Scenario,
    notices: &mut Vec<Notice>,
) {
    choice(
        last("strategy"),
        "strategy",
        &Strategy::ALL,
        Strategy::as_str,
        &mut s.strategy,
        notices,
    );
    // How the count is kept: only a way the strategy takes.
    if let Some(v) = last("algo") {
        let takes = s.strategy.algos();
        match Algo::parse(v).filter(|a| takes.contains(a)) {
            Some(a) => *s = s.with_algo(Some(a)),
            None => notices.push(Notice::UnknownChoice {
                name: "algo",
                given: shorten(v),
                options: takes.iter().map(|a| a.as_str()).collect(),
                kept: s.algo().as_str(),
            }),
        }
    }
    choice(
        last("lb"),
        "lb",
        &LoadBalancer::ALL,
        LoadBalancer::as_str,
        &mut s.lb,
        notices,
    );
    choice(
        last("redis"),
        "redis",
        &Health::ALL,
        Health::as_str,
        &mut s.redis,
        notices,
    );
    choice(
        last("fail"),
        "fail",
        &Fail::ALL,
        Fail::as_str,
        &mut s.fail,
        notices,
    );
}

/// Reads every knob into `s` (the move and the edge last, within the span).
fn read_knobs<'a>(
    last: &dyn Fn(&str) -> Option<&'a str>,
    s: &mut Scenario,
    notices: &mut Vec<Notice>,
) {
    // The move and the edge are checked against the span once it is known.
    for knob in KNOBS
        .iter()
        .filter(|k| k.name != MOVE.name && k.name != EDGE.name)
    {
        if let Some(v) = last(knob.name) {
            let current = (knob.get)(s);
            if let Some(n) = read_number(knob, v, knob.max, current, notices) {
                *s = (knob.set)(*s, n);
            }
        }
    }
    if let Some(v) = last(MOVE.name) {
        let most = s.span_ms - 1;
        if let Some(n) = read_number(&MOVE, v, most, s.move_ms, notices) {
            *s = s.with_move_ms(Some(n));
        }
    }
    if let Some(v) = last(EDGE.name) {
        if let Some(n) = read_number(&EDGE, v, s.span_ms, s.edge_ms, notices) {
            *s = s.with_edge_ms(Some(n));
        }
    }
}

/// Reads one named choice into `value`, or records why it was ignored.
fn choice<T: Copy>(
    given: Option<&str>,
    name: &'static str,
    all: &[T],
    as_str: fn(T) -> &'static str,
    value: &mut T,
    notices: &mut Vec<Notice>,
) {
    let Some(v) = given else { return };
    match all.iter().copied().find(|c| as_str(*c) == v) {
        Some(c) => *value = c,
        None => notices.push(Notice::UnknownChoice {
            name,
            given: shorten(v),
            options: all.iter().map(|c| as_str(*c)).collect(),
            kept: as_str(*value),
        }),
    }
}

/// A decimal number as written, in thousandths: "2.37" is 2370. Digits
/// past the third decimal only make `exact` false. Integer arithmetic
/// only (no float parsing or formatting, which would weigh on the wasm).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decimal {
    /// The value × 1000, saturating.
    pub milli: i64,
    /// False when non-zero digits past the third decimal were dropped.
    pub exact: bool,
}

/// Parses `[+-]digits[.digits][e[+-]digits]` (or `.5`); anything else is
/// `None`. Huge values saturate (and are then clamped like any other).
pub fn parse_decimal(text: &str) -> Option<Decimal> {
    let (negative, body) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    let exponent: i32 = match exponent {
        None => 0,
        Some(e) => {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let n = digits.parse::<u16>().unwrap_or(u16::MAX).min(400) as i32;
            if e.starts_with('-') {
                -n
            } else {
                n
            }
        }
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) {
        return None;
    }
    let mut milli: i64 = 0;
    for b in whole.bytes() {
        milli = milli.saturating_mul(10).saturating_add(i64::from(b - b'0'));
    }
    milli = milli.saturating_mul(1000);
    let mut scale = 100;
    let mut exact = true;
    for b in fraction.bytes() {
        let d = i64::from(b - b'0');
        if scale > 0 {
            milli = milli.saturating_add(d * scale);
            scale /= 10;
        } else if d != 0 {
            exact = false;
        }
    }
    for _ in 0..exponent.max(0) {
        milli = milli.saturating_mul(10);
    }
    for _ in 0..(-exponent).max(0) {
        exact &= milli % 10 == 0;
        milli /= 10;
    }
    Some(Decimal {
        milli: if negative { -milli } else { milli },
        exact,
    })
}

/// Round-half-away-from-zero division for the parser's thousandths.
fn div_round(n: i64, d: i64) -> i64 {
    if n >= 0 {
        n.saturating_add(d / 2) / d
    } else {
        -((-n).saturating_add(d / 2) / d)
    }
}

/// Thousandths of the written unit in one model unit: 1 for the round trip
/// (written in ms, kept in µs), 1000 for whole numbers.
fn milli_per_model(unit: Unit) -> i64 {
    match unit {
        Unit::TenthMs => 1,
        _ => 1000,
    }
}

/// A setting as written (`text`), in model units: rounded to the knob's
/// step. `None` if it is not a number.
pub fn read_value(knob: &Knob, text: &str) -> Option<i64> {
    let x = parse_decimal(text)?;
    let per_step = milli_per_model(knob.unit) * i64::from(knob.step);
    Some(div_round(x.milli, per_step).saturating_mul(i64::from(knob.step)))
}

/// Reads a number, rounds it to the knob's step, clamps it into
/// `knob.min..=most`, and records any change. `None` (and a notice) if it
/// is not a number.
fn read_number(
    knob: &'static Knob,
    text: &str,
    most: u32,
    current: Option<u32>,
    notices: &mut Vec<Notice>,
) -> Option<u32> {
    let given = shorten(text);
    let (Some(x), Some(model)) = (parse_decimal(text), read_value(knob, text)) else {
        notices.push(Notice::NotANumber {
            knob,
            given,
            kept: current,
        });
        return None;
    };
    let set = model.clamp(i64::from(knob.min), i64::from(most)) as u32;
    if model < i64::from(knob.min) {
        notices.push(Notice::Below { knob, given, set });
    } else if model > i64::from(most) {
        notices.push(Notice::Above { knob, given, set });
    } else if !x.exact || model.saturating_mul(milli_per_model(knob.unit)) != x.milli {
        notices.push(Notice::Rounded { knob, given, set });
    }
    Some(set)
}

/// Microseconds as milliseconds with at most one decimal: 2000 → "2",
/// 2500 → "2.5", 100 → "0.1".
pub fn format_ms(us: u32) -> String {
    hundredths(u64::from((us + 50) / 100) * 10)
}

/// `hundredths / 100` with at most two decimals and no trailing zeros:
/// 175 → "1.75", 200 → "2", 5 → "0.05" (the one writer of a decimal;
/// `vm::format` shows every figure with it).
pub fn hundredths(h: u64) -> String {
    match h % 100 {
        0 => format!("{}", h / 100),
        f if f % 10 == 0 => format!("{}.{}", h / 100, f / 10),
        f => format!("{}.{f:02}", h / 100),
    }
}

/// A knob's value as the URL writes it: "2.5" for 2,500 µs of round trip,
/// "8" for eight servers.
pub fn write_value(knob: &Knob, v: u32) -> String {
    match knob.unit {
        Unit::TenthMs => format_ms(v),
        _ => v.to_string(),
    }
}

/// Keeps a quoted bad value short and free of control characters.
pub fn shorten(text: &str) -> String {
    let mut out: String = text.chars().filter(|c| !c.is_control()).take(24).collect();
    if text.chars().count() > 24 {
        out.push('…');
    }
    out
}

/// The scenario as URL parameters, every setting given (the move and the
/// plan only when set) so that a shared link means the same thing even if
/// defaults change later.
pub fn to_pairs(s: &Scenario) -> Vec<(&'static str, String)> {
    let mut out = vec![("strategy", s.strategy.as_str().to_string())];
    if let Some(a) = s.algo.filter(|a| s.strategy.algos().contains(a)) {
        out.push(("algo", a.as_str().to_string()));
    }
    for knob in KNOBS {
        if let Some(v) = (knob.get)(s) {
            out.push((knob.name, write_value(knob, v)));
        }
    }
    out.extend([
        ("lb", s.lb.as_str().to_string()),
        ("redis", s.redis.as_str().to_string()),
        ("fail", s.fail.as_str().to_string()),
        ("seed", s.seed.to_string()),
    ]);
    out
}

/// The scenario as a query string (without the leading `?`), with `extra`
/// pairs after it.
pub fn to_query(s: &Scenario, extra: &[(&str, String)]) -> String {
    let scenario = to_pairs(s);
    let all = scenario
        .iter()
        .map(|(k, v)| (*k, v.as_str()))
        .chain(extra.iter().map(|(k, v)| (*k, v.as_str())));
    let mut q = String::new();
    for (k, v) in all {
        if !q.is_empty() {
            q.push('&');
        }
        q.push_str(k);
        q.push('=');
        q.push_str(v);
    }
    q
}

/// The query `current` (as the address holds it, with or without its `?`)
/// with the widget's own parameters brought up to date: `owned` says which
/// names are the widget's, `written` gives their values now. An owned name
/// keeps its place, with its new value (a repeat of it goes, and so does
/// one no longer written); every other parameter stays exactly as written,
/// where it was; owned names not there yet follow at the end, in the order
/// of `written`.
pub fn merge_query(current: &str, owned: fn(&str) -> bool, written: &[(&str, String)]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut done = vec![false; written.len()];
    let mut put = |i: usize, out: &mut Vec<String>| {
        if !std::mem::replace(&mut done[i], true) {
            out.push(format!("{}={}", written[i].0, written[i].1));
        }
    };
    for part in current.trim_start_matches('?').split('&') {
        let name = part.split_once('=').map_or(part, |(k, _)| k);
        if part.is_empty() {
            continue;
        }
        if !owned(name) {
            out.push(part.to_string());
        } else if let Some(i) = written.iter().position(|(k, _)| *k == name) {
            put(i, &mut out);
        }
    }
    for i in 0..written.len() {
        put(i, &mut out);
    }
    out.join("&")
}
