//! A stop policy against optimal play, position by position, exactly: where the two decide
//! differently in a turn, how likely the policy is to face that position, and what its
//! decision costs there (optimal play after it). What `compare sevens --policy RULE --policy
//! optimal` reads out.
//!
//! The costs add up: the chance of each position times its cost, summed over every position a
//! policy reaches, is exactly optimal play's expected score minus the policy's (the
//! performance-difference identity of a Markov decision process: every point a policy gives up
//! is given up at some decision, valued by what best play would make of the state after it).

use crate::cells;
use crate::games::analysis::{Analysis, DataTable};

use super::super::distribution::distribution_by;
use super::super::policy::{Action, DecisionTable};
use super::super::rolls::{RollOutcomes, state_index};
use super::super::rules::Kept;
use super::exact::Solution;

/// What a player does after a roll: the dice kept and whether to roll them again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What is kept (under `pairs` the only choice; under `subsets` the sets removed decide it).
    pub kept: Kept,
    /// Stop, roll, or toss a coin (`random`).
    pub action: Action,
}

/// A position where a policy and optimal play decide differently.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Disagreement {
    /// The roll just made (1 is the first).
    pub roll: u8,
    /// What the policy does there.
    pub policy: Choice,
    /// What optimal play does there.
    pub best: Choice,
    /// The chance a turn played by the policy reaches this position.
    pub p_arise: f64,
    /// The expected points the policy's choice gives up there, optimal play after it.
    pub cost: f64,
}

impl Disagreement {
    /// What the position costs a turn on average: its chance times its cost.
    pub fn cost_per_turn(&self) -> f64 {
        self.p_arise * self.cost
    }
}

/// Every position where `policy` and `optimal` (solved for the same rules and rolls) decide
/// differently, the costliest a turn first, positions alike merged (same roll, same choices).
/// A choice that gives up nothing (a tie, another set of the same value) is no disagreement.
pub fn disagreements(
    outcomes: &RollOutcomes,
    optimal: &Solution,
    policy: &DecisionTable,
) -> Vec<Disagreement> {
    let max_rolls = policy.max_rolls();
    let mut found: Vec<Disagreement> = Vec::new();
    // The chance of rolling n dice as each roll, pushed forward as `distribution_by` does; each
    // outcome's chance is needed here, which that push does not hand over.
    let mut to_roll = [0.0f64; 7];
    to_roll[usize::from(outcomes.dice)] = 1.0;
    let mut next = [0.0f64; 7];
    for roll in 1..=max_rolls {
        for (n, &mass) in to_roll.iter().enumerate().skip(1) {
            if mass == 0.0 {
                continue;
            }
            let total = crate::dice::pow6(n as u32) as f64;
            for &(set, ways) in &outcomes.ways[n] {
                let p = mass * ways as f64 / total;
                let kept = policy.kept(roll, set);
                let action = policy.action(roll, kept);
                let go_on = chance_to_roll(action);
                next[usize::from(kept.dice)] += p * go_on;
                let value = |k: Kept, go_on: f64| {
                    let stop = optimal.stop[state_index(roll, k.dice, k.sum)];
                    if go_on == 0.0 {
                        stop
                    } else {
                        (1.0 - go_on) * stop
                            + go_on * optimal.roll_value[usize::from(roll) + 1][usize::from(k.dice)]
                    }
                };
                let chosen = value(kept, go_on);
                let (best_kept, best_value) = outcomes.sets[usize::from(set)]
                    .iter()
                    .map(|&k| (k, optimal.value(roll, k)))
                    .fold(
                        (kept, f64::NEG_INFINITY),
                        |a, b| if b.1 > a.1 { b } else { a },
                    );
                let cost = best_value - chosen;
                // Values are sums of the same terms in another order at worst: a cost within a
                // rounding of the value is a tie, no disagreement.
                if cost <= 1e-12 * best_value.abs().max(1.0) {
                    continue;
                }
                let here = Disagreement {
                    roll,
                    policy: Choice { kept, action },
                    best: Choice {
                        kept: best_kept,
                        action: if optimal.rolls_again(roll, best_kept) {
                            Action::Roll
                        } else {
                            Action::Stop
                        },
                    },
                    p_arise: p,
                    cost,
                };
                match found
                    .iter_mut()
                    .find(|d| d.roll == roll && d.policy == here.policy && d.best == here.best)
                {
                    Some(same) => same.p_arise += p,
                    None => found.push(here),
                }
            }
        }
        to_roll = next;
        next = [0.0; 7];
    }
    found.sort_by(|a, b| {
        b.cost_per_turn()
            .total_cmp(&a.cost_per_turn())
            .then(a.roll.cmp(&b.roll))
            .then(a.policy.kept.dice.cmp(&b.policy.kept.dice))
            .then(a.policy.kept.sum.cmp(&b.policy.kept.sum))
    });
    found
}

