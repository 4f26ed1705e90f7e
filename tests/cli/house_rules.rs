//! Every number of the rule texts as a rule option: a house rule changes the exact values and
//! the rules a report records, the texts' numbers written out change nothing, and values that
//! break a game are refused before any work.

use crate::common::{ok, read};

/// A report's `summary.csv` as text.
fn summary(dir: &std::path::Path, out: &str) -> String {
    String::from_utf8(read(dir.join(out).join("summary.csv"))).unwrap()
}

#[test]
fn a_sequences_points_table_changes_the_exact_values_and_is_recorded() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let common = ["-n", "20000", "--seed", "5", "-q"];
    let mut text = vec!["simulate", "sequences", "--out", "text"];
    text.extend(common);
    ok(d, &text);
    // The text's own numbers, written out, are the default: the same report, byte for byte.
    let mut written = vec![
        "simulate",
        "sequences",
        "--out",
        "written",
        "--rule",
        "run_2=5",
        "--rule",
        "six_sixes=60",
        "--rule",
        "wipe_ones=04",
    ];
    written.extend(common);
    ok(d, &written);
    assert_eq!(summary(d, "text"), summary(d, "written"));
    assert!(summary(d, "text").contains("wipe_ones=4;target=100;tie=shared,"));
    let mut house = vec![
        "simulate",
        "sequences",
        "--out",
        "house",
        "--rule",
        "run_2=8",
        "--rule",
        "wipe_ones=5",
    ];
    house.extend(common);
    ok(d, &house);
    let s = summary(d, "house");
    // Only what differs from the text is recorded beside the options every run names.
    assert!(
        s.contains("wipe_ones=5;target=100;tie=shared;run_2=8,"),
        "{s}"
    );
    // Exact points per cast under the text: 4.506172839506173; a dearer 1-2 and a milder
    // penalty raise it.
    assert!(summary(d, "text").contains(",4.506172839506173,"));
    assert!(!s.contains(",4.506172839506173,"), "{s}");
}

#[test]
fn rules_lists_every_number_of_the_text_with_each_games_default() {
    let tmp = tempfile::tempdir().unwrap();
    let seq = ok(tmp.path(), &["rules", "sequences"]);
    let hearts = ok(tmp.path(), &["rules", "hearts-due"]);
    for (listing, defaults) in [
        (
            &seq,
            [
                "run_1=0",
                "run_2=5",
                "run_6=25",
                "five_sixes=30",
                "six_sixes=60",
            ],
        ),
        (
            &hearts,
            [
                "run_1=5",
                "run_2=10",
                "run_6=30",
                "five_sixes=35",
                "six_sixes=70",
            ],
        ),
    ] {
        for d in defaults {
            assert!(
                listing.contains(&format!("{d} (a whole number from 0 to 1000)")),
                "{d}: {listing}"
            );
        }
        assert!(
            listing.contains("wipe_ones=4 (a whole number from 1 to 6, or off)"),
            "{listing}"
        );
    }
}

#[test]
fn one_sevens_die_rolled_three_times_is_worth_fourteen_thirds() {
    let tmp = tempfile::tempdir().unwrap();
    let out = ok(tmp.path(), &["solve", "sevens", "--rule", "dice=1"]);
    // Stop on 4+ after roll 1, on 5+ after roll 2: (5 + 6) / 6 + (4 / 6) 4.25 = 4.666667.
    assert!(out.contains("optimal                   4.666667"), "{out}");
    assert!(out.contains(";tie=playoff;dice=1 |"), "{out}");
}

#[test]
fn a_sevens_table_solved_under_other_numbers_is_refused_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &[
            "solve",
            "sevens",
            "--rule",
            "removed_sum=8",
            "--out",
            "eight",
        ],
    );
    crate::common::fails(
        d,
        &[
            "simulate",
            "sevens",
            "--policy",
            "table:eight/optimal_policy.csv",
            "--out",
            "o",
        ],
        2,
        "solved under removed_sum=8, but the rules say removed_sum=7",
    );
    ok(d, &["solve", "sevens", "--out", "text"]);
    crate::common::fails(
        d,
        &[
            "simulate",
            "sevens",
            "--rule",
            "dice=5",
            "--policy",
            "table:text/optimal_policy.csv",
            "--out",
            "o",
        ],
        2,
        "solved under dice=6, but the rules say dice=5",
    );
    // Under the numbers it was solved for, it plays.
    ok(
        d,
        &[
            "simulate",
            "sevens",
            "--rule",
            "removed_sum=8",
            "-n",
            "1000",
            "-q",
            "--policy",
            "table:eight/optimal_policy.csv",
            "--out",
            "o",
        ],
    );
}

