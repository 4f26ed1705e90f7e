//! The advice's play-outs, as the race runs them ([`crate::games::race`]): one play-out is one
//! guess of the hidden cards, shared by every play.
//!
//! Guess `g` of seed `s` draws the hidden cards and the refills of this round from
//! `chunk_rng(s, g)` and the rounds after it, with their play-offs, from `chunk_rng(!s, g)`:
//! the streams the advice drew before the race, so a guess is the same deal whatever the play
//! and whichever thread plays it. What a guess gives each play is a few whole numbers
//! ([`VALUES`]), which the race adds up exactly.

use rand_xoshiro::rand_core::Rng;

use crate::engine::chunk_rng;
use crate::games::race::Contest;

use super::super::deck::Counts;
use super::super::lookahead::Guesser;
use super::super::lookahead::playout::Playout;
use super::super::lookahead::round_playout::{on_round, round_to_end};
use super::super::play::{GameResult, play_offs, play_rounds};
use super::super::policy::View;
use super::super::round::{Round, SevenFirstChooser};
use super::super::rules::{Move, Rules};
use super::position::Table;

/// The values a play-out gives a play: chips this round, whether it is the next out, and (with
/// the game) whether it wins the game and its chips at the end.
pub(super) const VALUES: usize = 4;
/// Chips this round.
pub(super) const ROUND_CHIPS: usize = 0;
/// Whether the player is the next out.
pub(super) const NEXT_OUT: usize = 1;
/// Whether the player wins the game.
pub(super) const WIN: usize = 2;
/// The player's chips at the end of the game.
pub(super) const GAME_CHIPS: usize = 3;

/// Guesses a chunk plays: enough that a chunk's buffers cost nothing beside its play-outs, few
/// enough that a small `-n` still spreads over the threads.
const GUESSES_PER_CHUNK: u64 = 256;

/// The advice's play-outs from one position: every legal play tried on every guess.
pub(super) struct Guesses<'a> {
    /// The rules the round and the game are played by.
    pub rules: &'a Rules,
    /// The position.
    pub table: &'a Table,
    /// The position as the player sees it.
    pub view: View<'a>,
    /// The legal plays, in the advice's listed order.
    pub moves: &'a [Move],
    /// The cards nobody has seen, by number.
    pub unseen: Counts,
    /// The lean table every guess is dealt on, when it can hold the position and only this
    /// round is played out.
    pub lean: Option<Playout>,
    /// The run's seed.
    pub seed: u64,
    /// The values the plays are ranked by, in order: the first decides, the others break its
    /// ties.
    pub order: &'a [usize],
}

/// A chunk's tables and buffers, reused from guess to guess.
pub(super) struct Worker {
    guesser: Guesser,
    refill: Vec<u8>,
    round: Round,
    game: Round,
    values: Vec<[i64; VALUES]>,
}

impl Guesses<'_> {
    /// Plays guess `g`: every play `active` marks tried on it, its values left in `w.values`.
    fn play_guess(&self, g: u64, active: &[bool], w: &mut Worker) {
        let (rules, table, view) = (self.rules, self.table, &self.view);
        let players = table.players;
        let outs = table.out.len();
        let mut rng = chunk_rng(self.seed, g);
        // Every guess shuffles the unseen cards from the same order, so guess `g` is the same
        // whichever worker deals it after whichever others.
        w.guesser.list_unseen(&self.unseen);
        let hands_end = w.guesser.guess(view, &mut rng);
        let refills = rng.next_u64();
        let (hands, draw) = w.guesser.last(players - 1, hands_end);
        // The regular rounds after this one, the same whatever is played now.
        let mut later = GameResult::default();
        let mut game_rng = chunk_rng(!self.seed, g);
        if let Some(at) = &table.game {
            later.rounds = at.played + 1;
            let paid: u32 = table.pay[..players].iter().sum();
            let mut pool = at.pool.saturating_sub(paid);
            play_rounds(
                &mut w.game,
                rules,
                at.start,
                &mut later,
                &mut pool,
                &mut game_rng,
                &mut SevenFirstChooser,
                &mut |_: &Round, _: &[u32]| {},
            );
        }
        for (i, &m) in self.moves.iter().enumerate() {
            if !active[i] {
                continue;
            }
            let v = &mut w.values[i];
            let place = match (&self.lean, &table.game) {
                (Some(base), _) => {
                    let mut t = *base;
                    t.deal(hands, draw.len());
                    let end = t.play_out(rules, refills, m, view.new_pile, draw, &mut w.refill);
                    end.place
                }
                (None, None) => on_round(&mut w.round, rules, view, hands, draw, refills, m).place,
                (None, Some(at)) => {
                    let order = round_to_end(&mut w.round, rules, view, hands, draw, refills, m);
                    // The players out before this position took the first places in the order
                    // given; the table lists them first, by seat.
                    let mut result = GameResult {
                        chips: at.chips,
                        rounds: later.rounds,
                        ..GameResult::default()
                    };
                    for (place, &seat) in table.out.iter().enumerate() {
                        result.chips[seat] += table.pay[place];
                    }
                    let mut mine = 0;
                    for (place, &seat) in order[..players].iter().enumerate().skip(outs) {
                        result.chips[usize::from(seat)] += table.pay[place];
                        if seat == 0 {
                            mine = place;
                        }
                    }
                    for s in 0..players {
                        result.chips[s] += later.chips[s];
                    }
                    // Play-offs, when the chips call for them, on one generator per guess.
                    let mut offs_rng = game_rng.clone();
                    play_offs(
                        &mut w.game,
                        rules,
                        at.start,
                        &mut result,
                        &mut offs_rng,
                        &mut SevenFirstChooser,
                        &mut |_: &Round, _: &[u32]| {},
                    );
                    v[WIN] = i64::from(result.winners[0]);
                    v[GAME_CHIPS] = i64::from(result.chips[0]);
                    mine
                }
            };
            v[ROUND_CHIPS] = i64::from(table.pay[place]);
            v[NEXT_OUT] = i64::from(place == outs);
        }
    }
}

impl Contest for Guesses<'_> {
    type Worker = Worker;

    fn actions(&self) -> usize {
        self.moves.len()
    }

    fn values(&self) -> usize {
        VALUES
    }

    fn order(&self) -> &[usize] {
        self.order
    }

    fn per_chunk(&self) -> u64 {
        GUESSES_PER_CHUNK
    }

    fn worker(&self) -> Worker {
        let (rules, players) = (self.rules, self.table.players as u32);
        Worker {
            guesser: Guesser::new(rules.deck.size() as usize),
            refill: Vec::with_capacity(rules.deck.size() as usize),
            round: Round::new(rules, players),
            game: Round::new(rules, players),
            values: vec![[0; VALUES]; self.moves.len()],
        }
    }

    fn play(&self, g: u64, active: &[bool], w: &mut Worker, out: &mut [i64]) {
        self.play_guess(g, active, w);
        for (i, v) in w.values.iter().enumerate() {
            if active[i] {
                out[i * VALUES..(i + 1) * VALUES].copy_from_slice(v);
            }
        }
    }
}
