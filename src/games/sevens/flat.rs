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
use super::rules::MAX_ROLLS;

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

/// Turns played together by [`FlatPolicy::play_group`].
pub const GROUP: usize = 4;

/// The rolls of a group of turns: one packed roll of six dice per roll allowed, per turn.
pub type GroupRolls = [[u32; MAX_ROLLS as usize]; GROUP];

impl FlatPolicy {
    /// Plays the [`GROUP`] turns of `rolls` and `coins` together: (score, rolls used) of each,
    /// as [`FlatPolicy::play`] gives them.
    ///
    /// A turn's rolls are one chain of dependent loads (the dice kept decide the next look-up),
    /// and a policy's stop decisions are branches the dice decide. So every roll is looked up
    /// for each turn of the group, and a turn that has stopped keeps its result by a select on
    /// masks, not a jump; the group stops rolling once all its turns have stopped. Measured
    /// against the four turns stepped side by side with a branch a turn that this replaced:
    /// 1.2 to 1.9 times as fast for every built-in policy (`rolls:1` most, `rolls:3` least);
    /// groups of 8 were slower than 4 (registers run out), and rolling every group to the last
    /// roll slower for the policies that mostly stop early.
    #[inline(always)]
    pub fn play_group(
        &self,
        lookup: &Lookup,
        rolls: &GroupRolls,
        coins: &[u64; GROUP],
    ) -> [(u8, u8); GROUP] {
        let mut dice = [6u16; GROUP];
        // All ones while the turn rolls on, zero once it has stopped: selects by masks, so the
        // compiler has no branch to make of them.
        let mut live = [u16::MAX; GROUP];
        let mut result = [0u16; GROUP];
        let mut rolled = [0u16; GROUP];
        let mut block = 0;
        for roll in 1..=self.max_rolls {
            let mut any = 0;
            for t in 0..GROUP {
                let entry = self.entries
                    [block + lookup.list(dice[t] as u8, rolls[t][usize::from(roll) - 1])];
                let action = entry >> ACTION_SHIFT;
                // Action 1 rolls on; action 2 rolls on when the coin for this roll shows 1.
                let coin = (coins[t] >> roll) as u16;
                let again = 0u16.wrapping_sub((action | (action >> 1 & coin)) & 1);
                let l = live[t];
                result[t] = entry & l | result[t] & !l;
                rolled[t] = u16::from(roll) & l | rolled[t] & !l;
                let moves = l & again;
                dice[t] = (entry >> DICE_SHIFT & 7) & moves | dice[t] & !moves;
                live[t] = moves;
                any |= moves;
            }
            if any == 0 {
                break;
            }
            block += self.sets;
        }
        std::array::from_fn(|t| ((result[t] & SUM_BITS) as u8, rolled[t] as u8))
    }

    /// Plays `units` turns, each on the rolls and coins `draw` gives it (called in turn order,
    /// so a turn gets the dice [`FlatPolicy::play`] would give it), counting each turn's score
    /// in `scores` and its rolls used in `used`: the same counts as playing the turns one by one,
    /// [`GROUP`] at a time by [`FlatPolicy::play_group`].
    pub fn play_turns(
        &self,
        lookup: &Lookup,
        units: u64,
        mut draw: impl FnMut(&mut [u32], &mut u64),
        scores: &mut [u64],
        used: &mut [u64],
    ) {
        let max_rolls = usize::from(self.max_rolls);
        let mut rolls = [[0u32; MAX_ROLLS as usize]; GROUP];
        let mut coins = [0u64; GROUP];
        for _ in 0..units / GROUP as u64 {
            for (turn, c) in rolls.iter_mut().zip(coins.iter_mut()) {
                draw(&mut turn[..max_rolls], c);
            }
            for (score, roll) in self.play_group(lookup, &rolls, &coins) {
                scores[usize::from(score)] += 1;
                used[usize::from(roll)] += 1;
            }
        }
        let (mut turn, mut c) = ([0u32; MAX_ROLLS as usize], 0u64);
        for _ in 0..units % GROUP as u64 {
            draw(&mut turn[..max_rolls], &mut c);
            let (score, roll) = self.play(lookup, &turn[..max_rolls], c);
            scores[usize::from(score)] += 1;
            used[usize::from(roll)] += 1;
        }
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
    fn turns_played_in_groups_count_as_turns_played_one_by_one() {
        let solver = Solver::new(Rules::default(), 2);
        let lookup = Lookup::new(&solver.outcomes);
        for spec in ["optimal", "rolls:3", "threshold:15,10", "random", "leader"] {
            let policy = spec
                .parse::<PolicySpec>()
                .unwrap()
                .compile(&solver)
                .unwrap();
            let flat = FlatPolicy::new(policy.turn(), &solver.outcomes);
            // Fewer turns than a group, exactly as many, one more, and many.
            for units in [0u64, 1, 3, 4, 5, 10_007] {
                let mut rng = chunk_rng(9, units);
                let mut stream = Rolls::new();
                let mut turns = Vec::new();
                for _ in 0..units {
                    let rolls: Vec<u32> = (0..3).map(|_| stream.next(&mut rng)).collect();
                    turns.push((rolls, rng.next_u64()));
                }
                let (mut scores, mut used) = ([0u64; 37], [0u64; 4]);
                for (rolls, coins) in &turns {
                    let (score, r) = flat.play(&lookup, rolls, *coins);
                    scores[score as usize] += 1;
                    used[r as usize] += 1;
                }
                let (mut scores2, mut used2) = ([0u64; 37], [0u64; 4]);
                let mut next = turns.iter();
                flat.play_turns(
                    &lookup,
                    units,
                    |rolls, coins| {
                        let (r, c) = next.next().expect("no more draws than turns");
                        rolls.copy_from_slice(r);
                        *coins = *c;
                    },
                    &mut scores2,
                    &mut used2,
                );
                assert!(next.next().is_none(), "every turn drawn");
                assert_eq!((scores, used), (scores2, used2), "{spec}, {units} turns");
            }
        }
    }

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
