//! The Leptos view. It holds the scenario in one signal per widget, derives
//! the report with [`crate::sim::run`] in a memo, and draws it. No model
//! maths here: everything numeric comes from the report.
//!
//! Mounting: every element with `data-ratelimit-lab` gets an independent
//! widget. The page's own element also carries `data-ratelimit-lab-url`: that
//! widget reads its starting state from the URL and keeps the URL in step;
//! the others read their `data-*` attributes and leave the URL alone.

mod canvas;
mod cards;
mod controls;
mod embed;
mod format;
mod marks;
mod quiz;
mod quiz_data;
mod redis_log;
mod state;
mod tabs;
mod text;
mod timeline;
mod totals;
mod widget;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::sim::params;
pub use state::{Lab, Mount};

/// Mounts a widget in every `[data-ratelimit-lab]` element that has none yet.
pub fn mount_all() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(nodes) = document.query_selector_all("[data-ratelimit-lab]") else {
        return;
    };
    for i in 0..nodes.length() {
        let Some(el) = nodes
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        else {
            continue;
        };
        if el.has_attribute("data-ratelimit-lab-mounted") {
            continue;
        }
        let _ = el.set_attribute("data-ratelimit-lab-mounted", "");
        el.set_inner_html("");
        let mount = read_mount(&el, i);
        if mount.url_state && mount.embed {
            if let Some(body) = document.body() {
                let _ = body.class_list().add_1("rll-page--embed");
            }
        }
        leptos::mount::mount_to(el, move || view! { <widget::Widget mount/> }).forget();
    }
}

/// Reads one mount point's starting state: from the URL for the page's own
/// widget, from `data-*` attributes for script-tag mounts.
fn read_mount(el: &web_sys::HtmlElement, index: u32) -> Mount {
    let url_state = el.has_attribute("data-ratelimit-lab-url");
    let mut pairs: Vec<(String, String)> = Vec::new();
    if url_state {
        if let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) {
            if let Ok(query) = web_sys::UrlSearchParams::new_with_str(&search) {
                if let Ok(Some(entries)) = js_sys::try_iter(&query) {
                    for entry in entries.flatten() {
                        let pair: js_sys::Array = entry.unchecked_into();
                        pairs.push((
                            pair.get(0).as_string().unwrap_or_default(),
                            pair.get(1).as_string().unwrap_or_default(),
                        ));
                    }
                }
            }
        }
    } else {
        for name in params::NAMES.iter().chain(&["preset"]) {
            if let Some(v) = el.get_attribute(&format!("data-{name}")) {
                pairs.push((name.to_string(), v));
            }
        }
    }
    let parsed = params::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let framed = web_sys::window()
        .and_then(|w| {
            let top: wasm_bindgen::JsValue = w.top().ok()??.into();
            Some(!js_sys::Object::is(&top, &w))
        })
        .unwrap_or(false);
    Mount {
        id: format!("rll{}", index + 1),
        url_state,
        embed: !url_state || parsed.embed,
        framed: url_state && framed,
        start: parsed.scenario,
        notices: parsed.notices,
    }
}

/// Measuring hook for `scripts/measure`: runs the model once on the largest
/// scenario (16 servers, 500 requests, other settings at their defaults)
/// for strategy `0..=3` (local, split, getset, incr) and returns how many
/// requests were allowed, so the page can time the model by itself.
#[wasm_bindgen::prelude::wasm_bindgen(js_name = runLargest)]
pub fn run_largest(strategy: u32, seed: u32) -> u32 {
    use crate::sim::{self, Scenario, Strategy};
    let strategy = Strategy::ALL[(strategy as usize).min(3)];
    let scenario = Scenario::default()
        .with_strategy(strategy)
        .with_servers(16)
        .with_burst(500)
        .with_seed(u64::from(seed));
    sim::run(&scenario).allowed
}
