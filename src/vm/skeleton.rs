//! The widget's markup, written once when it mounts: every section the
//! page shows (per `hide` and `compact`), its fixed text, its controls with
//! the attributes the view binds to (`data-knob`, `data-choice`,
//! `data-act`), and empty slots (`data-slot`) that the view fills as the
//! scenario and the moment change. Pure and tested natively, like the rest
//! of the view-model.
//!
//! Why markup and not a tree of Leptos components: the same sections built
//! as `view!` trees cost about a third more wasm (docs/DECISIONS.md), and
//! the download budget had no room for it.

use crate::sim::params::write_value;
use crate::sim::{
    Fail, Health, Knob, LoadBalancer, Place, Preset, Strategy, EDGE, MOVE, PLAN, RTT, SYNC, TIMEOUT,
};
use crate::sim::{BURST, SERVERS, TRAFFIC};

use super::html::Html;
use super::names::{Act, Block, Class, Hook, Slot};
use super::page::{Page, Section};
use super::quiz::Question;
use super::strategy::about;
use super::text::{Text, Texts};
use crate::{html, html_of};

/// The label and the two-word hint of a strategy's tab.
pub fn tab_names(s: Strategy) -> (Text, Text) {
    (about(s).tab, about(s).hint)
}

/// The line under the tabs: what the servers do under `s`.
pub fn summary(s: Strategy) -> Text {
    about(s).summary
}

/// The sliders of the controls, in order, with their labels. A strategy's
/// own slider comes before the round trip, which the strategies in memory
/// do not use (it is dimmed there), so on a phone it stays in one screen
/// with the picture and the totals.
pub const SLIDERS: [(&Knob, Text); 6] = [
    (&SERVERS, Text::SliderServers),
    (&BURST, Text::SliderBurst),
    (&SYNC, Text::SliderSync),
    (&PLAN, Text::SliderPlan),
    (&MOVE, Text::SliderMove),
    (&RTT, Text::SliderRtt),
];

/// The takeaways: each sentence, the label of its "show me", its scenario.
pub const TAKEAWAYS: [(Text, Text, &str); 5] = [
    (
        Text::Takeaway1,
        Text::ShowMeTakeaway1,
        "strategy=local&servers=16&burst=500",
    ),
    (
        Text::Takeaway2,
        Text::ShowMeTakeaway2,
        "strategy=split&burst=10",
    ),
    (
        Text::Takeaway3,
        Text::ShowMeTakeaway3,
        "strategy=getset&rtt=5",
    ),
    (
        Text::Takeaway4,
        Text::ShowMeTakeaway4,
        "strategy=incr&redis=down&fail=closed",
    ),
    (
        Text::Takeaway5,
        Text::ShowMeTakeaway5,
        "strategy=sync&sync=5",
    ),
];

/// Writes markup with the widget's text.
struct Writer<'a> {
    out: Html,
    t: &'a Texts,
    /// The id prefix, unique on the page (`rll1`).
    id: &'a str,
    /// The title's heading level (1 on the widget's page, 2 in a host page).
    base: u8,
    /// Whether the glossary is shown, and the terms already made buttons
    /// where they first appear ([`super::glossary::link`]).
    glossary: bool,
    linked: Vec<&'static str>,
    /// The page written, and whether the widget is the page's own (it
    /// reads and writes the address).
    page: &'a Page,
    url_state: bool,
}

