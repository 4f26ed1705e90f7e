//! Solitaire Dice, by Sid Sackson: five dice a roll, two pairs scored, one die thrown away.
//!
//! The decision every roll asks for is how to divide the dice, and what users ask is which way of
//! deciding scores best and how often it reaches the text's winning 500. So the game is a library
//! first: [`rules`] holds the text's numbers and scoring (our reading of the text is in
//! docs/solitaire-dice.md, "How to play", written from [`rulebook`]) and every number as a rule option ([`rules::Rules`]), [`roll`], `choice` and [`sheet`] the roll, its
//! divisions and the sheet with its legal choices, [`policy`] the decision
//! ([`DivideRoll`](policy::DivideRoll)) with built-in greedy play, [`heuristic`] and
//! [`lookahead`] the stronger players, [`projection`] a model-based evaluation under one roll
//! of expectimax, [`learned`] the strongest (a value learned by self-play, which `best` plays and
//! the coach ranks by one roll deeper, `advise_value`), [`spec`] the policies as named on the command line, [`play`] whole games on
//! dice from [`crate::dice`], [`sim`] games on the engine (several policies or seats on the same
//! rolls), `general` games of other than five dice (the `dice` rule option), [`tables`] the exact chances of one roll, `tune` the search for better weights and
//! `bound` an upper bound on every player's mean. [`Study`] is what `dicelab simulate
//! solitaire-dice` runs.
//!
//! ```
//! use dicelab::games::solitaire_dice::play::play;
//! use dicelab::games::solitaire_dice::policy::Greedy;
//! use dicelab::games::policy::{OneStep, Random};
//! use rand_xoshiro::Xoshiro256PlusPlus;
//! use rand_xoshiro::rand_core::SeedableRng;
//!
//! // Greedy against random on the same 200 dice streams.
//! let (mut greedy, mut random) = (0i64, 0i64);
//! let mut coin = Random::new(Xoshiro256PlusPlus::seed_from_u64(0));
//! for seed in 0..200 {
//!     greedy += i64::from(play(&mut OneStep(Greedy), &mut Xoshiro256PlusPlus::seed_from_u64(seed))?.score);
//!     random += i64::from(play(&mut coin, &mut Xoshiro256PlusPlus::seed_from_u64(seed))?.score);
//! }
//! assert!(greedy > random);
//! # Ok::<(), dicelab::Error>(())
//! ```

mod advice_sim;
mod advise;
mod advise_value;
#[cfg(not(target_arch = "wasm32"))]
mod bound;
#[cfg(not(target_arch = "wasm32"))]
mod ceiling;
mod choice;
pub(crate) mod general;
mod greedy;
pub mod heuristic;
pub mod learned;
pub mod lookahead;
#[cfg(test)]
mod options_tests;
pub mod play;
pub mod policy;
pub mod projection;
mod recorder;
pub(crate) mod review;
pub mod roll;
pub mod rulebook;
pub mod rules;
#[cfg(test)]
mod rules_tests;
mod session;
pub mod sheet;
pub mod sim;
pub mod spec;
pub mod tables;
mod tune;
mod words;

/// What a Solitaire Dice policy chooses among: a division of a roll into two pair sums and a
/// throwaway, listed once each ([`Choices`]).
pub use choice::{Choice, Choices};

use crate::engine::{RunConfig, run};
use crate::error::Result;
use crate::games::analysis::Analysis;
use crate::games::options::RuleOptions;
use crate::games::seating::{Players, Seats};
use crate::games::{Configured, Game, GameInfo, ReportRun, Setup, Tuner, setup_record};
use crate::record::SetupRecord;
use crate::stats::{ExactValues, Tally};

use rules::Rules;
use sim::{Games, MAX_PLAYERS, MAX_POLICIES};
use spec::PolicySpec;

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

/// Solitaire Dice in the registry.
#[derive(Clone, Copy, Debug)]
pub struct SolitaireDice;

/// The default job: greedy against random with the exact tables, and the ladder of players.
const REPORT_RUNS: &[ReportRun] = &[
    ReportRun {
        folder: "solitaire-dice",
        question: "Solitaire Dice: how well does greedy division do against random play?",
        players: 1,
        rules: &[],
        policies: &["greedy", "random"],
        share: 1000,
        with_tables: true,
    },
    // One roll of expectimax is about 50 times slower than greedy (projection about 250; best,
    // on the learned value, about as quick as heuristic): a 5000th of the units. `heuristic`
    // alone is the built-in tuned weights, so the job needs no file.
    ReportRun {
        folder: "solitaire-dice-ladder",
        question: "Solitaire Dice: how much better do the heuristic, lookahead, projection and best players score, on the same rolls?",
        players: 1,
        rules: &[],
        policies: &[
            "random",
            "greedy",
            "heuristic",
            "lookahead",
            "projection",
            "best",
        ],
        share: 5000,
        with_tables: false,
    },
];

/// What Solitaire Dice declares about itself: every number of the text as a rule option.
const INFO: GameInfo = GameInfo {
    name: NAME,
    title: "Solitaire Dice",
    about: "Sid Sackson's Solitaire Dice: five dice a roll, two pairs scored, one die thrown away",
    options: rules::OPTIONS,
    policies: spec::POLICIES,
    players: PLAYERS,
    report_runs: REPORT_RUNS,
    rulebook: &rulebook::RULEBOOK,
    data: &heuristic::DATA,
};

impl Game for SolitaireDice {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn configure(&self, setup: &Setup) -> Result<Box<dyn Configured>> {
        Ok(Box::new(Study::new(setup)?))
    }

