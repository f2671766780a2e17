//! The check-yourself questions. Every option carries its own feedback.

/// One answer option.
pub struct Choice {
    /// What the learner picks.
    pub text: &'static str,
    /// Whether it is the right answer.
    pub correct: bool,
    /// Why it is right or wrong.
    pub feedback: &'static str,
}

/// One multiple-choice question.
pub struct Question {
    /// The question.
    pub prompt: &'static str,
    /// Its options, in the order shown.
    pub choices: &'static [Choice],
}

/// The quiz, covering SPEC section 2.
pub static QUESTIONS: &[Question] = &[
    Question {
        prompt: "The limiter reads the count with GET, compares it, then writes count + 1 with SET. \
                 Under a burst more requests get through than the limit. What fixes it?",
        choices: &[
            Choice {
                text: "Use INCR and compare the count it returns",
                correct: true,
                feedback: "INCR adds and returns the new count in one step, and Redis \
                           runs one command at a time, so two requests can never see the same count.",
            },
            Choice {
                text: "Make the round trip to Redis faster",
                correct: false,
                feedback: "A faster round trip narrows the gap between GET and SET, so fewer \
                           requests slip through, but any gap at all lets two servers read the same value.",
            },
            Choice {
                text: "Retry the SET if it fails",
                correct: false,
                feedback: "The SET does not fail: it succeeds with a stale value. Retrying changes nothing.",
            },
        ],
    },
    Question {
        prompt: "The per-server limiter passed every test on a developer's laptop. Why did it \
                 only misbehave in production?",
        choices: &[
            Choice {
                text: "On the laptop one server saw every request",
                correct: true,
                feedback: "With a single server its count is the user's count. Behind a \
                           load balancer each server sees only its slice.",
            },
            Choice {
                text: "The tests sent too few requests",
                correct: false,
                feedback: "A test can send thousands of requests and still pass: as long as they \
                           all reach one server, one counter sees them all.",
            },
            Choice {
                text: "Production clocks drift between servers",
                correct: false,
                feedback: "Clock drift can blur window edges, but the leak here happens inside \
                           one window: each server simply never hears about the others' requests.",
            },
        ],
    },
    Question {
        prompt: "With local counters, the API runs on 4 servers and autoscaling adds 4 more. \
                 What happens to the limit a user actually gets?",
        choices: &[
            Choice {
                text: "It can double, to 8 times the limit",
                correct: true,
                feedback: "Each new server brings a fresh full allowance, so the real \
                           ceiling grows with the fleet, without anyone changing a setting.",
            },
            Choice {
                text: "It stays the same, since the setting did not change",
                correct: false,
                feedback: "The setting applies per server. Eight servers each allowing the \
                           limit add up to eight times it.",
            },
            Choice {
                text: "It halves, since each server sees half as much",
                correct: false,
                feedback: "Each server seeing less traffic means each is further from its own \
                           limit, so more gets through, not less.",
            },
        ],
    },
    Question {
        prompt: "Each of 4 servers allows limit ÷ 4. The user is under the limit, yet some \
                 requests get 429. Why?",
        choices: &[
            Choice {
                text: "The burst was not spread evenly, so one server used up its share",
                correct: true,
                feedback: "A load balancer spreads many users well, but one user's short \
                           burst lands unevenly, and a server refuses once its own share is gone.",
            },
            Choice {
                text: "The shares add up to less than the limit",
                correct: false,
                feedback: "The shares add up to exactly the limit. The problem is where the \
                           requests land, not the sum.",
            },
            Choice {
                text: "Redis was too slow",
                correct: false,
                feedback: "This strategy never talks to Redis: every server counts in its own memory.",
            },
        ],
    },
    Question {
        prompt: "Redis is down. Your limiter guards the endpoint that sends one-time login codes \
                 by text message. What should it do?",
        choices: &[
            Choice {
                text: "Fail closed: refuse until the counter is back",
                correct: true,
                feedback: "Each code costs money and an attacker would love an unmetered \
                           endpoint, so refusing is the safer failure here.",
            },
            Choice {
                text: "Fail open: allow everything until Redis returns",
                correct: false,
                feedback: "Fail open is the usual choice for a general API limit, where staying \
                           up matters most, but here it hands abusers an unlimited sender.",
            },
            Choice {
                text: "Wait for Redis without a timeout",
                correct: false,
                feedback: "Without a timeout every request hangs on a dead dependency; always put \
                           a short timeout on the call, then fail open or closed on purpose.",
            },
        ],
    },
    Question {
        prompt: "A general API limit of 1,000 requests a minute puts heavy load on Redis. What is \
                 usually good enough?",
        choices: &[
            Choice {
                text: "Count locally and sync to Redis every few hundred milliseconds",
                correct: true,
                feedback: "Redis load drops by orders of magnitude, and the limit \
                           overshoots by about one sync interval of traffic, which a general API can live with.",
            },
            Choice {
                text: "Switch back to local counters only",
                correct: false,
                feedback: "That brings back the N-times leak and the limit that grows with \
                           autoscaling; batching keeps a shared view at a fraction of the cost.",
            },
            Choice {
                text: "Make every check an atomic Lua script",
                correct: false,
                feedback: "Atomic checks are exact, but they still cost one Redis operation per \
                           request: the load this question is trying to reduce.",
            },
        ],
    },
    Question {
        prompt: "Counters are sharded across several Redis nodes. How should keys be placed?",
        choices: &[
            Choice {
                text: "By user, so one user's counter lives on one node",
                correct: true,
                feedback: "Each check stays a single atomic command on a single node, and \
                           the load spreads across users.",
            },
            Choice {
                text: "Round-robin, each request to the next node",
                correct: false,
                feedback: "Then one user's count is split over several nodes, and you are back \
                           to several counters that each see a slice.",
            },
            Choice {
                text: "Every node keeps a copy of every counter",
                correct: false,
                feedback: "Copies must be kept in step, which brings back the race between \
                           reading and writing that atomic commands avoid.",
            },
        ],
    },
];
