//! What a run was, as data: the setup a game was configured with ([`RunSetup`]), the run around
//! it ([`RunRecord`]: versions, seed, size, shards), and the two with every observation
//! ([`Saved`], the content of `accumulators.json`).
//!
//! Reports, charts and `merge` read these fields; nothing is recovered by parsing a report's
//! strings. `merge` configures the game again from the setup alone.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::{RunConfig, STREAM_VERSION};
use crate::error::{Error, Result};
use crate::stats::{MetricId, Subject, Tally};

/// Name of the file holding a run's record and exact accumulators.
pub const ACCUMULATORS: &str = "accumulators.json";

/// How the `policy` column lists the policies of a run with several.
pub const POLICY_SEPARATOR: &str = " | ";

/// A game as configured: everything needed to configure it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSetup {
    /// The game's name.
    pub game: String,
    /// Every rule option as `key=value`, defaults included, in the game's declared order.
    pub rules: Vec<String>,
    /// Number of players (1: a single player, comparing policies where there are several).
    pub players: u32,
    /// The policies as given: the ones compared, or one per seat (one for all seats).
    pub policies: Vec<String>,
}

impl RunSetup {
    /// The `rules` column: the player count, then every rule option.
    pub fn rules_column(&self) -> String {
        std::iter::once(format!("players={}", self.players))
            .chain(self.rules.iter().cloned())
            .collect::<Vec<_>>()
            .join(";")
    }

    /// The `policy` column of metrics about the whole run: the policies as given.
    pub fn policy_column(&self) -> String {
        self.policies.join(POLICY_SEPARATOR)
    }

    /// The distinct policies in the order first given: what [`Subject::Policy`] indexes.
    pub fn distinct_policies(&self) -> Vec<&str> {
        let mut distinct: Vec<&str> = Vec::new();
        for p in &self.policies {
            if !distinct.contains(&p.as_str()) {
                distinct.push(p);
            }
        }
        distinct
    }

    /// The policy (or pair of policies, `A - B`) a subject names, if it names one.
    pub fn label(&self, subject: Subject) -> Option<String> {
        let distinct = self.distinct_policies();
        let name = |i: u32| {
            distinct
                .get(i as usize)
                .map_or_else(|| format!("policy {i}"), |p| p.to_string())
        };
        match subject {
            Subject::Run | Subject::Seat { policy: None, .. } => None,
            Subject::Policy(i)
            | Subject::Seat {
                policy: Some(i), ..
            } => Some(name(i)),
            Subject::Pair(a, b) => Some(format!("{} - {}", name(a), name(b))),
        }
    }

    /// The `policy` column of a metric about `subject`.
    pub fn policy_of(&self, subject: Subject) -> String {
        self.label(subject).unwrap_or_else(|| self.policy_column())
    }

    /// How a metric is named on a terminal and in a claim: its column, with the policy it is
    /// about in brackets (`win_rate [greedy]`).
    pub fn key(&self, id: &MetricId) -> String {
        match self.label(id.subject) {
            Some(label) => format!("{} [{label}]", id.column()),
            None => id.column(),
        }
    }
}

/// A run: the setup, the versions that made it, and which part of which whole it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The game as configured.
    #[serde(flatten)]
    pub setup: RunSetup,
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
}

impl RunRecord {
    /// The record of a run of `setup` as `config` runs it, by this build of dicelab.
    pub fn of(setup: RunSetup, config: &RunConfig) -> Self {
        Self {
            setup,
            tool_version: env!("CARGO_PKG_VERSION").to_string(),
            stream_version: STREAM_VERSION,
            seed: config.seed,
            units: config.units,
            shard_count: config.shard.count,
            shards: vec![config.shard.index],
        }
    }
}

/// A run's record with its accumulators: the content of `accumulators.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// What the run was.
    pub record: RunRecord,
    /// Every observation, exactly.
    pub tally: Tally,
}

impl Saved {
    /// Reads `accumulators.json` from a report folder.
    pub fn load(dir: &Path) -> Result<Self> {
        let path = dir.join(ACCUMULATORS);
        // A file that cannot be read is exit 1 like every input file; one that is not JSON (or not
        // UTF-8) is bad content, exit 2.
        let bytes = fs::read(&path).map_err(|e| {
            let what = if e.kind() == std::io::ErrorKind::NotFound {
                format!(
                    "{}: no {ACCUMULATORS} here; expected the --out folder of a simulate run",
                    dir.display()
                )
            } else {
                format!("{}: cannot read it", path.display())
            };
            Error::Io {
                context: what,
                source: e,
            }
        })?;
        let saved: Saved = serde_json::from_slice(&bytes).map_err(|e| {
            Error::input(format!(
                "{}: not a dicelab accumulator file of this version ({e})",
                path.display()
            ))
        })?;
        saved.check().map_err(|problem| {
            Error::input(format!(
                "{}: not a consistent dicelab accumulator file ({problem})",
                path.display()
            ))
        })?;
        Ok(saved)
    }

