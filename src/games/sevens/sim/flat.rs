//! The single-turn hot path: a policy flattened into a machine of one-word states, one step a
//! roll, with no branch on any decision.
//!
//! A state is the entry a turn's last roll led to: the kept sum, the dice to roll next, the
//! rolls used, and where the next roll's entries start. A decision to stop leads to a state that
//! rolls no dice ([`Lookup::NONE`]) and whose next entries are itself, so a turn that has
//! stopped goes on "rolling" and stays where it is: turns played side by side need no mask or
//! select to keep their results, and one roll of a turn is a multiplication, a load of its
//! option list and a load of the next state. A policy that tosses a coin reads the roll's state
//! from one of two copies of its table, chosen by the coin. Profiling showed the turn loop
//! waiting on loads, not computing: a table of every ordered roll of six dice with a 16-bit
//! entry is 93 KB, twice the first-level cache, so [`Lookup`] keeps one-byte list numbers (all
//! six dice counts in 56 KB), and a policy's states are a table of a few kilobytes beside it.

use super::super::lookup::Lookup;
use super::super::policy::{Action, DecisionTable};
use super::super::rolls::{RollOutcomes, SCORES};
use super::super::rules::MAX_ROLLS;

/// A state: the kept sum (bits 0-5), the dice the next roll rolls (bits 6-8, [`Lookup::NONE`]
/// once stopped), the rolls used (bits 9-12), and the start of the next roll's states (bits 16-31).
type State = u32;
const SUM_BITS: State = 0x3F;
const DICE_SHIFT: u32 = 6;
const ROLLS_SHIFT: u32 = 9;
const NEXT_SHIFT: u32 = 16;

/// Where the states of a roll whose coin shows 0 start: a copy of the table in which every
/// state that rolls on only if its coin shows 1 is its stopped state instead, so a coin is an
/// offset added to the index, not a decision.
const TAILS: usize = 1 << 12;

/// The size of a policy's table of states: every roll's states (at most 12 rolls of 256 option
/// lists) and the stopped states (37 sums for each roll) fit below [`TAILS`], their copy above,
/// so an index is masked rather than checked.
const STATES: usize = 2 * TAILS;

/// The state a turn of `dice` dice starts in: the first roll's states from 0.
const fn start(dice: u8) -> State {
    (dice as State) << DICE_SHIFT
}

/// A policy's decisions for single turns, as a table of states.
#[derive(Clone, Debug)]
pub struct FlatPolicy {
    max_rolls: u8,
    /// The state every turn starts in.
    start: State,
    coins: bool,
    states: Box<[State; STATES]>,
}

/// Where the stopped state of `sum` after roll `roll` sits, after the `blocks` blocks of rolls'
/// states.
fn stopped(blocks: usize, roll: u8, sum: u8) -> usize {
    blocks + usize::from(roll - 1) * SCORES + usize::from(sum)
}

/// The state of `sum` with `dice` to roll next, after roll `roll`, whose next states start at
/// `next`.
fn state(sum: u8, dice: u8, roll: u8, next: usize) -> State {
    State::from(sum)
        | State::from(dice) << DICE_SHIFT
        | State::from(roll) << ROLLS_SHIFT
        | (next as State) << NEXT_SHIFT
}

impl FlatPolicy {
    /// Packs `policy`, compiled over the option lists of `tables`.
    pub fn new(policy: &DecisionTable, outcomes: &RollOutcomes) -> Self {
        let max_rolls = policy.max_rolls();
        let sets = outcomes.sets.len();
        let blocks = usize::from(max_rolls) * sets;
        assert!(
            max_rolls <= MAX_ROLLS && blocks + usize::from(max_rolls) * SCORES <= TAILS,
            "a policy's states fit its table"
        );
        let mut states = Box::new([0; STATES]);
        for roll in 1..=max_rolls {
            for set in 0..sets {
                let step = policy.step(roll, set as u16);
                let at = usize::from(roll - 1) * sets + set;
                let stop = state(
                    step.sum,
                    Lookup::NONE,
                    roll,
                    stopped(blocks, roll, step.sum),
                );
                let next = usize::from(roll) * sets;
                let (heads, tails) = match step.action {
                    Action::Stop => (stop, stop),
                    Action::Roll => {
                        let on = state(step.sum, step.dice, roll, next);
                        (on, on)
                    }
                    Action::Coin => (state(step.sum, step.dice, roll, next), stop),
                };
                states[at] = heads;
                states[TAILS + at] = tails;
            }
            for sum in 0..SCORES as u8 {
                let at = stopped(blocks, roll, sum);
                states[at] = state(sum, Lookup::NONE, roll, at);
                states[TAILS + at] = states[at];
            }
        }
        Self {
            max_rolls,
            start: start(outcomes.dice),
            coins: policy.uses_coins(),
            states,
        }
    }

    /// The state after rolling `packed` (a roll of six dice, of which the state's dice count)
    /// in `from`, roll `roll` of the turn; with `COINS`, the coin for that roll decides a state
    /// that tosses one.
    #[inline(always)]
    fn step<const COINS: bool>(
        &self,
        lookup: &Lookup,
        from: State,
        packed: u32,
        roll: u8,
        coins: u64,
    ) -> State {
        let list = lookup.list((from >> DICE_SHIFT & 7) as u8, packed);
        let tails = if COINS {
            (!(coins >> roll) as usize & 1) * TAILS
        } else {
            0
        };
        self.states[((from >> NEXT_SHIFT) as usize + list + tails) & (STATES - 1)]
    }

