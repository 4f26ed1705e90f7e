//! What each subcommand does, one file each: read the flags into a typed request, call the
//! library's operations ([`crate::ops`]), then print and write what comes back.
//!
//! Every command checks all its input (game, options, policies, output folder) before any
//! simulation starts, and writes its files only once everything has been computed. Games are
//! reached through the registry only, so a new game needs nothing here.

mod advise;
mod claims;
mod decks;
mod listing;
mod merge;
mod play;
mod report;
mod review;
mod simulate;
mod solve;
mod sweep;
mod tune;

use std::path::Path;

pub use advise::advise;
pub use claims::claims;
pub use decks::decks;
pub use listing::{completions, data, man, policies, rules};
pub use merge::merge;
pub use play::play;
pub use report::report;
pub use review::review;
pub use simulate::{compare, simulate};
pub use solve::{solve, table};
pub use sweep::sweep;
pub use tune::tune;

use crate::Result;
use crate::engine::{OnProgress, RunConfig, Shard};
use crate::error::one_line;
use crate::games::analysis::Analysis;
use crate::ops::Finished;
use crate::output::OutDir;
use crate::report::analysis::analysis_files;
use crate::report::print::Style;
use crate::report::shown::{Analysed, Format, Shown, render};

use super::capture;
use super::cli::RunArgs;
use super::stdout::{say, show};

/// `path` as a line of output names it: a control character in it (an escape, a line break) is
/// written escaped, as an error line writes it, so a folder's name can neither drive the
/// terminal nor break the line; any other path is written as it is.
fn shown(path: &Path) -> String {
    one_line(&path.display().to_string())
}

/// A run of `units` units with the seed, threads and quietness the user gave.
fn run_config(run: &RunArgs, units: u64, shard: Shard) -> RunConfig {
    RunConfig {
        units,
        seed: run.seed,
        threads: run.threads,
        shard,
        progress: progress(run),
        first_chunk: 0,
    }
}

/// Where a run's progress is told: the front end's choice (a bar on stderr unless `--quiet`).
fn progress(run: &RunArgs) -> OnProgress {
    capture::progress(run.quiet)
}

/// How a game's own command runs: the size is left to it when the user gave none.
fn run_settings(run: &RunArgs) -> RunConfig<Option<u64>> {
    RunConfig {
        units: run.units,
        seed: run.seed,
        threads: run.threads,
        shard: Shard::WHOLE,
        progress: progress(run),
        first_chunk: 0,
    }
}

/// The worker threads a run asks for: `--threads`, or every core.
fn threads_of(run: &RunArgs) -> usize {
    run.threads.unwrap_or_else(rayon::current_num_threads)
}

/// What an exact analysis (`solve`, `table`) writes: tables and charts, named by the game.
const ANALYSIS_NAMES: [&str; 2] = ["*.csv", "*.svg"];

/// How a command prints, as `--format`, `--percent` and `--digits` chose.
type Printing = (Format, Style);

/// Prints `shown` as `printing` asks: text for a person (every line printable), anything else
/// as it is, for a program.
fn print(shown: &dyn Shown, printing: Printing) -> Result<()> {
    let (format, style) = printing;
    let text = render(shown, format, style);
    match format {
        Format::Text => show(&text),
        Format::Json | Format::Tables(_) => say(&text),
    }
}

/// After the result, for a person only: the folder the files went to. A program reading JSON
/// or a table gets the result and nothing else on stdout.
fn wrote(printing: Printing, what: &str, dir: &Path) -> Result<()> {
    if printing.0 == Format::Text {
        say(&format!("wrote {what} to {}\n", shown(dir)))?;
    }
    Ok(())
}

/// Prints a run's table and, with a folder, writes its report files there together with
/// `extra` files (all renamed into place at once). Returns the names of the files.
fn publish(
    finished: &Finished,
    out: Option<&OutDir>,
    extra: Vec<(String, Vec<u8>)>,
    threads: Option<usize>,
    printing: Printing,
) -> Result<Vec<String>> {
    let out = out.map(|o| o.clone().describing(finished.about(threads)));
    let out = out.as_ref();
    let files = finished.report_files(extra)?;
    capture::made(&files);
    // Files first: a run whose report cannot be written prints only the error.
    if let Some(dir) = out {
        dir.write_all(&files)?;
    }
    let names = files.into_iter().map(|(name, _)| name).collect::<Vec<_>>();
    print(finished, printing)?;
    if let Some(dir) = out {
        wrote(printing, &format!("{} files", names.len()), dir.path())?;
    }
    Ok(names)
}

/// Prints an exact analysis as `printing` asks, its tables headed by `about` (the game and its
/// rules), and, with a folder, writes its files there.
fn show_analysis(
    analysis: &Analysis,
    about: Vec<(String, String)>,
    out: Option<&OutDir>,
    printing: Printing,
) -> Result<()> {
    let files = analysis_files(analysis)?;
    capture::made(&files);
    if let Some(dir) = out {
        dir.write_all(&files)?;
    }
    print(&Analysed { analysis, about }, printing)?;
    if let Some(dir) = out {
        wrote(printing, &format!("{} files", files.len()), dir.path())?;
    }
    Ok(())
}
