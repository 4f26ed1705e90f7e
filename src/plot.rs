//! SVG plots of simulated distributions, with the exact distribution drawn over them.

use plotters::prelude::*;

use crate::error::{Error, Result};
use crate::stats::Histogram;

/// Share of the mass the x axis covers: the far tail of a race's length would squeeze the bars.
const SHOWN_MASS: f64 = 0.999;

/// An SVG bar chart of `hist` as probabilities, with `exact` (if any) as red dots.
pub fn distribution_svg(
    title: &str,
    x_label: &str,
    hist: &Histogram,
    exact: Option<&[(i64, f64)]>,
) -> Result<String> {
    let n = hist.count().max(1) as f64;
    let bars: Vec<(i64, f64)> = hist.iter().map(|(v, c)| (v, c as f64 / n)).collect();
    let label = format!("simulated (n = {})", hist.count());
    bars_svg(title, x_label, (&label, &bars), exact.map(|e| ("exact", e)))
}

/// An SVG bar chart of a probability mass function (`bars`, with its legend label) and,
/// optionally, a second one drawn over it as red dots. The x axis covers the first 99.9% of the
/// bars' mass. A title may have a second line (after `\n`), drawn small under the chart: rule
/// strings are too long for a heading.
pub fn bars_svg(
    title: &str,
    x_label: &str,
    bars: (&str, &[(i64, f64)]),
    line: Option<(&str, &[(i64, f64)])>,
) -> Result<String> {
    let (title, footer) = title.split_once('\n').unwrap_or((title, ""));
    let plot_error = |e: &dyn std::fmt::Display| Error::input(format!("plot {title}: {e}"));
    let (bars_label, bars) = bars;
    let lo = bars.first().map_or(0, |b| b.0);
    let mut cumulative = 0.0;
    let hi = bars
        .iter()
        .find(|&&(_, p)| {
            cumulative += p;
            cumulative >= SHOWN_MASS
        })
        .or(bars.last())
        .map_or(lo, |b| b.0)
        .max(lo);
    let in_range = |v: i64| v >= lo && v <= hi;
    let bars: Vec<(i64, f64)> = bars.iter().copied().filter(|&(v, _)| in_range(v)).collect();
    let (line_label, exact) = line.unwrap_or(("", &[]));
    let exact: Vec<(i64, f64)> = exact
        .iter()
        .copied()
        .filter(|&(v, _)| in_range(v))
        .collect();
    let top = bars
        .iter()
        .chain(&exact)
        .map(|&(_, p)| p)
        .fold(0.0, f64::max)
        * 1.1;
    let step = bars
        .windows(2)
        .map(|w| w[1].0 - w[0].0)
        .min()
        .unwrap_or(1)
        .max(1) as f64;

    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 520)).into_drawing_area();
        let mut chart = chart_frame(&root, title, footer)?
            .build_cartesian_2d((lo as f64 - step)..(hi as f64 + step), 0.0..top.max(1e-9))
            .map_err(|e| plot_error(&e))?;
        chart
            .configure_mesh()
            .x_desc(x_label)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc("probability")
            .disable_x_mesh()
            .draw()
            .map_err(|e| plot_error(&e))?;
        let half = step * 0.4;
        chart
            .draw_series(bars.iter().map(|&(v, p)| {
                Rectangle::new(
                    [(v as f64 - half, 0.0), (v as f64 + half, p)],
                    RGBColor(90, 140, 200).filled(),
                )
            }))
            .map_err(|e| plot_error(&e))?
            .label(bars_label)
            .legend(|(x, y)| {
                Rectangle::new(
                    [(x, y - 5), (x + 12, y + 5)],
                    RGBColor(90, 140, 200).filled(),
                )
            });
        if !exact.is_empty() {
            // Dots, not a line: the values are discrete, nothing lies between them.
            chart
                .draw_series(
                    exact
                        .iter()
                        .map(|&(v, p)| Circle::new((v as f64, p), 3, RED.filled())),
                )
                .map_err(|e| plot_error(&e))?
                .label(line_label)
                .legend(|(x, y)| Circle::new((x + 6, y), 3, RED.filled()));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(|e| plot_error(&e))?;
        root.present().map_err(|e| plot_error(&e))?;
    }
    Ok(svg)
}

/// A white 900x520 chart with its title, the rules line under it (`footer`) and room for axis
/// labels, ready for its coordinates: every bar and line chart looks the same.
fn chart_frame<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, plotters::coord::Shift>,
    title: &str,
    footer: &str,
) -> Result<ChartBuilder<'a, 'a, SVGBackend<'b>>> {
    let plot_error = |e: &dyn std::fmt::Display| Error::input(format!("plot {title}: {e}"));
    root.fill(&WHITE).map_err(|e| plot_error(&e))?;
    root.draw_text(footer, &("sans-serif", 12).into_text_style(root), (15, 505))
        .map_err(|e| plot_error(&e))?;
    let mut chart = ChartBuilder::on(root);
    chart
        .caption(title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(55)
        .y_label_area_size(70);
    Ok(chart)
}

