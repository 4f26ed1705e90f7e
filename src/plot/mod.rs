//! SVG charts, one file per kind of chart; every chart is a white picture [`WIDTH`] pixels wide
//! with its title on top and the rules it was computed under at the bottom.
//!
//! Charts are drawn for the size they are shown at: a page shows a chart at no more than its
//! own width, and a phone's screen (390 CSS pixels, less the page's margins) at about 364, so
//! that [`TEXT`], the smallest text of every chart, reads at 11 CSS pixels or more there and at
//! its own size on a desktop. Long titles, headings and rule lines wrap ([`wrap`]) instead of
//! running off the picture.
//!
//! [`render`] draws the charts games describe as data ([`Chart`]); the report draws the
//! distributions and comparisons of a run with [`distribution_svg`] and [`compare_svg`].

mod bars;
mod compare;
mod decision_map;
mod lines;
mod panels;

#[cfg(test)]
mod charts_tests;

pub use bars::{bars_svg, distribution_svg};
pub use compare::{CompareRow, Scale, compare_svg};
pub use decision_map::decision_map_svg;
pub use lines::{lines_svg, lines_svg_legend};
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

/// Every chart's width in pixels (its `width` and its viewBox's).
pub const WIDTH: u32 = 480;

/// The smallest text of a chart (ticks, legends, notes, the rules line), as plotters is asked
/// for it: its SVG backend writes a size `s` as `s / 1.24` (its estimate of an em), so this is
/// 15.3 pixels in the SVG, which a phone's 364 pixels show at 11.6.
pub const TEXT: u32 = 19;

/// A panel's or a row's heading (16.1 pixels in the SVG).
pub const HEADING: u32 = 20;

/// A chart's title (19.4 pixels in the SVG).
pub const TITLE: u32 = 24;

/// The left margin of every chart, in pixels.
pub(crate) const MARGIN: i32 = 12;

/// The right margin of a chart with an x axis: room for half of a five-character tick label
/// centred on the axis's last tick.
pub(crate) const RIGHT: u32 = 28;

/// Text of `size` (as plotters is asked for it).
pub(crate) fn font(size: u32) -> TextStyle<'static> {
    ("sans-serif", size).into_text_style(&(1u32, 1u32))
}

/// The pixels text of `size` takes in the SVG: the size plotters writes.
pub(crate) fn written(size: u32) -> f64 {
    f64::from(size) / 1.24
}

/// The height of a line of text of `size`.
pub(crate) fn line_height(size: u32) -> i32 {
    (written(size) * 1.3).ceil() as i32
}

/// `text` broken into lines at most `width` pixels wide in text of `size`, measured at 0.6 of
/// the written size a character (about the width of a digit in the common sans-serif fonts, wider
/// than most letters). Lines break at spaces, else after `;`, `,` or `|`; a word longer than a
/// line is cut. Empty text gives no line.
pub fn wrap(text: &str, size: u32, width: f64) -> Vec<String> {
    let fits = ((width / (written(size) * 0.6)).floor() as usize).max(8);
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
            let mut word = word.to_string();
            loop {
                let used = line.chars().count();
                let gap = usize::from(used > 0);
                if used + gap + word.chars().count() <= fits {
                    if gap == 1 {
                        line.push(' ');
                    }
                    line.push_str(&word);
                    break;
                }
                if used > 0 {
                    lines.push(std::mem::take(&mut line));
                    continue;
                }
                // A word longer than a line: cut after the last `;`, `,` or `|` that fits, else
                // at the line's end.
                let chars: Vec<char> = word.chars().collect();
                let cut = chars[..fits]
                    .iter()
                    .rposition(|c| matches!(c, ';' | ',' | '|'))
                    .map_or(fits, |i| i + 1);
                lines.push(chars[..cut].iter().collect());
                word = chars[cut..].iter().collect();
                if word.is_empty() {
                    break;
                }
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

/// Draws `lines` of text of `size` from `(x, y)` down, one line height apart.
pub(crate) fn draw_lines<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    lines: &[String],
    style: &TextStyle,
    size: u32,
    (x, y): (i32, i32),
) -> std::result::Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    for (i, line) in lines.iter().enumerate() {
        area.draw_text(line, style, (x, y + i as i32 * line_height(size)))?;
    }
    Ok(())
}

