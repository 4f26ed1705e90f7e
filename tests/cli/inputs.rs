//! Inputs are regular files read with a size limit: a FIFO with no writer, a socket or a device
//! named as any input is refused at once with one line (a FIFO used to hang forever, `/dev/zero`
//! to read until memory ran out), and so is a file past the limit.

use std::fs;

use crate::common::{fifo, fifo_at, ok, refused_at_once, socket};

/// Every input a command reads, named by `file`.
fn every_input(file: &str) -> Vec<Vec<String>> {
    let s = |v: &[&str]| v.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    vec![
        s(&[
            "simulate",
            "sieben",
            "--players",
            "3",
            "-n",
            "10",
            "-q",
            "--deck",
            file,
        ]),
        s(&[
            "simulate",
            "sevens",
            "-n",
            "10",
            "-q",
            "--policy",
            &format!("table:{file}"),
        ]),
        s(&[
            "simulate",
            "solitaire-dice",
            "-n",
            "10",
            "-q",
            "--policy",
            &format!("heuristic:{file}"),
        ]),
        s(&[
            "simulate",
            "solitaire-dice",
            "-n",
            "10",
            "-q",
            "--policy",
            &format!("lookahead:{file}"),
        ]),
        s(&["claims", "-n", "10", "--file", file, "--out", "c"]),
        s(&[
            "tune",
            "solitaire-dice",
            "--from",
            &format!("heuristic:{file}"),
            "--budget",
            "1",
            "--out",
            "w.csv",
        ]),
    ]
}

#[test]
fn a_fifo_socket_or_device_as_any_input_is_refused_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fifo(d);
    socket(d);
    for (file, kind) in [
        ("fifo", "a FIFO, not a regular file"),
        ("socket", "a socket, not a regular file"),
        ("/dev/zero", "a device, not a regular file"),
        ("/dev/urandom", "a device, not a regular file"),
    ] {
        for args in every_input(file) {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            refused_at_once(d, &args, &format!("{file}: cannot read it ({kind}"));
        }
    }
    assert!(
        !d.join("c").exists() && !d.join("w.csv").exists(),
        "nothing written"
    );
}

/// A shard folder whose `accumulators.json` is a FIFO or a link to a device, and an `--out`
/// folder whose `run.json` is a FIFO, are refused, not waited on.
#[test]
fn a_fifo_or_device_in_a_shard_or_out_folder_is_refused_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &[
            "simulate",
            "sequences",
            "-n",
            "100",
            "-q",
            "--shard",
            "0/2",
            "--out",
            "s0",
        ],
    );
    ok(
        d,
        &[
            "simulate",
            "sequences",
            "-n",
            "100",
            "-q",
            "--shard",
            "1/2",
            "--out",
            "s1",
        ],
    );
    fs::remove_file(d.join("s1/accumulators.json")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", d.join("s1/accumulators.json")).unwrap();
    refused_at_once(
        d,
        &["merge", "s0", "s1", "--out", "m"],
        "s1/accumulators.json: cannot read it (a device, not a regular file",
    );
    fs::remove_file(d.join("s1/accumulators.json")).unwrap();
    fifo_at(&d.join("s1/accumulators.json"));
    refused_at_once(
        d,
        &["merge", "s0", "s1", "--out", "m"],
        "s1/accumulators.json: cannot read it (a FIFO, not a regular file",
    );
    fs::remove_file(d.join("s0/run.json")).unwrap();
    fifo_at(&d.join("s0/run.json"));
    refused_at_once(
        d,
        &["simulate", "sequences", "-n", "100", "-q", "--out", "s0"],
        "run.json",
    );
}

/// A regular file past the limit (64 MiB) is refused without being read into memory.
#[test]
fn an_input_past_the_size_limit_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let big = fs::File::create(d.join("big.csv")).unwrap();
    big.set_len((64 << 20) + 1).unwrap();
    refused_at_once(
        d,
        &[
            "simulate",
            "sieben",
            "--players",
            "3",
            "-n",
            "10",
            "-q",
            "--deck",
            "big.csv",
        ],
        "deck big.csv: cannot read it (larger than 64 MiB, the most dicelab reads of an input file)",
    );
}

/// A folder whose `run.json` is not dicelab's is refused before the work (it used to be refused
/// only once the run was done), and the file is left as it was.
#[test]
fn an_out_folder_with_a_foreign_run_json_is_refused_before_the_work() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::create_dir(d.join("r")).unwrap();
    fs::write(d.join("r/run.json"), "{\"mine\": true}\n").unwrap();
    refused_at_once(
        d,
        &["simulate", "sequences", "-n", "1e12", "-q", "--out", "r"],
        "r/run.json is not a dicelab run record; dicelab will not replace it",
    );
    assert_eq!(
        fs::read(d.join("r/run.json")).unwrap(),
        b"{\"mine\": true}\n"
    );
}
