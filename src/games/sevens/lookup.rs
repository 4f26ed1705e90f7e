//! The per-roll table of the hot loop: what the first `n` dice of a packed roll of six leave,
//! looked up. Below every player of a turn (tables, the solved games, a `stop-if:` rule), so
//! each of them reads rolls the same way without depending on how a whole game is played.

use crate::dice::pow6;

use super::rolls::RollOutcomes;

/// What each roll of one to six dice leaves, indexed by the first `n` dice of a packed roll of
/// six: the remainder modulo `6^n` is taken by Lemire's fastmod (two multiplications, no
/// division and no branch on `n`, which the hot loop cannot predict). The option lists are
/// numbered in one byte and the six tables sit in one 64 KB array (56 KB of it used), indexed
/// under a mask so the hot loop has no bounds check (see `super::sim::flat`).
#[derive(Clone, Debug)]
#[doc(hidden)]
pub struct Lookup {
    lists: Box<[u8; LISTS]>,
    /// Per dice count: (fastmod constant, 6^n, start of its table in `lists`). Count 7 is no
    /// roll at all: remainder 0 at [`Lookup::NONE`], where `lists` holds 0.
    by_dice: [(u64, u64, usize); 8],
    /// Dice a turn starts with: read once per turn, so a house rule costs the hot loop nothing.
    start: u8,
}

/// The size of [`Lookup`]'s array: the tables of one to six dice (55,987 entries) fit.
const LISTS: usize = 1 << 16;

impl Lookup {
    /// The dice count that rolls nothing: its look-up is always list 0, at an entry no table
    /// uses, so a turn that has stopped can go on looking up rolls without a branch.
    pub const NONE: u8 = 7;

    /// The lookup of `tables`.
    pub fn new(outcomes: &RollOutcomes) -> Self {
        assert!(
            outcomes.sets.len() <= 256,
            "option lists are numbered in one byte"
        );
        let mut lists = Box::new([0u8; LISTS]);
        let mut by_dice = [(0, 1, LISTS - 1); 8];
        let mut start = 0;
        for (n, table) in outcomes.lookup.iter().enumerate() {
            let d = pow6(n as u32);
            by_dice[n] = ((u64::MAX / d).wrapping_add(1), d, start);
            for (slot, &set) in lists[start..].iter_mut().zip(table) {
                *slot = set as u8;
            }
            start += table.len();
        }
        assert!(start < LISTS, "the last entry stays free for no roll");
        Self {
            lists,
            by_dice,
            start: outcomes.dice,
        }
    }

    /// Dice a turn starts with.
    #[inline(always)]
    pub fn start(&self) -> u8 {
        self.start
    }

    /// The option list (an index into [`RollOutcomes::sets`]) of the first `n` dice (1 to 6) of
    /// `packed`, a roll of six; 0 for `n` = [`Lookup::NONE`].
    #[inline(always)]
    pub fn list(&self, n: u8, packed: u32) -> usize {
        let (magic, modulus, start) = self.by_dice[usize::from(n & 7)];
        let low = magic.wrapping_mul(u64::from(packed));
        let first = ((u128::from(low) * u128::from(modulus)) >> 64) as usize;
        usize::from(self.lists[(start + first) & (LISTS - 1)])
    }
}
