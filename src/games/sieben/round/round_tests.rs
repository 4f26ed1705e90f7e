//! Rounds of 7 against the rules: draws after plays, Sevens, penalty cards, refills, frozen
//! rounds, going out under each reading, and the deal. Whole games are `play_tests.rs`'s.

use super::super::rules::{Finish, Move, Penalty, Pile, Rules};
use super::*;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::games::sieben::deck::counts_of as hand;

fn rng() -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(5)
}

fn rules(finish: Finish) -> Rules {
    Rules {
        finish,
        ..Rules::default()
    }
}

/// A chooser that plays the listed moves in order (card, kept spot).
fn script(plays: &[(u8, u8)]) -> impl FnMut(usize, &View, &[Move]) -> usize + '_ {
    let mut next = 0;
    move |_, _, moves: &[Move]| {
        let (card, keep) = plays[next];
        next += 1;
        moves
            .iter()
            .position(|m| m.card == card && m.keep == keep)
            .unwrap_or_else(|| panic!("({card}, {keep}) is not among {moves:?}"))
    }
}

#[test]
fn a_play_is_followed_by_one_draw() {
    let mut t = Round::arrange(
        2,
        &[hand(&[2, 5]), hand(&[1])],
        Pile::new(3, 0).unwrap(),
        hand(&[3]),
        [0; 8],
        &[6, 4],
        0,
    );
    let deck = t.cards();
    t.turn(&rules(Finish::Empty), &mut rng(), &mut script(&[(2, 3)]));
    assert_eq!(t.pile().spots(), [2, 3]);
    assert_eq!(t.hand(0), &hand(&[4, 5]), "drew the top card, the 4");
    assert_eq!(t.draw_pile(), &[6]);
    assert_eq!(t.current(), 1);
    assert_eq!(t.cards(), deck);
}

#[test]
fn a_seven_sets_the_pile_aside_and_the_player_starts_anew_without_drawing() {
    // On {0,3} a 4 keeping the 3 makes 7; then a 7 on the empty pile is another Seven; then
    // a 2 starts the next pile. No card is drawn.
    let mut t = Round::arrange(
        2,
        &[hand(&[2, 4, 7, 6]), hand(&[1])],
        Pile::new(3, 0).unwrap(),
        hand(&[3]),
        [0; 8],
        &[5, 5],
        0,
    );
    t.turn(
        &rules(Finish::Empty),
        &mut rng(),
        &mut script(&[(4, 3), (7, 0), (2, 0)]),
    );
    assert_eq!(t.stats().sevens, 2);
    assert_eq!(t.set_aside(), &hand(&[3, 4, 7]));
    assert_eq!(t.pile().spots(), [0, 2]);
    assert_eq!(t.pile_cards(), &hand(&[2]));
    assert_eq!(t.hand(0), &hand(&[6]));
    assert_eq!(t.draw_pile().len(), 2);
    assert_eq!(t.stats().turns, 1, "the chain is one turn");
}

#[test]
fn a_player_who_cannot_play_draws_a_penalty_card() {
    let mut t = Round::arrange(
        2,
        &[hand(&[1, 1]), hand(&[2])],
        Pile::new(3, 3).unwrap(),
        hand(&[3, 3]),
        [0; 8],
        &[7],
        0,
    );
    t.turn(&rules(Finish::Empty), &mut rng(), &mut script(&[]));
    assert_eq!(t.hand(0), &hand(&[1, 1, 7]));
    assert_eq!(t.stats().penalty_cards, 1);
    assert_eq!(t.pile().spots(), [3, 3]);
}

#[test]
fn an_empty_draw_pile_is_refilled_from_the_set_aside_cards_or_nobody_draws() {
    let set_aside = hand(&[4, 4]);
    let mut t = Round::arrange(
        2,
        &[hand(&[1, 1]), hand(&[1, 2])],
        Pile::new(3, 3).unwrap(),
        hand(&[3, 3]),
        set_aside,
        &[],
        0,
    );
    t.turn(&rules(Finish::Empty), &mut rng(), &mut script(&[]));
    assert_eq!(t.stats().refills, 1);
    assert_eq!(t.hand(0), &hand(&[1, 1, 4]));
    assert_eq!(t.draw_pile(), &[4]);
    assert_eq!(t.set_aside(), &[0; 8]);
    // Seat 2 cannot play either: it draws the last 4 as its penalty card.
    t.turn(&rules(Finish::Empty), &mut rng(), &mut script(&[]));
    assert_eq!(t.hand(1), &hand(&[1, 2, 4]));
    assert_eq!(t.stats().penalty_cards, 2);
    assert!(t.draw_pile().is_empty());
    assert_eq!(t.cards(), 8);
}

