//! What a URL or a script tag's `data-*` attributes ask of the page besides
//! the scenario: embed mode, a moment to open at, prediction first, and the
//! course author's shaping (sections hidden, strategies offered, compact
//! layout, a content file). Read with the same rules as the scenario: a bad
//! value is ignored or trimmed, with a notice, and the rest applies.

use crate::sim::params::{self, Notice};
use crate::sim::{
    Scenario, Strategy, BURST, EDGE, LIMIT, MOVE, PLAN, RTT, SERVERS, SPAN, SYNC, TIMEOUT, TRAFFIC,
    WINDOW,
};

use super::text::{Text, Texts};

/// A part of the widget a course author can leave out with `hide`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// The title and the line of framing under it.
    Title,
    /// The strategy tabs.
    Tabs,
    /// The strategy's one-line summary under the tabs.
    Summary,
    /// The sliders and settings.
    Controls,
    /// The picture of the servers and the replay controls.
    Picture,
    /// The totals, the verdict, the cost of sharing and the Redis note.
    Totals,
    /// The server cards.
    Cards,
    /// The first requests on one clock.
    Timeline,
    /// What Redis saw.
    Log,
    /// The two charts.
    Charts,
    /// Why this happens, and where real systems stand.
    Explanation,
    /// The check-yourself quiz.
    Quiz,
    /// The key takeaways.
    Takeaways,
    /// The copy buttons and the privacy line.
    Footer,
    /// The code beside the picture.
    Code,
    /// Words you need.
    Glossary,
    /// The line above the tabs that offers the guided lesson (`tour=K`
    /// still opens in it).
    Tour,
}

impl Section {
    /// Every section, in page order.
    pub const ALL: [Section; 17] = [
        Section::Title,
        Section::Tabs,
        Section::Summary,
        Section::Controls,
        Section::Picture,
        Section::Totals,
        Section::Cards,
        Section::Timeline,
        Section::Log,
        Section::Charts,
        Section::Explanation,
        Section::Quiz,
        Section::Takeaways,
        Section::Footer,
        Section::Code,
        Section::Glossary,
        Section::Tour,
    ];

    /// The name `hide` takes.
    pub fn as_str(self) -> &'static str {
        match self {
            Section::Title => "title",
            Section::Tabs => "tabs",
            Section::Summary => "summary",
            Section::Controls => "controls",
            Section::Picture => "picture",
            Section::Totals => "totals",
            Section::Cards => "cards",
            Section::Timeline => "timeline",
            Section::Log => "log",
            Section::Charts => "charts",
            Section::Explanation => "explanation",
            Section::Quiz => "quiz",
            Section::Takeaways => "takeaways",
            Section::Footer => "footer",
            Section::Code => "code",
            Section::Glossary => "glossary",
            Section::Tour => "tour",
        }
    }

    /// Parses a name `hide` takes.
    pub fn parse(text: &str) -> Option<Section> {
        Section::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// What `hide` leaves out with this name, in the embedding guide's
    /// words (docs/EMBEDDING.md, "What shows": written from these).
    pub fn leaves_out(self) -> &'static str {
        match self {
            Section::Title => "the title and the line under it",
            Section::Tabs => "the strategy tabs (the strategy stays as the URL sets it)",
            Section::Summary => "the strategy's one-line summary under the tabs",
            Section::Controls => "the sliders, the scenario settings, new burst and reset",
            Section::Picture => "the picture of the servers and the replay controls",
            Section::Totals => "the verdicts, the totals, what happens if Redis is slow or down, the cost of sharing",
            Section::Cards => "the server cards",
            Section::Timeline => "the first requests on one clock",
            Section::Log => "what Redis saw",
            Section::Charts => "the two charts",
            Section::Explanation => "why this happens, and in production",
            Section::Quiz => "the quiz",
            Section::Takeaways => "the key takeaways",
            Section::Footer => "the copy buttons and the privacy line (already hidden with `embed=1`)",
            Section::Code => "the code beside the picture: the strategy's limiter as JavaScript (and Lua)",
            Section::Glossary => "the words you need, and the buttons that open a term's definition where it first appears (the words stay, as plain text)",
            Section::Tour => "the line above the tabs that offers the guided lesson (`tour=K` still opens in it)",
        }
    }
}

