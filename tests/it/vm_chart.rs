//! The charts' geometry (`vm::chart`): which points are drawn while a sweep
//! is still running (the previous sweep's, marked stale, where the new
//! one has not finished), the scales, every point inside the plot, the
//! limit, local counters' N × L ceiling, the learner's position and the
//! ticks.
//!
//! Sweeps are small here (limit 1 or 2, a burst of 16 or so) to stay fast.

use ratelimit_lab::sim::sweep::{Axis, Sweep, SEEDS};
use ratelimit_lab::sim::Strategy;
use ratelimit_lab::sim::{run, Scenario};
use ratelimit_lab::vm::chart::{
    chart, mini, mini_shown, mini_text, point_label, points, px, summary, table, trend, Chart,
};
use ratelimit_lab::vm::text::Texts;

use crate::vm_support::scenario;

/// The plot's margins, as the chart draws them.
const LEFT: f64 = 40.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 34.0;

fn done(axis: Axis, query: &str) -> Sweep {
    Sweep::complete(axis, &scenario(query))
}

/// The y of `v` allowed on `c` (the scale the chart uses).
fn y(c: &Chart, v: u32) -> f64 {
    c.h - BOTTOM - f64::from(v) / f64::from(c.y_max) * (c.h - TOP - BOTTOM)
}

#[test]
fn a_finished_sweep_draws_every_point_fresh() {
    let s = done(Axis::Rtt, "strategy=getset&burst=8&limit=2");
    let p = points(&s, None);
    assert_eq!(p.len(), 3 * 21);
    assert!(p.iter().all(|(pt, stale)| !stale && pt.runs == SEEDS));
}

#[test]
fn while_running_the_previous_sweeps_points_stand_in_marked_stale() {
    let before = done(Axis::Rtt, "strategy=getset&burst=8&limit=2");
    let mut now = Sweep::new(Axis::Rtt, &scenario("strategy=getset&burst=9&limit=2"));
    // Nothing run: the old points, all stale.
    let p = points(&now, Some(&before));
    assert_eq!(p.len(), 63);
    assert!(p
        .iter()
        .zip(before.points())
        .all(|((a, stale), b)| *stale && a == b));
    // Nothing run and nothing before: nothing to draw.
    assert!(points(&now, None).is_empty());
    // The first point finished, the second half way: the first is new,
    // the second and the rest are the old ones.
    now.advance(SEEDS + SEEDS / 2);
    let p = points(&now, Some(&before));
    assert_eq!((p[0].0, p[0].1), (now.points()[0], false));
    assert_eq!((p[1].0, p[1].1), (before.points()[1], true));
    assert_eq!((p[2].0, p[2].1), (before.points()[2], true));
    // With no sweep before: the partial point, stale; the others not drawn.
    let p = points(&now, None);
    assert_eq!(p.len(), 2);
    assert_eq!((p[1].0.runs, p[1].1), (SEEDS / 2, true));
    // A previous sweep that had not finished a point does not stand in.
    let mut half = Sweep::new(Axis::Rtt, &scenario("strategy=getset&burst=8&limit=2"));
    half.advance(SEEDS);
    let p = points(&now, Some(&half));
    assert_eq!(p.len(), 2);
}

#[test]
fn every_point_and_line_is_inside_the_plot() {
    let s = done(Axis::Servers, "burst=16&limit=1");
    for (w, h) in [(320.0, 200.0), (640.0, 300.0)] {
        let c = chart(&s, None, w, h, 4);
        assert_eq!(c.dots.len(), 7 * 16);
        for d in &c.dots {
            assert!((LEFT..=w - RIGHT).contains(&d.cx), "{d:?}");
            assert!((TOP..=h - BOTTOM).contains(&d.cy), "{d:?}");
            assert!(d.min <= d.max);
        }
        // One line and one band per strategy, through every x.
        assert_eq!(
            c.series.iter().map(|s| s.strategy).collect::<Vec<_>>(),
            Strategy::ALL
        );
        for series in &c.series {
            assert_eq!(
                series.line.matches(['M', 'L']).count(),
                16,
                "{:?}",
                series.strategy
            );
            assert!(series.band.starts_with('M') && series.band.ends_with('Z'));
            for n in series.line.split(['M', 'L']).filter(|p| !p.is_empty()) {
                let (x, y): (i32, i32) = n
                    .split_once(' ')
                    .map(|(a, b)| (a.parse().unwrap(), b.parse().unwrap()))
                    .unwrap();
                assert!(
                    f64::from(x) >= LEFT - 0.5 && f64::from(x) <= w - RIGHT + 0.5,
                    "{n}"
                );
                assert!(
                    f64::from(y) >= TOP - 0.5 && f64::from(y) <= h - BOTTOM + 0.5,
                    "{n}"
                );
            }
        }
        assert!(c.done);
    }
}

