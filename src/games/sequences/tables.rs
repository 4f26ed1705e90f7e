//! `dicelab table sequences|hearts-due`: the exact probability tables of the game.

use crate::cells;
use crate::games::analysis::{Analysis, Chart, DataTable};

use super::exact::{CastDistribution, expected_turns, multi_run_patterns, turns_pmf};
use super::rules::{CASTS, Rules, WipeOnes};

fn wipe_name(w: WipeOnes) -> String {
    match w {
        WipeOnes::Off => "off".to_string(),
        WipeOnes::AtLeast(k) => k.to_string(),
    }
}

/// Builds every table for `rules`, labelled with `game` and the `rules` column text.
pub fn tables(game: &str, rules_text: &str, rules: &Rules) -> Analysis {
    let named = (game, rules_text);
    let mut text = format!("{game} | {rules_text} | exact tables\n\n");
    let (cast_table, cast_chart) = one_cast(named, rules, &mut text);
    let (turns_table, turns_chart) = the_race(named, rules, &mut text);
    let multi = multi_run(named, rules, &mut text);
    Analysis {
        tables: vec![
            cast_table,
            turns_table.read_as_grid("turns", "wipe_ones", &["probability", "cumulative"]),
            multi,
        ],
        charts: vec![cast_chart, turns_chart],
        text,
    }
}

/// One cast: each outcome's points, ways and chance, as a table, a chart and lines of `text`.
fn one_cast(
    (game, rules_text): (&str, &str),
    rules: &Rules,
    text: &mut String,
) -> (DataTable, (String, Chart)) {
    let cast = CastDistribution::new(rules);
    let mut cast_table = DataTable::new(
        "cast_table",
        &["game", "rules", "outcome", "points", "ways", "probability"],
    );
    text.push_str(
        "One cast of six dice (46,656 ordered casts)\n  outcome     points    ways  probability\n",
    );
    for code in 0..=cast.wipe {
        if cast.ways[code] == 0 {
            continue;
        }
        let (outcome, points) = match code {
            0 => ("no score", 0),
            c if c == cast.wipe => ("penalty", 0),
            c => ("scores", c),
        };
        let p = cast.p(code);
        text.push_str(&format!(
            "  {outcome:<9} {points:>7} {:>7}  {p:>11.6}\n",
            cast.ways[code]
        ));
        cast_table.push(cells![
            game,
            rules_text,
            outcome,
            points,
            cast.ways[code],
            p
        ]);
    }
    text.push_str(&format!(
        "  mean points per cast {:.6}; per scoring cast {:.6}; P(no score) {:.6}; P(penalty) {:.6}\n\n",
        cast.mean_points(),
        cast.mean_points_when_scoring(),
        cast.p_no_score(),
        cast.p_penalty()
    ));
    let chart = (
        "cast_table".to_string(),
        Chart::Bars {
            title: format!("{game}: points of one cast, exact\n{rules_text}"),
            x_label: "points".into(),
            bars: ("exact".into(), cast.points_pmf()),
            dots: None,
        },
    );
    (cast_table, chart)
}

/// The race to the target, with the configured penalty and without any: the chance of each
/// number of casts, as a table, a chart and lines of `text`.
fn the_race(
    (game, rules_text): (&str, &str),
    rules: &Rules,
    text: &mut String,
) -> (DataTable, (String, Chart)) {
    let mut variants = vec![rules.wipe_ones];
    if rules.wipe_ones != WipeOnes::Off {
        variants.push(WipeOnes::Off);
    }
    let mut turns_table = DataTable::new(
        "turns_table",
        &[
            "game",
            "rules",
            "wipe_ones",
            "turns",
            "probability",
            "cumulative",
        ],
    );
    let mut pmfs = Vec::new();
    for &wipe in &variants {
        let r = Rules {
            wipe_ones: wipe,
            ..*rules
        };
        let cast = CastDistribution::new(&r);
        let pmf = turns_pmf(&cast, r.target);
        let mean = expected_turns(&cast, r.target);
        let median = pmf
            .iter()
            .scan(0.0, |acc, &(t, p)| {
                *acc += p;
                Some((t, *acc))
            })
            .find(|&(_, c)| c >= 0.5)
            .map_or(0, |(t, _)| t);
        text.push_str(&format!(
            "Casts to reach {} with wipe_ones={}: mean {mean:.4}, median {median}\n",
            r.target,
            wipe_name(wipe)
        ));
        let mut cumulative = 0.0;
        for &(turns, p) in &pmf {
            cumulative += p;
            turns_table.push(cells![
                game,
                rules_text,
                wipe_name(wipe),
                turns,
                p,
                cumulative.min(1.0)
            ]);
        }
        pmfs.push((format!("wipe_ones={}", wipe_name(wipe)), pmf));
    }
    let mut pmfs = pmfs.into_iter();
    let chart = (
        "turns_table".to_string(),
        Chart::Bars {
            title: format!(
                "{game}: casts to reach {}, exact\n{rules_text}",
                rules.target
            ),
            x_label: "casts".into(),
            bars: pmfs.next().expect("the configured rules"),
            dots: pmfs.next(),
        },
    );
    (turns_table, chart)
}

/// The casts that score two or more parts, each split's points, ways and chance, as a table
/// and lines of `text`.
fn multi_run((game, rules_text): (&str, &str), rules: &Rules, text: &mut String) -> DataTable {
    let patterns = multi_run_patterns(rules);
    text.push_str(&format!(
        "\nCasts that score two or more parts: {} distinct splits\n",
        patterns.len()
    ));
    let mut multi = DataTable::new(
        "multi_run_table",
        &["game", "rules", "parts", "points", "ways", "probability"],
    );
    for p in &patterns {
        let parts: Vec<String> = p.parts.iter().map(|x| x.to_string()).collect();
        let parts = parts.join(" + ");
        let prob = p.ways as f64 / CASTS as f64;
        text.push_str(&format!(
            "  {parts:<28} {:>3} points  {:>5} ways  {prob:.6}\n",
            p.points, p.ways
        ));
        multi.push(cells![game, rules_text, parts, p.points, p.ways, prob]);
    }
    multi
}
