//! What a run prints on the terminal: the aligned summary, with each estimate's distance from its
//! exact value in standard errors, and the paired differences with the variance they saved; and
//! the shards a run holds or lacks, written as `sbatch --array=` takes them.

pub use crate::engine::{index_ranges, runs_text};
use crate::saved::Saved;
use crate::stats::{MetricKind, Subject};

use super::Report;

/// The columns of the summary as people read it: [`text_table`] and the report index.
pub const SUMMARY_HEADER: [&str; 6] = [
    "metric",
    "n",
    "mean",
    "95% interval",
    "exact",
    "(mean-exact)/se",
];

impl Report<'_> {
    /// The summary as an aligned table for a terminal.
    pub fn text_table(&self) -> String {
        text_table(self)
    }

    /// The paired differences as text (empty without pairs).
    pub fn paired_text(&self) -> String {
        paired_text(self)
    }
}

impl Saved {
    /// The shards this file holds, as [`index_ranges`] writes them (`0-3,7`).
    pub fn shards_held(&self) -> String {
        index_ranges(&self.record.shards)
    }
}

/// Rows of cells as aligned lines for a terminal: each column as wide as its widest cell (in
/// characters), the first `left` columns flush left and the rest flush right, two spaces
/// between, no trailing spaces. Rows may be short (a remark some rows lack).
pub fn aligned(rows: &[Vec<String>], left: usize) -> Vec<String> {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(c, (cell, &w))| {
                    if c < left {
                        format!("{cell:<w$}")
                    } else {
                        format!("{cell:>w$}")
                    }
                })
                .collect();
            cells.join("  ").trim_end().to_string()
        })
        .collect()
}

/// The run in one line: game, rules, policies, seed and size (and which shards, for a part).
pub fn run_heading(report: &Report) -> String {
    let record = &report.saved.record;
    let setup = &record.setup;
    format!(
        "{} | {} | policy {} | seed {} | {} units{}{}",
        setup.game,
        setup.rules_heading(),
        setup.policy_column(),
        record.seed,
        record.units,
        report
            .notes
            .iter()
            .map(|n| format!(" | {n}"))
            .collect::<String>(),
        if report.saved.is_whole() {
            String::new()
        } else {
            format!(
                " | shards {} of 0-{}: a part of the run",
                report.saved.shards_held(),
                record.shard_count - 1
            )
        }
    )
}

/// One row per metric under [`SUMMARY_HEADER`]: the estimate with its interval, rounded for
/// reading, and its distance from the exact value in standard errors where there is one.
pub fn summary_rows(report: &Report) -> Vec<[String; 6]> {
    let setup = &report.saved.record.setup;
    report
        .saved
        .tally
        .metrics
        .iter()
        .map(|m| {
            let e = report.saved.record.estimate(m);
            let exact = report.exact.mean(&m.id);
            let digits = if m.is_share() { 5 } else { 4 };
            let z = exact
                .filter(|_| e.se > 0.0)
                .map(|x| format!("{:+.2}", (e.mean - x) / e.se))
                .unwrap_or_default();
            let interval = if e.ci_low.is_finite() && e.ci_high.is_finite() {
                format!("[{:.digits$}, {:.digits$}]", e.ci_low, e.ci_high)
            } else {
                format!("none (n = {})", e.n)
            };
            let mean = if e.mean.is_finite() {
                format!("{:.digits$}", e.mean)
            } else {
                "none".to_string()
            };
            [
                setup.key(&m.id),
                e.n.to_string(),
                mean,
                interval,
                exact.map(|x| format!("{x:.digits$}")).unwrap_or_default(),
                z,
            ]
        })
        .collect()
}

/// A seat's fair share of the share `name` (`win_rate`): the mean of its seats' rates, which
/// ties (counting for every leader) lift above one over the seats. `None` for a run without
/// that share by seat. The one reckoning the table's note, the section's answer and the charts
/// (which mark it) share.
pub(crate) fn seat_fair_share(metrics: &[crate::stats::Metric], name: &str) -> Option<f64> {
    let seats: Vec<f64> = metrics
        .iter()
        .filter(|m| {
            m.id.name == name
                && matches!(m.id.subject, Subject::Seat { .. })
                && m.histogram.count() > 0
        })
        .map(|m| m.estimate().mean)
        .collect();
    (!seats.is_empty()).then(|| seats.iter().sum::<f64>() / seats.len() as f64)
}

