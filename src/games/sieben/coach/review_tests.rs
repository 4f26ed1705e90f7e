use super::*;
use crate::games::review::record::{Record, write};
use crate::games::{Configured, Setup};
use crate::stats::{MetricId, Subject};

/// A record read as the registry reads 7's: its turns are cards.
fn parse(what: &str, text: &str) -> Result<Record> {
    crate::games::review::record::parse(what, text, &|_| RecordKind::Cards)
}

/// One game reviewed, as `Reviewer::review` values it.
fn review(what: &str, game: &GameRecord, run: &RunConfig<Option<u64>>) -> Result<GameReview> {
    replay(what, game, run, true).map(|(r, _)| r)
}

/// One game checked, as `Reviewer::review` checks it.
fn check(what: &str, game: &GameRecord) -> Result<()> {
    replay(what, game, &RunConfig::default(), false).map(drop)
}

/// A study of `players` under `rules` with `policies`, as `simulate` configures it.
fn study(players: u32, rules: &[&str], policies: &[&str]) -> super::super::super::Study {
    super::super::super::Study::new(&Setup {
        rules: rules.iter().map(|s| s.to_string()).collect(),
        players,
        policies: policies.iter().map(|s| s.to_string()).collect(),
        files: Files::default(),
    })
    .unwrap()
}

/// The first `count` games of `study`'s run of seed `seed`, as a record's text.
fn recorded(study: &super::super::super::Study, seed: u64, count: u64) -> String {
    let games = study.recorded(seed, count).unwrap().unwrap();
    write(&Record { games })
}

fn run(units: u64) -> RunConfig<Option<u64>> {
    RunConfig {
        units: Some(units),
        seed: 1,
        ..RunConfig::default()
    }
}

#[test]
fn a_runs_records_are_its_games_chip_for_chip_under_every_rule_option() {
    // Every reading of the rules a record must replay: how a player goes out, what a penalty
    // card stops, play-offs, a fixed start, small hands, a pay list, five to seven players
    // sharing out the chip pool.
    let cases: &[(u32, &[&str], &[&str])] = &[
        (2, &[], &["lookahead:4", "seven-first"]),
        (3, &["finish=empty"], &["blocker", "random", "lowest"]),
        (4, &["penalty=pile"], &["random", "seven-first"]),
        (3, &["tie=playoff", "rounds=2"], &["random"]),
        (
            2,
            &["first_player=fixed", "hand=3", "pay=5/1"],
            &["blocker"],
        ),
        (6, &[], &["random", "seven-first", "blocker"]),
    ];
    for &(players, rules, policies) in cases {
        let s = study(players, rules, policies);
        let games = 40;
        let text = recorded(&s, 9, games);
        let record = parse("record t", &text).unwrap();
        assert_eq!(record.games.len(), games as usize);
        let mut chips = vec![0u64; players as usize];
        for game in &record.games {
            let (_, got) = replay("record t", game, &RunConfig::default(), false).unwrap();
            for (c, g) in chips.iter_mut().zip(got) {
                *c += u64::from(g);
            }
        }
        let tally = s
            .simulate(
                &RunConfig {
                    units: Some(games),
                    seed: 9,
                    threads: Some(1),
                    ..RunConfig::default()
                }
                .sized(games)
                .unwrap(),
            )
            .unwrap();
        for (seat, &c) in chips.iter().enumerate() {
            let m = tally
                .get(&MetricId::new("chips", Subject::seat(seat)))
                .unwrap();
            assert_eq!(m.histogram.sum(), i128::from(c), "{rules:?} seat {seat}");
        }
    }
}

/// A two-player game of the text's rules, one round of three-card hands, typed by hand.
const SHORT: &str = "dicelab record 1
game sieben
rules rounds=1 hand=3
seat 1 person Ann
seat 2 person Bob
round 1
deal Ann: 2 3 5
deal Bob: 1 4 6
Ann: 2 draw 7
Bob: 4 over 2 draw 3
Ann: 3 over 0 / 5
Bob: 6 over 5 draw 2
Ann: 7 over 6
";

