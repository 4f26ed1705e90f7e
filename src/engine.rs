//! The chunked, seeded, parallel runner.
//!
//! A run of `n` units is cut into chunks of a fixed size chosen by the simulation. Chunk `i` gets
//! a generator derived only from `(seed, i)`, so what a chunk computes never depends on which
//! thread, process or machine runs it. Accumulators merge exactly (see [`crate::stats`]), so any
//! thread count and any split into shards (shard `K/N` runs chunks K, K+N, K+2N, ...) give the
//! same totals, byte for byte.

use std::str::FromStr;
use std::sync::Arc;

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;
use rayon::prelude::*;

pub use crate::accumulator::{Merge, bump};
use crate::error::{Error, Result, Setting};
use crate::stats::{Tally, Units};

/// The version of the streams of chance: which numbers a seed draws for which unit, through the
/// chunking, the per-chunk generators and every game's way of drawing dice, cards and coins.
///
/// Any change that alters what a run of a given seed reports (a different chunk size, another
/// generator, a game drawing its dice in another order, a rule's default) bumps it. Every run
/// records it, and `merge` refuses to combine shards of different stream versions, since their
/// chunks would not be parts of one run. `docs/reproducibility.md` gives the policy.
pub const STREAM_VERSION: u32 = 6;

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

/// Starts a thread pool of `threads` workers (`None`: one a core) with `stack` bytes of stack
/// each (`None`: rayon's default). Every pool dicelab starts comes from here, so a pool that
/// cannot start (a tight `ulimit`, too many threads) fails the same way everywhere: the one
/// `--threads` error line, never a panic.
pub fn thread_pool(threads: Option<usize>, stack: Option<usize>) -> Result<rayon::ThreadPool> {
    if let Some(threads) = threads {
        check_threads(threads as u64)?;
    }
    let mut builder = rayon::ThreadPoolBuilder::new().num_threads(threads.unwrap_or(0));
    if let Some(bytes) = stack {
        builder = builder.stack_size(bytes);
    }
    builder.build().map_err(|e| {
        Error::setting(
            Setting::THREADS,
            format!("cannot start the thread pool: {e}"),
        )
    })
}

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

/// Which chunks this process runs: every `count`-th chunk starting at `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Zero-based index of this shard.
    pub index: u32,
    /// Number of shards the run is split into.
    pub count: u32,
}

impl Shard {
    /// The whole run in one piece.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };
}

impl FromStr for Shard {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let bad = || {
            Error::input(format!(
                "expected K/N with 0 <= K < N <= {}, e.g. 0/4, found '{s}'",
                u32::MAX
            ))
        };
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let part = |p: &str| -> Result<u32> {
            crate::number::parse_whole(p)
                .ok()
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(bad)
        };
        let (index, count) = (part(k)?, part(n)?);
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
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
        }
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

/// Runs `sim` as configured and returns its tally.
pub fn run<S: Simulation>(sim: &S, config: &RunConfig) -> Result<Tally> {
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
    let mine = shard_chunks(config.units, per_chunk, config.shard);
    let chunk_len = |i: u64| per_chunk.min(config.units - i * per_chunk);
    let shard_units = shard_units(config.units, per_chunk, config.shard);

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
            .map(|j| (!progress.stopped()).then(|| first + j as u64 * step))
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
    debug_assert_eq!(
        units,
        shard_run_units(config.units, per_chunk, config.shard)
    );
    let mut tally = sim.tally(acc);
    tally.units = Some(units);
    Ok(tally)
}

/// Indexes (sorted, distinct) as a list of runs, `2,5-7`: the form `sbatch --array=` and
/// `deploy/slurm/submit.sh --tasks` take, so a missing shard can be pasted into a resubmission.
pub fn index_ranges(indexes: &[u32]) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &k in indexes {
        match runs.last_mut() {
            Some((_, end)) if end.checked_add(1) == Some(k) => *end = k,
            _ => runs.push((k, k)),
        }
    }
    runs_text(&runs)
}

/// Runs of indexes `(first, last)` as [`index_ranges`] writes them: `2,5-7`.
pub fn runs_text(runs: &[(u32, u32)]) -> String {
    let text: Vec<String> = runs
        .iter()
        .map(|&(start, end)| {
            if end == start {
                start.to_string()
            } else {
                format!("{start}-{end}")
            }
        })
        .collect();
    text.join(",")
}

