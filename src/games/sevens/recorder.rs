//! `simulate sevens --record`: the games a run plays, written down as game records.
//!
//! The run's own games, on its own dice: the engine's `Games::play` tells an `Observer` each
//! turn's packed rolls and the rolls it used, and under `removal=pairs` those say every throw
//! (the first `n` dice of each packed roll, `n` the dice the last throw kept). The chunks are
//! played in order from the first, so a record holds the run's first games whatever the
//! threads.

use crate::engine::chunk_rng;
use crate::error::{Error, Result};
use crate::games::review::record::{GameRecord, Seat, ThrowRecord, TurnRecord};

use super::lookup::Lookup;
use super::play::{GameDice, Games, Observer};
use super::rolls::RollOutcomes;
use super::rules::{Removal, Rules};

/// What the observer writes down as a game is played.
struct Recorder<'a> {
    outcomes: &'a RollOutcomes,
    lookup: Lookup,
    rules: Rules,
    /// Each distinct policy's spec.
    specs: &'a [String],
    /// The rule options as `key=value`.
    pairs: &'a [String],
    seed: u64,
    players: usize,
    games: Vec<GameRecord>,
}

impl Recorder<'_> {
    fn game(&mut self) -> &mut GameRecord {
        self.games.last_mut().expect("a game has begun")
    }
}

impl Observer for Recorder<'_> {
    fn begin(&mut self, policy_of: impl Fn(usize) -> usize) {
        let seats = (0..self.players)
            .map(|s| Seat::Policy(self.specs[policy_of(s)].clone()))
            .collect();
        self.games.push(GameRecord {
            game: "sevens".into(),
            rules: self.pairs.to_vec(),
            seed: Some(self.seed),
            seats,
            ..Default::default()
        });
    }

    fn round_begins(&mut self, playoff: bool) {
        self.game().begin_round(playoff);
    }

    fn played(&mut self, seat: usize, rolls: &[u32], used: u8, _score: u8) {
        let throws = throws_of((self.outcomes, &self.lookup), self.rules.dice, rolls, used);
        let game = self.game();
        let round = game.rounds.last_mut().expect("a round has begun");
        round.turns.push(TurnRecord {
            seat,
            throws,
            ..Default::default()
        });
    }

    fn turn(&mut self, _: usize, _: u8, _: u8, _: bool) {}

    fn round(&mut self, _: bool) {}

    fn totals(&mut self, _: &[u32], _: impl Fn(usize) -> usize) {}

    fn end(&mut self, _: &[usize], _: bool, _: u32, _: impl Fn(usize) -> usize) {}
}

/// The throws of a turn that used the first `used` of the packed `rolls`, from `dice` dice
/// (under `removal=pairs`, where a throw's dice say what it kept): each throw the first dice of
/// its packed roll, as many as the throw before kept, read as the turn itself read them.
pub(super) fn throws_of(
    (outcomes, lookup): (&RollOutcomes, &Lookup),
    mut dice: u8,
    rolls: &[u32],
    used: u8,
) -> Vec<ThrowRecord> {
    let mut throws = Vec::new();
    for &packed in &rolls[..usize::from(used)] {
        let mut p = packed;
        let faces: Vec<u8> = (0..dice)
            .map(|_| {
                let f = (p % 6) as u8 + 1;
                p /= 6;
                f
            })
            .collect();
        let set = lookup.list(dice, packed);
        dice = outcomes.sets[set][0].dice;
        throws.push(ThrowRecord {
            dice: faces,
            ..Default::default()
        });
    }
    throws
}

/// The first `count` games a run of `games` seeded with `seed` plays, as records.
pub(super) fn record(
    games: &Games,
    outcomes: &RollOutcomes,
    (specs, pairs): (&[String], &[String]),
    seed: u64,
    count: u64,
) -> Result<Vec<GameRecord>> {
    if games.rules.removal != Removal::Pairs {
        return Err(Error::input(
            "--record: Sevens games are recorded under removal=pairs so far (under subsets a \
             throw's kept dice are a choice the run does not keep)",
        ));
    }
    let mut recorder = Recorder {
        outcomes,
        lookup: Lookup::new(outcomes),
        rules: games.rules,
        specs,
        pairs,
        seed,
        players: games.players,
        games: Vec::new(),
    };
    let per_chunk = super::sim::GAMES_PER_CHUNK;
    let mut chunk = 0;
    while (recorder.games.len() as u64) < count {
        let mut rng = chunk_rng(seed, chunk);
        let mut dice = GameDice::new(&mut rng);
        let units = per_chunk.min(count - recorder.games.len() as u64);
        for _ in 0..units {
            games.play(&mut dice, &mut recorder);
        }
        chunk += 1;
    }
    Ok(recorder.games)
}
