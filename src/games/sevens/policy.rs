//! When to stop rolling in Sevens (and, under `removal=subsets`, which dice to remove).
//!
//! A turn has at most 12 x 7 x 37 decision states, so every policy, built-in or a library user's
//! [`StopPolicy`], is compiled once into a [`DecisionTable`]: the hot loop then looks decisions
//! up instead of calling policy code, and every policy runs at the same speed.
//!
//! ```
//! use dicelab::games::sevens::exact::{RollTables, distribution, solve};
//! use dicelab::games::sevens::policy::{DecisionTable, StopPolicy, TurnState};
//! use dicelab::games::sevens::rules::Removal;
//!
//! /// Stops as soon as the kept dice show at least 4 points per die.
//! struct Greedy;
//!
//! impl StopPolicy for Greedy {
//!     fn roll_again(&self, state: &TurnState) -> bool {
//!         u32::from(state.kept.sum) < 4 * u32::from(state.kept.dice)
//!     }
//! }
//!
//! let tables = RollTables::new(Removal::Pairs);
//! let mine = DecisionTable::from_policy("greedy", &Greedy, &tables, 3);
//! let best = solve(&tables, 3);
//! assert!(distribution(&tables, &mine).mean_score() < best.expected);
//! ```

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use crate::error::{Error, Result};

use super::exact::{MAX_SUM, RollTables, Solution, solve_for, state_index};
use super::rules::Kept;
use super::solver::Solver;

/// What a policy sees after a roll: which roll it was, how many are allowed, what is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnState {
    /// Rolls used so far (1-based).
    pub roll: u8,
    /// Rolls this turn may use.
    pub max_rolls: u8,
    /// The dice kept after removing sevens.
    pub kept: Kept,
}

/// A stop-rolling policy a library user can write; compile it with
/// [`DecisionTable::from_policy`].
pub trait StopPolicy {
    /// Whether to roll the kept dice again (asked only when a roll is left and dice are kept).
    fn roll_again(&self, state: &TurnState) -> bool;

    /// Under `removal=subsets`, which of the possible kept sets to keep (`options` is ordered
    /// highest sum first, then most dice). The default keeps the first.
    fn choose(&self, roll: u8, max_rolls: u8, options: &[Kept]) -> usize {
        let _ = (roll, max_rolls, options);
        0
    }
}

/// A decision in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Score the kept dice.
    Stop,
    /// Roll the kept dice again.
    Roll,
    /// Toss a fair coin (the `random` policy).
    Coin,
}

/// A built-in policy as written on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolicySpec {
    /// `rolls:K`: always use K rolls while dice remain.
    Rolls(u8),
    /// `threshold:A,B,...`: stop when the kept sum reaches A after roll 1, B after roll 2, ...
    Threshold(Vec<u8>),
    /// `optimal`: maximises the expected turn score.
    Optimal,
    /// `random`: a fair coin decides every stop-or-roll; the floor any policy should beat.
    Random,
    /// `target`: maximises the chance to beat the round's best score so far (`optimal` when
    /// nothing is to beat); `target:T` beats the fixed score T.
    Target(Option<u8>),
    /// `leader`: as a round's first player, maximises the chance to win the round (the leader's
    /// dilemma, solved exactly); as a follower, the exact best reply to the score to beat.
    Leader,
    /// `table:FILE`: the stop/roll decisions of a CSV policy table, as `solve` writes them.
    Table(PathBuf),
}

const EXPECTED: &str = "rolls:K, threshold:A,B (one sum per roll before the last), optimal, \
     target, target:T, leader, table:FILE or random";

impl FromStr for PolicySpec {
    type Err = Error;

