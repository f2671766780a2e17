//! The picture: the user, the load balancer (and for `edge` a gateway), the
//! servers and Redis, laid out in a box, and where every request and every
//! Redis command is at a moment. The view draws what [`frame`] returns.
//!
//! ```text
//!  user ──▶ [gateway] ──▶ balancer ──▶ server 1 ──┐
//!                                  ──▶ server 2 ──┼──▶ Redis
//!                                  ──▶   ...    ──┘
//! ```
//!
//! The model has no network between the user and the servers: a request
//! arrives at its server at its arrival time. The picture shows it setting
//! off a little earlier ([`lead_us`]) so that it can be seen travelling, and
//! its answer travelling back for as long after it was answered.

use crate::sim::{Call, Command, Health, Moment, Place, Report, RequestTrace, Scenario, Strategy};

use super::format;
use super::text::{Text, Texts};

/// A point, in CSS pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

/// A box, in CSS pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    fn left(&self) -> Pt {
        Pt {
            x: self.x,
            y: self.y + self.h / 2.0,
        }
    }
    fn right(&self) -> Pt {
        Pt {
            x: self.x + self.w,
            y: self.y + self.h / 2.0,
        }
    }
}

/// Where everything sits.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The picture's size.
    pub w: f64,
    pub h: f64,
    pub user: Rect,
    /// The gateway, for `edge`.
    pub gateway: Option<Rect>,
    pub balancer: Rect,
    pub servers: Vec<Rect>,
    /// Redis, for the strategies that call it.
    pub redis: Option<Rect>,
}

/// Below this width (a phone's) the picture is laid out tighter.
use super::NARROW_PICTURE as NARROW;

/// The picture's height for `n` servers at width `w`: tall enough for the
/// servers to be told apart, short enough to sit beside the sliders.
pub fn height(n: u32, w: f64) -> f64 {
    let rows = f64::from(n.max(1));
    let narrow = w < NARROW;
    let per = if narrow { 15.0 } else { 21.0 };
    (rows * per + 24.0).clamp(if narrow { 160.0 } else { 200.0 }, 360.0)
}

/// Lays out the picture for `strategy` and `n` servers in `w` × `h`.
pub fn layout(strategy: Strategy, n: u32, w: f64, h: f64) -> Layout {
    let pad = 6.0;
    let node_w = (w * 0.15).clamp(48.0, 120.0);
    let node_h = 40.0_f64.min(h / 3.0);
    let mid = h / 2.0;
    let node = |cx: f64| Rect {
        x: cx - node_w / 2.0,
        y: mid - node_h / 2.0,
        w: node_w,
        h: node_h,
    };
    let redis = strategy.uses_redis();
    let edge = strategy.place() == Place::Front;
    let user = Rect {
        x: pad,
        w: node_w * 0.8,
        ..node(0.0)
    };
    let gateway = edge.then(|| node(w * 0.26));
    // Left of where it would be without Redis: the servers are further left.
    let mut balancer = node(if edge {
        w * 0.43
    } else if redis {
        w * 0.27
    } else {
        w * 0.3
    });
    // Room for its full name, where there is room beside it (the view
    // writes the short name in a box too narrow for the full one).
    if !edge && w >= NARROW {
        balancer.x -= node_w * 0.3;
        balancer.w = node_w * 1.6;
    }
    // Where servers call Redis, the band between them and Redis must hold
    // a pill with its request's number ("#12 SET 13").
    let (sx0, sx1) = if redis {
        (w * 0.46, w * 0.64)
    } else {
        (w * 0.6, w * 0.92)
    };
    let n = n.max(1);
    let gap = if n > 8 { 2.0 } else { 6.0 };
    // Rows no taller than a node, the stack centred.
    let row = ((h - 2.0 * pad - gap * f64::from(n - 1)) / f64::from(n)).min(node_h);
    let top = (h - row * f64::from(n) - gap * f64::from(n - 1)) / 2.0;
    let servers = (0..n)
        .map(|i| Rect {
            x: sx0,
            y: top + f64::from(i) * (row + gap),
            w: sx1 - sx0,
            h: row,
        })
        .collect();
    let redis = redis.then_some(Rect {
        x: w - pad - node_w,
        y: mid - node_h * 0.9,
        w: node_w,
        h: node_h * 1.8,
    });
    Layout {
        w,
        h,
        user,
        gateway,
        balancer,
        servers,
        redis,
    }
}

