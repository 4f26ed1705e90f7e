//! What every roll of one to six dice can leave under a removal rule, enumerated once: the state
//! space every policy, solver and simulation of Sevens shares.

use crate::dice::{face_counts, pow6};

use super::rules::{Kept, Removal, Remover};

/// Highest possible kept sum (six 6's).
pub(crate) const MAX_SUM: usize = 36;
/// Number of possible scores, 0 to 36.
pub(crate) const SCORES: usize = MAX_SUM + 1;

/// Index of the state after roll `roll` (1-based) with `dice` kept summing to `sum`.
pub(crate) fn state_index(roll: u8, dice: u8, sum: u8) -> usize {
    ((roll as usize - 1) * 7 + dice as usize) * SCORES + sum as usize
}

/// What every roll of one to six dice can leave, as a look-up by packed roll and as
/// distributions.
#[derive(Clone, Debug)]
pub struct RollOutcomes {
    /// The removal rule the outcomes were enumerated for.
    pub removal: Removal,
    /// Dice a turn starts with (6 in the text).
    pub dice: u8,
    /// The sum that dice are removed for (7 in the text).
    pub removed_sum: u8,
    /// Distinct option lists (best first by the default choice).
    pub sets: Vec<Vec<Kept>>,
    /// For `n` dice: each ordered roll (packed, `0..6^n`) to its option list.
    pub lookup: [Vec<u16>; 7],
    /// For `n` dice: each option list with its number of ordered rolls (out of `6^n`).
    pub ways: [Vec<(u16, u64)>; 7],
}

impl RollOutcomes {
    /// Enumerates every ordered roll of one to six dice under the text's numbers: six dice,
    /// sevens removed.
    pub fn new(removal: Removal) -> Self {
        Self::enumerate(removal, 6, 7)
    }

    /// The outcomes under `rules`: their removal, dice and removed sum.
    pub fn of(rules: &super::rules::Rules) -> Self {
        Self::enumerate(rules.removal, rules.dice, rules.removed_sum)
    }

    /// Enumerates every ordered roll of one to six dice, dice adding up to `removed_sum` removed
    /// under `removal`, for turns that start with `dice` dice.
    pub fn enumerate(removal: Removal, dice: u8, removed_sum: u8) -> Self {
        let mut remover = Remover::removing(removal, removed_sum);
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
            dice,
            removed_sum,
            sets,
            lookup,
            ways,
        }
    }

    /// Which states (`[dice kept][kept sum]`) a roll of `dice` dice can leave, whatever is
    /// chosen: under `pairs`, for one, two kept dice never add up to 7 (they would be removed).
    pub fn can_leave(&self, dice: u8) -> [[bool; SCORES]; 7] {
        let mut can = [[false; SCORES]; 7];
        for &(id, _) in &self.ways[usize::from(dice)] {
            for k in &self.sets[usize::from(id)] {
                can[usize::from(k.dice)][usize::from(k.sum)] = true;
            }
        }
        can
    }

    /// Which states can occur after each roll of a turn of up to `max_rolls` rolls (index 0 is
    /// roll 1): roll 1 throws the turn's dice, and each later roll throws again the dice some
    /// state of the roll before kept.
    pub fn reachable(&self, max_rolls: u8) -> Vec<[[bool; SCORES]; 7]> {
        let mut stages = vec![self.can_leave(self.dice)];
        for _ in 1..max_rolls {
            let before = stages.last().expect("roll 1 is there");
            let mut next = [[false; SCORES]; 7];
            for dice in 1..=6u8 {
                if before[usize::from(dice)].iter().any(|&b| b) {
                    let can = self.can_leave(dice);
                    for (row, add) in next.iter_mut().zip(&can) {
                        for (cell, &b) in row.iter_mut().zip(add) {
                            *cell |= b;
                        }
                    }
                }
            }
            stages.push(next);
        }
        stages
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn under_pairs_an_even_number_of_dice_is_kept_and_never_two_adding_up_to_seven() {
        let pairs = RollOutcomes::new(Removal::Pairs).reachable(3);
        for stage in &pairs {
            // Pairs go two dice at a time from six: 6, 4, 2 or 0 dice stay.
            for dice in [1, 3, 5] {
                assert!(stage[dice].iter().all(|&b| !b), "{dice} dice kept");
            }
            assert!(!stage[2][7], "a 1-6, 2-5 or 3-4 would have been removed");
            assert!(stage[2][6] && stage[2][8] && stage[2][2] && stage[2][12]);
            assert!(stage[4][7], "1, 1, 1, 4 stays");
            assert!(!stage[6][5] && stage[6][6] && stage[6][36]);
        }
        // Under subsets odd counts can stay too (a 1 beside 1-6 and 1-1-5), never five (one die
        // cannot make 7) and never a set adding up to 7.
        let subsets = RollOutcomes::new(Removal::Subsets).reachable(2);
        for stage in &subsets {
            assert!(stage[1][1] && stage[3][3] && stage[6][36]);
            assert!(stage[5].iter().all(|&b| !b));
            assert!(!stage[2][7] && !stage[3][7]);
        }
    }

    #[test]
    fn every_house_rule_numbers_its_option_lists_in_one_byte() {
        // The look-up and the flat tables number option lists in one byte.
        let mut most = 0;
        for removal in [Removal::Pairs, Removal::Subsets] {
            for sum in 2..=12 {
                let t = RollOutcomes::enumerate(removal, 6, sum);
                most = most.max(t.sets.len());
            }
        }
        assert!(most <= 256, "{most}");
    }
}
