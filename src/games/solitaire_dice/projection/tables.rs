//! The parameter-free tables every projection shares: the expected rolls left from each
//! throwaway state, the chance a roll can mark each sum once and twice under each set of
//! chosen faces, and each row's expected score when its marks to come are Poisson. They depend
//! on the rules alone, so they are built once, on the first projection, whatever the
//! parameters; the evaluation that reads them is `mod.rs`.

use std::sync::LazyLock;

use crate::dice::pow6;
use crate::games::solitaire_dice::roll::Roll;
use crate::games::solitaire_dice::rules::{
    END_MARKS, MARK_CAP, MAX_THROWAWAY_FACES, MIN_SUM, SUMS, sum_score,
};
use crate::games::solitaire_dice::sheet::Sheet;

/// Ordered rolls of five dice.
const ORDERED: usize = pow6(5) as usize;

/// Throwaway states by their sorted counts: `a * 64 + b * 8 + c` for `a >= b >= c`, 0 to 7 each.
pub(super) const STATES: usize = 512;

/// Steps of the projected mean marks per unit in the table of expected row scores.
pub(super) const LAMBDA_STEPS: f64 = 16.0;

/// The largest projected mean the table covers; larger means read as this (a row with that many
/// marks to come is all but sure to reach ten).
const LAMBDA_MAX: f64 = 24.0;

/// Points of the table per row and mark count.
pub(super) const GRID: usize = (LAMBDA_MAX * LAMBDA_STEPS) as usize + 2;

/// Mark counts the table of row scores covers: 0 to ten (more score as ten).
pub(super) const SLOTS: usize = MARK_CAP as usize + 1;

/// The index of a throwaway state: the chosen faces' counts sorted from most to fewest.
#[inline]
pub(super) fn state_index(sorted: [u8; 3]) -> usize {
    usize::from(sorted[0]) * 64 + usize::from(sorted[1]) * 8 + usize::from(sorted[2])
}

/// The counts of the chosen faces (at most three), sorted from most to fewest, zeros after.
#[inline]
pub(super) fn sorted_counts(throwaways: &[u8; 6]) -> [u8; 3] {
    let mut out = [0u8; 3];
    for &t in throwaways {
        if t > out[2] {
            out[2] = t;
            if out[2] > out[1] {
                out.swap(1, 2);
                if out[1] > out[0] {
                    out.swap(0, 1);
                }
            }
        }
    }
    out
}

/// Chances of a roll's pattern on `n` chosen faces (labelled 1 to `n`): `[mask][other]`, where
/// `mask` says which of them it shows and `other` whether it shows any face not chosen.
fn patterns(n: usize) -> [[f64; 2]; 8] {
    let mut out = [[0.0; 2]; 8];
    for packed in 0..ORDERED as u64 {
        let faces = Roll::from_packed(packed).faces();
        let mut mask = 0usize;
        let mut other = 0usize;
        for f in faces {
            let f = usize::from(f);
            if f <= n {
                mask |= 1 << (f - 1);
            } else {
                other = 1;
            }
        }
        out[mask][other] += 1.0 / ORDERED as f64;
    }
    out
}

/// Expected rolls still to come (the ending one included) from every throwaway state, when each
/// throwaway goes where it keeps the game going longest: the tables' `rolls_left`.
fn rolls_left() -> [f64; STATES] {
    let pattern = [patterns(0), patterns(1), patterns(2), patterns(3)];
    let mut memo = [f64::NAN; STATES];
    fn solve(counts: [u8; 3], pattern: &[[[f64; 2]; 8]; 4], memo: &mut [f64; STATES]) -> f64 {
        let i = state_index(counts);
        if !memo[i].is_nan() {
            return memo[i];
        }
        let n = counts.iter().filter(|&&c| c > 0).count();
        let after = |k: usize, memo: &mut [f64; STATES]| -> f64 {
            let mut next = counts;
            next[k] += 1;
            if next[k] >= END_MARKS {
                return 0.0;
            }
            next.sort_unstable_by(|a, b| b.cmp(a));
            solve(next, pattern, memo)
        };
        let mut total = 1.0;
        let mut stay = 0.0;
        for (mask, outcomes) in pattern[n].iter().enumerate().take(1 << n) {
            for (other, &p) in outcomes.iter().enumerate() {
                if p == 0.0 {
                    continue;
                }
                if n == usize::from(MAX_THROWAWAY_FACES) && mask == 0 {
                    // A free ride: no throwaway mark, same state.
                    stay += p;
                    continue;
                }
                let mut best = f64::NEG_INFINITY;
                for k in 0..n {
                    if mask & (1 << k) != 0 {
                        best = best.max(after(k, memo));
                    }
                }
                if n < usize::from(MAX_THROWAWAY_FACES) && other == 1 {
                    // A new face, its first mark.
                    best = best.max(after(n, memo));
                }
                total += p * best;
            }
        }
        let r = total / (1.0 - stay);
        memo[i] = r;
        r
    }
    for a in 0..END_MARKS {
        for b in 0..=a {
            for c in 0..=b {
                solve([a, b, c], &pattern, &mut memo);
            }
        }
    }
    memo
}

