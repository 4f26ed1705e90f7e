//! Reports of a run, one file per output format behind [`Exporter`] (as hyperfine's exporters):
//! `summary.csv` ([`summary`]), `distribution.csv` ([`distribution`]), `quantiles.csv`
//! ([`quantiles`]), `accumulators.json` ([`accumulators`]), the charts ([`charts`]) and what the
//! terminal shows ([`text`]), every one naming the run as [`columns`] does; the files of a game's
//! exact analysis ([`analysis`]), `advise`'s answer ([`advice`]) and a `sweep`'s ([`sweep`]); the
//! listings of a game's rule options and policies ([`listing`]); and the index of the default
//! job's reports ([`index`]).
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
pub mod listing;
pub mod quantiles;
pub mod summary;
pub mod sweep;
pub mod text;

pub use csv::{csv_bytes, fmt_num};

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

/// `summary.csv`.
pub struct SummaryCsv;
/// `distribution.csv`.
pub struct DistributionCsv;
/// `quantiles.csv`.
pub struct QuantilesCsv;
/// `accumulators.json`, which `merge` reads back.
pub struct AccumulatorsJson;
/// One distribution chart per plotted metric.
pub struct DistributionCharts;
/// One comparison chart per metric of several policies or seats.
pub struct ComparisonCharts;

impl Exporter for SummaryCsv {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        Ok(vec![("summary.csv".into(), summary::summary_csv(report))])
    }
}

impl Exporter for DistributionCsv {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        Ok(vec![(
            "distribution.csv".into(),
            distribution::distribution_csv(report),
        )])
    }
}

impl Exporter for QuantilesCsv {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        Ok(vec![(
            "quantiles.csv".into(),
            quantiles::quantiles_csv(report),
        )])
    }
}

impl Exporter for AccumulatorsJson {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        Ok(vec![accumulators::accumulators_json(report)])
    }
}

impl Exporter for DistributionCharts {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        charts::distribution_charts(report)
    }
}

impl Exporter for ComparisonCharts {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        charts::comparison_charts(report)
    }
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
mod tests {
    use super::*;
    use crate::record::{RunRecord, RunSetup};
    use crate::stats::{Histogram, Metric, Subject, Tally};

    fn run(metrics: Vec<Metric>) -> Saved {
        Saved {
            record: RunRecord {
                setup: RunSetup {
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

    fn scores(values: &[i64]) -> Histogram {
        let mut h = Histogram::new();
        for &v in values {
            h.add(v, 1);
        }
        h
    }

    fn seat(k: u32) -> Subject {
        Subject::Seat {
            seat: k,
            policy: None,
        }
    }

    #[test]
    fn metrics_of_several_policies_or_seats_get_one_comparison_chart_each() {
        let saved = run(vec![
            Metric::mean("score", true, scores(&[1, 2, 3, 4])).about(Subject::Policy(0)),
            Metric::mean("score", true, scores(&[10, 20, 30, 40])).about(Subject::Policy(1)),
            // One policy alone has nothing to be compared with.
            Metric::mean("length", false, scores(&[5, 5])).about(Subject::Policy(0)),
            Metric::proportion("win_rate", 1, 4).about(seat(0)),
            Metric::proportion("win_rate", 3, 4).about(seat(1)),
            Metric::mean("turns", false, scores(&[7, 8])),
        ]);
        let exact = ExactValues::default();
        let report = Report {
            saved: &saved,
            exact: &exact,
            notes: &[],
        };
        let plots = charts::comparison_charts(&report).unwrap();
        let names: Vec<&str> = plots.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(names, ["score-by-policy.svg", "win_rate-by-seat.svg"]);
        let score = String::from_utf8(plots[0].1.clone()).unwrap();
        // Each row is labelled and carries its figures: mean, interval, sd and median.
        assert!(score.contains("\na\n</text>") && score.contains("\nb\n</text>"));
        assert!(score.contains("mean 25.000 ["), "{score}");
        assert!(score.contains("sd 12.910") && score.contains("median 20"));
        let wins = String::from_utf8(plots[1].1.clone()).unwrap();
        assert!(wins.contains("\nseat 2\n</text>") && wins.contains("75.000% ["));
        // They are part of the report folder.
        let files: Vec<String> = report.files().unwrap().into_iter().map(|f| f.0).collect();
        assert!(files.contains(&"win_rate-by-seat.svg".to_string()));
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

    #[test]
    fn a_paired_difference_is_found_by_index_whatever_the_policies_are_called() {
        let mut saved = run(vec![
            Metric::mean("score", false, scores(&[1, 2, 3, 4])).about(Subject::Policy(0)),
            Metric::mean("score", false, scores(&[2, 2, 2, 2])).about(Subject::Policy(1)),
            Metric::mean("score", false, scores(&[-1, 0, 1, 2])).about(Subject::Pair(0, 1)),
        ]);
        saved.record.setup.policies = vec!["table:a - b.csv".into(), "c".into()];
        let exact = ExactValues::default();
        let report = Report {
            saved: &saved,
            exact: &exact,
            notes: &[],
        };
        let text = report.paired_text();
        assert!(text.contains("  table:a - b.csv - c: +0.5000 ["), "{text}");
        let summary = String::from_utf8(summary::summary_csv(&report)).unwrap();
        assert!(
            summary.contains("\ng,players=1;r=1,table:a - b.csv - c,score_diff,4,0.5,"),
            "{summary}"
        );
    }
}
