//! What a game's exact analysis (`dicelab table`, `dicelab solve`) returns: tables of numbers,
//! charts described as data, and a summary for the terminal.
//!
//! Games build these and nothing else; the output layer ([`crate::report`], `plot`)
//! decides how a number is written in a CSV cell and how a chart is drawn. So data flows one way,
//! every CSV file of every game writes its numbers the same way, and a game never touches a file
//! format.

/// One cell of a data table.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// Text, written as it is.
    Text(String),
    /// A whole number (wide enough for counts of hands from a large deck).
    Int(i128),
    /// A real number (probabilities, expectations); an undefined one is an empty cell.
    Num(f64),
}

impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Cell::Text(s.to_string())
    }
}

impl From<String> for Cell {
    fn from(s: String) -> Self {
        Cell::Text(s)
    }
}

impl From<&String> for Cell {
    fn from(s: &String) -> Self {
        Cell::Text(s.clone())
    }
}

impl From<f64> for Cell {
    fn from(x: f64) -> Self {
        Cell::Num(x)
    }
}

/// An absent number is an empty cell.
impl From<Option<f64>> for Cell {
    fn from(x: Option<f64>) -> Self {
        x.map_or(Cell::Text(String::new()), Cell::Num)
    }
}

macro_rules! int_cells {
    ($($t:ty),+) => {
        $(impl From<$t> for Cell {
            fn from(x: $t) -> Self {
                Cell::Int(x as i128)
            }
        })+
    };
}
int_cells!(u8, u16, u32, u64, u128, usize, i32, i64);

/// A row of cells from values of any cell type: `cells![n, k, p]`.
#[macro_export]
macro_rules! cells {
    ($($x:expr),* $(,)?) => {
        vec![$($crate::games::analysis::Cell::from($x)),*]
    };
}

/// A named table: its columns and rows (a CSV file `NAME.csv` in a report folder).
#[derive(Clone, Debug, PartialEq)]
pub struct DataTable {
    /// The file name without extension.
    pub name: String,
    /// Column names.
    pub columns: Vec<String>,
    /// Rows, each with one cell per column.
    pub rows: Vec<Vec<Cell>>,
    /// Lines written as `# ` comments above the header: where the table came from (the
    /// provenance of a file dicelab reads back, `key: value`). Every reader skips them.
    pub notes: Vec<String>,
    /// How a person reads it best, where that is a grid: printed tables (`--format md`, `csv`,
    /// `tsv`) are laid out so, one grid per value column. The CSV file keeps one row per cell,
    /// which a program reads best.
    pub cross_tab: Option<CrossTab>,
    /// Whether every chance in it is exact, so that a chance of 0 is a case that cannot arise
    /// (Markdown prints it `–` and leaves out a row of nothing else). An estimate of 0 from
    /// play-outs is not: a table is estimated unless said exact ([`DataTable::exact`]).
    pub exact: bool,
}

/// A table of one row per pair of keys read as a grid: one key down the side, the other across
/// the top, a value in each cell (as a rulebook prints "dice kept by dice rolled").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossTab {
    /// The column whose values label the grid's rows.
    pub rows: String,
    /// The column whose values label the grid's columns.
    pub columns: String,
    /// The columns whose values fill the cells: one grid each.
    pub values: Vec<String>,
    /// A third key, where the table has one: a grid for each of its values (Sevens' state
    /// values, a grid of sums by dice for each roll of the turn).
    pub panels: Option<String>,
}

