//! Writing a report folder whole or not at all.
//!
//! Every file is first written to a staging place, so a failure while writing (a full disk)
//! replaces nothing and a kill leaves only staged files, which the next run into the folder
//! removes (only those it can prove its own: see [`remove_leftovers`]). Then one of two ways:
//!
//! - **Swap** (a new folder, or one that holds only the files the last dicelab run listed in its
//!   manifest): the files and the manifest are staged in a new folder `.NAME.dicelab-stage-PID`
//!   beside the target, which is renamed into place (a new folder) or swapped with the old one in
//!   one step (Linux's `RENAME_EXCHANGE`); the old folder is then removed. At every instant the
//!   path names either the old folder or the new one, each whole.
//! - **In place** (a folder with files of the user's own or other folders in it, one without a
//!   manifest, or where the file system cannot swap): each file is staged as `.NAME.dicelab-PID.tmp`
//!   beside its target and renamed over it, the previous run's files not written again are
//!   removed, and the manifest is written last. Every file is whole, old or new; a kill during the
//!   renames can leave some files new and some old, until the next run.
//!
//! Only regular files are replaced: a folder, device, FIFO or socket where a report file goes is
//! refused before anything is written, and a symlink is written through to its target.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::lock::{Held, lock};
use super::manifest::{Invocation, LEGACY_MANIFEST, MANIFEST, Manifest, RunAbout, plain_name};
use super::path::{
    Kind, STAGE_MARKER, anchored, check_new_name, create_folders, create_stage, exchange,
    existing_ancestor, hook, parent_of, probe, remove_folders, remove_leftovers, resolve,
    stage_folder, temp_file,
};
use super::waiting;
use crate::error::{Error, Result, Setting};

/// An output folder that can be written, checked before any work is done. Nothing is created
/// until [`OutDir::write_all`]: a run that fails leaves no new folder.
#[derive(Clone, Debug)]
pub struct OutDir {
    path: PathBuf,
    /// `path` made absolute when the run was prepared: what is written and locked, so a later
    /// change of the process's folder (a Python thread's `chdir`) cannot move the report.
    at: PathBuf,
    /// The command that writes, for the folder's `run.json`.
    invocation: Invocation,
    /// What the run was, for the folder's `run.json`.
    about: RunAbout,
    /// This run's hold on the folder: no other run writes it until this one is dropped.
    _held: Held,
}

impl OutDir {
    /// Checks that `path` is a folder, or a new path whose nearest existing ancestor is a
    /// folder, that it can be written and that no other run is writing it (this one holds it
    /// from here until dropped); its `run.json` will say `invocation` wrote it.
    pub fn prepare(path: &Path, invocation: &Invocation) -> Result<Self> {
        let refuse = |why: &dyn super::Why| refusal(path, why);
        let at = anchored(path).map_err(|e| refuse(&e))?;
        let target = resolve(&at).map_err(|e| refuse(&e))?;
        let held = lock(
            &target,
            &invocation.command,
            waiting(path, invocation).as_deref(),
        )
        .map_err(|e| refuse(&e))?;
        let dir = Self {
            path: path.to_path_buf(),
            at,
            invocation: invocation.clone(),
            about: RunAbout::default(),
            _held: held,
        };
        match Kind::of(&target).map_err(|e| dir.refuse(e))? {
            Kind::Folder => {
                probe(&target).map_err(|e| dir.refuse(e))?;
                // Checked again when writing; here so that it is refused before the work.
                dir.check_manifest(&target)?;
            }
            Kind::Absent => {
                check_new_name(&target).map_err(|e| dir.refuse(e))?;
                let ancestor = existing_ancestor(&parent_of(&target));
                match Kind::of(&ancestor).map_err(|e| dir.refuse(e))? {
                    Kind::Folder => probe(&ancestor).map_err(|e| dir.refuse(e))?,
                    kind => {
                        return Err(dir.refuse(super::not_a_folder(format_args!(
                            "{} is {}",
                            ancestor.display(),
                            kind.noun()
                        ))));
                    }
                }
            }
            kind => return Err(dir.refuse(super::not_a_folder(kind.noun()))),
        }
        Ok(dir)
    }

