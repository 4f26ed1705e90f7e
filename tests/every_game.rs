//! Every game the registry holds, the coin race of `examples/coin_race.rs` registered beside
//! the built-in ones, goes through review as the registry offers it: each playable game plays
//! to its end by replay (its first action every time), its record is written and read back,
//! and reviews; a game that records a run's games reviews the first two of a run too. Nothing
//! here names a game: a new game, built in or registered, is tested by being in the registry.
//!
//! A process of its own, as `tests/toy_game.rs` is: the registry is the process's.

#[path = "../examples/coin_race.rs"]
mod coin_race;

use dicelab::games::review::GameReview;
use dicelab::games::review::record::{self, Record};
use dicelab::games::session::PlayRequest;
use dicelab::games::{self, Game, Setup};
use dicelab::ops::{self, Asks, MAX_MOVES};
use dicelab::{Result, RunConfig};

/// Registers the coin race once, for whichever test comes first.
fn register() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| games::register(&coin_race::CoinRace).unwrap());
}

/// Few play-outs, so an estimated review takes a moment; a fixed seed.
fn run() -> RunConfig<Option<u64>> {
    RunConfig {
        units: Some(64),
        seed: 3,
        ..RunConfig::default()
    }
}

/// The record of one game of `game` played by replay with its first action at every decision,
/// at a table of two where it takes two (a record holds a whole game of seats).
fn played(game: &dyn Game) -> Option<String> {
    let playable = game.playable()?;
    let (min, max, _) = playable.players();
    let request = PlayRequest {
        players: Some(min.max(2).min(max)),
        seed: 11,
        ..PlayRequest::default()
    };
    let mut moves = Vec::new();
    loop {
        let replayed = ops::replay(game, &request, &moves, Asks::default()).unwrap();
        if replayed.decision.is_none() {
            let rec = replayed
                .record
                .expect("a game that reviews writes its record");
            return Some(record::write(&Record { games: vec![rec] }));
        }
        assert!(
            moves.len() < MAX_MOVES,
            "{}: the game never ends",
            game.name()
        );
        moves.push(0);
    }
}

/// The first two games a run of `game` seeded 5 plays, as a record, where its runs record.
fn recorded(game: &dyn Game) -> Option<String> {
    let players = game.players().min.max(2).min(game.players().max);
    let configured = game
        .configure(&Setup {
            players,
            ..Setup::default()
        })
        .unwrap();
    ops::record_text(configured.as_ref(), 5, 2).ok()
}

/// Every game of `text` reviewed; each player's accounts add up to its result.
fn reviewed(game: &dyn Game, text: &str) -> Result<Vec<GameReview>> {
    let reviews = ops::review_text_with("record t", text, &run())?;
    let reviewer = game.reviewer().unwrap();
    for review in &reviews {
        assert_eq!(review.game, game.name());
        assert_eq!(review.kind, reviewer.kind(), "{}", game.name());
        assert_eq!(
            review.estimated.is_some(),
            reviewer.estimated(),
            "{}",
            game.name()
        );
        assert!(!review.moments.is_empty(), "{}", game.name());
        for p in &review.players {
            let sum = p.start + p.luck - p.cost + p.gifts;
            assert!(
                (sum - p.result).abs() < 1e-6 * p.result.abs().max(1.0),
                "{}: {} {sum} != {}",
                game.name(),
                p.name,
                p.result
            );
        }
    }
    Ok(reviews)
}

#[test]
fn every_registered_game_plays_writes_its_record_and_reviews_it() {
    register();
    let mut reviewed_games = Vec::new();
    for game in games::all() {
        let Some(reviewer) = game.reviewer() else {
            assert!(
                !ops::review_estimates(game.name()),
                "{}: no reviewer estimates",
                game.name()
            );
            continue;
        };
        assert_eq!(ops::record_kind(game.name()), reviewer.kind());
        let (played, recorded) = (played(game), recorded(game));
        assert!(
            played.is_some() || recorded.is_some(),
            "{}: reviews records, but neither plays nor records a game",
            game.name()
        );
        if let Some(text) = &played {
            let reviews = reviewed(game, text).unwrap();
            assert_eq!(reviews.len(), 1, "{}", game.name());
        }
        if let Some(text) = &recorded {
            let reviews = reviewed(game, text).unwrap();
            assert_eq!(reviews.len(), 2, "{}", game.name());
        }
        reviewed_games.push(game.name());
    }
    // The built-in games and the one registered from outside the crate.
    assert!(reviewed_games.contains(&"coin-race"), "{reviewed_games:?}");
    assert_eq!(reviewed_games.len(), games::GAMES.len() + 1);
    // The offer of a review, and its refusal, name every game a reviewer reviews.
    let offered = ops::reviewed_games(false);
    for name in &reviewed_games {
        assert!(offered.contains(name), "{offered}");
    }
    let e = ops::review_text(
        "record t",
        "dicelab record 1\ngame chess\nseat 1 person A\n",
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        format!("record t: line 2, column 1: `chess`: a review is offered for {offered}")
    );
}

/// A record of the coin race that breaks its rules is refused at its line, as a built-in
/// game's is; one the race wrote reviews to its length.
#[test]
fn the_coin_races_review_checks_its_record() {
    register();
    let head = "dicelab record 1\ngame coin-race\nrules target=2\nseat 1 person Cy\nround 1\n";
    let refused = |turns: &str| {
        ops::review_text("record t", &format!("{head}{turns}"))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused("Cy: 2\nCy: 3\n"),
        "record t: line 7, column 5: a flip shows one coin: 1 (tails) or 2 (heads)"
    );
    assert_eq!(
        refused("Cy: 2\nCy: 2\nCy: 1\n"),
        "record t: line 8, column 1: the race is over: no flip follows"
    );
    assert_eq!(
        refused("Cy: 2 / 1\n"),
        "record t: line 6, column 1: a turn is one flip"
    );
    let reviews =
        ops::review_text("record t", &format!("{head}Cy: 1\nCy: 2\nCy: 1\nCy: 2\n")).unwrap();
    let p = &reviews[0].players[0];
    // Expected 4 flips at the start; two tails (+1 each) and two heads (-1 each).
    assert_eq!((p.start, p.luck, p.cost, p.result), (4.0, 0.0, 0.0, 4.0));
}