bad_input! {
    sevens_more_dice_than_the_tables_hold_are_refused: ["simulate", "sevens", "--rule", "dice=7", "--out", "o"]
        => "rule option dice for sevens: expected a whole number from 1 to 6, found '7'";
    sevens_a_removed_sum_no_two_dice_make_is_refused: ["solve", "sevens", "--rule", "removed_sum=13"]
        => "rule option removed_sum for sevens: expected a whole number from 2 to 12, found '13'";
    sevens_a_shown_roll_of_the_wrong_size_is_refused: ["advise", "sevens", "--rule", "dice=4", "--roll", "1", "--dice-shown", "1,2,3,3,4"]
        => "roll 1 cannot throw 5 dice (the first roll throws all 4)";
    sequences_negative_points_are_refused: ["simulate", "sequences", "--rule", "run_2=-5", "--out", "o"]
        => "rule option run_2 for sequences: expected a whole number from 0 to 1000, found '-5'";
    sequences_points_beyond_the_limit_are_refused: ["simulate", "hearts-due", "--rule", "six_sixes=1001", "--out", "o"]
        => "rule option six_sixes for hearts-due: expected a whole number from 0 to 1000";
    sequences_more_ones_than_dice_are_refused: ["simulate", "sequences", "--rule", "wipe_ones=7", "--out", "o"]
        => "rule option wipe_ones for sequences: expected a whole number from 1 to 6, or off, found '7'";
    sequences_a_table_where_nothing_scores_is_refused: ["simulate", "sequences", "--rule", "run_2=0", "--rule", "run_3=0",
        "--rule", "run_4=0", "--rule", "run_5=0", "--rule", "run_6=0", "--rule", "five_sixes=0", "--rule", "six_sixes=0", "--out", "o"]
        => "rule options: no cast scores under these points, so no race ever reaches the target";
    sequences_a_penalty_on_any_one_is_refused_as_endless: ["simulate", "sequences", "--rule", "wipe_ones=1", "--out", "o"]
        => "casts on average under these rules";
}

/// Solitaire Dice's `dice`: 3, 7 and 9 play whole runs (greedy and random, and seats sharing
/// the rolls) and are recorded in the rules column; `dice=5` written out is the text, byte for
/// byte.
#[test]
fn solitaire_dice_plays_any_odd_number_of_dice() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let base = [
        "simulate",
        "solitaire-dice",
        "-n",
        "3000",
        "--seed",
        "4",
        "-q",
    ];
    ok(d, &[&base[..], &["--out", "text"]].concat());
    ok(
        d,
        &[&base[..], &["--rule", "dice=5", "--out", "five"]].concat(),
    );
    assert_eq!(summary(d, "text"), summary(d, "five"));
    let mut means = Vec::new();
    for dice in ["3", "7", "9"] {
        let rule = format!("dice={dice}");
        let out = format!("d{dice}");
        let extra = ["--rule", &rule, "--policy", "greedy", "--policy", "random"];
        ok(d, &[&base[..], &extra, &["--out", &out]].concat());
        let s = summary(d, &out);
        assert!(s.contains(&format!("players=1;dice={dice}")), "{s}");
        means.push(s);
        let seats = format!("{out}p");
        let extra = ["--rule", &rule, "--players", "3"];
        let s = ok(d, &[&base[..], &extra, &["--out", &seats]].concat());
        assert!(summary(d, &seats).contains("win_rate"), "{s}");
    }
    assert_ne!(means[0], means[1]);
    assert_ne!(summary(d, "text"), means[1]);
}
