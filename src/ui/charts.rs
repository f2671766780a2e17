//! The two charts (see [`crate::vm::chart`] and [`crate::sim::sweep`]):
//! what gets through as servers are added, and as the round trip grows;
//! and the mini chart beside the round-trip slider, the learner's strategy
//! on the round-trip chart's own sweep. Each is one image named by what it
//! shows; the view-model writes the names, the axes and the tables.
//!
//! A sweep is thousands of model runs, so it never runs inside a slider
//! step: a new scenario starts a new sweep, and animation frames advance it
//! a few milliseconds at a time, only while the charts are on screen. Until
//! a point has all its bursts, the chart keeps the previous sweep's point,
//! marked stale. The SVG is written once (by [`crate::vm::chart::svg`])
//! and then only its attributes rewritten.

use crate::vm::names::Slot;
use std::cell::RefCell;
use std::rc::Rc;

use super::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::canvas::{use_visible, use_width};
use super::dom::Attrs;
use super::state::Lab;
use crate::sim::sweep::{Axis, Sweep, SEEDS};
use crate::sim::{Scenario, Strategy, RTT, SERVERS};
use crate::vm::chart::{
    chart, dot_class, mini as mini_chart, point_label, px, series_class, svg, Chart, MINI_H,
};
use crate::vm::names::{Class, Data, Hook};
use crate::vm::text::{Text, Texts};

/// How long each animation frame may spend on sweeps, in ms: most of a
/// 16.7 ms frame while the charts are on screen, leaving the page enough
/// for style, layout and input; a quarter of a frame for the mini chart
/// alone, which is on screen while the learner drags the other sliders.
const BUDGET_MS: f64 = 12.0;
const MINI_BUDGET_MS: f64 = 4.0;

/// While the sweeps run, how often the charts are redrawn, in ms.
const REDRAW_MS: f64 = 150.0;

/// A chart's sweep, and the one before it (shown, stale, until replaced).
struct Sweeping {
    axis: Axis,
    key: Option<Scenario>,
    now: Option<Sweep>,
    before: Option<Sweep>,
}

impl Sweeping {
    fn new(axis: Axis) -> Sweeping {
        Sweeping {
            axis,
            key: None,
            now: None,
            before: None,
        }
    }

    /// What the sweep depends on: the scenario without the strategy and
    /// the swept setting.
    fn key(axis: Axis, s: &Scenario) -> Scenario {
        let base = axis.base(s).with_strategy(Strategy::Local);
        match axis {
            Axis::Servers => base.with_servers(1),
            Axis::Rtt => base.with_rtt_us(0),
        }
    }

    /// Starts over if the scenario changed what the sweep depends on.
    fn follow(&mut self, s: &Scenario) {
        let key = Sweeping::key(self.axis, s);
        if self.key != Some(key) {
            self.key = Some(key);
            if self.now.as_ref().is_some_and(Sweep::is_done) || self.before.is_none() {
                self.before = self.now.take();
            }
            self.now = Some(Sweep::new(self.axis, s));
        }
    }
}

/// The elements of one chart, kept across updates with what was last
/// written to them: a redraw while a sweep fills in writes only the points
/// that changed.
struct Svg {
    svg: Attrs,
    /// The axes (a full chart; none on the mini chart) and their markup
    /// as last written.
    axes: Option<web_sys::Element>,
    axes_html: crate::vm::html::Html,
    /// The table of the same numbers (for screen readers) as last written.
    table_html: crate::vm::html::Html,
    limit: Attrs,
    ceiling: Attrs,
    here: Attrs,
    /// The mini chart's dot on its line at the learner's round trip.
    at: Attrs,
    bands: Vec<Attrs>,
    lines: Vec<Attrs>,
    dots: Vec<Attrs>,
}

