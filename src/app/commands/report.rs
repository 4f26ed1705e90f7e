//! `dicelab report`: the default job, each run into its own folder under `--out`, then the
//! claims, then the findings page.

use std::path::{Path, PathBuf};

use crate::engine::Shard;
use crate::error::Result;
use crate::ops::{self, DEFAULT_REPORT_UNITS};
use crate::output::manifest::RunAbout;
use crate::output::{Invocation, OutDir};
use crate::report::index::{IndexSection, index_html, index_markdown};
use crate::report::print::Style;
use crate::report::shown::Format;

use super::super::cli::ReportArgs;
use super::super::stdout::{say, show};
use super::claims::check_claims;
use super::{ANALYSIS_NAMES, Printing, publish, run_config, shown, threads_of};
use crate::ops::REPORT_NAMES;

/// The default job prints each run for a person to read as it goes.
const TEXT: Printing = (
    Format::Text,
    Style {
        percent: false,
        digits: None,
    },
);

/// `dicelab report`: every built-in game's runs of the default job, in registry order, each with
/// its exact tables where it asks for them, then the claims, each into its own folder under
/// `out`.
pub fn report(args: &ReportArgs, invocation: &Invocation) -> Result<()> {
    // All input first: a bad claims file must not fail the job after reports were replaced.
    let claims = ops::load_claims(Path::new("data/claims.csv"))?;
    let root = OutDir::prepare(&args.out, invocation)?.writing(&["index.html", "README.md"])?;
    let units = args.run.units.unwrap_or(DEFAULT_REPORT_UNITS);
    let mut folders: Vec<PathBuf> = Vec::new();
    let mut sections: Vec<IndexSection> = Vec::new();
    // Every run configured and every folder checked (and held) before the first run: a folder
    // that cannot be written fails the job before any work, not after twelve reports.
    let mut jobs = Vec::new();
    for job in ops::report_jobs()? {
        let folder = root.path().join(job.run.folder);
        // Beside the run's files, the exact tables and the solver's, named by the game.
        let out = OutDir::prepare(&folder, invocation)?
            .writing(&REPORT_NAMES)?
            .writing(&ANALYSIS_NAMES)?;
        jobs.push((job, folder, out));
    }
    let claims_dir = root.path().join("claims");
    let claims_out = OutDir::prepare(&claims_dir, invocation)?.writing(&["claims.csv"])?;
    // Every folder stays held until the index is written: a run into one already written would
    // otherwise replace it under an index that describes what it replaced.
    let mut held = vec![claims_out.clone()];
    for (job, folder, out) in jobs {
        let n = job.units(units);
        show(&job.heading(n))?;
        let result = job.run(&run_config(&args.run, n, Shard::WHOLE))?;
        let files = publish(
            &result.finished,
            Some(&out),
            result.extra,
            Some(threads_of(&args.run)),
            TEXT,
        )?;
        held.push(out);
        sections.push(job.section(&result.finished, files));
        folders.push(folder);
    }
    say("\n== claims of the rule text\n")?;
    let claim_units = (units / 10).max(1);
    let verdicts = check_claims(&claims, &args.run, claim_units, Some(claims_out), TEXT)?;
    sections.push(ops::claims_section(&verdicts, claim_units, args.run.seed));
    folders.push(claims_dir);
    // The index last, so it links only what was written.
    let intro = ops::intro(args.run.units, args.run.seed, &args.out);
    let root = root.describing(RunAbout {
        seed: Some(args.run.seed),
        units: Some(units),
        threads: Some(threads_of(&args.run)),
        ..RunAbout::default()
    });
    root.write_all(&[
        (
            "index.html".to_string(),
            index_html(ops::TITLE, &intro, &sections).into_bytes(),
        ),
        (
            "README.md".to_string(),
            index_markdown(ops::TITLE, &intro, &sections).into_bytes(),
        ),
    ])?;
    drop(held);
    say(&format!(
        "\nreports written: {}\n",
        folders
            .iter()
            .map(|f| shown(f))
            .collect::<Vec<_>>()
            .join(", ")
    ))?;
    Ok(())
}
