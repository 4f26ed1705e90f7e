//! `app::run_captured`, which the Python package calls: a command run in this process keeps what
//! the binary would print and the files its report holds, and fails with the binary's own line.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dicelab::Invocation;
use dicelab::app::{Captured, Failed, run_captured};

use crate::common::{ok, read, snapshot};

fn invocation(words: &[&str]) -> Invocation {
    Invocation::now(
        std::iter::once("dicelab")
            .chain(words.iter().copied())
            .map(String::from)
            .collect(),
    )
}

fn captured(words: &[&str]) -> Result<Captured, Failed> {
    run_captured(&invocation(words), None)
}

/// The binary's folder and a captured run's files, by name, without run.json (it records the
/// command line, which names the binary's own path).
fn report_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    snapshot(dir)
        .into_iter()
        .filter(|(name, _)| name != "run.json")
        .collect()
}

fn sorted(mut files: Vec<(String, Vec<u8>)>) -> Vec<(String, Vec<u8>)> {
    files.sort();
    files
}

#[test]
fn a_captured_simulation_keeps_the_binarys_files_and_table_without_a_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let words = [
        "compare", "sevens", "--policy", "optimal", "--policy", "rolls:1", "-n", "20000", "--seed",
        "3", "-q",
    ];
    let printed = ok(d, &words);
    let out = d.join("out");
    let with_out: Vec<&str> = words
        .iter()
        .copied()
        .chain(["--out", out.to_str().unwrap()])
        .collect();
    ok(d, &with_out);
    let run = captured(&words).unwrap();
    assert_eq!(run.stdout, printed);
    assert_eq!(sorted(run.files), report_files(&out));
    assert!(read(out.join("summary.csv")).starts_with(b"game,rules,policy,metric"));
}

#[test]
fn a_captured_run_with_out_writes_the_folder_too() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("s");
    let run = captured(&["solve", "sevens", "--out", out.to_str().unwrap()]).unwrap();
    assert!(out.join("run.json").is_file());
    assert_eq!(sorted(run.files), report_files(&out));
    assert!(
        run.stdout.ends_with(&format!("to {}\n", out.display())),
        "{}",
        run.stdout
    );
}

#[test]
fn a_captured_failure_is_the_binarys_line_and_exit_code() {
    let tmp = tempfile::tempdir().unwrap();
    for words in [
        &["simulate", "sevens", "-n", "0"][..],
        &["simulate", "sevn"],
        &["simulate", "sevens", "--policy", "nope"],
        &["compare", "sevens", "--policy", "optimal"],
        &["simulate", "sevens", "--colour", "red"],
        &["simulate", "sevens", "--out", "/proc/version/x"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dicelab"))
            .args(words)
            .current_dir(tmp.path())
            .output()
            .unwrap();
        let failed = captured(words).unwrap_err();
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            format!("dicelab: {}\n", failed.line),
            "{words:?}"
        );
        assert_eq!(out.status.code(), Some(i32::from(failed.code)), "{words:?}");
    }
}

#[test]
fn play_and_a_missing_command_are_refused_when_captured() {
    let play = captured(&["play", "sevens"]).unwrap_err();
    assert_eq!(play.code, 2);
    assert!(
        play.line.contains("run `dicelab play sevens` in a shell"),
        "{}",
        play.line
    );
    let none = captured(&[]).unwrap_err();
    assert_eq!(none.code, 2);
    assert!(
        none.line.starts_with("error: expected a command"),
        "{}",
        none.line
    );
}

#[test]
fn help_is_captured_as_printed_text() {
    let help = captured(&["simulate", "--help"]).unwrap();
    assert!(
        help.stdout.contains("Usage: dicelab simulate"),
        "{}",
        help.stdout
    );
    assert!(help.files.is_empty());
}

/// A run far too long to wait for stops soon after its flag is set, fails with the stopped
/// line and writes nothing.
#[test]
fn a_captured_run_stops_when_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("never");
    let stop = Arc::new(AtomicBool::new(false));
    let setter = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::Relaxed);
            Instant::now()
        })
    };
    let words = [
        "simulate",
        "sevens",
        "-n",
        "1e15",
        "--out",
        out.to_str().unwrap(),
    ];
    let failed = run_captured(&invocation(&words), Some(stop)).unwrap_err();
    let asked = setter.join().unwrap();
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(failed.line, format!("error: {}", dicelab::engine::STOPPED));
    assert_eq!(failed.code, 2);
    assert!(!out.exists());
}

/// The caller's thread may have a small stack (128 KiB, as musl gives a thread): the command
/// runs on a stack of its own, so a deeply nested rule of thumb parses as it does in the binary.
#[test]
fn a_captured_command_does_not_run_on_the_callers_stack() {
    let rule = format!("stop-if:{}sum > 3{}", "(".repeat(60), ")".repeat(60));
    let run = std::thread::Builder::new()
        .stack_size(128 << 10)
        .spawn(move || {
            captured(&["simulate", "sevens", "--policy", &rule, "-n", "100"]).map(|c| c.stdout)
        })
        .unwrap()
        .join()
        .expect("no overflow");
    assert!(run.unwrap().contains("turn_score"));
}

/// A review printed a game at a time is captured whole: each game's text and the JSON document
/// are the binary's, byte for byte (the games were once printed from the review's own thread
/// pool, past the capture, which kept only the closing lines).
#[test]
fn a_captured_review_keeps_every_games_text_and_json() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
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
    let record = d.join("g.txt");
    let record = record.to_str().unwrap();
    for format in ["text", "json"] {
        let words = ["review", record, "--format", format];
        let printed = ok(d, &words);
        let run = captured(&words).unwrap();
        assert_eq!(run.stdout, printed, "{format}");
        assert!(
            run.stdout.contains("game 3 of 3") || run.stdout.matches("\"moments\"").count() == 3
        );
    }
}
