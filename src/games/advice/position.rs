//! A position as a person writes it: the keys a game declares ([`PositionKey`]), the flags of
//! the command line or a JSON file's object of the same keys, read into one [`Position`] of
//! `key`, text pairs, and the lists and numbers their values hold, each refused with the key
//! and what was wrong.

use serde_json::value::RawValue;

use crate::error::{Error, Message, Result, Setting};

/// A key a game's position is written with: `--KEY VALUE` on the command line, `"KEY": VALUE` in
/// a position file. The same table parses, lists in help, and names the keys in errors.
#[derive(Clone, Copy, Debug)]
pub struct PositionKey {
    /// The key, as the flag's name (`to-beat`).
    pub key: &'static str,
    /// Its name in a player's words, for a page's field (`Score to beat`).
    pub heading: &'static str,
    /// How its value is written (`T`, `F,F,F`).
    pub syntax: &'static str,
    /// What it says about the position.
    pub meaning: &'static str,
}

impl PositionKey {
    /// The keys of `keys` as an error lists them: `a, b or c` (the command line writes them as
    /// its flags).
    pub fn list(keys: &[PositionKey]) -> Message {
        Message::default().settings_or(&keys.iter().map(|k| k.setting()).collect::<Vec<_>>())
    }

    /// The setting an error names for this key.
    pub fn setting(&self) -> Setting {
        Setting::named(self.key)
    }
}

/// A JSON object's entries in the order written, a repeated key kept each time, each value as
/// written: serde_json's `Value` would hold 2^64 as a float, and a message should quote what the
/// file says.
struct Entries(Vec<(String, Box<RawValue>)>);

impl<'de> serde::Deserialize<'de> for Entries {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Entries;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<Entries, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(Visit)
    }
}

/// A position as the user wrote it: `key`, text pairs, in the order given, each key once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    entries: Vec<(String, String)>,
}

impl Position {
    /// A position from `key`, text pairs (the command line's flags); a key given twice is
    /// refused.
    pub fn new(entries: Vec<(String, String)>) -> Result<Self> {
        let mut position = Self::default();
        for (key, text) in entries {
            position.add(key, text)?;
        }
        Ok(position)
    }

    /// A position from `key`, text pairs written out, as tests and a library user write one.
    pub fn of(entries: &[(&str, &str)]) -> Result<Self> {
        Self::new(
            entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    fn add(&mut self, key: String, text: String) -> Result<()> {
        if self.get(&key).is_some() {
            return Err(Error::input(
                Message::default()
                    .setting(Setting::new(key))
                    .text(" is given twice"),
            ));
        }
        self.entries.push((key, text));
        Ok(())
    }

    /// The position in a JSON file's text (`what` names it in errors): one object whose keys are
    /// position keys and whose values are numbers, strings, or lists of numbers (written as the
    /// flag's comma-separated text). A number that is whole (`1e0`, `2.0`) is the whole number, as
    /// JSON has no other kind; any other stays as written. Keys given in `overrides` (the command
    /// line's flags) take their place. A byte-order mark before the object is skipped, as in a
    /// CSV file.
    pub fn from_json(what: &str, text: &str, overrides: Position) -> Result<Self> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // Every entry as written: serde_json's map keeps only a repeated key's last value, and
        // a position saying two things of one key is not a position. Well-formed JSON that is
        // no object (a list, a number) fails as data, not as syntax.
        let Entries(entries) = serde_json::from_str(text).map_err(|e| {
            Error::input(match e.classify() {
                serde_json::error::Category::Data => {
                    format!("{what}: expected one JSON object of position keys, as {{\"roll\": 1}}")
                }
                _ => format!("{what}: not a JSON document ({e})"),
            })
        })?;
        let mut given: Vec<&str> = Vec::new();
        for (key, _) in &entries {
            if given.contains(&key.as_str()) {
                return Err(Error::input(format!(
                    "{what}: \"{}\" is given twice; expected each key once",
                    crate::error::one_line(key)
                )));
            }
            given.push(key);
        }
        let mut position = overrides;
        for (key, value) in entries {
            let text = json_text(&value).map_err(|found| {
                Error::input(format!(
                    "{what}: \"{key}\" is {found}: expected a number, a string or a list of \
                     numbers"
                ))
            })?;
            if position.get(&key).is_none() {
                position.entries.push((key, text));
            }
        }
        Ok(position)
    }

    /// The text given for `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, t)| t.as_str())
    }

