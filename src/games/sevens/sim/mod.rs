//! Sevens on the engine: single turns (unit = one turn, every policy of the run on the same
//! dice) and full games (unit = one game).
//!
//! Each turn draws its rolls up front (six dice per roll allowed, three rolls per 64-bit draw),
//! and a word of coin bits from a separate generator when a policy tosses coins; a roll of `n`
//! dice uses the first `n` of that roll's six. A policy that stops early ignores the rest, so
//! every policy sees exactly the same dice (common random numbers), whichever policies share the
//! run and whatever the seed.
//!
//! A full game is played by [`Games`] (its rules are in `play.rs`) and counted here, as
//! it goes, through `play::Observer`. When the players have different policies, each game seats
//! them in a random rotation (the `i`-th policy given in seat `(i + offset) mod P`), so every
//! policy plays every seat equally often: the per-policy win rates compare policies, and the
//! per-seat rates show what the seat is worth. A policy given for several seats is one policy in
//! the report: its win rate is the share of its seats that won, game by game (`games::outcomes`).
//!
//! Beside it, what it runs: `play` (a turn and a whole game on dice drawn up front), `flat`
//! (the single-turn hot path) and `recorder` (a run's games written down as records).

mod flat;
pub(crate) mod play;
pub(super) mod recorder;

use rand_xoshiro::rand_core::Rng;

use crate::engine::{ChunkRng, Simulation};
use crate::games::options::Tie;
use crate::games::outcomes::Wins;
use crate::games::seating::pairs;
use crate::merge_fields;
use crate::stats::{Adjusted, Histogram, Metric, Subject, Tally};

use super::lookup::Lookup;
use super::policy::DecisionTable;
use super::rolls::{RollOutcomes, SCORES};
use super::rules::MAX_ROLLS;
use flat::{FlatPolicy, GROUP};
use play::{GameDice, Games, Observer, Rolls, coin_generator};

/// Most policies one comparison plays on the same dice.
pub(crate) const MAX_POLICIES: usize = 16;

/// Single turns under one or more policies.
#[derive(Clone, Debug)]
pub struct Turns {
    lookup: Lookup,
    policies: Vec<DecisionTable>,
    flat: Vec<FlatPolicy>,
    max_rolls: u8,
    /// The score each policy aims to beat, if it is `target:T`: its `p_beat_target` is reported.
    targets: Vec<Option<u8>>,
}

impl Turns {
    /// Turns of `max_rolls` rolls under `policies` (all compiled for the same rules; at most
    /// `MAX_POLICIES`, 16).
    pub fn new(outcomes: &RollOutcomes, policies: Vec<DecisionTable>) -> Self {
        assert!(
            policies.len() <= MAX_POLICIES,
            "at most {MAX_POLICIES} policies"
        );
        let max_rolls = policies.first().map_or(1, DecisionTable::max_rolls);
        Self {
            lookup: Lookup::new(outcomes),
            flat: policies
                .iter()
                .map(|p| FlatPolicy::new(p, outcomes))
                .collect(),
            targets: vec![None; policies.len()],
            policies,
            max_rolls,
        }
    }

    /// The same turns, reporting for each policy with a target (`target:T`, in the order of
    /// the policies) the share of turns scoring more than it, `p_beat_target`: the number that
    /// policy is asked to make as large as it can.
    pub fn with_targets(mut self, targets: Vec<Option<u8>>) -> Self {
        assert_eq!(targets.len(), self.policies.len(), "one target a policy");
        self.targets = targets;
        self
    }
}

/// Per policy: counts of each score and of each number of rolls used; per pair of policies
/// (in order (0,1), (0,2), ..., (1,2), ...): counts of each score difference, offset by 36.
#[derive(Clone, Debug)]
pub struct TurnsAcc {
    scores: Vec<[u64; SCORES]>,
    rolls: Vec<[u64; MAX_ROLLS as usize + 1]>,
    diffs: Vec<[u64; 2 * SCORES - 1]>,
}
merge_fields!(TurnsAcc {
    scores,
    rolls,
    diffs
});

impl Turns {
    /// Counts the score difference of every pair of policies in one turn (`scores` by policy).
    #[inline(always)]
    fn count_differences(&self, scores: &[u8; MAX_POLICIES], acc: &mut TurnsAcc) {
        for (d, (a, b)) in pairs(self.policies.len()).enumerate() {
            acc.diffs[d][SCORES - 1 + usize::from(scores[a]) - usize::from(scores[b])] += 1;
        }
    }
}

impl Simulation for Turns {
    type Acc = TurnsAcc;

