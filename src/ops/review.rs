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

use std::path::{Path, PathBuf};

use crate::engine::{OnProgress, RunConfig, Steps};
use crate::error::{Error, Message, Result, Setting};
use crate::games::Configured;
use crate::games::analysis::DataTable;
use crate::games::review::record::{self, GameRecord, Record, error_at};
use crate::games::review::{GameReview, Kept, Pass, RecordKind, Reviewer};
use crate::input;
use crate::report::csv::table_csv;
use crate::report::review::{MAX_CHARTS, ReviewTables, chance_chart};

/// What a review of a record is asked beside the record.
#[derive(Clone, Debug, Default)]
pub struct ReviewRequest {
    /// The play-outs of estimated reviews: their size (the most play-outs a division has, or
    /// in 7 the most guesses a play has), seed and threads; exact reviews read only its
    /// threads. Its progress is told a step an estimated game and asked between moments
    /// whether to stop.
    pub run: RunConfig<Option<u64>>,
    /// The files the record may read (a deck or a policy table its rules or seats name): the
    /// person reviewing names them; a record reads no other ([`record_files`]).
    pub readable: Vec<PathBuf>,
}

impl ReviewRequest {
    /// A review with `run`'s play-outs and no file the record may read.
    pub fn with_run(run: RunConfig<Option<u64>>) -> Self {
        Self {
            run,
            readable: Vec::new(),
        }
    }
}

/// A record whose every game was checked against its rules, ready to be reviewed a game at a
/// time ([`CheckedRecord::review_each`]): what it holds, found by the check.
#[derive(Clone, Debug)]
pub struct CheckedRecord<'a> {
    what: String,
    text: &'a str,
    /// Its games.
    pub games: usize,
    /// Its games valued by play-outs, seconds each (Solitaire Dice, 7).
    pub estimated: usize,
}

/// Checks every game of a record's `text` (named `what` in errors) against its rules and the
/// files it may read, valuing nothing and keeping no game: a record that breaks its rules, or
/// names a file the request does not let it read, is refused whole, with its line and column,
/// before any game is valued. Also refused here: a whole Sevens game too large for the memory
/// there is.
pub fn check_record<'a>(
    what: &str,
    text: &'a str,
    request: &ReviewRequest,
) -> Result<CheckedRecord<'a>> {
    let mut estimated = 0;
    let mut cache = Cache::default();
    let games = record::parse_each(what, text, &record_kind, &mut |game| {
        record_files(what, &game, &request.readable)?;
        if review_estimates(&game.game) {
            estimated += 1;
        }
        cache.check(what, &game, &request.run.progress)
    })?;
    Ok(CheckedRecord {
        what: what.to_string(),
        text,
        games,
        estimated,
    })
}

impl CheckedRecord<'_> {
    /// Reviews the games in the record's order, handing each to `each` as it is done and
    /// keeping none, so a file of a hundred thousand games is reviewed in the memory of one.
    /// Games with the same rules share their solutions. Progress is told a step an estimated
    /// game; a stop asked for is heard between moments, and ends the review with
    /// [`STOPPED`](crate::engine::STOPPED) (the games handed on before it stay handed on).
    /// Only the valuing runs on the request's thread pool: `each` runs on the caller's thread,
    /// where what it prints is the caller's (a program that captures a command's output keeps
    /// what each thread prints apart).
    pub fn review_each(
        &self,
        request: &ReviewRequest,
        each: &mut dyn FnMut(GameReview) -> Result<()>,
    ) -> Result<()> {
        let run = &request.run;
        let told = run.progress.clone();
        // The races of an estimated game tell nothing (each would start the count again), but
        // hear a stop as the whole review does.
        let quiet = RunConfig {
            progress: told.silenced(),
            ..run.clone()
        };
        if self.estimated > 0 {
            told.start(self.estimated as u64, Steps::Units);
        }
        let pool = crate::engine::thread_pool(run.threads, None)?;
        let what = self.what.as_str();
        let mut cache = Cache::default();
        let reviewed = record::parse_each(what, self.text, &record_kind, &mut |game| {
            let pass = Pass {
                valuing: true,
                progress: &quiet.progress,
            };
            pass.go_on()?;
            let review = pool.install(|| cache.review(what, &game, &quiet, pass))?;
            if review_estimates(&game.game) {
                told.advance(1);
            }
            each(review)
        });
        if self.estimated > 0 {
            told.finish();
        }
        reviewed.map(drop)
    }

    /// Every game reviewed, kept: for a caller that needs them all at once (a few games).
    pub fn reviews(&self, request: &ReviewRequest) -> Result<Vec<GameReview>> {
        let mut reviews = Vec::with_capacity(self.games);
        self.review_each(request, &mut |review| {
            reviews.push(review);
            Ok(())
        })?;
        Ok(reviews)
    }
}

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
/// to `run`'s, a game a step. Every game is checked before any is valued, so a wrong line is
/// refused at once. The record may read no file ([`record_files`]).
pub fn review_text_with(
    what: &str,
    text: &str,
    run: &RunConfig<Option<u64>>,
) -> Result<Vec<GameReview>> {
    let request = ReviewRequest::with_run(run.clone());
    check_record(what, text, &request)?.reviews(&request)
}