impl Svg {
    /// Writes the SVG `vm` makes ([`svg`]) into `host` and finds its parts.
    fn new(
        host: &web_sys::Element,
        hook: Hook,
        lines: usize,
        points: usize,
        full: bool,
    ) -> Option<Svg> {
        super::dom::set_html(host, &svg(hook, lines, points, full));
        let found = host.last_element_child().and_then(Svg::parts);
        // The parts are `vm`'s names (checked natively): one missing is a
        // rename on one side only.
        #[cfg(debug_assertions)]
        if found.is_none() {
            let said = "rate limit lab: a chart's SVG lacks a part the view binds";
            web_sys::console::error_1(&said.into());
        }
        found
    }

    /// The parts of the chart's SVG `el`, found by their names.
    fn parts(el: web_sys::Element) -> Option<Svg> {
        let one = |c: Class| super::dom::find(&el, c.selector());
        let kept = |c: Class| one(c).map(Attrs::new);
        let all = |c: Class| {
            let found = super::dom::all(&el, c.selector());
            found.into_iter().map(Attrs::new).collect()
        };
        Some(Svg {
            axes: one(Class::ChartAxes),
            axes_html: crate::vm::html::Html::new(),
            table_html: crate::vm::html::Html::new(),
            limit: kept(Class::ChartLimit)?,
            ceiling: kept(Class::ChartCeiling)?,
            here: kept(Class::ChartHere)?,
            at: kept(Class::ChartAt)?,
            bands: all(Class::ChartBand),
            lines: all(Class::ChartLine),
            dots: all(Class::ChartDot),
            svg: Attrs::new(el),
        })
    }

    /// Writes the chart into the elements: `name` is the image's name,
    /// `labels` a full chart's axis name and limit label.
    fn fill(&mut self, c: &Chart, name: &str, labels: Option<(&str, &str)>, texts: &Texts) {
        let set = |el: &mut Attrs, k: &'static str, v: &str| el.set(k, v);
        let n = |v: f64| px(v).to_string();
        set(
            &mut self.svg,
            "viewBox",
            &format!("0 0 {} {}", px(c.w), px(c.h)),
        );
        set(&mut self.svg, "height", &n(c.h));
        set(&mut self.svg, "aria-label", name);
        if let (Some(el), Some((axis, limit))) = (&self.axes, labels) {
            super::dom::html(
                el,
                crate::vm::chart::axes(c, axis, limit),
                &mut self.axes_html,
            );
        }
        let (left, right, bottom) = (n(c.m.left), n(c.w - c.m.right), n(c.h - c.m.bottom));
        set(&mut self.limit, "x1", &left);
        set(&mut self.limit, "x2", &right);
        set(&mut self.limit, "y1", &n(c.limit_y));
        set(&mut self.limit, "y2", &n(c.limit_y));
        set(&mut self.ceiling, "d", c.ceiling.as_deref().unwrap_or(""));
        match c.here_x {
            Some(x) => {
                set(&mut self.here, "x1", &n(x));
                set(&mut self.here, "x2", &n(x));
                set(&mut self.here, "y1", &n(c.m.top));
                set(&mut self.here, "y2", &bottom);
                self.here.remove("visibility");
            }
            None => set(&mut self.here, "visibility", "hidden"),
        }
        match (c.here_x, c.here_at) {
            (Some(x), Some((y, _))) => {
                set(&mut self.at, "cx", &n(x));
                set(&mut self.at, "cy", &n(y));
                self.at.remove("visibility");
            }
            _ => set(&mut self.at, "visibility", "hidden"),
        }
        for ((band, line), s) in self.bands.iter_mut().zip(&mut self.lines).zip(&c.series) {
            set(band, "d", &s.band);
            set(band, "class", &series_class(Class::ChartBand, s.strategy));
            set(line, "d", &s.line);
            set(line, "class", &series_class(Class::ChartLine, s.strategy));
        }
        for (k, el) in self.dots.iter_mut().enumerate() {
            match c.dots.get(k) {
                Some(d) => {
                    el.remove("visibility");
                    set(el, "cx", &n(d.cx));
                    set(el, "cy", &n(d.cy));
                    set(el, Data::Strategy.as_str(), d.strategy.as_str());
                    set(el, Data::X.as_str(), &d.x);
                    set(el, Data::Mean.as_str(), &d.mean);
                    set(el, Data::Min.as_str(), &d.min.to_string());
                    set(el, Data::Max.as_str(), &d.max.to_string());
                    set(el, Data::Label.as_str(), &point_label(c.axis, d, texts));
                    set(el, "class", &dot_class(d));
                }
                None => set(el, "visibility", "hidden"),
            }
        }
    }
}

