//! Evaluating a sheet with weights a user can edit, and the `heuristic:FILE` policy built on it.
//!
//! Greedy only sees the score; a player also sees where the sheet is going: a sum with four marks
//! is one mark from cancelling its -200, a throwaway face with seven marks is one roll from ending
//! the game. [`Weights`] names every such term, a CSV file (`weight,value`, one row per weight)
//! gives their values, and an [`Evaluator`] turns them into tables so that evaluating a sheet is
//! a few look-ups. The value of a sheet is meant as its expected final score:
//!
//! - per sum, the worth of each mark by band (marks 1 to 4, the 5th, the 6th to 10th, beyond),
//!   plus `open_sum` once for any sum with a mark;
//! - per throwaway face, `new_throwaway_face` once it is chosen, `throwaway_face{f}` per mark,
//!   and `throwaway_mark_{k}` for its k-th mark (1 to 7; the 8th ends the game);
//! - near the end, sums still short of five marks cost `end_open_sum` plus `end_marks_short` per
//!   missing mark, scaled by (the most throwaway marks on a face / 7)^2;
//! - a finished sheet is worth exactly its score.
//!
//! The weights of greedy play (`open_sum` -200, `sum{s}_mark_5` 200, `sum{s}_marks_6_10` the sum's
//! value, everything else 0) make the evaluation the score itself, and the policy greedy.

use std::path::Path;
use std::sync::LazyLock;

use crate::cells;
use crate::error::{Error, Result};
use crate::games::analysis::DataTable;
use crate::input::{self, Files, Shipped};

use super::choice::Choice;
use super::policy::{DivideRoll, View};
use super::rules::{END_MARKS, MIN_SUM, SUMS, VALUES};
use super::sheet::Sheet;
use crate::games::policy::Value;

/// The header of a weights file.
pub(crate) const HEADER: [&str; 2] = ["weight", "value"];

/// Marks bands per sum, in the order of the names.
const BANDS: [&str; 4] = ["marks_1_4", "mark_5", "marks_6_10", "marks_over_10"];

/// Index of `open_sum`.
const OPEN: usize = 0;
/// Index of the first per-sum band weight (`sum2_marks_1_4`).
const SUM_BASE: usize = 1;
/// Index of `new_throwaway_face`.
const NEW_FACE: usize = SUM_BASE + SUMS * BANDS.len();
/// Index of `throwaway_face1`.
const FACE_BASE: usize = NEW_FACE + 1;
/// Index of `throwaway_mark_1`.
const MARK_BASE: usize = FACE_BASE + 6;
/// Throwaway marks a non-final sheet can hold on one face.
const LIVE_MARKS: usize = END_MARKS as usize - 1;
/// Index of `end_open_sum`.
const END_OPEN: usize = MARK_BASE + LIVE_MARKS;
/// Index of `end_marks_short`.
const END_SHORT: usize = END_OPEN + 1;

/// How many weights a file names.
pub const WEIGHTS: usize = END_SHORT + 1;

/// Every weight's name, in file order.
pub static NAMES: LazyLock<[String; WEIGHTS]> = LazyLock::new(|| {
    let mut names: Vec<String> = vec!["open_sum".to_string()];
    for sum in MIN_SUM..MIN_SUM + SUMS as u8 {
        for band in BANDS {
            names.push(format!("sum{sum}_{band}"));
        }
    }
    names.push("new_throwaway_face".to_string());
    for face in 1..=6 {
        names.push(format!("throwaway_face{face}"));
    }
    for k in 1..=LIVE_MARKS {
        names.push(format!("throwaway_mark_{k}"));
    }
    names.push("end_open_sum".to_string());
    names.push("end_marks_short".to_string());
    names.try_into().expect("the names match WEIGHTS")
});

/// A set of named weights: what a policy file holds and what tuning changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// The values, in the order of [`NAMES`].
    pub values: [f64; WEIGHTS],
}

impl Weights {
    /// The weights under which the evaluation is the score, so the policy plays as greedy: the
    /// natural starting point and a check of the evaluation.
    pub fn greedy() -> Self {
        let mut values = [0.0; WEIGHTS];
        values[OPEN] = f64::from(super::rules::PENALTY);
        for (row, &value) in VALUES.iter().enumerate() {
            values[SUM_BASE + 4 * row + 1] = -f64::from(super::rules::PENALTY);
            values[SUM_BASE + 4 * row + 2] = f64::from(value);
        }
        Self { values }
    }

