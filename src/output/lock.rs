//! One writer per output: a run takes a lock on the folder or file it will write before any work
//! starts and holds it until it is done, so a second run into the same place is refused at once,
//! naming the run that holds it, instead of both writing and leaving files of both (SQLite's rule:
//! one writer at a time).
//!
//! Two locks, each an advisory `flock` through the standard library's [`File::try_lock`], so the
//! system releases them when the process ends however it ends (no stale lock after a kill):
//!
//! - **by path**: a file in the user's own folder of the system's temporary folder
//!   (`dicelab-locks-UID`) named by a hash of the output's full path (its real parent folders,
//!   symlinks resolved, and the names still to be created). Two runs that name one new folder
//!   compute the same path before either creates it, so the race to create a folder is caught
//!   too. The file holds the process id and command line of the run that holds it, for the
//!   refusal.
//! - **by folder**: an existing folder itself, so two paths to one folder (a bind mount, a
//!   different temporary folder, another user) still meet.
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
                // One line, ended by `\n`, which tells a reader the line is whole.
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
                let _ = writeln!(file, "{said}");
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

/// The most of its command line a holder writes in its lock file.
const HOLDER_BYTES: usize = 400;

/// Who holds the lock `file`, as its holder wrote it there. The holder writes its line just
/// after taking the lock, so a reader may come between: it waits a little for the whole line
/// (ended by `\n`) rather than name a run by half its command.
fn holder_of(file: &mut File) -> Taken {
    for _ in 0..50 {
        let mut holder = String::new();
        let _ = file.rewind();
        let _ = file
            .take(HOLDER_BYTES as u64 + 64)
            .read_to_string(&mut holder);
        if let Some(line) = holder.strip_suffix('\n') {
            return Taken {
                holder: (!line.trim().is_empty()).then(|| line.trim().to_string()),
            };
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Taken { holder: None }
}

/// The lock file of `target`'s path, created if need be; `None` where none can be opened.
fn path_lock_file(target: &Path) -> Option<File> {
    let dir = lock_dir()?;
    let key = full_path(target);
    let hash = Sha256::digest(key.as_os_str().as_encoded_bytes());
    let name: String = hash[..16].iter().map(|b| format!("{b:02x}")).collect();
    let mut options = fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A link planted where the lock file goes is not followed (nor written through).
        options.custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32);
    }
    options.open(dir.join(format!("{name}.lock"))).ok()
}

/// The folder of this user's lock files in the system's temporary folder, made private to the
/// user (`dicelab-locks-UID`, mode 0700): a folder every user could write would let one user
/// plant a link there that another user's run writes through, or refuse that run's lock. `None`
/// where no such folder can be had (a link, or a folder someone else owns, in its place).
#[cfg(unix)]
fn lock_dir() -> Option<PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    let uid = rustix::process::getuid().as_raw();
    let dir = std::env::temp_dir().join(format!("dicelab-locks-{uid}"));
    let _ = fs::DirBuilder::new().mode(0o700).create(&dir);
    let meta = fs::symlink_metadata(&dir).ok()?;
    (meta.is_dir() && meta.uid() == uid && meta.mode() & 0o077 == 0).then_some(dir)
}

#[cfg(not(unix))]
fn lock_dir() -> Option<PathBuf> {
    let dir = std::env::temp_dir().join("dicelab-locks");
    let _ = fs::create_dir(&dir);
    Some(dir)
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
    fn a_holder_is_named_only_by_a_whole_line() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("l");
        fs::write(&path, "pid 1, /usr/bin/dicela").unwrap();
        let mut half = File::open(&path).unwrap();
        assert!(
            holder_of(&mut half).holder.is_none(),
            "half a line is no name"
        );
        fs::write(&path, "pid 1, dicelab simulate\n").unwrap();
        let mut whole = File::open(&path).unwrap();
        assert_eq!(
            holder_of(&mut whole).holder.as_deref(),
            Some("pid 1, dicelab simulate")
        );
    }

    #[test]
    fn a_link_planted_as_the_lock_file_is_not_written_through() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("r");
        let victim = tmp.path().join("victim");
        fs::write(&victim, "mine").unwrap();
        let dir = lock_dir().expect("a lock folder");
        let mode = fs::metadata(&dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700, "the user's own");
        let hash = Sha256::digest(full_path(&out).as_os_str().as_encoded_bytes());
        let name: String = hash[..16].iter().map(|b| format!("{b:02x}")).collect();
        let planted = dir.join(format!("{name}.lock"));
        std::os::unix::fs::symlink(&victim, &planted).unwrap();
        let held = lock(&out, &["dicelab".into(), "x".into()], None);
        let _ = fs::remove_file(&planted);
        assert!(held.is_ok(), "the folder's own lock still taken");
        assert_eq!(fs::read_to_string(&victim).unwrap(), "mine");
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
