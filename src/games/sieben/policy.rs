//! How a player of 7 picks a card: the decision ([`LayCard`]), what a player may see ([`View`]),
//! and the built-in policies.
//!
//! A policy only picks an index into the legal plays the game lists, so it cannot break a rule,
//! and it sees only what a player at the table sees: its own hand, the pile (both spots and the
//! cards played on it since it was started), every player's hand size, the draw pile's size and
//! the cards set aside, plus the deck list printed in the rules. A library user's own policy
//! plugs in the same way as the built-ins:
//!
//! ```
//! use dicelab::games::sieben::play::play_game;
//! use dicelab::games::sieben::policy::{LayCard, View};
//! use dicelab::games::policy::Policy;
//! use dicelab::games::sieben::rules::{Move, Rules};
//! use rand_xoshiro::Xoshiro256PlusPlus;
//! use rand_xoshiro::rand_core::SeedableRng;
//!
//! /// Gets rid of its highest card whenever it can.
//! struct Highest;
//!
//! impl Policy<LayCard> for Highest {
//!     fn choose(&mut self, _view: &View, moves: &[Move]) -> usize {
//!         // Moves are ordered by card, so the last has the highest card.
//!         moves.len() - 1
//!     }
//! }
//!
//! let rules = Rules::default();
//! let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
//! let mut seats = [Highest, Highest, Highest];
//! let game = play_game(&rules, &mut seats, &mut rng);
//! // 7 rounds of 3 players pay 3 + 2 + 1 chips each.
//! assert_eq!(game.chips[..3].iter().sum::<u32>(), 7 * 6);
//! ```

use crate::games::policy::{Decision, Policy};

use super::deck::{Counts, MAX_NUMBER};
use super::rules::{Move, Pile};

/// What another player shows: how many cards they hold, whether they are out or blocked, and
/// what their penalty cards gave away.
///
/// A player who cannot play shows the table that their hand holds no number playable on that
/// pile. Every card they draw afterwards may be anything, and a card they play may have come
/// from either part, so the table keeps a sound lower bound: at least `cards - fresh` of their
/// cards are numbers outside `lacks`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Opponent {
    /// Cards in hand.
    pub cards: u32,
    /// Out of the round (finished).
    pub out: bool,
    /// Blocked by a penalty card until the pile is set aside (`penalty=pile`).
    pub blocked: bool,
    /// The numbers (bit `c` for card `c`) they did not hold when they last could not play; 0
    /// when they have not been stuck this round.
    pub lacks: u8,
    /// Cards that may be any number: at most the cards drawn since they were stuck.
    pub fresh: u32,
}

impl Opponent {
    /// How many of their cards are known not to be a number in `lacks`.
    pub fn constrained(&self) -> u32 {
        if self.lacks == 0 {
            0
        } else {
            self.cards - self.fresh.min(self.cards)
        }
    }
}

/// Everything a player may see when choosing a play.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The player's own cards, per number (index 1 to 7).
    pub hand: &'a Counts,
    /// The pile's two spots.
    pub pile: Pile,
    /// The cards played on the current pile since it was started (face up, so public).
    pub pile_cards: &'a Counts,
    /// The cards set aside since the draw pile was last refilled.
    pub set_aside: &'a Counts,
    /// Cards in the draw pile.
    pub draw_pile: u32,
    /// The other players in turn order, the next player first.
    pub opponents: &'a [Opponent],
    /// The whole deck (its list is part of the rules).
    pub deck: &'a Counts,
    /// Whether this play starts a new pile after the player's own Seven (no card is drawn after
    /// it).
    pub new_pile: bool,
    /// The chips each finishing place earns this round, first place first: the rules' `pay`
    /// (players down to 1 by the text), less when the game's chips are running out (5 to 7
    /// players). A view built by hand may leave it empty, which means players down to 1.
    pub pay: &'a [u32],
}

impl View<'_> {
    /// Cards the player has not seen, per number: the deck less the own hand, the pile and the
    /// set-aside cards. They are in the other hands and the draw pile.
    pub fn unseen(&self) -> Counts {
        let mut u = [0; 8];
        #[allow(clippy::needless_range_loop)] // four arrays indexed by the card number
        for n in 1..=usize::from(MAX_NUMBER) {
            u[n] =
                self.deck[n].saturating_sub(self.hand[n] + self.pile_cards[n] + self.set_aside[n]);
        }
        u
    }

    /// The next player still in the round, if any.
    pub fn next_player(&self) -> Option<Opponent> {
        self.opponents.iter().copied().find(|o| !o.out)
    }
}

/// The decision of every play: what the player sees ([`View`]) and the legal plays to choose
/// among, never empty, each listed once, ordered by card number, then by the kept spot (see
/// [`legal_moves`](super::rules::legal_moves)); on an empty pile every card in hand is a legal
/// play. Policies implement [`Policy<LayCard>`](Policy); an index out of range is a bug in the
/// policy and panics.
#[derive(Clone, Copy, Debug)]
pub enum LayCard {}

impl Decision for LayCard {
    type View<'a> = View<'a>;
    type Choice = Move;
}

