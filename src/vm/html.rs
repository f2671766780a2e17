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

/// The script of the iframe snippet a course author pastes under the
/// frame: it sizes each widget's frame to the height the widget posts, and
/// to its printed height while the host page prints (so a print leaves no
/// page blank and cuts nothing). docs/EMBEDDING.md shows the same lines.
pub const FRAME_SCRIPT: &str = r#"<script>
  addEventListener("message", function (e) {
    var d = e.data;
    if (!d || d.source !== "ratelimit-lab" || d.type !== "resize") return;
    document.querySelectorAll("iframe").forEach(function (f) {
      if (f.contentWindow !== e.source) return;
      f.dataset.height = d.height;
      f.dataset.print = d.print || d.height;
      f.style.height = d.height + "px";
    });
  });
  function fit(k) {
    document.querySelectorAll("iframe[data-print]").forEach(function (f) {
      f.style.height = f.dataset[k] + "px";
    });
  }
  addEventListener("beforeprint", function () { fit("print"); });
  addEventListener("afterprint", function () { fit("height"); });
</script>"#;

/// The snippet the widget's "Copy embed code" gives: the iframe at `url`,
/// titled `title`, and [`FRAME_SCRIPT`].
pub fn embed_code(url: &str, title: &str) -> String {
    format!(
        r#"<iframe src="{}" title="{}" width="100%" height="1200" style="border:0" loading="lazy"></iframe>
{FRAME_SCRIPT}"#,
        esc(url),
        esc(title)
    )
}
