//! The documents the web app's pages read, made here once for both places a page computes:
//! `dicelab serve`'s JSON API and the page's own WebAssembly module. The listing of the games
//! ([`games_listing`]), a Play request read from its JSON ([`PlayBody`]) and the game it plays
//! ([`play_document`]): the same request gives the same bytes from either, so a page reads the
//! same words wherever its answer was computed.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::error::{Error, Page, Result, one_line};
use crate::games::options::Values;
use crate::games::review::record::{self, Record};
use crate::games::session::PlayRequest;
use crate::games::{self, Game};
use crate::report::advice::Advised;
use crate::report::shown::Shown;

use super::play::{Asks, Replayed, replay};

/// Every game, its rule options (with the values each takes) and, where it can advise, the keys
/// of its positions; where it can be played, its seats. What a page draws its menus and forms
/// from, so no game's settings are written again in JavaScript.
pub fn games_listing() -> Value {
    let list: Vec<Value> = games::all()
        .into_iter()
        .map(|game| {
            let options: Vec<Value> = game
                .options()
                .iter()
                .map(|o| {
                    let mut option = json!({
                        "key": o.key,
                        "default": o.default,
                        "meaning": o.meaning,
                        "expected": o.values.expected(),
                    });
                    match o.values {
                        Values::OneOf(names) => option["choices"] = json!(names),
                        Values::Whole { min, max } => {
                            option["min"] = json!(min);
                            option["max"] = json!(max);
                        }
                        _ => {}
                    }
                    option
                })
                .collect();
            let keys: Option<Vec<Value>> = game.advisor().map(|a| {
                a.keys()
                    .iter()
                    .map(|k| json!({ "key": k.key, "heading": k.heading, "syntax": k.syntax, "meaning": k.meaning }))
                    .collect()
            });
            let players = game.players();
            json!({
                "name": game.name(),
                "title": game.title(),
                "about": game.about(),
                "players": { "min": players.min, "max": players.max },
                "options": options,
                "advise": keys,
                "play": game.playable().map(|p| {
                    let (min, max, default) = p.players();
                    json!({ "min": min, "max": max, "default": default })
                }),
                // What its records' throws show, for a page to draw: dice, or 7's cards.
                "faces": match game.reviewer().map(|r| r.kind()) {
                    Some(crate::games::review::RecordKind::Cards) => "cards",
                    _ => "dice",
                },
                // Followed at the table by the scoresheet: a game of dice, whose throws are
                // all a table sees (7's hidden hands are not).
                "sheet": game.reviewer().is_some_and(|r| {
                    r.kind() == crate::games::review::RecordKind::Throws
                }),
            })
        })
        .collect();
    Value::Array(list)
}

/// A request's JSON body, an object, read into `T`: refused in one line naming the field that
/// is wrong (`moves[1]: invalid value ...`, `colour: unknown field ...`), or `body: ...` when
/// the whole is not an object.
pub fn json_body<T: DeserializeOwned>(text: &str) -> Result<T> {
    // A JSON object (serde would take a struct from a list too, field by field in order).
    let value: Value = match serde_json::from_str(text) {
        Ok(value @ Value::Object(_)) => value,
        Ok(_) => return Err(Error::input("body: expected a JSON object")),
        Err(e) => return Err(Error::input(format!("body: {}", one_line(&e.to_string())))),
    };
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let at = if path == "." { "body" } else { path.as_str() };
        Error::input(format!("{at}: {}", in_words(e.inner())))
    })
}

/// A body's error in a person's words rather than Rust's types: serde says what it expected as
/// the field's type (`u8`, `a sequence`), which a page's author reads as a number or a list.
fn in_words(error: &serde_json::Error) -> String {
    const WORDS: [(&str, &str); 6] = [
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected u32", "expected a whole number"),
        ("expected u64", "expected a whole number"),
        ("expected a sequence", "expected a list"),
        ("expected a string", "expected text"),
        ("expected a boolean", "expected true or false"),
    ];
    let mut why = one_line(&error.to_string());
    for (said, meant) in WORDS {
        why = why.replace(said, meant);
    }
    why
}

