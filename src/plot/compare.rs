//! Comparison charts: one metric across policies or seats, mean and interval with the spread of
//! one observation, rows readable without the CSV.

use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use crate::error::{Error, Result};

use super::{
    Frame, HEADING, MARGIN, PALETTE, RIGHT, TEXT, WIDTH, draw_lines, font, line_height, wrap,
    written,
};

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

/// How a comparison chart's axis reads its values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    /// As they are (means, differences): the axis spans the values.
    Plain,
    /// Shares, drawn in percent on an axis from 0, so close shares look close; `fair` (a share)
    /// is marked with a dashed line when given, since "is it fair?" is the question of a chart
    /// by seat.
    Share {
        /// The share every row would have if nothing favoured any.
        fair: Option<f64>,
    },
}

/// The rows, the fair share and the axis label as drawn: shares in percent.
fn in_scale(
    rows: &[CompareRow],
    scale: Scale,
    x_label: &str,
) -> (Vec<CompareRow>, Option<f64>, String) {
    match scale {
        Scale::Plain => (rows.to_vec(), None, x_label.to_string()),
        Scale::Share { fair } => (
            rows.iter()
                .map(|r| CompareRow {
                    mean: r.mean * 100.0,
                    interval: (r.interval.0 * 100.0, r.interval.1 * 100.0),
                    quantiles: r.quantiles.map(|q| q.map(|v| v * 100.0)),
                    ..r.clone()
                })
                .collect(),
            fair.map(|f| f * 100.0),
            format!("{x_label} (%)"),
        ),
    }
}

/// The x axis: from, to, and the decimals of its ticks.
fn x_range(rows: &[CompareRow], scale: Scale, fair: Option<f64>) -> (f64, f64, usize) {
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
    let (x0, x1) = match scale {
        Scale::Plain => (x0 - pad, x1 + pad),
        // From 0 to a little past the largest share or the fair line, at most 100%.
        Scale::Share { .. } => (0.0, (x1.max(fair.unwrap_or(0.0)) * 1.2).clamp(1.0, 100.0)),
    };
    // Enough decimals for the tick step (about a tenth of the range), no float noise.
    let decimals = match scale {
        Scale::Plain => (1.0 - ((x1 - x0) / 10.0).log10().floor()).clamp(0.0, 12.0) as usize,
        // Whole percents, unless every share is tiny.
        Scale::Share { .. } => usize::from(x1 - x0 < 5.0),
    };
    (x0, x1, decimals)
}

/// A row's note in lines that fit the chart: its parts (separated by two spaces) kept whole
/// where they fit, joined by commas.
fn note_lines(note: &str, width: f64) -> Vec<String> {
    let fits = (width / (written(TEXT) * 0.6)).floor() as usize;
    let mut lines: Vec<String> = Vec::new();
    for part in note.split("  ").map(str::trim).filter(|p| !p.is_empty()) {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 2 + part.chars().count() <= fits => {
                line.push_str(", ");
                line.push_str(part);
            }
            _ => lines.extend(wrap(part, TEXT, width)),
        }
    }
    lines
}

