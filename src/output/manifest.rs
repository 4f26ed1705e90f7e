//! `run.json`: what made a report folder and what is in it. Every folder dicelab writes carries
//! one: the tool's version, the command line, the folder it ran in and when it started (an
//! [`Invocation`], which the caller gives) and finished, the run (game, rules, policies with the
//! hashes of the files they read, seed, `-n`, shards held of how many, threads) and every file
//! written with its size and SHA-256.
//!
//! It is also the folder's manifest, written last: a rerun into the folder removes exactly the
//! files of the previous run it does not write again and nothing else, so a file of the user's own
//! is never touched. It is the one file of a report that is not the same for the same seed (it
//! records the occasion: times, threads, command line), so byte-identity is of every other file.
//!
//! dicelab 0.4.0 kept the list alone in `.dicelab-files`; a folder written by it is still read,
//! and the old manifest is removed when the folder is next written.

use std::path::{Component, Path};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::engine::index_ranges;
use crate::error::Message;
use crate::input::{InputFile, sha256};
use crate::record::SetupRecord;
use crate::saved::Saved;

/// The manifest's file name.
pub(crate) const MANIFEST: &str = "run.json";

/// The manifest of dicelab 0.4.0: read so that its files are still known as dicelab's, removed
/// when the folder is written again.
pub(crate) const LEGACY_MANIFEST: &str = ".dicelab-files";

/// The files a run wrote into a folder, by name, and what the run was.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Manifest {
    /// File names within the folder, in the order written.
    pub files: Vec<String>,
    /// What the run was, as `run.json` records it (none for a list read back).
    pub about: RunAbout,
}

/// What made a folder, beside its files: the `run` part of `run.json`. Every field is optional,
/// so a folder of tables (no seed, no policies) says only what applies.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunAbout {
    /// The game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The `rules` column: players and every rule option, files with their hashes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The policies, one per seat or compared, named as reports name them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub policies: Vec<String>,
    /// Every input file read, by path and hash (the text is in `accumulators.json`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<InputRef>,
    /// The seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Units of the whole run (`-n`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units: Option<u64>,
    /// The shards this folder holds, as `sbatch --array=` takes them (`0-3,5`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shards: Option<String>,
    /// How many shards the run was split into (1: the folder holds the whole run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard_count: Option<u32>,
    /// Worker threads the simulation ran on (none for a merge or a table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    /// What a reader must know about how the run was played, as the heading shows it (a
    /// policy played by a heuristic).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// An input file as `run.json` names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputRef {
    /// The path as given.
    pub path: String,
    /// `sha256:` and the hex SHA-256 of its bytes.
    pub sha256: String,
}

impl From<&InputFile> for InputRef {
    fn from(f: &InputFile) -> Self {
        Self {
            path: f.path.clone(),
            sha256: f.sha256.clone(),
        }
    }
}

impl RunAbout {
    /// A game as configured, with no run (a table, a solution).
    pub fn of_setup(setup: &SetupRecord) -> Self {
        Self {
            game: Some(setup.game.clone()),
            rules: Some(setup.rules_column()),
            policies: setup
                .policies
                .iter()
                .map(|p| setup.policy_name(p))
                .collect(),
            inputs: setup.inputs.iter().map(InputRef::from).collect(),
            ..Self::default()
        }
    }

    /// A simulation (or merge) of the record `saved`, on `threads` workers when it simulated.
    pub fn of_saved(saved: &Saved, threads: Option<usize>) -> Self {
        let r = &saved.record;
        Self {
            seed: Some(r.seed),
            units: Some(r.units),
            shards: Some(index_ranges(&r.shards)),
            shard_count: Some(r.shard_count),
            threads,
            ..Self::of_setup(&r.setup)
        }
    }
}

/// The command that writes a folder, as its `run.json` records it: its words, the folder it ran
/// in (relative paths in it and in `inputs` are relative to that), and when it started.
///
/// A value the caller hands to [`OutDir::prepare`](super::OutDir::prepare) rather than
/// something the library reads from its process: the binary makes one first thing, so every
/// folder a command writes gives the same command and start time, and a program that writes
/// reports for its own reasons says what it wants recorded.
#[derive(Clone, Debug)]
pub struct Invocation {
    /// The command line, word by word.
    pub command: Vec<String>,
    /// The folder the command ran in.
    pub directory: String,
    /// When the command started.
    pub started: SystemTime,
    /// What the command does on finding another run writing a place it will write: `None` is
    /// refused at once; `Some(tell)` waits for that run to finish (`--wait`), first handing
    /// `tell` one line saying so (the command line prints it on stderr). How it writes, not
    /// what: `run.json` does not record it.
    pub wait: Option<fn(&Message)>,
}

