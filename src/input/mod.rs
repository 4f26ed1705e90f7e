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
use std::fs;
use std::io;
use std::path::Path;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};

mod csv;
pub use csv::{Row, at, csv_rows, csv_rows_optional};

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
/// ([`Files::default`], or [`Files::serving`] with the shipped copies), or a run's record served in place of the disk ([`Files::replay`], what
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
    /// The shipped copies a path with nothing there stands for.
    shipped: Vec<Shipped>,
}

/// Two handles are equal when they share one record: a setup compared with its clone is the
/// same request.
impl PartialEq for Files {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Files {}

/// One data file dicelab ships, with its text compiled into the binary: an installed dicelab, run
/// from any folder, follows every example the docs give. Each owner declares its own (a game its
/// deck or weights, the claims their file), and whoever makes a [`Files`] says which it serves
/// ([`Files::serving`]), so this layer names no game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shipped {
    /// Its path in the repository, as the docs name it.
    pub path: &'static str,
    /// What it is and where it goes, for `dicelab data`.
    pub about: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// The copy in `shipped` of `path`, when `path` names one of them as the docs do (`data/NAME`, or
/// `./data/NAME`). The one rule for every input: a file on disk is read when there is one (an
/// edited copy in a checkout wins), and only a path with nothing there falls back to the shipped
/// copy.
pub fn shipped(shipped: &[Shipped], path: &Path) -> Option<&'static str> {
    let path = path.strip_prefix(".").unwrap_or(path);
    shipped
        .iter()
        .find(|file| path == Path::new(file.path))
        .map(|file| file.text)
}

impl Files {
    /// Files read from the disk, a path in `shipped` with nothing there read from its copy in the
    /// binary.
    pub fn serving(shipped: Vec<Shipped>) -> Self {
        Self(Arc::new(Mutex::new(Record {
            shipped,
            ..Record::default()
        })))
    }

    /// Files served from `files` (a run's record) and nowhere else: a read of any other file is
    /// refused.
    pub fn replay(files: &[InputFile]) -> Self {
        Self(Arc::new(Mutex::new(Record {
            replay: Some(files.to_vec()),
            ..Record::default()
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
        self.read_text_shipping(what, path, &[])
    }

    /// [`read_text`](Self::read_text) by a reader that ships files of its own (a game's deck,
    /// weights or policy table): a path in `own` with nothing there is its shipped copy, however
    /// this record was made, so a library caller's `Files::default()` reads a game's own
    /// defaults as the command line does.
    pub fn read_text_shipping(&self, what: &str, path: &Path, own: &[Shipped]) -> Result<String> {
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
            None => match shipped(&self.record().shipped, path).or_else(|| shipped(own, path)) {
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

/// What a path names once symlinks are followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Nothing yet: a new path.
    Absent,
    /// A regular file.
    File,
    /// A folder.
    Folder,
    /// Anything else, described for an error line ("a FIFO").
    Other(&'static str),
}

impl Kind {
    /// What stands at `path`, symlinks followed (a dangling link names a new path).
    pub(crate) fn of(path: &Path) -> io::Result<Kind> {
        match fs::metadata(path) {
            Ok(m) => Ok(Kind::of_metadata(&m)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Kind::Absent),
            Err(e) => Err(e),
        }
    }

    /// What `meta` says stands there.
    pub(crate) fn of_metadata(meta: &fs::Metadata) -> Kind {
        if meta.is_file() {
            Kind::File
        } else if meta.is_dir() {
            Kind::Folder
        } else {
            Kind::Other(describe(&meta.file_type()))
        }
    }

    /// The kind as a noun phrase: "a folder", "a FIFO".
    pub(crate) fn noun(self) -> &'static str {
        match self {
            Kind::Absent => "nothing",
            Kind::File => "a regular file",
            Kind::Folder => "a folder",
            Kind::Other(what) => what,
        }
    }
}

#[cfg(unix)]
fn describe(t: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else {
        "not a regular file"
    }
}

#[cfg(not(unix))]
fn describe(_: &fs::FileType) -> &'static str {
    "not a regular file"
}

/// Whether nothing at all stands at `path` (not even a dangling symlink, which is a mistake to
/// report rather than a file to replace with the shipped copy). A host with no file system at
/// all (a browser's WebAssembly, where every file operation is unsupported) has nothing at any
/// path, so the shipped copies stand in there too.
fn fs_absent(path: &Path) -> bool {
    use std::io::ErrorKind::{NotFound, Unsupported};
    matches!(std::fs::symlink_metadata(path), Err(e) if matches!(e.kind(), NotFound | Unsupported))
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
            Kind::of_metadata(m).noun()
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

#[cfg(test)]
#[path = "read_tests.rs"]
mod tests;
