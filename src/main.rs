//! The browser entry point: a widget in every `[data-ratelimit-lab]`
//! element. No panic hook: the release build aborts on panic and the
//! browser logs that as an error anyway; the hook's readable message cost
//! 1.2 KB of the download, which no learner sees (docs/DECISIONS.md).

#[cfg(target_arch = "wasm32")]
fn main() {
    ratelimit_lab::ui::mount_all();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("Rate Limit Lab runs in the browser: see README.md (scripts/serve).");
}
