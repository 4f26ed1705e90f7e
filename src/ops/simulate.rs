//! Simulating a game: a request configured (and so checked) before any work, run on the engine,
//! and what the run found beside the exact values.

use std::path::{Path, PathBuf};

use crate::engine::RunConfig;
use crate::error::{Error, Message, Result, Setting};
use crate::games::analysis::{Analysis, DataTable};
use crate::games::{self, Configured, Game, Setup};
use crate::output::manifest::RunAbout;
use crate::record::RunRecord;
use crate::report::Report;
use crate::report::analysis::analysis_files;
use crate::report::json::run_json;
use crate::report::shown::Shown;
use crate::report::summary::{summary_data, summary_table};
use crate::report::unique_names;
use crate::saved::Saved;
use crate::stats::{ExactValues, Tally};

/// Units of `simulate`, `compare`, `sweep` and `claims` when the caller gives none.
pub const DEFAULT_UNITS: u64 = 1_000_000;

/// The files every report folder of a run holds, whatever it finds, and its charts, whose names
/// the run's metrics choose: a caller checks them before the run
/// ([`OutDir::writing`](crate::output::OutDir::writing)).
pub const REPORT_NAMES: [&str; 6] = [
    "summary.csv",
    "disagreements.csv",
    "distribution.csv",
    "quantiles.csv",
    crate::record::ACCUMULATORS,
    "*.svg",
];

/// A game to simulate, as a person asks for it: its rule overrides, players and policies.
#[derive(Clone, Debug)]
pub struct RunRequest {
    /// The game.
    pub game: &'static dyn Game,
    /// `key=value` rule option overrides.
    pub rules: Vec<String>,
    /// A deck file, for a game played with one (the `deck` rule option, named apart because a
    /// person gives a file, not an option).
    pub deck: Option<PathBuf>,
    /// Number of players.
    pub players: u32,
    /// Policy specs (see [`Setup::policies`]).
    pub policies: Vec<String>,
}

impl RunRequest {
    /// The game configured for this request: every rule, policy and file checked, the files it
    /// read recorded for the run's record.
    pub fn configure(&self) -> Result<Box<dyn Configured>> {
        games::configure_game(
            self.game,
            &Setup {
                rules: rules_with_deck(self.game, &self.rules, self.deck.as_deref())?,
                players: self.players,
                policies: self.policies.clone(),
                files: super::files(),
            },
        )
    }

    /// [`configure`](Self::configure) for a comparison, which needs two or more policies.
    pub fn configure_comparison(&self) -> Result<Box<dyn Configured>> {
        if self.policies.len() < 2 {
            return Err(Error::input(
                Message::from("compare: expected two policies or more, each given with ")
                    .setting(Setting::POLICY)
                    .text(format!("; found {}", self.policies.len())),
            ));
        }
        self.configure()
    }
}

/// The rule options with a deck file added as `deck=FILE`, so the deck is named in the `rules`
/// column and `merge` finds it again; refused for a game without a `deck` option.
pub fn rules_with_deck(
    game: &dyn Game,
    rules: &[String],
    deck: Option<&Path>,
) -> Result<Vec<String>> {
    let mut rules = rules.to_vec();
    if let Some(path) = deck {
        if !game.options().iter().any(|o| o.key == "deck") {
            let with_decks: Vec<&str> = games::all()
                .into_iter()
                .filter(|g| g.options().iter().any(|o| o.key == "deck"))
                .map(|g| g.name())
                .collect();
            return Err(Error::value(
                Setting::DECK,
                path.display(),
                format!(
                    "only {} is played with a deck file, not {}",
                    with_decks.join(", "),
                    game.name()
                ),
            ));
        }
        let name = path.to_str().ok_or_else(|| {
            Error::value(Setting::DECK, path.display(), "expected a UTF-8 file name")
        })?;
        rules.push(format!("deck={name}"));
    }
    Ok(rules)
}

/// A finished run: what it counted, the exact values to show beside it, and what a reader must
/// know of how it was played.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The run's record and tally: what `accumulators.json` holds, and `merge` combines.
    pub saved: Saved,
    /// The exact values of the game as configured, where known.
    pub exact: ExactValues,
    /// Notes on how the run was played (a policy played by a heuristic).
    pub notes: Vec<String>,
    /// The policies against the best play, position by position, exactly, where the game can
    /// say it ([`Configured::against_best`]): shown after the estimates, its tables written
    /// beside them.
    pub against_best: Option<Analysis>,
}

impl Finished {
    /// `saved`, a run of `game`, with the game's exact values and notes.
    pub fn of(game: &dyn Configured, saved: Saved) -> Finished {
        Finished {
            exact: game.exact().clone(),
            notes: game.notes(),
            against_best: game.against_best(&saved.record.setup),
            saved,
        }
    }

