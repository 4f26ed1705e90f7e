//! The score sheet: marks per sum and throwaway marks per face, the whole state of a game; what a
//! roll may legally do to it, and its score.
//!
//! Everything a game needs between rolls fits in a [`Sheet`] of 17 bytes, and the legal choices of
//! a roll in a `Choices` on the stack, so a game allocates nothing.

use std::sync::LazyLock;

use crate::error::{Error, Result};

use super::choice::{Choice, Choices};
use super::roll::Roll;
use super::rules::{
    DICE, END_MARKS, MARK_CAP, MARK_CHANGE, MAX_SUM, MAX_THROWAWAY_FACES, MIN_SUM, Rules, SUMS,
    sum_score,
};

/// Every distinct roll's divisions on a sheet with fewer than three faces chosen (about 17 KB),
/// by [`Roll::id`]: all [`Sheet::legal_choices`] needs to filter them for any sheet. Built on
/// first use from the rule as written ([`Sheet::list_choices`]).
static DIVISIONS: LazyLock<Vec<Choices>> = LazyLock::new(|| {
    let empty = Sheet::new();
    Roll::distinct().map(|r| empty.list_choices(&r)).collect()
});

/// The score sheet: marks per sum and throwaway marks per face, the whole state of a game.
///
/// Small and `Copy` so that policies can try a choice on a copy and the hot loop keeps it in
/// registers. Counts saturate at 255 instead of wrapping; a game that stops when
/// [`Sheet::is_over`] says so never gets near that (see [`MAX_ROLLS`](super::play::MAX_ROLLS)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sheet {
    marks: [u8; SUMS],
    throwaways: [u8; 6],
}

impl Sheet {
    /// The empty sheet a game starts from.
    pub const fn new() -> Self {
        Self {
            marks: [0; SUMS],
            throwaways: [0; 6],
        }
    }

    /// A hand-made sheet from `(sum, marks)` and `(face, throwaway marks)` pairs, for examples,
    /// tests and analyses that start mid-game.
    ///
    /// Refused: a sum outside 2 to 12, a face outside 1 to 6, a row given twice, more than three
    /// thrown-away faces, more than eight throwaway marks, or two faces at eight (the game would
    /// have ended at the first). The sheet need not be reachable otherwise: sums may have any
    /// number of marks, so a single scoring band can be set up on its own.
    pub fn from_marks(marks: &[(u8, u8)], throwaways: &[(u8, u8)]) -> Result<Self> {
        let mut sheet = Self::new();
        let mut seen_sums = [false; SUMS];
        for &(sum, count) in marks {
            if !(MIN_SUM..=MAX_SUM).contains(&sum) {
                return Err(Error::input(format!(
                    "sheet: sum {sum} has no row; sums go from {MIN_SUM} to {MAX_SUM}"
                )));
            }
            let row = usize::from(sum - MIN_SUM);
            if std::mem::replace(&mut seen_sums[row], true) {
                return Err(Error::input(format!("sheet: sum {sum} given twice")));
            }
            sheet.marks[row] = count;
        }
        let mut seen_faces = [false; 6];
        for &(face, count) in throwaways {
            if !(1..=6).contains(&face) {
                return Err(Error::input(format!(
                    "sheet: throwaway face {face} does not exist; faces go from 1 to 6"
                )));
            }
            let row = usize::from(face - 1);
            if std::mem::replace(&mut seen_faces[row], true) {
                return Err(Error::input(format!(
                    "sheet: throwaway face {face} given twice"
                )));
            }
            if count > END_MARKS {
                return Err(Error::input(format!(
                    "sheet: throwaway face {face} has {count} marks; the game ends at {END_MARKS}"
                )));
            }
            sheet.throwaways[row] = count;
        }
        if sheet.throwaway_faces() > MAX_THROWAWAY_FACES {
            return Err(Error::input(format!(
                "sheet: {} throwaway faces have marks; a game allows at most {MAX_THROWAWAY_FACES}",
                sheet.throwaway_faces()
            )));
        }
        if sheet.throwaways.iter().filter(|&&c| c >= END_MARKS).count() > 1 {
            return Err(Error::input(format!(
                "sheet: two throwaway faces have {END_MARKS} marks; the game ends at the first"
            )));
        }
        Ok(sheet)
    }

