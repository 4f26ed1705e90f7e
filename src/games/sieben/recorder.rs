//! Games of 7 written down as records (`simulate sieben --record`, and `play sieben`): each
//! round's deal, then every turn's cards laid, the spots they cover and the card drawn
//! (`record_turn`).
//!
//! A run's games are played again here with their cards and coins drawn exactly as
//! [`super::sim`] draws them (a chunk's coins seed its policies, one word a game seeds its cards
//! and seats the policies), turn by turn on the same table, so the first games of a record are
//! the run's first games; a test holds the two to the same chips.

use crate::engine::{ChunkRng, first_units};
use crate::games::policy::Policy;
use crate::games::review::record::{At, GameRecord, Seat, TurnRecord};

use super::deck::Counts;
use super::policy::View;
use super::record_turn::{cards_text, play_text};
use super::round::{Round, SEATS};
use super::rules::{Move, Pile, Rules};
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

/// One game as [`super::play::play_game_with`] plays it, every seat asking `choose(seat, view,
/// moves)`, on `cards`, written down.
fn record_game<F>(
    rules: &Rules,
    game: &mut GameRecord,
    table: &mut Round,
    cards: &mut ChunkRng,
    choose: &mut F,
) where
    F: FnMut(usize, &View, &[Move]) -> usize,
{
    let n = table.players();
    let players = n as u32;
    let limited = rules.pool_limited(players);
    let mut chips = [0u32; SEATS];
    let mut pool = rules.chips;
    let mut rounds = 0;
    while let Some(playoff) = rules.next_round(&chips[..n], rounds) {
        let first = rules.starter(rounds, n);
        let pay = rules.round_chips(players, (limited && !playoff).then_some(pool));
        table.set_pay(&pay[..n]);
        table.deal(first, cards);
        game.begin_round(playoff);
        let round = game.rounds.last_mut().expect("a round was just begun");
        round.deals = deal_lines(table);
        while !table.is_over() {
            let p = table.current();
            let blocked = table.is_blocked(p);
            let before = *table.hand(p);
            let mut laid: Vec<(Pile, Move)> = Vec::new();
            let mut keeping = |seat: usize, view: &View, moves: &[Move]| {
                let i = choose(seat, view, moves);
                laid.push((view.pile, moves[i]));
                i
            };
            table.turn(rules, cards, &mut keeping);
            round.turns.push(TurnRecord {
                seat: p,
                cards: Some((
                    turn_text(blocked, &laid, drawn(&laid, &before, table.hand(p))),
                    At::default(),
                )),
                ..Default::default()
            });
        }
        for (place, &seat) in table.finishing_order().iter().enumerate() {
            chips[usize::from(seat)] += pay[place];
        }
        if limited && !playoff {
            pool -= pay[..n].iter().sum::<u32>();
        }
        rounds += 1;
    }
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
            let mut choose = |seat: usize, view: &View, moves: &[Move]| {
                policies[policy_of(seat)].choose(view, moves)
            };
            record_game(&games.rules, &mut game, &mut table, &mut cards, &mut choose);
            each(game)?;
        }
        Ok(())
    })
}
