//! Review as a capability of a game, as advice and play are: a game that reviews its records
//! gives a [`Reviewer`] (`Game::reviewer`), and the operations layer goes through the registry
//! to it, so a game registered from outside the crate is reviewed as a built-in one is, and no
//! shared code knows a game by its name.

use std::any::Any;

use crate::engine::RunConfig;
use crate::error::Result;

use super::record::GameRecord;
use super::{GameReview, Pass};

/// How a game's turns are written in a record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RecordKind {
    /// A turn is its throws of dice (`WHO: 6 5 3 / 4 4`): the dice games.
    #[default]
    Throws,
    /// A turn's text after the colon is kept whole for the game to read, and a round opens
    /// with a `deal WHO: CARDS` line a seat: the card games (7).
    Cards,
}

impl RecordKind {
    /// What one of its moments is called where a game's review counts them: a play of cards
    /// or a throw of dice.
    pub fn step(self) -> &'static str {
        match self {
            RecordKind::Throws => "throw",
            RecordKind::Cards => "play",
        }
    }
}

/// What a reviewer keeps from one game of a file to the next (the solutions of the rules seen
/// last, the standings valued so far): a file of many games under one rule set is solved once.
/// Each reviewer keeps what it likes; the file's review holds it for it, one a game.
#[derive(Default)]
pub struct Kept(Option<Box<dyn Any + Send>>);

impl Kept {
    /// What was kept, as the reviewer's type `T`: empty (`T::default()`) the first time.
    pub fn get<T: Default + Send + 'static>(&mut self) -> &mut T {
        if !self.0.as_ref().is_some_and(|k| k.is::<T>()) {
            self.0 = Some(Box::new(T::default()));
        }
        self.0
            .as_mut()
            .and_then(|k| k.downcast_mut::<T>())
            .expect("just made a T")
    }
}

/// A game's review of its own records: replayed against its rules and valued moment by moment
/// ([`GameReview`]).
pub trait Reviewer: Sync {
    /// How the game's turns are written in a record.
    fn kind(&self) -> RecordKind;

    /// Whether its values are estimated by play-outs, seconds a game (told a step a game as a
    /// file is reviewed), rather than exact and quick.
    fn estimated(&self) -> bool;

    /// The seats a review takes, in words, where it takes fewer than the game does (Sevens is
    /// solved whole for two or three players only); `None` where it reviews every game.
    fn seats(&self) -> Option<&'static str> {
        None
    }

    /// Whether a turn may go on after a throw, its player deciding whether to throw again (a
    /// record's line ending in `/`): Sevens' turns may; a cast or a divided roll is a turn.
    fn turns_go_on(&self) -> bool {
        false
    }

    /// Replays `game` (a record's game, named `what` in errors) against its rules and values
    /// each moment as `pass` says: valued, with the play-outs of an estimated review sized,
    /// seeded and threaded by `run`, or only checked, which refuses all the valuing would,
    /// in a moment. `kept` is what this reviewer kept from the file's games before. A game
    /// that breaks its rules is refused with its line and column.
    fn review(
        &self,
        what: &str,
        game: &GameRecord,
        kept: &mut Kept,
        run: &RunConfig<Option<u64>>,
        pass: Pass,
    ) -> Result<GameReview>;
}
