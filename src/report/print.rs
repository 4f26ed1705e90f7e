//! An exact analysis's tables as a person prints them (`table` and `solve` with `--format`):
//! CSV, tab-separated or Markdown, each table under its name, with what every row shares (the
//! game, its rules) said once above it rather than repeated on every row, one number format per
//! column, and probabilities clamped to [0, 1], as decimals or, asked for, percentages.

use std::fmt::Write;

use crate::games::analysis::{Analysis, Cell, DataTable};
use crate::report::csv::{csv_bytes, is_probability};

/// How the tables are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    /// Comma-separated, each table after `# name` and `# key: value` lines.
    Csv,
    /// Tab-separated, as Csv.
    Tsv,
    /// Markdown tables, each under a heading and a line with what its rows share.
    Markdown,
}

/// Every table of `analysis` in `format`; probabilities as percentages when `percent`.
pub fn tables_as(analysis: &Analysis, format: TableFormat, percent: bool) -> String {
    let mut out = String::new();
    for (i, table) in analysis.tables.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&table_as(table, format, percent));
    }
    out
}

/// One table in `format`.
fn table_as(table: &DataTable, format: TableFormat, percent: bool) -> String {
    // A column every row holds the same text in (the game, its rules) is said once, above.
    let shared: Vec<usize> = (0..table.columns.len())
        .filter(|&c| {
            table.rows.len() > 1
                && matches!(&table.rows[0][c], Cell::Text(_))
                && table.rows.iter().all(|r| r[c] == table.rows[0][c])
        })
        .collect();
    let kept: Vec<usize> = (0..table.columns.len())
        .filter(|c| !shared.contains(c))
        .collect();
    let header: Vec<String> = kept
        .iter()
        .map(|&c| {
            let name = &table.columns[c];
            if percent && is_probability(name) {
                format!("{name} (%)")
            } else {
                name.clone()
            }
        })
        .collect();
    let decimals: Vec<usize> = kept.iter().map(|&c| decimals_of(table, c)).collect();
    let rows: Vec<Vec<String>> = table
        .rows
        .iter()
        .map(|row| {
            kept.iter()
                .zip(&decimals)
                .map(|(&c, &d)| cell_text(&row[c], is_probability(&table.columns[c]), percent, d))
                .collect()
        })
        .collect();
    let about: Vec<(String, String)> = shared
        .iter()
        .map(|&c| {
            let Cell::Text(t) = &table.rows[0][c] else {
                unreachable!("only text columns are shared")
            };
            (table.columns[c].clone(), t.clone())
        })
        .chain(table.notes.iter().filter_map(|n| {
            n.split_once(": ")
                .map(|(k, v)| (k.to_string(), v.to_string()))
        }))
        .collect();
    let mut out = String::new();
    match format {
        TableFormat::Csv | TableFormat::Tsv => {
            let _ = writeln!(out, "# {}", table.name);
            for (k, v) in &about {
                let _ = writeln!(out, "# {k}: {v}");
            }
            if format == TableFormat::Csv {
                let header: Vec<&str> = header.iter().map(String::as_str).collect();
                out.push_str(&String::from_utf8_lossy(&csv_bytes(&header, rows)));
            } else {
                let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
                let line = |cells: &[String]| {
                    cells
                        .iter()
                        .map(|c| clean(c))
                        .collect::<Vec<_>>()
                        .join("\t")
                };
                let _ = writeln!(out, "{}", line(&header));
                for row in &rows {
                    let _ = writeln!(out, "{}", line(row));
                }
            }
        }
        TableFormat::Markdown => {
            let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
            let _ = writeln!(out, "### {}\n", table.name);
            for (k, v) in &about {
                let _ = writeln!(out, "{k}: `{}`  ", cell(v));
            }
            if !about.is_empty() {
                out.push('\n');
            }
            let line = |cells: &[String]| {
                format!(
                    "| {} |",
                    cells
                        .iter()
                        .map(|c| cell(c))
                        .collect::<Vec<_>>()
                        .join(" | ")
                )
            };
            let _ = writeln!(out, "{}", line(&header));
            let align: Vec<&str> = kept
                .iter()
                .map(|&c| match table.rows.first().map(|r| &r[c]) {
                    Some(Cell::Text(_)) | None => "---",
                    Some(_) => "---:",
                })
                .collect();
            let _ = writeln!(out, "| {} |", align.join(" | "));
            for row in &rows {
                let _ = writeln!(out, "{}", line(row));
            }
        }
    }
    out
}

