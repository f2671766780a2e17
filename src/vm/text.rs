//! Every sentence and label the learner reads, in one place, each under a
//! key. A course author's content file (see [`super::content`] and
//! `docs/CONTENT.md`) can replace any of them by key; the built-in English
//! fills every key it leaves out.
//!
//! Sentences with numbers hold named placeholders, `{n}`, filled by
//! [`Texts::fill`]. A replacement must use the same placeholders as the
//! English (the content loader checks).

/// One sentence's English in the wasm: a text the learner reads only
/// after opening a part (marked `later`) is left out of the shipped
/// bundle (wasm32 with the crate's `later` feature), which fetches it from
/// `later.json` when that part first opens ([`load_later`]); everywhere
/// else it is here: natively (tests, tools), and in a Leptos app's own
/// wasm, which embeds `<RateLimitLab/>` and ships no `later.json`.
macro_rules! en {
    ($en:literal) => {
        $en
    };
    ($en:literal, later) => {
        later_en!($en)
    };
}
#[cfg(not(all(target_arch = "wasm32", feature = "later")))]
macro_rules! later_en {
    ($en:literal) => {
        $en
    };
}
#[cfg(all(target_arch = "wasm32", feature = "later"))]
macro_rules! later_en {
    ($en:literal) => {
        ""
    };
}
macro_rules! is_later {
    () => {
        false
    };
    (later) => {
        true
    };
}

macro_rules! texts {
    ($($id:ident $key:literal $en:literal $($later:ident)?;)*) => {
        /// A key of the widget's text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(missing_docs)]
        pub enum Text { $($id),* }

        /// Every key's name, as content files write it, in [`Text`]'s order.
        pub const KEYS: &[&str] = &[$($key),*];

        /// The built-in English, in [`Text`]'s order (in the browser's build,
        /// "" for the keys marked `later`).
        pub const ENGLISH: &[&str] = &[$(en!($en $(, $later)?)),*];

        /// Whether a key's English is read later, from `later.json`
        /// (marked `later`), in [`Text`]'s order.
        pub const LATER: &[bool] = &[$(is_later!($($later)?)),*];

        /// What the widget itself reads, instead of the two tables above
        /// (two pointers a key, 8 KB the wasm could not compress): the key
        /// names one string, each ended by a newline (natively: the
        /// browser reads them from `keys.json`, only for a content file,
        /// the one thing that names keys)...
        #[cfg(not(all(target_arch = "wasm32", feature = "later")))]
        const KEY_LIST: &str = concat!($($key, "\n"),*);
        /// ...and the English one string, with where each sentence ends.
        const EN_LIST: &str = concat!($(en!($en $(, $later)?)),*);
        const EN_END: [u16; ALL.len()] = {
            let lens = [$(en!($en $(, $later)?).len()),*];
            let mut end = [0u16; ALL.len()];
            let (mut i, mut at) = (0, 0);
            while i < lens.len() {
                at += lens[i];
                assert!(at <= u16::MAX as usize, "the English outgrew u16 offsets");
                end[i] = at as u16;
                i += 1;
            }
            end
        };

        /// Every key, in order (`ALL[t as usize] == t`).
        pub const ALL: &[Text] = &[$(Text::$id),*];
    };
}

