//! Every file a user gives dicelab is read here: policy tables, weights, decks and claims.
//!
//! One reader means one behaviour for all of them: an unreadable file is an I/O error naming the
//! file; a line ends at `\n`, `\r\n` or a lone `\r` (old Mac files), as editors read them; the
//! header is checked first; blank lines and lines starting with `#` are skipped; each line is one
//! record, unless a quoted field holds a line break (as CSV allows), which joins the lines it
//! spans into one record named by its first; fields are trimmed; a byte-order mark is ignored;
//! and every problem is reported as `WHAT: line N: why`, with the line as an editor counts it.
//!
//! Line ends are made `\n` for reading only ([`one_line_end`]): a run records a file's text as
//! read, so its hash is that of the file's bytes and `merge` replays the same bytes, and the
//! replayed text is read the same way.

use std::borrow::Cow;
use std::path::Path;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{Error, Message, Result};

/// A file a run read, identified by its content: two files with the same bytes are the same
/// input wherever they lie, and one name with other bytes is another input. A run's record keeps
/// the text too, so `merge` can configure the game again without opening any file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputFile {
    /// The path as the user gave it (in a policy spec or a rule option), which the report's
    /// `policy` and `rules` columns show.
    pub path: String,
    /// `sha256:` and the hex SHA-256 of the file's bytes.
    pub sha256: String,
    /// The file's text, as read: its bytes, line ends included, so the hash above is theirs.
    pub text: String,
}

impl InputFile {
    /// The record of `text` read from `path`.
    pub fn new(path: &str, text: &str) -> Self {
        Self {
            path: path.to_string(),
            sha256: sha256(text.as_bytes()),
            text: text.to_string(),
        }
    }

    /// The first 8 hex digits of the hash: what the `policy` and `rules` columns append to the
    /// path (`heuristic:w.csv@1f3a9c2e`), enough to tell two versions of a file apart at a glance.
    pub fn short_hash(&self) -> &str {
        let hex = self.sha256.strip_prefix("sha256:").unwrap_or(&self.sha256);
        &hex[..hex.len().min(8)]
    }
}

/// `sha256:` and the hex SHA-256 of `bytes`.
pub fn sha256(bytes: &[u8]) -> String {
    let hex: String = Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("sha256:{hex}")
}

/// Where a configuration's files come from, and the record of every file it read: the disk
/// ([`Files::default`]), or a run's record served in place of the disk ([`Files::replay`], what
/// `merge` configures with, so it never opens an input file again).
///
/// An explicit value, handed to whatever reads (through [`crate::games::Setup::files`]), rather
/// than state of the thread: clones share one record, so a study configuring one game per deck
/// records every deck for its one command, and two configurations side by side cannot see each
/// other's files.
#[derive(Clone, Debug, Default)]
pub struct Files(Arc<Mutex<Record>>);

#[derive(Debug, Default)]
struct Record {
    /// The files to serve instead of the disk, when replaying.
    replay: Option<Vec<InputFile>>,
    /// Every file read so far, once each, in the order first read.
    read: Vec<InputFile>,
}

