//! The lookahead player of 7: it sees only what a player may see, spends no samples on forced
//! plays, finds the plays its play-outs favour, and chooses the same whatever the hidden cards.

use super::*;
use crate::games::sieben::policy::Opponent;
use crate::games::sieben::round::Round;
use crate::games::sieben::rules::{Pile, legal_moves};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::games::sieben::deck::counts_of as hand;

fn lookahead(samples: u32, seed: u64) -> Lookahead<Xoshiro256PlusPlus> {
    Lookahead::new(
        samples,
        &Rules::default(),
        Xoshiro256PlusPlus::seed_from_u64(seed),
    )
}

#[test]
fn a_forced_play_or_going_out_needs_no_guess() {
    let deck = [0, 12, 12, 12, 11, 11, 11, 11];
    let none = [0; 8];
    let opp = [Opponent {
        cards: 7,
        out: false,
        ..Opponent::default()
    }];
    let mut p = lookahead(64, 1);
    // One legal play: a 4 on {3,3} (the 1 cannot be played).
    let h = hand(&[1, 4]);
    let pile = Pile::new(3, 3).unwrap();
    let view = View {
        hand: &h,
        pile,
        pile_cards: &hand(&[3, 3]),
        set_aside: &none,
        draw_pile: 40,
        opponents: &opp,
        deck: &deck,
        new_pile: false,
        pay: &[],
    };
    let moves = legal_moves(pile, &h);
    assert_eq!(moves.len(), 1);
    assert_eq!(p.choose(&view, &moves), 0);
    // The last card, a 4 on {0,3}: keeping the 0 (listed first) or the 3 (a Seven). Under
    // finish=seven only the Seven goes out; under finish=empty either does, so the first.
    let h = hand(&[4]);
    let pile = Pile::new(0, 3).unwrap();
    let moves = legal_moves(pile, &h);
    assert_eq!(moves.len(), 2);
    assert!(moves[1].is_seven());
    let view = View {
        hand: &h,
        pile,
        pile_cards: &hand(&[3]),
        ..view
    };
    assert_eq!(p.choose(&view, &moves), 1);
    let empty = Rules {
        finish: Finish::Empty,
        ..Rules::default()
    };
    let mut q = Lookahead::new(64, &empty, Xoshiro256PlusPlus::seed_from_u64(1));
    assert_eq!(q.choose(&view, &moves), 0);
    for work in [p.work(), q.work()] {
        assert_eq!(work.sampled, 0, "no guess, no play-out");
    }
    assert_eq!(p.work().decisions, 2);
}

/// The view of an end game: nothing set aside and nothing left to draw, so the unseen cards
/// are exactly the opponents' hands.
fn end_game<'a>(
    hand: &'a Counts,
    pile: Pile,
    pile_cards: &'a Counts,
    opponents: &'a [Opponent],
    deck: &'a Counts,
    new_pile: bool,
) -> View<'a> {
    const NONE: Counts = [0; 8];
    View {
        hand,
        pile,
        pile_cards,
        set_aside: &NONE,
        draw_pile: 0,
        opponents,
        deck,
        new_pile,
        pay: &[],
    }
}

#[test]
fn it_blocks_the_next_player_where_seven_first_lets_them_out() {
    // Two players, nothing left to draw. The opponent's one card is unseen, but the only
    // unseen card is a 1. On {0,3} with two 3s: replacing the 3 (seven-first's smallest
    // rise, and the first play listed) leaves a 0 spot, the 1 goes on it and the opponent is
    // out first. Covering the 0 instead makes {3,3}, where a 1 cannot go: the opponent passes
    // and the last 3 goes out on {3,3} (3 + 3 = 6).
    let deck = hand(&[1, 3, 3, 3]);
    let (h, on_pile) = (hand(&[3, 3]), hand(&[3]));
    let pile = Pile::new(0, 3).unwrap();
    let opp = [Opponent {
        cards: 1,
        out: false,
        ..Opponent::default()
    }];
    let view = end_game(&h, pile, &on_pile, &opp, &deck, false);
    let moves = legal_moves(pile, &h);
    assert_eq!(
        &moves[..],
        &[Move { card: 3, keep: 0 }, Move { card: 3, keep: 3 }]
    );
    assert_eq!(SevenFirst.choose(&view, &moves), 0);
    for seed in 0..5 {
        let mut p = lookahead(4, seed);
        assert_eq!(p.choose(&view, &moves), 1, "seed {seed}");
        // Two plays: one round of halving, 4 guesses each played out twice.
        let w = p.work();
        assert_eq!(
            (w.decisions, w.sampled, w.guesses, w.playouts),
            (1, 1, 4, 8)
        );
        assert!(w.playout_turns >= 8, "at least the play tried, each time");
    }
}

