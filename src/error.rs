//! The one error type of the library.
//!
//! Every failure a user can cause is an [`Error::Input`] with a message that names the input, what
//! was expected and what was found, or an [`Error::Io`] naming the file or folder that could not
//! be read or written, so the binary can print it as a single line and exit non-zero.
//!
//! The rule, one for every command: **2** when what the user typed, or the content of a file
//! dicelab read, is wrong (a bad value, a bad row, a file that is not UTF-8 text or not the
//! format expected); **1** when the operating system cannot read or write a file or folder (it
//! does not exist, is a folder where a file is expected or the other way round, permission is
//! denied, the disk is full).

use std::path::Path;

/// Everything that can go wrong in dicelab that is not a bug.
///
/// Its message is always one line: messages quote what the user gave (a spec, a path, a field of
/// a file), and any of those may hold a line break or another control character, so `Display`
/// writes such characters escaped (`\n`, `\u{1b}`) wherever the message came from.
#[derive(Debug, thiserror::Error)]
#[error("{}", one_line(&self.raw()))]
pub enum Error {
    /// A bad command-line value, rule option, policy spec or data file.
    Input(String),
    /// A file or folder could not be read or written.
    Io {
        /// What failed, naming the file or folder: "deck d.csv: cannot read it".
        context: String,
        /// What the operating system said.
        source: std::io::Error,
    },
}

/// `message` with every control character escaped, so that it prints as one line.
pub fn one_line(message: &str) -> String {
    let mut line = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    line
}

/// Shorthand used throughout the crate.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// The message as built, before [`one_line`] escapes it.
    fn raw(&self) -> String {
        match self {
            Error::Input(message) => message.clone(),
            Error::Io { context, source } => format!("{context} ({source})"),
        }
    }

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

    /// A file or folder that could not be written: `context` names it and what failed
    /// ("--out r: cannot write a report there").
    pub fn unwritable(context: impl Into<String>, source: std::io::Error) -> Self {
        Error::Io {
            context: context.into(),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A message quoting a user's text with a line break (a spec, a path, a field of a file)
    /// still prints as one line.
    #[test]
    fn every_message_is_one_line() {
        let e = Error::input("--policy 'a\nb': unknown policy");
        assert_eq!(e.to_string(), "--policy 'a\\nb': unknown policy");
        let e = Error::unwritable(
            "--out x\ry: cannot write there",
            std::io::Error::other("bad\u{1b}[31m"),
        );
        assert_eq!(
            e.to_string(),
            "--out x\\ry: cannot write there (bad\\u{1b}[31m)"
        );
        assert_eq!(Error::input("plain é").to_string(), "plain é");
    }
}