    /// Plays `N` turns side by side on their pre-drawn `rolls` and `coins`: (score, rolls used)
    /// of each. A turn's rolls are one chain of dependent loads (the dice kept decide the next
    /// look-up), which only other turns can overlap; the group stops rolling once every turn
    /// has stopped.
    #[inline(always)]
    fn play_n<const N: usize, const COINS: bool>(
        &self,
        lookup: &Lookup,
        rolls: &[[u32; MAX_ROLLS as usize]; N],
        coins: &[u64; N],
    ) -> [(u8, u8); N] {
        let mut at = [self.start; N];
        // No more than the rolls given (always so: `new` checks), which the compiler can see.
        for roll in 1..=self.max_rolls.min(MAX_ROLLS) {
            for t in 0..N {
                let packed = rolls[t][usize::from(roll - 1)];
                at[t] = self.step::<COINS>(lookup, at[t], packed, roll, coins[t]);
            }
            let rolling = at.iter().fold(State::MAX, |all, &s| all & s) >> DICE_SHIFT & 7;
            if rolling == State::from(Lookup::NONE) {
                break;
            }
        }
        at.map(|s| ((s & SUM_BITS) as u8, (s >> ROLLS_SHIFT & 15) as u8))
    }

    /// Plays one turn on pre-drawn `rolls` (one packed roll of six dice per roll allowed) and
    /// `coins`: (score, rolls used). The same turn as [`super::play::play_turn`] plays.
    #[inline(always)]
    pub fn play(&self, lookup: &Lookup, rolls: &[u32], coins: u64) -> (u8, u8) {
        let mut turn = [[0u32; MAX_ROLLS as usize]; 1];
        turn[0][..rolls.len()].copy_from_slice(rolls);
        let [result] = if self.coins {
            self.play_n::<1, true>(lookup, &turn, &[coins])
        } else {
            self.play_n::<1, false>(lookup, &turn, &[coins])
        };
        result
    }
}

/// Turns played together by [`FlatPolicy::play_group`].
pub const GROUP: usize = 4;

/// The rolls of a group of turns: one packed roll of six dice per roll allowed, per turn.
pub type GroupRolls = [[u32; MAX_ROLLS as usize]; GROUP];

impl FlatPolicy {
    /// Plays the [`GROUP`] turns of `rolls` and `coins` together: (score, rolls used) of each,
    /// as [`FlatPolicy::play`] gives them. Groups of 8 were slower than 4 (registers run out).
    #[inline(always)]
    pub fn play_group(
        &self,
        lookup: &Lookup,
        rolls: &GroupRolls,
        coins: &[u64; GROUP],
    ) -> [(u8, u8); GROUP] {
        if self.coins {
            self.play_n::<GROUP, true>(lookup, rolls, coins)
        } else {
            self.play_n::<GROUP, false>(lookup, rolls, coins)
        }
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
        // Counted here under masks (scores are below 64, rolls below 16), so no count is a
        // bounds check, and added to the caller's counts once.
        let (mut by_score, mut by_rolls) = ([0u64; 64], [0u64; 16]);
        let mut count = |(score, roll): (u8, u8)| {
            by_score[usize::from(score) & 63] += 1;
            by_rolls[usize::from(roll) & 15] += 1;
        };
        let mut rolls = [[0u32; MAX_ROLLS as usize]; GROUP];
        let mut coins = [0u64; GROUP];
        for _ in 0..units / GROUP as u64 {
            for (turn, c) in rolls.iter_mut().zip(coins.iter_mut()) {
                draw(&mut turn[..max_rolls], c);
            }
            for played in self.play_group(lookup, &rolls, &coins) {
                count(played);
            }
        }
        let (mut turn, mut c) = ([0u32; MAX_ROLLS as usize], 0u64);
        for _ in 0..units % GROUP as u64 {
            draw(&mut turn[..max_rolls], &mut c);
            count(self.play(lookup, &turn[..max_rolls], c));
        }
        for (total, n) in scores.iter_mut().zip(by_score) {
            *total += n;
        }
        for (total, n) in used.iter_mut().zip(by_rolls) {
            *total += n;
        }
    }
}

#[cfg(test)]
mod tests {
    use rand_xoshiro::rand_core::Rng;

    use super::super::super::rules::{Removal, Rules};
    use super::super::super::solve::solutions::Solutions;
    use super::super::super::spec::PolicySpec;
    use super::super::play::{Rolls, play_turn};
    use super::*;
    use crate::engine::chunk_rng;

    #[test]
    fn turns_played_in_groups_count_as_turns_played_one_by_one() {
        let solutions = Solutions::new(Rules::default(), 2);
        let lookup = Lookup::new(&solutions.outcomes);
        for spec in ["optimal", "rolls:3", "threshold:15,10", "random", "leader"] {
            let policy = spec
                .parse::<PolicySpec>()
                .unwrap()
                .compile(&solutions)
                .unwrap();
            let flat = FlatPolicy::new(policy.turn(), &solutions.outcomes);
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
            let solutions = Solutions::new(
                Rules {
                    removal,
                    max_rolls: 4,
                    ..Rules::default()
                },
                2,
            );
            let lookup = Lookup::new(&solutions.outcomes);
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
                    .compile(&solutions)
                    .unwrap();
                let table = policy.turn();
                let flat = FlatPolicy::new(table, &solutions.outcomes);
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