    fn units_per_chunk(&self) -> u64 {
        1 << 16
    }

    fn new_acc(&self) -> TurnsAcc {
        TurnsAcc {
            scores: vec![[0; SCORES]; self.policies.len()],
            rolls: vec![[0; MAX_ROLLS as usize + 1]; self.policies.len()],
            diffs: vec![[0; 2 * SCORES - 1]; pairs(self.policies.len()).count()],
        }
    }

    fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut TurnsAcc) {
        let mut stream = Rolls::new();
        let mut coin_rng = coin_generator(rng);
        let tosses = self.policies.iter().any(DecisionTable::uses_coins);
        if let [policy] = self.flat.as_slice() {
            // One policy: its turns in groups (the same dice per turn, the same counts).
            let draw = |rolls: &mut [u32], coins: &mut u64| {
                for r in rolls.iter_mut() {
                    *r = stream.next(rng);
                }
                *coins = if tosses { coin_rng.next_u64() } else { 0 };
            };
            policy.play_turns(
                &self.lookup,
                units,
                draw,
                &mut acc.scores[0],
                &mut acc.rolls[0],
            );
            return;
        }
        // Several policies: each plays the same group of turns (drawn in turn order, so the
        // same dice as one turn at a time), then the pairs' differences are counted.
        let max_rolls = usize::from(self.max_rolls);
        let mut group = [[0u32; MAX_ROLLS as usize]; GROUP];
        let mut coins = [0u64; GROUP];
        let mut scores = [[0u8; MAX_POLICIES]; GROUP];
        for _ in 0..units / GROUP as u64 {
            for (turn, c) in group.iter_mut().zip(coins.iter_mut()) {
                for r in turn.iter_mut().take(max_rolls) {
                    *r = stream.next(rng);
                }
                *c = if tosses { coin_rng.next_u64() } else { 0 };
            }
            for (p, policy) in self.flat.iter().enumerate() {
                let played = policy.play_group(&self.lookup, &group, &coins);
                for (t, (score, used)) in played.into_iter().enumerate() {
                    acc.scores[p][usize::from(score)] += 1;
                    acc.rolls[p][usize::from(used)] += 1;
                    scores[t][p] = score;
                }
            }
            for turn in &scores {
                self.count_differences(turn, acc);
            }
        }
        let mut rolls = [0u32; MAX_ROLLS as usize];
        for _ in 0..units % GROUP as u64 {
            for r in rolls.iter_mut().take(max_rolls) {
                *r = stream.next(rng);
            }
            let coins = if tosses { coin_rng.next_u64() } else { 0 };
            let mut turn = [0u8; MAX_POLICIES];
            for (p, policy) in self.flat.iter().enumerate() {
                let (score, used) = policy.play(&self.lookup, &rolls, coins);
                acc.scores[p][usize::from(score)] += 1;
                acc.rolls[p][usize::from(used)] += 1;
                turn[p] = score;
            }
            self.count_differences(&turn, acc);
        }
    }

    fn tally(&self, acc: TurnsAcc) -> Tally {
        let several = self.policies.len() > 1;
        let mut metrics = Vec::new();
        for (p, (scores, rolls)) in acc.scores.iter().zip(&acc.rolls).enumerate() {
            let turns: u64 = scores.iter().sum();
            let policy = Subject::policy_of(several, p);
            let score = Histogram::from_dense(0, scores);
            metrics.push(
                Metric::mean("turn_score", score)
                    .plotted()
                    .about(policy)
                    .per_unit(),
            );
            let rolls = Histogram::from_dense(0, rolls);
            metrics.push(
                Metric::mean("rolls_used", rolls)
                    .plotted()
                    .about(policy)
                    .per_unit(),
            );
            let zero = Metric::proportion("p_turn_zero", scores[0], turns);
            metrics.push(zero.about(policy).per_unit());
            if let Some(t) = self.targets[p] {
                let beat = scores.iter().skip(usize::from(t) + 1).sum();
                let beat = Metric::proportion("p_beat_target", beat, turns);
                metrics.push(beat.about(policy).per_unit());
            }
        }
        for ((a, b), diffs) in pairs(self.policies.len()).zip(&acc.diffs) {
            let diffs = Histogram::from_dense(1 - SCORES as i64, diffs);
            let diff = Metric::mean("turn_score", diffs).about(Subject::pair(a, b));
            metrics.push(diff.per_unit());
        }
        Tally::new(metrics)
    }
}

/// Play-off lengths counted one by one up to this many rounds; longer ones share the last bin
/// (a play-off of 16 rounds has a chance far below 1e-15).
const PLAYOFF_BINS: usize = 17;

