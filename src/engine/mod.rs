//! The chunked, seeded, parallel runner.
//!
//! A run of `n` units is cut into chunks of a fixed size chosen by the simulation. Chunk `i` gets
//! a generator derived only from `(seed, i)`, so what a chunk computes never depends on which
//! thread, process or machine runs it. Accumulators merge exactly (see [`crate::stats`]), so any
//! thread count and any split into shards (shard `K/N` runs chunks K, K+N, K+2N, ...) give the
//! same totals, byte for byte.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;
use rayon::prelude::*;

pub use crate::accumulator::{Merge, bump};

mod pool;
mod progress;
mod shard;

use crate::error::{Error, Result, Setting};
use crate::stats::{Tally, Units};
pub use pool::{Pool, run_in_thread, runs_in_thread, thread_pool};
pub use progress::{OnProgress, Progress, STOPPED, Steps};
pub use shard::{Shard, index_ranges, runs_text, shard_chunks, shard_run_units, shard_units};

/// The version of the streams of chance: which numbers a seed draws for which unit, through the
/// chunking, the per-chunk generators and every game's way of drawing dice, cards and coins.
///
/// Any change that alters what a run of a given seed reports (a different chunk size, another
/// generator, a game drawing its dice in another order, a rule's default) bumps it. Every run
/// records it, and `merge` refuses to combine shards of different stream versions, since their
/// chunks would not be parts of one run. `docs/reproducibility.md` gives the policy.
pub const STREAM_VERSION: u32 = 12;

/// The most worker threads a run may ask for: far more than any machine dicelab runs on has
/// cores, and few enough that starting them costs no noticeable time (4000 threads took 8.5 s
/// for a run of 1000 races).
pub const MAX_THREADS: usize = 1024;

/// The worker threads a run may ask for, least and most: the one range every front end reads
/// (the command line's `--threads` quotes it in its refusals).
pub const THREADS: (u64, u64) = (1, MAX_THREADS as u64);

/// Why a run may not ask for `threads` worker threads ([`THREADS`]), or `None` when it may. The
/// one check of a thread count: the command line's `--threads` and every run ([`check_threads`])
/// make it here, in the same words.
pub fn threads_refusal(threads: u64) -> Option<String> {
    let (min, max) = THREADS;
    if threads < min {
        Some(format!("expected at least {min}, found {threads}"))
    } else if threads > max {
        Some(format!("too large; the largest allowed is {max}"))
    } else {
        None
    }
}

/// `threads` worker threads, if a run may ask for that many ([`threads_refusal`]).
pub fn check_threads(threads: u64) -> Result<usize> {
    let (min, max) = THREADS;
    match threads_refusal(threads) {
        None => Ok(threads as usize),
        Some(why) => Err(Error::value(Setting::THREADS, threads.to_string(), why)
            .outside(threads, (min.into(), max.into()))),
    }
}

/// Why a run may not have `units` units (it needs at least one), or `None` when it may. The one
/// check of a unit count: the command line's `-n` and every run ([`check_units`]) make it.
pub fn units_refusal(units: u64) -> Option<String> {
    (units == 0).then(|| "expected at least 1 unit, found 0".to_string())
}

/// `units`, if a run may have that many ([`units_refusal`]).
pub fn check_units(units: u64) -> Result<u64> {
    match units_refusal(units) {
        None => Ok(units),
        Some(why) => Err(Error::setting(Setting::UNITS, why).outside(units, (1, u64::MAX.into()))),
    }
}

/// The generator every chunk runs on: fast, 256 bits of state, and good enough for any
/// statistical test we can afford to run.
pub type ChunkRng = Xoshiro256PlusPlus;