/// How long, in µs, a request is seen travelling to its server before it
/// arrives (and its answer travelling back): a twelfth of the run, within
/// 0.2–25 ms.
pub fn lead_us(r: &Report) -> u64 {
    (r.end_us / 12).clamp(200, 25_000)
}

/// What a request looks like at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    /// On its way, or waiting for its server's decision: a hollow dot.
    Pending,
    /// Allowed: a dot.
    Allowed,
    /// Allowed beyond the limit: a diamond.
    Over,
    /// Refused: a cross.
    Refused,
}

/// A request in the picture, or a lane's group of them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dot {
    pub at: Pt,
    pub look: Look,
    /// The request's number, 1-based; 0 for a group.
    pub n: u32,
    /// How many requests it stands for: more than one for a lane's group
    /// (drawn as a pill with the count, see [`GROUP_AT`]).
    pub count: u32,
}

/// A Redis command in the picture, going there or coming back.
#[derive(Clone, Debug, PartialEq)]
pub struct Packet {
    pub at: Pt,
    /// "GET", "SET 8", "→ 7".
    pub label: String,
    /// Coming back from Redis.
    pub back: bool,
    /// A read another request also read (the race), or a lost update.
    pub warn: bool,
    /// Its request's number, 1-based (0 for a batch of several).
    pub n: u32,
    /// Whether its pill shows the number ("#2 → 0"): where it fits.
    pub numbered: bool,
}

impl Packet {
    /// What its pill says.
    pub fn text(&self) -> String {
        if self.numbered {
            format!("#{} {}", self.n, self.label)
        } else {
            self.label.clone()
        }
    }
}

/// One server in the picture: what it has answered by now, and how many
/// requests wait there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ServerState {
    pub allowed: u32,
    pub refused: u32,
    pub waiting: u32,
}

/// The picture at a moment.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Frame {
    pub dots: Vec<Dot>,
    pub packets: Vec<Packet>,
    pub servers: Vec<ServerState>,
    /// Each server's own count against what it may allow, where the
    /// servers count in memory ([`super::own::own_counts`]); else empty.
    pub own: Vec<super::own::Own>,
    /// Requests the user has sent (arrived or travelling).
    pub sent: u32,
    /// Answers back at the user: allowed, refused.
    pub back: (u32, u32),
    /// The band between the servers and Redis that pills keep to: left
    /// and right ends.
    pub band: (f64, f64),
}

/// A point `p` (0–1) of the way along the polyline `path`.
fn along(path: &[Pt], p: f64) -> Pt {
    let p = p.clamp(0.0, 1.0);
    let len = |w: &[Pt]| ((w[1].x - w[0].x).powi(2) + (w[1].y - w[0].y).powi(2)).sqrt();
    let total: f64 = path.windows(2).map(len).sum();
    let mut left = p * total;
    for w in path.windows(2) {
        let l = len(w);
        if left <= l {
            let f = if l > 0.0 { left / l } else { 0.0 };
            return Pt {
                x: w[0].x + (w[1].x - w[0].x) * f,
                y: w[0].y + (w[1].y - w[0].y) * f,
            };
        }
        left -= l;
    }
    path.last().copied().unwrap_or_default()
}

/// The height of a command's pill in the picture, in CSS pixels.
pub const PILL_H: f64 = 18.0;

/// The width of a command's pill for `label`, in CSS pixels.
pub fn pill_width(label: &str) -> f64 {
    10.0 + 7.0 * label.chars().count() as f64
}

/// Near Redis, the top and bottom servers' commands are two of these
/// above and below its middle; the others are spread between.
const LANE: f64 = PILL_H + 4.0;

/// Most packets that carry a label; past that they are drawn as dots, or
/// the labels would cover the picture.
pub const MAX_LABELS: usize = 24;