#[test]
fn with_nothing_to_draw_a_frozen_round_ends_by_hand_sizes() {
    let mut t = Round::arrange(
        3,
        &[hand(&[1, 1]), hand(&[1]), hand(&[2, 1, 1])],
        Pile::new(3, 3).unwrap(),
        hand(&[3, 3]),
        [0; 8],
        &[],
        0,
    );
    let r = rules(Finish::Empty);
    for _ in 0..3 {
        assert!(!t.is_over());
        t.turn(&r, &mut rng(), &mut script(&[]));
    }
    assert!(t.is_over() && t.stats().stalled);
    assert_eq!(t.stats().penalty_cards, 0);
    // Fewest cards first: seat 2 (1 card), seat 1 (2), seat 3 (3).
    assert_eq!(t.finishing_order(), &[1, 0, 2]);
}

#[test]
fn going_out_under_each_reading() {
    // Seat 1 plays its last card, a 2 on {0,3} (total 5, no Seven).
    let arrange = || {
        Round::arrange(
            3,
            &[hand(&[2]), hand(&[1, 1]), hand(&[5, 5])],
            Pile::new(3, 0).unwrap(),
            hand(&[3]),
            [0; 8],
            &[6, 6],
            0,
        )
    };
    let mut t = arrange();
    t.turn(&rules(Finish::Empty), &mut rng(), &mut script(&[(2, 3)]));
    assert!(t.is_out(0), "empty: out at once, no draw");
    assert_eq!(t.draw_pile().len(), 2);
    assert_eq!(t.current(), 1);
    let mut t = arrange();
    t.turn(&rules(Finish::Seven), &mut rng(), &mut script(&[(2, 3)]));
    assert!(!t.is_out(0), "seven: the last card must make 7");
    assert_eq!(t.hand(0), &hand(&[6]));
    // A Seven with the last card is out under both readings; the next player then plays on
    // the empty pile and draws.
    for finish in [Finish::Empty, Finish::Seven] {
        let mut t = Round::arrange(
            2 + 1,
            &[hand(&[4]), hand(&[1, 1]), hand(&[5, 5])],
            Pile::new(3, 0).unwrap(),
            hand(&[3]),
            [0; 8],
            &[6, 6],
            0,
        );
        let r = rules(finish);
        t.turn(&r, &mut rng(), &mut script(&[(4, 3)]));
        assert!(t.is_out(0), "{finish:?}");
        assert!(t.pile().is_empty());
        t.turn(&r, &mut rng(), &mut script(&[(1, 0)]));
        assert_eq!(t.hand(1), &hand(&[1, 6]));
    }
}

#[test]
fn the_new_pile_card_may_empty_the_hand() {
    // Seat 1 makes a Seven and starts the new pile with its last card, a 2.
    let arrange = || {
        Round::arrange(
            3,
            &[hand(&[4, 2]), hand(&[1, 1]), hand(&[5, 5])],
            Pile::new(3, 0).unwrap(),
            hand(&[3]),
            [0; 8],
            &[6, 6],
            0,
        )
    };
    let mut t = arrange();
    t.turn(
        &rules(Finish::Empty),
        &mut rng(),
        &mut script(&[(4, 3), (2, 0)]),
    );
    assert!(t.is_out(0));
    let mut t = arrange();
    t.turn(
        &rules(Finish::Seven),
        &mut rng(),
        &mut script(&[(4, 3), (2, 0)]),
    );
    // Rule 5: "even now he does not draw". The hand stays empty and in the round.
    assert!(!t.is_out(0));
    assert_eq!(t.hand(0), &[0; 8], "no card drawn for the new pile");
    assert_eq!(t.draw_pile(), &[6, 6]);
    assert_eq!(t.current(), 1);
    let r = rules(Finish::Seven);
    t.turn(&r, &mut rng(), &mut script(&[(1, 2)])); // seat 2: {0,2} -> {1,2}, draws a 6
    t.turn(&r, &mut rng(), &mut script(&[(5, 1)])); // seat 3: {1,2} -> {1,5}, draws a 6
    // Seat 1 holds nothing, so it cannot play: a penalty card, from the refilled set-aside
    // cards (the 3 and the 4 of the Seven).
    t.turn(&r, &mut rng(), &mut script(&[]));
    assert_eq!(t.stats().penalty_cards, 1);
    assert_eq!(t.stats().refills, 1);
    assert_eq!(t.hand(0)[3] + t.hand(0)[4], 1);
    assert!(!t.is_out(0));
    assert_eq!(t.cards(), 9);
}

