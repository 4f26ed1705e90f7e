//! The lookahead's play-outs on a lean table: a round played with `seven-first` in every seat
//! from a guessed position, as far as the looking player's place.
//!
//! A lookahead decision spends nearly all its time in play-outs (a four-player game of 7 has
//! about 220,000 play-out turns for one lookahead seat). On a [`Round`] a play-out keeps much
//! it never reads (what the table has seen of each hand, hand sizes, the finishing order, the
//! chips, the round's counts), copies a draw pile, and branches every turn on whether the player
//! can play and whether the play makes a Seven: close to coin flips under `seven-first`, which
//! the processor often guesses wrong, and that was most of a play-out's time.
//!
//! [`Playout`] keeps only what decides the looking player's place, a hand as eight one-byte
//! counts in one integer, and plays an ordinary turn whole without a branch on what happens in
//! it ([`Playout::rest`]): one table look-up ([`STEP`](step::STEP)) gives `seven-first`'s play
//! and the pile it leaves, a Seven's further plays follow from the hand (every 7 left, then the
//! lowest card), and the numbers a hand holds are computed from its counts. The set-aside cards
//! are not kept: at a refill they are every card not in a hand or on the pile, and the pile's
//! cards are only kept by the few play-outs that empty the draw pile ([`Playout::play_out`]).
//! Rare turns and the rare ends of a turn are played step by step, as [`Round::turn`] plays
//! them ([`Playout::turn`]).
//!
//! Both apply exactly the rules `Round` does and draw from the generator as it does (a refill
//! lists the set-aside cards by number and shuffles them with `rand`), so the lookahead chooses
//! as it did on the full table; the test `lean_playouts_finish_as_round_does` plays many
//! positions under every rule option both ways to hold it to that. One-byte counts hold any
//! deck with at most 255 cards of each number ([`fits`]); the lookahead plays any other on a
//! `Round`.
//!
//! The counts are in `bytes.rs` and the table in `step.rs`; this file holds the table a
//! play-out changes and the turns it plays.
//!
//! [`Round`]: super::super::round::Round
//! [`Round::turn`]: super::super::round::Round::turn

use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use super::super::deck::{Counts, MAX_NUMBER};
use super::super::policy::View;
use super::super::round::{MAX_ROUND_TURNS, SEATS};
use super::super::rules::{Finish, Move, Penalty, Rules};
use super::round_playout::Finished;

mod bytes;
mod step;

use bytes::{Bytes, ONE, SEVENS, bytes, count, numbers, zero_bytes};
use step::{pile_row, row_after, seven_first_play, step};

/// Seats as the play-out indexes them: a power of two, so a seat masked to it needs no bounds
/// check.
const SLOTS: usize = 8;

/// Whether the lean play-outs can play from `view`, whose unseen cards are `unseen`: no number
/// has more than 255 cards on the table, and there is no card numbered 0. A deck file may ask
/// for more (up to 10,000 cards of a number); the lookahead then plays out on a [`Round`].
///
/// [`Round`]: super::super::round::Round
pub(crate) fn fits(view: &View, unseen: &Counts) -> bool {
    let parts = [view.hand, view.pile_cards, view.set_aside, unseen];
    parts.iter().all(|c| c[0] == 0)
        && (1..8).all(|n| parts.iter().map(|c| u64::from(c[n])).sum::<u64>() <= 0xFF)
}

/// A guessed table to play out from, copied for every play tried on the guess (it holds no
/// buffer, so a copy is the whole set-up of a play-out).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Playout {
    players: usize,
    hands: [Bytes; SLOTS],
    /// The numbers each hand holds (bit `n` for number `n`), which `seven-first` plays from.
    held: [u8; SLOTS],
    /// The next seat still in after each seat.
    next: [u8; SLOTS],
    /// Seats out of the round, bit `s` for seat `s`.
    out: u8,
    /// How many are out: the place of the next one to go out.
    finished: usize,
    /// Seats blocked until the pile is set aside (`penalty=pile`), bit `s` for seat `s`.
    blocked: u8,
    /// The pile, by its [`pile_row`].
    pile: usize,
    /// The cards on the pile, kept only by play-outs that may refill the draw pile.
    pile_cards: Bytes,
    /// Every card on the table, which a round never changes: the set-aside cards are what the
    /// hands, the pile and the draw pile do not hold.
    total: Bytes,
    /// Cards left to draw, the top one at this index less one: in the guess's draw pile, which
    /// every play-out of a guess shares unchanged, or after a refill in the play-out's buffer.
    draw_left: usize,
    refilled: bool,
    /// Turns in a row that neither played nor drew.
    idle: usize,
    turns: u32,
}

