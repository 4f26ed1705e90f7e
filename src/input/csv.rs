//! CSV input as every file dicelab reads is laid out: a header checked first, comments and blank
//! lines skipped, quoted line breaks joining lines, each problem named `WHAT: line N: why`.

use std::borrow::Cow;

use crate::error::{Error, Message, Result};

use super::one_line_end;

/// One data row of a CSV file, with the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// 1-based line number of the row in the file.
    pub line: usize,
    /// The fields, trimmed.
    pub fields: Vec<String>,
}

impl Row {
    /// An error about this row.
    pub fn error(&self, what: &str, why: impl Into<Message>) -> Error {
        at(what, self.line, why)
    }

    /// The field in column `i`.
    pub fn get(&self, i: usize) -> &str {
        &self.fields[i]
    }
}

/// An error about line `line` of the file `what`.
pub fn at(what: &str, line: usize, why: impl Into<Message>) -> Error {
    Error::input(Message::from(format!("{what}: line {line}: ")).then(why.into()))
}

/// The data rows of CSV `text` (the file `what`) whose first row must be `header`; each row must
/// have as many fields as the header.
pub fn csv_rows(what: &str, text: &str, header: &[&str]) -> Result<Vec<Row>> {
    csv_rows_optional(what, text, header, 0)
}

/// [`csv_rows`] for a format that grew: a file may leave out the last `optional` columns of
/// `header` (older files were written without them), in its header and in every row alike, and
/// each row comes back with the columns left out as empty fields.
pub fn csv_rows_optional(
    what: &str,
    text: &str,
    header: &[&str],
    optional: usize,
) -> Result<Vec<Row>> {
    let full = header;
    let mut header = header;
    let text = one_line_end(text);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut rows = Vec::new();
    let mut saw_header = false;
    // One record per line, or per run of lines where a quoted field holds a line break (a
    // claim's text may): reading line by line keeps the line numbers exact past blank and
    // comment lines. csv's own `comment` and blank-line skipping were tried in their place: its
    // `Position::line` then gives the first row after a blank line the blank's number, and
    // counts comment lines short (BurntSushi/rust-csv#208, open), which the test of line
    // numbers below catches.
    let mut lines = text.lines().enumerate();
    while let Some((i, raw)) = lines.next() {
        let line = i + 1;
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            continue;
        }
        // A record goes on past its line while a quoted field is open, blank and `#` lines
        // included: they are the field's text.
        let mut record = Cow::Borrowed(raw);
        let mut last = line;
        let mut open = in_quotes_after(raw, false);
        while open {
            let Some((j, next)) = lines.next() else {
                return Err(at(
                    what,
                    line,
                    "a quoted field starts here and is never closed (a '\"' is missing)",
                ));
            };
            let joined = record.to_mut();
            joined.push('\n');
            joined.push_str(next);
            last = j + 1;
            open = in_quotes_after(next, true);
        }
        let record = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .trim(csv::Trim::All)
            .from_reader(record.as_bytes())
            .records()
            .next()
            .unwrap_or_else(|| Ok(csv::StringRecord::new()))
            .map_err(|e| at(what, line, format!("not CSV ({e})")))?;
        let fields: Vec<String> = record.iter().map(str::to_string).collect();
        if !saw_header {
            let shorter = full.len().saturating_sub(optional)..full.len();
            match shorter.chain([full.len()]).find(|&n| fields == full[..n]) {
                Some(n) => header = &full[..n],
                None => {
                    let may = if optional > 0 {
                        format!(" (the last {optional} column(s) may be left out)",)
                    } else {
                        String::new()
                    };
                    // The line found is not quoted: a file that is not this kind of file
                    // (a password file named by mistake, or by someone else's record) keeps
                    // its content out of the message; its shape is enough to mend it.
                    let found = match fields.len() {
                        1 => "1 field".to_string(),
                        n => format!("{n} fields"),
                    };
                    return Err(at(
                        what,
                        line,
                        format!(
                            "expected the header {}{may}, found another first line ({found})",
                            full.join(","),
                        ),
                    ));
                }
            }
            saw_header = true;
            continue;
        }
        if fields.len() != header.len() {
            let lines = if last > line {
                format!(" on lines {line} to {last}, which a quoted field joins")
            } else {
                String::new()
            };
            return Err(at(
                what,
                line,
                format!(
                    "expected {} fields ({}), found {}{lines}",
                    header.len(),
                    header.join(","),
                    fields.len()
                ),
            ));
        }
        let mut fields = fields;
        fields.resize(full.len(), String::new());
        rows.push(Row { line, fields });
    }
    if !saw_header {
        return Err(Error::input(format!(
            "{what}: the file is empty; expected the header {}",
            header.join(",")
        )));
    }
    Ok(rows)
}

/// Whether a quoted field is still open at the end of `line`, which starts inside one when
/// `open`: the record then goes on at the next line. Read as csv reads a record: a quote opens a
/// field only where the field starts, and a doubled quote inside one is a quote.
pub(super) fn in_quotes_after(line: &str, open: bool) -> bool {
    #[derive(PartialEq)]
    enum At {
        FieldStart,
        Field,
        Quoted,
        QuoteInQuoted,
    }
    let mut at = if open { At::Quoted } else { At::FieldStart };
    for b in line.bytes() {
        at = match (at, b) {
            (At::FieldStart | At::Field | At::QuoteInQuoted, b',') => At::FieldStart,
            (At::FieldStart, b'"') | (At::QuoteInQuoted, b'"') => At::Quoted,
            (At::FieldStart | At::Field | At::QuoteInQuoted, _) => At::Field,
            (At::Quoted, b'"') => At::QuoteInQuoted,
            (At::Quoted, _) => At::Quoted,
        };
    }
    at == At::Quoted
}
