//! Solitaire Dice, by Sid Sackson: five dice a roll, two pairs scored, one die thrown away.
//!
//! [`rules`] holds the sheet and the legal choices (our reading of the text is in `RULES.md`,
//! section "Solitaire Dice").

pub mod rules;
