//! What a rule reads: its variables, their names, and their values at one decision.

use super::super::rules::Kept;

/// A variable a rule can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Var {
    /// Rolls used so far this turn (1 after the first roll).
    Roll,
    /// Rolls this turn may use (fewer than `max_rolls` for a follower under
    /// `follower_limit=leader`).
    Rolls,
    /// Dice kept after removing sevens.
    Dice,
    /// Their sum.
    Sum,
    /// The best score so far this round for a follower; -1 when there is nothing to beat (a
    /// round's first player, a single turn), so `sum > to_beat` always holds then.
    ToBeat,
    /// The round, 1 to `rounds`; a play-off round reads `rounds + 1`.
    Round,
    /// The rounds of a game (`rounds=`).
    Rounds,
    /// My total before this turn.
    Me,
    /// The highest total of the other players, this round's scores of those who have played
    /// included.
    BestOther,
}

/// Every variable with its name, in the order the docs list them.
pub const VARIABLES: [(&str, Var, &str); 9] = [
    (
        "roll",
        Var::Roll,
        "rolls used so far this turn (1 after the first roll)",
    ),
    ("rolls", Var::Rolls, "rolls this turn may use"),
    ("dice", Var::Dice, "dice kept after removing sevens"),
    ("sum", Var::Sum, "their sum"),
    (
        "to_beat",
        Var::ToBeat,
        "the best score so far this round (a follower); -1 with nothing to beat",
    ),
    (
        "round",
        Var::Round,
        "the round of the game, from 1 (games only)",
    ),
    ("rounds", Var::Rounds, "the rounds of a game (games only)"),
    ("me", Var::Me, "my total before this turn (games only)"),
    (
        "best_other",
        Var::BestOther,
        "the highest total of the other players (games only)",
    ),
];

impl Var {
    pub(super) fn name(self) -> &'static str {
        VARIABLES
            .iter()
            .find(|(_, v, _)| *v == self)
            .map(|(n, _, _)| *n)
            .expect("every variable is listed")
    }

    /// Whether the variable exists only in a game (it has no value in a single turn).
    pub fn of_game(self) -> bool {
        matches!(self, Var::Round | Var::Rounds | Var::Me | Var::BestOther)
    }
}

/// The values of the variables at one decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Vars {
    /// `roll`.
    pub roll: i64,
    /// `rolls`.
    pub rolls: i64,
    /// `dice`.
    pub dice: i64,
    /// `sum`.
    pub sum: i64,
    /// `to_beat` (-1: nothing to beat).
    pub to_beat: i64,
    /// `round`.
    pub round: i64,
    /// `rounds`.
    pub rounds: i64,
    /// `me`.
    pub me: i64,
    /// `best_other`.
    pub best_other: i64,
}

impl Vars {
    /// The turn's variables after roll `roll` of `rolls` with `kept`; the game's are 0 (a rule
    /// that reads them is asked with them set, by [`GameRule`]).
    pub fn turn(roll: u8, rolls: u8, kept: Kept, to_beat: i64) -> Self {
        Self {
            roll: i64::from(roll),
            rolls: i64::from(rolls),
            dice: i64::from(kept.dice),
            sum: i64::from(kept.sum),
            to_beat,
            ..Self::default()
        }
    }

    pub(super) fn get(&self, v: Var) -> i64 {
        match v {
            Var::Roll => self.roll,
            Var::Rolls => self.rolls,
            Var::Dice => self.dice,
            Var::Sum => self.sum,
            Var::ToBeat => self.to_beat,
            Var::Round => self.round,
            Var::Rounds => self.rounds,
            Var::Me => self.me,
            Var::BestOther => self.best_other,
        }
    }
}
