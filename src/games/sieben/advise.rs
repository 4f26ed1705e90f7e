//! `dicelab advise sieben`: every legal play in a position of 7, valued as the `lookahead`
//! player values it. The cards the player has not seen are dealt at random into guesses that
//! agree with what the table has shown (the hand sizes, and what a penalty card gave away); each
//! guess is shared by every play (common random numbers), and the round is played out from it
//! with `seven-first` in every seat, the lookahead's own play-outs. What each play earns this
//! round is the chips of the place it reaches.
//!
//! Given the chips so far (`--chips`), the rest of the game is played out as well: the regular
//! rounds after this one once per guess (they are dealt afresh, so they are the same whatever
//! is played now), then, under `tie=playoff`, the play-offs each play's chips call for, all on
//! one generator per guess. That gives each play's chance to win the game and its expected
//! chips at the end, and the plays are ranked by the chance to win.
//!
//! Every value is an average over guesses, so it carries a 95% interval, and what a play loses
//! against the best is a paired difference on the same guesses. The sums are whole numbers,
//! so any split of the guesses over threads gives the same advice.

use rand_xoshiro::rand_core::Rng;
use rayon::prelude::*;

use crate::engine::chunk_rng;
use crate::error::{Error, Message, Result};
use crate::games::advice::{Advice, AdviceRequest, Advisor, Column, PositionKey, Row, Value};
use crate::games::options::{RuleOptions, Tie};
use crate::input::Files;
use crate::stats::estimate::z95;

use super::lookahead::Guesser;
use super::notation::{cards_text, play_name, spots_text};
use super::play::{GameResult, play_offs, play_rounds};
use super::playout::{self, Playout};
use super::policy::seven_first;
use super::position::parse;
use super::round::{Round, SevenFirstChooser};
use super::round_playout::{on_round, round_to_end};
use super::rules::{MAX_MOVES, OPTIONS, Rules, legal_moves};
use super::{NAME, Sieben};

/// The keys of a position of 7.
pub const KEYS: &[PositionKey] = &[
    PositionKey {
        key: "hand",
        syntax: "C,C,...",
        meaning: "your cards, by number 1 to 7, as 1,3,3,5,6",
    },
    PositionKey {
        key: "pile",
        syntax: "A+B|empty|new",
        meaning: "the pile's two spots, as 2+3 (0 for an empty spot: 0+4); empty: a turn on an \
                  empty pile (the round's first card, or after a player went out with a Seven), \
                  drawing after it; new: you just called Seven and start the new pile, drawing \
                  nothing",
    },
    PositionKey {
        key: "others",
        syntax: "N,N,...",
        meaning: "the other players in turn order, the next first: cards in hand, or out (outK: \
                  went out K-th this round)",
    },
    PositionKey {
        key: "pile-cards",
        syntax: "C,C,...",
        meaning: "every card laid on the current pile since it was started (default: the spots \
                  showing)",
    },
    PositionKey {
        key: "set-aside",
        syntax: "C,C,...",
        meaning: "the cards set aside by Sevens since the draw pile was last refilled (default: \
                  none)",
    },
    PositionKey {
        key: "stuck",
        syntax: "K@A+B[:D],...",
        meaning: "player K (1: the next) last could not play on the pile A+B and has drawn D \
                  cards since, the penalty card included (default 1)",
    },
    PositionKey {
        key: "blocked",
        syntax: "K,...",
        meaning: "under penalty=pile, the players (1: the next) blocked until this pile is set \
                  aside",
    },
    PositionKey {
        key: "chips",
        syntax: "C,C,...",
        meaning: "the chips before this round, yours first, then the others in turn order: adds \
                  each play's chance to win the game",
    },
    PositionKey {
        key: "starter",
        syntax: "you|K",
        meaning: "who started this round (K: the K-th player after you; default you): with \
                  the chips given, who starts the rounds after it",
    },
];

/// Guesses when `-n` is not given, times the players (a play-out's length grows with them):
/// about a second of work on one core for the most plays a hand can have, seven, on the first
/// pile of a round (measured: docs/cli.md).
const ROUND_GUESSES: u64 = 2_000_000;
/// The same when `--chips` asks for the game's values: the play-outs then play each round to
/// its end and the rest of the game once a guess.
const GAME_GUESSES: u64 = 400_000;

