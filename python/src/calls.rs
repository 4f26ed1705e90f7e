//! The operations Python calls, each on the library's typed layer (`dicelab::ops`): a request
//! built from the arguments `dicelab/_api.py` checked and converted, a report folder held before
//! the work when `out` names one and written whole after it, and the typed result handed back.
//! Counts come as the text of a Python `int`, so a refusal quotes the value as given and names
//! its keyword, whatever its size.

use std::path::PathBuf;

use dicelab::engine::{self, OnProgress, RunConfig, Shard};
use dicelab::error::{Error, Message, Result};
use dicelab::games::advice::{AdviceRequest, Position};
use dicelab::games::analysis::Analysis;
use dicelab::games::session::PlayRequest;
use dicelab::ops::{
    self, Asks, Finished, REPORT_NAMES, ReviewRequest, RunRequest, SweepPlan, SweepRequest,
};
use dicelab::output::{Invocation, OutDir, RunAbout};
use dicelab::report::analysis::analysis_files;
use dicelab::report::review::ReviewTables;
use dicelab::stats::Subject;
use dicelab::{Files, Saved, Setting};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::failure::Keywords;
use crate::{detached, frames};

/// A whole number of `setting` from `min` to `max`, from the text of a Python `int` (of any
/// size), refused in the words the library's own checks use.
fn whole(setting: Setting, text: &str, (min, max): (u64, u64)) -> Result<u64> {
    let refuse = |why: String| {
        Err(Error::value(setting.clone(), text, why).outside(text, (min.into(), max.into())))
    };
    match text.parse::<i128>() {
        Ok(v) if v < i128::from(min) => refuse(format!("expected at least {min}, found {text}")),
        Ok(v) if v > i128::from(max) => refuse(format!("too large; the largest allowed is {max}")),
        Ok(v) => Ok(v as u64),
        Err(_) if text.starts_with('-') => refuse(format!("expected at least {min}, found {text}")),
        Err(_) => refuse(format!("too large; the largest allowed is {max}")),
    }
}

/// A count the library checks itself (`check`, in its own words) once it is a `u64`.
fn checked(
    setting: Setting,
    text: &str,
    range: (u64, u64),
    check: fn(u64) -> Result<u64>,
) -> Result<u64> {
    match text.parse::<u64>() {
        Ok(v) => check(v),
        Err(_) => whole(setting, text, range),
    }
}

/// How a run is sized and seeded, as Python gave it.
#[derive(Clone, Debug)]
pub struct RunArgs {
    /// Units (`n`), or the operation's default.
    pub units: Option<String>,
    /// The seed.
    pub seed: String,
    /// Worker threads, or every core.
    pub threads: Option<String>,
}

impl RunArgs {
    /// The run's configuration, every count checked; told to stop through `progress`.
    fn config(&self, progress: OnProgress) -> Result<RunConfig<Option<u64>>> {
        let units = self
            .units
            .as_deref()
            .map(|n| checked(Setting::UNITS, n, (1, u64::MAX), engine::check_units))
            .transpose()?;
        let threads = self
            .threads
            .as_deref()
            .map(|t| {
                checked(Setting::THREADS, t, engine::THREADS, |t| {
                    engine::check_threads(t).map(|t| t as u64)
                })
                .map(|t| t as usize)
            })
            .transpose()?;
        Ok(RunConfig {
            units,
            seed: whole(Setting::named("seed"), &self.seed, (0, u64::MAX))?,
            threads,
            shard: Shard::WHOLE,
            progress,
            first_chunk: 0,
        })
    }
}

/// A report folder held for the work to come, when `out` names one: checked (and so refused)
/// before any work, as the command line holds `--out`.
fn hold(out: Option<&PathBuf>, call: &str, wait: bool, names: &[&str]) -> Result<Option<OutDir>> {
    let invocation = Invocation {
        wait: wait.then_some(told as fn(&Message)),
        ..Invocation::now(vec![call.to_string()])
    };
    out.map(|dir| OutDir::prepare(dir, &invocation)?.writing(names))
        .transpose()
}

/// Where a waiting call says whom it waits for: on stderr, as the command line does.
fn told(line: &Message) {
    eprintln!("{}", line.render(&Keywords));
}

