//! Numbers as the widget shows them.

/// Microseconds as milliseconds, trimmed: 2000 → "2", 2500 → "2.5",
/// 850 → "0.85", 0 → "0".
pub fn ms(us: u64) -> String {
    trim(format!("{:.2}", us as f64 / 1000.0))
}

/// A ratio with at most two decimals and no trailing zeros: 1.75, 2, 0.
pub fn decimal(x: f64) -> String {
    trim(format!("{x:.2}"))
}

fn trim(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// "1 request" / "3 requests".
pub fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
