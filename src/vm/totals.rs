//! The totals panel: the verdicts and their sentences, the numbers against
//! the limit (at a moment while replaying, at the end otherwise), what a
//! regular user gets, the Redis counter and what it means, the added
//! latency, what happens if Redis is slow or down (from the model's own
//! outcome), and the cost of sharing.

use crate::sim::{
    AllRefusedWhy, Command, Fail, Health, LoadBalancer, Moment, Place, Report, Strategy, Verdict,
};

use super::format;
use super::html::Html;
use super::names::Mark;
use super::strategy::about;
use super::text::{Text, Texts};
use crate::{html, html_of};

/// One verdict line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerdictLine {
    /// The verdict's name for styles and tests ("not-enforced", …; "so-far"
    /// while replaying).
    pub kind: &'static str,
    /// Its shape, so it never rests on colour alone.
    pub icon: &'static str,
    /// The sentence.
    pub text: String,
}

/// The verdict's shape.
pub fn icon(v: Verdict) -> &'static str {
    match v {
        Verdict::NotEnforced => "▲",
        Verdict::Enforced => "✓",
        Verdict::RefusedUnderLimit => "▼",
        Verdict::AllRefused(_) => "✕",
    }
}

/// Every verdict of the end state, worded.
pub fn verdicts(r: &Report, texts: &Texts) -> Vec<VerdictLine> {
    let n = |x: u32| x.to_string();
    r.verdicts()
        .into_iter()
        .map(|v| {
            let text = match v {
                Verdict::NotEnforced => texts.fill(
                    Text::VerdictOver,
                    &[(
                        "n",
                        &texts.count(r.over.into(), Text::RequestOne, Text::RequestMany),
                    )],
                ),
                Verdict::Enforced if r.scenario.burst <= r.limit => {
                    texts.get(Text::VerdictFits).to_string()
                }
                Verdict::Enforced if r.allowed > r.limit => texts.fill(
                    Text::VerdictRefill,
                    &[("n", &n(r.allowed)), ("k", &n(r.allowed - r.limit))],
                ),
                Verdict::Enforced => texts.fill(Text::VerdictExact, &[("n", &n(r.allowed))]),
                // The harm in this burst, else the regular user's: never
                // the early refusals that later requests made up for.
                Verdict::RefusedUnderLimit if r.wrongly_refused() > 0 => texts.fill(
                    Text::VerdictUnder,
                    &[(
                        "n",
                        &texts.count(
                            r.wrongly_refused().into(),
                            Text::RequestOne,
                            Text::RequestMany,
                        ),
                    )],
                ),
                Verdict::RefusedUnderLimit => texts.fill(
                    Text::VerdictRegular,
                    &[("k", &n(r.regular_user)), ("l", &n(r.limit))],
                ),
                Verdict::AllRefused(AllRefusedWhy::FailClosed) => {
                    texts.get(Text::VerdictAllFail).to_string()
                }
                Verdict::AllRefused(AllRefusedWhy::NoQuota) => {
                    texts.get(Text::VerdictAllQuota).to_string()
                }
            };
            VerdictLine {
                kind: v.as_str(),
                icon: icon(v),
                text,
            }
        })
        .collect()
}

/// The numbers of the totals, at a moment or at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// Allowed (answered) so far.
    pub allowed: u32,
    /// Beyond the allowance so far.
    pub over: u32,
    /// Refused while under the limit, answered so far.
    pub under: u32,
    /// Redis calls sent so far.
    pub calls: u32,
    /// The Redis counter then.
    pub counter: Option<u32>,
    /// Refused at the gateway so far.
    pub gateway: u32,
}

/// The numbers as they stood at moment `m`.
pub fn numbers(r: &Report, m: &Moment) -> Numbers {
    Numbers {
        allowed: m.allowed,
        over: m.allowed.saturating_sub(r.allowance),
        under: r
            .requests
            .iter()
            .filter(|q| q.refused_under_limit && q.answer_us <= m.t_us)
            .count() as u32,
        calls: m.calls,
        counter: m.counter,
        gateway: m.gateway_refused,
    }
}

