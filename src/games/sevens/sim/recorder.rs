//! `simulate sevens --record`: the games a run plays, written down as game records.
//!
//! The run's own games, on its own dice: the engine's `Games::play` tells an `Observer` each
//! turn's packed rolls and what each throw kept, and those say every throw (the first `n` dice
//! of each packed roll, `n` the dice the throw before kept) and, under `removal=subsets`, the
//! dice each throw chose to keep. The chunks are played in order from the first, so a record
//! holds the run's first games whatever the threads.

use crate::engine::first_units;
use crate::error::Result;
use crate::games::review::record::{GameRecord, Seat, ThrowRecord, TurnRecord};

use super::super::lookup::Lookup;
use super::super::removal;
use super::super::rolls::RollOutcomes;
use super::super::rules::{Kept, Rules};
use super::play::{GameDice, Games, Observer};

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
    /// The game being played.
    current: GameRecord,
    /// What each throw of the turn being told kept.
    path: Vec<Kept>,
}

impl Recorder<'_> {
    fn game(&mut self) -> &mut GameRecord {
        &mut self.current
    }
}

impl Observer for Recorder<'_> {
    fn begin(&mut self, policy_of: impl Fn(usize) -> usize) {
        let seats = (0..self.players)
            .map(|s| Seat::Policy(self.specs[policy_of(s)].clone()))
            .collect();
        self.current = GameRecord {
            game: "sevens".into(),
            rules: self.pairs.to_vec(),
            seed: Some(self.seed),
            seats,
            ..Default::default()
        };
    }

    fn round_begins(&mut self, playoff: bool) {
        self.game().begin_round(playoff);
    }

    const KEEPS: bool = true;

    fn kept(&mut self, path: &[Kept]) {
        self.path = path.to_vec();
    }

    fn played(&mut self, seat: usize, rolls: &[u32], used: u8, _score: u8) {
        debug_assert_eq!(self.path.len(), usize::from(used));
        let path = std::mem::take(&mut self.path);
        let throws = throws_of((self.outcomes, &self.lookup), &self.rules, rolls, &path);
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

    fn end(&mut self, _: &[usize], _: bool, _: (u32, Option<&[f64]>), _: impl Fn(usize) -> usize) {}
}

/// The throws of a turn that kept `path` (one kept set per throw it made) from the packed
/// `rolls`: each throw the first dice of its packed roll, as many as the throw before kept,
/// read as the turn itself read them; where the removal left a choice (`removal=subsets`), the
/// faces kept, as a person would type them after `keep`.
pub(crate) fn throws_of(
    (outcomes, lookup): (&RollOutcomes, &Lookup),
    rules: &Rules,
    rolls: &[u32],
    path: &[Kept],
) -> Vec<ThrowRecord> {
    let mut dice = rules.dice;
    let mut throws = Vec::new();
    for (&packed, &kept) in rolls.iter().zip(path) {
        let mut p = packed;
        let faces: Vec<u8> = (0..dice)
            .map(|_| {
                let f = (p % 6) as u8 + 1;
                p /= 6;
                f
            })
            .collect();
        let set = lookup.list(dice, packed);
        let keep = (outcomes.sets[set].len() > 1)
            .then(|| removal::removed(rules, &faces, kept).map(|(_, k)| k))
            .flatten();
        debug_assert!(
            outcomes.sets[set].contains(&kept),
            "{faces:?} cannot keep {kept:?}"
        );
        dice = kept.dice;
        throws.push(ThrowRecord {
            dice: faces,
            keep,
            ..Default::default()
        });
    }
    throws
}

/// The first `count` games a run of `games` seeded with `seed` plays, as records handed to
/// `each` one at a time.
pub(crate) fn record(
    games: &Games,
    outcomes: &RollOutcomes,
    (specs, pairs): (&[String], &[String]),
    (seed, count): (u64, u64),
    each: crate::games::RecordSink,
) -> Result<()> {
    let mut recorder = Recorder {
        outcomes,
        lookup: Lookup::new(outcomes),
        rules: games.rules,
        specs,
        pairs,
        seed,
        players: games.players,
        current: GameRecord::default(),
        path: Vec::new(),
    };
    // As the run's `run_chunk` plays a chunk, its observer the recorder.
    first_units(games, (seed, count), &mut |rng, units| {
        let mut dice = GameDice::new(rng);
        for _ in 0..units {
            games.play(&mut dice, &mut recorder);
            each(std::mem::take(&mut recorder.current))?;
        }
        Ok(())
    })
}
