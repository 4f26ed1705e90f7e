//! The `learned` player: a value of the sheet learned by self-play, and the player that divides
//! each roll greedily on it.
//!
//! Solitaire Dice has about 2 x 10^15 sheets, far too many to solve; `best`'s hand-built model
//! of the rest of the game reaches +221.7 a game. Here the value of an *afterstate* (the sheet
//! just after a division, before the next roll) is learned instead, as temporal-difference
//! learning of n-tuple networks learned 2048 (Szubert and Jaśkowski 2014): the value is a sum
//! of table entries, one per tuple, each indexed by a few features of the sheet, and after each
//! roll of a self-played game the entries of the previous afterstate move towards what the
//! game then showed (the score the division added plus the value of the new afterstate). A
//! game is a few hundred table reads a roll, so millions of games train in minutes on one core.
//!
//! The tuples ([`features`]) see what decides a row's final score: its marks, how long the game
//! has left (the throwaway marks of the chosen faces, sorted), which faces are thrown away
//! (they decide which sums the forced set-aside leaves), and which other rows compete for the
//! same marks:
//!
//! - per row: its marks (0 to 10; past ten nothing changes) and the sorted throwaway clock;
//! - per row: its marks, the set of chosen faces and the largest throwaway count;
//! - per pair of rows: both rows' marks and the largest throwaway count;
//! - once: how many rows sit at one to four marks (each -200 if it stays there), how many at
//!   five to nine, and the sorted clock.
//!
//! The value predicts what is still to come: the final score less the sheet's score now, plus
//! [`ValueNet::bonus`] if the game reaches the text's winning 500 (so the player is asked to win
//! as well as to score). The learned player takes the division with the most score added now
//! plus value after ([`Learned`]). Training is `train.rs`; the weights ship in
//! `value.bin` beside this file (not in `data/`: it is no file to copy and edit), written by
//! [`ValueNet::to_bytes`].

use std::sync::LazyLock;

use crate::error::{Error, Result};
use crate::games::policy::Value;

use super::choice::Choice;
use super::lookahead::ROLLS;
use super::policy::{DivideRoll, View};
use super::roll::Roll;
use super::rules::{MARK_CAP, SUMS, WIN_SCORE};
use super::sheet::Sheet;

pub mod train;

/// Marks a row's features tell apart: 0 to [`MARK_CAP`].
const MARKS: usize = MARK_CAP as usize + 1;
/// Throwaway counts a feature tells apart: 0 to 7 (the eighth ends the game).
const COUNTS: usize = 8;
/// Sorted clocks: counts c1 >= c2 >= c3 of the (at most three) chosen faces, each 0 to 7.
const CLOCKS: usize = 120;
/// Sets of at most three chosen faces among six: 1 + 6 + 15 + 20.
const FACE_SETS: usize = 42;
/// Pairs of rows.
const PAIRS: usize = SUMS * (SUMS - 1) / 2;

const ROW_CLOCK: usize = 0;
const ROW_FACES: usize = ROW_CLOCK + SUMS * MARKS * CLOCKS;
const ROW_PAIRS: usize = ROW_FACES + SUMS * MARKS * FACE_SETS * COUNTS;
const BANDS: usize = ROW_PAIRS + PAIRS * MARKS * MARKS * COUNTS;
/// How many weights a value has.
pub const WEIGHTS: usize = BANDS + (SUMS + 1) * (SUMS + 1) * CLOCKS;
/// How many table entries one sheet reads.
const FEATURES: usize = SUMS + SUMS + PAIRS + 1;

/// The dense index of a sorted clock (`c1 * 64 + c2 * 8 + c3`), and of a set of chosen faces
/// (a six-bit mask); `u8::MAX` where none can occur.
struct Indexes {
    clock: [u8; 512],
    faces: [u8; 64],
}

static INDEXES: LazyLock<Indexes> = LazyLock::new(|| {
    let mut clock = [u8::MAX; 512];
    let mut next = 0u8;
    for c1 in 0..COUNTS {
        for c2 in 0..=c1 {
            for c3 in 0..=c2 {
                clock[c1 * 64 + c2 * 8 + c3] = next;
                next += 1;
            }
        }
    }
    debug_assert_eq!(usize::from(next), CLOCKS);
    let mut faces = [u8::MAX; 64];
    let mut next = 0u8;
    for (mask, index) in faces.iter_mut().enumerate() {
        if mask.count_ones() <= 3 {
            *index = next;
            next += 1;
        }
    }
    debug_assert_eq!(usize::from(next), FACE_SETS);
    Indexes { clock, faces }
});

