//! The command line, as clap derive definitions only; `app/mod.rs` and `commands.rs` act on it.
//! Games are named by the registry, so a new game needs nothing here.

use std::ffi::OsStr;
use std::path::PathBuf;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};

use crate::engine::{MAX_THREADS, Shard};
use crate::games::{self, Game, PolicyDoc};
use crate::number::whole_in;

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
    Compare(SimulateArgs),
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
    /// Play a game at the terminal against computer players: `?` for advice, --coach to hear
    /// what each decision cost against the best.
    Play(PlayArgs),
    /// List a game's rule options: the values each takes, its default and what it decides.
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
}

impl Command {
    /// Whether the command was asked to wait for another run writing its --out (`--wait`);
    /// commands that write nothing never wait.
    pub fn wait(&self) -> bool {
        match self {
            Command::Simulate(args) | Command::Compare(args) => args.wait,
            Command::Solve(args) => args.wait,
            Command::Table(args) => args.wait,
            Command::Claims(args) => args.wait,
            Command::Report(args) => args.wait,
            Command::Merge(args) => args.wait,
            Command::Tune(args) => args.wait,
            Command::Sweep(args) => args.wait,
            Command::Decks(args) => args.wait,
            Command::Advise(_)
            | Command::Play(_)
            | Command::Rules(_)
            | Command::Policies(_)
            | Command::Data(_)
            | Command::Completions(_)
            | Command::Man(_) => false,
        }
    }
}

/// How `simulate`, `compare` and `claims` print: as a table for reading (without the flag),
/// or as JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RunFormat {
    /// One JSON document.
    Json,
}

/// How `table` and `solve` print their tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PrintFormat {
    /// One JSON document: every table with its columns and rows.
    Json,
    /// Comma-separated values.
    Csv,
    /// Tab-separated values.
    Tsv,
    /// Markdown tables.
    Md,
}

impl PrintFormat {
    /// The library's name for it; `None` for JSON, which is no table format.
    pub fn tables(self) -> Option<crate::report::print::TableFormat> {
        use crate::report::print::TableFormat;
        match self {
            PrintFormat::Json => None,
            PrintFormat::Csv => Some(TableFormat::Csv),
            PrintFormat::Tsv => Some(TableFormat::Tsv),
            PrintFormat::Md => Some(TableFormat::Markdown),
        }
    }
}

/// Arguments of `data`.
#[derive(Debug, Args)]
pub struct DataArgs {
    /// A shipped file to print (`sevens-policy.csv` or `data/sevens-policy.csv`); without one,
    /// the list.
    pub file: Option<String>,
}

/// Arguments of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Arguments of `man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// A command whose page to print (`dicelab-simulate(1)`); without one, dicelab's own page,
    /// which lists the commands.
    pub command: Option<String>,
}

/// Arguments of the commands that describe a game.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The game.
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
}

/// How many units, which seed, how many threads, how much chatter.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Units to simulate: races to the target (Sequences) or turns (Sevens) with one player,
    /// games with several.
    /// Accepts 1000000, 1_000_000 or 1e6.
    #[arg(short = 'n', long = "units", value_name = "N", value_parser = parse_units, allow_negative_numbers = true)]
    pub units: Option<u64>,
    /// Seed of the run; the same seed gives the same report.
    #[arg(long, default_value_t = 1, value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Worker threads (default: every core; at most 1024, and never more than the run has
    /// chunks).
    #[arg(long, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// No progress bar.
    // A switch given twice (a script's `-q` and the user's) is the same switch, not an error:
    // each bool flag overrides itself.
    #[arg(long, short = 'q', overrides_with = "quiet")]
    pub quiet: bool,
}

