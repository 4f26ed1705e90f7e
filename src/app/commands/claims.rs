//! `dicelab claims`: the claims of a claims file checked against exact values and simulations.

use crate::error::Result;
use crate::ops::{self, ClaimsFile, DEFAULT_UNITS};
use crate::output::manifest::{InputRef, RunAbout};
use crate::output::{Invocation, OutDir};
use crate::report::csv::table_csv;
use crate::report::json::tables_json;

use super::super::cli::{ClaimsArgs, RunArgs, RunFormat};
use super::super::stdout::{say, show};
use super::{shown, threads_of};

/// `dicelab claims`.
pub fn claims(args: &ClaimsArgs, invocation: &Invocation) -> Result<()> {
    let claims = ops::load_claims(&args.file)?;
    let units = args.run.units.unwrap_or(DEFAULT_UNITS);
    let out = OutDir::prepare(&args.out, invocation)?.writing(&["claims.csv"])?;
    check_claims(&claims, &args.run, units, out, args.format).map(drop)
}

/// Checks `claims` and writes `claims.csv` into `out` (prepared by the caller before any work).
pub(super) fn check_claims(
    claims: &ClaimsFile,
    run: &RunArgs,
    units: u64,
    out: OutDir,
    format: Option<RunFormat>,
) -> Result<Vec<crate::claims::Verdict>> {
    let out = out.describing(RunAbout {
        inputs: claims.inputs.iter().map(InputRef::from).collect(),
        seed: Some(run.seed),
        units: Some(units),
        threads: Some(threads_of(run)),
        ..RunAbout::default()
    });
    let checked = ops::check_claims(claims, units, run.seed, run.threads)?;
    let csv = table_csv(&checked.table);
    if format == Some(RunFormat::Json) {
        out.write_all(&[("claims.csv".to_string(), csv)])?;
        say(&tables_json(&[checked.table]))?;
        return Ok(checked.verdicts);
    }
    show(&checked.text())?;
    out.write_all(&[("claims.csv".to_string(), csv)])?;
    say(&format!("wrote claims.csv to {}\n", shown(out.path())))?;
    Ok(checked.verdicts)
}