/// The widget's colours (`theme`): the learner's system setting, or one
/// fixed by the course author so that it matches the page around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Theme {
    /// Light or dark as the learner's system is.
    #[default]
    Auto,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

impl Theme {
    /// Every theme, as `theme` names them.
    pub const ALL: [Theme; 3] = [Theme::Light, Theme::Dark, Theme::Auto];

    /// The name `theme` takes.
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// Everything a URL or an element's attributes ask for.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// The starting scenario.
    pub scenario: Scenario,
    /// Whether page chrome is hidden (`embed=1`).
    pub embed: bool,
    /// The moment to open at, paused (`t`, in µs, rounded down); checked
    /// against the run's length once the model has run.
    pub t_us: Option<u64>,
    /// `t` as written, for the notice if it is past the end.
    pub t_given: Option<String>,
    /// Ask for a prediction before revealing anything (`predict=1`).
    pub predict: bool,
    /// Sections left out (`hide`), in page order, without repeats.
    pub hide: Vec<Section>,
    /// Strategies offered, in the order given (`tabs`); every one by default.
    pub tabs: Vec<Strategy>,
    /// A layout for a narrow column or a fixed-height frame (`compact=1`).
    pub compact: bool,
    /// A content file's URL (`content`), as written.
    pub content: Option<String>,
    /// The mastery score in percent (`mastery`, 0 to 100), if given; see
    /// [`super::lms::mastery`] for what applies when it is not.
    pub mastery: Option<u32>,
    /// Whether the built-in quiz may be graded when the content file could
    /// not be used (`fallback=builtin`).
    pub fallback: bool,
    /// Light, dark, or as the learner's system is (`theme`).
    pub theme: Theme,
    /// The lesson step to open at (`tour`, 1-based; `tour=1`, `true` or
    /// `yes`: the first), checked against the number of steps at mount.
    pub tour: Option<u32>,
    /// What had to be adjusted, worded.
    pub notices: Vec<String>,
}

/// Names read here and by the scenario parser: everything a host
/// element's attributes may carry ([`params::PARAMS`], the one table).
pub use crate::sim::params::NAMES;

/// What the loader (`public/ratelimit-lab.js`) holds in place of its list
/// of names, which the build writes in from [`NAMES`].
pub const LOADER_PLACEHOLDER: &str = "'@NAMES@'";

/// The loader `template` (`public/ratelimit-lab.js`) as it ships: its
/// placeholder replaced by [`NAMES`], space-separated, as a JavaScript
/// string; `None` if it has no placeholder, or more than one.
pub fn finish_loader(template: &str) -> Option<String> {
    let [head, tail] = template
        .split(LOADER_PLACEHOLDER)
        .collect::<Vec<_>>()
        .try_into()
        .ok()?;
    Some(format!("{head}'{}'{tail}", NAMES.join(" ")))
}

/// One of [`NAMES`] as the embedding guide describes it (docs/EMBEDDING.md,
/// "Starting state": `tests/it/reference.rs` writes the table from these).
/// What the code itself says is not repeated here: a scenario setting's
/// range, step, unit and default come from [`crate::sim::KNOBS`], a
/// choice's values and default from the parser's own list, the flags'
/// values from [`FLAGS`], the themes from [`Theme::ALL`].
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// The name, as in [`NAMES`].
    pub name: &'static str,
    /// What it sets.
    pub what: &'static str,
    /// The values it takes, where the code has no list of them ("" where
    /// it has).
    pub values: &'static str,
    /// What applies without it, where the code does not say (beside the
    /// code's default, where it has one, in brackets).
    pub default: &'static str,
    /// A few words after some of a choice's values (`split`: "limit ÷ N").
    pub notes: &'static [(&'static str, &'static str)],
}

