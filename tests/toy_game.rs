//! A game added from outside the crate through the public API alone (the coin race of
//! `examples/coin_race.rs`): it configures, simulates on the engine within 4 standard errors of
//! its exact mean (fixed seed), reports, and refuses a bad option the way every game does; once
//! registered, the registry finds it beside the built-in games and keeps its name its own.
//!
//! Only one test registers: the registry is the process's, and the tests share the process.

#[path = "../examples/coin_race.rs"]
mod coin_race;

use coin_race::CoinRace;
use std::process::ExitCode;

use dicelab::app::run_on;
use dicelab::games::{self, GAMES, Game, Setup};
use dicelab::output::Invocation;

#[test]
fn a_toy_game_runs_through_the_public_api() {
    let (text, z) = coin_race::race(&CoinRace, 7, 200_000, 3).unwrap();
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
            files: Default::default(),
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
            files: Default::default(),
        })
        .err()
        .unwrap()
        .to_string();
    assert_eq!(
        e,
        "players 2: coin-race takes 1 player (a race is played alone)"
    );
}

#[test]
fn a_registered_game_is_found_and_listed_and_its_name_stays_its_own() {
    let before = games::all().len();
    assert!(games::find("coin-race").is_err());
    games::register(&CoinRace).unwrap();
    let found = games::find("coin-race").unwrap();
    assert_eq!(found.about(), CoinRace.about());
    // Built-in games first, then the registered ones in order.
    let all = games::all();
    assert_eq!(all.len(), before + 1);
    assert_eq!(all.last().unwrap().name(), "coin-race");
    assert!(all.iter().zip(GAMES).all(|(a, b)| a.name() == b.name()));
    assert!(games::names().contains(&"coin-race"));
    // The registered game runs as the example runs it, through the registry.
    let (text, z) = coin_race::race(found, 5, 50_000, 1).unwrap();
    assert!(text.starts_with("coin-race | players=1;target=5"), "{text}");
    assert!(z.abs() < 4.0, "{z:+.2}\n{text}");
    // A name is taken once, by a built-in game or a registered one.
    let e = games::register(&CoinRace).unwrap_err().to_string();
    assert_eq!(
        e,
        "register game 'coin-race': the name is taken; a game needs a name of its own"
    );
    assert_eq!(games::all().len(), before + 1);
    // An unknown name lists the registered game too.
    let e = games::find("chess").unwrap_err().to_string();
    assert!(e.ends_with("sieben, coin-race"), "{e}");
    // The registered game runs through the command line's own commands and report files.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("race");
    let command = [
        "dicelab",
        "simulate",
        "coin-race",
        "--rule",
        "target=5",
        "-n",
        "40000",
        "--seed",
        "2",
        "-q",
        "--out",
    ];
    let mut command: Vec<String> = command.iter().map(|w| w.to_string()).collect();
    command.push(out.display().to_string());
    let invocation = Invocation {
        command,
        directory: dir.path().display().to_string(),
        started: std::time::SystemTime::now(),
        wait: None,
    };
    assert_eq!(run_on(&invocation), ExitCode::SUCCESS);
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    let flips = summary
        .lines()
        .find(|l| l.contains(",flips,"))
        .unwrap_or_else(|| panic!("no flips row:\n{summary}"));
    assert!(
        flips.contains(",10,"),
        "the exact mean 10 beside the estimate: {flips}"
    );
    let run = std::fs::read_to_string(out.join("run.json")).unwrap();
    assert!(run.contains("\"coin-race\""), "{run}");
    // A bad option is refused by the same command, with the command line's exit code.
    let mut bad = invocation.clone();
    bad.command[4] = "target=0".into();
    assert_eq!(run_on(&bad), ExitCode::from(2));
}
