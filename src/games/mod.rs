//! The games dicelab plays: one folder each, one line each in the registry ([`GAMES`]; a game
//! written outside the crate joins it at run time with [`register`]), all behind one trait
//! ([`Game`]).
//!
//! A game declares what a user may ask of it (its rule options, policies and player counts, from
//! the same tables its parsers use) and turns a request ([`Setup`]) into a checked, configured
//! game ([`Configured`]) that simulates, knows its exact values and builds its exact tables, in
//! the spirit of OpenSpiel's registered games. Everything above (commands, reports, merge,
//! claims) works through these two traits, whatever the game. `docs/architecture.md` shows how to
//! add one.
//!
//! Games share the pieces every game with seats needs ([`seating`], [`outcomes`]) and nothing
//! else: no game imports another game or the output layer.

pub mod outcomes;
pub mod seating;

// What a game declares and answers beside its runs: the rule options, the policy shape its
// players share, the exact tables of `table` and `solve`, `advise`'s positions and `play`'s
// sessions.
pub mod advice;
pub mod analysis;
pub mod options;
pub mod policy;
pub mod race;
mod registry;
pub mod review;
pub mod rulebook;
pub mod sequences;
pub mod session;
pub mod sevens;
pub mod sieben;
pub mod solitaire_dice;
pub mod suggest;
pub mod why;

use std::path::PathBuf;

use crate::engine::RunConfig;
use crate::error::{Error, Result};
use crate::games::advice::Advisor;
use crate::games::analysis::{Analysis, DataTable};
use crate::games::options::{OptionSpec, RuleOptions};
use crate::input::{Files, InputFile};
use crate::record::SetupRecord;
use crate::stats::{ExactValues, Tally};

use seating::Players;

pub use registry::{GAMES, all, configure, configure_again, data_files, find, names, register};

/// The record of a configured game ([`Configured::setup`]) from what every game has: its name,
/// its rule options (every one recorded as `key=value` but the quiet ones at their default),
/// the player count and the policies as given. The files it read are added by
/// [`configure_game`], so a game leaves them out.
pub fn setup_record(
    game: &str,
    options: &RuleOptions,
    players: u32,
    policies: impl IntoIterator<Item = String>,
) -> SetupRecord {
    SetupRecord {
        game: game.to_string(),
        rules: options.pairs(),
        players,
        policies: policies.into_iter().collect(),
        inputs: Vec::new(),
    }
}

/// What a user asks of a game: rule options, a player count and policy specs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// `key=value` rule option overrides.
    pub rules: Vec<String>,
    /// Number of players (1: a single player, or a comparison of policies).
    pub players: u32,
    /// Policy specs: the policies compared, or one for every seat, one per seat, or a count
    /// that divides the players.
    pub policies: Vec<String>,
    /// Where the files the request names (policy tables, weights, decks) are read, and the
    /// record of what was read: the disk by default, a run's record when `merge` configures
    /// again.
    pub files: Files,
}

/// A policy spec a game accepts, for listings and error messages. The parser's "expected ..."
/// line is [`PolicyDoc::list`] of the same table, and a test configures every `example`, so what
/// `dicelab policies` lists and what `--policy` accepts cannot drift apart.
#[derive(Clone, Copy, Debug)]
pub struct PolicyDoc {
    /// How it is written: `threshold:A,B`.
    pub syntax: &'static str,
    /// What it plays.
    pub meaning: &'static str,
    /// One spec of this form, written out (`threshold:15,10`; a file from the repository's
    /// root), which the game's parser must accept.
    pub example: &'static str,
}

impl PolicyDoc {
    /// The forms of `policies` as an error message lists them: `a, b or c`.
    pub fn list(policies: &[PolicyDoc]) -> String {
        or_list(&policies.iter().map(|p| p.syntax).collect::<Vec<_>>())
    }

    /// Why `spec` is no policy of `game`, which takes `policies`: the forms it takes, after the
    /// form `spec` most likely meant (`optimla` for `optimal`, `rols:2` for `rolls:2`).
    pub fn unknown(game: &str, spec: &str, policies: &[PolicyDoc]) -> String {
        let (form, rest) = match spec.trim().split_once(':') {
            Some((form, rest)) => (form.trim(), Some(rest)),
            None => (spec.trim(), None),
        };
        let mut forms: Vec<&str> = policies
            .iter()
            .map(|p| p.syntax.split_once(':').map_or(p.syntax, |(form, _)| form))
            .collect();
        forms.dedup();
        let meant = suggest::closest(form, &forms).map(|f| match rest {
            Some(rest) => format!("{f}:{rest}"),
            None => f.to_string(),
        });
        format!(
            "unknown policy for {game}{}expected one of {}",
            suggest::asking(meant.as_deref()),
            PolicyDoc::list(policies)
        )
    }
}

