//! `solve`: Sevens' optimal policy table replays the optimal policy; games without an exact
//! solver and bad rules are refused.

use crate::common::{ok, read, short_hash};
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
        let written = String::from_utf8(read(d.join("s/optimal_policy.csv"))).unwrap();
        // Its provenance: the version that made it and the rules it was solved under.
        let mut lines = written.lines();
        assert_eq!(
            lines.next().unwrap(),
            format!(
                "# made by: dicelab {} (dicelab solve sevens)",
                env!("CARGO_PKG_VERSION")
            )
        );
        assert_eq!(
            lines.next().unwrap(),
            format!(
                "# rules: {removal};max_rolls=3;follower_limit=leader;rounds=10;first_player=rotate;tie=playoff"
            )
        );
        if removal == "removal=pairs" {
            // The shipped data/sevens-policy.csv is the default rules' optimal table, exactly
            // as solve writes it but for the version in its first line.
            let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/sevens-policy.csv");
            let shipped = String::from_utf8(read(&shipped)).unwrap();
            let but_version = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
            assert!(shipped.starts_with("# made by: dicelab "), "{shipped}");
            assert_eq!(but_version(&shipped), but_version(&written));
        }
        let optimal = run("optimal", "o");
        let replayed = run(table, "t");
        // Same dice, same decisions: identical rows but for the policy's name, which names the
        // table by its content too.
        let named = format!("{table}@{}", short_hash(d.join("s/optimal_policy.csv")));
        assert_eq!(
            optimal.replace(",optimal,", &format!(",{named},")),
            replayed
        );
        // An edited table plays differently, and its exact value follows the edit: always stop
        // after the first roll.
        let csv = String::from_utf8(read(d.join("s/optimal_policy.csv"))).unwrap();
        let edited: String = csv
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                if f.len() == 7 && f[1] == "1" {
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

/// Solitaire Dice cannot be solved, but an upper bound on every player's mean can: each row's
/// game solved alone (1,876), and three groups of rows solved together with a price on marks
/// (609, where the best player averages about 291), row by row and group by group in
/// upper_bound.csv.
#[test]
fn solve_solitaire_dice_bounds_every_players_mean() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(d, &["solve", "solitaire-dice", "--out", "b"]);
    assert!(
        stdout
            .starts_with("solitaire-dice | players=1 | an upper bound on any player's mean score"),
        "{stdout}"
    );
    assert!(stdout.contains("\nall    1875.95  "), "{stdout}");
    let bound: f64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("No player of Solitaire Dice averages more than "))
        .and_then(|l| l.strip_suffix(" points a game."))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(bound, 609.0, "{stdout}");
    assert!(stdout.contains("\n2-5  "), "{stdout}");
    let csv = String::from_utf8(read(d.join("b/upper_bound.csv"))).unwrap();
    assert!(
        csv.starts_with("relaxation,rows,value,most_possible\nalone,2,"),
        "{csv}"
    );
    assert!(csv.contains("\ngrouped,6-8,"), "{csv}");
    assert_eq!(csv.lines().count(), 1 + 12 + 4);
}

/// Two players: the whole game solved, with the exact odds of every pairing of the main
/// policies in both seatings and the strategy of `win` as a table and two charts.
#[test]
fn solve_sevens_for_two_players_writes_the_odds_of_every_pairing() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(d, &["solve", "sevens", "--players", "2", "--out", "g"]);
    assert!(
        stdout.contains("The whole game (10 rounds, two players; exact)"),
        "{stdout}"
    );
    assert!(stdout.contains("both playing to win, seat 1"), "{stdout}");
    let csv = String::from_utf8(read(d.join("g/game_odds.csv"))).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "rules,seat_1,seat_2,p_seat_1_wins,p_seat_2_wins,p_tie_before_playoff,total_seat_1,total_seat_2"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 25);
    let p = |a: &str, b: &str| -> f64 {
        let row = rows.iter().find(|r| r[1] == a && r[2] == b).unwrap();
        let (p1, p2): (f64, f64) = (row[3].parse().unwrap(), row[4].parse().unwrap());
        assert!((p1 + p2 - 1.0).abs() < 1e-9, "{row:?}");
        p1
    };
    // Playing to win beats optimal from either seat; rolls:1 against itself is a fair coin.
    assert!(p("win", "optimal") > p("optimal", "optimal"));
    assert!(p("optimal", "win") < p("optimal", "optimal"));
    assert!((p("rolls:1", "rolls:1") - 0.5).abs() < 1e-12);
    let strategy = String::from_utf8(read(d.join("g/win_strategy.csv"))).unwrap();
    assert!(strategy.starts_with(
        "role,rounds_left,difference,after_roll,dice,roll_again_below
"
    ));
    for chart in [
        "win_strategy_leader.svg",
        "win_strategy_follower.svg",
        "win_map_leader.svg",
        "win_map_follower.svg",
    ] {
        assert!(d.join("g").join(chart).is_file(), "{chart}");
    }
}