/// Where everything is at `t_us`. `shared` is
/// [`super::reads::shared_reads`] of the same report. Without `motion`
/// (the learner asked for reduced motion) nothing is drawn travelling:
/// requests appear at their server when they arrive, answers are counted
/// at the user at once, and commands sit at Redis while they are out.
pub fn frame(r: &Report, l: &Layout, shared: &[Option<u32>], t_us: u64, motion: bool) -> Frame {
    let lead = if motion { lead_us(r) } else { 0 };
    let mut f = Frame {
        servers: vec![ServerState::default(); l.servers.len()],
        own: super::own::own_counts(r, t_us),
        ..Frame::default()
    };
    let on_lane = requests(&mut f, r, l, t_us, lead);
    // Hundreds at once would be a blob: one pill per lane with its count.
    if f.dots.len() > GROUP_AT {
        f.dots = groups(l, &on_lane);
    }
    if let Some(redis) = &l.redis {
        f.packets = packets(r, l, redis, shared, t_us, motion);
        // Pills keep to the band between the servers and Redis, clear of
        // the servers' counts and Redis's.
        let left = l.servers.iter().map(|s| s.x + s.w).fold(0.0, f64::max) + 2.0;
        f.band = (left, redis.x - 2.0);
        place(&mut f.packets, l.h, f.band);
    }
    f
}

/// Puts every request the user has sent by `t_us` in `f`: a mark while it
/// travels, waits at its server or its answer comes back (each `lead` µs
/// long), else a count at the user. Returns how many marks each lane has:
/// each server's, then the gateway's.
fn requests(f: &mut Frame, r: &Report, l: &Layout, t_us: u64, lead: u64) -> Vec<u32> {
    let lanes = l.servers.len();
    let mut on_lane = vec![0u32; lanes + 1];
    for (i, q) in r.requests.iter().enumerate() {
        if q.arrival_us > t_us + lead {
            break;
        }
        f.sent += 1;
        if mark(f, l, q, i as u32 + 1, t_us, lead) {
            on_lane[q.server.map_or(lanes, |s| s as usize)] += 1;
        }
    }
    on_lane
}

/// Request `q`, number `n`, at `t_us`: marked on its way, waiting or
/// coming back (then `true`: it is on its lane), else counted at the user.
/// Its server counts it once answered.
fn mark(f: &mut Frame, l: &Layout, q: &RequestTrace, n: u32, t_us: u64, lead: u64) -> bool {
    let dot = |at: Pt, look: Look| Dot {
        at,
        look,
        n,
        count: 1,
    };
    if t_us < q.arrival_us {
        let (path, k) = way(l, q.server);
        let p = 1.0 - (q.arrival_us - t_us) as f64 / lead as f64;
        f.dots.push(dot(along(&path[..k], p), Look::Pending));
        return true;
    }
    if t_us < q.answer_us {
        if let Some(s) = q.server {
            wait(f, l, s, n);
        }
        return true;
    }
    if let Some(s) = q.server {
        let st = &mut f.servers[s as usize];
        if q.allowed {
            st.allowed += 1;
        } else {
            st.refused += 1;
        }
    }
    let since = t_us - q.answer_us;
    if since < lead {
        let (mut path, k) = way(l, q.server);
        path[..k].reverse();
        let look = match (q.allowed, q.beyond) {
            (true, false) => Look::Allowed,
            (true, true) => Look::Over,
            (false, _) => Look::Refused,
        };
        f.dots
            .push(dot(along(&path[..k], since as f64 / lead as f64), look));
        return true;
    }
    if q.allowed {
        f.back.0 += 1;
    } else {
        f.back.1 += 1;
    }
    false
}

/// A request's way from the user to `server` (to the gateway, for one it
/// refuses): at most four points, on the stack, as this runs for every
/// request on every replay frame.
fn way(l: &Layout, server: Option<u32>) -> ([Pt; 4], usize) {
    let mut path = [Pt::default(); 4];
    let mut n = 0;
    let mut push = |p: Pt| {
        path[n] = p;
        n += 1;
    };
    // Through the lower part of the gateway and the balancer, under
    // their names.
    let low = |r: &Rect| Pt {
        x: r.x + r.w / 2.0,
        y: r.y + r.h * 0.75,
    };
    push(l.user.right());
    if let Some(g) = &l.gateway {
        push(low(g));
    }
    if let Some(s) = server {
        push(low(&l.balancer));
        push(l.servers[s as usize].left());
    }
    (path, n)
}