    fn tuner(&self) -> Option<&dyn Tuner> {
        Some(self)
    }

    fn advisor(&self) -> Option<&dyn crate::games::advice::Advisor> {
        Some(self)
    }

    fn playable(&self) -> Option<&dyn crate::games::session::Playable> {
        Some(self)
    }

    fn reviewer(&self) -> Option<&dyn crate::games::review::Reviewer> {
        Some(self)
    }
}

/// The options of `overrides`, refused in one line unless they are the text's numbers: for
/// `command`s (`advise`, `play`) whose players and analyses are built for the text's rules only.
pub(crate) fn text_rules_only(command: &str, overrides: &[String]) -> Result<RuleOptions> {
    let options = RuleOptions::parse(NAME, rules::OPTIONS, overrides)?;
    Rules::from_options(&options)?;
    if !options.all_default() {
        return Err(crate::error::Error::input(format!(
            "{command} solitaire-dice: plays the text's rules only (its players and play-outs are \
             built for them); under {} use simulate",
            options.render()
        )));
    }
    Ok(options)
}

/// A study of Solitaire Dice, checked and ready to run (what [`Game::configure`] returns for this
/// game): one player comparing one or more policies on the same rolls, or a game of several seats
/// sharing the rolls.
#[derive(Clone, Debug)]
pub struct Study {
    options: RuleOptions,
    rules: Rules,
    players: u32,
    seats: Seats<PolicySpec>,
    exact: ExactValues,
}

impl Study {
    /// Checks the options and their combination, the player count and the policy specs a user
    /// gave, and that every policy can play the rules, before any game.
    pub fn new(setup: &Setup) -> Result<Self> {
        let options = RuleOptions::parse(NAME, rules::OPTIONS, &setup.rules)?;
        let rules = Rules::from_options(&options)?;
        let players = setup.players;
        PLAYERS.check(NAME, players)?;
        let specs = setup
            .policies
            .iter()
            .map(|s| PolicySpec::parse_reading(s, &setup.files))
            .collect::<Result<Vec<_>>>()?;
        let seats = Seats::new(specs, DEFAULT_POLICY, players, MAX_POLICIES)?;
        for spec in &seats.policies {
            sim::house_policy(&rules, spec, &options.render())?;
        }
        Ok(Self {
            options,
            rules,
            players,
            seats,
            exact: ExactValues::default(),
        })
    }
}

impl Configured for Study {
    fn setup(&self) -> SetupRecord {
        setup_record(
            NAME,
            &self.options,
            self.players,
            self.seats.given.iter().map(|p| p.as_str().to_string()),
        )
    }

    fn simulate(&self, config: &RunConfig) -> Result<Tally> {
        let games = Games::under(
            &self.rules,
            &self.options.render(),
            self.players,
            &self.seats,
        )?;
        run(&games, config)
    }

    /// The first `count` games of a run seeded `seed`, as records: under the text's rules only,
    /// the rules the review's play-outs are built for.
    fn record_games(
        &self,
        seed: u64,
        count: u64,
        each: crate::games::RecordSink,
    ) -> Option<Result<()>> {
        if !self.rules.is_text() {
            return Some(Err(crate::error::Error::setting(
                crate::Setting::named("record"),
                format!(
                    "solitaire-dice records games under the text's rules only (their review \
                     plays out by best, built for them), not {}",
                    self.options.render()
                ),
            )));
        }
        let games = match Games::under(
            &self.rules,
            &self.options.render(),
            self.players,
            &self.seats,
        ) {
            Ok(games) => games,
            Err(e) => return Some(Err(e)),
        };
        Some(recorder::record(
            NAME,
            &games,
            self.options.pairs(),
            (seed, count),
            each,
        ))
    }

    /// None yet: whole games have no exact solution here.
    fn exact(&self) -> &ExactValues {
        &self.exact
    }

    /// The exact chances of one roll, under the run's rules; refused with other than five
    /// dice, whose tables (one and two marks of a sum, 7,776 rolls) are five dice's.
    fn tables(&self) -> Result<Analysis> {
        if self.rules.dice != rules::DICE as u8 {
            return Err(crate::error::Error::input(format!(
                "table solitaire-dice: the exact tables are of rolls of five dice (one or two \
                 marks of a sum); under {} use simulate",
                self.options.render()
            )));
        }
        Ok(tables::tables_under(
            &self.rules,
            &self.setup().rules_column(),
        ))
    }

    /// The game is far too large to solve; what can be solved exactly is an upper bound on
    /// every player's mean score (see `bound`).
    fn solve(&self) -> Result<Analysis> {
        // One sheet, whatever --players says: the bound is on each player's own score.
        let one = SetupRecord {
            players: 1,
            ..self.setup()
        };
        if !self.rules.is_text() {
            return Err(crate::error::Error::input(format!(
                "solve solitaire-dice: the upper bound is solved for the text's rules only (its \
                 row games are built on their clock and scoring); under {} use simulate",
                self.options.render()
            )));
        }
        the_ceiling(&one.rules_column())
    }
}

/// The ceiling, where it is built: everywhere but the browser's module (`ceiling`).
#[cfg(not(target_arch = "wasm32"))]
fn the_ceiling(rules: &str) -> Result<Analysis> {
    Ok(ceiling::upper_bound(rules))
}

/// The browser's module leaves the ceiling out (no page asks for it; see `ceiling`'s reason).
#[cfg(target_arch = "wasm32")]
fn the_ceiling(_rules: &str) -> Result<Analysis> {
    Err(crate::error::Error::input(
        "solve solitaire-dice: the ceiling is solved by the command line and the Python package, \
         not in the browser"
            .to_string(),
    ))
}
