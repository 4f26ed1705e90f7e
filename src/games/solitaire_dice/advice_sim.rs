//! The advice's play-outs, as the race runs them ([`crate::games::race`]): one play-out is one
//! game played from the sheet each division leaves, every division on the same rolls (game `g`
//! of seed `s` rolls the dice of `chunk_rng(s, g)` whatever the division, and the random player
//! tosses the coins of `chunk_rng(!s, g)`).
//!
//! **Luck-adjusted scores.** A final score is mostly the dice: its spread (about 330 points)
//! drowns the few points a division is worth. Each play-out therefore also measures its luck,
//! roll by roll, with an evaluation of the sheet: the best evaluation among the divisions of the
//! roll that came, less the average of that over every roll that could have come (exactly what
//! one roll of expectimax over the evaluation computes, [`Projection::expected`]). Each roll's
//! luck has mean 0 whatever was played before it, so the play-out's score less `beta` times its
//! luck has the same expected value as the score itself, for any `beta`: the advice estimates the
//! same final score, not a model of it. Its spread is much smaller: `projection`'s own model,
//! with `beta` 0.75 (the regression of the score on the luck, measured on the README's roll),
//! leaves a quarter of the variance of a paired difference, for a quarter more time a play-out.
//! `lookahead` measures luck with its own weights (`beta` 0.5, half the variance, a fifth more
//! time); the quicker players play more games instead, as measuring luck would cost several
//! times their game (docs/solitaire-dice.md has the measurements).

use crate::engine::{ChunkRng, chunk_rng};
use crate::games::policy::Policy;
use crate::games::race::Contest;

use super::choice::Choices;
use super::heuristic::Evaluator;
use super::lookahead::Lookahead;
use super::play::{MAX_ROLLS, WIN_SCORE};
use super::policy::{DivideRoll, View};
use super::projection::Projection;
use super::roll::game_rolls;
use super::sheet::Sheet;
use super::sim::{Plays, playing};
use super::spec::PolicySpec;

/// The value a play-out gives a division that ranks them: the luck-adjusted final score, in
/// [`FIXED`]ths of a point.
pub(super) const ADJUSTED: usize = 0;
/// Whether the play-out's final score is a win (500 or more): 1 or 0.
pub(super) const WIN: usize = 1;
/// The values, in ranking order.
const ORDER: [usize; 2] = [ADJUSTED, WIN];
/// Fixed-point steps per point of an adjusted score: whole numbers add up exactly whatever the
/// threads, and a 1024th of a point is far below any interval the advice shows.
const FIXED: f64 = 1024.0;

/// How a player's play-outs measure their luck, and how much of it comes off the score.
enum Measure<'a> {
    /// Not measured: the player's games are quick, and more of them do better.
    None,
    /// By `projection`'s model.
    Projection(&'a Projection, f64),
    /// By a linear evaluation, as `lookahead` sees the next roll.
    Linear(Lookahead<'a>, &'a Evaluator, f64),
}

impl Measure<'_> {
    /// The measure for `spec`'s play-outs.
    fn of(spec: &PolicySpec) -> Measure<'_> {
        match spec {
            PolicySpec::Projection { projection } => Measure::Projection(projection, 0.75),
            PolicySpec::Lookahead { evaluator, .. } => {
                Measure::Linear(Lookahead::new(evaluator), evaluator, 0.5)
            }
            PolicySpec::Greedy
            | PolicySpec::Random
            | PolicySpec::Heuristic { .. }
            | PolicySpec::Learned { .. }
            | PolicySpec::LearnedLookahead { .. } => Measure::None,
        }
    }

    /// The share of the luck that comes off a score.
    fn beta(&self) -> f64 {
        match self {
            Measure::None => 0.0,
            Measure::Projection(_, beta) | Measure::Linear(_, _, beta) => *beta,
        }
    }

    /// The luck of the roll whose divisions are `choices`, on `sheet`: the best evaluation
    /// among them less its average over every roll.
    fn luck(&self, sheet: &Sheet, choices: &Choices) -> f64 {
        let best = |evaluate: &dyn Fn(&Sheet) -> f64| {
            choices
                .iter()
                .map(|&c| {
                    let mut after = *sheet;
                    after.apply(c);
                    evaluate(&after)
                })
                .fold(f64::NEG_INFINITY, f64::max)
        };
        match self {
            Measure::None => 0.0,
            Measure::Projection(p, _) => best(&|s| p.evaluate(s)) - p.expected(sheet),
            Measure::Linear(l, e, _) => best(&|s| e.evaluate(s)) - l.expected(sheet),
        }
    }
}

