//! Sequences and its variant Hearts Due: one cast of six dice per turn, runs from 1 score.
//!
//! There is no decision to make, so the game has a single policy, `forced`; what users ask is how
//! often a cast scores, how long a race to 100 takes and who wins a game. All of it is known
//! exactly ([`exact`]), so every simulated figure is checked against its exact value.

pub mod exact;
pub mod play;
pub mod rules;
pub mod table;

use std::fmt;

use crate::engine::{RunConfig, run};
use crate::error::{Error, Result};
use crate::games::seating::{Players, Seats};
use crate::options::RuleOptions;
use crate::record::RunSetup;
use crate::stats::{ExactValues, Tally};

use rules::{OPTIONS, Rules, Scoring};

/// The one policy: a cast is scored by its best split, nothing is chosen.
pub const POLICY: &str = "forced";

/// Players: one races to the target, more play full games (the text allows "any number";
/// reports get a row per seat).
pub const PLAYERS: Players = Players {
    min: 1,
    max: 100,
    note: "",
};

/// The only policy spec: `forced`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forced;

impl fmt::Display for Forced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(POLICY)
    }
}

impl Forced {
    /// The spec `s` of a run of `game`: only `forced` is one.
    pub fn parse(game: &str, s: &str) -> Result<Self> {
        if s.trim() == POLICY {
            return Ok(Forced);
        }
        Err(Error::input(format!(
            "--policy '{s}': unknown policy for {game}; a cast involves no decision, so the \
             only policy is '{POLICY}'"
        )))
    }
}

/// A configured run: the rules, their rendered options and the number of players.
#[derive(Clone, Debug)]
pub struct Config {
    /// The rule set.
    pub rules: Rules,
    /// 1 for a race to the target, more for full games.
    pub players: u32,
    options: RuleOptions,
    exact: ExactValues,
}

impl Config {
    /// Checks the options, players and policies a user gave for `scoring`.
    pub fn new(
        scoring: Scoring,
        game_name: &'static str,
        overrides: &[String],
        players: u32,
        policies: &[String],
    ) -> Result<Self> {
        let options = RuleOptions::parse(game_name, OPTIONS, overrides)?;
        let rules = Rules::from_options(scoring, &options);
        PLAYERS.check(game_name, players)?;
        let parsed = policies
            .iter()
            .map(|s| Forced::parse(game_name, s))
            .collect::<Result<Vec<_>>>()?;
        Seats::new(parsed, Forced, players, 1)?;
        // Computed up front: it also refuses rule sets whose races would practically never end,
        // before any simulation starts.
        let exact = exact::exact_values(&rules, players)?;
        Ok(Self {
            rules,
            players,
            options,
            exact,
        })
    }

    /// The game as configured, for the run's record.
    pub fn setup(&self, game: &str) -> RunSetup {
        RunSetup {
            game: game.to_string(),
            rules: self.options.pairs(),
            players: self.players,
            policies: vec![POLICY.to_string()],
        }
    }

    /// Runs the race (one player) or full games (several).
    pub fn simulate(&self, config: &RunConfig) -> Result<Tally> {
        if self.players == 1 {
            run(&play::Race::new(&self.rules), config)
        } else {
            run(&play::Game::new(&self.rules, self.players as usize), config)
        }
    }

    /// The exact values of every metric the run reports.
    pub fn exact(&self) -> &ExactValues {
        &self.exact
    }
}
