//! The scoresheet: a game at a real table followed as it is played, a throw at a time. The page
//! keeps the game's record (the text `play --record` writes) and sends it with each step; the
//! step is added to the record here, checked against the rules by replaying it (the review's
//! own replay), and the answer is the new record with the review of the game so far: each
//! player's chance now, the luck and the decisions so far, and what the game expects next
//! (`next`: who throws, how many dice, a decision still to make and its position for the coach).
//!
//! So nothing of the rules is in the page: which seat throws, how many dice, whether a turn may
//! go on, where the sevens go, all come from the replay. A Sevens throw is added as a turn that
//! goes on (its line ending in `/`) wherever the rules let it, so the chance shown is the one
//! after the throw with best play from it, before the player decides; `stop` ends the turn.

use serde::Deserialize;
use serde_json::json;

use crate::error::{Error, Result};
use crate::games::review::record::{self, GameRecord, Record, Seat, ThrowRecord, TurnRecord};
use crate::games::review::{GameReview, Next};
use crate::report::review::game_document;

use super::review::{checked_game, read_record, review_estimates, review_game_with, turns_go_on};
use super::web::json_body;
use crate::engine::RunConfig;

/// A game to start: its name, the players (a word each) and the rule options.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetStart {
    /// The game's name (`sevens`).
    pub game: String,
    /// The players in seat order, each named by one word.
    pub seats: Vec<String>,
    /// Rule options as `key=value`.
    #[serde(default)]
    pub rules: Vec<String>,
}

/// One step of a game followed at the table: start it, or to its record (the text the page
/// keeps) add a throw (the faces shown, and where the rules leave a choice the dice kept or the
/// pairs made) or end the turn under way.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetStep {
    /// The game so far, as its record's text.
    #[serde(default)]
    pub record: Option<String>,
    /// A game to start, in place of a record.
    #[serde(default)]
    pub start: Option<SheetStart>,
    /// The faces a throw showed.
    #[serde(default)]
    pub throw: Option<Vec<u8>>,
    /// The dice kept, where the rules leave a choice (Sevens under `removal=subsets`).
    #[serde(default)]
    pub keep: Option<Vec<u8>>,
    /// The pairs made of the dice (Solitaire Dice).
    #[serde(default)]
    pub pairs: Option<Vec<[u8; 2]>>,
    /// The turn under way ends: the player stops.
    #[serde(default)]
    pub stop: bool,
}

/// The answer to `body`, a [`SheetStep`] as JSON: `{"record": TEXT, "game": REVIEW}`, the
/// record with the step added and the review of the game so far (one game of `dicelab review
/// --format json`'s document, with `finished`, `stops` and `next`). A step the rules refuse is
/// an error naming why, in the game's words, and changes nothing. `run` sizes, seeds and
/// threads the play-outs of an estimated review (Solitaire Dice), as `review`'s flags do.
pub fn sheet(body: &str, run: &RunConfig<Option<u64>>) -> Result<String> {
    let step: SheetStep = json_body(body)?;
    let given = [
        step.throw.is_some() || step.keep.is_some() || step.pairs.is_some(),
        step.stop,
        step.start.is_some(),
    ];
    if given.iter().filter(|g| **g).count() > 1 {
        return Err(Error::input(
            "a step is one thing: `start`, a `throw` (with its `keep` or `pairs`), or `stop`",
        ));
    }
    let game = match (&step.start, &step.record) {
        (Some(start), None) => started(start)?,
        (None, Some(text)) => {
            let mut game = one_game(text)?;
            // What comes next is the record's shape alone: an estimated game is only checked.
            let review = if review_estimates(&game.game) {
                checked_game("record", &game).map_err(plainly)?
            } else {
                reviewed(&game, run)?
            };
            added(&mut game, &step, review.next.as_ref())?;
            game
        }
        _ => {
            return Err(Error::input(
                "a step gives `start` (a new game) or `record` (the game so far), one of them",
            ));
        }
    };
    let mut game = game;
    let review = settled(&mut game, step.stop, run)?;
    Ok(json!({
        "record": record::write(&Record { games: vec![review.0] }),
        "game": game_document(&review.1),
    })
    .to_string())
}

