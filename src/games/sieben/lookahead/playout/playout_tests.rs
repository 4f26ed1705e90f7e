//! The lean play-outs against the `Round` they replace: from the same positions, the same
//! guesses and the same refill seeds, every play-out ends in the same place after the same
//! turns, under every rule option, including the rare turns (refills, frozen rounds, blocked
//! players, players already out, a new pile after the looking player's own Seven).

use super::*;
use crate::dice::below;
use crate::games::sieben::deck::Deck;
use crate::games::sieben::lookahead::round_playout::on_round;
use crate::games::sieben::policy::{Opponent, seven_first};
use crate::games::sieben::round::Round;
use crate::games::sieben::rules::{MIN_PLAYERS, Pile};
use rand_xoshiro::rand_core::Rng;

/// A view as a policy saw it during a real round, kept after the round moved on, with the
/// legal plays it was asked to choose among.
struct Seen {
    hand: Counts,
    pile: Pile,
    pile_cards: Counts,
    set_aside: Counts,
    draw_pile: u32,
    opponents: Vec<Opponent>,
    deck: Counts,
    new_pile: bool,
    pay: Vec<u32>,
    moves: Vec<Move>,
}

impl Seen {
    fn of(view: &View, moves: &[Move]) -> Self {
        Self {
            hand: *view.hand,
            pile: view.pile,
            pile_cards: *view.pile_cards,
            set_aside: *view.set_aside,
            draw_pile: view.draw_pile,
            opponents: view.opponents.to_vec(),
            deck: *view.deck,
            new_pile: view.new_pile,
            pay: view.pay.to_vec(),
            moves: moves.to_vec(),
        }
    }

    fn view(&self) -> View<'_> {
        View {
            hand: &self.hand,
            pile: self.pile,
            pile_cards: &self.pile_cards,
            set_aside: &self.set_aside,
            draw_pile: self.draw_pile,
            opponents: &self.opponents,
            deck: &self.deck,
            new_pile: self.new_pile,
            pay: &self.pay,
        }
    }
}

/// Rules with each option drawn at random and a small random deck, small enough that draw
/// piles run out and refill: 1 to 7 cards of each number, or, one time in three, only 4s, 5s
/// and 6s, which never make a Seven, so that nothing is set aside and rounds freeze.
fn random_rules(players: u32, rng: &mut impl Rng) -> Rules {
    let mut counts = [0; 8];
    let high = below(rng, 3) == 0;
    for (n, c) in counts.iter_mut().enumerate().skip(1) {
        if !high || (4..=6).contains(&n) {
            *c = 1 + below(rng, 7) as u32;
        }
    }
    while counts.iter().sum::<u32>() <= 7 * players {
        let n = if high {
            4 + below(rng, 3)
        } else {
            1 + below(rng, 7)
        };
        counts[n as usize] += 1;
    }
    Rules {
        finish: [Finish::Seven, Finish::Empty][below(rng, 2) as usize],
        penalty: [Penalty::Turn, Penalty::Pile][below(rng, 2) as usize],
        deck: Deck::from_counts(counts, "random").unwrap(),
        ..Rules::default()
    }
}

/// Views met in a real round of `players` under `rules`, its players choosing at random or as
/// `seven-first`, each view kept with a chance of one in four.
fn views_of_a_round(rules: &Rules, players: u32, rng: &mut impl Rng) -> Vec<Seen> {
    let mut choices = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(rng.next_u64());
    let mut seen = Vec::new();
    let mut chooser = |_: usize, view: &View, moves: &[Move]| {
        if below(&mut choices, 4) == 0 {
            seen.push(Seen::of(view, moves));
        }
        if below(&mut choices, 2) == 0 {
            seven_first(view.pile, moves)
        } else {
            below(&mut choices, moves.len() as u64) as usize
        }
    };
    let mut table = Round::new(rules, players);
    table.deal(below(rng, u64::from(players)) as usize, rng);
    while !table.is_over() {
        table.turn(rules, rng, &mut chooser);
    }
    seen
}