/// A players count, checked for its type here and for its game by the game.
fn player_count(text: &str) -> Result<u32> {
    whole(Setting::PLAYERS, text, (0, u32::MAX.into())).map(|p| p as u32)
}

/// The game a run of `simulate` (or of `compare`, where `compare`) plays, configured.
fn configured(
    game: String,
    policies: Vec<String>,
    rules: Vec<String>,
    deck: Option<PathBuf>,
    players: &str,
    compare: bool,
) -> Result<Box<dyn dicelab::Configured>> {
    let request = RunRequest {
        game: dicelab::find(&game)?,
        rules,
        deck,
        players: player_count(players)?,
        policies,
    };
    if compare {
        request.configure_comparison()
    } else {
        request.configure()
    }
}

/// A finished run (or a part of one, or a merge of parts): its tables, its report's files, and
/// its accumulators, which a part is pickled as and [`merge`] reads back.
#[pyclass(module = "dicelab._native", frozen)]
pub struct Run {
    finished: Finished,
}

#[pymethods]
impl Run {
    /// The run's tables (`summary.csv`, then those of a reading against the best play), as
    /// `dicelab._frames` reads them.
    fn tables(&self, py: Python<'_>) -> PyResult<Vec<Py<PyDict>>> {
        frames::tables(py, &self.finished.data())
    }

    /// Which policies could be the best, all at once (a comparison of three or more): per
    /// metric its name, `higher_is_better` and each policy with `could_be_best` and `ahead`,
    /// the bounds on how far it lies ahead of the best of the others, as the command line
    /// prints them.
    fn best(&self, py: Python<'_>) -> PyResult<Vec<Py<PyDict>>> {
        let report = self.finished.report();
        let setup = &report.saved.record.setup;
        dicelab::report::best::best_of(&report)
            .iter()
            .map(|b| {
                let dict = PyDict::new(py);
                dict.set_item("metric", &b.metric)?;
                dict.set_item("higher_is_better", b.higher)?;
                let policies = b
                    .standings
                    .iter()
                    .map(|s| {
                        let one = PyDict::new(py);
                        one.set_item("policy", setup.label(Subject::Policy(s.policy)))?;
                        one.set_item("could_be_best", s.could_be_best())?;
                        one.set_item("ahead", (s.low, s.high))?;
                        Ok(one.unbind())
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                dict.set_item("policies", policies)?;
                Ok(dict.unbind())
            })
            .collect()
    }

    /// How a run that stopped on its own figures stopped, as its record says it (`until`,
    /// `precision`, `budget`, `looks`, `answered`) with the `units` it stopped at; `None` for a
    /// run of a fixed size.
    fn stopped(&self, py: Python<'_>) -> PyResult<Option<Py<PyDict>>> {
        let record = &self.finished.saved.record;
        let Some(s) = &record.sequential else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("until", &s.until)?;
        dict.set_item(
            "precision",
            s.precision.as_ref().and_then(|x| x.parse::<f64>().ok()),
        )?;
        dict.set_item("units", record.units)?;
        dict.set_item("budget", s.budget)?;
        dict.set_item("looks", s.looks.clone())?;
        dict.set_item("answered", s.answered)?;
        Ok(Some(dict.unbind()))
    }

    /// The files a report folder of the run holds, by name.
    fn files(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        let files = self
            .finished
            .report_files(Vec::new())
            .map_err(|e| crate::failure::raised(&e))?;
        let dict = PyDict::new(py);
        for (name, bytes) in files {
            dict.set_item(name, PyBytes::new(py, &bytes))?;
        }
        Ok(dict.unbind())
    }

    /// The estimates as a terminal shows them.
    fn text(&self) -> String {
        self.finished.text()
    }

    /// `accumulators.json`: all a part is, and all [`merge`] needs of it.
    fn accumulators<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.finished.saved.to_json())
    }

    /// The shards this run holds and how many the whole run has: `([0], 1)` for a whole run,
    /// `([3], 64)` for shard 3 of 64.
    #[getter]
    fn shards(&self) -> (Vec<u32>, u32) {
        let record = &self.finished.saved.record;
        (record.shards.clone(), record.shard_count)
    }

    /// Whether the run holds every shard.
    #[getter]
    fn whole(&self) -> bool {
        self.finished.saved.is_whole()
    }
}