texts! {
    // The page.
    Title "title" "Rate Limit Lab";
    Framing "framing" "One user, one limit, several servers behind a load balancer: see where a limit kept in each server's memory leaks, and what stops the leak.";
    NoticeTitle "notice.title" "Please note:";
    Dismiss "notice.dismiss" "Dismiss";
    NoticeNotNumber "notice.not_number" "{name}=“{given}” is not a number, so it stays at {kept}.";
    NoticeBelow "notice.below" "{name}={given} is below the least allowed, so it is set to {set}.";
    NoticeAbove "notice.above" "{name}={given} is above the most allowed, so it is set to {set}.";
    NoticeRounded "notice.rounded" "{name}={given} was rounded to {set}.";
    NoticeChoice "notice.choice" "{name} “{given}” is not one of {options}, so {kept} is used.";
    NoticePreset "notice.preset" "preset “{given}” is not one we know (try {options}), so the usual starting point is shown.";
    NoticeSeed "notice.seed" "seed “{given}” is not a whole number from 0 to 18446744073709551615, so seed {kept} is used.";
    NoticeMoment "notice.moment" "t={given} is after this burst ends ({end} ms), so the end of the burst is shown.";
    NoticeMomentBad "notice.moment_bad" "t=“{given}” is not a moment in milliseconds, so the end of the burst is shown.";
    NoticeItem "notice.item" "{name}: “{given}” is not one of {options}, so it is left out.";
    NoticeNoTabs "notice.no_tabs" "tabs names no strategy we know, so every strategy is offered.";
    NoticeContent "notice.content" "The content file {file} could not be used ({problem}), so the built-in text is shown.";
    NoticeMastery "notice.mastery" "mastery=“{given}” is not a whole percentage from 0 to 100, so {kept} is used.";
    NoticeUngraded "notice.ungraded" "This quiz is the built-in one, so it is not graded.";
    NoticeLms "notice.lms" "Your answers are not sent to your course: the part of the widget that talks to it could not be loaded. Reload the page to try again.";
    NoticeNone "notice.none" "none";
    NoticeFlag "notice.flag" "{name}=“{given}” is neither 1 nor 0 (true or false, yes or no), so {name} is off.";
    ContentOrigin "content.origin" "it is not on this site, and only files from this site are read";
    ContentFetch "content.fetch" "it could not be fetched";
    ContentStatus "content.status" "the server answered {n}";
    ContentRead "content.read" "it could not be read";
    ContentInvalid "content.invalid" "it is not written the way the widget expects";
    ContentTooLarge "content.too_large" "it is larger than the widget reads: {what}";
    ContentTimeout "content.timeout" "it did not arrive within {n} seconds";
    ContentKeys "content.keys" "the widget's list of keys could not be fetched";
    Or "or" "or";
    Thousands "number.thousands" ",";
    Decimal "number.decimal" ".";

    // Strategy tabs, grouped by where the count lives.
    TabsLabel "tabs.label" "Strategy";
    GroupMemory "group.memory" "In each server's memory";
    GroupFront "group.front" "In front of the servers";
    GroupRedis "group.redis" "In Redis, shared";
    TabLocal "tab.local" "Local counters";
    TabSplit "tab.split" "Limit ÷ N";
    TabSync "tab.sync" "Local + sync";
    TabEdge "tab.edge" "At the edge";
    TabGetSet "tab.getset" "GET, then SET";
    TabIncr "tab.incr" "INCR";
    TabLua "tab.lua" "Lua bucket";
    HintLocal "hint.local" "each on its own";
    HintSplit "hint.split" "shares of the limit";
    HintSync "hint.sync" "batched to Redis";
    HintEdge "hint.edge" "one gateway";
    HintGetSet "hint.getset" "shared, racy";
    HintIncr "hint.incr" "shared, atomic";
    HintLua "hint.lua" "atomic script";
    SummaryLocal "summary.local" "Every server keeps its own count in memory and lets through up to the full limit.";
    SummarySplit "summary.split" "Every server counts in memory but only allows its share: about the limit ÷ N.";
    SummarySync "summary.sync" "Every server decides from its own memory and, every few milliseconds, adds its counts to Redis with INCRBY.";
    SummaryEdge "summary.edge" "One gateway in front of the load balancer counts the user's requests and refuses the rest there.";
    SummaryGetSet "summary.getset" "One shared counter in Redis: read it with GET, compare, then write count + 1 with SET.";
    SummaryIncr "summary.incr" "One shared counter in Redis, bumped with INCR; the server compares the count INCR returns.";
    SummaryLua "summary.lua" "A token bucket in Redis, checked and updated by one Lua script that Redis runs without interruption.";
    NameLuaLog "name.lua.log" "Lua sliding log";
    NameLuaCounter "name.lua.counter" "Lua sliding counter";
    NameLuaFixed "name.lua.fixed" "Lua fixed window";
    SummaryLuaLog "summary.lua.log" "A sliding log in Redis: one Lua script, run without interruption, drops the times older than the window, counts the rest and adds this request's if there is room.";
    SummaryLuaCounter "summary.lua.counter" "A sliding-window counter in Redis: one Lua script adds this window's count to the last window's, weighted by how much of it is still within the window.";
    SummaryLuaFixed "summary.lua.fixed" "A fixed window in Redis, kept by one Lua script: one count a window, from zero at each window's edge, as INCR keeps it.";

    // Sliders and settings.
    SliderServers "slider.servers" "API servers";
    SliderBurst "slider.burst" "Requests in the burst";
    SliderRtt "slider.rtt" "Redis round trip";
    SliderSync "slider.sync" "Sync interval";
    SliderPlan "slider.plan" "Quotas planned for";
    SliderMove "slider.move" "A deploy moves the user at";
    SliderTimeout "slider.timeout" "Timeout on a Redis call";
    SliderTraffic "slider.traffic" "Site traffic";
    ServersOne "value.servers.one" "{n} server";
    ServersMany "value.servers.many" "{n} servers";
    BurstValue "value.burst" "{n} in {span} ms";
    Ms "value.ms" "{n} ms";
    SyncValue "value.sync" "every {n} ms";
    NoMove "value.no_move" "never";
    Seconds "value.seconds" "{n} s";
    TrafficValue "value.traffic" "{n} requests a second";
    RttUnused "note.rtt_unused" "Only the strategies that call Redis make a round trip.";
    LimitLine "setup.limit" "Limit: {limit} per {window}, for one user. Every burst fits inside one window.";
    RequestOne "count.request.one" "{n} request";
    RequestMany "count.request.many" "{n} requests";
    WindowSecond "window.second" "second";
    WindowMinute "window.minute" "minute";
    WindowHour "window.hour" "hour";
    WindowSeconds "window.seconds" "{n} seconds";
    LbLegend "lb.legend" "Load balancer";
    LbRandom "lb.random" "random";
    LbRoundRobin "lb.round_robin" "round-robin";
    LbSticky "lb.sticky" "sticky";
    PresetLegend "preset.legend" "Scenario";
    PresetGatepass "preset.gatepass" "10 per second";
    PresetPerMinute "preset.per_minute" "100 per minute";
    PresetGatepassTitle "preset.gatepass.title" "limit 10 a second, 40 requests in 40 ms, random spread";
    PresetPerMinuteTitle "preset.per_minute.title" "limit 100 a minute, 400 requests over 1 s, round-robin";
    PresetBooking "preset.booking" "8 buckets";
    PresetBookingTitle "preset.booking.title" "the booking story: a bucket of 10 a second in each of 8 servers' memory, 80 requests over 1 s, round-robin";
    // Windows and buckets (issue 34): how the count is kept, the window's
    // edge, the strip of windows under the picture.
    AlgoLegend "algo.legend" "How each user's count is kept";
    AlgoFixed "algo.fixed" "fixed window";
    AlgoFixedNote "algo.fixed.note" "one integer, reset at each edge: a burst across an edge can get twice the limit";
    AlgoLog "algo.log" "sliding log";
    AlgoLogNote "algo.log.note" "up to a timestamp per request the limit allows: exact in any window";
    AlgoCounter "algo.counter" "sliding counter";
    AlgoCounterNote "algo.counter.note" "two integers: this window's count plus the last one's, weighted: an estimate";
    AlgoBucket "algo.bucket" "token bucket";
    AlgoBucketNote "algo.bucket.note" "two numbers, tokens and a time: a burst of the limit, then a steady refill";
    AlgoOnlyIncr "algo.only_incr" "INCR is the fixed-window command: one key a window, which EXPIRE removes once its window is over. A fixed window only here.";
    AlgoOnlyFixed "algo.only_fixed" "One integer a window in Redis: a fixed window only here.";
    SliderEdge "slider.edge" "Window edge at";
    LimitLineEdge "setup.limit_edge" "Limit: {limit} per {window}, for one user, counted in windows: a new one starts {e} ms into the burst.";
    WindowsHead "windows.head" "Windows of {w}: the edge at t = {e} ms";
    WindowName "windows.name" "window {w}";
    WindowCount "windows.count" "{c} of {l}";
    WindowTag "picture.window" " · w{w}";
    NarrWindow "narrate.window" " in window {w}, which began at t = {t} ms";
    NarrRunScript "narrate.run_script" "Redis runs the script for request {n}, which now keeps {v}";
    CostKept "cost.kept" "Kept per user in the count";
    CostKeptFixed "cost.kept.fixed" "one integer";
    CostKeptLog "cost.kept.log" "up to {l} timestamps";
    CostKeptCounter "cost.kept.counter" "two integers";
    CostKeptBucket "cost.kept.bucket" "two numbers";
    RedisLegend "redis.legend" "Redis is";
    RedisUp "redis.up" "healthy";
    RedisSlow "redis.slow" "slow (+100 ms)";
    RedisDown "redis.down" "down";
    FailLegend "fail.legend" "When Redis does not answer in time";
    FailOpen "fail.open" "fail open: allow";
    FailClosed "fail.closed" "fail closed: refuse";
    Reroll "reroll" "New burst";
    Seed "seed" "seed {n}";
    Reset "reset" "Reset";

    // The picture and the replay.
    User "picture.user" "User";
    Balancer "picture.balancer" "Load balancer";
    BalancerShort "picture.balancer_short" "LB";
    ServerShort "picture.server_short" "S{n}";
    Gateway "picture.gateway" "Gateway";
    GatewayRefused "picture.gateway_refused" "{n} refused";
    Redis "picture.redis" "Redis";
    RedisCounter "picture.counter" "count {n}";
    RedisTokens "picture.tokens" "{n} tokens";
    RedisToken "picture.token" "{n} token";
    RedisIsDown "picture.down" "down";
    LabelAt "picture.label.at" "t = {t} ms: {a} allowed, {r} refused";
    LabelEnd "picture.label.end" "End of the burst: {a} allowed, {r} refused";
    LabelGateway "picture.label.gateway" " ({g} of them at the gateway)";
    LabelCounter "picture.label.counter" ", Redis counter {c}";
    LabelTokens "picture.label.tokens" ", Redis bucket {c}";
    LabelShared "picture.label.shared" ", {k} requests read the same count";
    LabelOwn "picture.label.own" ". Each server counts only the requests it saw: {list}, each against a limit of {l}";
    LabelOwnShare "picture.label.own_share" ". Each server counts against its own share: {list}";
    LabelOwnKnown "picture.label.own_known" ". Each server adds what it allowed since its last sync to the total Redis last gave it: {list}, against a limit of {l}";
    SameCount "picture.same" "same count";
    KeyPending "picture.key.pending" "on its way, or waiting";
    KeyCommand "picture.key.command" "a command to Redis";
    KeyReply "picture.key.reply" "its reply";
    KeyShared "picture.key.shared" "a count another request also read";
    KeyUser "picture.key.user" "User 12/10: got through, against the limit";
    KeyOwn "picture.key.own" "S1 6/10 ✗2: its own count against what it may allow, and its refusals";
    KeySync "picture.key.sync" "S1 14+0/10: the total Redis gave at the last sync + its own count, against the limit";
    KeyTally "picture.key.tally" "S1 ✓6 ✗2: allowed and refused by that server";
    KeyCount "picture.key.count" "count 40: every INCR adds one, refused requests too";
    KeyExpire "picture.key.expire" "EXPIRE: starts the count's one-second window";
    Play "replay.play" "Play";
    Pause "replay.pause" "Pause";
    Step "replay.step" "Step";
    StepBack "replay.step_back" "Step back";
    Time "replay.time" "Time";
    TimeValue "replay.time.value" "{t} of {end} ms";
    Speed "replay.speed" "Speed";
    SpeedSlow "replay.speed.slow" "slow";
    SpeedNormal "replay.speed.normal" "normal";
    SpeedFast "replay.speed.fast" "fast";
    PredictStart "predict.start" "Predict first";
    PredictAsk "predict.ask" "How many of the {b} requests get through?";
    PredictGuess "predict.guess" "Your guess";
    PredictGo "predict.go" "Replay and compare";
    PredictHidden "predict.hidden" "Make a guess; the numbers are hidden until the replay.";
    PredictExact "predict.exact" "You guessed {g}, and exactly {n} got through. Well reasoned.";
    PredictNear "predict.near" "You guessed {g}; {n} got through. Close.";
    PredictFar "predict.far" "You guessed {g}; {n} got through. Replay it step by step to see why.";
    PredictCancel "predict.cancel" "Cancel";


    // The narration under the picture (see vm::narrate).
    SayCommand "say.command" "{c} for request {n}";
    NarrAt "narrate.at" "t = {t} ms: {what}.";
    NarrStart "narrate.start" "Before the burst: {b} requests are about to arrive over {span} ms";
    NarrArrive "narrate.arrive" "request {n} reaches server {s}";
    NarrArriveSend "narrate.arrive_send" "request {n} reaches server {s}, which sends {c} to Redis";
    NarrSend "narrate.send" "server {s} sends {c} to Redis";
    NarrMemory "narrate.memory" "request {n} reaches server {s}, whose own count is {v} of {cap}";
    NarrSync "narrate.sync" "request {n} reaches server {s}, which counts {k} from Redis plus {v} of its own, of {cap}";
    NarrGateway "narrate.gateway" "request {n} reaches the gateway, which has let {v} of {cap} through";
    NarrBatch "narrate.batch" "{c} from server {s}";
    NarrRun "narrate.run" "Redis runs {c} and the count is now {v}";
    NarrRunGet "narrate.run_get" "Redis runs {c} and answers {v}";
    NarrRunLua "narrate.run_lua" "Redis runs the bucket script for request {n}: {v} tokens left";
    NarrReply "narrate.reply" "server {s} gets {v} back from {c}";
    NarrTimeout "narrate.timeout" "server {s} gives up waiting for {c}";
    NarrAnswer "narrate.answer" "request {n} gets its answer";
    NarrRequest "narrate.request" "request {n}";
    NarrThen "narrate.then" "{what}: {verdict}";
    NarrYes "narrate.yes" "allowed";
    NarrNo "narrate.no" "refused with 429";
    NarrOnTo "narrate.on_to" "passed on to server {s}";
    NarrOpen "narrate.open" "it fails open, allowed";
    NarrClosed "narrate.closed" "it fails closed, refused with 429";
    NarrSame "narrate.same" ", the same count request {m} was given";
    NarrLost "narrate.lost" ", the value request {m} wrote: one count is lost";
    NarrMore "narrate.more" "; and {n} more things at the same moment";
    NarrEndOver "narrate.end_over" "{name}: {a} of {b} requests got through, {o} more than the limit of {l} allows.";
    NarrEndHeld "narrate.end_held" "{name}: {a} of {b} requests got through, and the limit of {l} held.";
    NarrEndShort "narrate.end_short" "{name}: only {a} of {b} requests got through, fewer than the limit of {l} allows.";

    // Server cards.
    CardsLabel "cards.label" "API servers";
    LegendLabel "legend.label" "Legend";
    LegendOk "legend.ok" "allowed";
    LegendOver "legend.over" "allowed beyond the limit";
    LegendNo "legend.no" "refused (429)";
    LegendUnder "legend.under" "refused while under the limit";
    LegendUnused "legend.unused" "unused quota";
    CardName "card.name" "Server {n}";
    CardOk "card.ok" "{n} ok";
    CardNo "card.no" "{n} 429";
    CardQuota "card.quota" "quota {n}";
    CardHeard "card.heard" "received {n}";
    CardCounts "card.counts" ": {a} allowed, {r} refused (429 Too Many Requests)";
    CardBeyond "card.beyond" ", {n} allowed beyond the limit";
    CardUnder "card.under" ", {n} refused while under the limit";
    CardUnused "card.unused" ", {n} of its quota unused";

    // Totals and verdicts.
    TotalsLabel "totals.label" "Totals";
    VerdictOver "verdict.over" "Limit not enforced: {n} got through beyond the limit.";
    VerdictExact "verdict.exact" "Limit enforced: exactly {n} got through.";
    VerdictFits "verdict.fits" "Limit enforced: the whole burst fits under the limit.";
    VerdictRefill "verdict.refill" "Limit enforced: {n} got through, {k} of them on tokens the bucket refilled during the burst.";
    VerdictUnder "verdict.under" "Real requests refused: {n} that a correct limiter would have let through.";
    VerdictRegular "verdict.regular" "Real requests refused: a regular user who sends exactly the limit gets only {k} of {l} through.";
    VerdictAllFail "verdict.all_fail" "Every request refused: Redis did not answer in time and the servers fail closed.";
    VerdictAllQuota "verdict.all_quota" "Every request refused: each reached a server whose share of the limit is zero.";
    StatAllowed "stat.allowed" "Allowed";
    StatAllowedOf "stat.allowed.of" "of {b} sent; the limit is {l}";
    StatCeiling "stat.ceiling" "This user's real ceiling: {servers} × {l} = {c}";
    StatCeilingRestart "stat.ceiling_restart" "This user's real ceiling: 1 server that restarts, 2 × {l} = {c}";
    StatBeyond "stat.beyond" "Beyond the limit";
    StatUnder "stat.under" "Refused while under the limit";
    UnderReplaced "stat.under.replaced" "refused early: later requests took their place";
    UnderWrong "stat.under.wrong" "a correct limiter would have let {n} of them through";
    StatRegular "stat.regular" "A regular user";
    StatRegularOf "stat.regular.of" "of {l} get through when the user sends exactly the limit";
    StatCalls "stat.calls" "Redis calls per request";
    StatCallsAll "stat.calls.all" "{n} in all";
    StatCallsNote "stat.calls.note" "({all}): {note}";
    StatCounter "stat.counter" "Redis counter at the end";
    StatCounterNow "stat.counter.now" "Redis counter now";
    StatTokens "stat.tokens" "Tokens left in the bucket";
    StatLatency "stat.latency" "Added latency per request";
    StatGateway "stat.gateway" "Refused at the gateway";
    CallsLocal "calls.local" "no network hop: the count never leaves the server";
    CallsSplit "calls.split" "no network hop, but every server must know N";
    CallsSync "calls.sync" "one INCRBY per server per interval, however many requests";
    CallsEdge "calls.edge" "no Redis: the gateway counts in its own memory";
    CallsGetSet "calls.getset" "a GET for every request, plus a SET for every one allowed";
    CallsIncr "calls.incr" "one INCR per request, plus one EXPIRE for the window";
    CallsLua "calls.lua" "one script call per request: check and update in one step";
    CounterLost "counter.lost" "though {a} were allowed: {k} lost, because each SET wrote what its server had read, plus one";
    CounterNoneLost "counter.none_lost" "one count for each allowed request: no update lost";
    CounterFailRule "counter.fail_rule" "though {a} were allowed: {f} of them by the fail rule, which counts nothing";
    CounterIncr "counter.incr" "one count for every request that reached Redis, allowed or not";
    CounterIncrWindow "counter.incr_window" "the latest window's key: one count for every request that reached Redis in that window, allowed or not";
    CounterSync "counter.sync" "what the syncs added; {k} allowed since a server's last sync are not in Redis yet";
    CounterSyncAll "counter.sync_all" "what the syncs added: every allowed request is in Redis";
    CounterLua "counter.lua" "whole tokens left; the bucket refills {l} per {window}";
    LatencyNone "latency.none" "median: the decision never leaves the server";
    LatencyEdge "latency.edge" "median: the gateway decides in its own memory, before any server";
    LatencySync "latency.sync" "median: decisions stay local; the syncs run in the background";
    LatencyMax "latency.max" "median, {m} ms at most";
    LatencyZero "latency.zero" "median: with a zero round trip Redis adds no time, though every request still asks it";

    // What happens if Redis is slow or down.
    DownTitle "down.title" "If Redis is slow or down";
    DownNone "down.none" "Nothing changes: this strategy never talks to Redis. It also never enforces one limit for the whole fleet." later;
    DownEdge "down.edge" "Nothing changes here: the gateway counts in its own memory. If the gateway itself fails, traffic either stops or bypasses the limit." later;
    DownSyncNow "down.sync_now" "Redis is {health}: {k} of {c} syncs got no answer in time. Decisions stay local, so {a} of {b} got through, against {local} with local counters alone." later;
    DownSyncIf "down.sync_if" "If Redis went down, decisions would stay local and each server would keep counting on its own: {a} of {b} would get through, as with local counters." later;
    DownNowOne "down.now.one" "Redis is {health}: 1 request waited {t} ms for an answer that did not come in time, and was {verdict} by the fail rule. {a} of {b} got through." later;
    DownNow "down.now" "Redis is {health}: {k} requests waited {t} ms for an answer that did not come in time, and were {verdict} by the fail rule. {a} of {b} got through." later;
    DownIfOpen "down.if_open" "If Redis went down, each request would wait {t} ms, then be allowed (fail open): {a} of {b} would get through and the limit would be gone." later;
    DownIfClosed "down.if_closed" "If Redis went down, each request would wait {t} ms, then be refused (fail closed): {a} of {b} would get through, and real users would be turned away." later;
    DownSlowInTime "down.slow_in_time" "Redis is slow: every answer came 100 ms late, but within the {t} ms timeout, so the count holds and every request waits 100 ms longer." later;
    DownAllowed "down.allowed" "allowed" later;
    DownRefused "down.refused" "refused" later;
    HealthSlow "health.slow" "slow";
    HealthDown "health.down" "down";
    HealthUp "health.up" "healthy";

    // The cost of sharing.
    CostTitle "cost.title" "The cost of sharing";
    CostOps "cost.ops" "Redis operations a second at this traffic";
    CostNodes "cost.nodes" "Redis nodes, at about 100,000 operations a second each";
    CostNone "cost.none" "no Redis call, so no Redis load";

    // The timeline and the Redis log.
    TimelineTitle "timeline.title" "The first requests, on one clock";
    TimelineRtt0 "timeline.rtt0" "With a zero round trip every command runs the instant its request arrives, so nothing can overlap. Drag the round trip up.";
    TimelineGetSet "timeline.getset" "Each shaded stretch runs from a request's GET to its SET. A GET that lands inside another request's stretch reads a count that is missing that request: both are allowed on the same number.";
    TimelineIncr "timeline.incr" "INCR reads and bumps the count in one step, so every request gets its own number: there is no stretch for another request to fall into.";
    TimelineLua "timeline.lua" "The script checks and takes a token in one step, so no two requests can spend the same token.";
    TimelineDown "timeline.down" "No command reaches Redis: every request waits for its timeout, then the fail rule decides.";
    KeyGet "key.get" "GET (value read)";
    KeySet "key.set" "SET (value written)";
    KeyGap "key.gap" "read, not yet written back";
    KeyIncr "key.incr" "INCR (count returned)";
    KeyEval "key.eval" "script: 1 = allowed, 0 = refused";
    KeyAnswer "key.answer" "ok / 429: the answer";
    AxisFirst "timeline.axis.first" "0 ms: first arrival";
    RowName "timeline.row" "#{i}  server {s}";
    RowNameShort "timeline.row.short" "#{i} s{s}";
    AnswerOk "answer.ok" "ok";
    AnswerNo "answer.no" "429";
    LogTitle "log.title" "What Redis saw, in order";
    LogNothing "log.nothing" "Redis ran no command: nothing reached it.";
    LogNotYet "log.not_yet" "Redis has run no command yet: the first are still on their way.";
    LogVia "log.via" "#{r} via server {s}";
    LogSync "log.sync" "server {s}, batch";
    LogWillAllow "log.will_allow" "will allow";
    LogWillRefuse "log.will_refuse" "will refuse";
    LogSameReads "log.same_reads" "#{first} to #{last} all read {v}: all will allow";
    LogLost "log.lost" "counter was already {v}: an update is lost";
    LogAllow "log.allow" "allow";
    LogRefuse "log.refuse" "refuse";
    LogExpire "log.expire" "start the window's clock";
    LogBucketOk "log.bucket_ok" "allowed, {k} left";
    TokenOne "count.token.one" "{n} token";
    TokenMany "count.token.many" "{n} tokens";
    LogBucketNo "log.bucket_no" "refused: no whole token left";
    LogBatch "log.batch" "+{p}: total {v}";
    LogLate "log.late" "ran after its server gave up";
    LogShowAll "log.show_all" "Show all {n} commands";
    LogShowFewer "log.show_fewer" "Show the first {n}";

    // Charts.
    ChartsTitle "charts.title" "What gets through, over 50 bursts";
    ChartServers "chart.servers" "As servers are added";
    ChartRtt "chart.rtt" "As the round trip grows";
    ChartNote "chart.note" "Each point is the mean of 50 bursts (seeds {from} to {to}) of {b} requests; the band runs from the fewest to the most allowed. The dashed line is the limit." later;
    ChartNoteTwo "chart.note.two" "Each point is the mean of 50 bursts (seeds {from} to {to}): of {bs} requests as servers are added, more than yours so that the ceiling shows, and of {br}, yours, as the round trip grows. The band runs from the fewest to the most allowed. The dashed line is the limit." later;
    ChartAxisServers "chart.axis.servers" "API servers" later;
    ChartAxisRtt "chart.axis.rtt" "Redis round trip (ms)" later;
    ChartLimit "chart.limit" "limit {l}" later;
    ChartWorking "chart.working" "Computing the sweep…";
    PartNotLoaded "part.not_loaded" "This part could not be loaded. Check the connection, then reload the page.";
    ChartPoint "chart.point" "{s}, {x}: {mean} allowed on average, fewest {min}, most {max}";
    ChartSummary "chart.summary" "{title}: the mean allowed of {b} requests over 50 bursts, limit {l}. {lines}. Every number is in the table under the chart." later;
    ChartLine "chart.line" "{s}: {trend}" later;
    ChartFlat "chart.flat" "{a} throughout";
    ChartUntil "chart.until" "{a} at {x0}, then {b} from about {xp} on";
    ChartTo "chart.to" "{a} at {x0}, {b} at {x1}";
    ChartMini "chart.mini" "At {x}: {n} of {b} get through on average; {trend}.";
    ChartCaption "chart.caption" "{title}: mean allowed (fewest–most) by {axis}" later;
    ChartAtServer "chart.at.server" "{n} server";
    ChartAtServers "chart.at.servers" "{n} servers";
    ChartAtRtt "chart.at.rtt" "{n} ms round trip";
    ChartTable "chart.table" "The same numbers as a table";
    ChartColStrategy "chart.col.strategy" "Strategy" later;

    // Explanations.
    ExplainTitle "explain.title" "Why this happens";
    InProduction "explain.production" "In production: ";
    ExplainLocal1 "explain.local.1" "The limit is a promise about one user, but each counter only knows about one server. The load balancer hands each server a slice of the burst, so every server stays comfortably under the limit while the user, taken as a whole, sails past it." later;
    ExplainLocal2 "explain.local.2" "With N servers the user can get up to N times the limit, and the ceiling rises on its own each time autoscaling adds a server. On a laptop there is one server that sees every request, which is why this passes every test before it ships." later;
    ProdLocal "production.local" "Kong calls this its local policy and documents that each node counts on its own; pinning users with sticky sessions only hides the problem until a deploy moves them." later;
    ExplainSplit1 "explain.split.1" "The shares add up to the limit, so the total cannot overshoot. It fails the other way instead: a load balancer does not deal one user's short burst out evenly, so one server runs out of its share and refuses while another server's share sits unused. A regular user, sending no more than the limit, gets turned away." later;
    ExplainSplit2 "explain.split.2" "The shares are also only right for the N they were planned for. After an autoscale nobody re-planned, every new server brings a share of its own and the total grows; with more servers than the limit, some shares are zero." later;
    ProdSplit "production.split" "Teams reach for this when they cannot add a shared store, and then find it must be reconfigured on every scaling event." later;
    ExplainSync1 "explain.sync.1" "Each server decides on its own, at once, then adds its counts to Redis in a batch and learns the fleet's total from the reply. Between two syncs a server does not hear about the others, so the limit overshoots by about one interval of traffic." later;
    ExplainSync2 "explain.sync.2" "The longer the interval, the closer it gets to local counters; the shorter, the closer to exact, and the more Redis calls. Redis load drops by orders of magnitude compared with one call per request, and a slow or missing Redis does not stall a single request." later;
    ProdSync "production.sync" "Kong's cluster and Redis policies sync counters on a timer (its sync_rate setting), accepting a little overshoot for far less load." later;
    ExplainEdge1 "explain.edge.1" "One gateway sees every request of the user before the load balancer spreads them, so one counter in its memory is the user's count: exactly the limit gets through, with no network hop for the servers." later;
    ExplainEdge2 "explain.edge.2" "It works as long as one gateway sees all of a user's traffic. Large sites run many gateways or CDN locations, each with its own count, so edge limits are usually coarse (per IP, per location), a first line of defence rather than the exact limit." later;
    ProdEdge "production.edge" "API gateways and CDNs rate-limit at the edge; Cloudflare, for one, counts per location, so a user spread over several locations gets more." later;
    ExplainGetSet1 "explain.getset.1" "Every server now asks the same counter, which is the right idea done the wrong way. Between a request's GET and its SET there is a round trip in which other requests read the same old value, on other servers and on the same one. Two requests read 7, both allow, both write 8." later;
    ExplainGetSet2 "explain.getset.2" "Under a burst many requests fall into that gap, and the slower the round trip, the wider the gap. Updates are lost too: SET writes \"what I read, plus one\", so the counter ends lower than the number of requests that were allowed." later;
    ProdGetSet "production.getset" "The race is why Redis's own rate-limiter pattern is built on INCR rather than on reading and writing the value." later;
    ExplainIncr1 "explain.incr.1" "INCR adds one and returns the new count in a single step, and Redis runs commands one at a time, so no two requests can ever see the same count. Exactly the limit gets through, however many servers there are and however slow the round trip." later;
    ExplainIncr2 "explain.incr.2" "The first INCR of a window (it returns 1) is followed by an EXPIRE, so the counter resets when the window ends. The price is a round trip on every request, and a new dependency: decide what happens when Redis is slow or down." later;
    ProdIncr "production.incr" "Envoy's global rate-limit service uses INCRBY and EXPIRE, keeps its call short and fails open by default." later;
    ExplainLua1 "explain.lua.1" "A token bucket holds up to the limit in tokens and refills at the limit per window. The script tops the bucket up for the time that passed, then takes a token or refuses, and Redis runs it to the end before anything else, so checking and taking are one step." later;
    ExplainLuaLog1 "explain.lua.log.1" "The log holds the time of every request it let through. Each new request first drops the times older than one window, then passes only if fewer than the limit remain, so no stretch of one window, wherever it starts, holds more than the limit." later;
    ExplainLuaLog2 "explain.lua.log.2" "The price is memory: up to the limit in timestamps for every user, where a counter keeps one or two integers." later;
    ExplainLuaCounter1 "explain.lua.counter.1" "The script keeps this window's count and the last one's, and treats the last window's requests as spread evenly: the part of it still within the past window weighs in. Close to a sliding log, for two integers a user." later;
    ExplainLuaCounter2 "explain.lua.counter.2" "It is an estimate: just after an edge it can let one or two more through than a log would, when the last window's requests were bunched at its end." later;
    ExplainLuaFixed1 "explain.lua.fixed.1" "The script counts in the window's own key and allows while that count is below the limit: what INCR per window does, in one step." later;
    ExplainLuaFixed2 "explain.lua.fixed.2" "Each window starts from zero at its edge, so a burst across an edge gets the limit on each side: up to twice the limit in far less than a window." later;
    ExplainLua2 "explain.lua.2" "Unlike a fixed window, a bucket lets a little through as it refills: over one second of a per-minute limit of 100, one more token arrives, and the 101st request is allowed by design, not by a race." later;
    ProdLua "production.lua" "Stripe and GitHub run their limiters as Lua scripts in Redis; Stripe's fail open when Redis is unavailable." later;

    // The quiz.
    QuizTitle "quiz.title" "Check yourself";
    QuizIntro "quiz.intro" "{n} questions. Your first answer to each one counts.";
    QuizScore "quiz.score" "Score: {c} of {a} answered right at the first try ({n} questions).";
    QuizDone "quiz.done" "All {n} answered: {c} right at the first try.";
    QuizRight "quiz.right" "You picked “{o}”: right. ";
    QuizWrong "quiz.wrong" "You picked “{o}”: not right. ";
    QuizRevealed "quiz.revealed" "You picked “{o}” first, which is not right. The answer is “{a}”. ";
    QuizMarkRight "quiz.mark_right" "(the answer)";
    QuizMarkWrong "quiz.mark_wrong" "(not right)";
    QuizTryOther "quiz.try_other" "Try another option.";
    QuizShowAnswer "quiz.show_answer" "Show answer";
    QuizAgain "quiz.again" "Try again";
    ShowMe "show_me" "Show me: {label}";
    QuizLoading "quiz.loading" "Why: loading…";
    QuizNotLoaded "quiz.not_loaded" "Why could not be loaded; check the connection, then pick again.";

    // Takeaways.
    TakeawaysTitle "takeaways.title" "Key takeaways";
    Takeaway1 "takeaway.1" "A counter in a server's memory describes the server, not the user: behind a load balancer the user gets up to N times the limit, and more with every server autoscaling adds.";
    Takeaway2 "takeaway.2" "Dividing the limit by N refuses real requests, because one user's burst is not spread evenly, and it breaks whenever N changes.";
    Takeaway3 "takeaway.3" "Share one counter, and update it atomically: INCR, or a Lua script for token buckets and sliding windows. GET then SET races and loses updates.";
    Takeaway4 "takeaway.4" "Sharing costs a round trip and a Redis operation per request, and a dependency: put a short timeout on the call and decide in advance whether to fail open or closed.";
    Takeaway5 "takeaway.5" "Exact limits are not always needed: counters synced in batches, or coarse limits at the edge, are often good enough; keep the exact, fail-closed kind for where abuse is costly.";
    ShowMeTakeaway1 "show.takeaway.1" "16 servers, 500 requests";
    ShowMeTakeaway2 "show.takeaway.2" "a regular user under limit ÷ N";
    ShowMeTakeaway3 "show.takeaway.3" "GET then SET at a 5 ms round trip";
    ShowMeTakeaway4 "show.takeaway.4" "INCR with Redis down, failing closed";
    ShowMeTakeaway5 "show.takeaway.5" "local + sync every 5 ms";

    // The footer.
    CopyLink "copy.link" "Copy link";
    CopyEmbed "copy.embed" "Copy embed code";
    Copied "copy.done" "{what} copied to the clipboard.";
    CopyBlocked "copy.blocked" "Copying was blocked; select the text below and copy it.";
    CopyText "copy.text" "Text to copy";
    Link "copy.what.link" "Link";
    EmbedCode "copy.what.embed" "Embed code";
    Privacy "footer.privacy" "The simulation runs entirely in your browser. Nothing is sent anywhere: no fonts, no analytics, no cookies.";
    Proof "footer.proof" "How these numbers were checked on a real Redis";
    FrameTitle "embed.title" "Rate Limit Lab: why per-server rate limits leak";

    // The code beside the picture.
    CodeTitle "code.title" "The code, on a Node server";
    CodeIntro "code.intro" "The limiter as you would write it in JavaScript, with the node-redis client where it calls Redis. A test runs these very files against a real Redis.";
    CodeLocal "code.local" "Correct on a laptop, where one server sees every request. Behind a load balancer each process has its own Map, and each Map sees only its share." later;
    CodeSplit "code.split" "SERVERS has to match the fleet as it is now, and each share has to absorb a user's uneven burst." later;
    CodeSync "code.sync" "allow never waits for Redis; sync runs every few milliseconds, adds this server's counts and learns the fleet's total." later;
    CodeEdge "code.edge" "The same Map as local counters, in the one process every request passes through." later;
    CodeGetSet "code.getset" "This is the racy version: between the GET and the SET other requests read the same count. The fix is one line: INCR, which adds one and returns the count in one step." later;
    CodeIncr "code.incr" "The fix for GET then SET: one atomic command. The key names its window, so each window counts from zero; the first hit's EXPIRE removes the key once its window is over." later;
    CodeLog "code.log" "The script keeps the times of the requests it let through in a sorted set: it drops those older than the window, counts the rest, and adds this one only if there is room. Exact in any window, for up to L entries per user." later;
    CodeCounter "code.counter" "The script keeps two counts, this window's and the last one's, and weighs the last one by how much of it still falls within the window. Two integers per user, and nearly exact." later;
    CodeLua "code.lua" "Redis runs the whole script before any other command, so checking and taking a token are one step. EVALSHA sends only the script's hash; the first call sends the script itself with EVAL." later;
    CodeLoading "code.loading" "Loading the code…";
    CodeNotLoaded "code.not_loaded" "The code could not be loaded. Check the connection, then scroll back to it.";
    CodeWhen "code.when" "Pause or step the replay to see the line the latest request is on." later;
    CodeAt "code.at" "Request #{i}, on server {s}, is at line {n}." later;
    CodeAtGateway "code.at.gateway" "Request #{i}, at the gateway, is at line {n}." later;
    CodeAtRead "code.at.read" "Request #{i}, on server {s}, is at line {n}: its GET read {v}." later;
    CodeAtSync "code.at.sync" "Server {s}'s sync is at line {n}." later;

    // Words you need.
    GlossaryTitle "glossary.title" "Words you need";
    TermRateLimit "glossary.rate_limit.term" "rate limit";
    FindRateLimit "glossary.rate_limit.find" "limit";
    DefRateLimit "glossary.rate_limit" "A cap on how many requests one user (or key, or address) may make in a stretch of time, such as 10 a second. Requests past the cap are refused.";
    Term429 "glossary.429.term" "429";
    Find429 "glossary.429.find" "429";
    Def429 "glossary.429" "The HTTP status a server answers when it refuses a request for the rate limit: 429 Too Many Requests. The client should wait and try again.";
    TermBalancer "glossary.load_balancer.term" "load balancer";
    FindBalancer "glossary.load_balancer.find" "load balancer";
    DefBalancer "glossary.load_balancer" "The machine in front of the API servers that hands each incoming request to one of them: at random, in turn (round-robin), or always the same one for a user (sticky).";
    TermRoundTrip "glossary.round_trip.term" "round trip";
    FindRoundTrip "glossary.round_trip.find" "round trip";
    DefRoundTrip "glossary.round_trip" "The time from a server sending a command to Redis until the answer is back: the way there, Redis running it, and the way back. Other requests go on meanwhile.";
    TermAtomic "glossary.atomic.term" "atomic";
    FindAtomic "glossary.atomic.find" "atomic";
    DefAtomic "glossary.atomic" "Done in one indivisible step: nothing else can run between its parts. INCR reads and adds in one step; GET then SET are two steps with a gap between them.";
    TermWindow "glossary.window.term" "window and TTL";
    FindWindow "glossary.window.find" "window";
    DefWindow "glossary.window" "The window is the stretch of time a limit counts over (10 per second: one second). A TTL (time to live) makes Redis delete a key after that long, so the count starts again at zero.";
    TermFail "glossary.fail.term" "fail open / fail closed";
    FindFail "glossary.fail.find" "fail open";
    DefFail "glossary.fail" "What a server does when Redis does not answer in time. Fail open: allow the request, and the limit is gone while Redis is. Fail closed: refuse it, and real users are turned away.";

    // The built-in quiz: each question, its right answer and two wrong
    // ones, each with why, and the label of its "show me" (a content file's
    // own `quiz` replaces them all).
    Quiz1Prompt "quiz.1.prompt" "The per-server limiter passed every test on a developer's laptop. Why did it only misbehave in production?";
    Quiz1Right "quiz.1.right" "On the laptop one server saw every request";
    Quiz1RightWhy "quiz.1.right.why" "With a single server its count is the user's count. Behind a load balancer each server sees only its slice." later;
    Quiz1Wrong1 "quiz.1.wrong1" "The tests sent too few requests";
    Quiz1Wrong1Why "quiz.1.wrong1.why" "A test can send thousands of requests and still pass: as long as they all reach one server, one counter sees them all." later;
    Quiz1Wrong2 "quiz.1.wrong2" "Production clocks drift between servers";
    Quiz1Wrong2Why "quiz.1.wrong2.why" "Clock drift can blur the edges of a window, but the leak happens inside one window: each server never hears about the others' requests." later;
    Quiz1Show "quiz.1.show" "one server, then four" later;
    Quiz2Prompt "quiz.2.prompt" "With local counters and a limit of 10, the API runs on 4 servers. What is the most one user can get through in one window?";
    Quiz2Right "quiz.2.right" "40: each server allows its own 10";
    Quiz2RightWhy "quiz.2.right.why" "Each server's counter starts from zero and only sees its own slice, so four of them can each allow the full 10." later;
    Quiz2Wrong1 "quiz.2.wrong1" "10: the setting says 10";
    Quiz2Wrong1Why "quiz.2.wrong1.why" "The setting is per server. Four servers each allowing 10 add up to 40 for a user whose requests are spread over all of them." later;
    Quiz2Wrong2 "quiz.2.wrong2" "Somewhere between 10 and 11";
    Quiz2Wrong2Why "quiz.2.wrong2.why" "That would need the servers to share what they counted. Local counters share nothing." later;
    Quiz2Show "quiz.2.show" "4 servers, 100 requests, round-robin" later;
    Quiz3Prompt "quiz.3.prompt" "Each of 4 servers allows limit ÷ 4. A regular user sends exactly the limit, yet some requests get 429. Why?";
    Quiz3Right "quiz.3.right" "The requests were not spread evenly, so one server ran out of its share";
    Quiz3RightWhy "quiz.3.right.why" "A load balancer spreads many users well, but one user's short burst lands unevenly: one server refuses while another's share sits unused." later;
    Quiz3Wrong1 "quiz.3.wrong1" "The shares add up to less than the limit";
    Quiz3Wrong1Why "quiz.3.wrong1.why" "The shares add up to exactly the limit. The trouble is where the requests land, not the sum." later;
    Quiz3Wrong2 "quiz.3.wrong2" "Redis was too slow";
    Quiz3Wrong2Why "quiz.3.wrong2.why" "This strategy never talks to Redis: every server counts in its own memory." later;
    Quiz3Show "quiz.3.show" "a regular user under limit ÷ N" later;
    Quiz4Prompt "quiz.4.prompt" "The limit of 10 was split as ÷ 4 across 4 servers. Autoscaling grows the fleet to 10 servers and nobody re-plans the shares. What happens to the limit?";
    Quiz4Right "quiz.4.right" "It grows: the six new servers bring shares of their own, 26 in all";
    Quiz4RightWhy "quiz.4.right.why" "Every server still allows its planned share of 3 or 2, and ten of them add up to 26, far past the 10 intended." later;
    Quiz4Wrong1 "quiz.4.wrong1" "It stays at 10: the shares were planned for 10";
    Quiz4Wrong1Why "quiz.4.wrong1.why" "The shares were planned for four servers. The new ones repeat them, so the total follows the number of servers." later;
    Quiz4Wrong2 "quiz.4.wrong2" "It drops, because each server now gets less traffic";
    Quiz4Wrong2Why "quiz.4.wrong2.why" "Less traffic per server means each is further from its own share, so more gets through overall, not less." later;
    Quiz4Show "quiz.4.show" "÷ N planned for 4, running on 10" later;
    Quiz5Prompt "quiz.5.prompt" "The load balancer is switched to sticky sessions, so each user always reaches the same server. Is the limit fixed?";
    Quiz5Right "quiz.5.right" "Only until something moves the user: a deploy, a scale-in or a crash";
    Quiz5RightWhy "quiz.5.right.why" "While the user stays put one counter sees everything; when a deploy moves them, the next server starts from zero and the user gets the limit again." later;
    Quiz5Wrong1 "quiz.5.wrong1" "Yes, for good: one server sees all of the user's requests";
    Quiz5Wrong1Why "quiz.5.wrong1.why" "Servers come and go. Every deploy, scaling event or failover moves users, and every move hands them a fresh count." later;
    Quiz5Wrong2 "quiz.5.wrong2" "No, sticky sessions make no difference at all";
    Quiz5Wrong2Why "quiz.5.wrong2.why" "They do help while the user stays on one server: local counters are then exact. The trouble starts when the user moves." later;
    Quiz5Show "quiz.5.show" "sticky, with a deploy at 20 ms" later;
    Quiz6Prompt "quiz.6.prompt" "The Gatepass limiter reads the count with GET, compares it, then writes count + 1 with SET. Under a burst, 24 of 40 requests got through a limit of 10. What fixes it?";
    Quiz6Right "quiz.6.right" "Make check-and-increment one atomic step: INCR, or a Lua script";
    Quiz6RightWhy "quiz.6.right.why" "INCR adds and returns the new count in one step, and a script runs start to finish without interruption: no two requests can see the same count." later;
    Quiz6Wrong1 "quiz.6.wrong1" "Add Redis replicas so reads are faster";
    Quiz6Wrong1Why "quiz.6.wrong1.why" "Replicas spread reads; they do not make GET and SET one step. Reads from a replica can even be staler, which widens the race." later;
    Quiz6Wrong2 "quiz.6.wrong2" "Retry the SET if it fails";
    Quiz6Wrong2Why "quiz.6.wrong2.why" "The SET does not fail: it succeeds with a stale value. Retrying changes nothing." later;
    Quiz6Show "quiz.6.show" "GET then SET at 2 ms" later;
    Quiz7Prompt "quiz.7.prompt" "Under GET then SET, what does a slower round trip to Redis do?";
    Quiz7Right "quiz.7.right" "More requests get through: the gap between GET and SET is wider";
    Quiz7RightWhy "quiz.7.right.why" "Every request that reads during another's gap sees a count that is missing that request. A wider gap catches more of them." later;
    Quiz7Wrong1 "quiz.7.wrong1" "Fewer get through, because each request takes longer";
    Quiz7Wrong1Why "quiz.7.wrong1.why" "Each request does take longer, but the burst arrives just the same; the longer wait only gives more requests time to read the same old count." later;
    Quiz7Wrong2 "quiz.7.wrong2" "Nothing changes: Redis runs commands one at a time";
    Quiz7Wrong2Why "quiz.7.wrong2.why" "Redis does run them one at a time, but GET and SET are two separate commands, and anything can run between them." later;
    Quiz7Show "quiz.7.show" "GET then SET at a 10 ms round trip" later;
    Quiz8Prompt "quiz.8.prompt" "After a burst under GET then SET, 24 requests were allowed but the Redis counter says 10. Where did the other 14 go?";
    Quiz8Right "quiz.8.right" "Lost updates: several SETs wrote the same value";
    Quiz8RightWhy "quiz.8.right.why" "Each SET writes what its server read, plus one. Two requests that read 7 both write 8, so two allowed requests add one to the count." later;
    Quiz8Wrong1 "quiz.8.wrong1" "They expired with the window";
    Quiz8Wrong1Why "quiz.8.wrong1.why" "The window is longer than the burst; nothing expired. The count was simply never raised for them." later;
    Quiz8Wrong2 "quiz.8.wrong2" "Redis dropped the writes under load";
    Quiz8Wrong2Why "quiz.8.wrong2.why" "Redis ran every SET. They just wrote values that were already there." later;
    Quiz8Show "quiz.8.show" "GET then SET at 5 ms" later;
    Quiz9Prompt "quiz.9.prompt" "A shared counter in Redis fixes the leak. What new risk does it add?";
    Quiz9Right "quiz.9.right" "Every request now depends on Redis: when it is slow or down, the limiter must fail open or closed";
    Quiz9RightWhy "quiz.9.right.why" "The limit now needs a round trip per request and a healthy Redis. Put a short timeout on the call and decide in advance what a missing answer means." later;
    Quiz9Wrong1 "quiz.9.wrong1" "Counters can overflow";
    Quiz9Wrong1Why "quiz.9.wrong1.why" "A 64-bit counter will not overflow in any window you would set, and the key expires with its window anyway." later;
    Quiz9Wrong2 "quiz.9.wrong2" "Users can read each other's counters";
    Quiz9Wrong2Why "quiz.9.wrong2.why" "Counters are keyed by user and only the servers talk to Redis; the user never sees the key." later;
    Quiz9Show "quiz.9.show" "INCR with Redis down, failing open" later;
    Quiz10Prompt "quiz.10.prompt" "Redis is down. Your limiter guards the endpoint that sends one-time login codes by text message. What should it do?";
    Quiz10Right "quiz.10.right" "Fail closed: refuse until the counter is back";
    Quiz10RightWhy "quiz.10.right.why" "Each code costs money, and an attacker would love an unmetered sender, so refusing is the safer failure here." later;
    Quiz10Wrong1 "quiz.10.wrong1" "Fail open: allow everything until Redis returns";
    Quiz10Wrong1Why "quiz.10.wrong1.why" "Fail open is the usual choice for a general API limit, where staying up matters most, but here it hands abusers an unlimited sender." later;
    Quiz10Wrong2 "quiz.10.wrong2" "Wait for Redis without a timeout";
    Quiz10Wrong2Why "quiz.10.wrong2.why" "Without a timeout every request hangs on a dead dependency. Put a short timeout on the call, then fail open or closed on purpose." later;
    Quiz10Show "quiz.10.show" "INCR with Redis down, failing closed" later;
    Quiz11Prompt "quiz.11.prompt" "A general API limit of 1,000 requests a minute puts heavy load on Redis. What is usually good enough?";
    Quiz11Right "quiz.11.right" "Count locally and sync to Redis every few hundred milliseconds";
    Quiz11RightWhy "quiz.11.right.why" "Redis load drops by orders of magnitude, and the limit overshoots by about one sync interval of traffic, which a general API can live with." later;
    Quiz11Wrong1 "quiz.11.wrong1" "Switch back to local counters only";
    Quiz11Wrong1Why "quiz.11.wrong1.why" "That brings back the N-times leak and the limit that grows with autoscaling; batching keeps a shared view at a fraction of the cost." later;
    Quiz11Wrong2 "quiz.11.wrong2" "Make every check an atomic Lua script";
    Quiz11Wrong2Why "quiz.11.wrong2.why" "Atomic checks are exact, but they still cost one Redis operation per request: the load this question is trying to reduce." later;
    Quiz11Show "quiz.11.show" "local + sync every 5 ms" later;
    Quiz12Prompt "quiz.12.prompt" "A token bucket of 100 a minute lets 101 requests through during one second. Is the limit broken?";
    Quiz12Right "quiz.12.right" "No: a token refilled during that second, which the bucket is designed to allow";
    Quiz12RightWhy "quiz.12.right.why" "The bucket refills 100 tokens a minute, one every 0.6 s. One more token arrives during a one-second burst, and spending it is the bucket working as designed." later;
    Quiz12Wrong1 "quiz.12.wrong1" "Yes: two requests raced on the same token";
    Quiz12Wrong1Why "quiz.12.wrong1.why" "The script runs atomically inside Redis, so no two requests can take the same token." later;
    Quiz12Wrong2 "quiz.12.wrong2" "Yes: the script should have used GET and SET";
    Quiz12Wrong2Why "quiz.12.wrong2.why" "That would bring back the race. The script is one atomic step, which is the point." later;
    Quiz12Show "quiz.12.show" "the Lua bucket, 100 per minute" later;
    Quiz13Prompt "quiz.13.prompt" "A limit is enforced at the API gateway, in front of the load balancer. When is that exact?";
    Quiz13Right "quiz.13.right" "When one gateway sees all of a user's traffic";
    Quiz13RightWhy "quiz.13.right.why" "One counter that sees every request is the user's count. With many gateways or CDN locations, each counts only its own share." later;
    Quiz13Wrong1 "quiz.13.wrong1" "Always: gateways share their counts automatically";
    Quiz13Wrong1Why "quiz.13.wrong1.why" "Most gateways count in their own memory unless configured with a shared store, and CDNs count per location." later;
    Quiz13Wrong2 "quiz.13.wrong2" "Never: gateways cannot count requests";
    Quiz13Wrong2Why "quiz.13.wrong2.why" "Counting is exactly what an edge limit does; the question is only how many counters there are." later;
    Quiz13Show "quiz.13.show" "a limit at the edge" later;
    Quiz14Prompt "quiz.14.prompt" "Counters are sharded across several Redis nodes. How should keys be placed?";
    Quiz14Right "quiz.14.right" "By user, so one user's counter lives on one node";
    Quiz14RightWhy "quiz.14.right.why" "Each check stays a single atomic command on a single node, and the load spreads across users." later;
    Quiz14Wrong1 "quiz.14.wrong1" "Round-robin, each request to the next node";
    Quiz14Wrong1Why "quiz.14.wrong1.why" "Then one user's count is split over several nodes, and you are back to several counters that each see a slice." later;
    Quiz14Wrong2 "quiz.14.wrong2" "Every node keeps a copy of every counter";
    Quiz14Wrong2Why "quiz.14.wrong2.why" "Copies must be kept in step, which brings back the race between reading and writing that atomic commands avoid." later;
    Quiz15Prompt "quiz.15.prompt" "A partner's contract says at most 10 requests in any one second. A fixed window of 10 a second let 20 through in 40 ms, across a window's edge. Which way of keeping the count keeps the contract?";
    Quiz15Right "quiz.15.right" "A sliding log: the time of every allowed request, counted over the second before each one";
    Quiz15RightWhy "quiz.15.right.why" "Each request counts the allowed times of the second before it, wherever a window's edge falls, so no second ever holds more than 10. The price: up to 10 timestamps a user." later;
    Quiz15Wrong1 "quiz.15.wrong1" "A fixed window, with a shorter window and a smaller limit";
    Quiz15Wrong1Why "quiz.15.wrong1.why" "Each window's count still starts from zero at its edge: a burst across an edge gets the limit on each side, however short the window." later;
    Quiz15Wrong2 "quiz.15.wrong2" "A sliding counter: this window's count plus the last one's, weighted";
    Quiz15Wrong2Why "quiz.15.wrong2.why" "Two integers only estimate the last second, as if the last window's requests were spread evenly. Across the edge it lets 11 through: close, not the contract." later;
    Quiz15Show "quiz.15.show" "the sliding log, with a window's edge at 20 ms" later;
    Quiz16Prompt "quiz.16.prompt" "A limit of 1,000 requests an hour for each of ten million users is kept in Redis. Which way of keeping the count uses little memory per user and stays close to the limit when a burst crosses a window's edge?";
    Quiz16Right "quiz.16.right" "A sliding counter: two integers a user";
    Quiz16RightWhy "quiz.16.right.why" "This window's count and the last one's, the last weighted by how much of it is still in the past hour, estimate the past hour within a little of the true count, in two integers a user." later;
    Quiz16Wrong1 "quiz.16.wrong1" "A sliding log, which is exact in any hour";
    Quiz16Wrong1Why "quiz.16.wrong1.why" "Exact, but it keeps a timestamp per allowed request: up to 1,000 a user, ten billion in all, where a counter keeps two integers." later;
    Quiz16Wrong2 "quiz.16.wrong2" "A fixed window: one integer a user, just as close";
    Quiz16Wrong2Why "quiz.16.wrong2.why" "One integer is the least memory, but not close: each window starts from zero at its edge, so a burst across it gets up to twice the limit." later;
    Quiz16Show "quiz.16.show" "the sliding counter, with a window's edge at 20 ms" later;
    Quiz17Prompt "quiz.17.prompt" "At 10 a second, an app may send 10 at once after a quiet spell, then should get one more every 100 ms, not ten more in a lump later. Which way of keeping the count does that?";
    Quiz17Right "quiz.17.right" "A token bucket: it holds up to the limit and refills at the rate";
    Quiz17RightWhy "quiz.17.right.why" "A full bucket lets a burst of the limit through at once, then only what refills: at 10 a second, a token every 100 ms. So a quiet app may send 10 at once, and a steady stream gets 10 a second." later;
    Quiz17Wrong1 "quiz.17.wrong1" "A sliding log: it lets the burst through too";
    Quiz17Wrong1Why "quiz.17.wrong1.why" "It does, but then nothing trickles back: after a burst of 10 the app waits until the first request is a second old, then gets them back as they age out, in a burst again." later;
    Quiz17Wrong2 "quiz.17.wrong2" "A fixed window: the limit at once, every window";
    Quiz17Wrong2Why "quiz.17.wrong2.why" "It gives the whole limit back all at once at each edge, so a burst just before an edge and another just after get twice the limit, far above the rate." later;
    Quiz17Show "quiz.17.show" "the token bucket, 40 requests over one second" later;
    // The guided lesson.
    TourOffer "tour.offer" "New here? Take the guided lesson.";
    TourStart "tour.start" "Start the lesson: {n} steps, about {min} min";
    TourStartOne "tour.start_one" "Start the lesson: 1 step, about {min} min";
    TourProgress "tour.progress" "Step {k} of {n}" later;
    TourGoalLabel "tour.goal" "Goal:" later;
    TourMet "tour.met" "Done." later;
    TourPart "tour.part" "Part {k} of {n} done. Now the next." later;
    TourHint "tour.hint" "Hint" later;
    TourBack "tour.back" "Back" later;
    TourNext "tour.next" "Next" later;
    TourFinish "tour.finish" "Finish" later;
    TourExit "tour.exit" "Exit";
    TourAll "tour.all" "Show all" later;
    TourRecapTitle "tour.recap.title" "What the lesson showed" later;
    TourRecapMet "tour.recap.met" "You met {met} of {n} goals." later;
    TourRecap1 "tour.recap.1" "A count kept in a server's memory sees only the requests that server is sent: N servers let up to N × the limit through, and a sticky session's user who is moved gets a fresh count." later;
    TourRecap2 "tour.recap.2" "GET, then SET leaves a gap: every request that reads the count before the first write passes, and their updates are lost." later;
    TourRecap3 "tour.recap.3" "One atomic step in Redis (INCR) holds the limit exactly, for a round trip on every request; syncing every few milliseconds costs far fewer calls, and lets about one interval's worth of traffic too many through." later;
    TourRecap5 "tour.recap.5" "A fixed window's count starts from zero at each edge, so a burst across an edge can get twice the limit; a sliding log holds the limit in any window, for a timestamp a request, and a bucket allows a burst of the limit, then only its refill." later;
    TourRecap4 "tour.recap.4" "When Redis does not answer, fail closed refuses every request and fail open lets every one through; a limit at the edge is exact only while one gateway sees all of a user's traffic." later;
    TourRecapQuiz "tour.recap.quiz" "Check yourself in the quiz" later;
    TourAgain "tour.again" "Start again" later;
    TourClose "tour.close" "Close" later;
    TourLoading "tour.loading" "Loading the lesson…";
    TourNotLoaded "tour.not_loaded" "The lesson could not be loaded. Check the connection, then start the lesson again.";
    NoticeTour "notice.tour" "tour={given} is not a step from 1 to {n}, so step {k} is shown.";
    NoticeTourBad "notice.tour_bad" "tour=“{given}” is not a step number, so the lesson is not opened.";
    NoticeTourStep "notice.tour_step" "Lesson step {n} of the content file is left out: its “{name}” is missing, unknown or not one the widget can use." later;
    NoticeTourSteps "notice.tour_steps" "{count} lesson steps of the content file are left out ({list}): in each, a field is missing, unknown or not one the widget can use." later;
    Tour1Title "tour.1.title" "One server" later;
    Tour1Text "tour.1.text" "One server keeps the user's count in its memory. The limit is 10 a second; the user sends 40 at once." later;
    Tour1Goal "tour.1.goal" "Watch the burst to its end." later;
    Tour1Hint "tour.1.hint" "If the burst is not playing, press Play and let it run to the end, or press Step until the last request is answered." later;
    Tour1Done "tour.1.done" "One server sees every request, so its count is the user's: 10 allowed, 30 refused. In the picture “S1 10/10 ✗30” is its count against the limit and its refusals, and “User 10/10” what got through against the limit." later;
    Tour2Title "tour.2.title" "Add servers" later;
    Tour2Text "tour.2.text" "Behind a load balancer, each server counts only the requests it is sent. Sticky sessions send all of one user's requests to the same server, until something moves the user." later;
    Tour2Goal "tour.2.goal" "Add servers until more than 20 get through (2 × the limit); then choose sticky sessions; then move the user mid-burst until more than 10 do." later;
    Tour2Hint "tour.2.hint" "Drag the API servers slider right. Then, under “Load balancer”, choose “sticky”, and drag “A deploy moves the user at” left, into the burst." later;
    Tour2Done "tour.2.done" "Each server allows up to 10 on its own: N servers let up to N × 10 through, and “User” counts past 10. Sticky sessions make one server's count the user's until a deploy, a scale-in or a crash moves the user: the next server starts from zero, so 10 more get through." later;
    Tour3Title "tour.3.title" "Split the limit" later;
    Tour3Text "tour.3.text" "Now each server allows only its share, the limit ÷ N. “A regular user” in the totals is another user, not drawn, who sends exactly 10: on one server, all 10 get through." later;
    Tour3Goal "tour.3.goal" "Add servers, or try new bursts, until a user sending exactly 10 is refused some; then count at the edge instead." later;
    Tour3Hint "tour.3.hint" "Watch “A regular user” in the totals as you add servers. Then choose the “At the edge” tab." later;
    Tour3Done "tour.3.done" "A load balancer does not spread one user's short burst evenly: one share runs out while another sits unused, and more get through when autoscaling adds servers the shares were not planned for. A limit at the edge, one gateway in front of the load balancer, counts every request: 10 for both users, exact while one gateway sees all of a user's traffic (several gateways each count their own)." later;
    Tour4Title "tour.4.title" "One counter in Redis: GET, then SET" later;
    Tour4Text "tour.4.text" "Every server reads the shared count with GET and writes it back one higher with SET. Guess first, then watch: the picture tells the first race." later;
    Tour4Goal "tour.4.goal" "Drag the round trip up until at least 20 get through (2 × the limit)." later;
    Tour4Hint "tour.4.hint" "Use the Redis round trip slider; a few milliseconds is enough." later;
    Tour4Done "tour.4.done" "Between a GET and its SET, others read the same old count. The longer the round trip, the wider the gap, and updates are lost." later;
    Tour5Title "tour.5.title" "Make it atomic" later;
    Tour5Text "tour.5.text" "INCR adds one and returns the new count in one step, inside Redis." later;
    Tour5Goal "tour.5.goal" "Try to break it: 12+ servers, a 10+ ms round trip, and still exactly 10 through." later;
    Tour5Hint "tour.5.hint" "Move both sliders: API servers to 12 or more, the round trip to 10 ms or more." later;
    Tour5Done "tour.5.done" "Redis runs one command at a time, and INCR is one command: no other request can read the count between its read and its write. The price: a round trip on every request. “count 40” counts every INCR, refused ones too." later;
    Tour6Title "tour.6.title" "The window's edge" later;
    Tour6Text "tour.6.text" "The Lua script now keeps a fixed window, as INCR does: one count per window, from zero when a new window starts. So far the whole burst fell in one window." later;
    Tour6Goal "tour.6.goal" "Move the window's edge into the burst until at least 15 get through (1.5 × the limit); then change how the count is kept until at most 10 do, the edge still inside." later;
    Tour6Hint "tour.6.hint" "Drag the “Window edge at” slider left to about 20 ms, the middle of the burst. Then, under “How each user's count is kept”, choose sliding log or token bucket." later;
    Tour6Done "tour.6.done" "Each window's key starts from zero at its edge, so a burst across it gets 10 on each side: 20 in far less than a second, as INCR and its EXPIRE would let through. A sliding log counts the last second from each request, wherever the edge falls; a bucket refills at 10 a second, not all at once at the edge: 10 either way. A sliding counter only estimates the last second: one more here." later;
    Tour7Title "tour.7.title" "When Redis is down" later;
    Tour7Text "tour.7.text" "Redis has stopped answering, so each server decides alone after its timeout. This endpoint sends one-time login codes." later;
    Tour7Goal "tour.7.goal" "Choose what the servers should do when Redis does not answer." later;
    Tour7Hint "tour.7.hint" "Under “When Redis does not answer in time”, choose fail open or fail closed." later;
    Tour7Done "tour.7.done" "Fail closed: no code goes out while Redis is down, though real requests are refused too (counted below). Better a short outage than unlimited guesses." later;
    Tour7Not "tour.7.not" "Fail open lets every request through while Redis is down: unlimited login codes. Fine for a product page, not here." later;
    Tour8Title "tour.8.title" "Cheaper and approximate" later;
    Tour8Text "tour.8.text" "Each server decides from its memory and adds its counts to Redis once per sync interval. “S1 14+0/10” is the total Redis gave at the last sync + its own count since, against the limit." later;
    Tour8Goal "tour.8.goal" "Find a sync interval at which at most 15 get through (1.5 × the limit)." later;
    Tour8Hint "tour.8.hint" "Drag the sync interval slider left, towards a few milliseconds." later;
    Tour8Done "tour.8.done" "The overshoot is about one interval's worth of traffic, for far fewer Redis calls than one per request." later;
}

