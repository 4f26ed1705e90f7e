//! End-to-end tests of the `dicelab` binary: reports, determinism across threads and shards,
//! merging, and one clear error line for every bad input.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn dicelab(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let out = dicelab(dir, args);
    assert!(
        out.status.success(),
        "dicelab {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn read(path: impl AsRef<Path>) -> Vec<u8> {
    fs::read(path.as_ref()).unwrap_or_else(|e| panic!("{}: {e}", path.as_ref().display()))
}

const REPORT_FILES: [&str; 4] = [
    "summary.csv",
    "distribution.csv",
    "quantiles.csv",
    "accumulators.json",
];

#[test]
fn simulate_writes_a_complete_report() {
    let tmp = tempfile::tempdir().unwrap();
    let stdout = ok(
        tmp.path(),
        &[
            "simulate",
            "sequences",
            "-n",
            "20000",
            "--seed",
            "3",
            "--out",
            "r",
        ],
    );
    assert!(stdout.contains("turns_to_target"), "{stdout}");
    assert!(stdout.contains("wrote 6 files"), "{stdout}");
    let quantiles = String::from_utf8(read(tmp.path().join("r/quantiles.csv"))).unwrap();
    assert!(quantiles.starts_with("policy,metric,n,min,p01,p05,p25,median,p75,p95,p99,max\n"));
    let race = quantiles
        .lines()
        .find(|l| l.starts_with("forced,turns_to_target,20000,"))
        .expect("a row for the race length");
    let values: Vec<i64> = race
        .split(',')
        .skip(3)
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(values.windows(2).all(|w| w[0] <= w[1]), "{race}");
    assert!(values[0] >= 2, "100 points take at least two casts: {race}");
    let summary = String::from_utf8(read(tmp.path().join("r/summary.csv"))).unwrap();
    let mut lines = summary.lines();
    assert_eq!(
        lines.next().unwrap(),
        "game,rules,policy,metric,n,mean,sd,se,ci95_low,ci95_high,exact,seed"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 5);
    assert!(rows[4].starts_with(
        "sequences,players=1;wipe_ones=4;target=100;tie=shared,forced,turns_to_target,20000,"
    ));
    assert!(rows.iter().all(|r| r.ends_with(",3")), "seed column");
    let dist = String::from_utf8(read(tmp.path().join("r/distribution.csv"))).unwrap();
    assert!(dist.starts_with("policy,metric,value,count,probability\nforced,points_per_cast,0,"));
    for svg in ["points_per_cast.svg", "turns_to_target.svg"] {
        let text = String::from_utf8(read(tmp.path().join("r").join(svg))).unwrap();
        assert!(text.starts_with("<svg") && text.contains("exact"), "{svg}");
    }
    let leftovers: Vec<_> = fs::read_dir(tmp.path().join("r"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

/// The same seed gives byte-identical files for 1 and 2 threads and for 4 shards merged in any
/// order, for races, full games, Sevens turns, comparisons and Sevens games.
#[test]
fn same_seed_same_bytes_for_any_threads_and_shards() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::write(
        d.join("deck.csv"),
        "number,count\n1,8\n2,8\n3,8\n4,8\n5,8\n6,8\n7,8\n",
    )
    .unwrap();
    let specs: [(&str, &str, &str, &[&str]); 13] = [
        ("sequences", "1", "300000", &[]),
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
        // The players that think: lookahead draws nothing of its own in Solitaire Dice (one
        // chunk of 4,096 games here, so three shards are empty: merge must still agree), and in
        // 7 it samples from its own generator, seeded per game (three chunks of 256 games).
        (
            "solitaire-dice",
            "1",
            "600",
            &["--policy", "heuristic", "--policy", "lookahead"],
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

/// Asserts a failure with exit code `code`, exactly one stderr line containing `expected`, and
/// nothing on stdout.
fn fails(dir: &Path, args: &[&str], code: i32, expected: &str) {
    let out = dicelab(dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "dicelab {args:?}: {stderr}");
    assert_eq!(
        stderr.lines().count(),
        1,
        "dicelab {args:?}: one line, got {stderr:?}"
    );
    assert!(stderr.starts_with("dicelab: error: "), "{stderr}");
    assert!(
        stderr.contains(expected),
        "dicelab {args:?}: {stderr:?} lacks {expected:?}"
    );
    assert!(out.stdout.is_empty(), "dicelab {args:?} printed to stdout");
}

#[test]
fn bad_input_gets_one_clear_line_and_no_report() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::write(d.join("afile"), "x").unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["simulate", "chess"], "unknown game 'chess'"),
        (
            &["simulate", "sequences", "--policy", "greedy"],
            "unknown policy",
        ),
        (
            &["simulate", "sequences", "--rule", "wipe_ones=5"],
            "expected 4, 3 or off, found '5'",
        ),
        (
            &["simulate", "sequences", "--rule", "colour=red"],
            "unknown rule option 'colour'",
        ),
        (
            &["simulate", "sequences", "--rule", "wipe_ones"],
            "expected key=value",
        ),
        (
            &[
                "simulate",
                "sequences",
                "--rule",
                "tie=shared",
                "--rule",
                "tie=playoff",
            ],
            "more than once",
        ),
        (
            &["simulate", "sequences", "--rule", "target=0"],
            "from 1 to 1000",
        ),
        (
            &[
                "simulate",
                "sequences",
                "--rule",
                "target=900",
                "--rule",
                "wipe_ones=3",
            ],
            "casts on average",
        ),
        (&["simulate", "sequences", "-n", "0"], "at least 1 unit"),
        (
            &["simulate", "sequences", "-n", "lots"],
            "expected a whole number",
        ),
        (&["simulate", "sequences", "-n", "1e40"], "too large"),
        (
            &["simulate", "sequences", "--players", "0"],
            "1 to 100 players",
        ),
        (
            &["simulate", "hearts-due", "--players", "101"],
            "1 to 100 players",
        ),
        (&["simulate", "sequences", "--threads", "0"], "--threads"),
        (
            &["simulate", "sequences", "--shard", "4/4", "--out", "x"],
            "expected K/N",
        ),
        (
            &["simulate", "sequences", "--shard", "1-4", "--out", "x"],
            "expected K/N",
        ),
        (
            &["simulate", "sequences", "--shard", "1/0", "--out", "x"],
            "expected K/N",
        ),
        (
            &["simulate", "sequences", "--shard", "1/4"],
            "--shard needs --out",
        ),
        (
            &["simulate", "sequences", "--out", "afile/r"],
            "cannot write a report there",
        ),
        (&["simulate"], "<GAME>"),
        (&["simulate", "sequences", "--frobnicate"], "--frobnicate"),
        (
            &["table", "hearts-due", "--rule", "tie=coin"],
            "expected shared or playoff",
        ),
        (&["merge", "--out", "m"], "<SHARDS>"),
        (&["merge", "nowhere", "--out", "m"], "no accumulators.json"),
        (
            &["simulate", "sevens", "--policy", "threshold:"],
            "expected threshold:A,B",
        ),
        (
            &["simulate", "sevens", "--policy", "threshold:a"],
            "expected threshold:A,B",
        ),
        (
            &["simulate", "sevens", "--policy", "threshold:12"],
            "expected 2 sum(s)",
        ),
        (&["simulate", "sevens", "--policy", "rolls:0"], "at least 1"),
        (
            &["simulate", "sevens", "--policy", "rolls:9"],
            "at most 3 rolls",
        ),
        (
            &["simulate", "sevens", "--policy", "greedy"],
            "unknown policy for sevens",
        ),
        (
            &["simulate", "solitaire-dice", "--policy", "best"],
            "--policy 'best': unknown policy for solitaire-dice; expected greedy, random, heuristic, heuristic:FILE, lookahead or lookahead:FILE",
        ),
        (
            &["simulate", "solitaire-dice", "--policy", "heuristic:afile"],
            "policy file afile: line 1: expected the header weight,value, found 'x'",
        ),
        (
            &["simulate", "solitaire-dice", "--rule", "x=1"],
            "unknown rule option 'x' for solitaire-dice",
        ),
        (
            &["table", "solitaire-dice", "--rule", "x=1"],
            "unknown rule option 'x' for solitaire-dice",
        ),
        (
            &["simulate", "solitaire-dice", "--players", "9"],
            "--players 9: solitaire-dice takes 1 to 8 players",
        ),
        (
            &[
                "simulate",
                "solitaire-dice",
                "--policy",
                "greedy",
                "--policy",
                "greedy",
            ],
            "given twice",
        ),
        (
            &[
                "simulate",
                "solitaire-dice",
                "--players",
                "3",
                "--policy",
                "greedy",
                "--policy",
                "random",
            ],
            "a game of 3 players takes one policy for every seat, one each, or a count that divides 3 (they take the seats in turn): 1, 3; found 2",
        ),
        (
            &["solve", "solitaire-dice"],
            "no exact solver for Solitaire Dice",
        ),
        (
            &["simulate", "sevens", "--rule", "removal=triples"],
            "expected pairs or subsets",
        ),
        (
            &["simulate", "sevens", "--rule", "max_rolls=0"],
            "from 1 to 12",
        ),
        (&["simulate", "sevens", "--players", "101"], "2 to 100"),
        (&["simulate", "sevens", "--players", "0"], "expected 1"),
        (
            &[
                "simulate",
                "sevens",
                "--players",
                "3",
                "--policy",
                "optimal",
                "--policy",
                "random",
            ],
            "a game of 3 players takes one policy for every seat, one each, or a count that divides 3 (they take the seats in turn): 1, 3; found 2",
        ),
        (
            &[
                "compare", "sevens", "--policy", "optimal", "--policy", "optimal",
            ],
            "given twice",
        ),
        (
            &["compare", "sevens", "--policy", "optimal"],
            "at least two --policy",
        ),
        (&["simulate", "sevens", "--policy", "target:40"], "target:T"),
        (&["simulate", "sevens", "--policy", "target:x"], "target:T"),
        (
            &["simulate", "sevens", "--policy", "table:"],
            "expected table:FILE",
        ),
        (
            &["simulate", "sevens", "--policy", "table:policy.csv"],
            "policy.csv: line 3: decision must be stop or roll, found 'perhaps'",
        ),
        (
            &["simulate", "sevens", "--policy", "table:short.csv"],
            "short.csv: no decision for rolls_allowed=3 roll=2 dice=5 sum=28 and 33 more states",
        ),
        (
            &[
                "simulate",
                "sevens",
                "--rule",
                "max_rolls=4",
                "--policy",
                "table:good.csv",
            ],
            "no decision for rolls_allowed=4",
        ),
        (&["solve", "sequences"], "no decision to solve"),
        (
            &["simulate", "sieben", "--players", "1", "--policy", "lowest"],
            "--players 1: sieben takes 2 to 7 players",
        ),
        (
            &["simulate", "sieben", "--players", "1"],
            "--players 1: sieben takes 2 to 7 players",
        ),
        (
            &["simulate", "sieben", "--players", "8"],
            "--players 8: sieben takes 2 to 7 players",
        ),
        (
            &["simulate", "sieben", "--players", "3", "--policy", "greedy"],
            "--policy 'greedy': unknown policy for sieben; expected one of random, lowest, seven-first, blocker, lookahead or lookahead:K",
        ),
        (
            &[
                "compare",
                "sieben",
                "--players",
                "3",
                "--policy",
                "lookahead:0",
                "--policy",
                "seven-first",
            ],
            "--policy 'lookahead:0': expected lookahead:K with K, the play-outs per legal play, from 1 to 1000",
        ),
        (
            &[
                "simulate",
                "sieben",
                "--players",
                "3",
                "--deck",
                "bad-deck.csv",
            ],
            "deck bad-deck.csv line 3: expected a number from 1 to 7, found '8'",
        ),
        (
            &[
                "simulate",
                "sieben",
                "--players",
                "3",
                "--deck",
                "small-deck.csv",
            ],
            "deck small-deck.csv: 20 cards are too few; 3 player(s) need at least 21 for the deal",
        ),
        (
            &[
                "simulate",
                "sieben",
                "--players",
                "3",
                "--deck",
                "no-deck.csv",
            ],
            "deck no-deck.csv: cannot read it",
        ),
        (
            &[
                "simulate",
                "sieben",
                "--players",
                "3",
                "--rule",
                "deck=no-deck.csv",
            ],
            "deck no-deck.csv: cannot read it",
        ),
        (
            &["simulate", "sevens", "--deck", "small-deck.csv"],
            "--deck small-deck.csv: only sieben is played with a deck file, not sevens",
        ),
        (
            &["table", "sieben", "--rule", "finish=never"],
            "rule option finish for sieben: expected empty or seven, found 'never'",
        ),
        (&["solve", "sieben"], "no exact solver for 7"),
        (&["solve", "sevens", "--rule", "rounds=0"], "rounds"),
        (
            &["decks", "sieben", "-n", "10"],
            "decks sieben: expected --players, 2 to 7",
        ),
        (
            &["decks", "sieben", "--players", "8", "-n", "10"],
            "--players 8: sieben takes 2 to 7 players",
        ),
        (
            &["decks", "sieben", "--players", "3", "-n", "0"],
            "expected at least 1 unit, found 0",
        ),
        (
            &[
                "decks",
                "sieben",
                "--players",
                "3",
                "--deck",
                "bad-deck.csv",
            ],
            "deck bad-deck.csv line 3: expected a number from 1 to 7, found '8'",
        ),
        (
            &[
                "decks",
                "sieben",
                "--players",
                "3",
                "--deck",
                "small-deck.csv",
            ],
            "deck small-deck.csv: 20 cards are too few; 3 player(s) need at least 21 for the deal",
        ),
        (
            &[
                "decks",
                "sieben",
                "--players",
                "3",
                "--rule",
                "deck=small-deck.csv",
            ],
            "--rule deck=...: decks sweeps the deck itself",
        ),
        (
            &["decks", "sevens", "--players", "3"],
            "decks sevens: only sieben is played with a deck",
        ),
        (
            &["decks", "sieben", "--players", "3", "--out", "afile/r"],
            "--out afile/r: cannot write a report there",
        ),
    ];
    // A policy table with a bad decision, one with a missing state, and a good one for
    // max_rolls=3 used under max_rolls=4.
    ok(d, &["solve", "sevens", "--out", "solved"]);
    let good = String::from_utf8(read(d.join("solved/optimal_policy.csv"))).unwrap();
    fs::write(d.join("good.csv"), &good).unwrap();
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    lines[2] = lines[2]
        .replace(",stop,", ",perhaps,")
        .replace(",roll,", ",perhaps,");
    fs::write(d.join("policy.csv"), lines.join("\n")).unwrap();
    fs::write(d.join("bad-deck.csv"), "number,count\n1,10\n8,3\n").unwrap();
    fs::write(d.join("small-deck.csv"), "number,count\n7,20\n").unwrap();
    fs::write(
        d.join("short.csv"),
        good.lines().take(300).collect::<Vec<_>>().join("\n"),
    )
    .unwrap();
    for (args, expected) in cases {
        fails(d, args, 2, expected);
    }
    // None of them left a report behind.
    for folder in ["x", "m", "afile/r"] {
        assert!(!d.join(folder).join("summary.csv").exists(), "{folder}");
    }
}

#[test]
fn a_failed_run_leaves_an_existing_report_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &["simulate", "sequences", "-n", "1000", "--out", "r", "-q"],
    );
    let before = read(d.join("r/summary.csv"));
    fails(
        d,
        &[
            "simulate",
            "sequences",
            "-n",
            "1000",
            "--rule",
            "bad",
            "--out",
            "r",
        ],
        2,
        "key=value",
    );
    assert_eq!(before, read(d.join("r/summary.csv")));
}

