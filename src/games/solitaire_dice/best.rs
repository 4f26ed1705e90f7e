//! The `best` player: a model-based sheet evaluation ([`Projection`]: each open sum's final marks
//! projected from the rolls left) and one roll of expectimax over it ([`Best`]).
//!
//! The linear [`Evaluator`] has to learn from games what a mark is
//! worth on each row at each stage; this evaluation works much of it out from a small model of
//! the rest of the game instead:
//!
//! - **Rolls left.** The game ends when a throwaway face reaches eight marks. From the throwaway
//!   marks alone, a dynamic program over the sorted counts of the chosen faces gives the expected
//!   number of rolls still to come (the ending one included, since its pairs are marked) if every
//!   throwaway went to the shown face that keeps the game going longest. Real play also has to
//!   pair the dice well, so the parameter `roll_efficiency` scales it.
//! - **Where the marks go.** Every roll marks two sums. A sum with marks (an *open* sum) takes a
//!   share of them in proportion to how often a roll can mark it under the chosen throwaway faces
//!   (once, plus `two_marks` times the chance of marking it twice; with three faces chosen the
//!   set-aside die is forced, which shifts the sums), times (its value / 50) ^ `value_power`,
//!   times `focus_marks_1_4` or `focus_marks_5_9` by how far the sum has come (a sum at ten marks
//!   takes none: more pay nothing). `unopened_share` stands for the sums not yet opened, which
//!   also take marks.
//! - **The projected score.** A sum's marks still to come are taken as Poisson with that mean,
//!   and the sum is worth its expected score under the real table: the table is far from
//!   linear (-200 for one to four marks, 0 at five, the sum's value per mark from six to ten),
//!   so a sum at four marks with one roll left and one with many rolls left are worth very
//!   different amounts, which the mean alone would hide. A sum with no marks is worth 0 (the
//!   player need not open it).
//! - **The blend.** The sheet's worth is `projection_weight` times the projection plus
//!   `linear_weight` times `lookahead`'s tuned linear evaluation (the two see different things:
//!   the model sees the clock and the dice, the weights what games taught them about bands and
//!   faces). A sheet whose game is over is worth its score, plus `win_bonus` if it reaches the
//!   text's winning 500: the player is asked to win as well as to score.
//!
//! Evaluating a sheet is a few table look-ups per row; [`Projection::expected`] is one roll of
//! expectimax on top of it (the `best` player), built like [`super::lookahead`] so that one
//! candidate sheet costs a few hundred table entries and one pass over the 252 distinct rolls.
//! The nine parameters were tuned by playing `best` (`examples/tune_best.rs`).

use std::sync::LazyLock;

use super::choice::Choice;
use super::heuristic::{Evaluator, MARK_SLOTS, Weights};
use super::lookahead::{DIVISION_VALUES, ROLLS as DIVISIONS, most};
use super::play::WIN_SCORE;
use super::policy::{DivideRoll, View};
use super::roll::Roll;
use super::rules::{END_MARKS, MARK_CAP, MAX_THROWAWAY_FACES, MIN_SUM, SUMS, VALUES, sum_score};
use super::sheet::Sheet;
use crate::dice::pow6;
use crate::games::policy::Value;

/// How many parameters the model has.
pub const PARAMS: usize = 9;

/// The parameters' names, in the order of [`Params::values`].
pub const PARAM_NAMES: [&str; PARAMS] = [
    "roll_efficiency",
    "unopened_share",
    "focus_marks_1_4",
    "focus_marks_5_9",
    "two_marks",
    "projection_weight",
    "linear_weight",
    "win_bonus",
    "value_power",
];

/// The model's parameters (see the module documentation for what each one does).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// The values, in the order of [`PARAM_NAMES`].
    pub values: [f64; PARAMS],
}

impl Params {
    /// A reasonable untuned start: most of the longest game, a fair share for the sums to come.
    pub const START: Params = Params {
        values: [0.9, 0.5, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0],
    };