/// Request `n` waits at server `s`: counted there, and the first four
/// drawn as hollow dots queued at its door.
fn wait(f: &mut Frame, l: &Layout, s: u32, n: u32) {
    let k = f.servers[s as usize].waiting;
    f.servers[s as usize].waiting += 1;
    if k < 4 {
        let rect = &l.servers[s as usize];
        f.dots.push(Dot {
            at: Pt {
                x: rect.x - 7.0 - f64::from(k) * 9.0,
                y: rect.y + rect.h / 2.0,
            },
            look: Look::Pending,
            n,
            count: 1,
        });
    }
}

/// One pill per lane with its count (`on_lane`, from [`requests`]): at its
/// server's door, the gateway's refusals above its wire.
fn groups(l: &Layout, on_lane: &[u32]) -> Vec<Dot> {
    let mut dots = Vec::new();
    for (i, &count) in on_lane.iter().enumerate().filter(|(_, c)| **c > 0) {
        let half = group_rect(Pt::default(), count).w / 2.0;
        let at = match (l.servers.get(i), &l.gateway) {
            (Some(s), _) => Pt {
                x: s.x - 3.0 - half,
                y: s.y + s.h / 2.0,
            },
            (None, Some(g)) => Pt {
                x: (l.user.x + l.user.w + g.x) / 2.0,
                y: g.y - GROUP_H / 2.0 - 2.0,
            },
            (None, None) => continue,
        };
        dots.push(Dot {
            at,
            look: Look::Pending,
            n: 0,
            count,
        });
    }
    dots
}

/// Every Redis command out at `t_us`, going to `redis` or coming back.
/// Commands stop just short of Redis, so they never cover its count, each
/// server's at its own height: the servers' fan narrowed to two lanes
/// either side of Redis's middle. Paths from two servers never cross, and
/// two commands sent side by side (the two `SET 1` of a lost update) are
/// seen as two.
fn packets(
    r: &Report,
    l: &Layout,
    redis: &Rect,
    shared: &[Option<u32>],
    t_us: u64,
    motion: bool,
) -> Vec<Packet> {
    // Without motion, commands sit at Redis while they are out.
    let half = if motion {
        u64::from(r.scenario.rtt_us / 2).max(1)
    } else {
        1
    };
    let mid = redis.y + redis.h / 2.0;
    let fan = l
        .servers
        .iter()
        .map(|s| (s.right().y - mid).abs())
        .fold(0.0, f64::max);
    let narrow = if fan > 0.0 {
        (2.0 * LANE / fan).min(1.0)
    } else {
        0.0
    };
    let mut out = Vec::new();
    for (i, c) in r.calls.iter().enumerate() {
        if c.sent_us > t_us {
            continue;
        }
        let from = l.servers[c.server as usize].right();
        let to = Pt {
            x: redis.x - 24.0,
            y: mid + (from.y - mid) * narrow,
        };
        let same = shared[i].is_some();
        if let Some(p) = packet(c, [from, to], t_us, half, motion, same) {
            out.push(p);
        }
    }
    out
}

/// Command `c`, sent by `t_us`, along `wire` (its server to Redis), if it
/// is out: on its way there (`half` µs long), or waiting at a Redis that
/// is down; or its reply on the way back, a warning where another request
/// read the same count (`shared`).
fn packet(
    c: &Call,
    wire: [Pt; 2],
    t_us: u64,
    half: u64,
    motion: bool,
    shared: bool,
) -> Option<Packet> {
    let ran = c.executed_us.filter(|&x| x <= t_us);
    let gone = c.abandoned_us.is_some_and(|a| a <= t_us);
    let (at, label, back) = match (ran, c.replied_us) {
        (Some(x), Some(back)) if t_us < back => {
            let p = if motion {
                (t_us - x) as f64 / (back - x).max(1) as f64
            } else {
                0.0
            };
            (
                along(&[wire[1], wire[0]], p),
                format!("→ {}", c.value),
                true,
            )
        }
        // Not run yet, or never (Redis down): it waits at Redis's door.
        (None, _) if !gone => {
            let p = (t_us - c.sent_us) as f64 / half as f64;
            (along(&wire, p), sent_label(c.command, c.arg), false)
        }
        _ => return None,
    };
    Some(Packet {
        at,
        label,
        back,
        warn: back && shared,
        n: c.request.map_or(0, |q| q + 1),
        numbered: false,
    })
}