/// A chart's frame: its title wrapped on top, its rules line (`footer`) wrapped at the bottom,
/// and a body of a given height between them; the picture's height follows from the three.
pub(crate) struct Frame {
    title: Vec<String>,
    footer: Vec<String>,
    body: u32,
}

impl Frame {
    /// The frame of a chart titled `title`, with `footer` under it and a body `body` pixels tall.
    pub(crate) fn new(title: &str, footer: &str, body: u32) -> Self {
        let inside = f64::from(WIDTH) - 2.0 * f64::from(MARGIN);
        Frame {
            title: wrap(title, TITLE, inside),
            footer: wrap(footer, TEXT, inside),
            body,
        }
    }

    fn head(&self) -> u32 {
        (10 + self.title.len() as i32 * line_height(TITLE) + 6) as u32
    }

    fn foot(&self) -> u32 {
        (6 + self.footer.len() as i32 * line_height(TEXT) + 6) as u32
    }

    /// The picture's size.
    pub(crate) fn size(&self) -> (u32, u32) {
        (WIDTH, self.head() + self.body + self.foot())
    }

    /// Fills the picture white, draws the title and the footer, and returns the body's area.
    pub(crate) fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
        name: &str,
    ) -> Result<DrawingArea<DB, plotters::coord::Shift>> {
        let plot_error = |e: &dyn std::fmt::Display| Error::input(format!("plot {name}: {e}"));
        root.fill(&WHITE).map_err(|e| plot_error(&e))?;
        draw_lines(root, &self.title, &font(TITLE), TITLE, (MARGIN, 10))
            .map_err(|e| plot_error(&e))?;
        let (_, rest) = root.split_vertically(self.head());
        let (body, bottom) = rest.split_vertically(self.body);
        draw_lines(&bottom, &self.footer, &font(TEXT), TEXT, (MARGIN, 6))
            .map_err(|e| plot_error(&e))?;
        Ok(body)
    }
}

/// A chart's axes on `body`, with room for tick labels and axis titles in [`TEXT`]-sized type:
/// every bar and line chart looks the same.
pub(crate) fn axes<'a, 'b, DB: DrawingBackend>(
    body: &'a DrawingArea<DB, plotters::coord::Shift>,
) -> ChartBuilder<'a, 'b, DB> {
    let mut chart = ChartBuilder::on(body);
    chart
        .margin(6)
        .margin_right(RIGHT)
        .x_label_area_size(52)
        .y_label_area_size(68);
    chart
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
/// 8, which leaves room for five-character labels on a chart [`WIDTH`] pixels wide.
pub(crate) fn whole_labels(range: f64) -> usize {
    (range.max(0.0).floor() as usize + 1).clamp(2, 8)
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

    #[test]
    fn long_text_wraps_at_spaces_and_rule_separators_within_the_width() {
        let lines = wrap(
            "sevens | players=1;removal=pairs;max_rolls=3;follower_limit=leader",
            TEXT,
            200.0,
        );
        let fits = (200.0 / (written(TEXT) * 0.6)).floor() as usize;
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= fits), "{lines:?}");
        assert_eq!(
            lines.concat().replace(' ', ""),
            "sevens|players=1;removal=pairs;max_rolls=3;follower_limit=leader"
        );
        assert!(lines[1].starts_with("players=1;"), "{lines:?}");
        assert!(wrap("", TEXT, 200.0).is_empty());
        assert_eq!(wrap("a b\nc", TEXT, 200.0), ["a b", "c"]);
    }

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
