//! `dicelab tune`: better weights for a game's policy file, written to `--out`.

use crate::error::Result;
use crate::games::TuneRequest;
use crate::ops;
use crate::output::{Invocation, OutFile};
use crate::report::csv::table_csv;

use super::super::cli::TuneArgs;
use super::{print, run_settings, wrote};

/// `dicelab tune`.
pub fn tune(args: &TuneArgs, invocation: &Invocation) -> Result<()> {
    let printing = args.print.chosen()?;
    let tuner = ops::tuner(args.game)?;
    let mut out = None;
    let tuned = tuner.tune(
        &TuneRequest {
            from: args.from.clone(),
            budget: args.budget.clone(),
            player: args.player.clone(),
            run: run_settings(&args.run),
        },
        &mut || {
            out = Some(OutFile::prepare(&args.out, invocation)?);
            Ok(())
        },
    )?;
    let out = out.expect("a tuner calls ready before it tunes");
    out.write(&table_csv(&tuned.weights))?;
    print(&tuned, printing)?;
    wrote(printing, &tuned.kept, &args.out)
}
