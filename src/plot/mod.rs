//! SVG charts, one file per kind of chart; every chart is a white 900-pixel-wide picture with its
//! title on top and the rules it was computed under in small type at the bottom.
//!
//! [`render`] draws the charts games describe as data ([`Chart`]); the report draws the
//! distributions and comparisons of a run with [`distribution_svg`] and [`compare_svg`].

mod bars;
mod compare;
mod decision_map;
mod lines;
mod panels;

pub use bars::{bars_svg, distribution_svg};
pub use compare::{CompareRow, Scale, compare_svg};
pub use decision_map::decision_map_svg;
pub use lines::lines_svg;
pub use panels::panels_svg;

use plotters::prelude::*;

use crate::error::{Error, Result};
use crate::games::analysis::Chart;

/// The SVG of a chart a game described.
pub fn render(chart: &Chart) -> Result<String> {
    match chart {
        Chart::Bars {
            title,
            x_label,
            bars,
            dots,
        } => bars_svg(
            title,
            x_label,
            (&bars.0, &bars.1),
            dots.as_ref().map(|(l, d)| (l.as_str(), d.as_slice())),
        ),
        Chart::Lines {
            title,
            x_label,
            y_label,
            series,
        } => lines_svg(title, x_label, y_label, series),
        Chart::Panels {
            title,
            x_label,
            y_label,
            reference,
            series,
        } => panels_svg(title, x_label, y_label, reference.as_ref(), series),
        Chart::DecisionMap {
            title,
            x_label,
            x_from,
            y_label,
            panels,
        } => decision_map_svg(title, (x_label, *x_from), y_label, panels),
    }
}

/// `svg` as XML 1.0 takes it. plotters escapes `&`, `<`, `>` and quotes in text, but writes a
/// control character as it is, and XML forbids most of them even as a reference: a title,
/// label or footer quoting a file name that holds one would make the chart unreadable. Each is
/// written escaped, as the terminal shows it (`\u{1b}`); plotters' own output holds no control
/// character but line feeds, which are kept.
pub(crate) fn valid_xml(svg: String) -> String {
    let bad = |c: char| (c.is_control() && c != '\n') || matches!(c, '\u{fffe}' | '\u{ffff}');
    if !svg.contains(bad) {
        return svg;
    }
    let mut out = String::with_capacity(svg.len());
    for c in svg.chars() {
        if bad(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A white 900x520 chart with its title, the rules line under it (`footer`) and room for axis
/// labels, ready for its coordinates: every bar and line chart looks the same.
pub(crate) fn chart_frame<'a, 'b>(
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
pub(crate) const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// How many labels to ask of an x axis of whole numbers spanning `range`: plotters puts its
/// labels a "nice" step apart, and asking for more labels than there are whole numbers in the
/// range makes that step a fraction, which a whole-number label repeats (`0 0 1 2 2`). At most
/// 12, about what plotters picks by itself on a wide axis.
pub(crate) fn whole_labels(range: f64) -> usize {
    (range.max(0.0).floor() as usize + 1).clamp(2, 12)
}

/// The x-axis labels of an SVG chart, left to right: the texts on the one line of the chart that
/// holds the most of them (plotters writes each text's content on a line of its own); for tests.
#[cfg(test)]
pub(crate) fn axis_labels(svg: &str) -> Vec<String> {
    let mut by_line: std::collections::BTreeMap<String, Vec<(f64, String)>> = Default::default();
    for t in svg.split("<text ").skip(1) {
        let attr = |name: &str| {
            t.split(&format!("{name}=\""))
                .nth(1)?
                .split('"')
                .next()
                .map(str::to_string)
        };
        let (Some(x), Some(y)) = (attr("x"), attr("y")) else {
            continue;
        };
        let text = t
            .split('>')
            .nth(1)
            .unwrap_or("")
            .split('<')
            .next()
            .unwrap_or("");
        let x: f64 = x.parse().unwrap_or(0.0);
        by_line
            .entry(y)
            .or_default()
            .push((x, text.trim().to_string()));
    }
    let mut labels = by_line
        .into_values()
        .max_by_key(|v| v.len())
        .unwrap_or_default();
    labels.sort_by(|a, b| a.0.total_cmp(&b.0));
    labels.into_iter().map(|(_, t)| t).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A title holding control characters and XML's own `<&>` gives an SVG whose characters XML
    /// takes: the control characters escaped as the terminal shows them, the rest as entities.
    #[test]
    fn a_title_with_control_characters_gives_valid_xml() {
        let series = [("s".to_string(), vec![(0.0, 0.0), (1.0, 1.0)])];
        let svg = lines_svg("w\u{1}\u{1b}\t<&>", "x", "y", &series).unwrap();
        assert!(!svg.chars().any(|c| c.is_control() && c != '\n'), "{svg}");
        assert!(svg.contains("w\\u{1}\\u{1b}\\t&lt;&amp;&gt;"), "{svg}");
        // A chart without them is left as plotters drew it.
        let plain = "<svg>\n<text>a &amp; b</text>\n</svg>\n".to_string();
        assert_eq!(valid_xml(plain.clone()), plain);
    }
}