/// One step of SplitMix64: a bijective, well-mixing hash of a 64-bit word.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of chunk `chunk` of a run seeded with `seed`.
///
/// The 256-bit state is four SplitMix64 outputs from a key that hashes seed and chunk together;
/// distinct (seed, chunk) pairs give unrelated streams, and computing one costs nanoseconds
/// (jumping `i` times would cost O(i) per chunk).
pub fn chunk_rng(seed: u64, chunk: u64) -> ChunkRng {
    let mut key = seed;
    let mut state = splitmix64(&mut key) ^ chunk.wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut bytes = [0u8; 32];
    for word in bytes.chunks_exact_mut(8) {
        word.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(bytes)
}

/// A generator for a stretch of play that only some games have (a play-off), split off `rng`
/// without drawing from it: `rng`'s state jumped 2^128 draws ahead, a stream no chunk reaches.
/// The games after a play-off then see the dice they would have seen without it, so rule sets
/// that differ only in their play-offs are compared on the same dice game by game.
pub fn side_stream(rng: &ChunkRng) -> ChunkRng {
    let mut side = rng.clone();
    side.jump();
    side
}

/// How to run: how many units, which seed, on how many threads, which shard, whether to show
/// progress.
///
/// The engine runs a `RunConfig` (units decided). A command that picks its own size when none is
/// given (advice, tuning, a deck study) takes a `RunConfig<Option<u64>>` and sizes it with
/// [`RunConfig::sized`], so "how to run" is one type wherever it is asked.
#[derive(Clone, Debug)]
pub struct RunConfig<Units = u64> {
    /// Units (turns or games) in the whole run, over all shards: `Option<u64>` while the command
    /// may still pick them.
    pub units: Units,
    /// The seed every chunk's generator derives from.
    pub seed: u64,
    /// Worker threads; `None` uses every core.
    pub threads: Option<usize>,
    /// The part of the run this process does.
    pub shard: Shard,
    /// Where the run's progress is told (nowhere by default).
    pub progress: OnProgress,
    /// The first chunk this part plays: the chunks before it were played by the earlier looks
    /// of a sequential run, which adds this part's counts to theirs. 0 for a run played whole
    /// (the chunks, not the looks, decide what is computed, so the sum is the run's).
    pub first_chunk: u64,
}

impl RunConfig {
    /// A whole run of `units` units with `seed`, on all cores, telling no one its progress.
    pub fn new(units: u64, seed: u64) -> Self {
        Self {
            units,
            seed,
            threads: None,
            shard: Shard::WHOLE,
            progress: OnProgress::default(),
            first_chunk: 0,
        }
    }
}

impl<Units> RunConfig<Units> {
    /// The worker threads the run asks for: those given, or one a core (as `run.json` records
    /// them).
    pub fn threads_used(&self) -> usize {
        self.threads.unwrap_or_else(rayon::current_num_threads)
    }
}

impl RunConfig<Option<u64>> {
    /// The run with its size: the units given, else `default`. The commands that size their
    /// own runs play them whole (their answer is one figure, not a part to merge), so a shard is
    /// refused rather than answered from a part of the run.
    pub fn sized(&self, default: u64) -> Result<RunConfig> {
        if self.shard != Shard::WHOLE {
            return Err(Error::value(
                Setting::SHARD,
                self.shard.to_string(),
                "expected the whole run: this command does not split into shards",
            ));
        }
        Ok(RunConfig {
            units: self.units.unwrap_or(default),
            seed: self.seed,
            threads: self.threads,
            shard: Shard::WHOLE,
            progress: self.progress.clone(),
            first_chunk: 0,
        })
    }
}

/// Every default: size left to the command, seed 0, every core, the whole run, no progress told.
impl Default for RunConfig<Option<u64>> {
    fn default() -> Self {
        Self {
            units: None,
            seed: 0,
            threads: None,
            shard: Shard::WHOLE,
            progress: OnProgress::default(),
            first_chunk: 0,
        }
    }
}

/// A simulation the engine can run: a game under its rules and policies.
///
/// Implementations own the hot loop: [`Simulation::run_chunk`] plays a whole chunk with a typed
/// accumulator, so the loop is specialised per game and policy and allocates nothing per unit.
pub trait Simulation: Sync {
    /// Per-chunk accumulator: counts, merged exactly by adding them.
    type Acc: Merge + Send;

    /// Units per chunk: part of the run's identity, since it decides which generator plays which
    /// unit.
    fn units_per_chunk(&self) -> u64;

    /// An empty accumulator.
    fn new_acc(&self) -> Self::Acc;

    /// Plays `units` units with `rng`, recording into `acc`.
    fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut Self::Acc);

    /// Plays chunk number `chunk` of the run: what the engine calls. Most simulations play
    /// from the chunk's generator alone, and this is [`Simulation::run_chunk`]. The advisors'
    /// play-outs are the exception: each play-out's streams are derived from its own number
    /// (play-out `g` of seed `s` plays on `chunk_rng(s, g)`, as they did before they ran here),
    /// so their advice stays what it was for every seed, and they need to know which play-outs
    /// a chunk holds.
    fn run_numbered_chunk(&self, chunk: u64, rng: &mut ChunkRng, units: u64, acc: &mut Self::Acc) {
        let _ = chunk;
        self.run_chunk(rng, units, acc);
    }

    /// The named metrics of an accumulator.
    fn tally(&self, acc: Self::Acc) -> Tally;
}

/// The first `count` units of a run of `sim` seeded with `seed`, played in order on the
/// generators the run plays them on: `chunk` is handed each chunk's generator and how many of
/// its units to play, as [`Simulation::run_chunk`] is (the last cut short at `count`). A
/// recorder that plays a chunk as the simulation's `run_chunk` does, telling what happens,
/// writes down the run's own first units whatever the threads, with the chunks' layout known
/// here only. An error of `chunk` (a full disk, a stop asked for) ends it.
pub fn first_units<S: Simulation>(
    sim: &S,
    (seed, count): (u64, u64),
    chunk: &mut dyn FnMut(&mut ChunkRng, u64) -> Result<()>,
) -> Result<()> {
    let per_chunk = sim.units_per_chunk();
    let (mut index, mut played) = (0, 0);
    while played < count {
        let units = per_chunk.min(count - played);
        chunk(&mut chunk_rng(seed, index), units)?;
        played += units;
        index += 1;
    }
    Ok(())
}