/// Plays a game on from `sheet` on the rolls of `dice`, as `sim::play_from` does, measuring its
/// luck: the final score and the luck summed over its rolls.
fn measured<P: Policy<DivideRoll> + ?Sized>(
    mut sheet: Sheet,
    policy: &mut P,
    dice: &ChunkRng,
    measure: &Measure,
) -> (i32, f64) {
    let mut rolls = game_rolls(dice);
    let mut luck = 0.0;
    let mut played = 0;
    while !sheet.is_over() {
        // Only MAX_ROLLS rolls without an end could stop a game, which fair dice practically
        // never give (see MAX_ROLLS).
        assert!(
            played < MAX_ROLLS,
            "a game on fair dice ends within MAX_ROLLS rolls"
        );
        let roll = rolls.next().expect("the rolls never run out");
        let choices = sheet.legal_choices(&roll);
        luck += measure.luck(&sheet, &choices);
        let i = policy.choose(
            &View {
                sheet: &sheet,
                roll: &roll,
            },
            &choices,
        );
        sheet.apply(choices[i]);
        played += 1;
    }
    (sheet.score(), luck)
}

/// A play-out measured ([`measured`]), for the player a spec names ([`playing`]).
struct Measured<'a, 'm> {
    after: Sheet,
    dice: &'a ChunkRng,
    measure: &'a Measure<'m>,
}

impl Plays for Measured<'_, '_> {
    type Out = (i32, f64);

    fn play<P: Policy<DivideRoll>>(self, policy: &mut P) -> (i32, f64) {
        measured(self.after, policy, self.dice, self.measure)
    }
}

/// The play-outs of every division of a roll.
pub(super) struct Playouts<'a> {
    /// The player who plays the games out.
    pub spec: &'a PolicySpec,
    /// The sheet each division leaves, in the roll's listed order.
    pub afters: &'a [Sheet],
    /// The run's seed.
    pub seed: u64,
}

impl Playouts<'_> {
    /// Play-out `g` from `after`: its final score and its luck.
    fn game(&self, after: Sheet, g: u64, measure: &Measure) -> (i32, f64) {
        let dice = chunk_rng(self.seed, g);
        // The random player's coins are the game's own too, the same for every division.
        let mut coins = chunk_rng(!self.seed, g);
        playing(
            self.spec,
            &mut coins,
            Measured {
                after,
                dice: &dice,
                measure,
            },
        )
    }

    /// The share of a play-out's luck that comes off its score (0 where luck is not measured).
    pub(super) fn beta(&self) -> f64 {
        Measure::of(self.spec).beta()
    }
}

/// The most play-outs a division may have when `-n` is not given, by player: about a second or
/// two of work on one core for a roll's fifteen divisions from an early sheet (measured:
/// docs/cli.md). The race plays an eighth of it for every division first.
pub(super) fn default_playouts(spec: &PolicySpec) -> u64 {
    match spec {
        PolicySpec::Greedy | PolicySpec::Random => 32_000,
        PolicySpec::Heuristic { .. } | PolicySpec::Learned { .. } => 8_000,
        PolicySpec::Lookahead { .. } => 1_024,
        PolicySpec::Projection { .. } => 128,
        PolicySpec::LearnedLookahead { .. } => 16,
    }
}

