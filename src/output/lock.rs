//! One writer per output: a run takes a lock on the folder or file it will write before any work
//! starts and holds it until it is done, so a second run into the same place is refused at once,
//! naming the run that holds it, instead of both writing and leaving files of both (SQLite's rule:
//! one writer at a time).
//!
//! Each lock is an advisory `flock` through the standard library's [`File::try_lock`], so the
//! system releases it when the process ends however it ends (no stale lock after a kill):
//!
//! - **by path**: a file in the user's own folder of the system's temporary folder
//!   (`dicelab-locks-UID`, mode 0700) named by a hash of the output's full path (its real parent
//!   folders, symlinks resolved, and the names still to be created). Two runs that name one new
//!   folder compute the same path before either creates it, so the race to create a folder is
//!   caught too. The file holds the process id and command line of the run that holds it, for
//!   the refusal, and is removed when the run lets go of it.
//! - **by folder**: an existing folder itself, so two paths to one folder (a bind mount, a
//!   different temporary folder, another user) still meet.
//!
//! Where the lock by path cannot be had (the lock folder is a symlink, another user's, open to
//! others, or the temporary folder is missing, a file or not an absolute path), the run says so
//! once on stderr and locks instead the nearest existing folder above its output, and each
//! folder it creates for it as it does: coarser (two runs into two outputs in one folder then
//! exclude each other) but still one writer per output.
//!
//! A lock file is removed only while its lock is held, and a lock counts only once the path still
//! names the file locked (a run waiting on a file another removed tries again on the new one),
//! so removing them never lets two runs hold one output.

use std::fs::{self, File, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};

use sha2::{Digest, Sha256};

use super::path::{alive, existing_ancestor, parent_of};

/// The locks a run holds on one output, released when the last clone is dropped.
#[derive(Clone, Debug)]
pub(crate) struct Held {
    _locks: Arc<Locks>,
}

/// What a run holds on one output, each released as it is dropped.
#[derive(Debug, Default)]
struct Locks {
    /// The lock file of its path in the lock folder.
    _path: Option<PathLock>,
    /// This process's claim on it, where it is locked through its folder instead.
    claim: Option<Claim>,
    /// Folders' own locks: the output folder's, and the folder it is in where that stands for
    /// the lock by path.
    _folders: Vec<Arc<FolderLock>>,
    /// Folders the run created for its output and locked then (see [`Held::cover`]).
    created: Mutex<Vec<Arc<FolderLock>>>,
}

impl Held {
    /// Where the output is locked through the folder it is in (there is no lock folder), also
    /// locks `folder`, the folder the output goes in, once the run has created it: a run that
    /// comes after finds that folder and locks it as the one its output is in, which must meet
    /// this run's lock. Refused where another process took it first, in the instant between.
    pub(crate) fn cover(&self, folder: &Path) -> Result<(), Taken> {
        if self._locks.claim.is_none() {
            return Ok(());
        }
        match lock_folder(folder, None, &mut false)? {
            Ok(held) => {
                let mut created = self
                    ._locks
                    .created
                    .lock()
                    .unwrap_or_else(|e| e.into_inner());
                created.push(held);
            }
            Err(e) => warn_once(Warning::NoFolderLock(folder.to_path_buf(), e)),
        }
        Ok(())
    }
}

/// What a run that waits for another's lock is told first: who holds it.
pub(crate) type Tell<'a> = dyn Fn(&Taken) + 'a;

/// Why an output could not be locked: another process holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Taken {
    /// A dicelab run, as it wrote itself in its lock file (`pid 123, dicelab simulate ...`).
    Run(String),
    /// A process that did not say who it is (another program, or a dicelab run of another user
    /// or temporary folder), holding a lock on this file or folder.
    Other(PathBuf),
}

impl std::fmt::Display for Taken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Taken::Run(holder) => write!(f, "another dicelab run is writing it: {holder}"),
            Taken::Other(path) => write!(f, "another process holds the lock on {}", path.display()),
        }
    }
}

/// Locks the output at `target` (a folder or a file, existing or not) for this process, telling
/// `command` to a run refused later. Where another run holds it, `wait`, when given, is told who
/// (once) and this run waits until the holder is done; without it the lock is refused.
pub(crate) fn lock(target: &Path, command: &[String], wait: Option<&Tell>) -> Result<Held, Taken> {
    lock_through(lock_dir(), target, command, wait, &warn_once)
}

