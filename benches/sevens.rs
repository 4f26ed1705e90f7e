//! Speed of Sevens through the engine: single turns per policy, a comparison of four policies
//! on the same dice, and full games; on one and two threads. Also the exact solvers.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dicelab::engine::{RunConfig, run};
use dicelab::games::seating::{Rotation, Seats};
use dicelab::games::sevens::exact::solve;
use dicelab::games::sevens::rolls::RollOutcomes;
use dicelab::games::sevens::rules::{Removal, Rules};
use dicelab::games::sevens::sim::{Games, Turns};
use dicelab::games::sevens::solver::Solver;
use dicelab::games::sevens::spec::PolicySpec;

fn turns(c: &mut Criterion) {
    const TURNS: u64 = 1 << 22;
    let solver = Solver::new(Rules::default(), 1);
    let mut group = c.benchmark_group("sevens_turns");
    group.sample_size(10);
    group.throughput(Throughput::Elements(TURNS));
    let compile = |spec: &str| {
        spec.parse::<PolicySpec>()
            .unwrap()
            .compile(&solver)
            .unwrap()
            .turn()
            .clone()
    };
    for spec in [
        "optimal",
        "rolls:1",
        "rolls:3",
        "threshold:15,10",
        "target:20",
        "leader",
        "random",
    ] {
        let sim = Turns::new(&solver.outcomes, vec![compile(spec)]);
        for threads in [1usize, 2] {
            let id = BenchmarkId::new(spec, format!("{threads}t"));
            group.bench_with_input(id, &threads, |b, &t| {
                let mut config = RunConfig::new(TURNS, 7);
                config.threads = Some(t);
                b.iter(|| black_box(run(&sim, &config).unwrap()))
            });
        }
    }
    // A comparison: every turn is played by four policies on the same dice.
    let four = ["optimal", "threshold:15,10", "rolls:1", "random"].map(compile);
    let sim = Turns::new(&solver.outcomes, four.to_vec());
    for threads in [1usize, 2] {
        let id = BenchmarkId::new("compare-4-policies", format!("{threads}t"));
        group.bench_with_input(id, &threads, |b, &t| {
            let mut config = RunConfig::new(TURNS, 7);
            config.threads = Some(t);
            b.iter(|| black_box(run(&sim, &config).unwrap()))
        });
    }
    group.finish();
}

fn games(c: &mut Criterion) {
    const GAMES: u64 = 1 << 16;
    let mut group = c.benchmark_group("sevens_games");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    for (players, specs) in [
        (2u32, vec!["optimal", "leader"]),
        (4, vec!["optimal", "target", "rolls:1", "leader"]),
    ] {
        let solver = Solver::new(Rules::default(), players);
        let specs = specs
            .iter()
            .map(|s| s.parse::<PolicySpec>().unwrap())
            .collect();
        let seats = Seats::new(specs, PolicySpec::Optimal, players, 1).unwrap();
        let policies = seats
            .policies
            .iter()
            .map(|p| p.compile(&solver).unwrap())
            .collect();
        let sim = Games::new(
            &solver.outcomes,
            Rules::default(),
            players,
            policies,
            Rotation::new(&seats),
        );
        for threads in [1usize, 2] {
            let id = BenchmarkId::new(format!("{players}p-10-rounds"), format!("{threads}t"));
            group.bench_with_input(id, &threads, |b, &t| {
                let mut config = RunConfig::new(GAMES, 7);
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
        let outcomes = RollOutcomes::new(removal);
        group.bench_function(format!("optimal-{removal:?}"), |b| {
            b.iter(|| black_box(solve(&outcomes, 3)))
        });
    }
    group.sample_size(10);
    group.bench_function("leaders-dilemma-Pairs", |b| {
        b.iter(|| {
            let solver = Solver::new(Rules::default(), 2);
            black_box(solver.dilemma().p_win)
        })
    });
    group.finish();
}

criterion_group!(benches, turns, games, solver);
criterion_main!(benches);