/// The index of the play with the smallest rise of the total; ties go to the first (the lowest
/// card), which keeps it deterministic.
pub fn smallest_rise(pile: Pile, moves: &[Move]) -> usize {
    let mut best = 0;
    for (i, m) in moves.iter().enumerate() {
        if m.rise(pile) < moves[best].rise(pile) {
            best = i;
        }
    }
    best
}

/// The smallest rise of the total: keeps the pile low so that more cards stay playable, and on an
/// empty pile plays the lowest card.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lowest;

impl Policy<LayCard> for Lowest {
    fn choose(&mut self, view: &View, moves: &[Move]) -> usize {
        smallest_rise(view.pile, moves)
    }
}

/// Makes a Seven whenever it can (a Seven sheds two cards without drawing), otherwise the
/// smallest rise, as [`Lowest`].
#[derive(Clone, Copy, Debug, Default)]
pub struct SevenFirst;

impl Policy<LayCard> for SevenFirst {
    fn choose(&mut self, view: &View, moves: &[Move]) -> usize {
        seven_first(view.pile, moves)
    }
}

/// `seven-first`'s choice on `pile`: the first Seven, else the smallest rise.
#[inline]
pub fn seven_first(pile: Pile, moves: &[Move]) -> usize {
    moves
        .iter()
        .position(|m| m.is_seven())
        .unwrap_or_else(|| smallest_rise(pile, moves))
}

/// `seven-first`'s play on `pile` for a hand holding the numbers `held` (bit `n` for number `n`,
/// see `held_numbers`) without listing the plays (`None`: it has none).
///
/// The play depends only on the pile and which numbers the hand holds, so it is one look-up in
/// a 12 KB table: play-outs of the looking-ahead player make most of their plays here.
#[inline]
pub fn seven_first_play(pile: Pile, held: u8) -> Option<Move> {
    let [a, b] = pile.spots();
    let code = SEVEN_FIRST[usize::from(a) * 7 + usize::from(b)][usize::from(held & 0xFE)];
    (code != 0).then_some(Move {
        card: code >> 3,
        keep: code & 7,
    })
}