impl Text {
    /// The key's name as content files write it.
    pub fn key(self) -> &'static str {
        KEYS[self as usize]
    }

    /// The key named `name`, found while compiling: used in a constant, a
    /// name that is no key does not compile (see [`super::strategy`]).
    pub const fn named(name: &str) -> Text {
        let mut i = 0;
        while i < KEYS.len() {
            if same(KEYS[i].as_bytes(), name.as_bytes()) {
                return ALL[i];
            }
            i += 1;
        }
        panic!("no text has this key");
    }

    /// The key named `name`, if there is one. In the browser, only once
    /// [`load_keys`] has read the names.
    pub fn from_key(name: &str) -> Option<Text> {
        #[cfg(not(all(target_arch = "wasm32", feature = "later")))]
        let i = KEY_LIST.split('\n').position(|k| k == name)?;
        #[cfg(all(target_arch = "wasm32", feature = "later"))]
        let i = NAMES.get()?.iter().position(|k| k == name)?;
        ALL.get(i).copied()
    }

    /// The key's built-in English (`ENGLISH[t as usize]`); in the browser,
    /// a key marked `later` reads "" until [`load_later`] has run.
    pub fn english(self) -> &'static str {
        let i = self as usize;
        if LATER[i] && cfg!(all(target_arch = "wasm32", feature = "later")) {
            return LOADED
                .get()
                .and_then(|l| l.get(i))
                .map_or("", String::as_str);
        }
        let start = if i == 0 { 0 } else { EN_END[i - 1] };
        EN_LIST
            .get(start as usize..EN_END[i] as usize)
            .unwrap_or("")
    }

    /// Whether the key's English is read later, from `later.json`.
    pub fn later(self) -> bool {
        LATER[self as usize]
    }
}

