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
//! against the best is a paired difference on the same guesses. The guesses are spent by a race
//! (`games::race`): every play an eighth of the budget, then more on those still close to the
//! best, until the best is separated from every other play or the budget is spent; a play whose
//! loss's interval reaches 0 is within noise of the best. The guesses are counted in whole
//! numbers, so any split of them over threads gives the same advice.

use crate::error::{Error, Message, Result};
use crate::games::advice::{Advice, AdviceRequest, Advisor, Column, PositionKey, Row, Spent};
use crate::games::options::{RuleOptions, Tie};
use crate::games::race::{Plan, Raced, race};
use crate::input::Files;

use super::super::lookahead::playout::{self, Playout};
use super::super::notation::{cards_text, play_name, spots_text};
use super::super::policy::seven_first;
use super::super::rules::{Move, OPTIONS, Rules, legal_moves};
use super::super::{NAME, Sieben};
use super::advice_sim::{GAME_CHIPS, Guesses, NEXT_OUT, ROUND_CHIPS, WIN};
use super::position::{Table, parse};

/// The keys of a position of 7.
pub const KEYS: &[PositionKey] = &[
    PositionKey {
        key: "hand",
        heading: "Your hand",
        syntax: "C,C,...",
        meaning: "your cards, by number 1 to 7, as 1,3,3,5,6",
    },
    PositionKey {
        key: "pile",
        heading: "The pile",
        syntax: "A+B|empty|new",
        meaning: "the pile's two spots, as 2+3 (0 for an empty spot: 0+4); empty: a turn on an \
                  empty pile (the round's first card, or after a player went out with a Seven), \
                  drawing after it; new: you just called Seven and start the new pile, drawing \
                  nothing",
    },
    PositionKey {
        key: "others",
        heading: "The others' hands",
        syntax: "N,N,...",
        meaning: "the other players in turn order, the next first (seats 2, 3, ... as play \
                  numbers them; you are seat 1): cards in hand, or out (outK: went out K-th this \
                  round)",
    },
    PositionKey {
        key: "pile-cards",
        heading: "Cards laid on this pile",
        syntax: "C,C,...",
        meaning: "every card laid on the current pile since it was started (default: the spots \
                  showing)",
    },
    PositionKey {
        key: "set-aside",
        heading: "Cards set aside since the draw pile was refilled",
        syntax: "C,C,...",
        meaning: "the cards set aside by Sevens since the draw pile was last refilled (default: \
                  none)",
    },
    PositionKey {
        key: "stuck",
        heading: "Who could not play, and on what pile",
        syntax: "K@A+B[:D],...",
        meaning: "the player K after you (1: the next, seat 2) last could not play on the pile \
                  A+B and has drawn D cards since, the penalty card included (default 1)",
    },
    PositionKey {
        key: "blocked",
        heading: "Who is blocked until this pile is set aside",
        syntax: "K,...",
        meaning: "under penalty=pile, the players (1: the next, seat 2) blocked until this pile \
                  is set aside",
    },
    PositionKey {
        key: "chips",
        heading: "Chips before this round",
        syntax: "C,C,...",
        meaning: "the chips before this round, yours first, then the others in turn order: adds \
                  each play's chance to win the game",
    },
    PositionKey {
        key: "starter",
        heading: "Who started this round",
        syntax: "you|K",
        meaning: "who started this round (K: the K-th player after you, seat K+1; default \
                  you): with the chips given, who starts the rounds after it",
    },
];

