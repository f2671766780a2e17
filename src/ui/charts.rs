//! The two charts (see [`crate::vm::chart`] and [`crate::sim::sweep`]):
//! what gets through as servers are added, and as the round trip grows.
//!
//! A sweep is thousands of model runs, so it never runs inside a slider
//! step: a new scenario starts a new sweep, and animation frames advance it
//! a few milliseconds at a time, only while the charts are on screen. Until
//! a point has all its bursts, the chart keeps the previous sweep's point,
//! marked stale. The SVG is built once and its attributes rewritten.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::canvas::{use_visible, use_width};
use super::dom::Attrs;
use super::state::Lab;
use crate::sim::sweep::{Axis, Sweep, SEEDS};
use crate::sim::{Scenario, Strategy};
use crate::vm::chart::{chart, px, Chart};
use crate::vm::names::Slot;
use crate::vm::skeleton::tab_names as names;
use crate::vm::text::{Texts, T};

const SVG: &str = "http://www.w3.org/2000/svg";

/// How long each animation frame may spend on sweeps, in ms: most of a
/// 16.7 ms frame, leaving the page enough for style, layout and input.
const BUDGET_MS: f64 = 12.0;

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
    axes: web_sys::Element,
    /// The axes' markup as last written.
    axes_html: String,
    /// The table of the same numbers (for screen readers) as last written.
    table_html: String,
    limit: Attrs,
    ceiling: Attrs,
    here: Attrs,
    bands: Vec<Attrs>,
    lines: Vec<Attrs>,
    dots: Vec<Attrs>,
}

fn svg_el(doc: &web_sys::Document, tag: &str, class: &str) -> web_sys::Element {
    let el = doc
        .create_element_ns(Some(SVG), tag)
        .unwrap_or_else(|_| doc.create_element("g").expect("an element"));
    let _ = el.set_attribute("class", class);
    el
}

impl Svg {
    fn new(
        doc: &web_sys::Document,
        host: &web_sys::Element,
        testid: &str,
        strategies: &[Strategy],
        points: usize,
    ) -> Svg {
        let svg = svg_el(doc, "svg", "rll-chart__svg");
        let _ = svg.set_attribute("data-testid", testid);
        let _ = svg.set_attribute("role", "group");
        let axes = svg_el(doc, "g", "rll-chart__axes");
        // The ticks' loose numbers are for the eye: a screen reader reads
        // each point's name (units in it) and the table.
        let _ = axes.set_attribute("aria-hidden", "true");
        let limit = svg_el(doc, "line", "rll-chart__limit");
        let ceiling = svg_el(doc, "path", "rll-chart__ceiling");
        let here = svg_el(doc, "line", "rll-chart__here");
        let _ = svg.append_child(&axes);
        let mut bands = Vec::new();
        let mut lines = Vec::new();
        for s in strategies {
            let band = svg_el(
                doc,
                "path",
                &format!("rll-chart__band rll-s-{}", s.as_str()),
            );
            let _ = svg.append_child(&band);
            bands.push(band);
        }
        let _ = svg.append_child(&ceiling);
        let _ = svg.append_child(&limit);
        let _ = svg.append_child(&here);
        for s in strategies {
            let line = svg_el(
                doc,
                "path",
                &format!("rll-chart__line rll-s-{}", s.as_str()),
            );
            let _ = svg.append_child(&line);
            lines.push(line);
        }
        let dots = (0..points)
            .map(|i| {
                let dot = svg_el(doc, "circle", "rll-chart__dot");
                let _ = dot.set_attribute("r", "3.5");
                let _ = dot.set_attribute("role", "img");
                let _ = dot.set_attribute("tabindex", if i == 0 { "0" } else { "-1" });
                let _ = svg.append_child(&dot);
                dot
            })
            .collect();
        let _ = host.append_child(&svg);
        let kept = |v: Vec<web_sys::Element>| v.into_iter().map(Attrs::new).collect();
        Svg {
            svg: Attrs::new(svg),
            axes,
            axes_html: String::new(),
            table_html: String::new(),
            limit: Attrs::new(limit),
            ceiling: Attrs::new(ceiling),
            here: Attrs::new(here),
            bands: kept(bands),
            lines: kept(lines),
            dots: kept(dots),
        }
    }