#[test]
fn a_wrong_turn_is_refused_at_its_line_and_column_with_why() {
    let refused = |from: &str, to: &str| {
        let text = SHORT.replacen(from, to, 1);
        let record = parse("record t", &text).unwrap();
        check("record t", &record.games[0]).unwrap_err().to_string()
    };
    let e = refused("Ann: 2 draw 7", "Bob: 2 draw 7");
    assert!(
        e.contains("line 9, column 1") && e.contains("it is Ann's turn"),
        "{e}"
    );
    let e = refused("Ann: 2 draw 7", "Ann: 6 draw 7");
    assert!(
        e.contains("line 9, column 6") && e.contains("holds no 6"),
        "{e}"
    );
    let e = refused("Ann: 2 draw 7", "Ann: 2");
    assert!(e.contains("this play draws a card"), "{e}");
    let e = refused("Bob: 4 over 2 draw 3", "Bob: 4 over 3 draw 3");
    assert!(
        e.contains("line 10, column 6") && e.contains("no spot shows 3"),
        "{e}"
    );
    let e = refused("Bob: 4 over 2 draw 3", "Bob: 4 draw 3");
    assert!(e.contains("can be laid two ways"), "{e}");
    let e = refused("Ann: 3 over 0 / 5", "Ann: 3 over 0");
    assert!(
        e.contains("after a Seven the player starts a new pile"),
        "{e}"
    );
    let e = refused("Ann: 3 over 0 / 5", "Ann: 3 over 0 / 5 draw 1");
    assert!(
        e.contains("line 11, column 24") && e.contains("draws no card"),
        "{e}"
    );
    let e = refused("Ann: 3 over 0 / 5", "Ann: 5 over 4 / 3");
    assert!(
        e.contains("only a Seven lets a player lay another card"),
        "{e}"
    );
    let e = refused("Ann: 2 draw 7", "Ann: 2 draw 7 draw 1");
    assert!(e.contains("the turn ends with the card drawn"), "{e}");
    let e = refused("Ann: 7 over 6", "Ann: 7 over 6\nBob: draw 4");
    assert!(
        e.contains("line 14") && e.contains("the round is over before this turn"),
        "{e}"
    );
    let e = refused("deal Bob: 1 4 6", "deal Bob: 1 4");
    assert!(
        e.contains("line 8") && e.contains("dealt 3 cards, and 2"),
        "{e}"
    );
    let e = refused("Bob: 4 over 2 draw 3", "Bob: draw 3");
    assert!(e.contains("can lay a card must"), "{e}");
}

#[test]
fn a_record_that_stops_before_the_game_ends_is_refused() {
    let text = SHORT.replace("Ann: 7 over 6\n", "");
    let record = parse("record t", &text).unwrap();
    let e = check("record t", &record.games[0]).unwrap_err().to_string();
    assert!(
        e.contains("the round is not over: Ann is to play next"),
        "{e}"
    );
}

#[test]
fn the_hand_typed_game_is_reviewed_and_its_accounts_add_up() {
    let record = parse("record t", SHORT).unwrap();
    let r = review("record t", &record.games[0], &run(200)).unwrap();
    assert_eq!((r.unit, r.estimated.is_some()), (Unit::Chance, true));
    let decisions: Vec<&Moment> = r
        .moments
        .iter()
        .filter(|m| matches!(m.event, Event::Decision { .. }))
        .collect();
    // Ann's first card, Bob's first play, Ann's Seven and her new pile, Bob's second play; Ann's
    // last card is her only play.
    assert_eq!(decisions.len(), 5);
    assert_eq!(
        decisions.iter().map(|m| m.seat).collect::<Vec<_>>(),
        [0, 1, 0, 0, 1]
    );
    assert_eq!(r.players[0].result, 1.0);
    assert_eq!(r.players[1].result, 0.0);
    for p in &r.players {
        assert!(p.residual.abs() < 1e-9, "{p:?}");
        assert_eq!(p.gifts, 0.0);
    }
    // Every decision's loss lies in its interval, and a mark needs the interval above 0.
    for m in &decisions {
        let Event::Decision {
            loss_ci95: Some((low, high)),
            ..
        } = &m.event
        else {
            panic!("an estimated decision has its interval");
        };
        let (loss, _) = m.loss().unwrap();
        assert!(*low - 1e-9 <= loss && loss <= *high + 1e-9, "{m:?}");
        assert!(m.mark().is_none() || *low > 0.0);
    }
}

#[test]
fn the_same_seed_gives_the_same_review_whatever_the_threads() {
    let s = study(3, &[], &["seven-first", "random", "blocker"]);
    let text = recorded(&s, 4, 1);
    let game = parse("record t", &text).unwrap().games.remove(0);
    let with = |threads| {
        let run = RunConfig {
            threads: Some(threads),
            ..run(64)
        };
        review("record t", &game, &run).unwrap()
    };
    assert_eq!(with(1), with(2));
}

