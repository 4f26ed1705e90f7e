//! The race behind `dicelab advise` where values are estimated (Solitaire Dice, 7): play-outs
//! spent where they decide the ranking.
//!
//! Every action is played out on common random numbers: play-out `g` draws the same dice or
//! cards whatever the action, so two actions' values differ by what the actions do, not by
//! luck, and their paired difference is far less noisy than either value. The race is
//! successive elimination on those paired differences:
//!
//! - Round 1 plays every action `first` times.
//! - After each round the *leader* is the action still racing with the highest mean ranking
//!   value. An action whose paired difference from the leader lies above 0 by `z` standard
//!   errors is *dropped*: it gets no more play-outs (never on fewer than ten play-outs, whose
//!   spread is too noisy to test on). `z` holds the chance that any action is
//!   dropped wrongly (a truly better one, against the leader) to 5% over every comparison the
//!   race can make, all rounds together (Bonferroni), so a drop is a safe one.
//! - The actions left play as many play-outs again as they have had (the rounds double), up to
//!   `most` each.
//! - The race stops when the leader is alone (it is separated from every other action) or when
//!   the actions left have had `most` play-outs each: those cannot be told apart from the leader
//!   on that budget.
//! - An action dropped before the budget is spent is *valued again* on fresh play-outs: it plays
//!   the next round's play-outs (as many again as it had, up to `most`) beside the leader, and
//!   everything the advice prints of it (its values, its loss, its interval) is read from those
//!   alone. The play-outs that dropped it are the ones on which it looked worst: read from them,
//!   its loss would be too large, and its interval, a fixed-sample interval read after a choice
//!   the same numbers made, would miss the true loss too often (the drop's selection bias).
//!   The fresh play-outs are independent of the drop, so its loss is unbiased and its 95%
//!   interval holds as a fixed-sample one does. A race that ends with such an action still to
//!   value plays that round for it and the leader alone.
//!
//! The advice then ranks by the paired difference from the leader (what each action loses
//! against it), and calls an action *separated* from the best where that loss's 95% interval
//! lies above 0: the interval the advice prints, so what it says and what it shows agree.
//!
//! Everything the race decides (the leader, the drops, the rounds' sizes) is read from
//! whole-number sums, which any split of the play-outs over threads adds up to the same: the
//! advice is the same for a seed whatever the threads. A game whose values are not whole
//! numbers (a luck-adjusted score) rounds each play-out's to a fixed point of its own
//! ([`Contest::unit`]) before it is added. The budget is a number of play-outs, never a time:
//! a clock would make the answer depend on the machine.

use std::sync::Arc;

use statrs::distribution::{ContinuousCDF, Normal};

use crate::engine::{self, ChunkRng, Merge, OnProgress, Progress, RunConfig, Simulation, Steps};
use crate::error::Result;
use crate::games::advice::Value;
use crate::stats::Tally;
use crate::stats::estimate::z95;

/// The chance the race may drop any action wrongly, all its comparisons together.
const WRONG_DROP: f64 = 0.05;

/// The fewest play-outs a drop may rest on: the spread of fewer is itself too noisy for a
/// normal test (two play-outs that happen to agree would look certain).
const MIN_TO_DROP: u64 = 10;

/// The play-outs of a position's actions, as a game gives them to the race.
pub trait Contest: Sync {
    /// A chunk's tables and buffers, reused from play-out to play-out.
    type Worker;

    /// The legal actions.
    fn actions(&self) -> usize;

    /// How many values a play-out gives an action.
    fn values(&self) -> usize;

    /// The values in the order they rank the actions: the first decides (its paired
    /// differences are what the race compares), the others break exact ties.
    fn order(&self) -> &[usize];

    /// What one whole number of `value` stands for (1 unless the game keeps a fixed point).
    fn unit(&self, value: usize) -> f64 {
        let _ = value;
        1.0
    }

