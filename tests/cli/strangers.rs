//! Records are files people exchange, and runs grow large: a record from someone else reads no
//! file the person reviewing it did not name and quotes none; a record is checked whole before
//! any game is valued; a review prints game by game and stops between moments on Ctrl-C; and a
//! large run's record, or a review of a large file, fits in a memory far below the one the whole
//! would take.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{fails, ok};

const BIN: &str = env!("CARGO_BIN_EXE_dicelab");

/// A file whose first line must never reach a message.
const SECRET: &str = "root:secret-first-line:0:0\nsecond\n";

/// `args` run in `dir` under an address-space limit of `kib` KiB (`ulimit -v`, as the issue's
/// reproducers ran): its exit code and stderr.
fn limited(dir: &Path, kib: u64, args: &[&str]) -> (Option<i32>, String) {
    let line = format!("ulimit -v {kib} && exec \"$0\" \"$@\" > out.txt 2> err.txt");
    let status = Command::new("sh")
        .arg("-c")
        .arg(line)
        .arg(BIN)
        .args(args)
        .current_dir(dir)
        .status()
        .expect("sh runs");
    let err = std::fs::read_to_string(dir.join("err.txt")).unwrap_or_default();
    (status.code(), err)
}

/// A 40-player race to 1000 recorded in `d` as `race.txt`: minutes to value, a moment to check.
fn race_to_1000(d: &Path) {
    ok(
        d,
        &[
            "simulate",
            "sequences",
            "--players",
            "40",
            "--rule",
            "target=1000",
            "-n",
            "1",
            "--record",
            "race.txt",
            "-q",
        ],
    );
}

#[test]
fn a_record_naming_a_file_is_refused_unread_unless_the_reviewer_names_it() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("secret.txt"), SECRET).unwrap();
    // 7's deck in the rules, a Sevens policy table in a seat.
    std::fs::write(
        d.join("deck.txt"),
        "dicelab record 1\ngame sieben\nrules deck=secret.txt\nseat 1 person Ann\nseat 2 policy \
         seven-first\nround 1\n",
    )
    .unwrap();
    std::fs::write(
        d.join("table.txt"),
        "dicelab record 1\ngame sevens\nseat 1 person Ann\nseat 2 policy table:secret.txt\n\
         round 1\nAnn: 6 5 3 4 2 2\n",
    )
    .unwrap();
    fails(
        d,
        &["review", "deck.txt"],
        2,
        "line 2, column 1: its rules name a file",
    );
    fails(
        d,
        &["review", "table.txt"],
        2,
        "a seat's policy names a file",
    );
    fails(d, &["review", "deck.txt"], 2, "--allow-file");
    fails(
        d,
        &["play", "sieben", "--resume", "deck.txt"],
        2,
        "its rules name a file",
    );
    fails(
        d,
        &["play", "sevens", "--resume", "table.txt"],
        2,
        "names a file",
    );
    // Named by the person, the file is read, and still never quoted.
    let out = Command::new(BIN)
        .args(["review", "deck.txt", "--allow-file", "secret.txt"])
        .current_dir(d)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("expected the header number,count"),
        "{stderr}"
    );
    assert!(!stderr.contains("secret-first-line"), "{stderr}");
    for args in [["review", "deck.txt"], ["review", "table.txt"]] {
        let out = Command::new(BIN)
            .args(args)
            .current_dir(d)
            .output()
            .unwrap();
        assert!(!String::from_utf8_lossy(&out.stderr).contains("secret-first-line"));
    }
}

#[test]
fn a_record_naming_dicelabs_own_data_file_reviews_without_being_asked() {
    // A seat playing the shipped policy table, in a folder with no data/: dicelab's own copy.
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &[
            "simulate",
            "sevens",
            "--players",
            "2",
            "--policy",
            "table:data/sevens-policy.csv",
            "--policy",
            "optimal",
            "-n",
            "2",
            "--record",
            "own.txt",
            "-q",
        ],
    );
    let text = ok(d, &["review", "own.txt", "-q"]);
    assert!(text.starts_with("game 1 of 2: sevens"), "{text}");
}

#[test]
fn a_game_played_with_ones_own_deck_reviews_once_the_deck_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    crate::common::small_deck(d);
    ok(
        d,
        &[
            "simulate",
            "sieben",
            "--players",
            "2",
            "--rule",
            "deck=small-deck.csv",
            "-n",
            "1",
            "--record",
            "g.txt",
            "-q",
        ],
    );
    fails(d, &["review", "g.txt"], 2, "deck=small-deck.csv");
    let text = ok(
        d,
        &[
            "review",
            "g.txt",
            "--allow-file",
            "small-deck.csv",
            "-n",
            "8",
            "-q",
        ],
    );
    assert!(text.starts_with("game 1 of 1: sieben"), "{text}");
}

