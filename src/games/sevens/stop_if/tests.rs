//! The rule language's tests: parsing, precedence, mistakes and their columns, game rules.

use super::super::lookup::Lookup;
use super::super::rolls::RollOutcomes;
use super::rule::MAX_LEN;
use super::vars::Var;
use super::*;

fn rule(text: &str) -> StopIf {
    let spec = format!("stop-if:{text}");
    StopIf::parse(&spec, 8, text).unwrap()
}

fn error(text: &str) -> String {
    let spec = format!("stop-if:{text}");
    StopIf::parse(&spec, 8, text).unwrap_err().to_string()
}

fn at(roll: i64, dice: i64, sum: i64) -> Vars {
    Vars {
        roll,
        rolls: 3,
        dice,
        sum,
        to_beat: -1,
        ..Vars::default()
    }
}

#[test]
fn the_issues_rule_of_thumb_stops_on_fourteen_or_two_dice() {
    let r = rule(" sum >= 14 or dice <= 2 ");
    assert!(r.stops(&at(1, 4, 14)));
    assert!(r.stops(&at(1, 2, 5)));
    assert!(!r.stops(&at(1, 4, 13)));
    assert!(!r.stops(&at(2, 6, 10)));
    assert_eq!(r.to_string(), "stop-if:sum >= 14 or dice <= 2");
    assert_eq!(r.variables(), [Var::Dice, Var::Sum]);
    assert!(r.game_variables().is_empty());
}

#[test]
fn precedence_is_not_then_and_then_or_and_arithmetic_binds_tighter() {
    // and binds tighter than or: true or (false and false).
    let r = rule("sum == 1 or sum == 2 and dice == 3");
    assert!(r.stops(&at(1, 6, 1)));
    assert!(!r.stops(&at(1, 6, 2)));
    assert!(r.stops(&at(1, 3, 2)));
    let r = rule("not sum > 10 and dice == 2");
    assert!(r.stops(&at(1, 2, 9)));
    assert!(!r.stops(&at(1, 2, 11)));
    // 2 + 3 * 4 = 14; a minus binds to its number.
    let r = rule("sum >= 2 + 3 * 4");
    assert!(r.stops(&at(1, 6, 14)) && !r.stops(&at(1, 6, 13)));
    let r = rule("sum - -2 == (1 + 1) * 5");
    assert!(r.stops(&at(1, 6, 8)));
    let r = rule("(roll == 1 and sum >= 15) or (roll == 2 and sum >= 10)");
    assert!(r.stops(&at(1, 4, 15)) && !r.stops(&at(1, 4, 14)));
    assert!(r.stops(&at(2, 4, 10)) && !r.stops(&at(2, 4, 9)));
}

#[test]
fn arithmetic_saturates_instead_of_overflowing() {
    let r = rule("sum * 1000000000 * 1000000000 * 1000000000 > 0");
    assert!(r.stops(&at(1, 6, 6)));
    assert!(!r.stops(&at(1, 0, 0)));
}

#[test]
fn game_variables_are_named_as_such() {
    let r = rule("me - best_other > 20 or (round == rounds and to_beat >= sum)");
    assert_eq!(r.game_variables(), ["round", "rounds", "me", "best_other"]);
    assert!(r.reads_to_beat());
}

#[test]
fn mistakes_point_at_their_column() {
    for (text, expected) in [
        // Columns count the whole spec: "stop-if:" is 8 characters.
        (
            "sum >= 14 xor dice",
            "column 19: unexpected 'xor'; expected and, or or the end",
        ),
        (
            "summ >= 14",
            "column 9: unknown variable 'summ'; expected one of roll, rolls",
        ),
        ("sum >= ", "column 16: the rule ends too soon"),
        ("sum = 14", "column 13: '=' compares as '=='"),
        (
            "sum >= 14 && dice",
            "column 19: unexpected '&'; write and, or, not in words",
        ),
        (
            "sum",
            "column 9: the rule is a number; it must be true or false",
        ),
        (
            "sum and dice > 2",
            "column 9: 'and' needs true or false here, not a number",
        ),
        (
            "(sum > 2) + 1 > 0",
            "column 9: '+' needs a number here, not true or false",
        ),
        ("1 < sum < 5", "column 17: a second comparison '<' in a row"),
        (
            "(sum > 2",
            "column 17: the rule ends before the ')' that closes the '(' at column 1",
        ),
        ("sum > 2)", "column 16: unexpected ')'"),
        ("", "column 9: the rule ends too soon"),
        (
            "sum > 99999999999",
            "column 15: number 99999999999 is too large",
        ),
        ("sum > 2 or", "column 19: the rule ends too soon"),
        ("sum > 2 ; dice", "column 17: unexpected ';'"),
    ] {
        let e = error(text);
        assert!(e.contains(expected), "{text:?}: {e}");
        assert!(e.starts_with(&format!("policy 'stop-if:{text}': ")), "{e}");
    }
}

