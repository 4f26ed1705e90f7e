//! Small multiples: one panel per series on shared axes, each with a reference series drawn
//! under it in grey, for distributions too many to tell apart as overlapping lines.

use plotters::prelude::*;

use crate::error::{Error, Result};

use super::{
    Frame, HEADING, MARGIN, PALETTE, RIGHT, TEXT, WIDTH, draw_lines, font, line_height,
    whole_labels, wrap,
};

/// The height of one panel: its heading, plot and axes. Panels stack one under another, the
/// whole width of the chart: side by side, each would be too narrow to read on a phone.
const PANEL: u32 = 200;

/// An SVG of one panel per `(name, points)` series, one under another, on the same x and y
/// ranges so panels compare by eye; `reference` (if any) is drawn in grey in every panel, and the
/// legend under the title says what it is.
pub fn panels_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    reference: Option<&(String, Vec<(f64, f64)>)>,
    series: &[(String, Vec<(f64, f64)>)],
) -> Result<String> {
    let (title, footer) = title.split_once('\n').unwrap_or((title, ""));
    let plot_error = |e: &dyn std::fmt::Display| Error::input(format!("plot {title}: {e}"));
    let all = series
        .iter()
        .chain(reference)
        .flat_map(|s| s.1.iter().copied());
    let (mut x0, mut x1, mut y1) = (f64::INFINITY, f64::NEG_INFINITY, 0.0f64);
    for (x, y) in all {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    if !x0.is_finite() {
        (x0, x1) = (0.0, 1.0);
    }
    let legend = reference.map_or_else(Vec::new, |(name, _)| {
        wrap(
            &format!("{name}, in every panel for comparison"),
            TEXT,
            f64::from(WIDTH) - 2.0 * f64::from(MARGIN) - 28.0,
        )
    });
    let legend_height = legend.len() as u32 * line_height(TEXT) as u32 + 6;
    let panels = series.len().max(1) as u32;
    let frame = Frame::new(title, footer, legend_height + PANEL * panels);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, frame.size()).into_drawing_area();
        let body = frame.draw(&root, title)?;
        let (top, rest) = body.split_vertically(legend_height);
        if !legend.is_empty() {
            let y = line_height(TEXT) / 2;
            top.draw(&PathElement::new(
                vec![(MARGIN, y), (MARGIN + 20, y)],
                RGBColor(170, 170, 170).stroke_width(3),
            ))
            .map_err(|e| plot_error(&e))?;
            draw_lines(&top, &legend, &font(TEXT), TEXT, (MARGIN + 28, 0))
                .map_err(|e| plot_error(&e))?;
        }
        let areas = rest.split_evenly((series.len().max(1), 1));
        for (i, ((name, points), area)) in series.iter().zip(&areas).enumerate() {
            // The palette's last colour is a grey, too close to the reference's.
            let color = PALETTE[i % (PALETTE.len() - 1)];
            let mut chart = ChartBuilder::on(area)
                .caption(name, font(HEADING))
                .margin(4)
                .margin_right(RIGHT)
                .x_label_area_size(46)
                .y_label_area_size(68)
                .build_cartesian_2d((x0 - 0.5)..(x1 + 0.5), 0.0..(y1 * 1.08).max(1e-9))
                .map_err(|e| plot_error(&e))?;
            chart
                .configure_mesh()
                .label_style(font(TEXT))
                .axis_desc_style(font(TEXT))
                .disable_x_mesh()
                .x_desc(x_label)
                .y_desc(y_label)
                .x_labels(whole_labels(x1 - x0 + 1.0))
                .y_labels(3)
                .x_label_formatter(&|x| format!("{x:.0}"))
                .draw()
                .map_err(|e| plot_error(&e))?;
            if let Some((_, reference)) = reference {
                chart
                    .draw_series(LineSeries::new(
                        reference.iter().copied(),
                        RGBColor(170, 170, 170).stroke_width(3),
                    ))
                    .map_err(|e| plot_error(&e))?;
            }
            chart
                .draw_series(LineSeries::new(
                    points.iter().copied(),
                    color.stroke_width(2),
                ))
                .map_err(|e| plot_error(&e))?;
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 2, color.filled())))
                .map_err(|e| plot_error(&e))?;
        }
        root.present().map_err(|e| plot_error(&e))?;
    }
    Ok(super::valid_xml(svg))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_series_gets_a_panel_and_the_reference_is_named() {
        let line = |name: &str, k: f64| (name.to_string(), vec![(0.0, k), (1.0, 1.0 - k)]);
        let series = [line("a", 0.1), line("b", 0.5), line("c", 0.9)];
        let svg = panels_svg("t\nrules", "x", "p", Some(&line("best", 0.3)), &series).unwrap();
        for name in ["a", "b", "c"] {
            assert!(
                svg.contains(&format!(">\n{name}\n</text>")),
                "{name}\n{svg}"
            );
        }
        assert!(svg.contains("best, in every panel for comparison"), "{svg}");
        // Three panels, one under another, each as wide as the chart.
        let three = svg.matches("<text").count();
        let two = panels_svg("t\nrules", "x", "p", None, &series[..2]).unwrap();
        assert!(two.matches("<text").count() < three);
        assert!(svg.starts_with("<svg width=\"480\""), "{svg}");
    }
}
