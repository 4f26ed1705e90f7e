//! dicelab: a Monte Carlo strategy simulator and exact analyzer for push-your-luck dice and card
//! games.
//!
//! Data flows one way: rules and policy feed a seeded, parallel [`engine`] whose exact,
//! mergeable [`stats`] become reports ([`report`], CSV and SVG) that [`output`] writes whole or
//! not at all; where the game allows, an exact solver (each game's `exact` module) supplies the
//! true value printed beside every estimate. The `dicelab` command line is [`app`]; everything
//! else names settings, never flags ([`error`]).
//!
//! The names a library user needs are re-exported here. Three things a user does:
//!
//! **Run a game** and hold its estimate against the exact value:
//!
//! ```
//! use dicelab::{MetricId, RunConfig, Setup, games};
//!
//! // Hearts Due with the harsher three-1's penalty: how many casts to reach 100?
//! let game = games::find("hearts-due")?.configure(&Setup {
//!     rules: vec!["wipe_ones=3".to_string()],
//!     players: 1,
//!     policies: vec![],
//!     ..Default::default()
//! })?;
//! let tally = game.simulate(&RunConfig::new(20_000, 7))?;
//! let turns_to_target = MetricId::run("turns_to_target");
//! let turns = tally.get(&turns_to_target).unwrap().estimate();
//! let exact = game.exact().mean(&turns_to_target).unwrap();
//! assert!((turns.mean - exact).abs() < 4.0 * turns.se);
//! # Ok::<(), dicelab::Error>(())
//! ```
//!
//! **Write a stop policy** for a Sevens turn: a [`StopPolicy`] compiles into the same decision
//! table as the built-in ones, so it runs as fast.
//!
//! ```
//! use dicelab::games::sevens::policy::{DecisionTable, TurnState};
//! use dicelab::games::sevens::rolls::RollOutcomes;
//! use dicelab::games::sevens::rules::Rules;
//! use dicelab::games::sevens::sim::Turns;
//! use dicelab::{MetricId, RunConfig, StopPolicy, run};
//!
//! /// Roll on while the kept dice sum to less than 14.
//! struct Below14;
//!
//! impl StopPolicy for Below14 {
//!     fn roll_again(&self, state: &TurnState) -> bool {
//!         state.kept.sum < 14
//!     }
//! }
//!
//! let rules = Rules::default();
//! let outcomes = RollOutcomes::of(&rules);
//! let table = DecisionTable::from_policy("below-14", &Below14, &outcomes, rules.max_rolls);
//! let tally = run(&Turns::new(&outcomes, vec![table]), &RunConfig::new(100_000, 1))?;
//! let score = tally.get(&MetricId::run("turn_score")).unwrap().estimate();
//! assert!(score.mean > 9.0 && score.mean < 12.0, "{}", score.mean);
//! # Ok::<(), dicelab::Error>(())
//! ```
//!
//! **Add a game**: implement [`Game`] (what it declares, how a request is configured) and
//! [`Configured`] (simulate, exact values; tables and a solver are optional), then
//! [`register`] it and hand the command line to [`app::run`]: every command (`simulate`,
//! `compare`, `sweep`, `merge`, `rules`, ...) then plays it as it plays the built-in games.
//! `examples/coin_race.rs` is such a game, whole:
//!
//! ```text
//! cargo run --release --example coin_race -- simulate coin-race --rule target=20
//! ```

#![deny(missing_docs)]
// No `unsafe` in dicelab: the two system calls std lacks go through rustix.
#![forbid(unsafe_code)]

// The modules a library user opens; the others are reached through them (a run's
// `record::Saved`, the engine's `engine::Merge`) or are internals.
#[cfg(feature = "cli")]
pub mod app;
pub mod claims;
pub mod dice;
pub mod engine;
pub mod error;
pub mod games;
pub mod ops;
pub mod output;
pub mod record;
pub mod report;
pub mod stats;

mod accumulator;
mod input;
mod memory;
mod merge;
mod number;
mod plot;
mod saved;

/// Hot-loop pieces and reference loops that the benches (`benches/*.rs`) and integration tests
/// (`tests/*.rs`) reach from outside the crate. Public only for them: not API, hidden from the
/// docs, and free to change in any release.
#[doc(hidden)]
pub mod internals {
    /// Sequences: the table of every cast's outcome code (`Rules::cast_table`).
    pub mod sequences {
        pub use crate::games::sequences::rules::CastTable;
    }

    /// Sevens: the packed rolls, the per-roll lookup and the step a decision table returns
    /// (`DecisionTable::step`) of the single-turn hot loop.
    pub mod sevens {
        pub use crate::games::sevens::policy::Step;
        pub use crate::games::sevens::sim::play::{Lookup, Rolls};
    }

    /// The write hook of the crash tests, for the `dicelab-hooked` test binary alone: built only
    /// with the `write-hook` feature, which test builds turn on.
    #[cfg(feature = "write-hook")]
    pub use crate::output::path::pause_at_write_steps;
}

pub use engine::{Merge, OnProgress, Progress, RunConfig, Shard, Simulation, run};
pub use error::{Error, Result, Setting};
pub use games::policy::{Decision, OneStep, Policy, Value};
pub use games::sevens::policy::StopPolicy;
pub use games::{Configured, Game, GameInfo, Setup, find, register};
pub use input::{Files, InputFile};
pub use output::Invocation;
pub use record::Saved;
pub use stats::{ExactValues, Histogram, Metric, MetricId, Tally};
