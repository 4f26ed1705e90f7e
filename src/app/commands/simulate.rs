//! `dicelab simulate` and `dicelab compare`.

use crate::engine::Shard;
use crate::error::{Error, Result};
use crate::ops::{self, DEFAULT_UNITS, REPORT_NAMES, RunRequest, Until};
use crate::output::{Invocation, OutDir, OutFile};

use super::super::cli::{CompareArgs, SimulateArgs};
use super::{publish, run_config, threads_of};

/// The request the flags describe.
fn request(args: &SimulateArgs) -> RunRequest {
    RunRequest {
        game: args.game,
        rules: args.rules.clone(),
        deck: args.deck.clone(),
        players: args.players,
        policies: args.policies.clone(),
    }
}

/// `dicelab simulate`.
pub fn simulate(args: &SimulateArgs, invocation: &Invocation) -> Result<()> {
    let game = request(args).configure()?;
    run(args, invocation, game.as_ref(), None)
}

/// `dicelab compare`: a simulation of two or more policies, on the same chance where the game
/// allows, with each pair's paired difference; with `--decide` or `--precision`, run until it
/// knows.
pub fn compare(args: &CompareArgs, invocation: &Invocation) -> Result<()> {
    let until = match (args.decide, args.precision) {
        (true, _) => Some(Until::Decide),
        (false, Some(x)) => Some(Until::Precision(x)),
        (false, None) => None,
    };
    let game = request(&args.sim).configure_comparison()?;
    run(&args.sim, invocation, game.as_ref(), until)
}

/// Runs the configured `game` as the flags say, into `--out` when given.
fn run(
    args: &SimulateArgs,
    invocation: &Invocation,
    game: &dyn crate::games::Configured,
    until: Option<Until>,
) -> Result<()> {
    let printing = args.print.chosen()?;
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    if let Some(until) = until {
        let flag = format!("--{}", until.name());
        if args.record.is_some() {
            return Err(Error::input(format!(
                "--record with {flag}: record the games from a run of a fixed size"
            )));
        }
    }
    if shard != Shard::WHOLE && args.out.is_none() {
        return Err(Error::input(
            "--shard needs --out: a shard is only useful saved for `dicelab merge`",
        ));
    }
    let out = args
        .out
        .as_deref()
        .map(|out| OutDir::prepare(out, invocation)?.writing(&REPORT_NAMES))
        .transpose()?;
    let record = match &args.record {
        Some(_) if shard != Shard::WHOLE => {
            return Err(Error::input(
                "--record with --shard: record the games from an unsharded run",
            ));
        }
        Some(path) => Some(OutFile::prepare_as(
            crate::error::Setting::named("record"),
            path,
            invocation,
        )?),
        None => None,
    };
    let units = args.run.units.unwrap_or(DEFAULT_UNITS);
    let config = run_config(&args.run, units, shard);
    // The record first, a game at a time as each is played (a million games would not fit in
    // memory at once), beside its target; a game that writes none is refused before the run,
    // and a Ctrl-C stops it between games with the file as it was.
    let staged = match &record {
        Some(file) => Some(file.stage(&mut |put| {
            ops::record_to(game, (config.seed, units), &mut |bytes| {
                if config.progress.stopped() {
                    return Err(Error::input(crate::engine::STOPPED));
                }
                put(bytes)
            })
        })?),
        None => None,
    };
    let finished = match until {
        Some(until) => ops::simulate_until(game, &config, until)?,
        None => ops::simulate(game, &config)?,
    };
    // In place once the run has succeeded, as the record was written after it before.
    staged.map(crate::output::Staged::commit).transpose()?;
    publish(
        &finished,
        out.as_ref(),
        Vec::new(),
        Some(threads_of(&args.run)),
        printing,
    )
    .map(drop)
}