impl Invocation {
    /// This process as it stands: its arguments (a word that is not UTF-8 with the bytes it
    /// cannot show replaced, as the command line refuses such words before it gets here), its
    /// working folder, and now as its start.
    pub fn of_this_process() -> Self {
        Self::now(
            std::env::args_os()
                .map(|w| w.to_string_lossy().into_owned())
                .collect(),
        )
    }

    /// The command `command` (its first word the program's name) starting now in this process's
    /// folder, refusing to wait for another run: what a program that runs commands without a
    /// process of their own records (the Python package).
    pub fn now(command: Vec<String>) -> Self {
        Self {
            command,
            directory: std::env::current_dir()
                .map(|d| d.display().to_string())
                .unwrap_or_default(),
            started: SystemTime::now(),
            wait: None,
        }
    }
}

/// `run.json` as written.
#[derive(Serialize, Deserialize)]
struct RunJson {
    /// `dicelab` and its version: also what marks the file as dicelab's own.
    tool: String,
    /// The command line, word by word.
    #[serde(default)]
    command: Vec<String>,
    /// The folder the command ran in.
    #[serde(default)]
    directory: String,
    /// When the command started and when this folder was written, UTC.
    #[serde(default)]
    started: String,
    #[serde(default)]
    finished: String,
    #[serde(default)]
    run: RunAbout,
    files: Vec<FileEntry>,
}

/// A file of the folder: its name, size and hash, so a copy can be checked file by file.
#[derive(Serialize, Deserialize)]
struct FileEntry {
    name: String,
    #[serde(default)]
    bytes: u64,
    #[serde(default)]
    sha256: String,
}

impl Manifest {
    /// The manifest of a run that writes `files`.
    pub fn of(files: &[(String, Vec<u8>)], about: &RunAbout) -> Self {
        Self {
            files: files.iter().map(|(n, _)| n.clone()).collect(),
            about: about.clone(),
        }
    }

    /// The manifest of the run that last wrote into `dir`, if it left one that reads as
    /// dicelab's (`run.json` naming dicelab as its tool, or 0.4.0's `.dicelab-files`). Names
    /// that are not a plain file name of the folder are dropped: an edited manifest never makes
    /// a run remove anything outside the folder.
    pub fn read(dir: &Path) -> Option<Manifest> {
        let mut files = match crate::input::read_file(&dir.join(MANIFEST)) {
            Ok(bytes) => {
                let run: RunJson = serde_json::from_slice(&bytes).ok()?;
                if !run.tool.starts_with("dicelab ") {
                    return None;
                }
                run.files.into_iter().map(|f| f.name).collect()
            }
            Err(_) => {
                #[derive(Deserialize)]
                struct Legacy {
                    files: Vec<String>,
                }
                let bytes = crate::input::read_file(&dir.join(LEGACY_MANIFEST)).ok()?;
                serde_json::from_slice::<Legacy>(&bytes).ok()?.files
            }
        };
        files.retain(|f: &String| plain_name(f) && f != MANIFEST);
        Some(Manifest {
            files,
            about: RunAbout::default(),
        })
    }

    /// Whether `dir`'s `run.json` is dicelab's and vouches for every other file in `dir`: each
    /// listed with its size and hash, and its bytes having them. What proves a staging folder
    /// whose marker was already removed to be dicelab's own, so that it may be removed.
    pub(crate) fn vouches_for_all(dir: &Path, names: &[String]) -> bool {
        let Ok(bytes) = crate::input::read_file(&dir.join(MANIFEST)) else {
            return false;
        };
        let Ok(run) = serde_json::from_slice::<RunJson>(&bytes) else {
            return false;
        };
        run.tool.starts_with("dicelab ")
            && names.iter().filter(|n| *n != MANIFEST).all(|name| {
                run.files.iter().any(|f| {
                    f.name == *name
                        && crate::input::read_file(&dir.join(name))
                            .is_ok_and(|b| b.len() as u64 == f.bytes && sha256(&b) == f.sha256)
                })
            })
    }

    /// `run.json` for these files written by `invocation`, whose bytes are `content(name)` (a
    /// file not at hand, listed only while a write is under way, gets no size or hash), finished
    /// now.
    pub fn bytes(
        &self,
        invocation: &Invocation,
        content: impl Fn(&str) -> Option<u64>,
        hash: impl Fn(&str) -> Option<String>,
    ) -> Vec<u8> {
        let run = RunJson {
            tool: format!("dicelab {}", env!("CARGO_PKG_VERSION")),
            command: invocation.command.clone(),
            directory: invocation.directory.clone(),
            started: utc(invocation.started),
            finished: utc(SystemTime::now()),
            run: self.about.clone(),
            files: self
                .files
                .iter()
                .map(|name| FileEntry {
                    name: name.clone(),
                    bytes: content(name).unwrap_or(0),
                    sha256: hash(name).unwrap_or_default(),
                })
                .collect(),
        };
        let mut text = serde_json::to_string_pretty(&run).expect("a run record serialises");
        text.push('\n');
        text.into_bytes()
    }

