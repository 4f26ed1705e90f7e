//! `dicelab review`: records from `simulate --record` reviewed with luck and skill adding up,
//! `win` losing nothing; the hand-typed game of docs/review.md reviewed as the page says; bad
//! records refused with their line and column.

use std::path::Path;

use crate::common::{fails, ok, read};

/// The review of `record` (a file in `d`) as JSON.
fn reviewed(d: &Path, record: &str) -> serde_json::Value {
    serde_json::from_str(&ok(d, &["review", record, "--format", "json"])).unwrap()
}

/// Every player of every game: the accounts add up to the result within 1e-9. Returns each
/// policy's cost summed over the games.
fn accounts_add_up(review: &serde_json::Value) -> std::collections::BTreeMap<String, f64> {
    let mut cost = std::collections::BTreeMap::new();
    for game in review["games"].as_array().unwrap() {
        for (seat, p) in game["seats"]
            .as_array()
            .unwrap()
            .iter()
            .zip(game["players"].as_array().unwrap())
        {
            let f = |k: &str| p[k].as_f64().unwrap();
            let gap = f("start") + f("luck") - f("cost") + f("gifts") - f("result");
            assert!(gap.abs() < 1e-9, "{p}");
            let policy = seat
                .as_str()
                .unwrap()
                .split('(')
                .nth(1)
                .unwrap()
                .trim_end_matches(')');
            *cost.entry(policy.to_string()).or_insert(0.0) += f("cost");
        }
    }
    cost
}

#[test]
fn two_players_recorded_and_reviewed_add_up_and_win_loses_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &[
            "simulate",
            "sevens",
            "--players",
            "2",
            "--policy",
            "win",
            "--policy",
            "rolls:1",
            "-n",
            "1000",
            "--record",
            "g.txt",
            "-q",
        ],
    );
    let review = reviewed(d, "g.txt");
    assert_eq!(review["games"].as_array().unwrap().len(), 1000);
    let cost = accounts_add_up(&review);
    assert_eq!(cost["win"], 0.0);
    assert!(cost["rolls:1"] > 0.0, "{cost:?}");
}

/// Under `removal=subsets` a throw's kept dice are a choice: the record writes the policy's
/// (`keep`), and the review values it as the policy made it, so `win` still loses nothing.
#[test]
fn under_subsets_the_dice_kept_are_recorded_and_win_still_loses_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &[
            "simulate",
            "sevens",
            "--rule",
            "removal=subsets",
            "--players",
            "2",
            "--policy",
            "win",
            "--policy",
            "threshold:15,10",
            "-n",
            "200",
            "--record",
            "g.txt",
            "-q",
        ],
    );
    let record = String::from_utf8(crate::common::read(d.join("g.txt"))).unwrap();
    assert!(record.contains(" keep "), "{record}");
    let cost = accounts_add_up(&reviewed(d, "g.txt"));
    assert_eq!(cost["win"], 0.0);
    assert!(cost["threshold:15,10"] > 0.0, "{cost:?}");
}

#[test]
fn three_players_recorded_and_reviewed_add_up() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &[
            "simulate",
            "sevens",
            "--players",
            "3",
            "--policy",
            "win",
            "--policy",
            "rolls:1",
            "--policy",
            "threshold:15,10",
            "--rule",
            "rounds=4",
            "-n",
            "60",
            "--record",
            "g.txt",
            "-q",
        ],
    );
    let cost = accounts_add_up(&reviewed(d, "g.txt"));
    assert!(cost["rolls:1"] > 0.0, "{cost:?}");
}

#[test]
fn a_record_is_the_same_for_any_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for threads in ["1", "2"] {
        ok(
            d,
            &[
                "simulate",
                "sevens",
                "--players",
                "2",
                "-n",
                "300",
                "--threads",
                threads,
                "--record",
                &format!("g{threads}.txt"),
                "-q",
            ],
        );
    }
    assert_eq!(read(d.join("g1.txt")), read(d.join("g2.txt")));
}

#[test]
fn a_sequences_game_recorded_and_reviewed_adds_up_by_luck_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for threads in ["1", "2"] {
        let file = format!("g{threads}.txt");
        let args = [
            "simulate",
            "sequences",
            "--players",
            "3",
            "--rule",
            "tie=playoff",
            "-n",
            "300",
            "--threads",
            threads,
            "--record",
            &file,
            "-q",
        ];
        ok(d, &args);
    }
    assert_eq!(read(d.join("g1.txt")), read(d.join("g2.txt")));
    let review = reviewed(d, "g1.txt");
    assert_eq!(review["games"].as_array().unwrap().len(), 300);
    let cost = accounts_add_up(&review);
    assert_eq!(cost["forced"], 0.0);
    for game in review["games"].as_array().unwrap() {
        let won = game["players"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["result"] == 1.0)
            .count();
        assert_eq!(won, 1, "a play-off leaves one winner");
    }
}

