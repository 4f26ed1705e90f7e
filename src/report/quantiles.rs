//! `quantiles.csv`: the minimum, percentiles, median and maximum of every mean metric.

use crate::error::Result;
use crate::stats::MetricKind;

use super::csv::csv_bytes;
use super::{Exporter, Report};

/// The shares at which `quantiles.csv` reads each metric's distribution.
const QUANTILES: [f64; 7] = [0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99];

/// `quantiles.csv`.
pub struct QuantilesCsv;

impl Exporter for QuantilesCsv {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        Ok(vec![("quantiles.csv".into(), quantiles_csv(report))])
    }
}

/// `quantiles.csv`: for every metric summarised by its mean, the minimum, the 1st, 5th, 25th,
/// 50th (median), 75th, 95th and 99th percentiles and the maximum: a mean alone hides how
/// spread out and how skewed a score is (Solitaire Dice scores, race lengths). Exact: read
/// off the run's histograms.
pub fn quantiles_csv(report: &Report) -> Vec<u8> {
    let setup = &report.saved.record.setup;
    let rows = report
        .saved
        .tally
        .metrics
        .iter()
        .filter(|m| m.kind == MetricKind::Mean && m.draws_distribution())
        .map(|m| {
            let h = &m.histogram;
            let mut row = vec![
                setup.policy_of(m.id.subject),
                m.id.column(),
                h.count().to_string(),
                h.min().map(|v| v.to_string()).unwrap_or_default(),
            ];
            for q in QUANTILES {
                row.push(h.quantile(q).map(|v| v.to_string()).unwrap_or_default());
            }
            row.push(h.max().map(|v| v.to_string()).unwrap_or_default());
            row
        });
    csv_bytes(
        &[
            "policy", "metric", "n", "min", "p01", "p05", "p25", "median", "p75", "p95", "p99",
            "max",
        ],
        rows,
    )
}