/// Items as an error message lists them: `a, b or c`.
pub fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    joined(items, "or")
}

/// Items as a sentence lists all of them: `a, b and c`.
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    joined(items, "and")
}

/// `items` joined by commas, the last by `word`.
fn joined<S: AsRef<str>>(items: &[S], word: &str) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

/// A run of the default job (`dicelab report`) a game asks for.
#[derive(Clone, Copy, Debug)]
pub struct ReportRun {
    /// Folder under the report root.
    pub folder: &'static str,
    /// The question the run answers, as the report index heads its section.
    pub question: &'static str,
    /// Players.
    pub players: u32,
    /// Rule options as `key=value` (none: the defaults), for a run that shows what a rule
    /// changes.
    pub rules: &'static [&'static str],
    /// Policy specs (none: the game's default).
    pub policies: &'static [&'static str],
    /// The run's units are the job's units divided by this (at least 1): whole games of a slow
    /// policy get a small share of a billion races.
    pub share: u64,
    /// Whether the game's exact tables and solver files go beside the run.
    pub with_tables: bool,
}

/// What a game declares about itself: plain data, so a listing, a parser and the default job
/// read the same table.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The command-line name.
    pub name: &'static str,
    /// The game's name as players say it (`Solitaire Dice`, `7`): what a page shows.
    pub title: &'static str,
    /// One line on what it is.
    pub about: &'static str,
    /// The rule options, in the order the `rules` column lists them.
    pub options: &'static [OptionSpec],
    /// The policy specs it accepts.
    pub policies: &'static [PolicyDoc],
    /// How many players it takes.
    pub players: Players,
    /// The runs of the default job.
    pub report_runs: &'static [ReportRun],
    /// The rules in words: how to play, our reading of each gap, the texts' worked examples
    /// (`dicelab rules`, the docs page, the start of `dicelab play`).
    pub rulebook: &'static rulebook::Rulebook,
    /// The data files it ships (a policy table, a deck, weights): a path `data/NAME` with
    /// nothing there reads these, and `dicelab data` prints them.
    pub data: &'static [crate::input::Shipped],
}

impl GameInfo {
    /// What the rules' renderings read ([`rulebook::text`], [`rulebook::markdown`],
    /// [`rulebook::in_short`]): the name, the line, the options and the rulebook.
    pub fn rules(&self) -> rulebook::Rules<'_> {
        rulebook::Rules {
            name: self.name,
            about: self.about,
            options: self.options,
            book: self.rulebook,
        }
    }
}

/// A game dicelab plays.
pub trait Game: Sync {
    /// What the game declares about itself.
    fn info(&self) -> &'static GameInfo;

    /// Checks a request: every bad option, player count or policy is an error here, before any
    /// run.
    fn configure(&self, setup: &Setup) -> Result<Box<dyn Configured>>;

    /// The command-line name.
    fn name(&self) -> &'static str {
        self.info().name
    }

    /// The game's name as players say it.
    fn title(&self) -> &'static str {
        self.info().title
    }

    /// One line on what it is.
    fn about(&self) -> &'static str {
        self.info().about
    }

    /// The rule options, in the order the `rules` column lists them.
    fn options(&self) -> &'static [OptionSpec] {
        self.info().options
    }

    /// The policy specs it accepts.
    fn policies(&self) -> &'static [PolicyDoc] {
        self.info().policies
    }

    /// How many players it takes.
    fn players(&self) -> Players {
        self.info().players
    }

    /// The runs of the default job.
    fn report_runs(&self) -> &'static [ReportRun] {
        self.info().report_runs
    }

    /// `dicelab tune`, for games with weights to tune.
    fn tuner(&self) -> Option<&dyn Tuner> {
        None
    }

    /// `dicelab decks`, for games played with a deck file.
    fn deck_study(&self) -> Option<&dyn DeckStudy> {
        None
    }

    /// `dicelab advise`, for games that can advise a position.
    fn advisor(&self) -> Option<&dyn Advisor> {
        None
    }

    /// `dicelab play`, for games that can be played at the terminal.
    fn playable(&self) -> Option<&dyn crate::games::session::Playable> {
        None
    }

    /// `dicelab review`, for games that replay and value their records.
    fn reviewer(&self) -> Option<&dyn review::Reviewer> {
        None
    }
}