/// What `later.json` gave: the English of the keys marked `later`, in
/// [`Text`]'s order ("" for the others).
static LOADED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();

/// What `keys.json` gave: every key's name, in [`Text`]'s order.
#[cfg(all(target_arch = "wasm32", feature = "later"))]
static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();

/// The key names' fingerprint (FNV-1a over the names, each ended by a
/// newline): `later.json` carries it, so a file from another build, whose
/// sentences would fall on other keys, is refused; `keys.json` must hash
/// to it.
pub const NAMES_PRINT: u32 = {
    let mut h = FNV_START;
    let mut i = 0;
    while i < KEYS.len() {
        h = fnv(h, KEYS[i].as_bytes());
        i += 1;
    }
    h
};
const FNV_START: u32 = 0x811c_9dc5;

/// FNV-1a of `bytes` and a newline, from `h`.
const fn fnv(mut h: u32, bytes: &[u8]) -> u32 {
    let mut i = 0;
    while i <= bytes.len() {
        let b = if i < bytes.len() { bytes[i] } else { b'\n' };
        h = (h ^ b as u32).wrapping_mul(0x0100_0193);
        i += 1;
    }
    h
}

/// Whether the English of the keys marked `later` is here: always
/// natively, in the browser once [`load_later`] has read `later.json`.
pub fn later_ready() -> bool {
    !cfg!(all(target_arch = "wasm32", feature = "later")) || LOADED.get().is_some()
}

