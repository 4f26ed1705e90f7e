//! Value stability, as rand pins its algorithms: for each game a small run of a fixed seed, its
//! tally hashed and pinned here beside the stream version. A change to what a seed produces
//! fails this test until `STREAM_VERSION` is bumped (docs/reproducibility.md) and the pin updated
//! in the same commit, so no report changes its numbers unannounced.

use dicelab::engine::STREAM_VERSION;
use dicelab::games::advice::{AdviceRequest, Position};
use dicelab::games::review::record::{self, Record};
use dicelab::games::session::PlayRequest;
use dicelab::ops::{self, Asks};
use dicelab::{RunConfig, Setup, games};
use sha2::{Digest, Sha256};

/// The stream version the pins were taken under.
const PINNED_STREAM: u32 = 12;

/// Game, players, policies, units, and the first 16 hex digits of the SHA-256 of the tally's
/// JSON for seed 7.
const PINS: [(&str, u32, &[&str], u64, &str); 7] = [
    ("sequences", 2, &[], 2_000, "1254eb03cc7dbd96"),
    ("hearts-due", 1, &[], 2_000, "643bb9a4df64ca59"),
    (
        "sevens",
        1,
        &["optimal", "rolls:1"],
        20_000,
        "467437adefa95529",
    ),
    ("sevens", 3, &[], 500, "00307d4236782302"),
    (
        "solitaire-dice",
        1,
        // `best` on the learned value since stream 12.
        &["greedy", "heuristic", "best"],
        500,
        "c076196eee4e28f9",
    ),
    ("sieben", 4, &[], 500, "14df3befe15f56ca"),
    // One policy in three seats: its win rate is its seats' (stream 5).
    (
        "sieben",
        4,
        &["blocker", "seven-first", "seven-first", "seven-first"],
        500,
        "a2926600e05dd94b",
    ),
];

fn tally_hash(game: &str, players: u32, policies: &[&str], units: u64) -> String {
    let setup = Setup {
        players,
        policies: policies.iter().map(|p| p.to_string()).collect(),
        ..Default::default()
    };
    let configured = games::configure(game, &setup).unwrap();
    let tally = configured.simulate(&RunConfig::new(units, 7)).unwrap();
    hash(&serde_json::to_vec(&tally).unwrap())
}

#[test]
fn what_a_seed_produces_changes_only_with_the_stream_version() {
    let now: Vec<String> = PINS
        .iter()
        .map(|&(game, players, policies, units, _)| tally_hash(game, players, policies, units))
        .collect();
    let all = &now;
    for (&(game, players, policies, units, pinned), now) in PINS.iter().zip(&now) {
        assert_eq!(
            (STREAM_VERSION, now.as_str()),
            (PINNED_STREAM, pinned),
            "{game}, {players} player(s), {policies:?}, {units} units, seed 7: what the seed \
             produces (right: the pin) changed (left); bump STREAM_VERSION, say why in \
             docs/reproducibility.md and update PINNED_STREAM and the pins together. The pins \
             now: {all:?}",
        );
    }
}

