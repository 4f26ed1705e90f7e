//! The command line, as clap derive definitions only; `app/mod.rs` and `commands/` act on it.
//! Games are named by the registry, so a new game needs nothing here.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};

use crate::engine;
use crate::games::{self, Game, PolicyDoc};
use crate::number::{whole_in, whole_syntax};
use crate::report::print::{Style, TableFormat};

mod args;
mod complete;
mod position;
mod table_args;

pub use args::{
    AdviseArgs, ClaimsArgs, CompareArgs, CompletionsArgs, DataArgs, DecksArgs, GameArgs, ManArgs,
    MergeArgs, ReportArgs, RunArgs, SimulateArgs, SolveArgs, SweepArgs, TableArgs, TuneArgs,
};
#[cfg(feature = "serve")]
pub use table_args::ServeArgs;
pub use table_args::{PlayArgs, ReviewArgs};

/// dicelab: which strategy is better, by how much, and how sure are we?
///
/// Monte Carlo simulation and exact analysis of push-your-luck dice and card games. Every run is
/// seeded and reproducible: the same seed gives byte-identical reports for any --threads and any
/// --shard split.
#[derive(Debug, Parser)]
#[command(name = "dicelab", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// No progress bar (every command takes it, before or after its name, so a script can
    /// always add it).
    // A switch given twice (a script's `-q` and the user's) is the same switch, not an error:
    // each bool flag overrides itself.
    #[arg(long, short = 'q', global = true, overrides_with = "quiet")]
    pub quiet: bool,
}

impl Cli {
    /// The command with the switches given before or after its name (`-q`) handed to the
    /// arguments that use them.
    pub fn settled(mut self) -> Self {
        if let Some(run) = self.command.run_args_mut() {
            run.quiet = self.quiet;
        }
        self
    }
}

/// A game's name, checked against the registry, whose names the help lists.
#[derive(Clone, Copy, Debug)]
pub struct GameArg;

impl TypedValueParser for GameArg {
    type Value = &'static dyn Game;

    fn parse_ref(
        &self,
        _: &clap::Command,
        _: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let name = value.to_string_lossy();
        games::find(&name).map_err(|e| clap::Error::raw(ErrorKind::InvalidValue, format!("{e}\n")))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            games::all()
                .into_iter()
                .map(|g| PossibleValue::new(g.name()).help(g.about())),
        ))
    }
}

/// Where a report's metric names are explained, under the help of the commands that report them.
const METRICS_HELP: &str = "Every metric name (turn_score, win_rate_seat_K, p_leader_wins_round, ...) and \
     every column of summary.csv is defined in docs/metrics.md.";

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Simulate a game and report every metric with its 95% interval and exact value.
    #[command(after_help = METRICS_HELP)]
    Simulate(SimulateArgs),
    /// Compare two or more policies on the same dice, with paired differences.
    #[command(after_help = METRICS_HELP)]
    Compare(CompareArgs),
    /// Solve a game's decisions exactly: the optimal policy table and every policy's odds.
    Solve(SolveArgs),
    /// Print and write a game's exact probability tables.
    Table(TableArgs),
    /// Check the rule texts' claims (data/claims.csv) against exact values and simulation.
    Claims(ClaimsArgs),
    /// The default job: every report, into reports/.
    Report(ReportArgs),
    /// Combine the --out folders of shards of one run into the whole run's report.
    Merge(MergeArgs),
    /// Improve a policy file's weights (solitaire-dice) on common random games.
    Tune(TuneArgs),
    /// Several rule sets side by side on the same seed: every combination of the values listed
    /// with --rule KEY=V1,V2,..., one row per rule set, sweep.csv and a chart per metric.
    Sweep(SweepArgs),
    /// sieben: the same games under several deck spreads (the real one is unpublished), one row
    /// per deck with the key metrics and their 95% intervals.
    Decks(DecksArgs),
    /// Advise a position: every legal action ranked, with its value and what it loses against
    /// the best (exact where an exact value exists, else play-outs on common dice).
    Advise(AdviseArgs),
    /// Review a recorded game: every decision rated and every throw's luck, in each player's
    /// chance to win, adding up exactly to the result (Solitaire Dice: in expected final score,
    /// estimated by play-outs; 7: estimated by guesses of the hidden cards).
    Review(ReviewArgs),
    /// Play a game at the terminal against computer players: `?` for advice, --coach to hear
    /// what each decision cost against the best.
    Play(PlayArgs),
    /// Print a game's rules: how to play, its options and our reading of each gap.
    Rules(GameArgs),
    /// List the policy specs a game takes, its default, and how many players it takes.
    Policies(GameArgs),
    /// List the data files dicelab ships, or print one (`dicelab data sevens-policy.csv >
    /// mine.csv`) to copy and edit.
    Data(DataArgs),
    /// Print a completion script for a shell: `dicelab completions bash > ~/.local/share/bash-completion/completions/dicelab`.
    Completions(CompletionsArgs),
    /// Print the manual page (roff) of dicelab or of one of its commands: `dicelab man | man -l -`.
    Man(ManArgs),
    /// Start the local web app (the coach, a game against dicelab's players, the review of a
    /// record, the rules and the findings, for a phone or a browser) and print its address;
    /// Ctrl-C stops it.
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
}