/// A chart's drawn points, and the one the arrow keys are on (`data-at`).
fn points_of(svg: &web_sys::Element) -> (Vec<web_sys::Element>, Option<usize>) {
    let drawn = format!("{}:not([visibility])", Class::ChartDot.selector());
    let dots = super::dom::all(svg, &drawn);
    let at = dots.iter().position(|d| d.has_attribute(Data::At.as_str()));
    (dots, at)
}

/// Puts the arrow keys' mark on `dot` and its numbers in the readout.
fn mark(svg: &web_sys::Element, dots: &[web_sys::Element], at: Option<usize>, to: usize) {
    if let Some(old) = at.and_then(|k| dots.get(k)) {
        let _ = old.remove_attribute(Data::At.as_str());
    }
    if let Some(dot) = dots.get(to) {
        let _ = dot.set_attribute(Data::At.as_str(), "");
        show(svg, dot);
    }
}

/// `dot`'s numbers in the readout under the charts.
fn show(svg: &web_sys::Element, dot: &web_sys::Element) {
    let label = dot.get_attribute(Data::Label.as_str()).unwrap_or_default();
    if let Some(out) = svg
        .closest(Slot::Charts.selector())
        .ok()
        .flatten()
        .and_then(|root| super::dom::slot(&root, Slot::ChartReadout))
    {
        super::dom::text(&out, &label);
    }
}

/// Arrow keys on a chart move its mark to the next point (the chart is
/// one tab stop): left and right along a line, up and down between lines.
pub fn key(svg: &web_sys::Element, key: &str, ev: &web_sys::Event) {
    let (dots, at) = points_of(svg);
    let n = dots.len() as i32;
    let series = super::dom::all(svg, Class::ChartLine.selector())
        .len()
        .max(1) as i32;
    let per = (n / series).max(1);
    let step: i32 = match key {
        "ArrowRight" => 1,
        "ArrowLeft" => -1,
        "ArrowDown" => per,
        "ArrowUp" => -per,
        _ => return,
    };
    ev.prevent_default();
    let from = at.unwrap_or(0) as i32;
    mark(
        svg,
        &dots,
        at,
        (from + step).clamp(0, (n - 1).max(0)) as usize,
    );
}

/// Focus on a chart (its marked point, the first at first) or hover on a
/// point: its numbers under the charts.
pub fn readout(ev: &web_sys::Event) {
    if ev.type_() == "focusin" {
        let focusable = format!("{}[tabindex]", Class::ChartSvg.selector());
        if let Some(svg) = super::dom::closest(ev, &focusable) {
            let (dots, at) = points_of(&svg);
            mark(&svg, &dots, at, at.unwrap_or(0));
        }
    } else if let Some(dot) = super::dom::closest(ev, Class::ChartDot.selector()) {
        if let Some(svg) = dot.closest("svg").ok().flatten() {
            show(&svg, &dot);
        }
    }
}

/// The two charts' section, once found.
struct Section {
    hosts: [web_sys::Element; 2],
    tables: [web_sys::Element; 2],
    note: Option<web_sys::Element>,
    working: Option<web_sys::Element>,
    width: Signal<f64>,
    visible: Signal<bool>,
}

impl Section {
    fn find(lab: Lab, root: &web_sys::Element) -> Option<Section> {
        let section = super::dom::slot(root, Slot::Charts)?;
        // Nobody sees a chart off screen: sweep only while it is (nearly)
        // in view, and once its words (read later, [`super::later`]) are here.
        let near = use_visible(&section);
        let visible = if super::later::ready() {
            near
        } else {
            super::later::want_when_near(lab.later, &section);
            super::memo(move || near.get() && lab.later.get() == super::later::READY).into()
        };
        let get = |attr: &str, n: &str| super::dom::find(&section, &format!("[{attr}=\"{n}\"]"));
        let hosts = [
            get(Data::Chart.as_str(), SERVERS.name)?,
            get(Data::Chart.as_str(), RTT.name)?,
        ];
        let tables = [
            get(Data::Table.as_str(), SERVERS.name)?,
            get(Data::Table.as_str(), RTT.name)?,
        ];
        Some(Section {
            width: use_width(&hosts[0], None),
            visible,
            note: super::dom::slot(&section, Slot::ChartNote),
            working: super::dom::slot(&section, Slot::ChartWorking),
            hosts,
            tables,
        })
    }
}

