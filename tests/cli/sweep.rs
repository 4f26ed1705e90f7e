//! `sweep`: rule sets side by side on one seed, every rule set checked before any runs.

use crate::common::{ok, read};

fn text(path: impl AsRef<std::path::Path>) -> String {
    String::from_utf8(read(path)).unwrap()
}

#[test]
fn the_sequences_penalty_sweep_prints_each_rule_sets_exact_race() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let out = ok(
        d,
        &[
            "sweep",
            "sequences",
            "--rule",
            "wipe_ones=3,4,5,off",
            "-n",
            "2000",
            "-q",
            "--out",
            "s",
        ],
    );
    // One row per rule set, in the order given, with the exact casts to reach 100.
    let rows: Vec<&str> = out.lines().skip(4).take(4).collect();
    for (row, (value, turns)) in rows.iter().zip([
        ("3", "47.9630"),
        ("4", "25.3060"),
        ("5", "23.2264"),
        ("off", "23.0688"),
    ]) {
        assert!(
            row.starts_with(value) && row.ends_with(turns),
            "{row}\n{out}"
        );
    }
    assert!(out.contains("| 4 rule sets"), "{out}");
    let csv = text(d.join("s/sweep.csv"));
    // Five metrics per rule set under a header.
    assert_eq!(csv.lines().count(), 1 + 4 * 5, "{csv}");
    for chart in [
        "turns_to_target.svg",
        "points_per_cast.svg",
        "p_cast_penalty.svg",
    ] {
        assert!(d.join("s").join(chart).is_file(), "{chart}");
    }
}

#[test]
fn every_rule_set_runs_on_the_same_seed_as_a_lone_simulate() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let common = ["-n", "3000", "--seed", "11", "-q"];
    let mut sweep = vec!["sweep", "hearts-due", "--rule", "run_1=0,5", "--out", "s"];
    sweep.extend(common);
    ok(d, &sweep);
    let mut single = vec![
        "simulate",
        "hearts-due",
        "--rule",
        "run_1=0",
        "--out",
        "one",
    ];
    single.extend(common);
    ok(d, &single);
    // The simulated figures of run_1=0 in the sweep are those of the lone run.
    let lone = text(d.join("one/summary.csv"));
    let swept = text(d.join("s/sweep.csv"));
    let mean_of = |csv: &str, rules: &str, metric: &str, col: usize| -> String {
        csv.lines()
            .find(|l| l.contains(rules) && l.contains(&format!(",{metric},")))
            .unwrap_or_else(|| panic!("{metric} in {csv}"))
            .split(',')
            .nth(col)
            .unwrap()
            .to_string()
    };
    // summary.csv: game,rules,policy,metric,n,mean; sweep.csv: game,run_1,rules,policy,metric,n,mean
    assert_eq!(
        mean_of(&lone, "run_1=0", "turns_to_target", 5),
        mean_of(&swept, "run_1=0", "turns_to_target", 6)
    );
}

#[test]
fn a_sweep_is_the_same_on_one_thread_or_two() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for (threads, out) in [("1", "a"), ("2", "b")] {
        ok(
            d,
            &[
                "sweep",
                "sevens",
                "--rule",
                "dice=4,6",
                "--rule",
                "removal=pairs,subsets",
                "--players",
                "2",
                "-n",
                "3000",
                "--threads",
                threads,
                "-q",
                "--out",
                out,
            ],
        );
    }
    assert_eq!(read(d.join("a/sweep.csv")), read(d.join("b/sweep.csv")));
    // Two keys of two values: four rule sets, the last key varying fastest.
    let csv = text(d.join("a/sweep.csv"));
    let firsts: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| &l[..l.find(",players").unwrap()])
        .collect();
    let mut order = firsts.clone();
    order.dedup();
    assert_eq!(
        order,
        [
            "sevens,4,pairs",
            "sevens,4,subsets",
            "sevens,6,pairs",
            "sevens,6,subsets"
        ]
    );
}

