//! Speed of the Sequences hot paths: the bare cast loop, and whole runs through the engine on one
//! and two threads (races per second; a race averages about 21 casts under the default rules).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dicelab::dice::RollStream;
use dicelab::engine::{RunConfig, chunk_rng, run};
use dicelab::games::options::Tie;
use dicelab::games::sequences::rules::{DICE, Rules, Scoring, WipeOnes};
use dicelab::games::sequences::sim::{Game, Race};

fn rules() -> Rules {
    Rules {
        scoring: Scoring::Sequences,
        points: Scoring::Sequences.text_points(),
        wipe_ones: WipeOnes::AtLeast(4),
        target: 100,
        tie: Tie::Shared,
    }
}

/// Casts drawn and tallied with nothing else: the ceiling for any Sequences run.
fn cast_loop(c: &mut Criterion) {
    const CASTS: u64 = 1 << 20;
    let table = rules().cast_table();
    let (codes, wipe) = (table.codes, usize::from(table.wipe));
    let mut group = c.benchmark_group("sequences_cast_loop");
    group.throughput(Throughput::Elements(CASTS));
    group.bench_function("casts", |b| {
        b.iter(|| {
            let mut rng = chunk_rng(1, 0);
            let mut stream = RollStream::<DICE, 3>::new();
            let mut counts = vec![0u64; wipe + 1];
            for _ in 0..CASTS {
                counts[usize::from(codes[stream.next(&mut rng) as usize])] += 1;
            }
            black_box(counts)
        })
    });
    group.finish();
}

/// Whole runs through the engine: chunking, seeding, rayon, merging and the tally.
fn whole_run(c: &mut Criterion) {
    const RACES: u64 = 1 << 20;
    let race = Race::new(&rules());
    let mut group = c.benchmark_group("sequences_race_run");
    group.sample_size(10);
    group.throughput(Throughput::Elements(RACES));
    for threads in [1usize, 2] {
        group.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, &t| {
            let mut config = RunConfig::new(RACES, 7);
            config.threads = Some(t);
            b.iter(|| black_box(run(&race, &config).unwrap()))
        });
    }
    group.finish();

    const GAMES: u64 = 1 << 17;
    let game = Game::new(&rules(), 4);
    let mut group = c.benchmark_group("sequences_4p_game_run");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    for threads in [1usize, 2] {
        group.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, &t| {
            let mut config = RunConfig::new(GAMES, 7);
            config.threads = Some(t);
            b.iter(|| black_box(run(&game, &config).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, cast_loop, whole_run);
criterion_main!(benches);
