//! What a run was, as data: the setup a game was configured with ([`RunSetup`]), the run around
//! it ([`RunRecord`]: versions, seed, size, shards), and the two with every observation
//! ([`Saved`], the content of `accumulators.json`).
//!
//! Reports, charts and `merge` read these fields; nothing is recovered by parsing a report's
//! strings. `merge` configures the game again from the setup alone.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::engine::{RunConfig, STREAM_VERSION, Shard, shard_run_units};
use crate::error::{Error, Result};
use crate::input::InputFile;
use crate::stats::{MetricId, MetricKind, Subject, Tally, Units};

/// Name of the file holding a run's record and exact accumulators.
pub const ACCUMULATORS: &str = "accumulators.json";

/// How the `policy` column lists the policies of a run with several.
pub const POLICY_SEPARATOR: &str = " | ";

/// A game as configured: everything needed to configure it again.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSetup {
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

/// A rule option or a policy as [`Saved::merge_all`] compares them: a file by its content (with
/// the option's key or the policy's kind), anything else by its text.
enum Named<'a> {
    File(&'a str, &'a InputFile),
    Text(&'a str),
}

impl RunSetup {
    /// The `rules` column: the player count, then every rule option, a file's name followed by
    /// its hash (`deck=d.csv@1f3a9c2e`).
    pub fn rules_column(&self) -> String {
        std::iter::once(format!("players={}", self.players))
            .chain(self.rules.iter().map(|r| match r.split_once('=') {
                Some((key, value)) => format!("{key}={}", self.with_hash(value)),
                None => r.clone(),
            }))
            .collect::<Vec<_>>()
            .join(";")
    }

    /// `name`, followed by `@` and its content's short hash when it names a file the run read.
    fn with_hash(&self, name: &str) -> String {
        match self.inputs.iter().find(|f| f.path == name) {
            Some(f) => format!("{name}@{}", f.short_hash()),
            None => name.to_string(),
        }
    }

    /// What a rule option (`key=value`, `split` `=`) or a policy (`kind:file`, `split` `:`)
    /// names: the file the run read under its value, with what comes before it, or plain text.
    fn naming<'a>(&'a self, value: &'a str, split: char) -> Named<'a> {
        value
            .split_once(split)
            .and_then(|(kind, name)| {
                let file = self.inputs.iter().find(|f| f.path == name)?;
                Some(Named::File(kind, file))
            })
            .unwrap_or(Named::Text(value))
    }

    /// A policy as reports name it: as given, its file (the part after the first `:`, in every
    /// game's specs) followed by the file's short hash (`heuristic:w.csv@1f3a9c2e`).
    pub fn policy_name(&self, policy: &str) -> String {
        match policy.split_once(':') {
            Some((kind, file)) => format!("{kind}:{}", self.with_hash(file)),
            None => policy.to_string(),
        }
    }