impl Contest for Playouts<'_> {
    type Worker = ();

    fn actions(&self) -> usize {
        self.afters.len()
    }

    fn values(&self) -> usize {
        ORDER.len()
    }

    fn order(&self) -> &[usize] {
        &ORDER
    }

    fn unit(&self, value: usize) -> f64 {
        if value == ADJUSTED { 1.0 / FIXED } else { 1.0 }
    }

    /// A chunk of a few milliseconds' play for each player: one game of the players that look
    /// ahead, more of the quicker ones.
    fn per_chunk(&self) -> u64 {
        match self.spec {
            PolicySpec::Greedy | PolicySpec::Random => 64,
            PolicySpec::Heuristic { .. } | PolicySpec::Learned { .. } => 16,
            PolicySpec::Lookahead { .. }
            | PolicySpec::Projection { .. }
            | PolicySpec::LearnedLookahead { .. } => 1,
        }
    }

    fn worker(&self) {}

    fn play(&self, g: u64, active: &[bool], _: &mut (), out: &mut [i64]) {
        let measure = Measure::of(self.spec);
        let beta = measure.beta();
        for (a, after) in self.afters.iter().enumerate() {
            if !active[a] {
                continue;
            }
            let (score, luck) = self.game(*after, g, &measure);
            // Rounded once, here, on whichever thread: the same play-out gives the same number.
            out[a * ORDER.len() + ADJUSTED] =
                ((f64::from(score) - beta * luck) * FIXED).round() as i64;
            out[a * ORDER.len() + WIN] = i64::from(score >= WIN_SCORE);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::sim::play_from;
    use super::*;

    /// The text's example B sheet: 3 x2, 5 x7, 7 x8, 8 x4, 9 x5; throwaways 1 x6, 2 x4, 5 x3.
    fn example_b() -> Sheet {
        Sheet::from_marks(
            &[(3, 2), (5, 7), (7, 8), (8, 4), (9, 5)],
            &[(1, 6), (2, 4), (5, 3)],
        )
        .unwrap()
    }

    /// A play-out that measures its luck plays the very game `simulate` plays from the sheet:
    /// measuring changes nothing of what the player does.
    #[test]
    fn measuring_luck_plays_the_same_games() {
        let sheet = example_b();
        for name in ["projection", "best", "lookahead", "greedy", "random"] {
            let spec: PolicySpec = name.parse().unwrap();
            let afters = [sheet];
            let playouts = Playouts {
                spec: &spec,
                afters: &afters,
                seed: 9,
            };
            let measure = Measure::of(&spec);
            for g in 0..4 {
                let (score, _) = playouts.game(sheet, g, &measure);
                let mut coins = chunk_rng(!9, g);
                let simulated = play_from(&spec, sheet, &chunk_rng(9, g), &mut coins);
                assert_eq!(score, simulated.score, "{name} game {g}");
            }
        }
    }

    /// Each roll's luck averages exactly 0 over the rolls that could come: the adjusted score
    /// estimates the same final score as the score itself.
    #[test]
    fn a_rolls_luck_averages_zero_over_every_roll() {
        use super::super::roll::Roll;
        let projection: PolicySpec = "projection".parse().unwrap();
        let lookahead: PolicySpec = "lookahead".parse().unwrap();
        for sheet in [
            Sheet::new(),
            // Three faces chosen, one a roll from the end: must-use, free rides, ends.
            Sheet::from_marks(&[(6, 4), (7, 9), (2, 1)], &[(1, 7), (4, 2), (6, 5)]).unwrap(),
            example_b(),
        ] {
            for spec in [&projection, &lookahead] {
                let measure = Measure::of(spec);
                let total: f64 = (0..crate::dice::pow6(5))
                    .map(|packed| {
                        let roll = Roll::from_packed(packed);
                        measure.luck(&sheet, &sheet.legal_choices(&roll))
                    })
                    .sum();
                let mean = total / crate::dice::pow6(5) as f64;
                assert!(mean.abs() < 1e-6, "{sheet:?}: {mean}");
            }
        }
    }
}
