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

use std::borrow::Cow;
use std::path::Path;

/// One of a request's settings, by its key (`threads`, `policy`, `pile-cards`): what an error
/// names when a value is wrong, so that each caller can write it its own way (the command line
/// as its flag).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setting(Cow<'static, str>);

impl Setting {
    /// Worker threads of a run.
    pub const THREADS: Setting = Setting::named("threads");
    /// The units of a run (races, turns, games).
    pub const UNITS: Setting = Setting::named("units");
    /// The shard of a run a job array runs (`K/N`).
    pub const SHARD: Setting = Setting::named("shard");
    /// The folder or file a command writes.
    pub const OUT: Setting = Setting::named("out");
    /// A rule option (`key=value`).
    pub const RULE: Setting = Setting::named("rule");
    /// The number of players.
    pub const PLAYERS: Setting = Setting::named("players");
    /// A policy spec.
    pub const POLICY: Setting = Setting::named("policy");
    /// A deck file of the card game 7.
    pub const DECK: Setting = Setting::named("deck");

    /// The setting of `key` (written as it would be a flag's name, without dashes).
    pub const fn named(key: &'static str) -> Self {
        Setting(Cow::Borrowed(key))
    }

    /// The setting of a key only known at run time (a position key a game declares).
    pub fn new(key: impl Into<String>) -> Self {
        Setting(Cow::Owned(key.into()))
    }

    /// The key: `threads`.
    pub fn key(&self) -> &str {
        &self.0
    }

    /// Whether a value of this setting is quoted in a message: specs, `key=value` pairs and
    /// times may hold spaces; numbers and paths do not need it.
    pub fn quotes_values(&self) -> bool {
        matches!(self.key(), "policy" | "rule" | "budget" | "from" | "for")
    }
}

/// A command a message suggests (`solve sevens` with `rule max_rolls=4` and `out DIR`), kept as
/// parts so the command line can write it as a command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// The subcommand and its arguments: `solve sevens`.
    pub words: String,
    /// The settings given, in order, each with its value.
    pub settings: Vec<(Setting, String)>,
}

/// One piece of a [`Message`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    Text(String),
    Setting(Setting),
    /// A setting and the value given for it, which the message quotes.
    Valued(Setting, String),
    Suggestion(Suggestion),
}

/// The text of an error, with the settings and commands it names kept apart from the prose so a
/// caller writes them its own way ([`Message::render`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message(Vec<Part>);

impl Message {
    /// A message from fixed text in which `§key` names a setting: `"needs §dice and §sum"`.
    /// Only fixed text (`'static`) is read this way, so a value a user typed, appended with
    /// [`Message::text`], is never taken for a setting.
    pub fn settings_in(template: &'static str) -> Self {
        let mut message = Message::default();
        let mut rest = template;
        while let Some(at) = rest.find('§') {
            message = message.text(&rest[..at]);
            let after = &rest[at + '§'.len_utf8()..];
            let end = after
                .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
                .unwrap_or(after.len());
            message = message.setting(Setting::named(&after[..end]));
            rest = &after[end..];
        }
        message.text(rest)
    }

    /// Appends plain text.
    pub fn text(mut self, text: impl Into<String>) -> Self {
        let text = text.into();
        if let Some(Part::Text(last)) = self.0.last_mut() {
            last.push_str(&text);
        } else if !text.is_empty() {
            self.0.push(Part::Text(text));
        }
        self
    }

    /// Appends the name of a setting.
    pub fn setting(mut self, setting: Setting) -> Self {
        self.0.push(Part::Setting(setting));
        self
    }

    /// Appends the name of a setting with the value given for it (`threads 0`, `policy 'x'`).
    pub fn valued(mut self, setting: Setting, value: impl Into<String>) -> Self {
        self.0.push(Part::Valued(setting, value.into()));
        self
    }

    /// Appends a suggested command.
    pub fn suggest(mut self, words: &str, settings: &[(Setting, &str)]) -> Self {
        self.0.push(Part::Suggestion(Suggestion {
            words: words.to_string(),
            settings: settings
                .iter()
                .map(|(s, v)| (s.clone(), v.to_string()))
                .collect(),
        }));
        self
    }

    /// Appends `settings` as a list ending in `or`: `a, b or c`.
    pub fn settings_or(mut self, settings: &[Setting]) -> Self {
        for (i, setting) in settings.iter().enumerate() {
            if i > 0 {
                self = self.text(if i + 1 == settings.len() {
                    " or "
                } else {
                    ", "
                });
            }
            self = self.setting(setting.clone());
        }
        self
    }

