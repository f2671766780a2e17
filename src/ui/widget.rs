//! The widget's root and its page-level pieces: heading, notice, panel,
//! explanation, takeaways and the footer with the copy controls.

use leptos::prelude::*;

use super::cards::ServerCards;
use super::controls::{Reroll, ScenarioLine, Sliders};
use super::embed;
use super::quiz::Quiz;
use super::redis_log::RedisLog;
use super::state::{Lab, Mount};
use super::tabs::StrategyTabs;
use super::text;
use super::timeline::Timeline;
use super::totals::{Announcer, Glance, Totals};

/// One complete widget.
#[component]
pub fn Widget(
    /// How and where it was mounted.
    mount: Mount,
) -> impl IntoView {
    let lab = Lab::provide(mount);
    let root = NodeRef::<leptos::html::Div>::new();
    embed::use_url_sync(lab);
    embed::use_resize_messages(lab, root);
    let (embed_mode, notices) = lab.mount.with_value(|m| (m.embed, m.notices.clone()));
    let strategy = Memo::new(move |_| lab.scenario.with(|s| s.strategy));
    view! {
        <div class="rll" class:rll--embed=embed_mode node_ref=root>
            <header class="rll-head">
                <Heading level=0 class="rll-head__title">{text::TITLE}</Heading>
                <p class="rll-head__framing">{text::FRAMING}</p>
            </header>
            <Notice notices/>
            <StrategyTabs/>
            <div
                class="rll-panel"
                role="tabpanel"
                id=lab.id("panel")
                aria-labelledby=Signal::derive(move || lab.id(&format!("tab-{}", strategy.get().as_str())))
            >
                <Heading level=1 class="rll-sr-only">{Signal::derive(move || text::strategy(strategy.get()).tab)}</Heading>
                <p class="rll-panel__summary">{Signal::derive(move || text::strategy(strategy.get()).summary)}</p>
                <div class="rll-panel__grid">
                    <Glance/>
                    <div class="rll-panel__controls">
                        <Sliders/>
                        <ScenarioLine/>
                        <div class="rll-reroll">
                            <Reroll/>
                        </div>
                    </div>
                    <Totals/>
                </div>
                <ServerCards/>
                // Hidden rather than unmounted (smaller wasm than a <Show>);
                // a hidden canvas has no width and draws nothing.
                <div class="rll-redis" hidden=Signal::derive(move || !strategy.get().uses_redis())>
                    <Timeline/>
                    <RedisLog/>
                </div>
                <Explain/>
            </div>
            <Announcer/>
            <Quiz/>
            <Takeaways/>
            {(!embed_mode).then(|| view! { <Footer/> })}
        </div>
    }
}

/// A heading whose level follows where the widget sits: the title is `h1`
/// on the widget's own page and `h2` inside a host page; `level` counts
/// down from the title (0 = title, 1 = section, 2 = card).
#[component]
pub fn Heading(
    /// Levels below the widget's title.
    level: u8,
    /// CSS class.
    #[prop(into)]
    class: String,
    /// Element id, for `aria-labelledby`.
    #[prop(optional, into)]
    id: Option<String>,
    /// The heading's text.
    children: Children,
) -> impl IntoView {
    let base = if Lab::expect().mount.with_value(|m| m.url_state) {
        1
    } else {
        2
    };
    let c = children();
    match base + level {
        1 => view! { <h1 class=class id=id>{c}</h1> }.into_any(),
        2 => view! { <h2 class=class id=id>{c}</h2> }.into_any(),
        3 => view! { <h3 class=class id=id>{c}</h3> }.into_any(),
        _ => view! { <h4 class=class id=id>{c}</h4> }.into_any(),
    }
}

/// The heading level `level` steps below the widget's title: the title is
/// `h1` on the widget's own page and `h2` inside a host page.
pub fn heading_level(lab: Lab, level: u8) -> u8 {
    let base = if lab.mount.with_value(|m| m.url_state) {
        1
    } else {
        2
    };
    (base + level).min(6)
}

