//! `dicelab sweep`: every combination of the rule values listed, one row per rule set.

use crate::engine::Shard;
use crate::error::Result;
use crate::ops::{self, DEFAULT_UNITS, SweepPlan, SweepRequest};
use crate::output::{Invocation, OutDir};

use super::super::capture;
use super::super::cli::SweepArgs;
use super::{print, run_config, threads_of, wrote};

/// `dicelab sweep`: every rule set is configured, and so checked, before any runs.
pub fn sweep(args: &SweepArgs, invocation: &Invocation) -> Result<()> {
    let printing = args.print.chosen()?;
    let plan = SweepPlan::new(&SweepRequest {
        game: args.game,
        rules: args.rules.clone(),
        players: args.players,
        policies: args.policies.clone(),
    })?;
    let out = args
        .out
        .as_deref()
        .map(|out| OutDir::prepare(out, invocation)?.writing(&["sweep.csv", "*.svg"]))
        .transpose()?;
    let units = args.run.units.unwrap_or(DEFAULT_UNITS);
    let sweep = plan.run(&run_config(&args.run, units, Shard::WHOLE))?;
    let Some(dir) = &out else {
        // Without a folder, the table is the sweep's one file.
        capture::made(&[("sweep.csv".to_string(), sweep.csv())]);
        return print(&sweep, printing);
    };
    let files = sweep.report_files()?;
    dir.clone()
        .describing(ops::sweep_about(&sweep, Some(threads_of(&args.run))))
        .write_all(&files)?;
    capture::made(&files);
    print(&sweep, printing)?;
    wrote(printing, &format!("{} files", files.len()), dir.path())
}
