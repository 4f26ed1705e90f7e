//! Solitaire Dice: the score sheet, the legal ways to divide a roll, and the score.
//!
//! A roll of five dice is divided into one die set aside and two pairs; each pair's sum gets a mark
//! and the set-aside face gets a throwaway mark. At most three different faces may ever be thrown
//! away; once three are on the sheet the set-aside die must show one of them whenever the roll has
//! one, and a roll that shows none is a free ride (any die is set aside, no throwaway mark). The
//! game ends as soon as a throwaway face has eight marks, after that roll's marks are made.
//!
//! Everything a game needs between rolls fits in a [`Sheet`] of 17 bytes, and the legal choices of
//! a roll in a [`Choices`] on the stack, so a game allocates nothing.

use std::fmt;
use std::ops::Deref;
use std::sync::LazyLock;

use crate::dice::{pow6, unpack};
use crate::error::{Error, Result};

/// Dice in a roll: four make the two pairs, one is set aside.
pub const DICE: usize = 5;

/// The smallest pair sum, the first row of the sheet.
pub const MIN_SUM: u8 = 2;

/// The largest pair sum, the last row of the sheet.
pub const MAX_SUM: u8 = 12;

/// Rows of the sheet, one per pair sum (public so that reports and histograms can size by it).
pub const SUMS: usize = (MAX_SUM - MIN_SUM + 1) as usize;

/// What each mark from the sixth to the tenth is worth, per sum from 2 to 12: the rarer the sum,
/// the more it pays.
pub const VALUES: [i32; SUMS] = [100, 70, 60, 50, 40, 30, 40, 50, 60, 70, 100];

/// The score of a sum with one to four marks: taken once, whatever the number of marks.
pub const PENALTY: i32 = -200;

/// Marks that bring a sum back to 0; each mark beyond pays the sum's value.
pub const BREAK_EVEN_MARKS: u8 = 5;

/// Marks beyond this many pay nothing more.
pub const MARK_CAP: u8 = 10;

/// Most different faces a game may throw away.
pub const MAX_THROWAWAY_FACES: u8 = 3;

/// Throwaway marks on one face that end the game.
pub const END_MARKS: u8 = 8;

/// Most distinct choices a roll can offer: five dice to set aside times three pairings of the rest.
pub const MAX_CHOICES: usize = 15;

/// The score of a sum with `marks` marks, per RULES.md: 0 unmarked, [`PENALTY`] for one to four
/// marks, 0 for five, the sum's value per mark from the sixth to the tenth.
///
/// A sum outside 2 to 12 can never be marked, so it scores 0 rather than panicking.
pub const fn sum_score(sum: u8, marks: u8) -> i32 {
    if sum < MIN_SUM || sum > MAX_SUM {
        return 0;
    }
    let value = VALUES[(sum - MIN_SUM) as usize];
    match marks {
        0 => 0,
        1..BREAK_EVEN_MARKS => PENALTY,
        _ => {
            let paying = if marks > MARK_CAP { MARK_CAP } else { marks };
            value * (paying - BREAK_EVEN_MARKS) as i32
        }
    }
}

/// How one mark (`[0]`) or two (`[1]`) change a row's score, by row and by the marks it has (0
/// to [`MARK_CAP`]): greedy asks this for every choice of every roll.
const MARK_CHANGE: [[[i32; MARK_CAP as usize + 1]; SUMS]; 2] = {
    let mut table = [[[0; MARK_CAP as usize + 1]; SUMS]; 2];
    let mut extra = 0;
    while extra < 2 {
        let mut row = 0;
        while row < SUMS {
            let mut m = 0;
            while m <= MARK_CAP {
                let sum = MIN_SUM + row as u8;
                table[extra][row][m as usize] =
                    sum_score(sum, m + 1 + extra as u8) - sum_score(sum, m);
                m += 1;
            }
            row += 1;
        }
        extra += 1;
    }
    table
};

