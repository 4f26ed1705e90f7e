//! A turn's exact distribution: the chance of each score and each number of rolls, pushed
//! forward through the rolls whatever decides them (a compiled table, a solved game's player).
//! Below the solvers and the policies, so each of them can hand one out without importing the
//! other.

use crate::dice::pow6;

use super::rolls::{RollOutcomes, SCORES};
use super::rules::Kept;

/// Exact distribution of a turn under a policy: the chance of each score 0..=36 and of each
/// number of rolls used (index 1..=max_rolls), and jointly of both.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnDistribution {
    /// Probability of each final score.
    pub score: [f64; SCORES],
    /// Probability of each number of rolls used (index 0 unused).
    pub rolls: Vec<f64>,
    /// `joint[r][s]`: probability of stopping after roll `r` with score `s`; a follower's limit
    /// depends on the leader's rolls, so the leader's dilemma needs both at once.
    pub joint: Vec<[f64; SCORES]>,
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

/// Pushes the probability of each state forward through a turn of `max_rolls` rolls where
/// `step(roll, set)` says what is kept from option list `set` after `roll` and the chance of
/// rolling again (it must be 0 on the last roll and with no dice kept): any policy, compiled to
/// a table or not.
pub(crate) fn distribution_by(
    outcomes: &RollOutcomes,
    max_rolls: u8,
    mut step: impl FnMut(u8, u16) -> (Kept, f64),
) -> TurnDistribution {
    let mut joint = vec![[0.0; SCORES]; max_rolls as usize + 1];
    // Mass of rolling n dice as roll r.
    let mut to_roll = [0.0f64; 7];
    to_roll[usize::from(outcomes.dice)] = 1.0;
    for roll in 1..=max_rolls {
        let mut next = [0.0f64; 7];
        for (n, &mass) in to_roll.iter().enumerate().skip(1) {
            if mass == 0.0 {
                continue;
            }
            let total = pow6(n as u32) as f64;
            for &(set, ways) in &outcomes.ways[n] {
                let p = mass * ways as f64 / total;
                let (kept, go_on) = step(roll, set);
                if go_on < 1.0 {
                    joint[roll as usize][kept.sum as usize] += p * (1.0 - go_on);
                }
                next[kept.dice as usize] += p * go_on;
            }
        }
        to_roll = next;
    }
    let mut score = [0.0; SCORES];
    for row in &joint {
        score.iter_mut().zip(row).for_each(|(s, p)| *s += p);
    }
    let rolls = joint.iter().map(|row| row.iter().sum()).collect();
    TurnDistribution {
        score,
        rolls,
        joint,
    }
}