impl About {
    const fn new(name: &'static str, what: &'static str) -> About {
        About {
            name,
            what,
            values: "",
            default: "",
            notes: &[],
        }
    }
    const fn values(self, values: &'static str) -> About {
        About { values, ..self }
    }
    const fn default(self, default: &'static str) -> About {
        About { default, ..self }
    }
    const fn notes(self, notes: &'static [(&'static str, &'static str)]) -> About {
        About { notes, ..self }
    }
}

/// What each of [`NAMES`] sets, in the guide's words.
pub const ABOUT: &[About] = &[
    About::new("preset", "a named starting scenario (below); the other names override it").default("none"),
    About::new("strategy", "how the limit is enforced").notes(&[("split", "limit ÷ N"), ("sync", "local + sync")]),
    About::new("algo", "how the count is kept over time; only the ways the strategy takes (INCR, GET then SET and the sync keep a fixed window)").notes(&[("log", "sliding log"), ("counter", "sliding-window counter"), ("bucket", "token bucket; the default for `lua`")]),
    About::new(EDGE.name, "where a fixed window's edge falls, in ms after the burst starts, up to `span` (every strategy but `sync`)").default("no edge: the burst in one window"),
    About::new(SERVERS.name, "API servers behind the load balancer"),
    About::new(BURST.name, "requests in the burst"),
    About::new(RTT.name, "the Redis round trip"),
    About::new(LIMIT.name, "requests allowed per window"),
    About::new(WINDOW.name, "the limit's window"),
    About::new(SPAN.name, "the burst's duration"),
    About::new("lb", "how the load balancer spreads the requests over the servers"),
    About::new(MOVE.name, "with `sticky`: when a deploy moves the user to another server, below `span`").default("no move"),
    About::new(PLAN.name, "with `split`: the servers the quotas were planned for").default("the servers there are"),
    About::new(SYNC.name, "with `sync`: the sync interval"),
    About::new("redis", "Redis's health").notes(&[("slow", "every command 100 ms late")]),
    About::new(TIMEOUT.name, "a server's timeout on one Redis call"),
    About::new("fail", "what a server does when Redis does not answer in time").notes(&[("open", "allow"), ("closed", "refuse")]),
    About::new(TRAFFIC.name, "the site's requests a second, for the cost of sharing"),
    About::new("seed", "the random generator's seed: the same seed gives the same burst").values("a whole number"),
    About::new("t", "a moment: the widget opens paused there").values("ms, 0 or more").default("the end"),
    About::new("predict", "ask how many get through before revealing anything (below)"),
    About::new("embed", "hides the page chrome (URL only)"),
    About::new("hide", "sections to leave out (below)").values("section names, comma-separated").default("none"),
    About::new("tabs", "the strategies offered, in that order; the first opens; one means no tab bar").values("strategy names, comma-separated").default("every strategy, in the tabs' order"),
    About::new("compact", "sliders, picture and totals only"),
    About::new("content", "a JSON file on this site with your own sentences, quiz and lesson ([CONTENT.md](CONTENT.md))").values("a URL").default("none"),
    About::new("lang", "nothing: a link may carry it without a notice, but the widget's words and its `lang` attribute come from the content file (`lang=fr` alone shows the built-in English)").values("any").default("none"),
    About::new("mastery", "the score, in percent, at which the SCORM package reports `passed`").values("a whole number, 0 to 100").default("or the platform's mastery score"),
    About::new("fallback", "if the content file cannot be used, grade the built-in quiz anyway").values("`builtin`").default("off: no grade"),
    About::new("theme", "the widget's colours; `light` keeps the widget light on a white course page whatever the system says").notes(&[("auto", "as the learner's system is")]),
    About::new("tour", "open in the guided lesson at this step (1-based; `1`, `true` or `yes`: the first; past the last: the last, with a notice); the step sets its own scenario").values("a step number").default("the free sandbox, with the lesson offered above the tabs"),
];

/// Whether a change to `name` on a live widget (an attribute of its
/// element, or `set`) applies at once, from where the learner has the
/// widget: the scenario and the moment. A change to any other name (the
/// shaping, the content, the theme, a preset) builds the widget again
/// from its attributes.
pub fn live(name: &str) -> bool {
    name == "t"
        || params::CHOICES.contains(&name)
        || crate::sim::KNOBS.iter().any(|k| k.name == name)
}