/// A roll of five dice, faces sorted ascending.
///
/// Sorted because the order the dice fell in never matters: sorting makes equal rolls equal values
/// and lets [`Sheet::legal_choices`] list choices in one fixed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Roll {
    faces: [u8; DICE],
    /// Which of the 252 distinct rolls this is (a function of the faces, so order and equality
    /// are the faces'): the index of its divisions in the table every sheet filters.
    id: u8,
}

impl Roll {
    /// A roll from faces given in any order; a face outside 1 to 6 is refused because the sheet
    /// has no row for it.
    pub fn new(mut faces: [u8; DICE]) -> Result<Self> {
        if let Some(bad) = faces.iter().find(|f| !(1..=6).contains(*f)) {
            return Err(Error::input(format!(
                "roll {faces:?}: every die shows 1 to 6, found {bad}"
            )));
        }
        faces.sort_unstable();
        Ok(Self::sorted(faces))
    }

    /// The roll of faces already sorted, looked up by their base-6 code.
    fn sorted(faces: [u8; DICE]) -> Self {
        Self {
            faces,
            id: DIVISIONS.id_of_packed[packed_code(&faces)],
        }
    }

    /// The 252 distinct rolls, faces ascending, in lexicographic order: what tables that
    /// enumerate rolls once (the lookahead's expectation) iterate over.
    pub fn distinct() -> impl Iterator<Item = Roll> {
        DIVISIONS.rolls.iter().enumerate().map(|(id, r)| Roll {
            faces: r.faces,
            id: id as u8,
        })
    }

    /// The roll whose faces are the base-6 digits of `packed` (from
    /// [`crate::dice::roll_packed`] with five dice), so the dice come from the crate's one
    /// exactly uniform source.
    ///
    /// One table look-up: every packed roll's distinct roll is listed once, so no roll is
    /// unpacked or sorted in a game.
    ///
    /// # Panics
    ///
    /// If `packed` is not below 6^5 = 7,776 (no roll of five dice has that code).
    #[inline]
    pub fn from_packed(packed: u64) -> Self {
        debug_assert!(packed < pow6(DICE as u32));
        let table = &*DIVISIONS;
        let id = table.id_of_packed[packed as usize];
        Self {
            faces: table.rolls[usize::from(id)].faces,
            id,
        }
    }

    /// The faces, ascending.
    pub fn faces(&self) -> [u8; DICE] {
        self.faces
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.faces;
        write!(f, "{a} {b} {c} {d} {e}")
    }
}

/// One way to divide a roll: the die set aside and the sums of the two pairs.
///
/// Only [`Sheet::legal_choices`] makes choices, so a choice always names a face from 1 to 6 and
/// sums from 2 to 12. Two ways of dividing the same roll that mark the same sheet rows are the
/// same choice. The derived order (set-aside face, then sums) is the order choices are listed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Choice {
    set_aside: u8,
    sums: [u8; 2],
    free_ride: bool,
}

impl Choice {
    /// The face of the die set aside: the face marked as a throwaway unless this is a free ride.
    pub fn set_aside(&self) -> u8 {
        self.set_aside
    }

    /// The two pair sums, smaller first.
    pub fn sums(&self) -> [u8; 2] {
        self.sums
    }

    /// Whether the die is set aside without a throwaway mark (three faces chosen, none rolled).
    pub fn free_ride(&self) -> bool {
        self.free_ride
    }

    /// The face that gets a throwaway mark, if any.
    pub fn throwaway(&self) -> Option<u8> {
        (!self.free_ride).then_some(self.set_aside)
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [low, high] = self.sums;
        let kind = if self.free_ride {
            "free ride"
        } else {
            "throwaway"
        };
        write!(f, "{low} + {high}, {kind} {}", self.set_aside)
    }
}

/// The legal choices of a roll: a slice of at most [`MAX_CHOICES`] kept on the stack, because the
/// hot loop lists them on every roll.
#[derive(Clone, Copy, Debug)]
pub struct Choices {
    list: [Choice; MAX_CHOICES],
    len: u8,
}

