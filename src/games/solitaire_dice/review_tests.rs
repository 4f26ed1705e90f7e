use super::*;
use crate::games::review::record::Record;

/// A record read as the registry reads Solitaire Dice's: its turns are throws.
fn parse(what: &str, text: &str) -> Result<Record> {
    crate::games::review::record::parse(what, text, &|_| RecordKind::Throws)
}

/// One game reviewed, as `Reviewer::review` values it.
fn review(what: &str, game: &GameRecord, run: &RunConfig<Option<u64>>) -> Result<GameReview> {
    replay(what, game, run, true)
}

/// One game checked, as `Reviewer::review` checks it.
fn check(what: &str, game: &GameRecord) -> Result<()> {
    replay(what, game, &RunConfig::default(), false).map(drop)
}

/// A record of one game of the text's rules, its rolls and divisions as `best` played them on
/// seed 5's first game.
fn recorded(seats: &[&str]) -> GameRecord {
    let specs: Vec<PolicySpec> = seats.iter().map(|s| s.parse().unwrap()).collect();
    seed_5(&specs, 1).remove(0)
}

fn run(units: u64) -> RunConfig<Option<u64>> {
    RunConfig {
        units: Some(units),
        seed: 1,
        ..RunConfig::default()
    }
}

/// The first `count` games of a run seeded 5 with `specs`, as records.
fn seed_5(specs: &[PolicySpec], count: u64) -> Vec<GameRecord> {
    let setup = crate::games::Setup {
        players: 1,
        policies: specs.iter().map(|s| s.as_str().to_string()).collect(),
        ..crate::games::Setup::default()
    };
    let configured = crate::games::configure(NAME, &setup).unwrap();
    configured.recorded(5, count).unwrap().unwrap()
}

#[test]
fn the_accounts_add_up_to_the_final_score_with_no_gifts() {
    let game = recorded(&["greedy"]);
    let r = review("record t", &game, &run(4)).unwrap();
    assert_eq!(r.unit, Unit::Points);
    assert!(r.estimated.is_some());
    let p = &r.players[0];
    assert!(p.residual.abs() < 1e-6, "{p:?}");
    assert_eq!(p.gifts, 0.0);
    let (low, high) = p.cost_ci95.unwrap();
    assert!(low <= p.cost && p.cost <= high);
    // Every decision's loss lies in its interval.
    for m in &r.moments {
        if let (
            Some((loss, _)),
            Event::Decision {
                loss_ci95: Some((low, high)),
                ..
            },
        ) = (m.loss(), &m.event)
        {
            assert!(*low - 1e-9 <= loss && loss <= *high + 1e-9, "{m:?}");
        }
    }
}

#[test]
fn one_playout_a_division_is_refused_as_too_few_for_an_interval() {
    let game = recorded(&["greedy"]);
    let refused = review("record t", &game, &run(1)).unwrap_err().to_string();
    assert!(refused.contains("2 or more a division"), "{refused}");
}

#[test]
fn a_decision_is_marked_only_where_its_interval_lies_above_zero() {
    let game = recorded(&["random"]);
    let r = review("record t", &game, &run(8)).unwrap();
    let mut marked = 0;
    for m in &r.moments {
        if let Event::Decision {
            loss_ci95: Some((low, _)),
            ..
        } = &m.event
        {
            if m.mark().is_some() {
                marked += 1;
                assert!(*low > 0.0, "{m:?}");
            }
            if *low <= 0.0 {
                assert_eq!(m.mark(), None);
                assert_eq!(m.why(), None);
            }
        }
    }
    // Random play gives away tens of points a roll: some of it shows through the noise.
    assert!(marked > 0);
}

#[test]
fn the_same_seed_gives_the_same_review_whatever_the_threads() {
    let game = recorded(&["greedy"]);
    let one = review(
        "record t",
        &game,
        &RunConfig {
            threads: Some(1),
            ..run(4)
        },
    );
    let pool = crate::engine::thread_pool(Some(2), None).unwrap();
    let two = pool.install(|| review("record t", &game, &run(4)));
    assert_eq!(one.unwrap(), two.unwrap());
}