/// The table entries `sheet` reads, one per tuple.
fn features(sheet: &Sheet) -> [u32; FEATURES] {
    let indexes = &*INDEXES;
    let throwaways = sheet.throwaway_rows();
    let mut counts = [0usize; 3];
    let mut mask = 0usize;
    let mut chosen = 0;
    for (face, &count) in throwaways.iter().enumerate() {
        if count > 0 && chosen < 3 {
            mask |= 1 << face;
            counts[chosen] = usize::from(count).min(COUNTS - 1);
            chosen += 1;
        }
    }
    counts.sort_unstable_by(|a, b| b.cmp(a));
    let clock = usize::from(indexes.clock[counts[0] * 64 + counts[1] * 8 + counts[2]]);
    let faces = usize::from(indexes.faces[mask]);
    let longest = counts[0];
    let marks = sheet.mark_rows().map(|m| usize::from(m.min(MARK_CAP)));
    let mut out = [0u32; FEATURES];
    let (mut low, mut middle) = (0, 0);
    for (row, &m) in marks.iter().enumerate() {
        let at = row * MARKS + m;
        out[2 * row] = (ROW_CLOCK + at * CLOCKS + clock) as u32;
        out[2 * row + 1] = (ROW_FACES + (at * FACE_SETS + faces) * COUNTS + longest) as u32;
        low += usize::from((1..=4).contains(&m));
        middle += usize::from((5..=9).contains(&m));
    }
    let mut i = 2 * SUMS;
    let mut pair = 0;
    for a in 0..SUMS {
        for b in a + 1..SUMS {
            let at = (pair * MARKS + marks[a]) * MARKS + marks[b];
            out[i] = (ROW_PAIRS + at * COUNTS + longest) as u32;
            i += 1;
            pair += 1;
        }
    }
    out[i] = (BANDS + (low * (SUMS + 1) + middle) * CLOCKS + clock) as u32;
    out
}

/// A learned value of afterstates: the table weights and the bonus they were learned for.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueNet {
    weights: Vec<f32>,
    bonus: f32,
}

/// The first bytes of a value file: what it is and its layout's version.
const MAGIC: &[u8; 8] = b"dlsdval2";
/// A file's weights are whole numbers of this fraction of a point (a weight's range is then
/// +-1,024 points; the learned ones stay within +-120).
const STEPS: f32 = 32.0;

impl ValueNet {
    /// A value that knows nothing (every weight 0: the greedy player), asked to reach 500 by
    /// `bonus` points.
    pub fn zero(bonus: f32) -> Self {
        Self {
            weights: vec![0.0; WEIGHTS],
            bonus,
        }
    }

    /// The points a game reaching the text's winning 500 is worth beyond its score.
    pub fn bonus(&self) -> f32 {
        self.bonus
    }

    /// What is still to come after the afterstate `sheet`: its final score less its score now,
    /// plus the bonus where it reaches 500, as learned; 0 where the game is over.
    #[inline]
    pub fn value(&self, sheet: &Sheet) -> f32 {
        if sheet.is_over() {
            return 0.0;
        }
        features(sheet)
            .iter()
            .map(|&i| self.weights[i as usize])
            .sum()
    }

    /// What the division is worth from the sheet before it: the score it adds now, the bonus if
    /// it ends the game at 500 or more, and the value after it.
    #[inline]
    pub fn division(&self, before: &Sheet, choice: Choice) -> f32 {
        let mut after = *before;
        after.apply(choice);
        let now = before.score_change(choice) as f32;
        if after.is_over() {
            let won = after.score() >= WIN_SCORE;
            return now + if won { self.bonus } else { 0.0 };
        }
        now + self.value(&after)
    }

    /// What the afterstate `after` is worth looking one roll ahead: the average, over the 252
    /// distinct rolls weighted by how often each comes, of the best division's worth
    /// ([`ValueNet::division`]); 0 where the game is over. Exact (no sampling), so the same
    /// number on every machine: the sum runs in one fixed order.
    pub fn expected(&self, after: &Sheet) -> f64 {
        if after.is_over() {
            return 0.0;
        }
        ROLLS
            .iter()
            .zip(Roll::distinct())
            .map(|(entry, roll)| {
                let best = after
                    .legal_choices(&roll)
                    .iter()
                    .map(|&c| self.division(after, c))
                    .fold(f32::NEG_INFINITY, f32::max);
                entry.weight * f64::from(best)
            })
            .sum()
    }

    /// What the division is worth one roll deeper than [`ValueNet::division`]: the score it
    /// adds now, the bonus if it ends the game at 500 or more, and [`ValueNet::expected`] of
    /// the sheet after it. A few hundred times the work of `division` (about half a
    /// millisecond), for the coach and the `learned-lookahead` player.
    pub fn planned(&self, before: &Sheet, choice: Choice) -> f64 {
        let mut after = *before;
        after.apply(choice);
        let now = f64::from(before.score_change(choice));
        if after.is_over() {
            let won = after.score() >= WIN_SCORE;
            return now + if won { f64::from(self.bonus) } else { 0.0 };
        }
        now + self.expected(&after)
    }

