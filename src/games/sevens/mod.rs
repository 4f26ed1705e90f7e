//! Sevens: roll six dice up to three times, remove dice adding up to seven, score what is left.
//!
//! The question users bring is "when should I stop rolling?": [`exact`](solve::exact) answers it
//! by dynamic programming and gives every built-in policy's exact score distribution.

pub mod coach;
mod distribution;
mod game_report;
mod lookup;
pub mod policy;
pub(crate) mod policy_file;
mod position;
mod removal;
pub mod rolls;
pub mod rulebook;
pub mod rules;
mod session;
pub mod sim;
pub mod solve;
pub mod spec;
mod stop_if;
mod tables;
mod win;

use crate::engine::{RunConfig, run};
use crate::error::{Error, Result};
use crate::games::analysis::Analysis;
use crate::games::options::RuleOptions;
use crate::games::seating::{Players, Rotation, Seats, pairs};
use crate::games::{Configured, Game, GameInfo, ReportRun, Setup, setup_record};
use crate::record::SetupRecord;
use crate::stats::{ExactValues, MetricId, Subject, Tally};

use sim::play::MAX_PLAYERS;
use solve::duel::exact_game;
use solve::exact::distribution;

use policy::{DecisionTable, Policy};
use rules::{OPTIONS, Rules};
pub use sim::play::Games;
use sim::{MAX_POLICIES, Turns};
use solve::solutions::Solutions;
use spec::PolicySpec;
use win::Win;

/// Players: one plays single turns, more play full games.
pub const PLAYERS: Players = Players {
    min: 1,
    max: MAX_PLAYERS,
    note: "1 plays single turns, 2 or more play full games",
};

/// Sevens in the registry.
#[derive(Clone, Copy, Debug)]
pub struct Sevens;

/// The default job: optimal turns with the exact tables, the stop policies compared on the same
/// dice, a duel and a table of four.
const REPORT_RUNS: &[ReportRun] = &[
    ReportRun {
        folder: "sevens",
        question: "Sevens: what does optimal play score in a turn, and how often does it roll again?",
        players: 1,
        rules: &[],
        policies: &[],
        share: 1,
        with_tables: true,
    },
    ReportRun {
        folder: "sevens-compare",
        question: "Sevens: by how much does each way of stopping trail optimal play, on the same dice?",
        players: 1,
        rules: &[],
        policies: &[
            "optimal",
            "leader",
            "rolls:1",
            "rolls:2",
            "threshold:15,10",
            "random",
        ],
        share: 10,
        with_tables: false,
    },
    ReportRun {
        folder: "sevens-2p",
        question: "Sevens: does stopping early to limit the follower pay, over a whole two-player game?",
        players: 2,
        rules: &[],
        policies: &["leader", "optimal"],
        share: 100,
        with_tables: false,
    },
    ReportRun {
        folder: "sevens-win",
        question: "Sevens: how much does playing to win the game gain over maximising each turn, and what are the exact odds of every pairing?",
        players: 2,
        rules: &[],
        policies: &["win", "optimal"],
        share: 100,
        with_tables: true,
    },
    ReportRun {
        folder: "sevens-3p-win",
        question: "Sevens: with three players all playing to win, how often does each seat win (exact and simulated)?",
        players: 3,
        rules: &[],
        policies: &["win"],
        share: 100,
        with_tables: true,
    },
    ReportRun {
        folder: "sevens-4p",
        question: "Sevens: who wins a four-player game of optimal, leader, target and rolls:1?",
        players: 4,
        rules: &[],
        policies: &["optimal", "leader", "target", "rolls:1"],
        share: 1000,
        with_tables: false,
    },
];

/// What Sevens declares about itself.
const INFO: GameInfo = GameInfo {
    name: "sevens",
    title: "Sevens",
    about: "Sevens: roll six dice up to three times, remove dice adding up to 7, score what is left",
    options: OPTIONS,
    policies: spec::POLICIES,
    players: PLAYERS,
    report_runs: REPORT_RUNS,
    rulebook: &rulebook::RULEBOOK,
    data: &policy_file::DATA,
};

impl Game for Sevens {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn configure(&self, setup: &Setup) -> Result<Box<dyn Configured>> {
        Ok(Box::new(Study::new(setup)?))
    }

