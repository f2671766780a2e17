//! The picture of the servers (drawn on a canvas from
//! [`crate::vm::topology`]), the replay controls under it, and the
//! prediction asked before the reveal.

use std::cell::RefCell;
use std::rc::Rc;

use super::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement};

use super::canvas::{use_width, Palette, Surface};
use super::clock::reduced_motion;
use super::dom::{self, attr, find, hide, slot, text};
use super::effect;
use super::state::{Lab, Predict, Words};
use crate::sim::{Moment, Scenario};
use crate::vm::format;
use crate::vm::names::{Class, Data, Hook, Slot};
use crate::vm::own;
use crate::vm::reads::shared_count;
use crate::vm::replay;
use crate::vm::text::{Text, Texts};
use crate::vm::topology::{self, Dot, Frame, Layout, Look, Rect};

type Ctx = web_sys::CanvasRenderingContext2d;

/// A rounded box with its name in it: above the middle when a second line
/// (drawn by [`second_line`]) goes under it, else in the upper part, as
/// requests pass through the lower part.
fn node(ctx: &Ctx, r: &Rect, p: &Palette, name: &str, two_lines: bool) {
    ctx.begin_path();
    let _ = ctx.round_rect_with_f64(r.x, r.y, r.w, r.h, 6.0);
    ctx.set_fill_style_str(&p.surface);
    ctx.fill();
    ctx.set_stroke_style_str(&p.line);
    ctx.set_line_width(1.5);
    ctx.stroke();
    ctx.set_fill_style_str(&p.ink);
    let cx = r.x + r.w / 2.0;
    let y = if two_lines {
        r.y + r.h / 2.0 - 8.0
    } else {
        r.y + r.h * 0.36
    };
    let _ = ctx.fill_text(name, cx, y);
}

/// A box's second line, which changes as the replay runs.
fn second_line(ctx: &Ctx, r: &Rect, p: &Palette, line: &str) {
    ctx.set_fill_style_str(&p.muted);
    let _ = ctx.fill_text(line, r.x + r.w / 2.0, r.y + r.h / 2.0 + 8.0);
}

/// What the picture's still part depends on: the boxes, their names and
/// the wires. Drawn once into a canvas of its own, and copied into the
/// picture each frame, so a frame draws only what moves and what counts.
#[derive(Clone, PartialEq)]
struct Still {
    layout: Layout,
    palette: Palette,
    /// Whether Redis's box has a second line.
    redis_line: bool,
}

/// The picture's canvas, and its still part as last drawn.
pub struct Picture {
    surface: Surface,
    still: Option<(Still, Surface)>,
}

impl Picture {
    fn new(canvas: HtmlCanvasElement) -> Picture {
        Picture {
            surface: Surface::new(canvas),
            still: None,
        }
    }

    /// The still part for `key`, drawn again if it changed.
    fn still(&mut self, key: Still, texts: &Texts) -> Option<&HtmlCanvasElement> {
        if self.still.as_ref().is_none_or(|(k, _)| *k != key) {
            let canvas = self
                .surface
                .el()
                .owner_document()?
                .create_element("canvas")
                .ok()?
                .dyn_into::<HtmlCanvasElement>()
                .ok()?;
            let mut surface = Surface::new(canvas);
            draw_still(&mut surface, &key, texts);
            self.still = Some((key, surface));
        }
        self.still.as_ref().map(|(_, s)| s.el())
    }
}

/// Sets the font the picture's text is drawn in.
fn font(ctx: &Ctx, p: &Palette) {
    ctx.set_font(&format!("600 12px {}", p.font));
    ctx.set_text_baseline("middle");
}

