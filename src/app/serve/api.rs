//! The JSON API under the pages, on the library's typed operations. Every refusal is a 4xx
//! status with one JSON object, `{"error": "one line"}`, naming the field that was wrong; a
//! computation runs on a blocking thread of its own, one a core at most, so none holds the
//! server's own threads.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::json;

use crate::error::Page;
use crate::games::advice::{AdviceRequest, Position};
use crate::ops;
use crate::report::advice::Advised;
use crate::report::print::Style;
use crate::report::shown::{Format, render};

use super::reply::{answer, refusal, refusal_for};
use super::request::{Refusal, body_text, computed, game_named, no_files, one_core, query};
use super::server::Server;
use super::{app, files, guard, play};

/// The routes, behind the Host check.
pub(super) fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/api/games", get(games_list))
        .route("/api/rules/{game}", get(rules))
        .route("/api/advise/{game}", post(advise))
        .route("/api/play/{game}", post(play::play))
        .route("/api/review", post(play::review))
        .route("/api/sheet", post(play::sheet))
        .route("/reports/", get(files::report_index))
        .route("/reports/{*path}", get(files::report))
        .route("/", get(app::index))
        .route("/{*path}", get(app::asset))
        .fallback(not_found)
        .method_not_allowed_fallback(wrong_method)
        .layer(middleware::from_fn_with_state(server.clone(), host_checked))
        .with_state(server)
}

/// Refuses a request whose Host does not name this machine (see [`guard`]).
async fn host_checked(State(server): State<Arc<Server>>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !guard::allowed(
        host,
        server.port,
        server.address,
        server.open,
        &server.names,
    ) {
        return refusal_for(
            request.headers(),
            StatusCode::MISDIRECTED_REQUEST,
            &format!(
                "Host {}: this server answers only requests to this machine's address, its \
                 own name or localhost, on its own port",
                crate::error::one_line(host)
            ),
        );
    }
    // A page of another site may send a request here (its answer hidden from it) to keep a
    // core busy; a browser names that page's site in Origin, which must be this one.
    let origin = request
        .headers()
        .get(header::ORIGIN)
        .map(|o| o.to_str().unwrap_or(""));
    if let Some(origin) = origin {
        // The page's own site is the address this request names, already checked above.
        if !origin.eq_ignore_ascii_case(&format!("http://{host}")) {
            return refusal(
                StatusCode::FORBIDDEN,
                "Origin: this server answers only its own pages, not another site's",
            );
        }
    }
    next.run(request).await
}

async fn not_found(request: Request) -> Response {
    let path = crate::error::one_line(request.uri().path());
    refusal_for(
        request.headers(),
        StatusCode::NOT_FOUND,
        &format!("{path}: no such page or API call"),
    )
}

async fn wrong_method(request: Request) -> Response {
    refusal(
        StatusCode::METHOD_NOT_ALLOWED,
        &format!(
            "{} {}: not a method this address takes",
            request.method(),
            crate::error::one_line(request.uri().path())
        ),
    )
}

/// `GET /api/games`: every game, its rule options (with the values each takes) and, where it
/// can advise, the keys of its positions (`ops::games_listing`); and whether there are
/// findings to show.
async fn games_list(State(server): State<Arc<Server>>) -> Response {
    answer(
        json!({ "games": ops::games_listing(), "reports": server.reports.is_some() }).to_string(),
    )
}

/// `GET /api/rules/GAME`: how the game is played, in the project's words, as Markdown (the text
/// of `dicelab rules`, headed as the docs head it).
async fn rules(Path(name): Path<String>) -> Result<Response, Refusal> {
    let game = game_named(&name)?;
    Ok(answer(ops::rules_document(game).to_string()))
}

/// `POST /api/advise/GAME?rule=...&policy=...&n=...&seed=...`: the body is a position, the
/// same JSON object `dicelab advise --position` reads; the answer is exactly what `dicelab
/// advise GAME --position FILE --json` prints for it (one thread: the server runs one
/// computation a core).
async fn advise(
    State(server): State<Arc<Server>>,
    Path(name): Path<String>,
    request: Request,
) -> Result<Response, Refusal> {
    let game = game_named(&name)?;
    let query = query(request.uri().query().unwrap_or(""))?;
    no_files(game, &query.rules, &query.policies)?;
    let text = body_text(request).await?;
    Ok(computed(&server, "advice", move |stop| {
        ops::advisor(game)?;
        let position = Position::from_json("body", &text, Position::default())?;
        let request = AdviceRequest {
            rules: query.rules,
            policies: query.policies,
            position,
            run: one_core(query.seed, stop),
        };
        let advice = ops::advise(game, &request)?;
        let advised = Advised {
            advice: &advice,
            names: &Page,
        };
        Ok(render(&advised, Format::Json, Style::default()))
    })
    .await)
}