/// The mini chart beside the round-trip slider.
struct Mini {
    host: web_sys::Element,
    width: Signal<f64>,
    visible: Signal<bool>,
}

/// The SVGs, built the first time each comes into view: nothing at
/// start-up for a section most learners reach later.
#[derive(Default)]
struct Drawn {
    charts: Vec<Svg>,
    mini: Option<Svg>,
}

/// Draws the two charts from the sweeps as they stand (building them the
/// first time).
fn draw_charts(lab: Lab, sec: &Section, sweeps: &[Sweeping; 2], drawn: &mut Drawn) {
    if drawn.charts.is_empty() {
        let built = [
            (Axis::Servers, Hook::ChartServers),
            (Axis::Rtt, Hook::ChartRtt),
        ]
        .into_iter()
        .zip(&sec.hosts)
        .map(|((axis, hook), host)| {
            let lines = axis.strategies().len();
            Svg::new(host, hook, lines, lines * axis.values().len(), true)
        })
        .collect::<Option<Vec<_>>>();
        drawn.charts = built.unwrap_or_default();
    }
    let m = lab.mounted();
    let s = lab.scenario.get_untracked();
    let w = sec.width.get_untracked();
    let h = crate::vm::chart::height(w);
    let limit = m
        .texts
        .fill(Text::ChartLimit, &[("l", &s.limit.to_string())]);
    for (k, (sw, svg)) in sweeps.iter().zip(drawn.charts.iter_mut()).enumerate() {
        let Some(now) = sw.now.as_ref() else { continue };
        let (here, axis_t, title) = match sw.axis {
            Axis::Servers => (s.servers, Text::ChartAxisServers, Text::ChartServers),
            Axis::Rtt => (s.rtt_us, Text::ChartAxisRtt, Text::ChartRtt),
        };
        let c = chart(now, sw.before.as_ref(), w.max(200.0), h, here);
        let (axis, title) = (m.texts.get(axis_t), m.texts.get(title));
        let name = crate::vm::chart::summary(&c, title, &m.texts);
        svg.fill(&c, &name, Some((axis, &limit)), &m.texts);
        if c.done {
            let html = crate::vm::chart::table(&c, title, axis, &m.texts);
            super::dom::html(&sec.tables[k], html, &mut svg.table_html);
        }
    }
}

/// Draws the mini chart: the learner's strategy on the round-trip sweep,
/// their round trip marked.
fn draw_mini(lab: Lab, mini: &Mini, rtt: &Sweeping, drawn: &mut Drawn) {
    let s = lab.scenario.get_untracked();
    let Some(now) = rtt.now.as_ref() else { return };
    if !crate::vm::chart::mini_shown(s.strategy) {
        return;
    }
    if drawn.mini.is_none() {
        let points = Axis::Rtt.values().len();
        drawn.mini = Svg::new(&mini.host, Hook::RttMini, 1, points, false);
    }
    let Some(svg) = drawn.mini.as_mut() else {
        return;
    };
    let m = lab.mounted();
    let w = mini.width.get_untracked().max(40.0);
    let c = mini_chart(now, rtt.before.as_ref(), w, MINI_H, s.rtt_us, s.strategy);
    svg.fill(
        &c,
        &crate::vm::chart::mini_text(&c, s.rtt_us, &m.texts),
        None,
        &m.texts,
    );
}

