//! Sequences and Hearts Due on the engine: one player racing to the target, or a full game.
//!
//! Both loops draw casts as packed rolls (three casts from one 64-bit draw) and look their
//! outcome up in the rule table built once per run, so a cast costs a table load and an add.

use crate::accumulator::bump;
use crate::dice::RollStream;
use crate::engine::{ChunkRng, Simulation, side_stream};
use crate::games::outcomes::Wins;
use crate::merge_fields;
use crate::stats::{Histogram, Metric, Subject, Tally};

use super::rules::{Code, DICE, Rules};
use crate::games::options::Tie;

/// Casts of six dice, three per 64-bit draw (6^18 < 2^64, so a redraw is a one-in-180,000 event).
pub(super) type Casts = RollStream<DICE, 3>;

/// Counts of each cast outcome code, the wipe code last.
type CastCounts = Vec<u64>;

/// The cast metrics every run of this game reports, from outcome counts whose last code is the
/// wipe.
fn cast_metrics(casts: &[u64]) -> Vec<Metric> {
    let wipe = casts.len() - 1;
    let wipes = casts[wipe];
    let mut points = Histogram::from_dense(0, &casts[..wipe]);
    points.add(0, wipes);
    let scoring = Histogram::from_dense(1, &casts[1..wipe]);
    let all: u64 = casts.iter().sum();
    let no_score = casts[0] + wipes;
    vec![
        Metric::mean("points_per_cast", points).plotted(),
        Metric::mean("points_per_scoring_cast", scoring),
        Metric::proportion("p_cast_no_score", no_score, all),
        Metric::proportion("p_cast_penalty", wipes, all),
    ]
}

/// Casts once, counts the outcome, and returns the new total (0 after a wipe).
///
/// Shared by races and games; always inlined, since it is the whole hot loop.
#[inline(always)]
fn cast(
    table: &[Code],
    wipe: Code,
    rng: &mut ChunkRng,
    casts: &mut Casts,
    counts: &mut [u64],
    total: u32,
) -> u32 {
    apply(table, wipe, casts.next(rng), counts, total)
}

/// The packed cast `packed` counted and added to `total` (0 after a wipe).
#[inline(always)]
fn apply(table: &[Code], wipe: Code, packed: u32, counts: &mut [u64], total: u32) -> u32 {
    let code = table[packed as usize];
    counts[usize::from(code)] += 1;
    if code == wipe {
        0
    } else {
        total + u32::from(code)
    }
}

/// One player casting until their total reaches the target: unit = one such race.
#[derive(Clone, Debug)]
pub struct Race {
    table: Vec<Code>,
    wipe: Code,
    target: u32,
}

impl Race {
    /// A race under `rules`.
    pub fn new(rules: &Rules) -> Self {
        let table = rules.cast_table();
        Self {
            table: table.codes,
            wipe: table.wipe,
            target: rules.target,
        }
    }
}

/// What a chunk of races records.
#[derive(Clone, Debug)]
pub struct RaceAcc {
    casts: CastCounts,
    turns: Vec<u64>,
}
merge_fields!(RaceAcc { casts, turns });

impl Simulation for Race {
    type Acc = RaceAcc;

    fn units_per_chunk(&self) -> u64 {
        1 << 14
    }

    fn new_acc(&self) -> RaceAcc {
        RaceAcc {
            casts: vec![0; usize::from(self.wipe) + 1],
            turns: vec![0; 256],
        }
    }

    fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut RaceAcc) {
        let mut casts = Casts::new();
        let table: &[Code] = &self.table;
        for _ in 0..units {
            let mut total = 0u32;
            let mut turns = 0usize;
            while total < self.target {
                total = cast(table, self.wipe, rng, &mut casts, &mut acc.casts, total);
                turns += 1;
            }
            bump(&mut acc.turns, turns);
        }
    }

    fn tally(&self, acc: RaceAcc) -> Tally {
        let mut metrics = cast_metrics(&acc.casts);
        metrics.push(
            Metric::mean("turns_to_target", Histogram::from_dense(0, &acc.turns))
                .plotted()
                .per_unit(),
        );
        Tally::new(metrics)
    }
}

/// A full game of `players` players: unit = one game.
///
/// Every player casts once per round in seat order; when anyone reaches the target the round is
/// finished so all have had the same number of turns, and the highest total wins (ties per the
/// `tie` option).
#[derive(Clone, Debug)]
pub struct Game {
    table: Vec<Code>,
    wipe: Code,
    target: u32,
    players: usize,
    tie: Tie,
}

impl Game {
    /// A game under `rules` for `players` players.
    pub fn new(rules: &Rules, players: usize) -> Self {
        let table = rules.cast_table();
        Self {
            table: table.codes,
            wipe: table.wipe,
            target: rules.target,
            players,
            tie: rules.tie,
        }
    }
}

