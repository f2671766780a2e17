//! Markup the widget can trust, by type. The view-model hands the widget
//! the display-only parts of the page as markup text, which the view
//! writes with `innerHTML` (text compresses far better than the code that
//! would build the same elements one by one: docs/DECISIONS.md). What a
//! course author's file or a host page supplies must reach that markup
//! only as text, so markup has a type of its own, [`Html`], that can be
//! built in three ways only:
//!
//! - [`Html::text`]: any text, escaped;
//! - [`Html::lit`]: a literal written in this crate's source (`&'static`);
//! - [`html!`](crate::html): a literal template whose every value is an
//!   argument, escaped unless it is itself `Html` (a number is written as
//!   it is). A value captured by name (`{name}` in the template) would
//!   skip the escaper, so the macro refuses such a template when it
//!   compiles.
//!
//! The view's one way to write markup (`ui::dom::set_html`) takes `Html`,
//! so a `String` cannot reach `innerHTML`; `tests/it/tidy.rs` checks that
//! nothing else in `src/ui` writes markup and nothing outside this file
//! builds `Html` another way.

use std::fmt::{self, Write};

/// Markup built only from escaped text, literals of the source and other
/// `Html` ([the module](self) says how).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Html(String);

impl Html {
    /// No markup.
    pub const fn new() -> Html {
        Html(String::new())
    }
    /// Room for `n` bytes.
    pub fn with_capacity(n: usize) -> Html {
        Html(String::with_capacity(n))
    }
    /// `s` as text: `&`, `<`, `>` and `"` escaped.
    pub fn text(s: &str) -> Html {
        let mut h = Html(String::with_capacity(s.len()));
        h.push_text(s);
        h
    }
    /// Markup written in the crate's source.
    pub fn lit(s: &'static str) -> Html {
        Html(s.to_string())
    }
    /// Appends `s`, escaped.
    pub fn push_text(&mut self, s: &str) {
        escape_into(&mut self.0, s);
    }
    /// Appends markup written in the crate's source.
    pub fn push_lit(&mut self, s: &'static str) {
        self.0.push_str(s);
    }
    /// Appends other markup.
    pub fn push(&mut self, h: &Html) {
        self.0.push_str(&h.0);
    }
    /// The markup, to hand to the browser or to read in a test.
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// Whether there is no markup.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// The markup, owned.
    pub fn into_string(self) -> String {
        self.0
    }
    /// This markup with each `from` (a literal of the source, such as a
    /// placeholder left in escaped text) replaced by `to`.
    pub fn replace(&self, from: &'static str, to: &Html) -> Html {
        Html(self.0.replace(from, &to.0))
    }
    /// The pieces, one after another, with `sep` between them.
    pub fn join<'a>(parts: impl IntoIterator<Item = &'a Html>, sep: &'static str) -> Html {
        let mut out = Html::new();
        for (i, p) in parts.into_iter().enumerate() {
            if i > 0 {
                out.push_lit(sep);
            }
            out.push(p);
        }
        out
    }
    /// What [`html!`](crate::html) writes through: the template is a
    /// literal and every argument a [`Put`]. Not to be called elsewhere
    /// (`tests/it/tidy.rs` checks).
    #[doc(hidden)]
    pub fn __write(&mut self, args: fmt::Arguments) {
        let _ = self.0.write_fmt(args);
    }
}

