//! `run.json`: every folder dicelab writes says what made it and what is in it.

use crate::common::{fails, ok, read, short_hash};
use serde_json::Value;
use std::fs;
use std::path::Path;

fn run_json(dir: &Path) -> Value {
    serde_json::from_slice(&read(dir.join("run.json"))).unwrap()
}

/// Every file of the folder but run.json itself is listed, with its true size and hash, and
/// nothing else is.
fn lists_every_file(dir: &Path) {
    let json = run_json(dir);
    let mut listed: Vec<String> = Vec::new();
    for f in json["files"].as_array().unwrap() {
        let name = f["name"].as_str().unwrap();
        let bytes = read(dir.join(name));
        assert_eq!(f["bytes"].as_u64(), Some(bytes.len() as u64), "{name}");
        let hash = short_hash(dir.join(name));
        let recorded = f["sha256"].as_str().unwrap();
        assert!(
            recorded.starts_with(&format!("sha256:{hash}")),
            "{name}: {recorded}"
        );
        listed.push(name.to_string());
    }
    let mut present: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "run.json")
        .collect();
    present.sort();
    listed.sort();
    assert_eq!(listed, present);
}

/// A shard's run.json says which shard of how many, the seed, -n, threads, the command line, the
/// policy with its file's hash, and the times; the merge's says it holds the whole run.
#[test]
fn a_shard_and_its_merge_say_what_they_are() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/data/solitaire-tuned.csv"),
        d.join("w.csv"),
    )
    .unwrap();
    let h = short_hash(d.join("w.csv"));
    for k in 0..2 {
        let shard = format!("{k}/2");
        let out = format!("s{k}");
        let printed = ok(
            d,
            &[
                "simulate",
                "solitaire-dice",
                "-n",
                "30000",
                "--seed",
                "5",
                "--threads",
                "2",
                "-q",
                "--policy",
                "heuristic:w.csv",
                "--shard",
                &shard,
                "--out",
                &out,
            ],
        );
        // The printed table's header line says it is a part, not the run.
        let header = printed.lines().next().unwrap();
        assert!(
            header.ends_with(&format!("units | shards {k} of 0-1: a part of the run")),
            "{header}"
        );
    }
    let s1 = run_json(&d.join("s1"));
    assert_eq!(s1["tool"], format!("dicelab {}", env!("CARGO_PKG_VERSION")));
    assert_eq!(s1["command"][1], "simulate");
    assert_eq!(s1["command"].as_array().unwrap().last().unwrap(), "s1");
    for key in ["started", "finished"] {
        let t = s1[key].as_str().unwrap();
        assert!(
            t.len() == 20 && t.starts_with("20") && t.ends_with('Z'),
            "{t}"
        );
    }
    let run = &s1["run"];
    assert_eq!(run["game"], "solitaire-dice");
    assert_eq!(run["rules"], "players=1");
    assert_eq!(run["policies"][0], format!("heuristic:w.csv@{h}"));
    assert_eq!(run["inputs"][0]["path"], "w.csv");
    assert!(
        run["inputs"][0]["sha256"]
            .as_str()
            .unwrap()
            .starts_with(&format!("sha256:{h}"))
    );
    assert_eq!(run["seed"], 5);
    assert_eq!(run["units"], 30000);
    assert_eq!(run["shards"], "1");
    assert_eq!(run["shard_count"], 2);
    assert_eq!(run["threads"], 2);
    lists_every_file(&d.join("s1"));

    ok(d, &["merge", "s0", "s1", "--out", "m"]);
    let run = &run_json(&d.join("m"))["run"];
    assert_eq!(run["shards"], "0");
    assert_eq!(run["shard_count"], 1);
    assert_eq!(run["threads"], Value::Null, "a merge simulates nothing");
    lists_every_file(&d.join("m"));
}

/// Folders of tables and claims carry one too, with the files they read.
#[test]
fn tables_and_claims_folders_carry_one() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::write(
        d.join("even.csv"),
        "number,count\n1,8\n2,8\n3,8\n4,8\n5,8\n6,8\n7,8\n",
    )
    .unwrap();
    ok(d, &["table", "sieben", "--deck", "even.csv", "--out", "t"]);
    let run = &run_json(&d.join("t"))["run"];
    assert_eq!(run["game"], "sieben");
    assert_eq!(run["inputs"][0]["path"], "even.csv");
    lists_every_file(&d.join("t"));
    ok(d, &["claims", "-n", "1000", "--out", "c"]);
    let run = &run_json(&d.join("c"))["run"];
    assert_eq!(run["inputs"][0]["path"], "data/claims.csv");
    assert_eq!(run["units"], 1000);
    lists_every_file(&d.join("c"));
}

/// A run.json that is not dicelab's is a file of the user's own: never replaced.
#[test]
fn a_run_json_of_the_users_own_is_never_replaced() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::create_dir(d.join("r")).unwrap();
    fs::write(d.join("r/run.json"), "{\"mine\": true}\n").unwrap();
    fails(
        d,
        &["simulate", "sequences", "-n", "1000", "-q", "--out", "r"],
        1,
        "r/run.json is not a dicelab run record; dicelab will not replace it",
    );
    assert_eq!(read(d.join("r/run.json")), b"{\"mine\": true}\n");
    assert_eq!(fs::read_dir(d.join("r")).unwrap().count(), 1);
}

/// A folder written by 0.4.0 (its manifest `.dicelab-files`) is still known as dicelab's: the
/// next run replaces its files and the old manifest with run.json.
#[test]
fn a_folder_of_0_4_0_is_taken_over() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::create_dir(d.join("r")).unwrap();
    fs::write(d.join("r/old.csv"), "x").unwrap();
    fs::write(d.join("r/.dicelab-files"), "{\"files\": [\"old.csv\"]}\n").unwrap();
    ok(
        d,
        &["simulate", "sequences", "-n", "1000", "-q", "--out", "r"],
    );
    assert!(!d.join("r/old.csv").exists());
    assert!(!d.join("r/.dicelab-files").exists());
    lists_every_file(&d.join("r"));
}