/// Guesses when `-n` is not given, times the players (a play-out's length grows with them):
/// about a second of work on one core for the most plays a hand can have, seven, on the first
/// pile of a round (measured: docs/cli.md).
const ROUND_GUESSES: u64 = 2_000_000;
/// The same when `--chips` asks for the game's values: the play-outs then play each round to
/// its end and the rest of the game once a guess.
const GAME_GUESSES: u64 = 400_000;

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
        let seed = run.seed;
        let (columns, shown) = columns(&rules, &table);
        let guesses = guesses(&rules, &table, &moves, seed, &shown);
        let raced = race(&guesses, Plan::of(run.units), &run)?;
        let rows = rows(&table, &moves, &raced, &shown);
        let notes = notes(request, &table, moves.len());
        Ok(Advice {
            game: NAME.to_string(),
            rules: options.pairs(),
            policy: None,
            position: table.understood.clone(),
            method: format!(
                "Monte Carlo: {} guesses of the hidden cards (seed {seed}), each shared by every \
                 play: {}; after the play every seat plays seven-first{}, as the lookahead \
                 assumes",
                raced.total(),
                raced.schedule(),
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
            spent: Some(Spent {
                unit: "guesses".into(),
                total: raced.total(),
                first: raced.first(),
                most: raced.most(),
                stopped_early: raced.stopped_early(),
            }),
        })
    }
}

/// The guesses of the plays `moves` from `table`, with `seed`, ranked by the values `order`.
pub(super) fn guesses<'a>(
    rules: &'a Rules,
    table: &'a Table,
    moves: &'a [Move],
    seed: u64,
    order: &'a [usize],
) -> Guesses<'a> {
    let view = table.view();
    let unseen = view.unseen();
    Guesses {
        rules,
        table,
        view,
        moves,
        unseen,
        lean: (table.game.is_none() && playout::fits(&view, &unseen))
            .then(|| Playout::from_view(&view, &unseen)),
        seed,
        order,
    }
}

/// The advice's columns and the values they show, in order: with the game, the chance to win
/// it and the chips at its end; always the chips this round and the chance to be the next out.
fn columns(rules: &Rules, table: &Table) -> (Vec<Column>, Vec<usize>) {
    let game = table.game;
    let outs = table.out.len();
    let mut columns = Vec::new();
    let mut shown = Vec::new();
    if game.is_some() {
        columns.push(Column {
            name: "p_win_game".into(),
            heading: "chance to win".into(),
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
            heading: "chips at the end".into(),
            meaning: "your chips at the end of the game".into(),
            chance: false,
        });
        shown.extend([WIN, GAME_CHIPS]);
    }
    columns.push(Column {
        name: "chips_round".into(),
        heading: "chips this round".into(),
        meaning: "the chips this round pays you".into(),
        chance: false,
    });
    columns.push(Column {
        name: "p_next_out".into(),
        heading: "chance to go out next".into(),
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
    (columns, shown)
}

/// The plays best first (the race's ranking), each with its values, what it loses against the
/// best, whether that is told apart from 0, and its remarks.
fn rows(table: &Table, moves: &[Move], raced: &Raced, shown: &[usize]) -> Vec<Row> {
    let best = raced.leader();
    let seven_first_pick = seven_first(table.pile, moves);
    raced
        .ranking()
        .into_iter()
        .map(|i| {
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
                values: shown
                    .iter()
                    .map(|&k| {
                        Some(if k == NEXT_OUT || k == WIN {
                            raced.share(i, k)
                        } else {
                            raced.mean(i, k)
                        })
                    })
                    .collect(),
                loss: Some(raced.loss(i)),
                remark: (!remarks.is_empty()).then(|| remarks.join("; ")),
                separated: (i != best).then(|| raced.separated(i)),
                playouts: Some(raced.playouts(i)),
                why: None,
            }
        })
        .collect()
}

/// The advice's notes: what the position left to guess, and a hand with one play.
fn notes(request: &AdviceRequest, table: &Table, plays: usize) -> Vec<Message> {
    let mut notes = Vec::new();
    if plays == 1 {
        notes.push("one legal play".into());
    }
    if request.position.get("set-aside").is_none() && table.draw_pile > 0 {
        notes.push(Message::settings_in(
            "no §set-aside given: cards set aside since the last refill are guessed \
                 among the hidden ones",
        ));
    }
    notes
}

#[cfg(test)]
#[path = "advise_tests.rs"]
mod tests;