/// Whether the key names are here: always natively, in the browser once
/// [`load_keys`] has read `keys.json` (only a content file names keys).
pub fn keys_ready() -> bool {
    #[cfg(all(target_arch = "wasm32", feature = "later"))]
    return NAMES.get().is_some();
    #[cfg(not(all(target_arch = "wasm32", feature = "later")))]
    true
}

/// Reads `later.json`: `names`, the fingerprint of the key names it was
/// written for ([`NAMES_PRINT`]), and `english`, the sentences of the keys
/// marked `later`, in [`Text`]'s order ([`later_english`]). False, and
/// nothing kept, if it was written for other names, or a sentence is
/// missing or empty.
pub fn load_later(names: u32, english: Vec<String>) -> bool {
    let wanted = ALL.iter().filter(|t| t.later()).count();
    if names != NAMES_PRINT
        || english.len() != wanted
        || english.iter().any(|s| s.trim().is_empty())
    {
        return false;
    }
    let mut said = english.into_iter();
    let all = ALL
        .iter()
        .map(|t| match t.later() {
            true => said.next().unwrap_or_default(),
            false => String::new(),
        })
        .collect();
    let _ = LOADED.set(all);
    true
}

/// Reads `keys.json`: every key's name, in [`Text`]'s order. False, and
/// nothing kept, unless they are this build's names ([`NAMES_PRINT`]).
pub fn load_keys(keys: Vec<String>) -> bool {
    let print = keys.iter().fold(FNV_START, |h, k| fnv(h, k.as_bytes()));
    if keys.len() != ALL.len() || print != NAMES_PRINT {
        return false;
    }
    #[cfg(all(target_arch = "wasm32", feature = "later"))]
    let _ = NAMES.set(keys);
    true
}