#[test]
fn the_servers_chart_shows_the_limit_and_the_n_times_l_ceiling() {
    // Limit 2, burst 16 (the servers chart raises the burst to 16 × L =
    // 32): the ceiling is min(32, 2N), the top of the axis a round 50.
    let s = done(Axis::Servers, "burst=16&limit=2");
    assert_eq!(s.base().burst, 32);
    let c = chart(&s, None, 640.0, 300.0, 4);
    assert_eq!(c.y_max, 50);
    assert!((c.limit_y - y(&c, 2)).abs() < 1e-9);
    let ceiling = c
        .ceiling
        .as_deref()
        .expect("a ceiling on the servers chart");
    let pts: Vec<(i32, i32)> = ceiling
        .split(['M', 'L'])
        .filter(|p| !p.is_empty())
        .map(|p| {
            p.split_once(' ')
                .map(|(a, b)| (a.parse().unwrap(), b.parse().unwrap()))
                .unwrap()
        })
        .collect();
    assert_eq!(pts.len(), 16);
    for (n, (_, py)) in (1..=16).zip(&pts) {
        assert_eq!(*py, px(y(&c, (2 * n).min(32))), "N = {n}");
    }
    // Local counters never get past the ceiling: their dots sit on or
    // below it (a larger y is lower on screen).
    for d in c.dots.iter().filter(|d| d.strategy == Strategy::Local) {
        let n: u32 = d.x.parse().unwrap();
        assert!(d.cy >= y(&c, (2 * n).min(32)) - 1e-9, "{d:?}");
        assert!(d.max <= (2 * n).min(32), "{d:?}");
    }
    // The limit's strategies stay at or under it where they count exactly.
    for d in c
        .dots
        .iter()
        .filter(|d| matches!(d.strategy, Strategy::Edge | Strategy::Incr | Strategy::Lua))
    {
        assert!(d.max <= 2, "{d:?}");
    }
}

#[test]
fn the_round_trip_chart_has_no_ceiling_and_marks_the_learner() {
    let s = done(Axis::Rtt, "strategy=getset&burst=8&limit=2");
    let c = chart(&s, None, 640.0, 300.0, 2000);
    assert_eq!(c.ceiling, None);
    assert_eq!(
        c.series.iter().map(|s| s.strategy).collect::<Vec<_>>(),
        [Strategy::GetSet, Strategy::Incr, Strategy::Lua]
    );
    // 2 ms of 0–20: a tenth of the way along the plot.
    let here = c.here_x.unwrap();
    assert!((here - (LEFT + 0.1 * (640.0 - LEFT - RIGHT))).abs() < 1e-9);
    // The x axis in ms, ticked every 5.
    let ticks: Vec<&str> = c.x_ticks.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(ticks, ["0", "5", "10", "15", "20"]);
    assert_eq!(c.dots[2].x_text, "2");
    assert_eq!(c.dots[2].x, "2");
    // A point's name carries the units of both numbers.
    let d = &c.dots[2];
    assert_eq!(
        point_label(c.axis, d, &Texts::english()),
        format!(
            "GET, then SET, 2 ms round trip: {} allowed on average, fewest {}, most {}",
            d.mean, d.min, d.max
        )
    );
    // Outside the axis: not marked.
    assert_eq!(chart(&s, None, 640.0, 300.0, 25_000).here_x, None);
}

#[test]
fn the_axes_are_ticked_in_round_numbers() {
    let s = done(Axis::Servers, "burst=16&limit=1");
    let c = chart(&s, None, 640.0, 300.0, 1);
    let x: Vec<&str> = c.x_ticks.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(x, ["1", "4", "8", "12", "16"]);
    assert_eq!(c.here_x, Some(LEFT));
    // Five y ticks from 0 to the top, evenly.
    let ys: Vec<&str> = c.y_ticks.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(c.y_max, 20);
    assert_eq!(ys, ["0", "5", "10", "15", "20"]);
    assert_eq!(c.y_ticks[0].0, 300.0 - BOTTOM);
    assert_eq!(c.y_ticks[4].0, TOP);
    // The mean, written with two decimals at most.
    for d in &c.dots {
        let parts: Vec<&str> = d.mean.split('.').collect();
        assert!(
            parts.len() == 1 || (parts.len() == 2 && (1..=2).contains(&parts[1].len())),
            "{}",
            d.mean
        );
    }
}

