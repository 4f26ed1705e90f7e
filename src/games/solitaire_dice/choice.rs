//! One way to divide a roll (the die set aside and the two pair sums), and a roll's legal ways,
//! listed on the stack.

use std::fmt;
use std::ops::Deref;

use super::rules::{MAX_CHOICES, MIN_SUM};

/// One way to divide a roll: the die set aside and the sums of the two pairs.
///
/// Only [`Sheet::legal_choices`](super::sheet::Sheet::legal_choices) makes choices, so a choice always names a face from 1 to 6 and
/// sums from 2 to 12. Two ways of dividing the same roll that mark the same sheet rows are the
/// same choice. The derived order (set-aside face, then sums) is the order choices are listed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Choice {
    pub(super) set_aside: u8,
    pub(super) sums: [u8; 2],
    pub(super) free_ride: bool,
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
    pub(super) list: [Choice; MAX_CHOICES],
    pub(super) len: u8,
}

impl Choices {
    /// No choice: where a list starts.
    pub(super) const EMPTY: Self = Self {
        list: [Choice {
            set_aside: 1,
            sums: [MIN_SUM; 2],
            free_ride: false,
        }; MAX_CHOICES],
        len: 0,
    };

    /// Adds a choice (at most [`MAX_CHOICES`] fit).
    pub(super) fn push(&mut self, choice: Choice) {
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
