//! URL parameters and embed attributes: text in, a scenario out, plus a
//! polite sentence for everything that had to be adjusted.
//!
//! The same names serve `?servers=8` in a URL and `data-servers="8"` on a
//! script-tag mount. Unknown names are ignored (a host page's own query
//! parameters must not raise notices); a bad value is clamped or ignored and
//! the rest still applies.

use super::scenario::{
    LoadBalancer, Preset, Range, Scenario, Strategy, BURST, LIMIT, RTT_US, SERVERS, SPAN_MS,
};

/// The names this module reads, in the order the URL writes them.
pub const NAMES: [&str; 8] = [
    "strategy", "servers", "burst", "rtt", "limit", "span", "lb", "seed",
];

/// The result of reading parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    /// The starting scenario.
    pub scenario: Scenario,
    /// One sentence per parameter that was adjusted or ignored.
    pub notices: Vec<String>,
    /// Whether `embed=1` asked for the widget without page chrome.
    pub embed: bool,
}

/// Reads `(name, value)` pairs. A `preset` applies first, then the named
/// parameters over it, whatever their order; a repeated name keeps its last
/// value.
pub fn parse<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Parsed {
    let pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
    let last = |name: &str| {
        pairs
            .iter()
            .rev()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.trim())
    };
    let mut notices = Vec::new();
    let mut s = Scenario::default();

    if let Some(v) = last("preset") {
        match Preset::parse(v) {
            Some(p) => s = p.apply(s),
            None => notices.push(format!(
                "preset “{}” is not one we know (try gatepass or per-minute), so the usual starting point is shown.",
                shorten(v)
            )),
        }
    }
    if let Some(v) = last("strategy") {
        match Strategy::parse(v) {
            Some(st) => s = s.with_strategy(st),
            None => notices.push(format!(
                "strategy “{}” is not one of local, split, getset or incr, so {} is shown.",
                shorten(v),
                s.strategy.as_str()
            )),
        }
    }
    if let Some(v) = last("lb") {
        match LoadBalancer::parse(v) {
            Some(lb) => s = s.with_lb(lb),
            None => notices.push(format!(
                "lb “{}” is not random or round-robin, so {} is used.",
                shorten(v),
                s.lb.as_str()
            )),
        }
    }
    let whole = [
        ("servers", SERVERS, s.servers, &WHOLE),
        ("burst", BURST, s.burst, &WHOLE),
        ("limit", LIMIT, s.limit, &WHOLE),
        ("span", SPAN_MS, s.span_ms, &WHOLE_MS),
    ];
    for (name, range, current, unit) in whole {
        if let Some(v) = last(name) {
            let n = read_number(name, v, range, current, unit, &mut notices);
            s = match name {
                "servers" => s.with_servers(n),
                "burst" => s.with_burst(n),
                "limit" => s.with_limit(n),
                _ => s.with_span_ms(n),
            };
        }
    }
    if let Some(v) = last("rtt") {
        // Read in milliseconds, kept in microseconds.
        let us = read_number("rtt", v, RTT_US, s.rtt_us, &TENTH_MS, &mut notices);
        s = s.with_rtt_us(us);
    }
    if let Some(v) = last("seed") {
        match v.parse::<u64>() {
            Ok(seed) => s = s.with_seed(seed),
            Err(_) => notices.push(format!(
                "seed “{}” is not a whole number from 0 to 18446744073709551615, so seed {} is used.",
                shorten(v),
                s.seed
            )),
        }
    }
    Parsed {
        scenario: s,
        notices,
        embed: matches!(last("embed"), Some("1" | "true" | "yes")),
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

/// How a parameter is written and kept.
struct Unit {
    /// Thousandths of the written unit in one model unit: 1000 for whole
    /// numbers (servers = 8), 1 for the round trip (ms written, µs kept).
    milli_per_model: i64,
    /// The step, in model units: 1, or 100 µs for the round trip.
    step: i64,
    /// Shown after a value in a notice: "" or " ms".
    suffix: &'static str,
}

const WHOLE: Unit = Unit {
    milli_per_model: 1000,
    step: 1,
    suffix: "",
};
const WHOLE_MS: Unit = Unit {
    milli_per_model: 1000,
    step: 1,
    suffix: " ms",
};
const TENTH_MS: Unit = Unit {
    milli_per_model: 1,
    step: 100,
    suffix: " ms",
};

/// Reads a number, rounds it to the parameter's step, clamps it into the
/// range, and explains any change in a notice.
fn read_number(
    name: &str,
    text: &str,
    range: Range,
    current: u32,
    unit: &Unit,
    notices: &mut Vec<String>,
) -> u32 {
    let show = |model: u32| {
        if unit.milli_per_model == 1 {
            format!("{}{}", format_ms(model), unit.suffix)
        } else {
            format!("{model}{}", unit.suffix)
        }
    };
    let given = shorten(text);
    let Some(x) = parse_decimal(text) else {
        notices.push(format!(
            "{name}=“{given}” is not a number, so it stays at {}.",
            show(current)
        ));
        return current;
    };
    let per_step = unit.milli_per_model * unit.step;
    let model = div_round(x.milli, per_step).saturating_mul(unit.step);
    let clamped = model.clamp(i64::from(range.min), i64::from(range.max)) as u32;
    if model < i64::from(range.min) {
        notices.push(format!(
            "{name}={given} is below the least allowed, so it is set to {}.",
            show(clamped)
        ));
    } else if model > i64::from(range.max) {
        notices.push(format!(
            "{name}={given} is above the most allowed, so it is set to {}.",
            show(clamped)
        ));
    } else if !x.exact || model.saturating_mul(unit.milli_per_model) != x.milli {
        let steps = if unit.step == 1 {
            "whole numbers only"
        } else {
            "steps of 0.1 ms"
        };
        notices.push(format!(
            "{name}={given} was rounded to {} ({steps}).",
            show(clamped)
        ));
    }
    clamped
}

/// Microseconds as milliseconds with at most one decimal: 2000 → "2",
/// 2500 → "2.5", 100 → "0.1".
pub fn format_ms(us: u32) -> String {
    let tenths = (us + 50) / 100;
    if tenths.is_multiple_of(10) {
        format!("{}", tenths / 10)
    } else {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

/// Keeps a quoted bad value short and free of markup-looking noise.
fn shorten(text: &str) -> String {
    let mut out: String = text.chars().filter(|c| !c.is_control()).take(24).collect();
    if text.chars().count() > 24 {
        out.push('…');
    }
    out
}

/// The scenario as URL parameters, every name given so that a shared link
/// means the same thing even if defaults change later.
pub fn to_pairs(s: &Scenario) -> [(&'static str, String); 8] {
    [
        ("strategy", s.strategy.as_str().to_string()),
        ("servers", s.servers.to_string()),
        ("burst", s.burst.to_string()),
        ("rtt", format_ms(s.rtt_us)),
        ("limit", s.limit.to_string()),
        ("span", s.span_ms.to_string()),
        ("lb", s.lb.as_str().to_string()),
        ("seed", s.seed.to_string()),
    ]
}

/// The scenario as a query string (without the leading `?`).
pub fn to_query(s: &Scenario, embed: bool) -> String {
    let mut q: Vec<String> = to_pairs(s)
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    if embed {
        q.push("embed=1".to_string());
    }
    q.join("&")
}
