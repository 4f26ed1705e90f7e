//! The advice's play-outs as a [`Simulation`] the engine runs, so they show progress and stop
//! when asked, like every other run.
//!
//! A unit is one play-out game, played from the sheet each division leaves. Game `g` of seed
//! `s` rolls the dice of `chunk_rng(s, g)` whatever the division, and the random player tosses
//! the coins of `chunk_rng(!s, g)`: the streams the advice drew before it ran on the engine, so
//! it advises as it did for every seed. A chunk therefore plays its games by their numbers
//! ([`Simulation::run_numbered_chunk`]) and leaves the chunk's own generator unused.

use crate::engine::{ChunkRng, Merge, Simulation, chunk_rng};
use crate::stats::{Histogram, Metric, MetricId, Subject, Tally};

use super::sheet::Sheet;
use super::sim::play_from;
use super::spec::PolicySpec;

/// The name of the final scores' metrics.
const SCORES: &str = "final_score";

/// The name of the paired differences' metrics.
const LOSSES: &str = "loss";

/// The play-outs of every division of a roll.
pub(super) struct Playouts<'a> {
    /// The player who plays the games out.
    pub spec: &'a PolicySpec,
    /// The sheet each division leaves, in the roll's listed order.
    pub afters: &'a [Sheet],
    /// The division the others' losses are measured against.
    pub reference: usize,
    /// The run's seed.
    pub seed: u64,
}

/// Per division, the play-outs' final scores and their paired differences from the reference
/// division (its score less this one's), as exact histograms: any split of the games over
/// threads merges to the same counts, and the estimates are the reports' own.
#[derive(Clone, Debug)]
pub(super) struct Scores {
    scores: Vec<Histogram>,
    losses: Vec<Histogram>,
}

impl Merge for Scores {
    fn merge(&mut self, other: &Self) {
        for (a, b) in self.scores.iter_mut().zip(&other.scores) {
            a.merge(b);
        }
        for (a, b) in self.losses.iter_mut().zip(&other.losses) {
            a.merge(b);
        }
    }
}

impl Simulation for Playouts<'_> {
    type Acc = Scores;

    /// A chunk of a few milliseconds' play for each player: one game of the players that look
    /// ahead, more of the quicker ones.
    fn units_per_chunk(&self) -> u64 {
        match self.spec {
            PolicySpec::Greedy | PolicySpec::Random => 64,
            PolicySpec::Heuristic { .. } => 16,
            PolicySpec::Lookahead { .. } | PolicySpec::Best { .. } => 1,
        }
    }

    fn new_acc(&self) -> Scores {
        Scores {
            scores: vec![Histogram::new(); self.afters.len()],
            losses: vec![Histogram::new(); self.afters.len()],
        }
    }

    fn run_chunk(&self, _: &mut ChunkRng, _: u64, _: &mut Scores) {
        unreachable!("the engine plays the advice's games by their numbers")
    }

    fn run_numbered_chunk(&self, chunk: u64, _: &mut ChunkRng, units: u64, acc: &mut Scores) {
        let first = chunk * self.units_per_chunk();
        for g in first..first + units {
            let dice = chunk_rng(self.seed, g);
            let scores: Vec<i64> = self
                .afters
                .iter()
                .map(|after| {
                    // The random player's coins are the game's own too, the same for every
                    // division.
                    let mut coins = chunk_rng(!self.seed, g);
                    i64::from(play_from(self.spec, *after, &dice, &mut coins).score)
                })
                .collect();
            let base = scores[self.reference];
            for (i, &x) in scores.iter().enumerate() {
                acc.scores[i].add(x, 1);
                acc.losses[i].add(base - x, 1);
            }
        }
    }

    fn tally(&self, acc: Scores) -> Tally {
        let r = self.reference as u32;
        let scores = acc
            .scores
            .into_iter()
            .enumerate()
            .map(|(i, h)| Metric::mean(SCORES, h).about(Subject::Policy(i as u32)));
        let losses = acc
            .losses
            .into_iter()
            .enumerate()
            .map(|(i, h)| Metric::mean(LOSSES, h).about(Subject::Pair(r, i as u32)));
        Tally::new(scores.chain(losses).collect())
    }
}

impl Scores {
    /// The scores and losses of `divisions` divisions from the tally [`Playouts`] made of them,
    /// whose losses are measured against `reference`.
    pub(super) fn of(tally: &Tally, divisions: usize, reference: usize) -> Self {
        let get = |name: &str, subject: Subject| {
            let id = MetricId::new(name, subject);
            let metric = tally.get(&id).expect("the advice's tally has every metric");
            metric.histogram.clone()
        };
        let r = reference as u32;
        Self {
            scores: (0..divisions as u32)
                .map(|i| get(SCORES, Subject::Policy(i)))
                .collect(),
            losses: (0..divisions as u32)
                .map(|i| get(LOSSES, Subject::Pair(r, i)))
                .collect(),
        }
    }

    /// No play-outs: every histogram empty.
    pub(super) fn empty(divisions: usize) -> Self {
        Self {
            scores: vec![Histogram::new(); divisions],
            losses: vec![Histogram::new(); divisions],
        }
    }

    /// The final scores of the division `i` left.
    pub(super) fn scores(&self, i: usize) -> &Histogram {
        &self.scores[i]
    }

    /// Division `i`'s paired differences: the reference's score less its own.
    pub(super) fn losses(&self, i: usize) -> &Histogram {
        &self.losses[i]
    }
}