    /// The built-in weights (the shipped `data/solitaire-tuned.csv`, the best one-step weights
    /// found), played by `heuristic` with no file and the start of `tune --from heuristic`: the
    /// best player runs from any folder, with no file beside it.
    pub fn built_in() -> Self {
        Self::parse("built-in data/solitaire-tuned.csv", BUILT_IN)
            .expect("the built-in file parses")
    }

    /// The built-in weights of `lookahead` (the shipped `data/solitaire-lookahead.csv`, tuned by
    /// playing lookahead): an evaluation one roll ahead is a different job from choosing the
    /// next division, and weights tuned for it play lookahead better than the one-step ones.
    pub fn built_in_lookahead() -> Self {
        Self::parse("built-in data/solitaire-lookahead.csv", BUILT_IN_LOOKAHEAD)
            .expect("the built-in file parses")
    }

    /// Reads a weights file through `files` (which records it); every problem names the file and
    /// the line.
    pub fn load(path: &Path, files: &Files) -> Result<Self> {
        let name = path.display().to_string();
        let text = files.read_text_shipping(&format!("policy file {name}"), path, &DATA)?;
        Self::parse(&name, &text)
    }

    /// Parses weights from CSV text; `name` is how errors call the file.
    ///
    /// Refused, with the line: a header other than `weight,value`, a row without two fields, an
    /// unknown or repeated weight, a value that is not a finite number. Then any missing weight
    /// (the first named, with how many more), and an empty file.
    pub fn parse(name: &str, text: &str) -> Result<Self> {
        let what = format!("policy file {name}");
        let mut values = [f64::NAN; WEIGHTS];
        let mut lines_of = [0usize; WEIGHTS];
        for row in input::csv_rows(&what, text, &HEADER)? {
            let (weight, value) = (row.get(0), row.get(1));
            let i = NAMES.iter().position(|n| *n == weight).ok_or_else(|| {
                row.error(
                    &what,
                    format!(
                        "unknown weight '{weight}'; the {WEIGHTS} weights are {} ... {}",
                        NAMES[0],
                        NAMES[WEIGHTS - 1]
                    ),
                )
            })?;
            if lines_of[i] != 0 {
                return Err(row.error(
                    &what,
                    format!(
                        "weight '{weight}' is given twice (first on line {})",
                        lines_of[i]
                    ),
                ));
            }
            values[i] = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| {
                    row.error(
                        &what,
                        format!("value of '{weight}' must be a number, found '{value}'"),
                    )
                })?;
            lines_of[i] = row.line;
        }
        let mut missing = (0..WEIGHTS).filter(|&i| lines_of[i] == 0);
        if let Some(first) = missing.next() {
            let more = missing.count();
            return Err(Error::input(format!(
                "policy file {name}: weight '{}' is missing{}; a file needs all {WEIGHTS} weights",
                NAMES[first],
                if more > 0 {
                    format!(" (and {more} more)")
                } else {
                    String::new()
                }
            )));
        }
        Ok(Self { values })
    }

    /// The weights as a policy file's table (`weight,value`); written as CSV, [`Weights::parse`]
    /// reads it back exactly (numbers are written in their shortest exact form).
    pub fn to_table(&self, name: &str) -> DataTable {
        let mut table = DataTable::new(name, &HEADER);
        for (n, &v) in NAMES.iter().zip(&self.values) {
            table.push(cells![n, v]);
        }
        table
    }
}

/// The shipped tuned weights, built in so that `heuristic` needs no file.
pub const BUILT_IN: &str = include_str!("../../../data/solitaire-tuned.csv");

/// The shipped weights tuned for `lookahead` (`tune --for lookahead`), built in so that
/// `lookahead` needs no file.
pub const BUILT_IN_LOOKAHEAD: &str = include_str!("../../../data/solitaire-lookahead.csv");

/// The weights files Solitaire Dice ships: a path `data/NAME` with nothing there reads these.
pub const DATA: [Shipped; 3] = [
    Shipped {
        path: "data/solitaire-best.csv",
        about: "Solitaire Dice: hand-made weights (heuristic:FILE)",
        text: include_str!("../../../data/solitaire-best.csv"),
    },
    Shipped {
        path: "data/solitaire-lookahead.csv",
        about: "Solitaire Dice: weights tuned for lookahead, its default (lookahead:FILE)",
        text: BUILT_IN_LOOKAHEAD,
    },
    Shipped {
        path: "data/solitaire-tuned.csv",
        about: "Solitaire Dice: weights tuned for heuristic, its default (heuristic:FILE)",
        text: BUILT_IN,
    },
];

/// Throwaway phases of a sheet still in play: the most marks on one face, 0 to 7.
pub(crate) const PHASES: usize = END_MARKS as usize;

