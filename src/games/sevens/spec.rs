//! Sevens policies as written on the command line (`--policy threshold:15,10`), and their
//! compilation for a rule set into decision tables.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use crate::error::{Error, Message, Result, Setting};
use crate::games::PolicyDoc;
use crate::input::Files;

use super::policy::{CoinToss, DecisionTable, Policy, Rolls, StopPolicy, Threshold, TurnRule};
use super::policy_file;
use super::rolls::{MAX_SUM, RollOutcomes};
use super::solve::exact::target_table;
use super::solve::solutions::Solutions;
use super::stop_if::{GameRule, StopIf};
use super::win::Win;

/// The policy specs, for listings and messages.
pub(super) const POLICIES: &[PolicyDoc] = &[
    PolicyDoc {
        syntax: "optimal",
        meaning: "the exact best expected turn score",
        example: "optimal",
    },
    PolicyDoc {
        syntax: "rolls:K",
        meaning: "always roll K times while dice remain",
        example: "rolls:2",
    },
    PolicyDoc {
        syntax: "threshold:A,B",
        meaning: "stop once the kept sum reaches A after roll 1, B after roll 2, ... (one sum per roll before the last)",
        example: "threshold:15,10",
    },
    PolicyDoc {
        syntax: "target",
        meaning: "the exact best chance to beat the round's best score so far (optimal when nothing is to beat)",
        example: "target",
    },
    PolicyDoc {
        syntax: "target:T",
        meaning: "the exact best chance to score more than T",
        example: "target:20",
    },
    PolicyDoc {
        syntax: "leader",
        meaning: "as a round's first player, the exact best chance to win the round (the leader's dilemma); as a follower, the best reply",
        example: "leader",
    },
    PolicyDoc {
        syntax: "win",
        meaning: "every decision to maximise the chance to win the whole game, against opponents who do the same (exact for 2 and 3 players; for more, the 2-player solution against the best other total)",
        example: "win",
    },
    PolicyDoc {
        syntax: "stop-if:EXPR",
        meaning: "your own rule: stop when EXPR is true; it reads roll, rolls, dice, sum, to_beat (-1 with nothing to beat) and in games round, rounds, me, best_other, with and, or, not, == != < <= > >=, + - * and parentheses (docs/own-rules.md)",
        example: "stop-if: sum >= 14 or dice <= 2",
    },
    PolicyDoc {
        syntax: "table:FILE",
        meaning: "the stop/roll decisions of a policy table, as `solve` writes them",
        example: "table:data/sevens-policy.csv",
    },
    PolicyDoc {
        syntax: "random",
        meaning: "a fair coin decides every stop or roll",
        example: "random",
    },
];

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
    /// `win`: every decision to maximise the chance to win the whole game, against opponents
    /// who do the same: solved exactly for two players (the minimax strategy) and three (an
    /// equilibrium), a heuristic on the two-player solution for more.
    Win,
    /// `stop-if:EXPR`: a player's own rule of thumb; stop when it is true.
    StopIf(StopIf),
}

impl FromStr for PolicySpec {
    type Err = Error;

    fn from_str(spec: &str) -> Result<Self> {
        let bad = |why: &str| Error::value(Setting::POLICY, spec, why.to_string());
        let (name, args) = match spec.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (spec, None),
        };
        if name.trim() == "stop-if" {
            let text = args.unwrap_or_default();
            return StopIf::parse(spec, spec.len() - text.len(), text).map(PolicySpec::StopIf);
        }
        match (name, args) {
            ("optimal", None) => Ok(PolicySpec::Optimal),
            ("random", None) => Ok(PolicySpec::Random),
            ("leader", None) => Ok(PolicySpec::Leader),
            ("win", None) => Ok(PolicySpec::Win),
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
            _ => Err(bad(&PolicyDoc::unknown("sevens", spec, POLICIES))),
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
            PolicySpec::Win => write!(f, "win"),
            PolicySpec::Table(path) => write!(f, "table:{}", path.display()),
            PolicySpec::StopIf(rule) => write!(f, "{rule}"),
        }
    }
}

impl PolicySpec {
    /// Compiles the policy for the rules of `solutions`, for every number of rolls allowed; a
    /// `table:FILE` is read from disk unrecorded (see [`PolicySpec::compile_reading`]).
    pub fn compile(&self, solutions: &Solutions) -> Result<Policy> {
        self.compile_reading(solutions, &Files::default())
    }

