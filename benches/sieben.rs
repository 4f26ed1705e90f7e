//! Speed of the card game 7 through the engine: whole games per policy and a three-policy
//! comparison, on one and two threads; and the legal-move listing every turn starts with.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dicelab::engine::{RunConfig, run};
use dicelab::games::sieben::policy::PolicySpec;
use dicelab::games::sieben::rules::{Pile, Rules, legal_moves};
use dicelab::games::sieben::simulation::Games;

fn games(c: &mut Criterion) {
    const GAMES: u64 = 1 << 12;
    let mut group = c.benchmark_group("sieben_games");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    for (players, specs) in [
        (4u32, vec![PolicySpec::SevenFirst]),
        (4, vec![PolicySpec::Random]),
        (4, vec![PolicySpec::Blocker]),
        (
            3,
            vec![
                PolicySpec::Lowest,
                PolicySpec::SevenFirst,
                PolicySpec::Blocker,
            ],
        ),
    ] {
        let seating = if specs.len() > 1 {
            (0..specs.len()).collect()
        } else {
            Vec::new()
        };
        let name = format!(
            "{players}p-{}",
            specs
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("+")
        );
        let sim = Games::new(Rules::default(), players, specs, seating);
        for threads in [1usize, 2] {
            let id = BenchmarkId::new(&name, format!("{threads}t"));
            group.bench_with_input(id, &threads, |b, &t| {
                let mut config = RunConfig::new(GAMES, 7);
                config.threads = Some(t);
                b.iter(|| black_box(run(&sim, &config).unwrap()))
            });
        }
    }
    group.finish();
}

fn moves(c: &mut Criterion) {
    let hand = [0, 2, 1, 0, 1, 1, 1, 1];
    let piles = [
        Pile::EMPTY,
        Pile::new(0, 3).unwrap(),
        Pile::new(2, 3).unwrap(),
    ];
    c.bench_function("sieben_legal_moves", |b| {
        b.iter(|| {
            piles
                .iter()
                .map(|&p| legal_moves(black_box(p), black_box(&hand)).len())
                .sum::<usize>()
        })
    });
}

criterion_group!(benches, games, moves);
criterion_main!(benches);