    fn from_str(spec: &str) -> Result<Self> {
        let bad = |why: &str| Error::input(format!("--policy '{spec}': {why}"));
        let (name, args) = match spec.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (spec, None),
        };
        match (name, args) {
            ("optimal", None) => Ok(PolicySpec::Optimal),
            ("random", None) => Ok(PolicySpec::Random),
            ("leader", None) => Ok(PolicySpec::Leader),
            ("target", None) => Ok(PolicySpec::Target(None)),
            ("target", Some(t)) => t
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|&t| usize::from(t) <= MAX_SUM)
                .map(|t| PolicySpec::Target(Some(t)))
                .ok_or_else(|| bad("expected target:T with T a score from 0 to 36")),
            ("table", Some(path)) if !path.trim().is_empty() => {
                Ok(PolicySpec::Table(PathBuf::from(path)))
            }
            ("table", _) => Err(bad(
                "expected table:FILE, e.g. table:data/sevens-policy.csv",
            )),
            ("rolls", Some(k)) => {
                let k: u8 = k
                    .trim()
                    .parse()
                    .map_err(|_| bad("expected rolls:K with K a whole number of rolls"))?;
                if k == 0 {
                    return Err(bad("rolls:K needs K of at least 1"));
                }
                Ok(PolicySpec::Rolls(k))
            }
            ("threshold", Some(list)) => {
                let sums = list
                    .split(',')
                    .map(|x| {
                        x.trim()
                            .parse::<u8>()
                            .ok()
                            .filter(|&s| usize::from(s) <= MAX_SUM)
                    })
                    .collect::<Option<Vec<u8>>>()
                    .ok_or_else(|| {
                        bad("expected threshold:A,B with sums from 0 to 36, e.g. threshold:15,10")
                    })?;
                Ok(PolicySpec::Threshold(sums))
            }
            _ => Err(bad(&format!(
                "unknown policy for sevens; expected {EXPECTED}"
            ))),
        }
    }
}

impl fmt::Display for PolicySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolicySpec::Rolls(k) => write!(f, "rolls:{k}"),
            PolicySpec::Threshold(sums) => {
                let s: Vec<String> = sums.iter().map(u8::to_string).collect();
                write!(f, "threshold:{}", s.join(","))
            }
            PolicySpec::Optimal => write!(f, "optimal"),
            PolicySpec::Random => write!(f, "random"),
            PolicySpec::Target(None) => write!(f, "target"),
            PolicySpec::Target(Some(t)) => write!(f, "target:{t}"),
            PolicySpec::Leader => write!(f, "leader"),
            PolicySpec::Table(path) => write!(f, "table:{}", path.display()),
        }
    }
}

/// What the hot loop needs after a roll, in one lookup: the dice and sum kept and what to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Dice kept.
    pub dice: u8,
    /// Their sum.
    pub sum: u8,
    /// The decision in the state they make.
    pub action: Action,
}

/// A policy compiled to a decision per state and a kept set per roll outcome.
#[derive(Clone, Debug)]
pub struct DecisionTable {
    name: String,
    max_rolls: u8,
    actions: Vec<Action>,
    /// Kept set chosen for option list `set` at roll `roll`: index `(roll - 1) * sets + set`.
    kept: Vec<Kept>,
    /// The same, with the decision in the kept state: the simulation's only lookup per roll.
    steps: Vec<Step>,
    sets: usize,
}

impl DecisionTable {
    /// Compiles any [`StopPolicy`] by asking it about every state and every option list.
    pub fn from_policy(
        name: &str,
        policy: &impl StopPolicy,
        tables: &RollTables,
        max_rolls: u8,
    ) -> Self {
        Self::build(
            name,
            tables,
            max_rolls,
            |state| {
                if policy.roll_again(state) {
                    Action::Roll
                } else {
                    Action::Stop
                }
            },
            |roll, options| policy.choose(roll, max_rolls, options),
        )
    }

