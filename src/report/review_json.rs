//! A review as JSON (`review --format json`, the API's and the page's document): each game
//! with its players' accounts and moments, the figures as the text prints them beside the
//! numbers (`shown`), so a front end writes no figure of its own.

use super::*;

/// Game `index` (0-based) of the JSON document, with what separates it from the one before.
pub fn json_game(r: &GameReview, index: usize) -> String {
    let game = game_json(r);
    let game = serde_json::to_string_pretty(&game).expect("a JSON value always serialises");
    let mut text = String::from(if index == 0 { "\n" } else { ",\n" });
    // A JSON string holds no raw line break, so every line is the document's.
    for (j, line) in game.lines().enumerate() {
        if j > 0 {
            text.push('\n');
        }
        text.push_str("    ");
        text.push_str(line);
    }
    text
}

/// How the JSON document of `games` reviews closes.
pub fn json_close(games: usize) -> &'static str {
    if games == 0 { "]\n}\n" } else { "\n  ]\n}\n" }
}

/// A player's accounts as the text writes them, for a page to show as they are (so no page
/// writes a number of the review again): the start, the luck, the cost (with its interval where
/// estimated), the gifts, the result, and the loss per decision with its band (null without a
/// decision).
fn ledger_shown(unit: Unit, finished: bool, p: &Ledger) -> serde_json::Value {
    json!({
        "start": value(unit, p.start),
        "luck": change(unit, p.luck),
        "cost": spent(unit, p),
        "gifts": change(unit, p.gifts),
        "result": result_word(unit, finished, p.result),
        "per_decision": per_decision(unit, p),
    })
}

/// A moment as the text writes it: a throw's luck to its player, a decision's loss against the
/// best (with its interval and whether within noise, where estimated).
fn moment_shown(unit: Unit, m: &Moment) -> serde_json::Value {
    match &m.event {
        Event::Throw { before, after, .. } => {
            json!({ "luck": change(unit, after[m.seat] - before[m.seat]) })
        }
        Event::Decision { .. } => json!({ "loss": loss_words(m) }),
    }
}

/// One reviewed game as JSON, as a game of the review's document: for a page following one game
/// (the scoresheet).
pub fn game_document(r: &GameReview) -> serde_json::Value {
    game_json(r)
}

/// One reviewed game as JSON: its rules, seats, accounts and every moment; each with what the
/// text shows of it (`shown`), for a page.
pub(super) fn game_json(r: &GameReview) -> serde_json::Value {
    let moments: Vec<serde_json::Value> = r
        .moments
        .iter()
        .map(|m| {
            let mut v = serde_json::to_value(m).expect("a moment serialises");
            v["line"] = json!(m.at.line);
            if let Some((loss, points)) = m.loss() {
                v["loss"] = json!(loss);
                v["loss_points"] = json!(points);
                v["mark"] = json!(m.mark());
                v["why"] = json!(m.why());
            }
            v["shown"] = moment_shown(r.unit, m);
            v
        })
        .collect();
    let players: Vec<serde_json::Value> = r
        .players
        .iter()
        .map(|p| {
            let mut v = serde_json::to_value(p).expect("a ledger serialises");
            v["shown"] = ledger_shown(r.unit, r.finished, p);
            v
        })
        .collect();
    let mut game = json!({
        "game": r.game,
        "rules": r.rules,
        "seats": r.seats,
        "method": r.method,
        "finished": r.finished,
        "players": players,
        "moments": moments,
    });
    // Only an estimated review says so: an exact review's document stays as it was.
    if r.estimated.is_some() {
        game["unit"] = json!(r.unit);
        game["estimated"] = json!(r.estimated);
    }
    if let Some(stops) = &r.stops {
        game["stops"] = json!(stops);
        game["shown"] = json!({ "unfinished": unfinished_words(r) });
    }
    if r.estimated.is_some() {
        game["shown"]["method"] = json!(method_words(&r.method));
    }
    if let Some(next) = &r.next {
        let advise: serde_json::Map<String, serde_json::Value> = next
            .advise
            .iter()
            .map(|(k, v)| (k.clone(), json!(v)))
            .collect();
        game["next"] = json!({
            "seat": next.seat,
            "name": r.seats[next.seat],
            "round": next.round,
            "throw": next.throw,
            "dice": next.dice,
            "deciding": next.deciding,
            "advise": advise,
        });
        if !next.choices.is_empty() {
            game["next"]["choices"] = json!(next.choices);
        }
        if !next.given.is_empty() {
            game["next"]["given"] = json!(next.given);
        }
        if !next.shows.is_empty() {
            game["next"]["shows"] = json!(next.shows);
        }
    }
    game
}

/// An estimated review's method as a player reads it: without the aside naming the command
/// line's flag, alone (` (-n)`) or with the race's schedule (` (-n; 4 each, then more ...)`),
/// which a page has no flag for.
pub(super) fn method_words(method: &str) -> String {
    let Some((before, rest)) = method.split_once(" (-n") else {
        return method.to_string();
    };
    if !(rest.starts_with(')') || rest.starts_with("; ")) {
        return method.to_string();
    }
    match rest.split_once(')') {
        Some((_, after)) => format!("{before}{after}"),
        None => method.to_string(),
    }
}
