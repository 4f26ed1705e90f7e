//! The `lookahead` policy: determinized Monte Carlo. A player cannot see the other hands or the
//! draw pile, so it guesses them: it deals the cards it has not seen at random into hands of the
//! sizes it sees and a draw pile, tries each of its plays on that table, plays the round out with
//! every seat (its own too) playing [`SevenFirst`], and keeps the play whose player finished best
//! on average (the round's chips for the place: players down to 1).
//!
//! `lookahead:K` spends `K` play-outs per legal play by sequential halving: rounds of fresh
//! guesses, each shared by all the plays still in (common random numbers, so plays are compared
//! on the same cards), each round dropping the worse half. Ties go to `seven-first`'s own play,
//! so the policy departs from it only on evidence: with few guesses ties are common, and the
//! first play listed (the lowest card) is rarely the best. The rounds are played by
//! [`Table`] itself, so a play-out applies exactly the rules a real turn does
//! (a Seven's new pile, going out, refills, frozen rounds); a play-out stops as soon as the player
//! is out, since its place is then settled. Turns with one legal play, or a play that goes out at
//! once, are answered without a guess.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use super::deck::{Counts, MAX_NUMBER};
use super::play::{Table, shuffle};
use super::policy::{LayCard, SevenFirst, View};
use super::rules::{Finish, MAX_MOVES, MAX_PLAYERS, MIN_PLAYERS, Move, Rules};
use crate::policy::Policy;

/// Play-outs per legal play when `lookahead` is given without a count: chosen by measurement
/// (README, sieben section) as the point where doubling the count still gains but costs twice the
/// time.
pub const DEFAULT_SAMPLES: u32 = 32;

/// The most play-outs per play a spec may ask for: past where the gain stops growing in our runs,
/// and it keeps a run's time bounded.
pub const MAX_SAMPLES: u32 = 1000;

/// Determinized Monte Carlo over the unseen cards (see the module docs). It draws its guesses
/// from its own generator, so the deals a game sees do not depend on it, and it keeps its
/// buffers between decisions, so a decision allocates nothing.
#[derive(Clone, Debug)]
pub struct Lookahead<R> {
    samples: u32,
    rules: Rules,
    rng: R,
    /// The table the rounds are played out on, reused.
    table: Table,
    /// The unseen cards, shuffled into a guess: the opponents' hands first, then the draw pile.
    unseen: Vec<u8>,
    /// The opponents' guessed hands.
    hands: [Counts; MAX_PLAYERS as usize],
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
            // Any table will do: every decision overwrites it with the position it sees.
            table: Table::new(rules, MIN_PLAYERS),
            unseen: Vec::with_capacity(rules.deck.size() as usize),
            hands: [[0; 8]; MAX_PLAYERS as usize],
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

    /// Deals the `unseen` cards at random into a guess: `self.hands` for the opponents, and
    /// `self.unseen` from the returned index on for the draw pile.
    fn guess(&mut self, view: &View, unseen: &Counts) -> usize {
        self.unseen.clear();
        for n in 1..=MAX_NUMBER {
            for _ in 0..unseen[usize::from(n)] {
                self.unseen.push(n);
            }
        }
        shuffle(&mut self.unseen, &mut self.rng);
        let mut at = 0;
        for (hand, o) in self.hands.iter_mut().zip(view.opponents) {
            *hand = [0; 8];
            for &card in &self.unseen[at..at + o.cards as usize] {
                hand[usize::from(card)] += 1;
            }
            at += o.cards as usize;
        }
        at
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
        let players = view.opponents.len() + 1;
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
        let mut rollout = |_: usize, v: &View, ms: &[Move]| SevenFirst.choose(v, ms);
        for _ in 0..rounds {
            let guesses = (budget / (left * rounds)).max(1);
            for _ in 0..guesses {
                let hands_end = self.guess(view, &unseen);
                // Refills shuffle: every play sees the same shuffles of a guess.
                let refills = self.rng.next_u64();
                for &i in &alive[..left] {
                    let draw = &self.unseen[hands_end..];
                    self.table
                        .set_from_view(view, &self.hands[..players - 1], draw);
                    let mut rng = Xoshiro256PlusPlus::seed_from_u64(refills);
                    self.table.turn_with(
                        &self.rules,
                        &mut rng,
                        moves[i],
                        view.new_pile,
                        &mut rollout,
                    );
                    // Once the player is out its place is settled: the rest need not be played.
                    while !self.table.is_out(0) {
                        self.table.turn(&self.rules, &mut rng, &mut rollout);
                    }
                    let place = self
                        .table
                        .finishing_order()
                        .iter()
                        .position(|&s| s == 0)
                        .expect("the player is out");
                    // The round's chips for that place (players down to 1), unlimited pool.
                    score[i] += (players - place) as u64;
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
mod tests {
    use super::*;
    use crate::games::sieben::policy::Opponent;
    use crate::games::sieben::rules::{Pile, legal_moves};

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
        };
        let moves = legal_moves(pile, &h);
        assert_eq!(moves.len(), 1);
        assert_eq!(p.choose(&view, &moves), 0);
        // The last card goes out, in either orientation (finish=empty).
        let h = hand(&[4]);
        let pile = Pile::new(0, 3).unwrap();
        let moves = legal_moves(pile, &h);
        assert_eq!(moves.len(), 2);
        let view = View {
            hand: &h,
            pile,
            pile_cards: &hand(&[3]),
            ..view
        };
        assert_eq!(p.choose(&view, &moves), 0);
        assert_eq!(
            p.work(),
            Work {
                decisions: 2,
                ..Work::default()
            },
            "no guess, no play-out"
        );
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
            assert_eq!(
                p.work(),
                Work {
                    decisions: 1,
                    sampled: 1,
                    guesses: 4,
                    playouts: 8
                }
            );
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
            },
            Opponent {
                cards: 1,
                out: false,
            },
        ];
        let view = end_game(&h, pile, &on_pile, &opp, &deck, false);
        // As in the two-player block: {3,3} stops the 1, and the player goes out second.
        let moves = legal_moves(pile, &h);
        assert_eq!(lookahead(4, 9).choose(&view, &moves), 1);
    }

    /// The first choice `seat`'s lookahead (seeded `seed`) makes on `table`, and whether it
    /// needed guesses; `None` when the seat cannot play.
    fn first_choice(mut table: Table, seed: u64) -> Option<(Move, bool)> {
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
            let mut t = Table::new(&rules, 3);
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
                Table::arrange(
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
}
