//! The picture (`vm::topology`): where the user, the balancer (and the
//! gateway), the servers and Redis sit; where every request and every
//! Redis command is at a moment; and what the picture says in words.

use ratelimit_lab::sim::{Moment, Report, Strategy};
use ratelimit_lab::vm::format;
use ratelimit_lab::vm::reads::shared_reads;
use ratelimit_lab::vm::text::Text;
use ratelimit_lab::vm::topology::{
    frame, height, key_shows, label, layout, lead_us, pill_width, redis_value, Frame, Layout, Look,
    Packet, Rect, KEY, MAX_LABELS, PILL_H,
};
use ratelimit_lab::vm::totals::so_far;

use crate::vm_support::{english, report, scenario};

fn inside(r: &Rect, w: f64, h: f64) -> bool {
    r.x >= 0.0
        && r.y >= 0.0
        && r.x + r.w <= w + 1e-9
        && r.y + r.h <= h + 1e-9
        && r.w > 0.0
        && r.h > 0.0
}

fn picture(r: &Report) -> Layout {
    picture_at(r, 640.0)
}

/// `r`'s picture at width `w`, as tall as the widget makes it.
fn picture_at(r: &Report, w: f64) -> Layout {
    let n = r.scenario.servers;
    layout(r.scenario.strategy, n, w, height(n, w))
}

fn at(r: &Report, t_us: u64, motion: bool) -> Frame {
    frame(r, &picture(r), &shared_reads(r), t_us, motion)
}

#[test]
fn everything_sits_inside_the_picture_left_to_right() {
    for s in Strategy::ALL {
        for n in 1..=16 {
            for w in [320.0, 390.0, 520.0, 800.0, 1200.0] {
                let h = height(n, w);
                let l = layout(s, n, w, h);
                let what = format!("{s:?}, {n} servers, {w} px");
                assert_eq!((l.w, l.h), (w, h));
                assert_eq!(l.servers.len(), n as usize, "{what}");
                assert_eq!(l.gateway.is_some(), s == Strategy::Edge, "{what}");
                assert_eq!(l.redis.is_some(), s.uses_redis(), "{what}");
                let mut all = vec![l.user, l.balancer];
                all.extend(l.gateway);
                all.extend(l.redis);
                all.extend(l.servers.iter().copied());
                for r in &all {
                    assert!(inside(r, w, h), "{what}: {r:?}");
                }
                // User, gateway, balancer, servers, Redis: left to right.
                assert!(l.user.x + l.user.w <= l.balancer.x, "{what}");
                if let Some(g) = l.gateway {
                    assert!(
                        l.user.x + l.user.w <= g.x && g.x + g.w <= l.balancer.x,
                        "{what}"
                    );
                }
                assert!(l.balancer.x + l.balancer.w <= l.servers[0].x, "{what}");
                if let Some(redis) = l.redis {
                    assert!(l.servers[0].x + l.servers[0].w <= redis.x, "{what}");
                }
                // Servers stacked top to bottom, apart.
                for pair in l.servers.windows(2) {
                    assert!(pair[0].y + pair[0].h < pair[1].y, "{what}");
                }
            }
        }
    }
}

#[test]
fn the_picture_grows_with_the_servers_within_bounds() {
    // Taller with more servers, never shorter; a floor for a few servers
    // and a ceiling for many, so it still sits beside the sliders.
    for w in [390.0, 800.0] {
        let hs: Vec<f64> = (1..=16).map(|n| height(n, w)).collect();
        assert!(hs.windows(2).all(|p| p[0] <= p[1]), "{w}: {hs:?}");
        assert_eq!(hs[0], hs[1], "{w}: one and two servers share the floor");
        assert!(hs[15] > hs[0] && hs[15] <= 400.0, "{w}: {hs:?}");
        // Each server row stays tall enough to tell apart.
        let l = layout(Strategy::Incr, 16, w, hs[15]);
        assert!(
            l.servers.iter().all(|s| s.h >= 8.0),
            "{w}: {:?}",
            l.servers[0]
        );
    }
    assert!(height(16, 390.0) <= height(16, 800.0));
}