/// Two players, neither able to play on {3,3} (a 1 and a 2; two 1s); the draw pile gives seat 1
/// a 4, then 5s.
fn both_stuck() -> Round {
    Round::arrange(
        2,
        &[hand(&[1, 2]), hand(&[1, 1])],
        Pile::new(3, 3).unwrap(),
        hand(&[3, 3]),
        [0; 8],
        &[5, 5, 5, 4],
        0,
    )
}

fn pile_penalty() -> Rules {
    Rules {
        penalty: Penalty::Pile,
        ..Rules::default()
    }
}

#[test]
fn under_penalty_pile_a_penalty_card_blocks_until_a_seven() {
    // Seat 1 cannot play on {3,3} (a 1 and a 2): it takes a penalty card, the 6.
    let mut t = Round::arrange(
        3,
        &[hand(&[1, 2]), hand(&[3, 5]), hand(&[4, 1])],
        Pile::new(3, 3).unwrap(),
        hand(&[3, 3]),
        [0; 8],
        &[2, 2, 2, 6],
        0,
    );
    let r = pile_penalty();
    t.turn(&r, &mut rng(), &mut script(&[]));
    assert_eq!(t.hand(0), &hand(&[1, 2, 6]));
    assert!(t.is_blocked(0));
    t.turn(&r, &mut rng(), &mut script(&[(3, 3)])); // seat 2: {3,3} -> {3,3}, draws a 2
    // Seat 3: a Seven, then a new pile with its last card, the 1; the Seven lifts the block.
    t.turn(&r, &mut rng(), &mut script(&[(4, 3), (1, 0)]));
    assert!(!t.is_blocked(0));
    assert_eq!(t.stats().sevens, 1);
    let mut t = Round::arrange(
        3,
        &[hand(&[1, 2]), hand(&[3, 5]), hand(&[3, 1])],
        Pile::new(3, 3).unwrap(),
        hand(&[3, 3]),
        [0; 8],
        &[2, 2, 2, 6],
        0,
    );
    t.turn(&r, &mut rng(), &mut script(&[]));
    t.turn(&r, &mut rng(), &mut script(&[(3, 3)])); // seat 2 plays, draws a 2
    t.turn(&r, &mut rng(), &mut script(&[(3, 3)])); // seat 3 plays, draws a 2
    // Seat 1 is still blocked on this pile: it sits out without drawing.
    let before = t.hand(0).iter().sum::<u32>();
    t.turn(&r, &mut rng(), &mut script(&[]));
    assert_eq!(
        t.hand(0).iter().sum::<u32>(),
        before,
        "sat out: no card drawn"
    );
    assert_eq!(t.stats().blocked_turns, 1);
    assert_eq!(t.stats().penalty_cards, 1);
    assert_eq!(t.current(), 1);
}

#[test]
fn under_penalty_pile_the_blocks_lift_when_every_player_is_blocked() {
    // Neither player can play on {3,3}: both take a penalty card, and with both blocked nobody
    // could lay a card on this pile again, so the blocks lift and seat 1 plays its drawn 4.
    let mut t = both_stuck();
    let r = pile_penalty();
    t.turn(&r, &mut rng(), &mut script(&[]));
    assert!(t.is_blocked(0));
    t.turn(&r, &mut rng(), &mut script(&[]));
    assert!(!t.is_blocked(0) && !t.is_blocked(1));
    t.turn(&r, &mut rng(), &mut script(&[(4, 3), (1, 0)])); // a Seven, a new pile
    assert_eq!(t.stats().sevens, 1);
    // Under penalty=turn the same cards play the same way: the block never outlives the turn.
    let mut t = both_stuck();
    t.turn(&Rules::default(), &mut rng(), &mut script(&[]));
    assert!(!t.is_blocked(0));
}

