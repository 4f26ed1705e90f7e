//! Sevens: roll six dice up to three times, remove dice adding up to seven, score what is left.
//!
//! The question users bring is "when should I stop rolling?": [`exact`] answers it by dynamic
//! programming and gives every built-in policy's exact score distribution.

pub mod dilemma;
pub mod exact;
pub mod flat;
pub mod game;
pub mod play;
pub mod policy;
pub mod policy_file;
pub mod rules;
pub mod solver;

use std::time::Instant;

use crate::analysis::{Analysis, Chart, DataTable};
use crate::cells;
use crate::engine::{RunConfig, run};
use crate::error::Result;
use crate::games::seating::{Players, Rotation, Seats, pairs};
use crate::games::{Configured, Game, PolicyDoc, ReportRun, Setup};
use crate::options::{OptionSpec, RuleOptions};
use crate::record::RunSetup;
use crate::stats::{ExactValues, MetricId, Subject, Tally};

use exact::{SCORES, distribution, follower_odds, keep_chances};
use game::{Games, MAX_PLAYERS, exact_duel};
use play::MAX_POLICIES;
use policy::{DecisionTable, Policy, PolicySpec};
use rules::{OPTIONS, Rules};
use solver::Solver;

/// Players: one plays single turns, more play full games.
pub const PLAYERS: Players = Players {
    min: 1,
    max: MAX_PLAYERS,
    note: "1 plays single turns, 2 or more play full games",
};

/// Sevens in the registry.
#[derive(Clone, Copy, Debug)]
pub struct Sevens;

/// The policy specs, for listings and messages.
const POLICIES: &[PolicyDoc] = &[
    PolicyDoc {
        syntax: "optimal",
        meaning: "the exact best expected turn score (the default)",
    },
    PolicyDoc {
        syntax: "rolls:K",
        meaning: "always roll K times while dice remain",
    },
    PolicyDoc {
        syntax: "threshold:A,B",
        meaning: "stop once the kept sum reaches A after roll 1, B after roll 2, ... (one sum per roll before the last)",
    },
    PolicyDoc {
        syntax: "target",
        meaning: "the exact best chance to beat the round's best score so far (optimal when nothing is to beat)",
    },
    PolicyDoc {
        syntax: "target:T",
        meaning: "the exact best chance to score more than T",
    },
    PolicyDoc {
        syntax: "leader",
        meaning: "as a round's first player, the exact best chance to win the round (the leader's dilemma); as a follower, the best reply",
    },
    PolicyDoc {
        syntax: "table:FILE",
        meaning: "the stop/roll decisions of a policy table, as `solve` writes them",
    },
    PolicyDoc {
        syntax: "random",
        meaning: "a fair coin decides every stop or roll",
    },
];

/// The default job: optimal turns with the exact tables, the stop policies compared on the same
/// dice, a duel and a table of four.
const REPORT_RUNS: &[ReportRun] = &[
    ReportRun {
        folder: "sevens",
        players: 1,
        policies: &[],
        share: 1,
        with_tables: true,
    },
    ReportRun {
        folder: "sevens-compare",
        players: 1,
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
        players: 2,
        policies: &["leader", "optimal"],
        share: 100,
        with_tables: false,
    },
    ReportRun {
        folder: "sevens-4p",
        players: 4,
        policies: &["optimal", "leader", "target", "rolls:1"],
        share: 1000,
        with_tables: false,
    },
];

impl Game for Sevens {
    fn name(&self) -> &'static str {
        "sevens"
    }

    fn about(&self) -> &'static str {
        "Sevens: roll six dice up to three times, remove dice adding up to 7, score what is left"
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
        Ok(Box::new(Config::new(setup)?))
    }

    fn report_runs(&self) -> &'static [ReportRun] {
        REPORT_RUNS
    }
}

/// The built-in policies every table compares.
const TABLE_POLICIES: [&str; 8] = [
    "optimal",
    "leader",
    "rolls:1",
    "rolls:2",
    "rolls:3",
    "threshold:15,10",
    "threshold:20,15",
    "random",
];

/// A configured run of Sevens: single turns (one player, one or more policies on the same dice)
/// or full games.
#[derive(Clone, Debug)]
pub struct Config {
    /// The rule set.
    pub rules: Rules,
    options: RuleOptions,
    players: u32,
    solver: Solver,
    /// The distinct policies, in the order first given, compiled.
    policies: Vec<Policy>,
    /// The specs and their seats.
    seats: Seats<PolicySpec>,
    exact: ExactValues,
}

