//! `dicelab review`: a record's games rated, printed, and with `--out` written as tables.

use crate::error::Result;
use crate::ops;
use crate::output::{Invocation, OutDir};
use crate::report::csv::table_csv;
use crate::report::review::{Reviewed, review_tables};

use super::super::cli::ReviewArgs;
use super::{print, wrote};

/// The files `review --out` writes.
const REVIEW_NAMES: [&str; 3] = ["players.csv", "decisions.csv", "throws.csv"];

/// `dicelab review`.
pub fn review(args: &ReviewArgs, invocation: &Invocation) -> Result<()> {
    let printing = args.print.chosen()?;
    let out = args
        .out
        .as_deref()
        .map(|out| OutDir::prepare(out, invocation)?.writing(&REVIEW_NAMES))
        .transpose()?;
    let reviews = ops::review_file(&args.file)?;
    if let Some(dir) = &out {
        let files: Vec<(String, Vec<u8>)> = review_tables(&reviews)
            .iter()
            .map(|t| (format!("{}.csv", t.name), table_csv(t)))
            .collect();
        crate::app::capture::made(&files);
        dir.write_all(&files)?;
    }
    print(&Reviewed { reviews: &reviews }, printing)?;
    if let Some(dir) = &out {
        wrote(printing, "3 files", dir.path())?;
    }
    Ok(())
}