    /// The file's content: the record and accumulators as pretty JSON, with a final newline.
    pub fn to_json(&self) -> Vec<u8> {
        let mut json =
            serde_json::to_string_pretty(self).expect("a record and histograms serialize");
        json.push('\n');
        json.into_bytes()
    }

    /// Checks what a hand-edited or damaged file could get wrong: shard numbers and counts.
    fn check(&self) -> std::result::Result<(), String> {
        let r = &self.record;
        if r.shard_count == 0 || r.shards.is_empty() {
            return Err("no shards".to_string());
        }
        let mut seen = Vec::new();
        for &s in &r.shards {
            if s >= r.shard_count || seen.contains(&s) {
                return Err(format!("bad shard {s} of {}", r.shard_count));
            }
            seen.push(s);
        }
        for metric in &self.tally.metrics {
            if metric.histogram.checked_count().is_none() {
                return Err(format!("counts of {} overflow", metric.id.column()));
            }
        }
        Ok(())
    }

    /// Combines shard files of one run. Refuses runs that differ in anything but their shards,
    /// and shards given twice. When every shard is present the result is marked whole, so it is
    /// byte-identical to an unsharded run.
    pub fn merge_all(parts: Vec<(PathBuf, Saved)>) -> Result<Saved> {
        let mut parts = parts.into_iter();
        let (first_dir, mut merged) = parts
            .next()
            .ok_or_else(|| Error::input("merge: expected at least one shard folder"))?;
        for (dir, part) in parts {
            let (a, b) = (&merged.record, &part.record);
            let differ = |what: &str, x: &dyn std::fmt::Display, y: &dyn std::fmt::Display| {
                Error::input(format!(
                    "merge: {} has {what} {y} but {} has {what} {x}; only shards of one run merge",
                    dir.display(),
                    first_dir.display()
                ))
            };
            if a.setup.game != b.setup.game {
                return Err(differ("game", &a.setup.game, &b.setup.game));
            }
            if a.setup.rules_column() != b.setup.rules_column() {
                return Err(differ(
                    "rules",
                    &a.setup.rules_column(),
                    &b.setup.rules_column(),
                ));
            }
            if a.setup.policies != b.setup.policies {
                return Err(differ(
                    "policy",
                    &a.setup.policy_column(),
                    &b.setup.policy_column(),
                ));
            }
            if a.seed != b.seed {
                return Err(differ("seed", &a.seed, &b.seed));
            }
            if a.units != b.units {
                return Err(differ("-n", &a.units, &b.units));
            }
            if a.shard_count != b.shard_count {
                return Err(differ("shard count", &a.shard_count, &b.shard_count));
            }
            if a.stream_version != b.stream_version {
                return Err(differ(
                    "stream version",
                    &a.stream_version,
                    &b.stream_version,
                ));
            }
            if let Some(dup) = b.shards.iter().find(|s| a.shards.contains(s)) {
                return Err(Error::input(format!(
                    "merge: shard {dup}/{} is given twice (again in {})",
                    a.shard_count,
                    dir.display()
                )));
            }
            merged.tally.merge(&part.tally)?;
            merged.record.shards.extend(&part.record.shards);
        }
        merged.record.shards.sort_unstable();
        if merged.record.shards.len() as u32 == merged.record.shard_count {
            merged.record.shard_count = 1;
            merged.record.shards = vec![0];
        }
        Ok(merged)
    }

    /// Whether the file holds the whole run.
    pub fn is_whole(&self) -> bool {
        self.record.shard_count == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(policies: &[&str]) -> RunSetup {
        RunSetup {
            game: "g".into(),
            rules: vec!["a=1".into(), "b=x".into()],
            players: 4,
            policies: policies.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[test]
    fn subjects_are_named_from_the_setup() {
        let s = setup(&["a:1 - 2.csv", "b", "a:1 - 2.csv", "b"]);
        assert_eq!(s.rules_column(), "players=4;a=1;b=x");
        assert_eq!(s.policy_column(), "a:1 - 2.csv | b | a:1 - 2.csv | b");
        assert_eq!(s.distinct_policies(), ["a:1 - 2.csv", "b"]);
        // A policy whose name holds " - " names its pair unambiguously: the pair is read by
        // index, never split back from the string.
        assert_eq!(
            s.label(Subject::Pair(0, 1)).as_deref(),
            Some("a:1 - 2.csv - b")
        );
        assert_eq!(s.policy_of(Subject::Run), s.policy_column());
        let seat = MetricId::new(
            "win_rate",
            Subject::Seat {
                seat: 0,
                policy: Some(1),
            },
        );
        assert_eq!(s.key(&seat), "win_rate_seat_1 [b]");
        assert_eq!(s.key(&MetricId::run("turns")), "turns");
    }
}