/// The generator that shuffles a play-out's refills, seeded at the first: few play-outs refill,
/// and seeding one in every play-out took about 2% of a lookahead game in a profile.
struct Shuffles {
    seed: u64,
    rng: Option<Xoshiro256PlusPlus>,
}

impl Shuffles {
    fn new(seed: u64) -> Self {
        Self { seed, rng: None }
    }

    fn get(&mut self) -> &mut Xoshiro256PlusPlus {
        let seed = self.seed;
        self.rng
            .get_or_insert_with(|| Xoshiro256PlusPlus::seed_from_u64(seed))
    }
}

/// How [`Playout::rest`] ended: the looking player's place, or a turn found the draw pile
/// empty in a play-out that does not keep the pile's cards.
enum Rest {
    Place(usize),
    Untracked,
}

impl Playout {
    /// The table `view` shows, as [`Round::set_from_view`] sets it, before the hidden cards are
    /// guessed ([`Playout::deal`]): the looking player sits in seat 0 and is to play, its `i`-th
    /// opponent in seat `i + 1`. `unseen` are the cards the guesses deal, by number; the view
    /// must [`fit`](fits).
    ///
    /// [`Round::set_from_view`]: super::super::round::Round::set_from_view
    pub(crate) fn from_view(view: &View, unseen: &Counts) -> Self {
        let players = view.opponents.len() + 1;
        assert!((2..=SEATS).contains(&players) && fits(view, unseen));
        let pile_cards = bytes(view.pile_cards);
        let [a, b] = view.pile.spots();
        let mut t = Self {
            players,
            hands: [0; SLOTS],
            held: [0; SLOTS],
            next: [0; SLOTS],
            out: 0,
            finished: 0,
            blocked: 0,
            pile: pile_row(a, b),
            pile_cards,
            total: bytes(view.hand) + pile_cards + bytes(view.set_aside) + bytes(unseen),
            draw_left: 0,
            refilled: false,
            idle: 0,
            turns: 0,
        };
        t.hands[0] = bytes(view.hand);
        t.held[0] = numbers(t.hands[0]);
        for (i, o) in view.opponents.iter().enumerate() {
            let seat = i + 1;
            t.blocked |= u8::from(o.blocked) << seat;
            if o.out {
                t.out |= 1 << seat;
                t.finished += 1;
            }
        }
        let inside = ((1u32 << players) - 1) & !u32::from(t.out);
        for s in 0..players {
            let after = inside & !((2 << s) - 1);
            let next = if after != 0 { after } else { inside };
            t.next[s] = next.trailing_zeros() as u8;
        }
        t
    }

    /// Fills in a guess of the hidden cards: `hands[i]` for the `i`-th opponent and a draw
    /// pile of `draw` cards, which [`Playout::play_out`] is given. Together they must be the
    /// unseen cards [`Playout::from_view`] was given.
    pub(crate) fn deal(&mut self, hands: &[Counts], draw: usize) {
        assert!(hands.len() + 1 >= self.players);
        for (seat, hand) in (1..self.players).zip(hands) {
            self.hands[seat] = bytes(hand);
            self.held[seat] = numbers(self.hands[seat]);
        }
        self.draw_left = draw;
    }

    /// Plays `first` for the looking player (with `new_pile`, as the new pile after its own
    /// Seven, which draws nothing), then the round with `seven-first` in every seat until the
    /// looking player is out. `draw` is the guess's draw pile (top card last), shared by every
    /// play-out of the guess; `refill` holds the draw pile once the set-aside cards are shuffled
    /// into it (a buffer kept between play-outs); a generator seeded with `seed` shuffles them.
    ///
    /// Only a refill needs the cards on the pile (the set-aside cards are the rest), and few
    /// play-outs empty the draw pile (one in forty, four players, default rules), so they are
    /// first played without keeping them. One that finds the draw pile empty is played again
    /// from its start keeping them: nothing has shuffled by then, so it plays the same turns.
    pub(crate) fn play_out(
        self,
        rules: &Rules,
        seed: u64,
        first: Move,
        new_pile: bool,
        draw: &[u8],
        refill: &mut Vec<u8>,
    ) -> Finished {
        debug_assert!(self.draw_left <= draw.len() && !self.refilled);
        let blocks = rules.penalty == Penalty::Pile || self.blocked != 0;
        if !blocks {
            let rng = &mut Shuffles::new(seed);
            if let Some(end) = { self }.play::<false>(rules, rng, first, new_pile, draw, refill) {
                return end;
            }
        }
        let rng = &mut Shuffles::new(seed);
        { self }
            .play::<true>(rules, rng, first, new_pile, draw, refill)
            .expect("a play-out keeping the pile's cards plays to the end")
    }