/// A hand-typed record: the header, then `body`.
fn typed(body: &str) -> String {
    format!("dicelab record 1\ngame solitaire-dice\nseat 1 person Ann\n{body}")
}

fn refused(body: &str) -> String {
    let text = typed(body);
    let record = parse("record t", &text).unwrap();
    check("record t", &record.games[0]).unwrap_err().to_string()
}

#[test]
fn a_wrong_division_is_refused_with_its_line_and_column() {
    assert_eq!(
        refused("round 1\nAnn: 6 5 3 4 2 pairs 6+5 4+4\n"),
        "record t: line 5, column 16: the pairs use a 4 the roll does not show (it shows 6 5 3 \
         4 2)"
    );
    assert_eq!(
        refused("round 1\nAnn: 6 5 3 4\n"),
        "record t: line 5, column 6: a roll is 5 dice, and 4 are typed"
    );
    assert!(refused("round 1\nAnn: 6 5 3 4 2\n").contains("type `pairs` and the two pairs"));
    assert!(refused("round 1\nAnn: 6 5 3 4 2 pairs 6+5\n").contains("two pairs, and 1 are typed"));
    assert!(refused("round 1\nAnn: 6 5 3 4 2 / 1 1 1 1 1\n").contains("one throw a line"));
    assert!(refused("round 2\nAnn: 6 5 3 4 2 pairs 6+5 4+2\n").contains("`round 1`"));
    // A roll ending in `/` is one still to divide: only the record's last line, without pairs.
    assert_eq!(
        refused("round 1\nAnn: 6 5 3 4 2 pairs 6+5 4+2 /\n"),
        "record t: line 5, column 16: a roll ending in `/` is not divided yet: its pairs come \
         once it is"
    );
    let early = typed("round 1\nAnn: 6 5 3 4 2 /\nround 2\nAnn: 6 5 3 4 2 pairs 6+5 4+2\n");
    let early = parse("record t", &early).unwrap_err().to_string();
    assert!(early.contains("so the record stops there"), "{early}");
}

/// A record ending in a roll not yet divided: the game so far with the roll's luck, each
/// result the roll's best division's value, the accounts adding up, and the roll's divisions
/// next, each with the pairs a record writes; a roll with one division needs none.
#[test]
fn a_roll_not_yet_divided_is_the_game_so_far_with_its_divisions_next() {
    let text = typed("round 1\nAnn: 2 5 5 6 6 pairs 5+6 5+6\nround 2\nAnn: 1 2 5 5 6 /\n");
    let record = parse("record t", &text).unwrap();
    let review = review("record t", &record.games[0], &run(4)).unwrap();
    assert!(!review.finished);
    assert_eq!(
        review.stops.as_deref(),
        Some("in round 2, after Ann's roll, before it is divided")
    );
    let next = review.next.as_ref().unwrap();
    assert!(next.deciding);
    assert_eq!(
        next.advise[0],
        ("roll".to_string(), "1,2,5,5,6".to_string())
    );
    let names: Vec<&str> = next.choices.iter().map(|c| c.name.as_str()).collect();
    assert!(names.contains(&"7 + 10, throw away 2"), "{names:?}");
    for choice in &next.choices {
        let mut dice: Vec<u8> = choice.pairs.iter().flatten().copied().collect();
        dice.sort_unstable();
        assert_eq!(dice.len(), 4, "{choice:?}");
    }
    let last = review.moments.last().unwrap();
    let Event::Throw { dice, after, .. } = &last.event else {
        panic!("the roll's luck is the last moment: {last:?}");
    };
    assert_eq!(dice, &[1, 2, 5, 5, 6]);
    let p = &review.players[0];
    assert_eq!(p.result, after[0]);
    assert!((p.start + p.luck - p.cost + p.gifts - p.result).abs() < 1e-9);
}

