//! The rule texts' claims, checked against exact values and simulation.
//!
//! A claims file (`data/claims.csv`) has one row per claim: the game and rule options it is about,
//! the metric that tests it, how to compare (`about` within a tolerance, `below`, `above`,
//! `equal`), and optionally a baseline game and its rule options, in which case the metric is the
//! ratio of the game's value to the baseline's ("plays in about half the time", "three 1s
//! wiping makes the race longer"). Users add rows and rerun.

mod parse;

pub use parse::parse;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use crate::cells;
use crate::engine::RunConfig;
use crate::error::Result;
use crate::games::analysis::{Cell, DataTable};
use crate::games::{self, Configured, Setup};
use crate::input::{Files, Shipped};
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
pub const BUILT_IN: &str = include_str!("../../data/claims.csv");

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

/// The games a claim can be about, those with an exact value of a run under their default rules,
/// as `a, b or c` in registry order: what an error about a game without them points to.
pub(crate) fn games_with_exact_values() -> String {
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

/// Reads a claims file from disk (`data/claims.csv` with nothing there is the shipped copy).
pub fn load(path: &Path) -> Result<Vec<Claim>> {
    load_with(path, &Files::default())
}

/// [`load`] through `files`, which records the file read.
pub fn load_with(path: &Path, files: &Files) -> Result<Vec<Claim>> {
    let name = path.display().to_string();
    parse(&name, &files.read_text_shipping(&name, path, &DATA)?)
}

/// The single-player setup of a game under `rules`.
pub(crate) fn setup(rules: &[String]) -> Setup {
    Setup {
        rules: rules.to_vec(),
        players: 1,
        policies: Vec::new(),
        files: Files::serving(games::data_files()),
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
#[path = "claims_tests.rs"]
mod tests;