/// [`lock`] with the lock folder (or why there is none) and the warning given: what the tests
/// vary without changing the process's environment.
fn lock_through(
    dir: Result<PathBuf, String>,
    target: &Path,
    command: &[String],
    wait: Option<&Tell>,
    warn: &dyn Fn(Warning),
) -> Result<Held, Taken> {
    let key = full_path(target);
    let said = holder_line(command);
    let mut told = false;
    let mut locks = Locks::default();
    let by_path = match dir {
        Ok(dir) => lock_file(&dir, &key, &said, wait, &mut told)?.map_err(|e| {
            format!(
                "cannot lock through {}: {}",
                dir.display(),
                crate::error::one_line(&e.to_string())
            )
        }),
        Err(why) => Err(why),
    };
    match by_path {
        Ok(file) => locks._path = Some(file),
        Err(why) => {
            warn(Warning::NoLockFolder(why));
            locks.claim = Some(claim(&key, &said, wait, &mut told)?);
            let folder = existing_ancestor(&parent_of(&key));
            match lock_folder(&folder, wait, &mut told)? {
                Ok(held) => locks._folders.push(held),
                Err(e) => warn(Warning::NoFolderLock(folder, e)),
            }
        }
    }
    if fs::metadata(target).is_ok_and(|m| m.is_dir()) {
        match lock_folder(target, wait, &mut told)? {
            Ok(held) => locks._folders.push(held),
            // Only a Unix system takes a folder's own lock (elsewhere a folder cannot be opened
            // as a file), where it fails only on a folder that cannot be read.
            Err(e) if cfg!(unix) => warn(Warning::NoFolderLock(target.to_path_buf(), e)),
            Err(_) => {}
        }
    }
    Ok(Held {
        _locks: Arc::new(locks),
    })
}

/// The line a holder writes in its lock file: its process id and command line, cut to
/// [`HOLDER_BYTES`].
fn holder_line(command: &[String]) -> String {
    let mut said = format!(
        "pid {}, {}",
        std::process::id(),
        crate::error::one_line(&command.join(" "))
    );
    if said.len() > HOLDER_BYTES {
        let mut end = HOLDER_BYTES;
        while !said.is_char_boundary(end) {
            end -= 1;
        }
        said.truncate(end);
        said.push_str("...");
    }
    said
}

/// A lock file of the lock folder, held: removed when released, while its lock is still held.
#[derive(Debug)]
struct PathLock {
    file: File,
    path: PathBuf,
}