/// The first 16 hex digits of the SHA-256 of `bytes`.
fn hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes)[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Play-outs of an estimated path, seeded 7, on `threads` threads.
fn run(units: u64, threads: usize) -> RunConfig<Option<u64>> {
    RunConfig {
        units: Some(units),
        seed: 7,
        threads: Some(threads),
        ..RunConfig::default()
    }
}

/// Every other seeded path a user can replay, besides `simulate`: what the seed deals and plays
/// at the table (`play --seed`, a Play page's address: its deal, its first moves and its
/// record), the games a run records (`simulate --record`), the advice of each game that
/// estimates it and an estimated review. Each is hashed on one thread and on two, which must
/// agree, and pinned as the tallies are.
fn seeded_paths(threads: usize) -> Vec<(String, String)> {
    let mut paths = Vec::new();
    for game in games::GAMES {
        if let Some(playable) = game.playable() {
            let (min, max, _) = playable.players();
            let request = PlayRequest {
                players: Some(min.max(2).min(max)),
                seed: 7,
                ..PlayRequest::default()
            };
            // The deal and three moves (fewer where the game ends first): each the first
            // action listed.
            let mut moves = Vec::new();
            let mut replayed = ops::replay(*game, &request, &moves, Asks::default()).unwrap();
            while replayed.decision.is_some() && moves.len() < 3 {
                moves.push(0);
                replayed = ops::replay(*game, &request, &moves, Asks::default()).unwrap();
            }
            let record = replayed
                .record
                .map(|r| record::write(&Record { games: vec![r] }));
            let text = format!("{}\n{:?}\n{record:?}", replayed.log, replayed.decision);
            paths.push((format!("play {}", game.name()), hash(text.as_bytes())));
        }
        let players = game.players().min.max(2).min(game.players().max);
        let setup = Setup {
            players,
            ..Setup::default()
        };
        let configured = game.configure(&setup).unwrap();
        if let Ok(text) = ops::record_text(configured.as_ref(), 7, 3) {
            paths.push((format!("record {}", game.name()), hash(text.as_bytes())));
            if game.reviewer().is_some_and(|r| r.estimated()) {
                let mut first = text
                    .split("\ngame ")
                    .take(2)
                    .collect::<Vec<_>>()
                    .join("\ngame ");
                first.push('\n');
                let reviews = ops::review_text_with("record", &first, &run(40, threads)).unwrap();
                let json = serde_json::to_vec(&reviews).unwrap();
                paths.push((format!("review {}", game.name()), hash(&json)));
            }
        }
    }
    // Each estimated game's position (the README's), and its play-outs.
    type Asked<'a> = (&'a str, &'a [(&'a str, &'a str)], u64);
    let positions: [Asked; 2] = [
        ("solitaire-dice", &[("roll", "1,2,3,4,6")], 400),
        (
            "sieben",
            &[
                ("hand", "1,3,3,5,6"),
                ("pile", "2+3"),
                ("others", "7,6,7"),
                ("chips", "10,5,8,7"),
            ],
            300,
        ),
    ];
    for (name, position, units) in positions {
        let request = AdviceRequest {
            rules: Vec::new(),
            policies: Vec::new(),
            position: Position::of(position).unwrap(),
            run: run(units, threads),
        };
        let advice = ops::advise(games::find(name).unwrap(), &request).unwrap();
        let json = serde_json::to_vec(&advice).unwrap();
        paths.push((format!("advise {name}"), hash(&json)));
    }
    paths
}

/// What `play --seed`, `simulate --record`, `advise` and an estimated `review` give for seed
/// 7, pinned beside the stream version as the tallies are: the path's name and the first 16
/// hex digits of the SHA-256 of what it gives.
const PATH_PINS: &[(&str, &str)] = &[
    ("record sequences", "80741deb36e2fb3a"),
    ("record hearts-due", "5b2f4dee1b12291e"),
    ("play sevens", "38fc885804ef9cf7"),
    ("record sevens", "591a44c899fa26e8"),
    ("play solitaire-dice", "b8daab011d4365de"),
    ("record solitaire-dice", "bf2e8b594f3fa2ea"),
    ("review solitaire-dice", "e768d8d341490d29"),
    ("play sieben", "30bdd477a4e74507"),
    ("record sieben", "2e9a6c904be5fe99"),
    ("review sieben", "74d51cd3aa57b1c9"),
    ("advise solitaire-dice", "f1cc5fc8f8788844"),
    ("advise sieben", "d929c1a50333fe88"),
];

#[test]
fn every_seeded_path_changes_only_with_the_stream_version() {
    let one = seeded_paths(1);
    assert_eq!(one, seeded_paths(2), "one thread and two disagree");
    let now: Vec<(&str, &str)> = one.iter().map(|(p, h)| (p.as_str(), h.as_str())).collect();
    assert_eq!(
        (STREAM_VERSION, now.as_slice()),
        (PINNED_STREAM, PATH_PINS),
        "what a seed produces (right: the pins) changed (left); bump STREAM_VERSION, say why \
         in docs/reproducibility.md and update PINNED_STREAM and the pins together"
    );
}
