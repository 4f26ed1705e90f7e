//! `summary.csv`: one row per metric with n, mean, sd, se, the 95% interval and the exact value.

use super::Report;
use super::csv::{csv_bytes, fmt_num};

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

/// `summary.csv`: one row per metric.
pub fn summary_csv(report: &Report) -> Vec<u8> {
    let record = &report.saved.record;
    let setup = &record.setup;
    let rules = setup.rules_column();
    let rows = report.saved.tally.metrics.iter().map(|metric| {
        let e = metric.estimate();
        vec![
            setup.game.clone(),
            rules.clone(),
            setup.policy_of(metric.id.subject),
            metric.id.column(),
            e.n.to_string(),
            fmt_num(e.mean),
            fmt_num(e.sd),
            fmt_num(e.se),
            fmt_num(e.ci_low),
            fmt_num(e.ci_high),
            report
                .exact
                .mean(&metric.id)
                .map(fmt_num)
                .unwrap_or_default(),
            record.seed.to_string(),
        ]
    });
    csv_bytes(&SUMMARY_HEADER, rows)
}