#[test]
fn after_a_seven_it_starts_the_pile_the_next_player_cannot_follow() {
    // After its own Seven the player starts a new pile with its 1 or its 6. The one unseen
    // card, the opponent's last, is a 2, and nothing is left to draw. Starting with the 1
    // (seven-first's lowest card) lets the 2 replace it: the opponent is out first.
    // Starting with the 6 leaves {0,6}, where a 2 cannot go; the opponent passes and the 1
    // makes a Seven on {0,6}, going out first.
    let deck = hand(&[1, 2, 6]);
    let (h, none) = (hand(&[1, 6]), [0; 8]);
    let opp = [Opponent {
        cards: 1,
        out: false,
        ..Opponent::default()
    }];
    let view = end_game(&h, Pile::EMPTY, &none, &opp, &deck, true);
    let moves = legal_moves(Pile::EMPTY, &h);
    assert_eq!(SevenFirst.choose(&view, &moves), 0);
    assert_eq!(moves[lookahead(4, 3).choose(&view, &moves)].card, 6);
}

#[test]
fn players_already_out_keep_their_places() {
    // Three players, the first opponent out already: the best the player can do is second.
    // Going out now is not possible (two cards), so the play-outs run, and they must not
    // deal the out player cards or let it play.
    let deck = hand(&[1, 3, 3, 3]);
    let (h, on_pile) = (hand(&[3, 3]), hand(&[3]));
    let pile = Pile::new(0, 3).unwrap();
    let opp = [
        Opponent {
            cards: 0,
            out: true,
            ..Opponent::default()
        },
        Opponent {
            cards: 1,
            out: false,
            ..Opponent::default()
        },
    ];
    let view = end_game(&h, pile, &on_pile, &opp, &deck, false);
    // As in the two-player block: {3,3} stops the 1, and the player goes out second.
    let moves = legal_moves(pile, &h);
    assert_eq!(lookahead(4, 9).choose(&view, &moves), 1);
}

/// The first choice `seat`'s lookahead (seeded `seed`) makes on `table`, and whether it
/// needed guesses; `None` when the seat cannot play.
fn first_choice(mut table: Round, seed: u64) -> Option<(Move, bool)> {
    let mut p = lookahead(8, seed);
    let mut first = None;
    table.turn(
        &Rules::default(),
        &mut Xoshiro256PlusPlus::seed_from_u64(0),
        &mut |_, v: &View, moves: &[Move]| {
            let i = p.choose(v, moves);
            first.get_or_insert(moves[i]);
            i
        },
    );
    first.map(|m| (m, p.work().sampled > 0))
}

