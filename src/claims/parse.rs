//! Reading a claims file: each row checked field by field, then configured, so a bad game,
//! option, metric or baseline is reported with its line before anything runs.

use crate::error::{Error, Result};
use crate::games::options::{RuleOptions, split_rules};
use crate::games::{self, Configured};
use crate::input::{self, Row};
use crate::stats::{MetricId, Subject};

use super::{Check, Claim, HEADER, games_with_exact_values, setup};

/// Reads and checks a claims file; every problem names the file and line.
pub fn parse(name: &str, text: &str) -> Result<Vec<Claim>> {
    let mut claims = Vec::new();
    for row in input::csv_rows_optional(name, text, &HEADER, 1)? {
        let claim = claim_of(&Line { name, row: &row })?;
        claims.push(claim);
    }
    if claims.is_empty() {
        return Err(Error::input(format!("{name}: no claims to check")));
    }
    Ok(claims)
}

/// One row of the file, which every error names.
struct Line<'a> {
    name: &'a str,
    row: &'a Row,
}

impl Line<'_> {
    /// An error on this line.
    fn at(&self, why: String) -> Error {
        self.row.error(self.name, why)
    }

    /// The field in column `i`.
    fn field(&self, i: usize) -> &str {
        &self.row.fields[i]
    }

    /// The number in column `col` (`what` names it).
    fn number(&self, col: usize, what: &str) -> Result<f64> {
        self.field(col)
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| {
                self.at(format!(
                    "{what}: expected a number, found '{}'",
                    self.field(col)
                ))
            })
    }

    /// The game named in column `col`.
    fn game(&self, col: usize) -> Result<&'static str> {
        Ok(games::find(self.field(col))
            .map_err(|e| self.at(e.to_string()))?
            .name())
    }

    /// The rules of column `col` (named `column`) without their `players=1`: claims are checked
    /// on one player's races, so players=1 is the one value it may have, as a report's rules
    /// column writes it.
    fn one_player(&self, column: &str, col: usize) -> Result<Vec<String>> {
        let mut rules = split_rules(self.field(col));
        if let Some(players) = rules.iter().find(|r| r.starts_with("players=")) {
            if players.trim_start_matches("players=").trim() != "1" {
                return Err(self.at(format!(
                    "{column} '{players}': claims are checked on one player's races, so \
                     players may only be 1 (as in a report's rules column: players=1;...)"
                )));
            }
            rules.retain(|r| !r.starts_with("players="));
        }
        Ok(rules)
    }

    /// `rules` of the game `g` as its options read them (column `column`).
    fn options_of(&self, column: &str, g: &'static str, rules: &[String]) -> Result<Vec<String>> {
        let options = games::find(g)?.options();
        RuleOptions::parse_from(&column.into(), g, options, rules)
            .map(|o| o.pairs())
            .map_err(|e| self.at(e.to_string()))
    }
}

/// The claim a line states, every field checked and both sides configured.
fn claim_of(line: &Line) -> Result<Claim> {
    let game = line.game(1)?;
    let check = Check::parse(line.field(4)).ok_or_else(|| {
        line.at(format!(
            "check: expected about, below, above or equal, found '{}'",
            line.field(4)
        ))
    })?;
    let claimed = line.number(5, "claimed")?;
    let tolerance = if check == Check::About {
        let t = line.number(6, "tolerance")?;
        if t < 0.0 {
            return Err(line.at(format!(
                "tolerance: expected 0 or more, found '{}'",
                line.field(6)
            )));
        }
        t
    } else {
        0.0
    };
    let baseline = if line.field(7).is_empty() {
        None
    } else {
        Some(line.game(7)?)
    };
    let rules = line.one_player("rules", 2)?;
    let baseline_rules = line.one_player("baseline_rules", 8)?;
    check_baseline(line, game, &rules, baseline, &baseline_rules)?;
    let claim = Claim {
        text: line.field(0).to_string(),
        game,
        rules,
        metric: MetricId::run(line.field(3)),
        check,
        claimed,
        tolerance,
        baseline,
        baseline_rules,
    };
    // Configure now so a bad option or metric is reported with its line.
    let sides = [
        Some((game, &claim.rules)),
        baseline.map(|b| (b, &claim.baseline_rules)),
    ];
    for (side, pair) in sides.into_iter().enumerate() {
        if let Some((g, rules)) = pair {
            check_side(line, &claim.metric, side == 1, g, rules)?;
        }
    }
    Ok(claim)
}

/// A baseline's rules need a baseline game, and a baseline that is the claim's own game under
/// its own rules is a ratio of 1 whatever the game does.
fn check_baseline(
    line: &Line,
    game: &'static str,
    rules: &[String],
    baseline: Option<&'static str>,
    baseline_rules: &[String],
) -> Result<()> {
    let game_options = line.options_of("rules", game, rules)?;
    match baseline {
        None if !baseline_rules.is_empty() => {
            Err(line
                .at("baseline_rules: given without a baseline_game to play them under".to_string()))
        }
        None => Ok(()),
        Some(base) => {
            let base_options = line.options_of("baseline_rules", base, baseline_rules)?;
            if base == game && base_options == game_options {
                return Err(line.at(format!(
                    "baseline_rules: the baseline is {game} under the same rules as the \
                     claim, so the ratio is 1 whatever the game does; give the claim's rules \
                     to the variant and leave baseline_rules empty for the default game"
                )));
            }
            Ok(())
        }
    }
}

/// One side of a claim (the game, or with `baseline` the baseline) configured under `rules`: it
/// must have an exact value of `metric`, and a baseline's must not be 0.
fn check_side(
    line: &Line,
    metric: &MetricId,
    baseline: bool,
    g: &'static str,
    rules: &[String],
) -> Result<()> {
    let configured = games::configure(g, &setup(rules)).map_err(|e| line.at(e.to_string()))?;
    let value = configured.exact().mean(metric);
    // A ratio to nothing is no number: refused, as a ratio of a game to itself is, rather than
    // judged on an infinite or undefined value.
    if baseline && value == Some(0.0) {
        return Err(line.at(format!(
            "baseline_game: {} is exactly 0 in {g}{}, so the ratio is undefined; claim the \
             variant's own value instead (leave baseline_game empty)",
            metric.name,
            if rules.is_empty() {
                String::new()
            } else {
                format!(" under {}", rules.join(";"))
            }
        )));
    }
    if value.is_none() {
        return Err(line.at(unknown_metric(configured.as_ref(), metric, g)));
    }
    Ok(())
}

/// Why `metric` is no exact value of `g`: the metrics it has, or that it has none.
fn unknown_metric(configured: &dyn Configured, metric: &MetricId, g: &str) -> String {
    let known: Vec<&str> = configured
        .exact()
        .means
        .keys()
        .filter(|id| id.subject == Subject::Run)
        .map(|id| id.name.as_str())
        .collect();
    let expected = if known.is_empty() {
        format!(
            "{g} has no exact values, so no claim about it can be checked; claims can be about {}",
            games_with_exact_values()
        )
    } else {
        format!("expected one of {}", known.join(", "))
    };
    format!(
        "metric: unknown metric '{}' for {g}; {expected}",
        metric.name
    )
}
