//! What `sweep` prints and writes: one row per rule set with the game's figures, `sweep.csv` with
//! every estimate and exact value, and one chart per metric with the rule sets side by side.
//!
//! Every rule set ran on the same seed, so the rows differ by the rules, not by luck: where the
//! rules leave the chance alone, the same dice fall.

use crate::error::Result;
use crate::games::analysis::{Cell, DataTable};
use crate::plot::{CompareRow, Scale, compare_svg};
use crate::saved::Saved;
use crate::stats::{ExactValues, Metric, MetricKind, Subject};

use super::charts::{compare_row, short};
use super::csv::table_csv;
use super::file_safe;
use super::json::tables_json;
use super::shown::Shown;
use super::summary::{SUMMARY_HEADER, summary_cells};
use super::text::aligned;

/// One rule set of a sweep: the value of each swept key, and its run with its exact values.
#[derive(Clone, Debug)]
pub struct SweepRun {
    /// The swept keys' values, in the order of the keys.
    pub values: Vec<String>,
    /// The same values typed as the rules take them ([`crate::games::options::Values::cell`]):
    /// a whole number where the rule takes one, so `sweep.csv` as data has number columns.
    pub cells: Vec<Cell>,
    /// The run.
    pub saved: Saved,
    /// Its exact values.
    pub exact: ExactValues,
}

/// A sweep's runs and what varies between them.
#[derive(Clone, Debug)]
pub struct Sweep {
    /// The game.
    pub game: String,
    /// The swept keys, in the order given.
    pub keys: Vec<String>,
    /// One run per rule set, the last key varying fastest.
    pub runs: Vec<SweepRun>,
}

impl Sweep {
    /// Every metric of the sweep, keyed by its name, in the order first reported: the union
    /// over the rule sets, since a rule can add a metric (`tie=playoff` counts play-off rounds)
    /// or name one by its value (`p_score_500`). Each entry is the key and, for every run, the
    /// index of that metric in the run's tally, or `None` where the rule set has no such metric.
    fn metric_columns(&self) -> Vec<(String, Vec<Option<usize>>)> {
        let mut columns: Vec<(String, Vec<Option<usize>>)> = Vec::new();
        for (r, run) in self.runs.iter().enumerate() {
            let setup = &run.saved.record.setup;
            for (i, m) in run.saved.tally.metrics.iter().enumerate() {
                let key = setup.key(&m.id);
                let at = match columns.iter().position(|(k, _)| *k == key) {
                    Some(at) => at,
                    None => {
                        columns.push((key, vec![None; self.runs.len()]));
                        columns.len() - 1
                    }
                };
                columns[at].1[r] = Some(i);
            }
        }
        columns
    }

    /// `sweep.csv`: one row per rule set and metric: `summary.csv`'s columns with the swept
    /// values after the game, and the units.
    pub fn csv(&self) -> Vec<u8> {
        table_csv(&self.data())
    }

    /// The printed tables: one row per rule set with a column per metric of the run as a whole
    /// or of a policy (every seat's figures are in `sweep.csv`, or the table would not fit a
    /// terminal), then, in a game of several players, each seat's win rate, the figure a
    /// designer sweeping a rule watches. A cell is the exact value where one exists, else the
    /// simulated mean with the half-width of its 95% interval.
    pub fn tables(&self) -> Vec<DataTable> {
        let columns = self.metric_columns();
        let of_run: Vec<&(String, Vec<Option<usize>>)> = columns
            .iter()
            .filter(|(_, at)| {
                self.any_metric(at, |m| !matches!(m.id.subject, Subject::Seat { .. }))
            })
            .collect();
        let seats: Vec<&(String, Vec<Option<usize>>)> = columns
            .iter()
            .filter(|(_, at)| {
                self.any_metric(at, |m| {
                    m.id.name == "win_rate" && matches!(m.id.subject, Subject::Seat { .. })
                })
            })
            .collect();
        let mut tables = vec![self.grid("sweep", &of_run)];
        if !seats.is_empty() {
            tables.push(self.grid("win_rates_by_seat", &seats));
        }
        tables
    }

