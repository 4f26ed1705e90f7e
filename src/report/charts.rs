//! A run's charts: one distribution chart per plotted metric (simulated bars, exact dots), and
//! one comparison chart per metric reported for several policies or seats; and Solitaire Dice's
//! learning curve.

use crate::error::Result;
use crate::plot::{CompareRow, Scale, compare_svg, distribution_svg};
use crate::record::RunRecord;
use crate::stats::{Metric, MetricKind, Subject};

use super::text::seat_fair_share;
use super::{Exporter, Report, file_safe};

/// One distribution chart per plotted metric.
pub struct DistributionCharts;

impl Exporter for DistributionCharts {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        distribution_charts(report)
    }
}

/// One comparison chart per metric of several policies or seats.
pub struct ComparisonCharts;

impl Exporter for ComparisonCharts {
    fn export(&self, report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
        comparison_charts(report)
    }
}

/// Metrics drawn in one comparison chart: the base metric name, `policy` or `seat`, and each
/// row's label with its metric.
type CompareGroup<'m> = (String, &'static str, Vec<(String, &'m Metric)>);

/// A metric as a row of a comparison chart, with the figures it shows written out: mean and
/// interval, and for means the standard deviation and median too.
pub(crate) fn compare_row(label: &str, m: &Metric, record: &RunRecord) -> CompareRow {
    let e = record.estimate(m);
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
pub(crate) fn short(x: f64) -> String {
    match x.abs() {
        a if !a.is_finite() => "n/a".to_string(),
        a if a >= 100.0 => format!("{x:.1}"),
        a if a >= 1.0 => format!("{x:.3}"),
        _ => format!("{x:.4}"),
    }
}

/// One SVG per plotted metric: simulated bars, exact distribution overlaid.
pub fn distribution_charts(report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
    let setup = &report.saved.record.setup;
    report
        .saved
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
                report.exact.pmfs.get(&m.id).map(Vec::as_slice),
            )?;
            let file = match setup.label_as_given(m.id.subject) {
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
pub fn comparison_charts(report: &Report) -> Result<Vec<(String, Vec<u8>)>> {
    let record = &report.saved.record;
    let setup = &record.setup;
    let mut groups: Vec<CompareGroup> = Vec::new();
    for m in &report.saved.tally.metrics {
        // A metric with its luck taken out is drawn by its plain metric's chart.
        if !m.draws_distribution() {
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
                .map(|(label, m)| compare_row(label, m, record))
                .collect();
            let kind = members[0].1.kind;
            let what = match kind {
                MetricKind::Mean => {
                    "mean with 95% interval (dot, bar); box 25-75%, whiskers 5-95%, median"
                }
                // A policy in several seats is a share of its seats, its interval normal
                // from the games' spread (`Estimate::of_shares`), not Wilson's.
                MetricKind::Proportion if members.iter().any(|(_, m)| m.per > 1) => {
                    "share with 95% interval (Wilson; a policy in several seats: normal, from \
                     the games)"
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
            // Shares are read in percent from 0; a seat's fair share is the seats' mean (ties
            // count for every leader, so it is not simply one over the seats), marked by seat
            // and by policy alike, since a policy's rate is its seats' (games::outcomes).
            let scale = match kind {
                MetricKind::Mean => Scale::Plain,
                MetricKind::Proportion => Scale::Share {
                    fair: seat_fair_share(&report.saved.tally.metrics, &base),
                },
            };
            let svg = compare_svg(&title, &base, &rows, scale)?;
            Ok((
                format!("{}-by-{by}.svg", file_safe(&base)),
                svg.into_bytes(),
            ))
        })
        .collect()
}

/// Solitaire Dice's learning curve (`examples/train_solitaire_value.rs`) as an SVG chart: the mean final score of the value after each number of
/// training games (in millions), beside `projection`'s mean (`best_mean`, a flat line) for scale.
pub fn learning_curve_svg(points: &[(u64, f64)], best_mean: f64) -> Result<String> {
    let learned: Vec<(f64, f64)> = points
        .iter()
        .map(|&(games, mean)| (games as f64 / 1e6, mean))
        .collect();
    let last = learned.last().map_or(1.0, |p| p.0);
    let series = [
        ("learned, by self-play".to_string(), learned),
        (
            format!("projection (hand-built): {best_mean:+.1}"),
            vec![(0.0, best_mean), (last, best_mean)],
        ),
    ];
    // The legend low on the right, under the learned line and clear of it.
    crate::plot::lines_svg_legend(
        "Solitaire Dice: the learned value's mean score as it trains\n20,000 games of their own dice at each point; 200,000 for projection",
        ("training games (millions)", "mean final score"),
        &series,
        plotters::chart::SeriesLabelPosition::LowerRight,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::{run, scores};
    use crate::stats::ExactValues;

    fn seat(k: u32) -> Subject {
        Subject::Seat {
            seat: k,
            policy: None,
        }
    }

    #[test]
    fn metrics_of_several_policies_or_seats_get_one_comparison_chart_each() {
        let saved = run(vec![
            Metric::mean("score", scores(&[1, 2, 3, 4]))
                .plotted()
                .about(Subject::Policy(0)),
            Metric::mean("score", scores(&[10, 20, 30, 40]))
                .plotted()
                .about(Subject::Policy(1)),
            // One policy alone has nothing to be compared with.
            Metric::mean("length", scores(&[5, 5])).about(Subject::Policy(0)),
            Metric::proportion("win_rate", 1, 4).about(seat(0)),
            Metric::proportion("win_rate", 3, 4).about(seat(1)),
            Metric::mean("turns", scores(&[7, 8])),
        ]);
        let exact = ExactValues::default();
        let report = Report {
            saved: &saved,
            exact: &exact,
            notes: &[],
        };
        let plots = comparison_charts(&report).unwrap();
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
}
