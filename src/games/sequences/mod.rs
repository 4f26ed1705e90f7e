//! Sequences and its variant Hearts Due: one cast of six dice per turn, runs from 1 score.
//!
//! There is no decision to make, so the game has a single policy, `forced`; what users ask is how
//! often a cast scores, how long a race to 100 takes and who wins a game. All of it is known
//! exactly ([`exact`]), so every simulated figure is checked against its exact value.

pub mod exact;
pub mod policy;
pub mod rules;
pub mod sim;
pub mod tables;

use crate::analysis::Analysis;
use crate::engine::{RunConfig, run};
use crate::error::{Error, Result};
use crate::games::seating::{Players, Seats};
use crate::games::{Configured, Game, PolicyDoc, ReportRun, Setup};
use crate::options::{OptionSpec, RuleOptions};
use crate::record::RunSetup;
use crate::stats::{ExactValues, Tally};

use policy::{Forced, POLICIES, POLICY};
use rules::{OPTIONS, Rules, Scoring};

/// Players: one races to the target, more play full games (the text allows "any number";
/// reports get a row per seat).
pub const PLAYERS: Players = Players {
    min: 1,
    max: 100,
    note: "",
};

/// Sequences or Hearts Due: one game folder, two entries in the registry.
#[derive(Clone, Copy, Debug)]
pub struct Sequences {
    name: &'static str,
    about: &'static str,
    scoring: Scoring,
}

/// Sequences: runs from 1-2 score.
pub const SEQUENCES: Sequences = Sequences {
    name: "sequences",
    about: "Sequences: one cast of six dice per turn, runs from 1-2 score, first to 100",
    scoring: Scoring::Sequences,
};

/// Hearts Due: Sequences with a scoring lone 1 and a richer table.
pub const HEARTS_DUE: Sequences = Sequences {
    name: "hearts-due",
    about: "Hearts Due: Sequences with a scoring lone 1 and a richer table",
    scoring: Scoring::HeartsDue,
};

/// A race of a billion units and a game of four: the default job's runs.
const REPORT_RUNS: [[ReportRun; 2]; 2] = {
    const fn runs(race: &'static str, game: &'static str) -> [ReportRun; 2] {
        [
            ReportRun {
                folder: race,
                players: 1,
                policies: &[],
                share: 1,
                with_tables: true,
            },
            ReportRun {
                folder: game,
                players: 4,
                policies: &[],
                share: 10,
                with_tables: false,
            },
        ]
    }
    [
        runs("sequences", "sequences-4p"),
        runs("hearts-due", "hearts-due-4p"),
    ]
};

impl Game for Sequences {
    fn name(&self) -> &'static str {
        self.name
    }

    fn about(&self) -> &'static str {
        self.about
    }

    fn options(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    fn policies(&self) -> &'static [PolicyDoc] {
        POLICIES
    }

    fn players(&self) -> Players {
        PLAYERS
    }

    fn configure(&self, setup: &Setup) -> Result<Box<dyn Configured>> {
        Ok(Box::new(Config::new(self, setup)?))
    }

    fn report_runs(&self) -> &'static [ReportRun] {
        match self.scoring {
            Scoring::Sequences => &REPORT_RUNS[0],
            Scoring::HeartsDue => &REPORT_RUNS[1],
        }
    }
}

/// A configured run: the rules, their rendered options and the number of players.
#[derive(Clone, Debug)]
pub struct Config {
    name: &'static str,
    /// The rule set.
    pub rules: Rules,
    /// 1 for a race to the target, more for full games.
    pub players: u32,
    options: RuleOptions,
    exact: ExactValues,
}

impl Config {
    /// Checks the options, players and policies a user gave for `game`.
    pub fn new(game: &Sequences, setup: &Setup) -> Result<Self> {
        let options = RuleOptions::parse(game.name, OPTIONS, &setup.rules)?;
        let rules = Rules::from_options(game.scoring, &options);
        PLAYERS.check(game.name, setup.players)?;
        let parsed = setup
            .policies
            .iter()
            .map(|s| Forced::parse(game.name, s))
            .collect::<Result<Vec<_>>>()?;
        Seats::new(parsed, Forced, setup.players, 1)?;
        // Computed up front: it also refuses rule sets whose races would practically never end,
        // before any simulation starts.
        let exact = exact::exact_values(&rules, setup.players)?;
        Ok(Self {
            name: game.name,
            rules,
            players: setup.players,
            options,
            exact,
        })
    }
}

impl Configured for Config {
    fn setup(&self) -> RunSetup {
        RunSetup {
            game: self.name.to_string(),
            rules: self.options.pairs(),
            players: self.players,
            policies: vec![POLICY.to_string()],
        }
    }

    fn simulate(&self, config: &RunConfig) -> Result<Tally> {
        if self.players == 1 {
            run(&sim::Race::new(&self.rules), config)
        } else {
            run(&sim::Game::new(&self.rules, self.players as usize), config)
        }
    }

    fn exact(&self) -> &ExactValues {
        &self.exact
    }

    fn tables(&self) -> Result<Analysis> {
        Ok(tables::tables(
            self.name,
            &self.setup().rules_column(),
            &self.rules,
        ))
    }

    fn solve(&self) -> Result<Analysis> {
        let name = self.name;
        Err(Error::input(format!(
            "solve {name}: a cast of {name} has no decision to solve (its split is forced); `dicelab table {name}` gives its exact tables"
        )))
    }
}
