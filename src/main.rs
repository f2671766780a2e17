//! The browser entry point: a readable panic message, then a widget in every
//! `[data-ratelimit-lab]` element.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    ratelimit_lab::ui::mount_all();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("Rate Limit Lab runs in the browser: see README.md (scripts/serve).");
}
