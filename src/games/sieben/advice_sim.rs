//! The advice's play-outs as a [`Simulation`] the engine runs, so they show progress and stop
//! when asked, like every other run.
//!
//! A unit is one guess of the hidden cards, shared by every play. Guess `g` of seed `s` draws
//! the hidden cards and the refills of this round from `chunk_rng(s, g)` and the rounds after
//! it, with their play-offs, from `chunk_rng(!s, g)`: the streams the advice drew before it ran
//! on the engine, so it advises as it did for every seed. A chunk therefore plays its guesses
//! by their numbers ([`Simulation::run_numbered_chunk`]) and leaves the chunk's own generator
//! unused.
//!
//! What a guess gives each play is counted in exact histograms: per play, the value of each
//! [`VALUES`] column, and per two plays the paired difference of the ranking value. Their sums
//! and sums of squares are the whole numbers the advice's estimates come from ([`Sums`]), so any
//! split of the guesses over threads gives the same advice.

use rand_xoshiro::rand_core::Rng;

use crate::engine::{ChunkRng, Simulation, bump, chunk_rng};
use crate::games::advice::Value;
use crate::merge_fields;
use crate::stats::estimate::z95;
use crate::stats::{Histogram, Metric, MetricId, Subject, Tally};

use super::deck::Counts;
use super::lookahead::Guesser;
use super::play::{GameResult, play_offs, play_rounds};
use super::playout::Playout;
use super::policy::View;
use super::position::Table;
use super::round::{Round, SevenFirstChooser};
use super::round_playout::{on_round, round_to_end};
use super::rules::{Move, Rules};

/// The values a play-out gives a play: chips this round, whether it is the next out, and (with
/// the game) whether it wins the game and its chips at the end.
pub(super) const VALUES: usize = 4;
/// Chips this round.
pub(super) const ROUND_CHIPS: usize = 0;
/// Whether the player is the next out.
pub(super) const NEXT_OUT: usize = 1;
/// Whether the player wins the game.
pub(super) const WIN: usize = 2;
/// The player's chips at the end of the game.
pub(super) const GAME_CHIPS: usize = 3;

/// The values' names in the tally.
const VALUE_NAMES: [&str; VALUES] = ["chips_round", "next_out", "win", "chips_game"];

/// The name of the paired differences' metrics.
const PAIRED: &str = "paired_difference";

/// Guesses a chunk plays: enough that a chunk's buffers cost nothing beside its play-outs, few
/// enough that a small `-n` still spreads over the threads.
const GUESSES_PER_CHUNK: u64 = 256;

/// The advice's play-outs from one position: every legal play tried on every guess.
pub(super) struct Guesses<'a> {
    /// The rules the round and the game are played by.
    pub rules: &'a Rules,
    /// The position.
    pub table: &'a Table,
    /// The position as the player sees it.
    pub view: View<'a>,
    /// The legal plays, in the advice's listed order.
    pub moves: &'a [Move],
    /// The cards nobody has seen, by number.
    pub unseen: Counts,
    /// The lean table every guess is dealt on, when it can hold the position and only this
    /// round is played out.
    pub lean: Option<Playout>,
    /// The run's seed.
    pub seed: u64,
    /// The value the plays are ranked by, whose paired differences are counted.
    pub rank: usize,
}

/// A chunk's tables and buffers, reused from guess to guess.
struct Worker {
    guesser: Guesser,
    refill: Vec<u8>,
    round: Round,
    game: Round,
    values: Vec<[i64; VALUES]>,
}

/// What the guesses gave, as dense histograms (`counts[v]` guesses gave the value `v`): per
/// play and value, and per two plays `i < j` the ranking value's paired difference, `i`'s less
/// `j`'s, counted at the difference plus [`Guesses::spread`].
#[derive(Clone, Debug, Default)]
pub(super) struct Counted {
    values: Vec<[Vec<u64>; VALUES]>,
    pairs: Vec<Vec<u64>>,
}

merge_fields!(Counted { values, pairs });