/// Colours of successive series: distinguishable, and readable on white.
const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// An SVG line chart of several named series of (x, y) points, each in its own colour, with
/// dots on the points (the x values are discrete).
pub fn lines_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[(String, Vec<(f64, f64)>)],
) -> Result<String> {
    let (title, footer) = title.split_once('\n').unwrap_or((title, ""));
    let plot_error = |e: &dyn std::fmt::Display| Error::input(format!("plot {title}: {e}"));
    let points = series.iter().flat_map(|s| s.1.iter());
    let (mut x0, mut x1, mut y1) = (f64::INFINITY, f64::NEG_INFINITY, 0.0f64);
    for &(x, y) in points {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    if !x0.is_finite() {
        (x0, x1) = (0.0, 1.0);
    }
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 520)).into_drawing_area();
        let mut chart = chart_frame(&root, title, footer)?
            .build_cartesian_2d((x0 - 0.5)..(x1 + 0.5), 0.0..(y1 * 1.08).max(1e-9))
            .map_err(|e| plot_error(&e))?;
        chart
            .configure_mesh()
            .x_desc(x_label)
            .y_desc(y_label)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()
            .map_err(|e| plot_error(&e))?;
        for (i, (name, pts)) in series.iter().enumerate() {
            let color = PALETTE[i % PALETTE.len()];
            chart
                .draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(2)))
                .map_err(|e| plot_error(&e))?
                .label(name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))
                });
            chart
                .draw_series(pts.iter().map(|&p| Circle::new(p, 2, color.filled())))
                .map_err(|e| plot_error(&e))?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(|e| plot_error(&e))?;
        root.present().map_err(|e| plot_error(&e))?;
    }
    Ok(svg)
}

/// One panel of a decision map: its heading and, for each row (bottom first), each column's
/// decision: `Some(true)` to go on, `Some(false)` to stop, `None` where the state cannot occur.
pub type DecisionPanel = (String, Vec<Vec<Option<bool>>>);

/// An SVG heat map of stop/roll decisions, one panel per stage, rows labelled by `y_label`
/// (values 1, 2, ...) and columns by `x_label` (values 0, 1, ...). A map shows at a glance where
/// the boundary between rolling and stopping lies, which a table of numbers hides.
pub fn decision_map_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    panels: &[DecisionPanel],
) -> Result<String> {
    let (title, footer) = title.split_once('\n').unwrap_or((title, ""));
    let plot_error = |e: &dyn std::fmt::Display| Error::input(format!("plot {title}: {e}"));
    let go_on = RGBColor(49, 130, 189);
    let stop = RGBColor(253, 174, 107);
    let height = 120 + 230 * panels.len().max(1) as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| plot_error(&e))?;
        let (top, rest) = root.split_vertically(50);
        top.draw_text(title, &("sans-serif", 20).into_text_style(&top), (15, 15))
            .map_err(|e| plot_error(&e))?;
        top.draw_text(
            "blue: roll again   orange: stop   white: cannot happen",
            &("sans-serif", 13).into_text_style(&top),
            (560, 20),
        )
        .map_err(|e| plot_error(&e))?;
        let (body, bottom) = rest.split_vertically(rest.dim_in_pixel().1 - 40);
        bottom
            .draw_text(
                footer,
                &("sans-serif", 12).into_text_style(&bottom),
                (15, 15),
            )
            .map_err(|e| plot_error(&e))?;
        let areas = body.split_evenly((panels.len().max(1), 1));
        for ((heading, rows), area) in panels.iter().zip(&areas) {
            let cols = rows.iter().map(Vec::len).max().unwrap_or(1);
            let mut chart = ChartBuilder::on(area)
                .caption(heading, ("sans-serif", 15))
                .margin(8)
                .x_label_area_size(35)
                .y_label_area_size(50)
                .build_cartesian_2d(-0.5..(cols as f64 - 0.5), 0.5..(rows.len() as f64 + 0.5))
                .map_err(|e| plot_error(&e))?;
            chart
                .configure_mesh()
                .disable_mesh()
                .x_desc(x_label)
                .y_desc(y_label)
                .x_labels(cols.min(19))
                .y_labels(rows.len())
                .x_label_formatter(&|x| format!("{x:.0}"))
                .y_label_formatter(&|y| format!("{y:.0}"))
                .draw()
                .map_err(|e| plot_error(&e))?;
            let cells = rows.iter().enumerate().flat_map(|(r, row)| {
                row.iter().enumerate().filter_map(move |(c, d)| {
                    d.map(|roll| {
                        let (x, y) = (c as f64, r as f64 + 1.0);
                        Rectangle::new(
                            [(x - 0.45, y - 0.45), (x + 0.45, y + 0.45)],
                            if roll { go_on } else { stop }.filled(),
                        )
                    })
                })
            });
            chart.draw_series(cells).map_err(|e| plot_error(&e))?;
        }
        root.present().map_err(|e| plot_error(&e))?;
    }
    Ok(svg)
}

