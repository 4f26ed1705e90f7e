//! The claims of a claims file checked against exact values and simulations, and how the
//! findings page words them.

use std::path::Path;

use crate::claims::{self, Claim, Verdict};
use crate::error::Result;
use crate::games::analysis::DataTable;
use crate::input::InputFile;
use crate::report::fmt_short;
use crate::report::index::IndexSection;
use crate::report::json::tables_json;
use crate::report::shown::Shown;

/// A claims file read: its claims, and the files read for it (the file itself, or its shipped
/// copy), for `run.json`.
#[derive(Clone, Debug)]
pub struct ClaimsFile {
    /// The claims, in the file's order.
    pub claims: Vec<Claim>,
    /// What was read, by content.
    pub inputs: Vec<InputFile>,
}

/// Loads the claims file at `path` (`data/claims.csv` with nothing there is the shipped copy).
pub fn load_claims(path: &Path) -> Result<ClaimsFile> {
    let files = super::files();
    let claims = claims::load_with(path, &files)?;
    Ok(ClaimsFile {
        claims,
        inputs: files.read(),
    })
}

/// The claims checked: each claim's verdict, and the verdicts as the `claims.csv` table.
#[derive(Clone, Debug)]
pub struct Checked {
    /// One verdict per claim, in the file's order.
    pub verdicts: Vec<Verdict>,
    /// The verdicts as a table.
    pub table: DataTable,
}

impl Checked {
    /// The verdicts as a terminal shows them.
    pub fn text(&self) -> String {
        claims::verdicts_text(&self.verdicts)
    }
}

impl Shown for Checked {
    fn text(&self) -> String {
        Checked::text(self)
    }

    fn json(&self) -> String {
        tables_json(std::slice::from_ref(&self.table))
    }

    fn tables(&self) -> Vec<DataTable> {
        vec![self.table.clone()]
    }
}

/// Checks `file`'s claims with `units` simulated units a rule set, on `seed`.
pub fn check_claims(
    file: &ClaimsFile,
    units: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<Checked> {
    let verdicts = claims::check(&file.claims, units, seed, threads)?;
    let table = claims::verdicts_table(&verdicts);
    Ok(Checked { verdicts, table })
}

/// The claims' verdicts in a sentence: how many hold, and which do not.
pub fn claims_answer(verdicts: &[Verdict]) -> String {
    let wrong: Vec<String> = verdicts
        .iter()
        .filter(|v| !v.holds)
        .map(|v| format!("\"{}\"", v.claim.words()))
        .collect();
    let mut text = format!(
        "{} of the rule texts' {} claims hold",
        verdicts.len() - wrong.len(),
        verdicts.len()
    );
    if wrong.is_empty() {
        text.push('.');
    } else {
        text.push_str(&format!("; these do not: {}.", wrong.join(", ")));
    }
    text
}

/// The claims as a section of the findings page: each claim with the value claimed, the exact
/// and simulated values and the verdict.
pub fn claims_section(verdicts: &[Verdict], units: u64, seed: u64) -> IndexSection {
    let num = |x: Option<f64>| x.map(|v| format!("{v:.4}")).unwrap_or_default();
    IndexSection {
        folder: "claims".into(),
        question: "Are the rule text's claims right?".into(),
        heading: format!(
            "data/claims.csv | exact values, and {units} simulated races a rule set | seed {seed}"
        ),
        answer: claims_answer(verdicts),
        columns: [
            "claim",
            "game",
            "claimed",
            "exact",
            "simulated",
            "95% interval",
            "verdict",
        ]
        .map(String::from)
        .to_vec(),
        rows: verdicts
            .iter()
            .map(|v| {
                vec![
                    v.claim.words(),
                    v.claim.game.to_string(),
                    fmt_short(v.claim.claimed),
                    num(v.exact),
                    num(v.simulated.as_ref().map(|e| e.mean)),
                    v.simulated
                        .as_ref()
                        .map(|e| format!("[{:.4}, {:.4}]", e.ci_low, e.ci_high))
                        .unwrap_or_default(),
                    if v.holds { "holds" } else { "fails" }.to_string(),
                ]
            })
            .collect(),
        files: vec!["claims.csv".into()],
        notes: Vec::new(),
    }
}
