//! What every write of a file or folder shares: what stands at a path (symlinks followed to
//! their target), the names of staged files and folders, removing what a killed run left, and
//! the test hook that pauses a write between its steps.
//!
//! dicelab replaces only regular files. A device, FIFO, socket or folder standing where a file
//! goes is refused before anything is written; a symlink is written through, to its target.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// What a path names once symlinks are followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Nothing yet: a new path.
    Absent,
    /// A regular file.
    File,
    /// A folder.
    Folder,
    /// Anything else, described for an error line ("a FIFO").
    Other(&'static str),
}

impl Kind {
    /// What stands at `path`, symlinks followed (a dangling link names a new path).
    pub(crate) fn of(path: &Path) -> io::Result<Kind> {
        match fs::metadata(path) {
            Ok(m) if m.is_file() => Ok(Kind::File),
            Ok(m) if m.is_dir() => Ok(Kind::Folder),
            Ok(m) => Ok(Kind::Other(describe(&m.file_type()))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Kind::Absent),
            Err(e) => Err(e),
        }
    }

    /// The kind as a noun phrase: "a folder", "a FIFO".
    pub(crate) fn noun(self) -> &'static str {
        match self {
            Kind::Absent => "nothing",
            Kind::File => "a regular file",
            Kind::Folder => "a folder",
            Kind::Other(what) => what,
        }
    }
}

#[cfg(unix)]
fn describe(t: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else {
        "not a regular file"
    }
}

#[cfg(not(unix))]
fn describe(_: &fs::FileType) -> &'static str {
    "not a regular file"
}

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

/// Proves `dir` writable by creating and removing a probe file (a leftover probe is removed by
/// the next run, as any other leftover).
pub(crate) fn probe(dir: &Path) -> io::Result<()> {
    let probe = dir.join(format!(".dicelab-probe-{}.tmp", std::process::id()));
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    let _ = fs::remove_file(&probe);
    Ok(())
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

/// The folder a new report folder named `name` is staged in, beside it in `parent`.
pub(crate) fn stage_folder(parent: &Path, name: &str) -> PathBuf {
    parent.join(format!(".{name}.dicelab-stage-{}", std::process::id()))
}

/// The process id in a leftover's name if it is one dicelab writes into `dir` for the file or
/// folder `name` (or for any name with `name` `None`): a staged folder `.NAME.dicelab-stage-PID`,
/// a temporary file `.NAME.dicelab-PID.tmp`, a probe `.dicelab-probe-PID.tmp`, or a temporary
/// file of dicelab 0.4.0 and before, `.NAME.PID.tmp` of a report file (csv, svg, json, html, md).
fn leftover_pid(entry: &str, name: Option<&str>) -> Option<u32> {
    let rest = entry.strip_prefix('.')?;
    let of = |stem: &str| name.is_none_or(|n| n == stem);
    if let Some((stem, pid)) = rest.rsplit_once(".dicelab-stage-") {
        return of(stem).then(|| pid.parse().ok()).flatten();
    }
    let rest = rest.strip_suffix(".tmp")?;
    if let Some(pid) = rest.strip_prefix("dicelab-probe-") {
        return name.is_none().then(|| pid.parse().ok()).flatten();
    }
    if let Some((stem, pid)) = rest.rsplit_once(".dicelab-") {
        return of(stem).then(|| pid.parse().ok()).flatten();
    }
    let (stem, pid) = rest.rsplit_once('.')?;
    let report_file = [".csv", ".svg", ".json", ".html", ".md"]
        .iter()
        .any(|ext| stem.ends_with(ext));
    (report_file && of(stem))
        .then(|| pid.parse().ok())
        .flatten()
}

/// Removes from `dir` what dead dicelab runs left there for `name` (for any name with `None`):
/// staged folders and temporary files. A live run's are kept.
pub(crate) fn remove_leftovers(dir: &Path, name: Option<&str>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = leftover_pid(&file_name.to_string_lossy(), name) else {
            continue;
        };
        if pid == std::process::id() || alive(pid) {
            continue;
        }
        let path = entry.path();
        match fs::symlink_metadata(&path) {
            Ok(m) if m.is_dir() => {
                let _ = fs::remove_dir_all(&path);
            }
            Ok(m) if m.is_file() => {
                let _ = fs::remove_file(&path);
            }
            _ => {}
        }
    }
}

/// Whether a process with this id runs (or may: one we may not signal counts as alive).
#[cfg(unix)]
fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    // SAFETY: kill with signal 0 sends nothing; it only checks that the process exists.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

#[cfg(not(unix))]
fn alive(_: u32) -> bool {
    false
}

/// Swaps two folders in one step (Linux's `renameat2` with `RENAME_EXCHANGE`): at every instant
/// each path names one whole folder. `Ok(false)` where the system or file system cannot.
#[cfg(target_os = "linux")]
pub(crate) fn exchange(a: &Path, b: &Path) -> io::Result<bool> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| CString::new(p.as_os_str().as_bytes()).map_err(io::Error::other);
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: both are NUL-terminated paths that live across the call.
    let r = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if r == 0 {
        return Ok(true);
    }
    let e = io::Error::last_os_error();
    match e.raw_os_error() {
        Some(libc::EINVAL) | Some(libc::ENOSYS) | Some(libc::EXDEV) => Ok(false),
        _ => Err(e),
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn exchange(_: &Path, _: &Path) -> io::Result<bool> {
    Ok(false)
}

/// The environment variable of the test hook: when set, every step of a write phase prints
/// `dicelab: write hook: STEP` on stderr and waits for a line on stdin, so a test can kill the
/// run at each step in turn (`tests/cli/writes.rs`). Not for users.
pub(crate) const HOOK_VAR: &str = "DICELAB_WRITE_HOOK";

/// The test hook before the step `step` (see [`HOOK_VAR`]); nothing when the variable is unset.
pub(crate) fn hook(step: &str) {
    if std::env::var_os(HOOK_VAR).is_some() {
        eprintln!("dicelab: write hook: {step}");
        let mut line = String::new();
        let _ = io::stdin().read_line(&mut line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leftovers_are_told_from_other_hidden_files() {
        let any = |e: &str| leftover_pid(e, None);
        assert_eq!(any(".r.dicelab-stage-42"), Some(42));
        assert_eq!(any(".summary.csv.dicelab-42.tmp"), Some(42));
        assert_eq!(any(".dicelab-probe-42.tmp"), Some(42));
        assert_eq!(any(".summary.csv.42.tmp"), Some(42));
        assert_eq!(any(".notes.txt.42.tmp"), None, "not a report file");
        assert_eq!(any(".git"), None);
        assert_eq!(any("summary.csv"), None);
        assert_eq!(any(".r.dicelab-stage-x"), None);
        let of_r = |e: &str| leftover_pid(e, Some("r"));
        assert_eq!(of_r(".r.dicelab-stage-42"), Some(42));
        assert_eq!(of_r(".rr.dicelab-stage-42"), None);
        assert_eq!(of_r(".dicelab-probe-42.tmp"), None);
    }
}
