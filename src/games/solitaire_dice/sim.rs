//! Solitaire Dice on the engine: unit = one game, every sheet of the run on the same rolls.
//!
//! A run plays one or more sheets per game. With one player the sheets are the policies being
//! compared; with `--players P` they are the P seats (the text's several players, who "all share
//! the same rolls"). Either way every sheet divides exactly the same rolls (common random
//! numbers): each game seeds its own dice generator from one word of the chunk generator, and
//! every sheet replays the rolls from a copy of it. The random policy draws from a second
//! generator seeded from the next word, so it never consumes the dice, and a game's rolls depend
//! only on (seed, chunk, game), not on which policies share the run. Nothing is allocated per
//! game.

use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::engine::{ChunkRng, Simulation};
use crate::error::Result;
use crate::games::outcomes::Wins;
use crate::games::seating::{Seats, pairs};
use crate::merge_fields;
use crate::stats::{Histogram, Metric, Subject, Tally};

use super::general::play_general;
use super::greedy::GreedyGame;
use super::heuristic::Heuristic;
use super::learned::{Learned, Planned};
use super::lookahead::Lookahead;
use super::play::{MAX_ROLLS, Outcome, WIN_SCORE, play_rolls_from, play_rolls_under};
use super::policy::{DivideRoll, Greedy, GreedyUnder};
use super::projection::Projected;
use super::roll::{Dice, game_rolls};
use super::rules::{DICE, PENALTY, Rules, SUMS, VALUES};
use super::sheet::Sheet;
use super::spec::PolicySpec;
use crate::games::policy::{OneStep, Policy, Random};

/// Games a chunk of a run plays: the recorder (`simulate --record`) draws the same games.
pub(super) const GAMES_PER_CHUNK: u64 = 1 << 12;

/// Most seats in a game (`--players`): reports get two rows per seat.
pub(crate) const MAX_PLAYERS: u32 = 8;

/// Most policies one single-player comparison plays on the same rolls.
pub(crate) const MAX_POLICIES: usize = 8;

/// Every score is a multiple of this (values and penalty are), so histograms count steps of it.
const SCORE_STEP: i32 = 10;

/// The lowest score: a penalty on every row.
const SCORE_MIN: i32 = PENALTY * SUMS as i32;

/// Scores from [`SCORE_MIN`] to the highest (every row at ten marks), in steps of [`SCORE_STEP`].
const SCORE_BINS: usize = {
    let mut max = 0;
    let mut i = 0;
    while i < SUMS {
        max += 5 * VALUES[i];
        i += 1;
    }
    ((max - SCORE_MIN) / SCORE_STEP) as usize + 1
};

/// Counts of rolls and free rides per game: 0 to [`MAX_ROLLS`].
const ROLL_BINS: usize = MAX_ROLLS as usize + 1;

/// A game of greedy on the game's rolls: what `play_rolls(&mut OneStep(Greedy), ...)` plays,
/// with each choice made by [`GreedyGame`] instead of picked from a list (greedy is the policy
/// runs of millions of games use most).
#[inline(always)]
fn play_greedy(dice: &ChunkRng) -> Outcome {
    let mut game = GreedyGame::new();
    let (mut played, mut free_rides) = (0u32, 0u32);
    let mut rng = dice.clone();
    let mut stream = Dice::new();
    loop {
        assert!(
            played < MAX_ROLLS,
            "a game on fair dice ends within MAX_ROLLS rolls"
        );
        let choice = game.choose(stream.next(&mut rng));
        played += 1;
        free_rides += u32::from(choice.free_ride());
        if game.apply(choice) {
            break;
        }
    }
    let sheet = *game.sheet();
    Outcome {
        score: sheet.score(),
        rolls: played,
        free_rides,
        sheet,
    }
}

/// Plays one sheet under `spec` on the game's rolls; the random policy draws from `coins`.
#[inline(always)]
fn play_sheet(spec: &PolicySpec, dice: &ChunkRng, coins: &mut ChunkRng) -> Outcome {
    match spec {
        PolicySpec::Greedy => play_greedy(dice),
        _ => play_from(spec, Sheet::new(), dice, coins),
    }
}

