//! `summary.csv`: one row per metric with n, mean, sd, se, the 95% interval and the exact value.

use crate::error::Result;
use crate::games::analysis::{Cell, DataTable};
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
    summary_cells(record, rules, metric, exact)
        .into_iter()
        .map(|cell| match cell {
            Cell::Text(t) => t,
            Cell::Int(i) => i.to_string(),
            Cell::Num(x) => fmt_num(x),
        })
        .collect()
}

/// [`summary_row`]'s cells, typed: what a printed table or a JSON document holds.
pub fn summary_cells(
    record: &RunRecord,
    rules: &str,
    metric: &Metric,
    exact: &ExactValues,
) -> Vec<Cell> {
    let setup = &record.setup;
    let e = record.estimate(metric);
    vec![
        Cell::Text(setup.game.clone()),
        Cell::Text(rules.to_string()),
        Cell::Text(setup.policy_of(metric.id.subject)),
        Cell::Text(metric.id.column()),
        Cell::from(e.n),
        Cell::Num(e.mean),
        Cell::Num(e.sd),
        Cell::Num(e.se),
        Cell::Num(e.ci_low),
        Cell::Num(e.ci_high),
        Cell::from(exact.mean(&metric.id)),
        Cell::from(record.seed),
    ]
}

/// `summary.csv` whole as a table of typed cells, every column of every row: what a program
/// handed the run reads instead of the file (the Python package's DataFrame).
pub fn summary_data(report: &Report) -> DataTable {
    let record = &report.saved.record;
    let rules = record.setup.rules_column();
    let mut table = DataTable::new("summary", &SUMMARY_HEADER);
    for metric in &report.saved.tally.metrics {
        table.push(summary_cells(record, &rules, metric, report.exact));
    }
    table
}

/// `summary.csv` as a table of typed cells for printing (`--format csv`, `tsv`, `md`), without
/// the game, rules and seed every row shares: the caller says them once above it.
pub fn summary_table(report: &Report) -> DataTable {
    let record = &report.saved.record;
    let rules = record.setup.rules_column();
    let mut table = DataTable::new("summary", &SUMMARY_HEADER[2..11]);
    for metric in &report.saved.tally.metrics {
        table.push(summary_cells(record, &rules, metric, report.exact)[2..11].to_vec());
    }
    table
}
