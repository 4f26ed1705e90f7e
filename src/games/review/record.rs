//! The game record: one versioned text format for whole games, typed by a person who wrote
//! down each turn's throws at a real table, or written by `simulate --record` and `play
//! --record`. docs/review.md describes it for a reader; this is the parser and the writer.
//!
//! ```text
//! dicelab record 1
//! game sevens
//! rules rounds=3
//! seat 1 person Ann
//! seat 2 policy optimal
//! round 1
//! Ann: 6 5 3 4 2 2 / 5 1
//! 2: 4 4 1 6 2 3
//! ```
//!
//! A `game` line opens each game (a file holds any number); `rules` (the game's options as
//! `key=value`, the text's rules where left out), `seed` (where the game came from) and one
//! `seat` line per seat follow, a person by name or a policy by spec. Each round opens with
//! `round N` (a play-off round with `playoff N`) and holds one line per turn: who plays it (a
//! person's name or the seat's number), a colon, then the throws in order, split by `/`, each
//! throw the dice it showed (`6 5 3 4 2 2` or `653422`). A decision the throws imply is not
//! typed: a next throw means the player rolled again, the last throw of a turn that it
//! stopped. Where the rules leave a choice of dice (Sevens' `removal=subsets`), `keep` and the
//! dice kept follow the throw; where a throw's dice are divided into pairs (Solitaire Dice),
//! `pairs` and the pairs follow it (`6 5 3 4 2 pairs 6+5 4+2`). `#` starts a comment.
//!
//! A card game's turns are no throws ([`CARD_GAMES`]: 7): a round opens with one `deal WHO:
//! CARDS` line a seat, and a turn's text after the colon is kept whole for the game to read
//! (7's cards laid, the spots they cover and the card drawn). This module reads the text's
//! shape only; each game checks a record against its rules when it replays it.

use std::collections::HashMap;

use crate::error::{Error, Result};

pub use super::record_write::{HEAD, dice_text, write, write_game};

/// The version of the format this build reads and writes, the number on a record's first line.
pub const RECORD_VERSION: u32 = 1;

/// The games whose turns are cards, not throws: their turns' text is kept whole
/// ([`TurnRecord::cards`]) for the game to read, and their rounds open with `deal` lines.
pub const CARD_GAMES: &[&str] = &["sieben"];

/// Where in a record a thing was typed, for an error that points at it: 1-based, as an editor
/// counts lines and characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct At {
    /// The line.
    pub line: usize,
    /// The character in the line.
    pub column: usize,
}

/// A whole file: every game in it, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    /// The games.
    pub games: Vec<GameRecord>,
}

/// One game as played.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecord {
    /// The game's name (`sevens`).
    pub game: String,
    /// Its rule options as `key=value`, as `--rule` takes them.
    pub rules: Vec<String>,
    /// The seed the game was played from, where a program dealt it.
    pub seed: Option<u64>,
    /// The seats in order: seat 1 first.
    pub seats: Vec<Seat>,
    /// The rounds in order, play-off rounds after the regular ones.
    pub rounds: Vec<RoundRecord>,
    /// Where the `game` line is.
    pub at: At,
}

impl GameRecord {
    /// Opens the next round (a play-off round where `playoff`), numbered on from the last of
    /// its kind: what a recorder writes as a game is played.
    pub fn begin_round(&mut self, playoff: bool) {
        let number = self.rounds.iter().filter(|r| r.playoff == playoff).count() as u32 + 1;
        self.rounds.push(RoundRecord {
            playoff,
            number,
            ..Default::default()
        });
    }

    /// Where a record that stops before its game does is refused: its last turn's line (or
    /// the `game` line), column 1.
    pub fn ended_at(&self) -> At {
        let line = self
            .rounds
            .last()
            .and_then(|r| r.turns.last().map(|t| t.at))
            .unwrap_or(self.at)
            .line;
        At { line, column: 1 }
    }

    /// Refuses a round typed after the game ended, `next` being the first round the game did not
    /// play (the record named `what` in errors).
    pub fn nothing_after(&self, what: &str, next: usize) -> Result<()> {
        match self.rounds.get(next) {
            Some(extra) => Err(error_at(
                what,
                extra.at,
                "the game is over before this round: nothing more is played",
            )),
            None => Ok(()),
        }
    }

