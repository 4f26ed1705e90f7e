//! A round of 7: the cards on the table (hands, pile, set-aside cards, draw pile), one turn at a
//! time.
//!
//! A [`Round`] holds a round's cards by number (a hand is a count per number, since cards of one
//! number are alike) and the draw pile in order. [`Round::turn`] plays one player's turn with every
//! rule of docs/sieben.md ("How to play") and the gaps listed in the module docs of [`super`]. Nothing is allocated per
//! turn or per round: the draw pile's buffer is reused from round to round.

use rand::seq::SliceRandom;
use rand_xoshiro::rand_core::Rng;

use super::deck::{Counts, MAX_NUMBER};
use super::policy::{Opponent, View, seven_first, seven_first_play};
use super::rules::{Finish, MAX_PLAYERS, Move, Penalty, Pile, Rules, legal_moves};

#[path = "round_setup.rs"]
mod setup;

/// Seats at most.
pub(super) const SEATS: usize = MAX_PLAYERS as usize;

/// Turns after which a round is called stalled, whatever happens: a safety net only, since a
/// round either ends or freezes (which is detected at once) long before.
pub(crate) const MAX_ROUND_TURNS: u32 = 100_000;

/// What happened in one round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RoundStats {
    /// Turns played (a Seven and the new pile it starts are part of one turn).
    pub turns: u32,
    /// Penalty cards actually drawn (a player who cannot play when nothing can be drawn draws
    /// none).
    pub penalty_cards: u32,
    /// Turns a player sat out, blocked by an earlier penalty card (`penalty=pile` only).
    pub blocked_turns: u32,
    /// Sevens called.
    pub sevens: u32,
    /// Times the draw pile was refilled from the set-aside cards.
    pub refills: u32,
    /// Whether the round froze (no player could play or draw) and was ended by hand sizes.
    pub stalled: bool,
}

/// Who picks the plays of a turn. Any closure `(seat, view, moves) -> index` is one and sees
/// everything a player may see ([`View`]); a play-out policy that needs only the pile and the
/// plays implements it directly and skips building the view, which is most of a play-out's
/// time.
pub(crate) trait Chooser {
    /// Whether [`Chooser::direct`] gives the play, so the plays need not be listed.
    const DIRECT: bool = false;

    /// The index in `moves` of `seat`'s play on `round` (`new_pile` after its own Seven).
    fn pick(&mut self, round: &Round, seat: usize, new_pile: bool, moves: &[Move]) -> usize;

    /// The play on `pile` of a hand holding the numbers `held` (bit `n` for number `n`;
    /// `None`: there is none), for choosers with `DIRECT`; it must be one of the legal plays.
    fn direct(&mut self, _pile: Pile, _held: u8) -> Option<Move> {
        None
    }
}

impl<F: FnMut(usize, &View, &[Move]) -> usize> Chooser for F {
    fn pick(&mut self, round: &Round, seat: usize, new_pile: bool, moves: &[Move]) -> usize {
        round.with_view(seat, new_pile, |view| self(seat, view, moves))
    }
}

/// `seven-first` as a [`Chooser`]: a Seven when there is one, else the smallest rise. It reads
/// only the pile, so it is what looking-ahead play-outs run on.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SevenFirstChooser;

impl Chooser for SevenFirstChooser {
    const DIRECT: bool = true;

    #[inline]
    fn pick(&mut self, round: &Round, _: usize, _: bool, moves: &[Move]) -> usize {
        seven_first(round.pile, moves)
    }

    #[inline]
    fn direct(&mut self, pile: Pile, held: u8) -> Option<Move> {
        seven_first_play(pile, held)
    }
}

/// The cards of a round and whose turn it is.
#[derive(Clone, Debug)]
pub(crate) struct Round {
    players: usize,
    deck: Counts,
    /// Cards dealt to each player (the rules' `hand`).
    hand: u32,
    hands: [Counts; SEATS],
    /// The numbers each hand holds (bit `n` for number `n`), kept with the hands so a play-out
    /// reads a hand's plays without loading it.
    held: [u8; SEATS],
    sizes: [u32; SEATS],
    out: [bool; SEATS],
    finished: [u8; SEATS],
    finished_len: usize,
    pile: Pile,
    pile_cards: Counts,
    set_aside: Counts,
    draw: Vec<u8>,
    /// Seats blocked by a penalty card until the pile is set aside (`penalty=pile`), bit `s`
    /// for seat `s`: one test tells a play-out that nobody is.
    blocked: u8,
    /// What the table has seen of each hand (public): see [`Opponent`].
    lacks: [u8; SEATS],
    fresh: [u32; SEATS],
    /// The chips each finishing place earns this round.
    pay: [u32; SEATS],
    current: usize,
    /// Who started the round (for the first-player advantage).
    first: usize,
    idle: usize,
    stats: RoundStats,
}

