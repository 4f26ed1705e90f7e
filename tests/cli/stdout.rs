//! What a command does when its standard output cannot be written: a full disk (`/dev/full`) is
//! an I/O failure, exit code 1 with one line on stderr; a closed pipe (`dicelab ... | head`) is
//! the reader having read enough, a quiet success, as ripgrep has it. And what it prints of a
//! path: a folder name holding a control character is written escaped.

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `dicelab args` in `dir` with `stdout` as its standard output and `input` on its stdin.
fn run_with_stdout(dir: &Path, args: &[&str], stdout: Stdio, input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    // A command that reads no input, or stops early, closes its stdin: not a failure here.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// `/dev/full`, where every write fails with "No space left on device".
fn dev_full() -> Stdio {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens")
        .into()
}

/// A pipe whose reading end is already closed: every write to it fails with a broken pipe.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    writer.into()
}

/// `dicelab args` with its stdout on `/dev/full` fails with exit code 1 and one line naming
/// standard output and the system's reason.
fn fails_on_a_full_disk(args: &[&str], expected: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let out = run_with_stdout(tmp.path(), args, dev_full(), "q\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "dicelab {args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "dicelab {args:?}: {stderr:?}");
    assert!(
        stderr.starts_with("dicelab: error: ") && stderr.contains(expected),
        "dicelab {args:?}: {stderr:?} lacks {expected:?}"
    );
    assert!(stderr.contains("(os error 28)"), "{stderr:?}");
}

/// `dicelab args` with its stdout on a closed pipe succeeds and says nothing on stderr.
fn quiet_on_a_closed_pipe(args: &[&str], input: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let out = run_with_stdout(tmp.path(), args, closed_pipe(), input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "dicelab {args:?}: {stderr}");
    assert!(stderr.is_empty(), "dicelab {args:?}: {stderr:?}");
}

const STDOUT_FULL: &str = "dicelab: error: standard output: cannot write to it (No space left";

#[test]
fn table_on_a_full_stdout_exits_1() {
    fails_on_a_full_disk(&["table", "sieben"], STDOUT_FULL);
}

#[test]
fn solve_on_a_full_stdout_exits_1() {
    fails_on_a_full_disk(&["solve", "sevens", "--players", "1"], STDOUT_FULL);
}

#[test]
fn simulate_on_a_full_stdout_exits_1() {
    fails_on_a_full_disk(&["simulate", "sequences", "-n", "100", "-q"], STDOUT_FULL);
}

#[test]
fn claims_on_a_full_stdout_exits_1() {
    fails_on_a_full_disk(&["claims", "-n", "100", "-q", "--out", "c"], STDOUT_FULL);
}

#[test]
fn advise_on_a_full_stdout_exits_1() {
    fails_on_a_full_disk(
        &[
            "advise", "sevens", "--roll", "1", "--dice", "2", "--sum", "5",
        ],
        STDOUT_FULL,
    );
}

#[test]
fn rules_and_policies_on_a_full_stdout_exit_1() {
    fails_on_a_full_disk(&["rules", "sieben"], STDOUT_FULL);
    fails_on_a_full_disk(&["policies", "sevens"], STDOUT_FULL);
}

#[test]
fn help_and_version_on_a_full_stdout_exit_1() {
    fails_on_a_full_disk(&["--help"], STDOUT_FULL);
    fails_on_a_full_disk(&["--version"], STDOUT_FULL);
}

#[test]
fn play_on_a_full_stdout_exits_1() {
    fails_on_a_full_disk(&["play", "sevens"], "play: the terminal (No space left");
}

#[test]
fn table_on_a_closed_pipe_is_a_quiet_success() {
    quiet_on_a_closed_pipe(&["table", "sieben"], "");
}

#[test]
fn solve_on_a_closed_pipe_is_a_quiet_success() {
    quiet_on_a_closed_pipe(&["solve", "sevens", "--players", "1"], "");
}

#[test]
fn help_on_a_closed_pipe_is_a_quiet_success() {
    quiet_on_a_closed_pipe(&["--help"], "");
}

/// A game nobody can see stops at once, as any command whose reader has gone would: nothing
/// is lost, since `play` writes no file.
#[test]
fn play_on_a_closed_pipe_is_a_quiet_success() {
    quiet_on_a_closed_pipe(&["play", "sevens", "--seed", "3"], &"1\n".repeat(60));
}

/// A closed pipe stops only the printing: the files asked for are written, so exit code 0 still
/// means the report is there.
#[test]
fn simulate_on_a_closed_pipe_still_writes_its_report() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["simulate", "sequences", "-n", "100", "-q", "--out", "r"];
    let out = run_with_stdout(tmp.path(), &args, closed_pipe(), "");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(tmp.path().join("r/summary.csv").is_file());
    assert!(tmp.path().join("r/run.json").is_file());
}