#[test]
fn the_table_remembers_what_a_penalty_card_gave_away() {
    // Seat 1 cannot play on {3,3}: it holds no 3 or 4, and draws a 6 that may be anything.
    let mut t = Round::arrange(
        2,
        &[hand(&[1, 2, 5]), hand(&[3, 1, 1])],
        Pile::new(3, 3).unwrap(),
        hand(&[3, 3]),
        [0; 8],
        &[1, 1, 1, 6],
        0,
    );
    let r = Rules::default();
    t.turn(&r, &mut rng(), &mut script(&[]));
    let seen = t.seen(0);
    assert_eq!(seen.lacks, (1 << 3) | (1 << 4));
    assert_eq!((seen.cards, seen.fresh, seen.constrained()), (4, 1, 3));
    t.turn(&r, &mut rng(), &mut script(&[(3, 3)])); // seat 2 plays its 3, draws a 1
    // Seat 1 is stuck again on {3,3}.
    t.turn(&r, &mut rng(), &mut script(&[]));
    let seen = t.seen(0);
    assert_eq!(seen.lacks, (1 << 3) | (1 << 4), "still no 3 or 4");
    assert_eq!(
        (seen.cards, seen.fresh),
        (5, 1),
        "a new penalty starts the count again"
    );
    // The other seat was never stuck: nothing is known of its hand.
    assert_eq!(t.seen(1).lacks, 0);
    assert_eq!(t.seen(1).constrained(), 0);
}

#[test]
fn a_number_it_lacked_must_come_from_a_fresh_card() {
    // Seat 1 lacked 3 and 4 and drew one card since: playing a 4 uses up that fresh card, so
    // all its remaining cards are known not to be a 3 or a 4.
    let mut t = both_stuck();
    let r = Rules::default();
    t.turn(&r, &mut rng(), &mut script(&[])); // seat 1 stuck, draws the 4
    t.turn(&r, &mut rng(), &mut script(&[])); // seat 2 stuck, draws a 5
    // Seat 1: the 4 makes a Seven, and its 1 starts the new pile.
    t.turn(&r, &mut rng(), &mut script(&[(4, 3), (1, 0)]));
    let seen = t.seen(0);
    assert_eq!(seen.fresh, 0);
    assert_eq!(seen.constrained(), seen.cards);
}

#[test]
fn the_round_ends_when_one_player_holds_cards() {
    let mut t = Round::arrange(
        3,
        &[hand(&[4]), hand(&[1, 1]), hand(&[3])],
        Pile::new(3, 0).unwrap(),
        hand(&[3]),
        [0; 8],
        &[6, 6],
        0,
    );
    let r = rules(Finish::Empty);
    t.turn(&r, &mut rng(), &mut script(&[(4, 3)])); // seat 1: Seven, out
    t.turn(&r, &mut rng(), &mut script(&[(1, 0)])); // seat 2: starts a pile, draws a 6
    t.turn(&r, &mut rng(), &mut script(&[(3, 1)])); // seat 3: last card, out
    assert!(t.is_over());
    assert_eq!(t.finishing_order(), &[0, 2, 1]);
}