    /// Every state starts as [`Action::Stop`] and only states with a roll left and dice kept
    /// are asked about, so the last roll and an empty hand always stop: the simulation and the
    /// exact distribution rely on that instead of checking again.
    pub(crate) fn build(
        name: &str,
        tables: &RollTables,
        max_rolls: u8,
        mut action: impl FnMut(&TurnState) -> Action,
        mut choose: impl FnMut(u8, &[Kept]) -> usize,
    ) -> Self {
        let mut actions = vec![Action::Stop; max_rolls as usize * 7 * (MAX_SUM + 1)];
        for roll in 1..max_rolls {
            for dice in 1..=6u8 {
                for sum in dice..=6 * dice {
                    let state = TurnState {
                        roll,
                        max_rolls,
                        kept: Kept { dice, sum },
                    };
                    actions[state_index(roll, dice, sum)] = action(&state);
                }
            }
        }
        let mut kept = Vec::with_capacity(max_rolls as usize * tables.sets.len());
        for roll in 1..=max_rolls {
            for options in &tables.sets {
                let i = choose(roll, options).min(options.len() - 1);
                kept.push(options[i]);
            }
        }
        let sets = tables.sets.len();
        let steps = kept
            .iter()
            .enumerate()
            .map(|(i, k)| Step {
                dice: k.dice,
                sum: k.sum,
                action: actions[state_index((i / sets) as u8 + 1, k.dice, k.sum)],
            })
            .collect();
        Self {
            name: name.to_string(),
            max_rolls,
            actions,
            kept,
            steps,
            sets,
        }
    }

    /// Whether the policy ever tosses a coin (only then does a turn draw coin bits).
    pub fn uses_coins(&self) -> bool {
        self.actions.contains(&Action::Coin)
    }

    /// The kept set chosen from option list `set` after roll `roll`, with the decision there.
    #[inline(always)]
    pub fn step(&self, roll: u8, set: u16) -> Step {
        self.steps[(roll as usize - 1) * self.sets + set as usize]
    }

    /// The decisions of a solved objective; under `subsets` each roll keeps the set worth most
    /// to that objective (the first of the best, so ties keep the default order).
    pub fn from_solution(name: &str, tables: &RollTables, solution: &Solution) -> Self {
        Self::build(
            name,
            tables,
            solution.max_rolls,
            |s| {
                if solution.rolls_again(s.roll, s.kept) {
                    Action::Roll
                } else {
                    Action::Stop
                }
            },
            |roll, options| {
                let mut best = 0;
                for (i, &k) in options.iter().enumerate() {
                    if solution.value(roll, k) > solution.value(roll, options[best]) {
                        best = i;
                    }
                }
                best
            },
        )
    }

    /// The policy's name, as in the `policy` column.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Rolls a turn may use.
    pub fn max_rolls(&self) -> u8 {
        self.max_rolls
    }

    /// The decision after roll `roll` with `kept` (always [`Action::Stop`] on the last roll).
    #[inline(always)]
    pub fn action(&self, roll: u8, kept: Kept) -> Action {
        self.actions[state_index(roll, kept.dice, kept.sum)]
    }

    /// The kept set chosen from option list `set` (an index into [`RollTables::sets`]).
    #[inline(always)]
    pub fn kept(&self, roll: u8, set: u16) -> Kept {
        self.kept[(roll as usize - 1) * self.sets + set as usize]
    }
}

/// How much a `target` policy also values a higher score: enough to prefer it among decisions
/// with the same chance to beat, far too little to trade any real chance for it.
const TIE_BREAK: f64 = 1e-9;

/// The decisions that maximise the chance to score more than `to_beat` in `allowed` rolls
/// (among equal chances, the higher expected score).
pub fn target_table(tables: &RollTables, allowed: u8, to_beat: u8) -> DecisionTable {
    let solution = solve_for(tables, allowed, |_, k| {
        f64::from(u8::from(k.sum > to_beat)) + TIE_BREAK * f64::from(k.sum)
    });
    DecisionTable::from_solution(&format!("target:{to_beat}"), tables, &solution)
}

/// A policy compiled for every situation a game can put a player in: leading a round (or
/// nothing to beat) with any number of rolls allowed, or following with a score to beat.
///
/// Single turns use [`Policy::turn`]. Library users build one from their own tables with
/// [`Policy::fixed`].
#[derive(Clone, Debug)]
pub struct Policy {
    name: String,
    /// One table per number of rolls allowed (index `allowed - 1`).
    lead: Vec<DecisionTable>,
    /// `follow[allowed - 1][to_beat]`; empty for policies that ignore the score to beat.
    follow: Vec<Vec<DecisionTable>>,
}

