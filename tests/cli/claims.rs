//! `claims`: the built-in claims are checked, a user's file is picked up, a bad file is refused.

use crate::common::{fails, ok, read, tree};
use std::fs;

/// Without --out the verdicts are printed and nothing is written: run in a checkout, the
/// committed reports/claims/claims.csv stays as it is, and no folder appears.
#[test]
fn claims_without_out_print_only_and_leave_the_folder_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::create_dir_all(d.join("reports/claims")).unwrap();
    fs::write(d.join("reports/claims/claims.csv"), "committed\n").unwrap();
    let before = tree(d);
    let stdout = ok(d, &["claims", "-n", "2000", "-q"]);
    assert!(stdout.contains("HOLDS  "), "{stdout}");
    assert!(!stdout.contains("wrote"), "{stdout}");
    assert_eq!(tree(d), before, "claims without --out wrote a file");
    let json = ok(d, &["claims", "-n", "2000", "-q", "--format", "json"]);
    assert!(json.starts_with('{'), "{json}");
    assert_eq!(
        tree(d),
        before,
        "claims --format json without --out wrote a file"
    );
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
        "bad.csv: line 2: claimed",
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

/// A key given twice in a rules column quotes both pairs, not only the second.
#[test]
fn refuses_a_rule_option_given_twice_quoting_both() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::write(
        d.join("twice.csv"),
        claims_header() + "x,sequences,wipe_ones=3;wipe_ones=4,turns_to_target,about,20,4,\n",
    )
    .unwrap();
    fails(
        d,
        &["claims", "--file", "twice.csv", "--out", "c"],
        2,
        "twice.csv: line 2: rules 'wipe_ones=3' and 'wipe_ones=4': rule option 'wipe_ones' is \
         given twice; expected each option once",
    );
}

/// A claimed value of 1e308 is printed as 1e308, not as its 309 digits (2.5e-7 as 2.5e-7,
/// not 0.00000025); a negative tolerance is quoted as written.
#[test]
fn a_huge_or_tiny_claimed_value_prints_short_not_in_309_digits() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::write(
        d.join("huge.csv"),
        claims_header()
            + "x,sequences,,turns_to_target,below,1e308,,\n\
               y,sequences,,turns_to_target,about,2.5e-7,1E300,\n",
    )
    .unwrap();
    let stdout = ok(
        d,
        &[
            "claims", "--file", "huge.csv", "-n", "1000", "-q", "--out", "c",
        ],
    );
    assert!(stdout.contains(": claimed below 1e308; exact "), "{stdout}");
    assert!(
        stdout.contains(": claimed about 2.5e-7 (within 1e300); exact "),
        "{stdout}"
    );
    let csv = String::from_utf8(read(d.join("c/claims.csv"))).unwrap();
    assert!(csv.contains(",below,1.00000000000e308,"), "{csv}");
    fs::write(
        d.join("negative.csv"),
        claims_header() + "x,sequences,,turns_to_target,about,1,-1e308,\n",
    )
    .unwrap();
    fails(
        d,
        &["claims", "--file", "negative.csv", "--out", "c"],
        2,
        "negative.csv: line 2: tolerance: expected 0 or more, found '-1e308'",
    );
}

/// A claim's text wrapped over lines inside its quotes is valid CSV (a spreadsheet writes it):
/// it is read, printed on one line and written back as it was, and a bad row after it is named
/// by its own line.
#[test]
fn a_claim_wrapped_over_lines_in_its_quotes_is_read_and_printed_on_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let wrapped = "\"About half\nof the casts\r\n\n# do not score\",sequences,,p_cast_no_score,about,0.5,0.1,\n";
    fs::write(d.join("w.csv"), claims_header() + wrapped).unwrap();
    let stdout = ok(
        d,
        &[
            "claims", "--file", "w.csv", "-n", "1000", "-q", "--out", "c",
        ],
    );
    assert!(
        stdout.starts_with("HOLDS  About half of the casts # do not score\n       sequences"),
        "{stdout}"
    );
    let csv = String::from_utf8(read(d.join("c/claims.csv"))).unwrap();
    assert!(
        csv.contains("\n\"About half\nof the casts\n\n# do not score\",sequences,"),
        "{csv}"
    );
    // The row after the wrapped one is on line 6.
    fs::write(
        d.join("bad.csv"),
        claims_header() + wrapped + "x,sequences,,p_cast_no_score,about,half,0.1,\n",
    )
    .unwrap();
    fails(
        d,
        &["claims", "--file", "bad.csv", "--out", "c"],
        2,
        "bad.csv: line 6: claimed: expected a number, found 'half'",
    );
}

