//! The same seed gives the same bytes for any number of threads and shards.

use crate::common::{REPORT_FILES, fails, ok, read};
use std::fs;

/// The same seed gives byte-identical files for 1 and 2 threads and for 4 shards merged in any
/// order, for races, full games, Sevens turns, comparisons and Sevens games (`win` among them,
/// for two, three and four players).
#[test]
fn same_seed_same_bytes_for_any_threads_and_shards() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::write(
        d.join("deck.csv"),
        "number,count\n1,8\n2,8\n3,8\n4,8\n5,8\n6,8\n7,8\n",
    )
    .unwrap();
    let specs: [(&str, &str, &str, &[&str]); 16] = [
        ("sequences", "1", "300000", &[]),
        // Playing to win reads the round and the totals, from a solution each run solves anew.
        (
            "sevens",
            "2",
            "20000",
            &["--policy", "win", "--policy", "optimal"],
        ),
        // Three players' exact solution, and four players' heuristic, against table policies.
        (
            "sevens",
            "3",
            "20000",
            &[
                "--policy", "win", "--policy", "optimal", "--policy", "leader", "--rule",
                "rounds=3",
            ],
        ),
        (
            "sevens",
            "4",
            "20000",
            &[
                "--policy", "win", "--policy", "optimal", "--rule", "rounds=3",
            ],
        ),
        ("hearts-due", "4", "50000", &[]),
        ("sevens", "1", "300000", &[]),
        (
            "sevens",
            "1",
            "300000",
            &[
                "--policy",
                "optimal",
                "--policy",
                "threshold:15,10",
                "--policy",
                "random",
            ],
        ),
        (
            "sevens",
            "3",
            "20000",
            &[
                "--policy", "target", "--policy", "leader", "--policy", "rolls:1",
            ],
        ),
        ("solitaire-dice", "1", "30000", &[]),
        (
            "solitaire-dice",
            "1",
            "20000",
            &["--policy", "greedy", "--policy", "random"],
        ),
        (
            "solitaire-dice",
            "3",
            "10000",
            &[
                "--policy", "random", "--policy", "greedy", "--policy", "random",
            ],
        ),
        // The players that think: lookahead and best draw nothing of their own in Solitaire Dice
        // (one chunk of 4,096 games here, so three shards are empty: merge must still agree),
        // and in 7 it samples from its own generator, seeded per game (three chunks of 256
        // games).
        (
            "solitaire-dice",
            "1",
            "600",
            &[
                "--policy",
                "heuristic",
                "--policy",
                "lookahead",
                "--policy",
                "best",
            ],
        ),
        (
            "sieben",
            "3",
            "600",
            &[
                "--policy",
                "lookahead:2",
                "--policy",
                "seven-first",
                "--policy",
                "blocker",
            ],
        ),
        ("sieben", "4", "3000", &[]),
        (
            "sieben",
            "3",
            "3000",
            &[
                "--policy",
                "lowest",
                "--policy",
                "seven-first",
                "--policy",
                "blocker",
            ],
        ),
        (
            "sieben",
            "5",
            "1500",
            &[
                "--policy",
                "random",
                "--deck",
                "deck.csv",
                "--rule",
                "finish=seven",
                "--rule",
                "tie=playoff",
            ],
        ),
    ];
    for (game, players, n, policies) in specs {
        let run = |seed: &str, extra: &[&str]| {
            let base = [
                "simulate",
                game,
                "--players",
                players,
                "-n",
                n,
                "--seed",
                seed,
                "-q",
            ];
            ok(d, &[&base[..], policies, extra].concat());
        };
        run("11", &["--threads", "1", "--out", "one"]);
        run("11", &["--threads", "2", "--out", "two"]);
        for (shard, out) in [("0/4", "s0"), ("1/4", "s1"), ("2/4", "s2"), ("3/4", "s3")] {
            run("11", &["--shard", shard, "--out", out]);
        }
        ok(d, &["merge", "s2", "s0", "s3", "s1", "--out", "merged"]);
        for file in REPORT_FILES {
            let one = read(d.join("one").join(file));
            assert_eq!(
                one,
                read(d.join("two").join(file)),
                "{game} {file}: threads"
            );
            assert_eq!(
                one,
                read(d.join("merged").join(file)),
                "{game} {file}: shards"
            );
        }
        // And a different seed gives a different report.
        run("12", &["--out", "other"]);
        assert_ne!(
            read(d.join("one/summary.csv")),
            read(d.join("other/summary.csv"))
        );
    }
}

