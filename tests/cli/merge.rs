//! `merge`: parts of different runs are refused, and so are missing shards.

use crate::common::{fails, ok, read, short_hash};
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

/// One shard of a split in four billion merges in memory and time for the one shard held, not
/// for the split: the missing ones are named as one run (this asked 16 GB and was killed).
#[test]
fn one_shard_of_a_huge_split_merges_as_cheaply_as_one_shard() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let shard = ["--shard", "0/4294967295", "--out", "b"];
    ok(
        d,
        &[&["simulate", "sequences", "-n", "100", "-q"][..], &shard].concat(),
    );
    crate::common::fails(
        d,
        &["merge", "b", "--out", "m"],
        2,
        "merge: shards 1-4294967294 of 0-4294967294 are missing",
    );
    let text = ok(d, &["merge", "b", "--partial", "--out", "m"]);
    assert!(
        text.contains("| shards 0 of 0-4294967294: a part of the run"),
        "{text}"
    );
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

/// Shards 0 and 1 of 2 of a Sequences run of `units` races, in `s0` and `s1`.
fn two_sequences_shards(d: &std::path::Path, units: &str) {
    for k in 0..2 {
        let shard = format!("{k}/2");
        let out = format!("s{k}");
        ok(
            d,
            &[
                "simulate",
                "sequences",
                "-n",
                units,
                "-q",
                "--shard",
                &shard,
                "--out",
                &out,
            ],
        );
    }
}

/// A shard whose accumulators were edited by hand (one count raised) is refused, naming the file,
/// and nothing is written.
#[test]
fn merge_refuses_an_edited_shard() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    two_sequences_shards(d, "100000");
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

/// The shipped Solitaire Dice weights, and the same file with one weight changed.
fn weights_and_other() -> (String, String) {
    let weights = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/solitaire-tuned.csv"
    ))
    .unwrap();
    let other = weights.replace("\nopen_sum,", "\nopen_sum,-150\n# was ");
    assert_ne!(other, weights);
    (weights, other)
}

/// Input files are known by their content: shards run in two folders whose weights files hold
/// the same bytes merge (from a third folder, with both files gone: merge never re-reads one),
/// and the result is the unsharded run byte for byte; a shard whose file under the same name
/// holds other bytes is refused, naming the file. The same holds for a deck, named in the rules.
#[test]
fn merge_compares_input_files_by_content_and_never_reads_them_again() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let (weights, other) = weights_and_other();
    for (folder, text) in [("a", &weights), ("b", &weights), ("c", &other)] {
        fs::create_dir(d.join(folder)).unwrap();
        fs::write(d.join(folder).join("w.csv"), text).unwrap();
    }
    let run = |folder: &str, extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "solitaire-dice",
            "-n",
            "30000",
            "-q",
            "--policy",
            "heuristic:w.csv",
        ];
        args.extend_from_slice(extra);
        ok(&d.join(folder), &args)
    };
    let whole = run("a", &["--out", "../whole"]);
    let hash = short_hash(d.join("a/w.csv"));
    assert!(
        whole.contains(&format!("policy heuristic:w.csv@{hash} |")),
        "{whole}"
    );
    run("a", &["--shard", "0/2", "--out", "../s0"]);
    run("b", &["--shard", "1/2", "--out", "../s1"]);
    run("c", &["--shard", "1/2", "--out", "../s1c"]);
    for folder in ["a", "b", "c"] {
        fs::remove_file(d.join(folder).join("w.csv")).unwrap();
    }
    ok(d, &["merge", "s0", "s1", "--out", "m"]);
    for file in [
        "summary.csv",
        "accumulators.json",
        "distribution.csv",
        "final_score.svg",
    ] {
        assert_eq!(
            read(d.join("m").join(file)),
            read(d.join("whole").join(file)),
            "{file}"
        );
    }
    fails(
        d,
        &["merge", "s0", "s1c", "--out", "m2"],
        2,
        &format!("but s0 read it with content {hash}; the files differ"),
    );
    assert!(!d.join("m2").exists());

    // Two decks under one name, named by the rules column.
    fs::create_dir(d.join("x")).unwrap();
    fs::create_dir(d.join("y")).unwrap();
    let even = "number,count\n1,8\n2,8\n3,8\n4,8\n5,8\n6,8\n7,8\n";
    fs::write(d.join("x/deck.csv"), even).unwrap();
    fs::write(d.join("y/deck.csv"), even.replace("7,8", "7,9")).unwrap();
    for (folder, shard) in [("x", "0/2"), ("y", "1/2")] {
        ok(
            &d.join(folder),
            &[
                "simulate",
                "sieben",
                "--players",
                "4",
                "--deck",
                "deck.csv",
                "-n",
                "40000",
                "-q",
                "--shard",
                shard,
                "--out",
                "out",
            ],
        );
    }
    fails(
        d,
        &["merge", "x/out", "y/out", "--out", "m3"],
        2,
        "merge: y/out read deck.csv with content ",
    );
}