/// Sets where the pills go and what they say. Labels only while every one
/// can be read (see [`apart`]): with the requests' numbers where they fit,
/// else without; past that, unlabelled, each kept to the `band`.
fn place(packets: &mut [Packet], h: f64, band: (f64, f64)) {
    let mut placed = None;
    if packets.len() <= MAX_LABELS {
        for numbered in [true, false] {
            for p in packets.iter_mut() {
                p.numbered = numbered && p.n > 0;
            }
            placed = apart(packets, h, band);
            if placed.is_some() {
                break;
            }
        }
    }
    if let Some(at) = placed {
        for (p, at) in packets.iter_mut().zip(at) {
            p.at = at;
        }
    } else {
        for p in packets.iter_mut() {
            p.label.clear();
            p.numbered = false;
            p.at.x = within(p.at.x, band.0 + 3.0, band.1 - 3.0);
        }
    }
}

/// `x` kept to `lo`–`hi` (`lo` if they cross). Not `f64::clamp`, whose
/// check of its bounds, when they are not constants, brings the whole of
/// float formatting into the download (about 14 KB gzip).
fn within(x: f64, lo: f64, hi: f64) -> f64 {
    x.min(hi).max(lo)
}

/// Past this many marks at once, the picture groups them per lane.
pub const GROUP_AT: usize = 60;

/// The height of a lane's group count, in CSS pixels: low enough for
/// sixteen lanes on a phone.
pub const GROUP_H: f64 = 14.0;

/// Where a lane's group count sits.
pub fn group_rect(at: Pt, count: u32) -> Rect {
    let digits = 1 + u32::from(count >= 10) + u32::from(count >= 100) + u32::from(count >= 1000);
    let w = 6.0 + 7.0 * f64::from(digits);
    Rect {
        x: at.x - w / 2.0,
        y: at.y - GROUP_H / 2.0,
        w,
        h: GROUP_H,
    }
}

/// Where a pill sits: its box.
pub fn pill_rect(at: Pt, text: &str) -> Rect {
    let w = pill_width(text);
    Rect {
        x: at.x - w / 2.0,
        y: at.y - PILL_H / 2.0,
        w,
        h: PILL_H,
    }
}

fn meet(a: &Rect, b: &Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

/// The request under (x, y) in frame `f`: a pill's, else a mark's within
/// a few pixels; 0 for none (or a lane's group).
pub fn hit(f: &Frame, x: f64, y: f64) -> u32 {
    let near = |at: Pt, w: f64, h: f64| (at.x - x).abs() <= w && (at.y - y).abs() <= h;
    let pill = f.packets.iter().find(|p| {
        let w = if p.label.is_empty() {
            6.0
        } else {
            pill_width(&p.text()) / 2.0
        };
        near(p.at, w, w.min(PILL_H / 2.0))
    });
    let dot = || f.dots.iter().find(|d| near(d.at, 8.0, 8.0));
    pill.map(|p| p.n)
        .or_else(|| dot().map(|d| d.n))
        .unwrap_or(0)
}

/// Replies that carry the same count, read by several requests: each
/// group's pills (to join with a dashed line, so the race is there to
/// see) and where its note ("same count") goes, if it finds room: above
/// the group's top pill or below its bottom one, right of the servers,
/// clear of every pill, box and other note (the pills' numbers and the
/// line still say it without). `note_w` is the note's width.
#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    pub pills: Vec<Pt>,
    pub note: Option<Rect>,
}