    /// The folder, checked that each of `names` (files the command writes whatever its run
    /// finds) is a regular file or a new path in it, so that a FIFO or a folder where one goes
    /// is refused before the work rather than when writing (which checks again). A name `*.EXT`
    /// stands for files whose names the run's results choose (a chart per metric): every entry
    /// of the folder ending in `.EXT` is checked, since the run may write any of them.
    pub fn writing(self, names: &[&str]) -> Result<Self> {
        let target = resolve(&self.at).map_err(|e| self.refuse(e))?;
        if Kind::of(&target).map_err(|e| self.refuse(e))? == Kind::Folder {
            for name in names {
                match name.strip_prefix('*') {
                    Some(ending) => {
                        let entries = fs::read_dir(&target).map_err(|e| self.refuse(e))?;
                        for entry in entries {
                            let entry = entry.map_err(|e| self.refuse(e))?;
                            let found = entry.file_name();
                            let found = found.to_string_lossy();
                            if found.ends_with(ending) {
                                self.check_replaceable(&target, &found)?;
                            }
                        }
                    }
                    None => self.check_replaceable(&target, name)?,
                }
            }
        }
        Ok(self)
    }

    /// The folder, whose `run.json` will say the run was `about`.
    pub fn describing(mut self, about: RunAbout) -> Self {
        self.about = about;
        self
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where a report cannot go: a file or folder that cannot be written, so exit 1 like every
    /// other one (the error module's rule), whether the system refused it or dicelab did (a
    /// FIFO, device, socket or folder it will not replace).
    fn refuse(&self, why: impl super::Why) -> Error {
        refusal(&self.path, &why)
    }

    /// Writes every file, whole or not at all (see the module's documentation), and returns
    /// their paths. Names must be unique plain file names.
    pub fn write_all(&self, files: &[(String, Vec<u8>)]) -> Result<Vec<PathBuf>> {
        let mut seen = std::collections::HashSet::new();
        for (name, _) in files {
            if !plain_name(name) || !seen.insert(name.as_str()) {
                // Not the file system's doing: the names a run chose collide.
                return Err(Error::value(
                    Setting::OUT,
                    self.path.display(),
                    format!(
                        "two report files would be named '{name}', or the name is not a plain \
                         file name"
                    ),
                ));
            }
        }
        let target = resolve(&self.at).map_err(|e| self.refuse(e))?;
        let exists = match Kind::of(&target).map_err(|e| self.refuse(e))? {
            Kind::Folder => true,
            Kind::Absent => false,
            kind => return Err(self.refuse(super::not_a_folder(kind.noun()))),
        };
        // A real path: its parent is where a swap stages, its name the folder's.
        let target = if exists {
            fs::canonicalize(&target).map_err(|e| Error::io(&self.path, e))?
        } else {
            target
        };
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned());
        let parent = parent_of(&target);
        if let Some(name) = &name {
            remove_leftovers(&parent, Some(name), &|_| false);
        }
        if !exists {
            let Some(name) = name else {
                return Err(self.refuse("expected a folder name"));
            };
            self.swap_new(&parent, &name, &target, files)?;
        } else {
            // A temporary file is provably ours when it is named for a report file: one this run
            // writes or the last run's manifest lists.
            let listed = Manifest::read(&target);
            let ours = |n: &str| {
                files.iter().any(|(f, _)| f == n) || listed.as_ref().is_some_and(|m| m.lists(n))
            };
            remove_leftovers(&target, None, &ours);
            for (file, _) in files {
                self.check_replaceable(&target, file)?;
            }
            self.check_manifest(&target)?;
            let old = Manifest::read(&target);
            // The working folder (a shell's, a server's) is never swapped away from under it.
            let holds_cwd = std::env::current_dir()
                .and_then(fs::canonicalize)
                .is_ok_and(|cwd| cwd.starts_with(&target));
            let swapped = match (&old, &name) {
                (Some(old), Some(name)) if !holds_cwd && only_listed(&target, old) => {
                    self.swap_existing(&parent, name, &target, files)?
                }
                _ => false,
            };
            if !swapped {
                self.in_place(&target, old, files)?;
            }
        }
        Ok(files.iter().map(|(n, _)| self.path.join(n)).collect())
    }

    /// Refuses a folder whose `run.json` is not dicelab's (a file of the user's own by that name,
    /// a FIFO): it is never replaced.
    fn check_manifest(&self, target: &Path) -> Result<()> {
        if fs::symlink_metadata(target.join(MANIFEST)).is_ok() && Manifest::read(target).is_none() {
            return Err(self.refuse(format!(
                "{} is not a dicelab run record; dicelab will not replace it",
                self.path.join(MANIFEST).display()
            )));
        }
        Ok(())
    }