    /// Moves the entries `sheet` reads by `step` each.
    fn nudge(&mut self, sheet: &Sheet, step: f32) {
        for i in features(sheet) {
            self.weights[i as usize] += step;
        }
    }

    /// The value as a file: [`MAGIC`], the weight count and the bonus (little-endian), then
    /// every weight in [`STEPS`]ths of a point as a 16-bit whole number (rounded, and held
    /// within its range), so the same training writes the same bytes on every machine: a
    /// quarter of the `f32`s' size, and a sheet reads 78 weights, so the rounding moves its
    /// value by a few hundredths of a point. The whole numbers are zigzagged (0, -1, 1, -2 to
    /// 0, 1, 2, 3: small weights of either sign have a zero high byte) and written as every low
    /// byte, then every high byte: 88,918 bytes gzipped where the plain little-endian words
    /// took 103,766, which the web app's first visit, held to 1 MB, needs.
    pub fn to_bytes(&self) -> Vec<u8> {
        let zigzag: Vec<u16> = self
            .weights
            .iter()
            .map(|w| {
                let q = (w * STEPS)
                    .round()
                    .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
                ((q << 1) ^ (q >> 15)) as u16
            })
            .collect();
        let mut out = Vec::with_capacity(16 + 2 * zigzag.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(self.weights.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.bonus.to_le_bytes());
        out.extend(zigzag.iter().map(|&z| z as u8));
        out.extend(zigzag.iter().map(|&z| (z >> 8) as u8));
        out
    }

    /// Reads a value file written by [`ValueNet::to_bytes`]; refused, naming `what`, if it is
    /// not one of this layout.
    pub fn from_bytes(what: &str, bytes: &[u8]) -> Result<Self> {
        let refuse = |why: &str| Error::input(format!("{what}: {why}"));
        if bytes.len() < 16 || &bytes[..8] != MAGIC {
            return Err(refuse("not a Solitaire Dice value file (dlsdval2)"));
        }
        let word = |at: usize| <[u8; 4]>::try_from(&bytes[at..at + 4]).expect("four bytes");
        let count = u32::from_le_bytes(word(8)) as usize;
        if count != WEIGHTS || bytes.len() != 16 + 2 * WEIGHTS {
            return Err(refuse(&format!(
                "{count} weights in {} bytes, where this layout has {WEIGHTS}",
                bytes.len()
            )));
        }
        let bonus = f32::from_le_bytes(word(12));
        if !bonus.is_finite() {
            return Err(refuse("its bonus is not a finite number"));
        }
        let (low, high) = bytes[16..].split_at(WEIGHTS);
        let weights = low
            .iter()
            .zip(high)
            .map(|(&l, &h)| {
                let z = u16::from_le_bytes([l, h]);
                let q = ((z >> 1) as i16) ^ -((z & 1) as i16);
                f32::from(q) / STEPS
            })
            .collect();
        Ok(Self { weights, bonus })
    }

    /// The shipped value (`value.bin` beside this file), read once.
    pub fn shipped() -> Result<&'static ValueNet> {
        static SHIPPED: LazyLock<Result<ValueNet>> = LazyLock::new(|| {
            ValueNet::from_bytes("src/games/solitaire_dice/learned/value.bin", SHIPPED_BYTES)
        });
        SHIPPED.as_ref().map_err(|e| Error::input(e.to_string()))
    }
}

/// The shipped value file's bytes, built into the library (the web app's module too: 89 KB
/// of its first visit, gzipped, docs/web.md).
pub(crate) const SHIPPED_BYTES: &[u8] = include_bytes!("value.bin");

/// The learned player's value of a division: [`ValueNet::division`].
#[derive(Clone, Copy, Debug)]
pub struct Learned<'a> {
    net: &'a ValueNet,
}

impl<'a> Learned<'a> {
    /// The player on `net`.
    pub fn new(net: &'a ValueNet) -> Self {
        Self { net }
    }
}

impl Value<DivideRoll> for Learned<'_> {
    #[inline]
    fn value(&self, view: &View, choice: &Choice) -> f64 {
        f64::from(self.net.division(view.sheet, *choice))
    }
}

/// The `learned-lookahead` player's value of a division: [`ValueNet::planned`], one roll of
/// expectimax over the value.
#[derive(Clone, Copy, Debug)]
pub struct Planned<'a> {
    net: &'a ValueNet,
}

impl<'a> Planned<'a> {
    /// The player on `net`.
    pub fn new(net: &'a ValueNet) -> Self {
        Self { net }
    }
}

impl Value<DivideRoll> for Planned<'_> {
    fn value(&self, view: &View, choice: &Choice) -> f64 {
        self.net.planned(view.sheet, *choice)
    }
}

#[cfg(test)]
#[path = "learned_tests.rs"]
mod tests;
