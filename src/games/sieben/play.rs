//! Rounds and games of 7: the table (hands, pile, set-aside cards, draw pile), one turn at a time.
//!
//! A [`Table`] holds a round's cards by number (a hand is a count per number, since cards of one
//! number are alike) and the draw pile in order. [`Table::turn`] plays one player's turn with every
//! rule of `RULES.md` and the gaps listed in the module docs of [`super`]; [`play_game`] plays the
//! rounds of a whole game and pays the chips. Nothing is allocated per turn or per round: the
//! draw pile's buffer is reused.

use rand_xoshiro::rand_core::Rng;

use crate::dice::below;

use super::deck::{Counts, HAND, MAX_NUMBER};
use super::policy::{LayCard, Opponent, View};
use super::rules::{
    CHIPS, Finish, MAX_PLAYERS, MAX_PLAYOFF_ROUNDS, Move, Pile, Rules, legal_moves, regular_rounds,
    round_chips,
};
use crate::options::{FirstPlayer, Tie};
use crate::policy::Policy;

/// Seats at most.
const SEATS: usize = MAX_PLAYERS as usize;

/// Turns after which a round is called stalled, whatever happens: a safety net only, since a
/// round either ends or freezes (which is detected at once) long before.
pub const MAX_ROUND_TURNS: u32 = 100_000;

/// What happened in one round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundStats {
    /// Turns played (a Seven and the new pile it starts are part of one turn).
    pub turns: u32,
    /// Penalty cards actually drawn (a player who cannot play when nothing can be drawn draws
    /// none).
    pub penalty_cards: u32,
    /// Sevens called.
    pub sevens: u32,
    /// Times the draw pile was refilled from the set-aside cards.
    pub refills: u32,
    /// Whether the round froze (no player could play or draw) and was ended by hand sizes.
    pub stalled: bool,
}

/// The cards of a round and whose turn it is.
#[derive(Clone, Debug)]
pub struct Table {
    players: usize,
    deck: Counts,
    hands: [Counts; SEATS],
    sizes: [u32; SEATS],
    out: [bool; SEATS],
    finished: [u8; SEATS],
    finished_len: usize,
    pile: Pile,
    pile_cards: Counts,
    set_aside: Counts,
    draw: Vec<u8>,
    current: usize,
    /// Who started the round (for the first-player advantage).
    first: usize,
    idle: usize,
    stats: RoundStats,
}

/// Shuffles `cards` in place (Fisher-Yates, exactly uniform through [`below`]).
pub(crate) fn shuffle<R: Rng>(cards: &mut [u8], rng: &mut R) {
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        cards.swap(i, j);
    }
}

impl Table {
    /// A table for `players` (2 to 7) with the rules' deck; call [`Table::deal`] to start a round.
    pub fn new(rules: &Rules, players: u32) -> Self {
        assert!((2..=MAX_PLAYERS).contains(&players), "2 to 7 players");
        assert!(
            rules.deck.check_deal(players).is_ok(),
            "the deck must cover the deal"
        );
        Self {
            players: players as usize,
            deck: *rules.deck.counts(),
            hands: [[0; 8]; SEATS],
            sizes: [0; SEATS],
            out: [false; SEATS],
            finished: [0; SEATS],
            finished_len: 0,
            pile: Pile::EMPTY,
            pile_cards: [0; 8],
            set_aside: [0; 8],
            draw: Vec::with_capacity(rules.deck.size() as usize),
            current: 0,
            first: 0,
            idle: 0,
            stats: RoundStats::default(),
        }
    }

