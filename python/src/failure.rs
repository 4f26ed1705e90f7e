//! A library error as Python sees it: the settings it names written as keyword arguments
//! (`threads=0`, `n`), and its kind and data handed to `dicelab._errors`, which raises the
//! exception class a Python user catches (a `ValueError` for a bad value with `.setting`,
//! `.value`, `.min` and `.max`; an `OSError` for a file).

use dicelab::Error;
use dicelab::error::{Names, Setting, Suggestion};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    dicelab,
    Failure,
    PyException,
    "What the compiled half raises: `(kind, message, code, setting, value, min, max, errno)`, \
     which `dicelab._errors` turns into the exception a user catches. Not for users."
);

/// The keyword argument of a setting: `units` is `n`, `allow-file` (repeated on the command line)
/// is `allow_files` (a list), a hyphen an underscore (`pile-cards` is `pile_cards`), as the
/// functions of `dicelab` name their parameters.
pub fn keyword(setting: &Setting) -> String {
    match setting.key() {
        "units" => "n".to_string(),
        "allow-file" => "allow_files".to_string(),
        key => key.replace('-', "_"),
    }
}

/// A value as Python writes it in a call: a number bare, anything else as `repr` writes a
/// string (single quotes, unless it holds one and no double quote).
fn literal(value: &str) -> String {
    let number = !value.is_empty()
        && value.parse::<f64>().is_ok()
        && value
            .trim_start_matches('-')
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == 'e');
    if number {
        return value.to_string();
    }
    let quote = if value.contains('\'') && !value.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut text = String::with_capacity(value.len() + 2);
    text.push(quote);
    for c in value.chars() {
        if c == quote || c == '\\' {
            text.push('\\');
        }
        text.push(c);
    }
    text.push(quote);
    text
}

/// How an error names a setting to a Python user: as a keyword argument of a `dicelab`
/// function, and a command it suggests as a call.
pub struct Keywords;

impl Names for Keywords {
    fn setting(&self, setting: &Setting) -> String {
        keyword(setting)
    }

    fn valued(&self, setting: &Setting, value: &str) -> String {
        format!("{}={}", keyword(setting), literal(value))
    }

    fn suggestion(&self, command: &Suggestion) -> String {
        let mut words = command.words.split_whitespace();
        let function = words.next().unwrap_or_default();
        let mut arguments: Vec<String> = words.map(literal).collect();
        arguments.extend(
            command
                .settings
                .iter()
                .map(|(s, v)| format!("{}={}", keyword(s), literal(v))),
        );
        format!("dicelab.{function}({})", arguments.join(", "))
    }
}

/// The Python exception for `error`: a [`Failure`] whose arguments say its kind, its message (in
/// keyword arguments' words), the command line's exit code and, for a bad value, its setting,
/// value and limits; for a file, the operating system's error number and kind.
pub fn raised(error: &Error) -> PyErr {
    let message = error.render(&Keywords);
    let code = error.exit_code();
    let (kind, setting, value, range) = match error {
        Error::Value { setting, value, .. } => {
            ("value", Some(keyword(setting)), value.clone(), None)
        }
        Error::OutOfRange {
            setting,
            value,
            min,
            max,
            ..
        } => (
            "value",
            Some(keyword(setting)),
            Some(value.clone()),
            Some((*min, *max)),
        ),
        Error::Io { .. } => ("file", None, None, None),
        Error::Unfinished(_) => ("unfinished", None, None, None),
        _ => ("request", None, None, None),
    };
    let (errno, os_kind) = match error {
        Error::Io { source, .. } => (source.raw_os_error(), Some(format!("{:?}", source.kind()))),
        _ => (None, None),
    };
    Failure::new_err((
        kind,
        message,
        code,
        setting,
        value,
        range.map(|r| r.0),
        range.map(|r| r.1),
        errno,
        os_kind,
    ))
}

/// A failure with no setting or file behind it: `kind` (`request`, `command`, `internal`), its
/// message and its exit code.
pub fn plain(kind: &str, message: String, code: u8) -> PyErr {
    Failure::new_err((
        kind.to_string(),
        message,
        code,
        None::<String>,
        None::<String>,
        None::<i128>,
        None::<i128>,
        None::<i32>,
        None::<String>,
    ))
}

/// A refusal of a request as a whole, found outside the library (a thread that cannot start).
pub fn request(message: impl Into<String>) -> PyErr {
    plain("request", message.into(), 2)
}

/// A command line's refusal (`dicelab.cli`): its own line, `error: ...`, and exit code.
pub fn command(line: String, code: u8) -> PyErr {
    plain("command", line, code)
}