    /// Play-outs a chunk plays: enough that a chunk's set-up costs nothing beside them.
    fn per_chunk(&self) -> u64;

    /// A chunk's worker.
    fn worker(&self) -> Self::Worker;

    /// Plays play-out `g` for every action `active` marks, leaving action `a`'s values in
    /// `out[a * values ..][..values]`. Play-out `g` must be the same for every action and on
    /// any thread: it draws from `g` (and the seed) alone.
    fn play(&self, g: u64, active: &[bool], worker: &mut Self::Worker, out: &mut [i64]);
}

/// What the race has counted: per action its play-outs and each value's sum and sum of
/// squares, and per two actions the ranking value's paired difference over the play-outs both
/// had. Whole numbers, added exactly: any split of the play-outs gives the same sums.
#[derive(Clone, Debug, PartialEq)]
pub struct Sums {
    actions: usize,
    values: usize,
    /// Per action, its play-outs.
    n: Vec<u64>,
    /// Per action and value (`a * values + v`), the sum and the sum of squares.
    sum: Vec<i128>,
    squares: Vec<i128>,
    /// Per pair `i < j` ([`Sums::pair_index`]): play-outs both had, and the sum and squares of
    /// `i`'s ranking value less `j`'s.
    pairs: Vec<(u64, i128, i128)>,
}

impl Merge for Sums {
    fn merge(&mut self, other: &Self) {
        for (a, b) in self.n.iter_mut().zip(&other.n) {
            *a += b;
        }
        for (a, b) in self.sum.iter_mut().zip(&other.sum) {
            *a += b;
        }
        for (a, b) in self.squares.iter_mut().zip(&other.squares) {
            *a += b;
        }
        for (a, b) in self.pairs.iter_mut().zip(&other.pairs) {
            a.0 += b.0;
            a.1 += b.1;
            a.2 += b.2;
        }
    }
}

impl Sums {
    fn new(actions: usize, values: usize) -> Self {
        Self {
            actions,
            values,
            n: vec![0; actions],
            sum: vec![0; actions * values],
            squares: vec![0; actions * values],
            pairs: vec![(0, 0, 0); actions * actions.saturating_sub(1) / 2],
        }
    }

    /// The index of the pair `i < j` in a row-by-row triangle.
    fn pair_index(&self, i: usize, j: usize) -> usize {
        debug_assert!(i < j && j < self.actions);
        i * (2 * self.actions - i - 1) / 2 + (j - i - 1)
    }

    /// Adds one play-out of the actions `active` marks, their values in `out`, ranked by
    /// `rank`.
    fn add(&mut self, active: &[bool], out: &[i64], rank: usize) {
        for a in (0..self.actions).filter(|&a| active[a]) {
            self.add_values(a, out);
        }
        for i in (0..self.actions).filter(|&i| active[i]) {
            for j in (i + 1..self.actions).filter(|&j| active[j]) {
                self.add_pair(i, j, out, rank);
            }
        }
    }

    /// Counts one play-out of action `a`: its values in `out`.
    fn add_values(&mut self, a: usize, out: &[i64]) {
        let v = self.values;
        self.n[a] += 1;
        for k in 0..v {
            let x = i128::from(out[a * v + k]);
            self.sum[a * v + k] += x;
            self.squares[a * v + k] += x * x;
        }
    }

    /// Counts one play-out of the pair `i < j`: the ranking value `rank` of `i` less `j`'s.
    fn add_pair(&mut self, i: usize, j: usize, out: &[i64], rank: usize) {
        let v = self.values;
        let d = i128::from(out[i * v + rank]) - i128::from(out[j * v + rank]);
        let p = self.pair_index(i, j);
        let pair = &mut self.pairs[p];
        pair.0 += 1;
        pair.1 += d;
        pair.2 += d * d;
    }