/// Every "wrote ... to" line writes an `--out` path holding an escape character or a line break
/// escaped, as an error would, so a name cannot drive the terminal or forge a line; the files
/// go to the path as given.
#[test]
fn the_wrote_line_escapes_control_characters_of_the_path() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let odd = "r\u{1b}[31m\nx";
    let shown = "r\\u{1b}[31m\\nx";
    let runs: [&[&str]; 6] = [
        &["simulate", "sequences", "-n", "100", "-q", "--out", odd],
        &["table", "sequences", "--out", odd],
        &["claims", "-n", "100", "-q", "--out", odd],
        &[
            "sweep",
            "sequences",
            "--rule",
            "wipe_ones=3,4",
            "-n",
            "100",
            "-q",
            "--out",
            odd,
        ],
        &[
            "decks",
            "sieben",
            "--players",
            "3",
            "-n",
            "20",
            "-q",
            "--out",
            odd,
        ],
        &[
            "tune",
            "solitaire-dice",
            "--from",
            "greedy",
            "--budget",
            "21",
            "-n",
            "10",
            "-q",
            "--out",
            odd,
        ],
    ];
    for args in runs {
        let stdout = crate::common::ok(d, args);
        let last = stdout.lines().last().unwrap();
        assert!(
            last.starts_with("wrote ") && last.ends_with(&format!(" to {shown}")),
            "{args:?}: {last:?}"
        );
        assert!(!stdout.contains('\u{1b}'), "{args:?}: {stdout:?}");
        assert!(d.join(odd).exists(), "{args:?}");
        let _ = std::fs::remove_dir_all(d.join(odd));
        let _ = std::fs::remove_file(d.join(odd));
    }
}

/// Runs `dicelab args` in `dir` with `stderr` as its standard error; stdout discarded.
fn run_with_stderr(dir: &Path, args: &[&str], stderr: Stdio) -> std::process::ExitStatus {
    Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(stderr)
        .status()
        .expect("the binary runs")
}

/// A stderr that cannot be written loses its line, not the run: bad input still exits 2 (it
/// panicked with 101), and a partial merge, whose note goes to stderr, still writes its report.
#[test]
fn an_unwritable_stderr_never_panics_nor_stops_the_work() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for stderr in [dev_full, closed_pipe] {
        let bad = run_with_stderr(d, &["simulate", "sequences", "-n", "-5"], stderr());
        assert_eq!(bad.code(), Some(2));
        let bad = run_with_stderr(d, &["simulate", "nope"], stderr());
        assert_eq!(bad.code(), Some(2));
    }
    crate::common::ok(
        d,
        &[
            "simulate",
            "sequences",
            "-n",
            "1000",
            "--shard",
            "0/2",
            "--out",
            "s0",
            "-q",
        ],
    );
    let merged = run_with_stderr(d, &["merge", "--partial", "s0", "--out", "m"], dev_full());
    assert!(merged.success(), "{merged}");
    assert!(d.join("m/summary.csv").is_file());
}

/// A word of the command line that is not UTF-8 (a path in another encoding) is one line and
/// exit code 2, wherever it stands (it panicked with 101).
#[test]
fn an_argument_that_is_not_utf8_is_refused_in_one_line() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let tmp = tempfile::tempdir().unwrap();
    let bad = OsStr::from_bytes(b"bad\xff\xfename");
    for args in [
        vec![
            OsStr::new("simulate"),
            OsStr::new("sequences"),
            OsStr::new("--out"),
            bad,
        ],
        vec![bad],
        vec![
            OsStr::new("merge"),
            bad,
            OsStr::new("--out"),
            OsStr::new("m"),
        ],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_dicelab"))
            .args(&args)
            .current_dir(tmp.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("('bad\u{fffd}\u{fffd}name') is not UTF-8 text"),
            "{stderr}"
        );
        assert!(out.stdout.is_empty());
    }
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
}

/// A policy naming a file whose name holds an escape sequence, a direction override and an
/// accent: the printed table shows the name escaped, on one line, and its columns still line up.
#[test]
fn a_file_name_in_a_policy_neither_drives_the_terminal_nor_breaks_the_table() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let name = "w\u{1b}[2Jé\u{202e}x.csv";
    std::fs::write(
        d.join(name),
        crate::common::ok(d, &["data", "solitaire-tuned.csv"]),
    )
    .unwrap();
    let spec = format!("heuristic:{name}");
    let args = [
        "compare",
        "solitaire-dice",
        "--policy",
        &spec,
        "--policy",
        "greedy",
        "-n",
        "50",
        "-q",
    ];
    let out = crate::common::ok(d, &args);
    assert!(
        !out.contains('\u{1b}') && !out.contains('\u{202e}'),
        "{out}"
    );
    assert!(
        out.contains("heuristic:w\\u{1b}[2Jé\\u{202e}x.csv@"),
        "{out}"
    );
    // The header and every metric row end their `n` column at one character position.
    let table: Vec<&str> = out.lines().skip(1).take_while(|l| !l.is_empty()).collect();
    assert!(table.len() > 4, "{out}");
    let n_end = |line: &str| {
        let chars: Vec<char> = line.chars().collect();
        let label_end = line[..line.find("  ").unwrap()].chars().count();
        let start = (label_end..chars.len()).find(|&i| chars[i] != ' ').unwrap();
        (start..chars.len())
            .find(|&i| chars[i] == ' ')
            .unwrap_or(chars.len())
    };
    let first = n_end(table[0]);
    for line in &table {
        assert_eq!(n_end(line), first, "{out}");
    }
}

#[test]
fn a_closed_standard_output_is_refused_at_start_with_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // `>&-`: the run printed into the /dev/null the runtime put in its place and exited 0.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "exec '{}' simulate sequences -n 100 -q --out h >&-",
            env!("CARGO_BIN_EXE_dicelab")
        ))
        .current_dir(d)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("standard output: it is closed"), "{stderr}");
    assert!(!d.join("h").exists(), "the report was written");
    // Discarding the output on purpose is no failure.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "exec '{}' simulate sequences -n 100 -q > /dev/null",
            env!("CARGO_BIN_EXE_dicelab")
        ))
        .current_dir(d)
        .output()
        .unwrap();
    assert!(out.status.success());
}
