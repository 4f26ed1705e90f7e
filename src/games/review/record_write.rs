//! The game record written: a whole record, or a game at a time for a run that records more
//! games than it could hold. [`super::record`] reads what this writes.

use std::fmt::Write;

#[cfg(test)]
use super::record::RECORD_VERSION;
use super::record::{GameRecord, Record, Seat, TurnRecord};

/// A record's text, as [`parse`](super::record::parse) reads it back: [`HEAD`], then each game's [`write_game`].
pub fn write(record: &Record) -> String {
    let mut out = HEAD.to_string();
    for game in &record.games {
        out.push_str(&write_game(game));
    }
    out
}

/// The line a record's text opens with.
pub const HEAD: &str = "dicelab record 1\n";

/// One game of a record's text, after a blank line: a record written a game at a time (a run's
/// million games) is [`HEAD`] and these in order.
pub fn write_game(game: &GameRecord) -> String {
    let mut out = String::new();
    out.push('\n');
    let _ = writeln!(out, "game {}", game.game);
    if !game.rules.is_empty() {
        let _ = writeln!(out, "rules {}", game.rules.join(" "));
    }
    if let Some(seed) = game.seed {
        let _ = writeln!(out, "seed {seed}");
    }
    for (i, seat) in game.seats.iter().enumerate() {
        let _ = match seat {
            Seat::Person(name) => writeln!(out, "seat {} person {name}", i + 1),
            Seat::Policy(spec) => writeln!(out, "seat {} policy {spec}", i + 1),
        };
    }
    for round in &game.rounds {
        let word = if round.playoff { "playoff" } else { "round" };
        let _ = writeln!(out, "{word} {}", round.number);
        let who = |turn: &TurnRecord| match &game.seats[turn.seat] {
            Seat::Person(name) => name.clone(),
            Seat::Policy(_) => (turn.seat + 1).to_string(),
        };
        for deal in &round.deals {
            let cards = deal.cards.as_ref().map_or("", |c| c.0.as_str());
            let _ = writeln!(out, "deal {}: {cards}", who(deal));
        }
        for turn in &round.turns {
            let who = who(turn);
            if let Some((cards, _)) = &turn.cards {
                let _ = writeln!(out, "{who}: {cards}");
                continue;
            }
            let throws: Vec<String> = turn
                .throws
                .iter()
                .map(|t| {
                    let mut s = dice_text(&t.dice);
                    if let Some(keep) = &t.keep {
                        s.push_str(" keep");
                        if !keep.is_empty() {
                            let _ = write!(s, " {}", dice_text(keep));
                        }
                    }
                    if let Some((pairs, _)) = &t.pairs {
                        s.push_str(" pairs");
                        for [a, b] in pairs {
                            let _ = write!(s, " {a}+{b}");
                        }
                    }
                    s
                })
                .collect();
            let open = if turn.open { " /" } else { "" };
            let _ = writeln!(out, "{who}: {}{open}", throws.join(" / "));
        }
    }
    out
}

#[cfg(test)]
#[test]
fn the_head_is_this_versions() {
    assert_eq!(HEAD, format!("dicelab record {RECORD_VERSION}\n"));
}

/// Faces as a record writes them: `6 5 3`.
pub fn dice_text(dice: &[u8]) -> String {
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}