    /// Adds one play-out of the actions `fresh` marks, valued again after their drop: their
    /// values, and their ranking value's paired difference from each action `racing` marks
    /// (whose values are in `out` too), so a fresh action's loss against whichever leader the
    /// race ends with reads from these play-outs alone.
    fn add_fresh(&mut self, fresh: &[bool], racing: &[bool], out: &[i64], rank: usize) {
        for a in (0..self.actions).filter(|&a| fresh[a]) {
            self.add_values(a, out);
            for r in (0..self.actions).filter(|&r| racing[r]) {
                self.add_pair(a.min(r), a.max(r), out, rank);
            }
        }
    }

    /// The paired difference of the ranking value, `i`'s less `j`'s: play-outs, sum, squares.
    fn paired(&self, i: usize, j: usize) -> (u64, i128, i128) {
        if i < j {
            self.pairs[self.pair_index(i, j)]
        } else {
            let (n, s, q) = self.pairs[self.pair_index(j, i)];
            (n, -s, q)
        }
    }
}

/// What a round counts: the play-outs of the actions racing, on which the race decides, and
/// apart from them those of the actions valued again after their drop.
#[derive(Clone, Debug, PartialEq)]
struct Counted {
    racing: Sums,
    fresh: Sums,
}

impl Merge for Counted {
    fn merge(&mut self, other: &Self) {
        self.racing.merge(&other.racing);
        self.fresh.merge(&other.fresh);
    }
}

/// The mean of `n` observations from their whole-number sum and sum of squares, with its
/// standard error (NaN below two observations).
fn mean_se(n: u64, sum: i128, squares: i128) -> (f64, f64) {
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    let mean = sum as f64 / n as f64;
    if n < 2 {
        return (mean, f64::NAN);
    }
    let n = i128::from(n);
    // n * squares - sum^2 is exact in whole numbers: no cancellation.
    let spread = (n * squares - sum * sum) as f64;
    let variance = spread / (n * (n - 1)) as f64;
    (mean, (variance / n as f64).sqrt())
}

/// One round's play-outs as the engine runs them: play-outs `first..` of the actions still
/// racing, and of those valued again after their drop (`fresh`).
struct Round<'a, C: Contest> {
    contest: &'a C,
    active: Vec<bool>,
    fresh: Vec<bool>,
    first: u64,
}

impl<C: Contest> Simulation for Round<'_, C> {
    type Acc = Counted;

    fn units_per_chunk(&self) -> u64 {
        self.contest.per_chunk()
    }

    fn new_acc(&self) -> Counted {
        let (actions, values) = (self.contest.actions(), self.contest.values());
        Counted {
            racing: Sums::new(actions, values),
            fresh: Sums::new(actions, values),
        }
    }

    fn run_chunk(&self, _: &mut ChunkRng, _: u64, _: &mut Counted) {
        unreachable!("the engine plays the race's play-outs by their numbers")
    }

    fn run_numbered_chunk(&self, chunk: u64, _: &mut ChunkRng, units: u64, acc: &mut Counted) {
        let mut worker = self.contest.worker();
        let mut out = vec![0; self.contest.actions() * self.contest.values()];
        let rank = self.contest.order()[0];
        let played: Vec<bool> = self
            .active
            .iter()
            .zip(&self.fresh)
            .map(|(a, f)| *a || *f)
            .collect();
        let start = self.first + chunk * self.contest.per_chunk();
        for g in start..start + units {
            self.contest.play(g, &played, &mut worker, &mut out);
            acc.racing.add(&self.active, &out, rank);
            acc.fresh.add_fresh(&self.fresh, &self.active, &out, rank);
        }
    }

    /// Never asked: the race reads its sums itself ([`engine::accumulate`]).
    fn tally(&self, _: Counted) -> Tally {
        Tally::new(Vec::new())
    }
}

/// The caller's watcher, told of every round's play-outs as one piece of work: a round's run
/// starts and finishes nothing.
struct Within(OnProgress);

