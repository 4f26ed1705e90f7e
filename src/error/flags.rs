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

/// How the web app's answers name a setting: in a player's words, not as a command line's flag
/// the page has no place to type. The play-outs of advice are the app's to size (each question
/// gets the command line's default, on one core), so a note on them says so; any other setting
/// is named by its key, as the library names it. The same from the server and from the page's
/// own module, so a page reads the same words wherever it computes.
pub struct Page;

impl Names for Page {
    fn setting(&self, setting: &Setting) -> String {
        if *setting == Setting::UNITS {
            "the app".into()
        } else {
            super::Keys.setting(setting)
        }
    }

    fn suggestion(&self, command: &Suggestion) -> String {
        super::Keys.suggestion(command)
    }
}
