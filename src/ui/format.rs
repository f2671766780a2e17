//! Numbers as the widget shows them. Integer arithmetic only: float
//! formatting would add several kilobytes to the download.

/// `hundredths / 100` with at most two decimals and no trailing zeros:
/// 175 → "1.75", 200 → "2", 5 → "0.05".
fn hundredths(h: u64) -> String {
    match h % 100 {
        0 => format!("{}", h / 100),
        f if f % 10 == 0 => format!("{}.{}", h / 100, f / 10),
        f => format!("{}.{f:02}", h / 100),
    }
}

/// Microseconds as milliseconds: 2000 → "2", 2500 → "2.5", 850 → "0.85".
pub fn ms(us: u64) -> String {
    hundredths((us + 5) / 10)
}

/// `num / den` rounded to two decimals: (70, 40) → "1.75", (41, 40) → "1.03".
pub fn ratio(num: u32, den: u32) -> String {
    let den = u64::from(den.max(1));
    hundredths((u64::from(num) * 100 + den / 2) / den)
}

/// "1 request" / "3 requests".
pub fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
