//! The arguments of the commands at the table, as clap derive definitions: `play` (a game at
//! the terminal) and `review` (a recorded game rated).

use std::path::PathBuf;

use clap::Args;

use crate::games::Game;

use super::complete::{Offered, policy_candidates, rule_candidates};
use super::{GameArg, PrintArgs, parse_players, parse_seed, parse_units};

/// Arguments of `review`.
#[derive(Debug, Args)]
#[command(mut_arg("units", |a| a.help("Where values are estimated: Solitaire Dice, the most play-outs a division has (default 32); 7, the most guesses of the hidden cards a play has (default 1000); more narrows every interval and takes longer (exact reviews ignore it)")))]
#[command(mut_arg("seed", |a| a.help("Solitaire Dice and 7: seed of the play-outs and guesses; the same seed gives the same review")))]
pub struct ReviewArgs {
    /// The game record to review: one or more games, as docs/review.md describes (`simulate
    /// --record` writes them; a person may type one).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Folder for players.csv, decisions.csv and throws.csv.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// If another dicelab run is writing --out, wait for it to finish instead of stopping.
    #[arg(long, overrides_with = "wait")]
    pub wait: bool,
    /// How to print: text, each game's accounts and marked decisions (one game: every moment);
    /// json, every figure of every game; csv, tsv, md, the tables.
    #[command(flatten)]
    pub print: PrintArgs,
    /// Instead of printing the review, put each decision marked ? or ?? to you again without
    /// the answer, read your answer from stdin, then show the values.
    #[arg(long, conflicts_with_all = ["out", "format"])]
    pub drill: bool,
    /// Play-outs, seed, threads of estimated reviews.
    #[command(flatten)]
    pub run: super::args::RunArgs,
    /// A file the record may read: a 7 deck or a policy table its rules or seats name
    /// (repeatable). A record reads no file you do not name here.
    #[arg(long = "allow-file", value_name = "FILE")]
    pub allow_files: Vec<PathBuf>,
}

/// Arguments of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game.
    #[arg(value_parser = GameArg)]
    pub game: &'static dyn Game,
    /// A rule option as key=value (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = Offered(rule_candidates), hide_possible_values = true)]
    pub rules: Vec<String>,
    /// Players at the table, you included (the game's default when omitted).
    #[arg(long, value_parser = parse_players, allow_negative_numbers = true)]
    pub players: Option<u32>,
    /// The computer players' policies: one for all, or one each (Solitaire Dice: the coach's
    /// player).
    #[arg(long = "policy", value_name = "SPEC", value_parser = Offered(policy_candidates), hide_possible_values = true)]
    pub policies: Vec<String>,
    /// Say after each decision what it cost against the best, and sum it up at the end.
    #[arg(long, overrides_with = "coach")]
    pub coach: bool,
    /// Seed of the dice and cards; the same seed deals the same game (default: a fresh one each
    /// game, printed at the start so the game can be played again).
    #[arg(long, value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Play-outs of the advice where it estimates (default: the advice's, about a second).
    #[arg(short = 'n', long = "units", value_name = "N", value_parser = parse_units, allow_negative_numbers = true)]
    pub units: Option<u64>,
    /// sevens (2 or 3 players): write the game, as far as it was played, to FILE
    /// as a game record (docs/review.md), for `dicelab review`.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// sevens: continue the game recorded in FILE (`play --record` wrote it): its rules, seats
    /// and seed deal it again, your recorded choices are replayed, and you play on from there.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["rules", "players", "policies", "seed"])]
    pub resume: Option<PathBuf>,
    /// With --resume: a file the record may read, a 7 deck or a policy table its rules or
    /// seats name (repeatable). A record reads no file you do not name here.
    #[arg(long = "allow-file", value_name = "FILE", requires = "resume")]
    pub allow_files: Vec<PathBuf>,
}

/// Arguments of `serve`.
#[cfg(feature = "serve")]
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 takes any free one (the address printed says which).
    #[arg(long, default_value_t = 8077)]
    pub port: u16,
    /// The address to listen on: 127.0.0.1, this machine only, by default; 0.0.0.0 lets a phone
    /// on the same network reach it (and anyone else there: it says so when it starts).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// The report folder the Findings page shows, read-only (default: reports/ in the folder
    /// dicelab starts in, where there is one).
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
    /// The app that computes in the browser and works offline, as `dev/web.sh DIR` writes it
    /// (default: target/web of the checkout dicelab was built from, where there is one; without
    /// it the pages compute on this server).
    #[arg(long, value_name = "DIR", conflicts_with = "no_app")]
    pub app: Option<PathBuf>,
    /// Serve the pages built into dicelab, which compute on this server, even where the app
    /// that computes in the browser is built.
    #[arg(long)]
    pub no_app: bool,
    /// The longest one request may compute, in seconds: a review or an advice that would take
    /// longer is stopped and refused, saying so (1 to 3600).
    #[arg(long, value_name = "SECONDS", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub work_limit: u64,
}
