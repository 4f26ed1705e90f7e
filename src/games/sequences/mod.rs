//! Sequences and its variant Hearts Due: one cast of six dice per turn, runs from 1 score.
//!
//! There is no decision to make, so the game has a single policy, `forced`; what users ask is how
//! often a cast scores, how long a race to 100 takes and who wins a game. All of it is known
//! exactly ([`exact`]), so every simulated figure is checked against its exact value.

mod advise;
pub mod exact;
mod odds;
mod policy;
pub mod review;
pub mod rulebook;
pub mod rules;
pub mod sim;
mod tables;

use crate::engine::{RunConfig, run};
use crate::error::{Error, Result};
use crate::games::analysis::Analysis;
use crate::games::options::RuleOptions;
use crate::games::seating::{Players, Seats};
use crate::games::{Configured, Game, GameInfo, ReportRun, Setup, setup_record};
use crate::record::SetupRecord;
use crate::stats::{ExactValues, Tally};

use policy::{Forced, POLICIES, POLICY};
use rules::{HEARTS_DUE_OPTIONS, Rules, SEQUENCES_OPTIONS, Scoring};

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
    info: &'static GameInfo,
    scoring: Scoring,
}

/// The default job's runs of one of the two: a billion races with the exact tables, and games
/// of four, with the questions they answer.
const fn report_runs(
    race: &'static str,
    race_question: &'static str,
    game: &'static str,
    game_question: &'static str,
) -> [ReportRun; 2] {
    [
        ReportRun {
            folder: race,
            question: race_question,
            players: 1,
            rules: &[],
            policies: &[],
            share: 1,
            with_tables: true,
        },
        ReportRun {
            folder: game,
            question: game_question,
            players: 4,
            rules: &[],
            policies: &[],
            share: 10,
            with_tables: false,
        },
    ]
}

/// Sequences: runs from 1-2 score.
pub const SEQUENCES: Sequences = Sequences {
    info: &GameInfo {
        name: "sequences",
        title: "Sequences",
        about: "Sequences: one cast of six dice per turn, runs from 1-2 score, first to 100",
        options: SEQUENCES_OPTIONS,
        policies: POLICIES,
        players: PLAYERS,
        report_runs: &report_runs(
            "sequences",
            "Sequences: how often does a cast score, how many points does it earn, and how many casts reach 100?",
            "sequences-4p",
            "Sequences: who wins a four-player game, and how many rounds does it take?",
        ),
        rulebook: &rulebook::SEQUENCES,
        data: &[],
    },
    scoring: Scoring::Sequences,
};

/// Hearts Due: Sequences with a scoring lone 1 and a richer table.
pub const HEARTS_DUE: Sequences = Sequences {
    info: &GameInfo {
        name: "hearts-due",
        title: "Hearts Due",
        about: "Hearts Due: Sequences with a scoring lone 1 and a richer table",
        options: HEARTS_DUE_OPTIONS,
        policies: POLICIES,
        players: PLAYERS,
        report_runs: &report_runs(
            "hearts-due",
            "Hearts Due: how often does a cast score, how many points does it earn, and how many casts reach 100?",
            "hearts-due-4p",
            "Hearts Due: who wins a four-player game, and how many rounds does it take?",
        ),
        rulebook: &rulebook::HEARTS_DUE,
        data: &[],
    },
    scoring: Scoring::HeartsDue,
};

impl Game for Sequences {
    fn info(&self) -> &'static GameInfo {
        self.info
    }

    fn configure(&self, setup: &Setup) -> Result<Box<dyn Configured>> {
        Ok(Box::new(Study::new(self, setup)?))
    }

    fn advisor(&self) -> Option<&dyn crate::games::advice::Advisor> {
        Some(self)
    }

    fn reviewer(&self) -> Option<&dyn crate::games::review::Reviewer> {
        Some(&review::SequencesReviewer)
    }
}

/// A study of Sequences: the rules, their rendered options and the number of players, checked
/// and ready to run (what [`Game::configure`] returns for this game).
#[derive(Clone, Debug)]
pub struct Study {
    name: &'static str,
    /// The rule set.
    pub rules: Rules,
    /// 1 for a race to the target, more for full games.
    pub players: u32,
    options: RuleOptions,
    exact: ExactValues,
}

impl Study {
    /// Checks the options, players and policies a user gave for `game`.
    pub fn new(game: &Sequences, setup: &Setup) -> Result<Self> {
        let name = game.info.name;
        let options = RuleOptions::parse(name, game.scoring.options(), &setup.rules)?;
        let rules = Rules::from_options(game.scoring, &options);
        PLAYERS.check(name, setup.players)?;
        let parsed = setup
            .policies
            .iter()
            .map(|s| Forced::parse(name, s))
            .collect::<Result<Vec<_>>>()?;
        Seats::new(parsed, Forced, setup.players, 1)?;
        // Computed up front: it also refuses rule sets whose races would practically never end,
        // before any simulation starts.
        let exact = exact::exact_values(&rules, setup.players)?;
        Ok(Self {
            name,
            rules,
            players: setup.players,
            options,
            exact,
        })
    }
}

impl Configured for Study {
    fn setup(&self) -> SetupRecord {
        setup_record(self.name, &self.options, self.players, [POLICY.to_string()])
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

    fn record_games(
        &self,
        seed: u64,
        count: u64,
        each: crate::games::RecordSink,
    ) -> Option<Result<()>> {
        let game = sim::Game::new(&self.rules, self.players as usize);
        let named = (self.name, self.options.pairs());
        Some(review::record(
            named,
            &game,
            (self.players as usize, seed, count),
            each,
        ))
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
