//! Numbers as the widget shows them. Integer arithmetic only: float
//! formatting would add several kilobytes to the download.

/// `hundredths / 100` with at most two decimals and no trailing zeros:
/// 175 → "1.75", 200 → "2", 5 → "0.05". The model's parameters write
/// their tenths of a millisecond with it too.
pub use crate::sim::params::hundredths;

/// Microseconds as milliseconds, to the hundredth: 2000 → "2",
/// 2500 → "2.5", 850 → "0.85".
pub fn ms(us: u64) -> String {
    hundredths((us + 5) / 10)
}

/// The replay's moment, as every place that shows it writes it (the
/// scrubber, its value, the picture's caption and label, the line above
/// the totals): milliseconds to the hundredth, so one moment reads as one
/// number everywhere.
pub fn moment(us: u64) -> String {
    ms(us)
}

/// `num / den` rounded to two decimals: (70, 40) → "1.75", (41, 40) → "1.03".
pub fn ratio(num: u64, den: u64) -> String {
    let den = den.max(1);
    hundredths((num * 100 + den / 2) / den)
}

/// A whole number with thousands separated by commas: 50000 → "50,000".
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `part / whole` as a CSS percentage with one decimal: (1, 3) → "33.3%".
pub fn percent(part: u64, whole: u64) -> String {
    let permille = part * 1000 / whole.max(1);
    format!("{}.{}%", permille / 10, permille % 10)
}

/// Whole microseconds written exactly in milliseconds: 3249 → "3.249",
/// 40000 → "40", 2500 → "2.5" (the URL's `t`).
pub fn ms_exact(us: u64) -> String {
    let (whole, frac) = (us / 1000, us % 1000);
    if frac == 0 {
        return whole.to_string();
    }
    let digits = format!("{frac:03}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}