/// `solve sevens --players 3` solves the whole three-player game: each seat's chance under
/// play to win, printed and in `game_odds.csv`, adding up to 1 under a play-off.
#[test]
fn solve_three_players_prints_and_writes_each_seats_chance() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(
        d,
        &[
            "solve",
            "sevens",
            "--players",
            "3",
            "--rule",
            "rounds=2",
            "--out",
            "g",
        ],
    );
    assert!(
        stdout.contains("The whole game (2 rounds, three players; exact)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("all three playing to win, seat 1"),
        "{stdout}"
    );
    let odds = String::from_utf8(read(d.join("g/game_odds.csv"))).unwrap();
    let mut lines = odds.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(
        lines.next(),
        Some("rules,seat_1,seat_2,seat_3,p_seat_1_wins,p_seat_2_wins,p_seat_3_wins")
    );
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(&row[1..4], ["win", "win", "win"]);
    let p: Vec<f64> = row[4..].iter().map(|v| v.parse().unwrap()).collect();
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{row:?}");
    // Moving first is worth something, and no seat is far from a third.
    assert!(
        p[0] > 1.0 / 3.0 && p.iter().all(|v| (v - 1.0 / 3.0).abs() < 0.05),
        "{p:?}"
    );
}

/// With four players `win` plays the documented heuristic, and the report says so in its
/// heading and in run.json; with three it is exact and says nothing.
#[test]
fn win_for_four_players_says_it_is_a_heuristic() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let args = |players: &'static str, out: &'static str| {
        [
            "simulate",
            "sevens",
            "--players",
            players,
            "--policy",
            "win",
            "--rule",
            "rounds=2",
            "-n",
            "2000",
            "-q",
            "--out",
            out,
        ]
    };
    let stdout = ok(d, &args("4", "four"));
    let note =
        "win is a heuristic for 4 players: the two-player solution against the best other total";
    assert!(stdout.lines().next().unwrap().contains(note), "{stdout}");
    let about = String::from_utf8(read(d.join("four/run.json"))).unwrap();
    assert!(about.contains(note), "{about}");
    let stdout = ok(d, &args("3", "three"));
    assert!(!stdout.contains("heuristic"), "{stdout}");
}

bad_input! {
    refuses_a_three_player_game_over_the_memory_limit: ["simulate", "sevens", "--players", "3", "--policy", "win", "--rule", "rounds=60", "-n", "10"] => "three players and 60 rounds needs";
    refuses_win_for_single_turns: ["simulate", "sevens", "--policy", "win", "-n", "10"] => "a single turn has no game to win";
    refuses_a_whole_game_over_the_memory_limit: ["simulate", "sevens", "--players", "2", "--policy", "win", "--rule", "rounds=1000", "--rule", "max_rolls=12", "-n", "10"] => "more than the 4 GiB a solution may take";
    refuses_sequences_which_has_no_decision: ["solve", "sequences"] => "no decision to solve";
    refuses_sieben_which_has_no_exact_solver: ["solve", "sieben"] => "no exact solver for 7";
    refuses_zero_sevens_rounds: ["solve", "sevens", "--rule", "rounds=0"] => "rounds";
}

/// With one player (single turns) there is no follower: the dilemma is solved for two, and the
/// heading and the dilemma's rules column say players=2, not players=1.
#[test]
fn one_player_is_labelled_truthfully() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(d, &["solve", "sevens", "--players", "1", "--out", "s"]);
    assert!(
        stdout.starts_with("sevens | players=2;removal=pairs;"),
        "{stdout}"
    );
    assert!(!stdout.contains("players=1"), "{stdout}");
    assert!(
        stdout.contains(
            "The leader's dilemma (2 players, since a dilemma needs a follower; one round"
        ),
        "{stdout}"
    );
    let dilemma = String::from_utf8(read(d.join("s/leaders_dilemma.csv"))).unwrap();
    assert!(!dilemma.contains("players=1"), "{dilemma}");
    assert!(
        dilemma.lines().nth(1).unwrap().starts_with("players=2;"),
        "{dilemma}"
    );
    // The default, two players, reads as before.
    let two = ok(d, &["solve", "sevens"]);
    assert!(
        two.contains("The leader's dilemma (2 players, one round"),
        "{two}"
    );
}

/// Runs `dicelab args` in `dir` under an address-space limit of `kib` KiB (`ulimit -v`).
fn under_ulimit(dir: &Path, kib: u64, args: &str) -> std::process::Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {kib} && exec '{}' {args}",
            env!("CARGO_BIN_EXE_dicelab")
        ))
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn a_solve_past_the_address_space_limit_is_refused_in_one_line_not_aborted() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // Both aborted (SIGABRT, exit 134) after seconds of work under a 1 GB limit.
    for args in [
        "solve sevens --players 3 --rule rounds=20",
        "simulate sevens --players 2 --policy win --rule rounds=800 -n 10 -q",
    ] {
        let out = under_ulimit(d, 1_000_000, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args}: {stderr}");
        assert!(
            stderr.contains("to solve, but this process may take only")
                && stderr.contains("the address-space limit (ulimit -v)"),
            "{args}: {stderr}"
        );
    }
    // What fits still runs under the same limit.
    let out = under_ulimit(d, 1_000_000, "solve sevens --players 2 --rule rounds=20");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