#[test]
fn the_choice_depends_only_on_what_the_player_sees() {
    // Positions from real deals a few turns in; the hidden cards (the other hands and the
    // draw pile) are dealt again at random in the same sizes. The player sees the same, so
    // a lookahead with the same seed must choose the same.
    let rules = Rules::default();
    let rollout = &mut |_: usize, v: &View, m: &[Move]| SevenFirst.choose(v, m);
    let (mut compared, mut changed) = (0, 0);
    for seed in 0..300u64 {
        let mut cards = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut t = Round::new(&rules, 3);
        t.deal(seed as usize % 3, &mut cards);
        for _ in 0..seed % 5 {
            t.turn(&rules, &mut cards, rollout);
        }
        if (0..3).any(|s| t.is_out(s)) {
            continue;
        }
        let me = t.current();
        let hands: Vec<Counts> = (0..3).map(|s| *t.hand(s)).collect();
        let mut hidden: Vec<u8> = t.draw_pile().to_vec();
        for (_, h) in hands.iter().enumerate().filter(|&(s, _)| s != me) {
            for n in 1..=MAX_NUMBER {
                hidden.extend(std::iter::repeat_n(n, h[usize::from(n)] as usize));
            }
        }
        shuffle(&mut hidden, &mut cards);
        let mut other = hands.clone();
        let mut at = 0;
        for (s, h) in other.iter_mut().enumerate().filter(|&(s, _)| s != me) {
            let size: u32 = hands[s].iter().sum();
            *h = [0; 8];
            for &c in &hidden[at..at + size as usize] {
                h[usize::from(c)] += 1;
            }
            at += size as usize;
        }
        let draw = &hidden[at..];
        changed += usize::from(other != hands || draw != t.draw_pile());
        let arrange = |hands: &[Counts], draw: &[u8]| {
            Round::arrange(
                3,
                hands,
                t.pile(),
                *t.pile_cards(),
                *t.set_aside(),
                draw,
                me,
            )
        };
        let real = first_choice(arrange(&hands, t.draw_pile()), seed);
        let guessed = first_choice(arrange(&other, draw), seed);
        assert_eq!(real, guessed, "seed {seed}");
        compared += usize::from(matches!(real, Some((_, true))));
    }
    assert!(compared >= 50 && changed >= 250, "{compared} {changed}");
}

#[test]
fn guesses_agree_with_what_penalty_cards_gave_away() {
    // The first opponent could not play on {3,3}, holds 3 cards and has drawn one since: at
    // least two of its cards are not a 3 or a 4. The second was never stuck.
    let deck = [0, 12, 12, 12, 11, 11, 11, 11];
    let h = hand(&[1, 2]);
    let none = [0; 8];
    let opp = [
        Opponent {
            cards: 3,
            lacks: (1 << 3) | (1 << 4),
            fresh: 1,
            ..Opponent::default()
        },
        Opponent {
            cards: 5,
            ..Opponent::default()
        },
    ];
    let view = View {
        hand: &h,
        pile: Pile::new(3, 3).unwrap(),
        pile_cards: &hand(&[3, 3]),
        set_aside: &none,
        draw_pile: 80 - 2 - 2 - 3 - 5,
        opponents: &opp,
        deck: &deck,
        new_pile: false,
        pay: &[],
    };
    let mut p = Guesser::new(80);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    p.list_unseen(&view.unseen());
    let mut threes_or_fours = [0u32; 2];
    for _ in 0..2_000 {
        let draw_from = p.guess(&view, &mut rng);
        assert_eq!(p.unseen.len() - draw_from, view.draw_pile as usize);
        for (k, hand) in p.hands[..2].iter().enumerate() {
            assert_eq!(hand.iter().sum::<u32>(), opp[k].cards);
            let known = hand[3] + hand[4];
            assert!(k == 1 || known <= 1, "opponent 1 holds {hand:?}");
            threes_or_fours[k] += known;
        }
    }
    // The free opponent gets 3s and 4s at their share of the unseen cards (21 of 76: about
    // 5 x 21 / 76 = 1.38 a hand); the constrained one only through its one fresh card (about
    // 21 / 76 = 0.28 a hand).
    let per_hand = |k: usize| f64::from(threes_or_fours[k]) / 2_000.0;
    assert!(
        (per_hand(1) - 5.0 * 21.0 / 76.0).abs() < 0.1,
        "{}",
        per_hand(1)
    );
    assert!(per_hand(0) < 0.4, "{}", per_hand(0));
}
