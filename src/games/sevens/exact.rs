//! Exact analysis of a Sevens turn.
//!
//! A turn's state after a roll is (rolls used, dice kept, their sum); rolling again re-rolls the
//! kept dice, so the value of rolling depends only on how many dice are rolled and how many rolls
//! are left. Dynamic programming over at most 12 x 7 x 37 states gives the optimal policy and its
//! value in microseconds, and pushing probability forward through the same states gives any
//! policy's exact score distribution.

use crate::dice::{face_counts, pow6};

use super::policy::{Action, DecisionTable};
use super::rules::{Kept, Removal, Remover};

/// Highest possible kept sum (six 6's).
pub const MAX_SUM: usize = 36;
/// Number of possible scores, 0 to 36.
pub const SCORES: usize = MAX_SUM + 1;

/// Index of the state after roll `roll` (1-based) with `dice` kept summing to `sum`.
pub fn state_index(roll: u8, dice: u8, sum: u8) -> usize {
    ((roll as usize - 1) * 7 + dice as usize) * SCORES + sum as usize
}

/// What every roll of one to six dice can leave, as lookup tables and as distributions.
#[derive(Clone, Debug)]
pub struct RollTables {
    /// The removal rule the tables were built for.
    pub removal: Removal,
    /// Distinct option lists (best first by the default choice).
    pub sets: Vec<Vec<Kept>>,
    /// For `n` dice: each ordered roll (packed, `0..6^n`) to its option list.
    pub lookup: [Vec<u16>; 7],
    /// For `n` dice: each option list with its number of ordered rolls (out of `6^n`).
    pub ways: [Vec<(u16, u64)>; 7],
}

impl RollTables {
    /// Builds the tables by enumerating every ordered roll of one to six dice.
    pub fn new(removal: Removal) -> Self {
        let mut remover = Remover::new(removal);
        let mut sets: Vec<Vec<Kept>> = Vec::new();
        let mut lookup: [Vec<u16>; 7] = Default::default();
        let mut ways: [Vec<(u16, u64)>; 7] = Default::default();
        for n in 1..=6u32 {
            let mut counts_by_set: Vec<u64> = Vec::new();
            for packed in 0..pow6(n) {
                let options = remover.options(face_counts(packed, n));
                let id = match sets.iter().position(|s| *s == options) {
                    Some(id) => id,
                    None => {
                        sets.push(options);
                        sets.len() - 1
                    }
                };
                lookup[n as usize].push(id as u16);
                if counts_by_set.len() <= id {
                    counts_by_set.resize(id + 1, 0);
                }
                counts_by_set[id] += 1;
            }
            ways[n as usize] = counts_by_set
                .into_iter()
                .enumerate()
                .filter(|&(_, c)| c > 0)
                .map(|(id, c)| (id as u16, c))
                .collect();
        }
        Self {
            removal,
            sets,
            lookup,
            ways,
        }
    }
}

/// The optimal policy's values.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Rolls a turn may use.
    pub max_rolls: u8,
    /// Value of every state (see [`state_index`]) under optimal play from there on.
    pub values: Vec<f64>,
    /// `roll_value[r][n]`: expected final score of rolling `n` dice as roll `r` (1-based) and
    /// playing optimally after.
    pub roll_value: Vec<[f64; 7]>,
    /// Expected score of a whole turn under optimal play.
    pub expected: f64,
}

impl Solution {
    /// Value of a state under optimal play.
    pub fn value(&self, roll: u8, kept: Kept) -> f64 {
        self.values[state_index(roll, kept.dice, kept.sum)]
    }
}

/// Solves the turn by backward induction: after the last roll, or with no dice, the score is the
/// kept sum; before it, the better of stopping and the expected value of rolling again (ties
/// stop: rolling is no better). Under `subsets` each roll's kept set is chosen for its value.
pub fn solve(tables: &RollTables, max_rolls: u8) -> Solution {
    let r_max = max_rolls as usize;
    let mut values = vec![0.0; r_max * 7 * SCORES];
    let mut roll_value = vec![[0.0; 7]; r_max + 2];
    for roll in (1..=max_rolls).rev() {
        for dice in 0..=6u8 {
            for sum in 0..=MAX_SUM as u8 {
                let stop = if dice == 0 { 0.0 } else { f64::from(sum) };
                let again = if roll < max_rolls && dice > 0 {
                    roll_value[roll as usize + 1][dice as usize]
                } else {
                    f64::NEG_INFINITY
                };
                values[state_index(roll, dice, sum)] = stop.max(again);
            }
        }
        for (n, ways_of_n) in tables.ways.iter().enumerate().skip(1) {
            let total = pow6(n as u32) as f64;
            roll_value[roll as usize][n] = ways_of_n
                .iter()
                .map(|&(set, ways)| {
                    let best = tables.sets[set as usize]
                        .iter()
                        .map(|&k| values[state_index(roll, k.dice, k.sum)])
                        .fold(f64::NEG_INFINITY, f64::max);
                    ways as f64 * best
                })
                .sum::<f64>()
                / total;
        }
    }
    let expected = roll_value[1][6];
    Solution {
        max_rolls,
        values,
        roll_value,
        expected,
    }
}