    /// The specs of the seats a policy sat in, in seat order: what the record names beside its
    /// rules (a file among them, `table:FILE`, must be refused before anything reads it).
    pub fn policy_specs(&self) -> Vec<String> {
        self.seats
            .iter()
            .filter_map(|s| match s {
                Seat::Policy(spec) => Some(spec.clone()),
                Seat::Person(_) => None,
            })
            .collect()
    }

    /// Every seat as a review names it ([`Seat::label`]).
    pub fn names(&self) -> Vec<String> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| s.label(i))
            .collect()
    }
}

/// Who sat in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person, by the name its turns are typed under.
    Person(String),
    /// A policy, by its spec as `--policy` takes it.
    Policy(String),
}

impl Seat {
    /// How a review names the seat `index` (0-based): a person by name, a policy as `seat 2
    /// (optimal)`.
    pub fn label(&self, index: usize) -> String {
        match self {
            Seat::Person(name) => name.clone(),
            Seat::Policy(spec) => format!("seat {} ({spec})", index + 1),
        }
    }
}

/// One round: its turns in the order they were played.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoundRecord {
    /// Whether it is a play-off round.
    pub playoff: bool,
    /// Its number as typed (1-based, play-off rounds counted apart).
    pub number: u32,
    /// The turns.
    pub turns: Vec<TurnRecord>,
    /// A card game's deal, one line a seat (`deal Ann: 1 3 3 5 6 7 7`), each as a turn whose
    /// [`TurnRecord::cards`] holds the cards dealt.
    pub deals: Vec<TurnRecord>,
    /// Where the `round` line is.
    pub at: At,
}

/// One turn: the seat that played it and its throws.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnRecord {
    /// The seat (0-based).
    pub seat: usize,
    /// The throws in order (none in a card game).
    pub throws: Vec<ThrowRecord>,
    /// In a card game ([`CARD_GAMES`]), the text after the colon as typed, trimmed, and where
    /// it starts: the game reads it.
    pub cards: Option<(String, At)>,
    /// Where the turn's line starts.
    pub at: At,
}

/// One throw: the dice it showed and, where the rules leave a choice, the dice kept or the
/// pairs made of them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ThrowRecord {
    /// The faces shown, in the order typed.
    pub dice: Vec<u8>,
    /// The faces kept, where typed (`keep ...`).
    pub keep: Option<Vec<u8>>,
    /// The pairs made of the faces (Solitaire Dice's division: `pairs 6+5 4+2`), where typed,
    /// and where the word `pairs` stands.
    pub pairs: Option<(Vec<[u8; 2]>, At)>,
    /// Where the throw starts.
    pub at: At,
}

/// An error at `at` in the record `what` (`record game.txt`).
pub fn error_at(what: &str, at: At, why: impl std::fmt::Display) -> Error {
    Error::input(format!(
        "{what}: line {}, column {}: {why}",
        at.line, at.column
    ))
}

/// Reads a record's text; `what` names it in errors (`record game.txt`). Only the shape is
/// checked here (every line known, numbers and dice well formed, each turn's seat known);
/// the game checks the rest when it replays the record.
pub fn parse(what: &str, text: &str) -> Result<Record> {
    let mut record = Record::default();
    parse_each(what, text, &mut |game| {
        record.games.push(game);
        Ok(())
    })?;
    Ok(record)
}

