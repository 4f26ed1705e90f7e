//! A sweep: every combination of the rule values listed, each rule set configured (and so
//! checked) before any run, then each simulated on the same seed, one row per rule set.

use crate::engine::RunConfig;
use crate::error::{Error, Message, Result, Setting};
use crate::games::analysis::Cell;
use crate::games::{Configured, Game};

use super::RunRequest;
use crate::output::manifest::RunAbout;
use crate::report::sweep::{Sweep, SweepRun};

/// Most rule sets one sweep runs: a table and charts a person can read, and work that stays
/// bounded; a larger question is several sweeps.
pub const MAX_RULE_SETS: usize = 64;

/// Each option of a sweep with its values, in the order given.
type Options = Vec<(String, Vec<String>)>;

/// A sweep as a person asks for it.
#[derive(Clone, Debug)]
pub struct SweepRequest {
    /// The game.
    pub game: &'static dyn Game,
    /// The rules as `KEY=V1,V2,...`: a key with two or more values is swept, one with a single
    /// value holds for every rule set.
    pub rules: Vec<String>,
    /// Number of players.
    pub players: u32,
    /// Policy specs, the same for every rule set.
    pub policies: Vec<String>,
}

/// One rule set of a sweep, configured.
struct RuleSet {
    /// The swept keys' values.
    values: Vec<String>,
    /// The same values typed as the rules take them.
    cells: Vec<Cell>,
    /// The configured game.
    game: Box<dyn Configured>,
}

/// A sweep whose every rule set is configured: nothing is left to refuse but the run itself.
pub struct SweepPlan {
    game: String,
    keys: Vec<String>,
    sets: Vec<RuleSet>,
}

/// `KEY=V1,V2,...` read into the key and its values.
fn sweep_values(raw: &str) -> Result<(String, Vec<String>)> {
    let (key, values) = raw.split_once('=').ok_or_else(|| {
        Error::value(
            Setting::RULE,
            raw,
            "expected KEY=V1,V2,..., e.g. wipe_ones=3,4,5,off",
        )
    })?;
    let values: Vec<String> = values.split(',').map(|v| v.trim().to_string()).collect();
    if values.iter().any(String::is_empty) {
        return Err(Error::value(
            Setting::RULE,
            raw,
            "an empty value; list the values separated by commas, e.g. wipe_ones=3,4,5,off",
        ));
    }
    Ok((key.trim().to_string(), values))
}

/// The options of a sweep, each with its values, in the order given; how many rule sets they
/// make, within [`MAX_RULE_SETS`].
fn options(rules: &[String]) -> Result<(Options, usize)> {
    let mut options: Vec<(String, Vec<String>)> = Vec::new();
    for raw in rules {
        let (key, values) = sweep_values(raw)?;
        if options.iter().any(|(k, _)| *k == key) {
            return Err(Error::value(
                Setting::RULE,
                raw,
                Message::from(format!("{key} is given twice; list all its values in one "))
                    .setting(Setting::RULE)
                    .text(", separated by commas"),
            ));
        }
        options.push((key, values));
    }
    let swept: Vec<&(String, Vec<String>)> = options.iter().filter(|(_, v)| v.len() >= 2).collect();
    if swept.is_empty() {
        return Err(Error::input(Message::settings_in(
            "sweep: expected a §rule KEY=V1,V2,... with two or more values, e.g. §rule \
             wipe_ones=3,4,5,off (`dicelab rules GAME` lists the options)",
        )));
    }
    let count = swept
        .iter()
        .try_fold(1usize, |n, (_, v)| n.checked_mul(v.len()))
        .filter(|&n| n <= MAX_RULE_SETS);
    let Some(count) = count else {
        let sizes: Vec<String> = swept.iter().map(|(_, v)| v.len().to_string()).collect();
        return Err(Error::input(format!(
            "sweep: {} rule sets ({}); at most {MAX_RULE_SETS}: list fewer values, or sweep in \
             parts",
            sizes.join(" x "),
            swept
                .iter()
                .map(|(k, _)| k.as_str())
                .collect::<Vec<_>>()
                .join(" x ")
        )));
    };
    Ok((options, count))
}

impl SweepPlan {
    /// Every combination of `request`'s values, the last key varying fastest, each configured:
    /// a bad value, a rule set the game refuses or two values that make the same rules are
    /// refused here, before any run.
    pub fn new(request: &SweepRequest) -> Result<SweepPlan> {
        let (options, count) = options(&request.rules)?;
        let mut sets: Vec<RuleSet> = Vec::with_capacity(count);
        // Each rule set's label and rules column, to name a repeated one.
        let mut seen: Vec<(String, String)> = Vec::with_capacity(count);
        for i in 0..count {
            let mut rest = i;
            let mut picks = vec![0usize; options.len()];
            for (j, (_, values)) in options.iter().enumerate().rev() {
                picks[j] = rest % values.len();
                rest /= values.len();
            }
            let picked: Vec<(&String, &String, bool)> = options
                .iter()
                .zip(&picks)
                .map(|((k, v), &p)| (k, &v[p], v.len() >= 2))
                .collect();
            let rules: Vec<String> = picked.iter().map(|(k, v, _)| format!("{k}={v}")).collect();
            let values: Vec<String> = picked
                .iter()
                .filter(|(_, _, swept)| *swept)
                .map(|(_, v, _)| v.to_string())
                .collect();
            let cells: Vec<Cell> = picked
                .iter()
                .filter(|(_, _, swept)| *swept)
                .map(|(k, v, _)| {
                    let spec = request.game.options().iter().find(|o| o.key == k.as_str());
                    spec.map_or_else(|| Cell::from(*v), |o| o.values.cell(v))
                })
                .collect();
            let label = picked
                .iter()
                .filter(|(_, _, swept)| *swept)
                .map(|(k, v, _)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(" ");
            let game = RunRequest {
                game: request.game,
                rules,
                deck: None,
                players: request.players,
                policies: request.policies.clone(),
            }
            .configure()
            .map_err(|e| e.prefixed(&format!("sweep {label}: ")))?;
            let column = game.setup().rules_column();
            if let Some((earlier, _)) = seen.iter().find(|(_, c)| *c == column) {
                return Err(Error::input(format!(
                    "sweep: {label} and {earlier} are the same rules; list each value once"
                )));
            }
            seen.push((label, column));
            sets.push(RuleSet {
                values,
                cells,
                game,
            });
        }
        Ok(SweepPlan {
            game: request.game.name().to_string(),
            keys: options
                .iter()
                .filter(|(_, v)| v.len() >= 2)
                .map(|(k, _)| k.clone())
                .collect(),
            sets,
        })
    }

    /// How many rule sets the sweep runs.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// Whether the sweep runs no rule set (never, once planned).
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// Runs every rule set on `config` (the same seed for each), in order.
    pub fn run(self, config: &RunConfig) -> Result<Sweep> {
        let mut runs = Vec::with_capacity(self.sets.len());
        for set in self.sets {
            let finished = super::simulate(set.game.as_ref(), config)?;
            runs.push(SweepRun {
                values: set.values,
                cells: set.cells,
                saved: finished.saved,
                exact: finished.exact,
            });
        }
        Ok(Sweep {
            game: self.game,
            keys: self.keys,
            runs,
        })
    }
}

/// What a sweep's report folder's `run.json` says of it, played on `threads` worker threads: the
/// seed and units every rule set shared, and no one rule set's rules.
pub fn sweep_about(sweep: &Sweep, threads: Option<usize>) -> RunAbout {
    RunAbout {
        threads,
        rules: None,
        ..RunAbout::of_saved(&sweep.runs[0].saved, None)
    }
}
