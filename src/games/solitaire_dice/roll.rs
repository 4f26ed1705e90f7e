//! A roll of five dice, and the 252 distinct rolls every table of the game enumerates once.

use std::fmt;
use std::sync::LazyLock;

use crate::dice::{RollStream, pow6, unpack};
use crate::engine::ChunkRng;
use crate::error::{Error, Result};

use super::rules::DICE;

/// A roll of five dice, faces sorted ascending.
///
/// Sorted because the order the dice fell in never matters: sorting makes equal rolls equal values
/// and lets [`Sheet::legal_choices`](super::sheet::Sheet::legal_choices) list choices in one fixed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Roll {
    faces: [u8; DICE],
    /// Which of the 252 distinct rolls this is (a function of the faces, so order and equality
    /// are the faces'): the index of its divisions in the table every sheet filters.
    id: u8,
    /// The faces it shows, bit `f - 1` for face `f` (a function of the faces too), so a sheet
    /// tells a free ride without looking at the dice.
    shows: u8,
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
        ROLLS.rolls[usize::from(ROLLS.id_of_packed[packed_code(&faces)])]
    }

    /// The 252 distinct rolls, faces ascending, in lexicographic order: what tables that
    /// enumerate rolls once (the division table, the lookahead's expectation) iterate over.
    pub fn distinct() -> impl Iterator<Item = Roll> {
        ROLLS.rolls.iter().copied()
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
        let table = &*ROLLS;
        table.rolls[usize::from(table.id_of_packed[packed as usize])]
    }

    /// The faces, ascending.
    pub fn faces(&self) -> [u8; DICE] {
        self.faces
    }

    /// Which of the 252 distinct rolls this is, 0 to 251, in the order of [`Roll::distinct`].
    pub fn id(&self) -> usize {
        usize::from(self.id)
    }

    /// Whether the roll shows `face`.
    pub fn shows(&self, face: u8) -> bool {
        self.shows >> (face - 1) & 1 == 1
    }

    /// The faces it shows as a mask, bit `f - 1` for face `f`.
    pub(super) fn shown_faces(&self) -> u8 {
        self.shows
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.faces;
        write!(f, "{a} {b} {c} {d} {e}")
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

/// The 252 distinct rolls, and for each packed roll (the base-6 digits of
/// [`crate::dice::roll_packed`], 0 to 7775) the index of its distinct roll: a packed roll becomes
/// a sorted roll in one look-up, without unpacking or sorting in a game.
struct RollTable {
    id_of_packed: Box<[u8; 7776]>,
    rolls: Vec<Roll>,
}

/// Built on first use.
static ROLLS: LazyLock<RollTable> = LazyLock::new(|| {
    let mut rolls: Vec<Roll> = Vec::with_capacity(252);
    let mut id_of_packed = Box::new([0u8; 7776]);
    let mut faces = [1u8; DICE];
    loop {
        let roll = Roll {
            faces,
            id: u8::try_from(rolls.len()).expect("252 distinct rolls"),
            shows: faces.iter().fold(0, |m, &f| m | 1 << (f - 1)),
        };
        // A sorted roll's own code names it; every other order is mapped through this below.
        id_of_packed[packed_code(&faces)] = roll.id;
        rolls.push(roll);
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
    RollTable {
        id_of_packed,
        rolls,
    }
});

/// Rolls of five dice, three per 64-bit draw.
pub(super) type Dice = RollStream<5, 3>;

/// The rolls of one game, from `dice` (the game's own generator), as every sheet replays them.
///
/// Each sheet starts from a copy of the same generator and a fresh stream, so every sheet sees
/// the same rolls however many the others used, with no buffer to fill.
pub(super) fn game_rolls(dice: &ChunkRng) -> impl Iterator<Item = Roll> + use<> {
    let mut rng = dice.clone();
    let mut stream = Dice::new();
    std::iter::repeat_with(move || Roll::from_packed(u64::from(stream.next(&mut rng))))
}