    /// Whether the metric at `at` of any rule set is one `which` picks.
    fn any_metric(&self, at: &[Option<usize>], which: impl Fn(&Metric) -> bool) -> bool {
        self.runs
            .iter()
            .zip(at)
            .any(|(run, i)| i.is_some_and(|i| which(&run.saved.tally.metrics[i])))
    }

    /// A table named `name`: the swept values, then a cell per rule set of each of `shown`.
    fn grid(&self, name: &str, shown: &[&(String, Vec<Option<usize>>)]) -> DataTable {
        let header: Vec<&str> = self
            .keys
            .iter()
            .map(String::as_str)
            .chain(shown.iter().map(|(key, _)| key.as_str()))
            .collect();
        let mut table = DataTable::new(name, &header);
        for (r, run) in self.runs.iter().enumerate() {
            let mut row: Vec<Cell> = run.values.iter().map(Cell::from).collect();
            for (_, at) in shown {
                let Some(i) = at[r] else {
                    row.push(Cell::Text(String::new()));
                    continue;
                };
                let m = &run.saved.tally.metrics[i];
                let digits = if m.is_share() { 5 } else { 4 };
                row.push(Cell::Text(match run.exact.mean(&m.id) {
                    Some(x) => format!("{x:.digits$}"),
                    None => {
                        let e = m.estimate();
                        let half = (e.ci_high - e.ci_low) / 2.0;
                        if half.is_finite() {
                            format!("{:.digits$} ± {half:.digits$}", e.mean)
                        } else {
                            format!("{:.digits$} (n = {})", e.mean, e.n)
                        }
                    }
                }));
            }
            table.push(row);
        }
        table
    }

    /// What every rule set shares, said once above the tables: the game, the rules not swept,
    /// the policies, the seed and the units of each rule set.
    pub fn about(&self) -> Vec<(String, String)> {
        let record = &self.runs[0].saved.record;
        vec![
            ("game".to_string(), self.game.clone()),
            (
                "rules".to_string(),
                fixed_rules(&record.setup.rules_column(), &self.keys),
            ),
            ("policy".to_string(), record.setup.policy_column()),
            ("seed".to_string(), record.seed.to_string()),
            ("units".to_string(), record.units.to_string()),
        ]
    }

    /// The printed text: a heading, then [`tables`](Self::tables) aligned.
    pub fn text(&self) -> String {
        let record = &self.runs[0].saved.record;
        let fixed = fixed_rules(&record.setup.rules_column(), &self.keys);
        let mut text = format!(
            "{} sweep | {} | policy {} | seed {} | {} units per rule set | {} rule sets\n\
             exact where it exists, else the simulated mean ± the half-width of its 95% interval\n",
            self.game,
            fixed,
            record.setup.policy_column(),
            record.seed,
            record.units,
            self.runs.len()
        );
        for table in self.tables() {
            text.push('\n');
            if table.name == "win_rates_by_seat" {
                text.push_str("each seat's win rate:\n");
            }
            let rows: Vec<Vec<String>> = std::iter::once(table.columns.clone())
                .chain(table.rows.iter().map(|row| {
                    row.iter()
                        .map(|cell| match cell {
                            Cell::Text(t) => t.clone(),
                            other => format!("{other:?}"),
                        })
                        .collect()
                }))
                .collect();
            for line in aligned(&rows, self.keys.len()) {
                text.push_str(&line);
                text.push('\n');
            }
        }
        text
    }

    /// Every estimate of every rule set as one table, `sweep.csv`'s rows typed: what
    /// `--format json` prints.
    pub fn data(&self) -> DataTable {
        let header = self.csv_header();
        let mut table = DataTable::new("sweep", &header);
        for run in &self.runs {
            let record = &run.saved.record;
            let rules = record.setup.rules_column();
            for m in &run.saved.tally.metrics {
                let summary = summary_cells(record, &rules, m, &run.exact);
                let mut row = vec![summary[0].clone()];
                row.extend(run.cells.iter().cloned());
                row.extend(summary[1..].iter().cloned());
                row.push(Cell::from(record.units));
                table.push(row);
            }
        }
        table
    }

