//! A few helpers to write markup as text: the view-model hands the widget
//! the display-only parts of the page as HTML (escaped here), which the view
//! writes with `innerHTML`. Text compresses far better than the code that
//! would build the same elements one by one (docs/DECISIONS.md).

use std::fmt::Write;

/// `s` with `&`, `<`, `>` and `"` escaped, safe inside text and attributes.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// One figure of a `<dl>`: its label, its number (with a test hook and the
/// number in `data-value`), and a note.
pub fn stat(out: &mut String, label: &str, testid: &str, value: &str, shown: &str, note: &str) {
    let _ = write!(
        out,
        r#"<div class="rll-stat"><dt>{}</dt><dd><span class="rll-stat__num" data-testid="{testid}" data-value="{}">{}</span> <span class="rll-stat__of">{}</span></dd></div>"#,
        esc(label),
        esc(value),
        esc(shown),
        esc(note)
    );
}