impl Round {
    /// A table for `players` (2 to 7) with the rules' deck; call [`Round::deal`] to start a round.
    pub fn new(rules: &Rules, players: u32) -> Self {
        assert!((2..=MAX_PLAYERS).contains(&players), "2 to 7 players");
        assert!(
            rules.deck.check_deal(players, rules.hand).is_ok(),
            "the deck must cover the deal"
        );
        Self {
            players: players as usize,
            deck: *rules.deck.counts(),
            hand: rules.hand,
            hands: [[0; 8]; SEATS],
            held: [0; SEATS],
            sizes: [0; SEATS],
            out: [false; SEATS],
            finished: [0; SEATS],
            finished_len: 0,
            pile: Pile::EMPTY,
            pile_cards: [0; 8],
            set_aside: [0; 8],
            draw: Vec::with_capacity(rules.deck.size() as usize),
            blocked: 0,
            lacks: [0; SEATS],
            fresh: [0; SEATS],
            pay: rules.round_chips(players, None),
            current: 0,
            first: 0,
            idle: 0,
            stats: RoundStats::default(),
        }
    }

    /// Whether the round is over: at most one player still in.
    pub fn is_over(&self) -> bool {
        self.finished_len == self.players
    }

    /// The seats in the order they finished (complete once the round is over: the last player
    /// left in is listed last).
    pub fn finishing_order(&self) -> &[u8] {
        &self.finished[..self.finished_len]
    }

    /// Who had the round's first turn: the first-player advantage is measured on this seat.
    pub fn first(&self) -> usize {
        self.first
    }

    /// Whose turn it is.
    pub fn current(&self) -> usize {
        self.current
    }

    /// A seat's hand, per number.
    pub fn hand(&self, seat: usize) -> &Counts {
        &self.hands[seat]
    }

    /// Whether a seat is out of the round.
    pub fn is_out(&self, seat: usize) -> bool {
        self.out[seat]
    }

    /// The pile's spots.
    pub fn pile(&self) -> Pile {
        self.pile
    }

    /// Cards on the current pile, per number.
    pub fn pile_cards(&self) -> &Counts {
        &self.pile_cards
    }

    /// Cards set aside, per number.
    pub fn set_aside(&self) -> &Counts {
        &self.set_aside
    }

    /// Cards in the draw pile, top card last.
    pub fn draw_pile(&self) -> &[u8] {
        &self.draw
    }

    /// The number of players at the table.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The round's counts so far.
    pub fn stats(&self) -> RoundStats {
        self.stats
    }

    /// Whether a seat is blocked by a penalty card until the pile is set aside.
    pub fn is_blocked(&self, seat: usize) -> bool {
        self.blocked & (1 << seat) != 0
    }

    /// What the table has seen of a seat's hand, as a policy sees it.
    pub fn seen(&self, seat: usize) -> Opponent {
        Opponent {
            cards: self.sizes[seat],
            out: self.out[seat],
            blocked: self.is_blocked(seat),
            lacks: self.lacks[seat],
            fresh: self.fresh[seat],
        }
    }

    /// Sets the chips each finishing place earns this round (first place first): players down
    /// to 1 unless the game's chips are running out. Policies see it.
    pub fn set_pay(&mut self, pay: &[u32]) {
        self.pay[..self.players].copy_from_slice(&pay[..self.players]);
    }

    /// The chips each finishing place earns this round.
    #[cfg(test)]
    pub fn pay(&self) -> &[u32] {
        &self.pay[..self.players]
    }

    /// Every card on the table: hands, pile, set aside and draw pile. Always the deck's size.
    #[cfg(test)]
    pub fn cards(&self) -> u32 {
        let sum = |c: &Counts| c.iter().sum::<u32>();
        self.hands[..self.players].iter().map(sum).sum::<u32>()
            + sum(&self.pile_cards)
            + sum(&self.set_aside)
            + self.draw.len() as u32
    }

    /// Draws the top card of the draw pile for `seat`, first refilling an empty draw pile by
    /// shuffling the set-aside cards; false when there is nothing to draw.
    #[inline(always)]
    fn draw_one<R: Rng>(&mut self, seat: usize, rng: &mut R) -> bool {
        if self.draw.is_empty() {
            if self.set_aside.iter().all(|&c| c == 0) {
                return false;
            }
            for n in 1..=MAX_NUMBER {
                for _ in 0..self.set_aside[usize::from(n)] {
                    self.draw.push(n);
                }
            }
            self.set_aside = [0; 8];
            self.draw.shuffle(rng);
            self.stats.refills += 1;
        }
        let card = self.draw.pop().expect("refilled");
        self.hands[seat][usize::from(card)] += 1;
        self.held[seat] |= 1 << card;
        self.sizes[seat] += 1;
        self.fresh[seat] += 1;
        true
    }

