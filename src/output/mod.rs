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

pub use dir::OutDir;
pub use file::OutFile;
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
fn unwritable_out(path: &std::path::Path, what: &str, why: &dyn std::fmt::Display) -> Error {
    Error::unwritable(
        Message::default()
            .setting(Setting::OUT)
            .text(format!(" {}: {what}", path.display())),
        std::io::Error::other(why.to_string()),
    )
}
