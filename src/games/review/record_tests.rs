use super::*;
use crate::games::review::RecordKind;

/// A record read with every game's turns throws, as the dice games write them.
fn parse(what: &str, text: &str) -> Result<Record> {
    super::parse(what, text, &|_| RecordKind::Throws)
}

const TWO: &str = "dicelab record 1\n\
    # a hand-typed game\n\
    game sevens\n\
    rules rounds=2\n\
    seat 1 person Ann\n\
    seat 2 policy optimal\n\
    round 1\n\
    Ann: 6 5 3 4 2 2 / 51\n\
    2: 4 4 1 6 2 3\n\
    round 2\n\
    2: 1 1 1 1 1 1\n\
    Ann: 2 2 2 2 2 2 keep 2 2\n";

#[test]
fn a_typed_record_reads_into_games_rounds_turns_and_throws() {
    let r = parse("record t", TWO).unwrap();
    let g = &r.games[0];
    assert_eq!(g.game, "sevens");
    assert_eq!(g.rules, ["rounds=2"]);
    assert_eq!(
        g.seats,
        [Seat::Person("Ann".into()), Seat::Policy("optimal".into())]
    );
    assert_eq!(g.rounds.len(), 2);
    let first = &g.rounds[0].turns[0];
    assert_eq!(first.seat, 0);
    assert_eq!(first.throws[0].dice, [6, 5, 3, 4, 2, 2]);
    assert_eq!(first.throws[1].dice, [5, 1]);
    assert_eq!(
        first.throws[1].at,
        At {
            line: 8,
            column: 20
        }
    );
    assert_eq!(g.rounds[0].turns[1].seat, 1);
    assert_eq!(g.rounds[1].turns[1].throws[0].keep, Some(vec![2, 2]));
    let r = parse("record t", "dicelab record 1\ngame solitaire-dice\nseat 1 person Cy\nround 1\nCy: 6 5 3 4 2 pairs 6+5  4+2\n").unwrap();
    let (pairs, at) = r.games[0].rounds[0].turns[0].throws[0]
        .pairs
        .clone()
        .unwrap();
    assert_eq!(pairs, [[6, 5], [4, 2]]);
    assert_eq!(
        at,
        At {
            line: 5,
            column: 15
        }
    );
}

#[test]
fn a_written_record_reads_back_the_same() {
    let r = parse("record t", TWO).unwrap();
    let again = parse("record t", &write(&r)).unwrap();
    let strip = |mut r: Record| {
        for g in &mut r.games {
            g.at = At::default();
            for round in &mut g.rounds {
                round.at = At::default();
                for t in &mut round.turns {
                    t.at = At::default();
                    for th in &mut t.throws {
                        th.at = At::default();
                        if let Some((_, at)) = &mut th.pairs {
                            *at = At::default();
                        }
                    }
                }
            }
        }
        r
    };
    assert_eq!(strip(r), strip(again));
}

fn refused(text: &str) -> String {
    parse("record t", text).unwrap_err().to_string()
}

#[test]
fn a_wrong_shape_is_refused_with_its_line_and_column() {
    assert_eq!(
        refused("dicelab record 2\n"),
        "record t: line 1, column 1: version `2` is not one this dicelab reads (it reads 1)"
    );
    assert!(refused("").contains("empty"));
    let head = "dicelab record 1\ngame sevens\nseat 1 person Ann\nseat 2 person Bob\nround 1\n";
    assert_eq!(
        refused(&format!("{head}Ann: 6 5 3 7 2 2\n")),
        "record t: line 6, column 12: `7` is no die: a die shows 1 to 6"
    );
    assert!(
        refused(&format!("{head}Cy: 6 5 3 4 2 2\n"))
            .starts_with("record t: line 6, column 1: `Cy` is no seat of this game")
    );
    assert!(
        refused(&format!("{head}Ann: 6 5 3 4 2 2 / / 5 1\n")).contains("column 20: an empty throw")
    );
    assert!(refused("dicelab record 1\nseat 1 person Ann\n").contains("line 2, column 1"));
    assert!(
        refused("dicelab record 1\ngame sevens\nseat 2 person Ann\n")
            .contains("this one is seat 1")
    );
    assert!(
        refused("dicelab record 1\ngame sevens\nseat 1 person Ann\nseat 2 person Ann\n")
            .contains("two seats are called `Ann`")
    );
    assert!(refused(&format!("{head}hello\n")).contains("`hello` is no line of a record"));
    assert_eq!(
        refused(&format!("{head}Ann: 6 4 3 2 1 1 keep 6 2 7\n")),
        "record t: line 6, column 27: `7` is no die: a die shows 1 to 6"
    );
    for bad in ["65+", "+65", "6+,5", "6+5+4", "65"] {
        assert!(
            refused(&format!("{head}Ann: 6 5 4 3 2 pairs {bad} 4+3\n"))
                .contains(&format!("column 22: `{bad}` is no pair")),
            "{bad}"
        );
    }
    assert_eq!(
        refused(&format!("{head}Ann: 6 5 4 3 2 pairs 6+5 4+7\n")),
        "record t: line 6, column 28: `7` is no die: a die shows 1 to 6"
    );
}