impl Guesses<'_> {
    /// The most the ranking value can differ between two plays on one guess: the chips of the
    /// best place this round, or one game won.
    fn spread(&self) -> i64 {
        if self.table.game.is_some() {
            1
        } else {
            i64::from(
                *self.table.pay[..self.table.players]
                    .iter()
                    .max()
                    .unwrap_or(&0),
            )
        }
    }

    /// The pairs `i < j` of plays, in the order the tally lists them.
    fn pairs(&self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let plays = self.moves.len();
        (0..plays).flat_map(move |i| (i + 1..plays).map(move |j| (i, j)))
    }

    /// Plays guess `g`: every play tried on it, its values left in `w.values`.
    fn play_guess(&self, g: u64, w: &mut Worker) {
        let (rules, table, view) = (self.rules, self.table, &self.view);
        let players = table.players;
        let outs = table.out.len();
        let mut rng = chunk_rng(self.seed, g);
        // Every guess shuffles the unseen cards from the same order, so guess `g` is the same
        // whichever worker deals it after whichever others.
        w.guesser.list_unseen(&self.unseen);
        let hands_end = w.guesser.guess(view, &mut rng);
        let refills = rng.next_u64();
        let (hands, draw) = w.guesser.last(players - 1, hands_end);
        // The regular rounds after this one, the same whatever is played now.
        let mut later = GameResult::default();
        let mut game_rng = chunk_rng(!self.seed, g);
        if let Some(at) = &table.game {
            later.rounds = at.played + 1;
            let paid: u32 = table.pay[..players].iter().sum();
            let mut pool = at.pool.saturating_sub(paid);
            play_rounds(
                &mut w.game,
                rules,
                at.start,
                &mut later,
                &mut pool,
                &mut game_rng,
                &mut SevenFirstChooser,
                &mut |_, _| {},
            );
        }
        for (i, &m) in self.moves.iter().enumerate() {
            let v = &mut w.values[i];
            let place = match (&self.lean, &table.game) {
                (Some(base), _) => {
                    let mut t = *base;
                    t.deal(hands, draw.len());
                    let end = t.play_out(rules, refills, m, view.new_pile, draw, &mut w.refill);
                    end.place
                }
                (None, None) => on_round(&mut w.round, rules, view, hands, draw, refills, m).place,
                (None, Some(at)) => {
                    let order = round_to_end(&mut w.round, rules, view, hands, draw, refills, m);
                    // The players out before this position took the first places in the order
                    // given; the table lists them first, by seat.
                    let mut result = GameResult {
                        chips: at.chips,
                        rounds: later.rounds,
                        ..GameResult::default()
                    };
                    for (place, &seat) in table.out.iter().enumerate() {
                        result.chips[seat] += table.pay[place];
                    }
                    let mut mine = 0;
                    for (place, &seat) in order[..players].iter().enumerate().skip(outs) {
                        result.chips[usize::from(seat)] += table.pay[place];
                        if seat == 0 {
                            mine = place;
                        }
                    }
                    for s in 0..players {
                        result.chips[s] += later.chips[s];
                    }
                    // Play-offs, when the chips call for them, on one generator per guess.
                    let mut offs_rng = game_rng.clone();
                    play_offs(
                        &mut w.game,
                        rules,
                        at.start,
                        &mut result,
                        &mut offs_rng,
                        &mut SevenFirstChooser,
                        &mut |_, _| {},
                    );
                    v[WIN] = i64::from(result.winners[0]);
                    v[GAME_CHIPS] = i64::from(result.chips[0]);
                    mine
                }
            };
            v[ROUND_CHIPS] = i64::from(table.pay[place]);
            v[NEXT_OUT] = i64::from(place == outs);
        }
    }
}

impl Simulation for Guesses<'_> {
    type Acc = Counted;

    fn units_per_chunk(&self) -> u64 {
        GUESSES_PER_CHUNK
    }

    fn new_acc(&self) -> Counted {
        let width = 2 * self.spread() as usize + 1;
        Counted {
            values: vec![Default::default(); self.moves.len()],
            pairs: self.pairs().map(|_| vec![0; width]).collect(),
        }
    }

    fn run_chunk(&self, _: &mut ChunkRng, _: u64, _: &mut Counted) {
        unreachable!("the engine plays the advice's guesses by their numbers")
    }

    fn run_numbered_chunk(&self, chunk: u64, _: &mut ChunkRng, units: u64, acc: &mut Counted) {
        let (rules, players) = (self.rules, self.table.players as u32);
        let mut w = Worker {
            guesser: Guesser::new(rules.deck.size() as usize),
            refill: Vec::with_capacity(rules.deck.size() as usize),
            round: Round::new(rules, players),
            game: Round::new(rules, players),
            values: vec![[0; VALUES]; self.moves.len()],
        };
        let spread = self.spread();
        let first = chunk * GUESSES_PER_CHUNK;
        for g in first..first + units {
            self.play_guess(g, &mut w);
            for (counts, v) in acc.values.iter_mut().zip(&w.values) {
                for (k, &x) in v.iter().enumerate() {
                    bump(&mut counts[k], x as usize);
                }
            }
            for (counts, (i, j)) in acc.pairs.iter_mut().zip(self.pairs()) {
                let d = w.values[i][self.rank] - w.values[j][self.rank];
                bump(counts, (d + spread) as usize);
            }
        }
    }

    fn tally(&self, acc: Counted) -> Tally {
        let mut metrics = Vec::new();
        for (i, counts) in acc.values.iter().enumerate() {
            for (k, name) in VALUE_NAMES.iter().enumerate() {
                let h = Histogram::from_dense(0, &counts[k]);
                metrics.push(Metric::mean(name, h).about(Subject::Policy(i as u32)));
            }
        }
        for (counts, (i, j)) in acc.pairs.iter().zip(self.pairs()) {
            let h = Histogram::from_dense(-self.spread(), counts);
            metrics.push(Metric::mean(PAIRED, h).about(Subject::Pair(i as u32, j as u32)));
        }
        Tally::new(metrics)
    }
}