/// Runs `sim` as configured and returns its tally.
pub fn run<S: Simulation>(sim: &S, config: &RunConfig) -> Result<Tally> {
    let (acc, units) = play(sim, config)?;
    let mut tally = sim.tally(acc);
    tally.units = Some(units);
    Ok(tally)
}

/// Runs `sim` as configured and returns its merged accumulator itself, for a caller that reads
/// its counts directly rather than as named metrics: the advice's race, which runs the engine
/// round after round on the play-outs it decides to add (`games::race`).
pub fn accumulate<S: Simulation>(sim: &S, config: &RunConfig) -> Result<S::Acc> {
    play(sim, config).map(|(acc, _)| acc)
}

/// Plays every chunk of the run `config` describes, merging the chunks' accumulators.
fn play<S: Simulation>(sim: &S, config: &RunConfig) -> Result<(S::Acc, Units)> {
    check_units(config.units)?;
    if let Some(threads) = config.threads {
        check_threads(threads as u64)?;
    }
    if config.shard.count == 0 || config.shard.index >= config.shard.count {
        return Err(Error::value(
            Setting::SHARD,
            config.shard.to_string(),
            "expected K/N with 0 <= K < N",
        ));
    }
    let per_chunk = sim.units_per_chunk();
    let (first, step) = (u64::from(config.shard.index), u64::from(config.shard.count));
    // The shard's chunks are first, first + step, ...; a later look skips those played before.
    let skipped = config.first_chunk.saturating_sub(first).div_ceil(step);
    let before = config
        .units
        .min(config.first_chunk.saturating_mul(per_chunk));
    let mine = shard_chunks(config.units, per_chunk, config.shard).saturating_sub(skipped);
    let chunk_len = |i: u64| per_chunk.min(config.units - i * per_chunk);
    let shard_units = shard_units(config.units, per_chunk, config.shard)
        - shard_units(before, per_chunk, config.shard);

    // rayon splits only usize ranges evenly; a 32-bit machine could not index that many chunks.
    let mine_usize = usize::try_from(mine).map_err(|_| {
        Error::value(
            Setting::UNITS,
            config.units.to_string(),
            "too many units for this machine",
        )
    })?;
    let progress = &config.progress;
    progress.start(shard_units, Steps::Units);
    // A worker without a chunk would only be started and stopped: never more workers than
    // chunks (the chunks, not the workers, decide what is computed, so the totals do not change).
    let workers = config
        .threads
        .unwrap_or_else(rayon::current_num_threads)
        .min(mine_usize)
        .max(1);
    let pool = thread_pool(Some(workers), None)?;
    // Beside the game's counts, what was actually played: units and the indexes of the chunks,
    // so a shard's file can be checked against the chunks its index owns.
    let empty = || {
        (
            sim.new_acc(),
            Units {
                per_chunk,
                counted: 0,
                chunk_index_sum: 0,
            },
        )
    };
    let (acc, units) = pool.install(|| {
        (0..mine_usize)
            .into_par_iter()
            .with_max_len(1)
            // Once stopped, the run will fail: its remaining chunks are not even visited.
            .map(|j| (!progress.stopped()).then(|| first + (skipped + j as u64) * step))
            .while_some()
            .fold(empty, |(mut acc, mut units), i| {
                let mut rng = chunk_rng(config.seed, i);
                let len = chunk_len(i);
                sim.run_numbered_chunk(i, &mut rng, len, &mut acc);
                progress.advance(len);
                units.counted += len;
                units.chunk_index_sum = units.chunk_index_sum.wrapping_add(i);
                (acc, units)
            })
            .reduce(empty, |(mut a, mut units), (b, more)| {
                a.merge(&b);
                units.counted += more.counted;
                units.chunk_index_sum = units.chunk_index_sum.wrapping_add(more.chunk_index_sum);
                (a, units)
            })
    });
    progress.finish();
    if progress.stopped() {
        return Err(Error::input(STOPPED));
    }
    debug_assert_eq!(units, {
        let (all, earlier) = (
            shard_run_units(config.units, per_chunk, config.shard),
            shard_run_units(before, per_chunk, config.shard),
        );
        Units {
            per_chunk,
            counted: all.counted - earlier.counted,
            chunk_index_sum: all.chunk_index_sum.wrapping_sub(earlier.chunk_index_sum),
        }
    });
    Ok((acc, units))
}

#[cfg(test)]
#[path = "run_tests.rs"]
mod tests;
