//! Every input file reads the same whatever its line ends: `\n`, `\r\n`, or a lone `\r` (old
//! Mac files). A lone `\r` used to join its line to the next, so a claim went unchecked, a row
//! was dropped, or the file read as empty; now each kind of input reads a `\r` file as its `\n`
//! twin and names the same line in an error.

use std::fs;
use std::path::Path;

use crate::common::{fails, ok, read};

/// `text` (written with `\n`) with every line ending in a lone `\r`.
fn cr(text: &str) -> String {
    text.replace('\n', "\r")
}

/// `text` with its line ends taking turns: `\r`, `\r\n`, `\n`.
fn mixed(text: &str) -> String {
    let mut out = String::new();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        match line.strip_suffix('\n') {
            Some(body) => {
                out.push_str(body);
                out.push_str(["\r", "\r\n", "\n"][i % 3]);
            }
            None => out.push_str(line),
        }
    }
    out
}

/// `text` with every `@` and 8 hex digits (a file's short hash in a report, which differs with
/// the bytes of its line ends) written `@HASH`.
fn without_hashes(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        out.push_str(&rest[..=at]);
        rest = &rest[at + 1..];
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        if hex >= 8 {
            out.push_str("HASH");
            rest = &rest[8..];
        }
    }
    out + rest
}

/// Runs `args` in a fresh folder holding `file` with `text`, for `text` with `\n` line ends, with
/// lone `\r`s and with a mix; asserts that stdout (hashes aside) and each of `outputs` are the
/// same for all three (hashes aside too), and returns the stdout of the `\n` file.
fn reads_alike(file: &str, text: &str, args: &[&str], outputs: &[&str]) -> String {
    let runs: Vec<(String, Vec<String>)> = [text.to_string(), cr(text), mixed(text)]
        .iter()
        .map(|variant| {
            let tmp = tempfile::tempdir().unwrap();
            let d = tmp.path();
            fs::write(d.join(file), variant).unwrap();
            let stdout = without_hashes(&ok(d, args));
            let files = outputs
                .iter()
                .map(|o| without_hashes(&String::from_utf8(read(d.join(o))).unwrap()))
                .collect();
            (stdout, files)
        })
        .collect();
    assert!(cr(text).contains('\r') && !cr(text).contains('\n'));
    for (i, run) in runs.iter().enumerate().skip(1) {
        assert_eq!(run.0, runs[0].0, "stdout of line-end variant {i}");
        assert_eq!(run.1, runs[0].1, "files of line-end variant {i}");
    }
    runs[0].0.clone()
}

/// `args` fails with exit code 2 and `expected` on a `\r`-ended `file` holding `text`.
fn fails_alike(file: &str, text: &str, args: &[&str], expected: &str) {
    for variant in [text.to_string(), cr(text), mixed(text)] {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(tmp.path().join(file), &variant).unwrap();
        fails(tmp.path(), args, 2, expected);
    }
}

const CLAIMS: &str = "claim,game,rules,metric,check,claimed,tolerance,baseline_game,baseline_rules\n\
    Half do not score,sequences,,p_cast_no_score,about,0.5,0.1,,\n\
    # a comment line\n\
    Ten a cast,sequences,,points_per_cast,about,10,2,,\n";

#[test]
fn a_claims_file_reads_alike_with_any_line_ends() {
    let stdout = reads_alike(
        "c.csv",
        CLAIMS,
        &["claims", "--file", "c.csv", "-n", "100", "-q", "--out", "o"],
        &["o/claims.csv"],
    );
    assert!(stdout.contains("Half do not score"), "{stdout}");
    assert!(stdout.contains("Ten a cast"), "{stdout}");
}

#[test]
fn a_claims_file_with_lone_cr_names_the_line_of_its_error() {
    fails_alike(
        "c.csv",
        &CLAIMS.replace("about,10", "maybe,10"),
        &["claims", "--file", "c.csv", "-n", "100", "--out", "o"],
        "c.csv: line 4: check: expected about, below, above or equal, found 'maybe'",
    );
}

const DECK: &str = "number,count\n1,12\n2,12\n3,12\n\n4,12\n5,12\n6,12\n7,8\n";

#[test]
fn a_deck_reads_alike_with_any_line_ends() {
    let stdout = reads_alike("d.csv", DECK, &["table", "sieben", "--deck", "d.csv"], &[]);
    assert!(
        stdout.contains("deck=d.csv | exact tables (80 cards"),
        "{stdout}"
    );
    reads_alike(
        "d.csv",
        DECK,
        &[
            "simulate",
            "sieben",
            "--players",
            "3",
            "--deck",
            "d.csv",
            "-n",
            "50",
            "-q",
        ],
        &[],
    );
}

#[test]
fn a_deck_with_lone_cr_names_the_line_of_its_error() {
    fails_alike(
        "d.csv",
        &format!("{DECK}7,500\n"),
        &["table", "sieben", "--deck", "d.csv"],
        "deck d.csv: line 10: number 7 is listed twice (first on line 9)",
    );
}

