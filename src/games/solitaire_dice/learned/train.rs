//! Training a [`ValueNet`] by self-play: TD(0) on afterstates, one game after another on one
//! seeded stream of dice, so the same [`Training`] writes the same weights byte for byte.
//!
//! Each game starts from the empty sheet; each roll is divided greedily on the value so far
//! ([`ValueNet::division`]), and the entries of the previous afterstate move by `alpha` times
//! the error of their prediction: the score the new division added (and the bonus if it ended
//! the game at 500) plus the value after it, less the value they gave. A finished game's
//! afterstate is worth nothing more, which anchors the values to real scores. Learning curves
//! are measured on games of their own seed, played without learning.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::dice::roll_packed;

use super::super::roll::Roll;
use super::super::rules::{DICE, WIN_SCORE};
use super::super::sheet::Sheet;
use super::ValueNet;

/// How a value is trained.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Training {
    /// Self-played games.
    pub games: u64,
    /// The step: how far each entry moves per point of error.
    pub alpha: f32,
    /// The points reaching 500 is worth beyond the score ([`ValueNet::bonus`]).
    pub bonus: f32,
    /// The seed of the training's dice.
    pub seed: u64,
}

impl Training {
    /// The shipped value's training (`src/games/solitaire_dice/learned/value.bin`).
    pub const SHIPPED: Training = Training {
        games: 10_000_000,
        alpha: 0.0002,
        bonus: 100.0,
        seed: 1,
    };
}

/// The dice generator of a training or a measurement.
fn dice(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// The next roll of `rng`.
fn roll(rng: &mut Xoshiro256PlusPlus) -> Roll {
    Roll::from_packed(roll_packed(rng, DICE as u32))
}

/// The afterstate `net` divides `roll` into from `sheet`: the first division of greatest
/// worth, in the order of [`Sheet::legal_choices`], as every one-step player breaks ties.
fn divided(net: &ValueNet, sheet: &Sheet, roll: &Roll) -> (Sheet, f32) {
    let mut best: Option<(f32, super::Choice)> = None;
    for &choice in sheet.legal_choices(roll).iter() {
        let worth = net.division(sheet, choice);
        if best.is_none_or(|(b, _)| worth > b) {
            best = Some((worth, choice));
        }
    }
    let (_, choice) = best.expect("a roll always has a division while the game goes on");
    let mut after = *sheet;
    after.apply(choice);
    let mut reward = sheet.score_change(choice) as f32;
    if after.is_over() && after.score() >= WIN_SCORE {
        reward += net.bonus();
    }
    (after, reward)
}

/// Plays one game on `rng` and learns from it.
fn learn_game(net: &mut ValueNet, rng: &mut Xoshiro256PlusPlus, alpha: f32) {
    let mut sheet = Sheet::new();
    let mut previous: Option<Sheet> = None;
    while !sheet.is_over() {
        let (after, reward) = divided(net, &sheet, &roll(rng));
        if let Some(previous) = previous {
            let error = reward + net.value(&after) - net.value(&previous);
            net.nudge(&previous, alpha * error);
        }
        previous = Some(after);
        sheet = after;
    }
}

/// Trains a value as `training` says, from a value that knows nothing, calling `at` with the
/// value and the games played every `every` games (and at the end).
pub fn train(training: &Training, every: u64, mut at: impl FnMut(u64, &ValueNet)) -> ValueNet {
    let mut net = ValueNet::zero(training.bonus);
    let mut rng = dice(training.seed);
    for game in 1..=training.games {
        learn_game(&mut net, &mut rng, training.alpha);
        if every > 0 && game % every == 0 && game < training.games {
            at(game, &net);
        }
    }
    at(training.games, &net);
    net
}

/// Plays `games` games on the dice of `seed` without learning: each final score.
pub fn play(net: &ValueNet, games: u64, seed: u64) -> Vec<i32> {
    let mut rng = dice(seed);
    (0..games)
        .map(|_| {
            let mut sheet = Sheet::new();
            while !sheet.is_over() {
                sheet = divided(net, &sheet, &roll(&mut rng)).0;
            }
            sheet.score()
        })
        .collect()
}

/// The mean of `scores` and its standard error: what a learning curve's point and a test of
/// the player read from the games [`play`] returns.
pub fn mean_and_error(scores: &[i32]) -> (f64, f64) {
    let n = scores.len() as f64;
    let mean = scores.iter().map(|&s| f64::from(s)).sum::<f64>() / n;
    let var = scores
        .iter()
        .map(|&s| (f64::from(s) - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    (mean, (var / n).sqrt())
}