/// The races in frame `f` (see [`Race`]).
pub fn races(f: &Frame, l: &Layout, note_w: f64) -> Vec<Race> {
    let mut out: Vec<Race> = Vec::new();
    // From the band's left end to the picture's right edge: above or
    // below Redis's box too.
    let right = l.w - 2.0;
    let mut taken: Vec<Rect> = f
        .packets
        .iter()
        .map(|p| pill_rect(p.at, &p.text()))
        .collect();
    taken.extend(l.servers.iter().copied());
    taken.extend(l.redis);
    for (i, p) in f.packets.iter().enumerate() {
        let same = |q: &&Packet| q.warn && !q.label.is_empty() && q.label == p.label;
        if !same(&p) || f.packets[..i].iter().any(|q| same(&q)) {
            continue;
        }
        let pills: Vec<Pt> = f.packets.iter().filter(same).map(|q| q.at).collect();
        if pills.len() < 2 {
            continue;
        }
        let top = pills.iter().map(|q| q.y).fold(f64::INFINITY, f64::min);
        let bottom = pills.iter().map(|q| q.y).fold(f64::NEG_INFINITY, f64::max);
        let x = within(pills[0].x - note_w / 2.0, f.band.0, right - note_w);
        let note = [top - PILL_H - 1.0, bottom + PILL_H + 1.0]
            .into_iter()
            .map(|y| Rect {
                x,
                y: y - PILL_H / 2.0,
                w: note_w,
                h: PILL_H,
            })
            .find(|r| {
                r.x >= f.band.0
                    && r.x + r.w <= right + 1e-9
                    && r.y >= 0.0
                    && r.y + r.h <= l.h
                    && !taken.iter().any(|t| meet(t, r))
            });
        taken.extend(note);
        out.push(Race { pills, note });
    }
    out
}

/// Where labelled pills go, up or down off their paths, so that none
/// covers another: commands from one server (or from neighbours, where the
/// paths meet) travel together, and each must be seen. Each pill keeps to
/// `band` (left and right ends). Top to bottom, each pill takes the free
/// place nearest its own, inside the picture's `h`: where it is, or just
/// above or just below a pill already placed. `None` if one finds no place
/// (too many at once to read them all, or too wide for the band).
fn apart(packets: &[Packet], h: f64, band: (f64, f64)) -> Option<Vec<Pt>> {
    // Plain loops over at most MAX_LABELS pills: a sort or iterator
    // adaptors would cost the download more than this costs the frame.
    let n = packets.len();
    let widths: Vec<f64> = packets.iter().map(|p| pill_width(&p.text())).collect();
    let mut at = vec![
        Pt {
            x: 0.0,
            y: f64::NAN
        };
        n
    ];
    for _ in 0..n {
        // The highest pill not placed yet.
        let mut i = usize::MAX;
        for k in 0..n {
            if at[k].y.is_nan() && (i == usize::MAX || packets[k].at.y < packets[i].at.y) {
                i = k;
            }
        }
        let half = widths[i] / 2.0;
        if band.1 - band.0 < widths[i] {
            return None;
        }
        let (x, y) = (
            within(packets[i].at.x, band.0 + half, band.1 - half),
            packets[i].at.y,
        );
        // A placed pill this one would meet if level with it.
        let meets = |k: usize| !at[k].y.is_nan() && (at[k].x - x).abs() < half + widths[k] / 2.0;
        let free = |c: f64| {
            c >= PILL_H / 2.0
                && c <= h - PILL_H / 2.0
                && (0..n).all(|k| !meets(k) || (at[k].y - c).abs() >= PILL_H)
        };
        let mut best = f64::NAN;
        let mut consider = |c: f64| {
            if free(c) && (best.is_nan() || (c - y).abs() < (best - y).abs()) {
                best = c;
            }
        };
        consider(y);
        for (k, p) in at.iter().enumerate() {
            if meets(k) {
                consider(p.y + PILL_H + 1.0);
                consider(p.y - PILL_H - 1.0);
            }
        }
        if best.is_nan() {
            return None;
        }
        at[i] = Pt { x, y: best };
    }
    Some(at)
}

/// A command as it travels to Redis.
fn sent_label(command: Command, arg: u32) -> String {
    match command {
        Command::Set | Command::IncrBy => format!("{} {arg}", command.as_str()),
        Command::EvalSha => "EVAL".to_string(),
        _ => command.as_str().to_string(),
    }
}