/// Mark counts the tables cover; more marks on a sum read as this many minus one (each
/// beyond ten is worth its constant `marks_over_10`, so only sheets with over 37 marks on one sum,
/// which no game reaches, are affected).
pub(crate) const MARK_SLOTS: usize = 40;

/// The weights compiled into tables: the worth of each sum's mark count in each phase, and of
/// each face's throwaway count, so evaluating a sheet is 17 look-ups and the lookahead can add
/// differences.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// `sums[phase][row][marks]`.
    pub(super) sums: Box<[[[f64; MARK_SLOTS]; SUMS]; PHASES]>,
    /// `faces[face - 1][throwaway marks]`, 0 to 8.
    pub(super) faces: [[f64; END_MARKS as usize + 1]; 6],
    weights: Weights,
}

impl Evaluator {
    /// Compiles `weights` into tables.
    pub fn new(weights: &Weights) -> Self {
        let w = &weights.values;
        let mut sums = Box::new([[[0.0; MARK_SLOTS]; SUMS]; PHASES]);
        for (phase, table) in sums.iter_mut().enumerate() {
            let closeness = (phase as f64 / (PHASES - 1) as f64).powi(2);
            for (row, slots) in table.iter_mut().enumerate() {
                let band = |b: usize| w[SUM_BASE + 4 * row + b];
                for (marks, slot) in slots.iter_mut().enumerate() {
                    let m = marks as f64;
                    let mut v = 0.0;
                    if marks >= 1 {
                        v += w[OPEN] + band(0) * m.min(4.0);
                    }
                    if marks >= 5 {
                        v += band(1) + band(2) * (m - 5.0).min(5.0);
                    }
                    if marks > 10 {
                        v += band(3) * (m - 10.0);
                    }
                    if (1..5).contains(&marks) {
                        v += closeness * (w[END_OPEN] + w[END_SHORT] * (5.0 - m));
                    }
                    *slot = v;
                }
            }
        }
        let mut faces = [[0.0; END_MARKS as usize + 1]; 6];
        for (face, counts) in faces.iter_mut().enumerate() {
            for (t, slot) in counts.iter_mut().enumerate() {
                if t >= 1 {
                    *slot = w[NEW_FACE]
                        + w[FACE_BASE + face] * t as f64
                        + (0..t.min(LIVE_MARKS))
                            .map(|k| w[MARK_BASE + k])
                            .sum::<f64>();
                }
            }
        }
        Self {
            sums,
            faces,
            weights: weights.clone(),
        }
    }

    /// The weights this was compiled from.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The worth of `sheet`: its score once the game is over, else the weighted terms.
    #[inline]
    pub fn evaluate(&self, sheet: &Sheet) -> f64 {
        if sheet.is_over() {
            return f64::from(sheet.score());
        }
        let throwaways = sheet.throwaway_rows();
        let phase = usize::from(*throwaways.iter().max().expect("six faces"));
        let table = &self.sums[phase];
        let mut v = 0.0;
        for (row, m) in sheet.mark_rows().into_iter().enumerate() {
            v += table[row][usize::from(m).min(MARK_SLOTS - 1)];
        }
        for (face, t) in throwaways.into_iter().enumerate() {
            v += self.faces[face][usize::from(t)];
        }
        v
    }
}

/// The `heuristic` player's value of a division: the evaluation of the sheet it leaves. The
/// player is `OneStep(Heuristic::new(&evaluator))`.
#[derive(Clone, Copy, Debug)]
pub struct Heuristic<'a> {
    evaluator: &'a Evaluator,
}

impl<'a> Heuristic<'a> {
    /// The value by `evaluator`'s weights.
    pub fn new(evaluator: &'a Evaluator) -> Self {
        Self { evaluator }
    }
}

impl Value<DivideRoll> for Heuristic<'_> {
    #[inline]
    fn value(&self, view: &View, choice: &Choice) -> f64 {
        self.evaluator.evaluate(&view.after(*choice))
    }
}