#[test]
fn a_fourth_throwaway_face_is_refused_where_one_of_the_three_shows() {
    // Three faces chosen (1, 2, 3); the fourth roll shows a 1, so the 6 cannot go.
    let body = "round 1\nAnn: 1 2 2 3 3 pairs 2+2 3+3\n\
                round 2\nAnn: 2 4 4 5 5 pairs 4+4 5+5\n\
                round 3\nAnn: 3 4 4 5 5 pairs 4+4 5+5\n\
                round 4\nAnn: 1 6 4 4 5 pairs 1+4 4+5\n";
    assert!(refused(body).contains(
        "line 11, column 16: setting the 6 aside is not allowed: the three \
                                throwaway faces are 1, 2, 3"
    ));
}

#[test]
fn a_recorded_game_reads_back_and_checks() {
    let game = recorded(&["best", "greedy"]);
    let text = crate::games::review::record::write(&crate::games::review::record::Record {
        games: vec![game],
    });
    let again = parse("record t", &text).unwrap();
    check("record t", &again.games[0]).unwrap();
}

#[test]
fn a_recorded_game_is_the_game_the_run_plays() {
    // Four seats, two of them random (their coins are part of the game's streams), over more
    // games than a chunk holds: the records' final scores, read back as the review reads
    // them, are the run's own, seat by seat, as its tally counts them.
    let setup = crate::games::Setup {
        players: 4,
        policies: ["greedy", "random", "heuristic", "random"]
            .map(String::from)
            .to_vec(),
        ..crate::games::Setup::default()
    };
    let configured = crate::games::configure(NAME, &setup).unwrap();
    let count = super::super::sim::GAMES_PER_CHUNK + 5;
    let games = configured.recorded(5, count).unwrap().unwrap();
    let tally = configured
        .simulate(&crate::engine::RunConfig::new(count, 5))
        .unwrap();
    for seat in 0..4 {
        let mut total = 0i64;
        for game in &games {
            let mut sheet = Sheet::new();
            for turn in game
                .rounds
                .iter()
                .flat_map(|r| &r.turns)
                .filter(|t| t.seat == seat)
            {
                let throw = &turn.throws[0];
                let roll = Roll::new(throw.dice.clone().try_into().unwrap()).unwrap();
                let choices = sheet.legal_choices(&roll).to_vec();
                sheet.apply(choices[chosen("record t", &sheet, throw, &choices).unwrap()]);
            }
            total += i64::from(sheet.score());
        }
        let metric = tally
            .metrics
            .iter()
            .find(|m| {
                m.id.name == "final_score"
                    && matches!(m.id.subject, crate::stats::Subject::Seat { seat: s, .. }
                        if s as usize == seat)
            })
            .expect("a seat's final score");
        let mean = metric.estimate().mean;
        assert!(
            (mean - total as f64 / count as f64).abs() < 1e-9,
            "seat {seat}: the run's mean {mean}, the records' {}",
            total as f64 / count as f64
        );
    }
}

/// Cut before any division, a record is the game so far: the whole game's moments up to
/// there (its races seeded alike), unfinished, each result the expected final score the whole
/// review has there, and the accounts adding up to it.
#[test]
fn a_record_cut_before_any_division_is_the_game_so_far() {
    let game = recorded(&["best", "greedy"]);
    let whole = review("record t", &game, &run(4)).unwrap();
    assert!(whole.finished);
    let mut cuts = 0;
    for (r, round) in game.rounds.iter().enumerate().take(4) {
        for t in 0..=round.turns.len() {
            let mut rec = game.clone();
            rec.rounds.truncate(r + 1);
            rec.rounds[r].turns.truncate(t);
            let so_far = review("record t", &rec, &run(4)).unwrap();
            check("record t", &rec).unwrap();
            assert!(!so_far.finished, "{:?}", so_far.stops);
            let n = so_far.moments.len();
            assert_eq!(so_far.moments[..], whole.moments[..n]);
            let Event::Throw { before, .. } = &whole.moments[n].event else {
                unreachable!("a division follows its roll");
            };
            for (p, value) in so_far.players.iter().zip(before) {
                assert_eq!(p.result, *value, "{p:?}");
                assert!(p.residual.abs() < 1e-9, "{p:?}");
            }
            cuts += 1;
        }
    }
    assert_eq!(cuts, 12);
}
