//! The `lookahead` policy: determinized Monte Carlo. A player cannot see the other hands or the
//! draw pile, so it guesses them: it deals the cards it has not seen at random into hands of the
//! sizes it sees and a draw pile, tries each of its plays on that table, plays the round out with
//! every seat (its own too) playing `seven-first`, and keeps the play whose player finished best
//! on average, a place counting the chips this round pays for it (the rules' `pay`, players down
//! to 1 by the text, less in the last round of 5 to 7 players when the chips run out).
//!
//! The guesses agree with what the table has seen: an opponent who could not play holds no
//! number that was playable then, except through cards drawn since
//! ([`Opponent`](super::policy::Opponent)), so those hands are dealt from the other numbers.
//! The opponents are assumed to play `seven-first`, the strongest simple policy; nothing is
//! inferred about how they play.
//!
//! `lookahead:K` spends `K` play-outs per legal play by sequential halving: rounds of fresh
//! guesses, each shared by all the plays still in (common random numbers, so plays are compared
//! on the same cards), each round dropping the worse half. Ties go to `seven-first`'s own play,
//! so the policy departs from it only on evidence: with few guesses ties are common, and the
//! first play listed (the lowest card) is rarely the best. A play-out applies exactly the rules
//! a real turn does (a Seven's new pile, going out, penalty cards and blocks, refills, frozen
//! rounds) and stops as soon as the player is out, since its place is then settled. It runs on
//! a lean table of its own (`playout`, nearly twice as fast), tested to finish every play-out
//! as `Round` does, or, for a deck of more than 255 cards of a number, on a `Round` itself.
//! Turns with one legal play, or a play that goes out at once, are answered without a guess.
//!
//! Beside it, the play-outs: `playout` (the lean table) and `round_playout` (play-outs on a full
//! `Round`: the reference `playout` is tested against, the decks it cannot count, and the
//! advice's play-outs to a round's end).

pub(super) mod playout;
pub(super) mod round_playout;

use rand_xoshiro::rand_core::Rng;

use super::deck::{Counts, MAX_NUMBER};
use super::policy::{LayCard, SevenFirst, View};
use super::round::Round;
use super::rules::{Finish, MAX_MOVES, MAX_PLAYERS, MIN_PLAYERS, Move, Rules};
use crate::dice::below;
use crate::games::policy::Policy;
use playout::Playout;
use round_playout::on_round;

/// Play-outs per legal play when `lookahead` is given without a count: chosen by measurement
/// (README, sieben section) as the point where doubling the count still gains but costs twice the
/// time.
pub const DEFAULT_SAMPLES: u32 = 32;

/// The most play-outs per play a spec may ask for: past where the gain stops growing in our runs,
/// and it keeps a run's time bounded.
pub(crate) const MAX_SAMPLES: u32 = 1000;

/// Determinized Monte Carlo over the unseen cards (see the module docs). It draws its guesses
/// from its own generator, so the deals a game sees do not depend on it, and it keeps its
/// buffers between decisions, so a decision allocates nothing.
#[derive(Clone, Debug)]
pub struct Lookahead<R> {
    samples: u32,
    rules: Rules,
    rng: R,
    /// The draw pile of a play-out once it is refilled, reused.
    refill: Vec<u8>,
    /// The table of play-outs the lean ones cannot play (decks of more than 255 cards of a
    /// number), reused.
    table: Round,
    guesser: Guesser,
    work: Work,
}

/// What a lookahead has done, for tests and speed figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Decisions asked for.
    pub decisions: u64,
    /// Decisions that needed guesses (more than one play, none going out at once).
    pub sampled: u64,
    /// Guesses of the hidden cards dealt.
    pub guesses: u64,
    /// Rounds played out (one per play still in, per guess).
    pub playouts: u64,
    /// Turns played in play-outs, the first included.
    pub playout_turns: u64,
}

/// Shuffles `cards` in place: Fisher-Yates with one Lemire draw ([`below`]) a card, exactly
/// uniform. The guesses are the measured hot path of this policy, and there this loop is faster
/// than `rand`'s shuffle, which the deals of a real game use: `rand` saves generator calls by
/// taking several positions from one 32-bit number at the cost of a division each, a poor trade
/// with a generator as fast as ours (one lookahead game took 8% longer with it).
fn shuffle<R: Rng>(cards: &mut [u8], rng: &mut R) {
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        cards.swap(i, j);
    }
}

