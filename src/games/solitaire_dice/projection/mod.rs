//! The `projection` player (`best` until 0.19): a model-based sheet evaluation ([`Projection`]: each open sum's final marks
//! projected from the rolls left) and one roll of expectimax over it ([`Projected`]).
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
//! expectimax on top of it (the `projection` player), built like [`super::lookahead`] so that one
//! candidate sheet costs a few hundred table entries and one pass over the 252 distinct rolls.
//! The nine parameters were tuned by playing it (`examples/tune_projection.rs`).
//!
//! The tables the model reads, which the rules alone decide, are built in `tables.rs`, and the
//! one roll of expectimax, laid out for speed, is `expectimax.rs`; this file holds the
//! parameters, the evaluation of one sheet and the players' values.

use super::choice::Choice;
use super::heuristic::{Evaluator, Weights};
use super::play::WIN_SCORE;
use super::policy::{DivideRoll, View};
use super::rules::{SUMS, VALUES};
use super::sheet::Sheet;
use crate::games::policy::Value;

mod expectimax;
mod tables;

use tables::{GRID, LAMBDA_STEPS, SLOTS, TABLES, Tables, sorted_counts, state_index};

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

    /// The built-in parameters of `projection`, tuned by playing it (the cross-entropy method of
    /// `examples/tune_projection.rs`; docs/solitaire-dice.md has the runs).
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
}

/// The projection's one-step value of a division: the evaluation of the sheet it leaves, as
/// `examples/tune_projection.rs` plays it (`OneStep(ProjectionStep::new(&projection))`).
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

/// The `projection` player's value of a division: one roll of expectimax over the projection from the
/// sheet it leaves ([`Projection::expected`]). The player is
/// `OneStep(Projected::new(&projection))`.
#[derive(Clone, Copy, Debug)]
pub struct Projected<'a> {
    projection: &'a Projection,
}

impl<'a> Projected<'a> {
    /// The value of `projection` over `projection`.
    pub fn new(projection: &'a Projection) -> Self {
        Self { projection }
    }
}

impl Value<DivideRoll> for Projected<'_> {
    #[inline]
    fn value(&self, view: &View, choice: &Choice) -> f64 {
        self.projection.expected(&view.after(*choice))
    }
}

#[cfg(test)]
#[path = "projection_tests.rs"]
mod tests;
