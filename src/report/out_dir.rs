//! Writing a report folder whole or not at all.

use std::fs;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// An output folder that exists and can be written, checked before any work is done.
#[derive(Clone, Debug)]
pub struct OutDir {
    path: PathBuf,
}

impl OutDir {
    /// Creates the folder if needed and proves it writable.
    pub fn prepare(path: &Path) -> Result<Self> {
        let fail = |e: std::io::Error| {
            Error::input(format!(
                "--out {}: cannot write a report there ({e})",
                path.display()
            ))
        };
        fs::create_dir_all(path).map_err(fail)?;
        let probe = path.join(format!(".dicelab-probe-{}.tmp", std::process::id()));
        fs::write(&probe, b"").map_err(fail)?;
        let _ = fs::remove_file(&probe);
        Ok(Self {
            path: path.to_path_buf(),
        })
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes every file under a temporary name, then renames them all into place. A failure
    /// while writing (a full disk, say) removes the temporary files and replaces nothing; only a
    /// rename failing part way, which within one folder takes a fault of the file system, could
    /// leave some files new and some old.
    pub fn write_all(&self, files: &[(String, Vec<u8>)]) -> Result<Vec<PathBuf>> {
        let mut staged: Vec<(PathBuf, PathBuf)> = Vec::new();
        let cleanup = |staged: &[(PathBuf, PathBuf)]| {
            for (tmp, _) in staged {
                let _ = fs::remove_file(tmp);
            }
        };
        for (name, bytes) in files {
            let tmp = self
                .path
                .join(format!(".{name}.{}.tmp", std::process::id()));
            if let Err(e) = fs::write(&tmp, bytes) {
                cleanup(&staged);
                let _ = fs::remove_file(&tmp);
                return Err(Error::io(&tmp, e));
            }
            staged.push((tmp, self.path.join(name)));
        }
        for (tmp, dest) in &staged {
            if let Err(e) = fs::rename(tmp, dest) {
                cleanup(&staged);
                return Err(Error::io(dest, e));
            }
        }
        Ok(staged.into_iter().map(|(_, dest)| dest).collect())
    }
}
