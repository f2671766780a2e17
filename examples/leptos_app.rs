//! A Leptos app that uses the widget as a component, `<RateLimitLab/>`:
//! its props follow the app's signals after mount (a button adds servers,
//! another switches the strategy), a callback hears the quiz (the app
//! counts the answers it is told of), and it shows and hides the widget
//! (each hide unmounts it and frees everything). Built for the browser by
//! the test that loads it (`tests/browser/hosts.test.mjs`):
//!
//! ```text
//! cargo build --features leptos --example leptos_app --target wasm32-unknown-unknown
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
    use ratelimit_lab::ui::{QuizAnswer, RateLimitLab};
    use ratelimit_lab::vm::page::{Section, Theme};
    leptos::mount::mount_to_body(|| {
        let (shown, set_shown) = signal(true);
        let (servers, set_servers) = signal(6u32);
        let (strategy, set_strategy) = signal(Strategy::Incr);
        let (answers, set_answers) = signal(0u32);
        let (hide, set_hide) = signal(vec![Section::Code]);
        let heard = Callback::new(move |a: QuizAnswer| set_answers.set(a.answered));
        view! {
            <h1>"A course in a Leptos app"</h1>
            <button id="toggle" on:click=move |_| set_shown.update(|s| *s = !*s)>
                "Show or hide the lab"
            </button>
            <button id="more" on:click=move |_| set_servers.update(|n| *n += 2)>
                "Two more servers"
            </button>
            <button id="getset" on:click=move |_| set_strategy.set(Strategy::GetSet)>
                "Show GET then SET"
            </button>
            <button id="no-quiz" on:click=move |_| set_hide.set(vec![Section::Code, Section::Quiz])>
                "Leave the quiz out"
            </button>
            <p id="answers">{move || format!("Answers heard: {}", answers.get())}</p>
            <Show when=move || shown.get()>
                <RateLimitLab
                    strategy=strategy
                    servers=servers
                    burst=60u32
                    rtt_us=2500u32
                    hide=hide
                    theme=Theme::Dark
                    on_quiz=heard
                />
            </Show>
        }
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("leptos_app runs in the browser: see its header for how to build it.");
}
