//! `solve`: Sevens' optimal policy table replays the optimal policy; games without an exact
//! solver and bad rules are refused.

use crate::common::{ok, read};
use std::fs;
use std::path::Path;

#[test]
fn the_policy_map_is_drawn_only_where_there_is_a_decision() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(d, &["solve", "sevens", "--out", "three"]);
    let map = String::from_utf8(read(d.join("three/optimal_policy.svg"))).unwrap();
    assert!(map.contains("cannot happen") && map.contains("after roll 2 of 3"));
    // One roll leaves nothing to decide: no empty map, but the policy table is still written.
    ok(
        d,
        &["solve", "sevens", "--rule", "max_rolls=1", "--out", "one"],
    );
    assert!(!d.join("one/optimal_policy.svg").exists());
    assert!(d.join("one/optimal_policy.csv").exists());
}

#[test]
fn solve_writes_a_policy_table_that_replays_the_optimal_policy() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for removal in ["removal=pairs", "removal=subsets"] {
        let stdout = ok(d, &["solve", "sevens", "--rule", removal, "--out", "s"]);
        assert!(stdout.contains("solved in"), "{stdout}");
        assert!(
            stdout.contains("The leader's dilemma (2 players"),
            "{stdout}"
        );
        let table = "table:s/optimal_policy.csv";
        let run = |policy: &str, out: &str| {
            ok(
                d,
                &[
                    "simulate", "sevens", "--rule", removal, "--policy", policy, "-n", "100000",
                    "--seed", "4", "-q", "--out", out,
                ],
            );
            String::from_utf8(read(d.join(out).join("summary.csv"))).unwrap()
        };
        if removal == "removal=pairs" {
            // The shipped data/sevens-policy.csv is the default rules' optimal table, exactly
            // as solve writes it.
            let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/sevens-policy.csv");
            assert_eq!(read(&shipped), read(d.join("s/optimal_policy.csv")));
        }
        let optimal = run("optimal", "o");
        let replayed = run(table, "t");
        // Same dice, same decisions: identical rows but for the policy's name.
        assert_eq!(
            optimal.replace(",optimal,", &format!(",{table},")),
            replayed
        );
        // An edited table plays differently, and its exact value follows the edit: always stop
        // after the first roll.
        let csv = String::from_utf8(read(d.join("s/optimal_policy.csv"))).unwrap();
        let edited: String = csv
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                if f[1] == "1" {
                    format!("{},{},{},{},stop,{},{}", f[0], f[1], f[2], f[3], f[5], f[6])
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        fs::write(d.join("edited.csv"), edited).unwrap();
        let once = run("table:edited.csv", "e");
        let rolls1 = run("rolls:1", "r1");
        let exact = |summary: &str| -> String {
            summary
                .lines()
                .nth(1)
                .unwrap()
                .split(',')
                .nth(10)
                .unwrap()
                .to_string()
        };
        assert_eq!(exact(&once), exact(&rolls1), "{once}\n{rolls1}");
    }
}

bad_input! {
    refuses_solitaire_dice_which_has_no_exact_solver:
        ["solve", "solitaire-dice"]
        => "no exact solver for Solitaire Dice";
    refuses_sequences_which_has_no_decision: ["solve", "sequences"] => "no decision to solve";
    refuses_sieben_which_has_no_exact_solver: ["solve", "sieben"] => "no exact solver for 7";
    refuses_zero_sevens_rounds: ["solve", "sevens", "--rule", "rounds=0"] => "rounds";
}
