//! Heat maps of a yes/no decision over a grid of states (Sevens' optimal stop-or-roll policy).

use plotters::prelude::*;

use crate::error::{Error, Result};

use super::{
    Frame, HEADING, MARGIN, RIGHT, TEXT, WIDTH, draw_lines, font, line_height, wrap, written,
};

/// One panel of a decision map: its heading and, for each row (bottom first), each column's
/// decision: `Some(true)` to go on, `Some(false)` to stop, `None` where the state cannot occur.
pub type DecisionPanel = (String, Vec<Vec<Option<bool>>>);

/// The height of one row of cells, in pixels.
const ROW: u32 = 24;

/// An SVG heat map of stop/roll decisions, one panel per stage, one under another, rows
/// labelled by `y_label` (values 1, 2, ...) and columns by `x_label` (values `x_from`,
/// `x_from + 1`, ...). A map shows at a glance where the boundary between rolling and stopping
/// lies, which a table of numbers hides.
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
    let inside = f64::from(WIDTH) - 2.0 * f64::from(MARGIN);
    let headings: Vec<Vec<String>> = panels
        .iter()
        .map(|(heading, _)| wrap(heading, HEADING, inside))
        .collect();
    let heading_lines = headings.iter().map(Vec::len).max().unwrap_or(1) as u32;
    let rows = panels.iter().map(|p| p.1.len()).max().unwrap_or(1).max(1) as u32;
    let panel = heading_lines * line_height(HEADING) as u32 + 8 + rows * ROW + 50;
    let legend_height = line_height(TEXT) as u32 + 12;
    let frame = Frame::new(
        title,
        footer,
        legend_height + panel * panels.len().max(1) as u32,
    );
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, frame.size()).into_drawing_area();
        let body = frame.draw(&root, title)?;
        let (top, rest) = body.split_vertically(legend_height);
        // The legend: a swatch before each meaning (the blank one outlined).
        let legend_style = font(TEXT);
        let mut x = MARGIN;
        for (color, meaning) in [
            (Some(go_on), "roll again"),
            (Some(stop), "stop"),
            (None, "cannot happen"),
        ] {
            let swatch = [(x, 2), (x + 14, 16)];
            match color {
                Some(c) => top.draw(&Rectangle::new(swatch, c.filled())),
                None => top.draw(&Rectangle::new(swatch, BLACK.stroke_width(1))),
            }
            .map_err(|e| plot_error(&e))?;
            top.draw_text(meaning, &legend_style, (x + 20, 1))
                .map_err(|e| plot_error(&e))?;
            x += 20 + (meaning.chars().count() as f64 * written(TEXT) * 0.6) as i32 + 18;
        }
        let areas = rest.split_evenly((panels.len().max(1), 1));
        for (((_, rows), heading), area) in panels.iter().zip(&headings).zip(&areas) {
            let (head, map) =
                area.split_vertically(heading_lines * line_height(HEADING) as u32 + 8);
            draw_lines(&head, heading, &font(HEADING), HEADING, (MARGIN, 4))
                .map_err(|e| plot_error(&e))?;
            let cols = rows.iter().map(Vec::len).max().unwrap_or(1);
            let mut chart = ChartBuilder::on(&map)
                .margin(4)
                .margin_right(RIGHT)
                .x_label_area_size(46)
                .y_label_area_size(56)
                .build_cartesian_2d(
                    (f64::from(x_from) - 0.5)..(f64::from(x_from) + cols as f64 - 0.5),
                    0.5..(rows.len() as f64 + 0.5),
                )
                .map_err(|e| plot_error(&e))?;
            chart
                .configure_mesh()
                .label_style(font(TEXT))
                .axis_desc_style(font(TEXT))
                .disable_mesh()
                .x_desc(x_label)
                .y_desc(y_label)
                .x_labels(cols.min(8))
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
