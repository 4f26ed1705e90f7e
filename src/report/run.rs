//! What every format of a report reads: a finished run beside its exact values, and the names
//! its files take. Apart from the list of formats (`report/mod.rs`), so each format's file and
//! the list that names every format do not import each other.

use crate::error::Result;
use crate::saved::Saved;
use crate::stats::ExactValues;

/// A finished run with the exact values to show beside it.
pub struct Report<'a> {
    /// The run and its observations.
    pub saved: &'a Saved,
    /// Exact values, where known.
    pub exact: &'a ExactValues,
    /// What a reader must know about how the run was played (a policy played by a heuristic
    /// rather than its exact solution), shown in the report's heading.
    pub notes: &'a [String],
}

/// One output format of a run's report folder.
pub trait Exporter: Sync {
    /// The files this format writes, by name.
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>>;
}

/// The files with every name made unique: a name met again gets `-2`, `-3`, ... before its
/// extension, in the order the files come. Two policy specs can map to one file name
/// (`heuristic:w,1.csv` and `heuristic:w_1.csv` both read `heuristic_w_1_csv` in a file name),
/// and both asked for their chart: a suffix keeps each (the chart's own title names its policy)
/// where refusing would reject a valid pair of policies for a naming artifact of ours.
pub fn unique_names(files: Vec<(String, Vec<u8>)>) -> Vec<(String, Vec<u8>)> {
    let mut taken: std::collections::HashSet<String> =
        std::collections::HashSet::with_capacity(files.len());
    let mut out = Vec::with_capacity(files.len());
    for (name, bytes) in files {
        let mut unique = name.clone();
        let (stem, ext) = match name.rfind('.') {
            Some(dot) if dot > 0 => name.split_at(dot),
            _ => (name.as_str(), ""),
        };
        let mut k = 2;
        while taken.contains(&unique) {
            unique = format!("{stem}-{k}{ext}");
            k += 1;
        }
        taken.insert(unique.clone());
        out.push((unique, bytes));
    }
    out
}

/// A policy spec as part of a file name: letters, digits, `-` and `_`, everything else `_`.
pub fn file_safe(spec: &str) -> String {
    spec.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
