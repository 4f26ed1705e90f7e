//! Small multiples: one panel per series on shared axes, each with a reference series drawn
//! under it in grey, for distributions too many to tell apart as overlapping lines.

use plotters::prelude::*;

use crate::error::{Error, Result};

use super::{PALETTE, whole_labels};

/// Panels side by side in a row.
const COLUMNS: usize = 2;

/// An SVG of one panel per `(name, points)` series, two to a row, on the same x and y ranges so
/// panels compare by eye; `reference` (if any) is drawn in grey in every panel, and the legend
/// line under the title says what it is.
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
    let rows = series.len().div_ceil(COLUMNS).max(1);
    let height = 110 + 210 * rows as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| plot_error(&e))?;
        let (top, rest) = root.split_vertically(60);
        top.draw_text(title, &("sans-serif", 20).into_text_style(&top), (15, 12))
            .map_err(|e| plot_error(&e))?;
        if let Some((name, _)) = reference {
            top.draw(&PathElement::new(
                vec![(15, 45), (35, 45)],
                RGBColor(170, 170, 170).stroke_width(3),
            ))
            .map_err(|e| plot_error(&e))?;
            top.draw_text(
                &format!("{name}, in every panel for comparison"),
                &("sans-serif", 13).into_text_style(&top),
                (42, 38),
            )
            .map_err(|e| plot_error(&e))?;
        }
        let (body, bottom) = rest.split_vertically(rest.dim_in_pixel().1 - 30);
        bottom
            .draw_text(
                footer,
                &("sans-serif", 12).into_text_style(&bottom),
                (15, 8),
            )
            .map_err(|e| plot_error(&e))?;
        let areas = body.split_evenly((rows, COLUMNS));
        for (i, ((name, points), area)) in series.iter().zip(&areas).enumerate() {
            // The palette's last colour is a grey, too close to the reference's.
            let color = PALETTE[i % (PALETTE.len() - 1)];
            let mut chart = ChartBuilder::on(area)
                .caption(name, ("sans-serif", 15))
                .margin(6)
                .x_label_area_size(32)
                .y_label_area_size(48)
                .build_cartesian_2d((x0 - 0.5)..(x1 + 0.5), 0.0..(y1 * 1.08).max(1e-9))
                .map_err(|e| plot_error(&e))?;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .x_desc(x_label)
                .y_desc(y_label)
                .x_labels(whole_labels(x1 - x0 + 1.0))
                .y_labels(4)
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
        // Three panels take two rows.
        assert!(svg.contains("height=\"530\""), "{svg}");
    }
}
