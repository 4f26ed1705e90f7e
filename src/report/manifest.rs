//! `.dicelab-files`: the files the last dicelab run wrote into a folder. It is written last, so
//! a rerun into the folder removes exactly the files of the previous run it does not write again
//! and nothing else: a file of the user's own is never listed.
//!
//! The file is JSON, `{"files": [...]}`: when every report folder carries a run record with the
//! files it wrote, the record's `files` field can take this one's place, read by [`Manifest::read`].

use std::fs;
use std::path::{Component, Path};

use serde::{Deserialize, Serialize};

/// The manifest's file name.
pub const MANIFEST: &str = ".dicelab-files";

/// The files a run wrote into a folder, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// File names within the folder, in the order written.
    pub files: Vec<String>,
}

impl Manifest {
    /// The manifest of the run that last wrote into `dir`, if it left one that reads. Names
    /// that are not a plain file name of the folder are dropped: an edited manifest never
    /// makes a run remove anything outside the folder.
    pub fn read(dir: &Path) -> Option<Manifest> {
        let bytes = fs::read(dir.join(MANIFEST)).ok()?;
        let mut manifest: Manifest = serde_json::from_slice(&bytes).ok()?;
        manifest.files.retain(|f| plain_name(f));
        Some(manifest)
    }

    /// The manifest as written: JSON, one name a line.
    pub fn bytes(&self) -> Vec<u8> {
        let mut text = serde_json::to_string_pretty(self).expect("names serialise");
        text.push('\n');
        text.into_bytes()
    }

    /// Whether `name` is listed.
    pub fn lists(&self, name: &str) -> bool {
        self.files.iter().any(|f| f == name)
    }
}

/// Whether `name` is a file name a report may use: one plain path component, not hidden (so
/// never the manifest nor a staged file).
pub fn plain_name(name: &str) -> bool {
    let mut parts = Path::new(name).components();
    matches!(parts.next(), Some(Component::Normal(_)))
        && parts.next().is_none()
        && !name.starts_with('.')
        && !name.contains(['/', '\\', '\0'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_of_the_folder_are_read_back() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(
            tmp.path().join(MANIFEST),
            r#"{"files": ["summary.csv", "../outside", "/etc/passwd", ".hidden", "a/b", "", "x.svg"]}"#,
        )
        .unwrap();
        let m = Manifest::read(tmp.path()).unwrap();
        assert_eq!(m.files, ["summary.csv", "x.svg"]);
        fs::write(tmp.path().join(MANIFEST), "not json").unwrap();
        assert_eq!(Manifest::read(tmp.path()), None);
    }

    #[test]
    fn a_manifest_reads_back_what_was_written() {
        let tmp = tempfile::tempdir().unwrap();
        let m = Manifest {
            files: vec!["a.csv".into(), "b.svg".into()],
        };
        fs::write(tmp.path().join(MANIFEST), m.bytes()).unwrap();
        assert_eq!(Manifest::read(tmp.path()), Some(m));
    }
}
