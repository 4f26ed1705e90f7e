//! `merge`: parts of different runs are refused, and so are missing shards.

use crate::common::{fails, ok};
use std::fs;

#[test]
fn merge_refuses_parts_of_different_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let shard = |name: &str, extra: &[&str]| {
        let mut args = vec!["simulate", "sequences", "-n", "100000", "-q", "--out", name];
        args.extend_from_slice(extra);
        ok(d, &args);
    };
    shard("a", &["--seed", "1", "--shard", "0/2"]);
    shard("b", &["--seed", "2", "--shard", "1/2"]);
    shard(
        "c",
        &["--seed", "1", "--shard", "1/2", "--rule", "wipe_ones=3"],
    );
    shard("e", &["--seed", "1", "--shard", "1/3"]);
    ok(
        d,
        &[
            "simulate",
            "hearts-due",
            "-n",
            "100000",
            "-q",
            "--seed",
            "1",
            "--shard",
            "1/2",
            "--out",
            "f",
        ],
    );
    ok(
        d,
        &[
            "simulate",
            "sequences",
            "-n",
            "200000",
            "-q",
            "--seed",
            "1",
            "--shard",
            "1/2",
            "--out",
            "g",
        ],
    );
    fails(d, &["merge", "a", "b", "--out", "m"], 2, "seed");
    fails(d, &["merge", "a", "c", "--out", "m"], 2, "rules");
    fails(d, &["merge", "a", "e", "--out", "m"], 2, "shard count");
    fails(d, &["merge", "a", "f", "--out", "m"], 2, "game");
    fails(d, &["merge", "a", "g", "--out", "m"], 2, "-n");
    fails(d, &["merge", "a", "a", "--out", "m"], 2, "given twice");
    fs::create_dir(d.join("broken")).unwrap();
    fs::write(d.join("broken/accumulators.json"), "{ not json").unwrap();
    fails(
        d,
        &["merge", "a", "broken", "--out", "m"],
        2,
        "not a dicelab accumulator file",
    );
    assert!(!d.join("m/summary.csv").exists());
}

bad_input! {
    refuses_a_merge_of_no_shards: ["merge", "--out", "m"] => "<SHARDS>";
}

/// A missing shard is an error naming it in the form `sbatch --array=` takes; `--partial` merges
/// what is there, says so, and a later merge of the partial report with the rest is the whole run
/// byte for byte (so a thousand shards can be merged as a tree).
#[test]
fn a_missing_shard_is_named_and_partial_merges_compose() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let run = ["simulate", "sequences", "-n", "100000", "-q", "--seed", "4"];
    for k in 0..8 {
        let shard = format!("{k}/8");
        let out = format!("s{k}");
        let mut args = run.to_vec();
        args.extend(["--shard", &shard, "--out", &out]);
        ok(d, &args);
    }
    let mut whole = run.to_vec();
    whole.extend(["--out", "whole"]);
    ok(d, &whole);

    fails(
        d,
        &["merge", "s0", "s1", "s3", "s4", "--out", "m"],
        2,
        "merge: shards 2,5-7 of 0-7 are missing (resubmit them: sbatch --array=2,5-7, \
         or deploy/slurm/submit.sh --tasks 2,5-7); give --partial to merge the shards here",
    );
    assert!(!d.join("m").exists(), "a refused merge writes nothing");

    let text = ok(
        d,
        &[
            "merge",
            "s0",
            "s1",
            "s3",
            "s4",
            "--partial",
            "--out",
            "part",
        ],
    );
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with("| shards 0-1,3-4 of 0-7: a part of the run"),
        "{text}"
    );
    ok(
        d,
        &["merge", "s5", "part", "s7", "s2", "s6", "--out", "merged"],
    );
    for file in crate::common::REPORT_FILES {
        assert_eq!(
            crate::common::read(d.join("merged").join(file)),
            crate::common::read(d.join("whole").join(file)),
            "{file}"
        );
    }
}

/// A shard whose accumulators were edited by hand (one count raised) is refused, naming the file,
/// and nothing is written.
#[test]
fn merge_refuses_an_edited_shard() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for k in 0..2 {
        let shard = format!("{k}/2");
        let out = format!("s{k}");
        ok(
            d,
            &[
                "simulate",
                "sequences",
                "-n",
                "100000",
                "-q",
                "--shard",
                &shard,
                "--out",
                &out,
            ],
        );
    }
    let path = d.join("s1/accumulators.json");
    let text = fs::read_to_string(&path).unwrap();
    let at = text.find("\"counts\": {").unwrap() + "\"counts\": {".len();
    let colon = at + text[at..].find("\": ").unwrap() + 3;
    let end = colon + text[colon..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let count: u64 = text[colon..end].parse().unwrap();
    let edited = format!("{}{}{}", &text[..colon], count + 1000, &text[end..]);
    fs::write(&path, edited).unwrap();
    fails(
        d,
        &["merge", "s0", "s1", "--out", "m"],
        2,
        "s1/accumulators.json: its content does not match its checksum",
    );
    assert!(!d.join("m").exists());
}

/// Found by fuzzing: an accumulators.json whose subject is an unknown name holding an escaped
/// line break made serde's message, and so the error, two lines. It is one line now.
#[test]
fn a_bad_name_with_a_line_break_in_a_shard_is_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &["simulate", "sequences", "-n", "1000", "-q", "--out", "s"],
    );
    let path = d.join("s/accumulators.json");
    let text = fs::read_to_string(&path).unwrap();
    fs::write(
        &path,
        text.replacen("\"subject\": \"run\"", "\"subject\": \"r\\nun\"", 1),
    )
    .unwrap();
    fails(
        d,
        &["merge", "s", "--out", "m"],
        2,
        "unknown variant `r\\nun`, expected one of `run`",
    );
}