/// A byte-order mark (a Windows editor puts one first) is no part of the record, as in every
/// file dicelab reads; it was refused at line 1, column 1.
#[test]
fn a_record_after_a_byte_order_mark_reads_as_without_it() {
    let with = format!("\u{feff}{TWO}");
    assert_eq!(
        parse("record t", &with).unwrap(),
        parse("record t", TWO).unwrap()
    );
}

/// The version line is `dicelab record 1` as written: `record1` and `record 01` were read as
/// version 1.
#[test]
fn a_version_line_written_otherwise_is_refused() {
    for head in ["dicelab record1", "dicelab record 01", "dicelab record +1"] {
        let text = TWO.replacen("dicelab record 1", head, 1);
        let error = refused(&text);
        assert!(
            error.starts_with("record t: line 1, column 1: "),
            "{head}: {error}"
        );
    }
}

/// A second `seed` line, and a `rules` or `seed` line after the rounds began, were taken
/// silently: the first changed the game's seed, the second its rules half-way.
#[test]
fn a_second_seed_and_rules_after_the_rounds_are_refused_at_their_line() {
    let twice = TWO.replacen("rules rounds=2\n", "rules rounds=2\nseed 1\nseed 2\n", 1);
    assert_eq!(
        refused(&twice),
        "record t: line 6, column 1: a game has one `seed` line"
    );
    for late in ["rules rounds=3", "seed 4"] {
        let text = format!("{TWO}{late}\n");
        let error = refused(&text);
        assert!(
            error.starts_with("record t: line 13, column 1: ")
                && error.contains("before the first round"),
            "{late}: {error}"
        );
    }
}

/// Seats are looked up by name, not searched: 200,000 seats (a 5 MB record) took 69 s before
/// its refusal. Read in well under a second here, each turn still finding its seat.
#[test]
fn a_record_of_many_seats_is_read_in_a_time_its_length_allows() {
    let mut text = String::from("dicelab record 1\ngame sevens\n");
    let seats = 200_000;
    for i in 1..=seats {
        text.push_str(&format!("seat {i} person p{i}\n"));
    }
    text.push_str(&format!("round 1\np{seats}: 6 5 3 4 2 2\n"));
    let start = std::time::Instant::now();
    let r = parse("record t", &text).unwrap();
    assert_eq!(r.games[0].rounds[0].turns[0].seat, seats - 1);
    // A bound far above the time taken (tens of milliseconds), far below the quadratic one.
    assert!(
        start.elapsed() < std::time::Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}

/// A `/` ending a turn's line says the turn goes on: read as such, written back the same, and
/// only where the record stops (a line after it is refused, naming the open turn's line).
#[test]
fn a_turn_that_goes_on_ends_the_record_and_reads_back() {
    let text = "dicelab record 1\n\ngame sevens\nseat 1 person Ann\nseat 2 person Bob\nround 1\nAnn: 6 5 3 4 2 2 / 5 1 /\n";
    let r = parse("record t", text).unwrap();
    let turn = &r.games[0].rounds[0].turns[0];
    assert!(turn.open);
    assert_eq!(turn.throws.len(), 2);
    assert_eq!(write(&r), text);
    let closed = text.replace(" /\n", "\n");
    assert!(!parse("record t", &closed).unwrap().games[0].rounds[0].turns[0].open);
    let err = parse("record t", &format!("{text}Bob: 1 1 1 1 1 1\n")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "record t: line 8, column 1: the turn on line 7 goes on (its line ends in `/`), so the \
         record stops there: type its next throw on that line, or take the `/` away"
    );
    assert!(parse("record t", &format!("{text}round 2\n")).is_err());
    // Another game after it too: only a record's last turn goes on.
    let err = parse("record t", &format!("{text}game sevens\n")).unwrap_err();
    assert!(
        err.to_string()
            .contains("line 8, column 1: the turn on line 7 goes on"),
        "{err}"
    );
    // A `/` alone is no throw.
    let err = parse(
        "record t",
        &text.replace("Ann: 6 5 3 4 2 2 / 5 1 /", "Ann: /"),
    )
    .unwrap_err();
    assert!(err.to_string().contains("an empty throw"), "{err}");
}