/// `dicelab.simulate` and `dicelab.compare`: the run (or its shard `(k, n)`), its report
/// written to `out` when given.
#[pyfunction]
#[pyo3(signature = (call, game, policies, rules, deck, players, units, seed, threads, shard, out, wait, compare, decide=false, precision=None))]
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    py: Python<'_>,
    call: String,
    game: String,
    policies: Vec<String>,
    rules: Vec<String>,
    deck: Option<PathBuf>,
    players: String,
    units: Option<String>,
    seed: String,
    threads: Option<String>,
    shard: Option<(String, String)>,
    out: Option<PathBuf>,
    wait: bool,
    compare: bool,
    decide: bool,
    precision: Option<String>,
) -> PyResult<Run> {
    let run = RunArgs {
        units,
        seed,
        threads,
    };
    detached(py, move |progress| {
        let until = match (decide, &precision) {
            (true, _) => Some(ops::Until::Decide),
            (false, Some(text)) => Some(ops::Until::Precision(text.parse::<f64>().map_err(
                |_| {
                    Error::value(
                        Setting::named("precision"),
                        text,
                        "expected a positive width either side of a paired difference",
                    )
                },
            )?)),
            (false, None) => None,
        };
        let configured = configured(game, policies, rules, deck, &players, compare)?;
        let settings = run.config(progress)?;
        let shard = match &shard {
            None => Shard::WHOLE,
            Some((k, n)) => {
                let count = whole(Setting::SHARD, n, (1, u32::MAX.into()))? as u32;
                let index = whole(Setting::SHARD, k, (0, u64::from(count) - 1))? as u32;
                Shard { index, count }
            }
        };
        let out = hold(out.as_ref(), &call, wait, &REPORT_NAMES)?;
        let config = RunConfig {
            shard,
            ..settings.sized(ops::DEFAULT_UNITS)?
        };
        let finished = match until {
            Some(until) => ops::simulate_until(configured.as_ref(), &config, until)?,
            None => ops::simulate(configured.as_ref(), &config)?,
        };
        if let Some(dir) = out {
            dir.describing(finished.about(Some(config.threads_used())))
                .write_all(&finished.report_files(Vec::new())?)?;
        }
        Ok(Run { finished })
    })
}

/// What a run spread over shards is checked against before any of its parts runs: its units
/// (the operation's default when `None`, its seed and threads checked as the run checks them),
/// the chunks it is played in and the units of each ([`ops::chunks`]): a shard beyond the
/// chunks plays nothing and still costs its start.
#[pyfunction]
#[pyo3(signature = (game, policies, rules, deck, players, units, seed, threads, compare))]
#[allow(clippy::too_many_arguments)]
pub fn run_chunks(
    py: Python<'_>,
    game: String,
    policies: Vec<String>,
    rules: Vec<String>,
    deck: Option<PathBuf>,
    players: String,
    units: Option<String>,
    seed: String,
    threads: Option<String>,
    compare: bool,
) -> PyResult<(u64, u64, u64)> {
    let run = RunArgs {
        units,
        seed,
        threads,
    };
    detached(py, move |_| {
        let units = run
            .config(OnProgress::default())?
            .sized(ops::DEFAULT_UNITS)?
            .units;
        let configured = configured(game, policies, rules, deck, &players, compare)?;
        let (chunks, per_chunk) = ops::chunks(configured.as_ref(), units)?;
        Ok((units, chunks, per_chunk))
    })
}

/// `out` checked as the report folder of a run (refused as `simulate --out` refuses it), then
/// let go: a run spread over an executor is refused before any of its parts runs, and
/// [`merge`] holds the folder again to write it.
#[pyfunction]
#[pyo3(signature = (call, out, wait))]
pub fn check_out(py: Python<'_>, call: String, out: PathBuf, wait: bool) -> PyResult<()> {
    detached(py, move |_| {
        hold(Some(&out), &call, wait, &REPORT_NAMES).map(drop)
    })
}