#[test]
fn a_chart_of_a_sweep_under_way_says_so() {
    let mut s = Sweep::new(Axis::Rtt, &scenario("strategy=getset&burst=8&limit=2"));
    s.advance(10);
    let c = chart(&s, None, 640.0, 300.0, 0);
    assert!(!c.done);
    assert_eq!(c.dots.len(), 1);
    assert!(c.dots[0].stale);
    // Nothing run: nothing drawn, the axes still there.
    let c = chart(&Sweep::new(Axis::Rtt, &scenario("")), None, 640.0, 300.0, 0);
    assert!(
        c.dots.is_empty()
            && c.series
                .iter()
                .all(|s| s.line.is_empty() && s.band.is_empty())
    );
    assert_eq!(c.y_max, 10);
}

#[test]
fn the_note_under_the_charts_gives_each_charts_burst() {
    // Issue 22: the note said "of 160 requests" while the round-trip chart
    // ran the learner's 40.
    use ratelimit_lab::vm::chart::note;
    let t = crate::vm_support::english();
    let s = crate::vm_support::scenario("");
    assert_eq!(
        (Axis::Servers.base(&s).burst, Axis::Rtt.base(&s).burst),
        (160, 40)
    );
    assert_eq!(
        note(&s, &t),
        "Each point is the mean of 50 bursts (seeds 2026 to 2075): of 160 requests as servers \
         are added, more than yours so that the ceiling shows, and of 40, yours, as the round \
         trip grows. The band runs from the fewest to the most allowed. The dashed line is the limit."
    );
    // A burst that already shows the ceiling: both charts run it.
    for q in ["burst=200", "burst=160", "limit=100&burst=500"] {
        let s = crate::vm_support::scenario(q);
        let b = s.burst;
        assert_eq!(Axis::Servers.base(&s).burst, b, "{q}");
        assert!(note(&s, &t).contains(&format!(") of {b} requests;")), "{q}");
    }
}

// Issue 27 item 10: each chart is one image whose name says what it shows;
// the points' names carry units; the table has a caption.

#[test]
fn a_chart_is_named_by_what_it_shows_each_line_in_words() {
    let t = Texts::english();
    let s = done(Axis::Servers, "burst=16&limit=1&lb=round-robin");
    let c = chart(&s, None, 640.0, 300.0, 4);
    let name = summary(&c, "As servers are added", &t);
    // Local counters under round-robin let N × 1 through, up to the burst.
    assert!(
        name.starts_with(
            "As servers are added: the mean allowed of 16 requests over 50 bursts, limit 1. \
             Local counters: 1 at 1 server, 16 at 16 servers; "
        ),
        "{name}"
    );
    assert!(name.contains("; INCR: 1 throughout; "), "{name}");
    assert!(name.ends_with(". Every number is in the table under the chart."));
    // One clause per line drawn.
    assert_eq!(name.matches("; ").count(), c.series.len() - 1, "{name}");
}

#[test]
fn a_lines_trend_says_where_it_stops_changing() {
    let t = Texts::english();
    let ms = |v: &[(u32, u32)]| trend(Axis::Rtt, v, &t);
    assert_eq!(
        ms(&[(0, 1000), (1000, 1000), (2000, 1000)]),
        "10 throughout"
    );
    assert_eq!(
        ms(&[(0, 1000), (1000, 2500), (2000, 4000), (3000, 4000)]),
        "10 at 0 ms, then 40 from about 2 ms on"
    );
    assert_eq!(
        ms(&[(0, 1000), (1000, 2500), (2000, 4000)]),
        "10 at 0 ms, 40 at 2 ms"
    );
    // Compared as whole requests: 39.8 and 40 are the same.
    assert_eq!(
        ms(&[(0, 1000), (1000, 3980), (2000, 4000)]),
        "10 at 0 ms, then 40 from about 1 ms on"
    );
    assert_eq!(
        trend(Axis::Servers, &[(1, 1000), (2, 2000)], &t),
        "10 at 1 server, 20 at 2 servers"
    );
}

