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