/// Solitaire Dice with seven dice plays on a general path of its own, drawing each game's
/// hands from the game's generator only: the same seed gives the same bytes for 1 and 2 threads
/// (three chunks of 4,096 games, so the threads split them).
#[test]
fn seven_dice_are_byte_identical_for_any_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let run = |threads: &str, out: &str| {
        ok(
            d,
            &[
                "simulate",
                "solitaire-dice",
                "--rule",
                "dice=7",
                "--policy",
                "greedy",
                "--policy",
                "random",
                "-n",
                "12000",
                "--seed",
                "5",
                "-q",
                "--threads",
                threads,
                "--out",
                out,
            ],
        );
    };
    run("1", "one");
    run("2", "two");
    for file in REPORT_FILES {
        assert_eq!(
            read(d.join("one").join(file)),
            read(d.join("two").join(file)),
            "{file}"
        );
    }
}

/// A run that stops on its own figures stops at the same look, with the same bytes, for any
/// threads: the looks fall on chunk boundaries and read exact merged counts. A precision that
/// takes eight looks, and a decision among three policies, alike.
#[test]
fn a_run_until_it_knows_stops_at_the_same_look_for_any_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for until in [&["--precision", "0.03"][..], &["--decide"]] {
        let run = |threads: &str| {
            ok(
                d,
                &[
                    &[
                        "compare",
                        "sevens",
                        "--policy",
                        "optimal",
                        "--policy",
                        "rolls:3",
                        "--policy",
                        "leader",
                        "-n",
                        "2e6",
                        "--seed",
                        "5",
                        "--format",
                        "json",
                        "--threads",
                        threads,
                    ][..],
                    until,
                ]
                .concat(),
            )
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{until:?}");
        let json: serde_json::Value = serde_json::from_str(&one).unwrap();
        assert_eq!(json["record"]["sequential"]["answered"], true, "{one}");
    }
}

/// A run that stops on its own figures, split into shards, merges into the run one process
/// plays, byte for byte: each shard plays its chunks to the budget and keeps its counts look by
/// look, and `merge` replays the rule on every shard's counts. Its shards merge whole or not
/// at all, since where it stops depends on every one.
#[test]
fn a_run_until_it_knows_split_into_shards_merges_into_the_whole_run() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for (name, until) in [("p", &["--precision", "0.03"][..]), ("d", &["--decide"])] {
        let base = [
            &[
                "compare", "sevens", "--policy", "optimal", "--policy", "rolls:3", "--policy",
                "leader", "-n", "2e6", "--seed", "5",
            ][..],
            until,
        ]
        .concat();
        let whole_dir = format!("{name}-whole");
        let whole = ok(d, &[&base[..], &["--out", &whole_dir]].concat());
        let shards: Vec<String> = (0..3).map(|k| format!("{name}-s{k}")).collect();
        for (k, dir) in shards.iter().enumerate() {
            let shard = format!("{k}/3");
            let text = ok(d, &[&base[..], &["--shard", &shard, "--out", dir]].concat());
            assert!(
                text.contains("a run that stops when it knows stops on every shard's counts"),
                "{text}"
            );
        }
        let merged_dir = format!("{name}-merged");
        let merged = ok(
            d,
            &[
                "merge",
                &shards[2],
                &shards[0],
                &shards[1],
                "--out",
                &merged_dir,
            ],
        );
        assert_eq!(merged, whole.replace(&whole_dir, &merged_dir), "{until:?}");
        for file in REPORT_FILES {
            assert_eq!(
                read(d.join(&merged_dir).join(file)),
                read(d.join(&whole_dir).join(file)),
                "{until:?} {file}"
            );
        }
        let json = String::from_utf8(read(d.join(&whole_dir).join("accumulators.json"))).unwrap();
        assert!(json.contains("\"answered\": true"), "{until:?}");
        for partial in [&[][..], &["--partial"]] {
            fails(
                d,
                &[
                    &["merge", &shards[0], &shards[2], "--out", "missing"][..],
                    partial,
                ]
                .concat(),
                2,
                "merge: shards 1 of 0-2 are missing, and a run that stops when it knows stops \
                 on every shard's counts",
            );
        }
    }
}
