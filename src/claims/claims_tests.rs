//! Tests of the claims: parsing a claims file and checking its claims.
use super::*;

#[test]
fn the_shipped_file_parses() {
    let claims = parse("data/claims.csv", BUILT_IN).unwrap();
    assert_eq!(claims.len(), 8);
    assert_eq!(claims[4].baseline, Some("sequences"));
}

#[test]
fn bad_rows_name_their_line() {
    let head = HEADER.join(",");
    assert!(
        parse("c.csv", "claim,game\n")
            .unwrap_err()
            .to_string()
            .contains("line 1: expected the header")
    );
    assert!(
        parse("c.csv", &format!("{head}\n"))
            .unwrap_err()
            .to_string()
            .contains("no claims")
    );
    let rows = [
        ("x,chess,,p,about,1,1,,", "unknown game 'chess'"),
        ("x,sequences,,p_cast_no_score,roughly,1,1,,", "check"),
        ("x,sequences,,p_cast_no_score,about,half,1,,", "claimed"),
        ("x,sequences,,p_cast_no_score,about,1,,,", "tolerance"),
        ("x,sequences,,nonsense,about,1,1,,", "metric"),
        (
            "x,sequences,wipe_ones=9,p_cast_no_score,about,1,1,,",
            "rule option wipe_ones",
        ),
        ("x,sequences,,p_cast_no_score,about", "expected 9 fields"),
        (
            "x,sequences,players=4,p_cast_no_score,about,1,1,,",
            "rules 'players=4': claims are checked on one player's races, so players may only be 1",
        ),
        (
            "x,sequences,colour=red,p_cast_no_score,about,1,1,,",
            "rules 'colour=red': unknown rule option 'colour' for sequences",
        ),
        (
            "x,sequences,,turns_to_target,about,1,1,,wipe_ones=3",
            "baseline_rules: given without a baseline_game",
        ),
        (
            "x,hearts-due,,turns_to_target,about,1,1,sequences,wipe_ones=9",
            "rule option wipe_ones for sequences: expected a whole number from 1 to 6, or off, found '9'",
        ),
        (
            "x,sequences,players=2,turns_to_target,about,1,1,sequences,",
            "rules 'players=2'",
        ),
        (
            "x,sequences,,turns_to_target,about,1,1,sequences,players=3",
            "baseline_rules 'players=3'",
        ),
        // A ratio of a game to itself under the same rules is 1 whatever the game does.
        (
            "x,sequences,,turns_to_target,about,1,1,sequences,",
            "baseline_rules: the baseline is sequences under the same rules",
        ),
        (
            "x,sequences,wipe_ones=3,turns_to_target,about,1,1,sequences,players=1;wipe_ones=3",
            "baseline_rules: the baseline is sequences under the same rules",
        ),
        // The same rules spelt otherwise: the defaults written out.
        (
            "x,sequences,wipe_ones=4,turns_to_target,about,1,1,sequences,",
            "baseline_rules: the baseline is sequences under the same rules",
        ),
    ];
    for (row, expected) in rows {
        let e = parse("c.csv", &format!("{head}\n{row}\n"))
            .unwrap_err()
            .to_string();
        let expected = format!("c.csv: line 2: {expected}");
        assert!(
            e.starts_with(&expected),
            "{e:?} should start with {expected:?}"
        );
    }
}

/// A game with no exact value of a run (7, Solitaire Dice) has no metric a claim can name:
/// the error says so and names the games that have, rather than an empty list.
#[test]
fn a_claim_about_a_game_without_exact_values_names_the_games_that_have_them() {
    let head = HEADER.join(",");
    for row in [
        "x,sieben,,chips,about,1,1,,",
        "x,solitaire-dice,,final_score,about,1,1,,",
        "x,sequences,,turns_to_target,about,1,1,sieben,",
    ] {
        let e = parse("c.csv", &format!("{head}\n{row}\n"))
            .unwrap_err()
            .to_string();
        let game = if row.contains("solitaire") {
            "solitaire-dice"
        } else {
            "sieben"
        };
        assert!(
            e.ends_with(&format!(
                "for {game}; {game} has no exact values, so no claim about it can be \
                 checked; claims can be about sequences, hearts-due or sevens"
            )),
            "{e}"
        );
    }
    // A game that has them still lists its metrics.
    let e = parse("c.csv", &format!("{head}\nx,sevens,,nope,about,1,1,,\n"))
        .unwrap_err()
        .to_string();
    assert!(
        e.ends_with(
            "unknown metric 'nope' for sevens; expected one of p_turn_zero, rolls_used, turn_score"
        ),
        "{e}"
    );
}