/// How many of a policy's disagreements the terminal lists (the CSV file holds them all).
const SHOWN: usize = 10;

/// The reading of each of `policies` (its name as reports give it, and its table) against
/// optimal play (`optimal`, solved for the same rules): a sentence on what it gives up a turn,
/// its costliest disagreements on the terminal, and every one of them in the table
/// `disagreements`.
pub fn reading(
    outcomes: &RollOutcomes,
    optimal: &Solution,
    policies: &[(String, &DecisionTable)],
) -> Analysis {
    let mut table = DataTable::new(
        "disagreements",
        &[
            "policy",
            "after_roll",
            "dice",
            "sum",
            "decision",
            "best_dice",
            "best_sum",
            "best_decision",
            "p_arise",
            "cost",
            "cost_per_turn",
        ],
    );
    let mut text = String::from("\nAgainst optimal play, position by position (exact):\n");
    for (name, policy) in policies {
        let found = disagreements(outcomes, optimal, policy);
        let mean = mean_score(outcomes, policy);
        let gap = optimal.expected - mean;
        if found.is_empty() {
            text.push_str(&format!(
                "  {name} decides as optimal play does wherever it can make a difference: it \
                 gives up nothing ({mean:.4} a turn).\n"
            ));
            continue;
        }
        text.push_str(&format!(
            "  {name} scores {mean:.4} a turn: it gives up {gap:.4} points a turn, {:.1}% of \
             optimal's {:.4}. The two decide differently in {} position{}; {}:\n",
            100.0 * gap / optimal.expected,
            optimal.expected,
            found.len(),
            if found.len() == 1 { "" } else { "s" },
            if found.len() > SHOWN {
                format!("the {SHOWN} costliest, by what they cost a turn")
            } else {
                "by what they cost a turn".to_string()
            }
        ));
        let mut rows = vec![
            [
                "after roll",
                "kept",
                "it does",
                "optimal does",
                "arises",
                "costs then",
                "costs a turn",
            ]
            .map(str::to_string)
            .to_vec(),
        ];
        for d in found.iter().take(SHOWN) {
            let best = if d.best.kept == d.policy.kept {
                decision(d.best.action).to_string()
            } else {
                format!("keep {}, {}", kept(d.best.kept), decision(d.best.action))
            };
            rows.push(vec![
                d.roll.to_string(),
                kept(d.policy.kept),
                decision(d.policy.action).to_string(),
                best,
                format!("{:.3}%", 100.0 * d.p_arise),
                format!("{:.4}", d.cost),
                format!("{:.5}", d.cost_per_turn()),
            ]);
        }
        for line in aligned(&rows) {
            text.push_str("    ");
            text.push_str(&line);
            text.push('\n');
        }
        if found.len() > SHOWN {
            text.push_str(&format!(
                "    and {} more, every one in disagreements.csv (written with --out)\n",
                found.len() - SHOWN
            ));
        }
        for d in &found {
            table.push(cells![
                name,
                d.roll,
                d.policy.kept.dice,
                d.policy.kept.sum,
                decision(d.policy.action),
                d.best.kept.dice,
                d.best.kept.sum,
                decision(d.best.action),
                d.p_arise,
                d.cost,
                d.cost_per_turn()
            ]);
        }
    }
    Analysis {
        tables: vec![table],
        charts: Vec::new(),
        text,
    }
}

/// Kept dice as a person reads them: `3 dice, 13`.
fn kept(k: Kept) -> String {
    match k.dice {
        0 => "no dice".to_string(),
        1 => format!("1 die, {}", k.sum),
        n => format!("{n} dice, {}", k.sum),
    }
}

/// A decision in a word.
fn decision(action: Action) -> &'static str {
    match action {
        Action::Stop => "stop",
        Action::Roll => "roll",
        Action::Coin => "toss a coin",
    }
}