    /// `run.json` for the files `written` (name and bytes) by `invocation`.
    pub fn bytes_of(&self, invocation: &Invocation, written: &[(String, Vec<u8>)]) -> Vec<u8> {
        let find = |name: &str| written.iter().find(|(n, _)| n == name).map(|(_, b)| b);
        self.bytes(
            invocation,
            |name| find(name).map(|b| b.len() as u64),
            |name| find(name).map(|b| sha256(b)),
        )
    }

    /// Whether `name` is listed.
    pub fn lists(&self, name: &str) -> bool {
        self.files.iter().any(|f| f == name)
    }
}

/// A time as ISO 8601 in UTC to the second (`2026-11-25T04:12:06Z`).
pub(crate) fn utc(t: SystemTime) -> String {
    // humantime writes years 0000 to 9999 only; a caller's time outside is clamped, not a panic.
    let last = UNIX_EPOCH + std::time::Duration::from_secs(253_402_300_799);
    humantime::format_rfc3339_seconds(t.clamp(UNIX_EPOCH, last)).to_string()
}

/// Whether `name` is a file name a report may use: one plain path component, not hidden (so
/// never the legacy manifest nor a staged file).
pub(crate) fn plain_name(name: &str) -> bool {
    let mut parts = Path::new(name).components();
    matches!(parts.next(), Some(Component::Normal(_)))
        && parts.next().is_none()
        && !name.starts_with('.')
        && !name.contains(['/', '\\', '\0'])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::time::Duration;

    #[test]
    fn only_plain_names_of_the_folder_are_read_back() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(
            tmp.path().join(LEGACY_MANIFEST),
            r#"{"files": ["summary.csv", "../outside", "/etc/passwd", ".hidden", "a/b", "", "x.svg"]}"#,
        )
        .unwrap();
        let m = Manifest::read(tmp.path()).unwrap();
        assert_eq!(m.files, ["summary.csv", "x.svg"]);
        fs::write(tmp.path().join(LEGACY_MANIFEST), "not json").unwrap();
        assert_eq!(Manifest::read(tmp.path()), None);
    }

    #[test]
    fn a_manifest_reads_back_what_was_written_with_sizes_and_hashes() {
        let tmp = tempfile::tempdir().unwrap();
        let files = vec![
            ("a.csv".to_string(), b"x,y\n".to_vec()),
            ("b.svg".to_string(), Vec::new()),
        ];
        let about = RunAbout {
            seed: Some(7),
            ..RunAbout::default()
        };
        let m = Manifest::of(&files, &about);
        // The command as the caller gives it, not this test process's.
        let by = Invocation {
            command: vec!["dicelab".into(), "simulate".into(), "sevens".into()],
            directory: "/work".into(),
            started: UNIX_EPOCH + Duration::from_secs(1_795_580_000),
            wait: None,
        };
        let bytes = m.bytes_of(&by, &files);
        fs::write(tmp.path().join(MANIFEST), &bytes).unwrap();
        assert_eq!(Manifest::read(tmp.path()).unwrap().files, m.files);
        let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(
            json["tool"],
            format!("dicelab {}", env!("CARGO_PKG_VERSION"))
        );
        assert_eq!(
            json["command"],
            serde_json::json!(["dicelab", "simulate", "sevens"])
        );
        assert_eq!(json["directory"], "/work");
        assert_eq!(json["started"], "2026-11-25T04:13:20Z");
        assert_eq!(json["run"]["seed"], 7);
        assert_eq!(json["files"][0]["bytes"], 4);
        assert_eq!(json["files"][0]["sha256"], sha256(b"x,y\n"));
        assert_eq!(json["files"][1]["name"], "b.svg");
    }

    #[test]
    fn a_run_json_of_the_users_own_is_not_a_manifest() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(
            tmp.path().join(MANIFEST),
            r#"{"tool": "mine", "files": [{"name": "a.csv"}]}"#,
        )
        .unwrap();
        assert_eq!(Manifest::read(tmp.path()), None);
    }

    #[test]
    fn times_are_written_in_utc() {
        let at = |s: u64| utc(UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        // `date -u -d @1795580000 +%FT%TZ`
        assert_eq!(at(1_795_580_000), "2026-11-25T04:13:20Z");
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(at(4_107_542_399), "2100-02-28T23:59:59Z");
        assert_eq!(
            at(u64::MAX / 2),
            "9999-12-31T23:59:59Z",
            "clamped, no panic"
        );
    }
}