/// The wires and the boxes with their names.
fn draw_still(surface: &mut Surface, key: &Still, texts: &Texts) {
    let (l, p) = (&key.layout, &key.palette);
    let Some((ctx, _)) = surface.begin(l.w, l.h as u32, p.dpr) else {
        return;
    };
    font(ctx, p);
    ctx.set_text_align("center");
    let mid = |r: &Rect| (r.x + r.w / 2.0, r.y + r.h / 2.0);
    ctx.set_stroke_style_str(&p.line);
    ctx.set_line_width(1.0);
    ctx.begin_path();
    let (ux, uy) = mid(&l.user);
    let (bx, by) = mid(&l.balancer);
    ctx.move_to(ux, uy);
    if let Some(g) = &l.gateway {
        let (gx, gy) = mid(g);
        ctx.line_to(gx, gy);
        ctx.move_to(gx, gy);
    }
    ctx.line_to(bx, by);
    for s in &l.servers {
        ctx.move_to(bx, by);
        ctx.line_to(s.x, s.y + s.h / 2.0);
        if let Some(redis) = &l.redis {
            ctx.move_to(s.x + s.w, s.y + s.h / 2.0);
            ctx.line_to(redis.x, redis.y + redis.h / 2.0);
        }
    }
    ctx.stroke();
    node(ctx, &l.user, p, texts.get(Text::User), true);
    if let Some(g) = &l.gateway {
        node(ctx, g, p, texts.get(Text::Gateway), false);
    }
    // The full name when it fits in the box, the short one otherwise.
    let full = texts.get(Text::Balancer);
    let fits = ctx
        .measure_text(full)
        .is_ok_and(|m| m.width() <= l.balancer.w - 8.0);
    let balancer = if fits {
        full
    } else {
        texts.get(Text::BalancerShort)
    };
    node(ctx, &l.balancer, p, balancer, false);
    if let Some(redis) = &l.redis {
        node(ctx, redis, p, texts.get(Text::Redis), key.redis_line);
    }
    ctx.set_stroke_style_str(&p.line);
    ctx.set_line_width(1.5);
    ctx.set_fill_style_str(&p.bg);
    for s in &l.servers {
        ctx.begin_path();
        let _ = ctx.round_rect_with_f64(s.x, s.y, s.w, s.h, 4.0);
        ctx.fill();
        ctx.stroke();
    }
}

/// What one frame of the picture is drawn from.
struct Scene<'a> {
    layout: &'a Layout,
    frame: &'a Frame,
    scenario: &'a Scenario,
    /// Redis's counter at the moment shown (`None` while it is hidden).
    counter: Option<u32>,
    palette: &'a Palette,
    texts: &'a Texts,
    /// The request followed across the views (1-based), 0 for none.
    highlight: u32,
    /// The window the servers' own counts are kept in, as their boxes name
    /// it (" · w2"), and Redis's, on a line of its own ("window 2"), where
    /// an edge splits the burst; else empty.
    own_tag: String,
    redis_window: String,
}

/// Draws the picture: the still part, then the counts and what moves.
fn draw(pic: &mut Picture, sc: &Scene) {
    let (l, p) = (sc.layout, sc.palette);
    let redis_value = topology::redis_value(sc.scenario, sc.counter, sc.texts);
    let key = Still {
        layout: l.clone(),
        palette: p.clone(),
        redis_line: !redis_value.is_empty(),
    };
    let Some(still) = pic.still(key, sc.texts).cloned() else {
        return;
    };
    let Some((ctx, reset)) = pic.surface.begin(l.w, l.h as u32, p.dpr) else {
        return;
    };
    // Setting a canvas font parses it: only after a resize reset the context.
    if reset {
        font(ctx, p);
    }
    let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
    let _ = ctx.draw_image_with_html_canvas_element(&still, 0.0, 0.0);
    let _ = ctx.set_transform(p.dpr, 0.0, 0.0, p.dpr, 0.0, 0.0);
    ctx.set_text_align("center");
    labels(ctx, sc, &redis_value);
    servers(ctx, sc);
    // The requests: hollow while on their way or waiting, then a dot, a
    // diamond or a cross on the way back.
    dots(ctx, &sc.frame.dots, p);
    races(ctx, sc);
    packets(ctx, sc);
    rings(ctx, sc);
    groups(ctx, sc);
}

/// The second lines of the user's box and Redis's. Beside the user, the
/// user's real total against the limit: what the servers have answered
/// allowed, the caption's count; in Redis, its value (if it shows one).
fn labels(ctx: &Ctx, sc: &Scene, redis_value: &str) {
    let allowed: u32 = sc.frame.servers.iter().map(|st| st.allowed).sum();
    let line = own::user_line(allowed, sc.scenario.limit);
    second_line(ctx, &sc.layout.user, sc.palette, &line);
    if let (Some(redis), false) = (&sc.layout.redis, redis_value.is_empty()) {
        second_line(ctx, redis, sc.palette, redis_value);
        // The window its count is kept in, under it, where the box is tall
        // enough for a third line.
        if redis.h >= 64.0 {
            let (x, y) = (redis.x + redis.w / 2.0, redis.y + redis.h / 2.0 + 22.0);
            let _ = ctx.fill_text_with_max_width(&sc.redis_window, x, y, redis.w - 4.0);
        }
    }
}

