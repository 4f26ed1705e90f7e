//! The rule texts' claims, checked against exact values and simulation.
//!
//! A claims file (`data/claims.csv`) has one row per claim: the game and rule options it is about,
//! the metric that tests it, how to compare (`about` within a tolerance, `below`, `above`,
//! `equal`), and optionally a baseline game and its rule options, in which case the metric is the
//! ratio of the game's value to the baseline's ("plays in about half the time", "three 1s
//! wiping makes the race longer"). Users add rows and rerun.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use crate::cells;
use crate::engine::RunConfig;
use crate::error::{Error, Result};
use crate::games::analysis::{Cell, DataTable};
use crate::games::options::{RuleOptions, split_rules};
use crate::games::{self, Configured, Setup};
use crate::input::{self, Files, Shipped};
use crate::report::fmt_short;
use crate::stats::{Estimate, MetricId, Subject, Tally, z95};

/// Columns of a claims file, in order; files written before `baseline_rules` existed leave it
/// out, and their baselines are played under the baseline game's defaults.
pub const HEADER: [&str; 9] = [
    "claim",
    "game",
    "rules",
    "metric",
    "check",
    "claimed",
    "tolerance",
    "baseline_game",
    "baseline_rules",
];

/// The claims file shipped with dicelab, used when `data/claims.csv` is not at hand.
pub const BUILT_IN: &str = include_str!("../data/claims.csv");

/// The claims file dicelab ships: `data/claims.csv` with nothing there reads [`BUILT_IN`].
pub const DATA: [Shipped; 1] = [Shipped {
    path: "data/claims.csv",
    about: "the rule texts' claims that `dicelab claims` checks",
    text: BUILT_IN,
}];

/// How a value is compared with the claimed one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Within `tolerance` of the claimed value.
    About,
    /// Strictly below the claimed value.
    Below,
    /// Strictly above the claimed value.
    Above,
    /// Equal to the claimed value.
    Equal,
}

impl Check {
    fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "about" => Check::About,
            "below" => Check::Below,
            "above" => Check::Above,
            "equal" => Check::Equal,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Check::About => "about",
            Check::Below => "below",
            Check::Above => "above",
            Check::Equal => "equal",
        }
    }

    /// Whether `value` bears out a claim of `claimed` (with `tolerance` for `about`).
    pub fn holds(self, value: f64, claimed: f64, tolerance: f64) -> bool {
        match self {
            Check::About => (value - claimed).abs() <= tolerance,
            Check::Below => value < claimed,
            Check::Above => value > claimed,
            Check::Equal => (value - claimed).abs() <= 1e-9 * claimed.abs().max(1.0),
        }
    }
}

/// One row of a claims file.
#[derive(Clone, Debug)]
pub struct Claim {
    /// The claim in words.
    pub text: String,
    /// The game it is about.
    pub game: &'static str,
    /// Rule option overrides.
    pub rules: Vec<String>,
    /// The metric that tests it (a metric of the whole run).
    pub metric: MetricId,
    /// How to compare.
    pub check: Check,
    /// The claimed value.
    pub claimed: f64,
    /// Allowed distance for `about`.
    pub tolerance: f64,
    /// If set, the metric is the ratio of the game's value to this game's.
    pub baseline: Option<&'static str>,
    /// The baseline's rule option overrides (none: its defaults).
    pub baseline_rules: Vec<String>,
}