impl Progress for Within {
    fn start(&self, _: u64, _: Steps) {}
    fn advance(&self, steps: u64) {
        self.0.advance(steps);
    }
    fn set(&self, _: u64, _: &str) {}
    fn finish(&self) {}
    fn stopped(&self) -> bool {
        self.0.stopped()
    }
}

/// How many play-outs the race starts each action with, and the most one may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Play-outs of every action in round 1.
    pub first: u64,
    /// The most play-outs an action may have (`-n`).
    pub most: u64,
}

/// The share of the budget every action plays in the race's first round: an eighth, so that
/// an action clearly worse is dropped at once and a larger `-n` buys every action more from
/// the start, not only the close ones.
const FIRST_SHARE: u64 = 8;

impl Plan {
    /// The plan of a budget of `most` play-outs an action: an eighth of it for every action
    /// first, then doubling up to `most`.
    pub fn of(most: u64) -> Plan {
        Plan {
            first: (most / FIRST_SHARE).max(1),
            most,
        }
    }

    /// The rounds the race may play: `first`, then doubling up to `most`.
    fn rounds(&self) -> u32 {
        let mut n = self.first.max(1);
        let mut rounds = 1;
        while n < self.most {
            n = n.saturating_mul(2).min(self.most);
            rounds += 1;
        }
        rounds
    }
}

/// The normal quantile a drop needs, for `actions` actions over `rounds` rounds: every
/// comparison against the leader, in every round, shares [`WRONG_DROP`] (one-sided).
fn drop_z(actions: usize, rounds: u32) -> f64 {
    let comparisons = (actions.saturating_sub(1).max(1) as f64) * f64::from(rounds.max(1));
    Normal::new(0.0, 1.0)
        .expect("the standard normal is valid")
        .inverse_cdf(1.0 - WRONG_DROP / comparisons)
}

/// How a race of `first` play-outs, then more up to `most`, gives them, in words.
pub fn schedule(first: u64, most: u64) -> String {
    if first >= most {
        format!("{most} each")
    } else {
        format!(
            "{first} each, then more on those still close to the best, up to {most}; any \
             dropped early valued again on fresh ones"
        )
    }
}

/// A finished race: what it counted and what it decided.
#[derive(Clone, Debug, PartialEq)]
pub struct Raced {
    sums: Sums,
    /// The play-outs of each action valued again after its drop, on which all that is printed
    /// of it is read.
    fresh: Sums,
    units: Vec<f64>,
    order: Vec<usize>,
    leader: usize,
    /// Per action, the play-outs it had when it was dropped (`None`: raced to the end).
    dropped: Vec<Option<u64>>,
    plan: Plan,
    /// The drop test's normal quantile.
    pub z: f64,
}