/// An SVG chart comparing one metric across rows, first row on top (lines of the title after the
/// first are drawn under the chart): each row's label and figures above it, then the mean as a
/// dot with its 95% interval as a capped bar and, where given, the spread of one observation as
/// a box (25th to 75th percentile) with whiskers (5th to 95th) and the median as a bar. A dashed
/// line marks zero when it is in range, since for differences and scores the sign is the
/// question.
///
/// The intervals of long runs are often narrower than a pixel; the figures above each row state
/// them, so they are never lost.
pub fn compare_svg(
    title: &str,
    x_label: &str,
    rows: &[CompareRow],
    scale: Scale,
) -> Result<String> {
    let (title, footer) = title.split_once('\n').unwrap_or((title, ""));
    let plot_error = |e: &dyn std::fmt::Display| Error::input(format!("plot {title}: {e}"));
    let (rows, fair, x_label) = in_scale(rows, scale, x_label);
    let rows = &rows[..];
    let x_label = x_label.as_str();
    let (x0, x1, decimals) = x_range(rows, scale, fair);
    let n = rows.len().max(1);
    let inside = f64::from(WIDTH) - 2.0 * f64::from(MARGIN);
    let texts: Vec<(Vec<String>, Vec<String>)> = rows
        .iter()
        .map(|r| {
            (
                wrap(&fit_label(&r.label), HEADING, inside),
                note_lines(&r.note, inside),
            )
        })
        .collect();
    // Every row as tall as the tallest: its label and notes, then the bar under them.
    let text_height = texts
        .iter()
        .map(|(l, t)| l.len() as i32 * line_height(HEADING) + t.len() as i32 * line_height(TEXT))
        .max()
        .unwrap_or(0);
    let below = 16;
    let row_px = text_height + 6 + below * 2;
    let key = if fair.is_some() {
        line_height(TEXT) + 6
    } else {
        0
    };
    let axis = 52;
    let body = key + row_px * n as i32 + axis + 4;
    let frame = Frame::new(title, footer, body as u32);
    // Row i sits at y = n - 1 - i, so the first row is on top; its text fills the band above it.
    let y_of = |i: usize| (n - 1 - i) as f64;
    let unit = f64::from(row_px);
    let (y_low, y_high) = (
        -f64::from(below) / unit,
        n as f64 - 1.0 + f64::from(text_height + 6 + below) / unit,
    );
    let up = |px: i32| f64::from(px) / unit;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, frame.size()).into_drawing_area();
        let area = frame.draw(&root, title)?;
        let (top, plot) = area.split_vertically(key as u32);
        let mut chart = ChartBuilder::on(&plot)
            .margin_top(4)
            .margin_left(MARGIN as u32)
            .margin_right(RIGHT)
            .x_label_area_size(axis as u32)
            .build_cartesian_2d(x0..x1, y_low..y_high)
            .map_err(|e| plot_error(&e))?;
        chart
            .configure_mesh()
            .label_style(font(TEXT))
            .axis_desc_style(font(TEXT))
            .disable_y_mesh()
            .max_light_lines(0)
            .x_labels(6)
            .x_desc(x_label)
            .x_label_formatter(&|x| format!("{x:.decimals$}"))
            .y_label_formatter(&|_| String::new())
            .draw()
            .map_err(|e| plot_error(&e))?;
        if x0 < 0.0 && x1 > 0.0 {
            chart
                .draw_series(DashedLineSeries::new(
                    [(0.0, y_low), (0.0, y_high)],
                    6,
                    4,
                    RGBColor(120, 120, 120).into(),
                ))
                .map_err(|e| plot_error(&e))?;
        }
        if let Some(f) = fair {
            let red = RGBColor(200, 60, 60);
            chart
                .draw_series(DashedLineSeries::new(
                    [(f, y_low), (f, y_high)],
                    6,
                    4,
                    red.into(),
                ))
                .map_err(|e| plot_error(&e))?;
            // Named in the strip above the plot, over the line where the words fit.
            let words = format!("fair share {f:.2}%");
            let wide = (words.chars().count() as f64 * written(TEXT) * 0.6) as i32;
            let (px, _) = chart.backend_coord(&(f, y_high));
            let x = (px - wide / 2).clamp(MARGIN, WIDTH as i32 - MARGIN - wide);
            top.draw_text(&words, &font(TEXT).color(&red), (x, 2))
                .map_err(|e| plot_error(&e))?;
        }
        let label_style = font(HEADING);
        let note_style = font(TEXT).color(&RGBColor(60, 60, 60));
        for (i, row) in rows.iter().enumerate() {
            let y = y_of(i);
            let color = PALETTE[i % PALETTE.len()];
            draw_marks(&mut chart, row, y, color, &up).map_err(|e| plot_error(&e))?;
            // The label and figures go on the root in pixels, from the chart's left edge: the
            // chart would clip them to its area.
            let (_, py) = chart.backend_coord(&(x0, y));
            let (label, note) = &texts[i];
            let mut ty = py - below - 6 - text_height;
            draw_lines(&root, label, &label_style, HEADING, (MARGIN, ty))
                .map_err(|e| plot_error(&e))?;
            ty += label.len() as i32 * line_height(HEADING);
            draw_lines(&root, note, &note_style, TEXT, (MARGIN, ty)).map_err(|e| plot_error(&e))?;
        }
        root.present().map_err(|e| plot_error(&e))?;
    }
    Ok(super::valid_xml(svg))
}

