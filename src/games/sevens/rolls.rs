//! What every roll of one to six dice can leave under a removal rule, enumerated once: the state
//! space every policy, solver and simulation of Sevens shares.

use crate::dice::{face_counts, pow6};

use super::rules::{Kept, Removal, Remover};

/// Highest possible kept sum (six 6's).
pub const MAX_SUM: usize = 36;
/// Number of possible scores, 0 to 36.
pub const SCORES: usize = MAX_SUM + 1;

/// Index of the state after roll `roll` (1-based) with `dice` kept summing to `sum`.
pub fn state_index(roll: u8, dice: u8, sum: u8) -> usize {
    ((roll as usize - 1) * 7 + dice as usize) * SCORES + sum as usize
}

/// What every roll of one to six dice can leave, as a look-up by packed roll and as
/// distributions.
#[derive(Clone, Debug)]
pub struct RollOutcomes {
    /// The removal rule the outcomes were enumerated for.
    pub removal: Removal,
    /// Distinct option lists (best first by the default choice).
    pub sets: Vec<Vec<Kept>>,
    /// For `n` dice: each ordered roll (packed, `0..6^n`) to its option list.
    pub lookup: [Vec<u16>; 7],
    /// For `n` dice: each option list with its number of ordered rolls (out of `6^n`).
    pub ways: [Vec<(u16, u64)>; 7],
}

impl RollOutcomes {
    /// Enumerates every ordered roll of one to six dice.
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