/// Plays one sheet under a house rule's `rules` on the game's rolls, or on the general path of
/// [`play_general`] with other than five dice. Only greedy and random play house rules
/// ([`house_policy`] refuses the rest before any game).
#[inline(never)]
fn play_house(rules: &Rules, spec: &PolicySpec, dice: &ChunkRng, coins: &mut ChunkRng) -> Outcome {
    if rules.dice != DICE as u8 {
        return play_general(rules, spec, dice, coins);
    }
    let rolls = game_rolls(dice);
    let game = match spec {
        PolicySpec::Random => {
            play_rolls_under(rules, Sheet::new(), &mut Random::new(&mut *coins), rolls)
        }
        _ => play_rolls_under(
            rules,
            Sheet::new(),
            &mut OneStep(GreedyUnder { rules }),
            rolls,
        ),
    };
    // Every face a game may throw away ends it within 6 x 11 + 1 rolls that are not free rides;
    // a hundred rolls needs at least 33 free rides in a row's worth of rolls, never seen on
    // fair dice (see MAX_ROLLS).
    game.expect("a game on fair dice ends within MAX_ROLLS rolls")
}

/// Refuses, in one line, a policy that cannot play a house rule: the heuristic, lookahead,
/// projection and learned players' weights, tables, projections and values are built for the text's numbers (its eight
/// end marks, three faces and scoring bands), so under other numbers they would play a game
/// they do not know.
pub(crate) fn house_policy(rules: &Rules, spec: &PolicySpec, house: &str) -> Result<()> {
    match spec {
        PolicySpec::Greedy | PolicySpec::Random => Ok(()),
        _ if rules.is_text() => Ok(()),
        other => Err(crate::error::Error::input(
            crate::error::Message::default()
                .setting(crate::error::Setting::POLICY)
                .text(format!(
                    " {other}: plays only the text's rules (its weights and tables are built for \
                     them); under {house} use greedy or random"
                )),
        )),
    }
}

/// What a histogram of a run's scores is sized by: the lowest score, the step every score is a
/// multiple of, and the number of bins from the lowest to the highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bins {
    min: i32,
    step: i32,
    scores: usize,
}

impl Bins {
    /// The text's bins, from the constants.
    const TEXT: Bins = Bins {
        min: SCORE_MIN,
        step: SCORE_STEP,
        scores: SCORE_BINS,
    };

    /// The bins of `rules`' scores.
    fn of(rules: &Rules) -> Self {
        let (min, max, step) = rules.score_range();
        Bins {
            min,
            step,
            scores: ((max - min) / step) as usize + 1,
        }
    }

    /// The first bin whose score is at least `score` (the number of bins if none is).
    fn first_at_least(&self, score: i32) -> usize {
        if score <= self.min {
            return 0;
        }
        let i = (i64::from(score) - i64::from(self.min) + i64::from(self.step) - 1)
            / i64::from(self.step);
        (i as usize).min(self.scores)
    }
}

/// What is done with the player a spec names ([`playing`]): a game played, measured or
/// recorded, by the policy's own type, so every game loop stays monomorphic.
pub(super) trait Plays {
    /// What playing gives.
    type Out;
    /// Plays with `policy`.
    fn play<P: Policy<DivideRoll>>(self, policy: &mut P) -> Self::Out;
}

/// Hands `work` the player `spec` names, built once here for every caller (the random player
/// drawing from `coins`).
#[inline(always)]
pub(super) fn playing<W: Plays>(spec: &PolicySpec, coins: &mut ChunkRng, work: W) -> W::Out {
    match spec {
        PolicySpec::Greedy => work.play(&mut OneStep(Greedy)),
        PolicySpec::Random => work.play(&mut Random::new(&mut *coins)),
        PolicySpec::Heuristic { evaluator, .. } => {
            work.play(&mut OneStep(Heuristic::new(evaluator)))
        }
        PolicySpec::Lookahead { evaluator, .. } => {
            work.play(&mut OneStep(Lookahead::new(evaluator)))
        }
        PolicySpec::Projection { projection } => {
            work.play(&mut OneStep(Projected::new(projection)))
        }
        PolicySpec::Learned { net, .. } => work.play(&mut OneStep(Learned::new(net))),
        PolicySpec::LearnedLookahead { net } => work.play(&mut OneStep(Planned::new(net))),
    }
}