/// Refuses a game of a record whose rules or seats name a file (7's `deck=FILE`, a seat's
/// `table:FILE`) that is not one of `readable`, the files the person reviewing or resuming it
/// named. A record is a file people exchange: someone else's must never make dicelab open a
/// file, nor quote one in an error. A file option at its default, and any file dicelab ships
/// (`data/NAME`), names the game's own data, which any record may. A game dicelab does not know
/// is left to the review to refuse.
pub fn record_files(what: &str, game: &GameRecord, readable: &[PathBuf]) -> Result<()> {
    let Ok(found) = crate::games::find(&game.game) else {
        return Ok(());
    };
    let named = super::files_named(found, &game.rules, &game.policy_specs());
    if named.is_empty() {
        // Most records name no file: the disk is not asked about the ones the person named.
        return Ok(());
    }
    let shipped = super::data_files();
    let allowed: Vec<PathBuf> = readable
        .iter()
        .filter_map(|p| std::fs::canonicalize(p).ok())
        .collect();
    for (setting, value) in named {
        // The path after `deck=` or `table:`, as the game would open it.
        let split = if setting == Setting::RULE { '=' } else { ':' };
        let path = value.split_once(split).map_or("", |(_, p)| p.trim());
        // The data dicelab ships (`data/sevens-policy.csv`) is dicelab's own, whatever names it:
        // the same rule every input is read by.
        let own = input::shipped(&shipped, Path::new(path)).is_some();
        let given = std::fs::canonicalize(path).is_ok_and(|p| allowed.contains(&p));
        if !own && !given {
            let whose = if setting == Setting::RULE {
                "its rules name"
            } else {
                "a seat's policy names"
            };
            return Err(Error::input(
                Message::from(format!(
                    "{what}: line {}, column {}: {whose} a file ('{}'): a record reads no file \
                     you do not name yourself; if it is yours, give it with ",
                    game.at.line,
                    game.at.column,
                    crate::error::one_line(&value)
                ))
                .setting(Setting::named("allow-file")),
            ));
        }
    }
    Ok(())
}

/// Whether a review of `game` (a record's game name) is estimated by play-outs, seconds a game
/// (Solitaire Dice, 7), rather than exact and quick: what its game's reviewer says.
pub fn review_estimates(game: &str) -> bool {
    reviewer_of(game).is_some_and(|r| r.estimated())
}

/// Whether a turn of `game` (a record's game name) may go on after a throw, its player
/// deciding whether to throw again: what its game's reviewer says.
pub fn turns_go_on(game: &str) -> bool {
    reviewer_of(game).is_some_and(|r| r.turns_go_on())
}

/// How the turns of `game` (a record's game name) are written: what its game's reviewer says;
/// throws of dice for a game no reviewer knows (its review refuses it).
pub fn record_kind(game: &str) -> RecordKind {
    reviewer_of(game).map_or(RecordKind::Throws, |r| r.kind())
}

/// A record's `text` (named `what` in errors) read, each game's turns as its game writes them;
/// only its shape is checked ([`check_record`] checks its games against their rules).
pub fn read_record(what: &str, text: &str) -> Result<Record> {
    record::parse(what, text, &record_kind)
}

/// The reviewer of the game called `game`, where it is one the registry knows and reviews.
fn reviewer_of(game: &str) -> Option<&'static dyn Reviewer> {
    crate::games::find(game).ok()?.reviewer()
}

/// The games a review is offered for, in words, each with the seats its review takes where
/// fewer than its game does: `sevens (two or three players), sequences and sieben`; where
/// `played`, only those `play` also plays (whose records `play --record` writes and `play
/// --resume` reads).
pub fn reviewed_games(played: bool) -> String {
    let named: Vec<String> = crate::games::all()
        .into_iter()
        .filter(|g| !played || g.playable().is_some())
        .filter_map(|g| {
            let r = g.reviewer()?;
            Some(match r.seats() {
                Some(seats) => format!("{} ({seats})", g.name()),
                None => g.name().to_string(),
            })
        })
        .collect();
    crate::games::and_list(&named)
}

/// An error naming the record for a game this build cannot review.
fn unknown(what: &str, rec: &GameRecord) -> Error {
    error_at(
        what,
        rec.at,
        format!(
            "`{}`: a review is offered for {}",
            rec.game,
            reviewed_games(false)
        ),
    )
}

/// One game's record (`play` reviews the game just played), reviewed; `what` names it in
/// errors.
pub fn review_game(what: &str, game: &GameRecord) -> Result<GameReview> {
    review_game_with(what, game, &defaults())
}

/// [`review_game`] with the play-outs of an estimated review as `run` says. The game is one a
/// front end made (the files its rules name were named by its player), so no file is refused.
pub fn review_game_with(
    what: &str,
    game: &GameRecord,
    run: &RunConfig<Option<u64>>,
) -> Result<GameReview> {
    let pool = crate::engine::thread_pool(run.threads, None)?;
    let pass = Pass {
        valuing: true,
        progress: &run.progress,
    };
    pool.install(|| Cache::default().review(what, game, run, pass))
}

