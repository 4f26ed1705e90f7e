//! Every file a user gives dicelab is read here: policy tables, weights, decks and claims.
//!
//! One reader means one behaviour for all of them: an unreadable file is an I/O error naming the
//! file; the header is checked first; blank lines and lines starting with `#` are skipped; each
//! line is one record (no field spans lines); fields are trimmed; a byte-order mark is ignored;
//! and every problem is reported as `WHAT: line N: why`, with the line as an editor counts it.

use std::path::Path;

use crate::error::{Error, Result};

/// The text of a user's file, `what` naming it in errors ("deck d.csv"). A file that cannot be
/// read is an I/O error (exit 1); one that is read but is not UTF-8 text is bad input (exit 2),
/// named with the line of its first bad byte.
pub fn read_text(what: &str, path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|e| Error::unreadable(what, e))?;
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..good].iter().filter(|&&b| b == b'\n').count();
        at(what, line, "not UTF-8 text; expected a CSV file")
    })
}

/// The provenance a file carries: its `# key: value` comment lines above the header, as
/// (line, key, value). Other comment lines are skipped.
pub fn provenance(text: &str) -> Vec<(usize, String, String)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut found = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let Some(comment) = line.strip_prefix('#') else {
            break;
        };
        if let Some((key, value)) = comment.split_once(':') {
            found.push((i + 1, key.trim().to_string(), value.trim().to_string()));
        }
    }
    found
}

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
    pub fn error(&self, what: &str, why: impl std::fmt::Display) -> Error {
        at(what, self.line, why)
    }

    /// The field in column `i`.
    pub fn get(&self, i: usize) -> &str {
        &self.fields[i]
    }
}

/// An error about line `line` of the file `what`.
pub fn at(what: &str, line: usize, why: impl std::fmt::Display) -> Error {
    Error::input(format!("{what}: line {line}: {why}"))
}

/// The data rows of CSV `text` (the file `what`) whose first row must be `header`; each row must
/// have as many fields as the header.
pub fn csv_rows(what: &str, text: &str, header: &[&str]) -> Result<Vec<Row>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rows = Vec::new();
    let mut saw_header = false;
    // One record per line: none of these files has a field spanning lines, and reading line by
    // line keeps the line numbers exact past blank and comment lines.
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            continue;
        }
        let record = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(raw.as_bytes())
            .records()
            .next()
            .unwrap_or_else(|| Ok(csv::StringRecord::new()))
            .map_err(|e| at(what, line, format!("not CSV ({e})")))?;
        let fields: Vec<String> = record.iter().map(|f| f.trim().to_string()).collect();
        if !saw_header {
            if fields != header {
                return Err(at(
                    what,
                    line,
                    format!(
                        "expected the header {}, found '{}'",
                        header.join(","),
                        fields.join(",")
                    ),
                ));
            }
            saw_header = true;
            continue;
        }
        if fields.len() != header.len() {
            return Err(at(
                what,
                line,
                format!(
                    "expected {} fields ({}), found {}",
                    header.len(),
                    header.join(","),
                    fields.len()
                ),
            ));
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_carry_their_lines_past_blanks_comments_and_a_byte_order_mark() {
        let text = "\u{feff}a, b\n\n# a comment\n1, 2\n\n\"3\",4\n";
        let rows = csv_rows("f.csv", text, &["a", "b"]).unwrap();
        assert_eq!(
            rows,
            [
                Row {
                    line: 4,
                    fields: vec!["1".into(), "2".into()]
                },
                Row {
                    line: 6,
                    fields: vec!["3".into(), "4".into()]
                }
            ]
        );
        assert_eq!(
            rows[1].error("f.csv", "bad").to_string(),
            "f.csv: line 6: bad"
        );
    }

    #[test]
    fn provenance_is_read_from_the_comments_above_the_header() {
        let text = "\u{feff}# made by: dicelab 0.4.0\n\n# a note\n# rules: a=1;b=2\nx,y\n# k: v\n";
        assert_eq!(
            provenance(text),
            [
                (1, "made by".to_string(), "dicelab 0.4.0".to_string()),
                (4, "rules".to_string(), "a=1;b=2".to_string())
            ]
        );
        assert!(provenance("x,y\n1,2\n").is_empty());
        // The rows skip the comments.
        assert_eq!(csv_rows("f", text, &["x", "y"]).unwrap(), []);
    }

    #[test]
    fn a_wrong_header_a_short_row_and_an_empty_file_are_named() {
        let e = |text: &str| {
            csv_rows("deck d.csv", text, &["number", "count"])
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            e("n,c\n1,2\n"),
            "deck d.csv: line 1: expected the header number,count, found 'n,c'"
        );
        assert_eq!(
            e("number,count\n1,2\n3\n"),
            "deck d.csv: line 3: expected 2 fields (number,count), found 1"
        );
        assert_eq!(
            e("\n# nothing\n"),
            "deck d.csv: the file is empty; expected the header number,count"
        );
    }

    #[test]
    fn a_file_that_is_not_text_is_bad_input_naming_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.csv");
        std::fs::write(&path, b"number,count\n1,2\n\xff\xfe,3\n").unwrap();
        let e = read_text("deck d.csv", &path).unwrap_err();
        assert!(matches!(e, Error::Input(_)));
        assert_eq!(
            e.to_string(),
            "deck d.csv: line 3: not UTF-8 text; expected a CSV file"
        );
    }

    #[test]
    fn an_unreadable_file_is_an_io_error_naming_it() {
        let e = read_text("deck no.csv", Path::new("/no/such/dir/no.csv")).unwrap_err();
        assert!(matches!(e, Error::Io { .. }));
        assert!(
            e.to_string().starts_with("deck no.csv: cannot read it ("),
            "{e}"
        );
    }
}