    /// Marks on `sum` (0 for a number that is not a row of the sheet, since it can never be
    /// marked).
    pub fn marks(&self, sum: u8) -> u8 {
        sum.checked_sub(MIN_SUM)
            .and_then(|row| self.marks.get(usize::from(row)))
            .copied()
            .unwrap_or(0)
    }

    /// Throwaway marks on `face` (0 for a number that is not a face).
    pub fn throwaway_marks(&self, face: u8) -> u8 {
        face.checked_sub(1)
            .and_then(|row| self.throwaways.get(usize::from(row)))
            .copied()
            .unwrap_or(0)
    }

    /// Marks per sum, row 0 for the sum 2: what evaluations read in one copy instead of eleven
    /// checked look-ups.
    pub fn mark_rows(&self) -> [u8; SUMS] {
        self.marks
    }

    /// Throwaway marks per face, row 0 for the face 1, for the same reason.
    pub fn throwaway_rows(&self) -> [u8; 6] {
        self.throwaways
    }

    /// How many different faces have been thrown away: a face counts as chosen from its first
    /// mark on.
    pub fn throwaway_faces(&self) -> u8 {
        self.throwaways.iter().filter(|&&c| c > 0).count() as u8
    }

    /// Whether the game is over: a throwaway face has reached eight marks.
    pub fn is_over(&self) -> bool {
        self.throwaways.iter().any(|&c| c >= END_MARKS)
    }

    /// Whether the game is over under `rules`: a throwaway face has reached its end marks.
    pub fn is_over_under(&self, rules: &Rules) -> bool {
        self.throwaways.iter().any(|&c| c >= rules.end_marks)
    }

    /// The score of the sheet under `rules`, by their tables.
    pub fn score_under(&self, rules: &Rules) -> i32 {
        self.marks
            .iter()
            .enumerate()
            .map(|(row, &m)| rules.row_table(row, m))
            .sum()
    }

    /// How much `choice` would change the score under `rules` ([`Sheet::score_change`] for a
    /// house rule).
    #[inline]
    pub fn score_change_under(&self, rules: &Rules, choice: Choice) -> i32 {
        let [low, high] = choice.sums.map(|s| usize::from(s - MIN_SUM));
        if low == high {
            return rules.mark_change(1, low, self.marks[low]);
        }
        rules.mark_change(0, low, self.marks[low]) + rules.mark_change(0, high, self.marks[high])
    }

    /// The score of the sheet as it stands: the sum of every row's [`sum_score`].
    pub fn score(&self) -> i32 {
        (MIN_SUM..=MAX_SUM)
            .zip(self.marks)
            .map(|(sum, marks)| sum_score(sum, marks))
            .sum()
    }

    /// How much `choice` would change the score: only its two rows move, so this reads two rows
    /// instead of scoring the whole sheet twice.
    #[inline]
    pub fn score_change(&self, choice: Choice) -> i32 {
        let [low, high] = choice.sums.map(|s| usize::from(s - MIN_SUM));
        // Past ten marks nothing changes, so ten stands for any more.
        let marks = |row: usize| usize::from(self.marks[row].min(MARK_CAP));
        if low == high {
            return MARK_CHANGE[1][low][marks(low)];
        }
        MARK_CHANGE[0][low][marks(low)] + MARK_CHANGE[0][high][marks(high)]
    }

    /// Every legal way to divide `roll` on this sheet, deduplicated, in the order of
    /// `Choice`'s `Ord` (set-aside face, then the smaller sum); none once the game is over.
    ///
    /// With fewer than three faces thrown away any die may be set aside (a new face becomes a
    /// chosen one). With three, the die must show one of them; a roll showing none of them is a
    /// free ride and any die may be set aside without a mark. So a fourth face is never thrown
    /// away, and a roll always offers at least one choice while the game goes on.
    ///
    /// Every roll's divisions are listed once for all (by the private `list_choices` on an empty
    /// sheet); here the sheet only filters them by its chosen faces. Listing and deduplicating
    /// on every roll was most of a greedy game's time.
    #[inline]
    pub fn legal_choices(&self, roll: &Roll) -> Choices {
        self.choices_within(roll, END_MARKS, MAX_THROWAWAY_FACES)
    }

    /// [`Sheet::legal_choices`] under `rules`: their end marks and most throwaway faces.
    #[inline]
    pub fn legal_choices_under(&self, rules: &Rules, roll: &Roll) -> Choices {
        self.choices_within(roll, rules.end_marks, rules.throwaways)
    }

