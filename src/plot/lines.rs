//! Line charts of named series of points (exact distributions per policy, the follower's odds).

use plotters::prelude::*;

use crate::error::{Error, Result};

use super::{Frame, PALETTE, TEXT, axes, font, whole_labels};

/// The height of the plot and its axes, between the title and the rules line.
const BODY: u32 = 330;

/// An SVG line chart of several named series of (x, y) points, each in its own colour, with
/// dots on the points (the x values are discrete).
pub fn lines_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[(String, Vec<(f64, f64)>)],
) -> Result<String> {
    lines_svg_legend(
        title,
        (x_label, y_label),
        series,
        SeriesLabelPosition::UpperRight,
    )
}

/// [`lines_svg`] with its legend at `legend`: a chance to win runs to 100% or 0% at the right,
/// so a review's chart keeps its legend on the left, where every line starts near the middle.
pub fn lines_svg_legend(
    title: &str,
    (x_label, y_label): (&str, &str),
    series: &[(String, Vec<(f64, f64)>)],
    legend: SeriesLabelPosition,
) -> Result<String> {
    let (title, footer) = title.split_once('\n').unwrap_or((title, ""));
    let plot_error = |e: &dyn std::fmt::Display| Error::input(format!("plot {title}: {e}"));
    let points = series.iter().flat_map(|s| s.1.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::INFINITY, f64::NEG_INFINITY, 0.0f64, 0.0f64);
    for &(x, y) in points {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if !x0.is_finite() {
        (x0, x1) = (0.0, 1.0);
    }
    // From 0 up, as every chance and count is (a rounding's -1e-16 included); a line below 0
    // (an expected score) gets room below as above.
    let y_range = if y0 < -1e-9 {
        let pad = 0.08 * (y1 - y0);
        (y0 - pad)..(y1 + pad)
    } else {
        0.0..(y1 * 1.08).max(1e-9)
    };
    let frame = Frame::new(title, footer, BODY);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, frame.size()).into_drawing_area();
        let body = frame.draw(&root, title)?;
        let mut chart = axes(&body)
            .build_cartesian_2d((x0 - 0.5)..(x1 + 0.5), y_range)
            .map_err(|e| plot_error(&e))?;
        chart
            .configure_mesh()
            .label_style(font(TEXT))
            .axis_desc_style(font(TEXT))
            .x_desc(x_label)
            .y_desc(y_label)
            .x_labels(whole_labels(x1 - x0 + 1.0))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_labels(6)
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
            .label_font(font(TEXT))
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(legend)
            .draw()
            .map_err(|e| plot_error(&e))?;
        root.present().map_err(|e| plot_error(&e))?;
    }
    Ok(super::valid_xml(svg))
}