/// While replaying, one line instead of the end's verdicts: beyond the
/// limit already, refused under it already, or neither yet.
pub fn so_far(r: &Report, m: &Moment, texts: &Texts) -> VerdictLine {
    let n = numbers(r, m);
    let at = texts.fill(
        Text::LabelAt,
        &[
            ("t", &texts.num(&format::moment(m.t_us))),
            ("a", &n.allowed.to_string()),
            ("r", &m.refused.to_string()),
        ],
    );
    let kind = if n.over > 0 {
        Verdict::NotEnforced.as_str()
    } else if n.under > 0 {
        Verdict::RefusedUnderLimit.as_str()
    } else {
        "so-far"
    };
    VerdictLine {
        kind,
        icon: if n.over > 0 {
            "▲"
        } else if n.under > 0 {
            "▼"
        } else {
            "…"
        },
        text: at,
    }
}

/// The key under the counter figure: what it is and what it means.
pub fn counter_label(r: &Report, at_end: bool) -> Text {
    let script = r.scenario.strategy.command() == Some(Command::EvalSha);
    match (script, at_end) {
        (true, _) => Text::StatTokens,
        (_, true) => Text::StatCounter,
        (_, false) => Text::StatCounterNow,
    }
}

/// What the Redis counter means, beside its value at the end.
pub fn counter_note(r: &Report, texts: &Texts) -> String {
    let s = &r.scenario;
    if s.strategy.batches() {
        let missing = r.allowed.saturating_sub(r.final_counter.unwrap_or(0));
        return if missing > 0 {
            texts.fill(Text::CounterSync, &[("k", &missing.to_string())])
        } else {
            texts.get(Text::CounterSyncAll).to_string()
        };
    }
    match s.strategy.command() {
        // GET then SET: what its lost updates cost.
        Some(Command::Get) => {
            let by_rule = r
                .requests
                .iter()
                .filter(|q| q.allowed && q.by_fail_rule)
                .count() as u32;
            let lost = r.lost_updates().saturating_sub(by_rule);
            if by_rule > 0 {
                texts.fill(
                    Text::CounterFailRule,
                    &[("a", &r.allowed.to_string()), ("f", &by_rule.to_string())],
                )
            } else if lost > 0 {
                texts.fill(
                    Text::CounterLost,
                    &[
                        ("a", &r.allowed.to_string()),
                        (
                            "k",
                            &texts.count(lost.into(), Text::RequestOne, Text::RequestMany),
                        ),
                    ],
                )
            } else {
                texts.get(Text::CounterNoneLost).to_string()
            }
        }
        Some(Command::Incr) if r.scenario.edge_us().is_some() => {
            texts.get(Text::CounterIncrWindow).to_string()
        }
        Some(Command::Incr) => texts.get(Text::CounterIncr).to_string(),
        Some(Command::EvalSha) => texts.fill(
            Text::CounterLua,
            &[
                ("l", &s.limit.to_string()),
                ("window", &window(s.window_s, texts)),
            ],
        ),
        _ => String::new(),
    }
}

/// The window in words: "second", "minute", "hour", "30 seconds".
pub fn window(seconds: u32, texts: &Texts) -> String {
    match seconds {
        1 => texts.get(Text::WindowSecond).to_string(),
        60 => texts.get(Text::WindowMinute).to_string(),
        3600 => texts.get(Text::WindowHour).to_string(),
        n => texts.fill(Text::WindowSeconds, &[("n", &n.to_string())]),
    }
}

/// The added latency's median, and the note beside it.
pub fn latency(r: &Report, texts: &Texts) -> (String, String) {
    let median = texts.fill(
        Text::Ms,
        &[("n", &texts.num(&format::ms(r.latency_median_us)))],
    );
    let note = if r.latency_max_us > 0 {
        texts.fill(
            Text::LatencyMax,
            &[("m", &texts.num(&format::ms(r.latency_max_us)))],
        )
    } else if r.scenario.strategy.waits_for_redis() {
        texts.get(Text::LatencyZero).to_string()
    } else if r.scenario.strategy.batches() {
        texts.get(Text::LatencySync).to_string()
    } else if r.scenario.strategy.place() == Place::Front {
        texts.get(Text::LatencyEdge).to_string()
    } else {
        texts.get(Text::LatencyNone).to_string()
    };
    (median, note)
}