/// A failure while the report is being written (here a folder stands where summary.csv should
/// go) replaces nothing and leaves no temporary file.
#[test]
fn a_failed_write_replaces_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &["simulate", "sequences", "-n", "1000", "--out", "r", "-q"],
    );
    let before: Vec<Vec<u8>> = REPORT_FILES[1..]
        .iter()
        .map(|f| read(d.join("r").join(f)))
        .collect();
    fs::remove_file(d.join("r/summary.csv")).unwrap();
    fs::create_dir(d.join("r/summary.csv")).unwrap();
    fs::write(d.join("r/summary.csv/keep"), "x").unwrap();
    fails(
        d,
        &["simulate", "sequences", "-n", "2000", "--out", "r", "-q"],
        1,
        "summary.csv",
    );
    let after: Vec<Vec<u8>> = REPORT_FILES[1..]
        .iter()
        .map(|f| read(d.join("r").join(f)))
        .collect();
    assert_eq!(before, after, "the older report is intact");
    let names: Vec<String> = fs::read_dir(d.join("r"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}

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

#[test]
fn table_writes_the_exact_tables() {
    let tmp = tempfile::tempdir().unwrap();
    let stdout = ok(tmp.path(), &["table", "sequences", "--out", "t"]);
    assert!(stdout.contains("5 distinct splits"), "{stdout}");
    let cast = String::from_utf8(read(tmp.path().join("t/cast_table.csv"))).unwrap();
    assert!(cast.contains(",scores,60,1,"), "six 6's: one way\n{cast}");
    assert!(
        cast.contains(",penalty,0,406,"),
        "four or more 1's: 406 ways\n{cast}"
    );
    let turns = String::from_utf8(read(tmp.path().join("t/turns_table.csv"))).unwrap();
    let wipe_column: Vec<&str> = turns
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap())
        .collect();
    assert!(wipe_column.contains(&"4") && wipe_column.contains(&"off"));
    assert!(wipe_column.iter().all(|w| *w == "4" || *w == "off"));
    let multi = String::from_utf8(read(tmp.path().join("t/multi_run_table.csv"))).unwrap();
    assert!(multi.contains(",1-2 + 1-2 + 1-2,15,20,"), "{multi}");
    for svg in ["cast_table.svg", "turns_table.svg"] {
        assert!(tmp.path().join("t").join(svg).exists());
    }
}

