//! Value stability, as rand pins its algorithms: for each game a small run of a fixed seed, its
//! tally hashed and pinned here beside the stream version. A change to what a seed produces
//! fails this test until `STREAM_VERSION` is bumped (docs/reproducibility.md) and the pin updated
//! in the same commit, so no report changes its numbers unannounced.

use dicelab::engine::STREAM_VERSION;
use dicelab::{RunConfig, Setup, games};
use sha2::{Digest, Sha256};

/// The stream version the pins were taken under.
const PINNED_STREAM: u32 = 8;

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
    ("sevens", 3, &[], 500, "791f42b7f2833314"),
    (
        "solitaire-dice",
        1,
        &["greedy", "heuristic"],
        500,
        "4d826b9f0cb7b55d",
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
    let json = serde_json::to_vec(&tally).unwrap();
    Sha256::digest(&json)[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
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