/// For spots `a <= b` (index `a * 7 + b`) and the numbers held (bit `n` for number `n`),
/// seven-first's play as `card << 3 | keep`, 0 for none: the first legal play in
/// [`legal_moves`](super::rules::legal_moves)' order that makes 7, else the first with the
/// smallest total.
pub(super) const SEVEN_FIRST: [[u8; 256]; 49] = {
    let mut t = [[0u8; 256]; 49];
    let mut a = 0u8;
    while a < 7 {
        let mut b = a;
        while a + b < 7 {
            let mut held = 0usize;
            while held < 256 {
                let mut best = 0u8;
                let mut best_total = 99u8;
                let mut c = 1u8;
                while c <= 7 {
                    if held & (1 << c) != 0 {
                        // Keep a (replace b), then keep b (replace a) when it differs.
                        let mut k = 0;
                        while k < 2 {
                            let (keep, replace) = if k == 0 { (a, b) } else { (b, a) };
                            let legal = (k == 0 || a != b) && c >= replace && c + keep <= 7;
                            let total = c + keep;
                            if legal && best_total != 7 && (total == 7 || total < best_total) {
                                best = c << 3 | keep;
                                best_total = total;
                            }
                            k += 1;
                        }
                    }
                    c += 1;
                }
                t[(a * 7 + b) as usize][held] = best;
                held += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// The chance that a hand of `hand` cards drawn from `unseen` cards holds none of the `good`
/// ones (hypergeometric; 1 for an empty hand).
pub fn p_none(unseen: u32, good: u32, hand: u32) -> f64 {
    let bad = unseen.saturating_sub(good);
    if hand > bad {
        return 0.0;
    }
    (0..hand)
        .map(|i| f64::from(bad - i) / f64::from(unseen - i))
        .product()
}

/// The chance that the next player cannot play on the pile `spots` leaves, treating their hand
/// as a random draw from the cards `unseen` (the next player's own hand is among them).
pub fn p_blocked(spots: [u8; 2], unseen: &Counts, next_hand: u32) -> f64 {
    let pile = Pile::new(spots[0], spots[1]).unwrap_or(Pile::EMPTY);
    let mask = pile.legal_numbers();
    let total: u32 = unseen.iter().sum();
    let good: u32 = (1..=MAX_NUMBER)
        .filter(|c| mask & (1 << c) != 0)
        .map(|c| unseen[usize::from(c)])
        .sum();
    p_none(total, good, next_hand)
}

/// Makes a Seven when it can; otherwise picks the play most likely to leave the next player no
/// legal play (a penalty card for them), if that chance is at least [`Blocker::LIKELY`],
/// estimated from the unseen cards; otherwise the smallest rise.
#[derive(Clone, Copy, Debug, Default)]
pub struct Blocker;

impl Blocker {
    /// The chance of a block worth raising the total for.
    pub const LIKELY: f64 = 0.5;
}

impl Policy<LayCard> for Blocker {
    fn choose(&mut self, view: &View, moves: &[Move]) -> usize {
        if let Some(i) = moves.iter().position(|m| m.is_seven()) {
            return i;
        }
        let Some(next) = view.next_player() else {
            return smallest_rise(view.pile, moves);
        };
        let unseen = view.unseen();
        let mut best = (0, -1.0);
        for (i, &m) in moves.iter().enumerate() {
            let p = p_blocked(view.pile.after(m), &unseen, next.cards);
            if p > best.1 {
                best = (i, p);
            }
        }
        if best.1 >= Self::LIKELY {
            best.0
        } else {
            smallest_rise(view.pile, moves)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sieben::deck::held_numbers;
    use crate::games::sieben::rules::legal_moves;

    use crate::games::sieben::deck::counts_of as hand;

    fn view<'a>(h: &'a Counts, pile: Pile, opp: &'a [Opponent], deck: &'a Counts) -> View<'a> {
        const NONE: Counts = [0; 8];
        View {
            hand: h,
            pile,
            pile_cards: &NONE,
            set_aside: &NONE,
            draw_pile: 40,
            opponents: opp,
            deck,
            new_pile: false,
            pay: &[],
        }
    }

    #[test]
    fn lowest_and_seven_first_differ_where_a_seven_is_possible() {
        let deck = [0, 12, 12, 12, 11, 11, 11, 11];
        let h = hand(&[3, 4, 6]);
        let pile = Pile::new(3, 0).unwrap();
        let moves = legal_moves(pile, &h);
        let v = view(&h, pile, &[], &deck);
        // 3 keeping 0 is a rise of 0; 4 keeping 3 is a Seven.
        assert_eq!(moves[Lowest.choose(&v, &moves)], Move { card: 3, keep: 0 });
        assert_eq!(
            moves[SevenFirst.choose(&v, &moves)],
            Move { card: 4, keep: 3 }
        );
        // On an empty pile seven-first starts with a 7 (a Seven at once), lowest with the lowest.
        let h = hand(&[2, 7]);
        let moves = legal_moves(Pile::EMPTY, &h);
        let v = view(&h, Pile::EMPTY, &[], &deck);
        assert_eq!(moves[SevenFirst.choose(&v, &moves)].card, 7);
        assert_eq!(moves[Lowest.choose(&v, &moves)].card, 2);
    }

    #[test]
    fn blocker_raises_the_total_when_the_next_player_is_likely_stuck() {
        // The unseen cards are 1's and 2's and a 5 and a 6. On {0,3}, playing the 3 on the
        // empty spot makes {3,3} (total 6), which only a 3 or a 4 can follow: the next player is
        // surely stuck. Lowest would replace the 3 with the 3 instead (a rise of 0).
        let deck = [0, 30, 30, 0, 0, 2, 2, 0];
        let h = hand(&[3, 5, 6]);
        let pile = Pile::new(3, 0).unwrap();
        let moves = legal_moves(pile, &h);
        let opp = [Opponent {
            cards: 5,
            out: false,
            ..Opponent::default()
        }];
        let v = view(&h, pile, &opp, &deck);
        assert_eq!(moves[Blocker.choose(&v, &moves)], Move { card: 3, keep: 3 });
        assert_eq!(moves[Lowest.choose(&v, &moves)], Move { card: 3, keep: 0 });
        assert_eq!(p_blocked([3, 3], &v.unseen(), 5), 1.0);
        // Against a full hand from the standard deck no play blocks with a chance of one half:
        // it falls back to the smallest rise.
        let deck = [0, 12, 12, 12, 11, 11, 11, 11];
        let opp = [Opponent {
            cards: 7,
            out: false,
            ..Opponent::default()
        }];
        let v = view(&h, pile, &opp, &deck);
        assert_eq!(Blocker.choose(&v, &moves), Lowest.choose(&v, &moves));
    }

    #[test]
    fn p_none_is_hypergeometric() {
        // 10 cards, 3 good, hand of 2: C(7,2)/C(10,2) = 21/45.
        assert!((p_none(10, 3, 2) - 21.0 / 45.0).abs() < 1e-12);
        assert_eq!(p_none(10, 3, 8), 0.0);
        assert_eq!(p_none(10, 3, 0), 1.0);
    }

    #[test]
    fn the_seven_first_table_plays_as_seven_first_on_the_listed_plays() {
        let mut piles = 0;
        for a in 0..7u8 {
            for b in a..7 {
                let Some(pile) = Pile::new(a, b) else {
                    continue;
                };
                piles += 1;
                for held in 0..128u32 {
                    let h: [u32; 8] = std::array::from_fn(|n| (held << 1 >> n) & u32::from(n > 0));
                    let moves = legal_moves(pile, &h);
                    let listed = (!moves.is_empty()).then(|| moves[seven_first(pile, &moves)]);
                    assert_eq!(
                        seven_first_play(pile, held_numbers(&h)),
                        listed,
                        "{pile:?} {h:?}"
                    );
                }
            }
        }
        assert_eq!(piles, 16);
    }
}
