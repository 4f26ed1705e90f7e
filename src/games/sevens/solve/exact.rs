//! Exact analysis of a Sevens turn.
//!
//! A turn's state after a roll is (rolls used, dice kept, their sum); rolling again re-rolls the
//! kept dice, so the value of rolling depends only on how many dice are rolled and how many rolls
//! are left. Dynamic programming over at most 12 x 7 x 37 states gives the optimal policy and its
//! value in microseconds, and pushing probability forward through the same states gives any
//! policy's exact score distribution.

use crate::dice::pow6;

use super::super::distribution::distribution_by;
use super::super::policy::{Action, DecisionTable, StopPolicy, TurnState};
use super::super::rolls::{MAX_SUM, RollOutcomes, SCORES, state_index};
use super::super::rules::Kept;
use super::player::TurnPlayer;

/// A turn's exact distribution lives below the solvers (every player of a turn hands one out);
/// it is named here too, where the turn's exact analysis has always been.
pub use super::super::distribution::TurnDistribution;

/// A solved turn objective: the value of every state under the best play for that objective.
///
/// The objective is the value of stopping in each state: the kept sum for the expected score,
/// an indicator such as "sum above T" for the chance to beat a score, or any function of the roll
/// and the kept dice (the leader's dilemma values a stop by the followers' chances).
#[derive(Clone, Debug)]
pub struct Solution {
    /// Rolls a turn may use.
    pub max_rolls: u8,
    /// Value of every state (see `state_index`) under the best play from there on.
    pub values: Vec<f64>,
    /// Value of stopping in every state.
    pub stop: Vec<f64>,
    /// `roll_value[r][n]`: value of rolling `n` dice as roll `r` (1-based) and playing best after.
    pub roll_value: Vec<[f64; 7]>,
    /// Whether play rolls again in every state (false on the last roll and with no dice).
    pub roll: Vec<bool>,
    /// Value of a whole turn under best play.
    pub expected: f64,
}

impl Solution {
    /// Value of a state under best play.
    pub fn value(&self, roll: u8, kept: Kept) -> f64 {
        self.values[state_index(roll, kept.dice, kept.sum)]
    }

    /// Whether play rolls again after roll `roll` with `kept`.
    pub fn rolls_again(&self, roll: u8, kept: Kept) -> bool {
        self.roll[state_index(roll, kept.dice, kept.sum)]
    }
}

/// The exact turn decides as every player from solved values does, comparing values exactly
/// (no rounding to forgive in one turn's expectations). Its decisions to roll are the ones
/// [`solve_with`] took, which a policy file may force, so it reads them back instead of
/// comparing again.
impl TurnPlayer for Solution {
    const SAME: f64 = 0.0;

    fn allowed(&self) -> u8 {
        self.max_rolls
    }

    fn stop_value(&self, roll: u8, kept: Kept) -> f64 {
        self.stop[state_index(roll, kept.dice, kept.sum)]
    }

    fn roll_value(&self, roll: u8, dice: u8) -> f64 {
        self.roll_value[usize::from(roll)][usize::from(dice)]
    }

    fn rolls_again(&self, roll: u8, kept: Kept) -> bool {
        Solution::rolls_again(self, roll, kept)
    }
}

/// Solves the turn for the expected score: the `optimal` policy.
pub fn solve(outcomes: &RollOutcomes, max_rolls: u8) -> Solution {
    solve_for(outcomes, max_rolls, |_, kept| f64::from(kept.sum))
}

/// Solves the turn by backward induction for the objective `stop_value(roll, kept)`: after the
/// last roll, or with no dice, the value is that of stopping; before it, the better of stopping
/// and the expected value of rolling again (ties stop). Under `subsets` each roll's kept set is
/// chosen for its value.
pub fn solve_for(
    outcomes: &RollOutcomes,
    max_rolls: u8,
    stop_value: impl Fn(u8, Kept) -> f64,
) -> Solution {
    solve_with(outcomes, max_rolls, stop_value, |_, _| None)
}

