//! Running a command in this process and keeping what it makes, for a program that embeds dicelab
//! (the Python package, `python/`): the text it would print and the files it would write, byte
//! for byte the command line's, without a terminal or a folder.
//!
//! The capture is the calling thread's own: every command prints and computes its files on the
//! thread that runs it (a simulation's workers only count), so two threads can each run a
//! captured command at once, and a command run without capture prints as before.

use std::cell::RefCell;

thread_local! {
    /// The capture of the command running on this thread, if it is captured.
    static CAPTURE: RefCell<Option<Captured>> = const { RefCell::new(None) };
}

/// What a captured command made.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Captured {
    /// What it printed on standard output.
    pub stdout: String,
    /// The files its report holds (`summary.csv`, the tables of `solve`, the charts), by name, as
    /// `--out` would write them; computed whether or not `--out` was given. `run.json` is the
    /// folder's record, not the report's, and is written only into a folder.
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
/// A capture already running on this thread (a command that runs another) is set aside and put
/// back, so each sees only its own output.
pub(super) fn capturing<T>(f: impl FnOnce() -> T) -> (T, Captured) {
    let outer = CAPTURE.with(|c| c.replace(Some(Captured::default())));
    // Put back even if `f` panics, so a later command on this thread is not captured by mistake.
    struct Restore(Option<Option<Captured>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(outer) = self.0.take() {
                CAPTURE.with(|c| c.replace(outer));
            }
        }
    }
    let mut restore = Restore(Some(outer));
    let result = f();
    let outer = restore.0.take().unwrap_or_default();
    let captured = CAPTURE.with(|c| c.replace(outer)).unwrap_or_default();
    (result, captured)
}

/// Whether this thread's command is captured: it then shows no progress bar and keeps its files.
pub(super) fn active() -> bool {
    CAPTURE.with(|c| c.borrow().is_some())
}

/// Keeps `text` as printed, if this thread is captured; says whether it was kept.
pub(super) fn printed(text: &str) -> bool {
    CAPTURE.with(|c| match c.borrow_mut().as_mut() {
        Some(captured) => {
            captured.stdout.push_str(text);
            true
        }
        None => false,
    })
}

/// Keeps a copy of `files`, if this thread is captured.
pub(super) fn made(files: &[(String, Vec<u8>)]) {
    CAPTURE.with(|c| {
        if let Some(captured) = c.borrow_mut().as_mut() {
            captured.files.extend(files.iter().cloned());
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What is printed inside a capture is kept, nothing outside it, and a nested capture sees
    /// only its own text while the outer one keeps going.
    #[test]
    fn a_capture_keeps_only_its_own_output() {
        assert!(!printed("before"));
        let ((), outer) = capturing(|| {
            assert!(active());
            assert!(printed("a"));
            let ((), inner) = capturing(|| {
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

    /// A command that panics inside a capture leaves the thread uncaptured.
    #[test]
    fn a_panic_inside_a_capture_ends_it() {
        let result = std::panic::catch_unwind(|| capturing(|| panic!("boom")));
        assert!(result.is_err());
        assert!(!active());
        assert!(!printed("after"));
    }
}
