//! What every write of a file or folder shares: what stands at a path (symlinks followed to
//! their target), the names of staged files and folders, removing what a killed run left, and
//! the test hook that pauses a write between its steps.
//!
//! dicelab replaces only regular files. A device, FIFO, socket or folder standing where a file
//! goes is refused before anything is written; a symlink is written through, to its target.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::manifest::{MANIFEST, Manifest};
pub(crate) use crate::input::Kind;

/// The path a chain of symlinks at `path` ends at (`path` itself when it is no symlink). The
/// end may not exist: a dangling link names the new path it points to.
pub(crate) fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) => dir.join(target),
                    None => target,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// `path` anchored to the folder the process is in now, spelt as given (a trailing `.` or `..`
/// kept, for the checks that refuse them): what a run writes to, fixed when it is prepared, so a
/// later change of folder (a Python thread's `chdir`) cannot move it.
pub(crate) fn anchored(path: &Path) -> io::Result<PathBuf> {
    Ok(std::env::current_dir()?.join(path))
}

/// The folder a relative or absolute path sits in ("." for a bare name).
pub(crate) fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The nearest of `path` and its ancestors that exists.
pub(crate) fn existing_ancestor(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    loop {
        if fs::symlink_metadata(&p).is_ok() {
            return p;
        }
        p = parent_of(&p);
        if p == Path::new(".") {
            return p;
        }
    }
}

/// What a probe file holds, so a leftover probe is known for dicelab's by its content.
const PROBE_TEXT: &[u8] = b"dicelab write probe\n";

/// Proves `dir` writable by creating and removing a probe file (a leftover probe is removed by
/// the next run, as any other leftover of dicelab's).
pub(crate) fn probe(dir: &Path) -> io::Result<()> {
    let probe = dir.join(format!(".dicelab-probe-{}.tmp", std::process::id()));
    let mut f = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    let _ = io::Write::write_all(&mut f, PROBE_TEXT);
    let _ = fs::remove_file(&probe);
    Ok(())
}

/// The file a staging folder holds from its creation until its manifest is written: with it or
/// the manifest, a staging folder left by a killed run is provably dicelab's and may be removed.
pub(crate) const STAGE_MARKER: &str = ".dicelab-staging";

/// What the staging marker holds: a marker with anything else in it is not dicelab's.
const STAGE_TEXT: &[u8] = b"dicelab staging folder\n";

/// Creates the staging folder `stage` with its marker.
pub(crate) fn create_stage(stage: &Path) -> io::Result<()> {
    fs::create_dir(stage)?;
    let marked = fs::write(stage.join(STAGE_MARKER), STAGE_TEXT);
    if marked.is_err() {
        let _ = fs::remove_dir_all(stage);
    }
    marked
}

/// Creates `dir` and its missing ancestors, returning those it created (outermost first), so a
/// failed write can remove them again.
pub(crate) fn create_folders(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut missing = Vec::new();
    let mut p = dir.to_path_buf();
    while fs::symlink_metadata(&p).is_err() {
        missing.push(p.clone());
        match p.parent() {
            Some(up) if !up.as_os_str().is_empty() => p = up.to_path_buf(),
            _ => break,
        }
    }
    missing.reverse();
    for (i, m) in missing.iter().enumerate() {
        if let Err(e) = fs::create_dir(m) {
            remove_folders(&missing[..i]);
            return Err(e);
        }
    }
    Ok(missing)
}

/// Removes folders `create_folders` made, innermost first, if they are still empty.
pub(crate) fn remove_folders(created: &[PathBuf]) {
    for dir in created.iter().rev() {
        let _ = fs::remove_dir(dir);
    }
}

/// The temporary file a new `file` is written to before it is renamed over `file`: beside it,
/// hidden, named by the process so a later run can tell a dead run's leftover.
pub(crate) fn temp_file(file: &Path) -> PathBuf {
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    parent_of(file).join(format!(".{name}.dicelab-{}.tmp", std::process::id()))
}

/// The longest name of a new folder or file dicelab writes: its staging name beside it adds up to
/// 26 bytes (`.`, `.dicelab-stage-` and a process id), and a name is at most 255 bytes.
pub(crate) const MAX_NEW_NAME: usize = 255 - 26;