/// Two handles are equal when they share one record: a setup compared with its clone is the
/// same request.
impl PartialEq for Files {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Files {}

/// The data files dicelab ships, by the path the docs give them (`data/NAME`, from the
/// repository's root), with their text compiled into the binary: an installed dicelab, run from
/// any folder, follows every example the docs give. See [`shipped`].
///
/// The defaults a game or the claims fall back to are their own constants (`claims::BUILT_IN`,
/// the deck's and the heuristics'), named here rather than compiled in a second time; the two
/// files only the docs name are compiled in here.
pub const SHIPPED: [Shipped; 6] = [
    Shipped {
        path: "data/claims.csv",
        about: "the rule texts' claims that `dicelab claims` checks",
        text: crate::claims::BUILT_IN,
    },
    Shipped {
        path: "data/sevens-policy.csv",
        about: "Sevens: the optimal stop table under the default rules (table:FILE)",
        text: include_str!("../data/sevens-policy.csv"),
    },
    Shipped {
        path: "data/sieben-deck.csv",
        about: "7: the default deck, 80 cards (--deck FILE)",
        text: crate::games::sieben::deck::BUILT_IN,
    },
    Shipped {
        path: "data/solitaire-best.csv",
        about: "Solitaire Dice: hand-made weights (heuristic:FILE)",
        text: include_str!("../data/solitaire-best.csv"),
    },
    Shipped {
        path: "data/solitaire-lookahead.csv",
        about: "Solitaire Dice: weights tuned for lookahead, its default (lookahead:FILE)",
        text: crate::games::solitaire_dice::heuristic::BUILT_IN_LOOKAHEAD,
    },
    Shipped {
        path: "data/solitaire-tuned.csv",
        about: "Solitaire Dice: weights tuned for heuristic, its default (heuristic:FILE)",
        text: crate::games::solitaire_dice::heuristic::BUILT_IN,
    },
];

/// One shipped data file.
pub struct Shipped {
    /// Its path in the repository, as the docs name it.
    pub path: &'static str,
    /// What it is and where it goes, for `dicelab data`.
    pub about: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// The shipped copy of `path`, when `path` names one of the [`SHIPPED`] files as the docs do
/// (`data/NAME`, or `./data/NAME`). The one rule for every input: a file on disk is read when
/// there is one (an edited copy in a checkout wins), and only a path with nothing there falls
/// back to the shipped copy.
pub fn shipped(path: &Path) -> Option<&'static str> {
    let path = path.strip_prefix(".").unwrap_or(path);
    SHIPPED
        .iter()
        .find(|file| path == Path::new(file.path))
        .map(|file| file.text)
}

impl Files {
    /// Files served from `files` (a run's record) and nowhere else: a read of any other file is
    /// refused.
    pub fn replay(files: &[InputFile]) -> Self {
        Self(Arc::new(Mutex::new(Record {
            replay: Some(files.to_vec()),
            read: Vec::new(),
        })))
    }

    /// Every file read through this record (or a clone of it) so far, once each, in the order
    /// first read.
    pub fn read(&self) -> Vec<InputFile> {
        self.record().read.clone()
    }

    fn record(&self) -> std::sync::MutexGuard<'_, Record> {
        // A panic while the lock is held leaves a record that is still whole: use it.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The text of a user's file, `what` naming it in errors ("deck d.csv"), each line ending in
    /// `\n` (`one_line_end`). A file that cannot be read is an I/O error (exit 1); one that is
    /// read but is not UTF-8 text is bad input (exit 2), named with the line of its first bad
    /// byte. The file is recorded as read, its own line ends kept; when replaying, it comes from
    /// the record.
    ///
    /// A shipped file's path with nothing there (`data/claims.csv` outside the checkout) is its
    /// copy compiled into the binary, recorded under the same name: a run on that copy and one
    /// on identical bytes on disk are one input.
    pub fn read_text(&self, what: &str, path: &Path) -> Result<String> {
        let name = path.to_string_lossy();
        let replayed = self.record().replay.as_ref().map(|files| {
            files
                .iter()
                .find(|f| f.path == name)
                .map(|f| f.text.clone())
        });
        let text = match replayed {
            Some(Some(text)) => text,
            Some(None) => {
                return Err(Error::input(format!(
                    "{what}: not among the input files the run recorded (merge never reads an \
                     input file again)"
                )));
            }
            None => match shipped(path) {
                Some(text) if fs_absent(path) => text.to_string(),
                _ => decode(
                    what,
                    path,
                    read_file(path).map_err(|e| Error::unreadable(what, e))?,
                )?,
            },
        };
        let file = InputFile::new(&name, &text);
        let mut record = self.record();
        match record.read.iter().find(|f| f.path == file.path) {
            None => record.read.push(file),
            Some(f) if f.sha256 == file.sha256 => {}
            Some(_) => {
                return Err(Error::input(format!(
                    "{what}: changed while dicelab was reading it; run again once it is written"
                )));
            }
        }
        // Recorded as read, handed on with one line end: a JSON reader's line numbers, as the
        // CSV rows', count a line ended by a lone `\r`.
        Ok(one_line_end(&text).into_owned())
    }
}

/// Whether nothing at all stands at `path` (not even a dangling symlink, which is a mistake to
/// report rather than a file to replace with the shipped copy).
fn fs_absent(path: &Path) -> bool {
    matches!(std::fs::symlink_metadata(path), Err(e) if e.kind() == std::io::ErrorKind::NotFound)
}

/// The most dicelab reads of one input file (64 MiB): the largest it ships or writes is a few
/// hundred KB, and a file past this is a mistake (a disk image named as a deck) that would
/// otherwise be read until memory ran out.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// The bytes of the input file at `path`, which must be a regular file (symlinks followed) of at
/// most [`MAX_INPUT_BYTES`]. A FIFO, socket or device is refused before it is opened for reading
/// (opening a FIFO waits for a writer, and `/dev/zero` never ends), and it is opened without
/// waiting in case one was put there since; a folder fails as the system says.
pub(crate) fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let refuse = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidInput, why);
    let not_regular = |m: &std::fs::Metadata| {
        refuse(format!(
            "{}, not a regular file; dicelab reads only regular files",
            crate::output::kind_of(m)
        ))
    };
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() && !meta.is_dir() {
        return Err(not_regular(&meta));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() && !meta.is_dir() {
        return Err(not_regular(&meta));
    }
    let too_large = || {
        refuse(format!(
            "larger than {} MiB, the most dicelab reads of an input file",
            MAX_INPUT_BYTES >> 20
        ))
    };
    if meta.len() > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The text of a user's file read from disk, recorded nowhere: [`Files::read_text`] for a reader
/// that keeps no record (a test, a one-off check).
pub fn read_text(what: &str, path: &Path) -> Result<String> {
    Files::default().read_text(what, path)
}

/// The bytes of the file at `path` as text, or the line of its first byte that is not UTF-8,
/// saying what kind of file was expected as its name says (a position is JSON, the rest CSV).
fn decode(what: &str, path: &Path, bytes: Vec<u8>) -> Result<String> {
    let expected = match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("json") => "expected a JSON file",
        Some(e) if e.eq_ignore_ascii_case("csv") => "expected a CSV file",
        _ => "expected a text file",
    };
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // Every line end before the bad byte: each `\n`, and each `\r` not followed by one.
        let ends = good
            .iter()
            .enumerate()
            .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && good.get(i + 1) != Some(&b'\n')))
            .count();
        at(what, 1 + ends, format!("not UTF-8 text; {expected}"))
    })
}

