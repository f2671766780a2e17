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
        ("servers", SERVERS, s.servers, ""),
        ("burst", BURST, s.burst, ""),
        ("limit", LIMIT, s.limit, ""),
        ("span", SPAN_MS, s.span_ms, " ms"),
    ];
    for (name, range, current, unit) in whole {
        if let Some(v) = last(name) {
            let n = read_number(name, v, range, current, 1.0, unit, &mut notices);
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
        let us = read_number("rtt", v, RTT_US, s.rtt_us, 1000.0, " ms", &mut notices);
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

/// Reads a number given in display units (the model keeps `value × scale`),
/// rounds it to the range's step, clamps it, and explains any change.
fn read_number(
    name: &str,
    text: &str,
    range: Range,
    current: u32,
    scale: f64,
    unit: &str,
    notices: &mut Vec<String>,
) -> u32 {
    let show = |model: u32| format!("{}{unit}", format_display(model, scale));
    let Some(x) = text.parse::<f64>().ok().filter(|x| x.is_finite()) else {
        notices.push(format!(
            "{name}=“{}” is not a number, so it stays at {}.",
            shorten(text),
            show(current)
        ));
        return current;
    };
    let step = if scale == 1.0 { 1.0 } else { 100.0 };
    let model = (x * scale / step).round() * step;
    let clamped = model.clamp(f64::from(range.min), f64::from(range.max)) as u32;
    let given = shorten(text);
    if model < f64::from(range.min) {
        notices.push(format!(
            "{name}={given} is below the least allowed, so it is set to {}.",
            show(clamped)
        ));
    } else if model > f64::from(range.max) {
        notices.push(format!(
            "{name}={given} is above the most allowed, so it is set to {}.",
            show(clamped)
        ));
    } else if (model - x * scale).abs() > 1e-6 {
        let steps = if scale == 1.0 {
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

/// A model value in display units: `rtt_us` 2500 with scale 1000 is "2.5".
fn format_display(model: u32, scale: f64) -> String {
    if scale == 1.0 {
        model.to_string()
    } else {
        format_ms(model)
    }
}

/// Microseconds as milliseconds with at most one decimal: 2000 → "2",
/// 2500 → "2.5", 100 → "0.1".
pub fn format_ms(us: u32) -> String {
    let tenths = (us + 50) / 100;
    if tenths % 10 == 0 {
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