/// Refuses a new path whose part still to be created holds `.` or `..` (`n1/.`, `qq/../qq/r`
/// with `n1` and `qq` missing): the folders dicelab creates are the path's names one by one,
/// and such a name is no folder to create, so the write would fail after the work.
#[cfg(unix)]
fn check_new_part(target: &Path) -> Result<(), String> {
    use std::os::unix::ffi::OsStrExt;
    let raw = target.as_os_str().as_bytes();
    let names: Vec<&[u8]> = raw.split(|&b| b == b'/').collect();
    let missing_from = (0..names.len()).find(|&i| {
        let prefix = names[..=i].join(&b'/');
        !prefix.is_empty() && fs::symlink_metadata(std::ffi::OsStr::from_bytes(&prefix)).is_err()
    });
    match missing_from {
        Some(from) if names[from..].iter().any(|n| *n == b"." || *n == b"..") => Err(format!(
            "'.' or '..' in the part of the path still to be created ({}); write the path \
             without them",
            String::from_utf8_lossy(&names[from..].join(&b'/'))
        )),
        _ => Ok(()),
    }
}

#[cfg(not(unix))]
fn check_new_part(_: &Path) -> Result<(), String> {
    Ok(())
}

/// Refuses a new path dicelab could not stage beside itself: one with no name (`missing/..`)
/// or a name too long for its staging name. Checked before the work, where a write would
/// otherwise fail after it.
pub(crate) fn check_new_name(target: &Path) -> Result<(), String> {
    match target.file_name() {
        None => Err("expected a name at the end of the path".to_string()),
        Some(name) if name.len() > MAX_NEW_NAME => Err(format!(
            "a name of {} bytes, past the {MAX_NEW_NAME} a new one may have: dicelab stages \
             it beside itself under a longer name",
            name.len()
        )),
        Some(_) => check_new_part(target),
    }
}

/// The folder a new report folder named `name` is staged in, beside it in `parent`.
pub(crate) fn stage_folder(parent: &Path, name: &str) -> PathBuf {
    parent.join(format!(".{name}.dicelab-stage-{}", std::process::id()))
}

/// A name dicelab gives what it stages, as read back from a folder's entry.
#[derive(Debug, PartialEq, Eq)]
enum Staged<'a> {
    /// `.NAME.dicelab-stage-PID`: a report folder being written.
    Folder(&'a str, u32),
    /// `.NAME.dicelab-PID.tmp`: a file being written.
    File(&'a str, u32),
    /// `.dicelab-probe-PID.tmp`: a writability probe.
    Probe(u32),
}

impl<'a> Staged<'a> {
    /// What `entry` is, if its name is one dicelab stages under.
    fn of(entry: &'a str) -> Option<Self> {
        let rest = entry.strip_prefix('.')?;
        if let Some((stem, pid)) = rest.rsplit_once(".dicelab-stage-") {
            return Some(Staged::Folder(stem, pid.parse().ok()?));
        }
        let rest = rest.strip_suffix(".tmp")?;
        if let Some(pid) = rest.strip_prefix("dicelab-probe-") {
            return Some(Staged::Probe(pid.parse().ok()?));
        }
        let (stem, pid) = rest.rsplit_once(".dicelab-")?;
        Some(Staged::File(stem, pid.parse().ok()?))
    }
}

/// Removes from `dir` what dead dicelab runs left there, and only what is provably theirs: a
/// staging folder for `name` (any name with `None`) that holds the staging marker or a dicelab
/// manifest listing what it holds, and nothing but regular files; a temporary file for a file
/// `ours` names (a report file dicelab writes there); a probe holding the probe's text. A name
/// that only looks like one of these (`.x.csv.99999.tmp`, a folder of the user's own named
/// `.X.dicelab-stage-1`) is kept, and so is anything of a live run.
pub(crate) fn remove_leftovers(dir: &Path, name: Option<&str>, ours: &dyn Fn(&str) -> bool) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        let Some(staged) = Staged::of(&file_name) else {
            continue;
        };
        let pid = match staged {
            Staged::Folder(_, pid) | Staged::File(_, pid) | Staged::Probe(pid) => pid,
        };
        if pid == std::process::id() || alive(pid) {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        match staged {
            Staged::Folder(stem, _)
                if meta.is_dir() && name.is_none_or(|n| n == stem) && staged_by_us(&path) =>
            {
                let _ = fs::remove_dir_all(&path);
            }
            Staged::File(stem, _) if meta.is_file() && (stem == MANIFEST || ours(stem)) => {
                let _ = fs::remove_file(&path);
            }
            Staged::Probe(_)
                if meta.is_file() && fs::read(&path).is_ok_and(|b| b == PROBE_TEXT) =>
            {
                let _ = fs::remove_file(&path);
            }
            _ => {}
        }
    }
}

