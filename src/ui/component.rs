//! The widget as a Leptos component, for Leptos apps:
//! `view! { <RateLimitLab strategy=Strategy::Incr servers=8 theme=Theme::Light/> }`.
//! Typed props for the scenario and the shaping; they become the
//! parameters of a `data-ratelimit-lab` element, which mounts as a
//! script-tag widget does (its own shadow root, its own owner) and is
//! unmounted, freeing everything, when the component goes. The page links
//! `ratelimit-lab.css` in its head, as the loader otherwise does.

use leptos::prelude::*;

use crate::sim::Strategy;
use crate::vm::page::{Section, Theme};

/// A Rate Limit Lab widget. Every prop is optional; what is left out takes
/// the parameter's default.
#[component]
pub fn RateLimitLab(
    /// The strategy shown first.
    #[prop(optional)]
    strategy: Option<Strategy>,
    /// API servers, 1 to 16.
    #[prop(optional)]
    servers: Option<u32>,
    /// Requests in the burst, 1 to 500.
    #[prop(optional)]
    burst: Option<u32>,
    /// The Redis round trip in ms, 0 to 20.
    #[prop(optional)]
    rtt_ms: Option<f64>,
    /// Requests allowed per window.
    #[prop(optional)]
    limit: Option<u32>,
    /// The burst's seed.
    #[prop(optional)]
    seed: Option<u64>,
    /// Sections left out.
    #[prop(optional)]
    hide: Vec<Section>,
    /// The strategies offered, in order (all seven when empty).
    #[prop(optional)]
    tabs: Vec<Strategy>,
    /// Sliders, picture and totals only.
    #[prop(optional)]
    compact: bool,
    /// Light, dark, or as the learner's system is.
    #[prop(optional)]
    theme: Theme,
) -> impl IntoView {
    let mut pairs: Vec<(&str, String)> = Vec::new();
    if let Some(s) = strategy {
        pairs.push(("strategy", s.as_str().into()));
    }
    for (name, v) in [("servers", servers), ("burst", burst), ("limit", limit)] {
        if let Some(v) = v {
            pairs.push((name, v.to_string()));
        }
    }
    if let Some(v) = rtt_ms {
        pairs.push(("rtt", v.to_string()));
    }
    if let Some(v) = seed {
        pairs.push(("seed", v.to_string()));
    }
    if !hide.is_empty() {
        let names: Vec<&str> = hide.iter().map(|s| s.as_str()).collect();
        pairs.push(("hide", names.join(",")));
    }
    if !tabs.is_empty() {
        let names: Vec<&str> = tabs.iter().map(|s| s.as_str()).collect();
        pairs.push(("tabs", names.join(",")));
    }
    if compact {
        pairs.push(("compact", "1".into()));
    }
    pairs.push(("theme", theme.as_str().into()));
    let node = NodeRef::<leptos::html::Div>::new();
    node.on_load(move |el| {
        let el: web_sys::HtmlElement = el.into();
        for (name, v) in &pairs {
            let _ = el.set_attribute(&format!("data-{name}"), v);
        }
        super::place(el.clone());
        let held = send_wrapper::SendWrapper::new(el);
        on_cleanup(move || super::unmount(&held));
    });
    view! { <div data-ratelimit-lab="" node_ref=node></div> }
}
