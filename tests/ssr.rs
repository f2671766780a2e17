//! `<RateLimitLab/>` rendered on the server (feature `leptos`, natively): with every
//! kind of prop an app passes (values, signals, a callback), it is the
//! empty element the widget mounts in once in the browser, the same
//! element the browser's own render makes (so hydration finds it).
//! `cargo test --features leptos --test ssr`.

use leptos::prelude::*;
use ratelimit_lab::sim::Strategy;
use ratelimit_lab::ui::{Completed, RateLimitLab};
use ratelimit_lab::vm::page::{Section, Theme};

#[test]
fn on_the_server_the_component_is_its_placeholder() {
    let html = Owner::new().with(|| {
        let (servers, _) = signal(8u32);
        let (hide, _) = signal(vec![Section::Code]);
        let done = Callback::new(|_: Completed| {});
        view! {
            <section>
                <RateLimitLab
                    strategy=Strategy::GetSet
                    servers=servers
                    rtt_us=2500u32
                    hide=hide
                    content="/week3.json".to_string()
                    theme=Theme::Light
                    on_completed=done
                />
            </section>
        }
        .to_html()
    });
    assert_eq!(
        html,
        r#"<section><div data-ratelimit-lab=""></div></section>"#
    );
}