    /// Shuffles the whole deck, deals 7 cards to each player and gives `first` the first turn.
    pub fn deal<R: Rng>(&mut self, first: usize, rng: &mut R) {
        self.draw.clear();
        for n in 1..=MAX_NUMBER {
            for _ in 0..self.deck[usize::from(n)] {
                self.draw.push(n);
            }
        }
        shuffle(&mut self.draw, rng);
        for seat in 0..self.players {
            self.hands[seat] = [0; 8];
            for _ in 0..HAND {
                let card = self.draw.pop().expect("the deck covers the deal");
                self.hands[seat][usize::from(card)] += 1;
            }
            self.sizes[seat] = HAND;
            self.out[seat] = false;
        }
        self.finished_len = 0;
        self.pile = Pile::EMPTY;
        self.pile_cards = [0; 8];
        self.set_aside = [0; 8];
        self.current = first;
        self.first = first;
        self.idle = 0;
        self.stats = RoundStats::default();
    }

    /// Sets up a hand-made position (for tests and studies): hands, the pile with the cards on
    /// it, the set-aside cards, the draw pile (its top card last) and who is to play. The deck is
    /// whatever these hold together.
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
            hands: [[0; 8]; SEATS],
            sizes: [0; SEATS],
            out: [false; SEATS],
            finished: [0; SEATS],
            finished_len: 0,
            pile,
            pile_cards,
            set_aside,
            draw: draw.to_vec(),
            current,
            first: current,
            idle: 0,
            stats: RoundStats::default(),
        };
        for (seat, hand) in hands.iter().enumerate() {
            t.hands[seat] = *hand;
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
    /// This is the table a looking-ahead policy plays its rounds out on.
    pub(crate) fn set_from_view(&mut self, view: &View, hands: &[Counts], draw: &[u8]) {
        let players = view.opponents.len() + 1;
        assert!((2..=SEATS).contains(&players) && hands.len() + 1 >= players);
        self.players = players;
        self.deck = *view.deck;
        self.hands[0] = *view.hand;
        self.sizes[0] = view.hand.iter().sum();
        self.out[0] = false;
        self.finished_len = 0;
        for (i, o) in view.opponents.iter().enumerate() {
            let seat = i + 1;
            self.hands[seat] = hands[i];
            self.sizes[seat] = hands[i].iter().sum();
            debug_assert_eq!(self.sizes[seat], o.cards, "the guess keeps the hand sizes");
            self.out[seat] = o.out;
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

    /// The round's counts so far.
    pub fn stats(&self) -> RoundStats {
        self.stats
    }

    /// Every card on the table: hands, pile, set aside and draw pile. Always the deck's size.
    pub fn cards(&self) -> u32 {
        let sum = |c: &Counts| c.iter().sum::<u32>();
        self.hands[..self.players].iter().map(sum).sum::<u32>()
            + sum(&self.pile_cards)
            + sum(&self.set_aside)
            + self.draw.len() as u32
    }

    /// Draws the top card of the draw pile for `seat`, first refilling an empty draw pile by
    /// shuffling the set-aside cards; false when there is nothing to draw.
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
            shuffle(&mut self.draw, rng);
            self.stats.refills += 1;
        }
        let card = self.draw.pop().expect("refilled");
        self.hands[seat][usize::from(card)] += 1;
        self.sizes[seat] += 1;
        true
    }

    /// Plays `m` from `seat`'s hand; true when it makes a Seven, and the pile is set aside.
    fn lay(&mut self, seat: usize, m: Move) -> bool {
        let n = usize::from(m.card);
        debug_assert!(self.hands[seat][n] > 0);
        self.hands[seat][n] -= 1;
        self.sizes[seat] -= 1;
        self.pile_cards[n] += 1;
        if m.is_seven() {
            for (s, p) in self.set_aside.iter_mut().zip(self.pile_cards.iter_mut()) {
                *s += *p;
                *p = 0;
            }
            self.pile = Pile::EMPTY;
            self.stats.sevens += 1;
            true
        } else {
            self.pile = Pile::new(m.card, m.keep).expect("a legal play keeps the total below 7");
            false
        }
    }

    fn go_out(&mut self, seat: usize) {
        self.out[seat] = true;
        self.finished[self.finished_len] = seat as u8;
        self.finished_len += 1;
    }

    /// Asks `chooser` for `seat`'s play among `moves`, showing what the seat may see.
    fn choose<F>(&self, seat: usize, new_pile: bool, moves: &[Move], chooser: &mut F) -> Move
    where
        F: FnMut(usize, &View, &[Move]) -> usize,
    {
        let mut opponents = [Opponent::default(); SEATS];
        for i in 1..self.players {
            let s = (seat + i) % self.players;
            opponents[i - 1] = Opponent {
                cards: self.sizes[s],
                out: self.out[s],
            };
        }
        let view = View {
            hand: &self.hands[seat],
            pile: self.pile,
            pile_cards: &self.pile_cards,
            set_aside: &self.set_aside,
            draw_pile: self.draw.len() as u32,
            opponents: &opponents[..self.players - 1],
            deck: &self.deck,
            new_pile,
        };
        let i = chooser(seat, &view, moves);
        assert!(
            i < moves.len(),
            "a policy chose play {i} of {} legal plays",
            moves.len()
        );
        moves[i]
    }

    /// A player whose hand was emptied by a play that did not go out by a Seven: out under
    /// `finish=empty`; under `finish=seven` they draw a card and play on.
    fn emptied<R: Rng>(&mut self, seat: usize, rules: &Rules, rng: &mut R) {
        match rules.finish {
            Finish::Empty => self.go_out(seat),
            Finish::Seven => {
                self.draw_one(seat, rng);
            }
        }
    }

    /// Plays the current player's turn, asking `chooser(seat, view, moves)` for every play, and
    /// passes the turn on (or ends the round).
    pub fn turn<R, F>(&mut self, rules: &Rules, rng: &mut R, chooser: &mut F)
    where
        R: Rng,
        F: FnMut(usize, &View, &[Move]) -> usize,
    {
        assert!(!self.is_over(), "the round is over");
        let p = self.current;
        self.stats.turns += 1;
        let moves = legal_moves(self.pile, &self.hands[p]);
        let mut progressed = true;
        if moves.is_empty() {
            // A penalty card; with nothing to draw the turn simply passes.
            if self.draw_one(p, rng) {
                self.stats.penalty_cards += 1;
            } else {
                progressed = false;
            }
        } else {
            let m = self.choose(p, false, &moves, chooser);
            self.play(p, m, false, rules, rng, chooser);
        }
        self.pass_on(p, progressed);
    }

    /// Plays the current player's turn starting with `first` (which must be legal), then asks
    /// `chooser` for any further play of the turn (new piles after a Seven). With `new_pile` the
    /// turn is taken up where a Seven left it: `first` starts the new pile and draws nothing.
    ///
    /// This is how a policy that looks ahead tries each of its plays on a guessed table, with
    /// every rule applied by the same code as a real turn.
    pub(crate) fn turn_with<R, F>(
        &mut self,
        rules: &Rules,
        rng: &mut R,
        first: Move,
        new_pile: bool,
        chooser: &mut F,
    ) where
        R: Rng,
        F: FnMut(usize, &View, &[Move]) -> usize,
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
        self.pass_on(p, true);
    }

    /// Lays `m` for `p` and finishes the play: after a Seven the same player starts new piles
    /// without drawing (a 7 on one is another Seven at once); an ordinary play draws a card,
    /// unless it started a new pile (`new_pile`) or emptied the hand.
    fn play<R, F>(
        &mut self,
        p: usize,
        mut m: Move,
        mut new_pile: bool,
        rules: &Rules,
        rng: &mut R,
        chooser: &mut F,
    ) where
        R: Rng,
        F: FnMut(usize, &View, &[Move]) -> usize,
    {
        loop {
            if self.lay(p, m) {
                if self.sizes[p] == 0 {
                    // The last card made a Seven: out under either reading.
                    self.go_out(p);
                    return;
                }
                let moves = legal_moves(Pile::EMPTY, &self.hands[p]);
                m = self.choose(p, true, &moves, chooser);
                new_pile = true;
                continue;
            }
            if self.sizes[p] == 0 {
                self.emptied(p, rules, rng);
            } else if !new_pile {
                self.draw_one(p, rng);
            }
            return;
        }
    }

    /// Ends `p`'s turn: the round ends when one player is left or it froze, otherwise the next
    /// player still in is to play.
    fn pass_on(&mut self, p: usize, progressed: bool) {
        let active = self.players - self.finished_len;
        self.idle = if progressed { 0 } else { self.idle + 1 };
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
    fn next_active(&self, seat: usize) -> usize {
        (1..=self.players)
            .map(|i| (seat + i) % self.players)
            .find(|&s| !self.out[s])
            .expect("someone is still in")
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

    /// Deals and plays a whole round, `first` starting.
    pub fn play_round<R, F>(&mut self, rules: &Rules, first: usize, rng: &mut R, chooser: &mut F)
    where
        R: Rng,
        F: FnMut(usize, &View, &[Move]) -> usize,
    {
        self.deal(first, rng);
        while !self.is_over() {
            self.turn(rules, rng, chooser);
        }
    }
}

/// The outcome of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameResult {
    /// Chips per seat (seat 1 starts the first round).
    pub chips: [u32; SEATS],
    /// Seats with the most chips at the end (all of them under `tie=shared`).
    pub winners: [bool; SEATS],
    /// Whether the most chips were shared after the regular rounds.
    pub tied: bool,
    /// Rounds played, play-offs included.
    pub rounds: u32,
    /// Refills of the draw pile over the game.
    pub refills: u32,
}