#[test]
fn a_request_is_seen_travelling_for_a_twelfth_of_the_run_within_bounds() {
    // local-default.snap ends at 39,449 µs: a twelfth is 3,287 µs.
    assert_eq!(lead_us(&report("strategy=local")), 39_449 / 12);
    assert_eq!(lead_us(&report("strategy=local&burst=1&span=1")), 200);
    assert_eq!(
        lead_us(&report("strategy=incr&redis=slow&preset=per-minute")),
        25_000
    );
}

#[test]
fn without_motion_nothing_travels() {
    // Reduced motion: requests appear at their server (waiting at its
    // door), answers are counted at once, commands sit at Redis while they
    // are out.
    for q in [
        "strategy=getset&rtt=20",
        "strategy=edge",
        "strategy=sync&sync=1",
        "strategy=incr&redis=down",
        "strategy=lua",
    ] {
        let r = report(q);
        let l = picture(&r);
        let shared = shared_reads(&r);
        for t in r.event_times() {
            let f = frame(&r, &l, &shared, t, false);
            for d in &f.dots {
                assert_eq!(d.look, Look::Pending, "{q} at {t}: {d:?}");
                let at_a_door = l
                    .servers
                    .iter()
                    .any(|s| (d.at.x - s.x).abs() <= 48.0 && d.at.y == s.y + s.h / 2.0);
                assert!(at_a_door, "{q} at {t}: {d:?} is not waiting at a server");
            }
            // A command is at its server the instant it is sent, then at
            // Redis's door (just short of the box, so it never covers the
            // count) until its answer is back: never in between.
            if let Some(redis) = l.redis {
                let sending = r.calls.iter().any(|c| c.sent_us == t);
                for p in &f.packets {
                    // Pills keep to the band between the servers and Redis.
                    let half = if p.label.is_empty() {
                        3.0
                    } else {
                        pill_width(&p.text()) / 2.0
                    };
                    let at_door = (p.at.x - half - f.band.0).abs() < 1e-9 && sending && !p.back;
                    assert!(
                        (p.at.x + half - f.band.1).abs() < 1e-9
                            || p.at.x == redis.x - 24.0
                            || at_door,
                        "{q} at {t}: {p:?} is between a server and Redis"
                    );
                }
            }
            let m = r.at(t);
            assert_eq!(f.sent, m.arrived, "{q} at {t}");
            assert_eq!(f.back, (m.allowed, m.refused), "{q} at {t}");
        }
    }
}

#[test]
fn at_the_end_the_counts_are_the_reports() {
    for s in Strategy::ALL {
        for q in [
            "",
            "&servers=1",
            "&rtt=20",
            "&redis=down&fail=closed",
            "&servers=16&burst=300",
        ] {
            let q = format!("strategy={}{q}", s.as_str());
            let r = report(&q);
            for (motion, t) in [(false, r.end_us), (true, r.end_us + lead_us(&r))] {
                let f = at(&r, t, motion);
                let per: Vec<(u32, u32, u32)> = f
                    .servers
                    .iter()
                    .map(|s| (s.allowed, s.refused, s.waiting))
                    .collect();
                let want: Vec<(u32, u32, u32)> = r
                    .servers
                    .iter()
                    .map(|s| (s.allowed, s.refused, 0))
                    .collect();
                assert_eq!(per, want, "{q}, motion {motion}");
                assert_eq!(f.back, (r.allowed, r.refused), "{q}, motion {motion}");
                assert_eq!(f.sent, r.scenario.burst, "{q}");
                assert!(
                    f.dots.is_empty() && f.packets.is_empty(),
                    "{q}, motion {motion}: {f:?}"
                );
            }
        }
    }
}

#[test]
fn at_a_moment_the_servers_show_what_they_had_answered_and_what_waits() {
    for q in [
        "strategy=getset",
        "strategy=incr&rtt=20",
        "strategy=split",
        "strategy=edge&lb=sticky&move=10",
    ] {
        let r = report(q);
        let lead = lead_us(&r);
        for t in r.event_times() {
            let f = at(&r, t, true);
            let m = r.at(t);
            for (s, sm) in f.servers.iter().zip(&m.servers) {
                assert_eq!(
                    (s.allowed, s.refused, s.waiting),
                    (
                        sm.allowed,
                        sm.refused,
                        sm.received - sm.allowed - sm.refused
                    ),
                    "{q} at {t}"
                );
            }
            // Sent: arrived, or on the way (setting off `lead` before).
            let on_the_way = r
                .requests
                .iter()
                .filter(|x| x.arrival_us <= t + lead)
                .count() as u32;
            assert_eq!(f.sent, on_the_way, "{q} at {t}");
            // Answers on the way back are drawn; the rest are home.
            let home = r
                .requests
                .iter()
                .filter(|x| x.answer_us + lead <= t)
                .count() as u32;
            assert_eq!(f.back.0 + f.back.1, home, "{q} at {t}");
        }
    }
}