/// The note beside the Redis-calls figure.
pub fn calls_note(s: Strategy) -> Text {
    about(s).calls
}

/// Local counters' real ceiling for this user: the limit once for every
/// server whose count the user can reach (N, but one under sticky
/// sessions, two with a move), and whether that is above the limit (a
/// ceiling of the limit itself is no warning); `None` for the other
/// strategies.
pub fn ceiling(r: &Report, texts: &Texts) -> Option<(String, bool)> {
    let s = &r.scenario;
    if s.strategy != Strategy::ALONE {
        return None;
    }
    let moved = s.move_ms.is_some();
    let reached = match s.lb {
        LoadBalancer::Sticky => 1 + u32::from(moved),
        _ => s.servers,
    };
    let c = (reached * s.limit).to_string();
    let l = s.limit.to_string();
    let text = if s.lb == LoadBalancer::Sticky && moved && s.servers == 1 {
        texts.fill(Text::StatCeilingRestart, &[("l", &l), ("c", &c)])
    } else {
        texts.fill(
            Text::StatCeiling,
            &[
                (
                    "servers",
                    &texts.count(reached.into(), Text::ServersOne, Text::ServersMany),
                ),
                ("l", &l),
                ("c", &c),
            ],
        )
    };
    Some((text, reached > 1))
}

/// The scenario again with Redis down: what the availability note compares
/// with while Redis is healthy. `None` when it would say nothing new (no
/// Redis, or Redis already slow or down).
pub fn down_scenario(r: &Report) -> Option<crate::sim::Scenario> {
    let s = r.scenario;
    (s.strategy.uses_redis() && s.redis == Health::Up).then(|| s.with_redis(Health::Down))
}

/// What happens if Redis is slow or down, from the model's outcome: for the
/// current setting when Redis is slow or down, or for `down` (the same
/// scenario with Redis down, see [`down_scenario`]) while it is healthy.
pub fn redis_note(r: &Report, down: Option<&Report>, texts: &Texts) -> String {
    let s = &r.scenario;
    let health = |h: Health| {
        texts
            .get(match h {
                Health::Up => Text::HealthUp,
                Health::Slow => Text::HealthSlow,
                Health::Down => Text::HealthDown,
            })
            .to_string()
    };
    let b = s.burst.to_string();
    let (place, batches) = (s.strategy.place(), s.strategy.batches());
    match place {
        // Counted in memory or at the gateway: no Redis to lose.
        Place::Memory if !batches => texts.get(Text::DownNone).to_string(),
        Place::Front => texts.get(Text::DownEdge).to_string(),
        // The batched sync's servers keep deciding alone.
        _ if batches && s.redis != Health::Up => {
            let late = r.calls.iter().filter(|c| c.abandoned_us.is_some()).count();
            let local = crate::sim::allowed(&s.with_strategy(Strategy::ALONE));
            texts.fill(
                Text::DownSyncNow,
                &[
                    ("health", &health(s.redis)),
                    ("k", &late.to_string()),
                    ("c", &r.calls.len().to_string()),
                    ("a", &r.allowed.to_string()),
                    ("b", &b),
                    ("local", &local.to_string()),
                ],
            )
        }
        _ if batches => texts.fill(
            Text::DownSyncIf,
            &[
                ("a", &down.map_or(r.allowed, |d| d.allowed).to_string()),
                ("b", &b),
            ],
        ),
        _ if r.fail_decided > 0 => texts.fill(
            if r.fail_decided == 1 {
                Text::DownNowOne
            } else {
                Text::DownNow
            },
            &[
                ("health", &health(s.redis)),
                ("k", &r.fail_decided.to_string()),
                ("t", &s.timeout_ms.to_string()),
                (
                    "verdict",
                    texts.get(if s.fail == Fail::Open {
                        Text::DownAllowed
                    } else {
                        Text::DownRefused
                    }),
                ),
                ("a", &r.allowed.to_string()),
                ("b", &b),
            ],
        ),
        _ if s.redis == Health::Slow => {
            texts.fill(Text::DownSlowInTime, &[("t", &s.timeout_ms.to_string())])
        }
        _ => texts.fill(
            if s.fail == Fail::Open {
                Text::DownIfOpen
            } else {
                Text::DownIfClosed
            },
            &[
                ("t", &s.timeout_ms.to_string()),
                ("a", &down.map_or(0, |d| d.allowed).to_string()),
                ("b", &b),
            ],
        ),
    }
}

