//! Functions a reader can hold: no function in `src/` or `proof/src` is
//! longer than [`MOST`] lines of code, counted from its `fn` to its
//! closing brace, without blank lines and lines that are only a comment
//! (a prop's doc comment in the Leptos component's signature is the
//! component's documentation, not code to hold in mind). Functions inside
//! functions count on their own as well as in the one around them.

use std::path::Path;

use syn::visit::Visit;

/// The most lines of code a function may have.
const MOST: usize = 80;

/// Every function found: file, name, first line (1-based), lines of code.
struct Found<'a> {
    file: &'a Path,
    lines: &'a [&'a str],
    out: Vec<(String, usize, usize)>,
}

impl Found<'_> {
    fn count(&mut self, name: String, from: usize, to: usize) {
        let code = self.lines[from - 1..to]
            .iter()
            .filter(|l| {
                let t = l.trim();
                !t.is_empty() && !t.starts_with("//")
            })
            .count();
        self.out
            .push((format!("{}: {name}", self.file.display()), from, code));
    }
}

impl<'ast> Visit<'ast> for Found<'_> {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        let from = f.sig.fn_token.span.start().line;
        let to = f.block.brace_token.span.close().end().line;
        self.count(f.sig.ident.to_string(), from, to);
        syn::visit::visit_item_fn(self, f);
    }
    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        let from = f.sig.fn_token.span.start().line;
        let to = f.block.brace_token.span.close().end().line;
        self.count(f.sig.ident.to_string(), from, to);
        syn::visit::visit_impl_item_fn(self, f);
    }
}

#[test]
fn no_function_in_src_or_the_proof_is_longer_than_a_reader_can_hold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = super::tidy::rust_files(&root.join("src"));
    files.extend(super::tidy::rust_files(&root.join("proof/src")));
    assert!(files.len() > 50, "found {} files", files.len());
    let mut all = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let lines: Vec<&str> = text.lines().collect();
        let rel = path.strip_prefix(root).unwrap();
        let mut found = Found {
            file: rel,
            lines: &lines,
            out: Vec::new(),
        };
        found.visit_file(&file);
        all.extend(found.out);
    }
    // The count itself is checked: a function it cannot see would pass.
    assert!(all.len() > 500, "found {} functions", all.len());
    assert!(all.iter().any(|(n, _, _)| n.ends_with(": bind")));
    let long: Vec<String> = all
        .iter()
        .filter(|(_, _, code)| *code > MOST)
        .map(|(name, line, code)| format!("{name} (line {line}): {code} lines"))
        .collect();
    assert!(
        long.is_empty(),
        "over {MOST} lines of code:\n{}",
        long.join("\n")
    );
}
