//! Sequences and its variant Hearts Due: one cast of six dice per turn, runs from 1 score.
//!
//! There is no decision to make, so the game has a single policy, `forced`; what users ask is how
//! often a cast scores, how long a race to 100 takes and who wins a game. All of it is known
//! exactly ([`exact`]), so every simulated figure is checked against its exact value.

pub mod exact;
pub mod play;
pub mod rules;
pub mod table;

use crate::engine::{RunConfig, run};
use crate::error::{Error, Result};
use crate::options::RuleOptions;
use crate::stats::{ExactValues, Tally};

use rules::{OPTIONS, Rules, Scoring};

/// The one policy: a cast is scored by its best split, nothing is chosen.
pub const POLICY: &str = "forced";

/// Most players a game may have (the text allows "any number"; reports get a row per seat).
pub const MAX_PLAYERS: u32 = 100;

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
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(Error::input(format!(
                "--players {players}: {game_name} takes 1 to {MAX_PLAYERS} players"
            )));
        }
        for policy in policies {
            if policy != POLICY {
                return Err(Error::input(format!(
                    "--policy '{policy}': unknown policy for {game_name}; a cast involves no \
                     decision, so the only policy is '{POLICY}'"
                )));
            }
        }
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

    /// The `rules` column: players first, then every rule option.
    pub fn rules_string(&self) -> String {
        format!("players={};{}", self.players, self.options.render())
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