    /// The built-in parameters of `best`, tuned by playing it (the cross-entropy method of
    /// `examples/tune_best.rs`; docs/solitaire-dice.md has the runs).
    pub const BUILT_IN: Params = Params {
        values: [
            3.8226335213607308,
            2.497556758282018,
            0.3071411808607601,
            0.20197183121969997,
            0.4737120000890619,
            0.5131732801728378,
            0.4708133423888689,
            14.55736121185814,
            0.05869116443957855,
        ],
    };
}

/// Ordered rolls of five dice.
const ORDERED: usize = pow6(5) as usize;

/// Throwaway states by their sorted counts: `a * 64 + b * 8 + c` for `a >= b >= c`, 0 to 7 each.
const STATES: usize = 512;

/// Steps of the projected mean marks per unit in the table of expected row scores.
const LAMBDA_STEPS: f64 = 16.0;

/// The largest projected mean the table covers; larger means read as this (a row with that many
/// marks to come is all but sure to reach ten).
const LAMBDA_MAX: f64 = 24.0;

/// Points of the table per row and mark count.
const GRID: usize = (LAMBDA_MAX * LAMBDA_STEPS) as usize + 2;

/// Mark counts the table of row scores covers: 0 to ten (more score as ten).
const SLOTS: usize = MARK_CAP as usize + 1;

/// The index of a throwaway state: the chosen faces' counts sorted from most to fewest.
#[inline]
fn state_index(sorted: [u8; 3]) -> usize {
    usize::from(sorted[0]) * 64 + usize::from(sorted[1]) * 8 + usize::from(sorted[2])
}

/// The counts of the chosen faces (at most three), sorted from most to fewest, zeros after.
#[inline]
fn sorted_counts(throwaways: &[u8; 6]) -> [u8; 3] {
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
struct Tables {
    rolls_left: [f64; STATES],
    availability: [[[f64; SUMS]; 2]; 64],
    row_scores: Vec<[[f64; GRID]; SLOTS]>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| Tables {
    rolls_left: rolls_left(),
    availability: availability(),
    row_scores: row_scores(),
});

/// The projection evaluation with its parameters, ready to evaluate sheets.
#[derive(Clone, Debug)]
pub struct Projection {
    params: Params,
    tables: &'static Tables,
    linear: Evaluator,
    /// Per row, (the sum's value / 50) ^ `value_power`: how much more the rows that pay more
    /// draw the player's marks.
    value_weight: [f64; SUMS],
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tables")
    }
}

impl Projection {
    /// The evaluation under `params` (the first one built fills the shared tables).
    pub fn new(params: Params) -> Self {
        Self {
            params,
            tables: &TABLES,
            linear: Evaluator::new(&Weights::built_in_lookahead()),
            value_weight: VALUES.map(|v| (f64::from(v) / 50.0).powf(params.values[8])),
        }
    }

    /// The parameters.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Expected rolls still to come from `throwaways` if every throwaway went where it keeps the
    /// game going longest (the ending roll included): the model's clock, before
    /// `roll_efficiency`.
    pub fn rolls_left(&self, throwaways: &[u8; 6]) -> f64 {
        self.tables.rolls_left[state_index(sorted_counts(throwaways))]
    }

    /// The focus weight of a row with `marks` marks.
    #[inline]
    fn focus(&self, marks: usize) -> f64 {
        match marks {
            0 => 0.0,
            1..=4 => self.params.values[2],
            5..=9 => self.params.values[3],
            _ => 0.0,
        }
    }

