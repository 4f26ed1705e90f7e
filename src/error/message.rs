//! The text of an error with the settings and commands it names kept as parts.
//!
//! The library names a setting by its key and never a flag, so what a message says (prose) and
//! how a caller writes a setting or a suggested command ([`Names`]) are kept apart here, away
//! from the kinds of error that carry a message.

use std::borrow::Cow;

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

/// The library's own way ([`Error`](super::Error)'s `Display`): settings by their keys, a
/// command as its words and its settings (`solve sevens with rule max_rolls=4, out DIR`).
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
