//! The check-yourself quiz: its questions (built in, or a course author's
//! from a content file), the order of each question's options (shuffled
//! from the widget's seed, so a given URL always shows the same order), and
//! how answers are scored: the first pick of each question counts; a wrong
//! pick says why and the learner tries again; the right answer shows only
//! when picked or asked for.

use crate::sim::Rng;

/// One option of a question.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// What the learner picks.
    pub text: String,
    /// Whether it is the right answer (exactly one per question).
    #[serde(default)]
    pub correct: bool,
    /// Why it is right or wrong.
    pub why: String,
}

/// A link that sets the widget to a scenario that shows a point.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShowMe {
    /// What the link says after "Show me: ".
    pub label: String,
    /// The scenario, as URL parameters ("strategy=local&servers=16").
    pub query: String,
}

/// One multiple-choice question.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// The question.
    pub prompt: String,
    /// Its options, right one included, in any order (the widget shuffles).
    pub options: Vec<Choice>,
    /// A scenario that shows the point, offered with the feedback.
    #[serde(default)]
    pub show: Option<ShowMe>,
}

impl Question {
    /// The index of the right option.
    pub fn right(&self) -> usize {
        self.options.iter().position(|c| c.correct).unwrap_or(0)
    }
}

/// Checks a course author's quiz: every question has a prompt, two to six
/// options and exactly one right one. The error names the question.
pub fn check(questions: &[Question]) -> Result<(), String> {
    if questions.is_empty() {
        return Err("quiz: no questions".into());
    }
    for (i, q) in questions.iter().enumerate() {
        let right = q.options.iter().filter(|c| c.correct).count();
        let n = q.options.len();
        if q.prompt.trim().is_empty() {
            return Err(format!("quiz question {}: the prompt is empty", i + 1));
        }
        if !(2..=6).contains(&n) {
            return Err(format!(
                "quiz question {}: {n} options (2 to 6 are needed)",
                i + 1
            ));
        }
        if right != 1 {
            return Err(format!(
                "quiz question {}: {right} options are marked correct (exactly one must be)",
                i + 1
            ));
        }
    }
    Ok(())
}

/// The order each question's options are shown in (indices into its
/// `options`), drawn from `seed`: stable for a given URL. Across the quiz
/// the right answer's position is spread out (positions are dealt from a
/// shuffled sequence), so it is not always in the same place.
pub fn order(questions: &[Question], seed: u64) -> Vec<Vec<usize>> {
    let mut rng = Rng::new(seed ^ 0x5155_495a);
    let mut slots: Vec<u32> = (0..questions.len() as u32).collect();
    rng.shuffle(&mut slots);
    questions
        .iter()
        .zip(slots)
        .map(|(q, slot)| {
            let n = q.options.len().max(1);
            let right = q.right();
            let mut wrong: Vec<usize> = (0..q.options.len()).filter(|&i| i != right).collect();
            rng.shuffle(&mut wrong);
            let at = slot as usize % n;
            wrong.insert(at.min(wrong.len()), right);
            wrong
        })
        .collect()
}

/// What has happened on one question.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// The first option picked: the one that counts for the score.
    pub first: Option<usize>,
    /// The option picked last, whose feedback is showing.
    pub last: Option<usize>,
    /// Wrong options tried so far.
    pub tried: Vec<usize>,
    /// The right option was picked.
    pub solved: bool,
    /// The learner asked for the answer.
    pub revealed: bool,
}

impl Answer {
    /// Picks option `i` of `q`; true if this was the question's first pick.
    /// Once the question is over, a pick only opens that option's feedback.
    pub fn pick(&mut self, q: &Question, i: usize) -> bool {
        if i >= q.options.len() {
            return false;
        }
        if self.done() {
            self.last = Some(i);
            return false;
        }
        let first = self.first.is_none();
        self.first.get_or_insert(i);
        self.last = Some(i);
        if q.options[i].correct {
            self.solved = true;
        } else if !self.tried.contains(&i) {
            self.tried.push(i);
        }
        first
    }

    /// Shows the right answer of `q` and why (after at least one pick).
    pub fn reveal(&mut self, q: &Question) {
        if self.first.is_some() {
            self.revealed = true;
            self.last = Some(q.right());
        }
    }

    /// Whether the question is over: solved or revealed.
    pub fn done(&self) -> bool {
        self.solved || self.revealed
    }
}

/// How a quiz stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Questions with a first answer.
    pub answered: usize,
    /// First answers that were right.
    pub correct: usize,
    /// Questions in all.
    pub total: usize,
}

/// The score of `answers` on `questions`.
pub fn score(questions: &[Question], answers: &[Answer]) -> Score {
    let mut s = Score {
        total: questions.len(),
        ..Score::default()
    };
    for (q, a) in questions.iter().zip(answers) {
        if let Some(i) = a.first {
            s.answered += 1;
            s.correct += usize::from(q.options.get(i).is_some_and(|c| c.correct));
        }
    }
    s
}