/// How many chunks `shard` of a run of `units` units in chunks of `per_chunk` runs: chunks
/// `index`, `index + count`, ... below the run's last. Counted, never listed, so memory stays
/// flat however large the run.
pub fn shard_chunks(units: u64, per_chunk: u64, shard: Shard) -> u64 {
    let chunks = units.div_ceil(per_chunk.max(1));
    chunks
        .saturating_sub(u64::from(shard.index))
        .div_ceil(u64::from(shard.count.max(1)))
}

/// How many units `shard` of a run of `units` units in chunks of `per_chunk` plays. Every chunk
/// is full but possibly the run's very last; a shard of a run with fewer chunks than shards plays
/// none.
pub fn shard_units(units: u64, per_chunk: u64, shard: Shard) -> u64 {
    let per_chunk = per_chunk.max(1);
    let mine = shard_chunks(units, per_chunk, shard);
    if mine == 0 {
        return 0;
    }
    let last = u64::from(shard.index) + (mine - 1) * u64::from(shard.count);
    (mine - 1) * per_chunk + per_chunk.min(units - last * per_chunk)
}

/// What `shard` of a run of `units` units in chunks of `per_chunk` must have played, as its
/// tally's [`Units`] records it: `merge` checks every shard file against it. The chunk indexes
/// `K, K+N, K+2N, ...` sum to `m*K + N*m*(m-1)/2` for `m` chunks (modulo 2^64, as the engine
/// adds them), so a shard's counts relabelled as another index with as many units are caught.
pub fn shard_run_units(units: u64, per_chunk: u64, shard: Shard) -> Units {
    let mine = shard_chunks(units, per_chunk, shard);
    // m*(m-1)/2 without overflow before the halving: halve whichever factor is even.
    let pairs = if mine.is_multiple_of(2) {
        (mine / 2).wrapping_mul(mine.saturating_sub(1))
    } else {
        mine.wrapping_mul(mine.saturating_sub(1) / 2)
    };
    Units {
        per_chunk,
        counted: shard_units(units, per_chunk, shard),
        chunk_index_sum: mine
            .wrapping_mul(u64::from(shard.index))
            .wrapping_add(pairs.wrapping_mul(u64::from(shard.count))),
    }
}

/// What long work is counted in, so a [`Progress`] can say it in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Steps {
    /// Units of a run (turns, races, games).
    Units,
    /// Seconds of a time budget.
    Seconds,
    /// Evaluations of an evaluation budget.
    Evaluations,
}

/// Told how long work advances, from any worker thread. The library draws nothing: the command
/// line shows a bar (on a terminal, after a second), a library user may log it, and without one
/// nothing is told.
pub trait Progress: Send + Sync {
    /// Work of `total` steps starts.
    fn start(&self, total: u64, steps: Steps);
    /// `steps` more steps are done.
    fn advance(&self, steps: u64);
    /// The work stands at `position` steps, with a line on where it is (a tuning's generation).
    fn set(&self, position: u64, message: &str);
    /// The work is over.
    fn finish(&self);
    /// Whether whoever watches wants the work stopped (a Python user's Ctrl-C): a run then skips
    /// its remaining chunks and fails with [`STOPPED`]. Asked before every chunk.
    fn stopped(&self) -> bool {
        false
    }
}

/// The message of a run stopped through [`Progress::stopped`]: it has no result, and writes
/// nothing.
pub const STOPPED: &str = "the run was stopped before its end; nothing was written";

/// Where a run's progress goes: nowhere (the default), or a [`Progress`] the caller supplies.
#[derive(Clone, Default)]
pub struct OnProgress(Option<Arc<dyn Progress>>);

impl OnProgress {
    /// Progress told to `progress`.
    pub fn to(progress: Arc<dyn Progress>) -> Self {
        Self(Some(progress))
    }

    /// Whether anyone is told.
    pub fn is_told(&self) -> bool {
        self.0.is_some()
    }

    /// [`Progress::start`], if anyone is told.
    pub fn start(&self, total: u64, steps: Steps) {
        if let Some(p) = &self.0 {
            p.start(total, steps);
        }
    }

    /// [`Progress::advance`], if anyone is told.
    pub fn advance(&self, steps: u64) {
        if let Some(p) = &self.0 {
            p.advance(steps);
        }
    }

    /// [`Progress::set`], if anyone is told.
    pub fn set(&self, position: u64, message: &str) {
        if let Some(p) = &self.0 {
            p.set(position, message);
        }
    }

    /// [`Progress::finish`], if anyone is told.
    pub fn finish(&self) {
        if let Some(p) = &self.0 {
            p.finish();
        }
    }

    /// [`Progress::stopped`]; never, when no one is told.
    pub fn stopped(&self) -> bool {
        self.0.as_ref().is_some_and(|p| p.stopped())
    }
}

