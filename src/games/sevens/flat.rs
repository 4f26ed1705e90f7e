//! The single-turn hot path: a policy flattened into one table per roll, indexed directly by the
//! dice rolled.
//!
//! Profiling showed the turn loop waiting on loads, not computing: a table of every ordered roll
//! of six dice with a 16-bit entry is 93 KB, twice the first-level cache. Both removal rules
//! leave at most 166 distinct option lists, so [`Lookup`] keeps one-byte list numbers (all six
//! dice counts in 56 KB), and each policy packs what it does with each list after each roll into
//! one 16-bit entry of a table of a few hundred bytes: two loads a roll, both nearly always from
//! the first-level cache.

use super::play::Lookup;
use super::policy::{Action, DecisionTable};
use super::rolls::RollOutcomes;

/// An entry: the kept sum (bits 0-5), the dice kept (bits 6-8), and the decision (bits 9-10:
/// 0 stop, 1 roll, 2 toss a coin).
const SUM_BITS: u16 = 0x3F;
const DICE_SHIFT: u16 = 6;
const ACTION_SHIFT: u16 = 9;

/// A policy's decisions for single turns: one packed entry per roll and option list.
#[derive(Clone, Debug)]
pub struct FlatPolicy {
    max_rolls: u8,
    sets: usize,
    entries: Vec<u16>,
}

impl FlatPolicy {
    /// Packs `policy`, compiled over the option lists of `tables`.
    pub fn new(policy: &DecisionTable, outcomes: &RollOutcomes) -> Self {
        let max_rolls = policy.max_rolls();
        let sets = outcomes.sets.len();
        let mut entries = Vec::with_capacity(max_rolls as usize * sets);
        for roll in 1..=max_rolls {
            for set in 0..sets {
                let step = policy.step(roll, set as u16);
                let action = match step.action {
                    Action::Stop => 0,
                    Action::Roll => 1,
                    Action::Coin => 2,
                };
                entries.push(
                    u16::from(step.sum)
                        | u16::from(step.dice) << DICE_SHIFT
                        | action << ACTION_SHIFT,
                );
            }
        }
        Self {
            max_rolls,
            sets,
            entries,
        }
    }

    /// Plays one turn on pre-drawn `rolls` (one packed roll of six dice per roll allowed) and
    /// `coins`: (score, rolls used). The same turn as [`super::play::play_turn`] plays.
    #[inline(always)]
    pub fn play(&self, lookup: &Lookup, rolls: &[u32], coins: u64) -> (u8, u8) {
        let mut dice = 6u8;
        let mut block = 0;
        for roll in 1..=self.max_rolls {
            let entry = self.entries[block + lookup.list(dice, rolls[roll as usize - 1])];
            let action = entry >> ACTION_SHIFT;
            // The table stops on the last roll and with no dice left (a sum of 0).
            let again = action == 1 || (action == 2 && (coins >> roll) & 1 == 1);
            if !again {
                return ((entry & SUM_BITS) as u8, roll);
            }
            dice = (entry >> DICE_SHIFT & 7) as u8;
            block += self.sets;
        }
        unreachable!("the last roll always stops")
    }
}

#[cfg(test)]
mod tests {
    use rand_xoshiro::rand_core::Rng;

    use super::super::play::{Rolls, play_turn};
    use super::super::rules::{Removal, Rules};
    use super::super::solver::Solver;
    use super::super::spec::PolicySpec;
    use super::*;
    use crate::engine::chunk_rng;

    #[test]
    fn flat_tables_play_every_turn_as_the_decision_tables_do() {
        for removal in [Removal::Pairs, Removal::Subsets] {
            let solver = Solver::new(
                Rules {
                    removal,
                    max_rolls: 4,
                    ..Rules::default()
                },
                2,
            );
            let lookup = Lookup::new(&solver.outcomes);
            for spec in [
                "optimal",
                "rolls:4",
                "threshold:15,10,8",
                "random",
                "leader",
            ] {
                let policy = spec
                    .parse::<PolicySpec>()
                    .unwrap()
                    .compile(&solver)
                    .unwrap();
                let table = policy.turn();
                let flat = FlatPolicy::new(table, &solver.outcomes);
                let mut rng = chunk_rng(5, 0);
                let mut stream = Rolls::new();
                for _ in 0..20_000 {
                    let rolls: Vec<u32> = (0..4).map(|_| stream.next(&mut rng)).collect();
                    let coins = rng.next_u64();
                    assert_eq!(
                        flat.play(&lookup, &rolls, coins),
                        play_turn(&lookup, table, &rolls, coins),
                        "{removal:?} {spec}"
                    );
                }
            }
        }
    }
}
