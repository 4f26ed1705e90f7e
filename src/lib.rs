//! dicelab: a Monte Carlo strategy simulator and exact analyzer for push-your-luck dice and card
//! games.
//!
//! Data flows one way: rules and policy feed a seeded, parallel [`engine`] whose exact,
//! mergeable [`stats`] become reports ([`report`], CSV and SVG); where the game allows, an exact
//! solver (each game's `exact` module) supplies the true value printed beside every estimate.
//!
//! ```
//! use dicelab::engine::RunConfig;
//! use dicelab::games::{self, Setup};
//! use dicelab::stats::MetricId;
//!
//! // Hearts Due with the harsher three-1's penalty: how many casts to reach 100?
//! let game = games::find("hearts-due")?.configure(&Setup {
//!     rules: vec!["wipe_ones=3".to_string()],
//!     players: 1,
//!     policies: vec![],
//! })?;
//! let tally = game.simulate(&RunConfig::new(20_000, 7))?;
//! let turns_to_target = MetricId::run("turns_to_target");
//! let turns = tally.get(&turns_to_target).unwrap().estimate();
//! let exact = game.exact().mean(&turns_to_target).unwrap();
//! assert!((turns.mean - exact).abs() < 4.0 * turns.se);
//! # Ok::<(), dicelab::Error>(())
//! ```

#![deny(missing_docs)]

pub mod advice;
pub mod analysis;
pub mod app;
pub mod claims;
pub mod counts;
pub mod dice;
pub mod engine;
pub mod error;
pub mod games;
pub mod input;
mod merge;
pub mod number;
pub mod options;
pub mod output;
pub mod plot;
pub mod policy;
pub mod record;
pub mod report;
pub mod saved;
pub mod session;
pub mod stats;

pub use error::{Error, Result};
