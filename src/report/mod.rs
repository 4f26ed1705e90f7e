//! Reports of a run, one file per output format behind [`Exporter`] (as hyperfine's exporters):
//! `summary.csv` ([`summary`]), `distribution.csv` ([`distribution`]), `quantiles.csv`
//! ([`quantiles`]), `accumulators.json` ([`accumulators`]), the charts ([`charts`]) and what the
//! terminal shows ([`text`]), every one naming the run as [`columns`] does; the files of a game's
//! exact analysis ([`analysis`]), `advise`'s answer ([`advice`]) and a `sweep`'s ([`sweep`]); and the
//! index of the default job's reports ([`index`]), each section opening with a sentence for a
//! player ([`sentence`]). The listings of `dicelab rules` and
//! `dicelab policies` name flags, so they belong to the command line (`src/app/listing.rs`).
//!
//! These make names and bytes; [`crate::output`] writes them, whole or not at all.

pub mod accumulators;
pub mod advice;
mod advice_data;
pub mod analysis;
pub mod best;
pub mod charts;
pub mod columns;
pub mod csv;
pub mod distribution;
pub mod index;
pub mod json;
pub mod print;
pub mod quantiles;
pub mod review;
mod review_tables;
mod run;
pub mod sentence;
pub mod shown;
pub mod summary;
pub mod sweep;
pub mod text;
pub mod until;

pub use accumulators::AccumulatorsJson;
pub use charts::{ComparisonCharts, DistributionCharts};
pub use csv::{csv_bytes, fmt_num, fmt_short};
pub use distribution::DistributionCsv;
pub use quantiles::QuantilesCsv;
pub use run::{Exporter, Report, file_safe, unique_names};
pub use summary::SummaryCsv;

use crate::error::Result;

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
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::record::{RunRecord, SetupRecord};
    use crate::saved::Saved;
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
                sequential: None,
            },
            tally: Tally::new(metrics),
            looks: Vec::new(),
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