    /// The columns of `sweep.csv`: `summary.csv`'s with the swept keys after the game, and the
    /// units.
    fn csv_header(&self) -> Vec<&str> {
        std::iter::once(SUMMARY_HEADER[0])
            .chain(self.keys.iter().map(String::as_str))
            .chain(SUMMARY_HEADER[1..].iter().copied())
            .chain(["units"])
            .collect()
    }

    /// What a report folder of the sweep holds: `sweep.csv` and its charts, every name unique.
    pub fn report_files(&self) -> Result<Vec<(String, Vec<u8>)>> {
        let mut files = vec![("sweep.csv".to_string(), self.csv())];
        files.extend(self.charts()?);
        Ok(super::unique_names(files))
    }

    /// One comparison chart per metric, the rule sets as its rows (exact values in each row's
    /// note), named `METRIC.svg`.
    pub fn charts(&self) -> Result<Vec<(String, Vec<u8>)>> {
        let record = &self.runs[0].saved.record;
        let fixed = fixed_rules(&record.setup.rules_column(), &self.keys);
        let mut files = Vec::new();
        for (key, at) in self.metric_columns() {
            let mut kind = None;
            let rows: Vec<CompareRow> = self
                .runs
                .iter()
                .zip(&at)
                .filter_map(|(run, i)| {
                    let m = &run.saved.tally.metrics[(*i)?];
                    kind = Some(m.kind);
                    // A metric with its luck taken out is drawn by its plain metric's chart.
                    if !m.draws_distribution() {
                        return None;
                    }
                    let label: Vec<String> = self
                        .keys
                        .iter()
                        .zip(&run.values)
                        .map(|(k, v)| format!("{k}={v}"))
                        .collect();
                    let mut row = compare_row(&label.join(" "), m, &run.saved.record);
                    if let Some(x) = run.exact.mean(&m.id) {
                        row.note = format!("{}  exact {}", row.note, short(x));
                    }
                    Some(row)
                })
                .collect();
            let Some(kind) = kind.filter(|_| !rows.is_empty()) else {
                continue;
            };
            let what = match kind {
                MetricKind::Mean => {
                    "mean with 95% interval (dot, bar); box 25-75%, whiskers 5-95%, median"
                }
                MetricKind::Proportion => "share with 95% Wilson interval",
            };
            let title = format!(
                "{} sweep: {}\n{what}\n{fixed} | {} units per rule set | seed {}",
                self.game, key, record.units, record.seed
            );
            let scale = match kind {
                MetricKind::Mean => Scale::Plain,
                MetricKind::Proportion => Scale::Share { fair: None },
            };
            let svg = compare_svg(&title, &key, &rows, scale)?;
            files.push((format!("{}.svg", file_safe(&key)), svg.into_bytes()));
        }
        Ok(files)
    }
}

impl Shown for Sweep {
    fn text(&self) -> String {
        Sweep::text(self)
    }

    fn json(&self) -> String {
        tables_json(&[self.data()])
    }

    fn tables(&self) -> Vec<DataTable> {
        Sweep::tables(self)
    }

    fn about(&self) -> Vec<(String, String)> {
        Sweep::about(self)
    }
}

/// The rules column of a run without the swept keys: what every rule set of the sweep shares.
fn fixed_rules(rules: &str, keys: &[String]) -> String {
    rules
        .split(';')
        .filter(|part| {
            !keys
                .iter()
                .any(|k| part.split_once('=').is_some_and(|(key, _)| key == k))
        })
        .collect::<Vec<_>>()
        .join(";")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_rules_leave_out_what_is_swept() {
        let keys = vec!["wipe_ones".to_string()];
        assert_eq!(
            fixed_rules("players=1;wipe_ones=3;target=100;tie=shared", &keys),
            "players=1;target=100;tie=shared"
        );
    }
}
