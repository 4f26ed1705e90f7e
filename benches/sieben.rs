//! Speed of the card game 7 through the engine: whole games per policy and a three-policy
//! comparison, on one and two threads; the legal-move listing every turn starts with; and the
//! `lookahead` policy, as games with one lookahead seat and as single decisions.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dicelab::engine::{RunConfig, run};
use dicelab::games::policy::Policy;
use dicelab::games::seating::{Rotation, Seats};
use dicelab::games::sieben::lookahead::{DEFAULT_SAMPLES, Lookahead};
use dicelab::games::sieben::policy::{Opponent, View};
use dicelab::games::sieben::rules::{Pile, Rules, legal_moves};
use dicelab::games::sieben::sim::Games;
use dicelab::games::sieben::spec::PolicySpec;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

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
        let name = format!(
            "{players}p-{}",
            specs
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join("+")
        );
        let seats = Seats::new(specs, PolicySpec::SevenFirst, players, 1).unwrap();
        let sim = Games::new(
            Rules::default(),
            players,
            seats.policies.clone(),
            Rotation::new(&seats),
        );
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

/// `lookahead` (default play-outs): 4-player games with one lookahead seat against three
/// seven-first seats, 64 on one thread and 512 on two, and one decision that needs guesses (six
/// legal plays on {0,3}, four players, mid-round).
fn lookahead(c: &mut Criterion) {
    const GAMES: u64 = 64;
    let mut group = c.benchmark_group("sieben_lookahead");
    group.sample_size(10);
    let specs = vec![
        PolicySpec::Lookahead(DEFAULT_SAMPLES),
        PolicySpec::SevenFirst,
        PolicySpec::SevenFirst,
        PolicySpec::SevenFirst,
    ];
    let seats = Seats::new(specs, PolicySpec::SevenFirst, 4, 1).unwrap();
    let sim = Games::new(
        Rules::default(),
        4,
        seats.policies.clone(),
        Rotation::new(&seats),
    );
    // A run is cut into chunks of 256 games, one thread each: two threads need two chunks.
    for (threads, games) in [(1usize, GAMES), (2, 512)] {
        group.throughput(Throughput::Elements(games));
        let id = format!("4p-lookahead+3-seven-first-{threads}t");
        group.bench_function(id, |b| {
            let mut config = RunConfig::new(games, 7);
            config.threads = Some(threads);
            b.iter(|| black_box(run(&sim, &config).unwrap()))
        });
    }
    group.throughput(Throughput::Elements(1));
    let rules = Rules::default();
    let deck = *rules.deck.counts();
    let hand = [0, 1, 0, 1, 1, 0, 2, 0];
    let pile = Pile::new(0, 3).unwrap();
    let pile_cards = [0, 0, 0, 1, 0, 0, 0, 0];
    let set_aside = [0, 0, 1, 0, 0, 1, 0, 0];
    let opponents = [Opponent {
        cards: 6,
        out: false,
        ..Opponent::default()
    }; 3];
    let view = View {
        hand: &hand,
        pile,
        pile_cards: &pile_cards,
        set_aside: &set_aside,
        // 80 cards less 5 in hand, 1 on the pile, 2 set aside and 18 in the other hands.
        draw_pile: 54,
        opponents: &opponents,
        deck: &deck,
        new_pile: false,
        pay: &[],
    };
    let moves = legal_moves(pile, &hand);
    assert_eq!(moves.len(), 6);
    let mut policy = Lookahead::new(
        DEFAULT_SAMPLES,
        &rules,
        Xoshiro256PlusPlus::seed_from_u64(1),
    );
    group.bench_function("decision-6-plays-4p", |b| {
        b.iter(|| black_box(policy.choose(black_box(&view), &moves)))
    });
    group.finish();
}

criterion_group!(benches, games, moves, lookahead);
criterion_main!(benches);