/// Like [`solve_for`], but where `forced(roll, kept)` is `Some(roll_again)` that decision is
/// taken instead of the better one: this evaluates a given policy (a table a user edited), and
/// the values then say which kept set suits that policy best under `subsets`.
pub(crate) fn solve_with(
    outcomes: &RollOutcomes,
    max_rolls: u8,
    stop_value: impl Fn(u8, Kept) -> f64,
    forced: impl Fn(u8, Kept) -> Option<bool>,
) -> Solution {
    let r_max = max_rolls as usize;
    let mut values = vec![0.0; r_max * 7 * SCORES];
    let mut stop = vec![0.0; r_max * 7 * SCORES];
    let mut roll_again = vec![false; r_max * 7 * SCORES];
    let mut roll_value = vec![[0.0; 7]; r_max + 2];
    for roll in (1..=max_rolls).rev() {
        for dice in 0..=6u8 {
            for sum in 0..=MAX_SUM as u8 {
                let i = state_index(roll, dice, sum);
                // With no dice the sum is 0 whatever the index says.
                let kept = Kept {
                    dice,
                    sum: if dice == 0 { 0 } else { sum },
                };
                stop[i] = stop_value(roll, kept);
                if roll < max_rolls && dice > 0 {
                    let again = roll_value[roll as usize + 1][dice as usize];
                    roll_again[i] = forced(roll, kept)
                        .unwrap_or(<Solution as TurnPlayer>::better(again, stop[i]));
                }
                values[i] = if roll_again[i] {
                    roll_value[roll as usize + 1][dice as usize]
                } else {
                    stop[i]
                };
            }
        }
        for (n, ways_of_n) in outcomes.ways.iter().enumerate().skip(1) {
            let total = pow6(n as u32) as f64;
            roll_value[roll as usize][n] = ways_of_n
                .iter()
                .map(|&(set, ways)| {
                    let best = outcomes.sets[set as usize]
                        .iter()
                        .map(|&k| values[state_index(roll, k.dice, k.sum)])
                        .fold(f64::NEG_INFINITY, f64::max);
                    ways as f64 * best
                })
                .sum::<f64>()
                / total;
        }
    }
    let expected = roll_value[1][usize::from(outcomes.dice)];
    Solution {
        max_rolls,
        values,
        stop,
        roll_value,
        roll: roll_again,
        expected,
    }
}

/// A second quantity carried backward through `solution`'s own decisions: `[r][n]` is the
/// expected `at_stop(roll, kept)` at the end of the turn after rolling `n` dice as roll `r`, the
/// turn played as `solution` plays it. The coach's chance of a 0 under `optimal` is this with
/// `at_stop` the indicator of a 0, which `solution`'s values alone cannot give.
pub fn carried(
    outcomes: &RollOutcomes,
    solution: &Solution,
    at_stop: impl Fn(u8, Kept) -> f64,
) -> Vec<[f64; 7]> {
    let allowed = solution.max_rolls;
    let mut carry = vec![[0.0; 7]; usize::from(allowed) + 2];
    for roll in (1..=allowed).rev() {
        for (n, ways_of_n) in outcomes.ways.iter().enumerate().skip(1) {
            let total = pow6(n as u32) as f64;
            carry[usize::from(roll)][n] = ways_of_n
                .iter()
                .map(|&(set, ways)| {
                    let options = &outcomes.sets[set as usize];
                    let kept = options[TurnPlayer::choose(solution, roll, options)];
                    let v = if TurnPlayer::rolls_again(solution, roll, kept) {
                        carry[usize::from(roll) + 1][usize::from(kept.dice)]
                    } else {
                        at_stop(roll, kept)
                    };
                    ways as f64 * v
                })
                .sum::<f64>()
                / total;
        }
    }
    carry
}

/// Pushes the probability of each state forward through the rolls a policy chooses.
pub fn distribution(outcomes: &RollOutcomes, policy: &DecisionTable) -> TurnDistribution {
    distribution_by(outcomes, policy.max_rolls(), |roll, set| {
        let kept = policy.kept(roll, set);
        // The table stops on the last roll and with no dice left (a sum of 0).
        let go_on = match policy.action(roll, kept) {
            Action::Stop => 0.0,
            Action::Roll => 1.0,
            Action::Coin => 0.5,
        };
        (kept, go_on)
    })
}

/// The follower's table: with `rolls` rolls allowed and a score `to_beat`, the best chance of
/// scoring more, and (by a separate optimisation) the best chance of scoring at least as much.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FollowerOdds {
    /// Rolls the follower may use.
    pub rolls: u8,
    /// The score to beat.
    pub to_beat: u8,
    /// Best probability of a strictly higher score.
    pub p_beat: f64,
    /// Best probability of a score at least as high.
    pub p_tie_or_beat: f64,
}