/// What the play-outs add up, as whole numbers (any split over threads merges to the same
/// sums): per value and play the sum and the sum of squares, and for the ranking value the sum
/// of products of every two plays, which gives the paired differences' spread.
#[derive(Clone, Debug)]
struct Sums {
    n: u64,
    sum: [[i64; MAX_MOVES]; VALUES],
    squares: [[i64; MAX_MOVES]; VALUES],
    products: [[i64; MAX_MOVES]; MAX_MOVES],
}

/// The values a play-out gives a play: chips this round, whether it is the next out, and (with
/// the game) whether it wins the game and its chips at the end.
const VALUES: usize = 4;
const ROUND_CHIPS: usize = 0;
const NEXT_OUT: usize = 1;
const WIN: usize = 2;
const GAME_CHIPS: usize = 3;

impl Sums {
    fn new() -> Self {
        Self {
            n: 0,
            sum: [[0; MAX_MOVES]; VALUES],
            squares: [[0; MAX_MOVES]; VALUES],
            products: [[0; MAX_MOVES]; MAX_MOVES],
        }
    }

    fn add(&mut self, values: &[[i64; VALUES]], rank: usize) {
        self.n += 1;
        for (i, v) in values.iter().enumerate() {
            for (k, &x) in v.iter().enumerate() {
                self.sum[k][i] += x;
                self.squares[k][i] += x * x;
            }
            for (j, w) in values.iter().enumerate() {
                self.products[i][j] += v[rank] * w[rank];
            }
        }
    }

    fn merge(mut self, other: Sums) -> Self {
        self.n += other.n;
        for k in 0..VALUES {
            for i in 0..MAX_MOVES {
                self.sum[k][i] += other.sum[k][i];
                self.squares[k][i] += other.squares[k][i];
            }
        }
        for i in 0..MAX_MOVES {
            for j in 0..MAX_MOVES {
                self.products[i][j] += other.products[i][j];
            }
        }
        self
    }

    /// The mean of `sum` over `n` with its normal 95% interval, from whole-number sums.
    fn mean(&self, sum: i64, squares: i128) -> Value {
        let n = self.n as i128;
        let mean = sum as f64 / self.n as f64;
        if n < 2 {
            return Value::estimate(mean, f64::NAN);
        }
        // n * sum of squares - sum^2 is exact in whole numbers: no cancellation.
        let spread = (n * squares - i128::from(sum) * i128::from(sum)) as f64;
        let variance = spread / (n * (n - 1)) as f64;
        Value::estimate(mean, z95() * (variance / self.n as f64).sqrt())
    }

    fn value(&self, k: usize, i: usize) -> Value {
        if k == NEXT_OUT || k == WIN {
            Value::proportion(self.sum[k][i] as u64, self.n)
        } else {
            self.mean(self.sum[k][i], i128::from(self.squares[k][i]))
        }
    }

    /// What play `i` loses against play `best` in value `rank`, paired on the guesses.
    fn loss(&self, rank: usize, best: usize, i: usize) -> Value {
        let sum = self.sum[rank][best] - self.sum[rank][i];
        let squares = i128::from(self.squares[rank][best]) + i128::from(self.squares[rank][i])
            - 2 * i128::from(self.products[best][i]);
        self.mean(sum, squares)
    }
}

/// A worker's tables and buffers, reused from guess to guess.
struct Worker {
    guesser: Guesser,
    refill: Vec<u8>,
    round: Round,
    game: Round,
    values: Vec<[i64; VALUES]>,
}

