//! `decks`: one row per deck, the same bytes for any threads, and one clear line for every bad
//! option.

use crate::common::{ok, read};
use std::fs;

#[test]
fn decks_writes_one_row_per_deck_and_the_same_bytes_for_any_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::write(
        d.join("mine.csv"),
        "number,count\n1,20\n2,1\n3,1\n4,20\n5,1\n6,1\n7,20\n",
    )
    .unwrap();
    let run = |threads: &str, out: &str| {
        ok(
            d,
            &[
                "decks",
                "sieben",
                "--players",
                "3",
                "-n",
                "600",
                "--seed",
                "5",
                "--threads",
                threads,
                "-q",
                "--deck",
                "mine.csv",
                "--out",
                out,
            ],
        )
    };
    let stdout = run("1", "a");
    assert!(stdout.contains("wrote decks.csv to a"), "{stdout}");
    assert!(stdout.contains("600 games per deck"), "{stdout}");
    let csv = String::from_utf8(read(d.join("a/decks.csv"))).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].starts_with(
        "deck,1,2,3,4,5,6,7,cards,rules,policy,seed,games,fair_chips,round_turns_mean,round_turns_low,round_turns_high,first_player_chips_mean,"
    ), "{csv}");
    // Every row says the run that made it.
    assert!(
        lines[1].starts_with(
            "even,12,12,12,11,11,11,11,80,players=3;finish=seven;penalty=turn;first_player=rotate;tie=shared,seven-first,5,600,"
        ),
        "{csv}"
    );
    assert!(
        lines[0].ends_with("win_rate_seat_1_low,win_rate_seat_1_high"),
        "{csv}"
    );
    let names: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "even",
            "flat",
            "low-heavy",
            "high-heavy",
            "few-sevens",
            "many-sevens",
            "mine.csv"
        ]
    );
    assert!(lines[1].contains(",seven-first,5,600,2,"), "{csv}");
    assert!(
        lines[2].starts_with("flat,11,11,11,11,11,11,11,77,"),
        "{csv}"
    );
    assert!(
        lines[7].starts_with("mine.csv,20,1,1,20,1,1,20,64,players=3;"),
        "{csv}"
    );
    for line in &lines[1..] {
        assert_eq!(line.split(',').count(), 14 + 3 * 6, "{line}");
    }
    // The same seed gives the same bytes on one thread or two, and prints the same table.
    assert_eq!(run("2", "b"), stdout.replace("to a", "to b"));
    assert_eq!(read(d.join("a/decks.csv")), read(d.join("b/decks.csv")));
    let again = run("1", "c");
    assert_eq!(again, stdout.replace("to a", "to c"));
    assert_eq!(read(d.join("a/decks.csv")), read(d.join("c/decks.csv")));
}

bad_input! {
    refuses_a_missing_player_count:
        ["decks", "sieben", "-n", "10"]
        => "decks sieben: expected --players, 2 to 7";
    refuses_more_than_7_players:
        ["decks", "sieben", "--players", "8", "-n", "10"]
        => "--players 8: sieben takes 2 to 7 players";
    refuses_zero_games:
        ["decks", "sieben", "--players", "3", "-n", "0"]
        => "expected at least 1 unit, found 0";
    refuses_a_deck_with_a_card_out_of_range:
        ["decks", "sieben", "--players", "3", "--deck", "bad-deck.csv"] with bad_deck
        => "deck bad-deck.csv: line 3: expected a number from 1 to 7, found '8'";
    refuses_a_deck_too_small_for_the_deal:
        ["decks", "sieben", "--players", "3", "--deck", "small-deck.csv"] with small_deck
        => "deck small-deck.csv: 20 cards are too few; 3 player(s) need at least 22: 21 for the deal (7 each) and one to draw";
    refuses_a_deck_given_as_a_rule:
        ["decks", "sieben", "--players", "3", "--rule", "deck=small-deck.csv"] with small_deck
        => "--rule deck=...: decks sweeps the deck itself";
    refuses_a_game_without_a_deck:
        ["decks", "sevens", "--players", "3"]
        => "decks sevens: only sieben is played with a deck";
}

io_failure! {
    refuses_an_out_folder_inside_a_file:
        ["decks", "sieben", "--players", "3", "--out", "afile/r"] with afile
        => "--out afile/r: cannot write a report there";
}