impl Writer<'_> {
    /// Whether the page has block `b` ([`Block::shown`]).
    fn on(&self, b: Block) -> bool {
        b.shown(self.page, self.url_state)
    }
    /// Markup written here, in the source.
    fn raw(&mut self, s: &'static str) -> &mut Self {
        self.out.push_lit(s);
        self
    }
    /// Markup written elsewhere in the view-model.
    fn put(&mut self, h: &Html) -> &mut Self {
        self.out.push(h);
        self
    }
    /// The names of the contract with the view, as attributes.
    fn slot(&mut self, s: Slot) -> &mut Self {
        self.attr(s.attr())
    }
    fn act(&mut self, a: Act) -> &mut Self {
        self.attr(a.attr())
    }
    fn hook(&mut self, h: Hook) -> &mut Self {
        self.attr(h.attr())
    }
    /// Writes a name of [`super::names`] as an attribute.
    fn attr(&mut self, a: super::html::Attr) -> &mut Self {
        self.raw(a.0).raw(a.1).raw("\"")
    }
    /// Opens a `<div>` of class `c`.
    fn div(&mut self, c: Class) -> &mut Self {
        self.raw("<div").attr(c.attr()).raw(">")
    }
    /// A sentence, escaped.
    fn text(&mut self, t: Text) -> &mut Self {
        self.out.push_text(self.t.get(t));
        self
    }
    /// A sentence, escaped, with the first appearance of each glossary
    /// term in it a button that opens its definition.
    fn terms(&mut self, t: Text) -> &mut Self {
        if !self.glossary {
            return self.text(t);
        }
        let s = super::glossary::link(self.t.get(t), self.t, &mut self.linked, self.id);
        self.out.push(&s);
        self
    }
    /// Any text, escaped.
    fn esc(&mut self, s: &str) -> &mut Self {
        self.out.push_text(s);
        self
    }
    /// A heading `depth` levels below the title.
    fn heading(&mut self, depth: u8, class: &str, id: &str, t: Text) -> &mut Self {
        let h = (self.base + depth).min(6);
        let id_attr = if id.is_empty() {
            Html::new()
        } else {
            html_of!(r#" id="{}-{}""#, self.id, id)
        };
        html!(self.out, r#"<h{} class="{}"{}>"#, h, class, id_attr);
        self.text(t);
        html!(self.out, "</h{}>", h);
        self
    }
    /// A slider for `knob`, labelled `label`.
    fn slider(&mut self, knob: &Knob, label: Text) -> &mut Self {
        let (id, name) = (self.id.to_string(), knob.name);
        html!(
            self.out,
            concat!(
                r#"<div class="{}""#,
                data!(Slider = {}),
                r#"><div class="rll-slider__head"><label class="rll-slider__label" for="{}-{}">"#
            ),
            Class::Slider.as_str(),
            name,
            id,
            name
        );
        self.text(label);
        html!(
            self.out,
            concat!(
                r#"</label><output class="rll-slider__value" for="{}-{}" aria-hidden="true"></output></div><input class="rll-slider__input" type="range" id="{}-{}""#,
                data!(Testid = {}),
                data!(Knob = {}),
                r#" min="{}" max="{}" step="{}">{}<p class="{}" id="{}-{}-note" hidden></p></div>"#
            ),
            id,
            name,
            id,
            name,
            name,
            name,
            write_value(knob, knob.min),
            write_value(knob, knob.max),
            write_value(knob, knob.step),
            if *knob == RTT {
                html_of!(
                    concat!(
                        r#"<div class="rll-mini""#,
                        data!(Slot = {}),
                        " hidden></div>"
                    ),
                    Slot::RttMini.as_str()
                )
            } else {
                Html::new()
            },
            Class::SliderNote.as_str(),
            id,
            name
        );
        self
    }
    /// A group of radio buttons: `choice` is its name (`lb`, `redis`,
    /// `fail`), `hook` the prefix of its options' test hooks, each option
    /// its value and label.
    /// A group of choices: its legend, then the box its options sit in,
    /// which keeps them on one row when they fit and stacks them all when
    /// they do not (never a row broken in the middle of the group).
    /// `labels` are the options' texts and `pad` each option's own width
    /// in ems beside its text (a radio's circle, a button's padding).
    fn choice_group(&mut self, legend: Text, labels: &[Text], pad: f32) -> &mut Self {
        let fit = fit_class(labels.iter().map(|t| self.t.get(*t)), pad);
        self.raw(r#"<fieldset class="rll-choice"><legend class="rll-choice__legend">"#)
            .text(legend);
        html!(
            self.out,
            r#"</legend><span class="rll-choice__options rll-fit-{}">"#,
            fit
        );
        self
    }
    fn radios(
        &mut self,
        legend: Text,
        choice: &str,
        hook: &str,
        options: &[(&str, Text)],
    ) -> &mut Self {
        let labels: Vec<Text> = options.iter().map(|(_, t)| *t).collect();
        self.choice_group(legend, &labels, RADIO_PAD);
        for (value, label) in options {
            html!(
                self.out,
                concat!(
                    r#"<label class="rll-choice__option"><input type="radio" name="{}-{}""#,
                    data!(Testid=),
                    r#"{}-{}""#,
                    data!(Choice = {}),
                    r#" value="{}"><span>"#
                ),
                self.id,
                choice,
                hook,
                value,
                choice,
                value
            );
            self.text(*label).raw("</span></label>");
        }
        self.raw("</span></fieldset>")
    }
}

/// A radio option's width beside its text, in ems: the circle and the gap.
const RADIO_PAD: f32 = 1.5;
/// A preset button's width beside its text, in ems: padding and border.
const BUTTON_PAD: f32 = 1.8;
/// The widths, in ems, a group of choices may declare it needs for one row
/// (`rll-fit-<n>` in style/30-controls.css has a rule for each).
pub const FIT_STEPS: [u32; 8] = [8, 12, 16, 20, 24, 28, 32, 40];

/// The class step (in ems) a group of options needs to sit on one row: its
/// labels' estimated width (0.6 em a character, a tenth to spare), each
/// option's `pad`, and the gaps between them, rounded up to a step of
/// [`FIT_STEPS`]. A translation with longer labels gets a wider step, so
/// it stacks sooner rather than breaking its row in two.
pub fn fit_class<'a>(labels: impl Iterator<Item = &'a str>, pad: f32) -> u32 {
    let (mut width, mut n) = (0.0_f32, 0_u32);
    for label in labels {
        width += label.chars().count() as f32 * 0.6 * 1.1 + pad;
        n += 1;
    }
    width += 0.75 * n.saturating_sub(1) as f32;
    FIT_STEPS
        .into_iter()
        .find(|&step| step as f32 >= width)
        .unwrap_or(FIT_STEPS[FIT_STEPS.len() - 1])
}

/// Which of the widget's markup to write ([`skeleton`]): all of it, as
/// [`skeleton`]; the first screen, which a widget writes as it starts;
/// or what lies below it, which it writes once that screen is painted,
/// so that a slider answers sooner on a slow phone (docs/DECISIONS.md,
/// "Interactive within 1.60 s for the hosts too").
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Part {
    All,
    /// Everything but what lies below the server cards in the panel, and
    /// after the panel.
    First,
    /// What `First` leaves out, as one `<div>` holding what the panel ends
    /// with (after the server cards), followed by what comes after the
    /// panel. `First` then these, each where it goes, is `All`.
    Below,
}

/// The widget's markup for `page`, or the [`Part`] `part` of it. `quiz`
/// and `order` are the questions and the order of their options (see
/// [`super::quiz::order`]). Each block is written by its own function, when
/// [`Block::shown`] says the page has it (one rule, which the view's check
/// of this markup shares).
pub fn skeleton(
    page: &Page,
    t: &Texts,
    id: &str,
    url_state: bool,
    quiz: &[Question],
    order: &[Vec<usize>],
    part: Part,
) -> Html {
    let mut w = Writer {
        out: Html::with_capacity(if part == Part::First { 12_000 } else { 24_000 }),
        t,
        id,
        base: if url_state { 1 } else { 2 },
        glossary: Block::Glossary.shown(page, url_state),
        linked: Vec::new(),
        page,
        url_state,
    };
    head(&mut w);
    // Where the lesson's panel goes while it runs.
    if w.on(Block::Lesson) {
        w.raw("<div").slot(Slot::Tour).raw("></div>");
    }
    let tabbed = w.on(Block::Tabs);
    if tabbed {
        tabs(&mut w, &page.tabs);
    }
    panel_head(&mut w, tabbed);
    deck(&mut w);
    if w.on(Block::Cards) {
        cards(&mut w);
    }
    // What lies below is written with what is above it, and only then
    // kept: a glossary term is a button where it first appears, above or
    // below.
    if part == Part::Below {
        w.out = Html::with_capacity(24_000);
        w.raw("<div>");
    }
    if part != Part::First {
        panel_below(&mut w);
    }
    w.raw("</div>");
    if part != Part::Below {
        w.raw(concat!(
            r#"<p class="rll-sr-only" aria-live="polite" aria-atomic="true""#,
            mark!(Announcer)
        ))
        .slot(Slot::Announcer)
        .raw(r#"></p>"#);
    }
    if part == Part::First {
        return w.out;
    }
    if w.on(Block::Quiz) {
        quiz_section(&mut w, quiz, order);
    }
    if w.on(Block::Takeaways) {
        takeaways(&mut w, &page.tabs);
    }
    if w.glossary {
        let h = (w.base + 1).min(6);
        let g = super::glossary::section(w.t, w.id, h);
        w.put(&g);
    }
    if w.on(Block::Footer) {
        footer(&mut w);
    }
    w.out
}

/// The title's row (the title, the lesson's offer, the framing), then the
/// notice. Compact keeps the sliders, the picture and the totals: no title
/// (but its heading, for the page's outline), no tabs.
fn head(w: &mut Writer) {
    let page = w.page;
    // The lesson's offer (the view writes the button's label, which counts
    // the steps), where the sections a lesson works with are all shown: in
    // the title's row, so it takes no line of its own on a wide screen.
    let mut offer = w.on(Block::Offer);
    if !page.hide.contains(&Section::Title) && !page.compact {
        w.raw(r#"<header class="rll-head">"#)
            .heading(0, "rll-head__title", "", Text::Title);
        if std::mem::take(&mut offer) {
            offer_line(w);
        }
        w.raw(r#"<p class="rll-head__framing">"#)
            .terms(Text::Framing)
            .raw("</p></header>");
    } else {
        // The title stays as a heading for screen readers, so the page keeps
        // its outline (and its h1 on the widget's own page).
        w.heading(0, "rll-sr-only", "", Text::Title);
    }
    notice(w, &page.notices);
    if offer {
        offer_line(w);
    }
}

/// The line that offers the guided lesson.
fn offer_line(w: &mut Writer) {
    w.raw(r#"<p class="rll-tour-offer""#)
        .slot(Slot::TourOffer)
        .raw(">")
        .text(Text::TourOffer)
        .raw(r#" <button type="button" class="rll-button rll-button--small""#)
        .hook(Hook::TourStart)
        .act(Act::TourStart)
        .raw("></button></p>");
}

/// The panel's end, below the server cards: the race on one clock and
/// what Redis saw right after the cards, so that the picture and the
/// racing requests' rows fit in one screen; the code after them.
fn panel_below(w: &mut Writer) {
    if w.on(Block::Redis) {
        redis(w);
    }
    if w.on(Block::Code) {
        code(w);
    }
    if w.on(Block::More) {
        more(w);
    }
    if w.on(Block::Charts) {
        charts(w);
    }
    if w.on(Block::Explanation) {
        explanation(w);
    }
}

/// The opening of the panel the tabs control, its heading for screen
/// readers (the view writes the strategy's name), and the summary line.
fn panel_head(w: &mut Writer, tabbed: bool) {
    html!(
        w.out,
        r#"<div class="{}" id="{}-panel""#,
        Class::Panel.as_str(),
        w.id
    );
    if tabbed {
        w.raw(r#" role="tabpanel""#);
    }
    w.raw(">");
    let h = (w.base + 1).min(6);
    html!(
        w.out,
        concat!(r#"<h{} class="rll-sr-only""#, data!(Slot = {}), "></h{}>"),
        h,
        Slot::TabName.as_str(),
        h
    );
    if w.on(Block::Summary) {
        w.raw(r#"<p class="rll-panel__summary"><span"#)
            .slot(Slot::Summary)
            .raw(r#"></span>"#);
        // Every offered strategy's summary, unseen in the same place, so
        // the line is as tall as the longest one and a tab change moves
        // nothing below it.
        for s in &w.page.tabs {
            w.raw(r#"<span class="rll-panel__sizer" aria-hidden="true">"#)
                .text(summary(*s))
                .raw("</span>");
        }
        w.raw("</p>");
    }
}

/// The deck: the picture, the totals and the controls.
fn deck(w: &mut Writer) {
    w.div(Class::Deck);
    if w.on(Block::Picture) {
        picture(w);
    }
    if w.on(Block::Totals) {
        w.raw(r#"<div class="rll-deck__totals"><div class="rll-totals" role="group""#)
            .slot(Slot::Totals)
            .raw(r#" aria-label=""#)
            .text(Text::TotalsLabel)
            .raw(r#"">"#);
        let head = super::totals::head_skeleton(w.t);
        w.put(&head).raw("</div></div>");
    }
    if w.on(Block::Controls) {
        controls(w);
    }
    w.raw("</div>");
}

/// The sliders, Reroll, the seed and Reset.
fn controls(w: &mut Writer) {
    w.raw(r#"<div class="rll-deck__controls"><div class="rll-sliders">"#);
    for (knob, label) in SLIDERS {
        w.slider(knob, label);
    }
    w.raw("</div>");
    w.raw(concat!(
        r#"<div class="rll-reroll"><button type="button" class="rll-button rll-button--primary""#,
        mark!(Reroll)
    ))
    .act(Act::Reroll)
    .raw(r#"><span aria-hidden="true">↻ </span>"#)
    .text(Text::Reroll)
    .raw(r#"</button><span class="rll-seed""#)
    .slot(Slot::Seed)
    .raw(concat!(
        r#"></span><button type="button" class="rll-button rll-button--small""#,
        mark!(Reset)
    ))
    .act(Act::Reset)
    .raw(r#">"#)
    .text(Text::Reset)
    .raw("</button></div></div>");
}

/// The cards' legend and the list the view fills with one card a server.
fn cards(w: &mut Writer) {
    w.raw(r#"<div class="rll-servers"><ul class="rll-legend" aria-label=""#)
        .text(Text::LegendLabel)
        .raw(r#"">"#);
    for (class, label) in [
        ("ok", Text::LegendOk),
        ("over", Text::LegendOver),
        ("no", Text::LegendNo),
        ("under", Text::LegendUnder),
        ("unused", Text::LegendUnused),
    ] {
        html!(
            w.out,
            concat!(
                "<li",
                data!(Legend = {}),
                r#"><i class="rll-mark rll-mark--{}"></i>"#
            ),
            class,
            class
        );
        w.terms(label).raw("</li>");
    }
    w.raw(r#"</ul><ul class="rll-cards""#)
        .slot(Slot::Cards)
        .raw(r#" aria-label=""#)
        .text(Text::CardsLabel)
        .raw(r#""></ul></div>"#);
}

/// The box of the race on one clock (the timeline) and what Redis saw
/// (the log).
fn redis(w: &mut Writer) {
    let id = w.id.to_string();
    w.raw(r#"<div class="rll-redis""#)
        .slot(Slot::Redis)
        .raw(r#">"#);
    if w.on(Block::Timeline) {
        html!(
            w.out,
            concat!(
                r#"<figure class="rll-tl""#,
                data!(Slot = {}),
                r#" aria-labelledby="{}-tl-title">"#
            ),
            Slot::Timeline.as_str(),
            id
        );
        w.heading(2, "rll-tl__title", "tl-title", Text::TimelineTitle)
            .raw(r#"<p class="rll-tl__caption""#).slot(Slot::TlCaption).raw(r#"></p><div class="rll-tl__stage"><canvas class="rll-tl__canvas" aria-hidden="true"></canvas><i class=""#).raw(Class::TlCursor.as_str()).raw(r#"" aria-hidden="true" hidden></i><ol class="rll-tl__rows"></ol></div><ul class="rll-tl__key" aria-hidden="true""#).slot(Slot::TlKey).raw(r#"></ul></figure>"#);
    }
    if w.on(Block::Log) {
        html!(
            w.out,
            concat!(
                r#"<div role="group" class="rll-log""#,
                data!(Slot = {}),
                r#" aria-labelledby="{}-log-title">"#
            ),
            Slot::Log.as_str(),
            id
        );
        w.heading(2, "rll-log__title", "log-title", Text::LogTitle)
            .raw(r#"<p class="rll-log__empty""#)
            .slot(Slot::LogEmpty)
            .raw(r#">"#)
            .text(Text::LogNothing)
            .raw(concat!(
                r#"</p><ol class="rll-log__list""#,
                mark!(RedisLog),
                r#"></ol><button type="button" class="rll-button rll-button--small""#,
                mark!(LogAll)
            ))
            .act(Act::LogAll)
            .raw(r#" aria-expanded="false" hidden></button></div>"#);
    }
    w.raw("</div>");
}

/// The box of the setup (the limit, the load balancer, the presets) and
/// the details.
fn more(w: &mut Writer) {
    w.div(Class::More);
    if w.on(Block::Setup) {
        scenario_line(w);
    }
    if w.on(Block::Details) {
        details(w);
    }
    w.raw("</div>");
}

/// Why this happens, and where real systems stand: slots the view fills
/// for the strategy shown.
fn explanation(w: &mut Writer) {
    html!(
        w.out,
        r#"<div role="group" class="rll-explain" aria-labelledby="{}-explain-title">"#,
        w.id
    );
    w.heading(2, "rll-section-title", "explain-title", Text::ExplainTitle)
        .raw(r#"<p"#)
        .slot(Slot::Explain1)
        .raw(r#"></p><p"#)
        .slot(Slot::Explain2)
        .raw(r#"></p><p class="rll-explain__prod"><strong>"#)
        .text(Text::InProduction)
        .raw(r#"</strong><span"#)
        .slot(Slot::Explain3)
        .raw(r#"></span></p></div>"#);
}

/// What was adjusted, politely, once.
fn notice(w: &mut Writer, notices: &[String]) {
    w.raw(r#"<div class="rll-notice" role="status""#)
        .hook(Hook::Notice);
    if notices.is_empty() {
        w.raw(" hidden></div>");
        return;
    }
    let body = notice_body(w.t, notices);
    w.raw(">").put(&body).raw("</div>");
}

/// What the notice holds: its title, one item a notice, its Dismiss
/// button. The view writes it too, for a notice that comes after mounting.
pub fn notice_body(t: &Texts, notices: &[String]) -> Html {
    let items: Vec<Html> = notices.iter().map(|n| notice_item(n)).collect();
    html_of!(
        concat!(
            r#"<p class="rll-notice__title">{}</p><ul class="rll-notice__list">{}</ul><button type="button" class="rll-button rll-button--small""#,
            data!(Act = {}),
            ">{}</button>"
        ),
        t.get(Text::NoticeTitle),
        Html::join(&items, ""),
        Act::Dismiss.as_str(),
        t.get(Text::Dismiss)
    )
}

/// One item of the notice.
pub fn notice_item(notice: &str) -> Html {
    html_of!("<li>{}</li>", notice)
}

/// Whether the strategies `offered`, in their order, put one place of the
/// count in two runs (memory, Redis, memory again). Then the tabs stand in
/// one row without headings, rather than a heading twice.
pub fn places_mixed(offered: &[Strategy]) -> bool {
    (1..offered.len()).any(|i| {
        let p = offered[i].place();
        offered[i - 1].place() != p && offered[..i].iter().any(|s| s.place() == p)
    })
}

/// The strategy tabs in the order offered. Each run of tabs whose count
/// lives in the same place shares a group with that place's heading,
/// unless the order mixes the places ([`places_mixed`]).
fn tabs(w: &mut Writer, offered: &[Strategy]) {
    w.raw(r#"<div class="rll-tabs" role="tablist" aria-label=""#)
        .text(Text::TabsLabel)
        .raw(r#"">"#);
    let mixed = places_mixed(offered);
    let mut last: Option<Place> = None;
    for s in offered {
        let place = s.place();
        // The group's heading cannot sit in the tab list as text (only
        // tabs may): each tab carries it as its description instead.
        let group = format!("{}-group-{}", w.id, place as u8);
        if last.is_none() || !mixed && last != Some(place) {
            if last.is_some() {
                w.raw("</div></div>");
            }
            w.raw(r#"<div class="rll-tabs__group" role="presentation">"#);
            if !mixed {
                let label = match place {
                    Place::Memory => Text::GroupMemory,
                    Place::Front => Text::GroupFront,
                    Place::Redis => Text::GroupRedis,
                };
                html!(
                    w.out,
                    r#"<span class="rll-tabs__group-label" id="{}" aria-hidden="true">"#,
                    group
                );
                w.text(label).raw("</span>");
            }
            w.raw(r#"<div class="rll-tabs__row" role="presentation">"#);
        }
        last = Some(place);
        tab(w, *s, (!mixed).then_some(group.as_str()));
    }
    if last.is_some() {
        w.raw("</div></div>");
    }
    w.raw("</div>");
}

/// One strategy's tab, described by its group's heading (`group`: its id)
/// when the tabs are grouped.
fn tab(w: &mut Writer, s: Strategy, group: Option<&str>) {
    let (name, hint) = tab_names(s);
    let described = match group {
        Some(g) => html_of!(r#" aria-describedby="{}""#, g),
        None => Html::new(),
    };
    html!(
        w.out,
        concat!(
            r#"<button type="button" role="tab" class="rll-tabs__tab" id="{}-tab-{}""#,
            data!(Testid=),
            r#"strategy-{}""#,
            data!(Act = {}),
            data!(Value = {}),
            r#" aria-selected="false" aria-controls="{}-panel"{} tabindex="-1"><span class="rll-tabs__label">"#
        ),
        w.id,
        s.as_str(),
        s.as_str(),
        Act::Tab.as_str(),
        s.as_str(),
        w.id,
        described
    );
    w.text(name)
        .raw(r#"</span><span class="rll-tabs__hint">"#)
        .text(hint)
        .raw("</span></button>");
}

/// The picture, the replay controls, the narration and the prediction.
fn picture(w: &mut Writer) {
    w.raw(r#"<div class="rll-deck__picture"><figure class="rll-picture"><div class="rll-picture__stage" role="img""#).hook(Hook::Topology).raw(r#" tabindex="-1" aria-label=""><canvas class=""#).raw(Class::PictureCanvas.as_str()).raw(r#"" aria-hidden="true"></canvas><span class=""#).raw(Class::PictureGateway.as_str()).raw(r#"" hidden></span></div><div class="rll-windows""#).hook(Hook::Windows).raw(r#" hidden></div><p class="rll-picture__caption" aria-hidden="true""#).slot(Slot::PictureCaption).raw(r#"></p><ul class="rll-picture__key""#).slot(Slot::PictureKey).raw(r#">"#);
    // Every item; the view shows those that can happen in the strategy
    // shown (`topology::key_shows`).
    for (class, t) in super::topology::KEY {
        html!(
            w.out,
            concat!(
                "<li",
                data!(Key = {}),
                r#"><i class="rll-key rll-key--{}"></i>"#
            ),
            class,
            class
        );
        w.text(t).raw("</li>");
    }
    w.raw("</ul>");
    replay(w);
    // The narration under the controls, so Step stays put as it changes.
    w.raw(concat!(
        r#"<p class="rll-picture__narration" aria-live="polite" aria-atomic="true""#,
        mark!(Narration)
    ))
    .slot(Slot::Narration)
    .raw("></p>");
    prediction(w);
    w.raw("</figure></div>");
}

/// The replay's controls: Play, Step back, Step, the prediction's button,
/// the time slider and the speed.
fn replay(w: &mut Writer) {
    let id = w.id.to_string();
    w.raw(r#"<div class="rll-replay"><button type="button" class="rll-button rll-button--small rll-replay__play""#).hook(Hook::Play).act(Act::Play).raw(concat!(data!(Playing = "false"), r#"><span class="rll-replay__when-paused"><span aria-hidden="true">▶ </span><span class="rll-replay__label">"#))
        .text(Text::Play)
        .raw(r#"</span></span><span class="rll-replay__when-playing"><span aria-hidden="true">❚❚ </span><span class="rll-replay__label">"#)
        .text(Text::Pause)
        .raw(concat!(r#"</span></span></button><button type="button" class="rll-button rll-button--small""#, mark!(StepBack))).act(Act::Back).raw(r#"><span aria-hidden="true">❙◀ </span><span class="rll-replay__label">"#)
        .text(Text::StepBack)
        .raw(concat!(r#"</span></button><button type="button" class="rll-button rll-button--small""#, mark!(Step))).act(Act::Step).raw(r#"><span class="rll-replay__label">"#)
        .text(Text::Step)
        .raw(r#"</span><span aria-hidden="true"> ▶❙</span></button><button type="button" class="rll-button rll-button--small""#).hook(Hook::PredictStart).act(Act::Predict).raw(r#">"#)
        .text(Text::PredictStart)
        .raw("</button>");
    html!(
        w.out,
        r#"<div class="rll-replay__time"><label class="rll-replay__label" for="{}-time">"#,
        id
    );
    w.text(Text::Time);
    html!(
        w.out,
        concat!(
            r#"</label><input type="range" id="{}-time""#,
            data!(Testid = {}),
            data!(Input = "time"),
            r#" min="0" step="any"><output class="{}" aria-hidden="true"></output></div><label class="rll-replay__speed" for="{}-speed">"#
        ),
        id,
        Hook::Time.as_str(),
        Class::ReplayValue.as_str(),
        id
    );
    w.text(Text::Speed);
    html!(
        w.out,
        concat!(
            r#"<select id="{}-speed""#,
            data!(Testid = {}),
            data!(Input = "speed"),
            ">"
        ),
        id,
        Hook::Speed.as_str()
    );
    for (v, t) in [
        (0, Text::SpeedSlow),
        (1, Text::SpeedNormal),
        (2, Text::SpeedFast),
    ] {
        html!(w.out, r#"<option value="{}">"#, v);
        w.text(t).raw("</option>");
    }
    w.raw("</select></label></div>");
}

/// The prediction's form (hidden until asked for) and its result.
fn prediction(w: &mut Writer) {
    html!(
        w.out,
        concat!(
            r#"<form class="rll-predict""#,
            data!(Slot = {}),
            r#" hidden><label for="{}-guess""#,
            data!(Slot = {}),
            r#"></label><span class="rll-predict__row"><input type="number" id="{}-guess""#,
            data!(Testid = {}),
            r#" inputmode="numeric" min="0" placeholder=""#
        ),
        Slot::Predict.as_str(),
        w.id,
        Slot::PredictAsk.as_str(),
        w.id,
        Hook::PredictGuess.as_str()
    );
    w.text(Text::PredictGuess)
        .raw(concat!(
            r#""><button type="submit" class="rll-button rll-button--small rll-button--primary""#,
            mark!(PredictGo),
            r#">"#
        ))
        .text(Text::PredictGo)
        .raw(concat!(
            r#"</button><button type="button" class="rll-button rll-button--small""#,
            mark!(PredictCancel)
        ))
        .act(Act::PredictCancel)
        .raw(r#">"#)
        .text(Text::PredictCancel)
        .raw(r#"</button></span><span class="rll-predict__note">"#)
        .text(Text::PredictHidden)
        .raw(concat!(
            r#"</span></form><p class="rll-predict__result" role="status""#,
            mark!(PredictResult)
        ))
        .slot(Slot::PredictResult)
        .raw(r#"></p>"#);
}

/// The limit, the load balancer and the presets.
fn scenario_line(w: &mut Writer) {
    w.raw(r#"<div class="rll-setup"><p class="rll-setup__limit""#)
        .slot(Slot::LimitLine)
        .raw(r#"></p>"#);
    algo_choice(w);
    w.slider(&EDGE, Text::SliderEdge);
    w.radios(
        Text::LbLegend,
        "lb",
        "lb",
        &[
            (LoadBalancer::Random.as_str(), Text::LbRandom),
            (LoadBalancer::RoundRobin.as_str(), Text::LbRoundRobin),
            (LoadBalancer::Sticky.as_str(), Text::LbSticky),
        ],
    );
    w.choice_group(
        Text::PresetLegend,
        &[
            Text::PresetGatepass,
            Text::PresetPerMinute,
            Text::PresetBooking,
        ],
        BUTTON_PAD,
    );
    for p in Preset::ALL {
        let (label, title) = match p {
            Preset::Gatepass => (Text::PresetGatepass, Text::PresetGatepassTitle),
            Preset::PerMinute => (Text::PresetPerMinute, Text::PresetPerMinuteTitle),
            Preset::Booking => (Text::PresetBooking, Text::PresetBookingTitle),
        };
        html!(
            w.out,
            concat!(
                r#"<span><button type="button" class="rll-choice__button""#,
                data!(Testid=),
                r#"preset-{}""#,
                data!(Act = {}),
                data!(Value = {}),
                r#" aria-pressed="false" title=""#
            ),
            p.as_str(),
            Act::Preset.as_str(),
            p.as_str()
        );
        // In a span, so that stacked it keeps its own width.
        w.text(title)
            .raw(r#"">"#)
            .text(label)
            .raw("</button></span>");
    }
    w.raw("</span></fieldset></div>");
}

/// How the count is kept: one radio a way, each with its consequence
/// under it (the view shows those the strategy takes), and the sentence
/// for the strategies that keep a fixed window only.
fn algo_choice(w: &mut Writer) {
    w.raw(concat!(
        r#"<fieldset class="rll-choice rll-algo""#,
        mark!(Algo),
        r#"><legend class="rll-choice__legend">"#
    ))
    .text(Text::AlgoLegend)
    .raw(r#"</legend>"#);
    for (a, name, note) in super::windows::ALGOS {
        html!(
            w.out,
            concat!(
                r#"<label class="rll-algo__option""#,
                data!(Algo = {}),
                r#"><input type="radio" name="{}-algo""#,
                data!(Testid=),
                r#"algo-{}""#,
                data!(Choice = "algo"),
                r#" value="{}"><span><span class="rll-algo__name">"#
            ),
            a.as_str(),
            w.id,
            a.as_str(),
            a.as_str()
        );
        w.text(name)
            .raw(r#"</span> <span class="rll-algo__note">"#)
            .text(note)
            .raw("</span></span></label>");
    }
    for (only, t) in [("incr", Text::AlgoOnlyIncr), ("fixed", Text::AlgoOnlyFixed)] {
        html!(
            w.out,
            concat!(
                r#"<p class="rll-algo__only""#,
                data!(AlgoOnly = {}),
                " hidden>"
            ),
            only
        );
        w.text(t).raw("</p>");
    }
    w.raw("</fieldset>");
}

/// The rest of the totals, what happens if Redis is slow or down (with its
/// settings), and the cost of sharing (with the site's traffic).
fn details(w: &mut Writer) {
    w.raw(r#"<dl class="rll-stats rll-more__stats""#)
        .slot(Slot::Stats)
        .raw(r#"></dl>"#);
    down(w);
    cost(w);
}

/// What happens if Redis is slow or down, with Redis's health, the
/// timeout and the fail rule.
fn down(w: &mut Writer) {
    html!(
        w.out,
        r#"<div role="group" class="rll-down" aria-labelledby="{}-down-title">"#,
        w.id
    );
    w.heading(2, "rll-down__title", "down-title", Text::DownTitle)
        .raw(concat!(r#"<p"#, mark!(RedisDown)))
        .slot(Slot::Down)
        .raw(r#"></p><div class="rll-redis-settings""#)
        .slot(Slot::RedisSettings)
        .raw(r#">"#);
    w.radios(
        Text::RedisLegend,
        "redis",
        // Not `redis-down`: that hook is the note on what happens if Redis
        // is slow or down.
        "health",
        &[
            (Health::Up.as_str(), Text::RedisUp),
            (Health::Slow.as_str(), Text::RedisSlow),
            (Health::Down.as_str(), Text::RedisDown),
        ],
    );
    w.slider(&TIMEOUT, Text::SliderTimeout);
    w.radios(
        Text::FailLegend,
        "fail",
        "fail",
        &[
            (Fail::Open.as_str(), Text::FailOpen),
            (Fail::Closed.as_str(), Text::FailClosed),
        ],
    );
    w.raw("</div></div>");
}

/// The cost of sharing, with the site's traffic.
fn cost(w: &mut Writer) {
    let id = w.id.to_string();
    html!(
        w.out,
        r#"<div role="group" class="rll-cost" aria-labelledby="{}-cost-title">"#,
        id
    );
    w.heading(2, "rll-cost__title", "cost-title", Text::CostTitle);
    html!(
        w.out,
        r#"<div class="rll-traffic"><label for="{}-traffic">"#,
        id
    );
    w.text(Text::SliderTraffic);
    html!(
        w.out,
        concat!(
            r#"</label><input type="number" id="{}-traffic""#,
            mark!(Traffic),
            data!(Knob = {}),
            r#" inputmode="numeric" min="1" max="1000000" step="1"><span class="rll-traffic__unit""#,
            data!(Slot = {}),
            r#"></span></div><dl class="rll-stats""#,
            data!(Slot = {}),
            "></dl></div>"
        ),
        id,
        TRAFFIC.name,
        Slot::Traffic.as_str(),
        Slot::Cost.as_str()
    );
}

/// The charts section: two hosts the view fills with SVG.
fn charts(w: &mut Writer) {
    let id = w.id.to_string();
    html!(
        w.out,
        concat!(
            r#"<div role="group" class="rll-charts""#,
            data!(Slot = {}),
            r#" aria-labelledby="{}-charts-title">"#
        ),
        Slot::Charts.as_str(),
        id
    );
    w.heading(2, "rll-section-title", "charts-title", Text::ChartsTitle)
        .raw(r#"<p class="rll-charts__note""#)
        .slot(Slot::ChartNote)
        .raw(r#"></p><ul class="rll-charts__legend" aria-hidden="true">"#);
    for s in Strategy::ALL {
        html!(
            w.out,
            r#"<li><i class="rll-chart__key rll-s-{}"></i>"#,
            s.as_str()
        );
        w.text(tab_names(s).0).raw("</li>");
    }
    w.raw(r#"</ul><p class="rll-charts__working" role="status""#)
        .slot(Slot::ChartWorking)
        .raw(r#"></p><div class="rll-charts__grid">"#);
    for (name, title) in [
        (SERVERS.name, Text::ChartServers),
        (RTT.name, Text::ChartRtt),
    ] {
        w.raw(r#"<figure class="rll-chart"><figcaption class="rll-chart__title">"#)
            .text(title);
        html!(
            w.out,
            concat!(
                r#"</figcaption><div class="rll-chart__host""#,
                data!(Chart = {}),
                r#"></div><details class="rll-chart__table"><summary>"#
            ),
            name
        );
        w.text(Text::ChartTable);
        html!(
            w.out,
            concat!(
                "</summary><table",
                data!(Table = {}),
                r#" tabindex="0"></table></details></figure>"#
            ),
            name
        );
    }
    w.raw(concat!(
        r#"</div><p class="rll-charts__readout" aria-hidden="true""#,
        mark!(ChartReadout)
    ))
    .slot(Slot::ChartReadout)
    .raw(r#"></p></div>"#);
}

/// The quiz: a slot per question, filled by [`super::quiz_view`].
fn quiz_section(w: &mut Writer, quiz: &[Question], order: &[Vec<usize>]) {
    let id = w.id.to_string();
    html!(
        w.out,
        concat!(
            r#"<div role="group" class="rll-quiz""#,
            mark!(Quiz),
            r#" aria-labelledby="{}-quiz-title">"#
        ),
        id
    );
    w.heading(1, "rll-section-title", "quiz-title", Text::QuizTitle)
        .raw(concat!(
            r#"<p class="rll-quiz__score" role="status""#,
            mark!(QuizScore)
        ))
        .slot(Slot::QuizScore)
        .raw(r#"></p><ol class="rll-quiz__list">"#);
    for (q, question) in quiz.iter().enumerate() {
        html!(
            w.out,
            concat!(
                r#"<li class="rll-question""#,
                data!(Testid = {}),
                data!(Q = {}),
                ">"
            ),
            Hook::QuizQuestion.as_str(),
            q
        );
        w.out.push(&super::quiz_view::question(
            question,
            &order[q],
            &Default::default(),
            q,
            w.id,
            w.t,
        ));
        w.raw("</li>");
    }
    w.raw(concat!(
        r#"</ol><button type="button" class="rll-button""#,
        mark!(QuizReset)
    ))
    .act(Act::QuizReset)
    .raw(r#" hidden>"#)
    .text(Text::QuizAgain)
    .raw("</button></div>");
}

/// The key takeaways, each with a scenario that shows it (when the page
/// offers its strategy).
fn takeaways(w: &mut Writer, offered: &[Strategy]) {
    let id = w.id.to_string();
    html!(
        w.out,
        r#"<div role="group" class="rll-takeaways" aria-labelledby="{}-takeaways-title">"#,
        id
    );
    w.heading(
        1,
        "rll-section-title",
        "takeaways-title",
        Text::TakeawaysTitle,
    )
    .raw("<ul>");
    for (text, label, query) in TAKEAWAYS {
        w.raw("<li>").terms(text);
        let strategy = crate::sim::params::parse(crate::sim::params::pairs(query))
            .scenario
            .strategy;
        if offered.contains(&strategy) {
            html!(
                w.out,
                concat!(
                    r#" <button type="button" class="rll-link""#,
                    mark!(ShowMe),
                    data!(Act = {}),
                    data!(Query = {}),
                    ">"
                ),
                Act::ShowMe.as_str(),
                query
            );
            let shown = w.t.fill(Text::ShowMe, &[("label", w.t.get(label))]);
            w.esc(&shown).raw("</button>");
        }
        w.raw("</li>");
    }
    w.raw("</ul></div>");
}

/// Copy controls, the privacy line and the proof (not in embed mode).
fn footer(w: &mut Writer) {
    w.raw(concat!(r#"<footer class="rll-foot"><div class="rll-foot__actions"><button type="button" class="rll-button""#, mark!(CopyLink))).act(Act::CopyLink).raw(r#">"#)
        .text(Text::CopyLink)
        .raw(concat!(r#"</button><button type="button" class="rll-button""#, mark!(CopyEmbed))).act(Act::CopyEmbed).raw(r#">"#)
        .text(Text::CopyEmbed)
        .raw(r#"</button><span class="rll-foot__status" role="status""#).hook(Hook::CopyStatus).raw(r#"></span></div><textarea class=""#).raw(Class::FootFallback.as_str()).raw(r#"" readonly rows="4" aria-label=""#)
        .text(Text::CopyText)
        .raw(r#"" hidden></textarea><p class="rll-foot__note">"#)
        .text(Text::Privacy)
        .raw(concat!(r#"</p><p class="rll-foot__note"><a href="proof.html""#, mark!(ProofLink), r#">"#))
        .text(Text::Proof)
        .raw("</a></p></footer>");
}

/// The code beside the picture: the view fills the files of the strategy
/// shown ([`super::code::markup`]), its note, and the line the replay is at.
fn code(w: &mut Writer) {
    let id = w.id.to_string();
    html!(
        w.out,
        r#"<div role="group" class="rll-code" aria-labelledby="{}-code-title">"#,
        id
    );
    w.heading(2, "rll-section-title", "code-title", Text::CodeTitle)
        .raw(r#"<p class="rll-code__intro">"#)
        .text(Text::CodeIntro)
        .raw(concat!(r#"</p><div class="rll-code__files""#, mark!(Code)))
        .slot(Slot::Code)
        .raw(concat!(r#"></div><p class="rll-code__at""#, mark!(CodeAt)))
        .slot(Slot::CodeAt)
        .raw(concat!(
            r#"></p><p class="rll-code__note""#,
            mark!(CodeNote)
        ))
        .slot(Slot::CodeNote)
        .raw(r#"></p></div>"#);
}
