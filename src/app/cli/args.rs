//! The arguments of each command, as clap derive definitions.

use std::path::PathBuf;

use clap::Args;

use crate::engine::Shard;
use crate::games::Game;

use super::complete::{Offered, policy_candidates, rule_candidates};
use super::position::PositionArgs;
use super::{
    GameArg, PrintArgs, parse_players, parse_precision, parse_seed, parse_threads, parse_units,
    parse_with, policy_help,
};

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
    /// Write every page (dicelab.1 and dicelab-COMMAND.1) into this folder, made if missing,
    /// instead of printing one: `dicelab man --dir ~/.local/share/man/man1`.
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub dir: Option<PathBuf>,
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
    /// No progress bar: `-q`, which every command takes (see `Cli::quiet`), handed here.
    #[arg(skip)]
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
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = Offered(rule_candidates), hide_possible_values = true)]
    pub rules: Vec<String>,
    /// A policy spec (repeatable); the help names each game's forms (see `policy_help`).
    #[arg(long = "policy", value_name = "SPEC", value_parser = Offered(policy_candidates), hide_possible_values = true, help = policy_help())]
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
    /// sevens: also write the run's first games, as many as it plays, to FILE as a game record
    /// (docs/review.md), for `dicelab review`.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// How to print: json, the run's record and every estimate with n, mean, sd, se, interval
    /// and exact value; csv, tsv, md, the summary table.
    #[command(flatten)]
    pub print: PrintArgs,
}

/// Arguments of `compare`: those of `simulate`, and a run that stops when it knows.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// What `simulate` takes.
    #[command(flatten)]
    pub sim: SimulateArgs,
    /// Run until the sign of every paired difference against the best policy is known (95%,
    /// all at once), looking after each stretch of a fixed schedule; -n is then a budget. Every
    /// interval is a confidence sequence, which holds wherever the run stopped.
    #[arg(long, conflicts_with = "precision")]
    pub decide: bool,
    /// Run until every paired difference's interval is at most X either side (a confidence
    /// sequence, as for --decide); -n is then a budget.
    #[arg(long, value_name = "X", value_parser = parse_precision)]
    pub precision: Option<f64>,
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
    #[arg(long = "rule", value_name = "KEY=V1,V2,...", value_parser = Offered(rule_candidates), hide_possible_values = true)]
    pub rules: Vec<String>,
    /// A policy spec (repeatable), as for simulate.
    #[arg(long = "policy", value_name = "SPEC", value_parser = Offered(policy_candidates), hide_possible_values = true, help = policy_help())]
    pub policies: Vec<String>,
    /// Folder for sweep.csv and a chart per metric (default: print only).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
    /// How to print: json, every estimate of every rule set (sweep.csv's rows); csv, tsv, md,
    /// the tables the text shows.
    #[command(flatten)]
    pub print: PrintArgs,
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
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = Offered(rule_candidates), hide_possible_values = true)]
    pub rules: Vec<String>,
    /// A policy spec (repeatable: one for every seat, one per seat, or a count that divides
    /// the players), as for simulate.
    #[arg(long = "policy", value_name = "SPEC", value_parser = Offered(policy_candidates), hide_possible_values = true)]
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
    /// How to print: json, csv, tsv or md, decks.csv's table.
    #[command(flatten)]
    pub print: PrintArgs,
}

/// Arguments of `advise`.
#[derive(Debug, Args)]
#[command(mut_arg("units", |a| a.help("Play-outs per action where values are estimated (default: about a second of work on one core); 1000, 1_000 or 1e3")))]
pub struct AdviseArgs {
    /// The game.
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = Offered(rule_candidates), hide_possible_values = true)]
    pub rules: Vec<String>,
    /// The player whose evaluation and play-outs the advice shows (the game's default when
    /// omitted; `dicelab policies GAME` lists them).
    #[arg(long = "policy", value_name = "SPEC", value_parser = Offered(policy_candidates), hide_possible_values = true)]
    pub policies: Vec<String>,
    /// A JSON file holding the position: one object of the position keys below, e.g.
    /// {"roll": 1, "dice": 2, "sum": 5}; a flag given too takes the file's value's place.
    #[arg(long = "position", value_name = "FILE")]
    pub position_file: Option<PathBuf>,
    /// The same as --format json, one JSON document instead of the table.
    #[arg(long, overrides_with = "json", conflicts_with = "format")]
    pub json: bool,
    /// How to print: json, every action with its values.
    #[command(flatten)]
    pub print: PrintArgs,
    /// Play-outs, seed, threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// The position, key by key (each game takes its own keys; see below).
    #[command(flatten)]
    pub position: PositionArgs,
}

/// Arguments of `table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// The game.
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = Offered(rule_candidates), hide_possible_values = true)]
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
    /// How to print: json, csv, tsv or md, every table (as a grid where the game reads one so,
    /// a key down and one across).
    #[command(flatten)]
    pub print: PrintArgs,
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game: one whose decisions can be solved exactly (sevens).
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = Offered(rule_candidates), hide_possible_values = true)]
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
    /// How to print: json, csv, tsv or md, every table (as a grid where the game reads one so,
    /// a key down and one across).
    #[command(flatten)]
    pub print: PrintArgs,
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
    /// Folder for claims.csv (default: print only).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
    /// How to print: json, csv, tsv or md, the verdicts' table.
    #[command(flatten)]
    pub print: PrintArgs,
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
    /// How to print, as for simulate.
    #[command(flatten)]
    pub print: PrintArgs,
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
    /// How to print: json, csv, tsv or md, the weights kept.
    #[command(flatten)]
    pub print: PrintArgs,
}
