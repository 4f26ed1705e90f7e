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
pub mod sequences;
pub mod session;
pub mod sevens;
pub mod sieben;
pub mod solitaire_dice;

use std::path::PathBuf;
use std::sync::{PoisonError, RwLock};

use crate::engine::RunConfig;
use crate::error::{Error, Result};
use crate::games::advice::Advisor;
use crate::games::analysis::{Analysis, DataTable};
use crate::games::options::{OptionSpec, RuleOptions};
use crate::input::{Files, InputFile};
use crate::record::SetupRecord;
use crate::stats::{ExactValues, Tally};

use seating::Players;

/// The games built into the crate, in the order help texts, listings and the default report
/// list them. [`all`] adds the games registered at run time.
pub const GAMES: &[&dyn Game] = &[
    &sequences::SEQUENCES,
    &sequences::HEARTS_DUE,
    &sevens::Sevens,
    &solitaire_dice::SolitaireDice,
    &sieben::Sieben,
];

/// Games registered at run time ([`register`]), in the order they were: a game written outside
/// the crate joins the listings without an entry in [`GAMES`], as OpenSpiel's
/// `REGISTER_SPIEL_GAME` does.
static REGISTERED: RwLock<Vec<&'static dyn Game>> = RwLock::new(Vec::new());

/// Adds `game` to the registry, so [`find`], [`all`] and every listing built from them (the
/// command line's game argument, help texts, error messages, `merge`) know it. Refused, with one
/// line, when its name is malformed or taken (by a built-in game or one registered before).
pub fn register(game: &'static dyn Game) -> Result<()> {
    let name = game.name();
    check_name(name)?;
    // The lock is held from the check to the push, so two threads cannot both take a name.
    let mut registered = REGISTERED.write().unwrap_or_else(PoisonError::into_inner);
    if GAMES
        .iter()
        .chain(registered.iter())
        .any(|g| g.name() == name)
    {
        return Err(Error::input(format!(
            "register game '{name}': the name is taken; a game needs a name of its own"
        )));
    }
    registered.push(game);
    Ok(())
}

/// Refuses a name the command line could not take as a game argument or a folder name.
fn check_name(name: &str) -> Result<()> {
    let well_formed = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if well_formed {
        Ok(())
    } else {
        Err(Error::input(format!(
            "register game '{name}': expected a name of lowercase letters, digits and hyphens, \
             starting with a letter"
        )))
    }
}

/// Every game: the built-in ones ([`GAMES`]), then those registered at run time, in the order
/// they were.
pub fn all() -> Vec<&'static dyn Game> {
    let registered = REGISTERED.read().unwrap_or_else(PoisonError::into_inner);
    GAMES
        .iter()
        .copied()
        .chain(registered.iter().copied())
        .collect()
}

/// The game called `name`, built in or registered.
pub fn find(name: &str) -> Result<&'static dyn Game> {
    all().into_iter().find(|g| g.name() == name).ok_or_else(|| {
        Error::input(format!(
            "unknown game '{name}': expected one of {}",
            names().join(", ")
        ))
    })
}

/// The names of every game, built in or registered.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|g| g.name()).collect()
}

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
}

/// Items as an error message lists them: `a, b or c`.
pub fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
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

/// Configures `game` (a name) for `setup`: the shortcut of [`find`] and [`configure_game`].
pub fn configure(game: &str, setup: &Setup) -> Result<Box<dyn Configured>> {
    configure_game(find(game)?, setup)
}

/// Configures `game` for `setup` and keeps every file it read through `setup.files` (policy
/// tables, weights, decks) beside it, so the run's record names those files by their content and
/// carries them for `merge`. The commands configure through here rather than through
/// [`Game::configure`] alone, whose result holds no record of its files.
pub fn configure_game(game: &dyn Game, setup: &Setup) -> Result<Box<dyn Configured>> {
    let configured = game.configure(setup)?;
    let inputs = setup.files.read();
    Ok(Box::new(WithInputs { configured, inputs }))
}

/// Configures the game of a run's record again from the record alone: its files are served from
/// the record and no file is opened, so a merge reproduces exactly the run the shards made.
pub fn configure_again(setup: &SetupRecord) -> Result<Box<dyn Configured>> {
    let game = find(&setup.game)?;
    let again = Setup {
        rules: setup.rules.clone(),
        players: setup.players,
        policies: setup.policies.clone(),
        files: Files::replay(&setup.inputs),
    };
    let configured = game.configure(&again)?;
    let inputs = again.files.read();
    Ok(Box::new(WithInputs { configured, inputs }))
}