/// The fewest observations a mean's normal interval is shown for without a warning: below it
/// the interval leans on a normal approximation the data cannot support (and one observation
/// gives none at all).
pub const FEW: u64 = 30;

/// What a run too small for its intervals says under its table (and on the findings page):
/// which metrics rest on fewer than [`FEW`] observations. `None` when every interval stands.
pub fn few_units_note(report: &Report) -> Option<String> {
    let setup = &report.saved.record.setup;
    let metrics = &report.saved.tally.metrics;
    let few: Vec<String> = metrics
        .iter()
        .filter(|m| m.kind == MetricKind::Mean && m.estimate().n < FEW)
        .map(|m| setup.key(&m.id))
        .collect();
    if few.is_empty() || empty_shard_note(report).is_some() {
        return None;
    }
    let shown: Vec<&str> = few.iter().take(3).map(String::as_str).collect();
    let more = match few.len() {
        n if n > 3 => format!(" and {} more", n - 3),
        _ => String::new(),
    };
    Some(format!(
        "too few units for these intervals: {} of {} metrics ({}{more}) rest on fewer than {FEW} \
         observations, where a 95% interval is rough (and from one, none); run more units (-n)",
        few.len(),
        metrics.len(),
        shown.join(", ")
    ))
}

/// What a game's table says of its win rates: a seat's fair share (the seats' mean, which ties
/// lift above one over the seats) and, for a policy in several seats, that its rate is their
/// average, with how many. `None` without win rates by seat.
pub fn fair_share_note(report: &Report) -> Option<String> {
    let setup = &report.saved.record.setup;
    let metrics = &report.saved.tally.metrics;
    let wins = |m: &&crate::stats::Metric| m.id.name == "win_rate" && m.histogram.count() > 0;
    if empty_shard_note(report).is_some() {
        return None;
    }
    let fair = seat_fair_share(metrics, "win_rate")?;
    let seats = metrics
        .iter()
        .filter(wins)
        .filter(|m| matches!(m.id.subject, Subject::Seat { .. }))
        .count();
    let mut note = format!(
        "a seat's fair share of wins is {:.2}% (the seats' mean; 1/{} = {:.2}%, ties counting \
         for every leader)",
        100.0 * fair,
        seats,
        100.0 / seats as f64
    );
    let several: Vec<String> = metrics
        .iter()
        .filter(wins)
        .filter(|m| matches!(m.id.subject, Subject::Policy(_)))
        .filter_map(|m| {
            let k = m.per;
            let label = setup.label(m.id.subject)?;
            (k > 1).then(|| format!("{label} in {k} seats"))
        })
        .collect();
    if !several.is_empty() {
        note.push_str(&format!(
            "; a policy's win_rate is its seats' average ({})",
            several.join(", ")
        ));
    }
    Some(note)
}

/// What a shard that holds no chunk of its run says instead of a table of undefined means: a
/// run split into more shards than it has chunks leaves some shards nothing to simulate.
fn empty_shard_note(report: &Report) -> Option<String> {
    let saved = report.saved;
    let empty = saved.tally.metrics.iter().all(|m| m.histogram.count() == 0);
    (empty && !saved.is_whole()).then(|| {
        let record = &saved.record;
        format!(
            "nothing simulated: this run of {} units has fewer chunks than its {} shards, so no \
             chunk falls to shard {}; `merge` adds its empty accumulators to the other shards'\n",
            record.units,
            record.shard_count,
            saved.shards_held()
        )
    })
}

/// The summary as an aligned table for a terminal, with the distance of each estimate from its
/// exact value in standard errors.
pub fn text_table(report: &Report) -> String {
    let mut out = run_heading(report) + "\n";
    if let Some(note) = empty_shard_note(report) {
        return out + &note;
    }
    // Each cell as it will print (a label quoting an odd file name escaped), measured in the
    // characters the padding counts.
    let rows: Vec<[String; 6]> = summary_rows(report)
        .into_iter()
        .map(|r| r.map(|cell| crate::error::one_line(&cell)))
        .collect();
    let header = SUMMARY_HEADER;
    let widths: Vec<usize> = (0..6)
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].chars().count()])
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
    for note in fair_share_note(report)
        .into_iter()
        .chain(few_units_note(report))
    {
        out.push_str(&format!("note: {note}\n"));
    }
    out
}