    /// Per row, how many marks a row of focus 1 can expect from `throwaways` on
    /// (`2 x rolls left x efficiency x availability`), before the share.
    #[inline]
    fn rates(&self, throwaways: &[u8; 6]) -> ([f64; SUMS], [f64; SUMS]) {
        let mut mask = 0usize;
        for (f, &t) in throwaways.iter().enumerate() {
            if t > 0 {
                mask |= 1 << f;
            }
        }
        let avail = &self.tables.availability[mask];
        let marks = 2.0 * self.params.values[0] * self.rolls_left(throwaways);
        let two = self.params.values[4];
        let mut w = [0.0; SUMS];
        let mut rate = [0.0; SUMS];
        for row in 0..SUMS {
            w[row] = (avail[0][row] + two * avail[1][row]) * self.value_weight[row];
            rate[row] = marks * w[row];
        }
        (w, rate)
    }

    /// The share's denominator of a sheet: `unopened_share` plus each open row's availability
    /// times its focus.
    #[inline]
    fn denominator(&self, marks: &[u8; SUMS], w: &[f64; SUMS]) -> f64 {
        let mut z = self.params.values[1];
        for row in 0..SUMS {
            z += w[row] * self.focus(usize::from(marks[row]));
        }
        z
    }

    /// The expected score of `row` with `marks` marks and `lambda` marks to come.
    #[inline]
    fn row_value(&self, row: usize, marks: usize, lambda: f64) -> f64 {
        let marks = marks.min(SLOTS - 1);
        let points = &self.tables.row_scores[row][marks];
        let x = (lambda * LAMBDA_STEPS).clamp(0.0, (GRID - 2) as f64);
        let i = x as usize;
        let frac = x - i as f64;
        points[i] + frac * (points[i + 1] - points[i])
    }

    /// What a final score is worth: the score, plus `win_bonus` from the text's winning 500 on.
    #[inline]
    pub fn utility(&self, score: i32) -> f64 {
        let bonus = if score >= WIN_SCORE {
            self.params.values[7]
        } else {
            0.0
        };
        f64::from(score) + bonus
    }

    /// The worth of `sheet`: its [`Projection::utility`] once the game is over, else the blend
    /// of its open rows' projected scores and `lookahead`'s linear evaluation.
    pub fn evaluate(&self, sheet: &Sheet) -> f64 {
        if sheet.is_over() {
            return self.utility(sheet.score());
        }
        let marks = sheet.mark_rows();
        let (w, rate) = self.rates(&sheet.throwaway_rows());
        let z = self.denominator(&marks, &w);
        let mut v = 0.0;
        for row in 0..SUMS {
            let m = usize::from(marks[row]);
            if m > 0 {
                v += self.row_value(row, m, rate[row] * self.focus(m) / z);
            }
        }
        let [a, b] = [self.params.values[5], self.params.values[6]];
        a * v + b * self.linear.evaluate(sheet)
    }

