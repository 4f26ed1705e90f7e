//! Reports: `summary.csv`, `distribution.csv`, the accumulator file `merge` reads back, SVG plots
//! and the table printed on stdout.
//!
//! Every file is first written under a temporary name in the output folder and renamed only once
//! all of them are written, so an interrupted or failed run never leaves a half-written report.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::plot::{CompareRow, compare_svg, distribution_svg};
use crate::stats::{ExactValues, Metric, MetricKind, Tally};

/// Name of the file holding a run's identity and exact accumulators.
pub const ACCUMULATORS: &str = "accumulators.json";
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

/// What a run was: enough to refuse merging runs that are not parts of the same whole.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunInfo {
    /// dicelab version that wrote the file (chunking must match to merge).
    pub version: String,
    /// Game name.
    pub game: String,
    /// The `rules` column.
    pub rules: String,
    /// The `policy` column.
    pub policy: String,
    /// Seed of the run.
    pub seed: u64,
    /// Units of the whole run (all shards).
    pub units: u64,
    /// Number of shards the run was split into (1 once complete).
    pub shard_count: u32,
    /// Which shards this file holds.
    pub shards: Vec<u32>,
}

/// A run's identity with its accumulators: the content of `accumulators.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// What the run was.
    pub info: RunInfo,
    /// Every observation, exactly.
    pub tally: Tally,
}

impl Saved {
    /// Reads `accumulators.json` from a report folder.
    pub fn load(dir: &Path) -> Result<Self> {
        let path = dir.join(ACCUMULATORS);
        let text = fs::read_to_string(&path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                Error::input(format!(
                    "{}: no {ACCUMULATORS} here; expected the --out folder of a simulate run",
                    dir.display()
                ))
            } else {
                Error::io(&path, e)
            }
        })?;
        let saved: Saved = serde_json::from_str(&text).map_err(|e| {
            Error::input(format!(
                "{}: not a dicelab accumulator file ({e})",
                path.display()
            ))
        })?;
        saved.check().map_err(|problem| {
            Error::input(format!(
                "{}: not a consistent dicelab accumulator file ({problem})",
                path.display()
            ))
        })?;
        Ok(saved)
    }

    /// Checks what a hand-edited or damaged file could get wrong: shard numbers and counts.
    fn check(&self) -> std::result::Result<(), String> {
        let info = &self.info;
        if info.shard_count == 0 || info.shards.is_empty() {
            return Err("no shards".to_string());
        }
        let mut seen = Vec::new();
        for &s in &info.shards {
            if s >= info.shard_count || seen.contains(&s) {
                return Err(format!("bad shard {s} of {}", info.shard_count));
            }
            seen.push(s);
        }
        for metric in &self.tally.metrics {
            if metric.histogram.checked_count().is_none() {
                return Err(format!("counts of {} overflow", metric.name));
            }
        }
        Ok(())
    }

    /// Combines shard files of one run. Refuses runs that differ in anything but their shards,
    /// and shards given twice. When every shard is present the result is marked whole, so it is
    /// byte-identical to an unsharded run.
    pub fn merge_all(parts: Vec<(PathBuf, Saved)>) -> Result<Saved> {
        let mut parts = parts.into_iter();
        let (first_dir, mut merged) = parts
            .next()
            .ok_or_else(|| Error::input("merge: expected at least one shard folder"))?;
        for (dir, part) in parts {
            let (a, b) = (&merged.info, &part.info);
            let differ = |what: &str, x: &dyn std::fmt::Display, y: &dyn std::fmt::Display| {
                Error::input(format!(
                    "merge: {} has {what} {y} but {} has {what} {x}; only shards of one run merge",
                    dir.display(),
                    first_dir.display()
                ))
            };
            if a.game != b.game {
                return Err(differ("game", &a.game, &b.game));
            }
            if a.rules != b.rules {
                return Err(differ("rules", &a.rules, &b.rules));
            }
            if a.policy != b.policy {
                return Err(differ("policy", &a.policy, &b.policy));
            }
            if a.seed != b.seed {
                return Err(differ("seed", &a.seed, &b.seed));
            }
            if a.units != b.units {
                return Err(differ("-n", &a.units, &b.units));
            }
            if a.shard_count != b.shard_count {
                return Err(differ("shard count", &a.shard_count, &b.shard_count));
            }
            if a.version != b.version {
                return Err(differ("dicelab version", &a.version, &b.version));
            }
            if let Some(dup) = b.shards.iter().find(|s| a.shards.contains(s)) {
                return Err(Error::input(format!(
                    "merge: shard {dup}/{} is given twice (again in {})",
                    a.shard_count,
                    dir.display()
                )));
            }
            merged.tally.merge(&part.tally)?;
            merged.info.shards.extend(&part.info.shards);
        }
        merged.info.shards.sort_unstable();
        if merged.info.shards.len() as u32 == merged.info.shard_count {
            merged.info.shard_count = 1;
            merged.info.shards = vec![0];
        }
        Ok(merged)
    }

    /// Whether the file holds the whole run.
    pub fn is_whole(&self) -> bool {
        self.info.shard_count == 1
    }
}

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

