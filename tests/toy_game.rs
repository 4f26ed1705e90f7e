//! A game added from outside the crate through the public API alone (the coin race of
//! `examples/coin_race.rs`): it configures, simulates on the engine within 4 standard errors of
//! its exact mean (fixed seed), reports, and refuses a bad option the way every game does.

#[path = "../examples/coin_race.rs"]
mod coin_race;

use coin_race::CoinRace;
use dicelab::games::{Game, Setup};

#[test]
fn a_toy_game_runs_through_the_public_api() {
    let (text, z) = coin_race::race(7, 200_000, 3).unwrap();
    assert!(
        text.starts_with("coin-race | players=1;target=7 | policy flip | seed 3"),
        "{text}"
    );
    assert!(z.abs() < 4.0, "{z:+.2} se from the exact mean 14\n{text}");
    let e = CoinRace
        .configure(&Setup {
            rules: vec!["target=0".into()],
            players: 1,
            policies: vec![],
        })
        .err()
        .unwrap()
        .to_string();
    assert_eq!(
        e,
        "rule option target for coin-race: expected a whole number from 1 to 100, found '0'"
    );
    let e = CoinRace
        .configure(&Setup {
            rules: vec![],
            players: 2,
            policies: vec![],
        })
        .err()
        .unwrap()
        .to_string();
    assert_eq!(
        e,
        "--players 2: coin-race takes 1 player (a race is played alone)"
    );
}