#[test]
fn claims_are_checked_and_a_user_row_is_picked_up() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // No data/ folder here: the built-in claims file is used.
    let stdout = ok(d, &["claims", "-n", "20000", "-q", "--out", "c"]);
    assert!(stdout.contains("FAILS  Exactly four multi-sequence scoring casts are possible"));
    let csv = String::from_utf8(read(d.join("c/claims.csv"))).unwrap();
    assert_eq!(csv.lines().count(), 9);
    let mut own = claims_header();
    own.push_str("Hearts Due scores on about two casts in three,hearts-due,,p_cast_no_score,about,0.333,0.02,\n");
    fs::write(d.join("mine.csv"), own).unwrap();
    let stdout = ok(
        d,
        &[
            "claims", "--file", "mine.csv", "-n", "20000", "-q", "--out", "c2",
        ],
    );
    assert!(
        stdout.contains("HOLDS  Hearts Due scores on about two casts in three"),
        "{stdout}"
    );
    let csv = String::from_utf8(read(d.join("c2/claims.csv"))).unwrap();
    assert!(
        csv.lines().nth(1).unwrap().contains(",holds,exact"),
        "{csv}"
    );
    // A malformed file names its line.
    fs::write(
        d.join("bad.csv"),
        claims_header() + "x,sequences,,p_cast_no_score,about,half,0.1,\n",
    )
    .unwrap();
    fails(
        d,
        &["claims", "--file", "bad.csv", "--out", "c3"],
        2,
        "bad.csv line 2: claimed",
    );
    fails(
        d,
        &["claims", "--file", "missing.csv", "--out", "c3"],
        1,
        "missing.csv",
    );
}

