//! The coach of 7: `advise` (every legal play in a position valued as `lookahead` values it, on
//! guesses of the hidden cards, `advice_sim` playing them out), `position` (a position as the
//! advice reads it), `seen` (the position a seat of a round sees), [`review`] (a recorded game,
//! every decision valued as the advice values it) and `session` (`dicelab play sieben` at the
//! terminal, with the coach's advice).

mod advice_sim;
mod advise;
mod position;
pub(crate) mod review;
mod seen;
mod session;