/// Rows of cells as aligned lines: the first column right-aligned, the rest left-aligned under
/// their headings but for numbers, right-aligned.
fn aligned(rows: &[Vec<String>]) -> Vec<String> {
    let columns = rows[0].len();
    let width: Vec<usize> = (0..columns)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let right = |c: usize| c == 0 || c >= 4;
    rows.iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .map(|(c, cell)| {
                    if right(c) {
                        format!("{cell:>w$}", w = width[c])
                    } else {
                        format!("{cell:<w$}", w = width[c])
                    }
                })
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The chance an action rolls again.
fn chance_to_roll(action: Action) -> f64 {
    match action {
        Action::Stop => 0.0,
        Action::Roll => 1.0,
        Action::Coin => 0.5,
    }
}

/// The policy's expected turn score, from the same push of chances (a check on the sum of the
/// costs, and what the reading quotes).
pub fn mean_score(outcomes: &RollOutcomes, policy: &DecisionTable) -> f64 {
    distribution_by(outcomes, policy.max_rolls(), |roll, set| {
        let kept = policy.kept(roll, set);
        (kept, chance_to_roll(policy.action(roll, kept)))
    })
    .mean_score()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sevens::policy::{CoinToss, Rolls, Threshold};
    use crate::games::sevens::rules::Removal;
    use crate::games::sevens::solve::exact::solve;

    /// What every disagreement costs a turn adds up to optimal's expected score minus the
    /// policy's, exactly, for policies that stop early, late, by a threshold or at random, under
    /// both removal rules and several roll limits.
    #[test]
    fn the_costs_of_the_disagreements_add_up_to_what_the_policy_gives_up() {
        for removal in [Removal::Pairs, Removal::Subsets] {
            let outcomes = RollOutcomes::new(removal);
            for max_rolls in [1u8, 2, 3, 5] {
                let optimal = solve(&outcomes, max_rolls);
                let tables = [
                    DecisionTable::from_policy("rolls:1", &Rolls(1), &outcomes, max_rolls),
                    DecisionTable::from_policy("rolls:2", &Rolls(2), &outcomes, max_rolls),
                    DecisionTable::from_policy(
                        "threshold:15,10,8,6",
                        &Threshold {
                            sums: vec![15, 10, 8, 6],
                        },
                        &outcomes,
                        max_rolls,
                    ),
                    DecisionTable::from_policy("random", &CoinToss, &outcomes, max_rolls),
                ];
                for table in &tables {
                    let lost: f64 = disagreements(&outcomes, &optimal, table)
                        .iter()
                        .map(Disagreement::cost_per_turn)
                        .sum();
                    let gap = optimal.expected - mean_score(&outcomes, table);
                    assert!(
                        (lost - gap).abs() < 1e-12,
                        "{removal:?} {max_rolls} {}: {lost} against {gap}",
                        table.name()
                    );
                    assert!(gap >= -1e-12, "{}", table.name());
                }
            }
        }
    }

    /// Optimal play disagrees with itself nowhere; stopping after one roll disagrees first
    /// where optimal rolls again on a poor first roll, and each position is one the text's
    /// thresholds name.
    #[test]
    fn optimal_play_never_disagrees_with_itself_and_rolls_one_stops_where_optimal_rolls() {
        let outcomes = RollOutcomes::new(Removal::Pairs);
        let optimal = solve(&outcomes, 3);
        let own = DecisionTable::from_solution("optimal", &outcomes, &optimal);
        assert!(disagreements(&outcomes, &optimal, &own).is_empty());
        let once = DecisionTable::from_policy("rolls:1", &Rolls(1), &outcomes, 3);
        let found = disagreements(&outcomes, &optimal, &once);
        assert!(!found.is_empty());
        for d in &found {
            assert_eq!(d.roll, 1, "{d:?}");
            assert_eq!(
                (d.policy.action, d.best.action),
                (Action::Stop, Action::Roll)
            );
            assert_eq!(d.policy.kept, d.best.kept);
            // Optimal rolls again below its threshold: the kept sum is below it.
            let below = optimal.roll_value[2][usize::from(d.policy.kept.dice)];
            assert!(f64::from(d.policy.kept.sum) < below, "{d:?}");
            assert!(
                (d.cost - (below - f64::from(d.policy.kept.sum))).abs() < 1e-12,
                "{d:?}"
            );
        }
        // Sorted by what each costs a turn.
        assert!(
            found
                .windows(2)
                .all(|w| w[0].cost_per_turn() >= w[1].cost_per_turn())
        );
    }
}