    /// The legal choices when `end_marks` marks on a face end the game and at most `faces`
    /// faces may be thrown away: one body for the text's numbers (constants, folded in) and a
    /// house rule's.
    #[inline(always)]
    fn choices_within(&self, roll: &Roll, end_marks: u8, faces: u8) -> Choices {
        let mut out = Choices::EMPTY;
        if self.throwaways.iter().any(|&c| c >= end_marks) {
            return out;
        }
        let divisions = &DIVISIONS[roll.id()];
        let mut chosen = 0u8;
        for (face, &marks) in self.throwaways.iter().enumerate() {
            chosen |= u8::from(marks > 0) << face;
        }
        let full = chosen.count_ones() >= u32::from(faces);
        if !full {
            return *divisions;
        }
        if roll.shown_faces() & chosen == 0 {
            out = *divisions;
            for c in &mut out.list[..usize::from(out.len)] {
                c.free_ride = true;
            }
            return out;
        }
        for &c in divisions.iter() {
            if chosen & (1 << (c.set_aside - 1)) != 0 {
                out.push(c);
            }
        }
        out
    }

    /// [`Sheet::legal_choices`] worked out from the rule directly: every die set aside in turn,
    /// every pairing of the other four, duplicates dropped. It builds the table the fast version
    /// reads, and tests hold the two equal on every sheet they try.
    fn list_choices(&self, roll: &Roll) -> Choices {
        let mut out = Choices::EMPTY;
        if self.is_over() {
            return out;
        }
        let faces = roll.faces();
        let chosen = |face: u8| self.throwaways[usize::from(face - 1)] > 0;
        let full = self.throwaway_faces() >= MAX_THROWAWAY_FACES;
        let free_ride = full && !faces.iter().any(|&f| chosen(f));
        for i in 0..DICE {
            let set_aside = faces[i];
            // Faces are sorted: an equal face before this one gave the same choices.
            if i > 0 && faces[i - 1] == set_aside {
                continue;
            }
            if full && !free_ride && !chosen(set_aside) {
                continue;
            }
            let mut rest = [0u8; DICE - 1];
            let mut k = 0;
            for (j, &f) in faces.iter().enumerate() {
                if j != i {
                    rest[k] = f;
                    k += 1;
                }
            }
            let [a, b, c, d] = rest;
            // With a <= b <= c <= d the smaller sums a+b <= a+c <= min(a+d, b+c) come out in
            // order, so equal choices are neighbours and the list stays sorted.
            let first = out.len;
            for (x, y) in [(a + b, c + d), (a + c, b + d), (a + d, b + c)] {
                let choice = Choice {
                    set_aside,
                    sums: [x.min(y), x.max(y)],
                    free_ride,
                };
                if !out[usize::from(first)..].contains(&choice) {
                    out.push(choice);
                }
            }
        }
        out
    }

    /// Marks the sheet for `choice`: one mark per pair sum and, unless it is a free ride, one
    /// throwaway mark.
    ///
    /// `choice` must come from [`Sheet::legal_choices`] (or [`Sheet::legal_choices_under`]) for
    /// this sheet; a choice from another sheet could throw away a face too many. Not checked
    /// here: the limit is the rules', which the sheet does not hold.
    pub fn apply(&mut self, choice: Choice) {
        for sum in choice.sums {
            let m = &mut self.marks[usize::from(sum - MIN_SUM)];
            *m = m.saturating_add(1);
        }
        if !choice.free_ride {
            let t = &mut self.throwaways[usize::from(choice.set_aside - 1)];
            *t = t.saturating_add(1);
        }
    }

    /// Marks the sheet for a division of a roll of other than five dice (the `dice` rule
    /// option): one mark for each of `sums`, so a sum shown by two pairs gets two, and a
    /// throwaway mark on `throwaway` unless it is a free ride (`None`). The division's own
    /// `Sheet::apply_division` (in `general`) calls it, so this file need not know divisions.
    pub(crate) fn mark_division(&mut self, sums: &[u8], throwaway: Option<u8>) {
        for &sum in sums {
            let m = &mut self.marks[usize::from(sum - MIN_SUM)];
            *m = m.saturating_add(1);
        }
        if let Some(face) = throwaway {
            let t = &mut self.throwaways[usize::from(face - 1)];
            *t = t.saturating_add(1);
        }
    }
}
