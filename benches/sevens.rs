//! Speed of Sevens single turns through the engine, per policy, on one and two threads.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dicelab::engine::{RunConfig, run};
use dicelab::games::sevens::exact::{RollTables, solve};
use dicelab::games::sevens::play::Turns;
use dicelab::games::sevens::policy::PolicySpec;
use dicelab::games::sevens::rules::Removal;

fn turns(c: &mut Criterion) {
    const TURNS: u64 = 1 << 22;
    let tables = RollTables::new(Removal::Pairs);
    let solution = solve(&tables, 3);
    let mut group = c.benchmark_group("sevens_turns");
    group.sample_size(10);
    group.throughput(Throughput::Elements(TURNS));
    for spec in ["optimal", "rolls:3", "threshold:15,10", "random"] {
        let policy = spec
            .parse::<PolicySpec>()
            .unwrap()
            .compile(&tables, &solution)
            .unwrap();
        let sim = Turns::new(&tables, vec![policy]);
        for threads in [1usize, 2] {
            let id = BenchmarkId::new(spec, format!("{threads}t"));
            group.bench_with_input(id, &threads, |b, &t| {
                let mut config = RunConfig::new(TURNS, 7);
                config.threads = Some(t);
                b.iter(|| black_box(run(&sim, &config).unwrap()))
            });
        }
    }
    group.finish();
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("sevens_solve");
    for removal in [Removal::Pairs, Removal::Subsets] {
        let tables = RollTables::new(removal);
        group.bench_function(format!("{removal:?}"), |b| {
            b.iter(|| black_box(solve(&tables, 3)))
        });
    }
    group.finish();
}

criterion_group!(benches, turns, solver);
criterion_main!(benches);
