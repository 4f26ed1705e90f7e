//! Reports of a run, one file per output format behind [`Exporter`] (as hyperfine's exporters):
//! `summary.csv` ([`summary`]), `distribution.csv` ([`distribution`]), `quantiles.csv`
//! ([`quantiles`]), `accumulators.json` ([`accumulators`]), the charts ([`charts`]) and what the
//! terminal shows ([`text`]), every one naming the run as [`columns`] does; the files of a game's
//! exact analysis ([`analysis`]), `advise`'s answer ([`advice`]) and a `sweep`'s ([`sweep`]); and the
//! index of the default job's reports ([`index`]). The listings of `dicelab rules` and
//! `dicelab policies` name flags, so they belong to the command line (`src/app/listing.rs`).
//!
//! These make names and bytes; [`crate::output`] writes them, whole or not at all.

pub mod accumulators;
pub mod advice;
pub mod analysis;
pub mod charts;
pub mod columns;
pub mod csv;
pub mod distribution;
pub mod index;
pub mod json;
pub mod print;
pub mod quantiles;
pub mod summary;
pub mod sweep;
pub mod text;

pub use accumulators::AccumulatorsJson;
pub use charts::{ComparisonCharts, DistributionCharts};
pub use csv::{csv_bytes, fmt_num, fmt_short};
pub use distribution::DistributionCsv;
pub use quantiles::QuantilesCsv;
pub use summary::SummaryCsv;

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

/// Every format of a report folder, in the order their files are listed.
pub const EXPORTERS: [&dyn Exporter; 6] = [
    &SummaryCsv,
    &DistributionCsv,
    &QuantilesCsv,
    &AccumulatorsJson,
    &DistributionCharts,
    &ComparisonCharts,
];

impl Report<'_> {
    /// Every file of the report folder, with its name.
    pub fn files(&self) -> Result<Vec<(String, Vec<u8>)>> {
        let mut files = Vec::new();
        for exporter in EXPORTERS {
            files.extend(exporter.export(self)?);
        }
        Ok(unique_names(files))
    }

    /// The summary as an aligned table for a terminal.
    pub fn text_table(&self) -> String {
        text::text_table(self)
    }

    /// The paired differences as text (empty without pairs).
    pub fn paired_text(&self) -> String {
        text::paired_text(self)
    }
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::record::{RunRecord, SetupRecord};
    use crate::stats::{Histogram, Metric, Tally};

    /// A run of the game `g` comparing the policies `a` and `b`, holding `metrics`.
    pub(crate) fn run(metrics: Vec<Metric>) -> Saved {
        Saved {
            record: RunRecord {
                setup: SetupRecord {
                    game: "g".into(),
                    rules: vec!["r=1".into()],
                    players: 1,
                    policies: vec!["a".into(), "b".into()],
                    inputs: Vec::new(),
                },
                tool_version: "test".into(),
                stream_version: 1,
                seed: 1,
                units: 4,
                shard_count: 1,
                shards: vec![0],
            },
            tally: Tally::new(metrics),
        }
    }

    /// One observation of each value.
    pub(crate) fn scores(values: &[i64]) -> Histogram {
        let mut h = Histogram::new();
        for &v in values {
            h.add(v, 1);
        }
        h
    }

    #[test]
    fn names_met_again_get_a_numbered_suffix_in_order() {
        let files = [
            "a.svg", "b.csv", "a.svg", "a-2.svg", "a.svg", "noext", "noext",
        ]
        .map(|n| (n.to_string(), Vec::new()));
        let names: Vec<String> = unique_names(files.to_vec())
            .into_iter()
            .map(|f| f.0)
            .collect();
        assert_eq!(
            names,
            [
                "a.svg",
                "b.csv",
                "a-2.svg",
                "a-2-2.svg",
                "a-3.svg",
                "noext",
                "noext-2"
            ]
        );
    }
}
