//! `stop-if:` rules of thumb: one written as a built-in plays as the built-in, bad rules are
//! refused pointing at their column.

use crate::common::{ok, read};

/// A report's `summary.csv` with `from` written as `to` wherever it names the policy.
fn summary(dir: &std::path::Path, out: &str, from: &str, to: &str) -> String {
    // A name with spaces is quoted in the CSV, the built-in's is not.
    String::from_utf8(read(dir.join(out).join("summary.csv")))
        .unwrap()
        .replace(&format!("\"{from}\""), to)
        .replace(from, to)
}

#[test]
fn threshold_15_10_written_as_a_rule_has_the_builtins_exact_value_and_output() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let rule = "stop-if: (roll == 1 and sum >= 15) or (roll == 2 and sum >= 10)";
    let common = ["-n", "200000", "--seed", "3", "-q"];
    for (policy, out) in [("threshold:15,10", "t"), (rule, "r")] {
        let mut args = vec!["simulate", "sevens", "--policy", policy, "--out", out];
        args.extend(common);
        ok(d, &args);
    }
    let name = "stop-if:(roll == 1 and sum >= 15) or (roll == 2 and sum >= 10)";
    let built_in = summary(d, "t", "threshold:15,10", "P");
    let mine = summary(d, "r", name, "P");
    // Every figure the same, the exact value included; only the policy's name differs.
    assert!(built_in.contains(",10.41434142993248,"), "{built_in}");
    assert_eq!(built_in, mine);
}

#[test]
fn a_rule_reading_the_game_plays_as_its_tables_where_the_game_changes_nothing() {
    // `round >= 1` always holds: the rule asked at each decision (it reads the game) must
    // decide as the tables compiled from the same rule without it, to_beat included.
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let tables = "stop-if: sum >= 14 or dice <= 2 or sum > to_beat + 5";
    let asked = "stop-if: round >= 1 and (sum >= 14 or dice <= 2 or sum > to_beat + 5)";
    for (policy, out) in [(tables, "t"), (asked, "a")] {
        ok(
            d,
            &[
                "simulate",
                "sevens",
                "--players",
                "4",
                "--policy",
                policy,
                "--policy",
                "optimal",
                "-n",
                "20000",
                "--seed",
                "5",
                "-q",
                "--out",
                out,
            ],
        );
    }
    // Reports name a rule as typed, spaces after the colon trimmed.
    let named = |s: &str| format!("stop-if:{}", s.trim_start_matches("stop-if:").trim());
    let t = summary(d, "t", &named(tables), "P");
    let a = summary(d, "a", &named(asked), "P");
    assert!(t.contains("win_rate"), "{t}");
    // The table policy has exact values where the asked rule has none; the estimates agree.
    let estimates = |s: &str| -> Vec<String> {
        s.lines()
            .map(|l| l.split(',').take(8).collect::<Vec<_>>().join(","))
            .collect()
    };
    assert_eq!(estimates(&t), estimates(&a));
}

bad_input! {
    refuses_a_rule_with_a_word_it_does_not_know_at_its_column:
        ["simulate", "sevens", "--policy", "stop-if: sum >= 14 xor dice <= 2"]
        => "--policy 'stop-if: sum >= 14 xor dice <= 2': column 20: unexpected 'xor'; expected and, or or the end of the rule";
    refuses_an_unknown_variable:
        ["simulate", "sevens", "--policy", "stop-if:total > 3"]
        => "column 9: unknown variable 'total'; expected one of roll, rolls, dice, sum, to_beat, round, rounds, me, best_other";
    refuses_a_rule_that_is_a_number:
        ["simulate", "sevens", "--policy", "stop-if:sum + 2"]
        => "the rule is a number; it must be true or false";
    refuses_an_empty_rule:
        ["simulate", "sevens", "--policy", "stop-if:"]
        => "column 9: the rule ends too soon";
    refuses_game_variables_in_single_turns:
        ["simulate", "sevens", "--policy", "stop-if:me < best_other"]
        => "me, best_other are known only in a game; play games (--players 2 or more)";
    refuses_a_rule_typed_with_no_break_spaces_beside_itself_typed_with_spaces:
        ["compare", "sevens", "--policy", "stop-if: sum >= 14", "--policy", "stop-if: sum\u{a0}>=\u{202f}14"]
        => "--policy 'stop-if:sum >= 14' is given twice";
    prints_a_line_separator_in_a_rule_escaped:
        ["simulate", "sevens", "--policy", "stop-if: sum >= 14\u{2028} xor"]
        => "--policy 'stop-if: sum >= 14\\u{2028} xor': column 21: unexpected 'xor'";
    refuses_a_game_variable_in_a_comparison_of_turns:
        ["compare", "sevens", "--policy", "stop-if:round == rounds", "--policy", "optimal"]
        => "round, rounds are known only in a game";
}