/// The keys marked `later` and their English (natively: what `later.json`
/// holds, which a test keeps equal to `public/later.json`).
pub fn later_english() -> Vec<(&'static str, &'static str)> {
    ALL.iter()
        .filter(|t| t.later())
        .map(|t| (t.key(), ENGLISH[*t as usize]))
        .collect()
}

/// Whether two byte strings are equal, in a constant.
const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The names of the placeholders in a sentence, in order (`{n}` gives `n`).
pub fn placeholders(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close)
                if after[..close]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_') =>
            {
                out.push(&after[..close]);
                rest = &after[close + 1..];
            }
            _ => rest = after,
        }
    }
    out
}

/// The widget's sentences: the built-in English, with any replacements a
/// content file gave.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Texts {
    replaced: Vec<(Text, String)>,
}

impl Texts {
    /// The built-in English.
    pub fn english() -> Texts {
        Texts::default()
    }

    /// English with `replaced` sentences instead (each already checked).
    pub fn with(replaced: Vec<(Text, String)>) -> Texts {
        Texts { replaced }
    }

    /// The sentence for `t`.
    pub fn get(&self, t: Text) -> &str {
        self.replaced
            .iter()
            .rev()
            .find(|(k, _)| *k == t)
            .map_or(t.english(), |(_, s)| s.as_str())
    }

    /// The sentence for `t` with its placeholders filled: `{name}` becomes
    /// the value given for `name`; unknown placeholders stay as written.
    pub fn fill(&self, t: Text, args: &[(&str, &str)]) -> String {
        fill(self.get(t), args)
    }

    /// A number as the widget writes it ("50,000", "2.5") in this text's
    /// style: its thousands separator and decimal mark.
    pub fn num(&self, s: &str) -> String {
        let (th, de) = (self.get(Text::Thousands), self.get(Text::Decimal));
        if th == "," && de == "." {
            return s.to_string();
        }
        s.chars()
            .map(|c| match c {
                ',' => th.to_string(),
                '.' => de.to_string(),
                c => c.to_string(),
            })
            .collect()
    }

    /// "1 request" or "3 requests": `one` for exactly one, else `many`,
    /// with `{n}` filled.
    pub fn count(&self, n: u64, one: Text, many: Text) -> String {
        let n_text = n.to_string();
        self.fill(if n == 1 { one } else { many }, &[("n", &n_text)])
    }
}

/// Fills `{name}` placeholders in `template`.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            args.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (close, *v))
        });
        match value {
            Some((close, v)) => {
                out.push_str(v);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}
