//! Speed of `merge`'s bookkeeping over many shards (issue 25's target: 100,000 shard folders in
//! under 2 s): shards of one Sequences run split in 10^6, merged in memory, and loaded from their
//! folders (read, checksum, consistency check) and merged, as `dicelab merge` does.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dicelab::engine::Shard;
use dicelab::record::{RunRecord, Saved};
use dicelab::{RunConfig, Setup, games};

const SPLIT: u32 = 1_000_000;
const HELD: u32 = 100_000;

/// Shards `0..HELD` of a run of 10^6 races split in `SPLIT`, each as `simulate --shard` saves it.
fn shards() -> Vec<Saved> {
    let setup = Setup {
        players: 1,
        ..Default::default()
    };
    let game = games::configure("sequences", &setup).unwrap();
    (0..HELD)
        .map(|index| {
            let config = RunConfig {
                shard: Shard {
                    index,
                    count: SPLIT,
                },
                threads: Some(1),
                ..RunConfig::new(1_000_000, 1)
            };
            Saved {
                record: RunRecord::of(game.setup(), &config),
                tally: game.simulate(&config).unwrap(),
                looks: Vec::new(),
            }
        })
        .collect()
}

fn merge(c: &mut Criterion) {
    let shards = shards();
    let mut group = c.benchmark_group("merge_bookkeeping");
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(HELD)));
    group.bench_function("in_memory_100k_of_1m", |b| {
        b.iter_batched(
            || {
                shards
                    .iter()
                    .enumerate()
                    .map(|(k, s)| (PathBuf::from(format!("s{k}")), s.clone()))
                    .collect::<Vec<_>>()
            },
            |parts| {
                let merged = Saved::merge_all(parts).unwrap();
                black_box(merged.missing_shards())
            },
            criterion::BatchSize::LargeInput,
        )
    });
    let dir = tempfile::tempdir().unwrap();
    let folders: Vec<PathBuf> = shards
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let folder = dir.path().join(format!("s{k}"));
            std::fs::create_dir(&folder).unwrap();
            std::fs::write(folder.join("accumulators.json"), s.to_json()).unwrap();
            folder
        })
        .collect();
    group.bench_function("folders_100k_of_1m", |b| {
        b.iter(|| {
            let parts = folders
                .iter()
                .map(|f| (f.clone(), Saved::load(f).unwrap()))
                .collect();
            let merged = Saved::merge_all(parts).unwrap();
            black_box(merged.missing_shards())
        })
    });
    group.finish();
}

criterion_group!(benches, merge);
criterion_main!(benches);