/// What a change to a name on a live element does, in the embedding
/// guide's words: for a name [`live`] says yes to, then for the others.
pub const ON_CHANGE: [&str; 2] = [
    "applies at once, from where the learner has the widget, with the notice a bad value gets in a URL; the quiz and everything else stay as they are",
    "builds the widget again from its attributes (so does an attribute removed)",
];

/// What the page's own widget does with a name in its address as the
/// learner goes, in the embedding guide's words: for a name [`rewritten`]
/// says yes to, then for the others (a host's or an LMS's own parameters
/// are among those).
pub const IN_ADDRESS: [&str; 2] = [
    "rewritten with its current value, in its place",
    "left exactly as written, in its place",
];

/// Whether the address rewrite writes `name`: the scenario, the moment and
/// the course author's shaping, as they stand, and `preset`, which the
/// settings written out replace. Everything else in the address (`predict`,
/// `lang`, a host's or an LMS's own parameters) stays as it was written.
pub fn rewritten(name: &str) -> bool {
    NAMES.contains(&name) && !matches!(name, "predict" | "lang")
}

/// The names that are on or off.
pub const FLAGS: [&str; 3] = ["predict", "embed", "compact"];

/// Reads the flag `name`: `1`, `true`, `yes` (or the bare name) mean on,
/// `0`, `false`, `no` off, in any case; anything else leaves it off with a
/// notice.
fn flag(
    pairs: &[(&str, &str)],
    name: &'static str,
    texts: &Texts,
    notices: &mut Vec<String>,
) -> bool {
    let Some(v) = params::last(pairs, name) else {
        return false;
    };
    let is = |words: &[&str]| words.iter().any(|w| v.eq_ignore_ascii_case(w));
    if is(&["1", "true", "yes", ""]) {
        true
    } else {
        if !is(&["0", "false", "no"]) {
            notices.push(texts.fill(
                Text::NoticeFlag,
                &[("name", name), ("given", &params::shorten(v))],
            ));
        }
        false
    }
}

/// Reads the page's parameters; `texts` words the notices.
pub fn parse(pairs: &[(&str, &str)], texts: &Texts) -> Page {
    let parsed = params::parse(pairs.iter().copied());
    let mut notices: Vec<String> = parsed.notices.iter().map(|n| word(n, texts)).collect();
    let last = |name| params::last(pairs, name);
    let (t_us, t_given) = moment(last("t"), texts, &mut notices);
    let hide = hidden(last("hide"), texts, &mut notices);
    let mut tabs = offered(last("tabs"), texts, &mut notices);
    let mastery = mastery(last("mastery"), texts, &mut notices);
    let fallback = match last("fallback") {
        None | Some("") => false,
        Some("builtin") => true,
        Some(v) => {
            notices.push(item_notice("fallback", v, &["builtin"], texts));
            false
        }
    };
    let mut scenario = parsed.scenario;
    if tabs.is_empty() {
        tabs = Strategy::ALL.to_vec();
    } else {
        // The strategy asked for, if it is offered; else the first offered.
        let asked = last("strategy").and_then(Strategy::parse);
        if asked.is_none_or(|s| !tabs.contains(&s)) {
            scenario = scenario.with_strategy(tabs[0]);
        }
    }
    let [predict, embed, compact] = FLAGS.map(|name| flag(pairs, name, texts, &mut notices));
    let theme = theme(last("theme"), texts, &mut notices);
    let tour = tour_step(last("tour"), texts, &mut notices);
    Page {
        scenario,
        tour,
        embed,
        t_us,
        t_given,
        predict,
        hide,
        tabs,
        compact,
        content: last("content")
            .filter(|c| !c.is_empty())
            .map(str::to_string),
        mastery,
        fallback,
        theme,
        notices,
    }
}