/// Binds the charts and the mini chart under `root`.
pub fn bind(lab: Lab, root: &web_sys::Element) {
    let views = Views {
        section: Section::find(lab, root),
        mini: super::dom::slot(root, Slot::RttMini).map(|host| Mini {
            width: use_width(&host, None),
            visible: use_visible(&host),
            host,
        }),
    };
    if views.section.is_none() && views.mini.is_none() {
        return;
    }
    let views = Rc::new(views);
    let working = RwSignal::new(true);
    let tick = RwSignal::new(0u32);
    let sweeps = Rc::new(RefCell::new([
        Sweeping::new(Axis::Servers),
        Sweeping::new(Axis::Rtt),
    ]));
    follow(lab, &views, &sweeps, working, tick);
    show_working(lab, &views, working);
    let worker = Rc::new(Worker::default());
    worker.start(lab, views.clone(), sweeps, working);
    wake(lab, &views, &worker, tick);
    let held = send_wrapper::SendWrapper::new(worker);
    on_cleanup(move || held.take().stop());
}

/// What the charts are drawn into, found once: the section's two charts
/// and the mini chart, either of which a page may leave out.
struct Views {
    section: Option<Section>,
    mini: Option<Mini>,
}

impl Views {
    /// Whether the two charts are (nearly) in view.
    fn charts_seen(&self) -> bool {
        self.section
            .as_ref()
            .is_some_and(|s| s.visible.try_get().unwrap_or(false))
    }

    /// Whether the mini chart is in view and the strategy has one.
    fn mini_seen(&self, lab: Lab) -> bool {
        self.mini
            .as_ref()
            .is_some_and(|m| m.visible.try_get().unwrap_or(false))
            && lab
                .scenario
                .try_with(|s| crate::vm::chart::mini_shown(s.strategy))
                .unwrap_or(false)
    }

    /// Draws what is on screen from the sweeps as they stand.
    fn redraw(&self, lab: Lab, sweeps: &[Sweeping; 2], drawn: &mut Drawn) {
        if let Some(sec) = self
            .section
            .as_ref()
            .filter(|_| untrack(|| self.charts_seen()))
        {
            draw_charts(lab, sec, sweeps, drawn);
        }
        if let Some(m) = self
            .mini
            .as_ref()
            .filter(|_| untrack(|| self.mini_seen(lab)))
        {
            draw_mini(lab, m, &sweeps[1], drawn);
        }
    }
}

/// A new scenario: new sweeps where it changed what they depend on
/// (cheap: nothing runs yet), the note, then the worker woken (the
/// controls show the mini chart or not). A new round trip changes neither sweep the mini chart
/// draws: only its mark moves.
fn follow(
    lab: Lab,
    views: &Rc<Views>,
    sweeps: &Rc<RefCell<[Sweeping; 2]>>,
    working: RwSignal<bool>,
    tick: RwSignal<u32>,
) {
    let (views, sweeps) = (views.clone(), sweeps.clone());
    super::effect(move || {
        let s = lab.scenario.get();
        for sw in sweeps.borrow_mut().iter_mut() {
            sw.follow(&s);
        }
        if let Some(n) = views.section.as_ref().and_then(|s| s.note.as_ref()) {
            // Its words are read later: written again once they are here.
            lab.later.track();
            super::dom::text(n, &crate::vm::chart::note(&s, &lab.mounted().texts));
        }
        working.set(true);
        tick.update(|t| *t += 1);
    });
}

/// "Working…" under the charts while a sweep runs.
fn show_working(lab: Lab, views: &Views, working: RwSignal<bool>) {
    if let Some(w) = views.section.as_ref().and_then(|s| s.working.clone()) {
        super::effect(move || {
            let text = if working.get() {
                lab.t(Text::ChartWorking)
            } else {
                String::new()
            };
            super::dom::text(&w, &text);
        });
    }
}

/// The sweeps' worker: while a view is on screen and its sweep not done,
/// one animation frame after another advances the sweep a few
/// milliseconds, then redraws.
#[derive(Default)]
struct Worker {
    frame: RefCell<Option<Closure<dyn FnMut()>>>,
    running: std::cell::Cell<bool>,
    /// The frame asked for, cancelled when the widget goes (its closure
    /// is dropped then, and must not be called after).
    pending: std::cell::Cell<i32>,
}