/// Each server's box: its name and what it counts, short if the long line
/// does not fit. One text per server: each fillText shapes its text anew.
fn servers(ctx: &Ctx, sc: &Scene) {
    let f = sc.frame;
    ctx.set_text_align("left");
    ctx.set_fill_style_str(&sc.palette.ink);
    for (i, (s, st)) in sc.layout.servers.iter().zip(&f.servers).enumerate() {
        if s.h >= 11.0 {
            let name = sc
                .texts
                .fill(Text::ServerShort, &[("n", &(i + 1).to_string())]);
            let o = f.own.get(i);
            let tag = if o.is_some() { sc.own_tag.as_str() } else { "" };
            let line = |short| own::box_line(&name, o, st.allowed, st.refused, short) + tag;
            let wide = |t: &str| ctx.measure_text(t).is_ok_and(|m| m.width() > s.w - 6.0);
            let mut line = line(false);
            if o.is_some() && wide(&line) {
                line = own::box_line(&name, o, st.allowed, st.refused, true) + tag;
            }
            // Never past its box, into the pills' band.
            let _ = ctx.fill_text_with_max_width(&line, s.x + 4.0, s.y + s.h / 2.0, s.w - 6.0);
        }
    }
    ctx.set_text_align("center");
}

/// Replies that carry the same count, read by several requests: joined by
/// a dashed line, and the note that says it where the layout found it
/// room, on a halo of the background in case it crosses a line.
fn races(ctx: &Ctx, sc: &Scene) {
    let p = sc.palette;
    let note = sc.texts.get(Text::SameCount);
    let note_w = ctx.measure_text(note).map_or(80.0, |m| m.width());
    for race in topology::races(sc.frame, sc.layout, note_w) {
        ctx.set_stroke_style_str(&p.bad_ink);
        ctx.set_line_width(1.5);
        let _ = ctx.set_line_dash(&js_sys::Array::of2(&4.0.into(), &3.0.into()));
        ctx.begin_path();
        for at in &race.pills {
            ctx.line_to(at.x, at.y);
        }
        ctx.stroke();
        let _ = ctx.set_line_dash(&js_sys::Array::new());
        if let Some(at) = race.note {
            let y = at.y + at.h / 2.0;
            ctx.set_text_align("left");
            ctx.set_stroke_style_str(&p.bg);
            ctx.set_line_width(4.0);
            let _ = ctx.stroke_text(note, at.x, y);
            ctx.set_fill_style_str(&p.bad_ink);
            let _ = ctx.fill_text(note, at.x, y);
            ctx.set_text_align("center");
        }
    }
}

/// The Redis commands: a dot, or a pill with the command in it (ringed
/// when its request is the one followed).
fn packets(ctx: &Ctx, sc: &Scene) {
    let (p, hl) = (sc.palette, sc.highlight);
    for pk in &sc.frame.packets {
        let colour = if pk.warn {
            &p.bad_ink
        } else if pk.back {
            &p.good_ink
        } else {
            &p.accent
        };
        if pk.label.is_empty() {
            ctx.begin_path();
            let _ = ctx.arc(pk.at.x, pk.at.y, 3.0, 0.0, std::f64::consts::TAU);
            ctx.set_fill_style_str(colour);
            ctx.fill();
        } else {
            let text = pk.text();
            let b = topology::pill_rect(pk.at, &text);
            ctx.begin_path();
            let _ = ctx.round_rect_with_f64(b.x, b.y, b.w, b.h, b.h / 2.0);
            ctx.set_fill_style_str(colour);
            ctx.fill();
            if hl > 0 && hl == pk.n {
                ring(ctx, p);
            }
            ctx.set_fill_style_str(&p.bg);
            let _ = ctx.fill_text(&text, pk.at.x, pk.at.y + 0.5);
        }
    }
}

/// The request followed across the views: a ring round its mark.
fn rings(ctx: &Ctx, sc: &Scene) {
    let hl = sc.highlight;
    for d in sc.frame.dots.iter().filter(|d| hl > 0 && hl == d.n) {
        ctx.begin_path();
        let _ = ctx.arc(d.at.x, d.at.y, 8.0, 0.0, std::f64::consts::TAU);
        ring(ctx, sc.palette);
    }
}

