//! Writing files whole or not at all, apart from what they hold: a report folder ([`OutDir`],
//! `dir.rs`) or one file ([`OutFile`], `file.rs`) is staged and renamed into place only once all of
//! it is written, so an interrupted or failed run never leaves a half-written report. A folder's
//! `run.json` (`manifest.rs`) says what made it and lists its files, so a rerun removes the
//! previous run's files and nothing of the user's. What stands at a path, staged names,
//! leftovers of a killed run and the test hook are in `path.rs`. One run writes a folder or file
//! at a time: the second is refused before its work (`lock.rs`).
//!
//! The exporters of [`crate::report`] make the names and bytes; this module only puts them on
//! disk.

mod dir;
mod file;
mod lock;
pub(crate) mod manifest;
pub(crate) mod path;

use crate::error::{Error, Message, Setting};

pub use dir::{Fill, OutDir};
pub use file::{OutFile, Staged};
pub use manifest::{InputRef, Invocation, RunAbout};

/// What a run into `path` does where another run holds it, as `invocation` says: `None`
/// refuses; otherwise tell the invocation's caller who it waits for, then wait.
fn waiting<'a>(path: &'a std::path::Path, invocation: &Invocation) -> Option<Box<lock::Tell<'a>>> {
    let tell = invocation.wait?;
    Some(Box::new(move |taken: &lock::Taken| {
        let whom = match taken {
            lock::Taken::Run(holder) => {
                format!("another dicelab run to finish writing it ({holder})")
            }
            lock::Taken::Other(locked) => format!(
                "another process to release its lock on {}",
                locked.display()
            ),
        };
        tell(
            &Message::default()
                .setting(Setting::OUT)
                .text(format!(" {}: waiting for {whom}", path.display())),
        );
    }))
}

/// An `--out` that cannot be written, `what` saying so ("cannot write a report there"), and why:
/// exit 1 like every other place that cannot be written (the error module's rule), whether the
/// system refused it or dicelab did (a FIFO, a folder, another run writing it).
/// The system's error keeps its kind and number, so a caller that tells kinds apart (Python's
/// `NotADirectoryError`) can.
fn unwritable_out(path: &std::path::Path, what: &str, why: &dyn Why) -> Error {
    unwritable_named(&Setting::OUT, path, what, why)
}

/// [`unwritable_out`] of a file `setting` names.
fn unwritable_named(setting: &Setting, path: &std::path::Path, what: &str, why: &dyn Why) -> Error {
    let source = match why.os_error() {
        Some(e) => match e.raw_os_error() {
            Some(number) => std::io::Error::from_raw_os_error(number),
            None => std::io::Error::new(e.kind(), e.to_string()),
        },
        None => std::io::Error::other(why.to_string()),
    };
    Error::unwritable(
        Message::default()
            .valued(setting.clone(), path.display().to_string())
            .text(format!(": {what}")),
        source,
    )
}

/// dicelab's own finding that the place of a folder holds something else (`a file, not a
/// folder`), of the kind the system gives it, so a caller telling kinds apart sees one.
fn not_a_folder(what: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::NotADirectory,
        format!("{what}, not a folder"),
    )
}

/// Why a place cannot be written: the system's error, or dicelab's own reason (a FIFO, a
/// folder it will not replace, another run writing it).
trait Why: std::fmt::Display {
    /// The system's error, where it is one.
    fn os_error(&self) -> Option<&std::io::Error> {
        None
    }
}

impl Why for std::io::Error {
    fn os_error(&self) -> Option<&std::io::Error> {
        Some(self)
    }
}

impl Why for String {}

impl Why for &str {}

/// Another process holding a place is dicelab's reason, not the system's error.
impl Why for lock::Taken {}