fn claims_header() -> String {
    "claim,game,rules,metric,check,claimed,tolerance,baseline_game\n".to_string()
}

#[test]
fn the_default_job_writes_every_report() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(d, &["report", "-n", "20000", "-q", "--out", "rep"]);
    assert!(stdout.contains("reports written"), "{stdout}");
    for folder in [
        "sequences",
        "hearts-due",
        "sequences-4p",
        "hearts-due-4p",
        "sevens",
        "sevens-compare",
        "sevens-2p",
        "sevens-4p",
        "solitaire-dice",
        "solitaire-dice-ladder",
        "sieben-4p",
        "sieben-lookahead",
    ] {
        for file in REPORT_FILES {
            assert!(
                d.join("rep").join(folder).join(file).exists(),
                "{folder}/{file}"
            );
        }
    }
    assert!(d.join("rep/sequences/cast_table.csv").exists());
    for file in [
        "optimal_policy.csv",
        "leaders_dilemma.csv",
        "keep_chances.csv",
    ] {
        assert!(d.join("rep/sevens").join(file).exists(), "{file}");
    }
    assert!(d.join("rep/claims/claims.csv").exists());
}

#[test]
fn help_and_version_exit_zero() {
    let tmp = tempfile::tempdir().unwrap();
    let help = ok(tmp.path(), &["--help"]);
    for command in [
        "simulate", "compare", "solve", "table", "claims", "report", "merge",
    ] {
        assert!(help.contains(command), "{help}");
    }
    assert!(ok(tmp.path(), &["--version"]).starts_with("dicelab "));
}