/// The verdicts and the outcome against the limit, as the view writes
/// them into the totals box's parts (see [`head_html`] for the markup).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Head {
    /// The verdict lines (while replaying, one line for the moment).
    pub lines: Vec<VerdictLine>,
    /// Allowed (answered) so far.
    pub allowed: u32,
    /// The limit.
    pub limit: u32,
    /// "of 40 sent; the limit is", cut around the limit's number.
    pub of: (String, String),
    /// The bar in thousandths of the burst: allowed within the limit,
    /// allowed beyond it, and where the limit's tick goes.
    pub bar: (u64, u64, u64),
    /// Local counters' real ceiling ([`ceiling`]), and whether it is above
    /// the limit.
    pub ceiling: Option<(String, bool)>,
    /// What a regular user sending exactly L gets, and the words after it.
    pub regular: (u32, String),
}

/// The totals' head at moment `m`.
pub fn head(r: &Report, m: &Moment, at_end: bool, t: &Texts) -> Head {
    let s = &r.scenario;
    let lines = if at_end {
        verdicts(r, t)
    } else {
        vec![so_far(r, m, t)]
    };
    let n = numbers(r, m);
    let of = t.fill(Text::StatAllowedOf, &[("b", &s.burst.to_string())]);
    let (before, after) = of.split_once("{l}").unwrap_or((&of, ""));
    // The bar: 1000 units for the burst; allowed within the limit, then
    // beyond it, and a tick at the limit.
    let b = u64::from(s.burst.max(1));
    let per = |x: u32| u64::from(x) * 1000 / b;
    let within = per(n.allowed.min(s.limit));
    Head {
        lines,
        allowed: n.allowed,
        limit: s.limit,
        of: (before.to_string(), after.to_string()),
        bar: (
            within,
            per(n.allowed) - within,
            per(s.limit.min(s.burst)).min(994),
        ),
        ceiling: ceiling(r, t),
        regular: (
            r.regular_user,
            t.fill(Text::StatRegularOf, &[("l", &s.limit.to_string())]),
        ),
    }
}

/// The verdict lines as markup.
pub fn lines_html(lines: &[VerdictLine]) -> Html {
    let mut out = Html::new();
    for l in lines {
        html!(
            out,
            concat!(
                r#"<p class="rll-verdict rll-verdict--{}""#,
                data!(Kind = {}),
                r#"><span class="rll-verdict__icon" aria-hidden="true">{}</span><span class="rll-verdict__text">{}</span></p>"#
            ),
            l.kind,
            l.kind,
            l.icon,
            l.text
        );
    }
    out
}

/// The totals box's markup, with its parts (`data-part`) holding
/// [`Head`]: what the widget writes when it mounts; the view then writes
/// each part in place.
pub fn head_skeleton(t: &Texts) -> Html {
    html_of!(
        concat!(
            r#"<div class="rll-verdicts""#,
            mark!(Verdict),
            data!(Part = "verdicts"),
            r#"></div><p class="rll-allowed"><span class="rll-allowed__label">{}</span><span class="rll-allowed__num""#,
            mark!(AllowedTotal),
            data!(Part = "allowed"),
            r#"></span><span class="rll-allowed__of"><span"#,
            data!(Part = "of1"),
            "></span><span",
            mark!(Limit),
            data!(Part = "limit"),
            "></span><span",
            data!(Part = "of2"),
            r#"></span></span></p><svg class="rll-gauge" viewBox="0 0 1000 20" preserveAspectRatio="none" aria-hidden="true"><rect class="rll-gauge__bg" y="4" width="1000" height="12" rx="6"/><rect class="rll-gauge__ok" y="4" height="12""#,
            data!(Part = "ok"),
            r#"/><rect class="rll-gauge__over" y="4" height="12""#,
            data!(Part = "over"),
            r#"/><rect class="rll-gauge__limit" width="6" height="20""#,
            data!(Part = "tick"),
            r#"/></svg><p class="rll-ceiling""#,
            data!(Part = "ceiling"),
            r#" hidden></p><p class="rll-regular"><span class="rll-regular__label">{}</span> <strong"#,
            mark!(RegularUser),
            data!(Part = "regular"),
            "></strong> <span",
            data!(Part = "regular-of"),
            "></span></p>"
        ),
        t.get(Text::StatAllowed),
        t.get(Text::StatRegular),
    )
}

