//! One `--format` on every command that prints results, the same values everywhere; `-q` taken
//! by every command; tables a rulebook can print (grids, `--digits`, the game and its rules above
//! every table); a sweep of a game of several players shows each seat's win rate.

use crate::common::{ok, read};

/// Every command that prints results, as a person would run it small.
const RESULTS: [&[&str]; 9] = [
    &["simulate", "sevens", "-n", "2000"],
    &[
        "compare", "sevens", "--policy", "optimal", "--policy", "rolls:1", "-n", "2000",
    ],
    &["table", "hearts-due"],
    &["solve", "sevens"],
    &["claims", "-n", "2000"],
    &[
        "sweep",
        "sequences",
        "--rule",
        "wipe_ones=3,4",
        "-n",
        "2000",
    ],
    &["decks", "sieben", "--players", "3", "-n", "200"],
    &[
        "advise", "sevens", "--roll", "1", "--dice", "2", "--sum", "5",
    ],
    &[
        "tune",
        "solitaire-dice",
        "--from",
        "heuristic",
        "--budget",
        "21",
        "-n",
        "20",
        "--out",
        "w.csv",
    ],
];

/// json is one document; csv and tsv open with a table's name and what it shares; md with a
/// heading; text with neither, on every command that prints results.
#[test]
fn every_command_that_prints_results_takes_the_same_formats() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for args in RESULTS {
        let with = |format: &str| ok(d, &[args, &["-q", "--format", format]].concat());
        let json = with("json");
        serde_json::from_str::<serde_json::Value>(&json)
            .unwrap_or_else(|e| panic!("{args:?}: not one JSON document ({e}): {json}"));
        let text = with("text");
        assert!(
            !text.starts_with('{') && !text.starts_with("# "),
            "{args:?}: {text}"
        );
        for (format, opening) in [("csv", "# "), ("tsv", "# "), ("md", "### ")] {
            let printed = with(format);
            assert!(
                printed.starts_with(opening),
                "{args:?} --format {format}: {printed}"
            );
            assert!(!printed.contains("wrote "), "{args:?}: {printed}");
        }
    }
}

/// The estimated advice as a table: each action's value with its interval's ends, what it
/// loses, and whether the play-outs tell it apart; an estimate of 0 stays a number.
#[test]
fn advise_prints_its_ranking_as_a_table_with_intervals_and_noise() {
    let tmp = tempfile::tempdir().unwrap();
    let md = ok(
        tmp.path(),
        &[
            "advise",
            "solitaire-dice",
            "--roll",
            "1 2 3 4 6",
            "--policy",
            "heuristic",
            "-n",
            "200",
            "--format",
            "md",
            "--percent",
        ],
    );
    assert!(
        md.starts_with("### actions\n\ngame: `solitaire-dice`  \n"),
        "{md}"
    );
    assert!(md.contains("roll: `1 2 3 4 6`"), "{md}");
    let header = md
        .lines()
        .find(|l| l.starts_with("| action |"))
        .unwrap_or_else(|| panic!("{md}"));
    for column in [
        "final_score_low",
        "p_win (%)",
        "loses_high",
        "told_apart",
        "playouts",
    ] {
        assert!(header.contains(column), "{header}");
    }
    assert!(md.contains("| best |"), "{md}");
    assert!(
        !md.contains('–'),
        "an estimate is never marked impossible: {md}"
    );
    let csv = ok(
        tmp.path(),
        &[
            "advise", "sevens", "--roll", "1", "--dice", "2", "--sum", "5", "--format", "csv",
        ],
    );
    assert!(csv.contains("action,"), "{csv}");
    assert!(
        !csv.contains("_low"),
        "exact values have no interval: {csv}"
    );
}

/// `-q` is taken by every command, before or after its name, given twice too.
#[test]
fn every_command_takes_q() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for args in [
        &["table", "-q", "sevens"][..],
        &["-q", "table", "sevens"],
        &["solve", "sevens", "-q", "-q"],
        &["rules", "sevens", "-q"],
        &["policies", "-q", "sieben"],
        &["data", "-q"],
        &["man", "-q"],
        &["completions", "bash", "-q"],
        &["simulate", "sevens", "-n", "100", "--quiet"],
    ] {
        ok(d, args);
    }
}

bad_input! {
    percent_without_a_table_format: ["table", "sevens", "--percent"]
        => "--percent: only with --format csv, tsv or md";
    digits_with_json: ["simulate", "sevens", "-n", "10", "--format", "json", "--digits", "2"]
        => "--digits: only with --format csv, tsv or md";
    digits_beyond_twelve: ["table", "sevens", "--format", "md", "--digits", "13"]
        => "--digits";
    json_and_a_table_format_at_once: ["advise", "sevens", "--roll", "1", "--dice", "2", "--sum", "5", "--json", "--format", "md"]
        => "--json";
    an_unknown_format: ["sweep", "sevens", "--rule", "rounds=1,2", "--format", "xml"]
        => "invalid value 'xml' for '--format <FORMAT>'";
}

