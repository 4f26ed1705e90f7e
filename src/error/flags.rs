//! How the command line names what an error names: a setting as the flag a person types. Below
//! every front end, since a program that asks for the command line's own words (the browser's
//! script API, giving what `dicelab advise --json` gives) names settings the same way.

use super::{Names, Setting, Suggestion};

/// The flag of the setting `key`: `--key`, or `-n` for the units, as users type it.
fn flag(key: &str) -> String {
    match key {
        "units" => "-n".to_string(),
        key => format!("--{key}"),
    }
}

/// How the command line writes what an error names: a setting as its flag (`--threads`), a
/// suggested command as the line to type.
pub struct Flags;

impl Names for Flags {
    fn setting(&self, setting: &Setting) -> String {
        flag(setting.key())
    }

    fn suggestion(&self, command: &Suggestion) -> String {
        let mut line = format!("dicelab {}", command.words);
        for (setting, value) in &command.settings {
            line.push_str(&format!(" {} {value}", flag(setting.key())));
        }
        line
    }
}
