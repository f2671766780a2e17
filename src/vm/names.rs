//! The contract between the markup and the view: every name the markup
//! ([`super::skeleton`]) writes for the view to find (`data-slot`,
//! `data-act`, `data-testid`, and the classes the binders look up), the
//! test hooks only the tests and a host page look up ([`Mark`]), the
//! names of the `data-*` attributes themselves ([`Data`]: `data-knob`,
//! `data-value`, `data-part`…, which no other file spells), and the block
//! of the markup each one sits in. The markup writes these names
//! with [`Slot::attr`] and the others, or as literals with the macros
//! each enum gives (`slot!(Tour)`, `mark!(Reroll)`, inside `concat!`), the
//! binders in `ui` look them up with the same enums, and
//! `tests/it/vm_names.rs` renders the markup for every strategy and
//! shaping and checks that each name is there whenever its block is (and
//! that no file of `src/vm` spells one as a literal). In a debug build the
//! view checks the same at mount and says on the console what is missing.

use super::page::{Page, Section};

/// Declares an enum of names, each with the block of the markup it sits
/// in, the CSS selector that finds it and the attribute that writes it;
/// `ALL`, `as_str`, `parse`, `selector`, `attr` and `block`; and a macro
/// of the same attributes as literals (`hook!(Quiz)` is
/// ` data-testid="quiz"`), for a template to take in with `concat!`, so
/// the name costs no bytes beyond the template's own.
macro_rules! names {
    ($(#[$m:meta])* $ty:ident $mac:ident [$sel:literal, $end:literal, $attr:literal] { $($(#[$vm:meta])* $v:ident = $s:literal in $b:ident,)* }) => {
        /// The name as a literal attribute, for `concat!`.
        #[allow(unused_macros)]
        macro_rules! $mac {
            $(($v) => { concat!($attr, $s, "\"") };)*
        }
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $ty { $($(#[$vm])* $v,)* }
        impl $ty {
            /// Every name, in page order.
            pub const ALL: &'static [$ty] = &[$($ty::$v,)*];
            /// The name as the markup writes it.
            pub const fn as_str(self) -> &'static str {
                match self { $($ty::$v => $s,)* }
            }
            /// The name written `s`.
            pub fn parse(s: &str) -> Option<$ty> {
                Self::ALL.iter().copied().find(|n| n.as_str() == s)
            }
            /// The CSS selector that finds the name's element.
            pub const fn selector(self) -> &'static str {
                match self { $($ty::$v => concat!($sel, $s, $end),)* }
            }
            /// The name as an attribute of the markup (` data-slot="…"`),
            /// written from [`Self::as_str`] (no second table of every
            /// name in the wasm).
            pub const fn attr(self) -> $crate::vm::html::Attr {
                $crate::vm::html::Attr($attr, self.as_str())
            }
            /// The block of the markup the name sits in.
            pub const fn block(self) -> Block {
                match self { $($ty::$v => Block::$b,)* }
            }
        }
    };
}

names!(
    /// A place the view fills (`data-slot`).
    Slot slot ["[data-slot=\"", "\"]", " data-slot=\""] {
        TabName = "tab-name" in Always,
        Summary = "summary" in Summary,
        PictureCaption = "picture-caption" in Picture,
        PictureKey = "picture-key" in Picture,
        Predict = "predict" in Picture,
        PredictAsk = "predict-ask" in Picture,
        PredictResult = "predict-result" in Picture,
        Narration = "narration" in Picture,
        TourOffer = "tour-offer" in Offer,
        Tour = "tour" in Lesson,
        TourDone = "tour-done" in TourPanel,
        TourHintText = "tour-hint-text" in TourPanel,
        Totals = "totals" in Totals,
        Seed = "seed" in Controls,
        RttMini = "rtt-mini" in Controls,
        Cards = "cards" in Cards,
        Code = "code" in Code,
        CodeAt = "code-at" in Code,
        CodeNote = "code-note" in Code,
        LimitLine = "limit-line" in Setup,
        Stats = "stats" in Details,
        Down = "down" in Details,
        RedisSettings = "redis-settings" in Details,
        Traffic = "traffic" in Details,
        Cost = "cost" in Details,
        Redis = "redis" in Redis,
        Timeline = "timeline" in Timeline,
        TlCaption = "tl-caption" in Timeline,
        TlKey = "tl-key" in Timeline,
        Log = "log" in Log,
        LogEmpty = "log-empty" in Log,
        Charts = "charts" in Charts,
        ChartNote = "chart-note" in Charts,
        ChartWorking = "chart-working" in Charts,
        ChartReadout = "chart-readout" in Charts,
        Explain1 = "explain-1" in Explanation,
        Explain2 = "explain-2" in Explanation,
        Explain3 = "explain-3" in Explanation,
        Announcer = "announcer" in Always,
        QuizScore = "quiz-score" in Quiz,
    }
);

names!(
    /// What a button does when pressed (`data-act`), read by the one click
    /// handler.
    Act act ["[data-act=\"", "\"]", " data-act=\""] {
        Dismiss = "dismiss" in Notices,
        Tab = "tab" in Tabs,
        Play = "play" in Picture,
        Back = "back" in Picture,
        Step = "step" in Picture,
        Predict = "predict" in Picture,
        PredictCancel = "predict-cancel" in Picture,
        Reroll = "reroll" in Controls,
        Reset = "reset" in Controls,
        Preset = "preset" in Setup,
        LogAll = "log-all" in Log,
        QuizPick = "quiz-pick" in Quiz,
        QuizShow = "quiz-show" in Quiz,
        QuizReset = "quiz-reset" in Quiz,
        ShowMe = "show-me" in Offered,
        TourStart = "tour-start" in Offer,
        TourHint = "tour-hint" in TourPanel,
        TourBack = "tour-back" in TourPanel,
        TourNext = "tour-next" in TourPanel,
        TourExit = "tour-exit" in TourPanel,
        TourAll = "tour-all" in TourPanel,
        TourQuiz = "tour-quiz" in TourRecap,
        TourClose = "tour-close" in TourRecap,
        CopyLink = "copy-link" in Footer,
        CopyEmbed = "copy-embed" in Footer,
    }
);

names!(
    /// A test hook the view also finds its element by (`data-testid`).
    Hook hook ["[data-testid=\"", "\"]", " data-testid=\""] {
        Notice = "notice" in Always,
        Topology = "topology" in Picture,
        /// The strip of fixed windows under the picture (shown with an edge).
        Windows = "windows" in Picture,
        Play = "play" in Picture,
        Time = "time" in Picture,
        Speed = "speed" in Picture,
        PredictStart = "predict-start" in Picture,
        PredictGuess = "predict-guess" in Picture,
        QuizQuestion = "quiz-question" in Quiz,
        CopyStatus = "copy-status" in Footer,
        QuizFeedback = "quiz-feedback" in Quiz,
        TourStart = "tour-start" in Offer,
        TourGoal = "tour-goal" in TourPanel,
        TourRecap = "tour-recap" in TourRecap,
        ServerCard = "server-card" in Card,
        ChartServers = "chart-servers" in Chart,
        ChartRtt = "chart-rtt" in Chart,
        RttMini = "rtt-mini" in Chart,
        /// The gateway's refusals on the picture (edge only).
        EdgeRefused = "edge-refused" in Edge,
    }
);

names!(
    /// A test hook only (`data-testid`): the browser tests and a course
    /// author's page find these elements; the view finds them another way,
    /// or not at all. Apart from [`Hook`] so that its tables, which only
    /// the checks read, cost the shipped bundle nothing.
    Mark mark ["[data-testid=\"", "\"]", " data-testid=\""] {
        Announcer = "announcer" in Always,
        Narration = "narration" in Picture,
        StepBack = "step-back" in Picture,
        Step = "step" in Picture,
        PredictGo = "predict-go" in Picture,
        PredictCancel = "predict-cancel" in Picture,
        PredictResult = "predict-result" in Picture,
        Reroll = "reroll" in Controls,
        Reset = "reset" in Controls,
        Algo = "algo" in Setup,
        RedisDown = "redis-down" in Details,
        Traffic = "traffic" in Details,
        Code = "code" in Code,
        CodeAt = "code-at" in Code,
        CodeNote = "code-note" in Code,
        RedisLog = "redis-log" in Log,
        LogAll = "log-all" in Log,
        ChartReadout = "chart-readout" in Charts,
        Quiz = "quiz" in Quiz,
        QuizScore = "quiz-score" in Quiz,
        QuizReset = "quiz-reset" in Quiz,
        QuizShow = "quiz-show" in Quiz,
        ShowMe = "show-me" in Offered,
        CopyLink = "copy-link" in Footer,
        CopyEmbed = "copy-embed" in Footer,
        ProofLink = "proof-link" in Footer,
        Glossary = "glossary" in Glossary,
        Verdict = "verdict" in Totals,
        AllowedTotal = "allowed-total" in Totals,
        Limit = "limit" in Totals,
        RegularUser = "regular-user" in Totals,
        Over = "over" in Figures,
        RefusedUnderLimit = "refused-under-limit" in Figures,
        WronglyRefused = "wrongly-refused" in Figures,
        GatewayRefused = "gateway-refused" in Figures,
        FinalCounter = "final-counter" in Figures,
        LatencyMedian = "latency-median" in Figures,
        RedisCallsPerRequest = "redis-calls-per-request" in Figures,
        RedisCalls = "redis-calls" in Figures,
        RedisOpsPerSecond = "redis-ops-per-second" in Figures,
        KeptPerUser = "kept-per-user" in Figures,
        RedisNodes = "redis-nodes" in Figures,
        Tour = "tour" in TourPanel,
        TourStep = "tour-step" in TourPanel,
        TourProgress = "tour-progress" in TourPanel,
        TourHint = "tour-hint" in TourPanel,
        TourBack = "tour-back" in TourPanel,
        TourNext = "tour-next" in TourPanel,
        TourExit = "tour-exit" in TourPanel,
        TourAll = "tour-all" in TourPanel,
        TourWaiting = "tour-waiting" in TourWaiting,
        TourLoading = "tour-loading" in TourWaiting,
    }
);

impl Hook {
    /// The attribute a hook is written in: for a binder that names an
    /// element it found (and takes the name away).
    pub const KEY: &'static str = Data::Testid.as_str();
}

names!(
    /// A class the view finds its element by.
    Class class [".", "", " class=\""] {
        Panel = "rll-panel" in Always,
        Deck = "rll-deck" in Always,
        PictureCanvas = "rll-picture__canvas" in Picture,
        PictureGateway = "rll-picture__gateway" in Picture,
        ReplayValue = "rll-replay__value" in Picture,
        Slider = "rll-slider" in Controls,
        SliderNote = "rll-slider__note" in Controls,
        More = "rll-more" in More,
        TlCursor = "rll-tl__cursor" in Timeline,
        FootFallback = "rll-foot__fallback" in Footer,
        CardOk = "rll-card__ok" in Card,
        CardNo = "rll-card__no" in Card,
        CardQuota = "rll-card__quota" in Card,
        /// A card's sentence for screen readers, visually hidden.
        SrOnly = "rll-sr-only" in Card,
        CardMarks = "rll-card__marks" in Card,
        ChartSvg = "rll-chart__svg" in Chart,
        ChartAxes = "rll-chart__axes" in Chart,
        ChartBand = "rll-chart__band" in Chart,
        ChartCeiling = "rll-chart__ceiling" in Chart,
        ChartLimit = "rll-chart__limit" in Chart,
        ChartHere = "rll-chart__here" in Chart,
        ChartLine = "rll-chart__line" in Chart,
        ChartDot = "rll-chart__dot" in Chart,
        /// The mini chart's mark on its line at the learner's round trip.
        ChartAt = "rll-chart__at" in Chart,
    }
);

/// Declares [`Data`], the names of the `data-*` attributes the markup
/// writes and the binders read, each with the block of the markup (or of
/// what the view adds) it is found in; and `data!`, the same names as
/// literals for `concat!` (`data!(Knob)` is `data-knob`, `data!([Knob])`
/// the selector `[data-knob]`, `data!(Input = "time")` the attribute
/// ` data-input="time"`, `data!(Step = {})` the attribute of a template's
/// argument ` data-step="{}"`, `data!(Value=)` its start ` data-value="`), so a
/// template spells no name and costs no byte more.
macro_rules! data_names {
    ($(#[$m:meta])* { $($(#[$vm:meta])* $v:ident = $s:literal in $b:ident,)* }) => {
        /// One name of [`Data`] as a literal (`data-knob`).
        #[allow(unused_macros)]
        macro_rules! data_name {
            $(($v) => { concat!("data-", $s) };)*
        }
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Data { $($(#[$vm])* $v,)* }
        impl Data {
            /// Every name, in this table's order.
            pub const ALL: &'static [Data] = &[$(Data::$v,)*];
            /// The attribute's name (`data-knob`).
            pub const fn as_str(self) -> &'static str {
                match self { $(Data::$v => concat!("data-", $s),)* }
            }
            /// The CSS selector of an element that has the attribute
            /// (`[data-knob]`).
            pub const fn selector(self) -> &'static str {
                match self { $(Data::$v => concat!("[data-", $s, "]"),)* }
            }
            /// The block the attribute is found in.
            pub const fn block(self) -> Block {
                match self { $(Data::$v => Block::$b,)* }
            }
        }
    };
}

/// The forms of a [`Data`] name as literals, for `concat!`.
#[allow(unused_macros)]
macro_rules! data {
    ([$v:ident]) => {
        concat!("[", data_name!($v), "]")
    };
    ([$v:ident = $val:literal]) => {
        concat!("[", data_name!($v), "=\"", $val, "\"]")
    };
    ([$v:ident =]) => {
        concat!("[", data_name!($v), "=\"")
    };
    ($v:ident = {}) => {
        concat!(" ", data_name!($v), "=\"{}\"")
    };
    ($v:ident = $val:literal) => {
        concat!(" ", data_name!($v), "=\"", $val, "\"")
    };
    ($v:ident =) => {
        concat!(" ", data_name!($v), "=\"")
    };
    (PREFIX) => {
        "data-"
    };
    ($v:ident) => {
        data_name!($v)
    };
}

data_names!(
    /// The name of a `data-*` attribute the markup writes or the view sets
    /// and reads (`data-knob`): the attribute, where [`Slot`] and the
    /// others are values of one.
    {
        Slot = "slot" in Always,
        Act = "act" in Offered,
        Testid = "testid" in Always,
        Slider = "slider" in Controls,
        Knob = "knob" in Controls,
        Choice = "choice" in Setup,
        Value = "value" in Setup,
        Legend = "legend" in Cards,
        Algo = "algo" in Setup,
        AlgoOnly = "algo-only" in Setup,
        Input = "input" in Picture,
        Playing = "playing" in Picture,
        Key = "key" in Picture,
        Part = "part" in Totals,
        Chart = "chart" in Charts,
        Table = "table" in Charts,
        Q = "q" in Quiz,
        I = "i" in Quiz,
        Query = "query" in Offered,
        Glossary = "glossary" in Glossary,
        Term = "term" in Glossary,
        File = "file" in Added,
        Line = "line" in Added,
        Step = "step" in TourPanel,
        Steps = "steps" in TourPanel,
        Done = "done" in TourPanel,
        Parts = "parts" in TourPanel,
        Server = "server" in Card,
        Kind = "kind" in Figures,
        Over = "over" in Figures,
        Request = "request" in Added,
        Window = "window" in Added,
        Count = "count" in Added,
        /// On the host page's frames, by the embed snippet's script.
        Print = "print" in Added,
        /// Set by the view.
        To = "to" in View,
        TourUses = "tour-uses" in View,
        Correct = "correct" in View,
        Allowed = "allowed" in View,
        Refused = "refused" in View,
        Received = "received" in View,
        Marks = "marks" in View,
        Highlight = "highlight" in View,
        End = "end" in View,
        At = "at" in View,
        Strategy = "strategy" in View,
        X = "x" in View,
        Mean = "mean" in View,
        Min = "min" in View,
        Max = "max" in View,
        Label = "label" in View,
        CurrentLine = "current-line" in View,
        /// The element a host page asks for a widget with.
        RatelimitLab = "ratelimit-lab" in View,
        /// The page's own widget, which reads and writes the address.
        RatelimitLabUrl = "ratelimit-lab-url" in View,
        /// A host element whose widget is mounted.
        RatelimitLabMounted = "ratelimit-lab-mounted" in View,
        /// On a widget's root once what lies below the first screen is
        /// bound: `bound`, or `missing` when the second part of the wasm
        /// could not be loaded (said in place of the charts and the log).
        Below = "below" in View,
        /// On a first screen the loader shows before the wasm (prerendered
        /// by the build): the starting states it stands for. The widget
        /// that keeps it takes the name off (`ui::adopt`).
        First = "first" in View,
    }
);

impl Data {
    /// What every name of [`Data`] begins with: a host element's
    /// parameters are its attributes of the URL's names after it
    /// (`data-servers`).
    pub const PREFIX: &'static str = data!(PREFIX);
}

/// A block of the markup: written or not as a whole, by the rule of
/// [`Block::shown`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    /// On every page.
    Always,
    /// The notice of what was adjusted: its button only when there is one.
    Notices,
    /// The strategy tabs: when more than one strategy is offered.
    Tabs,
    Summary,
    Picture,
    Totals,
    /// The sliders, Reroll and Reset (kept by `compact`).
    Controls,
    /// The limit, the load balancer and the presets.
    Setup,
    /// The figures below the cards, Redis slow or down, the cost.
    Details,
    /// The box around the setup and the details.
    More,
    Cards,
    Code,
    /// The box around the timeline and the log.
    Redis,
    Timeline,
    Log,
    Charts,
    Explanation,
    Quiz,
    Takeaways,
    Glossary,
    /// The copy buttons: on the widget's own page, not embedded.
    Footer,
    /// The offer of the guided lesson: where the page shows what a step
    /// uses (the picture, the controls, the totals) and is not compact.
    Offer,
    /// The place of the lesson's panel: on every page that is not compact.
    Lesson,
    /// The lesson's panel, which `vm::tour` draws while a step runs: never
    /// in the markup of the page.
    TourPanel,
    /// What the lesson shows after its last step (`vm::tour::recap`):
    /// never in the markup of the page.
    TourRecap,
    /// The lesson's panel while its steps' words are on their way
    /// (`vm::tour::waiting`): never in the markup of the page.
    TourWaiting,
    /// Where the content offers it (a takeaway whose strategy the page
    /// offers, a question with a scenario to show): never required.
    Offered,
    /// A server's card, which the view adds, one per server, with
    /// `vm::cards::shell`: never in the markup of the page.
    Card,
    /// A chart's SVG, which the view adds when a chart first comes into
    /// view, with `vm::chart::svg`: never in the markup of the page.
    Chart,
    /// The figures under the totals and the cost of sharing, which the
    /// view writes into their slots (`vm::totals`), each where it applies:
    /// never in the markup of the page.
    Figures,
    /// The gateway's refusals, which the view names on the picture's
    /// gateway while the edge strategy shows it: never in the markup.
    Edge,
    /// What the view adds from other templates of `vm` (the timeline's
    /// rows, the windows' strip, the embed snippet): never in the markup
    /// of the page.
    Added,
    /// An attribute the view sets (or a host page does): never in the
    /// markup.
    View,
}

impl Block {
    /// Whether the markup for `page` has this block; `url_state` is whether
    /// the widget is the page's own (it reads and writes the address).
    pub fn shown(self, page: &Page, url_state: bool) -> bool {
        let shows = |s: Section| !page.hide.contains(&s);
        let full = !page.compact;
        match self {
            Block::Always => true,
            Block::Notices => !page.notices.is_empty(),
            Block::Tabs => shows(Section::Tabs) && full && page.tabs.len() > 1,
            Block::Summary => shows(Section::Summary),
            Block::Picture => shows(Section::Picture),
            Block::Totals => shows(Section::Totals),
            Block::Controls => shows(Section::Controls),
            Block::Setup => full && shows(Section::Controls),
            Block::Details => full && shows(Section::Totals),
            Block::More => {
                Block::Setup.shown(page, url_state) || Block::Details.shown(page, url_state)
            }
            Block::Cards => full && shows(Section::Cards),
            Block::Code => full && shows(Section::Code),
            Block::Redis => full && (shows(Section::Timeline) || shows(Section::Log)),
            Block::Timeline => full && shows(Section::Timeline),
            Block::Log => full && shows(Section::Log),
            Block::Charts => full && shows(Section::Charts),
            Block::Explanation => full && shows(Section::Explanation),
            Block::Quiz => full && shows(Section::Quiz),
            Block::Takeaways => full && shows(Section::Takeaways),
            Block::Glossary => full && shows(Section::Glossary),
            Block::Footer => full && shows(Section::Footer) && !page.embed && url_state,
            Block::Offer => {
                full && [
                    Section::Tour,
                    Section::Picture,
                    Section::Controls,
                    Section::Totals,
                ]
                .into_iter()
                .all(shows)
            }
            Block::Lesson => full,
            Block::TourPanel | Block::TourRecap | Block::TourWaiting => false,
            Block::Offered | Block::Card => false,
            Block::Chart | Block::Edge | Block::Figures => false,
            Block::Added | Block::View => false,
        }
    }
}

/// Every name the markup for `page` must hold, as the selector that finds
/// it: what the view's debug check at mount and the native contract test
/// look for.
pub fn expected(page: &Page, url_state: bool) -> Vec<&'static str> {
    let on = |b: Block| b.shown(page, url_state);
    let slots = Slot::ALL
        .iter()
        .filter(|n| on(n.block()))
        .map(|n| n.selector());
    let acts = Act::ALL
        .iter()
        .filter(|n| on(n.block()))
        .map(|n| n.selector());
    let hooks = Hook::ALL
        .iter()
        .filter(|n| on(n.block()))
        .map(|n| n.selector());
    let marks = Mark::ALL
        .iter()
        .filter(|n| on(n.block()))
        .map(|n| n.selector());
    let classes = Class::ALL
        .iter()
        .filter(|n| on(n.block()))
        .map(|n| n.selector());
    let data = Data::ALL
        .iter()
        .filter(|n| on(n.block()))
        .map(|n| n.selector());
    slots
        .chain(acts)
        .chain(hooks)
        .chain(marks)
        .chain(classes)
        .chain(data)
        .collect()
}
