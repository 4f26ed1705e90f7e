//! What a policy that plays to win (`win`) plays by: a whole game solved for two or three
//! players, or a player's own rule that reads the game's state. The solutions are reached
//! through the traits here, which the solvers implement, so the policies and the engine of play
//! sit below the solvers and never name them.

use std::fmt::Debug;
use std::sync::Arc;

use super::distribution::TurnDistribution;
use super::lookup::Lookup;
use super::position::{Phase, Role, Stage, Turn};
use super::rules::Kept;
use super::stop_if::GameRule;

/// A whole two-player game solved to win, as its players and the exact odds of a game ask it.
pub(crate) trait PlaysTwo: Debug + Send + Sync {
    /// Plays one turn to win on pre-drawn `rolls`: (score, rolls used).
    fn play_turn(&self, lookup: &Lookup, phase: Phase, role: Role, rolls: &[u32]) -> (u8, u8);

    /// The same turn's kept set after each throw it made, for a record (under
    /// `removal=subsets` a choice): kept apart from [`play_turn`](Self::play_turn), which a
    /// run plays billions of times.
    fn kept_path(&self, lookup: &Lookup, phase: Phase, role: Role, rolls: &[u32]) -> Vec<Kept>;

    /// The exact distribution of a turn played to win in a position.
    fn distribution(&self, phase: Phase, role: Role) -> TurnDistribution;

    /// The luck of a turn to its mover, whoever played it: over each throw it made on `rolls`
    /// (`path`, what each throw kept), the mover's chance to win after the throw, with the
    /// solution's best choice to come, less its chance before it. Each throw's term has mean
    /// exactly 0 given what came before (the chance before is the solver's average of the
    /// chances after), so a game's sum of them is a control variate for its outcome.
    fn turn_luck(
        &self,
        lookup: &Lookup,
        phase: Phase,
        role: Role,
        rolls: &[u32],
        path: &[Kept],
    ) -> f64;
}

/// A whole three-player game solved to win, as its players and the exact values ask it.
pub(crate) trait PlaysThree: Debug + Send + Sync {
    /// Plays one turn to win on pre-drawn `rolls`: (score, rolls used).
    fn play_turn(&self, lookup: &Lookup, stage: Stage, turn: Turn, rolls: &[u32]) -> (u8, u8);

    /// The same turn's kept set after each throw it made, for a record.
    fn kept_path(&self, lookup: &Lookup, stage: Stage, turn: Turn, rolls: &[u32]) -> Vec<Kept>;

    /// The chance that each seat wins (or, under `tie=shared`, wins or shares) the game from
    /// its start, every player playing to win.
    fn p_seats(&self) -> [f64; 3];

    /// The luck of a turn to each player of its round, in turn order (in a play-off of two,
    /// the two, then 0 for the seat sitting out), whoever played it. The mover's is as
    /// [`PlaysTwo::turn_luck`] reads it. The solution keeps only the mover's chance mid-turn,
    /// so each other player is booked a share of it, negated, in proportion to its chance at
    /// the turn's start (in a play-off of two, all of it). A share fixed before the turn's
    /// first throw keeps every term's mean exactly 0, so each seat's sum over a game is a
    /// control variate for its outcome.
    fn turn_luck(
        &self,
        lookup: &Lookup,
        stage: Stage,
        turn: Turn,
        rolls: &[u32],
        path: &[Kept],
    ) -> [f64; 3];
}

/// A whole game solved exactly, which a run values each throw's luck by
/// ([`super::sim::Games::with_luck`]).
#[derive(Clone, Debug)]
pub(crate) enum Solved {
    /// Two players.
    Two(Arc<dyn PlaysTwo>),
    /// Three players.
    Three(Arc<dyn PlaysThree>),
}

/// The solution a policy that plays to win (`win`) plays by, which depends on the players.
#[derive(Clone, Debug)]
pub(crate) enum Win {
    /// Two players: the exact whole-game solution.
    Two(Arc<dyn PlaysTwo>),
    /// Three players: the exact whole-game solution.
    Three(Arc<dyn PlaysThree>),
    /// Four or more players, which are not solved: the heuristic of docs/sevens.md, the
    /// two-player solution played against the best total among the others.
    Heuristic(Arc<dyn PlaysTwo>),
    /// Not a solution but a player's own rule that reads the game's state (`stop-if:` with
    /// `round`, `me`, ...): like the solutions it decides from the round and the totals, so it
    /// is played where they are, asked at each decision.
    Rule(Arc<GameRule>),
}

impl Win {
    /// The exact two-player solution, when that is what is played.
    pub fn two(&self) -> Option<&dyn PlaysTwo> {
        match self {
            Win::Two(game) => Some(game.as_ref()),
            _ => None,
        }
    }
}