/// One row's marks at height `y`: the spread of one observation (box, median, whiskers) where
/// given, the 95% interval as a capped bar and the mean as a dot; `up` turns pixels into the y
/// axis's units, so the marks keep their size whatever the rows' height.
fn draw_marks(
    chart: &mut ChartContext<SVGBackend, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    row: &CompareRow,
    y: f64,
    color: RGBColor,
    up: &dyn Fn(i32) -> f64,
) -> std::result::Result<(), DrawingAreaErrorKind<std::io::Error>> {
    if let Some([p05, p25, p50, p75, p95]) = row.quantiles {
        let (cap, half) = (up(5), up(8));
        chart.draw_series([
            PathElement::new(vec![(p05, y), (p25, y)], BLACK.stroke_width(1)),
            PathElement::new(vec![(p75, y), (p95, y)], BLACK.stroke_width(1)),
            PathElement::new(vec![(p05, y - cap), (p05, y + cap)], BLACK.stroke_width(1)),
            PathElement::new(vec![(p95, y - cap), (p95, y + cap)], BLACK.stroke_width(1)),
        ])?;
        chart.draw_series([
            Rectangle::new([(p25, y - half), (p75, y + half)], color.mix(0.35).filled()),
            Rectangle::new([(p25, y - half), (p75, y + half)], color.stroke_width(1)),
        ])?;
        chart.draw_series([PathElement::new(
            vec![(p50, y - half), (p50, y + half)],
            color.stroke_width(3),
        )])?;
    }
    let (lo, hi) = row.interval;
    if lo.is_finite() && hi.is_finite() {
        let cap = up(4);
        chart.draw_series([
            PathElement::new(vec![(lo, y), (hi, y)], BLACK.stroke_width(2)),
            PathElement::new(vec![(lo, y - cap), (lo, y + cap)], BLACK.stroke_width(2)),
            PathElement::new(vec![(hi, y - cap), (hi, y + cap)], BLACK.stroke_width(2)),
        ])?;
    }
    if row.mean.is_finite() {
        chart.draw_series([Circle::new((row.mean, y), 5, BLACK.filled())])?;
    }
    Ok(())
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
        let svg = compare_svg(
            "t\nfooter",
            "x",
            &[row("a", 0.0), row("b", 0.0)],
            Scale::Plain,
        )
        .unwrap();
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

    #[test]
    fn shares_are_drawn_in_percent_from_zero_with_the_fair_share() {
        let share = |label: &str, p: f64| CompareRow {
            label: label.to_string(),
            mean: p,
            interval: (p - 0.001, p + 0.001),
            quantiles: None,
            note: String::new(),
        };
        let rows = [share("seat 1", 0.281), share("seat 2", 0.297)];
        let svg =
            compare_svg("t\nf", "win_rate", &rows, Scale::Share { fair: Some(0.29) }).unwrap();
        assert!(
            svg.contains("win_rate (%)") && svg.contains("fair share 29.00%"),
            "{svg}"
        );
        let labels = crate::plot::axis_labels(&svg);
        assert_eq!(labels.first().map(String::as_str), Some("0"), "{labels:?}");
        // Whole percents, not six-decimal fractions.
        assert!(labels.iter().all(|l| !l.contains('.')), "{labels:?}");
    }
}
