//! A Leptos app that uses the widget as a component, `<RateLimitLab/>`,
//! with typed props, and shows and hides it (each hide unmounts it and
//! frees everything). Built for the browser by the test that loads it
//! (`tests/browser/hosts.test.mjs`):
//!
//! ```text
//! cargo build --example leptos_app --target wasm32-unknown-unknown
//! wasm-bindgen --target web --out-dir target/leptos-app \
//!     target/wasm32-unknown-unknown/debug/examples/leptos_app.wasm
//! ```
//!
//! and a page that links `ratelimit-lab.css` and runs
//! `import init from "./leptos_app.js"; init();`.

#[cfg(target_arch = "wasm32")]
fn main() {
    use leptos::prelude::*;
    use ratelimit_lab::sim::Strategy;
    use ratelimit_lab::ui::RateLimitLab;
    use ratelimit_lab::vm::page::{Section, Theme};
    leptos::mount::mount_to_body(|| {
        let (shown, set_shown) = signal(true);
        view! {
            <h1>"A course in a Leptos app"</h1>
            <button id="toggle" on:click=move |_| set_shown.update(|s| *s = !*s)>
                "Show or hide the lab"
            </button>
            <Show when=move || shown.get()>
                <RateLimitLab
                    strategy=Strategy::Incr
                    servers=6
                    burst=60
                    hide=vec![Section::Quiz]
                    theme=Theme::Dark
                />
            </Show>
        }
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("leptos_app runs in the browser: see its header for how to build it.");
}
