//! `distribution.csv`: every value of every plotted metric with its count and share.

use crate::error::Result;

use super::csv::{csv_bytes, fmt_num};
use super::{Exporter, Report};

/// `distribution.csv`.
pub struct DistributionCsv;

impl Exporter for DistributionCsv {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        Ok(vec![("distribution.csv".into(), distribution_csv(report))])
    }
}

/// `distribution.csv`: every value of every plotted metric with its count and share.
pub fn distribution_csv(report: &Report) -> Vec<u8> {
    let setup = &report.saved.record.setup;
    let rows = report
        .saved
        .tally
        .metrics
        .iter()
        .filter(|m| m.plotted)
        .flat_map(|metric| {
            let n = metric.histogram.count() as f64;
            let policy = setup.policy_of(metric.id.subject);
            let name = metric.id.column();
            metric.histogram.iter().map(move |(value, count)| {
                vec![
                    policy.clone(),
                    name.clone(),
                    value.to_string(),
                    count.to_string(),
                    fmt_num(count as f64 / n),
                ]
            })
        });
    csv_bytes(&["policy", "metric", "value", "count", "probability"], rows)
}