/// The whole-number sums the advice's estimates come from: per play and value the sum and the
/// sum of squares, and per two plays those of the ranking value's paired difference.
#[derive(Clone, Debug)]
pub(super) struct Sums {
    n: u64,
    /// Per play and value, the sum over the guesses.
    pub sum: Vec<[i64; VALUES]>,
    squares: Vec<[i128; VALUES]>,
    /// Per play `i` and play `j`, the paired difference's sum (`i`'s less `j`'s) and squares.
    paired: Vec<Vec<(i64, i128)>>,
}

/// A histogram's sum and sum of squares.
fn sums_of(h: &Histogram) -> (i64, i128) {
    let squares = h
        .iter()
        .map(|(v, c)| i128::from(v) * i128::from(v) * i128::from(c))
        .sum();
    (h.sum() as i64, squares)
}

impl Sums {
    /// No guesses: every sum 0.
    pub(super) fn empty(plays: usize) -> Self {
        Self {
            n: 0,
            sum: vec![[0; VALUES]; plays],
            squares: vec![[0; VALUES]; plays],
            paired: vec![vec![(0, 0); plays]; plays],
        }
    }

    /// The sums of `n` guesses of `plays` plays, from the tally [`Guesses`] made of them.
    pub(super) fn of(tally: &Tally, plays: usize, n: u64) -> Self {
        let mut sums = Self::empty(plays);
        sums.n = n;
        let get = |name: &str, subject: Subject| {
            let id = MetricId::new(name, subject);
            &tally
                .get(&id)
                .expect("the advice's tally has every metric")
                .histogram
        };
        for i in 0..plays {
            for (k, name) in VALUE_NAMES.iter().enumerate() {
                let (sum, squares) = sums_of(get(name, Subject::Policy(i as u32)));
                sums.sum[i][k] = sum;
                sums.squares[i][k] = squares;
            }
        }
        for i in 0..plays {
            for j in i + 1..plays {
                let (sum, squares) = sums_of(get(PAIRED, Subject::Pair(i as u32, j as u32)));
                sums.paired[i][j] = (sum, squares);
                sums.paired[j][i] = (-sum, squares);
            }
        }
        sums
    }

    /// The mean of `sum` over `n` with its normal 95% interval, from whole-number sums.
    fn mean(&self, sum: i64, squares: i128) -> Value {
        let n = self.n as i128;
        let mean = sum as f64 / self.n as f64;
        if n < 2 {
            return Value::estimate(mean, f64::NAN);
        }
        // n * sum of squares - sum^2 is exact in whole numbers: no cancellation.
        let spread = (n * squares - i128::from(sum) * i128::from(sum)) as f64;
        let variance = spread / (n * (n - 1)) as f64;
        Value::estimate(mean, z95() * (variance / self.n as f64).sqrt())
    }

    /// Value `k` of play `i`: a chance with its Wilson interval, or a mean with its normal one.
    pub(super) fn value(&self, k: usize, i: usize) -> Value {
        if k == NEXT_OUT || k == WIN {
            Value::proportion(self.sum[i][k] as u64, self.n)
        } else {
            self.mean(self.sum[i][k], self.squares[i][k])
        }
    }

    /// What play `i` loses against play `best` in the ranking value, paired on the guesses.
    pub(super) fn loss(&self, best: usize, i: usize) -> Value {
        let (sum, squares) = self.paired[best][i];
        self.mean(sum, squares)
    }
}
