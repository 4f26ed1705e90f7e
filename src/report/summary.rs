//! `summary.csv`: one row per metric with n, mean, sd, se, the 95% interval and the exact value.

use crate::error::Result;
use crate::record::RunRecord;
use crate::stats::{ExactValues, Metric};

use super::csv::{csv_bytes, fmt_num};
use super::{Exporter, Report};

/// Columns of `summary.csv`, in order.
pub const SUMMARY_HEADER: [&str; 12] = [
    "game",
    "rules",
    "policy",
    "metric",
    "n",
    "mean",
    "sd",
    "se",
    "ci95_low",
    "ci95_high",
    "exact",
    "seed",
];

/// `summary.csv`.
pub struct SummaryCsv;

impl Exporter for SummaryCsv {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        Ok(vec![("summary.csv".into(), summary_csv(report))])
    }
}

/// `summary.csv`: one row per metric.
pub fn summary_csv(report: &Report) -> Vec<u8> {
    let record = &report.saved.record;
    let rules = record.setup.rules_column();
    let rows = report
        .saved
        .tally
        .metrics
        .iter()
        .map(|metric| summary_row(record, &rules, metric, report.exact));
    csv_bytes(&SUMMARY_HEADER, rows)
}

/// One metric's row under [`SUMMARY_HEADER`], `rules` being the run's rules column: the one
/// place an estimate becomes CSV cells, for `summary.csv` and `sweep.csv` alike.
pub fn summary_row(
    record: &RunRecord,
    rules: &str,
    metric: &Metric,
    exact: &ExactValues,
) -> Vec<String> {
    let setup = &record.setup;
    let e = metric.estimate();
    vec![
        setup.game.clone(),
        rules.to_string(),
        setup.policy_of(metric.id.subject),
        metric.id.column(),
        e.n.to_string(),
        fmt_num(e.mean),
        fmt_num(e.sd),
        fmt_num(e.se),
        fmt_num(e.ci_low),
        fmt_num(e.ci_high),
        exact.mean(&metric.id).map(fmt_num).unwrap_or_default(),
        record.seed.to_string(),
    ]
}
