//! Playing Sevens turns: unit = one turn, played by every policy of the run on the same dice.
//!
//! Each turn draws its rolls up front (six dice per roll allowed, three rolls per 64-bit draw),
//! and a word of coin bits from a separate generator when a policy tosses coins; a roll of `n`
//! dice uses the first `n` of that roll's six. A policy
//! that stops early ignores the rest, so every policy sees exactly the same dice (common random
//! numbers), whichever policies share the run and whatever the seed.

use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::dice::{RollStream, pow6};
use crate::engine::{ChunkRng, Simulation};
use crate::games::seating::pairs;
use crate::merge_fields;
use crate::stats::{Histogram, Metric, Subject, Tally};

use super::exact::{RollTables, SCORES};
use super::flat::FlatPolicy;
use super::policy::{Action, DecisionTable};
use super::rules::MAX_ROLLS;

/// Rolls of six dice, three per draw.
pub type Rolls = RollStream<6, 3>;

/// What each roll of one to six dice leaves, indexed by the first `n` dice of a packed roll of
/// six: the remainder modulo `6^n` is taken by Lemire's fastmod (two multiplications, no
/// division and no branch on `n`, which the hot loop cannot predict). The option lists are
/// numbered in one byte and the six tables sit in one 56 KB array, which nearly fits the
/// first-level cache (see [`super::flat`]).
#[derive(Clone, Debug)]
pub struct Lookup {
    lists: Vec<u8>,
    /// Per dice count: (fastmod constant, 6^n, start of its table in `lists`).
    by_dice: [(u64, u64, usize); 7],
}

impl Lookup {
    /// The lookup of `tables`.
    pub fn new(tables: &RollTables) -> Self {
        assert!(
            tables.sets.len() <= 256,
            "option lists are numbered in one byte"
        );
        let mut lists = Vec::new();
        let mut by_dice = [(0, 1, 0); 7];
        for (n, table) in tables.lookup.iter().enumerate() {
            let d = pow6(n as u32);
            by_dice[n] = ((u64::MAX / d).wrapping_add(1), d, lists.len());
            lists.extend(table.iter().map(|&set| set as u8));
        }
        Self { lists, by_dice }
    }

    /// The option list (an index into [`RollTables::sets`]) of the first `n` dice (1 to 6) of
    /// `packed`, a roll of six.
    #[inline(always)]
    pub fn list(&self, n: u8, packed: u32) -> usize {
        let (magic, modulus, start) = self.by_dice[n as usize];
        let low = magic.wrapping_mul(u64::from(packed));
        let first = ((u128::from(low) * u128::from(modulus)) >> 64) as usize;
        usize::from(self.lists[start + first])
    }
}

/// The generator of a chunk's coin tosses, split off the chunk's generator with one draw: the
/// dice then come out the same whether or not a policy of the run tosses coins, and a run
/// without coins draws none.
pub fn coin_generator(rng: &mut ChunkRng) -> ChunkRng {
    ChunkRng::seed_from_u64(rng.next_u64())
}

/// Most policies one comparison plays on the same dice.
pub const MAX_POLICIES: usize = 16;

/// Single turns under one or more policies.
#[derive(Clone, Debug)]
pub struct Turns {
    lookup: Lookup,
    policies: Vec<DecisionTable>,
    flat: Vec<FlatPolicy>,
    max_rolls: u8,
}

impl Turns {
    /// Turns of `max_rolls` rolls under `policies` (all compiled for the same rules; at most
    /// [`MAX_POLICIES`]).
    pub fn new(tables: &RollTables, policies: Vec<DecisionTable>) -> Self {
        assert!(
            policies.len() <= MAX_POLICIES,
            "at most {MAX_POLICIES} policies"
        );
        let max_rolls = policies.first().map_or(1, DecisionTable::max_rolls);
        Self {
            lookup: Lookup::new(tables),
            flat: policies
                .iter()
                .map(|p| FlatPolicy::new(p, tables))
                .collect(),
            policies,
            max_rolls,
        }
    }
}

