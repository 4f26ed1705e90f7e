//! The coach of Sevens: `advise` (stop or roll, and under `subsets` which sevens to remove, in one
//! position, every value exact) with the `position` it reads and checks, [`review`] (a recorded game valued moment by moment with the
//! whole-game solution `win` plays by) and `review_turn` (a turn valued at every state it can
//! reach, and the words its actions are named by, which `play` at the terminal shares).

pub(super) mod advise;
mod position;
pub mod review;
pub(super) mod review_turn;
mod review_values;