/// Runs the race of `contest`'s actions under `plan`, with `run`'s seed and progress. Rounds
/// run on the thread pool the call is made in. One action is simply played `most` times.
pub fn race<C: Contest>(contest: &C, plan: Plan, run: &RunConfig) -> Result<Raced> {
    let actions = contest.actions();
    let most = plan.most.max(1);
    let first = if actions <= 1 {
        most
    } else {
        plan.first.clamp(1, most)
    };
    let plan = Plan { first, most };
    let z = drop_z(actions, plan.rounds());
    let mut sums = Sums::new(actions, contest.values());
    let mut fresh_sums = Sums::new(actions, contest.values());
    let mut active = vec![true; actions];
    // The actions dropped in the last round, to be valued again in the next.
    let mut fresh = vec![false; actions];
    let mut dropped = vec![None; actions];
    let watch = OnProgress::to(Arc::new(Within(run.progress.clone())));
    run.progress.start(most, Steps::Units);
    let (mut played, mut target) = (0, first);
    let mut ended = None;
    let leader = loop {
        let round = Round {
            contest,
            active: active.clone(),
            fresh: std::mem::replace(&mut fresh, vec![false; actions]),
            first: played,
        };
        let config = RunConfig {
            units: target - played,
            seed: run.seed,
            threads: None,
            shard: engine::Shard::WHOLE,
            progress: watch.clone(),
            first_chunk: 0,
        };
        let counted = engine::accumulate(&round, &config);
        let counted = match counted {
            Ok(c) => c,
            Err(e) => {
                run.progress.finish();
                return Err(e);
            }
        };
        sums.merge(&counted.racing);
        fresh_sums.merge(&counted.fresh);
        played = target;
        if let Some(leader) = ended {
            // The round that valued again what the last drops left: the race is over.
            break leader;
        }
        let leader = leading(contest, &sums, &active);
        for a in 0..actions {
            if active[a] && a != leader && played >= MIN_TO_DROP {
                let (n, s, q) = sums.paired(leader, a);
                let (mean, se) = mean_se(n, s, q);
                // A difference with no spread at all (se 0) is separated by any lead.
                if mean - z * se > 0.0 {
                    active[a] = false;
                    dropped[a] = Some(played);
                    // Dropped before the budget: valued again on the next round's play-outs.
                    fresh[a] = played < most;
                }
            }
        }
        if active.iter().filter(|&&a| a).count() <= 1 || played >= most {
            if !fresh.contains(&true) {
                break leader;
            }
            // One more round, for the leader and the actions just dropped alone.
            ended = Some(leader);
        }
        target = played.saturating_mul(2).min(most);
    };
    run.progress.finish();
    let units = (0..contest.values()).map(|v| contest.unit(v)).collect();
    Ok(Raced {
        sums,
        fresh: fresh_sums,
        units,
        order: contest.order().to_vec(),
        leader,
        dropped,
        plan,
        z,
    })
}

/// The action still racing with the highest mean of the first value of `contest.order()`,
/// ties broken by the next values, then by the listed order. The actions still racing have had
/// the same play-outs, so their sums compare exactly.
fn leading<C: Contest>(contest: &C, sums: &Sums, active: &[bool]) -> usize {
    let v = sums.values;
    let mut best: Option<usize> = None;
    for a in (0..sums.actions).filter(|&a| active[a]) {
        best = Some(match best {
            None => a,
            Some(b) => {
                let better = contest
                    .order()
                    .iter()
                    .map(|&k| sums.sum[a * v + k].cmp(&sums.sum[b * v + k]))
                    .find(|o| o.is_ne())
                    .is_some_and(|o| o.is_gt());
                if better { a } else { b }
            }
        });
    }
    best.unwrap_or(0)
}

impl Raced {
    /// The leader: the best estimate, every other action's loss measured against it.
    pub fn leader(&self) -> usize {
        self.leader
    }

    /// Action `a`'s play-outs: those it raced on, and those it was valued again on after its
    /// drop.
    pub fn playouts(&self, a: usize) -> u64 {
        self.sums.n[a] + self.fresh.n[a]
    }

    /// Play-outs in all, every action's added.
    pub fn total(&self) -> u64 {
        self.sums.n.iter().chain(&self.fresh.n).sum()
    }

    /// The play-outs action `a` was valued again on after its drop (0 where it raced to the
    /// end or was dropped when the budget was spent).
    pub fn revalued(&self, a: usize) -> u64 {
        self.fresh.n[a]
    }

    /// The sums all that is printed of action `a` is read from: the fresh play-outs of an
    /// action valued again after its drop, else the race's.
    fn read(&self, a: usize) -> &Sums {
        if self.fresh.n[a] > 0 {
            &self.fresh
        } else {
            &self.sums
        }
    }

    /// The most play-outs an action could have had.
    pub fn most(&self) -> u64 {
        self.plan.most
    }

    /// The play-outs every action had in round 1.
    pub fn first(&self) -> u64 {
        self.plan.first
    }