#[test]
fn a_solitaire_dice_game_recorded_and_reviewed_is_estimated_in_points() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for threads in ["1", "2"] {
        let file = format!("g{threads}.txt");
        let args = [
            "simulate",
            "solitaire-dice",
            "--policy",
            "greedy",
            "--policy",
            "best",
            "-n",
            "2",
            "--threads",
            threads,
            "--record",
            &file,
            "-q",
        ];
        ok(d, &args);
    }
    assert_eq!(read(d.join("g1.txt")), read(d.join("g2.txt")));
    let review = |threads: &str| {
        ok(
            d,
            &[
                "review",
                "g1.txt",
                "--format",
                "json",
                "-n",
                "8",
                "--threads",
                threads,
            ],
        )
    };
    let json = review("1");
    // The same seed gives the same review, byte for byte, whatever the threads.
    assert_eq!(json, review("2"));
    let review: serde_json::Value = serde_json::from_str(&json).unwrap();
    let games = review["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let mut cost = [0.0; 2];
    for game in games {
        assert_eq!(game["unit"], "points");
        assert!(game["estimated"].as_str().unwrap().contains("estimate"));
        for (seat, p) in game["players"].as_array().unwrap().iter().enumerate() {
            let f = |k: &str| p[k].as_f64().unwrap();
            let gap = f("start") + f("luck") - f("cost") + f("gifts") - f("result");
            assert!(gap.abs() < 1e-6, "{p}");
            assert_eq!(f("gifts"), 0.0);
            cost[seat] += f("cost");
        }
        // A decision is marked only where its loss's interval lies above 0.
        for m in game["moments"].as_array().unwrap() {
            if !m["mark"].is_null() {
                assert!(m["event"]["loss_ci95"][0].as_f64().unwrap() > 0.0, "{m}");
            }
        }
    }
    // Greedy gives away hundreds of points a game against what play-outs find.
    assert!(cost[0] > 200.0 && cost[0] > cost[1], "{cost:?}");
    let text = ok(d, &["review", "g1.txt", "-n", "8"]);
    assert!(
        text.contains("but estimated: every value is an estimate"),
        "{text}"
    );
    assert!(
        text.contains("by points: start is the expected final score"),
        "{text}"
    );
    // The drill puts the marked divisions again and shows each division's estimate.
    let out = with_input(d, &["g1.txt", "-n", "8", "--drill"], &"1\n".repeat(400));
    let shown = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("expected final score after each division (estimated):"),
        "{shown}"
    );
}

/// Ctrl-C during a long review by play-outs stops it between two games, with one line, exit
/// 130, and no --out folder left behind.
#[test]
fn ctrl_c_stops_a_long_solitaire_review_between_games_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &[
            "simulate",
            "solitaire-dice",
            "-n",
            "40",
            "--record",
            "g.txt",
            "-q",
        ],
    );
    let args = ["review", "g.txt", "--out", "r", "-q"];
    let out = crate::common::interrupted(d, &args, std::time::Duration::from_millis(1500));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(" of 40 units of its run"), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(!d.join("r").exists());
}

/// The first `text` block of docs/review.md under `heading`, and the page.
fn typed_under(heading: &str) -> (String, String) {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/review.md")).unwrap();
    let block = &page[page.find(heading).unwrap()..];
    let start = block.find("```text\n").unwrap() + "```text\n".len();
    let end = start + block[start..].find("```").unwrap();
    (block[start..end].to_string(), page)
}

#[test]
fn the_solitaire_dice_game_in_the_docs_reviews_as_the_page_says() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let (record, page) = typed_under("## Solitaire Dice: estimated values");
    std::fs::write(d.join("cleo.txt"), record).unwrap();
    let text = ok(d, &["review", "cleo.txt"]);
    let quoted: Vec<&str> = text
        .lines()
        .filter(|l| {
            l.starts_with("estimated: ")
                || l.starts_with("  Cleo ")
                || l.starts_with("  round 1, Cleo")
        })
        .collect();
    assert_eq!(quoted.len(), 3, "{text}");
    for line in quoted {
        assert!(page.contains(line), "docs/review.md lacks {line:?}");
    }
}

/// The record typed by hand in docs/review.md, the first `text` block under its heading.
fn kitchen_table() -> String {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/review.md")).unwrap();
    let from = page.find("## A game typed by hand").unwrap();
    let block = &page[from..];
    let start = block.find("```text\n").unwrap() + "```text\n".len();
    let end = start + block[start..].find("```").unwrap();
    block[start..end].to_string()
}