/// Builds the built-in questions from their English text.
fn q(prompt: &str, options: &[(&str, bool, &str)], show: Option<(&str, &str)>) -> Question {
    Question {
        prompt: prompt.to_string(),
        options: options
            .iter()
            .map(|(text, correct, why)| Choice {
                text: text.to_string(),
                correct: *correct,
                why: why.to_string(),
            })
            .collect(),
        show: show.map(|(label, query)| ShowMe {
            label: label.to_string(),
            query: query.to_string(),
        }),
    }
}

/// The built-in quiz (in the order asked).
pub fn builtin() -> Vec<Question> {
    vec![
        q(
            "The per-server limiter passed every test on a developer's laptop. Why did it only misbehave in production?",
            &[
                ("On the laptop one server saw every request", true, "With a single server its count is the user's count. Behind a load balancer each server sees only its slice."),
                ("The tests sent too few requests", false, "A test can send thousands of requests and still pass: as long as they all reach one server, one counter sees them all."),
                ("Production clocks drift between servers", false, "Clock drift can blur the edges of a window, but the leak happens inside one window: each server never hears about the others' requests."),
            ],
            Some(("one server, then four", "strategy=local&servers=1")),
        ),
        q(
            "With local counters and a limit of 10, the API runs on 4 servers. What is the most one user can get through in one window?",
            &[
                ("40: each server allows its own 10", true, "Each server's counter starts from zero and only sees its own slice, so four of them can each allow the full 10."),
                ("10: the setting says 10", false, "The setting is per server. Four servers each allowing 10 add up to 40 for a user whose requests are spread over all of them."),
                ("Somewhere between 10 and 11", false, "That would need the servers to share what they counted. Local counters share nothing."),
            ],
            Some(("4 servers, 100 requests, round-robin", "strategy=local&servers=4&burst=100&lb=round-robin")),
        ),
        q(
            "Each of 4 servers allows limit ÷ 4. A regular user sends exactly the limit, yet some requests get 429. Why?",
            &[
                ("The requests were not spread evenly, so one server ran out of its share", true, "A load balancer spreads many users well, but one user's short burst lands unevenly: one server refuses while another's share sits unused."),
                ("The shares add up to less than the limit", false, "The shares add up to exactly the limit. The trouble is where the requests land, not the sum."),
                ("Redis was too slow", false, "This strategy never talks to Redis: every server counts in its own memory."),
            ],
            Some(("a regular user under limit ÷ N", "strategy=split&burst=10")),
        ),
        q(
            "The limit of 10 was split as ÷ 4 across 4 servers. Autoscaling grows the fleet to 10 servers and nobody re-plans the shares. What happens to the limit?",
            &[
                ("It grows: the six new servers bring shares of their own, 26 in all", true, "Every server still allows its planned share of 3 or 2, and ten of them add up to 26, far past the 10 intended."),
                ("It stays at 10: the shares were planned for 10", false, "The shares were planned for four servers. The new ones repeat them, so the total follows the number of servers."),
                ("It drops, because each server now gets less traffic", false, "Less traffic per server means each is further from its own share, so more gets through overall, not less."),
            ],
            Some(("÷ N planned for 4, running on 10", "strategy=split&servers=10&plan=4&burst=200")),
        ),
        q(
            "The load balancer is switched to sticky sessions, so each user always reaches the same server. Is the limit fixed?",
            &[
                ("Only until something moves the user: a deploy, a scale-in or a crash", true, "While the user stays put one counter sees everything; when a deploy moves them, the next server starts from zero and the user gets the limit again."),
                ("Yes, for good: one server sees all of the user's requests", false, "Servers come and go. Every deploy, scaling event or failover moves users, and every move hands them a fresh count."),
                ("No, sticky sessions make no difference at all", false, "They do help while the user stays on one server: local counters are then exact. The trouble starts when the user moves."),
            ],
            Some(("sticky, with a deploy at 20 ms", "strategy=local&lb=sticky&move=20")),
        ),
        q(
            "The Gatepass limiter reads the count with GET, compares it, then writes count + 1 with SET. Under a burst, 24 of 40 requests got through a limit of 10. What fixes it?",
            &[
                ("Make check-and-increment one atomic step: INCR, or a Lua script", true, "INCR adds and returns the new count in one step, and a script runs start to finish without interruption: no two requests can see the same count."),
                ("Add Redis replicas so reads are faster", false, "Replicas spread reads; they do not make GET and SET one step. Reads from a replica can even be staler, which widens the race."),
                ("Retry the SET if it fails", false, "The SET does not fail: it succeeds with a stale value. Retrying changes nothing."),
            ],
            Some(("GET then SET at 2 ms", "preset=gatepass&strategy=getset")),
        ),
        q(
            "Under GET then SET, what does a slower round trip to Redis do?",
            &[
                ("More requests get through: the gap between GET and SET is wider", true, "Every request that reads during another's gap sees a count that is missing that request. A wider gap catches more of them."),
                ("Fewer get through, because each request takes longer", false, "Each request does take longer, but the burst arrives just the same; the longer wait only gives more requests time to read the same old count."),
                ("Nothing changes: Redis runs commands one at a time", false, "Redis does run them one at a time, but GET and SET are two separate commands, and anything can run between them."),
            ],
            Some(("GET then SET at a 10 ms round trip", "strategy=getset&rtt=10")),
        ),
        q(
            "After a burst under GET then SET, 24 requests were allowed but the Redis counter says 10. Where did the other 14 go?",
            &[
                ("Lost updates: several SETs wrote the same value", true, "Each SET writes what its server read, plus one. Two requests that read 7 both write 8, so two allowed requests add one to the count."),
                ("They expired with the window", false, "The window is longer than the burst; nothing expired. The count was simply never raised for them."),
                ("Redis dropped the writes under load", false, "Redis ran every SET. They just wrote values that were already there."),
            ],
            Some(("GET then SET at 5 ms", "strategy=getset&rtt=5")),
        ),
        q(
            "A shared counter in Redis fixes the leak. What new risk does it add?",
            &[
                ("Every request now depends on Redis: when it is slow or down, the limiter must fail open or closed", true, "The limit now needs a round trip per request and a healthy Redis. Put a short timeout on the call and decide in advance what a missing answer means."),
                ("Counters can overflow", false, "A 64-bit counter will not overflow in any window you would set, and the key expires with its window anyway."),
                ("Users can read each other's counters", false, "Counters are keyed by user and only the servers talk to Redis; the user never sees the key."),
            ],
            Some(("INCR with Redis down, failing open", "strategy=incr&redis=down&fail=open")),
        ),
        q(
            "Redis is down. Your limiter guards the endpoint that sends one-time login codes by text message. What should it do?",
            &[
                ("Fail closed: refuse until the counter is back", true, "Each code costs money, and an attacker would love an unmetered sender, so refusing is the safer failure here."),
                ("Fail open: allow everything until Redis returns", false, "Fail open is the usual choice for a general API limit, where staying up matters most, but here it hands abusers an unlimited sender."),
                ("Wait for Redis without a timeout", false, "Without a timeout every request hangs on a dead dependency. Put a short timeout on the call, then fail open or closed on purpose."),
            ],
            Some(("INCR with Redis down, failing closed", "strategy=incr&redis=down&fail=closed")),
        ),
        q(
            "A general API limit of 1,000 requests a minute puts heavy load on Redis. What is usually good enough?",
            &[
                ("Count locally and sync to Redis every few hundred milliseconds", true, "Redis load drops by orders of magnitude, and the limit overshoots by about one sync interval of traffic, which a general API can live with."),
                ("Switch back to local counters only", false, "That brings back the N-times leak and the limit that grows with autoscaling; batching keeps a shared view at a fraction of the cost."),
                ("Make every check an atomic Lua script", false, "Atomic checks are exact, but they still cost one Redis operation per request: the load this question is trying to reduce."),
            ],
            Some(("local + sync every 5 ms", "strategy=sync&sync=5")),
        ),
        q(
            "A token bucket of 100 a minute lets 101 requests through during one second. Is the limit broken?",
            &[
                ("No: a token refilled during that second, which the bucket is designed to allow", true, "The bucket refills 100 tokens a minute, one every 0.6 s. One more token arrives during a one-second burst, and spending it is the bucket working as designed."),
                ("Yes: two requests raced on the same token", false, "The script runs atomically inside Redis, so no two requests can take the same token."),
                ("Yes: the script should have used GET and SET", false, "That would bring back the race. The script is one atomic step, which is the point."),
            ],
            Some(("the Lua bucket, 100 per minute", "preset=per-minute&strategy=lua")),
        ),
        q(
            "A limit is enforced at the API gateway, in front of the load balancer. When is that exact?",
            &[
                ("When one gateway sees all of a user's traffic", true, "One counter that sees every request is the user's count. With many gateways or CDN locations, each counts only its own share."),
                ("Always: gateways share their counts automatically", false, "Most gateways count in their own memory unless configured with a shared store, and CDNs count per location."),
                ("Never: gateways cannot count requests", false, "Counting is exactly what an edge limit does; the question is only how many counters there are."),
            ],
            Some(("a limit at the edge", "strategy=edge")),
        ),
        q(
            "Counters are sharded across several Redis nodes. How should keys be placed?",
            &[
                ("By user, so one user's counter lives on one node", true, "Each check stays a single atomic command on a single node, and the load spreads across users."),
                ("Round-robin, each request to the next node", false, "Then one user's count is split over several nodes, and you are back to several counters that each see a slice."),
                ("Every node keeps a copy of every counter", false, "Copies must be kept in step, which brings back the race between reading and writing that atomic commands avoid."),
            ],
            None,
        ),
    ]
}