/// For every paired difference `NAME_diff` of policies "A - B": the difference with its
/// paired interval, the interval independent runs of the same size would give, and the
/// variance reduction the common dice bought. Empty when the run has no pairs.
pub fn paired_text(report: &Report) -> String {
    let metrics = &report.saved.tally.metrics;
    let setup = &report.saved.record.setup;
    let mut out = String::new();
    if empty_shard_note(report).is_some() {
        return out;
    }
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
        let estimate = |m| report.saved.record.estimate(m);
        let (d, ea, eb) = (estimate(diff), estimate(ma), estimate(mb));
        // The same multiplier as the paired interval: a confidence sequence's where the run
        // stopped on its own figures.
        let z = report.saved.record.z(d.n);
        let independent_se = (ea.se * ea.se + eb.se * eb.se).sqrt();
        if out.is_empty() {
            out.push_str("\npaired differences (common dice):\n");
        }
        if !(d.ci_low.is_finite() && independent_se.is_finite()) {
            out.push_str(&format!(
                "  {pair}: {:+.4}; none (n = {}): too few units for an interval\n",
                d.mean, d.n
            ));
            continue;
        }
        out.push_str(&format!(
            "  {pair}: {:+.4} [{:+.4}, {:+.4}] paired; independent runs: +/- {:.4}; {}\n",
            d.mean,
            d.ci_low,
            d.ci_high,
            z * independent_se,
            variance_saved(independent_se, d.se)
        ));
    }
    out
}

/// The estimates with each unit's luck taken out (a control variate of mean 0), each beside the
/// plain estimate it improves on and how much variance it took out; empty for a run without.
pub fn luck_text(report: &Report) -> String {
    let record = &report.saved.record;
    let mut out = String::new();
    for m in &report.saved.tally.metrics {
        let Some(plain) = m.plain_estimate() else {
            continue;
        };
        if out.is_empty() {
            out.push_str(
                "\nluck taken out (each throw's exact luck, of mean 0, subtracted: unbiased, and \
                 what is left is mostly the players' own decisions):\n",
            );
        }
        let e = record.estimate(m);
        let key = record.setup.key(&m.id);
        if !(e.ci_low.is_finite() && plain.se.is_finite()) {
            out.push_str(&format!(
                "  {key}: {:.5}; none (n = {}): too few units for an interval\n",
                e.mean, e.n
            ));
            continue;
        }
        out.push_str(&format!(
            "  {key}: {:.5} [{:.5}, {:.5}]; plain {:.5} [{:.5}, {:.5}]; {}\n",
            e.mean,
            e.ci_low,
            e.ci_high,
            plain.mean,
            plain.ci_low,
            plain.ci_high,
            luck_saved(plain.se, e.se)
        ));
    }
    out
}

/// How much variance taking the luck out saved: `variance 135.2x smaller`, or in words where the
/// ratio is no number (no variance left, as when every player plays the solution).
fn luck_saved(plain_se: f64, se: f64) -> String {
    let ratio = (plain_se / se).powi(2);
    if plain_se == 0.0 && se > 0.0 {
        // Every game ended alike (a few games): their spread says nothing to compare with.
        "too few games to say how much variance it took out".to_string()
    } else if ratio.is_finite() {
        format!("variance {ratio:.1}x smaller")
    } else if plain_se > 0.0 {
        "the luck explains all the variance".to_string()
    } else {
        "nothing varies".to_string()
    }
}

