//! The code beside the picture (`vm::code`) and the words you need
//! (`vm::glossary`): the code shown is, byte for byte, the files in
//! `snippets/` that `tests/browser/snippets.test.mjs` runs on a real Redis;
//! each strategy and algorithm shows its own files; each line is one
//! element numbered from 1; the line the replay's latest
//! actor is on follows the model's trace; the glossary's terms open where
//! they first appear.

use std::path::Path;

use ratelimit_lab::sim::{Algo, Command, Strategy};
use ratelimit_lab::vm::code::{at_sentence, files, here, line_of, markup, Here};
use ratelimit_lab::vm::glossary::{link, section, TERMS};
use ratelimit_lab::vm::text::Text;

use crate::vm_support::{attrs, english, report, strategies, text_of};

fn snippets_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("snippets")
}

/// `html`'s text with the entities `esc` writes turned back.
fn unescape(html: &str) -> String {
    text_of(html)
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// The text of each `<pre>` in `html`, in order.
fn pres(html: &str) -> Vec<String> {
    html.split("<pre")
        .skip(1)
        .map(|p| unescape(&p[p.find('>').unwrap() + 1..p.find("</pre>").unwrap()]))
        .collect()
}

/// Every strategy with every algorithm it takes.
fn shown_pairs() -> impl Iterator<Item = (Strategy, Algo)> {
    strategies().flat_map(|s| s.algos().iter().map(move |a| (s, *a)))
}

#[test]
fn each_algorithm_in_redis_shows_its_own_files() {
    let names = |s, a| files(s, a).iter().map(|f| f.name).collect::<Vec<_>>();
    assert_eq!(names(Strategy::Lua, Algo::Bucket), ["lua.js", "bucket.lua"]);
    assert_eq!(names(Strategy::Lua, Algo::Log), ["log.js", "log.lua"]);
    assert_eq!(
        names(Strategy::Lua, Algo::Counter),
        ["counter.js", "counter.lua"]
    );
    // Redis's fixed window is INCR with the window in the key.
    assert_eq!(names(Strategy::Lua, Algo::Fixed), ["incr.js"]);
    assert_eq!(names(Strategy::Incr, Algo::Fixed), ["incr.js"]);
    // The strategies that count in memory keep their file for every
    // algorithm: their windows and buckets in memory are not written out.
    for s in [Strategy::Local, Strategy::Split, Strategy::Edge] {
        for a in Algo::ALL {
            assert_eq!(files(s, a), files(s, Algo::Fixed), "{s:?} {a:?}");
        }
    }
    // The URL's algorithm picks the files, the strategy's default without one.
    let shown = |q: &str| {
        let sc = report(q).scenario;
        names(sc.strategy, sc.algo())
    };
    assert_eq!(shown("strategy=lua"), ["lua.js", "bucket.lua"]);
    assert_eq!(shown("strategy=lua&algo=log"), ["log.js", "log.lua"]);
}

#[test]
fn the_code_shown_is_byte_for_byte_the_files_the_node_test_runs() {
    let mut shown = Vec::new();
    for (s, a) in shown_pairs() {
        let html = markup(s, a, "rll1");
        let texts = pres(&html);
        assert_eq!(texts.len(), files(s, a).len(), "{s:?} {a:?}");
        for (f, text) in files(s, a).iter().zip(&texts) {
            let on_disk = std::fs::read_to_string(snippets_dir().join(f.name)).unwrap();
            assert_eq!(f.text(), on_disk, "{} as built", f.name);
            assert_eq!(text, &on_disk, "{} as shown for {s:?} {a:?}", f.name);
            shown.push(f.name);
        }
    }
    // Every file in snippets/ is shown by some strategy and algorithm, so
    // none is tested and never seen.
    let mut on_disk: Vec<String> = std::fs::read_dir(snippets_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    on_disk.sort();
    shown.sort();
    shown.dedup();
    assert_eq!(on_disk, shown);
    // And the Node test imports each of the strategies' files.
    let node = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/snippets.test.mjs"),
    )
    .unwrap();
    for name in shown.iter().filter(|n| n.ends_with(".js")) {
        assert!(node.contains(&format!("'{name}'")), "{name} is not run");
    }
}

#[test]
fn each_line_is_one_element_numbered_from_one_across_the_files() {
    for (s, a) in shown_pairs() {
        let html = markup(s, a, "rll1");
        let numbers: Vec<u32> = attrs(&html, "data-line")
            .iter()
            .map(|n| n.parse().unwrap())
            .collect();
        let total: usize = files(s, a).iter().map(|f| f.text().lines().count()).sum();
        assert_eq!(
            numbers,
            (1..=total as u32).collect::<Vec<_>>(),
            "{s:?} {a:?}"
        );
        // Short enough to read on a phone with little scrolling.
        for f in files(s, a) {
            for l in f.text().lines() {
                assert!(l.chars().count() <= 62, "{}: {l}", f.name);
            }
        }
    }
}

#[test]
fn the_colouring_marks_keywords_comments_and_redis_calls() {
    let html = markup(Strategy::GetSet, Algo::Fixed, "rll1");
    assert!(html.contains(r#"<span class="rll-code__k">await</span>"#));
    assert!(html.contains(r#"<span class="rll-code__r">get</span>"#));
    assert!(html.contains(r#"<span class="rll-code__r">set</span>"#));
    assert!(html.contains(r#"<span class="rll-code__c">// The fix is one line"#));
    let lua = markup(Strategy::Lua, Algo::Bucket, "rll1");
    assert!(lua.contains(r#"<span class="rll-code__c">-- KEYS[1]"#));
    assert!(lua.contains(r#"<span class="rll-code__k">local</span>"#));
}

#[test]
fn get_then_set_shows_the_race_and_names_the_fix() {
    let text = files(Strategy::GetSet, Algo::Fixed)[0].text();
    assert!(text.contains("redis.get(") && text.contains("redis.set("));
    assert!(text.contains("redis.incr("), "names the one-line fix");
    assert!(english().get(Text::CodeGetSet).contains("INCR"));
}

/// The line `here` gives, as the text on it.
fn line_text(s: Strategy, a: Algo, n: u32) -> &'static str {
    let mut k = 0;
    for f in files(s, a) {
        for l in f.text().lines() {
            k += 1;
            if k == n {
                return l;
            }
        }
    }
    panic!("{s:?} {a:?} has no line {n}")
}

#[test]
fn every_line_the_mapping_names_is_in_the_code() {
    let needles: &[(Strategy, Algo, &[&str])] = &[
        (
            Strategy::Local,
            Algo::Fixed,
            &["counts.set(", "if (count >="],
        ),
        (
            Strategy::Split,
            Algo::Fixed,
            &["counts.set(", "if (count >="],
        ),
        (
            Strategy::Edge,
            Algo::Fixed,
            &["counts.set(", "if (count >="],
        ),
        (
            Strategy::Sync,
            Algo::Fixed,
            &[
                "pending.set(user",
                "if (count >=",
                "redis.incrBy(",
                "known.set(",
            ],
        ),
        (
            Strategy::GetSet,
            Algo::Fixed,
            &["redis.get(", "if (count >=", "redis.set(", "return true"],
        ),
        (
            Strategy::Incr,
            Algo::Fixed,
            &["redis.incr(", "redis.expire(", "return count <="],
        ),
        (
            Strategy::Lua,
            Algo::Bucket,
            &["redis.evalSha(", "if tokens >= 1", "return ok === 1"],
        ),
        (
            Strategy::Lua,
            Algo::Log,
            &["redis.evalSha(", "if redis.call('ZCARD'", "return ok === 1"],
        ),
        (
            Strategy::Lua,
            Algo::Counter,
            &["redis.evalSha(", "if p * (w - e)", "return ok === 1"],
        ),
        (
            Strategy::Lua,
            Algo::Fixed,
            &["redis.incr(", "return count <="],
        ),
    ];
    for (s, a, list) in needles {
        for n in *list {
            let line = line_of(*s, *a, n);
            assert!(line > 0, "{s:?} {a:?}: {n}");
            assert!(line_text(*s, *a, line).contains(n));
        }
    }
    // Every strategy and algorithm, at every moment something happens,
    // names a line.
    for (s, a) in shown_pairs() {
        let (s, a) = (s.as_str(), a.as_str());
        for q in [
            format!("strategy={s}&algo={a}"),
            format!("strategy={s}&algo={a}&redis=down"),
        ] {
            let r = report(&q);
            for t in r.event_times() {
                let h = here(&r, t).unwrap_or_else(|| panic!("{q} at {t}"));
                assert!(h.line > 0, "{q} at {t}");
            }
        }
    }
}

#[test]
fn stepping_through_the_first_get_then_set_race_goes_get_if_set() {
    let r = report("strategy=getset&rtt=5");
    let get = line_of(Strategy::GetSet, Algo::Fixed, "redis.get(");
    let iff = line_of(Strategy::GetSet, Algo::Fixed, "if (count >=");
    let set = line_of(Strategy::GetSet, Algo::Fixed, "redis.set(");
    // The first request: on the GET line from its arrival, on the if at
    // its decision, on the SET line once its SET has run.
    let first = r.requests[0];
    let sent_set = r
        .calls_for(0)
        .find(|c| c.command == Command::Set)
        .and_then(|c| c.executed_us)
        .unwrap();
    let at = |t| here(&r, t).unwrap();
    assert_eq!(at(first.arrival_us).line, get);
    assert_eq!(at(first.arrival_us).request, Some(0));
    // At its decision the first request is the latest to act.
    assert_eq!(at(first.decided_us).request, Some(0));
    assert_eq!(at(first.decided_us).line, iff);
    assert_eq!(at(first.decided_us).read, Some(0));
    // Stepping, the marked line visits GET, then the if, then the SET.
    let lines: Vec<u32> = r
        .event_times()
        .into_iter()
        .take_while(|t| *t <= sent_set)
        .map(|t| at(t).line)
        .collect();
    let pos = |l| lines.iter().position(|x| *x == l).unwrap();
    assert!(pos(get) < pos(iff) && pos(iff) < pos(set), "{lines:?}");
    // Two requests pass the same if on the same count: the race.
    let reads: Vec<(u32, u32)> = r
        .event_times()
        .into_iter()
        .map(at)
        .filter(|h| h.line == iff)
        .filter_map(|h| Some((h.request?, h.read?)))
        .collect();
    let zero: std::collections::BTreeSet<u32> = reads
        .iter()
        .filter(|(_, v)| *v == 0)
        .map(|(i, _)| *i)
        .collect();
    assert!(zero.len() >= 2, "{reads:?}");
    assert_eq!(
        at_sentence(Some(&at(first.decided_us)), &english()),
        format!(
            "Request #1, on server {}, is at line {iff}: its GET read 0.",
            first.server.unwrap() + 1
        )
    );
}

#[test]
fn the_other_strategies_mark_the_line_of_each_step() {
    // INCR: the INCR line while it waits, then the comparison (the first
    // request gives the key its TTL first).
    let r = report("strategy=incr&rtt=5");
    let q = r.requests[1];
    assert_eq!(
        here(&r, q.arrival_us).unwrap().line,
        line_of(Strategy::Incr, Algo::Fixed, "redis.incr(")
    );
    let first = r.requests[0];
    assert_eq!(
        here(&r, first.decided_us).map(|h| h.line),
        Some(line_of(Strategy::Incr, Algo::Fixed, "redis.expire("))
    );
    // Lua: the call, the script's check while Redis runs it, the answer.
    let r = report("strategy=lua&rtt=5");
    let q = r.requests[0];
    let ran = r.calls_for(0).next().unwrap().executed_us.unwrap();
    let line = |t| here(&r, t).unwrap().line;
    assert_eq!(
        line(q.arrival_us),
        line_of(Strategy::Lua, Algo::Bucket, "redis.evalSha(")
    );
    assert_eq!(
        line(ran),
        line_of(Strategy::Lua, Algo::Bucket, "if tokens >= 1")
    );
    assert!(line_text(Strategy::Lua, Algo::Bucket, line(ran)).contains("tokens >= 1"));
    // The log's and the counter's scripts: their own check while Redis runs
    // them.
    for (a, check) in [
        (Algo::Log, "if redis.call('ZCARD'"),
        (Algo::Counter, "if p * (w - e)"),
    ] {
        let r = report(&format!("strategy=lua&algo={}&rtt=5", a.as_str()));
        let q = r.requests[0];
        let ran = r.calls_for(0).next().unwrap().executed_us.unwrap();
        let line = |t| here(&r, t).unwrap().line;
        assert_eq!(
            line(q.arrival_us),
            line_of(Strategy::Lua, a, "redis.evalSha(")
        );
        assert_eq!(line(ran), line_of(Strategy::Lua, a, check));
        assert_eq!(
            line(q.answer_us),
            line_of(Strategy::Lua, a, "return ok === 1")
        );
    }
    // Lua's fixed window shows INCR's file: the INCR, then the comparison.
    let r = report("strategy=lua&algo=fixed&rtt=5");
    let q = r.requests[0];
    let line = |t| here(&r, t).unwrap().line;
    assert_eq!(
        line(q.arrival_us),
        line_of(Strategy::Lua, Algo::Fixed, "redis.incr(")
    );
    assert_eq!(
        line(q.answer_us),
        line_of(Strategy::Lua, Algo::Fixed, "return count <=")
    );
    // Local counters: an allowed request is at the count, a refused one at the if.
    let r = report("strategy=local&servers=1&burst=20");
    let refused = r.requests.iter().find(|q| !q.allowed).unwrap();
    assert_eq!(
        here(&r, refused.arrival_us).unwrap().line,
        line_of(Strategy::Local, Algo::Fixed, "if (count >=")
    );
    assert_eq!(
        here(&r, r.requests[0].arrival_us).unwrap().line,
        line_of(Strategy::Local, Algo::Fixed, "counts.set(")
    );
    // Sync: a server's batch is at the INCRBY, then learns the total.
    let r = report("strategy=sync");
    let c = r.calls.iter().find(|c| c.request.is_none()).unwrap();
    let h = here(&r, c.sent_us).unwrap();
    assert_eq!(
        h,
        Here {
            line: line_of(Strategy::Sync, Algo::Fixed, "redis.incrBy("),
            request: None,
            server: Some(c.server),
            read: None
        }
    );
    // At the edge the code is the gateway's, for every request.
    let r = report("strategy=edge");
    let h = here(&r, r.requests[0].arrival_us).unwrap();
    assert_eq!(h.server, None);
    assert_eq!(
        at_sentence(Some(&h), &english()),
        format!(
            "Request #1, at the gateway, is at line {}.",
            line_of(Strategy::Edge, Algo::Fixed, "counts.set(")
        )
    );
    // Nothing has happened before the first arrival.
    let r = report("strategy=getset");
    if r.requests[0].arrival_us > 0 {
        assert_eq!(here(&r, 0), None);
    }
    assert_eq!(
        at_sentence(None, &english()),
        english().get(Text::CodeWhen).to_string()
    );
}

#[test]
fn a_term_opens_where_it_first_appears_and_only_there() {
    let t = english();
    let mut linked = Vec::new();
    let framing = link(t.get(Text::Framing), &t, &mut linked, "rll1");
    assert!(framing.contains(r#"data-term="load-balancer" aria-expanded="false" aria-controls="rll1-term-load-balancer">load balancer</button><span class="rll-term__def" id="rll1-term-load-balancer" role="note" hidden>"#), "{framing}");
    assert_eq!(
        text_of(&framing)
            .replace(t.get(Text::DefBalancer), "")
            .replace(t.get(Text::DefRateLimit), ""),
        t.get(Text::Framing)
    );
    // Already linked: the next appearance is plain text.
    let again = link(t.get(Text::Takeaway1), &t, &mut linked, "rll1");
    assert!(!again.contains("load-balancer"), "{again}");
    // A term matches at the start of a word, to the word's end.
    let mut linked = Vec::new();
    let s = link(t.get(Text::Takeaway3), &t, &mut linked, "rll1");
    assert!(s.contains(">atomically</button>"), "{s}");
    // The glossary lists every term with its definition.
    let g = section(&t, "rll1", 3);
    assert!(g.contains(r#"data-testid="glossary""#));
    for term in TERMS {
        assert!(g.contains(ratelimit_lab::vm::html::esc(t.get(term.def)).as_str()));
        assert!(g.contains(ratelimit_lab::vm::html::esc(t.get(term.name)).as_str()));
    }
}

#[test]
fn every_term_appears_somewhere_in_the_widgets_text_or_the_code() {
    // Each term's word is in the widget's own English, so the glossary
    // explains words the learner meets.
    let t = english();
    let all: String = ratelimit_lab::vm::text::ALL
        .iter()
        .filter(|k| !k.key().starts_with("glossary."))
        .map(|k| t.get(*k).to_lowercase())
        .collect::<Vec<_>>()
        .join(" ");
    for term in TERMS {
        assert!(
            all.contains(&t.get(term.find).to_lowercase()),
            "{}",
            term.key
        );
    }
}

/// For `scripts/tradeoffs` (run there, ignored here): writes every file the
/// code view shows, once each, as the view marks it up (coloured, as a
/// build could store it) and as plain text (as `later.json` stores it now),
/// into the folder `TRADEOFFS_OUT`, for the script to weigh gzipped.
#[test]
#[ignore = "run by scripts/tradeoffs"]
fn code_files_coloured_and_plain() {
    let out = std::env::var("TRADEOFFS_OUT").expect("TRADEOFFS_OUT: the folder to write to");
    let (mut coloured, mut plain, mut seen) = (String::new(), String::new(), Vec::new());
    for s in Strategy::ALL {
        for a in Algo::ALL {
            let html = markup(s, a, "rll1").as_str().to_string();
            for (f, pre) in files(s, a).iter().zip(html.split("<pre ").skip(1)) {
                if !seen.contains(&f.name) {
                    seen.push(f.name);
                    // The colours alone: each line's own element is
                    // written at run time either way.
                    for line in pre.split("</span>\n") {
                        let words = line.find("data-line=").map_or(line, |k| {
                            let rest = &line[k..];
                            &rest[rest.find('>').map_or(0, |e| e + 1)..]
                        });
                        coloured.push_str(words);
                        coloured.push('\n');
                    }
                    plain.push_str(f.text());
                }
            }
        }
    }
    assert!(seen.len() >= 10, "every file found: {seen:?}");
    std::fs::write(Path::new(&out).join("coloured.html"), coloured).unwrap();
    std::fs::write(Path::new(&out).join("plain.txt"), plain).unwrap();
}
