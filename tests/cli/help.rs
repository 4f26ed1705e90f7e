//! `--help`, `--version`, and the commands that describe a game (`rules`, `policies`).

use crate::common::ok;

#[test]
fn help_and_version_exit_zero() {
    let tmp = tempfile::tempdir().unwrap();
    let help = ok(tmp.path(), &["--help"]);
    for command in [
        "simulate", "compare", "solve", "table", "claims", "report", "merge", "tune", "decks",
        "rules", "policies",
    ] {
        assert!(help.contains(command), "{help}");
    }
    assert!(ok(tmp.path(), &["--version"]).starts_with("dicelab "));
}

#[test]
fn each_command_says_its_own_run_size_default() {
    let tmp = tempfile::tempdir().unwrap();
    for (command, default) in [
        (&["simulate", "--help"][..], "default 1e6"),
        (&["compare", "--help"], "default 1e6"),
        (&["decks", "--help"], "default 1e5"),
        (&["claims", "--help"], "default 1e6"),
        (&["report", "--help"], "default 1e9"),
        (
            &["tune", "--help"],
            "default 20000 for heuristic, 2000 for lookahead",
        ),
    ] {
        let help = ok(tmp.path(), command);
        assert!(help.contains(default), "{command:?}: {help}");
    }
}

#[test]
fn rules_lists_every_option_with_its_default_and_values() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = ok(tmp.path(), &["rules", "sieben"]);
    for line in [
        "finish=seven (seven or empty)",
        "penalty=turn (turn or pile)",
        "first_player=rotate (rotate or fixed)",
        "tie=shared (shared or playoff)",
        "deck=data/sieben-deck.csv",
        "hand=7 (a whole number from 1 to 100)",
        "rounds=auto (a whole number from 1 to 100, or auto)",
        "chips=80 (a whole number from 1 to 1000)",
        "pay=countdown (countdown, or chips per place",
    ] {
        assert!(rules.contains(line), "{line}\n{rules}");
    }
    let rules = ok(tmp.path(), &["rules", "sequences"]);
    assert!(rules.contains("wipe_ones=4"), "{rules}");
    let rules = ok(tmp.path(), &["rules", "solitaire-dice"]);
    for line in [
        "value_7=30 (a whole number from 0 to 1000)",
        "penalty=-200 (a whole number from -1000 to 1000)",
        "throwaways=3 (a whole number from 1 to 6)",
        "end_marks=8 (a whole number from 1 to 12)",
    ] {
        assert!(rules.contains(line), "{line}\n{rules}");
    }
}

/// `dicelab rules GAME` is the game's rules, not only its options: how to play, then every
/// option with its values and default, then our reading of the gaps, each line within an
/// 80-column terminal; and the docs page says the same (tests/docs.rs).
#[test]
fn rules_prints_how_to_play_the_options_and_our_readings_within_80_columns() {
    let tmp = tempfile::tempdir().unwrap();
    for game in [
        "sevens",
        "sequences",
        "hearts-due",
        "solitaire-dice",
        "sieben",
    ] {
        let rules = ok(tmp.path(), &["rules", game]);
        let at = |heading: &str| {
            rules
                .find(&format!("\n{heading}\n"))
                .unwrap_or_else(|| panic!("{game}: no {heading}\n{rules}"))
        };
        let order = [
            at("HOW TO PLAY"),
            at("RULE OPTIONS"),
            at("OUR READING OF THE GAPS"),
        ];
        assert!(order.is_sorted(), "{game}: {order:?}");
        for line in rules.lines() {
            assert!(line.chars().count() <= 80, "{game}: {line}");
        }
        assert!(!rules.contains('`'), "{game}: markdown left in\n{rules}");
    }
    let sevens = ok(tmp.path(), &["rules", "sevens"]);
    for words in [
        "A turn starts with a roll of all six dice.",
        "removal=pairs (pairs or subsets)",
        "- Which dice go.",
        "Tim rolls 6, 2, 1, 1, 1, 2.",
    ] {
        assert!(sevens.contains(words), "{words}\n{sevens}");
    }
    // A table keeps its columns on the terminal.
    let hearts = ok(tmp.path(), &["rules", "hearts-due"]);
    assert!(hearts.contains("    1 (alone)          5\n"), "{hearts}");
}

#[test]
fn policies_lists_every_spec_and_marks_the_default() {
    let tmp = tempfile::tempdir().unwrap();
    let policies = ok(tmp.path(), &["policies", "sevens"]);
    for spec in [
        "optimal (default)",
        "rolls:K",
        "threshold:A,B",
        "target:T",
        "leader",
        "table:FILE",
        "random",
    ] {
        assert!(policies.contains(spec), "{spec}\n{policies}");
    }
    let policies = ok(tmp.path(), &["policies", "sieben"]);
    assert!(policies.contains("Players: 2 to 7"), "{policies}");
    assert!(policies.contains("seven-first (default)"), "{policies}");
    assert!(!policies.contains("with one player"), "{policies}");
}

bad_input! {
    rules_refuses_an_unknown_game: ["rules", "chess"] => "unknown game 'chess'";
    rules_needs_a_game: ["rules"] => "required arguments were not provided";
    policies_refuses_an_unknown_game: ["policies", "poker"] => "unknown game 'poker'";
    policies_takes_one_game: ["policies", "sevens", "sieben"] => "unexpected argument 'sieben'";
}
