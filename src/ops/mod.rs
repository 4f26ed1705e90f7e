//! The typed operations: one function or type per thing a command does, taking a typed request
//! and returning a typed result, with no command line, no terminal and no files. The command
//! line (`app`) is a thin shell over this layer: it reads a person's words into a request, calls
//! it, and shows or writes what comes back. Writing a report folder is a separate, explicit step
//! ([`crate::output::OutDir`]).
//!
//! Simulate a game and read what it found:
//!
//! ```
//! use dicelab::{RunConfig, games, ops};
//!
//! let request = ops::RunRequest {
//!     game: games::find("sevens")?,
//!     rules: vec!["dice=3".into()],
//!     deck: None,
//!     players: 1,
//!     policies: vec!["optimal".into(), "rolls:1".into()],
//! };
//! let game = request.configure_comparison()?;
//! let finished = ops::simulate(game.as_ref(), &RunConfig::new(20_000, 7))?;
//! assert_eq!(finished.saved.record.units, 20_000);
//! assert!(finished.text().contains("optimal"));
//! let files = finished.files()?; // what a report folder would hold, by name
//! assert!(files.iter().any(|(name, _)| name == "summary.csv"));
//! # Ok::<(), dicelab::Error>(())
//! ```
//!
//! Sweep a rule, each rule set on the same seed:
//!
//! ```
//! use dicelab::{RunConfig, games, ops};
//!
//! let plan = ops::SweepPlan::new(&ops::SweepRequest {
//!     game: games::find("sequences")?,
//!     rules: vec!["wipe_ones=3,4,off".into()],
//!     players: 1,
//!     policies: Vec::new(),
//! })?;
//! assert_eq!(plan.len(), 3);
//! let sweep = plan.run(&RunConfig::new(2_000, 1))?;
//! assert_eq!(sweep.runs.len(), 3);
//! assert!(sweep.text().contains("wipe_ones"));
//! # Ok::<(), dicelab::Error>(())
//! ```
//!
//! Ask for advice on a position:
//!
//! ```
//! use dicelab::games::advice::{AdviceRequest, Position};
//! use dicelab::{RunConfig, games, ops};
//!
//! let position = Position::new(vec![
//!     ("roll".into(), "1".into()),
//!     ("dice".into(), "2".into()),
//!     ("sum".into(), "5".into()),
//! ])?;
//! let advice = ops::advise(
//!     games::find("sevens")?,
//!     &AdviceRequest {
//!         rules: Vec::new(),
//!         policies: Vec::new(),
//!         position,
//!         run: RunConfig::default(),
//!     },
//! )?;
//! assert_eq!(advice.rows.len(), 2); // stop, or roll the two dice
//! # Ok::<(), dicelab::Error>(())
//! ```

mod capabilities;
mod claims;
mod data;
mod merge;
mod play;
mod report;
mod review;
mod sequential;
mod sheet;
mod simulate;
mod sweep;
mod web;

pub use capabilities::{
    advise, advisor, deck_study, files_named, playable, position_file, rules_document, session,
    tuner,
};
pub use claims::{Checked, ClaimsFile, check_claims, claims_answer, claims_section, load_claims};
pub use data::{data_files, files};
pub use merge::{Merged, merge, merge_loaded};
pub use play::{Asks, MAX_MOVES, Replayed, replay};
pub use report::{DEFAULT_REPORT_UNITS, JobResult, ReportJob, TITLE, intro, report_jobs};
pub use review::{
    CheckedRecord, REVIEW_NAMES, ReviewFiles, ReviewRequest, check_record, read_record,
    record_files, record_kind, record_text, record_to, review_estimates, review_file,
    review_file_with, review_game, review_game_with, review_text, review_text_with, reviewed_games,
};
pub use sequential::{FIRST_LOOK, Until, looks, simulate_until};
pub use sheet::{SheetStart, SheetStep, sheet};
pub use simulate::{
    DEFAULT_UNITS, Finished, REPORT_NAMES, RunRequest, chunks, rules_with_deck, simulate,
};
pub use sweep::{MAX_RULE_SETS, SweepPlan, SweepRequest, sweep_about};
pub use web::{PlayAsked, PlayBody, games_listing, json_body, play_document, replayed_json};