impl Claim {
    /// The claim in words on one line, for a terminal or a report's table: a quoted field of the
    /// file may wrap the text over lines, and a line break there reads as a space.
    pub fn words(&self) -> String {
        self.text
            .split('\n')
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Reads and checks a claims file; every problem names the file and line.
pub fn parse(name: &str, text: &str) -> Result<Vec<Claim>> {
    let mut claims = Vec::new();
    for row in input::csv_rows_optional(name, text, &HEADER, 1)? {
        let at = |msg: String| row.error(name, msg);
        let fields: Vec<&str> = row.fields.iter().map(String::as_str).collect();
        let game = games::find(fields[1])
            .map_err(|e| at(e.to_string()))?
            .name();
        let check = Check::parse(fields[4]).ok_or_else(|| {
            at(format!(
                "check: expected about, below, above or equal, found '{}'",
                fields[4]
            ))
        })?;
        let number = |col: usize, what: &str| -> Result<f64> {
            fields[col]
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| {
                    at(format!(
                        "{what}: expected a number, found '{}'",
                        fields[col]
                    ))
                })
        };
        let claimed = number(5, "claimed")?;
        let tolerance = if check == Check::About {
            let t = number(6, "tolerance")?;
            if t < 0.0 {
                return Err(at(format!(
                    "tolerance: expected 0 or more, found '{}'",
                    fields[6]
                )));
            }
            t
        } else {
            0.0
        };
        let baseline = if fields[7].is_empty() {
            None
        } else {
            Some(
                games::find(fields[7])
                    .map_err(|e| at(e.to_string()))?
                    .name(),
            )
        };
        // The rules columns take what a report's rules column holds, players= included: claims
        // are checked on one player's races, so players=1 is the one value it may have.
        let one_player = |column: &str, text: &str| -> Result<Vec<String>> {
            let mut rules = split_rules(text);
            if let Some(players) = rules.iter().find(|r| r.starts_with("players=")) {
                if players.trim_start_matches("players=").trim() != "1" {
                    return Err(at(format!(
                        "{column} '{players}': claims are checked on one player's races, so \
                         players may only be 1 (as in a report's rules column: players=1;...)"
                    )));
                }
                rules.retain(|r| !r.starts_with("players="));
            }
            Ok(rules)
        };
        let rules = one_player("rules", fields[2])?;
        let baseline_rules = one_player("baseline_rules", fields[8])?;
        let options_of = |column: &str, g: &'static str, rules: &[String]| -> Result<Vec<String>> {
            let options = games::find(g)?.options();
            RuleOptions::parse_from(&column.into(), g, options, rules)
                .map(|o| o.pairs())
                .map_err(|e| at(e.to_string()))
        };
        let game_options = options_of("rules", game, &rules)?;
        match baseline {
            None if !baseline_rules.is_empty() => {
                return Err(at(
                    "baseline_rules: given without a baseline_game to play them under".to_string(),
                ));
            }
            None => {}
            Some(base) => {
                let base_options = options_of("baseline_rules", base, &baseline_rules)?;
                // The same game under the same rules is a ratio of 1 whatever the game does:
                // a claim about a variant needs the variant's baseline.
                if base == game && base_options == game_options {
                    return Err(at(format!(
                        "baseline_rules: the baseline is {game} under the same rules as the \
                         claim, so the ratio is 1 whatever the game does; give the claim's rules \
                         to the variant and leave baseline_rules empty for the default game"
                    )));
                }
            }
        }
        let claim = Claim {
            text: fields[0].to_string(),
            game,
            rules,
            metric: MetricId::run(fields[3]),
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
            let Some((g, rules)) = pair else {
                continue;
            };
            let configured = games::configure(g, &setup(rules)).map_err(|e| at(e.to_string()))?;
            let value = configured.exact().mean(&claim.metric);
            // A ratio to nothing is no number: refused, as a ratio of a game to itself is,
            // rather than judged on an infinite or undefined value.
            if side == 1 && value == Some(0.0) {
                return Err(at(format!(
                    "baseline_game: {} is exactly 0 in {g}{}, so the ratio is undefined; claim \
                     the variant's own value instead (leave baseline_game empty)",
                    claim.metric.name,
                    if rules.is_empty() {
                        String::new()
                    } else {
                        format!(" under {}", rules.join(";"))
                    }
                )));
            }
            if value.is_none() {
                let known: Vec<&str> = configured
                    .exact()
                    .means
                    .keys()
                    .filter(|id| id.subject == Subject::Run)
                    .map(|id| id.name.as_str())
                    .collect();
                let expected = if known.is_empty() {
                    format!(
                        "{g} has no exact values, so no claim about it can be checked; claims \
                         can be about {}",
                        games_with_exact_values()
                    )
                } else {
                    format!("expected one of {}", known.join(", "))
                };
                return Err(at(format!(
                    "metric: unknown metric '{}' for {g}; {expected}",
                    claim.metric.name
                )));
            }
        }
        claims.push(claim);
    }
    if claims.is_empty() {
        return Err(Error::input(format!("{name}: no claims to check")));
    }
    Ok(claims)
}

