//! The one error type of the library.
//!
//! Every failure a user can cause is one of three kinds, so a caller can tell them apart without
//! reading the text:
//!
//! - [`Error::Value`]: one value given for one setting is wrong; the error names the
//!   [`Setting`], the value as given and why ("threads 2000: expected at most 1024 worker
//!   threads").
//! - [`Error::OutOfRange`]: a number outside the whole numbers a setting accepts; beside the
//!   same one-line message it keeps the setting, the value and both limits as data, so a caller
//!   (a binding raising its own exception, a form marking a field) need not read the text.
//! - [`Error::Input`]: a request that is wrong as a whole (settings in conflict, one missing) or
//!   a data file whose content is wrong.
//! - [`Error::Io`]: a file or folder the operating system could not read or write.
//!
//! The library never names a command-line flag: a message names a setting by its key and the
//! caller chooses how to write it ([`Error::render`]). The `dicelab` command line writes
//! `--threads` where the library's own [`Display`](std::fmt::Display) writes `threads`, as
//! ripgrep's parser, not its searchers, adds the flag name to an error.
//!
//! The rule for exit codes, one for every command: **2** when what the user typed, or the
//! content of a file dicelab read, is wrong ([`Error::Value`], [`Error::Input`]); **1** when the
//! operating system cannot read or write a file or folder ([`Error::Io`]: it does not exist, is
//! a folder where a file is expected or the other way round, permission is denied, the disk is
//! full).
//!
//! The parts live in files of their own: [`Message`] and the settings it names (`message.rs`),
//! how a caller writes them, apart from what went wrong; escaping a text to one line
//! (`line.rs`), which tables printed for a person need as much as errors do. This file keeps
//! the error itself: its kinds, its constructors and its one-line rendering.

use std::path::Path;

mod flags;
mod line;
mod message;

pub use flags::{Flags, Page};
pub use line::{one_line, printable};
pub use message::{Keys, Message, Names, Setting, Suggestion};

/// Everything that can go wrong in dicelab that is not a bug.
///
/// Its message is always one line: messages quote what the user gave (a spec, a path, a field of
/// a file), and any of those may hold a line break or another control character, so the text is
/// written with such characters escaped (`\n`, `\u{1b}`) wherever it came from.
#[derive(Debug, thiserror::Error)]
#[error("{}", self.render(&Keys))]
#[non_exhaustive]
pub enum Error {
    /// One value given for one setting is wrong.
    Value {
        /// Which setting.
        setting: Setting,
        /// The value as given, when the message quotes it.
        value: Option<String>,
        /// What is wrong with it: what was expected, which limit it passes.
        why: Message,
    },
    /// A number outside the range its setting accepts. The message is what the other kinds
    /// would say (so the command line prints the same line); the fields say it as data.
    OutOfRange {
        /// Which setting (`rule` for a rule option, whose value is then `key=value`).
        setting: Setting,
        /// The value as given.
        value: String,
        /// The smallest value accepted.
        min: i128,
        /// The largest value accepted.
        max: i128,
        /// The whole message, as written for a person.
        message: Message,
    },
    /// A request that is wrong as a whole, or a data file whose content is wrong.
    Input(Message),
    /// A game at the terminal whose input ended before the game did: not a wrong input, but
    /// not a finished game either, so a script can tell the two apart (exit code 3).
    Unfinished(Message),
    /// A file or folder could not be read or written.
    Io {
        /// What failed, naming the file or folder: "deck d.csv: cannot read it".
        context: Message,
        /// What the operating system said.
        source: std::io::Error,
    },
}

/// The longest error message printed whole, in characters; the longest dicelab writes of its own
/// (a list of every policy of a game) is under a tenth of it.
pub const MAX_MESSAGE_CHARS: usize = 4000;