#[test]
fn the_game_typed_by_hand_in_the_docs_reviews_as_the_page_says() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("kitchen.txt"), kitchen_table()).unwrap();
    let text = ok(d, &["review", "kitchen.txt"]);
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/review.md")).unwrap();
    // The accounts and the marked decisions the page quotes are what the review prints.
    for line in text.lines().filter(|l| {
        l.starts_with("  Ann ") || l.starts_with("  Bob ") || l.starts_with("  round 2, Bob")
    }) {
        assert!(page.contains(line), "docs/review.md lacks {line:?}");
    }
    let review = reviewed(d, "kitchen.txt");
    accounts_add_up_people(&review);
    ok(d, &["review", "kitchen.txt", "--out", "r", "-q"]);
    for file in [
        "players.csv",
        "decisions.csv",
        "throws.csv",
        "game-1-chance.svg",
    ] {
        assert!(d.join("r").join(file).is_file(), "{file}");
    }
    // The chart draws a line a player, named as the review names them.
    let svg = String::from_utf8(read(d.join("r/game-1-chance.svg"))).unwrap();
    assert!(
        svg.contains("<svg") && svg.contains("Ann") && svg.contains("Bob"),
        "{svg}"
    );
    let decisions = String::from_utf8(read(d.join("r/decisions.csv"))).unwrap();
    // Bob's ?? decision, with the reason in words beside its mark.
    assert!(
        decisions.contains(",??,\"roll 2 dice again wins 53.7% of games"),
        "{decisions}"
    );
}

/// The kitchen game cut after round 5 is a game at half time: `"finished": false`, where it
/// stops, each result the chance to win there (the whole game's chance before Bob's first
/// throw of round 6), the accounts adding up to it; and the text says so in words.
#[test]
fn the_kitchen_game_cut_after_round_5_is_reviewed_as_the_game_so_far() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let whole = kitchen_table();
    let cut: String = whole
        .lines()
        .take_while(|l| *l != "round 6")
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(d.join("kitchen.txt"), &whole).unwrap();
    std::fs::write(d.join("half.txt"), &cut).unwrap();
    let all = reviewed(d, "kitchen.txt");
    let half = reviewed(d, "half.txt");
    let (all, half) = (&all["games"][0], &half["games"][0]);
    assert_eq!(all["finished"], true);
    assert_eq!(half["finished"], false);
    assert_eq!(half["stops"], "after round 5 of 10");
    for p in half["players"].as_array().unwrap() {
        let f = |k: &str| p[k].as_f64().unwrap();
        let gap = f("start") + f("luck") - f("cost") + f("gifts") - f("result");
        assert!(gap.abs() < 1e-9, "{p}");
    }
    // Round 6 opens with Bob's throw: each chance before it is where the half game stands.
    let next = all["moments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["round"] == "round 6")
        .unwrap();
    for seat in 0..2 {
        let result = half["players"][seat]["result"].as_f64().unwrap();
        let before = next["event"]["before"][seat].as_f64().unwrap();
        assert!((result - before).abs() < 1e-12, "{result} {before}");
    }
    assert_eq!(half["players"][0]["shown"]["result"], "87.03%");
    let text = ok(d, &["review", "half.txt"]);
    assert!(
        text.contains(
            "not finished: the record stops after round 5 of 10; each result is the chance to \
             win from there"
        ),
        "{text}"
    );
    // docs/review.md quotes the accounts as printed.
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/review.md")).unwrap();
    for line in text.lines().take(7) {
        assert!(page.contains(line), "docs/review.md lacks {line:?}");
    }
    assert!(
        text.contains("  Ann       50.06%   +29.08 pp     0.00 pp    +7.89 pp  87.03%"),
        "{text}"
    );
}