    fn advisor(&self) -> Option<&dyn crate::games::advice::Advisor> {
        Some(&coach::advise::SevensAdvisor)
    }

    fn playable(&self) -> Option<&dyn crate::games::session::Playable> {
        Some(self)
    }

    fn reviewer(&self) -> Option<&dyn crate::games::review::Reviewer> {
        Some(&coach::review::SevensReviewer)
    }
}

/// A study of Sevens, checked and ready to run (what [`Game::configure`] returns for this game):
/// single turns (one player, one or more policies on the same dice) or full games.
#[derive(Clone, Debug)]
pub struct Study {
    /// The rule set.
    pub rules: Rules,
    options: RuleOptions,
    players: u32,
    solutions: Solutions,
    /// The distinct policies, in the order first given, compiled.
    policies: Vec<Policy>,
    /// The specs and their seats.
    seats: Seats<PolicySpec>,
    exact: ExactValues,
}

/// The exact values of a single turn of `table`, about `policy`.
fn turn_exact(
    solutions: &Solutions,
    table: &DecisionTable,
    policy: Subject,
    target: Option<u8>,
    exact: &mut ExactValues,
) {
    let d = distribution(&solutions.outcomes, table);
    let key = |m: &str| MetricId::new(m, policy);
    exact.set_mean(key("turn_score"), d.mean_score());
    exact.set_pmf(
        key("turn_score"),
        d.score
            .iter()
            .enumerate()
            .map(|(s, &p)| (s as i64, p))
            .filter(|p| p.1 > 0.0)
            .collect(),
    );
    exact.set_mean(key("rolls_used"), d.mean_rolls());
    exact.set_pmf(
        key("rolls_used"),
        d.rolls
            .iter()
            .enumerate()
            .skip(1)
            .map(|(r, &p)| (r as i64, p))
            .collect(),
    );
    exact.set_mean(key("p_turn_zero"), d.score[0]);
    if let Some(t) = target {
        let beat = d.score.iter().skip(usize::from(t) + 1).sum();
        exact.set_mean(key("p_beat_target"), beat);
    }
}

/// The score `spec` aims to beat, if it is `target:T`.
fn target_of(spec: &PolicySpec) -> Option<u8> {
    match spec {
        PolicySpec::Target(Some(t)) => Some(*t),
        _ => None,
    }
}

impl Study {
    /// Checks the options, players and policies a user gave, and compiles the policies.
    pub fn new(setup: &Setup) -> Result<Self> {
        let options = RuleOptions::parse("sevens", OPTIONS, &setup.rules)?;
        let rules = Rules::from_options(&options);
        let players = setup.players;
        PLAYERS.check("sevens", players)?;
        let seats = Seats::parse(&setup.policies, PolicySpec::Optimal, players, MAX_POLICIES)?;
        let solutions = Solutions::new(rules, players);
        let policies = seats
            .policies
            .iter()
            .map(|spec| spec.compile_reading(&solutions, &setup.files))
            .collect::<Result<Vec<_>>>()?;
        let mut exact = ExactValues::default();
        if players == 1 {
            let several = policies.len() > 1;
            for (i, p) in policies.iter().enumerate() {
                turn_exact(
                    &solutions,
                    p.turn(),
                    Subject::policy_of(several, i),
                    target_of(&seats.policies[i]),
                    &mut exact,
                );
            }
            for (a, b) in pairs(policies.len()) {
                let mean = |p: usize| {
                    exact.mean(&MetricId::new("turn_score", Subject::policy_of(several, p)))
                };
                if let (Some(x), Some(y)) = (mean(a), mean(b)) {
                    exact.set_mean(MetricId::new("turn_score", Subject::pair(a, b)), x - y);
                }
            }
        } else if players == 2
            && !policies
                .iter()
                .any(|p| matches!(p.game(), Some(Win::Rule(_))))
        {
            // A rule that reads the totals has no exact game: its states are the totals
            // themselves, not their difference the solver follows.
            exact = exact_game(&solutions.outcomes, &rules, &policies);
        } else if let [policy] = policies.as_slice()
            && let Some(Win::Three(game)) = policy.game()
        {
            // Three players all playing to win: each seat's chance, from the solution.
            for (seat, p) in game.p_seats().into_iter().enumerate() {
                exact.set_mean(MetricId::new("win_rate", Subject::seat(seat)), p);
            }
        }
        if solutions.takes_luck_out() {
            // The win rates with the luck taken out estimate the same chances.
            let known: Vec<(Subject, f64)> = exact
                .means
                .iter()
                .filter(|(id, _)| id.name == "win_rate")
                .map(|(id, &p)| (id.subject, p))
                .collect();
            for (subject, p) in known {
                exact.set_mean(MetricId::new(sim::LESS_LUCK, subject), p);
            }
        }
        Ok(Self {
            rules,
            options,
            players,
            solutions,
            policies,
            seats,
            exact,
        })
    }
}