/// The follower's table for every number of rolls up to `max_rolls` and every score 0 to 36.
pub fn follower_odds(outcomes: &RollOutcomes, max_rolls: u8) -> Vec<FollowerOdds> {
    let mut rows = Vec::new();
    for rolls in 1..=max_rolls {
        for to_beat in 0..=MAX_SUM as u8 {
            let beat = solve_for(outcomes, rolls, |_, k| f64::from(u8::from(k.sum > to_beat)));
            let tie = solve_for(outcomes, rolls, |_, k| {
                f64::from(u8::from(k.sum >= to_beat))
            });
            rows.push(FollowerOdds {
                rolls,
                to_beat,
                p_beat: beat.expected,
                p_tie_or_beat: tie.expected,
            });
        }
    }
    rows
}

/// The chance that rolling `n` dice keeps `k` of them, for every `n` and `k` (`[n][k]`), under
/// the default choice of kept set.
pub fn keep_chances(outcomes: &RollOutcomes) -> [[f64; 7]; 7] {
    let mut p = [[0.0; 7]; 7];
    for (n, row) in p.iter_mut().enumerate().skip(1) {
        // Count ways first, divide once: the shares are then exact to the last bit.
        let mut ways_to_keep = [0u64; 7];
        for &(set, ways) in &outcomes.ways[n] {
            ways_to_keep[outcomes.sets[set as usize][0].dice as usize] += ways;
        }
        let total = pow6(n as u32) as f64;
        for (share, ways) in row.iter_mut().zip(ways_to_keep) {
            *share = ways as f64 / total;
        }
    }
    p
}

/// A solved objective plays its best decisions: `optimal`, `target`, the leader's dilemma and a
/// policy file's table are each a [`Solution`] compiled as any policy is.
impl StopPolicy for Solution {
    fn roll_again(&self, state: &TurnState) -> bool {
        TurnPlayer::rolls_again(self, state.roll, state.kept)
    }

    /// Under `subsets`, the set worth most to the objective (the first of the best, so ties
    /// keep the default order).
    fn choose(&self, roll: u8, _: u8, options: &[Kept]) -> usize {
        TurnPlayer::choose(self, roll, options)
    }
}

impl DecisionTable {
    /// The decisions of a solved objective, for the turns it was solved for.
    pub fn from_solution(name: &str, outcomes: &RollOutcomes, solution: &Solution) -> Self {
        Self::from_policy(name, solution, outcomes, solution.max_rolls)
    }
}

/// How much a `target` policy also values a higher score: enough to prefer it among decisions
/// with the same chance to beat, far too little to trade any real chance for it.
const TIE_BREAK: f64 = 1e-9;

/// The decisions that maximise the chance to score more than `to_beat` in `allowed` rolls
/// (among equal chances, the higher expected score).
pub(crate) fn target_table(outcomes: &RollOutcomes, allowed: u8, to_beat: u8) -> DecisionTable {
    let solution = solve_for(outcomes, allowed, |_, k| {
        f64::from(u8::from(k.sum > to_beat)) + TIE_BREAK * f64::from(k.sum)
    });
    DecisionTable::from_solution(&format!("target:{to_beat}"), outcomes, &solution)
}

#[cfg(test)]
mod tests {
    use super::super::super::policy::{CoinToss, Rolls, Threshold};
    use super::super::super::rules::Removal;
    use super::*;
    use crate::dice::face_counts;

    fn optimal(removal: Removal, max_rolls: u8) -> (RollOutcomes, Solution, DecisionTable) {
        let outcomes = RollOutcomes::new(removal);
        let solution = solve(&outcomes, max_rolls);
        let policy = DecisionTable::from_solution("optimal", &outcomes, &solution);
        (outcomes, solution, policy)
    }

