//! Heat maps of a yes/no decision over a grid of states (Sevens' optimal stop-or-roll policy).

use plotters::prelude::*;

use crate::error::{Error, Result};

/// One panel of a decision map: its heading and, for each row (bottom first), each column's
/// decision: `Some(true)` to go on, `Some(false)` to stop, `None` where the state cannot occur.
pub type DecisionPanel = (String, Vec<Vec<Option<bool>>>);

/// An SVG heat map of stop/roll decisions, one panel per stage, rows labelled by `y_label`
/// (values 1, 2, ...) and columns by `x_label` (values `x_from`, `x_from + 1`, ...). A map shows
/// at a glance where the boundary between rolling and stopping lies, which a table of numbers
/// hides.
pub fn decision_map_svg(
    title: &str,
    (x_label, x_from): (&str, i32),
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
        // The legend: a swatch before each meaning (the blank one outlined).
        let legend_style = ("sans-serif", 13).into_text_style(&top);
        let mut x = 520;
        for (color, meaning, width) in [
            (Some(go_on), "roll again", 95),
            (Some(stop), "stop", 60),
            (None, "cannot happen", 120),
        ] {
            let swatch = [(x, 18), (x + 14, 32)];
            match color {
                Some(c) => top.draw(&Rectangle::new(swatch, c.filled())),
                None => top.draw(&Rectangle::new(swatch, BLACK.stroke_width(1))),
            }
            .map_err(|e| plot_error(&e))?;
            top.draw_text(meaning, &legend_style, (x + 20, 20))
                .map_err(|e| plot_error(&e))?;
            x += width;
        }
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
                .build_cartesian_2d(
                    (f64::from(x_from) - 0.5)..(f64::from(x_from) + cols as f64 - 0.5),
                    0.5..(rows.len() as f64 + 0.5),
                )
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
                        let (x, y) = (f64::from(x_from) + c as f64, r as f64 + 1.0);
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
    Ok(super::valid_xml(svg))
}