impl DataTable {
    /// An empty table called `name` with `columns`.
    pub fn new(name: &str, columns: &[&str]) -> Self {
        Self {
            name: name.to_string(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: Vec::new(),
            notes: Vec::new(),
            cross_tab: None,
            exact: false,
        }
    }

    /// The table, its chances said exact (see [`DataTable::exact`]).
    pub fn exact(mut self) -> Self {
        self.exact = true;
        self
    }

    /// The table, read as a grid of `values` by `rows` down and `columns` across when printed
    /// for a person (see [`CrossTab`]). Each name must be one of the table's columns.
    pub fn read_as_grid(mut self, rows: &str, columns: &str, values: &[&str]) -> Self {
        for name in std::iter::once(&rows).chain([&columns]).chain(values) {
            assert!(
                self.columns.iter().any(|c| c == name),
                "{}: no column {name} to lay out",
                self.name
            );
        }
        self.cross_tab = Some(CrossTab {
            rows: rows.to_string(),
            columns: columns.to_string(),
            values: values.iter().map(|v| v.to_string()).collect(),
            panels: None,
        });
        self
    }

    /// [`read_as_grid`](Self::read_as_grid), a set of grids for each value of the column
    /// `panels`, where the rows have three keys.
    pub fn read_as_grids_by(
        self,
        panels: &str,
        rows: &str,
        columns: &str,
        values: &[&str],
    ) -> Self {
        assert!(
            self.columns.iter().any(|c| c == panels),
            "{}: no column {panels} to lay out",
            self.name
        );
        let mut table = self.read_as_grid(rows, columns, values);
        if let Some(layout) = &mut table.cross_tab {
            layout.panels = Some(panels.to_string());
        }
        table
    }

    /// Adds a row, which must have a cell per column.
    pub fn push(&mut self, row: Vec<Cell>) {
        assert_eq!(
            row.len(),
            self.columns.len(),
            "{}: a cell per column",
            self.name
        );
        self.rows.push(row);
    }
}

/// A probability mass function as (value, probability) points, with its legend label.
pub type Pmf = (String, Vec<(i64, f64)>);

/// A chart, described by what it shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    /// Bars of a probability mass function, with optionally a second one as dots over them.
    Bars {
        /// Title; a second line (after `\n`) is drawn small under the chart.
        title: String,
        /// What the values are.
        x_label: String,
        /// The bars.
        bars: Pmf,
        /// The dots, if any.
        dots: Option<Pmf>,
    },
    /// Named series of (x, y) points, one line each.
    Lines {
        /// Title; a second line is drawn small under the chart.
        title: String,
        /// The x axis.
        x_label: String,
        /// The y axis.
        y_label: String,
        /// Each series' name and points.
        series: Vec<(String, Vec<(f64, f64)>)>,
    },
    /// One panel per named series on shared axes, each with the reference series under it:
    /// small multiples, for more series than overlapping lines can show.
    Panels {
        /// Title; a second line is drawn small under the chart.
        title: String,
        /// The x axis.
        x_label: String,
        /// The y axis.
        y_label: String,
        /// The series drawn in grey in every panel, with its name.
        reference: Option<(String, Vec<(f64, f64)>)>,
        /// Each panel's series: name and points.
        series: Vec<(String, Vec<(f64, f64)>)>,
    },
    /// Panels of a yes/no decision over a grid (rows by columns), blank where undefined.
    DecisionMap {
        /// Title; a second line is drawn small under the chart.
        title: String,
        /// What the columns are.
        x_label: String,
        /// The value of the first column (the others follow one by one).
        x_from: i32,
        /// What the rows are.
        y_label: String,
        /// Each panel's heading and cells (`Some(true)`: the decision is yes).
        panels: Vec<(String, Vec<Vec<Option<bool>>>)>,
    },
}

/// An exact analysis: tables, charts by file name (without extension), and what the terminal
/// shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// The tables.
    pub tables: Vec<DataTable>,
    /// The charts, each with its file name.
    pub charts: Vec<(String, Chart)>,
    /// The summary printed on the terminal.
    pub text: String,
}

impl Analysis {
    /// The analysis with the tables and charts of `other` added, each replacing one of the same
    /// name (a solver's tables are the newer word on a game's tables).
    pub fn with(mut self, other: Analysis) -> Self {
        for table in other.tables {
            self.tables.retain(|t| t.name != table.name);
            self.tables.push(table);
        }
        for (name, chart) in other.charts {
            self.charts.retain(|c| c.0 != name);
            self.charts.push((name, chart));
        }
        self.text.push_str(&other.text);
        self
    }
}