    /// Refuses a key `game` does not take, naming those it does.
    pub fn check_keys(&self, game: &str, keys: &[PositionKey]) -> Result<()> {
        for (key, _) in &self.entries {
            if !keys.iter().any(|k| k.key == key) {
                return Err(Error::input(
                    Message::from(format!("{game} positions take no "))
                        .setting(Setting::new(key.clone()))
                        .text(": they take ")
                        .then(PositionKey::list(keys)),
                ));
            }
        }
        Ok(())
    }

    /// Whether no key was given.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// A JSON value as the text its flag would take: `3`, `"2:1/5:3"`, `[6, 1, 6]` as `6,1,6`; or
/// what it is instead (`an object`, `a list holding null`), for the error.
fn json_text(value: &RawValue) -> std::result::Result<String, String> {
    let raw = value.get();
    match raw.as_bytes().first() {
        Some(b'[') => {
            let items: Vec<&RawValue> =
                serde_json::from_str(raw).map_err(|_| "a list".to_string())?;
            let parts = items
                .iter()
                .map(|item| scalar_text(item).map_err(|found| format!("a list holding {found}")))
                .collect::<std::result::Result<Vec<_>, _>>()?;
            Ok(parts.join(","))
        }
        _ => scalar_text(value),
    }
}

/// A JSON number or string as text, or what the value is instead.
fn scalar_text(value: &RawValue) -> std::result::Result<String, String> {
    let raw = value.get();
    match raw.as_bytes().first() {
        Some(b'"') => serde_json::from_str(raw).map_err(|_| "a string".to_string()),
        Some(b'-' | b'0'..=b'9') => Ok(number_text(raw)),
        Some(b'{') => Err("an object".to_string()),
        Some(b'[') => Err("a list".to_string()),
        // true, false or null: short, and best quoted.
        _ => Err(raw.to_string()),
    }
}

/// A JSON number as written, or as its whole number where it is one: JSON has no integers of
/// its own, so `1e0` and `2.0` are 1 and 2, while `1.5` and `18446744073709551616` stay as
/// written for the key's own check to refuse, quoting them as the file does.
fn number_text(raw: &str) -> String {
    let (sign, magnitude) = match raw.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", raw),
    };
    match crate::number::parse_whole(magnitude) {
        Ok(0) => "0".to_string(),
        Ok(n) => format!("{sign}{n}"),
        Err(_) => raw.to_string(),
    }
}

/// Parses a list of whole numbers written `a,b,c` or `a b c` (as `play` prints a roll; both
/// may be mixed, and spaces around a comma are allowed), each in `min..=max`, for the key
/// `key`. An empty place between two commas is refused, as a number left out.
pub fn whole_list(key: &str, text: &str, min: i64, max: i64) -> Result<Vec<i64>> {
    list_parts(text)
        .into_iter()
        .map(|part| {
            part.parse::<i64>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| {
                    Error::value(
                        Setting::new(key),
                        text,
                        format!("'{part}' is not a whole number from {min} to {max}"),
                    )
                    .outside(text, (min.into(), max.into()))
                })
        })
        .collect()
}

/// The parts of a list written `a,b,c`, `a b c` or both mixed, each trimmed; an empty place
/// between two commas (or an empty text) is an empty part, for the caller to refuse.
pub fn list_parts(text: &str) -> Vec<&str> {
    text.split(',')
        .flat_map(|part| {
            let words: Vec<&str> = part.split_whitespace().collect();
            if words.is_empty() { vec![""] } else { words }
        })
        .collect()
}

/// Parses one whole number in `min..=max` for the key `key`.
pub fn whole(key: &str, text: &str, min: i64, max: i64) -> Result<i64> {
    let values = whole_list(key, text, min, max)?;
    match values.as_slice() {
        [v] => Ok(*v),
        _ => Err(Error::value(
            Setting::new(key),
            text,
            format!("expected one whole number from {min} to {max}"),
        )
        .outside(text, (min.into(), max.into()))),
    }
}