/// The exact values of a single turn of `table`, about `policy`.
fn turn_exact(solver: &Solver, table: &DecisionTable, policy: Subject, exact: &mut ExactValues) {
    let d = distribution(&solver.tables, table);
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
}

impl Config {
    /// Checks the options, players and policies a user gave, and compiles the policies.
    pub fn new(setup: &Setup) -> Result<Self> {
        let options = RuleOptions::parse("sevens", OPTIONS, &setup.rules)?;
        let rules = Rules::from_options(&options);
        let players = setup.players;
        PLAYERS.check("sevens", players)?;
        let parsed = setup
            .policies
            .iter()
            .map(|s| s.parse::<PolicySpec>())
            .collect::<Result<Vec<_>>>()?;
        let seats = Seats::new(parsed, PolicySpec::Optimal, players, MAX_POLICIES)?;
        let solver = Solver::new(rules, players);
        let policies = seats
            .policies
            .iter()
            .map(|spec| spec.compile(&solver))
            .collect::<Result<Vec<_>>>()?;
        let mut exact = ExactValues::default();
        if players == 1 {
            let several = policies.len() > 1;
            for (i, p) in policies.iter().enumerate() {
                turn_exact(
                    &solver,
                    p.turn(),
                    Subject::policy_of(several, i),
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
        } else if players == 2 && rules.rounds == 1 {
            exact = exact_duel(&solver.tables, &rules, &policies);
        }
        Ok(Self {
            rules,
            options,
            players,
            solver,
            policies,
            seats,
            exact,
        })
    }

    /// The title's second line on every plot: the rules it was computed under.
    fn plot_title(&self, title: &str) -> String {
        format!("{title}\nsevens | {}", self.setup().rules_column())
    }

    /// Every built-in policy that fits the rules (e.g. `rolls:3` does not under `max_rolls=2`),
    /// compiled, with its exact distribution.
    fn table_policies(&self) -> Vec<(Policy, exact::TurnDistribution)> {
        let mut names: Vec<String> = TABLE_POLICIES.iter().map(|s| s.to_string()).collect();
        for p in &self.policies {
            if !names.iter().any(|n| n == p.name()) {
                names.push(p.name().to_string());
            }
        }
        names
            .iter()
            .filter_map(|name| name.parse::<PolicySpec>().ok()?.compile(&self.solver).ok())
            .map(|p| {
                let d = distribution(&self.solver.tables, p.turn());
                (p, d)
            })
            .collect()
    }

    /// Each policy's mean, P(0) and mean rolls as text, and its whole distribution as a table
    /// and a chart.
    fn policy_files(&self, out: &mut Analysis) -> String {
        let rules = self.setup().rules_column();
        let mut text =
            String::from("policy                 mean score   P(score 0)   mean rolls\n");
        let mut table = DataTable::new(
            "policy_distributions",
            &["rules", "policy", "score", "probability"],
        );
        let mut series = Vec::new();
        for (p, d) in self.table_policies() {
            text.push_str(&format!(
                "{:<22} {:>11.6} {:>12.6} {:>12.4}\n",
                p.name(),
                d.mean_score(),
                d.score[0],
                d.mean_rolls()
            ));
            for (score, &prob) in d.score.iter().enumerate() {
                table.push(cells![&rules, p.name(), score, prob]);
            }
            series.push((
                p.name().to_string(),
                d.score
                    .iter()
                    .enumerate()
                    .map(|(s, &prob)| (s as f64, prob))
                    .collect(),
            ));
        }
        out.tables.push(table);
        out.charts.push((
            "policy_distributions".to_string(),
            Chart::Lines {
                title: self.plot_title("Score of one turn under each policy (exact)"),
                x_label: "turn score".into(),
                y_label: "probability".into(),
                series,
            },
        ));
        text
    }

    /// The optimal policy as a heat map, one panel per roll before the last.
    fn decision_map(&self) -> Chart {
        let max_rolls = self.rules.max_rolls;
        let solution = self.solver.optimal(max_rolls);
        let panels: Vec<_> = (1..max_rolls)
            .map(|roll| {
                let rows = (1..=6u8)
                    .map(|dice| {
                        (0..SCORES as u8)
                            .map(|sum| {
                                (dice..=6 * dice)
                                    .contains(&sum)
                                    .then(|| solution.rolls_again(roll, rules::Kept { dice, sum }))
                            })
                            .collect()
                    })
                    .collect();
                (format!("after roll {roll} of {max_rolls}"), rows)
            })
            .collect();
        Chart::DecisionMap {
            title: self.plot_title("Optimal play: roll again or stop"),
            x_label: "kept sum".into(),
            y_label: "dice kept".into(),
            panels,
        }
    }

    /// The optimal thresholds as text and a table.
    fn thresholds(&self, out: &mut Analysis) -> String {
        let max_rolls = self.rules.max_rolls;
        let solution = self.solver.optimal(max_rolls);
        let mut text =
            String::from("Optimal play rolls again when the kept sum is below:\n  after roll");
        for dice in 1..=6 {
            text.push_str(&format!("  {dice} dice"));
        }
        text.push('\n');
        let mut table = DataTable::new(
            "optimal_thresholds",
            &["after_roll", "dice", "roll_again_below"],
        );
        for roll in 1..max_rolls {
            text.push_str(&format!("  {roll:>10}"));
            for dice in 1..=6usize {
                let v = solution.roll_value[roll as usize + 1][dice];
                text.push_str(&format!(" {v:>7.3}"));
                table.push(cells![roll, dice, v]);
            }
            text.push('\n');
        }
        out.tables.push(table);
        text
    }

    /// The follower's odds as a table and a chart, and a few rows as text.
    fn follower_files(&self, out: &mut Analysis) -> String {
        let odds = follower_odds(&self.solver.tables, self.rules.max_rolls);
        let mut table = DataTable::new(
            "follower_odds",
            &["rolls", "to_beat", "p_beat", "p_tie_or_beat"],
        );
        for o in &odds {
            table.push(cells![o.rolls, o.to_beat, o.p_beat, o.p_tie_or_beat]);
        }
        out.tables.push(table);
        let series: Vec<(String, Vec<(f64, f64)>)> = (1..=self.rules.max_rolls)
            .map(|r| {
                (
                    format!("{r} roll(s)"),
                    odds.iter()
                        .filter(|o| o.rolls == r)
                        .map(|o| (f64::from(o.to_beat), o.p_beat))
                        .collect(),
                )
            })
            .collect();
        out.charts.push((
            "follower_odds".to_string(),
            Chart::Lines {
                title: self.plot_title("The follower's best chance to beat a score"),
                x_label: "score to beat".into(),
                y_label: "P(score higher), best play".into(),
                series,
            },
        ));
        let shown = [0u8, 5, 8, 10, 12, 14, 16, 18, 20, 25];
        let mut text = String::from("The follower's best chance to beat a score:\n  rolls");
        for t in shown {
            text.push_str(&format!(" {t:>6}"));
        }
        text.push('\n');
        for r in 1..=self.rules.max_rolls {
            text.push_str(&format!("  {r:>5}"));
            for t in shown {
                let o = odds.iter().find(|o| o.rolls == r && o.to_beat == t);
                text.push_str(&format!(" {:>6.4}", o.map_or(f64::NAN, |o| o.p_beat)));
            }
            text.push('\n');
        }
        text
    }

    /// `dicelab table sevens`: the probability tables of a turn.
    pub fn exact_tables(&self) -> Analysis {
        let mut out = Analysis::default();
        let mut text = format!(
            "sevens | {} | exact tables\n\n",
            self.setup().rules_column()
        );
        // Keeping dice.
        let keep = keep_chances(&self.solver.tables);
        text.push_str("The chance that one roll of n dice keeps k of them:\n   n");
        for k in 0..=6 {
            text.push_str(&format!("  keep {k}"));
        }
        text.push('\n');
        let mut table = DataTable::new("keep_chances", &["rolled", "kept", "probability"]);
        for (n, row) in keep.iter().enumerate().skip(1) {
            text.push_str(&format!("  {n:>2}"));
            for (k, &p) in row.iter().enumerate() {
                text.push_str(&format!(" {p:>7.4}"));
                if k <= n {
                    table.push(cells![n, k, p]);
                }
            }
            text.push('\n');
        }
        out.tables.push(table);
        // The value of every state under optimal play.
        let max_rolls = self.rules.max_rolls;
        let solution = self.solver.optimal(max_rolls);
        let mut table = DataTable::new(
            "state_values",
            &[
                "after_roll",
                "dice",
                "sum",
                "value",
                "roll_value",
                "decision",
            ],
        );
        for roll in 1..=max_rolls {
            for dice in 1..=6u8 {
                for sum in dice..=6 * dice {
                    let kept = rules::Kept { dice, sum };
                    let again = (roll < max_rolls)
                        .then(|| solution.roll_value[roll as usize + 1][dice as usize]);
                    let decision = if solution.rolls_again(roll, kept) {
                        "roll"
                    } else {
                        "stop"
                    };
                    table.push(cells![
                        roll,
                        dice,
                        sum,
                        solution.value(roll, kept),
                        again,
                        decision
                    ]);
                }
            }
        }
        out.tables.push(table);
        text.push_str(&format!(
            "\nExpected final score under optimal play: {:.6} per turn\n\n",
            solution.expected
        ));
        text.push_str(&self.policy_files(&mut out));
        text.push('\n');
        text.push_str(&self.thresholds(&mut out));
        text.push('\n');
        text.push_str(&self.follower_files(&mut out));
        out.charts
            .push(("optimal_policy".to_string(), self.decision_map()));
        out.text = text;
        out
    }

    /// `dicelab solve sevens`: the optimal policy table (readable back with `table:FILE`), every
    /// built-in policy's exact distribution, the follower's odds, and the leader's dilemma, with
    /// the time each solve took.
    pub fn solution(&self) -> Analysis {
        let start = Instant::now();
        let fresh = Solver::new(self.rules, self.players.max(2));
        let t_optimal = start.elapsed();
        let start = Instant::now();
        let dilemma = fresh.dilemma();
        let t_dilemma = start.elapsed();
        let mut out = Analysis {
            tables: vec![policy_file::optimal_table(&self.solver)],
            charts: vec![("optimal_policy".to_string(), self.decision_map())],
            text: String::new(),
        };
        let mut text = format!(
            "sevens | {} | solved in {:.1} ms: roll tables and the optimum for every roll count {:.1} ms, leader's dilemma {:.1} ms\n\n",
            self.setup().rules_column(),
            (t_optimal + t_dilemma).as_secs_f64() * 1e3,
            t_optimal.as_secs_f64() * 1e3,
            t_dilemma.as_secs_f64() * 1e3,
        );
        text.push_str(&self.policy_files(&mut out));
        text.push('\n');
        text.push_str(&self.thresholds(&mut out));
        text.push('\n');
        text.push_str(&self.follower_files(&mut out));
        // The leader's dilemma: each policy's chance to win as the first player of a round.
        let players = self.players.max(2);
        text.push_str(&format!(
            "\nThe leader's dilemma ({players} players, one round, the followers replying best; {}):\n  leader policy          P(win)   mean score\n",
            if players == 2 { "exact" } else { "the leader's values assume independent followers" }
        ));
        let mut table = DataTable::new(
            "leaders_dilemma",
            &["rules", "leader_policy", "p_win", "mean_score"],
        );
        for (p, d) in self.table_policies() {
            let decisions = p.table(self.rules.max_rolls, None);
            let win = fresh.dilemma().p_win_with(&fresh.tables, decisions);
            text.push_str(&format!(
                "  {:<20} {:>8.6} {:>12.6}\n",
                p.name(),
                win,
                d.mean_score()
            ));
            table.push(cells![
                self.setup().rules_column(),
                p.name(),
                win,
                d.mean_score()
            ]);
        }
        let optimal = fresh.dilemma().p_win_with(
            &fresh.tables,
            &DecisionTable::from_solution(
                "optimal",
                &fresh.tables,
                fresh.optimal(self.rules.max_rolls),
            ),
        );
        text.push_str(&format!(
            "  best leader policy wins {:.6} against optimal's {:.6}: {:+.3} percentage points; a tie's play-off is worth {:.6} to its first player\n",
            dilemma.p_win,
            optimal,
            100.0 * (dilemma.p_win - optimal),
            dilemma.playoff_value
        ));
        out.tables.push(table);
        out.text = text;
        out
    }
}

impl Configured for Config {
    fn setup(&self) -> RunSetup {
        RunSetup {
            game: "sevens".to_string(),
            rules: self.options.pairs(),
            players: self.players,
            policies: self.seats.given.iter().map(PolicySpec::to_string).collect(),
        }
    }

    fn simulate(&self, config: &RunConfig) -> Result<Tally> {
        if self.players == 1 {
            let tables = self.policies.iter().map(|p| p.turn().clone()).collect();
            run(&play::Turns::new(&self.solver.tables, tables), config)
        } else {
            run(
                &Games::new(
                    &self.solver.tables,
                    self.rules,
                    self.players,
                    self.policies.clone(),
                    Rotation::new(&self.seats),
                ),
                config,
            )
        }
    }

    fn exact(&self) -> &ExactValues {
        &self.exact
    }

    fn tables(&self) -> Result<Analysis> {
        Ok(self.exact_tables())
    }

    fn solve(&self) -> Result<Analysis> {
        Ok(self.solution())
    }
}
