//! `table`: the exact tables of each game, and one clear line for every bad rule.

use crate::common::{fails, ok, read};
use std::fs;

#[test]
fn hearts_due_lists_every_split_as_sequences_does() {
    let tmp = tempfile::tempdir().unwrap();
    let stdout = ok(tmp.path(), &["table", "hearts-due"]);
    assert!(stdout.contains("17 distinct splits"), "{stdout}");
    // A lone 1 scores in Hearts Due, so a 1 beside five 6s is a two-part cast (6 ways).
    assert!(
        stdout.contains("1 + five 6s                   40 points      6 ways  0.000129"),
        "{stdout}"
    );
    let after = stdout.split("distinct splits").nth(1).unwrap();
    assert_eq!(after.lines().filter(|l| l.contains(" points ")).count(), 17);
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

bad_input! {
    refuses_an_unknown_hearts_due_tie_rule:
        ["table", "hearts-due", "--rule", "tie=coin"]
        => "expected shared or playoff";
    refuses_an_unknown_solitaire_dice_rule_option:
        ["table", "solitaire-dice", "--rule", "x=1"]
        => "unknown rule option 'x' for solitaire-dice";
    refuses_an_unknown_sieben_finish_rule:
        ["table", "sieben", "--rule", "finish=never"]
        => "rule option finish for sieben: expected seven or empty, found 'never'";
    refuses_an_unknown_sieben_penalty_rule:
        ["simulate", "sieben", "--players", "3", "--rule", "penalty=round"]
        => "rule option penalty for sieben: expected turn or pile, found 'round'";
}

/// `--format` prints every table for a rulebook: what all rows share (the game, its rules) once
/// above each table, one number format a column, probabilities within [0, 1] (Hearts Due's
/// chance to finish in one cast summed to -2.2e-16), and with `--percent` in percent; the files
/// written with `--out` clamp them too.
#[test]
fn table_prints_csv_tsv_and_markdown_for_a_rulebook() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let csv = ok(d, &["table", "hearts-due", "--format", "csv", "--out", "t"]);
    let turns = &csv[csv
        .find("# turns_table: probability by turns and wipe_ones\n")
        .unwrap()..];
    let lines: Vec<&str> = turns.lines().collect();
    assert_eq!(lines[1], "# game: hearts-due");
    assert_eq!(
        lines[2],
        "# rules: players=1;wipe_ones=4;target=100;tie=shared"
    );
    assert_eq!(lines[3], "turns,wipe_ones=4,wipe_ones=off");
    assert_eq!(lines[4], "1,0.000000,0.000000");
    assert!(!csv.contains("-0.") && !csv.contains("e-"), "{csv}");
    let written = String::from_utf8(fs::read(d.join("t/turns_table.csv")).unwrap()).unwrap();
    assert!(!written.contains(",-"), "{written}");
    let md = ok(d, &["table", "sevens", "--format", "md", "--percent"]);
    assert!(
        md.contains("| rolled | kept=0 | kept=1 | kept=2 | kept=3 | kept=4 | kept=5 | kept=6 |\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n| 1 | – | 100.00 |  |  |  |  |  |\n"),
        "{md}"
    );
    let tsv = ok(d, &["solve", "sevens", "--format", "tsv"]);
    assert!(
        tsv.contains("# follower_odds: p_beat by to_beat and rolls\n# game: sevens\n"),
        "{tsv}"
    );
    fails(
        d,
        &["table", "sevens", "--percent"],
        2,
        "--percent: only with --format csv, tsv or md",
    );
    fails(
        d,
        &["table", "sevens", "--format", "xls"],
        2,
        "invalid value 'xls' for '--format <FORMAT>'",
    );
}