#[test]
fn a_game_rule_reads_the_totals_the_round_and_the_score_to_beat() {
    use super::super::rules::Removal;
    let outcomes = RollOutcomes::new(Removal::Pairs);
    let lookup = Lookup::new(&outcomes);
    // Every roll shows only 1s: six dice summing 6 stay, roll after roll.
    let rolls = [0u32; 3];
    let game = |text: &str| GameRule::new(rule(text), &outcomes, 10);
    let at = |round, to_beat, me, best_other| GameAt {
        round,
        to_beat,
        me,
        best_other,
    };
    let behind = game("me < best_other");
    assert_eq!(
        behind.play_turn(&lookup, &rolls, 3, at(Some(1), -1, 10, 20)),
        (6, 1)
    );
    assert_eq!(
        behind.play_turn(&lookup, &rolls, 3, at(Some(1), -1, 30, 20)),
        (6, 3)
    );
    // A follower allowed two rolls stops on its second whatever the rule says.
    assert_eq!(
        behind.play_turn(&lookup, &rolls, 2, at(Some(1), 5, 30, 20)),
        (6, 2)
    );
    let last = game("round == rounds");
    assert_eq!(
        last.play_turn(&lookup, &rolls, 3, at(Some(10), -1, 0, 0)),
        (6, 1)
    );
    assert_eq!(
        last.play_turn(&lookup, &rolls, 3, at(Some(9), -1, 0, 0)),
        (6, 3)
    );
    // A play-off round reads rounds + 1.
    assert_eq!(
        last.play_turn(&lookup, &rolls, 3, at(None, -1, 0, 0)),
        (6, 3)
    );
    let playoff = game("round == rounds + 1 and roll == 2");
    assert_eq!(
        playoff.play_turn(&lookup, &rolls, 3, at(None, -1, 0, 0)),
        (6, 2)
    );
    let beaten = game("sum > to_beat");
    assert_eq!(
        beaten.play_turn(&lookup, &rolls, 3, at(Some(1), 5, 0, 0)),
        (6, 1)
    );
    assert_eq!(
        beaten.play_turn(&lookup, &rolls, 3, at(Some(1), 6, 0, 0)),
        (6, 3)
    );
    assert_eq!(
        beaten.play_turn(&lookup, &rolls, 3, at(Some(1), -1, 0, 0)),
        (6, 1)
    );
}

/// A rule typed with no-break spaces (a word processor's, a web page's) looks like the one
/// typed with spaces, and is the same rule under the same name.
#[test]
fn unicode_spaces_name_the_same_rule_as_spaces() {
    let plain = rule("sum >= 14 or dice <= 2");
    for spaces in [
        "sum\u{a0}>=\u{a0}14\u{a0}or dice <= 2",
        "sum\u{202f}>= 14\u{2007}or\u{2009}dice\u{3000}<= 2\u{a0}",
        "\u{a0}sum >=\t14 or\u{2028}dice <= 2",
    ] {
        let r = rule(spaces);
        assert_eq!(r, plain, "{spaces:?}");
        assert_eq!(
            r.to_string(),
            "stop-if:sum >= 14 or dice <= 2",
            "{spaces:?}"
        );
    }
}

/// Spaces around a rule are trimmed, never read: they do not count toward its limit, and a
/// rule past the limit is shown where it passes it, not at column 1.
#[test]
fn the_length_limit_counts_the_rule_not_the_spaces_around_it() {
    let pad = " ".repeat(50);
    let longest = format!("sum >{}1", " ".repeat(MAX_LEN - 6));
    assert_eq!(longest.chars().count(), MAX_LEN);
    assert!(rule(&format!("{pad}{longest}{pad}")).stops(&at(1, 6, 2)));
    let e = error(&format!("{pad}{longest}2{pad}"));
    // "stop-if:" is 8 characters, then 50 spaces: the rule's 1001st is column 1059.
    assert!(
        e.ends_with("': column 1059: a rule of 1001 characters; at most 1000 are read"),
        "{}",
        &e[e.len() - 80..]
    );
}

#[test]
fn deep_nesting_and_long_rules_are_refused_not_overflowed() {
    let deep = format!("{}sum > 1{}", "(".repeat(100_000), ")".repeat(100_000));
    assert!(error(&deep).contains("a rule of 200007 characters; at most 1000"));
    let deep = format!("{}sum > 1{}", "(".repeat(200), ")".repeat(200));
    assert!(
        error(&deep).contains("nested more than 64 deep"),
        "{}",
        error(&deep)
    );
    let nots = format!("{}sum > 1", "not ".repeat(100));
    assert!(error(&nots).contains("nested more than 64 deep"));
}