    /// Writes the chart into the elements.
    fn fill(&mut self, c: &Chart, axis_label: &str, limit_label: &str, texts: &Texts) {
        let set = |el: &mut Attrs, k: &'static str, v: &str| el.set(k, v);
        set(
            &mut self.svg,
            "viewBox",
            &format!("0 0 {} {}", px(c.w), px(c.h)),
        );
        set(&mut self.svg, "height", &px(c.h).to_string());
        // Axes and ticks: a few elements, rebuilt.
        let mut axes = String::new();
        let (bottom, left) = (c.h - 34.0, 40.0);
        axes.push_str(&format!(
            r#"<line class="rll-chart__axis" x1="{l}" y1="{b}" x2="{r}" y2="{b}"/><line class="rll-chart__axis" x1="{l}" y1="12" x2="{l}" y2="{b}"/>"#,
            l = px(left),
            b = px(bottom),
            r = px(c.w - 12.0)
        ));
        for (x, label) in &c.x_ticks {
            axes.push_str(&format!(
                r#"<text class="rll-chart__tick" x="{}" y="{}" text-anchor="middle">{}</text>"#,
                px(*x),
                px(bottom + 14.0),
                escape(label)
            ));
        }
        for (y, label) in &c.y_ticks {
            axes.push_str(&format!(
                r#"<line class="rll-chart__grid" x1="{l}" y1="{y}" x2="{r}" y2="{y}"/><text class="rll-chart__tick" x="{tx}" y="{ty}" text-anchor="end">{}</text>"#,
                escape(label),
                l = px(left),
                r = px(c.w - 12.0),
                y = px(*y),
                tx = px(left - 5.0),
                ty = px(*y + 4.0)
            ));
        }
        axes.push_str(&format!(
            r#"<text class="rll-chart__label" x="{}" y="{}" text-anchor="middle">{}</text><text class="rll-chart__label" x="{}" y="{}" text-anchor="end">{}</text>"#,
            px((left + c.w) / 2.0),
            px(c.h - 4.0),
            escape(axis_label),
            px(c.w - 14.0),
            px(c.limit_y - 5.0),
            escape(limit_label),
        ));
        if self.axes_html != axes {
            self.axes.set_inner_html(&axes);
            self.axes_html = axes;
        }
        set(&mut self.limit, "x1", &px(left).to_string());
        set(&mut self.limit, "x2", &px(c.w - 12.0).to_string());
        set(&mut self.limit, "y1", &px(c.limit_y).to_string());
        set(&mut self.limit, "y2", &px(c.limit_y).to_string());
        set(&mut self.ceiling, "d", c.ceiling.as_deref().unwrap_or(""));
        match c.here_x {
            Some(x) => {
                set(&mut self.here, "x1", &px(x).to_string());
                set(&mut self.here, "x2", &px(x).to_string());
                set(&mut self.here, "y1", "12");
                set(&mut self.here, "y2", &px(bottom).to_string());
                self.here.remove("visibility");
            }
            None => set(&mut self.here, "visibility", "hidden"),
        }
        for ((band, line), s) in self.bands.iter_mut().zip(&mut self.lines).zip(&c.series) {
            set(band, "d", &s.band);
            set(line, "d", &s.line);
        }
        for (k, el) in self.dots.iter_mut().enumerate() {
            match c.dots.get(k) {
                Some(d) => {
                    el.remove("visibility");
                    set(el, "cx", &px(d.cx).to_string());
                    set(el, "cy", &px(d.cy).to_string());
                    set(el, "data-strategy", d.strategy.as_str());
                    set(el, "data-x", &d.x);
                    set(el, "data-mean", &d.mean);
                    set(el, "data-min", &d.min.to_string());
                    set(el, "data-max", &d.max.to_string());
                    set(el, "aria-label", &point_label(c.axis, d, texts));
                    set(
                        el,
                        "class",
                        &format!(
                            "rll-chart__dot rll-s-{}{}",
                            d.strategy.as_str(),
                            if d.stale {
                                " rll-chart__dot--stale"
                            } else {
                                ""
                            }
                        ),
                    );
                }
                None => set(el, "visibility", "hidden"),
            }
        }
    }
}

/// Keeps SVG text safe to write as markup.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A point's numbers, in words.
fn point_label(axis: Axis, d: &crate::vm::chart::Dot, texts: &Texts) -> String {
    crate::vm::chart::point_label(axis, d, texts.get(names(d.strategy).0), texts)
}