/// Shorthand used throughout the crate.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// A bad input, with a message written for the user.
    pub fn input(message: impl Into<Message>) -> Self {
        Error::Input(message.into())
    }

    /// A bad value of `setting`, quoted in the message, and why it is wrong.
    pub fn value(setting: Setting, value: impl std::fmt::Display, why: impl Into<Message>) -> Self {
        Error::Value {
            setting,
            value: Some(value.to_string()),
            why: why.into(),
        }
    }

    /// A number of `setting` outside `min..=max`, with its message written out (a rule option
    /// names its game and key in its own words).
    pub fn out_of_range(
        setting: Setting,
        value: impl std::fmt::Display,
        (min, max): (i128, i128),
        message: impl Into<Message>,
    ) -> Self {
        Error::OutOfRange {
            setting,
            value: value.to_string(),
            min,
            max,
            message: message.into(),
        }
    }

    /// This bad value ([`Error::value`], [`Error::setting`]) as the number `value` outside
    /// `min..=max`: the same message, with the limits kept as data. Only a bad value names its
    /// setting, so the other kinds are returned as they are.
    pub fn outside(self, value: impl std::fmt::Display, range: (i128, i128)) -> Self {
        match self {
            Error::Value { ref setting, .. } => {
                let setting = setting.clone();
                Error::out_of_range(setting, value, range, self.message())
            }
            other => other,
        }
    }

    /// The limits a refused number passed, `(min, max)`, when the error is one.
    pub fn range(&self) -> Option<(i128, i128)> {
        match self {
            Error::OutOfRange { min, max, .. } => Some((*min, *max)),
            _ => None,
        }
    }

    /// A bad value of `setting` whose message does not quote it.
    pub fn setting(setting: Setting, why: impl Into<Message>) -> Self {
        Error::Value {
            setting,
            value: None,
            why: why.into(),
        }
    }

    /// An I/O failure on `path`.
    pub fn io(path: &Path, source: std::io::Error) -> Self {
        Error::Io {
            context: path.display().to_string().into(),
            source,
        }
    }

    /// A file or folder that could not be written: `context` names it and what failed
    /// ("out r: cannot write a report there").
    pub fn unwritable(context: impl Into<Message>, source: std::io::Error) -> Self {
        Error::Io {
            context: context.into(),
            source,
        }
    }

    /// A file the user named (`what`, e.g. "deck d.csv") that could not be read.
    pub fn unreadable(what: &str, source: std::io::Error) -> Self {
        Error::Io {
            context: format!("{what}: cannot read it").into(),
            source,
        }
    }

    /// Whether the operating system failed (exit code 1) rather than the input (exit code 2).
    pub fn is_io(&self) -> bool {
        matches!(self, Error::Io { .. })
    }

    /// The command line's exit code for this error: 1 when the operating system failed, 3 for
    /// a game whose input ended before it did, 2 for bad input.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Io { .. } => 1,
            Error::Unfinished(_) => 3,
            _ => 2,
        }
    }

    /// The same error with `prefix` before its message ("sweep wipe_ones=3: "), of the same kind
    /// for an I/O failure and an input error otherwise.
    pub fn prefixed(self, prefix: &str) -> Self {
        match self {
            Error::Io { context, source } => Error::Io {
                context: Message::from(prefix).then(context),
                source,
            },
            Error::OutOfRange {
                setting,
                value,
                min,
                max,
                message,
            } => Error::OutOfRange {
                setting,
                value,
                min,
                max,
                message: Message::from(prefix).then(message),
            },
            other => Error::Input(Message::from(prefix).then(other.message())),
        }
    }

    /// The message as a [`Message`]: for a bad value, the setting, the value and why.
    pub fn message(&self) -> Message {
        match self {
            Error::Value {
                setting,
                value,
                why,
            } => {
                let head = match value {
                    Some(v) => Message::default().valued(setting.clone(), v.clone()),
                    None => Message::default().setting(setting.clone()),
                };
                head.text(": ").then(why.clone())
            }
            Error::Input(message)
            | Error::Unfinished(message)
            | Error::OutOfRange { message, .. } => message.clone(),
            Error::Io { context, source } => context.clone().text(format!(" ({source})")),
        }
    }

    /// The message on one line, each setting and suggested command written by `names`, its
    /// middle cut out past [`MAX_MESSAGE_CHARS`] characters: a message quoting a huge line of a
    /// file (a 30 MB deck row) would otherwise be a 30 MB line on stderr.
    pub fn render(&self, names: &dyn Names) -> String {
        let line = one_line(&self.message().render(names));
        let chars = line.chars().count();
        if chars <= MAX_MESSAGE_CHARS {
            return line;
        }
        // The start names the input and the end says why (a quoted value sits between), so
        // the middle goes.
        let (keep_start, keep_end) = (MAX_MESSAGE_CHARS / 2, MAX_MESSAGE_CHARS / 4);
        let start: String = line.chars().take(keep_start).collect();
        let end: String = line.chars().skip(chars - keep_end).collect();
        format!(
            "{start} ... ({} characters left out) ... {end}",
            chars - keep_start - keep_end
        )
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The command line's way of naming a setting (`--threads`, `-n` for units), written out
    /// here so the library's tests need no command line; `app`'s tests check that `app::Flags`
    /// names settings the same way.
    pub(crate) struct Flags;

    impl Names for Flags {
        fn setting(&self, setting: &Setting) -> String {
            match setting.key() {
                "units" => "-n".to_string(),
                key => format!("--{key}"),
            }
        }

        fn suggestion(&self, command: &Suggestion) -> String {
            let mut line = format!("dicelab {}", command.words);
            for (setting, value) in &command.settings {
                line.push_str(&format!(" {} {value}", self.setting(setting)));
            }
            line
        }
    }

    /// A message quoting a user's text with a line break (a spec, a path, a field of a file)
    /// still prints as one line.
    #[test]
    fn every_message_is_one_line() {
        let e = Error::value(Setting::POLICY, "a\nb", "unknown policy");
        assert_eq!(e.to_string(), "policy 'a\\nb': unknown policy");
        let e = Error::unwritable(
            Message::default()
                .setting(Setting::OUT)
                .text(" x\ry: cannot write there"),
            std::io::Error::other("bad\u{1b}[31m"),
        );
        assert_eq!(
            e.render(&Flags),
            "--out x\\ry: cannot write there (bad\\u{1b}[31m)"
        );
        assert_eq!(Error::input("plain é").to_string(), "plain é");
    }

    /// A message quoting a huge line is cut, saying how much was left out; a short one is whole.
    #[test]
    fn a_huge_message_is_cut_to_a_readable_line() {
        let huge = Error::input(format!(
            "deck d.csv: line 2: '{}' is not a number",
            "7".repeat(30_000_000)
        ));
        let line = huge.to_string();
        assert!(line.len() < MAX_MESSAGE_CHARS + 100, "{}", line.len());
        assert!(
            line.starts_with("deck d.csv: line 2: '777"),
            "{}",
            &line[..40]
        );
        let total = 30_000_000 + "deck d.csv: line 2: '' is not a number".len();
        let left = total - MAX_MESSAGE_CHARS * 3 / 4;
        assert!(
            line.contains(&format!("777 ... ({left} characters left out) ... 777")),
            "{}",
            &line[1990..2060]
        );
        assert!(
            line.ends_with("777' is not a number"),
            "{}",
            &line[line.len() - 60..]
        );
        let whole = "é".repeat(MAX_MESSAGE_CHARS);
        assert_eq!(Error::input(whole.clone()).to_string(), whole);
    }

    /// A line or paragraph separator in what a user typed breaks a line in many editors and
    /// some terminals, so it is escaped as a line break is, in messages and printed tables.
    #[test]
    fn line_and_paragraph_separators_are_escaped() {
        let e = Error::value(Setting::POLICY, "stop-if: sum\u{2028}>= 14\u{2029}", "bad");
        assert_eq!(
            e.to_string(),
            "policy 'stop-if: sum\\u{2028}>= 14\\u{2029}': bad"
        );
        assert_eq!(printable("a\u{2028}b\nc"), "a\\u{2028}b\nc");
        // Other spaces print as they are.
        assert_eq!(one_line("a\u{a0}b\u{202f}c"), "a\u{a0}b\u{202f}c");
    }

    /// A number out of range says so as data (setting, value, limits) and in the same words
    /// a bad value would, written by the caller; a prefix keeps the kind.
    #[test]
    fn an_out_of_range_number_keeps_its_limits_beside_the_same_message() {
        let plain = Error::value(Setting::THREADS, "2000", "expected at most 1024");
        let e = Error::value(Setting::THREADS, "2000", "expected at most 1024")
            .outside(2000, (1, 1024));
        assert_eq!(e.to_string(), plain.to_string());
        assert_eq!(e.render(&Flags), "--threads 2000: expected at most 1024");
        assert_eq!(e.range(), Some((1, 1024)));
        assert!(!e.is_io());
        match &e {
            Error::OutOfRange { setting, value, .. } => {
                assert_eq!((setting, value.as_str()), (&Setting::THREADS, "2000"));
            }
            other => panic!("expected OutOfRange, found {other:?}"),
        }
        let e = e.prefixed("sweep: ");
        assert_eq!(e.range(), Some((1, 1024)));
        assert_eq!(e.to_string(), "sweep: threads 2000: expected at most 1024");
        assert_eq!(plain.range(), None);
        assert_eq!(Error::input("x").outside(3, (1, 2)).range(), None);
    }

    /// The library names a setting by its key and a caller by its own names: the same error
    /// reads `threads 0` from the library and `--threads 0` on the command line.
    #[test]
    fn a_setting_is_written_by_the_caller() {
        let e = Error::value(Setting::THREADS, "0", "expected at least 1");
        assert_eq!(e.to_string(), "threads 0: expected at least 1");
        assert_eq!(e.render(&Flags), "--threads 0: expected at least 1");
        let e = Error::input(
            Message::from("a position needs ")
                .settings_or(&[Setting::new("hand"), Setting::new("pile")])
                .text(": ")
                .suggest("solve sevens", &[(Setting::RULE, "max_rolls=4")]),
        );
        assert_eq!(
            e.to_string(),
            "a position needs hand or pile: solve sevens with rule max_rolls=4"
        );
        assert_eq!(
            e.render(&Flags),
            "a position needs --hand or --pile: dicelab solve sevens --rule max_rolls=4"
        );
        assert_eq!(
            Message::settings_in("§dice and §sum go together; §dice-shown, §units.").render(&Flags),
            "--dice and --sum go together; --dice-shown, -n."
        );
        assert!(matches!(
            e.prefixed("sweep x: "),
            Error::Input(m) if m.render(&Keys).starts_with("sweep x: a position")
        ));
    }
}
