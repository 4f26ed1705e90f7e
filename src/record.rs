//! What a run was, as data: the setup a game was configured with ([`SetupRecord`]) and the run
//! around it ([`RunRecord`]: versions, seed, size, shards).
//!
//! Reports, charts and `merge` read these fields; nothing is recovered by parsing a report's
//! strings. `merge` configures the game again from the setup alone. The record with every
//! observation is [`Saved`], the content of `accumulators.json` (kept in `saved.rs`); how a
//! setup reads in a report's columns is in [`crate::report::columns`].

use serde::{Deserialize, Serialize};

pub use crate::saved::{ACCUMULATORS, Saved};

use crate::engine::{RunConfig, STREAM_VERSION};
use crate::input::InputFile;
use crate::stats::{ConfidenceSequence, Estimate, Metric, z95};

/// The chance that an interval a run reports misses: every interval is at 95%.
pub const ALPHA: f64 = 0.05;

/// A game as configured: everything needed to configure it again.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupRecord {
    /// The game's name.
    pub game: String,
    /// Every rule option as `key=value`, defaults included, in the game's declared order.
    pub rules: Vec<String>,
    /// Number of players (1: a single player, comparing policies where there are several).
    pub players: u32,
    /// The policies as given: the ones compared, or one per seat (one for all seats).
    pub policies: Vec<String>,
    /// Every file the configuration read (policy tables, weights, decks), with its content, so
    /// the run is identified by what it read and can be configured again without the files.
    /// Absent from the record of a run that read none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<InputFile>,
}

impl SetupRecord {
    /// The distinct policies in the order first given: what
    /// [`Subject::Policy`](crate::stats::Subject::Policy) indexes.
    pub fn distinct_policies(&self) -> Vec<&str> {
        let mut distinct: Vec<&str> = Vec::new();
        for p in &self.policies {
            if !distinct.contains(&p.as_str()) {
                distinct.push(p);
            }
        }
        distinct
    }
}

/// A run: the setup, the versions that made it, and which part of which whole it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The game as configured.
    #[serde(flatten)]
    pub setup: SetupRecord,
    /// dicelab version that wrote the record.
    pub tool_version: String,
    /// The stream version ([`crate::engine::STREAM_VERSION`]): runs merge only when their chance
    /// was drawn the same way.
    pub stream_version: u32,
    /// Seed of the run.
    pub seed: u64,
    /// Units of the whole run (all shards).
    pub units: u64,
    /// Number of shards the run was split into (1 once complete).
    pub shard_count: u32,
    /// Which shards this record holds.
    pub shards: Vec<u32>,
    /// How a run that stopped on its own figures stopped (`compare --decide`, `--precision`):
    /// its intervals are then confidence sequences. Absent from a run of a fixed size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sequential: Option<Sequential>,
}

/// A run that looked at its figures as it went and stopped when they answered it: what it
/// asked, its budget, and where it stopped (the record's `units`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sequential {
    /// What it ran until: `decide` (the sign of every paired difference against the best
    /// known) or `precision` (every paired difference's interval at most `precision` either
    /// side).
    pub until: String,
    /// `--precision`'s width either side, as given, for a run until `precision`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precision: Option<String>,
    /// The most units it could run: `-n`.
    pub budget: u64,
    /// The size its confidence sequences are tuned for (their first look), which with the
    /// units decides every interval's width.
    pub tuned_for: u64,
    /// The units at each look, the last where it stopped.
    pub looks: Vec<u64>,
    /// Whether it stopped because it knew (else the budget ran out first).
    pub answered: bool,
}

impl RunRecord {
    /// The estimate of `metric` as this run reports it: a fixed 95% interval, or for a run that
    /// stopped on its own figures a 95% confidence sequence's, which holds wherever it stopped.
    pub fn estimate(&self, metric: &Metric) -> Estimate {
        metric.estimate_at(self.z(metric.histogram.count()))
    }

    /// How many standard errors either side of a mean of `n` observations this run's 95%
    /// intervals reach: 1.96, or a confidence sequence's multiplier for a run that stopped on
    /// its own figures.
    pub fn z(&self, n: u64) -> f64 {
        self.sequence(ALPHA).map_or_else(z95, |cs| cs.z(n))
    }

    /// The confidence sequence of level `1 - alpha` this run's intervals follow, for a run that
    /// stopped on its own figures; `None` for a run of a fixed size.
    pub fn sequence(&self, alpha: f64) -> Option<ConfidenceSequence> {
        self.sequential
            .as_ref()
            .map(|s| ConfidenceSequence::tuned(s.tuned_for, alpha))
    }

    /// The record of a run of `setup` as `config` runs it, by this build of dicelab.
    pub fn of(setup: SetupRecord, config: &RunConfig) -> Self {
        Self {
            setup,
            tool_version: env!("CARGO_PKG_VERSION").to_string(),
            stream_version: STREAM_VERSION,
            seed: config.seed,
            units: config.units,
            shard_count: config.shard.count,
            shards: vec![config.shard.index],
            sequential: None,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A setup of the game `g` with two rule options, four players and `policies`.
    pub(crate) fn setup(policies: &[&str]) -> SetupRecord {
        SetupRecord {
            game: "g".into(),
            rules: vec!["a=1".into(), "b=x".into()],
            players: 4,
            policies: policies.iter().map(|p| p.to_string()).collect(),
            inputs: Vec::new(),
        }
    }

    #[test]
    fn distinct_policies_keep_the_order_first_given() {
        let s = setup(&["a:1 - 2.csv", "b", "a:1 - 2.csv", "b", "c"]);
        assert_eq!(s.distinct_policies(), ["a:1 - 2.csv", "b", "c"]);
    }
}
