use super::*;
use crate::games::Setup;
use crate::games::review::{Event, record};

/// `count` games a run of seed 11 plays under `rules`, as records.
fn recorded(game: &str, players: u32, rules: &[&str], count: u64) -> Vec<GameRecord> {
    let setup = Setup {
        players,
        rules: rules.iter().map(|r| r.to_string()).collect(),
        ..Default::default()
    };
    let configured = crate::games::configure(game, &setup).unwrap();
    configured.recorded(11, count).unwrap().unwrap()
}

/// Reviews every game, checking the accounts add up with nothing but luck; returns the reviews.
fn reviewed(games: &[GameRecord]) -> Vec<GameReview> {
    let mut dealt = Dealt::default();
    games
        .iter()
        .map(|g| {
            let r = review("record t", g, &mut dealt, Pass::VALUE).unwrap();
            for p in &r.players {
                assert!(p.residual.abs() < 1e-9, "{p:?}");
                assert_eq!((p.cost, p.gifts, p.decisions), (0.0, 0.0, 0));
            }
            let won: f64 = r.players.iter().map(|p| p.result).sum();
            assert!(won >= 1.0, "somebody wins: {won}");
            r
        })
        .collect()
}

#[test]
fn two_and_three_player_games_add_up_from_start_to_result_by_luck_alone() {
    let reviews = reviewed(&recorded("sequences", 2, &[], 60));
    // The start is the game's exact chance for each seat, a tie counting for both under
    // tie=shared: the two add up to more than 1, and neither seat is far from even.
    let start = &reviews[0].players;
    assert!(start[0].start + start[1].start > 1.0);
    assert!((start[0].start - start[1].start).abs() < 0.05, "{start:?}");
    reviewed(&recorded("hearts-due", 3, &["target=60"], 40));
}

#[test]
fn play_offs_are_recorded_and_reviewed_until_one_leads() {
    // A low target ties often; under tie=playoff every tie is played off.
    let games = recorded("sequences", 3, &["tie=playoff", "target=10"], 300);
    let with_playoff = games
        .iter()
        .filter(|g| g.rounds.iter().any(|r| r.playoff))
        .count();
    assert!(with_playoff > 10, "{with_playoff}");
    for r in reviewed(&games) {
        let winners = r.players.iter().filter(|p| p.result == 1.0).count();
        assert_eq!(winners, 1, "a play-off leaves one winner");
    }
}