/// The record as given: the one game its text holds.
fn one_game(text: &str) -> Result<GameRecord> {
    let mut record = read_record("record", text)?;
    match record.games.len() {
        1 => Ok(record.games.remove(0)),
        n => Err(Error::input(format!(
            "record: a scoresheet follows one game, and this record holds {n}"
        ))),
    }
}

/// A new game's record: its name, rules and players, nothing played.
fn started(start: &SheetStart) -> Result<GameRecord> {
    let mut seen = std::collections::BTreeSet::new();
    for name in &start.seats {
        // As a record reads a name back: no space, `:` or `#` (a comment), and no number
        // (which names a seat by its place).
        let word = !name.is_empty() && !name.chars().any(|c| c.is_whitespace() || ":#".contains(c));
        if !word || name.parse::<usize>().is_ok() {
            return Err(Error::input(format!(
                "start.seats: `{name}` is no player's name: one word (no `:` or `#`), not a \
                 number"
            )));
        }
        if !seen.insert(name) {
            return Err(Error::input(format!(
                "start.seats: `{name}` twice: each player by a name of their own"
            )));
        }
    }
    Ok(GameRecord {
        game: start.game.clone(),
        rules: start.rules.clone(),
        seats: start.seats.iter().cloned().map(Seat::Person).collect(),
        ..GameRecord::default()
    })
}

/// The review of `game` as it stands, its errors in the game's words.
fn reviewed(game: &GameRecord, run: &RunConfig<Option<u64>>) -> Result<GameReview> {
    review_game_with("record", game, run).map_err(plainly)
}

/// An error of the replay without where in the text it is (`record: line 9, column 6: `): the
/// page's player typed no text.
fn plainly(e: Error) -> Error {
    let text = e.to_string();
    let why = text
        .strip_prefix("record: line ")
        .and_then(|rest| rest.split_once(": "))
        .map_or(text.as_str(), |(_, why)| why);
    Error::input(why.to_string())
}

/// `step` added to `game`, whose review says what comes `next`.
fn added(game: &mut GameRecord, step: &SheetStep, next: Option<&Next>) -> Result<()> {
    let Some(next) = next else {
        return Err(Error::input("the game is over: nothing more is played"));
    };
    if step.stop && !next.choices.is_empty() {
        return Err(Error::input(
            "a choice comes first: one of the choices the throw leaves",
        ));
    }
    if step.stop {
        let open = game.rounds.last_mut().and_then(|r| r.turns.last_mut());
        return match open.filter(|t| t.open && next.deciding) {
            Some(turn) => {
                turn.open = false;
                Ok(())
            }
            None => Err(Error::input(
                "no turn is under way to stop: a throw comes next",
            )),
        };
    }
    if let Some(first) = next.choices.first() {
        let turn = game
            .rounds
            .last_mut()
            .and_then(|r| r.turns.last_mut())
            .expect("a choice follows a throw");
        let throw = turn.throws.last_mut().expect("a choice follows a throw");
        if first.keep.is_empty() {
            // A roll shown and not yet divided: the step is its division.
            let (Some(pairs), None) = (&step.pairs, &step.throw) else {
                return Err(Error::input(
                    "the roll is shown and not yet divided: the step is its `pairs`, as one of \
                     the choices",
                ));
            };
            turn.open = false;
            throw.pairs = Some((pairs.clone(), record::At::default()));
        } else {
            // A throw that leaves a choice of dice (removal=subsets): the step is the dice kept;
            // the turn then goes on to its decision where the rules let it.
            let (Some(keep), None) = (&step.keep, &step.throw) else {
                return Err(Error::input(
                    "the throw leaves a choice of dice: the step is the dice kept (`keep`), as \
                     one of the choices",
                ));
            };
            throw.keep = Some(keep.clone());
        }
        return Ok(());
    }
    let Some(faces) = &step.throw else {
        return Err(Error::input(
            "a step gives `throw` (the faces shown) or `stop`",
        ));
    };
    if let Some(bad) = faces.iter().find(|f| !(1..=6).contains(*f)) {
        return Err(Error::input(format!(
            "throw: {bad} is no die: a die shows 1 to 6"
        )));
    }
    let name = match &game.seats[next.seat] {
        Seat::Person(name) => name.clone(),
        Seat::Policy(_) => format!("seat {}", next.seat + 1),
    };
    if faces.len() != usize::from(next.dice) {
        return Err(Error::input(format!(
            "{name} throws {} dice here, and {} are given",
            next.dice,
            faces.len()
        )));
    }
    let throw = ThrowRecord {
        dice: faces.clone(),
        keep: step.keep.clone(),
        pairs: step.pairs.clone().map(|p| (p, record::At::default())),
        ..ThrowRecord::default()
    };
    if next.deciding {
        let turn = game
            .rounds
            .last_mut()
            .and_then(|r| r.turns.last_mut())
            .expect("a decision follows a throw");
        turn.open = false;
        turn.throws.push(throw);
        return Ok(());
    }
    let playoff = next.round.starts_with("play-off");
    let label = |r: &record::RoundRecord| {
        let word = if r.playoff { "play-off" } else { "round" };
        format!("{word} {}", r.number)
    };
    if game.rounds.last().is_none_or(|r| label(r) != next.round) {
        game.begin_round(playoff);
    }
    let round = game.rounds.last_mut().expect("a round begun");
    // A roll of Solitaire Dice without its pairs is shown, its division to come.
    let undivided = game.game == SOLITAIRE && step.pairs.is_none();
    round.turns.push(TurnRecord {
        seat: next.seat,
        throws: vec![throw],
        open: undivided,
        ..TurnRecord::default()
    });
    Ok(())
}