#[test]
fn files_without_baseline_rules_still_read_and_their_baselines_play_the_defaults() {
    let head = HEADER[..8].join(",");
    let row = "x,sequences,wipe_ones=3,turns_to_target,about,2,0.2,sequences";
    let claims = parse("c.csv", &format!("{head}\n{row}\n")).unwrap();
    assert_eq!(claims[0].rules, ["wipe_ones=3"]);
    assert_eq!(claims[0].baseline, Some("sequences"));
    assert!(claims[0].baseline_rules.is_empty());
    // A row of nine fields under the old header is one too many.
    let e = parse("c.csv", &format!("{head}\n{row},\n"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2: expected 8 fields"), "{e}");
}

#[test]
fn a_claim_about_a_variant_is_checked_against_the_default_game() {
    // Issue 23's wrong answer: the baseline ran under the claim's rules and the ratio read 1.
    let head = HEADER.join(",");
    let row = "x,sequences,wipe_ones=3,turns_to_target,about,2,0.2,sequences,";
    let claims = parse("c.csv", &format!("{head}\n{row}\n")).unwrap();
    let verdicts = check(&claims, 20_000, 7, Some(1)).unwrap();
    let v = &verdicts[0];
    let exact_of = |rules: &[&str]| {
        let rules: Vec<String> = rules.iter().map(|r| r.to_string()).collect();
        games::configure("sequences", &setup(&rules))
            .unwrap()
            .exact()
            .mean(&MetricId::run("turns_to_target"))
            .unwrap()
    };
    let expected = exact_of(&["wipe_ones=3"]) / exact_of(&[]);
    assert_eq!(v.exact, Some(expected));
    assert!((1.8..2.0).contains(&expected), "{expected}");
    let s = v.simulated.unwrap();
    assert!(
        (s.mean - expected).abs() < 4.0 * s.se,
        "{s:?} vs {expected}"
    );
    assert_eq!(
        v.baseline_rules.as_deref(),
        Some("players=1;wipe_ones=4;target=100;tie=shared")
    );
    // And the other way round: the default game against a variant as its baseline.
    let row = "y,sequences,,turns_to_target,about,0.5,0.1,sequences,wipe_ones=off";
    let claims = parse("c.csv", &format!("{head}\n{row}\n")).unwrap();
    let v = &check(&claims, 1_000, 7, Some(1)).unwrap()[0];
    assert_eq!(v.exact, Some(exact_of(&[]) / exact_of(&["wipe_ones=off"])));
}

#[test]
fn a_reports_rules_column_is_a_claims_rules_column() {
    let head = HEADER.join(",");
    let row =
        "x,sequences,players=1;wipe_ones=off;target=100;tie=shared,turns_to_target,about,20,4,,";
    let claims = parse("c.csv", &format!("{head}\n{row}\n")).unwrap();
    assert_eq!(
        claims[0].rules,
        ["wipe_ones=off", "target=100", "tie=shared"]
    );
}

#[test]
fn checks_compare_as_named() {
    assert!(Check::About.holds(9.0, 10.0, 1.0));
    assert!(!Check::About.holds(8.9, 10.0, 1.0));
    assert!(Check::Below.holds(9.99, 10.0, 0.0));
    assert!(!Check::Below.holds(10.0, 10.0, 0.0));
    assert!(Check::Above.holds(10.5, 10.0, 0.0));
    assert!(Check::Equal.holds(4.0, 4.0, 0.0));
    assert!(!Check::Equal.holds(5.0, 4.0, 0.0));
}