impl Study {
    /// The whole games of this study, as a run plays them and a record writes them down (the
    /// same dice either way).
    fn games(&self) -> Games {
        Games::new(
            &self.solutions.outcomes,
            self.rules,
            self.players,
            self.policies.clone(),
            Rotation::new(&self.seats),
        )
    }

    /// The games a run counts: with each game's luck valued where the run takes it out
    /// ([`Solutions::luck`]), which a record has no use for.
    fn counted_games(&self) -> Result<Games> {
        let games = self.games();
        Ok(match self.solutions.luck()? {
            Some(game) => games.with_luck(game),
            None => games,
        })
    }
}

impl Configured for Study {
    fn setup(&self) -> SetupRecord {
        setup_record(
            "sevens",
            &self.options,
            self.players,
            self.seats.given.iter().map(PolicySpec::to_string),
        )
    }

    fn simulate(&self, config: &RunConfig) -> Result<Tally> {
        if self.players == 1 {
            let outcomes = self.policies.iter().map(|p| p.turn().clone()).collect();
            let targets = self.seats.policies.iter().map(target_of).collect();
            let turns = Turns::new(&self.solutions.outcomes, outcomes).with_targets(targets);
            run(&turns, config)
        } else {
            run(&self.counted_games()?, config)
        }
    }

    fn record_games(
        &self,
        seed: u64,
        count: u64,
        each: crate::games::RecordSink,
    ) -> Option<Result<()>> {
        if self.players == 1 {
            return Some(Err(Error::setting(
                crate::Setting::named("record"),
                crate::error::Message::settings_in(
                    "a record holds whole games; record them with §players 2 or more",
                ),
            )));
        }
        let games = self.games();
        let specs: Vec<String> = self
            .seats
            .policies
            .iter()
            .map(ToString::to_string)
            .collect();
        let pairs = self.options.pairs();
        Some(sim::recorder::record(
            &games,
            &self.solutions.outcomes,
            (&specs, &pairs),
            (seed, count),
            each,
        ))
    }

    fn exact(&self) -> &ExactValues {
        &self.exact
    }

    fn notes(&self) -> Vec<String> {
        if self
            .policies
            .iter()
            .any(|p| matches!(p.game(), Some(Win::Heuristic(_))))
        {
            vec![format!(
                "win is a heuristic for {} players: the two-player solution against the best \
                 other total (docs/sevens.md)",
                self.players
            )]
        } else {
            Vec::new()
        }
    }

    fn tables(&self) -> Result<Analysis> {
        Ok(self.exact_tables())
    }

    /// Single turns with `optimal` among the policies: every other policy against it, position
    /// by position.
    fn against_best(&self, setup: &SetupRecord) -> Option<Analysis> {
        let optimal = PolicySpec::Optimal;
        if self.players != 1 || !self.seats.policies.contains(&optimal) {
            return None;
        }
        // Named as the reports name them: a file's policy with its content's hash.
        let others: Vec<(String, &DecisionTable)> = self
            .seats
            .policies
            .iter()
            .zip(&self.policies)
            .filter(|(spec, _)| **spec != optimal)
            .map(|(spec, p)| (setup.policy_name(&spec.to_string()), p.turn()))
            .collect();
        if others.is_empty() {
            return None;
        }
        Some(solve::disagree::reading(
            &self.solutions.outcomes,
            self.solutions.optimal(self.rules.max_rolls),
            &others,
        ))
    }

    fn solve(&self) -> Result<Analysis> {
        let mut analysis = self.solution();
        let text = match self.players {
            2 => self.whole_game(&mut analysis)?,
            3 => self.three_player_game(&mut analysis)?,
            _ => String::new(),
        };
        analysis.text.push_str(&text);
        Ok(analysis)
    }
}
