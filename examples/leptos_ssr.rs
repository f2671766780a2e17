//! An app that renders on the server and hydrates in the browser, with
//! `<RateLimitLab/>` in it. The same `App` is compiled twice:
//!
//! - natively (the app's server build): `main`
//!   prints the page, in which the component is its placeholder, the
//!   empty element the widget mounts in;
//! - for the browser, with `hydrate` (the app's client build): `main`
//!   hydrates that page; the component finds its placeholder and mounts
//!   the widget in it, then follows the app's signals.
//!
//! ```text
//! cargo run --features leptos --example leptos_ssr > page.html
//! cargo build --features hydrate --example leptos_ssr --target wasm32-unknown-unknown
//! wasm-bindgen --target web --out-dir app \
//!     target/wasm32-unknown-unknown/debug/examples/leptos_ssr.wasm
//! ```
//!
//! `tests/browser/hosts.test.mjs` serves the page with `app/` and
//! `ratelimit-lab.css` and drives it.

use leptos::prelude::*;
use ratelimit_lab::sim::Strategy;
use ratelimit_lab::ui::{QuizAnswer, RateLimitLab};

#[component]
fn App() -> impl IntoView {
    let (servers, set_servers) = signal(6u32);
    let (answers, set_answers) = signal(0u32);
    let heard = Callback::new(move |a: QuizAnswer| set_answers.set(a.answered));
    view! {
        <h1>"A course rendered on the server"</h1>
        <button id="more" on:click=move |_| set_servers.update(|n| *n += 2)>
            "Two more servers"
        </button>
        <p id="answers">{move || format!("Answers heard: {}", answers.get())}</p>
        <RateLimitLab strategy=Strategy::Incr servers=servers on_quiz=heard/>
    }
}

/// The server's page: the app's HTML in the body, the client's script and
/// the widget's stylesheet in the head.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let body = Owner::new().with(|| view! { <App/> }.to_html());
    println!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>A course</title><link rel=\"icon\" href=\"data:,\">\
         <link rel=\"stylesheet\" href=\"/lab/ratelimit-lab.css\">\
         <script src=\"/app/hydration.js\"></script>\
         <script type=\"module\" src=\"/app/start.js\"></script>\
         </head><body>{body}</body></html>"
    );
}

/// The client: hydrates the server's page.
#[cfg(all(target_arch = "wasm32", feature = "hydrate"))]
fn main() {
    leptos::mount::hydrate_body(App);
}

/// The client without hydration (a build without `hydrate`): renders the app.
#[cfg(all(target_arch = "wasm32", not(feature = "hydrate")))]
fn main() {
    leptos::mount::mount_to_body(App);
}