/// One game's record replayed against its rules, valuing nothing: its shape as a review
/// gives it (`finished`, `stops`, `next`) without a value computed, so an estimated game is
/// as quick to check as an exact one.
pub fn checked_game(what: &str, game: &GameRecord) -> Result<GameReview> {
    let progress = OnProgress::default();
    let pass = Pass {
        valuing: false,
        progress: &progress,
    };
    Cache::default().review(what, game, &RunConfig::default(), pass)
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

/// What each game's reviewer keeps from one game of a file to the next, by the game's name.
#[derive(Default)]
struct Cache {
    kept: std::collections::HashMap<String, Kept>,
}

impl Cache {
    /// One game reviewed, its moments valued as `pass` says (or only checked).
    fn review(
        &mut self,
        what: &str,
        game: &GameRecord,
        run: &RunConfig<Option<u64>>,
        pass: Pass,
    ) -> Result<GameReview> {
        let reviewer = reviewer_of(&game.game).ok_or_else(|| unknown(what, game))?;
        let kept = self.kept.entry(game.game.clone()).or_default();
        reviewer.review(what, game, kept, run, pass)
    }

    /// One game checked against its rules, valuing nothing; a stop asked of `progress` is
    /// heard between its moments.
    fn check(&mut self, what: &str, game: &GameRecord, progress: &OnProgress) -> Result<()> {
        let pass = Pass {
            valuing: false,
            progress,
        };
        self.review(what, game, &RunConfig::default(), pass)
            .map(drop)
    }
}

/// The files `review --out` writes: the tables, and a chart per game (the first
/// [`MAX_CHARTS`]), `game-1-chance.svg` and on.
pub const REVIEW_NAMES: [&str; 4] = ["players.csv", "decisions.csv", "throws.csv", "*-chance.svg"];

/// A review's files, made a game at a time as the games are reviewed, as a run's files are made
/// from its tally ([`Finished::files`](super::Finished::files)): the tables (`players.csv`,
/// `decisions.csv`, `throws.csv`: [`ReviewTables`]) and each of the first [`MAX_CHARTS`] games'
/// chart of the chances. Only its rows are kept of a game, and its chart while there are
/// charts to draw.
pub struct ReviewFiles {
    tables: ReviewTables,
    /// The charts drawn so far; `None` where none are wanted (tables printed, not written).
    charts: Option<Vec<(String, Vec<u8>)>>,
    games: usize,
}

impl ReviewFiles {
    /// None yet; the charts drawn where `charts` (a folder is written).
    pub fn new(charts: bool) -> Self {
        Self {
            tables: ReviewTables::new(),
            charts: charts.then(Vec::new),
            games: 0,
        }
    }

    /// One more game's rows, and its chart while there are charts to draw.
    pub fn add(&mut self, review: &GameReview) -> Result<()> {
        self.tables.add(review);
        self.games += 1;
        if let Some(charts) = &mut self.charts
            && self.games <= MAX_CHARTS
        {
            let svg = chance_chart(review, self.games)?;
            charts.push((format!("game-{}-chance.svg", self.games), svg.into_bytes()));
        }
        Ok(())
    }

    /// The tables, and every file by name as the folder holds them: the tables' CSV, then the
    /// charts.
    pub fn finish(self) -> (Vec<DataTable>, Vec<(String, Vec<u8>)>) {
        let tables = self.tables.tables();
        let mut files: Vec<(String, Vec<u8>)> = tables
            .iter()
            .map(|t| (format!("{}.csv", t.name), table_csv(t)))
            .collect();
        files.extend(self.charts.unwrap_or_default());
        (tables, files)
    }
}

/// The first `count` games a run of `game` seeded with `seed` plays, as a record's text; an
/// error where the game writes no records.
pub fn record_text(game: &dyn Configured, seed: u64, count: u64) -> Result<String> {
    let mut text = String::new();
    record_to(game, (seed, count), &mut |bytes| {
        text.push_str(std::str::from_utf8(bytes).expect("a record is text"));
        Ok(())
    })?;
    Ok(text)
}

/// [`record_text`] handed to `put` a game at a time as each is played, keeping none: a million
/// games in the memory of one. `put`'s error (a full disk, a stop asked for) ends it.
pub fn record_to(
    game: &dyn Configured,
    (seed, count): (u64, u64),
    put: &mut dyn FnMut(&[u8]) -> Result<()>,
) -> Result<()> {
    // A game that writes no records is refused before anything is put.
    let mut first = true;
    let written = game.record_games(seed, count, &mut |one| {
        if std::mem::take(&mut first) {
            put(record::HEAD.as_bytes())?;
        }
        put(record::write_game(&one).as_bytes())
    });
    written.unwrap_or_else(|| {
        Err(crate::Error::setting(
            crate::Setting::named("record"),
            format!(
                "{} writes no game records (so far: {})",
                game.setup().game,
                reviewed_games(false)
            ),
        ))
    })
}