impl Worker {
    /// Asks for the next animation frame.
    fn ask(&self) {
        if let (Some(w), Some(f)) = (web_sys::window(), self.frame.borrow().as_ref()) {
            self.pending.set(
                w.request_animation_frame(f.as_ref().unchecked_ref())
                    .unwrap_or(0),
            );
        }
    }

    /// Makes the frame's closure (not yet asked for).
    fn start(
        self: &Rc<Self>,
        lab: Lab,
        views: Rc<Views>,
        sweeps: Rc<RefCell<[Sweeping; 2]>>,
        working: RwSignal<bool>,
    ) {
        let me = self.clone();
        let drawn = RefCell::new(Drawn::default());
        let drawn_at = std::cell::Cell::new(f64::NEG_INFINITY);
        *self.frame.borrow_mut() = Some(Closure::new(move || {
            let Some(done) = advance(lab, &views, &sweeps, &drawn, &drawn_at) else {
                return;
            };
            if !done {
                return me.ask();
            }
            me.running.set(false);
            let all = sweeps
                .borrow()
                .iter()
                .all(|sw| sw.now.as_ref().is_some_and(Sweep::is_done));
            if all {
                working.set(false);
                for sw in sweeps.borrow_mut().iter_mut() {
                    sw.before = None;
                }
            }
        }));
    }

    /// The widget is gone: no frame after this one, and the closure
    /// dropped.
    fn stop(&self) {
        if let Some(w) = web_sys::window() {
            let _ = w.cancel_animation_frame(self.pending.get());
        }
        self.frame.borrow_mut().take();
    }
}

/// One frame of the worker: advances the sweeps the views on screen need
/// (the servers sweep only for the charts; the round trip's for the charts
/// or the mini chart) within the frame's budget, redraws now and then, and
/// says whether they are done (`None`: no clock to keep the budget by).
fn advance(
    lab: Lab,
    views: &Views,
    sweeps: &RefCell<[Sweeping; 2]>,
    drawn: &RefCell<Drawn>,
    drawn_at: &std::cell::Cell<f64>,
) -> Option<bool> {
    let perf = web_sys::window().and_then(|w| w.performance())?;
    let charts = untrack(|| views.charts_seen());
    let needed = [charts, charts || untrack(|| views.mini_seen(lab))];
    let budget = if charts { BUDGET_MS } else { MINI_BUDGET_MS };
    let start = perf.now();
    let mut done = true;
    for (sw, need) in sweeps.borrow_mut().iter_mut().zip(needed) {
        let Some(now) = sw.now.as_mut().filter(|_| need) else {
            continue;
        };
        while !now.is_done() && perf.now() - start < budget {
            // A tenth of a point at a time: at 16 × 500 a whole point
            // would overrun the mini chart's budget.
            now.advance(SEEDS / 10);
        }
        done &= now.is_done();
    }
    // Points appear a few times a second while the sweeps run: a redraw
    // (the SVG's attributes, then its style and layout) costs about as
    // much as a frame's runs, so every frame would halve the pace.
    if done || start - drawn_at.get() >= REDRAW_MS {
        drawn_at.set(start);
        views.redraw(lab, &sweeps.borrow(), &mut drawn.borrow_mut());
    }
    Some(done)
}

/// Starts the worker when a view comes on screen, the scenario changes
/// (`tick`) or a view is resized. Nobody sees a chart off screen: it is
/// drawn when it comes into view, in the next frame, never inside the
/// slider's input (a round trip dragged moves the mini chart's mark a
/// frame later).
fn wake(lab: Lab, views: &Rc<Views>, worker: &Rc<Worker>, tick: RwSignal<u32>) {
    let (views, worker) = (views.clone(), worker.clone());
    super::effect(move || {
        tick.track();
        let (charts, mini) = (views.charts_seen(), views.mini_seen(lab));
        // Track the widths: a resize redraws.
        if let Some(s) = &views.section {
            s.width.track();
        }
        if let Some(m) = &views.mini {
            m.width.track();
        }
        if (charts || mini) && !worker.running.get() {
            worker.running.set(true);
            worker.ask();
        }
    });
}