    /// [`Playout::play_out`], keeping the pile's cards when `TRACK`; `None` when it does not
    /// and a turn finds the draw pile empty.
    #[inline(always)]
    fn play<const TRACK: bool>(
        &mut self,
        rules: &Rules,
        rng: &mut Shuffles,
        first: Move,
        new_pile: bool,
        draw: &[u8],
        refill: &mut Vec<u8>,
    ) -> Option<Finished> {
        self.turns = 1;
        if !TRACK && self.draw_left == 0 {
            // The first turn itself may draw.
            return None;
        }
        let first = Some((first, new_pile));
        if let Some(place) = self.turn(0, first, rules, rng, draw, refill) {
            return Some(self.finished_at(place));
        }
        // A blocked player (under `penalty=turn` only in a view built by hand) needs the rule's
        // checks.
        let blocks = rules.penalty == Penalty::Pile || self.blocked != 0;
        let rest = match (rules.finish, blocks) {
            (Finish::Seven, false) => self.rest::<false, false, TRACK>(rules, rng, draw, refill),
            (Finish::Seven, true) => self.rest::<false, true, TRACK>(rules, rng, draw, refill),
            (Finish::Empty, false) => self.rest::<true, false, TRACK>(rules, rng, draw, refill),
            (Finish::Empty, true) => self.rest::<true, true, TRACK>(rules, rng, draw, refill),
        };
        match rest {
            Rest::Place(place) => Some(self.finished_at(place)),
            Rest::Untracked => None,
        }
    }

    fn finished_at(&self, place: usize) -> Finished {
        Finished {
            place,
            turns: self.turns,
        }
    }