impl std::fmt::Debug for dyn Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A game whose rules, players and policies have been checked, ready to run.
pub trait Configured: Send + Sync {
    /// The game as configured: every rule option, the players, the policies by name.
    fn setup(&self) -> SetupRecord;

    /// Runs the simulation.
    fn simulate(&self, run: &RunConfig) -> Result<Tally>;

    /// Exact values of the run's metrics, where known.
    fn exact(&self) -> &ExactValues;

    /// What a reader must know about how the run is played, one line each, for the report's
    /// heading: where a policy plays by a heuristic rather than an exact solution.
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }

    /// The policies of a comparison against the best play, position by position, where the
    /// game can say it exactly (Sevens' single turns with `optimal` among the policies): what
    /// each gives up, and where, naming each policy as `setup` (the run's record) does. `None`
    /// where the game has no such reading.
    fn against_best(&self, setup: &SetupRecord) -> Option<Analysis> {
        let _ = setup;
        None
    }

    /// The first `count` games a run of `seed` plays, as game records (`simulate --record`):
    /// the same games, on the same dice, whatever the threads, as the run's first games. Each
    /// is handed to `each` as soon as it is played and kept nowhere, so a million games are
    /// written in the memory of one; an error of `each` stops the recording. `None` where the
    /// game writes no records.
    fn record_games(&self, seed: u64, count: u64, each: RecordSink) -> Option<Result<()>> {
        let _ = (seed, count, each);
        None
    }

    /// [`record_games`](Self::record_games) kept in a list: for a few games.
    fn recorded(&self, seed: u64, count: u64) -> Option<Result<Vec<review::record::GameRecord>>> {
        let mut games = Vec::new();
        let done = self.record_games(seed, count, &mut |game| {
            games.push(game);
            Ok(())
        })?;
        Some(done.map(|()| games))
    }

    /// The game's exact probability tables (`dicelab table`). A game without them need not
    /// write this: the refusal names the game.
    fn tables(&self) -> Result<Analysis> {
        let game = self.setup().game;
        Err(Error::input(format!(
            "table {game}: no exact tables for {game}"
        )))
    }

    /// The game's exact solution (`dicelab solve`): only games with decisions small enough have
    /// one. A game without one need not write this: the refusal names the game; a game that
    /// can say more (what to run instead) writes its own.
    fn solve(&self) -> Result<Analysis> {
        let game = self.setup().game;
        Err(Error::input(format!(
            "solve {game}: no exact solver for {game}"
        )))
    }
}

/// Where a recorder hands each game as it is played ([`Configured::record_games`]).
pub type RecordSink<'a> = &'a mut dyn FnMut(review::record::GameRecord) -> Result<()>;

/// Configures `game` for `setup` and keeps every file it read through `setup.files` (policy
/// tables, weights, decks) beside it, so the run's record names those files by their content and
/// carries them for `merge`. The commands configure through here rather than through
/// [`Game::configure`] alone, whose result holds no record of its files.
pub fn configure_game(game: &dyn Game, setup: &Setup) -> Result<Box<dyn Configured>> {
    let configured = game.configure(setup)?;
    let inputs = setup.files.read();
    Ok(Box::new(WithInputs { configured, inputs }))
}

/// A configured game with the files its configuration read.
pub(crate) struct WithInputs {
    pub(crate) configured: Box<dyn Configured>,
    pub(crate) inputs: Vec<InputFile>,
}

impl Configured for WithInputs {
    fn setup(&self) -> SetupRecord {
        let mut setup = self.configured.setup();
        setup.inputs.extend(self.inputs.iter().cloned());
        setup
    }

    fn simulate(&self, run: &RunConfig) -> Result<Tally> {
        self.configured.simulate(run)
    }

    fn exact(&self) -> &ExactValues {
        self.configured.exact()
    }

    fn notes(&self) -> Vec<String> {
        self.configured.notes()
    }

    fn against_best(&self, setup: &SetupRecord) -> Option<Analysis> {
        self.configured.against_best(setup)
    }