/// Reads a record's text as [`parse`] does, handing each game to `each` once it is read whole
/// (at the next `game` line, or the end) and keeping none: a file of many games is gone through
/// in the memory of one. Returns how many there were; an error of `each` ends the reading.
pub fn parse_each(
    what: &str,
    text: &str,
    each: &mut dyn FnMut(GameRecord) -> Result<()>,
) -> Result<usize> {
    let mut record = Reading {
        games: Vec::new(),
        count: 0,
    };
    let mut version_seen = false;
    // Each person's seat by name, for the game being read: a lookup, not a search of the
    // seats, so a record of many seats is read in a time its length allows.
    let mut names: HashMap<String, usize> = HashMap::new();
    // A byte-order mark (a Windows editor's) is no part of the text, as in every file read.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.split('#').next().unwrap_or("");
        let Some(first) = content.find(|c: char| !c.is_whitespace()) else {
            continue;
        };
        let at = At {
            line,
            column: column_of(content, first),
        };
        let body = content[first..].trim_end();
        if !version_seen {
            version_line(what, body, at)?;
            version_seen = true;
            continue;
        }
        let (word, rest) = split_word(body);
        let rest_at = At {
            line,
            column: at.column + (body.len() - rest.len()),
        };
        if word == "game" {
            if rest.is_empty() {
                return Err(error_at(what, at, "`game` needs the game's name"));
            }
            if let Some(done) = record.games.pop() {
                each(done)?;
            }
            record.count += 1;
            record.games.push(GameRecord {
                game: rest.to_string(),
                at,
                ..Default::default()
            });
            names.clear();
            continue;
        }
        let Some(game) = record.games.last_mut() else {
            return Err(error_at(
                what,
                at,
                "a `game NAME` line must open each game, before anything else",
            ));
        };
        game_line(what, game, &mut names, (word, rest, body), (at, rest_at))?;
    }
    if !version_seen {
        return Err(Error::input(format!(
            "{what}: empty: a record opens with `dicelab record {RECORD_VERSION}`"
        )));
    }
    let Some(last) = record.games.pop() else {
        return Err(Error::input(format!(
            "{what}: holds no game (a `game NAME` line opens each)"
        )));
    };
    each(last)?;
    Ok(record.count)
}

/// The first line of a record, `body` at `at`: `dicelab record 1`, written as this build
/// writes it (`01` or `+1` is not the version, but a typo).
fn version_line(what: &str, body: &str, at: At) -> Result<()> {
    let version = body
        .strip_prefix("dicelab record")
        .filter(|rest| rest.starts_with(char::is_whitespace))
        .map(str::trim)
        .ok_or_else(|| {
            error_at(
                what,
                at,
                format!("a record opens with `dicelab record {RECORD_VERSION}`"),
            )
        })?;
    match version.parse::<u32>() {
        Ok(RECORD_VERSION) if version == RECORD_VERSION.to_string() => Ok(()),
        _ => Err(error_at(
            what,
            at,
            format!(
                "version `{version}` is not one this dicelab reads (it reads {RECORD_VERSION})"
            ),
        )),
    }
}

/// One line of `game` after its `game` line: its first `word` and the `rest` (at `rest_at`),
/// the whole `body` (at `at`); `names` the seats of persons so far.
fn game_line(
    what: &str,
    game: &mut GameRecord,
    names: &mut HashMap<String, usize>,
    (word, rest, body): (&str, &str, &str),
    (at, rest_at): (At, At),
) -> Result<()> {
    match word {
        "rules" | "seed" if !game.rounds.is_empty() => {
            return Err(error_at(
                what,
                at,
                format!(
                    "`{word}` comes before the first round: it says how the whole game is played"
                ),
            ));
        }
        "rules" => game.rules.extend(rest.split_whitespace().map(String::from)),
        "seed" if game.seed.is_some() => {
            return Err(error_at(what, at, "a game has one `seed` line"));
        }
        "seed" => {
            game.seed = Some(
                rest.parse()
                    .map_err(|_| error_at(what, rest_at, "a seed is a whole number"))?,
            )
        }
        "seat" => parse_seat(what, game, names, rest, rest_at)?,
        "round" | "playoff" => {
            if game.seats.is_empty() {
                return Err(error_at(what, at, "the seats come before the first round"));
            }
            let number = rest
                .parse::<u32>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| {
                    error_at(
                        what,
                        rest_at,
                        format!("`{word}` needs its number, 1 or more"),
                    )
                })?;
            game.rounds.push(RoundRecord {
                playoff: word == "playoff",
                number,
                at,
                ..Default::default()
            });
        }
        "deal" if CARD_GAMES.contains(&game.game.as_str()) => {
            let deal = parse_turn(what, game, names, rest, rest_at)?;
            let Some(round) = game.rounds.last_mut() else {
                return Err(error_at(
                    what,
                    at,
                    "a `deal` line comes after a `round N` line",
                ));
            };
            if !round.turns.is_empty() {
                return Err(error_at(
                    what,
                    at,
                    "the deal comes before the round's turns",
                ));
            }
            round.deals.push(deal);
        }
        _ => {
            let turn = parse_turn(what, game, names, body, at)?;
            let Some(round) = game.rounds.last_mut() else {
                return Err(error_at(what, at, "a turn comes after a `round N` line"));
            };
            round.turns.push(turn);
        }
    }
    Ok(())
}

