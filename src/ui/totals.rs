//! The totals against the limit, the verdict, Redis calls, latency, and what
//! happens if Redis is down. Also the polite screen-reader summary.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

use super::format;
use super::state::Lab;
use super::text;
use super::widget::Heading;
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

/// The verdict's shape, so it does not rest on colour alone.
fn icon(v: Verdict) -> &'static str {
    match v {
        Verdict::NotEnforced => "▲",
        Verdict::Enforced => "✓",
        Verdict::RefusedUnderLimit => "▼",
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
    let strategy = Memo::new(move |_| lab.scenario.with(|s| s.strategy));
    let redis = Memo::new(move |_| strategy.get().uses_redis());
    let allowed = lab.num(|r| r.allowed);
    let limit = lab.num(|r| r.limit);
    let over = lab.num(|r| r.over);
    let under = lab.num(|r| r.refused_under_limit);
    let calls = lab.num(|r| r.redis_calls);
    let per_request = lab.text(|r| format::ratio(r.redis_calls, r.scenario.burst));
    let counter = lab.num(|r| r.final_counter.unwrap_or(0));
    let verdict_class = lab.text(|r| format!("rll-verdict rll-verdict--{}", r.verdict().as_str()));
    let verdict_icon = lab.text(|r| icon(r.verdict()).to_string());
    let strategy_text = move |f: fn(&text::StrategyText) -> &'static str| {
        Signal::derive(move || f(text::strategy(strategy.get())))
    };
    view! {
        <section class="rll-totals" aria-label="Totals">
            <p class=verdict_class data-testid="verdict">
                <span class="rll-verdict__icon" aria-hidden="true">{verdict_icon}</span>
                {lab.text(verdict_text)}
            </p>
            <dl class="rll-stats">
                <div class="rll-stat rll-stat--big">
                    <dt>"Allowed"</dt>
                    <dd>
                        <span class="rll-stat__num" data-testid="allowed-total" data-value=allowed>{allowed}</span>
                        <span class="rll-stat__of">
                            " of " {lab.num(|r| r.scenario.burst)} " sent; the limit is "
                            <span data-testid="limit" data-value=limit>{limit}</span>
                        </span>
                        <Gauge/>
                    </dd>
                </div>
                <div class="rll-stat">
                    <dt>"Beyond the limit"</dt>
                    <dd>
                        <span class="rll-stat__num" data-testid="over" data-value=over>{over}</span>
                    </dd>
                </div>
                <div class="rll-stat">
                    <dt>"Refused while under the limit"</dt>
                    <dd>
                        <span class="rll-stat__num" data-testid="refused-under-limit" data-value=under>{under}</span>
                    </dd>
                </div>
                <div class="rll-stat">
                    <dt>"Redis calls per request"</dt>
                    <dd>
                        <span class="rll-stat__num" data-testid="redis-calls-per-request" data-value=per_request>
                            {per_request}
                        </span>
                        <span class="rll-stat__of">
                            " (" <span data-testid="redis-calls" data-value=calls>{calls}</span> " in all): "
                            {strategy_text(|t| t.calls_note)}
                        </span>
                    </dd>
                </div>
                // Only the Redis strategies have a shared counter. Hidden, and
                // without its test hook, for the others: as good as absent,
                // and cheaper in wasm than a <Show>.
                <div class="rll-stat" hidden=Signal::derive(move || !redis.get())>
                    <dt>"Redis counter at the end"</dt>
                    <dd>
                        <span
                            class="rll-stat__num"
                            data-testid=Signal::derive(move || redis.get().then_some("final-counter"))
                            data-value=counter
                        >
                            {counter}
                        </span>
                        <span class="rll-stat__of">" " {lab.text(counter_note)}</span>
                    </dd>
                </div>
                <div class="rll-stat">
                    <dt>"Added latency per request"</dt>
                    <dd>
                        <span class="rll-stat__num">{lab.text(|r| format!("{} ms", format::ms(r.latency_median_us)))}</span>
                        <span class="rll-stat__of">{lab.text(latency_note)}</span>
                    </dd>
                </div>
            </dl>
            <div class="rll-down">
                <Heading level=2 class="rll-down__title">"If Redis is slow or down"</Heading>
                <p data-testid="redis-down">{strategy_text(|t| t.redis_down)}</p>
            </div>
        </section>
    }
}

/// The outcome in one line, pinned to the top of a narrow screen while the
/// learner drags the sliders further down (the full totals sit below the
/// controls there). Hidden from screen readers: it repeats the totals.
#[component]
pub fn Glance() -> impl IntoView {
    let lab = Lab::expect();
    let class = lab.text(|r| format!("rll-glance rll-glance--{}", r.verdict().as_str()));
    let line = lab.text(|r| {
        let v = r.verdict();
        let word = match v {
            Verdict::NotEnforced => "over",
            Verdict::Enforced => "enforced",
            Verdict::RefusedUnderLimit => "refused under it",
        };
        format!(
            "{} of {} allowed · limit {} · {} {word}",
            r.allowed,
            r.scenario.burst,
            r.limit,
            icon(v)
        )
    });
    view! { <p class=class aria-hidden="true">{line}</p> }
}

/// What the median latency means.
fn latency_note(r: &Report) -> String {
    if r.latency_max_us == 0 {
        " median: the decision never leaves the server".to_string()
    } else {
        format!(" median, {} ms at most", format::ms(r.latency_max_us))
    }
}

/// Allowed against the limit, drawn: a bar for the burst, filled up to the
/// number allowed, with a tick at the limit. Sizes go through CSS custom
/// properties set on the element's style object (CSP-safe).
#[component]
fn Gauge() -> impl IntoView {
    let lab = Lab::expect();
    let allowed = lab.text(|r| share(r.allowed, r.scenario.burst));
    let limit = lab.text(|r| share(r.limit.min(r.scenario.burst), r.scenario.burst));
    let split = lab.text(|r| share(r.limit.min(r.allowed), r.allowed));
    view! {
        <div
            class="rll-gauge"
            aria-hidden="true"
            style=("--allowed", allowed)
            style=("--limit", limit)
            style=("--split", split)
        >
            <div class="rll-gauge__fill"></div>
            <div class="rll-gauge__limit"></div>
        </div>
    }
}

/// `part / whole` as a CSS percentage with one decimal, in integers.
fn share(part: u32, whole: u32) -> String {
    let permille = u64::from(part) * 1000 / u64::from(whole.max(1));
    format!("{}.{}%", permille / 10, permille % 10)
}

/// A visually hidden, polite live region that reads the outcome once the
/// learner pauses, not on every step of a drag.
#[component]
pub fn Announcer() -> impl IntoView {
    let lab = Lab::expect();
    let message = RwSignal::new(String::new());
    let pending = StoredValue::new_local(None::<Timeout>);
    Effect::new(move |before: Option<()>| {
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
        if before.is_none() {
            // Nothing to announce on load: the page itself says it.
            return;
        }
        let timeout = Timeout::new(600, move || message.set(summary));
        pending.set_value(Some(timeout));
    });
    view! {
        <p class="rll-sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer">
            {message}
        </p>
    }
}