/// The games a claim can be about, those with an exact value of a run under their default rules,
/// as `a, b or c` in registry order: what an error about a game without them points to.
fn games_with_exact_values() -> String {
    let names: Vec<&str> = games::all()
        .into_iter()
        .filter(|g| {
            games::configure_game(*g, &setup(&[]))
                .is_ok_and(|c| c.exact().means.keys().any(|id| id.subject == Subject::Run))
        })
        .map(|g| g.name())
        .collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => "no game".to_string(),
    }
}

/// Reads a claims file from disk.
pub fn load(path: &Path) -> Result<Vec<Claim>> {
    let name = path.display().to_string();
    parse(
        &name,
        &Files::serving(DATA.to_vec()).read_text(&name, path)?,
    )
}

/// The single-player setup of a game under `rules`.
fn setup(rules: &[String]) -> Setup {
    Setup {
        rules: rules.to_vec(),
        players: 1,
        policies: Vec::new(),
        files: Default::default(),
    }
}

/// A checked claim.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The claim.
    pub claim: Claim,
    /// The `rules` column of the game the claim is about.
    pub rules: String,
    /// The `rules` column of the baseline, when there is one.
    pub baseline_rules: Option<String>,
    /// Exact value of the metric (or ratio).
    pub exact: Option<f64>,
    /// Simulated estimate (or ratio), when the metric is simulated.
    pub simulated: Option<Estimate>,
    /// Whether the claim holds, judged on the exact value when there is one.
    pub holds: bool,
    /// "exact" or "simulation": what the verdict rests on.
    pub basis: &'static str,
}

/// Checks every claim: exact values from the solvers, simulated values from one run of `units`
/// races per distinct game and rule set.
pub fn check(
    claims: &[Claim],
    units: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<Vec<Verdict>> {
    type Run = (Arc<dyn Configured>, Tally);
    let mut runs: BTreeMap<(&str, Vec<String>), Run> = BTreeMap::new();
    let mut run_of = |game: &'static str, rules: &[String]| -> Result<Run> {
        let key = (game, rules.to_vec());
        if let Some(found) = runs.get(&key) {
            return Ok(found.clone());
        }
        let configured: Arc<dyn Configured> = games::configure(game, &setup(rules))?.into();
        let mut config = RunConfig::new(units, seed);
        config.threads = threads;
        let tally = configured.simulate(&config)?;
        runs.insert(key, (configured.clone(), tally.clone()));
        Ok((configured, tally))
    };
    let mut verdicts = Vec::new();
    for claim in claims {
        let (game, tally) = run_of(claim.game, &claim.rules)?;
        let exact = game.exact().mean(&claim.metric);
        let mut simulated = tally.get(&claim.metric).map(|m| m.estimate());
        let mut exact_value = exact;
        let mut baseline_rules = None;
        if let Some(base) = claim.baseline {
            let (base_game, base_tally) = run_of(base, &claim.baseline_rules)?;
            baseline_rules = Some(base_game.setup().rules_column());
            exact_value = match (exact, base_game.exact().mean(&claim.metric)) {
                (Some(a), Some(b)) => Some(a / b),
                _ => None,
            };
            simulated = match (
                simulated,
                base_tally.get(&claim.metric).map(|m| m.estimate()),
            ) {
                (Some(a), Some(b)) => ratio(&a, &b),
                _ => None,
            };
        }
        let (holds, basis) = match (exact_value, simulated) {
            (Some(x), _) => (
                claim.check.holds(x, claim.claimed, claim.tolerance),
                "exact",
            ),
            (None, Some(s)) => (
                claim.check.holds(s.mean, claim.claimed, claim.tolerance),
                "simulation",
            ),
            (None, None) => unreachable!("parse() only accepts metrics with an exact value"),
        };
        verdicts.push(Verdict {
            claim: claim.clone(),
            rules: game.setup().rules_column(),
            baseline_rules,
            exact: exact_value,
            simulated,
            holds,
            basis,
        });
    }
    Ok(verdicts)
}

