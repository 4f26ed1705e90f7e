//! `accumulators.json`: the run's record and every observation, exactly, for `merge`.

use crate::saved::ACCUMULATORS;

use super::Report;

/// The file's name and bytes.
pub fn accumulators_json(report: &Report) -> (String, Vec<u8>) {
    (ACCUMULATORS.to_string(), report.saved.to_json())
}