    /// Plays `m` from `seat`'s hand; true when it makes a Seven, and the pile is set aside.
    #[inline(always)]
    fn lay(&mut self, seat: usize, m: Move) -> bool {
        let n = usize::from(m.card);
        debug_assert!(self.hands[seat][n] > 0);
        let left = self.hands[seat][n] - 1;
        self.hands[seat][n] = left;
        self.held[seat] &= !(u8::from(left == 0) << n);
        let size = self.sizes[seat] - 1;
        self.sizes[seat] = size;
        // A number the seat lacked at its last penalty can only come from a card drawn since;
        // any other is counted against the cards it kept from then, which keeps what the table
        // infers sound whatever the seat really played.
        let lacked = u32::from(self.lacks[seat] & (1 << m.card) != 0);
        self.fresh[seat] = self.fresh[seat].saturating_sub(lacked).min(size);
        if m.is_seven() {
            // The card goes straight to the set-aside cards: adding the pile to them right after
            // writing the card onto it would make the processor wait for that write.
            for (a, p) in self.set_aside.iter_mut().zip(&self.pile_cards) {
                *a += *p;
            }
            self.set_aside[n] += 1;
            self.pile_cards = [0; 8];
            self.blocked = 0;
            self.pile = Pile::EMPTY;
            self.stats.sevens += 1;
            true
        } else {
            self.pile_cards[n] += 1;
            self.pile = Pile::new(m.card, m.keep).expect("a legal play keeps the total below 7");
            false
        }
    }

    #[inline(always)]
    fn go_out(&mut self, seat: usize) {
        self.out[seat] = true;
        self.finished[self.finished_len] = seat as u8;
        self.finished_len += 1;
    }

    /// Shows `seat` what it may see, as `f` needs it.
    pub fn with_view<T>(&self, seat: usize, new_pile: bool, f: impl FnOnce(&View) -> T) -> T {
        let mut opponents = [Opponent::default(); SEATS];
        for i in 1..self.players {
            let s = (seat + i) % self.players;
            opponents[i - 1] = self.seen(s);
        }
        f(&View {
            hand: &self.hands[seat],
            pile: self.pile,
            pile_cards: &self.pile_cards,
            set_aside: &self.set_aside,
            draw_pile: self.draw.len() as u32,
            opponents: &opponents[..self.players - 1],
            deck: &self.deck,
            new_pile,
            pay: &self.pay[..self.players],
        })
    }

    /// `seat`'s play on the current pile as `chooser` picks it, or `None` when it has none.
    #[inline]
    fn next_play<C: Chooser>(&self, seat: usize, new_pile: bool, chooser: &mut C) -> Option<Move> {
        if C::DIRECT {
            let m = chooser.direct(self.pile, self.held[seat]);
            debug_assert_eq!(
                m,
                {
                    let moves = legal_moves(self.pile, &self.hands[seat]);
                    (!moves.is_empty()).then(|| moves[chooser.pick(self, seat, new_pile, &moves)])
                },
                "a direct play is the listed one"
            );
            return m;
        }
        let moves = legal_moves(self.pile, &self.hands[seat]);
        (!moves.is_empty()).then(|| self.choose(seat, new_pile, &moves, chooser))
    }

    /// Asks `chooser` for `seat`'s play among `moves`.
    fn choose<C: Chooser>(
        &self,
        seat: usize,
        new_pile: bool,
        moves: &[Move],
        chooser: &mut C,
    ) -> Move {
        let i = chooser.pick(self, seat, new_pile, moves);
        assert!(
            i < moves.len(),
            "a policy chose play {i} of {} legal plays",
            moves.len()
        );
        moves[i]
    }

    /// Plays the current player's turn, asking `chooser(seat, view, moves)` for every play, and
    /// passes the turn on (or ends the round).
    pub fn turn<R, C>(&mut self, rules: &Rules, rng: &mut R, chooser: &mut C)
    where
        R: Rng,
        C: Chooser,
    {
        assert!(!self.is_over(), "the round is over");
        let p = self.current;
        self.stats.turns += 1;
        if self.is_blocked(p) {
            // Sitting out is neither progress nor a pass: it says nothing about whether the
            // round can go on, so it leaves the count of passes in a row as it was.
            self.stats.blocked_turns += 1;
            self.pass_on(p, None);
            return;
        }
        let mut progressed = true;
        if let Some(m) = self.next_play(p, false, chooser) {
            self.play(p, m, false, rules, rng, chooser);
        } else {
            // The table learns that this hand holds no number playable here (the hand size
            // is public, so a hand of 0 teaches nothing new, which the mask also says).
            self.lacks[p] = self.pile.legal_numbers();
            self.fresh[p] = 0;
            // A penalty card; with nothing to draw the turn simply passes.
            if self.draw_one(p, rng) {
                self.stats.penalty_cards += 1;
            } else {
                progressed = false;
            }
            if rules.penalty == Penalty::Pile {
                self.blocked |= 1 << p;
            }
        }
        self.pass_on(p, Some(progressed));
    }

