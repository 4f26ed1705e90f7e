//! `accumulators.json`: the run's record and every observation, exactly, for `merge`.

use crate::error::Result;
use crate::saved::ACCUMULATORS;

use super::{Exporter, Report};

/// `accumulators.json`, which `merge` reads back.
pub struct AccumulatorsJson;

impl Exporter for AccumulatorsJson {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        Ok(vec![accumulators_json(report)])
    }
}

/// The file's name and bytes.
pub fn accumulators_json(report: &Report) -> (String, Vec<u8>) {
    (ACCUMULATORS.to_string(), report.saved.to_json())
}