    /// What `sheet` is worth before its next roll: its score once the game is over, else the
    /// average over the 252 distinct next rolls of the best evaluation of their division.
    ///
    /// Built like [`super::lookahead`]: the throwaway of a division sets the rolls left, the
    /// chosen faces and the linear evaluation's phase, so per throwaway there is one constant
    /// and one table of row pairs, and a division costs two loads and an add. A pair that
    /// changes the share's denominator (it opens a row, or takes one into another band) moves
    /// every open row's share, so those pairs are valued whole (a sum over the open rows);
    /// the result is exactly the average of [`Projection::evaluate`] (a test holds them equal).
    pub fn expected(&self, sheet: &Sheet) -> f64 {
        if sheet.is_over() {
            return self.utility(sheet.score());
        }
        let marks = sheet.mark_rows();
        let throwaways = sheet.throwaway_rows();
        let score = f64::from(sheet.score());
        // Per throwaway outcome (faces 0 to 5, then 6 for a free ride): a constant and a table of
        // row pairs.
        let mut constant = [0.0f64; 7];
        let mut pairs = [[0.0f64; SUMS * SUMS]; 7];
        let mut chosen = 0u8;
        for (f, &t) in throwaways.iter().enumerate() {
            if t > 0 {
                chosen |= 1 << f;
            }
        }
        let full = chosen.count_ones() >= u32::from(MAX_THROWAWAY_FACES);
        let allowed = if full { chosen } else { 0x3F };
        for (k, table) in pairs.iter_mut().enumerate() {
            let mut next = throwaways;
            if k < 6 {
                if allowed & (1 << k) == 0 {
                    continue;
                }
                next[k] += 1;
            } else if !full {
                continue;
            }
            constant[k] = if next.iter().any(|&t| t >= END_MARKS) {
                // The division ends the game: its exact score.
                self.ending_pairs(sheet, table);
                score
            } else {
                self.open_pairs(&marks, &next, table)
            };
        }
        // Every division's value by face and pair, as lookahead keeps it (the same sums, so
        // the same bits).
        let mut values = [f64::NEG_INFINITY; DIVISION_VALUES];
        for (f, face) in values.chunks_exact_mut(SUMS * SUMS).take(6).enumerate() {
            if allowed & (1 << f) != 0 {
                for (v, p) in face.iter_mut().zip(&pairs[f]) {
                    *v = constant[f] + p;
                }
            }
        }
        let mut total = 0.0;
        for roll in DIVISIONS.iter() {
            let divisions = &roll.divisions[..usize::from(roll.len)];
            let best = if full && roll.shows & chosen == 0 {
                most(divisions, |d| pairs[6][usize::from(d.pair)]) + constant[6]
            } else {
                most(divisions, |d| {
                    values[usize::from(d.index) & (DIVISION_VALUES - 1)]
                })
            };
            total += roll.weight * best;
        }
        total
    }

    /// The row pairs of a division that ends the game (its throwaway face's last mark): the
    /// utility of the final score the pair makes, less the current score.
    fn ending_pairs(&self, sheet: &Sheet, table: &mut [f64; SUMS * SUMS]) {
        let marks = sheet.mark_rows();
        let score = f64::from(sheet.score());
        let mut one = [0.0f64; SUMS];
        let mut two = [0.0f64; SUMS];
        for row in 0..SUMS {
            let sum = MIN_SUM + row as u8;
            let m = marks[row];
            let now = sum_score(sum, m);
            one[row] = f64::from(sum_score(sum, m.saturating_add(1)) - now);
            two[row] = f64::from(sum_score(sum, m.saturating_add(2)) - now);
        }
        // Ending divisions: the utility of the final score, less the current score.
        for a in 0..SUMS {
            table[a * SUMS + a] = self.utility(sheet.score() + two[a] as i32) - score;
            for b in a + 1..SUMS {
                table[a * SUMS + b] =
                    self.utility(sheet.score() + (one[a] + one[b]) as i32) - score;
            }
        }
    }

