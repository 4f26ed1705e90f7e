//! Solitaire Dice, by Sid Sackson: five dice a roll, two pairs scored, one die thrown away.
//!
//! The decision every roll asks for is how to divide the dice, and what users ask is which way of
//! deciding scores best and how often it reaches the text's winning 500. So the game is a library
//! first: [`rules`] holds the sheet and the legal choices (our reading of the text is in
//! `RULES.md`, section "Solitaire Dice"), [`policy`] the [`Policy`](policy::Policy) trait with
//! built-in random and greedy play, [`play`] whole games on dice from [`crate::dice`],
//! [`simulation`] games on the engine (several policies or seats on the same rolls) and [`table`]
//! the exact chances of one roll. [`Config`] is what `dicelab simulate solitaire-dice` runs.
//!
//! ```
//! use dicelab::games::solitaire_dice::play::play;
//! use dicelab::games::solitaire_dice::policy::Greedy;
//! use dicelab::policy::Random;
//! use rand_xoshiro::Xoshiro256PlusPlus;
//! use rand_xoshiro::rand_core::SeedableRng;
//!
//! // Greedy against random on the same 200 dice streams.
//! let (mut greedy, mut random) = (0i64, 0i64);
//! let mut coin = Random::new(Xoshiro256PlusPlus::seed_from_u64(0));
//! for seed in 0..200 {
//!     greedy += i64::from(play(&mut Greedy, &mut Xoshiro256PlusPlus::seed_from_u64(seed))?.score);
//!     random += i64::from(play(&mut coin, &mut Xoshiro256PlusPlus::seed_from_u64(seed))?.score);
//! }
//! assert!(greedy > random);
//! # Ok::<(), dicelab::Error>(())
//! ```

pub mod heuristic;
pub mod lookahead;
pub mod play;
pub mod policy;
pub mod rules;
pub mod simulation;
pub mod table;
pub mod tune;

use crate::analysis::Analysis;
use crate::engine::{RunConfig, run};
use crate::error::Result;
use crate::games::seating::{Players, Seats};
use crate::options::RuleOptions;
use crate::record::RunSetup;
use crate::stats::{ExactValues, Tally};

use policy::PolicySpec;
use simulation::{Games, MAX_PLAYERS, MAX_POLICIES};

/// The game's command-line name.
pub const NAME: &str = "solitaire-dice";

/// One player compares policies on the same rolls; more share the rolls on their own sheets.
pub const PLAYERS: Players = Players {
    min: 1,
    max: MAX_PLAYERS,
    note: "sheets sharing the rolls",
};

/// The policy used when none is given: the better of the two built-ins.
pub const DEFAULT_POLICY: PolicySpec = PolicySpec::Greedy;

/// A checked run of Solitaire Dice: one player comparing one or more policies on the same rolls,
/// or a game of several seats sharing the rolls.
#[derive(Clone, Debug)]
pub struct Config {
    options: RuleOptions,
    players: u32,
    seats: Seats<PolicySpec>,
    exact: ExactValues,
}

impl Config {
    /// Checks the options (there are none yet, so any is refused), the player count and the
    /// policy specs a user gave.
    pub fn new(overrides: &[String], players: u32, policies: &[String]) -> Result<Self> {
        let options = RuleOptions::parse(NAME, &[], overrides)?;
        PLAYERS.check(NAME, players)?;
        let parsed = policies
            .iter()
            .map(|s| s.parse::<PolicySpec>())
            .collect::<Result<Vec<_>>>()?;
        let seats = Seats::new(parsed, DEFAULT_POLICY, players, MAX_POLICIES)?;
        Ok(Self {
            options,
            players,
            seats,
            exact: ExactValues::default(),
        })
    }

    /// The game as configured, for the run's record.
    pub fn setup(&self) -> RunSetup {
        RunSetup {
            game: NAME.to_string(),
            rules: self.options.pairs(),
            players: self.players,
            policies: self
                .seats
                .given
                .iter()
                .map(|p| p.as_str().to_string())
                .collect(),
        }
    }

    /// Plays the games.
    pub fn simulate(&self, config: &RunConfig) -> Result<Tally> {
        run(&Games::new(self.players, &self.seats), config)
    }

    /// Exact values of the run's metrics: none yet (whole games have no exact solution here).
    pub fn exact(&self) -> &ExactValues {
        &self.exact
    }

    /// `dicelab table solitaire-dice`: the exact chances of one roll.
    pub fn tables(&self) -> Result<Analysis> {
        Ok(table::tables(&self.setup().rules_column()))
    }
}
