//! Tests of the locks: one writer per folder or file, the fallback and its warning.
use super::*;

#[test]
fn a_second_lock_on_one_output_is_refused_until_the_first_is_dropped() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("new/r");
    let first = lock(&out, &["dicelab".into(), "first".into()], None).unwrap();
    let Taken::Run(holder) = lock(&out, &[], None).unwrap_err() else {
        panic!("the holder is told");
    };
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
    let tell = |taken: &Taken| told.lock().unwrap().push(taken.clone());
    std::thread::scope(|s| {
        let waiter = s.spawn(|| lock(&out, &[], Some(&tell)).is_ok());
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert!(!waiter.is_finished(), "it waits while the first holds");
        drop(first);
        assert!(waiter.join().unwrap(), "taken once the first is dropped");
    });
    let told = told.into_inner().unwrap();
    assert_eq!(told.len(), 1, "told once for the path and the folder");
    assert!(matches!(&told[0], Taken::Run(h) if h.ends_with(", dicelab first")));
}

#[test]
fn a_holder_is_named_only_by_a_whole_line() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("l");
    let me = std::process::id();
    fs::write(&path, format!("pid {me}, /usr/bin/dicela")).unwrap();
    let mut half = File::open(&path).unwrap();
    let other = Taken::Other(path.clone());
    assert_eq!(holder_of(&mut half, &path), other, "half a line is no name");
    fs::write(&path, format!("pid {me}, dicelab simulate\n")).unwrap();
    let mut whole = File::open(&path).unwrap();
    assert_eq!(
        holder_of(&mut whole, &path),
        Taken::Run(format!("pid {me}, dicelab simulate"))
    );
    // A line left by a run no longer there (killed), or not a holder's line at all, names
    // no run: whoever holds the file now is some other process.
    for line in [
        "pid 2147483647, dicelab simulate\n",
        "locked by make\n",
        "\n",
    ] {
        fs::write(&path, line).unwrap();
        let mut file = File::open(&path).unwrap();
        assert_eq!(holder_of(&mut file, &path), other, "{line:?}");
    }
}

/// A lock folder of the test's own (mode 0700), so that counting its files counts this
/// test's alone.
fn private_lock_dir(tmp: &Path) -> PathBuf {
    use std::os::unix::fs::DirBuilderExt;
    let dir = tmp.join("locks");
    fs::DirBuilder::new().mode(0o700).create(&dir).unwrap();
    dir
}

/// A lock through `dir` (or, with `Err`, none), refusing where held; the warnings it gives.
fn lock_in(
    dir: Result<&Path, &str>,
    out: &Path,
    command: &[&str],
) -> (Result<Held, Taken>, Vec<String>) {
    let said = std::cell::RefCell::new(Vec::new());
    let command: Vec<String> = command.iter().map(|w| w.to_string()).collect();
    let held = lock_through(
        dir.map(Path::to_path_buf).map_err(str::to_string),
        out,
        &command,
        None,
        &|w: Warning| said.borrow_mut().push(w.line()),
    );
    (held, said.into_inner())
}

fn count(dir: &Path) -> usize {
    fs::read_dir(dir).unwrap().count()
}

#[test]
fn the_lock_folder_is_the_users_own() {
    use std::os::unix::fs::PermissionsExt;
    let dir = lock_dir().expect("a lock folder");
    let mode = fs::metadata(&dir).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700, "the user's own");
}

#[test]
fn a_link_planted_as_the_lock_file_is_not_written_through() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = private_lock_dir(tmp.path());
    let out = tmp.path().join("r");
    let victim = tmp.path().join("victim");
    fs::write(&victim, "mine").unwrap();
    let hash = Sha256::digest(full_path(&out).as_os_str().as_encoded_bytes());
    let name: String = hash[..16].iter().map(|b| format!("{b:02x}")).collect();
    std::os::unix::fs::symlink(&victim, dir.join(format!("{name}.lock"))).unwrap();
    let (held, said) = lock_in(Ok(&dir), &out, &["dicelab", "x"]);
    assert!(held.is_ok(), "locked through the folder instead");
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("cannot lock through "), "{said:?}");
    assert_eq!(fs::read_to_string(&victim).unwrap(), "mine");
    assert!(
        File::open(tmp.path()).unwrap().try_lock().is_err(),
        "the folder it is in is held"
    );
}

#[test]
fn a_lock_file_is_removed_when_released() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = private_lock_dir(tmp.path());
    let (held, said) = lock_in(Ok(&dir), &tmp.path().join("r"), &["dicelab"]);
    assert!(said.is_empty(), "{said:?}");
    assert_eq!(count(&dir), 1, "held");
    let refused = lock_in(Ok(&dir), &tmp.path().join("r"), &[]).0;
    assert!(refused.is_err());
    drop(held);
    assert_eq!(count(&dir), 0, "released");
}

/// A run waiting on a lock file takes it once the holder is done, which removed the file as
/// it let go: the waiter locks the path anew, so a third run is refused, naming the waiter
/// (a lock on the removed file would be a lock on nothing, and the third would write too).
#[test]
fn a_run_waiting_on_a_removed_lock_file_locks_the_path_anew() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = private_lock_dir(tmp.path());
    let out = tmp.path().join("new/r");
    let first = lock_in(Ok(&dir), &out, &["dicelab", "first"]).0.unwrap();
    let command = ["dicelab".to_string(), "second".to_string()];
    let tell = |_: &Taken| {};
    std::thread::scope(|s| {
        let second = s.spawn(|| {
            let never = |w: Warning| panic!("{}", w.line());
            lock_through(Ok(dir.clone()), &out, &command, Some(&tell), &never)
        });
        std::thread::sleep(std::time::Duration::from_millis(200));
        drop(first);
        let second = second.join().unwrap().unwrap();
        let Err(Taken::Run(holder)) = lock_in(Ok(&dir), &out, &[]).0 else {
            panic!("the third is refused, naming the holder");
        };
        assert!(holder.ends_with(", dicelab second"), "{holder}");
        assert_eq!(count(&dir), 1);
        drop(second);
        assert_eq!(count(&dir), 0);
    });
}

/// Without a lock folder an output is locked through the folder it is in, with a warning:
/// another process is kept out of the folder, and in this process (two threads, as the
/// Python module runs commands) the same output is refused, naming the holder, while another
/// output in that folder (a section of `dicelab report`) shares the folder's lock.
#[test]
fn without_a_lock_folder_an_output_is_locked_through_its_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("new/r");
    let (held, said) = lock_in(Err("no lock folder"), &out, &["dicelab", "first"]);
    let held = held.unwrap();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("no lock folder; "), "{said:?}");
    let Err(Taken::Run(holder)) = lock_in(Err("none"), &out, &[]).0 else {
        panic!("the same output is refused");
    };
    assert!(holder.ends_with(", dicelab first"), "{holder}");
    let sibling = lock_in(Err("none"), &tmp.path().join("new/s"), &[]).0;
    assert!(sibling.is_ok(), "another output of this process");
    let outsider = File::open(tmp.path()).unwrap();
    assert!(outsider.try_lock().is_err(), "the folder is held");
    drop((held, sibling));
    assert!(outsider.try_lock().is_ok(), "and let go");
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