bad_input! {
    refuses_a_claim_for_several_players:
        ["claims", "--file", "players.csv", "--out", "c"] with claims_for_four_players
        => "players.csv: line 2: rules 'players=4': claims are checked on one player's races, so players may only be 1";
    refuses_an_unknown_rule_option_naming_the_file:
        ["claims", "--file", "colour.csv", "--out", "c"] with claims_for_four_players
        => "colour.csv: line 2: rules 'colour=red': unknown rule option 'colour' for sequences";
    refuses_a_ratio_of_a_variant_to_itself:
        ["claims", "--file", "itself.csv", "--out", "c"] with claims_of_variants
        => "itself.csv: line 2: baseline_rules: the baseline is sequences under the same rules as the claim, so the ratio is 1 whatever the game does";
    refuses_an_old_files_ratio_of_the_default_game_to_itself:
        ["claims", "--file", "old.csv", "--out", "c"] with claims_of_variants
        => "old.csv: line 2: baseline_rules: the baseline is sequences under the same rules";
    refuses_baseline_rules_without_a_baseline_game:
        ["claims", "--file", "lonely.csv", "--out", "c"] with claims_of_variants
        => "lonely.csv: line 2: baseline_rules: given without a baseline_game";
    refuses_a_claim_about_7_naming_the_games_claims_can_be_about:
        ["claims", "--file", "sieben.csv", "--out", "c"] with claims_of_variants
        => "sieben.csv: line 2: metric: unknown metric 'chips' for sieben; sieben has no exact values, so no claim about it can be checked; claims can be about sequences, hearts-due or sevens";
}

#[test]
fn a_claim_about_a_variant_prints_both_sides_rules_and_writes_the_baselines() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::write(
        d.join("v.csv"),
        "claim,game,rules,metric,check,claimed,tolerance,baseline_game,baseline_rules\n\
         Three 1s about double the race,sequences,wipe_ones=3,turns_to_target,about,2,0.2,sequences,\n",
    )
    .unwrap();
    let stdout = ok(
        d,
        &[
            "claims", "--file", "v.csv", "-n", "20000", "-q", "--out", "c",
        ],
    );
    assert!(
        stdout.contains("sequences turns_to_target (wipe_ones=3) / sequences (defaults): claimed about 2 (within 0.2); exact 1.8953"),
        "{stdout}"
    );
    let csv = String::from_utf8(read(d.join("c/claims.csv"))).unwrap();
    assert!(
        csv.starts_with(
            "claim,game,rules,metric,check,claimed,tolerance,baseline_game,baseline_rules,exact,"
        ),
        "{csv}"
    );
    assert!(
        csv.contains(",sequences,players=1;wipe_ones=4;target=100;tie=shared,1.895"),
        "{csv}"
    );
}

#[test]
fn a_ratio_to_a_baseline_of_exactly_0_is_refused_before_any_work() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let head = "claim,game,rules,metric,check,claimed,tolerance,baseline_game,baseline_rules\n";
    // Without the wipe there is no penalty cast: the ratio was printed as "HOLDS ... inf".
    fs::write(
        d.join("zero.csv"),
        format!(
            "{head}x,sequences,wipe_ones=6,p_cast_penalty,above,1000,0,sequences,wipe_ones=off\n"
        ),
    )
    .unwrap();
    fails(
        d,
        &["claims", "--file", "zero.csv", "-n", "100"],
        2,
        "zero.csv: line 2: baseline_game: p_cast_penalty is exactly 0 in sequences under wipe_ones=off, so the ratio is undefined",
    );
    assert!(!d.join("reports").exists());
}