/// Plays one turn of `policy` on pre-drawn `rolls` (one packed roll of six dice per roll the
/// policy may use) and `coins`: (score, rolls used).
#[inline(always)]
pub fn play_turn(lookup: &Lookup, policy: &DecisionTable, rolls: &[u32], coins: u64) -> (u8, u8) {
    let mut dice = 6u8;
    for roll in 1..=policy.max_rolls() {
        let step = policy.step(roll, lookup.list(dice, rolls[roll as usize - 1]) as u16);
        // The table stops on the last roll and with no dice left (a sum of 0).
        let again = match step.action {
            Action::Stop => false,
            Action::Roll => true,
            Action::Coin => (coins >> roll) & 1 == 1,
        };
        if !again {
            return (step.sum, roll);
        }
        dice = step.dice;
    }
    unreachable!("the last roll always stops")
}

/// Per policy: counts of each score and of each number of rolls used; per pair of policies
/// (in order (0,1), (0,2), ..., (1,2), ...): counts of each score difference, offset by 36.
#[derive(Clone, Debug)]
pub struct TurnsAcc {
    scores: Vec<[u64; SCORES]>,
    rolls: Vec<[u64; MAX_ROLLS as usize + 1]>,
    diffs: Vec<[u64; 2 * SCORES - 1]>,
}
merge_fields!(TurnsAcc {
    scores,
    rolls,
    diffs
});

impl Simulation for Turns {
    type Acc = TurnsAcc;

    fn units_per_chunk(&self) -> u64 {
        1 << 16
    }

    fn new_acc(&self) -> TurnsAcc {
        TurnsAcc {
            scores: vec![[0; SCORES]; self.policies.len()],
            rolls: vec![[0; MAX_ROLLS as usize + 1]; self.policies.len()],
            diffs: vec![[0; 2 * SCORES - 1]; pairs(self.policies.len()).count()],
        }
    }

    fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut TurnsAcc) {
        let mut stream = Rolls::new();
        let mut coin_rng = coin_generator(rng);
        let tosses = self.policies.iter().any(DecisionTable::uses_coins);
        let mut rolls = [0u32; MAX_ROLLS as usize];
        for _ in 0..units {
            for r in rolls.iter_mut().take(self.max_rolls as usize) {
                *r = stream.next(rng);
            }
            let coins = if tosses { coin_rng.next_u64() } else { 0 };
            if let [policy] = self.flat.as_slice() {
                let (score, used) = policy.play(&self.lookup, &rolls, coins);
                acc.scores[0][score as usize] += 1;
                acc.rolls[0][used as usize] += 1;
                continue;
            }
            let mut scores = [0u8; MAX_POLICIES];
            for (p, policy) in self.flat.iter().enumerate() {
                let (score, used) = policy.play(&self.lookup, &rolls, coins);
                acc.scores[p][score as usize] += 1;
                acc.rolls[p][used as usize] += 1;
                scores[p] = score;
            }
            for (d, (a, b)) in pairs(self.policies.len()).enumerate() {
                acc.diffs[d][SCORES - 1 + scores[a] as usize - scores[b] as usize] += 1;
            }
        }
    }

    fn tally(&self, acc: TurnsAcc) -> Tally {
        let several = self.policies.len() > 1;
        let mut metrics = Vec::new();
        for (p, (scores, rolls)) in acc.scores.iter().zip(&acc.rolls).enumerate() {
            let turns: u64 = scores.iter().sum();
            let policy = Subject::policy_of(several, p);
            let score = Histogram::from_dense(0, scores);
            metrics.push(Metric::mean("turn_score", true, score).about(policy));
            let rolls = Histogram::from_dense(0, rolls);
            metrics.push(Metric::mean("rolls_used", true, rolls).about(policy));
            metrics.push(Metric::proportion("p_turn_zero", scores[0], turns).about(policy));
        }
        for ((a, b), diffs) in pairs(self.policies.len()).zip(&acc.diffs) {
            let diffs = Histogram::from_dense(1 - SCORES as i64, diffs);
            metrics.push(Metric::mean("turn_score", false, diffs).about(Subject::pair(a, b)));
        }
        Tally { metrics }
    }
}
