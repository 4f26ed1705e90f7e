//! The files of a game's exact analysis: each table as CSV, each chart as SVG.

use crate::error::Result;
use crate::games::analysis::Analysis;
use crate::plot::render;

use super::csv::table_csv;

/// Every file of `analysis`, by name.
pub fn analysis_files(analysis: &Analysis) -> Result<Vec<(String, Vec<u8>)>> {
    let mut files: Vec<(String, Vec<u8>)> = analysis
        .tables
        .iter()
        .map(|t| (format!("{}.csv", t.name), table_csv(t)))
        .collect();
    for (name, chart) in &analysis.charts {
        files.push((format!("{name}.svg"), render(chart)?.into_bytes()));
    }
    Ok(super::unique_names(files))
}