#[test]
fn solve_writes_a_policy_table_that_replays_the_optimal_policy() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for removal in ["removal=pairs", "removal=subsets"] {
        let stdout = ok(d, &["solve", "sevens", "--rule", removal, "--out", "s"]);
        assert!(stdout.contains("solved in"), "{stdout}");
        assert!(
            stdout.contains("The leader's dilemma (2 players"),
            "{stdout}"
        );
        let table = "table:s/optimal_policy.csv";
        let run = |policy: &str, out: &str| {
            ok(
                d,
                &[
                    "simulate", "sevens", "--rule", removal, "--policy", policy, "-n", "100000",
                    "--seed", "4", "-q", "--out", out,
                ],
            );
            String::from_utf8(read(d.join(out).join("summary.csv"))).unwrap()
        };
        if removal == "removal=pairs" {
            // The shipped data/sevens-policy.csv is the default rules' optimal table, exactly
            // as solve writes it.
            let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/sevens-policy.csv");
            assert_eq!(read(&shipped), read(d.join("s/optimal_policy.csv")));
        }
        let optimal = run("optimal", "o");
        let replayed = run(table, "t");
        // Same dice, same decisions: identical rows but for the policy's name.
        assert_eq!(
            optimal.replace(",optimal,", &format!(",{table},")),
            replayed
        );
        // An edited table plays differently, and its exact value follows the edit: always stop
        // after the first roll.
        let csv = String::from_utf8(read(d.join("s/optimal_policy.csv"))).unwrap();
        let edited: String = csv
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                if f[1] == "1" {
                    format!("{},{},{},{},stop,{},{}", f[0], f[1], f[2], f[3], f[5], f[6])
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        fs::write(d.join("edited.csv"), edited).unwrap();
        let once = run("table:edited.csv", "e");
        let rolls1 = run("rolls:1", "r1");
        let exact = |summary: &str| -> String {
            summary
                .lines()
                .nth(1)
                .unwrap()
                .split(',')
                .nth(10)
                .unwrap()
                .to_string()
        };
        assert_eq!(exact(&once), exact(&rolls1), "{once}\n{rolls1}");
    }
}