#[test]
fn commands_carry_short_labels_until_there_are_too_many() {
    // getset-default at 1.3 ms: the GETs of requests 1 and 2 have run and
    // their answers are on the way back, both shared reads of 0.
    let r = report("strategy=getset");
    let f = at(&r, 1300, true);
    let labels: Vec<(&str, bool, bool)> = f
        .packets
        .iter()
        .map(|p| (p.label.as_str(), p.back, p.warn))
        .collect();
    assert_eq!(labels, [("→ 0", true, true), ("→ 0", true, true)]);
    // Request 1's SET(1) on its way at 2.5 ms.
    let f = at(&r, 2500, true);
    assert!(
        f.packets
            .iter()
            .any(|p| p.label == "SET 1" && !p.back && !p.warn),
        "{:?}",
        f.packets
    );
    for (q, t, sent) in [
        ("strategy=lua", 300, "EVAL"),
        ("strategy=incr", 300, "INCR"),
        ("strategy=sync", 10_100, "INCRBY 1"),
    ] {
        let f = at(&report(q), t, true);
        assert!(
            f.packets.iter().any(|p| p.label == sent && !p.back),
            "{q} at {t}: {:?}",
            f.packets
        );
    }
    // Hundreds of commands in flight: drawn without labels.
    let r = report("strategy=getset&burst=500&servers=16&rtt=20&span=100");
    let busiest = (r.event_times().into_iter())
        .map(|t| at(&r, t, true))
        .max_by_key(|f| f.packets.len())
        .unwrap();
    assert!(busiest.packets.len() > MAX_LABELS);
    assert!(busiest.packets.iter().all(|p| p.label.is_empty()));
}