/// Plays a game of `players` on `table`, asking `chooser(seat, view, moves)` for every play and
/// calling `on_round(table, pay)` after each round (for its counts), where `pay[k]` is the chips
/// the round paid to its `k`-th finisher (so a study can see what each seat, such as the starting
/// one, earned in that round).
pub fn play_game_with<R, F, O>(
    table: &mut Table,
    rules: &Rules,
    rng: &mut R,
    chooser: &mut F,
    mut on_round: O,
) -> GameResult
where
    R: Rng,
    F: FnMut(usize, &View, &[Move]) -> usize,
    O: FnMut(&Table, &[u32]),
{
    let n = table.players;
    let players = n as u32;
    let mut result = GameResult::default();
    let mut pool = CHIPS;
    let regular = regular_rounds(players);
    let mut round = 0u32;
    let mut play = |round: u32, pool: Option<&mut u32>, result: &mut GameResult| {
        let first = match rules.first_player {
            FirstPlayer::Rotate => round as usize % n,
            FirstPlayer::Fixed => 0,
        };
        table.play_round(rules, first, rng, chooser);
        let pay = round_chips(players, pool.as_deref().copied());
        on_round(table, &pay[..n]);
        for (place, &seat) in table.finishing_order().iter().enumerate() {
            result.chips[usize::from(seat)] += pay[place];
        }
        if let Some(pool) = pool {
            *pool -= pay[..n].iter().sum::<u32>();
        }
        result.refills += table.stats.refills;
        result.rounds += 1;
    };
    while round < regular {
        let limited = (players > 4).then_some(&mut pool);
        play(round, limited, &mut result);
        round += 1;
    }
    debug_assert!(
        players <= 4 || pool == 0,
        "5 to 7 players hand out all 80 chips"
    );
    let leaders = |r: &GameResult| {
        let top = r.chips[..n].iter().copied().max().unwrap_or(0);
        let mut w = [false; SEATS];
        for (won, &chips) in w.iter_mut().zip(&r.chips[..n]) {
            *won = chips == top;
        }
        w
    };
    let mut winners = leaders(&result);
    result.tied = winners.iter().filter(|&&w| w).count() > 1;
    if rules.tie == Tie::Playoff {
        let mut extra = 0;
        while winners.iter().filter(|&&w| w).count() > 1 && extra < MAX_PLAYOFF_ROUNDS {
            play(round, None, &mut result);
            round += 1;
            extra += 1;
            winners = leaders(&result);
        }
    }
    result.winners = winners;
    result
}