    /// The turns after the looking player's first, to its place; under `finish=empty` when
    /// `EMPTY`, with the checks of blocked players when `BLOCKS`, keeping the pile's cards when
    /// `TRACK` (as constants, the rules' tests leave the turn).
    ///
    /// An ordinary turn is played whole from one [`STEP`](step::STEP) entry, without a branch on
    /// what the entry says. A player who makes a Seven lays every 7 left, each a Seven on the
    /// empty pile (`seven-first` plays a Seven first), and starts the new pile with the lowest
    /// card left, drawing nothing; any other turn draws a card (a penalty card without a play).
    /// A turn that lays or draws no card adds or takes number 0, which is nothing. The turns
    /// this cannot play, [`Playout::turn`] plays: when the draw pile is empty (it may be
    /// refilled, or the round freeze) or someone is blocked; and it ends the turns after which a
    /// player is out, or a limit or a block is reached. The state a turn changes is kept in
    /// locals between those calls, so that it stays in registers.
    #[inline(never)]
    fn rest<const EMPTY: bool, const BLOCKS: bool, const TRACK: bool>(
        &mut self,
        rules: &Rules,
        rng: &mut Shuffles,
        draw: &[u8],
        refill: &mut Vec<u8>,
    ) -> Rest {
        let mut p = usize::from(self.next[0]);
        let (mut pile, mut pile_cards) = (self.pile, self.pile_cards);
        let (mut draw_left, mut turns) = (self.draw_left, self.turns);
        let mut top: &[u8] = if self.refilled {
            refill.as_slice()
        } else {
            draw
        };
        loop {
            turns += 1;
            if draw_left == 0 || (BLOCKS && self.blocked != 0) {
                if !TRACK {
                    return Rest::Untracked;
                }
                (self.pile, self.pile_cards) = (pile, pile_cards);
                (self.draw_left, self.turns) = (draw_left, turns);
                if let Some(place) = self.turn(p, None, rules, rng, draw, refill) {
                    return Rest::Place(place);
                }
                (pile, pile_cards, draw_left) = (self.pile, self.pile_cards, self.draw_left);
                top = if self.refilled {
                    refill.as_slice()
                } else {
                    draw
                };
                p = usize::from(self.next[p & 7]);
                continue;
            }
            let hand = self.hands[p & 7];
            let entry = step(pile, self.held[p & 7]);
            let card = (entry & 7) as usize;
            let seven = u64::from((entry >> 3) & 1);
            let last = count(hand, card) == 1;
            pile = row_after(entry, last);
            // After a Seven every 7 left is a Seven on the empty pile, and the lowest card left
            // starts the new one, pile {0, low}: pile `low`.
            let sevens = seven.wrapping_neg();
            let hand = (hand - ONE[card]) & !(SEVENS & sevens);
            let low = (pile >> 7) & 7 & sevens as usize;
            let hand = hand - ONE[low];
            if TRACK {
                pile_cards = ((pile_cards + ONE[card]) & !sevens) | ONE[low];
            }
            let out = if EMPTY {
                (card != 0) & (hand == 0)
            } else {
                (seven != 0) & (low == 0)
            };
            // An ordinary play or a penalty card draws.
            let draws = (seven == 0) & !out;
            let got = usize::from(top[draw_left - 1]) & 7 & usize::from(draws).wrapping_neg();
            draw_left -= usize::from(draws);
            let hand = hand + ONE[got];
            self.hands[p & 7] = hand;
            self.held[p & 7] = numbers(hand);
            if BLOCKS && rules.penalty == Penalty::Pile {
                self.blocked |= u8::from(card == 0) << p;
            }
            if TRACK {
                self.idle = 0;
            }
            if out | (turns >= MAX_ROUND_TURNS) | (BLOCKS && self.blocked != 0) {
                (self.pile, self.pile_cards) = (pile, pile_cards);
                (self.draw_left, self.turns) = (draw_left, turns);
                if out && let Some(place) = self.go_out(p) {
                    return Rest::Place(place);
                }
                if let Some(place) = self.pass_on(p, Some(true)) {
                    return Rest::Place(place);
                }
            }
            p = usize::from(self.next[p & 7]);
        }
    }

    /// `p`'s whole turn as [`Round::turn`] plays it, step by step, then passed on; with `first`,
    /// the play to start it with and whether it starts a new pile after the player's own Seven
    /// (as [`Round::turn_with`]). The looking player's place if it is out.
    ///
    /// [`Round::turn`]: super::super::round::Round::turn
    /// [`Round::turn_with`]: super::super::round::Round::turn_with
    #[cold]
    #[inline(never)]
    fn turn(
        &mut self,
        p: usize,
        first: Option<(Move, bool)>,
        rules: &Rules,
        rng: &mut Shuffles,
        draw: &[u8],
        refill: &mut Vec<u8>,
    ) -> Option<usize> {
        let (mut m, mut new_pile) = match first {
            Some(first) => first,
            None => {
                if self.blocked & (1 << p) != 0 {
                    // Sitting out is neither progress nor a pass.
                    return self.pass_on(p, None);
                }
                match seven_first_play(self.pile, self.held[p]) {
                    Some(m) => (m, false),
                    None => {
                        let drew = self.draw_one(p, rng, draw, refill);
                        if rules.penalty == Penalty::Pile {
                            self.blocked |= 1 << p;
                        }
                        return self.pass_on(p, Some(drew));
                    }
                }
            }
        };
        loop {
            if self.lay(p, m) {
                if self.held[p] == 0 {
                    // The last card made a Seven: out under either reading.
                    return self.go_out(p).or_else(|| self.pass_on(p, Some(true)));
                }
                m = seven_first_play(0, self.held[p]).expect("a hand with cards plays on none");
                new_pile = true;
                continue;
            }
            if self.held[p] == 0 && rules.finish == Finish::Empty {
                if let Some(place) = self.go_out(p) {
                    return Some(place);
                }
            } else if !new_pile {
                self.draw_one(p, rng, draw, refill);
            }
            return self.pass_on(p, Some(true));
        }
    }

