//! Greedy's own game loop: the policy runs of millions of games use most, played without listing
//! a roll's choices.
//!
//! Greedy (`OneStep(`[`Greedy`](super::policy::Greedy)`)`) picks, from [`Sheet::legal_choices`],
//! the first choice with the largest [`Sheet::score_change`]. [`GreedyGame`] makes the same choice from tables built
//! once: each packed roll's distinct roll and the faces it shows in one look-up, each distinct
//! roll's divisions packed four bytes apiece in a 64-byte line, and each row's score change kept
//! up to date as the sheet changes (two rows a roll). What a roll needs of the throwaways (which
//! faces are chosen, whether three are) is kept beside the sheet rather than read back from it:
//! reading the sheet's bytes as one word just after a byte of it was written made the processor
//! wait for the write.

use std::sync::LazyLock;

use super::choice::Choice;
use super::roll::Roll;
use super::rules::{
    END_MARKS, MARK_CAP, MARK_CHANGE, MAX_CHOICES, MAX_SUM, MAX_THROWAWAY_FACES, MIN_SUM,
};
use super::sheet::Sheet;

/// A division packed in four bytes: the set-aside face's bit (bit `f - 1`; 0 for an empty
/// place, which no sheet allows), the smaller sum, the larger, and all ones when the sums are
/// equal (two marks on one row).
type Packed = u32;

/// One distinct roll's divisions, in [`Sheet::legal_choices`]' order, empty places after them.
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Divisions([Packed; 16]);

/// What greedy reads of a roll: its divisions by distinct roll, and each packed roll's distinct
/// roll and shown faces.
struct Tables {
    divisions: Box<[Divisions; 256]>,
    /// Per packed roll of five dice (0 to 7,775): the distinct roll's id (low byte) and the
    /// faces it shows (high byte).
    rolls: Box<[u16; 8192]>,
}

/// Built on first use, from the legal choices of an empty sheet (every division of the roll).
static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut divisions = Box::new([Divisions([0; 16]); 256]);
    let empty = Sheet::new();
    for roll in Roll::distinct() {
        let choices = empty.legal_choices(&roll);
        assert!(choices.len() <= MAX_CHOICES);
        for (place, c) in divisions[roll.id()].0.iter_mut().zip(choices.iter()) {
            let [low, high] = c.sums;
            let same = if low == high { 0xFF } else { 0 };
            *place = u32::from_le_bytes([1 << (c.set_aside - 1), low, high, same]);
        }
        // The count in the last place's top byte: no roll has sixteen divisions.
        divisions[roll.id()].0[15] = (choices.len() as u32) << 24;
    }
    let mut rolls = Box::new([0u16; 8192]);
    for (packed, entry) in rolls.iter_mut().enumerate().take(7776) {
        let roll = Roll::from_packed(packed as u64);
        *entry = roll.id() as u16 | u16::from(roll.shown_faces()) << 8;
    }
    Tables { divisions, rolls }
});

/// Each row's score change for one mark and the extra for a second, indexed by the sum itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Gains {
    /// A mark's change of the row's score.
    one: [i32; 16],
    /// What two marks change beyond twice one mark's change.
    two_extra: [i32; 16],
}

/// A greedy game in progress: the sheet, and what greedy reads of it each roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GreedyGame {
    sheet: Sheet,
    gains: Gains,
    /// Faces with a throwaway mark, bit `f - 1` for face `f`.
    chosen: u8,
    /// Faces a roll may set aside when it shows a chosen face: every face until three are
    /// chosen, then those three.
    allowed: u8,
}

impl Default for GreedyGame {
    fn default() -> Self {
        Self::new()
    }
}

impl GreedyGame {
    /// A game from the empty sheet.
    pub fn new() -> Self {
        Self::from_sheet(Sheet::new())
    }

    /// A game from `sheet` (one whose game is not over), as if it had been played to it.
    pub fn from_sheet(sheet: Sheet) -> Self {
        let mut game = Self {
            sheet,
            gains: Gains {
                one: [0; 16],
                two_extra: [0; 16],
            },
            chosen: 0,
            allowed: 0x3F,
        };
        for sum in MIN_SUM..=MAX_SUM {
            game.update(sum);
        }
        for face in 1..=6 {
            if sheet.throwaway_marks(face) > 0 {
                game.choose_face(face);
            }
        }
        game
    }

    /// The sheet as it stands.
    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    /// Takes the row of `sum` again from the sheet, after it changed.
    #[inline(always)]
    fn update(&mut self, sum: u8) {
        let row = usize::from(sum - MIN_SUM);
        let marks = usize::from(self.sheet.marks(sum).min(MARK_CAP));
        let one = MARK_CHANGE[0][row][marks];
        self.gains.one[usize::from(sum)] = one;
        self.gains.two_extra[usize::from(sum)] = MARK_CHANGE[1][row][marks] - 2 * one;
    }

    /// The choice greedy makes on the packed roll of five dice `packed` (below 6^5): the first
    /// legal choice of [`Sheet::legal_choices`] with the largest [`Sheet::score_change`].
    #[inline(always)]
    pub fn choose(&self, packed: u32) -> Choice {
        let tables = &*TABLES;
        let roll = tables.rolls[packed as usize & 8191];
        let divisions = &tables.divisions[usize::from(roll as u8)];
        let shows = (roll >> 8) as u8;
        let free_ride = self.allowed != 0x3F && shows & self.chosen == 0;
        let allowed = if free_ride { 0x3F } else { self.allowed };
        let (one, extra) = (&self.gains.one, &self.gains.two_extra);
        // Each choice's key is its change times 16 plus 15 minus its place, so the largest key
        // is the largest change and, among equal changes, the first; illegal and empty places
        // get the least key. Only the loop's end is a branch the dice decide (all sixteen places
        // every roll, unrolled, made games 1.6 times as slow).
        let mut best = i32::MIN;
        let len = (divisions.0[15] >> 24) as usize & 15;
        for (place, &d) in divisions.0[..len].iter().enumerate() {
            let [face, low, high, same] = d.to_le_bytes();
            let (low, high) = (usize::from(low & 15), usize::from(high & 15));
            let change = one[low] + one[high] + (extra[low] & i32::from(same as i8));
            let key = change * 16 + (15 - place as i32);
            best = best.max(if face & allowed != 0 { key } else { i32::MIN });
        }
        let [face, low, high, _] = divisions.0[(15 - (best & 15)) as usize].to_le_bytes();
        Choice {
            set_aside: face.trailing_zeros() as u8 + 1,
            sums: [low, high],
            free_ride,
        }
    }

    /// Marks the sheet for `choice` (one [`GreedyGame::choose`] gave) and tells whether that
    /// ended the game.
    #[inline(always)]
    pub fn apply(&mut self, choice: Choice) -> bool {
        self.sheet.apply(choice);
        for sum in choice.sums {
            self.update(sum);
        }
        if choice.free_ride {
            return false;
        }
        let face = choice.set_aside;
        self.choose_face(face);
        self.sheet.throwaway_marks(face) >= END_MARKS
    }

    /// Notes that `face` has a throwaway mark.
    #[inline(always)]
    fn choose_face(&mut self, face: u8) {
        self.chosen |= 1 << (face - 1);
        if self.chosen.count_ones() >= u32::from(MAX_THROWAWAY_FACES) {
            self.allowed = self.chosen;
        }
    }
}