    /// Refuses a report file whose path names anything but a regular file or a new path.
    fn check_replaceable(&self, target: &Path, name: &str) -> Result<()> {
        let file = resolve(&target.join(name)).map_err(|e| Error::io(&target.join(name), e))?;
        match Kind::of(&file).map_err(|e| Error::io(&file, e))? {
            Kind::Absent | Kind::File => Ok(()),
            kind => Err(self.refuse(format!(
                "{} is {}, not a regular file; dicelab replaces only regular files",
                self.path.join(name).display(),
                kind.noun()
            ))),
        }
    }

    /// A new folder: staged beside it, then renamed into place.
    fn swap_new(
        &self,
        parent: &Path,
        name: &str,
        target: &Path,
        files: &[(String, Vec<u8>)],
    ) -> Result<()> {
        let created = create_folders(parent).map_err(|e| self.refuse(e))?;
        if let Err(taken) = self._held.cover(parent) {
            remove_folders(&created);
            return Err(self.refuse(taken));
        }
        let stage = stage_folder(parent, name);
        let result = create_stage(&stage)
            .map_err(|e| Error::io(&stage, e))
            .and_then(|()| fill(&stage, files, &self.about, &self.invocation))
            .and_then(|()| {
                hook("rename the staged folder into place");
                fs::rename(&stage, target).map_err(|e| Error::io(target, e))
            });
        if result.is_err() {
            let _ = fs::remove_dir_all(&stage);
            remove_folders(&created);
        }
        result
    }

    /// A folder of dicelab's alone: the new one staged beside it and swapped with it in one
    /// step. `Ok(false)` when it cannot be staged beside or swapped, for an in-place write.
    fn swap_existing(
        &self,
        parent: &Path,
        name: &str,
        target: &Path,
        files: &[(String, Vec<u8>)],
    ) -> Result<bool> {
        let stage = stage_folder(parent, name);
        if create_stage(&stage).is_err() {
            return Ok(false);
        }
        if let Err(e) = fill(&stage, files, &self.about, &self.invocation) {
            let _ = fs::remove_dir_all(&stage);
            return Err(e);
        }
        if let Ok(meta) = fs::metadata(target) {
            let _ = fs::set_permissions(&stage, meta.permissions());
        }
        hook("swap the staged folder with the old one");
        match exchange(&stage, target) {
            Ok(true) => {
                hook("remove the old folder");
                let _ = fs::remove_dir_all(&stage);
                Ok(true)
            }
            Ok(false) => {
                let _ = fs::remove_dir_all(&stage);
                Ok(false)
            }
            Err(e) => {
                let _ = fs::remove_dir_all(&stage);
                Err(Error::io(target, e))
            }
        }
    }

    /// Each file staged beside its target, then renamed over it; the previous run's files not
    /// written again removed; the manifest last.
    fn in_place(
        &self,
        target: &Path,
        old: Option<Manifest>,
        files: &[(String, Vec<u8>)],
    ) -> Result<()> {
        let new = Manifest::of(files, &self.about);
        let mut staged: Vec<(PathBuf, PathBuf)> = Vec::new();
        let mut staging = || -> Result<()> {
            for (name, bytes) in files {
                let dest = resolve(&target.join(name)).map_err(|e| Error::io(target, e))?;
                let tmp = temp_file(&dest);
                staged.push((tmp.clone(), dest.clone()));
                write_new(&tmp, bytes, Some(&dest))?;
                hook(&format!("staged {name}"));
            }
            // While the files move, the manifest lists the old and the new ones, so a kill
            // leaves no file of ours unlisted.
            let mut both = old.clone().unwrap_or_default();
            both.about = self.about.clone();
            for f in &new.files {
                if !both.lists(f) {
                    both.files.push(f.clone());
                }
            }
            write_manifest(target, &both, files, &self.invocation)
        };
        if let Err(e) = staging() {
            for (tmp, _) in &staged {
                let _ = fs::remove_file(tmp);
            }
            return Err(e);
        }
        for (i, (tmp, dest)) in staged.iter().enumerate() {
            hook(&format!("rename {}", files[i].0));
            if let Err(e) = fs::rename(tmp, dest) {
                for (tmp, _) in &staged[i..] {
                    let _ = fs::remove_file(tmp);
                }
                return Err(Error::io(dest, e));
            }
        }
        for stale in old.iter().flat_map(|m| &m.files) {
            if new.lists(stale) {
                continue;
            }
            let path = target.join(stale);
            if fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
                hook(&format!("remove {stale}"));
                let _ = fs::remove_file(&path);
            }
        }
        hook("write the manifest");
        write_manifest(target, &new, files, &self.invocation)?;
        // 0.4.0's manifest, now replaced by run.json.
        let _ = fs::remove_file(target.join(LEGACY_MANIFEST));
        Ok(())
    }
}

