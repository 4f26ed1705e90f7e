//! Tables as a person prints them (`--format csv`, `tsv` or `md` on every command that prints
//! results): each table under its name, one number format per column, and probabilities clamped
//! to [0, 1], as decimals or, asked for, percentages. CSV and TSV keep every column of a table,
//! whatever its rows hold, so a program reading them finds the same columns every time; Markdown,
//! for a person, says what every row shares (the game, its rules) once above the table rather
//! than on every row, and so does a grid in any format.
//!
//! A table a game marks as a grid ([`CrossTab`]) is printed as one: a key down the side, the
//! other across the top, as a rulebook prints it; the CSV files a run writes keep one row per
//! cell. In Markdown, written for a page a person reads, an exact chance of 0 is an impossible
//! case: its cell reads `–` and a row of nothing else is left out (an estimate of 0 is printed
//! as a number).

use std::fmt::Write;

use crate::games::analysis::{Cell, CrossTab, DataTable};
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

/// How the numbers of a printed table are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Probabilities as percentages.
    pub percent: bool,
    /// Decimals of every real number (of the percentage, with `percent`); `None`: the format's
    /// own choice (see [`tables_as`]).
    pub digits: Option<usize>,
}

/// Every table in `format`, each under what all of them share (`about`: the game, its rules),
/// then what its own rows share.
///
/// Without `style.digits`, CSV and TSV write a probability with six decimals (four of a
/// percentage: the same digits) and Markdown with four (two of a percentage), what a page needs;
/// other real numbers get as many decimals as the column's smallest nonzero magnitude needs for
/// four significant digits, at least four and at most ten.
pub fn tables_as(
    tables: &[DataTable],
    about: &[(String, String)],
    format: TableFormat,
    style: Style,
) -> String {
    let mut out = String::new();
    for table in tables {
        let grids = match &table.cross_tab {
            Some(layout) => grids(table, layout, style.percent),
            None => vec![Printed::long(table)],
        };
        for printed in grids {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&printed.render(table, about, format, style));
        }
    }
    out
}

/// A table as it is printed: its title, columns (each with whether it holds chances) and rows.
struct Printed {
    /// The heading (the table's name, and for a grid what fills it).
    title: String,
    /// Column names as printed.
    columns: Vec<String>,
    /// Whether each column holds probabilities.
    chance: Vec<bool>,
    /// Rows of cells; `None` is a cell the grid has no row for.
    rows: Vec<Vec<Option<Cell>>>,
    /// The number of leading columns that label a row (a grid's keys), never folded away.
    keys: usize,
}

impl Printed {
    /// The table as it is stored: one row per row.
    fn long(table: &DataTable) -> Self {
        Printed {
            title: table.name.clone(),
            columns: table.columns.clone(),
            chance: table.columns.iter().map(|c| is_probability(c)).collect(),
            rows: table
                .rows
                .iter()
                .map(|r| r.iter().cloned().map(Some).collect())
                .collect(),
            keys: 0,
        }
    }

    /// The printed text in `format`.
    fn render(
        &self,
        table: &DataTable,
        about: &[(String, String)],
        format: TableFormat,
        style: Style,
    ) -> String {
        let markdown = format == TableFormat::Markdown;
        // In Markdown, a row whose exact chances are all 0 is a case that cannot arise; an
        // estimate of 0 is only a case the play-outs did not meet.
        let dash = markdown && table.exact;
        let rows: Vec<&Vec<Option<Cell>>> = self
            .rows
            .iter()
            .filter(|row| !(dash && self.impossible(row)))
            .collect();
        // In Markdown, for a person, a text column every row holds the same text in (the game,
        // its rules) is said once, above; so it is in a grid, whose columns are its keys' values
        // and so shaped by what it holds in any format. A long table in CSV and TSV is read by
        // programs, whose columns must not come and go with the data: there every column stays.
        let grid = self.keys > 0;
        let shared: Vec<usize> = (self.keys..self.columns.len())
            .filter(|&c| {
                (markdown || grid)
                    && rows.len() > 1
                    && matches!(&rows[0][c], Some(Cell::Text(_)))
                    && rows.iter().all(|r| r[c] == rows[0][c])
            })
            .collect();
        let kept: Vec<usize> = (0..self.columns.len())
            .filter(|c| !shared.contains(c))
            .collect();
        let header: Vec<String> = kept
            .iter()
            .map(|&c| {
                let name = &self.columns[c];
                // A grid says "(%)" once, in its title.
                if style.percent && self.chance[c] && self.keys == 0 {
                    format!("{name} (%)")
                } else {
                    name.clone()
                }
            })
            .collect();
        let decimals: Vec<usize> = kept
            .iter()
            .map(|&c| self.decimals(c, markdown, style))
            .collect();
        let cells: Vec<Vec<String>> = rows
            .iter()
            .map(|row| {
                kept.iter()
                    .zip(&decimals)
                    .map(|(&c, &d)| {
                        cell_text(row[c].as_ref(), self.chance[c], style.percent, d, dash)
                    })
                    .collect()
            })
            .collect();
        let own: Vec<(String, String)> = shared
            .iter()
            .map(|&c| {
                let Some(Cell::Text(t)) = &rows[0][c] else {
                    unreachable!("only text columns are shared")
                };
                (self.columns[c].clone(), t.clone())
            })
            .chain(table.notes.iter().filter_map(|n| {
                n.split_once(": ")
                    .map(|(k, v)| (k.to_string(), v.to_string()))
            }))
            .collect();
        // What the command says of every table first, in its order, where the table says
        // otherwise itself with the table's word; then what only the table says.
        let mut lines: Vec<(String, String)> = about
            .iter()
            .map(|(k, v)| {
                own.iter()
                    .find(|(o, _)| o == k)
                    .map_or_else(|| (k.clone(), v.clone()), Clone::clone)
            })
            .collect();
        lines.extend(
            own.into_iter()
                .filter(|(k, _)| !about.iter().any(|(a, _)| a == k)),
        );
        let right: Vec<bool> = kept
            .iter()
            .map(|&c| {
                // The first cell holding something: an empty one (a best action's loss) says
                // nothing of the column.
                !matches!(
                    self.rows
                        .iter()
                        .find_map(|r| r[c].as_ref().filter(|c| **c != Cell::Text(String::new()))),
                    Some(Cell::Text(_)) | None
                )
            })
            .collect();
        match format {
            TableFormat::Csv | TableFormat::Tsv => {
                self.delimited(&lines, &header, &cells, format == TableFormat::Csv)
            }
            TableFormat::Markdown => self.markdown(&lines, &header, &cells, &right),
        }
    }