/// The decimals of column `c`, one for all its numbers: whole numbers none; probabilities six
/// (as a share) or four (percent, of a hundred times the share: the same digits); other reals
/// as many as the column's smallest nonzero magnitude needs for four significant digits, at
/// least four and at most ten.
fn decimals_of(table: &DataTable, c: usize) -> usize {
    if is_probability(&table.columns[c]) {
        return 6;
    }
    let smallest = table
        .rows
        .iter()
        .filter_map(|r| match r[c] {
            Cell::Num(x) if x.is_finite() && x != 0.0 => Some(x.abs()),
            _ => None,
        })
        .fold(f64::INFINITY, f64::min);
    if !smallest.is_finite() || smallest >= 1.0 {
        return 4;
    }
    let digits = (-smallest.log10()).ceil() as usize + 3;
    digits.clamp(4, 10)
}

/// A cell as printed: text as it is, a whole number as it is, a real number with the column's
/// `decimals`; a probability clamped to [0, 1] and, with `percent`, a percentage.
fn cell_text(cell: &Cell, chance: bool, percent: bool, decimals: usize) -> String {
    match cell {
        Cell::Text(t) => t.clone(),
        Cell::Int(i) => i.to_string(),
        Cell::Num(x) if !x.is_finite() => String::new(),
        Cell::Num(x) if chance && percent => {
            format!("{:.*}", decimals - 2, 100.0 * x.clamp(0.0, 1.0))
        }
        Cell::Num(x) if chance => format!("{:.decimals$}", x.clamp(0.0, 1.0)),
        Cell::Num(x) => format!("{x:.decimals$}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells;

    fn turns() -> Analysis {
        let mut table = DataTable::new(
            "turns_table",
            &[
                "game",
                "rules",
                "turns",
                "probability",
                "cumulative",
                "mean",
            ],
        );
        table.push(cells![
            "hearts-due",
            "wipe_ones=4",
            1u32,
            -2.220446049250313e-16,
            -2.220446049250313e-16,
            12.5
        ]);
        table.push(cells![
            "hearts-due",
            "wipe_ones=4",
            2u32,
            0.25,
            0.25,
            0.001234
        ]);
        table.push(cells![
            "hearts-due",
            "wipe_ones=4",
            3u32,
            0.75,
            1.0000000000000002,
            3.0
        ]);
        Analysis {
            tables: vec![table],
            ..Analysis::default()
        }
    }

    #[test]
    fn rows_share_their_rules_once_and_probabilities_stay_within_zero_and_one() {
        let csv = tables_as(&turns(), TableFormat::Csv, false);
        assert_eq!(
            csv,
            "# turns_table\n# game: hearts-due\n# rules: wipe_ones=4\n\
             turns,probability,cumulative,mean\n\
             1,0.000000,0.000000,12.500000\n\
             2,0.250000,0.250000,0.001234\n\
             3,0.750000,1.000000,3.000000\n"
        );
    }

    #[test]
    fn percent_markdown_and_tabs_keep_one_format_per_column() {
        let md = tables_as(&turns(), TableFormat::Markdown, true);
        assert!(
            md.starts_with("### turns_table\n\ngame: `hearts-due`  \nrules: `wipe_ones=4`  \n\n"),
            "{md}"
        );
        assert!(md.contains("| turns | probability (%) | cumulative (%) | mean |\n| ---: | ---: | ---: | ---: |\n"), "{md}");
        assert!(md.contains("| 1 | 0.0000 | 0.0000 | 12.500000 |\n"), "{md}");
        assert!(
            md.contains("| 3 | 75.0000 | 100.0000 | 3.000000 |\n"),
            "{md}"
        );
        let tsv = tables_as(&turns(), TableFormat::Tsv, false);
        assert!(
            tsv.contains(
                "turns\tprobability\tcumulative\tmean\n1\t0.000000\t0.000000\t12.500000\n"
            ),
            "{tsv}"
        );
    }
}