    /// How the play-outs were given, for a method line: "16 each, then more on those still
    /// close to the best, up to 128", or "600 each" where the first round was the whole budget.
    pub fn schedule(&self) -> String {
        schedule(self.plan.first, self.plan.most)
    }

    /// Whether the race stopped because the leader was alone: every other action dropped,
    /// separated from it, before the budget was spent.
    pub fn stopped_early(&self) -> bool {
        self.dropped
            .iter()
            .enumerate()
            .all(|(a, d)| a == self.leader || d.is_some())
            && self.sums.n[self.leader] < self.plan.most
    }

    /// The play-outs action `a` had when the race dropped it, if it did.
    pub fn dropped(&self, a: usize) -> Option<u64> {
        self.dropped[a]
    }

    /// The mean of value `v` of action `a` with its normal 95% interval.
    pub fn mean(&self, a: usize, v: usize) -> Value {
        let sums = self.read(a);
        let k = a * sums.values + v;
        let (mean, se) = mean_se(sums.n[a], sums.sum[k], sums.squares[k]);
        Value::estimate(mean * self.units[v], z95() * se * self.units[v])
    }

    /// The share of play-outs where value `v` (0 or 1) of action `a` was 1, with its Wilson
    /// 95% interval.
    pub fn share(&self, a: usize, v: usize) -> Value {
        let sums = self.read(a);
        let hits = sums.sum[a * sums.values + v];
        Value::proportion(u64::try_from(hits).unwrap_or(0), sums.n[a])
    }

    /// What action `a` loses against the leader in the ranking value: the leader's less
    /// `a`'s, paired over the play-outs both had (for an action valued again after its drop,
    /// its fresh play-outs alone), with its normal 95% interval; exactly 0 for the leader
    /// itself.
    pub fn loss(&self, a: usize) -> Value {
        if a == self.leader {
            return Value::exact(0.0);
        }
        self.paired(self.read(a), self.leader, a)
    }

    /// Action `a`'s ranking value less `b`'s in `sums`, paired, with its normal 95% interval.
    fn paired(&self, sums: &Sums, a: usize, b: usize) -> Value {
        let (n, s, q) = sums.paired(a, b);
        let (mean, se) = mean_se(n, s, q);
        let unit = self.units[self.order[0]];
        Value::estimate(mean * unit, z95() * se * unit)
    }

    /// Action `a`'s ranking value less action `b`'s, paired over the play-outs both had in the
    /// race, with its normal 95% interval: for a caller that ranks by something else and holds
    /// the play-outs up against it.
    pub fn difference(&self, a: usize, b: usize) -> Value {
        self.paired(&self.sums, a, b)
    }

    /// Whether action `a` is told apart from the leader: its loss's 95% interval lies above 0.
    /// The leader itself is not.
    pub fn separated(&self, a: usize) -> bool {
        a != self.leader && self.loss(a).ci95.is_some_and(|(low, _)| low > 0.0)
    }

    /// The actions best first: the leader, then by what they lose against it, least first
    /// (ties by the other values' means, larger first, then as listed).
    pub fn ranking(&self) -> Vec<usize> {
        let mut rest: Vec<usize> = (0..self.sums.actions)
            .filter(|&a| a != self.leader)
            .collect();
        rest.sort_by(|&a, &b| {
            self.loss(a)
                .value
                .total_cmp(&self.loss(b).value)
                .then_with(|| {
                    self.order[1..]
                        .iter()
                        .map(|&v| self.mean(b, v).value.total_cmp(&self.mean(a, v).value))
                        .find(|o| o.is_ne())
                        .unwrap_or(std::cmp::Ordering::Equal)
                })
                .then(a.cmp(&b))
        });
        let mut all = Vec::with_capacity(self.sums.actions);
        if self.sums.actions > 0 {
            all.push(self.leader);
        }
        all.extend(rest);
        all
    }
}

#[cfg(test)]
#[path = "race_tests.rs"]
mod tests;