impl Drop for PathLock {
    fn drop(&mut self) {
        // Removed only while the path still names the file locked (it always does, unless
        // something other than dicelab replaced it); the lock is released after, as `file`
        // closes, so a run waiting on this file finds it removed and takes the path anew.
        if same_file(&self.file, &self.path) {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Locks the lock file of `key` in `dir`. `Ok(Err(_))` where it cannot be opened or locked for a
/// reason other than a holder (the caller then locks the folder instead).
fn lock_file(
    dir: &Path,
    key: &Path,
    said: &str,
    wait: Option<&Tell>,
    told: &mut bool,
) -> Result<io::Result<PathLock>, Taken> {
    let hash = Sha256::digest(key.as_os_str().as_encoded_bytes());
    let name: String = hash[..16].iter().map(|b| format!("{b:02x}")).collect();
    let path = dir.join(format!("{name}.lock"));
    loop {
        let mut file = match open_lock_file(&path) {
            Ok(file) => file,
            Err(e) => return Ok(Err(e)),
        };
        let mut result = file.try_lock();
        if let (Err(TryLockError::WouldBlock), Some(wait)) = (&result, wait) {
            if !*told {
                wait(&holder_of(&mut file, &path));
                *told = true;
            }
            result = file.lock().map_err(TryLockError::Error);
        }
        match result {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => return Err(holder_of(&mut file, &path)),
            Err(TryLockError::Error(e)) => return Ok(Err(e)),
        }
        // The holder before removed the file as it let go (or a killed run's file was taken
        // over and removed): this lock is on a file no other run will open. Again, on the path.
        if !same_file(&file, &path) {
            continue;
        }
        // Who holds it, for the message of a run refused: best effort. One line, ended by `\n`,
        // which tells a reader the line is whole.
        let _ = file.set_len(0);
        let _ = file.rewind();
        let _ = writeln!(file, "{said}");
        let _ = file.flush();
        return Ok(Ok(PathLock { file, path }));
    }
}

/// Opens (creating it if need be) the lock file at `path`, not following a link planted there.
fn open_lock_file(path: &Path) -> io::Result<File> {
    let mut options = fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A link planted where the lock file goes is not followed (nor written through).
        options
            .custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32)
            .mode(0o600);
    }
    options.open(path)
}

/// Whether `path` names the very file `file` is open on (same device and inode).
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::symlink_metadata(path)) {
        (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &File, path: &Path) -> bool {
    path.exists()
}

/// The most of its command line a holder writes in its lock file.
const HOLDER_BYTES: usize = 400;

/// Who holds the lock file at `path` (open as `file`): a dicelab run, by the line it wrote there,
/// when that line names a process still running; otherwise only that some process holds it (a
/// program that is not dicelab: `flock FILE`). The holder writes its line just after taking the
/// lock, so a reader may come between: it waits a little for the whole line (ended by `\n`)
/// rather than name a run by half its command.
fn holder_of(file: &mut File, path: &Path) -> Taken {
    for _ in 0..50 {
        let mut holder = String::new();
        let _ = file.rewind();
        let _ = file
            .take(HOLDER_BYTES as u64 + 64)
            .read_to_string(&mut holder);
        if let Some(line) = holder.strip_suffix('\n') {
            let line = line.trim();
            return match names_a_run(line) {
                true => Taken::Run(line.to_string()),
                false => Taken::Other(path.to_path_buf()),
            };
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Taken::Other(path.to_path_buf())
}

/// Whether `line` is a holder's line (`pid N, COMMAND`) naming a process that still runs: a
/// file left by a killed run, then locked by another program, names a run no longer there.
/// Where a process cannot be asked whether it runs (not Unix), the line is taken at its word.
fn names_a_run(line: &str) -> bool {
    line.strip_prefix("pid ")
        .and_then(|rest| rest.split_once(", "))
        .and_then(|(pid, _)| pid.parse().ok())
        .is_some_and(|pid| !cfg!(unix) || alive(pid))
}

/// A folder's own lock, held by this process: every hold of this process on one folder shares
/// it, since a second lock on it from this process (a section of `dicelab report` in the folder
/// its root holds) would be refused as another's.
#[derive(Debug)]
struct FolderLock {
    _file: File,
    id: Option<FileId>,
}

/// A file's device and inode, which name a folder however it is reached.
type FileId = (u64, u64);

/// The folders this process holds locks on, by device and inode.
static FOLDERS: Mutex<Vec<(FileId, Weak<FolderLock>)>> = Mutex::new(Vec::new());

impl Drop for FolderLock {
    fn drop(&mut self) {
        if self.id.is_some() {
            let mut folders = FOLDERS.lock().unwrap_or_else(|e| e.into_inner());
            folders.retain(|(_, held)| held.strong_count() > 0);
        }
    }
}

/// The device and inode of an open file.
#[cfg(unix)]
fn file_id(file: &File) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    file.metadata().ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn file_id(_: &File) -> Option<FileId> {
    None
}

/// Locks the folder `dir` itself (see [`FolderLock`]). `Ok(Err(_))` where it cannot be opened
/// or locked for a reason other than a holder.
fn lock_folder(
    dir: &Path,
    wait: Option<&Tell>,
    told: &mut bool,
) -> Result<io::Result<Arc<FolderLock>>, Taken> {
    let file = match File::open(dir) {
        Ok(file) => file,
        Err(e) => return Ok(Err(e)),
    };
    let id = file_id(&file);
    let held_here = || {
        let folders = FOLDERS.lock().unwrap_or_else(|e| e.into_inner());
        folders
            .iter()
            .find(|(held, _)| Some(*held) == id)
            .and_then(|(_, lock)| lock.upgrade())
    };
    if let Some(held) = held_here() {
        return Ok(Ok(held));
    }
    let mut result = file.try_lock();
    if let (Err(TryLockError::WouldBlock), Some(wait)) = (&result, wait) {
        if !*told {
            wait(&Taken::Other(dir.to_path_buf()));
            *told = true;
        }
        result = file.lock().map_err(TryLockError::Error);
    }
    match result {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => return Err(Taken::Other(dir.to_path_buf())),
        Err(TryLockError::Error(e)) => return Ok(Err(e)),
    }
    let held = Arc::new(FolderLock { _file: file, id });
    if let Some(id) = id {
        let mut folders = FOLDERS.lock().unwrap_or_else(|e| e.into_inner());
        folders.push((id, Arc::downgrade(&held)));
    }
    Ok(Ok(held))
}

/// This process's claim on an output it locks through the folder it is in: that lock is shared
/// by every output of the process in the folder (see [`FolderLock`]), so two of its threads
/// writing one output (two captured runs) meet here instead.
#[derive(Debug)]
struct Claim {
    key: PathBuf,
}

/// The outputs this process holds through their folder, with the holder's line.
static CLAIMS: Mutex<Vec<(PathBuf, String)>> = Mutex::new(Vec::new());

impl Drop for Claim {
    fn drop(&mut self) {
        let mut claims = CLAIMS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = claims.iter().position(|(key, _)| *key == self.key) {
            claims.swap_remove(i);
        }
    }
}

/// Claims `key` for this process (see [`Claim`]), waiting for another thread's claim to go
/// where `wait` is given.
fn claim(key: &Path, said: &str, wait: Option<&Tell>, told: &mut bool) -> Result<Claim, Taken> {
    loop {
        {
            let mut claims = CLAIMS.lock().unwrap_or_else(|e| e.into_inner());
            match claims.iter().find(|(held, _)| held == key) {
                None => {
                    claims.push((key.to_path_buf(), said.to_string()));
                    return Ok(Claim {
                        key: key.to_path_buf(),
                    });
                }
                Some((_, holder)) => {
                    let taken = Taken::Run(holder.clone());
                    match wait {
                        None => return Err(taken),
                        Some(wait) if !*told => {
                            *told = true;
                            drop(claims);
                            wait(&taken);
                        }
                        Some(_) => {}
                    }
                }
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// What a run is told once when it cannot lock an output as it should.
#[derive(Debug)]
enum Warning {
    /// No lock by path (why): the output is locked through the folder it is in.
    NoLockFolder(String),
    /// Not even that folder's (or the output folder's own) lock could be taken.
    NoFolderLock(PathBuf, io::Error),
}

impl Warning {
    /// The warning's one line, after `dicelab: warning: `.
    fn line(&self) -> String {
        match self {
            Warning::NoLockFolder(why) => format!(
                "{why}; each run locks the folder its output is in instead, so only one run at a \
                 time writes into a folder"
            ),
            Warning::NoFolderLock(folder, e) => format!(
                "cannot lock {}: {}; another run may write the same output at once",
                folder.display(),
                crate::error::one_line(&e.to_string())
            ),
        }
    }
}

/// Says `warning` on stderr, once a process for each kind: the lock folder is the process's, and
/// `dicelab report`, locking many folders, says it once.
fn warn_once(warning: Warning) {
    static SAID: Mutex<[bool; 2]> = Mutex::new([false; 2]);
    let kind = match warning {
        Warning::NoLockFolder(_) => 0,
        Warning::NoFolderLock(..) => 1,
    };
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    if !said[kind] {
        said[kind] = true;
        // A closed stderr is no reason to fail the run.
        let _ = writeln!(io::stderr().lock(), "dicelab: warning: {}", warning.line());
    }
}

/// The folder of this user's lock files in the system's temporary folder, made private to the
/// user (`dicelab-locks-UID`, mode 0700): a folder every user could write would let one user
/// plant a link there that another user's run writes through, or refuse that run's lock, and one
/// others could read would show them every run's command line. Why not, where no such folder can
/// be had: a link, a folder someone else owns or others may open, in its place, or no temporary
/// folder to make it in.
#[cfg(unix)]
fn lock_dir() -> Result<PathBuf, String> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    let uid = rustix::process::getuid().as_raw();
    let tmp = std::env::temp_dir();
    let dir = tmp.join(format!("dicelab-locks-{uid}"));
    let cannot = |why: String| format!("cannot lock through {}: {why}", dir.display());
    if !tmp.is_absolute() {
        // A relative TMPDIR (or an empty one) names a different folder from every folder a run
        // starts in: runs would not meet, and the lock folder would land in the user's folder.
        return Err(format!(
            "cannot lock through the temporary folder '{}': not an absolute path (TMPDIR)",
            tmp.display()
        ));
    }
    let made = fs::DirBuilder::new().mode(0o700).create(&dir);
    let meta = match fs::symlink_metadata(&dir) {
        Ok(meta) => meta,
        Err(_) => {
            let e = made.err().unwrap_or_else(|| io::Error::other("not found"));
            return Err(cannot(crate::error::one_line(&e.to_string())));
        }
    };
    if meta.file_type().is_symlink() {
        Err(cannot("it is a symbolic link".into()))
    } else if !meta.is_dir() {
        Err(cannot(format!(
            "it is {}, not a folder",
            super::path::Kind::of_metadata(&meta).noun()
        )))
    } else if meta.uid() != uid {
        Err(cannot(format!(
            "it belongs to user {}, not to this user ({uid})",
            meta.uid()
        )))
    } else if meta.mode() & 0o077 != 0 {
        Err(cannot(format!(
            "its mode is {:04o}, open to others; dicelab makes it 0700",
            meta.mode() & 0o7777
        )))
    } else {
        Ok(dir)
    }
}

#[cfg(not(unix))]
fn lock_dir() -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join("dicelab-locks");
    let _ = fs::create_dir(&dir);
    Ok(dir)
}

/// `target` as one spelling for every run that names it: its nearest existing ancestor with
/// symlinks resolved, then the names below it, whether or not they exist yet.
fn full_path(target: &Path) -> PathBuf {
    let absolute = std::path::absolute(target).unwrap_or_else(|_| target.to_path_buf());
    if let Ok(real) = fs::canonicalize(&absolute) {
        return real;
    }
    let ancestor = existing_ancestor(&parent_of(&absolute));
    let base = fs::canonicalize(&ancestor).unwrap_or(ancestor.clone());
    let rest = absolute.strip_prefix(&ancestor).unwrap_or(&absolute);
    base.join(rest)
}

#[cfg(test)]
#[path = "lock_tests.rs"]
mod tests;