/// The ratio of two independent estimates, with a delta-method interval; `None` when the
/// baseline's mean is 0 (the claim's exact baseline is not, or `parse` refused it, but a small
/// run can still see none). A numerator of 0 has the interval of its own error alone.
fn ratio(a: &Estimate, b: &Estimate) -> Option<Estimate> {
    if b.mean == 0.0 {
        return None;
    }
    let r = a.mean / b.mean;
    let se = if a.mean == 0.0 {
        (a.se / b.mean).abs()
    } else {
        r.abs() * ((a.se / a.mean).powi(2) + (b.se / b.mean).powi(2)).sqrt()
    };
    let z = z95();
    Some(Estimate {
        n: a.n.min(b.n),
        mean: r,
        sd: f64::NAN,
        se,
        ci_low: r - z * se,
        ci_high: r + z * se,
    })
}

/// `claims.csv`: one row per claim with the exact and simulated values and the verdict.
pub fn verdicts_table(verdicts: &[Verdict]) -> DataTable {
    // The claim as the file gives it, then what was found.
    let found = [
        "exact",
        "simulated",
        "ci95_low",
        "ci95_high",
        "n",
        "verdict",
        "basis",
    ];
    let mut table = DataTable::new("claims", &[&HEADER[..], &found[..]].concat());
    for v in verdicts {
        let c = &v.claim;
        let sim = |f: fn(&Estimate) -> f64| v.simulated.map(|s| f(&s));
        let n = v
            .simulated
            .map_or(Cell::Text(String::new()), |s| Cell::from(s.n));
        table.push(cells![
            &c.text,
            c.game.to_string(),
            &v.rules,
            &c.metric.name,
            c.check.name(),
            c.claimed,
            (c.check == Check::About).then_some(c.tolerance),
            c.baseline.map(|b| b.to_string()).unwrap_or_default(),
            v.baseline_rules.clone().unwrap_or_default(),
            v.exact,
            sim(|s| s.mean),
            sim(|s| s.ci_low),
            sim(|s| s.ci_high),
            n,
            if v.holds { "holds" } else { "fails" },
            v.basis,
        ]);
    }
    table
}

/// What a ratio claim divides by, for the terminal: ` / GAME`, and both sides' rules where
/// either has any (a claim about a variant is read against its baseline).
fn ratio_of(c: &Claim) -> String {
    let Some(base) = c.baseline else {
        return String::new();
    };
    if c.rules.is_empty() && c.baseline_rules.is_empty() {
        return format!(" / {base}");
    }
    let under = |rules: &[String]| {
        if rules.is_empty() {
            "defaults".to_string()
        } else {
            rules.join(";")
        }
    };
    format!(
        " ({}) / {base} ({})",
        under(&c.rules),
        under(&c.baseline_rules)
    )
}

