//! Tests of the runner: seeding, chunking, shards, threads and stopping.
use super::*;
use crate::stats::{Histogram, Metric};
use rand_xoshiro::rand_core::Rng;
use std::sync::Arc;

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

/// A sequential run's looks play the run part by part, each from the chunk the last one ended
/// at: added up, the parts are the whole run, counts and chunks alike, whatever the threads,
/// and a shard's parts its share of it.
#[test]
fn parts_from_a_first_chunk_add_up_to_the_whole_run() {
    for (shard, threads) in [
        (Shard::WHOLE, 1),
        (Shard::WHOLE, 3),
        (Shard { index: 1, count: 3 }, 2),
    ] {
        let whole = run(
            &ByteSum,
            &RunConfig {
                shard,
                threads: Some(threads),
                ..RunConfig::new(1_050, 9)
            },
        )
        .unwrap();
        // Looks after 2, 5 and 7 chunks, then the run's end.
        let mut sum: Option<Tally> = None;
        let mut first_chunk = 0;
        for end in [200, 500, 700, 1_050] {
            let part = run(
                &ByteSum,
                &RunConfig {
                    shard,
                    threads: Some(threads),
                    first_chunk,
                    ..RunConfig::new(end, 9)
                },
            )
            .unwrap();
            first_chunk = end / 100;
            match &mut sum {
                None => sum = Some(part),
                Some(s) => s.merge(&part).unwrap(),
            }
        }
        assert_eq!(sum.unwrap(), whole, "{shard} on {threads} threads");
    }
}