/// Runs `dicelab review ARGS` in `dir` with `input` on its stdin.
fn with_input(dir: &Path, args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .arg("review")
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

#[test]
fn the_drill_puts_each_marked_decision_again_and_shows_the_values_after_the_answer() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("kitchen.txt"), kitchen_table()).unwrap();
    // Bob's stop with 2 in round 2 is the game's one decision marked ? or ??.
    let out = with_input(d, &["kitchen.txt", "--drill"], "roll\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("position 1 of 1: game 1, round 2, Bob, throw 1 (line 10)"),
        "{text}"
    );
    // The values come after the answer, never before it.
    let asked = text.find("your choice").unwrap();
    assert!(
        text.find("chance to win after each action").unwrap() > asked,
        "{text}"
    );
    assert!(text.contains("roll 2 dice again: the best"), "{text}");
    assert!(text.contains("drill: the best found 1 of 1 time"), "{text}");
    // One position, one reason after its values.
    assert_eq!(text.matches("  why: ").count(), 1, "{text}");
    let out = with_input(d, &["kitchen.txt", "--drill"], "x\nstop\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("'x' is not one of the choices"), "{text}");
    assert!(
        text.contains("stop with 2: loses 5.65 pp against the best, roll 2 dice again"),
        "{text}"
    );
    assert!(text.contains("drill: the best found 0 of 1 time"), "{text}");
    // The input ending before the drill does is said in one line, exit code 3, as in `play`.
    let out = with_input(d, &["kitchen.txt", "--drill"], "");
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("before the drill did"));
    fails(
        d,
        &["review", "kitchen.txt", "--drill", "--format", "json"],
        2,
        "--drill",
    );
}

/// The accounts of a game of people add up too.
fn accounts_add_up_people(review: &serde_json::Value) {
    for p in review["games"][0]["players"].as_array().unwrap() {
        assert!(p["residual"].as_f64().unwrap().abs() < 1e-9, "{p}");
    }
}

#[test]
fn a_wrong_record_is_refused_with_its_line_and_column() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let head = "dicelab record 1\ngame sevens\nseat 1 person Ann\nseat 2 person Bob\nround 1\n";
    let cases = [
        (format!("{head}Bob: 666666\n"), "record bad.txt: line 6, column 1: it is Ann's turn here"),
        (format!("{head}Ann: 6 6 6 6 6 9\n"), "line 6, column 16: `9` is no die"),
        (format!("{head}Ann: 6 6 6 6 6\n"), "line 6, column 6: this throw rolls 6 dice, and 5 are typed"),
        ("hello\n".to_string(), "line 1, column 1: a record opens with `dicelab record 1`"),
        (
            "dicelab record 1\ngame sevens\nseat 1 person A\nseat 2 person B\nseat 3 person C\nseat 4 person D\n".to_string(),
            "needs two or three seats",
        ),
        ("dicelab record 1\ngame farkle\nseat 1 person A\nseat 2 person B\n".to_string(), "`farkle`: a review is offered for sequences, hearts-due, sevens (two or three players), solitaire-dice and sieben"),
        (
            "dicelab record 1\ngame sieben\nseat 1 person A\nseat 2 person B\nround 1\ndeal A: 1 2 3 4 5 6 7\ndeal B: 1 1 1 1 1 1 1\nA: 8\n".to_string(),
            "line 8, column 4: `8` is no card",
        ),
        (
            "dicelab record 1\ngame sieben\nseat 1 person A\nround 1\n".to_string(),
            "sieben takes 2 to 7 players",
        ),
        (format!("{head}Ann: 6 6 6 6 6 6\nround 2\n"), "line 6, column 1: round 1 has 2 turns"),
        (format!("{head}Ann: 6 1 5 2 4 3 /\n"), "line 6, column 6: the turn ends with this throw, so it cannot go on"),
        (
            "dicelab record 1\ngame sieben\nseat 1 person A\nseat 2 person B\n".to_string(),
            "line 2, column 1: the record stops before the game ends: round 1 is still to play (a game of 7 is reviewed whole",
        ),
        (
            "dicelab record 1\ngame solitaire-dice\nseat 1 person A\nround 1\nA: 6 5 3 4 2 pairs 6+5 4+4\n".to_string(),
            "line 5, column 14: the pairs use a 4 the roll does not show",
        ),
        (
            "dicelab record 1\ngame solitaire-dice\nseat 1 person A\nround 1\nA: 6 5 3 4 2 keep 6 5\n".to_string(),
            "line 5, column 4: a roll is divided into pairs",
        ),
        (format!("{head}Ann: 6 6 6 6 6 6 pairs 6+6 6+6\n"), "line 6, column 18: a Sevens throw is not divided into pairs"),
    ];
    for (text, expected) in cases {
        std::fs::write(d.join("bad.txt"), &text).unwrap();
        fails(d, &["review", "bad.txt"], 2, expected);
    }
}

io_failure! {
    review_a_missing_record: ["review", "nowhere.txt"] => "record nowhere.txt: cannot read it";
}