impl Command {
    /// The run settings (size, seed, threads) of a command that runs simulations.
    fn run_args_mut(&mut self) -> Option<&mut RunArgs> {
        match self {
            Command::Simulate(args) => Some(&mut args.run),
            Command::Compare(args) => Some(&mut args.sim.run),
            Command::Claims(args) => Some(&mut args.run),
            Command::Report(args) => Some(&mut args.run),
            Command::Tune(args) => Some(&mut args.run),
            Command::Sweep(args) => Some(&mut args.run),
            Command::Decks(args) => Some(&mut args.run),
            Command::Advise(args) => Some(&mut args.run),
            Command::Review(args) => Some(&mut args.run),
            Command::Solve(_)
            | Command::Table(_)
            | Command::Merge(_)
            | Command::Play(_)
            | Command::Rules(_)
            | Command::Policies(_)
            | Command::Data(_)
            | Command::Completions(_)
            | Command::Man(_) => None,
            #[cfg(feature = "serve")]
            Command::Serve(_) => None,
        }
    }

    /// Whether the command was asked to wait for another run writing its --out (`--wait`);
    /// commands that write nothing never wait.
    pub fn wait(&self) -> bool {
        match self {
            Command::Simulate(args) => args.wait,
            Command::Compare(args) => args.sim.wait,
            Command::Solve(args) => args.wait,
            Command::Table(args) => args.wait,
            Command::Claims(args) => args.wait,
            Command::Report(args) => args.wait,
            Command::Merge(args) => args.wait,
            Command::Tune(args) => args.wait,
            Command::Sweep(args) => args.wait,
            Command::Decks(args) => args.wait,
            Command::Review(args) => args.wait,
            Command::Advise(_)
            | Command::Play(_)
            | Command::Rules(_)
            | Command::Policies(_)
            | Command::Data(_)
            | Command::Completions(_)
            | Command::Man(_) => false,
            #[cfg(feature = "serve")]
            Command::Serve(_) => false,
        }
    }
}

/// How a command prints its results (`--format`): the same values on every command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// For reading.
    #[default]
    Text,
    /// One JSON document with every figure.
    Json,
    /// The tables the text shows, comma-separated.
    Csv,
    /// The tables the text shows, tab-separated.
    Tsv,
    /// The tables the text shows, in Markdown.
    Md,
}

/// `--format` and how a printed table writes its numbers, on every command that prints results.
#[derive(Debug, Args)]
pub struct PrintArgs {
    /// How to print the results: text, for reading; json, one JSON document with every figure,
    /// for a program; csv, tsv or md, the tables the text shows as comma- or tab-separated
    /// values or Markdown, what every row shares (game, rules) said once above each.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t)]
    pub format: Format,
    /// With --format csv, tsv or md: probabilities as percentages.
    #[arg(long, overrides_with = "percent")]
    pub percent: bool,
    /// With --format csv, tsv or md: the decimals of every real number (0 to 12; of the
    /// percentage with --percent).
    #[arg(long, value_name = "N", value_parser = parse_digits)]
    pub digits: Option<usize>,
}

