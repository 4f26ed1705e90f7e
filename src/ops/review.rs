//! `review`: every game of a record file replayed against its rules and rated, moment by
//! moment, in each player's chance to win (`games::review`); and the records `simulate
//! --record` writes.
//!
//! ```no_run
//! let reviews = dicelab::ops::review_file(std::path::Path::new("game.txt")).unwrap();
//! for p in &reviews[0].players {
//!     println!("{}: {} + {} - {} + {} = {}", p.name, p.start, p.luck, p.cost, p.gifts, p.result);
//! }
//! ```

use std::path::Path;

use crate::error::Result;
use crate::games::Configured;
use crate::games::review::GameReview;
use crate::games::review::record::{self, GameRecord, Record};
use crate::games::sequences::review::{self as sequences, Dealt};
use crate::games::sevens::review::{self as sevens, Solved, unknown};
use crate::input;

/// Every game of the record file at `path`, reviewed; a record that breaks its rules is refused
/// whole, with its line and column, before anything is shown.
pub fn review_file(path: &Path) -> Result<Vec<GameReview>> {
    let what = format!("record {}", path.display());
    let text = input::read_text(&what, path)?;
    review_text(&what, &text)
}

/// Every game of a record's `text` (named `what` in errors), reviewed.
pub fn review_text(what: &str, text: &str) -> Result<Vec<GameReview>> {
    let record = record::parse(what, text)?;
    let mut cache = Cache::default();
    record
        .games
        .iter()
        .map(|game| cache.review(what, game))
        .collect()
}

/// One game's record (`play` reviews the game just played), reviewed; `what` names it in
/// errors.
pub fn review_game(what: &str, game: &GameRecord) -> Result<GameReview> {
    Cache::default().review(what, game)
}

/// What the games of a file are valued with, kept from one game to the next while the rules
/// stay the same.
#[derive(Default)]
struct Cache {
    solved: Solved,
    dealt: Dealt,
}

impl Cache {
    fn review(&mut self, what: &str, game: &GameRecord) -> Result<GameReview> {
        match game.game.as_str() {
            "sevens" => sevens::review(what, game, &mut self.solved),
            g if sequences::reviews(g) => sequences::review(what, game, &mut self.dealt),
            _ => Err(unknown(what, game)),
        }
    }
}

/// The first `count` games a run of `game` seeded with `seed` plays, as a record's text; an
/// error where the game writes no records.
pub fn record_text(game: &dyn Configured, seed: u64, count: u64) -> Result<String> {
    let games: Vec<GameRecord> = game.record_games(seed, count).unwrap_or_else(|| {
        Err(crate::Error::input(format!(
            "--record: {} writes no game records (so far: sevens, sequences, hearts-due)",
            game.setup().game
        )))
    })?;
    Ok(record::write(&Record { games }))
}