    /// [`PolicySpec::compile`], reading a `table:FILE` through `files`, which records it (or
    /// serves it from a run's record).
    pub fn compile_reading(&self, solutions: &Solutions, files: &Files) -> Result<Policy> {
        if *self == PolicySpec::Win {
            return Ok(Policy::to_win("win", solutions.win()?));
        }
        let outcomes = &solutions.outcomes;
        let max_rolls = solutions.rules.max_rolls;
        let name = self.to_string();
        let per_allowed = |make: &dyn Fn(u8) -> DecisionTable| -> Vec<DecisionTable> {
            (1..=max_rolls).map(make).collect()
        };
        if let PolicySpec::StopIf(rule) = self {
            return stop_if(rule, &name, solutions);
        }
        let lead = match self {
            PolicySpec::Rolls(k) => {
                if *k > max_rolls {
                    return Err(Error::value(
                        Setting::POLICY,
                        name,
                        format!("a turn allows at most {max_rolls} rolls (max_rolls={max_rolls})"),
                    ));
                }
                tables(&name, &Rolls(*k), outcomes, max_rolls)
            }
            PolicySpec::Threshold(sums) => {
                if sums.len() != usize::from(max_rolls) - 1 {
                    return Err(Error::value(
                        Setting::POLICY,
                        name,
                        format!(
                            "expected {} sum(s), one for each roll before the last (max_rolls={max_rolls})",
                            max_rolls - 1
                        ),
                    ));
                }
                let threshold = Threshold { sums: sums.clone() };
                tables(&name, &threshold, outcomes, max_rolls)
            }
            PolicySpec::Optimal | PolicySpec::Target(None) => per_allowed(&|allowed| {
                DecisionTable::from_solution(&name, outcomes, solutions.optimal(allowed))
            }),
            PolicySpec::Target(Some(t)) => {
                per_allowed(&|allowed| target_table(outcomes, allowed, *t).named(&name))
            }
            PolicySpec::Random => tables(&name, &CoinToss, outcomes, max_rolls),
            PolicySpec::Leader => {
                let dilemma = solutions.dilemma();
                per_allowed(&|allowed| {
                    if allowed == max_rolls {
                        dilemma.leader.clone().named(&name)
                    } else {
                        // A round's first player always has every roll; fewer only as a follower.
                        DecisionTable::from_solution(&name, outcomes, solutions.optimal(allowed))
                    }
                })
            }
            PolicySpec::Table(path) => policy_file::read(path, outcomes, max_rolls, files)?,
            PolicySpec::Win | PolicySpec::StopIf(_) => unreachable!("compiled above"),
        };
        let follow = match self {
            PolicySpec::Target(None) => (1..=max_rolls)
                .map(|allowed| {
                    (0..=MAX_SUM as u8)
                        .map(|t| target_table(outcomes, allowed, t).named(&name))
                        .collect()
                })
                .collect(),
            PolicySpec::Leader => solutions.dilemma().follow.clone(),
            _ => Vec::new(),
        };
        Ok(Policy::following(&name, lead, follow))
    }
}

/// A policy's tables for every number of rolls a turn may be allowed, 1 to `max_rolls`, each
/// compiled by [`DecisionTable::from_policy`]: the built-in policies take the path a library
/// user's [`StopPolicy`] takes.
fn tables(
    name: &str,
    policy: &impl StopPolicy,
    outcomes: &RollOutcomes,
    max_rolls: u8,
) -> Vec<DecisionTable> {
    (1..=max_rolls)
        .map(|allowed| DecisionTable::from_policy(name, policy, outcomes, allowed))
        .collect()
}

/// Compiles a rule of thumb: into tables over every state when it reads only the turn (a table
/// per score to beat when it reads `to_beat`), or, when it reads the game's state, into a rule
/// a game asks at each decision; that has no value in a single turn, so it is refused there.
fn stop_if(rule: &StopIf, name: &str, solutions: &Solutions) -> Result<Policy> {
    let outcomes = &solutions.outcomes;
    let game_variables = rule.game_variables();
    if !game_variables.is_empty() {
        if solutions.players < 2 {
            let (names, verb, pronoun) = match game_variables.as_slice() {
                [one] => (one.to_string(), "is", "it"),
                many => (many.join(", "), "are", "them"),
            };
            return Err(Error::value(
                Setting::POLICY,
                name,
                Message::from(format!("{names} {verb} known only in a game; play games ("))
                    .setting(Setting::PLAYERS)
                    .text(format!(
                        " 2 or more), or leave {pronoun} out of a rule for single turns"
                    )),
            ));
        }
        let game = GameRule::new(rule.clone(), outcomes, solutions.rules.rounds);
        return Ok(Policy::to_win(name, Win::Rule(std::sync::Arc::new(game))));
    }
    let table = |allowed: u8, to_beat: i64| {
        DecisionTable::from_policy(name, &TurnRule { rule, to_beat }, outcomes, allowed)
    };
    let max_rolls = solutions.rules.max_rolls;
    let lead = (1..=max_rolls).map(|a| table(a, -1)).collect();
    let follow = if rule.reads_to_beat() {
        (1..=max_rolls)
            .map(|a| (0..=MAX_SUM as i64).map(|t| table(a, t)).collect())
            .collect()
    } else {
        Vec::new()
    };
    Ok(Policy::following(name, lead, follow))
}