/// Deals the cards a player has not seen into guesses of the hidden hands and draw pile that
/// agree with what the table has seen: the lookahead's guesses, and the coach's
/// (`dicelab advise sieben`), which values every play on the same kind of guess.
#[derive(Clone, Debug)]
pub(crate) struct Guesser {
    /// The unseen cards, shuffled into a guess: the opponents' hands first, then the draw pile.
    unseen: Vec<u8>,
    /// The opponents' guessed hands.
    hands: [Counts; MAX_PLAYERS as usize],
}

impl Guesser {
    /// A guesser with room for a deck of `cards`.
    pub(crate) fn new(cards: usize) -> Self {
        Self {
            unseen: Vec::with_capacity(cards),
            hands: [[0; 8]; MAX_PLAYERS as usize],
        }
    }

    /// The last guess: the first `opponents` hands, and the draw pile (top card last) from
    /// `draw_from`, the index [`Guesser::guess`] returned.
    pub(crate) fn last(&self, opponents: usize, draw_from: usize) -> (&[Counts], &[u8]) {
        (&self.hands[..opponents], &self.unseen[draw_from..])
    }

    /// Lists the cards `view` has not seen, once per decision: every guess of the decision
    /// reshuffles this list (a shuffle of a shuffled list is as uniform as one of a sorted one).
    pub(crate) fn list_unseen(&mut self, unseen: &Counts) {
        self.unseen.clear();
        for n in 1..=MAX_NUMBER {
            for _ in 0..unseen[usize::from(n)] {
                self.unseen.push(n);
            }
        }
    }

    /// Deals the unseen cards at random into a guess that agrees with what the table has seen:
    /// `self.hands` for the opponents, and `self.unseen` from the returned index on for the draw
    /// pile.
    ///
    /// An opponent who could not play at their last penalty holds at least
    /// [`constrained`](super::policy::Opponent::constrained) cards outside the numbers they
    /// lacked, so those are dealt first from the cards outside their `lacks`; the rest of every
    /// hand, and the draw pile, come from what is left, reshuffled. (Dealing the constrained
    /// parts one opponent after another is a close, not an exact, draw from the cards' joint
    /// posterior when several opponents are constrained at once.) If the unseen cards cannot
    /// meet a constraint, which only a hand-made view can cause, it is dropped.
    pub(crate) fn guess<R: Rng>(&mut self, view: &View, rng: &mut R) -> usize {
        shuffle(&mut self.unseen, rng);
        let mut at = 0;
        let mut dealt = [0u32; MAX_PLAYERS as usize];
        for ((hand, o), got) in self.hands.iter_mut().zip(view.opponents).zip(&mut dealt) {
            *hand = [0; 8];
            let want = o.constrained();
            let mut j = at;
            while *got < want && j < self.unseen.len() {
                let card = self.unseen[j];
                if o.lacks & (1 << card) == 0 {
                    self.unseen.swap(at, j);
                    hand[usize::from(card)] += 1;
                    at += 1;
                    *got += 1;
                }
                j += 1;
            }
        }
        if at > 0 {
            // Which cards were passed over depends on the constraints: shuffle them away.
            shuffle(&mut self.unseen[at..], rng);
        }
        for ((hand, o), &got) in self.hands.iter_mut().zip(view.opponents).zip(&dealt) {
            let rest = (o.cards - got) as usize;
            for &card in &self.unseen[at..at + rest] {
                hand[usize::from(card)] += 1;
            }
            at += rest;
        }
        at
    }
}

impl<R: Rng> Lookahead<R> {
    /// A lookahead of `samples` play-outs per legal play (at least 1) under `rules` (the finish
    /// rule decides when a play goes out), drawing from `rng`.
    pub fn new(samples: u32, rules: &Rules, rng: R) -> Self {
        assert!(samples >= 1, "at least one play-out per play");
        Self {
            samples,
            rules: rules.clone(),
            rng,
            refill: Vec::with_capacity(rules.deck.size() as usize),
            // Any table will do: every play-out on it sets it to the position it starts from.
            table: Round::new(rules, MIN_PLAYERS),
            guesser: Guesser::new(rules.deck.size() as usize),
            work: Work::default(),
        }
    }

