//! Every kind of chart, drawn for its width: the tests that hold the size of a chart's text.

use super::*;

/// The smallest font size an SVG writes, and its width.
fn smallest_text(svg: &str) -> (f64, &str) {
    let smallest = svg
        .split("font-size=\"")
        .skip(1)
        .filter_map(|t| t.split('"').next()?.parse::<f64>().ok())
        .fold(f64::INFINITY, f64::min);
    let width = svg
        .split("width=\"")
        .nth(1)
        .and_then(|t| t.split('"').next())
        .unwrap_or("");
    (smallest, width)
}

/// Every kind of chart is WIDTH pixels wide and writes no text smaller than TEXT, whatever
/// its titles, labels and footers: what keeps its text readable where a page shows it at
/// a phone's width.
#[test]
fn every_kind_of_chart_is_drawn_for_its_width_with_readable_text() {
    let long = "players=4;removal=pairs;max_rolls=3;follower_limit=leader;rounds=10;\
                first_player=rotate;tie=playoff | 1000000 units | seed 1";
    let title = format!("A title long enough to need two lines of the chart's width\n{long}");
    let points = vec![(0.0, 0.1), (10.0, 0.3), (20.0, 0.2)];
    let series = [
        ("optimal (every round)".to_string(), points.clone()),
        ("b".to_string(), points.clone()),
    ];
    let row = |label: &str| CompareRow {
        label: label.to_string(),
        mean: 1.0,
        interval: (0.9, 1.1),
        quantiles: Some([0.0, 0.5, 1.0, 1.5, 2.0]),
        note: "mean 1.000 [0.900, 1.100]  sd 0.500  median 1  n = 100000000".to_string(),
    };
    let map = vec![vec![Some(true), Some(false), None]; 6];
    let bars: Vec<(i64, f64)> = (0..90).map(|v| (v * 25 - 1300, 1.0 / 90.0)).collect();
    let charts = [
        bars_svg(
            &title,
            "final_score",
            ("simulated", &bars),
            Some(("exact", &bars)),
        ),
        lines_svg(&title, "x", "y", &series),
        panels_svg(&title, "x", "y", Some(&series[0]), &series),
        decision_map_svg(
            &title,
            ("kept sum", 0),
            "dice",
            &[(
                "after roll 1 of 3, 4 dice kept showing 17 (optimal stops)".to_string(),
                map,
            )],
        ),
        compare_svg(
            &title,
            "x",
            &[row("optimal - threshold:15,10"), row(&"x".repeat(60))],
            Scale::Plain,
        ),
        compare_svg(
            &title,
            "x",
            &[row("seat 1"), row("seat 2")],
            Scale::Share { fair: Some(0.5) },
        ),
    ];
    for svg in charts {
        let svg = svg.unwrap();
        let (smallest, width) = smallest_text(&svg);
        assert_eq!(width, WIDTH.to_string(), "{svg}");
        assert!(smallest >= written(TEXT) - 1e-9, "{smallest}\n{svg}");
        assert!(written(TEXT) >= 15.0);
    }
}