/// `dicelab.merge`: parts (their accumulators) added into one run, written to `out` when
/// given. A run missing parts is refused unless `partial`.
#[pyfunction]
#[pyo3(signature = (call, parts, out, wait, partial))]
pub fn merge(
    py: Python<'_>,
    call: String,
    parts: Vec<Vec<u8>>,
    out: Option<PathBuf>,
    wait: bool,
    partial: bool,
) -> PyResult<Run> {
    detached(py, move |_| {
        if parts.is_empty() {
            return Err(Error::input(
                "merge: no parts given; pass the parts simulate(..., shard=(k, n)) returned",
            ));
        }
        let loaded = parts
            .iter()
            .enumerate()
            .map(|(i, bytes)| {
                let name = format!("part {i}");
                Ok((PathBuf::from(&name), Saved::from_json(bytes, &name)?))
            })
            .collect::<Result<Vec<_>>>()?;
        let merged = ops::merge_loaded(loaded, partial)?;
        let out = hold(out.as_ref(), &call, wait, &REPORT_NAMES)?;
        if let Some(dir) = out {
            let finished = &merged.finished;
            dir.describing(finished.about(None))
                .write_all(&finished.report_files(Vec::new())?)?;
        }
        Ok(Run {
            finished: merged.finished,
        })
    })
}

/// `dicelab.sweep`: every rule set the rules name, on the same seed; `sweep.csv` as a table.
#[pyfunction]
#[pyo3(signature = (call, game, rules, policies, players, units, seed, threads, out, wait))]
#[allow(clippy::too_many_arguments)]
pub fn sweep(
    py: Python<'_>,
    call: String,
    game: String,
    rules: Vec<String>,
    policies: Vec<String>,
    players: String,
    units: Option<String>,
    seed: String,
    threads: Option<String>,
    out: Option<PathBuf>,
    wait: bool,
) -> PyResult<Py<PyDict>> {
    let run = RunArgs {
        units,
        seed,
        threads,
    };
    let sweep = detached(py, move |progress| {
        let plan = SweepPlan::new(&SweepRequest {
            game: dicelab::find(&game)?,
            rules,
            players: player_count(&players)?,
            policies,
        })?;
        let settings = run.config(progress)?;
        let out = hold(out.as_ref(), &call, wait, &["sweep.csv", "*.svg"])?;
        let config = settings.sized(ops::DEFAULT_UNITS)?;
        let sweep = plan.run(&config)?;
        if let Some(dir) = out {
            dir.describing(ops::sweep_about(&sweep, Some(config.threads_used())))
                .write_all(&sweep.report_files()?)?;
        }
        Ok(sweep)
    })?;
    frames::table(py, &sweep.data())
}

/// `dicelab.solve` (`tables` false) and `dicelab.table` (true): a game's exact analysis, every
/// table of it, written to `out` when given.
#[pyfunction]
#[pyo3(signature = (call, game, rules, deck, players, out, wait, tables))]
#[allow(clippy::too_many_arguments)]
pub fn analyse(
    py: Python<'_>,
    call: String,
    game: String,
    rules: Vec<String>,
    deck: Option<PathBuf>,
    players: String,
    out: Option<PathBuf>,
    wait: bool,
    tables: bool,
) -> PyResult<Vec<Py<PyDict>>> {
    let analysis: Analysis = detached(py, move |_| {
        let request = RunRequest {
            game: dicelab::find(&game)?,
            rules,
            deck,
            players: player_count(&players)?,
            policies: Vec::new(),
        };
        let game = request.configure()?;
        let out = hold(out.as_ref(), &call, wait, &["*.csv", "*.svg"])?;
        let analysis = if tables {
            game.tables()?
        } else {
            game.solve()?
        };
        if let Some(dir) = out {
            dir.describing(RunAbout::of_setup(&game.setup()))
                .write_all(&analysis_files(&analysis)?)?;
        }
        Ok(analysis)
    })?;
    frames::tables(py, &analysis.tables)
}

/// `dicelab.advise`: every legal action in the position, ranked, as a table with its attrs.
#[pyfunction]
#[pyo3(signature = (game, position, rules, policies, units, seed, threads))]
#[allow(clippy::too_many_arguments)]
pub fn advise(
    py: Python<'_>,
    game: String,
    position: Vec<(String, String)>,
    rules: Vec<String>,
    policies: Vec<String>,
    units: Option<String>,
    seed: String,
    threads: Option<String>,
) -> PyResult<Py<PyDict>> {
    let run = RunArgs {
        units,
        seed,
        threads,
    };
    let advice = detached(py, move |progress| {
        let game = dicelab::find(&game)?;
        ops::advisor(game)?;
        let request = AdviceRequest {
            rules,
            policies,
            position: Position::new(position)?,
            run: run.config(progress)?,
        };
        ops::advise(game, &request)
    })?;
    frames::advice(py, &advice)
}