impl PrintArgs {
    /// The library's format and style; `--percent` and `--digits` are refused where no table is
    /// printed, since they would change nothing.
    pub fn chosen(&self) -> crate::Result<(crate::report::shown::Format, Style)> {
        use crate::report::shown::Format as Shown;
        let format = match self.format {
            Format::Text => Shown::Text,
            Format::Json => Shown::Json,
            Format::Csv => Shown::Tables(TableFormat::Csv),
            Format::Tsv => Shown::Tables(TableFormat::Tsv),
            Format::Md => Shown::Tables(TableFormat::Markdown),
        };
        if !matches!(format, Shown::Tables(_)) {
            let given = [
                ("--percent", self.percent),
                ("--digits", self.digits.is_some()),
            ];
            if let Some((flag, _)) = given.iter().find(|(_, on)| *on) {
                return Err(crate::Error::input(format!(
                    "{flag}: only with --format csv, tsv or md, which print tables"
                )));
            }
        }
        Ok((
            format,
            Style {
                percent: self.percent,
                digits: self.digits,
            },
        ))
    }
}

/// Decimals of a printed number (`--digits`): 0 to 12, more than a chance's double holds
/// usefully.
fn parse_digits(s: &str) -> Result<usize, String> {
    whole_in(s, 0, 12).map(|d| d as usize)
}

/// Parses with the type's own `FromStr`, whose message clap prints after the argument's name.
fn parse_with<T: std::str::FromStr<Err = crate::Error>>(s: &str) -> Result<T, String> {
    s.parse().map_err(|e: crate::Error| e.to_string())
}

/// A unit count (`-n`): at least 1, in any of the forms of [`crate::number`].
pub fn parse_units(s: &str) -> Result<u64, String> {
    let units = whole_syntax(s, 1, u64::MAX)?;
    engine::units_refusal(units).map_or(Ok(units), Err)
}

/// A seed (`--seed`): any whole number a `u64` holds.
pub fn parse_seed(s: &str) -> Result<u64, String> {
    whole_in(s, 0, u64::MAX)
}

/// A worker count (`--threads`): its range and its words are the library's ([`engine::check_threads`]).
pub fn parse_threads(s: &str) -> Result<usize, String> {
    let (min, max) = engine::THREADS;
    whole_syntax(s, min, max)
        .and_then(|t| engine::threads_refusal(t).map_or(Ok(t as usize), Err))
        .map_err(|e| {
            format!("{e} (worker threads; more than there are cores only wait their turn)")
        })
}

/// The width either side a run until a precision stops at (`--precision`): a positive number.
pub fn parse_precision(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        _ => Err(format!(
            "expected a positive number, the widest a paired difference's interval may reach \
             either side of it (0.01), found '{s}'"
        )),
    }
}

/// A player count (`--players`): each game checks its own range.
pub fn parse_players(s: &str) -> Result<u32, String> {
    whole_in(s, 0, u64::from(u32::MAX)).map(|p| p as u32)
}

/// `--policy`'s help, built from each game's own table of policy forms (the one its parser's
/// messages and `dicelab policies` read), so the help cannot name a form a game refuses.
fn policy_help() -> String {
    let games: Vec<String> = games::all()
        .iter()
        .map(|g| format!("{} takes {}", g.name(), PolicyDoc::list(g.policies())))
        .collect();
    format!(
        "A policy spec (repeatable: several share the same dice; in a game, one for every seat, \
         one per seat, or a count that divides the players, taking the seats in turn): {}. \
         `dicelab policies GAME` lists them with their meanings and defaults",
        games.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_accept_the_usual_spellings() {
        assert_eq!(parse_units("1000000"), Ok(1_000_000));
        assert_eq!(parse_units("1_000_000"), Ok(1_000_000));
        assert_eq!(parse_units("1e9"), Ok(1_000_000_000));
        assert_eq!(parse_units("25e6"), Ok(25_000_000));
        assert_eq!(parse_units("1.5e8"), Ok(150_000_000));
        assert_eq!(parse_seed("1e3"), Ok(1000));
        assert_eq!(parse_threads("1024"), Ok(engine::MAX_THREADS));
        assert!(parse_threads("1025").is_err());
        for bad in ["0", "-5", "abc", "1.5", "1e30", ""] {
            assert!(parse_units(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