/// A game played on from a sheet on the game's rolls ([`play_from`]).
struct From<'a> {
    sheet: Sheet,
    dice: &'a ChunkRng,
}

impl Plays for From<'_> {
    type Out = Outcome;

    #[inline(always)]
    fn play<P: Policy<DivideRoll>>(self, policy: &mut P) -> Outcome {
        // Only MAX_ROLLS rolls without an end can fail a game of a built-in policy: with fair
        // dice that takes 79 free rides of chance 1/32 each, below 1e-90 (see MAX_ROLLS).
        play_rolls_from(self.sheet, policy, game_rolls(self.dice))
            .expect("a game on fair dice ends within MAX_ROLLS rolls")
    }
}

/// Plays on from `sheet` under `spec` on the game's rolls (the random policy draws from
/// `coins`): a game from its start, or a coach's play-out from a position.
#[inline(always)]
pub(super) fn play_from(
    spec: &PolicySpec,
    sheet: Sheet,
    dice: &ChunkRng,
    coins: &mut ChunkRng,
) -> Outcome {
    playing(spec, coins, From { sheet, dice })
}

/// Index of `score` in a score histogram of the text's rules.
#[inline(always)]
fn score_bin(score: i32) -> usize {
    ((score - SCORE_MIN) / SCORE_STEP) as usize
}

/// A histogram of scores from dense counts in steps of `step` from `lowest`.
fn score_histogram(lowest: i32, step: i32, counts: &[u64]) -> Histogram {
    let mut h = Histogram::new();
    for (i, &c) in counts.iter().enumerate() {
        h.add(i64::from(lowest) + i64::from(step) * i as i64, c);
    }
    h
}

/// Whole games: one or more policies on the same rolls with one player, or seats of a game.
#[derive(Clone, Debug)]
pub struct Games {
    /// Each sheet's policy: each compared policy's (one player), or each seat's.
    pub(super) sheets: Vec<PolicySpec>,
    players: u32,
    /// The distinct policies, and which of them each sheet plays (seats that share a policy win
    /// as one: "who wins, greedy or lookahead?" is asked per policy).
    policies: Vec<PolicySpec>,
    policy_of_seat: Vec<usize>,
    /// The rules, and whether they are the text's: then every game plays the text's fast path
    /// (greedy's own loop, the constant tables), as before house rules existed.
    rules: Rules,
    text: bool,
    bins: Bins,
}

impl Games {
    /// With `players` 1, one sheet per policy compared (at most `MAX_POLICIES`, 8) on the same
    /// rolls; with 2 to `MAX_PLAYERS` (8), a game of that many seats as `seats` seats them.
    pub fn new(players: u32, seats: &Seats<PolicySpec>) -> Self {
        assert!((1..=MAX_PLAYERS).contains(&players));
        assert!(seats.seating.len() <= MAX_POLICIES.max(MAX_PLAYERS as usize));
        Self {
            sheets: seats
                .seating
                .iter()
                .map(|&p| seats.policies[p].clone())
                .collect(),
            players,
            policies: seats.policies.clone(),
            policy_of_seat: seats.seating.clone(),
            rules: Rules::TEXT,
            text: true,
            bins: Bins::TEXT,
        }
    }

    /// [`Games::new`] under `rules`, named `house` in messages (the rules column): refused, in
    /// one line, if a policy cannot play them (`house_policy`).
    pub fn under(
        rules: &Rules,
        house: &str,
        players: u32,
        seats: &Seats<PolicySpec>,
    ) -> Result<Self> {
        for spec in &seats.policies {
            house_policy(rules, spec, house)?;
        }
        let text = rules.is_text();
        Ok(Self {
            rules: rules.clone(),
            text,
            bins: if text { Bins::TEXT } else { Bins::of(rules) },
            ..Self::new(players, seats)
        })
    }

