//! Setting a round's table: a fresh deal, a hand-made position for tests, and the position a
//! player sees with the hidden cards filled in by a guess (what the play-outs start from). A child
//! of `round`, so it sets the private fields directly rather than through setters a turn would
//! never need.

use rand::seq::SliceRandom;
use rand_xoshiro::rand_core::Rng;

#[cfg(test)]
use super::super::deck::HAND;
use super::super::deck::{Counts, MAX_NUMBER, held_numbers};
use super::super::policy::View;
use super::super::rules::{Pay, Pile};
use super::{Round, RoundStats, SEATS};

impl Round {
    /// Shuffles the whole deck, deals the rules' hand (7 cards by the text) to each player and
    /// gives `first` the first turn.
    pub fn deal<R: Rng>(&mut self, first: usize, rng: &mut R) {
        self.draw.clear();
        for n in 1..=MAX_NUMBER {
            for _ in 0..self.deck[usize::from(n)] {
                self.draw.push(n);
            }
        }
        // `rand`'s Fisher-Yates, exactly uniform under its `unbiased` feature: a documented,
        // value-stable algorithm for the cards of a real game.
        self.draw.shuffle(rng);
        for seat in 0..self.players {
            self.hands[seat] = [0; 8];
            for _ in 0..self.hand {
                let card = self.draw.pop().expect("the deck covers the deal");
                self.hands[seat][usize::from(card)] += 1;
            }
            self.held[seat] = held_numbers(&self.hands[seat]);
            self.sizes[seat] = self.hand;
            self.out[seat] = false;
        }
        self.start(first);
    }

    /// Clears the table but for the hands and the draw pile, `first` to play: a round's start.
    fn start(&mut self, first: usize) {
        self.finished_len = 0;
        self.pile = Pile::EMPTY;
        self.pile_cards = [0; 8];
        self.set_aside = [0; 8];
        self.blocked = 0;
        self.lacks = [0; SEATS];
        self.fresh = [0; SEATS];
        self.current = first;
        self.first = first;
        self.idle = 0;
        self.stats = RoundStats::default();
    }

    /// Deals the hands a record names (`hands[s]` to seat `s`) and gives `first` the first
    /// turn; the rest of the deck is the draw pile, in no order that matters, since a record
    /// names every card drawn ([`Round::stack_draw`]). The hands must fit in the deck.
    pub(crate) fn deal_hands(&mut self, first: usize, hands: &[Counts]) {
        self.draw.clear();
        for n in 1..=MAX_NUMBER {
            let dealt: u32 = hands.iter().map(|h| h[usize::from(n)]).sum();
            for _ in dealt..self.deck[usize::from(n)] {
                self.draw.push(n);
            }
        }
        for (seat, hand) in hands.iter().enumerate().take(self.players) {
            self.hands[seat] = *hand;
            self.held[seat] = held_numbers(hand);
            self.sizes[seat] = hand.iter().sum();
            self.out[seat] = false;
        }
        self.start(first);
    }

    /// Puts a card of number `card` on top of the draw pile, so the next draw takes it: what a
    /// record says was drawn. An empty draw pile is refilled from the set-aside cards first, as
    /// a draw would refill it (the order does not matter, the record names every card). False
    /// where no such card is left to draw.
    pub(crate) fn stack_draw(&mut self, card: u8) -> bool {
        if self.draw.is_empty() {
            for n in 1..=MAX_NUMBER {
                for _ in 0..self.set_aside[usize::from(n)] {
                    self.draw.push(n);
                }
            }
            if !self.draw.is_empty() {
                self.set_aside = [0; 8];
                self.stats.refills += 1;
            }
        }
        match self.draw.iter().rposition(|&c| c == card) {
            Some(i) => {
                let top = self.draw.len() - 1;
                self.draw.swap(i, top);
                true
            }
            None => false,
        }
    }

    /// The cards a draw could give now: the draw pile, or where it is empty the set-aside
    /// cards it would be refilled from.
    pub(crate) fn drawable(&self) -> Counts {
        let mut counts = [0; 8];
        for &c in &self.draw {
            counts[usize::from(c)] += 1;
        }
        if self.draw.is_empty() {
            counts = self.set_aside;
        }
        counts
    }