impl std::fmt::Debug for OnProgress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.is_told() {
            "OnProgress(told)"
        } else {
            "OnProgress(none)"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{Histogram, Metric};
    use rand_xoshiro::rand_core::Rng;

    #[test]
    fn sized_takes_the_units_given_else_the_commands_default() {
        let asked = RunConfig {
            units: Some(7),
            seed: 3,
            ..RunConfig::default()
        };
        let run = asked.sized(1_000).unwrap();
        assert_eq!((run.units, run.seed, run.shard), (7, 3, Shard::WHOLE));
        let left = RunConfig::<Option<u64>>::default();
        assert_eq!(left.sized(1_000).unwrap().units, 1_000);
    }

    #[test]
    fn sized_refuses_a_shard_rather_than_answer_from_part_of_the_run() {
        let asked = RunConfig {
            shard: Shard { index: 1, count: 2 },
            ..RunConfig::default()
        };
        let e = asked.sized(10).unwrap_err().to_string();
        assert!(e.starts_with("shard 1/2: expected the whole run"), "{e}");
    }

    /// Sums the low byte of each draw: a cheap stand-in for a game.
    struct ByteSum;

    impl Simulation for ByteSum {
        type Acc = Vec<u64>;
        fn units_per_chunk(&self) -> u64 {
            100
        }
        fn new_acc(&self) -> Vec<u64> {
            vec![0; 256]
        }
        fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut Vec<u64>) {
            for _ in 0..units {
                acc[(rng.next_u64() & 0xFF) as usize] += 1;
            }
        }
        fn tally(&self, acc: Vec<u64>) -> Tally {
            Tally::new(vec![
                Metric::mean("byte", Histogram::from_dense(0, &acc))
                    .plotted()
                    .per_unit(),
            ])
        }
    }

    #[test]
    fn shards_count_their_units_without_listing_chunks() {
        // 1,050 units in chunks of 100: eleven chunks, the last holding 50 (shards 11 and 12 of
        // 13 run nothing).
        for count in 1..=13u32 {
            let mut total = 0;
            for index in 0..count {
                let mut config = RunConfig::new(1050, 1);
                let shard = Shard { index, count };
                config.shard = shard;
                let tally = run(&ByteSum, &config).unwrap();
                let counted = tally.metrics[0].histogram.count();
                // The tally says what it played, and that follows from the shard alone.
                let chunks = (u64::from(index)..11).step_by(count as usize);
                let played = Units {
                    per_chunk: 100,
                    counted,
                    chunk_index_sum: chunks.sum(),
                };
                assert_eq!(tally.units, Some(played), "{shard}");
                assert_eq!(shard_run_units(1050, 100, shard), played, "{shard}");
                assert_eq!(shard_units(1050, 100, shard), counted, "{shard}");
                total += counted;
            }
            assert_eq!(total, 1050, "{count} shards");
        }
    }

    #[test]
    fn a_shards_chunk_index_sum_is_exact_modulo_2_to_the_64() {
        // 2^64 - 1 chunks of one unit: m(m-1)/2 overflows a u64 before the halving.
        let m = u128::from(u64::MAX);
        let expected = (m * (m - 1) / 2) as u64;
        let whole = shard_run_units(u64::MAX, 1, Shard { index: 0, count: 1 });
        assert_eq!(whole.chunk_index_sum, expected);
        // Shards of it add up to the whole (modulo 2^64), and no two hold the same sum.
        let parts: Vec<u64> = (0..3)
            .map(|index| shard_run_units(u64::MAX, 1, Shard { index, count: 3 }).chunk_index_sum)
            .collect();
        assert_eq!(parts.iter().fold(0u64, |a, &b| a.wrapping_add(b)), expected);
        assert!(parts[0] != parts[1] && parts[1] != parts[2] && parts[0] != parts[2]);
    }

    /// Records the size of the pool its chunks run on.
    struct PoolSize;

    impl Simulation for PoolSize {
        type Acc = Vec<u64>;
        fn units_per_chunk(&self) -> u64 {
            100
        }
        fn new_acc(&self) -> Vec<u64> {
            vec![0; MAX_THREADS + 1]
        }
        fn run_chunk(&self, _: &mut ChunkRng, _: u64, acc: &mut Vec<u64>) {
            acc[rayon::current_num_threads()] += 1;
        }
        fn tally(&self, acc: Vec<u64>) -> Tally {
            Tally::new(vec![
                Metric::mean("pool", Histogram::from_dense(0, &acc)).plotted(),
            ])
        }
    }

    #[test]
    fn never_more_workers_than_chunks_and_no_absurd_counts() {
        // 250 units are three chunks: asking for 1000 workers starts three.
        let mut config = RunConfig::new(250, 1);
        config.threads = Some(MAX_THREADS);
        let tally = run(&PoolSize, &config).unwrap();
        let pools: Vec<(i64, u64)> = tally.metrics[0].histogram.iter().collect();
        assert_eq!(pools, [(3, 3)], "three chunks, each on a pool of 3 workers");
        config.threads = Some(MAX_THREADS + 1);
        assert_eq!(
            run(&PoolSize, &config).unwrap_err().to_string(),
            "threads 1025: too large; the largest allowed is 1024"
        );
        let e = run(&PoolSize, &config).unwrap_err();
        assert_eq!(e.range(), Some((1, 1024)), "the limits are data");
    }

    #[test]
    fn threads_and_shards_give_identical_tallies() {
        let mut config = RunConfig::new(12_345, 99);
        config.threads = Some(1);
        let one = run(&ByteSum, &config).unwrap();
        config.threads = Some(2);
        let two = run(&ByteSum, &config).unwrap();
        assert_eq!(one, two);
        let mut merged: Option<Tally> = None;
        for k in 0..3 {
            config.shard = Shard { index: k, count: 3 };
            let part = run(&ByteSum, &config).unwrap();
            match merged.as_mut() {
                None => merged = Some(part),
                Some(m) => m.merge(&part).unwrap(),
            }
        }
        assert_eq!(merged.unwrap(), one);
        assert_eq!(one.metrics[0].histogram.count(), 12_345);
    }

    #[test]
    fn different_seeds_and_chunks_give_different_streams() {
        use std::collections::HashSet;
        let mut firsts = HashSet::new();
        for seed in 0..20 {
            for chunk in 0..20 {
                firsts.insert(chunk_rng(seed, chunk).next_u64());
            }
        }
        assert_eq!(firsts.len(), 400);
    }

    #[test]
    fn shard_specs_parse_and_reject() {
        assert_eq!(
            "1/4".parse::<Shard>().unwrap(),
            Shard { index: 1, count: 4 }
        );
        for bad in ["4/4", "1", "a/4", "1/0", "-1/4", "1/4/5", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad} should be rejected");
        }
        // The largest split is taken; one more is refused with the largest named.
        assert_eq!(
            "4294967294/4294967295".parse::<Shard>().unwrap(),
            Shard {
                index: u32::MAX - 1,
                count: u32::MAX
            }
        );
        let e = "0/4294967296".parse::<Shard>().unwrap_err().to_string();
        assert!(e.contains("N <= 4294967295"), "{e}");
    }

    /// Stops once told of `after` units.
    struct StopAfter {
        after: u64,
        seen: std::sync::atomic::AtomicU64,
    }

    impl Progress for StopAfter {
        fn start(&self, _: u64, _: Steps) {}
        fn advance(&self, steps: u64) {
            self.seen
                .fetch_add(steps, std::sync::atomic::Ordering::Relaxed);
        }
        fn set(&self, _: u64, _: &str) {}
        fn finish(&self) {}
        fn stopped(&self) -> bool {
            self.seen.load(std::sync::atomic::Ordering::Relaxed) >= self.after
        }
    }

    /// A run asked to stop fails with STOPPED having played few of its chunks (10^18 units
    /// would take years), and a watcher that never asks changes nothing.
    #[test]
    fn a_run_asked_to_stop_skips_its_remaining_chunks() {
        let stopper = Arc::new(StopAfter {
            after: 1000,
            seen: Default::default(),
        });
        let mut config = RunConfig::new(1_000_000_000_000_000_000, 1);
        config.progress = OnProgress::to(stopper.clone());
        let e = run(&ByteSum, &config).unwrap_err();
        assert_eq!(e.to_string(), STOPPED);
        assert!(stopper.seen.load(std::sync::atomic::Ordering::Relaxed) < 1_000_000);
        let never = Arc::new(StopAfter {
            after: u64::MAX,
            seen: Default::default(),
        });
        let mut config = RunConfig::new(10_000, 1);
        let quiet = run(&ByteSum, &config).unwrap();
        config.progress = OnProgress::to(never);
        assert_eq!(run(&ByteSum, &config).unwrap(), quiet);
    }

    #[test]
    fn zero_units_and_zero_threads_are_errors() {
        assert!(run(&ByteSum, &RunConfig::new(0, 1)).is_err());
        let mut config = RunConfig::new(10, 1);
        config.threads = Some(0);
        assert!(run(&ByteSum, &config).is_err());
    }
}
