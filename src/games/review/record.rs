//! The game record: one versioned text format for whole games, typed by a person who wrote
//! down each turn's throws at a real table, or written by `simulate --record` and `play
//! --record`. docs/review.md describes it for a reader; this is the parser and the writer.
//!
//! ```text
//! dicelab record 1
//! game sevens
//! rules rounds=3
//! seat 1 person Ann
//! seat 2 policy optimal
//! round 1
//! Ann: 6 5 3 4 2 2 / 5 1
//! 2: 4 4 1 6 2 3
//! ```
//!
//! A `game` line opens each game (a file holds any number); `rules` (the game's options as
//! `key=value`, the text's rules where left out), `seed` (where the game came from) and one
//! `seat` line per seat follow, a person by name or a policy by spec. Each round opens with
//! `round N` (a play-off round with `playoff N`) and holds one line per turn: who plays it (a
//! person's name or the seat's number), a colon, then the throws in order, split by `/`, each
//! throw the dice it showed (`6 5 3 4 2 2` or `653422`). A decision the throws imply is not
//! typed: a next throw means the player rolled again, the last throw of a turn that it
//! stopped; a `/` ending the line, that the turn goes on and the record stops before the
//! player's next decision (a game written down while it is played). Where the rules leave a choice of dice (Sevens' `removal=subsets`), `keep` and the
//! dice kept follow the throw; where a throw's dice are divided into pairs (Solitaire Dice),
//! `pairs` and the pairs follow it (`6 5 3 4 2 pairs 6+5 4+2`). `#` starts a comment.
//!
//! A card game's turns are no throws ([`RecordKind::Cards`](super::RecordKind::Cards): 7): a round opens with one `deal WHO:
//! CARDS` line a seat, and a turn's text after the colon is kept whole for the game to read
//! (7's cards laid, the spots they cover and the card drawn). This module reads the text's
//! shape only; each game checks a record against its rules when it replays it.

use crate::error::{Error, Result};

pub use super::record_read::{Kinds, parse, parse_each};
pub use super::record_write::{HEAD, dice_text, write, write_game};

/// The version of the format this build reads and writes, the number on a record's first line.
pub const RECORD_VERSION: u32 = 1;

/// Where in a record a thing was typed, for an error that points at it: 1-based, as an editor
/// counts lines and characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct At {
    /// The line.
    pub line: usize,
    /// The character in the line.
    pub column: usize,
}

/// A whole file: every game in it, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    /// The games.
    pub games: Vec<GameRecord>,
}

/// One game as played.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecord {
    /// The game's name (`sevens`).
    pub game: String,
    /// Its rule options as `key=value`, as `--rule` takes them.
    pub rules: Vec<String>,
    /// The seed the game was played from, where a program dealt it.
    pub seed: Option<u64>,
    /// The seats in order: seat 1 first.
    pub seats: Vec<Seat>,
    /// The rounds in order, play-off rounds after the regular ones.
    pub rounds: Vec<RoundRecord>,
    /// Where the `game` line is.
    pub at: At,
}

impl GameRecord {
    /// Opens the next round (a play-off round where `playoff`), numbered on from the last of
    /// its kind: what a recorder writes as a game is played.
    pub fn begin_round(&mut self, playoff: bool) {
        let number = self.rounds.iter().filter(|r| r.playoff == playoff).count() as u32 + 1;
        self.rounds.push(RoundRecord {
            playoff,
            number,
            ..Default::default()
        });
    }

    /// Where a record that stops before its game does is refused: its last turn's line (or
    /// the `game` line), column 1.
    pub fn ended_at(&self) -> At {
        let line = self
            .rounds
            .last()
            .and_then(|r| r.turns.last().map(|t| t.at))
            .unwrap_or(self.at)
            .line;
        At { line, column: 1 }
    }

    /// Refuses a round typed after the game ended, `next` being the first round the game did not
    /// play (the record named `what` in errors).
    pub fn nothing_after(&self, what: &str, next: usize) -> Result<()> {
        match self.rounds.get(next) {
            Some(extra) => Err(error_at(
                what,
                extra.at,
                "the game is over before this round: nothing more is played",
            )),
            None => Ok(()),
        }
    }

    /// The specs of the seats a policy sat in, in seat order: what the record names beside its
    /// rules (a file among them, `table:FILE`, must be refused before anything reads it).
    pub fn policy_specs(&self) -> Vec<String> {
        self.seats
            .iter()
            .filter_map(|s| match s {
                Seat::Policy(spec) => Some(spec.clone()),
                Seat::Person(_) => None,
            })
            .collect()
    }

    /// Every seat as a review names it ([`Seat::label`]).
    pub fn names(&self) -> Vec<String> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| s.label(i))
            .collect()
    }
}

/// Who sat in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person, by the name its turns are typed under.
    Person(String),
    /// A policy, by its spec as `--policy` takes it.
    Policy(String),
}

impl Seat {
    /// How a review names the seat `index` (0-based): a person by name, a policy as `seat 2
    /// (optimal)`.
    pub fn label(&self, index: usize) -> String {
        match self {
            Seat::Person(name) => name.clone(),
            Seat::Policy(spec) => format!("seat {} ({spec})", index + 1),
        }
    }
}

/// One round: its turns in the order they were played.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoundRecord {
    /// Whether it is a play-off round.
    pub playoff: bool,
    /// Its number as typed (1-based, play-off rounds counted apart).
    pub number: u32,
    /// The turns.
    pub turns: Vec<TurnRecord>,
    /// A card game's deal, one line a seat (`deal Ann: 1 3 3 5 6 7 7`), each as a turn whose
    /// [`TurnRecord::cards`] holds the cards dealt.
    pub deals: Vec<TurnRecord>,
    /// Where the `round` line is.
    pub at: At,
}

/// One turn: the seat that played it and its throws.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnRecord {
    /// The seat (0-based).
    pub seat: usize,
    /// The throws in order (none in a card game).
    pub throws: Vec<ThrowRecord>,
    /// In a card game ([`RecordKind::Cards`](super::RecordKind::Cards)), the text after the colon as typed, trimmed, and where
    /// it starts: the game reads it.
    pub cards: Option<(String, At)>,
    /// Whether the turn goes on after its last throw (typed as a `/` ending the line): the
    /// record stops before the player's decision after it, as a game followed while it is
    /// played stops. Only a record's last turn can.
    pub open: bool,
    /// Where the turn's line starts.
    pub at: At,
}

/// One throw: the dice it showed and, where the rules leave a choice, the dice kept or the
/// pairs made of them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ThrowRecord {
    /// The faces shown, in the order typed.
    pub dice: Vec<u8>,
    /// The faces kept, where typed (`keep ...`).
    pub keep: Option<Vec<u8>>,
    /// The pairs made of the faces (Solitaire Dice's division: `pairs 6+5 4+2`), where typed,
    /// and where the word `pairs` stands.
    pub pairs: Option<(Vec<[u8; 2]>, At)>,
    /// Where the throw starts.
    pub at: At,
}

/// An error at `at` in the record `what` (`record game.txt`).
pub fn error_at(what: &str, at: At, why: impl std::fmt::Display) -> Error {
    Error::input(format!(
        "{what}: line {}, column {}: {why}",
        at.line, at.column
    ))
}

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;