/// Content, not names: a shard that read the weights under another name (another file, in
/// another folder, given by an absolute path) merges with one that read the same bytes as
/// `w.csv`, into the run made in one go as `w.csv`; a third name holding other bytes is refused
/// naming both files.
#[test]
fn shards_that_read_the_same_bytes_under_other_names_merge() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let (weights, other) = weights_and_other();
    fs::write(d.join("w.csv"), &weights).unwrap();
    fs::create_dir(d.join("elsewhere")).unwrap();
    let copy = d.join("elsewhere/copy.csv");
    fs::write(&copy, &weights).unwrap();
    let other_file = d.join("other.csv");
    fs::write(&other_file, other).unwrap();
    let run = |policy: &str, extra: &[&str]| {
        let policy = format!("heuristic:{policy}");
        let mut args = vec!["simulate", "solitaire-dice", "-n", "30000", "-q"];
        args.extend_from_slice(&["--policy", &policy]);
        args.extend_from_slice(extra);
        ok(d, &args)
    };
    let (copy, other) = (copy.to_str().unwrap(), other_file.to_str().unwrap());
    run("w.csv", &["--out", "whole"]);
    run("w.csv", &["--shard", "0/2", "--out", "s0"]);
    run(copy, &["--shard", "1/2", "--out", "s1"]);
    run(other, &["--shard", "1/2", "--out", "s1x"]);
    ok(d, &["merge", "s0", "s1", "--out", "m"]);
    for file in ["summary.csv", "accumulators.json", "distribution.csv"] {
        assert_eq!(
            read(d.join("m").join(file)),
            read(d.join("whole").join(file)),
            "{file}"
        );
    }
    fails(
        d,
        &["merge", "s0", "s1x", "--out", "m2"],
        2,
        &format!(
            "merge: s1x read {other} with content {} but s0 read w.csv with content {}; \
             the files differ",
            short_hash(other),
            short_hash(d.join("w.csv"))
        ),
    );
    assert!(!d.join("m2").exists());
}

/// A shard file forged with dicelab's own library, so its checksum holds: shard 0's counts
/// relabelled as shard 1 (as many units: each shard is one chunk) would double shard 0 in the
/// merge, a per-unit metric given one more observation than the units would not add up, and a
/// share holding a 2 is no share. Each is refused naming the file, and nothing is written.
#[test]
fn merge_refuses_a_resealed_shard_whose_counts_do_not_fit_its_index() {
    use dicelab::record::Saved;
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // 32,768 races: two chunks of 16,384, one for each shard.
    two_sequences_shards(d, "32768");
    ok(d, &["merge", "s0", "s1", "--out", "m"]);
    let forge = |name: &str, edit: &dyn Fn(&mut Saved)| {
        let mut saved = Saved::load(&d.join("s0")).unwrap();
        edit(&mut saved);
        fs::create_dir(d.join(name)).unwrap();
        fs::write(d.join(name).join("accumulators.json"), saved.to_json()).unwrap();
    };
    forge("relabelled", &|s| s.record.shards = vec![1]);
    fails(
        d,
        &["merge", "s0", "relabelled", "--out", "m1"],
        2,
        "relabelled/accumulators.json: not a consistent dicelab accumulator file (its chunks are \
         not the ones shards 1 of 0-1 of a run of 32768 units in chunks of 16384 play (the \
         indexes of its chunks add up to 0, theirs to 1): its counts belong to other shards)",
    );
    // Merging `forged` with shard 1 into `out` is refused naming the file, for `reason`.
    let refused = |forged: &str, out: &str, reason: &str| {
        let args = ["merge", forged, "s1", "--out", out];
        let file =
            format!("{forged}/accumulators.json: not a consistent dicelab accumulator file (");
        fails(d, &args, 2, &file);
        fails(d, &args, 2, reason);
    };
    forge("counted", &|s| {
        let m = s.tally.metrics.iter_mut().find(|m| m.per_unit).unwrap();
        m.histogram.add(10, 1);
    });
    refused(
        "counted",
        "m2",
        "counts 16385 observations, one a unit, but the file holds 16384 units)",
    );
    // A share given a value 2 in place of a 1 (every count still adds up): its mean would
    // fall outside its own interval.
    forge("shared", &|s| {
        use dicelab::stats::{Histogram, MetricKind};
        let m = s
            .tally
            .metrics
            .iter_mut()
            .find(|m| m.kind == MetricKind::Proportion && m.histogram.count_of(1) > 0)
            .unwrap();
        let mut forged = Histogram::new();
        for (v, c) in m.histogram.iter() {
            if v == 1 {
                forged.add(1, c - 1);
                forged.add(2, 1);
            } else {
                forged.add(v, c);
            }
        }
        m.histogram = forged;
    });
    refused("shared", "m3", "is a share but holds the value 2)");
    assert!(!d.join("m1").exists() && !d.join("m2").exists() && !d.join("m3").exists());
}
