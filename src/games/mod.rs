//! The games dicelab plays, one folder each, and the registry that picks one by name.
//!
//! Each game keeps its rules, policies and exact solver in its own folder; this module only turns
//! a name, rule options, a player count and policy specs into a configured game that the commands
//! can simulate and compare with exact values, whatever the game.

pub mod outcomes;
pub mod seating;
pub mod sequences;
pub mod sevens;
pub mod sieben;
pub mod solitaire_dice;

use std::fmt;
use std::str::FromStr;

use crate::analysis::Analysis;
use crate::engine::RunConfig;
use crate::error::{Error, Result};
use crate::record::RunSetup;
use crate::stats::{ExactValues, Tally};

/// A game's name as typed on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    /// Sequences (runs from 1-2).
    Sequences,
    /// Hearts Due (Sequences with a scoring lone 1 and richer table).
    HeartsDue,
    /// Sevens (roll up to three times, sevens removed).
    Sevens,
    /// Sid Sackson's Solitaire Dice (five dice, two pairs, one throwaway).
    SolitaireDice,
    /// The card game 7 (cards on a two-spot pile up to a total of 7).
    Sieben,
}

impl GameName {
    /// Every game, in the order help texts list them.
    pub const ALL: [GameName; 5] = [
        GameName::Sequences,
        GameName::HeartsDue,
        GameName::Sevens,
        GameName::SolitaireDice,
        GameName::Sieben,
    ];

    /// The command-line name.
    pub fn as_str(self) -> &'static str {
        match self {
            GameName::Sequences => "sequences",
            GameName::HeartsDue => "hearts-due",
            GameName::Sevens => "sevens",
            GameName::SolitaireDice => solitaire_dice::NAME,
            GameName::Sieben => sieben::NAME,
        }
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameName {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        GameName::ALL
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = GameName::ALL.iter().map(|g| g.as_str()).collect();
                Error::input(format!(
                    "unknown game '{s}': expected one of {}",
                    names.join(", ")
                ))
            })
    }
}

/// What a user asks to run: a game with rule options, a player count and policy specs.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Which game.
    pub game: GameName,
    /// `key=value` rule option overrides.
    pub rules: Vec<String>,
    /// Number of players (1 for single-player runs).
    pub players: u32,
    /// Policy specs, one per player or one for all.
    pub policies: Vec<String>,
}

/// A game whose rules and policies have been checked and is ready to run.
#[derive(Clone, Debug)]
pub enum Game {
    /// Sequences or Hearts Due.
    Sequences {
        /// Which of the two.
        name: GameName,
        /// The configured run.
        config: sequences::Config,
    },
    /// Sevens (boxed: its roll tables make it far larger than the other variants).
    Sevens(Box<sevens::Config>),
    /// Solitaire Dice (boxed like Sevens, keeping the enum small whatever the game grows).
    SolitaireDice(Box<solitaire_dice::Config>),
    /// The card game 7 (boxed like the others).
    Sieben(Box<sieben::Config>),
}

impl Game {
    /// Checks a setup: every bad option, player count or policy is an error here, before any run.
    pub fn configure(setup: &Setup) -> Result<Self> {
        use sequences::rules::Scoring;
        match setup.game {
            GameName::Sequences | GameName::HeartsDue => {
                let config = sequences::Config::new(
                    if setup.game == GameName::HeartsDue {
                        Scoring::HeartsDue
                    } else {
                        Scoring::Sequences
                    },
                    setup.game.as_str(),
                    &setup.rules,
                    setup.players,
                    &setup.policies,
                )?;
                Ok(Game::Sequences {
                    name: setup.game,
                    config,
                })
            }
            GameName::Sevens => Ok(Game::Sevens(Box::new(sevens::Config::new(
                &setup.rules,
                setup.players,
                &setup.policies,
            )?))),
            GameName::SolitaireDice => Ok(Game::SolitaireDice(Box::new(
                solitaire_dice::Config::new(&setup.rules, setup.players, &setup.policies)?,
            ))),
            GameName::Sieben => Ok(Game::Sieben(Box::new(sieben::Config::new(
                &setup.rules,
                setup.players,
                &setup.policies,
            )?))),
        }
    }

    /// The game's name.
    pub fn name(&self) -> GameName {
        match self {
            Game::Sequences { name, .. } => *name,
            Game::Sevens(_) => GameName::Sevens,
            Game::SolitaireDice(_) => GameName::SolitaireDice,
            Game::Sieben(_) => GameName::Sieben,
        }
    }

    /// The game as configured, for the run's record.
    pub fn setup(&self) -> RunSetup {
        match self {
            Game::Sequences { name, config } => config.setup(name.as_str()),
            Game::Sevens(config) => config.setup(),
            Game::SolitaireDice(config) => config.setup(),
            Game::Sieben(config) => config.setup(),
        }
    }

    /// The `rules` column.
    pub fn rules_string(&self) -> String {
        self.setup().rules_column()
    }

    /// The `policy` column.
    pub fn policy_string(&self) -> String {
        self.setup().policy_column()
    }

    /// Runs the simulation.
    pub fn simulate(&self, run: &RunConfig) -> Result<Tally> {
        match self {
            Game::Sequences { config, .. } => config.simulate(run),
            Game::Sevens(config) => config.simulate(run),
            Game::SolitaireDice(config) => config.simulate(run),
            Game::Sieben(config) => config.simulate(run),
        }
    }

    /// The game's exact probability tables (`dicelab table`).
    pub fn tables(&self) -> Result<Analysis> {
        match self {
            Game::Sequences { name, config } => Ok(sequences::table::tables(
                name.as_str(),
                &config.setup(name.as_str()).rules_column(),
                &config.rules,
            )),
            Game::Sevens(config) => Ok(config.tables()),
            Game::SolitaireDice(config) => config.tables(),
            Game::Sieben(config) => config.tables(),
        }
    }

    /// The game's exact solution (`dicelab solve`): only games with decisions have one.
    pub fn solve(&self) -> Result<Analysis> {
        match self {
            Game::Sequences { name, .. } => Err(Error::input(format!(
                "solve {name}: a cast of {name} has no decision to solve (its split is forced); `dicelab table {name}` gives its exact tables"
            ))),
            Game::Sevens(config) => Ok(config.solve()),
            Game::SolitaireDice(_) => Err(Error::input(
                "solve solitaire-dice: no exact solver for Solitaire Dice yet (its game tree is far too large to enumerate); `dicelab table solitaire-dice` gives the exact chances of one roll and `dicelab compare solitaire-dice` compares policies",
            )),
            Game::Sieben(_) => Err(Error::input(
                "solve sieben: no exact solver for 7 (a whole game is far too large to enumerate); `dicelab table sieben` gives the exact chances on every pile state and `dicelab compare sieben` compares policies",
            )),
        }
    }

    /// Exact values of the run's metrics, where known.
    pub fn exact(&self) -> &ExactValues {
        match self {
            Game::Sequences { config, .. } => config.exact(),
            Game::Sevens(config) => config.exact(),
            Game::SolitaireDice(config) => config.exact(),
            Game::Sieben(config) => config.exact(),
        }
    }
}
