//! The one error type of the library.
//!
//! Every failure a user can cause is an [`Error::Input`] with a message that names the input, what
//! was expected and what was found, so the binary can print it as a single line and exit non-zero.

use std::path::{Path, PathBuf};

/// Everything that can go wrong in dicelab that is not a bug.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A bad command-line value, rule option, policy spec or data file.
    #[error("{0}")]
    Input(String),
    /// A file or folder could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder that failed.
        path: PathBuf,
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
            path: path.to_path_buf(),
            source,
        }
    }
}
