//! A record's text read: a game at a time, its lines' shape checked with their line and
//! column ([`super::record`] holds what is read, [`super::record_write`] writes it back).

use std::collections::HashMap;

use crate::error::{Error, Result};

use super::RecordKind;
use super::record::{
    At, GameRecord, RECORD_VERSION, Record, RoundRecord, Seat, ThrowRecord, TurnRecord, error_at,
};

/// How each game's turns are written, by the game's name: what the registry's reviewers say
/// (`ops::record_kind`). A card game's turns' text is kept whole ([`TurnRecord::cards`]) for
/// the game to read, and its rounds open with `deal` lines.
pub type Kinds<'a> = &'a dyn Fn(&str) -> RecordKind;

/// Reads a record's text; `what` names it in errors (`record game.txt`). Only the shape is
/// checked here (every line known, numbers and dice well formed, each turn's seat known);
/// the game checks the rest when it replays the record.
/// `kinds` says how each game's turns are written.
pub fn parse(what: &str, text: &str, kinds: Kinds) -> Result<Record> {
    let mut record = Record::default();
    parse_each(what, text, kinds, &mut |game| {
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
    kinds: Kinds,
    each: &mut dyn FnMut(GameRecord) -> Result<()>,
) -> Result<usize> {
    let mut record = Reading {
        games: Vec::new(),
        count: 0,
    };
    let mut version_seen = false;
    let mut names = Names::default();
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
                nothing_after_open(what, &done, at)?;
                each(done)?;
            }
            record.count += 1;
            record.games.push(GameRecord {
                game: rest.to_string(),
                at,
                ..Default::default()
            });
            names = Names {
                kind: kinds(rest),
                ..Names::default()
            };
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
    names: &mut Names,
    (word, rest, body): (&str, &str, &str),
    (at, rest_at): (At, At),
) -> Result<()> {
    nothing_after_open(what, game, at)?;
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
        "deal" if names.kind == RecordKind::Cards => {
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

/// The game being read's persons, each seat by name (a lookup, not a search of the seats, so a
/// record of many seats is read in a time its length allows), and how its turns are written.
#[derive(Default)]
struct Names {
    seats: HashMap<String, usize>,
    kind: RecordKind,
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
    names: &mut Names,
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
            let taken = names.seats.contains_key(name);
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
            names.seats.insert(name.to_string(), game.seats.len());
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

/// Refuses a line at `at` after a turn of `game` that goes on: that turn is where the record
/// stops (another game after it too), so what follows is a slip.
fn nothing_after_open(what: &str, game: &GameRecord, at: At) -> Result<()> {
    match game
        .rounds
        .last()
        .and_then(|r| r.turns.last())
        .filter(|t| t.open)
    {
        Some(open) => Err(error_at(
            what,
            at,
            format!(
                "the turn on line {} goes on (its line ends in `/`), so the record stops there: \
                 type its next throw on that line, or take the `/` away",
                open.at.line
            ),
        )),
        None => Ok(()),
    }
}

/// `WHO: THROW / THROW ...`, each throw its dice and, where typed, `keep` and the dice kept.
fn parse_turn(
    what: &str,
    game: &GameRecord,
    names: &Names,
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
        .seats
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
    if names.kind == RecordKind::Cards {
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
    // A `/` ending the line: the turn goes on, its next throw not yet played.
    let typed = body[colon + 1..].trim_end();
    let (typed, open) = match typed.strip_suffix('/') {
        Some(rest) if !rest.trim().is_empty() => (rest, true),
        _ => (typed, false),
    };
    for part in typed.split('/') {
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
        open,
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