/// The verdicts as text for a terminal.
pub fn verdicts_text(verdicts: &[Verdict]) -> String {
    let mut out = String::new();
    for v in verdicts {
        let c = &v.claim;
        let (value, within) = (fmt_short(c.claimed), fmt_short(c.tolerance));
        let claimed = match c.check {
            Check::About => format!("about {value} (within {within})"),
            Check::Below => format!("below {value}"),
            Check::Above => format!("above {value}"),
            Check::Equal => format!("exactly {value}"),
        };
        let exact = v
            .exact
            .map(|x| format!("{x:.4}"))
            .unwrap_or_else(|| "-".into());
        let sim = v
            .simulated
            .map(|s| format!("{:.4} [{:.4}, {:.4}]", s.mean, s.ci_low, s.ci_high))
            .unwrap_or_else(|| "not simulated".into());
        out.push_str(&format!(
            "{:<6} {}\n       {} {}{}: claimed {claimed}; exact {exact}; simulated {sim}\n",
            if v.holds { "HOLDS" } else { "FAILS" },
            c.words(),
            c.game,
            c.metric.name,
            ratio_of(c),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_file_parses() {
        let claims = parse("data/claims.csv", BUILT_IN).unwrap();
        assert_eq!(claims.len(), 8);
        assert_eq!(claims[4].baseline, Some("sequences"));
    }

    #[test]
    fn bad_rows_name_their_line() {
        let head = HEADER.join(",");
        assert!(
            parse("c.csv", "claim,game\n")
                .unwrap_err()
                .to_string()
                .contains("line 1: expected the header")
        );
        assert!(
            parse("c.csv", &format!("{head}\n"))
                .unwrap_err()
                .to_string()
                .contains("no claims")
        );
        let rows = [
            ("x,chess,,p,about,1,1,,", "unknown game 'chess'"),
            ("x,sequences,,p_cast_no_score,roughly,1,1,,", "check"),
            ("x,sequences,,p_cast_no_score,about,half,1,,", "claimed"),
            ("x,sequences,,p_cast_no_score,about,1,,,", "tolerance"),
            ("x,sequences,,nonsense,about,1,1,,", "metric"),
            (
                "x,sequences,wipe_ones=9,p_cast_no_score,about,1,1,,",
                "rule option wipe_ones",
            ),
            ("x,sequences,,p_cast_no_score,about", "expected 9 fields"),
            (
                "x,sequences,players=4,p_cast_no_score,about,1,1,,",
                "rules 'players=4': claims are checked on one player's races, so players may only be 1",
            ),
            (
                "x,sequences,colour=red,p_cast_no_score,about,1,1,,",
                "rules 'colour=red': unknown rule option 'colour' for sequences",
            ),
            (
                "x,sequences,,turns_to_target,about,1,1,,wipe_ones=3",
                "baseline_rules: given without a baseline_game",
            ),
            (
                "x,hearts-due,,turns_to_target,about,1,1,sequences,wipe_ones=9",
                "rule option wipe_ones for sequences: expected a whole number from 1 to 6, or off, found '9'",
            ),
            (
                "x,sequences,players=2,turns_to_target,about,1,1,sequences,",
                "rules 'players=2'",
            ),
            (
                "x,sequences,,turns_to_target,about,1,1,sequences,players=3",
                "baseline_rules 'players=3'",
            ),
            // A ratio of a game to itself under the same rules is 1 whatever the game does.
            (
                "x,sequences,,turns_to_target,about,1,1,sequences,",
                "baseline_rules: the baseline is sequences under the same rules",
            ),
            (
                "x,sequences,wipe_ones=3,turns_to_target,about,1,1,sequences,players=1;wipe_ones=3",
                "baseline_rules: the baseline is sequences under the same rules",
            ),
            // The same rules spelt otherwise: the defaults written out.
            (
                "x,sequences,wipe_ones=4,turns_to_target,about,1,1,sequences,",
                "baseline_rules: the baseline is sequences under the same rules",
            ),
        ];
        for (row, expected) in rows {
            let e = parse("c.csv", &format!("{head}\n{row}\n"))
                .unwrap_err()
                .to_string();
            let expected = format!("c.csv: line 2: {expected}");
            assert!(
                e.starts_with(&expected),
                "{e:?} should start with {expected:?}"
            );
        }
    }

    /// A game with no exact value of a run (7, Solitaire Dice) has no metric a claim can name:
    /// the error says so and names the games that have, rather than an empty list.
    #[test]
    fn a_claim_about_a_game_without_exact_values_names_the_games_that_have_them() {
        let head = HEADER.join(",");
        for row in [
            "x,sieben,,chips,about,1,1,,",
            "x,solitaire-dice,,final_score,about,1,1,,",
            "x,sequences,,turns_to_target,about,1,1,sieben,",
        ] {
            let e = parse("c.csv", &format!("{head}\n{row}\n"))
                .unwrap_err()
                .to_string();
            let game = if row.contains("solitaire") {
                "solitaire-dice"
            } else {
                "sieben"
            };
            assert!(
                e.ends_with(&format!(
                    "for {game}; {game} has no exact values, so no claim about it can be \
                     checked; claims can be about sequences, hearts-due or sevens"
                )),
                "{e}"
            );
        }
        // A game that has them still lists its metrics.
        let e = parse("c.csv", &format!("{head}\nx,sevens,,nope,about,1,1,,\n"))
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with("unknown metric 'nope' for sevens; expected one of p_turn_zero, rolls_used, turn_score"),
            "{e}"
        );
    }

    #[test]
    fn files_without_baseline_rules_still_read_and_their_baselines_play_the_defaults() {
        let head = HEADER[..8].join(",");
        let row = "x,sequences,wipe_ones=3,turns_to_target,about,2,0.2,sequences";
        let claims = parse("c.csv", &format!("{head}\n{row}\n")).unwrap();
        assert_eq!(claims[0].rules, ["wipe_ones=3"]);
        assert_eq!(claims[0].baseline, Some("sequences"));
        assert!(claims[0].baseline_rules.is_empty());
        // A row of nine fields under the old header is one too many.
        let e = parse("c.csv", &format!("{head}\n{row},\n"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2: expected 8 fields"), "{e}");
    }

    #[test]
    fn a_claim_about_a_variant_is_checked_against_the_default_game() {
        // Issue 23's wrong answer: the baseline ran under the claim's rules and the ratio read 1.
        let head = HEADER.join(",");
        let row = "x,sequences,wipe_ones=3,turns_to_target,about,2,0.2,sequences,";
        let claims = parse("c.csv", &format!("{head}\n{row}\n")).unwrap();
        let verdicts = check(&claims, 20_000, 7, Some(1)).unwrap();
        let v = &verdicts[0];
        let exact_of = |rules: &[&str]| {
            let rules: Vec<String> = rules.iter().map(|r| r.to_string()).collect();
            games::configure("sequences", &setup(&rules))
                .unwrap()
                .exact()
                .mean(&MetricId::run("turns_to_target"))
                .unwrap()
        };
        let expected = exact_of(&["wipe_ones=3"]) / exact_of(&[]);
        assert_eq!(v.exact, Some(expected));
        assert!((1.8..2.0).contains(&expected), "{expected}");
        let s = v.simulated.unwrap();
        assert!(
            (s.mean - expected).abs() < 4.0 * s.se,
            "{s:?} vs {expected}"
        );
        assert_eq!(
            v.baseline_rules.as_deref(),
            Some("players=1;wipe_ones=4;target=100;tie=shared")
        );
        // And the other way round: the default game against a variant as its baseline.
        let row = "y,sequences,,turns_to_target,about,0.5,0.1,sequences,wipe_ones=off";
        let claims = parse("c.csv", &format!("{head}\n{row}\n")).unwrap();
        let v = &check(&claims, 1_000, 7, Some(1)).unwrap()[0];
        assert_eq!(v.exact, Some(exact_of(&[]) / exact_of(&["wipe_ones=off"])));
    }

    #[test]
    fn a_reports_rules_column_is_a_claims_rules_column() {
        let head = HEADER.join(",");
        let row = "x,sequences,players=1;wipe_ones=off;target=100;tie=shared,turns_to_target,about,20,4,,";
        let claims = parse("c.csv", &format!("{head}\n{row}\n")).unwrap();
        assert_eq!(
            claims[0].rules,
            ["wipe_ones=off", "target=100", "tie=shared"]
        );
    }

    #[test]
    fn checks_compare_as_named() {
        assert!(Check::About.holds(9.0, 10.0, 1.0));
        assert!(!Check::About.holds(8.9, 10.0, 1.0));
        assert!(Check::Below.holds(9.99, 10.0, 0.0));
        assert!(!Check::Below.holds(10.0, 10.0, 0.0));
        assert!(Check::Above.holds(10.5, 10.0, 0.0));
        assert!(Check::Equal.holds(4.0, 4.0, 0.0));
        assert!(!Check::Equal.holds(5.0, 4.0, 0.0));
    }
}
