//! `dicelab claims`: the claims of a claims file checked against exact values and simulations.

use crate::error::Result;
use crate::ops::{self, ClaimsFile, DEFAULT_UNITS};
use crate::output::manifest::{InputRef, RunAbout};
use crate::output::{Invocation, OutDir};
use crate::report::csv::table_csv;

use super::super::cli::{ClaimsArgs, RunArgs};
use super::{Printing, print, threads_of, wrote};

/// `dicelab claims`.
pub fn claims(args: &ClaimsArgs, invocation: &Invocation) -> Result<()> {
    let printing = args.print.chosen()?;
    let claims = ops::load_claims(&args.file)?;
    let units = args.run.units.unwrap_or(DEFAULT_UNITS);
    // Without --out the verdicts are printed and nothing is written: a check run in a checkout
    // must not replace the committed reports/claims/claims.csv, nor make folders elsewhere.
    let out = args
        .out
        .as_deref()
        .map(|out| OutDir::prepare(out, invocation)?.writing(&["claims.csv"]))
        .transpose()?;
    check_claims(&claims, &args.run, units, out, printing).map(drop)
}

/// Checks `claims` and, given a folder (prepared by the caller before any work), writes
/// `claims.csv` there.
pub(super) fn check_claims(
    claims: &ClaimsFile,
    run: &RunArgs,
    units: u64,
    out: Option<OutDir>,
    printing: Printing,
) -> Result<Vec<crate::claims::Verdict>> {
    let out = out.map(|out| {
        out.describing(RunAbout {
            inputs: claims.inputs.iter().map(InputRef::from).collect(),
            seed: Some(run.seed),
            units: Some(units),
            threads: Some(threads_of(run)),
            ..RunAbout::default()
        })
    });
    let checked = ops::check_claims(claims, units, run.seed, run.threads)?;
    let files = [("claims.csv".to_string(), table_csv(&checked.table))];
    // Files first: a check whose file cannot be written prints only the error.
    if let Some(dir) = &out {
        dir.write_all(&files)?;
    }
    print(&checked, printing)?;
    if let Some(dir) = &out {
        wrote(printing, "claims.csv", dir.path())?;
    }
    Ok(checked.verdicts)
}
