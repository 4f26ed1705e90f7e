//! Running a command in this process and keeping what it makes, for a program that embeds dicelab
//! (the Python package, `python/`): the text it would print and the files it would write, byte
//! for byte the command line's, without a terminal or a folder.
//!
//! The capture is the calling thread's own: every command prints and computes its files on the
//! thread that runs it (a simulation's workers only count), so two threads can each run a
//! captured command at once, and a command run without capture prints as before.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::engine::OnProgress;

use super::interrupt::Watched;

thread_local! {
    /// The capture of the command running on this thread, if it is captured.
    static CAPTURE: RefCell<Option<Capture>> = const { RefCell::new(None) };
}

/// A command's capture: what it made so far, and the flag that asks it to stop.
struct Capture {
    made: Captured,
    stop: Option<Arc<AtomicBool>>,
}

/// What a captured command made.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Captured {
    /// What it printed on standard output.
    pub stdout: String,
    /// The files of the report of `simulate`, `compare` and `merge` (`summary.csv`, the charts),
    /// the tables of `solve` and `table`, and `sweep.csv` (with its charts when `--out` is
    /// given), by name, as `--out` would write them; computed whether or not `--out` was given.
    /// `run.json` is the folder's record, not the report's, and is written only into a folder.
    /// `report` keeps every section's run files in turn (so names repeat); the other commands'
    /// files are written only where `--out` says.
    pub files: Vec<(String, Vec<u8>)>,
}

/// A captured command that failed: the line the command line prints after `dicelab: `, and its
/// exit code (2 for bad input, 1 for a file or folder that could not be read or written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failed {
    /// The one line, starting `error: `.
    pub line: String,
    /// The command line's exit code.
    pub code: u8,
}

/// Runs `f` with this thread's output captured, and returns what was captured with its result.
/// `stop`, once set, stops a simulation between two chunks. A capture already running on this
/// thread (a command that runs another) is set aside and put back, so each sees only its own
/// output.
pub(super) fn capturing<T>(stop: Option<Arc<AtomicBool>>, f: impl FnOnce() -> T) -> (T, Captured) {
    let mine = Capture {
        made: Captured::default(),
        stop,
    };
    // Puts the outer capture back when `f` returns or panics, so a later command on this
    // thread is never captured by mistake.
    struct Restore(Option<Capture>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CAPTURE.with(|c| c.replace(self.0.take()));
        }
    }
    let _outer = Restore(CAPTURE.with(|c| c.replace(Some(mine))));
    let result = f();
    let captured = CAPTURE
        .with(|c| c.borrow_mut().take())
        .map(|c| c.made)
        .unwrap_or_default();
    (result, captured)
}

/// Whether this thread's command is captured.
#[cfg(test)]
fn active() -> bool {
    CAPTURE.with(|c| c.borrow().is_some())
}

/// Where a command's progress goes: a captured command's nowhere (a program reading the results
/// has no terminal to watch, and a notebook shows a process's stderr out of place), though a set
/// stop flag stops its runs; otherwise a bar on stderr unless `quiet`, and Ctrl-C stops the run
/// ([`Watched`]). The front end decides here, so no command asks whether it is captured.
pub(super) fn progress(quiet: bool) -> OnProgress {
    let stop = CAPTURE.with(|c| c.borrow().as_ref().map(|c| c.stop.clone()));
    match stop {
        Some(Some(flag)) => OnProgress::stopped_by(flag),
        Some(None) => OnProgress::default(),
        None => OnProgress::to(Arc::new(Watched::new(quiet))),
    }
}

/// Keeps `text` as printed, if this thread is captured; says whether it was kept.
pub(super) fn printed(text: &str) -> bool {
    CAPTURE.with(|c| match c.borrow_mut().as_mut() {
        Some(capture) => {
            capture.made.stdout.push_str(text);
            true
        }
        None => false,
    })
}

/// Keeps a copy of `files`, if this thread is captured.
pub(super) fn made(files: &[(String, Vec<u8>)]) {
    CAPTURE.with(|c| {
        if let Some(capture) = c.borrow_mut().as_mut() {
            capture.made.files.extend(files.iter().cloned());
        }
    });
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;

    /// What is printed inside a capture is kept, nothing outside it, and a nested capture sees
    /// only its own text while the outer one keeps going.
    #[test]
    fn a_capture_keeps_only_its_own_output() {
        assert!(!printed("before"));
        let ((), outer) = capturing(None, || {
            assert!(active());
            assert!(printed("a"));
            let ((), inner) = capturing(None, || {
                printed("b");
                made(&[("x.csv".to_string(), b"1".to_vec())]);
            });
            assert_eq!(inner.stdout, "b");
            assert_eq!(inner.files.len(), 1);
            printed("c");
        });
        assert_eq!(outer.stdout, "ac");
        assert!(outer.files.is_empty());
        assert!(!active());
    }

    /// A captured command's runs stop once its flag is set, and only then.
    #[test]
    fn a_set_stop_flag_stops_the_captured_runs() {
        let flag = Arc::new(AtomicBool::new(false));
        let ((), _) = capturing(Some(flag.clone()), || {
            let progress = progress(false);
            assert!(!progress.stopped());
            flag.store(true, Ordering::Relaxed);
            assert!(progress.stopped());
        });
        assert!(!progress(true).stopped());
        let ((), _) = capturing(None, || assert!(!progress(false).stopped()));
    }

    /// A command that panics inside a capture leaves the thread uncaptured.
    #[test]
    fn a_panic_inside_a_capture_ends_it() {
        let result = std::panic::catch_unwind(|| capturing(None, || panic!("boom")));
        assert!(result.is_err());
        assert!(!active());
        assert!(!printed("after"));
    }
}