/// Arguments of `simulate`.
#[derive(Debug, Args)]
#[command(mut_arg("units", |a| a.help("Units to simulate (default 1e6): races to the target (Sequences) or turns (Sevens) with one player, games with several; 1000000, 1_000_000 or 1e6")))]
pub struct SimulateArgs {
    /// The game.
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// Run size, seed, threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Number of players; 1 plays races to the target, more play full games (solitaire-dice:
    /// up to 8 sheets sharing the rolls; sieben: 2 to 7).
    #[arg(long, default_value_t = 1, value_parser = parse_players, allow_negative_numbers = true)]
    pub players: u32,
    /// A rule option as key=value (repeatable), e.g. --rule wipe_ones=3; `dicelab rules GAME`
    /// lists them.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// A policy spec (repeatable); the help names each game's forms (see `policy_help`).
    #[arg(long = "policy", value_name = "SPEC", help = policy_help())]
    pub policies: Vec<String>,
    /// Run only every N-th chunk from K (K/N); combine the parts with `merge`.
    #[arg(long, value_parser = parse_with::<Shard>, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Folder for summary.csv, distribution.csv, accumulators.json and plots.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
    /// sieben: the deck file (header number,count; one row per number 1 to 7), the same as
    /// --rule deck=FILE, since the real deck's spread is unpublished.
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
    /// json: one JSON document on stdout (the run's record and every estimate with n, mean,
    /// sd, se, interval and exact value) instead of the table.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<RunFormat>,
}

/// Arguments of `sweep`: those of `simulate`, with lists of values for the rule options.
#[derive(Debug, Args)]
#[command(mut_arg("units", |a| a.help("Units per rule set (default 1e6), as for simulate: races, turns or games; 1000000, 1_000_000 or 1e6")))]
pub struct SweepArgs {
    /// The game.
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// Units per rule set, seed (the same for every rule set), threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Number of players, as for simulate.
    #[arg(long, default_value_t = 1, value_parser = parse_players, allow_negative_numbers = true)]
    pub players: u32,
    /// A rule option and the values to try, separated by commas (repeatable), e.g. --rule
    /// wipe_ones=3,4,5,off; one value fixes the option for every rule set. `dicelab rules GAME`
    /// lists the options.
    #[arg(long = "rule", value_name = "KEY=V1,V2,...")]
    pub rules: Vec<String>,
    /// A policy spec (repeatable), as for simulate.
    #[arg(long = "policy", value_name = "SPEC", help = policy_help())]
    pub policies: Vec<String>,
    /// Folder for sweep.csv and a chart per metric (default: print only).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
}

/// Arguments of `decks`: those of `simulate` that make sense for a sweep, and extra decks.
#[derive(Debug, Args)]
#[command(mut_arg("units", |a| a.help("Games per deck (default 1e5); 100000, 100_000 or 1e5")))]
pub struct DecksArgs {
    /// The game: one played with a deck (sieben).
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// Games per deck (default 100000), seed (the same for every deck), threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Number of players, 2 to 7 (required: the deck's effect depends on it).
    #[arg(long, value_parser = parse_players, allow_negative_numbers = true)]
    pub players: Option<u32>,
    /// A rule option as key=value (repeatable); the deck comes from the sweep and --deck.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// A policy spec (repeatable: one for every seat, one per seat, or a count that divides
    /// the players), as for simulate.
    #[arg(long = "policy", value_name = "SPEC")]
    pub policies: Vec<String>,
    /// A deck file to add after the built-in sweep (repeatable; header number,count).
    #[arg(long, value_name = "FILE")]
    pub deck: Vec<PathBuf>,
    /// Folder for decks.csv (default: print only).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
}

/// Arguments of `advise`.
#[derive(Debug, Args)]
#[command(mut_arg("units", |a| a.help("Play-outs per action where values are estimated (default: about a second of work on one core); 1000, 1_000 or 1e3")))]
pub struct AdviseArgs {
    /// The game.
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// The player whose evaluation and play-outs the advice shows (the game's default when
    /// omitted; `dicelab policies GAME` lists them).
    #[arg(long = "policy", value_name = "SPEC")]
    pub policies: Vec<String>,
    /// A JSON file holding the position: one object of the position keys below, e.g.
    /// {"roll": 1, "dice": 2, "sum": 5}; a flag given too takes the file's value's place.
    #[arg(long = "position", value_name = "FILE")]
    pub position_file: Option<PathBuf>,
    /// Print one JSON document instead of the table.
    #[arg(long, overrides_with = "json")]
    pub json: bool,
    /// Play-outs, seed, threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// The position, key by key (each game takes its own keys; see below).
    #[command(flatten)]
    pub position: PositionArgs,
}