#[test]
fn a_wrong_last_line_is_refused_before_any_game_is_valued_or_printed() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // Two good games, then a third whose last throw shows a 7.
    ok(
        d,
        &[
            "simulate",
            "sevens",
            "--players",
            "2",
            "-n",
            "3",
            "--record",
            "g.txt",
            "-q",
        ],
    );
    let mut text = std::fs::read_to_string(d.join("g.txt")).unwrap();
    let cut = text.trim_end().rfind(' ').unwrap();
    text.truncate(cut);
    text.push_str(" 7\n");
    let lines = text.lines().count();
    std::fs::write(d.join("g.txt"), &text).unwrap();
    fails(d, &["review", "g.txt"], 2, &format!("line {lines}, column"));
    // A race whose valuing takes minutes (40 players to 1000), a wrong line after it: refused
    // in the time the check takes.
    race_to_1000(d);
    let mut race = std::fs::read_to_string(d.join("race.txt")).unwrap();
    race.push_str("hello\n");
    std::fs::write(d.join("race.txt"), race).unwrap();
    let start = Instant::now();
    fails(
        d,
        &["review", "race.txt"],
        2,
        "`hello` is no line of a record",
    );
    // Minutes to value; the check is a moment (a bound far above it, far below the valuing).
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn ctrl_c_stops_an_exact_review_between_moments() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    race_to_1000(d);
    // Its valuing takes minutes; the first Ctrl-C was ignored until it ended.
    let start = Instant::now();
    let out = crate::common::interrupted(d, &["review", "race.txt"], Duration::from_secs(2));
    let took = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("interrupted (Ctrl-C)"), "{stderr}");
    assert!(
        out.stdout.is_empty(),
        "a stopped review prints nothing of its game"
    );
    assert!(took < Duration::from_secs(20), "stopped after {took:?}");
}

#[test]
fn a_large_run_records_and_reviews_game_by_game_in_little_memory() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // 200,000 games (a 115 MB record) under a 1 GB limit: kept whole, they took about 3 GB.
    let (code, err) = limited(
        d,
        1_000_000,
        &[
            "simulate",
            "sevens",
            "--players",
            "2",
            "-n",
            "2e5",
            "--seed",
            "3",
            "--record",
            "big.txt",
            "-q",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    let games = BufReader::new(std::fs::File::open(d.join("big.txt")).unwrap())
        .lines()
        .filter(|l| l.as_deref().is_ok_and(|l| l == "game sevens"))
        .count();
    assert_eq!(games, 200_000);
    // The first 10,000 of them, reviewed as JSON under 700 MB (whole, they took about 1.5 GB):
    // every game in the document.
    let text = std::fs::read_to_string(d.join("big.txt")).unwrap();
    let cut = text.match_indices("\ngame sevens").nth(10_000).unwrap().0;
    std::fs::write(d.join("part.txt"), &text[..=cut]).unwrap();
    drop(text);
    let (code, err) = limited(
        d,
        700_000,
        &["review", "part.txt", "--format", "json", "--threads", "1"],
    );
    assert_eq!(code, Some(0), "{err}");
    let printed = std::fs::read_to_string(d.join("out.txt")).unwrap();
    let value: serde_json::Value = serde_json::from_str(&printed).expect("one JSON document");
    assert_eq!(value["games"].as_array().unwrap().len(), 10_000);
    // Printed game by game: the first game's lines come while the rest are reviewed.
    let mut child = Command::new(BIN)
        .args(["review", "part.txt", "--threads", "1"])
        .current_dir(d)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("game 1 of 10000: sevens"), "{first}");
    assert!(
        child.try_wait().unwrap().is_none(),
        "the review ended before its first game was read"
    );
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn a_record_of_a_game_too_large_to_solve_is_refused_at_its_line_before_any_work() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(
        d.join("big.txt"),
        "dicelab record 1\n\ngame sevens\nrules rounds=40\nseat 1 person Ann\nseat 2 person Bob\n\
         seat 3 person Cy\nround 1\nAnn: 6 5 3 4 2 2\n",
    )
    .unwrap();
    // Its memory refusal named no line; it says "needs" of the solve's peak.
    fails(
        d,
        &["review", "big.txt"],
        2,
        "record big.txt: line 3, column 1: the whole game of three players and 40 rounds needs",
    );
}