/// Plays a game with one policy per seat (`seats.len()` players, 2 to 7), seat 1 starting.
pub fn play_game<P: Policy<LayCard>, R: Rng>(
    rules: &Rules,
    seats: &mut [P],
    rng: &mut R,
) -> GameResult {
    let mut table = Table::new(rules, seats.len() as u32);
    play_game_with(
        &mut table,
        rules,
        rng,
        &mut |seat, view, moves| seats[seat].choose(view, moves),
        |_, _| {},
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sieben::policy::PolicySpec;
    use crate::policy::Random;
    use proptest::prelude::*;
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
        let mut t = Table::arrange(
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
        let mut t = Table::arrange(
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
        let mut t = Table::arrange(
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
        let mut t = Table::arrange(
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
        let mut t = Table::arrange(
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
            Table::arrange(
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
            let mut t = Table::arrange(
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
            Table::arrange(
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
        assert!(!t.is_out(0));
        assert_eq!(
            t.hand(0),
            &hand(&[6]),
            "left empty, so it draws and plays on"
        );
    }

    #[test]
    fn the_round_ends_when_one_player_holds_cards() {
        let mut t = Table::arrange(
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
            },
            Opponent {
                cards: 2,
                out: false,
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
        };
        let mut t = Table::new(&Rules::default(), 2);
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
                assert_eq!(g.rounds, regular_rounds(players));
            }
            let top = g.chips.iter().max().unwrap();
            for s in 0..players as usize {
                assert_eq!(g.winners[s], g.chips[s] == *top);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Cards are conserved at every step, every round ends with everyone placed once, and a
        /// game hands out exactly the chips the rules say.
        #[test]
        fn cards_are_conserved_and_chips_match(
            seed in any::<u64>(),
            players in 2u32..=7,
            seven in any::<bool>(),
            playoff in any::<bool>(),
            policy in 0usize..5,
        ) {
            let rules = Rules {
                finish: if seven { Finish::Seven } else { Finish::Empty },
                tie: if playoff { Tie::Playoff } else { Tie::Shared },
                ..Rules::default()
            };
            // Lookahead with few play-outs: it plays the same rules, only faster.
            let spec = match PolicySpec::ALL[policy] {
                PolicySpec::Lookahead(_) => PolicySpec::Lookahead(2),
                spec => spec,
            };
            let mut seats: Vec<_> = (0..players)
                .map(|s| spec.build(&rules, Xoshiro256PlusPlus::seed_from_u64(seed ^ u64::from(s))))
                .collect();
            let mut r = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut table = Table::new(&rules, players);
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
                }
                let mut order = table.finishing_order().to_vec();
                order.sort();
                prop_assert_eq!(order, (0..players as u8).collect::<Vec<_>>());
            }
            // A whole game.
            let mut starter_chips = 0u32;
            let g = play_game_with(&mut table, &rules, &mut r, &mut chooser, |t, pay| {
                assert_eq!(t.cards(), 80);
                assert_eq!(pay.len(), players as usize);
                let place = t.finishing_order().iter().position(|&s| usize::from(s) == t.first());
                starter_chips += pay[place.expect("the starter finishes")];
            });
            prop_assert!(starter_chips <= g.rounds * players);
            let total: u32 = g.chips.iter().sum();
            let per_round = players * (players + 1) / 2;
            if players <= 4 {
                prop_assert_eq!(total, g.rounds * per_round);
            } else {
                prop_assert_eq!(total, CHIPS + (g.rounds - regular_rounds(players)) * per_round);
            }
            prop_assert!(g.rounds == regular_rounds(players) || playoff);
            let winners = g.winners.iter().filter(|&&w| w).count();
            prop_assert!(winners >= 1);
            prop_assert!(!playoff || winners == 1 || g.rounds == regular_rounds(players) + MAX_PLAYOFF_ROUNDS);
        }
    }
}