/// What was adjusted in the URL or attributes, politely, once.
#[component]
fn Notice(notices: Vec<String>) -> impl IntoView {
    let open = RwSignal::new(!notices.is_empty());
    // Empty when nothing was adjusted; hidden once dismissed.
    let content = (!notices.is_empty()).then(|| {
        view! {
            <p class="rll-notice__title">"Some settings were adjusted:"</p>
            <ul class="rll-notice__list">
                {notices.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view()}
            </ul>
            <button type="button" class="rll-button rll-button--small" on:click=move |_| open.set(false)>
                "Dismiss"
            </button>
        }
    });
    view! {
        <div class="rll-notice" role="status" data-testid="notice" hidden=Signal::derive(move || !open.get())>
            {content}
        </div>
    }
}

/// Why the current strategy fails or works, and where real systems stand.
#[component]
fn Explain() -> impl IntoView {
    let lab = Lab::expect();
    let t = Memo::new(move |_| lab.scenario.with(|s| s.strategy));
    view! {
        <section class="rll-explain" aria-labelledby=lab.id("explain-title")>
            <Heading level=2 class="rll-section-title" id=lab.id("explain-title")>
                "Why this happens"
            </Heading>
            {move || {
                text::strategy(t.get())
                    .explain
                    .iter()
                    .map(|p| view! { <p>{*p}</p> })
                    .collect_view()
            }}
            <p class="rll-explain__prod">
                <strong>"In production: "</strong>
                {Signal::derive(move || text::strategy(t.get()).in_production)}
            </p>
        </section>
    }
}

/// The key takeaways.
#[component]
fn Takeaways() -> impl IntoView {
    let lab = Lab::expect();
    view! {
        <section class="rll-takeaways" aria-labelledby=lab.id("takeaways-title")>
            <Heading level=1 class="rll-section-title" id=lab.id("takeaways-title")>
                "Key takeaways"
            </Heading>
            <ul>{text::TAKEAWAYS.iter().map(|t| view! { <li>{*t}</li> }).collect_view()}</ul>
        </section>
    }
}

/// Copy controls and a line about privacy; hidden in embed mode.
#[component]
fn Footer() -> impl IntoView {
    let lab = Lab::expect();
    let status = RwSignal::new(String::new());
    let fallback = RwSignal::new(None::<String>);
    let copy = move |what: &'static str, text: String| {
        let shown = text.clone();
        embed::copy(text, move |ok| {
            if ok {
                fallback.set(None);
                status.set(format!("{what} copied to the clipboard."));
            } else {
                fallback.set(Some(shown.clone()));
                status.set(format!(
                    "Copying was blocked; select the {} below and copy it.",
                    what.to_lowercase()
                ));
            }
        });
    };
    view! {
        <footer class="rll-foot">
            <div class="rll-foot__actions">
                <button
                    type="button"
                    class="rll-button"
                    data-testid="copy-link"
                    on:click=move |_| copy("Link", embed::share_url(lab, false))
                >
                    "Copy link"
                </button>
                <button
                    type="button"
                    class="rll-button"
                    data-testid="copy-embed"
                    on:click=move |_| copy("Embed code", embed::embed_code(&embed::share_url(lab, true)))
                >
                    "Copy embed code"
                </button>
                <span class="rll-foot__status" role="status" data-testid="copy-status">{status}</span>
            </div>
            <textarea
                class="rll-foot__fallback"
                readonly
                rows="4"
                aria-label="Text to copy"
                hidden=Signal::derive(move || fallback.get().is_none())
                prop:value=Signal::derive(move || fallback.get().unwrap_or_default())
            ></textarea>
            <p class="rll-foot__note">
                "The simulation runs entirely in your browser. Nothing is sent anywhere: no fonts, no analytics, no cookies."
            </p>
        </footer>
    }
}