#[test]
fn a_cast_is_lucky_on_average_by_nothing() {
    // The chance before a cast is the mean of the chances after it: over many games the first
    // cast's luck for the first seat averages 0, within 4 standard errors.
    let reviews = reviewed(&recorded("sequences", 2, &[], 1000));
    let luck: Vec<f64> = reviews
        .iter()
        .map(|r| match &r.moments[0].event {
            Event::Throw { before, after, .. } => after[0] - before[0],
            Event::Decision { .. } => unreachable!("the game has no decisions"),
        })
        .collect();
    let n = luck.len() as f64;
    let mean = luck.iter().sum::<f64>() / n;
    let sd = (luck.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    assert!(sd > 0.0);
    assert!(
        mean.abs() < 4.0 * sd / n.sqrt(),
        "{mean} vs se {}",
        sd / n.sqrt()
    );
}

/// A hand-typed game of Sequences to 20: Ann wipes, then Bob and Ann tie on 20 and play off.
const HAND: &str = "dicelab record 1
game sequences
rules target=20 tie=playoff
seat 1 person Ann
seat 2 person Bob
round 1
Ann: 1 2 3 4 6 6
Bob: 1 2 3 5 5 5
round 2
Ann: 1 1 1 1 2 3
Bob: 6 6 6 6 4 3
round 3
Ann: 1 2 3 4 5 6
Bob: 1 2 2 3 4 6
playoff 1
Ann: 1 2 1 2 5 5
Bob: 3 3 3 4 4 4
";

#[test]
fn a_hand_typed_game_with_a_wipe_and_a_play_off_is_told_cast_by_cast() {
    let rec = record::parse("record t", HAND, &|_| RecordKind::Throws).unwrap();
    let r = review(
        "record t",
        &rec.games[0],
        &mut Dealt::default(),
        Pass::VALUE,
    )
    .unwrap();
    let left: Vec<&str> = r
        .moments
        .iter()
        .map(|m| match &m.event {
            Event::Throw { left, .. } => left.as_str(),
            Event::Decision { .. } => unreachable!(),
        })
        .collect();
    assert_eq!(
        left,
        [
            "1-2-3-4 scores 15: 0 -> 15",
            "1-2-3 scores 10: 0 -> 10",
            "four 1's wipe the total: 15 -> 0",
            "no run: stays 10",
            "1-2-3-4-5-6 scores 25: 0 -> 25",
            "1-2-3-4 scores 15: 10 -> 25",
            "1-2 and 1-2 scores 10: 25 -> 35",
            "no run: stays 25",
        ]
    );
    assert_eq!(r.moments[6].round, "play-off 1");
    let [ann, bob] = [&r.players[0], &r.players[1]];
    assert_eq!((ann.result, bob.result), (1.0, 0.0));
    // Level at the play-off's start: an even chance each, before Ann's cast.
    match &r.moments[6].event {
        Event::Throw { before, .. } => assert!((before[0] - 0.5).abs() < 1e-12, "{before:?}"),
        Event::Decision { .. } => unreachable!(),
    }
    for p in &r.players {
        assert!(p.residual.abs() < 1e-12, "{p:?}");
    }
}

#[test]
fn a_play_off_starts_level_and_its_chances_add_up_to_one_mid_round() {
    let rules = Rules::from_options(
        Scoring::Sequences,
        &RuleOptions::parse("sequences", Scoring::Sequences.options(), &[]).unwrap(),
    );
    let dist = CastDistribution::new(&rules);
    let level = playoff_odds(&dist, (&[0, 2, 3], 0), 100, &[100, 0, 100, 100], 4);
    for s in [0, 2, 3] {
        assert!((level[s] - 1.0 / 3.0).abs() < 1e-12, "{level:?}");
    }
    assert_eq!(level[1], 0.0);
    let mid = playoff_odds(&dist, (&[0, 2, 3], 1), 100, &[110, 0, 100, 100], 4);
    assert!((mid.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{mid:?}");
    assert!(mid[0] > 1.0 / 3.0 && mid[2] < 1.0 / 3.0, "{mid:?}");
}

/// The review's error for `body` after a two-player game's seats.
fn refused(body: &str) -> String {
    let text = format!(
        "dicelab record 1\ngame sequences\nrules target=20\nseat 1 person Ann\nseat 2 person Bob\n{body}"
    );
    let rec = record::parse("record t", &text, &|_| RecordKind::Throws).unwrap();
    crate::games::review::refused_alike(&mut |pass| {
        review("record t", &rec.games[0], &mut Dealt::default(), pass)
    })
}

#[test]
fn records_that_break_the_rules_are_refused_at_their_line_and_column() {
    let cases = [
        (
            "round 1\nAnn: 1 2 3 4 5\n",
            "line 7, column 6: a cast throws six dice, and 5 are typed",
        ),
        (
            "round 1\nAnn: 1 2 3 4 5 6 / 1 2 3 4 5 6\n",
            "line 7, column 20: a turn of this game is one cast",
        ),
        (
            "round 1\nBob: 1 2 3 4 5 6\n",
            "line 7, column 1: it is Ann's cast here",
        ),
        (
            "round 1\nAnn: 1 2 3 4 5 6 keep 1 2\n",
            "line 7, column 6: a cast keeps no dice",
        ),
        (
            "round 1\nAnn: 1 2 3 4 5 6\nplayoff 1\n",
            "line 7, column 1: round 1 is short: Bob casts next",
        ),
        (
            "round 1\nAnn: 1 2 3 4 5 6 /\n",
            "line 7, column 1: a turn of this game is one cast: it does not go on",
        ),
        (
            "round 2\nAnn: 1 2 3 4 5 6\n",
            "line 6, column 1: round 1 comes here",
        ),
        (
            "round 1\nAnn: 6 6 6 6 6 6\nBob: 1 2 2 3 4 6\nround 2\nAnn: 1 2 3 4 5 6\n",
            "line 9, column 1: the game is over before this round",
        ),
        (
            "round 1\nAnn: 6 6 6 6 6 6\nBob: 1 2 2 3 4 6\nAnn: 1 2 3 4 5 6\n",
            "line 9, column 1: round 1 has 2 casts, one for each player in it; this is one more",
        ),
    ];
    for (body, want) in cases {
        let got = refused(body);
        assert!(got.contains(want), "{body:?}:\n got  {got}\n want {want}");
    }
}

/// The standings kept across games are let go when too many are held (a race to 700 fills
/// them within one game): let go at every new total, the reviews are the same to the last bit,
/// and none asks for a standing let go a moment before (this panicked, "no entry found for
/// key", in races to 700 and more).
#[test]
fn standings_let_go_mid_game_leave_the_review_unchanged() {
    let games = recorded("sequences", 3, &[], 5);
    let kept = reviewed(&games);
    let mut tight = Dealt {
        cap: Some(1),
        ..Dealt::default()
    };
    for (g, r) in games.iter().zip(&kept) {
        assert_eq!(&review("record t", g, &mut tight, Pass::VALUE).unwrap(), r);
    }
}

/// Cut before any cast, a record is the game so far: the whole game's casts up to there,
/// unfinished, each result the chance the whole review has there (the next cast's chance
/// before it), adding up by luck alone; in play-offs too.
#[test]
fn a_record_cut_before_any_cast_is_the_game_so_far_with_its_chances_there() {
    let mut games = recorded("sequences", 3, &["tie=playoff", "target=10"], 40);
    games.retain(|g| g.rounds.iter().any(|r| r.playoff));
    games.extend(recorded("hearts-due", 2, &["target=40"], 3));
    assert!(games.len() > 3);
    let mut dealt = Dealt::default();
    for g in &games {
        let whole = review("record t", g, &mut dealt, Pass::VALUE).unwrap();
        assert!(whole.finished);
        let mut before = 0;
        for (r, round) in g.rounds.iter().enumerate() {
            for t in 0..=round.turns.len() {
                let mut rec = g.clone();
                rec.rounds.truncate(r + 1);
                rec.rounds[r].turns.truncate(t);
                let so_far = review("record t", &rec, &mut dealt, Pass::VALUE).unwrap();
                review("record t", &rec, &mut dealt, Pass::CHECK).unwrap();
                if r + 1 == g.rounds.len() && t == round.turns.len() {
                    assert_eq!(so_far, whole);
                    continue;
                }
                assert!(!so_far.finished && so_far.stops.is_some());
                let n = so_far.moments.len();
                assert_eq!(so_far.moments[..], whole.moments[..n]);
                assert_eq!(n, before + t);
                let Event::Throw { before: there, .. } = &whole.moments[n].event else {
                    unreachable!("a cast is a throw");
                };
                for (p, chance) in so_far.players.iter().zip(there) {
                    assert!((p.result - chance).abs() < 1e-12, "{p:?} {chance}");
                    assert!(p.residual.abs() < 1e-9, "{p:?}");
                }
            }
            before += round.turns.len();
        }
    }
}