/// What a game tells whoever watches it as it is played (`simulate --record`); the run itself
/// watches with `()`, which compiles to nothing.
pub(super) trait Watch {
    /// A round begins: a play-off round where `playoff`.
    fn round(&mut self, playoff: bool);
    /// `seat` cast the packed roll `packed`.
    fn cast(&mut self, seat: usize, packed: u32);
}

impl Watch for () {
    #[inline(always)]
    fn round(&mut self, _: bool) {}
    #[inline(always)]
    fn cast(&mut self, _: usize, _: u32) {}
}

/// Games a chunk plays: a run's chunks are played in order, so a record of its first games
/// replays them chunk by chunk.
pub(super) const GAMES_PER_CHUNK: u64 = 1 << 12;

impl Game {
    /// A count of every cast outcome, the wipe's last.
    pub(super) fn counts(&self) -> CastCounts {
        vec![0; usize::from(self.wipe) + 1]
    }

    /// Plays one game on `rng`, counting each cast's outcome in `counts`; leaves the final totals
    /// and the winners in `totals` and `leaders`, and returns the rounds played (play-offs
    /// included) and whether the regular rounds ended tied.
    ///
    /// Not inlined: the run's loop measured about 10% faster with a call per game than with the
    /// game inlined into it (`simulate sequences --players 2`, one thread, 20M games).
    #[inline(never)]
    pub(super) fn play(
        &self,
        (rng, casts): (&mut ChunkRng, &mut Casts),
        counts: &mut [u64],
        (totals, leaders): (&mut [u32], &mut Vec<usize>),
        watch: &mut impl Watch,
    ) -> (usize, bool) {
        totals.fill(0);
        let mut rounds = 0usize;
        loop {
            rounds += 1;
            watch.round(false);
            for (seat, total) in totals.iter_mut().enumerate() {
                let packed = casts.next(rng);
                watch.cast(seat, packed);
                *total = apply(&self.table, self.wipe, packed, counts, *total);
            }
            if totals.iter().any(|&t| t >= self.target) {
                break;
            }
        }
        let best = *totals.iter().max().expect("at least one player");
        leaders.clear();
        leaders.extend((0..self.players).filter(|&s| totals[s] == best));
        let tied = leaders.len() > 1;
        if tied && self.tie == Tie::Playoff {
            // On dice of its own, so the next game casts what it would without it.
            let (mut rng, mut casts) = (side_stream(rng), Casts::new());
            while leaders.len() > 1 {
                rounds += 1;
                watch.round(true);
                for &seat in leaders.iter() {
                    let packed = casts.next(&mut rng);
                    watch.cast(seat, packed);
                    totals[seat] = apply(&self.table, self.wipe, packed, counts, totals[seat]);
                }
                let best = leaders.iter().map(|&s| totals[s]).max().unwrap_or(0);
                leaders.retain(|&s| totals[s] == best);
            }
        }
        (rounds, tied)
    }
}

/// What a chunk of games records.
#[derive(Clone, Debug)]
pub struct GameAcc {
    casts: CastCounts,
    wins: Wins,
    rounds: Vec<u64>,
}
merge_fields!(GameAcc {
    casts,
    wins,
    rounds
});

impl Simulation for Game {
    type Acc = GameAcc;

    fn units_per_chunk(&self) -> u64 {
        GAMES_PER_CHUNK
    }

    fn new_acc(&self) -> GameAcc {
        GameAcc {
            casts: self.counts(),
            wins: Wins::new(self.players, 1),
            rounds: vec![0; 64],
        }
    }

    fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut GameAcc) {
        let mut casts = Casts::new();
        let mut totals = vec![0u32; self.players];
        let mut leaders: Vec<usize> = Vec::with_capacity(self.players);
        for _ in 0..units {
            let (rounds, tied) = self.play(
                (rng, &mut casts),
                &mut acc.casts,
                (&mut totals, &mut leaders),
                &mut (),
            );
            acc.wins.record(leaders.iter().copied(), tied, |_| 0);
            bump(&mut acc.rounds, rounds);
        }
    }

    fn tally(&self, acc: GameAcc) -> Tally {
        let mut metrics = cast_metrics(&acc.casts);
        let games = acc.wins.games;
        for (seat, &wins) in acc.wins.seat.iter().enumerate() {
            let win = Metric::proportion("win_rate", wins, games);
            metrics.push(win.about(Subject::seat(seat)).per_unit());
        }
        metrics.push(Metric::proportion("p_tied_finish", acc.wins.tied, games).per_unit());
        metrics.push(
            Metric::mean("game_rounds", Histogram::from_dense(0, &acc.rounds))
                .plotted()
                .per_unit(),
        );
        Tally::new(metrics)
    }
}
