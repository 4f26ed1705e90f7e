//! Sevens: roll six dice up to three times, remove dice adding up to seven, score what is left.
//!
//! The question users bring is "when should I stop rolling?": [`exact`] answers it by dynamic
//! programming and gives every built-in policy's exact score distribution.

pub mod exact;
pub mod play;
pub mod policy;
pub mod rules;

use crate::engine::{RunConfig, run};
use crate::error::{Error, Result};
use crate::options::RuleOptions;
use crate::report::{Tables, csv_bytes, fmt_num};
use crate::stats::{ExactValues, Tally};

use exact::{RollTables, Solution, distribution, solve};
use policy::{DecisionTable, PolicySpec};
use rules::{OPTIONS, Rules};

/// The policy used when none is given.
pub const DEFAULT_POLICY: &str = "optimal";

/// The built-in policies every table compares.
const TABLE_POLICIES: [&str; 6] = [
    "optimal",
    "rolls:1",
    "rolls:2",
    "rolls:3",
    "threshold:15,10",
    "random",
];

/// A configured run of Sevens turns.
#[derive(Clone, Debug)]
pub struct Config {
    /// The rule set.
    pub rules: Rules,
    options: RuleOptions,
    tables: RollTables,
    solution: Solution,
    policy: DecisionTable,
    exact: ExactValues,
}

/// The exact values of a turn under `policy`.
fn turn_exact(tables: &RollTables, policy: &DecisionTable) -> ExactValues {
    let d = distribution(tables, policy);
    let mut exact = ExactValues::default();
    exact.set_mean("turn_score", d.mean_score());
    exact.set_pmf(
        "turn_score",
        d.score
            .iter()
            .enumerate()
            .map(|(s, &p)| (s as i64, p))
            .filter(|p| p.1 > 0.0)
            .collect(),
    );
    exact.set_mean("rolls_used", d.mean_rolls());
    exact.set_pmf(
        "rolls_used",
        d.rolls
            .iter()
            .enumerate()
            .skip(1)
            .map(|(r, &p)| (r as i64, p))
            .collect(),
    );
    exact.set_mean("p_turn_zero", d.score[0]);
    exact
}

impl Config {
    /// Checks the options, players and policy a user gave.
    pub fn new(overrides: &[String], players: u32, policies: &[String]) -> Result<Self> {
        let options = RuleOptions::parse("sevens", OPTIONS, overrides)?;
        let rules = Rules::from_options(&options)?;
        if players != 1 {
            return Err(Error::input(format!(
                "--players {players}: full games of Sevens are not built yet; sevens plays single turns (--players 1)"
            )));
        }
        let spec: PolicySpec = match policies {
            [] => DEFAULT_POLICY.parse()?,
            [one] => one.parse()?,
            _ => {
                return Err(Error::input(
                    "--policy: a run of single turns takes one policy (comparisons are not built yet)",
                ));
            }
        };
        let tables = RollTables::new(rules.removal);
        let solution = solve(&tables, rules.max_rolls);
        let policy = spec.compile(&tables, &solution)?;
        let exact = turn_exact(&tables, &policy);
        Ok(Self {
            rules,
            options,
            tables,
            solution,
            policy,
            exact,
        })
    }

    /// The `rules` column.
    pub fn rules_string(&self) -> String {
        format!("players=1;{}", self.options.render())
    }

    /// The `policy` column.
    pub fn policy_string(&self) -> String {
        self.policy.name().to_string()
    }

    /// Plays the turns.
    pub fn simulate(&self, config: &RunConfig) -> Result<Tally> {
        run(
            &play::Turns::new(&self.tables, vec![self.policy.clone()]),
            config,
        )
    }

    /// Exact values of the run's metrics.
    pub fn exact(&self) -> &ExactValues {
        &self.exact
    }

    /// `dicelab table sevens`: every built-in policy's exact score distribution and the optimal
    /// policy's stop thresholds.
    pub fn tables(&self) -> Result<Tables> {
        let rules = self.rules_string();
        let mut text = format!("sevens | {rules} | exact tables\n\n");
        text.push_str("policy            mean score   P(score 0)   mean rolls\n");
        let mut rows = Vec::new();
        for name in TABLE_POLICIES {
            let spec: PolicySpec = name.parse()?;
            let Ok(policy) = spec.compile(&self.tables, &self.solution) else {
                continue; // e.g. rolls:3 under max_rolls=2
            };
            let d = distribution(&self.tables, &policy);
            text.push_str(&format!(
                "{name:<16} {:>11.6} {:>12.6} {:>12.4}\n",
                d.mean_score(),
                d.score[0],
                d.mean_rolls()
            ));
            for (score, &p) in d.score.iter().enumerate() {
                rows.push(vec![
                    rules.clone(),
                    name.to_string(),
                    score.to_string(),
                    fmt_num(p),
                ]);
            }
        }
        let mut files = vec![(
            "policy_distributions.csv".to_string(),
            csv_bytes(&["rules", "policy", "score", "probability"], rows),
        )];
        text.push_str("\nOptimal play rolls again when the kept sum is below:\n  after roll");
        for dice in 1..=6 {
            text.push_str(&format!("  {dice} dice"));
        }
        text.push('\n');
        let mut rows = Vec::new();
        for roll in 1..self.rules.max_rolls {
            text.push_str(&format!("  {roll:>10}"));
            for dice in 1..=6usize {
                let v = self.solution.roll_value[roll as usize + 1][dice];
                text.push_str(&format!(" {v:>7.3}"));
                rows.push(vec![roll.to_string(), dice.to_string(), fmt_num(v)]);
            }
            text.push('\n');
        }
        files.push((
            "optimal_thresholds.csv".to_string(),
            csv_bytes(&["after_roll", "dice", "roll_again_below"], rows),
        ));
        Ok(Tables { files, text })
    }
}