/// A Play request's body, as the Play page sends it: the person's `moves` so far (each an index
/// into its decision's actions), and optionally the game's `seed` (a fresh one where none),
/// `players`, `rules` and `policies`, and whether to add the `coach` on the last move and the
/// `advice` on the next; any other key is refused by name.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlayBody {
    seed: Option<u64>,
    players: Option<u32>,
    rules: Vec<String>,
    policies: Vec<String>,
    moves: Vec<u8>,
    coach: bool,
    advice: bool,
}

/// A Play request, read: the game it deals and what to add to the answer.
#[derive(Debug)]
pub struct PlayAsked {
    /// The game's seed, players, rules and seats.
    pub request: PlayRequest,
    /// The person's moves so far, each an index into its decision's actions.
    pub moves: Vec<usize>,
    /// Whether to add the coach on the last move and the advice on the next.
    pub asks: Asks,
}

impl PlayBody {
    /// The game it asks for, dealt with `fresh` where it names no seed (a caller's own source
    /// of a seed: the clock on a server, the browser's random numbers in a page).
    pub fn asked(self, fresh: impl FnOnce() -> u64) -> PlayAsked {
        PlayAsked {
            request: PlayRequest {
                seed: self.seed.unwrap_or_else(fresh),
                players: self.players,
                rules: self.rules,
                policies: self.policies,
                ..PlayRequest::default()
            },
            moves: self.moves.into_iter().map(usize::from).collect(),
            asks: Asks {
                coach: self.coach,
                advice: self.advice,
            },
        }
    }

    /// The rules and seats it names, to check before anything is played (none may name a file
    /// on a server).
    pub fn settings(&self) -> (&[String], &[String]) {
        (&self.rules, &self.policies)
    }
}

/// The game `asked` plays, up to the person's next decision, as the Play page reads it (see
/// [`replayed_json`]).
pub fn play_document(game: &dyn Game, asked: &PlayAsked) -> Result<String> {
    let replayed = replay(game, &asked.request, &asked.moves, asked.asks)?;
    Ok(replayed_json(
        game.name(),
        asked.request.seed,
        asked.moves.len(),
        &replayed,
    )
    .to_string())
}

/// A replayed game as the Play page reads it: what happened, the decision and its actions,
/// the coach on the last move (its line as `dicelab play` says it) and the advice (in the page's words, [`Page`]) where asked, and
/// the record so far. What is not there (no decision once over, no coach or advice unasked)
/// is null.
pub fn replayed_json(game: &str, seed: u64, moves: usize, replayed: &Replayed) -> Value {
    let decision = replayed
        .decision
        .as_ref()
        .map(|d| json!({ "prompt": d.prompt, "actions": d.actions, "table": d.table }));
    let last = replayed.last.as_ref().map(|(name, cost)| {
        json!({
            "action": name,
            "best": cost.best,
            "loss": cost.loss.value.max(0.0),
            "ci95": cost.loss.ci95.map(|(lo, hi)| [lo, hi]),
            "unit": cost.unit,
            "mistake": cost.mistake,
            "line": cost.line(name),
        })
    });
    let advice = replayed.advice.as_ref().map(|advice| {
        let text = Advised {
            advice,
            names: &Page,
        }
        .json();
        serde_json::from_str::<Value>(&text).unwrap_or(Value::Null)
    });
    let record = replayed.record.as_ref().map(|g| {
        record::write(&Record {
            games: vec![g.clone()],
        })
    });
    json!({
        "game": game,
        "seed": seed,
        "moves": moves,
        "log": replayed.log,
        "decision": decision,
        "over": replayed.decision.is_none(),
        "result": replayed.result,
        "last": last,
        "advice": advice,
        "record": record,
    })
}