/// The game whose rolls are divided once shown, and whose seats share a round's roll.
const SOLITAIRE: &str = crate::games::solitaire_dice::NAME;

/// The record settled and reviewed: a throw just added left as a turn that goes on wherever
/// the rules let it (the player has not decided; `stopped`: the step ended the turn).
fn settled(
    game: &mut GameRecord,
    stopped: bool,
    run: &RunConfig<Option<u64>>,
) -> Result<(GameRecord, GameReview)> {
    if game.game == SOLITAIRE {
        return divided(game, run);
    }
    let goes_on = !stopped && turns_go_on(&game.game);
    let last = game.rounds.last_mut().and_then(|r| r.turns.last_mut());
    if let Some(turn) = last.filter(|t| goes_on && !t.throws.is_empty()) {
        turn.open = true;
        // Where the rules end the turn with this throw, the replay refuses it going on: the
        // turn is then over (the error is the closed turn's, if that is refused too).
        if let Ok(open) = review_game_with("record", game, run) {
            return Ok((game.clone(), open));
        }
        let turn = game.rounds.last_mut().and_then(|r| r.turns.last_mut());
        turn.expect("the turn just opened").open = false;
    }
    let review = reviewed(game, run)?;
    Ok((game.clone(), review))
}

/// A game of Solitaire Dice settled: a roll shown with one division only divided at once (its
/// `/` taken off), and a roll the round's earlier seats divided shown to the next seat at
/// once (the seats share it), so that what comes next is a division or a new roll; then
/// reviewed.
fn divided(
    game: &mut GameRecord,
    run: &RunConfig<Option<u64>>,
) -> Result<(GameRecord, GameReview)> {
    loop {
        let shape = checked_game("record", game).map_err(plainly)?;
        let last = game.rounds.last_mut().and_then(|r| r.turns.last_mut());
        match (shape.next, last) {
            (Some(next), Some(turn)) if turn.open && next.choices.is_empty() => {
                turn.open = false;
            }
            (Some(next), _) if !next.given.is_empty() && !next.deciding => {
                let round = game.rounds.last_mut().expect("a round under way");
                round.turns.push(TurnRecord {
                    seat: next.seat,
                    throws: vec![ThrowRecord {
                        dice: next.given.clone(),
                        ..ThrowRecord::default()
                    }],
                    open: true,
                    ..TurnRecord::default()
                });
            }
            _ => break,
        }
    }
    let review = reviewed(game, run)?;
    Ok((game.clone(), review))
}

/// The review's game as a value, for the tests.
#[cfg(test)]
fn document(answer: &str) -> serde_json::Value {
    serde_json::from_str(answer).unwrap()
}

#[cfg(test)]
#[path = "sheet_tests.rs"]
mod tests;