#[test]
fn a_charts_table_is_captioned_with_its_title_and_axis() {
    let t = Texts::english();
    let s = done(Axis::Rtt, "strategy=getset&burst=8&limit=2");
    let c = chart(&s, None, 640.0, 300.0, 0);
    let html = table(&c, "As the round trip grows", "Redis round trip (ms)", &t);
    assert!(html.starts_with(
        "<caption>As the round trip grows: mean allowed (fewest–most) by Redis round trip (ms)</caption><thead>"
    ));
    assert_eq!(html.matches("<tr><th scope=\"row\">").count(), 3);
}

// Issue 20: the mini chart beside the round-trip slider.

#[test]
fn the_mini_chart_shows_for_the_strategies_that_wait_for_redis() {
    let shown: Vec<Strategy> = Strategy::ALL
        .into_iter()
        .filter(|s| mini_shown(*s))
        .collect();
    assert_eq!(shown, [Strategy::GetSet, Strategy::Incr, Strategy::Lua]);
}

/// The mean allowed over the sweep's 50 seeds at round trip `rtt_us`, by
/// running the model itself, in hundredths.
fn model_mean(s: &Scenario, rtt_us: u32) -> u32 {
    let sum: u32 = (0..u64::from(SEEDS))
        .map(|k| run(&s.with_rtt_us(rtt_us).with_seed(s.seed.wrapping_add(k))).allowed)
        .sum();
    (sum * 100 + SEEDS / 2) / SEEDS
}

#[test]
fn the_mini_chart_of_the_default_burst_is_the_models_and_flattens_after_about_4_ms() {
    let t = Texts::english();
    let learner = scenario("strategy=getset&rtt=5");
    let sweep = done(Axis::Rtt, "strategy=getset&rtt=5");
    let c = mini(&sweep, None, 160.0, 32.0, learner.rtt_us, Strategy::GetSet);
    // One line: GET then SET's, its 21 points the model's own means.
    assert_eq!(c.series.len(), 1);
    assert_eq!(c.series[0].strategy, Strategy::GetSet);
    assert_eq!(c.dots.len(), 21);
    for &(x, mean) in &c.series[0].points {
        assert_eq!(mean, model_mean(&learner, x), "at {x} µs");
    }
    // No axes on the mini chart: the plot fills it but for its margins.
    assert_eq!(c.here_x, Some(4.0 + 0.25 * (160.0 - 8.0)));
    assert_eq!(
        mini_text(&c, learner.rtt_us, &t),
        "At 5 ms: 40 of 40 get through on average; 10 at 0 ms, then 40 from about 4 ms on."
    );
    // Between two points, the marker sits on the line joining them.
    let half = mini(&sweep, None, 160.0, 32.0, 1500, Strategy::GetSet);
    let (m1, m2) = (c.series[0].points[1].1, c.series[0].points[2].1);
    assert_eq!(half.here_at.map(|(_, m)| m), Some((m1 + m2) / 2));
    // Another strategy reads the same sweep: INCR holds the limit.
    let incr = mini(&sweep, None, 160.0, 32.0, learner.rtt_us, Strategy::Incr);
    assert_eq!(
        mini_text(&incr, learner.rtt_us, &t),
        "At 5 ms: 10 of 40 get through on average; 10 throughout."
    );
}

#[test]
fn moving_the_round_trip_moves_only_the_minis_mark() {
    let sweep = done(Axis::Rtt, "strategy=getset");
    let a = mini(&sweep, None, 160.0, 32.0, 2000, Strategy::GetSet);
    let b = mini(&sweep, None, 160.0, 32.0, 9000, Strategy::GetSet);
    assert_eq!(a.series, b.series);
    assert_eq!(a.dots, b.dots);
    assert_ne!(a.here_x, b.here_x);
    // The sweep does not depend on the learner's round trip.
    let other = done(Axis::Rtt, "strategy=getset&rtt=9");
    assert_eq!(other.points(), sweep.points());
}