/// `text` with every line end written `\n`: a `\r\n`, and a lone `\r` (old Mac files), which
/// [`str::lines`] would leave inside a line, joining it to the next. Borrowed when `text` has
/// no `\r`. Every reader here splits lines after this, so no line's content is dropped and
/// errors count lines as an editor does.
pub fn one_line_end(text: &str) -> Cow<'_, str> {
    if text.contains('\r') {
        Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        Cow::Borrowed(text)
    }
}

/// The provenance a file carries: its `# key: value` comment lines above the header, as
/// (line, key, value). Other comment lines are skipped.
pub fn provenance(text: &str) -> Vec<(usize, String, String)> {
    let text = one_line_end(text);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
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
                    return Err(at(
                        what,
                        line,
                        format!(
                            "expected the header {}{may}, found '{}'",
                            full.join(","),
                            fields.join(",")
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
fn in_quotes_after(line: &str, open: bool) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grown_format_reads_files_with_and_without_its_optional_column() {
        let header = ["a", "b", "c"];
        let old = csv_rows_optional("f.csv", "a,b\n1,2\n", &header, 1).unwrap();
        assert_eq!(old[0].fields, ["1", "2", ""]);
        let new = csv_rows_optional("f.csv", "a,b,c\n1,2,3\n", &header, 1).unwrap();
        assert_eq!(new[0].fields, ["1", "2", "3"]);
        // Only the last columns may be left out, and a row follows its file's header.
        let e = csv_rows_optional("f.csv", "a\n1\n", &header, 1).unwrap_err();
        assert!(
            e.to_string().contains(
                "line 1: expected the header a,b,c (the last 1 column(s) may be left out)"
            ),
            "{e}"
        );
        let e = csv_rows_optional("f.csv", "a,b\n1,2,3\n", &header, 1).unwrap_err();
        assert!(
            e.to_string().contains("line 2: expected 2 fields (a,b)"),
            "{e}"
        );
    }

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

    /// A quoted field may hold a line break, as CSV allows (a claim's text wrapped over two
    /// lines): the row is the line it starts on, blank and `#` lines inside the quotes are text,
    /// and the rows after it keep the lines an editor shows.
    #[test]
    fn a_quoted_field_may_hold_line_breaks_and_later_rows_keep_their_lines() {
        let text = "a,b\n\"x\n\n# no comment\r\ny\",1\n2,\"p\"\"q\"\n\"r,\"\"s\n\",3\r\r4,5\n";
        let rows = csv_rows("f.csv", text, &["a", "b"]).unwrap();
        let row = |line, a: &str, b: &str| Row {
            line,
            fields: vec![a.into(), b.into()],
        };
        assert_eq!(
            rows,
            [
                row(2, "x\n\n# no comment\ny", "1"),
                row(6, "2", "p\"q"),
                row(7, "r,\"s", "3"),
                row(10, "4", "5"),
            ]
        );
        let e = |text: &str| {
            csv_rows("f.csv", text, &["a", "b"])
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            e("a,b\n1,2\n\"x\n1\n"),
            "f.csv: line 3: a quoted field starts here and is never closed (a '\"' is missing)"
        );
        assert_eq!(
            e("a,b\n\"x\ny\"\n"),
            "f.csv: line 2: expected 2 fields (a,b), found 1 on lines 2 to 3, which a quoted \
             field joins"
        );
        assert_eq!(
            e("a,b\n\"x\ny\",1\n3\n"),
            "f.csv: line 4: expected 2 fields (a,b), found 1"
        );
        // A quote inside a field that does not start with one is only a character.
        let rows = csv_rows("f.csv", "a,b\n5\" dice,2\n", &["a", "b"]).unwrap();
        assert_eq!(rows, [row(2, "5\" dice", "2")]);
    }

    /// Whether a line leaves a quoted field open is what csv itself reads: the record then takes
    /// in the next line (one record), or not (two), for every short line of quotes and commas.
    #[test]
    fn a_line_leaves_a_field_open_exactly_when_csv_reads_on() {
        let mut lines = vec![String::new()];
        let mut every = Vec::new();
        for _ in 0..6 {
            lines = lines
                .iter()
                .flat_map(|l| ['a', ',', '"', ' '].map(|c| format!("{l}{c}")))
                .collect();
            every.extend(lines.clone());
        }
        for line in &every {
            let records = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(format!("{line}\nZ").as_bytes())
                .records()
                .count();
            assert_eq!(in_quotes_after(line, false), records == 1, "{line:?}");
        }
    }

    /// A lone `\r` ends a line as `\n` and `\r\n` do: no row is joined to the next, and a
    /// row's line is the one an editor shows.
    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        let lf = "a,b\n1,2\n\n# note\n3,4\n5,6\n";
        let want = csv_rows("f.csv", lf, &["a", "b"]).unwrap();
        assert_eq!(want.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 5, 6]);
        for text in [
            "a,b\r1,2\r\r# note\r3,4\r5,6\r",
            "a,b\r\n1,2\r\r\n# note\n3,4\r5,6",
        ] {
            assert_eq!(
                csv_rows("f.csv", text, &["a", "b"]).unwrap(),
                want,
                "{text:?}"
            );
        }
        let e = csv_rows("f.csv", "a,b\r1,2\r3\r", &["a", "b"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.csv: line 3: expected 2 fields (a,b), found 1"
        );
        assert_eq!(
            provenance("# made by: x\r# rules: a=1\rx,y\r"),
            [
                (1, "made by".to_string(), "x".to_string()),
                (2, "rules".to_string(), "a=1".to_string())
            ]
        );
        assert!(matches!(one_line_end("a\nb"), Cow::Borrowed("a\nb")));
        assert_eq!(one_line_end("a\r\nb\rc\r\r\n"), "a\nb\nc\n\n");
    }

    /// A file is recorded byte for byte, so its hash is that of the file (as `sha256sum` has
    /// it) and a run on a `\n` file records what it always did; the text read, from the disk or
    /// from the record, has one line end.
    #[test]
    fn a_file_is_recorded_as_read_and_read_with_one_line_end() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.csv");
        std::fs::write(&path, "weight,value\r\na,1\rb,2\n").unwrap();
        let files = Files::default();
        let text = files.read_text("w", &path).unwrap();
        assert_eq!(text, "weight,value\na,1\nb,2\n");
        let read = files.read();
        assert_eq!(read[0].text, "weight,value\r\na,1\rb,2\n");
        assert_eq!(read[0].sha256, sha256(b"weight,value\r\na,1\rb,2\n"));
        assert_eq!(Files::replay(&read).read_text("w", &path).unwrap(), text);
        // A file with `\n` line ends is recorded as before.
        std::fs::write(&path, "weight,value\na,1\n").unwrap();
        let files = Files::default();
        files.read_text("w", &path).unwrap();
        assert_eq!(
            files.read()[0],
            InputFile::new(&path.to_string_lossy(), "weight,value\na,1\n")
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

    /// A position file is JSON: a bad byte in it must not be called a bad CSV file.
    #[test]
    fn a_file_that_is_not_text_is_named_by_its_kind() {
        let dir = tempfile::tempdir().unwrap();
        for (name, expected) in [
            ("p.json", "expected a JSON file"),
            ("P.JSON", "expected a JSON file"),
            ("t.csv", "expected a CSV file"),
            ("notes", "expected a text file"),
        ] {
            let path = dir.path().join(name);
            std::fs::write(&path, b"{\n\xff}\n").unwrap();
            let e = read_text(name, &path).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("{name}: line 2: not UTF-8 text; {expected}")
            );
        }
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
        // Lines ended by a lone `\r` count, and `\r\n` counts once.
        for bytes in [
            &b"number,count\r1,2\r\xff,3\r"[..],
            b"number,count\r\n1,2\r\n\xff",
        ] {
            std::fs::write(&path, bytes).unwrap();
            let e = read_text("deck d.csv", &path).unwrap_err();
            assert!(e.to_string().starts_with("deck d.csv: line 3: "), "{e}");
        }
    }

    #[test]
    fn a_shipped_file_is_named_as_the_docs_name_it_and_no_other_way() {
        assert_eq!(shipped(Path::new("data/claims.csv")), Some(SHIPPED[0].text));
        assert_eq!(
            shipped(Path::new("./data/claims.csv")),
            Some(SHIPPED[0].text)
        );
        for other in [
            "/data/claims.csv",
            "x/data/claims.csv",
            "data/claims",
            "claims.csv",
        ] {
            assert_eq!(shipped(Path::new(other)), None, "{other}");
        }
        for file in &SHIPPED {
            let on_disk = std::fs::read_to_string(file.path).unwrap();
            assert_eq!(file.text, on_disk, "{}", file.path);
        }
    }

    #[test]
    fn a_record_holds_each_file_once_and_a_replay_never_opens_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.csv");
        std::fs::write(&path, "weight,value\n").unwrap();
        let files = Files::default();
        // A clone shares the record: a study configuring many games records for its command.
        let clone = files.clone();
        files.read_text("w", &path).unwrap();
        clone
            .read_text("d", Path::new("data/sieben-deck.csv"))
            .unwrap();
        let text = files.read_text("w", &path).unwrap();
        let read = files.read();
        assert_eq!(text, "weight,value\n");
        assert_eq!(read.len(), 2, "{read:?}");
        assert_eq!(
            read[0],
            InputFile::new(&path.to_string_lossy(), "weight,value\n")
        );
        // As `sha256sum` prints it.
        assert_eq!(
            read[0].sha256,
            "sha256:af39467b0a345ccc88200839af00bab5b06fcfb501555d45f2b35474d546bf4d"
        );
        assert_eq!(read[1].text, SHIPPED[2].text);
        // Another record holds nothing of this one's, and reading still works.
        assert_eq!(read_text("w", &path).unwrap(), "weight,value\n");
        assert_eq!(Files::default().read(), []);

        // A replay serves the recorded text even once the file is gone or changed, and refuses
        // any file the record does not hold.
        std::fs::write(&path, "changed").unwrap();
        let replay = Files::replay(&read);
        assert_eq!(replay.read_text("w", &path).unwrap(), "weight,value\n");
        assert_eq!(replay.read(), read[..1]);
        let other = dir.path().join("other.csv");
        std::fs::write(&other, "a,b\n").unwrap();
        let e = replay
            .read_text("policy file other.csv", &other)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("policy file other.csv: not among the input files"),
            "{e}"
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