impl Policy {
    /// A policy that plays `tables[allowed - 1]` whatever the round's scores, one table for each
    /// number of rolls a turn may be allowed, 1 to the rules' `max_rolls`.
    pub fn fixed(name: &str, tables: Vec<DecisionTable>) -> Self {
        Self {
            name: name.to_string(),
            lead: tables,
            follow: Vec::new(),
        }
    }

    /// The policy's name, as in the `policy` column.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The decisions for a turn with `allowed` rolls and, for a follower, the score to beat.
    #[inline(always)]
    pub fn table(&self, allowed: u8, to_beat: Option<u8>) -> &DecisionTable {
        match to_beat {
            Some(t) if !self.follow.is_empty() => &self.follow[allowed as usize - 1][t as usize],
            _ => &self.lead[allowed as usize - 1],
        }
    }

    /// The decisions for a single turn with every roll allowed and nothing to beat.
    pub fn turn(&self) -> &DecisionTable {
        self.lead
            .last()
            .expect("a policy has a table per roll count")
    }

    /// Whether any of the policy's tables tosses coins.
    pub fn uses_coins(&self) -> bool {
        self.lead
            .iter()
            .chain(self.follow.iter().flatten())
            .any(DecisionTable::uses_coins)
    }

    /// Whether the policy plays differently with a score to beat.
    pub fn follows_scores(&self) -> bool {
        !self.follow.is_empty()
    }
}

impl PolicySpec {
    /// Compiles the policy for the rules of `solver`, for every number of rolls allowed.
    pub fn compile(&self, solver: &Solver) -> Result<Policy> {
        let tables = &solver.tables;
        let max_rolls = solver.rules.max_rolls;
        let name = self.to_string();
        let default_choice = |_: u8, _: &[Kept]| 0;
        let per_allowed = |make: &dyn Fn(u8) -> DecisionTable| -> Vec<DecisionTable> {
            (1..=max_rolls).map(make).collect()
        };
        // A policy given as a rule on the turn's state, keeping the default choice of sets.
        let by_rule = |decide: &dyn Fn(&TurnState) -> Action| {
            per_allowed(&|allowed| {
                DecisionTable::build(&name, tables, allowed, decide, default_choice)
            })
        };
        let lead = match self {
            PolicySpec::Rolls(k) => {
                if *k > max_rolls {
                    return Err(Error::input(format!(
                        "--policy '{name}': a turn allows at most {max_rolls} rolls (max_rolls={max_rolls})"
                    )));
                }
                by_rule(&|s| {
                    if s.roll < *k {
                        Action::Roll
                    } else {
                        Action::Stop
                    }
                })
            }
            PolicySpec::Threshold(sums) => {
                if sums.len() != usize::from(max_rolls) - 1 {
                    return Err(Error::input(format!(
                        "--policy '{name}': expected {} sum(s), one for each roll before the last (max_rolls={max_rolls})",
                        max_rolls - 1
                    )));
                }
                by_rule(&|s| {
                    if s.kept.sum >= sums[s.roll as usize - 1] {
                        Action::Stop
                    } else {
                        Action::Roll
                    }
                })
            }
            PolicySpec::Optimal | PolicySpec::Target(None) => per_allowed(&|allowed| {
                DecisionTable::from_solution(&name, tables, solver.optimal(allowed))
            }),
            PolicySpec::Target(Some(t)) => per_allowed(&|allowed| {
                let mut table = target_table(tables, allowed, *t);
                table.name.clone_from(&name);
                table
            }),
            PolicySpec::Random => by_rule(&|_| Action::Coin),
            PolicySpec::Leader => {
                let dilemma = solver.dilemma();
                per_allowed(&|allowed| {
                    if allowed == max_rolls {
                        let mut table = dilemma.leader.clone();
                        table.name.clone_from(&name);
                        table
                    } else {
                        // A round's first player always has every roll; fewer only as a follower.
                        DecisionTable::from_solution(&name, tables, solver.optimal(allowed))
                    }
                })
            }
            PolicySpec::Table(path) => super::policy_file::read(path, tables, max_rolls)?,
        };
        let follow = match self {
            PolicySpec::Target(None) => (1..=max_rolls)
                .map(|allowed| {
                    (0..=MAX_SUM as u8)
                        .map(|t| {
                            let mut table = target_table(tables, allowed, t);
                            table.name.clone_from(&name);
                            table
                        })
                        .collect()
                })
                .collect(),
            PolicySpec::Leader => solver.dilemma().follow.clone(),
            _ => Vec::new(),
        };
        Ok(Policy { name, lead, follow })
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::{Removal, Rules};
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        for spec in [
            "rolls:2",
            "threshold:15,10",
            "optimal",
            "random",
            "threshold:7",
        ] {
            assert_eq!(spec.parse::<PolicySpec>().unwrap().to_string(), spec);
        }
    }

