//! Whole games of 7 against the rules: what each place is paid as the chips run out, how many
//! rounds a game has, and, for any rules and policies, cards conserved and exactly the chips the
//! rules say handed out.

use super::*;
use crate::games::options::Tie;
use crate::games::policy::{Policy, Random};
use crate::games::sieben::policy::View;
use crate::games::sieben::round::Round;
use crate::games::sieben::rules::{CHIPS, Finish, MAX_PLAYOFF_ROUNDS, Move, Pay, Penalty, Rules};
use crate::games::sieben::spec::PolicySpec;
use proptest::prelude::*;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

fn rng() -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(5)
}

#[test]
fn players_see_what_each_place_pays_as_the_chips_run_out() {
    // Five players: 15 chips a round, so the sixth and last round pays the 5 left, all to the
    // first out. Every view of a round shows that round's pay.
    let rules = Rules::default();
    let mut table = Round::new(&rules, 5);
    let mut seen: Vec<Vec<u32>> = Vec::new();
    let mut chooser = |_: usize, view: &View, _: &[Move]| {
        if seen.last().map(Vec::as_slice) != Some(view.pay) {
            seen.push(view.pay.to_vec());
        }
        0
    };
    let result = play_game_with(
        &mut table,
        &rules,
        &mut rng(),
        &mut chooser,
        |_: &Round, _: &[u32]| {},
    );
    assert_eq!(result.rounds, 6);
    assert_eq!(seen.first().unwrap(), &[5, 4, 3, 2, 1]);
    assert_eq!(seen.last().unwrap(), &[5, 0, 0, 0, 0]);
    assert_eq!(seen.len(), 2, "full pay for five rounds, then what is left");
}

/// Every round of a game under `rules` for `players`: the pay each place got, in order, and
/// what each seat's chips add up to.
fn rounds_paid(rules: &Rules, players: u32) -> (Vec<Vec<u32>>, GameResult) {
    let mut table = Round::new(rules, players);
    let mut paid: Vec<Vec<u32>> = Vec::new();
    let mut chooser = |_: usize, _: &View, _: &[Move]| 0;
    let result = play_game_with(
        &mut table,
        rules,
        &mut rng(),
        &mut chooser,
        |t: &Round, pay: &[u32]| {
            assert_eq!(t.pay(), pay, "players see the pay of the round");
            paid.push(pay.to_vec());
        },
    );
    (paid, result)
}

#[test]
fn pay_5_3_1_pays_a_three_player_round_5_3_1() {
    let rules = Rules {
        pay: Pay::parse("5/3/1").unwrap(),
        ..Rules::default()
    };
    let (paid, g) = rounds_paid(&rules, 3);
    assert_eq!(paid, vec![vec![5, 3, 1]; 7], "7 rounds of 5, 3, 1");
    assert_eq!(g.chips[..3].iter().sum::<u32>(), 7 * 9);
    // Each seat earns 5 for a round it finishes first, 3 second, 1 last.
    let mut table = Round::new(&rules, 3);
    let mut expected = [0u32; 3];
    let mut chooser = |_: usize, _: &View, _: &[Move]| 0;
    let g = play_game_with(
        &mut table,
        &rules,
        &mut rng(),
        &mut chooser,
        |t: &Round, _: &[u32]| {
            for (place, &seat) in t.finishing_order().iter().enumerate() {
                expected[usize::from(seat)] += [5, 3, 1][place];
            }
        },
    );
    assert_eq!(g.chips[..3], expected);
}

#[test]
fn rounds_3_plays_3_rounds_for_any_player_count() {
    for players in [2, 4, 5, 7] {
        let rules = Rules {
            rounds: Some(3),
            ..Rules::default()
        };
        let (paid, g) = rounds_paid(&rules, players);
        assert_eq!(g.rounds, 3, "{players} players");
        // Full rounds, also for 5 to 7 players: no chip pool runs out.
        let full = players * (players + 1) / 2;
        assert_eq!(g.chips.iter().sum::<u32>(), 3 * full);
        assert!(paid.iter().all(|p| p.iter().sum::<u32>() == full));
    }
}

#[test]
fn hand_5_deals_5_cards_to_every_seat() {
    let rules = Rules {
        hand: 5,
        ..Rules::default()
    };
    let mut table = Round::new(&rules, 4);
    table.deal(1, &mut rng());
    for seat in 0..4 {
        assert_eq!(table.hand(seat).iter().sum::<u32>(), 5);
    }
    assert_eq!(table.draw_pile().len(), 80 - 20);
    assert_eq!(table.cards(), 80);
}

#[test]
fn chips_20_ends_a_five_player_game_when_20_are_paid() {
    let rules = Rules {
        chips: 20,
        ..Rules::default()
    };
    let (paid, g) = rounds_paid(&rules, 5);
    // 15 a round: the second round pays the 5 left, all to the first out.
    assert_eq!(paid, vec![vec![5, 4, 3, 2, 1], vec![5, 0, 0, 0, 0]]);
    assert_eq!(g.rounds, 2);
    assert_eq!(g.chips.iter().sum::<u32>(), 20);
    // A four-player game plays its 7 rounds whatever the pool.
    assert_eq!(rounds_paid(&rules, 4).1.rounds, 7);
}

