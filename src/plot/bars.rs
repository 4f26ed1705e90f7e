//! Bar charts of a probability mass function: a run's simulated distribution with the exact one
//! drawn over it as dots, or an exact table alone.

use plotters::prelude::*;

use crate::error::{Error, Result};
use crate::stats::Histogram;

use super::{Frame, TEXT, axes, font, whole_labels};

/// The height of the plot and its axes, between the title and the rules line.
const BODY: u32 = 330;

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
/// bars' mass, and a line above the rules says how much lies beyond when any does. A title may have a second line (after `\n`), drawn small under the chart: rule
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
    // Say so when the axis cuts the tail, above the rules line: a reader must not take the last
    // bar for the maximum.
    let beyond: f64 = bars.iter().filter(|&&(v, _)| v > hi).map(|&(_, p)| p).sum();
    let footer = if beyond > 0.0 {
        format!(
            "{x_label} not drawn: {:.3}% of the mass, above {hi}\n{footer}",
            100.0 * beyond
        )
    } else {
        footer.to_string()
    };
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

    let frame = Frame::new(title, &footer, BODY);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, frame.size()).into_drawing_area();
        let body = frame.draw(&root, title)?;
        let mut chart = axes(&body)
            .build_cartesian_2d((lo as f64 - step)..(hi as f64 + step), 0.0..top.max(1e-9))
            .map_err(|e| plot_error(&e))?;
        chart
            .configure_mesh()
            .label_style(font(TEXT))
            .axis_desc_style(font(TEXT))
            .x_desc(x_label)
            .x_labels(whole_labels(hi as f64 - lo as f64 + 2.0 * step))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_labels(6)
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
            .label_font(font(TEXT))
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(|e| plot_error(&e))?;
        root.present().map_err(|e| plot_error(&e))?;
    }
    Ok(super::valid_xml(svg))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::axis_labels;

    #[test]
    fn a_narrow_axis_of_whole_numbers_labels_each_number_once() {
        // Rolls used, 1 to 3: the axis runs from 0 to 4.
        let bars = [(1, 0.5), (2, 0.3), (3, 0.2)];
        let svg = bars_svg("rolls\nfooter", "rolls", ("p", &bars), None).unwrap();
        let labels = axis_labels(&svg);
        assert!(!labels.is_empty(), "{svg}");
        let mut seen = labels.clone();
        seen.dedup();
        assert_eq!(seen, labels, "repeated labels");
        assert!(
            labels.iter().all(|l| l.parse::<i64>().is_ok()),
            "{labels:?}"
        );
        // A wide axis still gets about ten labels, not hundreds.
        let wide: Vec<(i64, f64)> = (0..500).map(|v| (v, 0.002)).collect();
        let svg = bars_svg("t\nf", "x", ("p", &wide), None).unwrap();
        assert!((2..=12).contains(&axis_labels(&svg).len()));
        // A far, thin tail is cut, and the axis title says what is left out.
        let tail = [(0, 0.5), (1, 0.4995), (50, 0.0005)];
        let svg = bars_svg("t\nf", "x", ("p", &tail), None).unwrap();
        assert!(
            svg.contains("x not drawn: 0.050% of the mass, above 1"),
            "{svg}"
        );
        let narrow = bars_svg("t\nf", "x", ("p", &bars), None).unwrap();
        assert!(!narrow.contains("not drawn"));
    }
}
