//! Standard output, written through one checked path.
//!
//! `println!` panics when a write fails, and a write whose error is dropped turns a full disk
//! into a success that printed nothing; so every answer a command prints goes through [`say`],
//! and `play`'s writer is judged by [`closed_pipe`]. Two failures are told apart:
//!
//! - a closed pipe (`dicelab table sieben | head -1`: the reader has read what it wanted) is no
//!   error, as ripgrep has it: nothing on stderr, exit code 0. A command goes on without its
//!   printing, so the files it was asked for are still written and the exit code still says so;
//!   only `play`, which writes no file, stops at once.
//! - any other failure (`> /dev/full`) is an I/O error (exit code 1), with one line.
//!
//! A closed standard output (`>&-`) cannot be told from `> /dev/null`: the Rust runtime opens
//! `/dev/null` in its place before `main` runs.

use std::io::Write;

use crate::{Error, Result};

/// Writes `text` to standard output and flushes it (a full disk often shows only at the flush).
/// A closed pipe is ignored; any other failure is an [`Error::Io`] naming standard output. A
/// captured command ([`super::run_captured`]) keeps the text instead.
pub(super) fn say(text: &str) -> Result<()> {
    if super::capture::printed(text) {
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if !is_closed_pipe(&e) => Err(unwritable(e)),
        _ => Ok(()),
    }
}

/// Writes `text` for a person to read, as [`say`] does, with every line printable
/// ([`crate::error::printable`]): a name quoted from the command line or a file can neither
/// break a line nor drive the terminal. Machine output (JSON, CSV, a data file) goes through
/// `say` as it is.
pub(super) fn show(text: &str) -> Result<()> {
    say(&crate::error::printable(text))
}

/// Standard output could not be written, for `source`.
pub(super) fn unwritable(source: std::io::Error) -> Error {
    Error::unwritable("standard output: cannot write to it", source)
}

/// Whether `e` says the reader of a pipe has gone.
pub(super) fn is_closed_pipe(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::BrokenPipe
}

/// `result` with a failure to write to a closed pipe taken as success: for a command that stops
/// at its first failed write (`play`), once nobody reads what it prints.
pub(super) fn closed_pipe<T: Default>(result: Result<T>) -> Result<T> {
    match result {
        Err(Error::Io { source, .. }) if is_closed_pipe(&source) => Ok(T::default()),
        other => other,
    }
}

/// Writes `dicelab: LINE` on stderr. A stderr that cannot be written (`2>/dev/full`, a closed
/// pipe, a full disk under a batch system's logs) loses the line but never the run: the work is
/// done and the exit code still says how it went (`eprintln!` would panic instead).
pub(crate) fn tell(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "dicelab: {line}");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only a broken pipe is a quiet success; a full disk keeps its error.
    #[test]
    fn only_a_closed_pipe_is_taken_as_success() {
        let pipe = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        assert!(closed_pipe::<()>(Err(Error::unwritable("x", pipe))).is_ok());
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let kept = closed_pipe::<()>(Err(unwritable(full))).unwrap_err();
        assert!(kept.is_io());
        assert!(
            kept.to_string()
                .starts_with("standard output: cannot write to it ("),
            "{kept}"
        );
    }
}