/// The score of a sheet row by row, for tests of the evaluation against the rules.
#[cfg(test)]
fn score_of(sheet: &Sheet) -> f64 {
    sheet
        .mark_rows()
        .iter()
        .enumerate()
        .map(|(row, &m)| f64::from(super::rules::sum_score(MIN_SUM + row as u8, m)))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::super::play::play;
    use super::super::policy::Greedy;
    use super::*;
    use crate::games::policy::OneStep;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;

    fn file(weights: &Weights) -> String {
        String::from_utf8(crate::report::csv::table_csv(&weights.to_table("w"))).unwrap()
    }

    #[test]
    fn names_are_distinct_and_complete() {
        assert_eq!(WEIGHTS, 61);
        let mut names: Vec<&String> = NAMES.iter().collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), WEIGHTS);
        assert_eq!(NAMES[SUM_BASE + 4 * 5 + 2], "sum7_marks_6_10");
        assert_eq!(NAMES[END_SHORT], "end_marks_short");
    }

    #[test]
    fn greedy_weights_evaluate_to_the_score_and_play_as_greedy() {
        let evaluator = Evaluator::new(&Weights::greedy());
        for seed in 0..300 {
            let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
            let ours = play(&mut OneStep(Heuristic::new(&evaluator)), &mut dice).unwrap();
            let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
            assert_eq!(
                ours,
                play(&mut OneStep(Greedy), &mut dice).unwrap(),
                "seed {seed}"
            );
            assert_eq!(evaluator.evaluate(&ours.sheet), f64::from(ours.score));
        }
        let sheet = Sheet::from_marks(
            &[(2, 1), (3, 4), (4, 5), (6, 6), (7, 10), (12, 11)],
            &[(1, 3), (4, 7)],
        )
        .unwrap();
        assert_eq!(evaluator.evaluate(&sheet), score_of(&sheet));
    }

    #[test]
    fn files_round_trip_and_the_built_in_file_parses() {
        let w = Weights::built_in();
        assert_eq!(Weights::parse("x", &file(&w)).unwrap(), w);
        let l = Weights::built_in_lookahead();
        assert_eq!(Weights::parse("x", &file(&l)).unwrap(), l);
        assert_ne!(w, l);
        let mut odd = Weights::greedy();
        odd.values[3] = 12.345678;
        odd.values[60] = -0.5;
        assert_eq!(Weights::parse("x", &file(&odd)).unwrap(), odd);
    }

    #[test]
    fn end_terms_grow_with_the_most_thrown_away_face() {
        let mut w = Weights::greedy();
        w.values[END_OPEN] = -70.0;
        let e = Evaluator::new(&w);
        let early = Sheet::from_marks(&[(7, 2)], &[(3, 0)]).unwrap();
        let late = Sheet::from_marks(&[(7, 2)], &[(3, 7)]).unwrap();
        assert_eq!(e.evaluate(&early), -200.0);
        assert_eq!(e.evaluate(&late), -270.0);
        // Over: the score alone.
        let over = Sheet::from_marks(&[(7, 2)], &[(3, 8)]).unwrap();
        assert_eq!(e.evaluate(&over), -200.0);
    }

    #[test]
    fn bad_files_name_the_file_the_line_and_the_problem() {
        let good = file(&Weights::greedy());
        let lines: Vec<&str> = good.lines().collect();
        let with = |f: &dyn Fn(&mut Vec<String>)| {
            let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            f(&mut l);
            l.join("\n")
        };
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "w.csv: the file is empty"),
            (
                with(&|l| l[0] = "name,value".into()),
                "w.csv: line 1: expected the header weight,value, found another first line (2 fields)",
            ),
            (
                with(&|l| l[3] = "sum2_mark_5,lots".into()),
                "w.csv: line 4: value of 'sum2_mark_5' must be a number, found 'lots'",
            ),
            (
                with(&|l| l[3] = "sum2_mark_5,NaN".into()),
                "line 4: value of 'sum2_mark_5' must be a number, found 'NaN'",
            ),
            (
                with(&|l| l.push("sum13_mark_5,4".into())),
                "w.csv: line 63: unknown weight 'sum13_mark_5'",
            ),
            (
                with(&|l| l.push("open_sum,4".into())),
                "w.csv: line 63: weight 'open_sum' is given twice (first on line 2)",
            ),
            (
                with(&|l| l[5] = "sum2_marks_over_10,1,2".into()),
                "line 6: expected 2 fields (weight,value), found 3",
            ),
            (
                with(&|l| {
                    l.remove(10);
                    l.remove(1);
                }),
                "w.csv: weight 'open_sum' is missing (and 1 more); a file needs all 61 weights",
            ),
        ];
        for (text, expected) in cases {
            let e = Weights::parse("w.csv", &text).unwrap_err().to_string();
            assert!(e.contains(expected), "{e}\nlacks {expected}");
            assert!(e.starts_with("policy file w.csv: "), "{e}");
            assert_eq!(e.lines().count(), 1, "{e}");
        }
        // Comments and blank lines are allowed, so a user can annotate a file.
        let commented = format!("# tuned by hand\n\n{good}");
        assert_eq!(
            Weights::parse("w.csv", &commented).unwrap(),
            Weights::greedy()
        );
    }
}
