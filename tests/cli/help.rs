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
        "finish=seven    (seven or empty)",
        "penalty=turn    (turn or pile)",
        "first_player=rotate    (rotate or fixed)",
        "tie=shared    (shared or playoff)",
        "deck=data/sieben-deck.csv",
        "hand=7    (a whole number from 1 to 100)",
        "rounds=auto    (a whole number from 1 to 100, or auto)",
        "chips=80    (a whole number from 1 to 1000)",
        "pay=countdown    (countdown, or chips per place",
    ] {
        assert!(rules.contains(line), "{line}\n{rules}");
    }
    let rules = ok(tmp.path(), &["rules", "sequences"]);
    assert!(rules.contains("wipe_ones=4"), "{rules}");
    let rules = ok(tmp.path(), &["rules", "solitaire-dice"]);
    for line in [
        "value_7=30    (a whole number from 0 to 1000)",
        "penalty=-200    (a whole number from -1000 to 1000)",
        "throwaways=3    (a whole number from 1 to 6)",
        "end_marks=8    (a whole number from 1 to 12)",
    ] {
        assert!(rules.contains(line), "{line}\n{rules}");
    }
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
