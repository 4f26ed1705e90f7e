//! Reports on disk: a failed run leaves an existing report untouched, a failed write replaces
//! nothing, and file names that would collide are made unique before anything is written.

use crate::common::{REPORT_FILES, fails, ok, read, snapshot};
use std::fs;
use std::path::Path;

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

/// Two policy specs that read the same in a file name each get their chart, the second with a
/// suffix, and every file is written.
#[test]
fn policies_whose_file_names_collide_each_get_their_chart() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let weights = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/solitaire-tuned.csv");
    fs::copy(&weights, d.join("w,1.csv")).unwrap();
    fs::copy(&weights, d.join("w_1.csv")).unwrap();
    let stdout = ok(
        d,
        &[
            "compare",
            "solitaire-dice",
            "-n",
            "200",
            "--policy",
            "heuristic:w,1.csv",
            "--policy",
            "heuristic:w_1.csv",
            "--out",
            "coll",
            "-q",
        ],
    );
    assert!(stdout.contains("wrote 11 files to coll"), "{stdout}");
    let files = snapshot(&d.join("coll"));
    let shown = files.keys().filter(|n| !n.starts_with('.')).count();
    assert_eq!(shown, 11, "{:?}", files.keys());
    let first = String::from_utf8(files["final_score-heuristic_w_1_csv.svg"].clone()).unwrap();
    let second = String::from_utf8(files["final_score-heuristic_w_1_csv-2.svg"].clone()).unwrap();
    assert!(first.contains("heuristic:w,1.csv"), "{first}");
    assert!(second.contains("heuristic:w_1.csv"), "{second}");
}