/// Where a report cannot go (see [`OutDir::refuse`]), before there is an [`OutDir`].
fn refusal(path: &Path, why: &dyn super::Why) -> Error {
    super::unwritable_out(path, "cannot write a report there", why)
}

/// Whether `dir` holds nothing but the files `manifest` lists (regular files) and the manifest.
fn only_listed(dir: &Path, manifest: &Manifest) -> bool {
    let Ok(entries) = fs::read_dir(dir) else {
        return false;
    };
    entries.into_iter().all(|e| {
        let Ok(e) = e else { return false };
        let name = e.file_name().to_string_lossy().into_owned();
        let regular = fs::symlink_metadata(e.path()).is_ok_and(|m| m.is_file());
        regular && (name == MANIFEST || name == LEGACY_MANIFEST || manifest.lists(&name))
    })
}

/// Writes every file and then the manifest (saying `invocation` made the run `about`) into the
/// staging folder `stage`.
fn fill(
    stage: &Path,
    files: &[(String, Vec<u8>)],
    about: &RunAbout,
    invocation: &Invocation,
) -> Result<()> {
    for (name, bytes) in files {
        let path = stage.join(name);
        fs::write(&path, bytes).map_err(|e| Error::io(&path, e))?;
        hook(&format!("staged {name}"));
    }
    let path = stage.join(MANIFEST);
    fs::write(
        &path,
        Manifest::of(files, about).bytes_of(invocation, files),
    )
    .map_err(|e| Error::io(&path, e))?;
    // The manifest now proves the folder dicelab's, so the marker goes before the folder is
    // renamed into place.
    hook("remove the staging marker");
    let marker = stage.join(STAGE_MARKER);
    fs::remove_file(&marker).map_err(|e| Error::io(&marker, e))
}

/// Writes `bytes` to the new file `tmp`, with the permissions of `like` where it exists (a
/// replaced file keeps its mode).
pub(super) fn write_new(tmp: &Path, bytes: &[u8], like: Option<&Path>) -> Result<()> {
    write_new_with(tmp, like, &mut |put| put(bytes))
}

/// What fills a file a piece at a time: it is handed the function that writes a piece.
pub type Fill<'a> = &'a mut dyn FnMut(&mut dyn FnMut(&[u8]) -> Result<()>) -> Result<()>;

/// Writes to the new file `tmp` what `fill` puts, a piece at a time through a buffer, with the
/// permissions of `like` where it exists. On any error, `fill`'s own or the disk's, `tmp` is
/// removed.
pub(super) fn write_new_with(tmp: &Path, like: Option<&Path>, fill: Fill) -> Result<()> {
    let result = (|| -> Result<()> {
        let file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(tmp)
            .map_err(|e| Error::io(tmp, e))?;
        let mut writer = io::BufWriter::new(file);
        fill(&mut |bytes| io::Write::write_all(&mut writer, bytes).map_err(|e| Error::io(tmp, e)))?;
        let file = writer
            .into_inner()
            .map_err(|e| Error::io(tmp, e.into_error()))?;
        if let Some(meta) = like.and_then(|l| fs::metadata(l).ok()) {
            file.set_permissions(meta.permissions())
                .map_err(|e| Error::io(tmp, e))?;
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(tmp);
    }
    result
}

/// Writes the manifest of `dir` by `invocation` through a temporary file and a rename; `written`
/// gives the sizes and hashes of the files being written.
fn write_manifest(
    dir: &Path,
    manifest: &Manifest,
    written: &[(String, Vec<u8>)],
    invocation: &Invocation,
) -> Result<()> {
    // A symlinked run.json is written through, as every report file is (its target has been
    // checked to be dicelab's manifest).
    let dest = resolve(&dir.join(MANIFEST)).map_err(|e| Error::io(dir, e))?;
    let tmp = temp_file(&dest);
    write_new(&tmp, &manifest.bytes_of(invocation, written), None)?;
    fs::rename(&tmp, &dest).map_err(|e| {
        let _ = fs::remove_file(&tmp);
        Error::io(&dest, e)
    })
}