    /// The run as every report format reads it.
    pub fn report(&self) -> Report<'_> {
        Report {
            saved: &self.saved,
            exact: &self.exact,
            notes: &self.notes,
        }
    }

    /// The files of its report folder, by name, as a folder would hold them.
    pub fn files(&self) -> Result<Vec<(String, Vec<u8>)>> {
        let mut files = self.report().files()?;
        if let Some(reading) = &self.against_best {
            files.extend(analysis_files(reading)?);
        }
        Ok(files)
    }

    /// [`files`](Self::files) with `extra` files after them, every name made unique: what a
    /// report folder of this run holds, as
    /// [`OutDir::write_all`](crate::output::OutDir::write_all) takes it.
    pub fn report_files(&self, extra: Vec<(String, Vec<u8>)>) -> Result<Vec<(String, Vec<u8>)>> {
        Ok(unique_names([self.files()?, extra].concat()))
    }

    /// What a report folder's `run.json` says of this run, played on `threads` worker threads
    /// (`None` where not known, as for a merge).
    pub fn about(&self, threads: Option<usize>) -> RunAbout {
        RunAbout {
            notes: self.notes.clone(),
            ..RunAbout::of_saved(&self.saved, threads)
        }
    }

    /// The tables of its report folder's CSV files, typed: `summary.csv` whole, then those of
    /// the reading against the best play, if there is one.
    pub fn data(&self) -> Vec<DataTable> {
        let mut tables = vec![summary_data(&self.report())];
        tables.extend_from_slice(self.reading_tables());
        tables
    }

    /// The estimates and exact values as a terminal shows them: the aligned table, then the
    /// paired differences (empty without pairs), the estimates with their luck taken out (empty
    /// without), with three policies or more which could be the best, all at once, and for a
    /// run that stopped on its own figures where and why.
    pub fn text(&self) -> String {
        let report = self.report();
        let reading = self.against_best.as_ref().map_or("", |a| a.text.as_str());
        format!(
            "{}{}{}{}{}{reading}",
            report.text_table(),
            report.paired_text(),
            crate::report::text::luck_text(&report),
            crate::report::best::best_text(&report),
            crate::report::until::until_text(&report).unwrap_or_default()
        )
    }

    /// The run as one JSON document.
    pub fn json(&self) -> String {
        run_json(&self.report(), self.reading_tables())
    }

    /// The tables of the reading against the best, if there is one.
    fn reading_tables(&self) -> &[DataTable] {
        self.against_best.as_ref().map_or(&[], |a| &a.tables)
    }
}

impl Shown for Finished {
    fn text(&self) -> String {
        Finished::text(self)
    }

    fn json(&self) -> String {
        Finished::json(self)
    }

    fn tables(&self) -> Vec<DataTable> {
        let mut tables = vec![summary_table(&self.report())];
        tables.extend_from_slice(self.reading_tables());
        tables
    }

    fn about(&self) -> Vec<(String, String)> {
        let record = &self.saved.record;
        vec![
            ("game".to_string(), record.setup.game.clone()),
            // As the heading says them: the options that matter to the run.
            ("rules".to_string(), record.setup.rules_heading()),
            ("seed".to_string(), record.seed.to_string()),
            ("units".to_string(), record.units.to_string()),
        ]
    }
}

/// The chunks a run of `units` units of `game` is played in, and the units of each: shard `k`
/// of `K` plays chunks `k`, `k + K`, ..., so a run split into more shards than chunks has
/// shards that play nothing and still cost their start. Found by playing one unit (a game's
/// chunk size is its simulation's own), on one thread.
pub fn chunks(game: &dyn Configured, units: u64) -> Result<(u64, u64)> {
    crate::engine::check_units(units)?;
    let per_chunk = per_chunk(&one_unit(game)?);
    Ok((units.div_ceil(per_chunk), per_chunk))
}

/// One unit of `game` on one thread, seed 0: what a run's layout and metrics are learnt from
/// before its work ([`chunks`], a sequential run's probe), at the cost of a single unit.
pub(super) fn one_unit(game: &dyn Configured) -> Result<Tally> {
    game.simulate(&RunConfig {
        threads: Some(1),
        ..RunConfig::new(1, 0)
    })
}

/// The units per chunk a tally was played in (1 where it does not say).
pub(super) fn per_chunk(tally: &Tally) -> u64 {
    tally.units.map_or(1, |u| u.per_chunk).max(1)
}

/// Runs `game` as `config` says and returns what it found.
pub fn simulate(game: &dyn Configured, config: &RunConfig) -> Result<Finished> {
    let tally = game.simulate(config)?;
    let saved = Saved {
        record: RunRecord::of(game.setup(), config),
        tally,
        looks: Vec::new(),
    };
    // What merge will check of this file holds when it is written, or a shard of a long job
    // would be refused only once every shard had run.
    saved.check().map_err(|problem| {
        Error::input(format!(
            "internal error: the run's counts are not consistent ({problem}); please report it"
        ))
    })?;
    Ok(Finished::of(game, saved))
}

#[cfg(test)]
mod tests {
    use crate::engine::RunConfig;
    use crate::games::analysis::table_csv;
    use crate::report::summary::{summary_csv, summary_data};

    use super::*;

    /// A program handed `summary_data` reads what a reader of `summary.csv` reads: the table
    /// written as CSV is the file, byte for byte (a game of several players, with a paired
    /// comparison's rows and an exact value missing from some).
    #[test]
    fn summary_data_written_as_csv_is_summary_csv() {
        for (game, players, policies) in [
            ("sevens", 1, vec!["optimal", "rolls:1"]),
            ("sequences", 3, vec![]),
        ] {
            let game = RunRequest {
                game: crate::games::find(game).unwrap(),
                rules: Vec::new(),
                deck: None,
                players,
                policies: policies.into_iter().map(String::from).collect(),
            }
            .configure()
            .unwrap();
            let finished = simulate(game.as_ref(), &RunConfig::new(3_000, 5)).unwrap();
            let report = finished.report();
            assert_eq!(table_csv(&summary_data(&report)), summary_csv(&report));
        }
    }
}