/// The table of a chart's numbers, for screen readers.
fn table(c: &Chart, axis_label: &str, texts: &Texts) -> String {
    let mut xs: Vec<&str> = Vec::new();
    for d in &c.dots {
        if !xs.contains(&d.x_text.as_str()) {
            xs.push(&d.x_text);
        }
    }
    let mut out = format!(
        "<thead><tr><th scope=\"col\">{}</th>",
        escape(texts.get(T::ChartColStrategy))
    );
    for x in &xs {
        out.push_str(&format!(
            "<th scope=\"col\">{} {}</th>",
            escape(axis_label),
            escape(x)
        ));
    }
    out.push_str("</tr></thead><tbody>");
    for s in &c.series {
        out.push_str(&format!(
            "<tr><th scope=\"row\">{}</th>",
            escape(texts.get(names(s.strategy).0))
        ));
        for x in &xs {
            let cell = c
                .dots
                .iter()
                .find(|d| d.strategy == s.strategy && d.x_text == *x)
                .map(|d| format!("{} ({}–{})", d.mean, d.min, d.max))
                .unwrap_or_default();
            out.push_str(&format!("<td>{cell}</td>"));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody>");
    out
}

/// Arrow keys on a chart's point move to the next one (one tab stop per
/// chart): left and right along a line, up and down between lines.
pub fn key(dot: &web_sys::Element, key: &str, ev: &web_sys::Event) {
    let Some(svg) = dot.parent_element() else {
        return;
    };
    let dots = super::dom::all(&svg, "circle:not([visibility])");
    let n = dots.len() as i32;
    let series = super::dom::all(&svg, ".rll-chart__line").len().max(1) as i32;
    let per = (n / series).max(1);
    let step: i32 = match key {
        "ArrowRight" => 1,
        "ArrowLeft" => -1,
        "ArrowDown" => per,
        "ArrowUp" => -per,
        _ => return,
    };
    let at = dots.iter().position(|d| d == dot).unwrap_or(0) as i32;
    if let Some(next) = dots.get((at + step).clamp(0, (n - 1).max(0)) as usize) {
        ev.prevent_default();
        let _ = dot.set_attribute("tabindex", "-1");
        let _ = next.set_attribute("tabindex", "0");
        super::dom::focus(next);
    }
}

/// Hover or focus on a point: its numbers under the charts.
pub fn readout(lab: Lab, ev: &web_sys::Event) {
    let Some(dot) = super::dom::closest(ev, ".rll-chart__dot") else {
        return;
    };
    let Some(label) = dot.get_attribute("aria-label") else {
        return;
    };
    if let Some(root) = dot.closest(".rll-charts").ok().flatten() {
        if let Some(out) = super::dom::slot(&root, Slot::ChartReadout) {
            super::dom::text(&out, &label);
        }
    }
    let _ = lab;
}

/// Binds the charts under `root`.
pub fn bind(lab: Lab, root: &web_sys::Element) {
    let Some(section) = super::dom::slot(root, Slot::Charts) else {
        return;
    };
    let hosts: Vec<web_sys::Element> = ["servers", "rtt"]
        .iter()
        .filter_map(|n| super::dom::find(&section, &format!("[data-chart=\"{n}\"]")))
        .collect();
    let tables: Vec<web_sys::Element> = ["servers", "rtt"]
        .iter()
        .filter_map(|n| super::dom::find(&section, &format!("[data-table=\"{n}\"]")))
        .collect();
    if hosts.len() < 2 || tables.len() < 2 {
        return;
    }
    let note = super::dom::slot(&section, Slot::ChartNote);
    let working_el = super::dom::slot(&section, Slot::ChartWorking);
    let width = use_width(&hosts[0]);
    // Nobody sees a chart off screen: sweep only while it is (nearly) in view.
    let visible = use_visible(&section);
    let working = RwSignal::new(true);
    let tick = RwSignal::new(0u32);
    let sweeps = Rc::new(RefCell::new([
        Sweeping {
            axis: Axis::Servers,
            key: None,
            now: None,
            before: None,
        },
        Sweeping {
            axis: Axis::Rtt,
            key: None,
            now: None,
            before: None,
        },
    ]));
    // The SVGs are built the first time the charts come into view: nothing
    // at start-up for a section most learners reach later.
    let svgs: Rc<RefCell<Vec<Svg>>> = Rc::new(RefCell::new(Vec::new()));
    let doc = section.owner_document();

    // Draws both charts from the sweeps as they stand.
    let redraw = {
        let (sweeps, svgs) = (sweeps.clone(), svgs.clone());
        move |w: f64| {
            if svgs.borrow().is_empty() {
                if let Some(doc) = &doc {
                    let count = |axis: Axis| axis.strategies().len() * axis.values().len();
                    let mut v = svgs.borrow_mut();
                    v.push(Svg::new(
                        doc,
                        &hosts[0],
                        "chart-servers",
                        &Axis::Servers.strategies(),
                        count(Axis::Servers),
                    ));
                    v.push(Svg::new(
                        doc,
                        &hosts[1],
                        "chart-rtt",
                        &Axis::Rtt.strategies(),
                        count(Axis::Rtt),
                    ));
                }
            }
            let mut svgs = svgs.borrow_mut();
            let m = lab.m();
            let s = lab.scenario.get_untracked();
            let h = if w < crate::vm::NARROW_FIGURE {
                220.0
            } else {
                260.0
            };
            for (k, (sw, svg)) in sweeps.borrow().iter().zip(svgs.iter_mut()).enumerate() {
                let Some(now) = sw.now.as_ref() else { continue };
                let (here, axis_t) = match sw.axis {
                    Axis::Servers => (s.servers, T::ChartAxisServers),
                    Axis::Rtt => (s.rtt_us, T::ChartAxisRtt),
                };
                let c = chart(now, sw.before.as_ref(), w.max(200.0), h, here);
                let limit_label = m.texts.fill(T::ChartLimit, &[("l", &s.limit.to_string())]);
                svg.fill(&c, m.texts.get(axis_t), &limit_label, &m.texts);
                if c.done {
                    let html = table(&c, m.texts.get(axis_t), &m.texts);
                    if svg.table_html != html {
                        tables[k].set_inner_html(&html);
                        svg.table_html = html;
                    }
                }
            }
        }
    };

    // A new scenario: new sweeps (cheap: nothing runs yet), then wake the worker.
    {
        let sweeps = sweeps.clone();
        super::effect(move || {
            let s = lab.scenario.get();
            for sw in sweeps.borrow_mut().iter_mut() {
                sw.follow(&s);
            }
            if let Some(n) = &note {
                super::dom::text(n, &crate::vm::chart::note(&s, &lab.m().texts));
            }
            working.set(true);
            tick.update(|t| *t += 1);
        });
    }
    super::effect(move || {
        let busy = working.get();
        if let Some(w) = &working_el {
            super::dom::text(
                w,
                &if busy {
                    lab.t(T::ChartWorking)
                } else {
                    String::new()
                },
            );
        }
    });

    // The worker: while visible and not done, advance the sweeps a few
    // milliseconds per animation frame, then redraw.
    type Frame = Rc<RefCell<Option<Closure<dyn FnMut()>>>>;
    let frame: Frame = Rc::new(RefCell::new(None));
    let running = Rc::new(std::cell::Cell::new(false));
    // The frame asked for, cancelled when the widget goes (its closure is
    // dropped then, and must not be called after).
    let pending = Rc::new(std::cell::Cell::new(0));
    {
        let (sweeps, frame_in, running_in, redraw, pending) = (
            sweeps.clone(),
            frame.clone(),
            running.clone(),
            redraw.clone(),
            pending.clone(),
        );
        let drawn_at = std::cell::Cell::new(f64::NEG_INFINITY);
        *frame.borrow_mut() = Some(Closure::new(move || {
            let Some(perf) = web_sys::window().and_then(|w| w.performance()) else {
                return;
            };
            if !visible.try_get_untracked().unwrap_or(false) {
                running_in.set(false);
                return;
            }
            let start = perf.now();
            let mut done = true;
            for sw in sweeps.borrow_mut().iter_mut() {
                let Some(now) = sw.now.as_mut() else { continue };
                while !now.is_done() && perf.now() - start < BUDGET_MS {
                    now.advance(SEEDS);
                }
                done &= now.is_done();
            }
            // Points appear a few times a second while the sweeps run: a
            // redraw (the SVG's attributes, then its style and layout) costs
            // about as much as a frame's runs, so every frame would halve
            // the pace.
            if done || start - drawn_at.get() >= REDRAW_MS {
                drawn_at.set(start);
                redraw(width.get_untracked());
            }
            if done {
                running_in.set(false);
                working.set(false);
                for sw in sweeps.borrow_mut().iter_mut() {
                    sw.before = None;
                }
            } else if let (Some(w), Some(f)) = (web_sys::window(), frame_in.borrow().as_ref()) {
                pending.set(
                    w.request_animation_frame(f.as_ref().unchecked_ref())
                        .unwrap_or(0),
                );
            }
        }));
    }
    {
        let (frame, running, redraw, pending) = (
            frame.clone(),
            running.clone(),
            redraw.clone(),
            pending.clone(),
        );
        super::effect(move || {
            tick.track();
            let w = width.get();
            // Nobody sees a chart off screen: draw it when it comes into view.
            if !visible.get() {
                return;
            }
            redraw(w);
            if !running.get() {
                running.set(true);
                if let (Some(win), Some(f)) = (web_sys::window(), frame.borrow().as_ref()) {
                    pending.set(
                        win.request_animation_frame(f.as_ref().unchecked_ref())
                            .unwrap_or(0),
                    );
                }
            }
        });
    }

    let held = send_wrapper::SendWrapper::new((frame, pending));
    on_cleanup(move || {
        let (frame, pending) = held.take();
        if let Some(w) = web_sys::window() {
            let _ = w.cancel_animation_frame(pending.get());
        }
        frame.borrow_mut().take();
    });
}
