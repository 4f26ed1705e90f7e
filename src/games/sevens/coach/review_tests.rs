use super::*;
use crate::games::Setup;
use crate::games::review::{Event, record};

/// `count` games a run of seed 7 plays with `policies` under `rules`, as records.
fn recorded(players: u32, policies: &[&str], rules: &[&str], count: u64) -> Vec<GameRecord> {
    let setup = Setup {
        players,
        policies: policies.iter().map(|p| p.to_string()).collect(),
        rules: rules.iter().map(|r| r.to_string()).collect(),
        ..Default::default()
    };
    let configured = crate::games::configure("sevens", &setup).unwrap();
    configured.recorded(7, count).unwrap().unwrap()
}

/// Reviews every game, checking the accounts add up; returns the reviews.
fn reviewed(games: &[GameRecord]) -> Vec<GameReview> {
    let mut solved = Solved::default();
    games
        .iter()
        .map(|g| {
            let r = review("record t", g, &mut solved, Pass::VALUE).unwrap();
            for p in &r.players {
                assert!(p.residual.abs() < 1e-9, "{p:?}");
            }
            r
        })
        .collect()
}

/// The cost of `seat`'s decisions over every game.
fn cost(reviews: &[GameReview], seat: usize) -> f64 {
    reviews.iter().map(|r| r.players[seat].cost).sum()
}

#[test]
fn two_players_accounts_add_up_and_win_loses_nothing() {
    let games = recorded(2, &["win", "rolls:1"], &[], 40);
    let reviews = reviewed(&games);
    // The seats rotate their policies game by game: find win's seat in each.
    let mut win_cost = 0.0;
    let mut other_cost = 0.0;
    for (g, r) in games.iter().zip(&reviews) {
        let win = g
            .seats
            .iter()
            .position(|s| *s == record::Seat::Policy("win".into()))
            .unwrap();
        win_cost += r.players[win].cost;
        other_cost += r.players[1 - win].cost;
        // The start is the solution's chance at the game's start.
        let sum: f64 = r.players.iter().map(|p| p.start).sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
    }
    assert_eq!(win_cost, 0.0);
    assert!(other_cost > 0.0, "{other_cost}");
}

#[test]
fn three_players_and_shared_ties_add_up_too() {
    let games = recorded(3, &["win", "rolls:1", "threshold:15,10"], &["rounds=3"], 12);
    let reviews = reviewed(&games);
    assert!(cost(&reviews, 0) + cost(&reviews, 1) + cost(&reviews, 2) > 0.0);
    let shared = recorded(2, &["win"], &["tie=shared", "rounds=4"], 20);
    let reviews = reviewed(&shared);
    assert_eq!(cost(&reviews, 0) + cost(&reviews, 1), 0.0);
}