/// A rulebook's table: Sevens' keep chances as a grid of dice kept by dice rolled, in percent
/// with one decimal, impossible cells marked and impossible rows left out, the game and its
/// rules above every table.
#[test]
fn markdown_tables_are_grids_with_the_game_above_each() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let md = ok(
        d,
        &[
            "table",
            "sevens",
            "--format",
            "md",
            "--percent",
            "--digits",
            "1",
        ],
    );
    assert!(
        md.contains(
            "### keep_chances: probability (%) by rolled and kept\n\n\
             game: `sevens`  \n"
        ),
        "{md}"
    );
    assert!(
        md.contains(
            "| rolled | kept=0 | kept=1 | kept=2 | kept=3 | kept=4 | kept=5 | kept=6 |\n\
             | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n\
             | 1 | – | 100.0 |  |  |  |  |  |\n"
        ),
        "{md}"
    );
    assert!(
        md.contains("| 4 | 6.9 | – | 57.4 | – | 35.6 |  |  |\n"),
        "{md}"
    );
    // Every table is headed by the game: as many game lines as headings.
    let headings = md.matches("\n### ").count() + 1;
    assert_eq!(md.matches("game: `sevens`").count(), headings, "{md}");
    // The follower's odds by score to beat and rolls: beating 36 cannot happen, and the row
    // is left out.
    let beat = md
        .split("### follower_odds: p_beat (%) by to_beat and rolls")
        .nth(1)
        .and_then(|rest| rest.split("\n### ").next())
        .unwrap_or_else(|| panic!("no grid of p_beat: {md}"));
    assert!(beat.contains("\n| 35 | "), "{beat}");
    assert!(!beat.contains("\n| 36 |"), "{beat}");
    // CSV keeps every cell a number, in the same grid.
    let csv = ok(d, &["table", "sevens", "--format", "csv"]);
    assert!(
        csv.contains(
            "rolled,kept=0,kept=1,kept=2,kept=3,kept=4,kept=5,kept=6\n1,0.000000,1.000000,,,,,\n"
        ),
        "{csv}"
    );
    // Hearts Due's race by turns, both readings of the wipe side by side.
    let md = ok(d, &["table", "hearts-due", "--format", "md", "--percent"]);
    assert!(
        md.contains("| turns | wipe_ones=4 | wipe_ones=off |"),
        "{md}"
    );
}

/// A designer sweeping a rule of a two-player game reads each seat's win rate in the table,
/// the same numbers `sweep.csv` holds.
#[test]
fn a_sweep_of_a_game_of_two_shows_each_seats_win_rate() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let text = ok(
        d,
        &[
            "sweep",
            "sequences",
            "--players",
            "2",
            "--rule",
            "wipe_ones=3,4",
            "-n",
            "4000",
            "-q",
            "--out",
            "s",
        ],
    );
    assert!(text.contains("each seat's win rate:"), "{text}");
    assert!(
        text.contains("wipe_ones  win_rate_seat_1  win_rate_seat_2"),
        "{text}"
    );
    let csv = String::from_utf8(read(d.join("s/sweep.csv"))).unwrap();
    let seat_one = csv
        .lines()
        .find(|l| l.starts_with("sequences,3,") && l.contains(",win_rate_seat_1,"))
        .unwrap();
    // Two players of a race: the exact value, which the table shows where there is one.
    let exact: f64 = seat_one.split(',').nth(11).unwrap().parse().unwrap();
    let row = text
        .lines()
        .skip_while(|l| !l.starts_with("each seat's"))
        .find(|l| l.starts_with("3 "))
        .unwrap();
    assert!(
        row.contains(&format!(" {exact:.5} ")),
        "{row} lacks {exact:.5}"
    );
    // One player races alone: no win rates.
    let alone = ok(
        d,
        &[
            "sweep",
            "sequences",
            "--rule",
            "wipe_ones=3,4",
            "-n",
            "2000",
            "-q",
        ],
    );
    assert!(!alone.contains("win rate"), "{alone}");
}

/// A rule of thumb against optimal play: what it gives up a turn in one sentence, and every
/// position where the two decide differently, with its chance and its exact cost, which add up
/// to the exact difference of their means.
#[test]
fn a_rule_against_optimal_is_read_position_by_position() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let rule = "stop-if: sum >= 14 or dice <= 2";
    let text = ok(
        d,
        &[
            "compare", "sevens", "--policy", rule, "--policy", "optimal", "-n", "2000", "-q",
            "--out", "c",
        ],
    );
    assert!(
        text.contains(
            "stop-if:sum >= 14 or dice <= 2 scores 11.2077 a turn: it gives up 0.6576 points a \
             turn, 5.5% of optimal's 11.8654."
        ),
        "{text}"
    );
    let csv = String::from_utf8(read(d.join("c/disagreements.csv"))).unwrap();
    let mut rows = csv::Reader::from_reader(csv.as_bytes());
    assert_eq!(
        rows.headers().unwrap().iter().collect::<Vec<_>>(),
        [
            "policy",
            "after_roll",
            "dice",
            "sum",
            "decision",
            "best_dice",
            "best_sum",
            "best_decision",
            "p_arise",
            "cost",
            "cost_per_turn"
        ]
    );
    let rows: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    assert!(rows.len() > 10, "more than the terminal lists: {csv}");
    let lost: f64 = rows.iter().map(|r| r[10].parse::<f64>().unwrap()).sum();
    let summary = String::from_utf8(read(d.join("c/summary.csv"))).unwrap();
    let exact = |policy: &str| -> f64 {
        summary
            .lines()
            .find(|l| l.contains(&format!(",{policy},turn_score,")))
            .unwrap()
            .rsplit(',')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap()
    };
    let gap = exact("optimal") - exact("stop-if:sum >= 14 or dice <= 2");
    assert!((lost - gap).abs() < 1e-9, "{lost} against {gap}");
    // Largest first; the first says the rule stops on a low pair that optimal rolls again.
    assert_eq!(&rows[0][4], "stop");
    assert_eq!(&rows[0][7], "roll");
    // Without optimal among the policies there is no reading.
    let plain = ok(
        d,
        &[
            "compare", "sevens", "--policy", "rolls:1", "--policy", "rolls:2", "-n", "500", "-q",
        ],
    );
    assert!(!plain.contains("Against optimal"), "{plain}");
}
