//! Games of 7 written down as records (`simulate sieben --record`, and `play sieben`): each
//! round's deal, then every turn's cards laid, the spots they cover and the card drawn
//! (`record_turn`).
//!
//! A run's games are played again here on the chunks the engine hands a run
//! (`engine::first_units`), their cards and coins drawn by the functions the run draws them with
//! (`Games::chunk_policies`, `Games::game_cards`), and played by the run's own game loop
//! (`play_game_with`), which tells the recorder each deal and turn ([`Watch`]): the first games
//! of a record are the run's first games.

use std::cell::RefCell;

use crate::engine::first_units;
use crate::games::policy::Policy;
use crate::games::review::record::{At, GameRecord, Seat, TurnRecord};

use super::deck::Counts;
use super::play::{Watch, play_game_with};
use super::policy::View;
use super::record_turn::{cards_text, play_text};
use super::round::Round;
use super::rules::{Move, Pile};
use super::sim::Games;

/// A round's deal as a record's `deal` lines, one a seat.
pub(super) fn deal_lines(table: &Round) -> Vec<TurnRecord> {
    (0..table.players())
        .map(|seat| TurnRecord {
            seat,
            cards: Some((cards_text(table.hand(seat)), At::default())),
            ..Default::default()
        })
        .collect()
}

/// The card a turn drew, from the hand `before` it, the plays `laid` and the hand `after` it.
pub(super) fn drawn(laid: &[(Pile, Move)], before: &Counts, after: &Counts) -> Option<u8> {
    let mut expected = *before;
    for (_, m) in laid {
        expected[usize::from(m.card)] -= 1;
    }
    (1..8u8).find(|&c| after[usize::from(c)] > expected[usize::from(c)])
}

/// A turn as a record writes it, from what it did: whether the seat was `blocked`, the plays
/// `laid` (each with the pile it was laid on), and the card it `drew`.
pub(super) fn turn_text(blocked: bool, laid: &[(Pile, Move)], drew: Option<u8>) -> String {
    let draw = drew.map(|c| format!("draw {c}"));
    if blocked {
        return "pass".into();
    }
    let plays: Vec<String> = laid.iter().map(|&(pile, m)| play_text(pile, m)).collect();
    match (plays.is_empty(), draw) {
        (true, Some(d)) => d,
        (true, None) => "pass".into(),
        (false, Some(d)) => format!("{} {d}", plays.join(" / ")),
        (false, None) => plays.join(" / "),
    }
}

/// A game written down as [`play_game_with`] plays it: each round's deal, then each turn from
/// the hand before it, the plays laid (which the chooser keeps in `laid`) and the hand after.
struct Writer<'a> {
    game: &'a mut GameRecord,
    laid: &'a RefCell<Vec<(Pile, Move)>>,
    /// The turn under way: its seat, whether it was blocked, and the hand it began with.
    turn: (usize, bool, Counts),
}

impl Watch for Writer<'_> {
    fn dealt(&mut self, table: &Round, playoff: bool) {
        self.game.begin_round(playoff);
        let round = self.game.rounds.last_mut().expect("a round was just begun");
        round.deals = deal_lines(table);
    }

    fn turn_begins(&mut self, table: &Round) {
        let seat = table.current();
        self.turn = (seat, table.is_blocked(seat), *table.hand(seat));
        self.laid.borrow_mut().clear();
    }

    fn turn_ends(&mut self, table: &Round) {
        let (seat, blocked, before) = self.turn;
        let laid = self.laid.borrow();
        let text = turn_text(blocked, &laid, drawn(&laid, &before, table.hand(seat)));
        let round = self.game.rounds.last_mut().expect("a turn is in a round");
        round.turns.push(TurnRecord {
            seat,
            cards: Some((text, At::default())),
            ..Default::default()
        });
    }

    fn round_ends(&mut self, _: &Round, _: &[u32]) {}
}

/// The first `count` games a run of `games` seeded with `seed` plays, as records of the game
/// `name`, the rules written as `rules`, handed to `each` one at a time.
pub(super) fn record(
    name: &str,
    games: &Games,
    rules: Vec<String>,
    (seed, count): (u64, u64),
    each: crate::games::RecordSink,
) -> crate::error::Result<()> {
    let mut table = Round::new(&games.rules, games.players);
    // As the run's `run_chunk` plays a chunk, each game written down as it is played.
    first_units(games, (seed, count), &mut |rng, units| {
        let mut policies = games.chunk_policies(rng);
        for _ in 0..units {
            let (mut cards, offset) = games.game_cards(rng);
            let policy_of = |seat: usize| games.rotation.policy_of(seat, offset);
            let mut game = GameRecord {
                game: name.into(),
                rules: rules.clone(),
                seed: Some(seed),
                seats: (0..games.players as usize)
                    .map(|s| Seat::Policy(games.policies[policy_of(s)].to_string()))
                    .collect(),
                ..Default::default()
            };
            // The run's game loop, its chooser keeping each play for the writer.
            let laid = RefCell::new(Vec::new());
            let mut choose = |seat: usize, view: &View, moves: &[Move]| {
                let i = policies[policy_of(seat)].choose(view, moves);
                laid.borrow_mut().push((view.pile, moves[i]));
                i
            };
            let writer = Writer {
                game: &mut game,
                laid: &laid,
                turn: (0, false, Counts::default()),
            };
            play_game_with(&mut table, &games.rules, &mut cards, &mut choose, writer);
            each(game)?;
        }
        Ok(())
    })
}