/// A lane's group: its count in a small pill.
fn groups(ctx: &Ctx, sc: &Scene) {
    let p = sc.palette;
    for d in sc.frame.dots.iter().filter(|d| d.count > 1) {
        let b = topology::group_rect(d.at, d.count);
        ctx.begin_path();
        let _ = ctx.round_rect_with_f64(b.x, b.y, b.w, b.h, b.h / 2.0);
        ctx.set_fill_style_str(&p.muted);
        ctx.fill();
        ctx.set_fill_style_str(&p.bg);
        let _ = ctx.fill_text(&d.count.to_string(), d.at.x, d.at.y + 0.5);
    }
}

/// Strokes the current path as the highlight's ring.
fn ring(ctx: &Ctx, p: &Palette) {
    ctx.set_stroke_style_str(&p.ink);
    ctx.set_line_width(2.5);
    ctx.stroke();
}

/// The request under (x, y) in the picture drawn last (0 for none).
pub fn hit(lab: Lab, x: f64, y: f64) -> Option<u32> {
    Some(topology::hit(&lab.mounted().frame.borrow(), x, y))
}

/// The requests, one path per look.
fn dots(ctx: &Ctx, dots: &[Dot], p: &Palette) {
    use crate::vm::cards::Mark;
    for (look, mark, colour, stroke) in [
        (Look::Pending, Mark::Waiting, &p.muted, true),
        (Look::Allowed, Mark::Ok, &p.ok, false),
        (Look::Over, Mark::Over, &p.over, false),
        (Look::Refused, Mark::No, &p.no, true),
    ] {
        ctx.begin_path();
        for d in dots.iter().filter(|d| d.look == look && d.count == 1) {
            super::marks::trace(ctx, mark, d.at.x, d.at.y, 4.0);
        }
        if stroke {
            ctx.set_stroke_style_str(colour);
            ctx.set_line_width(2.0);
            ctx.stroke();
        } else {
            ctx.set_fill_style_str(colour);
            ctx.fill();
        }
    }
}

/// Binds the picture, the replay controls and the prediction under `root`.
pub fn bind(lab: Lab, root: &Element) {
    let Some(canvas) = find(root, Class::PictureCanvas.selector())
        .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    let width = use_width(&canvas, Some(lab.printing));
    let pic = Rc::new(RefCell::new(Picture::new(canvas.clone())));
    let painter = super::canvas::Painter::new(lab.printing);
    let stage = find(root, Hook::Topology.selector());
    let gateway = find(root, Class::PictureGateway.selector());
    let caption = slot(root, Slot::PictureCaption);
    let key = slot(root, Slot::PictureKey);
    // Whether things may travel (read once: a change of the setting takes
    // a reload, like the stylesheet's own reduced-motion rules).
    let motion = !reduced_motion();
    let geometry = super::memo(move || {
        let w = width.get();
        let (strategy, n) = lab.scenario.with(|s| (s.strategy, s.servers));
        let h = topology::height(n, w);
        (w > 0.0).then(|| topology::layout(strategy, n, w, h))
    });
    bind_drawing(lab, canvas, pic, painter, geometry, motion);
    bind_words(lab, stage, caption, gateway, geometry);
    bind_key(lab, key);
    bind_windows(lab, root);
    bind_replay(lab, root);
}

/// The drawing, every frame while the replay plays: the frame worked out
/// in the effect (tracking what it shows), painted with the next animation
/// frame (see [`super::canvas::Painter`]).
fn bind_drawing(
    lab: Lab,
    canvas: HtmlCanvasElement,
    pic: Rc<RefCell<Picture>>,
    painter: super::canvas::Painter,
    geometry: Memo<Option<Layout>>,
    motion: bool,
) {
    effect(move || {
        let Some(l) = geometry.get() else { return };
        let hiding = lab.hiding();
        // At the end, every answer is back with the user: nothing in transit.
        let t = if hiding {
            0
        } else if lab.at_end.get() {
            lab.report.with(|r| r.end_us + topology::lead_us(r))
        } else {
            lab.moment.with(|m| m.t_us)
        };
        let counter = if hiding {
            None
        } else {
            lab.moment.with(|m| m.counter)
        };
        let colours = lab.palette(&canvas);
        let m = lab.mounted();
        let (f, scenario) = lab.report.with(|r| {
            let f = lab
                .shared
                .with(|shared| topology::frame(r, &l, shared, t, motion));
            (f, r.scenario)
        });
        let hl = lab.highlight.get();
        // The window the boxes' counts are kept in, with an edge.
        let (own_tag, redis_window) = lab.report.with(|r| {
            use crate::vm::windows;
            let own = windows::counting(&r.scenario, t);
            let redis = windows::redis_window(r, t);
            (windows::tag(own, &m.texts), windows::name(redis, &m.texts))
        });
        // Kept for the pointer to find a request in (see [`hit`]).
        *m.frame.borrow_mut() = f;
        let pic = pic.clone();
        painter.paint(lab.playing.get_untracked(), move || {
            let scene = Scene {
                layout: &l,
                frame: &m.frame.borrow(),
                scenario: &scenario,
                counter,
                palette: &colours,
                texts: &m.texts,
                highlight: hl,
                own_tag,
                redis_window,
            };
            draw(&mut pic.borrow_mut(), &scene);
        });
    });
}

