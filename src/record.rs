//! What a run was, as data: the setup a game was configured with ([`RunSetup`]), the run around
//! it ([`RunRecord`]: versions, seed, size, shards), and the two with every observation
//! ([`Saved`], the content of `accumulators.json`).
//!
//! Reports, charts and `merge` read these fields; nothing is recovered by parsing a report's
//! strings. `merge` configures the game again from the setup alone; what a shard must hold to
//! be merged, and the merge itself, are in [`crate::merge`].

use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::engine::{RunConfig, STREAM_VERSION};
use crate::error::{Error, Message, Result, Setting};
use crate::input::InputFile;
use crate::stats::{MetricId, Subject, Tally};

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
pub(crate) enum Named<'a> {
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
    pub(crate) fn naming<'a>(&'a self, value: &'a str, split: char) -> Named<'a> {
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
                Message::from(format!(
                    "{}: no {ACCUMULATORS} here; expected the ",
                    dir.display()
                ))
                .setting(Setting::OUT)
                .text(" folder of a simulate run")
            } else {
                format!("{}: cannot read it", path.display()).into()
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
pub(crate) mod tests {
    use super::*;
    use crate::stats::Units;

    /// A small whole run of 7 units in chunks of 4: one mean and one share, each one a unit.
    pub(crate) fn saved() -> Saved {
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
    pub(crate) fn load_sealed(saved: &Saved) -> std::result::Result<Saved, String> {
        load_text(&String::from_utf8(saved.to_json()).unwrap()).map_err(|e| e.to_string())
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