/// Per set of chosen faces (a 6-bit mask): the chance a roll can mark each sum once and twice.
/// With fewer than three faces chosen any die may be set aside, so those sets share the empty
/// sheet's chances.
fn availability() -> [[[f64; SUMS]; 2]; 64] {
    let of = |sheet: &Sheet| {
        let mut out = [[0.0; SUMS]; 2];
        for packed in 0..ORDERED as u64 {
            let roll = Roll::from_packed(packed);
            let mut most = [0u8; SUMS];
            for c in sheet.legal_choices(&roll).iter() {
                let [a, b] = c.sums().map(|s| usize::from(s - MIN_SUM));
                if a == b {
                    most[a] = 2;
                } else {
                    most[a] = most[a].max(1);
                    most[b] = most[b].max(1);
                }
            }
            for (row, &m) in most.iter().enumerate() {
                if m >= 1 {
                    out[0][row] += 1.0 / ORDERED as f64;
                }
                if m == 2 {
                    out[1][row] += 1.0 / ORDERED as f64;
                }
            }
        }
        out
    };
    let open = of(&Sheet::new());
    let mut table = [open; 64];
    for (mask, slot) in table.iter_mut().enumerate() {
        if mask.count_ones() == u32::from(MAX_THROWAWAY_FACES) && mask < 64 {
            let faces: Vec<(u8, u8)> = (0..6u8)
                .filter(|f| mask & (1 << f) != 0)
                .map(|f| (f + 1, 1))
                .collect();
            *slot = of(&Sheet::from_marks(&[], &faces).expect("three faces"));
        }
    }
    table
}

/// The expected score of each row from each mark count when its marks still to come are Poisson
/// with mean `lambda`, on a grid of `lambda`: `[row][marks][step]`.
fn row_scores() -> Vec<[[f64; GRID]; SLOTS]> {
    let mut out = vec![[[0.0; GRID]; SLOTS]; SUMS];
    for (row, table) in out.iter_mut().enumerate() {
        let sum = MIN_SUM + row as u8;
        for (m, points) in table.iter_mut().enumerate() {
            for (step, slot) in points.iter_mut().enumerate() {
                if m == 0 {
                    continue;
                }
                let lambda = step as f64 / LAMBDA_STEPS;
                let mut p = (-lambda).exp();
                let mut left = 1.0;
                let mut v = 0.0;
                for k in 0..SLOTS - m {
                    v += p * f64::from(sum_score(sum, (m + k) as u8));
                    left -= p;
                    p *= lambda / (k + 1) as f64;
                }
                v += left.max(0.0) * f64::from(sum_score(sum, MARK_CAP));
                *slot = v;
            }
        }
    }
    out
}

/// The parameter-free tables every projection shares.
pub(super) struct Tables {
    pub(super) rolls_left: [f64; STATES],
    pub(super) availability: [[[f64; SUMS]; 2]; 64],
    pub(super) row_scores: Vec<[[f64; GRID]; SLOTS]>,
}

pub(super) static TABLES: LazyLock<Tables> = LazyLock::new(|| Tables {
    rolls_left: rolls_left(),
    availability: availability(),
    row_scores: row_scores(),
});

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tables")
    }
}