    /// The `policy` column of metrics about the whole run: the policies as given (with their
    /// files' hashes).
    pub fn policy_column(&self) -> String {
        self.policies
            .iter()
            .map(|p| self.policy_name(p))
            .collect::<Vec<_>>()
            .join(POLICY_SEPARATOR)
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

    /// The policy (or pair of policies, `A - B`) a subject names, if it names one, with its
    /// files' hashes.
    pub fn label(&self, subject: Subject) -> Option<String> {
        self.label_by(subject, |p| self.policy_name(p))
    }

    /// The policy (or pair) a subject names as given, without hashes: what a file name is made
    /// of, so a chart keeps its name when the file behind a policy is edited.
    pub fn label_as_given(&self, subject: Subject) -> Option<String> {
        self.label_by(subject, str::to_string)
    }

    fn label_by(&self, subject: Subject, named: impl Fn(&str) -> String) -> Option<String> {
        let distinct = self.distinct_policies();
        let name = |i: u32| {
            distinct
                .get(i as usize)
                .map_or_else(|| format!("policy {i}"), |p| named(p))
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

/// `accumulators.json` as written: the run and its accumulators, sealed with a checksum of their
/// content so that `merge` can refuse a file edited by hand or damaged in transit. Borrowed for
/// writing ([`Saved::to_json`]), owned for reading.
#[derive(Serialize, Deserialize)]
struct Sealed<R, T> {
    record: R,
    tally: T,
    /// `sha256:` and the hex SHA-256 of the compact JSON of `record` and `tally` (the canonical
    /// content: the same values always serialize to the same bytes).
    #[serde(default)]
    checksum: Option<String>,
}

impl Saved {
    /// The checksum `accumulators.json` carries for this content.
    fn checksum(&self) -> String {
        let canonical = serde_json::to_vec(&(&self.record, &self.tally))
            .expect("a record and histograms serialize");
        let digest = Sha256::digest(&canonical);
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        format!("sha256:{hex}")
    }

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
        let sealed: Sealed<RunRecord, Tally> = serde_json::from_slice(&bytes).map_err(|e| {
            Error::input(format!(
                "{}: not a dicelab accumulator file of this version ({e})",
                path.display()
            ))
        })?;
        let saved = Saved {
            record: sealed.record,
            tally: sealed.tally,
        };
        match sealed.checksum {
            None => {
                return Err(Error::input(format!(
                    "{}: no checksum, so its counts cannot be trusted (written by hand or by \
                     dicelab before 0.4.0: run the shard again)",
                    path.display()
                )));
            }
            Some(c) if c != saved.checksum() => {
                return Err(Error::input(format!(
                    "{}: its content does not match its checksum: the file was edited or \
                     damaged (run the shard again)",
                    path.display()
                )));
            }
            Some(_) => {}
        }
        saved.check().map_err(|problem| {
            Error::input(format!(
                "{}: not a consistent dicelab accumulator file ({problem})",
                path.display()
            ))
        })?;
        Ok(saved)
    }

    /// The file's content: the record and accumulators as pretty JSON, sealed with their
    /// checksum, with a final newline.
    pub fn to_json(&self) -> Vec<u8> {
        let sealed = Sealed {
            record: &self.record,
            tally: &self.tally,
            checksum: Some(self.checksum()),
        };
        let mut json =
            serde_json::to_string_pretty(&sealed).expect("a record and histograms serialize");
        json.push('\n');
        json.into_bytes()
    }

    /// Checks what a hand-edited or damaged file could get wrong: shard numbers, input files
    /// against their hashes, the units each shard holds against the chunks its index owns, and
    /// counts (per-unit metrics count the units, shares hold only 0 and 1).
    pub fn check(&self) -> std::result::Result<(), String> {
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
        for file in &r.setup.inputs {
            if file.sha256 != crate::input::sha256(file.text.as_bytes()) {
                return Err(format!(
                    "the input file {} does not match its hash",
                    file.path
                ));
            }
        }
        // The units each shard ran follow from -n, the chunk size and its index: a shard whose
        // count differs holds other chunks than its index owns (or lost some), and a per-unit
        // metric whose count differs does not add up to the run's units.
        let Some(units) = self.tally.units else {
            return Err("it does not say how many units it counts".to_string());
        };
        if units.per_chunk == 0 {
            return Err("its chunks hold no units".to_string());
        }
        let mut expected = Units {
            per_chunk: units.per_chunk,
            counted: 0,
            chunk_index_sum: 0,
        };
        let mut overflow = false;
        for &index in &r.shards {
            let shard = Shard {
                index,
                count: r.shard_count,
            };
            let owned = shard_run_units(r.units, units.per_chunk, shard);
            match expected.counted.checked_add(owned.counted) {
                Some(total) => expected.counted = total,
                None => overflow = true,
            }
            expected.chunk_index_sum = expected.chunk_index_sum.wrapping_add(owned.chunk_index_sum);
        }
        let held = || {
            format!(
                "shards {} of 0-{} of a run of {} units in chunks of {}",
                index_ranges(&r.shards),
                r.shard_count - 1,
                r.units,
                units.per_chunk
            )
        };
        if overflow || expected.counted != units.counted {
            return Err(format!(
                "it counts {} units, but {} hold {}",
                units.counted,
                held(),
                if overflow {
                    "more than 2^64".to_string()
                } else {
                    expected.counted.to_string()
                }
            ));
        }
        if expected.chunk_index_sum != units.chunk_index_sum {
            return Err(format!(
                "its chunks are not the ones {} play (the indexes of its chunks add up to {}, \
                 theirs to {}): its counts belong to other shards",
                held(),
                units.chunk_index_sum,
                expected.chunk_index_sum
            ));
        }
        for metric in &self.tally.metrics {
            let Some(count) = metric.histogram.checked_count() else {
                return Err(format!("counts of {} overflow", metric.id.column()));
            };
            if metric.per_unit && count != units.counted {
                return Err(format!(
                    "{} counts {count} observations, one a unit, but the file holds {} units",
                    metric.id.column(),
                    units.counted
                ));
            }
            // A share is a count of 0/1 observations: any other value would give a mean outside
            // its own interval.
            if metric.kind == MetricKind::Proportion
                && let Some((v, _)) = metric.histogram.iter().find(|&(v, _)| v != 0 && v != 1)
            {
                return Err(format!(
                    "{} is a share but holds the value {v}",
                    metric.id.column()
                ));
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
            // Files are matched by what they hold, not what they were called: the same bytes
            // under another name or in another folder make the same run, and the same name
            // holding other bytes does not.
            let files_differ = |fa: &InputFile, fb: &InputFile| {
                let theirs = if fa.path == fb.path {
                    "it".to_string()
                } else {
                    fa.path.clone()
                };
                Error::input(format!(
                    "merge: {} read {} with content {} but {} read {theirs} with content {}; \
                     the files differ, so these are not shards of one run",
                    dir.display(),
                    fb.path,
                    fb.short_hash(),
                    first_dir.display(),
                    fa.short_hash()
                ))
            };
            let rules = matching(&a.setup, &a.setup.rules, &b.setup, &b.setup.rules, '=');
            match rules {
                Err(Some((fa, fb))) => return Err(files_differ(fa, fb)),
                Ok(()) if a.setup.players == b.setup.players => {}
                _ => {
                    return Err(differ(
                        "rules",
                        &a.setup.rules_column(),
                        &b.setup.rules_column(),
                    ));
                }
            }
            match matching(
                &a.setup,
                &a.setup.policies,
                &b.setup,
                &b.setup.policies,
                ':',
            ) {
                Err(Some((fa, fb))) => return Err(files_differ(fa, fb)),
                Err(None) => {
                    return Err(differ(
                        "policy",
                        &a.setup.policy_column(),
                        &b.setup.policy_column(),
                    ));
                }
                Ok(()) => {}
            }
            // Every file read is named by a rule or a policy, so this holds once they match; it
            // is checked anyway, by content, since the report replays the first shard's files.
            for (x, x_dir, y, y_dir) in [
                (&b.setup, &dir, &a.setup, &first_dir),
                (&a.setup, &first_dir, &b.setup, &dir),
            ] {
                let unmatched = |f: &&InputFile| !y.inputs.iter().any(|g| g.sha256 == f.sha256);
                if let Some(f) = x.inputs.iter().find(unmatched) {
                    return Err(Error::input(format!(
                        "merge: {} read the file {} but {} read no file with its content; \
                         only shards of one run merge",
                        x_dir.display(),
                        f.path,
                        y_dir.display()
                    )));
                }
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

    /// The shards of the run this file does not hold, in order (none when whole).
    pub fn missing_shards(&self) -> Vec<u32> {
        if self.is_whole() {
            return Vec::new();
        }
        (0..self.record.shard_count)
            .filter(|k| !self.record.shards.contains(k))
            .collect()
    }

    /// The shards this file holds, as [`index_ranges`] writes them (`0-3,7`).
    pub fn shards_held(&self) -> String {
        index_ranges(&self.record.shards)
    }
}

/// How two shards' rule options (`split` `=`) or policies (`split` `:`), `x` of `a` and `y` of
/// `b`, compare: `Ok` when each pair is the same text, or names files of the same kind holding
/// the same bytes wherever they were found; otherwise the first pair of such files whose bytes
/// differ, if that is what differs.
fn matching<'a>(
    a: &'a RunSetup,
    x: &'a [String],
    b: &'a RunSetup,
    y: &'a [String],
    split: char,
) -> std::result::Result<(), Option<(&'a InputFile, &'a InputFile)>> {
    if x.len() != y.len() {
        return Err(None);
    }
    let mut differ = false;
    for (x, y) in x.iter().zip(y) {
        match (a.naming(x, split), b.naming(y, split)) {
            (Named::File(kx, fx), Named::File(ky, fy)) if kx == ky => {
                if fx.sha256 != fy.sha256 {
                    return Err(Some((fx, fy)));
                }
            }
            (Named::Text(x), Named::Text(y)) if x == y => {}
            _ => differ = true,
        }
    }
    if differ { Err(None) } else { Ok(()) }
}

/// Indexes (sorted, distinct) as a list of runs, `2,5-7`: the form `sbatch --array=` and
/// `deploy/slurm/submit.sh --tasks` take, so a missing shard can be pasted into a resubmission.
pub fn index_ranges(indexes: &[u32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < indexes.len() {
        let start = indexes[i];
        let mut end = start;
        while i + 1 < indexes.len() && indexes[i + 1] == end + 1 {
            end += 1;
            i += 1;
        }
        out.push(if end == start {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    out.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small whole run of 7 units in chunks of 4: one mean and one share, each one a unit.
    fn saved() -> Saved {
        use crate::stats::{Histogram, Metric};
        let mut h = Histogram::new();
        h.add(3, 5);
        h.add(7, 2);
        let mut tally = Tally::new(vec![
            Metric::mean("m", true, h).per_unit(),
            Metric::proportion("p", 2, 7).per_unit(),
        ]);
        // Chunks 0 and 1.
        tally.units = Some(Units {
            per_chunk: 4,
            counted: 7,
            chunk_index_sum: 1,
        });
        Saved {
            record: RunRecord {
                setup: setup(&["a"]),
                tool_version: "0.4.0".into(),
                stream_version: STREAM_VERSION,
                seed: 1,
                units: 7,
                shard_count: 1,
                shards: vec![0],
            },
            tally,
        }
    }

    /// Loads `saved` as dicelab's own writer seals it: only the consistency check can refuse it.
    fn load_sealed(saved: &Saved) -> std::result::Result<Saved, String> {
        load_text(&String::from_utf8(saved.to_json()).unwrap()).map_err(|e| e.to_string())
    }

    #[test]
    fn counts_that_do_not_add_up_to_the_units_are_refused_even_when_sealed() {
        assert_eq!(load_sealed(&saved()).unwrap(), saved());
        // One more observation of a per-unit metric than the file has units.
        let mut bad = saved();
        bad.tally.metrics[0].histogram.add(3, 1);
        let e = load_sealed(&bad).unwrap_err();
        assert!(
            e.ends_with("(m counts 8 observations, one a unit, but the file holds 7 units)"),
            "{e}"
        );
        // A metric that is not one a unit may count anything.
        let mut fine = saved();
        fine.tally.metrics[0].per_unit = false;
        fine.tally.metrics[0].histogram.add(3, 1);
        assert!(load_sealed(&fine).is_ok());
        // Units and counts raised together no longer match -n.
        let mut both = saved();
        for m in &mut both.tally.metrics {
            m.histogram.add(0, 1);
        }
        both.tally.units.as_mut().unwrap().counted = 8;
        let e = load_sealed(&both).unwrap_err();
        assert!(
            e.contains(
                "it counts 8 units, but shards 0 of 0-0 of a run of 7 units in chunks of 4 hold 7"
            ),
            "{e}"
        );
        // No count of units at all, or chunks of none.
        let mut none = saved();
        none.tally.units = None;
        assert!(load_sealed(&none).unwrap_err().contains("how many units"));
        let mut empty = saved();
        empty.tally.units.as_mut().unwrap().per_chunk = 0;
        assert!(
            load_sealed(&empty)
                .unwrap_err()
                .contains("chunks hold no units")
        );
    }

    #[test]
    fn a_shard_must_hold_the_chunks_its_index_owns() {
        use crate::stats::{Histogram, Units};
        // 7 units in chunks of 4, two shards: shard 0 owns the full chunk 0 (4 units), shard 1
        // the last chunk (3). The whole run's counts relabelled as either shard are refused.
        for (index, holds) in [(0u32, 4u64), (1, 3)] {
            let mut shard = saved();
            shard.record.shard_count = 2;
            shard.record.shards = vec![index];
            let e = load_sealed(&shard).unwrap_err();
            assert!(
                e.contains(&format!("it counts 7 units, but shards {index} of 0-1 of a run of 7 units in chunks of 4 hold {holds}")),
                "{e}"
            );
            // With counts of its own chunk it loads.
            shard.tally.units = Some(Units {
                per_chunk: 4,
                counted: holds,
                chunk_index_sum: u64::from(index),
            });
            for m in &mut shard.tally.metrics {
                m.histogram = Histogram::from_dense(0, &[holds]);
            }
            assert!(load_sealed(&shard).is_ok(), "shard {index}");
        }
        // 8 units, two shards of 4: shard 0's counts relabelled as shard 1 count as many units,
        // but not its chunk.
        let mut forged = saved();
        forged.record.units = 8;
        forged.record.shard_count = 2;
        forged.record.shards = vec![1];
        forged.tally.units = Some(Units {
            per_chunk: 4,
            counted: 4,
            chunk_index_sum: 0,
        });
        for m in &mut forged.tally.metrics {
            m.histogram = Histogram::from_dense(0, &[4]);
        }
        let e = load_sealed(&forged).unwrap_err();
        assert!(
            e.contains("its chunks are not the ones shards 1 of 0-1 of a run of 8 units in chunks of 4 play (the indexes of its chunks add up to 0, theirs to 1)"),
            "{e}"
        );
        forged.tally.units.as_mut().unwrap().chunk_index_sum = 1;
        assert!(load_sealed(&forged).is_ok());
    }

    fn load_text(text: &str) -> Result<Saved> {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(ACCUMULATORS), text).unwrap();
        Saved::load(dir.path())
    }

    #[test]
    fn a_file_reads_back_as_written_and_an_edit_is_refused() {
        let json = String::from_utf8(saved().to_json()).unwrap();
        assert!(json.contains("\"checksum\": \"sha256:"), "{json}");
        assert_eq!(load_text(&json).unwrap(), saved());
        // One count changed by hand: the checksum no longer matches.
        let edited = json.replacen("\"3\": 5", "\"3\": 6", 1);
        assert_ne!(edited, json);
        let e = load_text(&edited).unwrap_err().to_string();
        assert!(e.ends_with("its content does not match its checksum: the file was edited or damaged (run the shard again)"), "{e}");
        // No checksum at all (a file by hand, or from before 0.4.0).
        let bare = serde_json::to_string(&serde_json::json!({
            "record": saved().record, "tally": saved().tally
        }))
        .unwrap();
        let e = load_text(&bare).unwrap_err().to_string();
        assert!(e.contains("no checksum"), "{e}");
    }

    #[test]
    fn a_share_holding_anything_but_0_and_1_is_refused_even_when_sealed() {
        // Seven observations, as many as the units, but one of them a 2.
        let mut bad = saved();
        let mut h = crate::stats::Histogram::new();
        h.add(0, 4);
        h.add(1, 2);
        h.add(2, 1);
        bad.tally.metrics[1].histogram = h;
        // Sealed by dicelab's own writer, so only the consistency check can catch it.
        let e = load_text(&String::from_utf8(bad.to_json()).unwrap())
            .unwrap_err()
            .to_string();
        assert!(e.contains("p is a share but holds the value 2"), "{e}");
    }

    #[test]
    fn an_input_file_whose_text_does_not_match_its_hash_is_refused_even_when_sealed() {
        let mut good = saved();
        good.record.setup.inputs = vec![InputFile::new("w.csv", "weight,value\n")];
        let json = String::from_utf8(good.to_json()).unwrap();
        assert_eq!(load_text(&json).unwrap(), good);
        let mut bad = good.clone();
        bad.record.setup.inputs[0].text.push_str("open_sum,1\n");
        let e = load_text(&String::from_utf8(bad.to_json()).unwrap())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the input file w.csv does not match its hash"),
            "{e}"
        );
    }

    #[test]
    fn files_are_named_with_their_hash_in_the_columns_but_not_in_file_names() {
        let mut s = setup(&["heuristic:w.csv", "greedy"]);
        s.rules.push("deck=d.csv".into());
        s.inputs = vec![InputFile::new("w.csv", "x"), InputFile::new("d.csv", "y")];
        let (w, d) = (s.inputs[0].short_hash(), s.inputs[1].short_hash());
        assert_eq!(w.len(), 8);
        assert_eq!(
            s.rules_column(),
            format!("players=4;a=1;b=x;deck=d.csv@{d}")
        );
        assert_eq!(s.policy_column(), format!("heuristic:w.csv@{w} | greedy"));
        assert_eq!(
            s.label(Subject::Pair(0, 1)),
            Some(format!("heuristic:w.csv@{w} - greedy"))
        );
        assert_eq!(
            s.label_as_given(Subject::Pair(0, 1)).as_deref(),
            Some("heuristic:w.csv - greedy")
        );
    }

    #[test]
    fn indexes_read_as_runs_sbatch_takes() {
        assert_eq!(index_ranges(&[]), "");
        assert_eq!(index_ranges(&[3]), "3");
        assert_eq!(index_ranges(&[0, 1, 2, 3]), "0-3");
        assert_eq!(index_ranges(&[2, 5, 6, 7, 9]), "2,5-7,9");
        assert_eq!(index_ranges(&[0, 2, 4]), "0,2,4");
    }

    fn setup(policies: &[&str]) -> RunSetup {
        RunSetup {
            game: "g".into(),
            rules: vec!["a=1".into(), "b=x".into()],
            players: 4,
            policies: policies.iter().map(|p| p.to_string()).collect(),
            inputs: Vec::new(),
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