/// The picture's key, in order: each item's name (its CSS modifier and
/// its `data-key`) and its words: the marks, then the labels the boxes
/// carry, each with an example of itself.
pub const KEY: [(&str, Text); 13] = [
    ("pending", Text::KeyPending),
    ("ok", Text::LegendOk),
    ("over", Text::LegendOver),
    ("no", Text::LegendNo),
    ("command", Text::KeyCommand),
    ("reply", Text::KeyReply),
    ("shared", Text::KeyShared),
    ("user", Text::KeyUser),
    ("own", Text::KeyOwn),
    ("sync", Text::KeySync),
    ("tally", Text::KeyTally),
    ("count", Text::KeyCount),
    ("expire", Text::KeyExpire),
];

/// Whether key item `name` can happen under strategy `s`, so that the key
/// shows only what the picture can show: commands and replies where
/// servers call Redis; a count another request also read only under GET
/// then SET (INCR and the script give every request its own); allowed
/// beyond the limit everywhere but at the edge, whose gateway forwards
/// exactly the limit; a server's own count where it keeps one (with
/// the synced total under sync), else what it allowed and refused;
/// Redis's count and its EXPIRE under INCR.
pub fn key_shows(name: &str, s: Strategy) -> bool {
    !KEY_DEPENDS.contains(&name) || super::strategy::about(s).key.contains(&name)
}

/// The key's items that only some strategies can draw (each strategy's
/// row in [`super::strategy`] lists those it can).
const KEY_DEPENDS: [&str; 9] = [
    "command", "reply", "shared", "over", "own", "sync", "tally", "count", "expire",
];

/// What Redis's box says: its counter ("count 9"), the bucket's whole
/// tokens ("1 token", "3 tokens"), "down", or nothing without Redis.
pub fn redis_value(s: &Scenario, counter: Option<u32>, texts: &Texts) -> String {
    match (s.redis, counter) {
        (Health::Down, _) => texts.get(Text::RedisIsDown).to_string(),
        (_, Some(c)) if bucket_in_redis(s) => tokens(c, texts),
        (_, Some(c)) => texts.fill(Text::RedisCounter, &[("n", &c.to_string())]),
        _ => String::new(),
    }
}

/// Whether Redis keeps a bucket (the script's default), whose count is its
/// tokens: the script may keep another way.
fn bucket_in_redis(s: &Scenario) -> bool {
    s.strategy.place() == Place::Redis && s.algo() == crate::sim::Algo::Bucket
}

/// "1 token", "3 tokens": the bucket's whole tokens, in the box and in
/// the label alike.
fn tokens(c: u32, texts: &Texts) -> String {
    texts.count(c.into(), Text::RedisToken, Text::RedisTokens)
}

/// What the picture shows, in words, for its `aria-label`: at a moment
/// ("t = 3.25 ms: 12 allowed, 3 refused, Redis counter 9") or at the end;
/// for the Lua bucket, its tokens, as Redis's box says them.
pub fn label(sc: &Scenario, m: &Moment, at_end: bool, shared: u32, texts: &Texts) -> String {
    let bucket = bucket_in_redis(sc);
    let (a, r) = (m.allowed.to_string(), m.refused.to_string());
    let mut s = if at_end {
        texts.fill(Text::LabelEnd, &[("a", &a), ("r", &r)])
    } else {
        texts.fill(
            Text::LabelAt,
            &[
                ("t", &texts.num(&format::moment(m.t_us))),
                ("a", &a),
                ("r", &r),
            ],
        )
    };
    if m.gateway_refused > 0 {
        s.push_str(&texts.fill(Text::LabelGateway, &[("g", &m.gateway_refused.to_string())]));
    }
    match (m.counter, bucket) {
        (Some(c), true) => s.push_str(&texts.fill(Text::LabelTokens, &[("c", &tokens(c, texts))])),
        (Some(c), false) => s.push_str(&texts.fill(Text::LabelCounter, &[("c", &c.to_string())])),
        (None, _) => {}
    }
    if shared > 1 {
        s.push_str(&texts.fill(Text::LabelShared, &[("k", &shared.to_string())]));
    }
    s
}