/// Whether the folder `stage` is provably a staging folder of dicelab's: only regular files in
/// it, and the staging marker holding its text, or a manifest of dicelab's vouching for every
/// one of them by size and hash (a killed run that had removed its marker).
fn staged_by_us(stage: &Path) -> bool {
    let Ok(entries) = fs::read_dir(stage) else {
        return false;
    };
    let mut names = Vec::new();
    for entry in entries {
        let Ok(entry) = entry else { return false };
        if !fs::symlink_metadata(entry.path()).is_ok_and(|m| m.is_file()) {
            return false;
        }
        names.push(entry.file_name().to_string_lossy().into_owned());
    }
    if names.iter().any(|n| n == STAGE_MARKER) {
        return fs::read(stage.join(STAGE_MARKER)).is_ok_and(|b| b == STAGE_TEXT);
    }
    Manifest::vouches_for_all(stage, &names)
}

/// Whether a process with this id runs (or may: one we may not signal counts as alive).
#[cfg(unix)]
pub(crate) fn alive(pid: u32) -> bool {
    use rustix::process::{Pid, test_kill_process};
    let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) else {
        return false;
    };
    // kill(pid, 0): sends nothing, only asks whether the process exists.
    match test_kill_process(pid) {
        Ok(()) => true,
        Err(e) => e == rustix::io::Errno::PERM,
    }
}

#[cfg(not(unix))]
pub(crate) fn alive(_: u32) -> bool {
    false
}

/// Swaps two folders in one step (Linux's `renameat2` with `RENAME_EXCHANGE`): at every instant
/// each path names one whole folder. `Ok(false)` where the system or file system cannot, and
/// where a folder is a mount point (a container's volume, a bind mount), which no rename moves:
/// the caller then writes in place.
#[cfg(target_os = "linux")]
pub(crate) fn exchange(a: &Path, b: &Path) -> io::Result<bool> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    use rustix::io::Errno;
    match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(true),
        Err(Errno::INVAL | Errno::NOSYS | Errno::XDEV | Errno::BUSY) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn exchange(_: &Path, _: &Path) -> io::Result<bool> {
    Ok(false)
}

/// Whether [`hook`] pauses: set once, by the `dicelab-hooked` test binary alone.
#[cfg(feature = "write-hook")]
static PAUSE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes every step of a write phase print `dicelab: write hook: STEP` on stderr and wait for a
/// line on stdin, so a test can kill the run at each step in turn (`tests/cli/writes.rs`). Only
/// the `dicelab-hooked` binary calls it, and only a build with the `write-hook` feature (a test
/// build) has it: no environment or input can make the installed `dicelab` or the Python module
/// wait on stdin.
#[cfg(feature = "write-hook")]
pub fn pause_at_write_steps() {
    PAUSE.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// The test hook before the step `step` (see [`pause_at_write_steps`]).
#[cfg(feature = "write-hook")]
pub(crate) fn hook(step: &str) {
    if PAUSE.load(std::sync::atomic::Ordering::Relaxed) {
        eprintln!("dicelab: write hook: {step}");
        let mut line = String::new();
        let _ = io::stdin().read_line(&mut line);
    }
}

/// Without the `write-hook` feature a write never pauses.
#[cfg(not(feature = "write-hook"))]
#[inline(always)]
pub(crate) fn hook(_step: &str) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staged_names_are_told_from_other_hidden_files() {
        assert_eq!(
            Staged::of(".r.dicelab-stage-42"),
            Some(Staged::Folder("r", 42))
        );
        assert_eq!(
            Staged::of(".summary.csv.dicelab-42.tmp"),
            Some(Staged::File("summary.csv", 42))
        );
        assert_eq!(Staged::of(".dicelab-probe-42.tmp"), Some(Staged::Probe(42)));
        assert_eq!(
            Staged::of(".summary.csv.42.tmp"),
            None,
            "0.4.0's: not provable"
        );
        assert_eq!(Staged::of(".git"), None);
        assert_eq!(Staged::of("summary.csv"), None);
        assert_eq!(Staged::of(".r.dicelab-stage-x"), None);
    }
}