/// The picture's words: the label, the caption and the gateway's refusals.
fn bind_words(
    lab: Lab,
    stage: Option<Element>,
    caption: Option<Element>,
    gateway: Option<Element>,
    geometry: Memo<Option<Layout>>,
) {
    let mut label_kept = stage.map(dom::Kept::new);
    let mut caption_kept = caption.map(dom::Kept::new);
    effect(move || {
        let hiding = lab.hiding();
        let at_end = lab.at_end.get();
        let m = lab.mounted();
        let words = lab.words(Words::Totals);
        // While a guess is asked for, the label gives nothing away.
        let (caption, label) = if hiding {
            let hidden = m.texts.get(Text::PredictHidden).to_string();
            (hidden.clone(), hidden)
        } else {
            caption_and_label(lab, words, at_end, &m.texts)
        };
        if let Some(stage) = &mut label_kept {
            stage.attr("aria-label", &label);
        }
        if let Some(c) = &mut caption_kept {
            c.text(if hiding { "" } else { &caption });
        }
        // The gateway's refusals, written on the gateway (edge only).
        if let Some(g) = &gateway {
            let rect = geometry.with(|l| l.as_ref().and_then(|l| l.gateway));
            match rect {
                Some(rect) if !hiding => {
                    let n = words.with(|m| m.gateway_refused);
                    show_gateway(g, rect, n, &m.texts);
                }
                _ => {
                    hide(g, true);
                    let _ = g.remove_attribute(Hook::KEY);
                }
            }
        }
    });
}

/// The caption says the totals at the words' moment; the label also each
/// server's own count, which the boxes show (tracks the words).
fn caption_and_label(
    lab: Lab,
    words: Memo<Moment>,
    at_end: bool,
    texts: &Texts,
) -> (String, String) {
    lab.report.with(|r| {
        lab.shared.with(|shared| {
            words.with(|mo| {
                let own = own::own_counts(r, mo.t_us);
                let caption = topology::label(
                    &r.scenario,
                    mo,
                    at_end,
                    shared_count(r, shared, mo.t_us),
                    texts,
                );
                let own = own::label(r.scenario.strategy, &own, r.scenario.limit, texts);
                let label = format!("{caption}{own}");
                (caption, label)
            })
        })
    })
}

/// Writes the gateway's `n` refusals on it, placed under its box `rect`.
fn show_gateway(g: &Element, rect: Rect, n: u32, texts: &Texts) {
    hide(g, false);
    attr(g, Hook::KEY, Hook::EdgeRefused.as_str());
    attr(g, Data::Value.as_str(), &n.to_string());
    text(
        g,
        &texts.fill(Text::GatewayRefused, &[("n", &n.to_string())]),
    );
    let style = web_sys::HtmlElement::style(g.unchecked_ref());
    let _ = style.set_property("--x", &format!("{}px", rect.x as i32));
    let _ = style.set_property("--y", &format!("{}px", (rect.y + rect.h) as i32 + 2));
}

/// The key under the picture: only what can happen in the strategy shown.
fn bind_key(lab: Lab, key: Option<Element>) {
    super::effect(move || {
        let strategy = lab.strategy.get();
        if let Some(k) = &key {
            for el in super::dom::all(k, Data::Key.selector()) {
                let name = el.get_attribute(Data::Key.as_str()).unwrap_or_default();
                hide(&el, !topology::key_shows(&name, strategy));
            }
        }
    });
}

