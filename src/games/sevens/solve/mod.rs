//! The exact solvers of Sevens: one turn ([`exact`], by dynamic programming), the leader's
//! dilemma ([`dilemma`]), the whole game solved to win for two players ([`game`]) and three
//! ([`game3`]), each beside the player that plays its solution (`game_player`, `game3_player`),
//! the exact odds of a two-player game under any two policies (`duel`), a policy against optimal
//! play position by position ([`disagree`]), and [`solutions`], every solution of one rule set,
//! each solved once. Shared among them: `player` (a player of solved values, the tie rule written
//! once), `fixed_point` (the one iteration every play-off's value is found by) and `parts` (an
//! action's value beside the chance to win).
//!
//! They import the game's ground (its rules, rolls, positions and policies as decision tables)
//! and each other; the policies as written ([`super::spec`]), the coach ([`super::coach`]) and
//! what `solve` and `table` print import them.

pub mod dilemma;
pub mod disagree;
pub(super) mod duel;
pub mod exact;
mod fixed_point;
pub mod game;
pub mod game3;
mod game3_player;
mod game_player;
pub(super) mod parts;
pub(super) mod player;
pub mod solutions;