bad_input! {
    sweep_without_a_list_is_refused: ["sweep", "sequences", "--rule", "wipe_ones=3", "--out", "o"]
        => "sweep: expected a --rule KEY=V1,V2,... with two or more values";
    sweep_of_too_many_rule_sets_is_refused: ["sweep", "sequences", "--rule", "run_2=1,2,3,4,5,6,7,8,9",
        "--rule", "run_3=1,2,3,4,5,6,7,8", "--out", "o"]
        => "sweep: 9 x 8 rule sets (run_2 x run_3); at most 64";
    sweep_with_an_empty_value_is_refused: ["sweep", "sequences", "--rule", "wipe_ones=3,,4", "--out", "o"]
        => "--rule 'wipe_ones=3,,4': an empty value";
    sweep_with_a_key_twice_is_refused: ["sweep", "sequences", "--rule", "wipe_ones=3,4", "--rule", "wipe_ones=5", "--out", "o"]
        => "wipe_ones is given twice";
    sweep_of_one_rule_set_twice_is_refused: ["sweep", "sequences", "--rule", "wipe_ones=4,04", "--out", "o"]
        => "sweep: wipe_ones=04 and wipe_ones=4 are the same rules";
    sweep_with_a_bad_value_names_its_rule_set: ["sweep", "sequences", "--rule", "wipe_ones=3,9", "--out", "o"]
        => "sweep wipe_ones=9: rule option wipe_ones for sequences: expected a whole number from 1 to 6, or off, found '9'";
    sweep_with_an_endless_rule_set_is_refused_before_any_run: ["sweep", "sequences", "--rule", "wipe_ones=4,1", "--out", "o"]
        => "sweep wipe_ones=1: rule options: reaching target 100 takes";
    sweep_with_an_unknown_key_is_refused: ["sweep", "sevens", "--rule", "sevens=6,7", "--out", "o"]
        => "unknown rule option 'sevens' for sevens";
}

/// The rows of sweep.csv as maps of column to cell.
fn sweep_rows(path: impl AsRef<std::path::Path>) -> Vec<std::collections::HashMap<String, String>> {
    let text = text(path);
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    lines
        .map(|l| {
            header
                .iter()
                .cloned()
                .zip(l.split(',').map(String::from))
                .collect()
        })
        .collect()
}

#[test]
fn a_metric_only_some_rule_sets_report_gets_its_own_column_with_empty_cells() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // Play-offs add a metric: a later rule set with fewer metrics panicked after all the work,
    // and the other order dropped the column.
    for (order, out) in [("playoff,shared", "a"), ("shared,playoff", "b")] {
        let rule = format!("tie={order}");
        let args = [
            "sweep",
            "sevens",
            "--players",
            "2",
            "--rule",
            &rule,
            "-n",
            "1000",
            "-q",
            "--out",
            out,
        ];
        let printed = ok(d, &args);
        let header = printed.lines().nth(3).unwrap();
        assert!(header.contains("playoff_rounds"), "{printed}");
        assert!(d.join(out).join("playoff_rounds.svg").exists());
        let rows = sweep_rows(d.join(out).join("sweep.csv"));
        assert!(
            rows.iter()
                .any(|r| r["tie"] == "playoff" && r["metric"] == "playoff_rounds")
        );
        assert!(
            !rows
                .iter()
                .any(|r| r["tie"] == "shared" && r["metric"] == "playoff_rounds")
        );
    }
}

#[test]
fn a_metric_named_by_its_rule_value_is_never_one_column_of_different_things() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let printed = ok(
        d,
        &[
            "sweep",
            "solitaire-dice",
            "--rule",
            "win=500,0",
            "-n",
            "200",
            "-q",
        ],
    );
    let header = printed.lines().nth(3).unwrap();
    assert!(
        header.contains("p_score_500") && header.contains("p_score_0"),
        "{printed}"
    );
}

#[test]
fn rule_sets_differing_only_in_their_play_offs_see_the_same_games() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // A play-off drew from the chunk's stream, so every later game of the chunk saw other
    // dice: the tied finishes, counted before any play-off, differed (0.0121 against 0.01195).
    for game in ["sequences", "sevens"] {
        let out = format!("{game}-ties");
        ok(
            d,
            &[
                "sweep",
                game,
                "--players",
                "2",
                "--rule",
                "tie=shared,playoff",
                "-n",
                "20000",
                "-q",
                "--seed",
                "3",
                "--out",
                &out,
            ],
        );
        let rows = sweep_rows(d.join(&out).join("sweep.csv"));
        let tied: Vec<&String> = rows
            .iter()
            .filter(|r| r["metric"] == "p_tied_finish")
            .map(|r| &r["mean"])
            .collect();
        assert_eq!(tied.len(), 2, "{game}");
        assert_eq!(tied[0], tied[1], "{game}: tied finishes differ");
    }
}