    /// Plays `m` from `p`'s hand; true when it makes a Seven, and the pile is set aside.
    fn lay(&mut self, p: usize, m: Move) -> bool {
        let n = usize::from(m.card);
        debug_assert!(count(self.hands[p], n) > 0);
        self.hands[p] -= ONE[n];
        self.held[p] = numbers(self.hands[p]);
        if m.is_seven() {
            self.pile_cards = 0;
            self.blocked = 0;
            self.pile = 0;
            true
        } else {
            self.pile_cards += ONE[n];
            self.pile = pile_row(m.card, m.keep);
            false
        }
    }

    /// Draws the top card for `seat`, first refilling an empty draw pile by shuffling the
    /// set-aside cards, listed by number as a [`Round`] lists them; false
    /// when there is nothing to draw.
    ///
    /// [`Round`]: super::super::round::Round
    fn draw_one(
        &mut self,
        seat: usize,
        rng: &mut Shuffles,
        draw: &[u8],
        refill: &mut Vec<u8>,
    ) -> bool {
        if self.draw_left == 0 {
            refill.clear();
            for n in 1..=MAX_NUMBER {
                let n = usize::from(n);
                let on_table = self.hands[..self.players]
                    .iter()
                    .map(|&h| count(h, n))
                    .sum::<u32>()
                    + count(self.pile_cards, n);
                let set_aside = count(self.total, n) - on_table;
                refill.extend(std::iter::repeat_n(n as u8, set_aside as usize));
            }
            if refill.is_empty() {
                return false;
            }
            refill.shuffle(rng.get());
            self.refilled = true;
            self.draw_left = refill.len();
        }
        self.draw_left -= 1;
        let card = if self.refilled {
            refill[self.draw_left]
        } else {
            draw[self.draw_left]
        };
        self.hands[seat] += ONE[usize::from(card)];
        self.held[seat] |= 1 << card;
        true
    }

    /// Marks `seat` out; its place if it is the looking player.
    fn go_out(&mut self, seat: usize) -> Option<usize> {
        let place = self.finished;
        self.out |= 1 << seat;
        self.finished += 1;
        // Every seat that passed to `seat` now passes to the one after it: all eight at once,
        // since a loop comparing them one by one costs a mispredicted branch a play-out.
        const BYTES: u64 = 0x0101_0101_0101_0101;
        let next = u64::from_le_bytes(self.next);
        let to_seat = zero_bytes(next ^ (BYTES * seat as u64));
        let after = BYTES * u64::from(self.next[seat]);
        self.next = ((next & !to_seat) | (after & to_seat)).to_le_bytes();
        (seat == 0).then_some(place)
    }

    /// Ends `p`'s turn as [`Round`]'s `pass_on` does (`progressed`: a
    /// play or a draw, `None` for a turn sat out): lifts the blocks when everyone still in is
    /// blocked, and ends the round when one player is left or it froze. The looking player's
    /// place if that put it out.
    ///
    /// [`Round`]: super::super::round::Round
    fn pass_on(&mut self, p: usize, progressed: Option<bool>) -> Option<usize> {
        let active = self.players - self.finished;
        match progressed {
            Some(true) => self.idle = 0,
            Some(false) => self.idle += 1,
            None => {}
        }
        let all = ((1u16 << self.players) - 1) as u8;
        if self.blocked != 0 && (self.blocked | self.out) & all == all {
            self.blocked = 0;
        }
        if active == 1 {
            // The looking player is still in (its going out ends the play-out), so it is the
            // one left.
            debug_assert_eq!(self.out & 1, 0);
            self.go_out(0)
        } else if self.idle >= active || self.turns >= MAX_ROUND_TURNS {
            Some(self.stall_place(p))
        } else {
            None
        }
    }

    /// The looking player's place in a frozen round, ended after `p`'s turn: the players still
    /// in finish by fewest cards, ties in turn order from the player after `p`.
    fn stall_place(&self, p: usize) -> usize {
        let mut left = [0usize; SEATS];
        let mut k = 0;
        for i in 1..=self.players {
            let s = (p + i) % self.players;
            if self.out & (1 << s) == 0 {
                left[k] = s;
                k += 1;
            }
        }
        let size = |s: usize| (1..8).map(|n| count(self.hands[s], n)).sum::<u32>();
        left[..k].sort_by_key(|&s| size(s));
        let at = left[..k].iter().position(|&s| s == 0).expect("still in");
        self.finished + at
    }
}

#[cfg(test)]
#[path = "playout_tests.rs"]
mod tests;