/// The table `solve sevens` writes, two lines of provenance above its header.
fn sevens_table() -> String {
    let tmp = tempfile::tempdir().unwrap();
    ok(tmp.path(), &["solve", "sevens", "--out", "s"]);
    String::from_utf8(read(tmp.path().join("s/optimal_policy.csv"))).unwrap()
}

#[test]
fn a_sevens_policy_table_reads_alike_with_any_line_ends() {
    reads_alike(
        "t.csv",
        &sevens_table(),
        &[
            "simulate",
            "sevens",
            "--policy",
            "table:t.csv",
            "-n",
            "1000",
            "-q",
        ],
        &[],
    );
}

#[test]
fn a_sevens_policy_table_with_lone_cr_names_the_line_of_its_error() {
    let table = sevens_table();
    // Its provenance, line 2, says max_rolls=3.
    fails_alike(
        "t.csv",
        &table,
        &[
            "simulate",
            "sevens",
            "--rule",
            "max_rolls=4",
            "--policy",
            "table:t.csv",
        ],
        "policy table t.csv: line 2: solved for 3 rolls (max_rolls=3), but the rules allow 4",
    );
    // A bad decision on line 5, under the provenance and the header.
    let mut lines: Vec<String> = table.lines().map(String::from).collect();
    lines[4] = lines[4]
        .replace(",stop,", ",perhaps,")
        .replace(",roll,", ",perhaps,");
    fails_alike(
        "t.csv",
        &(lines.join("\n") + "\n"),
        &["simulate", "sevens", "--policy", "table:t.csv"],
        "policy table t.csv: line 5: decision must be stop or roll, found 'perhaps'",
    );
}

/// The shipped tuned weights of Solitaire Dice.
fn weights() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/solitaire-tuned.csv");
    fs::read_to_string(path).unwrap()
}

#[test]
fn a_weights_file_reads_alike_with_any_line_ends() {
    reads_alike(
        "w.csv",
        &weights(),
        &[
            "simulate",
            "solitaire-dice",
            "--policy",
            "heuristic:w.csv",
            "-n",
            "200",
            "-q",
        ],
        &[],
    );
}

#[test]
fn a_weights_file_with_lone_cr_names_the_line_of_its_error() {
    let w = weights();
    let second = w.lines().nth(2).unwrap();
    let name = second.split(',').next().unwrap();
    fails_alike(
        "w.csv",
        &format!("{w}{second}\n"),
        &["simulate", "solitaire-dice", "--policy", "heuristic:w.csv"],
        &format!(
            "policy file w.csv: line {}: weight '{name}' is given twice (first on line 3)",
            w.lines().count() + 1
        ),
    );
}

#[test]
fn weights_to_tune_from_read_alike_with_any_line_ends() {
    let args = [
        "tune",
        "solitaire-dice",
        "--from",
        "heuristic:w.csv",
        "--budget",
        "21",
        "-n",
        "10",
        "-q",
        "--out",
        "o.csv",
    ];
    reads_alike("w.csv", &weights(), &args, &["o.csv"]);
    fails_alike(
        "w.csv",
        &weights().replacen("open_sum,", "open_sum,x", 1),
        &args,
        "policy file w.csv: line 2: value of 'open_sum' must be a number",
    );
}

const POSITION: &str = "{\n  \"roll\": 1,\n  \"dice\": 2,\n  \"sum\": 5\n}\n";

#[test]
fn a_position_file_reads_alike_with_any_line_ends() {
    reads_alike(
        "p.json",
        POSITION,
        &["advise", "sevens", "--position", "p.json"],
        &[],
    );
}

#[test]
fn a_position_file_with_lone_cr_names_the_line_of_its_error() {
    fails_alike(
        "p.json",
        &POSITION.replace("\"dice\": 2", "\"dice\": 2 x"),
        &["advise", "sevens", "--position", "p.json"],
        "at line 3 column",
    );
}

/// A run records a `\r` file as its bytes (`run.json` gives the hash of the file), and `merge`,
/// which reads the recorded text instead of the file, reads it as the run did: the shards of a
/// run on it merge into the whole run, byte for byte.
#[test]
fn a_file_with_lone_cr_is_recorded_as_its_bytes_and_merges() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::write(d.join("w.csv"), cr(&weights())).unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "solitaire-dice",
            "--policy",
            "heuristic:w.csv",
            "-n",
            "200",
            "-q",
        ];
        args.extend_from_slice(extra);
        ok(d, &args);
    };
    run(&["--out", "whole"]);
    run(&["--shard", "0/2", "--out", "s0"]);
    run(&["--shard", "1/2", "--out", "s1"]);
    ok(d, &["merge", "s0", "s1", "--out", "merged"]);
    for file in ["summary.csv", "accumulators.json"] {
        assert_eq!(
            read(d.join("whole").join(file)),
            read(d.join("merged").join(file)),
            "{file}"
        );
    }
    let json: serde_json::Value = serde_json::from_slice(&read(d.join("whole/run.json"))).unwrap();
    let recorded = json["run"]["inputs"][0]["sha256"].as_str().unwrap();
    let hash = crate::common::short_hash(d.join("w.csv"));
    assert!(
        recorded.starts_with(&format!("sha256:{hash}")),
        "{recorded}"
    );
}