/// The base name and seat number of a per-seat metric (`chips_seat_3` is `chips`, seat 3).
fn seat_of(name: &str) -> Option<(&str, u32)> {
    let (base, seat) = name.rsplit_once("_seat_")?;
    Some((base, seat.parse().ok()?))
}

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
        let info = &self.saved.info;
        let rows = self.saved.tally.metrics.iter().map(|metric| {
            let e = metric.estimate();
            vec![
                info.game.clone(),
                info.rules.clone(),
                metric.policy.clone().unwrap_or_else(|| info.policy.clone()),
                metric.name.clone(),
                e.n.to_string(),
                fmt_num(e.mean),
                fmt_num(e.sd),
                fmt_num(e.se),
                fmt_num(e.ci_low),
                fmt_num(e.ci_high),
                self.exact
                    .mean(&metric.key())
                    .map(fmt_num)
                    .unwrap_or_default(),
                info.seed.to_string(),
            ]
        });
        csv_bytes(&SUMMARY_HEADER, rows)
    }

    /// `distribution.csv`: every value of every plotted metric with its count and share.
    pub fn distribution_csv(&self) -> Vec<u8> {
        let info = &self.saved.info;
        let rows = self
            .saved
            .tally
            .metrics
            .iter()
            .filter(|m| m.plotted)
            .flat_map(|metric| {
                let n = metric.histogram.count() as f64;
                let policy = metric.policy.clone().unwrap_or_else(|| info.policy.clone());
                metric.histogram.iter().map(move |(value, count)| {
                    vec![
                        policy.clone(),
                        metric.name.clone(),
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
        let info = &self.saved.info;
        let rows = self
            .saved
            .tally
            .metrics
            .iter()
            .filter(|m| m.kind == MetricKind::Mean && m.histogram.count() > 0)
            .map(|m| {
                let h = &m.histogram;
                let mut row = vec![
                    m.policy.clone().unwrap_or_else(|| info.policy.clone()),
                    m.name.clone(),
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
        let info = &self.saved.info;
        self.saved
            .tally
            .metrics
            .iter()
            .filter(|m| m.plotted && m.histogram.count() > 0)
            .map(|m| {
                let policy = m.policy.as_deref().unwrap_or(&info.policy);
                let title = format!(
                    "{}, policy {}: {}\n{}",
                    info.game, policy, m.name, info.rules
                );
                let svg = distribution_svg(
                    &title,
                    &m.name,
                    &m.histogram,
                    self.exact.pmfs.get(&m.key()).map(Vec::as_slice),
                )?;
                let file = match &m.policy {
                    None => format!("{}.svg", m.name),
                    Some(p) => format!("{}-{}.svg", m.name, file_safe(p)),
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
        let info = &self.saved.info;
        let mut groups: Vec<CompareGroup> = Vec::new();
        for m in &self.saved.tally.metrics {
            if m.histogram.count() == 0 {
                continue;
            }
            let (base, by, label) = match seat_of(&m.name) {
                Some((base, seat)) => (
                    base,
                    "seat",
                    match &m.policy {
                        Some(p) => format!("seat {seat} [{p}]"),
                        None => format!("seat {seat}"),
                    },
                ),
                None => match &m.policy {
                    Some(p) => (m.name.as_str(), "policy", p.clone()),
                    None => continue,
                },
            };
            match groups.iter_mut().find(|g| g.0 == base && g.1 == by) {
                Some(g) => g.2.push((label, m)),
                None => groups.push((base.to_string(), by, vec![(label, m)])),
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
                    info.game, info.rules, info.units, info.seed
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
        let mut json = serde_json::to_string_pretty(self.saved)
            .map_err(|e| Error::input(format!("{ACCUMULATORS}: {e}")))?;
        json.push('\n');
        let mut files = vec![
            ("summary.csv".to_string(), self.summary_csv()),
            ("distribution.csv".to_string(), self.distribution_csv()),
            ("quantiles.csv".to_string(), self.quantiles_csv()),
            (ACCUMULATORS.to_string(), json.into_bytes()),
        ];
        files.extend(self.plots()?);
        files.extend(self.compare_plots()?);
        Ok(files)
    }

    /// The summary as an aligned table for a terminal, with the distance of each estimate from its
    /// exact value in standard errors.
    pub fn text_table(&self) -> String {
        let info = &self.saved.info;
        let mut out = format!(
            "{} | {} | policy {} | seed {} | {} units{}\n",
            info.game,
            info.rules,
            info.policy,
            info.seed,
            info.units,
            if self.saved.is_whole() {
                String::new()
            } else {
                format!(" (shards {:?} of {})", info.shards, info.shard_count)
            }
        );
        let rows: Vec<[String; 6]> = self
            .saved
            .tally
            .metrics
            .iter()
            .map(|m| {
                let e = m.estimate();
                let exact = self.exact.mean(&m.key());
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
                    m.key(),
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
        let mut out = String::new();
        for diff in metrics.iter().filter(|m| m.name.ends_with("_diff")) {
            let Some((a, b)) = diff.policy.as_deref().and_then(|p| p.split_once(" - ")) else {
                continue;
            };
            let base = diff.name.trim_end_matches("_diff");
            let find = |p: &str| {
                metrics
                    .iter()
                    .find(|m| m.name == base && m.policy.as_deref() == Some(p))
            };
            let (Some(ma), Some(mb)) = (find(a), find(b)) else {
                continue;
            };
            let (d, ea, eb) = (diff.estimate(), ma.estimate(), mb.estimate());
            let z = crate::stats::z95();
            let independent_se = (ea.se * ea.se + eb.se * eb.se).sqrt();
            if out.is_empty() {
                out.push_str("\npaired differences (common dice):\n");
            }
            out.push_str(&format!(
                "  {a} - {b}: {:+.4} [{:+.4}, {:+.4}] paired; independent runs: +/- {:.4}; variance {:.1}x smaller\n",
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
    use crate::stats::Histogram;

    fn run(metrics: Vec<Metric>) -> Saved {
        Saved {
            info: RunInfo {
                version: "test".into(),
                game: "g".into(),
                rules: "r".into(),
                policy: "a | b".into(),
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

    #[test]
    fn metrics_of_several_policies_or_seats_get_one_comparison_chart_each() {
        let saved = run(vec![
            Metric::mean("score", true, scores(&[1, 2, 3, 4])).of_policy("a"),
            Metric::mean("score", true, scores(&[10, 20, 30, 40])).of_policy("b"),
            // One policy alone has nothing to be compared with.
            Metric::mean("length", false, scores(&[5, 5])).of_policy("a"),
            Metric::proportion("win_rate_seat_1", 1, 4),
            Metric::proportion("win_rate_seat_2", 3, 4),
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
    fn seat_metrics_are_recognised_by_their_suffix_only() {
        assert_eq!(seat_of("chips_seat_3"), Some(("chips", 3)));
        assert_eq!(seat_of("win_rate_seat_12"), Some(("win_rate", 12)));
        assert_eq!(seat_of("p_seat_x"), None);
        assert_eq!(seat_of("chips"), None);
    }
}