    /// Plays the current player's turn starting with `first` (which must be legal), then asks
    /// `chooser` for any further play of the turn (new piles after a Seven). With `new_pile` the
    /// turn is taken up where a Seven left it: `first` starts the new pile and draws nothing.
    ///
    /// This is how a policy that looks ahead tries each of its plays on a guessed table, with
    /// every rule applied by the same code as a real turn, when its lean
    /// [`Playout`](super::lookahead::playout::Playout) cannot; the lean play-outs are tested against it.
    pub(crate) fn turn_with<R, C>(
        &mut self,
        rules: &Rules,
        rng: &mut R,
        first: Move,
        new_pile: bool,
        chooser: &mut C,
    ) where
        R: Rng,
        C: Chooser,
    {
        assert!(!self.is_over(), "the round is over");
        let p = self.current;
        debug_assert!(
            !new_pile || self.pile.is_empty(),
            "a new pile starts on an empty pile"
        );
        debug_assert!(
            legal_moves(self.pile, &self.hands[p]).contains(&first),
            "{first:?} is not legal"
        );
        self.stats.turns += 1;
        self.play(p, first, new_pile, rules, rng, chooser);
        self.pass_on(p, Some(true));
    }

    /// Lays `m` for `p` and finishes the play: after a Seven the same player starts new piles
    /// without drawing (a 7 on one is another Seven at once); an ordinary play draws a card,
    /// unless it started a new pile (`new_pile`, rule 5: "even now he does not draw") or, under
    /// `finish=empty`, emptied the hand (the player is out). Under `finish=seven` a hand emptied
    /// without a Seven stays in: by an ordinary play it draws as usual; by a new pile's card it
    /// holds nothing until its next turn, when it cannot play and takes a penalty card.
    fn play<R, C>(
        &mut self,
        p: usize,
        mut m: Move,
        mut new_pile: bool,
        rules: &Rules,
        rng: &mut R,
        chooser: &mut C,
    ) where
        R: Rng,
        C: Chooser,
    {
        loop {
            if self.lay(p, m) {
                if self.sizes[p] == 0 {
                    // The last card made a Seven: out under either reading.
                    self.go_out(p);
                    return;
                }
                m = self
                    .next_play(p, true, chooser)
                    .expect("a hand with cards has a play on an empty pile");
                new_pile = true;
                continue;
            }
            if self.sizes[p] == 0 && rules.finish == Finish::Empty {
                self.go_out(p);
            } else if !new_pile {
                self.draw_one(p, rng);
            }
            return;
        }
    }

    /// Ends `p`'s turn: the round ends when one player is left or it froze, otherwise the next
    /// player still in is to play. `progressed` says whether the turn changed the table (a play
    /// or a draw), `None` for a turn sat out. When every player still in is blocked, nobody could
    /// ever lay a card on this pile again, so the blocks lift.
    #[inline(always)]
    fn pass_on(&mut self, p: usize, progressed: Option<bool>) {
        let active = self.players - self.finished_len;
        match progressed {
            Some(true) => self.idle = 0,
            Some(false) => self.idle += 1,
            None => {}
        }
        if self.blocked != 0 && (0..self.players).all(|s| self.out[s] || self.is_blocked(s)) {
            self.blocked = 0;
        }
        if active == 1 {
            let last = (0..self.players).find(|&s| !self.out[s]).expect("one left");
            self.go_out(last);
        } else if self.idle >= active || self.stats.turns >= MAX_ROUND_TURNS {
            self.stall();
        } else {
            self.current = self.next_active(p);
        }
    }

    /// The next seat after `seat` still in the round.
    #[inline(always)]
    fn next_active(&self, seat: usize) -> usize {
        let mut s = seat;
        loop {
            s += 1;
            if s == self.players {
                s = 0;
            }
            if !self.out[s] {
                return s;
            }
            assert!(s != seat, "someone is still in");
        }
    }

    /// Ends a frozen round: the players still in finish by fewest cards, ties in turn order from
    /// the next player.
    fn stall(&mut self) {
        self.stats.stalled = true;
        let mut left = [0usize; SEATS];
        let mut k = 0;
        for i in 1..=self.players {
            let s = (self.current + i) % self.players;
            if !self.out[s] {
                left[k] = s;
                k += 1;
            }
        }
        let sizes = self.sizes;
        left[..k].sort_by_key(|&s| sizes[s]);
        for &s in &left[..k] {
            self.go_out(s);
        }
    }
}

#[cfg(test)]
#[path = "round_tests.rs"]
mod tests;