    /// Plays one sheet: the text's fast path, or the house rule's general one.
    #[inline(always)]
    fn play(&self, spec: &PolicySpec, dice: &ChunkRng, coins: &mut ChunkRng) -> Outcome {
        if self.text {
            play_sheet(spec, dice, coins)
        } else {
            play_house(&self.rules, spec, dice, coins)
        }
    }

    /// Index of `score` in this run's score histogram.
    #[inline(always)]
    fn bin(&self, score: i32) -> usize {
        if self.text {
            score_bin(score)
        } else {
            ((score - self.bins.min) / self.bins.step) as usize
        }
    }

    /// `policies` compared by one player on the same rolls.
    pub fn comparing(policies: &[PolicySpec]) -> Result<Self> {
        let seats = Seats::new(policies.to_vec(), PolicySpec::Greedy, 1, MAX_POLICIES)?;
        Ok(Self::new(1, &seats))
    }

    fn multiplayer(&self) -> bool {
        self.players > 1
    }
}

/// A game's two streams, from two words of the chunk's whatever its policies do: its dice and
/// the random player's coins, so a game's rolls and coins depend only on (seed, chunk, game),
/// in a run and in its recorder.
pub(super) fn game_streams(rng: &mut ChunkRng) -> (ChunkRng, ChunkRng) {
    let dice = ChunkRng::seed_from_u64(rng.next_u64());
    let coins = ChunkRng::seed_from_u64(rng.next_u64());
    (dice, coins)
}

/// Counts of a chunk of games, per sheet (a policy, or a seat) and per pair of sheets.
#[derive(Clone, Debug)]
pub struct GamesAcc {
    games: u64,
    scores: Vec<Vec<u64>>,
    rolls: Vec<[u64; ROLL_BINS]>,
    free_rides: Vec<[u64; ROLL_BINS]>,
    /// Single player: score differences per pair of policies, offset by `SCORE_BINS - 1`.
    diffs: Vec<Vec<u64>>,
    /// Several players: wins per seat and policy, and games whose best score was shared.
    wins: Wins,
    /// Several players: rolls until every seat was out.
    game_rolls: [u64; ROLL_BINS],
}
merge_fields!(GamesAcc {
    games,
    scores,
    rolls,
    free_rides,
    diffs,
    wins,
    game_rolls,
});

impl Simulation for Games {
    type Acc = GamesAcc;

    fn units_per_chunk(&self) -> u64 {
        GAMES_PER_CHUNK
    }

    fn new_acc(&self) -> GamesAcc {
        let n = self.sheets.len();
        let pairs = if self.multiplayer() {
            0
        } else {
            pairs(n).count()
        };
        GamesAcc {
            games: 0,
            scores: vec![vec![0; self.bins.scores]; n],
            rolls: vec![[0; ROLL_BINS]; n],
            free_rides: vec![[0; ROLL_BINS]; n],
            diffs: vec![vec![0; 2 * self.bins.scores - 1]; pairs],
            wins: if self.multiplayer() {
                Wins::new(n, self.policies.len())
            } else {
                Wins::default()
            },
            game_rolls: [0; ROLL_BINS],
        }
    }

    fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut GamesAcc) {
        let mut scores = [0i32; MAX_POLICIES];
        for _ in 0..units {
            // Two words of the chunk's stream per game, whatever its policies do: the game's
            // rolls and the random policy's coins depend only on (seed, chunk, game).
            let (dice, mut coins) = game_streams(rng);
            let mut longest = 0;
            for (s, spec) in self.sheets.iter().enumerate() {
                let game = self.play(spec, &dice, &mut coins);
                longest = longest.max(game.rolls as usize);
                acc.scores[s][self.bin(game.score)] += 1;
                acc.rolls[s][game.rolls as usize] += 1;
                acc.free_rides[s][game.free_rides as usize] += 1;
                scores[s] = game.score;
            }
            let n = self.sheets.len();
            if self.multiplayer() {
                let top = *scores[..n].iter().max().expect("at least two seats");
                let winners = (0..n).filter(|&seat| scores[seat] == top);
                let tied = winners.clone().count() > 1;
                acc.wins
                    .record(winners, tied, |seat| self.policy_of_seat[seat]);
                acc.game_rolls[longest] += 1;
            } else {
                let (step, bins) = if self.text {
                    (SCORE_STEP, SCORE_BINS)
                } else {
                    (self.bins.step, self.bins.scores)
                };
                for (d, (a, b)) in pairs(n).enumerate() {
                    let diff = (scores[a] - scores[b]) / step;
                    acc.diffs[d][(diff + bins as i32 - 1) as usize] += 1;
                }
            }
            acc.games += 1;
        }
    }

    fn tally(&self, acc: GamesAcc) -> Tally {
        let games = acc.games;
        let mut metrics = Vec::new();
        let bins = self.bins;
        let (won_from, positive_from) =
            (bins.first_at_least(self.rules.win), bins.first_at_least(1));
        let won = |scores: &[u64]| scores[won_from..].iter().sum::<u64>();
        let positive = |scores: &[u64]| scores[positive_from..].iter().sum::<u64>();
        let won_name = if self.rules.win == WIN_SCORE {
            "p_score_500".to_string()
        } else {
            format!("p_score_{}", self.rules.win)
        };
        if self.multiplayer() {
            // Seats keep their policy, so a seat's figures are that policy's when they differ.
            let mixed = self.policies.len() > 1;
            let seat = |seat: usize| Subject::Seat {
                seat: seat as u32,
                policy: mixed.then_some(self.policy_of_seat[seat] as u32),
            };
            for (s, &wins) in acc.wins.seat.iter().enumerate() {
                let win = Metric::proportion("win_rate", wins, games);
                metrics.push(win.about(seat(s)).per_unit());
            }
            for (s, scores) in acc.scores.iter().enumerate() {
                let h = score_histogram(bins.min, bins.step, scores);
                metrics.push(Metric::mean("final_score", h).about(seat(s)).per_unit());
            }
            if mixed {
                for p in 0..acc.wins.policy.len() {
                    metrics.push(acc.wins.policy_rate(p, "win_rate"));
                }
            }
            metrics.push(Metric::proportion("p_tied_finish", acc.wins.tied, games).per_unit());
            let rolls = Histogram::from_dense(0, &acc.game_rolls);
            metrics.push(Metric::mean("rolls_per_game", rolls).per_unit());
            return Tally::new(metrics);
        }
        let several = self.sheets.len() > 1;
        for s in 0..self.sheets.len() {
            let tag = |m: Metric| m.about(Subject::policy_of(several, s)).per_unit();
            let scores = &acc.scores[s];
            metrics.push(tag(Metric::mean(
                "final_score",
                score_histogram(bins.min, bins.step, scores),
            )
            .plotted()));
            metrics.push(tag(Metric::proportion(&won_name, won(scores), games)));
            metrics.push(tag(Metric::proportion(
                "p_score_positive",
                positive(scores),
                games,
            )));
            metrics.push(tag(Metric::mean(
                "rolls_per_game",
                Histogram::from_dense(0, &acc.rolls[s]),
            )));
            metrics.push(tag(Metric::mean(
                "free_rides_per_game",
                Histogram::from_dense(0, &acc.free_rides[s]),
            )));
        }
        for ((a, b), diffs) in pairs(self.sheets.len()).zip(&acc.diffs) {
            let lowest = -bins.step * (bins.scores as i32 - 1);
            let diffs = score_histogram(lowest, bins.step, diffs);
            let diff = Metric::mean("final_score", diffs).about(Subject::pair(a, b));
            metrics.push(diff.per_unit());
        }
        Tally::new(metrics)
    }
}

#[cfg(test)]
#[path = "sim_tests.rs"]
mod tests;