    /// Whether every chance in `row` is exactly 0 (and it has one): a case that cannot arise.
    fn impossible(&self, row: &[Option<Cell>]) -> bool {
        let mut chances = row
            .iter()
            .zip(&self.chance)
            .skip(self.keys)
            .filter(|(_, chance)| **chance)
            .map(|(cell, _)| cell)
            .peekable();
        chances.peek().is_some()
            && chances.all(|cell| match cell {
                Some(Cell::Num(x)) => x.clamp(0.0, 1.0) == 0.0,
                _ => true,
            })
    }

    /// The decimals of column `c`, one for all its numbers (see [`tables_as`]).
    fn decimals(&self, c: usize, markdown: bool, style: Style) -> usize {
        if let Some(digits) = style.digits {
            return digits;
        }
        if self.chance[c] {
            let share = if markdown { 4 } else { 6 };
            return if style.percent { share - 2 } else { share };
        }
        let smallest = self
            .rows
            .iter()
            .filter_map(|r| match r[c] {
                Some(Cell::Num(x)) if x.is_finite() && x != 0.0 => Some(x.abs()),
                _ => None,
            })
            .fold(f64::INFINITY, f64::min);
        if !smallest.is_finite() || smallest >= 1.0 {
            return 4;
        }
        let digits = (-smallest.log10()).ceil() as usize + 3;
        digits.clamp(4, 10)
    }

    /// CSV (or, not `comma`, tab-separated): `# name`, `# key: value` lines, then the table.
    fn delimited(
        &self,
        lines: &[(String, String)],
        header: &[String],
        cells: &[Vec<String>],
        comma: bool,
    ) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# {}", self.title);
        for (k, v) in lines {
            let _ = writeln!(out, "# {k}: {v}");
        }
        if comma {
            let header: Vec<&str> = header.iter().map(String::as_str).collect();
            out.push_str(&String::from_utf8_lossy(&csv_bytes(
                &header,
                cells.to_vec(),
            )));
        } else {
            let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
            let line = |cells: &[String]| {
                cells
                    .iter()
                    .map(|c| clean(c))
                    .collect::<Vec<_>>()
                    .join("\t")
            };
            let _ = writeln!(out, "{}", line(header));
            for row in cells {
                let _ = writeln!(out, "{}", line(row));
            }
        }
        out
    }

    /// Markdown: a heading, a `key: value` line each, then the table, numbers aligned right.
    fn markdown(
        &self,
        lines: &[(String, String)],
        header: &[String],
        cells: &[Vec<String>],
        right: &[bool],
    ) -> String {
        let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
        let mut out = String::new();
        let _ = writeln!(out, "### {}\n", self.title);
        for (k, v) in lines {
            let _ = writeln!(out, "{k}: `{}`  ", cell(v));
        }
        if !lines.is_empty() {
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
        let _ = writeln!(out, "{}", line(header));
        let align: Vec<&str> = right
            .iter()
            .map(|&r| if r { "---:" } else { "---" })
            .collect();
        let _ = writeln!(out, "| {} |", align.join(" | "));
        for row in cells {
            let _ = writeln!(out, "{}", line(row));
        }
        out
    }
}