    /// Sets up a hand-made position (for tests and studies): hands, the pile with the cards on
    /// it, the set-aside cards, the draw pile (its top card last) and who is to play. The deck is
    /// whatever these hold together.
    #[cfg(test)]
    pub fn arrange(
        players: u32,
        hands: &[Counts],
        pile: Pile,
        pile_cards: Counts,
        set_aside: Counts,
        draw: &[u8],
        current: usize,
    ) -> Self {
        let players = players as usize;
        assert!((2..=SEATS).contains(&players) && hands.len() == players && current < players);
        let mut deck = [0; 8];
        let mut t = Self {
            players,
            deck,
            hand: HAND,
            hands: [[0; 8]; SEATS],
            held: [0; SEATS],
            sizes: [0; SEATS],
            out: [false; SEATS],
            finished: [0; SEATS],
            finished_len: 0,
            pile,
            pile_cards,
            set_aside,
            draw: draw.to_vec(),
            blocked: 0,
            lacks: [0; SEATS],
            fresh: [0; SEATS],
            pay: Pay::Countdown.round(players as u32, None),
            current,
            first: current,
            idle: 0,
            stats: RoundStats::default(),
        };
        for (seat, hand) in hands.iter().enumerate() {
            t.hands[seat] = *hand;
            t.held[seat] = held_numbers(hand);
            t.sizes[seat] = hand.iter().sum();
        }
        for n in 1..8 {
            deck[n] = t.hands[..players].iter().map(|h| h[n]).sum::<u32>()
                + pile_cards[n]
                + set_aside[n]
                + draw.iter().filter(|&&c| usize::from(c) == n).count() as u32;
        }
        t.deck = deck;
        t
    }

    /// Sets this table to the position `view` shows, with the hidden cards filled in by a guess:
    /// `hands[i]` for the `i`-th opponent of the view and `draw` for the draw pile (top card
    /// last). The viewing player sits in seat 0 and is to play, its `i`-th opponent in seat `i`,
    /// so turn order is kept; players already out are listed as finished (in seat order, which
    /// does not change anyone's place after them). The buffers are reused: nothing is
    /// allocated once the draw pile has held as many cards.
    ///
    /// This is the table a looking-ahead policy plays its rounds out on when its lean
    /// [`Playout`](super::super::lookahead::playout::Playout) cannot, and the reference that one is tested
    /// against.
    pub(crate) fn set_from_view(&mut self, view: &View, hands: &[Counts], draw: &[u8]) {
        let players = view.opponents.len() + 1;
        assert!((2..=SEATS).contains(&players) && hands.len() + 1 >= players);
        self.players = players;
        self.deck = *view.deck;
        self.hands[0] = *view.hand;
        self.held[0] = held_numbers(view.hand);
        self.sizes[0] = view.hand.iter().sum();
        self.out[0] = false;
        self.blocked &= !1;
        self.lacks[0] = 0;
        self.fresh[0] = 0;
        self.finished_len = 0;
        self.pay = Pay::Countdown.round(players as u32, None);
        if view.pay.len() == players {
            self.pay[..players].copy_from_slice(view.pay);
        }
        for (i, o) in view.opponents.iter().enumerate() {
            let seat = i + 1;
            self.hands[seat] = hands[i];
            self.held[seat] = held_numbers(&hands[i]);
            self.sizes[seat] = hands[i].iter().sum();
            debug_assert_eq!(self.sizes[seat], o.cards, "the guess keeps the hand sizes");
            self.out[seat] = o.out;
            self.blocked = self.blocked & !(1 << seat) | u8::from(o.blocked) << seat;
            self.lacks[seat] = o.lacks;
            self.fresh[seat] = o.fresh;
            if o.out {
                self.finished[self.finished_len] = seat as u8;
                self.finished_len += 1;
            }
        }
        self.pile = view.pile;
        self.pile_cards = *view.pile_cards;
        self.set_aside = *view.set_aside;
        self.draw.clear();
        self.draw.extend_from_slice(draw);
        self.current = 0;
        self.first = 0;
        self.idle = 0;
        self.stats = RoundStats::default();
    }
}
