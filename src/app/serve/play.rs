//! The Play and Review pages' API: a game against the built-in players, replayed from its seed
//! and moves at every request (`ops::replay`, so the server keeps no game between requests),
//! and a game record reviewed, exactly as `dicelab review --format json` reviews it.

use std::sync::Arc;

use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::Response;

use crate::games::session::fresh_seed;
use crate::ops::{self, PlayBody};
use crate::report::print::Style;
use crate::report::review::Reviewed;
use crate::report::shown::{Format, render};

use super::request::{
    Body, Refusal, body_text, computed, game_named, no_files, one_core, query, refused,
};
use super::server::Server;

/// The most games one review request may hold.
const MAX_GAMES: usize = 20;

/// The most games valued by play-outs (Solitaire Dice, 7) one review request may hold: each
/// takes several seconds on the one core a request gets, and the request holds it to the end.
const MAX_ESTIMATED: usize = 2;

/// `POST /api/play/GAME`: the body names the game's settings and the person's moves so far
/// (see [`PlayBody`]); the answer is the game played up to the person's next decision: what
/// happened, the decision and its actions, with the coach on the last move and the advice on
/// this one where asked, and the game's record so far. A game with no seed given is dealt
/// with a fresh one, which the answer gives for the next request.
pub(super) async fn play(
    State(server): State<Arc<Server>>,
    Path(name): Path<String>,
    Body(body): Body<PlayBody>,
) -> Result<Response, Refusal> {
    let game = game_named(&name)?;
    let (rules, policies) = body.settings();
    no_files(game, rules, policies)?;
    let asked = body.asked(fresh_seed);
    Ok(computed(&server, "game", move |_| {
        // One core: the advice and any solve inside the game keep to it, as every
        // computation of the server does.
        let pool = crate::engine::thread_pool(Some(1), None)?;
        pool.install(|| ops::play_document(game, &asked))
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

/// `POST /api/sheet`: the body is a step of a game followed at the table (`ops::SheetStep`:
/// `start`, or `record` and a `throw` or `stop`); the answer is the record with the step added
/// and the review of the game so far, on one core. A record's rules naming a file are refused
/// before anything reads it.
pub(super) async fn sheet(
    State(server): State<Arc<Server>>,
    request: Request,
) -> Result<Response, Refusal> {
    let text = body_text(request).await?;
    let step: ops::SheetStep = ops::json_body(&text).map_err(|e| refused(&e))?;
    let (name, rules) = match (&step.start, &step.record) {
        (Some(start), _) => (start.game.clone(), start.rules.clone()),
        (None, Some(record)) => {
            let parsed = ops::read_record("record", record).map_err(|e| refused(&e))?;
            match parsed.games.first() {
                Some(game) => (game.game.clone(), game.rules.clone()),
                None => (String::new(), Vec::new()),
            }
        }
        (None, None) => (String::new(), Vec::new()),
    };
    if let Ok(found) = crate::games::find(&name) {
        no_files(found, &rules, &[])?;
    }
    Ok(computed(&server, "game", move |stop| {
        ops::sheet(&text, &one_core(1, stop))
    })
    .await)
}
