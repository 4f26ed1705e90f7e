//! The default job (`dicelab report`): every built-in game's runs, each with its exact tables
//! where it asks for them, then the claims, and the findings page that links them.

use std::path::Path;

use crate::engine::RunConfig;
use crate::error::{Result, one_line};
use crate::games::{self, Configured, Game, ReportRun};
use crate::report::analysis::analysis_files;
use crate::report::index::IndexSection;
use crate::report::sentence::answer;
use crate::report::text::{
    SUMMARY_HEADER, fair_share_note, few_units_note, run_heading, summary_rows,
};

use super::{Finished, RunRequest};

/// Races per rule set in the default job (full games and the claims' races get a tenth or
/// less): about three and a half minutes on two cores.
pub const DEFAULT_REPORT_UNITS: u64 = 1_000_000_000;

/// The findings page's title.
pub const TITLE: &str = "dicelab: the findings of the default job";

/// One run of the default job, configured.
pub struct ReportJob {
    /// The game.
    pub game: &'static dyn Game,
    /// The run as the game lists it (folder, question, players, rules, policies, share).
    pub run: &'static ReportRun,
    /// The game configured for it.
    pub configured: Box<dyn Configured>,
}

/// Every run of the default job, configured, in registry order. The built-in games only: the
/// job regenerates the repository's reports/, which must be the same whichever binary runs it,
/// whatever games that binary registered.
pub fn report_jobs() -> Result<Vec<ReportJob>> {
    let mut jobs = Vec::new();
    for game in games::GAMES {
        for run in game.report_runs() {
            let configured = RunRequest {
                game: *game,
                rules: run.rules.iter().map(|r| r.to_string()).collect(),
                deck: None,
                players: run.players,
                policies: run.policies.iter().map(|p| p.to_string()).collect(),
            }
            .configure()?;
            jobs.push(ReportJob {
                game: *game,
                run,
                configured,
            });
        }
    }
    Ok(jobs)
}

/// What one run of the job made: the run, and the exact tables and the solver's files that go
/// beside it.
pub struct JobResult {
    /// The run.
    pub finished: Finished,
    /// The tables' and solver's files.
    pub extra: Vec<(String, Vec<u8>)>,
}

impl ReportJob {
    /// The run's units out of the job's `units` a rule set.
    pub fn units(&self, units: u64) -> u64 {
        (units / self.run.share).max(1)
    }

    /// The line the job prints before the run of `units` units.
    pub fn heading(&self, units: u64) -> String {
        format!(
            "\n== {}, {} player(s), policy {}, {units} units\n",
            self.game.name(),
            self.run.players,
            self.configured.setup().policy_column()
        )
    }

    /// Runs it, with its exact tables (and the solver's, where the game has a solver) where the
    /// game asks for them.
    pub fn run(&self, config: &RunConfig) -> Result<JobResult> {
        let finished = super::simulate(self.configured.as_ref(), config)?;
        let mut extra = Vec::new();
        if self.run.with_tables {
            let mut analysis = self.configured.tables()?;
            if let Ok(solved) = self.configured.solve() {
                analysis = analysis.with(solved);
            }
            extra = analysis_files(&analysis)?;
        }
        Ok(JobResult { finished, extra })
    }

    /// Its section of the findings page, listing `files`.
    pub fn section(&self, finished: &Finished, files: Vec<String>) -> IndexSection {
        let report = finished.report();
        IndexSection {
            folder: self.run.folder.to_string(),
            question: self.run.question.to_string(),
            heading: run_heading(&report),
            answer: answer(&report).unwrap_or_default(),
            columns: SUMMARY_HEADER.map(String::from).to_vec(),
            rows: summary_rows(&report).into_iter().map(Vec::from).collect(),
            files,
            notes: fair_share_note(&report)
                .into_iter()
                .chain(few_units_note(&report))
                .collect(),
        }
    }
}

/// The findings page's introduction: what each section holds, and the command that makes the
/// same files again, with the settings that change a byte of them (not -q, --threads or --wait).
pub fn intro(units: Option<u64>, seed: u64, out: &Path) -> String {
    let mut again = String::from("dicelab report");
    if let Some(n) = units {
        again.push_str(&format!(" -n {n}"));
    }
    if seed != 1 {
        again.push_str(&format!(" --seed {seed}"));
    }
    if out != Path::new("reports") {
        again.push_str(&format!(" --out {}", one_line(&out.display().to_string())));
    }
    format!(
        "Every section answers one question with a run of this job (dicelab {}, seed {}): each \
         estimate with n, its mean and 95% interval, beside the exact value where one is known \
         and the distance between them in standard errors; then the run's charts and files. \
         Regenerate it with: {again} (from a checkout: cargo run --release -- report).",
        env!("CARGO_PKG_VERSION"),
        seed
    )
}
