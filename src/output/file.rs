//! Writing one output file (what `dicelab tune` writes) whole or not at all: written beside its
//! target as `.NAME.dicelab-PID.tmp`, then renamed over it in one step. Only a regular file or
//! a new path is written; a symlink is written through, to its target; a folder, device, FIFO
//! or socket is refused before any work.

use std::fs;
use std::path::{Path, PathBuf};

use super::dir::{Fill, write_new_with};
use super::lock::{Held, lock};
use super::manifest::Invocation;
use super::path::{
    Kind, anchored, check_new_name, create_folders, existing_ancestor, hook, parent_of, probe,
    remove_folders, remove_leftovers, resolve, temp_file,
};
use super::waiting;
use crate::error::{Error, Result, Setting};

/// An output file that can be written, checked before any work is done.
#[derive(Clone, Debug)]
pub struct OutFile {
    path: PathBuf,
    /// `path` made absolute when the run was prepared: what is written and locked, so a later
    /// change of the process's folder cannot move the file.
    at: PathBuf,
    /// This run's hold on the file: no other run writes it until this one is dropped.
    _held: Held,
    /// The setting that named it, as its refusals name it (`out`, `record`).
    setting: Setting,
}

impl OutFile {
    /// Checks that `path` (its symlinks followed) is a regular file or a new path in a folder
    /// that can be written, and that no other run is writing it (this one, `invocation`, holds
    /// it from here until dropped). Nothing is created.
    pub fn prepare(path: &Path, invocation: &Invocation) -> Result<Self> {
        Self::prepare_as(Setting::OUT, path, invocation)
    }

    /// [`prepare`](Self::prepare) for a file named by `setting` (`record`), which its refusals
    /// name: a record's FIFO was refused as `--out`'s.
    pub fn prepare_as(setting: Setting, path: &Path, invocation: &Invocation) -> Result<Self> {
        let refuse = |why: &dyn super::Why| refusal(&setting, path, why);
        let at = anchored(path).map_err(|e| refuse(&e))?;
        let resolved = resolve(&at).map_err(|e| refuse(&e))?;
        let held = lock(
            &resolved,
            &invocation.command,
            waiting(path, invocation).as_deref(),
        )
        .map_err(|e| refuse(&e))?;
        let file = Self {
            path: path.to_path_buf(),
            at,
            _held: held,
            setting: setting.clone(),
        };
        if path.file_name().is_none() || path.as_os_str().as_encoded_bytes().ends_with(b"/") {
            return Err(Error::value(
                setting,
                path.display(),
                "expected a file name",
            ));
        }
        let target = file.target()?;
        check_new_name(&target).map_err(|e| file.refuse(e))?;
        let folder = existing_ancestor(&parent_of(&target));
        match Kind::of(&folder).map_err(|e| file.refuse(e))? {
            Kind::Folder => probe(&folder).map_err(|e| file.refuse(e))?,
            kind => {
                return Err(file.refuse(super::not_a_folder(format_args!(
                    "{} is {}",
                    folder.display(),
                    kind.noun()
                ))));
            }
        }
        Ok(file)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A file that cannot be written: exit 1, whether the system refused it or dicelab did (see
    /// `OutDir::refuse`).
    fn refuse(&self, why: impl super::Why) -> Error {
        refusal(&self.setting, &self.path, &why)
    }

    /// Where the bytes go: the end of the symlinks at the path, a regular file or nothing yet.
    fn target(&self) -> Result<PathBuf> {
        let target = resolve(&self.at).map_err(|e| self.refuse(e))?;
        match Kind::of(&target).map_err(|e| self.refuse(e))? {
            Kind::Absent | Kind::File => Ok(target),
            kind => Err(self.refuse(format!(
                "{}, not a regular file; dicelab writes only to a regular file or a new path",
                kind.noun()
            ))),
        }
    }

    /// Writes `bytes` to a temporary file beside the target and renames it over the target.
    pub fn write(&self, bytes: &[u8]) -> Result<()> {
        self.write_with(&mut |put| put(bytes))
    }

    /// Writes what `fill` puts, a piece at a time, to a temporary file beside the target and
    /// renames it over the target once `fill` is done: a file too large to hold in memory
    /// (a million recorded games) is written whole or not at all all the same. An error of
    /// `fill`'s (a stop asked for) leaves the target as it was.
    pub fn write_with(&self, fill: Fill) -> Result<()> {
        self.stage(fill)?.commit()
    }

    /// Writes what `fill` puts to a temporary file beside the target, and leaves it there
    /// until [`Staged::commit`] renames it over the target: a command whose file is ready
    /// before its other work is done (a run's record, before the run) puts it in place only
    /// once the rest has succeeded. Dropped uncommitted, the temporary file is removed.
    pub fn stage(&self, fill: Fill) -> Result<Staged> {
        let target = self.target()?;
        let folder = parent_of(&target);
        let name = target.file_name().unwrap_or_default().to_string_lossy();
        remove_leftovers(&folder, Some(&name), &|n| n == name);
        let created = create_folders(&folder).map_err(|e| self.refuse(e))?;
        if let Err(taken) = self._held.cover(&folder) {
            remove_folders(&created);
            return Err(self.refuse(taken));
        }
        let tmp = temp_file(&target);
        let staged = Staged {
            tmp,
            target,
            created,
            done: false,
        };
        write_new_with(&staged.tmp, Some(&staged.target), fill)?;
        Ok(staged)
    }
}

/// A file written beside its target, waiting to be renamed into place ([`OutFile::stage`]).
#[derive(Debug)]
pub struct Staged {
    tmp: PathBuf,
    target: PathBuf,
    /// Folders made for it, removed if it never lands.
    created: Vec<PathBuf>,
    done: bool,
}

impl Staged {
    /// Renames the file over its target, in one step.
    pub fn commit(mut self) -> Result<()> {
        hook("rename the file into place");
        fs::rename(&self.tmp, &self.target).map_err(|e| Error::io(&self.target, e))?;
        self.done = true;
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.done {
            let _ = fs::remove_file(&self.tmp);
            remove_folders(&self.created);
        }
    }
}

/// A file that cannot be written (see [`OutFile::refuse`]), before there is an [`OutFile`].
fn refusal(setting: &Setting, path: &Path, why: &dyn super::Why) -> Error {
    super::unwritable_named(setting, path, "cannot write there", why)
}
