//! Reports: `summary.csv`, `distribution.csv`, the accumulator file `merge` reads back, SVG plots
//! and the table printed on stdout.
//!
//! Every file is first written under a temporary name in the output folder and renamed only once
//! all of them are written, so an interrupted or failed run never leaves a half-written report.

use std::fs;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::plot::{CompareRow, compare_svg, distribution_svg};
use crate::record::{ACCUMULATORS, Saved};
use crate::stats::{ExactValues, Metric, MetricKind, Subject};

/// The shares at which `quantiles.csv` reads each metric's distribution.
const QUANTILES: [f64; 7] = [0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99];

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

/// A finished run with the exact values to show beside it.
pub struct Report<'a> {
    /// The run and its observations.
    pub saved: &'a Saved,
    /// Exact values, where known.
    pub exact: &'a ExactValues,
}

/// Metrics drawn in one comparison chart: the base metric name, `policy` or `seat`, and each
/// row's label with its metric.
type CompareGroup<'m> = (String, &'static str, Vec<(String, &'m Metric)>);

/// A metric as a row of a comparison chart, with the figures it shows written out: mean and
/// interval, and for means the standard deviation and median too.
fn compare_row(label: &str, m: &Metric) -> CompareRow {
    let e = m.estimate();
    let h = &m.histogram;
    match m.kind {
        MetricKind::Proportion => CompareRow {
            label: label.to_string(),
            mean: e.mean,
            interval: (e.ci_low, e.ci_high),
            quantiles: None,
            note: format!(
                "{:.3}% [{:.3}%, {:.3}%]  n = {}",
                e.mean * 100.0,
                e.ci_low * 100.0,
                e.ci_high * 100.0,
                e.n
            ),
        },
        MetricKind::Mean => {
            let q = |p: f64| h.quantile(p).map_or(f64::NAN, |v| v as f64);
            let median = q(0.5);
            CompareRow {
                label: label.to_string(),
                mean: e.mean,
                interval: (e.ci_low, e.ci_high),
                quantiles: Some([q(0.05), q(0.25), median, q(0.75), q(0.95)]),
                note: format!(
                    "mean {} [{}, {}]  sd {}  median {}  n = {}",
                    short(e.mean),
                    short(e.ci_low),
                    short(e.ci_high),
                    short(e.sd),
                    median,
                    e.n
                ),
            }
        }
    }
}

/// A figure for a chart's note: enough digits to tell close estimates apart, no more; `n/a`
/// where one observation gives no spread or interval.
fn short(x: f64) -> String {
    match x.abs() {
        a if !a.is_finite() => "n/a".to_string(),
        a if a >= 100.0 => format!("{x:.1}"),
        a if a >= 1.0 => format!("{x:.3}"),
        _ => format!("{x:.4}"),
    }
}

/// A number for a CSV cell: empty when undefined, shortest exact form when ordinary, scientific
/// notation at 12 significant digits when tiny or huge (Rust would otherwise print every zero).
pub fn fmt_num(x: f64) -> String {
    if !x.is_finite() {
        String::new()
    } else if x == 0.0 || (1e-4..1e15).contains(&x.abs()) {
        format!("{x}")
    } else {
        format!("{x:.11e}")
    }
}

/// A policy spec as part of a file name: letters, digits, `-` and `_`, everything else `_`.
pub fn file_safe(spec: &str) -> String {
    spec.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
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

impl Report<'_> {
    /// `summary.csv`: one row per metric.
    pub fn summary_csv(&self) -> Vec<u8> {
        let record = &self.saved.record;
        let setup = &record.setup;
        let rules = setup.rules_column();
        let rows = self.saved.tally.metrics.iter().map(|metric| {
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
                self.exact.mean(&metric.id).map(fmt_num).unwrap_or_default(),
                record.seed.to_string(),
            ]
        });
        csv_bytes(&SUMMARY_HEADER, rows)
    }

    /// `distribution.csv`: every value of every plotted metric with its count and share.
    pub fn distribution_csv(&self) -> Vec<u8> {
        let setup = &self.saved.record.setup;
        let rows = self
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

    /// `quantiles.csv`: for every metric summarised by its mean, the minimum, the 1st, 5th, 25th,
    /// 50th (median), 75th, 95th and 99th percentiles and the maximum: a mean alone hides how
    /// spread out and how skewed a score is (Solitaire Dice scores, race lengths). Exact: read
    /// off the run's histograms.
    pub fn quantiles_csv(&self) -> Vec<u8> {
        let setup = &self.saved.record.setup;
        let rows = self
            .saved
            .tally
            .metrics
            .iter()
            .filter(|m| m.kind == MetricKind::Mean && m.histogram.count() > 0)
            .map(|m| {
                let h = &m.histogram;
                let mut row = vec![
                    setup.policy_of(m.id.subject),
                    m.id.column(),
                    h.count().to_string(),
                    h.min().map(|v| v.to_string()).unwrap_or_default(),
                ];
                for q in QUANTILES {
                    row.push(h.quantile(q).map(|v| v.to_string()).unwrap_or_default());
                }
                row.push(h.max().map(|v| v.to_string()).unwrap_or_default());
                row
            });
        csv_bytes(
            &[
                "policy", "metric", "n", "min", "p01", "p05", "p25", "median", "p75", "p95", "p99",
                "max",
            ],
            rows,
        )
    }

    /// One SVG per plotted metric: simulated bars, exact distribution overlaid.
    pub fn plots(&self) -> Result<Vec<(String, Vec<u8>)>> {
        let setup = &self.saved.record.setup;
        self.saved
            .tally
            .metrics
            .iter()
            .filter(|m| m.plotted && m.histogram.count() > 0)
            .map(|m| {
                let name = m.id.column();
                let title = format!(
                    "{}, policy {}: {name}\n{}",
                    setup.game,
                    setup.policy_of(m.id.subject),
                    setup.rules_column()
                );
                let svg = distribution_svg(
                    &title,
                    &name,
                    &m.histogram,
                    self.exact.pmfs.get(&m.id).map(Vec::as_slice),
                )?;
                let file = match setup.label(m.id.subject) {
                    None => format!("{name}.svg"),
                    Some(p) => format!("{name}-{}.svg", file_safe(p.as_str())),
                };
                Ok((file, svg.into_bytes()))
            })
            .collect()
    }

    /// One comparison chart per metric that a run reports for several policies or seats
    /// (`final_score` per policy, `chips_seat_K`, paired differences): the question a report
    /// answers is which is better and by how much, and that needs them side by side. Named
    /// `METRIC-by-policy.svg` or `METRIC-by-seat.svg`.
    pub fn compare_plots(&self) -> Result<Vec<(String, Vec<u8>)>> {
        let record = &self.saved.record;
        let setup = &record.setup;
        let mut groups: Vec<CompareGroup> = Vec::new();
        for m in &self.saved.tally.metrics {
            if m.histogram.count() == 0 {
                continue;
            }
            let label = setup.label(m.id.subject);
            let (base, by, label) = match (m.id.subject, label) {
                (Subject::Run, _) => continue,
                (Subject::Seat { seat, .. }, label) => (
                    m.id.name.clone(),
                    "seat",
                    match label {
                        Some(p) => format!("seat {} [{p}]", seat + 1),
                        None => format!("seat {}", seat + 1),
                    },
                ),
                (_, label) => (
                    m.id.column(),
                    "policy",
                    label.expect("policies and pairs are named"),
                ),
            };
            match groups.iter_mut().find(|g| g.0 == base && g.1 == by) {
                Some(g) => g.2.push((label, m)),
                None => groups.push((base, by, vec![(label, m)])),
            }
        }
        groups
            .into_iter()
            .filter(|g| g.2.len() >= 2)
            .map(|(base, by, members)| {
                let rows: Vec<CompareRow> = members
                    .iter()
                    .map(|(label, m)| compare_row(label, m))
                    .collect();
                let kind = members[0].1.kind;
                let what = match kind {
                    MetricKind::Mean => {
                        "mean with 95% interval (dot, bar); box 25-75%, whiskers 5-95%, median"
                    }
                    MetricKind::Proportion => "share with 95% Wilson interval",
                };
                let title = format!(
                    "{}: {base} by {by}\n{what}\n{} | {} units | seed {}",
                    setup.game,
                    setup.rules_column(),
                    record.units,
                    record.seed
                );
                let svg = compare_svg(&title, &base, &rows)?;
                Ok((
                    format!("{}-by-{by}.svg", file_safe(&base)),
                    svg.into_bytes(),
                ))
            })
            .collect()
    }

    /// Every file of the report folder, with its name.
    pub fn files(&self) -> Result<Vec<(String, Vec<u8>)>> {
        let mut files = vec![
            ("summary.csv".to_string(), self.summary_csv()),
            ("distribution.csv".to_string(), self.distribution_csv()),
            ("quantiles.csv".to_string(), self.quantiles_csv()),
            (ACCUMULATORS.to_string(), self.saved.to_json()),
        ];
        files.extend(self.plots()?);
        files.extend(self.compare_plots()?);
        Ok(files)
    }

    /// The summary as an aligned table for a terminal, with the distance of each estimate from its
    /// exact value in standard errors.
    pub fn text_table(&self) -> String {
        let record = &self.saved.record;
        let setup = &record.setup;
        let mut out = format!(
            "{} | {} | policy {} | seed {} | {} units{}\n",
            setup.game,
            setup.rules_column(),
            setup.policy_column(),
            record.seed,
            record.units,
            if self.saved.is_whole() {
                String::new()
            } else {
                format!(" (shards {:?} of {})", record.shards, record.shard_count)
            }
        );
        let rows: Vec<[String; 6]> = self
            .saved
            .tally
            .metrics
            .iter()
            .map(|m| {
                let e = m.estimate();
                let exact = self.exact.mean(&m.id);
                let digits = if m.kind == MetricKind::Proportion {
                    5
                } else {
                    4
                };
                let z = exact
                    .filter(|_| e.se > 0.0)
                    .map(|x| format!("{:+.2}", (e.mean - x) / e.se))
                    .unwrap_or_default();
                [
                    setup.key(&m.id),
                    e.n.to_string(),
                    format!("{:.digits$}", e.mean),
                    format!("[{:.digits$}, {:.digits$}]", e.ci_low, e.ci_high),
                    exact.map(|x| format!("{x:.digits$}")).unwrap_or_default(),
                    z,
                ]
            })
            .collect();
        let header = [
            "metric",
            "n",
            "mean",
            "95% interval",
            "exact",
            "(mean-exact)/se",
        ];
        let widths: Vec<usize> = (0..6)
            .map(|i| {
                rows.iter()
                    .map(|r| r[i].len())
                    .chain([header[i].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: [&str; 6]| {
            let mut s = format!("{:<w$}", cells[0], w = widths[0]);
            for i in 1..6 {
                s.push_str(&format!("  {:>w$}", cells[i], w = widths[i]));
            }
            s.trim_end().to_string() + "\n"
        };
        out.push_str(&line(header));
        for r in &rows {
            out.push_str(&line([&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]]));
        }
        out
    }
}

impl Report<'_> {
    /// For every paired difference `NAME_diff` of policies "A - B": the difference with its
    /// paired interval, the interval independent runs of the same size would give, and the
    /// variance reduction the common dice bought. Empty when the run has no pairs.
    pub fn paired_text(&self) -> String {
        let metrics = &self.saved.tally.metrics;
        let setup = &self.saved.record.setup;
        let mut out = String::new();
        for diff in metrics {
            let Subject::Pair(a, b) = diff.id.subject else {
                continue;
            };
            let find = |p: u32| {
                metrics
                    .iter()
                    .find(|m| m.id.name == diff.id.name && m.id.subject == Subject::Policy(p))
            };
            let (Some(ma), Some(mb)) = (find(a), find(b)) else {
                continue;
            };
            let pair = setup.label(diff.id.subject).expect("a pair is named");
            let (d, ea, eb) = (diff.estimate(), ma.estimate(), mb.estimate());
            let z = crate::stats::z95();
            let independent_se = (ea.se * ea.se + eb.se * eb.se).sqrt();
            if out.is_empty() {
                out.push_str("\npaired differences (common dice):\n");
            }
            out.push_str(&format!(
                "  {pair}: {:+.4} [{:+.4}, {:+.4}] paired; independent runs: +/- {:.4}; variance {:.1}x smaller\n",
                d.mean,
                d.ci_low,
                d.ci_high,
                z * independent_se,
                (independent_se / d.se).powi(2)
            ));
        }
        out
    }
}

/// Exact tables of a game (`dicelab table`): the files to write and what the terminal shows.
pub struct Tables {
    /// CSV and SVG files, by file name.
    pub files: Vec<(String, Vec<u8>)>,
    /// What the terminal shows.
    pub text: String,
}

/// An output folder that exists and can be written, checked before any work is done.
#[derive(Clone, Debug)]
pub struct OutDir {
    path: PathBuf,
}

impl OutDir {
    /// Creates the folder if needed and proves it writable.
    pub fn prepare(path: &Path) -> Result<Self> {
        let fail = |e: std::io::Error| {
            Error::input(format!(
                "--out {}: cannot write a report there ({e})",
                path.display()
            ))
        };
        fs::create_dir_all(path).map_err(fail)?;
        let probe = path.join(format!(".dicelab-probe-{}.tmp", std::process::id()));
        fs::write(&probe, b"").map_err(fail)?;
        let _ = fs::remove_file(&probe);
        Ok(Self {
            path: path.to_path_buf(),
        })
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes every file under a temporary name, then renames them all into place. A failure
    /// while writing (a full disk, say) removes the temporary files and replaces nothing; only a
    /// rename failing part way, which within one folder takes a fault of the file system, could
    /// leave some files new and some old.
    pub fn write_all(&self, files: &[(String, Vec<u8>)]) -> Result<Vec<PathBuf>> {
        let mut staged: Vec<(PathBuf, PathBuf)> = Vec::new();
        let cleanup = |staged: &[(PathBuf, PathBuf)]| {
            for (tmp, _) in staged {
                let _ = fs::remove_file(tmp);
            }
        };
        for (name, bytes) in files {
            let tmp = self
                .path
                .join(format!(".{name}.{}.tmp", std::process::id()));
            if let Err(e) = fs::write(&tmp, bytes) {
                cleanup(&staged);
                let _ = fs::remove_file(&tmp);
                return Err(Error::io(&tmp, e));
            }
            staged.push((tmp, self.path.join(name)));
        }
        for (tmp, dest) in &staged {
            if let Err(e) = fs::rename(tmp, dest) {
                cleanup(&staged);
                return Err(Error::io(dest, e));
            }
        }
        Ok(staged.into_iter().map(|(_, dest)| dest).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{RunRecord, RunSetup};
    use crate::stats::{Histogram, Tally};

    fn run(metrics: Vec<Metric>) -> Saved {
        Saved {
            record: RunRecord {
                setup: RunSetup {
                    game: "g".into(),
                    rules: vec!["r=1".into()],
                    players: 1,
                    policies: vec!["a".into(), "b".into()],
                },
                tool_version: "test".into(),
                stream_version: 1,
                seed: 1,
                units: 4,
                shard_count: 1,
                shards: vec![0],
            },
            tally: Tally { metrics },
        }
    }

    fn scores(values: &[i64]) -> Histogram {
        let mut h = Histogram::new();
        for &v in values {
            h.add(v, 1);
        }
        h
    }

    fn seat(k: u32) -> Subject {
        Subject::Seat {
            seat: k,
            policy: None,
        }
    }

    #[test]
    fn metrics_of_several_policies_or_seats_get_one_comparison_chart_each() {
        let saved = run(vec![
            Metric::mean("score", true, scores(&[1, 2, 3, 4])).about(Subject::Policy(0)),
            Metric::mean("score", true, scores(&[10, 20, 30, 40])).about(Subject::Policy(1)),
            // One policy alone has nothing to be compared with.
            Metric::mean("length", false, scores(&[5, 5])).about(Subject::Policy(0)),
            Metric::proportion("win_rate", 1, 4).about(seat(0)),
            Metric::proportion("win_rate", 3, 4).about(seat(1)),
            Metric::mean("turns", false, scores(&[7, 8])),
        ]);
        let exact = ExactValues::default();
        let report = Report {
            saved: &saved,
            exact: &exact,
        };
        let plots = report.compare_plots().unwrap();
        let names: Vec<&str> = plots.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(names, ["score-by-policy.svg", "win_rate-by-seat.svg"]);
        let score = String::from_utf8(plots[0].1.clone()).unwrap();
        // Each row is labelled and carries its figures: mean, interval, sd and median.
        assert!(score.contains("\na\n</text>") && score.contains("\nb\n</text>"));
        assert!(score.contains("mean 25.000 ["), "{score}");
        assert!(score.contains("sd 12.910") && score.contains("median 20"));
        let wins = String::from_utf8(plots[1].1.clone()).unwrap();
        assert!(wins.contains("\nseat 2\n</text>") && wins.contains("75.000% ["));
        // They are part of the report folder.
        let files: Vec<String> = report.files().unwrap().into_iter().map(|f| f.0).collect();
        assert!(files.contains(&"win_rate-by-seat.svg".to_string()));
    }

    #[test]
    fn a_paired_difference_is_found_by_index_whatever_the_policies_are_called() {
        let mut saved = run(vec![
            Metric::mean("score", false, scores(&[1, 2, 3, 4])).about(Subject::Policy(0)),
            Metric::mean("score", false, scores(&[2, 2, 2, 2])).about(Subject::Policy(1)),
            Metric::mean("score", false, scores(&[-1, 0, 1, 2])).about(Subject::Pair(0, 1)),
        ]);
        saved.record.setup.policies = vec!["table:a - b.csv".into(), "c".into()];
        let exact = ExactValues::default();
        let report = Report {
            saved: &saved,
            exact: &exact,
        };
        let text = report.paired_text();
        assert!(text.contains("  table:a - b.csv - c: +0.5000 ["), "{text}");
        let summary = String::from_utf8(report.summary_csv()).unwrap();
        assert!(
            summary.contains("\ng,players=1;r=1,table:a - b.csv - c,score_diff,4,0.5,"),
            "{summary}"
        );
    }
}