/// A configured game with the files its configuration read.
struct WithInputs {
    configured: Box<dyn Configured>,
    inputs: Vec<InputFile>,
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

    #[test]
    fn every_game_is_found_by_its_name_and_names_are_distinct() {
        for game in GAMES {
            assert_eq!(find(game.name()).unwrap().name(), game.name());
        }
        let mut names = names();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), GAMES.len());
        let e = find("chess").unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "unknown game 'chess': expected one of {}",
                super::names().join(", ")
            )
        );
        assert!(e.contains("sequences, hearts-due, sevens, solitaire-dice, sieben"));
    }

    /// Refusals change nothing, so these run beside the other tests; registering a game that
    /// is taken in is `tests/toy_game.rs`, a process of its own.
    #[test]
    fn a_taken_or_malformed_name_is_refused() {
        let e = register(&sevens::Sevens).unwrap_err().to_string();
        assert_eq!(
            e,
            "register game 'sevens': the name is taken; a game needs a name of its own"
        );
        assert_eq!(all().len(), GAMES.len());
        for good in ["coin-race", "g2", "x"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in ["", "Coin", "2coins", "-x", "coin race", "coin_race", "ä"] {
            let e = check_name(bad).unwrap_err().to_string();
            assert_eq!(
                e,
                format!(
                    "register game '{bad}': expected a name of lowercase letters, digits and \
                     hyphens, starting with a letter"
                )
            );
        }
    }

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
    fn every_game_declares_what_it_takes() {
        for game in GAMES {
            assert!(!game.about().is_empty(), "{game:?}");
            assert!(!game.policies().is_empty(), "{game:?}");
            let players = game.players();
            assert!(players.min >= 1 && players.min <= players.max, "{game:?}");
            // Its defaults configure, with the fewest players it takes.
            let setup = Setup {
                players: players.min,
                ..Setup::default()
            };
            let configured = game.configure(&setup).unwrap();
            assert_eq!(configured.setup().game, game.name());
            // Every option is recorded but the quiet ones, which are left out at their default.
            let loud = game.options().iter().filter(|o| !o.quiet).count();
            assert_eq!(configured.setup().rules.len(), loud);
            // Every run of the default job configures, so the job cannot fail half-way on a
            // typo; and no two runs share a folder.
            for run in game.report_runs() {
                let setup = Setup {
                    rules: run.rules.iter().map(|r| r.to_string()).collect(),
                    players: run.players,
                    policies: run.policies.iter().map(|p| p.to_string()).collect(),
                    files: Default::default(),
                };
                let configured = game.configure(&setup);
                assert!(configured.is_ok(), "{game:?} {}", run.folder);
            }
        }
        let mut folders: Vec<&str> = GAMES
            .iter()
            .flat_map(|g| g.report_runs().iter().map(|r| r.folder))
            .collect();
        let all = folders.len();
        folders.sort_unstable();
        folders.dedup();
        assert_eq!(folders.len(), all, "report folders are distinct");
    }

    /// What `dicelab policies` lists is what `--policy` takes: every listed form's example
    /// configures, and an unknown name is refused with a line naming every listed form.
    #[test]
    fn every_listed_policy_parses_and_the_refusal_lists_them_all() {
        // Examples name files from the repository's root, where cargo runs unit tests.
        for game in GAMES {
            let players = game.players().min;
            for doc in game.policies() {
                assert!(
                    doc.example == doc.syntax
                        || doc
                            .example
                            .starts_with(doc.syntax.split(':').next().unwrap()),
                    "{}: example {} is not of the form {}",
                    game.name(),
                    doc.example,
                    doc.syntax
                );
                // A policy that plays whole games (Sevens' `win`) configures with two players.
                let configures = |players: u32| {
                    game.configure(&Setup {
                        players,
                        policies: vec![doc.example.to_string()],
                        ..Setup::default()
                    })
                };
                if let Err(e) = configures(players)
                    && let Err(e2) = configures(players.max(2))
                {
                    panic!("{}: listed {} refused: {e}; {e2}", game.name(), doc.example);
                }
            }
            let setup = Setup {
                players,
                policies: vec!["no-such-policy".to_string()],
                ..Setup::default()
            };
            let e = game.configure(&setup).err().expect("refused").to_string();
            if game.policies().len() > 1 {
                assert!(
                    e.contains(&PolicyDoc::list(game.policies())),
                    "{}: {e}",
                    game.name()
                );
            }
        }
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
