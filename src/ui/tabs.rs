//! The four strategy tabs (WAI-ARIA tabs pattern, automatic activation).

use leptos::prelude::*;
use web_sys::KeyboardEvent;

use super::state::Lab;
use super::text;
use crate::sim::Strategy;

/// The tab list. Arrow keys, Home and End move between tabs and select.
#[component]
pub fn StrategyTabs() -> impl IntoView {
    let lab = Lab::expect();
    let current = Memo::new(move |_| lab.scenario.with(|s| s.strategy));
    let select = move |s: Strategy| lab.update(|sc| sc.with_strategy(s));
    let on_key = move |ev: KeyboardEvent| {
        let all = Strategy::ALL;
        let at = all
            .iter()
            .position(|s| *s == current.get_untracked())
            .unwrap_or(0);
        let next = match ev.key().as_str() {
            "ArrowRight" | "ArrowDown" => (at + 1) % all.len(),
            "ArrowLeft" | "ArrowUp" => (at + all.len() - 1) % all.len(),
            "Home" => 0,
            "End" => all.len() - 1,
            _ => return,
        };
        ev.prevent_default();
        select(all[next]);
        focus_by_id(&lab.id(&format!("tab-{}", all[next].as_str())));
    };
    view! {
        <div class="rll-tabs" role="tablist" aria-label="Strategy" on:keydown=on_key>
            {Strategy::ALL
                .into_iter()
                .map(|s| {
                    let selected = Signal::derive(move || current.get() == s);
                    view! {
                        <button
                            type="button"
                            role="tab"
                            class="rll-tabs__tab"
                            class:rll-tabs__tab--selected=selected
                            id=lab.id(&format!("tab-{}", s.as_str()))
                            data-testid=format!("strategy-{}", s.as_str())
                            aria-selected=Signal::derive(move || selected.get().to_string())
                            aria-controls=lab.id("panel")
                            tabindex=Signal::derive(move || if selected.get() { "0" } else { "-1" })
                            on:click=move |_| select(s)
                        >
                            <span class="rll-tabs__label">{text::strategy(s).tab}</span>
                            <span class="rll-tabs__hint">{hint(s)}</span>
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// A two-word reminder under each tab's label.
fn hint(s: Strategy) -> &'static str {
    match s {
        Strategy::Local => "each on its own",
        Strategy::Split => "shares of the limit",
        Strategy::GetSet => "shared, racy",
        Strategy::Incr => "shared, atomic",
    }
}

/// Moves keyboard focus to the element with `id`, if it exists.
pub fn focus_by_id(id: &str) {
    use wasm_bindgen::JsCast;
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}