    fn record_games(&self, seed: u64, count: u64, each: RecordSink) -> Option<Result<()>> {
        self.configured.record_games(seed, count, each)
    }

    fn tables(&self) -> Result<Analysis> {
        self.configured.tables()
    }

    fn solve(&self) -> Result<Analysis> {
        self.configured.solve()
    }
}

/// `dicelab tune GAME`: better weights for one of the game's policies.
pub trait Tuner: Sync {
    /// Tunes as `request` asks. Everything is checked first; `ready` is called once the request
    /// is known to be good and before the long work starts (the command prepares its output
    /// there), and its error stops the tuning.
    fn tune(
        &self,
        request: &TuneRequest,
        ready: &mut dyn FnMut() -> Result<()>,
    ) -> Result<TuneOutput>;
}

/// What `dicelab tune` asks.
#[derive(Clone, Debug)]
pub struct TuneRequest {
    /// The weights to start from (a policy spec).
    pub from: String,
    /// How long to tune (a time or a number of evaluations).
    pub budget: String,
    /// The player the weights are for.
    pub player: String,
    /// Games per evaluation, seed, threads.
    pub run: RunConfig<Option<u64>>,
}

/// What tuning found.
#[derive(Clone, Debug)]
pub struct TuneOutput {
    /// The weights to write (the tuned ones, or the start if tuning did not beat them).
    pub weights: DataTable,
    /// Which of the two they are, in words ("tuned weights").
    pub kept: String,
    /// What the terminal shows before the line naming the file written.
    pub summary: String,
}

/// `dicelab decks GAME`: the same games under several decks.
pub trait DeckStudy: Sync {
    /// Plays the study `request` asks for; `ready` is called once everything is checked, before
    /// the games are played.
    fn study(
        &self,
        request: &DecksRequest,
        ready: &mut dyn FnMut() -> Result<()>,
    ) -> Result<DecksOutput>;
}

/// What `dicelab decks` asks.
#[derive(Clone, Debug)]
pub struct DecksRequest {
    /// Players (required: a deck's effect depends on it).
    pub players: Option<u32>,
    /// Rule overrides (the deck comes from the study).
    pub rules: Vec<String>,
    /// Policy specs.
    pub policies: Vec<String>,
    /// Deck files to add to the built-in sweep.
    pub decks: Vec<PathBuf>,
    /// Games per deck, seed, threads.
    pub run: RunConfig<Option<u64>>,
    /// Where the deck files are read, and the record of what was.
    pub files: Files,
}

/// A deck study's result.
#[derive(Clone, Debug)]
pub struct DecksOutput {
    /// One row per deck (`decks.csv`).
    pub table: DataTable,
    /// What the terminal shows: a heading and an aligned table.
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game that writes neither `tables` nor `solve` is refused with a line naming it.
    #[test]
    fn a_game_without_tables_or_a_solver_says_so() {
        struct Bare;
        impl Configured for Bare {
            fn setup(&self) -> SetupRecord {
                let options = RuleOptions::parse("bare", &[], &[]).unwrap();
                setup_record("bare", &options, 1, ["only".to_string()])
            }
            fn simulate(&self, _: &RunConfig) -> Result<Tally> {
                Ok(Tally::new(Vec::new()))
            }
            fn exact(&self) -> &ExactValues {
                unreachable!("not asked")
            }
        }
        let e = Bare.tables().err().unwrap().to_string();
        assert_eq!(e, "table bare: no exact tables for bare");
        let e = Bare.solve().err().unwrap().to_string();
        assert_eq!(e, "solve bare: no exact solver for bare");
        assert_eq!(
            Bare.setup(),
            SetupRecord {
                game: "bare".into(),
                rules: Vec::new(),
                players: 1,
                policies: vec!["only".into()],
                inputs: Vec::new(),
            }
        );
    }

    #[test]
    fn a_list_of_forms_reads_as_a_sentence() {
        let doc = |syntax| PolicyDoc {
            syntax,
            meaning: "",
            example: syntax,
        };
        assert_eq!(PolicyDoc::list(&[doc("a")]), "a");
        assert_eq!(PolicyDoc::list(&[doc("a"), doc("b")]), "a or b");
        assert_eq!(
            PolicyDoc::list(&[doc("a"), doc("b:K"), doc("c")]),
            "a, b:K or c"
        );
    }
}