#[test]
fn the_two_halves_of_a_race_are_seen_as_two() {
    // In the default GET-then-SET burst, at 1.3 ms two replies carry the
    // same count (0) back, and at 3.2 ms two `SET 1` are on their way: the
    // lost update. Each pair must be seen as two pills, not one on top of
    // the other, at a phone's width and a desktop's, moving or not.
    let covers = |a: &Packet, b: &Packet| {
        (a.at.y - b.at.y).abs() < PILL_H
            && (a.at.x - b.at.x).abs() < (pill_width(&a.text()) + pill_width(&b.text())) / 2.0
    };
    for (q, moments) in [
        ("strategy=getset", [(1300, "→ 0"), (3200, "SET 1")]),
        ("strategy=getset&servers=1", [(1300, "→ 0"), (4000, "→ 1")]),
    ] {
        let r = report(q);
        let shared = shared_reads(&r);
        for w in [390.0, 1200.0] {
            let l = picture_at(&r, w);
            for motion in [true, false] {
                for (t, label) in moments {
                    let f = frame(&r, &l, &shared, t, motion);
                    let pair: Vec<_> = f.packets.iter().filter(|p| p.label == label).collect();
                    assert_eq!(pair.len(), 2, "{w} px, t = {t} µs: {:?}", f.packets);
                    assert!(
                        !covers(pair[0], pair[1]),
                        "{q}, {w} px, t = {t} µs, motion {motion}: {:?}",
                        pair
                    );
                }
            }
        }
    }
    // And at no moment of these bursts does one labelled pill cover another.
    for q in [
        "strategy=getset",
        "strategy=getset&servers=1",
        "strategy=getset&rtt=5",
        "strategy=incr&servers=2",
        "strategy=lua&servers=8",
    ] {
        let r = report(q);
        let shared = shared_reads(&r);
        for w in [390.0, 1200.0] {
            let l = picture_at(&r, w);
            for t in r.event_times() {
                let f = frame(&r, &l, &shared, t, true);
                let pills: Vec<_> = f.packets.iter().filter(|p| !p.label.is_empty()).collect();
                for (i, a) in pills.iter().enumerate() {
                    for b in &pills[i + 1..] {
                        assert!(
                            !covers(a, b),
                            "{q} at {w} px, t = {t} µs: {a:?} covers {b:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_picture_says_what_it_shows() {
    let t = english();
    let label =
        |m: &Moment, at_end, shared| label(&scenario("strategy=getset"), m, at_end, shared, &t);
    let m = Moment {
        t_us: 3249,
        allowed: 12,
        refused: 3,
        counter: Some(9),
        ..Moment::default()
    };
    assert_eq!(
        label(&m, false, 0),
        "t = 3.25 ms: 12 allowed, 3 refused, Redis counter 9"
    );
    assert_eq!(
        label(&m, true, 0),
        "End of the burst: 12 allowed, 3 refused, Redis counter 9"
    );
    assert_eq!(
        label(&m, false, 5),
        "t = 3.25 ms: 12 allowed, 3 refused, Redis counter 9, 5 requests read the same count"
    );
    // One reader alone shares nothing.
    assert_eq!(
        label(&m, false, 1),
        "t = 3.25 ms: 12 allowed, 3 refused, Redis counter 9"
    );
    let m = Moment {
        t_us: 40_000,
        allowed: 33,
        refused: 7,
        ..Moment::default()
    };
    assert_eq!(label(&m, false, 0), "t = 40 ms: 33 allowed, 7 refused");
    // From a run: local-default at its end.
    let r = report("strategy=local");
    assert_eq!(
        label(&r.at(r.end_us), true, 0),
        "End of the burst: 33 allowed, 7 refused"
    );
}

#[test]
fn the_moment_reads_as_the_scrubber_writes_it() {
    // Issue 22: the caption said "t = 3.6 ms" where the scrubber said
    // "3.62 of 39.45 ms". One moment, one number: the scrubber's.
    let t = english();
    let r = report("strategy=getset");
    for t_us in [0, 3_620, 9_500, 11_500, 11_549, 39_450] {
        let m = r.at(t_us);
        let shown = format!("t = {} ms:", format::moment(t_us));
        let scrubber = t.fill(
            Text::TimeValue,
            &[
                ("t", &format::moment(t_us)),
                ("end", &format::moment(r.end_us)),
            ],
        );
        assert!(scrubber.starts_with(&format!("{} of ", format::moment(t_us))));
        let caption = label(&scenario("strategy=getset"), &m, false, 0, &t);
        assert!(caption.starts_with(&shown), "{caption} / {scrubber}");
        let line = so_far(&r, &m, &t).text;
        assert!(line.starts_with(&shown), "{line} / {scrubber}");
    }
    assert!(
        label(&scenario("strategy=getset"), &r.at(3_620), false, 0, &t).starts_with("t = 3.62 ms:")
    );
}

#[test]
fn the_bucket_says_its_tokens_as_redis_box_does() {
    // Issue 22: the caption said "Redis counter 1" where Redis's box said
    // "1 tokens".
    let t = english();
    let r = report("strategy=lua");
    let s = r.scenario;
    for (c, words) in [(0, "0 tokens"), (1, "1 token"), (7, "7 tokens")] {
        assert_eq!(redis_value(&s, Some(c), &t), words);
        let m = Moment {
            t_us: 5_000,
            counter: Some(c),
            ..Moment::default()
        };
        let caption = label(&scenario("strategy=lua"), &m, false, 0, &t);
        assert_eq!(
            caption,
            format!("t = 5 ms: 0 allowed, 0 refused, Redis bucket {words}")
        );
        assert!(!caption.contains("counter"), "{caption}");
    }
    // At every moment of a run, the caption carries what the box says.
    for t_us in r.event_times() {
        let m = r.at(t_us);
        let boxed = redis_value(&s, m.counter, &t);
        assert!(
            label(&scenario("strategy=lua"), &m, false, 0, &t).ends_with(&boxed),
            "{t_us}"
        );
    }
    // The counting strategies keep their count.
    let g = report("strategy=incr").scenario;
    assert_eq!(redis_value(&g, Some(1), &t), "count 1");
    let down = report("strategy=lua&redis=down").scenario;
    assert_eq!(redis_value(&down, Some(10), &t), "down");
    assert_eq!(redis_value(&report("").scenario, None, &t), "");
}

#[test]
fn the_key_shows_only_what_can_happen_in_the_strategy_shown() {
    // Issue 22: "a count another request also read" showed under INCR and
    // Lua, which give every request its own count.
    let shown = |s: Strategy| -> Vec<&str> {
        KEY.iter()
            .map(|(name, _)| *name)
            .filter(|name| key_shows(name, s))
            .collect()
    };
    // Issue 36: and the labels the boxes carry, each where it shows: a
    // server's own count (with the synced total under sync) or what it
    // allowed and refused; Redis's count and EXPIRE under INCR.
    let redis = ["pending", "ok", "over", "no", "command", "reply"];
    let with = |mut base: Vec<&'static str>, more: &[&'static str]| {
        base.extend_from_slice(more);
        base
    };
    assert_eq!(
        shown(Strategy::GetSet),
        with(redis.to_vec(), &["shared", "user", "tally"])
    );
    assert_eq!(
        shown(Strategy::Incr),
        with(redis.to_vec(), &["user", "tally", "count", "expire"])
    );
    assert_eq!(
        shown(Strategy::Lua),
        with(redis.to_vec(), &["user", "tally"])
    );
    assert_eq!(
        shown(Strategy::Sync),
        with(redis.to_vec(), &["user", "sync"])
    );
    for s in [Strategy::Local, Strategy::Split] {
        assert_eq!(
            shown(s),
            ["pending", "ok", "over", "no", "user", "own"],
            "{s:?}"
        );
    }
    assert_eq!(
        shown(Strategy::Edge),
        ["pending", "ok", "no", "user", "tally"]
    );
    // What is left out never happens there, on any scenario tried.
    for (q, r) in crate::vm_support::spread() {
        let s = r.scenario.strategy;
        if !key_shows("shared", s) {
            assert!(shared_reads(&r).iter().all(Option::is_none), "{q}");
        }
        if !key_shows("over", s) {
            assert_eq!(r.over, 0, "{q}");
        }
        if !key_shows("command", s) {
            assert!(r.calls.is_empty(), "{q}");
        }
        if !key_shows("expire", s) {
            assert!(
                r.calls
                    .iter()
                    .all(|c| c.command != ratelimit_lab::sim::Command::Expire),
                "{q}"
            );
        }
    }
}

/// Every box that holds words in the picture at `t_us`: the user, the
/// gateway, the balancer, each server (its count), Redis, every labelled
/// pill, each lane's group count and each "same count" note.
fn worded(r: &Report, l: &Layout, t_us: u64) -> Vec<(String, Rect)> {
    use ratelimit_lab::vm::topology::{group_rect, pill_rect, races};
    let f = frame(r, l, &shared_reads(r), t_us, true);
    let mut all: Vec<(String, Rect)> =
        vec![("user".into(), l.user), ("balancer".into(), l.balancer)];
    all.extend(l.gateway.map(|g| ("gateway".into(), g)));
    all.extend(l.redis.map(|g| ("redis".into(), g)));
    for (i, s) in l.servers.iter().enumerate() {
        all.push((format!("S{}", i + 1), *s));
    }
    for p in f.packets.iter().filter(|p| !p.label.is_empty()) {
        all.push((format!("pill {}", p.text()), pill_rect(p.at, &p.text())));
    }
    for d in f.dots.iter().filter(|d| d.count > 1) {
        all.push((format!("group {}", d.count), group_rect(d.at, d.count)));
    }
    let note = english().get(Text::SameCount).to_string();
    for rect in races(&f, l, pill_width(&note) - 10.0)
        .iter()
        .filter_map(|r| r.note)
    {
        all.push(("note".into(), rect));
    }
    all
}

#[test]
fn no_label_count_or_pill_covers_another_at_any_size() {
    let meet = |a: &Rect, b: &Rect| {
        a.x < b.x + b.w - 1e-9
            && b.x < a.x + a.w - 1e-9
            && a.y < b.y + b.h - 1e-9
            && b.y < a.y + a.h - 1e-9
    };
    let mut grouped = 0;
    for s in [
        "local",
        "split",
        "sync",
        "edge",
        "getset",
        "incr",
        "lua",
        "getset&redis=slow",
        "sync&redis=down",
    ] {
        for (servers, burst, rtt) in [
            (1, 40, 2),
            (4, 40, 2),
            (8, 40, 10),
            (16, 500, 20),
            (4, 500, 20),
            (2, 200, 5),
        ] {
            let q = format!("strategy={s}&servers={servers}&burst={burst}&rtt={rtt}");
            let r = report(&q);
            let times = r.event_times();
            let step = (times.len() / 30).max(1);
            let mut moments: Vec<u64> = times.iter().step_by(step).copied().collect();
            moments.push(r.end_us + lead_us(&r));
            // Picture widths: a phone's (390 px, less the page's margins)
            // and a desktop's (its column at 1280 px, and a full-width embed).
            for w in [340.0, 358.0, 390.0, 600.0, 1280.0] {
                let l = picture_at(&r, w);
                for &t in &moments {
                    let all = worded(&r, &l, t);
                    grouped += usize::from(all.iter().any(|(n, _)| n.starts_with("group")));
                    for (i, (a, ra)) in all.iter().enumerate() {
                        assert!(
                            inside(ra, w, l.h),
                            "{q} at {w} px, t = {t} µs: {a} {ra:?} outside"
                        );
                        for (b, rb) in &all[i + 1..] {
                            assert!(
                                !meet(ra, rb),
                                "{q} at {w} px, t = {t} µs: {a} {ra:?} covers {b} {rb:?}"
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(grouped > 0, "hundreds of requests are grouped somewhere");
}

#[test]
fn hundreds_of_requests_are_grouped_per_lane_with_their_count() {
    let r = report("strategy=getset&servers=16&burst=500&rtt=20");
    let l = picture_at(&r, 600.0);
    let busiest = (r.event_times().into_iter())
        .map(|t| frame(&r, &l, &shared_reads(&r), t, true))
        .max_by_key(|f| f.dots.iter().map(|d| d.count).sum::<u32>())
        .unwrap();
    // One mark per lane at most, each with its count, none a request's.
    assert!(busiest.dots.len() <= 17, "{:?}", busiest.dots.len());
    assert!(busiest.dots.iter().all(|d| d.n == 0 && d.count >= 1));
    assert!(busiest.dots.iter().map(|d| d.count).sum::<u32>() > 60);
    // A few dozen: each its own mark, with its request's number.
    let r = report("strategy=getset");
    let f = frame(&r, &picture_at(&r, 600.0), &shared_reads(&r), 1_000, true);
    assert!(!f.dots.is_empty() && f.dots.iter().all(|d| d.count == 1 && d.n >= 1));
}

#[test]
fn pills_carry_their_requests_numbers_where_they_fit() {
    use ratelimit_lab::vm::topology::{hit, races};
    // The first race of the default GET then SET burst: requests 1 and 2
    // both carry 0 back, on a phone and a desktop, and the note that says
    // it sits clear of them.
    let r = report("strategy=getset");
    for w in [358.0, 600.0] {
        let l = picture_at(&r, w);
        let f = frame(&r, &l, &shared_reads(&r), 1_300, true);
        let mut pills: Vec<String> = f.packets.iter().map(|p| p.text()).collect();
        pills.sort();
        assert_eq!(pills, ["#1 → 0", "#2 → 0"], "{w} px");
        let race = races(&f, &l, 70.0);
        assert_eq!(race.len(), 1, "{w} px: one race");
        assert_eq!(race[0].pills.len(), 2, "{w} px: its two pills joined");
        assert!(race[0].note.is_some(), "{w} px: and its note");
        // Each pill, pointed at, is its request's; nothing is beside them.
        for p in &f.packets {
            assert_eq!(hit(&f, p.at.x, p.at.y), p.n, "{w} px: {p:?}");
        }
        assert_eq!(hit(&f, 1.0, 1.0), 0);
    }
    // A batch of sync belongs to no one request: no number.
    let f = at(&report("strategy=sync"), 10_100, true);
    assert!(f
        .packets
        .iter()
        .any(|p| p.label == "INCRBY 1" && p.text() == "INCRBY 1"));
}