/// Exact distribution of a turn under a policy: the chance of each score 0..=36 and of each
/// number of rolls used (index 1..=max_rolls).
#[derive(Clone, Debug, PartialEq)]
pub struct TurnDistribution {
    /// Probability of each final score.
    pub score: [f64; SCORES],
    /// Probability of each number of rolls used (index 0 unused).
    pub rolls: Vec<f64>,
}

impl TurnDistribution {
    /// Expected score.
    pub fn mean_score(&self) -> f64 {
        self.score
            .iter()
            .enumerate()
            .map(|(s, p)| s as f64 * p)
            .sum()
    }

    /// Expected number of rolls.
    pub fn mean_rolls(&self) -> f64 {
        self.rolls
            .iter()
            .enumerate()
            .map(|(r, p)| r as f64 * p)
            .sum()
    }
}

/// Pushes the probability of each state forward through the rolls a policy chooses.
pub fn distribution(tables: &RollTables, policy: &DecisionTable) -> TurnDistribution {
    let max_rolls = policy.max_rolls();
    let mut score = [0.0; SCORES];
    let mut rolls = vec![0.0; max_rolls as usize + 1];
    // Mass of rolling n dice as roll r.
    let mut to_roll = [0.0f64; 7];
    to_roll[6] = 1.0;
    for roll in 1..=max_rolls {
        let mut next = [0.0f64; 7];
        for (n, &mass) in to_roll.iter().enumerate().skip(1) {
            if mass == 0.0 {
                continue;
            }
            let total = pow6(n as u32) as f64;
            for &(set, ways) in &tables.ways[n] {
                let p = mass * ways as f64 / total;
                let kept = policy.kept(roll, set);
                // The table stops on the last roll and with no dice left (a sum of 0).
                let go_on = match policy.action(roll, kept) {
                    Action::Stop => 0.0,
                    Action::Roll => 1.0,
                    Action::Coin => 0.5,
                };
                if go_on < 1.0 {
                    let stays = p * (1.0 - go_on);
                    score[kept.sum as usize] += stays;
                    rolls[roll as usize] += stays;
                }
                next[kept.dice as usize] += p * go_on;
            }
        }
        to_roll = next;
    }
    TurnDistribution { score, rolls }
}

#[cfg(test)]
mod tests {
    use super::super::policy::PolicySpec;
    use super::*;

    fn optimal(removal: Removal, max_rolls: u8) -> (RollTables, Solution, DecisionTable) {
        let tables = RollTables::new(removal);
        let solution = solve(&tables, max_rolls);
        let policy = PolicySpec::Optimal.compile(&tables, &solution).unwrap();
        (tables, solution, policy)
    }

    #[test]
    fn tables_cover_every_roll() {
        for removal in [Removal::Pairs, Removal::Subsets] {
            let t = RollTables::new(removal);
            for n in 1..=6usize {
                let total: u64 = t.ways[n].iter().map(|w| w.1).sum();
                assert_eq!(total, pow6(n as u32));
                assert_eq!(t.lookup[n].len() as u64, pow6(n as u32));
            }
        }
    }

    #[test]
    fn one_roll_expectation_by_hand() {
        // One die: never removed, expected 3.5. One roll of six dice under pairs: the expected
        // kept sum is 6 * 3.5 minus the expected removed sum, 7 per removed pair.
        let t = RollTables::new(Removal::Pairs);
        let one = solve(&t, 1);
        assert!((one.roll_value[1][1] - 3.5).abs() < 1e-12);
        // E[min(X, Y)] for the counts of 1's and 6's among six dice, times three pair kinds.
        let mut expected_pairs = 0.0;
        for packed in 0..pow6(6) {
            let c = face_counts(packed, 6);
            expected_pairs += f64::from(c[0].min(c[5]) + c[1].min(c[4]) + c[2].min(c[3]));
        }
        expected_pairs /= pow6(6) as f64;
        assert!((one.expected - (21.0 - 7.0 * expected_pairs)).abs() < 1e-9);
    }

    #[test]
    fn optimal_beats_every_fixed_policy_and_matches_its_own_distribution() {
        for removal in [Removal::Pairs, Removal::Subsets] {
            let (tables, solution, policy) = optimal(removal, 3);
            let d = distribution(&tables, &policy);
            assert!((d.score.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            assert!(
                (d.mean_score() - solution.expected).abs() < 1e-9,
                "{removal:?}"
            );
            for spec in ["rolls:1", "rolls:2", "rolls:3", "threshold:15,10", "random"] {
                let p: PolicySpec = spec.parse().unwrap();
                let other = distribution(&tables, &p.compile(&tables, &solution).unwrap());
                assert!(other.mean_score() <= solution.expected + 1e-12, "{spec}");
            }
        }
    }

    #[test]
    fn more_rolls_never_hurt_the_optimal_player() {
        let t = RollTables::new(Removal::Pairs);
        let values: Vec<f64> = (1..=6).map(|r| solve(&t, r).expected).collect();
        assert!(values.windows(2).all(|w| w[1] > w[0]), "{values:?}");
    }
}