impl Advisor for Sieben {
    fn keys(&self) -> &'static [PositionKey] {
        KEYS
    }

    fn advise(&self, request: &AdviceRequest) -> Result<Advice> {
        request.position.check_keys(NAME, KEYS)?;
        let options = RuleOptions::parse(NAME, OPTIONS, &request.rules)?;
        // Advice records no inputs: the deck is read from disk as it stands.
        let rules = Rules::from_options(&options, &Files::default())?;
        if !request.policies.is_empty() {
            return Err(Error::input(Message::settings_in(
                "sieben advice takes no §policy: every play is valued as the lookahead values \
                     it, with seven-first in every seat after it (§units sets the guesses)",
            )));
        }
        let table = parse(&rules, request)?;
        let view = table.view();
        let moves = legal_moves(table.pile, &table.hand);
        if moves.is_empty() {
            return Err(Error::input(Message::settings_in("no card in §hand").text(
                format!(
                    " {} can be laid on {}: you take a penalty card (rule 6), so there is \
                         nothing to decide",
                    cards_text(&table.hand),
                    spots_text(table.pile)
                ),
            )));
        }
        let game = table.game;
        let run = request.run.sized(
            if game.is_some() {
                GAME_GUESSES
            } else {
                ROUND_GUESSES
            } / table.players as u64,
        )?;
        let (n, seed) = (run.units, run.seed);
        let unseen = view.unseen();
        let lean = (game.is_none() && playout::fits(&view, &unseen))
            .then(|| Playout::from_view(&view, &unseen));
        let rank = if game.is_some() { WIN } else { ROUND_CHIPS };
        let players = table.players;
        let outs = table.out.len();
        let plays = moves.len();
        let sums = (0..n)
            .into_par_iter()
            .fold(
                || {
                    let worker = Worker {
                        guesser: Guesser::new(rules.deck.size() as usize),
                        refill: Vec::with_capacity(rules.deck.size() as usize),
                        round: Round::new(&rules, players as u32),
                        game: Round::new(&rules, players as u32),
                        values: vec![[0; VALUES]; plays],
                    };
                    (worker, Sums::new())
                },
                |(mut w, mut sums), g| {
                    let mut rng = chunk_rng(seed, g);
                    // Every guess shuffles the unseen cards from the same order, so guess `g`
                    // is the same whichever worker deals it after whichever others.
                    w.guesser.list_unseen(&unseen);
                    let hands_end = w.guesser.guess(&view, &mut rng);
                    let refills = rng.next_u64();
                    let (hands, draw) = w.guesser.last(players - 1, hands_end);
                    // The regular rounds after this one, the same whatever is played now.
                    let mut later = GameResult::default();
                    let mut game_rng = chunk_rng(!seed, g);
                    if let Some(at) = &game {
                        later.rounds = at.played + 1;
                        let paid: u32 = table.pay[..players].iter().sum();
                        let mut pool = at.pool.saturating_sub(paid);
                        play_rounds(
                            &mut w.game,
                            &rules,
                            at.start,
                            &mut later,
                            &mut pool,
                            &mut game_rng,
                            &mut SevenFirstChooser,
                            &mut |_, _| {},
                        );
                    }
                    for (i, &m) in moves.iter().enumerate() {
                        let v = &mut w.values[i];
                        let place = match (&lean, &game) {
                            (Some(base), _) => {
                                let mut t = *base;
                                t.deal(hands, draw.len());
                                let end = t.play_out(
                                    &rules,
                                    refills,
                                    m,
                                    view.new_pile,
                                    draw,
                                    &mut w.refill,
                                );
                                end.place
                            }
                            (None, None) => {
                                on_round(&mut w.round, &rules, &view, hands, draw, refills, m).place
                            }
                            (None, Some(at)) => {
                                let order = round_to_end(
                                    &mut w.round,
                                    &rules,
                                    &view,
                                    hands,
                                    draw,
                                    refills,
                                    m,
                                );
                                // The players out before this position took the first places
                                // in the order given; the table lists them first, by seat.
                                let mut result = GameResult {
                                    chips: at.chips,
                                    rounds: later.rounds,
                                    ..GameResult::default()
                                };
                                for (place, &seat) in table.out.iter().enumerate() {
                                    result.chips[seat] += table.pay[place];
                                }
                                let mut mine = 0;
                                for (place, &seat) in order[..players].iter().enumerate().skip(outs)
                                {
                                    result.chips[usize::from(seat)] += table.pay[place];
                                    if seat == 0 {
                                        mine = place;
                                    }
                                }
                                for s in 0..players {
                                    result.chips[s] += later.chips[s];
                                }
                                // Play-offs, when the chips call for them, on one generator
                                // per guess.
                                let mut offs_rng = game_rng.clone();
                                play_offs(
                                    &mut w.game,
                                    &rules,
                                    at.start,
                                    &mut result,
                                    &mut offs_rng,
                                    &mut SevenFirstChooser,
                                    &mut |_, _| {},
                                );
                                v[WIN] = i64::from(result.winners[0]);
                                v[GAME_CHIPS] = i64::from(result.chips[0]);
                                mine
                            }
                        };
                        v[ROUND_CHIPS] = i64::from(table.pay[place]);
                        v[NEXT_OUT] = i64::from(place == outs);
                    }
                    sums.add(&w.values, rank);
                    (w, sums)
                },
            )
            .map(|(_, sums)| sums)
            .reduce(Sums::new, Sums::merge);

        let mut columns = Vec::new();
        let mut shown = Vec::new();
        if game.is_some() {
            columns.push(Column {
                name: "p_win_game".into(),
                meaning: format!(
                    "chance to win the game (most chips{})",
                    if rules.tie == Tie::Shared {
                        ", a shared lead counting"
                    } else {
                        ", after any play-offs"
                    }
                ),
                chance: true,
            });
            columns.push(Column {
                name: "chips_game".into(),
                meaning: "your chips at the end of the game".into(),
                chance: false,
            });
            shown.extend([WIN, GAME_CHIPS]);
        }
        columns.push(Column {
            name: "chips_round".into(),
            meaning: "the chips this round pays you".into(),
            chance: false,
        });
        columns.push(Column {
            name: "p_next_out".into(),
            meaning: format!(
                "chance you are the next out{}",
                if outs == 0 {
                    " (the round's winner)"
                } else {
                    ""
                }
            ),
            chance: true,
        });
        shown.extend([ROUND_CHIPS, NEXT_OUT]);

        // Best first by the ranking value's sum, then the others', then the listed order.
        let mut order: Vec<usize> = (0..plays).collect();
        order.sort_by(|&a, &b| {
            shown
                .iter()
                .map(|&k| sums.sum[k][b].cmp(&sums.sum[k][a]))
                .find(|o| o.is_ne())
                .unwrap_or(a.cmp(&b))
        });
        let best = order[0];
        let seven_first_pick = seven_first(table.pile, &moves);
        let rows = order
            .iter()
            .map(|&i| {
                let m = moves[i];
                let mut remarks = Vec::new();
                if m.is_seven() {
                    remarks.push("Seven".to_string());
                }
                if i == seven_first_pick {
                    remarks.push("seven-first's play".to_string());
                }
                Row {
                    name: play_name(table.pile, m),
                    values: shown.iter().map(|&k| Some(sums.value(k, i))).collect(),
                    loss: Some(if i == best {
                        Value::exact(0.0)
                    } else {
                        sums.loss(rank, best, i)
                    }),
                    remark: (!remarks.is_empty()).then(|| remarks.join("; ")),
                }
            })
            .collect();
        let mut notes = vec![
            Message::from(format!(
                "loses: {} given up against the best, a paired difference on the same guesses; \
                 an interval that reaches 0 means more guesses (",
                if game.is_some() {
                    "the chance to win the game"
                } else {
                    "chips this round"
                }
            ))
            .then(Message::settings_in(
                "§units) are needed to tell the two apart",
            )),
        ];
        if plays == 1 {
            notes.push("one legal play".into());
        }
        if request.position.get("set-aside").is_none() && table.draw_pile > 0 {
            notes.push(Message::settings_in(
                "no §set-aside given: cards set aside since the last refill are guessed \
                     among the hidden ones",
            ));
        }
        Ok(Advice {
            game: NAME.to_string(),
            rules: options.pairs(),
            policy: None,
            position: table.understood.clone(),
            method: format!(
                "Monte Carlo: {n} guesses of the hidden cards (seed {seed}), each shared by every \
                 play; after the play every seat plays seven-first{}, as the lookahead assumes",
                if game.is_some() {
                    ", to the end of the game"
                } else {
                    ""
                }
            ),
            columns,
            decision: true,
            rows,
            loss_column: 0,
            notes,
        })
    }
}

#[cfg(test)]
#[path = "advise_tests.rs"]
mod tests;