/// Arguments of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game.
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Players at the table, you included (the game's default when omitted).
    #[arg(long, value_parser = parse_players, allow_negative_numbers = true)]
    pub players: Option<u32>,
    /// The computer players' policies: one for all, or one each (Solitaire Dice: the coach's
    /// player).
    #[arg(long = "policy", value_name = "SPEC")]
    pub policies: Vec<String>,
    /// Say after each decision what it cost against the best, and sum it up at the end.
    #[arg(long, overrides_with = "coach")]
    pub coach: bool,
    /// Seed of the dice and cards; the same seed deals the same game.
    #[arg(long, default_value_t = 1, value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Play-outs of the advice where it estimates (default: the advice's, about a second).
    #[arg(short = 'n', long = "units", value_name = "N", value_parser = parse_units, allow_negative_numbers = true)]
    pub units: Option<u64>,
}

/// The position flags of `advise`: the union of every game's position keys, from the
/// registry, so a new game's keys need nothing here; each game refuses the keys it does not
/// take.
#[derive(Debug, Default)]
pub struct PositionArgs {
    /// The flags given, as key and text, in the registry's order.
    pub given: Vec<(String, String)>,
}

/// Every position key of every game, once, with the games' meanings joined (games that mean
/// the same by a key named together).
fn position_keys() -> Vec<(&'static str, &'static str, String)> {
    /// A key's meanings, each with the games that mean it.
    type Meanings = Vec<(Vec<&'static str>, &'static str)>;
    let mut keys: Vec<(&'static str, &'static str, Meanings)> = Vec::new();
    for game in games::all() {
        let Some(advisor) = game.advisor() else {
            continue;
        };
        for key in advisor.keys() {
            let entry = match keys.iter_mut().position(|(k, _, _)| *k == key.key) {
                Some(i) => &mut keys[i],
                None => {
                    keys.push((key.key, key.syntax, Vec::new()));
                    keys.last_mut().expect("just pushed")
                }
            };
            match entry.2.iter_mut().find(|(_, m)| *m == key.meaning) {
                Some((names, _)) => names.push(game.name()),
                None => entry.2.push((vec![game.name()], key.meaning)),
            }
        }
    }
    keys.into_iter()
        .map(|(key, syntax, meanings)| {
            let text: Vec<String> = meanings
                .iter()
                .map(|(names, meaning)| format!("{}: {meaning}", names.join(", ")))
                .collect();
            (key, syntax, text.join("; "))
        })
        .collect()
}