/// The game being read, in a list of at most one so the lines above read it as the record's
/// last game, and the games read so far.
struct Reading {
    games: Vec<GameRecord>,
    count: usize,
}

/// The 1-based column of byte `offset` of `line`.
fn column_of(line: &str, offset: usize) -> usize {
    line[..offset].chars().count() + 1
}

/// The first word of `s` and the rest, trimmed.
fn split_word(s: &str) -> (&str, &str) {
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], s[i..].trim_start()),
        None => (s, ""),
    }
}

/// `seat N person NAME` or `seat N policy SPEC`: seats numbered in order from 1.
fn parse_seat(
    what: &str,
    game: &mut GameRecord,
    names: &mut HashMap<String, usize>,
    rest: &str,
    at: At,
) -> Result<()> {
    let (number, rest) = split_word(rest);
    let expected = game.seats.len() + 1;
    if number.parse::<usize>().ok() != Some(expected) {
        return Err(error_at(
            what,
            at,
            format!("seats are numbered in order: this one is seat {expected}, not `{number}`"),
        ));
    }
    if !game.rounds.is_empty() {
        return Err(error_at(what, at, "the seats come before the first round"));
    }
    let (kind, name) = split_word(rest);
    let seat = match (kind, name) {
        (_, "") => None,
        ("person", name) => {
            let taken = names.contains_key(name);
            if name.contains(char::is_whitespace) || name.contains(':') {
                return Err(error_at(
                    what,
                    at,
                    format!("a person's name is one word without `:`, not `{name}`"),
                ));
            }
            if name.parse::<usize>().is_ok() {
                return Err(error_at(
                    what,
                    at,
                    format!("`{name}` reads as a seat number; name a person with a word"),
                ));
            }
            if taken {
                return Err(error_at(
                    what,
                    at,
                    format!("two seats are called `{name}`: a turn could not say whose it is"),
                ));
            }
            names.insert(name.to_string(), game.seats.len());
            Some(Seat::Person(name.to_string()))
        }
        ("policy", spec) => Some(Seat::Policy(spec.to_string())),
        _ => None,
    };
    let seat = seat.ok_or_else(|| {
        error_at(
            what,
            at,
            format!("write `seat {expected} person NAME` or `seat {expected} policy SPEC`"),
        )
    })?;
    game.seats.push(seat);
    Ok(())
}

/// `WHO: THROW / THROW ...`, each throw its dice and, where typed, `keep` and the dice kept.
fn parse_turn(
    what: &str,
    game: &GameRecord,
    names: &HashMap<String, usize>,
    body: &str,
    at: At,
) -> Result<TurnRecord> {
    let Some(colon) = body.find(':') else {
        let (word, _) = split_word(body);
        return Err(error_at(
            what,
            at,
            format!(
                "`{word}` is no line of a record: a turn reads `NAME: dice / dice`, else a line \
                 starts with game, rules, seed, seat, round or playoff"
            ),
        ));
    };
    let who = body[..colon].trim();
    let seat = names
        .get(who)
        .copied()
        .or_else(|| {
            who.parse::<usize>()
                .ok()
                .filter(|&n| (1..=game.seats.len()).contains(&n))
                .map(|n| n - 1)
        })
        .ok_or_else(|| {
            error_at(
                what,
                at,
                format!(
                    "`{who}` is no seat of this game: a turn starts with a person's name or a \
                     seat number, 1 to {}",
                    game.seats.len()
                ),
            )
        })?;
    if CARD_GAMES.contains(&game.game.as_str()) {
        let after = &body[colon + 1..];
        let skipped = after.len() - after.trim_start().len();
        let cards_at = At {
            line: at.line,
            column: at.column + column_of(body, colon + 1 + skipped) - 1,
        };
        return Ok(TurnRecord {
            seat,
            cards: Some((after.trim().to_string(), cards_at)),
            at,
            ..Default::default()
        });
    }
    let mut throws = Vec::new();
    let mut offset = colon + 1;
    for part in body[colon + 1..].split('/') {
        let part_at = At {
            line: at.line,
            column: at.column + column_of(body, offset + (part.len() - part.trim_start().len()))
                - 1,
        };
        throws.push(parse_throw(what, part.trim(), part_at)?);
        offset += part.len() + 1;
    }
    Ok(TurnRecord {
        seat,
        throws,
        at,
        ..Default::default()
    })
}