/// The strip of fixed windows under the picture, where an edge splits the
/// burst: each window's count at the moment the totals show, its width
/// its share of the run.
fn bind_windows(lab: Lab, root: &Element) {
    let Some(el) = find(root, Hook::Windows.selector()) else {
        return;
    };
    let mut last = crate::vm::html::Html::new();
    let words = lab.words(Words::Totals);
    effect(move || {
        let hiding = lab.hiding();
        let at_end = lab.at_end.get();
        let m = lab.mounted();
        lab.report.with(|r| {
            let t = match (hiding, at_end) {
                (true, _) => 0,
                (_, true) => u64::MAX,
                _ => words.with(|mo| mo.t_us),
            };
            let h = crate::vm::windows::strip(r, t, &m.texts);
            hide(&el, h.is_empty());
            if last == h {
                return;
            }
            // The prerendered first screen's strip, kept if the same.
            if !last.is_empty() || el.inner_html() != h.as_str() {
                dom::set_html(&el, &h);
            }
            last = h;
            let wins = crate::vm::windows::windows(r, t);
            for (li, w) in dom::all(&el, "li").iter().zip(&wins) {
                let style = web_sys::HtmlElement::style(li.unchecked_ref());
                let _ = style.set_property("--share", &w.share.to_string());
                let fill = crate::vm::windows::fill(w, r.scenario.limit);
                let _ = style.set_property("--fill", &fill.to_string());
            }
        });
    });
}

/// Keeps the replay controls and the prediction in step.
fn bind_replay(lab: Lab, root: &Element) {
    use dom::Kept;
    let widget = root.clone();
    let kept = |sel: &str| find(root, sel).map(Kept::new);
    let mut play = kept(Hook::Play.selector());
    let time = find(root, Hook::Time.selector());
    let mut time_max = time.clone().map(Kept::new);
    let mut time_words = time.clone().map(Kept::new);
    let mut out = kept(Class::ReplayValue.selector());
    let speed = find(root, Hook::Speed.selector());
    let start = find(root, Hook::PredictStart.selector());
    let form = slot(root, Slot::Predict);
    let mut ask = slot(root, Slot::PredictAsk).map(Kept::new);
    let mut guess = kept(Hook::PredictGuess.selector());
    let mut result = slot(root, Slot::PredictResult).map(Kept::new);
    let mut asked = None;
    // When the slider's words last changed while playing (ms).
    let mut said_at = f64::NEG_INFINITY;
    super::clock::use_clock(lab);
    effect(move || {
        let m = lab.mounted();
        let end = lab.report.with(|r| r.end_us);
        // The moment the caption and the totals show (their group of
        // words), so that while playing one moment reads as one number.
        let now = lab.words_time(Words::Totals).get().unwrap_or(end).min(end);
        let playing = lab.playing.get();
        if let Some(p) = &mut play {
            // Its name says what a press does ("Play", "Pause"); no
            // pressed state on top, which would say it twice.
            p.attr(
                Data::Playing.as_str(),
                if playing { "true" } else { "false" },
            );
        }
        let num = |us: u64| m.texts.num(&format::moment(us));
        let words = m
            .texts
            .fill(Text::TimeValue, &[("t", &num(now)), ("end", &num(end))]);
        if let (Some(t), Some(max), Some(w)) = (&time, &mut time_max, &mut time_words) {
            max.attr("max", &format::moment(end));
            dom::set_value(t, &format::moment(now));
            // While playing, the slider's words keep a listener's pace.
            let due = crate::vm::replay::slider_words(playing, js_sys::Date::now(), said_at);
            if let Some(at) = due {
                said_at = at;
                w.attr("aria-valuetext", &words);
            }
        }
        if let Some(o) = &mut out {
            o.text(&words);
        }
        if let Some(s) = &speed {
            dom::set_value(s, &lab.speed.get().to_string());
        }
        let predict = lab.predict.get();
        let asking = predict == Predict::Asking;
        if asked != Some(asking) {
            asked = Some(asking);
            dom::class(&widget, "rll--predicting", asking);
            if let Some(s) = &start {
                hide(s, asking);
            }
            if let Some(f) = &form {
                hide(f, !asking);
            }
        }
        let burst = lab.scenario.with(|s| s.burst);
        if let Some(a) = &mut ask {
            a.text(&m.texts.fill(Text::PredictAsk, &[("b", &burst.to_string())]));
        }
        if let Some(g) = &mut guess {
            g.attr("max", &burst.to_string());
        }
        if let Some(r) = &mut result {
            let line = match predict {
                Predict::Revealed(g) => replay::result(g, lab.report.with(|r| r.allowed), &m.texts),
                _ => String::new(),
            };
            r.text(&line);
        }
    });
}