/// How much variance pairing saved, from the standard errors independent runs would have and
/// the paired difference has: `variance 12.3x smaller`, or in words where the ratio is no
/// number (a difference that never varies, as when two policies play alike; nothing varying;
/// a single unit, whose variance is unknown) rather than `infx` or `NaNx`.
fn variance_saved(independent_se: f64, paired_se: f64) -> String {
    let ratio = (independent_se / paired_se).powi(2);
    if ratio.is_finite() {
        format!("variance {ratio:.1}x smaller")
    } else if paired_se == 0.0 && independent_se > 0.0 {
        "the common dice remove all the variance".to_string()
    } else if paired_se == 0.0 && independent_se == 0.0 {
        "no variance to reduce".to_string()
    } else {
        "too few units to compare variances".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::summary::summary_csv;
    use crate::report::tests::{run, scores};
    use crate::stats::{ExactValues, Metric};

    #[test]
    fn indexes_read_as_runs_sbatch_takes() {
        assert_eq!(index_ranges(&[]), "");
        assert_eq!(index_ranges(&[3]), "3");
        assert_eq!(index_ranges(&[0, 1, 2, 3]), "0-3");
        assert_eq!(index_ranges(&[2, 5, 6, 7, 9]), "2,5-7,9");
        assert_eq!(index_ranges(&[0, 2, 4]), "0,2,4");
    }

    /// The variance the common dice saved reads in words where the ratio is no number: a
    /// difference that never varies (the two policies play alike), nothing varying at all, and
    /// a single unit, whose variance is unknown.
    #[test]
    fn a_variance_ratio_that_is_no_number_reads_in_words() {
        let paired = |a: &[i64], b: &[i64], diff: &[i64]| {
            let saved = run(vec![
                Metric::mean("score", scores(a)).about(Subject::Policy(0)),
                Metric::mean("score", scores(b)).about(Subject::Policy(1)),
                Metric::mean("score", scores(diff)).about(Subject::Pair(0, 1)),
            ]);
            let exact = ExactValues::default();
            let report = Report {
                saved: &saved,
                exact: &exact,
                notes: &[],
            };
            report.paired_text()
        };
        let same = paired(&[1, 2, 3, 4], &[1, 2, 3, 4], &[0, 0, 0, 0]);
        assert!(
            same.ends_with("; the common dice remove all the variance\n"),
            "{same}"
        );
        let still = paired(&[2, 2, 2, 2], &[2, 2, 2, 2], &[0, 0, 0, 0]);
        assert!(still.ends_with("; no variance to reduce\n"), "{still}");
        let one = paired(&[1], &[3], &[-2]);
        assert!(
            one.ends_with("a - b: -2.0000; none (n = 1): too few units for an interval\n"),
            "{one}"
        );
        // A ratio that is a number reads as before.
        let some = paired(&[1, 2, 3, 4], &[2, 2, 3, 3], &[-1, 0, 0, 1]);
        assert!(some.ends_with("; variance 3.0x smaller\n"), "{some}");
    }

    #[test]
    fn a_paired_difference_is_found_by_index_whatever_the_policies_are_called() {
        let mut saved = run(vec![
            Metric::mean("score", scores(&[1, 2, 3, 4])).about(Subject::Policy(0)),
            Metric::mean("score", scores(&[2, 2, 2, 2])).about(Subject::Policy(1)),
            Metric::mean("score", scores(&[-1, 0, 1, 2])).about(Subject::Pair(0, 1)),
        ]);
        saved.record.setup.policies = vec!["table:a - b.csv".into(), "c".into()];
        let exact = ExactValues::default();
        let report = Report {
            saved: &saved,
            exact: &exact,
            notes: &[],
        };
        let text = report.paired_text();
        assert!(text.contains("  table:a - b.csv - c: +0.5000 ["), "{text}");
        let summary = String::from_utf8(summary_csv(&report)).unwrap();
        assert!(
            summary.contains("\ng,players=1;r=1,table:a - b.csv - c,score_diff,4,0.5,"),
            "{summary}"
        );
    }

    /// What taking the luck out saved reads as a ratio, and in words where none can be said: a
    /// few games that all ended alike (no plain spread to compare with), the luck explaining
    /// every game, and nothing varying at all.
    #[test]
    fn the_variance_the_luck_took_out_reads_in_words_where_no_ratio_stands() {
        assert_eq!(luck_saved(0.01, 0.001), "variance 100.0x smaller");
        assert_eq!(
            luck_saved(0.0, 0.002),
            "too few games to say how much variance it took out"
        );
        assert_eq!(luck_saved(0.01, 0.0), "the luck explains all the variance");
        assert_eq!(luck_saved(0.0, 0.0), "nothing varies");
    }
}
