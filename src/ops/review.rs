//! `review`: every game of a record file replayed against its rules and rated, moment by
//! moment, in each player's chance to win (`games::review`), or for Solitaire Dice in expected
//! final score estimated by play-outs, and for 7 in the chance to win estimated by guesses of
//! the hidden cards (both sized and seeded by the request's run settings); and the records
//! `simulate --record` writes.
//!
//! ```no_run
//! let reviews = dicelab::ops::review_file(std::path::Path::new("game.txt")).unwrap();
//! for p in &reviews[0].players {
//!     println!("{}: {} + {} - {} + {} = {}", p.name, p.start, p.luck, p.cost, p.gifts, p.result);
//! }
//! ```

use std::path::Path;

use crate::engine::{OnProgress, RunConfig, STOPPED, Steps};
use crate::error::Result;
use crate::games::Configured;
use crate::games::review::GameReview;
use crate::games::review::record::{self, GameRecord, Record};
use crate::games::sequences::review::{self as sequences, Dealt};
use crate::games::sevens::review::{self as sevens, Solved, unknown};
use crate::games::sieben::review as sieben;
use crate::games::solitaire_dice::review as solitaire;
use crate::input;

/// Every game of the record file at `path`, reviewed; a record that breaks its rules is refused
/// whole, with its line and column, before anything is shown.
pub fn review_file(path: &Path) -> Result<Vec<GameReview>> {
    review_file_with(path, &defaults())
}

/// [`review_file`] with the play-outs of estimated reviews sized, seeded and threaded by `run`
/// (its units the most play-outs a division has, or in 7 the most guesses a play has; exact
/// reviews ignore it).
pub fn review_file_with(path: &Path, run: &RunConfig<Option<u64>>) -> Result<Vec<GameReview>> {
    let what = format!("record {}", path.display());
    let text = input::read_text(&what, path)?;
    review_text_with(&what, &text, run)
}

/// Every game of a record's `text` (named `what` in errors), reviewed.
pub fn review_text(what: &str, text: &str) -> Result<Vec<GameReview>> {
    review_text_with(what, text, &defaults())
}

/// [`review_text`] with the play-outs of estimated reviews as `run` says, their progress told
/// to `run`'s, a game a step. Every estimated game is checked before any is valued, so a wrong
/// line is refused at once.
pub fn review_text_with(
    what: &str,
    text: &str,
    run: &RunConfig<Option<u64>>,
) -> Result<Vec<GameReview>> {
    review_record_with(what, &record::parse(what, text)?, run)
}

/// Every game of a record already read (named `what` in errors), reviewed as
/// [`review_text_with`] reviews them: for a caller that looks at the record first (a server
/// refusing one too costly), so that it is read once.
pub fn review_record_with(
    what: &str,
    record: &Record,
    run: &RunConfig<Option<u64>>,
) -> Result<Vec<GameReview>> {
    // Games valued by play-outs take seconds each: every one is checked against its rules
    // first, so a wrong line far into a file is refused before the work, not after it.
    let mut estimated = 0;
    for game in &record.games {
        if solitaire::reviews(&game.game) {
            solitaire::check(what, game)?;
            estimated += 1;
        } else if sieben::reviews(&game.game) {
            sieben::check(what, game)?;
            estimated += 1;
        }
    }
    // Progress is told in those games, one step a game (each game's races tell nothing, as
    // each would start the count again), and a stop asked for is heard between games.
    let told = run.progress.clone();
    let quiet = RunConfig {
        progress: OnProgress::default(),
        ..run.clone()
    };
    if estimated > 0 {
        told.start(estimated, Steps::Units);
    }
    let pool = crate::engine::thread_pool(run.threads, None)?;
    let reviews = pool.install(|| {
        let mut cache = Cache::default();
        record
            .games
            .iter()
            .map(|game| {
                let valued = review_estimates(&game.game);
                if valued && told.stopped() {
                    return Err(crate::Error::input(STOPPED));
                }
                let review = cache.review(what, game, &quiet)?;
                if valued {
                    told.advance(1);
                }
                Ok(review)
            })
            .collect()
    });
    if estimated > 0 {
        told.finish();
    }
    reviews
}

/// Whether a review of `game` (a record's game name) is estimated by play-outs, seconds a game
/// (Solitaire Dice, 7), rather than exact and quick.
pub fn review_estimates(game: &str) -> bool {
    solitaire::reviews(game) || sieben::reviews(game)
}

/// One game's record (`play` reviews the game just played), reviewed; `what` names it in
/// errors.
pub fn review_game(what: &str, game: &GameRecord) -> Result<GameReview> {
    review_game_with(what, game, &defaults())
}

/// [`review_game`] with the play-outs of an estimated review as `run` says.
pub fn review_game_with(
    what: &str,
    game: &GameRecord,
    run: &RunConfig<Option<u64>>,
) -> Result<GameReview> {
    let pool = crate::engine::thread_pool(run.threads, None)?;
    pool.install(|| Cache::default().review(what, game, run))
}

/// The play-outs of an estimated review where the caller sets none: the command line's
/// defaults (seed 1, the review's own play-outs, every core), so the library and `dicelab
/// review` give the same numbers.
fn defaults() -> RunConfig<Option<u64>> {
    RunConfig {
        seed: 1,
        ..RunConfig::default()
    }
}

/// What the games of a file are valued with, kept from one game to the next while the rules
/// stay the same.
#[derive(Default)]
struct Cache {
    solved: Solved,
    dealt: Dealt,
}

impl Cache {
    fn review(
        &mut self,
        what: &str,
        game: &GameRecord,
        run: &RunConfig<Option<u64>>,
    ) -> Result<GameReview> {
        match game.game.as_str() {
            "sevens" => sevens::review(what, game, &mut self.solved),
            g if sequences::reviews(g) => sequences::review(what, game, &mut self.dealt),
            g if solitaire::reviews(g) => solitaire::review(what, game, run),
            g if sieben::reviews(g) => sieben::review(what, game, run),
            _ => Err(unknown(what, game)),
        }
    }
}

/// The first `count` games a run of `game` seeded with `seed` plays, as a record's text; an
/// error where the game writes no records.
pub fn record_text(game: &dyn Configured, seed: u64, count: u64) -> Result<String> {
    let games: Vec<GameRecord> = game.record_games(seed, count).unwrap_or_else(|| {
        Err(crate::Error::setting(
            crate::Setting::named("record"),
            format!(
                "{} writes no game records (so far: sevens, sequences, hearts-due, \
                 solitaire-dice, sieben)",
                game.setup().game
            ),
        ))
    })?;
    Ok(record::write(&Record { games }))
}