bad_input! {
    record_with_a_shard: ["simulate", "sevens", "--players", "2", "--shard", "1/2", "--out", "o", "--record", "g.txt"] => "--record with --shard";
    record_of_single_turns: ["simulate", "sevens", "--record", "g.txt"] => "--record: a record holds whole games";
    record_of_a_game_without_records: ["simulate", "hearts-due", "--players", "1", "--record", "g.txt"] => "--record: a record holds whole games";
    record_of_sieben_alone: ["simulate", "sieben", "--record", "g.txt"] => "sieben";
    record_of_a_house_rule_of_solitaire_dice: ["simulate", "solitaire-dice", "--rule", "dice=7", "--record", "g.txt"] => "--record: solitaire-dice records games under the text's rules only";
    review_with_no_playouts: ["review", "g.txt", "-n", "0"] => "--units <N>': expected at least 1 unit";
    record_of_a_lone_race: ["simulate", "sequences", "--record", "g.txt"] => "--record: a record holds whole games";
}

#[test]
fn a_game_of_7_recorded_and_reviewed_is_estimated_in_the_chance_to_win() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for threads in ["1", "2"] {
        let file = format!("g{threads}.txt");
        let args = [
            "simulate",
            "sieben",
            "--players",
            "2",
            "--policy",
            "seven-first",
            "--policy",
            "random",
            "-n",
            "2",
            "--threads",
            threads,
            "--record",
            &file,
            "-q",
        ];
        ok(d, &args);
    }
    assert_eq!(read(d.join("g1.txt")), read(d.join("g2.txt")));
    let review = |threads: &str| {
        ok(
            d,
            &[
                "review",
                "g1.txt",
                "--format",
                "json",
                "-n",
                "200",
                "--threads",
                threads,
            ],
        )
    };
    let json = review("1");
    // The same seed gives the same review, byte for byte, whatever the threads.
    assert_eq!(json, review("2"));
    let review: serde_json::Value = serde_json::from_str(&json).unwrap();
    let games = review["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let mut cost = std::collections::BTreeMap::new();
    for game in games {
        assert_eq!(game["unit"], "chance");
        assert!(game["estimated"].as_str().unwrap().contains("guesses"));
        for p in game["players"].as_array().unwrap() {
            let f = |k: &str| p[k].as_f64().unwrap();
            let gap = f("start") + f("luck") - f("cost") + f("gifts") - f("result");
            assert!(gap.abs() < 1e-9, "{p}");
            assert_eq!(f("gifts"), 0.0);
            let policy = p["name"].as_str().unwrap().contains("random");
            *cost.entry(policy).or_insert(0.0) += f("cost");
        }
        for m in game["moments"].as_array().unwrap() {
            if !m["mark"].is_null() {
                assert!(m["event"]["loss_ci95"][0].as_f64().unwrap() > 0.0, "{m}");
            }
        }
    }
    // Random play gives away more of its chance than seven-first does.
    assert!(cost[&true] > cost[&false] + 0.2, "{cost:?}");
    let text = ok(d, &["review", "g1.txt", "-n", "200"]);
    assert!(
        text.contains("7, estimated: each decision is valued"),
        "{text}"
    );
    assert!(text.contains("of the chance to win"), "{text}");
    // The drill works from a pipe and shows each play's estimate.
    let out = with_input(d, &["g1.txt", "-n", "200", "--drill"], &"1\n".repeat(400));
    let shown = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("chance to win after each play (estimated):"),
        "{shown}"
    );
    // A record with a wrong draw is refused at its line and column, before any valuing.
    let text = String::from_utf8(read(d.join("g1.txt"))).unwrap();
    let line = text
        .lines()
        .position(|l| l.starts_with("1: ") && l.contains(" draw "))
        .unwrap();
    let wrong: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == line {
                format!("{} 9", l.rsplit_once(' ').unwrap().0)
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(d.join("wrong.txt"), wrong.join("\n")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .args(["review", "wrong.txt"])
        .current_dir(d)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("record wrong.txt: line {}, column", line + 1))
            && stderr.contains("`draw` needs the card drawn, 1 to 7"),
        "{stderr}"
    );
}

#[test]
fn the_game_of_7_in_the_docs_reviews_as_the_page_says() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let (record, page) = typed_under("## 7 (`sieben`)");
    std::fs::write(d.join("lesson.txt"), record).unwrap();
    let text = ok(d, &["review", "lesson.txt"]);
    let quoted: Vec<&str> = text
        .lines()
        .filter(|l| {
            l.starts_with("game 1 of 1: sieben")
                || l.starts_with("estimated: ")
                || l.starts_with("  Dana ")
                || l.starts_with("  Eli ")
                || l.starts_with("  Fay ")
                || l.starts_with("  round 2, Fay, play 3")
        })
        .collect();
    assert_eq!(quoted.len(), 6, "{text}");
    for line in quoted {
        assert!(page.contains(line), "docs/review.md lacks {line:?}");
    }
}