    /// Appends another message.
    pub fn then(mut self, other: Message) -> Self {
        for part in other.0 {
            self = match part {
                Part::Text(t) => self.text(t),
                Part::Valued(s, v) => self.valued(s, v),
                part => {
                    self.0.push(part);
                    self
                }
            };
        }
        self
    }

    /// The text, each setting written by `name` and each suggested command by `command`.
    pub fn render(&self, names: &dyn Names) -> String {
        let mut out = String::new();
        for part in &self.0 {
            match part {
                Part::Text(t) => out.push_str(t),
                Part::Setting(s) => out.push_str(&names.setting(s)),
                Part::Valued(s, v) => out.push_str(&names.valued(s, v)),
                Part::Suggestion(c) => out.push_str(&names.suggestion(c)),
            }
        }
        out
    }
}

/// The library's own writing of a message ([`Keys`]): settings by their keys.
impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render(&Keys))
    }
}

/// A message in a document the library writes (advice as JSON) is its own writing ([`Keys`]).
impl serde::Serialize for Message {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.render(&Keys))
    }
}

impl From<String> for Message {
    fn from(text: String) -> Self {
        Message::default().text(text)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Self {
        Message::default().text(text)
    }
}

/// How a caller writes the settings and commands an error names.
pub trait Names {
    /// A setting: the library writes its key (`threads`), the command line its flag.
    fn setting(&self, setting: &Setting) -> String;

    /// A suggested command.
    fn suggestion(&self, command: &Suggestion) -> String;

    /// A setting and the value given for it: by default the setting, a space and the value,
    /// quoted where values may hold spaces (`threads 0`, `policy 'x'`); a caller whose settings
    /// are written `key=value` (Python's keyword arguments) writes it so.
    fn valued(&self, setting: &Setting, value: &str) -> String {
        if setting.quotes_values() {
            format!("{} '{value}'", self.setting(setting))
        } else {
            format!("{} {value}", self.setting(setting))
        }
    }
}

/// The library's own way ([`Error`]'s `Display`): settings by their keys, a command as its words
/// and its settings (`solve sevens with rule max_rolls=4, out DIR`).
pub struct Keys;

impl Names for Keys {
    fn setting(&self, setting: &Setting) -> String {
        setting.key().to_string()
    }

    fn suggestion(&self, command: &Suggestion) -> String {
        let settings: Vec<String> = command
            .settings
            .iter()
            .map(|(s, v)| format!("{} {v}", s.key()))
            .collect();
        if settings.is_empty() {
            command.words.clone()
        } else {
            format!("{} with {}", command.words, settings.join(", "))
        }
    }
}

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

/// `message` with every control character escaped, so that it prints as one line. The line and
/// paragraph separators (U+2028, U+2029) are escaped with them: they are no control characters,
/// but an editor or a terminal may break the line there. The characters that reverse the
/// direction of the text after them (U+202A to U+202E, U+2066 to U+2069) are escaped too: in a
/// file name they would make a line read as something else.
pub fn one_line(message: &str) -> String {
    let mut line = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() || is_separator(c) || is_direction_mark(c) {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    line
}

/// `text` as lines for a terminal: each line as [`one_line`] writes it, the line breaks kept. A
/// table that quotes a file name (a policy's `heuristic:FILE`) can then neither break its lines
/// nor drive the terminal.
pub fn printable(text: &str) -> String {
    text.split('\n')
        .map(one_line)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `c` separates lines or paragraphs (Unicode's categories Zl and Zp).
fn is_separator(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// Whether `c` overrides or isolates the direction of the text after it.
fn is_direction_mark(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

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

    /// A table printed for a person keeps its lines, but a file name in it can neither add a
    /// line, move the cursor nor turn the text after it around.
    #[test]
    fn printable_text_keeps_its_lines_and_escapes_the_rest() {
        assert_eq!(printable("a\tb\nc\n"), "a\\tb\nc\n");
        assert_eq!(
            printable("policy heuristic:w\u{1b}[2Jx\u{202e}.csv\n"),
            "policy heuristic:w\\u{1b}[2Jx\\u{202e}.csv\n"
        );
        assert_eq!(printable("plain é\n\nend"), "plain é\n\nend");
        assert_eq!(one_line("to \u{2066}x"), "to \\u{2066}x");
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