#[test]
fn a_view_sets_a_table_for_trying_plays() {
    // Seat 0 is the viewer; its first opponent is out, the second holds a guessed hand.
    let deck = [0, 12, 12, 12, 11, 11, 11, 11];
    let own = hand(&[2, 5]);
    let none = [0; 8];
    let opponents = [
        Opponent {
            cards: 0,
            out: true,
            ..Opponent::default()
        },
        Opponent {
            cards: 2,
            out: false,
            ..Opponent::default()
        },
    ];
    let view = View {
        hand: &own,
        pile: Pile::EMPTY,
        pile_cards: &none,
        set_aside: &hand(&[3, 4]),
        draw_pile: 2,
        opponents: &opponents,
        deck: &deck,
        new_pile: true,
        pay: &[],
    };
    let mut t = Round::new(&Rules::default(), 2);
    let guess = [[0; 8], hand(&[1, 1])];
    t.set_from_view(&view, &guess, &[6, 7]);
    assert_eq!(t.finishing_order(), &[1], "the out player has finished");
    assert_eq!(
        (t.current(), t.hand(2), t.draw_pile()),
        (0, &hand(&[1, 1]), &[6u8, 7][..])
    );
    // Starting the new pile after a Seven draws nothing; the turn passes over the out seat.
    let r = rules(Finish::Empty);
    t.turn_with(
        &r,
        &mut rng(),
        Move { card: 2, keep: 0 },
        true,
        &mut script(&[]),
    );
    assert_eq!(t.hand(0), &hand(&[5]));
    assert_eq!(t.draw_pile().len(), 2);
    assert_eq!(t.current(), 2);
    // The same play as an ordinary turn draws the top card, the 7.
    t.set_from_view(&view, &guess, &[6, 7]);
    t.turn_with(
        &r,
        &mut rng(),
        Move { card: 2, keep: 0 },
        false,
        &mut script(&[]),
    );
    assert_eq!(t.hand(0), &hand(&[5, 7]));
    // A Seven as the first play chains into the chooser for the new pile.
    t.set_from_view(&view, &guess, &[6, 7]);
    t.pile = Pile::new(0, 2).unwrap();
    t.turn_with(
        &r,
        &mut rng(),
        Move { card: 5, keep: 2 },
        false,
        &mut script(&[(2, 0)]),
    );
    assert!(
        t.is_over(),
        "the new pile's card was the last, one player is left"
    );
    assert_eq!(t.finishing_order(), &[1, 0, 2]);
}

/// The deal is `rand`'s shuffle of the deck in number order, dealt from the top (the end), seven
/// cards a seat: a documented algorithm whose values `rand` keeps stable, so a seed deals the same
/// cards on every machine. Pinned here, since changing it changes every report of 7.
#[test]
fn the_deal_is_rands_shuffle_dealt_from_the_top() {
    use rand::seq::SliceRandom;
    let rules = Rules::default();
    let mut table = Round::new(&rules, 4);
    table.deal(2, &mut rng());
    let mut deck: Vec<u8> = Vec::new();
    for n in 1..=7u8 {
        deck.extend(std::iter::repeat_n(
            n,
            rules.deck.counts()[usize::from(n)] as usize,
        ));
    }
    deck.shuffle(&mut rng());
    for seat in 0..4 {
        let dealt = &deck[deck.len() - 7 * (seat + 1)..deck.len() - 7 * seat];
        assert_eq!(table.hand(seat), &hand(dealt), "seat {seat}");
    }
    assert_eq!(table.draw_pile(), &deck[..deck.len() - 28]);
    assert_eq!(table.current(), 2);
}

/// Every card is equally likely to be any seat's: over many deals each seat's count of each
/// number matches its share of the deck within 4 standard errors (a deal that skipped or botched
/// the shuffle would give seats the numbers in runs).
#[test]
fn every_seat_gets_its_share_of_each_number() {
    let rules = Rules::default();
    let mut table = Round::new(&rules, 4);
    let mut r = rng();
    let deals = 20_000u32;
    let size = f64::from(rules.deck.size());
    for n in 1..=7usize {
        let mut got = [0u32; 4];
        for _ in 0..deals {
            table.deal(0, &mut r);
            for (seat, g) in got.iter_mut().enumerate() {
                *g += table.hand(seat)[n];
            }
        }
        // Each of a number's cards lands in a given seat with chance 7 / deck size.
        let p = 7.0 / size;
        let copies = f64::from(rules.deck.counts()[n]);
        for (seat, &g) in got.iter().enumerate() {
            let mean = f64::from(g) / f64::from(deals);
            let expected = copies * p;
            // Bounded above by the variance of independent cards (draws without replacement
            // vary less), so 4 of these standard errors is a loose bound.
            let se = (copies * p * (1.0 - p) / f64::from(deals)).sqrt();
            assert!(
                (mean - expected).abs() < 4.0 * se,
                "number {n}, seat {seat}: {mean} against {expected} (se {se})"
            );
        }
    }
}
