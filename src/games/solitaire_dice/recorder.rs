//! Games of Solitaire Dice written down as records (`simulate solitaire-dice --record`, and
//! `play`): each roll a round, each sheet still in a turn of it, the roll and the two pairs its
//! division made.
//!
//! A run's games are played again here with their rolls and coins drawn exactly as
//! [`super::sim`] draws them (two words of the chunk's stream a game, every sheet on a copy of
//! the game's dice), so the first games of a record are the run's first games; a test holds the
//! two to the same final scores.

use crate::engine::{ChunkRng, first_units};
use crate::games::policy::Policy;
use crate::games::review::record::{At, GameRecord, Seat, ThrowRecord, TurnRecord};

use super::choice::Choice;
use super::play::play_rolls_from;
use super::policy::{DivideRoll, View};
use super::roll::{Roll, game_rolls};
use super::sheet::Sheet;
use super::sim::{Games, Plays, game_streams, playing};
use super::spec::PolicySpec;

/// One sheet's game: each roll and the division made of it.
pub(super) type Divided = Vec<(Roll, Choice)>;

/// A policy that writes down every roll it divides and the division it made.
struct Keeping<'a, P> {
    policy: &'a mut P,
    kept: Divided,
}

impl<P: Policy<DivideRoll>> Policy<DivideRoll> for Keeping<'_, P> {
    fn choose(&mut self, view: &View<'_>, choices: &[Choice]) -> usize {
        let i = self.policy.choose(view, choices);
        self.kept.push((*view.roll, choices[i]));
        i
    }
}

/// A game played from an empty sheet on the game's rolls, as `sim::play_from` plays it, kept.
struct Kept<'a> {
    dice: &'a ChunkRng,
}

impl Plays for Kept<'_> {
    type Out = Divided;

    fn play<P: Policy<DivideRoll>>(self, policy: &mut P) -> Divided {
        let mut keeping = Keeping {
            policy,
            kept: Vec::new(),
        };
        // As in every game of the engine: MAX_ROLLS rolls without an end never come on fair
        // dice (see MAX_ROLLS).
        play_rolls_from(Sheet::new(), &mut keeping, game_rolls(self.dice))
            .expect("a game on fair dice ends within MAX_ROLLS rolls");
        keeping.kept
    }
}

/// Plays one sheet under `spec` on the game's rolls, as `sim::play_from` plays it (the random
/// policy draws from `coins`), keeping every roll and division.
pub(super) fn play_kept(spec: &PolicySpec, dice: &ChunkRng, coins: &mut ChunkRng) -> Divided {
    playing(spec, coins, Kept { dice })
}

/// The two pairs of `roll` that make `choice`: its set-aside die left out, the other four
/// paired to its two sums.
pub(super) fn pairs_of(roll: &Roll, choice: Choice) -> Vec<[u8; 2]> {
    let mut rest: Vec<u8> = roll.faces().to_vec();
    if let Some(i) = rest.iter().position(|&f| f == choice.set_aside()) {
        rest.remove(i);
    }
    // Four dice pair up in three ways; the one with the choice's sums is the division.
    for partner in 1..4 {
        let first = [rest[0], rest[partner]];
        let others: Vec<u8> = (1..4).filter(|&j| j != partner).map(|j| rest[j]).collect();
        let second = [others[0], others[1]];
        let mut sums = [first[0] + first[1], second[0] + second[1]];
        sums.sort_unstable();
        if sums == choice.sums() {
            return vec![first, second];
        }
    }
    unreachable!("a legal choice of a roll pairs its other four dice to its sums")
}

/// The record of one game of `name` (Solitaire Dice's): `seats` their policies (or people), each
/// sheet's divisions.
pub(super) fn game_record(
    name: &str,
    seats: Vec<Seat>,
    seed: Option<u64>,
    rules: Vec<String>,
    sheets: &[Divided],
) -> GameRecord {
    let mut game = GameRecord {
        game: name.into(),
        rules,
        seed,
        seats,
        ..Default::default()
    };
    let longest = sheets.iter().map(Vec::len).max().unwrap_or(0);
    for r in 0..longest {
        game.begin_round(false);
        let round = game.rounds.last_mut().expect("a round was just begun");
        for (seat, sheet) in sheets.iter().enumerate() {
            if let Some((roll, choice)) = sheet.get(r) {
                round.turns.push(TurnRecord {
                    seat,
                    throws: vec![ThrowRecord {
                        dice: roll.faces().to_vec(),
                        pairs: Some((pairs_of(roll, *choice), At::default())),
                        ..Default::default()
                    }],
                    ..Default::default()
                });
            }
        }
    }
    game
}

/// The first `count` games a run of `games` seeded with `seed` plays on its sheets (each seat's
/// or each compared policy's spec, in order), as records handed to `each` one at a time.
pub(super) fn record(
    name: &str,
    games: &Games,
    rules: Vec<String>,
    (seed, count): (u64, u64),
    each: crate::games::RecordSink,
) -> crate::error::Result<()> {
    // As the run's `run_chunk` plays a chunk, each sheet's divisions kept.
    first_units(games, (seed, count), &mut |rng, units| {
        for _ in 0..units {
            let (dice, mut coins) = game_streams(rng);
            let played: Vec<Divided> = games
                .sheets
                .iter()
                .map(|spec| play_kept(spec, &dice, &mut coins))
                .collect();
            let seats = games
                .sheets
                .iter()
                .map(|s| Seat::Policy(s.as_str().to_string()))
                .collect();
            each(game_record(name, seats, Some(seed), rules.clone(), &played))?;
        }
        Ok(())
    })
}