/// Longest row label drawn whole; longer ones keep their start and end (a policy file's name
/// is at its end).
const MAX_LABEL: usize = 56;

/// A row label that fits the label area: the first 20 and last 35 characters around an ellipsis.
fn fit_label(label: &str) -> String {
    let chars: Vec<char> = label.chars().collect();
    if chars.len() <= MAX_LABEL {
        return label.to_string();
    }
    let head: String = chars[..20].iter().collect();
    let tail: String = chars[chars.len() - 35..].iter().collect();
    format!("{head}\u{2026}{tail}")
}

/// One row of a comparison chart: a policy's or a seat's estimate of one metric.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareRow {
    /// What the row is (a policy spec, `seat 2`, a pair `A - B`).
    pub label: String,
    /// The point estimate.
    pub mean: f64,
    /// The 95% interval of the estimate.
    pub interval: (f64, f64),
    /// The 5th, 25th, 50th, 75th and 95th percentiles of one observation, for metrics with a
    /// spread worth seeing (scores, lengths); `None` for shares.
    pub quantiles: Option<[f64; 5]>,
    /// The figures written above the row, so the chart can be read without the CSV.
    pub note: String,
}

/// An SVG chart comparing one metric across rows, first row on top (lines of the title after the
/// first are drawn small under the chart): the mean as a dot with its
/// 95% interval as a capped bar and, where given, the spread of one observation as a box (25th
/// to 75th percentile) with whiskers (5th to 95th) and the median as a bar. A dashed line marks
/// zero when it is in range, since for differences and scores the sign is the question.
///
/// The intervals of long runs are often narrower than a pixel; the note above each row states
/// them, so they are never lost.
pub fn compare_svg(title: &str, x_label: &str, rows: &[CompareRow]) -> Result<String> {
    let (title, footer) = title.split_once('\n').unwrap_or((title, ""));
    let plot_error = |e: &dyn std::fmt::Display| Error::input(format!("plot {title}: {e}"));
    let values = rows.iter().flat_map(|r| {
        let q = r.quantiles.unwrap_or([r.mean; 5]);
        [r.mean, r.interval.0, r.interval.1, q[0], q[4]]
    });
    let (mut x0, mut x1) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| v.is_finite()) {
        x0 = x0.min(v);
        x1 = x1.max(v);
    }
    if !x0.is_finite() {
        (x0, x1) = (0.0, 1.0);
    }
    let pad = if x1 - x0 > 1e-9 {
        ((x1 - x0) * 0.06).max(x1.abs().max(x0.abs()) * 1e-3)
    } else {
        // Every row at one value (say all zero): a range of its own size would be all noise.
        (x0.abs() * 0.05).max(1.0)
    };
    let (x0, x1) = (x0 - pad, x1 + pad);
    // Enough decimals for the tick step (about a tenth of the range), no float noise.
    let decimals = (1.0 - ((x1 - x0) / 10.0).log10().floor()).clamp(0.0, 12.0) as usize;
    let n = rows.len().max(1);
    let labels: Vec<String> = rows.iter().map(|r| fit_label(&r.label)).collect();
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let label_width = (longest as u32 * 7 + 20).clamp(80, 420);
    let footer_lines: Vec<&str> = footer.lines().collect();
    let height = 135 + 60 * n as u32 + 15 * footer_lines.len() as u32;
    // Row i sits at y = n - 1 - i, so the first row is on top.
    let y_of = |i: usize| (n - 1 - i) as f64;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| plot_error(&e))?;
        let footer_top = height as i32 - 8 - 15 * footer_lines.len() as i32;
        for (i, line) in footer_lines.iter().enumerate() {
            root.draw_text(
                line,
                &("sans-serif", 12).into_text_style(&root),
                (15, footer_top + 15 * i as i32),
            )
            .map_err(|e| plot_error(&e))?;
        }
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(15)
            .margin_bottom(15 + 15 * footer_lines.len() as u32)
            .x_label_area_size(45)
            .y_label_area_size(label_width)
            .build_cartesian_2d(x0..x1, -0.6..(n as f64 - 0.4))
            .map_err(|e| plot_error(&e))?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc(x_label)
            .x_label_formatter(&|x| format!("{x:.decimals$}"))
            .y_label_formatter(&|_| String::new())
            .draw()
            .map_err(|e| plot_error(&e))?;
        if x0 < 0.0 && x1 > 0.0 {
            chart
                .draw_series(DashedLineSeries::new(
                    [(0.0, -0.6), (0.0, n as f64 - 0.4)],
                    6,
                    4,
                    RGBColor(120, 120, 120).into(),
                ))
                .map_err(|e| plot_error(&e))?;
        }
        let label_style = ("sans-serif", 13).into_text_style(&root);
        let note_style = ("sans-serif", 12).into_text_style(&root);
        for (i, row) in rows.iter().enumerate() {
            let y = y_of(i);
            let color = PALETTE[i % PALETTE.len()];
            if let Some([p05, p25, p50, p75, p95]) = row.quantiles {
                chart
                    .draw_series([
                        PathElement::new(vec![(p05, y), (p25, y)], BLACK.stroke_width(1)),
                        PathElement::new(vec![(p75, y), (p95, y)], BLACK.stroke_width(1)),
                        PathElement::new(
                            vec![(p05, y - 0.1), (p05, y + 0.1)],
                            BLACK.stroke_width(1),
                        ),
                        PathElement::new(
                            vec![(p95, y - 0.1), (p95, y + 0.1)],
                            BLACK.stroke_width(1),
                        ),
                    ])
                    .map_err(|e| plot_error(&e))?;
                chart
                    .draw_series([
                        Rectangle::new([(p25, y - 0.2), (p75, y + 0.2)], color.mix(0.35).filled()),
                        Rectangle::new([(p25, y - 0.2), (p75, y + 0.2)], color.stroke_width(1)),
                    ])
                    .map_err(|e| plot_error(&e))?;
                chart
                    .draw_series([PathElement::new(
                        vec![(p50, y - 0.2), (p50, y + 0.2)],
                        color.stroke_width(3),
                    )])
                    .map_err(|e| plot_error(&e))?;
            }
            let (lo, hi) = row.interval;
            if lo.is_finite() && hi.is_finite() {
                chart
                    .draw_series([
                        PathElement::new(vec![(lo, y), (hi, y)], BLACK.stroke_width(2)),
                        PathElement::new(
                            vec![(lo, y - 0.08), (lo, y + 0.08)],
                            BLACK.stroke_width(2),
                        ),
                        PathElement::new(
                            vec![(hi, y - 0.08), (hi, y + 0.08)],
                            BLACK.stroke_width(2),
                        ),
                    ])
                    .map_err(|e| plot_error(&e))?;
            }
            if row.mean.is_finite() {
                chart
                    .draw_series([Circle::new((row.mean, y), 5, BLACK.filled())])
                    .map_err(|e| plot_error(&e))?;
            }
            // Labels and notes go on the root in pixels: the chart would clip them to its area.
            let (px, py) = chart.backend_coord(&(x0, y));
            root.draw_text(
                &labels[i],
                &label_style,
                (px - label_width as i32 + 8, py - 6),
            )
            .map_err(|e| plot_error(&e))?;
            root.draw_text(&row.note, &note_style, (px + 6, py - 26))
                .map_err(|e| plot_error(&e))?;
        }
        root.present().map_err(|e| plot_error(&e))?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(label: &str, mean: f64) -> CompareRow {
        CompareRow {
            label: label.to_string(),
            mean,
            interval: (mean, mean),
            quantiles: Some([mean; 5]),
            note: String::new(),
        }
    }

    #[test]
    fn long_labels_keep_their_start_and_end() {
        assert_eq!(fit_label("greedy"), "greedy");
        let long = format!("heuristic:{} - lookahead", "x/".repeat(40));
        let fitted = fit_label(&long);
        assert_eq!(fitted.chars().count(), 56);
        assert!(
            fitted.starts_with("heuristic:x/x/x/x/x/\u{2026}")
                && fitted.ends_with("x/ - lookahead")
        );
    }

    #[test]
    fn rows_all_at_one_value_get_a_readable_axis() {
        let svg = compare_svg("t\nfooter", "x", &[row("a", 0.0), row("b", 0.0)]).unwrap();
        // Ticks from -1 to 1 with two decimals, not float noise around zero.
        assert!(
            svg.contains("\n0.00\n") && svg.contains("\n-1.00\n"),
            "{svg}"
        );
        assert!(
            !svg.contains("0000000") && !svg.contains("9999999"),
            "{svg}"
        );
        assert!(!svg.contains("NaN") && !svg.contains("inf"));
    }
}
