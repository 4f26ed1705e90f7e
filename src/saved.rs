//! `accumulators.json`: a run's record with every observation ([`Saved`]), sealed with a
//! checksum of its content so that `merge` can refuse a file edited by hand or damaged in
//! transit.
//!
//! What a shard file must hold to be trusted ([`Saved::check`]) and the merge of shards
//! ([`Saved::merge_all`]) are in `src/merge.rs`.

use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{Error, Message, Result, Setting};
use crate::record::RunRecord;
use crate::stats::Tally;

/// Name of the file holding a run's record and exact accumulators.
pub const ACCUMULATORS: &str = "accumulators.json";

/// A run's record with its accumulators: the content of `accumulators.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// What the run was.
    pub record: RunRecord,
    /// Every observation, exactly.
    pub tally: Tally,
    /// A shard of a run that stops on its own figures (`compare --decide --shard`): its counts
    /// in each stretch between the run's looks, to the budget, so that `merge` can replay the
    /// stopping rule on every shard's counts at each look and stop where one process would
    /// have. Empty for every other run, and then absent from the file.
    pub looks: Vec<Tally>,
}

/// `accumulators.json` as written: the run and its accumulators, sealed with a checksum of their
/// content so that `merge` can refuse a file edited by hand or damaged in transit. Borrowed for
/// writing ([`Saved::to_json`]), owned for reading.
#[derive(Serialize, Deserialize)]
struct Sealed<R, T, L> {
    record: R,
    tally: T,
    /// [`Saved::looks`], written only where there are any, so the files of other runs and
    /// their checksums are as they were.
    #[serde(
        default,
        skip_serializing_if = "is_empty",
        bound(
            serialize = "L: Serialize + AsRef<[Tally]>",
            deserialize = "L: Deserialize<'de> + Default"
        )
    )]
    looks: L,
    /// `sha256:` and the hex SHA-256 of the compact JSON of `record` and `tally` (the canonical
    /// content: the same values always serialize to the same bytes).
    #[serde(default)]
    checksum: Option<String>,
}

/// Whether a shard's looks are absent (every run but a sharded run until it knows).
fn is_empty<L: AsRef<[Tally]>>(looks: &L) -> bool {
    looks.as_ref().is_empty()
}

impl Saved {
    /// The checksum `accumulators.json` carries for this content: of the record and the tally,
    /// and the looks where there are any (so a file without looks keeps the checksum it had).
    fn checksum(&self) -> String {
        let canonical = if self.looks.is_empty() {
            serde_json::to_vec(&(&self.record, &self.tally))
        } else {
            serde_json::to_vec(&(&self.record, &self.tally, &self.looks))
        }
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
        let bytes = crate::input::read_file(&path).map_err(|e| {
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
        Self::from_json(&bytes, &path.display().to_string())
    }

    /// An accumulator file's content (what [`to_json`](Self::to_json) wrote), checked as
    /// [`load`](Self::load) checks a file: its checksum and its counts. `what` names it in an
    /// error (the file's path, or "part 3" for a shard a program holds in memory).
    pub fn from_json(bytes: &[u8], what: &str) -> Result<Self> {
        let sealed: Sealed<RunRecord, Tally, Vec<Tally>> =
            serde_json::from_slice(bytes).map_err(|e| {
                Error::input(format!(
                    "{what}: not a dicelab accumulator file of this version ({e})"
                ))
            })?;
        let saved = Saved {
            record: sealed.record,
            tally: sealed.tally,
            looks: sealed.looks,
        };
        match sealed.checksum {
            None => {
                return Err(Error::input(format!(
                    "{what}: no checksum, so its counts cannot be trusted (written by hand or by \
                     dicelab before 0.4.0: run the shard again)"
                )));
            }
            Some(c) if c != saved.checksum() => {
                return Err(Error::input(format!(
                    "{what}: its content does not match its checksum: the file was edited or \
                     damaged (run the shard again)"
                )));
            }
            Some(_) => {}
        }
        saved.check().map_err(|problem| {
            Error::input(format!(
                "{what}: not a consistent dicelab accumulator file ({problem})"
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
            looks: &self.looks,
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

    /// The shards of the run this file does not hold, as runs of consecutive indexes `(first,
    /// last)` in order (none when whole): one run per gap between the shards held, so one shard
    /// of a split in four billion is two runs, not four billion numbers.
    pub fn missing_shards(&self) -> Vec<(u32, u32)> {
        if self.is_whole() {
            return Vec::new();
        }
        let mut held = self.record.shards.clone();
        held.sort_unstable();
        held.dedup();
        let mut missing = Vec::new();
        let mut next = 0u32;
        for k in held.into_iter().chain([self.record.shard_count]) {
            if k > next {
                missing.push((next, k - 1));
            }
            next = k.saturating_add(1);
        }
        missing
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::STREAM_VERSION;
    use crate::input::InputFile;
    use crate::record::tests::setup;
    use crate::stats::Units;
    use std::fs;

    /// A small whole run of 7 units in chunks of 4: one mean and one share, each one a unit.
    pub(crate) fn saved() -> Saved {
        use crate::stats::{Histogram, Metric};
        let mut h = Histogram::new();
        h.add(3, 5);
        h.add(7, 2);
        let mut tally = Tally::new(vec![
            Metric::mean("m", h).plotted().per_unit(),
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
                sequential: None,
            },
            tally,
            looks: Vec::new(),
        }
    }

    #[test]
    fn missing_shards_are_runs_however_large_the_split() {
        let mut s = saved();
        assert!(s.missing_shards().is_empty(), "whole");
        s.record.shard_count = u32::MAX;
        s.record.shards = vec![0];
        assert_eq!(s.missing_shards(), [(1, u32::MAX - 1)]);
        s.record.shards = vec![u32::MAX - 1, 3, 1];
        assert_eq!(s.missing_shards(), [(0, 0), (2, 2), (4, u32::MAX - 2)]);
        s.record.shard_count = 8;
        s.record.shards = vec![0, 1, 3, 4, 7];
        assert_eq!(s.missing_shards(), [(2, 2), (5, 6)]);
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
}