impl fmt::Display for Html {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Reading markup is safe; only building it is guarded.
impl std::ops::Deref for Html {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for Html {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Html {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<String> for Html {
    fn eq(&self, other: &String) -> bool {
        &self.0 == other
    }
}

impl From<&Html> for Html {
    fn from(h: &Html) -> Html {
        h.clone()
    }
}

/// A value a template may hold: markup as it is, text escaped, numbers
/// written out.
pub trait Part {
    /// Writes the value into markup.
    fn put(&self, out: &mut dyn Write) -> fmt::Result;
}

impl Part for Html {
    fn put(&self, out: &mut dyn Write) -> fmt::Result {
        out.write_str(&self.0)
    }
}

impl Part for str {
    fn put(&self, out: &mut dyn Write) -> fmt::Result {
        let mut from = 0;
        for (i, b) in self.bytes().enumerate() {
            let entity = match b {
                b'&' => "&amp;",
                b'<' => "&lt;",
                b'>' => "&gt;",
                b'"' => "&quot;",
                _ => continue,
            };
            out.write_str(&self[from..i])?;
            out.write_str(entity)?;
            from = i + 1;
        }
        out.write_str(&self[from..])
    }
}

impl Part for String {
    fn put(&self, out: &mut dyn Write) -> fmt::Result {
        self.as_str().put(out)
    }
}

impl Part for char {
    fn put(&self, out: &mut dyn Write) -> fmt::Result {
        self.encode_utf8(&mut [0; 4]).put(out)
    }
}

impl<T: Part + ?Sized> Part for &T {
    fn put(&self, out: &mut dyn Write) -> fmt::Result {
        (**self).put(out)
    }
}

impl Part for u64 {
    fn put(&self, out: &mut dyn Write) -> fmt::Result {
        write!(out, "{self}")
    }
}

impl Part for i64 {
    fn put(&self, out: &mut dyn Write) -> fmt::Result {
        write!(out, "{self}")
    }
}

impl Part for bool {
    fn put(&self, out: &mut dyn Write) -> fmt::Result {
        out.write_str(if *self { "true" } else { "false" })
    }
}

/// The other integers, written as the widest of their sign (one writer
/// of each in the wasm).
macro_rules! numbers {
    ($wide:ty: $($t:ty)*) => {$(
        impl Part for $t {
            fn put(&self, out: &mut dyn Write) -> fmt::Result {
                <$wide>::from(*self).put(out)
            }
        }
    )*};
}
numbers!(u64: u8 u16 u32);
numbers!(i64: i32);

impl Part for usize {
    fn put(&self, out: &mut dyn Write) -> fmt::Result {
        (*self as u64).put(out)
    }
}

/// Markup written in the crate's source, as a template's argument (an
/// attribute of [`super::names`], say): written as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lit(pub &'static str);

impl Part for Lit {
    fn put(&self, out: &mut dyn Write) -> fmt::Result {
        out.write_str(self.0)
    }
}

/// A name of [`super::names`] as an attribute: ` data-slot="` and
/// `summary` write ` data-slot="summary"` (both literals, never escaped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attr(pub &'static str, pub &'static str);

impl Part for Attr {
    fn put(&self, out: &mut dyn Write) -> fmt::Result {
        out.write_str(self.0)?;
        out.write_str(self.1)?;
        out.write_str("\"")
    }
}

impl std::fmt::Display for Attr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.put(f)
    }
}

/// A template's argument, written by its [`Part`] (one `Display` for
/// every kind of value, so the wasm has one copy of it).
pub struct Put<'a>(pub &'a dyn Part);

impl fmt::Display for Put<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.put(f)
    }
}

fn escape_into(out: &mut String, s: &str) {
    let _ = s.put(out);
}

/// `s` with `&`, `<`, `>` and `"` escaped, safe inside text and attributes.
pub fn esc(s: &str) -> Html {
    Html::text(s)
}

/// Whether a template takes every value as an argument: no `{name}` (a
/// value captured by name, which would skip the escaper). `{{` is a brace.
#[doc(hidden)]
pub const fn positional(t: &str) -> bool {
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'{' {
            if i + 1 < b.len() && b[i + 1] == b'{' {
                i += 2;
                continue;
            }
            if i + 1 < b.len() && (b[i + 1].is_ascii_alphabetic() || b[i + 1] == b'_') {
                return false;
            }
        }
        i += 1;
    }
    true
}

/// Writes a literal template into an [`Html`], each `{}` an argument:
/// `html!(out, "<b>{}</b>", name)` escapes `name` unless it is `Html`.
/// The template may be a `concat!` of literals (a name of the contract
/// from [`super::names`], `hook!(Quiz)`, among them). A template that
/// names a value (`{name}`) does not compile.
#[macro_export]
macro_rules! html {
    (@ $out:expr, $fmt:expr $(, $arg:expr)*) => {{
        const _: () = assert!(
            $crate::vm::html::positional($fmt),
            "html! takes every value as an argument, never by name"
        );
        $out.__write(format_args!($fmt $(, $crate::vm::html::Put(&$arg))*))
    }};
    ($out:expr, concat!($($p:tt)*) $(, $arg:expr)* $(,)?) => {
        $crate::html!(@ $out, concat!($($p)*) $(, $arg)*)
    };
    ($out:expr, $fmt:literal $(, $arg:expr)* $(,)?) => {
        $crate::html!(@ $out, $fmt $(, $arg)*)
    };
}

/// A new [`Html`] from a literal template ([`html!`](crate::html)).
#[macro_export]
macro_rules! html_of {
    ($($t:tt)*) => {{
        let mut out = $crate::vm::html::Html::new();
        $crate::html!(out, $($t)*);
        out
    }};
}

/// One figure of a `<dl>`: its label, its number (with a test hook and the
/// number in `data-value`), and a note.
pub fn stat(out: &mut Html, label: &str, testid: &str, value: &str, shown: &str, note: &str) {
    crate::html!(
        out,
        concat!(
            r#"<div class="rll-stat"><dt>{}</dt><dd><span class="rll-stat__num""#,
            data!(Testid = {}),
            data!(Value = {}),
            r#">{}</span> <span class="rll-stat__of">{}</span></dd></div>"#
        ),
        label,
        testid,
        value,
        shown,
        note
    );
}

/// The script of the iframe snippet a course author pastes under the
/// frame: it sizes each widget's frame to the height the widget posts, and
/// to its printed height while the host page prints (so a print leaves no
/// page blank and cuts nothing). docs/EMBEDDING.md shows the same lines.
pub const FRAME_SCRIPT: &str = concat!(
    r#"<script>
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
    document.querySelectorAll("iframe"#,
    data!([Print]),
    r#"").forEach(function (f) {
      f.style.height = f.dataset[k] + "px";
    });
  }
  addEventListener("beforeprint", function () { fit("print"); });
  addEventListener("afterprint", function () { fit("height"); });
</script>"#
);

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