/// `table` as grids, one per value column of `layout`: the row key's values down the side (in
/// the order they first appear), the column key's across the top. A column that is neither key
/// nor value is kept beside the row key where it is one value per row (it is said once above
/// when it is one value for the whole table).
fn grids(table: &DataTable, layout: &CrossTab, percent: bool) -> Vec<Printed> {
    if let Some(panels) = &layout.panels {
        // A set of grids a value of the third key: its rows alone, titled with it.
        let p = table
            .columns
            .iter()
            .position(|c| c == panels)
            .expect("a grid names the table's columns");
        let mut values: Vec<&Cell> = Vec::new();
        for row in &table.rows {
            if !values.contains(&&row[p]) {
                values.push(&row[p]);
            }
        }
        let flat = CrossTab {
            panels: None,
            ..layout.clone()
        };
        return values
            .into_iter()
            .flat_map(|value| {
                // Its rows, without the key they share.
                let without = |cells: &[Cell]| -> Vec<Cell> {
                    let mut cells = cells.to_vec();
                    cells.remove(p);
                    cells
                };
                let mut columns = table.columns.clone();
                columns.remove(p);
                let part = DataTable {
                    columns,
                    rows: table
                        .rows
                        .iter()
                        .filter(|row| row[p] == *value)
                        .map(|row| without(row))
                        .collect(),
                    ..table.clone()
                };
                grids(&part, &flat, percent).into_iter().map(|mut printed| {
                    printed
                        .title
                        .push_str(&format!(" at {panels}={}", cell_key(value)));
                    printed
                })
            })
            .collect();
    }
    let at = |name: &str| {
        table
            .columns
            .iter()
            .position(|c| c == name)
            .expect("a grid names the table's columns")
    };
    let (r, c) = (at(&layout.rows), at(&layout.columns));
    let distinct = |col: usize| {
        let mut seen: Vec<&Cell> = Vec::new();
        for row in &table.rows {
            if !seen.contains(&&row[col]) {
                seen.push(&row[col]);
            }
        }
        seen
    };
    let (down, across) = (distinct(r), distinct(c));
    // Columns that ride along with a row of the grid: one value per row key (the game, its
    // rules), never a value of the grid.
    let along: Vec<usize> = (0..table.columns.len())
        .filter(|&k| k != r && k != c && !layout.values.iter().any(|v| *v == table.columns[k]))
        .filter(|&k| {
            down.iter().all(|key| {
                let mut values = table
                    .rows
                    .iter()
                    .filter(|row| row[r] == **key)
                    .map(|row| &row[k]);
                let first = values.next();
                values.all(|v| Some(v) == first)
            })
        })
        .collect();
    layout
        .values
        .iter()
        .map(|value| {
            let v = at(value);
            let mut columns = vec![table.columns[r].clone()];
            columns.extend(along.iter().map(|&k| table.columns[k].clone()));
            columns.extend(
                across
                    .iter()
                    .map(|key| format!("{}={}", table.columns[c], cell_key(key))),
            );
            let mut chance = vec![false; 1 + along.len()];
            chance.extend(across.iter().map(|_| is_probability(value)));
            let rows = down
                .iter()
                .map(|key| {
                    let first = table.rows.iter().find(|row| row[r] == **key);
                    let mut cells = vec![Some((*key).clone())];
                    cells.extend(along.iter().map(|&k| first.map(|row| row[k].clone())));
                    cells.extend(across.iter().map(|top| {
                        table
                            .rows
                            .iter()
                            .find(|row| row[r] == **key && row[c] == **top)
                            .map(|row| row[v].clone())
                    }));
                    cells
                })
                .collect();
            let unit = if percent && is_probability(value) {
                " (%)"
            } else {
                ""
            };
            Printed {
                title: format!(
                    "{}: {value}{unit} by {} and {}",
                    table.name, table.columns[r], table.columns[c]
                ),
                columns,
                chance,
                rows,
                keys: 1,
            }
        })
        .collect()
}

/// A key cell as a column heading reads it.
fn cell_key(cell: &Cell) -> String {
    match cell {
        Cell::Text(t) => t.clone(),
        Cell::Int(i) => i.to_string(),
        Cell::Num(x) => x.to_string(),
    }
}

/// A cell as printed: text as it is, a whole number as it is, a real number with the column's
/// `decimals`; a probability clamped to [0, 1] and, with `percent`, a percentage; with `dash`
/// (Markdown of an exact table) a chance of exactly 0, a case that cannot arise, as `–`. A cell
/// the grid has no row for is empty.
fn cell_text(
    cell: Option<&Cell>,
    chance: bool,
    percent: bool,
    decimals: usize,
    dash: bool,
) -> String {
    match cell {
        None => String::new(),
        Some(Cell::Text(t)) => t.clone(),
        Some(Cell::Int(i)) => i.to_string(),
        Some(Cell::Num(x)) if !x.is_finite() => String::new(),
        Some(Cell::Num(x)) if chance && dash && x.clamp(0.0, 1.0) == 0.0 => "–".to_string(),
        Some(Cell::Num(x)) if chance && percent => {
            format!("{:.decimals$}", 100.0 * x.clamp(0.0, 1.0))
        }
        Some(Cell::Num(x)) if chance => format!("{:.decimals$}", x.clamp(0.0, 1.0)),
        Some(Cell::Num(x)) => format!("{x:.decimals$}"),
    }
}

#[cfg(test)]
#[path = "print_tests.rs"]
mod tests;