/// `t`: milliseconds as written, kept in whole µs rounded down, and the
/// value as given.
fn moment(
    v: Option<&str>,
    texts: &Texts,
    notices: &mut Vec<String>,
) -> (Option<u64>, Option<String>) {
    let Some(v) = v else { return (None, None) };
    match params::parse_decimal(v) {
        Some(d) if d.milli >= 0 => (Some(d.milli as u64), Some(params::shorten(v))),
        _ => {
            notices.push(texts.fill(Text::NoticeMomentBad, &[("given", &params::shorten(v))]));
            (None, None)
        }
    }
}

/// A comma-separated list of names (`hide`, `tabs`): each known one once,
/// in the order given; a notice for each unknown one.
fn names<V: Copy + PartialEq>(
    name: &str,
    v: &str,
    parse: fn(&str) -> Option<V>,
    known: &[&str],
    texts: &Texts,
    notices: &mut Vec<String>,
) -> Vec<V> {
    let mut out = Vec::new();
    for item in v.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        match parse(item) {
            Some(x) if !out.contains(&x) => out.push(x),
            Some(_) => {}
            None => notices.push(item_notice(name, item, known, texts)),
        }
    }
    out
}

/// `hide`: the sections named, once each, in page order.
fn hidden(v: Option<&str>, texts: &Texts, notices: &mut Vec<String>) -> Vec<Section> {
    let Some(v) = v else { return Vec::new() };
    let known = Section::ALL.map(Section::as_str);
    let mut hide = names("hide", v, Section::parse, &known, texts, notices);
    crate::sim::sort::sort_by_key(&mut hide, |s| Section::ALL.iter().position(|a| a == s));
    hide
}

/// `tabs`: the strategies offered, in the order given, once each (empty:
/// every strategy).
fn offered(v: Option<&str>, texts: &Texts, notices: &mut Vec<String>) -> Vec<Strategy> {
    let Some(v) = v else { return Vec::new() };
    let known = Strategy::ALL.map(Strategy::as_str);
    let tabs = names("tabs", v, Strategy::parse, &known, texts, notices);
    if tabs.is_empty() {
        notices.push(texts.get(Text::NoticeNoTabs).to_string());
    }
    tabs
}

/// `mastery`: a whole percent, 0 to 100.
fn mastery(v: Option<&str>, texts: &Texts, notices: &mut Vec<String>) -> Option<u32> {
    let v = v?;
    let m = v.parse::<u32>().ok().filter(|m| *m <= 100);
    if m.is_none() {
        notices.push(texts.fill(
            Text::NoticeMastery,
            &[
                ("given", &params::shorten(v)),
                ("kept", &super::lms::DEFAULT_MASTERY.to_string()),
            ],
        ));
    }
    m
}

/// `theme`, in any case; `auto` when absent or unknown.
fn theme(v: Option<&str>, texts: &Texts, notices: &mut Vec<String>) -> Theme {
    let Some(v) = v else { return Theme::Auto };
    match Theme::ALL
        .into_iter()
        .find(|t| v.eq_ignore_ascii_case(t.as_str()))
    {
        Some(t) => t,
        None => {
            notices.push(word(
                &Notice::UnknownChoice {
                    name: "theme",
                    given: params::shorten(v),
                    options: Theme::ALL.map(Theme::as_str).to_vec(),
                    kept: Theme::Auto.as_str(),
                },
                texts,
            ));
            Theme::Auto
        }
    }
}

/// `tour`: the lesson's step to open (1-based); `true`, `yes` or nothing
/// for the first, `false` or `no` for none.
fn tour_step(v: Option<&str>, texts: &Texts, notices: &mut Vec<String>) -> Option<u32> {
    let v = v?;
    let is = |words: &[&str]| words.iter().any(|w| v.eq_ignore_ascii_case(w));
    if is(&["true", "yes", ""]) {
        return Some(1);
    }
    if is(&["false", "no"]) {
        return None;
    }
    let k = v.parse::<u32>().ok();
    if k.is_none() {
        notices.push(texts.fill(Text::NoticeTourBad, &[("given", &params::shorten(v))]));
    }
    k.filter(|k| *k > 0)
}

