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
                listing.contains(&format!("{d}    (a whole number from 0 to 1000)")),
                "{d}: {listing}"
            );
        }
        assert!(
            listing.contains("wipe_ones=4    (a whole number from 1 to 6, or off)"),
            "{listing}"
        );
    }
}

bad_input! {
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
