//! `dicelab table sequences|hearts-due`: the exact probability tables of the game.

use crate::error::Result;
use crate::plot::bars_svg;
use crate::report::{Tables, csv_bytes, fmt_num};

use super::exact::{CastDistribution, expected_turns, multi_run_patterns, turns_pmf};
use super::rules::{CASTS, Rules, WIPE, WipeOnes};

fn wipe_name(w: WipeOnes) -> String {
    match w {
        WipeOnes::Off => "off".to_string(),
        WipeOnes::AtLeast(k) => k.to_string(),
    }
}

/// Builds every table for `rules`, labelled with `game` and the `rules` column text.
pub fn tables(game: &str, rules_text: &str, rules: &Rules) -> Result<Tables> {
    let cast = CastDistribution::new(rules);
    let mut text = format!("{game} | {rules_text} | exact tables\n\n");

    // One cast.
    let mut rows = Vec::new();
    text.push_str(
        "One cast of six dice (46,656 ordered casts)\n  outcome     points    ways  probability\n",
    );
    for code in 0..=WIPE as usize {
        if cast.ways[code] == 0 {
            continue;
        }
        let (outcome, points) = match code {
            0 => ("no score", 0),
            c if c == WIPE as usize => ("penalty", 0),
            c => ("scores", c),
        };
        let p = cast.p(code);
        text.push_str(&format!(
            "  {outcome:<9} {points:>7} {:>7}  {p:>11.6}\n",
            cast.ways[code]
        ));
        rows.push(vec![
            game.to_string(),
            rules_text.to_string(),
            outcome.to_string(),
            points.to_string(),
            cast.ways[code].to_string(),
            fmt_num(p),
        ]);
    }
    text.push_str(&format!(
        "  mean points per cast {:.6}; per scoring cast {:.6}; P(no score) {:.6}; P(penalty) {:.6}\n\n",
        cast.mean_points(),
        cast.mean_points_when_scoring(),
        cast.p_no_score(),
        cast.p_penalty()
    ));
    let mut files = vec![(
        "cast_table.csv".to_string(),
        csv_bytes(
            &["game", "rules", "outcome", "points", "ways", "probability"],
            rows,
        ),
    )];
    let title = format!("{game}: points of one cast, exact\n{rules_text}");
    let svg = bars_svg(&title, "points", ("exact", &cast.points_pmf()), None)?;
    files.push(("cast_table.svg".to_string(), svg.into_bytes()));

    // The race to the target, with the configured penalty and without any.
    let mut variants = vec![rules.wipe_ones];
    if rules.wipe_ones != WipeOnes::Off {
        variants.push(WipeOnes::Off);
    }
    let mut rows = Vec::new();
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
            rows.push(vec![
                game.to_string(),
                rules_text.to_string(),
                wipe_name(wipe),
                turns.to_string(),
                fmt_num(p),
                fmt_num(cumulative.min(1.0)),
            ]);
        }
        pmfs.push((format!("wipe_ones={}", wipe_name(wipe)), pmf));
    }
    files.push((
        "turns_table.csv".to_string(),
        csv_bytes(
            &[
                "game",
                "rules",
                "wipe_ones",
                "turns",
                "probability",
                "cumulative",
            ],
            rows,
        ),
    ));
    let title = format!(
        "{game}: casts to reach {}, exact\n{rules_text}",
        rules.target
    );
    let line = pmfs.get(1).map(|(l, p)| (l.as_str(), p.as_slice()));
    let svg = bars_svg(&title, "casts", (&pmfs[0].0, &pmfs[0].1), line)?;
    files.push(("turns_table.svg".to_string(), svg.into_bytes()));

    // Multi-run casts.
    let patterns = multi_run_patterns(rules);
    text.push_str(&format!(
        "\nCasts that score two or more parts: {} distinct splits\n",
        patterns.len()
    ));
    let mut rows = Vec::new();
    for p in &patterns {
        let parts: Vec<String> = p.parts.iter().map(|x| x.to_string()).collect();
        let parts = parts.join(" + ");
        let prob = p.ways as f64 / CASTS as f64;
        if patterns.len() <= 12 {
            text.push_str(&format!(
                "  {parts:<28} {:>3} points  {:>5} ways  {prob:.6}\n",
                p.points, p.ways
            ));
        }
        rows.push(vec![
            game.to_string(),
            rules_text.to_string(),
            parts,
            p.points.to_string(),
            p.ways.to_string(),
            fmt_num(prob),
        ]);
    }
    files.push((
        "multi_run_table.csv".to_string(),
        csv_bytes(
            &["game", "rules", "parts", "points", "ways", "probability"],
            rows,
        ),
    ));
    Ok(Tables { files, text })
}