#[cfg(test)]
mod tests {
    use super::super::policy::{Action, TurnState};
    use super::super::rules::{Kept, Removal, Rules};
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
        let solutions = Solutions::new(Rules::default(), 1);
        let e = PolicySpec::Rolls(9)
            .compile(&solutions)
            .unwrap_err()
            .to_string();
        assert!(e.contains("at most 3 rolls"), "{e}");
        let e = PolicySpec::Threshold(vec![12])
            .compile(&solutions)
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
        let solutions = Solutions::new(
            Rules {
                removal: Removal::Subsets,
                ..Rules::default()
            },
            2,
        );
        let outcomes = &solutions.outcomes;
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
                .compile(&solutions)
                .unwrap()
                .turn()
                .clone()
        })
        .collect();
        let target = PolicySpec::Target(None).compile(&solutions).unwrap();
        for allowed in 1..=3 {
            for t in [0, 12, 36] {
                policies.push(target.table(allowed, Some(t)).clone());
            }
        }
        policies.push(DecisionTable::from_policy(
            "always",
            &AlwaysRoll,
            outcomes,
            3,
        ));
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

    /// The built-in rules compile, through [`StopPolicy`] as a user's policy does, to the
    /// tables their specs define: every state decided as the spec says, the first kept set
    /// kept, the last roll and an empty hand stopping. (Their tables were checked identical to
    /// those compiled before they were `StopPolicy`s, for every spec under several rule sets.)
    #[test]
    fn built_in_rules_compile_to_the_tables_their_specs_define() {
        type Rule = fn(u8, Kept) -> Action;
        let cases: [(&str, Rule); 4] = [
            ("rolls:2", |roll, _| {
                if roll < 2 { Action::Roll } else { Action::Stop }
            }),
            ("threshold:15,10", |roll, k| {
                if k.sum >= [15, 10][usize::from(roll) - 1] {
                    Action::Stop
                } else {
                    Action::Roll
                }
            }),
            ("random", |_, _| Action::Coin),
            ("stop-if: sum >= 14 or dice <= 2", |_, k| {
                if k.sum >= 14 || k.dice <= 2 {
                    Action::Stop
                } else {
                    Action::Roll
                }
            }),
        ];
        for removal in [Removal::Pairs, Removal::Subsets] {
            let solutions = Solutions::new(
                Rules {
                    removal,
                    ..Rules::default()
                },
                1,
            );
            for (spec, rule) in cases {
                let policy = spec
                    .parse::<PolicySpec>()
                    .unwrap()
                    .compile(&solutions)
                    .unwrap();
                for allowed in 1..=3 {
                    let table = policy.table(allowed, None);
                    assert_eq!(table.name(), spec.replace("stop-if: ", "stop-if:"));
                    for roll in 1..=allowed {
                        for dice in 0..=6u8 {
                            for sum in dice..=6 * dice {
                                let kept = Kept { dice, sum };
                                let expected = if roll == allowed || dice == 0 {
                                    Action::Stop
                                } else {
                                    rule(roll, kept)
                                };
                                assert_eq!(table.action(roll, kept), expected, "{spec} {kept:?}");
                            }
                        }
                        for (set, options) in solutions.outcomes.sets.iter().enumerate() {
                            assert_eq!(table.kept(roll, set as u16), options[0], "{spec}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_optimal_policy_stops_on_twelve_with_two_dice() {
        // 000's example: two 6's after roll 2 is the best two dice can show: stop.
        let solutions = Solutions::new(Rules::default(), 1);
        let optimal = PolicySpec::Optimal
            .compile(&solutions)
            .unwrap()
            .turn()
            .clone();
        assert_eq!(optimal.action(2, Kept { dice: 2, sum: 12 }), Action::Stop);
        // 001's example: 2,3 = 5 after roll 1 is worth rolling again.
        assert_eq!(optimal.action(1, Kept { dice: 2, sum: 5 }), Action::Roll);
        // The last roll always stops.
        assert_eq!(optimal.action(3, Kept { dice: 6, sum: 6 }), Action::Stop);
    }
}