#[test]
fn the_stylesheet_keeps_the_boxes_the_charts_are_drawn_at() {
    use ratelimit_lab::vm::chart::height;
    let (phone, wide) = (height(390.0), height(600.0));
    assert_eq!((phone, wide), (220.0, 260.0));
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/style/65-charts.css"))
        .unwrap();
    assert!(css.contains(&format!(
        ".rll-chart__host {{ width: 100%; min-height: {phone}px; }}"
    )));
    assert!(css.contains(&format!(
        "@container (min-width: 520px) {{ .rll-chart__host {{ min-height: {wide}px; }} }}"
    )));
    assert!(css.contains(&format!(
        ".rll-mini {{ flex: 0 0 32%; max-width: 10em; height: {}px; }}",
        ratelimit_lab::vm::chart::MINI_H
    )));
}

#[test]
fn a_point_is_named_by_its_strategy_place_and_numbers() {
    use ratelimit_lab::vm::chart::Dot;
    let t = Texts::english();
    let dot = |strategy, x: &str| Dot {
        strategy,
        x_text: x.to_string(),
        x: x.to_string(),
        mean: "3.5".to_string(),
        min: 3,
        max: 4,
        cx: 0.0,
        cy: 0.0,
        stale: false,
    };
    assert_eq!(
        point_label(Axis::Servers, &dot(Strategy::Local, "1"), &t),
        "Local counters, 1 server: 3.5 allowed on average, fewest 3, most 4"
    );
    assert_eq!(
        point_label(Axis::Servers, &dot(Strategy::Split, "8"), &t),
        "Limit ÷ N, 8 servers: 3.5 allowed on average, fewest 3, most 4"
    );
    assert_eq!(
        point_label(Axis::Rtt, &dot(Strategy::Lua, "2.5"), &t),
        "Lua bucket, 2.5 ms round trip: 3.5 allowed on average, fewest 3, most 4"
    );
}

#[test]
fn a_charts_svg_is_written_whole_with_a_part_for_each_thing_it_draws() {
    use ratelimit_lab::vm::chart::svg;
    use ratelimit_lab::vm::names::Hook;
    // The mini chart: one line, two points here; no axes, no tab stop.
    assert_eq!(
        svg(Hook::RttMini, 1, 2, false),
        concat!(
            r#"<svg class="rll-chart__svg" data-testid="rtt-mini" role="img">"#,
            r#"<path class="rll-chart__band"/><path class="rll-chart__ceiling"/>"#,
            r#"<line class="rll-chart__limit"/><line class="rll-chart__here"/>"#,
            r#"<path class="rll-chart__line"/>"#,
            r#"<circle class="rll-chart__dot" r="3.5"/><circle class="rll-chart__dot" r="3.5"/>"#,
            r#"<circle class="rll-chart__at" r="3"/></svg>"#,
        )
    );
    // A full chart: its axes hidden from screen readers (the image has a
    // name, and a table follows), one tab stop, a band and a line per
    // strategy, a dot per point.
    let full = svg(Hook::ChartServers, 7, 112, true);
    assert!(full.starts_with(concat!(
        r#"<svg class="rll-chart__svg" data-testid="chart-servers" role="img" tabindex="0">"#,
        r#"<g class="rll-chart__axes" aria-hidden="true"></g><path class="rll-chart__band"/>"#
    )));
    let count = |part: &str| full.matches(part).count();
    assert_eq!(count(r#"<path class="rll-chart__band"/>"#), 7);
    assert_eq!(count(r#"<path class="rll-chart__line"/>"#), 7);
    assert_eq!(count(r#"<circle class="rll-chart__dot" r="3.5"/>"#), 112);
    assert_eq!(count("<circle"), 113);
}

#[test]
fn a_series_and_a_point_are_classed_by_strategy_and_a_stale_point_faded() {
    use ratelimit_lab::vm::chart::{dot_class, series_class, Dot};
    use ratelimit_lab::vm::names::Class;
    assert_eq!(
        series_class(Class::ChartBand, Strategy::Local),
        "rll-chart__band rll-s-local"
    );
    assert_eq!(
        series_class(Class::ChartLine, Strategy::GetSet),
        "rll-chart__line rll-s-getset"
    );
    let mut d = Dot {
        strategy: Strategy::Lua,
        x_text: "5".to_string(),
        x: "5".to_string(),
        mean: "40".to_string(),
        min: 40,
        max: 40,
        cx: 0.0,
        cy: 0.0,
        stale: false,
    };
    assert_eq!(dot_class(&d), "rll-chart__dot rll-s-lua");
    d.stale = true;
    assert_eq!(
        dot_class(&d),
        "rll-chart__dot rll-s-lua rll-chart__dot--stale"
    );
}