#[test]
fn games_pay_the_chips_the_rules_say() {
    for players in 2..=7u32 {
        let r = Rules::default();
        let mut seats: Vec<_> = (0..players)
            .map(|s| Random::new(Xoshiro256PlusPlus::seed_from_u64(u64::from(s))))
            .collect();
        let g = play_game(&r, &mut seats, &mut rng());
        let total: u32 = g.chips.iter().sum();
        if players <= 4 {
            assert_eq!(total, 7 * players * (players + 1) / 2);
            assert_eq!(g.rounds, 7);
        } else {
            assert_eq!(total, CHIPS, "{players} players hand out every chip");
            assert_eq!(g.rounds, r.regular_rounds(players));
        }
        let top = g.chips.iter().max().unwrap();
        for s in 0..players as usize {
            assert_eq!(g.winners[s], g.chips[s] == *top);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Cards are conserved at every step, what the table infers of a hand holds, every round
    /// ends with everyone placed once, and a game hands out exactly the chips the rules say.
    #[test]
    fn cards_are_conserved_and_chips_match(
        seed in any::<u64>(),
        players in 2u32..=7,
        seven in any::<bool>(),
        pile in any::<bool>(),
        playoff in any::<bool>(),
        policy in 0usize..5,
        hand_share in 0.0..1.0f64,
        rounds in proptest::option::of(1u32..=4),
        chips in 1u32..=60,
        pay in proptest::option::of(proptest::collection::vec(0u32..=9, 1..=7)),
    ) {
        // Any hand the deck can deal to these players, under any pay the option takes.
        let hand = 1 + (hand_share * f64::from(79 / players)) as u32;
        let pay = match pay {
            Some(mut list) => {
                list.truncate(players as usize);
                list[0] += 1;
                let text: Vec<String> = list.iter().map(u32::to_string).collect();
                Pay::parse(&text.join("/")).expect("a valid list")
            }
            None => Pay::Countdown,
        };
        let rules = Rules {
            finish: if seven { Finish::Seven } else { Finish::Empty },
            penalty: if pile { Penalty::Pile } else { Penalty::Turn },
            tie: if playoff { Tie::Playoff } else { Tie::Shared },
            hand,
            rounds,
            chips: if rounds.is_some() { CHIPS } else { chips },
            pay,
            ..Rules::default()
        };
        prop_assert!(rules.check_players(players).is_ok());
        // Lookahead with few play-outs: it plays the same rules, only faster.
        let spec = match PolicySpec::ALL[policy] {
            PolicySpec::Lookahead(_) => PolicySpec::Lookahead(2),
            spec => spec,
        };
        let mut seats: Vec<_> = (0..players)
            .map(|s| spec.build(&rules, Xoshiro256PlusPlus::seed_from_u64(seed ^ u64::from(s))))
            .collect();
        let mut r = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut table = Round::new(&rules, players);
        let mut chooser = |seat: usize, view: &View, moves: &[Move]| {
            seats[seat].choose(view, moves)
        };
        // Rounds step by step.
        for first in 0..players as usize {
            table.deal(first, &mut r);
            prop_assert_eq!(table.cards(), 80);
            while !table.is_over() {
                table.turn(&rules, &mut r, &mut chooser);
                prop_assert_eq!(table.cards(), 80);
                let pile = table.pile();
                prop_assert!(pile.total() < 7);
                prop_assert_eq!(table.pile_cards().iter().sum::<u32>() == 0, pile.is_empty());
                // What the table infers from penalty cards is never wrong.
                for seat in 0..players as usize {
                    let seen = table.seen(seat);
                    let outside: u32 = (1..=7)
                        .filter(|&n| seen.lacks & (1 << n) == 0)
                        .map(|n| table.hand(seat)[n])
                        .sum();
                    prop_assert!(outside >= seen.constrained(), "seat {}: {:?}", seat, seen);
                }
            }
            let mut order = table.finishing_order().to_vec();
            order.sort();
            prop_assert_eq!(order, (0..players as u8).collect::<Vec<_>>());
        }
        // A whole game.
        let mut starter_chips = 0u32;
        let g = play_game_with(&mut table, &rules, &mut r, &mut chooser, |t: &Round, pay: &[u32]| {
            assert_eq!(t.cards(), 80);
            assert_eq!(pay.len(), players as usize);
            let place = t.finishing_order().iter().position(|&s| usize::from(s) == t.first());
            starter_chips += pay[place.expect("the starter finishes")];
        });
        prop_assert!(starter_chips <= g.rounds * rules.pay.most(players));
        let total: u32 = g.chips.iter().sum();
        let per_round = rules.pay.full_round(players);
        let regular = rules.regular_rounds(players);
        if rules.pool_limited(players) {
            prop_assert_eq!(total, rules.chips + (g.rounds - regular) * per_round);
        } else {
            prop_assert_eq!(total, g.rounds * per_round);
        }
        prop_assert!(g.rounds == regular || playoff);
        let winners = g.winners.iter().filter(|&&w| w).count();
        prop_assert!(winners >= 1);
        prop_assert!(!playoff || winners == 1 || g.rounds == regular + MAX_PLAYOFF_ROUNDS);
    }
}