#[test]
fn table_and_solve_write_the_sevens_tables() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(d, &["table", "sevens", "--out", "t"]);
    assert!(stdout.contains("keeps k of them"), "{stdout}");
    for file in [
        "keep_chances.csv",
        "state_values.csv",
        "follower_odds.csv",
        "follower_odds.svg",
        "policy_distributions.csv",
        "policy_distributions.svg",
        "optimal_thresholds.csv",
        "optimal_policy.svg",
    ] {
        assert!(d.join("t").join(file).exists(), "{file}");
    }
    let keep = String::from_utf8(read(d.join("t/keep_chances.csv"))).unwrap();
    // One die is never removed; two dice are removed together with chance 6/36.
    assert!(keep.contains("\n1,1,1\n"), "{keep}");
    assert!(keep.contains("\n2,0,0.16666666666666666\n"), "{keep}");
    // With nothing to beat but a 0, the follower fails only when one roll removes all six dice,
    // the chance that rolls:1 scores 0 (0.039866, from the policy table).
    let odds = String::from_utf8(read(d.join("t/follower_odds.csv"))).unwrap();
    let p_beat_0: f64 = odds
        .lines()
        .nth(1)
        .unwrap()
        .split(',')
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    let dist = String::from_utf8(read(d.join("t/policy_distributions.csv"))).unwrap();
    let p_zero: f64 = dist
        .lines()
        .find(|l| l.contains(",rolls:1,0,"))
        .unwrap()
        .rsplit(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        (p_beat_0 + p_zero - 1.0).abs() < 1e-12,
        "{p_beat_0} {p_zero}"
    );
    let svg = String::from_utf8(read(d.join("t/optimal_policy.svg"))).unwrap();
    assert!(svg.contains("after roll 2 of 3"));
    ok(d, &["solve", "sevens", "--players", "3", "--out", "s"]);
    let dilemma = String::from_utf8(read(d.join("s/leaders_dilemma.csv"))).unwrap();
    assert!(dilemma.starts_with("rules,leader_policy,p_win,mean_score\n"));
    assert!(dilemma.contains(",leader,"));
}

/// Weights files: the shipped ones run, and every kind of bad file is one line naming the file,
/// the line and the problem, before anything runs.
#[test]
fn solitaire_dice_weights_files_run_or_fail_clearly() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/data/solitaire-best.csv");
    let good = String::from_utf8(read(shipped)).unwrap();
    fs::write(d.join("w.csv"), &good).unwrap();
    let stdout = ok(
        d,
        &[
            "compare",
            "solitaire-dice",
            "-n",
            "300",
            "-q",
            "--policy",
            "greedy",
            "--policy",
            "heuristic:w.csv",
            "--policy",
            "lookahead:w.csv",
        ],
    );
    assert!(
        stdout.contains("final_score_diff [heuristic:w.csv - lookahead:w.csv]"),
        "{stdout}"
    );
    let edit = |name: &str, f: &dyn Fn(&mut Vec<String>)| {
        let mut lines: Vec<String> = good.lines().map(String::from).collect();
        f(&mut lines);
        fs::write(d.join(name), lines.join("\n") + "\n").unwrap();
    };
    // A file that cannot be read is an I/O error (exit 1), naming the file.
    fails(
        d,
        &[
            "simulate",
            "solitaire-dice",
            "--policy",
            "heuristic:nowhere.csv",
        ],
        1,
        "nowhere.csv",
    );
    edit("missing.csv", &|l| {
        l.retain(|x| !x.starts_with("end_marks_short,"));
    });
    edit("extra.csv", &|l| l.push("luck,3".into()));
    edit("nan.csv", &|l| l[2] = "sum2_marks_1_4,five".into());
    edit("header.csv", &|l| l[0] = "weight,value,note".into());
    for (file, expected) in [
        (
            "missing.csv",
            "policy file missing.csv: weight 'end_marks_short' is missing; a file needs all 61 weights",
        ),
        (
            "extra.csv",
            "policy file extra.csv: line 63: unknown weight 'luck'",
        ),
        (
            "nan.csv",
            "policy file nan.csv: line 3: value of 'sum2_marks_1_4' must be a number, found 'five'",
        ),
        (
            "header.csv",
            "policy file header.csv: line 1: expected the header weight,value, found 'weight,value,note'",
        ),
    ] {
        for policy in ["heuristic:", "lookahead:"] {
            let spec = format!("{policy}{file}");
            fails(
                d,
                &[
                    "compare",
                    "solitaire-dice",
                    "--policy",
                    "greedy",
                    "--policy",
                    &spec,
                ],
                2,
                expected,
            );
        }
    }
}

#[test]
fn solitaire_dice_runs_compares_and_writes_its_tables() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(
        d,
        &[
            "compare",
            "solitaire-dice",
            "-n",
            "3000",
            "-q",
            "--policy",
            "greedy",
            "--policy",
            "random",
            "--out",
            "c",
        ],
    );
    assert!(stdout.contains("policy greedy | random"), "{stdout}");
    assert!(
        stdout.contains("final_score_diff [greedy - random]"),
        "{stdout}"
    );
    assert!(stdout.contains("paired differences (common dice):\n  greedy - random: +"));
    let summary = String::from_utf8(read(d.join("c/summary.csv"))).unwrap();
    for metric in [
        "final_score",
        "p_score_500",
        "p_score_positive",
        "rolls_per_game",
        "free_rides_per_game",
    ] {
        for policy in ["greedy", "random"] {
            assert!(
                summary.contains(&format!(",{policy},{metric},")),
                "{metric} {policy}\n{summary}"
            );
        }
    }
    let stdout = ok(
        d,
        &[
            "simulate",
            "solitaire-dice",
            "--players",
            "2",
            "-n",
            "2000",
            "-q",
        ],
    );
    // One deterministic policy on shared rolls: both sheets are the same, every game ties.
    assert!(stdout.contains("win_rate_seat_2"), "{stdout}");
    assert!(stdout.contains("p_tied_finish"), "{stdout}");
    let stdout = ok(d, &["table", "solitaire-dice", "--out", "t"]);
    assert!(stdout.contains("exact tables"), "{stdout}");
    let sums = String::from_utf8(read(d.join("t/sum_chances.csv"))).unwrap();
    // At least two 1's: 7776 - 2 x 5^5 = 1526 rolls; four 1's: 26.
    assert!(sums.contains("\n2,1526,"), "{sums}");
    assert!(sums.lines().nth(1).unwrap().contains(",26,"), "{sums}");
    let rides = String::from_utf8(read(d.join("t/free_ride_chances.csv"))).unwrap();
    assert_eq!(
        rides.lines().count(),
        21,
        "a header and 20 sets of three faces"
    );
    assert!(rides.contains("\n4 5 6,243,0.03125\n"), "{rides}");
}