/// Counts of a chunk of games.
#[derive(Clone, Debug)]
pub struct GamesAcc {
    wins: Wins,
    totals_seat: Vec<Vec<u64>>,
    totals_policy: Vec<Vec<u64>>,
    turn_scores: Vec<[u64; SCORES]>,
    leader_rolls: [u64; MAX_ROLLS as usize + 1],
    leader_round_wins: u64,
    playoff_rounds: [u64; PLAYOFF_BINS],
    /// Where the run values each game's luck: by seat, whether it won less its luck.
    less_luck_seat: Vec<Adjusted>,
    /// The same by policy, where each policy holds one seat (empty otherwise).
    less_luck_policy: Vec<Adjusted>,
}
merge_fields!(GamesAcc {
    wins,
    totals_seat,
    totals_policy,
    turn_scores,
    leader_rolls,
    leader_round_wins,
    playoff_rounds,
    less_luck_seat,
    less_luck_policy,
});

/// The counts of a game, taken as it is played.
impl Observer for GamesAcc {
    #[inline(always)]
    fn turn(&mut self, policy: usize, score: u8, used: u8, first: bool) {
        self.turn_scores[policy][score as usize] += 1;
        if first {
            self.leader_rolls[used as usize] += 1;
        }
    }

    #[inline(always)]
    fn round(&mut self, first_won: bool) {
        if first_won {
            self.leader_round_wins += 1;
        }
    }

    #[inline(always)]
    fn totals(&mut self, totals: &[u32], policy_of: impl Fn(usize) -> usize) {
        for (seat, &total) in totals.iter().enumerate() {
            self.totals_seat[seat][total as usize] += 1;
            // Kept by policy only when the run has several (the run's totals are the seats').
            if !self.totals_policy.is_empty() {
                self.totals_policy[policy_of(seat)][total as usize] += 1;
            }
        }
    }

    #[inline(always)]
    fn end(
        &mut self,
        winners: &[usize],
        tied: bool,
        (playoff_rounds, luck): (u32, Option<&[f64]>),
        policy_of: impl Fn(usize) -> usize,
    ) {
        self.playoff_rounds[playoff_rounds.min(PLAYOFF_BINS as u32 - 1) as usize] += 1;
        if let Some(luck) = luck {
            for (seat, &own) in luck.iter().enumerate() {
                let won = if winners.contains(&seat) { 1.0 } else { 0.0 };
                let y = Adjusted::fixed(won - own);
                self.less_luck_seat[seat].add(y);
                if !self.less_luck_policy.is_empty() {
                    self.less_luck_policy[policy_of(seat)].add(y);
                }
            }
        }
        self.wins.record(winners.iter().copied(), tied, policy_of);
    }
}

/// The win rates with each game's exact luck taken out ([`Games::with_luck`]).
pub(super) const LESS_LUCK: &str = "win_rate_less_luck";

/// Whole games a chunk plays: a record of the run's first games plays them chunk by chunk too.
pub(super) const GAMES_PER_CHUNK: u64 = 1 << 12;

impl Simulation for Games {
    type Acc = GamesAcc;

    fn units_per_chunk(&self) -> u64 {
        GAMES_PER_CHUNK
    }

    fn new_acc(&self) -> GamesAcc {
        let k = self.policies.len();
        let totals = self.max_total() + 1;
        GamesAcc {
            wins: Wins::new(self.players, k),
            totals_seat: vec![vec![0; totals]; self.players],
            totals_policy: vec![vec![0; totals]; if k > 1 { k } else { 0 }],
            turn_scores: vec![[0; SCORES]; k],
            leader_rolls: [0; MAX_ROLLS as usize + 1],
            leader_round_wins: 0,
            playoff_rounds: [0; PLAYOFF_BINS],
            less_luck_seat: vec![
                Adjusted::default();
                if self.values_luck() { self.players } else { 0 }
            ],
            // As many distinct policies as players: each holds one seat every game.
            less_luck_policy: vec![
                Adjusted::default();
                if self.values_luck() && k == self.players {
                    k
                } else {
                    0
                }
            ],
        }
    }

    fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut GamesAcc) {
        let mut dice = GameDice::new(rng);
        for _ in 0..units {
            self.play(&mut dice, acc);
        }
    }

    fn tally(&self, acc: GamesAcc) -> Tally {
        let games = acc.wins.games;
        let mut metrics = Vec::new();
        for (seat, &wins) in acc.wins.seat.iter().enumerate() {
            let win = Metric::proportion("win_rate", wins, games);
            metrics.push(win.about(Subject::seat(seat)).per_unit());
        }
        // The same win rates with each game's luck taken out: the plain wins beside the sums.
        for (seat, sums) in acc.less_luck_seat.iter().enumerate() {
            let won = acc.wins.seat[seat];
            let plain = Histogram::from_dense(0, &[games - won, won]);
            let less = Metric::adjusted(LESS_LUCK, plain, sums.clone());
            metrics.push(less.about(Subject::seat(seat)));
        }
        for (seat, totals) in acc.totals_seat.iter().enumerate() {
            let totals = Histogram::from_dense(0, totals);
            let total = Metric::mean("total", totals).about(Subject::seat(seat));
            metrics.push(total.per_unit());
        }
        let several = self.policies.len() > 1;
        for p in 0..self.policies.len() {
            let policy = Subject::policy_of(several, p);
            if several {
                metrics.push(acc.wins.policy_rate(p, "win_rate"));
                if let Some(sums) = acc.less_luck_policy.get(p) {
                    let plain = Histogram::from_dense(0, &acc.wins.policy[p][..2]);
                    let less = Metric::adjusted(LESS_LUCK, plain, sums.clone());
                    metrics.push(less.about(policy));
                }
                let totals = Histogram::from_dense(0, &acc.totals_policy[p]);
                metrics.push(Metric::mean("total", totals).about(policy));
            }
            let turns = Histogram::from_dense(0, &acc.turn_scores[p]);
            metrics.push(Metric::mean("turn_score", turns).plotted().about(policy));
        }
        let rounds = games * u64::from(self.rules.rounds);
        metrics.push(
            Metric::mean("leader_rolls", Histogram::from_dense(0, &acc.leader_rolls)).plotted(),
        );
        metrics.push(Metric::proportion(
            "p_leader_wins_round",
            acc.leader_round_wins,
            rounds,
        ));
        metrics.push(Metric::proportion("p_tied_finish", acc.wins.tied, games).per_unit());
        if self.rules.tie == Tie::Playoff {
            let playoffs = Histogram::from_dense(0, &acc.playoff_rounds);
            metrics.push(Metric::mean("playoff_rounds", playoffs).per_unit());
        }
        Tally::new(metrics)
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::Rules;
    use super::super::solve::solutions::Solutions;
    use super::super::spec::PolicySpec;
    use super::*;
    use crate::engine::{RunConfig, run};
    use crate::stats::MetricId;

    /// Common random numbers: in a comparison every policy plays the very dice it plays alone
    /// (none of these tosses coins), whether its turns are played in groups or, at a chunk's
    /// end, one by one; and each pair's differences add up to the difference of its totals.
    #[test]
    fn every_policy_of_a_comparison_plays_the_dice_it_plays_alone() {
        let solutions = Solutions::new(Rules::default(), 1);
        let specs = ["optimal", "rolls:3", "threshold:15,10", "leader"];
        let table = |spec: &str| {
            spec.parse::<PolicySpec>()
                .unwrap()
                .compile(&solutions)
                .unwrap()
                .turn()
                .clone()
        };
        let sum = |m: &Metric| {
            m.histogram
                .iter()
                .map(|(v, c)| i128::from(v) * i128::from(c))
                .sum::<i128>()
        };
        // Fewer turns than a group, a group and a bit, and two chunks with a ragged end.
        for units in [3u64, 7, (1 << 16) + 9] {
            let config = RunConfig::new(units, 11);
            let all = run(
                &Turns::new(&solutions.outcomes, specs.map(table).to_vec()),
                &config,
            )
            .unwrap();
            let mut totals = Vec::new();
            for (p, spec) in specs.iter().enumerate() {
                let alone =
                    run(&Turns::new(&solutions.outcomes, vec![table(spec)]), &config).unwrap();
                for name in ["turn_score", "rolls_used"] {
                    let mine = all
                        .get(&MetricId::new(name, Subject::policy_of(true, p)))
                        .unwrap();
                    let theirs = alone.get(&MetricId::run(name)).unwrap();
                    assert_eq!(mine.histogram, theirs.histogram, "{spec} {name} {units}");
                }
                totals.push(sum(alone.get(&MetricId::run("turn_score")).unwrap()));
            }
            for (a, b) in pairs(specs.len()) {
                let diff = all
                    .get(&MetricId::new("turn_score", Subject::pair(a, b)))
                    .unwrap();
                assert_eq!(diff.histogram.count(), units);
                assert_eq!(sum(diff), totals[a] - totals[b], "{a}-{b} {units}");
            }
        }
    }
}