    #[test]
    fn tables_cover_every_roll() {
        for removal in [Removal::Pairs, Removal::Subsets] {
            let t = RollOutcomes::new(removal);
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
        let t = RollOutcomes::new(Removal::Pairs);
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

    /// docs/sevens.md: where rolling and stopping give `target` the same chance, the expected
    /// score decides, and no score is worth a chance. Beating 36 is impossible, so every chance
    /// is 0 and `target:36` plays `optimal` exactly. Beating 0 is sure while dice are held:
    /// `target:0` stops where rolling could lose every die, and plays `optimal` where it could
    /// not (an odd number of dice under `pairs`).
    #[test]
    fn target_decides_by_the_expected_score_when_the_chances_are_equal() {
        let (outcomes, _, optimal) = optimal(Removal::Pairs, 3);
        let hopeless = target_table(&outcomes, 3, 36);
        let sure = target_table(&outcomes, 3, 0);
        for roll in 1..=3 {
            for dice in 0..=6u8 {
                for sum in dice..=6 * dice {
                    let kept = Kept { dice, sum };
                    assert_eq!(
                        hopeless.action(roll, kept),
                        optimal.action(roll, kept),
                        "target:36 after roll {roll} with {kept:?}"
                    );
                    // Holding dice already beats 0. An even number of dice can all go in
                    // pairs, so rolling risks the win and target:0 stops; an odd number never
                    // all goes, so both choices are sure wins and the score decides, as optimal.
                    let expected = if dice % 2 == 0 {
                        Action::Stop
                    } else {
                        optimal.action(roll, kept)
                    };
                    assert_eq!(sure.action(roll, kept), expected, "{kept:?}");
                }
            }
        }
    }

    #[test]
    fn optimal_beats_every_fixed_policy_and_matches_its_own_distribution() {
        for removal in [Removal::Pairs, Removal::Subsets] {
            let (outcomes, solution, policy) = optimal(removal, 3);
            let d = distribution(&outcomes, &policy);
            assert!((d.score.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            assert!(
                (d.mean_score() - solution.expected).abs() < 1e-9,
                "{removal:?}"
            );
            // The built-in fixed policies, compiled as their specs compile them (the spec parser
            // sits above this solver, so the test does not go through it).
            let threshold = Threshold { sums: vec![15, 10] };
            let fixed = [
                DecisionTable::from_policy("rolls:1", &Rolls(1), &outcomes, 3),
                DecisionTable::from_policy("rolls:2", &Rolls(2), &outcomes, 3),
                DecisionTable::from_policy("rolls:3", &Rolls(3), &outcomes, 3),
                DecisionTable::from_policy("threshold:15,10", &threshold, &outcomes, 3),
                DecisionTable::from_policy("random", &CoinToss, &outcomes, 3),
            ];
            for table in &fixed {
                let (spec, other) = (table.name(), distribution(&outcomes, table));
                assert!(other.mean_score() <= solution.expected + 1e-12, "{spec}");
            }
        }
    }

    #[test]
    fn carried_through_the_solution_gives_its_own_values_and_its_chance_of_a_zero() {
        for removal in [Removal::Pairs, Removal::Subsets] {
            let (outcomes, solution, policy) = optimal(removal, 3);
            // Carrying the kept sum is the solution's own valuation, state by state.
            let sum = carried(&outcomes, &solution, |_, k| f64::from(k.sum));
            for (roll, (a, b)) in sum.iter().zip(&solution.roll_value).enumerate().skip(1) {
                for n in 1..=6 {
                    assert!(
                        (a[n] - b[n]).abs() < 1e-12,
                        "{removal:?} roll {roll}, {n} dice"
                    );
                }
            }
            // A 0 is what the pushed-forward distribution of the same play gives it.
            let zero = carried(&outcomes, &solution, |_, k| f64::from(u8::from(k.sum == 0)));
            let p0 = distribution(&outcomes, &policy).score[0];
            assert!(
                (zero[1][6] - p0).abs() < 1e-12,
                "{removal:?}: {} {p0}",
                zero[1][6]
            );
            assert!(p0 > 0.01 && p0 < 0.5, "{removal:?}: {p0}");
        }
    }

    #[test]
    fn more_rolls_never_hurt_the_optimal_player() {
        let t = RollOutcomes::new(Removal::Pairs);
        let values: Vec<f64> = (1..=6).map(|r| solve(&t, r).expected).collect();
        assert!(values.windows(2).all(|w| w[1] > w[0]), "{values:?}");
    }

    #[test]
    fn one_die_rolled_up_to_three_times_is_worth_fourteen_thirds() {
        // One die is never removed (a pair needs two): stop on 4 or more after the first roll
        // (E = 4.25 for the two rolls left), on 5 or more after the second (E = 3.5), so
        // E = (5 + 6) / 6 + (4 / 6) 4.25 = 14 / 3.
        let t = RollOutcomes::enumerate(Removal::Pairs, 1, 7);
        assert!((solve(&t, 3).expected - 14.0 / 3.0).abs() < 1e-12);
        assert!((solve(&t, 1).expected - 3.5).abs() < 1e-12);
        // Fewer dice, a lower score; another sum removed, another value.
        let text = solve(&RollOutcomes::new(Removal::Pairs), 3).expected;
        let four = solve(&RollOutcomes::enumerate(Removal::Pairs, 4, 7), 3).expected;
        let eight = solve(&RollOutcomes::enumerate(Removal::Pairs, 6, 8), 3).expected;
        assert!(
            four < text && (eight - text).abs() > 0.1,
            "{four} {eight} {text}"
        );
    }
}
