//! Each game across commands: Solitaire Dice's weights files, runs and tables, and 7's runs,
//! comparisons and table.

use crate::common::{fails, ok, read, short_hash};
use std::fs;

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
    // The weights are named by their content as well as their path.
    let h = short_hash(d.join("w.csv"));
    assert!(
        stdout.contains(&format!(
            "final_score_diff [heuristic:w.csv@{h} - lookahead:w.csv@{h}]"
        )),
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
            "policy file header.csv: line 1: expected the header weight,value, found another first line (3 fields)",
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
        "sieben,players=3;finish=seven;penalty=turn;first_player=rotate;tie=shared;deck=data/sieben-deck.csv@9a37e254,lowest | seven-first | blocker,chips_seat_1,2000,"
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
    assert!(
        stdout.contains(&format!("deck=even.csv@{}", short_hash(d.join("even.csv")))),
        "{stdout}"
    );
    let stdout = ok(d, &["table", "sieben", "--out", "t"]);
    assert!(stdout.contains("3176716400 hands of 7"), "{stdout}");
    let csv = String::from_utf8(read(d.join("t/pile_states.csv"))).unwrap();
    assert_eq!(csv.lines().count(), 17);
    assert!(csv.contains("\n3,3,6,3 4,4,23,"), "{csv}");
}

/// 7's house rules: the text's numbers written out run the very same games as none (and are not
/// recorded), a house rule is recorded as exactly what differs, the games pay what it says, and
/// the exact table counts hands of the rule's size.
#[test]
fn sieben_house_rules_are_recorded_and_the_texts_numbers_are_not() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let run = |extra: &[&str]| {
        let mut args = vec!["simulate", "sieben", "--players", "3", "-n", "500", "-q"];
        args.extend_from_slice(extra);
        ok(d, &args)
    };
    let plain = run(&[]);
    let written = run(&[
        "--rule",
        "hand=7",
        "--rule",
        "rounds=auto",
        "--rule",
        "chips=80",
        "--rule",
        "pay=countdown",
    ]);
    assert_eq!(plain, written);
    let house = run(&[
        "--rule",
        "pay=5/3/1",
        "--rule",
        "rounds=3",
        "--rule",
        "hand=5",
    ]);
    assert!(
        house.starts_with(
            "sieben | players=3;finish=seven;penalty=turn;first_player=rotate;tie=shared;deck=data/sieben-deck.csv@9a37e254;hand=5;rounds=3;pay=5/3/1 |"
        ),
        "{house}"
    );
    assert_ne!(plain, house);
    // 3 rounds of 5 + 3 + 1 chips: 27 a game over three seats, whatever the cards.
    let summary = |folder: &str, extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "sieben",
            "--players",
            "3",
            "-n",
            "500",
            "-q",
            "--out",
            folder,
        ];
        args.extend_from_slice(extra);
        ok(d, &args);
        String::from_utf8(read(d.join(folder).join("summary.csv"))).unwrap()
    };
    let csv = summary("h", &["--rule", "pay=5/3/1", "--rule", "rounds=3"]);
    let mean = |metric: &str| -> f64 {
        let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
        let at = header.iter().position(|h| *h == "mean").unwrap();
        let metric_at = header.iter().position(|h| *h == "metric").unwrap();
        let row = csv
            .lines()
            .map(|l| l.split(',').collect::<Vec<_>>())
            .find(|r| r.get(metric_at) == Some(&metric))
            .unwrap_or_else(|| panic!("{metric} in {csv}"));
        row[at].parse().unwrap()
    };
    let total: f64 = (1..=3).map(|s| mean(&format!("chips_seat_{s}"))).sum();
    assert!((total - 27.0).abs() < 1e-9, "{total}\n{csv}");
    // The table counts hands of 5: C(80, 5).
    let stdout = ok(d, &["table", "sieben", "--rule", "hand=5", "--out", "t"]);
    assert!(stdout.contains("24040016 hands of 5"), "{stdout}");
    assert!(
        stdout.contains("| hand=5 |") || stdout.contains(";hand=5"),
        "{stdout}"
    );
}

/// A house rule of Solitaire Dice is recorded as exactly what differs from the text, changes
/// the scores, names the win figure by its own number, and the text's numbers written out are
/// the text's game, byte for byte.
#[test]
fn solitaire_dice_house_rules_are_recorded_and_played() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let common = [
        "simulate",
        "solitaire-dice",
        "-n",
        "4000",
        "--seed",
        "3",
        "-q",
    ];
    let run = |extra: &[&str], out: &str| {
        let mut args = common.to_vec();
        args.extend(extra);
        args.extend(["--out", out]);
        ok(d, &args)
    };
    let text = run(&[], "text");
    let same = run(
        &[
            "--rule",
            "penalty=-200",
            "--rule",
            "throwaways=3",
            "--rule",
            "win=500",
        ],
        "same",
    );
    assert_eq!(text.replace("text", "X"), same.replace("same", "X"));
    assert_eq!(
        read(d.join("text/summary.csv")),
        read(d.join("same/summary.csv"))
    );
    let house = run(
        &[
            "--rule",
            "penalty=-100",
            "--rule",
            "value_7=50",
            "--rule",
            "win=300",
        ],
        "house",
    );
    assert!(
        house.contains("solitaire-dice | players=1;value_7=50;penalty=-100;win=300 |"),
        "{house}"
    );
    assert!(house.contains("p_score_300"), "{house}");
    assert!(!house.contains("p_score_500"), "{house}");
    assert_ne!(
        read(d.join("text/summary.csv")),
        read(d.join("house/summary.csv"))
    );
    let listing = ok(d, &["rules", "solitaire-dice"]);
    for key in [
        "value_2=100",
        "value_12=100",
        "penalty=-200",
        "penalty_marks=4",
        "zero_mark=5",
        "mark_cap=10",
        "throwaways=3",
        "end_marks=8",
        "win=500",
    ] {
        assert!(listing.contains(key), "{key}: {listing}");
    }
    assert!(!listing.contains("No rule options"), "{listing}");
}