/// `dicelab.review`: every game of a record (the file at `path`, or the record's `text`) checked
/// against its rules, then reviewed a game at a time, as the three tables `review --out` writes
/// (`players`, `decisions`, `throws`), with the same numbers for the same play-outs and seed.
/// The interval columns are always there, blank in an exact game's rows, so a frame's columns
/// never depend on the record (the command line writes them only where some game is
/// estimated). Only the rows are kept, never the games.
#[pyfunction]
#[pyo3(signature = (path, text, units, seed, threads, readable))]
pub fn review(
    py: Python<'_>,
    path: Option<PathBuf>,
    text: Option<String>,
    units: Option<String>,
    seed: String,
    threads: Option<String>,
    readable: Vec<PathBuf>,
) -> PyResult<Vec<Py<PyDict>>> {
    let run = RunArgs {
        units,
        seed,
        threads,
    };
    let tables = detached(py, move |progress| {
        let request = ReviewRequest {
            run: run.config(progress)?,
            readable,
        };
        // Named in errors as the command line names it: `record FILE`, or `record` for text.
        let (what, text) = match path {
            Some(path) => {
                let what = format!("record {}", path.display());
                let text = Files::default().read_text(&what, &path)?;
                (what, text)
            }
            None => ("record".to_string(), text.unwrap_or_default()),
        };
        let checked = ops::check_record(&what, &text, &request)?;
        let mut tables = ReviewTables::new();
        checked.review_each(&request, &mut |game| {
            tables.add(&game);
            Ok(())
        })?;
        Ok(tables.tables())
    })?;
    frames::tables(py, &tables)
}

/// `dicelab.replay`: `game` dealt from `seed` (with its rules, players and the computer seats'
/// policies) and played up to the person's pending decision, the person's decisions as `moves`
/// give them (each an index into its decision's actions, named `moves[i]` when refused); with
/// the coach on the last move and the advice on the pending decision where asked. What the web
/// app's Play page does at each request, as Python values.
#[pyfunction]
#[pyo3(signature = (game, seed, moves, players, rules, policies, coach, advice))]
#[allow(clippy::too_many_arguments)]
pub fn replay(
    py: Python<'_>,
    game: String,
    seed: String,
    moves: Vec<String>,
    players: Option<String>,
    rules: Vec<String>,
    policies: Vec<String>,
    coach: bool,
    advice: bool,
) -> PyResult<Py<PyDict>> {
    let replayed = detached(py, move |_| {
        let game = dicelab::find(&game)?;
        let request = PlayRequest {
            rules,
            players: players.as_deref().map(player_count).transpose()?,
            policies,
            seed: whole(Setting::named("seed"), &seed, (0, u64::MAX))?,
            ..PlayRequest::default()
        };
        let moves = moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let most = u64::try_from(usize::MAX).unwrap_or(u64::MAX);
                whole(Setting::new(format!("moves[{i}]")), m, (0, most)).map(|m| m as usize)
            })
            .collect::<Result<Vec<_>>>()?;
        ops::replay(game, &request, &moves, Asks { coach, advice })
    })?;
    frames::replayed(py, &replayed)
}

/// `dicelab.sheet`: one step of a game followed at the table, `step` the JSON body
/// `POST /api/sheet` takes (`start`, or the `record` so far with a `throw`, its `keep` or
/// `pairs`, or `stop`); the answer's JSON, the record with the step and the review of the game
/// so far. The play-outs of an estimated review are sized, seeded and threaded as `review`'s.
#[pyfunction]
#[pyo3(signature = (step, units, seed, threads))]
pub fn sheet(
    py: Python<'_>,
    step: String,
    units: Option<String>,
    seed: String,
    threads: Option<String>,
) -> PyResult<String> {
    let run = RunArgs {
        units,
        seed,
        threads,
    };
    detached(py, move |progress| {
        ops::sheet(&step, &run.config(progress)?)
    })
}
