//! The Play and Review pages' API: a game against the built-in players, replayed from its seed
//! and moves at every request (`ops::replay`, so the server keeps no game between requests),
//! and a game record reviewed, exactly as `dicelab review --format json` reviews it.

use std::sync::Arc;

use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::games::review::record::{self, Record};
use crate::games::session::{PlayRequest, fresh_seed};
use crate::ops::{self, Asks, Replayed};
use crate::report::advice::Advised;
use crate::report::print::Style;
use crate::report::review::Reviewed;
use crate::report::shown::{Format, render};

use super::request::{
    Body, Page, Refusal, body_text, computed, game_named, no_files, one_core, query, refused,
};
use super::server::Server;

/// The most games one review request may hold.
const MAX_GAMES: usize = 20;

/// The most games valued by play-outs (Solitaire Dice, 7) one review request may hold: each
/// takes several seconds on the one core a request gets, and the request holds it to the end.
const MAX_ESTIMATED: usize = 2;

/// A Play request's body, as the Play page sends it: the person's `moves` so far (each an index
/// into its decision's actions), and optionally the game's `seed` (a fresh one where none),
/// `players`, `rules` and `policies`, and whether to add the `coach` on the last move and the
/// `advice` on the next; any other key is refused by name.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(super) struct PlayBody {
    seed: Option<u64>,
    players: Option<u32>,
    rules: Vec<String>,
    policies: Vec<String>,
    moves: Vec<u8>,
    coach: bool,
    advice: bool,
}

impl PlayBody {
    /// The game it asks for, its moves and what to add.
    fn asked(self) -> (PlayRequest, Vec<usize>, Asks) {
        let request = PlayRequest {
            seed: self.seed.unwrap_or_else(fresh_seed),
            players: self.players,
            rules: self.rules,
            policies: self.policies,
            ..PlayRequest::default()
        };
        let asks = Asks {
            coach: self.coach,
            advice: self.advice,
        };
        (
            request,
            self.moves.into_iter().map(usize::from).collect(),
            asks,
        )
    }
}

/// A replayed game as the Play page reads it.
fn replayed_json(game: &str, seed: u64, moves: usize, replayed: &Replayed) -> Value {
    let decision = replayed
        .decision
        .as_ref()
        .map(|d| json!({ "prompt": d.prompt, "actions": d.actions }));
    let last = replayed.last.as_ref().map(|(name, cost)| {
        json!({
            "action": name,
            "best": cost.best,
            "loss": cost.loss.value.max(0.0),
            "ci95": cost.loss.ci95.map(|(lo, hi)| [lo, hi]),
            "unit": cost.unit,
            "mistake": cost.mistake,
        })
    });
    let advice = replayed.advice.as_ref().map(|advice| {
        let text = render(
            &Advised {
                advice,
                names: &Page,
            },
            Format::Json,
            Style::default(),
        );
        serde_json::from_str::<Value>(&text).unwrap_or(Value::Null)
    });
    let record = replayed.record.as_ref().map(|g| {
        record::write(&Record {
            games: vec![g.clone()],
        })
    });
    // What is not there (no decision once over, no coach or advice unasked) is null.
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

/// `POST /api/play/GAME`: the body names the game's settings and the person's moves so far
/// (see [`asked`]); the answer is the game played up to the person's next decision: what
/// happened, the decision and its actions, with the coach on the last move and the advice on
/// this one where asked, and the game's record so far. A game with no seed given is dealt
/// with a fresh one, which the answer gives for the next request.
pub(super) async fn play(
    State(server): State<Arc<Server>>,
    Path(name): Path<String>,
    Body(body): Body<PlayBody>,
) -> Result<Response, Refusal> {
    let game = game_named(&name)?;
    let (request, moves, asks) = body.asked();
    no_files(game, &request.rules, &request.policies)?;
    Ok(computed(&server, "game", move |_| {
        // One core: the advice and any solve inside the game keep to it, as every
        // computation of the server does.
        let pool = crate::engine::thread_pool(Some(1), None)?;
        let replayed = pool.install(|| ops::replay(game, &request, &moves, asks))?;
        Ok(replayed_json(game.name(), request.seed, moves.len(), &replayed).to_string())
    })
    .await)
}

/// `POST /api/review?seed=...`: the body is a game record's text; the answer is exactly what
/// `dicelab review FILE --format json --seed S --threads 1` prints for it.
pub(super) async fn review(
    State(server): State<Arc<Server>>,
    request: Request,
) -> Result<Response, Refusal> {
    let query = query(request.uri().query().unwrap_or(""))?;
    if !query.rules.is_empty() || !query.policies.is_empty() {
        return Err(Refusal(
            StatusCode::BAD_REQUEST,
            "rule, policy: a review reads them from the record; it takes seed".into(),
        ));
    }
    let text = body_text(request).await?;
    let parsed = ops::read_record("record", &text).map_err(|e| refused(&e))?;
    let estimated = parsed
        .games
        .iter()
        .filter(|g| ops::review_estimates(&g.game))
        .count();
    if estimated > MAX_ESTIMATED {
        return Err(Refusal(
            StatusCode::BAD_REQUEST,
            format!(
                "record: {estimated} games of Solitaire Dice or 7, each valued by play-outs \
                 for seconds; this server reviews at most {MAX_ESTIMATED} a request (the \
                 command line any number)"
            ),
        ));
    }
    if parsed.games.len() > MAX_GAMES {
        return Err(Refusal(
            StatusCode::BAD_REQUEST,
            format!(
                "record: {} games; this server reviews at most {MAX_GAMES} a request (the \
                 command line any number)",
                parsed.games.len()
            ),
        ));
    }
    for game in &parsed.games {
        let Ok(found) = crate::games::find(&game.game) else {
            continue;
        };
        // A record's rules and seats may name files (7's `deck=FILE`): refused before any
        // is read.
        no_files(found, &game.rules, &game.policy_specs())?;
    }
    drop(parsed);
    Ok(computed(&server, "record", move |stop| {
        // Every game checked before any is valued; then valued on this request's one core,
        // stopped between moments when its client leaves or its time is spent.
        let request = ops::ReviewRequest::with_run(one_core(query.seed, stop));
        let reviews = ops::check_record("record", &text, &request)?.reviews(&request)?;
        Ok(render(
            &Reviewed { reviews: &reviews },
            Format::Json,
            Style::default(),
        ))
    })
    .await)
}