/// What the compared play-outs went through, to show the test reached the rare turns.
#[derive(Debug, Default)]
struct Reached {
    playouts: u32,
    refills: u32,
    stalled: u32,
    blocked_turns: u32,
    opponents_out: u32,
    new_piles: u32,
    finish_empty: u32,
    places: [u32; 7],
}

#[test]
fn lean_playouts_finish_as_round_does() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(2026);
    let mut reached = Reached::default();
    let (mut refill, mut unseen_cards) = (Vec::new(), Vec::new());
    while reached.playouts < 100_000 {
        let players = 2 + below(&mut rng, 6) as u32;
        let rules = random_rules(players, &mut rng);
        let mut round = Round::new(&rules, MIN_PLAYERS);
        for seen in views_of_a_round(&rules, players, &mut rng) {
            let view = seen.view();
            let unseen = view.unseen();
            let hidden = view.opponents.iter().map(|o| o.cards).sum::<u32>() + view.draw_pile;
            assert_eq!(unseen.iter().sum::<u32>(), hidden, "a real view adds up");
            assert!(fits(&view, &unseen));
            // A guess as the lookahead deals one, without its constraints (the play-outs take
            // any hands).
            unseen_cards.clear();
            for n in 1..=MAX_NUMBER {
                unseen_cards.extend(std::iter::repeat_n(n, unseen[usize::from(n)] as usize));
            }
            for i in (1..unseen_cards.len()).rev() {
                unseen_cards.swap(i, below(&mut rng, i as u64 + 1) as usize);
            }
            let mut hands = vec![[0; 8]; view.opponents.len()];
            let mut at = 0;
            for (hand, o) in hands.iter_mut().zip(view.opponents) {
                for &c in &unseen_cards[at..at + o.cards as usize] {
                    hand[usize::from(c)] += 1;
                }
                at += o.cards as usize;
            }
            let draw = &unseen_cards[at..];
            let mut lean = Playout::from_view(&view, &unseen);
            lean.deal(&hands, draw.len());
            for &first in &seen.moves {
                let seed = rng.next_u64();
                let expected = on_round(&mut round, &rules, &view, &hands, draw, seed, first);
                let got = lean.play_out(&rules, seed, first, view.new_pile, draw, &mut refill);
                assert_eq!(
                    got, expected,
                    "{first:?} from {:?} under {:?}",
                    seen.moves, rules
                );
                let stats = round.stats();
                reached.playouts += 1;
                reached.refills += stats.refills;
                reached.stalled += u32::from(stats.stalled);
                reached.blocked_turns += stats.blocked_turns;
                reached.opponents_out += u32::from(view.opponents.iter().any(|o| o.out));
                reached.new_piles += u32::from(view.new_pile);
                reached.finish_empty += u32::from(rules.finish == Finish::Empty);
                reached.places[got.place] += 1;
            }
        }
    }
    let r = &reached;
    assert!(
        r.refills > 5_000
            && r.stalled > 1_000
            && r.blocked_turns > 5_000
            && r.opponents_out > 5_000
            && r.new_piles > 5_000
            && r.finish_empty > 20_000
            && r.places[6] > 0,
        "{reached:?}"
    );
}

#[test]
fn decks_of_more_than_255_of_a_number_are_left_to_round() {
    let none = [0; 8];
    let opponents = [Opponent {
        cards: 7,
        ..Opponent::default()
    }];
    let hand = [0, 1, 0, 0, 0, 0, 0, 0];
    let view = |deck: &'static Counts| View {
        hand: &hand,
        pile: Pile::EMPTY,
        pile_cards: &none,
        set_aside: &none,
        draw_pile: deck.iter().sum::<u32>() - 8,
        opponents: &opponents,
        deck,
        new_pile: false,
        pay: &[],
    };
    let fine = &[0, 255, 2, 2, 2, 2, 2, 2];
    let big = &[0, 256, 2, 2, 2, 2, 2, 2];
    assert!(fits(&view(fine), &view(fine).unseen()));
    assert!(!fits(&view(big), &view(big).unseen()));
}
