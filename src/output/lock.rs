//! One writer per output: a run takes a lock on the folder or file it will write before any work
//! starts and holds it until it is done, so a second run into the same place is refused at once,
//! naming the run that holds it, instead of both writing and leaving files of both (SQLite's rule:
//! one writer at a time).
//!
//! Two locks, each an advisory `flock` through the standard library's [`File::try_lock`], so the
//! system releases them when the process ends however it ends (no stale lock after a kill):
//!
//! - **by path**: a file in the system's temporary folder named by a hash of the output's full
//!   path (its real parent folders, symlinks resolved, and the names still to be created). Two
//!   runs that name one new folder compute the same path before either creates it, so the race to
//!   create a folder is caught too. The file holds the process id and command line of the run
//!   that holds it, for the refusal.
//! - **by folder**: an existing folder itself, so two paths to one folder (a bind mount, a
//!   different temporary folder) still meet.
//!
//! A lock that cannot be taken for a reason other than another holder (a temporary folder that
//! cannot be written) is skipped: it guards against a mistake, and refusing every run on such a
//! system would be worse.

use std::fs::{self, File, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sha2::{Digest, Sha256};

use super::path::{existing_ancestor, parent_of};

/// The locks a run holds on one output, released when the last clone is dropped.
#[derive(Clone, Debug)]
pub(crate) struct Held {
    _files: Arc<Vec<File>>,
}

/// What a run that waits for another's lock is told first: who holds it.
pub(crate) type Tell<'a> = dyn Fn(&Taken) + 'a;

/// Why an output could not be locked: another run holds it.
#[derive(Debug)]
pub(crate) struct Taken {
    /// The holder as its lock file tells it (`pid 123: dicelab simulate ...`), when it does.
    pub holder: Option<String>,
}

impl std::fmt::Display for Taken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("another dicelab run is writing it")?;
        match &self.holder {
            Some(holder) => write!(f, ": {holder}"),
            None => Ok(()),
        }
    }
}

/// Locks the output at `target` (a folder or a file, existing or not) for this process, telling
/// `command` to a run refused later. Where another run holds it, `wait`, when given, is told who
/// (once) and this run waits until the holder is done; without it the lock is refused.
pub(crate) fn lock(target: &Path, command: &[String], wait: Option<&Tell>) -> Result<Held, Taken> {
    let mut files = Vec::new();
    let mut told = false;
    if let Some(mut file) = path_lock_file(target) {
        let mut result = file.try_lock();
        if let (Err(TryLockError::WouldBlock), Some(wait)) = (&result, wait) {
            wait(&holder_of(&mut file));
            told = true;
            result = file.lock().map_err(TryLockError::Error);
        }
        match result {
            Ok(()) => {
                // Who holds it, for the message of a run refused: best effort.
                let _ = file.set_len(0);
                let _ = file.rewind();
                let _ = write!(
                    file,
                    "pid {}, {}",
                    std::process::id(),
                    crate::error::one_line(&command.join(" "))
                );
                let _ = file.flush();
                files.push(file);
            }
            Err(TryLockError::WouldBlock) => return Err(holder_of(&mut file)),
            Err(TryLockError::Error(_)) => {}
        }
    }
    if fs::metadata(target).is_ok_and(|m| m.is_dir())
        && let Ok(folder) = File::open(target)
    {
        let mut result = folder.try_lock();
        if let (Err(TryLockError::WouldBlock), Some(wait)) = (&result, wait) {
            if !told {
                wait(&Taken { holder: None });
            }
            result = folder.lock().map_err(TryLockError::Error);
        }
        match result {
            Ok(()) => files.push(folder),
            Err(TryLockError::WouldBlock) => return Err(Taken { holder: None }),
            Err(TryLockError::Error(_)) => {}
        }
    }
    Ok(Held {
        _files: Arc::new(files),
    })
}

/// Who holds the lock `file`, as its holder wrote it there: best effort.
fn holder_of(file: &mut File) -> Taken {
    let mut holder = String::new();
    let _ = file.rewind();
    let _ = file.take(512).read_to_string(&mut holder);
    let holder = holder.trim();
    Taken {
        holder: (!holder.is_empty()).then(|| holder.to_string()),
    }
}

/// The lock file of `target`'s path, created if need be; `None` where none can be opened.
fn path_lock_file(target: &Path) -> Option<File> {
    let dir = std::env::temp_dir().join("dicelab-locks");
    if fs::create_dir(&dir).is_ok() {
        // Every user's runs lock here; the sticky bit keeps each lock file its owner's.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = fs::set_permissions(&dir, fs::Permissions::from_mode(0o1777));
        }
    }
    let key = full_path(target);
    let hash = Sha256::digest(key.as_os_str().as_encoded_bytes());
    let name: String = hash[..16].iter().map(|b| format!("{b:02x}")).collect();
    let path = dir.join(format!("{name}.lock"));
    fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .or_else(|_| File::open(&path))
        .ok()
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
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_one_output_is_refused_until_the_first_is_dropped() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("new/r");
        let first = lock(&out, &["dicelab".into(), "first".into()], None).unwrap();
        let second = lock(&out, &[], None).unwrap_err();
        let holder = second.holder.expect("the holder is told");
        assert!(holder.ends_with(", dicelab first"), "{holder}");
        assert!(holder.starts_with(&format!("pid {}", std::process::id())));
        drop(first);
        assert!(lock(&out, &[], None).is_ok(), "released when dropped");
    }

    #[test]
    fn a_waiting_lock_is_told_the_holder_once_and_taken_when_the_first_is_dropped() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("r");
        fs::create_dir(&out).unwrap();
        let first = lock(&out, &["dicelab".into(), "first".into()], None).unwrap();
        let told = std::sync::Mutex::new(Vec::new());
        let tell = |taken: &Taken| told.lock().unwrap().push(taken.holder.clone());
        std::thread::scope(|s| {
            let waiter = s.spawn(|| lock(&out, &[], Some(&tell)).is_ok());
            std::thread::sleep(std::time::Duration::from_millis(200));
            assert!(!waiter.is_finished(), "it waits while the first holds");
            drop(first);
            assert!(waiter.join().unwrap(), "taken once the first is dropped");
        });
        let told = told.into_inner().unwrap();
        assert_eq!(told.len(), 1, "told once for the path and the folder");
        assert!(told[0].as_deref().unwrap().ends_with(", dicelab first"));
    }

    #[test]
    fn a_new_folder_and_the_same_folder_once_created_share_one_lock() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("a/b");
        let _held = lock(&out, &[], None).unwrap();
        fs::create_dir_all(&out).unwrap();
        assert!(
            lock(&out, &[], None).is_err(),
            "created by the holder, still held"
        );
        let other = lock(&tmp.path().join("a/c"), &[], None);
        assert!(other.is_ok(), "a sibling folder is another output");
    }

    #[test]
    fn two_spellings_of_one_folder_share_one_lock() {
        let tmp = tempfile::tempdir().unwrap();
        fs::create_dir(tmp.path().join("r")).unwrap();
        let _held = lock(&tmp.path().join("r"), &[], None).unwrap();
        assert!(lock(&tmp.path().join("r/../r/."), &[], None).is_err());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(tmp.path().join("r"), tmp.path().join("link")).unwrap();
            assert!(lock(&tmp.path().join("link"), &[], None).is_err());
        }
    }
}