/// The notice for an unknown item in a comma-separated list.
fn item_notice(name: &str, given: &str, options: &[&str], texts: &Texts) -> String {
    texts.fill(
        Text::NoticeItem,
        &[
            ("name", name),
            ("given", &params::shorten(given)),
            ("options", &options.join(", ")),
        ],
    )
}

/// A knob's value as the notices show it: "2.5 ms", "8".
fn shown(knob: &crate::sim::Knob, v: u32, texts: &Texts) -> String {
    use crate::sim::Unit;
    let n = texts.num(&params::write_value(knob, v));
    match knob.unit {
        Unit::Ms | Unit::TenthMs => texts.fill(Text::Ms, &[("n", &n)]),
        Unit::Seconds => texts.fill(Text::Seconds, &[("n", &n)]),
        Unit::Count | Unit::PerSecond => n,
    }
}

/// Words one of the scenario parser's notices.
pub fn word(notice: &Notice, texts: &Texts) -> String {
    let or = format!(" {} ", texts.get(Text::Or));
    let list = |options: &[&str]| match options {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{}{or}{last}", init.join(", ")),
    };
    match notice {
        Notice::NotANumber { knob, given, kept } => texts.fill(
            Text::NoticeNotNumber,
            &[
                ("name", knob.name),
                ("given", given),
                (
                    "kept",
                    &kept.map_or_else(
                        || texts.get(Text::NoticeNone).to_string(),
                        |k| shown(knob, k, texts),
                    ),
                ),
            ],
        ),
        Notice::Below { knob, given, set } => texts.fill(
            Text::NoticeBelow,
            &[
                ("name", knob.name),
                ("given", given),
                ("set", &shown(knob, *set, texts)),
            ],
        ),
        Notice::Above { knob, given, set } => texts.fill(
            Text::NoticeAbove,
            &[
                ("name", knob.name),
                ("given", given),
                ("set", &shown(knob, *set, texts)),
            ],
        ),
        Notice::Rounded { knob, given, set } => texts.fill(
            Text::NoticeRounded,
            &[
                ("name", knob.name),
                ("given", given),
                ("set", &shown(knob, *set, texts)),
            ],
        ),
        Notice::UnknownChoice {
            name: "preset",
            given,
            options,
            ..
        } => texts.fill(
            Text::NoticePreset,
            &[("given", given), ("options", &list(options))],
        ),
        Notice::UnknownChoice {
            name,
            given,
            options,
            kept,
        } => texts.fill(
            Text::NoticeChoice,
            &[
                ("name", name),
                ("given", given),
                ("options", &list(options)),
                ("kept", kept),
            ],
        ),
        Notice::BadSeed { given, kept } => texts.fill(
            Text::NoticeSeed,
            &[("given", given), ("kept", &kept.to_string())],
        ),
    }
}

/// What a shared link or the address carries besides the scenario and the
/// moment: embed mode and the course author's shaping, each only when it
/// is not the default (all seven tabs in another order are the author's
/// order, so they are written). `content` is as written; the view
/// percent-encodes it.
pub fn shaping(page: &Page, embed: bool) -> Vec<(&'static str, String)> {
    let mut pairs = Vec::new();
    let list = |names: Vec<&str>| names.join(",");
    if embed {
        pairs.push(("embed", "1".into()));
    }
    if !page.hide.is_empty() {
        pairs.push(("hide", list(page.hide.iter().map(|s| s.as_str()).collect())));
    }
    if page.tabs[..] != Strategy::ALL {
        pairs.push(("tabs", list(page.tabs.iter().map(|s| s.as_str()).collect())));
    }
    if page.compact {
        pairs.push(("compact", "1".into()));
    }
    if page.theme != Theme::Auto {
        pairs.push(("theme", page.theme.as_str().into()));
    }
    if let Some(c) = &page.content {
        pairs.push(("content", c.clone()));
    }
    if let Some(m) = page.mastery {
        pairs.push(("mastery", m.to_string()));
    }
    if page.fallback {
        pairs.push(("fallback", "builtin".into()));
    }
    pairs
}