impl Choices {
    const EMPTY: Self = Self {
        list: [Choice {
            set_aside: 1,
            sums: [MIN_SUM; 2],
            free_ride: false,
        }; MAX_CHOICES],
        len: 0,
    };

    fn push(&mut self, choice: Choice) {
        self.list[self.len as usize] = choice;
        self.len += 1;
    }
}

impl Deref for Choices {
    type Target = [Choice];

    fn deref(&self) -> &[Choice] {
        &self.list[..self.len as usize]
    }
}

/// The packed code of `faces` (face `faces[i]` as base-6 digit `i`, least significant first),
/// the inverse of [`unpack`].
fn packed_code(faces: &[u8; DICE]) -> usize {
    faces
        .iter()
        .rev()
        .fold(0, |code, &f| code * 6 + usize::from(f - 1))
}

/// A distinct roll: its faces, the faces it shows (bit f - 1 for face f), and its divisions on a
/// sheet with fewer than three faces chosen: all [`Sheet::legal_choices`] needs to filter them
/// for any sheet.
#[derive(Clone, Copy, Debug)]
struct RollDivisions {
    faces: [u8; DICE],
    shows: u8,
    choices: Choices,
}

/// The 252 distinct rolls with their divisions (about 17 KB), and for each packed roll (the
/// base-6 digits of [`crate::dice::roll_packed`], 0 to 7775) the index of its distinct roll.
struct DivisionTable {
    id_of_packed: Box<[u8; 7776]>,
    rolls: Vec<RollDivisions>,
}

