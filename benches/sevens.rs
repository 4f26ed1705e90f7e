//! Speed of Sevens through the engine: single turns per policy, a comparison of four policies
//! on the same dice, and full games; on one and two threads. Also the exact solvers.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dicelab::engine::{RunConfig, chunk_rng, run};
use dicelab::games::options::Tie;
use dicelab::games::seating::{Rotation, Seats};
use dicelab::games::sevens::Games;
use dicelab::games::sevens::rolls::RollOutcomes;
use dicelab::games::sevens::rules::{Removal, Rules};
use dicelab::games::sevens::sim::Turns;
use dicelab::games::sevens::solve::exact::solve;
use dicelab::games::sevens::solve::game::GameSolution;
use dicelab::games::sevens::solve::game3::Game3;
use dicelab::games::sevens::solve::solutions::Solutions;
use dicelab::games::sevens::spec::PolicySpec;
use dicelab::internals::sevens::{Lookup, Rolls};

fn turns(c: &mut Criterion) {
    const TURNS: u64 = 1 << 22;
    let solutions = Solutions::new(Rules::default(), 1);
    let mut group = c.benchmark_group("sevens_turns");
    group.sample_size(10);
    group.throughput(Throughput::Elements(TURNS));
    let compile = |spec: &str| {
        spec.parse::<PolicySpec>()
            .unwrap()
            .compile(&solutions)
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
        // A rule of thumb compiles into a table like the built-ins: the same speed.
        "stop-if: sum >= 14 or dice <= 2",
    ] {
        let sim = Turns::new(&solutions.outcomes, vec![compile(spec)]);
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
    let sim = Turns::new(&solutions.outcomes, four.to_vec());
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
        // Playing to win reads the round and the totals: its own path through the engine.
        (2, vec!["win", "optimal"]),
        (2, vec!["win"]),
        // A rule of thumb that reads the totals: asked at each decision, no table.
        (2, vec!["stop-if: sum >= 14 or dice <= 2", "optimal"]),
        (
            2,
            vec![
                "stop-if: sum >= 14 or dice <= 2 or me > best_other + 20",
                "optimal",
            ],
        ),
        // Three players' exact solution (solved once, before timing) and four players'
        // heuristic.
        (3, vec!["win"]),
        (3, vec!["optimal"]),
        (4, vec!["win"]),
        (4, vec!["optimal", "target", "rolls:1", "leader"]),
    ] {
        let solutions = Solutions::new(Rules::default(), players);
        let specs_name = specs.join("-");
        let specs = specs
            .iter()
            .map(|s| s.parse::<PolicySpec>().unwrap())
            .collect();
        let seats = Seats::new(specs, PolicySpec::Optimal, players, 1).unwrap();
        let policies = seats
            .policies
            .iter()
            .map(|p| p.compile(&solutions).unwrap())
            .collect();
        let sim = Games::new(
            &solutions.outcomes,
            Rules::default(),
            players,
            policies,
            Rotation::new(&seats),
        );
        for threads in [1usize, 2] {
            let id = BenchmarkId::new(
                format!("{players}p-10-rounds-{}", specs_name),
                format!("{threads}t"),
            );
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
            let solutions = Solutions::new(Rules::default(), 2);
            black_box(solutions.dilemma().p_win)
        })
    });
    group.finish();
    // The whole two-player game solved to win (issue 21's target: 100 rounds in under a second
    // on one core).
    let mut group = c.benchmark_group("sevens_game");
    group.sample_size(10);
    let outcomes = RollOutcomes::new(Removal::Pairs);
    for rounds in [10u32, 100] {
        for tie in [Tie::Playoff, Tie::Shared] {
            let rules = Rules {
                rounds,
                tie,
                ..Rules::default()
            };
            group.bench_function(format!("solve-{rounds}-rounds-{tie:?}"), |b| {
                b.iter(|| black_box(GameSolution::solve(&outcomes, &rules).unwrap().p_seats()))
            });
        }
    }
    // The whole three-player game: 447,162 states at the rounds' starts over ten rounds.
    for rounds in [3u32, 10] {
        let rules = Rules {
            rounds,
            ..Rules::default()
        };
        group.bench_function(format!("solve-3p-{rounds}-rounds-Playoff"), |b| {
            b.iter(|| black_box(Game3::solve(&outcomes, &rules).unwrap().p_seats()))
        });
    }
    group.finish();
}

/// The yardstick of issue 15's Sevens target: a tight table-driven loop of three-roll turns with
/// no engine and no decisions. Each turn draws its three rolls from the same stream the engine
/// uses and looks every roll up (the option list of the dice rolled, then what keeping the best
/// option leaves), always three rolls, no branch but the loop's; only the final sum is counted.
/// Its speed on the machine at hand is what the policies' figures are compared with.
fn reference(c: &mut Criterion) {
    const TURNS: u64 = 1 << 22;
    let solutions = Solutions::new(Rules::default(), 1);
    let lookup = Lookup::new(&solutions.outcomes);
    let rolls3 = "rolls:3"
        .parse::<PolicySpec>()
        .unwrap()
        .compile(&solutions)
        .unwrap();
    let table = rolls3.turn();
    let sets = solutions.outcomes.sets.len();
    // Per roll and option list: the kept sum (bits 0-5) and the dice left (bits 6-8).
    let entries: Vec<u16> = (1..=3u8)
        .flat_map(|roll| {
            (0..sets).map(move |set| {
                let step = table.step(roll, set as u16);
                u16::from(step.sum) | u16::from(step.dice) << 6
            })
        })
        .collect();
    let mut group = c.benchmark_group("sevens_reference");
    group.sample_size(10);
    group.throughput(Throughput::Elements(TURNS));
    group.bench_function("tight-3-roll-loop", |b| {
        b.iter(|| {
            let mut rng = chunk_rng(7, 0);
            let mut stream = Rolls::new();
            let mut scores = [0u64; 64];
            for _ in 0..TURNS {
                let rolls = [
                    stream.next(&mut rng),
                    stream.next(&mut rng),
                    stream.next(&mut rng),
                ];
                let (mut dice, mut entry) = (6u8, 0u16);
                for (k, &roll) in rolls.iter().enumerate() {
                    entry = entries[k * sets + lookup.list(dice, roll)];
                    dice = (entry >> 6 & 7) as u8;
                }
                scores[usize::from(entry & 0x3F)] += 1;
            }
            black_box(scores)
        })
    });
    // The same loop with four turns stepped together, so their chains of loads overlap.
    group.bench_function("tight-3-roll-loop-4-turns", |b| {
        b.iter(|| {
            let mut rng = chunk_rng(7, 0);
            let mut stream = Rolls::new();
            let mut scores = [0u64; 64];
            for _ in 0..TURNS / 4 {
                let mut rolls = [[0u32; 3]; 4];
                for turn in &mut rolls {
                    for roll in turn.iter_mut() {
                        *roll = stream.next(&mut rng);
                    }
                }
                let (mut dice, mut entry) = ([6u8; 4], [0u16; 4]);
                for k in 0..3 {
                    for t in 0..4 {
                        entry[t] = entries[k * sets + lookup.list(dice[t], rolls[t][k])];
                        dice[t] = (entry[t] >> 6 & 7) as u8;
                    }
                }
                for e in entry {
                    scores[usize::from(e & 0x3F)] += 1;
                }
            }
            black_box(scores)
        })
    });
    group.finish();
}

criterion_group!(benches, reference, turns, games, solver);
criterion_main!(benches);