/// A CSV file's bytes from its header and rows, built in memory so it can be written atomically.
pub fn csv_bytes<R: AsRef<[u8]>>(
    header: &[&str],
    rows: impl IntoIterator<Item = Vec<R>>,
) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    // Writing to a Vec cannot fail.
    w.write_record(header).expect("CSV into memory");
    for row in rows {
        w.write_record(&row).expect("CSV into memory");
    }
    w.into_inner().expect("CSV into memory")
}

/// Whether the column `name` holds probabilities (`probability`, `cumulative`, `p_...`): its
/// values are clamped to [0, 1] wherever they are written, since a sum of floating-point terms
/// can stray past either end by a rounding (`-2.22e-16`), a chance no reader should see.
pub fn is_probability(name: &str) -> bool {
    name == "probability" || name == "cumulative" || name.starts_with("p_")
}

/// A data table's CSV file, its notes first as `# ` comment lines; probabilities clamped to
/// [0, 1] ([`is_probability`]).
pub fn table_csv(table: &DataTable) -> Vec<u8> {
    let header: Vec<&str> = table.columns.iter().map(String::as_str).collect();
    let chance: Vec<bool> = table.columns.iter().map(|c| is_probability(c)).collect();
    let mut bytes: Vec<u8> = table
        .notes
        .iter()
        .flat_map(|n| format!("# {n}\n").into_bytes())
        .collect();
    bytes.extend(csv_bytes(
        &header,
        table.rows.iter().map(|row| {
            row.iter()
                .zip(&chance)
                .map(|(cell, &chance)| written(cell, chance))
                .collect::<Vec<String>>()
        }),
    ));
    bytes
}

/// A cell's text in a CSV file: a probability ([`is_probability`]) clamped to [0, 1], a real
/// number as [`crate::number::fmt_num`] writes it.
fn written(cell: &Cell, chance: bool) -> String {
    match cell {
        Cell::Text(s) => s.clone(),
        Cell::Int(i) => i.to_string(),
        Cell::Num(x) if chance => crate::number::fmt_num(x.clamp(0.0, 1.0)),
        Cell::Num(x) => crate::number::fmt_num(*x),
    }
}

impl DataTable {
    /// Its rows as its CSV file ([`table_csv`]) holds them, typed: each real number the one
    /// its text reads back as (a probability clamped, a tiny or huge number at the 12
    /// significant digits written), an undefined one an empty text. A program handed these
    /// cells (the Python package's DataFrames) gets exactly the numbers a reader of the file
    /// gets, without the text in between.
    pub fn written_rows(&self) -> Vec<Vec<Cell>> {
        let chance: Vec<bool> = self.columns.iter().map(|c| is_probability(c)).collect();
        self.rows
            .iter()
            .map(|row| {
                row.iter()
                    .zip(&chance)
                    .map(|(cell, &chance)| match cell {
                        Cell::Num(_) => {
                            let text = written(cell, chance);
                            // fmt_num writes only finite numbers, which read back.
                            text.parse().map_or(Cell::Text(text), Cell::Num)
                        }
                        other => other.clone(),
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_take_numbers_text_and_absent_values() {
        let row = cells![3u8, 2.5, "x", None::<f64>];
        assert_eq!(
            row,
            [
                Cell::Int(3),
                Cell::Num(2.5),
                Cell::Text("x".into()),
                Cell::Text(String::new())
            ]
        );
        let mut t = DataTable::new("t", &["a", "b", "c", "d"]);
        t.push(row);
        assert_eq!(t.rows.len(), 1);
    }

    #[test]
    fn a_later_analysis_replaces_files_of_the_same_name() {
        let a = Analysis {
            tables: vec![DataTable::new("x", &["a"]), DataTable::new("y", &["a"])],
            charts: vec![],
            text: "a".into(),
        };
        let b = Analysis {
            tables: vec![DataTable::new("x", &["b"])],
            charts: vec![],
            text: "b".into(),
        };
        let both = a.with(b);
        let names: Vec<&str> = both.tables.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["y", "x"]);
        assert_eq!(both.tables[1].columns, ["b"]);
        assert_eq!(both.text, "ab");
    }
}
