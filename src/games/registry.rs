//! The registry: the games built into the crate and those registered at run time, found by name.
//! Apart from the traits in `games/mod.rs`, so a game's folder, which implements them, and the
//! list of games, which names each folder, do not import each other.

use std::sync::{PoisonError, RwLock};

use crate::error::{Error, Result};
use crate::input::{Files, Shipped};
use crate::record::SetupRecord;

use super::{Configured, Game, Setup, WithInputs, configure_game};
use super::{sequences, sevens, sieben, solitaire_dice};

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
pub(super) fn check_name(name: &str) -> Result<()> {
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
        let names = names();
        Error::input(match super::suggest::closest(name, &names) {
            Some(meant) => format!(
                "unknown game '{name}'; did you mean '{meant}'? expected one of {}",
                names.join(", ")
            ),
            None => format!(
                "unknown game '{name}': expected one of {}",
                names.join(", ")
            ),
        })
    })
}

/// The names of every game, built in or registered.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|g| g.name()).collect()
}

/// The data files every game ships (a policy table, a deck, weights), each declared in its
/// game's [`GameInfo`](super::GameInfo): a path `data/NAME` with nothing there reads these.
pub fn data_files() -> Vec<Shipped> {
    all()
        .iter()
        .flat_map(|g| g.info().data.iter().copied())
        .collect()
}

/// Configures `game` (a name) for `setup`: the shortcut of [`find`] and [`configure_game`].
pub fn configure(game: &str, setup: &Setup) -> Result<Box<dyn Configured>> {
    configure_game(find(game)?, setup)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::PolicyDoc;
    use crate::games::rulebook;

    #[test]
    fn every_games_rules_fit_an_80_column_terminal() {
        for game in GAMES {
            let text = rulebook::text(&game.info().rules());
            for line in text.lines() {
                assert!(line.chars().count() <= 80, "{}: {line}", game.name());
            }
            for line in rulebook::in_short(&game.info().rules()).lines() {
                assert!(line.chars().count() <= 80, "{}: {line}", game.name());
            }
        }
    }

    /// The terminal and the docs page say the same words in the same order: one source, two
    /// layouts.
    #[test]
    fn the_terminal_and_the_page_say_the_same_words() {
        for game in GAMES {
            let rules = game.info().rules();
            let (t, m) = (rulebook::text(&rules), rulebook::markdown(&rules));
            assert_eq!(rulebook::words(&t), rulebook::words(&m), "{}", game.name());
        }
    }

    #[test]
    fn every_built_in_game_has_rules_options_and_readings() {
        for game in GAMES {
            let book = game.info().rulebook;
            assert!(!book.in_short.is_empty(), "{}", game.name());
            assert!(!book.how_to_play.is_empty(), "{}", game.name());
            assert!(!book.readings.is_empty(), "{}", game.name());
            let text = rulebook::text(&game.info().rules());
            for o in game.options() {
                assert!(
                    text.contains(&format!("{}={} (", o.key, o.default)),
                    "{}: {}",
                    game.name(),
                    o.key
                );
            }
            let order = [rulebook::HOW_TO_PLAY, rulebook::OPTIONS, rulebook::READINGS]
                .map(|h| text.find(&h.to_uppercase()).expect(h));
            assert!(order.is_sorted(), "{}: {order:?}", game.name());
        }
    }

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
}