/// The totals' head as markup, as the view shows it for `r` at `m` (the
/// skeleton with [`head`] written in): what the tests read.
pub fn head_html(r: &Report, m: &Moment, at_end: bool, t: &Texts) -> Html {
    let h = head(r, m, at_end, t);
    let (within, beyond, tick) = h.bar;
    // Each part of the skeleton, opened, and what it opens to.
    let fills = [
        (
            concat!(data!(Part = "verdicts"), ">"),
            html_of!(
                concat!(data!(Part = "verdicts"), ">{}"),
                lines_html(&h.lines)
            ),
        ),
        (
            concat!(data!(Part = "allowed"), ">"),
            html_of!(
                concat!(data!(Part = "allowed"), data!(Value = {}), ">{}"),
                h.allowed,
                h.allowed
            ),
        ),
        (
            concat!(data!(Part = "of1"), ">"),
            html_of!(concat!(data!(Part = "of1"), ">{}"), h.of.0),
        ),
        (
            concat!(data!(Part = "limit"), ">"),
            html_of!(
                concat!(data!(Part = "limit"), data!(Value = {}), ">{}"),
                h.limit,
                h.limit
            ),
        ),
        (
            concat!(data!(Part = "of2"), ">"),
            html_of!(concat!(data!(Part = "of2"), ">{}"), h.of.1),
        ),
        (
            concat!(data!(Part = "ok"), "/>"),
            html_of!(concat!(data!(Part = "ok"), r#" width="{}"/>"#), within),
        ),
        (
            concat!(data!(Part = "over"), "/>"),
            html_of!(
                concat!(data!(Part = "over"), r#" x="{}" width="{}"/>"#),
                within,
                beyond
            ),
        ),
        (
            concat!(data!(Part = "tick"), "/>"),
            html_of!(concat!(data!(Part = "tick"), r#" x="{}"/>"#), tick),
        ),
        (
            concat!(data!(Part = "regular"), ">"),
            html_of!(
                concat!(data!(Part = "regular"), data!(Value = {}), ">{}"),
                h.regular.0,
                h.regular.0
            ),
        ),
        (
            concat!(data!(Part = "regular-of"), ">"),
            html_of!(concat!(data!(Part = "regular-of"), ">{}"), h.regular.1),
        ),
    ];
    let mut out = fills.iter().fold(head_skeleton(t), |html, (part, filled)| {
        html.replace(part, filled)
    });
    if let Some((c, over)) = &h.ceiling {
        out = out.replace(
            concat!(data!(Part = "ceiling"), " hidden>"),
            &html_of!(
                concat!(data!(Part = "ceiling"), data!(Over = {}), ">{}"),
                over,
                c
            ),
        );
    }
    out
}

/// The figures under the verdicts, as markup for a `<dl>`: beyond the limit, refused under it, the gateway's refusals
/// (edge) and the Redis counter (where there is one), at the moment shown.
pub fn stats_html(r: &Report, m: &Moment, at_end: bool, t: &Texts) -> Html {
    use super::html::stat;
    let n = numbers(r, m);
    let s = &r.scenario;
    let mut out = Html::new();
    let text = |x: u32| x.to_string();
    stat(
        &mut out,
        t.get(Text::StatBeyond),
        Mark::Over.as_str(),
        &text(n.over),
        &text(n.over),
        "",
    );
    under_stat(&mut out, r, &n, at_end, t);
    if s.strategy.place() == Place::Front {
        stat(
            &mut out,
            t.get(Text::StatGateway),
            Mark::GatewayRefused.as_str(),
            &text(n.gateway),
            &text(n.gateway),
            "",
        );
    }
    if let Some(c) = n.counter {
        let note = if at_end {
            counter_note(r, t)
        } else {
            String::new()
        };
        stat(
            &mut out,
            t.get(counter_label(r, at_end)),
            Mark::FinalCounter.as_str(),
            &text(c),
            &text(c),
            &note,
        );
    }
    out
}

/// What the refusals while under the limit meant, at the end: `None` when
/// there were none; else whether later requests took their place, or how
/// many of them a correct limiter would have let through.
pub fn under_note(r: &Report, texts: &Texts) -> Option<String> {
    let wrong = r.wrongly_refused();
    (r.refused_under_limit > 0).then(|| {
        if wrong == 0 {
            texts.get(Text::UnderReplaced).to_string()
        } else {
            texts.fill(Text::UnderWrong, &[("n", &wrong.to_string())])
        }
    })
}

/// The figure "refused while under the limit" (so far), and at the end
/// its note, which carries the requests a correct limiter would have let
/// through (`wrongly-refused`): a learner reads the two together.
fn under_stat(out: &mut Html, r: &Report, n: &Numbers, at_end: bool, t: &Texts) {
    let note = if at_end {
        html_of!(
            concat!(
                r#"<span class="rll-stat__of""#,
                mark!(WronglyRefused),
                data!(Value = {}),
                ">{}</span>"
            ),
            r.wrongly_refused(),
            under_note(r, t).unwrap_or_default()
        )
    } else {
        Html::lit(r#"<span class="rll-stat__of"></span>"#)
    };
    html!(
        out,
        concat!(
            r#"<div class="rll-stat"><dt>{}</dt><dd><span class="rll-stat__num""#,
            mark!(RefusedUnderLimit),
            data!(Value = {}),
            ">{}</span> {}</dd></div>"
        ),
        t.get(Text::StatUnder),
        n.under,
        n.under,
        note
    );
}

/// The cost of sharing, as markup for a `<dl>`: added latency, Redis calls
/// (per request and in all, so far), Redis operations a second at the
/// site's traffic and the nodes they take.
pub fn cost_html(r: &Report, m: &Moment, t: &Texts) -> Html {
    use super::html::stat;
    let mut out = Html::new();
    let (median, note) = latency(r, t);
    let per = t.num(&format::hundredths(r.calls_per_request_hundredths()));
    stat(
        &mut out,
        t.get(Text::StatLatency),
        Mark::LatencyMedian.as_str(),
        &format::ms(r.latency_median_us),
        &median,
        &note,
    );
    // The calls in all sit in their own element (a test hook), wherever
    // the sentence puts them.
    let all = html_of!(
        concat!(
            r#"<span"#,
            mark!(RedisCalls),
            data!(Value = {}),
            ">{}</span>"
        ),
        m.calls,
        t.fill(Text::StatCallsAll, &[("n", &m.calls.to_string())])
    );
    let note = Html::text(&t.fill(
        Text::StatCallsNote,
        &[("note", t.get(calls_note(r.scenario.strategy)))],
    ))
    .replace("{all}", &all);
    html!(
        out,
        concat!(
            r#"<div class="rll-stat"><dt>{}</dt><dd><span class="rll-stat__num""#,
            mark!(RedisCallsPerRequest),
            data!(Value = {}),
            r#">{}</span> <span class="rll-stat__of">{}</span></dd></div>"#
        ),
        t.get(Text::StatCalls),
        format::hundredths(r.calls_per_request_hundredths()),
        per,
        note
    );
    let ops = r.ops_per_second();
    stat(
        &mut out,
        t.get(Text::CostOps),
        Mark::RedisOpsPerSecond.as_str(),
        &ops.to_string(),
        &t.num(&format::grouped(ops)),
        if ops == 0 { t.get(Text::CostNone) } else { "" },
    );
    // What each way of keeping the count holds per user, once the learner
    // has set an edge or another way (the default screen is unchanged).
    let s = &r.scenario;
    if !super::windows::plain(s) {
        let a = s.algo();
        stat(
            &mut out,
            t.get(Text::CostKept),
            Mark::KeptPerUser.as_str(),
            a.as_str(),
            &super::windows::kept(a, s.limit, t),
            "",
        );
    }
    let nodes = r.redis_nodes().to_string();
    stat(
        &mut out,
        t.get(Text::CostNodes),
        Mark::RedisNodes.as_str(),
        &nodes,
        &nodes,
        "",
    );
    out
}