#[test]
fn luck_averages_nothing_before_a_throw() {
    // The chance before a throw is the mean over the ways it can fall: over many throws the
    // luck of the game's first throw averages near 0.
    let games = recorded(2, &["win"], &["rounds=2"], 400);
    let reviews = reviewed(&games);
    let first: Vec<f64> = reviews
        .iter()
        .map(|r| match &r.moments[0].event {
            Event::Throw { before, after, .. } => after[0] - before[0],
            Event::Decision { .. } => unreachable!("a game opens with a throw"),
        })
        .collect();
    let n = first.len() as f64;
    let mean = first.iter().sum::<f64>() / n;
    let sd = (first.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    assert!(mean.abs() < 4.0 * sd / n.sqrt(), "{mean} {sd}");
}

/// The review's error for `text`, which checking alone (a file's first pass, valuing nothing)
/// gives the same.
fn refused(text: &str) -> String {
    let rec = record::parse("record t", text, &|_| RecordKind::Throws).unwrap();
    crate::games::review::refused_alike(&mut |pass| {
        review("record t", &rec.games[0], &mut Solved::default(), pass)
    })
}

const HEAD: &str = "dicelab record 1\ngame sevens\nrules rounds=1\nseat 1 person Ann\nseat 2 person Bob\nround 1\n";

#[test]
fn a_record_that_breaks_the_rules_is_refused_where_it_does() {
    assert_eq!(
        refused(&format!("{HEAD}Bob: 6 6 6 6 6 6\nAnn: 6 6 6 6 6 6\n")),
        "record t: line 7, column 1: it is Ann's turn here (seat 1), not Bob's"
    );
    assert_eq!(
        refused(&format!("{HEAD}Ann: 6 6 6 6 6\nBob: 6 6 6 6 6 6\n")),
        "record t: line 7, column 6: this throw rolls 6 dice, and 5 are typed"
    );
    // 6 1 removed: four dice left, so the next throw shows four.
    assert!(
        refused(&format!(
            "{HEAD}Ann: 6 1 2 2 2 2 / 3 3 3\nBob: 5 5 5 5 5 5\n"
        ))
        .contains("column 20: this throw rolls 4 dice, and 3 are typed")
    );
    // Ann stopped on her first roll: Bob may roll once.
    assert!(
        refused(&format!(
            "{HEAD}Ann: 6 6 6 6 6 6\nBob: 5 5 5 5 5 5 / 5 5 5 5 5 5\n"
        ))
        .contains(
            "line 8, column 20: a throw after the turn ended with throw 1: Bob may roll once here"
        )
    );
    assert!(
        refused(&format!("{HEAD}Ann: 6 1 5 2 4 3 / 1 1\nBob: 5 5 5 5 5 5\n"))
            .contains("a throw after the turn ended with throw 1: no dice are left to roll")
    );
    // A round cut short is a game under way only at the record's end.
    assert!(
        refused(&format!(
            "{HEAD}Ann: 6 6 6 6 6 6\nplayoff 1\nAnn: 6 6 6 6 6 6\n"
        ))
        .contains("line 7, column 1: round 1 has 2 turns, one for each of Ann, Bob; 1 is typed")
    );
    // A turn goes on only where another throw may follow, and only at the record's end.
    assert!(
        refused(&format!(
            "{HEAD}Ann: 6 6 6 6 6 6 / 6 6 6 6 6 6 / 6 6 6 6 6 6 /\n"
        ))
        .contains(
            "column 34: the turn ends with this throw, so it cannot go on (`/` at the line's \
             end): Ann may roll 3 times here"
        )
    );
    assert!(
        refused(&format!("{HEAD}Ann: 6 1 5 2 4 3 /\n"))
            .contains("it cannot go on (`/` at the line's end): no dice are left to roll")
    );
    assert!(
        refused(&format!(
            "{HEAD}Ann: 6 6 6 6 6 6\nBob: 5 5 5 5 5 5\nround 2\n"
        ))
        .contains("the game is over before this round")
    );
    assert!(
        refused(&format!(
            "{HEAD}Ann: 6 6 6 6 6 6 keep 6 6\nBob: 5 5 5 5 5 5\n"
        ))
        .contains("the removal cannot keep 6 6 from this throw")
    );
    let four = "dicelab record 1\ngame sevens\nseat 1 person A\nseat 2 person B\nseat 3 person C\nseat 4 person D\n";
    assert!(refused(four).contains("needs two or three seats"));
}

/// The record `g` cut after `turns` turns of its round `round` (0-based), its last turn cut
/// after `throws` throws and said to go on where given.
fn cut(g: &GameRecord, round: usize, turns: usize, throws: Option<usize>) -> GameRecord {
    let mut cut = g.clone();
    cut.rounds.truncate(round + 1);
    let last = &mut cut.rounds[round];
    last.turns.truncate(turns);
    if let Some(throws) = throws {
        let turn = last.turns.last_mut().expect("a turn to cut");
        turn.throws.truncate(throws);
        turn.open = true;
    }
    cut
}

/// Each seat's chance where the moment `i` of `r` starts (the start, for 0).
fn chance_before(r: &GameReview, i: usize) -> Vec<f64> {
    match r.moments.get(i).map(|m| &m.event) {
        Some(Event::Throw { before, .. }) => before.clone(),
        Some(Event::Decision { .. }) => unreachable!("a turn opens with a throw"),
        None => r.players.iter().map(|p| p.result).collect(),
    }
}

/// Every place a game can be cut (before each turn, and after each throw another followed)
/// gives a review of the game so far: the whole game's moments up to there, unfinished, each
/// result the chance the whole review has there, and the accounts adding up to it.
#[test]
fn a_record_cut_anywhere_is_the_game_so_far_with_its_chances_there() {
    let mut games = recorded(2, &["win", "rolls:1"], &["rounds=3"], 4);
    // Level games go to play-offs: cut those too.
    games.extend(recorded(2, &["rolls:1"], &["rounds=1", "max_rolls=1"], 8));
    games.extend(recorded(
        3,
        &["win", "rolls:1", "threshold:15,10"],
        &["rounds=2"],
        2,
    ));
    let mut solved = Solved::default();
    let mut cuts = 0;
    for g in &games {
        let whole = review("record t", g, &mut solved, Pass::VALUE).unwrap();
        assert!(whole.finished && whole.stops.is_none());
        let mut seen = 0;
        for (r, round) in g.rounds.iter().enumerate() {
            for t in 0..=round.turns.len() {
                let mut places = vec![(t, None)];
                if let Some(turn) = t.checked_sub(1).map(|t| &round.turns[t]) {
                    places.extend((1..turn.throws.len()).map(|j| (t, Some(j))));
                }
                for (turns, throws) in places {
                    let rec = cut(g, r, turns, throws);
                    let so_far = review("record t", &rec, &mut solved, Pass::VALUE).unwrap();
                    review("record t", &rec, &mut solved, Pass::CHECK).unwrap();
                    let last_round = r + 1 == g.rounds.len() && turns == round.turns.len();
                    if last_round && throws.is_none() {
                        assert_eq!(so_far, whole, "the whole record is the whole game");
                        continue;
                    }
                    cuts += 1;
                    assert!(!so_far.finished && so_far.stops.is_some());
                    let n = so_far.moments.len();
                    assert_eq!(so_far.moments[..], whole.moments[..n], "the game so far");
                    let there: Vec<f64> = match throws {
                        // After a throw, before its decision: its chance with best play.
                        Some(_) => match &so_far.moments[n - 1].event {
                            Event::Throw { after, .. } => after.clone(),
                            Event::Decision { .. } => unreachable!("an open turn ends a throw"),
                        },
                        None => chance_before(&whole, n),
                    };
                    for (p, chance) in so_far.players.iter().zip(&there) {
                        assert!((p.result - chance).abs() < 1e-12, "{p:?} {chance}");
                        assert!(p.residual.abs() < 1e-9, "{p:?}");
                    }
                    next_is_what_follows(g, &so_far, (r, turns, throws), &there);
                    seen = seen.max(n);
                }
            }
        }
        assert!(seen > 0);
    }
    assert!(cuts > 50, "{cuts}");
}

/// The game's `next` where `so_far` (the record `g` cut at `(round, turns, throws)`) stops: the
/// seat of the throw the whole record has there, with as many dice; after an open throw its
/// decision, whose advice (advise's keys, as a scoresheet asks them) values the best action at
/// the chance the review has there, `there`, for the mover.
fn next_is_what_follows(
    g: &GameRecord,
    so_far: &GameReview,
    (round, turns, throws): (usize, usize, Option<usize>),
    there: &[f64],
) {
    let next = so_far
        .next
        .as_ref()
        .expect("an unfinished game says what comes next");
    let (turn, throw) = match throws {
        Some(j) => (&g.rounds[round].turns[turns - 1], j),
        None => match g.rounds[round].turns.get(turns) {
            Some(t) => (t, 0),
            None => (&g.rounds[round + 1].turns[0], 0),
        },
    };
    assert_eq!(next.seat, turn.seat, "{next:?}");
    assert_eq!(usize::from(next.throw), throw + 1, "{next:?}");
    assert_eq!(
        usize::from(next.dice),
        turn.throws[throw].dice.len(),
        "{next:?}"
    );
    assert_eq!(next.deciding, throws.is_some());
    if !next.deciding || g.seats.len() > 2 {
        return;
    }
    let keys = next.advise.clone();
    let request = crate::games::advice::AdviceRequest {
        rules: g.rules.clone(),
        policies: Vec::new(),
        position: crate::games::advice::Position::new(keys).unwrap(),
        run: crate::engine::RunConfig::default(),
    };
    let advice =
        crate::games::advice::Advisor::advise(&super::super::advise::SevensAdvisor, &request)
            .unwrap_or_else(|e| panic!("{:?}: {e}", next.advise));
    let best = advice.rows[0].values[0].unwrap().value;
    assert!(
        (best - there[next.seat]).abs() < 1e-12,
        "{:?}: {best} {there:?}",
        next.advise
    );
}
