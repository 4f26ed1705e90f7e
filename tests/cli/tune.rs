//! `tune`: a tuned weights file plays back, bad budgets and starts are refused.

use crate::common::{fails, ok, read};

/// `tune` writes a policy file that `heuristic:` reads back, and refuses a zero or unparsable
/// budget, another game or a bad start with one line.
#[test]
fn tune_writes_a_policy_file_and_refuses_bad_budgets() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(
        d,
        &[
            "tune",
            "solitaire-dice",
            "--from",
            "greedy",
            "--budget",
            "21",
            "-n",
            "100",
            "-q",
            "--out",
            "w/tuned.csv",
        ],
    );
    assert!(stdout.contains("1 generations, 21 evaluations"), "{stdout}");
    assert!(
        stdout.contains("final check on 500 fresh games"),
        "{stdout}"
    );
    let written = String::from_utf8(read(d.join("w/tuned.csv"))).unwrap();
    // Its provenance first, as comment lines the weights reader skips.
    assert!(
        written.starts_with(&format!(
            "# made by: dicelab {} (dicelab tune solitaire-dice)\n\
             # rules: none (solitaire-dice has no rule options)\n\
             # from: greedy\n# for: heuristic\n# seed: 1\n# budget: 21 evaluations\n\
             # games per evaluation: 100\n# result: ",
            env!("CARGO_PKG_VERSION")
        )),
        "{written}"
    );
    assert!(written.contains("\nweight,value\nopen_sum,"), "{written}");
    ok(
        d,
        &[
            "simulate",
            "solitaire-dice",
            "-n",
            "100",
            "--policy",
            "heuristic:w/tuned.csv",
        ],
    );
    let tune = |budget: &'static str, from: &'static str, game: &'static str| {
        [
            "tune", game, "--from", from, "--budget", budget, "--out", "x.csv",
        ]
    };
    let cases: [([&str; 8], &str); 6] = [
        (
            tune("0", "greedy", "solitaire-dice"),
            "--budget 0: one generation takes 21 evaluations",
        ),
        (
            tune("0m", "greedy", "solitaire-dice"),
            "--budget '0m': expected a time above 0",
        ),
        (
            tune("soon", "greedy", "solitaire-dice"),
            "--budget 'soon': expected a time",
        ),
        (
            tune("10m", "random", "solitaire-dice"),
            "--from 'random': expected heuristic:FILE, heuristic (the built-in weights) or greedy",
        ),
        (
            tune("10m", "greedy", "sevens"),
            "tune sevens: only solitaire-dice has weights to tune",
        ),
        (
            tune("5", "greedy", "solitaire-dice"),
            "--budget 5: one generation takes 21 evaluations",
        ),
    ];
    for (args, expected) in cases {
        fails(d, &args, 2, expected);
    }
    fails(
        d,
        &[
            "tune",
            "solitaire-dice",
            "--from",
            "heuristic",
            "--for",
            "greedy",
            "--budget",
            "1m",
            "--out",
            "x.csv",
        ],
        2,
        "--for 'greedy': expected heuristic or lookahead",
    );
    assert!(!d.join("x.csv").exists());
    // Weights tuned for lookahead, from the built-in ones, are played by lookahead:FILE.
    let stdout = ok(
        d,
        &[
            "tune",
            "solitaire-dice",
            "--from",
            "heuristic",
            "--for",
            "lookahead",
            "--budget",
            "21",
            "-n",
            "10",
            "-q",
            "--out",
            "w/look.csv",
        ],
    );
    assert!(
        stdout.contains("from heuristic | for lookahead | seed 1 | 10 games per evaluation"),
        "{stdout}"
    );
    ok(
        d,
        &[
            "simulate",
            "solitaire-dice",
            "-n",
            "20",
            "--policy",
            "lookahead:w/look.csv",
        ],
    );
}

bad_input! {
    refuses_a_negative_budget:
        ["tune", "solitaire-dice", "--from", "greedy", "--budget", "-5", "--out", "x.csv"]
        => "--budget '-5': a negative budget is not allowed; expected a time such as 90s";
    refuses_a_zero_budget_naming_the_option_once:
        ["tune", "solitaire-dice", "--from", "greedy", "--budget", "0", "--out", "x.csv"]
        => "error: --budget 0: one generation takes 21 evaluations (20 candidates and the mean)";
    refuses_a_negative_seed_for_tuning:
        ["tune", "solitaire-dice", "--from", "greedy", "--budget", "21", "--seed", "-1", "--out", "x.csv"]
        => "a negative number is not allowed";
}