impl clap::FromArgMatches for PositionArgs {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let given = position_keys()
            .into_iter()
            .filter_map(|(key, _, _)| {
                matches
                    .get_one::<String>(key)
                    .map(|v| (key.to_string(), v.clone()))
            })
            .collect();
        Ok(Self { given })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for PositionArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let mut cmd = cmd.next_help_heading("Position");
        for (key, syntax, meaning) in position_keys() {
            cmd = cmd.arg(
                clap::Arg::new(key)
                    .long(key)
                    .value_name(syntax)
                    .help(meaning)
                    .allow_negative_numbers(true),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// Arguments of `table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// The game.
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Folder for the CSV tables and SVG plots (default: print only).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
    /// sieben: the deck file, the same as --rule deck=FILE.
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
    /// Print the tables as JSON, CSV, tab-separated or Markdown (what they share said once
    /// above each), instead of the summary for reading.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<PrintFormat>,
    /// With --format: probabilities as percentages.
    #[arg(long, requires = "format", overrides_with = "percent")]
    pub percent: bool,
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game: one whose decisions can be solved exactly (sevens).
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Players in a game, for the leader's dilemma (exact for 2).
    #[arg(long, default_value_t = 2, value_parser = parse_players, allow_negative_numbers = true)]
    pub players: u32,
    /// Folder for the policy table, CSV tables and SVG plots (default: print only).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
    /// Print the tables as JSON, CSV, tab-separated or Markdown (what they share said once
    /// above each), instead of the summary for reading.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<PrintFormat>,
    /// With --format: probabilities as percentages.
    #[arg(long, requires = "format", overrides_with = "percent")]
    pub percent: bool,
}

/// Arguments of `claims`.
#[derive(Debug, Args)]
#[command(mut_arg("units", |a| a.help("Races simulated beside the exact values (default 1e6); 1000000, 1_000_000 or 1e6")))]
pub struct ClaimsArgs {
    /// The claims file (the built-in copy is used if the default file is absent).
    #[arg(long, default_value = "data/claims.csv")]
    pub file: PathBuf,
    /// Run size, seed, threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Folder for claims.csv.
    #[arg(long, default_value = "reports/claims")]
    pub out: PathBuf,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
    /// json: one JSON document on stdout (the run's record and every estimate with n, mean,
    /// sd, se, interval and exact value) instead of the table.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<RunFormat>,
}

/// Arguments of `report`.
#[derive(Debug, Args)]
#[command(mut_arg("units", |a| a.help("Races per game of the default job (default 1e9); whole games, comparisons and the claims get a share of it (see README); 1e9, 1_000_000_000")))]
pub struct ReportArgs {
    /// Run size (races per game, default 1e9; full games and the claims get a tenth), seed,
    /// threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Root folder of the reports.
    #[arg(long, default_value = "reports")]
    pub out: PathBuf,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
}

/// Arguments of `merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The --out folders of the shards.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// Folder for the merged report.
    #[arg(long)]
    pub out: PathBuf,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
    /// Merge an incomplete set of shards into a partial report (marked so in its header);
    /// without it a missing shard is an error that names it.
    #[arg(long, overrides_with = "partial")]
    pub partial: bool,
}

/// Arguments of `tune`.
#[derive(Debug, Args)]
#[command(mut_arg("units", |a| a.help("Games per candidate evaluation (default 20000 for heuristic, 2000 for lookahead); 20000, 20_000 or 2e4")))]
pub struct TuneArgs {
    /// The game: one with weights to tune (solitaire-dice).
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// The weights to start from: heuristic:FILE, heuristic (the built-in weights), or greedy.
    #[arg(long, value_name = "SPEC")]
    pub from: String,
    /// How long to tune: a time (90s, 10m, 1h) or a number of candidate evaluations (5000).
    #[arg(long, allow_negative_numbers = true)]
    pub budget: String,
    /// The player the weights are for: heuristic (play heuristic:FILE) or lookahead (play
    /// lookahead:FILE; about 50 times slower a game, so -n defaults to 2000).
    #[arg(long = "for", value_name = "PLAYER", default_value = "heuristic")]
    pub player: String,
    /// The policy file to write the best weights to.
    #[arg(long)]
    pub out: PathBuf,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
    /// Games per evaluation (-n, default 20000, 2000 for lookahead), seed, threads.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Parses with the type's own `FromStr`, whose message clap prints after the argument's name.
fn parse_with<T: std::str::FromStr<Err = crate::Error>>(s: &str) -> Result<T, String> {
    s.parse().map_err(|e: crate::Error| e.to_string())
}

/// A unit count (`-n`): at least 1, in any of the forms of [`crate::number`].
pub fn parse_units(s: &str) -> Result<u64, String> {
    if crate::number::parse_whole(s) == Ok(0) {
        return Err("expected at least 1 unit, found 0".to_string());
    }
    whole_in(s, 1, u64::MAX)
}

/// A seed (`--seed`): any whole number a `u64` holds.
pub fn parse_seed(s: &str) -> Result<u64, String> {
    whole_in(s, 0, u64::MAX)
}

/// A worker count (`--threads`): 1 to [`MAX_THREADS`].
pub fn parse_threads(s: &str) -> Result<usize, String> {
    let max = MAX_THREADS as u64;
    whole_in(s, 1, max).map(|t| t as usize).map_err(|e| {
        format!("{e} (worker threads; more than there are cores only wait their turn)")
    })
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
        assert_eq!(parse_threads("1024"), Ok(MAX_THREADS));
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