    /// Play-outs per legal play.
    pub fn samples(&self) -> u32 {
        self.samples
    }

    /// What it has done so far.
    pub fn work(&self) -> Work {
        self.work
    }

    /// Whether `m` puts the player out at once, the best place still open, so no guess can
    /// prefer another play: the hand's last card, under `finish=empty` any play, under
    /// `finish=seven` a Seven.
    fn goes_out(&self, view: &View, m: Move) -> bool {
        view.hand.iter().sum::<u32>() == 1 && (self.rules.finish == Finish::Empty || m.is_seven())
    }
}

impl<R: Rng> Policy<LayCard> for Lookahead<R> {
    fn choose(&mut self, view: &View, moves: &[Move]) -> usize {
        self.work.decisions += 1;
        if moves.len() == 1 {
            return 0;
        }
        if let Some(i) = moves.iter().position(|&m| self.goes_out(view, m)) {
            return i;
        }
        let unseen = view.unseen();
        let hidden: u32 = view.opponents.iter().map(|o| o.cards).sum::<u32>() + view.draw_pile;
        if unseen.iter().sum::<u32>() != hidden {
            // The view does not add up (only a hand-made one can): play the rollout policy.
            return SevenFirst.choose(view, moves);
        }
        self.work.sampled += 1;
        self.guesser.list_unseen(&unseen);
        let players = view.opponents.len() + 1;
        // What each place is worth: this round's chips, which run short in the last round of
        // a game of 5 to 7 (a view built by hand may not say: players down to 1).
        let mut worth = [0u64; MAX_PLAYERS as usize];
        for (place, w) in worth.iter_mut().enumerate().take(players) {
            *w = match view.pay.get(place) {
                Some(&chips) if view.pay.len() == players => u64::from(chips),
                _ => (players - place) as u64,
            };
        }
        let default = SevenFirst.choose(view, moves);
        let n = moves.len();
        // Sequential halving: the budget of `samples` play-outs per play is spent in rounds,
        // each on fresh guesses shared by the plays still in (so they are compared on the same
        // cards), and each round drops the worse half. The close plays at the end get several
        // times `samples` guesses, the clearly bad ones few.
        let rounds = n.next_power_of_two().trailing_zeros() as usize;
        let budget = self.samples as usize * n;
        let mut alive = [0usize; MAX_MOVES];
        for (i, a) in alive.iter_mut().enumerate().take(n) {
            *a = i;
        }
        let mut left = n;
        let mut score = [0u64; MAX_MOVES];
        let mut lean = playout::fits(view, &unseen).then(|| Playout::from_view(view, &unseen));
        for _ in 0..rounds {
            let guesses = (budget / (left * rounds)).max(1);
            for _ in 0..guesses {
                let hands_end = self.guesser.guess(view, &mut self.rng);
                let (hands, draw) = self.guesser.last(players - 1, hands_end);
                if let Some(table) = &mut lean {
                    table.deal(hands, draw.len());
                }
                // Refills shuffle: every play sees the same shuffles of a guess.
                let refills = self.rng.next_u64();
                for &i in &alive[..left] {
                    let (rules, first) = (&self.rules, moves[i]);
                    let end = match &lean {
                        Some(table) => {
                            let refill = &mut self.refill;
                            table.play_out(rules, refills, first, view.new_pile, draw, refill)
                        }
                        None => {
                            let table = &mut self.table;
                            on_round(table, rules, view, hands, draw, refills, first)
                        }
                    };
                    self.work.playout_turns += u64::from(end.turns);
                    score[i] += worth[end.place];
                }
                self.work.guesses += 1;
                self.work.playouts += left as u64;
            }
            // Best first; ties go to the rollout policy's own play, then to the lowest index,
            // so a play is only changed on evidence (the first listed, the lowest card, is
            // rarely the best).
            alive[..left].sort_by_key(|&i| (std::cmp::Reverse(score[i]), i != default, i));
            left = left.div_ceil(2);
        }
        alive[0]
    }
}

#[cfg(test)]
#[path = "lookahead_tests.rs"]
mod tests;