/// Built on first use, from the rule as written ([`Sheet::list_choices`]).
static DIVISIONS: LazyLock<DivisionTable> = LazyLock::new(|| {
    let mut rolls: Vec<RollDivisions> = Vec::with_capacity(252);
    let mut id_of_packed = Box::new([0u8; 7776]);
    let empty = Sheet::new();
    let mut faces = [1u8; DICE];
    loop {
        let roll = Roll {
            faces,
            id: u8::try_from(rolls.len()).expect("252 distinct rolls"),
        };
        // A sorted roll's own code names it; every other order is mapped through this below.
        id_of_packed[packed_code(&faces)] = roll.id;
        rolls.push(RollDivisions {
            faces,
            shows: faces.iter().fold(0, |m, &f| m | 1 << (f - 1)),
            choices: empty.list_choices(&roll),
        });
        // The next non-decreasing tuple of faces.
        let Some(i) = (0..DICE).rev().find(|&i| faces[i] < 6) else {
            break;
        };
        let next = faces[i] + 1;
        faces[i..].iter_mut().for_each(|f| *f = next);
    }
    for packed in 0..id_of_packed.len() {
        let mut faces = [0u8; DICE];
        unpack(packed as u64, &mut faces);
        faces.sort_unstable();
        id_of_packed[packed] = id_of_packed[packed_code(&faces)];
    }
    DivisionTable {
        id_of_packed,
        rolls,
    }
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
    /// [`Choice`]'s `Ord` (set-aside face, then the smaller sum); none once the game is over.
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
        let mut out = Choices::EMPTY;
        if self.is_over() {
            return out;
        }
        let divisions = &DIVISIONS.rolls[usize::from(roll.id)];
        let mut chosen = 0u8;
        for (face, &marks) in self.throwaways.iter().enumerate() {
            chosen |= u8::from(marks > 0) << face;
        }
        let full = chosen.count_ones() >= u32::from(MAX_THROWAWAY_FACES);
        if !full {
            return divisions.choices;
        }
        if divisions.shows & chosen == 0 {
            out = divisions.choices;
            for c in &mut out.list[..usize::from(out.len)] {
                c.free_ride = true;
            }
            return out;
        }
        for &c in divisions.choices.iter() {
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
        let faces = roll.faces;
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
    /// `choice` must come from [`Sheet::legal_choices`] for this sheet; a choice from another
    /// sheet could throw away a fourth face (checked in debug builds only, to keep the hot loop
    /// free of it).
    pub fn apply(&mut self, choice: Choice) {
        for sum in choice.sums {
            let m = &mut self.marks[usize::from(sum - MIN_SUM)];
            *m = m.saturating_add(1);
        }
        if !choice.free_ride {
            let t = &mut self.throwaways[usize::from(choice.set_aside - 1)];
            *t = t.saturating_add(1);
        }
        debug_assert!(self.throwaway_faces() <= MAX_THROWAWAY_FACES);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(faces: [u8; DICE]) -> Roll {
        Roll::new(faces).unwrap()
    }

    fn every_roll() -> impl Iterator<Item = Roll> {
        (0..pow6(DICE as u32)).map(Roll::from_packed)
    }

    fn has(choices: &[Choice], set_aside: u8, sums: [u8; 2]) -> bool {
        choices
            .iter()
            .any(|c| c.set_aside() == set_aside && c.sums() == sums)
    }

    /// The text's example B sheet: 3 x2, 5 x7, 7 x8, 8 x4, 9 x5; throwaways 1 x6, 2 x4, 5 x3.
    fn example_b() -> Sheet {
        Sheet::from_marks(
            &[(3, 2), (5, 7), (7, 8), (8, 4), (9, 5)],
            &[(1, 6), (2, 4), (5, 3)],
        )
        .unwrap()
    }

    #[test]
    fn example_b_scores_minus_210() {
        let sheet = example_b();
        assert_eq!(sheet.score(), -210);
        // The text's own breakdown, row by row.
        assert_eq!(sum_score(3, 2), -200);
        assert_eq!(sum_score(5, 7), 100);
        assert_eq!(sum_score(7, 8), 90);
        assert_eq!(sum_score(8, 4), -200);
        assert_eq!(sum_score(9, 5), 0);
        // 13 throwaway marks and 26 sum marks: 13 rolls, none a free ride.
        let sum_marks: u32 = (2..=12).map(|s| u32::from(sheet.marks(s))).sum();
        let throwaway_marks: u32 = (1..=6).map(|f| u32::from(sheet.throwaway_marks(f))).sum();
        assert_eq!((sum_marks, throwaway_marks), (26, 13));
    }

    #[test]
    fn example_b_advice_holds() {
        // "If she uses the number 1 two more times the game will end."
        let mut sheet = example_b();
        for _ in 0..2 {
            assert!(!sheet.is_over());
            let choices = sheet.legal_choices(&roll([1, 3, 3, 4, 4]));
            assert!(choices.iter().all(|c| c.throwaway() == Some(1)));
            sheet.apply(choices[0]);
        }
        assert!(sheet.is_over());
        // "The next 8 will remove the -200 penalty": 8 goes from 4 marks (-200) to 5 (0).
        let sheet = example_b();
        let choices = sheet.legal_choices(&roll([2, 4, 4, 3, 5]));
        assert_eq!(sum_score(8, 5) - sum_score(8, 4), 200);
        // Here 4+4 and 3+5 (2 thrown away) mark 8 twice: -200 becomes +40.
        let eights = choices
            .iter()
            .find(|c| c.sums() == [8, 8])
            .expect("4+4 and 3+5 with the 2 thrown away");
        assert_eq!(eights.throwaway(), Some(2));
        assert_eq!(sheet.score_change(*eights), 240);
    }

    #[test]
    fn example_a_groups_1_5_and_1_6_with_3_thrown_away() {
        let mut sheet = Sheet::new();
        let r = roll([1, 1, 3, 5, 6]);
        let choices = sheet.legal_choices(&r);
        let a = *choices
            .iter()
            .find(|c| c.set_aside() == 3 && c.sums() == [6, 7])
            .expect("1+5, 1+6, throwaway 3 is legal");
        assert!(!a.free_ride());
        // Throw away 1: 1 3 5 6 pairs three ways; 3, 5 or 6: the two 1's make two ways each.
        assert_eq!(choices.len(), 3 + 2 + 2 + 2);
        sheet.apply(a);
        assert_eq!((sheet.marks(6), sheet.marks(7)), (1, 1));
        assert_eq!(sheet.throwaway_marks(3), 1);
        assert_eq!(sheet.throwaway_faces(), 1);
        assert_eq!(sheet.score(), -400);
    }

    #[test]
    fn the_texts_free_ride_example() {
        // "you roll 1 1 2 2 3 and you have already marked the throwaway dice 4, 5, and 6".
        let sheet = Sheet::from_marks(&[], &[(4, 1), (5, 1), (6, 1)]).unwrap();
        let choices = sheet.legal_choices(&roll([1, 1, 2, 2, 3]));
        assert!(
            choices
                .iter()
                .all(|c| c.free_ride() && c.throwaway().is_none())
        );
        // Any die may go: 1 (3+5, 4+4), 2 (2+5, 3+4), 3 (2+4, 3+3).
        let sums: Vec<(u8, [u8; 2])> = choices.iter().map(|c| (c.set_aside(), c.sums())).collect();
        assert_eq!(
            sums,
            [
                (1, [3, 5]),
                (1, [4, 4]),
                (2, [2, 5]),
                (2, [3, 4]),
                (3, [2, 4]),
                (3, [3, 3])
            ]
        );
        let mut after = sheet;
        after.apply(choices[1]);
        assert_eq!(after.marks(4), 2);
        assert_eq!(
            (4..=6)
                .map(|f| after.throwaway_marks(f))
                .collect::<Vec<_>>(),
            [1, 1, 1],
            "no throwaway mark on a free ride"
        );
    }

    #[test]
    fn with_three_faces_chosen_a_rolled_one_must_be_used() {
        let sheet = Sheet::from_marks(&[], &[(1, 2), (2, 1), (3, 5)]).unwrap();
        let choices = sheet.legal_choices(&roll([1, 4, 5, 6, 6]));
        assert_eq!(
            choices.iter().map(|c| c.sums()).collect::<Vec<_>>(),
            [[9, 12], [10, 11]]
        );
        assert!(choices.iter().all(|c| c.throwaway() == Some(1)));
        // Two chosen faces showing: either, never 4, 5 or 6.
        let choices = sheet.legal_choices(&roll([2, 3, 4, 5, 6]));
        assert!(choices.iter().all(|c| matches!(c.throwaway(), Some(2 | 3))));
        assert!(has(&choices, 2, [7, 11]) && has(&choices, 3, [8, 9]));
    }

    #[test]
    fn a_fourth_throwaway_face_is_never_allowed() {
        for faces in [[1, 2, 3], [2, 4, 6], [1, 5, 6]] {
            let sheet =
                Sheet::from_marks(&[], &[(faces[0], 1), (faces[1], 7), (faces[2], 3)]).unwrap();
            let chosen = |f: u8| sheet.throwaway_marks(f) > 0;
            for r in every_roll() {
                let choices = sheet.legal_choices(&r);
                let shows_one = r.faces().iter().any(|&f| chosen(f));
                assert!(!choices.is_empty(), "{r}");
                for c in choices.iter() {
                    assert_eq!(c.free_ride(), !shows_one, "{r}: {c}");
                    if let Some(face) = c.throwaway() {
                        assert!(chosen(face), "{r}: {c}");
                    }
                    let mut after = sheet;
                    after.apply(*c);
                    assert_eq!(after.throwaway_faces(), 3, "{r}: {c}");
                }
            }
        }
        // With two chosen, a third (new) face is fine.
        let sheet = Sheet::from_marks(&[], &[(1, 1), (2, 1)]).unwrap();
        let choices = sheet.legal_choices(&roll([3, 4, 4, 5, 5]));
        assert!(has(&choices, 3, [8, 10]) && has(&choices, 5, [7, 9]));
        assert!(choices.iter().all(|c| !c.free_ride()));
    }

    #[test]
    fn choices_are_distinct_sorted_and_at_most_fifteen() {
        let sheets = [
            Sheet::new(),
            Sheet::from_marks(&[], &[(2, 3)]).unwrap(),
            Sheet::from_marks(&[], &[(2, 3), (6, 1), (4, 4)]).unwrap(),
        ];
        for sheet in sheets {
            for r in every_roll() {
                let choices = sheet.legal_choices(&r);
                assert!((1..=MAX_CHOICES).contains(&choices.len()), "{r}");
                assert!(choices.windows(2).all(|w| w[0] < w[1]), "{r}");
                for c in choices.iter() {
                    let [low, high] = c.sums();
                    assert!(low <= high);
                    assert_eq!(
                        low + high + c.set_aside(),
                        r.faces().iter().sum::<u8>(),
                        "{r}: {c}"
                    );
                }
            }
        }
        // Five different faces: every die and every pairing give a different choice.
        assert_eq!(Sheet::new().legal_choices(&roll([1, 2, 3, 4, 5])).len(), 15);
        // Five equal faces: one choice.
        let only = Sheet::new().legal_choices(&roll([6, 6, 6, 6, 6]));
        assert_eq!(only.len(), 1);
        assert_eq!((only[0].set_aside(), only[0].sums()), (6, [12, 12]));
    }

    #[test]
    fn the_game_ends_on_the_eighth_mark_after_that_roll_is_scored() {
        let mut sheet = Sheet::from_marks(&[(8, 4)], &[(1, 7), (2, 1), (3, 1)]).unwrap();
        assert!(!sheet.is_over());
        let choices = sheet.legal_choices(&roll([1, 4, 4, 4, 4]));
        assert_eq!(choices.len(), 1);
        sheet.apply(choices[0]);
        assert!(sheet.is_over());
        // The ending roll's marks count: 8 went from 4 marks to 6.
        assert_eq!(sheet.marks(8), 6);
        assert_eq!(sheet.score(), 40);
        assert!(sheet.legal_choices(&roll([1, 2, 3, 4, 5])).is_empty());
    }

    #[test]
    fn every_scoring_band() {
        for sum in MIN_SUM..=MAX_SUM {
            let value = VALUES[usize::from(sum - MIN_SUM)];
            let expected = |marks: u8| match marks {
                0 => 0,
                1..=4 => -200,
                5 => 0,
                6..=10 => value * i32::from(marks - 5),
                _ => value * 5,
            };
            for marks in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 40, 255] {
                assert_eq!(sum_score(sum, marks), expected(marks), "{sum} x{marks}");
                let sheet = Sheet::from_marks(&[(sum, marks)], &[]).unwrap();
                assert_eq!(sheet.score(), expected(marks), "{sum} x{marks}");
            }
        }
        assert_eq!(VALUES, [100, 70, 60, 50, 40, 30, 40, 50, 60, 70, 100]);
        // Hand-made sheets mixing every band.
        let sheet = Sheet::from_marks(
            &[(2, 1), (3, 4), (4, 5), (6, 6), (7, 10), (12, 11), (11, 0)],
            &[],
        )
        .unwrap();
        // 2 and 3 open at -200 each, 4 breaks even, then 6, 7 and 12 pay.
        assert_eq!(sheet.score(), -400 + 40 + 150 + 500);
        assert_eq!(Sheet::new().score(), 0);
        let best = Sheet::from_marks(&(2..=12).map(|s| (s, 10)).collect::<Vec<_>>(), &[]);
        assert_eq!(best.unwrap().score(), 5 * VALUES.iter().sum::<i32>());
    }

    #[test]
    fn marks_beyond_ten_count_as_ten() {
        let mut sheet = Sheet::from_marks(&[(2, 9)], &[]).unwrap();
        let double_two = sheet.legal_choices(&roll([1, 1, 1, 1, 1]))[0];
        assert_eq!(double_two.sums(), [2, 2]);
        assert_eq!(
            sheet.score_change(double_two),
            100,
            "9 -> 11 pays only the tenth"
        );
        sheet.apply(double_two);
        assert_eq!((sheet.marks(2), sheet.score()), (11, 500));
        assert_eq!(sheet.score_change(double_two), 0);
        sheet.apply(double_two);
        assert_eq!((sheet.marks(2), sheet.score()), (13, 500));
    }

    #[test]
    fn the_division_table_lists_what_the_rule_lists_on_every_kind_of_sheet() {
        // No face, one, two, three chosen (every set of three), and a finished sheet.
        let mut sheets = vec![
            Sheet::new(),
            Sheet::from_marks(&[], &[(4, 2)]).unwrap(),
            Sheet::from_marks(&[(7, 3)], &[(1, 1), (6, 7)]).unwrap(),
            Sheet::from_marks(&[], &[(2, 8)]).unwrap(),
        ];
        for a in 1..=6u8 {
            for b in a + 1..=6 {
                for c in b + 1..=6 {
                    sheets.push(Sheet::from_marks(&[], &[(a, 1), (b, 2), (c, 7)]).unwrap());
                }
            }
        }
        let mut free_rides = 0;
        for sheet in &sheets {
            for r in every_roll() {
                let fast = sheet.legal_choices(&r);
                if sheet.is_over() {
                    assert!(fast.is_empty());
                    continue;
                }
                // Against the rule read literally, not the listing that built the table.
                let listed: Vec<(u8, [u8; 2], bool)> = fast
                    .iter()
                    .map(|c| (c.set_aside(), c.sums(), c.free_ride()))
                    .collect();
                assert_eq!(
                    listed,
                    reference_choices(sheet, r.faces()),
                    "{r} on {sheet:?}"
                );
                free_rides += usize::from(fast.first().is_some_and(|c| c.free_ride()));
            }
        }
        // Each set of three faces leaves 3^5 of the 7,776 ordered rolls free: 243 here.
        assert_eq!(free_rides, 20 * 243);
    }

    #[test]
    fn score_change_is_the_difference_of_whole_scores() {
        let sheets = [
            Sheet::new(),
            example_b(),
            Sheet::from_marks(&(2..=12).map(|s| (s, s - 1)).collect::<Vec<_>>(), &[]).unwrap(),
            // Counts saturate at 255: nothing changes past ten marks, even there.
            Sheet::from_marks(&[(2, 254), (7, 255), (12, 10)], &[]).unwrap(),
        ];
        for sheet in sheets {
            for r in every_roll() {
                for c in sheet.legal_choices(&r).iter() {
                    let mut after = sheet;
                    after.apply(*c);
                    assert_eq!(sheet.score_change(*c), after.score() - sheet.score());
                }
            }
        }
    }

    #[test]
    fn bad_rolls_and_sheets_are_refused_with_the_reason() {
        assert!(
            Roll::new([1, 2, 7, 3, 4])
                .unwrap_err()
                .to_string()
                .contains("found 7")
        );
        assert!(Roll::new([0, 2, 2, 3, 4]).is_err());
        assert_eq!(roll([6, 2, 5, 1, 2]).faces(), [1, 2, 2, 5, 6]);
        assert_eq!(roll([6, 2, 5, 1, 2]).to_string(), "1 2 2 5 6");
        for (marks, throwaways, expected) in [
            (&[(13, 1)][..], &[][..], "sum 13 has no row"),
            (&[(1, 1)][..], &[][..], "sum 1 has no row"),
            (&[(4, 1), (4, 2)][..], &[][..], "sum 4 given twice"),
            (&[][..], &[(7, 1)][..], "face 7 does not exist"),
            (&[][..], &[(2, 1), (2, 1)][..], "face 2 given twice"),
            (&[][..], &[(2, 9)][..], "ends at 8"),
            (&[][..], &[(1, 1), (2, 1), (3, 1), (4, 1)][..], "at most 3"),
            (&[][..], &[(1, 8), (2, 8)][..], "ends at the first"),
        ] {
            let e = Sheet::from_marks(marks, throwaways)
                .unwrap_err()
                .to_string();
            assert!(e.contains(expected), "{e}");
        }
        // Rows with 0 marks are not chosen faces.
        let sheet = Sheet::from_marks(&[], &[(1, 0), (2, 1), (3, 1), (4, 1)]).unwrap();
        assert_eq!(sheet.throwaway_faces(), 3);
        assert_eq!((sheet.marks(13), sheet.throwaway_marks(0)), (0, 0));
    }

    /// The rule text read literally: every die of the roll as it fell, every way to pair the
    /// other four, kept if the must-use rule allows it; nothing sorted or skipped.
    fn reference_choices(sheet: &Sheet, faces: [u8; DICE]) -> Vec<(u8, [u8; 2], bool)> {
        let chosen = |f: u8| sheet.throwaway_marks(f) > 0;
        let full = (1..=6).filter(|&f| chosen(f)).count() == 3;
        let shows_chosen = faces.iter().any(|&f| chosen(f));
        let mut out = std::collections::BTreeSet::new();
        for i in 0..DICE {
            let rest: Vec<u8> = (0..DICE).filter(|&j| j != i).map(|j| faces[j]).collect();
            for (p, q, r, s) in [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)] {
                let (x, y) = (rest[p] + rest[q], rest[r] + rest[s]);
                let legal = !full || !shows_chosen || chosen(faces[i]);
                if legal {
                    out.insert((faces[i], [x.min(y), x.max(y)], full && !shows_chosen));
                }
            }
        }
        out.into_iter().collect()
    }

    proptest::proptest! {
        #[test]
        fn legal_choices_match_the_text_read_literally(
            faces in proptest::array::uniform5(1u8..=6),
            thrown in proptest::collection::btree_map(1u8..=6, 1u8..END_MARKS, 0..=3),
        ) {
            let thrown: Vec<(u8, u8)> = thrown.into_iter().collect();
            let sheet = Sheet::from_marks(&[], &thrown).unwrap();
            let ours: Vec<(u8, [u8; 2], bool)> = sheet
                .legal_choices(&roll(faces))
                .iter()
                .map(|c| (c.set_aside(), c.sums(), c.free_ride()))
                .collect();
            proptest::prop_assert_eq!(ours, reference_choices(&sheet, faces));
        }
    }

    /// The hot loop copies sheets and lists choices on every roll: keep them this small.
    #[test]
    fn sheets_and_choices_stay_small() {
        assert_eq!(std::mem::size_of::<Sheet>(), 17);
        assert_eq!(std::mem::size_of::<Choice>(), 4);
        assert_eq!(std::mem::size_of::<Choices>(), 61);
    }

    #[test]
    fn packed_rolls_are_the_base_6_digits_sorted() {
        // Digits low first 5, 0, 2, 0, 1 => faces 6, 1, 3, 1, 2.
        let packed = 5 + 2 * 36 + 1296;
        assert_eq!(Roll::from_packed(packed).faces(), [1, 1, 2, 3, 6]);
        assert_eq!(Roll::from_packed(0).faces(), [1; 5]);
        assert_eq!(Roll::from_packed(pow6(5) - 1).faces(), [6; 5]);
    }

    #[test]
    fn the_distinct_rolls_are_every_sorted_roll_once_in_order() {
        let distinct: Vec<Roll> = Roll::distinct().collect();
        assert_eq!(distinct.len(), 252);
        assert!(
            distinct.windows(2).all(|w| w[0] < w[1]),
            "ascending, no repeats"
        );
        for r in &distinct {
            assert_eq!(Roll::new(r.faces()).unwrap(), *r);
        }
        let mut sorted: Vec<Roll> = every_roll().collect();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, distinct);
    }
}
