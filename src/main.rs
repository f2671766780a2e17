//! The browser entry point: a widget in every `[data-ratelimit-lab]`
//! element. No panic hook: the release build aborts on panic and the
//! browser logs that as an error anyway; the hook's readable message cost
//! 1.2 KB of the download, which no learner sees (docs/DECISIONS.md).

/// The widget's own small allocator instead of Rust's default (dlmalloc).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static HEAP: ratelimit_lab::heap::Heap = ratelimit_lab::heap::Heap::new(grow);

/// Grows the wasm memory by `pages` pages; where they start.
#[cfg(target_arch = "wasm32")]
fn grow(pages: usize) -> Option<usize> {
    let before = core::arch::wasm32::memory_grow(0, pages);
    (before != usize::MAX).then_some(before * ratelimit_lab::heap::PAGE)
}

#[cfg(target_arch = "wasm32")]
fn main() {
    ratelimit_lab::ui::mount_all();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("Rate Limit Lab runs in the browser: see README.md (scripts/serve).");
}