    /// The row pairs of a division that leaves the game open, with the throwaways `next` it
    /// leaves, and its constant: the blend of the projection and the linear evaluation, each
    /// pair as its change from the constant.
    fn open_pairs(
        &self,
        marks: &[u8; SUMS],
        next: &[u8; 6],
        table: &mut [f64; SUMS * SUMS],
    ) -> f64 {
        let mut one = [0.0f64; SUMS];
        let mut two = [0.0f64; SUMS];
        let (w, rate) = self.rates(next);
        let z = self.denominator(marks, &w);
        let [pw, lw] = [self.params.values[5], self.params.values[6]];
        let lin = &self.linear.sums[usize::from(*next.iter().max().expect("six faces"))];
        let mut lin_base: f64 = (0..6)
            .map(|f| self.linear.faces[f][usize::from(next[f])])
            .sum();
        // Per row: the projection's change for one and two more marks at the same
        // denominator, the denominator's change, and the linear evaluation's changes.
        let mut base = 0.0;
        let mut d1 = [0.0f64; SUMS];
        let mut d2 = [0.0f64; SUMS];
        let mut lin_one = [0.0f64; SUMS];
        let mut lin_two = [0.0f64; SUMS];
        for row in 0..SUMS {
            let m = usize::from(marks[row]);
            let value = |m: usize| self.row_value(row, m, rate[row] * self.focus(m) / z);
            let v0 = value(m);
            base += v0;
            one[row] = value(m + 1) - v0;
            two[row] = value(m + 2) - v0;
            let g = self.focus(m);
            d1[row] = w[row] * (self.focus(m + 1) - g);
            d2[row] = w[row] * (self.focus(m + 2) - g);
            let t = &lin[row];
            let m = m.min(MARK_SLOTS - 3);
            lin_base += t[m];
            lin_one[row] = t[m + 1] - t[m];
            lin_two[row] = t[m + 2] - t[m];
        }
        let constant = pw * base + lw * lin_base;
        // A pair that changes the denominator (it opens a row, or takes one into
        // another band) moves every open row's share: those pairs are valued whole.
        let mut open = [0usize; SUMS];
        let mut n_open = 0;
        for (row, &m) in marks.iter().enumerate() {
            if m > 0 {
                open[n_open] = row;
                n_open += 1;
            }
        }
        let open = &open[..n_open];
        // The projection's change when rows `a` and `b` get `ea` and `eb` more marks
        // and the denominator becomes `z2`.
        let moved = |a: usize, ea: usize, b: usize, eb: usize, z2: f64| -> f64 {
            let mut v = 0.0;
            for &r in open {
                if r != a && r != b {
                    let m = usize::from(marks[r]);
                    v += self.row_value(r, m, rate[r] * self.focus(m) / z2);
                }
            }
            for (r, e) in [(a, ea), (b, eb)] {
                if e > 0 {
                    let m = usize::from(marks[r]) + e;
                    v += self.row_value(r, m, rate[r] * self.focus(m) / z2);
                }
            }
            v - base
        };
        for a in 0..SUMS {
            let p = if d2[a] != 0.0 {
                moved(a, 2, a, 0, z + d2[a])
            } else {
                two[a]
            };
            table[a * SUMS + a] = pw * p + lw * lin_two[a];
            for b in a + 1..SUMS {
                let p = if d1[a] != 0.0 || d1[b] != 0.0 {
                    moved(a, 1, b, 1, z + d1[a] + d1[b])
                } else {
                    one[a] + one[b]
                };
                table[a * SUMS + b] = pw * p + lw * (lin_one[a] + lin_one[b]);
            }
        }
        constant
    }
}

/// The projection's one-step value of a division: the evaluation of the sheet it leaves, as
/// `examples/tune_best.rs` plays it (`OneStep(ProjectionStep::new(&projection))`).
#[derive(Clone, Copy, Debug)]
pub struct ProjectionStep<'a> {
    projection: &'a Projection,
}

impl<'a> ProjectionStep<'a> {
    /// The one-step value of `projection`.
    pub fn new(projection: &'a Projection) -> Self {
        Self { projection }
    }
}

impl Value<DivideRoll> for ProjectionStep<'_> {
    #[inline]
    fn value(&self, view: &View, choice: &Choice) -> f64 {
        self.projection.evaluate(&view.after(*choice))
    }
}

/// The `best` player's value of a division: one roll of expectimax over the projection from the
/// sheet it leaves ([`Projection::expected`]). The player is
/// `OneStep(Best::new(&projection))`.
#[derive(Clone, Copy, Debug)]
pub struct Best<'a> {
    projection: &'a Projection,
}

impl<'a> Best<'a> {
    /// The value of `best` over `projection`.
    pub fn new(projection: &'a Projection) -> Self {
        Self { projection }
    }
}

impl Value<DivideRoll> for Best<'_> {
    #[inline]
    fn value(&self, view: &View, choice: &Choice) -> f64 {
        self.projection.expected(&view.after(*choice))
    }
}

#[cfg(test)]
#[path = "best_tests.rs"]
mod tests;