    #[test]
    fn malformed_specs_are_named() {
        for (spec, expected) in [
            ("threshold:", "sums from 0 to 36"),
            ("threshold:a", "sums from 0 to 36"),
            ("threshold:40,10", "sums from 0 to 36"),
            ("rolls:0", "at least 1"),
            ("rolls:x", "whole number"),
            ("rolls", "unknown policy"),
            ("optimal:3", "unknown policy"),
            ("greedy", "unknown policy"),
        ] {
            let e = spec.parse::<PolicySpec>().unwrap_err().to_string();
            assert!(e.contains(expected), "{spec}: {e}");
            assert!(e.contains(spec), "{spec}: {e}");
        }
    }

    #[test]
    fn specs_that_do_not_fit_the_rules_are_refused() {
        let solver = Solver::new(Rules::default(), 1);
        let e = PolicySpec::Rolls(9)
            .compile(&solver)
            .unwrap_err()
            .to_string();
        assert!(e.contains("at most 3 rolls"), "{e}");
        let e = PolicySpec::Threshold(vec![12])
            .compile(&solver)
            .unwrap_err()
            .to_string();
        assert!(e.contains("expected 2 sum(s)"), "{e}");
    }

    #[test]
    fn every_table_stops_on_the_last_roll_and_with_no_dice() {
        struct AlwaysRoll;
        impl StopPolicy for AlwaysRoll {
            fn roll_again(&self, _: &TurnState) -> bool {
                true
            }
        }
        let solver = Solver::new(
            Rules {
                removal: Removal::Subsets,
                ..Rules::default()
            },
            2,
        );
        let tables = &solver.tables;
        let mut policies: Vec<DecisionTable> = [
            "optimal",
            "rolls:3",
            "threshold:30,30",
            "random",
            "leader",
            "target:20",
        ]
        .iter()
        .map(|s| {
            s.parse::<PolicySpec>()
                .unwrap()
                .compile(&solver)
                .unwrap()
                .turn()
                .clone()
        })
        .collect();
        let target = PolicySpec::Target(None).compile(&solver).unwrap();
        for allowed in 1..=3 {
            for t in [0, 12, 36] {
                policies.push(target.table(allowed, Some(t)).clone());
            }
        }
        policies.push(DecisionTable::from_policy("always", &AlwaysRoll, tables, 3));
        for policy in &policies {
            for sum in 0..=36 {
                assert_eq!(policy.action(1, Kept { dice: 0, sum: 0 }), Action::Stop);
                for dice in 1..=6 {
                    assert_eq!(
                        policy.action(policy.max_rolls(), Kept { dice, sum }),
                        Action::Stop,
                        "{}",
                        policy.name()
                    );
                }
            }
        }
    }

    #[test]
    fn the_optimal_policy_stops_on_twelve_with_two_dice() {
        // 000's example: two 6's after roll 2 is the best two dice can show: stop.
        let solver = Solver::new(Rules::default(), 1);
        let optimal = PolicySpec::Optimal.compile(&solver).unwrap().turn().clone();
        assert_eq!(optimal.action(2, Kept { dice: 2, sum: 12 }), Action::Stop);
        // 001's example: 2,3 = 5 after roll 1 is worth rolling again.
        assert_eq!(optimal.action(1, Kept { dice: 2, sum: 5 }), Action::Roll);
        // The last roll always stops.
        assert_eq!(optimal.action(3, Kept { dice: 6, sum: 6 }), Action::Stop);
    }
}
