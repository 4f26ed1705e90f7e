//! What a game can do beyond simulating: advise a position, be played at the terminal, tune its
//! weights, study its decks. Each lookup refuses a game without the capability in one line that
//! names the games with it.

use crate::error::{Error, Result};
use std::path::Path;

use crate::games::advice::{Advice, AdviceRequest, Advisor, Position};
use crate::games::session::{PlayRequest, Playable, Session};
use crate::games::{self, DeckStudy, Game, Tuner};
use crate::input;

/// The names of the games that have a capability, for the refusal of one that has not.
fn games_with(has: impl Fn(&dyn Game) -> bool) -> String {
    games::all()
        .into_iter()
        .filter(|g| has(*g))
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `game`'s advisor.
pub fn advisor(game: &dyn Game) -> Result<&dyn Advisor> {
    game.advisor().ok_or_else(|| {
        Error::input(format!(
            "advise {}: only {} can advise a position",
            game.name(),
            games_with(|g| g.advisor().is_some())
        ))
    })
}

/// Every legal action in the position `request` describes, ranked. A solver's own parallel loops
/// (the three-player game's) keep to the request's threads, on a pool of their own.
pub fn advise(game: &dyn Game, request: &AdviceRequest) -> Result<Advice> {
    let advisor = advisor(game)?;
    let pool = crate::engine::thread_pool(request.run.threads, None)?;
    pool.install(|| advisor.advise(request))
}

/// The position a position file (JSON) describes, with the keys `given` apart from it taking
/// their place. Only read: the file is never written.
pub fn position_file(path: &Path, given: Position) -> Result<Position> {
    let what = format!("position {}", path.display());
    let text = input::read_text(&what, path)?;
    Position::from_json(&what, &text, given)
}

/// `game` at the terminal.
pub fn playable(game: &dyn Game) -> Result<&dyn Playable> {
    game.playable().ok_or_else(|| {
        Error::input(format!(
            "play {}: only {} can be played at the terminal",
            game.name(),
            games_with(|g| g.playable().is_some())
        ))
    })
}

/// A new game of `game` as `request` asks, dealt and ready for the person's first decision.
pub fn session(game: &dyn Game, request: &PlayRequest) -> Result<Box<dyn Session>> {
    playable(game)?.session(request)
}

/// `game`'s tuner.
pub fn tuner(game: &dyn Game) -> Result<&dyn Tuner> {
    game.tuner().ok_or_else(|| {
        Error::input(format!(
            "tune {}: only {} has weights to tune",
            game.name(),
            games_with(|g| g.tuner().is_some())
        ))
    })
}

/// `game`'s study of decks.
pub fn deck_study(game: &dyn Game) -> Result<&dyn DeckStudy> {
    game.deck_study().ok_or_else(|| {
        Error::input(format!(
            "decks {}: only {} is played with a deck",
            game.name(),
            games_with(|g| g.deck_study().is_some())
        ))
    })
}
