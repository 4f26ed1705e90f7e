//! The one error type of the library.
//!
//! Every failure a user can cause is an [`Error::Input`] with a message that names the input, what
//! was expected and what was found, or an [`Error::Io`] naming the file or folder that could not
//! be read or written, so the binary can print it as a single line and exit non-zero: 2 for bad
//! input, 1 for a file system failure.

use std::path::Path;

/// Everything that can go wrong in dicelab that is not a bug.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A bad command-line value, rule option, policy spec or data file.
    #[error("{0}")]
    Input(String),
    /// A file or folder could not be read or written.
    #[error("{context} ({source})")]
    Io {
        /// What failed, naming the file or folder: "deck d.csv: cannot read it".
        context: String,
        /// What the operating system said.
        source: std::io::Error,
    },
}

/// Shorthand used throughout the crate.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// A bad input, with a message written for the user.
    pub fn input(message: impl Into<String>) -> Self {
        Error::Input(message.into())
    }

    /// An I/O failure on `path`.
    pub fn io(path: &Path, source: std::io::Error) -> Self {
        Error::Io {
            context: path.display().to_string(),
            source,
        }
    }

    /// A file the user named (`what`, e.g. "deck d.csv") that could not be read.
    pub fn unreadable(what: &str, source: std::io::Error) -> Self {
        Error::Io {
            context: format!("{what}: cannot read it"),
            source,
        }
    }
}
