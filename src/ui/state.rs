//! The widget's one source of truth and what is derived from it.

use leptos::prelude::*;

use crate::sim::{self, Report, Scenario};

/// How one widget was mounted and where it starts.
#[derive(Clone, Debug)]
pub struct Mount {
    /// Prefix for every element id, unique on the page (`rll1`, `rll2`, …).
    pub id: String,
    /// Whether this widget reads and writes the page's URL.
    pub url_state: bool,
    /// Whether page chrome is hidden (`?embed=1`, or a script-tag mount).
    pub embed: bool,
    /// Whether the page is inside a frame (posts messages to the parent).
    pub framed: bool,
    /// The starting scenario.
    pub start: Scenario,
    /// Sentences about parameters that had to be adjusted.
    pub notices: Vec<String>,
}

/// The widget's state, shared with its components through context.
#[derive(Clone, Copy)]
pub struct Lab {
    /// The scenario: the one piece of state the model depends on.
    pub scenario: RwSignal<Scenario>,
    /// The model's report for the scenario.
    pub report: Memo<Report>,
    /// How this widget was mounted.
    pub mount: StoredValue<Mount>,
}

impl Lab {
    /// Creates the state for `mount` and provides it to the component tree.
    pub fn provide(mount: Mount) -> Lab {
        let scenario = RwSignal::new(mount.start);
        let report = Memo::new(move |_| scenario.with(sim::run));
        let lab = Lab {
            scenario,
            report,
            mount: StoredValue::new(mount),
        };
        provide_context(lab);
        lab
    }

    /// The widget state from context; every component below the root has it.
    pub fn expect() -> Lab {
        expect_context::<Lab>()
    }

    /// An element id unique on the page: `rll1-<suffix>`.
    pub fn id(&self, suffix: &str) -> String {
        self.mount.with_value(|m| format!("{}-{suffix}", m.id))
    }

    /// One number read off the report. Every such view has the same type
    /// (a `fn` pointer inside a type-erased signal), so the wasm carries one
    /// rendering path for all of them instead of one per closure.
    pub fn num(&self, f: fn(&Report) -> u32) -> Signal<u32> {
        let report = self.report;
        Signal::derive(move || report.with(f))
    }

    /// One text read off the report; see [`Lab::num`].
    pub fn text(&self, f: fn(&Report) -> String) -> Signal<String> {
        let report = self.report;
        Signal::derive(move || report.with(f))
    }

    /// Changes the scenario with `f`.
    pub fn update(&self, f: impl FnOnce(Scenario) -> Scenario) {
        self.scenario.update(|s| *s = f(*s));
    }
}