#[test]
fn sieben_simulates_compares_and_writes_its_table() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(
        d,
        &[
            "compare",
            "sieben",
            "--players",
            "3",
            "--policy",
            "lowest",
            "--policy",
            "seven-first",
            "--policy",
            "blocker",
            "-n",
            "2000",
            "-q",
            "--out",
            "c",
        ],
    );
    for metric in [
        "chips_seat_3",
        "win_rate_seat_1",
        "chips [blocker]",
        "win_rate [seven-first]",
        "round_turns",
        "penalty_cards_per_round",
        "sevens_per_round",
        "refills_per_game",
    ] {
        assert!(stdout.contains(metric), "{metric}\n{stdout}");
    }
    let summary = String::from_utf8(read(d.join("c/summary.csv"))).unwrap();
    assert!(summary.contains(
        "sieben,players=3;finish=empty;first_player=rotate;tie=shared;deck=data/sieben-deck.csv,lowest | seven-first | blocker,chips_seat_1,2000,"
    ), "{summary}");
    // The deck file is named in the rules column.
    fs::write(
        d.join("even.csv"),
        "number,count\n1,8\n2,8\n3,8\n4,8\n5,8\n6,8\n7,8\n",
    )
    .unwrap();
    let stdout = ok(
        d,
        &[
            "simulate",
            "sieben",
            "--players",
            "5",
            "--deck",
            "even.csv",
            "-n",
            "300",
            "-q",
        ],
    );
    assert!(stdout.contains("deck=even.csv"), "{stdout}");
    let stdout = ok(d, &["table", "sieben", "--out", "t"]);
    assert!(stdout.contains("3176716400 hands of 7"), "{stdout}");
    let csv = String::from_utf8(read(d.join("t/pile_states.csv"))).unwrap();
    assert_eq!(csv.lines().count(), 17);
    assert!(csv.contains("\n3,3,6,3 4,4,23,"), "{csv}");
}

/// `tune` writes a policy file that `heuristic:` reads back, and refuses a zero or unparsable
/// budget, another game or a bad start with one line.
#[test]
fn tune_writes_a_policy_file_and_refuses_bad_budgets() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(
        d,
        &[
            "tune",
            "solitaire-dice",
            "--from",
            "greedy",
            "--budget",
            "21",
            "-n",
            "100",
            "-q",
            "--out",
            "w/tuned.csv",
        ],
    );
    assert!(stdout.contains("1 generations, 21 evaluations"), "{stdout}");
    assert!(
        stdout.contains("final check on 500 fresh games"),
        "{stdout}"
    );
    let written = String::from_utf8(read(d.join("w/tuned.csv"))).unwrap();
    assert!(written.starts_with("weight,value\nopen_sum,"), "{written}");
    ok(
        d,
        &[
            "simulate",
            "solitaire-dice",
            "-n",
            "100",
            "--policy",
            "heuristic:w/tuned.csv",
        ],
    );
    let tune = |budget: &'static str, from: &'static str, game: &'static str| {
        [
            "tune", game, "--from", from, "--budget", budget, "--out", "x.csv",
        ]
    };
    let cases: [([&str; 8], &str); 6] = [
        (
            tune("0", "greedy", "solitaire-dice"),
            "--budget '0': expected a time",
        ),
        (
            tune("0m", "greedy", "solitaire-dice"),
            "--budget '0m': expected a time",
        ),
        (
            tune("soon", "greedy", "solitaire-dice"),
            "--budget 'soon': expected a time",
        ),
        (
            tune("10m", "random", "solitaire-dice"),
            "--from 'random': expected heuristic:FILE, heuristic (the built-in weights) or greedy",
        ),
        (
            tune("10m", "greedy", "sevens"),
            "tune sevens: only solitaire-dice has weights to tune",
        ),
        (
            tune("5", "greedy", "solitaire-dice"),
            "--budget 5: one generation takes 21 evaluations",
        ),
    ];
    for (args, expected) in cases {
        fails(d, &args, 2, expected);
    }
    fails(
        d,
        &[
            "tune",
            "solitaire-dice",
            "--from",
            "heuristic",
            "--for",
            "greedy",
            "--budget",
            "1m",
            "--out",
            "x.csv",
        ],
        2,
        "--for 'greedy': expected heuristic or lookahead",
    );
    assert!(!d.join("x.csv").exists());
    // Weights tuned for lookahead, from the built-in ones, are played by lookahead:FILE.
    let stdout = ok(
        d,
        &[
            "tune",
            "solitaire-dice",
            "--from",
            "heuristic",
            "--for",
            "lookahead",
            "--budget",
            "21",
            "-n",
            "10",
            "-q",
            "--out",
            "w/look.csv",
        ],
    );
    assert!(
        stdout.contains("from heuristic | for lookahead | seed 1 | 10 games per evaluation"),
        "{stdout}"
    );
    ok(
        d,
        &[
            "simulate",
            "solitaire-dice",
            "-n",
            "20",
            "--policy",
            "lookahead:w/look.csv",
        ],
    );
}

