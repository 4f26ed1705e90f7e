//! Tests of reading input files: line ends, headers, shipped copies, replays and limits.

use super::csv::{Row, in_quotes_after};
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
        e.to_string()
            .contains("line 1: expected the header a,b,c (the last 1 column(s) may be left out)"),
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
        let records = ::csv::ReaderBuilder::new()
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
        "deck d.csv: line 1: expected the header number,count, found another first line (2 fields)"
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
    const SHIPPED: [Shipped; 1] = [Shipped {
        path: "data/claims.csv",
        about: "claims",
        text: "the text",
    }];
    assert_eq!(
        shipped(&SHIPPED, Path::new("data/claims.csv")),
        Some("the text")
    );
    assert_eq!(
        shipped(&SHIPPED, Path::new("./data/claims.csv")),
        Some("the text")
    );
    for other in [
        "/data/claims.csv",
        "x/data/claims.csv",
        "data/claims",
        "claims.csv",
    ] {
        assert_eq!(shipped(&SHIPPED, Path::new(other)), None, "{other}");
    }
}

/// A path with nothing there reads the shipped copy a record serves, and only then.
#[test]
fn a_missing_path_reads_the_shipped_copy_the_record_serves() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data.csv");
    let name = path.to_str().unwrap().to_string().leak();
    let served = Files::serving(vec![Shipped {
        path: name,
        about: "test",
        text: "shipped\n",
    }]);
    assert_eq!(served.read_text("d", &path).unwrap(), "shipped\n");
    assert!(Files::default().read_text("d", &path).is_err());
    std::fs::write(&path, "on disk\n").unwrap();
    assert_eq!(
        Files::serving(served_list(name))
            .read_text("d", &path)
            .unwrap(),
        "on disk\n"
    );
}

/// A reader's own shipped copy is read where its path has nothing, whatever the record serves:
/// a game's default deck with `Files::default()`.
#[test]
fn a_readers_own_shipped_copy_stands_in_for_a_missing_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deck.csv");
    let own = served_list(path.to_str().unwrap().to_string().leak());
    let files = Files::default();
    assert_eq!(
        files.read_text_shipping("d", &path, &own).unwrap(),
        "shipped\n"
    );
    assert!(files.read_text("d", &path).is_err());
    assert_eq!(files.read().len(), 1, "recorded once, as read");
}

fn served_list(path: &'static str) -> Vec<Shipped> {
    vec![Shipped {
        path,
        about: "test",
        text: "shipped\n",
    }]
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
    assert_eq!(
        read[1].text,
        std::fs::read_to_string("data/sieben-deck.csv").unwrap()
    );
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