#[test]
fn a_play_off_round_is_refused_for_valuing_in_one_line() {
    // Two rounds of two players under tie=playoff: the first record with a play-off.
    let s = study(2, &["tie=playoff", "rounds=2", "hand=3"], &["random"]);
    let text = recorded(&s, 1, 200);
    let record = parse("record t", &text).unwrap();
    let game = record
        .games
        .iter()
        .find(|g| g.rounds.iter().any(|r| r.playoff))
        .expect("a tie in 200 games");
    check("record t", game).unwrap();
    let e = review("record t", game, &run(8)).unwrap_err().to_string();
    assert!(
        e.contains("a play-off round's decisions cannot be valued"),
        "{e}"
    );
}

#[test]
fn one_guess_a_play_is_refused_as_too_few_for_an_interval() {
    let record = parse("record t", SHORT).unwrap();
    let e = review("record t", &record.games[0], &run(1))
        .unwrap_err()
        .to_string();
    assert!(e.contains("2 or more a play"), "{e}");
}

#[test]
fn a_mangled_record_is_refused_or_read_never_a_panic() {
    use rand::{RngExt, SeedableRng};
    // Every kind of game a record can hold, mangled a character or a line at a time.
    let mut texts = Vec::new();
    for (players, rules) in [
        (2, &[][..]),
        (3, &["penalty=pile"][..]),
        (4, &["finish=empty", "hand=3"][..]),
    ] {
        texts.push(recorded(&study(players, rules, &["random"]), 3, 1));
    }
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
    let alphabet = b"0123456789 /:overdrawpass\n";
    let mut refused = 0;
    for _ in 0..600 {
        let text = &texts[rng.random_range(0..texts.len())];
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let l = rng.random_range(0..lines.len());
        match rng.random_range(0..4) {
            0 => {
                lines.remove(l);
            }
            1 => {
                let other = rng.random_range(0..lines.len());
                lines.swap(l, other);
            }
            _ => {
                let mut bytes = lines[l].clone().into_bytes();
                if !bytes.is_empty() {
                    let at = rng.random_range(0..bytes.len());
                    bytes[at] = alphabet[rng.random_range(0..alphabet.len())];
                }
                lines[l] = String::from_utf8_lossy(&bytes).into_owned();
            }
        }
        let mangled = lines.join("\n");
        if let Ok(record) = parse("record t", &mangled) {
            for game in &record.games {
                refused += usize::from(check("record t", game).is_err());
            }
        } else {
            refused += 1;
        }
    }
    // Most manglings break the game somewhere; the rest replay as another game.
    assert!(refused > 300, "{refused}");
}

#[test]
fn a_mangled_record_resumed_by_play_is_refused_or_played_never_a_panic() {
    use crate::games::session::{PlayRequest, Playable};
    use rand::{RngExt, SeedableRng};
    // A game `play` recorded, always taking the first play.
    let request = PlayRequest {
        players: Some(3),
        seed: 8,
        ..PlayRequest::default()
    };
    let mut session = super::super::super::Sieben.session(&request).unwrap();
    let mut sink = std::io::sink();
    while session.next(&mut sink).unwrap().is_some() {
        session.apply(0, &mut sink).unwrap();
    }
    let text = write(&Record {
        games: vec![session.record().unwrap()],
    });
    // Resumed whole, it is the same game.
    let resumed = |text: &str| {
        let record = parse("record t", text)?;
        let game = record.games.into_iter().next().unwrap();
        super::super::super::Sieben.session(&PlayRequest {
            resume: Some(("record t".into(), game)),
            ..PlayRequest::default()
        })
    };
    let whole = resumed(&text).unwrap();
    assert_eq!(
        whole.record().map(|g| write(&Record { games: vec![g] })),
        Some(text.clone())
    );
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(12);
    let alphabet = b"0123456789 /:overdrawpass\n";
    let mut refused = 0;
    for _ in 0..300 {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let l = rng.random_range(0..lines.len());
        if rng.random_range(0..3) == 0 {
            lines.remove(l);
        } else {
            let mut bytes = lines[l].clone().into_bytes();
            if !bytes.is_empty() {
                let at = rng.random_range(0..bytes.len());
                bytes[at] = alphabet[rng.random_range(0..alphabet.len())];
            }
            lines[l] = String::from_utf8_lossy(&bytes).into_owned();
        }
        refused += usize::from(resumed(&lines.join("\n")).is_err());
    }
    assert!(refused > 150, "{refused}");
}