#[test]
fn decks_writes_one_row_per_deck_and_the_same_bytes_for_any_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::write(d.join("mine.csv"), "number,count\n1,20\n4,20\n7,20\n").unwrap();
    let run = |threads: &str, out: &str| {
        ok(
            d,
            &[
                "decks",
                "sieben",
                "--players",
                "3",
                "-n",
                "600",
                "--seed",
                "5",
                "--threads",
                threads,
                "-q",
                "--deck",
                "mine.csv",
                "--out",
                out,
            ],
        )
    };
    let stdout = run("1", "a");
    assert!(stdout.contains("wrote decks.csv to a"), "{stdout}");
    assert!(stdout.contains("600 games per deck"), "{stdout}");
    let csv = String::from_utf8(read(d.join("a/decks.csv"))).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].starts_with(
        "deck,1,2,3,4,5,6,7,cards,fair_chips,round_turns_mean,round_turns_low,round_turns_high,first_player_chips_mean,"
    ), "{csv}");
    assert!(
        lines[0].ends_with("win_rate_seat_1_low,win_rate_seat_1_high"),
        "{csv}"
    );
    let names: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "even",
            "flat",
            "low-heavy",
            "high-heavy",
            "few-sevens",
            "many-sevens",
            "mine.csv"
        ]
    );
    assert!(
        lines[1].starts_with("even,12,12,12,11,11,11,11,80,2,"),
        "{csv}"
    );
    assert!(
        lines[2].starts_with("flat,11,11,11,11,11,11,11,77,2,"),
        "{csv}"
    );
    assert!(
        lines[7].starts_with("mine.csv,20,0,0,20,0,0,20,60,2,"),
        "{csv}"
    );
    for line in &lines[1..] {
        assert_eq!(line.split(',').count(), 10 + 3 * 6, "{line}");
    }
    // The same seed gives the same bytes on one thread or two, and prints the same table.
    assert_eq!(run("2", "b"), stdout.replace("to a", "to b"));
    assert_eq!(read(d.join("a/decks.csv")), read(d.join("b/decks.csv")));
    let again = run("1", "c");
    assert_eq!(again, stdout.replace("to a", "to c"));
    assert_eq!(read(d.join("a/decks.csv")), read(d.join("c/decks.csv")));
}

#[test]
fn fewer_policies_than_seats_take_the_seats_in_turn() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // The issue's own command: two policies at a table of four.
    let stdout = ok(
        d,
        &[
            "simulate",
            "solitaire-dice",
            "--players",
            "4",
            "--policy",
            "greedy",
            "--policy",
            "random",
            "-n",
            "300",
            "-q",
            "--out",
            "s",
        ],
    );
    assert!(
        stdout.contains("policy greedy | random | greedy | random"),
        "{stdout}"
    );
    assert!(stdout.contains("win_rate_seat_4 [random]"), "{stdout}");
    assert!(d.join("s/win_rate-by-seat.svg").exists());
    let stdout = ok(
        d,
        &[
            "simulate",
            "sieben",
            "--players",
            "6",
            "--policy",
            "blocker",
            "--policy",
            "seven-first",
            "--policy",
            "lowest",
            "-n",
            "100",
            "-q",
        ],
    );
    assert!(stdout.contains("chips [lowest]"), "{stdout}");
    assert!(stdout.contains("chips_seat_6"), "{stdout}");
    fails(
        d,
        &[
            "simulate",
            "sevens",
            "--players",
            "4",
            "--policy",
            "optimal",
            "--policy",
            "random",
            "--policy",
            "leader",
        ],
        2,
        "a game of 4 players takes one policy for every seat, one each, or a count that divides 4 (they take the seats in turn): 1, 2, 4; found 3",
    );
}
