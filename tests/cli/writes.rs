//! Reports on disk: a failed run leaves an existing report untouched, a failed write replaces
//! nothing.

use crate::common::{REPORT_FILES, fails, ok, read};
use std::fs;

#[test]
fn a_failed_run_leaves_an_existing_report_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &["simulate", "sequences", "-n", "1000", "--out", "r", "-q"],
    );
    let before = read(d.join("r/summary.csv"));
    fails(
        d,
        &[
            "simulate",
            "sequences",
            "-n",
            "1000",
            "--rule",
            "bad",
            "--out",
            "r",
        ],
        2,
        "key=value",
    );
    assert_eq!(before, read(d.join("r/summary.csv")));
}

/// A failure while the report is being written (here a folder stands where summary.csv should
/// go) replaces nothing and leaves no temporary file.
#[test]
fn a_failed_write_replaces_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &["simulate", "sequences", "-n", "1000", "--out", "r", "-q"],
    );
    let before: Vec<Vec<u8>> = REPORT_FILES[1..]
        .iter()
        .map(|f| read(d.join("r").join(f)))
        .collect();
    fs::remove_file(d.join("r/summary.csv")).unwrap();
    fs::create_dir(d.join("r/summary.csv")).unwrap();
    fs::write(d.join("r/summary.csv/keep"), "x").unwrap();
    fails(
        d,
        &["simulate", "sequences", "-n", "2000", "--out", "r", "-q"],
        1,
        "summary.csv",
    );
    let after: Vec<Vec<u8>> = REPORT_FILES[1..]
        .iter()
        .map(|f| read(d.join("r").join(f)))
        .collect();
    assert_eq!(before, after, "the older report is intact");
    let names: Vec<String> = fs::read_dir(d.join("r"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}
