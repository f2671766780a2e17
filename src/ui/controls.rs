//! The learner's controls: three sliders, the scenario line with presets
//! and the load balancer, and the new-burst button.

use leptos::prelude::*;

use super::format;
use super::state::Lab;
use super::text;
use crate::sim::{params, LoadBalancer, Preset, Scenario, RTT_US};

/// One labelled range input with its value and unit shown.
#[component]
pub fn Slider(
    /// The test hook and id suffix (`servers`, `burst`, `rtt`).
    name: &'static str,
    /// The visible label.
    label: &'static str,
    /// Smallest value, as the input's `min` attribute.
    min: &'static str,
    /// Largest value, as the input's `max` attribute.
    max: &'static str,
    /// Keyboard step, as the input's `step` attribute.
    step: &'static str,
    /// The current value, as the input shows it.
    #[prop(into)]
    value: Signal<String>,
    /// The value as shown, with its unit ("8 servers", "2.5 ms").
    #[prop(into)]
    shown: Signal<String>,
    /// Called with each new value (the input's text) while the learner drags.
    #[prop(into)]
    on_change: Callback<String>,
    /// A note shown under the slider, and whether the slider is dimmed.
    #[prop(into)]
    note: Signal<Option<&'static str>>,
) -> impl IntoView {
    let lab = Lab::expect();
    let id = lab.id(name);
    let note_id = lab.id(&format!("{name}-note"));
    let dimmed = Signal::derive(move || note.get().is_some());
    let hidden = Signal::derive(move || note.get().is_none());
    let described = {
        let note_id = note_id.clone();
        Signal::derive(move || dimmed.get().then(|| note_id.clone()))
    };
    let note_text = Signal::derive(move || note.get().unwrap_or(""));
    view! {
        <div class="rll-slider" class:rll-slider--dimmed=dimmed>
            <div class="rll-slider__head">
                <label class="rll-slider__label" for=id.clone()>{label}</label>
                <output class="rll-slider__value" for=id.clone() aria-hidden="true">{shown}</output>
            </div>
            <input
                class="rll-slider__input"
                type="range"
                id=id
                data-testid=name
                min=min
                max=max
                step=step
                prop:value=value
                aria-valuetext=shown
                aria-describedby=described
                on:input=move |ev| on_change.run(event_target_value(&ev))
            />
            <p class="rll-slider__note" id=note_id hidden=hidden>{note_text}</p>
        </div>
    }
}

/// The three sliders of SPEC section 4.
#[component]
pub fn Sliders() -> impl IntoView {
    let lab = Lab::expect();
    let s = lab.scenario;
    view! {
        <div class="rll-sliders">
            <Slider
                name="servers"
                label="API servers"
                min="1"
                max="16"
                step="1"
                value=Signal::derive(move || s.with(|s| s.servers).to_string())
                shown=Signal::derive(move || format::plural(s.with(|s| s.servers), "server", "servers"))
                on_change=set_whole(lab, Scenario::with_servers)
                note=Signal::derive(|| None)
            />
            <Slider
                name="burst"
                label="Requests in the burst"
                min="1"
                max="500"
                step="1"
                value=Signal::derive(move || s.with(|s| s.burst).to_string())
                shown=Signal::derive(move || {
                    s.with(|s| format!("{} in {} ms", format::plural(s.burst, "request", "requests"), s.span_ms))
                })
                on_change=set_whole(lab, Scenario::with_burst)
                note=Signal::derive(|| None)
            />
            <Slider
                name="rtt"
                label="Redis round trip"
                min="0"
                max="20"
                step="0.1"
                value=Signal::derive(move || params::format_ms(s.with(|s| s.rtt_us)))
                shown=Signal::derive(move || format!("{} ms", params::format_ms(s.with(|s| s.rtt_us))))
                on_change=Callback::new(move |v: String| {
                    if let Some(d) = params::parse_decimal(&v) {
                        lab.update(|sc| sc.with_rtt_us(d.milli.clamp(0, i64::from(RTT_US.max)) as u32))
                    }
                })
                note=Signal::derive(move || {
                    (!s.with(|s| s.strategy.uses_redis())).then_some(text::RTT_UNUSED)
                })
            />
        </div>
    }
}

/// A slider's callback for a whole-number setting: parse the input's text
/// and apply it with `set` (which clamps).
fn set_whole(lab: Lab, set: fn(Scenario, u32) -> Scenario) -> Callback<String> {
    Callback::new(move |v: String| {
        if let Ok(n) = v.parse() {
            lab.update(|sc| set(sc, n));
        }
    })
}

/// The rest of the scenario: the limit and the burst's span (set by URL or
/// preset), presets, and the load balancer.
#[component]
pub fn ScenarioLine() -> impl IntoView {
    let lab = Lab::expect();
    let s = lab.scenario;
    let preset = Memo::new(move |_| s.with(Preset::matching));
    let lb_name = lab.id("lb");
    view! {
        <div class="rll-setup">
            <p class="rll-setup__limit">
                "Limit: "
                <strong>{Signal::derive(move || format::plural(s.with(|s| s.limit), "request", "requests"))}</strong>
                " per window, for one user. The window is long compared with the burst."
            </p>
            <fieldset class="rll-choice">
                <legend class="rll-choice__legend">"Load balancer"</legend>
                {[LoadBalancer::Random, LoadBalancer::RoundRobin]
                    .into_iter()
                    .map(|lb| {
                        let label = match lb {
                            LoadBalancer::Random => "random",
                            LoadBalancer::RoundRobin => "round-robin",
                        };
                        view! {
                            <label class="rll-choice__option">
                                <input
                                    type="radio"
                                    name=lb_name.clone()
                                    data-testid=format!("lb-{}", lb.as_str())
                                    prop:checked=Signal::derive(move || s.with(|s| s.lb) == lb)
                                    on:change=move |_| lab.update(|sc| sc.with_lb(lb))
                                />
                                <span>{label}</span>
                            </label>
                        }
                    })
                    .collect_view()}
            </fieldset>
            <fieldset class="rll-choice">
                <legend class="rll-choice__legend">"Scenario"</legend>
                {Preset::ALL
                    .into_iter()
                    .map(|p| {
                        let (label, title) = match p {
                            Preset::Gatepass => ("10 per second", "limit 10, 40 requests in 40 ms"),
                            Preset::PerMinute => ("100 per minute", "limit 100, 400 requests over 1 s, round-robin"),
                        };
                        view! {
                            <button
                                type="button"
                                class="rll-choice__button"
                                data-testid=format!("preset-{}", p.as_str())
                                aria-pressed=Signal::derive(move || (preset.get() == Some(p)).to_string())
                                title=title
                                on:click=move |_| lab.update(|sc| p.apply(sc))
                            >
                                {label}
                            </button>
                        }
                    })
                    .collect_view()}
            </fieldset>
        </div>
    }
}

/// Re-rolls the seed: a new burst with the same settings.
#[component]
pub fn Reroll() -> impl IntoView {
    let lab = Lab::expect();
    view! {
        <button
            type="button"
            class="rll-button rll-button--primary"
            data-testid="reroll"
            on:click=move |_| lab.update(|sc| sc.with_seed(sc.next_seed()))
        >
            <span aria-hidden="true">"↻ "</span>
            "New burst"
        </button>
        <span class="rll-seed">"seed " {Signal::derive(move || lab.scenario.with(|s| s.seed.to_string()))}</span>
    }
}
