//! Speed of Solitaire Dice: whole greedy, lookahead and `best` games through the engine (one and
//! two threads; `best` must keep at least 100 games a second per core), and single decisions of
//! the lookahead policy (252 rolls for each legal choice), the numbers docs/performance.md quotes.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dicelab::engine::{RunConfig, run};
use dicelab::games::policy::{OneStep, Policy};
use dicelab::games::solitaire_dice::heuristic::{Evaluator, Weights};
use dicelab::games::solitaire_dice::lookahead::Lookahead;
use dicelab::games::solitaire_dice::policy::View;
use dicelab::games::solitaire_dice::roll::Roll;
use dicelab::games::solitaire_dice::sheet::Sheet;
use dicelab::games::solitaire_dice::sim::Games;
use dicelab::games::solitaire_dice::spec::PolicySpec;

/// Whole games of `spec` through the engine, `games` a sample, on one and two threads, as the
/// group `name`.
fn games_of(c: &mut Criterion, name: &str, spec: &str, games: u64) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.throughput(Throughput::Elements(games));
    let spec: PolicySpec = spec.parse().unwrap();
    let sim = Games::comparing(&[spec]).unwrap();
    for threads in [1usize, 2] {
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{threads}t")),
            &threads,
            |b, &t| {
                b.iter(|| {
                    let mut config = RunConfig::new(games, 1);
                    config.threads = Some(t);
                    black_box(run(&sim, &config).unwrap())
                })
            },
        );
    }
    group.finish();
}

fn greedy_games(c: &mut Criterion) {
    // 64 chunks of 4,096 games (about 0.15 s on one thread): long enough that starting two
    // threads does not hide their scaling.
    games_of(c, "solitaire_greedy_games", "greedy", 1 << 18);
}

fn lookahead_games(c: &mut Criterion) {
    // Two chunks of 4,096 games, so two threads have one each.
    games_of(c, "solitaire_lookahead_games", "lookahead", 1 << 13);
}

fn lookahead_decisions(c: &mut Criterion) {
    let evaluator = Evaluator::new(&Weights::built_in_lookahead());
    // Early, middle and late sheets, each with a roll offering many choices.
    let cases = [
        (Sheet::new(), [1, 2, 3, 4, 5]),
        (
            Sheet::from_marks(&[(6, 3), (7, 5), (8, 2)], &[(2, 3), (5, 1)]).unwrap(),
            [1, 2, 4, 5, 6],
        ),
        (
            Sheet::from_marks(
                &[(5, 4), (6, 6), (7, 8), (8, 5), (9, 2)],
                &[(1, 6), (3, 4), (6, 5)],
            )
            .unwrap(),
            [1, 2, 3, 4, 6],
        ),
    ];
    let mut group = c.benchmark_group("solitaire_lookahead_decision");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function("3 sheets", |b| {
        let mut policy = OneStep(Lookahead::new(&evaluator));
        b.iter(|| {
            for (sheet, faces) in &cases {
                let roll = Roll::new(*faces).unwrap();
                let choices = sheet.legal_choices(&roll);
                black_box(policy.choose(&View { sheet, roll: &roll }, &choices));
            }
        })
    });
    group.finish();
}

fn best_games(c: &mut Criterion) {
    // Two chunks of 4,096 games, so two threads have one each.
    games_of(c, "solitaire_best_games", "best", 1 << 13);
}

criterion_group!(
    benches,
    greedy_games,
    lookahead_games,
    lookahead_decisions,
    best_games
);
criterion_main!(benches);
