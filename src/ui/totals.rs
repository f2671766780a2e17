//! The totals against the limit, the verdict, Redis calls, latency, and what
//! happens if Redis is down. Also the polite screen-reader summary.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

use super::format;
use super::state::Lab;
use super::text;
use crate::sim::{Report, Verdict};

/// The verdict as a sentence.
fn verdict_text(r: &Report) -> String {
    match r.verdict() {
        Verdict::NotEnforced => format!(
            "Limit not enforced: {} got through beyond the limit.",
            format::plural(r.over, "request", "requests")
        ),
        Verdict::Enforced if r.scenario.burst <= r.limit => {
            "Limit enforced: the whole burst fits under the limit.".to_string()
        }
        Verdict::Enforced => format!("Limit enforced: exactly {} got through.", r.limit),
        Verdict::RefusedUnderLimit => format!(
            "Real requests refused: {} turned away while the user was under the limit.",
            format::plural(r.refused_under_limit, "request was", "requests were")
        ),
    }
}

/// What the shared counter says next to what was allowed.
fn counter_note(r: &Report) -> String {
    let lost = r.lost_updates();
    if lost > 0 {
        format!(
            "though {} were allowed: {} lost, because each SET wrote what its server had read, plus one",
            r.allowed,
            format::plural(lost, "update was", "updates were")
        )
    } else {
        "one count for every request: nothing lost".to_string()
    }
}

/// The totals panel.
#[component]
pub fn Totals() -> impl IntoView {
    let lab = Lab::expect();
    let r = lab.report;
    let strategy = Memo::new(move |_| lab.scenario.with(|s| s.strategy));
    let verdict = Memo::new(move |_| r.with(|r| r.verdict()));
    view! {
        <section class="rll-totals" aria-label="Totals">
            <p
                class=move || format!("rll-verdict rll-verdict--{}", verdict.get().as_str())
                data-testid="verdict"
            >
                <span class="rll-verdict__icon" aria-hidden="true">
                    {move || match verdict.get() {
                        Verdict::NotEnforced => "▲",
                        Verdict::Enforced => "✓",
                        Verdict::RefusedUnderLimit => "▼",
                    }}
                </span>
                {move || r.with(verdict_text)}
            </p>
            <dl class="rll-stats">
                <div class="rll-stat rll-stat--big">
                    <dt>"Allowed"</dt>
                    <dd>
                        <span class="rll-stat__num" data-testid="allowed-total" data-value=move || r.with(|r| r.allowed)>
                            {move || r.with(|r| r.allowed)}
                        </span>
                        <span class="rll-stat__of">
                            " of " {move || r.with(|r| r.scenario.burst)} " sent; the limit is "
                            <span data-testid="limit" data-value=move || r.with(|r| r.limit)>{move || r.with(|r| r.limit)}</span>
                        </span>
                    </dd>
                </div>
                <div class="rll-stat">
                    <dt>"Beyond the limit"</dt>
                    <dd>
                        <span class="rll-stat__num" data-testid="over" data-value=move || r.with(|r| r.over)>
                            {move || r.with(|r| r.over)}
                        </span>
                    </dd>
                </div>
                <div class="rll-stat">
                    <dt>"Refused while under the limit"</dt>
                    <dd>
                        <span class="rll-stat__num" data-testid="refused-under-limit" data-value=move || r.with(|r| r.refused_under_limit)>
                            {move || r.with(|r| r.refused_under_limit)}
                        </span>
                    </dd>
                </div>
                <div class="rll-stat">
                    <dt>"Redis calls per request"</dt>
                    <dd>
                        <span
                            class="rll-stat__num"
                            data-testid="redis-calls-per-request"
                            data-value=move || r.with(|r| format::decimal(r.redis_calls_per_request))
                        >
                            {move || r.with(|r| format::decimal(r.redis_calls_per_request))}
                        </span>
                        <span class="rll-stat__of">
                            " ("
                            <span data-testid="redis-calls" data-value=move || r.with(|r| r.redis_calls)>
                                {move || r.with(|r| r.redis_calls)}
                            </span>
                            " in all): " {move || text::strategy(strategy.get()).calls_note}
                        </span>
                    </dd>
                </div>
                <Show when=move || strategy.get().uses_redis()>
                    <div class="rll-stat">
                        <dt>"Redis counter at the end"</dt>
                        <dd>
                            <span
                                class="rll-stat__num"
                                data-testid="final-counter"
                                data-value=move || r.with(|r| r.final_counter.unwrap_or(0))
                            >
                                {move || r.with(|r| r.final_counter.unwrap_or(0))}
                            </span>
                            <span class="rll-stat__of">" " {move || r.with(counter_note)}</span>
                        </dd>
                    </div>
                </Show>
                <div class="rll-stat">
                    <dt>"Added latency per request"</dt>
                    <dd>
                        <span class="rll-stat__num">{move || format!("{} ms", r.with(|r| format::ms(r.latency_median_us)))}</span>
                        <span class="rll-stat__of">
                            {move || r.with(|r| {
                                if r.latency_max_us == 0 {
                                    " median: the decision never leaves the server".to_string()
                                } else {
                                    format!(" median, {} ms at most", format::ms(r.latency_max_us))
                                }
                            })}
                        </span>
                    </dd>
                </div>
            </dl>
            <div class="rll-down">
                <h4 class="rll-down__title">"If Redis is slow or down"</h4>
                <p data-testid="redis-down">{move || text::strategy(strategy.get()).redis_down}</p>
            </div>
        </section>
    }
}

/// A visually hidden, polite live region that reads the outcome once the
/// learner pauses, not on every step of a drag.
#[component]
pub fn Announcer() -> impl IntoView {
    let lab = Lab::expect();
    let message = RwSignal::new(String::new());
    let pending = StoredValue::new_local(None::<Timeout>);
    let first = StoredValue::new(true);
    Effect::new(move |_| {
        let summary = lab.report.with(|r| {
            format!(
                "{}: {} of {} allowed, limit {}. {}",
                text::strategy(r.scenario.strategy).tab,
                r.allowed,
                r.scenario.burst,
                r.limit,
                verdict_text(r)
            )
        });
        if first.get_value() {
            // Nothing to announce on load: the page itself says it.
            first.set_value(false);
            return;
        }
        let timeout = Timeout::new(600, move || message.set(summary));
        pending.set_value(Some(timeout));
    });
    view! {
        <p class="rll-sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer">
            {move || message.get()}
        </p>
    }
}