/// One throw: its dice, then `keep` and the kept dice, or `pairs` and the pairs, where typed.
fn parse_throw(what: &str, text: &str, at: At) -> Result<ThrowRecord> {
    if text.is_empty() {
        return Err(error_at(
            what,
            at,
            "an empty throw: type the dice it showed",
        ));
    }
    let word_at = |i: usize| At {
        line: at.line,
        column: at.column + text[..i].chars().count(),
    };
    let (shown, kept, paired) = match (text.find("keep"), text.find("pairs")) {
        (Some(_), Some(p)) => {
            return Err(error_at(
                what,
                word_at(p),
                "a throw is followed by `keep` or by `pairs`, not both",
            ));
        }
        (Some(i), None) => (&text[..i], Some((&text[i + 4..], word_at(i))), None),
        (None, Some(i)) => (&text[..i], None, Some((&text[i + 5..], word_at(i)))),
        (None, None) => (text, None, None),
    };
    let dice = faces(what, shown, at)?;
    if dice.is_empty() {
        let word = if paired.is_some() { "pairs" } else { "keep" };
        return Err(error_at(
            what,
            at,
            format!("a throw shows its dice before `{word}`"),
        ));
    }
    let keep = match kept {
        Some((k, keep_at)) => {
            // The kept faces start after the word and the spaces after it.
            let start = "keep".len() + k.chars().take_while(|c| c.is_whitespace()).count();
            let kept_at = At {
                line: keep_at.line,
                column: keep_at.column + start,
            };
            Some(faces(what, k.trim(), kept_at)?)
        }
        None => None,
    };
    let pairs = match paired {
        Some((p, pairs_at)) => Some((pairs_of(what, p, pairs_at)?, pairs_at)),
        None => None,
    };
    Ok(ThrowRecord {
        dice,
        keep,
        pairs,
        at,
    })
}

/// The pairs after `pairs`: each two faces joined by `+` (`6+5 4+2`), split by spaces.
fn pairs_of(what: &str, text: &str, at: At) -> Result<Vec<[u8; 2]>> {
    let mut pairs = Vec::new();
    let mut offset = 0;
    for part in text.split_whitespace() {
        let start = offset + text[offset..].find(part).unwrap_or(0);
        offset = start + part.len();
        let part_at = At {
            line: at.line,
            column: at.column + "pairs".len() + text[..start].chars().count(),
        };
        // Exactly one die each side of one `+`: `6+5`, never `65+` or `6+,5`.
        let one = |s: &str, skip: usize| {
            let die_at = At {
                line: part_at.line,
                column: part_at.column + skip,
            };
            (s.chars().count() == 1)
                .then(|| faces(what, s, die_at))
                .transpose()
        };
        let pair = match part.split_once('+') {
            Some((a, b)) => match (one(a, 0)?, one(b, a.chars().count() + 1)?) {
                (Some(a), Some(b)) if a.len() == 1 && b.len() == 1 => Some([a[0], b[0]]),
                _ => None,
            },
            None => None,
        };
        match pair {
            Some(pair) => pairs.push(pair),
            None => {
                return Err(error_at(
                    what,
                    part_at,
                    format!("`{part}` is no pair: a pair is two dice joined by `+`, as 6+5"),
                ));
            }
        }
    }
    if pairs.is_empty() {
        return Err(error_at(
            what,
            at,
            "`pairs` needs the pairs made, as `pairs 6+5 4+2`",
        ));
    }
    Ok(pairs)
}

/// The faces in `text`: digits 1 to 6, with or without spaces between them.
fn faces(what: &str, text: &str, at: At) -> Result<Vec<u8>> {
    let mut dice = Vec::new();
    for (i, c) in text.chars().enumerate() {
        match c {
            '1'..='6' => dice.push(c as u8 - b'0'),
            c if c.is_whitespace() || c == ',' => {}
            c => {
                return Err(error_at(
                    what,
                    At {
                        line: at.line,
                        column: at.column + i,
                    },
                    format!("`{c}` is no die: a die shows 1 to 6"),
                ));
            }
        }
    }
    Ok(dice)
}

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;
